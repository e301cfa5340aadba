#!/usr/bin/env python3
"""Map matching at scale: the same synthetic GPS traces matched in one process (Graph.match
trace by trace) and through wayfinder.dask.match_traces on a loopback cluster of 1 and of 2
worker processes (`dask scheduler` + `dask worker --nthreads 1`), with throughput, the ratio
of 2 workers to 1, and a check that every row equals the in-process one.

  bench_match.py GRAPH WORKDIR [--traces 100000] [--partitions 100] [--workers 1,2]
                 [--shuffle] [--box lat0,lat1,lon0,lon1]

Traces: a route between a random road point of the box and a road point within 0.02° of it
(a few km), its own geometry resampled every ~100 m (10 to 30 points), each point moved by
3 m of Gaussian noise and rounded to 6 decimals, with whole-second timestamps at the route's
speed (python/tests/conftest.py's route_trace). They are written to WORKDIR/traces, one
Parquet file per partition holding whole traces (columns trace_id, lat, lon, timestamp),
read by the workers themselves. By default match_traces is told so (traces_partitioned=True);
--shuffle leaves it to shuffle the rows on trace_id first, as it does for input of unknown
layout.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))


def write_traces(graph_path: str, workdir: Path, traces: int, partitions: int, box) -> Path:
    import pandas as pd
    import wayfinder
    from bench_scale import sample_points
    from conftest import route_trace
    out, done = workdir / "traces", workdir / "traces.done"
    marker = json.dumps([traces, partitions, [list(b) for b in box]])
    if done.exists() and done.read_text() == marker:
        return out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.parquet"):
        old.unlink()
    rng = np.random.default_rng(2028)
    made = []
    with wayfinder.Graph(graph_path) as g:
        seed = 2029
        while len(made) < traces:
            starts = sample_points(g, min(traces, 20_000), box, seed)
            seed += 1
            ends = np.round(starts + rng.uniform(-0.02, 0.02, starts.shape), 6)
            near = g.routes(np.hstack((ends, ends)), "driving").code == "Ok"
            for a, b in zip(starts[near].tolist(), ends[near].tolist()):
                trace = route_trace(g, a, b, rng)
                if trace is not None:
                    made.append(trace[:2])
                if len(made) == traces:
                    break
    for i, part in enumerate(np.array_split(np.arange(traces), partitions)):
        frames = []
        for t in part.tolist():
            points, times = made[t]
            frames.append(pd.DataFrame({"trace_id": np.full(len(points), t, dtype=np.int64), "lat": points[:, 0],
                                        "lon": points[:, 1], "timestamp": times}))
        pd.concat(frames, ignore_index=True).to_parquet(out / f"part-{i:04d}.parquet", index=False)
    done.write_text(marker)
    return out


INPROCESS = """
import json, resource, sys, time
import numpy as np, pandas as pd, wayfinder
from wayfinder.results import MatchSummary
graph_path, traces_dir, out = sys.argv[1:4]
frame = pd.read_parquet(traces_dir)
ids = frame["trace_id"].to_numpy()
points = frame[["lat", "lon"]].to_numpy()
times = frame["timestamp"].to_numpy(dtype=np.float64)
starts = np.flatnonzero(np.concatenate(([True], ids[1:] != ids[:-1])))
ends = np.append(starts[1:], len(ids))
g = wayfinder.Graph(graph_path)
t, c = time.perf_counter(), time.process_time()
rows = [MatchSummary(g.match(points[s:e], "driving", timestamps=times[s:e], geometries="polyline6", overview="full"))
        for s, e in zip(starts.tolist(), ends.tolist())]
wall, cpu = time.perf_counter() - t, time.process_time() - c
result = pd.DataFrame(rows, columns=list(MatchSummary.fields))
result.insert(0, "trace_id", ids[starts])
result.to_parquet(out, index=False)
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "traces": len(rows), "points": len(ids), "codes": result["code"].value_counts().to_dict()}))
"""


def in_process(graph_path: str, traces_dir: Path, workdir: Path) -> dict:
    out = workdir / "inprocess.parquet"
    run = subprocess.run([sys.executable, "-c", INPROCESS, graph_path, str(traces_dir), str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"in-process run failed:\n{run.stderr}")
    return json.loads(run.stdout)


def worker_peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def equal_rows(got, want) -> bool:
    got = got.sort_values("trace_id").reset_index(drop=True)
    if got["trace_id"].tolist() != want["trace_id"].tolist():
        return False
    same = all(got[c].astype(object).where(got[c].notna(), None).tolist()
               == want[c].astype(object).where(want[c].notna(), None).tolist()
               for c in ("code", "matched_points", "geometry"))
    return same and all(np.array_equal(got[c].to_numpy(np.float64), want[c].to_numpy(np.float64), equal_nan=True)
                        for c in ("confidence", "distance_m", "duration_s"))


def on_cluster(graph_path: str, traces_dir: Path, workdir: Path, workers: int, shuffle: bool) -> dict:
    import dask.dataframe as dd
    import pandas as pd
    import wayfinder.dask as wd
    from cluster import LoopbackCluster
    cluster = LoopbackCluster(workdir / f"cluster-{workers}", workers=workers)
    try:
        client = cluster.client
        client.run(lambda: __import__("wayfinder.dask"))       # imports outside the timing
        ddf = dd.read_parquet(str(traces_dir))
        cpu0 = client.run(worker_cpu_s)
        load0 = os.getloadavg()[0]
        t = time.perf_counter()
        got = client.compute(wd.match_traces(ddf, graph_path, "driving", traces_partitioned=not shuffle)).result()
        wall = time.perf_counter() - t
        cpu = {k: v - cpu0[k] for k, v in client.run(worker_cpu_s).items()}
        rss = client.run(worker_peak_rss_mb)
    finally:
        cluster.close()
    want = pd.read_parquet(workdir / "inprocess.parquet")
    return {"workers": workers, "shuffle": shuffle, "wall_s": wall, "worker_cpu_s": sorted(cpu.values()),
            "load_avg_before": load0, "load_avg_after": os.getloadavg()[0],
            "worker_peak_rss_mb": sorted(rss.values()), "traces": len(got),
            "equal_to_in_process": bool(len(got) == len(want) and equal_rows(got, want))}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("graph"); p.add_argument("workdir")
    p.add_argument("--traces", type=int, default=100_000)
    p.add_argument("--partitions", type=int, default=100)
    p.add_argument("--workers", default="1,2")
    p.add_argument("--shuffle", action="store_true", help="let match_traces shuffle the rows on trace_id")
    p.add_argument("--box", default="42.3242,47.0554,0.9756,9.5564",
                   help="lat0,lat1,lon0,lon1 to sample in (default: the 10x10 Andorra tiling)")
    args = p.parse_args()
    v = [float(x) for x in args.box.split(",")]
    workdir = Path(args.workdir); workdir.mkdir(parents=True, exist_ok=True)
    graph = os.path.abspath(args.graph)
    t = time.perf_counter()
    traces_dir = write_traces(graph, workdir, args.traces, args.partitions, ((v[0], v[1]), (v[2], v[3])))
    print(json.dumps({"traces": args.traces, "partitions": args.partitions,
                      "sampling_s": time.perf_counter() - t}), flush=True)
    base = in_process(graph, traces_dir, workdir)
    base["traces_per_s"] = args.traces / base["wall_s"]
    print(json.dumps({"in_process": base}), flush=True)
    rates = {}
    for n in (int(x) for x in args.workers.split(",")):
        r = on_cluster(graph, traces_dir, workdir, n, args.shuffle)
        r["traces_per_s"] = rates[n] = args.traces / r["wall_s"]
        print(json.dumps({"cluster": r}), flush=True)
    if 1 in rates and 2 in rates:
        print(json.dumps({"two_workers_over_one": rates[2] / rates[1]}), flush=True)


if __name__ == "__main__":
    main()
