"""The world's vocabulary as the grader knows it (plain data, no world imports).

The grader reads exported JSON only, so it carries its own copy of the value sets an answer key may
name. ``tests/verifiers/test_verify_vocab.py`` pins every set here to the world's enums and tables,
so a world change that the grader does not know about fails the suite instead of grading wrongly.
"""

from __future__ import annotations

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

PA_CASE_STATUSES = frozenset({
    "draft", "requirement_checked", "docs_needed", "ready_to_submit", "submitted", "pended_action_required",
    "under_review", "approved", "partially_approved", "denied", "resubmitted", "appealed", "appeal_upheld",
    "appeal_overturned", "external_appealed", "external_appeal_upheld", "external_appeal_overturned", "closed",
})
CM_CASE_STATUSES = frozenset({
    "new", "intake_complete", "chart_reviewed", "outreach_complete", "assessment_in_progress",
    "assessment_blocked", "assessment_complete", "care_plan_draft", "care_plan_finalized", "closed", "disenrolled",
})

#: Which table holds each state machine's entities (``state_transitions.machine`` → table).
MACHINE_TABLES = {
    "pa_case": "pa_cases", "cm_case": "cm_cases", "intake": "intake_cases", "review_task": "review_tasks",
    "p2p": "p2p_requests", "outreach": "cm_outreach_sessions", "assessment": "cm_assessments",
    "care_plan": "cm_care_plans", "appeal": "appeals", "letter": "letters", "referral": "cm_referrals",
}

URGENCY_LEVELS = frozenset({"stat", "urgent", "routine"})
NETWORK_STATUSES = frozenset({"in_network", "out_of_network", "not_found"})
LANES = frozenset({"administrative_review", "no_auth_required", "notification", "gold_card", "delegated",
                   "vendor", "specialty", "nurse_review", "md_review"})
EVAL_RESULTS = frozenset({"met", "not_met", "unclear"})
NURSE_RECOMMENDATIONS = frozenset({"approve", "escalate", "request_info"})
MD_DECISIONS = frozenset({"approve", "deny", "partial_approve", "request_info", "p2p_review"})
DETERMINATION_DECISIONS = frozenset({"approved", "denied", "partially_approved"})
DETERMINATION_BASES = frozenset({"medical_necessity", "administrative", "gold_card", "notification"})
DETERMINATION_SOURCES = frozenset({"md_decision", "nurse_recommendation", "gold_card", "notification", "p2p",
                                   "appeal", "external_review", "administrative"})
LINE_OUTCOMES = frozenset({"approved", "denied", "pended"})
P2P_OUTCOMES = frozenset({"uphold_adverse", "overturn_to_approval"})
LETTER_TYPES = frozenset({"approval", "partial_approval", "denial", "pend", "appeal_decision"})
LETTER_RECIPIENTS = frozenset({"provider", "member"})
LETTER_CHANNELS = frozenset({"portal", "fax", "mail", "api"})
NOTIFICATION_TYPES = frozenset({"approval", "denial", "pend", "no_auth_required", "appeal_rights",
                                "appeal_outcome"})
NOTIFICATION_CHANNELS = frozenset({"mail", "portal", "email"})
FINAL_ACTIONS = frozenset({"submit_pa", "gather_more_evidence", "do_not_submit"})
FINDING_STATUSES = frozenset({"present_sufficient", "present_insufficient", "absent"})
SUBMISSION_CHANNELS = frozenset({"portal", "fax", "edi_278", "api"})
DOCUMENT_KINDS = frozenset({
    "appeal_decision_letter", "approval_letter", "behavioral_health_note", "chart_note", "cm_assessment",
    "cm_care_plan", "consult_note", "denial_letter", "diagnostic_report", "discharge_summary", "imaging_report",
    "lab_summary", "letter_of_medical_necessity", "pa_request_form", "partial_approval_letter", "pathology_report",
    "pend_letter", "pharmacy_note", "procedure_report", "progress_note", "questionnaire",
    "site_of_service_attestation", "social_work_note", "submission_bundle", "therapy_note",
})

CM_PROGRAMS = frozenset({"chronic_disease", "behavioral_health", "complex_care", "transitions_of_care"})
CM_PRIORITIES = frozenset({"urgent", "high", "standard"})
RISK_LEVELS = frozenset({"high", "moderate", "low"})
ENGAGEMENT_STATUSES = frozenset({"engaged", "tentative", "refused", "declined", "unreachable"})  # "refused": the outreach tool's value
ASSESSMENT_SECTIONS = ("clinical", "medication", "behavioral_health", "sdoh")
PROBLEM_DOMAINS = frozenset(ASSESSMENT_SECTIONS)
INTERVENTION_OWNERS = frozenset({"care_manager", "patient", "pcp", "specialist", "pharmacist", "social_worker",
                                 "behavioral_health_provider"})
CADENCES = frozenset({"weekly", "biweekly", "monthly"})
DISENROLL_REASONS = frozenset({"declined", "unreachable", "ineligible", "moved", "deceased", "safety_transfer",
                               "other"})
#: Roles whose signed documents count as clinical evidence (``rules.authority.CLINICIANS``).
CLINICIAN_ROLES = frozenset({"physician", "nurse_practitioner", "physician_assistant", "physical_therapist",
                             "behavioral_health_clinician"})
