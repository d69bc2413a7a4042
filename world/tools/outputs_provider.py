"""Result shapes of the provider tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 30 in all,
declared by the handlers in ``bindings_provider.py``; records other roles return too are in
``outputs_shared.py``. How the shapes are written, tested and served: :mod:`chibench.world.tools.outputs`.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from . import outputs_shared as shared
from .outputs import JsonValue, Page, Result, Sectioned, SectionPaged


class BundledSubmissionPacket(shared.SubmissionPacket):
    bundle_document_id: str | None
    document_ids: list[str | None]


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


class InboxMessage(TypedDict):
    id: str | None
    case_id: str | None
    audience: str | None
    kind: str | None
    subject: str | None
    sender: str | None
    sent_at: str | None
    read_at: str | None
    unread: bool | None


class Message(InboxMessage):
    body: str | None
    details: Details | None


class Fields(shared.LetterOutcomeFields):
    appeal_deadline_days: NotRequired[str | None]
    missing_items: NotRequired[list[str | None]]
    response_due: NotRequired[str | None]
    submission_instructions: NotRequired[str | None]


class Letter(shared.Letter):
    fields: Fields | None


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
    latest_submission: BundledSubmissionPacket | None
    messages: list[Message | None]
    letters: list[Letter | None]
    p2p_requests: list[JsonValue]
    unreadable_fax_pages: list[UnreadableFaxPage | None]
    next_actions: list[NextAction | None]


class AppealRecord(TypedDict):
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


class AuthFileAppealResult(Result, AppealRecord):
    pass


class AuthFileExternalAppealResult(Result, AppealRecord):
    pass


class DocumentFindingBase(TypedDict):
    kind: str | None
    status: str | None
    document_ids: list[str | None]
    note: str | None


class ProviderDeterminationBase(TypedDict):
    id: str | None
    case_id: str | None
    final_action: str | None
    document_findings: list[DocumentFindingBase | None]
    rationale: str | None
    clinician_request: str | None
    decided_by: str | None
    decided_at: str | None


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


class RequirementCheckBase(TypedDict):
    case_id: str | None
    pa_required: bool | None
    notification_only: bool | None
    covered_benefit: bool | None
    in_network: bool | None
    coverage_active: bool | None
    required_document_kinds: list[str | None]
    questionnaire_form_id: str | None
    policy_reference: str | None


class RequirementCheck(RequirementCheckBase):
    id: str | None
    checked_by: str | None
    checked_at: str | None


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


class CaseDocument(shared.DocumentRecord):
    details: dict[str, str | bool | int | DetailsValue | list[str | None] | None] | None
    author: shared.ClinicianRef | None
    clinician_signed: bool | None
    body_chars: int | None


class Details2(TypedDict):
    determination_id: str | None
    from_worker_id: str | None
    outcome: str | None
    document_id: NotRequired[str | None]
    document_kind: NotRequired[str | None]


class Message2(InboxMessage):
    details: Details2 | None
    preview: str | None


StatusHistoryItem = TypedDict("StatusHistoryItem", {"at": str | None, "from": str | None, "to": str | None, "actor_id": str | None, "reason": str | None})


class MoreValue(TypedDict):
    returned: int | None
    total: int | None
    next_offset: int | None


class PaCase(TypedDict):
    case: shared.CaseRecord | None
    ordering_org: OrderingOrg | None
    order: Order | None
    patient: Patient | None
    coverage: shared.Coverage | None
    requesting_provider: shared.ClinicianRef | None
    lines: list[shared.ServiceLine | None]
    requirement_checks: list[RequirementCheck | None]
    provider_determinations: list[ProviderDeterminationBase | None]
    form_responses: list[FormRespons | None]
    submissions: list[BundledSubmissionPacket | None]
    unreadable_fax_pages: list[JsonValue]
    letters: list[Letter2 | None]
    p2p_requests: list[JsonValue]
    appeals: list[AppealRecord | None]
    status_history: list[StatusHistoryItem | None]
    next_actions: list[NextAction | None]


class Case2(PaCase):
    case_documents: list[CaseDocument | None]
    messages: list[Message2 | None]
    more: NotRequired[dict[str, MoreValue | None] | None]
    more_hint: NotRequired[str | None]


class AuthFinalizeProviderDeterminationResult(Sectioned):
    provider_determination: ProviderDeterminationBase | None
    case: Case2 | None


class AuthRequestPeerToPeerResult(Result):
    """No successful result: every call is refused (a peer-to-peer is payer-initiated; the error
    names the open invitations to answer instead)."""


class AuthRespondToPeerToPeerResult(Result, shared.P2pRequestRecord):
    pass


class Packet(shared.SubmissionPacket):
    bundle_document_id: JsonValue
    document_ids: list[str | None]


class PayerReplyBase(TypedDict):
    outcome: str | None
    intake_id: str | None
    intake_created: bool | None
    basis: str | None
    reasons: list[str | None]
    missing_kinds: list[str | None]
    insufficient_kinds: list[str | None]
    channel: str | None
    pend_due: NotRequired[str | None]
    case_status: str | None
    worked_by: list[str | None]
    authorization_number: NotRequired[str | None]


class PayerReply(PayerReplyBase):
    letter_id: str | None
    message_id: str | None


class AuthRespondToPendResult(Result):
    case_id: str | None
    status: str | None
    packet: Packet | None
    payer_reply: PayerReply | None
    warnings: list[JsonValue]


class UnreadablePage(TypedDict):
    page_id: str | None
    packet_id: str | None
    page_number: int | None
    document_id: str | None


class PayerReply2(PayerReplyBase):
    letter_id: NotRequired[str | None]
    message_id: NotRequired[str | None]
    appeal_deadline: NotRequired[str | None]
    unreadable_pages: NotRequired[list[UnreadablePage | None]]
    p2p_request_id: NotRequired[str | None]
    offered_slots: NotRequired[list[str | None]]


class AuthSubmitAuthorizationResult(Result):
    case_id: str | None
    status: str | None
    packet: BundledSubmissionPacket | None
    payer_reply: PayerReply2 | None
    warnings: list[JsonValue]


class RequirementCheck2(RequirementCheckBase):
    requirement_check_id: str | None
    status: str | None
    date_of_service: str | None
    reason: str | None


class CasesCreateFromOrderResult(Sectioned, PaCase):
    requirement_check: RequirementCheck2 | None
    case_documents: list[JsonValue]
    messages: list[JsonValue]


class Details3(TypedDict):
    document_ids: NotRequired[list[str | None]]
    note: NotRequired[str | None]


class CaseDocument2(shared.DocumentRecord):
    details: Details3 | None
    author: shared.ClinicianRef | None
    clinician_signed: bool | None
    body_chars: int | None


class Details4(TypedDict):
    channel: str | None
    determination_id: JsonValue
    letter_id: str | None


class Message3(InboxMessage):
    details: Details4 | None
    preview: str | None


class Letter2(shared.Letter):
    fields: shared.PendLetterFields | None


class CasesGetCaseResult(SectionPaged, PaCase):
    case_documents: list[CaseDocument2 | None]
    messages: list[Message3 | None]


class Cas(shared.CaseListEntry):
    case_id: str | None
    patient: OrderingOrg | None
    member_id: str | None
    plan_id: str | None
    codes: list[str | None]
    site_of_service: str | None
    requested_start: str | None
    updated_at: str | None
    pend_due_at: JsonValue


class CasesListCasesResult(Page):
    cases: list[Cas | None]


class Procedure(TypedDict):
    id: str | None
    system: str | None
    code: str | None
    display: str | None
    date: str | None
    performer_worker_id: str | None
    note: str | None


class PriorPaCas(shared.CaseListEntry):
    case_id: str | None
    order_id: str | None
    codes: list[str | None]
    auth_valid_from: JsonValue
    auth_valid_to: JsonValue
    outcome_reason: JsonValue


class ChartGetPatientChartResult(SectionPaged):
    as_of: str | None
    patient: shared.PatientRecord | None
    coverages: list[shared.Coverage | None]
    conditions: list[shared.Condition | None]
    encounters: list[JsonValue]
    observations: list[shared.Observation | None]
    observations_meta: shared.ObservationsMeta | None
    medications: list[shared.Medication | None]
    procedures: list[Procedure | None]
    allergies: list[shared.Allergy | None]
    documents: list[JsonValue]
    prior_pa_cases: list[PriorPaCas | None]


class Line4(shared.ServiceCode):
    display: str | None


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
    ordering_provider: shared.ClinicianRef | None
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


class DocsCreateSubmissionBundleResult(Result, shared.DocumentRecord):
    body: str | None
    details: Details5 | None


class Details6(TypedDict):
    clinician_reply: NotRequired[DetailsValue | None]


class DocsGetDocumentResult(Result, shared.DocumentRecord):
    body: str | None
    details: Details6 | None
    author: shared.ClinicianRef | None
    clinician_signed: bool | None
    body_chars: int | None
    body_offset: int | None
    body_next_offset: JsonValue


class Document(shared.DocumentRecord):
    details: dict[str, str | bool | int | list[str | None] | None] | None
    author: shared.ClinicianRef | None
    clinician_signed: bool | None
    body_chars: int | None


class DocsListCaseDocumentsResult(Page):
    documents: list[Document | None]


class DocsUploadEvidenceResult(Result, shared.DocumentRecord):
    body: str | None
    details: dict[str, JsonValue] | None
    clinician_signed: bool | None


class Details7(TypedDict):
    binary: bool | None
    filename: str | None
    mime_type: str | None
    byte_count: int | None
    sha256: str | None


class DocsUploadEvidenceFileResult(Result, shared.DocumentRecord):
    body: str | None
    details: Details7 | None
    clinician_signed: bool | None


class Question(TypedDict):
    key: str | None
    text: str | None
    answer_type: str | None
    choices: list[str | None] | None
    required: bool | None


class FormRecord(TypedDict):
    form_id: str | None
    title: str | None
    policy_reference: str | None
    questions: list[Question | None]
    status: str | None
    problems: list[str | None]
    response_id: str | None
    updated_at: str | None


class Form(FormRecord):
    answers: dict[str, JsonValue] | None


class FormsListRequiredFormsResult(Result):
    forms: list[Form | None]


class FormsSaveFormResponseResult(Result, FormRecord):
    answers: dict[str, str | bool | float] | None


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


class Message4(InboxMessage):
    details: Details8 | None
    preview: str | None


class InboxListMessagesResult(Page):
    messages: list[Message4 | None]


class InboxReadMessageResult(Result, InboxMessage):
    body: str | None
    details: Details8 | None


class P2pSessionGetContextResult(Page, shared.P2pSessionContext):
    pass


class P2pSessionSendTurnResult(Result, shared.P2pSessionTurn):
    pass


class P2pSessionSubmitSummaryResult(Result, shared.P2pSessionSummary):
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
