"""deploy/ parses and validates: Kubernetes manifests against the Kubernetes schemas
(kubernetes-validate, strict), the compose file's structure, and the Dockerfile's sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from service.proxies import parse_trusted

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def test_kubernetes_manifests_validate_strictly_against_the_kubernetes_schemas() -> None:
    manifests = sorted(str(p) for p in (DEPLOY / "k8s").glob("*.yaml"))
    assert len(manifests) == 4
    tool = Path(sys.executable).parent / "kubernetes-validate"
    result = subprocess.run(
        [str(tool), "--strict", "--quiet", *manifests], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    kinds = sorted(
        doc["kind"] for m in manifests for doc in yaml.safe_load_all(Path(m).read_text()) if doc
    )
    assert kinds == ["ConfigMap", "Deployment", "Deployment", "Service", "Service", "StatefulSet"]


def test_api_deployment_probes_health_and_readiness() -> None:
    api = next(yaml.safe_load_all((DEPLOY / "k8s" / "api.yaml").read_text()))
    container = api["spec"]["template"]["spec"]["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"


def test_compose_file_runs_api_worker_and_redis_wired_together() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"api", "worker", "redis"}
    for name in ("api", "worker"):
        assert services[name]["environment"]["REDIS_URL"] == "redis://redis:6379/0"
        assert set(services[name]["depends_on"]) <= set(services)
        build = services[name]["build"]
        assert (DEPLOY / build["context"] / build["dockerfile"]).exists()
    assert services["worker"]["command"][:3] == ["celery", "-A", "workers.app"]
    assert "COVEN_TRUSTED_PROXIES" in services["api"]["environment"]
    for volume in services["redis"]["volumes"]:
        assert volume.split(":")[0] in compose["volumes"]


def test_dockerfile_copies_only_what_exists() -> None:
    root = DEPLOY.parent
    for line in (DEPLOY / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY ") and "--from=" not in line:  # not from an earlier stage
            for source in line.split()[1:-1]:
                assert (root / source).exists(), source


def test_the_api_believes_forwarded_headers_only_from_the_configured_proxies() -> None:
    config = next(yaml.safe_load_all((DEPLOY / "k8s" / "configmap.yaml").read_text()))
    parse_trusted(config["data"]["COVEN_TRUSTED_PROXIES"])
    command = next(
        line for line in (DEPLOY / "Dockerfile").read_text().splitlines() if line.startswith("CMD")
    )
    assert '"--no-proxy-headers"' in command and '"--proxy-headers"' not in command
