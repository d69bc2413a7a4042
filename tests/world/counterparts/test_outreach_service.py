"""cm_outreach services with the scripted member: session mechanics, events persisted, consent recording."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import delete

from chibench.world.apps.cm_assessment import services as assessment
from chibench.world.apps.cm_outreach import services as outreach
from chibench.world.apps.cm_outreach.models import OutreachRecord, OutreachSession, OutreachTurn
from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, UnknownActor
from chibench.world.core.world import World
from chibench.world.counterparts.config import CounterpartConfigError
from chibench.world.counterparts.models import PatientPersonaContract, PatientPersonaGrading
from chibench.world.export import snapshot
from tests.support import digest, refused_call

from .support import (
    CM,
    CM2,
    reviewed_case,
)

ASTHMA, DM, COPD = "cm_asthma_low_coop_001", "cm_dm_moderate_anxious_001", "cm_copd_hard_refuses_002"
INTRO = "Hello, this is Caleb, a nurse with Keystone Care Management, part of your Keystone health plan."
DOB = "Before I go on, could you confirm your date of birth?"
PROGRAM = ("Your doctor asked us to reach out. We have a program where a nurse works with you by phone to make a plan "
           "and coordinates with your doctors. It's free, and it's completely your choice.")
ASK = "Would you like to join the program?"
RECORD = {"key_takeaways": ["identity verified; program explained"], "next_steps": ["assessment"],
          "patient_concerns": ["inhaler cost"]}


def call(world: World, scenario: str = ASTHMA) -> tuple[str, str]:
    case_id = reviewed_case(world, scenario)
    return case_id, outreach.start_outreach_call(world, acting_as=CM, case_id=case_id)["session_id"]


def say(world: World, sid: str, *messages: str) -> list[dict]:
    return [outreach.send_message(world, acting_as=CM, session_id=sid, message=m) for m in messages]


def test_start_requires_a_chart_reviewed_case_and_a_care_manager(world: World):
    from chibench.world.apps.cm_referral import services as referral

    from .support import referral_for

    case_id = referral.open_case(world, acting_as=CM, referral_id=referral_for(world, ASTHMA),
                                 program="chronic_disease", priority="standard")["case"]["id"]
    before = digest(world)
    e = refused_call(None, Conflict, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id=case_id), "case_id")
    assert "chart_reviewed" in e.to_dict()["allowed"]
    refused_call(None, AuthorityError, lambda: outreach.start_outreach_call(world, acting_as="WKR-UMN-01", case_id=case_id))
    refused_call(None, UnknownActor, lambda: outreach.start_outreach_call(world, acting_as="WKR-NOBODY", case_id=case_id))
    refused_call(None, NotFound, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id="CMC-9999"), "case_id")
    assert digest(world) == before


def test_start_opens_an_active_session_the_member_answers(world: World):
    case_id = reviewed_case(world, ASTHMA)
    out = outreach.start_outreach_call(world, acting_as=CM, case_id=case_id)
    assert out["status"] == "active" and out["backend"] == "scripted" and out["turn_budget"] == 14
    assert out["patient_response"].startswith("Hello?")
    assert out["messages"] == [{"turn_number": 1, "role": "patient", "content": out["patient_response"],
                                "timestamp": out["started_at"]}]
    refused_call(None, Conflict, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id=case_id), "case_id")
    # nothing of the contract reaches the agent
    assert "consent" not in str(out) and "trigger" not in str(out)


def test_member_without_a_contract_cannot_be_called(world: World):
    # every catalog member has a contract once #18 lands: take one member's contract out of this world
    with world.engine.begin() as conn:
        for table in (PatientPersonaContract, PatientPersonaGrading):
            conn.execute(delete(table).where(table.id == "cm_htn_low_tentative_001"))
    case_id = reviewed_case(world, "cm_htn_low_tentative_001")
    refused_call(None, Conflict, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id=case_id), "case_id")


def test_a_full_call_records_turns_events_and_consent(world: World):
    case_id, sid = call(world)
    replies = say(world, sid, INTRO, DOB, PROGRAM, ASK)
    assert replies[-1]["patient_response"].startswith("Yes, I'd like to join")
    assert [r["turn_number"] for r in replies] == [3, 5, 7, 9] and replies[-1]["turns_left"] == 10
    with world.read() as s:
        turns = s.query(OutreachTurn).filter_by(session_id=sid).order_by(OutreachTurn.turn_number).all()
        assert [t.speaker for t in turns] == ["patient"] + ["care_manager", "patient"] * 4
        assert turns[1].details["events"] == {"triggers": ["introduced"]}
        assert turns[7].details["events"] == {"consent": "granted"}
        assert turns[8].details == {"backend": "scripted", "stopped": False, "in_reply_to": 8}
        state = s.get(OutreachSession, sid).state
        assert state["consent"]["status"] == "granted" and state["consent"]["turn"] == 9
        assert set(state["triggers"]) == {"introduced", "verified_identity", "explained_program", "voluntary",
                                          "no_cost"}
    rec = outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="engaged",
                                     consent_obtained=True, member_words="Yes, I'd like to join.",
                                     preferred_contact="phone after 3 pm", **RECORD)
    assert rec["consent_turn"] == 9 and rec["case_status"] == "outreach_complete"
    assert rec["session"]["status"] == "ended" and rec["session"]["end_reason"] == "caller_ended"
    started = assessment.start_assessment(world, acting_as=CM, case_id=case_id)
    assert started["status"] == "in_progress"


def test_consent_cannot_be_recorded_without_the_members_yes_in_the_transcript(world: World):
    case_id, sid = call(world, DM)
    say(world, sid, INTRO, DOB, PROGRAM, ASK)  # deferred: "send me something to read"
    before = digest(world)
    e = refused_call(None, Conflict, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                             engagement_status="engaged", consent_obtained=True,
                                                             **RECORD), "consent_obtained")
    assert "no turn in which the member agreed" in e.message
    assert digest(world) == before
    rec = outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="tentative",
                                     consent_obtained=False, member_words="Maybe you can send me something?",
                                     **RECORD)
    assert rec["consent_obtained"] is False and rec["consent_turn"] is None
    refused_call(None, Conflict, lambda: assessment.start_assessment(world, acting_as=CM, case_id=case_id))


def test_engagement_and_consent_must_agree(world: World):
    _, sid = call(world)
    say(world, sid, INTRO, DOB, PROGRAM, ASK)
    refused_call(None, InvalidInput, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                             engagement_status="engaged", consent_obtained=False,
                                                             **RECORD), "engagement_status")
    refused_call(None, InvalidInput, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                             engagement_status="enrolled", consent_obtained=True,
                                                             **RECORD), "engagement_status")
    refused_call(None, InvalidInput, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                             engagement_status="engaged", consent_obtained="yes",
                                                             **RECORD), "consent_obtained")
    refused_call(None, InvalidInput, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                             engagement_status="engaged", consent_obtained=True,
                                                             key_takeaways=[], next_steps=["x"]), "key_takeaways")


def test_refusing_member_ends_the_call_and_the_decline_is_documented(world: World):
    case_id, sid = call(world, COPD)
    r = say(world, sid, INTRO, DOB, PROGRAM + " " + ASK, "Are you sure? Just a few questions.", "Okay.",
            "Thank you.", "One more thing.")
    assert r[2]["patient_response"].endswith("put me down for no more calls.")  # asked too early: a final no
    assert r[3]["stopped"] is False and "How many ways" in r[3]["patient_response"]  # pressure, recorded
    assert r[-1]["stopped"] is True and r[-1]["session_status"] == "ended" and r[-1]["end_reason"] == "patient_ended"
    refused_call(None, Conflict, lambda: say(world, sid, "Hello?"), "session_id")
    refused_call(None, Conflict, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                         engagement_status="engaged", consent_obtained=True,
                                                         **RECORD), "consent_obtained")
    rec = outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="refused",
                                     consent_obtained=False, member_words="No. I'm not interested.", **RECORD)
    assert rec["session"]["end_reason"] == "patient_ended"
    with world.read() as s:
        assert s.get(CMCase, case_id).status == "outreach_complete"
        state = s.get(OutreachSession, sid).state
        assert state["anti_triggers"] == {"reframe_after_no": 9} and state["consent_closed"] is True
        assert state["pressure_turns"] == 1


def test_turn_budget_is_enforced(world: World):
    _, sid = call(world, COPD)  # hard: 14 caller turns
    out = say(world, sid, *["Mm-hm." for _ in range(14)])
    assert [o["turns_left"] for o in out][-2:] == [1, 0]
    assert out[-1]["session_status"] == "ended" and out[-1]["end_reason"] == "budget_exhausted"
    assert out[-1]["stopped"] is False
    e = refused_call(None, Conflict, lambda: say(world, sid, "One more thing"), "session_id")
    assert "budget_exhausted" in e.message
    transcript = outreach.get_transcript(world, acting_as=CM, session_id=sid)
    assert transcript["turns_used"] == 14 and len(transcript["messages"]) == 29


def test_stop_token_from_the_caller_and_bad_messages_are_refused(world: World):
    _, sid = call(world)
    before = digest(world)
    refused_call(None, InvalidInput, lambda: say(world, sid, "Goodbye ###STOP###"), "message")
    refused_call(None, InvalidInput, lambda: say(world, sid, ""), "message")
    refused_call(None, InvalidInput, lambda: say(world, sid, "x" * 4001), "message")
    refused_call(None, NotFound, lambda: outreach.send_message(world, acting_as=CM, session_id="SES-9999", message="hi"),
            "session_id")
    refused_call(None, AuthorityError, lambda: outreach.send_message(world, acting_as=CM2, session_id=sid, message="hi"),
            "acting_as")
    assert digest(world) == before


def test_transcript_is_the_agents_view_only(world: World):
    _, sid = call(world)
    say(world, sid, INTRO)
    t = outreach.get_transcript(world, acting_as=CM2, session_id=sid)
    assert [m["role"] for m in t["messages"]] == ["patient", "care_manager", "patient"]
    assert set(t["messages"][1]) == {"turn_number", "role", "content", "timestamp"}
    assert "events" not in str(t) and "state" not in t


def test_record_is_written_once_by_the_caller(world: World):
    _, sid = call(world, COPD)
    say(world, sid, INTRO)
    refused_call(None, AuthorityError, lambda: outreach.end_outreach_call(world, acting_as=CM2, session_id=sid,
                                                               engagement_status="refused", consent_obtained=False,
                                                               **RECORD), "acting_as")
    outreach.end_outreach_call(world, acting_as=CM, session_id=sid, engagement_status="refused",
                               consent_obtained=False, **RECORD)
    refused_call(None, Conflict, lambda: outreach.end_outreach_call(world, acting_as=CM, session_id=sid,
                                                         engagement_status="refused", consent_obtained=False,
                                                         **RECORD), "session_id")
    with world.read() as s:
        assert s.query(OutreachRecord).filter_by(session_id=sid).count() == 1


def test_same_turns_give_the_same_world(base_world_file: Path, tmp_path: Path):
    script = [INTRO, DOB, "Is now a good time?", PROGRAM, ASK, "How is your mood?", "Which inhalers do you use?",
              "I ask everyone about home, because mold can trigger asthma; you can skip it. How is the apartment?",
              "Thanks, bye."]
    snaps = []
    for i in range(2):
        path = tmp_path / f"w{i}.sqlite"
        shutil.copyfile(base_world_file, path)
        w = World(path)
        _, sid = call(w)
        say(w, sid, *script)
        outreach.end_outreach_call(w, acting_as=CM, session_id=sid, engagement_status="engaged", consent_obtained=True,
                                   **RECORD)
        snaps.append(snapshot(w))
        w.close()
    assert snaps[0]["digest"] == snaps[1]["digest"]
    turns = snaps[0]["tables"]["cm_outreach_turns"]
    assert len(turns) == 19 and turns[-1]["details"]["stopped"] is True
    assert any(t["details"].get("events", {}).get("gates_opened") == ["housing"] for t in turns)


def test_misconfigured_backend_is_reported(world: World, monkeypatch: pytest.MonkeyPatch):
    case_id = reviewed_case(world, ASTHMA)
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "oracle")
    e = refused_call(None, CounterpartConfigError, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id=case_id),
                "CHIBENCH_COUNTERPART_BACKEND")
    assert e.to_dict()["allowed"] == ["live", "scripted"]
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "live")
    refused_call(None, CounterpartConfigError, lambda: outreach.start_outreach_call(world, acting_as=CM, case_id=case_id),
            "CHIBENCH_COUNTERPART_MODEL")


def test_backend_is_fixed_when_the_call_starts(world: World, monkeypatch: pytest.MonkeyPatch):
    _, sid = call(world)
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "oracle")  # later configuration does not touch the call
    out = say(world, sid, INTRO)[0]
    assert out["backend"] == "scripted" and out["patient_response"].startswith("Oh — okay.")
