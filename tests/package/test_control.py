"""The world sidecar's control socket (world/control.py): the collect hook's export through the running
world process, its fallback to the database, and the channel's refusals."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from chibench.package.harness import task_world
from chibench.package.scenario import load_scenario
from chibench.world import control
from chibench.world.tools.server import free_port

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "packages" / "brca_testing.intake"


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chibench.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def _digest(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["digest"])


# ------------------------------------------------------------------------------------ the channel
def test_channel_answers_refuses_and_reports_failures(tmp_path: Path) -> None:
    calls: list[str] = []

    def export() -> str:
        calls.append("export")
        if len(calls) == 2:
            raise RuntimeError("disk full\nsecond line")
        return "/somewhere/final.json"

    path = tmp_path / "control.sock"
    with control.serving(path, {"export": export}):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert control.request(path, "export") == "/somewhere/final.json"
        with pytest.raises(control.ControlError, match="RuntimeError: disk full second line"):
            control.request(path, "export")
        for bad in ("drop_tables", "", "export " * 20):
            with pytest.raises(control.ControlError, match=r"unknown command .*\(allowed: export\)"):
                control.request(path, bad)
        assert control.request(path, "export") == "/somewhere/final.json"  # still serving after failures
    assert calls == ["export"] * 3
    assert not path.exists()
    with pytest.raises(control.ControlUnavailable, match="no control socket"):
        control.request(path, "export")


def test_a_stale_socket_is_unavailable_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "control.sock"
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()  # the file stays; nobody listens
    with pytest.raises(control.ControlUnavailable, match="no world process listens"):
        control.request(path, "export")
    with control.serving(path, {"export": lambda: "fresh"}):
        assert control.request(path, "export") == "fresh"


def test_only_known_commands_can_be_served(tmp_path: Path) -> None:
    with (pytest.raises(ValueError, match=r"unknown control commands \['reset'\] \(allowed: export\)"),
          control.serving(tmp_path / "c.sock", {"reset": lambda: ""})):
        pass
    assert not (tmp_path / "c.sock").exists()


# ------------------------------------------------------------------------- serve-task / export-task
def test_export_task_asks_the_running_world_then_falls_back(base_world_file: Path, tmp_path: Path) -> None:
    spec = tmp_path / "task.json"
    spec.write_text(task_world(load_scenario(TASK / "scenario.yaml")).model_dump_json(), encoding="utf-8")
    run_dir, export_dir, port = tmp_path / "run", tmp_path / "export", free_port()
    dirs = ["--run-dir", str(run_dir), "--export-dir", str(export_dir)]
    server = subprocess.Popen([sys.executable, "-m", "chibench.cli", "world", "serve-task", str(spec),
                               "--base", str(base_world_file), "--host", "127.0.0.1", "--port", str(port), *dirs],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                    assert r.read() == b"ok"
                break
            except OSError:
                assert server.poll() is None, server.stderr.read() if server.stderr else "server died"
                assert time.monotonic() < deadline, "the task world did not come up"
                time.sleep(0.05)
        sock = control.socket_path(run_dir)
        assert stat.S_IMODE(sock.stat().st_mode) == 0o600
        oracle = subprocess.run([sys.executable, "oracle.py", "trajectory.json"], capture_output=True,
                                text=True, timeout=120, cwd=TASK / "solution",
                                env=os.environ | {"CHIBENCH_MCP_URL": f"http://127.0.0.1:{port}/payer/mcp"})
        assert oracle.returncode == 0, oracle.stdout + oracle.stderr

        # the hook never opens the database while the world runs: it would fail if it tried
        hidden = run_dir / "world.sqlite"
        hidden.rename(run_dir / "moved.sqlite")
        try:
            done = _cli("world", "export-task", *dirs)
        finally:
            (run_dir / "moved.sqlite").rename(hidden)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"chibench: wrote {export_dir / 'final.json'}"
        live_digest = _digest(export_dir / "final.json")
        assert live_digest != _digest(export_dir / "initial.json")  # the oracle's work is in it
    finally:
        server.terminate()
        server.wait(timeout=30)
    with pytest.raises(control.ControlUnavailable):  # gone, or left by the signal's exit with nobody listening
        control.request(control.socket_path(run_dir), "export")

    (export_dir / "final.json").unlink()
    fallback = _cli("world", "export-task", *dirs)
    assert fallback.returncode == 0, fallback.stderr
    assert _digest(export_dir / "final.json") == live_digest  # same world, read from the database

    missing = _cli("world", "export-task", "--run-dir", str(tmp_path / "nothing"), "--export-dir", str(export_dir))
    assert missing.returncode == 2 and "no live world" in missing.stderr


def test_export_task_reports_a_failing_world(tmp_path: Path) -> None:
    def broken() -> str:
        raise OSError("read-only file system")

    run_dir = tmp_path / "run"
    run_dir.mkdir()
    with control.serving(control.socket_path(run_dir), {"export": broken}):
        done = _cli("world", "export-task", "--run-dir", str(run_dir))
    assert done.returncode == 2
    assert "the running world could not write the final export: OSError: read-only file system" in done.stderr
