#!/usr/bin/env python3
"""Writes the wayfinder wheel from python/wayfinder/ and a staged native directory.

    python3 python/build_wheel.py NATIVE_DIR OUT_DIR

NATIVE_DIR holds libWayfinderC.so and the runtime libraries it needs (scripts/stage-native);
they go to wayfinder/_lib/ in the wheel. Standard library only (zipfile): the wheel is a
platform wheel (py3-none-linux_<arch>) holding no compiled Python extension, so no build
backend is needed. Name, version, summary and dependencies come from pyproject.toml.
Prints the wheel's path.
"""
from __future__ import annotations

import base64
import hashlib
import platform
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def project_fields() -> dict:
    """The [project] table of pyproject.toml (tomllib: Python 3.11+, Debian 12's python3)."""
    import tomllib
    with open(HERE / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    project.setdefault("dependencies", [])
    project["extras"] = project.get("optional-dependencies", {})
    return project


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main(native_dir: Path, out_dir: Path) -> Path:
    fields = project_fields()
    name, version = fields["name"], fields["version"]
    tag = f"py3-none-linux_{platform.machine()}"
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes, int]] = []   # (archive name, bytes, unix mode)
    for path in sorted((HERE / "wayfinder").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
            files.append((path.relative_to(HERE).as_posix(), path.read_bytes(), 0o644))
    libraries = sorted(p for p in native_dir.iterdir() if p.is_file() and ".so" in p.name)
    if not any(p.name == "libWayfinderC.so" for p in libraries):
        sys.exit(f"build_wheel: no libWayfinderC.so in {native_dir}")
    for path in libraries:
        files.append((f"wayfinder/_lib/{path.name}", path.read_bytes(), 0o755))

    metadata = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
                f"Summary: {fields.get('description', '')}",
                f"Requires-Python: {fields.get('requires-python', '>=3.9')}"]
    metadata += [f"Requires-Dist: {d}" for d in fields["dependencies"]]
    for extra, deps in fields["extras"].items():
        metadata.append(f"Provides-Extra: {extra}")
        metadata += [f'Requires-Dist: {d} ; extra == "{extra}"' for d in deps]
    readme = HERE / "README.md"
    body = readme.read_text() if readme.exists() else ""
    metadata += ["Description-Content-Type: text/markdown", "", body]
    wheel = ["Wheel-Version: 1.0", "Generator: wayfinder build_wheel.py",
             "Root-Is-Purelib: false", f"Tag: {tag}", ""]
    files.append((f"{dist_info}/METADATA", "\n".join(metadata).encode(), 0o644))
    files.append((f"{dist_info}/WHEEL", "\n".join(wheel).encode(), 0o644))

    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob(f"{name}-*.whl"):
        old.unlink()
    target = out_dir / f"{name}-{version}-{tag}.whl"
    records = [record_line(n, d) for n, d, _ in files] + [f"{dist_info}/RECORD,,"]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname, data, mode in files:
            info = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(2026, 1, 1, 0, 0, 0))
        archive.writestr(info, "\n".join(records) + "\n")
    return target


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(main(Path(sys.argv[1]), Path(sys.argv[2])))
