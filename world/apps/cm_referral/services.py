"""CM referral intake services: the referral queue, opening a CM case, disenrollment.

Reads never write or advance the clock; writes are one transaction each (nothing on error). The
actor must be a care manager of Keystone Care Management (``cm_common.CM_ORG``).
Times UTC ISO-8601; dates ``YYYY-MM-DD``. Diagnoses are ICD-10-CM.

Sources: NCQA Case Management accreditation (CM 3–CM 5: identification, initial assessment,
documented enrollment/disenrollment); CMSA Standards of Practice for Case Management (2022).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import String, bindparam, select, type_coerce

from chibench.world.apps.cm_common import (
    cm_read_actor,
    cm_tx_actor,
    get_cm_case,
    move_cm_case,
    world_today,
)
from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr.models import Patient
from chibench.world.apps.provider_common import (
    COVERAGE_ROW,
    coverage_summaries_select,
    coverage_summary_of,
    worker_card_columns,
    worker_card_of,
)
from chibench.world.apps.row_shapes import RowShape
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.codes import icd10cm_description
from chibench.world.core.enums import CMCaseStatus, CMPriority, CMProgram, DisenrollReason, ReferralStatus, values
from chibench.world.core.errors import Conflict, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

APP = "cm_referral"
DISENROLL_REASONS = values(DisenrollReason)
#: Referral columns never shown to a worker (the scenario id names the authored difficulty/consent stance).
HIDDEN_REFERRAL_FIELDS = ("scenario_id",)
PRIORITY_ORDER = {CMPriority.URGENT: 0, CMPriority.HIGH: 1, CMPriority.STANDARD: 2}

def _icd(code: str) -> str:
    try:
        return icd10cm_description(code)
    except ValueError:
        return ""


_REF = RowShape(CMReferral, exclude=HIDDEN_REFERRAL_FIELDS)
_PAT = Patient.__table__.c
#: The patient columns of a referral view's ``patient``, in the order ``_queue_entry`` unpacks them.
_QUEUE_PATIENT = (_PAT.id, _PAT.given_name, _PAT.family_name, type_coerce(_PAT.birth_date, String), _PAT.birth_date,
                  type_coerce(_PAT.sex, String), _PAT.phone, _PAT.preferred_language, _PAT.address_line, _PAT.city,
                  _PAT.state, _PAT.postal_code, _PAT.pcp_worker_id)
_PCP_ROW = Worker.__table__.alias("pcp")
_CASES_T = CMCase.__table__
#: The whole queue in one statement: each referral with its patient, the PCP's card columns and the case id
#: (``cm_cases.referral_id`` is unique, so the outer joins never repeat a referral).
_QUEUE = (select(*_REF.columns, *_QUEUE_PATIENT, _CASES_T.c.id, *worker_card_columns(_PCP_ROW))
          .select_from(_REF.table.join(Patient.__table__, _PAT.id == _REF.c.patient_id)
                       .outerjoin(_CASES_T, _CASES_T.c.referral_id == _REF.c.id)
                       .outerjoin(_PCP_ROW, _PCP_ROW.c.id == _PAT.pcp_worker_id)))
_QUEUE_BY_STATUS = _QUEUE.where(_REF.c.status == bindparam("status"))
_PRIORITY_AT, _RISK_AT, _DATE_AT, _ID_AT = (_REF.keys.index(k) for k in ("suggested_priority", "risk_score", "date", "id"))
_REFERRER_ROW = Worker.__table__.alias("referrer")
#: One referral as a ``_QUEUE`` row, then the referring worker's card columns (``get_referral``: one Core statement).
_REFERRAL_ROW = (select(*_REF.columns, *_QUEUE_PATIENT, _CASES_T.c.id, *worker_card_columns(_PCP_ROW),
                        *worker_card_columns(_REFERRER_ROW))
                 .select_from(_REF.table.join(Patient.__table__, _PAT.id == _REF.c.patient_id)
                              .outerjoin(_CASES_T, _CASES_T.c.referral_id == _REF.c.id)
                              .outerjoin(_PCP_ROW, _PCP_ROW.c.id == _PAT.pcp_worker_id)
                              .outerjoin(_REFERRER_ROW, _REFERRER_ROW.c.id == _REF.c.referring_worker_id))
                 .where(_REF.c.id == bindparam("rid")))
#: The patient's coverages with their plans, newest first (effective date descending).
_COVERAGE_ROWS = (coverage_summaries_select().where(COVERAGE_ROW.c.patient_id == bindparam("pid"))
                  .order_by(COVERAGE_ROW.c.effective_date.desc()))
_CODES_AT, _REFERRER_AT, _UTIL_AT = (_REF.keys.index(k) for k in
                                     ("diagnosis_codes", "referring_worker_id", "utilization_flags"))


def _queue_entry(row: Any, today: dt.date) -> dict[str, Any]:
    """A queue entry (every referral column, ``patient``, ``case_id``) from one ``_QUEUE`` row."""
    n = _REF.width
    out = _REF.as_dict(row)
    (pid, given, family, birth_iso, birth, sex, phone, language, line, city, state, postal,
     pcp_id) = row[n:n + 13]
    age = today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))
    out["patient"] = {"patient_id": pid, "name": f"{given} {family}", "given_name": given, "family_name": family,
                      "birth_date": birth_iso, "age": age, "sex": sex, "phone": phone,
                      "preferred_language": language,
                      "address": {"line": line, "city": city, "state": state, "postal_code": postal},
                      "pcp": worker_card_of(row[n + 14:n + 22]) if pcp_id else None}
    out["case_id"] = row[n + 13]
    return out


def list_referral_queue(world: World, *, acting_as: str, status: str | None = None) -> list[dict[str, Any]]:
    """Inbound CM referrals with patient demographics, most pressing first (suggested priority
    urgent > high > standard, then risk score descending, then referral date, then id).
    ``status`` ∈ queued | accepted | declined filters. Each: every referral column plus ``patient``
    {patient_id, name, birth_date, age, sex, phone, preferred_language, address, pcp} and ``case_id``
    (set once a case is open). Errors: ``unknown_actor``, ``not_authorized``, ``invalid_input``.
    """
    with world.read() as s:
        cm_read_actor(s, acting_as, "read the referral queue")
        if status is None:
            found = s.execute(_QUEUE)
        else:
            found = s.execute(_QUEUE_BY_STATUS, {"status": v.one_of(status, ReferralStatus, "status")})
        # a total order (the id is unique); ISO dates compare as the dates do
        rows = sorted(found, key=lambda r: (PRIORITY_ORDER[CMPriority(r[_PRIORITY_AT])], -r[_RISK_AT], r[_DATE_AT],
                                            r[_ID_AT]))
        today = world_today(s)
        return [_queue_entry(r, today) for r in rows]


def get_referral(world: World, *, acting_as: str, referral_id: str) -> dict[str, Any]:
    """One referral with demographics and risk flags: ``list_referral_queue``'s entry plus
    ``diagnoses`` [{code, display}], ``risk_flags`` {risk_score 0–100, utilization_flags},
    ``coverages`` (with ``active_on`` today) and ``referring_worker``.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``.
    """
    with world.read() as s:
        cm_read_actor(s, acting_as, "read referrals")
        rid = v.text(referral_id, "referral_id", max_len=48).strip()
        row = s.execute(_REFERRAL_ROW, {"rid": rid}).first()
        if row is None:
            raise NotFound(f"no referral with id '{rid}'", field="referral_id")
        # the queue entry plus the full view (tests/world/apps/cm_referral/test_cm_referral_view.py holds it equal
        # to the view built from ORM objects)
        today = world_today(s)
        out = _queue_entry(row, today)
        n = _REF.width
        out["diagnoses"] = [{"code": c, "display": _icd(c)} for c in row[_CODES_AT]]
        out["risk_flags"] = {"risk_score": row[_RISK_AT], "utilization_flags": list(row[_UTIL_AT])}
        out["coverages"] = [coverage_summary_of(c, on=today)
                            for c in s.execute(_COVERAGE_ROWS, {"pid": out["patient"]["patient_id"]})]
        out["referring_worker"] = worker_card_of(row[n + 22:n + 30]) if row[_REFERRER_AT] else None
        return out


def open_case(world: World, *, acting_as: str, referral_id: str, program: str, priority: str) -> dict[str, Any]:
    """Open the CM case for a queued referral: the case is created ``new`` and moved to
    ``intake_complete`` (two recorded transitions), assigned to the actor; the referral becomes
    ``accepted``. One case per referral.

    ``program`` ∈ chronic_disease | behavioral_health | complex_care | transitions_of_care;
    ``priority`` ∈ urgent | high | standard (the referral's suggestions are advice, not defaults).
    Returns ``{case, referral}``. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``,
    ``invalid_input`` (program/priority with allowed values), ``conflict`` (a case already exists for
    the referral; the referral is not queued).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_intake.open_case") as tx:
        cm_tx_actor(tx, "open a CM case")
        rid = v.text(referral_id, "referral_id", max_len=48).strip()
        prog = v.one_of(program, CMProgram, "program")
        prio = v.one_of(priority, CMPriority, "priority")
        ref = tx.get(CMReferral, rid, what="referral", field="referral_id")
        existing = tx.session.scalar(select(CMCase.id).where(CMCase.referral_id == ref.id))
        if existing:
            raise Conflict(f"referral {ref.id} already has case {existing}", field="referral_id",
                           details={"case_id": existing})
        if str(ref.status) != ReferralStatus.QUEUED:
            raise Conflict(f"referral {ref.id} is '{ref.status}', not queued", field="referral_id")
        case = CMCase(id=tx.new_id("CMC"), referral_id=ref.id, patient_id=ref.patient_id, program=prog,
                      priority=prio, risk_level=None, assigned_to=tx.actor.id, opened_at=tx.now, closed_at=None,
                      disenroll_reason=None, disenroll_note=None)
        move_cm_case(tx, case, CMCaseStatus.NEW, reason=f"referral {ref.id}")
        tx.session.add(case)
        tx.session.flush()
        move_cm_case(tx, case, CMCaseStatus.INTAKE_COMPLETE, reason=f"program {prog}, priority {prio}")
        tx.transition(machines.REFERRAL, ref, ReferralStatus.ACCEPTED, case_id=case.id)
        tx.log(case_id=case.id, entity_id=case.id,
               details={"referral_id": ref.id, "program": str(prog), "priority": str(prio)})
        tx.session.flush()
        return {"case": to_dict(case), "referral": to_dict(ref, exclude=HIDDEN_REFERRAL_FIELDS)}


def disenroll_case(world: World, *, acting_as: str, case_id: str, reason: str, note: str) -> dict[str, Any]:
    """Disenroll a CM case from any non-terminal status (→ ``disenrolled``, terminal; ``closed_at`` set).

    ``reason`` ∈ declined | unreachable | ineligible | moved | deceased | safety_transfer | other;
    ``note`` (required, ≤2,000 chars) documents what happened (e.g. the member's own words, attempts
    made, where a safety concern was transferred). Returns the case.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (reason, note),
    ``illegal_transition`` (already closed or disenrolled).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_intake.disenroll_case") as tx:
        cm_tx_actor(tx, "disenroll a CM case")
        case = get_cm_case(tx.session, case_id)
        why = v.choice(reason, DISENROLL_REASONS, "reason")
        text = v.text(note, "note", max_len=2_000, min_len=5)
        move_cm_case(tx, case, CMCaseStatus.DISENROLLED, reason=f"{why}: {text[:200]}")
        case.closed_at = tx.now
        case.disenroll_reason = why
        case.disenroll_note = text
        tx.log(case_id=case.id, entity_id=case.id, details={"reason": why, "note": text})
        return to_dict(case)
