#!/usr/bin/env python3
"""Batch routing at scale: the same random O/D pairs through one in-process Graph.routes call
and through wayfinder.dask.route_pairs on a loopback cluster of 1 and of 2 worker processes
(`dask scheduler` + `dask worker --nthreads 1`), with throughput, peak RSS per process and a
check that every answer equals the in-process one.

  bench_scale.py GRAPH WORKDIR [--pairs 1000000] [--partitions 100] [--workers 1,2]

Pairs join random points with a road within the snapping radius (sampled uniformly in the
graph's box, kept when a zero-length route from the point to itself is Ok), so pairs span
the whole map (on the 10x10 tiling: routes across many tiles). They are written to
WORKDIR/pairs (one Parquet file per partition), read by the workers themselves.
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


def sample_points(graph, n: int, box, seed: int) -> np.ndarray:
    """n points with a road nearby, uniformly over `box` ((lat0, lat1), (lon0, lon1))."""
    rng = np.random.default_rng(seed)
    (a, b), (c, d) = box
    kept = []
    total = 0
    while total < n:
        cand = np.round(np.column_stack((rng.uniform(a, b, 4 * n), rng.uniform(c, d, 4 * n))), 6)
        ok = graph.routes(np.hstack((cand, cand)), "driving").code == "Ok"
        kept.append(cand[ok])
        total += int(ok.sum())
    return np.vstack(kept)[:n]


def write_pairs(graph_path: str, workdir: Path, pairs: int, partitions: int, box) -> Path:
    import pandas as pd
    import wayfinder
    out, done = workdir / "pairs", workdir / "pairs.done"
    if done.exists() and json.loads(done.read_text()) == [pairs, partitions]:
        return out
    out.mkdir(parents=True, exist_ok=True)
    # A pool of at most 200,000 road points (sampling costs a snap per candidate, most of
    # the box being empty between tiles); pairs join two of them drawn at random.
    pool = min(2 * pairs, 200_000)
    with wayfinder.Graph(graph_path) as g:
        pts = sample_points(g, pool, box, seed=2026)
    rng = np.random.default_rng(2027)
    ends = rng.integers(0, pool, size=(2, pairs)) if pool < 2 * pairs else np.arange(2 * pairs).reshape(2, pairs)
    frame = pd.DataFrame(np.hstack((pts[ends[0]], pts[ends[1]])),
                         columns=["from_lat", "from_lon", "to_lat", "to_lon"])
    frame["pair_id"] = np.arange(pairs)
    for i, part in enumerate(np.array_split(np.arange(pairs), partitions)):
        frame.iloc[part].to_parquet(out / f"part-{i:04d}.parquet", index=False)
    done.write_text(json.dumps([pairs, partitions]))
    return out


INPROCESS = """
import json, resource, sys, time
import numpy as np, pandas as pd, wayfinder
graph_path, pairs_dir, out = sys.argv[1:4]
frame = pd.read_parquet(pairs_dir)
pairs = frame[["from_lat", "from_lon", "to_lat", "to_lon"]].to_numpy()
g = wayfinder.Graph(graph_path)
t, c = time.perf_counter(), time.process_time()
r = g.routes(pairs, "driving")
wall, cpu = time.perf_counter() - t, time.process_time() - c
np.savez(out, pair_id=frame["pair_id"].to_numpy(), code=r.code, distance_m=r.distance_m, duration_s=r.duration_s)
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "ok": int((r.code == "Ok").sum())}))
"""


def in_process(graph_path: str, pairs_dir: Path, workdir: Path) -> dict:
    out = workdir / "inprocess.npz"
    run = subprocess.run([sys.executable, "-c", INPROCESS, graph_path, str(pairs_dir), str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"in-process run failed:\n{run.stderr}")
    return json.loads(run.stdout)


def worker_peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def on_cluster(graph_path: str, pairs_dir: Path, workdir: Path, workers: int) -> dict:
    import dask.dataframe as dd
    import wayfinder.dask as wd
    from cluster import LoopbackCluster
    cluster = LoopbackCluster(workdir / f"cluster-{workers}", workers=workers)
    try:
        client = cluster.client
        client.run(lambda: __import__("wayfinder.dask"))       # imports outside the timing
        ddf = dd.read_parquet(str(pairs_dir))
        cpu0 = client.run(worker_cpu_s)
        load0 = os.getloadavg()[0]
        t = time.perf_counter()
        got = client.compute(wd.route_pairs(ddf, graph_path, "driving")).result()
        wall = time.perf_counter() - t
        cpu = {k: v - cpu0[k] for k, v in client.run(worker_cpu_s).items()}
        rss = client.run(worker_peak_rss_mb)
    finally:
        cluster.close()
    want = np.load(workdir / "inprocess.npz")
    got = got.sort_values("pair_id")
    equal = (np.array_equal(got["pair_id"].to_numpy(), want["pair_id"])
             and got["code"].tolist() == want["code"].tolist()
             and np.array_equal(got["distance_m"].to_numpy(), want["distance_m"], equal_nan=True)
             and np.array_equal(got["duration_s"].to_numpy(), want["duration_s"], equal_nan=True))
    return {"workers": workers, "wall_s": wall, "worker_cpu_s": sorted(cpu.values()),
            "load_avg_before": load0, "load_avg_after": os.getloadavg()[0],
            "worker_peak_rss_mb": sorted(rss.values()),
            "equal_to_in_process": bool(equal)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("graph"); p.add_argument("workdir")
    p.add_argument("--pairs", type=int, default=1_000_000)
    p.add_argument("--partitions", type=int, default=100)
    p.add_argument("--workers", default="1,2")
    p.add_argument("--box", default="42.3242,47.0554,0.9756,9.5564",
                   help="lat0,lat1,lon0,lon1 to sample in (default: the 10x10 Andorra tiling)")
    args = p.parse_args()
    v = [float(x) for x in args.box.split(",")]
    workdir = Path(args.workdir); workdir.mkdir(parents=True, exist_ok=True)
    graph = os.path.abspath(args.graph)
    t = time.perf_counter()
    pairs_dir = write_pairs(graph, workdir, args.pairs, args.partitions, ((v[0], v[1]), (v[2], v[3])))
    print(json.dumps({"pairs": args.pairs, "partitions": args.partitions,
                      "sampling_s": time.perf_counter() - t}), flush=True)
    base = in_process(graph, pairs_dir, workdir)
    base["pairs_per_s"] = args.pairs / base["wall_s"]
    print(json.dumps({"in_process": base}), flush=True)
    for n in (int(x) for x in args.workers.split(",")):
        r = on_cluster(graph, pairs_dir, workdir, n)
        r["pairs_per_s"] = args.pairs / r["wall_s"]
        r["max_worker_rss_over_in_process"] = max(r["worker_peak_rss_mb"]) / base["peak_rss_mb"]
        print(json.dumps({"cluster": r}), flush=True)


if __name__ == "__main__":
    main()
