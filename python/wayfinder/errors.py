"""The exceptions of the package: one class per status of the C interface (wayfinder.h)."""
from __future__ import annotations


class Error(Exception):
    """Base of every error raised by wayfinder."""


class BadInputError(Error, ValueError):
    """A NaN or out-of-range coordinate, a wrongly shaped array, an unknown option (WF_ERR_BAD_INPUT)."""


class ModeError(BadInputError):
    """An unknown travel mode, or a graph without that mode's network or a geocoder (WF_ERR_NO_MODE)."""


class NoSegmentError(Error, LookupError):
    """No road of the mode near the point (WF_ERR_NO_SEGMENT): an isochrone's origin off the
    map's roads. The point's outcome, not a bad call: wayfinder.dask.isochrones answers such a
    row with code NoSegment instead of failing."""


class GraphFileError(Error, OSError):
    """The graph file is missing, unreadable, corrupt or of another format version (WF_ERR_FILE)."""


class ClosedGraphError(Error):
    """The Graph was used after close()."""


class InternalError(Error):
    """The library failed in a way that is not the caller's fault (WF_ERR_INTERNAL)."""


class LibraryNotFoundError(Error, ImportError):
    """libWayfinderC.so could not be found or loaded."""
