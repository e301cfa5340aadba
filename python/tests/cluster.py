"""A real Dask cluster on loopback: `dask scheduler` and `dask worker` processes (each worker
under its nanny, --nthreads 1), as a deployment would start them, for tests and benchmarks."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import List

BIN = Path(sys.executable).parent   # the venv's dask command


class LoopbackCluster:
    def __init__(self, workdir: Path, workers: int = 2, memory_limit: str = "0") -> None:
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        self.scheduler_file = workdir / "scheduler.json"
        self.procs: List[subprocess.Popen] = []
        self.log = open(workdir / "cluster.log", "w")
        env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="false")
        self._start([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(self.scheduler_file)], env)
        self._wait(lambda: self.scheduler_file.exists(), "scheduler")
        for i in range(workers):
            self._start([str(BIN / "dask"), "worker", "--scheduler-file", str(self.scheduler_file),
                         "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard",
                         "--memory-limit", memory_limit, "--name", f"w{i}",
                         "--local-directory", str(workdir / f"w{i}")], env)
        from distributed import Client
        self.client = Client(scheduler_file=str(self.scheduler_file), timeout=60)
        self.client.wait_for_workers(workers, timeout=120)

    @property
    def address(self) -> str:
        return json.loads(self.scheduler_file.read_text())["address"]

    def _start(self, cmd: list, env: dict) -> None:
        self.procs.append(subprocess.Popen(cmd, stdout=self.log, stderr=self.log, env=env))

    def _wait(self, ready, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > deadline or any(p.poll() is not None for p in self.procs):
                raise RuntimeError(f"dask {what} did not start; see {self.log.name}")
            time.sleep(0.1)

    def worker_pids(self) -> dict:
        """Worker address → pid of the worker process itself (the nanny's child)."""
        return self.client.run(os.getpid)

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            for p in reversed(self.procs):
                p.terminate()
            for p in reversed(self.procs):
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
            self.log.close()
