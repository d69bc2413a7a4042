"""Result shapes of the payer tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 41 in all.

Each tool handler in ``bindings_payer.py`` declares its result type from here; the registry derives the
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

from .outputs import JsonValue, Page, Result, Sectioned, SectionPaged


class DeterminationFinalizeResult(Result):
    id: str
    case_id: str
    decision: str
    basis: str
    source: str
    source_record_id: str
    overridden: bool
    override_reason: JsonValue
    rationale: str
    policy_citations: list[str]
    determined_by: str
    determined_at: str
    sla_deadline: str
    sla_met: bool
    authorization_number: str | None
    superseded_by: JsonValue
    case_status: str
    preflight_steps: list[str]
    auth_valid_from: str | None
    auth_valid_to: str | None


class RequestingWorker(TypedDict):
    id: str
    name: str
    role: str
    credentials: str
    npi: str
    org_id: str
    specialty: str


class Line(TypedDict):
    id: str
    case_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: str | None
    outcome: str | None
    approved_units: int | None


class Case(TypedDict):
    id: str
    patient_id: str
    order_id: str
    coverage_id: str
    plan_id: str
    requesting_worker_id: str
    status: str
    urgency: str
    site_of_service: str
    diagnosis_codes: list[str]
    requested_start: str
    created_by: str
    created_at: str
    updated_at: str
    submission_channel: str
    submitted_at: str
    authorization_number: str | None
    auth_valid_from: str | None
    auth_valid_to: str | None
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue
    requesting_worker: RequestingWorker
    lines: list[Line]


class Coverage(TypedDict):
    status: str
    effective_date: str
    termination_date: JsonValue
    group_number: str | None


class Plan(TypedDict):
    id: str
    name: str
    line_of_business: str
    product: str
    state: str


class Member(TypedDict):
    patient_id: str
    name: str
    birth_date: str
    sex: str
    state: str
    preferred_language: str
    member_id: str
    coverage: Coverage
    plan: Plan


class Line2(TypedDict):
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: str | None


class Sla(TypedDict):
    urgency_level: str
    deadline: str
    rule_source: str
    now: str
    seconds_remaining: int
    met_if_decided_now: bool


class NurseRecommendation(TypedDict):
    id: str
    case_id: str
    recommendation: str
    clinical_summary: str
    info_requested: list[str]
    info_due: str | None
    reviewer_id: str
    submitted_at: str
    criteria_met: int
    criteria_total: int


class LineDecision(TypedDict):
    approved_units: int
    decision: str
    line_number: int
    reason: str | None


class MdDecision(TypedDict):
    id: str
    case_id: str
    decision: str
    rationale: str
    denial_rationale: str | None
    policy_citations: list[str]
    line_decisions: list[LineDecision]
    info_requested: list[JsonValue]
    info_due: JsonValue
    signed_off: bool
    reviewer_id: str
    decided_at: str
    superseded_by: JsonValue


class P2pRequest(TypedDict):
    id: str
    case_id: str
    md_decision_id: str
    original_reviewer_id: str
    payer_reviewer_id: str | None
    provider_worker_id: str
    status: str
    reason: str
    offered_slots: list[str]
    selected_slot: str | None
    scheduled_at: str | None
    outcome: str | None
    outcome_note: str | None
    created_at: str
    due_at: str


class CriteriaItem(TypedDict):
    criterion_id: str
    text: str
    citation: str


class Policy(TypedDict):
    handbook_policy_id: str
    service_category: str
    criteria: list[CriteriaItem]


class Nurse(TypedDict):
    met: int
    not_met: int
    unclear: int


class NotEvaluatedItem(TypedDict):
    line_number: int
    criterion_id: str


class Criteria(TypedDict):
    policy: Policy
    nurse: Nurse
    md: Nurse
    not_evaluated: list[NotEvaluatedItem]


class Determination(TypedDict):
    id: str
    case_id: str
    decision: str
    basis: str
    source: str
    source_record_id: str
    overridden: bool
    override_reason: JsonValue
    rationale: str
    policy_citations: list[str]
    determined_by: str
    determined_at: str
    sla_deadline: str
    sla_met: bool
    authorization_number: str
    superseded_by: JsonValue


class Approved(TypedDict):
    passes: bool
    step: NotRequired[str]
    message: NotRequired[str]
    source: NotRequired[str]


class PartiallyApproved(TypedDict):
    passes: bool
    step: str
    message: str


class PreflightPreview(TypedDict):
    approved: Approved
    denied: Approved
    partially_approved: PartiallyApproved


class DeterminationGetSummaryResult(Sectioned):
    case: Case
    member: Member
    lines: list[Line2]
    sla: Sla
    nurse_recommendation: NurseRecommendation | None
    md_decision: MdDecision | None
    p2p_request: P2pRequest | None
    criteria: Criteria
    determination: Determination | None
    determination_history: list[Determination]
    preflight_preview: PreflightPreview


class Request(TypedDict):
    id: str
    case_id: str
    md_decision_id: str
    original_reviewer_id: str
    payer_reviewer_id: str | None
    provider_worker_id: str
    status: str
    reason: str
    offered_slots: list[str]
    selected_slot: str | None
    scheduled_at: JsonValue
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str
    due_at: str


class P2pListResult(Page):
    requests: list[Request]


class P2pOfferSlotsResult(Result):
    id: str
    case_id: str
    md_decision_id: str
    original_reviewer_id: str
    payer_reviewer_id: str
    provider_worker_id: str
    status: str
    reason: str
    offered_slots: list[str]
    selected_slot: str
    scheduled_at: JsonValue
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str
    due_at: str


class P2pRecordOutcomeResult(Result):
    id: str
    case_id: str
    md_decision_id: str
    original_reviewer_id: str
    payer_reviewer_id: str
    provider_worker_id: str
    status: str
    reason: str
    offered_slots: list[str]
    selected_slot: str
    scheduled_at: str
    outcome: str
    outcome_note: str
    created_at: str
    due_at: str


class P2pScheduleResult(Result):
    id: str
    case_id: str
    md_decision_id: str
    original_reviewer_id: str
    payer_reviewer_id: str
    provider_worker_id: str
    status: str
    reason: str
    offered_slots: list[str]
    selected_slot: str
    scheduled_at: str
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str
    due_at: str
    invite_artifact_id: str


class Request2(TypedDict):
    id: str
    case_id: str
    status: str
    reason: str
    scheduled_at: str
    payer_reviewer_id: str
    provider_worker_id: str
    outcome: JsonValue


class Case2(TypedDict):
    case_id: str
    member: str
    service: str
    codes: list[str]


class Counterpart(TypedDict):
    worker_id: str
    name: str
    role: str
    organization: str


class Session(TypedDict):
    session_id: str | None
    started: bool
    agent_turns: int
    turn_limit: int
    turns_left: int
    ended: bool
    end_reason: JsonValue
    finalized: bool
    backend: str | None
    started_at: NotRequired[str]
    ended_at: NotRequired[JsonValue]


class TranscriptItem(TypedDict):
    turn_number: int
    speaker: str
    text: str
    at: str


class P2pSessionGetContextResult(Page):
    request: Request2
    case: Case2
    agent_side: str
    counterpart: Counterpart
    opening_statement: str
    session: Session
    summary: JsonValue
    proposed_outcome: JsonValue
    transcript: list[TranscriptItem]


class P2pSessionSendTurnResult(Result):
    request_id: str
    session_id: str
    turn_number: int
    counterpart_response: str
    agent_turns: int
    turn_limit: int
    turns_left: int
    ended: bool
    end_reason: str | None
    backend: str
    token_usage: JsonValue


class P2pSessionSubmitSummaryResult(Result):
    id: str
    request_id: str
    case_id: str
    agent_side: str
    agent_worker_id: str
    counterpart_worker_id: str
    turn_limit: int
    agent_turns: int
    finalized: bool
    summary: str
    proposed_outcome: str
    started_at: str
    ended_at: str
    backend: str


class Diagnos(TypedDict):
    code: str
    display: str
    is_primary: bool


class RequestingProvider(TypedDict):
    fax: JsonValue
    name: str
    npi: str
    organization: str
    phone: JsonValue
    specialty: JsonValue


class LineItem(TypedDict):
    id: str
    intake_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: JsonValue
    place_of_service: str | None
    service_start: str | None
    service_end: JsonValue


class PayerIntakeHubAddLineItemResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem]


class RequestingProvider2(TypedDict):
    address: NotRequired[str]
    fax: str | None
    name: str
    npi: str
    org_id: NotRequired[str]
    org_name: NotRequired[str]
    org_npi: NotRequired[str]
    phone: str | None
    specialty: str | None
    tin: NotRequired[str]
    worker_id: NotRequired[str]
    organization: NotRequired[str]


class LineItem2(TypedDict):
    id: str
    intake_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: JsonValue
    place_of_service: str
    service_start: str
    service_end: JsonValue


class PayerIntakeHubConfirmDecisionsResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider2
    decision_request_complete: bool
    decision_member_eligible: bool
    decision_service_covered: bool
    decision_provider_network_status: str
    missing_information: list[JsonValue]
    completed_by: str
    completed_at: str
    updated_at: str
    line_items: list[LineItem2]


class RequestingProvider3(TypedDict):
    address: str
    fax: str
    name: str
    npi: str
    org_id: str
    org_name: str
    org_npi: str
    phone: str
    specialty: str
    tin: str
    worker_id: str


class PayerIntakeHubCreateIntakeCaseResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: JsonValue
    urgency_requested_by: JsonValue
    request_date: JsonValue
    service_start: JsonValue
    service_end: JsonValue
    place_of_service: JsonValue
    member_state: JsonValue
    member_eligibility_verified: JsonValue
    continuity_of_care: JsonValue
    diagnosis_type: JsonValue
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider3
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem2]
    created: bool


class LineItem3(TypedDict):
    id: str
    intake_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: str | None
    place_of_service: str
    service_start: str
    service_end: JsonValue


class StructuredValueItem(TypedDict):
    code: str
    line_number: int
    modifier: str | None
    system: str
    units: int


class PayerReplyDetail(TypedDict):
    intake_created: bool
    intake_id: str
    outcome: str


class Request3(TypedDict):
    id: str
    case_id: str
    sequence: int
    channel: str
    payer_document_ids: list[str]
    questionnaire_answers: dict[str, str | bool | float]
    structured: dict[str, str | list[str | StructuredValueItem]]
    note: JsonValue
    submitted_by: str
    submitted_at: str
    payer_reply: str
    payer_reply_detail: PayerReplyDetail


class DirectoryMatch(TypedDict):
    npi: str
    found: bool
    worker_id: str
    name: str
    specialty: str
    org_id: str
    org_name: str
    org_state: str
    in_plan_network: bool


class Author(TypedDict):
    id: str
    name: str
    role: str
    credentials: str
    npi: str | None
    org_id: str
    specialty: str


class Document(TypedDict):
    id: str
    kind: str
    title: str
    date: str
    author: Author
    signed: bool
    signed_by: RequestingWorker | None
    origin: str
    copied_from: str
    received_at: str


class PayerIntakeHubGetIntakeCaseResult(Sectioned):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: JsonValue
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider3
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str
    line_items: list[LineItem3]
    member: Member
    request: Request3
    directory_match: DirectoryMatch
    documents: list[Document]


class PayerIntakeHubListDocumentsResult(Page):
    documents: list[Document]


class Cas(TypedDict):
    case_id: str
    case_status: str
    intake_id: str
    intake_status: str
    workflow_state: str
    received_at: str
    channel: str
    requested_urgency: str
    member_name: str


class PayerIntakeHubListIntakeQueueResult(Page):
    cases: list[Cas]


class PayerIntakeHubRemoveLineItemResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem2]


class PayerIntakeHubSaveAuthHeaderResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: JsonValue
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider3
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem3]


class PayerIntakeHubSaveDiagnosesResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider3
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem2]


class RequestingProvider4(TypedDict):
    npi: str
    name: str
    organization: str
    specialty: JsonValue
    phone: JsonValue
    fax: JsonValue


class PayerIntakeHubSaveRequestingProviderResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider4
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem2]


class PayerIntakeHubUpdateLineItemResult(Result):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str
    line_items: list[LineItem]


class PayerLetterCenterAuditCompletenessResult(Result):
    letter_id: str
    letter_type: str
    complete: bool
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class ApprovedLine(TypedDict):
    approved_units: int
    code: str
    line_number: int


class DeniedLineReason(TypedDict):
    line_number: int
    reason: str


class LineOutcome(TypedDict):
    approved_units: int
    code: str
    line_number: int
    outcome: str


class Fields(TypedDict):
    case_reference: str
    letter_date: str
    member_id: str
    member_name: str
    missing_items: NotRequired[list[str]]
    plan_name: str
    response_due: NotRequired[str]
    service_codes: list[str]
    service_description: str
    signer_credentials: str
    signer_name: str
    submission_instructions: NotRequired[str]
    appeal_deadline_days: NotRequired[int]
    appeal_rights: NotRequired[str]
    criteria_access: NotRequired[str]
    criteria_not_met: NotRequired[list[str]]
    external_review_rights: NotRequired[str]
    peer_to_peer_offer: NotRequired[str]
    policy_citations: NotRequired[list[str]]
    approved_lines: NotRequired[list[ApprovedLine]]
    authorization_number: NotRequired[str]
    valid_from: NotRequired[str]
    valid_to: NotRequired[str]
    denied_line_reasons: NotRequired[list[DeniedLineReason]]
    line_outcomes: NotRequired[list[LineOutcome]]


class Audit(TypedDict):
    letter_id: str
    letter_type: str
    complete: bool
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class PayerLetterCenterDeliverResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str | None
    recipient: str
    subject: str
    body: str
    fields: Fields
    policy_citations: list[str]
    signer_id: str
    created_at: str
    delivered_at: str
    delivery_channel: str
    reissued_from: str | None
    audit: Audit
    artifact_id: str
    inbox_message_id: str


class ApprovedLine2(TypedDict):
    line_number: int
    code: str
    approved_units: int


class Fields2(TypedDict):
    member_name: str
    member_id: str
    case_reference: str
    service_description: str
    service_codes: list[str]
    plan_name: str
    letter_date: str
    signer_name: str
    signer_credentials: str
    authorization_number: str
    approved_lines: list[ApprovedLine2]
    valid_from: str
    valid_to: str


class PayerLetterCenterGenerateApprovalResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields2
    policy_citations: list[JsonValue]
    signer_id: str
    created_at: str
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit


class Fields3(TypedDict):
    member_name: str
    member_id: str
    case_reference: str
    service_description: str
    service_codes: list[str]
    plan_name: str
    letter_date: str
    signer_name: str
    signer_credentials: str
    criteria_not_met: list[str]
    policy_citations: list[str]
    appeal_rights: NotRequired[str]
    appeal_deadline_days: NotRequired[int]
    external_review_rights: NotRequired[str]
    peer_to_peer_offer: NotRequired[str]
    criteria_access: NotRequired[str]


class Audit2(TypedDict):
    letter_id: str
    letter_type: str
    complete: bool
    missing_fields: list[str]
    problems: list[str]


class PayerLetterCenterGenerateDenialResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields3
    policy_citations: list[str]
    signer_id: str
    created_at: str
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit2


class PayerLetterCenterGenerateNotificationResult(Result):
    id: str
    case_id: str
    patient_id: str
    notification_type: str
    body: str
    language: str
    channel: str
    created_by: str
    created_at: str


class LineOutcome2(TypedDict):
    line_number: int
    code: str
    outcome: str
    approved_units: int


class Fields4(TypedDict):
    member_name: str
    member_id: str
    case_reference: str
    service_description: str
    service_codes: list[str]
    plan_name: str
    letter_date: str
    signer_name: str
    signer_credentials: str
    authorization_number: str
    line_outcomes: list[LineOutcome2]
    denied_line_reasons: list[DeniedLineReason]
    appeal_rights: str
    policy_citations: list[str]


class PayerLetterCenterGeneratePartialApprovalResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields4
    policy_citations: list[str]
    signer_id: str
    created_at: str
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit


class Fields5(TypedDict):
    member_name: str
    member_id: str
    case_reference: str
    service_description: str
    service_codes: list[str]
    plan_name: str
    letter_date: str
    signer_name: str
    signer_credentials: str
    missing_items: list[str]
    response_due: str
    submission_instructions: str


class PayerLetterCenterGeneratePendResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: JsonValue
    recipient: str
    subject: str
    body: str
    fields: Fields5
    policy_citations: list[JsonValue]
    signer_id: str
    created_at: str
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit


class Fields6(TypedDict):
    approved_lines: list[ApprovedLine]
    authorization_number: str
    case_reference: str
    letter_date: str
    member_id: str
    member_name: str
    plan_name: str
    service_codes: list[str]
    service_description: str
    signer_credentials: str
    signer_name: str
    valid_from: str
    valid_to: str


class Audit3(TypedDict):
    complete: bool
    letter_id: str
    letter_type: str
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class PayerLetterCenterGetResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields6
    policy_citations: list[JsonValue]
    signer_id: str
    created_at: str
    delivered_at: str
    delivery_channel: str
    reissued_from: JsonValue
    audit: Audit3


class Letter(TypedDict):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields6
    policy_citations: list[JsonValue]
    signer_id: str
    created_at: str
    delivered_at: str
    delivery_channel: str
    reissued_from: JsonValue
    audit: Audit3


class PayerLetterCenterListResult(Page):
    letters: list[Letter]


class Fields7(TypedDict):
    approved_lines: NotRequired[list[ApprovedLine]]
    authorization_number: NotRequired[str]
    case_reference: str
    letter_date: str
    member_id: str
    member_name: str
    plan_name: str
    service_codes: list[str]
    service_description: str
    signer_credentials: str
    signer_name: str
    valid_from: NotRequired[str]
    valid_to: NotRequired[str]
    criteria_not_met: NotRequired[list[str]]
    policy_citations: NotRequired[list[str]]
    appeal_rights: NotRequired[str]
    appeal_deadline_days: NotRequired[int]
    external_review_rights: NotRequired[str]
    peer_to_peer_offer: NotRequired[str]
    criteria_access: NotRequired[str]


class PayerLetterCenterReissueResult(Result):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: str
    recipient: str
    subject: str
    body: str
    fields: Fields7
    policy_citations: list[str]
    signer_id: str
    created_at: str
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: str
    audit: Audit


class Line3(TypedDict):
    id: str
    case_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: str | None
    outcome: JsonValue
    approved_units: JsonValue


class Case3(TypedDict):
    id: str
    patient_id: str
    order_id: str
    coverage_id: str
    plan_id: str
    requesting_worker_id: str
    status: str
    urgency: str
    site_of_service: str
    diagnosis_codes: list[str]
    requested_start: str
    created_by: str
    created_at: str
    updated_at: str
    submission_channel: str
    submitted_at: str
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: JsonValue
    requesting_worker: RequestingWorker
    lines: list[Line3]


class Coverage2(TypedDict):
    status: str
    effective_date: str
    termination_date: JsonValue
    group_number: str


class Member2(TypedDict):
    patient_id: str
    name: str
    birth_date: str
    sex: str
    state: str
    preferred_language: str
    member_id: str
    coverage: Coverage2
    plan: Plan


class Intake(TypedDict):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: JsonValue
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider3
    decision_request_complete: bool
    decision_member_eligible: bool
    decision_service_covered: bool
    decision_provider_network_status: str
    missing_information: list[JsonValue]
    completed_by: str
    completed_at: str
    updated_at: str
    line_items: list[LineItem3]


class Triage(TypedDict):
    id: str
    case_id: str
    intake_id: str
    urgency_level: str
    received_at: str
    state: str
    sla_hours: int
    sla_deadline: str
    sla_rule_source: str
    gold_card_checked: bool
    gold_card_eligible: bool
    disposition: str
    disposition_reason: str
    decided_by: str
    decided_at: str


class RoutingItem(TypedDict):
    id: str
    case_id: str
    lane: str
    reason: str
    routed_by: str
    routed_at: str


class ReviewTask(TypedDict):
    id: str
    case_id: str
    queue: str
    required_role: str
    status: str
    assigned_to: str | None
    created_at: str
    due_at: str


class Document2(TypedDict):
    id: str
    kind: str
    title: str
    date: str
    author: Author
    signed: bool
    origin: str
    received_at: str
    body_chars: NotRequired[int]
    signed_by: NotRequired[RequestingWorker | None]
    copied_from: NotRequired[str]
    body: NotRequired[str]


class EvidenceItem(TypedDict):
    document_id: str
    quote: str


class NurseEvaluation(TypedDict):
    id: str
    case_id: str
    stage: str
    line_number: int
    criterion_id: str
    citation: str
    result: str
    evidence: list[EvidenceItem]
    note: str
    reviewer_id: str
    updated_at: str


class NurseRecommendation2(TypedDict):
    id: str
    case_id: str
    recommendation: str
    clinical_summary: str
    info_requested: list[JsonValue]
    info_due: JsonValue
    reviewer_id: str
    submitted_at: str
    criteria_met: int
    criteria_total: int


class MdDecision2(TypedDict):
    id: str
    case_id: str
    decision: str
    rationale: str
    denial_rationale: JsonValue
    policy_citations: list[str]
    line_decisions: list[JsonValue]
    info_requested: list[JsonValue]
    info_due: JsonValue
    signed_off: bool
    reviewer_id: str
    decided_at: str
    superseded_by: JsonValue


class ReviewGetMdReviewDataResult(SectionPaged):
    case: NotRequired[Case3]
    member: NotRequired[Member2]
    intake: NotRequired[Intake]
    triage: NotRequired[Triage]
    routing: NotRequired[list[RoutingItem]]
    review_tasks: NotRequired[list[ReviewTask]]
    lines: NotRequired[list[Line2]]
    policy: NotRequired[Policy]
    documents: NotRequired[list[Document2]]
    nurse_evaluations: NotRequired[list[NurseEvaluation]]
    nurse_recommendation: NotRequired[NurseRecommendation2 | None]
    md_evaluations: NotRequired[list[JsonValue]]
    md_decisions: NotRequired[list[MdDecision2]]
    p2p_requests: NotRequired[list[JsonValue]]
    documents_hint: NotRequired[str]
    case_id: NotRequired[str]
    case_status: NotRequired[str]


class ReviewGetNurseReviewDataResult(SectionPaged):
    case: NotRequired[Case3]
    member: NotRequired[Member]
    intake: NotRequired[Intake]
    triage: NotRequired[Triage]
    routing: NotRequired[list[RoutingItem]]
    review_tasks: NotRequired[list[ReviewTask]]
    lines: NotRequired[list[Line2]]
    policy: NotRequired[Policy]
    documents: list[Document2]
    evaluations: NotRequired[list[NurseEvaluation]]
    nurse_recommendation: NotRequired[NurseRecommendation2 | None]
    documents_hint: NotRequired[str]
    case_id: NotRequired[str]
    case_status: NotRequired[str]


class ReviewSaveCriteriaEvaluationResult(Result):
    id: str
    case_id: str
    stage: str
    line_number: int
    criterion_id: str
    citation: str
    result: str
    evidence: list[EvidenceItem]
    note: str
    reviewer_id: str
    updated_at: str


class ReviewSaveMdReviewResult(Result):
    id: str
    case_id: str
    stage: str
    line_number: int
    criterion_id: str
    citation: str
    result: str
    evidence: list[EvidenceItem]
    note: str
    reviewer_id: str
    updated_at: str


class LineDecision2(TypedDict):
    line_number: int
    decision: str
    approved_units: int
    reason: str | None


class ReviewSubmitMdCaseDecisionResult(Result):
    id: str
    case_id: str
    decision: str
    rationale: str
    denial_rationale: str | None
    policy_citations: list[str]
    line_decisions: list[LineDecision2]
    info_requested: list[str]
    info_due: str | None
    signed_off: bool
    reviewer_id: str
    decided_at: str
    superseded_by: JsonValue
    case_status: str


class ReviewSubmitNurseCaseRecommendationResult(Result):
    id: str
    case_id: str
    recommendation: str
    clinical_summary: str
    info_requested: list[str]
    info_due: str | None
    reviewer_id: str
    submitted_at: str
    criteria_met: int
    criteria_total: int
    case_status: str


class TriageCalculateSlaResult(Result):
    case_id: str
    urgency_level: str
    state: str
    hours: int
    received_at: str
    deadline: str
    rule_source: str


class TriageCheckGoldCardResult(Result):
    case_id: str
    eligible: bool
    reason: str
    npi: str
    plan_id: str
    service_category: str
    checked_on: str


class Intake2(TypedDict):
    id: str
    case_id: str
    packet_id: str
    status: str
    auth_type: str
    received_at: str
    channel: str
    urgency_level: str
    urgency_requested_by: str
    request_date: str
    service_start: str
    service_end: JsonValue
    place_of_service: str
    member_state: str
    member_eligibility_verified: bool
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos]
    requesting_provider: RequestingProvider2
    decision_request_complete: bool
    decision_member_eligible: bool
    decision_service_covered: bool
    decision_provider_network_status: str
    missing_information: list[JsonValue]
    completed_by: str
    completed_at: str
    updated_at: str
    line_items: list[LineItem3]


class TriageGetResult(Sectioned):
    case: Case3
    intake: Intake2
    triage: Triage | None
    routing: list[RoutingItem]


class TriageRouteCaseResult(Result):
    id: str
    case_id: str
    lane: str
    reason: str
    routed_by: str
    routed_at: str
    review_task_id: NotRequired[str]
    case_status: str


class TriageSetDispositionResult(Result):
    id: str
    case_id: str
    intake_id: str
    urgency_level: str
    received_at: str
    state: str
    sla_hours: int
    sla_deadline: str
    sla_rule_source: str
    gold_card_checked: bool
    gold_card_eligible: bool
    disposition: str
    disposition_reason: str
    decided_by: str
    decided_at: str
