"""wayfinder.dask on a real multi-process cluster (a scheduler and two worker processes on
loopback): results equal the in-process answers, a worker killed mid-job does not lose any."""
from __future__ import annotations

import json
import os
import signal
import time

import dask
import dask.array as da
import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import wayfinder
import wayfinder.dask as wd
from cluster import LoopbackCluster
from conftest import random_pairs, random_points, route_traces
from test_match import assert_matched_equal, expected_rows, trace_partitions, traces_frame


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = LoopbackCluster(tmp_path_factory.mktemp("dask"), workers=2)
    yield c
    c.close()


def pairs_frame(n: int, seed: int) -> pd.DataFrame:
    pairs = random_pairs(n, seed)
    frame = pd.DataFrame(pairs, columns=wd.PAIR_COLUMNS)
    frame["trip_id"] = np.arange(n)
    return frame


def assert_routed_equal(got: pd.DataFrame, frame: pd.DataFrame, graph, mode: str) -> None:
    want = graph.routes(frame[wd.PAIR_COLUMNS].to_numpy(), mode)
    got = got.sort_values("trip_id")
    assert got["trip_id"].tolist() == frame["trip_id"].tolist()
    assert got["code"].tolist() == want.code.tolist()
    np.testing.assert_array_equal(got["distance_m"].to_numpy(), want.distance_m)
    np.testing.assert_array_equal(got["duration_s"].to_numpy(), want.duration_s)


def test_route_pairs_on_cluster(cluster, graph, andorra_graph, tmp_path):
    frame = pairs_frame(3000, seed=71)
    ddf = dd.from_pandas(frame, npartitions=6)
    routed = wd.route_pairs(ddf, andorra_graph, "driving")
    assert list(routed.columns) == list(frame.columns) + ["code", "distance_m", "duration_s"]
    assert routed.dtypes["distance_m"] == np.float64
    got = cluster.client.compute(routed).result()
    assert list(got.dtypes) == list(routed.dtypes)          # meta is what the partitions give
    assert_routed_equal(got, frame, graph, "driving")
    # Each worker opened the graph once and reused it for all its partitions.
    opened = cluster.client.run(wayfinder.cache.opened_paths)
    assert all(paths == [os.path.realpath(andorra_graph)] for paths in opened.values()), opened
    # Written partition by partition.
    routed.to_parquet(tmp_path / "routed.parquet", compute=False).compute(scheduler=cluster.client)
    assert_routed_equal(pd.read_parquet(tmp_path / "routed.parquet"), frame, graph, "driving")


def test_blocked_table_on_cluster(cluster, graph, andorra_graph, tmp_path):
    sources, destinations = random_points(250, seed=81), random_points(230, seed=82)
    duration, distance = wd.table(sources, destinations, andorra_graph, "walking", block=100)
    assert duration.shape == (250, 230) and duration.chunks == ((100, 100, 50), (100, 100, 30))
    want_dur, want_dist = graph.table(sources, destinations, "walking")
    got_dur, got_dist = cluster.client.compute([duration, distance], sync=True)
    np.testing.assert_array_equal(got_dur, want_dur)
    np.testing.assert_array_equal(got_dist, want_dist)
    # Stored block by block to Zarr, both arrays from the same tasks.
    zarr = pytest.importorskip("zarr")
    z_dur = zarr.open_array(str(tmp_path / "dur.zarr"), mode="w", shape=duration.shape,
                            chunks=(100, 100), dtype="f8")
    z_dist = zarr.open_array(str(tmp_path / "dist.zarr"), mode="w", shape=distance.shape,
                             chunks=(100, 100), dtype="f8")
    da.store([duration, distance], [z_dur, z_dist], lock=False, scheduler=cluster.client)
    np.testing.assert_array_equal(z_dur[:], want_dur)
    np.testing.assert_array_equal(z_dist[:], want_dist)


def test_match_traces_on_cluster(cluster, graph, andorra_graph):
    traces = route_traces(graph, 60, seed=111)
    frame = traces_frame(traces)                    # the traces' rows interleaved
    matched = wd.match_traces(dd.from_pandas(frame, npartitions=6), andorra_graph, "driving")
    got = cluster.client.compute(matched).result()
    assert list(got.dtypes) == list(matched.dtypes)
    assert len(got) == 60 and (got["code"] == "Ok").mean() > 0.9
    assert_matched_equal(got, expected_rows(graph, traces))
    # Input already partitioned trace by trace: no shuffle, the same rows.
    by_trace = trace_partitions(traces_frame(traces, shuffled=False), 4)
    got = cluster.client.compute(wd.match_traces(by_trace, andorra_graph, traces_partitioned=True)).result()
    assert_matched_equal(got, expected_rows(graph, traces))


def test_isochrones_on_cluster(cluster, graph, andorra_graph, tmp_path):
    """One GeoJSON per origin, equal to Graph.isochrone in-process; ids kept; an origin off the
    roads a NoSegment row; through Parquet and back unchanged."""
    origins = np.vstack((random_points(40, seed=121), [[42.0, 1.0]]))    # the last one off the map
    frame = pd.DataFrame({"origin_id": [f"o{i:03d}" for i in range(len(origins))],
                          "lat": origins[:, 0], "lon": origins[:, 1]})
    drawn = wd.isochrones(dd.from_pandas(frame, npartitions=4), andorra_graph, "walking", [5, 10])
    assert list(drawn.columns) == ["origin_id", "lat", "lon", "code", "geojson"]
    got = cluster.client.compute(drawn).result().sort_values("origin_id")
    assert list(got.dtypes) == list(drawn.dtypes)
    assert got["origin_id"].tolist() == frame["origin_id"].tolist()
    for (lat, lon), code, text in zip(origins.tolist(), got["code"], got["geojson"]):
        try:
            want = graph.isochrone_json(lat, lon, "walking", minutes=[5, 10])
        except wayfinder.NoSegmentError:
            assert code == "NoSegment" and pd.isna(text)
            continue
        assert code == "Ok" and text == want
        assert json.loads(text) == graph.isochrone(lat, lon, "walking", minutes=[5, 10])
    assert got["code"].iloc[-1] == "NoSegment" and (got["code"] == "Ok").sum() >= 30
    # Each worker opened the graph once.
    opened = cluster.client.run(wayfinder.cache.opened_paths)
    assert all(paths == [os.path.realpath(andorra_graph)] for paths in opened.values()), opened
    # Written partition by partition, read back the same text.
    drawn.to_parquet(tmp_path / "isochrones.parquet", compute=False).compute(scheduler=cluster.client)
    back = pd.read_parquet(tmp_path / "isochrones.parquet").sort_values("origin_id")
    assert back["geojson"].tolist() == got["geojson"].tolist()
    # Arriving and metres pass through to every row.
    arrive = wd.isochrones(dd.from_pandas(frame.iloc[:3], npartitions=1), andorra_graph, "driving",
                           meters=[2000], arrive=True).compute(scheduler=cluster.client)
    lat, lon = origins[0]
    assert arrive["geojson"].iloc[0] == graph.isochrone_json(lat, lon, "driving", meters=[2000], arrive=True)


def test_worker_killed_mid_job(cluster, graph, andorra_graph):
    frame = pairs_frame(48000, seed=91)
    ddf = dd.from_pandas(frame, npartitions=48)
    routed = wd.route_pairs(ddf, andorra_graph, "driving")
    victim_address, victim_pid = sorted(cluster.worker_pids().items())[0]
    future = cluster.client.compute(routed)

    def partitions_routed() -> int:
        return sum(1 for key, holders in cluster.client.who_has().items()
                   if holders and "route_partition" in str(key))

    # Wait until the job is under way (two partitions routed), then kill one worker outright.
    deadline = time.monotonic() + 60
    while partitions_routed() < 2:
        assert time.monotonic() < deadline, "the job never started"
        time.sleep(0.01)
    assert not future.done(), "the job finished before the kill: make it longer"
    os.kill(victim_pid, signal.SIGKILL)
    got = future.result(timeout=300)
    assert_routed_equal(got, frame, graph, "driving")
    # The nanny restarts the killed worker: the cluster is whole again for later tests.
    cluster.client.wait_for_workers(2, timeout=120)
    assert victim_pid not in cluster.worker_pids().values()


def test_dask_bad_input(andorra_graph):
    ddf = dd.from_pandas(pd.DataFrame({"from_lat": [42.5], "from_lon": [1.5]}), npartitions=1)
    with pytest.raises(wayfinder.BadInputError, match="to_lat, to_lon"):
        wd.route_pairs(ddf, andorra_graph, "driving")
    with pytest.raises(wayfinder.ModeError):
        wd.route_pairs(dd.from_pandas(pairs_frame(2, 1), npartitions=1), andorra_graph, "boat")
    with pytest.raises(wayfinder.BadInputError, match=r"\(n, 2\)"):
        wd.table(np.zeros((3, 3)), random_points(2, 1), andorra_graph, "driving")
    with pytest.raises(wayfinder.GraphFileError):
        wd.route_pairs(dd.from_pandas(pairs_frame(2, 1), npartitions=1), "/nowhere.wfg",
                       "driving").compute(scheduler="sync")


def test_isochrones_bad_input(andorra_graph):
    frame = pd.DataFrame({"lat": [42.5078, float("nan")], "lon": [1.5211, 1.5211]})
    ddf = dd.from_pandas(frame, npartitions=1)
    with pytest.raises(wayfinder.BadInputError, match="exactly one of minutes"):
        wd.isochrones(ddf, andorra_graph, "walking")
    with pytest.raises(wayfinder.BadInputError, match="exactly one of minutes"):
        wd.isochrones(ddf, andorra_graph, "walking", [5], meters=[500])
    with pytest.raises(wayfinder.ModeError):
        wd.isochrones(ddf, andorra_graph, "boat", [5])
    with pytest.raises(wayfinder.BadInputError, match="denoise"):
        wd.isochrones(ddf, andorra_graph, "walking", [5], denoise=2)
    with pytest.raises(wayfinder.BadInputError, match="no column lon"):
        wd.isochrones(dd.from_pandas(pd.DataFrame({"lat": [42.5]}), npartitions=1), andorra_graph, "walking", [5])
    # A NaN origin names its row; limits past the library's maximum say so.
    with pytest.raises(wayfinder.BadInputError, match="row 1: coordinate out of range"):
        wd.isochrones(ddf, andorra_graph, "walking", [5]).compute(scheduler="sync")
    with pytest.raises(wayfinder.BadInputError, match="60 minutes"):
        wd.isochrones(ddf.head(1, compute=False), andorra_graph, "walking", [90]).compute(scheduler="sync")
