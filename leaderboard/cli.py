"""The ``report`` subcommand, registered by ``chibench/cli.py``::

    chibench report JOB_DIR [--json] [--strict]

Exit codes follow ``chibench``'s convention: 0 the report was printed (whatever it says — validity is in
the report, not the exit code), 2 JOB_DIR is not a Harbor job directory or has no finished trials (the
message names the path). With ``--strict`` (``run.sh``, CI): 1 when any trial errored, has no reward, or
the job finished fewer trials than it planned — the report is still printed, the problems listed on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from chibench.leaderboard.report import LOUD_LINE, ReportError, build_report, render_text


def add_report_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``report`` on an ``ArgumentParser.add_subparsers()`` object; returns the new parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "report", help="pass@1/pass@3/pass^3, CIs, cost and judge coverage of a Harbor job directory",
        description="Score a Harbor job directory (jobs/<job>/): per domain, overall and per task.")
    p.add_argument("job_dir", metavar="JOB_DIR", help="a Harbor job directory, e.g. jobs/2025-01-01__12-00-00")
    p.add_argument("--json", action="store_true", help="print one JSON object (keys in chibench.leaderboard.report)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 if any trial errored, was not graded, or never ran (Harbor exits 0 regardless)")
    p.set_defaults(func=cmd_report)
    return p


def cmd_report(args: argparse.Namespace) -> int:
    """Print the report for ``args.job_dir`` (text, or JSON with ``args.json``); see the module docstring."""
    try:
        report = build_report(args.job_dir)
    except ReportError as exc:
        print(f"chibench report: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
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
