"""Care-management tools (16): cm_intake 4, cm_chart 2, cm_outreach 4, cm_assessment 3, cm_care_plan 3.

Names, namespaces and meanings follow the paper's manifest (χ-Bench Appendix C.2). Each handler is a
thin, typed call into the CM services; the services validate, authorize and write.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal, cast

from pydantic import Field

from chibench.world.apps.cm_assessment import services as assessment
from chibench.world.apps.cm_care_plan import services as care_plan
from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_outreach import services as outreach
from chibench.world.apps.cm_referral import services as referral
from chibench.world.core.enums import (
    CMPriority,
    CMProgram,
    DisenrollReason,
    EngagementStatus,
    FollowUpCadence,
    InterventionOwner,
    ReferralStatus,
    RiskLevel,
)
from chibench.world.core.errors import DomainError, InvalidInput
from chibench.world.core.world import World

from . import budget
from . import outputs_cm as shapes
from .registry import ActingInput, Role, ToolInput, service_tool, tool

ROLE: Role = "cm"


@contextmanager
def _nested(prefix: str, fields: Iterable[str]) -> Iterator[None]:
    """Service errors name fields of a nested argument without its name (``evidence_ids[0]``); report them
    as the agent sent them (``review.evidence_ids[0]``)."""
    try:
        yield
    except DomainError as exc:
        head = (exc.field or "").split(".")[0].split("[")[0]
        if head in set(fields):
            exc.field = f"{prefix}.{exc.field}"
        raise


class ListReferralQueueIn(ActingInput):
    status: ReferralStatus | None = Field(
        None, description="Only referrals in this status (default: all)")
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(20, ge=1, le=50, description="Page size")


#: The queue row: enough to pick and prioritize; the full referral (reason, utilization flags, contact details,
#: PCP, coverage) comes from cm_intake_get_referral.
_QUEUE_ROW = ("id", "patient_id", "date", "source", "status", "suggested_program", "suggested_priority",
              "risk_score", "diagnosis_codes", "case_id")
_QUEUE_PATIENT = ("name", "birth_date", "age", "sex")


def _queue_row(r: dict[str, Any]) -> dict[str, Any]:
    row = {k: r.get(k) for k in _QUEUE_ROW}
    row["patient"] = {k: (r.get("patient") or {}).get(k) for k in _QUEUE_PATIENT}
    return row


@tool(ROLE, "cm_intake", "list_referral_queue", kind="read", input=ListReferralQueueIn,
      description="List inbound care-management referrals as summaries (id, date, source, status, suggested "
                  "program and priority, risk score, diagnosis codes, case_id, patient {name, birth_date, age, sex}), "
                  "most pressing first (suggested priority, then risk score). Use get_referral for the reason, "
                  "diagnoses, risk flags and contact details. " + budget.PAGED)
def list_referral_queue(world: World, a: ListReferralQueueIn) -> shapes.CmIntakeListReferralQueueResult:
    rows = referral.list_referral_queue(world, acting_as=a.acting_as, status=a.status)
    return cast(shapes.CmIntakeListReferralQueueResult, budget.page("referrals", [_queue_row(r) for r in rows], a.offset, a.limit))


class GetReferralIn(ActingInput):
    referral_id: str = Field(description="Referral id from the queue, e.g. REF-CM01", max_length=48)


service_tool(ROLE, "cm_intake", "get_referral", kind="read", input=GetReferralIn,
             service=referral.get_referral, result=shapes.CmIntakeGetReferralResult,
             description="One referral with demographics, diagnoses (ICD-10-CM), risk score and utilization flags, "
                         "coverage and the referring clinician.")


class OpenCaseIn(ActingInput):
    referral_id: str = Field(max_length=48, description="The referral to open a case from")
    program: CMProgram = Field(
        description="Care-management program the member is enrolled into (see the program-eligibility standard)")
    priority: CMPriority = Field(description="Case priority")


service_tool(ROLE, "cm_intake", "open_case", kind="write", input=OpenCaseIn,
             service=referral.open_case, result=shapes.CmIntakeOpenCaseResult,
             description="Open the care-management case for a referral (one case per referral): the case moves "
                         "new → intake_complete and is assigned to you.")


class DisenrollIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id")
    reason: DisenrollReason = Field(
        description="Reason code for the disenrollment")
    note: str = Field(min_length=1, max_length=4000, description="What happened, in your words (documented decline)")


service_tool(ROLE, "cm_intake", "disenroll_case", kind="write", input=DisenrollIn,
             service=referral.disenroll_case, result=shapes.CmIntakeDisenrollCaseResult,
             description="Disenroll the member: the case moves from any open status to the terminal 'disenrolled' "
                         "with the reason and your note.")


# ============================================================================== cm_chart
ChartSection = Literal["conditions", "encounters", "observations", "medications", "procedures", "allergies",
                       "documents", "document_bodies"]
#: The chart's list sections in the order the default view fills them under the result budget.
CHART_SECTIONS: tuple[str, ...] = ("conditions", "medications", "allergies", "procedures", "observations",
                                   "encounters", "documents", "document_bodies")
_CHART_HINT = ("the chart is longer than one result: call cm_chart_get_chart_data again with section=<name> "
               "and offset=<next_offset> (the observation and document_ids arguments still apply)")


class GetChartDataIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id, e.g. CMC-0001")
    observations_per_code: int = Field(
        3, ge=1, le=100, description="How many of the latest observations (labs and vitals) to return per LOINC "
                                     "code, 1–100 (default 3); older values are counted in observations_meta")
    observations_since: dt.date | None = Field(
        None, description="Only observations dated on or after this day (YYYY-MM-DD, inclusive)")
    observations_until: dt.date | None = Field(
        None, description="Only observations dated on or before this day (YYYY-MM-DD, inclusive)")
    loinc_codes: list[Annotated[str, Field(min_length=1, max_length=10)]] | None = Field(
        None, max_length=50, description="Only observations with these LOINC codes, e.g. [\"4548-4\"] (default: all)")
    document_ids: list[Annotated[str, Field(min_length=1, max_length=48)]] | None = Field(
        None, max_length=5, description="Up to 5 document ids from the documents index whose full text to include "
                                        "(returned as document_bodies)")
    section: ChartSection | None = Field(
        None, description="Only this section of the chart, paged (default: the whole chart, cut lists under `more`)")
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(50, ge=1, le=100, description="Page size")


@tool(ROLE, "cm_chart", "get_chart_data", kind="read", input=GetChartDataIn,
      description="The member's clinical chart for a CM case: the case and its referral, patient demographics, "
                  "coverages, conditions (ICD-10-CM), encounters, observations (labs and vitals: LOINC codes, values "
                  "with UCUM units), medications, procedures, allergies, and an index of the clinical and CM "
                  "documents (title, kind, date, author, length); pass document_ids to read up to 5 documents in "
                  "full. Lists are newest first. Observations are paginated: the latest observations_per_code "
                  "values of each LOINC code, optionally limited to a date window and to given codes; "
                  "observations_meta lists every code in the chart with its count and date range so you can ask "
                  "for more of one. The record ids returned here are what cm_chart_submit_chart_review accepts as "
                  "evidence_ids. No side effects. " + budget.SECTIONED)
def get_chart_data(world: World, a: GetChartDataIn) -> shapes.CmChartGetChartDataResult:
    budget.check_section_args(a.section, a.offset)
    if a.section == "document_bodies" and not a.document_ids:
        raise InvalidInput("section 'document_bodies' needs document_ids (the documents to read)", field="section")
    out = chart.get_chart_data(
        world, acting_as=a.acting_as, case_id=a.case_id, observations_per_code=a.observations_per_code,
        observations_since=a.observations_since.isoformat() if a.observations_since else None,
        observations_until=a.observations_until.isoformat() if a.observations_until else None,
        loinc_codes=a.loinc_codes, document_ids=a.document_ids)
    if a.section is None:
        # the chart is built from JSON types only (ehr.services.chart_payload, cm_chart.services.get_chart_data)
        return cast(shapes.CmChartGetChartDataResult,
                    budget.fit_record(out, CHART_SECTIONS, hint=_CHART_HINT, already_plain=True))
    head = {"case_id": out["case"]["id"], "as_of": out.get("as_of")}
    if a.section == "observations":
        head["observations_meta"] = out.get("observations_meta")
    return cast(shapes.CmChartGetChartDataResult, budget.section_page(head, a.section, out.get(a.section) or [], a.offset, a.limit))


ReviewItem = Annotated[str, Field(min_length=1, max_length=300)]


class ChartReview(ToolInput):
    """The structured chart review (every list item is one short statement, ≤300 characters)."""

    primary_concerns: list[ReviewItem] = Field(
        min_length=1, max_length=30, description="The member's main problems as you read the chart")
    coordination_risks: list[ReviewItem] = Field(
        max_length=30, description="Care-coordination risks seen in the chart, e.g. fragmented care or gaps "
                                   "between settings ([] if none)")
    suspected_barriers: list[ReviewItem] = Field(
        max_length=30, description="Barriers to self-management or care you suspect from the chart, to confirm "
                                   "on outreach ([] if none)")
    preliminary_risk_level: RiskLevel = Field(
        description="Your preliminary risk level; it is also set on the case (case.risk_level)")
    key_findings: str = Field(min_length=20, max_length=5_000,
                              description="Narrative of the key findings (20–5,000 characters)")
    clarification_needed: list[ReviewItem] = Field(
        max_length=30, description="Questions the chart leaves open, to clarify with the member or the care team "
                                   "(0–30 items; [] if none)")
    evidence_ids: list[Annotated[str, Field(min_length=1, max_length=48)]] = Field(
        min_length=1, max_length=30, description="Ids of this member's chart records the review relies on "
                                                 "(encounters, conditions, observations, medications, procedures, "
                                                 "allergies, documents) as returned by cm_chart_get_chart_data; "
                                                 "1–30 ids")


class SubmitChartReviewIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id (must be at intake_complete)")
    review: ChartReview = Field(description="The structured chart review")


@tool(ROLE, "cm_chart", "submit_chart_review", kind="write", input=SubmitChartReviewIn,
      description="Record your structured chart review of a case: the case moves intake_complete → chart_reviewed "
                  "and its risk_level is set to the review's preliminary_risk_level; you are recorded as the "
                  "reviewer. One review per case: it cannot be amended or resubmitted. Every evidence id must name "
                  "a record in this member's chart, or nothing is saved.")
def submit_chart_review(world: World, a: SubmitChartReviewIn) -> shapes.CmChartSubmitChartReviewResult:
    r = a.review
    with _nested("review", ChartReview.model_fields):
        return cast(shapes.CmChartSubmitChartReviewResult, chart.submit_chart_review(
            world, acting_as=a.acting_as, case_id=a.case_id, primary_concerns=r.primary_concerns,
            coordination_risks=r.coordination_risks, suspected_barriers=r.suspected_barriers,
            preliminary_risk_level=r.preliminary_risk_level, key_findings=r.key_findings,
            clarification_needed=r.clarification_needed, evidence_ids=r.evidence_ids))


# ============================================================================== cm_outreach
class StartOutreachCallIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id (must be at chart_reviewed)")


service_tool(ROLE, "cm_outreach", "start_outreach_call", kind="write", input=StartOutreachCallIn,
             service=outreach.start_outreach_call, result=shapes.CmOutreachStartOutreachCallResult,
             description="Place the outreach telephone call (text mode) to the member of a case at chart_reviewed: an "
                         "active session SES-… opens with a turn budget and the member answers the phone; their first "
                         "words are in patient_response (transcript turn 1). One call per case. Talk with "
                         "cm_outreach_send_message; end and document the call with cm_outreach_end_outreach_call.")


class SendMessageIn(ActingInput):
    session_id: str = Field(max_length=48, description="Outreach session id from start_outreach_call, e.g. SES-0001")
    message: str = Field(min_length=1, max_length=4_000,
                         description="What you say to the member in this turn (1–4,000 characters)")


service_tool(ROLE, "cm_outreach", "send_message", kind="write", input=SendMessageIn,
             service=outreach.send_message, result=shapes.CmOutreachSendMessageResult,
             description="Say one thing to the member on an active outreach call; the member's reply is "
                         "patient_response. Each message uses one turn (turns_used / turns_left). Talk one message per "
                         "call until you end it with cm_outreach_end_outreach_call — unless the member hangs up (stopped "
                         "= true, end_reason patient_ended) or the turns run out (budget_exhausted): then session_status "
                         "is 'ended', no message is accepted, and you still document the call with "
                         "cm_outreach_end_outreach_call. Only the care manager who placed the call may talk on it. A "
                         "'retryable' error means the member did not answer and nothing was recorded: send it again.")


class GetTranscriptIn(ActingInput):
    session_id: str = Field(max_length=48, description="Outreach session id, e.g. SES-0001")
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(100, ge=1, le=200, description="Page size")


service_tool(ROLE, "cm_outreach", "get_transcript", kind="read", input=GetTranscriptIn,
             description="The outreach call's transcript so far — messages [{turn_number, role (care_manager | patient), "
                         "content, timestamp}] in turn order — with the session's status (active | ended), end_reason, "
                         "turn budget and turns left. No side effects. " + budget.PAGED,
             service=outreach.get_transcript, result=shapes.CmOutreachGetTranscriptResult, page="messages")


class OutreachSummary(ToolInput):
    """The structured outreach record (list items ≤300 characters each)."""

    engagement_status: EngagementStatus = Field(
        description="The call's outcome; 'engaged' exactly when consent_obtained is true")
    consent_obtained: bool = Field(
        description="Whether the member agreed to join care management on this call; true is accepted only if "
                    "the transcript contains the member's explicit yes to joining")
    key_takeaways: list[ReviewItem] = Field(min_length=1, max_length=30,
                                            description="What you learned on the call")
    next_steps: list[ReviewItem] = Field(min_length=1, max_length=30, description="Agreed next steps")
    patient_concerns: list[ReviewItem] = Field(default_factory=list, max_length=30,
                                               description="Concerns the member raised")
    member_words: str | None = Field(None, min_length=1, max_length=2_000,
                                     description="The member's consent or decline in their own words, quoted from "
                                                 "the transcript (≤2,000 characters)")
    preferred_contact: str | None = Field(None, min_length=1, max_length=60,
                                          description="How and when the member prefers to be contacted (≤60 "
                                                      "characters)")
    preferred_language: str | None = Field(None, min_length=1, max_length=40,
                                           description="The member's preferred language (≤40 characters)")
    notes: str | None = Field(None, min_length=1, max_length=5_000, description="Free-text notes (≤5,000 characters)")


class EndOutreachCallIn(ActingInput):
    session_id: str = Field(max_length=48, description="Outreach session id, e.g. SES-0001")
    summary: OutreachSummary = Field(description="The structured record of the call")


@tool(ROLE, "cm_outreach", "end_outreach_call", kind="write", input=EndOutreachCallIn,
      description="End the outreach call (if still active) and record its outcome as the case's outreach record: "
                  "session → ended (end_reason caller_ended if you end it), case chart_reviewed → "
                  "outreach_complete. One record per call, written only by the care manager who placed it; it "
                  "cannot be amended. consent_obtained = true is refused unless the transcript contains the "
                  "member's explicit yes to joining on this call. Next: cm_assessment_start_assessment (needs "
                  "consent in this record) or cm_intake_disenroll_case. Returns the record with case_status and "
                  "the session.")
def end_outreach_call(world: World, a: EndOutreachCallIn) -> shapes.CmOutreachEndOutreachCallResult:
    m = a.summary
    with _nested("summary", OutreachSummary.model_fields):
        return cast(shapes.CmOutreachEndOutreachCallResult, outreach.end_outreach_call(
            world, acting_as=a.acting_as, session_id=a.session_id, engagement_status=m.engagement_status,
            consent_obtained=m.consent_obtained, key_takeaways=m.key_takeaways, next_steps=m.next_steps,
            patient_concerns=m.patient_concerns, member_words=m.member_words,
            preferred_contact=m.preferred_contact, preferred_language=m.preferred_language, notes=m.notes))


# ============================================================================== cm_assessment
# The section models mirror cm_assessment.services.SECTION_MODELS field for field (tests assert it); the
# service validates again. Instrument totals, bands and flags are never inputs: the platform computes them.
Short = Annotated[str, Field(min_length=1, max_length=300)]
Text = Annotated[str, Field(min_length=1, max_length=4_000)]
Item03 = Annotated[int, Field(strict=True, ge=0, le=3)]
Item04 = Annotated[int, Field(strict=True, ge=0, le=4)]
HVSAnswer = Literal["often_true", "sometimes_true", "never_true", "declined"]


class CaseIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id, e.g. CMC-0001")


class ClinicalSection(ToolInput):
    conditions_reviewed: list[Short] = Field(min_length=1, max_length=30,
                                             description="Conditions reviewed with the member")
    symptom_summary: Text = Field(description="Current symptoms as reported and observed (≤4,000 characters)")
    recent_utilization: Text = Field(description="Recent ED visits, admissions, urgent care and specialist use")
    functional_status: Literal["independent", "needs_some_assistance", "dependent"] = Field(
        description="Functional status for activities of daily living")
    pain_score: Annotated[int, Field(strict=True, ge=0, le=10)] | None = Field(
        None, description="Self-reported pain on the 0–10 numeric rating scale (integer; omit if not asked)")
    clinical_concerns: list[Short] = Field(default_factory=list, max_length=30,
                                           description="Clinical concerns for the care plan")
    notes: Text | None = Field(None, description="Free-text notes")


class MedicationItem(ToolInput):
    name: Short = Field(description="Medication as the member takes it (name, strength)")
    adherence: Literal["taking_as_prescribed", "taking_differently", "not_taking", "unknown"] = Field(
        description="How the member actually takes it")
    note: Text | None = Field(None, description="What the member said, discrepancies with the chart")


class MedicationSection(ToolInput):
    medications: list[MedicationItem] = Field(max_length=60, description="Reconciled medication list")
    adherence_barriers: list[Short] = Field(default_factory=list, max_length=30,
                                            description="Barriers to taking medications as prescribed")
    cost_concern: bool = Field(description="Whether the member reports medication cost as a concern")
    side_effects: list[Short] = Field(default_factory=list, max_length=30,
                                      description="Side effects the member reports")
    reconciliation_notes: Text = Field(description="Medication reconciliation notes (≤4,000 characters)")


class BehavioralHealthSection(ToolInput):
    phq9_items: list[Item03] = Field(
        min_length=9, max_length=9,
        description="The nine PHQ-9 item answers in questionnaire order (item 1 … item 9), each an integer 0–3 "
                    "(0 not at all, 1 several days, 2 more than half the days, 3 nearly every day; last 2 weeks). "
                    "The platform computes the total, severity band and item-9 flag")
    gad7_items: list[Item03] = Field(
        min_length=7, max_length=7,
        description="The seven GAD-7 item answers in questionnaire order, each an integer 0–3 (same response scale "
                    "as PHQ-9). The platform computes the total and severity band")
    auditc_items: list[Item04] | None = Field(
        None, min_length=3, max_length=3,
        description="The three AUDIT-C item answers in order (drinking frequency, typical quantity, frequency of "
                    "six or more drinks), each an integer 0–4; omit if not administered. The platform computes the "
                    "total and the screen result (using the member's sex on file)")
    substance_use_notes: Text | None = Field(None, description="Substance-use notes")
    notes: Text | None = Field(None, description="Free-text notes")


class HungerVitalSign(ToolInput):
    worried_food_would_run_out: HVSAnswer = Field(
        description="Statement 1 (past 12 months): worried whether food would run out before there was money to "
                    "buy more")
    food_did_not_last: HVSAnswer = Field(
        description="Statement 2 (past 12 months): the food bought just didn't last and there wasn't money to get "
                    "more")


class SdohSection(ToolInput):
    hunger_vital_sign: HungerVitalSign = Field(
        description="Hunger Vital Sign answers; the platform computes the screen result")
    housing: Literal["stable", "at_risk", "unstable", "homeless"] = Field(description="Housing situation")
    transportation_barrier: bool = Field(description="Lacks reliable transportation to care")
    utilities_concern: bool = Field(description="Trouble paying or keeping utilities")
    financial_strain: bool = Field(description="Reports financial strain")
    social_isolation: bool = Field(description="Reports social isolation")
    interpersonal_safety_concern: bool = Field(description="Reports a concern about safety at home or in "
                                                           "relationships")
    notes: Text | None = Field(None, description="Free-text notes")


class ClinicalPayload(ToolInput):
    section: Literal["clinical"]
    data: ClinicalSection | None = Field(None, description="Omit only with blocked_reason")


class MedicationPayload(ToolInput):
    section: Literal["medication"]
    data: MedicationSection | None = Field(None, description="Omit only with blocked_reason")


class BehavioralHealthPayload(ToolInput):
    section: Literal["behavioral_health"]
    data: BehavioralHealthSection | None = Field(None, description="Omit only with blocked_reason")


class SdohPayload(ToolInput):
    section: Literal["sdoh"]
    data: SdohSection | None = Field(None, description="Omit only with blocked_reason")


def _any_of(schema: dict[str, Any]) -> None:
    """Publish the tagged union as plain ``anyOf`` (each member's ``section`` constant tells them apart);
    ``oneOf``/``discriminator`` are not accepted by every agent API's schema subset."""
    if "oneOf" in schema:
        schema["anyOf"] = schema.pop("oneOf")
    schema.pop("discriminator", None)


SectionPayload = Annotated[ClinicalPayload | MedicationPayload | BehavioralHealthPayload | SdohPayload,
                           Field(discriminator="section")]


class SaveSectionIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id (assessment in progress or blocked)")
    payload: SectionPayload = Field(
        json_schema_extra=_any_of,
        description="The section (clinical | medication | behavioral_health | sdoh) and its body")
    blocked_reason: str | None = Field(
        None, min_length=1, max_length=1_000,
        description="Why the assessment cannot continue now (≤1,000 characters); blocks it until a later save "
                    "without a reason")


service_tool(ROLE, "cm_assessment", "start_assessment", kind="write", input=CaseIn,
             service=assessment.start_assessment, result=shapes.CmAssessmentStartAssessmentResult,
             description="Create the empty four-section assessment (clinical, medication, behavioral_health, sdoh) for a "
                         "case: the case moves outreach_complete → assessment_in_progress and you are the assessor. "
                         "Refused unless the case's latest outreach record (written by cm_outreach_end_outreach_call) "
                         "records consent_obtained = true. One assessment per case. Returns the assessment with "
                         "sections_saved and sections_missing.")


@tool(ROLE, "cm_assessment", "save_section", kind="write", input=SaveSectionIn,
      description="Save one assessment section: payload.data replaces that section's stored body in full (any "
                  "order; re-save until the assessment is completed). For behavioral_health and sdoh send item "
                  "answers: the platform computes PHQ-9, GAD-7 and AUDIT-C totals, severity bands and flags and "
                  "the Hunger Vital Sign result (returned under the section's 'computed', totals stored on the "
                  "assessment); a total you send is refused as an unknown field. With blocked_reason the "
                  "assessment is blocked (case → assessment_blocked; data may be omitted); the next save without "
                  "a reason unblocks it (→ assessment_in_progress). Returns the assessment.")
def save_section(world: World, a: SaveSectionIn) -> shapes.CmAssessmentSaveSectionResult:
    data = a.payload.data.model_dump(mode="json") if a.payload.data is not None else None
    with _nested("payload", ("section", "data")):
        return cast(shapes.CmAssessmentSaveSectionResult, assessment.save_section(world, acting_as=a.acting_as, case_id=a.case_id, section=a.payload.section,
                                       data=data, blocked_reason=a.blocked_reason))


service_tool(ROLE, "cm_assessment", "complete_assessment", kind="write", input=CaseIn,
             service=assessment.complete_assessment, result=shapes.CmAssessmentCompleteAssessmentResult,
             description="Complete the assessment once all four sections are saved: assessment in_progress → complete "
                         "(terminal) and case assessment_in_progress → assessment_complete; sections can no longer be "
                         "edited. Refused while the assessment is blocked; missing sections are listed in the error "
                         "(details.missing_sections).")


# ============================================================================== cm_care_plan
# Mirrors cm_care_plan.services.CarePlanBody (tests assert it); the service validates again.
PlanShort = Annotated[str, Field(min_length=1, max_length=120)]
PlanText = Annotated[str, Field(min_length=1, max_length=2_000)]


class Intervention(ToolInput):
    action: PlanText = Field(description="What will be done (≤2,000 characters)")
    owner: InterventionOwner = Field(description="Who is responsible for the intervention")
    due_date: dt.date = Field(description="Due date, YYYY-MM-DD, after the world's current date")
    frequency: Annotated[str, Field(min_length=1, max_length=60)] = Field(
        description="How often, e.g. 'once', 'weekly', 'at every call' (≤60 characters)")


class Goal(ToolInput):
    statement: PlanText = Field(description="The goal, stated from the member's perspective")
    measure: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="What is measured to track the goal (≤200 characters)")
    target: PlanShort = Field(description="The measurable target value of the measure (≤120 characters); "
                                          "finalize requires it to contain a number")
    target_date: dt.date = Field(description="Date the target should be reached, YYYY-MM-DD, after the world's "
                                             "current date")
    interventions: list[Intervention] = Field(default_factory=list, max_length=20,
                                              description="Interventions serving this goal (0–20 while drafting)")


class Problem(ToolInput):
    statement: PlanText = Field(description="The problem statement")
    domain: Literal["clinical", "medication", "behavioral_health", "sdoh"] = Field(
        description="Assessment domain the problem comes from")
    icd10: Annotated[str, Field(min_length=3, max_length=8)] | None = Field(
        None, description="Billable ICD-10-CM code for the problem, e.g. E11.65 (optional)")
    evidence: PlanText = Field(description="What in the chart, call or assessment supports the problem")
    priority: Literal["high", "medium", "low"] = Field(description="Problem priority")
    goals: list[Goal] = Field(default_factory=list, max_length=10,
                              description="Goals for this problem (0–10 while drafting)")


class EscalationTrigger(ToolInput):
    trigger: PlanText = Field(description="The event or finding that triggers escalation")
    action: PlanText = Field(description="What is done when it occurs")
    contact: PlanShort = Field(description="Who is contacted (role or service, ≤120 characters)")
    timeframe: PlanShort = Field(description="How quickly, e.g. 'same day', 'within 24 hours' (≤120 characters)")


class CarePlanBody(ToolInput):
    problems: list[Problem] = Field(max_length=20, description="Problems, each with goals and interventions (≤20)")
    escalation_triggers: list[EscalationTrigger] = Field(max_length=20, description="Escalation triggers (≤20)")
    follow_up_cadence: FollowUpCadence | None = Field(
        None, description="Follow-up contact cadence (null while drafting)")
    follow_up_start: dt.date | None = Field(
        None, description="First follow-up date, YYYY-MM-DD, after the world's current date (null while drafting)")
    follow_up_notes: PlanText | None = Field(None, description="Notes on the follow-up schedule")


class SaveCarePlanIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id (care plan in draft)")
    plan: CarePlanBody = Field(description="The complete plan body; replaces the stored draft in full")


service_tool(ROLE, "cm_care_plan", "create_draft", kind="write", input=CaseIn,
             service=care_plan.create_draft, result=shapes.CmCarePlanCreateDraftResult,
             description="Create the empty care-plan draft for a case (one plan per case): plan status draft, case "
                         "assessment_complete → care_plan_draft; you are the author. Fill it with "
                         "cm_care_plan_save_care_plan. Returns the plan.")


@tool(ROLE, "cm_care_plan", "save_care_plan", kind="write", input=SaveCarePlanIn,
      description="Replace the whole care-plan draft with plan (a full replace, not a merge: send every problem, "
                  "goal, intervention and escalation trigger to keep). Problems, goals and interventions are "
                  "re-created on every save with ids <plan>-P<n>, <problem>-G<n>, <goal>-I<n>. Every date must be "
                  "after the world's current date. A draft may be incomplete; cm_care_plan_finalize checks "
                  "completeness. The case stays care_plan_draft. Returns the plan.")
def save_care_plan(world: World, a: SaveCarePlanIn) -> shapes.CmCarePlanSaveCarePlanResult:
    body = a.plan.model_dump(mode="json")
    with _nested("plan", CarePlanBody.model_fields):
        return cast(shapes.CmCarePlanSaveCarePlanResult, care_plan.save_care_plan(
            world, acting_as=a.acting_as, case_id=a.case_id, problems=body["problems"],
            escalation_triggers=body["escalation_triggers"], follow_up_cadence=body["follow_up_cadence"],
            follow_up_start=body["follow_up_start"], follow_up_notes=body["follow_up_notes"]))


service_tool(ROLE, "cm_care_plan", "finalize", kind="write", input=CaseIn,
             service=care_plan.finalize, result=shapes.CmCarePlanFinalizeResult,
             description="Finalize the care plan and close the case in one transaction: plan draft → finalized, case "
                         "care_plan_draft → care_plan_finalized → closed (both terminal; the plan can no longer be "
                         "edited). Refused, listing every gap in details.problems, unless the plan has at least one "
                         "problem; every problem at least one goal; every goal a target containing a number, a future "
                         "target date and at least one intervention with a future due date; at least one escalation "
                         "trigger; a follow-up cadence and a future follow-up start date. Returns the plan.")
