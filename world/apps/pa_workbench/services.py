"""PA case workbench + inbox services (provider side).

Lifecycle (``core.machines.PA_CASE``): ``create_from_order`` → ``draft``; ``check_requirement`` →
``requirement_checked``; ``finalize_provider_determination`` → ``ready_to_submit`` (submit_pa),
``docs_needed`` (gather_more_evidence) or ``closed`` (do_not_submit); submission and the payer's
reply live in ``submission_portal.services``.

Reads (``get_case``, ``list_cases``, ``list_messages``, ``check_status``) never write and never
advance the clock. ``read_message`` is a write: stamping ``read_at`` is the one documented side
effect of reading. Every write runs in one transaction: on any error nothing is recorded.

Access: provider staff of the case's *ordering organization*; case writes need a PA-capable role
(``provider_common.PA_STAFF``: clinicians, PA coordinators, clinic nurses — not front desk).
The provider never sees the plan's hidden policy: requirement results carry only what the plan
publishes (PA yes/no, required document kinds, questionnaire form id, the public policy reference).

Times: UTC ISO-8601 ``Z`` strings; dates ``YYYY-MM-DD``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from chibench.world.apps.appeals.models import Appeal
from chibench.world.apps.directory.models import Organization, Worker
from chibench.world.apps.document_vault.models import Document, FormResponse
from chibench.world.apps.ehr.models import Coverage, Patient, ServiceRequest
from chibench.world.apps.letter_center.models import Letter
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench import clinician
from chibench.world.apps.pa_workbench.models import (
    InboxMessage,
    PACase,
    PALine,
    ProviderDetermination,
    RequirementCheck,
)
from chibench.world.apps.provider_common import (
    ASSEMBLY_STATUSES,
    PA_STAFF,
    PROVIDER_READERS,
    TOOL_NAMES,
    case_org_id,
    case_provider_document,
    coverage_summary,
    doc_summary,
    load_case,
    move_case,
    outstanding_unreadable_pages,
    packet_view,
    published_requirement,
    published_view,
    read_actor,
    require_tx_actor,
    resolve_coverage,
    tx_case,
    worker_card,
)
from chibench.world.apps.row_shapes import RowShape
from chibench.world.apps.submission_portal.models import FaxPage, SubmissionPacket
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.db import StateTransition
from chibench.world.core.enums import CaseStatus, FinalAction, FindingStatus, P2PStatus, Urgency, values
from chibench.world.core.errors import Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

APP = "pa_workbench"
FINAL_ACTIONS = values(FinalAction)
FINAL_ACTION_TARGET = {"submit_pa": CaseStatus.READY_TO_SUBMIT, "gather_more_evidence": CaseStatus.DOCS_NEEDED,
                       "do_not_submit": CaseStatus.CLOSED}
FINDING_STATUSES = values(FindingStatus)
FINALIZABLE = (CaseStatus.REQUIREMENT_CHECKED, CaseStatus.DOCS_NEEDED, CaseStatus.READY_TO_SUBMIT)


# ------------------------------------------------------------------------------ next actions
def _action(name: str, to_status: str | None, hint: str) -> dict[str, Any]:
    return {"tool": TOOL_NAMES[name], "action": name, "to_status": to_status, "hint": hint}


def next_actions(s: Session, case: PACase) -> list[dict[str, Any]]:
    """What the provider can do now, derived from the legal moves out of the case's status.

    Each entry: ``{tool, action, to_status, hint}``. Only moves the provider side drives are listed;
    when the payer holds the case the list says so (``awaiting: payer`` via ``check_status``).
    """
    status = str(case.status)
    allowed = machines.PA_CASE.allowed(status)
    out: list[dict[str, Any]] = []
    if CaseStatus.REQUIREMENT_CHECKED in allowed:
        out.append(_action("check_requirement", "requirement_checked",
                           "record whether the plan requires prior authorization for these lines"))
    for action, target in (("submit_pa", "ready_to_submit"), ("gather_more_evidence", "docs_needed"),
                           ("do_not_submit", "closed")):
        if status in FINALIZABLE and target in allowed:
            out.append(_action("finalize_provider_determination", target, f"final_action={action}"))
    if CaseStatus.SUBMITTED in allowed:
        out.append(_action("submit_authorization", "submitted", "submit the bundle on a channel"))
    if CaseStatus.RESUBMITTED in allowed:
        out.append(_action("respond_to_pend", "resubmitted", "answer the pend with a note and documents"))
        if outstanding_unreadable_pages(s, case.id):
            out.append(_action("resend_fax_pages", "resubmitted", "re-send the unreadable fax pages"))
    if CaseStatus.APPEALED in allowed:
        out.append(_action("file_appeal", "appealed", "internal appeal of the adverse determination"))
    if CaseStatus.EXTERNAL_APPEALED in allowed:
        out.append(_action("file_external_appeal", "external_appealed", "external (IRO) review"))
    offered = s.scalar(select(P2PRequest.id).where(P2PRequest.case_id == case.id,
                                                   P2PRequest.status == P2PStatus.SLOTS_OFFERED))
    if offered:
        out.append(_action("respond_to_peer_to_peer", None, f"pick one offered slot for {offered}"))
    if status in ASSEMBLY_STATUSES:
        out.append(_action("upload_evidence", None, "add a document to the case"))
        out.append(_action("create_submission_bundle", None, "assemble the packet"))
        if s.scalar(select(RequirementCheck.questionnaire_form_id).where(RequirementCheck.case_id == case.id)
                    .order_by(RequirementCheck.checked_at.desc())):
            out.append(_action("save_form_response", None, "answer the payer questionnaire"))
    if status in (CaseStatus.SUBMITTED, CaseStatus.RESUBMITTED, CaseStatus.UNDER_REVIEW):
        out.append({**_action("check_status", None, "the payer holds the case; poll for its reply"),
                    "awaiting": "payer"})
    return out


# ------------------------------------------------------------------------------ views
def message_summary(m: InboxMessage) -> dict[str, Any]:
    d = to_dict(m, exclude=("body",))
    d["preview"] = m.body[:160]
    d["unread"] = m.read_at is None
    return d


def _lines(s: Session, case_id: str) -> list[dict[str, Any]]:
    return [to_dict(ln) for ln in s.scalars(select(PALine).where(PALine.case_id == case_id)
                                            .order_by(PALine.line_number))]


def case_summary(s: Session, c: PACase) -> dict[str, Any]:
    p = s.get(Patient, c.patient_id)
    cov = s.get(Coverage, c.coverage_id)
    d = to_dict(c)
    return {"case_id": c.id, "status": d["status"], "urgency": d["urgency"],
            "patient": {"id": c.patient_id, "name": f"{p.given_name} {p.family_name}" if p else None},
            "member_id": cov.member_id if cov else None, "plan_id": c.plan_id,
            "codes": [ln["code"] for ln in _lines(s, c.id)], "site_of_service": d["site_of_service"],
            "requested_start": d["requested_start"], "created_at": d["created_at"], "updated_at": d["updated_at"],
            "pend_due_at": d["pend_due_at"], "authorization_number": c.authorization_number}


def provider_letters(s: Session, case_id: str) -> list[dict[str, Any]]:
    """Letters the payer delivered to the provider for this case (newest first)."""
    return [to_dict(lt, exclude=("audit",)) for lt in s.scalars(
        select(Letter).where(Letter.case_id == case_id, Letter.recipient == "provider",
                             Letter.delivered_at.is_not(None))
        .order_by(Letter.delivered_at.desc(), Letter.id))]


def _p2p(s: Session, case_id: str) -> list[dict[str, Any]]:
    return [to_dict(r, exclude=("original_reviewer_id", "md_decision_id")) for r in s.scalars(
        select(P2PRequest).where(P2PRequest.case_id == case_id).order_by(P2PRequest.created_at, P2PRequest.id))]


def _messages(s: Session, case_id: str) -> list[InboxMessage]:
    return list(s.scalars(select(InboxMessage).where(InboxMessage.case_id == case_id,
                                                     InboxMessage.audience == "provider")
                          .order_by(InboxMessage.sent_at.desc(), InboxMessage.id.desc())))


# ------------------------------------------------------------------------------ writes
def create_from_order(world: World, *, acting_as: str, order_id: str) -> dict[str, Any]:
    """Open a ``draft`` PA case from a service-request order.

    The case copies the order's lines (``PALine`` per line: system, code, display, units, modifier),
    ICD-10-CM diagnoses, priority (standard|expedited), CMS place of service and requested date;
    the requesting clinician is the ordering worker. Coverage is resolved **on the order date**
    (``provider_common.resolve_coverage``); the plan is the coverage's plan.

    Returns ``get_case``'s shape for the new case.
    Errors: ``unknown_actor``; ``not_authorized`` (not PA-capable provider staff of the ordering
    organization); ``not_found`` (order); ``conflict`` (order not active; an open case already
    exists for it — one open case per order; the patient has no coverage record).
    """
    with world.write(acting_as=acting_as, app=APP, action="cases.create_from_order") as tx:
        require_tx_actor(tx, PA_STAFF, "open a PA case")
        oid = v.text(order_id, "order_id", max_len=48).strip()
        order = tx.get(ServiceRequest, oid, what="order", field="order_id")
        require_tx_actor(tx, PA_STAFF, "open a PA case from this order", org=order.org_id)
        if order.status != "active":
            raise Conflict(f"order {oid} is '{order.status}'; only active orders can be worked", field="order_id")
        open_cases = [c.id for c in tx.session.scalars(select(PACase).where(PACase.order_id == oid))
                      if str(c.status) != CaseStatus.CLOSED]
        if open_cases:
            raise Conflict(f"order {oid} already has an open case {open_cases[0]}; work that case",
                           field="order_id", details={"case_id": open_cases[0]})
        cov = resolve_coverage(tx.session, order.patient_id, order.date)
        if cov is None:
            raise Conflict(f"patient {order.patient_id} has no coverage on file; verify insurance first",
                           field="order_id")
        case = PACase(id=tx.new_id("CASE"), patient_id=order.patient_id, order_id=order.id, coverage_id=cov.id,
                      plan_id=cov.plan_id, requesting_worker_id=order.ordering_worker_id, urgency=order.priority,
                      site_of_service=order.site_of_service, diagnosis_codes=list(order.diagnosis_codes),
                      requested_start=order.requested_date, created_by=tx.actor.id, created_at=tx.now,
                      updated_at=tx.now)
        tx.transition(machines.PA_CASE, case, CaseStatus.DRAFT, case_id=case.id, reason=f"opened from {order.id}")
        tx.session.add(case)
        for n, line in enumerate(order.lines, start=1):
            tx.session.add(PALine(id=f"{case.id}-L{n}", case_id=case.id, line_number=n, system=line["system"],
                                  code=line["code"], display=line["display"], units=int(line.get("units", 1)),
                                  modifier=line.get("modifier")))
        tx.log(case_id=case.id, entity_id=case.id,
               details={"order_id": order.id, "coverage_id": cov.id, "plan_id": cov.plan_id})
        tx.session.flush()
        return _case_payload(tx.session, case)


def check_requirement(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Record whether the plan requires prior authorization for the case (``draft → requirement_checked``).

    Applies ``rules.pa_requirement`` (plan + line codes + place of service + diagnoses) against the
    plan's policy for those codes, checks coverage on the requested date of service and whether the
    ordering organization is in the plan's network, and stores a ``RequirementCheck``.

    Returns only what the plan publishes: ``{requirement_check_id, case_id, status, pa_required,
    notification_only, covered_benefit, coverage_active, in_network, date_of_service, reason,
    required_document_kinds, questionnaire_form_id, policy_reference}`` — never criteria, evidence
    markers or the payer's outcome. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``,
    ``illegal_transition`` (the case is not a draft: the check is done once).
    """
    with world.write(acting_as=acting_as, app=APP, action="cases.check_requirement") as tx:
        case = tx_case(tx, case_id, "check the PA requirement")
        pr = published_requirement(tx.session, case)
        move_case(tx, case, CaseStatus.REQUIREMENT_CHECKED, reason=pr.result.reason)
        view = published_view(pr)
        rc = RequirementCheck(id=tx.new_id("REQ"), case_id=case.id, checked_by=tx.actor.id, checked_at=tx.now,
                              pa_required=pr.result.pa_required, notification_only=pr.result.notification_only,
                              covered_benefit=pr.result.covered_benefit, in_network=pr.in_network,
                              coverage_active=pr.coverage_active,
                              required_document_kinds=view["required_document_kinds"],
                              questionnaire_form_id=pr.form_id, policy_reference=pr.result.handbook_policy_id)
        tx.session.add(rc)
        tx.log(case_id=case.id, entity_id=rc.id, details=view)
        return {"requirement_check_id": rc.id, "case_id": case.id, "status": str(case.status), **view}


def _findings(s: Session, case: PACase, raw: Any, required: list[str]) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise InvalidInput("expected a list of findings", field="document_findings")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, f in enumerate(raw):
        where = f"document_findings[{i}]"
        f = v.obj(f, where)
        v.no_unknown_keys(f, ("kind", "status", "document_ids", "note"), where)
        kind = v.choice(f.get("kind"), required, f"{where}.kind") if required else None
        if kind is None:
            raise InvalidInput("the plan requires no document kinds for this case; send no findings",
                               field=f"{where}.kind", allowed=())
        if kind in seen:
            raise InvalidInput(f"kind '{kind}' is classified twice", field=f"{where}.kind")
        seen.add(kind)
        status = v.choice(f.get("status"), FINDING_STATUSES, f"{where}.status")
        ids = v.str_list(f.get("document_ids"), f"{where}.document_ids", max_len=48)
        note = v.text(f.get("note"), f"{where}.note", required=status != "present_sufficient", max_len=2_000)
        if status == "absent" and ids:
            raise InvalidInput("an absent kind cites no documents", field=f"{where}.document_ids")
        if status != "absent" and not ids:
            raise InvalidInput(f"'{status}' needs the id of at least one document of kind {kind}",
                               field=f"{where}.document_ids")
        for d in ids:
            doc = case_provider_document(s, case, d, f"{where}.document_ids")
            if str(doc.kind) != kind:
                raise InvalidInput(f"document {d} is a {doc.kind}, not a {kind}", field=f"{where}.document_ids")
        out.append({"kind": kind, "status": status, "document_ids": ids, "note": note})
    missing = [k for k in required if k not in seen]
    if missing:
        raise InvalidInput(f"classify every required kind; missing {missing}", field="document_findings",
                           allowed=required)
    return out


def finalize_provider_determination(world: World, *, acting_as: str, case_id: str, final_action: str,
                                    document_findings: list[dict[str, Any]], rationale: str,
                                    clinician_request: str | None = None) -> dict[str, Any]:
    """Record the pre-submission disposition with one finding per required document kind.

    ``final_action``: ``submit_pa`` → ``ready_to_submit``; ``gather_more_evidence`` → ``docs_needed``
    (``clinician_request`` required: what the ordering clinician must write or do; once it has committed,
    the clinician answers as a later world event — ``clinician.answer_request``: a signed document filed on
    the case and/or an inbox message — and the returned ``case`` shows the answer);
    ``do_not_submit`` → ``closed`` (``rationale`` becomes the closing reason).
    ``document_findings``: exactly one ``{kind, status, document_ids, note}`` per kind the plan
    requires (from the latest requirement check); ``status`` ∈ present_sufficient |
    present_insufficient | absent; present_* cite ≥1 provider document *of that kind* on the
    patient's chart or this case; absent cites none; ``note`` (≤2,000 chars) is required unless
    present_sufficient (RMG-PA-SOP-001 §5.2: kind, document, defect, cure).

    Returns ``{provider_determination: {...}, case: get_case shape}``.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (field named),
    ``conflict`` (no requirement check yet), ``illegal_transition`` (e.g. gather_more_evidence on a
    case already in docs_needed, or any disposition after submission).
    """
    with world.write(acting_as=acting_as, app=APP, action="auth.finalize_provider_determination") as tx:
        case = tx_case(tx, case_id, "record the provider determination")
        action = v.choice(final_action, FINAL_ACTIONS, "final_action")
        why = v.text(rationale, "rationale", max_len=5_000)
        request = v.text(clinician_request, "clinician_request", required=action == "gather_more_evidence",
                         max_len=5_000) or None
        rc = tx.session.scalars(select(RequirementCheck).where(RequirementCheck.case_id == case.id)
                                .order_by(RequirementCheck.checked_at.desc())).first()
        if rc is None:
            raise Conflict("check the PA requirement before recording a disposition", field="case_id")
        findings = _findings(tx.session, case, document_findings, list(rc.required_document_kinds))
        target = FINAL_ACTION_TARGET[action]
        move_case(tx, case, target, reason=f"{action}: {why[:200]}")
        if target == CaseStatus.CLOSED:
            case.closed_reason = why
        det = ProviderDetermination(id=tx.new_id("PDET"), case_id=case.id, final_action=action,
                                    document_findings=findings, rationale=why, clinician_request=request,
                                    decided_by=tx.actor.id, decided_at=tx.now)
        tx.session.add(det)
        tx.log(case_id=case.id, entity_id=det.id,
               details={"final_action": action, "findings": [(f["kind"], f["status"]) for f in findings]})
        tx.session.flush()
        out = {"provider_determination": to_dict(det), "case": _case_payload(tx.session, case)}
    if action == "gather_more_evidence" and clinician.answer_request(world, determination_id=det.id):
        with world.read() as s:  # the ordering clinician has answered (a later world event): show it
            out["case"] = _case_payload(s, s.get(PACase, det.case_id))
    return out


# ------------------------------------------------------------------------------ reads
def _case_payload(s: Session, case: PACase) -> dict[str, Any]:
    order = s.get(ServiceRequest, case.order_id)
    assert order is not None
    org = s.get(Organization, order.org_id)
    cov = s.get(Coverage, case.coverage_id)
    patient = s.get(Patient, case.patient_id)
    docs = [doc_summary(s, d) for d in s.scalars(
        select(Document).where(Document.case_id == case.id, Document.side == "provider")
        .order_by(Document.created_at, Document.id))]
    history = [{"at": to_dict(t)["at"], "from": t.from_state, "to": t.to_state, "actor_id": t.actor_id,
                "reason": t.reason}
               for t in s.scalars(select(StateTransition).where(StateTransition.machine == "pa_case",
                                                               StateTransition.entity_id == case.id)
                                  .order_by(StateTransition.seq))]
    return {
        "case": to_dict(case),
        "ordering_org": {"id": order.org_id, "name": org.name if org else None},
        "order": {"id": order.id, "date": order.date.isoformat(), "service_slug": order.service_slug,
                  "clinical_indication": order.clinical_indication},
        "patient": {"id": case.patient_id, "name": f"{patient.given_name} {patient.family_name}" if patient else None,
                    "birth_date": patient.birth_date.isoformat() if patient else None},
        "coverage": coverage_summary(s, cov, on=case.requested_start) if cov else None,
        "requesting_provider": worker_card(s.get(Worker, case.requesting_worker_id)),
        "lines": _lines(s, case.id),
        "requirement_checks": [to_dict(r) for r in s.scalars(
            select(RequirementCheck).where(RequirementCheck.case_id == case.id).order_by(RequirementCheck.checked_at))],
        "provider_determinations": [to_dict(d) for d in s.scalars(
            select(ProviderDetermination).where(ProviderDetermination.case_id == case.id)
            .order_by(ProviderDetermination.decided_at))],
        "form_responses": [to_dict(f) for f in s.scalars(
            select(FormResponse).where(FormResponse.case_id == case.id).order_by(FormResponse.id))],
        "case_documents": docs,
        "submissions": [packet_view(p) for p in s.scalars(
            select(SubmissionPacket).where(SubmissionPacket.case_id == case.id).order_by(SubmissionPacket.sequence))],
        "unreadable_fax_pages": [to_dict(fp) for fp in outstanding_unreadable_pages(s, case.id)],
        "messages": [message_summary(m) for m in _messages(s, case.id)],
        "letters": provider_letters(s, case.id),
        "p2p_requests": _p2p(s, case.id),
        "appeals": [to_dict(a, exclude=("original_reviewer_id", "assigned_reviewer_id")) for a in s.scalars(
            select(Appeal).where(Appeal.case_id == case.id).order_by(Appeal.filed_at))],
        "status_history": history,
        "next_actions": next_actions(s, case),
    }


def get_case(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """The case with every provider-visible artifact and the ``next_actions`` the state machine allows.

    Shape: ``{case, ordering_org, order, patient, coverage (with active_on the requested date),
    requesting_provider, lines, requirement_checks, provider_determinations, form_responses,
    case_documents (uploads and bundles; chart documents via docs_list_case_documents),
    submissions, unreadable_fax_pages, messages (summaries), letters (delivered to the provider),
    p2p_requests, appeals, status_history, next_actions: [{tool, action, to_status, hint}]}``.
    Errors: ``unknown_actor``, ``not_authorized`` (not staff of the ordering organization),
    ``not_found``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "read a PA case")
        case = load_case(s, case_id, actor, "read this PA case", roles=PROVIDER_READERS)
        return _case_payload(s, case)


def list_cases(world: World, *, acting_as: str, status: str | None = None, include_closed: bool = False
               ) -> list[dict[str, Any]]:
    """PA cases of the actor's organization as summaries; expedited before standard, then oldest first.

    ``status`` filters to one case status (any of the 18); closed cases are left out unless
    ``include_closed`` or ``status="closed"``. Summary: ``{case_id, status, urgency, patient {id, name},
    member_id, plan_id, codes, site_of_service, requested_start, created_at, updated_at, pend_due_at,
    authorization_number}``. Errors: ``unknown_actor``, ``not_authorized``, ``invalid_input``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "list PA cases")
        want = v.one_of(status, CaseStatus, "status") if status is not None else None
        closed_too = v.boolean(include_closed, "include_closed")
        stmt = (select(PACase).join(ServiceRequest, PACase.order_id == ServiceRequest.id)
                .where(ServiceRequest.org_id == actor.org_id))
        if want is not None:
            stmt = stmt.where(PACase.status == want)
        elif not closed_too:
            stmt = stmt.where(PACase.status != CaseStatus.CLOSED)
        cases = sorted(s.scalars(stmt), key=lambda c: (str(c.urgency) != Urgency.EXPEDITED, c.created_at, c.id))
        return [case_summary(s, c) for c in cases]


# check_status's sections as Core statements (the same rows, filters and orders as packet_view,
# _messages, provider_letters, _p2p and outstanding_unreadable_pages; no ORM objects are built)
_STATUS_PACKET = RowShape(SubmissionPacket, exclude=("payer_document_ids",))
_STATUS_LATEST_PACKET = (select(*_STATUS_PACKET.columns).where(_STATUS_PACKET.c.case_id == bindparam("cid"))
                         .order_by(_STATUS_PACKET.c.sequence.desc()).limit(1))
_STATUS_MESSAGE = RowShape(InboxMessage)
_STATUS_MESSAGES = (select(*_STATUS_MESSAGE.columns)
                    .where(_STATUS_MESSAGE.c.case_id == bindparam("cid"), _STATUS_MESSAGE.c.audience == "provider")
                    .order_by(_STATUS_MESSAGE.c.sent_at.desc(), _STATUS_MESSAGE.c.id.desc()))
_STATUS_LETTER = RowShape(Letter, exclude=("audit",))
_STATUS_LETTERS = (select(*_STATUS_LETTER.columns)
                   .where(_STATUS_LETTER.c.case_id == bindparam("cid"), _STATUS_LETTER.c.recipient == "provider",
                          _STATUS_LETTER.c.delivered_at.is_not(None))
                   .order_by(_STATUS_LETTER.c.delivered_at.desc(), _STATUS_LETTER.c.id))
_STATUS_P2P = RowShape(P2PRequest, exclude=("original_reviewer_id", "md_decision_id"))
_STATUS_P2PS = (select(*_STATUS_P2P.columns).where(_STATUS_P2P.c.case_id == bindparam("cid"))
                .order_by(_STATUS_P2P.c.created_at, _STATUS_P2P.c.id))
_STATUS_FAX_PAGE = RowShape(FaxPage)
_STATUS_FAX_PAGES = (select(*_STATUS_FAX_PAGE.columns)
                     .join_from(_STATUS_FAX_PAGE.table, _STATUS_PACKET.table,
                                _STATUS_FAX_PAGE.c.packet_id == _STATUS_PACKET.c.id)
                     .where(_STATUS_PACKET.c.case_id == bindparam("cid"), _STATUS_FAX_PAGE.c.readable.is_(False),
                            _STATUS_FAX_PAGE.c.resent_in_packet_id.is_(None))
                     .order_by(_STATUS_FAX_PAGE.c.packet_id, _STATUS_FAX_PAGE.c.page_number))


def check_status(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """What the payer has replied so far (a read: nothing is stamped, the clock does not move).

    Returns ``{case_id, status, submission_channel, submitted_at, authorization_number,
    auth_valid_from, auth_valid_to, outcome_reason, pend_due_at, closed_reason,
    latest_submission (payer_reply, payer_reply_detail), messages (full bodies, newest first, with
    ``unread``), letters (delivered to the provider), p2p_requests, unreadable_fax_pages,
    next_actions}``. The payer replies to each accepted packet at once when the world's
    ``payer_mode`` is ``auto``; in ``queue`` mode a payer worker works the intake and replies later.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "check a case's status")
        case = load_case(s, case_id, actor, "check this case's status", roles=PROVIDER_READERS)
        d = to_dict(case)
        args = {"cid": case.id}
        latest_row = s.execute(_STATUS_LATEST_PACKET, args).first()
        msgs = []
        for md in _STATUS_MESSAGE.dicts(s.execute(_STATUS_MESSAGES, args)):
            md["unread"] = md["read_at"] is None
            msgs.append(md)
        return {
            "case_id": case.id, "status": d["status"],
            **{k: d[k] for k in ("submission_channel", "submitted_at", "authorization_number", "auth_valid_from",
                                 "auth_valid_to", "outcome_reason", "pend_due_at", "closed_reason")},
            "latest_submission": _STATUS_PACKET.as_dict(latest_row) if latest_row is not None else None,
            "messages": msgs,
            "letters": _STATUS_LETTER.dicts(s.execute(_STATUS_LETTERS, args)),
            "p2p_requests": _STATUS_P2P.dicts(s.execute(_STATUS_P2PS, args)),
            "unreadable_fax_pages": _STATUS_FAX_PAGE.dicts(s.execute(_STATUS_FAX_PAGES, args)),
            "next_actions": next_actions(s, case),
        }


# ------------------------------------------------------------------------------ inbox
#: ``message_summary``'s inputs (every column but the body, then the body) read by one Core statement.
_INBOX_ENTRY = RowShape(InboxMessage, exclude=("body",))


def _inbox_select(where: Any) -> dict[bool, Any]:
    """The provider-audience messages matching ``where``, newest first; keyed by ``unread_only``."""
    c = _INBOX_ENTRY.c
    base = select(*_INBOX_ENTRY.columns, c.body).where(c.audience == "provider", where)
    order = (c.sent_at.desc(), c.id.desc())
    return {False: base.order_by(*order), True: base.where(c.read_at.is_(None)).order_by(*order)}


_INBOX_OF_CASE = _inbox_select(_INBOX_ENTRY.c.case_id == bindparam("cid"))
_INBOX_OF_ORG = _inbox_select(_INBOX_ENTRY.c.case_id.in_(
    select(PACase.__table__.c.id)
    .join(ServiceRequest.__table__, PACase.__table__.c.order_id == ServiceRequest.__table__.c.id)
    .where(ServiceRequest.__table__.c.org_id == bindparam("org"))))
def list_messages(world: World, *, acting_as: str, case_id: str | None = None, unread_only: bool = False
                  ) -> list[dict[str, Any]]:
    """Provider inbox of the actor's organization, newest first; optionally one case's or unread only.

    Each: every ``InboxMessage`` column except the body, plus ``preview`` (first 160 characters) and
    ``unread``. Read the full body with ``read_message`` (which stamps ``read_at``).
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found`` (case), ``invalid_input``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "read the provider inbox")
        only_unread = v.boolean(unread_only, "unread_only")
        if case_id is not None:
            cid = load_case(s, case_id, actor, "read this case's messages", roles=PROVIDER_READERS).id
            rows = s.execute(_INBOX_OF_CASE[only_unread], {"cid": cid})
        elif actor.org_id is not None:
            rows = s.execute(_INBOX_OF_ORG[only_unread], {"org": actor.org_id})
        else:  # no organization: ``== None`` below is ``IS NULL``; keep that meaning
            rows = None
        if rows is not None:
            n = _INBOX_ENTRY.width
            out = []
            for r in rows:
                d = _INBOX_ENTRY.as_dict(r)
                d["preview"] = r[n][:160]
                d["unread"] = d["read_at"] is None
                out.append(d)
            return out
        case_ids = list(s.scalars(select(PACase.id).join(ServiceRequest, PACase.order_id == ServiceRequest.id)
                                  .where(ServiceRequest.org_id == actor.org_id)))
        stmt = (select(InboxMessage).where(InboxMessage.audience == "provider", InboxMessage.case_id.in_(case_ids))
                .order_by(InboxMessage.sent_at.desc(), InboxMessage.id.desc()))
        if only_unread:
            stmt = stmt.where(InboxMessage.read_at.is_(None))
        return [message_summary(m) for m in s.scalars(stmt)]


def read_message(world: World, *, acting_as: str, message_id: str) -> dict[str, Any]:
    """Return one provider message with its body and stamp ``read_at`` (first read only).

    This is a write (the documented read side effect): it advances the clock by one action.
    Errors: ``unknown_actor``, ``not_authorized`` (not staff of the case's ordering organization),
    ``not_found`` (unknown id, or not a provider-audience message).
    """
    with world.write(acting_as=acting_as, app=APP, action="inbox.read_message") as tx:
        require_tx_actor(tx, PROVIDER_READERS, "read the provider inbox")
        mid = v.text(message_id, "message_id", max_len=48).strip()
        msg = tx.session.get(InboxMessage, mid)
        if msg is None or msg.audience != "provider" or msg.case_id is None:
            raise NotFound(f"no provider message with id '{mid}'", field="message_id")
        case = tx.get(PACase, msg.case_id, field="message_id")
        require_tx_actor(tx, PROVIDER_READERS, "read this case's messages", org=case_org_id(tx.session, case))
        first = msg.read_at is None
        if first:
            msg.read_at = tx.now
        tx.log(case_id=case.id, entity_id=msg.id, details={"first_read": first})
        out = to_dict(msg)
        out["unread"] = False
        return out

