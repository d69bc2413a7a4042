"""Care-management tools (16): cm_intake 4, cm_chart 2, cm_outreach 4, cm_assessment 3, cm_care_plan 3.

Names, namespaces and meanings follow the paper's manifest (χ-Bench Appendix C.2). Each handler is a
thin, typed call into the CM services; the services validate, authorize and write.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from chibench.world.apps.cm_referral import services as referral
from chibench.world.core.world import World
from chibench.world.tools.registry import ActingInput, tool

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
