"""χ-Bench-Marathon benchmark (issue #22; numbers for the README).

    python benchmarks/bench_marathon.py [--domain marathon.provider_pa …] [--json]

For each marathon package (default: all three), in process (the same dispatcher behind the MCP servers):

* the scores: the concatenated single-task oracles (must be 1.0), nop (0.0) and the first five cases'
  oracles (5 / cases: 0.2 with 25 cases);
* the world's size: the starting state's rows and the SQLite file, marathon world vs the single-task worlds;
* tool-call latency: every call of the marathon oracle in the one shared world vs the same calls, case by
  case, each in its own single-task world (``taskspec.prepare`` of the task's ``task.json``, distractors
  included) — p50 and p95, and the ratio of the p50s (target: ≤ 1.5).

pytest replays only the provider PA marathon (tests/package/test_marathon.py); this script covers all three.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def _rows(world: Any) -> int:
    from chibench.world.export import snapshot

    return sum(len(v) for v in snapshot(world)["tables"].values())


def single_task_latencies(m: Any, base: Path) -> tuple[list[float], list[int], list[int]]:
    """Each case's oracle in its own single-task world: (call latencies s, rows per world, bytes per world)."""
    from chibench.package.harness import task_world
    from chibench.package.oracle_runner import run_steps
    from chibench.world import taskspec
    from chibench.world.tools import dispatch as dispatch_module

    lat: list[float] = []
    rows: list[int] = []
    sizes: list[int] = []
    for sc in m.cases:
        with tempfile.TemporaryDirectory(prefix="bench-single-") as tmp:
            world = taskspec.prepare(task_world(sc), base=base, run_dir=Path(tmp) / "run",
                                     export_dir=Path(tmp) / "export")
            rows.append(_rows(world))
            sizes.append((Path(tmp) / "run" / "world.sqlite").stat().st_size)

            async def call(tool: str, args: dict[str, Any], world: Any = world, role: str = sc.role
                           ) -> tuple[bool, Any]:
                t0 = time.perf_counter()
                out = dispatch_module.dispatch(world, role, tool, args)
                lat.append(time.perf_counter() - t0)
                return out

            asyncio.run(run_steps([s.model_dump() for s in sc.oracle], call, lambda _m: None))
            world.close()
    return lat, rows, sizes


def bench(mid: str, base: Path) -> dict[str, Any]:
    from chibench.package.marathon import MARATHONS, load_marathon, run, task_world
    from chibench.world import taskspec

    m = load_marathon(MARATHONS / mid)
    n = len(m.cases)
    out: dict[str, Any] = {"marathon": mid, "cases": n}
    t0 = time.perf_counter()
    oracle = run(m, base, "oracle")
    out["oracle"] = {"reward": oracle.reward, "error": oracle.oracle_error, "calls": oracle.steps_run,
                     "seconds": round(time.perf_counter() - t0, 1),
                     "grading_ms": oracle.scorecard.get("timing_ms")}
    out["nop"] = {"reward": run(m, base, "nop").reward}
    out["first_5"] = {"reward": run(m, base, "first:5").reward, "expected": round(min(5, n) / n, 6)}
    with tempfile.TemporaryDirectory(prefix="bench-marathon-") as tmp:
        t1 = time.perf_counter()
        world = taskspec.prepare(task_world(m), base=base, run_dir=Path(tmp) / "run", export_dir=Path(tmp) / "export")
        prep = time.perf_counter() - t1
        out["world"] = {"prepare_s": round(prep, 2), "rows": _rows(world),
                        "sqlite_bytes": (Path(tmp) / "run" / "world.sqlite").stat().st_size}
        world.close()
    single, rows, sizes = single_task_latencies(m, base)
    out["world"].update(single_rows_median=int(statistics.median(rows)), single_sqlite_bytes_median=int(statistics.median(sizes)))
    mp50, sp50 = _pct(oracle.call_seconds, 0.5), _pct(single, 0.5)
    out["tool_ms"] = {"marathon_p50": round(mp50, 2), "marathon_p95": round(_pct(oracle.call_seconds, 0.95), 2),
                      "single_p50": round(sp50, 2), "single_p95": round(_pct(single, 0.95), 2),
                      "p50_ratio": round(mp50 / sp50, 2), "calls": len(oracle.call_seconds)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--domain", action="append",
                   choices=["marathon.provider_pa", "marathon.payer_um", "marathon.care_management"])
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    from chibench.world.build import build_base_world

    tmp = tempfile.TemporaryDirectory(prefix="bench-base-")
    base = Path(tmp.name) / "base.sqlite"
    build_base_world(base).close()
    results = [bench(mid, base) for mid in args.domain or ["marathon.provider_pa", "marathon.payer_um",
                                                           "marathon.care_management"]]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"{'marathon':<26} {'cases':>5} {'oracle':>6} {'nop':>4} {'first5':>6} {'rows':>7} {'1-task rows':>11} "
              f"{'p50 ms':>7} {'1-task p50':>10} {'ratio':>5} {'p95 ms':>7} {'1-task p95':>10}")
        for r in results:
            t, w = r["tool_ms"], r["world"]
            print(f"{r['marathon']:<26} {r['cases']:>5} {r['oracle']['reward']:>6} {r['nop']['reward']:>4} "
                  f"{r['first_5']['reward']:>6} {w['rows']:>7} {w['single_rows_median']:>11} {t['marathon_p50']:>7} "
                  f"{t['single_p50']:>10} {t['p50_ratio']:>5} {t['marathon_p95']:>7} {t['single_p95']:>10}")
    bad = [r["marathon"] for r in results if r["oracle"]["reward"] != 1.0 or r["nop"]["reward"] != 0.0
           or r["first_5"]["reward"] != r["first_5"]["expected"] or r["tool_ms"]["p50_ratio"] > 1.5]
    if bad:
        print(f"bench_marathon: FAILED targets: {', '.join(bad)}", file=sys.stderr)
    tmp.cleanup()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
