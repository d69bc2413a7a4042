"""Submission portal services: channels (portal, EDI 278, API, fax), payer-side copies, the scripted payer's
replies (approve, deny, pend, P2P invitation, no-auth lane), pend responses and fax resends.
"""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.apps.pa_workbench.models import PALine
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
)
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import (
    FORM_ID,
    GOOD_ANSWERS,
    IMAGING,
    NOTE,
    ORDER_NP,
    PAC,
    PAC_OTHER,
    PCP,
    ProviderOptions,
    build_provider_world,
    case_row,
    open_checked,
    ready_case,
    submit,
    sufficient_findings,
)


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
