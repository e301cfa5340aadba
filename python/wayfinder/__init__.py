"""Wayfinder: exact driving, walking and cycling routes, many-to-many tables and geocoding from a
Wayfinder graph file, in-process (ctypes over libWayfinderC.so, numpy in and out).

    import wayfinder
    with wayfinder.Graph("andorra.wfg") as g:
        r = g.routes(pairs, "driving")             # (n, 4) from_lat, from_lon, to_lat, to_lon
        duration_s, distance_m = g.table(src, dst, "driving")
        contours = g.isochrone(42.5078, 1.5211, "walking", minutes=[5, 10, 15])   # GeoJSON

`wayfinder.dask` routes Dask DataFrames, matches traces, draws isochrones and builds blocked
tables on a cluster.
"""
from ._native import library_path, version as library_version
from .cache import shared_graph
from .errors import (BadInputError, ClosedGraphError, Error, GraphFileError, InternalError,
                     LibraryNotFoundError, ModeError, NoSegmentError)
from .graph import MODES, Graph
from .results import RouteResults

__version__ = "0.1.0"

__all__ = [
    "Graph", "RouteResults", "shared_graph", "MODES", "library_path", "library_version",
    "Error", "BadInputError", "ModeError", "NoSegmentError", "GraphFileError", "ClosedGraphError",
    "InternalError", "LibraryNotFoundError", "__version__",
]
