"""P2P scheduler: slots offered by the payer, selected by the office, scheduled, the outcome recorded and the
determination it resolves."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps.determination import services as det
from chibench.world.apps.md_review import services as md
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_session.models import P2PSession
from chibench.world.apps.pa_workbench.models import InboxMessage
from chibench.world.core.db import WorkspaceArtifact
from chibench.world.core.errors import (
    AuthorityError,
    Conflict,
    IllegalTransition,
    IndependenceError,
    InvalidInput,
    NotFound,
    PreflightFailed,
)
from chibench.world.core.world import SYSTEM_ACTOR
from tests.support import refused_call
from tests.world.apps import payer_support as cp

SLOT = "2026-10-06T15:00:00Z"


@pytest.fixture()
def p2p_world():
    w = cp.to_md_review()
    out = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review",
                                     rationale="intend to deny")
    yield w, out["p2p_request_id"]
    w.close()


def offer(w, rid, reviewer=cp.MD2, slots=(SLOT, "2026-10-07T15:00:00Z"), actor=cp.INTAKE):
    return p2p.offer_slots(w, acting_as=actor, request_id=rid, payer_reviewer_id=reviewer, slots=list(slots))


def test_p2p_full_cycle_resolves_the_determination(p2p_world):
    w, rid = p2p_world
    out = offer(w, rid)
    assert out["status"] == "slots_offered" and out["payer_reviewer_id"] == cp.MD2
    assert p2p.select_slot(w, acting_as=cp.PAC, request_id=rid, slot="2026-10-06T10:00:00-05:00")["status"] == \
        "slot_selected"
    out = p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid, scheduled_at=SLOT)
    assert out["scheduled_at"] == SLOT
    with w.read() as s:
        art = s.get(WorkspaceArtifact, out["invite_artifact_id"])
        assert art.scope == "shared" and art.filename.endswith(".ics") and "DTSTART:20261006T150000Z" in art.content
        kinds = [m.kind for m in s.scalars(select(InboxMessage).order_by(InboxMessage.id))]
        assert kinds == ["preliminary_adverse_determination", "p2p_invitation", "p2p_scheduled"]
    out = p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="overturn_to_approval",
                             note="PT notes confirm 8 weeks of therapy")
    assert out["status"] == "completed"
    assert w.now() >= dt.datetime(2026, 10, 6, 15, 20, tzinfo=dt.UTC)  # the clock ran to the end of the call
    final = det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE, decision="approved")
    assert (final["source"], final["source_record_id"]) == ("p2p", rid)
    assert p2p.list_requests(w, acting_as=cp.NURSE, case_id=cp.CASE)[0]["outcome"] == "overturn_to_approval"


def test_offer_slots_refusals(p2p_world):
    w, rid = p2p_world
    refused_call(w, IndependenceError, lambda: offer(w, rid, reviewer=cp.MD1), field="reviewer_id")
    refused_call(w, AuthorityError, lambda: offer(w, rid, reviewer=cp.NURSE), field="payer_reviewer_id")
    refused_call(w, NotFound, lambda: offer(w, rid, reviewer="WKR-MD-99"), field="payer_reviewer_id")
    refused_call(w, AuthorityError, lambda: offer(w, rid, actor=cp.PAC), field="acting_as")
    refused_call(w, NotFound, lambda: offer(w, "P2P-9999"), field="request_id")
    for slots, field in ((["2026-10-05T10:00:00Z"], "slots"), ([], "slots"), (["2026-10-06 15:00"], "slots[0]"),
                         ([SLOT, SLOT], "slots"), (["2026-11-30T15:00:00Z"], "slots"),
                         ([f"2026-10-0{d}T15:00:00Z" for d in range(6, 10)] + ["2026-10-10T15:00:00Z",
                                                                                "2026-10-11T15:00:00Z"], "slots")):
        refused_call(w, InvalidInput, lambda sl=slots: offer(w, rid, slots=sl), field=field)
    offer(w, rid)
    refused_call(w, IllegalTransition, lambda: offer(w, rid, reviewer=cp.MD3))


def test_select_schedule_and_outcome_refusals(p2p_world):
    w, rid = p2p_world
    refused_call(w, IllegalTransition, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                                outcome="uphold_adverse", note="x"))
    offer(w, rid)
    refused_call(w, AuthorityError, lambda: p2p.select_slot(w, acting_as=cp.PAC_OTHER, request_id=rid, slot=SLOT),
               field="acting_as")
    refused_call(w, AuthorityError, lambda: p2p.select_slot(w, acting_as=cp.MD2, request_id=rid, slot=SLOT),
               field="acting_as")
    refused_call(w, InvalidInput, lambda: p2p.select_slot(w, acting_as=cp.PAC, request_id=rid,
                                                        slot="2026-10-08T15:00:00Z"), field="slot")
    refused_call(w, IllegalTransition, lambda: p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid))
    p2p.select_slot(w, acting_as=cp.PCP, request_id=rid, slot=SLOT)
    refused_call(w, InvalidInput, lambda: p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid,
                                                     scheduled_at="2026-10-07T15:00:00Z"), field="scheduled_at")
    p2p.schedule(w, acting_as=cp.MD3, request_id=rid)
    refused_call(w, AuthorityError, lambda: p2p.record_outcome(w, acting_as=cp.MD3, request_id=rid,
                                                             outcome="uphold_adverse", note="x"), field="acting_as")
    refused_call(w, InvalidInput, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="approved",
                                                           note="x"), field="outcome")
    refused_call(w, InvalidInput, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                           outcome="uphold_adverse", note=""), field="note")
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.session", allow_system=True) as tx:
        tx.session.add(P2PSession(id="P2PS-1", request_id=rid, case_id=cp.CASE, agent_side="payer",
                                  agent_worker_id=cp.MD2, counterpart_worker_id=cp.PCP, turn_limit=10,
                                  started_at=tx.now))
    refused_call(w, Conflict, lambda: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid,
                                                       outcome="uphold_adverse", note="x"), field="request_id")


def test_p2p_upheld_leads_to_denial(p2p_world):
    w, rid = p2p_world
    offer(w, rid)
    p2p.select_slot(w, acting_as=cp.PAC, request_id=rid, slot=SLOT)
    p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid)
    p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="uphold_adverse", note="no new facts")
    assert cp.preflight_step(refused_call(w, PreflightFailed, lambda: det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE,
                                                                    decision="approved"))) == "P7"
    out = det.finalize(w, acting_as=cp.MD2, case_id=cp.CASE, **cp.DENY)
    assert out["source"] == "p2p" and out["decision"] == "denied"
