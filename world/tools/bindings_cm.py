"""Care-management tools (16): cm_intake 4, cm_chart 2, cm_outreach 4, cm_assessment 3, cm_care_plan 3.

Names, namespaces and meanings follow the paper's manifest (χ-Bench Appendix C.2). Each handler is a
thin, typed call into the CM services; the services validate, authorize and write.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import Field

from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_referral import services as referral
from chibench.world.core.world import World
from chibench.world.tools.registry import ActingInput, ToolInput, tool

ROLE = "cm"


class ListReferralQueueIn(ActingInput):
    status: Literal["queued", "accepted", "declined"] | None = Field(
        None, description="Only referrals in this status (default: all)")


@tool(ROLE, "cm_intake", "list_referral_queue", kind="read", input=ListReferralQueueIn,
      description="List inbound care-management referrals with member demographics, most pressing first "
                  "(suggested priority, then risk score). Use get_referral for diagnoses and risk flags.")
def list_referral_queue(world: World, acting_as: str | None, a: ListReferralQueueIn) -> Any:
    return {"referrals": referral.list_referral_queue(world, actor_id=a.acting_as, status=a.status)}


class GetReferralIn(ActingInput):
    referral_id: str = Field(description="Referral id from the queue, e.g. REF-CM01", max_length=48)


@tool(ROLE, "cm_intake", "get_referral", kind="read", input=GetReferralIn,
      description="One referral with demographics, diagnoses (ICD-10-CM), risk score and utilization flags, "
                  "coverage and the referring clinician.")
def get_referral(world: World, acting_as: str | None, a: GetReferralIn) -> Any:
    return referral.get_referral(world, actor_id=a.acting_as, referral_id=a.referral_id)


class OpenCaseIn(ActingInput):
    referral_id: str = Field(max_length=48, description="The referral to open a case from")
    program: Literal["chronic_disease", "behavioral_health", "complex_care", "transitions_of_care"] = Field(
        description="Care-management program the member is enrolled into (see the program-eligibility standard)")
    priority: Literal["urgent", "high", "standard"] = Field(description="Case priority")


@tool(ROLE, "cm_intake", "open_case", kind="write", input=OpenCaseIn,
      description="Open the care-management case for a referral (one case per referral): the case moves "
                  "new → intake_complete and is assigned to you.")
def open_case(world: World, acting_as: str | None, a: OpenCaseIn) -> Any:
    return referral.open_case(world, actor_id=a.acting_as, referral_id=a.referral_id, program=a.program,
                              priority=a.priority)


class DisenrollIn(ActingInput):
    case_id: str = Field(max_length=48, description="CM case id")
    reason: Literal["declined", "unreachable", "ineligible", "moved", "deceased", "safety_transfer", "other"] = Field(
        description="Reason code for the disenrollment")
    note: str = Field(min_length=1, max_length=4000, description="What happened, in your words (documented decline)")


@tool(ROLE, "cm_intake", "disenroll_case", kind="write", input=DisenrollIn,
      description="Disenroll the member: the case moves from any open status to the terminal 'disenrolled' "
                  "with the reason and your note.")
def disenroll_case(world: World, acting_as: str | None, a: DisenrollIn) -> Any:
    return referral.disenroll_case(world, actor_id=a.acting_as, case_id=a.case_id, reason=a.reason, note=a.note)


# ============================================================================== cm_chart
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


@tool(ROLE, "cm_chart", "get_chart_data", kind="read", input=GetChartDataIn,
      description="The member's clinical chart for a CM case: the case and its referral, patient demographics, "
                  "coverages, conditions (ICD-10-CM), encounters, observations (labs and vitals: LOINC codes, values "
                  "with UCUM units), medications, procedures, allergies, and an index of the clinical and CM "
                  "documents (title, kind, date, author, length; no bodies). Lists are newest first. Observations "
                  "are paginated: the latest observations_per_code values of each LOINC code, optionally limited to "
                  "a date window and to given codes; observations_meta lists every code in the chart with its count "
                  "and date range so you can ask for more of one. The record ids returned here are what "
                  "cm_chart_submit_chart_review accepts as evidence_ids. No side effects.")
def get_chart_data(world: World, acting_as: str | None, a: GetChartDataIn) -> Any:
    return chart.get_chart_data(
        world, actor_id=a.acting_as, case_id=a.case_id, observations_per_code=a.observations_per_code,
        observations_since=a.observations_since.isoformat() if a.observations_since else None,
        observations_until=a.observations_until.isoformat() if a.observations_until else None,
        loinc_codes=a.loinc_codes)


ReviewItem = Annotated[str, Field(min_length=1, max_length=300)]


class ChartReview(ToolInput):
    """The structured chart review (every list item is one short statement, ≤300 characters)."""

    primary_concerns: list[ReviewItem] = Field(
        min_length=1, max_length=30, description="The member's main problems as you read the chart (1–30 items)")
    coordination_risks: list[ReviewItem] = Field(
        max_length=30, description="Care-coordination risks seen in the chart, e.g. fragmented care or gaps "
                                   "between settings (0–30 items; [] if none)")
    suspected_barriers: list[ReviewItem] = Field(
        max_length=30, description="Barriers to self-management or care you suspect from the chart, to confirm "
                                   "on outreach (0–30 items; [] if none)")
    preliminary_risk_level: Literal["high", "moderate", "low"] = Field(
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
def submit_chart_review(world: World, acting_as: str | None, a: SubmitChartReviewIn) -> Any:
    r = a.review
    return chart.submit_chart_review(
        world, actor_id=a.acting_as, case_id=a.case_id, primary_concerns=r.primary_concerns,
        coordination_risks=r.coordination_risks, suspected_barriers=r.suspected_barriers,
        preliminary_risk_level=r.preliminary_risk_level, key_findings=r.key_findings,
        clarification_needed=r.clarification_needed, evidence_ids=r.evidence_ids)
