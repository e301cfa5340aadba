"""Batch routing on Dask: route dataframes of pairs, match GPS traces, draw isochrones and build
blocked tables on a cluster.

Tasks carry the graph's *path*, never the graph: each worker process opens the file once
(wayfinder.cache.shared_graph, memory-mapped, so workers on one host share its pages) and
reuses it for every task. Nothing here gathers results on one machine: route_pairs returns
a lazy DataFrame and table two lazy blocked arrays, to be written partition by partition or
block by block (`to_parquet`, `da.to_zarr`) or computed when small.
"""
from __future__ import annotations

import os
from typing import Any, Tuple

import dask.array as da
import numpy as np
import pandas as pd

from .cache import shared_graph
from .errors import BadInputError, InternalError, NoSegmentError
from .graph import PathLike, mode_number
from .graph import _seconds
from .options import contour_limits, contour_setting
from .results import CODE_NAMES, MatchSummary, RouteResults

#: The input columns of route_pairs (the CLI batch's columns).
PAIR_COLUMNS = ["from_lat", "from_lon", "to_lat", "to_lon"]
#: The code column's type: a categorical of the three codes (one byte a row; Parquet
#: writes it as a dictionary column).
CODE_DTYPE = pd.CategoricalDtype(list(CODE_NAMES))


def _with_results(frame: pd.DataFrame, results: RouteResults) -> pd.DataFrame:
    """`frame` with code, distance_m, duration_s added (replacing any of those names)."""
    return frame.assign(code=pd.Series(pd.Categorical(results.code, dtype=CODE_DTYPE), index=frame.index),
                        distance_m=pd.Series(results.distance_m, index=frame.index),
                        duration_s=pd.Series(results.duration_s, index=frame.index))


def route_partition(frame: pd.DataFrame, graph_path: str, mode: str) -> pd.DataFrame:
    """One partition: the pairs routed by this process's shared graph."""
    if len(frame) == 0:
        empty = np.empty(0)
        return _with_results(frame, RouteResults(CODE_NAMES[np.empty(0, dtype=np.int32)], empty, empty))
    pairs = frame[PAIR_COLUMNS].to_numpy(dtype=np.float64)
    return _with_results(frame, shared_graph(graph_path).routes(pairs, mode))


def route_pairs(ddf: Any, graph_path: PathLike, mode: str = "driving") -> Any:
    """Routes every row of the Dask DataFrame `ddf` (columns from_lat, from_lon, to_lat, to_lon;
    others are kept) partition by partition, as Graph.routes; returns it lazily with the
    columns code (categorical: Ok, NoRoute, NoSegment), distance_m and duration_s (float64, NaN
    where not Ok) added. `graph_path` must be readable at that path on every worker."""
    mode_number(mode)   # an unknown mode fails here, not in a worker
    missing = [c for c in PAIR_COLUMNS if c not in ddf.columns]
    if missing:
        raise BadInputError(f"route_pairs: the dataframe has no column {', '.join(missing)} "
                            f"(needs {', '.join(PAIR_COLUMNS)})")
    path = os.path.abspath(os.fspath(graph_path))
    meta = route_partition(ddf._meta, path, mode)
    return ddf.map_partitions(route_partition, path, mode, meta=meta)


def table_block(sources: np.ndarray, destinations: np.ndarray, graph_path: str, mode: str) -> np.ndarray:
    """One block of a table: a (2, n, m) array, durations then distances."""
    duration, distance = shared_graph(graph_path).table(sources, destinations, mode)
    return np.stack((duration, distance))


def _points(values: Any, block: int, what: str) -> da.Array:
    array = values if isinstance(values, da.Array) else np.asarray(values, dtype=np.float64)
    if array.ndim != 2 or array.shape[1] != 2:
        raise BadInputError(f"{what} must be an (n, 2) array of lat, lon; got shape {array.shape}")
    if not isinstance(array, da.Array):
        array = da.from_array(array, chunks=(block, 2))
    return array.astype(np.float64).rechunk((block, 2))


def table(sources: Any, destinations: Any, graph_path: PathLike, mode: str = "driving", *,
          block: int = 1000) -> Tuple[da.Array, da.Array]:
    """A large many-to-many table as two lazy (n, m) float64 Dask arrays `(duration_s,
    distance_m)`, chunked in `block` sources × `block` destinations; each block is one task
    (Graph.table on a worker), so the whole matrix is never in one place. Sources and
    destinations are (n, 2) / (m, 2) lat, lon arrays (numpy or Dask). Write it with
    `da.to_zarr` / `da.store`, or compute slices; both arrays come from the same tasks, so
    store them in one call (`da.store([dur, dist], [z1, z2])`) to compute each block once."""
    mode_number(mode)
    if not isinstance(block, int) or block < 1:
        raise BadInputError(f"block must be a positive int; got {block!r}")
    src = _points(sources, block, "sources")
    dst = _points(destinations, block, "destinations")
    path = os.path.abspath(os.fspath(graph_path))
    both = da.blockwise(table_block, "kij", src, "ix", dst, "jx", new_axes={"k": 2},
                        concatenate=True, dtype=np.float64, graph_path=path, mode=mode,
                        meta=np.empty((0, 0, 0), dtype=np.float64))
    return both[0], both[1]


# -- map matching ------------------------------------------------------------------------------

#: The input columns of match_traces (timestamp optional).
TRACE_COLUMNS = ["trace_id", "lat", "lon"]
#: The columns of match_traces' answer, one row per trace.
MATCH_COLUMNS = ["trace_id", "code", "confidence", "distance_m", "duration_s", "matched_points", "geometry"]
#: The codes a /match answer may have (the code column's categories).
MATCH_CODES = ["Ok", "NoMatch", "NoSegment", "TooBig", "InvalidValue", "InvalidOptions", "InvalidQuery",
               "InvalidUrl", "NoRoute"]
MATCH_CODE_DTYPE = pd.CategoricalDtype(MATCH_CODES)
#: What match_traces asks of every /match answer: its geometry column is polyline6 of the
#: whole matched line.
_MATCH_GEOMETRY = {"geometries": "polyline6", "overview": "full"}
# Columns match_traces adds before the shuffle: each row's partition and position in it, so
# that a trace's points come back in their input order whatever order the shuffle moves
# them in.
_PART, _ROW = "_wf_partition", "_wf_row"


def _match_frame(trace_ids: pd.Series, rows: list) -> pd.DataFrame:
    """The answer's frame from the trace ids (a Series of the input column's dtype) and one
    MatchSummary per trace (the meta too, from empty ones)."""
    columns = list(zip(*rows)) if rows else [[] for _ in MatchSummary.fields]
    unknown = set(columns[0]) - set(MATCH_CODES)
    if unknown:
        raise InternalError(f"match_traces: an answer's code {sorted(unknown)[0]!r} is none of {MATCH_CODES}")
    return pd.DataFrame({
        "trace_id": trace_ids.reset_index(drop=True),
        "code": pd.Categorical(columns[0], dtype=MATCH_CODE_DTYPE),
        "confidence": np.asarray(columns[1], dtype=np.float64),
        "distance_m": np.asarray(columns[2], dtype=np.float64),
        "duration_s": np.asarray(columns[3], dtype=np.float64),
        "matched_points": np.asarray(columns[4], dtype=np.int64),
        "geometry": pd.array(columns[5], dtype=pd.StringDtype()),
    })


def _number_rows(frame: pd.DataFrame, partition_info: Any = None) -> pd.DataFrame:
    number = partition_info["number"] if partition_info else 0
    return frame.assign(**{_PART: np.full(len(frame), number, dtype=np.int64),
                           _ROW: np.arange(len(frame), dtype=np.int64)})


def match_partition(frame: pd.DataFrame, graph_path: str, mode: str, options: dict) -> pd.DataFrame:
    """One partition: every trace whose rows it holds (all of them), matched by this
    process's shared graph; one row per trace, in trace_id order."""
    if _PART in frame.columns:
        frame = frame.sort_values(["trace_id", _PART, _ROW])
    else:
        frame = frame.sort_values("trace_id", kind="stable")
    ids = frame["trace_id"]
    if len(frame) == 0:
        return _match_frame(ids, [])
    if ids.isna().any():
        raise BadInputError("match_traces: trace_id is null in some rows")
    points = frame[["lat", "lon"]].to_numpy(dtype=np.float64)
    times = _seconds(frame["timestamp"], "timestamp") if "timestamp" in frame.columns else None
    values = ids.to_numpy()
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    ends = np.append(starts[1:], len(values))
    graph = shared_graph(graph_path)
    rows = []
    for start, end in zip(starts.tolist(), ends.tolist()):
        stamps = None if times is None else times[start:end]
        try:
            answer = graph.match(points[start:end], mode, timestamps=stamps, **options)
        except BadInputError as error:
            raise BadInputError(f"match_traces: trace {values[start]!r}: {error}") from None
        rows.append(MatchSummary(answer))
    return _match_frame(ids.iloc[starts], rows)


def match_traces(ddf: Any, graph_path: PathLike, mode: str = "driving", *, traces_partitioned: bool = False,
                 **options: Any) -> Any:
    """Map-matches the GPS traces of the Dask DataFrame `ddf` (columns trace_id, lat, lon and
    optionally timestamp: seconds or datetime64; other columns are ignored), one Graph.match
    per trace on the workers; returns a lazy DataFrame of one row per trace with the columns
    trace_id, code (categorical: Ok, NoMatch, NoSegment…), confidence, distance_m,
    duration_s, matched_points (int64) and geometry (polyline6; see
    wayfinder.results.MatchSummary for how a trace split into several matchings is summed up).

    A trace's points are its rows in the order they come in `ddf`. Every trace must be matched
    from one partition: unless `traces_partitioned=True` says each trace's rows already are in
    one partition (input written trace by trace, or shuffled on trace_id before), the rows are
    shuffled on trace_id first (`ddf.shuffle(on="trace_id")`, into as many partitions), each
    row numbered beforehand so that every trace gets its points back in input order. Within a
    partition the answer's rows are in trace_id order. `options` are Graph.match's /match
    options (gaps="ignore", tidy=True, radiuses…); geometries and overview are set by the
    geometry column. A trace with bad input (a NaN coordinate, a timestamp going back, more
    than 10,000 points) fails the computation with BadInputError naming the trace, as
    route_pairs fails on a bad row; a trace that cannot be matched is a row with its code.
    `graph_path` must be readable at that path on every worker."""
    mode_number(mode)
    missing = [c for c in TRACE_COLUMNS if c not in ddf.columns]
    if missing:
        raise BadInputError(f"match_traces: the dataframe has no column {', '.join(missing)} "
                            f"(needs {', '.join(TRACE_COLUMNS)}[, timestamp])")
    fixed = sorted(set(options) & set(_MATCH_GEOMETRY))
    if fixed:
        raise BadInputError(f"match_traces: {', '.join(fixed)} cannot be set (the geometry column is polyline6 "
                            f"of the whole matched line)")
    if "timestamps" in options:
        raise BadInputError("match_traces: timestamps come from the timestamp column")
    options = dict(options, **_MATCH_GEOMETRY)
    path = os.path.abspath(os.fspath(graph_path))
    columns = TRACE_COLUMNS + (["timestamp"] if "timestamp" in ddf.columns else [])
    frame = ddf[columns]
    if not traces_partitioned:
        frame = frame.map_partitions(_number_rows, meta=_number_rows(frame._meta))
        frame = frame.shuffle(on="trace_id", npartitions=ddf.npartitions)
    meta = _match_frame(frame._meta["trace_id"], [])
    return frame.map_partitions(match_partition, path, mode, options, meta=meta)


# -- isochrones --------------------------------------------------------------------------------

#: The input columns of isochrones (others, such as ids, are kept).
ORIGIN_COLUMNS = ["lat", "lon"]
#: The code column of isochrones: Ok, or NoSegment for an origin with no road of the mode near.
ISOCHRONE_CODE_DTYPE = pd.CategoricalDtype(["Ok", "NoSegment"])


def _with_isochrones(frame: pd.DataFrame, codes: list, texts: list) -> pd.DataFrame:
    """`frame` with code and geojson added (the meta too, from empty lists)."""
    return frame.assign(code=pd.Series(pd.Categorical(codes, dtype=ISOCHRONE_CODE_DTYPE), index=frame.index),
                        geojson=pd.Series(pd.array(texts, dtype=pd.StringDtype()), index=frame.index))


def isochrone_partition(frame: pd.DataFrame, graph_path: str, mode: str, request: dict) -> pd.DataFrame:
    """One partition: an isochrone per row by this process's shared graph, in row order."""
    if len(frame) == 0:
        return _with_isochrones(frame, [], [])
    points = frame[ORIGIN_COLUMNS].to_numpy(dtype=np.float64)
    # The rows' own fault named by row; any other refusal is the request's, the same for all.
    bad = ~(np.isfinite(points).all(axis=1) & (np.abs(points[:, 0]) <= 90) & (np.abs(points[:, 1]) <= 180))
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise BadInputError(f"isochrones: row {frame.index[row]!r}: coordinate out of range (latitude -90..90, "
                            f"longitude -180..180): {points[row, 0]},{points[row, 1]}")
    graph = shared_graph(graph_path)
    codes, texts = [], []
    for lat, lon in points.tolist():
        try:
            texts.append(graph.isochrone_json(lat, lon, mode, **request))
            codes.append("Ok")
        except NoSegmentError:
            texts.append(None)
            codes.append("NoSegment")
        except BadInputError as error:
            raise BadInputError(f"isochrones: {error}") from None
    return _with_isochrones(frame, codes, texts)


def isochrones(ddf: Any, graph_path: PathLike, mode: str = "driving", minutes: Any = None, *, meters: Any = None,
               arrive: bool = False, polygons: bool = True, denoise: Any = None, generalize: Any = None) -> Any:
    """An isochrone from every row of the Dask DataFrame `ddf` (columns lat, lon; others, such
    as ids, are kept), partition by partition on the workers, each opening the graph once
    (Graph.isochrone's arguments apply to every row). Returns it lazily with two columns added:
    code (categorical: Ok, or NoSegment where no road of the mode is near the origin) and
    geojson, the FeatureCollection as JSON *text* (a pandas string column, null where not Ok),
    not a dict: contours nest their coordinates to different depths (Polygon, MultiPolygon,
    lines), which no Arrow/Parquet schema of nested lists holds, while a string column writes
    and reads back unchanged and is what a GeoJSON reader takes (`json.loads`, GeoPandas'
    `read_file`). A bad origin (NaN or out-of-range coordinate) fails the computation with
    BadInputError naming its row, as route_pairs fails on a bad row. Arguments of the wrong
    kind (no or both of minutes and meters, an unknown mode, a negative denoise) fail here;
    limits past the library's maximums (the server's: 4 contours, 60 min, 100,000 m) fail the
    computation at its first row with the library's message. `graph_path` must be readable at
    that path on every worker."""
    mode_number(mode)
    contour_limits(minutes, meters)
    request = dict(minutes=minutes, meters=meters, arrive=bool(arrive), polygons=bool(polygons),
                   denoise=denoise, generalize=generalize)
    contour_setting(denoise, "denoise", 1.0)
    contour_setting(generalize, "generalize", None)
    missing = [c for c in ORIGIN_COLUMNS if c not in ddf.columns]
    if missing:
        raise BadInputError(f"isochrones: the dataframe has no column {', '.join(missing)} "
                            f"(needs {', '.join(ORIGIN_COLUMNS)})")
    path = os.path.abspath(os.fspath(graph_path))
    meta = _with_isochrones(ddf._meta, [], [])
    return ddf.map_partitions(isochrone_partition, path, mode, request, meta=meta)
