"""Tool-result sizes over every shipped trajectory (numbers for the README; never a pass/fail gate).

    python benchmarks/bench_result_sizes.py [--json] [--save FILE] [--baseline FILE] [TASK ...]

Runs every package's oracle and every authored near miss in-process (``chibench.package.harness.try_task``,
whose tool calls go through ``dispatch``) and records, for each call, the length of the exact text the MCP
server would send (``dispatch_encoded``: compact JSON). Prints per tool the number of calls, the p95 and the
maximum result size in characters, the calls over the 10,000-character budget, and the oracle's step count
per task. ``--save`` writes the measurement as JSON; ``--baseline`` prints a saved measurement (e.g. one taken
on an older commit) next to this one. ``benchmarks/result_sizes_main.json`` is the measurement of main at
898ea1d, before results were paged.

The script only wraps the module attribute ``dispatch`` that the harness calls, so it runs unchanged on
any commit that has ``dispatch_encoded`` (run it with that checkout's interpreter to take a baseline).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

BUDGET = 10_000  #: characters of result text an agent's harness is assumed to pass whole (issue 23)


def measure(tasks: list[str] | None) -> dict[str, Any]:
    """``{"calls": [{task, agent, tool, chars, error}], "oracle_steps": {task: n}, "rewards": {task/agent: r}}``."""
    from chibench.package.cli import scenario_paths
    from chibench.package.harness import try_task
    from chibench.package.scenario import load_scenario
    from chibench.world.build import build_base_world
    from chibench.world.tools import dispatch as dispatch_module

    base = Path(tempfile.mkdtemp(prefix="chibench-bench-sizes-")) / "base.sqlite"
    build_base_world(base).close()
    calls: list[dict[str, Any]] = []
    current: dict[str, str] = {}
    real = dispatch_module.dispatch_encoded

    def recording(world: Any, role: Any, name: str, arguments: Any) -> tuple[bool, Any]:
        is_error, payload, text = real(world, role, name, arguments)
        calls.append({"task": current["task"], "agent": current["agent"], "tool": name, "chars": len(text),
                      "error": is_error, "fitted": not is_error and isinstance(payload, dict)
                      and "result_budget" in payload})
        return is_error, payload

    dispatch_module.dispatch = recording  # type: ignore[assignment]  # try_task imports it at call time
    steps: dict[str, int] = {}
    rewards: dict[str, int] = {}
    for path in scenario_paths(tasks):
        sc = load_scenario(path)
        agents = ["oracle"] + [f"near_miss:{m.name}" for m in sc.near_misses]
        for agent in agents:
            current.update(task=sc.id, agent=agent)
            res = try_task(sc, base, agent)
            rewards[f"{sc.id}/{agent}"] = res.reward
            if agent == "oracle":
                steps[sc.id] = res.steps_run
            if res.oracle_error:  # a trajectory that stops early proves less than it should
                print(f"warning: {sc.id} {agent}: {res.oracle_error[:300]}", file=sys.stderr)
    return {"calls": calls, "oracle_steps": steps, "rewards": rewards}


def p95(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def per_tool(m: dict[str, Any]) -> dict[str, dict[str, int]]:
    sizes: dict[str, list[int]] = defaultdict(list)
    for c in m["calls"]:
        sizes[c["tool"]].append(c["chars"])
    return {tool: {"calls": len(v), "p95": p95(v), "max": max(v), "over": sum(x > BUDGET for x in v)}
            for tool, v in sorted(sizes.items())}


def report(m: dict[str, Any], baseline: dict[str, Any] | None) -> str:
    now = per_tool(m)
    before = per_tool(baseline) if baseline else {}
    lines = [f"tool result sizes (characters of compact JSON sent to the agent; budget {BUDGET:,})", ""]
    head = f"{'tool':44} {'calls':>5} {'p95':>7} {'max':>7} {'>budget':>7}"
    if before:
        head += f"   | before: {'p95':>7} {'max':>7} {'>budget':>7}"
    lines.append(head)
    for tool in sorted(set(now) | set(before)):
        n = now.get(tool)
        row = (f"{tool:44} {n['calls']:>5} {n['p95']:>7,} {n['max']:>7,} {n['over']:>7}" if n
               else f"{tool:44} {'—':>5} {'—':>7} {'—':>7} {'—':>7}")
        if before:
            b = before.get(tool)
            row += (f"   |         {b['p95']:>7,} {b['max']:>7,} {b['over']:>7}" if b else "   |         —")
        lines.append(row)
    total = [c["chars"] for c in m["calls"]]
    fitted = sorted({c["tool"] for c in m["calls"] if c.get("fitted")})
    lines += ["", f"all calls: {len(total)}, max {max(total):,}, p95 {p95(total):,}, "
                  f"over budget {sum(x > BUDGET for x in total)}",
              "cut by the dispatcher's last-resort fit (result_budget): " + (", ".join(fitted) or "none")]
    if baseline:
        bt = [c["chars"] for c in baseline["calls"]]
        lines.append(f"before:    {len(bt)}, max {max(bt):,}, p95 {p95(bt):,}, over budget {sum(x > BUDGET for x in bt)}")
    lines += ["", "oracle steps per task" + (" (before → after)" if baseline else "")]
    for task, n in sorted(m["oracle_steps"].items()):
        b = (baseline or {}).get("oracle_steps", {}).get(task)
        lines.append(f"  {task:40} {b if b is not None else '':>4}{' → ' if baseline else ''}{n:>4}")
    counts = list(m["oracle_steps"].values())
    lines.append(f"  mean {sum(counts) / len(counts):.1f}, max {max(counts)}  (paper: human mean 21, max 40)")
    if baseline:
        bc = list(baseline["oracle_steps"].values())
        lines.append(f"  before: mean {sum(bc) / len(bc):.1f}, max {max(bc)}")
    bad = {k: v for k, v in m["rewards"].items() if (v == 1) != k.endswith("/oracle")}
    lines.append("")
    lines.append("rewards: oracle 1 and every near miss 0" if not bad else f"UNEXPECTED rewards: {bad}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tasks", nargs="*", help="task ids (default: every package)")
    ap.add_argument("--json", action="store_true", help="print the per-tool table as JSON")
    ap.add_argument("--save", type=Path, help="write the raw measurement to this file")
    ap.add_argument("--baseline", type=Path, help="a measurement saved with --save to compare against")
    a = ap.parse_args()
    m = measure(a.tasks or None)
    if a.save:
        a.save.write_text(json.dumps(m, indent=1) + "\n", encoding="utf-8")
    baseline = json.loads(a.baseline.read_text(encoding="utf-8")) if a.baseline else None
    if a.json:
        print(json.dumps({"per_tool": per_tool(m), "oracle_steps": m["oracle_steps"]}, indent=1))
    else:
        print(report(m, baseline))
    return 0


if __name__ == "__main__":
    sys.exit(main())
