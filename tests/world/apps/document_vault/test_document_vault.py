"""Document vault services: evidence upload and signing, file uploads, document access, submission bundles and
questionnaire forms.
"""

from __future__ import annotations

import base64
import hashlib

import pytest

from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import (
    DRAFT_LMN,
    FORM_ID,
    GOOD_ANSWERS,
    IMAGING,
    NOTE,
    ORDER,
    OTHER_NOTE,
    PAC,
    PAC_OTHER,
    PAYER_DOC,
    PCP,
    case_row,
    open_checked,
)


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
