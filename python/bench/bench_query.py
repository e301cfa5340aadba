#!/usr/bin/env python3
"""Timings of the Python package on one graph (scripts/python-bench runs it):

  table GRAPH [--n 1000]            Graph.table n x n driving on one core (pinned), best/median
  osrm-table URL --graph G [--n 1000] OSRM's /table for the same n x n cells over HTTP (one request
                                    with 2n coordinates; osrm-routed needs --max-table-size >= n)
  overhead GRAPH [--calls 20000] [--rounds 7]
                                    per-call cost of Graph.routes for one pair vs the per-pair
                                    cost inside one batch call of the same pairs: the difference
                                    is what Python + ctypes add to each call

Points are random in Andorra's box (seed 7), rounded to 6 decimals: the same for every run.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.request

import numpy as np

ANDORRA_BOX = ((42.46, 42.62), (1.46, 1.72))


def points(n: int, seed: int, graph_path: str = "") -> np.ndarray:
    """n random points, rounded to 6 decimals; with a graph, only points that snap to a road
    (a table with an off-road point is NoSegment for OSRM and NaN rows for us)."""
    rng = np.random.default_rng(seed)
    (a, b), (c, d) = ANDORRA_BOX
    pts = np.round(np.column_stack((rng.uniform(a, b, 4 * n), rng.uniform(c, d, 4 * n))), 6)
    if graph_path:
        import wayfinder
        with wayfinder.Graph(graph_path) as g:
            pts = pts[g.routes(np.hstack((pts, pts)), "driving").code == "Ok"]
    return pts[:n]


def pin_one_core() -> None:
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def timed(fn, runs: int) -> list:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def cmd_table(args) -> dict:
    import wayfinder
    pin_one_core()
    src, dst = points(args.n, 7, args.graph), points(args.n, 8, args.graph)
    with wayfinder.Graph(args.graph) as g:
        g.table(src[:10], dst[:10], "driving")                  # warm: pages in, query objects made
        times = timed(lambda: g.table(src, dst, "driving"), args.runs)
        dur, dist = g.table(src, dst, "driving")
    return {"what": f"Graph.table {args.n}x{args.n} driving, 1 core", "best_s": min(times),
            "median_s": statistics.median(times), "cells": args.n * args.n,
            "cells_with_route": int(np.isfinite(dur).sum())}


def cmd_osrm_table(args) -> dict:
    src, dst = points(args.n, 7, args.graph), points(args.n, 8, args.graph)
    coords = ";".join(f"{lon},{lat}" for lat, lon in np.vstack((src, dst)).tolist())
    url = (f"{args.url}/table/v1/driving/{coords}?sources={';'.join(map(str, range(args.n)))}"
           f"&destinations={';'.join(map(str, range(args.n, 2 * args.n)))}&annotations=duration,distance")
    answers = []

    def request():
        with urllib.request.urlopen(url, timeout=600) as r:
            answers.append(r.read())

    request()                                                  # warm
    times = timed(request, args.runs)
    answer = json.loads(answers[-1])
    if answer.get("code") != "Ok":
        sys.exit(f"OSRM answered {answer.get('code')}: {answer.get('message')}")
    durations = np.array(answer["durations"], dtype=float)
    return {"what": f"OSRM /table {args.n}x{args.n} driving over HTTP", "best_s": min(times),
            "median_s": statistics.median(times), "url_bytes": len(url),
            "response_bytes": len(answers[-1]), "cells_with_route": int(np.isfinite(durations).sum())}


def cmd_overhead(args) -> dict:
    import wayfinder
    pin_one_core()
    pairs = np.hstack((points(1000, 9, args.graph), points(1000, 10, args.graph)))
    with wayfinder.Graph(args.graph) as g:
        ok = g.routes(pairs, "driving").code == "Ok"
        pairs = pairs[ok]
        rows = [pairs[i:i + 1].copy() for i in range(len(pairs))]
        g.routes(pairs, "driving")
        repeats = max(1, args.calls // len(rows))
        empty = np.empty((0, 4))
        # The three ways timed in turn, round after round, each figure the best of its rounds:
        # a busy minute on a shared machine then slows all three alike instead of one of them.
        batches, singles, calls = [], [], []
        for _ in range(args.rounds):
            batches += timed(lambda: [g.routes(pairs, "driving") for _ in range(repeats)], 1)
            singles += timed(lambda: [g.routes(r, "driving") for _ in range(repeats) for r in rows], 1)
            calls += timed(lambda: [g.routes(empty, "driving") for _ in range(repeats * len(rows))], 1)
        batch, single, call = (min(t) / (repeats * len(rows)) for t in (batches, singles, calls))
    return {"what": "Graph.routes per pair, driving, 1 core", "pairs": int(len(rows)), "rounds": args.rounds,
            "in_batch_us": batch * 1e6, "single_call_us": single * 1e6,
            "overhead_us": (single - batch) * 1e6, "empty_call_us": call * 1e6}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("table"); t.add_argument("graph"); t.add_argument("--n", type=int, default=1000)
    t.add_argument("--runs", type=int, default=5)
    o = sub.add_parser("osrm-table"); o.add_argument("url")
    o.add_argument("--graph", required=True, help="the Wayfinder graph that picks the same road points"); o.add_argument("--n", type=int, default=1000)
    o.add_argument("--runs", type=int, default=3)
    v = sub.add_parser("overhead"); v.add_argument("graph"); v.add_argument("--calls", type=int, default=20000)
    v.add_argument("--rounds", type=int, default=7)
    args = p.parse_args()
    result = {"table": cmd_table, "osrm-table": cmd_osrm_table, "overhead": cmd_overhead}[args.cmd](args)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
