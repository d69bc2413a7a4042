"""The 30 provider tools, called in-process through ``dispatch`` on a copy of the base world.

Every tool is called at least once with its documented effect checked in the world's rows; refusals
come back as tool errors naming the field, and leave the world digest unchanged.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import shutil
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from sqlalchemy import func, select

import chibench.world.tools.bindings_provider as bp
from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.appeals.models import Appeal
from chibench.world.apps.determination import services as determination
from chibench.world.apps.directory.services import CONTACT_ROLES, REVIEWER_CONTACT_ROLES
from chibench.world.apps.document_vault import services as vault
from chibench.world.apps.document_vault.models import Document, FormResponse
from chibench.world.apps.md_review import services as md_review
from chibench.world.apps.p2p_scheduler import services as scheduler
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.p2p_session.models import P2PSession, P2PTurn
from chibench.world.apps.pa_workbench import services as workbench
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase, ProviderDetermination, RequirementCheck
from chibench.world.apps.provider_common import TOOL_NAMES
from chibench.world.apps.submission_portal.models import FaxPage, SubmissionPacket
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.counterparts.contracts import STOP_TOKEN
from chibench.world.overlays import OverlaySpec, apply_overlay, set_payer_mode
from chibench.world.seeds.loader import SEED_ROOT, load_file
from chibench.world.seeds.schema import ServiceCaseFile
from chibench.world.tools.registry import NAME_RE, REGISTRY, ActingInput, ToolInput, load_all
from tests.world.tools.support import RoleTools

PAPER_PROVIDER_TOOLS = [
    "chart_search_patients", "chart_list_candidate_orders", "chart_get_patient_chart",
    "cases_create_from_order", "cases_get_case", "cases_list_cases",
    "inbox_list_messages", "inbox_read_message",
    "docs_create_submission_bundle", "docs_get_document", "docs_list_case_documents", "docs_upload_evidence",
    "docs_upload_evidence_file",
    "forms_list_required_forms", "forms_save_form_response", "forms_validate_form",
    "auth_check_status", "auth_file_appeal", "auth_file_external_appeal", "auth_finalize_provider_determination",
    "auth_request_peer_to_peer", "auth_respond_to_peer_to_peer", "auth_respond_to_pend", "auth_submit_authorization",
    "p2p_session_get_context", "p2p_session_send_turn", "p2p_session_submit_summary",
    "people_list_contacts", "people_list_ordering_providers", "people_list_reviewer_contacts",
]

RMG = "WKR-PAC-01"  # PA coordinator, Riverbend Medical Group (IL)
LSSP = "WKR-PAC-03"  # PA coordinator, Lone Star (TX)
PCP = "WKR-PAC-04"  # PA coordinator, Pacific Crest (CA)
HVMA = "WKR-PAC-05"  # PA coordinator, Hudson Valley (NY)
CARDIOLOGIST = "WKR-CEM-01"  # physician, Riverbend (may sign)
SLEEP_SURGEON = "WKR-HNS-01"  # physician, Lone Star: ordering clinician of SR-HNS-001 (holds the P2P seat)
IDENTITIES = {"provider": [RMG, LSSP, PCP, HVMA, CARDIOLOGIST, SLEEP_SURGEON]}
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

#: Tools called in this module (checked at the end: every one of the 30 is exercised).
TOOLS = RoleTools("provider", max_result_chars=100_000)
CALLED, ok, refused = TOOLS.called, TOOLS.ok, TOOLS.refused


@pytest.fixture()
def pw(base_world_file: Path, tmp_path: Path) -> Iterator[World]:
    target = tmp_path / "provider.sqlite"
    shutil.copyfile(base_world_file, target)
    w = World(target)
    set_identities(w, IDENTITIES)
    yield w
    w.close()


# ------------------------------------------------------------------------------------ helpers
def case_status(world: World, case_id: str) -> str:
    with world.read() as s:
        case = s.get(PACase, case_id)
        assert case is not None
        return str(case.status)


def valid_answers(form: dict[str, Any]) -> dict[str, str]:
    by_type = {"boolean": "yes", "number": "1", "date": "2026-09-01"}
    return {q["key"]: (q["choices"][0] if q["answer_type"] == "choice" else by_type.get(q["answer_type"], "see notes"))
            for q in form["questions"]}


def ready_to_submit(world: World, actor: str, order_id: str, *, extra_docs: list[str] | None = None
                    ) -> tuple[str, str]:
    """Open, answer the questionnaire, bundle three chart documents (+ extras), submit_pa. → (case, bundle)."""
    case_id = ok(world, "cases_create_from_order", acting_as=actor, order_id=order_id)["case"]["id"]
    form = ok(world, "forms_list_required_forms", acting_as=actor, case_id=case_id)["forms"][0]
    ok(world, "forms_save_form_response", acting_as=actor, case_id=case_id, form_id=form["form_id"],
       answers=valid_answers(form))
    docs = ok(world, "docs_list_case_documents", acting_as=actor, case_id=case_id)["documents"]
    ids = [d["id"] for d in docs[:3]] + (extra_docs or [])
    bundle = ok(world, "docs_create_submission_bundle", acting_as=actor, case_id=case_id, document_ids=ids)["id"]
    ok(world, "auth_finalize_provider_determination", acting_as=actor, case_id=case_id, final_action="submit_pa",
       document_findings=[], rationale="The plan lists no required document kinds; packet assembled.")
    return case_id, bundle


# ------------------------------------------------------------------------------------ registry
def test_exactly_the_papers_30_provider_tools() -> None:
    registry = load_all()
    names = [t.name for t in registry.for_role("provider")]
    assert len(names) == 30
    assert sorted(names) == sorted(PAPER_PROVIDER_TOOLS)
    assert all(NAME_RE.match(n) for n in names)


def _fields_described(model: type[BaseModel]) -> None:
    for name, f in model.model_fields.items():
        assert f.description, f"{model.__name__}.{name} has no description"
        for arg in typing.get_args(f.annotation) or (f.annotation,):
            for inner in typing.get_args(arg) or (arg,):
                if isinstance(inner, type) and issubclass(inner, ToolInput):
                    _fields_described(inner)


def test_inputs_act_forbid_extras_and_describe_every_field() -> None:
    for t in REGISTRY.for_role("provider"):
        assert issubclass(t.input_model, ActingInput), t.name
        assert t.input_schema()["additionalProperties"] is False
        _fields_described(t.input_model)
        assert len(t.description) > 60, t.name


def test_enums_mirror_the_world() -> None:
    assert set(typing.get_args(bp.UploadKind)) == set(vault.UPLOADABLE_KINDS)
    assert set(typing.get_args(bp.MimeType)) == set(vault.MIME_MAGIC)
    assert set(typing.get_args(bp.ContactRole)) == {str(r) for r in CONTACT_ROLES}
    assert set(typing.get_args(bp.ReviewerRole)) == {str(r) for r in REVIEWER_CONTACT_ROLES}


def test_next_actions_name_registered_tools() -> None:
    registered = {t.name for t in REGISTRY.for_role("provider")}
    assert set(TOOL_NAMES.values()) <= registered
    assert TOOL_NAMES["check_requirement"] == "cases_create_from_order"
    assert TOOL_NAMES["resend_fax_pages"] == "auth_respond_to_pend"


# ------------------------------------------------------------------------------------ chart
def test_chart_tools(pw: World) -> None:
    found = ok(pw, "chart_search_patients", acting_as=RMG, query="PAT-CEM")
    assert [p["patient_id"] for p in found["patients"]] == ["PAT-CEM"] and found["count"] == 1
    assert ok(pw, "chart_search_patients", acting_as=RMG, query="PAT-CTA")["count"] == 0  # another org's patient
    orders = ok(pw, "chart_list_candidate_orders", acting_as=RMG, patient_id="PAT-CEM")
    assert "SR-CEM-001" in [o["id"] for o in orders["orders"]] and orders["next_offset"] is None
    assert orders["orders"][0]["cases"] == []
    chart = ok(pw, "chart_get_patient_chart", acting_as=RMG, patient_id="PAT-CEM", observations_per_code=1)
    assert chart["patient"]["id"] == "PAT-CEM" and chart["observations_meta"]["per_code"] == 1
    assert all(d["side"] == "provider" for d in chart["documents"])

    refused(pw, "chart_search_patients", {"acting_as": RMG, "query": "x"}, error="invalid_input", field="query")
    refused(pw, "chart_get_patient_chart", {"acting_as": RMG, "patient_id": "PAT-CTA"}, error="not_found", field="patient_id")
    refused(pw, "chart_get_patient_chart", {"acting_as": RMG, "patient_id": "PAT-CEM", "observations_since": "2026",
                                            }, error="invalid_input", field="observations_since")
    refused(pw, "chart_list_candidate_orders", {"acting_as": RMG, "patient_id": "PAT-CEM", "colour": "red"}, error="invalid_input", field="colour")
    refused(pw, "chart_list_candidate_orders", {"acting_as": "WKR-MD-01", "patient_id": "PAT-CEM"}, error="not_authorized", field="acting_as")


# ------------------------------------------------------------------------------------ cases
def test_create_from_order_opens_and_checks_the_requirement(pw: World) -> None:
    out = ok(pw, "cases_create_from_order", acting_as=RMG, order_id="SR-CEM-001")
    case_id = out["case"]["id"]
    assert case_id.startswith("CASE-") and out["case"]["status"] == "requirement_checked"
    check = out["requirement_check"]
    assert check["pa_required"] is True and check["questionnaire_form_id"].startswith("QNR-")
    assert {"complete_outcome", "evidence_requirements", "criteria"}.isdisjoint(json.dumps(out).split('"'))
    assert [h["to"] for h in out["status_history"]] == ["draft", "requirement_checked"]
    assert all(a["action"] != "check_requirement" for a in out["next_actions"])
    with pw.read() as s:
        assert s.get(PACase, case_id).status == "requirement_checked"
        assert s.scalar(select(func.count()).select_from(RequirementCheck)
                        .where(RequirementCheck.case_id == case_id)) == 1
    refused(pw, "cases_create_from_order", {"acting_as": RMG, "order_id": "SR-CEM-001"}, error="conflict", field="order_id")
    refused(pw, "cases_create_from_order", {"acting_as": RMG, "order_id": "SR-NOPE"}, error="not_found", field="order_id")
    refused(pw, "cases_create_from_order", {"acting_as": RMG, "order_id": "SR-CTA-001"}, error="not_authorized")

    # a case left in draft (its check never ran) is checked by opening its order again
    draft = workbench.create_from_order(pw, acting_as=RMG, order_id="SR-CAT-001")["case"]["id"]
    hint = ok(pw, "cases_get_case", acting_as=RMG, case_id=draft)["next_actions"]
    assert {"tool": "cases_create_from_order", "action": "check_requirement"}.items() <= hint[0].items()
    again = ok(pw, "cases_create_from_order", acting_as=RMG, order_id="SR-CAT-001")
    assert again["case"]["id"] == draft and case_status(pw, draft) == "requirement_checked"

    got = ok(pw, "cases_get_case", acting_as=RMG, case_id=case_id)
    assert got["case"]["id"] == case_id and got["order"]["id"] == "SR-CEM-001" and got["lines"]
    listed = ok(pw, "cases_list_cases", acting_as=RMG)
    assert listed["total"] == 2 and {c["case_id"] for c in listed["cases"]} == {case_id, draft}
    page = ok(pw, "cases_list_cases", acting_as=RMG, limit=1)
    assert len(page["cases"]) == 1 and page["next_offset"] == 1
    assert ok(pw, "cases_list_cases", acting_as=RMG, status="denied")["total"] == 0
    assert ok(pw, "cases_list_cases", acting_as=PCP)["total"] == 0  # another organization's cases stay hidden
    refused(pw, "cases_list_cases", {"acting_as": RMG, "status": "lost"}, error="invalid_input", field="status")
    refused(pw, "cases_get_case", {"acting_as": PCP, "case_id": case_id}, error="not_authorized", field="acting_as")
    refused(pw, "cases_get_case", {"acting_as": RMG, "case_id": "CASE-9999"}, error="not_found", field="case_id")


# ------------------------------------------------------------- assembly, submission, inbox
def test_assemble_submit_and_read_the_denial(pw: World) -> None:
    case_id = ok(pw, "cases_create_from_order", acting_as=RMG, order_id="SR-CEM-001")["case"]["id"]

    forms = ok(pw, "forms_list_required_forms", acting_as=RMG, case_id=case_id)["forms"]
    assert len(forms) == 1 and forms[0]["status"] == "not_started"
    form_id, good = forms[0]["form_id"], valid_answers(forms[0])
    first_key = next(iter(good))
    partial = ok(pw, "forms_save_form_response", acting_as=RMG, case_id=case_id, form_id=form_id,
                 answers={first_key: good[first_key]})
    assert partial["status"] == "incomplete" and partial["problems"]
    assert ok(pw, "forms_validate_form", acting_as=RMG, case_id=case_id)["complete"] is False
    done = ok(pw, "forms_save_form_response", acting_as=RMG, case_id=case_id, form_id=form_id, answers=good)
    assert done["status"] == "complete"
    assert ok(pw, "forms_validate_form", acting_as=RMG, case_id=case_id, form_id=form_id)["complete"] is True
    with pw.read() as s:
        assert s.scalars(select(FormResponse).where(FormResponse.case_id == case_id)).one().complete
    refused(pw, "forms_save_form_response", {"acting_as": RMG, "case_id": case_id, "form_id": form_id,
                                             "answers": {"not_a_question": "x"}}, error="invalid_input", field="answers")
    refused(pw, "forms_validate_form", {"acting_as": RMG, "case_id": case_id, "form_id": "QNR-OTHER"}, error="invalid_input", field="form_id")

    chart_docs = ok(pw, "docs_list_case_documents", acting_as=RMG, case_id=case_id)
    assert chart_docs["total"] >= 3 and all("body" not in d for d in chart_docs["documents"])
    note = ok(pw, "docs_upload_evidence", acting_as=RMG, case_id=case_id, kind="pa_request_form",
              title="PA request cover sheet", body="Member, codes and requesting clinician for this request.")
    signed = ok(pw, "docs_upload_evidence", acting_as=CARDIOLOGIST, case_id=case_id, kind="letter_of_medical_necessity",
                title="Letter of medical necessity", body="Palpitations persist; an event monitor is requested.",
                sign=True)
    pdf = ok(pw, "docs_upload_evidence_file", acting_as=RMG, case_id=case_id, kind="diagnostic_report",
             title="Outside ECG", filename="ecg.pdf", mime_type="application/pdf",
             content_base64=base64.b64encode(PDF).decode(), description="Outside 12-lead ECG tracing, sinus rhythm.")
    assert pdf["details"]["sha256"] == hashlib.sha256(PDF).hexdigest() and pdf["details"]["byte_count"] == len(PDF)
    with pw.read() as s:
        rows = {d.id: (d.signed, d.side, d.author_worker_id)
                for d in s.scalars(select(Document).where(Document.case_id == case_id))}
    assert rows[note["id"]] == (False, "provider", RMG) and rows[signed["id"]] == (True, "provider", CARDIOLOGIST)
    assert rows[pdf["id"]] == (False, "provider", RMG)
    assert ok(pw, "docs_list_case_documents", acting_as=RMG, case_id=case_id)["total"] == chart_docs["total"] + 3
    assert ok(pw, "docs_get_document", acting_as=RMG, document_id=signed["id"])["clinician_signed"] is True
    refused(pw, "docs_upload_evidence", {"acting_as": RMG, "case_id": case_id, "kind": "chart_note", "title": "t",
                                         "body": "b", "sign": True}, error="not_authorized", field="sign")
    refused(pw, "docs_upload_evidence", {"acting_as": RMG, "case_id": case_id, "kind": "denial_letter", "title": "t",
                                         "body": "b"}, error="invalid_input", field="kind")
    refused(pw, "docs_upload_evidence_file", {"acting_as": RMG, "case_id": case_id, "kind": "diagnostic_report",
                                              "title": "t", "filename": "x.png", "mime_type": "image/png",
                                              "content_base64": base64.b64encode(PDF).decode(),
                                              "description": "not really a PNG file"}, error="invalid_input", field="content_base64")
    refused(pw, "docs_get_document", {"acting_as": PCP, "document_id": signed["id"]}, error="not_found", field="document_id")

    ids = [chart_docs["documents"][0]["id"], note["id"], signed["id"], pdf["id"]]
    refused(pw, "docs_create_submission_bundle", {"acting_as": RMG, "case_id": case_id,
                                                  "document_ids": [ids[0], ids[0]]}, error="invalid_input", field="document_ids")
    bundle = ok(pw, "docs_create_submission_bundle", acting_as=RMG, case_id=case_id, document_ids=ids,
                note="Event monitor request")
    assert bundle["kind"] == "submission_bundle" and bundle["details"]["document_ids"] == ids
    assert case_status(pw, case_id) == "requirement_checked"  # bundling moves nothing

    refused(pw, "auth_finalize_provider_determination",
            {"acting_as": RMG, "case_id": case_id, "final_action": "gather_more_evidence", "document_findings": [],
             "rationale": "needs more"}, error="invalid_input", field="clinician_request")
    refused(pw, "auth_finalize_provider_determination",
            {"acting_as": RMG, "case_id": case_id, "final_action": "approve", "document_findings": [],
             "rationale": "x"}, error="invalid_input", field="final_action")
    refused(pw, "auth_submit_authorization", {"acting_as": RMG, "case_id": case_id, "channel": "portal",
                                              "bundle_document_id": bundle["id"]}, error="conflict", field="case_id")
    fin = ok(pw, "auth_finalize_provider_determination", acting_as=RMG, case_id=case_id, final_action="submit_pa",
             document_findings=[], rationale="Packet complete for submission.")
    assert fin["case"]["case"]["status"] == "ready_to_submit"
    with pw.read() as s:
        assert s.scalars(select(ProviderDetermination).where(ProviderDetermination.case_id == case_id)).one() \
            .final_action == "submit_pa"

    refused(pw, "auth_submit_authorization", {"acting_as": RMG, "case_id": case_id, "channel": "email",
                                              "bundle_document_id": bundle["id"]}, error="invalid_input", field="channel")
    refused(pw, "auth_submit_authorization", {"acting_as": RMG, "case_id": case_id, "channel": "portal",
                                              "bundle_document_id": note["id"]}, error="invalid_input", field="bundle_document_id")
    sent = ok(pw, "auth_submit_authorization", acting_as=RMG, case_id=case_id, channel="portal",
              bundle_document_id=bundle["id"])
    # the scripted payer for this service denies a complete packet (seed payer_policy.complete_outcome: deny)
    assert sent["status"] == "denied" and sent["payer_reply"]["outcome"] == "deny"
    assert sent["packet"]["document_ids"] == [bundle["id"], *ids]
    with pw.read() as s:
        assert s.get(PACase, case_id).status == "denied"
        packet = s.get(SubmissionPacket, sent["packet"]["id"])
        assert packet.channel == "portal" and packet.payer_reply == "received"

    status = ok(pw, "auth_check_status", acting_as=RMG, case_id=case_id)
    assert status["status"] == "denied" and status["messages"][0]["kind"] == "denial_letter"
    assert status["messages"][0]["unread"] is True  # polling stamps nothing
    unread = ok(pw, "inbox_list_messages", acting_as=RMG, unread_only=True)
    assert [m["id"] for m in unread["messages"]] == [sent["payer_reply"]["message_id"]]
    assert "body" not in unread["messages"][0]
    msg = ok(pw, "inbox_read_message", acting_as=RMG, message_id=unread["messages"][0]["id"])
    assert "DENIED" in msg["body"] and msg["unread"] is False
    with pw.read() as s:
        assert s.get(InboxMessage, msg["id"]).read_at is not None
    assert ok(pw, "inbox_list_messages", acting_as=RMG, case_id=case_id, unread_only=True)["total"] == 0
    assert ok(pw, "inbox_list_messages", acting_as=RMG, case_id=case_id)["total"] == 1
    refused(pw, "inbox_read_message", {"acting_as": PCP, "message_id": msg["id"]}, error="not_authorized")
    refused(pw, "inbox_read_message", {"acting_as": RMG, "message_id": "MSG-9999"}, error="not_found", field="message_id")


# ------------------------------------------------------------------------------ pend and fax
def test_fax_pend_resend_then_respond_to_pend(pw: World) -> None:
    case_id = ok(pw, "cases_create_from_order", acting_as=HVMA, order_id="SR-SCO-001")["case"]["id"]
    logs = [ok(pw, "docs_upload_evidence", acting_as=HVMA, case_id=case_id, kind="progress_note",
               title=f"Visit log {i}", body=("Visit log entry. " * 1300)[:20_000])["id"] for i in range(2)]
    form = ok(pw, "forms_list_required_forms", acting_as=HVMA, case_id=case_id)["forms"][0]
    ok(pw, "forms_save_form_response", acting_as=HVMA, case_id=case_id, form_id=form["form_id"],
       answers=valid_answers(form))
    bundle = ok(pw, "docs_create_submission_bundle", acting_as=HVMA, case_id=case_id, document_ids=logs)["id"]
    ok(pw, "auth_finalize_provider_determination", acting_as=HVMA, case_id=case_id, final_action="submit_pa",
       document_findings=[], rationale="Packet assembled.")
    sent = ok(pw, "auth_submit_authorization", acting_as=HVMA, case_id=case_id, channel="fax",
              bundle_document_id=bundle)
    assert sent["status"] == "pended_action_required" and sent["payer_reply"]["basis"] == "channel"
    bad = [p["page_id"] for p in sent["payer_reply"]["unreadable_pages"]]
    assert bad and all(p.startswith(sent["packet"]["id"] + "-PG") for p in bad)
    assert [a["tool"] for a in ok(pw, "auth_check_status", acting_as=HVMA, case_id=case_id)["next_actions"]
            if a["action"] == "resend_fax_pages"] == ["auth_respond_to_pend"]

    refused(pw, "auth_respond_to_pend", {"acting_as": HVMA, "case_id": case_id, "resend_fax_page_ids": bad,
                                         "note": "re-sending"}, error="invalid_input", field="resend_fax_page_ids")
    refused(pw, "auth_respond_to_pend", {"acting_as": HVMA, "case_id": case_id,
                                         "resend_fax_page_ids": [sent["packet"]["id"] + "-PG001"]}, error="invalid_input", field="page_ids")
    refused(pw, "auth_respond_to_pend", {"acting_as": HVMA, "case_id": case_id}, error="invalid_input", field="note")
    resent = ok(pw, "auth_respond_to_pend", acting_as=HVMA, case_id=case_id, resend_fax_page_ids=bad)
    assert resent["packet"]["channel"] == "fax" and resent["packet"]["id"] != sent["packet"]["id"]
    with pw.read() as s:
        assert {p.resent_in_packet_id for p in s.scalars(select(FaxPage).where(FaxPage.id.in_(bad)))} == \
            {resent["packet"]["id"]}
    history = [h["to"] for h in ok(pw, "cases_get_case", acting_as=HVMA, case_id=case_id)["status_history"]]
    assert history[-3:] == ["resubmitted", "under_review", resent["status"]]  # routed, then the MD pends

    # the pages arrived; the plan pends this service's complete packet (seed complete_outcome: pend)
    assert (resent["status"], resent["payer_reply"]["basis"]) == ("pended_action_required", "medical_necessity")
    answer = ok(pw, "auth_respond_to_pend", acting_as=HVMA, case_id=case_id, channel="portal",
                note="Family history documentation attached.", document_ids=[logs[0]])
    assert answer["packet"]["channel"] == "portal" and answer["packet"]["document_ids"] == [logs[0]]
    assert answer["packet"]["note"] == "Family history documentation attached."
    with pw.read() as s:
        assert s.scalar(select(func.count()).select_from(SubmissionPacket)
                        .where(SubmissionPacket.case_id == case_id)) == 3
    history = [h["to"] for h in ok(pw, "cases_get_case", acting_as=HVMA, case_id=case_id)["status_history"]]
    assert history[-3:] == ["resubmitted", "under_review", answer["status"]]


# ------------------------------------------------------------------------------------ P2P
def test_peer_to_peer_invitation(pw: World) -> None:
    case_id, bundle = ready_to_submit(pw, PCP, "SR-CTA-001")
    sent = ok(pw, "auth_submit_authorization", acting_as=PCP, case_id=case_id, channel="api",
              bundle_document_id=bundle)
    # the scripted payer for this service offers a peer-to-peer (seed payer_policy.complete_outcome: p2p)
    assert sent["status"] == "under_review" and sent["payer_reply"]["outcome"] == "p2p"
    request_id, slots = sent["payer_reply"]["p2p_request_id"], sent["payer_reply"]["offered_slots"]

    err = refused(pw, "auth_request_peer_to_peer", {"acting_as": PCP, "case_id": case_id, "note": "please call"}, error="conflict", field="case_id")
    assert err["details"]["open_invitations"] == [request_id]
    refused(pw, "auth_respond_to_peer_to_peer", {"acting_as": PCP, "case_id": case_id, "request_id": request_id,
                                                 "selected_slot": "2030-01-01T15:00:00Z"}, error="invalid_input", field="selected_slot")
    refused(pw, "auth_respond_to_peer_to_peer", {"acting_as": PCP, "case_id": case_id, "request_id": "P2P-9999",
                                                 "selected_slot": slots[0]}, error="not_found", field="request_id")
    picked = ok(pw, "auth_respond_to_peer_to_peer", acting_as=PCP, case_id=case_id, request_id=request_id,
                selected_slot=slots[1], note="Dr. Mehta, callback 916-555-2251")
    assert picked["status"] == "slot_selected"
    with pw.read() as s:
        req = s.get(P2PRequest, request_id)
        assert req.status == "slot_selected" and req.selected_slot is not None
        to_payer = s.scalars(select(InboxMessage).where(InboxMessage.case_id == case_id,
                                                        InboxMessage.audience == "payer")).one()
        assert "916-555-2251" in to_payer.body


def _scheduled_call(world: World) -> tuple[str, str]:
    """A hypoglossal-nerve-stimulator request the MD sent to peer-to-peer, the payer offering one slot with an
    independent reviewer, the provider office choosing it (through the tool) and the payer confirming it."""
    seed = load_file(SEED_ROOT / "services" / "hypoglossal_nerve_stim.yaml", ServiceCaseFile)
    first = seed.payer_request.submitted_document_ids[0]
    docs = {d.id: d for d in [*seed.payer_request.submitted_documents, *seed.chart.documents]}
    quote = next(ln.strip() for ln in docs[first].body.splitlines() if len(ln.strip()) > 20)[:40]
    nurse = {c.id: {"result": "met", "evidence": [{"document": first, "quote": quote}]}
             for c in seed.payer_policy.criteria}
    case_id = apply_overlay(world, OverlaySpec(kind="um_pickup", service="hypoglossal_nerve_stim", stage="p2p",
                                               upstream={"nurse_results": nurse}))["case_id"]
    with world.read() as s:
        request_id = s.scalars(select(P2PRequest.id).where(P2PRequest.case_id == case_id)).one()
    slot = (world.now() + dt.timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
    slot_text = slot.isoformat().replace("+00:00", "Z")
    # the provider side is the agent here, not simulated: the payer's people work under payer_mode auto
    set_payer_mode(world, "auto")
    scheduler.offer_slots(world, acting_as="WKR-INT-01", request_id=request_id, payer_reviewer_id="WKR-MD-02",
                          slots=[slot_text])
    ok(world, "auth_respond_to_peer_to_peer", acting_as=LSSP, case_id=case_id, request_id=request_id,
       selected_slot=slot_text)
    scheduler.schedule(world, acting_as="WKR-INT-01", request_id=request_id)
    return case_id, request_id


def test_peer_to_peer_call_from_the_provider_seat(pw: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "scripted")
    case_id, request_id = _scheduled_call(pw)
    context = ok(pw, "p2p_session_get_context", acting_as=SLEEP_SURGEON, request_id=request_id)
    assert context["agent_side"] == "provider" and context["request"]["status"] == "scheduled"
    assert context["session"]["started"] is False and context["transcript"] == [] and context["opening_statement"]
    assert context["counterpart"]["worker_id"] == "WKR-MD-02"
    refused(pw, "p2p_session_get_context", {"acting_as": LSSP, "request_id": request_id}, error="not_authorized", field="acting_as")  # the coordinator does not hold a seat on the call
    refused(pw, "p2p_session_submit_summary", {"acting_as": SLEEP_SURGEON, "request_id": request_id,
                                               "summary": "Nothing was discussed on this call.",
                                               "proposed_outcome": "uphold_adverse"}, error="conflict", field="request_id")
    refused(pw, "p2p_session_send_turn", {"acting_as": SLEEP_SURGEON, "request_id": request_id,
                                          "message": f"hello {STOP_TOKEN}"}, error="invalid_input", field="message")

    first = ok(pw, "p2p_session_send_turn", acting_as=SLEEP_SURGEON, request_id=request_id,
               message="Are the other criteria met? What would you need for a new request?")
    assert first["turn_number"] == 3 and first["agent_turns"] == 1 and first["counterpart_response"]
    last = ok(pw, "p2p_session_send_turn", acting_as=SLEEP_SURGEON, request_id=request_id,
              message="We will repeat the attended study. Thank you for your time.")
    assert last["ended"] is True and last["turns_left"] == last["turn_limit"] - 2
    with pw.read() as s:
        assert s.get(P2PRequest, request_id).status == "in_session"
        speakers = [t.speaker for t in s.scalars(select(P2PTurn).where(P2PTurn.session_id == first["session_id"])
                                                 .order_by(P2PTurn.turn_number))]
    assert speakers == ["counterpart", "agent", "counterpart", "agent", "counterpart"]
    transcript = ok(pw, "p2p_session_get_context", acting_as=SLEEP_SURGEON, request_id=request_id)["transcript"]
    assert [t["turn_number"] for t in transcript] == [1, 2, 3, 4, 5]

    done = ok(pw, "p2p_session_submit_summary", acting_as=SLEEP_SURGEON, request_id=request_id,
              summary="The reviewer upholds on the central-apnea criterion; we will repeat the attended study.",
              proposed_outcome="uphold_adverse")
    assert done["finalized"] is True and done["proposed_outcome"] == "uphold_adverse"
    with pw.read() as s:
        session = s.get(P2PSession, first["session_id"])
        assert session.finalized and session.summary.startswith("The reviewer upholds")
        request = s.get(P2PRequest, request_id)
        assert request.status == "completed" and request.outcome == done["payer_outcome"]
    refused(pw, "p2p_session_send_turn", {"acting_as": SLEEP_SURGEON, "request_id": request_id,
                                          "message": "One more thing."}, error="conflict", field="request_id")


# ------------------------------------------------------------------------------------ appeals
def _denied_by_the_payer(world: World) -> tuple[str, str]:
    """A sleeve-gastrectomy request worked by the payer to an MD denial (Determination recorded)."""
    case_id = apply_overlay(world, OverlaySpec(kind="um_pickup", service="sleeve_gastrectomy",
                                               stage="md_review"))["case_id"]
    seed = load_file(SEED_ROOT / "services" / "sleeve_gastrectomy.yaml", ServiceCaseFile)
    cite = seed.payer_policy.criteria[0].citation
    md_review.submit_md_case_decision(world, acting_as="WKR-MD-01", case_id=case_id, decision="deny",
                                      rationale="Criteria not met.", signed_off=True,
                                      denial_rationale="The submitted records do not meet the cited criterion.",
                                      policy_citations=[cite])
    determination.finalize(world, acting_as="WKR-MD-01", case_id=case_id, decision="denied",
                           rationale="Criteria not met.", policy_citations=[cite])
    return case_id, cite


def test_internal_then_external_appeal(pw: World) -> None:
    case_id, cite = _denied_by_the_payer(pw)
    assert case_status(pw, case_id) == "denied"
    refused(pw, "auth_file_external_appeal", {"acting_as": LSSP, "case_id": case_id, "rationale": "IRO please"}, error="conflict", field="case_id")
    refused(pw, "auth_file_appeal", {"acting_as": RMG, "case_id": case_id, "rationale": "x"}, error="not_authorized")
    chart_doc = ok(pw, "docs_list_case_documents", acting_as=LSSP, case_id=case_id)["documents"][0]["id"]
    filed = ok(pw, "auth_file_appeal", acting_as=LSSP, case_id=case_id, document_ids=[chart_doc],
               rationale="The supervised program is documented in the attached note.")
    assert filed["level"] == "internal" and filed["status"] == "filed"
    assert "original_reviewer_id" not in filed and "assigned_reviewer_id" not in filed
    with pw.read() as s:
        assert s.get(PACase, case_id).status == "appealed"
        copy = s.get(Document, filed["document_ids"][0])
        assert (copy.side, copy.copied_from) == ("payer", chart_doc)
    refused(pw, "auth_file_appeal", {"acting_as": LSSP, "case_id": case_id, "rationale": "again"}, error="illegal_transition")

    appeals.assign_reviewer(pw, acting_as="WKR-INT-01", appeal_id=filed["id"], reviewer_id="WKR-AMD-01")
    appeals.decide(pw, acting_as="WKR-AMD-01", appeal_id=filed["id"], outcome="upheld", rationale="Still not met.",
                   policy_citations=[cite])
    external = ok(pw, "auth_file_external_appeal", acting_as=LSSP, case_id=case_id,
                  rationale="Requesting independent review of the medical necessity denial.")
    assert external["level"] == "external" and external["status"] == "filed"
    with pw.read() as s:
        assert s.get(PACase, case_id).status == "external_appealed"
        assert s.scalar(select(func.count()).select_from(Appeal).where(Appeal.case_id == case_id)) == 2
    assert ok(pw, "cases_get_case", acting_as=LSSP, case_id=case_id)["appeals"][1]["level"] == "external"


# ------------------------------------------------------------------------------------ people
def test_directory_tools(pw: World) -> None:
    everyone = ok(pw, "people_list_contacts", acting_as=RMG)
    n = len(everyone["contacts"])
    assert everyone["total"] > 50 and everyone["limit"] == 20 and n == 20 and everyone["next_offset"] == 20
    big = ok(pw, "people_list_contacts", acting_as=RMG, limit=100)  # stops where the result budget is reached
    assert 20 < len(big["contacts"]) < 100 and big["next_offset"] == len(big["contacts"]) and big["page_note"]
    second = ok(pw, "people_list_contacts", acting_as=RMG, offset=big["next_offset"], limit=10)
    assert second["contacts"][0] not in big["contacts"] and big["contacts"][:20] == everyone["contacts"]
    nurses = ok(pw, "people_list_contacts", acting_as=RMG, role="um_nurse", limit=100)
    assert nurses["total"] >= 1 and {c["role"] for c in nurses["contacts"]} == {"um_nurse"}
    ordering = ok(pw, "people_list_ordering_providers", acting_as=RMG, org_id="ORG-RMG", limit=100)
    assert ordering["total"] >= 1 and {c["org_id"] for c in ordering["providers"]} == {"ORG-RMG"}
    assert CARDIOLOGIST in {c["id"] for c in ordering["providers"]}
    assert all(c["npi"] for c in ordering["providers"] if c["role"] == "physician")
    reviewers = ok(pw, "people_list_reviewer_contacts", acting_as=RMG, limit=100)
    assert {c["role"] for c in reviewers["reviewers"]} == {"um_nurse", "medical_director", "appeals_medical_director"}
    amds = ok(pw, "people_list_reviewer_contacts", acting_as=RMG, required_role="appeals_medical_director")
    assert {c["role"] for c in amds["reviewers"]} == {"appeals_medical_director"}
    refused(pw, "people_list_contacts", {"acting_as": RMG, "role": "system"}, error="invalid_input", field="role")
    refused(pw, "people_list_contacts", {"acting_as": RMG, "limit": 1000}, error="invalid_input", field="limit")
    refused(pw, "people_list_ordering_providers", {"acting_as": RMG, "org_id": "ORG-KMHP"}, error="invalid_input", field="org_id")
    refused(pw, "people_list_reviewer_contacts", {"acting_as": RMG, "required_role": "physician"}, error="invalid_input", field="required_role")


def test_every_provider_tool_is_called_in_this_module() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    calls = source.split("PAPER_PROVIDER_TOOLS = [", 1)[1].split("]", 1)[1]
    assert [n for n in PAPER_PROVIDER_TOOLS if f'"{n}"' not in calls] == []
