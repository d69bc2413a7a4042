"""Medical-director review services: workspace, criteria evaluations, case decisions (deny, partial approval,
request info, P2P review) and refusals."""

from __future__ import annotations

import pytest

from chibench.world.apps.md_review import services as md
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.triage import services as triage
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput
from tests.support import refused_call
from tests.world.apps import payer_support as cp


def test_md_workspace_and_evaluation():
    w = cp.to_md_review()
    data = md.get_md_review_data(w, acting_as=cp.MD1, case_id=cp.CASE)
    assert data["nurse_recommendation"]["recommendation"] == "escalate"
    assert [e["result"] for e in data["nurse_evaluations"]] == ["not_met"] and data["md_decisions"] == []
    row = cp.evaluate(w, cp.MD1, stage="md")
    assert row["id"] == f"{cp.CASE}:md:L1:C1"
    assert ("md_review", "claimed", cp.MD1) in cp.tasks(w)
    refused_call(w, AuthorityError, lambda: md.save_md_review(w, acting_as=cp.NURSE, **cp.evaluation()), field="acting_as")


def test_md_deny_is_final():
    w = cp.to_md_review()
    out = cp.md_deny(w)
    assert out["decision"] == "deny" and out["case_status"] == "under_review" and out["signed_off"] is True
    assert ("md_review", "completed", cp.MD1) in cp.tasks(w)
    refused_call(w, Conflict, lambda: md.submit_md_case_decision(w, acting_as=cp.MD2, case_id=cp.CASE,
                                                               decision="approve", rationale="changed my mind"),
               field="case_id")
    refused_call(w, Conflict, lambda: md.save_md_review(w, acting_as=cp.MD1, **cp.evaluation()), field="case_id")


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
    assert cp.case_status(w) == "under_review"
