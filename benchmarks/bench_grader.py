"""Grader benchmark (numbers for the README; never a pass/fail gate).

    python benchmarks/bench_grader.py [--quick] [--json]

Builds the base world, drives realistic trials through the services (a UM nurse-review approval of a
physical-therapy request, an MD denial with its letter, a CM care plan), exports their starting and
final states to JSON files, then times deterministic grading from the files — reading and verifying
both exports, diffing them, locating the case and running every planned check — as ``chibench verify``
and each task's ``tests/test.sh`` do (no judge). Target: ≤ 1 s per trial.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the scenarios are test support: tests.verifiers.verifier_scenarios

from chibench.verifiers import grade  # noqa: E402
from chibench.world.build import build_base_world  # noqa: E402

TARGET_S = 1.0
TRIALS = ("um_ptx_nurse_approval", "um_uppp_md_denial", "cm_dm_care_plan")


def bench(quick: bool) -> dict[str, object]:
    import tests.verifiers.verifier_scenarios as vs

    runs = 3 if quick else 9
    out: dict[str, object] = {"target_s": TARGET_S, "runs_per_trial": runs}
    tmp = Path(tempfile.mkdtemp(prefix="chibench-bench-grader-"))
    base = tmp / "base.sqlite"
    build_base_world(base).close()
    results = {}
    for name in TRIALS:
        trial = vs.SCENARIOS[name](base, tmp / name)
        files = {}
        for kind, data in (("initial", trial.initial), ("final", trial.final)):
            files[kind] = tmp / f"{name}.{kind}.json"
            files[kind].write_text(json.dumps(data), encoding="utf-8")
        key = trial.expectations_path()
        grade(files["final"], key, initial=files["initial"], judge=None)  # warm imports and the handbook index
        times = []
        card: dict[str, object] = {}
        for _ in range(runs):
            t = time.perf_counter()
            card = grade(files["final"], key, initial=files["initial"], judge=None)
            times.append(time.perf_counter() - t)
        det = card["deterministic"]
        assert isinstance(det, dict)
        results[name] = {"export_mb": round(files["final"].stat().st_size / 1e6, 2),
                         "checks": len(det["checks"]), "reward": card["reward"],
                         "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}
    out["trials"] = results
    worst = max(float(r["median_s"]) for r in results.values())  # type: ignore[arg-type]
    out["worst_median_s"] = worst
    out["within_target"] = worst <= TARGET_S
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = bench(args.quick)
    if args.json:
        print(json.dumps(res, indent=1))
        return
    for name, r in res["trials"].items():  # type: ignore[attr-defined]
        print(f"{name:<26} {r['export_mb']:>5} MB  {r['checks']:>3} checks  reward {r['reward']}  "
              f"median {r['median_s']:.3f} s  max {r['max_s']:.3f} s")
    print(f"deterministic grading, worst median: {res['worst_median_s']:.3f} s "
          f"(target ≤ {TARGET_S:.1f} s: {'ok' if res['within_target'] else 'MISSED'})")


if __name__ == "__main__":
    main()
