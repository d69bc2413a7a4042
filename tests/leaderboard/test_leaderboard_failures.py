"""Failure taxonomy, the deterministic classifier, the LLM analyzer (against a local fake server) and
policy-read recall (on a synthetic ATIF trajectory with known reads)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from chibench.leaderboard import failures
from chibench.leaderboard.failures import CATEGORY_OF, CHECK_MODES, MODES, Category, Mode

REPO = Path(__file__).resolve().parents[2]


def test_taxonomy_has_the_papers_seven_categories_and_every_mode_once() -> None:
    assert [str(c) for c in Category] == ["Harness-Fault", "Tool-Use-Error", "Policy-Compliance",
                                          "Clinical-Reasoning", "Workflow-Completion", "Hallucination",
                                          "Abstain-or-Stuck"]
    listed = [m for ms in MODES.values() for m in ms]
    assert sorted(listed) == sorted(Mode) and len(listed) == len(set(listed)) == 27
    assert CATEGORY_OF[Mode.FABRICATED_CONSENT] is Category.HALLUCINATION
    assert CATEGORY_OF[Mode.ILLEGITIMATE_CONSENT] is Category.CLINICAL_REASONING


def test_every_registered_check_has_a_mode() -> None:
    from chibench.verifiers.registry import REGISTRY, _load_checks

    _load_checks()
    names = set(REGISTRY) - {"decl"}
    assert names - set(CHECK_MODES) == set(), "checks without a failure mode"
    assert set(CHECK_MODES) - names == set(), "modes for checks that do not exist"


def _card(*checks: tuple[str, str, str], reward: int = 0, rubrics: list[dict[str, Any]] | None = None,
          outcome: str = "fail") -> dict[str, Any]:
    return {"reward": reward, "outcome": outcome, "reason": "r",
            "deterministic": {"checks": [{"id": f"{name}#{i}", "check": name, "stage": stage, "status": status,
                                          "message": f"{name} said so"} for i, (name, stage, status)
                                         in enumerate(checks)]},
            "judge": {"rubrics": rubrics or []}}


@pytest.mark.parametrize(("kw", "expected"), [
    ({"exception": "AgentTimeoutError: took too long", "scorecard": None, "agent_steps": 40},
     (Category.ABSTAIN_OR_STUCK, Mode.WALL_CLOCK_TIMEOUT)),
    ({"exception": "CancelledError", "scorecard": None, "agent_steps": 3}, (Category.ABSTAIN_OR_STUCK,
                                                                             Mode.WALL_CLOCK_TIMEOUT)),
    ({"exception": "ToolException: bad args", "scorecard": None, "agent_steps": 3},
     (Category.TOOL_USE_ERROR, Mode.HARNESS_FATAL_TOOL_CALL)),
    ({"exception": "EnvironmentStartError", "scorecard": None, "agent_steps": None},
     (Category.HARNESS_FAULT, Mode.HARNESS_CRASH)),
    ({"exception": None, "scorecard": _card(("core.terminal_status", "x", "fail")), "agent_steps": 0},
     (Category.HARNESS_FAULT, Mode.ZERO_STEP_OUTPUT)),
    ({"exception": None, "scorecard": {"reward": 0, "reason": "export not found", "deterministic": {"checks": []}},
      "agent_steps": 5}, (Category.HARNESS_FAULT, Mode.HARNESS_CRASH)),
    ({"exception": None, "agent_steps": 9, "scorecard": _card(("core.target_located", "x", "pass"),
                                                              ("cm.consent_backed", "cm", "fail"),
                                                              ("core.terminal_status", "x", "fail"))},
     (Category.HALLUCINATION, Mode.FABRICATED_CONSENT)),
    ({"exception": None, "agent_steps": 9, "scorecard": _card(("nurse_review.criterion", "nurse_review", "fail"))},
     (Category.POLICY_COMPLIANCE, Mode.MISREAD_CRITERIA)),
    ({"exception": None, "agent_steps": 9, "scorecard": _card(("decl", "p2p", "fail"))},
     (Category.CLINICAL_REASONING, Mode.MISAPPLIED_CLINICAL_CRITERIA)),
    ({"exception": None, "agent_steps": 9,
      "scorecard": _card(("core.terminal_status", "x", "pass"), rubrics=[
          {"id": "r1", "status": "pass"}, {"id": "r2", "status": "fail", "handbook_refs": ["KM-X-1 §2"]}])},
     (Category.POLICY_COMPLIANCE, Mode.MISREAD_CRITERIA)),
    ({"exception": None, "agent_steps": 9,
      "scorecard": _card(("core.terminal_status", "x", "pass"), rubrics=[{"id": "r2", "status": "fail"}])},
     (Category.CLINICAL_REASONING, Mode.MISAPPLIED_CLINICAL_CRITERIA)),
])
def test_deterministic_classifier(kw: dict[str, Any], expected: tuple[Category, Mode]) -> None:
    label = failures.classify("t1", "task", **kw)
    assert label is not None and (label.category, label.mode) == expected
    assert len(label.evidence) <= 300


def test_passes_and_ungraded_trials_are_not_labelled() -> None:
    assert failures.classify("t", "x", scorecard={"reward": 1}, exception=None, agent_steps=3) is None
    assert failures.classify("t", "x", scorecard={"outcome": "ungraded"}, exception="E", agent_steps=3) is None


def test_the_first_failing_check_names_the_evidence() -> None:
    label = failures.classify("t", "x", scorecard=_card(("provider.packet_channel", "provider", "fail"),
                                                        ("core.terminal_status", "x", "fail")),
                              exception=None, agent_steps=4)
    assert label is not None and label.mode is Mode.WRONG_TOOL_SELECTED
    assert label.evidence == "first failing check provider.packet_channel#0 (provider.packet_channel): " \
                             "provider.packet_channel said so"


# ------------------------------------------------------------------------------------ policy-read recall


def _atif(*calls: tuple[str, dict[str, Any]], source: str = "agent") -> dict[str, Any]:
    steps = [{"step_id": 1, "source": "user", "message": "go"}]
    steps += [{"step_id": i + 2, "source": source, "message": "", "tool_calls": [
        {"tool_call_id": f"c{i}", "function_name": name, "arguments": args}]} for i, (name, args) in enumerate(calls)]
    return {"schema_version": "ATIF-v1.4", "session_id": "s", "agent": {"name": "a", "version": "1"}, "steps": steps}


CITED = {"KM-CM-OUTREACH-001", "KM-CP-ASTHMA", "KM-CM-CAREPLAN-001"}


def test_policy_read_recall_on_a_synthetic_trajectory_with_known_reads() -> None:
    files = failures.handbook_files(REPO / "handbook_skill")
    assert files["KM-CM-OUTREACH-001"] == "outreach-consent.md"
    traj = _atif(
        ("Read", {"file_path": "/opt/chibench/skills/references/care-manager/operational/outreach-consent.md"}),
        ("Bash", {"command": "grep -n 'Peak flow' /opt/chibench/skills/references/medical-library/care-plans/"
                             "asthma.md"}),
        ("cm_get_member", {"member_id": "KM-CM-CAREPLAN-001"}),  # not a reading tool: does not count
        ("Read", {"file_path": "/opt/chibench/skills/SKILL.md"}),
    )
    assert failures.read_documents(traj, {d: files[d] for d in CITED}) == {"KM-CM-OUTREACH-001", "KM-CP-ASTHMA"}
    assert failures.policy_read_recall(traj, CITED, files) == pytest.approx(2 / 3)
    by_id = _atif(("shell", {"cmd": ["rg", "KM-CM-CAREPLAN-001", "/opt/chibench/skills"]}))
    assert failures.policy_read_recall(by_id, CITED, files) == pytest.approx(1 / 3)
    user_only = _atif(("Read", {"file_path": "outreach-consent.md"}), source="user")
    assert failures.policy_read_recall(user_only, CITED, files) == 0.0
    assert failures.policy_read_recall(None, CITED, files) is None
    assert failures.policy_read_recall(traj, set(), files) is None


def test_cited_documents_come_from_the_rubrics() -> None:
    exp = json.loads((REPO / "packages" / "cm_asthma_low_coop_001" / "tests" / "expectations.json").read_text())
    cited = failures.cited_documents(exp)
    assert cited and all("§" not in c for c in cited)
    files = failures.handbook_files(REPO / "handbook_skill")
    assert cited <= set(files), "every cited document exists in the handbook"


# ------------------------------------------------------------------------------------ LLM analyzer


@contextmanager
def fake_llm(answer: Any, status: int = 200) -> Iterator[dict[str, Any]]:
    """An OpenAI-compatible chat endpoint on 127.0.0.1 answering ``answer`` (a str or a JSON-able object)."""
    seen: dict[str, Any] = {"requests": []}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen["requests"].append(body)
            content = answer if isinstance(answer, str) else json.dumps(answer)
            reply = {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": content}}],
                     "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}}
            data = json.dumps(reply if status == 200 else {"error": {"message": "boom"}}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    seen["base"] = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield seen
    finally:
        server.shutdown()
        server.server_close()


EXTRACTS = [{"trial": "t1", "task": "cm_x", "failed_checks": ["cm.consent_backed#1"]},
            {"trial": "t2", "task": "a.referral", "failed_checks": []},
            {"trial": "t3", "task": "b.intake", "failed_checks": []}]


def test_llm_analyzer_labels_through_litellm_and_drops_labels_outside_the_taxonomy() -> None:
    answer = {"labels": [
        {"trial": "t1", "category": "Clinical-Reasoning", "mode": "illegitimate-consent",
         "evidence": "the member said yes after the fourth reframing", "confidence": "high"},
        {"trial": "t2", "category": "Hallucination", "mode": "wall-clock-timeout", "evidence": "x"},  # wrong family
        {"trial": "t3", "category": "Made-Up", "mode": "abandoned", "evidence": "x"},  # not a category
        {"trial": "t9", "category": "Abstain-or-Stuck", "mode": "abandoned", "evidence": "x"},  # unknown trial
    ], "summary": "consent is pressed for"}
    with fake_llm(answer) as srv:
        labels, summary = failures.analyze_with_llm("codex · gpt-5", EXTRACTS, model="openai/fake-analyzer",
                                                    api_base=srv["base"], api_key="test")
    assert [(lab.trial, lab.category, lab.mode, lab.source) for lab in labels] == [
        ("t1", Category.CLINICAL_REASONING, Mode.ILLEGITIMATE_CONSENT, "llm")]
    assert summary == "consent is pressed for"
    [request] = srv["requests"]
    system, user = request["messages"]
    assert "Abstain-or-Stuck: wall-clock-timeout, abandoned, refused-to-act, agent-loop" in system["content"]
    assert '"trial": "t1"' in user["content"] and "Failed runs: 3" in user["content"]


@pytest.mark.parametrize(("answer", "status", "message"), [
    ("I think they all failed.", 200, "not JSON"),
    ({"summary": "no labels"}, 200, "no labels list"),
    ({"labels": []}, 500, "analyzer model openai/fake-analyzer"),
])
def test_llm_analyzer_errors_are_reported(answer: Any, status: int, message: str) -> None:
    with fake_llm(answer, status) as srv, pytest.raises(failures.AnalyzerError, match=message):
        failures.analyze_with_llm("row", EXTRACTS, model="openai/fake-analyzer", api_base=srv["base"],
                                  api_key="test")
