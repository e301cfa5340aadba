"""Bad input raises a wayfinder.Error subclass with a message saying what is wrong."""
from __future__ import annotations

import numpy as np
import pytest

import wayfinder
from conftest import fetch_json, random_pairs, random_points


def test_unknown_mode(graph):
    with pytest.raises(wayfinder.ModeError, match="unknown mode 'flying'"):
        graph.routes(random_pairs(1, seed=1), "flying")
    with pytest.raises(wayfinder.ModeError, match="driving"):
        graph.table(random_points(2, 1), random_points(2, 2), "truck")
    with pytest.raises(wayfinder.ModeError):
        graph.route((42.5, 1.5), (42.51, 1.51), None)


def test_nan_coordinate_names_the_row(graph):
    pairs = random_pairs(5, seed=2)
    pairs[3, 1] = np.nan
    with pytest.raises(wayfinder.BadInputError, match="3") as info:
        graph.routes(pairs, "driving")
    assert isinstance(info.value, ValueError)
    sources = random_points(3, 3)
    sources[1, 0] = np.nan
    with pytest.raises(wayfinder.BadInputError):
        graph.table(sources, random_points(3, 4), "driving")
    with pytest.raises(wayfinder.BadInputError):
        graph.route((float("nan"), 1.5), (42.5, 1.5), "driving")


def test_out_of_range_coordinate(graph):
    pairs = random_pairs(2, seed=5)
    pairs[0, 0] = 91.0
    with pytest.raises(wayfinder.BadInputError):
        graph.routes(pairs, "driving")
    with pytest.raises(wayfinder.BadInputError):
        graph.reverse(42.5, 181.0)


@pytest.mark.parametrize("shape", [(4,), (3, 3), (2, 5), (2, 4, 1)])
def test_wrong_pair_shapes(graph, shape):
    with pytest.raises(wayfinder.BadInputError, match=r"\(n, 4\) array of from_lat"):
        graph.routes(np.zeros(shape), "driving")


def test_wrong_table_shapes_and_types(graph):
    with pytest.raises(wayfinder.BadInputError, match=r"sources must be an \(n, 2\)"):
        graph.table(np.zeros((3, 3)), random_points(2, 1), "driving")
    with pytest.raises(wayfinder.BadInputError, match=r"destinations must be an \(n, 2\)"):
        graph.table(random_points(2, 1), np.zeros(2), "driving")
    with pytest.raises(wayfinder.BadInputError, match="numbers"):
        graph.routes([["a", "b", "c", "d"]], "driving")
    with pytest.raises(wayfinder.BadInputError, match=r"\(lat, lon\) pair"):
        graph.route((42.5,), (42.5, 1.5), "driving")
    with pytest.raises(wayfinder.BadInputError, match="limit"):
        graph.geocode("Meritxell", limit=0)


def test_empty_inputs(graph):
    r = graph.routes(np.empty((0, 4)), "driving")
    assert len(r) == 0 and r.code.dtype.kind == "U"
    duration, distance = graph.table(np.empty((0, 2)), random_points(3, 1), "driving")
    assert duration.shape == distance.shape == (0, 3)


def test_missing_graph(tmp_path):
    missing = tmp_path / "nowhere.wfg"
    with pytest.raises(wayfinder.GraphFileError, match="nowhere.wfg") as info:
        wayfinder.Graph(missing)
    assert isinstance(info.value, OSError)


def test_corrupt_graph(tmp_path):
    bad = tmp_path / "bad.wfg"
    bad.write_bytes(b"this is not a graph file" * 100)
    with pytest.raises(wayfinder.GraphFileError, match="bad.wfg"):
        wayfinder.Graph(bad)


def test_bad_route_option_is_the_servers_osrm_error(graph, server):
    answer = graph.route((42.5063, 1.5218), (42.4625, 1.4912), "driving", overview="sideways")
    want = fetch_json(f"{server}/route/v1/driving/1.5218,42.5063;1.4912,42.4625?overview=sideways")
    assert answer == want and answer["code"] != "Ok" and "overview" in answer["message"]
