"""Leaderboard submissions built from real graded runs.

:func:`real_runs` replays one shipped task in-process (``chibench package try``'s harness) with the oracle,
``nop`` and a near miss, keeping each run's world exports and scorecard. :class:`SubmissionBuilder` lays those
out as Harbor job folders (the :class:`HarborJob` fixture for result/config files, plus the trial
``lock.json`` with the published digest and the collected export under ``artifacts/``) with a
``submission.yaml``, so validate / regrade / build see what a real submission looks like.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from chibench.verifiers.grader import write_outputs
from tests.leaderboard.harbor_jobs import HarborJob

REPO = Path(__file__).resolve().parents[2]
PACKAGES = REPO / "packages"
TASK = "brca_testing.referral"
NEAR_MISS = "edi_278_without_answers"


@dataclass(frozen=True)
class Run:
    """One graded in-process run: its export folder (initial.json, final.json) and scorecard."""

    agent: str
    export_dir: Path
    scorecard: dict[str, Any]

    @property
    def reward(self) -> int:
        return int(self.scorecard["reward"])


def real_runs(base_world: Path, workdir: Path, task: str = TASK) -> dict[str, Run]:
    """``{"oracle": …, "nop": …, "near_miss": …}`` for ``task`` (graded without a judge)."""
    from chibench.package.harness import try_task
    from chibench.package.scenario import load_scenario
    from chibench.world.taskspec import export_final

    sc = load_scenario(PACKAGES / task / "scenario.yaml")
    out = {}
    for key, agent in (("oracle", "oracle"), ("nop", "nop"), ("near_miss", f"near_miss:{NEAR_MISS}")):
        wd = workdir / key
        res = try_task(sc, base_world, agent, workdir=wd)
        # what the sidecar's collect hook does when the run ends: final.json from the live world database
        export_final(run_dir=wd / "run", export_dir=wd / "export")
        out[key] = Run(agent, wd / "export", res.scorecard)
    return out


def published_digest(task: str) -> str:
    data = tomllib.loads((PACKAGES / "dataset.toml").read_text(encoding="utf-8"))
    return next(t["digest"] for t in data["tasks"] if t["name"] == f"chibench/{task}")


META: dict[str, Any] = {
    "format": "chibench.submission/1",
    "harness": {"name": "codex", "version": "0.46.0"},
    "model": {"name": "gpt-5", "display": "GPT-5"},
    "date": "2026-11-20",
    "reasoning": {"effort": "high"},
    "contact": {"name": "A. Submitter", "email": "lab@example.org"},
    "handbook_variant": "full",
}


@dataclass
class SubmissionBuilder:
    """A submission folder at ``root``: add trials with :meth:`trial`, then :meth:`finish`."""

    root: Path
    runs: dict[str, Run]
    n_attempts: int = 3
    meta: dict[str, Any] = field(default_factory=lambda: dict(META))
    job: HarborJob = field(init=False)

    def __post_init__(self) -> None:
        self.job = HarborJob(self.root, n_attempts=self.n_attempts)

    def trial(self, run: str, task: str = TASK, *, digest: str | None = None, export: bool = True,
              reward: float | None = None, exception: str | None = None, **kw: Any) -> Path:
        """One trial from the graded run ``run`` (oracle / nop / near_miss): its reward and scorecard,
        the published digest and the export, unless overridden."""
        r = self.runs[run]
        given = r.reward if reward is None else reward
        trial_dir = self.job.trial(task, reward=given, exception=exception, judge=None,
                                   agent=("codex", "gpt-5"), **kw)
        write_outputs(dict(r.scorecard), trial_dir / "verifier")
        lock = {"schema_version": 2, "task": {"name": f"chibench/{task}", "type": "local",
                                              "digest": digest or published_digest(task)}}
        (trial_dir / "lock.json").write_text(json.dumps(lock))
        if export:
            shutil.copytree(r.export_dir, trial_dir / "artifacts" / "opt" / "chibench" / "export")
        return trial_dir

    def finish(self, *, environment: dict[str, Any] | None = None) -> Path:
        job_dir = self.job.finish()
        config = json.loads((job_dir / "config.json").read_text())
        config["environment"] = environment or {"import_path": "chibench.sandbox:SandboxEnvironment",
                                                "delete": True, "kwargs": {}}
        (job_dir / "config.json").write_text(json.dumps(config, indent=1))
        for trial_dir in job_dir.iterdir():
            if (trial_dir / "config.json").is_file():
                tc = json.loads((trial_dir / "config.json").read_text())
                tc["environment"] = config["environment"]
                (trial_dir / "config.json").write_text(json.dumps(tc, indent=1))
        meta = dict(self.meta)
        meta.setdefault("jobs", [str(job_dir.relative_to(self.root))])
        (self.root / "submission.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
        return self.root
