"""EHR chart services (provider side): patient search, candidate orders, the chart.

All three are reads: they never write and never advance the clock, but they still resolve the
acting worker (unknown ids are refused) and require a provider role (``rules.authority.PROVIDER_STAFF``).
A provider sees only the patients its organization's EHR holds
(:func:`chibench.world.apps.provider_common.visible_patient_ids`).

Times are UTC ISO-8601 (``2026-10-05T14:00:00Z``), dates ``YYYY-MM-DD``. Observation values keep
their UCUM unit (``unit``); codes: ICD-10-CM (conditions), LOINC (observations), CPT/HCPCS
(procedures, order lines).

:func:`chart_payload` is shared with the care-management chart (``cm_chart.services``).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any

from sqlalchemy import String, bindparam, select, type_coerce
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Organization, Plan, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import (
    Allergy,
    Condition,
    Coverage,
    Encounter,
    Medication,
    Observation,
    Patient,
    Procedure,
    ServiceRequest,
)
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.provider_common import (
    COVERAGE_ROW,
    DOC_INDEX,
    PROVIDER_READERS,
    WORKER_CARD_COLUMNS,
    coverage_summaries_select,
    coverage_summary_of,
    display_name,
    doc_summaries,
    doc_summaries_select,
    fit_budget,
    load_patient,
    read_actor,
    visible_patient_ids,
    worker_card,
    worker_card_of,
)
from chibench.world.apps.row_shapes import RowShape
from chibench.world.core import validate as v
from chibench.world.core.db import SimClock
from chibench.world.core.errors import InvalidInput
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

DEFAULT_OBSERVATIONS_PER_CODE = 3
MAX_OBSERVATIONS_PER_CODE = 100
MAX_SEARCH_LIMIT = 100


def _today(s: Session) -> dt.date:
    clock = s.get(SimClock, 1)
    assert clock is not None
    return clock.now.date()


def _age(birth: dt.date, on: dt.date) -> int:
    return on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))


def demographics(s: Session, p: Patient) -> dict[str, Any]:
    out = to_dict(p)
    out["age"] = _age(p.birth_date, _today(s))
    out["pcp"] = worker_card(s.get(Worker, p.pcp_worker_id)) if p.pcp_worker_id else None
    return out


# ------------------------------------------------------------------------------------ search
_PAT = Patient.__table__.c
_SEARCH_PATIENTS = select(_PAT.id, _PAT.given_name, _PAT.family_name, type_coerce(_PAT.birth_date, String),
                          _PAT.birth_date, type_coerce(_PAT.sex, String), _PAT.city, _PAT.state, _PAT.phone
                          ).where(_PAT.id.in_(bindparam("ids", expanding=True)))
_COV = Coverage.__table__.c
_PLAN = Plan.__table__.c
_SEARCH_COVERAGES = (select(_COV.patient_id, _COV.member_id, _COV.plan_id, _PLAN.name, type_coerce(_COV.status, String))
                     .select_from(Coverage.__table__.outerjoin(Plan.__table__, _PLAN.id == _COV.plan_id))
                     .where(_COV.patient_id.in_(bindparam("ids", expanding=True)))
                     .order_by(_COV.effective_date))
def search_patients(world: World, *, acting_as: str, query: str, birth_date: str | None = None,
                    limit: int = 25) -> list[dict[str, Any]]:
    """Find patients in the actor's organization by name or member-id fragment.

    ``query``: 2–100 characters; every whitespace-separated token must match (case-insensitive
    substring) the given name, family name, patient id or one of the patient's member ids.
    ``birth_date`` (``YYYY-MM-DD``) narrows to one date of birth. ``limit`` 1–100 (default 25).

    Returns ``[{patient_id, given_name, family_name, birth_date, sex, city, state, phone,
    coverages: [{member_id, plan_id, plan_name, status}]}]`` sorted by family, given name, id.
    Errors: ``unknown_actor``; ``not_authorized`` (not provider staff); ``invalid_input``
    (``query`` too short/long, bad ``birth_date`` or ``limit``).
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "search the patient chart")
        q = v.text(query, "query", max_len=100, min_len=2).strip().lower()
        dob = v.iso_date(birth_date, "birth_date") if birth_date is not None else None
        n = v.integer(limit, "limit", lo=1, hi=MAX_SEARCH_LIMIT)
        ids = sorted(set(s.execute(visible_patient_ids(actor.org_id)).scalars()))
        tokens = q.split()
        # every visible patient's coverages in one statement, oldest first per patient (SQLite's sort keeps each
        # patient's ties in the order of a per-patient query: the table's row order)
        covs_of: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for pid, member_id, plan_id, plan_name, status in s.execute(_SEARCH_COVERAGES, {"ids": ids}).all():
            covs_of[pid].append({"member_id": member_id, "plan_id": plan_id, "plan_name": plan_name, "status": status})
        rows: list[dict[str, Any]] = []
        for pid, given, family, birth_iso, birth, sex, city, state, phone in s.execute(_SEARCH_PATIENTS,
                                                                                         {"ids": ids}).all():
            covs = covs_of.get(pid, [])
            hay = [given.lower(), family.lower(), pid.lower(), *(c["member_id"].lower() for c in covs)]
            if dob is not None and birth != dob:
                continue
            if all(any(t in h for h in hay) for t in tokens):
                rows.append({
                    "patient_id": pid, "given_name": given, "family_name": family, "birth_date": birth_iso,
                    "sex": sex, "city": city, "state": state, "phone": phone, "coverages": covs,
                })
        rows.sort(key=lambda r: (r["family_name"], r["given_name"], r["patient_id"]))
        return rows[:n]


_ORDER = RowShape(ServiceRequest)
_ORG = Organization.__table__.c
#: A patient's orders, newest first, with the ordering organization's name and the ordering provider's card.
_ORDERS_OF_PATIENT = (select(*_ORDER.columns, _ORG.id, _ORG.name, *WORKER_CARD_COLUMNS)
                      .select_from(_ORDER.table
                                   .outerjoin(Organization.__table__, _ORG.id == _ORDER.c.org_id)
                                   .outerjoin(Worker.__table__, Worker.__table__.c.id == _ORDER.c.ordering_worker_id))
                      .where(_ORDER.c.patient_id == bindparam("pid"))
                      .order_by(_ORDER.c.date.desc(), _ORDER.c.id.desc()))
_PC = PACase.__table__.c
_CASES_OF_ORDERS = (select(_PC.order_id, _PC.id, type_coerce(_PC.status, String))
                    .where(_PC.order_id.in_(bindparam("ids", expanding=True))).order_by(_PC.id))


def list_candidate_orders(world: World, *, acting_as: str, patient_id: str) -> list[dict[str, Any]]:
    """Service-request orders on the patient's chart, newest first (order date, then id, descending).

    Each order: every ``ServiceRequest`` column (lines ``[{system, code, display, units, modifier}]``,
    ICD-10-CM ``diagnosis_codes``, ``priority`` standard|expedited, CMS place of service, dates), plus
    ``ordering_provider`` (id, name, role, NPI), ``org_name`` and ``cases`` (PA cases already opened
    from it: ``[{case_id, status}]``). Errors: ``unknown_actor``, ``not_authorized``, ``not_found``
    (patient unknown to the actor's organization).
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "list a patient's orders")
        p = load_patient(s, patient_id, actor)
        n = _ORDER.width
        orders = s.execute(_ORDERS_OF_PATIENT, {"pid": p.id}).all()
        cases: dict[str, list[dict[str, Any]]] = defaultdict(list)
        if orders:
            for order_id, case_id, status in s.execute(_CASES_OF_ORDERS, {"ids": [o[0] for o in orders]}).all():
                cases[order_id].append({"case_id": case_id, "status": status})
        out = []
        for o in orders:
            d = _ORDER.as_dict(o)
            d["org_name"] = o[n + 1] if o[n] is not None else None
            d["ordering_provider"] = worker_card_of(o[n + 2:n + 10])
            d["cases"] = cases.get(d["id"], [])
            out.append(d)
        return out


# ------------------------------------------------------------------------------------- chart
# Each chart section is one Core statement, built once here and bound per call (``pid``, the patient), read
# as plain dicts (``row_shapes``): equal to ``to_dict`` of the ORM rows, without building the objects.
_OBS = RowShape(Observation, exclude=("patient_id",))
_ENC = RowShape(Encounter, exclude=("patient_id",))
_W = Worker.__table__.c
#: Encounters with their provider's name parts (worker id None: no such worker).
_ENC_OF_PATIENT = (select(*_ENC.columns, _W.id, _W.given_name, _W.family_name, _W.credentials)
                   .select_from(_ENC.table.outerjoin(Worker.__table__, _ENC.c.provider_worker_id == _W.id))
                   .where(_ENC.c.patient_id == bindparam("pid"))
                   .order_by(_ENC.c.date.desc(), _ENC.c.id.desc()))
_COND = RowShape(Condition, exclude=("patient_id",))
#: Active first, then the latest onset, then id (a total order: the same as sorting in Python by code point).
_COND_OF_PATIENT = (select(*_COND.columns).where(_COND.c.patient_id == bindparam("pid"))
                    .order_by(_COND.c.status != "active", _COND.c.onset.desc(), _COND.c.id))
_MED = RowShape(Medication, exclude=("patient_id",))
_MED_OF_PATIENT = (select(*_MED.columns).where(_MED.c.patient_id == bindparam("pid"))
                   .order_by(_MED.c.status != "active", _MED.c.start.desc(), _MED.c.id))
_PROC = RowShape(Procedure, exclude=("patient_id",))
_PROC_OF_PATIENT = (select(*_PROC.columns).where(_PROC.c.patient_id == bindparam("pid"))
                    .order_by(_PROC.c.date.desc(), _PROC.c.id))
_ALG = RowShape(Allergy, exclude=("patient_id",))
_ALG_OF_PATIENT = (select(*_ALG.columns).where(_ALG.c.patient_id == bindparam("pid"))
                   .order_by(_ALG.c.recorded.desc(), _ALG.c.id))
_DOCS_OF_PATIENT = (doc_summaries_select()
                    .where(DOC_INDEX.c.patient_id == bindparam("pid"),
                           DOC_INDEX.c.side.in_(bindparam("sides", expanding=True)))
                    .order_by(DOC_INDEX.c.date.desc(), DOC_INDEX.c.id.desc()))
_COVS_OF_PATIENT = (coverage_summaries_select().where(COVERAGE_ROW.c.patient_id == bindparam("pid"))
                    .order_by(COVERAGE_ROW.c.effective_date.desc()))
_CASES = PACase.__table__.c
_CASES_OF_PATIENT = (select(_CASES.id, type_coerce(_CASES.status, String), _CASES.order_id,
                            type_coerce(_CASES.urgency, String), type_coerce(_CASES.created_at, String),
                            _CASES.authorization_number, type_coerce(_CASES.auth_valid_from, String),
                            type_coerce(_CASES.auth_valid_to, String), _CASES.outcome_reason)
                     .where(_CASES.patient_id == bindparam("pid")).order_by(_CASES.created_at.desc()))
_ORDERS = ServiceRequest.__table__.c
_ORDER_ORGS = select(_ORDERS.id, _ORDERS.org_id).where(_ORDERS.id.in_(bindparam("ids", expanding=True)))
_LINES = PALine.__table__.c
_LINE_CODES = (select(_LINES.case_id, _LINES.code).where(_LINES.case_id.in_(bindparam("ids", expanding=True)))
               .order_by(_LINES.case_id, _LINES.line_number))


# Observations are the chart's longest list (≈ 60–140 rows a member) and only the latest few per LOINC code are
# returned: the choice is made over four narrow columns of every row, and only the chosen rows are read in full
# (SQLite's window functions, tried first, cost more than that on the same data).
_OBS_KEYS = (select(_OBS.c.id, _OBS.c.loinc, _OBS.c.display, type_coerce(_OBS.c.date, String))
             .where(_OBS.c.patient_id == bindparam("pid")).order_by(_OBS.c.date.desc(), _OBS.c.id.desc()))
_OBS_BY_IDS = (select(*_OBS.columns).where(_OBS.c.id.in_(bindparam("ids", expanding=True)))
               .order_by(_OBS.c.date.desc(), _OBS.c.id.desc()))


def _observations(s: Session, patient_id: str, *, per_code: int, since: dt.date | None, until: dt.date | None,
                  loinc_codes: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``(rows, meta)``: the latest ``per_code`` observations of each LOINC code within the window and codes
    (newest first: date, then id, descending) and ``observations_meta`` (totals and every code's index entry,
    by code)."""
    keys = s.execute(_OBS_KEYS, {"pid": patient_id}).all()
    index: dict[str, dict[str, Any]] = {}
    for _id, loinc, display, date in keys:  # newest first: a code's first row is its latest, its last the earliest
        e = index.get(loinc)
        if e is None:
            e = index[loinc] = {"loinc": loinc, "display": display, "count": 0, "latest_date": date,
                                "earliest_date": date}
        e["count"] += 1
        e["earliest_date"] = date
    lo = since.isoformat() if since is not None else None  # ISO dates compare as the dates do
    hi = until.isoformat() if until is not None else None
    matched = [k for k in keys
               if (lo is None or k[3] >= lo) and (hi is None or k[3] <= hi) and (not loinc_codes or k[1] in loinc_codes)]
    taken: dict[str, int] = defaultdict(int)
    chosen = []
    for k in matched:
        if taken[k[1]] < per_code:
            taken[k[1]] += 1
            chosen.append(k[0])
    rows = _OBS.dicts(s.execute(_OBS_BY_IDS, {"ids": chosen}).all()) if chosen else []
    meta = {"total_in_chart": len(keys), "matched": len(matched), "returned": len(rows),
            "per_code": per_code, "since": lo, "until": hi, "loinc_codes": list(loinc_codes),
            "codes": sorted(index.values(), key=lambda e: e["loinc"])}
    return rows, meta


def _encounters(s: Session, patient_id: str) -> list[dict[str, Any]]:
    n = _ENC.width
    out = []
    for r in s.execute(_ENC_OF_PATIENT, {"pid": patient_id}).all():
        d = _ENC.as_dict(r)
        d["provider_name"] = display_name(r[n + 1], r[n + 2], r[n + 3]) if r[n] is not None else None
        out.append(d)
    return out


def _prior_pa_cases(s: Session, patient_id: str, org_id: str) -> list[dict[str, Any]]:
    """The patient's PA cases opened from orders of ``org_id``, newest first, with their line codes."""
    cases = s.execute(_CASES_OF_PATIENT, {"pid": patient_id}).all()
    if not cases:
        return []
    org_of = dict(s.execute(_ORDER_ORGS, {"ids": sorted({c[2] for c in cases})}).tuples().all())
    mine = [c for c in cases if org_of.get(c[2]) == org_id]
    codes: dict[str, list[str]] = defaultdict(list)
    if mine:
        for case_id, code in s.execute(_LINE_CODES, {"ids": [c[0] for c in mine]}):
            codes[case_id].append(code)
    return [{"case_id": cid, "status": status, "order_id": order_id, "codes": codes[cid], "urgency": urgency,
             "created_at": created_at, "authorization_number": auth_no, "auth_valid_from": valid_from,
             "auth_valid_to": valid_to, "outcome_reason": reason}
            for cid, status, order_id, urgency, created_at, auth_no, valid_from, valid_to, reason in mine]


def chart_payload(s: Session, p: Patient, *, document_sides: tuple[str, ...], per_code: int,
                  since: dt.date | None, until: dt.date | None, loinc_codes: list[str],
                  pa_cases_org: str | None) -> dict[str, Any]:
    """The chart slice as one dict, newest first everywhere, fitted under the result budget.

    ``document_sides``: which vaults' documents to index (provider: ``("provider",)``).
    ``pa_cases_org``: list the patient's PA cases opened by this organization (None: no PA section).
    One statement per section; every value is plain JSON already (``fit_budget(already_plain=True)``).
    """
    today = _today(s)
    pid = {"pid": p.id}
    obs, obs_meta = _observations(s, p.id, per_code=per_code, since=since, until=until, loinc_codes=loinc_codes)
    out: dict[str, Any] = {
        "as_of": today.isoformat(),
        "patient": demographics(s, p),
        "coverages": [coverage_summary_of(r, on=today) for r in s.execute(_COVS_OF_PATIENT, pid)],
        "conditions": _COND.dicts(s.execute(_COND_OF_PATIENT, pid).all()),
        "encounters": _encounters(s, p.id),
        "observations": obs,
        "observations_meta": obs_meta,
        "medications": _MED.dicts(s.execute(_MED_OF_PATIENT, pid).all()),
        "procedures": _PROC.dicts(s.execute(_PROC_OF_PATIENT, pid).all()),
        "allergies": _ALG.dicts(s.execute(_ALG_OF_PATIENT, pid).all()),
        "documents": doc_summaries(s.execute(_DOCS_OF_PATIENT, {"pid": p.id, "sides": list(document_sides)}).all()),
    }
    if pa_cases_org is not None:
        out["prior_pa_cases"] = _prior_pa_cases(s, p.id, pa_cases_org)
    return fit_budget(out, ["observations", "encounters", "documents", "procedures"], already_plain=True)


def chart_params(observations_per_code: Any, observations_since: Any, observations_until: Any,
                 loinc_codes: Any) -> tuple[int, dt.date | None, dt.date | None, list[str]]:
    per = v.integer(observations_per_code, "observations_per_code", lo=1, hi=MAX_OBSERVATIONS_PER_CODE)
    since = v.iso_date(observations_since, "observations_since") if observations_since is not None else None
    until = v.iso_date(observations_until, "observations_until") if observations_until is not None else None
    if since and until and since > until:
        raise InvalidInput("observations_since is after observations_until", field="observations_since")
    codes = v.str_list(loinc_codes, "loinc_codes", max_len=10)
    return per, since, until, codes


def get_patient_chart(world: World, *, acting_as: str, patient_id: str,
                      observations_per_code: int = DEFAULT_OBSERVATIONS_PER_CODE,
                      observations_since: str | None = None, observations_until: str | None = None,
                      loinc_codes: list[str] | None = None) -> dict[str, Any]:
    """The patient's chart as the actor's organization holds it.

    Sections (lists newest first): ``patient`` (demographics, age on the world's date, PCP),
    ``coverages`` (plan, line of business, ``active_on`` today), ``conditions`` (ICD-10-CM, active
    first), ``encounters``, ``observations`` (LOINC, value + UCUM unit), ``medications`` (active first),
    ``procedures``, ``allergies``, ``documents`` (provider-side index only, no bodies — read one with
    ``docs_get_document``) and ``prior_pa_cases`` (cases opened by the actor's organization).

    Observations are paginated so one result stays under 100,000 characters: the latest
    ``observations_per_code`` values (1–100, default 3) of each LOINC code, optionally restricted to
    ``loinc_codes`` and to the window ``observations_since``…``observations_until`` (inclusive dates).
    ``observations_meta.codes`` lists every code in the chart with its count and date range, so the
    caller can ask for more of one code. If the chart still exceeds the budget, the oldest entries
    are dropped and ``truncated`` says how many.

    Errors: ``unknown_actor``, ``not_authorized``, ``not_found`` (patient not in the actor's EHR),
    ``invalid_input`` (bad pagination arguments).
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "read the patient chart")
        p = load_patient(s, patient_id, actor)
        per, since, until, codes = chart_params(observations_per_code, observations_since, observations_until,
                                                loinc_codes)
        return chart_payload(s, p, document_sides=("provider",), per_code=per, since=since, until=until,
                             loinc_codes=codes, pa_cases_org=actor.org_id)


# ------------------------------------------------------------------------------ clinician writes
# Clinicians' own chart actions. Agents never act as clinicians (their identities are coordinators,
# reviewers and care managers); overlays use these to replay what an ordering physician did.

ORDER_PRIORITIES = ("standard", "expedited")


def revise_order(world: World, *, acting_as: str, order_id: str, lines: list[dict[str, Any]],
                 diagnosis_codes: list[str], site_of_service: str, requested_date: str, priority: str,
                 reason: str) -> dict[str, Any]:
    """The ordering clinician replaces an active order with a revised one (new id, same patient).

    ``lines``: ``[{system: CPT|HCPCS|ICD-10-PCS, code, display, units ≥ 1, modifier?}]`` (1–20);
    ``diagnosis_codes``: billable ICD-10-CM codes (1–12); ``site_of_service``: CMS POS code;
    ``requested_date`` ``YYYY-MM-DD`` not before today; ``priority`` standard | expedited.
    The old order becomes ``revoked``; the new one is dated today. Only the clinician who wrote the
    order may revise it. Returns the new order row. Errors: ``unknown_actor``, ``not_authorized``,
    ``not_found``, ``conflict`` (order not active), ``invalid_input`` (field named).
    """
    from chibench.world.core.codes import is_billable_icd10cm
    from chibench.world.core.enums import CodeSystem, PlaceOfService
    from chibench.world.core.errors import AuthorityError, Conflict
    from chibench.world.rules.channels import PROC_CODE

    with world.write(acting_as=acting_as, app="ehr", action="chart.revise_order") as tx:
        old = tx.get(ServiceRequest, v.text(order_id, "order_id", max_len=48), what="order", field="order_id")
        if tx.actor.id != old.ordering_worker_id:
            raise AuthorityError("only the ordering clinician may revise this order", field="acting_as")
        if old.status != "active":
            raise Conflict(f"order {old.id} is '{old.status}'", field="order_id")
        if not isinstance(lines, list) or not 1 <= len(lines) <= 20:
            raise InvalidInput("1–20 lines are required", field="lines")
        clean = []
        for i, ln in enumerate(lines):
            if not isinstance(ln, dict):
                raise InvalidInput("each line is an object", field=f"lines[{i}]")
            v.no_unknown_keys(ln, ("system", "code", "display", "units", "modifier"), f"lines[{i}]")
            system = v.one_of(ln.get("system"), CodeSystem, f"lines[{i}].system")
            code = v.text(ln.get("code"), f"lines[{i}].code", max_len=8)
            if system is not CodeSystem.ICD10PCS and not PROC_CODE.match(code):
                raise InvalidInput(f"'{code}' is not a CPT/HCPCS code", field=f"lines[{i}].code")
            clean.append({"system": str(system), "code": code,
                          "display": v.text(ln.get("display"), f"lines[{i}].display", max_len=300),
                          "units": v.integer(ln.get("units", 1), f"lines[{i}].units", lo=1, hi=999),
                          "modifier": ln.get("modifier")})
        dx = v.str_list(diagnosis_codes, "diagnosis_codes", required=True, max_items=12, max_len=8)
        bad = [d for d in dx if not is_billable_icd10cm(d)]
        if bad:
            raise InvalidInput(f"not billable ICD-10-CM codes: {bad}", field="diagnosis_codes")
        pos = v.one_of(site_of_service, PlaceOfService, "site_of_service")
        when = v.iso_date(requested_date, "requested_date")
        if when < tx.now.date():
            raise InvalidInput("requested_date is in the past", field="requested_date")
        prio = v.choice(priority, ORDER_PRIORITIES, "priority")
        why = v.text(reason, "reason", max_len=2_000)
        new = ServiceRequest(id=f"{old.id}-R{tx.new_id('REV').split('-')[1]}", patient_id=old.patient_id,
                             date=tx.now.date(), ordering_worker_id=old.ordering_worker_id, org_id=old.org_id,
                             servicing_org_id=old.servicing_org_id, service_slug=old.service_slug,
                             service_category=old.service_category, lines=clean, diagnosis_codes=dx, priority=prio,
                             site_of_service=pos, requested_date=when,
                             clinical_indication=old.clinical_indication, status="active",
                             units_total=sum(int(x["units"]) for x in clean))
        old.status = "revoked"
        tx.session.add(new)
        tx.log(entity_id=new.id, details={"revises": old.id, "reason": why})
        tx.session.flush()
        return to_dict(new)


def author_document(world: World, *, acting_as: str, patient_id: str, kind: str, title: str, body: str, date: str,
                    case_id: str | None = None, sign: bool = True) -> dict[str, Any]:
    """A clinician writes (and by default signs) a clinical document in the patient's record.

    ``date`` is the date of service (``YYYY-MM-DD``, not in the future); the document is created now.
    ``case_id`` optionally files it on a PA case of the same patient (an outside record sent for it).
    Clinicians of any organization may author (outside records: imaging centres, consultants).
    Errors: ``unknown_actor``, ``not_authorized`` (not a clinician), ``not_found``,
    ``invalid_input`` (kind not clinical, empty title/body, future date).
    """
    from chibench.world.core.enums import PROVIDER_SUBMITTABLE_KINDS, DocumentKind
    from chibench.world.core.errors import AuthorityError
    from chibench.world.rules.authority import CLINICIANS

    with world.write(acting_as=acting_as, app="ehr", action="chart.author_document") as tx:
        if tx.actor.role not in CLINICIANS:
            raise AuthorityError("only clinicians author clinical documents", field="acting_as", allowed=CLINICIANS)
        patient = tx.get(Patient, v.text(patient_id, "patient_id", max_len=48), what="patient", field="patient_id")
        k = DocumentKind(v.choice(kind, sorted(str(x) for x in PROVIDER_SUBMITTABLE_KINDS), "kind"))
        when = v.iso_date(date, "date")
        if when > tx.now.date():
            raise InvalidInput("date of service is in the future", field="date")
        if case_id is not None:
            case = tx.get(PACase, v.text(case_id, "case_id", max_len=48), what="case", field="case_id")
            if case.patient_id != patient.id:
                raise InvalidInput(f"case {case.id} belongs to another patient", field="case_id")
        signed = v.boolean(sign, "sign")
        doc = Document(id=tx.new_id("DOC", 5), patient_id=patient.id, case_id=case_id, encounter_id=None, kind=k,
                       title=v.text(title, "title", max_len=300), body=v.text(body, "body", min_len=20),
                       date=when, author_worker_id=tx.actor.id, signed=signed,
                       signed_by=tx.actor.id if signed else None, signed_at=tx.now if signed else None,
                       origin="clinical", side="provider", created_at=tx.now, details={})
        tx.session.add(doc)
        tx.log(case_id=case_id, entity_id=doc.id, details={"kind": str(k), "signed": signed})
        tx.session.flush()
        return to_dict(doc)
