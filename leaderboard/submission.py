"""Leaderboard submissions: the metadata file, the published dataset, and ``chibench leaderboard validate``.

A submission is a folder::

    <submission>/
      submission.yaml        SubmissionMeta (below): harness + version, model, date, reasoning, contact,
                             handbook variant, the job folders it consists of
      jobs/<job>/...         one or more Harbor job directories, unmodified (``harbor run`` output):
                             config.json, result.json, lock.json and one folder per trial with its
                             result.json, lock.json, agent/trajectory.json, verifier/scorecard.json and
                             artifacts/opt/chibench/export/{initial,final}.json (the collected world export)

The published dataset is ``packages/``: ``packages/dataset.toml`` names every task with Harbor's content
digest (``sha256:`` + ``harbor.publisher.packager.Packager.compute_content_hash`` over the task folder —
the digest ``chibench package build`` writes and the one Harbor records in each trial's ``lock.json``
``task.digest``), and each ``packages/<task>/task.toml`` ``[metadata]`` gives domain, difficulty, category
and the intended end state (PA terminal status, UM terminal outcome, CM consent stance).

:func:`validate` returns every :class:`Issue` it finds; an entry is acceptable when no issue has severity
``error``. Rules (``Issue.rule``), each with its reason:

* ``metadata`` — submission.yaml missing or not a valid :class:`SubmissionMeta`; a listed job folder missing.
* ``digest`` — a trial's ``lock.json`` is missing, or its ``task.digest`` differs from the published
  digest of that task, or the task is not in the published dataset (a modified or foreign task).
* ``dataset`` — a job's dataset reference names another dataset or version than ``dataset.toml``.
* ``attempts`` — a task has fewer than :data:`MIN_ATTEMPTS` counted trials.
* ``cherry_pick`` — trials started but not all present: fewer trial folders than the job's
  ``n_total_trials``, than its stats (``n_completed_trials``, errored and cancelled ones included), than its
  ``lock.json`` plans for a task, or than ``n_attempts`` for a task; a job with trials still running or pending. Trials that errored are
  counted as failures, never dropped; a trial folder without ``result.json`` is a started trial that
  counts as a failure (reported as a warning).
* ``export`` — a trial without its collected world export (``final.json``); nothing to re-grade.
* ``isolation`` — the job's or a trial's agent environment differs from the published one: an environment
  other than the χ-Bench sandbox, Docker or Podman; extra mounts, compose overlays or allowed hosts;
  environment variables that carry judge or grader settings into the agent's box; sandbox options outside
  the documented ones; a handbook variant other than the one declared.
* ``agent`` — a trial's agent or model differs from the metadata (two configurations in one entry).
* ``partial`` (warning) — the entry covers only some of the published tasks; it is flagged partial: one
  summary issue (``submission``) and one issue per missing task (``task <name>``). The site keeps a partial
  entry out of the ranked table unless ``chibench leaderboard build --include-partial``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from chibench.world.core import yamlio

SUBMISSION_FORMAT = "chibench.submission/1"
SUBMISSION_FILE = "submission.yaml"
MIN_ATTEMPTS = 3
EXPORT_REL = Path("artifacts/opt/chibench/export")
"""Where Harbor puts the world sidecar's collected ``/opt/chibench/export`` inside a trial folder."""

HandbookVariant = Literal["full", "no-domain", "no-medical", "no-both"]
#: The environments whose isolation χ-Bench documents (the sandbox by import path, Harbor's docker/podman).
SANDBOX_IMPORT = "chibench.sandbox:SandboxEnvironment"
ALLOWED_ENV_TYPES = frozenset({"docker", "podman"})
#: ``--ek`` options of the sandbox; anything else is an unknown change to the agent's box.
SANDBOX_KWARGS = frozenset({"cache_dir", "uid_base", "sidecar_ready_timeout_sec", "egress", "limits", "pids_limit",
                            "model_api", "judge_api", "agent_clis", "handbook_variant"})
#: Agent-environment variables that would carry grader settings into the agent's box.
_GRADER_ENV = re.compile(r"JUDGE|EXPECTATION|GRADER|SCORECARD|CHIBENCH_(?!HANDBOOK_VARIANT$)", re.IGNORECASE)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Harness(_Strict):
    """The agent harness: Harbor agent name (``codex``, ``claude-code``, ``terminus-2``…) and its version."""

    name: str = Field(min_length=1)
    version: str = Field(min_length=1)


class ModelRef(_Strict):
    """The model as Harbor was given it (``-m``), e.g. ``openai/gpt-5``; ``display`` is the table label."""

    name: str = Field(min_length=1)
    display: str | None = None


class Contact(_Strict):
    name: str = Field(min_length=1)
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class SubmissionMeta(_Strict):
    """``submission.yaml``.

    ``reasoning``: the model's reasoning settings as passed to the harness (``{"effort": "high"}``,
    ``{"thinking_budget_tokens": 32000}``; an empty mapping means the harness default). ``jobs``: job
    folders relative to the submission folder. ``judge_model``: the judge the submitter graded with
    (informational: the leaderboard re-grades with its own). ``cost_note``: where the cost numbers come from.
    """

    format: Literal["chibench.submission/1"]
    harness: Harness
    model: ModelRef
    date: dt.date
    reasoning: dict[str, str | int | float | bool | None] = Field(default_factory=dict)
    contact: Contact
    handbook_variant: HandbookVariant
    jobs: list[str] = Field(min_length=1)
    judge_model: str | None = None
    cost_note: str | None = None

    @field_validator("jobs")
    @classmethod
    def _relative(cls, jobs: list[str]) -> list[str]:
        for j in jobs:
            if Path(j).is_absolute() or ".." in Path(j).parts:
                raise ValueError(f"job folder {j!r} must be relative to the submission folder, without '..'")
        if len(set(jobs)) != len(jobs):
            raise ValueError("a job folder is listed twice")
        return jobs

    @property
    def label(self) -> str:
        return f"{self.harness.name} {self.harness.version} · {self.model.display or self.model.name}"


class SubmissionError(Exception):
    """The submission folder or the published dataset cannot be read at all."""


# ------------------------------------------------------------------------------------ published dataset


@dataclass(frozen=True)
class PublishedTask:
    name: str  # without the org prefix: brca_testing.referral
    digest: str  # sha256:<hex>
    domain: str
    difficulty: str | None
    category: str | None
    path: Path
    #: the intended end state from ``[metadata]`` (rendered from the world seed): provider PA
    #: ``terminal_status``, payer UM ``terminal_outcome``, care management ``consent_stance``; None if absent
    terminal: str | None = None

    @property
    def expectations(self) -> Path:
        return self.path / "tests" / "expectations.json"


@dataclass(frozen=True)
class PublishedDataset:
    name: str
    version: str
    tasks: dict[str, PublishedTask]

    @property
    def digest(self) -> str:
        """The dataset's content digest, as Harbor's ``DatasetManifest.compute_content_hash`` (no files)."""
        import hashlib

        return "sha256:" + hashlib.sha256(",".join(sorted(t.digest.removeprefix("sha256:")
                                                          for t in self.tasks.values())).encode()).hexdigest()


#: ``task.toml [metadata]`` keys of a task's intended end state (``chibench.package.render.terminal_metadata``).
TERMINAL_KEYS = ("terminal_status", "terminal_outcome", "consent_stance")


def short_name(task: str) -> str:
    """``chibench/brca_testing.referral`` → ``brca_testing.referral``."""
    return task.rsplit("/", 1)[-1]


def load_dataset(packages: Path) -> PublishedDataset:
    """Read ``packages/dataset.toml`` and every listed task's ``task.toml`` metadata.

    Raises:
        SubmissionError: no dataset.toml, or it is malformed, or a listed task folder has no task.toml.
    """
    manifest = packages / "dataset.toml"
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SubmissionError(f"{manifest}: no such file (run `chibench package build`)") from exc
    except tomllib.TOMLDecodeError as exc:
        raise SubmissionError(f"{manifest}: not TOML ({exc})") from exc
    info = data.get("dataset") or {}
    tasks: dict[str, PublishedTask] = {}
    for ref in data.get("tasks") or []:
        name = short_name(str(ref["name"]))
        folder = packages / name
        try:
            meta = tomllib.loads((folder / "task.toml").read_text(encoding="utf-8")).get("metadata") or {}
        except (FileNotFoundError, tomllib.TOMLDecodeError) as exc:
            raise SubmissionError(f"{folder / 'task.toml'}: {exc}") from exc
        tasks[name] = PublishedTask(name=name, digest=str(ref["digest"]), domain=str(meta.get("domain", "unknown")),
                                    difficulty=meta.get("difficulty"), category=meta.get("category"), path=folder,
                                    terminal=next((str(meta[k]) for k in TERMINAL_KEYS if meta.get(k)), None))
    return PublishedDataset(name=str(info.get("name", "")), version=str(info.get("version", "")), tasks=tasks)


# ------------------------------------------------------------------------------------ reading a submission


@dataclass
class TrialRecord:
    """One started trial of a submission: what validation, re-grading and aggregation need."""

    job: str
    dir: Path
    name: str
    task: str  # short name
    result: dict[str, Any] | None  # None: the trial started (its folder exists) and never finished
    lock: dict[str, Any] | None
    config: dict[str, Any] | None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def export(self) -> Path:
        return self.dir / EXPORT_REL / "final.json"

    @property
    def initial_export(self) -> Path:
        return self.dir / EXPORT_REL / "initial.json"

    @property
    def submitted_reward(self) -> float | None:
        rewards = ((self.result or {}).get("verifier_result") or {}).get("rewards") or {}
        value = rewards.get("reward", next(iter(rewards.values())) if len(rewards) == 1 else None)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    @property
    def exception(self) -> str | None:
        info = (self.result or {}).get("exception_info") or {}
        return str(info.get("exception_type") or "Exception") if info else None

    @property
    def counted_reward(self) -> int:
        """The reward a leaderboard counts: 1 only for a finished, exception-free trial rewarded 1."""
        return int(self.finished and self.exception is None and self.submitted_reward == 1)


@dataclass
class JobRecord:
    name: str
    dir: Path
    config: dict[str, Any]
    result: dict[str, Any]
    lock: dict[str, Any] | None
    trials: list[TrialRecord] = field(default_factory=list)


@dataclass
class Submission:
    dir: Path
    meta: SubmissionMeta | None
    meta_error: str | None
    jobs: list[JobRecord]

    @property
    def trials(self) -> list[TrialRecord]:
        return [t for j in self.jobs for t in j.trials]


def _json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def read_meta(path: Path) -> tuple[SubmissionMeta | None, str | None]:
    """(metadata, error) for a ``submission.yaml``; the error names every invalid field."""
    try:
        raw = yamlio.load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, f"{path}: no such file (a submission needs {SUBMISSION_FILE})"
    except (OSError, yaml.YAMLError) as exc:
        return None, f"{path}: unreadable ({exc})"
    try:
        return SubmissionMeta.model_validate(raw), None
    except ValidationError as exc:
        fields = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(top)'}: {e['msg']}" for e in exc.errors())
        return None, f"{path}: {fields}"


def _read_job(job_dir: Path) -> JobRecord:
    config, result = _json(job_dir / "config.json"), _json(job_dir / "result.json")
    if config is None or result is None:
        raise SubmissionError(f"{job_dir}: not a Harbor job directory (config.json and result.json are required)")
    job = JobRecord(name=job_dir.name, dir=job_dir, config=config, result=result, lock=_json(job_dir / "lock.json"))
    for trial_dir in sorted(p for p in job_dir.iterdir() if p.is_dir() and not p.name.startswith(".")):
        res = _json(trial_dir / "result.json")
        cfg = _json(trial_dir / "config.json")
        task = (res or {}).get("task_name") or _task_from_config(cfg) or trial_dir.name.rsplit("__", 1)[0]
        job.trials.append(TrialRecord(job=job.name, dir=trial_dir, name=trial_dir.name, task=short_name(str(task)),
                                      result=res, lock=_json(trial_dir / "lock.json"), config=cfg))
    return job


def _task_from_config(cfg: dict[str, Any] | None) -> str | None:
    task = (cfg or {}).get("task") or {}
    name = task.get("name") or (Path(str(task["path"])).name if task.get("path") else None)
    return str(name) if name else None


def load_submission(path: Path) -> Submission:
    """Read a submission folder (see the module docstring). A job directory given directly (no
    submission.yaml) is read as a submission without metadata, so ``validate`` can still list its issues.

    Raises:
        SubmissionError: the folder does not exist, or a listed job is not a Harbor job directory.
    """
    if not path.is_dir():
        raise SubmissionError(f"{path}: no such submission folder")
    meta, error = read_meta(path / SUBMISSION_FILE)
    if meta is not None:
        job_dirs = [path / j for j in meta.jobs]
    elif (path / "jobs").is_dir():
        job_dirs = sorted(p for p in (path / "jobs").iterdir() if p.is_dir())
    else:
        job_dirs = [path] if (path / "config.json").is_file() else []
    jobs = []
    for job_dir in job_dirs:
        if not job_dir.is_dir():
            error = (error + "; " if error else "") + f"listed job folder {job_dir} does not exist"
            continue
        jobs.append(_read_job(job_dir))
    return Submission(dir=path, meta=meta, meta_error=error, jobs=jobs)


# ------------------------------------------------------------------------------------ validation


@dataclass(frozen=True)
class Issue:
    rule: str
    where: str
    detail: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        return f"{self.severity.upper()} [{self.rule}] {self.where}: {self.detail}"


def _environment_issues(env: dict[str, Any], where: str, variant: str | None) -> list[Issue]:
    out: list[Issue] = []

    def bad(detail: str) -> None:
        out.append(Issue("isolation", where, detail))

    kind, import_path = env.get("type"), env.get("import_path")
    if import_path is not None and import_path != SANDBOX_IMPORT:
        bad(f"environment import_path {import_path!r}: only {SANDBOX_IMPORT!r} (or type docker/podman) is allowed")
    if import_path is None and kind is not None and kind not in ALLOWED_ENV_TYPES:  # None: Harbor's docker
        bad(f"environment type {kind!r}: allowed are the χ-Bench sandbox ({SANDBOX_IMPORT}), docker and podman")
    for key in ("mounts", "extra_docker_compose", "extra_allowed_hosts"):
        if env.get(key):
            bad(f"environment.{key} is set ({env[key]!r}): it changes what the agent's box can see or reach")
    for key in sorted(env.get("env") or {}):
        if _GRADER_ENV.search(key):
            bad(f"environment.env sets {key}: grader, judge and world settings must not reach the agent's box")
    kwargs = env.get("kwargs") or {}
    unknown = sorted(set(kwargs) - SANDBOX_KWARGS) if import_path == SANDBOX_IMPORT else []
    if unknown:
        bad(f"environment.kwargs {unknown}: not options of the χ-Bench sandbox ({sorted(SANDBOX_KWARGS)})")
    used = kwargs.get("handbook_variant")
    if variant is not None and used is not None and used != variant:
        bad(f"environment.kwargs.handbook_variant={used!r} but submission.yaml declares {variant!r}")
    if variant not in (None, "full") and used is None:
        bad(f"submission.yaml declares handbook variant {variant!r} but the job does not set "
            "environment.kwargs.handbook_variant")
    return out


def _job_issues(job: JobRecord, dataset: PublishedDataset, variant: str | None) -> list[Issue]:
    issues: list[Issue] = []
    where = f"job {job.name}"
    env = job.config.get("environment") or {}
    issues += _environment_issues(env, where, variant)
    for trial in job.trials:
        tenv = (trial.config or {}).get("environment")
        if tenv is not None and tenv != env:
            issues.append(Issue("isolation", f"{job.name}/{trial.name}",
                                "the trial's environment differs from its job's (edited after the run?)"))
    for ds in job.config.get("datasets") or []:
        name, version = ds.get("name"), ds.get("version")
        if name and short_name(str(name)) != short_name(dataset.name):
            issues.append(Issue("dataset", where, f"dataset {name!r} is not the published {dataset.name!r}"))
        elif version and str(version) != dataset.version:
            issues.append(Issue("dataset", where, f"dataset version {version} is not the published {dataset.version}"))

    # -- every started trial is there (Harbor removes only a retried attempt's folder, never a final one)
    present = len(job.trials)
    total = job.result.get("n_total_trials")
    if isinstance(total, int) and present < total:
        issues.append(Issue("cherry_pick", where, f"{total} trials planned (result.json n_total_trials) but only "
                                                  f"{present} trial folders present: {total - present} missing"))
    stats = job.result.get("stats") or {}
    for key in ("n_running_trials", "n_pending_trials"):
        if stats.get(key):
            issues.append(Issue("cherry_pick", where, f"the job did not finish: stats.{key} = {stats[key]}"))
    # Harbor counts every finished trial in n_completed_trials, errored and cancelled ones included
    accounted = int(stats.get("n_completed_trials") or 0)
    if accounted > present:
        issues.append(Issue("cherry_pick", where, f"result.json stats account for {accounted} trials but "
                                                  f"{present} trial folders are present"))
    by_task = Counter(t.task for t in job.trials)
    n_attempts = job.config.get("n_attempts")
    if isinstance(n_attempts, int):
        for task, n in sorted(by_task.items()):
            if n < n_attempts:
                issues.append(Issue("cherry_pick", f"{where} task {task}",
                                    f"{n} trials present, the job config asks for n_attempts = {n_attempts}"))
            elif n > n_attempts:
                issues.append(Issue("cherry_pick", f"{where} task {task}",
                                    f"{n} trials present, more than n_attempts = {n_attempts} (trials merged in?)"))
    if job.lock is not None:
        planned = Counter(short_name(str((t.get("task") or {}).get("name", "?"))) for t in job.lock.get("trials") or [])
        for task, n in sorted(planned.items()):
            if by_task.get(task, 0) < n:
                issues.append(Issue("cherry_pick", f"{where} task {task}",
                                    f"lock.json plans {n} trials, {by_task.get(task, 0)} present"))

    for trial in job.trials:
        tw = f"{job.name}/{trial.name}"
        if not trial.finished:
            issues.append(Issue("cherry_pick", tw, "started but has no result.json: counted as a failure",
                                "warning"))
        published = dataset.tasks.get(trial.task)
        digest = ((trial.lock or {}).get("task") or {}).get("digest")
        if published is None:
            issues.append(Issue("digest", tw, f"task {trial.task!r} is not in the published dataset"))
        elif digest is None:
            issues.append(Issue("digest", tw, "no lock.json task.digest: cannot prove which task version ran"))
        elif digest != published.digest:
            issues.append(Issue("digest", tw, f"task digest {digest} differs from the published {published.digest}"))
        if not trial.export.is_file():
            issues.append(Issue("export", tw, f"no collected world export at {EXPORT_REL / 'final.json'}: "
                                              "the trial cannot be re-graded"))
    return issues


def _agent_issues(sub: Submission) -> list[Issue]:
    meta = sub.meta
    if meta is None:
        return []
    out = []
    for trial in sub.trials:
        info = (trial.result or {}).get("agent_info") or {}
        if not info:
            continue
        name = info.get("name")
        model = (info.get("model_info") or {}).get("name")
        full = f"{(info.get('model_info') or {}).get('provider')}/{model}" if model else None
        if name != meta.harness.name:
            out.append(Issue("agent", f"{trial.job}/{trial.name}", f"agent {name!r} is not the declared harness "
                                                                    f"{meta.harness.name!r}"))
        if model is not None and meta.model.name not in (model, full) and short_name(meta.model.name) != model:
            out.append(Issue("agent", f"{trial.job}/{trial.name}", f"model {model!r} is not the declared model "
                                                                    f"{meta.model.name!r}"))
    return out


def validate(sub: Submission, dataset: PublishedDataset) -> list[Issue]:
    """Every issue of ``sub`` against ``dataset`` (rules in the module docstring), errors first."""
    issues: list[Issue] = []
    if sub.meta_error:
        issues.append(Issue("metadata", str(sub.dir / SUBMISSION_FILE), sub.meta_error))
    if not sub.jobs:
        issues.append(Issue("metadata", str(sub.dir), "no job directories"))
    variant = sub.meta.handbook_variant if sub.meta else None
    for job in sub.jobs:
        issues += _job_issues(job, dataset, variant)
    issues += _agent_issues(sub)
    counts: dict[str, int] = defaultdict(int)
    for t in sub.trials:
        counts[t.task] += 1
    for task, n in sorted(counts.items()):
        if n < MIN_ATTEMPTS and task in dataset.tasks:
            issues.append(Issue("attempts", f"task {task}", f"{n} trials; a leaderboard entry needs at least "
                                                            f"{MIN_ATTEMPTS} per task"))
    missing = missing_tasks(sub, dataset)
    if missing and counts:
        issues.append(Issue("partial", "submission", f"covers {len(dataset.tasks) - len(missing)} of "
                                                     f"{len(dataset.tasks)} published tasks; {len(missing)} missing "
                                                     "(listed per task)", "warning"))
        issues += [Issue("partial", f"task {task}", f"missing: no trial of this {dataset.tasks[task].domain} task "
                                                    "in the submission", "warning") for task in missing]
    return sorted(issues, key=lambda i: (i.severity != "error", i.rule, i.where))


def missing_tasks(sub: Submission, dataset: PublishedDataset) -> list[str]:
    """Published tasks (short names, sorted) without a single trial in ``sub``."""
    return sorted(set(dataset.tasks) - {t.task for t in sub.trials})


def is_partial(issues: list[Issue]) -> bool:
    return any(i.rule == "partial" for i in issues)
