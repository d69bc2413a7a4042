"""Integration: start real sandboxes (agent + world sidecar, then a grader) and attack them from inside.

Each test is an exploit or an invariant: the agent must not read the repository, the world's state or
task spec, the grader's tests or the world's secret environment; it reaches only ``world:8000``; it
runs unprivileged; a timed-out exec is killed; a planted reward does not reach the grader. What one
trial leaves for another (keyring, /dev/shm, sockets, /tmp) and processes that live until the trial
ends: ``test_cross_trial.py``.
Skipped (loudly) only when ``bwrap`` is missing.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chibench.world.tools.server import free_port

from .support import (
    BWRAP_MISSING,
    REPO,
    SKIP_REASON,
    WORLD_SECRET,
    host_address,
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

AGENT_UID = 1_900_000


@pytest.fixture(scope="module")
def task_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_task(tmp_path_factory.mktemp("sandbox-task"))


@pytest.fixture(scope="module")
def agent_env(task_dir: Path, tmp_path_factory: pytest.TempPathFactory,
              loop: asyncio.AbstractEventLoop) -> Iterator[SandboxEnvironment]:
    env = make_env(task_dir, tmp_path_factory.mktemp("trial-a"), "isolation-a")
    run(loop, env.start(force_build=False))
    yield env
    run(loop, env.stop(delete=True))


def test_agent_reaches_world_by_name_with_the_mcp_client(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    health = sh(loop, agent_env, "python3 -c \"import urllib.request as u; print(u.urlopen('http://world:8000/healthz').read().decode())\"")
    assert health.return_code == 0, health.stderr
    assert "ok" in (health.stdout or "")
    script = (
        "import asyncio\n"
        "from mcp import ClientSession\n"
        "from mcp.client.streamable_http import streamablehttp_client\n"
        "async def main():\n"
        "    async with streamablehttp_client('http://world:8000/payer/mcp') as (r, w, _):\n"
        "        async with ClientSession(r, w) as s:\n"
        "            await s.initialize()\n"
        "            print(len((await s.list_tools()).tools))\n"
        "asyncio.run(main())\n")
    listed = sh(loop, agent_env, f"python3 - <<'PY'\n{script}PY")
    assert listed.return_code == 0, listed.stderr
    assert int((listed.stdout or "0").strip().splitlines()[-1]) > 10


@pytest.mark.parametrize("path", [
    str(REPO / "world" / "seeds"), str(REPO), "/work", "/root/.cache", "/root/.pyenv", sys.prefix,
    "/opt/chibench/run", "/opt/chibench/run/world.sqlite", "/opt/chibench/run/control.sock",
    "/opt/chibench/world/base.sqlite", "/opt/chibench/task/task.json",
    "/opt/chibench/export", "/tests", "/tests/test.sh",
])
def test_agent_cannot_see(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop, path: str) -> None:
    result = sh(loop, agent_env, f"ls -la {path} 2>&1; test -e {path}")
    assert result.return_code != 0, f"{path} is visible inside the agent sandbox:\n{result.stdout}"


def test_agent_cannot_read_seeds_even_by_glob(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    result = sh(loop, agent_env, f"cat {REPO}/world/seeds/*.yaml | head -c 100")
    assert not (result.stdout or "").strip()


def _host_pids_with(needle: bytes) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if needle in (entry / "environ").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def test_world_secret_environment_is_invisible(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    world_pids = _host_pids_with(WORLD_SECRET.encode())
    assert world_pids, "the world should carry the secret in its process environment"
    for pid in world_pids:
        assert WORLD_SECRET.encode() not in (Path(f"/proc/{pid}/cmdline").read_bytes()), "secret in argv"
        result = sh(loop, agent_env, f"cat /proc/{pid}/environ")
        assert WORLD_SECRET not in (result.stdout or "")
    scan = sh(loop, agent_env, f"grep -l {WORLD_SECRET} /proc/*/environ 2>/dev/null; env | grep -c {WORLD_SECRET}")
    assert WORLD_SECRET not in (scan.stdout or "").replace(f"grep -l {WORLD_SECRET}", "")
    assert (scan.stdout or "").strip().endswith("0")
    # the box's own pid namespace: its pid 1, the holder, and this exec's few processes — not the host's hundreds
    pids = sh(loop, agent_env, "ls /proc | grep -E '^[0-9]+$' | sort -n | tr '\\n' ' '")
    assert 0 < len((pids.stdout or "").split()) < 20, f"host pids visible: {pids.stdout}"


def test_agent_runs_unprivileged(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    ident = sh(loop, agent_env, "id -u; grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status; grep NoNewPrivs /proc/self/status")
    lines = (ident.stdout or "").split("\n")
    assert lines[0] == str(AGENT_UID)
    assert all(line.endswith("0000000000000000") for line in lines[1:4]), ident.stdout
    assert lines[4].split()[-1] == "1"
    # access(W_OK) only — never attempt the write: uid 0 could really change the host's core_pattern
    assert sh(loop, agent_env, "test -w /proc/sys/kernel/core_pattern").return_code != 0
    assert sh(loop, agent_env, "cat /etc/shadow").return_code != 0
    assert sh(loop, agent_env, "touch /usr/bin/planted").return_code != 0
    assert sh(loop, agent_env, "touch /workspace/ok /root/ok /tmp/ok /opt/ok && echo yes").stdout == "yes\n"


def test_agent_box_has_the_task_limits(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    group = agent_env._cgroup
    if group is None:
        pytest.skip("SANDBOX LIMITS NOT TESTED: no writable cgroup hierarchy on this host (see the warning log)")
    limits = {f: (d / f).read_text().strip() for d in group.dirs
              for f in ("memory.limit_in_bytes", "memory.max", "cpu.cfs_quota_us", "cpu.max", "pids.max")
              if (d / f).exists()}
    assert limits.get("memory.limit_in_bytes", limits.get("memory.max")) == str(512 << 20)  # memory_mb = 512
    assert limits.get("cpu.cfs_quota_us", limits.get("cpu.max", "").split(" ")[0]) == "100000"  # cpus = 1
    assert limits["pids.max"] == "4096"
    hog = sh(loop, agent_env, "python3 -c \"b = b'x' * (900 << 20); print('allocated')\"")
    assert hog.return_code == 137 and "allocated" not in (hog.stdout or "")
    assert sh(loop, agent_env, "echo still-here").stdout == "still-here\n"  # the box survives its OOM kill


def test_agent_reaches_only_its_world(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    world = agent_env._sidecars["world"].address
    port = free_port()
    host_ip = host_address()
    listeners = []
    for address in ("127.0.0.1", host_ip, world):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(8)
        listeners.append(sock)
    try:
        probe = (
            "import socket, sys\n"
            "for host, port in [(a, int(p)) for a, p in (x.split(':') for x in sys.argv[1:])]:\n"
            "    try:\n"
            "        socket.create_connection((host, port), timeout=2).close(); print(host, port, 'open')\n"
            "    except OSError as e:\n"
            "        print(host, port, 'closed', e.errno)\n")
        targets = [f"127.0.0.1:{port}", f"{host_ip}:{port}", f"{world}:{port}", f"{world}:8000", "1.1.1.1:53",
                   "10.0.2.2:22"]
        result = sh(loop, agent_env, f"python3 - {' '.join(targets)} <<'PY'\n{probe}PY")
        verdict = {" ".join(line.split()[:2]): line.split()[2] for line in (result.stdout or "").splitlines()}
        assert verdict == {
            f"127.0.0.1 {port}": "closed", f"{host_ip} {port}": "closed", f"{world} {port}": "closed",
            f"{world} 8000": "open", "1.1.1.1 53": "closed", "10.0.2.2 22": "closed",
        }, result.stdout
    finally:
        for sock in listeners:
            sock.close()


def test_a_background_job_holding_the_output_does_not_hang_its_exec(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    started = sh(loop, agent_env, "sleep 4242 & echo started", timeout=60)
    assert (started.return_code, started.stdout) == (0, "started\n")
    assert host_processes_started("sleep\x004242")  # it lives on in the box


def test_timeout_kills_the_sandbox(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    t0 = time.monotonic()
    result = sh(loop, agent_env, "sleep 4244; echo never", timeout=1)
    assert result.return_code == 124
    assert time.monotonic() - t0 < 5
    assert "timed out" in (result.stderr or "")
    assert host_processes_matching("sleep\x004244") == []


def test_files_persist_between_execs(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop) -> None:
    sh(loop, agent_env, "echo a > /workspace/p && echo b > /tmp/p && echo c > ~/p")
    assert sh(loop, agent_env, "cat /workspace/p /tmp/p ~/p").stdout == "a\nb\nc\n"
    assert sh(loop, agent_env, "pwd").stdout == "/workspace\n"


def test_upload_download_and_planted_links(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop, tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "run.sh").write_text("#!/bin/sh\necho ran\n")
    (src / "run.sh").chmod(0o755)
    (src / "sub" / "data.txt").write_text("data")
    run(loop, agent_env.upload_dir(src, "/solution"))
    assert sh(loop, agent_env, "/solution/run.sh && cat /solution/sub/data.txt").stdout == "ran\ndata"
    sh(loop, agent_env, "mkdir -p /workspace/out && echo x > /workspace/out/real && ln -sf /etc /workspace/out/etc "
                        "&& ln -sf /etc/shadow /workspace/out/shadow")
    target = tmp_path / "down"
    run(loop, agent_env.download_dir("/workspace/out", target))
    assert (target / "real").read_text() == "x\n"
    assert not (target / "etc").exists() and not (target / "shadow").exists()  # absolute links are skipped
    planted = Path("/etc/chibench-sandbox-planted")
    with pytest.raises(RuntimeError):
        run(loop, agent_env.upload_file(src / "run.sh", "/workspace/out/etc/chibench-sandbox-planted"))
    assert not planted.exists()
    run(loop, agent_env.download_file("/workspace/out/real", tmp_path / "one.txt"))
    assert (tmp_path / "one.txt").read_text() == "x\n"


def test_world_service_exec_and_download(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop, tmp_path: Path) -> None:
    listing = run(loop, agent_env.service_exec("ls /opt/chibench/task; id -u", service="world"))
    assert listing.stdout == f"task.json\n{AGENT_UID + 1}\n"
    exported = run(loop, agent_env.service_exec(
        "mkdir -p /opt/chibench/export && chibench world export /opt/chibench/world/base.sqlite "
        "--out /opt/chibench/export/final.json", service="world", timeout_sec=120))
    assert exported.return_code == 0, exported.stderr
    run(loop, agent_env.service_download_dir("/opt/chibench/export", tmp_path / "export", service="world"))
    assert (tmp_path / "export" / "final.json").stat().st_size > 1000
    # the agent still cannot see it
    assert sh(loop, agent_env, "test -e /opt/chibench/export/final.json").return_code != 0


def test_planted_reward_does_not_reach_the_separate_grader(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop, task_dir: Path) -> None:
    sh(loop, agent_env, "echo '{\"reward\": 1}' > /logs/verifier/reward.json; mkdir -p /logs/verifier/d; "
                        "echo 1 > /logs/verifier/d/reward.txt; chmod 000 /logs/verifier/d")
    trial_dir = Path(agent_env.trial_paths.trial_dir)
    assert (trial_dir / "verifier" / "reward.json").exists()
    run(loop, agent_env.stop_service("main"))
    grader = make_env(task_dir, trial_dir, "isolation-a__verifier", grader=True)
    run(loop, grader.start(force_build=False))
    try:
        run(loop, grader.empty_dirs(["/logs/verifier"], chmod=True))  # what Harbor does first
        assert list((trial_dir / "verifier").iterdir()) == []
        seen = run(loop, grader.exec("ls /tests; id -u; test -e /logs/agent || echo no-agent-logs; "
                                     "test -e /opt/chibench/world/base.sqlite || echo no-world"))
        assert seen.stdout == f"test.sh\n{AGENT_UID + 2}\nno-agent-logs\nno-world\n"
        graded = run(loop, grader.exec("/tests/test.sh"))
        assert graded.return_code == 0
        assert (trial_dir / "verifier" / "reward.json").read_text().strip() == '{"reward": 0}'
    finally:
        run(loop, grader.stop(delete=True))
    with pytest.raises(RuntimeError, match="stopped"):
        sh(loop, agent_env, "true")


def test_concurrent_trials_get_separate_worlds(task_dir: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop) -> None:
    first = make_env(task_dir, tmp_path / "t1", "concurrent-1")
    second = make_env(task_dir, tmp_path / "t2", "concurrent-2")
    async def both(*coros: Any) -> list[Any]:
        return list(await asyncio.gather(*coros))

    run(loop, both(first.start(force_build=False), second.start(force_build=False)))
    groups = [g for g in (first._cgroup, second._cgroup) if g is not None]
    try:
        a, b = first._sidecars["world"].address, second._sidecars["world"].address
        assert a != b
        if len(groups) == 2:
            assert not set(groups[0].dirs) & set(groups[1].dirs)
        probe = "python3 -c \"import socket,sys; socket.create_connection((sys.argv[1], 8000), timeout=2)\""
        assert sh(loop, first, f"{probe} {a}").return_code == 0
        assert sh(loop, first, f"{probe} {b}").return_code != 0
        assert sh(loop, second, f"{probe} {a}").return_code != 0
        # stop_service("main") kills a running exec and refuses new ones
        slow = loop.create_task(second.exec("sleep 30"))
        loop.run_until_complete(asyncio.sleep(0.5))
        t0 = time.monotonic()
        run(loop, second.stop_service("main"))
        assert loop.run_until_complete(slow).return_code != 0 and time.monotonic() - t0 < 5
    finally:
        run(loop, both(first.stop(delete=True), second.stop(delete=True)))
    leftovers = [p for p in (Path(first._cache) / "run").iterdir() if p.name.startswith(f"{os.getpid()}-concurrent")]
    assert leftovers == []
    assert not [d for g in groups for d in g.dirs if d.exists()]  # the limits' cgroups are removed too


@pytest.mark.skipif(not os.path.exists("/dev/net/tun") or shutil.which("slirp4netns") is None,
                    reason="egress needs /dev/net/tun and slirp4netns (./run.sh installs it: apt-get install slirp4netns)")
def test_public_egress_has_no_host_loopback(task_dir: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop) -> None:
    env = make_env(task_dir, tmp_path / "t", "egress", egress="on")
    run(loop, env.start(force_build=False))
    try:
        port = free_port()
        with socket.socket() as server:
            server.bind(("127.0.0.1", port))
            server.listen(1)
            result = sh(loop, env, f"ip -brief addr 2>/dev/null | grep -c tap0; cat /etc/resolv.conf; "
                                   f"python3 -c \"import socket; socket.create_connection(('10.0.2.2', {port}), timeout=2)\"")
        lines = (result.stdout or "").splitlines()
        assert "nameserver 10.0.2.3" in lines
        assert result.return_code != 0  # host loopback is not reachable through slirp4netns
        assert sh(loop, env, "python3 -c \"import urllib.request as u; u.urlopen('http://world:8000/healthz')\"").return_code == 0
    finally:
        run(loop, env.stop(delete=True))
