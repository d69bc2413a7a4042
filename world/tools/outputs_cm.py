"""Result shapes of the cm tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 16 in all.

Each tool handler in ``bindings_cm.py`` declares its result type from here; the registry derives the
tool's MCP ``outputSchema`` from it (``registry.Tool.output_schema``). The envelopes (pages, sectioned
records, the result-budget note) are the shared bases of :mod:`chibench.world.tools.outputs`.

The shapes were first written from the results the tools actually return (every oracle and near-miss
replay, every tool test) and are held to them by tests (``tests/tools/test_output_schemas.py``, with every
object closed): a service that adds, drops or retypes a key fails there until its shape here is updated.
A value typed ``JsonValue`` is one no recorded result has shown other than null or empty.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from .outputs import JsonValue, Page, Result, SectionPaged


class Clinical(TypedDict):
    clinical_concerns: list[str]
    computed: dict[str, JsonValue]
    conditions_reviewed: list[str]
    functional_status: str
    notes: str | None
    pain_score: int | None
    recent_utilization: str
    symptom_summary: str


class Medication(TypedDict):
    adherence: str
    name: str
    note: str | None


class Medication2(TypedDict):
    adherence_barriers: list[str]
    computed: dict[str, JsonValue]
    cost_concern: bool
    medications: list[Medication]
    reconciliation_notes: str
    side_effects: list[JsonValue]


class Computed(TypedDict):
    gad7_severity: str
    gad7_total: int
    phq9_item9_positive: bool
    phq9_severity: str
    phq9_total: int
    auditc_positive: NotRequired[bool]
    auditc_total: NotRequired[int]


class BehavioralHealth(TypedDict):
    auditc_items: list[int] | None
    computed: Computed
    gad7_items: list[int]
    notes: str | None
    phq9_items: list[int]
    substance_use_notes: str | None


class Computed2(TypedDict):
    hunger_vital_sign_positive: bool


class HungerVitalSign(TypedDict):
    food_did_not_last: str
    worried_food_would_run_out: str


class Sdoh(TypedDict):
    computed: Computed2
    financial_strain: bool
    housing: str
    hunger_vital_sign: HungerVitalSign
    interpersonal_safety_concern: bool
    notes: str | None
    social_isolation: bool
    transportation_barrier: bool
    utilities_concern: bool


class CmAssessmentCompleteAssessmentResult(Result):
    id: str
    cm_case_id: str
    status: str
    clinical: Clinical
    medication: Medication2
    behavioral_health: BehavioralHealth
    sdoh: Sdoh
    phq9_score: int
    gad7_score: int
    auditc_score: int | None
    hunger_vital_sign_positive: bool
    blocked_reason: JsonValue
    assessor_id: str
    started_at: str
    completed_at: str
    sections_saved: list[str]
    sections_missing: list[JsonValue]


class Clinical2(TypedDict):
    conditions_reviewed: list[str]
    symptom_summary: str
    recent_utilization: str
    functional_status: str
    pain_score: int | None
    clinical_concerns: list[str]
    notes: str | None
    computed: dict[str, JsonValue]


class Medication3(TypedDict):
    name: str
    adherence: str
    note: str | None


class Medication4(TypedDict):
    medications: list[Medication3]
    adherence_barriers: list[str]
    cost_concern: bool
    side_effects: list[JsonValue]
    reconciliation_notes: str
    computed: dict[str, JsonValue]


class Computed3(TypedDict):
    phq9_total: int
    phq9_severity: str
    phq9_item9_positive: bool
    gad7_total: int
    gad7_severity: str
    auditc_total: NotRequired[int]
    auditc_positive: NotRequired[bool]


class BehavioralHealth2(TypedDict):
    phq9_items: list[int]
    gad7_items: list[int]
    auditc_items: list[int] | None
    substance_use_notes: str | None
    notes: str | None
    computed: Computed3


class HungerVitalSign2(TypedDict):
    worried_food_would_run_out: str
    food_did_not_last: str


class Sdoh2(TypedDict):
    hunger_vital_sign: HungerVitalSign2
    housing: str
    transportation_barrier: bool
    utilities_concern: bool
    financial_strain: bool
    social_isolation: bool
    interpersonal_safety_concern: bool
    notes: str | None
    computed: Computed2


class CmAssessmentSaveSectionResult(Result):
    id: str
    cm_case_id: str
    status: str
    clinical: Clinical2 | None
    medication: Medication4 | None
    behavioral_health: BehavioralHealth2 | None
    sdoh: Sdoh2 | None
    phq9_score: int | None
    gad7_score: int | None
    auditc_score: int | None
    hunger_vital_sign_positive: bool | None
    blocked_reason: str | None
    assessor_id: str
    started_at: str
    completed_at: JsonValue
    sections_saved: list[str]
    sections_missing: list[str]


class CmAssessmentStartAssessmentResult(Result):
    id: str
    cm_case_id: str
    status: str
    clinical: JsonValue
    medication: JsonValue
    behavioral_health: JsonValue
    sdoh: JsonValue
    phq9_score: JsonValue
    gad7_score: JsonValue
    auditc_score: JsonValue
    hunger_vital_sign_positive: JsonValue
    blocked_reason: JsonValue
    assessor_id: str
    started_at: str
    completed_at: JsonValue
    sections_saved: list[JsonValue]
    sections_missing: list[str]


class CmCarePlanCreateDraftResult(Result):
    id: str
    cm_case_id: str
    status: str
    escalation_triggers: list[JsonValue]
    follow_up_cadence: JsonValue
    follow_up_start: JsonValue
    follow_up_notes: JsonValue
    author_id: str
    created_at: str
    updated_at: str
    finalized_at: JsonValue
    problems: list[JsonValue]


class EscalationTrigger(TypedDict):
    action: str
    contact: str
    timeframe: str
    trigger: str


class Intervention(TypedDict):
    id: str
    goal_id: str
    ordinal: int
    action: str
    owner: str
    due_date: str
    frequency: str
    details: dict[str, JsonValue]


class Goal(TypedDict):
    id: str
    problem_id: str
    ordinal: int
    statement: str
    measure: str
    target: str
    target_date: str
    interventions: list[Intervention]


class Problem(TypedDict):
    id: str
    plan_id: str
    ordinal: int
    statement: str
    domain: str
    icd10: str | None
    evidence: str
    priority: str
    goals: list[Goal]


class CmCarePlanFinalizeResult(Result):
    id: str
    cm_case_id: str
    status: str
    escalation_triggers: list[EscalationTrigger]
    follow_up_cadence: str
    follow_up_start: str
    follow_up_notes: str | None
    author_id: str
    created_at: str
    updated_at: str
    finalized_at: str
    problems: list[Problem]


class EscalationTrigger2(TypedDict):
    trigger: str
    action: str
    contact: str
    timeframe: str


class CmCarePlanSaveCarePlanResult(Result):
    id: str
    cm_case_id: str
    status: str
    escalation_triggers: list[EscalationTrigger2]
    follow_up_cadence: str
    follow_up_start: str
    follow_up_notes: str | None
    author_id: str
    created_at: str
    updated_at: str
    finalized_at: JsonValue
    problems: list[Problem]


class Case(TypedDict):
    id: str
    referral_id: str
    patient_id: str
    status: str
    program: str
    priority: str
    risk_level: JsonValue
    assigned_to: str
    opened_at: str
    closed_at: JsonValue
    disenroll_reason: JsonValue
    disenroll_note: JsonValue


class Referral(TypedDict):
    id: str
    patient_id: str
    date: str
    source: str
    referring_worker_id: str
    reason: str
    diagnosis_codes: list[str]
    risk_score: float
    utilization_flags: list[str]
    suggested_program: str
    suggested_priority: str
    status: str


class Pcp(TypedDict):
    id: str
    name: str
    role: str
    org_id: str
    npi: str
    specialty: str


class Patient(TypedDict):
    id: str
    given_name: str
    family_name: str
    birth_date: str
    sex: str
    address_line: str
    city: str
    state: str
    postal_code: str
    phone: str
    preferred_language: str
    pcp_worker_id: str
    domain: str
    age: int
    pcp: Pcp


class ActiveOn(TypedDict):
    date: str
    active: bool


class Coverage(TypedDict):
    id: str
    patient_id: str
    plan_id: str
    member_id: str
    group_number: str
    status: str
    effective_date: str
    termination_date: JsonValue
    plan_name: str
    line_of_business: str
    product: str
    plan_state: str
    active_on: ActiveOn


class Condition(TypedDict):
    id: str
    code: str
    display: str
    onset: str
    status: str
    abatement: JsonValue
    note: str | None


class Encounter(TypedDict):
    id: str
    date: str
    type: str
    provider_worker_id: str
    org_id: str
    reason: str
    generated: bool
    provider_name: str


class Observation(TypedDict):
    id: str
    encounter_id: str
    loinc: str
    display: str
    date: str
    value_num: float
    value_text: JsonValue
    unit: str
    reference_range: str | None
    interpretation: str | None


class Code(TypedDict):
    loinc: str
    display: str
    count: int
    latest_date: str
    earliest_date: str


class ObservationsMeta(TypedDict):
    total_in_chart: int
    matched: int
    returned: int
    per_code: int
    since: str | None
    until: str | None
    loinc_codes: list[str]
    codes: list[Code]


class Medication5(TypedDict):
    id: str
    name: str
    rxnorm: JsonValue
    dose: str
    route: str
    frequency: str
    start: str
    end: str | None
    status: str
    prescriber_worker_id: str | None
    note: str | None


class Allergy(TypedDict):
    id: str
    substance: str
    reaction: str
    severity: str
    recorded: str


class Author(TypedDict):
    id: str
    name: str
    role: str
    org_id: str
    npi: str | None
    specialty: str


class Document(TypedDict):
    id: str
    patient_id: str
    case_id: JsonValue
    encounter_id: str
    kind: str
    title: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str
    signed_at: str
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: dict[str, JsonValue]
    author: Author
    clinician_signed: bool
    body_chars: int


class DocumentBody(TypedDict):
    id: str
    kind: str
    title: str
    date: str
    author_worker_id: str
    signed: bool
    body: str


class CmChartGetChartDataResult(SectionPaged):
    case: NotRequired[Case]
    referral: NotRequired[Referral]
    as_of: str
    patient: NotRequired[Patient]
    coverages: NotRequired[list[Coverage]]
    conditions: NotRequired[list[Condition]]
    encounters: NotRequired[list[Encounter]]
    observations: NotRequired[list[Observation]]
    observations_meta: NotRequired[ObservationsMeta]
    medications: NotRequired[list[Medication5]]
    procedures: NotRequired[list[JsonValue]]
    allergies: NotRequired[list[Allergy]]
    documents: NotRequired[list[Document]]
    case_id: NotRequired[str]
    document_bodies: NotRequired[list[DocumentBody]]


class EvidenceItem(TypedDict):
    id: str
    type: str


class CmChartSubmitChartReviewResult(Result):
    id: str
    cm_case_id: str
    reviewer_id: str
    primary_concerns: list[str]
    coordination_risks: list[str]
    suspected_barriers: list[str]
    preliminary_risk_level: str
    key_findings: str
    clarification_needed: list[str]
    evidence: list[EvidenceItem]
    submitted_at: str


class CmIntakeDisenrollCaseResult(Result):
    id: str
    referral_id: str
    patient_id: str
    status: str
    program: str
    priority: str
    risk_level: str
    assigned_to: str
    opened_at: str
    closed_at: str
    disenroll_reason: str
    disenroll_note: str


class Address(TypedDict):
    line: str
    city: str
    state: str
    postal_code: str


class Patient2(TypedDict):
    patient_id: str
    name: str
    given_name: str
    family_name: str
    birth_date: str
    age: int
    sex: str
    phone: str
    preferred_language: str
    address: Address
    pcp: Pcp


class Diagnos(TypedDict):
    code: str
    display: str


class RiskFlags(TypedDict):
    risk_score: float
    utilization_flags: list[str]


class CmIntakeGetReferralResult(Result):
    id: str
    patient_id: str
    date: str
    source: str
    referring_worker_id: str
    reason: str
    diagnosis_codes: list[str]
    risk_score: float
    utilization_flags: list[str]
    suggested_program: str
    suggested_priority: str
    status: str
    patient: Patient2
    case_id: JsonValue
    diagnoses: list[Diagnos]
    risk_flags: RiskFlags
    coverages: list[Coverage]
    referring_worker: Pcp


class Patient3(TypedDict):
    name: str
    birth_date: str
    age: int
    sex: str


class Referral2(TypedDict):
    id: str
    patient_id: str
    date: str
    source: str
    status: str
    suggested_program: str
    suggested_priority: str
    risk_score: float
    diagnosis_codes: list[str]
    case_id: JsonValue
    patient: Patient3


class CmIntakeListReferralQueueResult(Page):
    referrals: list[Referral2]


class CmIntakeOpenCaseResult(Result):
    case: Case
    referral: Referral


class Session(TypedDict):
    session_id: str
    case_id: str
    status: str
    end_reason: str
    turn_budget: int
    turns_used: int
    turns_left: int
    backend: str
    started_at: str
    ended_at: str


class CmOutreachEndOutreachCallResult(Result):
    id: str
    session_id: str
    cm_case_id: str
    engagement_status: str
    consent_obtained: bool
    key_takeaways: list[str]
    patient_concerns: list[str]
    next_steps: list[str]
    preferred_contact: str
    notes: str
    recorded_by: str
    recorded_at: str
    member_words: str
    preferred_language: str
    consent_turn: int | None
    case_status: str
    session: Session


class Message(TypedDict):
    turn_number: int
    role: str
    content: str
    timestamp: str


class CmOutreachGetTranscriptResult(Page):
    session_id: str
    case_id: str
    status: str
    end_reason: str | None
    turn_budget: int
    turns_used: int
    turns_left: int
    backend: str
    started_at: str
    ended_at: str | None
    messages: list[Message]


class CmOutreachSendMessageResult(Result):
    session_id: str
    turn_number: int
    patient_response: str
    session_status: str
    stopped: bool
    end_reason: str | None
    turns_used: int
    turn_budget: int
    turns_left: int
    backend: str
    token_usage: JsonValue


class CmOutreachStartOutreachCallResult(Result):
    session_id: str
    case_id: str
    status: str
    end_reason: JsonValue
    turn_budget: int
    turns_used: int
    turns_left: int
    backend: str
    started_at: str
    ended_at: JsonValue
    patient_response: str
    messages: list[Message]
