"""Determination: preflight-gated finalize and the read-only summary (P2P outcomes in ``p2p_scheduler/``)."""

from __future__ import annotations

from sqlalchemy import select

from chibench.world.apps.determination import services as det
from chibench.world.apps.md_review import services as md
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.nurse_review.models import ReviewTask
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, PreflightFailed
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp


def lines(w):
    with w.read() as s:
        return [(ln.outcome, ln.approved_units) for ln in
                s.scalars(select(PALine).where(PALine.case_id == cp.CASE).order_by(PALine.line_number))]


# --------------------------------------------------------------------------- finalize


def test_nurse_finalizes_her_own_approval_with_authorization():
    w = cp.nurse_approved()
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
    w = cp.nurse_approved()
    det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, decision="approved")
    refused_call(w, Conflict, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="approved"),
               field="case_id")


def test_finalize_refusals_leave_no_trace():
    w = cp.nurse_approved()
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, **cp.DENY))
    assert cp.preflight_step(err) == "P7"  # differs from the source; no override
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE2, case_id=cp.CASE,
                                                              decision="approved"))
    assert cp.preflight_step(err) == "P8"  # another nurse cannot finalize her colleague's approval
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="maybe"))
    assert cp.preflight_step(err) == "P3"
    err = refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, overridden=True,
                                                              override_reason="", **cp.DENY))
    assert cp.preflight_step(err) == "P7"
    for actor in (cp.INTAKE, cp.ERC, cp.PAC):
        refused_call(w, AuthorityError, lambda a=actor: det.finalize(w, acting_as=a, case_id=cp.CASE,
                                                                   decision="approved"), field="acting_as")
    refused_call(w, InvalidInput, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="approved",
                                                     overridden="no"), field="overridden")
    refused_call(w, NotFound, lambda: det.finalize(w, acting_as=cp.MD1, case_id="CASE-NONE", decision="approved"),
               field="case_id")


def test_physician_override_of_a_nurse_approval():
    w = cp.nurse_approved()
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, overridden=True,
                       override_reason="imaging shows no derangement", **cp.DENY)
    assert out["overridden"] is True and out["decision"] == "denied" and out["authorization_number"] is None
    assert lines(w) == [("denied", 0)]


def test_blocked_sources_fail_p6():
    w = cp.to_nurse_review()
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="approved"))) == "P6"
    w = cp.to_md_review()  # escalated, no MD decision yet
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="approved"))) == "P6"
    md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review", rationale="intend deny")
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    **cp.DENY))) == "P6"


def test_md_denial_needs_rationale_and_citation_then_records_denial():
    w = cp.to_md_review()
    cp.md_deny(w)
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                    decision="denied"))) == "P9"
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(
        w, acting_as=cp.MD1, case_id=cp.CASE, decision="denied", rationale="x",
        policy_citations=["section 3"]))) == "P9"
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, **cp.DENY)
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
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE,
                                                                    **cp.DENY))) == "P8"
    out = det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="denied",
                       rationale="coverage terminated before the date of service",
                       policy_citations=["KM-UM-OPS-001 §2.1"])
    assert (out["basis"], out["source"], out["source_record_id"]) == ("administrative", "administrative", "RTE-0001")


def test_sla_missed_is_recorded():
    w = cp.nurse_approved()
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
