"""Leaderboard entries and ``leaderboard.json``: the paper's Table 2 columns and Tables 18–22 breakdowns.

An *entry* is one accepted submission reduced to numbers (:func:`build_entry`). Trials are read with the
report's reader (:func:`chibench.leaderboard.report.load_trials`) so an entry and ``chibench report`` count
the same way: an exception or a missing reward counts as 0, an ungraded trial counts nowhere; a trial
folder that started and never finished counts as a failure here (a submission cannot drop a trial by
leaving it unfinished). Task domain, difficulty and category come from the *published* packages
(``task.toml [metadata]``), not from the submission.

GROUP (as in the report, plus two intervals and the k = 2 estimators for the reliability plot)::

    report GROUP + {"pass_at_3_ci95": [lo, hi] | [null, null],   # Wilson 95 % over the group's tasks
                    "pass_hat_3_ci95": [lo, hi] | [null, null],
                    "pass_at_2": float|null, "pass_hat_2": float|null}  # null unless every task has n ≥ 2

The pass@3 / pass^3 intervals follow the paper's Table 2 caption ("Wilson on n = 75 tasks"): successes =
Σ over tasks of the task's pass@3 (resp. pass^3) rounded to the nearest integer — exact when every task has
3 trials, where each task's value is 0 or 1.

Entry::

    {"id", "source": "regraded", "label", "harness", "model", "date", "reasoning", "handbook_variant",
     "contact_name", "judge_model", "judge_verified": bool, "partial": bool, "n_tasks", "n_trials",
     "missing_tasks": [task],                               # published tasks without a trial in the entry
     "overall": GROUP, "domains": {domain: GROUP},
     "difficulty": {domain: {"E"|"M"|"H": GROUP}},          # Table 18
     "um_category": {category: GROUP},                      # Table 21
     "pa_terminal": {status: GROUP},                        # Table 19 (submitted_to_payer, returned_for_docs,
                                                            #   gather_more_evidence; only statuses with trials)
     "um_stage": {stage: GROUP},                            # Table 20's pickup stages (row totals)
     "um_stage_outcome": {stage: {outcome: GROUP}},         # Table 20: pickup stage × terminal outcome
                                                            #   (approved, denied, pended, coverage_not_required)
     "cm_stance": {"Engaged"|"Hesitant"|"Refusing": GROUP}, # Table 22 (the task's consent_stance; a task
                                                            #   without one: its difficulty E/M/H)
     "tasks": [{"task", "domain", "difficulty", "category", "n", "c", "pass_at_1", "pass_at_3", "pass_hat_3"}],
     "failures": {"n_failed", "categories", "modes", "labels": [Label], "analyzer_summary": str|null},
     "policy_read_recall": {"mean": float|null, "n_trials": int, "pass": float|null, "fail": float|null}}
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from chibench.leaderboard import failures
from chibench.leaderboard.metrics import pass_at_k, pass_hat_k, wilson_interval
from chibench.leaderboard.report import ReportError, Trial, group_stats, load_trials
from chibench.leaderboard.submission import PublishedDataset, Submission, short_name

LEADERBOARD_FORMAT = "chibench.leaderboard/1"
DOMAINS = ("provider_pa", "payer_um", "care_management")
DIFFICULTIES = ("E", "M", "H")
DIFFICULTY_NAMES = {"E": "Easy", "M": "Moderate", "H": "Hard"}
CM_STANCE = {"E": "Engaged", "M": "Hesitant", "H": "Refusing"}
UM_STAGES = ("intake", "triage", "nurse_review", "md_review", "p2p")
#: Table 19's rows and Table 20's columns, in the paper's order (values of the rendered ``[metadata]``).
PA_TERMINALS = ("submitted_to_payer", "returned_for_docs", "gather_more_evidence")
UM_OUTCOMES = ("approved", "denied", "pended", "coverage_not_required")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _unfinished(trial_dir: Path, task: str, agent: tuple[str, str | None, str | None]) -> Trial:
    return Trial(name=trial_dir.name, task=task, reward=0.0, raw_reward=None, exception="Unfinished: no result.json",
                 steps=None, input_tokens=None, output_tokens=None, cost_usd=None, wall_clock_s=None,
                 judge_status=None, leaderboard_valid=None, agent=agent)


def submission_trials(sub: Submission) -> list[tuple[Trial, Path]]:
    """Every started trial of ``sub`` as a report :class:`Trial` (task names without org prefix) with its
    folder; unfinished ones as failures."""
    out: list[tuple[Trial, Path]] = []
    for job in sub.jobs:
        try:
            _, trials, _, _ = load_trials(job.dir)
        except ReportError:
            trials = []
        by_name = {t.name: t for t in trials}
        for rec in job.trials:
            t = by_name.get(rec.name) or next((x for x in trials if x.name == rec.dir.name), None)
            if t is None:
                t = _unfinished(rec.dir, rec.task, ("?", None, None))
            out.append((dataclasses.replace(t, task=short_name(t.task)), rec.dir))
    return out


def _with_task_cis(g: dict[str, Any], trials: list[Trial]) -> dict[str, Any]:
    by_task: dict[str, list[Trial]] = defaultdict(list)
    for t in trials:
        if not t.ungraded:
            by_task[t.task].append(t)
    g = dict(g)
    n = len(by_task)
    counts = [(len(ts), sum(t.success for t in ts)) for ts in by_task.values()]
    two = bool(counts) and all(k >= 2 for k, _ in counts)
    g["pass_at_2"] = math.fsum(pass_at_k(k, c, 2) for k, c in counts) / n if two else None
    g["pass_hat_2"] = math.fsum(pass_hat_k(k, c, 2) for k, c in counts) / n if two else None
    for key in ("pass_at_3", "pass_hat_3"):
        value = g.get(key)
        g[f"{key}_ci95"] = list(wilson_interval(int(round(value * n)), n)) if value is not None and n else [None, None]
    return g


def group(trials: list[Trial]) -> dict[str, Any]:
    return _with_task_cis(group_stats(trials), trials)


def _split(trials: list[Trial], key: Callable[[Trial], str | None], order: Iterable[str] | None = None
           ) -> dict[str, dict[str, Any]]:
    parts: dict[str, list[Trial]] = defaultdict(list)
    for t in trials:
        k = key(t)
        if k is not None:
            parts[k].append(t)
    keys = [k for k in order if k in parts] if order is not None else sorted(parts)
    return {k: group(parts[k]) for k in keys}


def breakdowns(trials: list[Trial], dataset: PublishedDataset) -> dict[str, Any]:
    """overall, domains, difficulty (Table 18), pa_terminal (19), um_stage and um_stage_outcome (20),
    um_category (21), cm_stance (22). A task without a terminal in its metadata is left out of 19/20."""
    meta = dataset.tasks

    def task_of(t: Trial) -> str:
        return t.task.split("::")[-1]

    def dom(t: Trial) -> str | None:
        p = meta.get(task_of(t))
        return p.domain if p else None

    def diff(t: Trial) -> str | None:
        p = meta.get(task_of(t))
        return p.difficulty if p else None

    def terminal(t: Trial) -> str | None:
        p = meta.get(task_of(t))
        return p.terminal if p else None

    def stage(t: Trial) -> str:
        return task_of(t).rsplit(".", 1)[-1]

    def stance(t: Trial) -> str | None:
        value = terminal(t)
        return value.capitalize() if value else CM_STANCE.get(str(diff(t)))

    um = [t for t in trials if dom(t) == "payer_um"]
    return {
        "overall": group(trials),
        "domains": _split(trials, dom, DOMAINS),
        "difficulty": {d: _split([t for t in trials if dom(t) == d], diff, DIFFICULTIES) for d in DOMAINS
                       if any(dom(t) == d for t in trials)},
        "pa_terminal": _split([t for t in trials if dom(t) == "provider_pa"], terminal, PA_TERMINALS),
        "um_category": _split(um, lambda t: meta[task_of(t)].category),
        "um_stage": _split(um, stage, UM_STAGES),
        "um_stage_outcome": {s: _split([t for t in um if stage(t) == s], terminal, UM_OUTCOMES)
                             for s in UM_STAGES if any(stage(t) == s for t in um)},
        "cm_stance": _split([t for t in trials if dom(t) == "care_management"], stance, CM_STANCE.values()),
    }


def _trajectory(trial_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((trial_dir / "agent" / "trajectory.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _scorecard(trial_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((trial_dir / "verifier" / "scorecard.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def failure_analysis(pairs: list[tuple[Trial, Path]], dataset: PublishedDataset, handbook: Path | None,
                     row: str, analyzer: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(failures block, policy_read_recall block) of an entry; see the module docstring.

    ``analyzer``: ``{"model": …, "api_base": …, "api_key": …}`` to relabel with the LLM analyzer (its labels
    replace the deterministic ones trial by trial; an analyzer error keeps the deterministic labels and is
    recorded in ``analyzer_error``)."""
    doc_files = failures.handbook_files(handbook) if handbook is not None and handbook.is_dir() else {}
    cited_cache: dict[str, set[str]] = {}
    labels: list[failures.Label] = []
    extracts: list[dict[str, Any]] = []
    recalls: list[tuple[float, bool]] = []
    for trial, trial_dir in pairs:
        card = _scorecard(trial_dir)
        traj = _trajectory(trial_dir)
        task = trial.task
        if task not in cited_cache:
            pub = dataset.tasks.get(task)
            try:
                exp = json.loads(pub.expectations.read_text(encoding="utf-8")) if pub else {}
            except (OSError, ValueError):
                exp = {}
            cited_cache[task] = failures.cited_documents(exp)
        recall = failures.policy_read_recall(traj, cited_cache[task], doc_files)
        if recall is not None and not trial.ungraded:
            recalls.append((recall, trial.success))
        if trial.success or trial.ungraded:
            continue
        label = failures.classify(trial.name, task, scorecard=card, exception=trial.exception,
                                  agent_steps=trial.steps)
        if label is None:  # a reward-1 scorecard over a trial the report counts as 0 (exception): a crash
            label = failures.Label(trial.name, task, failures.Category.HARNESS_FAULT, failures.Mode.HARNESS_CRASH,
                                   "counted as a failure without a failing check")
        labels.append(label)
        det = (card or {}).get("deterministic") or {}
        extracts.append({"trial": trial.name, "task": task, "exception": trial.exception, "steps": trial.steps,
                         "failed_checks": det.get("failed_checks") or [],
                         "reason": (card or {}).get("reason"), "deterministic_label": str(label.mode)})
    summary: str | None = None
    error: str | None = None
    if analyzer and extracts:
        try:
            llm, summary = failures.analyze_with_llm(row, extracts, **analyzer)
            by_trial = {lab.trial: lab for lab in llm}
            labels = [by_trial.get(lab.trial, lab) for lab in labels]
        except failures.AnalyzerError as exc:
            error = str(exc)
    block = {**failures.summarize(labels), "labels": [lab.to_json() for lab in labels],
             "analyzer_summary": summary, "analyzer_error": error,
             "taxonomy_version": failures.TAXONOMY_VERSION}

    def mean(xs: list[float]) -> float | None:
        return math.fsum(xs) / len(xs) if xs else None

    recall_block = {"mean": mean([r for r, _ in recalls]), "n_trials": len(recalls),
                    "pass": mean([r for r, ok in recalls if ok]), "fail": mean([r for r, ok in recalls if not ok])}
    return block, recall_block


def build_entry(sub: Submission, dataset: PublishedDataset, *, partial: bool, judge_model: str | None = None,
                handbook: Path | None = None, analyzer: dict[str, Any] | None = None) -> dict[str, Any]:
    """One re-graded entry (shape in the module docstring). ``sub.meta`` must be present (validated)."""
    meta = sub.meta
    if meta is None:
        raise ValueError("an entry needs a validated submission.yaml")
    pairs = submission_trials(sub)
    trials = [t for t, _ in pairs]
    tasks_of: dict[str, list[Trial]] = defaultdict(list)
    for t in trials:
        tasks_of[t.task].append(t)
    task_rows = []
    for name in sorted(tasks_of, key=lambda n: (DOMAINS.index(dataset.tasks[n].domain)
                                                if n in dataset.tasks and dataset.tasks[n].domain in DOMAINS
                                                else 9, n)):
        g = group_stats(tasks_of[name])
        pub = dataset.tasks.get(name)
        task_rows.append({"task": name, "domain": pub.domain if pub else None,
                          "difficulty": pub.difficulty if pub else None, "category": pub.category if pub else None,
                          "n": g["n_trials"], "c": g["n_successes"], "pass_at_1": g["pass_at_1"],
                          "pass_at_3": g["pass_at_3"], "pass_hat_3": g["pass_hat_3"]})
    fail_block, recall_block = failure_analysis(pairs, dataset, handbook, meta.label, analyzer)
    entry_id = slug(f"{meta.harness.name}-{meta.harness.version}-{meta.model.name}-{meta.date}")
    return {
        "id": entry_id, "source": "regraded", "label": meta.label,
        "harness": meta.harness.model_dump(), "model": meta.model.model_dump(), "date": str(meta.date),
        "reasoning": dict(meta.reasoning), "handbook_variant": meta.handbook_variant,
        "contact_name": meta.contact.name, "judge_model": judge_model, "judge_verified": judge_model is not None,
        "partial": partial, "n_tasks": len(tasks_of), "n_trials": len(trials),
        "missing_tasks": sorted(set(dataset.tasks) - set(tasks_of)),
        **breakdowns(trials, dataset), "tasks": task_rows, "failures": fail_block,
        "policy_read_recall": recall_block,
    }


def pooled(entries: list[dict[str, Any]], trials_by_entry: dict[str, list[Trial]],
           dataset: PublishedDataset) -> dict[str, Any]:
    """Tables 18–22 pooled over re-graded entries: each (entry, task) pair is its own task."""
    trials = [dataclasses.replace(t, task=f"{eid}::{t.task}") for eid, ts in trials_by_entry.items() for t in ts]
    if not trials:
        return {}
    b = breakdowns(trials, dataset)
    return {k: b[k] for k in ("difficulty", "pa_terminal", "um_category", "um_stage", "um_stage_outcome",
                              "cm_stance")}


def leaderboard_json(entries: list[dict[str, Any]], reference: list[dict[str, Any]], dataset: PublishedDataset,
                     pooled_tables: dict[str, Any], unranked: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole site's data: ranked re-graded entries (sorted by overall pass@1, best first), the unranked
    ones (partial entries kept out of the ranking, same order) and, apart, the paper's reference rows."""
    def score(e: dict[str, Any]) -> float:
        return -(e["overall"].get("pass_at_1") or 0.0)

    return {"format": LEADERBOARD_FORMAT,
            "dataset": {"name": dataset.name, "version": dataset.version, "digest": dataset.digest,
                        "n_tasks": len(dataset.tasks)},
            "entries": sorted(entries, key=lambda e: (score(e), e["id"])),
            "unranked": sorted(unranked or [], key=lambda e: (score(e), e["id"])),
            "reference": reference, "pooled": pooled_tables,
            "tasks": [[t.name, t.domain, t.difficulty or ""] for t in
                      sorted(dataset.tasks.values(), key=lambda t: (DOMAINS.index(t.domain)
                                                                    if t.domain in DOMAINS else 9, t.name))]}
