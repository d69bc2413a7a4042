"""World benchmarks (numbers for the README; never a pass/fail gate).

    python benchmarks/bench_world.py [--quick] [--json]

Reports: cold base-world build through the CLI (new process: imports + build + write), warm
in-process build time (median), export + digest time, and the cost of 1,000 mixed service calls
(reads and writes across provider, payer and CM apps) on a fresh copy of the base world.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chibench.world.build import build_base_world
from chibench.world.core.world import World
from chibench.world.export import snapshot, stats


def _median_time(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench(quick: bool) -> dict[str, object]:
    out: dict[str, object] = {}
    tmp = Path(tempfile.mkdtemp(prefix="chibench-bench-"))
    try:
        db = tmp / "base.sqlite"
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "chibench.cli", "world", "build", "--out", str(db)],
                              capture_output=True, text=True)
        if proc.returncode:
            raise SystemExit(f"world build failed:\n{proc.stderr}")
        out["cli_build_cold_s"] = round(time.perf_counter() - t, 3)
        build_base_world(None)  # warm imports
        out["build_warm_median_s"] = round(_median_time(lambda: build_base_world(tmp / "w.sqlite").close(),
                                                        3 if quick else 7), 3)
        world = World(db)
        st = stats(world)
        out["population"] = {k: st[k] for k in ("patients", "workers", "chart_activities")}
        out["export_digest_median_s"] = round(_median_time(lambda: snapshot(world), 3 if quick else 7), 3)
        world.close()
        try:
            from service_mix import run_mix  # benchmarks/ is on sys.path when run as a script
        except ImportError:
            out["service_mix"] = "not available"
        else:
            copy = tmp / "mix.sqlite"
            shutil.copyfile(db, copy)
            out["service_mix"] = run_mix(World(copy), n=1000)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (CI)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = bench(args.quick)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
