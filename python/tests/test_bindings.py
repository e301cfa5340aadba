"""The bindings answer exactly as the CLI and the server do on the same graph."""
from __future__ import annotations

import csv
import json
import subprocess
import threading

import numpy as np
import pytest

import wayfinder
from conftest import binary, fetch_json, random_pairs, random_points, road_points


def run_batch(graph_path: str, mode: str, pairs: np.ndarray, tmp_path) -> list:
    path = tmp_path / f"pairs-{mode}.csv"
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["from_lat", "from_lon", "to_lat", "to_lon"])
        w.writerows([[repr(float(v)) for v in row] for row in pairs])
    out = subprocess.run([binary("route"), "--graph", graph_path, "--mode", mode, "--batch", str(path)],
                         check=True, capture_output=True, text=True).stdout
    rows = list(csv.reader(out.splitlines()))
    assert rows[0] == ["code", "distance_m", "duration_s"]
    return rows[1:]


def as_float(text: str) -> float:
    return float(text) if text else float("nan")


@pytest.mark.parametrize("mode", ["driving", "walking", "cycling"])
def test_routes_equal_route_batch(graph, andorra_graph, mode, tmp_path):
    pairs = random_pairs(400, seed=11 if mode == "driving" else 12)
    pairs[0, 2:] = pairs[0, :2]                       # a zero-length route
    pairs[1] = [42.9, 1.0, 42.5, 1.5]                 # far from any road: NoSegment
    got = graph.routes(pairs, mode)
    want = run_batch(andorra_graph, mode, pairs, tmp_path)
    assert len(got) == len(want) == len(pairs)
    assert got.code.tolist() == [r[0] for r in want]
    np.testing.assert_array_equal(got.distance_m, [as_float(r[1]) for r in want])
    np.testing.assert_array_equal(got.duration_s, [as_float(r[2]) for r in want])
    assert (got.code == "Ok").sum() > 300 and "NoSegment" in got.code
    assert np.isnan(got.distance_m[got.code != "Ok"]).all()


@pytest.mark.parametrize("mode", ["driving", "walking", "cycling"])
def test_small_calls_equal_one_batch(graph, mode):
    # Calls of up to 16 pairs take another way through the bindings (the thread's scratch
    # buffers and prebuilt ctypes arguments): their answers must be the large call's.
    pairs = random_pairs(64, seed=13)
    pairs[1] = [42.9, 1.0, 42.5, 1.5]                 # NoSegment
    for limit in (None, 500.0):
        whole = graph.routes(np.vstack([pairs, pairs[:1]]), mode, max_snap_m=limit)  # 65 pairs: not small
        for size in (1, 5, 16):
            parts = [graph.routes(pairs[i:i + size], mode, max_snap_m=limit) for i in range(0, len(pairs), size)]
            assert np.concatenate([p.code for p in parts]).tolist() == whole.code[:-1].tolist()
            np.testing.assert_array_equal(np.concatenate([p.distance_m for p in parts]), whole.distance_m[:-1])
            np.testing.assert_array_equal(np.concatenate([p.duration_s for p in parts]), whole.duration_s[:-1])
        codes = set(whole.code.tolist())
        assert "Ok" in codes and "NoSegment" in codes
    # Arrays not laid out row by row (Fortran order, a strided view) give the same answers,
    # on both ways through the bindings (up to 16 pairs, and more).
    whole = graph.routes(pairs, mode)
    wide = np.zeros((64, 8))
    wide[:, ::2] = pairs
    for size in (1, 3, 64):
        for layout in (np.asfortranarray(pairs[:size]), wide[:size, ::2]):
            got = graph.routes(layout, mode)
            assert got.code.tolist() == whole.code[:size].tolist()
            np.testing.assert_array_equal(got.distance_m, whole.distance_m[:size])
            np.testing.assert_array_equal(got.duration_s, whole.duration_s[:size])
    # Answers are the caller's own arrays, not views of the scratch buffers.
    first = graph.routes(pairs[:1], mode)
    kept = (first.code.copy(), first.distance_m.copy())
    graph.routes(pairs[1:2], mode)
    assert first.code.tolist() == kept[0].tolist()
    np.testing.assert_array_equal(first.distance_m, kept[1])


def lonlat(points: np.ndarray) -> str:
    return ";".join(f"{lon!r},{lat!r}" for lat, lon in points.tolist())


@pytest.mark.parametrize("mode", ["driving", "walking", "cycling"])
def test_table_equals_server_table(graph, server, mode):
    # The server refuses a whole table when one point is off the roads (NoSegment); the
    # library gives that point's row or column NaN (test_table_point_off_the_roads).
    sources, destinations = road_points(graph, 40, 21, mode), road_points(graph, 60, 22, mode)
    duration, distance = graph.table(sources, destinations, mode)
    assert duration.shape == distance.shape == (40, 60)
    # The server answers at most 100x100 cells: two requests of 20 sources.
    for start in (0, 20):
        src = sources[start:start + 20]
        url = (f"{server}/table/v1/{mode}/{lonlat(np.vstack((src, destinations)))}"
               f"?sources={';'.join(map(str, range(20)))}"
               f"&destinations={';'.join(map(str, range(20, 80)))}&annotations=duration,distance")
        answer = fetch_json(url)
        assert answer["code"] == "Ok", answer
        want_dur = np.array([[np.nan if v is None else v for v in row] for row in answer["durations"]])
        want_dist = np.array([[np.nan if v is None else v for v in row] for row in answer["distances"]])
        np.testing.assert_array_equal(duration[start:start + 20], want_dur)
        np.testing.assert_array_equal(distance[start:start + 20], want_dist)
    assert np.isfinite(duration).mean() > 0.8


def test_table_point_off_the_roads(graph):
    sources, destinations = road_points(graph, 5, 23), road_points(graph, 6, 24)
    far = [[42.9, 1.0]]
    duration, distance = graph.table(np.vstack((sources, far)), np.vstack((far, destinations)), "driving")
    assert np.isnan(duration[-1]).all() and np.isnan(duration[:, 0]).all() and np.isnan(distance[-1]).all()
    want_dur, want_dist = graph.table(sources, destinations, "driving")
    np.testing.assert_array_equal(duration[:-1, 1:], want_dur)
    np.testing.assert_array_equal(distance[:-1, 1:], want_dist)


def test_route_equals_server_route(graph, server):
    a, b, c = road_points(graph, 3, seed=31).tolist()
    got = graph.route(a, b, "driving", steps=True, alternatives=2, overview="full")
    want = fetch_json(f"{server}/route/v1/driving/{lonlat(np.array([a, b]))}?steps=true&alternatives=2&overview=full")
    assert got == want and got["code"] == "Ok"
    got = graph.route(a, c, "walking", via=[b], geometries="geojson", annotations=True)
    want = fetch_json(f"{server}/route/v1/walking/{lonlat(np.array([a, b, c]))}?geometries=geojson&annotations=true")
    assert got == want and len(got["routes"][0]["legs"]) == 2
    got = graph.route(a, b, "driving", exclude="motorway", overview=False)
    want = fetch_json(f"{server}/route/v1/driving/{lonlat(np.array([a, b]))}?exclude=motorway&overview=false")
    assert got == want


def cli_json(*args: str):
    out = subprocess.run([binary("wayfinder"), *args, "--format", "json"], capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("text", ["Avinguda Meritxell", "Escaldes-Engordany", "Carrer de la Unió"])
def test_geocode_equals_cli(graph, andorra_graph, text):
    got = graph.geocode(text, limit=5)
    assert got == cli_json("geocode", text, "--limit", "5", "--graph", andorra_graph)
    assert got, f"nothing found for {text}"


def test_reverse_equals_cli(graph, andorra_graph):
    for lat, lon in random_points(5, seed=41).tolist() + [[42.5078, 1.5211]]:
        got = graph.reverse(lat, lon)
        assert got == cli_json("reverse", f"{lat!r},{lon!r}", "--graph", andorra_graph)


def test_threads_share_one_graph(graph):
    pairs = random_pairs(200, seed=51)
    want = graph.routes(pairs, "driving")
    results = [None] * 4

    def work(i):
        results[i] = graph.routes(pairs, "driving")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert r.code.tolist() == want.code.tolist()
        np.testing.assert_array_equal(r.duration_s, want.duration_s)


def test_close_and_context_manager(andorra_graph):
    with wayfinder.Graph(andorra_graph) as g:
        assert g.routes(random_pairs(2, seed=61), "walking").code.shape == (2,)
    assert g.closed
    with pytest.raises(wayfinder.ClosedGraphError, match="closed"):
        g.routes(random_pairs(2, seed=61), "walking")
    g.close()


def test_close_waits_for_calls_in_flight(andorra_graph):
    # Threads route single pairs in a loop while the graph is closed under them: every call
    # either answers in full or raises ClosedGraphError, none touches an unmapped graph.
    g = wayfinder.Graph(andorra_graph)
    pairs = random_pairs(1, seed=62)
    want = g.routes(pairs, "driving")
    answered, refused, failures = [0], [0], []

    def loop():
        while True:
            try:
                r = g.routes(pairs, "driving")
            except wayfinder.ClosedGraphError:
                refused[0] += 1
                return
            except Exception as error:  # noqa: BLE001 - any other error is the failure looked for
                failures.append(error)
                return
            if r.code.tolist() != want.code.tolist():
                failures.append(r)
            answered[0] += 1

    threads = [threading.Thread(target=loop) for _ in range(4)]
    for t in threads:
        t.start()
    while answered[0] < 200:
        pass
    g.close()
    for t in threads:
        t.join()
    assert not failures and refused[0] == 4 and g.closed


def test_library_version():
    assert wayfinder.library_version().startswith("wayfinder ")
