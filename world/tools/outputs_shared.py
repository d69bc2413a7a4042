"""Result records more than one role's tools return (a PA case's lines, letters, documents, peer-to-peer
requests and sessions, patients' clinical records): declared once here, used by ``outputs_provider.py``,
``outputs_payer.py`` and ``outputs_cm.py``. Conventions: :mod:`chibench.world.tools.outputs`.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from .outputs import JsonValue


class ServiceCode(TypedDict):
    system: str | None
    code: str | None
    units: int | None
    modifier: str | None


class StructuredValueItem(ServiceCode):
    line_number: int | None


class PayerReplyDetail(TypedDict):
    intake_created: bool | None
    intake_id: str | None
    outcome: str | None


class SubmissionPacket(TypedDict):
    id: str | None
    case_id: str | None
    sequence: int | None
    channel: str | None
    questionnaire_answers: dict[str, str | bool | float] | None
    structured: dict[str, str | list[str | StructuredValueItem | None] | None] | None
    note: str | None
    submitted_by: str | None
    submitted_at: str | None
    payer_reply: str | None
    payer_reply_detail: PayerReplyDetail | None


class ApprovedLine(TypedDict):
    approved_units: int | None
    code: str | None
    line_number: int | None


class LetterFields(TypedDict):
    case_reference: str | None
    letter_date: str | None
    member_id: str | None
    member_name: str | None
    plan_name: str | None
    service_codes: list[str | None]
    service_description: str | None
    signer_credentials: str | None
    signer_name: str | None


class LetterRightsFields(LetterFields):
    appeal_rights: NotRequired[str | None]
    criteria_access: NotRequired[str | None]
    external_review_rights: NotRequired[str | None]
    peer_to_peer_offer: NotRequired[str | None]


class LetterOutcomeFields(LetterRightsFields):
    approved_lines: NotRequired[list[ApprovedLine | None]]
    authorization_number: NotRequired[str | None]
    valid_from: NotRequired[str | None]
    valid_to: NotRequired[str | None]
    criteria_not_met: NotRequired[list[str | None]]
    policy_citations: NotRequired[list[str | None]]


class Letter(TypedDict):
    id: str | None
    case_id: str | None
    letter_type: str | None
    status: str | None
    determination_id: str | None
    recipient: str | None
    subject: str | None
    body: str | None
    policy_citations: list[str | None]
    signer_id: str | None
    created_at: str | None
    delivered_at: str | None
    delivery_channel: str | None
    reissued_from: str | None


class CaseListEntry(TypedDict):
    status: str | None
    urgency: str | None
    created_at: str | None
    authorization_number: str | None


class CaseRecord(CaseListEntry):
    id: str | None
    patient_id: str | None
    order_id: str | None
    coverage_id: str | None
    plan_id: str | None
    requesting_worker_id: str | None
    site_of_service: str | None
    diagnosis_codes: list[str | None]
    requested_start: str | None
    created_by: str | None
    updated_at: str | None
    submission_channel: str | None
    submitted_at: str | None
    auth_valid_from: str | None
    auth_valid_to: str | None
    outcome_reason: str | None
    pend_due_at: str | None
    closed_reason: str | None


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


class ClinicianRef(TypedDict):
    id: str | None
    name: str | None
    role: str | None
    org_id: str | None
    npi: str | None
    specialty: str | None


class ServiceLine(ServiceCode):
    id: str | None
    case_id: str | None
    line_number: int | None
    display: str | None
    outcome: str | None
    approved_units: int | None


class DocumentRef(TypedDict):
    id: str | None
    kind: str | None
    title: str | None
    date: str | None
    signed: bool | None


class DocumentRecord(DocumentRef):
    patient_id: str | None
    case_id: str | None
    encounter_id: str | None
    author_worker_id: str | None
    signed_by: str | None
    signed_at: str | None
    origin: str | None
    side: str | None
    copied_from: JsonValue
    created_at: str | None


class P2pRequestSummary(TypedDict):
    id: str | None
    case_id: str | None
    status: str | None
    reason: str | None
    scheduled_at: str | None
    payer_reviewer_id: str | None
    provider_worker_id: str | None
    outcome: str | None


class P2pRequestRecord(P2pRequestSummary):
    offered_slots: list[str | None]
    selected_slot: str | None
    outcome_note: str | None
    created_at: str | None
    due_at: str | None


class PendLetterFields(LetterFields):
    missing_items: list[str | None]
    response_due: str | None
    submission_instructions: str | None


class PatientSummary(TypedDict):
    given_name: str | None
    family_name: str | None
    birth_date: str | None
    sex: str | None
    phone: str | None
    preferred_language: str | None
    age: int | None
    pcp: ClinicianRef | None


class PatientRecord(PatientSummary):
    id: str | None
    address_line: str | None
    city: str | None
    state: str | None
    postal_code: str | None
    pcp_worker_id: str | None
    domain: str | None


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
    since: str | None
    until: str | None
    loinc_codes: list[str | None]
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


class Allergy(TypedDict):
    id: str | None
    substance: str | None
    reaction: str | None
    severity: str | None
    recorded: str | None


class P2pCase(TypedDict):
    case_id: str | None
    member: str | None
    service: str | None
    codes: list[str | None]


class Counterpart(TypedDict):
    worker_id: str | None
    name: str | None
    role: str | None
    organization: str | None


class P2pSession(TypedDict):
    session_id: str | None
    agent_turns: int | None
    turn_limit: int | None
    turns_left: int | None
    ended: bool | None
    end_reason: str | None
    backend: str | None


class P2pSessionState(P2pSession):
    started: bool | None
    finalized: bool | None
    started_at: NotRequired[str | None]
    ended_at: NotRequired[JsonValue]


class TranscriptItem(TypedDict):
    turn_number: int | None
    speaker: str | None
    text: str | None
    at: str | None


class P2pSessionContext(TypedDict):
    request: P2pRequestSummary | None
    case: P2pCase | None
    agent_side: str | None
    counterpart: Counterpart | None
    opening_statement: str | None
    session: P2pSessionState | None
    summary: JsonValue
    proposed_outcome: JsonValue
    transcript: list[TranscriptItem | None]


class P2pSessionTurn(P2pSession):
    request_id: str | None
    turn_number: int | None
    counterpart_response: str | None
    token_usage: JsonValue


class P2pSessionSummary(TypedDict):
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
