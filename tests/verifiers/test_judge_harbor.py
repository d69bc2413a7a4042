"""Through Harbor on the embedded default (the local sandbox): the grader box reaches a judge on a local
fake server — a passing judge gives the oracle 1; a dead judge leaves the trial ungraded (Harbor records
the missing reward as the trial's exception; ``chibench report`` counts it outside pass@k) (issue #15).

Needs the sandbox's judge route (``SandboxEnvironment(judge_api=…)``, default ``$CHIBENCH_JUDGE_API_BASE``):
without it the grader box has no route to any judge and this test is skipped, saying so.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chibench.world.tools.server import free_port
from tests.verifiers.fake_llm import FakeLLM, quote_from_artifacts, verdict

REPO = Path(__file__).resolve().parents[2]
HARBOR = Path(sys.executable).with_name("harbor")
TASK = "uppp.md_review"


def _judge_route_missing() -> str | None:
    if shutil.which("bwrap") is None:
        return "JUDGE-THROUGH-HARBOR NOT RUN: `bwrap` (bubblewrap) is not installed"
    try:
        from chibench.sandbox import SandboxEnvironment
    except ImportError as exc:  # pragma: no cover - Harbor needs Python ≥ 3.12
        return f"JUDGE-THROUGH-HARBOR NOT RUN: the sandbox environment cannot be imported ({exc})"
    if "judge_api" not in inspect.signature(SandboxEnvironment.__init__).parameters:
        return ("JUDGE-THROUGH-HARBOR NOT RUN: this sandbox gives the grader box no route to a judge API "
                "(SandboxEnvironment has no judge_api setting)")
    return None


pytestmark = pytest.mark.skipif(_judge_route_missing() is not None, reason=_judge_route_missing() or "")


def _run(tmp_path: Path, name: str, api_base: str) -> dict:
    env = os.environ | {"CHIBENCH_JUDGE_MODEL": "openai/fake-judge", "CHIBENCH_JUDGE_API_BASE": api_base,
                        "CHIBENCH_JUDGE_API_KEY": "sk-harbor-judge", "CHIBENCH_JUDGE_TIMEOUT": "10",
                        "CHIBENCH_JUDGE_RETRIES": "1"}
    jobs = tmp_path / "jobs"
    proc = subprocess.run([str(HARBOR), "run", "-y", "-q", "-p", f"packages/{TASK}", "-a", "oracle",
                           "--env", "chibench.sandbox:SandboxEnvironment", "-o", str(jobs), "--job-name", name],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=1800)
    results = sorted((jobs / name).glob("*/result.json"))
    assert results, proc.stdout[-3000:] + proc.stderr[-3000:]
    trial = results[0].parent
    card = json.loads((trial / "verifier" / "scorecard.json").read_text())
    report = subprocess.run([sys.executable, "-m", "chibench.cli", "report", str(jobs / name), "--json"],
                            capture_output=True, text=True, timeout=120, cwd=REPO)
    return {"result": json.loads(results[0].read_text()), "card": card, "report": json.loads(report.stdout)}


def test_passing_judge_gives_the_oracle_1_and_a_dead_judge_leaves_it_ungraded(tmp_path: Path):
    with FakeLLM(lambda req, n: verdict(req, "pass", quote=quote_from_artifacts(req))) as llm:
        good = _run(tmp_path, "judge-up", llm.base_url)
    assert llm.requests, "the grader box never reached the judge"
    assert good["result"]["verifier_result"]["rewards"] == {"reward": 1}
    assert good["card"]["outcome"] == "pass" and good["card"]["leaderboard_valid"] is True
    assert good["report"]["grading"]["n_leaderboard_valid"] == 1 and good["report"]["overall"]["pass_at_1"] == 1.0

    dead = f"http://127.0.0.1:{free_port()}/v1"  # bound then closed: nothing listens there
    down = _run(tmp_path, "judge-down", dead)
    assert down["result"]["verifier_result"] is None
    assert down["result"]["exception_info"]["exception_type"] == "RewardFileNotFoundError"
    assert down["card"]["outcome"] == "ungraded" and down["card"]["reward"] is None
    rep = down["report"]
    assert rep["grading"]["n_ungraded"] == 1 and rep["overall"]["n_trials"] == 0 and rep["overall"]["pass_at_1"] is None
    assert [p["kind"] for p in rep["problems"]] == ["ungraded"]
