"""Synthetic Harbor job directories built from Harbor's own pydantic models (harbor 0.24.0).

Every ``result.json`` / ``config.json`` is a ``model_dump_json`` of Harbor's ``TrialResult``, ``JobResult``
and ``JobConfig``, and every trajectory an ATIF ``Trajectory``, so the fixtures cannot drift from Harbor's
real format without a validation error here. Scorecards come from the real grader's writer
(``chibench.verifiers.grader``). Harbor is a host tool (Python ≥ 3.12) rather than a ``chibench``
dependency: the ``harbor_job`` fixture (conftest.py) skips when it is not installed.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from chibench.verifiers.grader import grade, write_outputs

T0 = datetime(2025, 6, 1, 12, 0, 0, tzinfo=UTC)


def scorecard(judge: str, reward: int, task: dict[str, Any] | None = None) -> dict[str, Any]:
    """A scorecard in the grader's real shape, with the judge status and reward a test needs.

    The grader's own zero-input card (no export, no key) supplies the structure; only the fields a real
    grading run would set differently are overwritten.
    """
    card = grade("/nonexistent/final.json", None, judge=None)
    if judge == "ungraded":  # the judge ran and could not vote: the grader's ungraded card (no reward)
        card["judge"]["status"] = "ran"
        card.update(reward=None, task=task, leaderboard_valid=False, outcome="ungraded",
                    reason="UNGRADED: the judge could not vote on 1 rubric(s) (r1) after 3 attempt(s) per vote")
        return card
    card["judge"]["status"] = judge
    card.update(reward=reward, task=task, leaderboard_valid=judge != "not_run",
                outcome=("pass" if judge == "ran" else "deterministic_pass_judge_not_run") if reward else "fail")
    return card


@dataclass
class HarborJob:
    """Builds ``<root>/jobs/<name>/`` trial by trial; :meth:`finish` writes the job-level files."""

    root: Path
    name: str = "2025-06-01__12-00-00"
    n_attempts: int = 3
    results: list[Any] = field(default_factory=list)

    @property
    def dir(self) -> Path:
        return self.root / "jobs" / self.name

    def trial(self, task: str, *, reward: float | None = 1, exception: str | None = None,
              judge: str | None = "ran", steps: int | None = 4, tokens: tuple[int, int] | None = (1000, 200),
              cost: float | None = 0.02, seconds: float = 30.0, task_path: str | None = None,
              card_task: dict[str, Any] | None = None, agent: tuple[str, str | None] = ("codex", "gpt-5")) -> Path:
        """Add one finished trial.

        reward None → no verifier_result; judge None → no scorecard.json; judge "ungraded" → the grader's
        card for a judge that could not vote (and no reward.json); steps None → no trajectory;
        exception → an ``exception_info`` of that type (the verifier reward, if any, is still recorded).
        """
        from harbor.models.agent.context import AgentContext
        from harbor.models.trajectories.agent import Agent
        from harbor.models.trajectories.step import Step
        from harbor.models.trajectories.trajectory import Trajectory
        from harbor.models.trial.config import AgentConfig, TaskConfig, TrialConfig
        from harbor.models.trial.result import AgentInfo, ExceptionInfo, ModelInfo, TrialResult
        from harbor.models.verifier.result import VerifierResult

        index = len(self.results)
        trial_name = f"{task[:32].rstrip('_-')}__{index:07d}"
        # default: a task folder that does not exist, so a shipped package never changes what a test sees
        config = TrialConfig(task=TaskConfig(path=Path(task_path or self.root / "no-packages" / task)), trial_name=trial_name,
                             trials_dir=Path("jobs") / self.name,
                             agent=AgentConfig(name=agent[0], model_name=agent[1]))
        started = T0 + timedelta(minutes=index)
        result = TrialResult(
            task_name=task, trial_name=trial_name, trial_uri=(self.dir / trial_name).as_uri(),
            task_id=config.task.get_task_id(), task_checksum="0" * 64, config=config,
            agent_info=AgentInfo(name=agent[0], version="1.0",
                                 model_info=ModelInfo(name=agent[1]) if agent[1] else None),
            agent_result=AgentContext(n_input_tokens=tokens[0], n_output_tokens=tokens[1], cost_usd=cost)
            if tokens is not None else None,
            verifier_result=VerifierResult(rewards={"reward": reward}) if reward is not None else None,
            exception_info=ExceptionInfo(exception_type=exception, exception_message=f"{exception} raised\nmore",
                                         exception_traceback="Traceback …", occurred_at=started)
            if exception else None,
            started_at=started, finished_at=started + timedelta(seconds=seconds),
        )
        trial_dir = self.dir / trial_name
        (trial_dir / "agent").mkdir(parents=True)
        (trial_dir / "verifier").mkdir()
        (trial_dir / "config.json").write_text(config.model_dump_json(indent=4))
        (trial_dir / "result.json").write_text(result.model_dump_json(indent=4))
        if steps is not None:
            # A user turn before the agent's turns: only agent turns count as steps.
            turns = [Step(step_id=1, source="user", message="instruction")]
            turns += [Step(step_id=i + 2, source="agent", message=f"turn {i}") for i in range(steps)]
            trajectory = Trajectory(agent=Agent(name=agent[0], version="1.0"), steps=turns)
            (trial_dir / "agent" / "trajectory.json").write_text(json.dumps(trajectory.to_json_dict()))
        if judge is not None:
            write_outputs(scorecard(judge, int(reward or 0), card_task), trial_dir / "verifier")
        self.results.append(result)
        return trial_dir

    def finish(self) -> Path:
        from harbor.models.job.config import JobConfig
        from harbor.models.job.result import JobResult, JobStats

        self.dir.mkdir(parents=True, exist_ok=True)
        config = JobConfig(job_name=self.name, jobs_dir=self.root / "jobs", n_attempts=self.n_attempts)
        result = JobResult(id=uuid.uuid4(), started_at=T0, finished_at=T0 + timedelta(hours=1),
                           n_total_trials=len(self.results), stats=JobStats.from_trial_results(self.results))
        (self.dir / "config.json").write_text(config.model_dump_json(indent=4))
        # As harbor/job.py does: trial results live in their own files, not embedded in the job's.
        (self.dir / "result.json").write_text(result.model_dump_json(indent=4, exclude={"trial_results"}))
        return self.dir
