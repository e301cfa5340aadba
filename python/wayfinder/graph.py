"""`wayfinder.Graph`: one opened (memory-mapped) graph file and its queries.

Every query is one call into libWayfinderC.so with numpy buffers in and out: no Python loop
per pair, and the GIL is released while the library works, so threads sharing one Graph run
in parallel (the library keeps a query object per thread). close() waits for calls in flight.
"""
from __future__ import annotations

import ctypes
import json
import os
import threading
import time
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from .errors import BadInputError, ClosedGraphError, ModeError
from .options import contour_limits, contour_setting, query_string
from .results import CODE_NAMES, RouteResults

PathLike = Union[str, "os.PathLike[str]"]
LatLon = Union[Sequence[float], np.ndarray]

#: Travel modes by name (OSRM's profile names accepted too) → wf_mode.
MODES = {"driving": 0, "car": 0, "walking": 1, "foot": 1, "cycling": 2, "bike": 2, "bicycle": 2}


def mode_number(mode: str) -> int:
    """The wf_mode of a mode name; ModeError names the accepted ones."""
    try:
        return MODES[mode]
    except (KeyError, TypeError):
        raise ModeError(f"unknown mode {mode!r}: use 'driving', 'walking' or 'cycling'") from None


def coordinates(values: Any, columns: int, what: str) -> np.ndarray:
    """`values` as a C-contiguous float64 (n, columns) array, or BadInputError saying the shape."""
    try:
        array = np.ascontiguousarray(values, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise BadInputError(f"{what} must be numbers: {error}") from None
    if array.ndim != 2 or array.shape[1] != columns:
        names = "from_lat, from_lon, to_lat, to_lon" if columns == 4 else "lat, lon"
        raise BadInputError(f"{what} must be an (n, {columns}) array of {names}; got shape {array.shape}")
    return array


def _point(value: LatLon, what: str) -> Tuple[float, float]:
    try:
        lat, lon = (float(v) for v in value)
    except (TypeError, ValueError):
        raise BadInputError(f"{what} must be a (lat, lon) pair; got {value!r}") from None
    return lat, lon


def _seconds(values: Any, what: str) -> np.ndarray:
    """Timestamps as float64 seconds: numbers as they are, datetime64 since the UNIX epoch
    (a pandas column of time-zone-aware datetimes too)."""
    if getattr(getattr(values, "dtype", None), "tz", None) is not None:
        values = values.dt.tz_convert("UTC").dt.tz_localize(None)
    array = np.asarray(values)
    if np.issubdtype(array.dtype, np.datetime64):
        if np.isnat(array).any():
            raise BadInputError(f"{what}[{int(np.flatnonzero(np.isnat(array))[0])}] is NaT")
        return array.astype("datetime64[ns]").astype(np.int64) / 1e9
    return _numbers(array, what)


def _metres(values: Any, what: str) -> np.ndarray:
    """Radiuses as float64 metres, None → NaN (the default radius)."""
    if isinstance(values, (list, tuple)):
        values = [np.nan if v is None else v for v in values]
    return _numbers(values, what)


def _numbers(values: Any, what: str) -> np.ndarray:
    try:
        return np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise BadInputError(f"{what} must be numbers: {error}") from None


def _per_point(values: Any, n: int, what: str, convert) -> Optional[np.ndarray]:
    """None, or `values` as a C-contiguous float64 array of n entries (one per point)."""
    if values is None:
        return None
    array = np.ascontiguousarray(convert(values, what), dtype=np.float64)
    if array.shape != (n,):
        raise BadInputError(f"{what} must have one value per point ({n}); got shape {array.shape}")
    return array


#: Batches up to this many pairs go through per-thread scratch buffers.
_SMALL = 16
_local = threading.local()


class _Scratch:
    """One thread's buffers for small batches, and every argument of their wf_route_pairs call
    but the graph and the snap limit as ready ctypes objects (see route_pairs_prebuilt)."""

    def __init__(self) -> None:
        self.pairs = np.empty((_SMALL, 4), dtype=np.float64)
        self.codes = np.empty(_SMALL, dtype=np.int32)
        self.distance = np.empty(_SMALL, dtype=np.float64)
        self.duration = np.empty(_SMALL, dtype=np.float64)
        self.pairs_at = ctypes.c_void_p(self.pairs.ctypes.data)
        self.codes_at = ctypes.c_void_p(self.codes.ctypes.data)
        self.distance_at = ctypes.c_void_p(self.distance.ctypes.data)
        self.duration_at = ctypes.c_void_p(self.duration.ctypes.data)
        self.counts = tuple(ctypes.c_size_t(i) for i in range(_SMALL + 1))
        self.call = _native.route_pairs_prebuilt()


_FLOAT64 = np.dtype(np.float64)
#: wf_mode arguments, made once (indexed by mode_number).
_MODE_ARGS = tuple(ctypes.c_int(m) for m in sorted(set(MODES.values())))
#: max_snap_m <= 0: the library's default limit.
_DEFAULT_SNAP = ctypes.c_double(0.0)
#: Code arrays of a one-pair answer, copied out (cheaper than CODE_NAMES.take for one row).
_ONE_CODE = tuple(CODE_NAMES[i:i + 1].copy() for i in range(len(CODE_NAMES)))


def _scratch() -> _Scratch:
    try:
        return _local.scratch
    except AttributeError:
        _local.scratch = _Scratch()
        return _local.scratch


class Graph:
    """A Wayfinder graph file opened for queries (memory-mapped: processes opening the same
    file share its pages). Usable from many threads at once; `with Graph(p) as g:` closes it.

    >>> g = Graph("andorra.wfg")
    >>> r = g.routes([[42.5063, 1.5218, 42.4625, 1.4912]], "driving")
    >>> r.code[0], r.distance_m[0], r.duration_s[0]
    """

    def __init__(self, path: PathLike, *, verify: bool = False) -> None:
        """Opens `path` (GraphFileError when missing, unreadable, corrupt or of another format
        version); verify=True also checks every section's checksum (reads the whole file)."""
        if not isinstance(path, (str, os.PathLike)):
            raise BadInputError(f"graph path must be a str or os.PathLike; got {type(path).__name__}")
        self.path: str = os.fspath(path)
        self._lib = _native.lib()
        handle = ctypes.c_void_p()
        status = self._lib.wf_open(os.fsencode(self.path), 1 if verify else 0, ctypes.byref(handle))
        _native.check(status, f"cannot open graph {self.path}")
        self._handle: Optional[int] = handle.value
        self._handle_arg = ctypes.c_void_p(handle.value)  # for prebuilt-argument calls
        self._lock = threading.Lock()      # close() against close()
        self._inflight: list = []          # one entry per call in flight
        self._closing = False

    # -- lifetime -------------------------------------------------------------------------
    # Calls in flight are entries of a list: append and pop are atomic (under the GIL, and
    # per object in free-threaded Python) and cost a tenth of taking a lock twice, which a
    # single-pair call would pay. A call first counts itself, then looks at `_closing`;
    # close() first sets `_closing`, then waits for the count to drop to zero: either the
    # call sees the flag, or close() sees the call.
    def _enter(self) -> int:
        self._inflight.append(None)
        handle = self._handle
        if handle is None or self._closing:
            self._inflight.pop()
            raise ClosedGraphError(f"graph {self.path} is closed")
        return handle

    def _leave(self) -> None:
        self._inflight.pop()

    def close(self) -> None:
        """Unmaps the graph once the calls in flight have returned; later calls raise
        ClosedGraphError. Closing twice is harmless."""
        with self._lock:
            self._closing = True
            while self._inflight:
                time.sleep(0.001)
            handle, self._handle = self._handle, None
        if handle is not None:
            self._lib.wf_close(handle)

    @property
    def closed(self) -> bool:
        return self._handle is None

    def __enter__(self) -> "Graph":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None and not getattr(self, "_inflight", [None]):
            self._lib.wf_close(self._handle)
            self._handle = None

    def __repr__(self) -> str:
        return f"wayfinder.Graph({self.path!r}{', closed' if self.closed else ''})"

    @property
    def metadata(self) -> dict:
        """The graph file's metadata (str values): source, built, version and, once
        `wayfinder customize` applied traffic, metric_version, customized, traffic_rows…"""
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_metadata_json(handle, ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return json.loads(_native.take_json(out, length))

    @property
    def metric_version(self) -> int:
        """0 for the weights of the import; one more per `wayfinder customize` since."""
        return int(self.metadata.get("metric_version", 0))

    def __reduce__(self):
        # Pickled (sent to a Dask worker) as its path: the receiving process opens the file
        # once and shares it (wayfinder.cache.shared_graph).
        from .cache import shared_graph
        return (shared_graph, (self.path,))

    # -- routing --------------------------------------------------------------------------
    def routes(self, pairs: Any, mode: str = "driving", *, max_snap_m: Optional[float] = None) -> RouteResults:
        """Routes each row of `pairs`, an (n, 4) array of from_lat, from_lon, to_lat, to_lon,
        exactly as `route --batch`: code (Ok, NoRoute, NoSegment), distance_m (0.1 m) and
        duration_s (0.001 s), NaN where not Ok. Ends snap within max_snap_m (default 5000 m).
        A NaN or out-of-range coordinate raises BadInputError naming the row."""
        m = mode_number(mode)
        # A float64 (n, 4) array goes as it is (the common case, and a one-pair call's path);
        # anything else through coordinates(), which converts it or says what is wrong.
        if type(pairs) is np.ndarray and pairs.dtype is _FLOAT64 and pairs.ndim == 2 and pairs.shape[1] == 4:
            array = pairs
        else:
            array = coordinates(pairs, 4, "pairs")
        n = array.shape[0]
        snap = float(max_snap_m or 0.0)
        if n <= _SMALL:
            # Few pairs (one route at a time in a loop): the thread's scratch buffers and
            # ready-made call arguments instead of new arrays and eight conversions (numpy's
            # .ctypes.data alone costs a µs per array).
            s = _scratch()
            s.pairs[:n] = array
            limit = _DEFAULT_SNAP if snap <= 0 else ctypes.c_double(snap)
            self._enter()
            try:
                status = s.call(self._handle_arg, _MODE_ARGS[m], s.pairs_at, s.counts[n], limit,
                                s.codes_at, s.distance_at, s.duration_at)
            finally:
                self._leave()
            if status:
                _native.check(status)
            code = _ONE_CODE[s.codes[0]].copy() if n == 1 else CODE_NAMES.take(s.codes[:n])
            return RouteResults(code, s.distance[:n].copy(), s.duration[:n].copy())
        array = np.ascontiguousarray(array)
        codes = np.empty(n, dtype=np.int32)
        distance = np.empty(n, dtype=np.float64)
        duration = np.empty(n, dtype=np.float64)
        handle = self._enter()
        try:
            status = self._lib.wf_route_pairs(handle, m, array.ctypes.data, n, snap, codes.ctypes.data,
                                              distance.ctypes.data, duration.ctypes.data)
        finally:
            self._leave()
        _native.check(status)
        return RouteResults(CODE_NAMES.take(codes), distance, duration)

    def table(self, sources: Any, destinations: Any, mode: str = "driving") -> Tuple[np.ndarray, np.ndarray]:
        """Many-to-many: `(duration_s, distance_m)`, two (n, m) float64 arrays for the (n, 2)
        sources and (m, 2) destinations (lat, lon rows); the numbers of the server's /table,
        NaN where there is no route. Memory is n*m*16 bytes: for tables larger than memory
        use wayfinder.dask.table, which computes blocks."""
        m = mode_number(mode)
        src = coordinates(sources, 2, "sources")
        dst = coordinates(destinations, 2, "destinations")
        n, k = src.shape[0], dst.shape[0]
        duration = np.empty((n, k), dtype=np.float64)
        distance = np.empty((n, k), dtype=np.float64)
        if n == 0 or k == 0:
            return duration, distance
        handle = self._enter()
        try:
            status = self._lib.wf_table(handle, m, src.ctypes.data, n, dst.ctypes.data, k,
                                        duration.ctypes.data, distance.ctypes.data)
        finally:
            self._leave()
        _native.check(status)
        return duration, distance

    def route(self, from_latlon: LatLon, to_latlon: LatLon, mode: str = "driving", *,
              via: Sequence[LatLon] = (), **osrm_options: Any) -> dict:
        """The OSRM v5 route response (as the server's /route/v1 and `route --format json`)
        from `from_latlon` to `to_latlon` through the `via` stops (one leg between each two),
        as a dict. OSRM options as keywords: steps=True, alternatives=2, overview="full",
        geometries="geojson", annotations=True, exclude="motorway", continue_straight=False…
        An OSRM error answer (code NoRoute, NoSegment, InvalidOptions…) is returned, not raised."""
        m = mode_number(mode)
        points = [_point(from_latlon, "from_latlon")]
        points += [_point(p, f"via[{i}]") for i, p in enumerate(via)]
        points.append(_point(to_latlon, "to_latlon"))
        array = np.ascontiguousarray(points, dtype=np.float64)
        query = query_string(osrm_options).encode("utf-8")
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_route_json(handle, m, array.ctypes.data, len(points), query,
                                             ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return json.loads(_native.take_json(out, length))

    # -- map matching ---------------------------------------------------------------------
    def match(self, points: Any, mode: str = "driving", timestamps: Any = None, radiuses: Any = None,
              **osrm_options: Any) -> dict:
        """The OSRM v5 /match response (as the server's /match/v1) for the GPS trace `points`,
        an (n, 2) array of lat, lon in the order they were recorded, as a dict with `code`,
        `matchings` and `tracepoints` (one per point, None where a point was left out).
        `timestamps`: None or n seconds (numbers, e.g. UNIX time, fractions kept; or
        datetime64, taken as seconds since the UNIX epoch), never decreasing. `radiuses`:
        None or n metres of GPS accuracy each (None or NaN: the server's default, 5 m).
        OSRM options as keywords: gaps="split"|"ignore", tidy=True, steps=True,
        geometries="polyline6", overview="full", annotations=True, waypoints=[0, n - 1],
        bearings=[(90, 20), None, …].
        A trace that cannot be matched is answered, not raised (code NoMatch, NoSegment…);
        bad input raises BadInputError: a wrong shape, a NaN or out-of-range coordinate, a
        timestamp that is NaN or earlier than the one before, a negative radius, more points
        than the server's limit (10,000)."""
        m = mode_number(mode)
        array = coordinates(points, 2, "points")
        n = array.shape[0]
        times = _per_point(timestamps, n, "timestamps", _seconds)
        radii = _per_point(radiuses, n, "radiuses", _metres)
        query = query_string(osrm_options).encode("utf-8")
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_match_json(handle, m, array.ctypes.data, n,
                                             None if times is None else times.ctypes.data,
                                             None if radii is None else radii.ctypes.data,
                                             query, ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return json.loads(_native.take_json(out, length))

    # -- isochrones -----------------------------------------------------------------------
    def isochrone(self, lat: float, lon: float, mode: str = "driving", *, minutes: Any = None, meters: Any = None,
                  arrive: bool = False, polygons: bool = True, denoise: Optional[float] = None,
                  generalize: Optional[float] = None) -> dict:
        """Where one can get to from (lat, lon) within each limit (or, arrive=True, come from
        to reach it), as a GeoJSON FeatureCollection dict: one Feature per contour, the largest
        first, properties contour (the limit as given), metric, color, fillColor, fill-opacity;
        Polygon/MultiPolygon geometries ([lon, lat]), or the contours' lines with
        polygons=False. The answer of `wayfinder isochrone` and of the Mapbox Isochrone API.
        Exactly one of `minutes` (time contours) and `meters` (distance contours), a number or
        a list (at most 4; at most 60 min or 100,000 m each). denoise: 0..1, drop polygons
        smaller than this share of a contour's largest (default 1: the largest only);
        generalize: metres of simplification (default: the grid's).
        Raises BadInputError (a ValueError) for bad arguments, NoSegmentError when no road of
        the mode is near the point, ModeError for a graph without the mode."""
        return json.loads(self.isochrone_json(lat, lon, mode, minutes=minutes, meters=meters, arrive=arrive,
                                              polygons=polygons, denoise=denoise, generalize=generalize))

    def isochrone_json(self, lat: float, lon: float, mode: str = "driving", *, minutes: Any = None,
                       meters: Any = None, arrive: bool = False, polygons: bool = True,
                       denoise: Optional[float] = None, generalize: Optional[float] = None) -> str:
        """isochrone() as the JSON text the library wrote (what wayfinder.dask.isochrones
        stores: no parsing and dumping again per row)."""
        m = mode_number(mode)
        lat, lon = _point((lat, lon), "(lat, lon)")
        limits, metric = contour_limits(minutes, meters)
        settings = (contour_setting(denoise, "denoise", 1.0), contour_setting(generalize, "generalize", None))
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_isochrone_json(handle, m, lat, lon, limits.ctypes.data, len(limits), metric,
                                                 1 if arrive else 0, 1 if polygons else 0, *settings,
                                                 ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return _native.take_json(out, length)

    # -- geocoding ------------------------------------------------------------------------
    def geocode(self, text: str, limit: int = 10) -> list:
        """Places matching `text`, best first: the list `wayfinder geocode TEXT --format json`
        prints (at most `limit`)."""
        if not isinstance(text, str):
            raise BadInputError(f"geocode text must be a str; got {type(text).__name__}")
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise BadInputError(f"limit must be a positive int; got {limit!r}")
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_geocode_json(handle, text.encode("utf-8"), limit,
                                               ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return json.loads(_native.take_json(out, length))

    def reverse(self, lat: float, lon: float) -> Any:
        """What is at (lat, lon): the object `wayfinder reverse LAT,LON --format json` prints."""
        lat, lon = _point((lat, lon), "(lat, lon)")
        out, length = ctypes.c_void_p(), ctypes.c_size_t()
        handle = self._enter()
        try:
            status = self._lib.wf_reverse_json(handle, lat, lon, ctypes.byref(out), ctypes.byref(length))
        finally:
            self._leave()
        _native.check(status)
        return json.loads(_native.take_json(out, length))
