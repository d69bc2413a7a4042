"""Closed vocabularies: the one definition shared by the seeds, the ORM, the tool schemas and the grader.

Every enum is a ``StrEnum`` so that it exports as its plain string value and compares equal
to it. Values use the field's standard terms (see the χ-Bench paper, Appendix C, Tables 9–10,
and the public release's enumerations in ``shared/reference/public_release.md`` §1–§3).
"""

from __future__ import annotations

from enum import StrEnum


class OrgKind(StrEnum):
    PROVIDER = "provider"
    PAYER = "payer"
    CARE_MANAGEMENT = "care_management"


class WorkerRole(StrEnum):
    """Job roles. Authority rules (``chibench.world.rules.authority``) key off these."""

    # provider organization
    PHYSICIAN = "physician"
    NURSE_PRACTITIONER = "nurse_practitioner"
    PHYSICIAN_ASSISTANT = "physician_assistant"
    PHYSICAL_THERAPIST = "physical_therapist"
    PA_COORDINATOR = "pa_coordinator"
    CLINIC_NURSE = "clinic_nurse"
    FRONT_DESK = "front_desk"
    # payer organization
    INTAKE_COORDINATOR = "intake_coordinator"
    UM_NURSE = "um_nurse"
    MEDICAL_DIRECTOR = "medical_director"
    APPEALS_MEDICAL_DIRECTOR = "appeals_medical_director"
    EXTERNAL_REVIEW_COORDINATOR = "external_review_coordinator"
    # care management
    CARE_MANAGER = "care_manager"
    SOCIAL_WORKER = "social_worker"
    PHARMACIST = "pharmacist"
    BEHAVIORAL_HEALTH_CLINICIAN = "behavioral_health_clinician"
    CM_SUPERVISOR = "cm_supervisor"
    # system actor (scripted payer engine, builder)
    SYSTEM = "system"


CLINICIAN_ROLES = frozenset(
    {
        WorkerRole.PHYSICIAN,
        WorkerRole.NURSE_PRACTITIONER,
        WorkerRole.PHYSICIAN_ASSISTANT,
        WorkerRole.PHYSICAL_THERAPIST,
        WorkerRole.BEHAVIORAL_HEALTH_CLINICIAN,
    }
)
PHYSICIAN_REVIEWER_ROLES = frozenset({WorkerRole.MEDICAL_DIRECTOR, WorkerRole.APPEALS_MEDICAL_DIRECTOR})


class LineOfBusiness(StrEnum):
    COMMERCIAL = "commercial"
    MEDICARE_ADVANTAGE = "medicare_advantage"
    MEDICAID = "medicaid"


class PlanProduct(StrEnum):
    PPO = "ppo"
    HMO = "hmo"
    EPO = "epo"
    POS = "pos"
    HMO_SNP = "hmo_snp"


class CoverageStatus(StrEnum):
    ACTIVE = "active"
    TERMINATED = "terminated"
    PENDING = "pending"


class NetworkStatus(StrEnum):
    IN_NETWORK = "in_network"
    OUT_OF_NETWORK = "out_of_network"
    NOT_FOUND = "not_found"


class Sex(StrEnum):
    FEMALE = "female"
    MALE = "male"
    OTHER = "other"
    UNKNOWN = "unknown"


class EncounterType(StrEnum):
    OFFICE = "office"
    TELEHEALTH = "telehealth"
    EMERGENCY = "emergency"
    INPATIENT = "inpatient"
    OBSERVATION = "observation"
    OUTPATIENT_PROCEDURE = "outpatient_procedure"
    THERAPY = "therapy"
    HOME_HEALTH = "home_health"
    PHONE = "phone"


class ConditionStatus(StrEnum):
    ACTIVE = "active"
    RESOLVED = "resolved"
    INACTIVE = "inactive"


class MedicationStatus(StrEnum):
    ACTIVE = "active"
    COMPLETED = "completed"
    STOPPED = "stopped"
    ON_HOLD = "on_hold"


class CodeSystem(StrEnum):
    CPT = "CPT"
    HCPCS = "HCPCS"
    ICD10PCS = "ICD-10-PCS"


class Urgency(StrEnum):
    """Provider-side request priority (what the ordering clinician asks for)."""

    STANDARD = "standard"
    EXPEDITED = "expedited"


class UrgencyLevel(StrEnum):
    """Payer triage urgency (``chibench.world.rules.sla``)."""

    STAT = "stat"
    URGENT = "urgent"
    ROUTINE = "routine"


class PlaceOfService(StrEnum):
    """CMS Place of Service code set (two-digit codes), the subset this world uses."""

    OFFICE = "11"
    HOME = "12"
    TELEHEALTH_HOME = "10"
    INPATIENT_HOSPITAL = "21"
    ON_CAMPUS_OUTPATIENT_HOSPITAL = "22"
    EMERGENCY_ROOM = "23"
    AMBULATORY_SURGICAL_CENTER = "24"
    OFF_CAMPUS_OUTPATIENT_HOSPITAL = "19"
    INDEPENDENT_LAB = "81"
    INDEPENDENT_DIAGNOSTIC_TESTING_FACILITY = "49"
    OUTPATIENT_REHAB = "62"


class ServiceCategory(StrEnum):
    """UM clinical categories (paper Table 12)."""

    SURGICAL = "surgical"
    IMAGING = "imaging"
    DIAGNOSTIC = "diagnostic"
    PHARMACY = "pharmacy"
    OTHER = "other"


class DocumentKind(StrEnum):
    """Document taxonomy (paper Tables 9–10) plus the chart kinds that feed it."""

    # provider-submitted kinds (paper Table 9)
    PA_REQUEST_FORM = "pa_request_form"
    CHART_NOTE = "chart_note"
    PROGRESS_NOTE = "progress_note"
    LETTER_OF_MEDICAL_NECESSITY = "letter_of_medical_necessity"
    IMAGING_REPORT = "imaging_report"
    LAB_SUMMARY = "lab_summary"
    QUESTIONNAIRE = "questionnaire"
    SITE_OF_SERVICE_ATTESTATION = "site_of_service_attestation"
    # other clinical chart kinds
    CONSULT_NOTE = "consult_note"
    THERAPY_NOTE = "therapy_note"
    PROCEDURE_REPORT = "procedure_report"
    PATHOLOGY_REPORT = "pathology_report"
    DIAGNOSTIC_REPORT = "diagnostic_report"
    DISCHARGE_SUMMARY = "discharge_summary"
    BEHAVIORAL_HEALTH_NOTE = "behavioral_health_note"
    SOCIAL_WORK_NOTE = "social_work_note"
    PHARMACY_NOTE = "pharmacy_note"
    # system-created
    SUBMISSION_BUNDLE = "submission_bundle"
    # payer-generated (paper Table 9)
    APPROVAL_LETTER = "approval_letter"
    PARTIAL_APPROVAL_LETTER = "partial_approval_letter"
    DENIAL_LETTER = "denial_letter"
    PEND_LETTER = "pend_letter"
    APPEAL_DECISION_LETTER = "appeal_decision_letter"
    # care management records (paper Table 10)
    CM_ASSESSMENT = "cm_assessment"
    CM_CARE_PLAN = "cm_care_plan"


PROVIDER_SUBMITTABLE_KINDS = frozenset(
    {
        DocumentKind.PA_REQUEST_FORM,
        DocumentKind.CHART_NOTE,
        DocumentKind.PROGRESS_NOTE,
        DocumentKind.LETTER_OF_MEDICAL_NECESSITY,
        DocumentKind.IMAGING_REPORT,
        DocumentKind.LAB_SUMMARY,
        DocumentKind.QUESTIONNAIRE,
        DocumentKind.SITE_OF_SERVICE_ATTESTATION,
        DocumentKind.CONSULT_NOTE,
        DocumentKind.THERAPY_NOTE,
        DocumentKind.PROCEDURE_REPORT,
        DocumentKind.PATHOLOGY_REPORT,
        DocumentKind.DIAGNOSTIC_REPORT,
        DocumentKind.DISCHARGE_SUMMARY,
    }
)


class SubmissionChannel(StrEnum):
    PORTAL = "portal"
    FAX = "fax"
    EDI_278 = "edi_278"
    API = "api"


class ReviewProgram(StrEnum):
    """Where a payer policy sends a request after triage (routing precedence, DESIGN §4)."""

    STANDARD_UM = "standard_um"
    DELEGATED = "delegated"
    VENDOR = "vendor"
    SPECIALTY = "specialty"


class CompleteOutcome(StrEnum):
    """What the scripted payer engine does with a complete provider packet."""

    APPROVE = "approve"
    DENY = "deny"
    PEND = "pend"
    P2P = "p2p"


class CMProgram(StrEnum):
    CHRONIC_DISEASE = "chronic_disease"
    BEHAVIORAL_HEALTH = "behavioral_health"
    COMPLEX_CARE = "complex_care"
    TRANSITIONS_OF_CARE = "transitions_of_care"


class ConsentStance(StrEnum):
    ENGAGED = "engaged"
    HESITANT = "hesitant"
    REFUSING = "refusing"


class ReferralSource(StrEnum):
    HOSPITAL_DISCHARGE = "hospital_discharge"
    ED_VISIT = "ed_visit"
    PCP_REFERRAL = "pcp_referral"
    SPECIALIST_REFERRAL = "specialist_referral"
    PAYER_HIGH_RISK = "payer_high_risk"
    CHRONIC_REGISTRY = "chronic_registry"
    CARE_GAP_FLAG = "care_gap_flag"
    SOCIAL_RISK_SCREEN = "social_risk_screen"


class RiskLevel(StrEnum):
    HIGH = "high"
    MODERATE = "moderate"
    LOW = "low"


class CMPriority(StrEnum):
    URGENT = "urgent"
    HIGH = "high"
    STANDARD = "standard"


# ---------------------------------------------------------------- lifecycle states (legal moves: machines.py)


class CaseStatus(StrEnum):
    DRAFT = "draft"
    REQUIREMENT_CHECKED = "requirement_checked"
    DOCS_NEEDED = "docs_needed"
    READY_TO_SUBMIT = "ready_to_submit"
    SUBMITTED = "submitted"
    PENDED_ACTION_REQUIRED = "pended_action_required"
    UNDER_REVIEW = "under_review"
    APPROVED = "approved"
    PARTIALLY_APPROVED = "partially_approved"
    DENIED = "denied"
    RESUBMITTED = "resubmitted"
    APPEALED = "appealed"
    APPEAL_UPHELD = "appeal_upheld"
    APPEAL_OVERTURNED = "appeal_overturned"
    EXTERNAL_APPEALED = "external_appealed"
    EXTERNAL_APPEAL_UPHELD = "external_appeal_upheld"
    EXTERNAL_APPEAL_OVERTURNED = "external_appeal_overturned"
    CLOSED = "closed"


class CMCaseStatus(StrEnum):
    NEW = "new"
    INTAKE_COMPLETE = "intake_complete"
    CHART_REVIEWED = "chart_reviewed"
    OUTREACH_COMPLETE = "outreach_complete"
    ASSESSMENT_IN_PROGRESS = "assessment_in_progress"
    ASSESSMENT_BLOCKED = "assessment_blocked"
    ASSESSMENT_COMPLETE = "assessment_complete"
    CARE_PLAN_DRAFT = "care_plan_draft"
    CARE_PLAN_FINALIZED = "care_plan_finalized"
    CLOSED = "closed"
    DISENROLLED = "disenrolled"


class IntakeStatus(StrEnum):
    NEW = "new"
    IN_PROGRESS = "in_progress"
    COMPLETE = "complete"


class ReviewTaskStatus(StrEnum):
    QUEUED = "queued"
    CLAIMED = "claimed"
    RETURNED = "returned"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class P2PStatus(StrEnum):
    REQUESTED = "requested"
    SLOTS_OFFERED = "slots_offered"
    SLOT_SELECTED = "slot_selected"
    SCHEDULED = "scheduled"
    IN_SESSION = "in_session"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class OutreachStatus(StrEnum):
    ACTIVE = "active"
    ENDED = "ended"


class AssessmentStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    BLOCKED = "blocked"
    COMPLETE = "complete"


class CarePlanStatus(StrEnum):
    DRAFT = "draft"
    FINALIZED = "finalized"


class AppealStatus(StrEnum):
    FILED = "filed"
    ASSIGNED = "assigned"
    UPHELD = "upheld"
    OVERTURNED = "overturned"
    WITHDRAWN = "withdrawn"


class LetterStatus(StrEnum):
    DRAFT = "draft"
    DELIVERED = "delivered"
    SUPERSEDED = "superseded"


class ReferralStatus(StrEnum):
    QUEUED = "queued"
    ACCEPTED = "accepted"
    DECLINED = "declined"


# ---------------------------------------------------------------- payer routing


class Lane(StrEnum):
    ADMINISTRATIVE_REVIEW = "administrative_review"
    NO_AUTH_REQUIRED = "no_auth_required"
    NOTIFICATION = "notification"
    GOLD_CARD = "gold_card"
    DELEGATED = "delegated"
    VENDOR = "vendor"
    SPECIALTY = "specialty"
    NURSE_REVIEW = "nurse_review"
    MD_REVIEW = "md_review"


# ---------------------------------------------------------------- decisions, outcomes and record values


class EvalResult(StrEnum):
    """A reviewer's verdict on one policy criterion for one line."""

    MET = "met"
    NOT_MET = "not_met"
    UNCLEAR = "unclear"


class NurseRecommendationOption(StrEnum):
    """What a UM nurse may recommend (a nurse never denies)."""

    APPROVE = "approve"
    ESCALATE = "escalate"
    REQUEST_INFO = "request_info"


class MDDecisionOption(StrEnum):
    """What a physician reviewer may decide on a case."""

    APPROVE = "approve"
    DENY = "deny"
    PARTIAL_APPROVE = "partial_approve"
    REQUEST_INFO = "request_info"
    P2P_REVIEW = "p2p_review"


class DeterminationDecision(StrEnum):
    """A final determination's outcome."""

    APPROVED = "approved"
    DENIED = "denied"
    PARTIALLY_APPROVED = "partially_approved"


class DeterminationBasis(StrEnum):
    """Why a determination was made."""

    MEDICAL_NECESSITY = "medical_necessity"
    ADMINISTRATIVE = "administrative"
    GOLD_CARD = "gold_card"
    NOTIFICATION = "notification"


class DeterminationSource(StrEnum):
    """Which record a determination rests on."""

    MD_DECISION = "md_decision"
    NURSE_RECOMMENDATION = "nurse_recommendation"
    GOLD_CARD = "gold_card"
    NOTIFICATION = "notification"
    P2P = "p2p"
    APPEAL = "appeal"
    EXTERNAL_REVIEW = "external_review"
    ADMINISTRATIVE = "administrative"


class LineDecision(StrEnum):
    """One service line's decision inside a partial or per-line determination."""

    APPROVED = "approved"
    DENIED = "denied"


class LineOutcome(StrEnum):
    """A service line's current outcome."""

    APPROVED = "approved"
    DENIED = "denied"
    PENDED = "pended"


class P2POutcome(StrEnum):
    """The outcome of a peer-to-peer discussion of an adverse decision."""

    UPHOLD_ADVERSE = "uphold_adverse"
    OVERTURN_TO_APPROVAL = "overturn_to_approval"


class AppealOutcome(StrEnum):
    """An appeal decision's outcome."""

    UPHELD = "upheld"
    OVERTURNED = "overturned"


class LetterType(StrEnum):
    """Kinds of determination letters."""

    APPROVAL = "approval"
    PARTIAL_APPROVAL = "partial_approval"
    DENIAL = "denial"
    PEND = "pend"
    APPEAL_DECISION = "appeal_decision"


class LetterRecipient(StrEnum):
    """Who a letter is addressed to."""

    PROVIDER = "provider"
    MEMBER = "member"


class LetterChannel(StrEnum):
    """How a letter is delivered."""

    PORTAL = "portal"
    FAX = "fax"
    MAIL = "mail"
    API = "api"


class NotificationType(StrEnum):
    """Kinds of member notifications."""

    APPROVAL = "approval"
    DENIAL = "denial"
    PEND = "pend"
    NO_AUTH_REQUIRED = "no_auth_required"
    APPEAL_RIGHTS = "appeal_rights"
    APPEAL_OUTCOME = "appeal_outcome"


class NotificationChannel(StrEnum):
    """How a member notification is delivered."""

    MAIL = "mail"
    PORTAL = "portal"
    EMAIL = "email"


class FinalAction(StrEnum):
    """The provider's final action on a PA case after the evidence review."""

    SUBMIT_PA = "submit_pa"
    GATHER_MORE_EVIDENCE = "gather_more_evidence"
    DO_NOT_SUBMIT = "do_not_submit"


class FindingStatus(StrEnum):
    """Whether the chart documents a required element, and well enough."""

    PRESENT_SUFFICIENT = "present_sufficient"
    PRESENT_INSUFFICIENT = "present_insufficient"
    ABSENT = "absent"


class EngagementStatus(StrEnum):
    """A member's engagement as the outreach record states it."""

    ENGAGED = "engaged"
    TENTATIVE = "tentative"
    REFUSED = "refused"


class InterventionOwner(StrEnum):
    """Who carries out a care-plan intervention."""

    CARE_MANAGER = "care_manager"
    PATIENT = "patient"
    PCP = "pcp"
    SPECIALIST = "specialist"
    PHARMACIST = "pharmacist"
    SOCIAL_WORKER = "social_worker"
    BEHAVIORAL_HEALTH_PROVIDER = "behavioral_health_provider"


class FollowUpCadence(StrEnum):
    """How often a care-plan intervention is followed up."""

    WEEKLY = "weekly"
    BIWEEKLY = "biweekly"
    MONTHLY = "monthly"


class DisenrollReason(StrEnum):
    """Why a member leaves care management."""

    DECLINED = "declined"
    UNREACHABLE = "unreachable"
    INELIGIBLE = "ineligible"
    MOVED = "moved"
    DECEASED = "deceased"
    SAFETY_TRANSFER = "safety_transfer"
    OTHER = "other"


def values(enum: type[StrEnum]) -> tuple[str, ...]:
    """An enum's values as plain strings, in definition order (for ``v.choice`` and error messages)."""
    return tuple(e.value for e in enum)
