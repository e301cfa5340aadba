"""Batch routing on Dask: route dataframes of pairs and build blocked tables on a cluster.

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
from .errors import BadInputError
from .graph import PathLike, mode_number
from .results import CODE_NAMES, RouteResults

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
