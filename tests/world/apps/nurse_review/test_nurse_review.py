"""Nurse review services: workspace, criteria evaluations, the case recommendation and its handoffs and refusals."""

from __future__ import annotations

import pytest

from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.triage import services as triage
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp

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
    row = nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation(evidence=[
        {"document_id": cp.DOC_NOTE, "quote": "  DESPITE 8 weeks\nof supervised physical therapy "}]))
    assert row["id"] == f"{cp.CASE}:nurse:L1:C1" and row["result"] == "met"
    assert cp.tasks(w) == [("nurse_review", "claimed", cp.NURSE)]
    row = nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation(result="unclear", evidence=[]))
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
    ({"evidence": [{"document_id": cp.DOC_NOTE, "quote": cp.QUOTE, "page": 1}]}, InvalidInput, "evidence[0]"),
    ({"evidence": [{"document_id": cp.DOC_PROVIDER, "quote": cp.QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": cp.DOC_OTHER, "quote": cp.QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": "DOC-NONE", "quote": cp.QUOTE}]}, NotFound, "evidence[0].document_id"),
    ({"evidence": [{"document_id": cp.DOC_NOTE, "quote": "12 weeks of physical therapy"}]}, InvalidInput,
     "evidence[0].quote"),
])
def test_save_evaluation_refusals(kw, exc, field):
    w = cp.to_nurse_review()
    refused_call(w, exc, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation(**kw)), field=field)


def test_save_evaluation_role_and_stage_refusals():
    w = cp.build_payer_world()
    cp.do_intake(w)
    refused_call(w, Conflict, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation()),
               field="case_id")  # not routed yet
    cp.do_triage(w, lane="md_review")
    refused_call(w, Conflict, lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation()),
               field="case_id")  # routed to MD review: no nurse task
    for actor in (cp.MD1, cp.INTAKE, cp.PCP):
        refused_call(w, AuthorityError, lambda a=actor: nurse.save_criteria_evaluation(w, acting_as=a, **cp.evaluation()),
                   field="acting_as")


# --------------------------------------------------------------------------- nurse recommendation


def test_nurse_approve_is_final():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    rec = nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve",
                                                 clinical_summary="criteria met")
    assert (rec["criteria_met"], rec["criteria_total"], rec["case_status"]) == (1, 2, "under_review")
    assert cp.tasks(w) == [("nurse_review", "completed", cp.NURSE)]
    for call in (lambda: nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE2, case_id=cp.CASE,
                                                                recommendation="escalate", clinical_summary="x"),
                 lambda: nurse.save_criteria_evaluation(w, acting_as=cp.NURSE, **cp.evaluation())):
        refused_call(w, Conflict, call, field="case_id")


def test_nurse_escalation_queues_md_review():
    w = cp.to_md_review()
    assert cp.tasks(w) == [("nurse_review", "completed", cp.NURSE), ("md_review", "queued", None)]


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
