"""Resource limits for a sandbox: the task's ``cpus`` and ``memory_mb``, and a process cap, on Linux cgroups.

Docker enforces a task's ``[environment] cpus`` and ``memory_mb`` on its container; the sandbox enforces
them on its ``main`` box. Every process started in the box — each exec, each file transfer — joins the
box's control group before anything else runs, so the limits cover all of the box's processes together,
as they cover a container's:

* memory: ``memory_mb`` MiB (v2 ``memory.max``, v1 ``memory.limit_in_bytes``); past it the kernel's OOM
  killer ends a process of the box (an exec then returns 137), never anything outside it;
* CPU: ``cpus`` CPUs of bandwidth per 100 ms period (v2 ``cpu.max``, v1 ``cpu.cfs_quota_us``);
* processes: at most ``pids`` tasks at once (v2/v1 ``pids.max``; default 4,096), so a fork bomb stays in
  its box.

The groups are created under the cgroup of the process that runs Harbor, never at the root of a
hierarchy, so whatever limits the host already puts on Harbor still bound the sandboxes. cgroup v2
(``/sys/fs/cgroup/cgroup.controllers`` present) uses one directory with the controllers enabled on its
parent; cgroup v1 one directory per controller hierarchy (``memory``, ``cpu``, ``pids``).

How a process joins: :func:`join_argv` puts ``/bin/sh -c 'echo $$ > …/cgroup.procs; exec "$@"'`` in
front of the box's command line (before ``nsenter``/``bwrap``): the shell joins, then becomes the
sandbox, and every process it starts is born inside. If joining fails the command does not run (exit
125) — a box never runs unlimited by accident.

Errors: :class:`CgroupUnavailable` (an ``OSError``) when no writable hierarchy offers a requested
controller (not root, no cgroup file system, v2 controllers not delegated); its message says which.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CGROUP_ROOT = Path("/sys/fs/cgroup")
PARENT = "chibench"
CPU_PERIOD_US = 100_000
DEFAULT_PIDS = 4096
#: Exit status of a command whose process could not join its box's cgroup (it never ran).
JOIN_FAILED = 125
_JOIN = ('for f; do [ "$f" = -- ] && break; echo $$ > "$f" || { echo "chibench sandbox: cannot join cgroup $f" >&2; '
         f'exit {JOIN_FAILED}; }}; done; while [ "$1" != -- ]; do shift; done; shift; exec "$@"')


class CgroupUnavailable(OSError):
    """No writable cgroup hierarchy offers a controller the limits need; the message says which and why."""


@dataclass(frozen=True)
class Limits:
    """What a box may use. ``None`` leaves that resource unlimited."""

    cpus: float | None = None
    memory_mb: int | None = None
    pids: int | None = DEFAULT_PIDS

    def __post_init__(self) -> None:
        for name in ("cpus", "memory_mb", "pids"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not value > 0):
                raise ValueError(f"{name}={value!r}: a limit must be a positive number or None")

    @classmethod
    def from_task(cls, config: Any, *, pids: int | None = DEFAULT_PIDS) -> Limits:
        """From Harbor's ``EnvironmentConfig`` (``cpus``, ``memory_mb``; unset means unlimited)."""
        return cls(cpus=config.cpus, memory_mb=config.memory_mb, pids=pids)

    def settings(self, version: int) -> dict[str, dict[str, str]]:
        """``{controller: {file: value}}`` to write, in order, for cgroup ``version`` 1 or 2."""
        out: dict[str, dict[str, str]] = {}
        if self.memory_mb is not None:
            size = str(int(self.memory_mb) * 1024 * 1024)
            out["memory"] = {"memory.max": size} if version == 2 else {"memory.limit_in_bytes": size}
        if self.cpus is not None:
            quota = str(max(1000, round(float(self.cpus) * CPU_PERIOD_US)))
            out["cpu"] = ({"cpu.max": f"{quota} {CPU_PERIOD_US}"} if version == 2 else
                          {"cpu.cfs_period_us": str(CPU_PERIOD_US), "cpu.cfs_quota_us": quota})
        if self.pids is not None:
            out["pids"] = {"pids.max": str(int(self.pids))}
        return out


@dataclass
class Group:
    """One box's control group(s): the directories made, and the ``cgroup.procs`` files to join."""

    dirs: tuple[Path, ...]
    version: int

    @property
    def procs(self) -> tuple[Path, ...]:
        return tuple(d / "cgroup.procs" for d in self.dirs)

    def pids(self) -> set[int]:
        found: set[int] = set()
        for procs in self.procs:
            with contextlib.suppress(OSError):
                found.update(int(line) for line in procs.read_text().split())
        return found

    def remove(self, *, wait_sec: float = 5.0) -> None:
        """Kill what is still inside, then remove the directories. Raises ``OSError`` if one stays busy."""
        deadline = time.monotonic() + wait_sec
        for directory in self.dirs:
            while True:
                for pid in self.pids():
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(pid, signal.SIGKILL)
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.02)


def join_argv(group: Group | None, argv: list[str]) -> list[str]:
    """``argv`` preceded by the shell that joins ``group`` first (``argv`` unchanged without a group)."""
    if group is None:
        return argv
    return ["/bin/sh", "-c", _JOIN, "sh", *(str(p) for p in group.procs), "--", *argv]


def _own_path(controller: str | None, proc_cgroup: str) -> str:
    """This process's cgroup path in the v1 hierarchy of ``controller`` (v2 when None)."""
    for line in proc_cgroup.splitlines():
        _, controllers, path = line.split(":", 2)
        if controller is None and controllers == "":
            return path
        if controller is not None and controller in controllers.split(","):
            return path
    raise CgroupUnavailable(f"this process is in no {controller or 'cgroup v2'} hierarchy")


def _write(path: Path, value: str) -> None:
    try:
        path.write_text(value)
    except OSError as exc:
        raise CgroupUnavailable(f"cannot set {path} to {value}: {exc.strerror or exc}") from exc


def create(name: str, limits: Limits, *, root: Path = CGROUP_ROOT, proc_cgroup: str | None = None) -> Group | None:
    """Make the control group(s) of one box and apply ``limits``; None when nothing is limited.

    ``name`` must be a single path component (the trial's session id and box). Raises
    :class:`CgroupUnavailable` (nothing left behind) when a needed controller is not available.
    """
    if not name or "/" in name or name in (".", ".."):
        raise ValueError(f"cgroup name {name!r}: one path component is required")
    own = proc_cgroup if proc_cgroup is not None else Path("/proc/self/cgroup").read_text()
    made: list[Path] = []
    try:
        if (root / "cgroup.controllers").is_file():
            wanted = limits.settings(2)
            if not wanted:
                return None
            parent = root / _own_path(None, own).lstrip("/") / PARENT
            available = set((parent.parent / "cgroup.controllers").read_text().split())
            missing = sorted(set(wanted) - available)
            if missing:
                raise CgroupUnavailable(f"cgroup v2 controllers {missing} are not delegated to {parent.parent}")
            parent.mkdir(exist_ok=True)
            _write(parent / "cgroup.subtree_control", " ".join(f"+{c}" for c in sorted(wanted)))
            made.append(parent / name)
            (parent / name).mkdir()
            for settings in wanted.values():
                for file, value in settings.items():
                    _write(parent / name / file, value)
            return Group((parent / name,), 2)
        wanted = limits.settings(1)
        if not wanted:
            return None
        missing = [c for c in wanted if not (root / c).is_dir()]
        if missing:  # checked before anything is made
            raise CgroupUnavailable(f"no cgroup v1 hierarchy for {', '.join(missing)} under {root}")
        for controller, settings in wanted.items():
            directory = root / controller / _own_path(controller, own).lstrip("/") / PARENT / name
            directory.parent.mkdir(parents=True, exist_ok=True)
            directory.mkdir()
            made.append(directory)
            for file, value in settings.items():
                _write(directory / file, value)
        return Group(tuple(made), 1)
    except BaseException as exc:
        for directory in reversed(made):
            with contextlib.suppress(OSError):
                directory.rmdir()
        if isinstance(exc, OSError) and not isinstance(exc, CgroupUnavailable):
            raise CgroupUnavailable(f"cannot create the cgroup of {name}: {exc}") from exc
        raise
