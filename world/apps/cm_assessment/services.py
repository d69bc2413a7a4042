"""CM assessment services: the four-section assessment (clinical, medication, behavioral health, SDoH).

Lifecycle: ``start_assessment`` (case ``outreach_complete → assessment_in_progress``; needs an
outreach record with ``consent_obtained``); ``save_section`` replaces one section (validated against
that section's model, ``extra="forbid"``), or blocks (``blocked_reason`` → case
``assessment_blocked``, assessment ``blocked``) and, on the next save without a reason, unblocks;
``complete_assessment`` needs all four sections (→ ``assessment_complete``).

Scores are computed by the engine from item answers — a typed total is refused (unknown field):

* PHQ-9 (Kroenke, Spitzer & Williams 2001): nine items 0–3, total 0–27; severity minimal 0–4,
  mild 5–9, moderate 10–14, moderately_severe 15–19, severe 20–27; item 9 > 0 is flagged;
* GAD-7 (Spitzer et al. 2006): seven items 0–3, total 0–21; minimal 0–4, mild 5–9, moderate 10–14,
  severe 15–21;
* AUDIT-C (Bush et al. 1998; Bradley et al. 2007): three items 0–4, total 0–12; positive at ≥4 for
  men and ≥3 for women (≥3 when sex is other/unknown, the more sensitive cut-off);
* Hunger Vital Sign (Hager et al. 2010): two items, often_true | sometimes_true | never_true |
  declined; positive when either item is often_true or sometimes_true.

The actor must be a care manager of ``cm_common.CM_ORG``. Times UTC ISO-8601.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps.cm_assessment.models import CMAssessment
from chibench.world.apps.cm_common import (
    cm_tx_actor,
    get_cm_case,
    move_cm_case,
    parse_model,
    require_cm_status,
)
from chibench.world.apps.cm_outreach.models import OutreachRecord
from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.apps.ehr.models import Patient
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.enums import AssessmentStatus, CMCaseStatus, Sex
from chibench.world.core.errors import Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World

APP = "cm_assessment"
SECTIONS = ("clinical", "medication", "behavioral_health", "sdoh")

Short = Annotated[str, Field(min_length=1, max_length=300)]
Text = Annotated[str, Field(min_length=1, max_length=4_000)]
Item03 = Annotated[int, Field(strict=True, ge=0, le=3)]
Item04 = Annotated[int, Field(strict=True, ge=0, le=4)]
HVSAnswer = Literal["often_true", "sometimes_true", "never_true", "declined"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClinicalSection(_Section):
    conditions_reviewed: list[Short] = Field(min_length=1, max_length=30)
    symptom_summary: Text
    recent_utilization: Text
    functional_status: Literal["independent", "needs_some_assistance", "dependent"]
    pain_score: Annotated[int, Field(strict=True, ge=0, le=10)] | None = None
    clinical_concerns: list[Short] = Field(default_factory=list, max_length=30)
    notes: Text | None = None


class MedicationItem(_Section):
    name: Short
    adherence: Literal["taking_as_prescribed", "taking_differently", "not_taking", "unknown"]
    note: Text | None = None


class MedicationSection(_Section):
    medications: list[MedicationItem] = Field(max_length=60)
    adherence_barriers: list[Short] = Field(default_factory=list, max_length=30)
    cost_concern: bool
    side_effects: list[Short] = Field(default_factory=list, max_length=30)
    reconciliation_notes: Text


class BehavioralHealthSection(_Section):
    phq9_items: list[Item03] = Field(min_length=9, max_length=9)
    gad7_items: list[Item03] = Field(min_length=7, max_length=7)
    auditc_items: list[Item04] | None = Field(None, min_length=3, max_length=3)
    substance_use_notes: Text | None = None
    notes: Text | None = None


class HungerVitalSign(_Section):
    worried_food_would_run_out: HVSAnswer
    food_did_not_last: HVSAnswer


class SdohSection(_Section):
    hunger_vital_sign: HungerVitalSign
    housing: Literal["stable", "at_risk", "unstable", "homeless"]
    transportation_barrier: bool
    utilities_concern: bool
    financial_strain: bool
    social_isolation: bool
    interpersonal_safety_concern: bool
    notes: Text | None = None


SECTION_MODELS: dict[str, type[_Section]] = {"clinical": ClinicalSection, "medication": MedicationSection,
                                             "behavioral_health": BehavioralHealthSection, "sdoh": SdohSection}

PHQ9_BANDS = ((0, 4, "minimal"), (5, 9, "mild"), (10, 14, "moderate"), (15, 19, "moderately_severe"),
              (20, 27, "severe"))
GAD7_BANDS = ((0, 4, "minimal"), (5, 9, "mild"), (10, 14, "moderate"), (15, 21, "severe"))


def band(total: int, bands: tuple[tuple[int, int, str], ...]) -> str:
    for lo, hi, name in bands:
        if lo <= total <= hi:
            return name
    raise ValueError(f"score {total} outside every band")


def phq9(items: list[int]) -> tuple[int, str]:
    total = sum(items)
    return total, band(total, PHQ9_BANDS)


def gad7(items: list[int]) -> tuple[int, str]:
    total = sum(items)
    return total, band(total, GAD7_BANDS)


def auditc(items: list[int], sex: str) -> tuple[int, bool]:
    total = sum(items)
    return total, total >= (4 if sex == Sex.MALE else 3)


def hunger_vital_sign_positive(a: str, b: str) -> bool:
    return a in ("often_true", "sometimes_true") or b in ("often_true", "sometimes_true")


def _computed(section: str, model: _Section, sex: str) -> dict[str, Any]:
    if isinstance(model, BehavioralHealthSection):
        p_total, p_band = phq9(model.phq9_items)
        g_total, g_band = gad7(model.gad7_items)
        out: dict[str, Any] = {"phq9_total": p_total, "phq9_severity": p_band,
                               "phq9_item9_positive": model.phq9_items[8] > 0,
                               "gad7_total": g_total, "gad7_severity": g_band}
        if model.auditc_items is not None:
            a_total, a_pos = auditc(model.auditc_items, sex)
            out.update(auditc_total=a_total, auditc_positive=a_pos)
        return out
    if isinstance(model, SdohSection):
        h = model.hunger_vital_sign
        return {"hunger_vital_sign_positive": hunger_vital_sign_positive(h.worried_food_would_run_out,
                                                                         h.food_did_not_last)}
    return {}


def _assessment(s: Session, case: CMCase) -> CMAssessment:
    a = s.scalar(select(CMAssessment).where(CMAssessment.cm_case_id == case.id))
    if a is None:
        raise NotFound(f"no assessment on {case.id}; start it first", field="case_id")
    return a


def assessment_view(a: CMAssessment) -> dict[str, Any]:
    out = to_dict(a)
    out["sections_saved"] = [s for s in SECTIONS if getattr(a, s) is not None]
    out["sections_missing"] = [s for s in SECTIONS if getattr(a, s) is None]
    return out


def _move(tx: Tx, case: CMCase, a: CMAssessment, case_target: str, asmt_target: str, reason: str | None) -> None:
    move_cm_case(tx, case, case_target, reason=reason)
    tx.transition(machines.ASSESSMENT, a, asmt_target, case_id=case.id, reason=reason)


def start_assessment(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Create the empty four-section assessment (``outreach_complete → assessment_in_progress``).

    Requires the case's latest outreach record to show ``consent_obtained = true`` (documented
    consent to care management before assessment; NCQA CM 4). One assessment per case.
    Returns the assessment with ``sections_saved`` / ``sections_missing``.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``conflict`` (assessment exists; no
    outreach record; consent not obtained), ``illegal_transition`` (case not at outreach_complete).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_assessment.start_assessment") as tx:
        cm_tx_actor(tx, "start an assessment")
        case = get_cm_case(tx.session, case_id)
        existing = tx.session.scalar(select(CMAssessment.id).where(CMAssessment.cm_case_id == case.id))
        if existing:
            raise Conflict(f"assessment {existing} already exists for {case.id}", field="case_id")
        record = tx.session.scalars(select(OutreachRecord).where(OutreachRecord.cm_case_id == case.id)
                                    .order_by(OutreachRecord.recorded_at.desc(), OutreachRecord.id.desc())).first()
        if record is None:
            raise Conflict(f"no outreach record on {case.id}; complete an outreach call first", field="case_id")
        if not record.consent_obtained:
            raise Conflict(f"outreach record {record.id} shows no consent to care management; do not assess "
                           "(re-attempt outreach or disenroll)", field="case_id")
        a = CMAssessment(id=tx.new_id("ASMT"), cm_case_id=case.id, clinical=None, medication=None,
                         behavioral_health=None, sdoh=None, phq9_score=None, gad7_score=None, auditc_score=None,
                         hunger_vital_sign_positive=None, blocked_reason=None, assessor_id=tx.actor.id,
                         started_at=tx.now, completed_at=None)
        move_cm_case(tx, case, CMCaseStatus.ASSESSMENT_IN_PROGRESS, reason=f"consent per {record.id}")
        tx.transition(machines.ASSESSMENT, a, AssessmentStatus.IN_PROGRESS, case_id=case.id)
        tx.session.add(a)
        tx.log(case_id=case.id, entity_id=a.id, details={"outreach_record_id": record.id})
        tx.session.flush()
        return assessment_view(a)


def save_section(world: World, *, acting_as: str, case_id: str, section: str, data: dict[str, Any] | None = None,
                 blocked_reason: str | None = None) -> dict[str, Any]:
    """Replace one assessment section, and/or block or unblock the assessment.

    ``section`` ∈ clinical | medication | behavioral_health | sdoh. ``data`` is that section's object
    (fields below; unknown fields, typed totals and out-of-range items are refused, naming the field):

    * clinical: conditions_reviewed[1–30], symptom_summary, recent_utilization, functional_status
      (independent|needs_some_assistance|dependent), pain_score 0–10?, clinical_concerns[], notes?;
    * medication: medications[{name, adherence (taking_as_prescribed|taking_differently|not_taking|
      unknown), note?}], adherence_barriers[], cost_concern, side_effects[], reconciliation_notes;
    * behavioral_health: phq9_items (9 × 0–3), gad7_items (7 × 0–3), auditc_items (3 × 0–4)?,
      substance_use_notes?, notes?;
    * sdoh: hunger_vital_sign {worried_food_would_run_out, food_did_not_last: often_true|
      sometimes_true|never_true|declined}, housing (stable|at_risk|unstable|homeless),
      transportation_barrier, utilities_concern, financial_strain, social_isolation,
      interpersonal_safety_concern (booleans), notes?.

    The stored section gains ``computed`` (totals, bands, flags); PHQ-9/GAD-7/AUDIT-C totals and the
    Hunger Vital Sign result are also stored on the assessment. ``blocked_reason`` (≤1,000 chars)
    moves an in-progress assessment to blocked (case ``assessment_blocked``); a later call without
    it moves it back (``assessment_in_progress``). ``data`` may be omitted only when blocking.

    Returns the assessment. Errors: ``unknown_actor``, ``not_authorized``, ``not_found`` (case or
    assessment), ``invalid_input`` (``section``, ``data.<field>``, ``blocked_reason``), ``conflict``
    (case not in assessment).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_assessment.save_section") as tx:
        cm_tx_actor(tx, "edit an assessment")
        case = get_cm_case(tx.session, case_id)
        require_cm_status(case, (CMCaseStatus.ASSESSMENT_IN_PROGRESS, CMCaseStatus.ASSESSMENT_BLOCKED),
                          "edit the assessment")
        a = _assessment(tx.session, case)
        name = v.choice(section, SECTIONS, "section")
        reason = v.text(blocked_reason, "blocked_reason", required=False, max_len=1_000) or None
        if data is None and reason is None:
            raise InvalidInput("section data is required (it may be omitted only when blocking)", field="data")
        saved: dict[str, Any] | None = None
        if data is not None:
            patient = tx.session.get(Patient, case.patient_id)
            assert patient is not None
            model = parse_model(SECTION_MODELS[name], data, "data")
            computed = _computed(name, model, str(patient.sex))
            saved = {**model.model_dump(mode="json"), "computed": computed}
            setattr(a, name, saved)
            if name == "behavioral_health":
                a.phq9_score, a.gad7_score = computed["phq9_total"], computed["gad7_total"]
                a.auditc_score = computed.get("auditc_total")
            elif name == "sdoh":
                a.hunger_vital_sign_positive = computed["hunger_vital_sign_positive"]
        if reason is not None:
            if str(case.status) == CMCaseStatus.ASSESSMENT_IN_PROGRESS:
                _move(tx, case, a, CMCaseStatus.ASSESSMENT_BLOCKED, AssessmentStatus.BLOCKED, reason)
            a.blocked_reason = reason
        elif str(case.status) == CMCaseStatus.ASSESSMENT_BLOCKED:
            _move(tx, case, a, CMCaseStatus.ASSESSMENT_IN_PROGRESS, AssessmentStatus.IN_PROGRESS, "unblocked")
            a.blocked_reason = None
        tx.log(case_id=case.id, entity_id=a.id,
               details={"section": name, "saved": saved is not None, "blocked_reason": reason,
                        "computed": (saved or {}).get("computed", {})})
        tx.session.flush()
        return assessment_view(a)


def complete_assessment(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Complete the assessment (``assessment_in_progress → assessment_complete``) once all four
    sections are saved. Returns the assessment. Errors: ``unknown_actor``, ``not_authorized``,
    ``not_found``, ``conflict`` (sections missing, listed in ``details.missing_sections``),
    ``illegal_transition`` (blocked, already complete, or case not in assessment).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_assessment.complete_assessment") as tx:
        cm_tx_actor(tx, "complete an assessment")
        case = get_cm_case(tx.session, case_id)
        a = _assessment(tx.session, case)
        missing = [s for s in SECTIONS if getattr(a, s) is None]
        if missing:
            raise Conflict(f"sections not saved yet: {', '.join(missing)}", field="section",
                           details={"missing_sections": missing})
        _move(tx, case, a, CMCaseStatus.ASSESSMENT_COMPLETE, AssessmentStatus.COMPLETE, "all sections saved")
        a.completed_at = tx.now
        tx.log(case_id=case.id, entity_id=a.id,
               details={"phq9": a.phq9_score, "gad7": a.gad7_score, "auditc": a.auditc_score,
                        "hvs_positive": a.hunger_vital_sign_positive})
        return assessment_view(a)
