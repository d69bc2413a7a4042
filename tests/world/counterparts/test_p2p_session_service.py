"""p2p_session services with the scripted counterpart, on both seats."""

from __future__ import annotations

import datetime as dt
import shutil

from chibench.world.apps.determination import services as determination
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.p2p_session import services as session
from chibench.world.apps.p2p_session.models import P2PSession
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from chibench.world.core.world import World
from tests.support import digest, refused_call

from .support import (
    INTAKE,
    ORDERING,
    PAYER_REVIEWER,
    p2p_request,
    p2p_turns,
)

MPT, HNS = "myocardial_pet", "hypoglossal_nerve_stim"


def test_context_before_the_call(p2p_world):
    w, rid = p2p_world(MPT)
    before = digest(w)
    ctx = session.get_context(w, acting_as=PAYER_REVIEWER[MPT], request_id=rid)
    assert digest(w) == before  # a read
    assert ctx["agent_side"] == "payer" and ctx["request"]["status"] == "scheduled"
    assert ctx["counterpart"]["worker_id"] == "WKR-MPT-01" and ctx["counterpart"]["name"].startswith("Catherine Lowell")
    assert "calcium score of 212" in ctx["opening_statement"]
    assert ctx["session"] == {"session_id": None, "started": False, "agent_turns": 0, "turn_limit": 8,
                              "turns_left": 8, "ended": False, "end_reason": None, "finalized": False,
                              "backend": None}
    assert ctx["transcript"] == []
    text = str(ctx)
    assert "41.0" not in text and "overturn_to_approval" not in text and "forbidden" not in text


def test_payer_side_call_brings_out_the_fact_and_the_outcome_follows(p2p_world):
    w, rid = p2p_world(MPT)
    md = PAYER_REVIEWER[MPT]
    first = session.send_turn(w, acting_as=md, request_id=rid,
                              message="Dr. Lowell, I'm the Keystone reviewer; I wasn't part of the first decision. "
                                      "The open question is §3.3: the request shows BMI 39.4 from June.")
    assert first["turn_number"] == 3 and first["agent_turns"] == 1 and first["backend"] == "scripted"
    with w.read() as s:
        req = s.get(P2PRequest, rid)
        assert req.status == "in_session"
        assert w.now() > req.scheduled_at  # the call happened at its slot
    second = session.send_turn(w, acting_as=md, request_id=rid,
                               message="What is her current measured BMI, and where is it documented?")
    assert "41.0" in second["counterpart_response"]
    third = session.send_turn(w, acting_as=md, request_id=rid,
                              message="Then I'll overturn to approval. Thank you for your time.")
    assert third["ended"] and third["end_reason"] == "counterpart_ended"
    refused_call(None, Conflict, lambda: session.send_turn(w, acting_as=md, request_id=rid, message="One more thing?"),
            "request_id")
    turns = p2p_turns(w, rid)
    assert [t["speaker"] for t in turns] == ["counterpart"] + ["agent", "counterpart"] * 3
    assert turns[0]["details"]["opening"] is True
    assert turns[3]["details"]["events"] == {"facts_revealed": ["f_bmi_current"], "responses": ["r_documentation"]}
    assert turns[4]["details"]["backend"] == "scripted"
    with w.read() as s:
        sess = s.query(P2PSession).filter_by(request_id=rid).one()
        assert "f_bmi_current" in sess.revealed_fact_ids and sess.backend == "scripted"
    refused_call(None, Conflict, lambda: p2p.record_outcome(w, acting_as=md, request_id=rid, outcome="overturn_to_approval",
                                                 note="BMI 41.0"), "request_id")  # summary first
    refused_call(None, InvalidInput, lambda: session.submit_summary(w, acting_as=md, request_id=rid, summary="too short",
                                                         proposed_outcome="overturn_to_approval"), "summary")
    refused_call(None, InvalidInput, lambda: session.submit_summary(w, acting_as=md, request_id=rid, summary="x" * 30,
                                                         proposed_outcome="approve"), "proposed_outcome")
    out = session.submit_summary(w, acting_as=md, request_id=rid, proposed_outcome="overturn_to_approval",
                                 summary="§3.3 met: BMI 41.0 measured 09/18/2026 (cardiology consult note).")
    assert out["finalized"] is True and "payer_outcome" not in out
    refused_call(None, Conflict, lambda: session.submit_summary(w, acting_as=md, request_id=rid, summary="x" * 30,
                                                     proposed_outcome="overturn_to_approval"), "request_id")
    refused_call(None, Conflict, lambda: session.send_turn(w, acting_as=md, request_id=rid, message="Hello?"), "request_id")
    p2p.record_outcome(w, acting_as=md, request_id=rid, outcome="overturn_to_approval", note="BMI 41.0 on 09/18")
    with w.read() as s:
        case_id = s.get(P2PRequest, rid).case_id
    det = determination.finalize(w, acting_as=md, case_id=case_id, decision="approved")
    assert det["decision"] == "approved"


def test_provider_side_call_and_the_simulated_reviewer_records_its_decision(p2p_world):
    w, rid = p2p_world(HNS)
    doc = ORDERING[HNS]
    ctx = session.get_context(w, acting_as=doc, request_id=rid)
    assert ctx["agent_side"] == "provider" and ctx["counterpart"]["worker_id"] == PAYER_REVIEWER[HNS]
    assert "63 of 221" in ctx["opening_statement"]
    r = session.send_turn(w, acting_as=doc, request_id=rid, message="What would it take to get this approved?")
    assert "new request" in r["counterpart_response"]
    # the payer seat is not the agent's on this call now
    refused_call(None, Conflict, lambda: session.send_turn(w, acting_as=PAYER_REVIEWER[HNS], request_id=rid,
                                                message="Hello"), "request_id")
    out = session.submit_summary(w, acting_as=doc, request_id=rid, proposed_outcome="uphold_adverse",
                                 summary="Reviewer upholds on §3.3 (28.5%); we will repeat the attended PSG.")
    assert out["payer_outcome"] == "uphold_adverse" and out["request_status"] == "completed"
    with w.read() as s:
        req = s.get(P2PRequest, rid)
        assert req.outcome == "uphold_adverse" and req.payer_reviewer_id == PAYER_REVIEWER[HNS]


def test_call_requires_a_scheduled_request(base_world_file, tmp_path):
    path = tmp_path / "w.sqlite"
    shutil.copyfile(base_world_file, path)
    w = World(path)
    rid = p2p_request(w, HNS, schedule=False)
    refused_call(None, AuthorityError, lambda: session.send_turn(w, acting_as=PAYER_REVIEWER[HNS], request_id=rid,
                                                      message="Hello"), "acting_as")  # no reviewer assigned yet
    refused_call(None, Conflict, lambda: session.get_context(w, acting_as=ORDERING[HNS], request_id=rid), "request_id")
    slot = (w.now() + dt.timedelta(hours=5)).replace(minute=0, second=0, microsecond=0).isoformat()
    p2p.offer_slots(w, acting_as=INTAKE, request_id=rid, payer_reviewer_id=PAYER_REVIEWER[HNS], slots=[slot])
    before = digest(w)
    e = refused_call(None, Conflict, lambda: session.send_turn(w, acting_as=PAYER_REVIEWER[HNS], request_id=rid,
                                                    message="Hello"), "request_id")
    assert e.to_dict()["allowed"] == ["scheduled"]
    refused_call(None, Conflict, lambda: session.submit_summary(w, acting_as=PAYER_REVIEWER[HNS], request_id=rid,
                                                     summary="x" * 30, proposed_outcome="uphold_adverse"),
            "request_id")
    assert digest(w) == before
    w.close()


def test_only_the_two_seats_take_part(p2p_world):
    w, rid = p2p_world(MPT)
    for actor in ("WKR-MD-01", "WKR-MD-02"):  # the original reviewer, an unassigned MD
        refused_call(None, AuthorityError, lambda a=actor: session.send_turn(w, acting_as=a, request_id=rid, message="Hi"),
                "acting_as")
    refused_call(None, AuthorityError, lambda: session.get_context(w, acting_as="WKR-PAC-04", request_id=rid), "acting_as")
    refused_call(None, AuthorityError, lambda: session.get_context(w, acting_as="WKR-HNS-01", request_id=rid), "acting_as")
    refused_call(None, NotFound, lambda: session.get_context(w, acting_as=PAYER_REVIEWER[MPT], request_id="P2P-9999"),
            "request_id")
    # no simulated reviewer is configured for the provider seat of this case
    refused_call(None, Conflict, lambda: session.get_context(w, acting_as=ORDERING[MPT], request_id=rid), "request_id")
    refused_call(None, InvalidInput, lambda: session.send_turn(w, acting_as=PAYER_REVIEWER[MPT], request_id=rid,
                                                    message="bye ###STOP###"), "message")


def test_turn_limit_is_enforced(p2p_world):
    w, rid = p2p_world(HNS)
    md = PAYER_REVIEWER[HNS]
    outs = [session.send_turn(w, acting_as=md, request_id=rid, message="Go on.") for _ in range(8)]
    assert [o["turns_left"] for o in outs] == [7, 6, 5, 4, 3, 2, 1, 0]
    assert outs[-1]["ended"] and outs[-1]["end_reason"] == "turn_limit"
    e = refused_call(None, Conflict, lambda: session.send_turn(w, acting_as=md, request_id=rid, message="Go on."), "request_id")
    assert "turn limit" in e.message
    ctx = session.get_context(w, acting_as=md, request_id=rid)
    assert ctx["session"]["agent_turns"] == 8 and len(ctx["transcript"]) == 17
    session.submit_summary(w, acting_as=md, request_id=rid, summary="Held to the limit; §3.3 not met.",
                           proposed_outcome="uphold_adverse")
    with w.read() as s:
        case = s.get(PACase, s.get(P2PRequest, rid).case_id)
        assert case.status == "under_review"  # the session never moves the case
