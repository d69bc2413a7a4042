"""Result shapes of the provider tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 30 in all.

Each tool handler in ``bindings_provider.py`` declares its result type from here; the registry derives the
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


class StructuredValueItem(TypedDict):
    code: str
    line_number: int
    modifier: JsonValue
    system: str
    units: int


class PayerReplyDetail(TypedDict):
    intake_created: bool
    intake_id: str
    outcome: str


class LatestSubmission(TypedDict):
    id: str
    case_id: str
    sequence: int
    channel: str
    bundle_document_id: str | None
    document_ids: list[str]
    questionnaire_answers: dict[str, str | bool | float]
    structured: dict[str, str | list[str | StructuredValueItem]]
    note: str | None
    submitted_by: str
    submitted_at: str
    payer_reply: str
    payer_reply_detail: PayerReplyDetail


class Details(TypedDict):
    channel: NotRequired[str]
    determination_id: str | None
    letter_id: NotRequired[str]
    from_worker_id: NotRequired[str]
    outcome: NotRequired[str]
    document_id: NotRequired[str]
    document_kind: NotRequired[str]


class Message(TypedDict):
    id: str
    case_id: str
    audience: str
    kind: str
    subject: str
    body: str
    sender: str
    sent_at: str
    read_at: str | None
    details: Details
    unread: bool


class ApprovedLine(TypedDict):
    approved_units: int
    code: str
    line_number: int


class Fields(TypedDict):
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
    appeal_deadline_days: NotRequired[str]
    appeal_rights: NotRequired[str]
    criteria_access: NotRequired[str]
    criteria_not_met: NotRequired[list[str]]
    external_review_rights: NotRequired[str]
    peer_to_peer_offer: NotRequired[str]
    policy_citations: NotRequired[list[str]]
    missing_items: NotRequired[list[str]]
    response_due: NotRequired[str]
    submission_instructions: NotRequired[str]


class Letter(TypedDict):
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
    reissued_from: JsonValue


class UnreadableFaxPage(TypedDict):
    id: str
    packet_id: str
    page_number: int
    document_id: str
    readable: bool
    resent_in_packet_id: JsonValue


class NextAction(TypedDict):
    tool: str
    action: str
    to_status: str | None
    hint: str


class AuthCheckStatusResult(Sectioned):
    case_id: str
    status: str
    submission_channel: str | None
    submitted_at: str | None
    authorization_number: str | None
    auth_valid_from: str | None
    auth_valid_to: str | None
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue
    latest_submission: LatestSubmission | None
    messages: list[Message]
    letters: list[Letter]
    p2p_requests: list[JsonValue]
    unreadable_fax_pages: list[UnreadableFaxPage]
    next_actions: list[NextAction]


class AuthFileAppealResult(Result):
    id: str
    case_id: str
    level: str
    status: str
    filed_by: str
    filed_at: str
    deadline_at: str
    decision_due_at: str
    rationale: str
    document_ids: list[str]
    external_org: JsonValue
    outcome_rationale: JsonValue
    decided_at: JsonValue


class AuthFileExternalAppealResult(Result):
    id: str
    case_id: str
    level: str
    status: str
    filed_by: str
    filed_at: str
    deadline_at: str
    decision_due_at: str
    rationale: str
    document_ids: list[str]
    external_org: JsonValue
    outcome_rationale: JsonValue
    decided_at: JsonValue


class DocumentFinding(TypedDict):
    kind: str
    status: str
    document_ids: list[str]
    note: str


class ProviderDetermination(TypedDict):
    id: str
    case_id: str
    final_action: str
    document_findings: list[DocumentFinding]
    rationale: str
    clinician_request: str | None
    decided_by: str
    decided_at: str


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
    submission_channel: JsonValue
    submitted_at: JsonValue
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: str | None


class OrderingOrg(TypedDict):
    id: str
    name: str


class Order(TypedDict):
    id: str
    date: str
    service_slug: str
    clinical_indication: str


class Patient(TypedDict):
    id: str
    name: str
    birth_date: str


class ActiveOn(TypedDict):
    date: str
    active: bool


class Coverage(TypedDict):
    id: str
    patient_id: str
    plan_id: str
    member_id: str
    group_number: str | None
    status: str
    effective_date: str
    termination_date: str | None
    plan_name: str
    line_of_business: str
    product: str
    plan_state: str
    active_on: ActiveOn


class RequestingProvider(TypedDict):
    id: str
    name: str
    role: str
    org_id: str
    npi: str
    specialty: str


class Line(TypedDict):
    id: str
    case_id: str
    line_number: int
    system: str
    code: str
    display: str
    units: int
    modifier: JsonValue
    outcome: JsonValue
    approved_units: JsonValue


class RequirementCheck(TypedDict):
    id: str
    case_id: str
    checked_by: str
    checked_at: str
    pa_required: bool
    notification_only: bool
    covered_benefit: bool
    in_network: bool
    coverage_active: bool
    required_document_kinds: list[str]
    questionnaire_form_id: str
    policy_reference: str


class FormRespons(TypedDict):
    id: str
    case_id: str
    form_id: str
    answers: dict[str, str | bool | float]
    complete: bool
    problems: list[JsonValue]
    updated_by: str
    updated_at: str


class DetailsValue(TypedDict):
    case_id: str
    determination_id: str


class Author(TypedDict):
    id: str
    name: str
    role: str
    org_id: str
    npi: str | None
    specialty: str


class CaseDocument(TypedDict):
    id: str
    patient_id: str
    case_id: str
    encounter_id: JsonValue
    kind: str
    title: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str | None
    signed_at: str | None
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: dict[str, str | bool | int | DetailsValue | list[str] | None]
    author: Author
    clinician_signed: bool
    body_chars: int


class Details2(TypedDict):
    determination_id: str
    from_worker_id: str
    outcome: str
    document_id: NotRequired[str]
    document_kind: NotRequired[str]


class Message2(TypedDict):
    id: str
    case_id: str
    audience: str
    kind: str
    subject: str
    sender: str
    sent_at: str
    read_at: JsonValue
    details: Details2
    preview: str
    unread: bool


StatusHistoryItem = TypedDict("StatusHistoryItem", {"at": str, "from": str | None, "to": str, "actor_id": str, "reason": str})


class MoreValue(TypedDict):
    returned: int
    total: int
    next_offset: int


class Case2(TypedDict):
    case: Case
    ordering_org: OrderingOrg
    order: Order
    patient: Patient
    coverage: Coverage
    requesting_provider: RequestingProvider
    lines: list[Line]
    requirement_checks: list[RequirementCheck]
    provider_determinations: list[ProviderDetermination]
    form_responses: list[FormRespons]
    case_documents: list[CaseDocument]
    submissions: list[JsonValue]
    unreadable_fax_pages: list[JsonValue]
    messages: list[Message2]
    letters: list[JsonValue]
    p2p_requests: list[JsonValue]
    appeals: list[JsonValue]
    status_history: list[StatusHistoryItem]
    next_actions: list[NextAction]
    more: NotRequired[dict[str, MoreValue]]
    more_hint: NotRequired[str]


class AuthFinalizeProviderDeterminationResult(Sectioned):
    provider_determination: ProviderDetermination
    case: Case2


class AuthRequestPeerToPeerResult(Result):
    """No successful result: every call is refused (a peer-to-peer is payer-initiated; the error
    names the open invitations to answer instead)."""


class AuthRespondToPeerToPeerResult(Result):
    id: str
    case_id: str
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


class StructuredValueItem2(TypedDict):
    line_number: int
    system: str
    code: str
    units: int
    modifier: JsonValue


class PayerReplyDetail2(TypedDict):
    outcome: str
    intake_id: str
    intake_created: bool


class Packet(TypedDict):
    id: str
    case_id: str
    sequence: int
    channel: str
    bundle_document_id: JsonValue
    document_ids: list[str]
    questionnaire_answers: dict[str, str | bool | float]
    structured: dict[str, str | list[str | StructuredValueItem2]]
    note: str
    submitted_by: str
    submitted_at: str
    payer_reply: str
    payer_reply_detail: PayerReplyDetail2


class PayerReply(TypedDict):
    outcome: str
    intake_id: str
    intake_created: bool
    basis: str
    reasons: list[str]
    missing_kinds: list[JsonValue]
    insufficient_kinds: list[JsonValue]
    channel: str
    letter_id: str
    message_id: str
    pend_due: NotRequired[str]
    case_status: str
    worked_by: list[str]
    authorization_number: NotRequired[str]


class AuthRespondToPendResult(Result):
    case_id: str
    status: str
    packet: Packet
    payer_reply: PayerReply
    warnings: list[JsonValue]


class Packet2(TypedDict):
    id: str
    case_id: str
    sequence: int
    channel: str
    bundle_document_id: str
    document_ids: list[str]
    questionnaire_answers: dict[str, str | bool | float]
    structured: dict[str, str | list[str | StructuredValueItem2]]
    note: JsonValue
    submitted_by: str
    submitted_at: str
    payer_reply: str
    payer_reply_detail: PayerReplyDetail2


class UnreadablePage(TypedDict):
    page_id: str
    packet_id: str
    page_number: int
    document_id: str


class PayerReply2(TypedDict):
    outcome: str
    intake_id: str
    intake_created: bool
    basis: str
    reasons: list[str]
    missing_kinds: list[str]
    insufficient_kinds: list[str]
    channel: str
    letter_id: NotRequired[str]
    message_id: NotRequired[str]
    authorization_number: NotRequired[str]
    case_status: str
    worked_by: list[str]
    pend_due: NotRequired[str]
    appeal_deadline: NotRequired[str]
    unreadable_pages: NotRequired[list[UnreadablePage]]
    p2p_request_id: NotRequired[str]
    offered_slots: NotRequired[list[str]]


class AuthSubmitAuthorizationResult(Result):
    case_id: str
    status: str
    packet: Packet2
    payer_reply: PayerReply2
    warnings: list[JsonValue]


class RequirementCheck2(TypedDict):
    requirement_check_id: str
    case_id: str
    status: str
    pa_required: bool
    notification_only: bool
    covered_benefit: bool
    coverage_active: bool
    in_network: bool
    date_of_service: str
    reason: str
    required_document_kinds: list[str]
    questionnaire_form_id: str
    policy_reference: str


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
    submission_channel: JsonValue
    submitted_at: JsonValue
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue
    pend_due_at: JsonValue
    closed_reason: JsonValue


class Line2(TypedDict):
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


class CasesCreateFromOrderResult(Sectioned):
    requirement_check: RequirementCheck2
    case: Case3
    ordering_org: OrderingOrg
    order: Order
    patient: Patient
    coverage: Coverage
    requesting_provider: RequestingProvider
    lines: list[Line2]
    requirement_checks: list[RequirementCheck]
    provider_determinations: list[JsonValue]
    form_responses: list[JsonValue]
    case_documents: list[JsonValue]
    submissions: list[JsonValue]
    unreadable_fax_pages: list[JsonValue]
    messages: list[JsonValue]
    letters: list[JsonValue]
    p2p_requests: list[JsonValue]
    appeals: list[JsonValue]
    status_history: list[StatusHistoryItem]
    next_actions: list[NextAction]


class Case4(TypedDict):
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
    submission_channel: str | None
    submitted_at: str | None
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: JsonValue


class Coverage2(TypedDict):
    id: str
    patient_id: str
    plan_id: str
    member_id: str
    group_number: str | None
    status: str
    effective_date: str
    termination_date: JsonValue
    plan_name: str
    line_of_business: str
    product: str
    plan_state: str
    active_on: ActiveOn


class Line3(TypedDict):
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


class DocumentFinding2(TypedDict):
    document_ids: list[str]
    kind: str
    note: str
    status: str


class ProviderDetermination2(TypedDict):
    id: str
    case_id: str
    final_action: str
    document_findings: list[DocumentFinding2]
    rationale: str
    clinician_request: JsonValue
    decided_by: str
    decided_at: str


class Details3(TypedDict):
    document_ids: NotRequired[list[str]]
    note: NotRequired[str]


class CaseDocument2(TypedDict):
    id: str
    patient_id: str
    case_id: str
    encounter_id: JsonValue
    kind: str
    title: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str | None
    signed_at: str | None
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: Details3
    author: Author
    clinician_signed: bool
    body_chars: int


class Details4(TypedDict):
    channel: str
    determination_id: JsonValue
    letter_id: str


class Message3(TypedDict):
    id: str
    case_id: str
    audience: str
    kind: str
    subject: str
    sender: str
    sent_at: str
    read_at: JsonValue
    details: Details4
    preview: str
    unread: bool


class Fields2(TypedDict):
    case_reference: str
    letter_date: str
    member_id: str
    member_name: str
    missing_items: list[str]
    plan_name: str
    response_due: str
    service_codes: list[str]
    service_description: str
    signer_credentials: str
    signer_name: str
    submission_instructions: str


class Letter2(TypedDict):
    id: str
    case_id: str
    letter_type: str
    status: str
    determination_id: JsonValue
    recipient: str
    subject: str
    body: str
    fields: Fields2
    policy_citations: list[JsonValue]
    signer_id: str
    created_at: str
    delivered_at: str
    delivery_channel: str
    reissued_from: JsonValue


class Appeal(TypedDict):
    id: str
    case_id: str
    level: str
    status: str
    filed_by: str
    filed_at: str
    deadline_at: str
    decision_due_at: str
    rationale: str
    document_ids: list[str]
    external_org: JsonValue
    outcome_rationale: str | None
    decided_at: str | None


class CasesGetCaseResult(SectionPaged):
    case: Case4
    ordering_org: OrderingOrg
    order: Order
    patient: Patient
    coverage: Coverage2
    requesting_provider: RequestingProvider
    lines: list[Line3]
    requirement_checks: list[RequirementCheck]
    provider_determinations: list[ProviderDetermination2]
    form_responses: list[FormRespons]
    case_documents: list[CaseDocument2]
    submissions: list[LatestSubmission]
    unreadable_fax_pages: list[JsonValue]
    messages: list[Message3]
    letters: list[Letter2]
    p2p_requests: list[JsonValue]
    appeals: list[Appeal]
    status_history: list[StatusHistoryItem]
    next_actions: list[NextAction]


class Cas(TypedDict):
    case_id: str
    status: str
    urgency: str
    patient: OrderingOrg
    member_id: str
    plan_id: str
    codes: list[str]
    site_of_service: str
    requested_start: str
    created_at: str
    updated_at: str
    pend_due_at: JsonValue
    authorization_number: JsonValue


class CasesListCasesResult(Page):
    cases: list[Cas]


class Patient2(TypedDict):
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
    pcp: RequestingProvider


class Coverage3(TypedDict):
    id: str
    patient_id: str
    plan_id: str
    member_id: str
    group_number: str
    status: str
    effective_date: str
    termination_date: str | None
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


class Observation(TypedDict):
    id: str
    encounter_id: str
    loinc: str
    display: str
    date: str
    value_num: float | None
    value_text: str | None
    unit: str | None
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
    since: JsonValue
    until: JsonValue
    loinc_codes: list[JsonValue]
    codes: list[Code]


class Medication(TypedDict):
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


class Procedure(TypedDict):
    id: str
    system: str
    code: str
    display: str
    date: str
    performer_worker_id: str | None
    note: str | None


class Allergy(TypedDict):
    id: str
    substance: str
    reaction: str
    severity: str
    recorded: str


class PriorPaCas(TypedDict):
    case_id: str
    status: str
    order_id: str
    codes: list[str]
    urgency: str
    created_at: str
    authorization_number: JsonValue
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue


class ChartGetPatientChartResult(SectionPaged):
    as_of: str
    patient: Patient2
    coverages: list[Coverage3]
    conditions: list[Condition]
    encounters: list[JsonValue]
    observations: list[Observation]
    observations_meta: ObservationsMeta
    medications: list[Medication]
    procedures: list[Procedure]
    allergies: list[Allergy]
    documents: list[JsonValue]
    prior_pa_cases: list[PriorPaCas]


class Line4(TypedDict):
    code: str
    display: str
    modifier: JsonValue
    system: str
    units: int


class Order2(TypedDict):
    id: str
    patient_id: str
    date: str
    ordering_worker_id: str
    org_id: str
    servicing_org_id: str | None
    service_slug: str
    service_category: str
    lines: list[Line4]
    diagnosis_codes: list[str]
    priority: str
    site_of_service: str
    requested_date: str
    clinical_indication: str
    status: str
    units_total: int
    org_name: str
    ordering_provider: RequestingProvider
    cases: list[JsonValue]


class ChartListCandidateOrdersResult(Page):
    orders: list[Order2]


class Coverage4(TypedDict):
    member_id: str
    plan_id: str
    plan_name: str
    status: str


class Patient3(TypedDict):
    patient_id: str
    given_name: str
    family_name: str
    birth_date: str
    sex: str
    city: str
    state: str
    phone: str
    coverages: list[Coverage4]


class ChartSearchPatientsResult(Result):
    patients: list[Patient3]
    count: int


class Details5(TypedDict):
    document_ids: list[str]
    note: str | None


class DocsCreateSubmissionBundleResult(Result):
    id: str
    patient_id: str
    case_id: str
    encounter_id: JsonValue
    kind: str
    title: str
    body: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: JsonValue
    signed_at: JsonValue
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: Details5


class Details6(TypedDict):
    clinician_reply: NotRequired[DetailsValue]


class DocsGetDocumentResult(Result):
    id: str
    patient_id: str
    case_id: str | None
    encounter_id: str | None
    kind: str
    title: str
    body: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str | None
    signed_at: str | None
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: Details6
    author: RequestingProvider
    clinician_signed: bool
    body_chars: int
    body_offset: int
    body_next_offset: JsonValue


class Document(TypedDict):
    id: str
    patient_id: str
    case_id: str | None
    encounter_id: str | None
    kind: str
    title: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str | None
    signed_at: str | None
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: dict[str, str | bool | int | list[str]]
    author: Author
    clinician_signed: bool
    body_chars: int


class DocsListCaseDocumentsResult(Page):
    documents: list[Document]


class DocsUploadEvidenceResult(Result):
    id: str
    patient_id: str
    case_id: str
    encounter_id: JsonValue
    kind: str
    title: str
    body: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: str | None
    signed_at: str | None
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: dict[str, JsonValue]
    clinician_signed: bool


class Details7(TypedDict):
    binary: bool
    filename: str
    mime_type: str
    byte_count: int
    sha256: str


class DocsUploadEvidenceFileResult(Result):
    id: str
    patient_id: str
    case_id: str
    encounter_id: JsonValue
    kind: str
    title: str
    body: str
    date: str
    author_worker_id: str
    signed: bool
    signed_by: JsonValue
    signed_at: JsonValue
    origin: str
    side: str
    copied_from: JsonValue
    created_at: str
    details: Details7
    clinician_signed: bool


class Question(TypedDict):
    key: str
    text: str
    answer_type: str
    choices: list[str] | None
    required: bool


class Form(TypedDict):
    form_id: str
    title: str
    policy_reference: str
    questions: list[Question]
    status: str
    answers: dict[str, JsonValue]
    problems: list[str]
    response_id: JsonValue
    updated_at: JsonValue


class FormsListRequiredFormsResult(Result):
    forms: list[Form]


class FormsSaveFormResponseResult(Result):
    form_id: str
    title: str
    policy_reference: str
    questions: list[Question]
    status: str
    answers: dict[str, str | bool | float]
    problems: list[str]
    response_id: str
    updated_at: str


class FormsValidateFormResult(Result):
    form_id: str
    status: str
    complete: bool
    problems: list[str]
    answers: dict[str, str | bool | float]


class Details8(TypedDict):
    determination_id: str | None
    from_worker_id: NotRequired[str]
    outcome: NotRequired[str]
    document_id: NotRequired[str]
    document_kind: NotRequired[str]
    channel: NotRequired[str]
    letter_id: NotRequired[str]


class Message4(TypedDict):
    id: str
    case_id: str
    audience: str
    kind: str
    subject: str
    sender: str
    sent_at: str
    read_at: str | None
    details: Details8
    preview: str
    unread: bool


class InboxListMessagesResult(Page):
    messages: list[Message4]


class InboxReadMessageResult(Result):
    id: str
    case_id: str
    audience: str
    kind: str
    subject: str
    body: str
    sender: str
    sent_at: str
    read_at: str
    details: Details8
    unread: bool


class Request(TypedDict):
    id: str
    case_id: str
    status: str
    reason: str
    scheduled_at: str
    payer_reviewer_id: str
    provider_worker_id: str
    outcome: JsonValue


class Case5(TypedDict):
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
    end_reason: str | None
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
    request: Request
    case: Case5
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
    payer_outcome: str
    request_status: str


class Contact(TypedDict):
    id: str
    name: str
    given_name: str
    family_name: str
    credentials: str
    role: str
    org_id: str
    org_name: str
    org_kind: str
    npi: str | None
    specialty: str
    license_state: str | None
    phone: str
    email: str
    fax: str


class PeopleListContactsResult(Page):
    contacts: list[Contact]


class Provider(TypedDict):
    id: str
    name: str
    given_name: str
    family_name: str
    credentials: str
    role: str
    org_id: str
    org_name: str
    org_kind: str
    npi: str
    specialty: str
    license_state: str
    phone: str
    email: str
    fax: str


class PeopleListOrderingProvidersResult(Page):
    providers: list[Provider]


class Reviewer(TypedDict):
    id: str
    name: str
    given_name: str
    family_name: str
    credentials: str
    role: str
    org_id: str
    org_name: str
    org_kind: str
    npi: str | None
    specialty: str
    license_state: str
    phone: str
    email: str
    fax: str


class PeopleListReviewerContactsResult(Page):
    reviewers: list[Reviewer]
