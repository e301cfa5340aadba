"""The wheel installs into a fresh virtualenv and answers there, with nothing it loads
resolved from the Swift toolchain (scripts/check-native: ldd and a run with the toolchain
hidden from the loader). The wheel is $WAYFINDER_WHEEL or the one in dist/."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def the_wheel() -> Path:
    given = os.environ.get("WAYFINDER_WHEEL")
    wheels = [Path(given)] if given else sorted((ROOT / "dist").glob("wayfinder-*.whl"))
    if not wheels:
        pytest.skip("no wheel: run scripts/build-wheel (scripts/test does)")
    return wheels[-1]


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(the_wheel())],
                   check=True)
    return venv


SMOKE = """
import sys, wayfinder
g = wayfinder.Graph(sys.argv[1])
r = g.routes([[42.5063, 1.5218, 42.4625, 1.4912]], "driving")
d, _ = g.table([[42.5063, 1.5218]], [[42.4625, 1.4912]], "walking")
iso = g.isochrone(42.5078, 1.5211, "walking", minutes=[5])
print(wayfinder.library_path(), r.code[0], r.duration_s[0] > 0, d[0, 0] > 0, len(iso["features"]) == 1)
"""


def clean_env() -> dict:
    """No development overrides: the installed package must find its own library."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("WAYFINDER_LIB", "PYTHONPATH", "LD_LIBRARY_PATH")}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    return env


def test_wheel_works_in_fresh_venv(fresh_venv, andorra_graph):
    out = subprocess.run([str(fresh_venv / "bin" / "python"), "-c", SMOKE, andorra_graph],
                         check=True, capture_output=True, text=True, env=clean_env(),
                         cwd="/").stdout.split()
    assert out[0].startswith(str(fresh_venv)), out
    assert out[1:] == ["Ok", "True", "True", "True"]


def toolchain_root() -> Path:
    """The Swift toolchain's usr/ (from `swift` on PATH), whose libraries must not be used."""
    swift = shutil.which("swift")
    if swift is None:
        pytest.skip("no Swift toolchain on PATH: nothing to hide")
    return Path(swift).parent.parent    # /opt/swift/usr for /opt/swift/usr/bin/swift (a symlink itself)


def test_wheel_loads_nothing_from_the_toolchain(fresh_venv, andorra_graph):
    lib_dirs = list(fresh_venv.glob("lib/python*/site-packages/wayfinder/_lib"))
    assert len(lib_dirs) == 1 and (lib_dirs[0] / "libWayfinderC.so").exists()
    root = str(toolchain_root())
    for lib in sorted(lib_dirs[0].glob("*.so*")):
        out = subprocess.run(["ldd", str(lib)], check=True, capture_output=True, text=True,
                             env=clean_env()).stdout
        assert "not found" not in out, f"{lib.name}: {out}"
        assert root not in out, f"{lib.name} resolves into the toolchain {root}:\n{out}"
    # GEOS (the isochrones' contours) is bundled: libgeos_c and the libgeos it loads resolve
    # into the wheel's own _lib (RUNPATH $ORIGIN), not to the system's copies.
    deps = subprocess.run(["ldd", str(lib_dirs[0] / "libWayfinderC.so")], check=True, capture_output=True,
                          text=True, env=clean_env()).stdout
    for name in ("libgeos_c.so", "libgeos.so"):
        lines = [line for line in deps.splitlines() if line.strip().startswith(name)]
        assert lines and all(str(lib_dirs[0]) in line for line in lines), f"{name} not from the wheel:\n{deps}"
    check = ROOT / "scripts" / "check-native"
    # ldd again and a table routed with the toolchain's directory hidden (a private mount
    # namespace; as root, as CI runs).
    result = subprocess.run([str(check), str(lib_dirs[0]), andorra_graph], capture_output=True,
                            text=True, env=clean_env())
    assert result.returncode == 0, result.stdout + result.stderr
    print(result.stdout)
