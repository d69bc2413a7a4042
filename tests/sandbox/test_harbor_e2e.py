"""Integration through Harbor itself: ``harbor run`` with ``--env chibench.sandbox:SandboxEnvironment``.

One job, three trials at once on the throwaway task: ``oracle`` must score 1, ``nop`` 0, and a
``planting`` agent — which writes ``{"reward": 1}`` into ``/logs/verifier`` and leaves a background
process rewriting it — must score 0 (separate-mode grading in a fresh sandbox; Harbor stops the agent's box, and with it
the background process, before it collects the world's evidence).
Opt in to sweeping the real packages with ``CHIBENCH_SANDBOX_PACKAGES=1`` (oracle 1 / nop 0 each).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .support import BWRAP_MISSING, SKIP_REASON, make_task

pytestmark = pytest.mark.skipif(BWRAP_MISSING, reason=SKIP_REASON)
REPO = Path(__file__).resolve().parents[2]
HARBOR = Path(sys.executable).with_name("harbor")

PLANT = ("echo '{\"reward\": 1}' > /logs/verifier/reward.json; "
         "nohup sh -c 'while true; do echo 1 > /logs/verifier/reward.txt; "
         "echo {\\\"reward\\\": 1} > /logs/verifier/reward.json; sleep 0.1; done' >/dev/null 2>&1 & echo planted")
PLANTING_AGENT = textwrap.dedent(f"""
    from harbor.agents.base import BaseAgent
    from harbor.agents.capabilities import AgentCapabilities

    class PlantingAgent(BaseAgent):
        capabilities = AgentCapabilities(mcp_servers=True, skills=True)

        @staticmethod
        def name():
            return "planting"

        def version(self):
            return "1"

        async def setup(self, environment):
            pass

        async def run(self, instruction, environment, context):
            await environment.exec({PLANT!r})
""")


def _harbor_job(tmp_path: Path, tasks: list[dict[str, str]], agents: list[dict[str, str]], n: int) -> dict[str, list[float]]:
    """Run one Harbor job; returns ``{agent: [reward per trial]}`` (a trial with an exception → -1)."""
    jobs = tmp_path / "jobs"
    config = {
        "jobs_dir": str(jobs), "n_attempts": 1, "n_concurrent_trials": n,
        "environment": {"import_path": "chibench.sandbox:SandboxEnvironment", "delete": True},
        "agents": agents, "tasks": tasks,
    }
    (tmp_path / "job.json").write_text(json.dumps(config))
    (tmp_path / "planting_agent.py").write_text(PLANTING_AGENT)
    env = os.environ | {"PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.run([str(HARBOR), "run", "-y", "-c", str(tmp_path / "job.json")], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    rewards: dict[str, list[float]] = {}
    for result in sorted(jobs.glob("*/*/result.json")):
        data = json.loads(result.read_text())
        name = data["agent_info"]["name"]
        reward = ((data.get("verifier_result") or {}).get("rewards") or {}).get("reward")
        if data.get("exception_info"):
            reward = -1
            print(result.parent.name, data["exception_info"]["exception_message"][:2000])
        rewards.setdefault(name, []).append(float(reward if reward is not None else -1))
    return rewards


def test_oracle_nop_and_planting_agent_through_harbor(tmp_path: Path) -> None:
    task = make_task(tmp_path / "tasks")
    rewards = _harbor_job(tmp_path, [{"path": str(task)}],
                          [{"name": "oracle"}, {"name": "nop"}, {"import_path": "planting_agent:PlantingAgent"}], 3)
    assert rewards == {"oracle": [1.0], "nop": [0.0], "planting": [0.0]}


@pytest.mark.skipif(os.environ.get("CHIBENCH_SANDBOX_PACKAGES") != "1",
                    reason="sweeping every package is opt-in: CHIBENCH_SANDBOX_PACKAGES=1")
def test_every_package_oracle_1_nop_0(tmp_path: Path) -> None:
    packages = sorted(p.parent for p in REPO.glob("packages/*/task.toml"))
    assert packages
    rewards = _harbor_job(tmp_path, [{"path": str(p)} for p in packages], [{"name": "oracle"}, {"name": "nop"}], 4)
    assert rewards["oracle"] == [1.0] * len(packages)
    assert rewards["nop"] == [0.0] * len(packages)
