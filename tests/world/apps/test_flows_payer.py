"""Payer UM service layer as a whole: end-to-end flows, atomicity, attribution, read-only reads, conventions.

Per-app success/refusal tests live in the app folders beside this file (``intake_hub/``, ``triage/``, …).
"""

from __future__ import annotations

import inspect
from typing import get_type_hints

import pytest
from sqlalchemy import select

from chibench.world.apps import payer_writes as pw
from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.determination import services as det
from chibench.world.apps.intake_hub import services as intake
from chibench.world.apps.letter_center import services as letters
from chibench.world.apps.md_review import services as md
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.triage import services as triage
from chibench.world.core.db import Event, IdCounter, StateTransition
from chibench.world.core.world import World
from tests.support import digest
from tests.world.apps import payer_support as cp

MODULES = (intake, triage, nurse, md, det, p2p, letters, appeals)


# --------------------------------------------------------------------------- end-to-end flows


def test_flow_intake_pend_with_letter_and_member_notice():
    w = cp.build_payer_world()
    cp.do_intake(w, complete=False)
    let = letters.generate_pend(w, acting_as=cp.INTAKE, case_id=cp.CASE, fields=cp.PEND, body=cp.PEND_BODY,
                                subject="Information needed")
    letters.deliver(w, acting_as=cp.INTAKE, letter_id=let["id"], channel="portal")
    letters.generate_notification(w, acting_as=cp.INTAKE, case_id=cp.CASE, notification_type="pend",
                                  body="Your doctor has been asked for more information.", language="English")
    assert cp.case_status(w) == "pended_action_required"


def test_flow_triage_to_nurse_approval_and_letter():
    w = cp.to_nurse_review()
    cp.evaluate(w)
    cp.evaluate(w, criterion="C2", result="met")
    nurse.submit_nurse_case_recommendation(w, acting_as=cp.NURSE, case_id=cp.CASE, recommendation="approve",
                                           clinical_summary="both criteria met")
    det.finalize(w, acting_as=cp.NURSE, case_id=cp.CASE, decision="approved")
    let = letters.generate_approval(w, acting_as=cp.NURSE, case_id=cp.CASE, fields=cp.APPROVAL, body=cp.APPROVAL_BODY,
                                    subject="Approved")
    letters.deliver(w, acting_as=cp.NURSE, letter_id=let["id"], channel="portal")
    assert cp.case_status(w) == "approved"


def test_flow_md_denial_letter_appeal_and_external_review():
    w = cp.to_md_review()
    cp.set_payer_mode(w, "queue")  # the appeals staff are this test's callers (no appeals desk)
    cp.evaluate(w, cp.MD1, stage="md", result="not_met")
    cp.md_deny(w)
    det.finalize(w, acting_as=cp.MD1, case_id=cp.CASE, decision="denied", rationale="not met",
                 policy_citations=[cp.C1_CITE])
    let = letters.generate_denial(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY,
                                  subject="Denied")
    letters.deliver(w, acting_as=cp.MD1, letter_id=let["id"], channel="portal")
    letters.generate_notification(w, acting_as=cp.MD1, case_id=cp.CASE, notification_type="appeal_rights",
                                  body="You can appeal within 180 days.", language="English")
    ap = appeals.file_internal_appeal(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="disagree")
    appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"], reviewer_id=cp.AMD1)
    appeals.decide(w, acting_as=cp.AMD1, appeal_id=ap["id"], outcome="upheld", rationale="not met",
                   policy_citations=[cp.C1_CITE])
    ext = appeals.file_external_review(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="IRO please")
    appeals.assign_external_review(w, acting_as=cp.ERC, appeal_id=ext["id"], external_org="State IRO")
    appeals.record_external_decision(w, acting_as=cp.ERC, appeal_id=ext["id"], outcome="upheld", rationale="agree")
    assert cp.case_status(w) == "external_appeal_upheld"
    with w.read() as s:
        path = [t.to_state for t in s.scalars(select(StateTransition).where(
            StateTransition.machine == "pa_case", StateTransition.entity_id == cp.CASE).order_by(StateTransition.seq))]
    assert path == ["under_review", "denied", "appealed", "appeal_upheld", "external_appealed",
                    "external_appeal_upheld"]


# --------------------------------------------------------------------------- engine guarantees


def test_a_failure_mid_write_rolls_back_everything(monkeypatch):
    w = cp.build_payer_world()
    cp.do_intake(w)
    cp.do_triage(w, route=False)
    before = digest(w)
    with w.read() as s:
        counters = {c.prefix: c.value for c in s.scalars(select(IdCounter))}

    def boom(*_a, **_k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(pw, "create_task", boom)  # fails after the routing record and its id were minted
    with pytest.raises(RuntimeError):
        triage.route_case(w, acting_as=cp.INTAKE, case_id=cp.CASE)
    assert digest(w) == before
    with w.read() as s:
        assert {c.prefix: c.value for c in s.scalars(select(IdCounter))} == counters


def test_every_write_is_attributed_and_stamped_monotonically():
    w = cp.to_md_review()
    cp.md_deny(w)
    with w.read() as s:
        events = [(e.action, e.actor_id, e.role, e.at) for e in
                  s.scalars(select(Event).where(Event.actor_id != "SYSTEM").order_by(Event.seq))]
    actions = {e[0] for e in events}
    assert {"payer_intake_hub.confirm_decisions", "triage.set_disposition", "triage.route_case",
            "review.save_criteria_evaluation", "review.submit_nurse_case_recommendation",
            "review.submit_md_case_decision", "pa_case.transition", "review_task.transition"} <= actions
    assert all(e[2] for e in events)
    stamps = [e[3] for e in events]
    assert stamps == sorted(stamps)
    by_action = {e[0]: e for e in events}
    assert by_action["review.submit_md_case_decision"][1:3] == (cp.MD1, "medical_director")


def _reads(ids):
    a, c, letter_id, appeal_id = cp.INTAKE, cp.CASE, ids["letter"], ids["appeal"]
    return [
        lambda w: intake.list_intake_queue(w, acting_as=a, include_complete=True),
        lambda w: intake.get_intake_case(w, acting_as=a, case_id=c),
        lambda w: intake.list_documents(w, acting_as=a, case_id=c),
        lambda w: triage.get_triage(w, acting_as=a, case_id=c),
        lambda w: triage.calculate_sla(w, acting_as=a, case_id=c, urgency_level="stat"),
        lambda w: triage.check_gold_card(w, acting_as=a, case_id=c),
        lambda w: nurse.get_nurse_review_data(w, acting_as=a, case_id=c),
        lambda w: md.get_md_review_data(w, acting_as=a, case_id=c),
        lambda w: det.get_summary(w, acting_as=a, case_id=c),
        lambda w: p2p.list_requests(w, acting_as=a),
        lambda w: letters.list_letters(w, acting_as=a, case_id=c),
        lambda w: letters.get_letter(w, acting_as=a, letter_id=letter_id),
        lambda w: letters.list_notifications(w, acting_as=a, case_id=c),
        lambda w: letters.audit_completeness(w, acting_as=a, letter_id=letter_id),
        lambda w: appeals.list_appeals(w, acting_as=a, case_id=c),
        lambda w: appeals.get_appeal(w, acting_as=a, appeal_id=appeal_id),
    ]


def test_reads_never_write_or_move_the_clock():
    w = cp.denied()
    let = letters.generate_denial(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY, subject="x")
    ap = appeals.file_internal_appeal(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="disagree")
    before, clock = digest(w), w.now()
    for read in _reads({"letter": let["id"], "appeal": ap["id"]}):
        read(w)
    assert digest(w) == before and w.now() == clock


def test_views_never_return_the_precedence_lane():
    w = cp.to_md_review()
    for view in (nurse.get_nurse_review_data(w, acting_as=cp.NURSE, case_id=cp.CASE),
                 md.get_md_review_data(w, acting_as=cp.MD1, case_id=cp.CASE),
                 triage.get_triage(w, acting_as=cp.INTAKE, case_id=cp.CASE)):
        assert view["routing"] and all(set(r) & {"policy_lane", "details"} == set() for r in view["routing"])


def test_payer_views_never_expose_provider_originals():
    w = cp.to_nurse_review()
    blobs = [nurse.get_nurse_review_data(w, acting_as=cp.NURSE, case_id=cp.CASE),
             md.get_md_review_data(w, acting_as=cp.MD1, case_id=cp.CASE),
             intake.get_intake_case(w, acting_as=cp.INTAKE, case_id=cp.CASE),
             intake.list_documents(w, acting_as=cp.INTAKE, case_id=cp.CASE)]
    text = repr(blobs)
    assert cp.DOC_PROVIDER not in text.replace(f"'copied_from': '{cp.DOC_PROVIDER}'", "")
    assert cp.DOC_OTHER not in text


# --------------------------------------------------------------------------- conventions


def _public_functions():
    for mod in MODULES:
        for name, fn in inspect.getmembers(mod, inspect.isfunction):
            if not name.startswith("_") and fn.__module__ == mod.__name__:
                yield f"{mod.__name__.rsplit('.', 2)[-2]}.{name}", fn


@pytest.mark.parametrize(("name", "fn"), list(_public_functions()))
def test_service_signature_convention(name, fn):
    params = list(inspect.signature(fn).parameters.values())
    assert params[0].name == "world" and params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, name
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:]), name
    assert params[1].name == "acting_as", name
    hints = get_type_hints(fn)
    assert hints["world"] is World, name
    assert str(hints["return"]) in ("dict[str, typing.Any]", "list[dict[str, typing.Any]]"), name
    assert fn.__doc__ and "Errors" in fn.__doc__, f"{name}: docstring must list its errors"


def test_every_payer_tool_has_a_service():
    names = {n.split(".", 1)[1] for n, _ in _public_functions()}
    wanted = {"list_intake_queue", "get_intake_case", "create_intake_case", "save_auth_header", "save_diagnoses",
              "save_requesting_provider", "add_line_item", "update_line_item", "remove_line_item", "list_documents",
              "confirm_decisions", "get_triage", "calculate_sla", "check_gold_card", "set_disposition", "route_case",
              "get_nurse_review_data", "save_criteria_evaluation", "submit_nurse_case_recommendation",
              "get_md_review_data", "save_md_review", "submit_md_case_decision", "get_summary", "finalize",
              "list_requests", "offer_slots", "schedule", "record_outcome", "list_letters", "get_letter",
              "generate_approval", "generate_partial_approval", "generate_denial", "generate_pend",
              "generate_notification", "deliver", "reissue", "audit_completeness"}
    assert wanted <= names, wanted - names
