"""``chibench package …``: build (render) task packages and try them in-process.

    chibench package build [TASK …] [--check]      render packages/<task>/ from scenario.yaml
    chibench package build [TASK …] --surface cli --out DIR   the CLI-surface variant (no MCP server declared)
    chibench package try TASK [--agent oracle|nop] [--base DB] [--judge] [-v]

Exit codes: 0 ok; 1 drift (``--check``), a failing oracle, or a reward other than expected; 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

PACKAGES = Path(__file__).resolve().parents[2] / "packages"


def _fail(message: str, code: int = 2) -> int:
    print(f"chibench: {message}", file=sys.stderr)
    return code


def scenario_paths(names: list[str] | None, root: Path = PACKAGES) -> list[Path]:
    """``packages/<name>/scenario.yaml`` for the given names (task ids or folder paths), or all of them."""
    if not names:
        return sorted(root.glob("*/scenario.yaml"))
    out = []
    for n in names:
        p = Path(n)
        cand = p / "scenario.yaml" if p.is_dir() else (p if p.name == "scenario.yaml" else root / n / "scenario.yaml")
        if not cand.is_file():
            raise FileNotFoundError(f"no scenario.yaml for '{n}' (looked at {cand})")
        out.append(cand)
    return out


def base_world(path: str | None) -> Path:
    """The given base world, or one built into a temporary file (≈ 1 s)."""
    if path:
        p = Path(path)
        if not p.is_file():
            raise FileNotFoundError(f"--base {p}: no such world database")
        return p
    from chibench.world.build import build_base_world

    out = Path(tempfile.mkdtemp(prefix="chibench-base-")) / "base.sqlite"
    build_base_world(out).close()
    return out


def cmd_package_try(args: argparse.Namespace) -> int:
    from chibench.package.harness import failed_checks, try_task
    from chibench.package.scenario import ScenarioError, load_scenario

    try:
        paths = scenario_paths(args.tasks)
        base = base_world(args.base)
    except FileNotFoundError as exc:
        return _fail(str(exc))
    judge = None
    if args.judge:
        from chibench.verifiers.judge import JudgeConfig

        judge = JudgeConfig.from_env()
        if judge is None:
            return _fail("--judge: set CHIBENCH_JUDGE_MODEL (and CHIBENCH_JUDGE_API_BASE / _API_KEY) first")
    bad = 0
    rows: list[dict[str, Any]] = []
    for p in paths:
        try:
            sc = load_scenario(p)
        except ScenarioError as exc:
            print(f"chibench: {exc}", file=sys.stderr)
            bad += 1
            continue
        agents = args.agent or ["oracle", "nop", *(f"near_miss:{m.name}" for m in sc.near_misses)]
        for agent in agents:
            if agent == "near_miss":
                agents.extend(f"near_miss:{m.name}" for m in sc.near_misses)
                continue
            res = try_task(sc, base, agent, log=print if args.verbose else None, judge=judge)
            want = 1 if agent == "oracle" else 0
            # a near miss may stop early on a tool error (that is part of being wrong); the oracle may not
            ok = res.reward == want and (res.oracle_error is None or agent != "oracle")
            bad += not ok
            rows.append({"task": sc.id, "agent": agent, "reward": res.reward, "expected": want, "ok": ok,
                         "steps": res.steps_run, "oracle_error": res.oracle_error,
                         "failed_checks": failed_checks(res.scorecard),
                         "reason": res.scorecard.get("reason")})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{'ok ' if r['ok'] else 'BAD'} {r['task']:<40} {r['agent']:<24} reward={r['reward']} "
                  f"(want {r['expected']}) steps={r['steps']}")
            if not r["ok"]:
                if r["oracle_error"]:
                    print(f"    oracle: {r['oracle_error']}")
                elif r["agent"] == "oracle":
                    print("    the oracle does not reach the answer key's end state: every step succeeded, "
                          "and the checks below fail (a truncated or wrong trajectory?)")
                for c in r["failed_checks"][:20]:
                    print(f"    failed: {c[:400]}")
                if r["reason"]:
                    print(f"    reason: {r['reason']}")
    return 1 if bad else 0


def cmd_package_build(args: argparse.Namespace) -> int:
    from chibench.package.render import build_all
    from chibench.package.scenario import ScenarioError

    if args.surface != "both":
        from chibench.package.render import RenderError, build_variant

        if args.out is None or args.check:
            return _fail("--surface cli writes a variant: give --out DIR (and no --check); the committed packages "
                         "are always rendered with both surfaces")
        try:
            written = build_variant(scenario_paths(args.tasks), args.surface, Path(args.out))
        except (FileNotFoundError, ScenarioError, RenderError) as exc:
            return _fail(str(exc))
        for w in written:
            print(f"wrote: {w}")
        print(f"chibench: {len(written)} package(s) rendered with the {args.surface} tool surface in {args.out}")
        return 0
    if args.out is not None:
        return _fail("--out is only for --surface cli variants")
    try:
        paths = scenario_paths(args.tasks)
        changed = build_all(paths, check=args.check, repo_files=not args.tasks)
    except (FileNotFoundError, ScenarioError) as exc:
        return _fail(str(exc))
    for c in changed:
        print(("drift: " if args.check else "wrote: ") + str(c))
    if args.check and changed:
        print(f"chibench: {len(changed)} rendered file(s) differ from scenario.yaml; run `chibench package build`",
              file=sys.stderr)
        return 1
    print(f"chibench: {len(paths)} package(s) {'checked' if args.check else 'built'}")
    return 0


def add_package_parser(sub: Any) -> None:
    pk = sub.add_parser("package", help="render and try Harbor task packages")
    ps = pk.add_subparsers(dest="command", required=True)
    b = ps.add_parser("build", help="render packages/<task>/ from scenario.yaml")
    b.add_argument("tasks", nargs="*", help="task ids or package folders (default: all)")
    b.add_argument("--check", action="store_true", help="fail if a committed rendered file differs")
    b.add_argument("--surface", choices=["both", "cli"], default="both",
                   help="tool surface: both (committed packages) or cli (no MCP server declared; needs --out)")
    b.add_argument("--out", help="folder for a --surface cli variant (one sub-folder per task)")
    b.set_defaults(func=cmd_package_build)
    t = ps.add_parser("try", help="run a task in-process with the oracle or nop agent and grade it")
    t.add_argument("tasks", nargs="*", help="task ids or package folders (default: all)")
    t.add_argument("--agent", action="append", choices=["oracle", "nop", "near_miss"],
                   help="repeatable; default: oracle, nop and every near miss")
    t.add_argument("--base", help="a built base world (default: build one, ≈ 1 s)")
    t.add_argument("--json", action="store_true")
    t.add_argument("-v", "--verbose", action="store_true", help="print each oracle step")
    t.add_argument("--judge", action="store_true", help="grade with the rubric judge of CHIBENCH_JUDGE_* too")
    t.set_defaults(func=cmd_package_try)
