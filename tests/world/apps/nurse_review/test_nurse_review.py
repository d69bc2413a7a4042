"""Nurse and medical-director review services: workspaces, criteria evaluations, handoffs and refusals."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from chibench.world.apps.md_review import services as md
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.nurse_review.models import ReviewTask
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.triage import services as triage
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp

QUOTE = "despite 8 weeks of supervised physical therapy"


def evaluation(**kw):
    args = {"case_id": cp.CASE, "line_number": 1, "criterion_id": "C1", "result": "met", "citation": cp.C1_CITE,
            "note": "documented", "evidence": [{"document_id": cp.DOC_NOTE, "quote": QUOTE}]}
    return {**args, **kw}


def tasks(w):
    with w.read() as s:
        return [(t.queue, t.status, t.assigned_to) for t in s.scalars(select(ReviewTask).order_by(ReviewTask.id))]


def case_status(w):
    with w.read() as s:
        return s.get(PACase, cp.CASE).status


# --------------------------------------------------------------------------- nurse workspace and evaluations


def test_nurse_workspace_has_criteria_and_payer_documents_only():
    w = cp.to_nurse_review()
    before = digest(w)
    data = nurse.get_nurse_review_data(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert [c["citation"] for c in data["policy"]["criteria"]] == [cp.C1_CITE, cp.C2_CITE]
    assert "threshold" not in data["policy"]["criteria"][0]
    assert {d["id"] for d in data["documents"]} == {cp.DOC_NOTE, cp.DOC_IMG} and data["documents"][0]["body"]
    assert data["nurse_recommendation"] is None and data["intake"]["status"] == "complete"
    assert digest(w) == before


def test_save_evaluation_creates_then_replaces_and_claims_the_task():
    w = cp.to_nurse_review()
    row = nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation(evidence=[
        {"document_id": cp.DOC_NOTE, "quote": "  DESPITE 8 weeks\nof supervised physical therapy "}]))
    assert row["id"] == f"{cp.CASE}:nurse:L1:C1" and row["result"] == "met"
    assert tasks(w) == [("nurse_review", "claimed", cp.NURSE)]
    row = nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation(result="unclear", evidence=[]))
    assert row["result"] == "unclear" and row["evidence"] == []
    data = nurse.get_nurse_review_data(w, acting_as=cp.NURSE2, case_id=cp.CASE)
    assert len(data["evaluations"]) == 1


@pytest.mark.parametrize(("kw", "exc", "field"), [
    ({"criterion_id": "C9"}, InvalidInput, "criterion_id"),
    ({"citation": "KM-MP-IMG-001 §9"}, InvalidInput, "citation"),
    ({"result": "partially_met"}, InvalidInput, "result"),
    ({"line_number": 2}, InvalidInput, "line_number"),
    ({"line_number": "1"}, InvalidInput, "line_number"),
    ({"note": ""}, InvalidInput, "note"),
    ({"evidence": []}, InvalidInput, "evidence"),  # met without evidence
    ({"evidence": "DOC-TST-P01"}, InvalidInput, "evidence"),
    ({"evidence": [{"document_id": cp.DOC_NOTE, "quote": QUOTE, "page": 1}]}, InvalidInput, "evidence[0]"),
    ({"evidence": [{"document_id": cp.DOC_PROVIDER, "quote": QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": cp.DOC_OTHER, "quote": QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": "DOC-NONE", "quote": QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": cp.DOC_NOTE, "quote": "12 weeks of physical therapy"}]}, InvalidInput,
     "evidence[0].quote"),
])
def test_save_evaluation_refusals(kw, exc, field):
    w = cp.to_nurse_review()
    refused_call(w, exc, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation(**kw)), field=field)


def test_save_evaluation_role_and_stage_refusals():
    w = cp.build_payer_world()
    cp.do_intake(w)
    refused_call(w, Conflict, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation()),
               field="case_id")  # not routed yet
    cp.do_triage(w, lane="md_review")
    refused_call(w, Conflict, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation()),
               field="case_id")  # routed to MD review: no nurse task
    for actor in (cp.MD1, cp.INTAKE, cp.PCP):
        refused_call(w, AuthorityError, lambda a=actor: nurse.save_criteria_evaluation(w, acting_as=a, **evaluation()),
                   field="acting_as")


# --------------------------------------------------------------------------- nurse recommendation


def test_nurse_approve_is_final():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    rec = nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve",
                                                 clinical_summary="criteria met")
    assert (rec["criteria_met"], rec["criteria_total"], rec["case_status"]) == (1, 2, "under_review")
    assert tasks(w) == [("nurse_review", "completed", cp.NURSE)]
    for call in (lambda: nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE2, case_id=cp.CASE,
                                                                recommendation="escalate", clinical_summary="x"),
                 lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **evaluation())):
        refused_call(w, Conflict, call, field="case_id")


def test_nurse_escalation_queues_md_review():
    w = cp.to_md_review()
    assert tasks(w) == [("nurse_review", "completed", cp.NURSE), ("md_review", "queued", None)]


def test_nurse_request_info_pends_the_case():
    w = cp.to_nurse_review()
    rec = nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="request_info",
                                                 clinical_summary="PT notes missing", info_requested=["PT notes"],
                                                 info_due="2026-10-09")
    assert rec["case_status"] == "pended_action_required" and rec["info_due"] == "2026-10-09"
    with w.read() as s:
        assert s.get(PACase, cp.CASE).pend_due_at.isoformat() == "2026-10-09T23:59:59+00:00"


@pytest.mark.parametrize(("kw", "exc", "field"), [
    ({"recommendation": "deny"}, AuthorityError, "recommendation"),
    ({"recommendation": "denied"}, AuthorityError, "recommendation"),
    ({"clinical_summary": ""}, InvalidInput, "clinical_summary"),
    ({"recommendation": "request_info"}, InvalidInput, "info_requested"),
    ({"recommendation": "request_info", "info_requested": ["x"]}, InvalidInput, "info_due"),
    ({"recommendation": "request_info", "info_requested": ["x"], "info_due": "2026-10-01"}, InvalidInput, "info_due"),
    ({"recommendation": "escalate", "info_requested": ["x"]}, InvalidInput, "info_requested"),
    ({"recommendation": "approve"}, Conflict, "recommendation"),  # no evaluations recorded
])
def test_nurse_recommendation_refusals(kw, exc, field):
    w = cp.to_nurse_review()
    args = {"recommendation": "escalate", "clinical_summary": "summary", **kw}
    refused_call(w, exc, lambda: nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, **args),
               field=field)


def test_nurse_cannot_approve_over_unmet_criteria_or_where_policy_needs_a_physician():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    cp.evaluate(w, result="not_met", criterion="C2")
    refused_call(w, Conflict, lambda: nurse.submit_nurse_case_recommendation(
        w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve", clinical_summary="x"), field="recommendation")
    w2 = cp.build_payer_world(cp.Options(allow_nurse_approval=False))
    cp.do_intake(w2)
    cp.do_triage(w2, route=False)
    triage.route_case(w2, acting_as=cp.INTAKE, case_id=cp.CASE, lane="nurse_review", reason="nurse screen first")
    cp.evaluate(w2)
    refused_call(w2, AuthorityError, lambda: nurse.submit_nurse_case_recommendation(
        w2, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve", clinical_summary="x"), field="recommendation")
    for actor in (cp.MD1, cp.INTAKE):
        refused_call(w2, AuthorityError, lambda a=actor: nurse.submit_nurse_case_recommendation(
            w2, acting_as=a, case_id=cp.CASE, recommendation="escalate", clinical_summary="x"), field="acting_as")


# --------------------------------------------------------------------------- MD review


def test_md_workspace_and_evaluation():
    w = cp.to_md_review()
    data = md.get_md_review_data(w, acting_as=cp.MD1, case_id=cp.CASE)
    assert data["nurse_recommendation"]["recommendation"] == "escalate"
    assert [e["result"] for e in data["nurse_evaluations"]] == ["not_met"] and data["md_decisions"] == []
    row = cp.evaluate(w, cp.MD1, stage="md")
    assert row["id"] == f"{cp.CASE}:md:L1:C1"
    assert ("md_review", "claimed", cp.MD1) in tasks(w)
    refused_call(w, AuthorityError, lambda: md.save_md_review(w, acting_as=cp.NURSE, **evaluation()), field="acting_as")


def test_md_deny_is_final():
    w = cp.to_md_review()
    out = cp.md_deny(w)
    assert out["decision"] == "deny" and out["case_status"] == "under_review" and out["signed_off"] is True
    assert ("md_review", "completed", cp.MD1) in tasks(w)
    refused_call(w, Conflict, lambda: md.submit_md_case_decision(w, acting_as=cp.MD2, case_id=cp.CASE,
                                                               decision="approve", rationale="changed my mind"),
               field="case_id")
    refused_call(w, Conflict, lambda: md.save_md_review(w, acting_as=cp.MD1, **evaluation()), field="case_id")


@pytest.mark.parametrize(("kw", "exc", "field"), [
    ({"decision": "reject"}, InvalidInput, "decision"),
    ({"signed_off": False}, AuthorityError, "signed_off"),
    ({"signed_off": "yes"}, InvalidInput, "signed_off"),
    ({"denial_rationale": None}, InvalidInput, "denial_rationale"),
    ({"policy_citations": []}, InvalidInput, "policy_citations"),
    ({"policy_citations": ["policy 3.1"]}, InvalidInput, "policy_citations"),
    ({"policy_citations": ["KM-UM-OPS-003 §2"]}, InvalidInput, "policy_citations"),  # not this case's policy
    ({"rationale": " "}, InvalidInput, "rationale"),
    ({"line_decisions": [{"line_number": 1, "decision": "denied", "reason": "x"}]}, InvalidInput, "line_decisions"),
    ({"decision": "approve", "denial_rationale": "x", "signed_off": False, "policy_citations": []}, InvalidInput,
     "denial_rationale"),
    ({"decision": "request_info", "denial_rationale": None, "policy_citations": []}, InvalidInput, "info_requested"),
])
def test_md_decision_refusals(kw, exc, field):
    w = cp.to_md_review()
    args = {"decision": "deny", "rationale": "criteria not met", "denial_rationale": "no 6-week trial",
            "policy_citations": [cp.C1_CITE], "signed_off": True, **kw}
    refused_call(w, exc, lambda: md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, **args), field=field)


def test_md_decision_role_and_task_refusals():
    w = cp.to_nurse_review()
    refused_call(w, Conflict, lambda: cp.md_deny(w), field="case_id")  # still with the nurse: no MD task
    w = cp.to_md_review()
    for actor in (cp.NURSE, cp.INTAKE, cp.ERC, cp.PCP):
        refused_call(w, AuthorityError, lambda a=actor: cp.md_deny(w, a), field="acting_as")


def test_partial_approval_needs_every_line():
    w = cp.to_md_review(cp.Options(lines=2))
    base = {"decision": "partial_approve", "rationale": "L2 not needed", "denial_rationale": "contrast not indicated",
            "policy_citations": [cp.C2_CITE], "signed_off": True}
    bad = [([{"line_number": 1, "decision": "approved"}], "line_decisions"),
           ([{"line_number": 1, "decision": "approved"}, {"line_number": 2, "decision": "approved"}], "line_decisions"),
           ([{"line_number": 1, "decision": "approved"}, {"line_number": 2, "decision": "denied"}],
            "line_decisions[1].reason"),
           ([{"line_number": 1, "decision": "approved", "approved_units": 5},
             {"line_number": 2, "decision": "denied", "reason": "x"}], "line_decisions[0].approved_units"),
           ([{"line_number": 3, "decision": "approved"}, {"line_number": 2, "decision": "denied", "reason": "x"}],
            "line_decisions[0].line_number")]
    for lines, field in bad:
        refused_call(w, InvalidInput, lambda ln=lines: md.submit_md_case_decision(
            w, acting_as=cp.MD1, case_id=cp.CASE, line_decisions=ln, **base), field=field)
    out = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, **base, line_decisions=[
        {"line_number": 1, "decision": "approved"}, {"line_number": 2, "decision": "denied", "reason": "no need"}])
    assert out["line_decisions"][0]["approved_units"] == 1 and out["line_decisions"][1]["approved_units"] == 0


def test_md_request_info_pends_and_is_superseded_after_resubmission():
    w = cp.to_md_review()
    first = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="request_info",
                                       rationale="need imaging", info_requested=["MRI report"], info_due="2026-10-09")
    assert first["case_status"] == "pended_action_required"
    cp.force_status(w, cp.CASE, "resubmitted")
    triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="md_review", reason="information received")
    second = md.submit_md_case_decision(w, acting_as=cp.MD2, case_id=cp.CASE, decision="approve",
                                        rationale="criteria now met")
    with w.read() as s:
        assert s.get(MdDecision, first["id"]).superseded_by == second["id"]


def test_md_p2p_review_opens_a_request_naming_the_original_reviewer():
    w = cp.to_md_review()
    out = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review",
                                     rationale="intend to deny; offering peer-to-peer")
    with w.read() as s:
        req = s.get(P2PRequest, out["p2p_request_id"])
        assert (req.status, req.original_reviewer_id, req.provider_worker_id, req.md_decision_id) == (
            "requested", cp.MD1, cp.PCP, out["id"])
        assert req.due_at.isoformat() == "2026-10-10T13:00:00+00:00"
    assert case_status(w) == "under_review"
