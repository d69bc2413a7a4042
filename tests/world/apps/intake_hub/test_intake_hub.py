"""Payer intake hub services: success paths and every refusal (state unchanged after each refusal)."""

from __future__ import annotations

import pytest

from chibench.world.apps.intake_hub import services as intake
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core.errors import AuthorityError, Conflict, IllegalTransition, InvalidInput, NotFound, UnknownActor
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp


@pytest.fixture()
def opened(w):
    intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    return w


# --------------------------------------------------------------------------- reads


def test_queue_lists_received_cases_oldest_first_without_writing(w):
    before = digest(w)
    rows = intake.list_intake_queue(w, acting_as=cp.INTAKE)
    assert [r["case_id"] for r in rows] == [cp.OTHER_CASE, cp.CASE]
    assert {r["workflow_state"] for r in rows} == {"awaiting_intake"}
    assert all(r["received_at"] == "2026-10-05T13:00:00Z" and r["channel"] == "portal" for r in rows)
    assert "member_eligible" not in rows[0]
    assert digest(w) == before


def test_queue_states_follow_the_workflow(w):
    cp.do_intake(w)
    rows = {r["case_id"]: r for r in intake.list_intake_queue(w, acting_as=cp.INTAKE)}
    assert rows[cp.CASE]["workflow_state"] == "awaiting_triage"
    cp.do_triage(w)
    assert cp.CASE not in {r["case_id"] for r in intake.list_intake_queue(w, acting_as=cp.INTAKE)}
    full = {r["case_id"]: r for r in intake.list_intake_queue(w, acting_as=cp.INTAKE, include_complete=True)}
    assert full[cp.CASE]["workflow_state"] == "case_under_review"


@pytest.mark.parametrize(("actor", "exc"), [(cp.CM, AuthorityError), (cp.PAC, AuthorityError),
                                            ("WKR-NOBODY", UnknownActor), ("", UnknownActor)])
def test_reads_refuse_non_payer_and_unknown_actors(w, actor, exc):
    refused_call(w, exc, lambda: intake.list_intake_queue(w, acting_as=actor), field="acting_as")
    refused_call(w, exc, lambda: intake.list_documents(w, acting_as=actor, case_id=cp.CASE), field="acting_as")


def test_queue_flag_must_be_boolean(w):
    refused_call(w, InvalidInput, lambda: intake.list_intake_queue(w, acting_as=cp.INTAKE, include_complete="yes"),
               field="include_complete")


def test_list_documents_shows_payer_copies_only(w):
    docs = intake.list_documents(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert [d["id"] for d in docs] == [cp.DOC_NOTE, cp.DOC_IMG]  # packet copy without case_id included
    assert all("body" not in d for d in docs)
    assert docs[0]["copied_from"] == cp.DOC_PROVIDER and docs[0]["author"]["npi"] == cp.PCP_NPI


def test_get_intake_case_before_and_after_create(w):
    refused_call(w, NotFound, lambda: intake.get_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE), field="case_id")
    refused_call(w, NotFound, lambda: intake.get_intake_case(w, acting_as=cp.INTAKE, case_id="CASE-NONE"),
               field="case_id")
    cp.do_intake(w)
    got = intake.get_intake_case(w, acting_as=cp.NURSE, case_id=cp.CASE)
    assert got["member"]["member_id"] == "KMH100000001" and got["member"]["coverage"]["status"] == "active"
    assert got["request"]["channel"] == "portal" and "document_ids" not in got["request"]
    assert got["request"]["payer_document_ids"] == [cp.DOC_NOTE, cp.DOC_IMG]
    assert got["directory_match"]["worker_id"] == cp.PCP and got["directory_match"]["in_plan_network"] is True
    assert {d["id"] for d in got["documents"]} == {cp.DOC_NOTE, cp.DOC_IMG}
    assert [li["code"] for li in got["line_items"]] == ["73721"]


# --------------------------------------------------------------------------- create


def test_create_is_idempotent_and_stamps_receipt(w):
    first = intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    assert first["created"] is True and first["status"] == "new" and first["id"] == "INT-0001"
    assert first["received_at"] == "2026-10-05T13:00:00Z" and first["packet_id"] == "PKT-TST-1"
    before = digest(w)
    again = intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    assert again["created"] is False and again["id"] == first["id"]
    assert digest(w) == before  # returning the existing record writes nothing


def test_create_refusals(w):
    refused_call(w, InvalidInput, lambda: intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                                   auth_type="sp"), field="auth_type")
    refused_call(w, AuthorityError, lambda: intake.create_intake_case(w, acting_as=cp.MD1, case_id=cp.CASE,
                                                                     auth_type="op"), field="acting_as")
    refused_call(w, UnknownActor, lambda: intake.create_intake_case(w, acting_as="WKR-X", case_id=cp.CASE,
                                                                   auth_type="op"))
    refused_call(w, NotFound, lambda: intake.create_intake_case(w, acting_as=cp.INTAKE, case_id="CASE-X",
                                                               auth_type="op"), field="case_id")
    cp.force_status(w, cp.CASE, "closed")
    refused_call(w, Conflict, lambda: intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                               auth_type="op"), field="case_id")


# --------------------------------------------------------------------------- header, diagnoses, provider


def test_save_auth_header_partial_update_moves_intake_in_progress(opened):
    w = opened
    out = intake.save_auth_header(w, acting_as=cp.INTAKE, case_id=cp.CASE, urgency_level="urgent",
                                  service_start="2026-10-20")
    assert out["status"] == "in_progress" and out["urgency_level"] == "urgent"
    out = intake.save_auth_header(w, acting_as=cp.NURSE, case_id=cp.CASE, place_of_service="22",
                                  continuity_of_care=False)
    assert out["urgency_level"] == "urgent" and out["place_of_service"] == "22" and out["continuity_of_care"] is False


@pytest.mark.parametrize(("kwargs", "field"), [
    ({}, "urgency_level"),
    ({"urgency_level": "emergent"}, "urgency_level"),
    ({"urgency_requested_by": "doctor"}, "urgency_requested_by"),
    ({"place_of_service": "99"}, "place_of_service"),
    ({"service_start": "2026-13-01"}, "service_start"),
    ({"service_start": "2026-10-20", "service_end": "2026-10-01"}, "service_end"),
    ({"request_date": "2026-12-01"}, "request_date"),
    ({"member_state": "Illinois"}, "member_state"),
    ({"member_eligibility_verified": "yes"}, "member_eligibility_verified"),
])
def test_save_auth_header_refusals(opened, kwargs, field):
    w = opened
    refused_call(w, InvalidInput, lambda: intake.save_auth_header(w, acting_as=cp.INTAKE, case_id=cp.CASE, **kwargs),
               field=field)


def test_header_edits_need_intake_staff_and_an_intake(w):
    refused_call(w, NotFound, lambda: intake.save_auth_header(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                             urgency_level="routine"), field="case_id")
    intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    for actor in (cp.MD1, cp.PAC, cp.AMD1):
        refused_call(w, AuthorityError, lambda a=actor: intake.save_auth_header(w, acting_as=a, case_id=cp.CASE,
                                                                              urgency_level="routine"))


def test_save_diagnoses_replaces_list_and_fills_official_description(opened):
    w = opened
    out = intake.save_diagnoses(w, acting_as=cp.INTAKE, case_id=cp.CASE, diagnosis_type="medical",
                                diagnoses=[{"code": "M25.561", "is_primary": True},
                                           {"code": "M17.11", "is_primary": False, "display": "OA right knee"}])
    assert [d["code"] for d in out["diagnoses"]] == ["M25.561", "M17.11"]
    assert out["diagnoses"][0]["display"].lower().startswith("pain in right knee")
    out = intake.save_diagnoses(w, acting_as=cp.INTAKE, case_id=cp.CASE, diagnoses=[{"code": "M17.11",
                                                                                   "is_primary": True}])
    assert [d["code"] for d in out["diagnoses"]] == ["M17.11"] and out["diagnosis_type"] == "medical"


@pytest.mark.parametrize(("diagnoses", "field"), [
    ([], "diagnoses"),
    ([{"code": "M25.5", "is_primary": True}], "diagnoses[0].code"),  # not billable (a category)
    ([{"code": "XYZ", "is_primary": True}], "diagnoses[0].code"),
    ([{"code": "M25.561", "is_primary": "yes"}], "diagnoses[0].is_primary"),
    ([{"code": "M25.561", "is_primary": True, "icd": "x"}], "diagnoses[0]"),
    ([{"code": "M25.561", "is_primary": True}, {"code": "M17.11", "is_primary": True}], "diagnoses"),
    ([{"code": "M25.561", "is_primary": True}, {"code": "M25.561", "is_primary": False}], "diagnoses"),
])
def test_save_diagnoses_refusals(opened, diagnoses, field):
    w = opened
    refused_call(w, InvalidInput, lambda: intake.save_diagnoses(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                               diagnoses=diagnoses), field=field)


def test_save_diagnoses_type_must_be_known(opened):
    w = opened
    refused_call(w, InvalidInput, lambda: intake.save_diagnoses(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                               diagnoses=[{"code": "M25.561", "is_primary": True}],
                                                               diagnosis_type="icd9"), field="diagnosis_type")


def test_save_requesting_provider(opened):
    w = opened
    out = intake.save_requesting_provider(w, acting_as=cp.INTAKE, case_id=cp.CASE, npi=cp.PCP_NPI, name="Dr Haddad",
                                          organization="Riverbend Medical Group")
    assert out["requesting_provider"]["npi"] == cp.PCP_NPI and out["requesting_provider"]["fax"] is None
    refused_call(w, InvalidInput, lambda: intake.save_requesting_provider(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                                         npi="1700025948", name="x"), field="npi")
    refused_call(w, InvalidInput, lambda: intake.save_requesting_provider(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                                         npi=cp.PCP_NPI, name="  "), field="name")


# --------------------------------------------------------------------------- line items


def test_line_items_add_update_remove(opened):
    w = opened
    out = intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, system="CPT", code="73721",
                               display="MRI knee", units=1)
    out = intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, system="HCPCS", code="A9579",
                               display="contrast agent", units=10, modifier="RT")
    assert [(li["line_number"], li["id"]) for li in out["line_items"]] == [(1, "INT-0001-L1"), (2, "INT-0001-L2")]
    out = intake.update_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, line_number=2, units=5, modifier="")
    assert out["line_items"][1]["units"] == 5 and out["line_items"][1]["modifier"] is None
    out = intake.remove_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, line_number=1)
    assert [li["line_number"] for li in out["line_items"]] == [2]
    out = intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, system="CPT", code="73721",
                               display="MRI knee", units=1, line_number=1)
    assert [li["line_number"] for li in out["line_items"]] == [1, 2]


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"system": "LOINC"}, "system"),
    ({"code": "A9579"}, "code"),  # HCPCS shape under CPT
    ({"code": "7372"}, "code"),
    ({"units": 0}, "units"),
    ({"units": "1"}, "units"),
    ({"display": ""}, "display"),
    ({"modifier": "RIGHT"}, "modifier"),
    ({"place_of_service": "5"}, "place_of_service"),
    ({"service_start": "2026-10-20", "service_end": "2026-10-19"}, "service_end"),
])
def test_add_line_item_refusals(opened, kwargs, field):
    w = opened
    args = {"system": "CPT", "code": "73721", "display": "MRI knee", "units": 1, **kwargs}
    refused_call(w, InvalidInput, lambda: intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, **args),
               field=field)


def test_line_number_conflicts_and_missing_lines(opened):
    w = opened
    intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, system="CPT", code="73721", display="MRI", units=1)
    refused_call(w, Conflict, lambda: intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, system="CPT",
                                                          code="73722", display="MRI", units=1, line_number=1),
               field="line_number")
    refused_call(w, NotFound, lambda: intake.update_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, line_number=7,
                                                             units=2), field="line_number")
    refused_call(w, InvalidInput, lambda: intake.update_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                                 line_number=1), field="code")
    refused_call(w, InvalidInput, lambda: intake.update_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE,
                                                                 line_number=1, code="J1234X"), field="code")
    refused_call(w, NotFound, lambda: intake.remove_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, line_number=3),
               field="line_number")


# --------------------------------------------------------------------------- confirm decisions


def test_confirm_freezes_the_four_decisions(w):
    out = cp.do_intake(w)
    assert out["status"] == "complete" and out["completed_by"] == cp.INTAKE
    assert (out["decision_request_complete"], out["decision_member_eligible"], out["decision_service_covered"],
            out["decision_provider_network_status"]) == (True, True, True, "in_network")
    for call in (lambda: intake.save_auth_header(w, acting_as=cp.INTAKE, case_id=cp.CASE, urgency_level="stat"),
                 lambda: intake.remove_line_item(w, acting_as=cp.INTAKE, case_id=cp.CASE, line_number=1),
                 lambda: intake.confirm_decisions(w, acting_as=cp.INTAKE, case_id=cp.CASE, request_complete=True,
                                                  member_eligible=False, service_covered=True,
                                                  provider_network_status="in_network")):
        refused_call(w, Conflict, call, field="case_id")


def test_confirm_incomplete_request_pends_the_case(w):
    cp.do_intake(w, complete=False)
    with w.read() as s:
        case = s.get(PACase, cp.CASE)
        assert case.status == "pended_action_required"
        assert case.pend_due_at.isoformat() == "2026-10-12T23:59:59+00:00"
        assert "letter of medical necessity" in case.outcome_reason


def test_confirm_requires_the_saved_blocks(opened):
    w = opened
    err = refused_call(w, Conflict, lambda: intake.confirm_decisions(
        w, acting_as=cp.INTAKE, case_id=cp.CASE, request_complete=True, member_eligible=True, service_covered=True,
        provider_network_status="in_network"), field="case_id")
    assert set(err.details["missing"]) >= {"urgency_level", "diagnoses", "requesting_provider", "line_items"}


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"provider_network_status": "participating"}, "provider_network_status"),
    ({"member_eligible": "true"}, "member_eligible"),
    ({"request_complete": True, "missing_information": ["x"]}, "missing_information"),
    ({"request_complete": True, "info_due": "2026-10-12"}, "info_due"),
    ({"request_complete": False}, "missing_information"),
    ({"request_complete": False, "missing_information": ["LMN"]}, "info_due"),
    ({"request_complete": False, "missing_information": ["LMN"], "info_due": "2026-10-05"}, "info_due"),
])
def test_confirm_argument_refusals(w, kwargs, field):
    intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE, auth_type="op")
    args = {"request_complete": True, "member_eligible": True, "service_covered": True,
            "provider_network_status": "in_network", **kwargs}
    refused_call(w, InvalidInput, lambda: intake.confirm_decisions(w, acting_as=cp.INTAKE, case_id=cp.CASE, **args),
               field=field)


def test_confirm_incomplete_refused_when_case_cannot_pend(w):
    cp.do_intake(w, complete=False)  # case pended; a second intake cannot exist, so use the other case
    intake.create_intake_case(w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE, auth_type="op")
    intake.save_auth_header(w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE, urgency_level="routine",
                            service_start="2026-10-20", place_of_service="22", member_state="IL")
    intake.save_diagnoses(w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE,
                          diagnoses=[{"code": "M25.561", "is_primary": True}])
    intake.save_requesting_provider(w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE, npi=cp.PCP_NPI, name="x")
    intake.add_line_item(w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE, system="CPT", code="73721", display="MRI",
                         units=1)
    cp.force_status(w, cp.OTHER_CASE, "under_review")
    cp.force_status(w, cp.OTHER_CASE, "denied")
    refused_call(w, IllegalTransition, lambda: intake.confirm_decisions(
        w, acting_as=cp.INTAKE, case_id=cp.OTHER_CASE, request_complete=False, member_eligible=True,
        service_covered=True, provider_network_status="in_network", missing_information=["LMN"],
        info_due="2026-10-12"))
