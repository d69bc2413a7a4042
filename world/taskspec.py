"""One task's world: what the ``world`` sidecar of a task package starts and serves.

A task package bakes ``/opt/chibench/task/task.json`` (a :class:`TaskWorld`) into its world image. At
start the sidecar copies the base world into its run directory, applies the task's overlay
(``world/overlays.py``), fixes who the agent may act as, writes the starting-state export and serves
only the task's role endpoint(s). After the agent phase Harbor's ``[[verifier.collect]]`` hook writes
the final export next to it; the grader reads both (``packages/README.md``).

Paths (same absolute paths in the container and in the local sandbox):
``/opt/chibench/world/base.sqlite`` (base, read-only), ``/opt/chibench/run/world.sqlite`` (live),
``/opt/chibench/export/{initial,final}.json`` (canonical exports, ``world/export.py``).

Errors: :class:`TaskWorldError` (bad spec, missing base, unwritable run directory) with a message that
names the file and field; nothing is served when preparation fails.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from chibench.world.control import BASE_WORLD, EXPORT_DIR, RUN_DIR
from chibench.world.core.errors import validation_lines
from chibench.world.overlays import OverlaySpec

FORMAT = "chibench.task-world/1"
TaskRole = Literal["provider", "payer", "cm"]


class TaskWorldError(ValueError):
    """The task world cannot be prepared or exported; the message says what and where."""


class TaskWorld(BaseModel):
    """``task.json``: the task's overlay, the served roles and the agent's identities per role."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["chibench.task-world/1"] = "chibench.task-world/1"
    task: str = Field(description="Task id (the package folder name)")
    roles: list[TaskRole] = Field(min_length=1, description="Role endpoints this world serves (/<role>/mcp)")
    identities: dict[TaskRole, list[str]] = Field(
        description="role → worker ids the agent may put in acting_as (the world refuses any other)")
    overlay: OverlaySpec
    contracts: list[str] = Field(default_factory=list,
                                 description="Counterpart contract ids this task talks to (hidden tables)")
    cases: list[OverlaySpec] = Field(
        default_factory=list, description="A marathon world (``world/marathon.py``): every case's overlay, "
                                          "applied to one world; ``overlay`` is then the first of them")

    @model_validator(mode="after")
    def _first_case(self) -> TaskWorld:
        if self.cases and self.cases[0] != self.overlay:
            raise ValueError("overlay: a marathon world's overlay is its first case (cases[0])")
        return self


def load_task_world(path: str | Path) -> TaskWorld:
    """Read and validate ``task.json``. Raises :class:`TaskWorldError` naming the field."""
    p = Path(path)
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TaskWorldError(f"{p}: unreadable task world spec: {exc}") from exc
    try:
        spec = TaskWorld.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(validation_lines(exc))
        raise TaskWorldError(f"{p}: {problems}") from exc
    missing = [r for r in spec.roles if not spec.identities.get(r)]
    if missing:
        raise TaskWorldError(f"{p}: identities: no worker id for served role(s) {missing}")
    return spec


def _write_json(path: Path, data: dict[str, Any]) -> None:
    from chibench.world.export import to_json

    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(to_json(data), encoding="utf-8")
    os.replace(tmp, path)  # atomic: a collect hook never reads half a file


def prepare(spec: TaskWorld, *, base: Path = BASE_WORLD, run_dir: Path = RUN_DIR,
            export_dir: Path = EXPORT_DIR) -> Any:
    """Copy ``base`` to ``run_dir/world.sqlite``, apply the overlay, set identities, export the start.

    Returns the open :class:`~chibench.world.core.world.World`. Re-running replaces the previous run.
    """
    from chibench.world import apps  # noqa: F401  (the schema and the actor directory)
    from chibench.world.core.errors import DamagedDatabase
    from chibench.world.core.world import World, check_database
    from chibench.world.export import snapshot

    if not base.is_file():
        raise TaskWorldError(f"base world {base} not found (build it with `chibench world build --out {base}`)")
    try:  # nothing is served from a damaged base
        check_database(base)
    except DamagedDatabase as exc:
        raise TaskWorldError(f"base world: {exc.message}") from None
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        export_dir.mkdir(parents=True, exist_ok=True)
        live = run_dir / "world.sqlite"
        for stale in run_dir.glob("world.sqlite*"):
            stale.unlink()
        shutil.copyfile(base, live)
    except OSError as exc:
        raise TaskWorldError(f"cannot prepare {run_dir}: {exc}") from exc
    world = World(live)
    try:
        setup(world, spec)
    except TaskWorldError:
        world.close()
        raise
    _write_json(export_dir / "initial.json", snapshot(world))
    (export_dir / "final.json").unlink(missing_ok=True)
    return world


def setup(world: Any, spec: TaskWorld) -> None:
    """Turn an open copy of the base world into the task's starting state: apply the overlay (every
    case's, for a marathon world), then fix who the agent may act as. The one definition shared by :func:`prepare` (the sidecar,
    ``chibench package try``) and the in-process RL environment (``chibench.rl``).

    Raises :class:`TaskWorldError` if the overlay does not apply (the world is then half-changed:
    discard it)."""
    from chibench.world.core.identities import set_identities
    from chibench.world.overlays import OverlayError, apply_overlay

    try:
        if spec.cases:
            from chibench.world.marathon import compose

            compose(world, list(spec.cases))
        else:
            apply_overlay(world, spec.overlay)
    except OverlayError as exc:
        raise TaskWorldError(f"overlay: {exc}") from exc
    set_identities(world, {str(k): list(v) for k, v in spec.identities.items()})


def write_final(world: Any, export_dir: Path = EXPORT_DIR) -> Path:
    """Write ``export_dir/final.json`` from an open world, between tool calls (the call lock is held
    while the snapshot is read). Used by the running sidecar when the collect hook asks for it."""
    from chibench.world.core.world import CALL_LOCK
    from chibench.world.export import snapshot

    with CALL_LOCK:
        snap = snapshot(world)
    out = export_dir / "final.json"
    _write_json(out, snap)
    return out


def export_final(*, run_dir: Path = RUN_DIR, export_dir: Path = EXPORT_DIR) -> Path:
    """Write ``export_dir/final.json`` by opening the live world database directly — the collect
    hook's fallback when no world process answers on the control socket (``world/control.py``).

    That is the case where the world process died (killed, out of memory), so the file is checked
    first (``PRAGMA integrity_check`` after replaying its write-ahead log): a damaged database raises
    :class:`TaskWorldError` with a one-line reason and no ``final.json`` is written (the grader then
    scores the missing export 0 and says why) — a damaged file is never graded as if it were whole."""
    from chibench.world import apps  # noqa: F401  (the schema and the actor directory)
    from chibench.world.core.errors import DamagedDatabase
    from chibench.world.core.world import World

    live = run_dir / "world.sqlite"
    if not live.is_file():
        raise TaskWorldError(f"no live world at {live}: the sidecar never started this task")
    try:
        world = World(live, check=True)
    except DamagedDatabase as exc:
        raise TaskWorldError(f"live world: {exc.message}") from None
    try:
        return write_final(world, export_dir)
    finally:
        world.close()
