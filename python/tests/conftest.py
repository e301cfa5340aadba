"""Shared fixtures: the release binaries, an Andorra graph built once per session, random
points on it, and a running `wayfinder serve`.

The package under test is whatever `import wayfinder` finds: scripts/test installs the wheel
into .venv; for development, PYTHONPATH=python WAYFINDER_LIB=.build/release/libWayfinderC.so.
The binaries come from $WAYFINDER_BIN (default: the repository's .build/release).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("WAYFINDER_BIN", ROOT / ".build" / "release"))
ANDORRA_PBF = ROOT / "data" / "andorra.osm.pbf"
# The heart of Andorra's road network (the extract's box reaches far into Spain and France).
ANDORRA_BOX = ((42.46, 42.62), (1.46, 1.72))


def binary(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{path} not found: build first (swift build -c release) or set WAYFINDER_BIN")
    return str(path)


@pytest.fixture(scope="session")
def andorra_graph(tmp_path_factory) -> str:
    """An Andorra graph file built by the release `wayfinder build` ($WAYFINDER_TEST_GRAPH reuses one)."""
    given = os.environ.get("WAYFINDER_TEST_GRAPH")
    if given:
        return given
    out = tmp_path_factory.mktemp("graph") / "andorra.wfg"
    subprocess.run([binary("wayfinder"), "build", "--input", str(ANDORRA_PBF), "--output", str(out),
                    "--no-basemap"], check=True, capture_output=True)
    return str(out)


@pytest.fixture(scope="session")
def graph(andorra_graph):
    import wayfinder
    with wayfinder.Graph(andorra_graph) as g:
        yield g


def random_points(n: int, seed: int) -> np.ndarray:
    """n random (lat, lon) points in Andorra's box, at 6 decimals (what a CSV carries exactly)."""
    rng = np.random.default_rng(seed)
    (lat0, lat1), (lon0, lon1) = ANDORRA_BOX
    pts = np.column_stack((rng.uniform(lat0, lat1, n), rng.uniform(lon0, lon1, n)))
    return np.round(pts, 6)


def road_points(graph, n: int, seed: int, mode: str = "driving") -> np.ndarray:
    """n random points that snap to a road of `mode` (a route from each to itself is Ok)."""
    pts = random_points(4 * n, seed)
    ok = graph.routes(np.hstack((pts, pts)), mode).code == "Ok"
    assert ok.sum() >= n, "too few random points near a road"
    return pts[ok][:n]


def random_pairs(n: int, seed: int) -> np.ndarray:
    return np.hstack((random_points(n, seed), random_points(n, seed + 1)))


def fetch_json(url: str):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return json.load(r)
    except urllib.error.HTTPError as error:      # OSRM errors come as HTTP 400 with a JSON body
        return json.load(error)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(andorra_graph, tmp_path_factory):
    """`wayfinder serve` on a free loopback port; yields its base URL."""
    port = free_port()
    log = open(tmp_path_factory.mktemp("serve") / "serve.log", "w")
    proc = subprocess.Popen([binary("wayfinder"), "serve", "--graph", andorra_graph, "--bind", "127.0.0.1",
                             "--port", str(port), "--threads", "1"], stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/health", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"wayfinder serve did not start (see {log.name})")
            time.sleep(0.1)
    yield base
    proc.terminate()
    proc.wait(timeout=30)
    log.close()


def route_trace(graph, a, b, rng, mode: str = "driving", points: tuple = (10, 30), noise_m: float = 3.0,
                start_s: float = 1_700_000_000.0):
    """A GPS trace along the route from `a` to `b`: between points[0] and points[1] points
    evenly spaced along the route's own geometry (one every ~100 m), moved by Gaussian noise of
    `noise_m` metres, rounded to 6 decimals, with whole-second timestamps at the route's speed
    from `start_s`. Returns (points (n, 2), timestamps (n,), the route's answer), or None
    when there is no route or it is shorter than 50 m."""
    from wayfinder.results import decode_polyline
    answer = graph.route(a, b, mode, overview="full", geometries="polyline6")
    if answer["code"] != "Ok" or answer["routes"][0]["distance"] < 50:
        return None
    route = answer["routes"][0]
    line = np.array(decode_polyline(route["geometry"]))
    metres_per_degree = 111_195.0
    step = np.diff(line, axis=0) * [metres_per_degree, metres_per_degree * np.cos(np.radians(line[0, 0]))]
    along = np.concatenate(([0.0], np.cumsum(np.hypot(step[:, 0], step[:, 1]))))
    n = int(np.clip(round(along[-1] / 100.0) + 1, points[0], points[1]))
    at = np.linspace(0.0, along[-1], n)
    trace = np.column_stack((np.interp(at, along, line[:, 0]), np.interp(at, along, line[:, 1])))
    shift = rng.normal(0.0, noise_m, (n, 2)) / [metres_per_degree, metres_per_degree * np.cos(np.radians(line[0, 0]))]
    trace = np.round(trace + shift, 6)
    times = np.round(start_s + at / along[-1] * max(route["duration"], n))
    return trace, times, answer


def route_traces(graph, n: int, seed: int, mode: str = "driving", reach_deg: float = 0.02, box=None):
    """n traces (route_trace) between random road points of `box` (default Andorra's) and
    road points within `reach_deg` of them: routes of a few km."""
    rng = np.random.default_rng(seed)
    traces = []
    while len(traces) < n:
        starts = road_points(graph, n, int(rng.integers(1 << 30)), mode) if box is None else box(n, rng)
        ends = np.round(starts + rng.uniform(-reach_deg, reach_deg, starts.shape), 6)
        near = graph.routes(np.hstack((ends, ends)), mode).code == "Ok"
        for a, b in zip(starts[near].tolist(), ends[near].tolist()):
            made = route_trace(graph, a, b, rng, mode)
            if made is not None:
                traces.append(made)
            if len(traces) == n:
                break
    return traces
