"""Integration: what one trial can leave for another, and what lives as long as a trial.

Exploits (issue #15): a first trial writes a note through each kernel-shared channel — the keyring,
``/dev/shm``, an abstract unix socket, ``/tmp`` — and a second trial, running at the same time and
started after the first ended, must read nothing. Also: no user namespace inside a box (``unshare -Ur``),
no other escape hatch of the seccomp filter, and no host path in what a box can read about its mounts.

Persistence (issue #13): a process one exec starts (a background job, a tmux server, a ``setsid``
daemon) lives until the trial stops, then nothing of the trial is left on the host.
Skipped (loudly) only when ``bwrap`` is missing.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .support import (
    BWRAP_MISSING,
    REPO,
    SKIP_REASON,
    host_processes_matching,
    host_processes_started,
    make_env,
    make_task,
    run,
    sh,
)

if TYPE_CHECKING:
    from chibench.sandbox.environment import SandboxEnvironment

pytestmark = pytest.mark.skipif(BWRAP_MISSING, reason=SKIP_REASON)
TOKEN = f"chibench-note-{secrets.token_hex(6)}"

# add_key / keyctl through the raw syscalls (no keyutils in the box): x86_64 numbers 248 and 250
_KEYRING_WRITE = f"""\
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
note = b"{TOKEN}"
serial = libc.syscall(248, b"user", b"chibench-note", note, len(note), -4)  # add_key(..., KEY_SPEC_USER_KEYRING)
print("add_key", serial, os.strerror(ctypes.get_errno()) if serial < 0 else "ok")
"""
_KEYRING_READ = """\
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
serial = libc.syscall(250, 10, -4, b"user", b"chibench-note", 0)  # keyctl(KEYCTL_SEARCH, @u, ...)
if serial < 0:
    print("search failed:", os.strerror(ctypes.get_errno()))
else:
    buf = ctypes.create_string_buffer(4096)
    n = libc.syscall(250, 11, serial, buf, 4096)  # KEYCTL_READ
    print("read:", buf.raw[:max(n, 0)].decode(errors="replace"))
print(open("/proc/keys").read())
"""
_SOCKET_LISTEN = f"""\
import socket
s = socket.socket(socket.AF_UNIX)
s.bind("\\0chibench-note")
s.listen(4)
while True:
    c, _ = s.accept()
    c.sendall(b"{TOKEN}")
    c.close()
"""
_SOCKET_READ = """\
import socket
s = socket.socket(socket.AF_UNIX)
try:
    s.connect("\\0chibench-note")
    print("read:", s.recv(100).decode())
except OSError as exc:
    print("connect failed:", exc)
print(open("/proc/net/unix").read())
"""


def _py(code: str) -> str:
    return f"python3 - <<'PY'\n{code}PY"


# channel -> (command the first trial runs to leave the note, command another trial runs to look for it)
CHANNELS: dict[str, tuple[str, str]] = {
    "keyring": (_py(_KEYRING_WRITE), _py(_KEYRING_READ)),
    "dev-shm": (f"echo {TOKEN} > /dev/shm/note && cat /dev/shm/note", "cat /dev/shm/note; ls -la /dev/shm"),
    "abstract-socket": (
        f"nohup python3 -c '{_SOCKET_LISTEN}' >/dev/null 2>&1 & sleep 1; " + _py(_SOCKET_READ), _py(_SOCKET_READ)),
    "tmp": (f"echo {TOKEN} > /tmp/note && cat /tmp/note", "cat /tmp/note /var/tmp/note; ls -la /tmp"),
    "sysv-shm": (
        _py("import ctypes\nlibc = ctypes.CDLL(None)\nshm = libc.shmget(0x43484942, 4096, 0o1666)\n"
            f"addr = ctypes.c_void_p(libc.shmat(shm, None, 0))\nctypes.memmove(addr, b'{TOKEN}', {len(TOKEN)})\n"
            f"print(ctypes.string_at(addr, {len(TOKEN)}).decode())\n"),
        _py("import ctypes\nlibc = ctypes.CDLL(None)\nshm = libc.shmget(0x43484942, 4096, 0o666)\n"
            "print('shmget', shm)\n"
            f"print(ctypes.string_at(ctypes.c_void_p(libc.shmat(shm, None, 0)), {len(TOKEN)}) if shm >= 0 else '')\n")),
}


@pytest.fixture(scope="module")
def task_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_task(tmp_path_factory.mktemp("cross-trial-task"))


@pytest.fixture(scope="module")
def notes(task_dir: Path, tmp_path_factory: pytest.TempPathFactory,
          loop: asyncio.AbstractEventLoop) -> Iterator[dict[str, Any]]:
    """Trial 1 leaves a note through every channel while trial 2 runs; trial 3 starts after 1 ended.

    Yields what each trial printed per channel: ``{"writer": {...}, "concurrent": {...}, "later": {...}}``.
    """
    first = make_env(task_dir, tmp_path_factory.mktemp("writer"), "cross-writer")
    second = make_env(task_dir, tmp_path_factory.mktemp("concurrent"), "cross-concurrent")

    async def both(*coros: Any) -> list[Any]:
        return list(await asyncio.gather(*coros))

    seen: dict[str, dict[str, Any]] = {"writer": {}, "own": {}, "concurrent": {}, "later": {}}
    run(loop, both(first.start(force_build=False), second.start(force_build=False)))
    try:
        for name, (write, read) in CHANNELS.items():
            seen["writer"][name] = sh(loop, first, write)
            seen["own"][name] = sh(loop, first, read)
            seen["concurrent"][name] = sh(loop, second, read)
    finally:
        run(loop, both(first.stop(delete=True), second.stop(delete=True)))
    later = make_env(task_dir, tmp_path_factory.mktemp("later"), "cross-later")
    run(loop, later.start(force_build=False))
    try:
        for name, (_, read) in CHANNELS.items():
            seen["later"][name] = sh(loop, later, read)
    finally:
        run(loop, later.stop(delete=True))
    yield seen


def _out(result: Any) -> str:
    return f"{result.stdout or ''}{result.stderr or ''}"


@pytest.mark.parametrize("channel", [c for c in CHANNELS if c != "keyring"])
def test_the_writer_can_use_the_channel_itself(notes: dict[str, Any], channel: str) -> None:
    """The channel works inside one trial, so a clean reading elsewhere means isolation, not a broken probe."""
    assert TOKEN in _out(notes["writer"][channel]), _out(notes["writer"][channel])
    assert TOKEN in _out(notes["own"][channel]) or channel == "sysv-shm", _out(notes["own"][channel])


def test_the_keyring_is_closed_to_the_writer(notes: dict[str, Any]) -> None:
    assert "add_key -1 Operation not permitted" in _out(notes["writer"]["keyring"]), _out(notes["writer"]["keyring"])


@pytest.mark.parametrize("when", ["concurrent", "later"])
@pytest.mark.parametrize("channel", list(CHANNELS))
def test_another_trial_reads_nothing(notes: dict[str, Any], channel: str, when: str) -> None:
    assert TOKEN not in _out(notes[when][channel]), f"{channel} leaks to a {when} trial:\n{_out(notes[when][channel])}"


# ---------------------------------------------------------------- one box, attacked from inside


@pytest.fixture(scope="module")
def box(task_dir: Path, tmp_path_factory: pytest.TempPathFactory,
        loop: asyncio.AbstractEventLoop) -> Iterator[SandboxEnvironment]:
    env = make_env(task_dir, tmp_path_factory.mktemp("box"), "cross-box")
    run(loop, env.start(force_build=False))
    yield env
    run(loop, env.stop(delete=True))


_CTYPES = "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"


@pytest.mark.parametrize(("what", "command"), [
    ("unshare -Ur", "unshare -Ur id"),
    ("unshare -U", "unshare -U id"),
    ("unshare(CLONE_NEWUSER)", _py(_CTYPES + "import sys\nsys.exit(0 if libc.unshare(0x10000000) == 0 else 1)\n")),
    ("clone(CLONE_NEWUSER)", _py(_CTYPES + "import sys\n"
                                 "sys.exit(0 if libc.syscall(56, 0x10000000 | 17, 0, 0, 0, 0) >= 0 else 1)\n")),
    ("setns", _py(_CTYPES + "import sys\nfd = os.open('/proc/1/ns/mnt', os.O_RDONLY)\n"
                  "sys.exit(0 if libc.setns(fd, 0) == 0 else 1)\n")),
    ("mount tmpfs", _py(_CTYPES + "import sys\nsys.exit(0 if libc.mount(b'x', b'/tmp', b'tmpfs', 0, None) == 0 else 1)\n")),
    ("personality(ADDR_NO_RANDOMIZE)", "setarch -R true"),
    ("ptrace", _py(_CTYPES + "import sys\nsys.exit(0 if libc.ptrace(16, 1, 0, 0) == 0 else 1)\n")),
    ("bpf", _py(_CTYPES + "import sys\nsys.exit(0 if libc.syscall(321, 0, 0, 0) >= 0 else 1)\n")),
    ("perf_event_open", _py(_CTYPES + "import sys\nsys.exit(0 if libc.syscall(298, 0, 0, -1, -1, 0) >= 0 else 1)\n")),
    ("userfaultfd", _py(_CTYPES + "import sys\nsys.exit(0 if libc.syscall(323, 0) >= 0 else 1)\n")),
    ("keyctl(join session keyring)", _py(_CTYPES + "import sys\nsys.exit(0 if libc.syscall(250, 1, None) >= 0 else 1)\n")),
])
def test_escape_hatches_are_refused(box: SandboxEnvironment, loop: asyncio.AbstractEventLoop, what: str, command: str) -> None:
    result = sh(loop, box, command)
    assert result.return_code != 0, f"{what} succeeded inside the box:\n{_out(result)}"


def test_ordinary_process_calls_still_work(box: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    """The filter refuses escape hatches, not what agents do: threads, fork/exec, pipes, personality query."""
    code = ("import threading, subprocess, ctypes\n"
            "t = threading.Thread(target=lambda: None); t.start(); t.join()\n"
            "print(subprocess.run(['echo', 'child'], capture_output=True, text=True).stdout.strip())\n"
            "print(ctypes.CDLL(None).personality(0xffffffff) >= 0)\n")
    result = sh(loop, box, "set -e\n" + _py(code) + "\nsetarch --uname-2.6 true && echo done")
    assert (result.return_code, result.stdout) == (0, "child\nTrue\ndone\n"), _out(result)
    assert "Seccomp:\t2" in (sh(loop, box, "grep Seccomp /proc/self/status").stdout or "")


def test_the_box_shows_no_host_paths(box: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    """What a box can read about its mounts and its pid 1 names no host location (the cache, the run
    directory, the repository, the home, the interpreter) — only paths of the box's own file system."""
    result = sh(loop, box, "cat /proc/self/mountinfo /proc/1/mountinfo /proc/self/mounts; "
                           "tr '\\0' ' ' < /proc/1/cmdline; echo; ps -eo args")
    text = _out(result)
    assert result.return_code == 0, text
    assert box._main is not None
    forbidden = {str(box._cache), str(box._main.root.run_dir), str(REPO), "/root/", "/work", sys.prefix,
                 os.path.realpath(sys.prefix), str(box.trial_paths.trial_dir)}
    leaks = sorted(f for f in forbidden if f in text)
    assert not leaks, f"host paths visible in the box: {leaks}\n{text}"
    assert " / / " in text and "/proc/self/fd/" in text  # the root overlay, its layers named by descriptor


# ---------------------------------------------------------------- persistence


def _pid_namespace(pid: int) -> str:
    return os.readlink(f"/proc/{pid}/ns/pid")


def _host_pids_in_namespace(ns: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "ns" / "pid") == ns:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_processes_live_until_the_trial_stops(task_dir: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop) -> None:
    env = make_env(task_dir, tmp_path / "t", "cross-persist")
    run(loop, env.start(force_build=False))
    try:
        assert env._main is not None and env._main.box is not None
        namespace = _pid_namespace(env._main.box.pid)
        started = sh(loop, env, "sleep 4245 >/dev/null 2>&1 & setsid sleep 4246 >/dev/null 2>&1 < /dev/null & "
                                "tmux new-session -d -s persist 'sleep 4247' && echo started")
        assert (started.return_code, started.stdout) == (0, "started\n"), _out(started)
        later = sh(loop, env, "ps -eo args | grep -c '^sleep 424[567]$'; tmux has-session -t persist && echo tmux-alive")
        assert later.stdout == "3\ntmux-alive\n", _out(later)
        assert len(_host_pids_in_namespace(namespace)) >= 5  # pid 1, its holder, three sleeps, tmux
    finally:
        run(loop, env.stop(delete=True))
    assert _host_pids_in_namespace(namespace) == []
    for marker in ("sleep\x004245", "sleep\x004246", "sleep\x004247"):
        assert host_processes_matching(marker) == []


def test_stopping_main_ends_its_processes(task_dir: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop) -> None:
    env = make_env(task_dir, tmp_path / "t", "cross-stop-main")
    run(loop, env.start(force_build=False))
    try:
        sh(loop, env, "setsid sleep 4248 >/dev/null 2>&1 < /dev/null &")
        assert host_processes_started("sleep\x004248")
        run(loop, env.stop_service("main"))
        assert host_processes_matching("sleep\x004248") == []
    finally:
        run(loop, env.stop(delete=True))


# ---------------------------------------------------------------- the same keyring exploit on podman


def _podman_agent_image() -> str | None:
    import shutil
    import subprocess

    from chibench.sandbox.images import chibench_version

    if shutil.which("podman") is None:
        return None
    ref = f"localhost/chibench-agent:{chibench_version()}"
    found = subprocess.run(["podman", "image", "exists", ref], env=_podman_env(), capture_output=True, check=False)
    return ref if found.returncode == 0 else None


def _podman_env() -> dict[str, str]:
    conf = REPO / ".ci" / "containers.conf"
    return os.environ | ({"CONTAINERS_CONF": str(conf)} if conf.is_file() and "CONTAINERS_CONF" not in os.environ else {})


def test_podman_keeps_the_keyring_out_of_reach_too(tmp_path: Path) -> None:
    """A first container leaves a keyring note (concurrently with a second, then before a third): podman's
    default seccomp profile refuses the keyring calls, so nobody can leave or read one."""
    import subprocess

    image = _podman_agent_image()
    if image is None:
        pytest.skip("PODMAN KEYRING NOT TESTED: no podman or no chibench-agent image (bash .ci/podman-setup.sh; "
                    "chibench images build)")

    def start(code: str) -> subprocess.Popen[str]:
        return subprocess.Popen(["podman", "run", "--rm", "-i", image, "python3", "-"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_podman_env())

    writer, concurrent = start(_KEYRING_WRITE), start(_KEYRING_READ)
    written = writer.communicate(_KEYRING_WRITE, timeout=120)[0]
    seen_concurrently = concurrent.communicate(_KEYRING_READ, timeout=120)[0]
    later = start(_KEYRING_READ)
    seen_later = later.communicate(_KEYRING_READ, timeout=120)[0]
    assert "add_key -1" in written, written
    assert TOKEN not in seen_concurrently and TOKEN not in seen_later, (seen_concurrently, seen_later)


def test_log_dirs_pass_through_and_leave_the_trial_dir_clean(box: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    """Harbor's /logs dirs are overlays over the trial's folders: a write shows up on the host at once,
    and overlayfs's scratch space is not left among Harbor's files."""
    trial = Path(box.trial_paths.trial_dir)
    sh(loop, box, "echo through > /logs/agent/pass.txt")
    assert (trial / "agent" / "pass.txt").read_text() == "through\n"
    assert "overlay /logs/agent" in (sh(loop, box, "grep ' /logs/agent ' /proc/self/mounts").stdout or "")
    assert not [p.name for p in trial.rglob(".*sandbox-*")]


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting an overlay needs root")
def test_reaping_a_crashed_trial_never_deletes_harbors_logs(tmp_path: Path) -> None:
    """A run directory left by a dead process holds a pass-through over a Harbor log dir: the reaper
    unmounts it before deleting, so the trial's logs survive (an rmtree through the mount would not)."""
    from chibench.sandbox import rootfs

    harbor_dir = tmp_path / "trial" / "agent"
    harbor_dir.mkdir(parents=True)
    (harbor_dir / "trajectory.json").write_text("{}")
    cache = tmp_path / "cache"
    run_dir = cache / "run" / "999999999-crashed-main-abcdef"  # no such pid
    run_dir.mkdir(parents=True)
    through = rootfs.PassThrough.create(harbor_dir, run_dir, "0")
    if through is None:
        pytest.skip("overlayfs refused the pass-through on this file system")
    assert (through.mount_point / "trajectory.json").exists()
    assert rootfs.collect_stale(cache) == 1
    assert not run_dir.exists()
    assert (harbor_dir / "trajectory.json").read_text() == "{}"
