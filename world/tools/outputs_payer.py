"""Result shapes of the payer tools: one ``TypedDict`` per tool (``<Namespace><Tool>Result``), 41 in all,
declared by the handlers in ``bindings_payer.py``; records other roles return too are in
``outputs_shared.py``. How the shapes are written, tested and served: :mod:`chibench.world.tools.outputs`.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from . import outputs_shared as shared
from .outputs import JsonValue, Page, Result, Sectioned, SectionPaged


class DeterminationRecord(TypedDict):
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


class DeterminationFinalizeResult(Result, DeterminationRecord):
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


class PayerCaseRecord(shared.CaseRecord):
    requesting_worker: RequestingWorker | None
    lines: list[shared.ServiceLine | None]


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


class Line2(shared.ServiceCode):
    line_number: int | None
    display: str | None


class Sla(TypedDict):
    urgency_level: str | None
    deadline: str | None
    rule_source: str | None
    now: str | None
    seconds_remaining: int | None
    met_if_decided_now: bool | None


class NurseRecommendationRecord(TypedDict):
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


class LineDecisionBase(TypedDict):
    approved_units: int | None
    decision: str | None
    line_number: int | None
    reason: str | None


class MdDecisionRecord(TypedDict):
    id: str | None
    case_id: str | None
    decision: str | None
    rationale: str | None
    denial_rationale: str | None
    policy_citations: list[str | None]
    line_decisions: list[LineDecisionBase | None]
    info_requested: list[str | None]
    info_due: str | None
    signed_off: bool | None
    reviewer_id: str | None
    decided_at: str | None
    superseded_by: JsonValue


class PayerP2pRequest(shared.P2pRequestRecord):
    md_decision_id: str | None
    original_reviewer_id: str | None


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
    case: PayerCaseRecord | None
    member: Member | None
    lines: list[Line2 | None]
    sla: Sla | None
    nurse_recommendation: NurseRecommendationRecord | None
    md_decision: MdDecisionRecord | None
    p2p_request: PayerP2pRequest | None
    criteria: Criteria | None
    determination: DeterminationRecord | None
    determination_history: list[DeterminationRecord | None]
    preflight_preview: PreflightPreview | None


class P2pListResult(Page):
    requests: list[PayerP2pRequest | None]


class P2pOfferSlotsResult(Result, shared.P2pRequestRecord):
    md_decision_id: str | None
    original_reviewer_id: str | None


class P2pRecordOutcomeResult(Result, shared.P2pRequestRecord):
    md_decision_id: str | None
    original_reviewer_id: str | None


class P2pScheduleResult(Result, shared.P2pRequestRecord):
    md_decision_id: str | None
    original_reviewer_id: str | None
    invite_artifact_id: str | None


class P2pSessionGetContextResult(Page, shared.P2pSessionContext):
    pass


class P2pSessionSendTurnResult(Result, shared.P2pSessionTurn):
    pass


class P2pSessionSubmitSummaryResult(Result, shared.P2pSessionSummary):
    pass


class Diagnos(TypedDict):
    code: str | None
    display: str | None
    is_primary: bool | None


class RequestingProviderBase(TypedDict):
    fax: JsonValue
    name: str | None
    npi: str | None
    organization: str | None
    phone: JsonValue
    specialty: JsonValue


class IntakeLineItem(shared.ServiceCode):
    id: str | None
    intake_id: str | None
    line_number: int | None
    display: str | None
    place_of_service: str | None
    service_start: str | None
    service_end: JsonValue


class IntakeCase(TypedDict):
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
    decision_request_complete: bool | None
    decision_member_eligible: bool | None
    decision_service_covered: bool | None
    decision_provider_network_status: str | None
    missing_information: list[JsonValue]
    completed_by: str | None
    completed_at: str | None
    updated_at: str | None
    line_items: list[IntakeLineItem | None]


class PayerIntakeHubAddLineItemResult(Result, IntakeCase):
    requesting_provider: RequestingProviderBase | None


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


class PayerIntakeHubConfirmDecisionsResult(Result, IntakeCase):
    requesting_provider: RequestingProvider2 | None


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


class PayerIntakeHubCreateIntakeCaseResult(Result, IntakeCase):
    requesting_provider: RequestingProvider3 | None
    created: bool | None


class Request3(shared.SubmissionPacket):
    payer_document_ids: list[str | None]


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


class Document(shared.DocumentRef):
    author: RequestingWorker | None
    signed_by: RequestingWorker | None
    origin: str | None
    copied_from: str | None
    received_at: str | None


class PayerIntakeHubGetIntakeCaseResult(Sectioned, IntakeCase):
    requesting_provider: RequestingProvider3 | None
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


class PayerIntakeHubRemoveLineItemResult(Result, IntakeCase):
    requesting_provider: RequestingProviderBase | None


class PayerIntakeHubSaveAuthHeaderResult(Result, IntakeCase):
    requesting_provider: RequestingProvider3 | None


class PayerIntakeHubSaveDiagnosesResult(Result, IntakeCase):
    requesting_provider: RequestingProvider3 | None


class PayerIntakeHubSaveRequestingProviderResult(Result, IntakeCase):
    requesting_provider: RequestingProviderBase | None


class PayerIntakeHubUpdateLineItemResult(Result, IntakeCase):
    requesting_provider: RequestingProviderBase | None


class LetterAudit(TypedDict):
    letter_id: str | None
    letter_type: str | None
    complete: bool | None
    missing_fields: list[str | None]
    problems: list[str | None]


class PayerLetterCenterAuditCompletenessResult(Result, LetterAudit):
    pass


class DeniedLineReason(TypedDict):
    line_number: int | None
    reason: str | None


class LineOutcomeBase(TypedDict):
    approved_units: int | None
    code: str | None
    line_number: int | None
    outcome: str | None


class Fields(shared.LetterOutcomeFields):
    missing_items: NotRequired[list[str | None]]
    response_due: NotRequired[str | None]
    submission_instructions: NotRequired[str | None]
    appeal_deadline_days: NotRequired[int | None]
    denied_line_reasons: NotRequired[list[DeniedLineReason | None]]
    line_outcomes: NotRequired[list[LineOutcomeBase | None]]


class PayerLetterCenterDeliverResult(Result, shared.Letter):
    fields: Fields | None
    audit: LetterAudit | None
    artifact_id: str | None
    inbox_message_id: str | None


class ApprovalLetterFields(shared.LetterFields):
    authorization_number: str | None
    approved_lines: list[shared.ApprovedLine | None]
    valid_from: str | None
    valid_to: str | None


class PayerLetterCenterGenerateApprovalResult(Result, shared.Letter):
    fields: ApprovalLetterFields | None
    audit: LetterAudit | None


class Fields3(shared.LetterRightsFields):
    criteria_not_met: list[str | None]
    policy_citations: list[str | None]
    appeal_deadline_days: NotRequired[int | None]


class PayerLetterCenterGenerateDenialResult(Result, shared.Letter):
    fields: Fields3 | None
    audit: LetterAudit | None


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


class Fields4(shared.LetterFields):
    authorization_number: str | None
    line_outcomes: list[LineOutcomeBase | None]
    denied_line_reasons: list[DeniedLineReason | None]
    appeal_rights: str | None
    policy_citations: list[str | None]


class PayerLetterCenterGeneratePartialApprovalResult(Result, shared.Letter):
    fields: Fields4 | None
    audit: LetterAudit | None


class PayerLetterCenterGeneratePendResult(Result, shared.Letter):
    fields: shared.PendLetterFields | None
    audit: LetterAudit | None


class PayerLetterCenterGetResult(Result, shared.Letter):
    fields: ApprovalLetterFields | None
    audit: LetterAudit | None


class Letter(shared.Letter):
    fields: ApprovalLetterFields | None
    audit: LetterAudit | None


class PayerLetterCenterListResult(Page):
    letters: list[Letter | None]


class Fields7(shared.LetterOutcomeFields):
    appeal_deadline_days: NotRequired[int | None]


class PayerLetterCenterReissueResult(Result, shared.Letter):
    fields: Fields7 | None
    audit: LetterAudit | None


class Intake(IntakeCase):
    requesting_provider: RequestingProvider3 | None


class TriageRecord(TypedDict):
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


class RoutingStep(TypedDict):
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


class Document2(shared.DocumentRef):
    author: RequestingWorker | None
    origin: str | None
    received_at: str | None
    body_chars: NotRequired[int | None]
    signed_by: NotRequired[RequestingWorker | None]
    copied_from: NotRequired[str | None]
    body: NotRequired[str | None]


class EvidenceItem(TypedDict):
    document_id: str | None
    quote: str | None


class CriteriaEvaluation(TypedDict):
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


class ReviewData(TypedDict):
    case: NotRequired[PayerCaseRecord | None]
    member: NotRequired[Member | None]
    intake: NotRequired[Intake | None]
    triage: NotRequired[TriageRecord | None]
    routing: NotRequired[list[RoutingStep | None]]
    review_tasks: NotRequired[list[ReviewTask | None]]
    lines: NotRequired[list[Line2 | None]]
    policy: NotRequired[Policy | None]
    nurse_recommendation: NotRequired[NurseRecommendationRecord | None]
    documents_hint: NotRequired[str | None]
    case_id: NotRequired[str | None]
    case_status: NotRequired[str | None]


class ReviewGetMdReviewDataResult(SectionPaged, ReviewData):
    documents: NotRequired[list[Document2 | None]]
    nurse_evaluations: NotRequired[list[CriteriaEvaluation | None]]
    md_evaluations: NotRequired[list[JsonValue]]
    md_decisions: NotRequired[list[MdDecisionRecord | None]]
    p2p_requests: NotRequired[list[JsonValue]]


class ReviewGetNurseReviewDataResult(SectionPaged, ReviewData):
    documents: list[Document2 | None]
    evaluations: NotRequired[list[CriteriaEvaluation | None]]


class ReviewSaveCriteriaEvaluationResult(Result, CriteriaEvaluation):
    pass


class ReviewSaveMdReviewResult(Result, CriteriaEvaluation):
    pass


class ReviewSubmitMdCaseDecisionResult(Result, MdDecisionRecord):
    # a peer-to-peer offered before denying (md_review.submit_md_case_decision): the request and the notice
    p2p_request_id: NotRequired[str | None]
    preliminary_notice_id: NotRequired[str | None]
    case_status: str | None


class ReviewSubmitNurseCaseRecommendationResult(Result, NurseRecommendationRecord):
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


class Intake2(IntakeCase):
    requesting_provider: RequestingProvider2 | None


class TriageGetResult(Sectioned):
    case: PayerCaseRecord | None
    intake: Intake2 | None
    triage: TriageRecord | None
    routing: list[RoutingStep | None]


class TriageRouteCaseResult(Result, RoutingStep):
    review_task_id: NotRequired[str | None]  # routed to a review lane
    # approved at routing (an approve lane: the determination is written with the route)
    determination_id: NotRequired[str | None]
    authorization_number: NotRequired[str | None]
    case_status: str | None


class TriageSetDispositionResult(Result, TriageRecord):
    pass
