"""terminus-2 against a dead model endpoint: the trial records an exception, never a silent 0 (issue #13).

Harbor's terminus-2 once scored 0 with no exception and no model call in the sandbox (its tmux server died
between execs). An environment or model fault must surface as the trial's ``exception_info`` and count as
an exception in ``chibench report`` (which ``--strict`` and the CI gate refuse), not as a graded failure.
Integration: real ``harbor run -a terminus-2`` on a real package in the sandbox, its ``api_base`` a port
on 127.0.0.1 where nothing listens (connection refused). Skipped loudly without ``bwrap`` or ``tmux``.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chibench.world.tools.server import free_port

from .support import BWRAP_MISSING, SKIP_REASON

REPO = Path(__file__).resolve().parents[2]
TASK = "brca_testing.referral"

pytestmark = [
    pytest.mark.skipif(BWRAP_MISSING, reason=SKIP_REASON),
    pytest.mark.skipif(shutil.which("tmux") is None,
                       reason="TERMINUS-2 NOT TESTED: no tmux on this host (the sandbox's box uses the host's /usr)"),
]


def test_terminus_against_a_dead_model_endpoint_records_an_exception(tmp_path: Path) -> None:
    bindir = Path(sys.executable).parent
    env = os.environ | {"OPENAI_API_KEY": "sk-dead-endpoint-test",
                        "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        [str(bindir / "harbor"), "run", "-y", "-q", "-p", str(REPO / "packages" / TASK),
         "--env", "chibench.sandbox:SandboxEnvironment", "-a", "terminus-2", "-m", "openai/chibench-scripted",
         "--ak", f"api_base=http://127.0.0.1:{free_port()}/v1", "-o", str(tmp_path / "jobs"), "--job-name", "dead"],
        env=env, capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]  # Harbor itself exits 0 either way
    results = glob.glob(str(tmp_path / "jobs" / "dead" / "*" / "result.json"))
    assert len(results) == 1, results
    result = json.loads(Path(results[0]).read_text())
    info = result.get("exception_info")
    assert info, f"terminus-2 with no model scored without an exception: {result.get('verifier_result')}"
    assert "connection" in f"{info.get('exception_type')} {info.get('exception_message')}".lower(), info
    assert not (result.get("verifier_result") or {}).get("rewards"), "a trial that never reached the model was graded"

    report = subprocess.run([str(bindir / "chibench"), "report", str(tmp_path / "jobs" / "dead"), "--json"],
                            capture_output=True, text=True, timeout=300, check=True)
    [row] = json.loads(report.stdout)["tasks"]
    assert (row["n_exceptions"], row["n_successes"]) == (1, 0), row
    strict = subprocess.run([str(bindir / "chibench"), "report", "--strict", str(tmp_path / "jobs" / "dead")],
                            capture_output=True, text=True, timeout=300, check=False)
    assert strict.returncode == 1, strict.stdout[-2000:] + strict.stderr[-2000:]
