"""In-process RL environment benchmark (numbers for the README; never a pass/fail gate).

    python benchmarks/bench_rl.py [--quick] [--json] [--seconds S] [--processes N]

Over every shipped task package, with the oracle's trajectories (``chibench.rl``):

* cold start: base world built in memory, then each task's starting world (once per process);
* ``reset`` p50/p99 (warm: the starting world is cached, a reset clones it);
* ``step`` p50/p99 for read tools and for write tools (the role registry's ``kind``), wall time of
  ``ChiEnv.step`` — argument parsing, dispatch, result text — twice: with every result computed
  (``reuse_reads=False``: the cost of a world state no earlier episode reached), and with the default
  ``reuse_reads=True`` after one episode of the same trajectory (``*_reused``: what repeated rollouts of a
  task pay for the reads they share with an earlier one, ``chibench.rl.reuse``);
* every timing also as this process's CPU time (``cpu_p50``): on a shared machine the wall time
  includes waiting for a core, the CPU time does not;
* SQL statements per step (mean, p50, max) for reads and writes, counted in one untimed episode per task;
* ``score`` p50/p99 after the oracle (incremental export + the verifier's grader, deterministic);
* oracle episodes per minute (reset + every oracle step + score) over N processes for S seconds, with
  reads computed (``throughput``) and with reuse (``throughput_reused``: every episode repeats one);
* resident memory per live environment (RSS growth with 20 environments open after an oracle episode).

Targets (issue 19): reset p50 ≤ 0.3 s, step p50 ≤ 2 ms reads / ≤ 5 ms writes, score p50 ≤ 0.2 s,
≥ 200 oracle episodes/min over 2 processes on a 2-core machine. The load average is printed: the
machine is shared, so numbers under load are upper bounds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import sys
import time
from typing import Any

TARGETS = {"reset_p50_s": 0.3, "step_read_p50_ms": 2.0, "step_write_p50_ms": 5.0, "score_p50_s": 0.2,
           "episodes_per_min": 200}


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _kinds() -> dict[tuple[str, str], str]:
    from chibench.world.tools.registry import load_all

    return {(t.role, t.name): t.kind for t in load_all().all()}


def _episode(env: Any, record: dict[str, list[float]] | None = None, kinds: dict[tuple[str, str], str] | None = None
             ) -> int:
    """One oracle episode; with ``record``, wall and CPU seconds of reset, each step (by kind) and score."""
    def clock() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()

    def note(what: str, since: tuple[float, float]) -> None:
        if record is not None:
            now = clock()
            record[what].append(now[0] - since[0])
            record[what + "_cpu"].append(now[1] - since[1])

    t = clock()
    env.reset()
    note("reset", t)
    if record is not None and kinds is not None:
        original = env.step

        def timed(tool: str, args: Any = None) -> Any:
            t = clock()
            r = original(tool, args)
            note(kinds.get((env.role, tool), "read"), t)
            return r

        env.step = timed
        try:
            failure = env.replay(env.task.oracle)
        finally:
            del env.step
    else:
        failure = env.replay(env.task.oracle)
    t = clock()
    reward = env.score().reward
    note("score", t)
    if failure is not None or reward != 1:
        raise SystemExit(f"{env.task.id}: oracle failed: {failure} reward={reward}")
    return reward


def _queries_per_step(envs: dict[str, Any], kinds: dict[tuple[str, str], str]) -> dict[str, Any]:
    """SQL statements sent to SQLite per oracle step, by kind (one untimed episode per task: the counting
    listener would otherwise add its own cost to the timings) — through SQLAlchemy's cursor events plus the
    SELECTs and bookkeeping writes sent on the sqlite3 cursor directly (``world.FAST_READS``, ``FAST_WRITES``)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from chibench.world.core.world import FAST_READS, FAST_WRITES

    counted = [0]
    per: dict[str, list[int]] = {"read": [], "write": []}

    def count(*_a: Any, **_k: Any) -> None:
        counted[0] += 1

    event.listen(Engine, "before_cursor_execute", count)
    try:
        for env in envs.values():
            env.reset()
            original = env.step

            def counting(tool: str, args: Any = None, env: Any = env, original: Any = original) -> Any:
                before = counted[0] + FAST_READS[0] + FAST_WRITES[0]
                r = original(tool, args)
                per[kinds.get((env.role, tool), "read")].append(counted[0] + FAST_READS[0] + FAST_WRITES[0] - before)
                return r

            env.step = counting
            try:
                env.replay(env.task.oracle)
            finally:
                del env.step
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    return {k: {"mean": round(statistics.mean(v), 1), "p50": _pct([float(x) for x in v], .5), "max": max(v),
                "n": len(v)} for k, v in per.items() if v}


def _worker(args: tuple[list[str], float, Any, bool]) -> int:
    tasks, seconds, barrier, reuse_reads = args
    from chibench.rl import ChiEnv

    envs = [ChiEnv(t, reuse_reads=reuse_reads) for t in tasks]
    for e in envs:  # warm: starting worlds built before the clock starts
        _episode(e)
    barrier.wait()
    done, i, deadline = 0, 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        _episode(envs[i % len(envs)])
        i += 1
        done += 1
    return done


def bench(quick: bool, seconds: float, processes: int) -> dict[str, Any]:
    from chibench.rl import ChiEnv, task_ids, worlds

    out: dict[str, Any] = {"load_avg_start": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}
    tasks = task_ids()
    t = time.perf_counter()
    worlds.base_bytes(None)
    out["cold_base_world_s"] = round(time.perf_counter() - t, 2)
    envs = {}
    cold = []
    for task in tasks:
        envs[task] = ChiEnv(task, reuse_reads=False)
        t = time.perf_counter()
        envs[task].reset()
        cold.append(time.perf_counter() - t)
    out["cold_first_reset_s"] = {"p50": round(statistics.median(cold), 3), "max": round(max(cold), 3)}
    kinds = _kinds()
    rounds = 2 if quick else 5

    def timed(envs: dict[str, Any]) -> dict[str, list[float]]:
        rec: dict[str, list[float]] = {k: [] for w in ("reset", "read", "write", "score") for k in (w, w + "_cpu")}
        for task in tasks:
            _episode(envs[task])  # warm every statement the oracle uses (and, with reuse, its reads)
        for _ in range(rounds):
            for task in tasks:
                _episode(envs[task], rec, kinds)
        return rec

    def summary(rec: dict[str, list[float]], what: str, scale: float, digits: int) -> dict[str, Any]:
        wall, cpu = rec[what], rec[what + "_cpu"]
        return {"p50": round(_pct(wall, .5) * scale, digits), "p99": round(_pct(wall, .99) * scale, digits),
                "cpu_p50": round(_pct(cpu, .5) * scale, digits), "n": len(wall)}

    rec = timed(envs)
    out["episodes_timed"] = rounds * len(tasks)
    out["queries_per_step"] = _queries_per_step(envs, kinds)
    out["reset_s"] = summary(rec, "reset", 1, 4)
    out["step_read_ms"] = summary(rec, "read", 1000, 2)
    out["step_write_ms"] = summary(rec, "write", 1000, 2)
    out["score_s"] = summary(rec, "score", 1, 3)
    from chibench.rl import reuse

    reused = {task: ChiEnv(task) for task in tasks}
    rec = timed(reused)
    out["step_read_reused_ms"] = summary(rec, "read", 1000, 2)
    out["step_write_reused_ms"] = summary(rec, "write", 1000, 2)
    out["reuse_store"] = {**reuse.size(), **reuse.STATS}
    for e in reused.values():
        e.close()
    # memory per live environment: open 20 more, each after an oracle episode (its world is live)
    for e in envs.values():
        e.close()
    before = _rss_mb()
    live = [ChiEnv(tasks[i % len(tasks)], reuse_reads=False) for i in range(20)]
    for e in live:
        _episode(e)
    out["rss_per_live_env_mb"] = round((_rss_mb() - before) / len(live), 1)
    for e in live:
        e.close()
    # throughput over N processes
    ctx = mp.get_context("fork")
    for name, reuse_reads in (("throughput", False), ("throughput_reused", True)):
        barrier = ctx.Manager().Barrier(processes + 1)
        with ctx.Pool(processes) as pool:
            res = pool.map_async(_worker, [(tasks, seconds, barrier, reuse_reads)] * processes)
            barrier.wait()
            t = time.perf_counter()
            counts = res.get()
            wall = time.perf_counter() - t
        out[name] = {"processes": processes, "seconds": round(wall, 1), "episodes": sum(counts),
                     "episodes_per_min": round(sum(counts) / wall * 60, 1)}
    out["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    out["targets"] = TARGETS
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seconds", type=float, default=None, help="throughput window (default 30, --quick 10)")
    ap.add_argument("--processes", type=int, default=2)
    a = ap.parse_args(argv)
    out = bench(a.quick, a.seconds or (10.0 if a.quick else 30.0), a.processes)
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k:>22}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
