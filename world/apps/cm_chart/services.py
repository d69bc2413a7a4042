"""CM chart services: the member's clinical chart and the care manager's structured chart review.

``get_chart_data`` is a read (shared chart assembly with the EHR: ``ehr.services.chart_payload``);
``submit_chart_review`` is the ``intake_complete → chart_reviewed`` handoff (one per case, not
amendable). The actor must be a care manager of ``cm_common.CM_ORG``.
Times UTC ISO-8601; dates ``YYYY-MM-DD``; codes ICD-10-CM / LOINC / CPT-HCPCS.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from chibench.world.apps.cm_chart.models import CMChartReview
from chibench.world.apps.cm_common import (
    cm_read_actor,
    cm_tx_actor,
    get_cm_case,
    move_cm_case,
)
from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.apps.cm_referral.services import HIDDEN_REFERRAL_FIELDS
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Allergy, Condition, Encounter, Medication, Observation, Patient, Procedure
from chibench.world.apps.ehr.services import DEFAULT_OBSERVATIONS_PER_CODE, chart_params, chart_payload
from chibench.world.apps.row_shapes import RowShape
from chibench.world.core import validate as v
from chibench.world.core.enums import CMCaseStatus, RiskLevel
from chibench.world.core.errors import Conflict, InvalidInput
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

APP = "cm_chart"
#: Chart record types a review may cite, and the models holding them.
EVIDENCE_MODELS: dict[str, Any] = {"encounter": Encounter, "condition": Condition, "observation": Observation,
                                   "medication": Medication, "procedure": Procedure, "allergy": Allergy,
                                   "document": Document}
CM_DOCUMENT_SIDES = ("provider", "cm")
MAX_ITEMS = 30


_REF = RowShape(CMReferral, exclude=HIDDEN_REFERRAL_FIELDS)
_REFERRAL = select(*_REF.columns).where(_REF.c.id == bindparam("rid"))


def _case_header(s: Session, case: CMCase) -> dict[str, Any]:
    ref = s.execute(_REFERRAL, {"rid": case.referral_id}).first()
    return {"case": to_dict(case), "referral": _REF.as_dict(ref) if ref is not None else None}


def get_chart_data(world: World, *, acting_as: str, case_id: str,
                   observations_per_code: int = DEFAULT_OBSERVATIONS_PER_CODE, observations_since: str | None = None,
                   observations_until: str | None = None, loinc_codes: list[str] | None = None,
                   document_ids: list[str] | None = None) -> dict[str, Any]:
    """The member's chart for a CM case: ``case``, ``referral`` and the chart sections of
    ``chart_get_patient_chart`` (patient, coverages, conditions, encounters, observations = labs
    and vitals, medications, procedures, allergies, documents index from the clinical and CM vaults),
    paginated the same way (latest ``observations_per_code`` per LOINC code, optional date window and
    code filter; the result stays under 100,000 characters). Cite record ids from here as evidence.
    ``document_ids`` (≤ 5 ids from the documents index) adds ``document_bodies``: the full text of those
    clinical or CM documents of this member (the index itself carries no bodies).
    The result holds JSON types only (``serialize.json_plain`` would return an equal copy): the tool binding
    relies on it to fit the result to the budget without copying it.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (pagination,
    a document id that is not this member's).
    """
    with world.read() as s:
        cm_read_actor(s, acting_as, "read a member's chart")
        case = get_cm_case(s, case_id)
        per, since, until, codes = chart_params(observations_per_code, observations_since, observations_until,
                                                loinc_codes)
        p = s.get(Patient, case.patient_id)
        assert p is not None
        chart = chart_payload(s, p, document_sides=CM_DOCUMENT_SIDES, per_code=per, since=since, until=until,
                              loinc_codes=codes, pa_cases_org=None)
        wanted = v.str_list(document_ids, "document_ids", max_items=5, max_len=48)
        bodies = []
        for i, did in enumerate(wanted):
            doc = s.get(Document, did)
            if doc is None or doc.patient_id != p.id or doc.side not in CM_DOCUMENT_SIDES:
                raise InvalidInput(f"'{did}' is not a document in this member's chart", field=f"document_ids[{i}]")
            bodies.append({"id": doc.id, "kind": str(doc.kind), "title": doc.title, "date": doc.date.isoformat(),
                           "author_worker_id": doc.author_worker_id, "signed": doc.signed, "body": doc.body})
        out = {**_case_header(s, case), **chart}
        if wanted:
            out["document_bodies"] = bodies
        return out


def _evidence(s: Session, patient_id: str, ids: list[str]) -> list[dict[str, str]]:
    out = []
    for i, rid in enumerate(ids):
        found = None
        for kind, model in EVIDENCE_MODELS.items():
            row = s.get(model, rid)
            if row is not None and row.patient_id == patient_id and (
                    kind != "document" or row.side in CM_DOCUMENT_SIDES):
                found = kind
                break
        if found is None:
            raise InvalidInput(f"'{rid}' is not a record in this member's chart", field=f"evidence_ids[{i}]")
        out.append({"id": rid, "type": found})
    return out


def submit_chart_review(world: World, *, acting_as: str, case_id: str, primary_concerns: list[str],
                        coordination_risks: list[str], suspected_barriers: list[str], preliminary_risk_level: str,
                        key_findings: str, clarification_needed: list[str], evidence_ids: list[str]
                        ) -> dict[str, Any]:
    """Record the structured chart review (``intake_complete → chart_reviewed``); one per case.

    ``primary_concerns`` (1–30 items), ``coordination_risks``, ``suspected_barriers``,
    ``clarification_needed`` (0–30 items each; ≤300 chars an item); ``preliminary_risk_level`` ∈
    high | moderate | low (also set on the case); ``key_findings`` (20–5,000 chars);
    ``evidence_ids`` (1–30): ids of chart records of this member (encounters, conditions,
    observations, medications, procedures, allergies, documents) the review relies on.

    Returns the review. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``,
    ``invalid_input`` (field named; an evidence id not in the chart), ``conflict`` (a review already
    exists — handoffs are not amendable), ``illegal_transition`` (case not at intake_complete).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_chart.submit_chart_review") as tx:
        cm_tx_actor(tx, "submit a chart review")
        case = get_cm_case(tx.session, case_id)
        prior = tx.session.scalar(select(CMChartReview.id).where(CMChartReview.cm_case_id == case.id))
        if prior:
            raise Conflict(f"chart review {prior} was already submitted for {case.id}; it cannot be amended",
                           field="case_id")
        concerns = v.str_list(primary_concerns, "primary_concerns", required=True, max_items=MAX_ITEMS)
        risks = v.str_list(coordination_risks, "coordination_risks", max_items=MAX_ITEMS)
        barriers = v.str_list(suspected_barriers, "suspected_barriers", max_items=MAX_ITEMS)
        clarify = v.str_list(clarification_needed, "clarification_needed", max_items=MAX_ITEMS)
        for name, items in (("primary_concerns", concerns), ("coordination_risks", risks),
                            ("suspected_barriers", barriers), ("clarification_needed", clarify)):
            if any(not x.strip() for x in items):
                raise InvalidInput("items must be non-empty text", field=name)
        level = v.one_of(preliminary_risk_level, RiskLevel, "preliminary_risk_level")
        findings = v.text(key_findings, "key_findings", max_len=5_000, min_len=20)
        ids = v.str_list(evidence_ids, "evidence_ids", required=True, max_items=MAX_ITEMS, max_len=48)
        evidence = _evidence(tx.session, case.patient_id, ids)
        move_cm_case(tx, case, CMCaseStatus.CHART_REVIEWED, reason=f"preliminary risk {level}")
        case.risk_level = level
        review = CMChartReview(id=tx.new_id("CMR"), cm_case_id=case.id, reviewer_id=tx.actor.id,
                               primary_concerns=concerns, coordination_risks=risks, suspected_barriers=barriers,
                               preliminary_risk_level=level, key_findings=findings, clarification_needed=clarify,
                               evidence=evidence, submitted_at=tx.now)
        tx.session.add(review)
        tx.log(case_id=case.id, entity_id=review.id,
               details={"risk_level": str(level), "evidence": ids, "concerns": len(concerns)})
        tx.session.flush()
        return to_dict(review)
