"""The 41 payer tools, called in-process through ``dispatch`` on overlaid worlds, with their effects checked.

Flows: an intake closed as not requiring authorization (brca_testing), a nurse approval to a delivered
approval letter (pt_therapeutic_exercise), a medical-director denial to a delivered denial letter
(uppp), a partial approval (rotator_cuff_repair), a nurse pend to a delivered pend letter
(polysomnography) and a peer-to-peer review (myocardial_pet at stage p2p). Refusals are tool errors
naming the field, and change nothing.
"""

from __future__ import annotations

import datetime as dt
import shutil
from enum import Enum
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin

import pytest

from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.intake_hub import services as intake_services
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.apps.letter_center import services as letter_services
from chibench.world.apps.letter_center.models import Letter, MemberNotification
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review.models import CriterionEvaluation, NurseRecommendation
from chibench.world.apps.p2p_scheduler import services as p2p_scheduler
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.p2p_session.models import P2PSession, P2PTurn
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase
from chibench.world.apps.triage.models import RoutingRecord, TriageRecord
from chibench.world.core import yamlio
from chibench.world.core.db import WorkspaceArtifact
from chibench.world.core.enums import WorkerRole
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.export import snapshot
from chibench.world.overlays import OverlaySpec, apply_overlay
from chibench.world.rules.letter_audit import required_fields
from chibench.world.seeds.loader import SEED_ROOT
from chibench.world.tools import bindings_payer
from chibench.world.tools.dispatch import dispatch
from chibench.world.tools.registry import MAX_RESULT_CHARS, NAME_RE, ActingInput, load_all
from tests.support import upstream_nurse
from tests.world.tools.support import RoleTools

INT, NURSE, MD1, MD2, AMD = "WKR-INT-01", "WKR-UMN-01", "WKR-MD-01", "WKR-MD-02", "WKR-AMD-01"
PAYER_IDS = [INT, "WKR-INT-02", NURSE, "WKR-UMN-02", MD1, MD2, AMD]

EXPECTED = {f"payer_intake_hub_{n}" for n in (
    "list_intake_queue", "get_intake_case", "create_intake_case", "save_auth_header", "save_diagnoses",
    "save_requesting_provider", "add_line_item", "update_line_item", "remove_line_item", "list_documents",
    "confirm_decisions")} | {f"triage_{n}" for n in (
        "get", "calculate_sla", "check_gold_card", "set_disposition", "route_case")} | {f"review_{n}" for n in (
            "get_nurse_review_data", "save_criteria_evaluation", "submit_nurse_case_recommendation",
            "get_md_review_data", "save_md_review", "submit_md_case_decision")} | {
    "determination_get_summary", "determination_finalize"} | {f"p2p_{n}" for n in (
        "list", "offer_slots", "schedule", "record_outcome")} | {f"p2p_session_{n}" for n in (
            "get_context", "send_turn", "submit_summary")} | {f"payer_letter_center_{n}" for n in (
                "list", "get", "generate_approval", "generate_partial_approval", "generate_denial", "generate_pend",
                "generate_notification", "deliver", "reissue", "audit_completeness")}

TOOLS = RoleTools("payer")
CALLED, ok, refused = TOOLS.called, TOOLS.ok, TOOLS.refused
FLOWS_RUN: set[str] = set()
FLOWS = {"intake", "nurse_approval", "md_denial", "partial", "pend", "p2p"}


# --------------------------------------------------------------------------- helpers


def _seed(slug: str) -> dict[str, Any]:
    return yamlio.load((SEED_ROOT / "services" / f"{slug}.yaml").read_text())


@pytest.fixture()
def make_world(base_world_file: Path, tmp_path: Path):
    """A copy of the base world with one service case overlaid to a UM stage and the payer identities set."""
    opened: list[World] = []

    def make(slug: str, stage: str) -> tuple[World, str]:
        target = tmp_path / f"{slug}-{stage}.sqlite"
        shutil.copyfile(base_world_file, target)
        w = World(target)
        opened.append(w)
        up = upstream_nurse(slug) if stage in ("md_review", "p2p") and _seed(slug)["payer_policy"].get(
            "allow_nurse_approval", True) else {}
        out = apply_overlay(w, OverlaySpec(kind="um_pickup", service=slug, stage=stage, upstream=up))
        set_identities(w, {"payer": PAYER_IDS})
        return w, out["case_id"]

    yield make
    for w in opened:
        w.close()


def _reply_channel(world: World, case_id: str) -> str:
    """The channel provider letters on ``case_id`` must go out on: the request's (paper C.1.2 stage 6)."""
    from chibench.world.apps import payer_queries as pq

    with world.read() as s:
        chan = pq.reply_channel(s, case_id)
    assert chan is not None
    return chan


def _case(world: World, case_id: str) -> PACase:
    with world.read() as s:
        case = s.get(PACase, case_id)
        assert case is not None
        s.expunge(case)
        return case


def _count(world: World, model: Any, **where: Any) -> int:
    with world.read() as s:
        return s.query(model).filter_by(**where).count()


def _quote(doc: dict[str, Any]) -> str:
    return next(line.strip() for line in doc["body"].splitlines() if len(line.strip()) > 20)[:40]


def _common_fields(summary: dict[str, Any], signer: dict[str, Any], today: str) -> dict[str, Any]:
    member, case = summary["member"], summary["case"]
    return {"member_name": member["name"], "member_id": member["member_id"], "case_reference": case["id"],
            "service_description": "; ".join(ln["display"] for ln in summary["lines"]),
            "service_codes": [ln["code"] for ln in summary["lines"]], "plan_name": member["plan"]["name"],
            "letter_date": today, "signer_name": signer["name"], "signer_credentials": signer["credentials"]}


def _signer(world: World, worker_id: str) -> dict[str, Any]:
    with world.read() as s:
        w = s.get(Worker, worker_id)
        assert w is not None
        return {"name": w.display_name, "credentials": w.credentials or ""}


def _body(*parts: str) -> str:
    text = " ".join(parts)
    return text + " This notice explains the determination on the prior authorization request, the services " \
                  "it covers and what you may do next. Please keep it with your records."


# --------------------------------------------------------------------------- the surface


def test_payer_surface_is_exactly_the_papers_41_tools():
    tools = load_all().for_role("payer")
    names = {t.name for t in tools}
    assert len(tools) == 41 and names == EXPECTED
    assert all(NAME_RE.match(n) for n in names)
    for t in tools:
        assert issubclass(t.input_model, ActingInput), t.name
        for fname, f in t.input_model.model_fields.items():
            assert f.description, f"{t.name}.{fname} has no description"
    kinds = {t.name: t.kind for t in tools}
    assert {n for n, k in kinds.items() if k == "read"} == {
        "payer_intake_hub_list_intake_queue", "payer_intake_hub_get_intake_case", "payer_intake_hub_list_documents",
        "triage_get", "triage_calculate_sla", "triage_check_gold_card", "review_get_nurse_review_data",
        "review_get_md_review_data", "determination_get_summary", "p2p_list", "p2p_session_get_context",
        "payer_letter_center_list", "payer_letter_center_get", "payer_letter_center_audit_completeness"}
    # descriptions teach mechanics, never a policy lane or criteria outcome
    for t in tools:
        assert "policy_lane" not in t.description and "policy_lane" not in str(t.input_schema())


@pytest.mark.parametrize("letter_type", ["approval", "partial_approval", "denial", "pend"])
def test_letter_field_schemas_are_exactly_the_audits_required_fields(letter_type):
    model = bindings_payer.LETTER_FIELD_MODELS[letter_type]
    assert set(model.model_fields) == set(required_fields(letter_type))
    # nothing is defaulted: an empty fields object stays empty
    assert bindings_payer._fields(model()) == {}


def _enum(model: Any, field: str) -> set[str]:
    """The values a tool input accepts for ``field`` (a Literal or a world enum, through Optional)."""
    ann = model.model_fields[field].annotation
    args = [a for a in get_args(ann) if a is not type(None)] if get_origin(ann) in (Union, UnionType) else [ann]
    return {str(v) for a in args for v in (list(a) if isinstance(a, type) and issubclass(a, Enum) else get_args(a))}


def test_tool_enums_match_the_services_vocabularies():
    from chibench.world.apps import payer_queries as pq
    from chibench.world.core import enums
    from chibench.world.core.enums import Lane
    from chibench.world.rules.authority import MD_DECISIONS, NURSE_RECOMMENDATIONS
    from chibench.world.rules.preflight import DECISIONS

    b = bindings_payer
    assert _enum(b.SaveAuthHeaderIn, "place_of_service") == {p.value for p in enums.PlaceOfService}
    assert _enum(b.SaveAuthHeaderIn, "urgency_level") == {u.value for u in enums.UrgencyLevel}
    assert _enum(b.AddLineItemIn, "system") == {c.value for c in enums.CodeSystem}
    assert _enum(b.ConfirmDecisionsIn, "provider_network_status") == {n.value for n in enums.NetworkStatus}
    assert _enum(b.SetDispositionIn, "disposition") == {lane.value for lane in Lane}
    assert _enum(b.CreateIntakeIn, "auth_type") == set(intake_services.AUTH_TYPES)
    assert _enum(b.NurseRecommendationIn, "recommendation") == set(NURSE_RECOMMENDATIONS)
    assert _enum(b.MdDecisionIn, "decision") == set(MD_DECISIONS)
    assert _enum(b.FinalizeIn, "decision") == set(DECISIONS)
    assert _enum(b.EvaluationIn, "result") == set(pq.EVAL_RESULTS)
    assert _enum(b.LineDecisionIn, "decision") == set(pq.LINE_DECISIONS)
    assert _enum(b.RecordOutcomeIn, "outcome") == set(p2p_scheduler.OUTCOMES)
    assert _enum(b.DeliverIn, "channel") == set(pq.DELIVERY_CHANNELS)
    assert _enum(b.GenerateNotificationIn, "notification_type") == set(letter_services.NOTIFICATION_TYPES)
    assert _enum(b.GenerateNotificationIn, "channel") == set(letter_services.NOTIFICATION_CHANNELS)
    assert _enum(b.GenerateApprovalIn, "recipient") == set(letter_services.RECIPIENTS)


# --------------------------------------------------------------------------- intake: no authorization required


def test_intake_veeg_closes_as_coverage_not_required(make_world):
    # the one coverage-not-required intake of Table 12: a routine outpatient EEG (95819) is exempt (KM-MP-DX-047 §5)
    world, case_id = make_world("veeg_monitoring", "intake")

    queue = ok(world, "payer_intake_hub_list_intake_queue", acting_as=INT)
    row = next(r for r in queue["cases"] if r["case_id"] == case_id)
    assert row["workflow_state"] == "intake_in_progress" and row["intake_status"] == "new"
    page = ok(world, "payer_intake_hub_list_intake_queue", acting_as=INT, limit=1, offset=0)
    assert len(page["cases"]) == 1 and page["total"] == queue["total"]

    before = snapshot(world)["digest"]
    existing = ok(world, "payer_intake_hub_create_intake_case", acting_as=INT, case_id=case_id, auth_type="op")
    assert existing["created"] is False and existing["case_id"] == case_id
    assert snapshot(world)["digest"] == before  # returning the existing intake writes nothing
    refused(world, "payer_intake_hub_create_intake_case", {"acting_as": INT,
            "case_id": case_id, "auth_type": "sp"}, error="invalid_input", field="auth_type")

    got = ok(world, "payer_intake_hub_get_intake_case", acting_as=INT, case_id=case_id)
    assert [li["code"] for li in got["line_items"]] == ["95819"]
    npi = got["requesting_provider"]["npi"]
    docs = ok(world, "payer_intake_hub_list_documents", acting_as=INT, case_id=case_id)["documents"]
    assert docs and all("body" not in d for d in docs)

    received = got["received_at"][:10]
    ok(world, "payer_intake_hub_save_auth_header", acting_as=INT, case_id=case_id, urgency_level="routine",
       urgency_requested_by="provider", request_date=received, service_start="2026-10-16", place_of_service="22",
       member_state="TX", member_eligibility_verified=True)
    refused(world, "payer_intake_hub_save_auth_header", {"acting_as": INT,
            "case_id": case_id, "place_of_service": "99"}, error="invalid_input", field="place_of_service")
    ok(world, "payer_intake_hub_save_diagnoses", acting_as=INT, case_id=case_id, diagnosis_type="medical",
       diagnoses=[{"code": "G40.209", "is_primary": True}, {"code": "R56.9", "is_primary": False}])
    refused(world, "payer_intake_hub_save_diagnoses", {"acting_as": INT,
            "case_id": case_id, "diagnoses": [{"code": "Z84", "is_primary": True}]}, error="invalid_input", field="diagnoses[0].code")
    ok(world, "payer_intake_hub_save_requesting_provider", acting_as=INT, case_id=case_id, npi=npi,
       name=got["requesting_provider"]["name"], organization="Capitol Regional Neurology")
    ok(world, "payer_intake_hub_add_line_item", acting_as=INT, case_id=case_id, system="CPT", code="95816",
       display="Routine EEG, awake and drowsy", units=1)
    ok(world, "payer_intake_hub_update_line_item", acting_as=INT, case_id=case_id, line_number=2, units=2)
    with world.read() as s:
        intake = s.query(IntakeCase).filter_by(case_id=case_id).one()
        assert intake.status == "in_progress" and intake.urgency_level == "routine"
        assert str(intake.place_of_service) == "22" and intake.member_state == "TX"
        assert [d["code"] for d in intake.diagnoses] == ["G40.209", "R56.9"] and intake.diagnosis_type == "medical"
        assert intake.requesting_provider["organization"] == "Capitol Regional Neurology"
        lines = {li.line_number: li for li in s.query(IntakeLineItem).filter_by(intake_id=intake.id)}
        assert lines[2].code == "95816" and lines[2].units == 2
    removed = ok(world, "payer_intake_hub_remove_line_item", acting_as=INT, case_id=case_id, line_number=2)
    assert [li["line_number"] for li in removed["line_items"]] == [1]

    network = "in_network" if got["directory_match"]["in_plan_network"] else "out_of_network"
    done = ok(world, "payer_intake_hub_confirm_decisions", acting_as=INT, case_id=case_id, request_complete=True,
              member_eligible=True, service_covered=True, provider_network_status=network)
    assert done["status"] == "complete" and done["decision_provider_network_status"] == network
    # frozen after the handoff
    refused(world, "payer_intake_hub_update_line_item", {"acting_as": INT, "case_id": case_id,
            "line_number": 1, "units": 3}, error="conflict", field="case_id")

    t = ok(world, "triage_get", acting_as=INT, case_id=case_id)
    assert t["triage"] is None and t["intake"]["status"] == "complete"
    sla = ok(world, "triage_calculate_sla", acting_as=INT, case_id=case_id, urgency_level="routine")
    assert sla["hours"] > 0 and sla["state"] == "TX" and sla["deadline"] > sla["received_at"]
    gold = ok(world, "triage_check_gold_card", acting_as=INT, case_id=case_id)
    assert gold["npi"] == npi and isinstance(gold["eligible"], bool)

    rec = ok(world, "triage_set_disposition", acting_as=INT, case_id=case_id, urgency_level="routine",
             disposition="no_auth_required", disposition_reason="The requested code is exempt from prior authorization.")
    assert rec["disposition"] == "no_auth_required" and rec["sla_deadline"] == sla["deadline"]
    refused(world, "triage_set_disposition", {"acting_as": INT, "case_id": case_id,
            "urgency_level": "routine", "disposition": "nurse_review", "disposition_reason": "again"}, error="conflict", field="case_id")
    routed = ok(world, "triage_route_case", acting_as=INT, case_id=case_id)
    assert routed["case_status"] == "closed" and routed["lane"] == "no_auth_required"
    assert "policy_lane" not in routed and "details" not in routed
    assert _case(world, case_id).status == "closed"
    assert _count(world, TriageRecord, case_id=case_id) == 1 and _count(world, RoutingRecord, case_id=case_id) == 1

    note = ok(world, "payer_letter_center_generate_notification", acting_as=INT, case_id=case_id,
              notification_type="no_auth_required", language="English", channel="mail",
              body="Your EEG (CPT 95819) does not need prior authorization under your plan. No action is needed.")
    assert note["id"].startswith("MN-") and _count(world, MemberNotification, case_id=case_id) == 1
    refused(world, "payer_letter_center_generate_notification", {"acting_as": INT,
            "case_id": case_id, "notification_type": "approval", "language": "English", "channel": "mail", "body": "Approved."}, error="conflict", field="notification_type")
    assert ok(world, "payer_letter_center_list", acting_as=INT, case_id=case_id)["total"] == 0
    FLOWS_RUN.add("intake")


# --------------------------------------------------------------------------- nurse approval → approval letter


def test_nurse_approval_to_delivered_approval_letter(make_world):
    world, case_id = make_world("pt_therapeutic_exercise", "nurse_review")
    ws = ok(world, "review_get_nurse_review_data", acting_as=NURSE, case_id=case_id)
    assert ws["nurse_recommendation"] is None and ws["policy"]["criteria"] and ws["documents"]
    assert "body" not in ws["documents"][0] and ws["documents"][0]["body_chars"] > 0  # the default view is an index
    docs = ok(world, "review_get_nurse_review_data", acting_as=NURSE, case_id=case_id, section="documents", limit=1)
    doc = docs["documents"][0]
    assert doc["id"] == ws["documents"][0]["id"] and len(doc["body"]) == ws["documents"][0]["body_chars"]
    quote = _quote(doc)

    crit = ws["policy"]["criteria"][0]
    refused(world, "review_save_criteria_evaluation", {"acting_as": NURSE,
            "case_id": case_id, "line_number": 1, "criterion_id": crit["criterion_id"], "result": "met",
            "citation": crit["citation"], "note": "Documented.",
            "evidence": [{"document_id": doc["id"], "quote": "words that are not in the document at all"}]}, error="invalid_input", field="evidence[0].quote")
    for line in ws["lines"]:
        for c in ws["policy"]["criteria"]:
            ev = ok(world, "review_save_criteria_evaluation", acting_as=NURSE, case_id=case_id,
                    line_number=line["line_number"], criterion_id=c["criterion_id"], result="met",
                    citation=c["citation"], note=f"Reviewed {c['citation']}.",
                    evidence=[{"document_id": doc["id"], "quote": quote}])
            assert ev["stage"] == "nurse" and ev["reviewer_id"] == NURSE
    n_evals = len(ws["lines"]) * len(ws["policy"]["criteria"])
    assert _count(world, CriterionEvaluation, case_id=case_id, stage="nurse") == n_evals

    # nurses cannot deny: refused at the argument, naming the field and the allowed recommendations
    denied = refused(world, "review_submit_nurse_case_recommendation",
                     {"acting_as": NURSE, "case_id": case_id, "recommendation": "deny", "clinical_summary": "Not met."}, error="invalid_input", field="recommendation")
    assert "escalate" in denied["message"]
    rec = ok(world, "review_submit_nurse_case_recommendation", acting_as=NURSE, case_id=case_id,
             recommendation="approve", clinical_summary="All criteria documented in the submitted records.")
    assert rec["recommendation"] == "approve" and rec["case_status"] == "under_review"
    assert rec["criteria_met"] == rec["criteria_total"] == n_evals
    refused(world, "review_submit_nurse_case_recommendation", {"acting_as": NURSE,
            "case_id": case_id, "recommendation": "escalate", "clinical_summary": "Changed my mind."}, error="conflict", field="case_id")

    summary = ok(world, "determination_get_summary", acting_as=NURSE, case_id=case_id)
    assert summary["preflight_preview"]["approved"]["passes"] is True
    assert summary["nurse_recommendation"]["id"] == rec["id"]
    det = ok(world, "determination_finalize", acting_as=NURSE, case_id=case_id, decision="approved",
             rationale="Nurse approval per the documented criteria.")
    assert det["case_status"] == "approved" and det["authorization_number"].startswith(f"AUTH-{case_id}-")
    assert _case(world, case_id).authorization_number == det["authorization_number"]
    refused(world, "determination_finalize", {"acting_as": NURSE, "case_id": case_id,
            "decision": "approved"}, error="conflict", field="case_id")

    today = world.now().date().isoformat()
    auth = det["authorization_number"]
    fields = {**_common_fields(summary, _signer(world, NURSE), today), "authorization_number": auth,
              "approved_lines": [{"line_number": ln["line_number"], "code": ln["code"], "approved_units": ln["units"]}
                                 for ln in summary["lines"]],
              "valid_from": det["auth_valid_from"], "valid_to": det["auth_valid_to"]}
    body = _body(f"Member {fields['member_id']}, case {case_id}: the requested therapy is approved under "
                 f"authorization {auth}, valid {det['auth_valid_from']} to {det['auth_valid_to']}.")
    letter = ok(world, "payer_letter_center_generate_approval", acting_as=NURSE, case_id=case_id, fields=fields,
                body=body, subject=f"Approval: case {case_id}", recipient="provider")
    assert letter["status"] == "draft" and letter["audit"]["complete"] is True and letter["fields"] == fields
    audit = ok(world, "payer_letter_center_audit_completeness", acting_as=NURSE, letter_id=letter["id"])
    assert audit == {"letter_id": letter["id"], "letter_type": "approval", "complete": True, "missing_fields": [],
                     "problems": []}
    chan = _reply_channel(world, case_id)
    sent = ok(world, "payer_letter_center_deliver", acting_as=NURSE, letter_id=letter["id"], channel=chan)
    assert sent["status"] == "delivered" and sent["delivery_channel"] == chan
    assert _count(world, WorkspaceArtifact, id=sent["artifact_id"], scope="shared") == 1
    assert _count(world, InboxMessage, id=sent["inbox_message_id"], case_id=case_id) == 1
    assert ok(world, "payer_letter_center_get", acting_as=NURSE, letter_id=letter["id"])["status"] == "delivered"
    listed = ok(world, "payer_letter_center_list", acting_as=NURSE, case_id=case_id)
    assert [x["id"] for x in listed["letters"]] == [letter["id"]] and listed["next_offset"] is None

    # reissue: a new draft replaces the delivered letter, which is superseded
    new = ok(world, "payer_letter_center_reissue", acting_as=NURSE, letter_id=letter["id"],
             reason="Corrected the subject line.", subject=f"Authorization approved: case {case_id}")
    assert new["reissued_from"] == letter["id"] and new["status"] == "draft" and new["body"] == body
    with world.read() as s:
        assert s.get(Letter, letter["id"]).status == "superseded"
    ok(world, "payer_letter_center_deliver", acting_as=NURSE, letter_id=new["id"], channel="portal")

    note = ok(world, "payer_letter_center_generate_notification", acting_as=NURSE, case_id=case_id,
              notification_type="approval", language="English", channel="portal",
              body=f"Your physical therapy is approved (authorization {auth}).")
    assert note["notification_type"] == "approval"
    FLOWS_RUN.add("nurse_approval")


# --------------------------------------------------------------------------- MD denial → denial letter


def test_md_denial_to_delivered_denial_letter(make_world):
    world, case_id = make_world("uppp", "md_review")
    ws = ok(world, "review_get_md_review_data", acting_as=MD1, case_id=case_id)
    assert ws["nurse_recommendation"]["recommendation"] == "escalate" and ws["md_decisions"] == []
    crit = ws["policy"]["criteria"][0]
    cite = crit["citation"]

    ev = ok(world, "review_save_md_review", acting_as=MD1, case_id=case_id, line_number=1,
            criterion_id=crit["criterion_id"], result="not_met", citation=cite,
            note="The records do not document this criterion.")
    assert ev["stage"] == "md" and ev["result"] == "not_met"
    assert _count(world, CriterionEvaluation, case_id=case_id, stage="md") == 1

    deny = {"case_id": case_id, "decision": "deny", "rationale": "Criterion not documented.",
            "denial_rationale": f"The records do not show {crit['text'].lower()}.", "policy_citations": [cite]}
    # a nurse cannot make the physician decision; a denial must be signed off
    refused(world, "review_submit_md_case_decision", {"acting_as": NURSE,
            "signed_off": True, **deny}, error="not_authorized", field="acting_as")
    refused(world, "review_submit_md_case_decision", {"acting_as": MD1, **deny}, error="not_authorized", field="signed_off")
    md = ok(world, "review_submit_md_case_decision", acting_as=MD1, signed_off=True, **deny)
    assert md["decision"] == "deny" and md["case_status"] == "under_review"
    assert _count(world, MdDecision, case_id=case_id) == 1

    # only a physician finalizes an adverse determination
    pf = refused(world, "determination_finalize", {"acting_as": NURSE, "case_id": case_id,
                 "decision": "denied", "rationale": deny["denial_rationale"], "policy_citations": [cite]}, error="preflight_failed", field="acting_as")
    assert pf["details"]["step"] == "P8"
    summary = ok(world, "determination_get_summary", acting_as=MD1, case_id=case_id)
    det = ok(world, "determination_finalize", acting_as=MD1, case_id=case_id, decision="denied",
             rationale=deny["denial_rationale"], policy_citations=[cite])
    assert det["case_status"] == "denied" and det["authorization_number"] is None
    assert _case(world, case_id).status == "denied"

    today = world.now().date().isoformat()
    base = _common_fields(summary, _signer(world, MD1), today)
    partial_fields = {**base, "criteria_not_met": [f"{cite}: {deny['denial_rationale']}"], "policy_citations": [cite],
                      "appeal_rights": "You may request an internal appeal in writing.", "appeal_deadline_days": 60,
                      "external_review_rights": "After the internal appeal you may request independent review."}
    body = _body(f"Member {base['member_id']}, case {case_id}: the request is denied under {cite}.",
                 "You may appeal within 60 days.")
    letter = ok(world, "payer_letter_center_generate_denial", acting_as=MD1, case_id=case_id,
                fields=partial_fields, body=body, subject=f"Denial: case {case_id}", recipient="provider")
    assert letter["audit"]["complete"] is False
    assert set(letter["audit"]["missing_fields"]) == {"peer_to_peer_offer", "criteria_access"}
    # delivery is refused by the audit and names what is missing
    refusal = refused(world, "payer_letter_center_deliver", {"acting_as": MD1,
                      "letter_id": letter["id"], "channel": "portal"}, error="conflict", field="letter_id")
    assert set(refusal["details"]["missing_fields"]) == {"peer_to_peer_offer", "criteria_access"}
    full = {**partial_fields, "peer_to_peer_offer": "Your physician may call to discuss this with a reviewer.",
            "criteria_access": "The criteria used are available free of charge on request."}
    new = ok(world, "payer_letter_center_reissue", acting_as=MD1, letter_id=letter["id"],
             reason="Added the peer-to-peer offer and criteria access.", fields=full)
    assert new["audit"]["complete"] is True
    sent = ok(world, "payer_letter_center_deliver", acting_as=MD1, letter_id=new["id"], channel="portal")
    assert sent["status"] == "delivered" and sent["letter_type"] == "denial"
    with world.read() as s:
        msg = s.get(InboxMessage, sent["inbox_message_id"])
        assert msg.kind == "denial_letter" and cite in msg.body

    # an adverse letter signed by a non-physician fails the audit
    other = ok(world, "payer_letter_center_generate_denial", acting_as=INT, case_id=case_id,
               fields={**full, **_common_fields(summary, _signer(world, INT), today)}, body=body,
               subject="Denial", recipient="provider")
    assert any(p.startswith("signer") for p in other["audit"]["problems"])
    ok(world, "payer_letter_center_generate_notification", acting_as=MD1, case_id=case_id,
       notification_type="denial", language="English", channel="mail",
       body="Your plan did not approve the requested surgery. The enclosed letter explains why and how to appeal.")
    FLOWS_RUN.add("md_denial")


# --------------------------------------------------------------------------- partial approval


def test_md_partial_approval_to_delivered_letter(make_world):
    world, case_id = make_world("rotator_cuff_repair", "md_review")
    ws = ok(world, "review_get_md_review_data", acting_as=MD2, case_id=case_id)
    assert "result_budget" not in ws  # the default view fits the budget by itself, cutting sections under `more`
    lines = ok(world, "review_get_md_review_data", acting_as=MD2, case_id=case_id, section="lines")["lines"] \
        if "lines" in ws.get("more", {}) else ws["lines"]
    assert len(lines) == 2
    cite = ws["policy"]["criteria"][0]["citation"]
    lines = [{"line_number": 1, "decision": "approved"},
             {"line_number": 2, "decision": "denied", "reason": "The second procedure is not supported."}]
    md = ok(world, "review_submit_md_case_decision", acting_as=MD2, case_id=case_id, decision="partial_approve",
            rationale="Line 1 supported; line 2 not.", denial_rationale="Line 2 is not supported by the records.",
            policy_citations=[cite], signed_off=True, line_decisions=lines)
    assert [d["decision"] for d in md["line_decisions"]] == ["approved", "denied"]
    det = ok(world, "determination_finalize", acting_as=MD2, case_id=case_id, decision="partially_approved",
             rationale="Line 2 is not supported by the records.", policy_citations=[cite])
    assert det["case_status"] == "partially_approved" and det["authorization_number"]
    summary = ok(world, "determination_get_summary", acting_as=MD2, case_id=case_id)
    fields = {**_common_fields(summary, _signer(world, MD2), world.now().date().isoformat()),
              "authorization_number": det["authorization_number"],
              "line_outcomes": [{"line_number": 1, "code": summary["lines"][0]["code"], "outcome": "approved",
                                 "approved_units": 1},
                                {"line_number": 2, "code": summary["lines"][1]["code"], "outcome": "denied",
                                 "approved_units": 0}],
              "denied_line_reasons": [{"line_number": 2, "reason": "Not supported by the records."}],
              "appeal_rights": "You may appeal the denied line within 60 days.", "policy_citations": [cite]}
    body = _body(f"Member {fields['member_id']}, case {case_id}: line 1 is approved under authorization "
                 f"{det['authorization_number']}; line 2 is denied under {cite}.")
    letter = ok(world, "payer_letter_center_generate_partial_approval", acting_as=MD2, case_id=case_id,
                fields=fields, body=body, subject="Partial approval", recipient="provider")
    assert letter["letter_type"] == "partial_approval" and letter["audit"]["complete"] is True
    ok(world, "payer_letter_center_deliver", acting_as=MD2, letter_id=letter["id"], channel=_reply_channel(world, case_id))
    with world.read() as s:
        assert s.get(Letter, letter["id"]).status == "delivered"
    FLOWS_RUN.add("partial")


# --------------------------------------------------------------------------- nurse pend → pend letter


def test_nurse_request_info_to_delivered_pend_letter(make_world):
    world, case_id = make_world("polysomnography", "nurse_review")
    due = (world.now().date() + dt.timedelta(days=14)).isoformat()
    rec = ok(world, "review_submit_nurse_case_recommendation", acting_as=NURSE, case_id=case_id,
             recommendation="request_info", clinical_summary="The sleep questionnaire is missing.",
             info_requested=["Completed sleep questionnaire"], info_due=due)
    assert rec["case_status"] == "pended_action_required"
    assert _case(world, case_id).status == "pended_action_required"
    with world.read() as s:
        assert s.query(NurseRecommendation).filter_by(case_id=case_id).one().info_requested == \
            ["Completed sleep questionnaire"]
    summary = ok(world, "determination_get_summary", acting_as=NURSE, case_id=case_id)
    fields = {**_common_fields(summary, _signer(world, NURSE), world.now().date().isoformat()),
              "missing_items": ["Completed sleep questionnaire"], "response_due": due,
              "submission_instructions": "Upload the document on the provider portal or fax it to the UM department."}
    body = _body(f"Member {fields['member_id']}, case {case_id}: we need a completed sleep questionnaire by {due}.")
    letter = ok(world, "payer_letter_center_generate_pend", acting_as=NURSE, case_id=case_id, fields=fields,
                body=body, subject="Information needed", recipient="provider")
    assert letter["letter_type"] == "pend" and letter["audit"]["complete"] is True
    sent = ok(world, "payer_letter_center_deliver", acting_as=NURSE, letter_id=letter["id"],
              channel=_reply_channel(world, case_id))
    assert sent["status"] == "delivered"
    FLOWS_RUN.add("pend")


# --------------------------------------------------------------------------- peer-to-peer


def _provider_office(world: World, request_id: str) -> str:
    with world.read() as s:
        req = s.get(P2PRequest, request_id)
        clinician = s.get(Worker, req.provider_worker_id)
        staff = s.query(Worker).filter(Worker.org_id == clinician.org_id,
                                       Worker.role == WorkerRole.PA_COORDINATOR).order_by(Worker.id).first()
        return staff.id if staff else clinician.id


def test_p2p_myocardial_pet_to_finalized_approval(make_world, monkeypatch):
    monkeypatch.delenv("CHIBENCH_COUNTERPART_BACKEND", raising=False)  # scripted counterpart
    world, case_id = make_world("myocardial_pet", "p2p")
    listed = ok(world, "p2p_list", acting_as=MD2, case_id=case_id)
    assert listed["total"] == 1
    req = listed["requests"][0]
    assert req["status"] == "requested" and req["original_reviewer_id"] == MD1
    rid = req["id"]
    now = world.now()
    slots = [(now + dt.timedelta(days=d)).replace(hour=15, minute=0, second=0, microsecond=0)
             .isoformat().replace("+00:00", "Z") for d in (1, 2)]

    # independence: the physician who intended the denial cannot hold the call
    refused(world, "p2p_offer_slots", {"acting_as": MD1, "request_id": rid,
            "payer_reviewer_id": MD1, "slots": slots}, error="independence_violation", field="reviewer_id")
    offered = ok(world, "p2p_offer_slots", acting_as=MD2, request_id=rid, payer_reviewer_id=MD2, slots=slots)
    # in a payer task the provider's office is simulated: it takes the earliest offered slot at once
    assert offered["status"] == "slot_selected" and offered["payer_reviewer_id"] == MD2
    assert offered["selected_slot"] == min(slots)
    assert _count(world, InboxMessage, case_id=case_id, kind="p2p_invitation") == 1
    sched = ok(world, "p2p_schedule", acting_as=MD2, request_id=rid)
    assert sched["status"] == "scheduled" and sched["scheduled_at"] == min(slots)
    with world.read() as s:
        art = s.get(WorkspaceArtifact, sched["invite_artifact_id"])
        assert art.filename == f"{rid}.ics" and "BEGIN:VEVENT" in art.content

    # the call: only the assigned reviewer holds the payer seat
    refused(world, "p2p_session_get_context", {"acting_as": MD1, "request_id": rid}, error="not_authorized", field="acting_as")
    ctx = ok(world, "p2p_session_get_context", acting_as=MD2, request_id=rid)
    assert ctx["agent_side"] == "payer" and ctx["session"]["started"] is False and ctx["transcript"] == []
    assert ctx["opening_statement"] and ctx["counterpart"]["worker_id"] == req["provider_worker_id"]
    refused(world, "p2p_session_submit_summary", {"acting_as": MD2, "request_id": rid,
            "summary": "Nothing was discussed on this call yet.", "proposed_outcome": "uphold_adverse"}, error="conflict", field="request_id")
    turn = ok(world, "p2p_session_send_turn", acting_as=MD2, request_id=rid,
              message="Thank you for joining. What in the records supports the PET study over other testing?")
    assert turn["counterpart_response"] and turn["agent_turns"] == 1 and turn["turns_left"] == turn["turn_limit"] - 1
    assert world.now() >= dt.datetime.fromisoformat(min(slots).replace("Z", "+00:00"))  # the call is held at its time
    with world.read() as s:
        assert s.get(P2PRequest, rid).status == "in_session"
        sess = s.query(P2PSession).filter_by(request_id=rid).one()
        assert s.query(P2PTurn).filter_by(session_id=sess.id).count() == 3  # opening, agent, counterpart
    refused(world, "p2p_record_outcome", {"acting_as": MD2, "request_id": rid,
            "outcome": "overturn_to_approval", "note": "Before the summary."}, error="conflict", field="request_id")
    after = ok(world, "p2p_session_get_context", acting_as=MD2, request_id=rid)
    assert [t["speaker"] for t in after["transcript"]] == ["counterpart", "agent", "counterpart"]
    summ = ok(world, "p2p_session_submit_summary", acting_as=MD2, request_id=rid,
              summary="The ordering physician explained the clinical findings behind the request.",
              proposed_outcome="overturn_to_approval")
    assert summ["finalized"] is True and summ["proposed_outcome"] == "overturn_to_approval"
    refused(world, "p2p_session_send_turn", {"acting_as": MD2, "request_id": rid,
            "message": "One more thing."}, error="conflict", field="request_id")

    refused(world, "p2p_record_outcome", {"acting_as": MD1, "request_id": rid,
            "outcome": "uphold_adverse", "note": "I still disagree."}, error="not_authorized", field="acting_as")
    before = world.now()
    done = ok(world, "p2p_record_outcome", acting_as=MD2, request_id=rid, outcome="overturn_to_approval",
              note="The ordering physician documented the findings that support the study.")
    assert done["status"] == "completed" and done["outcome"] == "overturn_to_approval"
    assert world.now() > before  # the clock ran to the end of the call
    assert _case(world, case_id).status == "under_review"  # the outcome does not move the case

    summary = ok(world, "determination_get_summary", acting_as=MD2, case_id=case_id)
    assert summary["p2p_request"]["outcome"] == "overturn_to_approval"
    assert summary["preflight_preview"]["approved"]["passes"] is True
    det = ok(world, "determination_finalize", acting_as=MD2, case_id=case_id, decision="approved",
             rationale="Overturned after peer-to-peer discussion.")
    assert det["case_status"] == "approved" and det["source"] == "p2p"
    with world.read() as s:
        assert s.query(Determination).filter_by(case_id=case_id).one().decision == "approved"
    FLOWS_RUN.add("p2p")


# --------------------------------------------------------------------------- odds and ends


def test_reads_write_nothing_and_list_results_stay_bounded(make_world):
    world, case_id = make_world("uppp", "md_review")
    before = snapshot(world)["digest"]
    for name, args in (("payer_intake_hub_list_intake_queue", {"include_complete": True, "limit": 200}),
                       ("payer_intake_hub_get_intake_case", {"case_id": case_id}),
                       ("review_get_md_review_data", {"case_id": case_id}),
                       ("review_get_nurse_review_data", {"case_id": case_id}),
                       ("determination_get_summary", {"case_id": case_id}),
                       ("p2p_list", {"limit": 200}), ("payer_letter_center_list", {"limit": 50}),
                       ("triage_get", {"case_id": case_id})):
        is_error, payload = dispatch(world, "payer", name, {"acting_as": AMD, **args})
        assert not is_error, payload
        assert len(str(payload)) < MAX_RESULT_CHARS
    assert snapshot(world)["digest"] == before
    refused(world, "payer_letter_center_list", {"acting_as": AMD, "limit": 500}, error="invalid_input", field="limit")
    refused(world, "payer_intake_hub_get_intake_case", {"acting_as": "WKR-PAC-01",
            "case_id": case_id}, error="not_authorized", field="acting_as")
    refused(world, "payer_letter_center_get", {"acting_as": AMD, "letter_id": "LET-9999"}, error="not_found", field="letter_id")


def test_every_payer_tool_was_called():
    if FLOWS_RUN != FLOWS:
        pytest.skip("run the whole module: the flows call the tools")
    assert CALLED >= EXPECTED, sorted(EXPECTED - CALLED)
