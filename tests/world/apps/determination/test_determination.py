"""Determination (preflight-gated finalize, summary) and the P2P scheduler."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps.determination import services as det
from chibench.world.apps.md_review import services as md
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.nurse_review.models import ReviewTask
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_session.models import P2PSession
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase, PALine
from chibench.world.core.db import WorkspaceArtifact
from chibench.world.core.errors import (
    AuthorityError,
    Conflict,
    IllegalTransition,
    IndependenceError,
    InvalidInput,
    NotFound,
    PreflightFailed,
)
from chibench.world.core.world import SYSTEM_ACTOR
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp

DENY = {"decision": "denied", "rationale": "six weeks of conservative therapy not documented",
        "policy_citations": [cp.C1_CITE]}


def nurse_approved():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve",
                                           clinical_summary="met")
    return w


def lines(w):
    with w.read() as s:
        return [(ln.outcome, ln.approved_units) for ln in
                s.scalars(select(PALine).where(PALine.case_id == cp.CASE).order_by(PALine.line_number))]


def step(err):
    return err.details["step"]


# --------------------------------------------------------------------------- finalize


def test_nurse_finalizes_her_own_approval_with_authorization():
    w = nurse_approved()
    out = det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, decision="approved")
    assert (out["decision"], out["source"], out["source_record_id"], out["basis"]) == (
        "approved", "nurse_recommendation", "NREC-0001", "medical_necessity")
    assert out["authorization_number"] == "AUTH-CASE-TST-0001" and out["sla_met"] is True
    assert (out["auth_valid_from"], out["auth_valid_to"]) == ("2026-10-20", "2027-01-18")
    assert out["case_status"] == "approved" and out["preflight_steps"][-1] == "P12"
    assert lines(w) == [("approved", 1)]
    with w.read() as s:
        assert {t.status for t in s.scalars(select(ReviewTask))} == {"completed"}
        assert s.get(PACase, cp.CASE).authorization_number == "AUTH-CASE-TST-0001"


def test_second_determination_is_a_conflict():
    w = nurse_approved()
    det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, decision="approved")
    refused_call(w, Conflict, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="approved"),
               field="case_id")


def test_finalize_refusals_leave_no_trace():
    w = nurse_approved()
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, **DENY))
    assert step(err) == "P7"  # differs from the source; no override
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE2, case_id=cp.CASE,
                                                              decision="approved"))
    assert step(err) == "P8"  # another nurse cannot finalize her colleague's approval
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="maybe"))
    assert step(err) == "P3"
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, overridden=True,
                                                              override_reason="", **DENY))
    assert step(err) == "P7"
    for actor in (cp.INTAKE, cp.ERC, cp.PAC):
        refused_call(w, AuthorityError, lambda a=actor: det.finalize(w, acting_as=a, case_id=cp.CASE,
                                                                   decision="approved"), field="acting_as")
    refused_call(w, InvalidInput, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="approved",
                                                     overridden="no"), field="overridden")
    refused_call(w, NotFound, lambda: det.finalize(w, acting_as=cp.MD1, case_id="CASE-NONE", decision="approved"),
               field="case_id")


def test_physician_override_of_a_nurse_approval():
    w = nurse_approved()
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, overridden=True,
                       override_reason="imaging shows no derangement", **DENY)
    assert out["overridden"] is True and out["decision"] == "denied" and out["authorization_number"] is None
    assert lines(w) == [("denied", 0)]


def test_blocked_sources_fail_p6():
    w = cp.to_nurse_review()
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="approved"))) == "P6"
    w = cp.to_md_review()  # escalated, no MD decision yet
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="approved"))) == "P6"
    md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review", rationale="intend deny")
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    **DENY))) == "P6"


def test_md_denial_needs_rationale_and_citation_then_records_denial():
    w = cp.to_md_review()
    cp.md_deny(w)
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="denied"))) == "P9"
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(
        w, acting_as=cp.MD1, case_id=cp.CASE, decision="denied", rationale="x",
        policy_citations=["section 3"]))) == "P9"
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, **DENY)
    assert (out["source"], out["case_status"], out["policy_citations"]) == ("md_decision", "denied", [cp.C1_CITE])
    assert lines(w) == [("denied", 0)]


def test_partial_approval_uses_the_md_line_decisions():
    w = cp.to_md_review(cp.Options(lines=2))
    md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="partial_approve", rationale="L2 no",
                               denial_rationale="contrast not indicated", policy_citations=[cp.C2_CITE],
                               signed_off=True, line_decisions=[{"line_number": 1, "decision": "approved"},
                                                                {"line_number": 2, "decision": "denied",
                                                                 "reason": "contrast not indicated"}])
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="partially_approved",
                       rationale="contrast not indicated", policy_citations=[cp.C2_CITE])
    assert out["authorization_number"] == "AUTH-CASE-TST-0001" and out["case_status"] == "partially_approved"
    assert lines(w) == [("approved", 1), ("denied", 0)]


def test_administrative_denial_by_a_physician():
    w = cp.build_payer_world()
    cp.do_intake(w, eligible=False)
    cp.do_triage(w, lane="administrative_review")
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE,
                                                                    **DENY))) == "P8"
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="denied",
                       rationale="coverage terminated before the date of service",
                       policy_citations=["KM-UM-OPS-001 §2.1"])
    assert (out["basis"], out["source"], out["source_record_id"]) == ("administrative", "administrative", "RTE-0001")


def test_sla_missed_is_recorded():
    w = nurse_approved()
    w.advance(hours=6 * 24)
    out = det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, decision="approved")
    assert out["sla_met"] is False and out["sla_deadline"] == "2026-10-10T13:00:00Z"


def test_summary_is_read_only_and_previews_preflight():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    before = digest(w)
    summary = det.get_summary(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert digest(w) == before
    assert summary["criteria"]["nurse"] == {"met": 1, "not_met": 0, "unclear": 0}
    assert summary["criteria"]["not_evaluated"] == [{"line_number": 1, "criterion_id": "C2"}]
    assert summary["sla"]["deadline"] == "2026-10-10T13:00:00Z" and summary["sla"]["seconds_remaining"] > 0
    assert summary["preflight_preview"]["approved"] == {"passes": False, "step": "P6",
                                                        "message": summary["preflight_preview"]["approved"]["message"]}
    nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve",
                                           clinical_summary="met")
    summary = det.get_summary(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert summary["preflight_preview"]["approved"] == {"passes": True, "source": "nurse_recommendation"}
    refused_call(w, AuthorityError, lambda: det.get_summary(w, acting_as=cp.PAC, case_id=cp.CASE), field="acting_as")


# --------------------------------------------------------------------------- P2P scheduler


SLOT = "2026-10-06T15:00:00Z"


@pytest.fixture()
def p2p_world():
    w = cp.to_md_review()
    out = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review",
                                     rationale="intend to deny")
    yield w, out["p2p_request_id"]
    w.close()


def offer(w, rid, reviewer=cp.MD2, slots=(SLOT, "2026-10-07T15:00:00Z"), actor=cp.INTAKE):
    return p2p.offer_slots(w, acting_as=actor, request_id=rid, payer_reviewer_id=reviewer, slots=list(slots))


def test_p2p_full_cycle_resolves_the_determination(p2p_world):
    w, rid = p2p_world
    out = offer(w, rid)
    assert out["status"] == "slots_offered" and out["payer_reviewer_id"] == cp.MD2
    assert p2p.select_slot(w, acting_as=cp.PAC, request_id=rid, slot="2026-10-06T10:00:00-05:00")["status"] == \
        "slot_selected"
    out = p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid, scheduled_at=SLOT)
    assert out["scheduled_at"] == SLOT
    with w.read() as s:
        art = s.get(WorkspaceArtifact, out["invite_artifact_id"])
        assert art.scope == "shared" and art.filename.endswith(".ics") and "DTSTART:20261006T150000Z" in art.content
        kinds = [m.kind for m in s.scalars(select(InboxMessage).order_by(InboxMessage.id))]
        assert kinds == ["preliminary_adverse_determination", "p2p_invitation", "p2p_scheduled"]
    out = p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="overturn_to_approval",
                             note="PT notes confirm 8 weeks of therapy")
    assert out["status"] == "completed"
    assert w.now() >= dt.datetime(2026, 10, 6, 15, 20, tzinfo=dt.UTC)  # the clock ran to the end of the call
    final = det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE, decision="approved")
    assert (final["source"], final["source_record_id"]) == ("p2p", rid)
    assert p2p.list_requests(w, acting_as=cp.NURSE, case_id=cp.CASE)[0]["outcome"] == "overturn_to_approval"


def test_offer_slots_refusals(p2p_world):
    w, rid = p2p_world
    refused_call(w, IndependenceError, lambda: offer(w, rid, reviewer=cp.MD1), field="reviewer_id")
    refused_call(w, AuthorityError, lambda: offer(w, rid, reviewer=cp.NURSE), field="payer_reviewer_id")
    refused_call(w, NotFound, lambda: offer(w, rid, reviewer="WKR-MD-99"), field="payer_reviewer_id")
    refused_call(w, AuthorityError, lambda: offer(w, rid, actor=cp.PAC), field="acting_as")
    refused_call(w, NotFound, lambda: offer(w, "P2P-9999"), field="request_id")
    for slots, field in ((["2026-10-05T10:00:00Z"], "slots"), ([], "slots"), (["2026-10-06 15:00"], "slots[0]"),
                         ([SLOT, SLOT], "slots"), (["2026-11-30T15:00:00Z"], "slots"),
                         ([f"2026-10-0{d}T15:00:00Z" for d in range(6, 10)] + ["2026-10-10T15:00:00Z",
                                                                                "2026-10-11T15:00:00Z"], "slots")):
        refused_call(w, InvalidInput, lambda sl=slots: offer(w, rid, slots=sl), field=field)
    offer(w, rid)
    refused_call(w, IllegalTransition, lambda: offer(w, rid, reviewer=cp.MD3))


def test_select_schedule_and_outcome_refusals(p2p_world):
    w, rid = p2p_world
    refused_call(w, IllegalTransition, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                                outcome="uphold_adverse", note="x"))
    offer(w, rid)
    refused_call(w, AuthorityError, lambda: p2p.select_slot(w, acting_as=cp.PAC_OTHER, request_id=rid, slot=SLOT),
               field="acting_as")
    refused_call(w, AuthorityError, lambda: p2p.select_slot(w, acting_as=cp.MD2, request_id=rid, slot=SLOT),
               field="acting_as")
    refused_call(w, InvalidInput, lambda: p2p.select_slot(w, acting_as=cp.PAC, request_id=rid,
                                                        slot="2026-10-08T15:00:00Z"), field="slot")
    refused_call(w, IllegalTransition, lambda: p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid))
    p2p.select_slot(w, acting_as=cp.PCP, request_id=rid, slot=SLOT)
    refused_call(w, InvalidInput, lambda: p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid,
                                                     scheduled_at="2026-10-07T15:00:00Z"), field="scheduled_at")
    p2p.schedule(w, acting_as=cp.MD3, request_id=rid)
    refused_call(w, AuthorityError, lambda: p2p.record_outcome(w, acting_as=cp.MD3, request_id=rid,
                                                             outcome="uphold_adverse", note="x"), field="acting_as")
    refused_call(w, InvalidInput, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="approved",
                                                           note="x"), field="outcome")
    refused_call(w, InvalidInput, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                           outcome="uphold_adverse", note=""), field="note")
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.session", allow_system=True) as tx:
        tx.session.add(P2PSession(id="P2PS-1", request_id=rid, case_id=cp.CASE, agent_side="payer",
                                  agent_worker_id=cp.MD2, counterpart_worker_id=cp.PCP, turn_limit=10,
                                  started_at=tx.now))
    refused_call(w, Conflict, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                       outcome="uphold_adverse", note="x"), field="request_id")


def test_p2p_upheld_leads_to_denial(p2p_world):
    w, rid = p2p_world
    offer(w, rid)
    p2p.select_slot(w, acting_as=cp.PAC, request_id=rid, slot=SLOT)
    p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid)
    p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="uphold_adverse", note="no new facts")
    assert step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE,
                                                                    decision="approved"))) == "P7"
    out = det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE, **DENY)
    assert out["source"] == "p2p" and out["decision"] == "denied"
