"""A real task world over MCP for client tests: ``chibench world serve-task`` of a package, on a free port."""

from __future__ import annotations

import contextlib
import json
import shlex
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import jmespath

from chibench.package.harness import task_world
from chibench.package.scenario import Scenario, load_scenario
from chibench.testing.scripted_model import free_port

REPO = Path(__file__).resolve().parents[2]


@dataclass
class ServedTask:
    scenario: Scenario
    url: str  # the role's MCP endpoint
    export_dir: Path
    run_dir: Path

    def grade(self, out: Path) -> int:
        """Final export through the running world (the collect hook's path), graded deterministically."""
        from chibench.package.harness import world_version
        from chibench.verifiers import grade

        done = subprocess.run([sys.executable, "-m", "chibench.cli", "world", "export-task", "--run-dir",
                               str(self.run_dir), "--export-dir", str(self.export_dir)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        import json

        final = json.loads((self.export_dir / "final.json").read_text(encoding="utf-8"))
        card = grade(final, self.scenario.expectations_document(world_version=world_version()),
                     initial=self.export_dir / "initial.json", out_dir=out, judge=None)
        return int(card["reward"])


@contextlib.contextmanager
def serve_task(task: str, base: Path, tmp: Path) -> Iterator[ServedTask]:
    sc = load_scenario(REPO / "packages" / task / "scenario.yaml")
    tmp.mkdir(parents=True, exist_ok=True)
    spec = tmp / "task.json"
    spec.write_text(task_world(sc).model_dump_json(), encoding="utf-8")
    run_dir, export_dir, port = tmp / "run", tmp / "export", free_port()
    log = (tmp / "world.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "chibench.cli", "world", "serve-task", str(spec),
                               "--base", str(base), "--host", "127.0.0.1", "--port", str(port),
                               "--run-dir", str(run_dir), "--export-dir", str(export_dir)],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                assert server.poll() is None, (tmp / "world.log").read_text()
                assert time.monotonic() < deadline, "the task world did not come up"
                time.sleep(0.05)
        yield ServedTask(sc, f"http://127.0.0.1:{port}/{sc.role}/mcp", export_dir, run_dir)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


class ToolCaller(Protocol):
    """Anything that calls a task's tool by name: → (is_error, result text)."""

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]: ...


def fake_shell(task: ToolCaller, command: str) -> str:
    """What a terminal shows for the scripted model's shell step (chibench-tools emulated in-process)."""
    tool_part, _, marker = command.partition("; echo ")
    words = shlex.split(tool_part)
    assert words[:2] == ["chibench-tools", "call"], command
    tool, args = words[2], json.loads(words[3])
    query = words[words.index("--query") + 1] if "--query" in words else None
    is_error, text = task.call(tool, args)
    shown = text if query is None or is_error else json.dumps(jmespath.search(query, json.loads(text)))
    status = 1 if is_error else 0
    end = shlex.split(marker)[0].replace("$?", str(status))
    return f"root@box:/workspace# {command}\n{shown}\n{end}\nroot@box:/workspace# "
