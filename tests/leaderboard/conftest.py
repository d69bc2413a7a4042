"""Fixtures: ``harbor_job`` builds a job directory under ``tmp_path``; ``runs`` are real graded in-process runs
(oracle, nop, near miss) of one shipped task, once per session; ``submission`` lays them out as a submission."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.agents.support import inproc, skills  # noqa: F401  (the reference-agent recall test's fixtures)
from tests.leaderboard.harbor_jobs import HarborJob
from tests.leaderboard.submissions import Run, SubmissionBuilder, real_runs


@pytest.fixture()
def harbor_job(tmp_path: Path) -> HarborJob:
    pytest.importorskip("harbor", reason="Harbor (host tooling, Python ≥ 3.12) is not installed")
    return HarborJob(tmp_path)


@pytest.fixture(scope="session")
def runs(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    pytest.importorskip("harbor", reason="Harbor (host tooling, Python ≥ 3.12) is not installed")
    out = real_runs(base_world_file, tmp_path_factory.mktemp("runs"))
    assert (out["oracle"].reward, out["nop"].reward, out["near_miss"].reward) == (1, 0, 0)
    return out


@pytest.fixture()
def submission(runs: dict[str, Run], tmp_path: Path) -> Callable[..., SubmissionBuilder]:
    """``submission(name="s", n_attempts=3)`` → a fresh :class:`SubmissionBuilder` under ``tmp_path/name``."""

    def make(name: str = "sub", n_attempts: int = 3) -> SubmissionBuilder:
        return SubmissionBuilder(tmp_path / name, runs, n_attempts=n_attempts)

    return make
