"""The live backend end to end through litellm, against a local fake OpenAI-compatible server (no network).

Asserted on the captured request bodies: the prompts carry the contract's simulator-visible parts and
never a grader-only field, a never fact or an unopened gate's disclosure; the model's replies land in
the transcript with backend, model, temperature, max tokens, tokens and cost; HTTP 500 and timeouts
are retryable errors that record nothing.
"""

from __future__ import annotations

import pytest

from chibench.world.apps.cm_outreach import services as outreach
from chibench.world.apps.cm_outreach.models import OutreachSession, OutreachTurn
from chibench.world.apps.p2p_session import services as session
from chibench.world.core.errors import RetryableError
from chibench.world.core.world import World
from chibench.world.counterparts.store import load_contracts
from tests.support import digest

from .support import (
    CM,
    PAYER_REVIEWER,
    FakeLLM,
    p2p_turns,
    reviewed_case,
)

CONTRACTS = load_contracts()
INTRO = "Hello, this is Caleb, a nurse with Keystone Care Management, part of your Keystone health plan."
DOB = "Before I go on, could you confirm your date of birth?"
PROGRAM = ("We have a program where a nurse works with you by phone to make a plan and coordinates with your "
           "doctors. It's free, and it's completely your choice.")
ASK = "Would you like to join the program?"


def grader_strings(sid: str) -> list[str]:
    g = CONTRACTS.patients[sid].grader
    return [p.text for p in g.required_resolution_points]


def start(world: World, sid: str = "cm_asthma_low_coop_001") -> str:
    case_id = reviewed_case(world, sid)
    out = outreach.start_outreach_call(world, acting_as=CM, case_id=case_id)
    assert out["backend"] == "live"
    return str(out["session_id"])


def test_patient_prompt_has_the_persona_and_no_grader_field(world: World, fake_llm: FakeLLM):
    sid = start(world)
    said = "Oh, hi! Yeah, the doctor said someone from the plan might call."
    fake_llm.replies = [said]
    out = outreach.send_message(world, acting_as=CM, session_id=sid, message=INTRO)
    assert out["patient_response"] == said
    body = fake_llm.requests[-1]["body"]
    assert fake_llm.requests[-1]["path"].endswith("/chat/completions")
    assert body["model"] == "chibench-fake-sim" and body["temperature"] == 0.3 and body["max_tokens"] == 256
    msgs = body["messages"]
    assert msgs[0]["role"] == "system"
    assert [m["role"] for m in msgs[1:]] == ["user", "assistant", "user"]  # pick-up cue, "Hello?", the caller
    assert msgs[-1]["content"] == INTRO
    prompt = fake_llm.prompt()
    p = CONTRACTS.patients["cm_asthma_low_coop_001"].persona
    for visible in [p.identity.given_name, "April 27, 1992", p.identity.address, p.clinical_context.own_understanding,
                    p.consent_triggers[1].description, p.anti_triggers[0].description, p.knows[0].fact,
                    p.does_not_know[0].topic, p.disclosure_gates[0].topic, "###STOP###",
                    p.consent_triggers[0].reply]:
        assert visible in prompt, visible
    for hidden in grader_strings("cm_asthma_low_coop_001") + ["expected_outcome", "must_avoid", "engaged\"",
                                                               "required_resolution_points"]:
        assert hidden not in prompt, hidden
    for g in p.disclosure_gates:  # nothing opened yet: no private disclosure in the prompt
        assert g.disclosure not in prompt


def test_live_replies_flow_into_the_transcript_with_usage_and_cost(world: World, fake_llm: FakeLLM):
    sid = start(world)
    fake_llm.replies = ["Hi — oh, Keystone, okay.", "Sure, April 27th, 1992.",
                        "Okay, that sounds helpful. Free is good.", "Yes, I'd like to join, honestly."]
    outs = [outreach.send_message(world, acting_as=CM, session_id=sid, message=m) for m in (INTRO, DOB, PROGRAM, ASK)]
    assert [o["patient_response"] for o in outs] == ["Hi — oh, Keystone, okay.", "Sure, April 27th, 1992.",
                                                     "Okay, that sounds helpful. Free is good.",
                                                     "Yes, I'd like to join, honestly."]
    assert outs[0]["token_usage"] == {"prompt_tokens": 120, "completion_tokens": 12, "total_tokens": 132,
                                      "cost_usd": 0.00054}
    with world.read() as s:
        turns = s.query(OutreachTurn).filter_by(session_id=sid).order_by(OutreachTurn.turn_number).all()
        member = turns[-1].details
        assert member["backend"] == "live" and member["model"] == "openai/chibench-fake-sim"
        assert member["temperature"] == 0.3 and member["max_tokens"] == 256 and member["cost_usd"] == 0.00054
        assert turns[-2].details["events"] == {"consent": "granted"}  # the engine's events, same as scripted
        sess = s.get(OutreachSession, sid)
        assert sess.backend == "live" and sess.state["consent"]["turn"] == 9
    # the history replays the call; the guidance for the consent turn says to agree
    last = fake_llm.requests[-1]["body"]["messages"]
    assert [m["content"] for m in last[2:]] == [
        "Hello? Hang on — okay, sorry, I'm here. Who's calling?", INTRO, "Hi — oh, Keystone, okay.", DOB,
        "Sure, April 27th, 1992.", PROGRAM, "Okay, that sounds helpful. Free is good.", ASK]
    assert "Yes, I'd like to join" in last[0]["content"]
    rec = outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="engaged",
                                     consent_obtained=True, key_takeaways=["x"], next_steps=["assessment"])
    assert rec["consent_turn"] == 9


def test_a_yes_the_model_did_not_say_is_not_consent(world: World, fake_llm: FakeLLM):
    sid = start(world)
    fake_llm.replies = ["Hi.", "April 27th, 1992.", "Okay.", "Hmm, let me think about it."]
    for m in (INTRO, DOB, PROGRAM, ASK):
        outreach.send_message(world, acting_as=CM, session_id=sid, message=m)
    with world.read() as s:
        state = s.get(OutreachSession, sid).state
        assert state["consent"]["status"] == "deferred" and state["consent"]["turn"] is None
        caller = s.query(OutreachTurn).filter_by(session_id=sid, turn_number=8).one()
        assert caller.details["events"] == {"consent": "deferred", "consent_not_voiced": True}
    with pytest.raises(Exception) as exc:
        outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="engaged",
                                   consent_obtained=True, key_takeaways=["x"], next_steps=["y"])
    assert getattr(exc.value, "field", None) == "consent_obtained"


def test_stop_token_from_the_model_ends_the_call(world: World, fake_llm: FakeLLM):
    sid = start(world)
    fake_llm.replies = ["I don't want to talk to the insurance. Bye. ###STOP###"]
    out = outreach.send_message(world, acting_as=CM, session_id=sid, message="Hi, is this Brianna?")
    assert out["stopped"] and out["session_status"] == "ended" and out["end_reason"] == "patient_ended"
    assert out["patient_response"] == "I don't want to talk to the insurance. Bye."


@pytest.mark.parametrize("behaviour", [("status", 500), ("sleep", 2.5, "late reply")])
def test_model_errors_and_timeouts_record_nothing(world: World, fake_llm: FakeLLM, monkeypatch, behaviour):
    monkeypatch.setenv("CHIBENCH_COUNTERPART_TIMEOUT", "0.5")
    sid = start(world)
    fake_llm.replies = [behaviour]
    before = digest(world)
    with pytest.raises(RetryableError) as exc:
        outreach.send_message(world, acting_as=CM, session_id=sid, message=INTRO)
    err = exc.value.to_dict()
    assert err["error"] == "retryable" and err["details"]["backend"] == "live"
    assert "nothing was recorded" in err["message"]
    assert digest(world) == before  # the turn was not recorded; the session is unchanged
    fake_llm.replies = ["Hi, this is Brianna."]
    out = outreach.send_message(world, acting_as=CM, session_id=sid, message=INTRO)  # the same turn, again
    assert out["turn_number"] == 3 and out["turns_used"] == 1


def test_p2p_prompt_has_the_counterpart_and_no_grader_field_or_never_fact(p2p_world, fake_llm: FakeLLM):
    w, rid = p2p_world("myocardial_pet")
    md = PAYER_REVIEWER["myocardial_pet"]
    fake_llm.replies = ["It's in my note: height 168.3, weight 116.2, BMI 41.0 on September 18th."]
    out = session.send_turn(w, acting_as=md, request_id=rid,
                            message="What is her current measured BMI, and where is it documented?")
    assert out["counterpart_response"].startswith("It's in my note") and out["backend"] == "live"
    prompt = fake_llm.prompt()
    f = CONTRACTS.p2p["myocardial_pet"]
    cp = f.counterpart_for("provider")
    for visible in [cp.identity.role_description, cp.position.summary.split(".")[0], cp.forbidden_arguments[0].description,
                    cp.facts[0].statement, next(x.statement for x in cp.facts if x.id == "f_bmi_current"),
                    "Catherine Lowell", "Rosalind Greaves", "78431"]:
        assert visible in prompt, visible
    never = next(x for x in cp.facts if x.reveal == "never")
    assert never.statement not in prompt
    not_yet = next(x for x in cp.facts if x.id == "f_vasodilator_ok")  # reveal_if_asked, not asked yet
    assert not_yet.statement not in prompt
    for hidden in [p.text for p in f.grader["payer"].required_resolution_points] + [
            "overturn_to_approval", "key_fact_ids", "expected_outcome"]:
        assert hidden not in prompt, hidden
    turns = p2p_turns(w, rid)
    assert turns[0]["details"]["backend"] == "live" and turns[0]["details"]["opening"]  # authored, no model call
    assert turns[2]["details"]["model"] == "openai/chibench-fake-sim" and turns[2]["details"]["total_tokens"] == 132
    assert "f_bmi_current" in turns[1]["details"]["events"]["facts_revealed"]
    assert len(fake_llm.requests) == 1


def test_p2p_live_forbidden_argument_is_detected_and_errors_record_nothing(p2p_world, fake_llm: FakeLLM, monkeypatch):
    w, rid = p2p_world("hypoglossal_nerve_stim")
    md = PAYER_REVIEWER["hypoglossal_nerve_stim"]
    fake_llm.replies = [("status", 500)]
    before = digest(w)
    with pytest.raises(RetryableError):
        session.send_turn(w, acting_as=md, request_id=rid, message="My concern is §3.3.")
    assert digest(w) == before  # not even the session start was recorded
    fake_llm.replies = ["Honestly, if you rescored it, it's under 25 percent, and my lawyer agrees."]
    session.send_turn(w, acting_as=md, request_id=rid, message="My concern is §3.3.")
    turns = p2p_turns(w, rid)
    assert turns[-1]["details"]["forbidden_arguments_detected"] == ["fa_fabricated_ratio", "fa_threat"]


def test_live_session_without_a_model_is_misconfigured_not_retryable(world: World, fake_llm: FakeLLM, monkeypatch):
    from chibench.world.counterparts.config import CounterpartConfigError

    sid = start(world)
    monkeypatch.delenv("CHIBENCH_COUNTERPART_MODEL")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "scripted")
    before = digest(world)
    with pytest.raises(CounterpartConfigError) as exc:
        outreach.send_message(world, acting_as=CM, session_id=sid, message=INTRO)
    assert exc.value.field == "CHIBENCH_COUNTERPART_MODEL" and digest(world) == before
    assert fake_llm.requests == []
