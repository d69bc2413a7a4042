"""Provider PA services: EHR, PA workbench + inbox, document vault + forms, submission portal, directory.

Every refusal is checked to leave the world byte-for-byte unchanged (export digest: all tables,
clock, id counters and event log).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from chibench.world.apps.directory import services as directory
from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr import services as ehr
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.submission_portal import services as sp
from chibench.world.apps.submission_portal.models import FaxPage, SubmissionPacket
from chibench.world.core.db import StateTransition
from chibench.world.core.errors import (
    AuthorityError,
    ChannelRejected,
    Conflict,
    IllegalTransition,
    InvalidInput,
    NotFound,
    UnknownActor,
)
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import (
    AMD,
    CM,
    DRAFT_LMN,
    FD,
    FORM_ID,
    GOOD_ANSWERS,
    HIDDEN_DENY,
    HIDDEN_MARKER,
    IMAGING,
    MD,
    NOTE,
    NP,
    NURSE,
    ORDER,
    ORDER_EXPEDITED,
    ORDER_NP,
    ORDER_OTHER,
    OTHER_NOTE,
    OTHER_PATIENT,
    PAC,
    PAC_OTHER,
    PATIENT,
    PAYER_DOC,
    PCP,
    POLICY_REF,
    ProviderOptions,
    build_provider_world,
    open_checked,
    ready_case,
    sufficient_findings,
)


@pytest.fixture()
def w() -> Iterator[World]:
    world = build_provider_world()
    yield world
    world.close()


def case_row(world: World, case_id: str) -> PACase:
    with world.read() as s:
        c = s.get(PACase, case_id)
        assert c is not None
        s.expunge(c)  # keep the loaded values after the read session rolls back
        return c


def submit(world: World, case_id: str, bundle: str, channel: str = "portal", **kw: Any) -> dict[str, Any]:
    return sp.submit_authorization(world, acting_as=PAC, case_id=case_id, channel=channel, bundle_document_id=bundle,
                                   **kw)


# =========================================================================================== EHR
def test_search_by_name_member_id_and_dob(w: World) -> None:
    rows = ehr.search_patients(w, acting_as=PAC, query="testw")
    assert [r["patient_id"] for r in rows] == [PATIENT]
    assert rows[0]["coverages"][0]["member_id"] == "KMH100000001"
    assert [r["patient_id"] for r in ehr.search_patients(w, acting_as=PAC, query="100000001")] == [PATIENT]
    assert ehr.search_patients(w, acting_as=PAC, query="ada testwell", birth_date="1970-03-04")
    assert ehr.search_patients(w, acting_as=PAC, query="testwell", birth_date="1971-03-04") == []
    # the other group's patient is not in Riverbend's EHR, but is in Northpoint's
    assert ehr.search_patients(w, acting_as=PAC, query="khalil") == []
    assert [r["patient_id"] for r in ehr.search_patients(w, acting_as=PAC_OTHER, query="khalil")] == [OTHER_PATIENT]
    assert len(ehr.search_patients(w, acting_as=PAC, query="KMH", limit=1)) == 1


def test_search_refusals(w: World) -> None:
    with refused(w, InvalidInput, field="query"):
        ehr.search_patients(w, acting_as=PAC, query="a")
    with refused(w, InvalidInput, field="limit"):
        ehr.search_patients(w, acting_as=PAC, query="test", limit=0)
    with refused(w, InvalidInput, field="birth_date"):
        ehr.search_patients(w, acting_as=PAC, query="test", birth_date="03/04/1970")
    with refused(w, UnknownActor, field="acting_as"):
        ehr.search_patients(w, acting_as="WKR-NOBODY", query="test")
    with refused(w, AuthorityError, field="acting_as"):
        ehr.search_patients(w, acting_as=CM, query="test")
    with refused(w, AuthorityError):
        ehr.search_patients(w, acting_as=NURSE, query="test")


def test_candidate_orders_newest_first(w: World) -> None:
    orders = ehr.list_candidate_orders(w, acting_as=PAC, patient_id=PATIENT)
    assert [o["id"] for o in orders] == [ORDER_EXPEDITED, ORDER, ORDER_NP]
    assert orders[0]["ordering_provider"]["npi"] == "1700025947"
    assert orders[1]["cases"] == []
    open_checked(w)
    assert ehr.list_candidate_orders(w, acting_as=PAC, patient_id=PATIENT)[1]["cases"][0]["status"] \
        == "requirement_checked"
    with refused(w, NotFound, field="patient_id"):
        ehr.list_candidate_orders(w, acting_as=PAC, patient_id=OTHER_PATIENT)


def test_chart_sections_and_provider_side_only(w: World) -> None:
    chart = ehr.get_patient_chart(w, acting_as=PAC, patient_id=PATIENT)
    for key in ("patient", "coverages", "conditions", "encounters", "observations", "medications", "procedures",
                "allergies", "documents", "prior_pa_cases"):
        assert key in chart
    assert chart["patient"]["age"] == 56
    assert chart["coverages"][0]["active_on"]["active"] is True
    ids = {d["id"] for d in chart["documents"]}
    assert {NOTE, IMAGING, DRAFT_LMN} <= ids and PAYER_DOC not in ids
    assert all("body" not in d for d in chart["documents"])
    with refused(w, NotFound):
        ehr.get_patient_chart(w, acting_as=PAC, patient_id="PAT-NOPE")


def test_chart_observation_pagination_and_budget() -> None:
    world = build_provider_world(ProviderOptions(extra_observations=6000))
    chart = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT)
    assert len(json.dumps(chart)) < 100_000
    meta = chart["observations_meta"]
    assert meta["total_in_chart"] == 6000 and meta["returned"] == 12  # 4 codes × latest 3
    assert {c["loinc"]: c["count"] for c in meta["codes"]} == {"8480-6": 1500, "8462-4": 1500, "4548-4": 1500,
                                                              "39156-5": 1500}
    # latest first per code
    bp = [o for o in chart["observations"] if o["loinc"] == "8480-6"]
    assert bp == sorted(bp, key=lambda o: o["date"], reverse=True)
    window = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=100,
                                   observations_since="2024-01-01", observations_until="2024-01-31",
                                   loinc_codes=["8480-6"])
    assert window["observations"] and all(o["loinc"] == "8480-6" and "2024-01-01" <= o["date"] <= "2024-01-31"
                                          for o in window["observations"])
    big = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=100)
    assert len(json.dumps(big)) < 100_000
    with refused(world, InvalidInput, field="observations_per_code"):
        ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=101)
    with refused(world, InvalidInput, field="observations_since"):
        ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_since="2025-01-01",
                              observations_until="2024-01-01")


# =================================================================================== workbench
def test_create_from_order(w: World) -> None:
    out = wb.create_from_order(w, acting_as=PAC, order_id=ORDER)
    c = out["case"]
    assert c["status"] == "draft" and c["coverage_id"] == "COV-TST" and c["plan_id"] == "PLN-IL-COM"
    assert c["requesting_worker_id"] == PCP and c["requested_start"] == "2026-10-20" and c["urgency"] == "standard"
    assert [(ln["code"], ln["units"], ln["modifier"]) for ln in out["lines"]] == [("73721", 1, "RT")]
    assert [a["action"] for a in out["next_actions"]] == ["check_requirement"]
    assert out["status_history"][0]["to"] == "draft"


def test_create_from_order_refusals(w: World) -> None:
    with refused(w, AuthorityError, field="acting_as"):
        wb.create_from_order(w, acting_as=PAC_OTHER, order_id=ORDER)  # not the ordering organization
    with refused(w, AuthorityError, field="acting_as"):
        wb.create_from_order(w, acting_as=FD, order_id=ORDER)  # front desk does not work PA cases
    with refused(w, AuthorityError):
        wb.create_from_order(w, acting_as=NURSE, order_id=ORDER)  # payer staff
    with refused(w, UnknownActor):
        wb.create_from_order(w, acting_as="WKR-GHOST", order_id=ORDER)
    with refused(w, NotFound, field="order_id"):
        wb.create_from_order(w, acting_as=PAC, order_id="SR-NOPE")
    wb.create_from_order(w, acting_as=PAC, order_id=ORDER)
    with refused(w, Conflict, field="order_id"):
        wb.create_from_order(w, acting_as=PAC, order_id=ORDER)  # one open case per order


def test_coverage_resolved_on_order_date_and_inactive_on_date_of_service() -> None:
    world = build_provider_world(ProviderOptions(coverage_ends=dt.date(2026, 10, 10)))
    case_id, bundle = ready_case(world)
    assert case_row(world, case_id).coverage_id == "COV-TST"  # active on the order date 2026-10-01
    assert wb.get_case(world, acting_as=PAC, case_id=case_id)["requirement_checks"][0]["coverage_active"] is False
    out = submit(world, case_id, bundle)
    assert out["status"] == "denied" and out["payer_reply"]["basis"] == "administrative"
    assert "appeal_deadline" in out["payer_reply"]


def test_check_requirement_publishes_only_what_the_plan_publishes(w: World) -> None:
    case_id = wb.create_from_order(w, acting_as=PAC, order_id=ORDER)["case"]["id"]
    r = wb.check_requirement(w, acting_as=PAC, case_id=case_id)
    assert r["status"] == "requirement_checked" and r["pa_required"] is True and r["in_network"] is True
    assert r["required_document_kinds"] == ["chart_note", "imaging_report"]
    assert r["questionnaire_form_id"] == FORM_ID and r["policy_reference"] == POLICY_REF
    everything = json.dumps([r, wb.get_case(w, acting_as=PAC, case_id=case_id),
                             docs.list_required_forms(w, acting_as=PAC, case_id=case_id)])
    for secret in (HIDDEN_MARKER, HIDDEN_DENY, "complete_outcome", "evidence_requirements", "HPOL-TST",
                   "required_diagnosis_prefixes", "criteria"):
        assert secret not in everything
    with refused(w, IllegalTransition):
        wb.check_requirement(w, acting_as=PAC, case_id=case_id)  # done once
    with refused(w, AuthorityError):
        wb.check_requirement(w, acting_as=PAC_OTHER, case_id=case_id)
    with refused(w, NotFound, field="case_id"):
        wb.check_requirement(w, acting_as=PAC, case_id="CASE-9999")


def test_out_of_network_and_not_required() -> None:
    world = build_provider_world(ProviderOptions(pa_required=False))
    case_id = wb.create_from_order(world, acting_as=PAC_OTHER, order_id=ORDER_OTHER)["case"]["id"]
    r = wb.check_requirement(world, acting_as=PAC_OTHER, case_id=case_id)
    assert r["in_network"] is False and r["pa_required"] is False and r["questionnaire_form_id"] is None
    assert docs.list_required_forms(world, acting_as=PAC_OTHER, case_id=case_id) == []


def test_finalize_dispositions(w: World) -> None:
    case_id = open_checked(w)
    out = wb.finalize_provider_determination(
        w, acting_as=PAC, case_id=case_id, final_action="gather_more_evidence", rationale="no therapy trial",
        clinician_request="Document the supervised therapy course (dates, visits).",
        document_findings=[{"kind": "chart_note", "status": "present_insufficient", "document_ids": [NOTE],
                            "note": "no dated therapy course"},
                           {"kind": "imaging_report", "status": "absent", "document_ids": [], "note": "none on file"}])
    assert out["case"]["case"]["status"] == "docs_needed"
    assert out["provider_determination"]["document_findings"][1] == {
        "kind": "imaging_report", "status": "absent", "document_ids": [], "note": "none on file"}
    with refused(w, IllegalTransition):  # docs_needed → docs_needed is not a move
        wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="gather_more_evidence",
                                           document_findings=sufficient_findings(), rationale="x",
                                           clinician_request="y")
    out = wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="do_not_submit",
                                             document_findings=sufficient_findings(), rationale="patient declined")
    assert out["case"]["case"]["status"] == "closed" and out["case"]["case"]["closed_reason"] == "patient declined"


@pytest.mark.parametrize("change,field", [
    ({"final_action": "submit"}, "final_action"),
    ({"rationale": "  "}, "rationale"),
    ({"final_action": "gather_more_evidence"}, "clinician_request"),
    ({"document_findings": sufficient_findings()[:1]}, "document_findings"),
    ({"document_findings": sufficient_findings() + sufficient_findings()[:1]}, "document_findings[2].kind"),
    ({"document_findings": [{**sufficient_findings()[0], "status": "ok"}, sufficient_findings()[1]]},
     "document_findings[0].status"),
    ({"document_findings": [{**sufficient_findings()[0], "document_ids": [IMAGING]}, sufficient_findings()[1]]},
     "document_findings[0].document_ids"),
    ({"document_findings": [{**sufficient_findings()[0], "document_ids": [OTHER_NOTE]}, sufficient_findings()[1]]},
     "document_findings[0].document_ids"),
    ({"document_findings": [{**sufficient_findings()[0], "document_ids": []}, sufficient_findings()[1]]},
     "document_findings[0].document_ids"),
    ({"document_findings": [{"kind": "chart_note", "status": "absent", "document_ids": [NOTE], "note": "x"},
                            sufficient_findings()[1]]}, "document_findings[0].document_ids"),
    ({"document_findings": [{"kind": "chart_note", "status": "absent", "document_ids": [], "note": ""},
                            sufficient_findings()[1]]}, "document_findings[0].note"),
    ({"document_findings": [{**sufficient_findings()[0], "score": 3}, sufficient_findings()[1]]},
     "document_findings[0]"),
    ({"document_findings": [{"kind": "questionnaire", "status": "absent", "document_ids": [], "note": "x"}]},
     "document_findings[0].kind"),
])
def test_finalize_refusals_name_the_field(w: World, change: dict[str, Any], field: str) -> None:
    case_id = open_checked(w)
    args = {"final_action": "submit_pa", "document_findings": sufficient_findings(), "rationale": "ok", **change}
    with refused(w, InvalidInput, field=field):
        wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, **args)


def test_finalize_needs_requirement_check_and_role(w: World) -> None:
    case_id = wb.create_from_order(w, acting_as=PAC, order_id=ORDER)["case"]["id"]
    with refused(w, Conflict):
        wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                           document_findings=sufficient_findings(), rationale="x")
    wb.check_requirement(w, acting_as=PAC, case_id=case_id)
    with refused(w, AuthorityError):
        wb.finalize_provider_determination(w, acting_as=FD, case_id=case_id, final_action="submit_pa",
                                           document_findings=sufficient_findings(), rationale="x")


def test_get_case_next_actions_and_list_cases(w: World) -> None:
    standard, bundle = ready_case(w)
    expedited = wb.create_from_order(w, acting_as=PAC, order_id=ORDER_EXPEDITED)["case"]["id"]
    g = wb.get_case(w, acting_as=PAC, case_id=standard)
    targets = {(a["action"], a["to_status"]) for a in g["next_actions"]}
    assert ("submit_authorization", "submitted") in targets
    assert ("finalize_provider_determination", "docs_needed") in targets
    assert ("finalize_provider_determination", "closed") in targets
    assert [c["case_id"] for c in wb.list_cases(w, acting_as=PAC)] == [expedited, standard]
    assert wb.list_cases(w, acting_as=PAC_OTHER) == []
    assert [c["case_id"] for c in wb.list_cases(w, acting_as=PAC, status="ready_to_submit")] == [standard]
    with refused(w, InvalidInput, field="status"):
        wb.list_cases(w, acting_as=PAC, status="pending")
    with refused(w, AuthorityError):
        wb.get_case(w, acting_as=PAC_OTHER, case_id=standard)
    submit(w, standard, bundle)
    assert wb.get_case(w, acting_as=PAC, case_id=standard)["next_actions"] == []  # approved: nothing to do
    before = w.now()
    wb.get_case(w, acting_as=PAC, case_id=standard)
    wb.check_status(w, acting_as=PAC, case_id=standard)
    assert w.now() == before  # reads do not move the clock


# ======================================================================================= inbox
def test_inbox_read_stamps_once(w: World) -> None:
    case_id, bundle = ready_case(w)
    submit(w, case_id, bundle)
    msgs = wb.list_messages(w, acting_as=PAC)
    assert len(msgs) == 1 and msgs[0]["unread"] and msgs[0]["kind"] == "approval_letter" and "body" not in msgs[0]
    assert wb.list_messages(w, acting_as=PAC_OTHER) == []
    t0 = w.now()
    m = wb.read_message(w, acting_as=PAC, message_id=msgs[0]["id"])
    assert "AUTH-CASE-0001-0001" in m["body"] and m["read_at"] is not None and w.now() > t0
    again = wb.read_message(w, acting_as=PCP, message_id=msgs[0]["id"])
    assert again["read_at"] == m["read_at"]
    assert wb.list_messages(w, acting_as=PAC, unread_only=True) == []
    with refused(w, AuthorityError):
        wb.read_message(w, acting_as=PAC_OTHER, message_id=msgs[0]["id"])
    with refused(w, NotFound, field="message_id"):
        wb.read_message(w, acting_as=PAC, message_id="MSG-9999")


# ====================================================================================== vault
def test_upload_signing_rules(w: World) -> None:
    case_id = open_checked(w)
    d = docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="letter_of_medical_necessity", title="LMN",
                             body="Letter drafted by the coordinator.")
    assert d["signed"] is False and d["author_worker_id"] == PAC and d["clinician_signed"] is False
    with refused(w, AuthorityError, field="sign"):
        docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="chart_note", title="x", body="y", sign=True)
    d = docs.upload_evidence(w, acting_as=PCP, case_id=case_id, kind="letter_of_medical_necessity", title="LMN",
                             body="I attest the patient completed supervised physical therapy.", sign=True)
    assert d["signed"] and d["signed_by"] == PCP and d["clinician_signed"]
    with refused(w, InvalidInput, field="kind") as info:
        docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="approval_letter", title="x", body="y")
    assert "chart_note" in info.value.allowed
    with refused(w, InvalidInput, field="body"):
        docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="chart_note", title="x", body="")
    with refused(w, AuthorityError):
        docs.upload_evidence(w, acting_as=PAC_OTHER, case_id=case_id, kind="chart_note", title="x", body="y")


PDF = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40


def test_upload_file_stores_hash_size_and_mime(w: World) -> None:
    case_id = open_checked(w)
    d = docs.upload_evidence_file(w, acting_as=PAC, case_id=case_id, kind="imaging_report", title="Outside MRI",
                                  filename="mri.pdf", mime_type="application/pdf",
                                  content_base64=base64.b64encode(PDF).decode(),
                                  description="Outside MRI report from Lakeshore Imaging, 2026-09-12, 2 pages.")
    assert d["details"] == {"binary": True, "filename": "mri.pdf", "mime_type": "application/pdf",
                            "byte_count": len(PDF), "sha256": hashlib.sha256(PDF).hexdigest()}
    assert d["body"].startswith("Outside MRI report") and d["signed"] is False
    got = docs.get_document(w, acting_as=PAC, document_id=d["id"])
    assert got["details"]["sha256"] == hashlib.sha256(PDF).hexdigest()


@pytest.mark.parametrize("mime,content,field", [
    ("text/plain", base64.b64encode(PDF).decode(), "mime_type"),
    ("application/pdf", "not base64!!", "content_base64"),
    ("application/pdf", "", "content_base64"),
    ("application/pdf", base64.b64encode(PNG).decode(), "content_base64"),  # bytes are a PNG
    ("image/png", "iVBORw0KGgo", "content_base64"),  # bad padding
])
def test_upload_file_refusals(w: World, mime: str, content: str, field: str) -> None:
    case_id = open_checked(w)
    with refused(w, InvalidInput, field=field):
        docs.upload_evidence_file(w, acting_as=PAC, case_id=case_id, kind="imaging_report", title="x",
                                  filename="f.bin", mime_type=mime, content_base64=content,
                                  description="a short description of the file")


def test_upload_file_size_cap(w: World, monkeypatch: pytest.MonkeyPatch) -> None:
    case_id = open_checked(w)
    monkeypatch.setattr(docs, "MAX_UPLOAD_BYTES", 16)
    with refused(w, InvalidInput, field="content_base64"):
        docs.upload_evidence_file(w, acting_as=PAC, case_id=case_id, kind="imaging_report", title="x",
                                  filename="a.pdf", mime_type="application/pdf",
                                  content_base64=base64.b64encode(PDF).decode(), description="too big for the cap")


def test_documents_listing_and_access(w: World) -> None:
    case_id = open_checked(w)
    ids = [d["id"] for d in docs.list_case_documents(w, acting_as=PAC, case_id=case_id)]
    assert {NOTE, IMAGING, DRAFT_LMN} <= set(ids) and PAYER_DOC not in ids and OTHER_NOTE not in ids
    assert docs.get_document(w, acting_as=PAC, document_id=NOTE)["body"].startswith("Orthopedic office note")
    with refused(w, NotFound, field="document_id"):
        docs.get_document(w, acting_as=PAC, document_id=PAYER_DOC)
    with refused(w, NotFound, field="document_id"):
        docs.get_document(w, acting_as=PAC, document_id=OTHER_NOTE)  # not in Riverbend's EHR


def test_bundle_validation(w: World) -> None:
    draft = wb.create_from_order(w, acting_as=PAC, order_id=ORDER)["case"]["id"]
    with refused(w, Conflict):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[NOTE])
    wb.check_requirement(w, acting_as=PAC, case_id=draft)
    with refused(w, InvalidInput, field="document_ids"):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[NOTE, OTHER_NOTE])
    with refused(w, NotFound, field="document_ids"):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[PAYER_DOC])
    with refused(w, InvalidInput, field="document_ids"):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[NOTE, NOTE])
    with refused(w, InvalidInput, field="document_ids"):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[])
    b = docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[NOTE, IMAGING], note="cover")
    assert b["kind"] == "submission_bundle" and b["details"]["document_ids"] == [NOTE, IMAGING]
    assert NOTE in b["body"] and "KMH100000001" in b["body"]
    with refused(w, InvalidInput, field="document_ids"):
        docs.create_submission_bundle(w, acting_as=PAC, case_id=draft, document_ids=[b["id"]])
    assert case_row(w, draft).status == "requirement_checked"


def test_forms_save_merge_validate(w: World) -> None:
    case_id = open_checked(w)
    [form] = docs.list_required_forms(w, acting_as=PAC, case_id=case_id)
    assert form["form_id"] == FORM_ID and form["status"] == "not_started"
    assert [q["key"] for q in form["questions"]] == ["therapy_weeks", "mechanical_symptoms", "laterality"]
    assert form["questions"][2]["choices"] == ["left", "right", "bilateral"]
    f = docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID,
                                answers={"therapy_weeks": 8, "laterality": "up"})
    assert f["status"] == "incomplete"
    assert any("mechanical_symptoms" in p for p in f["problems"]) and any("laterality" in p for p in f["problems"])
    f = docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID,
                                answers={"mechanical_symptoms": True, "laterality": "right"})
    assert f["status"] == "complete" and f["answers"]["therapy_weeks"] == 8
    assert docs.validate_form(w, acting_as=PAC, case_id=case_id)["complete"] is True
    f = docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers={"laterality": None})
    assert f["status"] == "incomplete" and "laterality" not in f["answers"]
    with refused(w, InvalidInput, field="answers") as info:
        docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers={"bmi": 41})
    assert info.value.allowed == sorted(GOOD_ANSWERS)
    with refused(w, InvalidInput, field="form_id"):
        docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id="QNR-OTHER", answers={})
    with refused(w, InvalidInput, field="answers.therapy_weeks"):
        docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers={"therapy_weeks": [8]})


# ================================================================================= submission
def test_portal_refuses_incomplete_questionnaire(w: World) -> None:
    case_id, bundle = ready_case(w, answers={"therapy_weeks": "8"})
    with refused(w, ChannelRejected, field="channel") as info:
        submit(w, case_id, bundle, "portal")
    assert any("laterality" in p for p in info.value.details["problems"])
    with refused(w, ChannelRejected):
        submit(w, case_id, bundle, "api")
    out = submit(w, case_id, bundle, "portal", questionnaire_answers=GOOD_ANSWERS)  # explicit answers win
    assert out["status"] == "approved"


def test_edi_reject_codes(w: World) -> None:
    case_id, bundle = ready_case(w)
    with refused(w, ChannelRejected) as info:
        submit(w, case_id, bundle, "edi_278", questionnaire_answers=GOOD_ANSWERS)
    assert info.value.details["reject_codes"] == ["15"]
    np_case, np_bundle = ready_case(w, order=ORDER_NP)
    with refused(w, ChannelRejected) as info:
        submit(w, np_case, np_bundle, "edi_278")
    assert "79" in info.value.details["reject_codes"]  # requesting NP has no NPI
    with refused(w, ChannelRejected) as info:
        submit(w, np_case, np_bundle, "api")
    assert "79" in info.value.details["reject_codes"]


def test_edi_carries_no_answers_so_questionnaire_document_decides(w: World) -> None:
    case_id, bundle = ready_case(w)
    out = submit(w, case_id, bundle, "edi_278")
    assert out["warnings"] and out["status"] == "pended_action_required"
    assert any("questionnaire" in r for r in out["payer_reply"]["reasons"])
    q = docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="questionnaire", title="Payer questionnaire",
                             body="therapy_weeks: 8\nmechanical_symptoms: yes\nlaterality: right\n")
    out = sp.respond_to_pend(w, acting_as=PAC, case_id=case_id, note="questionnaire attached", document_ids=[q["id"]])
    assert out["packet"]["channel"] == "edi_278" and out["status"] == "approved"


def test_submission_copies_documents_to_payer_side(w: World) -> None:
    case_id, bundle = ready_case(w)
    out = submit(w, case_id, bundle)
    assert "payer_document_ids" not in out["packet"]
    with w.read() as s:
        pkt = s.get(SubmissionPacket, out["packet"]["id"])
        assert pkt is not None and pkt.document_ids == [bundle, NOTE, IMAGING]
        copies = [s.get(Document, i) for i in pkt.payer_document_ids]
        assert [(c.side, c.copied_from, c.case_id) for c in copies] == [
            ("payer", bundle, case_id), ("payer", NOTE, case_id), ("payer", IMAGING, case_id)]
        assert copies[1].signed and copies[1].body.startswith("Orthopedic")
        copy_id = pkt.payer_document_ids[1]
    with refused(w, NotFound):
        docs.get_document(w, acting_as=PAC, document_id=copy_id)


def test_submit_refusals(w: World) -> None:
    case_id = open_checked(w)
    b = docs.create_submission_bundle(w, acting_as=PAC, case_id=case_id, document_ids=[NOTE, IMAGING])["id"]
    docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers=GOOD_ANSWERS)
    with refused(w, Conflict, field="case_id"):
        submit(w, case_id, b)  # requirement_checked: no disposition yet
    wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=sufficient_findings(), rationale="ready")
    with refused(w, InvalidInput, field="channel"):
        submit(w, case_id, b, "email")
    with refused(w, InvalidInput, field="bundle_document_id"):
        submit(w, case_id, NOTE)
    with refused(w, AuthorityError):
        sp.submit_authorization(w, acting_as=PAC_OTHER, case_id=case_id, channel="portal", bundle_document_id=b)
    submit(w, case_id, b)
    with refused(w, Conflict):
        submit(w, case_id, b)  # approved: no second submission


def _transitions(world: World, case_id: str) -> list[tuple[str | None, str, str]]:
    with world.read() as s:
        return [(t.from_state, t.to_state, t.actor_id) for t in s.scalars(
            select(StateTransition).where(StateTransition.entity_id == case_id).order_by(StateTransition.seq))]


def test_auto_approve() -> None:
    world = build_provider_world()
    case_id, bundle = ready_case(world)
    out = submit(world, case_id, bundle)
    c = case_row(world, case_id)
    assert c.status == "approved" and c.authorization_number == "AUTH-CASE-0001-0001"
    assert c.auth_valid_from == dt.date(2026, 10, 20) and c.auth_valid_to == dt.date(2027, 1, 18)
    with world.read() as s:
        assert [(ln.outcome, ln.approved_units) for ln in s.scalars(select(PALine))] == [("approved", 1)]
    # the payer's staff work the packet through the payer services, never as SYSTEM
    assert _transitions(world, case_id)[-3:] == [("ready_to_submit", "submitted", PAC),
                                                 ("submitted", "under_review", "WKR-INT-01"),
                                                 ("under_review", "approved", "WKR-MD-01")]
    status = wb.check_status(world, acting_as=PAC, case_id=case_id)
    assert status["authorization_number"] == "AUTH-CASE-0001-0001"
    assert status["messages"][0]["kind"] == "approval_letter"
    assert out["payer_reply"]["message_id"] == status["messages"][0]["id"]
    assert out["payer_reply"]["channel"] == "portal" and out["payer_reply"]["worked_by"][0] == "WKR-INT-01"


def test_auto_deny() -> None:
    world = build_provider_world(ProviderOptions(complete_outcome="deny"))
    case_id, bundle = ready_case(world)
    out = submit(world, case_id, bundle)
    assert out["status"] == "denied" and out["payer_reply"]["basis"] == "medical_necessity"
    assert out["payer_reply"]["appeal_deadline"].startswith("2027-04-04")  # 180 days, commercial
    assert any(a["action"] == "file_appeal" for a in wb.get_case(world, acting_as=PAC, case_id=case_id)["next_actions"])
    assert wb.check_status(world, acting_as=PAC, case_id=case_id)["messages"][0]["kind"] == "denial_letter"


def test_auto_pend_on_complete_packet_then_respond() -> None:
    world = build_provider_world(ProviderOptions(complete_outcome="pend"))
    case_id, bundle = ready_case(world)
    out = submit(world, case_id, bundle)
    c = case_row(world, case_id)
    assert c.status == "pended_action_required"
    assert c.pend_due_at == dt.datetime(2026, 10, 19, 23, 59, 59, tzinfo=dt.UTC)  # 14 days after the packet was opened
    msg = wb.check_status(world, acting_as=PAC, case_id=case_id)["messages"][0]
    assert msg["kind"] == "pend_letter" and "operative plan" in msg["body"]
    out = sp.respond_to_pend(world, acting_as=PAC, case_id=case_id, note="operative plan attached", document_ids=[])
    assert out["packet"]["sequence"] == 2 and out["status"] == "pended_action_required"  # policy pends again
    assert [t[:2] for t in _transitions(world, case_id)][-3:] == [("pended_action_required", "resubmitted"),
                                                                  ("resubmitted", "under_review"),
                                                                  ("under_review", "pended_action_required")]


def test_auto_p2p_invitation_and_slot_selection() -> None:
    world = build_provider_world(ProviderOptions(complete_outcome="p2p"))
    case_id, bundle = ready_case(world)
    out = submit(world, case_id, bundle)
    assert out["status"] == "under_review"
    rid = out["payer_reply"]["p2p_request_id"]
    with world.read() as s:
        req = s.get(P2PRequest, rid)
        assert req is not None and req.status == "slots_offered" and len(req.offered_slots) == 3
        slots = list(req.offered_slots)
    assert slots[0] == "2026-10-07T15:00:00Z"  # the business day after the MD's review, 15:00Z
    assert any(a["action"] == "respond_to_peer_to_peer"
               for a in wb.get_case(world, acting_as=PAC, case_id=case_id)["next_actions"])
    with refused(world, Conflict) as info:
        sp.request_peer_to_peer(world, acting_as=PAC, case_id=case_id)
    assert info.value.details["open_invitations"] == [rid] and "payer-initiated" in info.value.message
    with refused(world, InvalidInput, field="selected_slot"):
        sp.respond_to_peer_to_peer(world, acting_as=PAC, case_id=case_id, request_id=rid,
                                   selected_slot="2026-10-07T16:00:00Z")
    with refused(world, InvalidInput, field="selected_slot"):
        sp.respond_to_peer_to_peer(world, acting_as=PAC, case_id=case_id, request_id=rid, selected_slot="tomorrow")
    with refused(world, NotFound, field="request_id"):
        sp.respond_to_peer_to_peer(world, acting_as=PAC, case_id=case_id, request_id="P2P-9999",
                                   selected_slot=slots[1])
    r = sp.respond_to_peer_to_peer(world, acting_as=PCP, case_id=case_id, request_id=rid, selected_slot=slots[1],
                                   note="Dr. Haddad, cell 312-555-0111")
    assert r["status"] == "slot_selected" and r["selected_slot"] == slots[1]
    with refused(world, IllegalTransition):
        sp.respond_to_peer_to_peer(world, acting_as=PCP, case_id=case_id, request_id=rid, selected_slot=slots[2])


def test_p2p_slot_in_the_past_is_refused() -> None:
    world = build_provider_world(ProviderOptions(complete_outcome="p2p"))
    case_id, bundle = ready_case(world)
    rid = submit(world, case_id, bundle)["payer_reply"]["p2p_request_id"]
    world.advance(hours=48)
    with refused(world, Conflict, field="selected_slot"):
        sp.respond_to_peer_to_peer(world, acting_as=PAC, case_id=case_id, request_id=rid,
                                   selected_slot="2026-10-07T15:00:00Z")


def test_request_peer_to_peer_always_refused(w: World) -> None:
    case_id = open_checked(w)
    with refused(w, Conflict) as info:
        sp.request_peer_to_peer(w, acting_as=PAC, case_id=case_id)
    assert info.value.details["open_invitations"] == []


@pytest.mark.parametrize(("opts", "status"), [(ProviderOptions(pa_required=False), "closed"),
                                               (ProviderOptions(notification_only=True), "approved")])
def test_auto_no_auth_required_closes(opts: ProviderOptions, status: str) -> None:
    """PA not required → routed to the no-auth lane and closed; notification-only → approved without review
    (``rules.routing`` §3)."""
    world = build_provider_world(opts)
    case_id = open_checked(world)
    b = docs.create_submission_bundle(world, acting_as=PAC, case_id=case_id, document_ids=[NOTE])["id"]
    wb.finalize_provider_determination(world, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=[], rationale="submitting anyway")
    out = submit(world, case_id, b, "fax")
    assert out["status"] == status and case_row(world, case_id).status == status
    if status == "closed":
        assert out["payer_reply"]["outcome"] == "no_auth_required" and case_row(world, case_id).closed_reason
    else:
        assert wb.check_status(world, acting_as=PAC, case_id=case_id)["messages"][0]["kind"] == "approval_letter"


def test_not_a_covered_benefit_is_denied_administratively() -> None:
    world = build_provider_world(ProviderOptions(covered_benefit=False))
    case_id = open_checked(world)
    b = docs.create_submission_bundle(world, acting_as=PAC, case_id=case_id, document_ids=[NOTE])["id"]
    wb.finalize_provider_determination(world, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=[], rationale="x")
    out = submit(world, case_id, b, "fax")
    assert out["status"] == "denied" and out["payer_reply"]["basis"] == "administrative"


def test_unsigned_coordinator_evidence_pends_then_signed_note_approves(w: World) -> None:
    case_id = open_checked(w)
    weak = docs.upload_evidence(w, acting_as=PAC, case_id=case_id, kind="chart_note", title="Summary",
                                body="Coordinator summary: patient completed supervised physical therapy.")
    b = docs.create_submission_bundle(w, acting_as=PAC, case_id=case_id, document_ids=[weak["id"], IMAGING])["id"]
    docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers=GOOD_ANSWERS)
    wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=sufficient_findings(note=weak["id"]), rationale="x")
    out = submit(w, case_id, b)
    assert out["status"] == "pended_action_required"
    assert out["payer_reply"]["insufficient_kinds"] == ["chart_note"] and out["payer_reply"]["basis"] == "completeness"
    signed = docs.upload_evidence(w, acting_as=PCP, case_id=case_id, kind="chart_note", title="Addendum",
                                  body="Addendum: 8 weeks of supervised physical therapy, 16 visits.", sign=True)
    out = sp.respond_to_pend(w, acting_as=PAC, case_id=case_id, note="signed addendum", document_ids=[signed["id"]])
    assert out["status"] == "approved" and out["packet"]["channel"] == "portal"


def test_missing_kind_and_unsupported_note_pend() -> None:
    world = build_provider_world()
    case_id, bundle = ready_case(world, document_ids=[NOTE])  # no imaging report in the packet
    out = submit(world, case_id, bundle)
    assert out["payer_reply"]["missing_kinds"] == ["imaging_report"]
    world2 = build_provider_world()
    case2 = open_checked(world2)
    vague = docs.upload_evidence(world2, acting_as=PCP, case_id=case2, kind="chart_note", title="Note",
                                 body="Knee pain, MRI requested.", sign=True)
    b = docs.create_submission_bundle(world2, acting_as=PAC, case_id=case2, document_ids=[vague["id"], IMAGING])["id"]
    docs.save_form_response(world2, acting_as=PAC, case_id=case2, form_id=FORM_ID, answers=GOOD_ANSWERS)
    wb.finalize_provider_determination(world2, acting_as=PAC, case_id=case2, final_action="submit_pa",
                                       document_findings=sufficient_findings(note=vague["id"]), rationale="x")
    out = submit(world2, case2, b)
    assert out["payer_reply"]["insufficient_kinds"] == ["chart_note"]
    assert "supervised physical therapy" in out["payer_reply"]["reasons"][0]  # the payer says what is missing


def test_fax_unreadable_pages_pend_then_resend_approves(w: World) -> None:
    case_id = open_checked(w)
    long_note = docs.upload_evidence(w, acting_as=PCP, case_id=case_id, kind="progress_note", title="Therapy log",
                                     body=("Visit log. " * 2000)[:20_000], sign=True)  # 7 fax pages
    b = docs.create_submission_bundle(w, acting_as=PAC, case_id=case_id,
                                      document_ids=[NOTE, IMAGING, long_note["id"]])["id"]
    docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=FORM_ID, answers=GOOD_ANSWERS)
    wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=sufficient_findings(), rationale="x")
    out = submit(w, case_id, b, "fax")
    assert out["packet"]["id"] == "SUB-0001" and out["packet"]["structured"] == {}
    with w.read() as s:
        pages = [(p.page_number, p.readable) for p in s.scalars(select(FaxPage).order_by(FaxPage.page_number))]
    assert len(pages) == 10 and [n for n, ok in pages if not ok] == [8, 9]
    assert out["status"] == "pended_action_required" and out["payer_reply"]["basis"] == "channel"
    bad = [p["page_id"] for p in out["payer_reply"]["unreadable_pages"]]
    assert bad == ["SUB-0001-PG008", "SUB-0001-PG009"]
    msg = wb.check_status(w, acting_as=PAC, case_id=case_id)
    assert "SUB-0001-PG008" in msg["messages"][0]["body"] and len(msg["unreadable_fax_pages"]) == 2
    assert any(a["action"] == "resend_fax_pages" for a in msg["next_actions"])
    with refused(w, InvalidInput, field="page_ids"):
        sp.resend_fax_pages(w, acting_as=PAC, case_id=case_id, page_ids=["SUB-0001-PG001"])  # arrived readable
    with refused(w, NotFound, field="page_ids"):
        sp.resend_fax_pages(w, acting_as=PAC, case_id=case_id, page_ids=["SUB-0009-PG001"])
    out = sp.resend_fax_pages(w, acting_as=PAC, case_id=case_id, page_ids=bad)
    assert out["status"] == "approved" and out["packet"]["document_ids"] == [long_note["id"]]
    with w.read() as s:
        assert {p.resent_in_packet_id for p in s.scalars(select(FaxPage).where(FaxPage.id.in_(bad)))} == {"SUB-0002"}
        assert s.scalar(select(SubmissionPacket).where(SubmissionPacket.id == "SUB-0002")).payer_document_ids
    with refused(w, Conflict):
        sp.resend_fax_pages(w, acting_as=PAC, case_id=case_id, page_ids=bad)


def test_queue_mode_creates_payer_intake() -> None:
    world = build_provider_world(ProviderOptions(payer_mode="queue"))
    case_id, bundle = ready_case(world)
    out = submit(world, case_id, bundle, "api")
    assert out["status"] == "submitted" and out["payer_reply"]["outcome"] == "queued"
    with world.read() as s:
        intake = s.scalars(select(IntakeCase)).one()
        assert (intake.case_id, intake.status, intake.channel, intake.packet_id) == (
            case_id, "new", "api", out["packet"]["id"])
        assert intake.received_at == dt.datetime.fromisoformat(out["packet"]["submitted_at"].replace("Z", "+00:00"))
        assert intake.requesting_provider["npi"] == "1700025947" and intake.diagnoses[0]["code"] == "M25.561"
        assert intake.diagnoses[0]["is_primary"] and intake.auth_type == "op" and intake.urgency_level is None
        assert [(li.code, li.units) for li in s.scalars(select(IntakeLineItem))] == [("73721", 1)]
    assert wb.check_status(world, acting_as=PAC, case_id=case_id)["messages"] == []


def test_bad_payer_mode_setting_is_refused() -> None:
    world = build_provider_world(ProviderOptions(payer_mode="sometimes"))
    case_id, bundle = ready_case(world)
    with refused(world, InvalidInput, field="payer_mode"):
        submit(world, case_id, bundle)


# ================================================================================== directory
def test_directory(w: World) -> None:
    everyone = directory.list_contacts(w, acting_as=PAC)
    assert {c["role"] for c in everyone} >= {"physician", "um_nurse", "care_manager"}
    assert [c["id"] for c in directory.list_contacts(w, acting_as=PAC, role="medical_director")] == ["WKR-MD-02", MD]
    ordering = directory.list_ordering_providers(w, acting_as=PAC)
    assert {c["id"] for c in ordering} == {PCP, NP, "WKR-PCP-08"}
    assert {c["id"] for c in directory.list_ordering_providers(w, acting_as=PAC, org_id="ORG-RMG")} == {PCP, NP}
    assert {c["id"] for c in directory.list_reviewer_contacts(w, acting_as=PAC)} == {NURSE, MD, "WKR-MD-02", AMD}
    assert [c["id"] for c in directory.list_reviewer_contacts(w, acting_as=PAC, required_role="um_nurse")] == [NURSE]
    with refused(w, InvalidInput, field="role"):
        directory.list_contacts(w, acting_as=PAC, role="system")
    with refused(w, InvalidInput, field="required_role"):
        directory.list_reviewer_contacts(w, acting_as=PAC, required_role="physician")
    with refused(w, InvalidInput, field="org_id"):
        directory.list_ordering_providers(w, acting_as=PAC, org_id="ORG-KMHP")
    with refused(w, AuthorityError):
        directory.list_contacts(w, acting_as=CM)


# ================================================================= smoke test on the real base world
@pytest.fixture(scope="module")
def base() -> Iterator[World]:
    from chibench.world.build import build_base_world
    from chibench.world.seeds.loader import SeedError

    try:
        world = build_base_world(None)
    except SeedError as exc:  # seeds are authored concurrently; test_build_export reports build health
        pytest.skip(f"base world does not build right now: {str(exc)[:200]}")
    yield world
    world.close()


def test_every_seeded_order_opens_and_checks(base: World) -> None:
    from chibench.world.apps.directory.models import Worker
    from chibench.world.apps.ehr.models import ServiceRequest
    from chibench.world.apps.provider_common import PA_STAFF

    with base.read() as s:
        orders = [(o.id, o.org_id, o.patient_id) for o in s.scalars(select(ServiceRequest).order_by(ServiceRequest.id))]
        staff: dict[str, list[tuple[bool, str]]] = {}
        for wk in s.scalars(select(Worker)):
            if wk.role in PA_STAFF:
                staff.setdefault(wk.org_id, []).append((wk.role != "pa_coordinator", wk.id))
    assert orders
    for order_id, org, patient_id in orders:
        actor = sorted(staff[org])[0][1]
        chart = ehr.get_patient_chart(base, acting_as=actor, patient_id=patient_id)
        assert len(json.dumps(chart)) < 100_000, order_id
        case_id = wb.create_from_order(base, acting_as=actor, order_id=order_id)["case"]["id"]
        r = wb.check_requirement(base, acting_as=actor, case_id=case_id)
        assert r["status"] == "requirement_checked"
        forms = docs.list_required_forms(base, acting_as=actor, case_id=case_id)
        assert bool(forms) == bool(r["questionnaire_form_id"])
