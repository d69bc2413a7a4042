"""A throwaway χ-Bench-shaped task for the sandbox tests (the packages/README.md contract, minimal).

The world sidecar runs ``chibench world serve`` on the base world (no task overlay needed), carries a
secret in its compose environment, and the collect hook exports the world. ``solve.sh`` lists the payer
tools with the official MCP client into ``/logs/artifacts/tools.json``; ``test.sh`` writes reward 1 only
when that file lists tools *and* the world's export reached the grader at its source path.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import textwrap
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from chibench.sandbox.images import chibench_version

if TYPE_CHECKING:
    from harbor.environments.base import ExecResult

    from chibench.sandbox.environment import SandboxEnvironment

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]
WORLD_SECRET = "sk-world-only-7f3a9c"
BWRAP_MISSING = shutil.which("bwrap") is None
SKIP_REASON = ("SANDBOX INTEGRATION TESTS NOT RUN: `bwrap` (bubblewrap) is not installed — "
               "apt-get install bubblewrap slirp4netns to run them")

TASK_TOML = """\
schema_version = "1.4"
artifacts = [
    {{ source = "/opt/chibench/export", service = "world" }},
]

[task]
name = "chibench/sandbox-throwaway"
version = "{version}"
description = "throwaway task for the sandbox environment tests"

[agent]
timeout_sec = 300.0

[environment]
build_timeout_sec = 900.0
cpus = 1
memory_mb = 512
workdir = "/workspace"
skills_dir = "/opt/chibench/skills"
mcp_servers = [
    {{ name = "chibench-payer", transport = "streamable-http", url = "http://world:8000/payer/mcp" }},
]

[environment.healthcheck]
command = "python3 -c \\"import urllib.request as u; u.urlopen('http://world:8000/healthz', timeout=2)\\""
interval_sec = 1.0
timeout_sec = 5.0
start_period_sec = 2.0
retries = 30

[verifier]
timeout_sec = 120.0
environment_mode = "separate"
collect = [
    {{ command = "mkdir -p /opt/chibench/export && chibench world export /opt/chibench/world/base.sqlite --out /opt/chibench/export/final.json", service = "world", timeout_sec = 120.0 }},
]
"""

COMPOSE = f"""\
services:
  world:
    build:
      context: ./world
    command: ["chibench", "world", "serve", "/opt/chibench/world/base.sqlite",
              "--host", "0.0.0.0", "--port", "8000", "--roles", "payer", "--identities", "payer=WKR-UMN-01"]
    environment:
      CHIBENCH_COUNTERPART_BACKEND: scripted
      CHIBENCH_COUNTERPART_API_KEY: ${{SANDBOX_TEST_SECRET:-{WORLD_SECRET}}}
"""

SOLVE = """\
#!/usr/bin/env bash
set -euo pipefail
python3 - <<'PY'
import asyncio, json
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client

async def main():
    async with streamablehttp_client("http://world:8000/payer/mcp") as (r, w, _):
        async with ClientSession(r, w) as s:
            await s.initialize()
            tools = (await s.list_tools()).tools
            json.dump([t.name for t in tools], open("/logs/artifacts/tools.json", "w"))
            print(len(tools), "tools")
asyncio.run(main())
PY
"""

TEST_SH = """\
#!/usr/bin/env bash
set -u
mkdir -p /logs/verifier
n=$(python3 -c "import json; print(len(json.load(open('/logs/artifacts/tools.json'))))" 2>/dev/null || echo 0)
if [ "${n:-0}" -gt 0 ] && [ -f /opt/chibench/export/final.json ]; then
  echo '{"reward": 1}' > /logs/verifier/reward.json
else
  echo '{"reward": 0}' > /logs/verifier/reward.json
fi
echo "tools=$n export=$(ls /opt/chibench/export 2>&1)"
exit 0
"""


def make_task(root: Path) -> Path:
    """Write the throwaway task under ``root`` and return its folder."""
    task = root / "sandbox-throwaway"
    version = chibench_version()
    files = {
        "task.toml": TASK_TOML.format(version=version),
        "instruction.md": "List the payer tools of the world MCP server into /logs/artifacts/tools.json.\n",
        "environment/Dockerfile": f"FROM chibench-agent:{version}\n",
        "environment/docker-compose.yaml": COMPOSE,
        "environment/world/Dockerfile": (f"FROM chibench-world:{version}\n"
                                         "COPY task.json /opt/chibench/task/task.json\nEXPOSE 8000\n"),
        "environment/world/task.json": '{"task": "sandbox-throwaway", "hidden": "HIDDEN-CONTRACT-42"}\n',
        "tests/Dockerfile": f"FROM chibench-grader:{version}\nCOPY test.sh /tests/\n",
        "tests/test.sh": TEST_SH,
        "solution/solve.sh": SOLVE,
    }
    for rel, text in files.items():
        path = task / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        if rel.endswith(".sh"):
            path.chmod(0o755)
    return task


def run(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    return loop.run_until_complete(coro)

def trial_mounts(trial_dir: Path, *, verifier_only: bool = False) -> list[dict[str, str]]:
    """The trial's log folders (created world-writable) bound at Harbor's /logs paths; the grader gets only verifier."""
    names = ["verifier"] if verifier_only else ["verifier", "agent", "artifacts/logs/artifacts"]
    targets = {"verifier": "/logs/verifier", "agent": "/logs/agent", "artifacts/logs/artifacts": "/logs/artifacts"}
    out = []
    for name in names:
        source = trial_dir / name
        source.mkdir(parents=True, exist_ok=True)
        source.chmod(0o777)
        out.append({"type": "bind", "source": str(source), "target": targets[name]})
    return out


def make_env(task_dir: Path, trial_dir: Path, session: str, *, grader: bool = False,
             egress: str = "off", **options: Any) -> SandboxEnvironment:
    from harbor.models.task.task import Task
    from harbor.models.trial.paths import TrialPaths

    from chibench.sandbox import SandboxEnvironment

    task = Task(task_dir)
    paths = TrialPaths(trial_dir)
    paths.mkdir()
    return SandboxEnvironment(
        environment_dir=task_dir / ("tests" if grader else "environment"),
        environment_name="sandbox-throwaway",
        session_id=session,
        trial_paths=paths,
        task_env_config=task.config.environment.model_copy(deep=True),
        mounts=trial_mounts(trial_dir, verifier_only=grader),
        egress=egress,
        **options,
    )


def sh(loop: asyncio.AbstractEventLoop, env: SandboxEnvironment, command: str, timeout: int | None = 60) -> ExecResult:
    return run(loop, env.exec(command, timeout_sec=timeout))


def host_address() -> str:
    """This host's address on its default route (no packet is sent), or 127.0.0.1 without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def host_processes_matching(marker: str) -> list[int]:
    """Host pids whose command line contains ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def host_processes_started(marker: str, within: float = 30.0) -> list[int]:
    """``host_processes_matching(marker)`` once it finds any, waiting up to ``within`` seconds: a command started
    in the background (``cmd &``) may return before its process has exec'd the command line that carries the
    marker. An empty list after the wait means it never started."""
    deadline = time.monotonic() + within
    while True:
        found = host_processes_matching(marker)
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)
