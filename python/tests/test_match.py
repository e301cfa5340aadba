"""Map matching (Graph.match, wayfinder.dask.match_traces): a trace sampled from a route
matches that route, the answer is the server's /match byte for byte, bad input raises, a
time gap splits a trace, and match_traces equals Graph.match trace by trace."""
from __future__ import annotations

import threading

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import wayfinder
import wayfinder.dask as wd
from conftest import fetch_json, road_points, route_trace, route_traces
from wayfinder.results import MatchSummary, decode_polyline, encode_polyline, join_polylines


@pytest.fixture(scope="module")
def traces(graph):
    return route_traces(graph, 40, seed=101)


def lonlat(points: np.ndarray) -> str:
    return ";".join(f"{lon!r},{lat!r}" for lat, lon in points.tolist())


def test_trace_along_a_route_matches_it(graph, traces):
    for points, times, route in traces[:20]:
        answer = graph.match(points, "driving", timestamps=times, overview="full", geometries="polyline6")
        assert answer["code"] == "Ok", answer
        assert len(answer["tracepoints"]) == len(points)
        assert all(t is not None for t in answer["tracepoints"])
        assert len(answer["matchings"]) == 1
        matching = answer["matchings"][0]
        assert 0.0 <= matching["confidence"] <= 1.0
        # The trace starts and ends up to a few metres off the route's ends (noise).
        want = route["routes"][0]["distance"]
        assert abs(matching["distance"] - want) <= 0.1 * want + 30, (matching["distance"], want)
    # Without timestamps too, and walking (along a walking route).
    points, _, _ = traces[0]
    assert graph.match(points)["code"] == "Ok"
    for points, times, route in route_traces(graph, 3, seed=102, mode="walking"):
        answer = graph.match(points, "walking", timestamps=times)
        assert answer["code"] == "Ok" and len(answer["matchings"]) == 1, answer


def test_match_equals_server_match(graph, server, traces):
    for i, (points, times, _) in enumerate(traces[:6]):
        radiuses = np.full(len(points), np.nan)
        radiuses[1] = 12.5
        got = graph.match(points, "driving", timestamps=times, radiuses=radiuses, steps=i % 2 == 0,
                          annotations=True, overview="full", tidy=i % 3 == 0)
        url = (f"{server}/match/v1/driving/{lonlat(points)}?steps={'true' if i % 2 == 0 else 'false'}"
               f"&annotations=true&overview=full&tidy={'true' if i % 3 == 0 else 'false'}"
               f"&timestamps={';'.join(str(int(t)) for t in times)}"
               f"&radiuses={';'.join('' if np.isnan(r) else repr(float(r)) for r in radiuses)}")
        assert got == fetch_json(url)
    # An error answer is returned as the server gives it, not raised.
    far = np.array([[42.9, 1.0], [42.9001, 1.0001], [42.9002, 1.0002]])
    got = graph.match(far, "driving")
    assert got["code"] != "Ok" and got == fetch_json(f"{server}/match/v1/driving/{lonlat(far)}")


def test_long_trace_is_not_held_to_route_url_limit(graph, server, traces):
    # The 40 traces one after the other, an hour apart: hundreds of points, a URL of tens of
    # KB with the timestamps and radiuses (/route's limit is 8 KB).
    points = np.vstack([p for p, _, _ in traces])
    times = np.concatenate([t + 3600.0 * i for i, (_, t, _) in enumerate(traces)])
    got = graph.match(points, "driving", timestamps=times, radiuses=np.full(len(points), 8.0))
    assert got["code"] == "Ok" and len(got["tracepoints"]) == len(points)
    assert len(got["matchings"]) >= len(traces)
    url = (f"{server}/match/v1/driving/{lonlat(points)}?timestamps={';'.join(str(int(t)) for t in times)}"
           f"&radiuses={';'.join(['8.0'] * len(points))}")
    assert len(url) > 8192
    assert got == fetch_json(url)


def test_time_gap_splits_the_trace(graph, traces):
    points, times, _ = max(traces, key=lambda t: len(t[0]))
    half = len(points) // 2
    gapped = times.copy()
    gapped[half:] += 3600.0                       # an hour without fixes halfway
    answer = graph.match(points, "driving", timestamps=gapped, overview="full", geometries="polyline6")
    assert answer["code"] == "Ok"
    assert len(answer["matchings"]) == 2, [m["distance"] for m in answer["matchings"]]
    assert {t["matchings_index"] for t in answer["tracepoints"] if t} == {0, 1}
    whole = graph.match(points, "driving", timestamps=gapped, gaps="ignore")
    assert len(whole["matchings"]) == 1
    # The summary a Dask row gets: sums, the distance-weighted confidence, one joined line.
    summary = MatchSummary(answer)
    m = answer["matchings"]
    assert summary[0] == "Ok" and summary[4] == len(points)
    assert summary[2] == m[0]["distance"] + m[1]["distance"]
    assert summary[3] == m[0]["duration"] + m[1]["duration"]
    assert summary[1] == pytest.approx((m[0]["confidence"] * m[0]["distance"] + m[1]["confidence"] * m[1]["distance"])
                                       / summary[2])
    line = decode_polyline(summary[5])
    parts = [decode_polyline(x["geometry"]) for x in m]
    assert line[:len(parts[0])] == parts[0] and line[-len(parts[1]) + 1:] == parts[1][1:]


def test_match_bad_input(graph, traces):
    points, times, _ = traces[0]
    with pytest.raises(wayfinder.BadInputError, match=r"\(n, 2\)"):
        graph.match(np.zeros((4, 3)))
    bad = points.copy()
    bad[2, 1] = np.nan
    with pytest.raises(wayfinder.BadInputError, match="point 2"):
        graph.match(bad)
    bad = points.copy()
    bad[1, 0] = 95.0
    with pytest.raises(wayfinder.BadInputError, match="point 1"):
        graph.match(bad)
    back = times.copy()
    back[3] = back[2] - 10
    with pytest.raises(wayfinder.BadInputError, match="timestamp 3 .* earlier"):
        graph.match(points, timestamps=back)
    nan_time = times.copy()
    nan_time[0] = np.nan
    with pytest.raises(wayfinder.BadInputError, match="timestamp 0"):
        graph.match(points, timestamps=nan_time)
    with pytest.raises(wayfinder.BadInputError, match="one value per point"):
        graph.match(points, timestamps=times[:-1])
    with pytest.raises(wayfinder.BadInputError, match="radius 1"):
        graph.match(points, radiuses=[5.0, -1.0] + [None] * (len(points) - 2))
    with pytest.raises(wayfinder.BadInputError, match="radiuses given twice"):
        both_radiuses(graph, points)
    with pytest.raises(wayfinder.BadInputError, match="10000"):
        graph.match(np.repeat(points[:1], 10_001, axis=0))
    with pytest.raises(wayfinder.ModeError):
        graph.match(points, "sailing")
    # An unknown option, too few points: the server's answers, returned as Graph.route returns them.
    assert graph.match(points, colour="red")["code"] == "InvalidQuery"
    assert graph.match(points[:1])["code"] == "InvalidOptions"


def both_radiuses(graph, points):
    # Radiuses in the argument and in the options (which Graph.match's keywords cannot say):
    # the library refuses to choose.
    import ctypes
    from wayfinder import _native
    array = np.ascontiguousarray(points)
    radii = np.full(len(points), 5.0)
    out, length = ctypes.c_void_p(), ctypes.c_size_t()
    status = _native.lib().wf_match_json(graph._handle, 0, array.ctypes.data, len(points), None, radii.ctypes.data,
                                         ("radiuses=" + ";".join(["5"] * len(points))).encode(),
                                         ctypes.byref(out), ctypes.byref(length))
    _native.check(status)


def test_datetime_timestamps_and_radius_lists(graph, traces):
    points, times, _ = traces[1]
    want = graph.match(points, timestamps=times, radiuses=[10.0] * len(points))
    as_dates = (times * 1e9).astype("datetime64[ns]")
    assert graph.match(points, timestamps=as_dates, radiuses=[10] * len(points)) == want
    assert graph.match(points, timestamps=list(times), radiuses=[None] * len(points)) == graph.match(points, timestamps=times)


def test_threads_share_one_graph_matching(graph, traces):
    want = [graph.match(p, timestamps=t) for p, t, _ in traces]
    results = [None] * 4

    def work(i):
        results[i] = [graph.match(p, timestamps=t) for p, t, _ in traces]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == want for r in results)


def traces_frame(traces, with_time: bool = True, shuffled: bool = True, seed: int = 7) -> pd.DataFrame:
    """The traces as rows trace_id, lat, lon, timestamp; `shuffled`: the traces' rows
    interleaved (each trace's own points still in order), as records of many vehicles come."""
    rows = []
    for i, (points, times, _) in enumerate(traces):
        frame = pd.DataFrame({"trace_id": f"t{i:04d}", "lat": points[:, 0], "lon": points[:, 1]})
        if with_time:
            frame["timestamp"] = times
        rows.append(frame)
    frame = pd.concat(rows, ignore_index=True)
    if shuffled:
        # Rows in a random order, then each trace's rows put back in their own order at the
        # places they took: traces interleaved, every trace's points in order.
        rng = np.random.default_rng(seed)
        slots = rng.permutation(len(frame))
        trace = frame["trace_id"].to_numpy()
        order = np.empty(len(frame), dtype=np.int64)
        for name in np.unique(trace):
            rows = np.flatnonzero(trace == name)
            order[np.sort(slots[rows])] = rows
        frame = frame.iloc[order]
    return frame.reset_index(drop=True)


def trace_partitions(frame: pd.DataFrame, n: int):
    """A Dask DataFrame of n partitions, each holding whole traces (cut between traces)."""
    ids = frame["trace_id"].unique()
    parts = [frame[frame["trace_id"].isin(group)] for group in np.array_split(ids, n)]
    return dd.concat([dd.from_pandas(part, npartitions=1, sort=False) for part in parts])


def expected_rows(graph, traces, with_time: bool = True, **options) -> pd.DataFrame:
    rows = [MatchSummary(graph.match(p, "driving", timestamps=t if with_time else None, geometries="polyline6",
                                     overview="full", **options)) for p, t, _ in traces]
    ids = pd.Series([f"t{i:04d}" for i in range(len(traces))])
    return wd._match_frame(ids, rows)


def assert_matched_equal(got: pd.DataFrame, want: pd.DataFrame) -> None:
    got = got.sort_values("trace_id").reset_index(drop=True)
    assert list(got.columns) == wd.MATCH_COLUMNS
    assert got["trace_id"].tolist() == want["trace_id"].tolist()
    for column in ("code", "matched_points", "geometry"):
        assert got[column].tolist() == want[column].tolist(), column
    for column in ("confidence", "distance_m", "duration_s"):
        np.testing.assert_array_equal(got[column].to_numpy(), want[column].to_numpy())


def test_match_traces_equals_graph_match(graph, andorra_graph, traces):
    frame = traces_frame(traces)
    ddf = dd.from_pandas(frame, npartitions=5)
    matched = wd.match_traces(ddf, andorra_graph, "driving")
    assert list(matched.columns) == wd.MATCH_COLUMNS
    got = matched.compute(scheduler="sync")
    assert list(got.dtypes) == list(matched.dtypes)
    assert len(got) == len(traces) and (got["code"] == "Ok").all()
    assert_matched_equal(got, expected_rows(graph, traces))
    # Timestamps as time-zone-aware datetimes: the same seconds, the same rows.
    dated = frame.assign(timestamp=pd.to_datetime(frame["timestamp"], unit="s", utc=True).dt.tz_convert("Europe/Andorra"))
    got = wd.match_traces(dd.from_pandas(dated, npartitions=2), andorra_graph).compute(scheduler="sync")
    assert_matched_equal(got, expected_rows(graph, traces))
    # Without the timestamp column, with options, and from input already partitioned by trace.
    got = wd.match_traces(dd.from_pandas(frame.drop(columns="timestamp"), npartitions=3), andorra_graph,
                          gaps="ignore", tidy=True).compute(scheduler="threads")
    assert_matched_equal(got, expected_rows(graph, traces, with_time=False, gaps="ignore", tidy=True))
    ddf = trace_partitions(traces_frame(traces, shuffled=False), 3)
    got = wd.match_traces(ddf, andorra_graph, traces_partitioned=True).compute(scheduler="sync")
    assert_matched_equal(got, expected_rows(graph, traces))


def test_match_traces_split_trace(graph, andorra_graph, traces):
    points, times, route = max(traces, key=lambda t: len(t[0]))
    gapped = times.copy()
    gapped[len(points) // 2:] += 3600.0
    both = [(points, gapped, route), traces[0]]
    got = wd.match_traces(dd.from_pandas(traces_frame(both), npartitions=2), andorra_graph).compute(scheduler="sync")
    want = expected_rows(graph, both)
    assert_matched_equal(got, want)
    assert len(decode_polyline(want["geometry"][0])) > len(decode_polyline(
        graph.match(points[:len(points) // 2], timestamps=gapped[:len(points) // 2], geometries="polyline6",
                    overview="full")["matchings"][0]["geometry"]))


def test_match_traces_bad_input(andorra_graph, traces):
    frame = traces_frame(traces[:3])
    with pytest.raises(wayfinder.BadInputError, match="trace_id"):
        wd.match_traces(dd.from_pandas(frame.drop(columns="trace_id"), npartitions=1), andorra_graph)
    with pytest.raises(wayfinder.BadInputError, match="geometries"):
        wd.match_traces(dd.from_pandas(frame, npartitions=1), andorra_graph, geometries="geojson")
    with pytest.raises(wayfinder.ModeError):
        wd.match_traces(dd.from_pandas(frame, npartitions=1), andorra_graph, "boat")
    back = frame.copy()
    row = back.index[back["trace_id"] == "t0001"][2]
    back.loc[row, "timestamp"] = 0.0
    with pytest.raises(wayfinder.BadInputError, match="t0001.*timestamp"):
        wd.match_traces(dd.from_pandas(back, npartitions=2), andorra_graph).compute(scheduler="sync")


def test_polyline_join():
    a = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
    pa = decode_polyline(a, 5)
    assert pa == [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)] and encode_polyline(pa, 5) == a
    pb = [(43.252, -126.453), (44.0, -127.5)]
    b = encode_polyline(pb, 5)
    assert decode_polyline(join_polylines([a, b]), 5) == pa + pb[1:]
    assert decode_polyline(join_polylines([a, a]), 5) == pa + pa
    assert join_polylines([a]) == a
