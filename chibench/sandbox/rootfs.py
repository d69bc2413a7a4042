"""Per-sandbox root filesystems: a writable overlay on top of cached, read-only image trees.

``TrialRoot.create`` mounts ``overlay(lowerdir=<task layer>:<recipe tree>, upperdir=…, workdir=…)``
at ``<cache>/run/<pid>-<name>-<nonce>/merged``. Where overlayfs cannot be mounted (no privilege, or an
upper directory on a filesystem overlayfs refuses), the lowers are copied into ``merged`` instead —
slower, same behaviour. Everything a trial writes lands in ``upper`` (or the copy) and is removed by
``destroy(delete=True)``; ``delete=False`` keeps the run directory for inspection.

Run directories carry the creating process id, so ``collect_stale`` can unmount and remove what a
crashed process left behind.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)
_libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
MNT_DETACH = 2
LOWERS_FILE = "lowers"
_overlay_works: bool | None = None


class RootfsError(RuntimeError):
    """A sandbox root could not be prepared (message names the path and the OS error)."""


def _mount_overlay(lowers: list[Path], upper: Path, work: Path, merged: Path) -> None:
    # The layers are named by descriptor (/proc/self/fd/N): overlayfs shows its options verbatim in
    # every /proc/<pid>/mountinfo, the sandbox's included, and a descriptor number says nothing of the host.
    fds = []
    try:
        for path in [*lowers, upper, work]:
            fds.append(os.open(path, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC))
        names = [f"/proc/self/fd/{fd}" for fd in fds]
        options = f"lowerdir={':'.join(names[:-2])},upperdir={names[-2]},workdir={names[-1]}"
        if _libc.mount(b"overlay", str(merged).encode(), b"overlay", 0, options.encode()) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"mount overlay on {merged}: {os.strerror(err)}")
    finally:
        for fd in fds:
            os.close(fd)


def _umount(path: Path) -> None:
    if _libc.umount2(str(path).encode(), MNT_DETACH) != 0:
        err = ctypes.get_errno()
        if err not in (22, 2):  # EINVAL: not a mount point; ENOENT: gone already
            log.warning("umount %s: %s", path, os.strerror(err))


def _is_mountpoint(path: Path) -> bool:
    target = str(path)
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as fh:
            return any(line.split()[4] == target for line in fh)
    except OSError:
        return os.path.ismount(target)


def _mounts_under(root: Path) -> list[Path]:
    """Mount points at or below ``root`` (this process's view), deepest first."""
    prefix = str(root).rstrip("/") + "/"
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as fh:
            points = {line.split()[4] for line in fh}
    except OSError:
        return []
    inside = [Path(p) for p in points if p == str(root) or p.startswith(prefix)]
    return sorted(inside, key=lambda p: len(p.parts), reverse=True)


def remove_run_dir(run_dir: Path) -> None:
    """Unmount everything mounted below ``run_dir`` (its root overlay, Harbor-dir pass-throughs), then
    delete it. Never deletes through a mount: a pass-through's files are Harbor's trial logs."""
    for point in _mounts_under(run_dir):
        _umount(point)
    if _mounts_under(run_dir):
        log.warning("not removing %s: something is still mounted below it", run_dir)
        return
    shutil.rmtree(run_dir, ignore_errors=True)


@dataclass
class TrialRoot:
    """One sandbox's root. ``merged`` is what a sandbox binds at ``/``.

    ``mode`` is ``"overlay"`` or ``"copy"``; ``run_dir`` holds ``upper``/``work``/``merged`` and any
    per-trial files (``etc/`` overrides, logs).
    """

    run_dir: Path
    merged: Path
    mode: str

    @classmethod
    def create(cls, cache: Path, name: str, lowers: list[Path], uid: int) -> TrialRoot:
        """Prepare a root over ``lowers`` (top first), its writable top owned by ``uid``.

        Raises :class:`RootfsError` when neither an overlay nor a copy can be made.
        """
        global _overlay_works
        safe = "".join(c if c.isalnum() or c in "-._" else "_" for c in name)[:80]
        run_dir = cache / "run" / f"{os.getpid()}-{safe}-{uuid.uuid4().hex[:6]}"
        upper, work, merged = run_dir / "upper", run_dir / "work", run_dir / "merged"
        for path in (upper, work, merged):
            path.mkdir(parents=True)
        # the root directory's owner and mode come from the upper dir: the sandbox user owns "/"
        os.chown(upper, uid, uid)
        os.chmod(upper, 0o755)
        os.chmod(run_dir, 0o700)  # other host users have no business in a trial's files
        # which image trees this root sits on (images.prune_superseded keeps them)
        (run_dir / LOWERS_FILE).write_text("".join(f"{p}\n" for p in lowers))
        if _overlay_works is not False:
            try:
                _mount_overlay(lowers, upper, work, merged)
                _overlay_works = True
                return cls(run_dir=run_dir, merged=merged, mode="overlay")
            except OSError as exc:
                if _overlay_works is None:
                    log.warning("overlayfs unavailable (%s); sandbox roots will be copies", exc)
                _overlay_works = False
        try:
            for lower in reversed(lowers):
                shutil.copytree(lower, merged, symlinks=True, dirs_exist_ok=True)
            os.chown(merged, uid, uid)
        except OSError as exc:
            shutil.rmtree(run_dir, ignore_errors=True)
            raise RootfsError(f"cannot prepare a sandbox root at {merged}: {exc}") from exc
        return cls(run_dir=run_dir, merged=merged, mode="copy")

    def destroy(self, *, delete: bool) -> None:
        """Unmount; with ``delete`` remove the run directory (keeps it for inspection otherwise)."""
        if self.mode == "overlay":
            _umount(self.merged)
        if delete:
            remove_run_dir(self.run_dir)
            return
        # "kept-" names are skipped by collect_stale: a later run must not reap what the user kept
        kept = self.run_dir.with_name(f"kept-{self.run_dir.name}")
        try:
            self.run_dir.rename(kept)
            self.run_dir, self.merged = kept, kept / "merged"
        except OSError:
            pass
        log.info("sandbox files kept at %s", self.run_dir)


@dataclass
class PassThrough:
    """A host directory shown in a sandbox through an overlay with nothing below it.

    Writes land in ``upper`` (the host directory) at once, as through a bind mount; but where a bind
    shows the host path of its source in every ``/proc/<pid>/mountinfo``, this overlay shows
    descriptor names. ``mount_point`` (inside a trial's run directory) is what the sandbox binds;
    ``work`` is overlayfs's scratch directory, which must sit on the upper directory's file system
    (inside the trial's run directory when that is on the same file system, else a hidden sibling of
    ``upper``; removed by :meth:`destroy`).
    """

    upper: Path
    mount_point: Path
    work: Path

    @classmethod
    def create(cls, upper: Path, run_dir: Path, name: str) -> PassThrough | None:
        """Mount it; None when overlayfs refuses (the caller then binds ``upper`` directly)."""
        base = run_dir / "pass" / name
        lower, mount_point = base / "lower", base / "merged"
        base.mkdir(parents=True)
        # overlayfs wants its work dir on the upper dir's file system: the run dir when it is (keeping
        # Harbor's trial dir clean), else a hidden sibling of the upper dir
        same_fs = os.stat(base).st_dev == os.stat(upper).st_dev
        work = base / "work" if same_fs else upper.parent / f".{upper.name}.sandbox-{uuid.uuid4().hex[:8]}"
        try:
            for path in (lower, mount_point, work):
                path.mkdir(parents=True)
            _mount_overlay([lower], upper, work, mount_point)
        except OSError as exc:
            log.warning("cannot show %s through an overlay (%s); binding it directly", upper, exc)
            shutil.rmtree(work, ignore_errors=True)
            return None
        return cls(upper=upper, mount_point=mount_point, work=work)

    def destroy(self) -> None:
        _umount(self.mount_point)
        if not _is_mountpoint(self.mount_point):
            shutil.rmtree(self.work, ignore_errors=True)


def lowers_in_use(cache: Path) -> set[str]:
    """Image trees (paths) that some live run directory under ``cache`` sits on."""
    used: set[str] = set()
    runs = cache / "run"
    if not runs.is_dir():
        return used
    for entry in runs.iterdir():
        try:
            used.update(line for line in (entry / LOWERS_FILE).read_text().splitlines() if line)
        except OSError:
            continue
    return used


def collect_stale(cache: Path) -> int:
    """Unmount and remove run directories whose creating process is gone; returns how many."""
    runs = cache / "run"
    if not runs.is_dir():
        return 0
    removed = 0
    for entry in runs.iterdir():
        pid_text = entry.name.split("-", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid():
            continue
        if Path(f"/proc/{pid_text}").exists():
            continue
        remove_run_dir(entry)
        removed += 1
    return removed
