"""χ-Bench-Arena over all 23 cases, in process (no Harbor): the issue #22 acceptance table.

For every case (``packages-arena/*.arena.yaml``): scripted provider vs scripted payer must reach the case's
terminal state with reward 1; the oracle on each side against the scripted opponent must score 1; a
do-nothing agent on each side 0; every near miss 0 with the *other* side's scorecard still passing
(independent scoring). Holds (the reference never submits) are played from the provider side only. Every
payer-side package must carry the payer near misses of :data:`PAYER_NEAR_MISSES` (a bad pend at intake, a
wrong triage that skips the clinical review), each leaving the case in its stated status.

    .venv/bin/python -m benchmarks.bench_arena [service …] [--json OUT]

Prints one line per trial and a summary (trials, failures, wall-clock per case); exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from chibench.package import arena

#: Payer near misses every payer-side package must have, and the case status each leaves (the payer card
#: fails, the scripted provider's passes).
PAYER_NEAR_MISSES = {"vague_pend": "pended_action_required", "approved_at_routing_without_review": "approved"}


def trials(src: arena.ArenaSource) -> list[tuple[str, str, int, dict[str, int] | None]]:
    """``(side, agent, expected reward, expected side rewards or None)`` for one case."""
    out: list[tuple[str, str, int, dict[str, int] | None]] = [("scripted", "oracle", 1, {"provider": 1, "payer": 1})]
    for side in src.sides:
        out.append((side, "oracle", 1, {"provider": 1, "payer": 1}))
        out.append((side, "nop", 0, None))
    for name in src.provider.near_misses:
        out.append(("provider", f"near_miss:{name}", 0, {"provider": 0, "payer": 1}))
    if "payer" in src.sides:
        for m in src.payer.near_misses:
            out.append(("payer", f"near_miss:{m.name}", 0, {"provider": 1, "payer": 0}))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("services", nargs="*")
    ap.add_argument("--json", help="write every trial's verdict here")
    args = ap.parse_args(argv)
    sources = [arena.load_source(p) for p in arena.source_paths()
               if not args.services or p.name.removesuffix(".arena.yaml") in args.services]
    rows: list[dict[str, Any]] = []
    bad = 0
    t_all = time.perf_counter()
    for src in sources:
        t0 = time.perf_counter()
        lacking = sorted(set(PAYER_NEAR_MISSES) - {m.name for m in src.payer.near_misses}) \
            if "payer" in src.sides else []
        if lacking:
            bad += 1
            print(f"BAD {src.id:38} payer    lacks the near misses {lacking}", flush=True)
        for side, agent, want, want_sides in trials(src):
            card = arena.play(src, side, agent)
            status = card["final"]["tables"]["pa_cases"][0]["status"] if card["final"]["tables"]["pa_cases"] else None
            ok = card["reward"] == want and (want_sides is None or card["side_rewards"] == want_sides)
            if side == "scripted" or agent == "oracle":
                ok = ok and status == src.terminal_state
            elif side == "payer" and agent.partition(":")[2] in PAYER_NEAR_MISSES:
                ok = ok and status == PAYER_NEAR_MISSES[agent.partition(":")[2]]
            bad += not ok
            rows.append({"case": src.id, "pa_terminal": src.pa_terminal, "side": side, "agent": agent,
                         "reward": card["reward"], "sides": card["side_rewards"], "status": status, "ok": ok,
                         "error": card.get("error")})
            print(f"{'ok ' if ok else 'BAD'} {src.id:38} {side:8} {agent:48} reward={card['reward']} "
                  f"provider={card['side_rewards']['provider']} payer={card['side_rewards']['payer']} "
                  f"status={status}" + ("" if ok else f"  reason={card['reason']}"), flush=True)
        rows[-1]["case_seconds"] = round(time.perf_counter() - t0, 1)
    wall = time.perf_counter() - t_all
    by_terminal = Counter(s.pa_terminal for s in sources)
    print(f"\n{len(sources)} cases ({dict(by_terminal)}), {len(rows)} trials, {bad} failure(s), "
          f"{wall:.0f} s wall-clock ({wall / max(1, len(sources)):.1f} s per case)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
