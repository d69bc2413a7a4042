"""Provider → payer → provider in one world, through the tools of both roles.

A provider task's world is a ``pa_new_referral`` overlay (``payer_mode = auto``): the provider's packet
creates the payer's intake record in the same transaction — visible to a payer identity with the payer
tools — and the scripted payer's staff then work it on the simulated clock through the payer service
functions; their letters come back to the provider's inbox on the channel the provider used.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.core.db import Event
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.overlays import OverlaySpec, apply_overlay
from chibench.world.tools.dispatch import dispatch

COORD = "WKR-PAC-06"  # PA coordinator, Buckeye Community Physicians (brca_testing's ordering organization)
INTAKE = "WKR-INT-02"  # a payer intake coordinator the scripted payer does not use (reads only)
ANSWERS = {"test_type": "multigene panel", "counseling_date": "2026-09-08", "personal_cancer_history": False,
           "relative_variant": "Paternal aunt, BRCA2 c.5946del pathogenic (laboratory report 06/10/2026)",
           "prior_germline_testing": False}


@pytest.fixture()
def world(base_world_file: Path, tmp_path: Path) -> Iterator[World]:
    target = tmp_path / "link.sqlite"
    shutil.copyfile(base_world_file, target)
    w = World(target)
    apply_overlay(w, OverlaySpec(kind="pa_new_referral", service="brca_testing"))
    set_identities(w, {"provider": [COORD], "payer": [INTAKE]})
    yield w
    w.close()


def call(world: World, role: str, name: str, **args: Any) -> Any:
    is_error, out = dispatch(world, role, name, args)
    assert not is_error, out
    return out


def test_one_case_provider_payer_provider(world: World) -> None:
    case_id = call(world, "provider", "cases_create_from_order", acting_as=COORD, order_id="SR-BRC-001")["case"]["id"]
    form = call(world, "provider", "forms_list_required_forms", acting_as=COORD, case_id=case_id)["forms"][0]
    call(world, "provider", "forms_save_form_response", acting_as=COORD, case_id=case_id, form_id=form["form_id"],
         answers=ANSWERS)
    # first packet: the letter of medical necessity is left out
    bundle = call(world, "provider", "docs_create_submission_bundle", acting_as=COORD, case_id=case_id,
                  document_ids=["DOC-BRC-006", "DOC-BRC-004"])["id"]
    call(world, "provider", "auth_finalize_provider_determination", acting_as=COORD, case_id=case_id,
         final_action="submit_pa", rationale="Packet assembled.",
         document_findings=[{"kind": "consult_note", "status": "present_sufficient", "document_ids": ["DOC-BRC-004"]},
                            {"kind": "letter_of_medical_necessity", "status": "present_sufficient",
                             "document_ids": ["DOC-BRC-007"]}])
    sent = call(world, "provider", "auth_submit_authorization", acting_as=COORD, case_id=case_id, channel="portal",
                bundle_document_id=bundle)

    # the payer's intake record: same case, the order's lines, visible to a payer identity
    with world.read() as s:
        intake = s.scalars(select(IntakeCase).where(IntakeCase.case_id == case_id)).one()
        lines = [(li.code, li.units) for li in s.scalars(select(IntakeLineItem)
                                                         .where(IntakeLineItem.intake_id == intake.id)
                                                         .order_by(IntakeLineItem.line_number))]
        submitted_by = s.scalars(select(Event.actor_id).where(Event.action == "auth.submit_authorization")).one()
        payer_actors = set(s.scalars(select(Event.actor_id).where(Event.case_id == case_id,
                                                                  Event.app.in_(("intake_hub", "letter_center",
                                                                                 "triage", "md_review")))))
    assert lines == [("81432", 1), ("81433", 1)]
    assert submitted_by == COORD and "SYSTEM" not in payer_actors and "WKR-INT-01" in payer_actors
    queue = call(world, "payer", "payer_intake_hub_list_intake_queue", acting_as=INTAKE, include_complete=True)
    assert case_id in str(queue)

    # the payer pends for the missing letter; the pend letter reaches the provider on the portal
    assert sent["status"] == "pended_action_required"
    assert sent["payer_reply"]["missing_kinds"] == ["letter_of_medical_necessity"]
    assert sent["payer_reply"]["channel"] == "portal" and sent["payer_reply"]["letter_id"]
    msgs = call(world, "provider", "inbox_list_messages", acting_as=COORD, case_id=case_id)["messages"]
    pend = next(m for m in msgs if m["kind"] == "pend_letter")
    body = call(world, "provider", "inbox_read_message", acting_as=COORD, message_id=pend["id"])["body"]
    assert "letter_of_medical_necessity" in body and case_id in body

    # the provider answers the pend with the letter; the payer approves and the approval letter arrives
    answer = call(world, "provider", "auth_respond_to_pend", acting_as=COORD, case_id=case_id,
                  note="Letter of medical necessity attached.", document_ids=["DOC-BRC-007"])
    assert answer["status"] == "approved" and answer["payer_reply"]["authorization_number"]
    msgs = call(world, "provider", "inbox_list_messages", acting_as=COORD, case_id=case_id)["messages"]
    approval = next(m for m in msgs if m["kind"] == "approval_letter")
    text = call(world, "provider", "inbox_read_message", acting_as=COORD, message_id=approval["id"])["body"]
    assert answer["payer_reply"]["authorization_number"] in text
    status = call(world, "provider", "auth_check_status", acting_as=COORD, case_id=case_id)
    assert status["status"] == "approved"
