"""Payer UM lookups: who may act, the case and its intake, lines, policy, payer-side documents, review records
and tasks (reads only; the payer services' shared views, argument parsing and writes are ``payer_views``,
``payer_arguments`` and ``payer_writes``).

Everything in the four payer modules runs inside a caller's read session or write transaction; nothing opens its own.
Conventions used by every payer service:

* Times are aware UTC datetimes in the database and ISO-8601 ``Z`` strings in results; dates are
  ``YYYY-MM-DD``.
* The payer reads only payer-side documents (``Document.side == "payer"``) linked to the case
  (directly or through a submission packet's ``payer_document_ids``); provider originals are
  never read, listed or quoted here.
* The payer's working line list is the intake's normalized line items (``IntakeLineItem``); before
  intake has lines, the case's requested lines (``PALine``) stand in.
* Authorization numbers are ``AUTH-<case id>-<NNNN>`` (a per-case counter), valid from the case's
  requested start for :data:`AUTH_VALID_DAYS` days (``world/rules/README.md`` has no rule on the
  window; 90 days is this world's convention, stated in the issue).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy import BindParameter, bindparam, select
from sqlalchemy.orm import Session

from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Plan, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, ServiceRequest
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review.models import CriterionEvaluation, NurseRecommendation, ReviewTask
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.apps.triage.models import RoutingRecord, TriageRecord
from chibench.world.core import validate as v
from chibench.world.core.db import SimClock
from chibench.world.core.enums import (
    EvalResult,
    IntakeStatus,
    LetterChannel,
    LineDecision,
    ReviewTaskStatus,
    WorkerRole,
    values,
)
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, UnknownActor
from chibench.world.core.world import get_or_404
from chibench.world.rules.authority import INTAKE_STAFF, PHYSICIAN_REVIEWERS, require_role

#: Every role that works inside the payer organization (reads of payer apps need one of these).
PAYER_ROLES = frozenset({WorkerRole.INTAKE_COORDINATOR, WorkerRole.UM_NURSE, WorkerRole.MEDICAL_DIRECTOR,
                         WorkerRole.APPEALS_MEDICAL_DIRECTOR, WorkerRole.EXTERNAL_REVIEW_COORDINATOR})


#: Payer UM operations staff (schedule P2Ps, assign appeal reviewers).
PAYER_UM_STAFF = INTAKE_STAFF | PHYSICIAN_REVIEWERS


#: Review-task states that still need work.
OPEN_TASK_STATES = (ReviewTaskStatus.QUEUED, ReviewTaskStatus.CLAIMED, ReviewTaskStatus.RETURNED)


#: Who works each review queue (``world/rules/README.md`` §3–§4).
QUEUE_ROLE = {"nurse_review": WorkerRole.UM_NURSE, "md_review": WorkerRole.MEDICAL_DIRECTOR,
              "administrative_review": WorkerRole.MEDICAL_DIRECTOR, "delegated": WorkerRole.UM_NURSE,
              "vendor": WorkerRole.UM_NURSE, "specialty": WorkerRole.UM_NURSE}


MD_QUEUES = ("md_review", "administrative_review")


#: Days an authorization stays valid from the requested start (issue convention).
AUTH_VALID_DAYS = 90


#: Letter / document delivery channels the payer uses.
DELIVERY_CHANNELS = values(LetterChannel)


EVAL_RESULTS = values(EvalResult)


LINE_DECISIONS = values(LineDecision)


PAYER_SIDE = "payer"


def current_time(s: Session) -> dt.datetime:
    """The simulated clock's current instant (read-only)."""
    clock = s.get(SimClock, 1)
    assert clock is not None
    return clock.now


#: What a reader is checked for by default (:func:`read_actor`, ``payer_reads.read_actor``).
READ_ACTION = "read payer UM records"


def read_actor(s: Session, acting_as: str, allowed: Iterable[WorkerRole] = PAYER_ROLES,
               action: str = READ_ACTION) -> Worker:
    """Resolve the reading worker read-only: unknown ids raise ``UnknownActor``; wrong role ``AuthorityError``."""
    return checked_reader(acting_as, lambda worker_id: s.get(Worker, worker_id), allowed, action)


def checked_reader(acting_as: Any, find: Callable[[str], Any], allowed: Iterable[WorkerRole], action: str) -> Any:
    """The worker ``find(acting_as)`` returns (anything with ``role``; None: no such worker), checked as
    :func:`read_actor` checks it: ``UnknownActor`` (not an id string, no such worker), ``AuthorityError``
    (role not in ``allowed``)."""
    if not isinstance(acting_as, str) or not acting_as:
        raise UnknownActor("an acting worker id is required", field="acting_as")
    w = find(acting_as)
    if w is None:
        raise UnknownActor(f"no worker with id '{acting_as}'", field="acting_as")
    require_role(w.role, allowed, action)
    return w


def worker_with_role(s: Session, worker_id: Any, field: str, allowed: Iterable[WorkerRole], what: str) -> Worker:
    """A worker named in an argument (not the actor): must exist (``NotFound``) and hold an allowed role."""
    if not isinstance(worker_id, str) or not worker_id:
        raise InvalidInput("a worker id is required", field=field)
    w = s.get(Worker, worker_id)
    if w is None:
        raise NotFound(f"no worker with id '{worker_id}'", field=field)
    allowed_set = frozenset(allowed)
    if w.role not in allowed_set:
        raise AuthorityError(f"worker {worker_id} has role '{w.role}' and cannot be the {what}", field=field,
                             allowed=allowed_set)
    return w


def get_case(s: Session, case_id: Any) -> PACase:
    return get_or_404(s, PACase, case_id, what="PA case", field="case_id")


# The hot per-case lookups below run statements built once per process, bound by parameter: building a
# ``select()`` per call (argument coercion, then its cache key) cost about as much as running it. Same SQL.
_BY_CASE: BindParameter[str] = bindparam("case_id")
_INTAKE_FOR = select(IntakeCase).where(IntakeCase.case_id == _BY_CASE)
_INTAKE_LINES = (select(IntakeLineItem).where(IntakeLineItem.intake_id == bindparam("intake_id"))
                 .order_by(IntakeLineItem.line_number))
_CASE_LINES = select(PALine).where(PALine.case_id == _BY_CASE).order_by(PALine.line_number)
_POLICY_BY_SERVICE = (select(PayerPolicy).where(PayerPolicy.plan_id == bindparam("plan_id"),
                                                PayerPolicy.service_slug == bindparam("slug"))
                      .order_by(PayerPolicy.id))
_POLICIES_OF_PLAN = select(PayerPolicy).where(PayerPolicy.plan_id == bindparam("plan_id")).order_by(PayerPolicy.id)
_POLICY_CRITERIA = (select(PolicyCriterion).where(PolicyCriterion.policy_id == bindparam("policy_id"))
                    .order_by(PolicyCriterion.ordinal))
_LATEST_PACKET = (select(SubmissionPacket).where(SubmissionPacket.case_id == _BY_CASE)
                  .order_by(SubmissionPacket.sequence.desc()))
_PACKETS = select(SubmissionPacket).where(SubmissionPacket.case_id == _BY_CASE)
_TRIAGE_FOR = select(TriageRecord).where(TriageRecord.case_id == _BY_CASE)
_ROUTINGS = (select(RoutingRecord).where(RoutingRecord.case_id == _BY_CASE)
             .order_by(RoutingRecord.routed_at, RoutingRecord.id))
_NURSE_REC = select(NurseRecommendation).where(NurseRecommendation.case_id == _BY_CASE)
_MD_DECISIONS = select(MdDecision).where(MdDecision.case_id == _BY_CASE).order_by(MdDecision.decided_at, MdDecision.id)
_DETERMINATIONS = (select(Determination).where(Determination.case_id == _BY_CASE)
                   .order_by(Determination.determined_at, Determination.id))
_P2P_REQUESTS = select(P2PRequest).where(P2PRequest.case_id == _BY_CASE).order_by(P2PRequest.created_at, P2PRequest.id)
_P2P_FOR_DECISION = (select(P2PRequest).where(P2PRequest.md_decision_id == bindparam("md_id"))
                     .order_by(P2PRequest.created_at.desc()))
_EVAL_ORDER = (CriterionEvaluation.stage, CriterionEvaluation.line_number, CriterionEvaluation.criterion_id)
_EVALUATIONS = select(CriterionEvaluation).where(CriterionEvaluation.case_id == _BY_CASE).order_by(*_EVAL_ORDER)
_EVALUATIONS_AT = (select(CriterionEvaluation).where(CriterionEvaluation.case_id == _BY_CASE,
                                                     CriterionEvaluation.stage == bindparam("stage"))
                   .order_by(*_EVAL_ORDER))
_TASKS_FOR = select(ReviewTask).where(ReviewTask.case_id == _BY_CASE).order_by(ReviewTask.created_at, ReviewTask.id)


def intake_for(s: Session, case_id: str) -> IntakeCase | None:
    return s.scalars(_INTAKE_FOR, {"case_id": case_id}).one_or_none()


def require_intake(s: Session, case_id: str) -> IntakeCase:
    intake = intake_for(s, case_id)
    if intake is None:
        raise NotFound(f"case {case_id} has no intake record; create the intake first", field="case_id")
    return intake


def require_complete_intake(s: Session, case_id: str) -> IntakeCase:
    intake = require_intake(s, case_id)
    if intake.status != IntakeStatus.COMPLETE:
        raise Conflict(f"intake {intake.id} is '{intake.status}'; confirm the four intake decisions first",
                       field="case_id")
    return intake


def intake_lines(s: Session, intake_id: str) -> list[IntakeLineItem]:
    return list(s.scalars(_INTAKE_LINES, {"intake_id": intake_id}))


def case_lines(s: Session, case_id: str) -> list[PALine]:
    return list(s.scalars(_CASE_LINES, {"case_id": case_id}))


def review_lines(s: Session, case: PACase) -> list[dict[str, Any]]:
    """The payer's working lines: the intake's line items, else the case's requested lines."""
    intake = intake_for(s, case.id)
    rows: Sequence[IntakeLineItem | PALine] = intake_lines(s, intake.id) if intake is not None else []
    if not rows:
        rows = case_lines(s, case.id)
    return [{"line_number": r.line_number, "system": str(r.system), "code": r.code, "display": r.display,
             "units": r.units, "modifier": r.modifier} for r in rows]


def require_line(s: Session, case: PACase, line_number: Any, field: str = "line_number") -> dict[str, Any]:
    lines = review_lines(s, case)
    numbers = [ln["line_number"] for ln in lines]
    n = v.integer(line_number, field, lo=1)
    for ln in lines:
        if ln["line_number"] == n:
            return ln
    raise InvalidInput(f"case {case.id} has no line {n}", field=field, allowed=[str(x) for x in numbers])


def plan_for(s: Session, case: PACase) -> Plan:
    plan = s.get(Plan, case.plan_id)
    assert plan is not None  # foreign key
    return plan


def policy_for_case(s: Session, case: PACase) -> PayerPolicy | None:
    """The plan policy governing the case: same plan and service as the order, else one governing a line code."""
    order = s.get(ServiceRequest, case.order_id)
    if order is not None:
        hit = s.scalars(_POLICY_BY_SERVICE, {"plan_id": case.plan_id, "slug": order.service_slug}).first()
        if hit is not None:
            return hit
    codes = {ln["code"] for ln in review_lines(s, case)}
    for pol in s.scalars(_POLICIES_OF_PLAN, {"plan_id": case.plan_id}):
        if codes & set(pol.codes):
            return pol
    return None


def require_policy(s: Session, case: PACase) -> PayerPolicy:
    pol = policy_for_case(s, case)
    if pol is None:
        raise Conflict(f"no plan policy governs case {case.id}; there are no criteria to review against",
                       field="case_id")
    return pol


def policy_criteria(s: Session, policy: PayerPolicy) -> list[PolicyCriterion]:
    return list(s.scalars(_POLICY_CRITERIA, {"policy_id": policy.id}))


def member_id_of(s: Session, case: PACase) -> str:
    cov = s.get(Coverage, case.coverage_id)
    assert cov is not None
    return cov.member_id


def latest_packet(s: Session, case_id: str) -> SubmissionPacket | None:
    return s.scalars(_LATEST_PACKET, {"case_id": case_id}).first()


#: The channel a provider letter goes back on, by the channel the request came in on (paper App. C.1.2
#: stage 6: the letter goes out on the request's channel; an X12 278 request is answered through the API).
REPLY_CHANNEL = {"portal": "portal", "fax": "fax", "api": "api", "edi_278": "api"}


def reply_channel(s: Session, case_id: str) -> str | None:
    """The delivery channel of provider letters on ``case_id`` (see :data:`REPLY_CHANNEL`); None before any
    submission (nothing to answer)."""
    packet = latest_packet(s, case_id)
    return None if packet is None else REPLY_CHANNEL[str(packet.channel)]


def payer_documents(s: Session, case_id: str) -> list[Document]:
    """Payer-side documents of the case: linked by ``case_id`` or listed as a packet's payer copies."""
    ids: set[str] = set()
    for p in s.scalars(_PACKETS, {"case_id": case_id}):
        ids |= {str(i) for i in p.payer_document_ids}
    q = select(Document).where(Document.side == PAYER_SIDE)
    docs = {d.id: d for d in s.scalars(q.where(Document.case_id == case_id))}
    if ids:
        docs |= {d.id: d for d in s.scalars(q.where(Document.id.in_(sorted(ids))))}
    return [docs[k] for k in sorted(docs)]


def payer_document(s: Session, case_id: str, doc_id: Any, field: str) -> Document:
    """A payer-side document of this case; provider originals and other cases' documents are ``NotFound``."""
    if not isinstance(doc_id, str) or not doc_id:
        raise InvalidInput("a document id is required", field=field)
    # one document by key, not every payer document of the case (membership as in payer_documents)
    d = s.get(Document, doc_id)
    if d is not None and d.side == PAYER_SIDE and (d.case_id == case_id or any(
            doc_id in {str(i) for i in p.payer_document_ids} for p in s.scalars(_PACKETS, {"case_id": case_id}))):
        return d
    raise NotFound(f"no payer-side document '{doc_id}' on case {case_id}", field=field,
                   allowed=[d.id for d in payer_documents(s, case_id)])


def triage_for(s: Session, case_id: str) -> TriageRecord | None:
    return s.scalars(_TRIAGE_FOR, {"case_id": case_id}).one_or_none()


def routings(s: Session, case_id: str) -> list[RoutingRecord]:
    return list(s.scalars(_ROUTINGS, {"case_id": case_id}))


def latest_routing(s: Session, case_id: str) -> RoutingRecord | None:
    rows = routings(s, case_id)
    return rows[-1] if rows else None


def nurse_recommendation_for(s: Session, case_id: str) -> NurseRecommendation | None:
    return s.scalars(_NURSE_REC, {"case_id": case_id}).one_or_none()


def md_decisions(s: Session, case_id: str) -> list[MdDecision]:
    return list(s.scalars(_MD_DECISIONS, {"case_id": case_id}))


def active_md_decision(s: Session, case_id: str) -> MdDecision | None:
    live = [d for d in md_decisions(s, case_id) if d.superseded_by is None]
    return live[-1] if live else None


def determinations(s: Session, case_id: str) -> list[Determination]:
    return list(s.scalars(_DETERMINATIONS, {"case_id": case_id}))


def active_determination(s: Session, case_id: str) -> Determination | None:
    live = [d for d in determinations(s, case_id) if d.superseded_by is None]
    return live[-1] if live else None


def p2p_requests(s: Session, case_id: str) -> list[P2PRequest]:
    return list(s.scalars(_P2P_REQUESTS, {"case_id": case_id}))


def p2p_for_decision(s: Session, md: MdDecision | None) -> P2PRequest | None:
    if md is None:
        return None
    return s.scalars(_P2P_FOR_DECISION, {"md_id": md.id}).first()


def evaluations(s: Session, case_id: str, stage: str | None = None) -> list[CriterionEvaluation]:
    if stage:
        return list(s.scalars(_EVALUATIONS_AT, {"case_id": case_id, "stage": stage}))
    return list(s.scalars(_EVALUATIONS, {"case_id": case_id}))


def tasks_for(s: Session, case_id: str) -> list[ReviewTask]:
    return list(s.scalars(_TASKS_FOR, {"case_id": case_id}))


def open_task(s: Session, case_id: str, queues: Sequence[str]) -> ReviewTask | None:
    for t in tasks_for(s, case_id):
        if t.queue in queues and t.status in OPEN_TASK_STATES:
            return t
    return None


def require_open_task(s: Session, case_id: str, queues: Sequence[str]) -> ReviewTask:
    t = open_task(s, case_id, queues)
    if t is None:
        raise Conflict(f"case {case_id} has no open review task in {list(queues)}; it was not routed there "
                       "or that review is already complete", field="case_id")
    return t


def tally(rows: Sequence[CriterionEvaluation]) -> dict[str, int]:
    out = {r: 0 for r in EVAL_RESULTS}
    for row in rows:
        out[row.result] = out.get(row.result, 0) + 1
    return out


def adverse_deciders(s: Session, case_id: str) -> set[str]:
    """Physicians who made (or intended) the adverse decision on this case: the active adverse
    determination's author, adverse or P2P-review MD decision makers, and P2P reviewers who upheld it."""
    out: set[str] = set()
    det = active_determination(s, case_id)
    if det is not None and det.decision in ("denied", "partially_approved"):
        out.add(det.determined_by)
    for md in md_decisions(s, case_id):
        if md.decision in ("deny", "partial_approve", "p2p_review"):
            out.add(md.reviewer_id)
    for p in p2p_requests(s, case_id):
        if p.outcome == "uphold_adverse" and p.payer_reviewer_id:
            out.add(p.payer_reviewer_id)
    return out
