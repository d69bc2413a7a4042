"""Result shapes of the cm tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 16 in all,
declared by the handlers in ``bindings_cm.py``; records other roles return too are in
``outputs_shared.py``. How the shapes are written, tested and served: :mod:`chibench.world.tools.outputs`.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from . import outputs_shared as shared
from .outputs import JsonValue, Page, Result, SectionPaged


class ClinicalBase(TypedDict):
    clinical_concerns: list[str | None]
    computed: dict[str, JsonValue] | None
    conditions_reviewed: list[str | None]
    functional_status: str | None
    notes: str | None
    pain_score: int | None
    recent_utilization: str | None
    symptom_summary: str | None


class MedicationEntry(TypedDict):
    adherence: str | None
    name: str | None
    note: str | None


class MedicationReview(TypedDict):
    adherence_barriers: list[str | None]
    computed: dict[str, JsonValue] | None
    cost_concern: bool | None
    medications: list[MedicationEntry | None]
    reconciliation_notes: str | None
    side_effects: list[JsonValue]


class ComputedBase(TypedDict):
    gad7_severity: str | None
    gad7_total: int | None
    phq9_item9_positive: bool | None
    phq9_severity: str | None
    phq9_total: int | None
    auditc_positive: NotRequired[bool | None]
    auditc_total: NotRequired[int | None]


class BehavioralHealthBase(TypedDict):
    auditc_items: list[int | None] | None
    computed: ComputedBase | None
    gad7_items: list[int | None]
    notes: str | None
    phq9_items: list[int | None]
    substance_use_notes: str | None


class Computed2(TypedDict):
    hunger_vital_sign_positive: bool | None


class HungerVitalSignBase(TypedDict):
    food_did_not_last: str | None
    worried_food_would_run_out: str | None


class SdohBase(TypedDict):
    computed: Computed2 | None
    financial_strain: bool | None
    housing: str | None
    hunger_vital_sign: HungerVitalSignBase | None
    interpersonal_safety_concern: bool | None
    notes: str | None
    social_isolation: bool | None
    transportation_barrier: bool | None
    utilities_concern: bool | None


class Assessment(TypedDict):
    id: str | None
    cm_case_id: str | None
    status: str | None
    clinical: ClinicalBase | None
    medication: MedicationReview | None
    behavioral_health: BehavioralHealthBase | None
    sdoh: SdohBase | None
    phq9_score: int | None
    gad7_score: int | None
    auditc_score: int | None
    hunger_vital_sign_positive: bool | None
    blocked_reason: str | None
    assessor_id: str | None
    started_at: str | None
    completed_at: str | None
    sections_saved: list[str | None]
    sections_missing: list[str | None]


class CmAssessmentCompleteAssessmentResult(Result, Assessment):
    pass


class CmAssessmentSaveSectionResult(Result, Assessment):
    pass


class CmAssessmentStartAssessmentResult(Result, Assessment):
    pass


class CarePlan(TypedDict):
    id: str | None
    cm_case_id: str | None
    status: str | None
    escalation_triggers: list[EscalationTriggerBase | None]
    follow_up_cadence: str | None
    follow_up_start: str | None
    follow_up_notes: str | None
    author_id: str | None
    created_at: str | None
    updated_at: str | None
    finalized_at: str | None
    problems: list[Problem | None]


class CmCarePlanCreateDraftResult(Result, CarePlan):
    pass


class EscalationTriggerBase(TypedDict):
    action: str | None
    contact: str | None
    timeframe: str | None
    trigger: str | None


class Intervention(TypedDict):
    id: str | None
    goal_id: str | None
    ordinal: int | None
    action: str | None
    owner: str | None
    due_date: str | None
    frequency: str | None
    details: dict[str, JsonValue] | None


class Goal(TypedDict):
    id: str | None
    problem_id: str | None
    ordinal: int | None
    statement: str | None
    measure: str | None
    target: str | None
    target_date: str | None
    interventions: list[Intervention | None]


class Problem(TypedDict):
    id: str | None
    plan_id: str | None
    ordinal: int | None
    statement: str | None
    domain: str | None
    icd10: str | None
    evidence: str | None
    priority: str | None
    goals: list[Goal | None]


class CmCarePlanFinalizeResult(Result, CarePlan):
    pass


class CmCarePlanSaveCarePlanResult(Result, CarePlan):
    pass


class CmCase(TypedDict):
    id: str | None
    referral_id: str | None
    patient_id: str | None
    status: str | None
    program: str | None
    priority: str | None
    risk_level: str | None
    assigned_to: str | None
    opened_at: str | None
    closed_at: str | None
    disenroll_reason: str | None
    disenroll_note: str | None


class ReferralRecord(TypedDict):
    id: str | None
    patient_id: str | None
    date: str | None
    source: str | None
    diagnosis_codes: list[str | None]
    risk_score: float | None
    suggested_program: str | None
    suggested_priority: str | None
    status: str | None


class Referral(ReferralRecord):
    referring_worker_id: str | None
    reason: str | None
    utilization_flags: list[str | None]


class Encounter(TypedDict):
    id: str | None
    date: str | None
    type: str | None
    provider_worker_id: str | None
    org_id: str | None
    reason: str | None
    generated: bool | None
    provider_name: str | None


class Document(shared.DocumentRecord):
    details: dict[str, JsonValue] | None
    author: shared.ClinicianRef | None
    clinician_signed: bool | None
    body_chars: int | None


class DocumentBody(shared.DocumentRef):
    author_worker_id: str | None
    body: str | None


class CmChartGetChartDataResult(SectionPaged):
    case: NotRequired[CmCase | None]
    referral: NotRequired[Referral | None]
    as_of: str | None
    patient: NotRequired[shared.PatientRecord | None]
    coverages: NotRequired[list[shared.Coverage | None]]
    conditions: NotRequired[list[shared.Condition | None]]
    encounters: NotRequired[list[Encounter | None]]
    observations: NotRequired[list[shared.Observation | None]]
    observations_meta: NotRequired[shared.ObservationsMeta | None]
    medications: NotRequired[list[shared.Medication | None]]
    procedures: NotRequired[list[JsonValue]]
    allergies: NotRequired[list[shared.Allergy | None]]
    documents: NotRequired[list[Document | None]]
    case_id: NotRequired[str | None]
    document_bodies: NotRequired[list[DocumentBody | None]]


class EvidenceItem(TypedDict):
    id: str | None
    type: str | None


class CmChartSubmitChartReviewResult(Result):
    id: str | None
    cm_case_id: str | None
    reviewer_id: str | None
    primary_concerns: list[str | None]
    coordination_risks: list[str | None]
    suspected_barriers: list[str | None]
    preliminary_risk_level: str | None
    key_findings: str | None
    clarification_needed: list[str | None]
    evidence: list[EvidenceItem | None]
    submitted_at: str | None


class CmIntakeDisenrollCaseResult(Result, CmCase):
    pass


class Address(TypedDict):
    line: str | None
    city: str | None
    state: str | None
    postal_code: str | None


class Patient2(shared.PatientSummary):
    patient_id: str | None
    name: str | None
    address: Address | None


class Diagnos(TypedDict):
    code: str | None
    display: str | None


class RiskFlags(TypedDict):
    risk_score: float | None
    utilization_flags: list[str | None]


class CmIntakeGetReferralResult(Result, ReferralRecord):
    referring_worker_id: str | None
    reason: str | None
    utilization_flags: list[str | None]
    patient: Patient2 | None
    case_id: JsonValue
    diagnoses: list[Diagnos | None]
    risk_flags: RiskFlags | None
    coverages: list[shared.Coverage | None]
    referring_worker: shared.ClinicianRef | None


class Patient3(TypedDict):
    name: str | None
    birth_date: str | None
    age: int | None
    sex: str | None


class Referral2(ReferralRecord):
    case_id: JsonValue
    patient: Patient3 | None


class CmIntakeListReferralQueueResult(Page):
    referrals: list[Referral2 | None]


class CmIntakeOpenCaseResult(Result):
    case: CmCase | None
    referral: Referral | None


class OutreachSession(TypedDict):
    session_id: str | None
    end_reason: str | None
    turn_budget: int | None
    turns_used: int | None
    turns_left: int | None
    backend: str | None


class OutreachSessionRecord(OutreachSession):
    case_id: str | None
    status: str | None
    started_at: str | None
    ended_at: str | None


class CmOutreachEndOutreachCallResult(Result):
    id: str | None
    session_id: str | None
    cm_case_id: str | None
    engagement_status: str | None
    consent_obtained: bool | None
    key_takeaways: list[str | None]
    patient_concerns: list[str | None]
    next_steps: list[str | None]
    preferred_contact: str | None
    notes: str | None
    recorded_by: str | None
    recorded_at: str | None
    member_words: str | None
    preferred_language: str | None
    consent_turn: int | None
    case_status: str | None
    session: OutreachSessionRecord | None


class Message(TypedDict):
    turn_number: int | None
    role: str | None
    content: str | None
    timestamp: str | None


class CmOutreachGetTranscriptResult(Page, OutreachSessionRecord):
    messages: list[Message | None]


class CmOutreachSendMessageResult(Result, OutreachSession):
    turn_number: int | None
    patient_response: str | None
    session_status: str | None
    stopped: bool | None
    token_usage: JsonValue


class CmOutreachStartOutreachCallResult(Result, OutreachSessionRecord):
    patient_response: str | None
    messages: list[Message | None]
