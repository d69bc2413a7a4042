"""Result shapes of the payer tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 41 in all.

Each tool handler in ``bindings_payer.py`` declares its result type from here; the registry derives the
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

from .outputs import JsonValue, Page, Result, Sectioned, SectionPaged


class DeterminationFinalizeResult(Result):
    id: str | None
    case_id: str | None
    decision: str | None
    basis: str | None
    source: str | None
    source_record_id: str | None
    overridden: bool | None
    override_reason: JsonValue
    rationale: str | None
    policy_citations: list[str | None]
    determined_by: str | None
    determined_at: str | None
    sla_deadline: str | None
    sla_met: bool | None
    authorization_number: str | None
    superseded_by: JsonValue
    case_status: str | None
    preflight_steps: list[str | None]
    auth_valid_from: str | None
    auth_valid_to: str | None


class RequestingWorker(TypedDict):
    id: str | None
    name: str | None
    role: str | None
    credentials: str | None
    npi: str | None
    org_id: str | None
    specialty: str | None


class Line(TypedDict):
    id: str | None
    case_id: str | None
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: str | None
    outcome: str | None
    approved_units: int | None


class Case(TypedDict):
    id: str | None
    patient_id: str | None
    order_id: str | None
    coverage_id: str | None
    plan_id: str | None
    requesting_worker_id: str | None
    status: str | None
    urgency: str | None
    site_of_service: str | None
    diagnosis_codes: list[str | None]
    requested_start: str | None
    created_by: str | None
    created_at: str | None
    updated_at: str | None
    submission_channel: str | None
    submitted_at: str | None
    authorization_number: str | None
    auth_valid_from: str | None
    auth_valid_to: str | None
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue
    requesting_worker: RequestingWorker | None
    lines: list[Line | None]


class Coverage(TypedDict):
    status: str | None
    effective_date: str | None
    termination_date: JsonValue
    group_number: str | None


class Plan(TypedDict):
    id: str | None
    name: str | None
    line_of_business: str | None
    product: str | None
    state: str | None


class Member(TypedDict):
    patient_id: str | None
    name: str | None
    birth_date: str | None
    sex: str | None
    state: str | None
    preferred_language: str | None
    member_id: str | None
    coverage: Coverage | None
    plan: Plan | None


class Line2(TypedDict):
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: str | None


class Sla(TypedDict):
    urgency_level: str | None
    deadline: str | None
    rule_source: str | None
    now: str | None
    seconds_remaining: int | None
    met_if_decided_now: bool | None


class NurseRecommendation(TypedDict):
    id: str | None
    case_id: str | None
    recommendation: str | None
    clinical_summary: str | None
    info_requested: list[str | None]
    info_due: str | None
    reviewer_id: str | None
    submitted_at: str | None
    criteria_met: int | None
    criteria_total: int | None


class LineDecision(TypedDict):
    approved_units: int | None
    decision: str | None
    line_number: int | None
    reason: str | None


class MdDecision(TypedDict):
    id: str | None
    case_id: str | None
    decision: str | None
    rationale: str | None
    denial_rationale: str | None
    policy_citations: list[str | None]
    line_decisions: list[LineDecision | None]
    info_requested: list[JsonValue]
    info_due: JsonValue
    signed_off: bool | None
    reviewer_id: str | None
    decided_at: str | None
    superseded_by: JsonValue


class P2pRequest(TypedDict):
    id: str | None
    case_id: str | None
    md_decision_id: str | None
    original_reviewer_id: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    status: str | None
    reason: str | None
    offered_slots: list[str | None]
    selected_slot: str | None
    scheduled_at: str | None
    outcome: str | None
    outcome_note: str | None
    created_at: str | None
    due_at: str | None


class CriteriaItem(TypedDict):
    criterion_id: str | None
    text: str | None
    citation: str | None


class Policy(TypedDict):
    handbook_policy_id: str | None
    service_category: str | None
    criteria: list[CriteriaItem | None]


class Nurse(TypedDict):
    met: int | None
    not_met: int | None
    unclear: int | None


class NotEvaluatedItem(TypedDict):
    line_number: int | None
    criterion_id: str | None


class Criteria(TypedDict):
    policy: Policy | None
    nurse: Nurse | None
    md: Nurse | None
    not_evaluated: list[NotEvaluatedItem | None]


class Determination(TypedDict):
    id: str | None
    case_id: str | None
    decision: str | None
    basis: str | None
    source: str | None
    source_record_id: str | None
    overridden: bool | None
    override_reason: JsonValue
    rationale: str | None
    policy_citations: list[str | None]
    determined_by: str | None
    determined_at: str | None
    sla_deadline: str | None
    sla_met: bool | None
    authorization_number: str | None
    superseded_by: JsonValue


class Approved(TypedDict):
    passes: bool | None
    step: NotRequired[str | None]
    message: NotRequired[str | None]
    source: NotRequired[str | None]


class PartiallyApproved(TypedDict):
    passes: bool | None
    step: str | None
    message: str | None


class PreflightPreview(TypedDict):
    approved: Approved | None
    denied: Approved | None
    partially_approved: PartiallyApproved | None


class DeterminationGetSummaryResult(Sectioned):
    case: Case | None
    member: Member | None
    lines: list[Line2 | None]
    sla: Sla | None
    nurse_recommendation: NurseRecommendation | None
    md_decision: MdDecision | None
    p2p_request: P2pRequest | None
    criteria: Criteria | None
    determination: Determination | None
    determination_history: list[Determination | None]
    preflight_preview: PreflightPreview | None


class Request(TypedDict):
    id: str | None
    case_id: str | None
    md_decision_id: str | None
    original_reviewer_id: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    status: str | None
    reason: str | None
    offered_slots: list[str | None]
    selected_slot: str | None
    scheduled_at: JsonValue
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str | None
    due_at: str | None


class P2pListResult(Page):
    requests: list[Request | None]


class P2pOfferSlotsResult(Result):
    id: str | None
    case_id: str | None
    md_decision_id: str | None
    original_reviewer_id: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    status: str | None
    reason: str | None
    offered_slots: list[str | None]
    selected_slot: str | None
    scheduled_at: JsonValue
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str | None
    due_at: str | None


class P2pRecordOutcomeResult(Result):
    id: str | None
    case_id: str | None
    md_decision_id: str | None
    original_reviewer_id: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    status: str | None
    reason: str | None
    offered_slots: list[str | None]
    selected_slot: str | None
    scheduled_at: str | None
    outcome: str | None
    outcome_note: str | None
    created_at: str | None
    due_at: str | None


class P2pScheduleResult(Result):
    id: str | None
    case_id: str | None
    md_decision_id: str | None
    original_reviewer_id: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    status: str | None
    reason: str | None
    offered_slots: list[str | None]
    selected_slot: str | None
    scheduled_at: str | None
    outcome: JsonValue
    outcome_note: JsonValue
    created_at: str | None
    due_at: str | None
    invite_artifact_id: str | None


class Request2(TypedDict):
    id: str | None
    case_id: str | None
    status: str | None
    reason: str | None
    scheduled_at: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    outcome: JsonValue


class Case2(TypedDict):
    case_id: str | None
    member: str | None
    service: str | None
    codes: list[str | None]


class Counterpart(TypedDict):
    worker_id: str | None
    name: str | None
    role: str | None
    organization: str | None


class Session(TypedDict):
    session_id: str | None
    started: bool | None
    agent_turns: int | None
    turn_limit: int | None
    turns_left: int | None
    ended: bool | None
    end_reason: JsonValue
    finalized: bool | None
    backend: str | None
    started_at: NotRequired[str | None]
    ended_at: NotRequired[JsonValue]


class TranscriptItem(TypedDict):
    turn_number: int | None
    speaker: str | None
    text: str | None
    at: str | None


class P2pSessionGetContextResult(Page):
    request: Request2 | None
    case: Case2 | None
    agent_side: str | None
    counterpart: Counterpart | None
    opening_statement: str | None
    session: Session | None
    summary: JsonValue
    proposed_outcome: JsonValue
    transcript: list[TranscriptItem | None]


class P2pSessionSendTurnResult(Result):
    request_id: str | None
    session_id: str | None
    turn_number: int | None
    counterpart_response: str | None
    agent_turns: int | None
    turn_limit: int | None
    turns_left: int | None
    ended: bool | None
    end_reason: str | None
    backend: str | None
    token_usage: JsonValue


class P2pSessionSubmitSummaryResult(Result):
    id: str | None
    request_id: str | None
    case_id: str | None
    agent_side: str | None
    agent_worker_id: str | None
    counterpart_worker_id: str | None
    turn_limit: int | None
    agent_turns: int | None
    finalized: bool | None
    summary: str | None
    proposed_outcome: str | None
    started_at: str | None
    ended_at: str | None
    backend: str | None


class Diagnos(TypedDict):
    code: str | None
    display: str | None
    is_primary: bool | None


class RequestingProvider(TypedDict):
    fax: JsonValue
    name: str | None
    npi: str | None
    organization: str | None
    phone: JsonValue
    specialty: JsonValue


class LineItem(TypedDict):
    id: str | None
    intake_id: str | None
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: JsonValue
    place_of_service: str | None
    service_start: str | None
    service_end: JsonValue


class PayerIntakeHubAddLineItemResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]


class RequestingProvider2(TypedDict):
    address: NotRequired[str | None]
    fax: str | None
    name: str | None
    npi: str | None
    org_id: NotRequired[str | None]
    org_name: NotRequired[str | None]
    org_npi: NotRequired[str | None]
    phone: str | None
    specialty: str | None
    tin: NotRequired[str | None]
    worker_id: NotRequired[str | None]
    organization: NotRequired[str | None]


class PayerIntakeHubConfirmDecisionsResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider2 | None
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str | None
    line_items: list[LineItem | None]


class RequestingProvider3(TypedDict):
    address: str | None
    fax: str | None
    name: str | None
    npi: str | None
    org_id: str | None
    org_name: str | None
    org_npi: str | None
    phone: str | None
    specialty: str | None
    tin: str | None
    worker_id: str | None


class PayerIntakeHubCreateIntakeCaseResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
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
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider3 | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]
    created: bool | None


class LineItem2(TypedDict):
    id: str | None
    intake_id: str | None
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: str | None
    place_of_service: str | None
    service_start: str | None
    service_end: JsonValue


class StructuredValueItem(TypedDict):
    code: str | None
    line_number: int | None
    modifier: str | None
    system: str | None
    units: int | None


class PayerReplyDetail(TypedDict):
    intake_created: bool | None
    intake_id: str | None
    outcome: str | None


class Request3(TypedDict):
    id: str | None
    case_id: str | None
    sequence: int | None
    channel: str | None
    payer_document_ids: list[str | None]
    questionnaire_answers: dict[str, str | bool | float] | None
    structured: dict[str, str | list[str | StructuredValueItem | None] | None] | None
    note: JsonValue
    submitted_by: str | None
    submitted_at: str | None
    payer_reply: str | None
    payer_reply_detail: PayerReplyDetail | None


class DirectoryMatch(TypedDict):
    npi: str | None
    found: bool | None
    worker_id: str | None
    name: str | None
    specialty: str | None
    org_id: str | None
    org_name: str | None
    org_state: str | None
    in_plan_network: bool | None


class Document(TypedDict):
    id: str | None
    kind: str | None
    title: str | None
    date: str | None
    author: RequestingWorker | None
    signed: bool | None
    signed_by: RequestingWorker | None
    origin: str | None
    copied_from: str | None
    received_at: str | None


class PayerIntakeHubGetIntakeCaseResult(Sectioned):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
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
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider3 | None
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str | None
    line_items: list[LineItem2 | None]
    member: Member | None
    request: Request3 | None
    directory_match: DirectoryMatch | None
    documents: list[Document | None]


class PayerIntakeHubListDocumentsResult(Page):
    documents: list[Document | None]


class Cas(TypedDict):
    case_id: str | None
    case_status: str | None
    intake_id: str | None
    intake_status: str | None
    workflow_state: str | None
    received_at: str | None
    channel: str | None
    requested_urgency: str | None
    member_name: str | None


class PayerIntakeHubListIntakeQueueResult(Page):
    cases: list[Cas | None]


class PayerIntakeHubRemoveLineItemResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]


class PayerIntakeHubSaveAuthHeaderResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
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
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider3 | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem2 | None]


class PayerIntakeHubSaveDiagnosesResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider3 | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]


class RequestingProvider4(TypedDict):
    npi: str | None
    name: str | None
    organization: str | None
    specialty: JsonValue
    phone: JsonValue
    fax: JsonValue


class PayerIntakeHubSaveRequestingProviderResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider4 | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]


class PayerIntakeHubUpdateLineItemResult(Result):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider | None
    decision_request_complete: JsonValue
    decision_member_eligible: JsonValue
    decision_service_covered: JsonValue
    decision_provider_network_status: JsonValue
    missing_information: list[JsonValue]
    completed_by: JsonValue
    completed_at: JsonValue
    updated_at: str | None
    line_items: list[LineItem | None]


class PayerLetterCenterAuditCompletenessResult(Result):
    letter_id: str | None
    letter_type: str | None
    complete: bool | None
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class ApprovedLine(TypedDict):
    approved_units: int | None
    code: str | None
    line_number: int | None


class DeniedLineReason(TypedDict):
    line_number: int | None
    reason: str | None


class LineOutcome(TypedDict):
    approved_units: int | None
    code: str | None
    line_number: int | None
    outcome: str | None


class Fields(TypedDict):
    case_reference: str | None
    letter_date: str | None
    member_id: str | None
    member_name: str | None
    missing_items: NotRequired[list[str | None]]
    plan_name: str | None
    response_due: NotRequired[str | None]
    service_codes: list[str | None]
    service_description: str | None
    signer_credentials: str | None
    signer_name: str | None
    submission_instructions: NotRequired[str | None]
    appeal_deadline_days: NotRequired[int | None]
    appeal_rights: NotRequired[str | None]
    criteria_access: NotRequired[str | None]
    criteria_not_met: NotRequired[list[str | None]]
    external_review_rights: NotRequired[str | None]
    peer_to_peer_offer: NotRequired[str | None]
    policy_citations: NotRequired[list[str | None]]
    approved_lines: NotRequired[list[ApprovedLine | None]]
    authorization_number: NotRequired[str | None]
    valid_from: NotRequired[str | None]
    valid_to: NotRequired[str | None]
    denied_line_reasons: NotRequired[list[DeniedLineReason | None]]
    line_outcomes: NotRequired[list[LineOutcome | None]]


class Audit(TypedDict):
    letter_id: str | None
    letter_type: str | None
    complete: bool | None
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class PayerLetterCenterDeliverResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields | None
    policy_citations: list[str | None]
    signer_id: str | None
    created_at: str | None
    delivered_at: str | None
    delivery_channel: str | None
    reissued_from: str | None
    audit: Audit | None
    artifact_id: str | None
    inbox_message_id: str | None


class ApprovedLine2(TypedDict):
    line_number: int | None
    code: str | None
    approved_units: int | None


class Fields2(TypedDict):
    member_name: str | None
    member_id: str | None
    case_reference: str | None
    service_description: str | None
    service_codes: list[str | None]
    plan_name: str | None
    letter_date: str | None
    signer_name: str | None
    signer_credentials: str | None
    authorization_number: str | None
    approved_lines: list[ApprovedLine2 | None]
    valid_from: str | None
    valid_to: str | None


class PayerLetterCenterGenerateApprovalResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields2 | None
    policy_citations: list[JsonValue]
    signer_id: str | None
    created_at: str | None
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit | None


class Fields3(TypedDict):
    member_name: str | None
    member_id: str | None
    case_reference: str | None
    service_description: str | None
    service_codes: list[str | None]
    plan_name: str | None
    letter_date: str | None
    signer_name: str | None
    signer_credentials: str | None
    criteria_not_met: list[str | None]
    policy_citations: list[str | None]
    appeal_rights: NotRequired[str | None]
    appeal_deadline_days: NotRequired[int | None]
    external_review_rights: NotRequired[str | None]
    peer_to_peer_offer: NotRequired[str | None]
    criteria_access: NotRequired[str | None]


class Audit2(TypedDict):
    letter_id: str | None
    letter_type: str | None
    complete: bool | None
    missing_fields: list[str | None]
    problems: list[str | None]


class PayerLetterCenterGenerateDenialResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields3 | None
    policy_citations: list[str | None]
    signer_id: str | None
    created_at: str | None
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit2 | None


class PayerLetterCenterGenerateNotificationResult(Result):
    id: str | None
    case_id: str | None
    patient_id: str | None
    notification_type: str | None
    body: str | None
    language: str | None
    channel: str | None
    created_by: str | None
    created_at: str | None


class LineOutcome2(TypedDict):
    line_number: int | None
    code: str | None
    outcome: str | None
    approved_units: int | None


class Fields4(TypedDict):
    member_name: str | None
    member_id: str | None
    case_reference: str | None
    service_description: str | None
    service_codes: list[str | None]
    plan_name: str | None
    letter_date: str | None
    signer_name: str | None
    signer_credentials: str | None
    authorization_number: str | None
    line_outcomes: list[LineOutcome2 | None]
    denied_line_reasons: list[DeniedLineReason | None]
    appeal_rights: str | None
    policy_citations: list[str | None]


class PayerLetterCenterGeneratePartialApprovalResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields4 | None
    policy_citations: list[str | None]
    signer_id: str | None
    created_at: str | None
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit | None


class Fields5(TypedDict):
    member_name: str | None
    member_id: str | None
    case_reference: str | None
    service_description: str | None
    service_codes: list[str | None]
    plan_name: str | None
    letter_date: str | None
    signer_name: str | None
    signer_credentials: str | None
    missing_items: list[str | None]
    response_due: str | None
    submission_instructions: str | None


class PayerLetterCenterGeneratePendResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: JsonValue
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields5 | None
    policy_citations: list[JsonValue]
    signer_id: str | None
    created_at: str | None
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: JsonValue
    audit: Audit | None


class Fields6(TypedDict):
    approved_lines: list[ApprovedLine | None]
    authorization_number: str | None
    case_reference: str | None
    letter_date: str | None
    member_id: str | None
    member_name: str | None
    plan_name: str | None
    service_codes: list[str | None]
    service_description: str | None
    signer_credentials: str | None
    signer_name: str | None
    valid_from: str | None
    valid_to: str | None


class Audit3(TypedDict):
    complete: bool | None
    letter_id: str | None
    letter_type: str | None
    missing_fields: list[JsonValue]
    problems: list[JsonValue]


class PayerLetterCenterGetResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields6 | None
    policy_citations: list[JsonValue]
    signer_id: str | None
    created_at: str | None
    delivered_at: str | None
    delivery_channel: str | None
    reissued_from: JsonValue
    audit: Audit3 | None


class Letter(TypedDict):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields6 | None
    policy_citations: list[JsonValue]
    signer_id: str | None
    created_at: str | None
    delivered_at: str | None
    delivery_channel: str | None
    reissued_from: JsonValue
    audit: Audit3 | None


class PayerLetterCenterListResult(Page):
    letters: list[Letter | None]


class Fields7(TypedDict):
    approved_lines: NotRequired[list[ApprovedLine | None]]
    authorization_number: NotRequired[str | None]
    case_reference: str | None
    letter_date: str | None
    member_id: str | None
    member_name: str | None
    plan_name: str | None
    service_codes: list[str | None]
    service_description: str | None
    signer_credentials: str | None
    signer_name: str | None
    valid_from: NotRequired[str | None]
    valid_to: NotRequired[str | None]
    criteria_not_met: NotRequired[list[str | None]]
    policy_citations: NotRequired[list[str | None]]
    appeal_rights: NotRequired[str | None]
    appeal_deadline_days: NotRequired[int | None]
    external_review_rights: NotRequired[str | None]
    peer_to_peer_offer: NotRequired[str | None]
    criteria_access: NotRequired[str | None]


class PayerLetterCenterReissueResult(Result):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields7 | None
    policy_citations: list[str | None]
    signer_id: str | None
    created_at: str | None
    delivered_at: JsonValue
    delivery_channel: JsonValue
    reissued_from: str | None
    audit: Audit | None


class Line3(TypedDict):
    id: str | None
    case_id: str | None
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: str | None
    outcome: JsonValue
    approved_units: JsonValue


class Case3(TypedDict):
    id: str | None
    patient_id: str | None
    order_id: str | None
    coverage_id: str | None
    plan_id: str | None
    requesting_worker_id: str | None
    status: str | None
    urgency: str | None
    site_of_service: str | None
    diagnosis_codes: list[str | None]
    requested_start: str | None
    created_by: str | None
    created_at: str | None
    updated_at: str | None
    submission_channel: str | None
    submitted_at: str | None
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: JsonValue
    requesting_worker: RequestingWorker | None
    lines: list[Line3 | None]


class Intake(TypedDict):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
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
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider3 | None
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str | None
    line_items: list[LineItem2 | None]


class Triage(TypedDict):
    id: str | None
    case_id: str | None
    intake_id: str | None
    urgency_level: str | None
    received_at: str | None
    state: str | None
    sla_hours: int | None
    sla_deadline: str | None
    sla_rule_source: str | None
    gold_card_checked: bool | None
    gold_card_eligible: bool | None
    disposition: str | None
    disposition_reason: str | None
    decided_by: str | None
    decided_at: str | None


class RoutingItem(TypedDict):
    id: str | None
    case_id: str | None
    lane: str | None
    reason: str | None
    routed_by: str | None
    routed_at: str | None


class ReviewTask(TypedDict):
    id: str | None
    case_id: str | None
    queue: str | None
    required_role: str | None
    status: str | None
    assigned_to: str | None
    created_at: str | None
    due_at: str | None


class Document2(TypedDict):
    id: str | None
    kind: str | None
    title: str | None
    date: str | None
    author: RequestingWorker | None
    signed: bool | None
    origin: str | None
    received_at: str | None
    body_chars: NotRequired[int | None]
    signed_by: NotRequired[RequestingWorker | None]
    copied_from: NotRequired[str | None]
    body: NotRequired[str | None]


class EvidenceItem(TypedDict):
    document_id: str | None
    quote: str | None


class NurseEvaluation(TypedDict):
    id: str | None
    case_id: str | None
    stage: str | None
    line_number: int | None
    criterion_id: str | None
    citation: str | None
    result: str | None
    evidence: list[EvidenceItem | None]
    note: str | None
    reviewer_id: str | None
    updated_at: str | None


class NurseRecommendation2(TypedDict):
    id: str | None
    case_id: str | None
    recommendation: str | None
    clinical_summary: str | None
    info_requested: list[JsonValue]
    info_due: JsonValue
    reviewer_id: str | None
    submitted_at: str | None
    criteria_met: int | None
    criteria_total: int | None


class MdDecision2(TypedDict):
    id: str | None
    case_id: str | None
    decision: str | None
    rationale: str | None
    denial_rationale: JsonValue
    policy_citations: list[str | None]
    line_decisions: list[JsonValue]
    info_requested: list[JsonValue]
    info_due: JsonValue
    signed_off: bool | None
    reviewer_id: str | None
    decided_at: str | None
    superseded_by: JsonValue


class ReviewGetMdReviewDataResult(SectionPaged):
    case: NotRequired[Case3 | None]
    member: NotRequired[Member | None]
    intake: NotRequired[Intake | None]
    triage: NotRequired[Triage | None]
    routing: NotRequired[list[RoutingItem | None]]
    review_tasks: NotRequired[list[ReviewTask | None]]
    lines: NotRequired[list[Line2 | None]]
    policy: NotRequired[Policy | None]
    documents: NotRequired[list[Document2 | None]]
    nurse_evaluations: NotRequired[list[NurseEvaluation | None]]
    nurse_recommendation: NotRequired[NurseRecommendation2 | None]
    md_evaluations: NotRequired[list[JsonValue]]
    md_decisions: NotRequired[list[MdDecision2 | None]]
    p2p_requests: NotRequired[list[JsonValue]]
    documents_hint: NotRequired[str | None]
    case_id: NotRequired[str | None]
    case_status: NotRequired[str | None]


class ReviewGetNurseReviewDataResult(SectionPaged):
    case: NotRequired[Case3 | None]
    member: NotRequired[Member | None]
    intake: NotRequired[Intake | None]
    triage: NotRequired[Triage | None]
    routing: NotRequired[list[RoutingItem | None]]
    review_tasks: NotRequired[list[ReviewTask | None]]
    lines: NotRequired[list[Line2 | None]]
    policy: NotRequired[Policy | None]
    documents: list[Document2 | None]
    evaluations: NotRequired[list[NurseEvaluation | None]]
    nurse_recommendation: NotRequired[NurseRecommendation2 | None]
    documents_hint: NotRequired[str | None]
    case_id: NotRequired[str | None]
    case_status: NotRequired[str | None]


class ReviewSaveCriteriaEvaluationResult(Result):
    id: str | None
    case_id: str | None
    stage: str | None
    line_number: int | None
    criterion_id: str | None
    citation: str | None
    result: str | None
    evidence: list[EvidenceItem | None]
    note: str | None
    reviewer_id: str | None
    updated_at: str | None


class ReviewSaveMdReviewResult(Result):
    id: str | None
    case_id: str | None
    stage: str | None
    line_number: int | None
    criterion_id: str | None
    citation: str | None
    result: str | None
    evidence: list[EvidenceItem | None]
    note: str | None
    reviewer_id: str | None
    updated_at: str | None


class LineDecision2(TypedDict):
    line_number: int | None
    decision: str | None
    approved_units: int | None
    reason: str | None


class ReviewSubmitMdCaseDecisionResult(Result):
    id: str | None
    case_id: str | None
    decision: str | None
    rationale: str | None
    denial_rationale: str | None
    policy_citations: list[str | None]
    line_decisions: list[LineDecision2 | None]
    info_requested: list[str | None]
    info_due: str | None
    signed_off: bool | None
    reviewer_id: str | None
    decided_at: str | None
    superseded_by: JsonValue
    # a peer-to-peer offered before denying (md_review.submit_md_case_decision): the request and the notice
    p2p_request_id: NotRequired[str | None]
    preliminary_notice_id: NotRequired[str | None]
    case_status: str | None


class ReviewSubmitNurseCaseRecommendationResult(Result):
    id: str | None
    case_id: str | None
    recommendation: str | None
    clinical_summary: str | None
    info_requested: list[str | None]
    info_due: str | None
    reviewer_id: str | None
    submitted_at: str | None
    criteria_met: int | None
    criteria_total: int | None
    case_status: str | None


class TriageCalculateSlaResult(Result):
    case_id: str | None
    urgency_level: str | None
    state: str | None
    hours: int | None
    received_at: str | None
    deadline: str | None
    rule_source: str | None


class TriageCheckGoldCardResult(Result):
    case_id: str | None
    eligible: bool | None
    reason: str | None
    npi: str | None
    plan_id: str | None
    service_category: str | None
    checked_on: str | None


class Intake2(TypedDict):
    id: str | None
    case_id: str | None
    packet_id: str | None
    status: str | None
    auth_type: str | None
    received_at: str | None
    channel: str | None
    urgency_level: str | None
    urgency_requested_by: str | None
    request_date: str | None
    service_start: str | None
    service_end: JsonValue
    place_of_service: str | None
    member_state: str | None
    member_eligibility_verified: bool | None
    continuity_of_care: JsonValue
    diagnosis_type: str | None
    diagnoses: list[Diagnos | None]
    requesting_provider: RequestingProvider2 | None
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str | None
    line_items: list[LineItem2 | None]


class TriageGetResult(Sectioned):
    case: Case3 | None
    intake: Intake2 | None
    triage: Triage | None
    routing: list[RoutingItem | None]


class TriageRouteCaseResult(Result):
    id: str | None
    case_id: str | None
    lane: str | None
    reason: str | None
    routed_by: str | None
    routed_at: str | None
    review_task_id: NotRequired[str | None]  # routed to a review lane
    # approved at routing (an approve lane: the determination is written with the route)
    determination_id: NotRequired[str | None]
    authorization_number: NotRequired[str | None]
    case_status: str | None


class TriageSetDispositionResult(Result):
    id: str | None
    case_id: str | None
    intake_id: str | None
    urgency_level: str | None
    received_at: str | None
    state: str | None
    sla_hours: int | None
    sla_deadline: str | None
    sla_rule_source: str | None
    gold_card_checked: bool | None
    gold_card_eligible: bool | None
    disposition: str | None
    disposition_reason: str | None
    decided_by: str | None
    decided_at: str | None
