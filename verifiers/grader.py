"""Grade one trial: ``grade(export, expectations, initial=…, out_dir=…)`` → the scorecard.

Reward rule (documented in ``verifiers/README.md``)::

    reward = deterministic_pass AND (judge_pass if the judge ran)

* ``deterministic_pass``: at least one applicable check and no planned check failed.
* The judge runs when a model is configured (``CHIBENCH_JUDGE_MODEL``), the key has rubrics and the
  deterministic layer passed (or ``CHIBENCH_JUDGE_ALWAYS=1``). Every rubric must pass by strict majority.
* No judge configured → ``judge.status = "not_run"``: the reward is the deterministic verdict, the outcome
  reads ``deterministic_pass_judge_not_run`` (never ``pass``) and ``leaderboard_valid`` is false.
* A judge that is configured and cannot vote (unreachable, HTTP error, timeout, refusal, malformed or
  off-schema answers after its bounded retries) so that a rubric stays undecided → outcome ``ungraded``,
  ``reward: null``, ``leaderboard_valid: false`` and **no reward.json**: Harbor's verifier then raises
  ``RewardFileNotFoundError`` and records it as the trial's exception (the trial has no reward), and
  ``chibench report`` counts the trial as ungraded, outside pass@k. ``chibench verify`` exits 3.
* A missing, unreadable, mis-formatted or digest-mismatched export, an invalid answer key, or an initial
  export that is not the task's starting state → reward 0 with the reason.

Outputs: ``reward.json`` is exactly ``{"reward": 0}`` or ``{"reward": 1}`` (absent when ungraded); ``scorecard.json`` holds every
check and rubric (status, evidence), per-stage tallies, the fractional score, judge metadata, the grader
version and the digests of everything graded.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from chibench.verifiers.expectations import Expectations, ExpectationsError, expectations_digest, parse_expectations
from chibench.verifiers.exportview import ExportError, ExportView, Target, diff_tables, validate_export
from chibench.verifiers.handbook_text import HandbookIndex, default_root
from chibench.verifiers.judge import JudgeConfig, JudgeRun, run_judge
from chibench.verifiers.registry import GradeContext, Outcome, plan_checks, run_check

GRADER_VERSION = "chibench-grader/0.1.0"
SCORECARD_FORMAT = "chibench.scorecard/1"
ENV = object()  # sentinel: read the judge configuration from the environment


def _read_json(source: Any, what: str) -> tuple[dict[str, Any] | None, str | None, str | None]:
    """(data, path, error)."""
    if source is None:
        return None, None, f"no {what} given"
    if isinstance(source, dict):
        return source, None, None
    p = Path(source)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, str(p), f"{what} not found: {p}"
    except (OSError, UnicodeDecodeError) as exc:
        return None, str(p), f"{what} unreadable: {p}: {exc}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, str(p), f"{what} is not valid JSON: {p}: {exc}"
    return data, str(p), None


def _base_card(task: dict[str, Any] | None) -> dict[str, Any]:
    return {"format": SCORECARD_FORMAT, "grader_version": GRADER_VERSION, "task": task, "reward": 0,
            "outcome": "fail", "leaderboard_valid": False, "reason": None}


def _fatal(card: dict[str, Any], reason: str) -> dict[str, Any]:
    card.update(reward=0, outcome="fail", reason=reason, leaderboard_valid=False,
                layers={"deterministic": "not_run", "judge": "not_run"})
    card.setdefault("deterministic", {"pass": False, "checks": []})
    card.setdefault("judge", {"status": "not_run", "pass": None})
    return card


def _tallies(checks: list[dict[str, Any]], rubrics: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for c in checks:
        t = out.setdefault(c["stage"], {"passed": 0, "failed": 0, "not_applicable": 0, "rubrics_passed": 0,
                                        "rubrics_failed": 0})
        t[{"pass": "passed", "fail": "failed"}.get(c["status"], "not_applicable")] += 1
    for r in rubrics:
        t = out.setdefault(r["stage"], {"passed": 0, "failed": 0, "not_applicable": 0, "rubrics_passed": 0,
                                        "rubrics_failed": 0})
        t["rubrics_passed" if r["status"] == "pass" else "rubrics_failed"] += 1
    return dict(sorted(out.items()))


def deterministic_layer(exp: Expectations, final: ExportView, initial: ExportView | None
                        ) -> tuple[GradeContext, list[dict[str, Any]]]:
    """Plan and run every check. Pure function of (answer key, final export, initial export)."""
    target: Target = final.locate(exp.target)
    diff = diff_tables(initial.tables, final.tables) if initial is not None else None
    ctx = GradeContext(exp, final, initial, diff, target, final.placeholders(target))
    results = []
    for planned in plan_checks(exp):
        out: Outcome = run_check(ctx, planned)
        results.append({"id": planned.id, "check": planned.spec.name, "stage": planned.stage, "status": out.status,
                        "message": out.message, "evidence": out.evidence,
                        "do_nothing_passes": planned.do_nothing_passes})
    return ctx, results


def grade(export: Any, expectations: Any, *, initial: Any = None, out_dir: str | Path | None = None,
          judge: Any = ENV, handbook_root: Path | None = None, built_here: bool = False) -> dict[str, Any]:
    """Grade a final export against an answer key; write ``reward.json`` and ``scorecard.json`` to ``out_dir``.

    ``export`` / ``initial``: a path or a decoded export; ``expectations``: a path, a decoded document or an
    :class:`Expectations`; ``judge``: a :class:`JudgeConfig`, ``None`` (deterministic only) or the default
    (read ``CHIBENCH_JUDGE_*`` from the environment). ``built_here``: ``export`` and ``initial``, when given as
    decoded dicts, were built in this process by the world's own exporter (``chibench.rl``), so their digests are
    taken as given instead of recomputed (:func:`~chibench.verifiers.exportview.validate_export`); paths are
    always checked. Never raises on bad input: the scorecard says why.
    """
    t0 = time.perf_counter()
    card = _base_card(None)
    try:
        card = _grade(export, expectations, initial=initial, judge=judge, handbook_root=handbook_root, card=card,
                      built_here=built_here)
    except Exception as exc:  # the grader itself failed: a zero with the reason, never a crash without output
        _fatal(card, f"grader error: {type(exc).__name__}: {exc}")
    card["timing_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    if out_dir is not None:
        write_outputs(card, Path(out_dir))
    return card


def _grade(export: Any, expectations: Any, *, initial: Any, judge: Any, handbook_root: Path | None,
           card: dict[str, Any], built_here: bool = False) -> dict[str, Any]:
    root = handbook_root or default_root()
    hb_root = root if root.exists() else None
    # -- the answer key
    exp_path: str | None = None
    if isinstance(expectations, Expectations):
        exp = expectations
    else:
        data, exp_path, err = _read_json(expectations, "expectations")
        if err:
            return _fatal(card, err)
        try:
            exp = parse_expectations(data, handbook_root=hb_root, source=exp_path or "<expectations>")
        except ExpectationsError as e:
            card["expectations_problems"] = e.problems
            return _fatal(card, f"invalid expectations: {e}")
    card["task"] = exp.task.model_dump(include={"id", "domain", "role", "title", "paper_task_id", "difficulty"},
                                       exclude_none=True)
    card["expectations"] = {"path": exp_path, "format": exp.format, "sha256": expectations_digest(exp)}
    # -- the final export
    data, path, err = _read_json(export, "export")
    card["export"] = {"path": path}
    if err:
        return _fatal(card, err)
    try:
        final_data = validate_export(data, "export", check_digest=not (built_here and isinstance(export, dict)))
    except ExportError as e:
        return _fatal(card, str(e))
    card["export"].update(digest=final_data["digest"], world_version=final_data.get("world_version"),
                          clock=final_data.get("clock"))
    # -- the starting state
    init_src = initial
    if init_src is None and exp.task.initial_export and exp_path:
        init_src = Path(exp_path).parent / exp.task.initial_export
    initial_view: ExportView | None = None
    card["initial"] = {"provided": init_src is not None}
    if init_src is not None:
        idata, ipath, ierr = _read_json(init_src, "initial export")
        card["initial"]["path"] = ipath
        if ierr:
            return _fatal(card, ierr)
        try:
            idata = validate_export(idata, "initial export", check_digest=not (built_here and isinstance(init_src, dict)))
        except ExportError as e:
            return _fatal(card, str(e))
        if exp.task.initial_digest and idata["digest"] != exp.task.initial_digest:
            return _fatal(card, "the initial export is not this task's starting state (digest differs from "
                                "task.initial_digest)")
        if idata.get("world_version") != final_data.get("world_version"):
            return _fatal(card, f"world version changed between the initial ({idata.get('world_version')}) and "
                                f"final ({final_data.get('world_version')}) exports")
        card["initial"]["digest"] = idata["digest"]
        initial_view = ExportView(idata)
    # -- deterministic layer
    final_view = ExportView(final_data)
    ctx, checks = deterministic_layer(exp, final_view, initial_view)
    applicable = [c for c in checks if c["status"] != "not_applicable"]
    det_pass = bool(applicable) and all(c["status"] == "pass" for c in applicable)
    card["target"] = {"kind": exp.target.kind, "located": ctx.target.case is not None, "case_id": ctx.target.id,
                      "candidates": ctx.target.candidates, "reason": ctx.target.reason or None}
    card["deterministic"] = {"pass": det_pass, "passed": sum(c["status"] == "pass" for c in checks),
                             "failed": sum(c["status"] == "fail" for c in checks),
                             "not_applicable": sum(c["status"] == "not_applicable" for c in checks),
                             "failed_checks": [c["id"] for c in checks if c["status"] == "fail"],
                             "checks": checks}
    # -- judge layer
    cfg: JudgeConfig | None = JudgeConfig.from_env() if judge is ENV else judge
    if not exp.rubrics:
        run = JudgeRun("no_rubrics", cfg)
    elif cfg is None:
        run = JudgeRun("not_run", None)
    elif not det_pass and not cfg.always:
        run = JudgeRun("skipped", cfg)
    else:
        run = run_judge(ctx, exp.rubrics, cfg, HandbookIndex.for_root(root), final_data["digest"])
    judge_card = run.summary()
    if run.status == "not_run":
        judge_card["note"] = ("no judge model configured (CHIBENCH_JUDGE_MODEL unset): deterministic-only "
                              "grading; the rubrics below were not judged and this result is not leaderboard-valid")
        judge_card["rubrics"] = [{"id": r.id, "stage": r.stage, "status": "not_run", "handbook_refs": r.handbook_refs}
                                 for r in exp.rubrics]
    elif run.status == "skipped":
        judge_card["note"] = "the deterministic layer failed; rubrics were not judged (the reward is 0 either way)"
        judge_card["rubrics"] = [{"id": r.id, "stage": r.stage, "status": "skipped", "handbook_refs": r.handbook_refs}
                                 for r in exp.rubrics]
    card["judge"] = judge_card
    # -- reward
    judged = run.rubrics if run.status == "ran" else []
    reward = det_pass and (run.passed is True if run.status == "ran" else True)
    if det_pass and run.ungraded:
        undecided = judge_card["ungraded_rubrics"]
        first = next((v.get("reason") for r in run.rubrics if r["status"] == "ungraded" for v in r["votes"]
                      if not v.get("cast")), None)
        card.update(reward=None, outcome="ungraded", leaderboard_valid=False,
                    reason=(f"UNGRADED: the judge could not vote on {len(undecided)} rubric(s) "
                            f"({', '.join(undecided)}) after {run.config.retries + 1 if run.config else 1} "
                            f"attempt(s) per vote (first: {first}); no reward was written — grade this trial "
                            "again when the judge is reachable"),
                    layers={"deterministic": "pass", "judge": "ungraded"})
        card["score"] = {"fraction": None, "passed": None, "total": None}
        card["stages"] = _tallies(checks, [r for r in judged if r["status"] != "ungraded"])
        return card
    if reward and run.status in ("ran", "no_rubrics"):
        outcome = "pass"
    elif reward:
        outcome = "deterministic_pass_judge_not_run"
    else:
        outcome = "fail"
    valid = init_src is not None and (run.status in ("ran", "no_rubrics", "skipped")) and \
        (run.status != "ran" or (cfg is not None and cfg.votes >= 3))
    scored = applicable + judged
    n_pass = sum(1 for c in applicable if c["status"] == "pass") + sum(1 for r in judged if r["status"] == "pass")
    judge_layer = run.status if run.status != "ran" else ("pass" if run.passed else "fail")
    card.update(reward=1 if reward else 0, outcome=outcome, leaderboard_valid=valid,
                reason=None if reward else _reason(card, run),
                layers={"deterministic": "pass" if det_pass else "fail", "judge": judge_layer})
    card["score"] = {"fraction": round(n_pass / len(scored), 4) if scored else 0.0, "passed": n_pass,
                     "total": len(scored)}
    card["stages"] = _tallies(checks, judged)
    return card


def _reason(card: dict[str, Any], run: JudgeRun) -> str:
    failed = card["deterministic"]["failed_checks"]
    if failed:
        return f"{len(failed)} deterministic check(s) failed: {', '.join(failed[:8])}"
    if not card["deterministic"]["checks"]:
        return "no applicable checks"
    bad = [r["id"] for r in run.rubrics if r.get("status") != "pass"]
    return f"{len(bad)} rubric(s) failed: {', '.join(bad)}"


def write_outputs(card: dict[str, Any], out_dir: Path) -> None:
    """``scorecard.json``, and ``reward.json`` unless the trial is ungraded (then any reward.json already
    there is removed: an ungraded trial must reach Harbor without a reward)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if card.get("outcome") == "ungraded":
        (out_dir / "reward.json").unlink(missing_ok=True)
    else:
        (out_dir / "reward.json").write_text(json.dumps({"reward": 1 if card.get("reward") == 1 else 0}) + "\n",
                                             encoding="utf-8")
    (out_dir / "scorecard.json").write_text(json.dumps(card, indent=1, sort_keys=True, ensure_ascii=False,
                                                       default=str) + "\n", encoding="utf-8")


def do_nothing_audit(expectations: Any, initial: Any) -> dict[str, Any]:
    """Grade the starting state as if it were the final state (an agent that did nothing).

    Returns the deterministic reward and the checks that passed although they declare
    ``do_nothing_passes: false`` (dishonest declarations). Used by the repository's tests and by the
    package builder; a usable task has ``reward == 0``.
    """
    card = grade(initial, expectations, initial=initial, judge=None)
    lying = [c["id"] for c in card.get("deterministic", {}).get("checks", [])
             if c["status"] == "pass" and not c["do_nothing_passes"]]
    return {"reward": card["reward"], "outcome": card["outcome"], "reason": card["reason"],
            "passing_declared_failing": lying,
            "failing": card.get("deterministic", {}).get("failed_checks", [])}
