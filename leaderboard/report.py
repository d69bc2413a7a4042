"""``chibench report JOB_DIR`` — score one Harbor job directory the way the paper reports it.

Input: the job directory ``harbor run`` writes (Harbor 0.24.0; layout read from ``harbor/job.py``,
``harbor/models/job/result.py``, ``harbor/models/trial/{result,paths}.py``)::

    <jobs_dir>/<job_name>/
      config.json                 JobConfig (n_attempts, agents, datasets …)
      result.json                 JobResult (id, started_at, finished_at, n_total_trials, stats …)
      <trial_name>/               one per finished trial attempt (Harbor deletes a retried attempt's dir)
        result.json               TrialResult: task_name, config.task.path, agent_info, agent_result
                                  (n_input_tokens incl. cache, n_output_tokens, cost_usd), verifier_result
                                  .rewards, exception_info, started_at / finished_at, step_results
        agent/trajectory.json     ATIF trajectory (steps[].source) — absent for agents that write none
        verifier/scorecard.json   ours: written by ``chibench verify`` (``verifiers/grader.py``)

Only JSON is read — Harbor itself is not imported, so the report runs wherever ``chibench`` does.

Per-trial rules:

* **Reward**: ``verifier_result.rewards["reward"]`` (or the single key if there is only one). A trial with
  an ``exception_info`` (its own or any step's) or without a reward **counts as reward 0** and is listed
  under ``problems``. A success is reward == 1; a reward other than 0/1 is a failure and a problem.
* **Ungraded**: a trial whose scorecard says ``outcome: "ungraded"`` — the judge was configured and could
  not vote (unreachable, HTTP error, timeout, refusal, malformed answers after its retries), so the grader
  wrote no reward and Harbor recorded the missing reward as the trial's exception. It has no verdict:
  it is **excluded from every pass@k / pass^k / CI** (neither a 0 nor a 1), counted in ``n_ungraded``,
  listed once under ``problems`` (kind ``ungraded``) and announced by a loud warning; it is not judged and
  not leaderboard-valid.
* **Judge**: a trial counts as *judged* when its scorecard's ``judge.status`` is ``ran``, ``skipped`` (the
  judge was configured but the deterministic layer had already failed, so the reward is 0 either way) or
  ``no_rubrics`` (nothing to judge). ``not_run`` (no judge model configured), a missing or unreadable
  scorecard are *not judged*. Unless every trial is judged the report says
  ``DETERMINISTIC-ONLY GRADING — not leaderboard-valid``.
* **Domain / difficulty** of a task, first source that has it: a trial's ``scorecard.json`` ``task`` block
  (the answer key's own ``task.domain`` / ``task.difficulty``) → ``[metadata] domain`` / ``difficulty`` in
  the task's ``task.toml`` at ``config.task.path`` (tried as given, then relative to the jobs directory's
  parent, where ``harbor run`` is usually started) → the name: ``cm_*`` is care_management,
  ``<service>.referral`` provider_pa, any other ``<service>.<stage>`` payer_um, anything else ``unknown``.
* **Steps**: ATIF steps with ``source == "agent"`` that are not ``is_copied_context`` (agent turns).
* **Wall clock**: the trial's ``finished_at - started_at`` in seconds (environment setup, agent, verifier).

JSON output (``--json``; one object, keys always present, ``null`` when not computable)::

    {
      "format": "chibench.report/1",
      "job": {"dir": str, "name": str, "id": str|null, "started_at": str|null, "finished_at": str|null,
              "n_total_trials": int|null, "n_attempts": int|null, "n_trials": int,
              "agents": [{"agent": str, "version": str|null, "model": str|null, "n_trials": int}],
              "attempts_per_task": {"min": int, "max": int}|null},   # trials actually run per task
      "k": 3,                                     # the k of the pass@k / pass^k columns (not the attempts)
      "grading": {"judge": "all"|"some"|"none", "n_judged": int, "n_trials": int,
                  "deterministic_only": bool, "n_leaderboard_valid": int, "leaderboard_valid": bool,
                  "n_ungraded": int, "warnings": [str]},
      "domains": [GROUP + {"domain": str}],      # provider_pa, payer_um, care_management, then others
      "difficulty": [GROUP + {"domain": str, "difficulty": "E"|"M"|"H"|null}],  # per domain, then E, M, H, null
      "overall": GROUP,
      "tasks": [GROUP + {"task": str, "domain": str, "domain_source": "scorecard"|"task_config"|"name",
                         "difficulty": str|null}],                     # sorted by domain, then name
      "trials": [{"trial": str, "task": str, "reward": 0|1|float, "raw_reward": float|null,
                  "success": bool, "exception": str|null, "steps": int|null, "input_tokens": int|null,
                  "output_tokens": int|null, "cost_usd": float|null, "wall_clock_s": float|null,
                  "judge_status": str|null, "judged": bool, "ungraded": bool, "leaderboard_valid": bool|null}],
      "problems": [{"trial": str, "task": str, "kind": str, "detail": str}],
      "skipped": [{"path": str, "reason": str}], # trial dirs without a readable result.json
      "marathon": [{"domain": str, "n_sessions": int, "n_ungraded": int, "marathon_pass_at_1": float|null,
                    "per_task_pass_at_1": float|null, "delta_points": float|null}]   # Table 4 (marathon_rows)
    }

A **marathon session** (scorecard ``task.kind`` or ``[metadata] kind`` = ``"marathon"``, reward = the
fraction of its cases passed) is not a task: it is listed under ``trials`` but left out of ``domains``,
``overall`` and ``tasks``, and a fractional reward is not a problem for it.

    GROUP = {"n_tasks": int, "n_trials": int, "n_successes": int,   # n_trials: graded trials only
             "n_ungraded": int,                  # trials without a verdict, outside every rate below
             "pass_at_1": float|null,            # mean over tasks of c/n (null: no graded trial)
             "pass_at_1_ci95": [float, float],   # Wilson 95 % over the group's pooled trials
             "pass_at_3": float|null,            # mean over tasks of 1 - C(n-c,3)/C(n,3); null if a task has n < 3
             "pass_hat_3": float|null,           # mean over tasks of C(c,3)/C(n,3); same rule
             "mean_steps": float|null, "mean_input_tokens": float|null, "mean_output_tokens": float|null,
             "mean_cost_usd": float|null, "total_cost_usd": float|null, "mean_wall_clock_s": float|null,
             "coverage": {"steps": int, "tokens": int, "cost": int, "wall_clock": int},  # trials reporting each
             "n_exceptions": int, "n_missing_reward": int,
             "judge": "all"|"some"|"none", "n_judged": int}

Probabilities are fractions in [0, 1] in JSON and percentages in the text table. Means of steps, tokens,
cost and wall clock are per trial, over the trials that report the quantity (``coverage``); input tokens
include cached tokens (Harbor's ``AgentContext`` convention).
"""

from __future__ import annotations

import json
import math
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from chibench.leaderboard.metrics import TaskCounts, aggregate, mean_or_none

REPORT_FORMAT = "chibench.report/1"
K = 3
DOMAINS = ("provider_pa", "payer_um", "care_management")
JUDGED_STATUSES = frozenset({"ran", "skipped", "no_rubrics"})
LOUD_LINE = "DETERMINISTIC-ONLY GRADING — not leaderboard-valid"
UNGRADED_LINE = "UNGRADED TRIALS — the judge could not vote"


class ReportError(Exception):
    """JOB_DIR is not a readable Harbor job directory, or holds no finished trials."""


@dataclass
class Problem:
    trial: str
    task: str
    kind: str  # ungraded | exception | missing_reward | non_binary_reward | missing_scorecard | bad_scorecard | bad_trajectory
    detail: str


@dataclass
class Trial:
    """One finished trial, reduced to what the report needs."""

    name: str
    task: str
    reward: float  # the reward the metrics use (0 for an exception or a missing reward)
    raw_reward: float | None
    exception: str | None
    steps: int | None
    input_tokens: int | None
    output_tokens: int | None
    cost_usd: float | None
    wall_clock_s: float | None
    judge_status: str | None
    leaderboard_valid: bool | None
    agent: tuple[str, str | None, str | None]  # (name, version, model)
    scorecard_task: dict[str, Any] = field(default_factory=dict)
    task_config_meta: dict[str, Any] = field(default_factory=dict)
    ungraded: bool = False  # the scorecard says the judge could not vote: no verdict at all
    marathon: bool = False  # a χ-Bench-Marathon session: reward = fraction of its cases passed (not a task)

    @property
    def success(self) -> bool:
        return self.reward == 1 and not self.ungraded

    @property
    def judged(self) -> bool:
        return self.judge_status in JUDGED_STATUSES and not self.ungraded


# ------------------------------------------------------------------------------------ reading


def _read_json(path: Path) -> tuple[Any, str | None]:
    """(data, error) — never raises for a missing or malformed file."""
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return None, "missing"
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{type(exc).__name__}: {exc}"


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _seconds(started: Any, finished: Any) -> float | None:
    if not (isinstance(started, str) and isinstance(finished, str)):
        return None
    try:
        return (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()
    except (ValueError, TypeError):  # TypeError: one stamp naive, the other aware
        return None


def _usage(result: dict[str, Any]) -> tuple[int | None, int | None, float | None]:
    """(input tokens incl. cache, output tokens, cost USD) — mirrors ``TrialResult.compute_token_cost_totals``.

    Multi-step trials leave ``agent_result`` empty and record one context per step, hence the fallback.
    """
    if isinstance(result.get("agent_result"), dict):
        contexts = [result["agent_result"]]
    else:
        contexts = [_obj(s).get("agent_result") for s in result.get("step_results") or []]
        contexts = [c for c in contexts if isinstance(c, dict)]
    n_in = n_out = None
    cost = None
    for ctx in contexts:
        if (v := _int(ctx.get("n_input_tokens"))) is not None:
            n_in = (n_in or 0) + v
        if (v := _int(ctx.get("n_output_tokens"))) is not None:
            n_out = (n_out or 0) + v
        if (c := _num(ctx.get("cost_usd"))) is not None:
            cost = (cost or 0.0) + c
    return n_in, n_out, cost


def _reward(result: dict[str, Any]) -> float | None:
    rewards = _obj(_obj(result.get("verifier_result")).get("rewards"))
    if "reward" in rewards:
        return _num(rewards["reward"])
    # Harbor allows any flat reward map; a single key is unambiguous, several are not ours to combine.
    return _num(next(iter(rewards.values()))) if len(rewards) == 1 else None


def _exception(result: dict[str, Any]) -> str | None:
    infos = [_obj(result.get("exception_info"))]
    infos += [_obj(_obj(s).get("exception_info")) for s in result.get("step_results") or []]
    for info in infos:
        if info:
            kind = str(info.get("exception_type") or "Exception")
            lines = str(info.get("exception_message") or "").strip().splitlines()
            return f"{kind}: {lines[0]}" if lines else kind
    return None


def _agent_steps(trial_dir: Path) -> tuple[int | None, str | None]:
    data, err = _read_json(trial_dir / "agent" / "trajectory.json")
    if err == "missing":
        return None, None  # oracle / nop and some installed agents write no trajectory: not a problem
    steps = _obj(data).get("steps")
    if err or not isinstance(steps, list):
        return None, err or "no steps list"
    return sum(1 for s in steps if _obj(s).get("source") == "agent" and not _obj(s).get("is_copied_context")), None


class _TaskTomlCache:
    """``[metadata]`` of each task.toml, read once per path (every trial of a task names the same one)."""

    def __init__(self, roots: Iterable[Path]):
        self.roots = list(roots)
        self.cache: dict[str, dict[str, Any]] = {}

    def metadata(self, task_path: Any) -> dict[str, Any]:
        if not isinstance(task_path, str) or not task_path:
            return {}
        if task_path not in self.cache:
            self.cache[task_path] = self._load(Path(task_path).expanduser())
        return self.cache[task_path]

    def _load(self, path: Path) -> dict[str, Any]:
        candidates = [path] if path.is_absolute() else [path, *(root / path for root in self.roots)]
        for candidate in candidates:
            try:
                with (candidate / "task.toml").open("rb") as fh:
                    return _obj(tomllib.load(fh).get("metadata"))
            except (OSError, tomllib.TOMLDecodeError):
                continue
        return {}


def _is_job_dir(job_dir: Path) -> bool:
    result, _ = _read_json(job_dir / "result.json")
    config, _ = _read_json(job_dir / "config.json")
    return "n_total_trials" in _obj(result) or "job_name" in _obj(config)


def load_trials(job_dir: Path) -> tuple[dict[str, Any], list[Trial], list[Problem], list[dict[str, str]]]:
    """Read a job directory: (job metadata, trials, problems, skipped trial dirs).

    Raises:
        ReportError: the path is missing, not a directory, a trial directory, not a Harbor job directory,
            or has no trial with a readable ``result.json``.
    """
    if not job_dir.exists():
        raise ReportError(f"{job_dir}: no such directory")
    if not job_dir.is_dir():
        raise ReportError(f"{job_dir}: not a directory")
    own, _ = _read_json(job_dir / "result.json")
    if "trial_name" in _obj(own) and "task_name" in _obj(own):
        raise ReportError(f"{job_dir}: this is a trial directory; pass its parent, the job directory")
    if not _is_job_dir(job_dir):
        raise ReportError(f"{job_dir}: not a Harbor job directory (no job result.json or config.json "
                          "written by `harbor run`)")
    job_result = _obj(own)
    job_config, _ = _read_json(job_dir / "config.json")
    job = {"dir": str(job_dir), "name": job_dir.name, "id": job_result.get("id"),
           "started_at": job_result.get("started_at"), "finished_at": job_result.get("finished_at"),
           "n_total_trials": _int(job_result.get("n_total_trials")),
           "n_attempts": _int(_obj(job_config).get("n_attempts"))}

    # task.toml paths are recorded as given to `harbor run`, usually relative to where it ran:
    # the jobs directory's parent (jobs_dir defaults to ./jobs).
    tomls = _TaskTomlCache([Path.cwd(), job_dir.parent.parent])
    trials: list[Trial] = []
    problems: list[Problem] = []
    skipped: list[dict[str, str]] = []
    for trial_dir in sorted(p for p in job_dir.iterdir() if p.is_dir() and not p.name.startswith(".")):
        data, err = _read_json(trial_dir / "result.json")
        result = _obj(data)
        if err or not isinstance(result.get("task_name"), str):
            reason = ("no result.json (trial unfinished or interrupted)" if err == "missing"
                      else f"result.json unreadable: {err or 'not a TrialResult'}")
            skipped.append({"path": str(trial_dir), "reason": reason})
            continue
        trials.append(_trial(trial_dir, result, tomls, problems))
    if not trials:
        raise ReportError(f"{job_dir}: no finished trials (no <trial>/result.json)"
                          + (f"; {len(skipped)} trial dir(s) skipped" if skipped else ""))
    return job, trials, problems, skipped


def _trial(trial_dir: Path, result: dict[str, Any], tomls: _TaskTomlCache, problems: list[Problem]) -> Trial:
    name = str(result.get("trial_name") or trial_dir.name)
    task = str(result["task_name"])

    def problem(kind: str, detail: str) -> None:
        problems.append(Problem(name, task, kind, detail))

    raw = _reward(result)
    exception = _exception(result)
    reward = 0.0 if exception or raw is None else raw
    card, card_err = _read_json(trial_dir / "verifier" / "scorecard.json")
    card = _obj(card)
    ungraded = card.get("outcome") == "ungraded"
    meta = tomls.metadata(_obj(_obj(result.get("config")).get("task")).get("path"))
    marathon = "marathon" in (_obj(card.get("task")).get("kind"), meta.get("kind"))
    if ungraded:  # one problem, not also "exception" + "missing_reward": the missing reward is the point
        problem("ungraded", str(card.get("reason") or "the judge could not vote")[:500]
                + (f" [Harbor: {exception}]" if exception else "")
                + (f" (a reward {raw:g} was recorded anyway and is ignored)" if raw is not None else ""))
    else:
        if exception:
            problem("exception", exception + ("" if raw is None else f" (verifier reward {raw:g} not counted)"))
        if raw is None:
            problem("missing_reward", "no verifier_result.rewards.reward")
        elif raw not in (0, 1) and not (marathon and 0 <= raw <= 1):
            problem("non_binary_reward", f"reward {raw:g} is neither 0 nor 1 (counted as a failure)")
    if card_err == "missing":
        problem("missing_scorecard", "no verifier/scorecard.json (judge status unknown: counted as not judged)")
    elif card_err or not card:
        problem("bad_scorecard", f"verifier/scorecard.json unreadable: {card_err or 'not an object'}")
    judge = card.get("judge")
    judge_status = judge.get("status") if isinstance(judge, dict) else None
    valid = card.get("leaderboard_valid")

    steps, traj_err = _agent_steps(trial_dir)
    if traj_err:
        problem("bad_trajectory", f"agent/trajectory.json unreadable: {traj_err}")
    n_in, n_out, cost = _usage(result)
    info = _obj(result.get("agent_info"))
    version, model = info.get("version"), _obj(info.get("model_info")).get("name")
    return Trial(
        name=name, task=task, reward=reward, raw_reward=raw, exception=exception, steps=steps,
        input_tokens=n_in, output_tokens=n_out, cost_usd=cost,
        wall_clock_s=_seconds(result.get("started_at"), result.get("finished_at")),
        judge_status=str(judge_status) if judge_status is not None else None,
        leaderboard_valid=valid if isinstance(valid, bool) else None,
        agent=(str(info.get("name") or "unknown"), None if version is None else str(version),
               None if model is None else str(model)),
        scorecard_task=_obj(card.get("task")),
        task_config_meta=meta, ungraded=ungraded, marathon=marathon,
    )


# ------------------------------------------------------------------------------------ task metadata


def domain_from_name(task: str) -> str:
    """The naming rule: ``cm_*`` → care_management; ``<service>.referral`` → provider_pa;
    ``<service>.<stage>`` → payer_um; anything else → ``unknown``. A ``org/`` prefix is ignored."""
    name = task.rsplit("/", 1)[-1]
    if name.startswith("cm_"):
        return "care_management"
    service, dot, stage = name.rpartition(".")
    if not (dot and service and stage):
        return "unknown"
    return "provider_pa" if stage == "referral" else "payer_um"


def task_metadata(trials: list[Trial]) -> tuple[str, str, str | None]:
    """(domain, domain_source, difficulty) for one task from its trials; sources in the module docstring."""
    domain, source = None, "name"
    for origin, key in (("scorecard", "scorecard_task"), ("task_config", "task_config_meta")):
        for t in trials:
            value = getattr(t, key).get("domain")
            if value in DOMAINS:
                domain, source = value, origin
                break
        if domain:
            break
    difficulty = next((str(v) for key in ("scorecard_task", "task_config_meta") for t in trials
                       if (v := getattr(t, key).get("difficulty"))), None)
    return domain or domain_from_name(trials[0].task), source, difficulty


# ------------------------------------------------------------------------------------ building


def _coverage_word(judged: int, total: int) -> str:
    return "all" if judged == total else "none" if judged == 0 else "some"


def group_stats(trials: list[Trial]) -> dict[str, Any]:
    """The GROUP object of the module docstring for any set of trials (one task, a domain, everything).
    Ungraded trials are counted in ``n_ungraded`` and left out of everything else."""
    n_ungraded = sum(t.ungraded for t in trials)
    trials = [t for t in trials if not t.ungraded]
    by_task: dict[str, list[Trial]] = defaultdict(list)
    for t in trials:
        by_task[t.task].append(t)
    if not by_task:  # every trial of the group is ungraded: no rate exists
        return {"n_tasks": 0, "n_trials": 0, "n_successes": 0, "n_ungraded": n_ungraded, "pass_at_1": None,
                "pass_at_1_ci95": [None, None], "pass_at_3": None, "pass_hat_3": None, "mean_steps": None,
                "mean_input_tokens": None, "mean_output_tokens": None, "mean_cost_usd": None,
                "total_cost_usd": None, "mean_wall_clock_s": None,
                "coverage": {"steps": 0, "tokens": 0, "cost": 0, "wall_clock": 0},
                "n_exceptions": 0, "n_missing_reward": 0, "judge": "none", "n_judged": 0}
    agg = aggregate([TaskCounts(len(ts), sum(t.success for t in ts)) for ts in by_task.values()], K)
    costs = [t.cost_usd for t in trials if t.cost_usd is not None]
    n_judged = sum(t.judged for t in trials)
    return {
        "n_tasks": agg.n_tasks, "n_trials": agg.trials, "n_successes": agg.successes, "n_ungraded": n_ungraded,
        "pass_at_1": agg.pass_at_1, "pass_at_1_ci95": [agg.ci95_low, agg.ci95_high],
        "pass_at_3": agg.pass_at_k, "pass_hat_3": agg.pass_hat_k,
        "mean_steps": mean_or_none([t.steps for t in trials]),
        "mean_input_tokens": mean_or_none([t.input_tokens for t in trials]),
        "mean_output_tokens": mean_or_none([t.output_tokens for t in trials]),
        "mean_cost_usd": mean_or_none(costs), "total_cost_usd": math.fsum(costs) if costs else None,
        "mean_wall_clock_s": mean_or_none([t.wall_clock_s for t in trials]),
        "coverage": {"steps": sum(t.steps is not None for t in trials),
                     "tokens": sum(t.input_tokens is not None or t.output_tokens is not None for t in trials),
                     "cost": len(costs), "wall_clock": sum(t.wall_clock_s is not None for t in trials)},
        "n_exceptions": sum(t.exception is not None for t in trials),
        "n_missing_reward": sum(t.raw_reward is None for t in trials),
        "judge": _coverage_word(n_judged, len(trials)), "n_judged": n_judged,
    }


_BAND_ORDER = {"E": 0, "M": 1, "H": 2}


def _domain_order(domain: str) -> tuple[int, str]:
    return (DOMAINS.index(domain) if domain in DOMAINS else len(DOMAINS), domain)


def marathon_rows(sessions: list[Trial], per_task: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Table 4's layout, one row per domain with marathon sessions: ``{"domain", "n_sessions",
    "marathon_pass_at_1"`` (mean over graded sessions of the fraction of cases passed; an errored session
    counts 0), ``"per_task_pass_at_1"`` (the domain's per-task pass@1 from ``per_task``, or null),
    ``"delta_points"`` (100 × (marathon − per-task), or null)}."""
    rows = []
    by_domain: dict[str, list[Trial]] = defaultdict(list)
    for t in sessions:
        by_domain[str(t.scorecard_task.get("domain") or t.task_config_meta.get("domain") or "unknown")].append(t)
    for domain in sorted(by_domain, key=_domain_order):
        graded = [t for t in by_domain[domain] if not t.ungraded]
        m = math.fsum(t.reward for t in graded) / len(graded) if graded else None
        p = (per_task.get(domain) or {}).get("pass_at_1")
        rows.append({"domain": domain, "n_sessions": len(graded), "n_ungraded": len(by_domain[domain]) - len(graded),
                     "marathon_pass_at_1": m, "per_task_pass_at_1": p,
                     "delta_points": None if m is None or p is None else round(100 * (m - p), 1)})
    return rows


def build_report(job_dir: str | Path, per_task_job: str | Path | None = None) -> dict[str, Any]:
    """Read ``job_dir`` and return the report object documented in the module docstring.

    Marathon sessions (``kind = "marathon"``) are kept out of every per-task group and reported under
    ``"marathon"`` (:func:`marathon_rows`) beside the per-task pass@1 of the same job, or of
    ``per_task_job`` (another job of the same agent) when given.

    Raises:
        ReportError: see :func:`load_trials`.
    """
    job, trials, problems, skipped = load_trials(Path(job_dir))
    sessions = [t for t in trials if t.marathon]
    single = [t for t in trials if not t.marathon]  # every per-task group; sessions only in "marathon"
    by_task: dict[str, list[Trial]] = defaultdict(list)
    for t in single:
        by_task[t.task].append(t)
    meta = {task: task_metadata(ts) for task, ts in by_task.items()}
    by_domain: dict[str, list[Trial]] = defaultdict(list)
    by_band: dict[tuple[str, str | None], list[Trial]] = defaultdict(list)
    for t in single:
        by_domain[meta[t.task][0]].append(t)
        by_band[(meta[t.task][0], meta[t.task][2])].append(t)

    agents = Counter(t.agent for t in trials)
    job["n_trials"] = len(trials)
    job["agents"] = [{"agent": a, "version": v, "model": m, "n_trials": n}
                     for (a, v, m), n in sorted(agents.items(), key=lambda kv: tuple(str(x) for x in kv[0]))]

    n_judged = sum(t.judged for t in trials)
    n_valid = sum(t.leaderboard_valid is True and not t.ungraded for t in trials)
    n_ungraded = sum(t.ungraded for t in trials)
    warnings: list[str] = []
    if n_ungraded:
        warnings.append(f"{UNGRADED_LINE}: {n_ungraded} of {len(trials)} trials have NO verdict; they are "
                        "excluded from pass@k / pass^k (neither 0 nor 1) — fix the judge and grade them again")
    if n_judged < len(trials):
        warnings.append(f"{LOUD_LINE} (judge ran in {n_judged} of {len(trials)} trials)")
    if n_valid < len(trials):
        warnings.append(f"{len(trials) - n_valid} of {len(trials)} trials have no scorecard saying "
                        "leaderboard_valid: true")
    if len(agents) > 1:
        warnings.append(f"MIXED AGENTS — {len(agents)} agent/model combinations are pooled in every row")
    if job["n_total_trials"] is not None and len(trials) < job["n_total_trials"]:
        warnings.append(f"incomplete job: {len(trials)} of {job['n_total_trials']} trials finished")

    tasks = sorted(by_task, key=lambda name: (_domain_order(meta[name][0]), name))
    # what was run, not what was asked for: trials per task, fewest and most
    runs = sorted(len(by_task[name]) for name in by_task)
    job = {**job, "attempts_per_task": {"min": runs[0], "max": runs[-1]} if runs else None}
    domains = [{"domain": d, **group_stats(by_domain[d])} for d in sorted(by_domain, key=_domain_order)]
    baseline = {d["domain"]: d for d in (build_report(per_task_job)["domains"] if per_task_job else domains)}
    return {
        "format": REPORT_FORMAT,
        "marathon": marathon_rows(sessions, baseline),
        "job": job,
        "k": K,
        "grading": {"judge": _coverage_word(n_judged, len(trials)), "n_judged": n_judged,
                    "n_trials": len(trials), "deterministic_only": n_judged < len(trials),
                    "n_leaderboard_valid": n_valid, "leaderboard_valid": n_valid == len(trials),
                    "n_ungraded": n_ungraded, "warnings": warnings},
        "domains": domains,
        "difficulty": [{"domain": d, "difficulty": b, **group_stats(by_band[(d, b)])}
                       for d, b in sorted(by_band, key=lambda db: (_domain_order(db[0]), _BAND_ORDER.get(db[1] or "", 9)))],
        "overall": group_stats(single),
        "tasks": [{"task": name, "domain": meta[name][0], "domain_source": meta[name][1],
                   "difficulty": meta[name][2], **group_stats(by_task[name])} for name in tasks],
        "trials": [{"trial": t.name, "task": t.task, "reward": t.reward, "raw_reward": t.raw_reward,
                    "success": t.success, "exception": t.exception, "steps": t.steps,
                    "input_tokens": t.input_tokens, "output_tokens": t.output_tokens, "cost_usd": t.cost_usd,
                    "wall_clock_s": t.wall_clock_s, "judge_status": t.judge_status, "judged": t.judged,
                    "ungraded": t.ungraded, "leaderboard_valid": t.leaderboard_valid}
                   for t in sorted(trials, key=lambda t: (t.task, t.name))],
        "problems": [{"trial": p.trial, "task": p.task, "kind": p.kind, "detail": p.detail} for p in problems],
        "skipped": skipped,
    }


# ------------------------------------------------------------------------------------ text


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}"


def _count(x: float | None) -> str:
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def _num_fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


_COLUMNS = (("n", 4), ("c", 4), ("pass@1", 6), ("95% CI", 13), ("pass@3", 6), ("pass^3", 6), ("steps", 6),
            ("in tok", 7), ("out tok", 7), ("$/trial", 8), ("wall s", 7), ("exc", 4), ("judge", 5))


def _cells(g: dict[str, Any]) -> list[str]:
    lo, hi = g["pass_at_1_ci95"]
    return [str(g["n_trials"]), str(g["n_successes"]), _pct(g["pass_at_1"]), f"[{_pct(lo)}, {_pct(hi)}]",
            _pct(g["pass_at_3"]), _pct(g["pass_hat_3"]), _num_fmt(g["mean_steps"], ".1f"),
            _count(g["mean_input_tokens"]), _count(g["mean_output_tokens"]), _num_fmt(g["mean_cost_usd"], ".4f"),
            _num_fmt(g["mean_wall_clock_s"], ".1f"), str(g["n_exceptions"]), g["judge"]]


def _table(head: list[tuple[str, int]], rows: list[list[str]]) -> list[str]:
    widths = [max(w, *(len(r[i]) for r in rows)) if rows else w for i, (_, w) in enumerate(head)]
    # First columns are names (left-aligned); numbers right-align so decimals line up.
    n_text = sum(1 for h, _ in head if h in ("domain", "task", "dom", "diff"))

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < n_text else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths,
                                                                                                   strict=True)))
    out = [line([h for h, _ in head]), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    return [s.rstrip() for s in out]


_SHORT = {"provider_pa": "PA", "payer_um": "UM", "care_management": "CM"}


def _attempts_text(job: dict[str, Any], k: int) -> str:
    """`` · attempts/task 1 (pass@3, pass^3 need 3)`` — the attempts actually run per task, and whether they
    are enough for the pass@k / pass^k columns."""
    runs = job.get("attempts_per_task")
    if not runs:
        return ""
    shown = str(runs["min"]) if runs["min"] == runs["max"] else f"{runs['min']}–{runs['max']}"
    enough = f"pass@{k}, pass^{k} over {k}" if runs["min"] >= k else f"pass@{k}, pass^{k} need {k}"
    return f" · attempts/task {shown} ({enough})"


def render_text(report: dict[str, Any]) -> str:
    """The fixed-width text form of :func:`build_report`'s object (domains, overall, then tasks)."""
    job, grading = report["job"], report["grading"]
    out = [f"χ-Bench report — job {job['name']}  ({job['dir']})"]
    agents = ", ".join(f"{a['agent']}" + (f" {a['version']}" if a["version"] else "")
                       + (f" / {a['model']}" if a["model"] else "") + f" ×{a['n_trials']}" for a in job["agents"])
    total = job["n_total_trials"]
    out.append(f"agent: {agents} · trials {job['n_trials']}" + (f" of {total}" if total is not None else "")
               + _attempts_text(job, report["k"]))
    cost = report["overall"]["total_cost_usd"]
    out.append(f"judge: {grading['judge']} ({grading['n_judged']}/{grading['n_trials']} trials) · "
               f"leaderboard-valid scorecards {grading['n_leaderboard_valid']}/{grading['n_trials']}"
               + (f" · total cost ${cost:.2f}" if cost is not None else ""))
    if grading["n_ungraded"]:
        out[-1] += f" · UNGRADED {grading['n_ungraded']}/{grading['n_trials']} (not in pass@k)"
    loud = [w for w in grading["warnings"] if w.startswith((LOUD_LINE, UNGRADED_LINE))]
    if loud:
        out += ["", "!" * 78, *(f"!! {w}" for w in loud), "!" * 78]
    out += [f"warning: {w}" for w in grading["warnings"] if not w.startswith((LOUD_LINE, UNGRADED_LINE))]
    out.append("")
    out.append("Per domain (pass@1 = mean over tasks; 95% CI = Wilson over the pooled trials; percentages)")
    head = [("domain", 15), ("tasks", 5), *_COLUMNS]
    rows = [[d["domain"], str(d["n_tasks"]), *_cells(d)] for d in report["domains"]]
    o = report["overall"]
    rows.append(["overall", str(o["n_tasks"]), *_cells(o)])
    body = _table(head, rows)
    body.insert(len(body) - 1, "  ".join("-" * len(s) for s in body[1].split("  ")))
    out += body
    if report.get("marathon"):
        out += ["", "Marathon vs per-task pass@1 (paper Table 4; marathon = mean fraction of cases passed per "
                    "session; Δ = marathon − per-task, points)"]
        out += _table([("domain", 15), ("sessions", 8), ("marathon", 8), ("per-task", 8), ("Δ", 6)],
                      [[r["domain"], str(r["n_sessions"]), _pct(r["marathon_pass_at_1"]),
                        _pct(r["per_task_pass_at_1"]), _num_fmt(r["delta_points"], "+.1f")]
                       for r in report["marathon"]])
    out.append("")
    out.append("Per task")
    head = [("task", 30), ("dom", 3), ("diff", 4), *_COLUMNS]
    out += _table(head, [[t["task"], _SHORT.get(t["domain"], t["domain"]), t["difficulty"] or "-", *_cells(t)]
                         for t in report["tasks"]])
    if report["problems"]:
        out += ["", f"Problems ({len(report['problems'])}; an exception or a missing reward counts as reward 0)"
                + ("; an ungraded trial counts nowhere" if report["grading"]["n_ungraded"] else "")]
        out += [f"  {p['trial']}  [{p['task']}]  {p['kind']}: {p['detail']}" for p in report["problems"]]
    if report["skipped"]:
        out += ["", f"Skipped trial directories ({len(report['skipped'])})"]
        out += [f"  {s['path']}: {s['reason']}" for s in report["skipped"]]
    if loud:
        out += [""] + [f"!! {w}" for w in loud]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------ markdown

_DOMAIN_NAMES = {"provider_pa": "Provider PA", "payer_um": "Payer UM", "care_management": "Care management"}
_BAND_NAMES = {"E": "Easy", "M": "Moderate", "H": "Hard", None: "unlabelled"}
_MD_HEAD = ("Tasks", "Trials", "Successes", "pass@1 (%)", "95% CI (%)", "pass@3 (%)", "pass^3 (%)", "Steps",
            "$/trial", "Exceptions", "Ungraded")


def _md_cells(g: dict[str, Any]) -> list[str]:
    lo, hi = g["pass_at_1_ci95"]
    return [str(g["n_tasks"]), str(g["n_trials"]), str(g["n_successes"]), _pct(g["pass_at_1"]),
            "n/a" if g["pass_at_1"] is None else f"{_pct(lo)}–{_pct(hi)}", _pct(g["pass_at_3"]),
            _pct(g["pass_hat_3"]), _num_fmt(g["mean_steps"], ".1f"), _num_fmt(g["mean_cost_usd"], ".4f"),
            str(g["n_exceptions"]), str(g["n_ungraded"])]


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_table(first: list[str], rows: list[tuple[list[str], dict[str, Any]]]) -> list[str]:
    head = [*first, *_MD_HEAD]
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join(":---" if i < len(first) else "---:" for i in range(len(head))) + "|"]
    out += ["| " + " | ".join([*(_md_escape(c) for c in names), *_md_cells(g)]) + " |" for names, g in rows]
    return out


def render_markdown(report: dict[str, Any]) -> str:
    """:func:`build_report`'s object as GitHub-flavoured markdown: a header (agents, trials, attempts per task,
    judge coverage), the loud grading warnings as a blockquote, then three tables — overall and per domain,
    per difficulty band within each domain, and per task. Percentages with one decimal; ``n/a`` where a
    pass@k is not computable (a task with fewer than k trials, or no graded trial)."""
    job, grading = report["job"], report["grading"]
    agents = ", ".join(f"{a['agent']}" + (f" {a['version']}" if a["version"] else "")
                       + (f" / {a['model']}" if a["model"] else "") + f" ×{a['n_trials']}" for a in job["agents"])
    total = job["n_total_trials"]
    out = [f"# χ-Bench report — job `{_md_escape(job['name'])}`", "",
           f"- Agent: {_md_escape(agents) or 'none'}",
           f"- Trials: {job['n_trials']}" + (f" of {total}" if total is not None else "")
           + _attempts_text(job, report["k"]).replace(" · ", "; ", 1),
           f"- Judge: {grading['judge']} ({grading['n_judged']}/{grading['n_trials']} trials); leaderboard-valid "
           f"scorecards {grading['n_leaderboard_valid']}/{grading['n_trials']}"]
    cost = report["overall"]["total_cost_usd"]
    if cost is not None:
        out.append(f"- Total cost: ${cost:.2f}")
    if grading["warnings"]:
        out += [""] + [f"> **{_md_escape(w)}**" if w.startswith((LOUD_LINE, UNGRADED_LINE)) else f"> {_md_escape(w)}"
                       for w in grading["warnings"]]
    out += ["", "pass@1: mean over tasks of c/n; 95% CI: Wilson over the pooled trials; pass@3 / pass^3: unbiased "
                "estimators over each task's trials. Exceptions count as failures; ungraded trials count nowhere.",
            "", "## Overall and per domain", ""]
    out += _md_table(["Domain"], [([_DOMAIN_NAMES.get(d["domain"], d["domain"])], d) for d in report["domains"]]
                     + [(["**Overall**"], report["overall"])])
    out += ["", "## Per difficulty", ""]
    out += _md_table(["Domain", "Difficulty"], [([_DOMAIN_NAMES.get(g["domain"], g["domain"]),
                                                  _BAND_NAMES.get(g["difficulty"], str(g["difficulty"]))], g)
                                                for g in report.get("difficulty", [])])
    out += ["", "## Per task", ""]
    out += _md_table(["Task", "Domain", "Difficulty"],
                     [([t["task"], _DOMAIN_NAMES.get(t["domain"], t["domain"]), t["difficulty"] or "-"], t)
                      for t in report["tasks"]])
    if report["problems"]:
        out += ["", f"## Problems ({len(report['problems'])})", ""]
        out += [f"- `{_md_escape(p['trial'])}` ({_md_escape(p['task'])}) {p['kind']}: {_md_escape(p['detail'])}"
                for p in report["problems"]]
    return "\n".join(out) + "\n"
