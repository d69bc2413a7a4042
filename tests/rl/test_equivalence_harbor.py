"""Equivalence with a real Harbor trial: the same trajectory gives the same reward and the same final
export digest in ``chibench.rl`` as through Harbor (local sandbox, the world sidecar, MCP over HTTP,
the collect hook, the separate verifier).

The trajectory is the task's oracle, which Harbor's ``oracle`` agent replays through the MCP server.
Every other package is covered against ``chibench package try`` in ``test_rl_env.py`` (same world
preparation and grader, in-process).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chibench.rl import PACKAGES, ChiEnv

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None,
                                reason="HARBOR EQUIVALENCE NOT RUN: `bwrap` (bubblewrap) is not installed")
REPO = Path(__file__).resolve().parents[2]
HARBOR = Path(sys.executable).with_name("harbor")
TASK = "brca_testing.referral"


def harbor_trial(tmp_path: Path, task: str, agent: dict[str, str]) -> tuple[float, dict[str, str]]:
    """Run one Harbor trial in the local sandbox; ``(reward, {"initial": digest, "final": digest})`` from
    the trial's collected exports."""
    jobs = tmp_path / "jobs"
    config = {"jobs_dir": str(jobs), "n_attempts": 1, "n_concurrent_trials": 1,
              "environment": {"import_path": "chibench.sandbox:SandboxEnvironment", "delete": True},
              "agents": [agent], "tasks": [{"path": str(PACKAGES / task)}]}
    (tmp_path / "job.json").write_text(json.dumps(config))
    proc = subprocess.run([str(HARBOR), "run", "-y", "-c", str(tmp_path / "job.json")], cwd=REPO,
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (result,) = jobs.glob("*/*/result.json")
    data = json.loads(result.read_text())
    assert not data.get("exception_info"), data["exception_info"]
    exports = result.parent / "artifacts" / "opt" / "chibench" / "export"
    digests = {k: json.loads((exports / f"{k}.json").read_text())["digest"] for k in ("initial", "final")}
    return float(data["verifier_result"]["rewards"]["reward"]), digests


def test_oracle_through_harbor_and_chibench_rl_agree(tmp_path: Path) -> None:
    reward, digests = harbor_trial(tmp_path, TASK, {"name": "oracle"})
    with ChiEnv(TASK) as env:
        obs = env.reset()
        assert env.replay(env.task.oracle) is None
        score = env.score()
    assert (reward, digests) == (1.0, {"initial": obs.initial_digest, "final": score.digest})
    assert score.reward == 1


def test_reference_agent_through_harbor_and_chibench_rl_agree(tmp_path: Path) -> None:
    """The reference agent (``chibench.agents``), driven by the scripted model server replaying the oracle,
    leaves the same world through Harbor as ``chibench.rl`` does with the oracle's steps."""
    agents = pytest.importorskip("chibench.agents", reason="the reference agent (issue 19 item 1) is not here")
    scripted = pytest.importorskip("chibench.testing.scripted_model", reason="no scripted model server")
    model = scripted.ScriptedModel(scripted.load_script(PACKAGES / TASK, "oracle"))
    with scripted.running(model) as base_url:
        reward, digests = harbor_trial(tmp_path, TASK, {
            "import_path": f"{agents.__name__}:ReferenceAgent", "model_name": "openai/scripted",
            "kwargs": {"api_base": f"{base_url}/v1", "api_key": "sk-scripted", "retry_backoff_sec": 0}})
    with ChiEnv(TASK) as env:
        obs = env.reset()
        assert env.replay(env.task.oracle) is None
        score = env.score()
    assert (reward, digests) == (1.0, {"initial": obs.initial_digest, "final": score.digest})
