"""Payer-submission portal / channel services (provider side) and the scripted payer's reply.

Channels (``rules.channels``; DESIGN §4 "channels differ"):

* ``portal`` — the plan's questionnaire must be complete (answers passed in, or the case's saved
  form response), else the portal refuses and lists the problems;
* ``api`` — Da Vinci PAS-style: structured like the 278 *and* a complete questionnaire;
* ``edi_278`` — ASC X12N 278: valid member id, Luhn-valid requesting NPI, CPT/HCPCS lines,
  billable ICD-10-CM, a service date; no questionnaire answers (attach a ``questionnaire``
  document instead); errors come back as X12 AAA reject reason codes in ``details.reject_codes``;
* ``fax`` — each document is sent as pages (``fax_pages_for``); a page may arrive unreadable
  (``fax_page_readable``, deterministic per packet and page) and must be re-sent.

Questionnaire answers travel as structured data on portal, API and fax (explicit answers, else the
case's saved form response). When the payer holds no structured answers (EDI 278), it reads
``key: value`` lines from ``questionnaire`` documents in the packet.

A refused submission raises ``channel_rejected`` and writes nothing (not even the clock). An
accepted one creates a ``SubmissionPacket`` (``SUB-…``) with payer-side copies of every document
(``Document.side="payer"``, ``copied_from`` = the provider original), fax pages for fax, and moves
the case ``ready_to_submit → submitted`` or ``pended_action_required → resubmitted``.

In the same transaction the payer's intake hub receives the packet: the case's ``IntakeCase`` (status
``new``, the case's lines as ``IntakeLineItem`` rows; updated on a resubmission) — the record a payer
worker picks up in the payer's intake queue, whether that worker is an agent (``payer_mode = queue``, a
payer task) or the scripted payer (``payer_mode = auto``, a provider task). In ``auto`` mode, after the
provider's write has committed, the scripted payer's staff work the packet as later world events through
the payer service functions (``scripted_payer``: intake, triage, review, determination, letters); the
letter reaches the provider's inbox on the channel used.

Sources: 45 CFR 162.1302 / X12 278 005010X217 (EDI); CMS-0057-F (specific pend/denial reasons,
Prior Authorization API); 42 CFR 422.568 and 29 CFR 2560.503-1 (notice contents); appeal windows
per ``rules.appeals``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Organization, Worker
from chibench.world.apps.document_vault.models import Document, FormResponse
from chibench.world.apps.ehr.models import Coverage, ServiceRequest
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.provider_common import (
    PA_STAFF,
    PublishedRequirement,
    acting_as_payer,
    case_org_id,
    case_provider_document,
    load_case,
    move_case,
    packet_view,
    payer_mode,
    post_message,
    published_requirement,
    read_actor,
    require_status,
    tx_case,
)
from chibench.world.apps.submission_portal.models import FaxPage, SubmissionPacket
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.clock import iso
from chibench.world.core.codes import icd10cm_description
from chibench.world.core.enums import (
    CaseStatus,
    DocumentKind,
    IntakeStatus,
    P2PStatus,
    ServiceCategory,
    SubmissionChannel,
)
from chibench.world.core.errors import ChannelRejected, Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules.channels import check_channel, fax_page_readable, fax_pages_for

APP = "submission_portal"
MAX_PACKET_DOCUMENTS = 50
ANSWER_LINE = re.compile(r"^\s*[-*]?\s*`?([a-z][a-z0-9_]*)`?\s*[:=]\s*(.+?)\s*$")


# ------------------------------------------------------------------------------ helpers
def _answers_arg(raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return None
    answers = v.obj(raw, "questionnaire_answers")
    for k, val in answers.items():
        if not isinstance(k, str) or not isinstance(val, str | int | float | bool):
            raise InvalidInput("answers are strings, numbers or booleans keyed by question key",
                               field=f"questionnaire_answers.{k}")
    return dict(answers)


def _packet_answers(s: Session, case: PACase, pr: PublishedRequirement, ch: SubmissionChannel,
                    explicit: dict[str, Any] | None) -> tuple[dict[str, Any], list[str]]:
    """Structured answers this packet carries: explicit ones, else (portal/api/fax) the saved form."""
    if explicit is not None:
        return explicit, []
    saved = (s.scalars(select(FormResponse).where(FormResponse.case_id == case.id,
                                                  FormResponse.form_id == pr.form_id)).first()
             if pr.form_id else None)
    if ch is SubmissionChannel.EDI_278:
        warn = ["saved questionnaire answers do not travel on an EDI 278; attach a questionnaire document"] \
            if saved is not None and saved.answers else []
        return {}, warn
    return (dict(saved.answers) if saved is not None else {}), []


def _lines(s: Session, case: PACase) -> list[PALine]:
    return list(s.scalars(select(PALine).where(PALine.case_id == case.id).order_by(PALine.line_number)))


def _copy_to_payer(tx: Tx, case: PACase, doc: Document, packet_id: str, channel: str) -> Document:
    copy = Document(id=tx.new_id("DOC"), patient_id=doc.patient_id, case_id=case.id, encounter_id=doc.encounter_id,
                    kind=doc.kind, title=doc.title, body=doc.body, date=doc.date,
                    author_worker_id=doc.author_worker_id, signed=doc.signed, signed_by=doc.signed_by,
                    signed_at=doc.signed_at, origin=doc.origin, side="payer", copied_from=doc.id, created_at=tx.now,
                    details={**doc.details, "packet_id": packet_id, "channel": channel})
    tx.session.add(copy)
    return copy


def _send(tx: Tx, case: PACase, *, channel: SubmissionChannel, documents: Sequence[Document],
          bundle: Document | None, explicit_answers: dict[str, Any] | None, note: str | None) -> dict[str, Any]:
    """Channel check → packet + payer copies (+ fax pages) → case move → payer reply."""
    s = tx.session
    pr = published_requirement(s, case)
    answers, warnings = _packet_answers(s, case, pr, channel, explicit_answers)
    lines = _lines(s, case)
    requesting = s.get(Worker, case.requesting_worker_id)
    cov = s.get(Coverage, case.coverage_id)
    assert requesting is not None and cov is not None
    check = check_channel(channel, questions=pr.questions, answers=answers, line_codes=[ln.code for ln in lines],
                          diagnosis_codes=list(case.diagnosis_codes), requesting_npi=requesting.npi,
                          member_id=cov.member_id, service_start=case.requested_start)
    if not check.accepted:
        raise ChannelRejected(f"the {channel} channel refused the submission: {'; '.join(check.problems)}",
                              field="channel", details={"channel": str(channel), "problems": check.problems,
                                                       "reject_codes": check.reject_codes})
    resubmission = str(case.status) == CaseStatus.PENDED_ACTION_REQUIRED
    move_case(tx, case, CaseStatus.RESUBMITTED if resubmission else CaseStatus.SUBMITTED,
              reason=f"{channel} submission")
    seq = int(s.scalar(select(func.count()).select_from(SubmissionPacket)
                       .where(SubmissionPacket.case_id == case.id)) or 0) + 1
    originals = ([bundle] if bundle is not None else []) + list(documents)
    packet = SubmissionPacket(id=tx.new_id("SUB"), case_id=case.id, sequence=seq, channel=channel,
                              bundle_document_id=bundle.id if bundle else None,
                              document_ids=[d.id for d in originals], payer_document_ids=[],
                              questionnaire_answers=answers, structured={}, note=note, submitted_by=tx.actor.id,
                              submitted_at=tx.now, payer_reply=None, payer_reply_detail={})
    if channel is not SubmissionChannel.FAX:
        packet.structured = {
            "member_id": cov.member_id, "requesting_provider_id": requesting.id, "requesting_npi": requesting.npi,
            "lines": [{"line_number": ln.line_number, "system": str(ln.system), "code": ln.code, "units": ln.units,
                       "modifier": ln.modifier} for ln in lines],
            "diagnosis_codes": list(case.diagnosis_codes), "place_of_service": str(case.site_of_service),
            "service_start": case.requested_start.isoformat(), "urgency": str(case.urgency)}
    s.add(packet)
    s.flush()
    copies = [_copy_to_payer(tx, case, d, packet.id, str(channel)) for d in originals]
    packet.payer_document_ids = [c.id for c in copies]
    pages = 0
    if channel is SubmissionChannel.FAX:
        for d in originals:
            for _ in range(fax_pages_for(d.body)):
                pages += 1
                s.add(FaxPage(id=f"{packet.id}-PG{pages:03d}", packet_id=packet.id, page_number=pages,
                              document_id=d.id, readable=fax_page_readable(packet.id, pages),
                              resent_in_packet_id=None))
    case.submission_channel = str(channel)
    if case.submitted_at is None:
        case.submitted_at = tx.now
    case.pend_due_at = None
    tx.log(case_id=case.id, entity_id=packet.id,
           details={"channel": str(channel), "sequence": seq, "document_ids": packet.document_ids,
                    "fax_pages": pages, "questionnaire_keys": sorted(answers)})
    s.flush()
    reply = _payer_reply(tx, case, packet)
    return {"case_id": case.id, "status": str(case.status), "packet": packet_view(packet), "payer_reply": reply,
            "warnings": warnings}


# ------------------------------------------------------------------------------ payer receipt
def parse_questionnaire_answers(body: str, keys: Sequence[str]) -> dict[str, str]:
    """Answers written as ``key: value`` lines in a questionnaire document (other lines ignored)."""
    out: dict[str, str] = {}
    for line in body.splitlines():
        m = ANSWER_LINE.match(line)
        if m and m.group(1) in keys:
            out[m.group(1)] = m.group(2)
    return out


def payer_answers(s: Session, packets: Sequence[SubmissionPacket], docs: Sequence[Document],
                  pr: PublishedRequirement) -> dict[str, Any]:
    """The latest structured answers the payer received; else answers read from questionnaire documents."""
    for p in reversed(packets):
        if p.questionnaire_answers:
            return dict(p.questionnaire_answers)
    keys = [q.key for q in pr.questions]
    merged: dict[str, Any] = {}
    for d in sorted((d for d in docs if str(d.kind) == DocumentKind.QUESTIONNAIRE), key=lambda d: (d.created_at, d.id)):
        merged.update(parse_questionnaire_answers(d.body, keys))
    return merged


def _payer_reply(tx: Tx, case: PACase, packet: SubmissionPacket) -> dict[str, Any]:
    """The payer's intake hub receives the packet in the same transaction (the portal's receipt): the
    intake record for the case, with the case's lines, exactly as a payer worker finds it in the queue."""
    with acting_as_payer(tx):
        return _queue_for_payer(tx, case, packet, payer_mode(tx.session))


def _then_payer_works(world: World, result: dict[str, Any]) -> dict[str, Any]:
    """After the provider's write committed: in ``auto`` mode the scripted payer's staff work the packet
    (``scripted_payer.respond``, later world events); the result then shows what they did."""
    from chibench.world.apps import scripted_payer

    reply = scripted_payer.respond(world, result["case_id"])
    if reply is not None:
        result["payer_reply"] = {**result["payer_reply"], **reply}
        result["status"] = reply.get("case_status") or result["status"]
    # In the arena an external payer (an agent in its own box) takes its turn now; this call returns after it.
    from chibench.world.apps import arena_turns

    arena_turns.after_commit(world, "payer", "submission", result["case_id"])
    return result


def _queue_for_payer(tx: Tx, case: PACase, packet: SubmissionPacket, mode: str) -> dict[str, Any]:
    s = tx.session
    intake = s.scalars(select(IntakeCase).where(IntakeCase.case_id == case.id)).first()
    if intake is None:
        order = s.get(ServiceRequest, case.order_id)
        worker = s.get(Worker, case.requesting_worker_id)
        org = s.get(Organization, case_org_id(s, case))
        assert order is not None and worker is not None and org is not None
        auth_type = ("ip" if str(case.site_of_service) == "21"
                     else "rx" if str(order.service_category) == ServiceCategory.PHARMACY else "op")
        intake = IntakeCase(id=tx.new_id("INT"), case_id=case.id, packet_id=packet.id, auth_type=auth_type,
                            received_at=tx.now, channel=str(packet.channel),
                            diagnoses=[{"code": c, "display": _icd_display(c), "is_primary": i == 0}
                                       for i, c in enumerate(case.diagnosis_codes)],
                            requesting_provider={
                                "worker_id": worker.id, "name": worker.display_name, "npi": worker.npi,
                                "specialty": worker.specialty, "org_id": org.id, "org_name": org.name,
                                "org_npi": org.npi, "tin": org.tin, "phone": org.phone, "fax": org.fax,
                                "address": f"{org.address_line}, {org.city}, {org.state} {org.postal_code}"},
                            missing_information=[], updated_at=tx.now)
        tx.transition(machines.INTAKE, intake, IntakeStatus.NEW, case_id=case.id, reason=f"received {packet.id}")
        s.add(intake)
        s.flush()
        for ln in _lines(s, case):
            s.add(IntakeLineItem(id=f"{intake.id}-L{ln.line_number}", intake_id=intake.id, line_number=ln.line_number,
                                 system=ln.system, code=ln.code, display=ln.display, units=ln.units,
                                 modifier=ln.modifier, place_of_service=case.site_of_service,
                                 service_start=case.requested_start, service_end=None))
        created = True
    else:
        intake.packet_id = packet.id
        intake.updated_at = tx.now
        created = False
    detail = {"outcome": "queued" if mode == "queue" else "received", "intake_id": intake.id,
              "intake_created": created}
    packet.payer_reply = detail["outcome"]
    packet.payer_reply_detail = detail
    tx.log("payer.queue", case_id=case.id, entity_id=intake.id, details=detail)
    return detail


def _icd_display(code: str) -> str:
    try:
        return icd10cm_description(code)
    except ValueError:
        return ""


# ------------------------------------------------------------------------------ tools
def submit_authorization(world: World, *, acting_as: str, case_id: str, channel: str, bundle_document_id: str,
                         questionnaire_answers: dict[str, Any] | None = None, note: str | None = None
                         ) -> dict[str, Any]:
    """Submit the case's bundle to the payer on ``channel`` (portal | fax | edi_278 | api).

    The case must be ``ready_to_submit`` (→ ``submitted``) or ``pended_action_required``
    (→ ``resubmitted``, as ``respond_to_pend`` with the bundle's documents). ``bundle_document_id``:
    a ``submission_bundle`` of this case; the packet carries the bundle and every document it lists.
    ``questionnaire_answers``: structured answers (default: the case's saved form response; an EDI 278
    carries none). ``note`` ≤2,000 chars.

    Returns ``{case_id, status, packet, payer_reply, warnings}``; ``payer_reply`` is the scripted
    payer's decision in ``auto`` mode (``{outcome, basis, reasons, missing_kinds, insufficient_kinds,
    message_id, …}``) or ``{outcome: "queued", intake_id}`` in ``queue`` mode.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (channel, bundle,
    answers), ``conflict`` (case status), ``channel_rejected`` (``details.problems``;
    ``details.reject_codes`` = X12 AAA codes for EDI/API) — a refusal writes nothing.
    """
    with world.write(acting_as=acting_as, app=APP, action="auth.submit_authorization") as tx:
        case = tx_case(tx, case_id, "submit a prior authorization")
        require_status(case, (CaseStatus.READY_TO_SUBMIT, CaseStatus.PENDED_ACTION_REQUIRED), "submit")
        ch = v.one_of(channel, SubmissionChannel, "channel")
        bundle = case_provider_document(tx.session, case, v.text(bundle_document_id, "bundle_document_id", max_len=48),
                                        "bundle_document_id")
        if str(bundle.kind) != DocumentKind.SUBMISSION_BUNDLE or bundle.case_id != case.id:
            raise InvalidInput(f"{bundle.id} is not a submission bundle of {case.id}", field="bundle_document_id")
        answers = _answers_arg(questionnaire_answers)
        note_text = v.text(note, "note", required=False, max_len=2_000) or None
        docs = [case_provider_document(tx.session, case, d, "bundle_document_id")
                for d in bundle.details.get("document_ids", [])]
        result = _send(tx, case, channel=ch, documents=docs, bundle=bundle, explicit_answers=answers, note=note_text)
    return _then_payer_works(world, result)


def respond_to_pend(world: World, *, acting_as: str, case_id: str, note: str | None, document_ids: list[str] | None = None,
                    questionnaire_answers: dict[str, Any] | None = None, channel: str | None = None
                    ) -> dict[str, Any]:
    """Answer a pend: a new packet with ``note`` and the given documents (0–50 provider documents of
    the patient/case; bundles excluded), ``pended_action_required → resubmitted``; the payer
    re-adjudicates everything it holds for the case (``auto`` mode). ``channel`` defaults to the
    previous packet's; channel rules apply as in ``submit_authorization`` (a portal resubmission
    needs the complete questionnaire — the saved form is used by default).

    Returns as ``submit_authorization``. Errors: as ``submit_authorization``; ``conflict`` when the
    case is not pended.
    """
    with world.write(acting_as=acting_as, app=APP, action="auth.respond_to_pend") as tx:
        case = tx_case(tx, case_id, "respond to a pend")
        require_status(case, (CaseStatus.PENDED_ACTION_REQUIRED,), "respond to a pend")
        note_text = v.text(note, "note", max_len=2_000)
        ids = v.str_list(document_ids, "document_ids", max_items=MAX_PACKET_DOCUMENTS, max_len=48)
        if len(set(ids)) != len(ids):
            raise InvalidInput("a document is listed twice", field="document_ids")
        docs = [case_provider_document(tx.session, case, d, "document_ids") for d in ids]
        if any(str(d.kind) == DocumentKind.SUBMISSION_BUNDLE for d in docs):
            raise InvalidInput("send the documents themselves, not a bundle", field="document_ids")
        answers = _answers_arg(questionnaire_answers)
        last = tx.session.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case.id)
                                  .order_by(SubmissionPacket.sequence.desc())).first()
        if channel is None:
            if last is None:
                raise InvalidInput("no earlier submission; name the channel", field="channel",
                                   allowed=SubmissionChannel)
            channel = str(last.channel)
        ch = v.one_of(channel, SubmissionChannel, "channel")
        result = _send(tx, case, channel=ch, documents=docs, bundle=None, explicit_answers=answers, note=note_text)
    return _then_payer_works(world, result)


def resend_fax_pages(world: World, *, acting_as: str, case_id: str, page_ids: list[str]) -> dict[str, Any]:
    """Re-send fax pages the payer could not read (``pended_action_required → resubmitted``).

    ``page_ids``: ids of pages listed in the pend (``SUB-…-PGnnn``) that arrived unreadable and were
    not re-sent yet. A new fax packet carries just those pages (no new document copies: the payer
    already holds the documents); each new page may itself arrive unreadable (deterministic per
    packet and page). The payer then re-adjudicates in ``auto`` mode.

    Returns as ``submit_authorization``. Errors: ``unknown_actor``, ``not_authorized``,
    ``not_found``, ``invalid_input`` (``page_ids``: unknown, readable, already re-sent, other
    case, duplicates), ``conflict`` (case not pended).
    """
    with world.write(acting_as=acting_as, app=APP, action="auth.resend_fax_pages") as tx:
        s = tx.session
        case = tx_case(tx, case_id, "re-send fax pages")
        require_status(case, (CaseStatus.PENDED_ACTION_REQUIRED,), "re-send fax pages")
        ids = v.str_list(page_ids, "page_ids", required=True, max_len=60)
        if len(set(ids)) != len(ids):
            raise InvalidInput("a page is listed twice", field="page_ids")
        pages: list[FaxPage] = []
        for pid in ids:
            page = s.get(FaxPage, pid)
            packet = s.get(SubmissionPacket, page.packet_id) if page is not None else None
            if page is None or packet is None or packet.case_id != case.id:
                raise NotFound(f"no fax page '{pid}' on case {case.id}", field="page_ids")
            if page.readable:
                raise InvalidInput(f"page {pid} arrived readable; nothing to re-send", field="page_ids")
            if page.resent_in_packet_id is not None:
                raise InvalidInput(f"page {pid} was already re-sent in {page.resent_in_packet_id}", field="page_ids")
            pages.append(page)
        move_case(tx, case, CaseStatus.RESUBMITTED, reason="fax pages re-sent")
        originals: list[str] = []
        copies: list[str] = []
        for page in pages:
            if page.document_id not in originals:
                src = s.get(SubmissionPacket, page.packet_id)
                assert src is not None
                originals.append(page.document_id)
                copies.append(src.payer_document_ids[src.document_ids.index(page.document_id)])
        seq = int(s.scalar(select(func.count()).select_from(SubmissionPacket)
                           .where(SubmissionPacket.case_id == case.id)) or 0) + 1
        packet = SubmissionPacket(id=tx.new_id("SUB"), case_id=case.id, sequence=seq, channel=SubmissionChannel.FAX,
                                  bundle_document_id=None, document_ids=originals, payer_document_ids=copies,
                                  questionnaire_answers={}, structured={},
                                  note="re-send of unreadable pages " + ", ".join(ids), submitted_by=tx.actor.id,
                                  submitted_at=tx.now, payer_reply=None, payer_reply_detail={"resent_page_ids": ids})
        s.add(packet)
        s.flush()
        for n, page in enumerate(pages, start=1):
            s.add(FaxPage(id=f"{packet.id}-PG{n:03d}", packet_id=packet.id, page_number=n,
                          document_id=page.document_id, readable=fax_page_readable(packet.id, n),
                          resent_in_packet_id=None))
            page.resent_in_packet_id = packet.id
        case.submission_channel = str(SubmissionChannel.FAX)
        case.pend_due_at = None
        tx.log(case_id=case.id, entity_id=packet.id, details={"resent_page_ids": ids})
        s.flush()
        reply = _payer_reply(tx, case, packet)
        result = {"case_id": case.id, "status": str(case.status), "packet": packet_view(packet), "payer_reply": reply,
                  "warnings": []}
    return _then_payer_works(world, result)


def request_peer_to_peer(world: World, *, acting_as: str, case_id: str, note: str | None = None) -> dict[str, Any]:
    """Always refused: a peer-to-peer is initiated by the payer's medical director.

    The provider replies to an invitation with ``auth_respond_to_peer_to_peer`` (open invitations
    are listed in the error's ``details.open_invitations``). Nothing is written.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``; otherwise always ``conflict``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PA_STAFF, "work a PA case")
        case = load_case(s, case_id, actor, "work this PA case")
        invites = [r.id for r in s.scalars(select(P2PRequest).where(P2PRequest.case_id == case.id,
                                                                    P2PRequest.status == P2PStatus.SLOTS_OFFERED))]
        hint = (f"reply to invitation {', '.join(invites)} with auth_respond_to_peer_to_peer" if invites
                else "there is no open invitation on this case")
        raise Conflict(f"peer-to-peer is payer-initiated: the provider cannot request one; {hint}",
                       field="case_id", details={"open_invitations": invites})


def respond_to_peer_to_peer(world: World, *, acting_as: str, case_id: str, request_id: str, selected_slot: str,
                            note: str | None = None) -> dict[str, Any]:
    """Accept a payer peer-to-peer invitation by choosing one of its offered slots
    (``slots_offered → slot_selected``). ``selected_slot``: ISO-8601 date-time with zone, equal to
    one offered slot and still in the future; ``note`` (≤2,000 chars, e.g. the clinician's callback
    number) reaches the payer as a message. Returns the request (provider view).
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found`` (request on this case),
    ``invalid_input`` (slot not offered / malformed), ``conflict`` (slot in the past),
    ``illegal_transition`` (request not awaiting a slot choice).
    """
    with world.write(acting_as=acting_as, app=APP, action="auth.respond_to_peer_to_peer") as tx:
        case = tx_case(tx, case_id, "answer a peer-to-peer invitation")
        rid = v.text(request_id, "request_id", max_len=48).strip()
        req = tx.session.get(P2PRequest, rid)
        if req is None or req.case_id != case.id:
            raise NotFound(f"no peer-to-peer request '{rid}' on case {case.id}", field="request_id")
        slot = v.iso_datetime(selected_slot, "selected_slot")
        note_text = v.text(note, "note", required=False, max_len=2_000) or None
        offered = {v.iso_datetime(x, "offered_slots"): x for x in req.offered_slots}
        if slot not in offered:
            raise InvalidInput(f"{iso(slot)} is not an offered slot", field="selected_slot",
                               allowed=list(offered.values()))
        if slot <= tx.now:
            raise Conflict(f"slot {iso(slot)} has already passed", field="selected_slot")
        tx.transition(machines.P2P, req, P2PStatus.SLOT_SELECTED, case_id=case.id, reason=note_text)
        req.selected_slot = slot
        post_message(tx, case, kind="p2p_reply", audience="payer", sender=f"{tx.actor.id} (provider)",
                     subject=f"{req.id}: slot selected {iso(slot)}",
                     body=f"The ordering clinician will take the peer-to-peer call at {iso(slot)}."
                          + (f"\n\n{note_text}" if note_text else ""),
                     details={"p2p_request_id": req.id, "selected_slot": iso(slot)})
        tx.log(case_id=case.id, entity_id=req.id, details={"selected_slot": iso(slot), "note": note_text})
        return to_dict(req, exclude=("original_reviewer_id", "md_decision_id"))
