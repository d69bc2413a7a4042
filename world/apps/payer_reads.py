"""Payer read paths in few statements: Core ``select``\\ s of whole sections (a case with its one-per-case
records, all documents of a case, a policy with its criteria) for the payer's read services.

Why: a read tool ran 15–45 ORM statements, and each cost more in SQLAlchemy's ORM layer (statement
setup, object loading, identity map) than in SQLite. Here every section is one Core statement built once per
process, run on the read session's connection, and its rows become the same canonical dicts
:func:`chibench.world.core.serialize.to_dict` gives for the ORM objects: the columns are the mapped
columns in declaration order; dates, UTC datetimes and enumerations are read as their stored text (which is
the canonical form ``to_dict`` prints), other columns through their column types and, where that could
change a value, :func:`~chibench.world.core.serialize.plain`. Byte-identical results are checked against a
dump of every oracle step's result (``/work/prof/golden.py``) and by the apps' tests
(``tests/world/apps/test_payer_reads.py`` compares each read with an ORM reference).

Only for read sessions (``World.read``): a Core statement does not autoflush, so inside a write
transaction use the ORM helpers of :mod:`payer_queries`, which see unflushed changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import (
    JSON,
    BindParameter,
    Boolean,
    ColumnElement,
    Connection,
    Date,
    Enum,
    Float,
    Integer,
    Result,
    Select,
    String,
    Text,
    bindparam,
    func,
    inspect,
    or_,
    select,
    type_coerce,
)
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import MultipleResultsFound
from sqlalchemy.orm import Session

from chibench.world.apps import payer_queries as pq
from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Patient, ServiceRequest
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review.models import CriterionEvaluation, NurseRecommendation, ReviewTask
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.apps.triage.models import RoutingRecord, TriageRecord
from chibench.world.core.db import SimClock, UTCDateTime
from chibench.world.core.enums import WorkerRole
from chibench.world.core.errors import InvalidInput, NotFound
from chibench.world.core.serialize import plain
from chibench.world.core.world import WorldSession


def _as_is(value: Any) -> Any:
    return value


#: Column types whose stored text *is* the canonical value ``to_dict`` prints (as in :mod:`row_shapes`): a ``Date``
#: is stored ``YYYY-MM-DD`` (= ``date.isoformat()``), a ``UTCDateTime`` as ``clock.iso(value)``, a non-native
#: ``Enum`` as the member's value. Selected as that text, they skip a parse on reading and a format in the dict.
_STORED_AS_CANONICAL_TEXT = (Date, UTCDateTime, Enum)
#: Types whose read value ``plain`` leaves as it is (JSON: decoded to plain JSON types, str keys).
_PLAIN_AS_READ = (String, Text, Integer, Float, Boolean, JSON)
_SQLITE = sqlite.dialect()


class Part:
    """One mapped class's columns inside a Core select: ``cols`` in ``to_dict`` order (the mapper's column
    attributes), and the record they make, as a canonical dict (:meth:`as_dict`) or an attribute view
    (:meth:`view`, the ORM object's column values — for rules that read ``rec.status`` …).

    Dates, UTC datetimes and enumerations are selected as their stored (canonical) text, so a row's values are
    the dict's values; the view turns them into the values the ORM loads (``date``, aware ``datetime``, enum
    member) with the same result processors, when an attribute is read."""

    def __init__(self, cls: type[Any]) -> None:
        self.cls = cls
        self.keys: tuple[str, ...] = tuple(c.key for c in inspect(cls).column_attrs)
        table = cls.__table__
        # the dicts are keyed by attribute name and the select reads columns by name: they must agree
        assert all(k in table.c for k in self.keys), cls
        columns = [table.c[k] for k in self.keys]
        text = [isinstance(c.type, _STORED_AS_CANONICAL_TEXT) for c in columns]
        self.cols: tuple[ColumnElement[Any], ...] = tuple(
            type_coerce(c, String).label(k) if as_text else c for k, c, as_text in zip(self.keys, columns, text,
                                                                                       strict=True))
        self.width = len(self.keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        # the ORM's result processing of a column selected as text (SQLite: the world's database)
        self.procs: tuple[Any, ...] = tuple(c.type._cached_result_processor(_SQLITE, None) if as_text else None
                                            for c, as_text in zip(columns, text, strict=True))
        # canonical text and types read as plain values are taken as they are; anything else goes through
        # ``plain`` as in ``to_dict``
        self.canon: tuple[Any, ...] = tuple(_as_is if as_text or isinstance(c.type, _PLAIN_AS_READ) else plain
                                            for c, as_text in zip(columns, text, strict=True))
        self.plain_as_read = all(f is _as_is for f in self.canon)

    def as_dict(self, values: Sequence[Any], exclude: tuple[str, ...] = ()) -> dict[str, Any]:
        if self.plain_as_read:
            if exclude:
                return {k: v for k, v in zip(self.keys, values, strict=True) if k not in exclude}
            return dict(zip(self.keys, values, strict=True))
        if exclude:
            return {k: f(v) for k, f, v in zip(self.keys, self.canon, values, strict=True) if k not in exclude}
        return {k: f(v) for k, f, v in zip(self.keys, self.canon, values, strict=True)}

    def view(self, values: Sequence[Any]) -> _View:
        if len(values) != self.width:
            raise ValueError(f"{self.cls.__name__}: {len(values)} values for {self.width} columns")
        return _View(self, tuple(values))


class _View:
    """A record's column values by attribute, as the ORM object has them (see :class:`Part`)."""

    __slots__ = ("_part", "_values")

    def __init__(self, part: Part, values: tuple[Any, ...]) -> None:
        self._part = part
        self._values = values

    def __getattr__(self, name: str) -> Any:
        part = self._part
        i = part.index.get(name)
        if i is None:
            raise AttributeError(f"{part.cls.__name__} has no column {name!r}")
        value, proc = self._values[i], part.procs[i]
        return value if proc is None else proc(value)


CASE, INTAKE, TRIAGE, NURSE_REC = Part(PACase), Part(IntakeCase), Part(TriageRecord), Part(NurseRecommendation)
PA_LINE, INTAKE_LINE, ROUTING, TASK = Part(PALine), Part(IntakeLineItem), Part(RoutingRecord), Part(ReviewTask)
EVALUATION, MD_DECISION, P2P, PACKET = Part(CriterionEvaluation), Part(MdDecision), Part(P2PRequest), \
    Part(SubmissionPacket)
DETERMINATION = Part(Determination)

_CASE_ID: BindParameter[str] = bindparam("case_id")
_T_CASE, _T_INTAKE, _T_TRIAGE, _T_REC = (PACase.__table__, IntakeCase.__table__, TriageRecord.__table__,
                                         NurseRecommendation.__table__)

#: A case and its one-per-case records (``case_id`` is unique in each): intake, triage, nurse recommendation.
_CASE_FILE = (select(*CASE.cols, *INTAKE.cols, *TRIAGE.cols, *NURSE_REC.cols)
              .select_from(_T_CASE.outerjoin(_T_INTAKE, _T_INTAKE.c.case_id == _T_CASE.c.id)
                           .outerjoin(_T_TRIAGE, _T_TRIAGE.c.case_id == _T_CASE.c.id)
                           .outerjoin(_T_REC, _T_REC.c.case_id == _T_CASE.c.id))
              .where(_T_CASE.c.id == _CASE_ID))


def _result(s: Session, stmt: Select[Any], params: dict[str, Any]) -> Result[Any]:
    """``stmt``'s result on the read session's connection, through the sqlite3 cursor when
    :meth:`WorldSession.read_rows` takes it (about 60 µs less than SQLAlchemy's execution)."""
    fast = s.read_rows(stmt, params) if isinstance(s, WorldSession) else None
    if fast is not None:
        return fast
    conn: Connection = s.connection()
    return conn.execute(stmt, params)


def _rows(s: Session, stmt: Select[Any], params: dict[str, Any]) -> Sequence[Any]:
    return _result(s, stmt, params).all()


_T_WORKER = Worker.__table__
#: What :func:`worker_summary` shows of a worker (and ``display_name``'s parts).
_WORKER_COLS = ("id", "given_name", "family_name", "credentials", "role", "npi", "org_id", "specialty")
_WORKER = select(*(_T_WORKER.c[k] for k in _WORKER_COLS)).where(_T_WORKER.c.id == bindparam("worker_id"))
_DISPLAY_NAME = Worker.display_name.fget
assert _DISPLAY_NAME is not None


class _WorkerCols(NamedTuple):
    """A worker's :data:`_WORKER_COLS` by attribute (cheaper to read than a result row's attributes)."""

    id: str | None  # None: an outer-joined worker that does not exist
    given_name: str
    family_name: str
    credentials: str | None
    role: Any  # a WorkerRole, or its text where the select reads it as text
    npi: str | None
    org_id: str
    specialty: str | None


assert _WorkerCols._fields == _WORKER_COLS


def _worker_row(s: Session, worker_id: str) -> Any:
    """The worker's :data:`_WORKER_COLS` (``role`` a ``WorkerRole``), None when there is no such worker."""
    row = _result(s, _WORKER, {"worker_id": worker_id}).first()
    return None if row is None else _WorkerCols._make(row)


def read_actor(s: Session, acting_as: str, allowed: frozenset[WorkerRole] = pq.PAYER_ROLES,
               action: str = pq.READ_ACTION) -> Any:
    """:func:`payer_queries.read_actor` in one Core statement: the reading worker as a row with ``id``, ``role``
    (a ``WorkerRole``) and the other :data:`_WORKER_COLS`, not an ORM ``Worker``. Same errors: ``UnknownActor``,
    ``AuthorityError``."""
    return pq.checked_reader(acting_as, lambda worker_id: _worker_row(s, worker_id), allowed, action)


def worker_summary(s: Session, worker_id: str | None) -> dict[str, Any] | None:
    """A worker as a payer view shows them, in one Core statement: ``{id, name (display name), role, credentials,
    npi, org_id, specialty}``; None without an id, ``{"id": …}`` when it names no worker."""
    if not worker_id:
        return None
    w = _worker_row(s, worker_id)
    return {"id": worker_id} if w is None else _summary(w)


def _summary(w: Any) -> dict[str, Any]:
    return {"id": w.id, "name": _DISPLAY_NAME(w), "role": str(w.role), "credentials": w.credentials, "npi": w.npi,
            "org_id": w.org_id, "specialty": w.specialty}


_NOW = select(SimClock.__table__.c.now).where(SimClock.__table__.c.id == 1)


def current_time(s: Session) -> Any:
    """:func:`payer_queries.current_time` (the simulated clock's instant, an aware UTC datetime) by a Core read."""
    now = _result(s, _NOW, {}).scalar()
    assert now is not None
    return now


class CaseFile:
    """A PA case read with its intake, triage record and nurse recommendation (each None when absent):
    ``case``/``intake``/``triage``/``rec`` are attribute views, ``*_dict`` the canonical dicts."""

    __slots__ = ("case", "case_dict", "intake", "intake_dict", "rec", "rec_dict", "triage", "triage_dict")

    def __init__(self, row: Sequence[Any]) -> None:
        a = CASE.width
        b = a + INTAKE.width
        c = b + TRIAGE.width
        self.case, self.case_dict = CASE.view(row[:a]), CASE.as_dict(row[:a])
        self.intake, self.intake_dict = _part(INTAKE, row[a:b])
        self.triage, self.triage_dict = _part(TRIAGE, row[b:c])
        self.rec, self.rec_dict = _part(NURSE_REC, row[c:])


def _part(part: Part, values: Sequence[Any]) -> tuple[Any, dict[str, Any] | None]:
    if values[0] is None:  # the primary key of an outer-joined record that is not there
        return None, None
    return part.view(values), part.as_dict(values)


def case_file(s: Session, case_id: Any) -> CaseFile:
    """The case ``case_id`` with its one-per-case records, in one statement.
    Errors as :func:`payer_queries.get_case`: InvalidInput (not an id string), NotFound (no such case)."""
    if not isinstance(case_id, str) or not case_id:
        raise InvalidInput("an id string is required", field="case_id")
    rows = _rows(s, _CASE_FILE, {"case_id": case_id})
    if not rows:
        raise NotFound(f"no PA case with id '{case_id}'", field="case_id")
    return CaseFile(rows[0])


def require_intake(cf: CaseFile) -> Any:
    """The case file's intake (attribute view), as :func:`payer_queries.require_intake`: NotFound without one."""
    if cf.intake is None:
        raise NotFound(f"case {cf.case.id} has no intake record; create the intake first", field="case_id")
    return cf.intake


def _by_case(part: Part, *order: ColumnElement[Any]) -> Select[Any]:
    table = part.cls.__table__
    return select(*part.cols).where(table.c.case_id == _CASE_ID).order_by(*order)


_T_PA_LINE, _T_ROUTING, _T_TASK, _T_EVAL, _T_MD, _T_P2P = (PALine.__table__, RoutingRecord.__table__,
                                                         ReviewTask.__table__, CriterionEvaluation.__table__,
                                                         MdDecision.__table__, P2PRequest.__table__)
_CASE_LINES = _by_case(PA_LINE, _T_PA_LINE.c.line_number)
_INTAKE_LINES = (select(*INTAKE_LINE.cols).where(IntakeLineItem.__table__.c.intake_id == bindparam("intake_id"))
                 .order_by(IntakeLineItem.__table__.c.line_number))
_ROUTINGS = _by_case(ROUTING, _T_ROUTING.c.routed_at, _T_ROUTING.c.id)
_TASKS = _by_case(TASK, _T_TASK.c.created_at, _T_TASK.c.id)
_EVALUATIONS = _by_case(EVALUATION, _T_EVAL.c.stage, _T_EVAL.c.line_number, _T_EVAL.c.criterion_id)
_MD_DECISIONS = _by_case(MD_DECISION, _T_MD.c.decided_at, _T_MD.c.id)
_P2P_REQUESTS = _by_case(P2P, _T_P2P.c.created_at, _T_P2P.c.id)
_DETERMINATIONS = _by_case(DETERMINATION, Determination.__table__.c.determined_at, Determination.__table__.c.id)


def rows_by_case(s: Session, what: str, case_id: str) -> Sequence[Any]:
    """All rows of one per-case list, in the order :mod:`payer_queries` returns them. ``what``: case_lines |
    routings | tasks | evaluations (every stage) | md_decisions | p2p_requests | determinations."""
    return _rows(s, _LISTS[what], {"case_id": case_id})


_LISTS: dict[str, Select[Any]] = {"case_lines": _CASE_LINES, "routings": _ROUTINGS, "tasks": _TASKS,
                                  "evaluations": _EVALUATIONS, "md_decisions": _MD_DECISIONS,
                                  "p2p_requests": _P2P_REQUESTS,
                                  "determinations": _DETERMINATIONS}


def intake_line_rows(s: Session, intake_id: str) -> Sequence[Any]:
    return _rows(s, _INTAKE_LINES, {"intake_id": intake_id})


_T_INTAKE_LINE = IntakeLineItem.__table__
_INTAKE_LINE_NUMBERS = (select(_T_INTAKE_LINE.c.line_number)
                        .join(_T_INTAKE, _T_INTAKE.c.id == _T_INTAKE_LINE.c.intake_id)
                        .where(_T_INTAKE.c.case_id == _CASE_ID).order_by(_T_INTAKE_LINE.c.line_number))
_CASE_LINE_NUMBERS = select(_T_PA_LINE.c.line_number).where(_T_PA_LINE.c.case_id == _CASE_ID) \
    .order_by(_T_PA_LINE.c.line_number)


def line_numbers(s: Session, case_id: str) -> list[int]:
    """The numbers of :func:`payer_queries.review_lines` (the intake's lines, else the case's), in order."""
    nums = list(_result(s, _INTAKE_LINE_NUMBERS, {"case_id": case_id}).scalars())
    return nums or list(_result(s, _CASE_LINE_NUMBERS, {"case_id": case_id}).scalars())


def working_lines(intake_lines: Sequence[Any], case_lines: Sequence[Any]) -> list[dict[str, Any]]:
    """:func:`payer_queries.review_lines` from rows already read: the intake's lines, else the case's."""
    rows = intake_lines or case_lines
    return [{"line_number": r.line_number, "system": str(r.system), "code": r.code, "display": r.display,
             "units": r.units, "modifier": r.modifier} for r in rows]


# --------------------------------------------------------------------------- policy and criteria
_T_POLICY, _T_CRIT, _T_ORDER = PayerPolicy.__table__, PolicyCriterion.__table__, ServiceRequest.__table__
_POLICY_OF_ORDER = (select(_T_POLICY.c.id)
                    .where(_T_POLICY.c.plan_id == bindparam("plan_id"),
                           _T_POLICY.c.service_slug == select(_T_ORDER.c.service_slug)
                           .where(_T_ORDER.c.id == bindparam("order_id")).scalar_subquery())
                    .order_by(_T_POLICY.c.id).limit(1).scalar_subquery())
#: The policy governing the order's service on the case's plan (as ``policy_for_case``'s first lookup),
#: with its criteria in order (a policy without criteria gives one row of NULL criteria).
_POLICY_WITH_CRITERIA = (select(_T_POLICY.c.id, _T_POLICY.c.handbook_policy_id, _T_POLICY.c.service_category,
                                _T_CRIT.c.criterion_id, _T_CRIT.c.text, _T_CRIT.c.citation)
                         .select_from(_T_POLICY.outerjoin(_T_CRIT, _T_CRIT.c.policy_id == _T_POLICY.c.id))
                         .where(_T_POLICY.c.id == _POLICY_OF_ORDER)
                         .order_by(_T_CRIT.c.ordinal))


def policy_criteria_view(s: Session, case: Any, lines: list[dict[str, Any]]) -> tuple[dict[str, Any] | None,
                                                                                     list[str]]:
    """:func:`payer_views.criteria_view` of :func:`payer_queries.policy_for_case`, and the criterion ids in
    order. ``lines``: the case's working lines (the fallback matches a plan policy by their codes)."""
    rows = _rows(s, _POLICY_WITH_CRITERIA, {"plan_id": case.plan_id, "order_id": case.order_id})
    if rows:
        _, handbook_policy_id, service_category = rows[0][:3]
        # by position: cheaper than a result row's attributes (one dict per criterion)
        crits = [{"criterion_id": criterion_id, "text": text, "citation": citation}
                 for _, _, _, criterion_id, text, citation in rows if criterion_id is not None]
        return ({"handbook_policy_id": handbook_policy_id, "service_category": str(service_category),
                 "criteria": crits}, [c["criterion_id"] for c in crits])
    from chibench.world.apps import payer_views as pv  # the rare fallback: a policy governing a line code

    codes = {ln["code"] for ln in lines}
    for pol in s.scalars(select(PayerPolicy).where(PayerPolicy.plan_id == case.plan_id).order_by(PayerPolicy.id)):
        if codes & set(pol.codes):
            view = pv.criteria_view(s, pol)
            assert view is not None
            return view, [c.criterion_id for c in pq.policy_criteria(s, pol)]
    return None, []


# --------------------------------------------------------------------------- documents
_T_DOC, _T_PACKET = Document.__table__, SubmissionPacket.__table__
_PACKET_COPIES = func.json_each(_T_PACKET.c.payer_document_ids).table_valued("value")
_AUTHOR, _SIGNER = Worker.__table__.alias("author"), Worker.__table__.alias("signer")
#: Payer-side documents of a case: linked by ``case_id`` or listed as a packet's payer copies, with their
#: author and signer (outer-joined: a worker id that names no worker shows as ``{"id": …}``).
_DOC_COLS = ("id", "kind", "title", "date", "author_worker_id", "signed", "signed_by", "origin", "copied_from",
             "created_at", "body")
#: Where a document row's author and signer columns (:data:`_WORKER_COLS` each) start.
_AUTHOR_AT, _SIGNER_AT = len(_DOC_COLS), len(_DOC_COLS) + len(_WORKER_COLS)


def _as_text(col: ColumnElement[Any]) -> ColumnElement[Any]:
    """``col`` as its stored text when that is its canonical form (see :class:`Part`), else as it is."""
    return type_coerce(col, String) if isinstance(col.type, _STORED_AS_CANONICAL_TEXT) else col


_PAYER_DOCS = (select(*(_as_text(_T_DOC.c[k]).label(k) for k in _DOC_COLS),
                      *(_as_text(_AUTHOR.c[k]).label(f"author_{k}") for k in _WORKER_COLS),
                      *(_as_text(_SIGNER.c[k]).label(f"signer_{k}") for k in _WORKER_COLS))
               .select_from(_T_DOC.outerjoin(_AUTHOR, _AUTHOR.c.id == _T_DOC.c.author_worker_id)
                            .outerjoin(_SIGNER, _SIGNER.c.id == _T_DOC.c.signed_by))
               .where(_T_DOC.c.side == "payer",
                      or_(_T_DOC.c.case_id == _CASE_ID,
                          _T_DOC.c.id.in_(select(_PACKET_COPIES.c.value).select_from(_T_PACKET)
                                          .join(_PACKET_COPIES, _T_PACKET.c.case_id == _CASE_ID)))))


def _joined_worker(row: Any, at: int, worker_id: str | None) -> dict[str, Any] | None:
    """:func:`worker_summary` from a document row's joined worker columns, starting at column ``at``."""
    if not worker_id:
        return None
    w = _WorkerCols._make(row[at:at + len(_WORKER_COLS)])
    return {"id": worker_id} if w.id is None else _summary(w)


_LATEST_PACKET = select(*PACKET.cols).where(_T_PACKET.c.case_id == _CASE_ID).order_by(_T_PACKET.c.sequence.desc())


def latest_packet_dict(s: Session, case_id: str) -> dict[str, Any] | None:
    """The case's latest submission packet (:func:`payer_queries.latest_packet`) as the payer received it: its
    canonical dict without the provider originals' ids (``document_ids``, ``bundle_document_id``); None before
    any submission."""
    row = _result(s, _LATEST_PACKET, {"case_id": case_id}).first()
    return None if row is None else PACKET.as_dict(row, ("document_ids", "bundle_document_id"))


def payer_document_rows(s: Session, case_id: str) -> list[Any]:
    """:func:`payer_queries.payer_documents`' documents (only the columns a document view shows), sorted by id."""
    return sorted(_rows(s, _PAYER_DOCS, {"case_id": case_id}), key=lambda r: r[0])


def document_view(s: Session, doc: Any, *, with_body: bool) -> dict[str, Any]:
    """A payer-side document as workers see it, from a :func:`payer_document_rows` row: id, kind, title, date
    (``YYYY-MM-DD``), author and signer (:func:`worker_summary`'s shape, None when unset), signed,
    origin, copied_from, received_at (ISO ``Z``), and ``body`` only ``with_body``."""
    # kind, date and created_at were read as their stored, canonical text (not null columns)
    doc_id, kind, title, date, author_id, signed, signed_by, origin, copied_from, created_at, body = \
        doc[:_AUTHOR_AT]
    out = {"id": doc_id, "kind": kind, "title": title, "date": date,
           "author": _joined_worker(doc, _AUTHOR_AT, author_id), "signed": signed,
           "signed_by": _joined_worker(doc, _SIGNER_AT, signed_by), "origin": origin, "copied_from": copied_from,
           "received_at": created_at}
    if with_body:
        out["body"] = body
    return out


# --------------------------------------------------------------------------- the intake queue
_T_PATIENT = Patient.__table__


def _latest_packet(col: ColumnElement[Any]) -> Any:
    return (select(col).where(_T_PACKET.c.case_id == _T_CASE.c.id).order_by(_T_PACKET.c.sequence.desc())
            .limit(1).scalar_subquery())


#: Every case (by id) with what an intake-queue row shows: its intake, whether it has a triage record, the
#: latest submission packet's receipt (as ``payer_queries.latest_packet``) and the member's name. Datetimes and
#: enumerations are read as their stored, canonical text (see :class:`Part`).
INTAKE_QUEUE = (select(*(_as_text(c).label(name) for name, c in (
    ("id", _T_CASE.c.id), ("status", _T_CASE.c.status), ("urgency", _T_CASE.c.urgency),
    ("submitted_at", _T_CASE.c.submitted_at), ("submission_channel", _T_CASE.c.submission_channel),
    ("intake_id", _T_INTAKE.c.id), ("intake_status", _T_INTAKE.c.status), ("triage_id", _T_TRIAGE.c.id),
    ("packet_id", _latest_packet(_T_PACKET.c.id)), ("packet_submitted_at", _latest_packet(_T_PACKET.c.submitted_at)),
    ("packet_channel", _latest_packet(_T_PACKET.c.channel)), ("given_name", _T_PATIENT.c.given_name),
    ("family_name", _T_PATIENT.c.family_name))))
                .select_from(_T_CASE.join(_T_PATIENT, _T_PATIENT.c.id == _T_CASE.c.patient_id)
                             .outerjoin(_T_INTAKE, _T_INTAKE.c.case_id == _T_CASE.c.id)
                             .outerjoin(_T_TRIAGE, _T_TRIAGE.c.case_id == _T_CASE.c.id))
                .order_by(_T_CASE.c.id))


def intake_queue_rows(s: Session) -> Sequence[Any]:
    return _rows(s, INTAKE_QUEUE, {})


# --------------------------------------------------------------------------- member
_T_COV, _T_PLAN = Coverage.__table__, Plan.__table__
_MEMBER = (select(*(_as_text(c).label(name) for name, c in (
    ("id", _T_PATIENT.c.id), ("given_name", _T_PATIENT.c.given_name), ("family_name", _T_PATIENT.c.family_name),
    ("birth_date", _T_PATIENT.c.birth_date), ("sex", _T_PATIENT.c.sex), ("state", _T_PATIENT.c.state),
    ("preferred_language", _T_PATIENT.c.preferred_language), ("member_id", _T_COV.c.member_id),
    ("status", _T_COV.c.status), ("effective_date", _T_COV.c.effective_date),
    ("termination_date", _T_COV.c.termination_date), ("group_number", _T_COV.c.group_number),
    ("plan_id", _T_PLAN.c.id), ("name", _T_PLAN.c.name), ("line_of_business", _T_PLAN.c.line_of_business),
    ("product", _T_PLAN.c.product), ("plan_state", _T_PLAN.c.state))))
           .select_from(_T_PATIENT.join(_T_COV, _T_COV.c.id == bindparam("coverage_id"))
                        .join(_T_PLAN, _T_PLAN.c.id == bindparam("plan_id")))
           .where(_T_PATIENT.c.id == bindparam("patient_id")))


def member_view(s: Session, case: Any) -> dict[str, Any]:
    """Member, coverage and plan as the payer's eligibility system shows them, in one statement (the case's
    patient, coverage and plan by their ids): ``patient_id``, name, birth date, sex, state, language,
    ``member_id``, ``coverage`` (status, effective/termination dates, group) and ``plan`` (id, name, line of
    business, product, state)."""
    # dates and enumerations are read as their stored text: ``YYYY-MM-DD`` and the value (see :class:`Part`)
    (patient_id, given_name, family_name, birth_date, sex, state, language, member_id, status, effective_date,
     termination_date, group_number, plan_id, plan_name, line_of_business, product, plan_state) = _result(
        s, _MEMBER, {"patient_id": case.patient_id, "coverage_id": case.coverage_id,
                     "plan_id": case.plan_id}).one()  # foreign keys: all three exist
    return {"patient_id": patient_id, "name": f"{given_name} {family_name}",
            "birth_date": birth_date, "sex": sex, "state": state,
            "preferred_language": language, "member_id": member_id,
            "coverage": {"status": status, "effective_date": effective_date, "termination_date": termination_date,
                         "group_number": group_number},
            "plan": {"id": plan_id, "name": plan_name, "line_of_business": line_of_business,
                     "product": product, "state": plan_state}}


# --------------------------------------------------------------------------- directory match
_T_ORG, _T_NETWORK = Organization.__table__, PlanNetwork.__table__
_IN_NETWORK = (select(_T_NETWORK.c.id).where(_T_NETWORK.c.plan_id == bindparam("plan_id"),
                                            _T_NETWORK.c.org_id == _T_ORG.c.id).exists().label("in_net"))
#: The clinician with the NPI, their organization (outer-joined: a dangling ``org_id`` is "not found") and
#: whether it is in the plan's network.
_WORKER_MATCH = (select(_T_WORKER.c.id, _T_WORKER.c.given_name, _T_WORKER.c.family_name, _T_WORKER.c.credentials,
                        _T_WORKER.c.specialty, _T_ORG.c.id.label("org_id"), _T_ORG.c.name.label("org_name"),
                        _T_ORG.c.state.label("org_state"), _IN_NETWORK)
                 .select_from(_T_WORKER.outerjoin(_T_ORG, _T_ORG.c.id == _T_WORKER.c.org_id))
                 .where(_T_WORKER.c.npi == bindparam("npi")))
#: Without a clinician: the (first) organization with the NPI and whether it is in the plan's network.
_ORG_MATCH = (select(_T_ORG.c.id.label("org_id"), _T_ORG.c.name.label("org_name"),
                     _T_ORG.c.state.label("org_state"), _IN_NETWORK)
              .where(_T_ORG.c.npi == bindparam("npi")).limit(1))


def directory_match(s: Session, case: Any, npi: str | None) -> dict[str, Any] | None:
    """The directory entry for an NPI (the clinician with it, else the first organization with it) and whether
    that organization is in the case's plan network, in one statement (two when the NPI is an organization's).
    None without an NPI; ``{"npi", "found": False}`` when nothing matches or the clinician's organization does
    not exist. Raises MultipleResultsFound when two clinicians share the NPI."""
    if not npi:
        return None
    params = {"npi": npi, "plan_id": case.plan_id}
    rows = _rows(s, _WORKER_MATCH, params)
    if len(rows) > 1:  # an NPI names at most one clinician: two are broken data, not a choice to make
        raise MultipleResultsFound("Multiple rows were found when one or none was required")
    w = rows[0] if rows else None
    org = w if w is not None else (_rows(s, _ORG_MATCH, params) or [None])[0]
    if org is None or org.org_id is None:
        return {"npi": npi, "found": False}
    in_net = bool(org.in_net)
    return {"npi": npi, "found": True, "worker_id": w.id if w else None,
            "name": _DISPLAY_NAME(w) if w else org.org_name, "specialty": w.specialty if w else None,
            "org_id": org.org_id, "org_name": org.org_name, "org_state": org.org_state, "in_plan_network": in_net}
