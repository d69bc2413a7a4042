"""The reference agent through Harbor on every shipped task, driven by the scripted model server.

    .venv/bin/python benchmarks/bench_reference.py [SPEC ...] [-j 2] [--jobs DIR] [--no-oracle] [--no-near-misses]

A SPEC is ``TASK`` (the oracle replay), ``TASK:near_miss`` (the task's first near miss) or
``TASK:near_miss:NAME``; TASK is a folder name under ``packages/``. With no SPEC: one near miss per UM review
stage (intake, triage, nurse_review, md_review, p2p), per PA terminal status and per CM consent stance (the
first task of each group, sorted by name, and its first near miss; ``task.toml [metadata]`` names the group),
then the oracle of every ``packages/*/`` task, the three domains taking turns.

Each trial gets its own scripted model server (``chibench scripted-model serve``, a subprocess on a free
127.0.0.1 port) and its own one-trial Harbor job::

    harbor run -y -q -p packages/TASK --env chibench.sandbox:SandboxEnvironment \\
        --agent chibench.agents:ReferenceAgent -m openai/chibench-scripted \\
        --ak api_base=http://127.0.0.1:PORT/v1 --ak api_key=sk-bench-local -o JOBS --job-name NAME

``-j`` trials run at once (default 2: each sandboxed trial is a world sidecar, an agent box and a verifier).
A trial passes when: Harbor recorded no exception; the reward is 1 for the oracle and 0 for a near miss;
``agent/trajectory.json`` passes Harbor's ATIF validator (``harbor.utils.trajectory_validator``); its
``final_metrics`` carry prompt and completion tokens (> 0) and a cost (> 0: litellm prices no scripted model,
so the run prices it with ``--ak input_cost_per_mtok/output_cost_per_mtok`` from ``--price``, default 0.5 and
2 USD per million tokens), and every agent step carries its own token counts and cost; the agent stopped on
``final_answer``.

``--report-only`` runs nothing and grades what ``--jobs`` already holds (a partial or running sweep).
``--resume`` runs only the trials that ``--jobs`` does not already hold as passed (a sweep stopped early
is finished later, in another session, on the same jobs directory); the table lists every trial.

Output: one line per finished trial as it lands, then a table (task, replay, reward, wall s, steps, tokens in/
out, cost, verdict), per-trial wall time p50/max and the total, and ``JOBS/bench_reference.json`` with every
row. Exit 0 when every trial passed, 1 otherwise. Wall time is the Harbor subprocess's, from start to exit
(sandbox setup, agent, verifier, teardown); on a shared machine it measures the machine as much as the agent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import tomllib
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PACKAGES = REPO / "packages"
BIN = Path(sys.executable).parent
MODEL = "openai/chibench-scripted"
API_KEY = "sk-bench-local"
#: ``task.toml [metadata]`` key that names a task's near-miss group, per domain
GROUP_KEY = {"provider_pa": "terminal_status", "care_management": "consent_stance"}


@dataclass
class Trial:
    task: str
    replay: str  # "oracle" | "near_miss:<name>"
    want: int
    reward: float | None = None
    wall_s: float = 0.0
    steps: int | None = None
    tool_calls: int | None = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    cost_usd: float | None = None
    stop_reason: str | None = None
    problems: list[str] = field(default_factory=list)
    job: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def scenario_near_misses(task: str) -> list[str]:
    from chibench.package.scenario import load_scenario

    return [m.name for m in load_scenario(PACKAGES / task / "scenario.yaml", world_checks=False).near_misses]


def metadata(task: str) -> dict[str, Any]:
    meta: dict[str, Any] = tomllib.loads((PACKAGES / task / "task.toml").read_text(encoding="utf-8"))["metadata"]
    return meta


def near_miss_group(task: str) -> str:
    """``payer_um/md_review``, ``provider_pa/submitted_to_payer``, ``care_management/refuses``, …"""
    meta = metadata(task)
    domain = str(meta["domain"])
    if domain == "payer_um":
        return f"{domain}/{task.rpartition('.')[2]}"
    return f"{domain}/{meta[GROUP_KEY[domain]]}"


def default_specs(oracle: bool, near_misses: bool) -> list[tuple[str, str]]:
    """The near misses first (one per group), then every oracle, the three domains taking turns (so a sweep
    stopped early has covered each domain about equally)."""
    tasks = sorted(p.parent.name for p in PACKAGES.glob("*/scenario.yaml"))
    specs: list[tuple[str, str]] = []
    if near_misses:
        seen: set[str] = set()
        for t in tasks:
            group = near_miss_group(t)
            names = scenario_near_misses(t) if group not in seen else []
            if names:
                seen.add(group)
                specs.append((t, f"near_miss:{names[0]}"))
    if oracle:
        by_domain: dict[str, list[str]] = {}
        for t in tasks:
            by_domain.setdefault(str(metadata(t)["domain"]), []).append(t)
        turn = {t: i for ts in by_domain.values() for i, t in enumerate(ts)}
        specs += [(t, "oracle") for t in sorted(tasks, key=lambda t: (turn[t], str(metadata(t)["domain"])))]
    return specs


def parse_spec(spec: str) -> tuple[str, str]:
    task, _, rest = spec.partition(":")
    if not (PACKAGES / task / "scenario.yaml").is_file():
        raise SystemExit(f"bench_reference: no task package packages/{task}/ (a SPEC is TASK[:near_miss[:NAME]])")
    if not rest or rest == "oracle":
        return task, "oracle"
    if rest == "near_miss":
        names = scenario_near_misses(task)
        if not names:
            raise SystemExit(f"bench_reference: {task} authors no near miss")
        return task, f"near_miss:{names[0]}"
    if rest.startswith("near_miss:"):
        return task, rest
    raise SystemExit(f"bench_reference: bad SPEC '{spec}': TASK, TASK:near_miss or TASK:near_miss:NAME")


_port_lock = threading.Lock()
_ports_taken: set[int] = set()


def free_port() -> int:
    """A port nobody listens on, never handed out twice by this process (the server binds it a moment later)."""
    with _port_lock:
        while True:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = int(s.getsockname()[1])
            if port not in _ports_taken:
                _ports_taken.add(port)
                return port


def wait_healthy(port: int, proc: subprocess.Popen[bytes], timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the scripted model server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the scripted model server did not answer /healthz within {timeout:.0f} s")


def check_trajectory(path: Path, t: Trial, priced: bool) -> None:
    """Harbor's ATIF validation, then tokens and cost in the totals and on every agent step."""
    from harbor.utils.trajectory_validator import TrajectoryValidator

    if not path.is_file():
        t.problems.append("no agent/trajectory.json")
        return
    validator = TrajectoryValidator()
    if not validator.validate(path):
        t.problems.append("ATIF: " + "; ".join(validator.get_errors()[:3]))
        return
    traj = json.loads(path.read_text(encoding="utf-8"))
    fm = traj.get("final_metrics") or {}
    if not (fm.get("total_prompt_tokens") or 0) > 0 or not (fm.get("total_completion_tokens") or 0) > 0:
        t.problems.append(f"final_metrics has no token counts: {fm}")
    cost = fm.get("total_cost_usd")
    if not isinstance(cost, (int, float)) or (priced and not cost > 0):
        t.problems.append(f"final_metrics.total_cost_usd is {cost!r}, expected a {'positive ' if priced else ''}number")
    agent_steps = [s for s in traj.get("steps", []) if s.get("source") == "agent"]
    if not agent_steps:
        t.problems.append("the trajectory has no agent step")
    bare = [s["step_id"] for s in agent_steps
            if not (s.get("metrics") or {}).get("prompt_tokens") or not isinstance((s.get("metrics") or {}).get("cost_usd"), (int, float))]
    if bare:
        t.problems.append(f"agent steps without tokens/cost: {bare[:5]}")


def job_name(t: Trial) -> str:
    return f"ref-{'oracle' if t.replay == 'oracle' else 'nearmiss'}-{t.task}"


def run_trial(t: Trial, jobs: Path, timeout: float, price: tuple[float, float]) -> Trial:
    port = free_port()
    name = job_name(t)
    t.job = str(jobs / name)
    shutil.rmtree(jobs / name, ignore_errors=True)
    log = (jobs / f"{name}.scripted.log").open("wb")
    server = subprocess.Popen([str(BIN / "chibench"), "scripted-model", "serve", "--package", f"packages/{t.task}",
                               "--replay", t.replay, "--port", str(port)],
                              cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
    t0 = time.monotonic()
    try:
        wait_healthy(port, server)
        t0 = time.monotonic()
        cmd = [str(BIN / "harbor"), "run", "-y", "-q", "-p", f"packages/{t.task}",
               "--env", "chibench.sandbox:SandboxEnvironment", "--agent", "chibench.agents:ReferenceAgent",
               "-m", MODEL, "--ak", f"api_base=http://127.0.0.1:{port}/v1", "--ak", f"api_key={API_KEY}",
               "--ak", f"input_cost_per_mtok={price[0]:g}", "--ak", f"output_cost_per_mtok={price[1]:g}",
               "-o", str(jobs), "--job-name", name]
        with (jobs / f"{name}.harbor.log").open("wb") as out:
            subprocess.run(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        t.problems.append(f"harbor did not finish within {timeout:.0f} s")
    except RuntimeError as exc:
        t.problems.append(str(exc))
    finally:
        t.wall_s = round(time.monotonic() - t0, 1)
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    if t.problems:
        return t
    return grade(t, jobs, priced=any(price))


def grade(t: Trial, jobs: Path, *, priced: bool, wall_from_result: bool = False) -> Trial:
    """Read the trial's Harbor result and trajectory into ``t`` (reward, tokens, cost, steps, problems)."""
    name = job_name(t)
    t.job = str(jobs / name)
    results = sorted((jobs / name).glob("*/result.json"))
    if len(results) != 1:
        t.problems.append(f"{len(results)} trial results in {jobs / name}, expected 1")
        return t
    res = json.loads(results[0].read_text(encoding="utf-8"))
    if wall_from_result and res.get("started_at") and res.get("finished_at"):
        from datetime import datetime

        t.wall_s = round((datetime.fromisoformat(res["finished_at"]) - datetime.fromisoformat(res["started_at"]))
                         .total_seconds(), 1)
    if res.get("exception_info"):
        info = res["exception_info"]
        t.problems.append(f"exception: {info.get('exception_type')}: {str(info.get('exception_message'))[:200]}")
    rewards = (res.get("verifier_result") or {}).get("rewards") or {}
    t.reward = rewards.get("reward")
    ar = res.get("agent_result") or {}
    meta = ar.get("metadata") or {}
    t.tokens_in, t.tokens_out, t.cost_usd = ar.get("n_input_tokens"), ar.get("n_output_tokens"), ar.get("cost_usd")
    t.steps, t.tool_calls, t.stop_reason = meta.get("steps"), meta.get("tool_calls"), meta.get("stop_reason")
    if t.reward is None:
        t.problems.append("no reward")
    elif t.reward != t.want:
        t.problems.append(f"reward {t.reward}, expected {t.want}")
    if t.stop_reason != "final_answer":
        t.problems.append(f"stopped on {t.stop_reason}: {str(meta.get('stop_detail'))[:200]}")
    if t.cost_usd is None or t.tokens_in is None:
        t.problems.append("Harbor's agent_result has no tokens/cost")
    check_trajectory(results[0].parent / "agent" / "trajectory.json", t, priced=priced)
    return t


def row(t: Trial) -> str:
    reward = "-" if t.reward is None else f"{t.reward:g}"
    cost = "-" if t.cost_usd is None else f"{t.cost_usd:.4f}"
    return (f"{t.task:<48} {t.replay[:40]:<40} {reward:>6} {t.wall_s:>7.1f} {t.steps if t.steps is not None else '-':>5} "
            f"{t.tokens_in or 0:>8} {t.tokens_out or 0:>6} {cost:>7}  {'ok' if t.ok else 'FAIL: ' + ' | '.join(t.problems)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("specs", nargs="*", help="TASK | TASK:near_miss | TASK:near_miss:NAME (default: every task)")
    ap.add_argument("-j", "--jobs-at-once", type=int, default=2, help="trials at once (default 2)")
    ap.add_argument("--jobs", type=Path, default=REPO / ".bench-jobs" / "reference", help="Harbor jobs directory")
    ap.add_argument("--no-oracle", action="store_true", help="default list: skip the oracle replays")
    ap.add_argument("--no-near-misses", action="store_true", help="default list: skip the near-miss replays")
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds per Harbor run (default 3600)")
    ap.add_argument("--price", default="0.5,2", help="USD per million prompt,completion tokens given to the agent "
                    "(input_cost_per_mtok/output_cost_per_mtok; litellm prices no scripted model); 0,0 for none")
    ap.add_argument("--report-only", action="store_true", help="run nothing: grade the trials already in --jobs "
                    "(a sweep stopped early, or one still running) and print the table")
    ap.add_argument("--resume", action="store_true", help="keep the trials --jobs already holds as passed and run "
                    "the rest (a sweep stopped early, finished later)")
    a = ap.parse_args()
    if a.jobs_at_once < 1:
        raise SystemExit("bench_reference: -j must be at least 1")
    specs = [parse_spec(s) for s in a.specs] if a.specs else default_specs(not a.no_oracle, not a.no_near_misses)
    if not specs:
        raise SystemExit("bench_reference: nothing to run")
    try:
        price = tuple(float(x) for x in a.price.split(","))
    except ValueError:
        price = ()
    if len(price) != 2 or min(price) < 0:
        raise SystemExit(f"bench_reference: --price takes two non-negative numbers IN,OUT, not '{a.price}'")
    a.jobs.mkdir(parents=True, exist_ok=True)
    trials = [Trial(task, replay, 1 if replay == "oracle" else 0) for task, replay in specs]
    t0 = time.monotonic()
    done: list[Trial] = []
    if a.report_only:
        done = [grade(t, a.jobs, priced=any(price), wall_from_result=True) for t in trials
                if list((a.jobs / job_name(t)).glob("*/result.json"))]
        print(f"bench_reference: {len(done)} of {len(trials)} trials found finished in {a.jobs} "
              f"(wall time: Harbor's trial start to finish)")
        if not done:
            return 1
    else:
        todo = trials
        if a.resume:
            for i, t in enumerate(trials):  # graded on a copy: a failed one runs again from a clean record
                if list((a.jobs / job_name(t)).glob("*/result.json")):
                    held = grade(replace(t, problems=[]), a.jobs, priced=any(price), wall_from_result=True)
                    if held.ok:
                        trials[i] = held
                        done.append(held)
            todo = [t for t in trials if not any(t is d for d in done)]
            print(f"bench_reference: --resume keeps {len(done)} passed trials found in {a.jobs}", flush=True)
        print(f"bench_reference: {len(todo)} trials, {a.jobs_at_once} at once, jobs in {a.jobs}", flush=True)
        with ThreadPoolExecutor(max_workers=a.jobs_at_once) as pool:
            futures = [pool.submit(run_trial, t, a.jobs, a.timeout, (price[0], price[1])) for t in todo]
            for fut in as_completed(futures):
                t = fut.result()
                done.append(t)
                print(f"[{len(done)}/{len(trials)} {time.monotonic() - t0:7.0f}s] {row(t)}", flush=True)
    total = time.monotonic() - t0 if not a.report_only else sum(t.wall_s for t in done) / a.jobs_at_once
    order = {id(t): i for i, t in enumerate(trials)}
    done.sort(key=lambda t: order[id(t)])
    print()
    print(f"{'task':<48} {'replay':<40} {'reward':>6} {'wall s':>7} {'steps':>5} {'tok in':>8} {'tok out':>6} {'cost':>7}  verdict")
    for t in done:
        print(row(t))
    walls = [t.wall_s for t in done]
    failed = [t for t in done if not t.ok]
    print(f"\nbench_reference: {len(done) - len(failed)}/{len(done)} trials passed "
          f"(oracle {sum(t.ok for t in done if t.want == 1)}/{sum(t.want == 1 for t in done)} scored 1, "
          f"near miss {sum(t.ok for t in done if t.want == 0)}/{sum(t.want == 0 for t in done)} scored 0); "
          f"wall per trial p50 {statistics.median(walls):.1f} s, max {max(walls):.1f} s; "
          f"total {total:.0f} s with {a.jobs_at_once} at once"
          + (" (report only: summed wall / -j)" if a.report_only else ""))
    if a.report_only:
        return 1 if failed else 0
    (a.jobs / "bench_reference.json").write_text(json.dumps(
        {"trials": [asdict(t) | {"ok": t.ok} for t in done], "total_s": round(total, 1),
         "at_once": a.jobs_at_once, "cpus": os.cpu_count()}, indent=2), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
