"""Shared helpers for the payer UM service layer (intake → triage → review → determination → letters → appeals).

Everything here runs inside a caller's read session or write transaction; nothing opens its own.
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
import re
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Patient, ServiceRequest
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review.models import CriterionEvaluation, NurseRecommendation, ReviewTask
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase, PALine
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.apps.triage.models import RoutingRecord, TriageRecord
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.db import SimClock, WorkspaceArtifact
from chibench.world.core.enums import WorkerRole
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, UnknownActor
from chibench.world.core.machines import CaseStatus, IntakeStatus, ReviewTaskStatus
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, get_or_404
from chibench.world.rules.authority import INTAKE_STAFF, PHYSICIAN_REVIEWERS, require_role
from chibench.world.rules.preflight import CITATION
from chibench.world.rules.sla import sla_met

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
DELIVERY_CHANNELS = ("portal", "fax", "mail", "api")
EVAL_RESULTS = ("met", "not_met", "unclear")
LINE_DECISIONS = ("approved", "denied")
PAYER_SIDE = "payer"


# --------------------------------------------------------------------------- actors and workers


def current_time(s: Session) -> dt.datetime:
    """The simulated clock's current instant (read-only)."""
    clock = s.get(SimClock, 1)
    assert clock is not None
    return clock.now


def read_actor(s: Session, actor_id: str, allowed: Iterable[WorkerRole] = PAYER_ROLES,
               action: str = "read payer UM records") -> Worker:
    """Resolve the reading worker read-only: unknown ids raise ``UnknownActor``; wrong role ``AuthorityError``."""
    if not isinstance(actor_id, str) or not actor_id:
        raise UnknownActor("an acting worker id is required", field="actor_id")
    w = s.get(Worker, actor_id)
    if w is None:
        raise UnknownActor(f"no worker with id '{actor_id}'", field="actor_id")
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


def worker_summary(s: Session, worker_id: str | None) -> dict[str, Any] | None:
    if not worker_id:
        return None
    w = s.get(Worker, worker_id)
    if w is None:
        return {"id": worker_id}
    return {"id": w.id, "name": w.display_name, "role": str(w.role), "credentials": w.credentials, "npi": w.npi,
            "org_id": w.org_id, "specialty": w.specialty}


# --------------------------------------------------------------------------- case, intake, policy


def get_case(s: Session, case_id: Any) -> PACase:
    return get_or_404(s, PACase, case_id, what="PA case", field="case_id")


def touch(tx: Tx, case: PACase) -> None:
    case.updated_at = tx.now


def intake_for(s: Session, case_id: str) -> IntakeCase | None:
    return s.scalars(select(IntakeCase).where(IntakeCase.case_id == case_id)).one_or_none()


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
    return list(s.scalars(select(IntakeLineItem).where(IntakeLineItem.intake_id == intake_id)
                          .order_by(IntakeLineItem.line_number)))


def case_lines(s: Session, case_id: str) -> list[PALine]:
    return list(s.scalars(select(PALine).where(PALine.case_id == case_id).order_by(PALine.line_number)))


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
        hit = s.scalars(select(PayerPolicy).where(PayerPolicy.plan_id == case.plan_id,
                                                  PayerPolicy.service_slug == order.service_slug)
                        .order_by(PayerPolicy.id)).first()
        if hit is not None:
            return hit
    codes = {ln["code"] for ln in review_lines(s, case)}
    for pol in s.scalars(select(PayerPolicy).where(PayerPolicy.plan_id == case.plan_id).order_by(PayerPolicy.id)):
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
    return list(s.scalars(select(PolicyCriterion).where(PolicyCriterion.policy_id == policy.id)
                          .order_by(PolicyCriterion.ordinal)))


def criteria_view(s: Session, policy: PayerPolicy | None) -> dict[str, Any] | None:
    """What a reviewer may see of the policy: its handbook id and the criteria (id, text, citation)."""
    if policy is None:
        return None
    return {"handbook_policy_id": policy.handbook_policy_id, "service_category": str(policy.service_category),
            "criteria": [{"criterion_id": c.criterion_id, "text": c.text, "citation": c.citation}
                         for c in policy_criteria(s, policy)]}


def member_view(s: Session, case: PACase) -> dict[str, Any]:
    """Member, coverage and plan as the payer's eligibility system shows them."""
    patient = s.get(Patient, case.patient_id)
    cov = s.get(Coverage, case.coverage_id)
    plan = plan_for(s, case)
    assert patient is not None and cov is not None
    return {"patient_id": patient.id, "name": f"{patient.given_name} {patient.family_name}",
            "birth_date": patient.birth_date.isoformat(), "sex": str(patient.sex), "state": patient.state,
            "preferred_language": patient.preferred_language, "member_id": cov.member_id,
            "coverage": {"status": str(cov.status), "effective_date": cov.effective_date.isoformat(),
                         "termination_date": cov.termination_date.isoformat() if cov.termination_date else None,
                         "group_number": cov.group_number},
            "plan": {"id": plan.id, "name": plan.name, "line_of_business": str(plan.line_of_business),
                     "product": str(plan.product), "state": plan.state}}


def member_id_of(s: Session, case: PACase) -> str:
    cov = s.get(Coverage, case.coverage_id)
    assert cov is not None
    return cov.member_id


def directory_match(s: Session, case: PACase, npi: str | None) -> dict[str, Any] | None:
    """The directory entry for an NPI (a clinician, else an organization) and its plan-network status."""
    if not npi:
        return None
    w = s.scalars(select(Worker).where(Worker.npi == npi)).one_or_none()
    org = s.get(Organization, w.org_id) if w is not None else \
        s.scalars(select(Organization).where(Organization.npi == npi)).first()
    if org is None:
        return {"npi": npi, "found": False}
    in_net = s.scalars(select(PlanNetwork).where(PlanNetwork.plan_id == case.plan_id,
                                                 PlanNetwork.org_id == org.id)).first() is not None
    return {"npi": npi, "found": True, "worker_id": w.id if w else None,
            "name": w.display_name if w else org.name, "specialty": w.specialty if w else None,
            "org_id": org.id, "org_name": org.name, "org_state": org.state, "in_plan_network": in_net}


def latest_packet(s: Session, case_id: str) -> SubmissionPacket | None:
    return s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case_id)
                     .order_by(SubmissionPacket.sequence.desc())).first()


def packet_view(packet: SubmissionPacket | None) -> dict[str, Any] | None:
    """The request as received (payer copies only: provider originals' ids are left out)."""
    if packet is None:
        return None
    return to_dict(packet, exclude=("document_ids", "bundle_document_id"))


# --------------------------------------------------------------------------- payer-side documents


def payer_documents(s: Session, case_id: str) -> list[Document]:
    """Payer-side documents of the case: linked by ``case_id`` or listed as a packet's payer copies."""
    ids: set[str] = set()
    for p in s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case_id)):
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
    for d in payer_documents(s, case_id):
        if d.id == doc_id:
            return d
    raise NotFound(f"no payer-side document '{doc_id}' on case {case_id}", field=field,
                   allowed=[d.id for d in payer_documents(s, case_id)])


def document_view(s: Session, doc: Document, *, with_body: bool) -> dict[str, Any]:
    out = {"id": doc.id, "kind": str(doc.kind), "title": doc.title, "date": doc.date.isoformat(),
           "author": worker_summary(s, doc.author_worker_id), "signed": doc.signed,
           "signed_by": worker_summary(s, doc.signed_by), "origin": doc.origin, "copied_from": doc.copied_from,
           "received_at": to_dict(doc)["created_at"]}
    if with_body:
        out["body"] = doc.body
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def validate_evidence(s: Session, case_id: str, evidence: Any, field: str = "evidence") -> list[dict[str, str]]:
    """``[{document_id, quote}]``: each document a payer-side copy on this case; each quote verbatim in it.

    Quotes are compared case-insensitively with whitespace collapsed, so a reviewer cannot cite
    evidence the document does not contain (public_release.md §9: fabricated evidence).
    """
    if evidence is None:
        evidence = []
    if not isinstance(evidence, list) or len(evidence) > v.MAX_LIST:
        raise InvalidInput("expected a list of {document_id, quote} objects", field=field)
    out: list[dict[str, str]] = []
    for i, item in enumerate(evidence):
        where = f"{field}[{i}]"
        v.no_unknown_keys(v.obj(item, where), ("document_id", "quote"), where)
        doc = payer_document(s, case_id, item.get("document_id"), f"{where}.document_id")
        quote = v.text(item.get("quote"), f"{where}.quote", max_len=2000)
        if _norm(quote) not in _norm(doc.body):
            raise InvalidInput(f"the quote does not appear in document {doc.id}; copy the words verbatim",
                               field=f"{where}.quote")
        out.append({"document_id": doc.id, "quote": quote})
    return out


# --------------------------------------------------------------------------- review records


def triage_for(s: Session, case_id: str) -> TriageRecord | None:
    return s.scalars(select(TriageRecord).where(TriageRecord.case_id == case_id)).one_or_none()


def routings(s: Session, case_id: str) -> list[RoutingRecord]:
    return list(s.scalars(select(RoutingRecord).where(RoutingRecord.case_id == case_id)
                          .order_by(RoutingRecord.routed_at, RoutingRecord.id)))


def latest_routing(s: Session, case_id: str) -> RoutingRecord | None:
    rows = routings(s, case_id)
    return rows[-1] if rows else None


def nurse_recommendation_for(s: Session, case_id: str) -> NurseRecommendation | None:
    return s.scalars(select(NurseRecommendation).where(NurseRecommendation.case_id == case_id)).one_or_none()


def md_decisions(s: Session, case_id: str) -> list[MdDecision]:
    return list(s.scalars(select(MdDecision).where(MdDecision.case_id == case_id)
                          .order_by(MdDecision.decided_at, MdDecision.id)))


def active_md_decision(s: Session, case_id: str) -> MdDecision | None:
    live = [d for d in md_decisions(s, case_id) if d.superseded_by is None]
    return live[-1] if live else None


def determinations(s: Session, case_id: str) -> list[Determination]:
    return list(s.scalars(select(Determination).where(Determination.case_id == case_id)
                          .order_by(Determination.determined_at, Determination.id)))


def active_determination(s: Session, case_id: str) -> Determination | None:
    live = [d for d in determinations(s, case_id) if d.superseded_by is None]
    return live[-1] if live else None


def p2p_requests(s: Session, case_id: str) -> list[P2PRequest]:
    return list(s.scalars(select(P2PRequest).where(P2PRequest.case_id == case_id)
                          .order_by(P2PRequest.created_at, P2PRequest.id)))


def p2p_for_decision(s: Session, md: MdDecision | None) -> P2PRequest | None:
    if md is None:
        return None
    return s.scalars(select(P2PRequest).where(P2PRequest.md_decision_id == md.id)
                     .order_by(P2PRequest.created_at.desc())).first()


def evaluations(s: Session, case_id: str, stage: str | None = None) -> list[CriterionEvaluation]:
    q = select(CriterionEvaluation).where(CriterionEvaluation.case_id == case_id)
    if stage:
        q = q.where(CriterionEvaluation.stage == stage)
    return list(s.scalars(q.order_by(CriterionEvaluation.stage, CriterionEvaluation.line_number,
                                     CriterionEvaluation.criterion_id)))


def tasks_for(s: Session, case_id: str) -> list[ReviewTask]:
    return list(s.scalars(select(ReviewTask).where(ReviewTask.case_id == case_id)
                          .order_by(ReviewTask.created_at, ReviewTask.id)))


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


def create_task(tx: Tx, case_id: str, queue: str, due_at: dt.datetime | None) -> ReviewTask:
    task = ReviewTask(id=tx.new_id("TASK"), case_id=case_id, queue=queue, required_role=str(QUEUE_ROLE[queue]),
                      status=None, assigned_to=None, created_at=tx.now, due_at=due_at)
    tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.QUEUED, case_id=case_id)
    tx.session.add(task)
    return task


def claim_task(tx: Tx, task: ReviewTask) -> None:
    """Queued or returned → claimed by the actor (the first working write claims it)."""
    if task.status in (ReviewTaskStatus.QUEUED, ReviewTaskStatus.RETURNED):
        tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.CLAIMED, case_id=task.case_id)
        task.assigned_to = tx.actor.id


def complete_task(tx: Tx, task: ReviewTask) -> None:
    claim_task(tx, task)
    tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.COMPLETED, case_id=task.case_id)


def close_open_tasks(tx: Tx, case_id: str, reason: str) -> None:
    """Claimed tasks complete, queued/returned ones are cancelled (the case left review)."""
    for t in tasks_for(tx.session, case_id):
        if t.status == ReviewTaskStatus.CLAIMED:
            tx.transition(machines.REVIEW_TASK, t, ReviewTaskStatus.COMPLETED, case_id=case_id, reason=reason)
        elif t.status in OPEN_TASK_STATES:
            tx.transition(machines.REVIEW_TASK, t, ReviewTaskStatus.CANCELLED, case_id=case_id, reason=reason)


# --------------------------------------------------------------------------- criteria evaluations


def citations_of(s: Session, policy: PayerPolicy) -> list[str]:
    return sorted({c.citation for c in policy_criteria(s, policy)})


def upsert_evaluation(tx: Tx, case: PACase, *, stage: str, line_number: Any, criterion_id: Any, result: Any,
                      citation: Any, evidence: Any, note: Any) -> CriterionEvaluation:
    """Create or replace one reviewer's verdict on one criterion for one line (``stage`` nurse | md).

    ``criterion_id`` must be one of the case policy's criteria; ``citation`` one of the policy's
    criteria citations; ``result`` met | not_met | unclear; a ``met`` verdict needs at least one
    evidence quote from a payer-side document of the case.
    """
    s = tx.session
    policy = require_policy(s, case)
    line = require_line(s, case, line_number)
    crits = {c.criterion_id: c for c in policy_criteria(s, policy)}
    cid = v.choice(criterion_id, sorted(crits), "criterion_id")
    res = v.choice(result, EVAL_RESULTS, "result")
    cite = v.choice(citation, citations_of(s, policy), "citation")
    ev = validate_evidence(s, case.id, evidence)
    if res == "met" and not ev:
        raise InvalidInput("a 'met' verdict needs at least one evidence quote from a case document", field="evidence")
    text = v.text(note, "note", max_len=v.MAX_TEXT)
    eid = f"{case.id}:{stage}:L{line['line_number']}:{cid}"
    row = s.get(CriterionEvaluation, eid)
    if row is None:
        row = CriterionEvaluation(id=eid, case_id=case.id, stage=stage, line_number=line["line_number"],
                                  criterion_id=cid)
        s.add(row)
    row.citation, row.result, row.evidence, row.note = cite, res, ev, text
    row.reviewer_id, row.updated_at = tx.actor.id, tx.now
    tx.log(case_id=case.id, entity_id=eid, details={"stage": stage, "line_number": line["line_number"],
                                                    "criterion_id": cid, "result": res, "citation": cite,
                                                    "evidence_documents": [e["document_id"] for e in ev]})
    return row


def tally(rows: Sequence[CriterionEvaluation]) -> dict[str, int]:
    out = {r: 0 for r in EVAL_RESULTS}
    for row in rows:
        out[row.result] = out.get(row.result, 0) + 1
    return out


def review_workspace(s: Session, case: PACase) -> dict[str, Any]:
    """Everything a clinical reviewer needs: member, intake, triage, routing, lines, policy criteria, documents."""
    intake = intake_for(s, case.id)
    triage = triage_for(s, case.id)
    return {
        "case": case_summary(s, case),
        "member": member_view(s, case),
        "intake": intake_view(s, intake) if intake else None,
        "triage": to_dict(triage) if triage else None,
        "routing": [routing_view(r) for r in routings(s, case.id)],
        "review_tasks": [to_dict(t) for t in tasks_for(s, case.id)],
        "lines": review_lines(s, case),
        "policy": criteria_view(s, policy_for_case(s, case)),
        "documents": [document_view(s, d, with_body=True) for d in payer_documents(s, case.id)],
    }


# --------------------------------------------------------------------------- views


def case_summary(s: Session, case: PACase) -> dict[str, Any]:
    d = to_dict(case)
    d["requesting_worker"] = worker_summary(s, case.requesting_worker_id)
    d["lines"] = [to_dict(ln) for ln in case_lines(s, case.id)]
    return d


def routing_view(rec: RoutingRecord) -> dict[str, Any]:
    """A routing record as workers see it: the lane chosen and why — never the precedence lane the
    engine computed (``policy_lane``/``details`` are the grader's answer)."""
    return to_dict(rec, exclude=("policy_lane", "details"))


def intake_view(s: Session, intake: IntakeCase) -> dict[str, Any]:
    d = to_dict(intake)
    d["line_items"] = [to_dict(li) for li in intake_lines(s, intake.id)]
    return d


# --------------------------------------------------------------------------- arguments


def citations_arg(value: Any, field: str = "policy_citations", *, required: bool = False) -> list[str]:
    """A list of ``<policy-id> §<n>`` citations (``rules.preflight.CITATION``)."""
    cites = v.str_list(value, field, required=required)
    bad = [c for c in cites if not CITATION.match(c)]
    if bad:
        raise InvalidInput(f"citations must look like 'KM-MP-SURG-012 §3.2'; bad: {bad}", field=field)
    return cites


def info_request_args(info_requested: Any, info_due: Any, now: dt.datetime, *, items_field: str = "info_requested",
                      due_field: str = "info_due") -> tuple[list[str], dt.date]:
    """Items requested (non-empty list of strings) and a response due date strictly after today (UTC)."""
    items = v.str_list(info_requested, items_field, required=True, max_len=v.MAX_SHORT)
    if info_due is None:
        raise InvalidInput("a response due date (YYYY-MM-DD) is required", field=due_field)
    due = v.iso_date(info_due, due_field)
    if due <= now.date():
        raise InvalidInput(f"the response due date must be after today ({now.date().isoformat()})", field=due_field)
    return items, due


def parse_line_decisions(s: Session, case: PACase, value: Any, field: str = "line_decisions") -> list[dict[str, Any]]:
    """Per-line decisions of a partial approval: ``[{line_number, decision: approved|denied,
    approved_units?, reason?}]`` — every line exactly once, at least one approved and one denied,
    approved units 1..requested (default: all requested), a reason for each denied line."""
    if not isinstance(value, list) or not value:
        raise InvalidInput("a partial approval must decide each line", field=field)
    lines = {ln["line_number"]: ln for ln in review_lines(s, case)}
    out: list[dict[str, Any]] = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        v.no_unknown_keys(v.obj(item, where), ("line_number", "decision", "approved_units", "reason"), where)
        ln = require_line(s, case, item.get("line_number"), f"{where}.line_number")
        dec = v.choice(item.get("decision"), LINE_DECISIONS, f"{where}.decision")
        row: dict[str, Any] = {"line_number": ln["line_number"], "decision": dec}
        if dec == "approved":
            units = item.get("approved_units", ln["units"])
            row["approved_units"] = v.integer(units, f"{where}.approved_units", lo=1, hi=ln["units"])
            row["reason"] = v.text(item.get("reason"), f"{where}.reason", required=False) or None
        else:
            if item.get("approved_units") not in (None, 0):
                raise InvalidInput("a denied line approves no units", field=f"{where}.approved_units")
            row["approved_units"] = 0
            row["reason"] = v.text(item.get("reason"), f"{where}.reason")
        out.append(row)
    decided = [r["line_number"] for r in out]
    if len(set(decided)) != len(decided) or set(decided) != set(lines):
        raise InvalidInput(f"decide every line exactly once: {sorted(lines)}", field=field)
    if {r["decision"] for r in out} != {"approved", "denied"}:
        raise InvalidInput("a partial approval needs at least one approved and one denied line", field=field)
    return out


def end_of_day(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(23, 59, 59), tzinfo=dt.UTC)


# --------------------------------------------------------------------------- case effects


def pend_case(tx: Tx, case: PACase, *, items: Sequence[str], due: dt.date, source: str) -> None:
    """Pend the case for information (→ ``pended_action_required``) and tell the provider.

    The response is due at 23:59:59 UTC on ``due``. Source: CMS-0057-F (a request for more
    information must state what is needed); NCQA UM 5.
    """
    tx.transition(machines.PA_CASE, case, CaseStatus.PENDED_ACTION_REQUIRED, case_id=case.id,
                  reason=f"{source}: information requested")
    case.pend_due_at = end_of_day(due)
    case.outcome_reason = "information requested: " + "; ".join(items)
    touch(tx, case)
    close_open_tasks(tx, case.id, "case pended for information")


def send_provider_message(tx: Tx, case: PACase, *, kind: str, subject: str, body: str,
                          details: dict[str, Any] | None = None) -> InboxMessage:
    """A message in the requesting provider's inbox from the payer organization."""
    plan = plan_for(tx.session, case)
    payer = tx.session.get(Organization, plan.payer_org_id)
    msg = InboxMessage(id=tx.new_id("MSG"), case_id=case.id, audience="provider", kind=kind, subject=subject,
                       body=body, sender=payer.name if payer else plan.payer_org_id, sent_at=tx.now, read_at=None,
                       details=details or {})
    tx.session.add(msg)
    return msg


def add_artifact(tx: Tx, *, case_id: str, scope: str, artifact_type: str, filename: str, content: str,
                 details: dict[str, Any] | None = None) -> WorkspaceArtifact:
    art = WorkspaceArtifact(id=tx.new_id("ART"), case_id=case_id, scope=scope, artifact_type=artifact_type,
                            filename=filename, content=content, created_by=tx.actor.id, created_at=tx.now,
                            details=details or {})
    tx.session.add(art)
    return art


def issue_authorization(tx: Tx, case: PACase) -> str:
    """``AUTH-<case>-<NNNN>``, valid from the requested start for :data:`AUTH_VALID_DAYS` days."""
    number = tx.new_id(f"AUTH-{case.id}")
    case.authorization_number = number
    case.auth_valid_from = case.requested_start
    case.auth_valid_to = case.requested_start + dt.timedelta(days=AUTH_VALID_DAYS)
    return number


def apply_line_outcomes(tx: Tx, case: PACase, decision: str, line_decisions: Sequence[dict[str, Any]]) -> None:
    """Write per-line outcomes on the case's lines (matched by line number).

    approved → every line approved for its units; denied → every line denied (0 units);
    partially_approved → each line as decided; a requested line nobody decided is denied.
    """
    by_line = {d.get("line_number"): d for d in line_decisions}
    for ln in case_lines(tx.session, case.id):
        if decision == "approved":
            ln.outcome, ln.approved_units = "approved", ln.units
        elif decision == "denied":
            ln.outcome, ln.approved_units = "denied", 0
        else:
            d = by_line.get(ln.line_number)
            if d is not None and d.get("decision") == "approved":
                units = d.get("approved_units")
                ln.outcome, ln.approved_units = "approved", units if isinstance(units, int) else ln.units
            else:
                ln.outcome, ln.approved_units = "denied", 0


def record_determination(tx: Tx, case: PACase, *, decision: str, basis: str, source: str,
                         source_record_id: str | None, rationale: str, citations: Sequence[str],
                         line_decisions: Sequence[dict[str, Any]] = (), overridden: bool = False,
                         override_reason: str | None = None, sla_deadline: dt.datetime | None = None,
                         supersedes: Determination | None = None) -> Determination:
    """Write a Determination (and for approvals an authorization number) plus the line outcomes.

    The caller moves the case; this never changes the case status. ``sla_met`` is
    ``rules.sla.sla_met(sla_deadline, now)`` when a deadline is known.
    """
    det = Determination(id=tx.new_id("DET"), case_id=case.id, decision=decision, basis=basis, source=source,
                        source_record_id=source_record_id, overridden=overridden,
                        override_reason=override_reason or None, rationale=rationale,
                        policy_citations=list(citations), determined_by=tx.actor.id, determined_at=tx.now,
                        sla_deadline=sla_deadline,
                        sla_met=sla_met(sla_deadline, tx.now) if sla_deadline is not None else None,
                        authorization_number=None, superseded_by=None)
    if decision in ("approved", "partially_approved"):
        det.authorization_number = issue_authorization(tx, case)
    if supersedes is not None:
        supersedes.superseded_by = det.id
    tx.session.add(det)
    apply_line_outcomes(tx, case, decision, line_decisions)
    case.outcome_reason = rationale or case.outcome_reason
    touch(tx, case)
    tx.log("determination.recorded", case_id=case.id, entity_id=det.id,
           details={"decision": decision, "basis": basis, "source": source, "source_record_id": source_record_id,
                    "authorization_number": det.authorization_number, "sla_met": det.sla_met,
                    "supersedes": supersedes.id if supersedes else None})
    return det


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
