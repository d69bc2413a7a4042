"""Shared helpers for the five provider PA apps (EHR, PA workbench, document vault, submission
portal, directory) and for the scripted payer that replies to provider packets.

Nothing here writes on its own: every helper either reads through the session it is given or
adds rows to the caller's :class:`~chibench.world.core.world.Tx`, so a failing service still
rolls back everything (DESIGN §4 "every write goes through a service function in one transaction").

Visibility rules (provider side):

* provider staff see a patient when their organization ordered a service for the patient, saw
  the patient in an encounter, or employs the patient's PCP (the organization's own EHR);
* provider staff see a PA case only when it was opened from an order of their organization
  (the *ordering organization*); writes on a case need a PA-capable role (:data:`PA_STAFF`);
* the provider never sees payer-side rows (``Document.side == "payer"``, hidden ``PayerPolicy``
  criteria, evidence requirements or the outcome the payer reaches on a complete packet). What the
  plan *publishes* — whether PA is required, the required document kinds, the questionnaire — is
  exposed through :func:`published_requirement` / :func:`published_view` only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, FromClause, String, bindparam, or_, select, type_coerce, union
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Encounter, Patient, ServiceRequest
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase, PALine
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.row_shapes import RowShape
from chibench.world.apps.submission_portal.models import FaxPage, SubmissionPacket
from chibench.world.core import machines
from chibench.world.core.db import WorldSetting
from chibench.world.core.enums import CaseStatus, CoverageStatus, WorkerRole
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, UnknownActor
from chibench.world.core.serialize import json_plain, plain_text, to_dict
from chibench.world.core.world import SYSTEM_ACTOR, Actor, Tx
from chibench.world.rules import authority, pa_requirement
from chibench.world.rules.adjudication import DocView
from chibench.world.rules.channels import Question

#: Roles that may work a PA case (open, check, classify, bundle, submit, answer payer replies).
#: Front desk / patient access verify coverage but do not decide PA questions (RMG-PA-SOP-001 §2).
PA_STAFF = frozenset(authority.PROVIDER_STAFF - {WorkerRole.FRONT_DESK})
#: Roles that may read provider records (chart, documents, inbox, directory).
PROVIDER_READERS = authority.PROVIDER_STAFF

#: A single tool result must stay under this many characters (DESIGN §5; agents' context budgets).
RESULT_CHAR_BUDGET = 100_000

PAYER_MODE_KEY = "payer_mode"
PAYER_MODES = ("auto", "queue")

#: Case statuses in which the packet can still be assembled (bundles, forms).
ASSEMBLY_STATUSES = frozenset({CaseStatus.REQUIREMENT_CHECKED, CaseStatus.DOCS_NEEDED, CaseStatus.READY_TO_SUBMIT,
                               CaseStatus.PENDED_ACTION_REQUIRED})

#: Service function → MCP tool name (``<namespace>_<tool>``, paper namespaces: chart, cases, inbox,
#: docs, forms, auth, people); ``next_actions`` cites it. Two services have no tool of their own in the
#: paper's 30 and are reached through the closest one (``tools/bindings_provider.py``): the requirement
#: check runs inside ``cases_create_from_order``, and the fax page re-send is ``auth_respond_to_pend``
#: with ``resend_fax_page_ids``.
TOOL_NAMES: dict[str, str] = {
    "search_patients": "chart_search_patients",
    "list_candidate_orders": "chart_list_candidate_orders",
    "get_patient_chart": "chart_get_patient_chart",
    "create_from_order": "cases_create_from_order",
    "get_case": "cases_get_case",
    "list_cases": "cases_list_cases",
    "check_requirement": "cases_create_from_order",
    "list_messages": "inbox_list_messages",
    "read_message": "inbox_read_message",
    "list_case_documents": "docs_list_case_documents",
    "get_document": "docs_get_document",
    "upload_evidence": "docs_upload_evidence",
    "upload_evidence_file": "docs_upload_evidence_file",
    "create_submission_bundle": "docs_create_submission_bundle",
    "list_required_forms": "forms_list_required_forms",
    "save_form_response": "forms_save_form_response",
    "validate_form": "forms_validate_form",
    "finalize_provider_determination": "auth_finalize_provider_determination",
    "submit_authorization": "auth_submit_authorization",
    "check_status": "auth_check_status",
    "respond_to_pend": "auth_respond_to_pend",
    "resend_fax_pages": "auth_respond_to_pend",
    "request_peer_to_peer": "auth_request_peer_to_peer",
    "respond_to_peer_to_peer": "auth_respond_to_peer_to_peer",
    "file_appeal": "auth_file_appeal",
    "file_external_appeal": "auth_file_external_appeal",
    "list_contacts": "people_list_contacts",
    "list_ordering_providers": "people_list_ordering_providers",
    "list_reviewer_contacts": "people_list_reviewer_contacts",
}


# ------------------------------------------------------------------------------------- actors
def _check_member(role: str, org_id: str | None, acting_as: str, allowed: Iterable[WorkerRole], action: str,
                  org: str | None) -> None:
    authority.require_role(role, allowed, action)
    if org is not None and org_id != org:
        raise AuthorityError(f"worker {acting_as} belongs to {org_id or 'no organization'}, not {org}; only staff "
                             f"of {org} may {action}", field="acting_as")


def read_actor(s: Session, acting_as: str, allowed: Iterable[WorkerRole], action: str, *,
               org: str | None = None) -> Actor:
    """Resolve ``acting_as`` for a read (unknown ids are refused, never granted a role)."""
    if not isinstance(acting_as, str) or not acting_as or acting_as == SYSTEM_ACTOR:
        raise UnknownActor("an acting worker id is required", field="acting_as")
    w = s.get(Worker, acting_as)
    if w is None:
        raise UnknownActor(f"no worker with id '{acting_as}'", field="acting_as")
    _check_member(w.role, w.org_id, w.id, allowed, action, org)
    return Actor(w.id, w.role, w.org_id, w.npi)


def require_tx_actor(tx: Tx, allowed: Iterable[WorkerRole], action: str, *, org: str | None = None) -> None:
    """Role (and, when given, organization) check for the acting worker of a write."""
    _check_member(str(tx.actor.role), tx.actor.org_id, tx.actor.id, allowed, action, org)


# -------------------------------------------------------------------------------------- cases
def case_org_id(s: Session, case: PACase) -> str:
    """The ordering organization of a case (the organization of the order it was opened from)."""
    order = s.get(ServiceRequest, case.order_id)
    assert order is not None  # FK
    return order.org_id


def load_case(s: Session, case_id: str, actor: Actor, action: str, *, roles: Iterable[WorkerRole] = PA_STAFF
              ) -> PACase:
    """The case, after checking the actor's role and that they belong to the ordering organization."""
    if not isinstance(case_id, str) or not case_id.strip():
        raise InvalidInput("a case id is required", field="case_id")
    case = s.get(PACase, case_id)
    if case is None:
        raise NotFound(f"no PA case with id '{case_id}'", field="case_id")
    _check_member(str(actor.role), actor.org_id, actor.id, roles, action, case_org_id(s, case))
    return case


def tx_case(tx: Tx, case_id: str, action: str, *, roles: Iterable[WorkerRole] = PA_STAFF) -> PACase:
    return load_case(tx.session, case_id, tx.actor, action, roles=roles)


def require_status(case: PACase, allowed: Iterable[str], action: str) -> None:
    """Refuse work on a case outside ``allowed`` statuses (a clear error, before any write)."""
    allowed_set = frozenset(str(a) for a in allowed)
    if str(case.status) not in allowed_set:
        raise Conflict(f"case {case.id} is '{case.status}'; cannot {action} now", field="case_id",
                       allowed=allowed_set)


def move_case(tx: Tx, case: PACase, target: str, *, reason: str | None = None) -> None:
    tx.transition(machines.PA_CASE, case, target, case_id=case.id, reason=reason)
    case.updated_at = tx.now


# ------------------------------------------------------------------------------ patients, EHR
_WORKERS_T = Worker.__table__
def visible_patient_ids(org_id: str | None) -> Any:
    """SELECT of the patient ids an organization's EHR holds (orders, encounters, PCP panel)."""
    return union(
        select(ServiceRequest.patient_id).where(ServiceRequest.org_id == org_id),
        select(Encounter.patient_id).where(Encounter.org_id == org_id),
        select(Patient.id).join(Worker, Patient.pcp_worker_id == Worker.id).where(Worker.org_id == org_id),
    )


_SR, _ENC, _PAT = ServiceRequest.__table__, Encounter.__table__, Patient.__table__
#: :func:`visible_patient_ids` narrowed to one patient (``pid``) of one organization (``org``): a row
#: when the organization holds a record of them, none otherwise (the patient-id and organization
#: indexes answer it without reading the organization's whole patient list).
_PATIENT_VISIBLE = union(
    select(_SR.c.patient_id).where(_SR.c.patient_id == bindparam("pid"), _SR.c.org_id == bindparam("org")),
    select(_ENC.c.patient_id).where(_ENC.c.patient_id == bindparam("pid"), _ENC.c.org_id == bindparam("org")),
    select(_PAT.c.id).join(_WORKERS_T, _PAT.c.pcp_worker_id == _WORKERS_T.c.id)
    .where(_PAT.c.id == bindparam("pid"), _WORKERS_T.c.org_id == bindparam("org")),
).limit(1)


def patient_visible(s: Session, patient_id: str, actor: Actor) -> bool:
    """Whether the actor's organization holds a record of the patient (``visible_patient_ids``)."""
    if actor.org_id is None:  # ``== None`` is ``IS NULL`` in visible_patient_ids; keep its meaning
        return patient_id in set(s.execute(visible_patient_ids(actor.org_id)).scalars())
    return s.execute(_PATIENT_VISIBLE, {"pid": patient_id, "org": actor.org_id}).first() is not None


def load_patient(s: Session, patient_id: str, actor: Actor) -> Patient:
    """The patient if the actor's organization holds a record of them (NotFound otherwise: no leaks)."""
    if not isinstance(patient_id, str) or not patient_id.strip():
        raise InvalidInput("a patient id is required", field="patient_id")
    p = s.get(Patient, patient_id)
    if p is None or not patient_visible(s, patient_id, actor):
        raise NotFound(f"no patient with id '{patient_id}' in the records of {actor.org_id}", field="patient_id")
    return p


def coverage_active_on(cov: Coverage, day: dt.date) -> bool:
    """Active status and ``effective_date ≤ day ≤ termination_date`` (open-ended when none)."""
    return (str(cov.status) == CoverageStatus.ACTIVE and cov.effective_date <= day
            and (cov.termination_date is None or day <= cov.termination_date))


def resolve_coverage(s: Session, patient_id: str, day: dt.date) -> Coverage | None:
    """The coverage that applies on ``day``: one whose dates include it (active first, then the latest
    effective); else the latest coverage that began on or before ``day``; else the earliest future one."""
    rows = list(s.scalars(select(Coverage).where(Coverage.patient_id == patient_id)))
    if not rows:
        return None
    spanning = [c for c in rows if c.effective_date <= day and (c.termination_date is None or day <= c.termination_date)]
    if spanning:
        return sorted(spanning, key=lambda c: (str(c.status) == CoverageStatus.ACTIVE, c.effective_date, c.id))[-1]
    before = [c for c in rows if c.effective_date <= day]
    if before:
        return sorted(before, key=lambda c: (c.effective_date, c.id))[-1]
    return sorted(rows, key=lambda c: (c.effective_date, c.id))[0]


def coverage_summary(s: Session, cov: Coverage, *, on: dt.date | None = None) -> dict[str, Any]:
    plan = s.get(Plan, cov.plan_id)
    out = to_dict(cov)
    if plan is not None:
        out.update(plan_name=plan.name, line_of_business=str(plan.line_of_business), product=str(plan.product),
                   plan_state=plan.state)
    if on is not None:
        out["active_on"] = {"date": on.isoformat(), "active": coverage_active_on(cov, on)}
    return out


#: A coverage row as :func:`coverage_summary` starts it; see :func:`coverage_summaries_select`.
COVERAGE_ROW = RowShape(Coverage)
_PLANS = Plan.__table__


def coverage_summaries_select() -> Any:
    """``SELECT`` of :func:`coverage_summary`'s inputs (coverage columns, then the plan's) from the coverages
    left-joined to their plans; add ``where``/``order_by`` on :data:`COVERAGE_ROW` ``.c``, read the rows with
    :func:`coverage_summary_of`."""
    return (select(*COVERAGE_ROW.columns, _PLANS.c.id, _PLANS.c.name, type_coerce(_PLANS.c.line_of_business, String),
                   type_coerce(_PLANS.c.product, String), _PLANS.c.state)
            .select_from(Coverage.__table__.outerjoin(_PLANS, Coverage.__table__.c.plan_id == _PLANS.c.id)))


def coverage_summary_of(row: Sequence[Any], *, on: dt.date | None = None) -> dict[str, Any]:
    """:func:`coverage_summary` of one row of a :func:`coverage_summaries_select` statement."""
    n = COVERAGE_ROW.width
    out = COVERAGE_ROW.as_dict(row)
    if row[n] is not None:
        out.update(plan_name=row[n + 1], line_of_business=row[n + 2], product=row[n + 3], plan_state=row[n + 4])
    if on is not None:
        day = on.isoformat()  # ISO dates compare as the dates do
        term = out["termination_date"]
        out["active_on"] = {"date": day, "active": out["status"] == CoverageStatus.ACTIVE
                            and out["effective_date"] <= day and (term is None or day <= term)}
    return out


def in_network(s: Session, plan_id: str, org_id: str) -> bool:
    return s.scalar(select(PlanNetwork.id).where(PlanNetwork.plan_id == plan_id, PlanNetwork.org_id == org_id)) \
        is not None


def worker_card(w: Worker | None) -> dict[str, Any] | None:
    if w is None:
        return None
    return {"id": w.id, "name": w.display_name, "role": str(w.role), "org_id": w.org_id, "npi": w.npi,
            "specialty": w.specialty}


_WORKERS = Worker.__table__


def worker_card_columns(workers: FromClause = _WORKERS) -> tuple[ColumnElement[Any], ...]:
    """The worker columns :func:`worker_card_of` reads, in its order (the role as its stored value), of
    ``workers`` (the table or an alias of it); select them from an outer join to get a card per row
    without loading the worker."""
    w = workers.c
    return (w.id, w.given_name, w.family_name, w.credentials, type_coerce(w.role, String), w.org_id, w.npi,
            w.specialty)


WORKER_CARD_COLUMNS = worker_card_columns()


def display_name(given: str, family: str, credentials: str | None) -> str:
    """:attr:`Worker.display_name` from the three columns."""
    return f"{given} {family}, {credentials}" if credentials else f"{given} {family}"


def worker_card_of(values: Sequence[Any]) -> dict[str, Any] | None:
    """:func:`worker_card` from :data:`WORKER_CARD_COLUMNS`' values (None when the join found no worker)."""
    wid, given, family, creds, role, org_id, npi, specialty = values
    if wid is None:
        return None
    return {"id": wid, "name": display_name(given, family, creds), "role": role, "org_id": org_id, "npi": npi,
            "specialty": specialty}


# ------------------------------------------------------------------ the plan's published rules
def policy_for(s: Session, plan_id: str, codes: Sequence[str]) -> PayerPolicy | None:
    """The plan's policy governing the most of ``codes`` (ties: lowest id); None when none does."""
    best: int | None = None
    chosen: str | None = None
    # ids and code lists only (ORM column select: a write's pending rows are still flushed first);
    # the one policy chosen is then loaded
    for pid, pol_codes in s.execute(select(PayerPolicy.id, PayerPolicy.codes).where(PayerPolicy.plan_id == plan_id)
                                    .order_by(PayerPolicy.id)):
        n = sum(1 for c in codes if c in pol_codes)
        if n and (best is None or n > best):
            best, chosen = n, pid
    return s.get(PayerPolicy, chosen) if chosen is not None else None


def questions_of(policy: PayerPolicy | None) -> tuple[Question, ...]:
    if policy is None:
        return ()
    return tuple(Question(key=q["key"], text=q["text"], answer_type=q["answer_type"],
                          choices=tuple(q["choices"]) if q.get("choices") else None,
                          required=bool(q.get("required", True))) for q in policy.questionnaire)


def form_id_for(policy: PayerPolicy) -> str:
    """The payer questionnaire's form id: ``QNR-<handbook policy id>`` (the handbook id is public)."""
    return f"QNR-{policy.handbook_policy_id}"


@dataclass(frozen=True)
class PublishedRequirement:
    """What the plan publishes for a case, plus (for the scripted payer only) the hidden policy row."""

    policy: PayerPolicy | None
    result: pa_requirement.RequirementResult
    questions: tuple[Question, ...]  # empty unless PA is required and the policy has a questionnaire
    form_id: str | None
    coverage_active: bool
    in_network: bool
    date_of_service: dt.date


def published_requirement(s: Session, case: PACase) -> PublishedRequirement:
    """Run ``rules.pa_requirement`` for the case's plan, line codes, place of service and diagnoses,
    with coverage checked on the requested date of service and network status of the ordering org."""
    codes = list(s.scalars(select(PALine.code).where(PALine.case_id == case.id).order_by(PALine.line_number)))
    policy = policy_for(s, case.plan_id, codes)
    result = pa_requirement.check_requirement(policy, codes, str(case.site_of_service), list(case.diagnosis_codes))
    questions = questions_of(policy) if result.pa_required else ()
    cov = s.get(Coverage, case.coverage_id)
    assert cov is not None
    return PublishedRequirement(policy, result, questions,
                                form_id_for(policy) if (policy is not None and questions) else None,
                                coverage_active_on(cov, case.requested_start),
                                in_network(s, case.plan_id, case_org_id(s, case)), case.requested_start)


def published_view(pr: PublishedRequirement) -> dict[str, Any]:
    """Only what the plan publishes (never criteria, evidence markers or the complete-packet outcome)."""
    return {
        "pa_required": pr.result.pa_required,
        "notification_only": pr.result.notification_only,
        "covered_benefit": pr.result.covered_benefit,
        "coverage_active": pr.coverage_active,
        "in_network": pr.in_network,
        "date_of_service": pr.date_of_service.isoformat(),
        "reason": pr.result.reason,
        "required_document_kinds": list(pr.result.required_document_kinds),
        "questionnaire_form_id": pr.form_id,
        "policy_reference": pr.result.handbook_policy_id,
    }


def question_view(q: Question) -> dict[str, Any]:
    return {"key": q.key, "text": q.text, "answer_type": q.answer_type,
            "choices": list(q.choices) if q.choices else None, "required": q.required}


# -------------------------------------------------------------------------------- documents
def doc_summary(s: Session, doc: Document) -> dict[str, Any]:
    """A document's index entry (no body)."""
    out = to_dict(doc, exclude=("body",))
    author = s.get(Worker, doc.author_worker_id)
    out["author"] = worker_card(author)
    out["clinician_signed"] = clinician_signed(s, doc)
    out["body_chars"] = len(doc.body)
    return out


#: Index entry of a document (every column but the body); see :func:`doc_summaries_select`.
DOC_INDEX = RowShape(Document, exclude=("body",))
_DOCS = Document.__table__
#: Roles' stored values that make a signed document clinical evidence (``authority.CLINICIANS``).
_CLINICIAN_ROLES = frozenset(str(r) for r in authority.CLINICIANS)


def doc_summaries_select() -> Any:
    """``SELECT`` of :func:`doc_summary`'s inputs (document columns, body, author card columns) from the
    documents left-joined to their authors; add ``where``/``order_by`` on :data:`DOC_INDEX` ``.c`` and read
    the rows with :func:`doc_summaries` (one statement for the whole index)."""
    return (select(*DOC_INDEX.columns, _DOCS.c.body, *WORKER_CARD_COLUMNS)
            .select_from(_DOCS.outerjoin(_WORKERS, _DOCS.c.author_worker_id == _WORKERS.c.id)))


def doc_summaries(rows: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
    """:func:`doc_summary` of each row of a :func:`doc_summaries_select` statement."""
    n = DOC_INDEX.width
    out = []
    for r in rows:
        d = DOC_INDEX.as_dict(r)
        author = worker_card_of(r[n + 1:n + 9])
        d["author"] = author
        d["clinician_signed"] = bool(d["signed"]) and author is not None and author["role"] in _CLINICIAN_ROLES
        d["body_chars"] = len(r[n])
        out.append(d)
    return out


def clinician_signed(s: Session, doc: Document) -> bool:
    """Signed, and authored by a clinician (rules.authority.CLINICIANS) — the adjudication test."""
    if not doc.signed:
        return False
    author = s.get(Worker, doc.author_worker_id)
    return author is not None and author.role in authority.CLINICIANS


def doc_view(s: Session, doc: Document) -> DocView:
    return DocView(id=doc.id, kind=str(doc.kind), body=doc.body, clinician_signed=clinician_signed(s, doc))


def case_provider_document(s: Session, case: PACase, doc_id: Any, field: str) -> Document:
    """A provider-side document usable on this case: the patient's chart, or uploaded to this case."""
    if not isinstance(doc_id, str) or not doc_id.strip():
        raise InvalidInput("document ids must be non-empty strings", field=field)
    doc = s.get(Document, doc_id)
    if doc is None or doc.side != "provider":
        raise NotFound(f"no provider document with id '{doc_id}'", field=field)
    if doc.patient_id != case.patient_id:
        raise InvalidInput(f"document {doc_id} belongs to another patient", field=field)
    if doc.case_id is not None and doc.case_id != case.id:
        raise InvalidInput(f"document {doc_id} belongs to case {doc.case_id}, not {case.id}", field=field)
    return doc


def case_documents_query(case: PACase) -> Any:
    """Provider-side documents of the case: the patient's chart plus this case's uploads and bundles."""
    return (select(Document)
            .where(Document.patient_id == case.patient_id, Document.side == "provider",
                   or_(Document.case_id.is_(None), Document.case_id == case.id))
            .order_by(Document.date.desc(), Document.id))


def outstanding_unreadable_pages(s: Session, case_id: str) -> list[FaxPage]:
    """Fax pages of the case that arrived unreadable and have not been re-sent yet."""
    return list(s.scalars(select(FaxPage).join(SubmissionPacket, FaxPage.packet_id == SubmissionPacket.id)
                          .where(SubmissionPacket.case_id == case_id, FaxPage.readable.is_(False),
                                 FaxPage.resent_in_packet_id.is_(None))
                          .order_by(FaxPage.packet_id, FaxPage.page_number)))


def packet_view(p: SubmissionPacket) -> dict[str, Any]:
    """A submission as the provider sees it (without the payer's internal copy ids)."""
    return to_dict(p, exclude=("payer_document_ids",))


# -------------------------------------------------------------------------------- messages
def payer_sender(s: Session, plan_id: str) -> str:
    plan = s.get(Plan, plan_id)
    org = s.get(Organization, plan.payer_org_id) if plan is not None else None
    return f"{org.name if org else 'Health plan'} — Utilization Management"


def post_message(tx: Tx, case: PACase, *, kind: str, subject: str, body: str, sender: str,
                 audience: str = "provider", details: dict[str, Any] | None = None) -> InboxMessage:
    msg = InboxMessage(id=tx.new_id("MSG"), case_id=case.id, audience=audience, kind=kind, subject=subject,
                       body=body, sender=sender, sent_at=tx.now, read_at=None, details=details or {})
    tx.session.add(msg)
    return msg


# ------------------------------------------------------------------------------- settings
def payer_mode(s: Session) -> str:
    """World setting ``payer_mode``: ``auto`` (default; scripted payer replies at once) or ``queue``."""
    row = s.get(WorldSetting, PAYER_MODE_KEY)
    mode = "auto" if row is None else row.value
    if mode not in PAYER_MODES:
        raise InvalidInput(f"world setting payer_mode is '{mode}'", field=PAYER_MODE_KEY, allowed=PAYER_MODES)
    return str(mode)


@contextlib.contextmanager
def acting_as_payer(tx: Tx) -> Iterator[None]:
    """Within a provider's write, attribute the scripted payer's effects to ``SYSTEM`` (world.py:
    the engine acts as SYSTEM only from builder and scripted-payer code)."""
    saved = tx.actor, tx.app
    tx.actor, tx.app = Actor(SYSTEM_ACTOR, WorkerRole.SYSTEM, None, None), "payer_engine"
    try:
        yield
    finally:
        tx.actor, tx.app = saved


# ------------------------------------------------------------------------------- results
def fit_budget(result: dict[str, Any], trimmable: Sequence[str], *, budget: int = RESULT_CHAR_BUDGET - 5_000,
               already_plain: bool = False) -> dict[str, Any]:
    """Drop the *oldest* entries (lists are newest first) of ``trimmable`` keys until the JSON
    rendering of ``result`` fits ``budget`` characters; records what was cut under ``truncated``.
    ``already_plain``: the caller built ``result`` from JSON types only (str keys; str, int, float,
    bool, None, dict, list values of exactly those types: :func:`chibench.world.core.serialize.json_plain`
    would return an equal copy), so that copy is skipped and the text is measured directly."""
    cut: dict[str, int] = {}
    canon = (lambda r: r) if already_plain else json_plain
    # len(dumps(plain(result))) without sorting keys: the same characters in another order, so the same length
    while len(plain_text(canon(result))) > budget:
        longest = max(trimmable, key=lambda k: len(result.get(k) or []))
        items = result.get(longest) or []
        if not items:
            break
        n = max(1, len(items) // 10)
        result[longest] = items[:-n]
        cut[longest] = cut.get(longest, 0) + n
    if cut:
        result["truncated"] = {k: f"{v} oldest entries omitted; narrow the request" for k, v in sorted(cut.items())}
    return result
