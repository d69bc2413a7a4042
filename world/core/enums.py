"""Closed vocabularies shared by the seeds, the ORM and (later) the tool schemas.

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
