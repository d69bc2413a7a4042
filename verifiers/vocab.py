"""The world's vocabulary as the grader knows it.

The grader reads exported JSON only; of the world it imports the vocabulary alone
(:mod:`chibench.world.core.enums`, pure ``StrEnum`` definitions), so every value set an answer key may
name is derived from the one definition the world's tools and services use. What is not an enum — the
export's table list and primary keys — stays plain data here, pinned to the ORM by
``tests/verifiers/test_verify_vocab.py``.
"""

from __future__ import annotations

from enum import StrEnum

from chibench.world.core.enums import (
    CaseStatus,
    CMCaseStatus,
    CMPriority,
    CMProgram,
    DeterminationBasis,
    DeterminationDecision,
    DeterminationSource,
    DisenrollReason,
    DocumentKind,
    EvalResult,
    FinalAction,
    FindingStatus,
    FollowUpCadence,
    InterventionOwner,
    Lane,
    LetterChannel,
    LetterRecipient,
    LetterType,
    LineOutcome,
    MDDecisionOption,
    NetworkStatus,
    NotificationChannel,
    NotificationType,
    NurseRecommendationOption,
    P2POutcome,
    RiskLevel,
    SubmissionChannel,
    UrgencyLevel,
)


def _values(enum: type[StrEnum]) -> frozenset[str]:
    return frozenset(e.value for e in enum)


#: Tables a task's mutation scope may name (the export's full table list).
KNOWN_TABLES = frozenset({
    "allergies", "appeals", "cm_assessments", "cm_patient_persona_grading", "cm_patient_personas", "cm_care_plan_goals", "cm_care_plan_interventions",
    "cm_care_plan_problems", "cm_care_plans", "cm_cases", "cm_chart_reviews", "cm_outreach_records",
    "cm_outreach_sessions", "cm_outreach_turns", "cm_referrals", "conditions", "coverages",
    "criterion_evaluations", "determinations", "documents", "encounters", "events", "fax_pages", "form_responses",
    "gold_cards", "id_counters", "inbox_messages", "intake_cases", "intake_line_items", "letters", "md_decisions",
    "medications", "member_notifications", "nurse_recommendations", "observations", "organizations",
    "p2p_contract_grading", "p2p_counterpart_contracts", "p2p_requests", "p2p_sessions", "p2p_turns", "pa_cases", "pa_lines", "patients", "payer_policies",
    "plan_networks", "plans", "policy_criteria", "procedures", "provider_determinations", "requirement_checks",
    "review_tasks", "routing_records", "service_requests", "sim_clock", "state_transitions", "submission_packets",
    "triage_records", "workers", "workspace_artifacts", "world_settings",
})

#: Written by the engine on every write; never part of a task's scope and never collateral damage.
#: (The event log and the transition log are still read: chronology, legality, history preserved.)
INFRASTRUCTURE_TABLES = frozenset({"events", "state_transitions", "sim_clock", "id_counters"})

#: Primary-key column by table where it is not ``id``.
PRIMARY_KEYS = {"events": "seq", "state_transitions": "seq", "world_settings": "key", "id_counters": "prefix"}

PA_CASE_STATUSES = _values(CaseStatus)
CM_CASE_STATUSES = _values(CMCaseStatus)

#: Which table holds each state machine's entities (``state_transitions.machine`` → table).
MACHINE_TABLES = {
    "pa_case": "pa_cases", "cm_case": "cm_cases", "intake": "intake_cases", "review_task": "review_tasks",
    "p2p": "p2p_requests", "outreach": "cm_outreach_sessions", "assessment": "cm_assessments",
    "care_plan": "cm_care_plans", "appeal": "appeals", "letter": "letters", "referral": "cm_referrals",
}

URGENCY_LEVELS = _values(UrgencyLevel)
NETWORK_STATUSES = _values(NetworkStatus)
LANES = _values(Lane)
EVAL_RESULTS = _values(EvalResult)
NURSE_RECOMMENDATIONS = _values(NurseRecommendationOption)
MD_DECISIONS = _values(MDDecisionOption)
DETERMINATION_DECISIONS = _values(DeterminationDecision)
DETERMINATION_BASES = _values(DeterminationBasis)
DETERMINATION_SOURCES = _values(DeterminationSource)
LINE_OUTCOMES = _values(LineOutcome)
P2P_OUTCOMES = _values(P2POutcome)
LETTER_TYPES = _values(LetterType)
LETTER_RECIPIENTS = _values(LetterRecipient)
LETTER_CHANNELS = _values(LetterChannel)
NOTIFICATION_TYPES = _values(NotificationType)
NOTIFICATION_CHANNELS = _values(NotificationChannel)
FINAL_ACTIONS = _values(FinalAction)
FINDING_STATUSES = _values(FindingStatus)
SUBMISSION_CHANNELS = _values(SubmissionChannel)
DOCUMENT_KINDS = _values(DocumentKind)

CM_PROGRAMS = _values(CMProgram)
CM_PRIORITIES = _values(CMPriority)
RISK_LEVELS = _values(RiskLevel)
ENGAGEMENT_STATUSES = frozenset({"engaged", "tentative", "refused", "declined", "unreachable"})  # "refused": the outreach tool's value
ASSESSMENT_SECTIONS = ("clinical", "medication", "behavioral_health", "sdoh")
PROBLEM_DOMAINS = frozenset(ASSESSMENT_SECTIONS)
INTERVENTION_OWNERS = _values(InterventionOwner)
CADENCES = _values(FollowUpCadence)
DISENROLL_REASONS = _values(DisenrollReason)
#: Roles whose signed documents count as clinical evidence (``rules.authority.CLINICIANS``).
CLINICIAN_ROLES = frozenset({"physician", "nurse_practitioner", "physician_assistant", "physical_therapist",
                             "behavioral_health_clinician"})
