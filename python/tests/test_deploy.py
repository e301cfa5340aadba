"""deploy/: every manifest is valid Kubernetes, the manifests agree with each other, and the
container file copies real paths and installs the libraries `wayfinder serve` loads.

No cluster and no container engine here: the schemas come from kubernetes-validate (PyPI),
checked strictly (unknown fields are errors) against KUBERNETES_VERSION.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
# The oldest Kubernetes the manifests are meant for (CronJob timeZone: 1.27; HPA v2: 1.23).
KUBERNETES_VERSION = "1.30.0"


def documents() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(DEPLOY.glob("*.yaml")) + sorted(DEPLOY.glob("*.yml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                found.append((path.name, doc))
    return found


def one(kind: str, name: str | None = None) -> dict:
    matches = [doc for _, doc in documents() if doc["kind"] == kind and name in (None, doc["metadata"]["name"])]
    assert len(matches) == 1, f"expected one {kind} {name or ''} in deploy/, found {len(matches)}"
    return matches[0]


def test_every_manifest_is_valid_kubernetes():
    docs = documents()
    assert {doc["kind"] for _, doc in docs} >= {
        "Deployment", "Service", "HorizontalPodAutoscaler", "CronJob", "PersistentVolumeClaim"}
    for name, doc in docs:
        try:
            kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{name}: {doc['kind']} {error.path}: {error.message}")


def test_the_manifests_refer_to_each_other():
    deployment, service, hpa = one("Deployment"), one("Service"), one("HorizontalPodAutoscaler")
    cronjob, claim = one("CronJob", "wayfinder-graph-rebuild"), one("PersistentVolumeClaim")
    traffic = one("CronJob", "wayfinder-traffic-update")
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert service["spec"]["selector"].items() <= labels.items(), "the Service selects no replica"
    # The jobs' pods carry other labels: the Service must not send them requests.
    for job in (cronjob, traffic):
        assert not service["spec"]["selector"].items() <= job["spec"]["jobTemplate"]["spec"]["template"]["metadata"]["labels"].items()
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"], target["name"]) == ("apps/v1", "Deployment", deployment["metadata"]["name"])
    assert [m["resource"]["name"] for m in hpa["spec"]["metrics"]] == ["cpu"]

    container = pod["spec"]["containers"][0]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert service["spec"]["ports"][0]["targetPort"] in ports
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert container[probe]["httpGet"]["path"] == "/health"
        assert container[probe]["httpGet"]["port"] in ports
    # HPA utilisation is measured against the CPU request: there must be one.
    assert "cpu" in container["resources"]["requests"]

    # Both workloads mount the one ReadWriteMany claim, at the same place, the directory whole.
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]
    job_pod = cronjob["spec"]["jobTemplate"]["spec"]["template"]
    traffic_pod = traffic["spec"]["jobTemplate"]["spec"]["template"]
    mounts = {}
    for spec in (pod["spec"], job_pod["spec"], traffic_pod["spec"]):
        claims = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in spec["volumes"] if "persistentVolumeClaim" in v}
        assert set(claims.values()) == {claim["metadata"]["name"]}
        for mount in spec["containers"][0]["volumeMounts"]:
            assert mount["name"] in claims and "subPath" not in mount
            mounts.setdefault(mount["mountPath"], []).append(mount.get("readOnly", False))
    assert mounts == {"/data": [True, False, False]}, "replicas read /data, the rebuild and the traffic updates write it"
    # The graph the replicas serve is the one the rebuild replaces.
    args = container["args"]
    served = args[args.index("--graph") + 1]
    rebuild = job_pod["spec"]["containers"][0]
    assert rebuild["args"][1] == served and served.startswith("/data/")
    assert rebuild["command"] == ["/opt/wayfinder/scripts/nightly-rebuild"]
    assert cronjob["spec"]["concurrencyPolicy"] == "Forbid"
    # The traffic updates customize the same graph, one at a time.
    update = traffic_pod["spec"]["containers"][0]
    assert update["args"][1] == served and update["command"] == ["/opt/wayfinder/scripts/traffic-update"]
    assert traffic["spec"]["concurrencyPolicy"] == "Forbid"


def instructions(text: str) -> list[tuple[str, str]]:
    """The container file's instructions (continuations joined, comments dropped)."""
    joined = re.sub(r"\\\n", " ", "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#")))
    return [(l.split()[0].upper(), l.split(None, 1)[1]) for l in joined.splitlines() if l.strip()]


def test_the_container_file_copies_real_paths():
    steps = instructions((DEPLOY / "Containerfile").read_text())
    stages = [arg.split()[-1] for op, arg in steps if op == "FROM" and " AS " in arg.upper()]
    assert stages == ["build"]
    assert any(op == "FROM" and arg == "debian:12-slim" for op, arg in steps)
    for op, arg in steps:
        if op != "COPY":
            continue
        words = arg.split()
        if words[0].startswith("--from="):
            assert words[0] == "--from=build"
            continue
        for source in words[:-1]:
            assert (ROOT / source).exists(), f"COPY {source}: no such path in the repository"
    # Every folder Package.swift names is copied; the product built exists.
    package = (ROOT / "Package.swift").read_text()
    assert '.executable(name: "wayfinder"' in package
    copied = {arg.split()[0] for op, arg in steps if op == "COPY" and not arg.startswith("--from")}
    for folder in {"Sources", "Tests", "Benchmarks"}:
        assert folder in copied
    nightly = ROOT / "scripts" / "nightly-rebuild"
    assert nightly.stat().st_mode & 0o111, "scripts/nightly-rebuild must be executable"
    assert "WAYFINDER_BIN" in nightly.read_text()


def test_the_runtime_stage_installs_what_the_binary_loads():
    """Each library a release `wayfinder` needs directly, outside the Swift toolchain, comes
    from a Debian package the runtime stage installs (ldd of the binary, dpkg -S for the owner)."""
    binary = ROOT / ".build" / "release" / "wayfinder"
    if not binary.exists() or not shutil.which("objdump") or not shutil.which("dpkg"):
        pytest.skip("needs a release build (swift build -c release), objdump and dpkg")
    text = (DEPLOY / "Containerfile").read_text()
    runtime = text[text.index("FROM debian:12-slim"):]
    installed = set(re.findall(r"[a-z0-9][a-z0-9.+-]+", runtime[runtime.index("apt-get install"):runtime.index("rm -rf")]))
    needed = re.findall(r"NEEDED\s+(\S+)", subprocess.run(["objdump", "-p", str(binary)], capture_output=True, text=True, check=True).stdout)
    paths = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(["ldd", str(binary)], capture_output=True, text=True).stdout, re.M))
    checked = 0
    for library in needed:
        if library.startswith("ld-linux"):
            continue  # the loader itself: libc6
        path = paths.get(library)
        assert path and path != "not", f"{library} does not resolve"
        if "/lib/swift/linux/" in path:
            continue  # copied from the toolchain by the build stage
        owner = subprocess.run(["dpkg", "-S", str(Path(path).resolve())], capture_output=True, text=True)
        if owner.returncode != 0:
            owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
        package = owner.stdout.split(":")[0]
        if package in ("libc6",):
            continue  # in every Debian image
        assert package in installed, f"{library} ({package}) is not installed by the runtime stage"
        checked += 1
    assert checked >= 5
