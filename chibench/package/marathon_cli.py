"""``chibench marathon …``: build, try and grade χ-Bench-Marathon packages (``chibench/package/marathon.py``).

    chibench marathon build [ID …] [--check]                 render packages-marathon/<id>/ from marathon.yaml
    chibench marathon try ID [--agent oracle|nop|first:N] [--base DB] [--json]
    chibench marathon verify --export F --initial F --tests DIR --out DIR [--no-judge]

Exit codes: 0 ok (``try``: the reward is the one expected — 1.0 for the oracle, 0.0 for nop, N/cases for
``first:N``; ``verify``: every case passed); 1 drift, a failing oracle step, another reward, or a case
failed; 2 bad input; 3 (``verify``) ungraded — the judge could not vote on some case.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _fail(message: str, code: int = 2) -> int:
    print(f"chibench: {message}", file=sys.stderr)
    return code


def cmd_build(args: argparse.Namespace) -> int:
    from chibench.package.marathon import MarathonError, build, marathon_paths

    try:
        paths = marathon_paths(args.ids)
        changed = build(paths, check=args.check)
    except (FileNotFoundError, MarathonError) as exc:
        return _fail(str(exc))
    for c in changed:
        print(("drift: " if args.check else "wrote: ") + str(c))
    if args.check and changed:
        print(f"chibench: {len(changed)} rendered file(s) differ from marathon.yaml; run `chibench marathon build`",
              file=sys.stderr)
        return 1
    print(f"chibench: {len(paths)} marathon package(s) {'checked' if args.check else 'built'}")
    return 0


def cmd_try(args: argparse.Namespace) -> int:
    from chibench.package.cli import base_world
    from chibench.package.marathon import MarathonError, load_marathon, marathon_paths, run, scorecard_lines

    try:
        (path,) = marathon_paths([args.id])
        m = load_marathon(path)
        base = base_world(args.base)
    except (FileNotFoundError, MarathonError) as exc:
        return _fail(str(exc))
    agent = args.agent
    if agent not in ("oracle", "nop") and not (agent.startswith("first:") and agent[6:].isdigit()):
        return _fail(f"--agent must be oracle, nop or first:<n>, not '{agent}'")
    res = run(m, base, agent, log=print if args.verbose else None)
    n = len(m.cases)
    want = {"oracle": 1.0, "nop": 0.0}.get(agent, min(int(agent[6:]), n) / n if agent.startswith("first:") else 0)
    ok = res.reward is not None and abs(res.reward - want) < 1e-9 and res.oracle_error is None
    if args.json:
        print(json.dumps({"reward": res.reward, "expected": want, "ok": ok, "steps": res.steps_run,
                          "oracle_error": res.oracle_error, "scorecard": res.scorecard}, indent=1, default=str))
    else:
        print("\n".join(scorecard_lines(res.scorecard)))
        if res.oracle_error:
            print(f"oracle: {res.oracle_error}")
        print(f"{'ok ' if ok else 'BAD'} {m.id} agent={agent} reward={res.reward} (want {want:g}) "
              f"steps={res.steps_run}")
    return 0 if ok else 1


def cmd_verify(args: argparse.Namespace) -> int:
    from chibench.verifiers.expectations import ExpectationsError
    from chibench.verifiers.marathon import grade_marathon, load_cases

    try:
        doc, cases = load_cases(args.tests)
    except ExpectationsError as exc:
        return _fail(str(exc))
    card = grade_marathon(args.export, args.initial, cases, marathon=doc, out_dir=args.out,
                          **({"judge": None} if args.no_judge else {}))
    print(json.dumps({k: card.get(k) for k in ("reward", "passed", "total", "outcome", "leaderboard_valid",
                                               "reason")} | {"out": str(args.out)}))
    if card.get("outcome") == "ungraded":
        print(f"chibench: {card['reason']}", file=sys.stderr)
        return 3
    return 0 if card.get("outcome") == "pass" else 1


def add_marathon_parser(sub: Any) -> None:
    mp = sub.add_parser("marathon", help="χ-Bench-Marathon: every task of a domain in one world and one session")
    ms = mp.add_subparsers(dest="command", required=True)
    b = ms.add_parser("build", help="render packages-marathon/<id>/ from marathon.yaml and the single tasks")
    b.add_argument("ids", nargs="*", help="marathon ids or folders (default: all)")
    b.add_argument("--check", action="store_true", help="fail if a committed rendered file differs")
    b.set_defaults(func=cmd_build)
    t = ms.add_parser("try", help="run a marathon in-process (oracle, nop or the first N cases' oracles) and grade it")
    t.add_argument("id", help="marathon id (marathon.provider_pa, marathon.payer_um, marathon.care_management)")
    t.add_argument("--agent", default="oracle", help="oracle (default), nop, or first:<n>")
    t.add_argument("--base", help="a built base world (default: build one, ≈ 1 s)")
    t.add_argument("--json", action="store_true")
    t.add_argument("-v", "--verbose", action="store_true", help="print each oracle step")
    t.set_defaults(func=cmd_try)
    v = ms.add_parser("verify", help="grade every case of a marathon against one final export")
    v.add_argument("--export", required=True, help="the final world export (JSON)")
    v.add_argument("--initial", required=True, help="the marathon world's starting-state export")
    v.add_argument("--tests", required=True, type=Path, help="the package's tests/ folder (marathon.json, cases/)")
    v.add_argument("--out", required=True, help="directory for reward.json, scorecard.json and cases/")
    v.add_argument("--no-judge", action="store_true", help="deterministic only, even if CHIBENCH_JUDGE_MODEL is set")
    v.set_defaults(func=cmd_verify)
