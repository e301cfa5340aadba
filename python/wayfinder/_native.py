"""Loading libWayfinderC.so and declaring its functions for ctypes (the contract: wayfinder.h).

The library ships inside the wheel in `wayfinder/_lib/` (RUNPATH $ORIGIN finds the runtime
libraries bundled beside it); `WAYFINDER_LIB=/path/to/libWayfinderC.so` overrides that, for
development against a fresh `swift build`. ctypes releases the GIL around every call, so a
long table or batch on one thread does not stop the others.
"""
from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_int, c_size_t, c_void_p
from pathlib import Path
from typing import Optional

from .errors import (BadInputError, Error, GraphFileError, InternalError,
                     LibraryNotFoundError, ModeError, NoSegmentError)

WF_OK, WF_ERR_BAD_INPUT, WF_ERR_FILE, WF_ERR_NO_MODE, WF_ERR_INTERNAL, WF_ERR_NO_SEGMENT = 0, 1, 2, 3, 4, 5

_STATUS_ERRORS: dict[int, type[Error]] = {
    WF_ERR_BAD_INPUT: BadInputError,
    WF_ERR_FILE: GraphFileError,
    WF_ERR_NO_MODE: ModeError,
    WF_ERR_INTERNAL: InternalError,
    WF_ERR_NO_SEGMENT: NoSegmentError,
}

LIBRARY_NAME = "libWayfinderC.so"


def library_path() -> Path:
    """Where the library is loaded from: $WAYFINDER_LIB, else the copy inside the package."""
    override = os.environ.get("WAYFINDER_LIB")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "_lib" / LIBRARY_NAME


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Argument and result types of every function used; pointers to arrays go as c_void_p
    (plain integers from numpy's array interface: the cheapest way through ctypes)."""
    sigs = {
        "wf_version": (c_char_p, []),
        "wf_last_error": (c_char_p, []),
        "wf_open": (c_int, [c_char_p, c_int, POINTER(c_void_p)]),
        "wf_close": (None, [c_void_p]),
        "wf_route_pairs": (c_int, [c_void_p, c_int, c_void_p, c_size_t, c_double,
                                   c_void_p, c_void_p, c_void_p]),
        "wf_table": (c_int, [c_void_p, c_int, c_void_p, c_size_t, c_void_p, c_size_t,
                             c_void_p, c_void_p]),
        "wf_route_json": (c_int, [c_void_p, c_int, c_void_p, c_size_t, c_char_p,
                                  POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_match_json": (c_int, [c_void_p, c_int, c_void_p, c_size_t, c_void_p, c_void_p, c_char_p,
                                  POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_geocode_json": (c_int, [c_void_p, c_char_p, c_int, POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_reverse_json": (c_int, [c_void_p, c_double, c_double, POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_metadata_json": (c_int, [c_void_p, POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_isochrone_json": (c_int, [c_void_p, c_int, c_double, c_double, c_void_p, c_size_t, c_int, c_int,
                                      c_int, c_double, c_double, POINTER(c_void_p), POINTER(c_size_t)]),
        "wf_free": (None, [c_void_p]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


_lib: Optional[ctypes.CDLL] = None
_route_pairs_prebuilt = None


def route_pairs_prebuilt():
    """wf_route_pairs without declared argument types, for calls whose every argument is
    already a ctypes object of the right C type (Graph.routes' per-thread scratch: its
    buffer addresses and counts are made once). ctypes then passes them as they are instead
    of converting eight Python values per call, which halves the cost of a one-pair call's
    crossing (0.55 µs against 1.06). Like every CFUNCTYPE call it releases the GIL."""
    global _route_pairs_prebuilt
    if _route_pairs_prebuilt is None:
        address = ctypes.cast(lib().wf_route_pairs, c_void_p).value
        _route_pairs_prebuilt = ctypes.CFUNCTYPE(c_int)(address)
    return _route_pairs_prebuilt


def lib() -> ctypes.CDLL:
    """The loaded library (loaded once per process, on first use)."""
    global _lib
    if _lib is None:
        path = library_path()
        try:
            loaded = ctypes.CDLL(str(path), mode=os.RTLD_LOCAL | os.RTLD_NOW)
        except OSError as error:
            raise LibraryNotFoundError(f"cannot load the Wayfinder library {path}: {error}") from None
        _lib = _declare(loaded)
    return _lib


def last_error() -> str:
    """The calling thread's last error message from the library."""
    text = lib().wf_last_error()
    return text.decode("utf-8", "replace") if text else ""


def check(status: int, context: str = "") -> None:
    """Raises the exception of a non-OK status with the library's message."""
    if status == WF_OK:
        return
    message = last_error() or f"status {status}"
    if context:
        message = f"{context}: {message}"
    raise _STATUS_ERRORS.get(status, InternalError)(message)


def take_json(pointer: c_void_p, length: c_size_t) -> str:
    """Copies a library-allocated UTF-8 string and frees it."""
    try:
        return ctypes.string_at(pointer.value, length.value).decode("utf-8")
    finally:
        lib().wf_free(pointer.value)


def version() -> str:
    """`wayfinder X.Y.Z (graph format N)` of the loaded library."""
    return lib().wf_version().decode("utf-8")
