"""Live traffic from Python: a graph customized by `wayfinder customize` (here a closed area
for cars and a turn penalty file) answers routes, tables and Dask jobs on the new weights,
walking stays as built, and `metric_version` says which update is in the file."""
from __future__ import annotations

import json
import shutil
import subprocess

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import wayfinder
import wayfinder.dask as wd
from conftest import binary, random_pairs

# Andorra la Vella's centre, closed to cars (a square of about 1.6 km by 2.2 km).
CENTRE = [[1.51, 42.50], [1.53, 42.50], [1.53, 42.52], [1.51, 42.52], [1.51, 42.50]]


def customize(graph: str, tmp_path, *extra: str) -> subprocess.CompletedProcess:
    areas = tmp_path / "closed.geojson"
    areas.write_text(json.dumps({"type": "Feature", "properties": {"modes": ["driving"]},
                                 "geometry": {"type": "Polygon", "coordinates": [CENTRE]}}))
    return subprocess.run([binary("wayfinder"), "customize", graph, "--closed-areas", str(areas), *extra],
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def customized(andorra_graph, tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("traffic")
    path = str(directory / "andorra-live.wfg")
    shutil.copyfile(andorra_graph, path)
    done = customize(path, directory)
    assert done.returncode == 0, done.stderr
    assert "modes customized: driving" in done.stderr
    return path


def test_routes_and_tables_follow_the_update(graph, customized):
    pairs = random_pairs(400, seed=91)
    with wayfinder.Graph(customized) as live:
        assert live.metric_version == 1 and graph.metric_version == 0
        assert live.metadata["closed_areas"] == "1" and "customized" in live.metadata
        before, after = graph.routes(pairs, "driving"), live.routes(pairs, "driving")
        # Closing roads never makes a route quicker, and it makes some slower or impossible:
        # between the same snapped points (a point by a road closed both ways snaps to the
        # next open one, which may be quicker to leave from).
        same = np.zeros(len(pairs), dtype=bool)
        for i, p in enumerate(pairs):
            a, b = graph.route(p[:2], p[2:]), live.route(p[:2], p[2:])
            same[i] = a["code"] == b["code"] == "Ok" and a["waypoints"] == b["waypoints"]
        assert np.count_nonzero(same) > 200
        assert np.all(after.duration_s[same] >= before.duration_s[same] - 1e-9)
        assert np.count_nonzero(after.duration_s[same] > before.duration_s[same] + 1) + \
            np.count_nonzero((before.code == "Ok") & (after.code != "Ok")) > 20
        # Walking was not closed: the same answers to the bit.
        walked_before, walked_after = graph.routes(pairs, "walking"), live.routes(pairs, "walking")
        np.testing.assert_array_equal(walked_after.duration_s, walked_before.duration_s)
        # A table from the customized graph agrees with its routes.
        sources, destinations = pairs[:20, :2], pairs[:20, 2:]
        durations, _ = live.table(sources, destinations, "driving")
        routed = live.routes(np.column_stack((sources, destinations)), "driving")
        diagonal = np.diagonal(durations)
        ok = routed.code == "Ok"
        np.testing.assert_allclose(diagonal[ok], routed.duration_s[ok], atol=0.1)
        assert np.all(np.isnan(diagonal[~ok]))


def test_dask_jobs_pick_up_an_update_in_place(customized, tmp_path):
    path = str(tmp_path / "served.wfg")
    shutil.copyfile(customized, path)
    frame = pd.DataFrame(random_pairs(300, seed=92), columns=wd.PAIR_COLUMNS)
    first = wd.route_pairs(dd.from_pandas(frame, npartitions=3), path).compute(scheduler="synchronous")
    # The next update (the area's closure ended: only a turn penalty file is left) replaces
    # the file under the same path; the next job opens it, and answers as a fresh Graph does.
    turns = tmp_path / "turns.csv"
    turns.write_text("1,2,3,10\n")
    done = subprocess.run([binary("wayfinder"), "customize", path, "--turn-penalty-file", str(turns)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    second = wd.route_pairs(dd.from_pandas(frame, npartitions=3), path).compute(scheduler="synchronous")
    with wayfinder.Graph(path) as fresh:
        assert fresh.metric_version == 2
        want = fresh.routes(frame[wd.PAIR_COLUMNS].to_numpy(), "driving")
    np.testing.assert_array_equal(second["duration_s"].to_numpy(), want.duration_s)
    assert (second["duration_s"].to_numpy() < first["duration_s"].to_numpy() - 1).any()
