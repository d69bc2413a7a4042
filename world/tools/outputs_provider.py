"""Result shapes of the provider tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 30 in all.

Each tool handler in ``bindings_provider.py`` declares its result type from here; the registry derives the
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


class StructuredValueItem(TypedDict):
    code: str | None
    line_number: int | None
    modifier: JsonValue
    system: str | None
    units: int | None


class PayerReplyDetail(TypedDict):
    intake_created: bool | None
    intake_id: str | None
    outcome: str | None


class LatestSubmission(TypedDict):
    id: str | None
    case_id: str | None
    sequence: int | None
    channel: str | None
    bundle_document_id: str | None
    document_ids: list[str | None]
    questionnaire_answers: dict[str, str | bool | float] | None
    structured: dict[str, str | list[str | StructuredValueItem | None] | None] | None
    note: str | None
    submitted_by: str | None
    submitted_at: str | None
    payer_reply: str | None
    payer_reply_detail: PayerReplyDetail | None


class Details(TypedDict):
    """A provider inbox message's details: the keys depend on the message ``kind`` (a determination, a
    letter, a peer-to-peer invitation or booking, a preliminary adverse determination, a document)."""

    channel: NotRequired[str | None]
    determination_id: NotRequired[str | None]
    letter_id: NotRequired[str | None]
    from_worker_id: NotRequired[str | None]
    outcome: NotRequired[str | None]
    document_id: NotRequired[str | None]
    document_kind: NotRequired[str | None]
    # a peer-to-peer invitation (p2p_scheduler.offer), its booking and artifacts
    request_id: NotRequired[str | None]
    p2p_request_id: NotRequired[str | None]
    payer_reviewer_id: NotRequired[str | None]
    slots: NotRequired[list[str | None] | None]
    selected_slot: NotRequired[str | None]
    scheduled_at: NotRequired[str | None]
    artifact_id: NotRequired[str | None]
    # a preliminary adverse determination (md_review)
    md_decision_id: NotRequired[str | None]
    policy_citations: NotRequired[list[str | None] | None]


class Message(TypedDict):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    body: str | None
    sender: str | None
    sent_at: str | None
    read_at: str | None
    details: Details | None
    unread: bool | None


class ApprovedLine(TypedDict):
    approved_units: int | None
    code: str | None
    line_number: int | None


class Fields(TypedDict):
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
    appeal_deadline_days: NotRequired[str | None]
    appeal_rights: NotRequired[str | None]
    criteria_access: NotRequired[str | None]
    criteria_not_met: NotRequired[list[str | None]]
    external_review_rights: NotRequired[str | None]
    peer_to_peer_offer: NotRequired[str | None]
    policy_citations: NotRequired[list[str | None]]
    missing_items: NotRequired[list[str | None]]
    response_due: NotRequired[str | None]
    submission_instructions: NotRequired[str | None]


class Letter(TypedDict):
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
    reissued_from: JsonValue


class UnreadableFaxPage(TypedDict):
    id: str | None
    packet_id: str | None
    page_number: int | None
    document_id: str | None
    readable: bool | None
    resent_in_packet_id: JsonValue


class NextAction(TypedDict):
    tool: str | None
    action: str | None
    to_status: str | None
    hint: str | None
    awaiting: NotRequired[str | None]  # the party the case waits on (pa_workbench: "payer")


class AuthCheckStatusResult(Sectioned):
    case_id: str | None
    status: str | None
    submission_channel: str | None
    submitted_at: str | None
    authorization_number: str | None
    auth_valid_from: str | None
    auth_valid_to: str | None
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue
    latest_submission: LatestSubmission | None
    messages: list[Message | None]
    letters: list[Letter | None]
    p2p_requests: list[JsonValue]
    unreadable_fax_pages: list[UnreadableFaxPage | None]
    next_actions: list[NextAction | None]


class AuthFileAppealResult(Result):
    id: str | None
    case_id: str | None
    level: str | None
    status: str | None
    filed_by: str | None
    filed_at: str | None
    deadline_at: str | None
    decision_due_at: str | None
    rationale: str | None
    document_ids: list[str | None]
    external_org: JsonValue
    outcome_rationale: JsonValue
    decided_at: JsonValue


class AuthFileExternalAppealResult(Result):
    id: str | None
    case_id: str | None
    level: str | None
    status: str | None
    filed_by: str | None
    filed_at: str | None
    deadline_at: str | None
    decision_due_at: str | None
    rationale: str | None
    document_ids: list[str | None]
    external_org: JsonValue
    outcome_rationale: JsonValue
    decided_at: JsonValue


class DocumentFinding(TypedDict):
    kind: str | None
    status: str | None
    document_ids: list[str | None]
    note: str | None


class ProviderDetermination(TypedDict):
    id: str | None
    case_id: str | None
    final_action: str | None
    document_findings: list[DocumentFinding | None]
    rationale: str | None
    clinician_request: str | None
    decided_by: str | None
    decided_at: str | None


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
    submission_channel: JsonValue
    submitted_at: JsonValue
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: str | None


class OrderingOrg(TypedDict):
    id: str | None
    name: str | None


class Order(TypedDict):
    id: str | None
    date: str | None
    service_slug: str | None
    clinical_indication: str | None


class Patient(TypedDict):
    id: str | None
    name: str | None
    birth_date: str | None


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
    termination_date: str | None
    plan_name: str | None
    line_of_business: str | None
    product: str | None
    plan_state: str | None
    active_on: ActiveOn | None


class RequestingProvider(TypedDict):
    id: str | None
    name: str | None
    role: str | None
    org_id: str | None
    npi: str | None
    specialty: str | None


class Line(TypedDict):
    id: str | None
    case_id: str | None
    line_number: int | None
    system: str | None
    code: str | None
    display: str | None
    units: int | None
    modifier: JsonValue
    outcome: JsonValue
    approved_units: JsonValue


class RequirementCheck(TypedDict):
    id: str | None
    case_id: str | None
    checked_by: str | None
    checked_at: str | None
    pa_required: bool | None
    notification_only: bool | None
    covered_benefit: bool | None
    in_network: bool | None
    coverage_active: bool | None
    required_document_kinds: list[str | None]
    questionnaire_form_id: str | None
    policy_reference: str | None


class FormRespons(TypedDict):
    id: str | None
    case_id: str | None
    form_id: str | None
    answers: dict[str, str | bool | float] | None
    complete: bool | None
    problems: list[JsonValue]
    updated_by: str | None
    updated_at: str | None


class DetailsValue(TypedDict):
    case_id: str | None
    determination_id: str | None


class CaseDocument(TypedDict):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: JsonValue
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
    details: dict[str, str | bool | int | DetailsValue | list[str | None] | None] | None
    author: RequestingProvider | None
    clinician_signed: bool | None
    body_chars: int | None


class Details2(TypedDict):
    determination_id: str | None
    from_worker_id: str | None
    outcome: str | None
    document_id: NotRequired[str | None]
    document_kind: NotRequired[str | None]


class Message2(TypedDict):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    sender: str | None
    sent_at: str | None
    read_at: JsonValue
    details: Details2 | None
    preview: str | None
    unread: bool | None


StatusHistoryItem = TypedDict("StatusHistoryItem", {"at": str | None, "from": str | None, "to": str | None, "actor_id": str | None, "reason": str | None})


class MoreValue(TypedDict):
    returned: int | None
    total: int | None
    next_offset: int | None


class Case2(TypedDict):
    case: Case | None
    ordering_org: OrderingOrg | None
    order: Order | None
    patient: Patient | None
    coverage: Coverage | None
    requesting_provider: RequestingProvider | None
    lines: list[Line | None]
    requirement_checks: list[RequirementCheck | None]
    provider_determinations: list[ProviderDetermination | None]
    form_responses: list[FormRespons | None]
    case_documents: list[CaseDocument | None]
    submissions: list[JsonValue]
    unreadable_fax_pages: list[JsonValue]
    messages: list[Message2 | None]
    letters: list[JsonValue]
    p2p_requests: list[JsonValue]
    appeals: list[JsonValue]
    status_history: list[StatusHistoryItem | None]
    next_actions: list[NextAction | None]
    more: NotRequired[dict[str, MoreValue | None] | None]
    more_hint: NotRequired[str | None]


class AuthFinalizeProviderDeterminationResult(Sectioned):
    provider_determination: ProviderDetermination | None
    case: Case2 | None


class AuthRequestPeerToPeerResult(Result):
    """No successful result: every call is refused (a peer-to-peer is payer-initiated; the error
    names the open invitations to answer instead)."""


class AuthRespondToPeerToPeerResult(Result):
    id: str | None
    case_id: str | None
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


class StructuredValueItem2(TypedDict):
    line_number: int | None
    system: str | None
    code: str | None
    units: int | None
    modifier: JsonValue


class PayerReplyDetail2(TypedDict):
    outcome: str | None
    intake_id: str | None
    intake_created: bool | None


class Packet(TypedDict):
    id: str | None
    case_id: str | None
    sequence: int | None
    channel: str | None
    bundle_document_id: JsonValue
    document_ids: list[str | None]
    questionnaire_answers: dict[str, str | bool | float] | None
    structured: dict[str, str | list[str | StructuredValueItem2 | None] | None] | None
    note: str | None
    submitted_by: str | None
    submitted_at: str | None
    payer_reply: str | None
    payer_reply_detail: PayerReplyDetail2 | None


class PayerReply(TypedDict):
    outcome: str | None
    intake_id: str | None
    intake_created: bool | None
    basis: str | None
    reasons: list[str | None]
    missing_kinds: list[JsonValue]
    insufficient_kinds: list[JsonValue]
    channel: str | None
    letter_id: str | None
    message_id: str | None
    pend_due: NotRequired[str | None]
    case_status: str | None
    worked_by: list[str | None]
    authorization_number: NotRequired[str | None]


class AuthRespondToPendResult(Result):
    case_id: str | None
    status: str | None
    packet: Packet | None
    payer_reply: PayerReply | None
    warnings: list[JsonValue]


class Packet2(TypedDict):
    id: str | None
    case_id: str | None
    sequence: int | None
    channel: str | None
    bundle_document_id: str | None
    document_ids: list[str | None]
    questionnaire_answers: dict[str, str | bool | float] | None
    structured: dict[str, str | list[str | StructuredValueItem2 | None] | None] | None
    note: JsonValue
    submitted_by: str | None
    submitted_at: str | None
    payer_reply: str | None
    payer_reply_detail: PayerReplyDetail2 | None


class UnreadablePage(TypedDict):
    page_id: str | None
    packet_id: str | None
    page_number: int | None
    document_id: str | None


class PayerReply2(TypedDict):
    outcome: str | None
    intake_id: str | None
    intake_created: bool | None
    basis: str | None
    reasons: list[str | None]
    missing_kinds: list[str | None]
    insufficient_kinds: list[str | None]
    channel: str | None
    letter_id: NotRequired[str | None]
    message_id: NotRequired[str | None]
    authorization_number: NotRequired[str | None]
    case_status: str | None
    worked_by: list[str | None]
    pend_due: NotRequired[str | None]
    appeal_deadline: NotRequired[str | None]
    unreadable_pages: NotRequired[list[UnreadablePage | None]]
    p2p_request_id: NotRequired[str | None]
    offered_slots: NotRequired[list[str | None]]


class AuthSubmitAuthorizationResult(Result):
    case_id: str | None
    status: str | None
    packet: Packet2 | None
    payer_reply: PayerReply2 | None
    warnings: list[JsonValue]


class RequirementCheck2(TypedDict):
    requirement_check_id: str | None
    case_id: str | None
    status: str | None
    pa_required: bool | None
    notification_only: bool | None
    covered_benefit: bool | None
    coverage_active: bool | None
    in_network: bool | None
    date_of_service: str | None
    reason: str | None
    required_document_kinds: list[str | None]
    questionnaire_form_id: str | None
    policy_reference: str | None


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
    submission_channel: JsonValue
    submitted_at: JsonValue
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: JsonValue


class Line2(TypedDict):
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


class CasesCreateFromOrderResult(Sectioned):
    requirement_check: RequirementCheck2 | None
    case: Case3 | None
    ordering_org: OrderingOrg | None
    order: Order | None
    patient: Patient | None
    coverage: Coverage | None
    requesting_provider: RequestingProvider | None
    lines: list[Line2 | None]
    requirement_checks: list[RequirementCheck | None]
    provider_determinations: list[JsonValue]
    form_responses: list[JsonValue]
    case_documents: list[JsonValue]
    submissions: list[JsonValue]
    unreadable_fax_pages: list[JsonValue]
    messages: list[JsonValue]
    letters: list[JsonValue]
    p2p_requests: list[JsonValue]
    appeals: list[JsonValue]
    status_history: list[StatusHistoryItem | None]
    next_actions: list[NextAction | None]


class Case4(TypedDict):
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
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue


class Coverage2(TypedDict):
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


class Line3(TypedDict):
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


class DocumentFinding2(TypedDict):
    document_ids: list[str | None]
    kind: str | None
    note: str | None
    status: str | None


class ProviderDetermination2(TypedDict):
    id: str | None
    case_id: str | None
    final_action: str | None
    document_findings: list[DocumentFinding2 | None]
    rationale: str | None
    clinician_request: JsonValue
    decided_by: str | None
    decided_at: str | None


class Details3(TypedDict):
    document_ids: NotRequired[list[str | None]]
    note: NotRequired[str | None]


class CaseDocument2(TypedDict):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: JsonValue
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
    details: Details3 | None
    author: RequestingProvider | None
    clinician_signed: bool | None
    body_chars: int | None


class Details4(TypedDict):
    channel: str | None
    determination_id: JsonValue
    letter_id: str | None


class Message3(TypedDict):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    sender: str | None
    sent_at: str | None
    read_at: JsonValue
    details: Details4 | None
    preview: str | None
    unread: bool | None


class Fields2(TypedDict):
    case_reference: str | None
    letter_date: str | None
    member_id: str | None
    member_name: str | None
    missing_items: list[str | None]
    plan_name: str | None
    response_due: str | None
    service_codes: list[str | None]
    service_description: str | None
    signer_credentials: str | None
    signer_name: str | None
    submission_instructions: str | None


class Letter2(TypedDict):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: JsonValue
    recipient: str | None
    subject: str | None
    body: str | None
    fields: Fields2 | None
    policy_citations: list[JsonValue]
    signer_id: str | None
    created_at: str | None
    delivered_at: str | None
    delivery_channel: str | None
    reissued_from: JsonValue


class Appeal(TypedDict):
    id: str | None
    case_id: str | None
    level: str | None
    status: str | None
    filed_by: str | None
    filed_at: str | None
    deadline_at: str | None
    decision_due_at: str | None
    rationale: str | None
    document_ids: list[str | None]
    external_org: JsonValue
    outcome_rationale: str | None
    decided_at: str | None


class CasesGetCaseResult(SectionPaged):
    case: Case4 | None
    ordering_org: OrderingOrg | None
    order: Order | None
    patient: Patient | None
    coverage: Coverage2 | None
    requesting_provider: RequestingProvider | None
    lines: list[Line3 | None]
    requirement_checks: list[RequirementCheck | None]
    provider_determinations: list[ProviderDetermination2 | None]
    form_responses: list[FormRespons | None]
    case_documents: list[CaseDocument2 | None]
    submissions: list[LatestSubmission | None]
    unreadable_fax_pages: list[JsonValue]
    messages: list[Message3 | None]
    letters: list[Letter2 | None]
    p2p_requests: list[JsonValue]
    appeals: list[Appeal | None]
    status_history: list[StatusHistoryItem | None]
    next_actions: list[NextAction | None]


class Cas(TypedDict):
    case_id: str | None
    status: str | None
    urgency: str | None
    patient: OrderingOrg | None
    member_id: str | None
    plan_id: str | None
    codes: list[str | None]
    site_of_service: str | None
    requested_start: str | None
    created_at: str | None
    updated_at: str | None
    pend_due_at: JsonValue
    authorization_number: JsonValue


class CasesListCasesResult(Page):
    cases: list[Cas | None]


class Patient2(TypedDict):
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
    pcp: RequestingProvider | None


class Condition(TypedDict):
    id: str | None
    code: str | None
    display: str | None
    onset: str | None
    status: str | None
    abatement: JsonValue
    note: str | None


class Observation(TypedDict):
    id: str | None
    encounter_id: str | None
    loinc: str | None
    display: str | None
    date: str | None
    value_num: float | None
    value_text: str | None
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
    since: JsonValue
    until: JsonValue
    loinc_codes: list[JsonValue]
    codes: list[Code | None]


class Medication(TypedDict):
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


class Procedure(TypedDict):
    id: str | None
    system: str | None
    code: str | None
    display: str | None
    date: str | None
    performer_worker_id: str | None
    note: str | None


class Allergy(TypedDict):
    id: str | None
    substance: str | None
    reaction: str | None
    severity: str | None
    recorded: str | None


class PriorPaCas(TypedDict):
    case_id: str | None
    status: str | None
    order_id: str | None
    codes: list[str | None]
    urgency: str | None
    created_at: str | None
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue


class ChartGetPatientChartResult(SectionPaged):
    as_of: str | None
    patient: Patient2 | None
    coverages: list[Coverage | None]
    conditions: list[Condition | None]
    encounters: list[JsonValue]
    observations: list[Observation | None]
    observations_meta: ObservationsMeta | None
    medications: list[Medication | None]
    procedures: list[Procedure | None]
    allergies: list[Allergy | None]
    documents: list[JsonValue]
    prior_pa_cases: list[PriorPaCas | None]


class Line4(TypedDict):
    code: str | None
    display: str | None
    modifier: JsonValue
    system: str | None
    units: int | None


class Order2(TypedDict):
    id: str | None
    patient_id: str | None
    date: str | None
    ordering_worker_id: str | None
    org_id: str | None
    servicing_org_id: str | None
    service_slug: str | None
    service_category: str | None
    lines: list[Line4 | None]
    diagnosis_codes: list[str | None]
    priority: str | None
    site_of_service: str | None
    requested_date: str | None
    clinical_indication: str | None
    status: str | None
    units_total: int | None
    org_name: str | None
    ordering_provider: RequestingProvider | None
    cases: list[JsonValue]


class ChartListCandidateOrdersResult(Page):
    orders: list[Order2 | None]


class Coverage3(TypedDict):
    member_id: str | None
    plan_id: str | None
    plan_name: str | None
    status: str | None


class Patient3(TypedDict):
    patient_id: str | None
    given_name: str | None
    family_name: str | None
    birth_date: str | None
    sex: str | None
    city: str | None
    state: str | None
    phone: str | None
    coverages: list[Coverage3 | None]


class ChartSearchPatientsResult(Result):
    patients: list[Patient3 | None]
    count: int | None


class Details5(TypedDict):
    document_ids: list[str | None]
    note: str | None


class DocsCreateSubmissionBundleResult(Result):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: JsonValue
    kind: str | None
    title: str | None
    body: str | None
    date: str | None
    author_worker_id: str | None
    signed: bool | None
    signed_by: JsonValue
    signed_at: JsonValue
    origin: str | None
    side: str | None
    copied_from: JsonValue
    created_at: str | None
    details: Details5 | None


class Details6(TypedDict):
    clinician_reply: NotRequired[DetailsValue | None]


class DocsGetDocumentResult(Result):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: str | None
    kind: str | None
    title: str | None
    body: str | None
    date: str | None
    author_worker_id: str | None
    signed: bool | None
    signed_by: str | None
    signed_at: str | None
    origin: str | None
    side: str | None
    copied_from: JsonValue
    created_at: str | None
    details: Details6 | None
    author: RequestingProvider | None
    clinician_signed: bool | None
    body_chars: int | None
    body_offset: int | None
    body_next_offset: JsonValue


class Document(TypedDict):
    id: str | None
    patient_id: str | None
    case_id: str | None
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
    details: dict[str, str | bool | int | list[str | None] | None] | None
    author: RequestingProvider | None
    clinician_signed: bool | None
    body_chars: int | None


class DocsListCaseDocumentsResult(Page):
    documents: list[Document | None]


class DocsUploadEvidenceResult(Result):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: JsonValue
    kind: str | None
    title: str | None
    body: str | None
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
    clinician_signed: bool | None


class Details7(TypedDict):
    binary: bool | None
    filename: str | None
    mime_type: str | None
    byte_count: int | None
    sha256: str | None


class DocsUploadEvidenceFileResult(Result):
    id: str | None
    patient_id: str | None
    case_id: str | None
    encounter_id: JsonValue
    kind: str | None
    title: str | None
    body: str | None
    date: str | None
    author_worker_id: str | None
    signed: bool | None
    signed_by: JsonValue
    signed_at: JsonValue
    origin: str | None
    side: str | None
    copied_from: JsonValue
    created_at: str | None
    details: Details7 | None
    clinician_signed: bool | None


class Question(TypedDict):
    key: str | None
    text: str | None
    answer_type: str | None
    choices: list[str | None] | None
    required: bool | None


class Form(TypedDict):
    form_id: str | None
    title: str | None
    policy_reference: str | None
    questions: list[Question | None]
    status: str | None
    answers: dict[str, JsonValue] | None
    problems: list[str | None]
    response_id: JsonValue
    updated_at: JsonValue


class FormsListRequiredFormsResult(Result):
    forms: list[Form | None]


class FormsSaveFormResponseResult(Result):
    form_id: str | None
    title: str | None
    policy_reference: str | None
    questions: list[Question | None]
    status: str | None
    answers: dict[str, str | bool | float] | None
    problems: list[str | None]
    response_id: str | None
    updated_at: str | None


class FormsValidateFormResult(Result):
    form_id: str | None
    status: str | None
    complete: bool | None
    problems: list[str | None]
    answers: dict[str, str | bool | float] | None


class Details8(TypedDict):
    determination_id: str | None
    from_worker_id: NotRequired[str | None]
    outcome: NotRequired[str | None]
    document_id: NotRequired[str | None]
    document_kind: NotRequired[str | None]
    channel: NotRequired[str | None]
    letter_id: NotRequired[str | None]


class Message4(TypedDict):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    sender: str | None
    sent_at: str | None
    read_at: str | None
    details: Details8 | None
    preview: str | None
    unread: bool | None


class InboxListMessagesResult(Page):
    messages: list[Message4 | None]


class InboxReadMessageResult(Result):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    body: str | None
    sender: str | None
    sent_at: str | None
    read_at: str | None
    details: Details8 | None
    unread: bool | None


class Request(TypedDict):
    id: str | None
    case_id: str | None
    status: str | None
    reason: str | None
    scheduled_at: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    outcome: JsonValue


class Case5(TypedDict):
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
    end_reason: str | None
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
    request: Request | None
    case: Case5 | None
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
    payer_outcome: str | None
    request_status: str | None


class Contact(TypedDict):
    id: str | None
    name: str | None
    given_name: str | None
    family_name: str | None
    credentials: str | None
    role: str | None
    org_id: str | None
    org_name: str | None
    org_kind: str | None
    npi: str | None
    specialty: str | None
    license_state: str | None
    phone: str | None
    email: str | None
    fax: str | None


class PeopleListContactsResult(Page):
    contacts: list[Contact | None]


class PeopleListOrderingProvidersResult(Page):
    providers: list[Contact | None]


class PeopleListReviewerContactsResult(Page):
    reviewers: list[Contact | None]
