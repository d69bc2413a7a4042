"""Provider prior-authorization tools (30): chart 3, cases 3, inbox 2, docs 5, forms 3, auth 8,
p2p_session 3, people 3 — the tools of the paper's Appendix C.2 table (its summary line counts
docs 4 / auth 9, but the table lists five ``docs`` and eight ``auth`` tools).

Names, namespaces and meanings follow the paper's manifest. Each handler is a thin, typed call into
the provider services (EHR, PA workbench, document vault, submission portal, directory, appeals,
P2P session); the services validate, authorize and write, each in one transaction.

Two real steps of the provider workflow have no tool of their own in the paper's 30 and are folded
into the closest tool (the count stays 30):

* the PA requirement check (``pa_workbench.check_requirement``, ``draft → requirement_checked``) runs
  inside ``cases_create_from_order`` right after the case is opened; calling that tool again for an
  order whose open case is still a ``draft`` runs the check on that case;
* the fax page re-send (``submission_portal.resend_fax_pages``) is ``auth_respond_to_pend`` with
  ``resend_fax_page_ids``.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import Field

from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.directory import services as directory
from chibench.world.apps.document_vault import services as vault
from chibench.world.apps.ehr import services as ehr
from chibench.world.apps.p2p_session import services as p2p_session
from chibench.world.apps.pa_workbench import services as workbench
from chibench.world.apps.submission_portal import services as portal
from chibench.world.core.enums import CaseStatus, FinalAction, FindingStatus, P2POutcome, SubmissionChannel
from chibench.world.core.errors import Conflict, InvalidInput
from chibench.world.core.world import World

from . import budget
from . import outputs_provider as shapes
from .registry import ActingInput, Role, ToolInput, service_tool, tool

ROLE: Role = "provider"

#: Value sets with a world enum use it as the field type (world/core/enums.py); these are tool-only subsets.
UploadKind = Literal[
    "chart_note", "consult_note", "diagnostic_report", "discharge_summary", "imaging_report", "lab_summary",
    "letter_of_medical_necessity", "pa_request_form", "pathology_report", "procedure_report", "progress_note",
    "questionnaire", "site_of_service_attestation", "therapy_note"]
MimeType = Literal["application/pdf", "image/png", "image/jpeg", "image/tiff"]
ContactRole = Literal[
    "physician", "nurse_practitioner", "physician_assistant", "physical_therapist", "pa_coordinator",
    "clinic_nurse", "front_desk", "intake_coordinator", "um_nurse", "medical_director", "appeals_medical_director",
    "external_review_coordinator", "care_manager", "social_worker", "pharmacist", "behavioral_health_clinician",
    "cm_supervisor"]
ReviewerRole = Literal["um_nurse", "medical_director", "appeals_medical_director"]
AnswerValue = str | int | float | bool

ISO_DATE = r"^\d{4}-\d{2}-\d{2}$"
MAX_PAGE = 100
#: Largest accepted base64 text (10 MiB decoded, as the document vault enforces).
MAX_BASE64_CHARS = vault.MAX_UPLOAD_BYTES * 4 // 3 + 8


def _case_id(description: str = "PA case id, e.g. CASE-0001") -> Any:
    return Field(description=description, min_length=1, max_length=48)


def _appeal_view(appeal: dict[str, Any]) -> dict[str, Any]:
    """An appeal as the provider sees it (cases_get_case's view: the payer's reviewer ids left out)."""
    out = {k: v for k, v in appeal.items() if k not in ("original_reviewer_id", "assigned_reviewer_id")}
    if isinstance(out.get("decision"), dict):
        out["decision"] = {k: v for k, v in out["decision"].items() if k != "reviewer_id"}
    return out



class PageIn(ActingInput):
    limit: int = Field(20, ge=1, le=MAX_PAGE, description="Page size")
    offset: int = Field(0, ge=0, le=100_000, description="Skip this many: next_offset of the last page")


_PAGED = budget.PAGED

#: The case view's list sections, in the order its default view fills them under the result budget.
CaseSection = Literal["lines", "requirement_checks", "provider_determinations", "form_responses", "case_documents",
                      "submissions", "unreadable_fax_pages", "messages", "letters", "p2p_requests", "appeals",
                      "status_history"]
CASE_SECTIONS: tuple[str, ...] = ("lines", "requirement_checks", "status_history", "provider_determinations",
                                  "form_responses", "submissions", "unreadable_fax_pages", "letters", "p2p_requests",
                                  "appeals", "messages", "case_documents")
_CASE_HINT = ("the case is longer than one result: call cases_get_case with section=<name> and "
              "offset=<next_offset>")


def _case_view(view: dict[str, Any], room: int = budget.RESULT_BUDGET) -> dict[str, Any]:
    """cases_get_case's default view fitted to ``room`` characters (cut sections listed under ``more``)."""
    return budget.fit_record(view, CASE_SECTIONS, hint=_CASE_HINT, budget=room)


def _with_case(extra: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """``{**extra, **view}`` with the case view fitted to what ``extra`` leaves of the budget."""
    room = budget.RESULT_BUDGET - budget.text_size(extra) - 20
    return {**extra, **_case_view(view, room)}


# ==================================================================================== chart
class SearchPatientsIn(ActingInput):
    query: str = Field(min_length=2, max_length=100,
                       description="Name, patient id or member-id fragment; every whitespace-separated word must "
                                   "match (case-insensitive substring), e.g. 'Khalil' or 'KMH1000'")
    birth_date: str | None = Field(None, pattern=ISO_DATE, description="Only patients born on this date (YYYY-MM-DD)")
    limit: int = Field(25, ge=1, le=100, description="Page size")


@tool(ROLE, "chart", "search_patients", kind="read", input=SearchPatientsIn,
      description="Search the patients your organization's EHR holds (it ordered for, saw, or holds the PCP of) by "
                  "name, patient id or member-id fragment, optionally one date of birth. Returns `patients`: "
                  "[{patient_id, given_name, family_name, birth_date, sex, city, state, phone, coverages: "
                  "[{member_id, plan_id, plan_name, status}]}] sorted by family then given name; `count`.")
def search_patients(world: World, a: SearchPatientsIn) -> shapes.ChartSearchPatientsResult:
    rows = ehr.search_patients(world, acting_as=a.acting_as, query=a.query, birth_date=a.birth_date, limit=a.limit)
    return cast(shapes.ChartSearchPatientsResult, {"patients": rows, "count": len(rows)})


class ListCandidateOrdersIn(PageIn):
    patient_id: str = Field(min_length=1, max_length=48, description="Patient id from search_patients, e.g. PAT-CEM")


service_tool(ROLE, "chart", "list_candidate_orders", kind="read", input=ListCandidateOrdersIn,
             service=ehr.list_candidate_orders, result=shapes.ChartListCandidateOrdersResult, page="orders",
             description="Service-request orders on a patient's chart, newest first. Each order: id, date, status "
                         "(active|revoked|…), lines [{system, code (CPT/HCPCS), display, units, modifier}], ICD-10-CM "
                         "diagnosis_codes, priority (standard|expedited), CMS place-of-service code, requested_date, "
                         "clinical_indication, ordering_provider {id, name, role, npi}, org_name and `cases` "
                         "(PA cases already opened from it: [{case_id, status}]). " + _PAGED)


PatientChartSection = Literal["conditions", "encounters", "observations", "medications", "procedures", "allergies",
                              "documents", "prior_pa_cases"]
PATIENT_CHART_SECTIONS: tuple[str, ...] = ("conditions", "medications", "allergies", "procedures", "prior_pa_cases",
                                           "observations", "encounters", "documents")


class GetPatientChartIn(ActingInput):
    patient_id: str = Field(min_length=1, max_length=48, description="Patient id, e.g. PAT-CEM")
    observations_per_code: int = Field(3, ge=1, le=100,
                                       description="Latest values returned per LOINC code (1–100)")
    observations_since: str | None = Field(None, pattern=ISO_DATE,
                                           description="Only observations on or after this date (YYYY-MM-DD)")
    observations_until: str | None = Field(None, pattern=ISO_DATE,
                                           description="Only observations on or before this date (YYYY-MM-DD)")
    loinc_codes: list[str] | None = Field(None, max_length=10,
                                          description="Only these LOINC codes (at most 10), e.g. ['4548-4']")
    section: PatientChartSection | None = Field(
        None, description="Only this section of the chart, paged (default: the whole chart, cut lists under `more`)")
    offset: int = Field(0, ge=0, le=100_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(50, ge=1, le=MAX_PAGE, description="Page size")


@tool(ROLE, "chart", "get_patient_chart", kind="read", input=GetPatientChartIn,
      description="The patient's chart as your organization holds it, lists newest first: patient "
                  "(demographics, age, PCP), coverages (plan, line of business, active today), conditions "
                  "(ICD-10-CM), encounters, observations (LOINC, value + UCUM unit), medications, procedures, "
                  "allergies, documents (index only, no bodies: read one with docs_get_document) and "
                  "prior_pa_cases. Observations: the latest `observations_per_code` values per code (optionally "
                  "within a date window / code list); `observations_meta.codes` gives each code's count and "
                  "dates. " + budget.SECTIONED)
def get_patient_chart(world: World, a: GetPatientChartIn) -> shapes.ChartGetPatientChartResult:
    budget.check_section_args(a.section, a.offset)
    out = ehr.get_patient_chart(world, acting_as=a.acting_as, patient_id=a.patient_id,
                                observations_per_code=a.observations_per_code,
                                observations_since=a.observations_since, observations_until=a.observations_until,
                                loinc_codes=a.loinc_codes)
    if a.section is None:
        return cast(shapes.ChartGetPatientChartResult, budget.fit_record(out, PATIENT_CHART_SECTIONS,
                                 hint="the chart is longer than one result: call chart_get_patient_chart again "
                                      "with section=<name> and offset=<next_offset> (the observation arguments "
                                      "still apply)"))
    head = {"patient_id": a.patient_id, "as_of": out.get("as_of")}
    if a.section == "observations":
        head["observations_meta"] = out.get("observations_meta")
    return cast(shapes.ChartGetPatientChartResult, budget.section_page(head, a.section, out.get(a.section) or [], a.offset, a.limit))


# ==================================================================================== cases
class CreateFromOrderIn(ActingInput):
    order_id: str = Field(min_length=1, max_length=48,
                          description="Active service-request order id from list_candidate_orders, e.g. SR-CEM-001")


@tool(ROLE, "cases", "create_from_order", kind="write", input=CreateFromOrderIn,
      description="Open a PA case from an active order and record the plan's PA requirement check on it "
                  "(draft → requirement_checked). The case copies the order's lines, diagnoses, priority, place "
                  "of service and requested date; coverage is resolved on the order date. One open case per "
                  "order: if the order's open case is still a draft (its check did not complete), this runs the "
                  "check on that case instead. Returns `requirement_check` — only what the plan publishes: "
                  "{pa_required, notification_only, covered_benefit, coverage_active, in_network, "
                  "date_of_service, reason, required_document_kinds, questionnaire_form_id, policy_reference} — "
                  "plus the case in cases_get_case's shape.")
def create_from_order(world: World, a: CreateFromOrderIn) -> shapes.CasesCreateFromOrderResult:
    try:
        case_id = workbench.create_from_order(world, acting_as=a.acting_as, order_id=a.order_id)["case"]["id"]
    except Conflict as exc:
        case_id = exc.details.get("case_id")
        if not case_id or workbench.get_case(world, acting_as=a.acting_as, case_id=case_id)["case"]["status"] \
                != "draft":
            raise
    check = workbench.check_requirement(world, acting_as=a.acting_as, case_id=case_id)
    return cast(shapes.CasesCreateFromOrderResult, _with_case({"requirement_check": check}, workbench.get_case(world, acting_as=a.acting_as, case_id=case_id)))


class GetCaseIn(ActingInput):
    case_id: str = _case_id()
    section: CaseSection | None = Field(
        None, description="Only this section of the case, paged (default: the whole case, cut lists under `more`)")
    offset: int = Field(0, ge=0, le=100_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(20, ge=1, le=MAX_PAGE, description="Page size")


@tool(ROLE, "cases", "get_case", kind="read", input=GetCaseIn,
      description="One PA case with every artifact you can see: case (status, urgency, dates, authorization), "
                  "ordering_org, order, patient, coverage (active on the requested date), requesting_provider, "
                  "lines, requirement_checks, provider_determinations, form_responses, case_documents (uploads "
                  "and bundles), submissions (with the payer's reply), unreadable_fax_pages, messages "
                  "(summaries), letters, p2p_requests, appeals, status_history and next_actions "
                  "[{tool, action, to_status, hint}] — the moves the case's state machine allows now. "
                  + budget.SECTIONED)
def get_case(world: World, a: GetCaseIn) -> shapes.CasesGetCaseResult:
    budget.check_section_args(a.section, a.offset)
    view = workbench.get_case(world, acting_as=a.acting_as, case_id=a.case_id)
    if a.section is None:
        return cast(shapes.CasesGetCaseResult, _case_view(view))
    head = {"case_id": view["case"]["id"], "status": view["case"]["status"]}
    return cast(shapes.CasesGetCaseResult, budget.section_page(head, a.section, view.get(a.section) or [], a.offset, a.limit))


class ListCasesIn(PageIn):
    status: CaseStatus | None = Field(None, description="Only cases in this status (default: every status "
                                                            "but closed)")
    include_closed: bool = Field(False, description="Also list closed cases")


service_tool(ROLE, "cases", "list_cases", kind="read", input=ListCasesIn,
             service=workbench.list_cases, result=shapes.CasesListCasesResult, page="cases",
             description="Your organization's PA cases as summaries, expedited before standard, then oldest first: "
                         "{case_id, status, urgency, patient {id, name}, member_id, plan_id, codes, site_of_service, "
                         "requested_start, created_at, updated_at, pend_due_at, authorization_number}. Closed cases are "
                         "left out unless include_closed or status='closed'. " + _PAGED)


# ==================================================================================== inbox
class ListMessagesIn(PageIn):
    case_id: str | None = Field(None, min_length=1, max_length=48, description="Only this case's messages")
    unread_only: bool = Field(False, description="Only messages not read yet")


service_tool(ROLE, "inbox", "list_messages", kind="read", input=ListMessagesIn,
             service=workbench.list_messages, result=shapes.InboxListMessagesResult, page="messages",
             description="Your organization's provider inbox (payer replies: approvals, denials, pends, peer-to-peer "
                         "invitations), newest first; optionally one case's or unread only. Each message without its "
                         "body: id, case_id, kind, subject, sender, sent_at, read_at, details, `preview` (first 160 "
                         "characters) and `unread`. Reading a body (inbox_read_message) stamps it read. " + _PAGED)


class ReadMessageIn(ActingInput):
    message_id: str = Field(min_length=1, max_length=48, description="Message id, e.g. MSG-0001")


service_tool(ROLE, "inbox", "read_message", kind="write", input=ReadMessageIn,
             service=workbench.read_message, result=shapes.InboxReadMessageResult,
             description="One provider inbox message with its full body. Side effect: the first read stamps `read_at` "
                         "(the message is no longer unread) and the clock advances by one action.")


# ===================================================================================== docs
class CreateSubmissionBundleIn(ActingInput):
    case_id: str = _case_id()
    document_ids: list[str] = Field(min_length=1, max_length=vault.MAX_BUNDLE_DOCUMENTS,
                                    description="Documents to send, in order (1–50, no duplicates): the patient's "
                                                "chart documents or this case's uploads, not bundles")
    note: str | None = Field(None, max_length=2_000, description="Optional note printed on the bundle manifest")


service_tool(ROLE, "docs", "create_submission_bundle", kind="write", input=CreateSubmissionBundleIn,
             service=vault.create_submission_bundle, result=shapes.DocsCreateSubmissionBundleResult,
             description="Write a `submission_bundle` document for the case: a manifest (id, kind, title, date, author, "
                         "signature) of the listed documents, kept in order under details.document_ids. "
                         "auth_submit_authorization sends a bundle and every document it lists. The case status does not "
                         "change. Allowed while the packet is assembled: requirement_checked, docs_needed, "
                         "ready_to_submit, pended_action_required. Returns the bundle document.")


#: Characters of a document body returned per docs_get_document call (the rest with body_offset).
BODY_WINDOW = 8_000


class GetDocumentIn(ActingInput):
    document_id: str = Field(min_length=1, max_length=48, description="Document id, e.g. DOC-CEM-004")
    body_offset: int = Field(0, ge=0, le=1_000_000, description="Body start: body_next_offset of the last call")


@tool(ROLE, "docs", "get_document", kind="read", input=GetDocumentIn,
      description="One provider-side document with its body (Markdown text; for binary uploads the uploader's "
                  "description, with details {filename, mime_type, byte_count, sha256}), author {id, name, role, "
                  "org_id, npi}, signature fields and `clinician_signed` (signed by a clinician author). Long "
                  "bodies come in windows of 8,000 characters: `body_chars` is the whole length and "
                  "`body_next_offset` (null at the end) the body_offset of the next window.")
def get_document(world: World, a: GetDocumentIn) -> shapes.DocsGetDocumentResult:
    doc = vault.get_document(world, acting_as=a.acting_as, document_id=a.document_id)
    window = budget.text_window(doc.get("body") or "", a.body_offset, BODY_WINDOW)
    return cast(shapes.DocsGetDocumentResult, {**doc, "body": window["text"], "body_chars": window["chars"], "body_offset": window["offset"],
            "body_next_offset": window["next_offset"]})


class ListCaseDocumentsIn(PageIn):
    case_id: str = _case_id()


service_tool(ROLE, "docs", "list_case_documents", kind="read", input=ListCaseDocumentsIn,
             service=vault.list_case_documents, result=shapes.DocsListCaseDocumentsResult, page="documents",
             description="Documents usable on a case: the patient's chart documents plus this case's uploads and "
                         "submission bundles, newest first. Index entries without bodies: id, kind, title, date, origin "
                         "(chart|upload|system|clinical), signed, author, `clinician_signed`, `body_chars`. " + _PAGED)


class UploadEvidenceIn(ActingInput):
    case_id: str = _case_id()
    kind: UploadKind = Field(description="Document kind")
    title: str = Field(min_length=1, max_length=300, description="Document title")
    body: str = Field(min_length=1, max_length=20_000, description="Document text, Markdown")
    sign: bool = Field(False, description="Sign the document as its author; only clinicians may sign")


service_tool(ROLE, "docs", "upload_evidence", kind="write", input=UploadEvidenceIn,
             service=vault.upload_evidence, result=shapes.DocsUploadEvidenceResult,
             description="Attach a text document to the case (author: you; dated today; not allowed on closed cases). "
                         "Documents are signed only when a clinician uploads with sign=true; anyone else's upload stays "
                         "unsigned. A `questionnaire` document may carry answers as `key: value` lines. Returns the "
                         "document (docs_get_document shape).")


class UploadEvidenceFileIn(ActingInput):
    case_id: str = _case_id()
    kind: UploadKind = Field(description="Document kind")
    title: str = Field(min_length=1, max_length=300, description="Document title")
    filename: str = Field(min_length=1, max_length=200, description="Bare file name, e.g. mri_report.pdf")
    mime_type: MimeType = Field(description="Type of the file; the bytes must start with its signature")
    content_base64: str = Field(min_length=1, max_length=MAX_BASE64_CHARS,
                                description="Standard base64 of the file (≤10 MiB decoded)")
    description: str = Field(min_length=10, max_length=2_000,
                             description="What the file is and says (10–2,000 characters); stored as the "
                                         "document body — no text is extracted from the file")
    sign: bool = Field(False, description="Sign the document as its author; only clinicians may sign")


service_tool(ROLE, "docs", "upload_evidence_file", kind="write", input=UploadEvidenceFileIn,
             service=vault.upload_evidence_file, result=shapes.DocsUploadEvidenceFileResult,
             description="Attach a binary file (PDF, PNG, JPEG or TIFF) to the case. The vault stores filename, "
                         "mime_type, byte_count and sha256 in details; the body is your description. Signing as in "
                         "docs_upload_evidence. Returns the document.")


# ==================================================================================== forms
class ListRequiredFormsIn(ActingInput):
    case_id: str = _case_id()


@tool(ROLE, "forms", "list_required_forms", kind="read", input=ListRequiredFormsIn,
      description="The payer forms the plan publishes for the case, with completion status: `forms` "
                  "[{form_id, title, policy_reference, questions [{key, text, answer_type "
                  "(boolean|number|date|text|choice), choices, required}], status (not_started|incomplete|"
                  "complete), answers, problems, response_id, updated_at}]; empty when no form is required.")
def list_required_forms(world: World, a: ListRequiredFormsIn) -> shapes.FormsListRequiredFormsResult:
    return cast(shapes.FormsListRequiredFormsResult, {"forms": vault.list_required_forms(world, acting_as=a.acting_as, case_id=a.case_id)})


class SaveFormResponseIn(ActingInput):
    case_id: str = _case_id()
    form_id: str = Field(min_length=1, max_length=64, description="Form id from list_required_forms, e.g. QNR-…")
    answers: dict[str, AnswerValue | None] = Field(
        max_length=100, description="Question key → answer (string ≤2,000 characters, number or boolean; "
                                    "booleans may be yes/no); null clears a saved answer")


service_tool(ROLE, "forms", "save_form_response", kind="write", input=SaveFormResponseIn,
             service=vault.save_form_response, result=shapes.FormsSaveFormResponseResult,
             description="Save questionnaire answers, merged into earlier ones, and report validation: missing or "
                         "mistyped answers are saved and listed under `problems` (status incomplete until none); keys "
                         "that are not questions are refused. Editable while the packet is assembled or a pend is "
                         "answered. Returns the form as in list_required_forms.")


class ValidateFormIn(ActingInput):
    case_id: str = _case_id()
    form_id: str | None = Field(None, min_length=1, max_length=64, description="Form id (default: the case's form)")


service_tool(ROLE, "forms", "validate_form", kind="read", input=ValidateFormIn,
             service=vault.validate_form, result=shapes.FormsValidateFormResult,
             description="Check the saved answers against the form without changing anything. Returns {form_id, "
                         "status, complete, problems, answers}.")


# ===================================================================================== auth
class CheckStatusIn(ActingInput):
    case_id: str = _case_id()


@tool(ROLE, "auth", "check_status", kind="read", input=CheckStatusIn,
      description="Poll the payer's handling of a case (no side effects: nothing is stamped read). Returns "
                  "{case_id, status, submission_channel, submitted_at, authorization_number, auth_valid_from, "
                  "auth_valid_to, outcome_reason, pend_due_at, closed_reason, latest_submission (with "
                  "payer_reply, payer_reply_detail), messages (full bodies, newest first, with unread), letters, "
                  "p2p_requests, unreadable_fax_pages, next_actions}. Sections that do not fit the 10,000-character "
                  "result budget are cut and listed under `more`, with where to read the rest.")
def check_status(world: World, a: CheckStatusIn) -> shapes.AuthCheckStatusResult:
    out = workbench.check_status(world, acting_as=a.acting_as, case_id=a.case_id)
    return cast(shapes.AuthCheckStatusResult, budget.fit_record(out, ("p2p_requests", "letters", "unreadable_fax_pages", "messages"),
                             hint="a section was cut to fit the result budget: read messages with "
                                  "inbox_list_messages(case_id=…) and inbox_read_message, the other sections with "
                                  "cases_get_case(section=<name>, offset=<next_offset>)"))


class FileAppealIn(ActingInput):
    case_id: str = _case_id()
    rationale: str = Field(min_length=1, max_length=20_000, description="Grounds of the appeal, in your words")
    document_ids: list[str] | None = Field(None, max_length=50,
                                           description="Provider documents of the patient sent with the appeal "
                                                       "(copied to the payer)")


service_tool(ROLE, "auth", "file_appeal", kind="write", input=FileAppealIn,
             service=appeals.file_internal_appeal, result=shapes.AuthFileAppealResult, then=_appeal_view,
             description="File an internal appeal of the case's active adverse determination (denied or partially "
                         "approved → appealed), within the appeal window of the plan's line of business. Filed by staff "
                         "of the requesting clinician's office. An independent appeals medical director decides it on "
                         "the simulated clock within 30 days (the clock advances to the decision) and the decision "
                         "notice arrives on the request's channel. Returns the appeal {id, level internal, status "
                         "upheld | overturned, filed_at, deadline_at, decision_due_at, decided_at, outcome_rationale, "
                         "document_ids (payer copies), decision {outcome, letter_id, channel, case_status, "
                         "authorization_number if overturned}}.")


class FileExternalAppealIn(ActingInput):
    case_id: str = _case_id()
    rationale: str = Field(min_length=1, max_length=20_000,
                           description="Grounds for external review, in your words")
    document_ids: list[str] | None = Field(None, max_length=50,
                                           description="Provider documents of the patient sent with the request "
                                                       "(copied to the payer)")


service_tool(ROLE, "auth", "file_external_appeal", kind="write", input=FileExternalAppealIn,
             service=appeals.file_external_review, result=shapes.AuthFileExternalAppealResult, then=_appeal_view,
             description="Request external (independent review organization) review after an upheld internal appeal "
                         "(appeal_upheld → external_appealed), within 4 months of the internal decision. The independent "
                         "review organization decides on the simulated clock within 45 days and its binding decision "
                         "notice arrives on the request's channel. Returns the appeal {id, level external, status "
                         "upheld | overturned, deadline_at, decision_due_at, decided_at, external_org, document_ids "
                         "(payer copies), decision {outcome, letter_id, channel, case_status, authorization_number if "
                         "overturned}}.")


class DocumentFinding(ToolInput):
    kind: str = Field(min_length=1, max_length=48,
                      description="A required document kind from the case's requirement check")
    status: FindingStatus = Field(
        description="Your classification of that kind in the packet")
    document_ids: list[str] = Field(default_factory=list, max_length=50,
                                    description="Documents of that kind you rely on (≥1 unless absent; none if "
                                                "absent)")
    note: str | None = Field(None, max_length=2_000,
                             description="Defect and cure (required unless present_sufficient)")


class FinalizeProviderDeterminationIn(ActingInput):
    case_id: str = _case_id()
    final_action: FinalAction = Field(
        description="submit_pa → ready_to_submit; gather_more_evidence → docs_needed; do_not_submit → closed")
    document_findings: list[DocumentFinding] = Field(
        max_length=30, description="Exactly one finding per document kind the requirement check lists (empty "
                                   "when it lists none)")
    rationale: str = Field(min_length=1, max_length=5_000,
                           description="Why this disposition (becomes the closing reason for do_not_submit)")
    clinician_request: str | None = Field(None, max_length=5_000,
                                          description="What the ordering clinician must write or do (required for "
                                                      "gather_more_evidence)")


@tool(ROLE, "auth", "finalize_provider_determination", kind="write", input=FinalizeProviderDeterminationIn,
      description="Record the pre-submission disposition after the requirement check: submit_pa → "
                  "ready_to_submit, gather_more_evidence → docs_needed, do_not_submit → closed, with one finding "
                  "per required document kind citing documents of that kind. Allowed from requirement_checked, "
                  "docs_needed or ready_to_submit (state machine permitting). Returns {provider_determination, "
                  "case (cases_get_case's default view, fitted to the result budget: cut sections under `more`)}.")
def finalize_provider_determination(world: World, a: FinalizeProviderDeterminationIn) -> shapes.AuthFinalizeProviderDeterminationResult:
    out = workbench.finalize_provider_determination(
        world, acting_as=a.acting_as, case_id=a.case_id, final_action=a.final_action,
        document_findings=[f.model_dump() for f in a.document_findings], rationale=a.rationale,
        clinician_request=a.clinician_request)
    pd = out["provider_determination"]
    room = budget.RESULT_BUDGET - budget.text_size(pd) - 60
    return cast(shapes.AuthFinalizeProviderDeterminationResult, {"provider_determination": pd, "case": _case_view(out["case"], room)})


class RequestPeerToPeerIn(ActingInput):
    case_id: str = _case_id()
    note: str | None = Field(None, max_length=2_000, description="Why a discussion is wanted")


service_tool(ROLE, "auth", "request_peer_to_peer", kind="read", input=RequestPeerToPeerIn,
             service=portal.request_peer_to_peer, result=shapes.AuthRequestPeerToPeerResult,
             description="Always refused and writes nothing: in this world a peer-to-peer is initiated by the payer's "
                         "medical director. The error lists the case's open invitations (details.open_invitations); "
                         "answer one with auth_respond_to_peer_to_peer.")


class RespondToPeerToPeerIn(ActingInput):
    case_id: str = _case_id()
    request_id: str = Field(min_length=1, max_length=48, description="Peer-to-peer request id, e.g. P2P-0001")
    selected_slot: str = Field(min_length=10, max_length=40,
                               description="One offered slot exactly as offered, ISO-8601 with zone, e.g. "
                                           "2026-10-06T15:00:00Z; must still be in the future")
    note: str | None = Field(None, max_length=2_000,
                             description="Message to the payer, e.g. the clinician's callback number")


service_tool(ROLE, "auth", "respond_to_peer_to_peer", kind="write", input=RespondToPeerToPeerIn,
             service=portal.respond_to_peer_to_peer, result=shapes.AuthRespondToPeerToPeerResult,
             description="Accept a payer peer-to-peer invitation by choosing one of its offered slots (request "
                         "slots_offered → slot_selected); the payer receives a message with the slot and your note. "
                         "Returns the request {id, case_id, status, offered_slots, selected_slot, …}.")


class RespondToPendIn(ActingInput):
    case_id: str = _case_id()
    note: str | None = Field(None, max_length=2_000,
                             description="Cover note answering the pend (required unless resend_fax_page_ids)")
    document_ids: list[str] | None = Field(None, max_length=50,
                                           description="Documents sent with the response (provider documents of "
                                                       "the patient or case; not bundles)")
    questionnaire_answers: dict[str, AnswerValue] | None = Field(
        None, max_length=100, description="Structured answers (default: the case's saved form response)")
    channel: SubmissionChannel | None = Field(None, description="Submission channel (default: the previous packet's)")
    resend_fax_page_ids: list[str] | None = Field(
        None, min_length=1, max_length=200,
        description="Instead of a document response: re-send these unreadable fax pages (ids SUB-…-PGnnn from the "
                    "pend / unreadable_fax_pages); cannot be combined with the other response fields")


@tool(ROLE, "auth", "respond_to_pend", kind="write", input=RespondToPendIn,
      description="Answer a pend (pended_action_required → resubmitted) with a new packet; the payer then "
                  "re-adjudicates everything it holds for the case. Two forms: (1) a response with `note` and "
                  "documents on `channel` (that channel's rules apply, e.g. a portal response needs the complete "
                  "questionnaire); (2) `resend_fax_page_ids` only: a fax packet carrying just those pages that "
                  "arrived unreadable and were not re-sent yet (a re-sent page can itself arrive unreadable). "
                  "Returns {case_id, status, packet, payer_reply, warnings}.")
def respond_to_pend(world: World, a: RespondToPendIn) -> shapes.AuthRespondToPendResult:
    if a.resend_fax_page_ids is not None:
        mixed = [f for f in ("note", "document_ids", "questionnaire_answers", "channel") if getattr(a, f) is not None]
        if mixed:
            raise InvalidInput(f"a fax page re-send carries only the pages; leave out {', '.join(mixed)} (send "
                               "documents in a response without resend_fax_page_ids)", field="resend_fax_page_ids")
        return cast(shapes.AuthRespondToPendResult, portal.resend_fax_pages(world, acting_as=a.acting_as, case_id=a.case_id,
                                       page_ids=a.resend_fax_page_ids))
    return cast(shapes.AuthRespondToPendResult, portal.respond_to_pend(world, acting_as=a.acting_as, case_id=a.case_id, note=a.note,
                                  document_ids=a.document_ids, questionnaire_answers=a.questionnaire_answers,
                                  channel=a.channel))


class SubmitAuthorizationIn(ActingInput):
    case_id: str = _case_id()
    channel: SubmissionChannel = Field(description="portal and api need the complete questionnaire; edi_278 carries codes "
                                         "only (X12 reject codes on errors); fax sends pages")
    bundle_document_id: str = Field(min_length=1, max_length=48,
                                    description="The case's submission_bundle document to send")
    questionnaire_answers: dict[str, AnswerValue] | None = Field(
        None, max_length=100, description="Structured answers (default: the case's saved form response; edi_278 "
                                          "carries none)")
    note: str | None = Field(None, max_length=2_000, description="Cover note to the payer")


service_tool(ROLE, "auth", "submit_authorization", kind="write", input=SubmitAuthorizationIn,
             service=portal.submit_authorization, result=shapes.AuthSubmitAuthorizationResult,
             description="Submit the case's bundle (and every document it lists) to the payer on a channel: "
                         "ready_to_submit → submitted, or pended_action_required → resubmitted. A channel refusal "
                         "(channel_rejected, with details.problems / details.reject_codes) writes nothing. Accepted "
                         "packets get payer-side copies (fax: pages). Returns {case_id, status, packet, payer_reply, "
                         "warnings}: payer_reply is the payer's immediate reply {outcome, basis, reasons, missing_kinds, "
                         "insufficient_kinds, message_id, …} or {outcome: queued, intake_id} when a payer worker will "
                         "handle it; then poll with auth_check_status.")


# ============================================================================== p2p_session
class SessionIn(ActingInput):
    request_id: str = Field(min_length=1, max_length=48, description="Peer-to-peer request id, e.g. P2P-0001")


_SEAT = ("The provider seat on the call is held by the case's ordering clinician (act as that clinician). ")


class ContextIn(SessionIn):
    offset: int = Field(0, ge=0, le=10_000, description="Skip this many: next_offset of the last page")
    limit: int = Field(100, ge=1, le=200, description="Page size")


service_tool(ROLE, "p2p_session", "get_context", kind="read", input=ContextIn,
             description="The peer-to-peer call as you see it (writes nothing): request {id, case_id, status, reason, "
                         "scheduled_at, …}, case {case_id, member, service, codes}, agent_side, counterpart {worker_id, "
                         "name, role, organization}, the counterpart's opening_statement (transcript turn 1 once the call "
                         "starts), session {started, agent_turns, turn_limit, turns_left, ended, end_reason, finalized}, "
                         "the ordered transcript [{turn_number, speaker (agent|counterpart), text, at}], summary and "
                         "proposed_outcome. " + _SEAT + "The transcript is paged: " + _PAGED,
             service=p2p_session.get_context, result=shapes.P2pSessionGetContextResult, page="transcript")


class SendTurnIn(SessionIn):
    message: str = Field(min_length=1, max_length=4_000, description="What you say on the call (one turn, ≤4,000 "
                                                                     "characters)")


service_tool(ROLE, "p2p_session", "send_turn", kind="write", input=SendTurnIn,
             service=p2p_session.send_turn, result=shapes.P2pSessionSendTurnResult,
             description="Say one turn on the peer-to-peer call and receive the simulated plan reviewer's reply. The "
                         "first turn starts the call: the request must be scheduled (→ in_session) and the clock runs to "
                         "the scheduled time if it is still ahead. Agent turns count against the turn limit; when the "
                         "reviewer ends the call or the limit is reached, no further turns are taken. Returns "
                         "{request_id, session_id, turn_number, counterpart_response, agent_turns, turn_limit, "
                         "turns_left, ended, end_reason}. A `retryable` error records nothing. " + _SEAT)


class SubmitSummaryIn(SessionIn):
    summary: str = Field(min_length=20, max_length=20_000,
                         description="Your written summary of the call")
    proposed_outcome: P2POutcome = Field(
        description="The outcome you propose from the discussion")


service_tool(ROLE, "p2p_session", "submit_summary", kind="write", input=SubmitSummaryIn,
             service=p2p_session.submit_summary, result=shapes.P2pSessionSubmitSummaryResult,
             description="Conclude the peer-to-peer call with your written summary and proposed outcome: the session is "
                         "finalized (no further turns) and the plan's reviewer then records its outcome on the request "
                         "(request → completed; returned as payer_outcome and request_status). Returns the session with "
                         "summary and proposed_outcome. The case's determination follows on the payer side; poll with "
                         "auth_check_status. " + _SEAT)


# =================================================================================== people
class ListContactsIn(PageIn):
    role: ContactRole | None = Field(None, description="Only contacts with this role")


_CONTACT = ("Each contact: {id, name, given_name, family_name, credentials, role, org_id, org_name, org_kind, "
            "npi, specialty, license_state, phone, email, fax}, sorted by organization then name. ")


service_tool(ROLE, "people", "list_contacts", kind="read", input=ListContactsIn,
             service=directory.list_contacts, result=shapes.PeopleListContactsResult, page="contacts",
             description="The directory: provider, payer and care-management staff, optionally one role. " + _CONTACT
                         + _PAGED)


class ListOrderingProvidersIn(PageIn):
    org_id: str | None = Field(None, min_length=1, max_length=48,
                               description="Only this provider organization, e.g. ORG-RMG")


service_tool(ROLE, "people", "list_ordering_providers", kind="read", input=ListOrderingProvidersIn,
             service=directory.list_ordering_providers, result=shapes.PeopleListOrderingProvidersResult, page="providers",
             description="Clinicians at provider organizations who may order services (physicians, nurse "
                         "practitioners, physician assistants, physical therapists), with NPIs. " + _CONTACT + _PAGED)


class ListReviewerContactsIn(PageIn):
    required_role: ReviewerRole | None = Field(None, description="Only reviewers with this role")


service_tool(ROLE, "people", "list_reviewer_contacts", kind="read", input=ListReviewerContactsIn,
             service=directory.list_reviewer_contacts, result=shapes.PeopleListReviewerContactsResult, page="reviewers",
             description="Payer-side UM nurses, medical directors and appeals medical directors reachable from the "
                         "provider. " + _CONTACT + _PAGED)
