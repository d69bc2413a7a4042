"""The real codex CLI (pinned 0.169.0) takes a χ-Bench task offline: the scripted model server replays
brca_testing.referral's oracle through codex's own MCP client against ``chibench world serve-task``, and
the world it leaves is graded 1 with the package's expectations (a near miss: 0).

Host-level (outside Harbor). ``.ci/run`` installs the CLI (``npm install -g @openai/codex@0.169.0``);
without it this module is skipped and says how to install it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from chibench.testing import scripted_model as sm
from tests.testing.support import REPO, serve_task

CODEX_VERSION = "0.169.0"
TASK = "brca_testing.referral"


def _codex() -> str | None:
    exe = shutil.which("codex")
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    return exe if CODEX_VERSION in out else None


CODEX = _codex()
pytestmark = pytest.mark.skipif(CODEX is None, reason=f"codex {CODEX_VERSION} is not installed "
                                                      f"(npm install -g @openai/codex@{CODEX_VERSION})")


def codex_home(tmp: Path, model_base: str, mcp_url: str) -> Path:
    home = tmp / "codex-home"
    home.mkdir()
    # A model name codex has no metadata for: with a known one (gpt-5.5) codex 0.169 hides MCP tools behind
    # its `tool_search` tool, and the scripted model calls tools directly. Unknown models get tool results
    # cut to ~12,000 characters by default, hence tool_output_token_limit. The server entry is what Harbor's codex
    # agent writes (a url, not `required = true`): codex then waits only ~1 s for tools/list before it starts the
    # turn without the server's tools, so this run also proves the world lists its tools that fast (it once
    # took 0.6-1.1 s, and a loaded CI run saw no chibench tools; world/tools/server.py). startup_timeout_sec
    # bounds initialize only.
    (home / "config.toml").write_text(f"""model = "chibench-scripted"
tool_output_token_limit = 100000
model_provider = "scripted"

[model_providers.scripted]
name = "scripted"
base_url = "{model_base}/v1"
env_key = "SCRIPTED_MODEL_KEY"
wire_api = "responses"

[mcp_servers.chibench-provider]
url = "{mcp_url}"
startup_timeout_sec = 120
""", encoding="utf-8")
    return home


@pytest.mark.parametrize("replay", ["oracle", "near_miss"])
def test_codex_replays_the_task(replay: str, base_world_file: Path, tmp_path: Path) -> None:
    pkg = REPO / "packages" / TASK
    script = sm.load_script(pkg, "oracle")
    if replay == "near_miss":
        from chibench.package.scenario import load_scenario

        script = sm.load_script(pkg, f"near_miss:{load_scenario(pkg / 'scenario.yaml').near_misses[0].name}")
    model = sm.ScriptedModel(script)
    with serve_task(TASK, base_world_file, tmp_path / "world") as served, sm.running(model) as base:
        home = codex_home(tmp_path, base, served.url)
        work = tmp_path / "work"
        work.mkdir()
        instruction = (pkg / "instruction.md").read_text(encoding="utf-8")
        done = subprocess.run([str(CODEX), "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
                               instruction], cwd=work, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=900, env=os.environ | {"CODEX_HOME": str(home), "SCRIPTED_MODEL_KEY": "sk-local"})
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        reward = served.grade(tmp_path / "verifier")
    last = model.requests[-1]["body"]
    namespaces = [t["name"] for t in last["tools"] if t.get("type") == "namespace"]
    assert "mcp__chibench_provider" in namespaces, f"codex did not expose the task's MCP server: {done.stderr[-4000:]}"
    calls = [i for i in last["input"] if i.get("type") == "function_call"]
    outputs = [i for i in last["input"] if i.get("type") == "function_call_output"]
    assert all(c["namespace"] == "mcp__chibench_provider" for c in calls)
    assert len(outputs) == len(calls) > 0, "every call went through codex's MCP client and came back"
    if replay == "oracle":
        assert len(calls) == len(script.steps)
        assert reward == 1
    else:
        assert reward == 0
