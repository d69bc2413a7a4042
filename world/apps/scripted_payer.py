"""The scripted payer: Keystone's UM staff working a provider packet, on the simulated clock.

A provider submission (``submission_portal``) lands in the payer's intake queue in the same
transaction as the packet (the intake record carries the case's lines, exactly as in a payer task).
In a provider task (world setting ``payer_mode = auto``) nobody else works that queue, so this module
does, *after* the provider's write has committed, as later world events written by named payer
workers through the **same service functions the payer tools call** (the arena — two agents, one
world — relies on it):

1. the request waits in the queue (:data:`QUEUE_WAIT_HOURS` on the world clock);
2. the plan's intake coordinator saves the authorization header and confirms the four intake
   decisions (``intake_hub``); an incomplete request (a required document kind absent or insufficient,
   unreadable fax pages, an incomplete questionnaire) is pended there, and the coordinator writes and
   delivers the pend letter (``letter_center``) on the channel the provider used;
3. otherwise triage sets the lane the plan's rules give (``triage``) and routes the case; in the
   nurse lane the UM nurse hands the clinical decision to a medical director (``nurse_review``
   escalate — the script never lets a nurse decide criteria it has not evaluated);
4. the medical director decides what the plan's hidden policy gives for the packet
   (``rules.adjudication``): approve, deny (with the policy citation), request more information (pend),
   or a peer-to-peer review (``md_review``) whose slots a second, independent medical director offers
   (``p2p_scheduler``; the invitation reaches the provider's inbox);
5. approvals and denials are finalized through the determination preflight (``determination``) and the
   letter is written and delivered on the provider's channel (``letter_center``); the delivered letter is
   the provider's inbox message.

A resubmission (after a pend) is routed again; a case the nurse already escalated goes to the medical
director. Every step is a separate write by a payer worker (never ``SYSTEM``), so the event log reads
like a payer's day. Nothing here runs in ``payer_mode = queue`` (a payer task: the agent is the payer).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from chibench.world.apps.directory.models import Plan, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Patient
from chibench.world.apps.intake_hub.models import IntakeCase
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.payer_queries import REPLY_CHANNEL
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.provider_common import (
    doc_view,
    outstanding_unreadable_pages,
    payer_mode,
    published_requirement,
)
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.core.enums import WorkerRole
from chibench.world.core.machines import CaseStatus, IntakeStatus
from chibench.world.core.world import World
from chibench.world.rules import appeals as appeal_rules
from chibench.world.rules.adjudication import Adjudication, EvidenceRequirement, PacketView, PolicyView, adjudicate
from chibench.world.rules.channels import questionnaire_problems

#: Simulated hours the packet waits in the intake queue before the coordinator opens it.
QUEUE_WAIT_HOURS = 2.0
#: Simulated hours a clinical review takes once the case is routed.
REVIEW_HOURS = 20.0
#: Days the provider has to answer a pend (the info_due date).
PEND_RESPONSE_DAYS = 14
#: The payer answers on the channel the provider used; an X12 278 is answered electronically.


# ----------------------------------------------------------------------------------- reading
def policy_view(policy: PayerPolicy | None) -> PolicyView:
    if policy is None:
        return PolicyView((), (), (), "approve")
    reqs = tuple(EvidenceRequirement(kind=str(r["kind"]), must_mention=tuple(r["must_mention"]),
                                     description=str(r.get("description", ""))) for r in policy.evidence_requirements)
    return PolicyView(tuple(str(k) for k in policy.required_document_kinds), reqs,
                      tuple(policy.required_diagnosis_prefixes), str(policy.complete_outcome), policy.deny_reason,
                      policy.pend_reason, policy.p2p_reason)


def assess(s: Any, case: PACase) -> tuple[Adjudication, list[dict[str, Any]]]:
    """What the plan's hidden policy gives for everything the payer holds on the case (read only).

    Returns the adjudication and the outstanding unreadable fax pages (``page_id``, ``packet_id``,
    ``page_number``, ``document_id``)."""
    from chibench.world.apps.submission_portal.services import payer_answers

    pr = published_requirement(s, case)
    packets = list(s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case.id)
                             .order_by(SubmissionPacket.sequence)))
    copy_ids = list(dict.fromkeys(i for p in packets for i in p.payer_document_ids))
    docs = [d for d in (s.get(Document, i) for i in copy_ids) if d is not None]
    unreadable = outstanding_unreadable_pages(s, case.id)
    answers = payer_answers(s, packets, docs, pr)
    view = PacketView(coverage_active=pr.coverage_active, pa_required=pr.result.pa_required,
                      covered_benefit=pr.result.covered_benefit,
                      unreadable_pages=tuple(p.page_number for p in unreadable),
                      documents=tuple(doc_view(s, d) for d in docs),
                      questionnaire_problems=tuple(questionnaire_problems(pr.questions, answers)) if pr.questions else (),
                      diagnosis_codes=tuple(case.diagnosis_codes))
    adj = adjudicate(view, policy_view(pr.policy))
    if adj.outcome == "no_auth_required" and pr.result.notification_only:
        adj = Adjudication("approve", "notification", ["notification-only service: the notification is recorded; "
                                                        "no clinical review is required"])
    pages = [{"page_id": p.id, "packet_id": p.packet_id, "page_number": p.page_number, "document_id": p.document_id}
             for p in unreadable]
    return adj, pages


def _worker(s: Any, org_id: str, role: WorkerRole, skip: tuple[str, ...] = ()) -> Worker:
    row = s.scalars(select(Worker).where(Worker.org_id == org_id, Worker.role == role, Worker.id.not_in(skip))
                    .order_by(Worker.id)).first()
    if row is None:
        raise RuntimeError(f"the payer organization {org_id} has no {role} to work provider packets")
    return row


# ----------------------------------------------------------------------------------- letters
def _common_fields(s: Any, case: PACase, signer: Worker, today: dt.date) -> dict[str, Any]:
    patient = s.get(Patient, case.patient_id)
    cov = s.get(Coverage, case.coverage_id)
    plan = s.get(Plan, case.plan_id)
    lines = list(s.scalars(select(PALine).where(PALine.case_id == case.id).order_by(PALine.line_number)))
    return {"member_name": f"{patient.given_name} {patient.family_name}", "member_id": cov.member_id,
            "case_reference": case.id,
            "service_description": "; ".join(f"{ln.display} ({ln.code} x{ln.units})" for ln in lines),
            "service_codes": [ln.code for ln in lines], "plan_name": plan.name if plan else case.plan_id,
            "letter_date": today.isoformat(), "signer_name": signer.display_name,
            "signer_credentials": signer.credentials or str(signer.role)}


def _head(f: dict[str, Any]) -> str:
    return (f"{f['plan_name']} - Utilization Management\nDate: {f['letter_date']}\n"
            f"Member: {f['member_name']} (member ID {f['member_id']})\nCase reference: {f['case_reference']}\n"
            f"Requested services: {f['service_description']}\n\n")


def _sign(f: dict[str, Any]) -> str:
    return f"\n\nSincerely,\n{f['signer_name']}, {f['signer_credentials']}\nUtilization Management"


def _deliver(world: World, actor: str, case_id: str, kind: str, fields: dict[str, Any], body: str, subject: str,
             channel: str) -> dict[str, Any]:
    from chibench.world.apps.letter_center import services as letters

    make = {"pend": letters.generate_pend, "approval": letters.generate_approval,
            "denial": letters.generate_denial}[kind]
    draft = make(world, acting_as=actor, case_id=case_id, fields=fields, body=body, subject=subject,
                 recipient="provider")
    return letters.deliver(world, acting_as=actor, letter_id=draft["id"], channel=channel)


# ----------------------------------------------------------------------------------- the day
def respond(world: World, case_id: str) -> dict[str, Any] | None:
    """Work a provider packet that just arrived on ``case_id`` (``payer_mode = auto`` only).

    Returns ``{outcome, basis, reasons, missing_kinds, insufficient_kinds, unreadable_pages, worked_by,
    letter_id, message_id, channel, p2p_request_id, authorization_number, case_status}`` (absent keys
    did not apply), or ``None`` when there is nothing to work (queue mode; case not awaiting the payer).
    """
    from chibench.world.apps.determination import services as determination
    from chibench.world.apps.intake_hub import services as intake_hub
    from chibench.world.apps.md_review import services as md_review
    from chibench.world.apps.nurse_review import services as nurse_review
    from chibench.world.apps.p2p_scheduler import services as p2p
    from chibench.world.apps.triage import services as triage

    with world.read() as s:
        if payer_mode(s) != "auto":
            return None
        case = s.get(PACase, case_id)
        if case is None or str(case.status) not in (CaseStatus.SUBMITTED, CaseStatus.RESUBMITTED):
            return None
        intake = s.scalars(select(IntakeCase).where(IntakeCase.case_id == case.id)).first()
        if intake is None:
            return None
        plan = s.get(Plan, case.plan_id)
        assert plan is not None
        org = plan.payer_org_id
        coordinator = _worker(s, org, WorkerRole.INTAKE_COORDINATOR)
        nurse = _worker(s, org, WorkerRole.UM_NURSE)
        md = _worker(s, org, WorkerRole.MEDICAL_DIRECTOR)
        md2 = _worker(s, org, WorkerRole.MEDICAL_DIRECTOR, skip=(md.id,))
        adj, pages = assess(s, case)
        pr = published_requirement(s, case)
        policy = pr.policy
        packet = s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case.id)
                           .order_by(SubmissionPacket.sequence.desc())).first()
        channel = REPLY_CHANNEL[str(packet.channel)] if packet is not None else "portal"
        intake_open = str(intake.status) != IntakeStatus.COMPLETE
        has_triage = triage_done(s, case.id)
        nurse_done = nurse_escalated(s, case.id)
        in_net = pr.in_network
        urgency = "urgent" if str(case.urgency) in ("expedited", "urgent") else "routine"
        member_state = _member_state(s, case)
        citation = policy_citation(s, policy)
        allow_nurse = bool(policy.allow_nurse_approval) if policy is not None else True

    out: dict[str, Any] = {"outcome": adj.outcome, "basis": adj.basis, "reasons": list(adj.reasons),
                           "missing_kinds": list(adj.missing_kinds), "insufficient_kinds": list(adj.insufficient_kinds),
                           "channel": channel}
    if pages:
        out["unreadable_pages"] = pages
    items = [_short(r) for r in adj.reasons] + [f"re-send fax page {p['page_id']} (page {p['page_number']} of {p['packet_id']}, "
                                 f"document {p['document_id']})" for p in pages]
    world.advance(hours=QUEUE_WAIT_HOURS, reason="the packet waits in the payer's intake queue")
    due = (world.now() + dt.timedelta(days=PEND_RESPONSE_DAYS)).date().isoformat()
    incomplete = adj.outcome == "pend" and adj.basis in ("completeness", "channel")
    worked: list[str] = []

    if intake_open:
        intake_hub.save_auth_header(world, acting_as=coordinator.id, case_id=case_id, urgency_level=urgency,
                                    urgency_requested_by="provider", request_date=world.now().date().isoformat(),
                                    service_start=case.requested_start.isoformat(),
                                    place_of_service=str(case.site_of_service), member_state=member_state,
                                    member_eligibility_verified=True)
        intake_hub.confirm_decisions(world, acting_as=coordinator.id, case_id=case_id, request_complete=not incomplete,
                                     member_eligible=pr.coverage_active, service_covered=pr.result.covered_benefit,
                                     provider_network_status="in_network" if in_net else "out_of_network",
                                     missing_information=items if incomplete else None,
                                     info_due=due if incomplete else None)
        worked.append(coordinator.id)
        if incomplete:
            return {**out, **_pend_letter(world, coordinator.id, case_id, items, due, channel), "worked_by": worked}

    # triage and routing
    from chibench.world.apps.triage.services import _policy_lane

    with world.read() as s:  # the routing precedence over the confirmed intake (gold card included)
        c = s.get(PACase, case_id)
        confirmed = s.scalars(select(IntakeCase).where(IntakeCase.case_id == case_id)).first()
        assert c is not None and confirmed is not None
        precedence = str(_policy_lane(s, c, confirmed)[0])
    admissible = pr.coverage_active and pr.result.covered_benefit
    if not admissible:
        lane = "administrative_review"
    elif not pr.result.pa_required and not pr.result.notification_only:
        lane = "no_auth_required"
    elif pr.result.notification_only:
        lane = "notification"
    elif precedence == "gold_card":  # a gold-carded requester: approved at routing, no clinical review
        lane = "gold_card"
    elif nurse_done or not allow_nurse:
        lane = "md_review"
    else:
        lane = "nurse_review"
    if not has_triage:
        triage.set_disposition(world, acting_as=coordinator.id, case_id=case_id, urgency_level=urgency,
                               disposition=lane, disposition_reason=_lane_reason(lane))
        triage.route_case(world, acting_as=coordinator.id, case_id=case_id)
    else:
        triage.route_case(world, acting_as=coordinator.id, case_id=case_id, lane=lane, reason=_lane_reason(lane))
    worked.append(coordinator.id)
    if lane == "no_auth_required":
        return {**out, "outcome": "no_auth_required", "worked_by": worked, "case_status": str(CaseStatus.CLOSED)}
    if lane in ("notification", "gold_card"):
        return {**out, **_approval_letter(world, coordinator.id, case_id, channel), "worked_by": worked}

    world.advance(hours=REVIEW_HOURS, reason="the case waits for clinical review")
    if lane == "nurse_review":
        nurse_review.submit_nurse_case_recommendation(
            world, acting_as=nurse.id, case_id=case_id, recommendation="escalate",
            clinical_summary="Packet received complete on the documentation checklist; referred to the medical "
                             "director for the medical-necessity decision.")
        worked.append(nurse.id)

    outcome = "deny" if lane == "administrative_review" else adj.outcome
    if adj.outcome == "pend":
        md_review.submit_md_case_decision(world, acting_as=md.id, case_id=case_id, decision="request_info",
                                          rationale="More information is needed to decide: " + "; ".join(items),
                                          info_requested=items, info_due=due)
        worked.append(md.id)
        return {**out, **_pend_letter(world, md.id, case_id, items, due, channel), "worked_by": worked}
    if outcome == "approve":
        md_review.submit_md_case_decision(world, acting_as=md.id, case_id=case_id, decision="approve",
                                          rationale="; ".join(adj.reasons))
        determination.finalize(world, acting_as=md.id, case_id=case_id, decision="approved",
                               rationale="; ".join(adj.reasons))
        worked.append(md.id)
        return {**out, **_approval_letter(world, md.id, case_id, channel), "worked_by": worked}
    if outcome == "p2p":
        dec = md_review.submit_md_case_decision(world, acting_as=md.id, case_id=case_id, decision="p2p_review",
                                                rationale="; ".join(adj.reasons), signed_off=True,
                                                policy_citations=[citation] if citation else None)
        rid = dec["p2p_request_id"]
        slots = [s_.isoformat().replace("+00:00", "Z") for s_ in _slot_times(world.now())]
        p2p.offer_slots(world, acting_as=md.id, request_id=rid, payer_reviewer_id=md2.id, slots=slots)
        worked.append(md.id)
        with world.read() as s:
            c = s.get(PACase, case_id)
            status = str(c.status) if c else ""
        return {**out, "p2p_request_id": rid, "offered_slots": slots, "worked_by": worked, "case_status": status}
    # deny (medical necessity or administrative)
    why = "; ".join(adj.reasons) if outcome == adj.outcome else "member coverage or benefit does not apply"
    cites = [citation] if citation else []
    md_review.submit_md_case_decision(world, acting_as=md.id, case_id=case_id, decision="deny", rationale=why,
                                      denial_rationale=why, signed_off=True, policy_citations=cites)
    determination.finalize(world, acting_as=md.id, case_id=case_id, decision="denied", rationale=why,
                           policy_citations=cites)
    worked.append(md.id)
    return {**out, "outcome": "deny", **_denial_letter(world, md.id, case_id, why, cites, channel), "worked_by": worked}


# ----------------------------------------------------------------------------------- helpers
def triage_done(s: Any, case_id: str) -> bool:
    from chibench.world.apps.triage.models import TriageRecord

    return s.scalars(select(TriageRecord.id).where(TriageRecord.case_id == case_id)).first() is not None


def nurse_escalated(s: Any, case_id: str) -> bool:
    from chibench.world.apps.nurse_review.models import NurseRecommendation

    return s.scalars(select(NurseRecommendation.id).where(NurseRecommendation.case_id == case_id)).first() is not None


def policy_citation(s: Any, policy: PayerPolicy | None) -> str | None:
    """The citation of the policy's first criterion (the decision path starts there)."""
    if policy is None:
        return None
    from chibench.world.apps.policy_library.models import PolicyCriterion

    row = s.scalars(select(PolicyCriterion).where(PolicyCriterion.policy_id == policy.id)
                    .order_by(PolicyCriterion.ordinal)).first()
    return row.citation if row is not None else None


def _member_state(s: Any, case: PACase) -> str:
    patient = s.get(Patient, case.patient_id)
    return str(patient.state)


def _short(text: str, limit: int = 300) -> str:
    """One pend item as the payer lists it (request items are at most 300 characters)."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _lane_reason(lane: str) -> str:
    return {"administrative_review": "Coverage or benefit does not apply on the requested date; administrative review.",
            "no_auth_required": "Prior authorization is not required for the requested lines under this plan.",
            "notification": "Notification-only service; recorded without clinical review.",
            "gold_card": "The requesting clinician holds a current gold card for this service category; "
                         "approved at routing.",
            "nurse_review": "Standard clinical review per plan policy.",
            "md_review": "Physician review required by the plan policy."}[lane]


def _slot_times(now: dt.datetime) -> list[dt.datetime]:
    out: list[dt.datetime] = []
    day = now.date()
    while len(out) < 3:
        day += dt.timedelta(days=1)
        if day.weekday() < 5:
            out.append(dt.datetime(day.year, day.month, day.day, 15, tzinfo=dt.UTC))
    return out


def _pend_letter(world: World, actor: str, case_id: str, items: list[str], due: str, channel: str) -> dict[str, Any]:
    with world.read() as s:
        case = s.get(PACase, case_id)
        signer = s.get(Worker, actor)
        f = _common_fields(s, case, signer, world.now().date())
    f.update(missing_items=items, response_due=due,
             submission_instructions=f"Respond to the pend on case {case_id} through the {channel} with the items "
                                     "listed; attach clinician-signed documents.")
    body = (_head(f) + "We need more information before we can decide this prior authorization request.\n\n"
            "Missing or insufficient:\n" + "\n".join(f"- {i}" for i in items)
            + f"\n\nPlease respond by {due}. {f['submission_instructions']} If we do not receive the information "
              "by then, the request will be decided on the documentation we hold." + _sign(f))
    got = _deliver(world, actor, case_id, "pend", f, body, f"{case_id}: additional information required", channel)
    return {"letter_id": got["id"], "message_id": got.get("inbox_message_id"), "pend_due": due,
            "case_status": str(CaseStatus.PENDED_ACTION_REQUIRED)}


def _approval_letter(world: World, actor: str, case_id: str, channel: str) -> dict[str, Any]:
    with world.read() as s:
        case = s.get(PACase, case_id)
        signer = s.get(Worker, actor)
        f = _common_fields(s, case, signer, world.now().date())
        number, start, end = case.authorization_number, case.auth_valid_from, case.auth_valid_to
        rows = list(s.scalars(select(PALine).where(PALine.case_id == case.id).order_by(PALine.line_number)))
    # structured lines, as the letter tool takes them (the arena's payer oracle replays these fields)
    approved = [{"line_number": ln.line_number, "code": ln.code, "approved_units": ln.units} for ln in rows]
    lines = [f"{ln.code} x{ln.units}" for ln in rows]
    f.update(authorization_number=number, approved_lines=approved, valid_from=start.isoformat(),
             valid_to=end.isoformat())
    body = (_head(f) + f"The request is APPROVED. Authorization number: {number}.\n"
            f"Approved lines: {', '.join(lines)}.\nValid {start.isoformat()} through {end.isoformat()}.\n"
            "Services must be rendered by the requesting provider at the requested place of service; eligibility "
            "and benefits apply on the date of service." + _sign(f))
    got = _deliver(world, actor, case_id, "approval", f, body, f"{case_id}: approved - authorization {number}", channel)
    return {"letter_id": got["id"], "message_id": got.get("inbox_message_id"), "authorization_number": number,
            "case_status": str(CaseStatus.APPROVED)}


def _denial_letter(world: World, actor: str, case_id: str, why: str, cites: list[str], channel: str
                   ) -> dict[str, Any]:
    with world.read() as s:
        case = s.get(PACase, case_id)
        signer = s.get(Worker, actor)
        f = _common_fields(s, case, signer, world.now().date())
        plan = s.get(Plan, case.plan_id)
        deadline = appeal_rules.appeal_deadline(world.now(), str(plan.line_of_business))
    days = max(1, (deadline - world.now()).days)
    f.update(criteria_not_met=[why], policy_citations=cites,
             appeal_rights=f"You or the member may request an internal appeal within {days} days of this notice.",
             appeal_deadline_days=str(days),
             external_review_rights="After the internal appeal, the member may request an independent external review.",
             peer_to_peer_offer="The ordering physician may request a peer-to-peer discussion with the reviewing "
                                "medical director before filing an appeal.",
             criteria_access="The criteria used are available on request, free of charge.")
    body = (_head(f) + f"The request is DENIED.\n\nReason: {why}\nPolicy basis: {', '.join(cites) or 'plan terms'}\n\n"
            f"{f['appeal_rights']} {f['external_review_rights']} {f['peer_to_peer_offer']} {f['criteria_access']}"
            + _sign(f))
    got = _deliver(world, actor, case_id, "denial", f, body, f"{case_id}: denied", channel)
    return {"letter_id": got["id"], "message_id": got.get("inbox_message_id"), "appeal_deadline": deadline.isoformat(),
            "case_status": str(CaseStatus.DENIED)}


