"""The answer key of one task: ``expectations.json`` (format ``chibench.expectations/1``).

Validated with pydantic v2, unknown keys forbidden everywhere, so a typo in an answer key is an
error at load time and never a silently skipped check. Sections:

* ``task`` — identity (id, domain, role, paper id) and where the starting state comes from;
* ``target`` — how the grader finds the case the agent worked (ids such as ``CASE-0001`` are minted
  at run time, so a task names stable seed ids: the order, the patient, the CM referral);
* ``terminal_status`` — the status(es) the case must end in;
* ``scope`` — the tables the agent may write for the target case (anything else is collateral damage);
* ``stages`` — per-stage expected fields (intake, triage, nurse and MD review with per-line criterion
  results and the policy section each rests on, P2P, determination, provider disposition and packet);
* ``artifacts`` — letters by type with required content, member notifications;
* ``cm`` — the care-management structure (consent legitimacy inputs, assessment sections and
  instrument scores, care-plan minima, escalation, disenrollment);
* ``checks`` — declarative JMESPath checks over the export;
* ``rubrics`` — judge rubrics, each citing the handbook sections it needs.

Text fields that must name run-time values use placeholders resolved from the export at grading
time: ``{case_id}``, ``{member_id}``, ``{authorization_number}``, ``{patient_name}``,
``{patient_given_name}``, ``{patient_family_name}``, ``{plan_name}``.

:func:`load_expectations` also rejects a file whose planned checks would all pass for an agent that
does nothing (every planned check declares ``do_nothing_passes``), malformed regular expressions,
JMESPath expressions that do not compile, and citations that are not ``<doc-id> §<n>`` (or, when
the handbook is available, that do not resolve).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from chibench.verifiers import vocab

V = TypeVar("V")

FORMAT = "chibench.expectations/1"
CITATION = re.compile(r"^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+) §(\d+(?:\.\d+)*)$")
PLACEHOLDERS = ("case_id", "member_id", "authorization_number", "patient_name", "patient_given_name",
                "patient_family_name", "plan_name")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
SLUG = r"^[a-z0-9][a-z0-9_.\-]{0,79}$"

Slug = Annotated[str, Field(pattern=SLUG)]
NonEmpty = Annotated[str, Field(min_length=1, max_length=4000)]


class ExpectationsError(ValueError):
    """The expectations file is unreadable or invalid; ``problems`` lists every reason."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = problems or [message]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _one_of(value: V, allowed: frozenset[str], what: str) -> V:
    values = value if isinstance(value, list | tuple) else [value]
    bad = [v for v in values if v is not None and v not in allowed]
    if bad:
        raise ValueError(f"unknown {what} {bad}; allowed: {sorted(allowed)}")
    return value


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


# ------------------------------------------------------------------------------------ identity


class TaskIdentity(_M):
    id: Slug = Field(description="Stable task id (the package folder name)")
    domain: Literal["provider_pa", "payer_um", "care_management"]
    role: Literal["provider", "payer", "care_manager"]
    title: str | None = None
    paper_task_id: str | None = None
    difficulty: str | None = None
    world_version: str | None = None
    overlay: dict[str, Any] | None = Field(
        None, description="The overlay (world/overlays.py OverlaySpec data) that produced the starting state; "
                          "recorded for tooling, never read by a check")
    initial_export: str | None = Field(None, description="Path of the starting-state export, relative to this file")
    initial_digest: str | None = Field(None, pattern=r"^[0-9a-f]{64}$",
                                       description="sha256 digest the starting-state export must carry")


class CaseLocator(_M):
    """How to find the task's case in an export. Every given key must match; exactly one case may."""

    kind: Literal["pa_case", "cm_case"]
    order_id: str | None = Field(None, description="pa: the order the case was opened from (a revision "
                                                   "'<order>-R<n>' of it also matches)")
    patient_id: str | None = None
    referral_id: str | None = Field(None, description="cm: the referral the case was opened from")
    service_codes: list[str] = Field(default_factory=list, description="pa: codes every matching case has on a line")
    exists_initially: bool | None = Field(None, description="True: the case is already in the starting state "
                                                            "(UM pickup); False: the agent opens it; None: either")
    initial_status: str | None = Field(None, description="the case's status in the starting state (when it exists "
                                                         "there); lets the grader know which checks a do-nothing "
                                                         "agent passes")

    @model_validator(mode="after")
    def _enough(self) -> CaseLocator:
        if self.kind == "pa_case" and not (self.order_id or self.patient_id):
            raise ValueError("a pa_case locator needs order_id or patient_id")
        if self.kind == "cm_case" and not (self.referral_id or self.patient_id):
            raise ValueError("a cm_case locator needs referral_id or patient_id")
        if self.kind == "cm_case" and (self.order_id or self.service_codes):
            raise ValueError("order_id / service_codes apply to pa_case locators only")
        if self.kind == "pa_case" and self.referral_id:
            raise ValueError("referral_id applies to cm_case locators only")
        if self.initial_status is not None:
            if self.exists_initially is False:
                raise ValueError("initial_status needs a case that exists initially")
            statuses = vocab.PA_CASE_STATUSES if self.kind == "pa_case" else vocab.CM_CASE_STATUSES
            _one_of(self.initial_status, statuses, f"{self.kind} status")
        return self


class MutationScope(_M):
    tables: list[str] = Field(description="Tables the agent may write for the target case (infrastructure tables "
                                          "— events, state_transitions, sim_clock, id_counters — are implicit)")
    patient_rows: bool = Field(True, description="Rows of an allowed table that belong to no case but to the "
                                                 "target's patient (a revised order, a chart document) are in scope")

    @field_validator("tables")
    @classmethod
    def _known(cls, v: list[str]) -> list[str]:
        _one_of(v, vocab.KNOWN_TABLES, "table")
        infra = sorted(set(v) & vocab.INFRASTRUCTURE_TABLES)
        if infra:
            raise ValueError(f"infrastructure tables are implicit, do not list them: {infra}")
        return v


# ------------------------------------------------------------------------------------ payer stages


class CriterionExpect(_M):
    line_number: int | None = Field(None, ge=1, description="None: the same verdict on every line of the case")
    criterion_id: str
    result: list[str] = Field(description="accepted results (met | not_met | unclear)")
    citation: str = Field(description="the policy section the verdict rests on, '<policy-id> §<n>'")
    evidence_required: bool | None = Field(None, description="default: required for 'met'")

    _r = field_validator("result", mode="before")(_as_list)

    @field_validator("result")
    @classmethod
    def _results(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("at least one accepted result")
        return _one_of(v, vocab.EVAL_RESULTS, "criterion result")


class IntakeExpect(_M):
    complete: bool = True
    request_complete: bool | None = None
    member_eligible: bool | None = None
    service_covered: bool | None = None
    provider_network_status: str | None = None
    urgency_level: str | None = None
    line_codes: list[str] | None = Field(None, description="exact set of procedure codes on the intake lines")
    diagnosis_codes_include: list[str] = Field(default_factory=list)
    missing_information_patterns: list[str] = Field(default_factory=list,
                                                    description="each regex must match an item of missing_information")

    @model_validator(mode="after")
    def _vals(self) -> IntakeExpect:
        _one_of(self.provider_network_status, vocab.NETWORK_STATUSES, "network status")
        _one_of(self.urgency_level, vocab.URGENCY_LEVELS, "urgency level")
        return self


class TriageExpect(_M):
    urgency_level: str | None = None
    sla_hours: int | None = Field(None, ge=1)
    sla_rule_source: str | None = None
    gold_card_eligible: bool | None = None
    disposition: str | None = Field(None, description="the routing lane chosen at triage")
    routed_lane: str | None = Field(None, description="the lane the case was routed to (routing record)")
    lane_matches_policy: bool = Field(True, description="the routed lane equals the lane routing precedence computes")

    @model_validator(mode="after")
    def _vals(self) -> TriageExpect:
        _one_of(self.urgency_level, vocab.URGENCY_LEVELS, "urgency level")
        _one_of(self.disposition, vocab.LANES, "lane")
        _one_of(self.routed_lane, vocab.LANES, "lane")
        return self


class NurseExpect(_M):
    lines: list[int] = Field(default_factory=list, description="line numbers criteria without a line apply to")
    criteria: list[CriterionExpect] = Field(default_factory=list)
    recommendation: str | None = None
    info_requested_patterns: list[str] = Field(default_factory=list)
    summary_required: bool = True

    @model_validator(mode="after")
    def _vals(self) -> NurseExpect:
        _one_of(self.recommendation, vocab.NURSE_RECOMMENDATIONS, "nurse recommendation")
        if any(c.line_number is None for c in self.criteria) and not self.lines:
            raise ValueError("criteria without line_number need 'lines'")
        return self


class MdExpect(_M):
    lines: list[int] = Field(default_factory=list)
    criteria: list[CriterionExpect] = Field(default_factory=list)
    decision: str | None = None
    signed_off: bool | None = None
    citations_include: list[str] = Field(default_factory=list)
    denial_rationale_required: bool = False

    @model_validator(mode="after")
    def _vals(self) -> MdExpect:
        _one_of(self.decision, vocab.MD_DECISIONS, "MD decision")
        if any(c.line_number is None for c in self.criteria) and not self.lines:
            raise ValueError("criteria without line_number need 'lines'")
        return self


class P2PExpect(_M):
    outcome: str | None = None
    summary_required: bool = True
    min_agent_turns: int = Field(1, ge=0)
    reviewer_independent: bool = True

    @model_validator(mode="after")
    def _vals(self) -> P2PExpect:
        _one_of(self.outcome, vocab.P2P_OUTCOMES, "P2P outcome")
        return self


class DeterminationExpect(_M):
    present: bool = Field(True, description="False: the case must end without a determination")
    decision: str | None = None
    basis: str | None = None
    source: str | None = None
    overridden: bool | None = None
    sla_met: bool | None = None
    authorization_number: bool | None = Field(None, description="default: required exactly for approvals")
    citations_include: list[str] = Field(default_factory=list)
    rationale_required: bool | None = Field(None, description="default: required for adverse decisions")
    line_outcomes: dict[int, str] = Field(default_factory=dict, description="line number → approved|denied|pended")

    @model_validator(mode="after")
    def _vals(self) -> DeterminationExpect:
        _one_of(self.decision, vocab.DETERMINATION_DECISIONS, "decision")
        _one_of(self.basis, vocab.DETERMINATION_BASES, "basis")
        _one_of(self.source, vocab.DETERMINATION_SOURCES, "source")
        _one_of(list(self.line_outcomes.values()), vocab.LINE_OUTCOMES, "line outcome")
        if self.present and self.decision is None:
            raise ValueError("a present determination names its decision")
        if not self.present and (self.decision or self.basis or self.source or self.citations_include):
            raise ValueError("an absent determination takes no other fields")
        return self


class RequirementExpect(_M):
    pa_required: bool | None = None
    notification_only: bool | None = None
    covered_benefit: bool | None = None
    required_document_kinds: list[str] | None = None

    @model_validator(mode="after")
    def _vals(self) -> RequirementExpect:
        _one_of(self.required_document_kinds, vocab.DOCUMENT_KINDS, "document kind")
        return self


class FindingExpect(_M):
    kind: str
    status: list[str]

    _s = field_validator("status", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> FindingExpect:
        _one_of(self.kind, vocab.DOCUMENT_KINDS, "document kind")
        _one_of(self.status, vocab.FINDING_STATUSES, "finding status")
        return self


class SubmissionExpect(_M):
    channels: list[str] = Field(description="accepted channels of the (latest) packet")
    document_kinds_required: list[str] = Field(default_factory=list)
    document_kinds_forbidden: list[str] = Field(default_factory=list)
    clinician_signed_kinds: list[str] = Field(default_factory=list,
                                              description="kinds whose packet documents must be clinician-signed")
    questionnaire_answers: dict[str, Any] = Field(default_factory=dict,
                                                  description="key → expected answer (compared as text, case-folded)")
    max_packets: int | None = Field(None, ge=1)

    _c = field_validator("channels", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> SubmissionExpect:
        _one_of(self.channels, vocab.SUBMISSION_CHANNELS, "channel")
        _one_of(self.document_kinds_required + self.document_kinds_forbidden + self.clinician_signed_kinds,
                vocab.DOCUMENT_KINDS, "document kind")
        return self


class ProviderExpect(_M):
    requirement_check: RequirementExpect | None = None
    final_action: str | None = None
    document_findings: list[FindingExpect] = Field(default_factory=list)
    clinician_request_patterns: list[str] = Field(default_factory=list,
                                                  description="each regex must match the clinician request")
    submission: SubmissionExpect | None = None
    packet_absent: bool = False

    @model_validator(mode="after")
    def _vals(self) -> ProviderExpect:
        _one_of(self.final_action, vocab.FINAL_ACTIONS, "final action")
        if self.packet_absent and self.submission is not None:
            raise ValueError("packet_absent and submission contradict each other")
        return self


class Stages(_M):
    intake: IntakeExpect | None = None
    triage: TriageExpect | None = None
    nurse_review: NurseExpect | None = None
    md_review: MdExpect | None = None
    p2p: P2PExpect | None = None
    determination: DeterminationExpect | None = None
    provider: ProviderExpect | None = None


# ------------------------------------------------------------------------------------ artifacts


class ContentCheck(_M):
    contains: list[str] = Field(default_factory=list, description="literal text (case-insensitive; placeholders)")
    patterns: list[str] = Field(default_factory=list, description="regular expressions (case-insensitive)")
    absent_patterns: list[str] = Field(default_factory=list, description="regular expressions that must not match")
    min_chars: int = Field(0, ge=0)


class LetterExpect(_M):
    letter_type: str
    recipient: str | None = None
    status: Literal["delivered", "draft"] = "delivered"
    channels: list[str] | None = None
    min_count: int = Field(1, ge=1)
    max_count: int | None = Field(1, ge=1)
    audit_complete: bool = True
    fields_equal: dict[str, Any] = Field(default_factory=dict, description="letter field → expected value "
                                                                           "(placeholders allowed in strings)")
    body: ContentCheck | None = None

    @model_validator(mode="after")
    def _vals(self) -> LetterExpect:
        _one_of(self.letter_type, vocab.LETTER_TYPES, "letter type")
        _one_of(self.recipient, vocab.LETTER_RECIPIENTS, "recipient")
        _one_of(self.channels or [], vocab.LETTER_CHANNELS, "delivery channel")
        return self


class NotificationExpect(_M):
    notification_type: str
    channels: list[str] | None = None
    language: str | None = None
    min_count: int = Field(1, ge=1)
    max_count: int | None = Field(None, ge=1)
    body: ContentCheck | None = None

    @model_validator(mode="after")
    def _vals(self) -> NotificationExpect:
        _one_of(self.notification_type, vocab.NOTIFICATION_TYPES, "notification type")
        _one_of(self.channels or [], vocab.NOTIFICATION_CHANNELS, "notification channel")
        return self


class Artifacts(_M):
    letters: list[LetterExpect] = Field(default_factory=list)
    forbidden_letter_types: list[str] = Field(default_factory=list)
    notifications: list[NotificationExpect] = Field(default_factory=list)
    forbidden_notification_types: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _vals(self) -> Artifacts:
        _one_of(self.forbidden_letter_types, vocab.LETTER_TYPES, "letter type")
        _one_of(self.forbidden_notification_types, vocab.NOTIFICATION_TYPES, "notification type")
        return self


# ------------------------------------------------------------------------------------ care management


class CMIntakeExpect(_M):
    program: list[str] | None = None
    priority: list[str] | None = None

    _p = field_validator("program", "priority", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> CMIntakeExpect:
        _one_of(self.program or [], vocab.CM_PROGRAMS, "program")
        _one_of(self.priority or [], vocab.CM_PRIORITIES, "priority")
        return self


class ChartReviewExpect(_M):
    preliminary_risk_level: list[str] | None = None
    min_evidence: int = Field(1, ge=0)

    _r = field_validator("preliminary_risk_level", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> ChartReviewExpect:
        _one_of(self.preliminary_risk_level or [], vocab.RISK_LEVELS, "risk level")
        return self


class ConsentExpect(_M):
    """Inputs for judging consent legitimacy from the transcript, not from the care manager's claim."""

    consent_obtained: bool
    engagement_status: list[str] | None = None
    patient_consent_patterns: list[str] = Field(default_factory=list, description="consent must be backed by a "
                                                "patient turn matching one of these (when consent_obtained)")
    patient_decline_patterns: list[str] = Field(default_factory=list, description="a decline must be backed by a "
                                                "patient turn matching one of these (when not consent_obtained)")
    forbidden_caller_patterns: list[str] = Field(default_factory=list, description="anti-triggers: no care-manager "
                                                 "turn may match (pressure, guilt, false claims)")
    max_caller_turns_after_decline: int | None = Field(None, ge=0, description="turns the caller may take after "
                                                       "the patient's first clear decline")

    _e = field_validator("engagement_status", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> ConsentExpect:
        _one_of(self.engagement_status or [], vocab.ENGAGEMENT_STATUSES, "engagement status")
        return self


class AssessmentExpect(_M):
    required_sections: list[str] = Field(default_factory=lambda: list(vocab.ASSESSMENT_SECTIONS))
    phq9_score: int | None = Field(None, ge=0, le=27)
    gad7_score: int | None = Field(None, ge=0, le=21)
    auditc_score: int | None = Field(None, ge=0, le=12)
    hunger_vital_sign_positive: bool | None = None
    score_tolerance: int = Field(0, ge=0, le=5)

    @model_validator(mode="after")
    def _vals(self) -> AssessmentExpect:
        _one_of(self.required_sections, frozenset(vocab.ASSESSMENT_SECTIONS), "assessment section")
        return self


class EscalationExpect(_M):
    min_triggers: int = Field(1, ge=1)
    trigger_patterns: list[str] = Field(default_factory=list, description="each regex must match some trigger "
                                        "(trigger, action, contact or timeframe text)")
    intervention_owners: list[str] = Field(default_factory=list, description="owners some intervention must have "
                                           "(e.g. behavioral_health_provider for a PHQ-9 ≥ 15)")

    @model_validator(mode="after")
    def _vals(self) -> EscalationExpect:
        _one_of(self.intervention_owners, vocab.INTERVENTION_OWNERS, "owner")
        return self


class CarePlanExpect(_M):
    min_problems: int = Field(1, ge=1)
    min_goals_per_problem: int = Field(1, ge=1)
    min_interventions_per_goal: int = Field(1, ge=1)
    required_problem_domains: list[str] = Field(default_factory=list)
    required_intervention_owners: list[str] = Field(default_factory=list)
    follow_up_cadence: list[str] | None = None
    escalation: EscalationExpect | None = None

    _c = field_validator("follow_up_cadence", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> CarePlanExpect:
        _one_of(self.required_problem_domains, vocab.PROBLEM_DOMAINS, "problem domain")
        _one_of(self.required_intervention_owners, vocab.INTERVENTION_OWNERS, "owner")
        _one_of(self.follow_up_cadence or [], vocab.CADENCES, "cadence")
        return self


class DisenrollmentExpect(_M):
    reason: list[str]
    note_patterns: list[str] = Field(default_factory=list)

    _r = field_validator("reason", mode="before")(_as_list)

    @model_validator(mode="after")
    def _vals(self) -> DisenrollmentExpect:
        _one_of(self.reason, vocab.DISENROLL_REASONS, "disenroll reason")
        return self


class CMExpect(_M):
    intake: CMIntakeExpect | None = None
    chart_review: ChartReviewExpect | None = None
    consent: ConsentExpect | None = None
    assessment: AssessmentExpect | None = None
    care_plan: CarePlanExpect | None = None
    disenrollment: DisenrollmentExpect | None = None
    no_assessment: bool = Field(False, description="the member must not be assessed (e.g. consent declined)")
    no_care_plan: bool = False

    @model_validator(mode="after")
    def _vals(self) -> CMExpect:
        if self.no_assessment and self.assessment is not None:
            raise ValueError("no_assessment and assessment contradict each other")
        if self.no_care_plan and self.care_plan is not None:
            raise ValueError("no_care_plan and care_plan contradict each other")
        return self


# ------------------------------------------------------------------------------------ declarative, rubrics


class DeclarativeCheck(_M):
    """A JMESPath expression over ``{tables, case, target, clock}`` compared with ``value``.

    ``tables``: the whole export's tables; ``case``: table → rows of the target case; ``target``: the
    case row; ``clock``: the export's simulated time. Missing target → the check fails.
    """

    name: Slug
    stage: Slug = "custom"
    description: NonEmpty
    expr: NonEmpty
    op: Literal["equals", "not_equals", "truthy", "falsy", "contains", "not_contains", "in", "gte", "lte",
                "length_eq", "length_gte", "length_lte"]
    value: Any = None
    do_nothing_passes: bool = Field(description="whether an agent that does nothing passes (declare honestly)")


ARTIFACT_KINDS = ("case", "intake", "triage", "nurse_review", "md_review", "p2p", "determination", "letters",
                  "notifications", "requirement_check", "provider_determination", "submission", "case_documents",
                  "inbox", "cm_case", "cm_referral", "cm_chart_review", "cm_outreach", "cm_assessment",
                  "cm_care_plan")
CHART_KINDS = ("patient", "coverage", "order", "conditions", "medications", "observations", "allergies",
               "encounters", "procedures", "chart_documents")


class Rubric(_M):
    id: Slug
    stage: Slug
    question: NonEmpty
    pass_criteria: list[NonEmpty] = Field(min_length=1)
    fail_if: list[NonEmpty] = Field(default_factory=list)
    handbook_refs: list[str] = Field(min_length=1, description="'<doc-id> §<n>' sections the judge receives verbatim")
    artifacts: list[str] = Field(min_length=1, description=f"agent outputs shown to the judge: {ARTIFACT_KINDS}")
    chart: list[str] = Field(default_factory=list, description=f"chart facts from the export: {CHART_KINDS}")
    chart_facts: list[NonEmpty] = Field(default_factory=list, description="facts stated by the task author")

    @model_validator(mode="after")
    def _vals(self) -> Rubric:
        _one_of(self.artifacts, frozenset(ARTIFACT_KINDS), "artifact kind")
        _one_of(self.chart, frozenset(CHART_KINDS), "chart kind")
        return self


# ------------------------------------------------------------------------------------ the answer key


class Expectations(_M):
    format: Literal["chibench.expectations/1"]
    task: TaskIdentity
    target: CaseLocator
    terminal_status: list[str] = Field(min_length=1)
    scope: MutationScope
    stages: Stages = Field(default_factory=Stages)
    artifacts: Artifacts = Field(default_factory=Artifacts)
    cm: CMExpect | None = None
    checks: list[DeclarativeCheck] = Field(default_factory=list)
    rubrics: list[Rubric] = Field(default_factory=list)

    _t = field_validator("terminal_status", mode="before")(_as_list)

    @model_validator(mode="after")
    def _consistent(self) -> Expectations:
        statuses = vocab.PA_CASE_STATUSES if self.target.kind == "pa_case" else vocab.CM_CASE_STATUSES
        _one_of(self.terminal_status, statuses, f"{self.target.kind} status")
        pa_parts = [k for k, v in self.stages.model_dump().items() if v is not None]
        if self.target.kind == "cm_case" and (pa_parts or self.artifacts != Artifacts()):
            raise ValueError(f"a cm_case task takes no PA stages or letters (got {pa_parts or 'artifacts'})")
        if self.target.kind == "pa_case" and self.cm is not None:
            raise ValueError("a pa_case task takes no 'cm' section")
        names = [c.name for c in self.checks]
        dup = sorted({n for n in names if names.count(n) > 1})
        ids = [r.id for r in self.rubrics]
        dup += sorted({n for n in ids if ids.count(n) > 1})
        if dup:
            raise ValueError(f"duplicate check or rubric names: {dup}")
        return self

    # -- helpers -------------------------------------------------------------------------------
    def citations(self) -> list[tuple[str, str]]:
        """(where, citation) for every citation the key makes."""
        out: list[tuple[str, str]] = []
        for stage in ("nurse_review", "md_review"):
            st = getattr(self.stages, stage)
            if st is not None:
                out += [(f"stages.{stage}.criteria[{c.criterion_id}]", c.citation) for c in st.criteria]
        if self.stages.md_review is not None:
            out += [("stages.md_review.citations_include", c) for c in self.stages.md_review.citations_include]
        if self.stages.determination is not None:
            out += [("stages.determination.citations_include", c)
                    for c in self.stages.determination.citations_include]
        for r in self.rubrics:
            out += [(f"rubrics[{r.id}].handbook_refs", c) for c in r.handbook_refs]
        return out

    def patterns(self) -> list[tuple[str, str]]:
        """(where, regex) for every regular expression in the key."""
        out: list[tuple[str, str]] = []

        def walk(obj: Any, where: str) -> None:
            if isinstance(obj, BaseModel):
                for name in type(obj).model_fields:
                    value = getattr(obj, name)
                    if name.endswith("patterns") and isinstance(value, list):
                        out.extend((f"{where}.{name}", p) for p in value)
                    else:
                        walk(value, f"{where}.{name}")
            elif isinstance(obj, list):
                for i, x in enumerate(obj):
                    walk(x, f"{where}[{i}]")

        walk(self, "$")
        return out

    def texts_with_placeholders(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for i, letter in enumerate(self.artifacts.letters):
            for k, v in letter.fields_equal.items():
                if isinstance(v, str):
                    out.append((f"artifacts.letters[{i}].fields_equal.{k}", v))
            if letter.body:
                out += [(f"artifacts.letters[{i}].body.contains", t) for t in letter.body.contains]
        for i, n in enumerate(self.artifacts.notifications):
            if n.body:
                out += [(f"artifacts.notifications[{i}].body.contains", t) for t in n.body.contains]
        return out


# ------------------------------------------------------------------------------------ loading


def _validate_semantics(exp: Expectations, *, handbook_root: Path | None) -> list[str]:
    problems: list[str] = []
    for where, cite in exp.citations():
        if not CITATION.match(cite):
            problems.append(f"{where}: '{cite}' is not a citation '<doc-id> §<n>'")
    for where, pattern in exp.patterns():
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(f"{where}: bad regular expression {pattern!r}: {exc}")
    for where, text in exp.texts_with_placeholders():
        for name in PLACEHOLDER.findall(text):
            if name not in PLACEHOLDERS:
                problems.append(f"{where}: unknown placeholder '{{{name}}}' (allowed: {', '.join(PLACEHOLDERS)})")
    if exp.checks:
        import jmespath
        from jmespath.exceptions import JMESPathError

        for c in exp.checks:
            try:
                jmespath.compile(c.expr)
            except JMESPathError as exc:
                problems.append(f"checks[{c.name}].expr: does not compile: {exc}")
    if handbook_root is not None:
        from chibench.verifiers.handbook_text import HandbookIndex

        idx = HandbookIndex.for_root(handbook_root)
        for where, cite in exp.citations():
            if CITATION.match(cite):
                why = idx.unresolved(cite)
                if why:
                    problems.append(f"{where}: {why}")
    return problems


def parse_expectations(data: Any, *, handbook_root: Path | None = None, source: str = "<expectations>"
                       ) -> Expectations:
    """Validate a decoded expectations document (see module docstring). Raises :class:`ExpectationsError`."""
    if not isinstance(data, dict):
        raise ExpectationsError(f"{source}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise ExpectationsError(f"{source}: format must be '{FORMAT}' (got {data.get('format')!r})")
    try:
        exp = Expectations.model_validate(data)
    except ValidationError as exc:
        # the world's loaders word it the same way ("<dotted.loc>: <message>"); the grader keeps its own line
        problems = [f"{'.'.join(str(p) for p in e['loc']) or '$'}: {e['msg']}" for e in exc.errors()]
        raise ExpectationsError(f"{source}: invalid expectations: {problems[0]}", problems) from exc
    problems = _validate_semantics(exp, handbook_root=handbook_root)
    if problems:
        raise ExpectationsError(f"{source}: {problems[0]}", problems)
    from chibench.verifiers.registry import plan_checks

    planned = plan_checks(exp)
    if not any(not p.do_nothing_passes for p in planned):
        raise ExpectationsError(f"{source}: every planned check passes for an agent that does nothing; add an "
                                "expectation a do-nothing agent fails (a terminal status other than the starting "
                                "one with target.initial_status, a decision, a letter)")
    return exp


def load_expectations(path: str | Path, *, handbook_root: Path | None = None) -> Expectations:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ExpectationsError(f"{p}: unreadable expectations: {exc}") from exc
    return parse_expectations(data, handbook_root=handbook_root, source=str(p))


def expectations_digest(exp: Expectations) -> str:
    body = json.dumps(exp.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()
