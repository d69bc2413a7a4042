"""Result shapes of the cm tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 16 in all.

Each tool handler in ``bindings_cm.py`` declares its result type from here; the registry derives the
tool's full result schema and its MCP ``outputSchema`` from it (``registry.Tool.result_schema``,
``output_schema``). The envelopes (pages, sectioned
records, the result-budget note) are the shared bases of :mod:`chibench.world.tools.outputs`.

The shapes were first written from the results the tools actually return (every oracle and near-miss
replay, every tool test) and are held to them by tests (``tests/tools/test_output_schemas.py``, with every
object closed): a service that adds, drops or retypes a key fails there until its shape here is updated.
Scalars and records are nullable (optional columns and links are null in some worlds), lists are not;
a value typed ``JsonValue`` is one no recorded result has shown other than null or empty.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from .outputs import JsonValue, Page, Result, SectionPaged


class Clinical(TypedDict):
    clinical_concerns: list[str | None]
    computed: dict[str, JsonValue] | None
    conditions_reviewed: list[str | None]
    functional_status: str | None
    notes: str | None
    pain_score: int | None
    recent_utilization: str | None
    symptom_summary: str | None


class Medication(TypedDict):
    adherence: str | None
    name: str | None
    note: str | None


class Medication2(TypedDict):
    adherence_barriers: list[str | None]
    computed: dict[str, JsonValue] | None
    cost_concern: bool | None
    medications: list[Medication | None]
    reconciliation_notes: str | None
    side_effects: list[JsonValue]


class Computed(TypedDict):
    gad7_severity: str | None
    gad7_total: int | None
    phq9_item9_positive: bool | None
    phq9_severity: str | None
    phq9_total: int | None
    auditc_positive: NotRequired[bool | None]
    auditc_total: NotRequired[int | None]


class BehavioralHealth(TypedDict):
    auditc_items: list[int | None] | None
    computed: Computed | None
    gad7_items: list[int | None]
    notes: str | None
    phq9_items: list[int | None]
    substance_use_notes: str | None


class Computed2(TypedDict):
    hunger_vital_sign_positive: bool | None


class HungerVitalSign(TypedDict):
    food_did_not_last: str | None
    worried_food_would_run_out: str | None


class Sdoh(TypedDict):
    computed: Computed2 | None
    financial_strain: bool | None
    housing: str | None
    hunger_vital_sign: HungerVitalSign | None
    interpersonal_safety_concern: bool | None
    notes: str | None
    social_isolation: bool | None
    transportation_barrier: bool | None
    utilities_concern: bool | None


class CmAssessmentCompleteAssessmentResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    clinical: Clinical | None
    medication: Medication2 | None
    behavioral_health: BehavioralHealth | None
    sdoh: Sdoh | None
    phq9_score: int | None
    gad7_score: int | None
    auditc_score: int | None
    hunger_vital_sign_positive: bool | None
    blocked_reason: JsonValue
    assessor_id: str | None
    started_at: str | None
    completed_at: str | None
    sections_saved: list[str | None]
    sections_missing: list[JsonValue]


class Clinical2(TypedDict):
    conditions_reviewed: list[str | None]
    symptom_summary: str | None
    recent_utilization: str | None
    functional_status: str | None
    pain_score: int | None
    clinical_concerns: list[str | None]
    notes: str | None
    computed: dict[str, JsonValue] | None


class Medication3(TypedDict):
    name: str | None
    adherence: str | None
    note: str | None


class Medication4(TypedDict):
    medications: list[Medication3 | None]
    adherence_barriers: list[str | None]
    cost_concern: bool | None
    side_effects: list[JsonValue]
    reconciliation_notes: str | None
    computed: dict[str, JsonValue] | None


class Computed3(TypedDict):
    phq9_total: int | None
    phq9_severity: str | None
    phq9_item9_positive: bool | None
    gad7_total: int | None
    gad7_severity: str | None
    auditc_total: NotRequired[int | None]
    auditc_positive: NotRequired[bool | None]


class BehavioralHealth2(TypedDict):
    phq9_items: list[int | None]
    gad7_items: list[int | None]
    auditc_items: list[int | None] | None
    substance_use_notes: str | None
    notes: str | None
    computed: Computed3 | None


class HungerVitalSign2(TypedDict):
    worried_food_would_run_out: str | None
    food_did_not_last: str | None


class Sdoh2(TypedDict):
    hunger_vital_sign: HungerVitalSign2 | None
    housing: str | None
    transportation_barrier: bool | None
    utilities_concern: bool | None
    financial_strain: bool | None
    social_isolation: bool | None
    interpersonal_safety_concern: bool | None
    notes: str | None
    computed: Computed2 | None


class CmAssessmentSaveSectionResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    clinical: Clinical2 | None
    medication: Medication4 | None
    behavioral_health: BehavioralHealth2 | None
    sdoh: Sdoh2 | None
    phq9_score: int | None
    gad7_score: int | None
    auditc_score: int | None
    hunger_vital_sign_positive: bool | None
    blocked_reason: str | None
    assessor_id: str | None
    started_at: str | None
    completed_at: JsonValue
    sections_saved: list[str | None]
    sections_missing: list[str | None]


class CmAssessmentStartAssessmentResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    clinical: JsonValue
    medication: JsonValue
    behavioral_health: JsonValue
    sdoh: JsonValue
    phq9_score: JsonValue
    gad7_score: JsonValue
    auditc_score: JsonValue
    hunger_vital_sign_positive: JsonValue
    blocked_reason: JsonValue
    assessor_id: str | None
    started_at: str | None
    completed_at: JsonValue
    sections_saved: list[JsonValue]
    sections_missing: list[str | None]


class CmCarePlanCreateDraftResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    escalation_triggers: list[JsonValue]
    follow_up_cadence: JsonValue
    follow_up_start: JsonValue
    follow_up_notes: JsonValue
    author_id: str | None
    created_at: str | None
    updated_at: str | None
    finalized_at: JsonValue
    problems: list[JsonValue]


class EscalationTrigger(TypedDict):
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


class CmCarePlanFinalizeResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    escalation_triggers: list[EscalationTrigger | None]
    follow_up_cadence: str | None
    follow_up_start: str | None
    follow_up_notes: str | None
    author_id: str | None
    created_at: str | None
    updated_at: str | None
    finalized_at: str | None
    problems: list[Problem | None]


class EscalationTrigger2(TypedDict):
    trigger: str | None
    action: str | None
    contact: str | None
    timeframe: str | None


class CmCarePlanSaveCarePlanResult(Result):
    id: str | None
    cm_case_id: str | None
    status: str | None
    escalation_triggers: list[EscalationTrigger2 | None]
    follow_up_cadence: str | None
    follow_up_start: str | None
    follow_up_notes: str | None
    author_id: str | None
    created_at: str | None
    updated_at: str | None
    finalized_at: JsonValue
    problems: list[Problem | None]


class Case(TypedDict):
    id: str | None
    referral_id: str | None
    patient_id: str | None
    status: str | None
    program: str | None
    priority: str | None
    risk_level: JsonValue
    assigned_to: str | None
    opened_at: str | None
    closed_at: JsonValue
    disenroll_reason: JsonValue
    disenroll_note: JsonValue


class Referral(TypedDict):
    id: str | None
    patient_id: str | None
    date: str | None
    source: str | None
    referring_worker_id: str | None
    reason: str | None
    diagnosis_codes: list[str | None]
    risk_score: float | None
    utilization_flags: list[str | None]
    suggested_program: str | None
    suggested_priority: str | None
    status: str | None


class Pcp(TypedDict):
    id: str | None
    name: str | None
    role: str | None
    org_id: str | None
    npi: str | None
    specialty: str | None


class Patient(TypedDict):
    id: str | None
    given_name: str | None
    family_name: str | None
    birth_date: str | None
    sex: str | None
    address_line: str | None
    city: str | None
    state: str | None
    postal_code: str | None
    phone: str | None
    preferred_language: str | None
    pcp_worker_id: str | None
    domain: str | None
    age: int | None
    pcp: Pcp | None


class ActiveOn(TypedDict):
    date: str | None
    active: bool | None


class Coverage(TypedDict):
    id: str | None
    patient_id: str | None
    plan_id: str | None
    member_id: str | None
    group_number: str | None
    status: str | None
    effective_date: str | None
    termination_date: JsonValue
    plan_name: str | None
    line_of_business: str | None
    product: str | None
    plan_state: str | None
    active_on: ActiveOn | None


class Condition(TypedDict):
    id: str | None
    code: str | None
    display: str | None
    onset: str | None
    status: str | None
    abatement: JsonValue
    note: str | None


class Encounter(TypedDict):
    id: str | None
    date: str | None
    type: str | None
    provider_worker_id: str | None
    org_id: str | None
    reason: str | None
    generated: bool | None
    provider_name: str | None


class Observation(TypedDict):
    id: str | None
    encounter_id: str | None
    loinc: str | None
    display: str | None
    date: str | None
    value_num: float | None
    value_text: JsonValue
    unit: str | None
    reference_range: str | None
    interpretation: str | None


class Code(TypedDict):
    loinc: str | None
    display: str | None
    count: int | None
    latest_date: str | None
    earliest_date: str | None


class ObservationsMeta(TypedDict):
    total_in_chart: int | None
    matched: int | None
    returned: int | None
    per_code: int | None
    since: str | None
    until: str | None
    loinc_codes: list[str | None]
    codes: list[Code | None]


class Medication5(TypedDict):
    id: str | None
    name: str | None
    rxnorm: JsonValue
    dose: str | None
    route: str | None
    frequency: str | None
    start: str | None
    end: str | None
    status: str | None
    prescriber_worker_id: str | None
    note: str | None


class Allergy(TypedDict):
    id: str | None
    substance: str | None
    reaction: str | None
    severity: str | None
    recorded: str | None


class Document(TypedDict):
    id: str | None
    patient_id: str | None
    case_id: JsonValue
    encounter_id: str | None
    kind: str | None
    title: str | None
    date: str | None
    author_worker_id: str | None
    signed: bool | None
    signed_by: str | None
    signed_at: str | None
    origin: str | None
    side: str | None
    copied_from: JsonValue
    created_at: str | None
    details: dict[str, JsonValue] | None
    author: Pcp | None
    clinician_signed: bool | None
    body_chars: int | None


class DocumentBody(TypedDict):
    id: str | None
    kind: str | None
    title: str | None
    date: str | None
    author_worker_id: str | None
    signed: bool | None
    body: str | None


class CmChartGetChartDataResult(SectionPaged):
    case: NotRequired[Case | None]
    referral: NotRequired[Referral | None]
    as_of: str | None
    patient: NotRequired[Patient | None]
    coverages: NotRequired[list[Coverage | None]]
    conditions: NotRequired[list[Condition | None]]
    encounters: NotRequired[list[Encounter | None]]
    observations: NotRequired[list[Observation | None]]
    observations_meta: NotRequired[ObservationsMeta | None]
    medications: NotRequired[list[Medication5 | None]]
    procedures: NotRequired[list[JsonValue]]
    allergies: NotRequired[list[Allergy | None]]
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


class CmIntakeDisenrollCaseResult(Result):
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


class Address(TypedDict):
    line: str | None
    city: str | None
    state: str | None
    postal_code: str | None


class Patient2(TypedDict):
    patient_id: str | None
    name: str | None
    given_name: str | None
    family_name: str | None
    birth_date: str | None
    age: int | None
    sex: str | None
    phone: str | None
    preferred_language: str | None
    address: Address | None
    pcp: Pcp | None


class Diagnos(TypedDict):
    code: str | None
    display: str | None


class RiskFlags(TypedDict):
    risk_score: float | None
    utilization_flags: list[str | None]


class CmIntakeGetReferralResult(Result):
    id: str | None
    patient_id: str | None
    date: str | None
    source: str | None
    referring_worker_id: str | None
    reason: str | None
    diagnosis_codes: list[str | None]
    risk_score: float | None
    utilization_flags: list[str | None]
    suggested_program: str | None
    suggested_priority: str | None
    status: str | None
    patient: Patient2 | None
    case_id: JsonValue
    diagnoses: list[Diagnos | None]
    risk_flags: RiskFlags | None
    coverages: list[Coverage | None]
    referring_worker: Pcp | None


class Patient3(TypedDict):
    name: str | None
    birth_date: str | None
    age: int | None
    sex: str | None


class Referral2(TypedDict):
    id: str | None
    patient_id: str | None
    date: str | None
    source: str | None
    status: str | None
    suggested_program: str | None
    suggested_priority: str | None
    risk_score: float | None
    diagnosis_codes: list[str | None]
    case_id: JsonValue
    patient: Patient3 | None


class CmIntakeListReferralQueueResult(Page):
    referrals: list[Referral2 | None]


class CmIntakeOpenCaseResult(Result):
    case: Case | None
    referral: Referral | None


class Session(TypedDict):
    session_id: str | None
    case_id: str | None
    status: str | None
    end_reason: str | None
    turn_budget: int | None
    turns_used: int | None
    turns_left: int | None
    backend: str | None
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
    session: Session | None


class Message(TypedDict):
    turn_number: int | None
    role: str | None
    content: str | None
    timestamp: str | None


class CmOutreachGetTranscriptResult(Page):
    session_id: str | None
    case_id: str | None
    status: str | None
    end_reason: str | None
    turn_budget: int | None
    turns_used: int | None
    turns_left: int | None
    backend: str | None
    started_at: str | None
    ended_at: str | None
    messages: list[Message | None]


class CmOutreachSendMessageResult(Result):
    session_id: str | None
    turn_number: int | None
    patient_response: str | None
    session_status: str | None
    stopped: bool | None
    end_reason: str | None
    turns_used: int | None
    turn_budget: int | None
    turns_left: int | None
    backend: str | None
    token_usage: JsonValue


class CmOutreachStartOutreachCallResult(Result):
    session_id: str | None
    case_id: str | None
    status: str | None
    end_reason: JsonValue
    turn_budget: int | None
    turns_used: int | None
    turns_left: int | None
    backend: str | None
    started_at: str | None
    ended_at: JsonValue
    patient_response: str | None
    messages: list[Message | None]
