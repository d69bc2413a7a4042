"""Running a command in a bubblewrap sandbox: the argv, the identity drop, and process handling.

One sandbox invocation (``build_argv``)::

    [/bin/sh -c 'echo $$ > …/cgroup.procs; exec "$@"']   join the box's resource limits (cgroups.py)
    [nsenter --net=/proc/self/fd/N]           join the trial's network namespace (agent, grader)
    bwrap --bind <root> /                     the trial's overlay root (image layers + writes)
          --ro-bind /usr /usr (+ /bin… when real dirs) --ro-bind /etc /etc
          --ro-bind <run>/etc/{passwd,group,hosts,resolv.conf} …   per-sandbox overrides
          --bind|--ro-bind <host dir> <dest>  Harbor's /logs/* mounts, the chibench install
          --proc /proc --dev /dev --tmpfs /dev/shm
          --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try --hostname H
          --die-with-parent --new-session --cap-drop ALL --cap-add CAP_SET{UID,GID,PCAP}
          --chdir CWD
      setpriv --reuid=U --regid=U --clear-groups --bounding-set=-all --inh-caps=-all --
      bash -c COMMAND

Why this shape:

* bwrap runs as root so it can bind anything (Harbor's trial dirs may sit under a 0700 home), but the
  command itself runs as an unprivileged host uid with no capabilities, no-new-privs and an empty
  bounding set: a uid-0 process keeps write access to parts of ``/proc/sys`` even without
  capabilities, so "root without caps" is not a sandbox.
* A fresh pid namespace per invocation: when the command exits, the namespace's init exits and the
  kernel kills every process it left behind — background processes do not outlive one exec.
  The same holds when the caller kills the outer bwrap (``--die-with-parent``).
* The environment is passed as the process environment (bwrap, nsenter and setpriv pass it on);
  nothing secret ever appears in an argv, which ``/proc/<pid>/cmdline`` would expose.

Errors: ``OSError`` when a binary is missing (``require_tools`` names it).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from chibench.sandbox import cgroups

REQUIRED_TOOLS = ("bwrap", "setpriv", "nsenter", "tar", "bash")
OutputCallback = Callable[[str, Literal["stdout", "stderr"]], Awaitable[None]]


def require_tools() -> dict[str, str]:
    """Absolute paths of the host tools the sandbox needs. Raises ``OSError`` naming a missing one."""
    found: dict[str, str] = {}
    for tool in REQUIRED_TOOLS:
        path = shutil.which(tool)
        if path is None:
            raise OSError(f"the sandbox environment needs `{tool}` on PATH (apt-get install bubblewrap util-linux)")
        found[tool] = path
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


def build_argv(spec: SandboxSpec, command: list[str], *, cwd: str, tools: dict[str, str]) -> list[str]:
    """The full argv for running ``command`` (already an argv) in ``spec`` with working dir ``cwd``."""
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
        "--chdir", cwd,
        tools["setpriv"], f"--reuid={spec.uid}", f"--regid={spec.uid}", "--clear-groups",
        "--bounding-set=-all", "--inh-caps=-all", "--",
        *command,
    ]
    return cgroups.join_argv(spec.cgroup, argv)


def pass_fds(spec: SandboxSpec) -> tuple[int, ...]:
    return (spec.netns_fd,) if spec.netns_fd is not None else ()


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
    try:
        waiter = asyncio.gather(_drain(proc.stdout, "stdout", out, on_output),
                                _drain(proc.stderr, "stderr", err, on_output), proc.wait())
        try:
            await asyncio.wait_for(waiter, timeout_sec)
        except TimeoutError:
            timed_out = True
            await _kill(proc)
    finally:
        # cancellation (a trial timeout) or an error: never leave a sandbox running
        await asyncio.shield(_kill(proc))
        if registry is not None:
            registry.discard(proc)
    stdout = b"".join(out).decode(errors="replace") or None
    stderr = b"".join(err).decode(errors="replace") or None
    if timed_out:
        note = f"chibench sandbox: command timed out after {timeout_sec} seconds and was killed\n"
        return Completed(stdout, (stderr or "") + note, 124, timed_out=True)
    return Completed(stdout, stderr, proc.returncode if proc.returncode is not None else -1)


async def spawn(argv: list[str], *, env: dict[str, str], fds: tuple[int, ...], log_path: Path) -> asyncio.subprocess.Process:
    """Start a long-running sandbox (a sidecar) with stdout+stderr appended to ``log_path``."""
    with log_path.open("ab") as log:
        return await asyncio.create_subprocess_exec(
            *argv, env=env, pass_fds=fds, start_new_session=True, stdin=asyncio.subprocess.DEVNULL,
            stdout=log, stderr=asyncio.subprocess.STDOUT)


async def terminate(proc: asyncio.subprocess.Process) -> None:
    """Kill a sandbox started by :func:`spawn` (and everything inside it)."""
    await _kill(proc)
