"""Running a command in a bubblewrap sandbox: the argv, the identity drop, the seccomp filter, and
process handling.

One sandbox invocation (``build_argv``; sidecars, and commands in a sidecar's root)::

    [/bin/sh -c 'echo $$ > …/cgroup.procs; exec "$@"']   join the box's resource limits (cgroups.py)
    [nsenter --net=/proc/self/fd/N]           join the trial's network namespace (agent, grader)
    bwrap --bind <root> /                     the trial's overlay root (image layers + writes)
          --ro-bind /usr /usr (+ /bin… when real dirs) --ro-bind /etc /etc
          --ro-bind <root>/etc/{passwd,group,hosts,resolv.conf} …   per-sandbox overrides
          --bind|--ro-bind <host dir> <dest>  Harbor's /logs/* mounts, the chibench install
          --proc /proc --dev /dev --tmpfs /dev/shm
          --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try --hostname H
          --die-with-parent --new-session --cap-drop ALL --cap-add CAP_SET{UID,GID,PCAP}
          --seccomp FD                        the filter of chibench.sandbox.seccomp
          --chdir CWD
      setpriv --reuid=U --regid=U --clear-groups --bounding-set=-all --inh-caps=-all --
      bash -c COMMAND

A persistent box (``start_box``; the ``main`` service, as a container is): the same bwrap, once per
trial, holding ``sleep infinity`` as its first process (uid 0 without capabilities, so the sandbox
user cannot kill it), and every exec *entered* into it (``enter_argv``)::

    [cgroup join] nsenter --target <box pid 1> --mount --uts --ipc --net --pid --cgroup --root --wd
      setpriv --reuid=U … --no-new-privs --
      python3 -I -S -c <seccomp.LOADER> FD CWD  installs the same filter, changes to CWD
      bash -c COMMAND

Why this shape:

* bwrap runs as root so it can bind anything (Harbor's trial dirs may sit under a 0700 home), but the
  command itself runs as an unprivileged host uid with no capabilities, no-new-privs and an empty
  bounding set: a uid-0 process keeps write access to parts of ``/proc/sys`` even without
  capabilities, so "root without caps" is not a sandbox.
* The seccomp filter closes what namespaces leave shared between trials (the keyring) and what would
  undo them (user namespaces, mounts, ptrace): see ``chibench.sandbox.seccomp``.
* In a box, a process an exec leaves behind (a tmux server, a background job) lives on in the box's
  pid namespace until the box is killed; killing the outer bwrap makes the kernel kill the box's
  pid 1 (``--die-with-parent``) and with it every process inside. A one-off invocation has its own
  pid namespace, so nothing outlives it.
* The environment is passed as the process environment (bwrap, nsenter and setpriv pass it on);
  nothing secret ever appears in an argv, which ``/proc/<pid>/cmdline`` would expose.

Errors: ``OSError`` when a binary is missing (``require_tools`` names it); :class:`BoxError` when a
box does not come up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from chibench.sandbox import cgroups, seccomp

REQUIRED_TOOLS = ("bwrap", "setpriv", "nsenter", "tar", "bash")
# runs the seccomp loader inside a box: the host's system python, which every box sees under /usr
LOADER_PYTHON = "/usr/bin/python3"
# after a command exits, how long output its leftover children still write is collected
OUTPUT_GRACE_SEC = 1.0
OutputCallback = Callable[[str, Literal["stdout", "stderr"]], Awaitable[None]]


def require_tools() -> dict[str, str]:
    """Absolute paths of the host tools the sandbox needs. Raises ``OSError`` naming a missing one."""
    found: dict[str, str] = {}
    for tool in REQUIRED_TOOLS:
        path = shutil.which(tool)
        if path is None:
            raise OSError(f"the sandbox environment needs `{tool}` on PATH "
                          "(apt-get install bubblewrap util-linux python3)")
        found[tool] = path
    if not os.access(LOADER_PYTHON, os.X_OK):
        raise OSError(f"the sandbox environment needs {LOADER_PYTHON} (apt-get install python3)")
    found["python3"] = LOADER_PYTHON
    return found


@dataclass(frozen=True)
class Bind:
    """``source`` (host) at ``dest`` (sandbox); a file bind when ``source`` is a file."""

    source: Path
    dest: str
    read_only: bool = True


@dataclass
class SandboxSpec:
    """Everything one invocation needs except the command and its environment.

    ``binds`` are applied in order after the root and the system directories, so later entries
    (per-sandbox ``/etc`` files) cover earlier ones. ``netns_fd`` None keeps the host's network.
    ``cgroup`` (the box's resource limits) is joined before anything else runs; None: no limits.
    """

    root: Path
    uid: int
    hostname: str
    binds: list[Bind] = field(default_factory=list)
    system_dirs: list[str] = field(default_factory=list)
    netns_fd: int | None = None
    cgroup: cgroups.Group | None = None


class BoxError(RuntimeError):
    """A persistent box did not come up; the message carries bwrap's output."""


def _bwrap_argv(spec: SandboxSpec, *, cwd: str, tools: dict[str, str], seccomp_fd: int | None) -> list[str]:
    argv: list[str] = []
    if spec.netns_fd is not None:
        argv += [tools["nsenter"], f"--net=/proc/self/fd/{spec.netns_fd}"]
    argv += [tools["bwrap"], "--bind", str(spec.root), "/"]
    for name in spec.system_dirs:
        argv += ["--ro-bind", f"/{name}", f"/{name}"]
    argv += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/dev/shm"]
    for bind in spec.binds:
        argv += ["--ro-bind" if bind.read_only else "--bind", str(bind.source), bind.dest]
    argv += [
        "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
        "--hostname", spec.hostname,
        "--die-with-parent", "--new-session",
        "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
    ]
    if seccomp_fd is not None:
        argv += ["--seccomp", str(seccomp_fd)]
    return [*argv, "--chdir", cwd]


def _drop_argv(uid: int, tools: dict[str, str]) -> list[str]:
    return [tools["setpriv"], f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
            "--bounding-set=-all", "--inh-caps=-all", "--no-new-privs", "--"]


def build_argv(spec: SandboxSpec, command: list[str], *, cwd: str, tools: dict[str, str],
               seccomp_fd: int | None = None) -> list[str]:
    """The full argv for running ``command`` (already an argv) in a one-off sandbox over ``spec``.

    ``seccomp_fd`` (from :func:`chibench.sandbox.seccomp.filter_fd`) must be passed to the child too
    (:func:`pass_fds`); None runs unfiltered.
    """
    argv = _bwrap_argv(spec, cwd=cwd, tools=tools, seccomp_fd=seccomp_fd)
    return cgroups.join_argv(spec.cgroup, [*argv, *_drop_argv(spec.uid, tools), *command])


def enter_argv(spec: SandboxSpec, box_pid: int, command: list[str], *, cwd: str, tools: dict[str, str],
               seccomp_fd: int) -> list[str]:
    """The argv for running ``command`` inside the persistent box whose pid 1 is host pid ``box_pid``."""
    argv = [tools["nsenter"], f"--target={box_pid}", "--mount", "--uts", "--ipc", "--net", "--pid", "--cgroup",
            "--root", "--wd", *_drop_argv(spec.uid, tools),
            tools["python3"], "-I", "-S", "-c", seccomp.LOADER, str(seccomp_fd), cwd, *command]
    return cgroups.join_argv(spec.cgroup, argv)


def pass_fds(spec: SandboxSpec, *extra: int | None) -> tuple[int, ...]:
    fds = [spec.netns_fd, *extra]
    return tuple(fd for fd in fds if fd is not None)


@dataclass
class Box:
    """A persistent sandbox: ``proc`` is the outer bwrap (kill it to end the box), ``pid`` its pid 1."""

    proc: asyncio.subprocess.Process
    pid: int


async def start_box(spec: SandboxSpec, *, env: dict[str, str], tools: dict[str, str], log_path: Path,
                    timeout_sec: float = 60.0) -> Box:
    """Start the box over ``spec`` and return once its root is set up (its first process runs).

    Raises :class:`BoxError` (with bwrap's output) when it exits or does not get ready in time.
    """
    info_r, info_w = os.pipe()
    filter_fd = seccomp.filter_fd()
    holder = ["/bin/sh", "-c", "echo ready && exec sleep infinity"]  # uid 0 without caps: unkillable by U
    full = [*_bwrap_argv(spec, cwd="/", tools=tools, seccomp_fd=filter_fd), "--info-fd", str(info_w)]
    # bwrap stays the box's pid 1, whose /proc/1/cmdline every process inside can read: its options
    # (host paths of the root and the binds) come from a descriptor instead (--args), not the argv
    at = full.index(tools["bwrap"]) + 1
    args_fd = os.memfd_create("chibench-bwrap-args", os.MFD_CLOEXEC)
    os.write(args_fd, b"".join(a.encode() + b"\0" for a in full[at:]))
    os.lseek(args_fd, 0, os.SEEK_SET)
    argv = cgroups.join_argv(spec.cgroup, [*full[:at], "--args", str(args_fd), *holder])
    try:
        with log_path.open("ab") as log:
            proc = await asyncio.create_subprocess_exec(
                *argv, env=env, pass_fds=pass_fds(spec, filter_fd, info_w, args_fd), start_new_session=True,
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=log)
    finally:
        os.close(info_w)
        os.close(filter_fd)
        os.close(args_fd)
    try:
        assert proc.stdout is not None
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), timeout_sec)
        except TimeoutError:
            line = b""
        if line.strip() != b"ready":
            await _kill(proc)
            raise BoxError(f"the sandbox box did not start (exit {proc.returncode}): "
                           f"{log_path.read_bytes()[-2000:].decode(errors='replace').strip()}")
        info = await asyncio.to_thread(_read_all, info_r)
        try:
            pid = int(json.loads(info.decode())["child-pid"])
        except (ValueError, KeyError, TypeError) as exc:
            await _kill(proc)
            raise BoxError(f"bwrap reported no child pid ({info!r})") from exc
    finally:
        os.close(info_r)
    return Box(proc=proc, pid=pid)


async def end_box(box: Box, timeout_sec: float = 30.0) -> None:
    """Kill the box and return once its pid 1 is gone — by then the kernel has killed every process
    in the box's pid namespace (a pid namespace's init exits only after all its processes have)."""
    try:
        pidfd = os.pidfd_open(box.pid)
    except OSError:
        pidfd = -1  # gone already
    try:
        if pidfd >= 0:
            # pid 1 first, so the outer bwrap (its parent) is still there to reap it and then exits
            # by itself; killed the other way round, pid 1 would be left to the host's init to reap
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(_readable(pidfd), timeout_sec)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(_exited(box.proc), timeout_sec)
    finally:
        if pidfd >= 0:
            os.close(pidfd)
        await _kill(box.proc)
        _close_pipes(box.proc)


async def _readable(fd: int) -> None:
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await ready
    finally:
        loop.remove_reader(fd)


def _read_all(fd: int) -> bytes:
    data = b""
    while chunk := os.read(fd, 4096):
        data += chunk
    return data


@dataclass
class Completed:
    """The outcome of :func:`run`: decoded output (None when empty) and the exit status.

    ``timed_out`` is True when the command was killed at its deadline (``returncode`` is then 124).
    """

    stdout: str | None
    stderr: str | None
    returncode: int
    timed_out: bool = False


async def _kill(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is not None:
        return
    # bwrap (or nsenter exec'ed into it) leads its own process group; killing the outer bwrap makes
    # the kernel kill the sandbox's pid-1 (die-with-parent), and with it every process inside.
    # Not proc.kill(): Popen.send_signal polls first and may reap the child behind asyncio's watcher.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    await proc.wait()


async def _drain(stream: asyncio.StreamReader | None, name: Literal["stdout", "stderr"], sink: list[bytes],
                 on_output: OutputCallback | None) -> None:
    if stream is None:
        return
    pending = b""
    while True:
        chunk = await stream.read(1 << 16)
        if not chunk:
            if on_output is not None and pending:
                await on_output(pending.decode(errors="replace"), name)
            return
        sink.append(chunk)
        if on_output is None:
            continue
        # line-by-line to the callback, with no line-length ceiling (read() has none, readline() does)
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            await on_output(line.decode(errors="replace") + "\n", name)


async def run(argv: list[str], *, env: dict[str, str], fds: tuple[int, ...], timeout_sec: float | None,
              stdin: IO[bytes] | None = None, on_output: OutputCallback | None = None,
              registry: set[asyncio.subprocess.Process] | None = None) -> Completed:
    """Run ``argv`` to completion; kill the whole sandbox at ``timeout_sec`` or on cancellation.

    ``registry`` (when given) holds the process while it runs so a caller can kill it from outside
    (``stop_service``). Output is captured in full; ``on_output`` additionally receives it line by line.
    """
    proc = await asyncio.create_subprocess_exec(
        *argv, env=env, pass_fds=fds, start_new_session=True,
        stdin=stdin if stdin is not None else asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    if registry is not None:
        registry.add(proc)
    out: list[bytes] = []
    err: list[bytes] = []
    timed_out = False
    drains = asyncio.gather(_drain(proc.stdout, "stdout", out, on_output),
                            _drain(proc.stderr, "stderr", err, on_output))

    async def finish() -> None:
        await _exited(proc)
        # a process the command left running (``server &``) may still hold the pipes: take what is
        # there, then stop listening instead of waiting for it to exit
        try:
            await asyncio.wait_for(asyncio.shield(drains), OUTPUT_GRACE_SEC)
        except TimeoutError:
            _close_pipes(proc)

    try:
        try:
            await asyncio.wait_for(finish(), timeout_sec)
        except TimeoutError:
            timed_out = True
    finally:
        # cancellation (a trial timeout) or an error: never leave a command running
        await asyncio.shield(_kill(proc))
        if not drains.done():
            _close_pipes(proc)  # the readers take what is buffered, then see EOF
            try:
                await asyncio.wait_for(asyncio.shield(drains), 5)
            except (TimeoutError, asyncio.CancelledError):
                drains.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await drains
        if registry is not None:
            registry.discard(proc)
    stdout = b"".join(out).decode(errors="replace") or None
    stderr = b"".join(err).decode(errors="replace") or None
    if timed_out:
        note = f"chibench sandbox: command timed out after {timeout_sec} seconds and was killed\n"
        return Completed(stdout, (stderr or "") + note, 124, timed_out=True)
    code = proc.returncode if proc.returncode is not None else -1
    # nsenter re-raises the signal that killed the command on itself: report it as a shell (and
    # docker exec) would, 128 + the signal number (an OOM kill: 137)
    return Completed(stdout, stderr, 128 - code if code < -1 else code)


async def _exited(proc: asyncio.subprocess.Process) -> None:
    """Return once ``proc`` has exited — unlike ``proc.wait()``, which also waits for its pipes to close,
    and a background process the command started may hold them for as long as it lives."""
    try:
        pidfd = os.pidfd_open(proc.pid)
    except OSError:  # already reaped: asyncio has (or is about to have) its status
        pidfd = -1
    if pidfd >= 0:
        try:
            await _readable(pidfd)
        finally:
            os.close(pidfd)
    delay = 0.001
    while proc.returncode is None:  # the child watcher records the status right after the exit
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.05)


def _close_pipes(proc: asyncio.subprocess.Process) -> None:
    """Stop reading ``proc``'s output pipes: the readers then see EOF (the process has exited or been killed)."""
    transport = getattr(proc, "_transport", None)  # asyncio's subprocess transport: no public handle
    if transport is not None:
        transport.close()


async def spawn(argv: list[str], *, env: dict[str, str], fds: tuple[int, ...], log_path: Path) -> asyncio.subprocess.Process:
    """Start a long-running sandbox (a sidecar) with stdout+stderr appended to ``log_path``."""
    with log_path.open("ab") as log:
        return await asyncio.create_subprocess_exec(
            *argv, env=env, pass_fds=fds, start_new_session=True, stdin=asyncio.subprocess.DEVNULL,
            stdout=log, stderr=asyncio.subprocess.STDOUT)


async def terminate(proc: asyncio.subprocess.Process) -> None:
    """Kill a sandbox started by :func:`spawn` (and everything inside it)."""
    await _kill(proc)
