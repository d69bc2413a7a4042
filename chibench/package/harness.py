"""Run one task in-process: the task's world, its oracle (or nothing), then the grader.

The fast loop for authors and tests: the same ``task.json`` preparation the sidecar does
(``chibench.world.taskspec.prepare``), the same oracle step runner ``solution/oracle.py`` uses, with tool
calls going through ``dispatch`` (the function behind the MCP servers) instead of HTTP, and the same
grader ``chibench verify`` runs — deterministic only. Harbor runs (sandbox, podman) prove the transport
and isolation; this proves the content.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chibench.package.oracle_runner import StepFailed, run_steps
from chibench.package.scenario import Scenario
from chibench.world.taskspec import TaskWorld

Agent = str  # "oracle", "nop" or "near_miss:<name>"


def world_version() -> str:
    from chibench import installed_version

    return installed_version()


def task_world(sc: Scenario) -> TaskWorld:
    """The ``task.json`` of a scenario."""
    return TaskWorld(task=sc.id, roles=[sc.role], identities={sc.role: [i.id for i in sc.identities]},
                     overlay=sc.overlay, contracts=list(sc.contracts))


@dataclass
class TryResult:
    reward: int | None  # None: ungraded (a judge was asked and could not vote)
    scorecard: dict[str, Any]
    oracle_error: str | None
    steps_run: int


#: ``on_call(tool, args, is_error, payload, text)``: told about every tool call with the exact text the MCP
#: server sends for it (``dispatch_encoded``).
OnCall = Callable[[str, dict[str, Any], bool, Any, str], None]


def try_task(sc: Scenario, base: Path, agent: Agent = "oracle", *, workdir: Path | None = None,
             log: Any = None, on_call: OnCall | None = None, judge: Any = None) -> TryResult:
    """Prepare the task world from ``base``, run ``agent``, export and grade (no judge unless ``judge``
    is a :class:`~chibench.verifiers.judge.JudgeConfig`; then ``reward`` is None when it could not vote).

    ``oracle`` replays ``sc.oracle`` through ``dispatch``; ``nop`` does nothing; ``near_miss:<name>`` replays
    that near miss. A failing step is reported in ``oracle_error`` (the world is still graded as it was
    left). ``on_call`` sees each call's result text (tests hold it to the result budget). Raises ``KeyError``
    for an unknown near-miss name.
    """
    from chibench.verifiers import grade
    from chibench.world import taskspec
    from chibench.world.export import snapshot
    from chibench.world.tools import dispatch as dispatch_module

    tmp_ctx = tempfile.TemporaryDirectory(prefix=f"chibench-try-{sc.id}-") if workdir is None else None
    root = Path(tmp_ctx.name) if tmp_ctx is not None else Path(workdir)  # type: ignore[arg-type]
    try:
        spec = task_world(sc)
        world = taskspec.prepare(spec, base=base, run_dir=root / "run", export_dir=root / "export")
        error: str | None = None
        count = 0
        steps = None
        if agent == "oracle":
            steps = sc.oracle
        elif agent.startswith("near_miss:"):
            steps = next((m.steps for m in sc.near_misses if m.name == agent.partition(":")[2]), None)
            if steps is None:
                raise KeyError(f"{sc.id}: no near miss '{agent}'")
        elif agent != "nop":
            raise KeyError(f"agent must be oracle, nop or near_miss:<name>, not '{agent}'")
        if steps is not None:
            async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
                nonlocal count
                count += 1
                if on_call is None:
                    return dispatch_module.dispatch(world, sc.role, tool, args)
                is_error, payload, text = dispatch_module.dispatch_encoded(world, sc.role, tool, args)
                on_call(tool, args, is_error, payload, text)
                return is_error, payload

            try:
                asyncio.run(run_steps([s.model_dump() for s in steps], call, log or (lambda _m: None)))
            except StepFailed as exc:
                error = str(exc)
        final = snapshot(world)
        world.close()
        initial_path = root / "export" / "initial.json"
        card = grade(final, sc.expectations_document(world_version=world_version()), initial=initial_path,
                     out_dir=root / "verifier", judge=judge)
        return TryResult(None if card["reward"] is None else int(card["reward"]), card, error, count)
    finally:
        if tmp_ctx is not None:
            tmp_ctx.cleanup()


def failed_checks(card: dict[str, Any]) -> list[str]:
    """``check id: evidence`` for every failed deterministic check of a scorecard."""
    checks = (card.get("deterministic") or {}).get("checks") or []
    return [f"{c.get('id')}: {c.get('message')} {c.get('evidence')}" for c in checks if c.get("status") == "fail"]
