"""Letter center services: determination letters (approval, partial approval, denial, pend), member
notifications, delivery, reissue and the completeness audit.

Tool namespace ``payer_letter_center``. Actors: ``rules.authority.LETTER_STAFF``; the author signs.
Nothing is defaulted: a letter holds exactly the ``fields`` and ``body`` its author wrote, and the audit
(``rules.letter_audit.audit_letter``: NCQA UM 7, 42 CFR 422.568(e)/422.572(e), 29 CFR
2560.503-1(g)(1), CMS-0057-F) reads exactly that. Delivery is refused until the audit passes
(public_release.md §6.6 / §9.7: the public release filled defaults so its audit always passed).
Approval / partial-approval / denial letters need the case's active determination of that decision;
a pend letter needs the case pended. Times UTC ISO-8601.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.orm import Session

from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr.models import Coverage
from chibench.world.apps.letter_center.models import Letter, MemberNotification
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.enums import (
    CaseStatus,
    Lane,
    LetterRecipient,
    LetterStatus,
    NotificationChannel,
    NotificationType,
    values,
)
from chibench.world.core.errors import Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World, get_or_404
from chibench.world.rules.authority import APPEAL_REVIEWERS, EXTERNAL_REVIEW_STAFF, LETTER_STAFF, require_role
from chibench.world.rules.letter_audit import (
    APPEAL_OUTCOME_FIELDS,
    COMMON_FIELDS,
    TYPE_FIELDS,
    AuditContext,
    AuditResult,
    audit_letter,
)

APP = "letter_center"
NS = "payer_letter_center"
KNOWN_FIELDS = tuple(dict.fromkeys(COMMON_FIELDS + tuple(f for fs in TYPE_FIELDS.values() for f in fs)
                                   + tuple(f for fs in APPEAL_OUTCOME_FIELDS.values() for f in fs)))
RECIPIENTS = values(LetterRecipient)
DECISION_FOR = {"approval": "approved", "partial_approval": "partially_approved", "denial": "denied"}
NOTIFICATION_TYPES = values(NotificationType)
NOTIFICATION_CHANNELS = values(NotificationChannel)
APPEAL_OUTCOME_STATES = (CaseStatus.APPEAL_UPHELD, CaseStatus.APPEAL_OVERTURNED, CaseStatus.EXTERNAL_APPEAL_UPHELD,
                         CaseStatus.EXTERNAL_APPEAL_OVERTURNED)
MAX_DEPTH = 4


# --------------------------------------------------------------------------- validation


def _plain(value: Any, field: str, depth: int = 0) -> Any:
    """A JSON value the author wrote (strings, numbers, booleans, null, lists, objects), bounded in size."""
    if depth > MAX_DEPTH:
        raise InvalidInput("nested too deeply", field=field)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return v.text(value, field, required=False, max_len=v.MAX_TEXT) if value.strip() else value
    if isinstance(value, list):
        if len(value) > v.MAX_LIST:
            raise InvalidInput(f"too many items (at most {v.MAX_LIST})", field=field)
        return [_plain(x, f"{field}[{i}]", depth + 1) for i, x in enumerate(value)]
    if isinstance(value, dict):
        return {str(k): _plain(x, f"{field}.{k}", depth + 1) for k, x in value.items()}
    raise InvalidInput(f"unsupported value type {type(value).__name__}", field=field)


def _fields(value: Any) -> dict[str, Any]:
    v.no_unknown_keys(v.obj(value, "fields"), KNOWN_FIELDS, "fields")
    return {k: _plain(x, f"fields.{k}") for k, x in value.items()}


def _determination_for(s: Session, case: PACase, letter_type: str) -> Determination | None:
    """The active determination a decision letter rests on (``Conflict`` if missing or of another decision);
    None for pend letters, which need the case pended instead."""
    if letter_type == "appeal_decision":
        if case.status not in APPEAL_OUTCOME_STATES:
            raise Conflict(f"case {case.id} is '{case.status}'; an appeal decision letter needs a decided appeal",
                           field="case_id")
        return pq.active_determination(s, case.id)
    if letter_type == "pend":
        if case.status != CaseStatus.PENDED_ACTION_REQUIRED:
            raise Conflict(f"case {case.id} is '{case.status}'; a pend letter needs a pended case", field="case_id")
        return None
    det = pq.active_determination(s, case.id)
    want = DECISION_FOR[letter_type]
    if det is None or det.decision != want:
        have = det.decision if det else "none"
        raise Conflict(f"a {letter_type} letter needs an active '{want}' determination (case has: {have})",
                       field="case_id")
    return det


def _audit(s: Session, letter: Letter) -> AuditResult:
    case = pq.get_case(s, letter.case_id)
    det = s.get(Determination, letter.determination_id) if letter.determination_id else None
    signer = s.get(Worker, letter.signer_id)
    ctx = AuditContext(member_id=pq.member_id_of(s, case), case_id=case.id,
                       authorization_number=det.authorization_number if det else None,
                       signer_role=str(signer.role) if signer else "",
                       line_numbers=tuple(ln["line_number"] for ln in pq.review_lines(s, case)),
                       appeal=_decided_appeal(s, case.id) if letter.letter_type == "appeal_decision" else None)
    return audit_letter(letter.letter_type, letter.fields, letter.body, ctx)


_T_LETTER, _T_CASE, _T_DET, _T_WORKER, _T_COV = (Letter.__table__, PACase.__table__, Determination.__table__,
                                                  Worker.__table__, Coverage.__table__)
#: What an audit reads of a letter, in one statement: the letter, its determination's authorization number,
#: the signer's role and the member id of the case's coverage.
_AUDIT_FACTS = (select(_T_LETTER.c.id, _T_LETTER.c.case_id, _T_LETTER.c.letter_type, _T_LETTER.c.fields,
                       _T_LETTER.c.body, _T_DET.c.authorization_number, _T_WORKER.c.role, _T_COV.c.member_id)
                .select_from(_T_LETTER.join(_T_CASE, _T_CASE.c.id == _T_LETTER.c.case_id)
                             .join(_T_COV, _T_COV.c.id == _T_CASE.c.coverage_id)
                             .outerjoin(_T_DET, _T_DET.c.id == _T_LETTER.c.determination_id)
                             .outerjoin(_T_WORKER, _T_WORKER.c.id == _T_LETTER.c.signer_id))
                .where(_T_LETTER.c.id == bindparam("letter_id")))


def _audit_read(s: Session, letter_id: Any) -> dict[str, Any]:
    """:func:`_audit_dict` of :func:`_audit` for a read session, in two or three statements (was five or more)."""
    if not isinstance(letter_id, str) or not letter_id:
        raise InvalidInput("an id string is required", field="letter_id")
    conn: Connection = s.connection()
    r = conn.execute(_AUDIT_FACTS, {"letter_id": letter_id}).first()
    if r is None:
        raise NotFound(f"no letter with id '{letter_id}'", field="letter_id")
    ctx = AuditContext(member_id=r.member_id, case_id=r.case_id, authorization_number=r.authorization_number,
                       signer_role=str(r.role) if r.role is not None else "",
                       line_numbers=tuple(pr.line_numbers(s, r.case_id)),
                       appeal=_decided_appeal(s, r.case_id) if r.letter_type == "appeal_decision" else None)
    res = audit_letter(r.letter_type, r.fields, r.body, ctx)
    return {"letter_id": r.id, "letter_type": r.letter_type, "complete": res.complete,
            "missing_fields": res.missing_fields, "problems": res.problems}


def _decided_appeal(s: Session, case_id: str) -> tuple[str, str, str] | None:
    """(id, level, outcome) of the case's most recently decided appeal."""
    from chibench.world.apps.appeals.models import Appeal

    ap = s.scalars(select(Appeal).where(Appeal.case_id == case_id, Appeal.decided_at.is_not(None))
                   .order_by(Appeal.decided_at.desc(), Appeal.id.desc())).first()
    return None if ap is None else (ap.id, ap.level, str(ap.status))


def _audit_dict(letter: Letter, r: AuditResult) -> dict[str, Any]:
    return {"letter_id": letter.id, "letter_type": letter.letter_type, "complete": r.complete,
            "missing_fields": r.missing_fields, "problems": r.problems}


def _letter(s: Session, letter_id: Any) -> Letter:
    return get_or_404(s, Letter, letter_id, what="letter", field="letter_id")


def _new_letter(tx: Tx, case: PACase, *, letter_type: str, det: Determination | None, recipient: str, subject: str,
                body: str, fields: dict[str, Any], reissued_from: str | None = None) -> Letter:
    cites = fields.get("policy_citations")
    letter = Letter(id=tx.new_id("LET"), case_id=case.id, letter_type=letter_type, status=None,
                    determination_id=det.id if det else None, recipient=recipient, subject=subject, body=body,
                    fields=fields, policy_citations=list(cites) if isinstance(cites, list) else [],
                    signer_id=tx.actor.id, created_at=tx.now, delivered_at=None, delivery_channel=None,
                    reissued_from=reissued_from, audit={})
    tx.transition(machines.LETTER, letter, LetterStatus.DRAFT, case_id=case.id)
    tx.session.add(letter)
    tx.session.flush()
    letter.audit = _audit_dict(letter, _audit(tx.session, letter))
    return letter


# --------------------------------------------------------------------------- reads


def list_letters(world: World, *, acting_as: str, case_id: str | None = None) -> list[dict[str, Any]]:
    """Letters (all statuses), oldest first, optionally for one case. Errors: NotFound, UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        q = select(Letter).order_by(Letter.created_at, Letter.id)
        if case_id is not None:
            q = q.where(Letter.case_id == pq.get_case(s, case_id).id)
        return [to_dict(x) for x in s.scalars(q)]


def get_letter(world: World, *, acting_as: str, letter_id: str) -> dict[str, Any]:
    """One letter with its last stored audit. Errors: NotFound, UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        return to_dict(_letter(s, letter_id))


def list_notifications(world: World, *, acting_as: str, case_id: str) -> list[dict[str, Any]]:
    """Member notifications of a case, oldest first. Errors: NotFound, UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        case = pq.get_case(s, case_id)
        q = select(MemberNotification).where(MemberNotification.case_id == case.id)
        return [to_dict(n) for n in s.scalars(q.order_by(MemberNotification.created_at, MemberNotification.id))]


def audit_completeness(world: World, *, acting_as: str, letter_id: str) -> dict[str, Any]:
    """Audit the letter as written: ``{letter_id, letter_type, complete, missing_fields, problems}``.
    Read-only (``rules.letter_audit.audit_letter``). Errors: NotFound, UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pq.read_actor(s, acting_as)
        return _audit_read(s, letter_id)


# --------------------------------------------------------------------------- compose


#: Who writes and delivers an appeal decision notice: the appeals physician who decided an internal
#: appeal, or the external review coordinator who records the IRO's decision, besides the UM letter staff.
APPEAL_LETTER_STAFF = LETTER_STAFF | APPEAL_REVIEWERS | EXTERNAL_REVIEW_STAFF


def _generate(world: World, acting_as: str, case_id: str, letter_type: str, fields: Any, body: Any, subject: Any,
              recipient: Any) -> dict[str, Any]:
    data = _fields(fields)
    text = v.text(body, "body")
    subj = v.text(subject, "subject", max_len=v.MAX_SHORT)
    to = v.choice(recipient, RECIPIENTS, "recipient")
    staff = APPEAL_LETTER_STAFF if letter_type == "appeal_decision" else LETTER_STAFF
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.generate_{letter_type}") as tx:
        require_role(tx.actor.role, staff, "write a UM letter")
        case = pq.get_case(tx.session, case_id)
        det = _determination_for(tx.session, case, letter_type)
        letter = _new_letter(tx, case, letter_type=letter_type, det=det, recipient=to, subject=subj, body=text,
                             fields=data)
        tx.log(case_id=case.id, entity_id=letter.id, details={"letter_type": letter_type, "recipient": to,
                                                              "complete": letter.audit["complete"]})
        return to_dict(letter)


def generate_approval(world: World, *, acting_as: str, case_id: str, fields: dict[str, Any], body: str, subject: str,
                      recipient: str = "provider") -> dict[str, Any]:
    """Draft an approval letter exactly as written (nothing filled in); needs the active 'approved'
    determination. ``fields`` keys: the audit's common fields plus authorization_number,
    approved_lines, valid_from, valid_to (YYYY-MM-DD); ``body`` is what the recipient reads (the
    member id, case reference and authorization number must appear in it); ``recipient`` provider |
    member. The stored ``audit`` shows what delivery would refuse. Errors: InvalidInput (named field;
    unknown ``fields`` keys), Conflict (no matching determination), NotFound, AuthorityError / UnknownActor.
    """
    return _generate(world, acting_as, case_id, "approval", fields, body, subject, recipient)


def generate_partial_approval(world: World, *, acting_as: str, case_id: str, fields: dict[str, Any], body: str,
                              subject: str, recipient: str = "provider") -> dict[str, Any]:
    """Draft a partial-approval letter as written; needs the active 'partially_approved' determination.
    Type fields: authorization_number, line_outcomes (every line), denied_line_reasons, appeal_rights,
    policy_citations (each also cited in the body). Signer must be a physician reviewer for the audit.
    Errors: as :func:`generate_approval`.
    """
    return _generate(world, acting_as, case_id, "partial_approval", fields, body, subject, recipient)


def generate_denial(world: World, *, acting_as: str, case_id: str, fields: dict[str, Any], body: str, subject: str,
                    recipient: str = "provider") -> dict[str, Any]:
    """Draft a denial letter as written; needs the active 'denied' determination. Type fields:
    criteria_not_met, policy_citations, appeal_rights, appeal_deadline_days (digits, also in the body),
    external_review_rights, peer_to_peer_offer, criteria_access. Signer must be a physician reviewer.
    Errors: as :func:`generate_approval`.
    """
    return _generate(world, acting_as, case_id, "denial", fields, body, subject, recipient)


def generate_pend(world: World, *, acting_as: str, case_id: str, fields: dict[str, Any], body: str, subject: str,
                  recipient: str = "provider") -> dict[str, Any]:
    """Draft a pend (request-for-information) letter as written; needs the case pended_action_required.
    Type fields: missing_items, response_due (YYYY-MM-DD, also in the body), submission_instructions.
    Errors: as :func:`generate_approval`.
    """
    return _generate(world, acting_as, case_id, "pend", fields, body, subject, recipient)


def generate_appeal_decision(world: World, *, acting_as: str, case_id: str, fields: dict[str, Any], body: str,
                             subject: str, recipient: str = "provider") -> dict[str, Any]:
    """Draft the notice of an appeal decision as written; needs the case's appeal decided (status
    appeal_upheld / appeal_overturned / external_appeal_upheld / external_appeal_overturned). Type fields:
    appeal_reference (the appeal id, also in the body), appeal_level (internal | external), appeal_outcome
    (upheld | overturned), decision_rationale, reviewer_name, reviewer_credentials; upheld also
    policy_citations and further_review_rights (external review, or the end of the plan's process),
    overturned the authorization_number. Internal decisions are signed by the deciding physician.
    Errors: as :func:`generate_approval`.
    """
    return _generate(world, acting_as, case_id, "appeal_decision", fields, body, subject, recipient)


def _check_notification(s: Session, case: PACase, kind: str) -> None:
    det = pq.active_determination(s, case.id)
    decision = det.decision if det else None
    route = pq.latest_routing(s, case.id)
    ok = {
        "approval": decision in ("approved", "partially_approved"),
        "denial": decision in ("denied", "partially_approved"),
        "pend": case.status == CaseStatus.PENDED_ACTION_REQUIRED,
        "no_auth_required": case.status == CaseStatus.CLOSED and route is not None
        and route.lane == Lane.NO_AUTH_REQUIRED,
        "appeal_rights": decision in ("denied", "partially_approved") or case.status == CaseStatus.APPEAL_UPHELD,
        "appeal_outcome": case.status in APPEAL_OUTCOME_STATES,
    }[kind]
    if not ok:
        raise Conflict(f"a '{kind}' notification does not match case {case.id} (status '{case.status}', "
                       f"determination {decision or 'none'})", field="notification_type")


def generate_notification(world: World, *, acting_as: str, case_id: str, notification_type: str, body: str,
                          language: str, channel: str = "mail") -> dict[str, Any]:
    """Write a member notification as authored (``MN-…``; nothing filled in).

    notification_type: approval (active approved/partially approved determination) | denial (active
    denied/partially approved) | pend (case pended) | no_auth_required (case closed by the
    no-auth-required lane) | appeal_rights (adverse determination active, or internal appeal upheld) |
    appeal_outcome (an appeal decided). ``language``: the language the body is written in;
    channel: mail | portal | email. Errors: InvalidInput, Conflict (type does not match the case),
    NotFound, AuthorityError / UnknownActor.
    """
    kind = v.choice(notification_type, NOTIFICATION_TYPES, "notification_type")
    text = v.text(body, "body")
    lang = v.text(language, "language", max_len=40)
    chan = v.choice(channel, NOTIFICATION_CHANNELS, "channel")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.generate_notification") as tx:
        require_role(tx.actor.role, LETTER_STAFF, "write a member notification")
        case = pq.get_case(tx.session, case_id)
        _check_notification(tx.session, case, kind)
        note = MemberNotification(id=tx.new_id("MN"), case_id=case.id, patient_id=case.patient_id,
                                  notification_type=kind, body=text, language=lang, channel=chan,
                                  created_by=tx.actor.id, created_at=tx.now)
        tx.session.add(note)
        tx.log(case_id=case.id, entity_id=note.id, details={"notification_type": kind, "channel": chan})
        tx.session.flush()
        return to_dict(note)


# --------------------------------------------------------------------------- deliver / reissue


def deliver(world: World, *, acting_as: str, letter_id: str, channel: str) -> dict[str, Any]:
    """Deliver a draft letter (draft → delivered) on portal | fax | mail | api.

    A provider letter goes out on the channel the request came in on (portal → portal, fax → fax,
    api / edi_278 → api; ``payer_queries.REPLY_CHANNEL``); any other channel is refused (``Conflict``
    naming the allowed one). Member letters go by mail or the channel the member chose.
    Refused (``Conflict`` with ``details`` = the audit) unless the completeness audit passes on what
    was written; also refused if the determination it rests on is no longer active (or, for a pend
    letter, the case is no longer pended). Writes a copy to the shared workspace (WorkspaceArtifact,
    scope ``shared``) and, for provider letters, a message in the provider's inbox.
    Errors: InvalidInput (channel), Conflict, IllegalTransition (not a draft), NotFound, AuthorityError / UnknownActor.
    """
    chan = v.choice(channel, pq.DELIVERY_CHANNELS, "channel")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.deliver") as tx:
        require_role(tx.actor.role, APPEAL_LETTER_STAFF, "deliver a UM letter")
        s = tx.session
        letter = _letter(s, letter_id)
        if letter.letter_type != "appeal_decision":
            require_role(tx.actor.role, LETTER_STAFF, "deliver a UM letter")
        case = pq.get_case(s, letter.case_id)
        machines.check(machines.LETTER, str(letter.status), LetterStatus.DELIVERED, entity_id=letter.id)
        expected = pq.reply_channel(s, case.id) if letter.recipient == "provider" else None
        if expected is not None and chan != expected:
            came = pq.latest_packet(s, case.id)
            raise Conflict(f"the request for case {case.id} came in on '{came.channel if came else 'none'}'; "
                           f"its provider letters go out on '{expected}', not '{chan}'", field="channel",
                           allowed=[expected])
        det = _determination_for(s, case, letter.letter_type)
        if det is not None and det.id != letter.determination_id:
            raise Conflict(f"letter {letter.id} rests on a superseded determination; write a new letter",
                           field="letter_id")
        result = _audit_dict(letter, _audit(s, letter))
        letter.audit = result
        if not result["complete"]:
            raise Conflict(f"letter {letter.id} fails the completeness audit and cannot be delivered",
                           field="letter_id", details=result)
        tx.transition(machines.LETTER, letter, LetterStatus.DELIVERED, case_id=case.id)
        letter.delivered_at, letter.delivery_channel = tx.now, chan
        art = pw.add_artifact(tx, case_id=case.id, scope="shared", artifact_type=f"{letter.letter_type}_letter",
                              filename=f"{letter.id}.md", content=f"# {letter.subject}\n\n{letter.body}\n",
                              details={"letter_id": letter.id, "recipient": letter.recipient, "channel": chan})
        out: dict[str, Any] = {"artifact_id": art.id}
        if letter.recipient == "provider":
            msg = pw.send_provider_message(tx, case, kind=f"{letter.letter_type}_letter", subject=letter.subject,
                                           body=letter.body, details={"letter_id": letter.id, "channel": chan,
                                                                      "determination_id": letter.determination_id})
            out["inbox_message_id"] = msg.id
        tx.log(case_id=case.id, entity_id=letter.id, details={"channel": chan, **out})
        s.flush()
        delivered = {**to_dict(letter), **out}
    # After the delivery committed: in the arena a scripted provider (provider_mode = auto) answers a pend
    # as later world events, like the scripted payer answers a provider packet.
    from chibench.world.apps import scripted_provider

    scripted_provider.after_payer_letter(world, delivered)
    return delivered


def reissue(world: World, *, acting_as: str, letter_id: str, reason: str, fields: dict[str, Any] | None = None,
            body: str | None = None, subject: str | None = None) -> dict[str, Any]:
    """Replace a draft or delivered letter: a new draft (new id, ``reissued_from``) carrying the given
    ``fields`` / ``body`` / ``subject`` (each omitted one is copied from the old letter as its author
    wrote it); the old letter → superseded. The new letter must be delivered again; ``reason`` is
    recorded in the event log. Errors: InvalidInput, Conflict (determination no longer active /
    case no longer pended), IllegalTransition (already superseded), NotFound, AuthorityError / UnknownActor.
    """
    why = v.text(reason, "reason")
    new_fields = None if fields is None else _fields(fields)
    new_body = None if body is None else v.text(body, "body")
    new_subject = None if subject is None else v.text(subject, "subject", max_len=v.MAX_SHORT)
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.reissue") as tx:
        require_role(tx.actor.role, LETTER_STAFF, "reissue a UM letter")
        old = _letter(tx.session, letter_id)
        case = pq.get_case(tx.session, old.case_id)
        tx.transition(machines.LETTER, old, LetterStatus.SUPERSEDED, case_id=case.id, reason=why)
        det = _determination_for(tx.session, case, old.letter_type)
        new = _new_letter(tx, case, letter_type=old.letter_type, det=det, recipient=old.recipient,
                          subject=new_subject or old.subject, body=new_body or old.body,
                          fields=dict(old.fields) if new_fields is None else new_fields, reissued_from=old.id)
        tx.log(case_id=case.id, entity_id=new.id, details={"reissued_from": old.id, "reason": why})
        return to_dict(new)
