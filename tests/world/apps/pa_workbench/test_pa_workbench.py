"""PA workbench services: cases from orders, the requirement check, the provider determination, case
views and the inbox.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.core.errors import AuthorityError, Conflict, IllegalTransition, InvalidInput, NotFound, UnknownActor
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import (
    FD,
    FORM_ID,
    HIDDEN_DENY,
    HIDDEN_MARKER,
    IMAGING,
    NOTE,
    NURSE,
    ORDER,
    ORDER_EXPEDITED,
    ORDER_OTHER,
    OTHER_NOTE,
    PAC,
    PAC_OTHER,
    PCP,
    POLICY_REF,
    ProviderOptions,
    build_provider_world,
    case_row,
    open_checked,
    ready_case,
    submit,
    sufficient_findings,
)


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
