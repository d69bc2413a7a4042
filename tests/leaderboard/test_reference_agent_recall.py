"""Policy-read recall and the deterministic failure label computed from the reference agent's own trajectories.

The reference agent (:class:`chibench.agents.loop.AgentLoop`) runs in-process against the scripted model
(real HTTP, litellm) on ``brca_testing.referral``, whose ``packet-evidence-map`` rubric cites three handbook
documents: KM-MP-DX-001 (the BRCA medical policy, ``brca_testing.md``), RMG-PA-SOP-003
(``03-document-sufficiency.md``) and RMG-PA-SOP-004 (``04-packet-assembly.md``). The oracle replay is
preceded by ``handbook_read`` calls of two of them (the governing medical policy and the packet SOP): recall
2/3 and no failure label (reward 1). The near miss ``edi_278_without_answers`` reads nothing: recall 0, and
its label comes from the grader's first failing check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chibench.leaderboard import failures
from chibench.testing import scripted_model as sm
from tests.agents.support import TASK, InProcessTools, episode

REPO = Path(__file__).resolve().parents[2]
ROOT = "managed-care-operations-handbook/references"
POLICY = f"{ROOT}/medical-library/medical-policies/brca_testing.md"
PACKET_SOP = f"{ROOT}/provider-pa/04-packet-assembly.md"
LIMIT = 600


def _read(handbook: Any, path: str) -> dict[str, Any]:
    # A handbook read answers markdown, not a world tool's JSON. The scripted model checks every result as a
    # world tool's (JSON found → success, none → "error"), so the step declares whichever verdict that check
    # gives this text (the policy's front matter holds a JSON-like code list), and the replay goes on.
    is_error, _ = sm.parse_result(handbook.read(path, 0, LIMIT))
    return {"tool": "handbook_read", "args": {"path": path, "limit": LIMIT}, "expect_error": is_error}


def _run(tools: InProcessTools, handbook: Any, tmp: Path, replay: str,
         reads: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """One episode whose script is ``reads`` then the package's ``replay``; → (ATIF trajectory, scorecard)."""
    base = sm.load_script(TASK, replay)
    script = sm.Script(base.task, base.replay, tuple(_read(handbook, p) for p in reads) + base.steps)
    original = sm.load_script
    sm.load_script = lambda *_a, **_k: script  # episode() loads by package; hand it this script instead
    try:
        outcome, atif, _ = episode(tools, handbook, tmp, replay=replay)
    finally:
        sm.load_script = original
    assert outcome.reason == "final_answer", outcome
    from chibench.package.harness import world_version
    from chibench.verifiers import grade
    from chibench.world.export import snapshot

    card = grade(snapshot(tools.world), tools.sc.expectations_document(world_version=world_version()),
                 initial=tools.initial, out_dir=tmp / "verifier", judge=None)
    return atif, card


def _recall(atif: dict[str, Any]) -> float | None:
    import json

    expectations = json.loads((TASK / "tests" / "expectations.json").read_text())
    cited = failures.cited_documents(expectations)
    assert cited == {"KM-MP-DX-001", "RMG-PA-SOP-003", "RMG-PA-SOP-004"}
    return failures.policy_read_recall(atif, cited, failures.handbook_files(REPO / "handbook_skill"))


def _agent_steps(atif: dict[str, Any]) -> int:
    return sum(1 for s in atif["steps"] if s["source"] == "agent")


def test_oracle_that_reads_the_governing_policy(inproc: InProcessTools, skills: Any,  # noqa: F811
                                                tmp_path: Path) -> None:
    atif, card = _run(inproc, skills, tmp_path, "oracle", [POLICY, PACKET_SOP])
    reads = [c for s in atif["steps"] for c in s.get("tool_calls", []) if c["function_name"] == "handbook_read"]
    assert [c["arguments"]["path"] for c in reads] == [POLICY, PACKET_SOP]
    results = [r["content"] for s in atif["steps"] for r in s.get("observation", {}).get("results", [])]
    assert any("BRCA" in r for r in results[:2]), "the policy text reached the agent"
    assert card["reward"] == 1
    assert _recall(atif) == pytest.approx(2 / 3)
    assert failures.classify("oracle", "brca_testing.referral", scorecard=card, exception=None,
                             agent_steps=_agent_steps(atif)) is None


def test_near_miss_that_skips_the_read(inproc: InProcessTools, skills: Any,  # noqa: F811
                                       tmp_path: Path) -> None:
    atif, card = _run(inproc, skills, tmp_path, "near_miss:edi_278_without_answers", [])
    assert card["reward"] == 0
    assert not any(c["function_name"].startswith("handbook_") for s in atif["steps"] for c in s.get("tool_calls", []))
    assert _recall(atif) == 0
    label = failures.classify("near", "brca_testing.referral", scorecard=card, exception=None,
                              agent_steps=_agent_steps(atif))
    assert card["deterministic"]["failed_checks"][:2] == ["provider.packet_channel", "provider.questionnaire"]
    assert label is not None
    assert (str(label.category), str(label.mode), label.source) == ("Tool-Use-Error", "wrong-tool-selected",
                                                                    "deterministic")
    assert label.evidence.startswith("first failing check provider.packet_channel (provider.packet_channel): "
                                     "channel 'edi_278'")
