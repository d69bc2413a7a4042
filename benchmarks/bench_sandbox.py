"""Sandbox environment benchmarks (numbers for the README; never a pass/fail gate).

    sudo python benchmarks/bench_sandbox.py [--task PATH] [--trials 5] [--concurrency 4] [--json]

Drives ``chibench.sandbox:SandboxEnvironment`` the way a Harbor separate-mode trial does, in process
(no Harbor CLI start-up in the numbers): start (recipes cached) → healthcheck exec → upload
``solution/`` and run ``solve.sh`` → stop main → collect hook in ``world`` → download the world's
artifacts → stop → grader start → empty ``/logs/verifier`` → re-upload artifacts → ``test.sh`` → stop.

Reports medians over ``--trials`` sequential trials: world ready (sidecar spawn → ``/healthz`` 200),
environment start, one ``exec`` round trip, oracle, collect, grader and the whole trial wall time; then
``--concurrency`` trials at once (wall time of the batch and per-trial median). ``--task`` defaults to
the first rendered package, else the tests' throwaway task. The first run also builds the recipes
(pip install + world build), reported separately as ``recipes_s``.
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


def _default_task(tmp: Path) -> Path:
    packages = sorted(p.parent for p in REPO.glob("packages/*/task.toml"))
    if packages:
        return packages[0]
    sys.path.insert(0, str(REPO / "tests"))
    from sandbox.support import make_task  # tests/ is not a package: its folder goes on sys.path

    return Path(make_task(tmp))


def _env(task_dir: Path, trial_dir: Path, session: str, *, grader: bool) -> Any:
    from harbor.models.task.task import Task
    from harbor.models.trial.paths import TrialPaths

    from chibench.sandbox import SandboxEnvironment

    task = Task(task_dir)
    paths = TrialPaths(trial_dir)
    paths.mkdir()
    paths.chmod_dir()
    (paths.artifacts_dir / "logs" / "artifacts").mkdir(parents=True, exist_ok=True)
    (paths.artifacts_dir / "logs" / "artifacts").chmod(0o777)  # as Harbor does for the agent's publish dir
    names = {"verifier": "/logs/verifier"} if grader else {
        "verifier": "/logs/verifier", "agent": "/logs/agent", "artifacts/logs/artifacts": "/logs/artifacts"}
    mounts = [{"type": "bind", "source": str(trial_dir / k), "target": v} for k, v in names.items()]
    return SandboxEnvironment(environment_dir=task_dir / ("tests" if grader else "environment"),
                              environment_name=task_dir.name, session_id=session, trial_paths=paths,
                              task_env_config=task.config.environment.model_copy(deep=True), mounts=mounts)


async def one_trial(task_dir: Path, work: Path, name: str) -> dict[str, float]:
    """One separate-mode trial; returns phase durations in seconds and the reward."""
    from harbor.models.task.task import Task
    from harbor.utils.env import resolve_env_vars

    task = Task(task_dir)
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    env = _env(task_dir, work / name, name, grader=False)
    await env.start(force_build=False)
    out["env_start_s"] = time.perf_counter() - t0
    out["world_ready_s"] = env.timings.get("world_ready_sec", float("nan"))
    t = time.perf_counter()
    await env.exec("true")
    out["exec_roundtrip_s"] = time.perf_counter() - t
    if task.config.environment.healthcheck is not None:
        await env.run_healthcheck()
    t = time.perf_counter()
    await env.upload_dir(task_dir / "solution", "/solution")
    result = await env.exec("bash /solution/solve.sh > /logs/agent/oracle.txt 2>&1", timeout_sec=600)
    out["oracle_s"] = time.perf_counter() - t
    out["oracle_rc"] = result.return_code
    await env.stop_service("main")
    t = time.perf_counter()
    for hook in task.config.verifier.collect:
        await env.service_exec(hook.command, service=hook.service, timeout_sec=int(hook.timeout_sec))
    artifacts = work / name / "artifacts"
    for artifact in task.config.artifacts:
        if not isinstance(artifact, str) and artifact.service:
            await env.service_download_dir(artifact.source, artifacts / artifact.source.lstrip("/"),
                                           service=artifact.service)
    out["collect_s"] = time.perf_counter() - t
    await env.stop(delete=True)
    t = time.perf_counter()
    grader = _env(task_dir, work / name, f"{name}__verifier", grader=True)
    await grader.start(force_build=False)
    await grader.empty_dirs(["/logs/verifier"])
    published = artifacts / "logs" / "artifacts"  # the agent's convention dir, as Harbor re-uploads it
    if published.is_dir() and any(published.iterdir()):
        await grader.upload_dir(published, "/logs/artifacts")
    for artifact in task.config.artifacts:
        if not isinstance(artifact, str) and artifact.service:
            await grader.empty_dirs([artifact.source])
            await grader.upload_dir(artifacts / artifact.source.lstrip("/"), artifact.source)
    verifier_env = resolve_env_vars(task.config.verifier.env) if task.config.verifier.env else None
    await grader.exec("bash /tests/test.sh > /logs/verifier/test-stdout.txt 2>&1", env=verifier_env, timeout_sec=600)
    await grader.stop(delete=True)
    out["grader_s"] = time.perf_counter() - t
    out["trial_wall_s"] = time.perf_counter() - t0
    reward_file = work / name / "verifier" / "reward.json"
    out["reward"] = float(json.loads(reward_file.read_text()).get("reward", -1)) if reward_file.exists() else -1.0
    return out


def _median(rows: list[dict[str, float]], key: str) -> float:
    return round(statistics.median(r[key] for r in rows), 3)


async def bench(task_dir: Path, trials: int, concurrency: int) -> dict[str, object]:
    from chibench.sandbox import images

    work = Path(tempfile.mkdtemp(prefix="chibench-bench-sandbox-"))
    t = time.perf_counter()
    for role in images.ROLES_IN_ORDER:
        await asyncio.to_thread(images.ensure_recipe, role, uid=1_900_000 + images.ROLES_IN_ORDER.index(role))
    report: dict[str, object] = {"task": task_dir.name, "recipes_s": round(time.perf_counter() - t, 3)}
    await one_trial(task_dir, work, "warmup")
    rows = [await one_trial(task_dir, work, f"seq{i}") for i in range(trials)]
    report["sequential"] = {k: _median(rows, k) for k in rows[0]}
    t = time.perf_counter()
    batch = await asyncio.gather(*(one_trial(task_dir, work, f"par{i}") for i in range(concurrency)))
    report["concurrent"] = {
        "trials": concurrency,
        "batch_wall_s": round(time.perf_counter() - t, 3),
        "trial_wall_median_s": _median(list(batch), "trial_wall_s"),
        "world_ready_median_s": _median(list(batch), "world_ready_s"),
        "rewards": [r["reward"] for r in batch],
    }
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--task", type=Path, help="a task package folder (default: the first under packages/)")
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    task_dir = args.task.resolve() if args.task else _default_task(Path(tempfile.mkdtemp(prefix="chibench-task-")))
    report = asyncio.run(bench(task_dir, args.trials, args.concurrency))
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"task: {report['task']}    recipes (cached after the first run): {report['recipes_s']} s")
    print("sequential medians:")
    for key, value in report["sequential"].items():  # type: ignore[attr-defined]
        print(f"  {key:<18}{value}")
    print("concurrent:", json.dumps(report["concurrent"]))


if __name__ == "__main__":
    main()
