"""Triage services: SLA deadline, gold-card check, the one triage disposition per case, and routing.

Tool namespace ``triage``. Actors: intake coordinators, UM nurses, medical directors
(``rules.authority.TRIAGE_STAFF``). Times UTC ISO-8601.
Rules called (never re-implemented): ``rules.sla.compute_sla`` (stricter of federal and the plan
state's hours; CMS-0057-F, 42 CFR 422.568/422.572, state UM statutes), ``rules.routing``
(precedence and the gold-card check on the *requesting NPI recorded at intake*, Texas Insurance
Code §4201.653 model), ``rules.pa_requirement.check_requirement`` (plan policy §5).

Routing records both the lane the worker chose and the lane precedence computes; the second is not
returned to the worker (it is the answer a grader compares against). Refused outright: the gold-card
lane unless the requesting NPI is eligible, and lanes that contradict the frozen intake decisions.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.directory.models import GoldCard
from chibench.world.apps.ehr.models import ServiceRequest
from chibench.world.apps.intake_hub.models import IntakeCase
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.triage.models import RoutingRecord, TriageRecord
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.clock import iso
from chibench.world.core.enums import CaseStatus, Lane, ReviewProgram
from chibench.world.core.errors import Conflict
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules import routing
from chibench.world.rules.authority import TRIAGE_STAFF, require_role
from chibench.world.rules.pa_requirement import check_requirement
from chibench.world.rules.routing import GoldCardResult, RoutingInputs, route
from chibench.world.rules.sla import compute_sla

APP = "triage"
NS = "triage"
LANES = tuple(lane.value for lane in Lane)
REVIEW_LANES = (Lane.NURSE_REVIEW, Lane.MD_REVIEW, Lane.ADMINISTRATIVE_REVIEW, Lane.DELEGATED, Lane.VENDOR,
                Lane.SPECIALTY)
ROUTABLE = (CaseStatus.SUBMITTED, CaseStatus.RESUBMITTED)


# --------------------------------------------------------------------------- rule inputs


def _service_category(s: Session, case: PACase, policy: PayerPolicy | None) -> str:
    if policy is not None:
        return str(policy.service_category)
    order = s.get(ServiceRequest, case.order_id)
    return str(order.service_category) if order else "other"


def _gold_card(s: Session, case: PACase, intake: IntakeCase, policy: PayerPolicy | None) -> GoldCardResult:
    """Gold card for the NPI recorded at intake, this plan and the policy's category, on the receipt date."""
    npi = (intake.requesting_provider or {}).get("npi")
    plan = pq.plan_for(s, case)
    cards = list(s.scalars(select(GoldCard).where(GoldCard.npi == npi))) if npi else []
    return routing.check_gold_card(cards, npi=npi, plan_id=plan.id, service_category=_service_category(s, case, policy),
                           on=intake.received_at.date(), plan_has_program=plan.gold_card_program,
                           category_eligible=bool(policy and policy.gold_card_eligible_category))


def _policy_lane(s: Session, case: PACase, intake: IntakeCase) -> tuple[Lane, str, dict[str, Any]]:
    """Precedence over the frozen intake decisions, the plan policy and the gold-card check."""
    policy = pq.policy_for_case(s, case)
    lines = pq.intake_lines(s, intake.id)
    req = check_requirement(policy, [li.code for li in lines], str(intake.place_of_service),
                            [d["code"] for d in intake.diagnoses])
    gold = _gold_card(s, case, intake, policy)
    nurse_on_file = pq.nurse_recommendation_for(s, case.id) is not None
    inputs = RoutingInputs(
        member_eligible=bool(intake.decision_member_eligible),
        service_covered=bool(intake.decision_service_covered) and req.covered_benefit,
        pa_required=req.pa_required, notification_only=req.notification_only, gold_card_eligible=gold.eligible,
        review_program=policy.review_program if policy else ReviewProgram.STANDARD_UM,
        # a nurse recommendation is a handoff: a returning case continues with a physician
        allow_nurse_approval=bool(policy.allow_nurse_approval if policy else True) and not nurse_on_file)
    lane, why = route(inputs)
    details = {"requirement": req.reason, "policy_id": req.policy_id, "gold_card": gold.reason,
               "inputs": {k: str(x) if isinstance(x, ReviewProgram) else x for k, x in vars(inputs).items()}}
    return lane, why, details


def _check_lane(lane: str, policy_lane: Lane, gold: GoldCardResult, intake: IntakeCase) -> None:
    """Hard refusals: gold card without eligibility; lanes contradicting the frozen intake decisions."""
    if lane == Lane.GOLD_CARD and not gold.eligible:
        raise Conflict(f"the gold-card lane is refused: {gold.reason}", field="lane")
    admissible = bool(intake.decision_member_eligible) and bool(intake.decision_service_covered)
    if not admissible and lane != Lane.ADMINISTRATIVE_REVIEW:
        raise Conflict("intake recorded the member as not eligible or the service as not covered; only "
                       "administrative review is consistent with those decisions", field="lane",
                       allowed=[Lane.ADMINISTRATIVE_REVIEW])
    if admissible and lane == Lane.ADMINISTRATIVE_REVIEW and policy_lane != Lane.ADMINISTRATIVE_REVIEW:
        raise Conflict("intake recorded the member as eligible and the service as covered; administrative "
                       "review contradicts those decisions", field="lane")


def _context(s: Session, case_id: str) -> tuple[PACase, IntakeCase]:
    case = pq.get_case(s, case_id)
    return case, pq.require_complete_intake(s, case.id)


# --------------------------------------------------------------------------- reads


def get_triage(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """``{case, intake, triage, routing}``: the intake (null before it exists), the triage record (null
    before the disposition) and routing records (lane, reason, who, when). Errors: NotFound, UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pq.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        case_id = cf.case.id
        case_lines = pr.rows_by_case(s, "case_lines", case_id)
        intake_lines = pr.intake_line_rows(s, cf.intake.id) if cf.intake is not None else []
        return {"case": pv.case_summary_read(s, cf, case_lines), "intake": pv.intake_view_read(cf, intake_lines),
                "triage": cf.triage_dict, "routing": pv.routing_views_read(s, case_id)}


def calculate_sla(world: World, *, acting_as: str, case_id: str, urgency_level: str,
                  state: str | None = None) -> dict[str, Any]:
    """SLA for the case's intake receipt time: ``{urgency_level, state, hours, received_at, deadline,
    rule_source}`` (deadline UTC; rule_source ``federal`` or ``state:XX``). ``state`` defaults to the
    plan's state (the state whose UM law governs the plan). Rule: ``rules.sla.compute_sla``.
    Errors: InvalidInput (urgency_level, state), NotFound (case or intake), UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pq.read_actor(s, acting_as)
        case = pq.get_case(s, case_id)
        intake = pq.require_intake(s, case.id)
        st = pq.plan_for(s, case).state if state is None else state
        r = compute_sla(urgency_level, st, intake.received_at)
        return {"case_id": case.id, "urgency_level": str(r.urgency), "state": r.state, "hours": r.hours,
                "received_at": iso(intake.received_at), "deadline": iso(r.deadline), "rule_source": r.rule_source}


def check_gold_card(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Gold-card eligibility of the requesting NPI saved at intake, for this plan and the policy's service
    category, on the receipt date: ``{eligible, reason, npi, plan_id, service_category, checked_on}``.
    Rule: ``rules.routing.check_gold_card``. Errors: NotFound (case or intake), UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pq.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        case, intake = cf.case, pr.require_intake(cf)
        policy = pq.policy_for_case(s, case)
        g = _gold_card(s, case, intake, policy)
        return {"case_id": case.id, "eligible": g.eligible, "reason": g.reason, "npi": g.npi, "plan_id": case.plan_id,
                "service_category": _service_category(s, case, policy),
                "checked_on": intake.received_at.date().isoformat()}


# --------------------------------------------------------------------------- writes


def set_disposition(world: World, *, acting_as: str, case_id: str, urgency_level: str, disposition: str,
                    disposition_reason: str) -> dict[str, Any]:
    """Commit the one triage record of the case (not amendable): urgency, the SLA computed from the intake
    receipt and the plan state (``rules.sla``), the gold-card check (``rules.routing``), and the intended lane.

    disposition: one of the routing lanes (administrative_review, no_auth_required, notification, gold_card,
    delegated, vendor, specialty, nurse_review, md_review). Requires a complete intake.
    Errors: InvalidInput (urgency_level, disposition, disposition_reason), Conflict (a triage record
    exists; intake not complete; gold card not eligible; lane contradicts intake decisions),
    NotFound, UnknownActor / AuthorityError.
    """
    lane = v.choice(disposition, LANES, "disposition")
    reason = v.text(disposition_reason, "disposition_reason")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.set_disposition") as tx:
        require_role(tx.actor.role, TRIAGE_STAFF, "triage a case")
        s = tx.session
        case, intake = _context(s, case_id)
        if pq.triage_for(s, case.id) is not None:
            raise Conflict(f"case {case.id} already has a triage record; triage is not amendable", field="case_id")
        plan = pq.plan_for(s, case)
        sla = compute_sla(urgency_level, plan.state, intake.received_at)
        policy = pq.policy_for_case(s, case)
        gold = _gold_card(s, case, intake, policy)
        policy_lane, _, _ = _policy_lane(s, case, intake)
        _check_lane(lane, policy_lane, gold, intake)
        rec = TriageRecord(id=tx.new_id("TRG"), case_id=case.id, intake_id=intake.id, urgency_level=sla.urgency,
                           received_at=intake.received_at, state=sla.state, sla_hours=sla.hours,
                           sla_deadline=sla.deadline, sla_rule_source=sla.rule_source, gold_card_checked=True,
                           gold_card_eligible=gold.eligible, disposition=lane, disposition_reason=reason,
                           decided_by=tx.actor.id, decided_at=tx.now)
        s.add(rec)
        tx.log(case_id=case.id, entity_id=rec.id,
               details={"urgency_level": str(sla.urgency), "sla_deadline": iso(sla.deadline),
                        "sla_rule_source": sla.rule_source, "gold_card_eligible": gold.eligible, "disposition": lane})
        s.flush()
        return to_dict(rec)


def _apply_lane(tx: Tx, case: PACase, triage: TriageRecord, lane: str, reason: str, route_id: str) -> dict[str, Any]:
    """The lane's effect on the case; returns what was created."""
    if lane in REVIEW_LANES:
        task = pw.create_task(tx, case.id, lane, triage.sla_deadline)
        tx.transition(machines.PA_CASE, case, CaseStatus.UNDER_REVIEW, case_id=case.id, reason=f"routed to {lane}")
        pw.touch(tx, case)
        return {"review_task_id": task.id}
    if lane == Lane.NO_AUTH_REQUIRED:
        tx.transition(machines.PA_CASE, case, CaseStatus.CLOSED, case_id=case.id, reason="no authorization required")
        case.closed_reason = f"no prior authorization required: {reason}"
        pw.touch(tx, case)
        return {}
    # notification-only or gold card: approved without clinical review, attributed to the routing worker
    if pq.active_determination(tx.session, case.id) is not None:
        raise Conflict(f"case {case.id} already has an active determination", field="case_id")
    basis = "gold_card" if lane == Lane.GOLD_CARD else "notification"
    det = pw.record_determination(tx, case, decision="approved", basis=basis, source=basis,
                                  source_record_id=route_id, rationale=reason, citations=[],
                                  sla_deadline=triage.sla_deadline)
    tx.transition(machines.PA_CASE, case, CaseStatus.APPROVED, case_id=case.id, reason=f"{basis} approval")
    return {"determination_id": det.id, "authorization_number": det.authorization_number}


def route_case(world: World, *, acting_as: str, case_id: str, lane: str | None = None,
               reason: str | None = None) -> dict[str, Any]:
    """Route a submitted/resubmitted case after triage. ``lane``/``reason`` default to the triage disposition.

    Effects by lane: nurse_review | md_review | administrative_review | delegated | vendor | specialty →
    a queued ReviewTask (due at the SLA deadline) and case → under_review; no_auth_required → case
    closed with the reason (the member notification is the letter center's job); notification |
    gold_card → an approval Determination (basis/source = the lane, by the routing worker, SLA met
    recorded), an authorization number ``AUTH-<case>-<NNNN>`` valid from the requested start for 90
    days, case → approved. A RoutingRecord keeps the chosen lane and the precedence lane
    (``rules.routing.route``) with its inputs; the result omits the latter.
    Errors: InvalidInput (lane, reason), Conflict (no triage record / intake incomplete; case not
    submitted/resubmitted; gold card not eligible; lane contradicts intake decisions; nurse review after a
    nurse recommendation; an active determination exists), IllegalTransition, NotFound, UnknownActor / AuthorityError.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.route_case") as tx:
        require_role(tx.actor.role, TRIAGE_STAFF, "route a case")
        s = tx.session
        case, intake = _context(s, case_id)
        triage = pq.triage_for(s, case.id)
        if triage is None:
            raise Conflict(f"case {case.id} has no triage record; set the disposition first", field="case_id")
        chosen = v.choice(triage.disposition if lane is None else lane, LANES, "lane")
        why = triage.disposition_reason if reason is None else v.text(reason, "reason")
        if case.status not in ROUTABLE:
            raise Conflict(f"case {case.id} is '{case.status}'; only submitted or resubmitted cases are routed",
                           field="case_id", allowed=ROUTABLE)
        policy_lane, policy_reason, details = _policy_lane(s, case, intake)
        _check_lane(chosen, policy_lane, _gold_card(s, case, intake, pq.policy_for_case(s, case)), intake)
        if chosen == Lane.NURSE_REVIEW and pq.nurse_recommendation_for(s, case.id) is not None:
            raise Conflict("a nurse recommendation is already on file and cannot be redone; route to md_review",
                           field="lane", allowed=[Lane.MD_REVIEW])
        rec = RoutingRecord(id=tx.new_id("RTE"), case_id=case.id, lane=chosen, policy_lane=str(policy_lane), reason=why,
                            routed_by=tx.actor.id, routed_at=tx.now,
                            details={**details, "policy_reason": policy_reason, "override": chosen != policy_lane,
                                     "case_status_before": str(case.status)})
        s.add(rec)
        created = _apply_lane(tx, case, triage, chosen, why, rec.id)
        tx.log(case_id=case.id, entity_id=rec.id, details={"lane": chosen, **created})
        s.flush()
        return {**pv.routing_view(rec), **created, "case_status": str(case.status)}
