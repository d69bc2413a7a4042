"""Triage services: SLA, gold card on the recorded NPI, one disposition per case, routing lanes and refusals."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps.determination.models import Determination
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.nurse_review.models import ReviewTask
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.triage import services as triage
from chibench.world.apps.triage.models import RoutingRecord
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp


def world_after_intake(opts=None, **intake_kw):
    w = cp.build_payer_world(opts)
    cp.do_intake(w, **intake_kw)
    return w


# --------------------------------------------------------------------------- SLA and gold card


@pytest.mark.parametrize(("urgency", "state", "hours", "source"), [
    ("routine", None, 120, "state:IL"), ("urgent", None, 48, "state:IL"), ("stat", None, 24, "state:IL"),
    ("routine", "OH", 168, "federal"), ("routine", "TX", 72, "state:TX")])
def test_calculate_sla_uses_plan_state_and_receipt(urgency, state, hours, source):
    w = world_after_intake()
    before = digest(w)
    r = triage.calculate_sla(w, acting_as=cp.INTAKE, case_id=cp.CASE, urgency_level=urgency, state=state)
    assert (r["hours"], r["rule_source"], r["received_at"]) == (hours, source, "2026-10-05T13:00:00Z")
    assert r["deadline"] == (cp.RECEIVED + dt.timedelta(hours=hours)).isoformat().replace("+00:00", "Z")
    assert digest(w) == before


def test_calculate_sla_refusals():
    w = cp.build_payer_world()
    refused_call(w, NotFound, lambda: triage.calculate_sla(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                         urgency_level="routine"), field="case_id")
    cp.do_intake(w)
    refused_call(w, InvalidInput, lambda: triage.calculate_sla(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                             urgency_level="expedited"), field="urgency_level")
    refused_call(w, InvalidInput, lambda: triage.calculate_sla(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                             urgency_level="routine", state="il"), field="state")
    refused_call(w, AuthorityError, lambda: triage.calculate_sla(w, acting_as=cp.PCP, case_id=cp.CASE,
                                                               urgency_level="routine"), field="acting_as")


@pytest.mark.parametrize(("opts", "npi", "eligible", "reason"), [
    (cp.Options(gold_card=True), cp.PCP_NPI, True, "active gold card"),
    (cp.Options(gold_card=True), cp.PCP2_NPI, False, "holds no gold card"),  # checked against the recorded NPI
    (cp.Options(gold_card=True, gold_card_category=False), cp.PCP_NPI, False, "not gold-card exempt"),
    (cp.Options(gold_card=False), cp.PCP_NPI, False, "holds no gold card")])
def test_check_gold_card_uses_the_intake_npi(opts, npi, eligible, reason):
    w = world_after_intake(opts, npi=npi)
    r = triage.check_gold_card(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert r["eligible"] is eligible and reason in r["reason"] and r["npi"] == npi
    assert r["service_category"] == "imaging" and r["checked_on"] == "2026-10-05"


# --------------------------------------------------------------------------- disposition


def test_set_disposition_records_sla_and_gold_card_once():
    w = world_after_intake(cp.Options(gold_card=True))
    rec = triage.set_disposition(w, acting_as=cp.INTAKE, case_id=cp.CASE, urgency_level="urgent",
                                 disposition="gold_card", disposition_reason="gold card holder")
    assert (rec["sla_hours"], rec["sla_rule_source"], rec["sla_deadline"]) == (48, "state:IL", "2026-10-07T13:00:00Z")
    assert rec["gold_card_checked"] is True and rec["gold_card_eligible"] is True and rec["id"] == "TRG-0001"
    refused_call(w, Conflict, lambda: triage.set_disposition(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                           urgency_level="routine", disposition="nurse_review",
                                                           disposition_reason="again"), field="case_id")


@pytest.mark.parametrize(("kwargs", "exc", "field"), [
    ({"disposition": "auto_approval"}, InvalidInput, "disposition"),
    ({"disposition_reason": " "}, InvalidInput, "disposition_reason"),
    ({"urgency_level": "soon"}, InvalidInput, "urgency_level"),
    ({"disposition": "gold_card"}, Conflict, "lane"),  # no gold card on file
    ({"disposition": "administrative_review"}, Conflict, "lane"),  # intake said eligible and covered
])
def test_set_disposition_refusals(kwargs, exc, field):
    w = world_after_intake()
    args = {"urgency_level": "routine", "disposition": "nurse_review", "disposition_reason": "ok", **kwargs}
    refused_call(w, exc, lambda: triage.set_disposition(w, acting_as=cp.INTAKE, case_id=cp.CASE, **args), field=field)


def test_set_disposition_role_and_intake_preconditions():
    w = cp.build_payer_world()
    args = {"urgency_level": "routine", "disposition": "nurse_review", "disposition_reason": "ok"}
    refused_call(w, NotFound, lambda: triage.set_disposition(w, acting_as=cp.INTAKE, case_id=cp.CASE, **args))
    from chibench.world.apps.intake_hub import services as intake
    intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    refused_call(w, Conflict, lambda: triage.set_disposition(w, acting_as=cp.INTAKE, case_id=cp.CASE, **args),
               field="case_id")
    for actor in (cp.AMD1, cp.PAC, cp.ERC):
        refused_call(w, AuthorityError, lambda a=actor: triage.set_disposition(w, acting_as=a, case_id=cp.CASE, **args),
                   field="acting_as")


def test_ineligible_member_allows_only_administrative_review():
    w = world_after_intake(eligible=False)
    refused_call(w, Conflict, lambda: triage.set_disposition(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                           urgency_level="routine", disposition="nurse_review",
                                                           disposition_reason="x"), field="lane")
    cp.do_triage(w, lane="administrative_review")
    with w.read() as s:
        task = s.scalars(select(ReviewTask)).one()
        assert (task.queue, task.required_role, task.status) == ("administrative_review", "medical_director", "queued")
        assert s.get(RoutingRecord, "RTE-0001").policy_lane == "administrative_review"


# --------------------------------------------------------------------------- routing


def test_route_to_nurse_review_queues_a_task_and_records_both_lanes():
    w = world_after_intake()
    out = cp.do_triage(w)
    assert out["lane"] == "nurse_review" and out["case_status"] == "under_review"
    assert "policy_lane" not in out and "details" not in out  # the precedence answer is not handed back
    with w.read() as s:
        rec = s.get(RoutingRecord, out["id"])
        assert rec.policy_lane == "nurse_review" and rec.details["override"] is False
        task = s.get(ReviewTask, out["review_task_id"])
        assert task.queue == "nurse_review" and task.due_at.isoformat() == "2026-10-10T13:00:00+00:00"
    view = triage.get_triage(w, acting_as=cp.MD1, case_id=cp.CASE)
    assert view["triage"]["disposition"] == "nurse_review" and "policy_lane" not in view["routing"][0]


def test_route_override_is_recorded_with_the_policy_lane():
    w = world_after_intake()
    cp.do_triage(w, route=False)
    out = triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="md_review", reason="complex history")
    with w.read() as s:
        rec = s.get(RoutingRecord, out["id"])
        assert (rec.lane, rec.policy_lane, rec.reason, rec.details["override"]) == (
            "md_review", "nurse_review", "complex history", True)


def test_gold_card_route_auto_approves_attributed_to_the_routing_worker():
    w = world_after_intake(cp.Options(gold_card=True, lines=2))
    out = cp.do_triage(w, lane="gold_card")
    assert out["case_status"] == "approved" and out["authorization_number"] == "AUTH-CASE-TST-0001"
    with w.read() as s:
        det = s.get(Determination, out["determination_id"])
        assert (det.decision, det.basis, det.source, det.determined_by) == ("approved", "gold_card", "gold_card",
                                                                           cp.INTAKE)
        assert det.sla_met is True and det.source_record_id == out["id"]
        case = s.get(PACase, cp.CASE)
        assert (case.auth_valid_from, case.auth_valid_to) == (dt.date(2026, 10, 20), dt.date(2027, 1, 18))
        assert [(ln.outcome, ln.approved_units) for ln in s.scalars(select(PALine).where(PALine.case_id == cp.CASE)
                                                                      .order_by(PALine.line_number))] == [
            ("approved", 1), ("approved", 2)]


def test_gold_card_route_refused_unless_the_recorded_npi_is_eligible():
    w = world_after_intake(cp.Options(gold_card=True), npi=cp.PCP2_NPI)
    cp.do_triage(w, route=False)
    err = refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="gold_card",
                                                            reason="x"), field="lane")
    assert "holds no gold card" in str(err)


def test_no_auth_required_closes_the_case():
    w = world_after_intake(cp.Options(pa_required=False))
    out = cp.do_triage(w, lane="no_auth_required")
    assert out["case_status"] == "closed"
    with w.read() as s:
        case = s.get(PACase, cp.CASE)
        assert case.closed_reason.startswith("no prior authorization required")
        assert s.scalars(select(Determination)).first() is None
        assert s.get(RoutingRecord, out["id"]).policy_lane == "no_auth_required"


def test_notification_lane_approves_without_review():
    w = world_after_intake(cp.Options(notification_only=True))
    out = cp.do_triage(w, lane="notification")
    with w.read() as s:
        det = s.get(Determination, out["determination_id"])
        assert (det.basis, det.source, det.decision) == ("notification", "notification", "approved")


def test_route_refusals():
    w = world_after_intake()
    refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE), field="case_id")
    cp.do_triage(w, route=False)
    refused_call(w, InvalidInput, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="nurse"),
               field="lane")
    refused_call(w, InvalidInput, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, reason=""),
               field="reason")
    refused_call(w, AuthorityError, lambda: triage.route_case(w, acting_as=cp.PAC, case_id=cp.CASE), field="acting_as")
    refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                      lane="administrative_review", reason="x"), field="lane")
    triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE)
    refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE), field="case_id")


def test_pended_case_cannot_be_routed_until_resubmitted():
    w = world_after_intake(complete=False)
    cp.do_triage(w, route=False)
    refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE), field="case_id")
    cp.force_status(w, cp.CASE, "resubmitted")
    assert triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE)["case_status"] == "under_review"


def test_returning_case_after_nurse_recommendation_goes_to_a_physician():
    w = world_after_intake()
    cp.do_triage(w)
    nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="request_info",
                                           clinical_summary="need PT notes", info_requested=["PT notes"],
                                           info_due="2026-10-09")
    cp.force_status(w, cp.CASE, "resubmitted")
    refused_call(w, Conflict, lambda: triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="nurse_review",
                                                      reason="again"), field="lane")
    out = triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, lane="md_review", reason="continue with MD")
    with w.read() as s:
        assert s.get(RoutingRecord, out["id"]).policy_lane == "md_review"


def test_get_triage_before_intake_and_read_only():
    w = cp.build_payer_world()
    before = digest(w)
    view = triage.get_triage(w, acting_as=cp.INTAKE, case_id=cp.CASE)
    assert view["intake"] is None and view["triage"] is None and view["routing"] == []
    assert digest(w) == before
    refused_call(w, NotFound, lambda: triage.check_gold_card(w, acting_as=cp.INTAKE, case_id=cp.CASE), field="case_id")
