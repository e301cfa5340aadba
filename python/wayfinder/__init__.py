"""Wayfinder: exact driving and walking routes, many-to-many tables and geocoding from a
Wayfinder graph file, in-process (ctypes over libWayfinderC.so, numpy in and out).

    import wayfinder
    with wayfinder.Graph("andorra.wfg") as g:
        r = g.routes(pairs, "driving")             # (n, 4) from_lat, from_lon, to_lat, to_lon
        duration_s, distance_m = g.table(src, dst, "driving")

`wayfinder.dask` routes Dask DataFrames and builds blocked tables on a cluster.
"""
from ._native import library_path, version as library_version
from .cache import shared_graph
from .errors import (BadInputError, ClosedGraphError, Error, GraphFileError, InternalError,
                     LibraryNotFoundError, ModeError)
from .graph import MODES, Graph
from .results import RouteResults

__version__ = "0.1.0"

__all__ = [
    "Graph", "RouteResults", "shared_graph", "MODES", "library_path", "library_version",
    "Error", "BadInputError", "ModeError", "GraphFileError", "ClosedGraphError",
    "InternalError", "LibraryNotFoundError", "__version__",
]
