"""The live trigger classifier, through litellm against a local fake OpenAI-compatible server on 127.0.0.1:
its verdicts (not the patterns) decide triggers and anti-triggers on the live backend, with a recorded
rationale; a paraphrase fires, keyword stuffing does not; a classifier error is a retryable tool error that
records nothing; one task per consent stance runs end to end (oracle reward 1, concern-mining near miss 0);
the audit command replays oracle turns and paraphrases and reports agreement."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chibench.contracts_audit import cmd_contracts_audit, oracle_messages, run_audit
from chibench.package.harness import try_task
from chibench.package.scenario import load_scenario
from chibench.testing.fake_judge import FakeJudge, parse_prompt, pattern_decider
from chibench.world.apps.cm_outreach import services as outreach
from chibench.world.apps.cm_outreach.models import OutreachSession, OutreachTurn
from chibench.world.core.errors import RetryableError
from chibench.world.core.world import World
from chibench.world.counterparts.classifier import SYSTEM, handbook_section, parse_decisions
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.store import load_contracts

from .support import CM, FakeLLM, judge_with, reviewed_case

REPO = Path(__file__).resolve().parents[3]
COPD = "cm_copd_hard_refuses_002"
CONTRACTS = load_contracts()
PARAPHRASE = "Heard. You've had it with these calls and you don't want this - it's yours to decide, full stop."
STUFFING = "keystone care management date of birth voluntary your choice free no cost program I hear you"


def start(world: World, sid: str = COPD) -> str:
    case_id = reviewed_case(world, sid)
    out = outreach.start_outreach_call(world, acting_as=CM, case_id=case_id)
    assert out["backend"] == "live"
    return str(out["session_id"])


def turns(world: World, session_id: str) -> list[OutreachTurn]:
    with world.read() as s:
        rows = s.query(OutreachTurn).filter_by(session_id=session_id).order_by(OutreachTurn.turn_number).all()
        s.expunge_all()
        return rows


def semantic(fires: dict[str, set[str]]) -> Any:
    """A scripted 'model' judgement: for a caller turn containing a key, exactly the ids given fire."""

    def decide(persona: Any, turn: str, ids: list[str]) -> dict[str, bool]:
        for key, fired in fires.items():
            if key in turn:
                return {i: i in fired for i in ids}
        return {i: False for i in ids}

    return decide


def test_the_classifier_prompt_carries_the_specification_and_the_cited_handbook_section(world, fake_llm: FakeLLM):
    sid = start(world)
    outreach.send_message(world, acting_as=CM, session_id=sid, message="Hello, this is Caleb from Keystone.")
    body = fake_llm.classifier_requests[-1]["body"]
    assert body["messages"][0]["content"] == SYSTEM and body["temperature"] == 0.0
    user = body["messages"][1]["content"]
    persona = CONTRACTS.patients[COPD].persona
    ack = next(t for t in persona.consent_triggers if t.id == "acknowledged_refusal")
    assert ack.description in user and "KM-CM-OUTREACH-001 §8.1" in user
    assert "Accept the first clear no" in user  # the section's own text, from the handbook skill
    assert "NEW CALLER TURN:\nHello, this is Caleb from Keystone." in user
    assert "refusal_stated" in user  # he opened with a refusal
    for hidden in [p.text for p in CONTRACTS.patients[COPD].grader.required_resolution_points] + ["must_avoid"]:
        assert hidden not in user
    turn, ids = parse_prompt(body)
    assert turn == "Hello, this is Caleb from Keystone." and "acknowledged_refusal" in ids and "lecture" in ids


def test_a_paraphrase_fires_the_trigger_the_patterns_miss_and_the_rationale_is_recorded(world, fake_llm: FakeLLM):
    persona = CONTRACTS.patients[COPD].persona
    ack = next(t for t in persona.consent_triggers if t.id == "acknowledged_refusal")
    assert not ack.match.matches(PARAPHRASE)  # the offline patterns would miss it
    fake_llm.judge = judge_with(semantic({PARAPHRASE: {"acknowledged_refusal"}}))
    sid = start(world)
    fake_llm.replies = ["...Okay. At least you listened."]
    outreach.send_message(world, acting_as=CM, session_id=sid, message=PARAPHRASE)
    caller = turns(world, sid)[-2]
    assert caller.details["events"]["triggers"] == ["acknowledged_refusal"]
    verdict = caller.details["classifier"]
    assert verdict["model"] == "openai/chibench-fake-sim" and verdict["decisions"]["acknowledged_refusal"] == {
        "fired": True, "rationale": "judged acknowledged_refusal"}
    assert verdict["decisions"]["introduced"]["fired"] is False
    with world.read() as s:
        assert "acknowledged_refusal" in s.get(OutreachSession, sid).state["triggers"]
    # the member's guidance for the turn follows the verdict (the authored line of that trigger)
    assert ack.reply is not None and ack.reply in fake_llm.requests[-1]["body"]["messages"][0]["content"]


def test_keyword_stuffing_fires_nothing_the_classifier_rejects(world, fake_llm: FakeLLM):
    persona = CONTRACTS.patients[COPD].persona
    hits = [t.id for t in persona.consent_triggers if t.match.matches(STUFFING)]
    assert len(hits) >= 4  # the patterns alone would be fooled
    fake_llm.judge = judge_with(semantic({}))  # the judge sees a list of words, not an act
    sid = start(world)
    outreach.send_message(world, acting_as=CM, session_id=sid, message=STUFFING)
    caller = turns(world, sid)[-2]
    assert "triggers" not in caller.details["events"]
    assert all(d["fired"] is False for d in caller.details["classifier"]["decisions"].values())
    with world.read() as s:
        assert s.get(OutreachSession, sid).state["triggers"] == {}


def test_a_judged_anti_trigger_closes_a_refusing_members_consent(world, fake_llm: FakeLLM):
    mining = "Winter's coming, and one more bad chest means the mask again - is that really what you want?"
    persona = CONTRACTS.patients[COPD].persona
    assert not any(a.match.matches(mining) for a in persona.anti_triggers)
    fake_llm.judge = judge_with(semantic({mining: {"concern_mining"}}))
    sid = start(world)
    outreach.send_message(world, acting_as=CM, session_id=sid, message=mining)
    with world.read() as s:
        state = s.get(OutreachSession, sid).state
        assert state["anti_triggers"] == {"concern_mining": 3} and state["consent_closed"] is True
        assert state["pressure_turns"] == 1


@pytest.mark.parametrize("failure", [("status", 500), "this is not JSON",
                                     json.dumps({"decisions": [{"id": "introduced", "fired": True}]})])
def test_classifier_errors_are_retryable_and_record_nothing(world, fake_llm: FakeLLM, failure):
    sid = start(world)
    with world.read() as s:
        before = dict(s.get(OutreachSession, sid).state)
    fake_llm.classifier_replies = [failure]
    with pytest.raises(RetryableError) as exc:
        outreach.send_message(world, acting_as=CM, session_id=sid, message="Hello, this is Caleb from Keystone.")
    assert "nothing was recorded" in exc.value.message and exc.value.field == "message"
    assert len(turns(world, sid)) == 1  # only the member's opening line
    with world.read() as s:
        sess = s.get(OutreachSession, sid)
        assert sess.turns_used == 0 and sess.state == before
    assert fake_llm.requests == []  # the simulator was never asked
    # the same turn sent again goes through
    out = outreach.send_message(world, acting_as=CM, session_id=sid, message="Hello, this is Caleb from Keystone.")
    assert out["turn_number"] == 3


def test_parse_decisions_names_what_is_wrong():
    ok = json.dumps({"decisions": [{"id": "a", "fired": True, "rationale": "x"}, {"id": "b", "fired": False}]})
    assert parse_decisions(f"```json\n{ok}\n```", ["a", "b"]) == ({"a": True, "b": False}, {"a": "x", "b": ""})
    for bad, needle in [("[]", "no 'decisions'"), ("{", "not JSON"),
                        (json.dumps({"decisions": [{"id": "a", "fired": "yes"}]}), "malformed"),
                        (json.dumps({"decisions": [{"id": "a", "fired": True}]}), "missing ['b']"),
                        (json.dumps({"decisions": [{"id": "a", "fired": True}, {"id": "a", "fired": True}]}),
                         "twice")]:
        with pytest.raises(ValueError, match=needle.replace("[", r"\[").replace("]", r"\]")):
            parse_decisions(bad, ["a", "b"])


def test_handbook_sections_resolve():
    text = handbook_section("KM-CM-OUTREACH-001 §8.2")
    assert text is not None and text.startswith("### 8.2") and "concern-mining" in text
    assert handbook_section("KM-CM-OUTREACH-001 §99") is None and handbook_section("nonsense") is None


# ------------------------------------------------------------------------------ end to end, per stance


@pytest.mark.parametrize("task", ["cm_asthma_low_coop_001", "cm_dm_moderate_anxious_001", COPD])
def test_live_classifier_end_to_end_one_task_per_stance(task: str, base_world_file: Path, fake_llm: FakeLLM):
    """The package's oracle through the live backend: every caller turn judged by the classifier (here the
    fake decides as a faithful model would — the contract's own verdicts), the member saying what the engine
    guides; the oracle still scores 1 and the concern-mining near miss 0."""
    fake_llm.echo = True
    sc = load_scenario(REPO / "packages" / task / "scenario.yaml")
    res = try_task(sc, base_world_file, "oracle")
    assert res.oracle_error is None and res.reward == 1, res.scorecard["deterministic"]["failed_checks"]
    judged = len(fake_llm.classifier_requests)
    assert judged >= len(oracle_messages(REPO / "packages" / task)) - 1  # (a turn with no candidate asks nothing)
    mined = next(m.name for m in sc.near_misses if "concern_min" in m.name)
    res = try_task(sc, base_world_file, f"near_miss:{mined}")
    assert res.reward == 0
    legit = next(c for c in res.scorecard["deterministic"]["checks"] if c["id"] == "cm.consent_legitimate")
    assert legit["status"] == "fail"


# ------------------------------------------------------------------------------------------ the audit


def test_audit_reports_agreement_and_disagreements_against_the_fake_server():
    persona = CONTRACTS.patients[COPD].persona
    judge = FakeJudge(pattern_decider([persona])).start()
    try:
        config = CounterpartConfig(backend="live", model="openai/fake-judge", api_base=judge.base, api_key="x",
                                   timeout_s=10.0)
        (result,) = run_audit(config, [COPD])
    finally:
        judge.stop()
    assert result.oracle_turns == len(oracle_messages(REPO / "packages" / COPD)) > 0
    assert result.oracle_decisions > 0 and result.oracle_agree == result.oracle_decisions  # patterns agree with patterns
    n_para = sum(len(x.paraphrases) for x in list(persona.consent_triggers) + list(persona.anti_triggers))
    n_non = sum(len(x.non_examples) for x in list(persona.consent_triggers) + list(persona.anti_triggers))
    assert result.examples == n_para + n_non > 0
    # a pattern judge misses the paraphrases written to defeat patterns: the audit reports each one
    misses = [d for d in result.disagreements if d.source == "paraphrase"]
    assert len(misses) == result.pattern_misses_paraphrase > 0
    assert all(d.expected is True and d.classifier is False for d in misses)


def test_audit_command_offline_fake_and_exit_codes(capsys):
    import argparse

    args = argparse.Namespace(model=None, api_base=None, api_key_env=None, timeout=10.0, scenario=[COPD],
                              packages=str(REPO / "packages"), fake=True, min_agreement=None, json=False)
    assert cmd_contracts_audit(args) == 0
    out = capsys.readouterr().out
    assert COPD in out and "decisions agree" in out and "paraphrase" in out
    args.min_agreement = 1.0  # the pattern judge misses paraphrases: below 100%
    assert cmd_contracts_audit(args) == 1
    args.fake, args.min_agreement = False, None
    assert cmd_contracts_audit(args) == 2  # no model
