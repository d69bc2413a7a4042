"""The ordering clinician answers a coordinator's documentation request (``pa_workbench.clinician``).

Driven on copies of the base world through the real services (and once through the provider tool):
PT continuation (PTX: the therapist supplies the scored LEFS addendum when asked for it) and the cardiac
event monitor (CEM: nothing can be supplied, the cardiologist answers in words).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from sqlalchemy import select

from chibench.world.apps.document_vault import services as vault
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.pa_workbench import clinician
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase
from chibench.world.apps.submission_portal import services as portal
from chibench.world.core import yamlio
from chibench.world.core.errors import DomainError
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.export import snapshot
from chibench.world.seeds.loader import SEED_ROOT, load_file
from chibench.world.seeds.schema import ClinicianReplySeed, ServiceCaseFile
from chibench.world.tools.dispatch import dispatch

PTX_PAC = "WKR-PAC-04"  # PA coordinator, Pacific Crest Physicians
CEM_PAC = "WKR-PAC-01"  # PA coordinator, Riverbend Medical Group
THERAPIST = "WKR-PTX-02"
SURGEON = "WKR-PTX-01"
CARDIOLOGIST = "WKR-CEM-01"
LEFS_REQUEST = ("Therapy note DOC-PTX-007 (09/11 re-evaluation) is present but insufficient: the LEFS was not "
                "re-administered, so there is no repeated score (KM-MP-OTH-001 §3.3). Please ask Ms. Morales to "
                "score the LEFS the patient completed and file a signed addendum.")
WRONG_REQUEST = "Please send a letter of medical necessity for the 12 additional visits."
PTX_FINDINGS = [{"kind": "therapy_note", "status": "present_insufficient", "document_ids": ["DOC-PTX-007"],
                 "note": "progress re-evaluation without the repeated LEFS score"},
                {"kind": "chart_note", "status": "present_sufficient", "document_ids": ["DOC-PTX-008"]}]


def _open(world: World, actor: str, order_id: str) -> str:
    case_id = wb.create_from_order(world, acting_as=actor, order_id=order_id)["case"]["id"]
    wb.check_requirement(world, acting_as=actor, case_id=case_id)
    return case_id


def _gather(world: World, case_id: str, request: str, *, actor: str = PTX_PAC,
            findings: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return wb.finalize_provider_determination(
        world, acting_as=actor, case_id=case_id, final_action="gather_more_evidence",
        document_findings=PTX_FINDINGS if findings is None else findings, rationale="held for the clinician",
        clinician_request=request)


def _replies(world: World, case_id: str) -> list[InboxMessage]:
    with world.read() as s:
        rows = list(s.scalars(select(InboxMessage).where(InboxMessage.case_id == case_id,
                                                         InboxMessage.kind == clinician.MESSAGE_KIND)
                              .order_by(InboxMessage.id)))
        s.expunge_all()  # keep the loaded values after the read session ends
        return rows


def _filed(world: World, case_id: str) -> list[Document]:
    with world.read() as s:
        rows = list(s.scalars(select(Document).where(Document.case_id == case_id, Document.origin == "clinical")))
        s.expunge_all()
        return rows


def _ptx_script() -> ClinicianReplySeed:
    script = load_file(SEED_ROOT / "services" / "pt_therapeutic_exercise.yaml", ServiceCaseFile).clinician_reply
    assert script is not None and script.supplies is not None
    return script


# ------------------------------------------------------------------------------------------ supplied
def test_matching_request_files_the_signed_document_and_tells_the_coordinator(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    before = world.now()
    out = _gather(world, case_id, LEFS_REQUEST)
    decided = dt.datetime.fromisoformat(out["provider_determination"]["decided_at"].replace("Z", "+00:00"))

    [doc] = _filed(world, case_id)
    assert (str(doc.kind), doc.author_worker_id, doc.signed, doc.signed_by) == ("therapy_note", THERAPIST, True,
                                                                                THERAPIST)
    assert doc.side == "provider" and doc.patient_id == "PAT-PTX" and doc.date == world.now().date()
    assert "LEFS 36/80" in doc.body and "{date}" not in doc.body and world.now().strftime("%m/%d/%Y") in doc.body
    [msg] = _replies(world, case_id)
    assert msg.audience == "provider" and msg.read_at is None and doc.id in msg.body
    assert msg.sender.startswith("Alicia Morales")
    assert msg.details == {"determination_id": out["provider_determination"]["id"], "from_worker_id": THERAPIST,
                           "outcome": clinician.FILED, "document_id": doc.id, "document_kind": "therapy_note"}
    # a separate, later world event: stamped the seed's interval after the request
    assert msg.sent_at == doc.created_at == world.now()
    assert msg.sent_at - decided == dt.timedelta(hours=_ptx_script().reply_after_hours)
    assert world.now() - before >= dt.timedelta(hours=4)
    # the disposition's answer already shows the reply and the filed document; the case waits in docs_needed
    assert out["case"]["case"]["status"] == "docs_needed"
    assert [m["id"] for m in out["case"]["messages"]] == [msg.id]
    assert doc.id in [d["id"] for d in out["case"]["case_documents"]]
    listed = vault.list_case_documents(world, acting_as=PTX_PAC, case_id=case_id)
    assert doc.id in [d["id"] for d in (listed["documents"] if isinstance(listed, dict) else listed)]


def test_the_addendum_completes_the_packet_and_the_payer_decides_on_medical_necessity(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    _gather(world, case_id, LEFS_REQUEST)
    [doc] = _filed(world, case_id)
    form = vault.list_required_forms(world, acting_as=PTX_PAC, case_id=case_id)[0]
    vault.save_form_response(world, acting_as=PTX_PAC, case_id=case_id, form_id=form["form_id"], answers={
        "visits_requested": 12, "visits_per_week": 2, "outcome_measure": "LEFS", "baseline_score": 31,
        "current_score": 36, "poc_certified_date": "2026-09-18"})
    wb.finalize_provider_determination(  # docs_needed → ready_to_submit is legal
        world, acting_as=PTX_PAC, case_id=case_id, final_action="submit_pa", rationale="addendum received",
        document_findings=[{"kind": "therapy_note", "status": "present_sufficient",
                            "document_ids": ["DOC-PTX-007", doc.id]},
                           {"kind": "chart_note", "status": "present_sufficient", "document_ids": ["DOC-PTX-008"]}])
    assert len(_replies(world, case_id)) == 1  # submit_pa asks the clinician nothing
    bundle = vault.create_submission_bundle(world, acting_as=PTX_PAC, case_id=case_id,
                                            document_ids=["DOC-PTX-008", "DOC-PTX-007", doc.id, "DOC-PTX-005"])
    out = portal.submit_authorization(world, acting_as=PTX_PAC, case_id=case_id, channel="portal",
                                      bundle_document_id=bundle["id"])
    # complete packet: the payer decides on the policy (LEFS +5 < the 9-point MCID of KM-MP-OTH-001 §3.4)
    assert out["payer_reply"]["outcome"] == "deny" and out["status"] == "denied"


# ------------------------------------------------------------------------------------------ not supplied
def test_non_matching_request_gets_the_otherwise_answer_and_no_document(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    out = _gather(world, case_id, WRONG_REQUEST)
    assert _filed(world, case_id) == []
    [msg] = _replies(world, case_id)
    assert msg.body == _ptx_script().otherwise
    assert msg.sender.startswith("Gregory Tanaka")  # the ordering clinician answers
    assert msg.details["outcome"] == clinician.NOT_SUPPLIED and "document_id" not in msg.details
    assert out["case"]["messages"][0]["id"] == msg.id


def test_every_pattern_must_match(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    _gather(world, case_id, "Please send the LEFS.")  # names the instrument but asks for nothing to be scored
    assert _filed(world, case_id) == []
    assert _replies(world, case_id)[0].details["outcome"] == clinician.NOT_SUPPLIED


def test_nothing_to_supply_the_clinician_answers_in_words(world: World) -> None:
    case_id = _open(world, CEM_PAC, "SR-CEM-001")
    _gather(world, case_id, "KM-MP-DX-002 §3.3: no Holter or patch recording is documented.", actor=CEM_PAC,
            findings=[])
    [msg] = _replies(world, case_id)
    assert msg.details["outcome"] == clinician.NOT_SUPPLIED and msg.details["from_worker_id"] == CARDIOLOGIST
    assert "never worn a Holter" in msg.body and _filed(world, case_id) == []


def test_no_script_no_reply(world: World) -> None:
    case_id = _open(world, "WKR-PAC-06", "SR-BRC-001")  # brca_testing has no clinician_reply block
    before = world.now()
    out = _gather(world, case_id, "Please re-sign the letter of medical necessity.", actor="WKR-PAC-06",
                  findings=[{"kind": "consult_note", "status": "present_sufficient", "document_ids": ["DOC-BRC-004"]},
                            {"kind": "letter_of_medical_necessity", "status": "present_insufficient",
                             "document_ids": ["DOC-BRC-007"], "note": "x"}])
    assert out["case"]["case"]["status"] == "docs_needed" and out["case"]["messages"] == []
    assert _replies(world, case_id) == [] and world.now() - before == dt.timedelta(minutes=2)
    assert clinician.reply_script("brca_testing") is None and clinician.reply_script("no_such_service") is None
    assert clinician.reply_script("../workers") is None


# ------------------------------------------------------------------------------------------ refusals
@pytest.mark.parametrize("change", [
    {"clinician_request": None},  # gather_more_evidence needs a request
    {"document_findings": PTX_FINDINGS[:1]},  # every required kind must be classified
    {"acting_as": "WKR-PAC-01"},  # another organization's coordinator
])
def test_refused_disposition_writes_nothing_and_gets_no_reply(world: World, change: dict[str, Any]) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    before = snapshot(world)["digest"]
    args: dict[str, Any] = {"acting_as": PTX_PAC, "case_id": case_id, "final_action": "gather_more_evidence",
                            "document_findings": PTX_FINDINGS, "rationale": "x", "clinician_request": LEFS_REQUEST,
                            **change}
    with pytest.raises(DomainError):
        wb.finalize_provider_determination(world, **args)
    assert snapshot(world)["digest"] == before


# ------------------------------------------------------------------------------------------ idempotency
def test_the_reply_is_idempotent_per_request(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    out = _gather(world, case_id, LEFS_REQUEST)
    [msg] = _replies(world, case_id)
    before = snapshot(world)["digest"]
    again = clinician.answer_request(world, determination_id=out["provider_determination"]["id"])
    assert again is not None and again["id"] == msg.id
    assert snapshot(world)["digest"] == before  # nothing written, the clock did not move


def test_a_second_request_does_not_file_a_second_document(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    _gather(world, case_id, LEFS_REQUEST)
    [doc] = _filed(world, case_id)
    wb.finalize_provider_determination(world, acting_as=PTX_PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=PTX_FINDINGS[1:] + [
                                           {"kind": "therapy_note", "status": "present_sufficient",
                                            "document_ids": [doc.id]}], rationale="ready")
    _gather(world, case_id, LEFS_REQUEST)  # ready_to_submit → docs_needed, asked again
    assert [d.id for d in _filed(world, case_id)] == [doc.id]
    first, second = _replies(world, case_id)
    assert second.details["outcome"] == clinician.ALREADY_FILED and second.details["document_id"] == doc.id
    assert first.details["determination_id"] != second.details["determination_id"]


def test_other_dispositions_are_not_requests(world: World) -> None:
    case_id = _open(world, PTX_PAC, "SR-PTX-001")
    out = wb.finalize_provider_determination(world, acting_as=PTX_PAC, case_id=case_id, final_action="do_not_submit",
                                             document_findings=PTX_FINDINGS, rationale="patient declined",
                                             clinician_request=LEFS_REQUEST)
    assert clinician.answer_request(world, determination_id=out["provider_determination"]["id"]) is None
    assert _replies(world, case_id) == [] and _filed(world, case_id) == []


# ------------------------------------------------------------------------------------------ hidden
def test_the_script_is_hidden_until_the_reply(world: World) -> None:
    set_identities(world, {"provider": [PTX_PAC]})
    script = _ptx_script()
    assert script.supplies is not None
    secret = "never scored into the chart"
    assert secret in (script.supplies.message or "")
    assert secret not in json.dumps(snapshot(world))  # not in the base world
    err, opened = dispatch(world, "provider", "cases_create_from_order", {"acting_as": PTX_PAC,
                                                                          "order_id": "SR-PTX-001"})
    assert not err
    case_id = opened["case"]["id"]
    reads = [("cases_get_case", {"case_id": case_id}), ("docs_list_case_documents", {"case_id": case_id}),
             ("chart_get_patient_chart", {"patient_id": "PAT-PTX"}), ("inbox_list_messages", {})]
    for name, args in reads:
        err, got = dispatch(world, "provider", name, {"acting_as": PTX_PAC, **args})
        assert not err and secret not in json.dumps(got) and "36/80" not in json.dumps(got), name
    err, out = dispatch(world, "provider", "auth_finalize_provider_determination", {
        "acting_as": PTX_PAC, "case_id": case_id, "final_action": "gather_more_evidence",
        "document_findings": PTX_FINDINGS, "rationale": "held", "clinician_request": LEFS_REQUEST})
    assert not err and out["case"]["messages"][0]["kind"] == clinician.MESSAGE_KIND
    err, inbox = dispatch(world, "provider", "inbox_read_message", {"acting_as": PTX_PAC,
                                                                    "message_id": out["case"]["messages"][0]["id"]})
    assert not err and secret in inbox["body"]
    with world.read() as s:
        assert s.get(PACase, case_id).status == "docs_needed"


# ------------------------------------------------------------------------------------------ seed schema
def _with_reply(reply: dict[str, Any]) -> dict[str, Any]:

    raw = yamlio.load((SEED_ROOT / "services" / "pt_therapeutic_exercise.yaml").read_text(encoding="utf-8"))
    raw["clinician_reply"] = reply
    return raw


@pytest.mark.parametrize("change,needle", [
    ({"request_patterns": ["LEFS("]}, "bad regular expression"),
    ({"document": {"kind": "questionnaire"}}, "not a clinical kind"),
    ({"document": {"author_worker_id": "WKR-PCP-04"}}, "neither the ordering clinician"),
])
def test_the_seed_schema_refuses_bad_reply_scripts(change: dict[str, Any], needle: str) -> None:
    from pydantic import ValidationError

    good = _ptx_script().model_dump(mode="json")
    sup = dict(good["supplies"])
    sup["document"] = {**sup["document"], **change.get("document", {})}
    if "request_patterns" in change:
        sup["request_patterns"] = change["request_patterns"]
    ServiceCaseFile.model_validate(_with_reply(good))  # the authored script is valid
    with pytest.raises(ValidationError, match=needle):
        ServiceCaseFile.model_validate(_with_reply({**good, "supplies": sup}))


def test_an_injected_script_and_the_default_covering_note(world: World) -> None:
    case_id = _open(world, "WKR-PAC-06", "SR-BRC-001")  # no script in the seed: the hook stays silent
    out = _gather(world, case_id, "Please re-sign the letter of medical necessity for the panel.", actor="WKR-PAC-06",
                  findings=[{"kind": "consult_note", "status": "present_sufficient", "document_ids": ["DOC-BRC-004"]},
                            {"kind": "letter_of_medical_necessity", "status": "present_insufficient",
                             "document_ids": ["DOC-BRC-007"], "note": "signature block illegible"}])
    script = ClinicianReplySeed.model_validate({
        "otherwise": "I am not sure what you need from me here.",
        "reply_after_hours": 1,
        "supplies": {"request_patterns": ["letter of medical necessity"],
                     "document": {"kind": "letter_of_medical_necessity", "title": "Letter of medical necessity (re-signed)",
                                  "author_worker_id": "WKR-BRC-01",
                                  "body": "Re-signed letter for the 23-gene hereditary cancer panel (81432, 81433) "
                                          "for Katherine Lindgren, dated {date}. /s/ Priya Raghunathan, MD"}}})
    reply = clinician.answer_request(world, determination_id=out["provider_determination"]["id"], script=script)
    assert reply is not None and reply["details"]["outcome"] == clinician.FILED
    assert reply["body"].startswith("As you asked on ") and "letter of medical necessity for Katherine Lindgren" in reply["body"]
    [doc] = _filed(world, case_id)
    assert doc.author_worker_id == "WKR-BRC-01" and "{date}" not in doc.body
