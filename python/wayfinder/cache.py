"""One opened Graph per graph file per process, shared by every task and thread in it.

Dask tasks (and unpickled Graph objects) ask for a graph by path; the first asks opens it
(mmap, so the worker processes of one host share the file's pages) and later ones reuse it.
A file replaced under the same path (the nightly rebuild's rename) is a new key: the next
task opens the new file, and the old one is closed once its calls in flight return.
"""
from __future__ import annotations

import os
import threading
from typing import Dict, Tuple

from .graph import Graph, PathLike

_graphs: Dict[str, Tuple[Tuple[int, int, int], Graph]] = {}
_lock = threading.Lock()


def _identity(path: str) -> Tuple[int, int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0, 0)   # Graph(path) then raises GraphFileError with the reason
    return (st.st_dev, st.st_ino, st.st_mtime_ns)


def shared_graph(path: PathLike) -> Graph:
    """The process's Graph for `path`, opened on first use."""
    key = os.path.realpath(os.fspath(path))
    identity = _identity(key)
    with _lock:
        entry = _graphs.get(key)
        if entry is not None and entry[0] == identity:
            return entry[1]
        graph = Graph(key)
        _graphs[key] = (identity, graph)
    if entry is not None:
        entry[1].close()
    return graph


def opened_paths() -> list:
    """The graph files this process holds open (for tests and monitoring)."""
    with _lock:
        return sorted(_graphs)
