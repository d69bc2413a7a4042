"""Portable packages (issue #12): image names, the dataset files Harbor reads, and the paper's trial budget.

Harbor's own code is the judge: its publish/sync path finder and manifest sync, its registry models and
its task-id resolution. The slow proofs (a wheel install outside the repository, podman builds of one
package folder, Harbor by docker_image) are ``.ci/portable.sh``.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from chibench import image_names
from chibench.package import dataset
from chibench.package.cli import PACKAGES
from chibench.package.harness import world_version
from chibench.package.render import DATASET_METRICS, TRIAL_RESOURCES
from chibench.sandbox.dockerfile import DockerfileError, interpret_text
from chibench.world.core import yamlio

REPO = PACKAGES.parent
TASK_DIRS = sorted(p.parent for p in PACKAGES.glob("*/task.toml"))
TASK_IDS = [d.name for d in TASK_DIRS]


def config(task_dir: Path) -> dict:
    return tomllib.loads((task_dir / "task.toml").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- image names


@pytest.mark.parametrize(("ref", "parsed"), [
    ("ghcr.io/chibench/chibench-agent:0.1.0", ("agent", "0.1.0")),
    ("registry.example.com:5000/team/sub/chibench-world:1.2.3", ("world", "1.2.3")),
    ("localhost/chibench-grader:0.1.0", ("grader", "0.1.0")),
    ("chibench-agent:0.1.0", ("agent", "0.1.0")),
    ("ghcr.io/chibench/chibench-agent-cli:0.1.0", ("agent", "0.1.0")),   # variants map to their role
    ("localhost/chibench-agent-codex:0.1.0", ("agent", "0.1.0")),
    ("ghcr.io/chibench/chibench-agent-claude:0.1.0", None),
    ("python:3.12-slim", None),
    ("ghcr.io/chibench/chibench-judge:0.1.0", None),
    ("ghcr.io/chibench/chibench-agent", None),              # no tag: which version would the sandbox build?
    ("ghcr.io/chibench/chibench-agent@sha256:" + "a" * 64, None),
])
def test_parse_ref(ref: str, parsed: tuple[str, str] | None) -> None:
    assert image_names.parse_ref(ref) == parsed


@pytest.mark.parametrize("bad", ["", "GHCR.io/Org", "ghcr.io/org/", "ghcr.io//org", "has space/x", "-lead.io"])
def test_bad_registry_is_refused(bad: str) -> None:
    if bad == "ghcr.io/org/":  # a trailing slash is tolerated
        assert image_names.validate_registry(bad) == "ghcr.io/org"
        return
    with pytest.raises(ValueError, match="registry prefix"):
        image_names.validate_registry(bad)


def test_registry_is_set_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(image_names.REGISTRY_ENV, raising=False)
    assert image_names.qualified_ref("world", "0.1.0") == f"{image_names.DEFAULT_REGISTRY}/chibench-world:0.1.0"
    monkeypatch.setenv(image_names.REGISTRY_ENV, "registry.example.com/lab")
    assert image_names.qualified_ref("world", "0.1.0") == "registry.example.com/lab/chibench-world:0.1.0"
    assert image_names.qualified_ref("agent", "2", "other.io/x") == "other.io/x/chibench-agent:2"
    with pytest.raises(ValueError, match="unknown image role"):
        image_names.qualified_ref("judge", "0.1.0")


@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=TASK_IDS)
def test_every_package_names_its_images_fully_qualified(task_dir: Path) -> None:
    """docker_image for the agent's box; world and grader FROM the qualified names (overridable by ARG)."""
    v = world_version()
    assert config(task_dir)["environment"]["docker_image"] == f"{image_names.DEFAULT_REGISTRY}/chibench-agent:{v}"
    for rel, role in (("environment/world/Dockerfile", "world"), ("tests/Dockerfile", "grader")):
        text = (task_dir / rel).read_text(encoding="utf-8")
        assert f"={image_names.DEFAULT_REGISTRY}/chibench-{role}:{v}\n" in text
        assert interpret_text(text, v).role == role   # the sandbox reads the same file
    fallback = (task_dir / "environment" / "Dockerfile").read_text(encoding="utf-8")
    assert "FROM ${BASE}" in fallback and "chibench-agent" not in fallback.split("FROM", 1)[1]
    assert f'--target /tmp/chibench-dist "chibench=={v}"' in fallback and "rm -rf /tmp/chibench-dist" in fallback


def test_sandbox_refuses_images_that_are_not_ours() -> None:
    with pytest.raises(DockerfileError, match="shared images"):
        interpret_text("FROM python:3.12-slim\n", "0.1.0")
    with pytest.raises(DockerfileError, match="does not match the installed chibench"):
        interpret_text("FROM ghcr.io/chibench/chibench-world:9.9.9\n", "0.1.0")


@pytest.mark.parametrize(("docker_image", "ok"), [
    ("ghcr.io/chibench/chibench-agent:0.1.0", True),
    ("registry.example.com/lab/chibench-agent:0.1.0", True),
    ("ghcr.io/chibench/chibench-world:0.1.0", False),     # the world image is never the agent's box
    ("python:3.12-slim", False),
])
def test_sandbox_accepts_only_the_agent_image_as_docker_image(tmp_path: Path, docker_image: str, ok: bool) -> None:
    from harbor.models.task.config import EnvironmentConfig

    from chibench.sandbox.environment import SandboxEnvironment

    env = SandboxEnvironment.__new__(SandboxEnvironment)
    env.task_env_config = EnvironmentConfig(docker_image=docker_image)
    env.environment_dir = tmp_path
    if ok:
        env._validate_definition()
    else:
        with pytest.raises(ValueError, match="only the shared agent"):
            env._validate_definition()


# ---------------------------------------------------------------- the paper's trial resources


@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=TASK_IDS)
def test_trial_resources_follow_the_paper(task_dir: Path) -> None:
    """App. F: 1,800 s agent timeout, 2 CPUs, 4 GB per task."""
    assert TRIAL_RESOURCES == {"agent_timeout_sec": 1800, "cpus": 2, "memory_mb": 4096}
    cfg = config(task_dir)
    assert cfg["agent"]["timeout_sec"] == 1800.0
    assert (cfg["environment"]["cpus"], cfg["environment"]["memory_mb"]) == (2, 4096)


# ---------------------------------------------------------------- Harbor's dataset machinery


def test_harbor_publish_and_sync_find_every_task(tmp_path: Path) -> None:
    """Harbor's own path finder (`harbor publish packages/`) and manifest sync find every task; digests current."""
    from harbor.cli.publish import _resolve_paths
    from harbor.cli.sync import sync_dataset

    task_dirs, dataset_dirs, _, _ = _resolve_paths([PACKAGES])
    assert dataset_dirs == [PACKAGES.resolve()]
    assert sorted(d.name for d in task_dirs) == TASK_IDS
    copy = tmp_path / "packages"
    shutil.copytree(PACKAGES, copy)
    changes = sync_dataset(copy)   # writes the manifest back: run on a copy
    assert sorted(c.name for c in changes) == [f"chibench/{t}" for t in TASK_IDS]
    assert {c.source for c in changes} == {"unchanged"}, [c for c in changes if c.source != "unchanged"]
    assert not (REPO / "dataset.toml").exists(), "a root dataset.toml is where publish/sync find no task"


def test_published_dataset_name_is_what_harbor_resolves() -> None:
    """`-d org/name` is a hub package; the manifest's name is the README's `-d` for the published dataset."""
    from harbor.models.dataset.manifest import DatasetManifest
    from harbor.models.job.config import DatasetConfig

    manifest = DatasetManifest.from_toml_file(PACKAGES / "dataset.toml")
    assert manifest.dataset.name == "chibench/chibench"
    assert DatasetConfig(name=manifest.dataset.name, ref="latest").is_package()
    assert DatasetConfig(name="chibench", registry_path=REPO / "registry.json").is_registry()
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "-d chibench/chibench" in readme


def _specs(data: bytes) -> list:
    from harbor.models.registry import DatasetSpec

    return [DatasetSpec.model_validate(row) for row in json.loads(data)]


def test_committed_registry_declares_metrics_and_every_task() -> None:
    spec, = _specs((REPO / "registry.json").read_bytes())
    assert (spec.name, spec.version) == ("chibench", world_version())
    assert sorted(t.name for t in spec.tasks) == TASK_IDS
    assert [m.model_dump(mode="json") for m in spec.metrics] == DATASET_METRICS
    for t in spec.tasks:
        assert (REPO / t.path / "task.toml").is_file() and not t.path.is_absolute()


def test_published_registry_pins_git_url_and_commit() -> None:
    from harbor.models.task.id import GitTaskId

    commit = "0123456789abcdef0123456789abcdef01234567"
    spec, = _specs(dataset.registry_published(TASK_IDS, "https://github.com/lab/chibench.git", commit))
    for t in spec.tasks:
        tid = t.to_source_task_id()
        assert isinstance(tid, GitTaskId)
        assert (tid.git_url, tid.git_commit_id, str(tid.path)) == (
            "https://github.com/lab/chibench.git", commit, f"packages/{t.name}")


@pytest.mark.parametrize(("url", "commit", "says"), [
    ("https://github.com/lab/chibench.git", "v0.1.0", "40-hex-digit"),
    ("https://github.com/lab/chibench.git", "abc123", "40-hex-digit"),
    ("github.com/lab/chibench", "0" * 40, "expected an https://"),
])
def test_published_registry_refuses_bad_pins(url: str, commit: str, says: str) -> None:
    with pytest.raises(dataset.DatasetError, match=says):
        dataset.registry_published(TASK_IDS, url, commit)


def test_local_registry_and_job_config_work_from_any_directory(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Harbor resolves local task paths and config paths against the current directory: ours are absolute."""
    from harbor.models.job.config import JobConfig

    files = dataset.local_files(REPO)
    registry = REPO.resolve() / dataset.LOCAL_REGISTRY
    spec, = _specs(files[registry])
    monkeypatch.chdir(tmp_path)
    for t in spec.tasks:
        local = t.to_source_task_id().get_local_path()
        assert local == (PACKAGES / t.name).resolve() and (local / "task.toml").is_file()
    job = JobConfig.model_validate(yamlio.load(files[REPO.resolve() / dataset.JOB_CONFIG]))
    ds, = job.datasets
    assert ds.is_registry() and ds.registry_path == registry and ds.registry_path.is_absolute()
    assert Path(job.jobs_dir).is_absolute() and job.n_attempts == 3
