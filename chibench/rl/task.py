"""One task, read from its package folder — exactly the files Harbor uses.

A task package (``packages/<task>/``, or the same folder inside an installed Harbor dataset) holds
everything an in-process episode needs:

=====================================  ==========================================================
file                                   used for
=====================================  ==========================================================
``environment/world/task.json``        the task world (overlay, role, identities): what the sidecar starts
``instruction.md``                     the agent's instruction (what Harbor gives the agent)
``tests/expectations.json``            the answer key the verifier grades with (an arena package's
                                       holds both sides' keys: :attr:`TaskPackage.arena`)
``solution/trajectory.json``           the oracle's reference tool calls
``scenario.yaml`` (optional)           the authored near misses (wrong trajectories that must score 0)
=====================================  ==========================================================

The rendered files are the source, not ``scenario.yaml``: they are what the sidecar, the agent and the
verifier read in a Harbor trial (``chibench package build --check`` keeps them equal to the scenario).

Errors: :class:`TaskLoadError` (a ``ValueError``) naming the folder and the file that is missing or
invalid.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chibench.world.taskspec import TaskWorld, TaskWorldError, load_task_world

#: The repository's shipped packages (a source checkout or an editable install).
PACKAGES = Path(__file__).resolve().parents[2] / "packages"
#: The shipped χ-Bench-Arena packages (``<service>.provider`` / ``<service>.payer``; found by id too).
ARENA_PACKAGES = PACKAGES.parent / "packages-arena"
#: ``tests/expectations.json`` of an arena package: both sides' keys (``chibench/package/arena.py``).
ARENA_FORMAT = "chibench.arena-expectations/1"

TASK_JSON = "environment/world/task.json"
INSTRUCTION = "instruction.md"
EXPECTATIONS = "tests/expectations.json"
TRAJECTORY = "solution/trajectory.json"
SCENARIO = "scenario.yaml"
#: How deep :func:`find_task` looks for ``<task>/task.toml`` under a dataset folder (Harbor's task cache
#: nests a task two or three levels down: ``<cache>/<digest>/<task>/``).
DATASET_DEPTH = 4


class TaskLoadError(ValueError):
    """The task cannot be loaded; the message names the folder and the file."""


Step = dict[str, Any]
"""One reference step: ``{"tool", "args", "save", "expect", "expect_error"}`` (``solution/oracle.py``'s format)."""


@dataclass(frozen=True)
class TaskPackage:
    """A loaded task package (immutable; share it between environments).

    ``digest`` (sha256 hex) covers every file above, so a cached starting world is rebuilt whenever the
    package changes."""

    id: str
    folder: Path
    world: TaskWorld
    instruction: str
    expectations: dict[str, Any]
    oracle: list[Step]
    near_misses: dict[str, list[Step]] = field(default_factory=dict)
    digest: str = ""

    @property
    def role(self) -> str:
        """The agent's role: ``provider``, ``payer`` or ``cm`` (one MCP server per role)."""
        return self.world.roles[0]

    @property
    def arena(self) -> bool:
        """An arena package: the agent plays one side (:attr:`role`), the scripted opponent the other, in the
        same world; the answer key holds both sides' keys (:data:`ARENA_FORMAT`)."""
        return self.expectations.get("format") == ARENA_FORMAT

    @property
    def opponent(self) -> str | None:
        """What plays the other side of an arena package (``scripted``), ``None`` for a single-side task."""
        return str(self.expectations.get("opponent") or "scripted") if self.arena else None

    @property
    def identities(self) -> list[str]:
        """Worker ids the agent may put in ``acting_as``."""
        return list(self.world.identities.get(self.world.roles[0], []))

    @classmethod
    def from_folder(cls, folder: str | Path) -> TaskPackage:
        """Read a package folder. Raises :class:`TaskLoadError` naming the missing or invalid file."""
        root = Path(folder)
        if not root.is_dir():
            raise TaskLoadError(f"{root}: no such task package folder")
        h = hashlib.sha256()

        def read(rel: str) -> str:
            p = root / rel
            try:
                text = p.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise TaskLoadError(f"{root}: {rel} is missing (is this a rendered χ-Bench task package?)") from None
            except (OSError, UnicodeDecodeError) as exc:
                raise TaskLoadError(f"{p}: unreadable: {exc}") from exc
            h.update(rel.encode() + b"\0" + text.encode() + b"\0")
            return text

        def read_json(rel: str) -> Any:
            try:
                return json.loads(read(rel))
            except json.JSONDecodeError as exc:
                raise TaskLoadError(f"{root / rel}: not valid JSON: {exc}") from exc

        read(TASK_JSON)
        try:
            world = load_task_world(root / TASK_JSON)
        except TaskWorldError as exc:
            raise TaskLoadError(str(exc)) from exc
        if len(world.roles) != 1:
            raise TaskLoadError(f"{root / TASK_JSON}: an episode plays one role, the task serves {world.roles}")
        instruction = read(INSTRUCTION)
        expectations = read_json(EXPECTATIONS)
        if not isinstance(expectations, dict):
            raise TaskLoadError(f"{root / EXPECTATIONS}: not a JSON object")
        trajectory = read_json(TRAJECTORY)
        steps = trajectory.get("steps") if isinstance(trajectory, dict) else None
        if not isinstance(steps, list):
            raise TaskLoadError(f"{root / TRAJECTORY}: 'steps' must be a list of tool calls")
        near: dict[str, list[Step]] = {}
        if (root / SCENARIO).is_file():
            from chibench.package.scenario import ScenarioError, load_scenario

            read(SCENARIO)
            try:
                sc = load_scenario(root / SCENARIO)
            except ScenarioError as exc:
                raise TaskLoadError(str(exc)) from exc
            near = {m.name: [_step(s.model_dump()) for s in m.steps] for m in sc.near_misses}
        return cls(id=world.task, folder=root, world=world, instruction=instruction, expectations=expectations,
                   oracle=[_step(s) for s in steps], near_misses=near, digest=h.hexdigest())


def _step(raw: dict[str, Any]) -> Step:
    """A step without the reviewer's ``why`` (not part of the call)."""
    return {k: v for k, v in raw.items() if k != "why"}


def task_ids(root: Path = PACKAGES) -> list[str]:
    """Ids of the packages under ``root`` (default: the shipped ``packages/``), sorted."""
    return sorted(p.parent.parent.parent.name for p in root.glob(f"*/{TASK_JSON}"))


def find_task(name: str, dataset: str | Path) -> Path:
    """The folder of task ``name`` inside an installed dataset (a folder holding task folders at any
    depth up to :data:`DATASET_DEPTH`, e.g. Harbor's task cache). Raises :class:`TaskLoadError`."""
    root = Path(dataset).expanduser()
    if not root.is_dir():
        raise TaskLoadError(f"dataset folder {root} does not exist")
    frontier = [root]
    for _ in range(DATASET_DEPTH + 1):
        for d in frontier:
            cand = d / name
            if (cand / TASK_JSON).is_file():
                return cand
        frontier = [c for d in frontier for c in sorted(d.iterdir()) if c.is_dir() and not c.name.startswith(".")]
    raise TaskLoadError(f"no task '{name}' (a folder with {TASK_JSON}) under {root}")


def load_task(task: str | Path | TaskPackage, *, dataset: str | Path | None = None) -> TaskPackage:
    """A task from a package folder path, a task id (looked up in ``dataset`` if given, else in the
    shipped ``packages/``), or an already loaded :class:`TaskPackage`. Raises :class:`TaskLoadError`."""
    if isinstance(task, TaskPackage):
        return task
    p = Path(task)
    if (p / TASK_JSON).is_file():
        return TaskPackage.from_folder(p)
    name = str(task)
    if dataset is not None:
        return TaskPackage.from_folder(find_task(name, dataset))
    for root in (PACKAGES, ARENA_PACKAGES):
        if (root / name / TASK_JSON).is_file():
            return TaskPackage.from_folder(root / name)
    known = ", ".join(task_ids()) or "(none found)"
    raise TaskLoadError(f"no task package '{name}': give a package folder, or a shipped task id ({known}; arena: "
                        f"{', '.join(task_ids(ARENA_PACKAGES)) or '(none found)'}), "
                        "or dataset=<folder of an installed dataset>")
