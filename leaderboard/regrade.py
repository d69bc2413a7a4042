"""``chibench leaderboard regrade`` — re-grade every trial of a submission from its stored world export.

Each trial's collected export (``artifacts/opt/chibench/export/final.json`` and ``initial.json``, see
:mod:`chibench.leaderboard.submission`) is graded again with the grader installed here
(:func:`chibench.verifiers.grade`, the same entry point as ``chibench verify``) against the *published*
answer key ``packages/<task>/tests/expectations.json`` — never against anything the submitter shipped.
With a judge model configured (``CHIBENCH_JUDGE_MODEL`` …, :meth:`JudgeConfig.from_env`) the rubric
judge votes 3 times per rubric as in a live run; without one only the deterministic layer is compared.

A trial's *submitted* verdict is Harbor's ``verifier_result.rewards.reward`` in its ``result.json`` (the
number every report counts). It is compared with the recomputed one:

* ``deterministic`` — the deterministic layer (pass/fail) differs: always a refusal. The deterministic
  grader is a pure function of (answer key, exports), so any difference means an edited reward, an edited
  export or a different grader.
* ``judge`` — both deterministic layers passed and only the judge's verdict differs: judge variance. The
  entry is refused when more than ``judge_tolerance`` (a fraction of the judged trials; default 0.05)
  differ this way.
* ``ungraded`` — the judge was configured and could not vote: not a verdict, reported, never accepted.
* A trial that raised an exception or never finished counts 0 whatever the grader says (the report's
  rule); it is compared only when it carries a reward.
* Without a judge the re-grade's reward is the deterministic verdict: a submitted 1 it confirms is accepted
  (the judge layer is then *not verified*, and the result says so); a submitted 0 over a passing
  deterministic layer is accepted only when the submitted scorecard says the judge failed it.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chibench.leaderboard.submission import PublishedDataset, Submission, TrialRecord
from chibench.verifiers import JudgeConfig, grade

DEFAULT_JUDGE_TOLERANCE = 0.05
NOT_VERIFIED = "deterministic layer confirmed; judge layer not verified (no judge configured)"


@dataclass(frozen=True)
class TrialRegrade:
    job: str
    trial: str
    task: str
    submitted: float | None  # verifier_result reward as submitted
    submitted_deterministic: str | None  # the submitted scorecard's layers.deterministic (pass/fail/not_run)
    recomputed: int | None  # None: ungraded or not re-gradable
    recomputed_deterministic: str | None
    judge: str | None  # the re-grade's judge status
    kind: str  # agree | deterministic | judge | ungraded | not_gradable
    detail: str

    @property
    def differs(self) -> bool:
        return self.kind != "agree"


@dataclass
class RegradeResult:
    trials: list[TrialRegrade] = field(default_factory=list)
    judge_model: str | None = None
    judge_tolerance: float = DEFAULT_JUDGE_TOLERANCE

    @property
    def differences(self) -> list[TrialRegrade]:
        return [t for t in self.trials if t.differs]

    @property
    def refusals(self) -> list[str]:
        """Why the entry is refused (empty: accepted)."""
        out = []
        det = [t for t in self.trials if t.kind in ("deterministic", "not_gradable", "ungraded")]
        if det:
            out.append(f"{len(det)} trial(s) whose re-graded verdict differs outside judge variance")
        judged = [t for t in self.trials if t.judge == "ran"]
        jd = [t for t in self.trials if t.kind == "judge"]
        if jd and len(jd) > self.judge_tolerance * max(1, len(judged)):
            out.append(f"{len(jd)} of {len(judged)} judged trial(s) differ in the judge verdict, more than the "
                       f"tolerated {self.judge_tolerance:.0%}")
        return out

    @property
    def accepted(self) -> bool:
        return not self.refusals

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "refusals": self.refusals, "judge_model": self.judge_model,
                "judge_verified": self.judge_model is not None, "judge_tolerance": self.judge_tolerance,
                "n_trials": len(self.trials), "n_differences": len(self.differences),
                "differences": [t.__dict__ for t in self.differences]}


def _submitted_layer(trial: TrialRecord, layer: str = "deterministic") -> str | None:
    """The submitted scorecard's ``layers.<layer>`` verdict (pass / fail / not_run …), None if unreadable."""
    import json

    try:
        card = json.loads((trial.dir / "verifier" / "scorecard.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    layers = card.get("layers") if isinstance(card, dict) else None
    return str(layers.get(layer)) if isinstance(layers, dict) and layers.get(layer) else None


def regrade_trial(trial: TrialRecord, dataset: PublishedDataset, judge: JudgeConfig | None,
                  handbook_root: Path | None = None) -> TrialRegrade:
    """Re-grade one trial; see the module docstring for the comparison."""
    submitted = trial.submitted_reward
    sub_layer = _submitted_layer(trial)
    base = {"job": trial.job, "trial": trial.name, "task": trial.task, "submitted": submitted,
            "submitted_deterministic": sub_layer}
    published = dataset.tasks.get(trial.task)
    if published is None or not published.expectations.is_file():
        return TrialRegrade(**base, recomputed=None, recomputed_deterministic=None, judge=None, kind="not_gradable",
                            detail=f"no published answer key for task {trial.task!r}")
    if trial.counted_reward == 0 and (not trial.finished or trial.exception is not None) and submitted is None:
        return TrialRegrade(**base, recomputed=None, recomputed_deterministic=None, judge=None, kind="agree",
                            detail="errored or unfinished trial without a reward: counted as a failure")
    with tempfile.TemporaryDirectory(prefix="chibench-regrade-") as tmp:
        card = grade(trial.export, published.expectations,
                     initial=trial.initial_export if trial.initial_export.is_file() else None,
                     out_dir=Path(tmp), judge=judge, handbook_root=handbook_root)
    layer = str((card.get("layers") or {}).get("deterministic"))
    judge_status = (card.get("judge") or {}).get("status")
    reward = card.get("reward")
    out = {"recomputed": reward, "recomputed_deterministic": layer, "judge": judge_status}
    if card.get("outcome") == "ungraded":
        return TrialRegrade(**base, **out, kind="ungraded", detail=str(card.get("reason")))
    if (submitted if submitted is not None else 0) == reward:  # no reward recorded counts as 0 (the report's rule)
        return TrialRegrade(**base, **out, kind="agree", detail="" if judge is not None else NOT_VERIFIED)
    det_ok = layer == "pass"
    # deterministic agreement: the submitted reward is 1 exactly when the deterministic layer passes
    # (plus the judge); a submitted 1 over a failing deterministic layer is never judge variance.
    if judge is not None and judge_status == "ran" and det_ok and sub_layer in (None, "pass"):
        return TrialRegrade(**base, **out, kind="judge",
                            detail=f"judge verdict differs: submitted {submitted}, re-graded {reward}")
    if judge is None and det_ok and submitted == 0 and _submitted_layer(trial, "judge") == "fail":
        return TrialRegrade(**base, **out, kind="agree",
                            detail="deterministic layer confirmed; the submitted judge failed it (not verifiable "
                                   "without a judge; a failure cannot raise a score)")
    failed = (card.get("deterministic") or {}).get("failed_checks") or []
    return TrialRegrade(**base, **out, kind="deterministic",
                        detail=f"submitted reward {submitted}, re-graded {reward} (deterministic {layer}"
                               + (f"; failed checks: {', '.join(failed[:5])}" if failed else "") + ")")


def regrade(sub: Submission, dataset: PublishedDataset, *, judge: JudgeConfig | None = None,
            judge_tolerance: float = DEFAULT_JUDGE_TOLERANCE, handbook_root: Path | None = None) -> RegradeResult:
    """Re-grade every started trial of ``sub``; ``judge`` None grades the deterministic layer only."""
    if not 0 <= judge_tolerance <= 1:
        raise ValueError(f"judge_tolerance must be a fraction in [0, 1], got {judge_tolerance!r}")
    result = RegradeResult(judge_model=judge.model if judge else None, judge_tolerance=judge_tolerance)
    for trial in sub.trials:
        result.trials.append(regrade_trial(trial, dataset, judge, handbook_root))
    return result


def render_text(result: RegradeResult) -> str:
    lines = [f"re-graded {len(result.trials)} trial(s); judge: "
             + (result.judge_model or "none configured (deterministic layer only; judge layer not verified)")]
    for t in result.differences:
        lines.append(f"  DIFF [{t.kind}] {t.job}/{t.trial} ({t.task}): submitted {t.submitted}, "
                     f"re-graded {t.recomputed} — {t.detail}")
    lines += [f"REFUSED: {r}" for r in result.refusals] or ["ACCEPTED: every re-graded reward equals the submitted one"]
    return "\n".join(lines) + "\n"
