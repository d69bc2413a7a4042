"""Payer utilization-management tools (41): payer_intake_hub 11, triage 5, review 6, determination 2,
p2p 4, p2p_session 3, payer_letter_center 10 (χ-Bench Appendix C.2).

Names, namespaces and meanings follow the paper's manifest. Each handler is a thin, typed call into the
payer services (``world/apps/{intake_hub,triage,nurse_review,md_review,determination,p2p_scheduler,
p2p_session,letter_center}/services.py``); the services validate, authorize, move state and write in
one transaction. Descriptions teach mechanics — what moves, what comes back, what is frozen after a
handoff — never which criteria are met or which lane a case belongs in. Appeals have no payer tools in
the paper's 41 and get none here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Literal, TypeVar, cast

from pydantic import Field

from chibench.world.apps.determination import services as determination
from chibench.world.apps.intake_hub import services as intake
from chibench.world.apps.letter_center import services as letters
from chibench.world.apps.md_review import services as md_review
from chibench.world.apps.nurse_review import services as nurse_review
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_session import services as p2p_session
from chibench.world.apps.triage import services as triage
from chibench.world.core.enums import (
    CodeSystem,
    DeterminationDecision,
    EvalResult,
    Lane,
    LetterChannel,
    LetterRecipient,
    LineDecision,
    MDDecisionOption,
    NetworkStatus,
    NotificationChannel,
    NotificationType,
    NurseRecommendationOption,
    P2POutcome,
    PlaceOfService,
    UrgencyLevel,
)
from chibench.world.core.world import World

from . import budget
from . import outputs_payer as shapes
from .registry import ActingInput, Role, ToolInput, service_tool, tool

ROLE: Role = "payer"

# --------------------------------------------------------------------------- shared argument types

DATE = r"^\d{4}-\d{2}-\d{2}$"


def _case_id() -> Any:
    return Field(description="PA case id, e.g. CASE-0001", min_length=1, max_length=48)


POS_HELP = ("CMS two-digit place-of-service code: 10 telehealth in the home, 11 office, 12 home, 19 off-campus "
            "outpatient hospital, 21 inpatient hospital, 22 on-campus outpatient hospital, 23 emergency room, "
            "24 ambulatory surgical center, 49 independent diagnostic testing facility, 62 outpatient "
            "rehabilitation, 81 independent laboratory")
LANE_HELP = ("Review lane. Effects when routed: nurse_review | md_review | administrative_review | delegated | "
             "vendor | specialty queue a review task (case → under_review); no_auth_required closes the case; "
             "notification | gold_card approve without clinical review (determination + authorization number)")



class PageInput(ActingInput):
    offset: int = Field(0, ge=0, le=1_000_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(50, ge=1, le=200, description="Page size")


class CaseInput(ActingInput):
    case_id: str = _case_id()


# =========================================================================== payer_intake_hub (11)

NS_INTAKE = "payer_intake_hub"


class ListIntakeQueueIn(PageInput):
    include_complete: bool = Field(False, description="Also list cases whose intake is already complete "
                                                       "(default: only requests still awaiting intake work)")


service_tool(ROLE, NS_INTAKE, "list_intake_queue", kind="read", input=ListIntakeQueueIn,
             service=intake.list_intake_queue, result=shapes.PayerIntakeHubListIntakeQueueResult, page="cases",
             description="List received PA requests awaiting the payer, oldest receipt first (paginated). Each row: "
                         "case_id, case_status, intake_id (null before intake exists), intake_status, workflow_state "
                         "(awaiting_intake | intake_in_progress | awaiting_triage | awaiting_routing | case_<status>), "
                         "received_at (UTC), channel, requested_urgency, member_name. " + budget.PAGED)


@tool(ROLE, NS_INTAKE, "get_intake_case", kind="read", input=CaseInput,
      description="The intake record of a PA case: authorization header, diagnoses, requesting-provider block, "
                  "line items, the four intake decisions (null until confirmed), the member's coverage as the "
                  "eligibility system shows it, the request as received (channel, questionnaire answers), a "
                  "directory match for the recorded requesting NPI (with plan-network status) and the payer-side "
                  "documents (no bodies; read them in the review workspace; a long index is cut and listed under "
                  "`more`).")
def get_intake_case(world: World, a: CaseInput) -> shapes.PayerIntakeHubGetIntakeCaseResult:
    out = intake.get_intake_case(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.PayerIntakeHubGetIntakeCaseResult, budget.fit_record(out, ("documents",), hint="the document index was cut to fit the result budget: page "
                                                       "it with payer_intake_hub_list_documents(offset=<next_offset>)"))


class CreateIntakeIn(CaseInput):
    auth_type: Literal["ip", "op", "rx"] = Field(description="Authorization type: ip inpatient, op outpatient, "
                                                             "rx pharmacy")


service_tool(ROLE, NS_INTAKE, "create_intake_case", kind="write", input=CreateIntakeIn,
             service=intake.create_intake_case, result=shapes.PayerIntakeHubCreateIntakeCaseResult,
             description="Open the intake record (status new) for a submitted or resubmitted request, or return the "
                         "existing one unchanged (created=false, nothing written). Receipt time and channel come from "
                         "the latest submission. Returns the intake view plus `created`.")


class SaveAuthHeaderIn(CaseInput):
    urgency_level: UrgencyLevel | None = Field(None, description="Urgency of the request as the payer classifies it")
    urgency_requested_by: Literal["provider", "member", "payer"] | None = Field(
        None, description="Who asked for that urgency")
    request_date: str | None = Field(None, pattern=DATE, description="Date the request was made, YYYY-MM-DD "
                                                                      "(not after today)")
    service_start: str | None = Field(None, pattern=DATE, description="Requested service start, YYYY-MM-DD")
    service_end: str | None = Field(None, pattern=DATE, description="Requested service end, YYYY-MM-DD "
                                                                     "(not before service_start)")
    place_of_service: PlaceOfService | None = Field(None, description=POS_HELP)
    member_state: str | None = Field(None, pattern=r"^[A-Z]{2}$", description="Member's state, USPS code (e.g. OH)")
    member_eligibility_verified: bool | None = Field(None, description="Whether you verified eligibility on the "
                                                                       "service date")
    continuity_of_care: bool | None = Field(None, description="Whether the request is a continuity-of-care request")


service_tool(ROLE, NS_INTAKE, "save_auth_header", kind="write", input=SaveAuthHeaderIn,
             service=intake.save_auth_header, result=shapes.PayerIntakeHubSaveAuthHeaderResult,
             description="Partial update of the intake's authorization header: only the fields you pass change (at "
                         "least one). The first edit moves the intake new → in_progress. Refused once the intake is "
                         "complete (its header is frozen). Returns the intake view.")


class DiagnosisIn(ToolInput):
    code: str = Field(min_length=3, max_length=8, description="Billable ICD-10-CM code with its dot, e.g. Z80.3")
    is_primary: bool = Field(description="True for exactly one diagnosis (the primary)")
    display: str | None = Field(None, max_length=300, description="Description (default: the code set's "
                                                                  "official description)")


class SaveDiagnosesIn(CaseInput):
    diagnoses: list[DiagnosisIn] = Field(min_length=1, max_length=12,
                                         description="The complete diagnosis list (1–12, X12 278 limit; no "
                                                     "duplicates); replaces the saved list")
    diagnosis_type: Literal["medical", "behavioral", "dental", "vision"] | None = Field(
        None, description="Diagnosis-type header (unchanged when omitted)")


@tool(ROLE, NS_INTAKE, "save_diagnoses", kind="write", input=SaveDiagnosesIn,
      description="Replace the intake's diagnosis list (codes validated as billable ICD-10-CM, exactly one "
                  "primary) and optionally the diagnosis type. Refused once the intake is complete. Returns the "
                  "intake view.")
def save_diagnoses(world: World, a: SaveDiagnosesIn) -> shapes.PayerIntakeHubSaveDiagnosesResult:
    return cast(shapes.PayerIntakeHubSaveDiagnosesResult, intake.save_diagnoses(world, acting_as=a.acting_as, case_id=a.case_id,
                                 diagnoses=[d.model_dump(exclude_none=True) for d in a.diagnoses],
                                 diagnosis_type=a.diagnosis_type))


class SaveRequestingProviderIn(CaseInput):
    npi: str = Field(pattern=r"^\d{10}$", description="Requesting provider's 10-digit NPI (Luhn check digit)")
    name: str = Field(min_length=1, max_length=200, description="Requesting provider's name")
    organization: str | None = Field(None, max_length=200, description="Practice or facility name")
    specialty: str | None = Field(None, max_length=200, description="Specialty")
    phone: str | None = Field(None, max_length=200, description="Phone for this authorization")
    fax: str | None = Field(None, max_length=200, description="Fax for this authorization")


service_tool(ROLE, NS_INTAKE, "save_requesting_provider", kind="write", input=SaveRequestingProviderIn,
             service=intake.save_requesting_provider, result=shapes.PayerIntakeHubSaveRequestingProviderResult,
             description="Replace the intake's requesting-provider block {npi, name, organization, specialty, phone, "
                         "fax}. The gold-card check and the directory match use exactly this NPI. Refused once the "
                         "intake is complete. Returns the intake view.")




class AddLineItemIn(CaseInput):
    system: CodeSystem = Field(description="Procedure code system of `code`")
    code: str = Field(min_length=1, max_length=8, description="Procedure code in that system (CPT 5 characters, "
                                                              "HCPCS letter + 4 digits, ICD-10-PCS 7 characters)")
    display: str = Field(min_length=1, max_length=300, description="Description of the service")
    units: int = Field(ge=1, le=999, description="Requested units (count of the code's unit of service)")
    modifier: str | None = Field(None, max_length=2, description="Two-character CPT/HCPCS modifier")
    place_of_service: PlaceOfService | None = Field(None, description=POS_HELP)
    service_start: str | None = Field(None, pattern=DATE, description="Line service start, YYYY-MM-DD")
    service_end: str | None = Field(None, pattern=DATE, description="Line service end, YYYY-MM-DD")
    line_number: int | None = Field(None, ge=1, le=99, description="Line number (default: one past the highest)")


service_tool(ROLE, NS_INTAKE, "add_line_item", kind="write", input=AddLineItemIn,
             service=intake.add_line_item, result=shapes.PayerIntakeHubAddLineItemResult,
             description="Append a service line to the intake (id <intake>-L<n>); the line number defaults to one past "
                         "the highest and must not be taken. Refused once the intake is complete. Returns the intake "
                         "view with its line_items.")


class UpdateLineItemIn(CaseInput):
    line_number: int = Field(ge=1, le=99, description="The line to change")
    system: CodeSystem | None = Field(None, description="New code system")
    code: str | None = Field(None, min_length=1, max_length=8, description="New procedure code")
    display: str | None = Field(None, min_length=1, max_length=300, description="New description")
    units: int | None = Field(None, ge=1, le=999, description="New requested units")
    modifier: str | None = Field(None, max_length=2, description="New modifier; an empty string clears it")
    place_of_service: PlaceOfService | None = Field(None, description=POS_HELP)
    service_start: str | None = Field(None, pattern=DATE, description="New line service start, YYYY-MM-DD")
    service_end: str | None = Field(None, pattern=DATE, description="New line service end, YYYY-MM-DD")


service_tool(ROLE, NS_INTAKE, "update_line_item", kind="write", input=UpdateLineItemIn,
             service=intake.update_line_item, result=shapes.PayerIntakeHubUpdateLineItemResult,
             description="Change fields of the line with this number (omitted fields keep their value; at least one "
                         "change); the merged line is validated like a new one. Refused once the intake is complete. "
                         "Returns the intake view.")


class LineNumberIn(CaseInput):
    line_number: int = Field(ge=1, le=99, description="The line to remove")


service_tool(ROLE, NS_INTAKE, "remove_line_item", kind="write", input=LineNumberIn,
             service=intake.remove_line_item, result=shapes.PayerIntakeHubRemoveLineItemResult,
             description="Delete the intake line with this number (the other lines keep their numbers). Refused once "
                         "the intake is complete. Returns the intake view.")


class ListDocumentsIn(CaseInput):
    offset: int = Field(0, ge=0, le=1_000_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(50, ge=1, le=200, description="Page size")


@tool(ROLE, NS_INTAKE, "list_documents", kind="read", input=ListDocumentsIn,
      description="The payer-side documents of a case (the payer's copies of what the provider submitted, plus "
                  "payer-generated ones): id, kind, title, date, author, signed, origin, received_at — no bodies "
                  "(the review workspaces carry the bodies). " + budget.PAGED)
def list_documents(world: World, a: ListDocumentsIn) -> shapes.PayerIntakeHubListDocumentsResult:
    return cast(shapes.PayerIntakeHubListDocumentsResult, budget.page("documents", intake.list_documents(world, acting_as=a.acting_as, case_id=a.case_id), a.offset,
                       a.limit))


class ConfirmDecisionsIn(CaseInput):
    request_complete: bool = Field(description="Whether the request carries everything needed to review it")
    member_eligible: bool = Field(description="Whether the member's coverage is active for the service dates")
    service_covered: bool = Field(description="Whether the service is a covered benefit of the member's plan")
    provider_network_status: NetworkStatus = Field(
        description="Requesting provider's status in the member's plan network")
    missing_information: list[str] | None = Field(
        None, max_length=50, description="Only when request_complete=false: each missing item, named specifically")
    info_due: str | None = Field(None, pattern=DATE, description="Only when request_complete=false: response due "
                                                                 "date YYYY-MM-DD (after today, UTC)")


service_tool(ROLE, NS_INTAKE, "confirm_decisions", kind="write", input=ConfirmDecisionsIn,
             service=intake.confirm_decisions, result=shapes.PayerIntakeHubConfirmDecisionsResult,
             description="Freeze the four intake decisions and complete the intake (new/in_progress → complete). "
                         "Needs the header (urgency, service start, place of service, member state), diagnoses, "
                         "requesting provider and at least one line saved (the refusal lists what is missing). "
                         "request_complete=false also pends the case (→ pended_action_required, response due 23:59:59 "
                         "UTC on info_due). After this the intake — header, diagnoses, provider, lines and decisions — "
                         "is frozen; triage and routing are checked against these decisions.")


# =========================================================================== triage (5)

NS_TRIAGE = "triage"


@tool(ROLE, NS_TRIAGE, "get", kind="read", input=CaseInput,
      description="A case with its intake record (null before intake), its triage record (null until the "
                  "disposition is set) and its routing records (lane, reason, who, when). " + budget.CUT)
def triage_get(world: World, a: CaseInput) -> shapes.TriageGetResult:
    out = triage.get_triage(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.TriageGetResult, budget.fit_record(out, ("routing",), hint="routing records were cut to fit the result budget; the "
                                                     "review workspaces page them (section='routing')"))


class CalculateSlaIn(CaseInput):
    urgency_level: UrgencyLevel = Field(description="Urgency to compute the deadline for")
    state: str | None = Field(None, pattern=r"^[A-Z]{2}$",
                              description="USPS state whose UM law applies (default: the plan's state)")


service_tool(ROLE, NS_TRIAGE, "calculate_sla", kind="read", input=CalculateSlaIn,
             service=triage.calculate_sla, result=shapes.TriageCalculateSlaResult,
             description="Compute the decision deadline from the intake receipt time: the stricter of the federal and "
                         "the state turnaround for that urgency. Returns {urgency_level, state, hours, received_at, "
                         "deadline (UTC), rule_source (federal | state:XX)}. Writes nothing.")


service_tool(ROLE, NS_TRIAGE, "check_gold_card", kind="read", input=CaseInput,
             service=triage.check_gold_card, result=shapes.TriageCheckGoldCardResult,
             description="Gold-card status of the requesting NPI saved at intake, for this plan and the service "
                         "category, on the receipt date. Returns {eligible, reason, npi, plan_id, service_category, "
                         "checked_on}. Writes nothing.")


class SetDispositionIn(CaseInput):
    urgency_level: UrgencyLevel = Field(description="Urgency; the SLA deadline is computed from it")
    disposition: Lane = Field(description=LANE_HELP)
    disposition_reason: str = Field(min_length=1, max_length=4000, description="Why, in your words")


service_tool(ROLE, NS_TRIAGE, "set_disposition", kind="write", input=SetDispositionIn,
             service=triage.set_disposition, result=shapes.TriageSetDispositionResult,
             description="Commit the case's one triage record: urgency, SLA deadline (computed from the intake receipt "
                         "and the plan state), the gold-card check and the intended lane. Needs a complete intake. Not "
                         "amendable: a second call is refused. Refused: the gold_card lane without gold-card "
                         "eligibility, and lanes that contradict the frozen intake decisions. Returns the triage record.")


class RouteCaseIn(CaseInput):
    lane: Lane | None = Field(None, description=LANE_HELP + ". Default: the triage disposition")
    reason: str | None = Field(None, min_length=1, max_length=4000,
                               description="Why this lane (default: the disposition reason)")


service_tool(ROLE, NS_TRIAGE, "route_case", kind="write", input=RouteCaseIn,
             service=triage.route_case, result=shapes.TriageRouteCaseResult,
             description="Route a triaged submitted/resubmitted case into a lane and apply its effect: review lanes "
                         "queue a review task due at the SLA deadline (case → under_review); no_auth_required closes "
                         "the case; notification and gold_card approve it at once (determination, authorization number "
                         "AUTH-<case>-<NNNN>, case → approved). Returns the routing record, what was created and "
                         "case_status. Refused: gold_card without eligibility, lanes contradicting the intake "
                         "decisions, nurse_review once a nurse recommendation exists.")


# =========================================================================== review (6)

NS_REVIEW = "review"


class EvidenceIn(ToolInput):
    document_id: str = Field(min_length=1, max_length=48, description="Payer-side document id of this case "
                                                                      "(DOC-…, from the review workspace)")
    quote: str = Field(min_length=1, max_length=2000, description="Words copied verbatim from that document")


class EvaluationIn(CaseInput):
    line_number: int = Field(ge=1, le=99, description="Line the verdict is for")
    criterion_id: str = Field(min_length=1, max_length=48, description="Criterion id from the workspace's "
                                                                       "policy.criteria, e.g. C1")
    result: EvalResult = Field(description="Your verdict on this criterion for this line")
    citation: str = Field(min_length=1, max_length=100, description="That criterion's citation as listed in the "
                                                                    "workspace, e.g. KM-MP-IMG-001 §3.1")
    note: str = Field(min_length=1, max_length=20_000, description="Your reasoning for the verdict")
    evidence: list[EvidenceIn] = Field(default_factory=list, max_length=50,
                                       description="Supporting quotes (at least one required for `met`)")


NurseSection = Literal["documents", "evaluations", "routing", "review_tasks", "lines"]
MdSection = Literal["documents", "nurse_evaluations", "md_evaluations", "md_decisions", "p2p_requests", "routing",
                    "review_tasks", "lines"]
#: Entry fields of a document in a workspace's default view (its body is read with section='documents').
_DOC_INDEX = ("id", "kind", "title", "date", "author", "signed", "origin", "received_at")


def _doc_index(doc: dict[str, Any]) -> dict[str, Any]:
    entry = {k: doc[k] for k in _DOC_INDEX if k in doc}
    entry["body_chars"] = len(doc.get("body") or "")
    return entry


class WorkspaceIn(CaseInput):
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(20, ge=1, le=100, description="Page size")


class NurseWorkspaceIn(WorkspaceIn):
    section: NurseSection | None = Field(
        None, description="Return only this section, paged with offset/limit; section='documents' returns the "
                          "documents with their bodies (default: the workspace with a document index, no bodies)")


class MdWorkspaceIn(WorkspaceIn):
    section: MdSection | None = Field(
        None, description="Return only this section, paged with offset/limit; section='documents' returns the "
                          "documents with their bodies (default: the workspace with a document index, no bodies)")


def _workspace(out: dict[str, Any], a: NurseWorkspaceIn | MdWorkspaceIn, sections: tuple[str, ...],
               tool_name: str) -> dict[str, Any]:
    """A review workspace under the budget: the default view with a document index, or one section's page."""
    budget.check_section_args(a.section, a.offset)
    if a.section is not None:
        head = {"case_id": out["case"]["id"], "case_status": out["case"].get("status")}
        return budget.section_page(head, a.section, out.get(a.section) or [], a.offset, a.limit)
    out["documents"] = [_doc_index(d) for d in out.get("documents") or []]
    # The hint is part of the record before it is fitted, so the fitted result stays within the budget.
    out["documents_hint"] = (f"document bodies: {tool_name} with section='documents' (paged with offset/limit)")
    return budget.fit_record(out, sections, hint=f"the workspace is longer than one result: call {tool_name} "
                                                 "again with section=<name> and offset=<next_offset>")


_WORKSPACE_PAGING = ("Default: the workspace with a document index (no bodies); section='documents' pages the "
                     "documents with their bodies, other sections page the same way. " + budget.SECTIONED)


@tool(ROLE, NS_REVIEW, "get_nurse_review_data", kind="read", input=NurseWorkspaceIn,
      description="The nurse review workspace: case, member, intake, triage, routing, review tasks, lines, the "
                  "policy's criteria {criterion_id, text, citation}, payer-side documents, the nurse evaluations "
                  "saved so far and the nurse recommendation (null until submitted). " + _WORKSPACE_PAGING)
def get_nurse_review_data(world: World, a: NurseWorkspaceIn) -> shapes.ReviewGetNurseReviewDataResult:
    out = nurse_review.get_nurse_review_data(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.ReviewGetNurseReviewDataResult, _workspace(out, a, ("documents", "lines", "routing", "review_tasks", "evaluations"),
                      "review_get_nurse_review_data"))


@tool(ROLE, NS_REVIEW, "save_criteria_evaluation", kind="write", input=EvaluationIn,
      description="Create or replace your nurse verdict on one criterion for one line (id "
                  "<case>:nurse:L<n>:<criterion>). Quotes must appear verbatim in a payer-side document of this "
                  "case. The first save claims the open nurse task. Refused when the case is not under review, "
                  "has no open nurse task, or the nurse recommendation is already submitted. Returns the "
                  "evaluation.")
def save_criteria_evaluation(world: World, a: EvaluationIn) -> shapes.ReviewSaveCriteriaEvaluationResult:
    return cast(shapes.ReviewSaveCriteriaEvaluationResult, nurse_review.save_criteria_evaluation(world, acting_as=a.acting_as, case_id=a.case_id,
                                                 line_number=a.line_number, criterion_id=a.criterion_id,
                                                 result=a.result, citation=a.citation, note=a.note,
                                                 evidence=[e.model_dump() for e in a.evidence]))


class NurseRecommendationIn(CaseInput):
    recommendation: NurseRecommendationOption = Field(
        description="approve (only where the policy allows nurse approval, with saved evaluations and none "
                    "not_met) | escalate (to a medical director) | request_info (pend for information). Nurses "
                    "cannot deny")
    clinical_summary: str = Field(min_length=1, max_length=20_000, description="Your case-level clinical summary")
    info_requested: list[str] | None = Field(None, max_length=50,
                                             description="Only for request_info: each item requested, named")
    info_due: str | None = Field(None, pattern=DATE,
                                 description="Only for request_info: response due date YYYY-MM-DD (after today, UTC)")


service_tool(ROLE, NS_REVIEW, "submit_nurse_case_recommendation", kind="write", input=NurseRecommendationIn,
             service=nurse_review.submit_nurse_case_recommendation, result=shapes.ReviewSubmitNurseCaseRecommendationResult,
             description="Submit the case-level nurse recommendation — one per case, never amended; nurse evaluations "
                         "are frozen after it. Completes the nurse task. approve: case stays under_review for the "
                         "determination; escalate: queues an md_review task; request_info: pends the case (→ "
                         "pended_action_required). Returns the recommendation with criteria_met/criteria_total and "
                         "case_status.")


@tool(ROLE, NS_REVIEW, "get_md_review_data", kind="read", input=MdWorkspaceIn,
      description="The medical-director review workspace: everything in the nurse workspace plus nurse and MD "
                  "evaluations, the nurse recommendation, MD decisions (superseded ones included) and "
                  "peer-to-peer requests. " + _WORKSPACE_PAGING)
def get_md_review_data(world: World, a: MdWorkspaceIn) -> shapes.ReviewGetMdReviewDataResult:
    out = md_review.get_md_review_data(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.ReviewGetMdReviewDataResult, _workspace(out, a, ("documents", "lines", "routing", "review_tasks", "md_decisions", "p2p_requests",
                               "nurse_evaluations", "md_evaluations"), "review_get_md_review_data"))


@tool(ROLE, NS_REVIEW, "save_md_review", kind="write", input=EvaluationIn,
      description="Create or replace your medical-director verdict on one criterion for one line (id "
                  "<case>:md:L<n>:<criterion>); same arguments and checks as the nurse evaluation. The first save "
                  "claims the open MD task. Refused when the case is not under review, has no open MD task, or "
                  "an MD decision is already submitted. Returns the evaluation.")
def save_md_review(world: World, a: EvaluationIn) -> shapes.ReviewSaveMdReviewResult:
    return cast(shapes.ReviewSaveMdReviewResult, md_review.save_md_review(world, acting_as=a.acting_as, case_id=a.case_id, line_number=a.line_number,
                                    criterion_id=a.criterion_id, result=a.result, citation=a.citation, note=a.note,
                                    evidence=[e.model_dump() for e in a.evidence]))


class LineDecisionIn(ToolInput):
    line_number: int = Field(ge=1, le=99, description="Line decided")
    decision: LineDecision = Field(description="Outcome of this line")
    approved_units: int | None = Field(None, ge=0, le=999,
                                       description="Approved lines: units approved, 1..requested (default: all "
                                                   "requested); denied lines: omit or 0")
    reason: str | None = Field(None, max_length=20_000, description="Why (required for a denied line)")


def _line_decisions(items: list[LineDecisionIn] | None) -> list[dict[str, Any]] | None:
    return None if items is None else [d.model_dump(exclude_none=True) for d in items]


class MdDecisionIn(CaseInput):
    decision: MDDecisionOption = Field(
        description="approve | deny | partial_approve (per-line) | request_info (pend for information) | "
                    "p2p_review (record the intended adverse decision and open a peer-to-peer request)")
    rationale: str = Field(min_length=1, max_length=20_000, description="Your clinical rationale")
    signed_off: bool = Field(False, description="Your sign-off; required true for deny and partial_approve")
    denial_rationale: str | None = Field(None, max_length=20_000,
                                         description="deny / partial_approve only: the specific reason, stated for "
                                                     "the provider")
    policy_citations: list[str] | None = Field(
        None, max_length=50, description="Sections relied on, each '<policy-id> §<n>' (e.g. KM-MP-IMG-001 §3.2); "
                                         "deny / partial_approve need at least one of this case's policy")
    line_decisions: list[LineDecisionIn] | None = Field(
        None, max_length=99, description="partial_approve only: every line exactly once, at least one approved "
                                         "and one denied")
    info_requested: list[str] | None = Field(None, max_length=50,
                                             description="request_info only: each item requested, named")
    info_due: str | None = Field(None, pattern=DATE,
                                 description="request_info only: response due date YYYY-MM-DD (after today, UTC)")


@tool(ROLE, NS_REVIEW, "submit_md_case_decision", kind="write", input=MdDecisionIn,
      description="Submit the medical director's case-level decision. Not amendable (only a request_info "
                  "decision is superseded by the next one after the case returns); MD evaluations are frozen "
                  "after it. Completes the MD task. request_info pends the case; p2p_review opens a peer-to-peer "
                  "request (status requested, you as the original reviewer) and the case stays under_review; "
                  "approve/deny/partial_approve leave the case under_review for determination_finalize. Returns "
                  "the decision (+ p2p_request_id) and case_status.")
def submit_md_case_decision(world: World, a: MdDecisionIn) -> shapes.ReviewSubmitMdCaseDecisionResult:
    return cast(shapes.ReviewSubmitMdCaseDecisionResult, md_review.submit_md_case_decision(world, acting_as=a.acting_as, case_id=a.case_id, decision=a.decision,
                                             rationale=a.rationale, signed_off=a.signed_off,
                                             denial_rationale=a.denial_rationale, policy_citations=a.policy_citations,
                                             line_decisions=_line_decisions(a.line_decisions),
                                             info_requested=a.info_requested, info_due=a.info_due))


# =========================================================================== determination (2)

NS_DET = "determination"


@tool(ROLE, NS_DET, "get_summary", kind="read", input=CaseInput,
      description="Everything needed to finalize: case, member, lines, SLA (deadline UTC, seconds_remaining at "
                  "the current simulated time), the source records (nurse recommendation, active MD decision, its "
                  "peer-to-peer request), criteria tallies per stage, criteria not yet evaluated, the active "
                  "determination and history, and a side-effect-free preflight preview of each decision as you "
                  "would finalize it now (passes, or the failing step and why). " + budget.CUT)
def get_summary(world: World, a: CaseInput) -> shapes.DeterminationGetSummaryResult:
    out = determination.get_summary(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.DeterminationGetSummaryResult, budget.fit_record(out, ("lines", "criteria", "determination_history"),
                             hint="a section was cut to fit the result budget: lines and criteria verdicts are paged "
                                  "in review_get_md_review_data / review_get_nurse_review_data (section=<name>)"))


class FinalizeIn(CaseInput):
    decision: DeterminationDecision = Field(description="The final determination")
    rationale: str = Field("", max_length=20_000, description="Rationale (required for denied / partially_approved)")
    policy_citations: list[str] | None = Field(
        None, max_length=50, description="'<policy-id> §<n>' sections (at least one for denied / partially_approved)")
    overridden: bool = Field(False, description="True only when the decision differs from the source "
                                                "recommendation (physician reviewers only)")
    override_reason: str = Field("", max_length=20_000, description="Why, when overridden=true")
    line_decisions: list[LineDecisionIn] | None = Field(
        None, max_length=99, description="partially_approved: every line exactly once (default: the active MD "
                                         "partial-approval's line decisions)")


@tool(ROLE, NS_DET, "finalize", kind="write", input=FinalizeIn,
      description="Write the case's determination after the preflight (steps P1–P12; the first failing step is "
                  "returned with its number). Writes the determination (source record, SLA deadline and whether "
                  "it was met), moves the case to approved | denied | partially_approved, records line outcomes, "
                  "issues the authorization number and validity window for approvals and closes open review "
                  "tasks. One active determination per case: it is never amended (letters are reissued instead).")
def finalize(world: World, a: FinalizeIn) -> shapes.DeterminationFinalizeResult:
    return cast(shapes.DeterminationFinalizeResult, determination.finalize(world, acting_as=a.acting_as, case_id=a.case_id, decision=a.decision,
                                  rationale=a.rationale, policy_citations=a.policy_citations,
                                  overridden=a.overridden, override_reason=a.override_reason,
                                  line_decisions=_line_decisions(a.line_decisions)))


# =========================================================================== p2p (4)

NS_P2P = "p2p"


def _request_id() -> Any:
    return Field(description="Peer-to-peer request id, e.g. P2P-0001", min_length=1, max_length=48)



class P2PListIn(PageInput):
    case_id: str | None = Field(None, max_length=48, description="Only this case's requests (default: all)")


service_tool(ROLE, NS_P2P, "list", kind="read", input=P2PListIn,
             service=p2p.list_requests, result=shapes.P2pListResult, page="requests",
             description="Peer-to-peer requests, oldest first (paginated), optionally for one case: status (requested → "
                         "slots_offered → slot_selected → scheduled → in_session → completed), original_reviewer_id, "
                         "payer_reviewer_id, offered/selected slots, scheduled_at, outcome, due_at. " + budget.PAGED)


class OfferSlotsIn(ActingInput):
    request_id: str = _request_id()
    payer_reviewer_id: str = Field(min_length=3, max_length=48,
                                   description="Worker id of the physician reviewer who will hold the call")
    slots: list[str] = Field(min_length=1, max_length=5,
                             description="1–5 call times, ISO-8601 with a time zone (e.g. 2026-10-14T15:00:00Z), "
                                         "after now and within 14 days")


service_tool(ROLE, NS_P2P, "offer_slots", kind="write", input=OfferSlotsIn,
             service=p2p.offer_slots, result=shapes.P2pOfferSlotsResult,
             description="Assign the payer-side physician reviewer and offer call times (requested → slots_offered); "
                         "the requesting provider receives an invitation in the inbox and chooses a slot "
                         "(→ slot_selected). The reviewer must be a physician reviewer other than the physician whose "
                         "intended decision is discussed (independence). Returns the request.")


class ScheduleIn(ActingInput):
    request_id: str = _request_id()
    scheduled_at: str | None = Field(None, max_length=40, description="If given, must equal the provider's selected "
                                                                      "slot (ISO-8601 with a time zone)")


service_tool(ROLE, NS_P2P, "schedule", kind="write", input=ScheduleIn,
             service=p2p.schedule, result=shapes.P2pScheduleResult,
             description="Confirm the slot the provider selected (slot_selected → scheduled): writes a calendar invite "
                         "(.ics) to the shared workspace and a confirmation to the provider's inbox. Returns the request "
                         "and invite_artifact_id.")


class RecordOutcomeIn(ActingInput):
    request_id: str = _request_id()
    outcome: P2POutcome = Field(
        description="What the call concluded about the intended adverse decision")
    note: str = Field(min_length=1, max_length=20_000, description="What was discussed and why this outcome")


service_tool(ROLE, NS_P2P, "record_outcome", kind="write", input=RecordOutcomeIn,
             service=p2p.record_outcome, result=shapes.P2pRecordOutcomeResult,
             description="Record the call's outcome and close the request (scheduled/in_session → completed). Only the "
                         "assigned payer reviewer may record it; an open session must be summarized first. If the call "
                         "time is still ahead, the simulated clock runs to the end of the call. The case status is not "
                         "changed: determination_finalize resolves the MD's p2p_review decision from this outcome.")


# =========================================================================== p2p_session (3)

NS_SESSION = "p2p_session"


class SessionIn(ActingInput):
    request_id: str = _request_id()


class ContextIn(SessionIn):
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(100, ge=1, le=200, description="Page size")


service_tool(ROLE, NS_SESSION, "get_context", kind="read", input=ContextIn,
             description="The peer-to-peer call as you see it (you must be the request's assigned payer reviewer): the "
                         "request, the case, your side, the counterpart (the ordering clinician), the counterpart's "
                         "opening statement, the session (started, agent_turns, turn_limit, turns_left, ended, "
                         "end_reason, finalized), the ordered transcript, and your summary once submitted. Writes "
                         "nothing. The transcript is paged: " + budget.PAGED,
             service=p2p_session.get_context, result=shapes.P2pSessionGetContextResult, page="transcript")


class SendTurnIn(SessionIn):
    message: str = Field(min_length=1, max_length=4000,
                         description="What you say on the call (one turn; without the ###STOP### marker)")


service_tool(ROLE, NS_SESSION, "send_turn", kind="write", input=SendTurnIn,
             service=p2p_session.send_turn, result=shapes.P2pSessionSendTurnResult,
             description="Say one turn on the peer-to-peer call and receive the counterpart's reply. The first turn "
                         "opens the session on a scheduled request (→ in_session; the simulated clock runs to the "
                         "scheduled time if it is still ahead; the opening statement becomes turn 1). Your turns are "
                         "limited; once the counterpart ends the call or the limit is reached, only the summary "
                         "remains. Returns the counterpart_response, turn_number, agent_turns, turns_left, ended and "
                         "end_reason. A `retryable` error means nothing was recorded; send the turn again.")


class SubmitSummaryIn(SessionIn):
    summary: str = Field(min_length=20, max_length=20_000,
                         description="Your written summary of the discussion (20–20,000 characters)")
    proposed_outcome: P2POutcome = Field(
        description="The outcome you propose from the discussion")


service_tool(ROLE, NS_SESSION, "submit_summary", kind="write", input=SubmitSummaryIn,
             service=p2p_session.submit_summary, result=shapes.P2pSessionSubmitSummaryResult,
             description="Conclude the peer-to-peer dialog with your written summary and proposed outcome: the session "
                         "is finalized (no further turns). Needs a call held with send_turn. The request stays "
                         "in_session until you record the outcome with p2p_record_outcome. Returns the session.")


# =========================================================================== payer_letter_center (10)

NS_LETTER = "payer_letter_center"
BODY_HELP = ("The letter as its recipient reads it, in full (at least 200 characters). Identifiers marked 'in "
             "body' below must appear in it verbatim")
RECIPIENT_HELP = "Addressee: provider (also placed in the provider's inbox on delivery) or member"


class LetterLine(ToolInput):
    line_number: int = Field(ge=1, le=99, description="Line number")
    code: str = Field(min_length=1, max_length=8, description="Procedure code of the line")
    approved_units: int = Field(ge=0, le=999, description="Units approved on this line")


class LineOutcome(ToolInput):
    line_number: int = Field(ge=1, le=99, description="Line number")
    code: str = Field(min_length=1, max_length=8, description="Procedure code of the line")
    outcome: LineDecision = Field(description="Outcome of this line")
    approved_units: int = Field(ge=0, le=999, description="Units approved (0 for a denied line)")


class DeniedLineReason(ToolInput):
    line_number: int = Field(ge=1, le=99, description="Denied line")
    reason: str = Field(min_length=1, max_length=20_000, description="The specific reason this line was denied")


class CommonLetterFields(ToolInput):
    """Fields every determination letter must state (the completeness audit checks each)."""

    member_name: str | None = Field(None, max_length=200, description="Member's full name")
    member_id: str | None = Field(None, max_length=48, description="Member id on the coverage (in body)")
    case_reference: str | None = Field(None, max_length=48, description="The PA case id, e.g. CASE-0001 (in body)")
    service_description: str | None = Field(None, max_length=2000, description="The service requested, in words")
    service_codes: list[str] | None = Field(None, max_length=50, description="Procedure codes of the request's lines")
    plan_name: str | None = Field(None, max_length=200, description="Member's health plan")
    letter_date: str | None = Field(None, max_length=10, description="Date of the letter, YYYY-MM-DD")
    signer_name: str | None = Field(None, max_length=200, description="Name of the signing reviewer (you)")
    signer_credentials: str | None = Field(None, max_length=100, description="Signer's credentials, e.g. MD or RN")


class ApprovalFields(CommonLetterFields):
    authorization_number: str | None = Field(None, max_length=64,
                                             description="The determination's authorization number (in body)")
    approved_lines: list[LetterLine] | None = Field(None, max_length=99, description="Each approved line")
    valid_from: str | None = Field(None, max_length=10, description="Authorization valid from, YYYY-MM-DD")
    valid_to: str | None = Field(None, max_length=10, description="Authorization valid to, YYYY-MM-DD")


class PartialApprovalFields(CommonLetterFields):
    authorization_number: str | None = Field(None, max_length=64,
                                             description="The determination's authorization number (in body)")
    line_outcomes: list[LineOutcome] | None = Field(None, max_length=99, description="The outcome of every line")
    denied_line_reasons: list[DeniedLineReason] | None = Field(None, max_length=99,
                                                               description="The specific reason for each denied line")
    appeal_rights: str | None = Field(None, max_length=20_000, description="How and by when to appeal the denied "
                                                                           "part")
    policy_citations: list[str] | None = Field(None, max_length=50,
                                               description="'<policy-id> §<n>' sections relied on (each in body)")


class DenialFields(CommonLetterFields):
    criteria_not_met: list[str] | None = Field(None, max_length=50,
                                               description="Each criterion not met and specifically why")
    policy_citations: list[str] | None = Field(None, max_length=50,
                                               description="'<policy-id> §<n>' sections relied on (each in body)")
    appeal_rights: str | None = Field(None, max_length=20_000, description="How to appeal")
    appeal_deadline_days: int | None = Field(None, ge=1, le=365,
                                             description="Days the recipient has to appeal (the number in body)")
    external_review_rights: str | None = Field(None, max_length=20_000,
                                               description="The right to independent external review and how")
    peer_to_peer_offer: str | None = Field(None, max_length=20_000,
                                           description="How the ordering provider can request a peer-to-peer "
                                                       "discussion")
    criteria_access: str | None = Field(None, max_length=20_000,
                                        description="How to obtain the criteria used, free of charge")


class PendFields(CommonLetterFields):
    missing_items: list[str] | None = Field(None, max_length=50, description="Each item needed, named specifically")
    response_due: str | None = Field(None, max_length=10, description="Response due date, YYYY-MM-DD (in body)")
    submission_instructions: str | None = Field(None, max_length=20_000,
                                                description="How and where to send the information")


FieldsT = TypeVar("FieldsT", bound=CommonLetterFields)

LETTER_FIELD_MODELS: dict[str, type[CommonLetterFields]] = {
    "approval": ApprovalFields, "partial_approval": PartialApprovalFields, "denial": DenialFields,
    "pend": PendFields}
FIELDS_HELP = ("The letter's structured content exactly as you write it — nothing is filled in for you. The "
               "completeness audit (payer_letter_center_audit_completeness) reports every key left out or empty, "
               "and delivery is refused until it passes")


#: Characters of a letter body a letter result carries (the rest: payer_letter_center_get with body_offset).
LETTER_BODY_WINDOW = 6_000
_LETTER_WINDOW_HELP = ("A body longer than 6,000 characters comes in windows: `body_chars` is its length and "
                       "`body_next_offset` (null at the end) the body_offset to pass to payer_letter_center_get.")


def _windowed(out: Any, body_offset: int = 0) -> Any:
    """A letter result with its body cut to one window (``body_chars``, ``body_offset``, ``body_next_offset``);
    a letter nested under ``letter`` is windowed the same way. The stored letter is unchanged."""
    if isinstance(out, dict) and isinstance(out.get("letter"), dict):
        return {**out, "letter": _windowed(out["letter"], body_offset)}
    if not isinstance(out, dict) or not isinstance(out.get("body"), str):
        return out
    if body_offset == 0 and len(out["body"]) <= LETTER_BODY_WINDOW:
        return out
    w = budget.text_window(out["body"], body_offset, LETTER_BODY_WINDOW)
    return {**out, "body": w["text"], "body_chars": w["chars"], "body_offset": w["offset"],
            "body_next_offset": w["next_offset"]}


def _fields(f: CommonLetterFields) -> dict[str, Any]:
    """What the author wrote: keys passed, as passed (no defaults added)."""
    return f.model_dump(mode="json", exclude_unset=True)


class LetterDraftIn(CaseInput, Generic[FieldsT]):
    """A letter draft's input: the letter type's structured ``fields`` and the text, exactly as written."""

    fields: FieldsT = Field(description=FIELDS_HELP)
    body: str = Field(min_length=1, max_length=20_000, description=BODY_HELP)
    subject: str = Field(min_length=1, max_length=300, description="Subject line")
    recipient: LetterRecipient = Field(description=RECIPIENT_HELP)


def _draft_args(a: LetterDraftIn[Any]) -> dict[str, Any]:
    """The draft services' keywords: the input as given, ``fields`` as written (:func:`_fields`)."""
    return {"acting_as": a.acting_as, "case_id": a.case_id, "fields": _fields(a.fields), "body": a.body,
            "subject": a.subject, "recipient": a.recipient}


def _letter_draft_tool(name: str, input: type[LetterDraftIn[Any]], service: Callable[..., dict[str, Any]],
                       result: type[Any], description: str) -> None:
    """Register ``payer_letter_center_<name>``: ``service`` drafts the letter, the result is it windowed."""

    def handler(world: World, a: LetterDraftIn[Any]) -> object:
        return _windowed(service(world, **_draft_args(a)))

    handler.__name__ = handler.__qualname__ = name
    handler.__annotations__ = {"a": input, "return": result}
    tool(ROLE, NS_LETTER, name, kind="write", input=input, description=description)(handler)


class GenerateApprovalIn(LetterDraftIn[ApprovalFields]):
    pass


_letter_draft_tool("generate_approval", GenerateApprovalIn, letters.generate_approval, shapes.PayerLetterCenterGenerateApprovalResult,
                   description="Draft an approval letter exactly as written (status draft, signed by you, not yet sent); "
                               "needs the case's active approved determination. The stored audit shows whether delivery would "
                               "pass. Returns the letter (LET-…).")


class GeneratePartialIn(LetterDraftIn[PartialApprovalFields]):
    pass


_letter_draft_tool("generate_partial_approval", GeneratePartialIn, letters.generate_partial_approval, shapes.PayerLetterCenterGeneratePartialApprovalResult,
                   description="Draft a partial-approval letter (per-line outcomes) exactly as written; needs the case's active "
                               "partially_approved determination. An adverse letter passes the audit only when signed by a "
                               "physician reviewer. Returns the draft letter with its audit.")


class GenerateDenialIn(LetterDraftIn[DenialFields]):
    pass


_letter_draft_tool("generate_denial", GenerateDenialIn, letters.generate_denial, shapes.PayerLetterCenterGenerateDenialResult,
                   description="Draft a denial letter exactly as written (specific reasons, policy basis, appeal and external "
                               "review rights, peer-to-peer offer, criteria access); needs the case's active denied "
                               "determination. Passes the audit only when signed by a physician reviewer. Returns the draft "
                               "letter with its audit.")


class GeneratePendIn(LetterDraftIn[PendFields]):
    pass


_letter_draft_tool("generate_pend", GeneratePendIn, letters.generate_pend, shapes.PayerLetterCenterGeneratePendResult,
                   description="Draft a pend (request-for-information) letter exactly as written; needs the case in "
                               "pended_action_required. Returns the draft letter with its audit.")


class GenerateNotificationIn(CaseInput):
    notification_type: NotificationType = Field(
        description="Must match the case: approval / denial (an active determination of that kind; partial "
                    "approvals take either), pend (case pended), no_auth_required (case closed as not requiring "
                    "authorization), appeal_rights (adverse determination or upheld appeal), appeal_outcome "
                    "(an appeal decided)")
    body: str = Field(min_length=1, max_length=20_000, description="The notice as the member reads it, in plain "
                                                                   "language")
    language: str = Field(min_length=1, max_length=40, description="Language the body is written in, e.g. English")
    channel: NotificationChannel = Field(description="How the member receives it")


service_tool(ROLE, NS_LETTER, "generate_notification", kind="write", input=GenerateNotificationIn,
             service=letters.generate_notification, result=shapes.PayerLetterCenterGenerateNotificationResult,
             description="Write a member-facing notification (MN-…) exactly as authored, addressed to the patient on "
                         "the case; nothing is filled in. Returns the notification.")


class LetterListIn(ActingInput):
    case_id: str | None = Field(None, max_length=48, description="Only this case's letters (default: all)")
    offset: int = Field(0, ge=0, le=1_000_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(10, ge=1, le=50, description="Page size")


@tool(ROLE, NS_LETTER, "list", kind="read", input=LetterListIn,
      description="Letters in every status (draft, delivered, superseded), oldest first (paginated), optionally "
                  "for one case, with their fields, body (long bodies windowed as in payer_letter_center_get), signer, "
                  "delivery and last audit. " + budget.PAGED)
def letter_list(world: World, a: LetterListIn) -> shapes.PayerLetterCenterListResult:
    rows = letters.list_letters(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.PayerLetterCenterListResult, budget.page("letters", [_windowed(r) for r in rows], a.offset, a.limit))


class LetterIdIn(ActingInput):
    letter_id: str = Field(min_length=1, max_length=48, description="Letter id, e.g. LET-0001")


class LetterGetIn(LetterIdIn):
    body_offset: int = Field(0, ge=0, le=1_000_000, description="Body start: body_next_offset of the last call")


@tool(ROLE, NS_LETTER, "get", kind="read", input=LetterGetIn,
      description="One letter: type, status, determination it rests on, recipient, subject, body, fields, "
                  "signer, delivery channel and time, reissued_from, and its last stored audit. "
                  + _LETTER_WINDOW_HELP)
def letter_get(world: World, a: LetterGetIn) -> shapes.PayerLetterCenterGetResult:
    return cast(shapes.PayerLetterCenterGetResult, _windowed(letters.get_letter(world, acting_as=a.acting_as, letter_id=a.letter_id), a.body_offset))


class DeliverIn(LetterIdIn):
    channel: LetterChannel = Field(description="Delivery channel")


service_tool(ROLE, NS_LETTER, "deliver", kind="write", input=DeliverIn,
             service=letters.deliver, result=shapes.PayerLetterCenterDeliverResult, then=_windowed,
             description="Deliver a draft letter (draft → delivered) on a channel: copies it to the shared workspace "
                         "and, for provider letters, the provider's inbox. Refused unless the completeness audit passes "
                         "on what was written (the refusal's details list missing_fields and problems), and when the "
                         "determination it rests on is no longer active (or the case is no longer pended). Returns the "
                         "letter, artifact_id and inbox_message_id.")


class ReissueIn(LetterIdIn):
    reason: str = Field(min_length=1, max_length=4000, description="Why the letter is reissued (recorded)")
    fields: dict[str, Any] | None = Field(
        None, description="Replacement fields object — the same keys as the generate tool of the letter's type; "
                          "replaces the old fields whole (omit to keep them)")
    body: str | None = Field(None, min_length=1, max_length=20_000, description="Replacement body (omit to keep)")
    subject: str | None = Field(None, min_length=1, max_length=300, description="Replacement subject (omit to keep)")


service_tool(ROLE, NS_LETTER, "reissue", kind="write", input=ReissueIn,
             service=letters.reissue, result=shapes.PayerLetterCenterReissueResult, then=_windowed,
             description="Replace a draft or delivered letter: a new draft letter (new id, reissued_from = the old one) "
                         "carrying the fields/body/subject you pass (each omitted one copied from the old letter); the "
                         "old letter → superseded. The new letter must be delivered. Returns the new draft with its "
                         "audit.")


service_tool(ROLE, NS_LETTER, "audit_completeness", kind="read", input=LetterIdIn,
             service=letters.audit_completeness, result=shapes.PayerLetterCenterAuditCompletenessResult,
             description="Audit a letter as written against everything its type must state: {letter_id, letter_type, "
                         "complete, missing_fields, problems}. Writes nothing; delivery runs the same audit.")
