"""The ``report`` subcommand and the ``leaderboard`` group, registered by ``chibench/cli.py``::

    chibench report JOB_DIR [--json] [--strict]
    chibench leaderboard validate SUBMISSION [--packages DIR] [--json]
    chibench leaderboard regrade SUBMISSION [--no-judge] [--judge-tolerance F] [--packages DIR] [--json]
    chibench leaderboard build SUBMISSION... -o DIR [--reference] [--no-regrade] [--analyzer-model M]
    chibench leaderboard analyze JOB_DIR [--analyzer-model M] [--json]

(the leaderboard commands: exit 0 accepted/written, 1 refused with the reasons listed, 2 unreadable input).

Exit codes follow ``chibench``'s convention: 0 the report was printed (whatever it says — validity is in
the report, not the exit code), 2 JOB_DIR is not a Harbor job directory or has no finished trials (the
message names the path). With ``--strict`` (``run.sh``, CI): 1 when any trial errored, has no reward, or
the job finished fewer trials than it planned — the report is still printed, the problems listed on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from chibench.leaderboard.report import LOUD_LINE, ReportError, build_report, render_markdown, render_text


def add_report_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``report`` on an ``ArgumentParser.add_subparsers()`` object; returns the new parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "report", help="pass@1/pass@3/pass^3, CIs, cost and judge coverage of a Harbor job directory",
        description="Score a Harbor job directory (jobs/<job>/): per domain, overall and per task.")
    p.add_argument("job_dir", metavar="JOB_DIR", help="a Harbor job directory, e.g. jobs/2025-01-01__12-00-00")
    p.add_argument("--json", action="store_true", help="print one JSON object (keys in chibench.leaderboard.report)")
    p.add_argument("--format", choices=("text", "json", "markdown"), default=None,
                   help="text (default), json (same as --json) or markdown (tables: overall and per domain, per "
                        "difficulty, per task)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 if any trial errored, was not graded, or never ran (Harbor exits 0 regardless)")
    p.add_argument("--per-task", metavar="JOB_DIR", help="marathon rows: take the per-task pass@1 from this job "
                                                        "(the same agent's single-task run) instead of JOB_DIR")
    p.set_defaults(func=cmd_report)
    return p


def cmd_report(args: argparse.Namespace) -> int:
    """Print the report for ``args.job_dir`` (text, JSON with ``args.json`` / ``--format json``, or markdown);
    see the module docstring. Exit 2: unreadable job directory, or ``--json`` with another ``--format``."""
    fmt = getattr(args, "format", None) or ("json" if getattr(args, "json", False) else "text")
    if getattr(args, "json", False) and fmt != "json":
        print(f"chibench report: --json and --format {fmt} disagree; give one", file=sys.stderr)
        return 2
    try:
        report = build_report(args.job_dir, getattr(args, "per_task", None))
    except ReportError as exc:
        print(f"chibench report: {exc}", file=sys.stderr)
        return 2
    if fmt == "markdown":
        sys.stdout.write(render_markdown(report))
    elif fmt == "json":
        print(json.dumps(report, indent=1, ensure_ascii=False))
        # stdout stays pure JSON for pipes; the warning still reaches whoever is watching the terminal.
        if report["grading"]["deterministic_only"]:
            print(f"chibench report: {LOUD_LINE}", file=sys.stderr)
    else:
        sys.stdout.write(render_text(report))
    if getattr(args, "strict", False):
        problems = strict_problems(report)
        for problem in problems:
            print(f"chibench report: FAIL {problem}", file=sys.stderr)
        return 1 if problems else 0
    return 0


def strict_problems(report: dict[str, Any]) -> list[str]:
    """Why a job is not a clean run: trials with an exception or without a reward, and planned trials that
    never finished. Empty when every planned trial was graded."""
    problems = [f"{t['task']}: {t['n_exceptions']} of {t['n_trials']} trials raised an exception"
                for t in report["tasks"] if t["n_exceptions"]]
    problems += [f"{t['task']}: {t['n_missing_reward']} of {t['n_trials']} trials have no reward (not graded)"
                 for t in report["tasks"] if t["n_missing_reward"]]
    planned, ran = report["job"]["n_total_trials"], report["job"]["n_trials"]
    if planned is not None and ran < planned:
        problems.append(f"only {ran} of {planned} planned trials finished")
    return problems


# ------------------------------------------------------------------------------------ chibench leaderboard

LEADERBOARD_EPILOG = """\
exit codes: 0 accepted / built, 1 the submission was refused (the reasons are listed), 2 unreadable input.
A submission is a folder with submission.yaml and the Harbor job folders it lists (see
chibench.leaderboard.submission). Harbor's own `harbor job regrade JOB_DIR` re-runs the verifier of every
trial of a job in a fresh environment (a new job folder); `chibench leaderboard regrade` grades the stored
exports against the published answer keys without any container."""


def default_packages() -> Path:
    """``./packages`` when it holds a dataset.toml (a checkout), else the checkout this code runs from."""
    here = Path.cwd() / "packages"
    if (here / "dataset.toml").is_file():
        return here
    return Path(__file__).resolve().parents[1] / "packages"


def add_leaderboard_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``leaderboard {validate,regrade,build}`` (and ``analyze``) on a subparsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "leaderboard", help="validate, re-grade and publish leaderboard submissions",
        description="Leaderboard entries: validate a submission, re-grade it, build the static site.",
        epilog=LEADERBOARD_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("--packages", type=Path, default=None,
                       help="the published packages folder (dataset.toml); default ./packages or this checkout's")
        q.add_argument("--json", action="store_true", help="print one JSON object")

    v = sub.add_parser("validate", help="check digests, attempts, completeness, exports and isolation")
    v.add_argument("submission", type=Path, help="a submission folder (submission.yaml + job folders)")
    common(v)
    v.set_defaults(func=cmd_validate)
    r = sub.add_parser("regrade", help="re-grade every trial from its stored world export; refuse on differences")
    r.add_argument("submission", type=Path)
    r.add_argument("--no-judge", action="store_true", help="deterministic layer only, even if a judge is configured")
    r.add_argument("--judge-tolerance", type=float, default=None,
                   help="fraction of judged trials allowed to differ in the judge verdict only (default 0.05)")
    common(r)
    r.set_defaults(func=cmd_regrade)
    b = sub.add_parser("build", help="write the static leaderboard site from accepted entries")
    b.add_argument("entries", nargs="+", type=Path, help="submission folders (each validated and re-graded)")
    b.add_argument("-o", "--out", type=Path, required=True, help="output folder (index.html, leaderboard.json, …)")
    b.add_argument("--reference", action="store_true",
                   help="add the paper's 30 Table 2 rows, marked 'reported in the paper (not re-graded here)'")
    b.add_argument("--no-regrade", action="store_true",
                   help="skip re-grading (the entries were re-graded before); validation still runs")
    b.add_argument("--analyzer-model", default=None,
                   help="litellm model for the LLM failure analyzer (default: deterministic classifier only)")
    b.add_argument("--include-partial", action="store_true",
                   help="rank entries that miss published tasks with the complete ones (default: listed apart, "
                        "flagged partial, not ranked)")
    common(b)
    b.set_defaults(func=cmd_build)
    a = sub.add_parser("analyze", help="failure labels, first failing check and policy-read recall of a job")
    a.add_argument("job_dir", type=Path, help="a Harbor job directory (or a submission folder)")
    a.add_argument("--analyzer-model", default=None,
                   help="litellm model for the LLM analyzer (CHIBENCH_ANALYZER_API_BASE / _API_KEY); "
                        "default: the deterministic classifier only")
    common(a)
    a.set_defaults(func=cmd_analyze)
    return p


def _dataset(args: argparse.Namespace) -> Any:
    from chibench.leaderboard.submission import load_dataset

    return load_dataset(args.packages or default_packages())


def cmd_validate(args: argparse.Namespace) -> int:
    from chibench.leaderboard.submission import SubmissionError, load_submission, missing_tasks, validate

    try:
        dataset = _dataset(args)
        sub = load_submission(args.submission)
    except SubmissionError as exc:
        print(f"chibench leaderboard validate: {exc}", file=sys.stderr)
        return 2
    issues = validate(sub, dataset)
    errors = [i for i in issues if i.severity == "error"]
    if args.json:
        print(json.dumps({"submission": str(args.submission), "valid": not errors,
                          "partial": any(i.rule == "partial" for i in issues),
                          "missing_tasks": missing_tasks(sub, dataset) if sub.trials else [],
                          "n_trials": len(sub.trials), "dataset_digest": dataset.digest,
                          "issues": [i.__dict__ for i in issues]}, indent=1))
    else:
        for issue in issues:
            print(issue)
        print(f"{'VALID' if not errors else 'INVALID'}: {len(sub.trials)} trial(s), {len(errors)} error(s), "
              f"{len(issues) - len(errors)} warning(s)")
    return 1 if errors else 0


def cmd_regrade(args: argparse.Namespace) -> int:
    from chibench.leaderboard.regrade import DEFAULT_JUDGE_TOLERANCE, regrade, render_text
    from chibench.leaderboard.submission import SubmissionError, load_submission
    from chibench.verifiers import JudgeConfig

    try:
        dataset = _dataset(args)
        sub = load_submission(args.submission)
    except SubmissionError as exc:
        print(f"chibench leaderboard regrade: {exc}", file=sys.stderr)
        return 2
    judge = None if args.no_judge else JudgeConfig.from_env()
    tol = DEFAULT_JUDGE_TOLERANCE if args.judge_tolerance is None else args.judge_tolerance
    result = regrade(sub, dataset, judge=judge, judge_tolerance=tol)
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
    else:
        sys.stdout.write(render_text(result))
    return 0 if result.accepted else 1


def cmd_build(args: argparse.Namespace) -> int:
    from chibench.leaderboard.site import BuildError, build_site

    try:
        dataset = _dataset(args)
        written, refused = build_site(args.entries, args.out, dataset, reference=args.reference,
                                      regrade_entries=not args.no_regrade, analyzer_model=args.analyzer_model,
                                      include_partial=args.include_partial)
    except BuildError as exc:
        print(f"chibench leaderboard build: {exc}", file=sys.stderr)
        return 2
    for path, reasons in refused.items():
        for reason in reasons:
            print(f"chibench leaderboard build: REFUSED {path}: {reason}", file=sys.stderr)
    for path in written:
        print(f"wrote: {path}")
    return 1 if refused else 0


def cmd_analyze(args: argparse.Namespace) -> int:
    """Per failed trial: its category / mode and evidence (the first failing check); per domain and per mode:
    counts; policy-read recall overall, of passed and of failed trials."""
    import os
    from collections import Counter

    from chibench.leaderboard.aggregate import failure_analysis, submission_trials
    from chibench.leaderboard.submission import SubmissionError, load_submission

    try:
        dataset = _dataset(args)
        sub = load_submission(args.job_dir)
    except SubmissionError as exc:
        print(f"chibench leaderboard analyze: {exc}", file=sys.stderr)
        return 2
    if not sub.trials:
        print(f"chibench leaderboard analyze: {args.job_dir}: no trials", file=sys.stderr)
        return 2
    analyzer = None
    if args.analyzer_model:
        analyzer = {"model": args.analyzer_model, "api_base": os.environ.get("CHIBENCH_ANALYZER_API_BASE") or None,
                    "api_key": os.environ.get("CHIBENCH_ANALYZER_API_KEY") or None}
    handbook = Path(__file__).resolve().parents[1] / "handbook_skill"
    failures, recall = failure_analysis(submission_trials(sub), dataset, handbook, str(args.job_dir), analyzer)
    domain_of = {name: t.domain for name, t in dataset.tasks.items()}
    by_domain = Counter((domain_of.get(lab["task"], "unknown"), lab["category"]) for lab in failures["labels"])
    out = {**failures, "per_domain": [{"domain": d, "category": c, "n": n} for (d, c), n in sorted(by_domain.items())],
           "policy_read_recall": recall}
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    print(f"{failures['n_failed']} failed trial(s) of {len(sub.trials)}")
    for lab in failures["labels"]:
        print(f"  {lab['trial']}  [{lab['task']}]  {lab['category']} / {lab['mode']} ({lab['source']}): "
              f"{lab['evidence']}")
    print("per category: " + ", ".join(f"{c} {n}" for c, n in failures["categories"].items() if n))
    print("per domain:   " + ", ".join(f"{d}: {c} {n}" for (d, c), n in sorted(by_domain.items())))
    if failures.get("analyzer_summary"):
        print(f"analyzer: {failures['analyzer_summary']}")
    if failures.get("analyzer_error"):
        print(f"analyzer error (deterministic labels kept): {failures['analyzer_error']}", file=sys.stderr)

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    print(f"policy-read recall: {pct(recall['mean'])} over {recall['n_trials']} trial(s) "
          f"(passed {pct(recall['pass'])}, failed {pct(recall['fail'])})")
    return 0
