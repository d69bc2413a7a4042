"""A peer-to-peer follows a preliminary adverse determination (paper App. D.2): the medical director pre-denies
(decision ``p2p_review``: the intended denial, noticed to the provider), the requesting office asks for the
P2P, then an independent reviewer holds it. Every step out of that order is refused with a clear error and
writes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from chibench.world.apps.md_review import services as md
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import InboxMessage
from chibench.world.core import machines
from chibench.world.core.db import Event
from chibench.world.core.errors import AuthorityError, Conflict
from chibench.world.core.validate import iso_datetime
from chibench.world.core.world import SYSTEM_ACTOR
from tests.support import refused_call
from tests.world.apps import payer_support as cp

SLOT = "2026-10-06T15:00:00Z"


def pre_denied():
    w = cp.to_md_review()
    out = md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review",
                                     rationale="intend to deny", policy_citations=[cp.C1_CITE], signed_off=True)
    return w, out


def request(w, actor=cp.PAC):
    return p2p.request_p2p(w, acting_as=actor, case_id=cp.CASE, reason="discuss the intended denial")


def test_order_preliminary_denial_then_the_offices_request_then_the_reviewer():
    w, out = pre_denied()
    with w.read() as s:
        req = s.get(P2PRequest, out["p2p_request_id"])
        notice = s.scalars(select(InboxMessage).where(InboxMessage.kind == "preliminary_adverse_determination")).one()
        events = {e.action: e for e in s.scalars(select(Event).where(Event.case_id == cp.CASE))}
        decided, requested = events["review.submit_md_case_decision"], events["p2p.request"]
        # the MD pre-denies, the provider is noticed, and only then does the office (a provider worker) request
        assert decided.at <= notice.sent_at < req.created_at == requested.at
        assert requested.actor_id == cp.PAC and (req.status, req.md_decision_id) == ("requested", out["id"])
        assert cp.C1_CITE in notice.body and req.original_reviewer_id == cp.MD1
    assert out["case_status"] == "under_review"


REFUSED_REQUESTS = [
    # (what the MD did first, why the office's request is refused)
    ("nothing", "no preliminary adverse determination"),
    ("deny", "no preliminary adverse determination"),
    ("approve", "no preliminary adverse determination"),
    ("p2p_review", "already requested"),
]


@pytest.mark.parametrize(("md_step", "why"), REFUSED_REQUESTS)
def test_request_refused_out_of_order(md_step, why):
    w = cp.to_md_review()
    if md_step == "deny":
        cp.md_deny(w)
    elif md_step == "approve":
        md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="approve", rationale="met")
    elif md_step == "p2p_review":
        md.submit_md_case_decision(w, acting_as=cp.MD1, case_id=cp.CASE, decision="p2p_review", rationale="x")
    err = refused_call(w, Conflict, lambda: request(w), field="case_id")
    assert why in err.message


def test_only_the_requesting_office_may_request():
    w = cp.to_md_review()
    refused_call(w, AuthorityError, lambda: request(w, actor=cp.PAC_OTHER), field="acting_as")
    refused_call(w, AuthorityError, lambda: request(w, actor=cp.MD2), field="acting_as")


def _p2p_before_any_denial(w, status: str) -> str:
    """A P2P request that rests on no preliminary adverse determination (what the world used to open)."""
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.p2p_row", allow_system=True) as tx:
        req = P2PRequest(id="P2P-EARLY", case_id=cp.CASE, md_decision_id=None, original_reviewer_id=cp.MD1,
                         payer_reviewer_id=cp.MD2, provider_worker_id=cp.PCP, status=None, reason="early",
                         offered_slots=[SLOT], selected_slot=None, scheduled_at=None, outcome=None,
                         outcome_note=None, created_at=tx.now, due_at=None)
        tx.transition(machines.P2P, req, "requested", case_id=cp.CASE)
        tx.session.add(req)
        tx.session.flush()
        for nxt in {"requested": [], "slot_selected": ["slots_offered", "slot_selected"],
                    "scheduled": ["slots_offered", "slot_selected", "scheduled"]}[status]:
            tx.transition(machines.P2P, req, nxt, case_id=cp.CASE)
        if status != "requested":
            req.selected_slot = req.scheduled_at = iso_datetime(SLOT, "slot")
    return "P2P-EARLY"


ACTIONS = [
    ("requested", "offer peer-to-peer slots",
     lambda w, rid: p2p.offer_slots(w, acting_as=cp.INTAKE, request_id=rid, payer_reviewer_id=cp.MD2, slots=[SLOT])),
    ("slot_selected", "schedule the peer-to-peer call",
     lambda w, rid: p2p.schedule(w, acting_as=cp.INTAKE, request_id=rid)),
    ("scheduled", "record the peer-to-peer outcome",
     lambda w, rid: p2p.record_outcome(w, acting_as=cp.MD2, request_id=rid, outcome="uphold_adverse", note="x")),
]


@pytest.mark.parametrize(("status", "action", "call"), ACTIONS, ids=[a[0] for a in ACTIONS])
def test_scheduling_before_a_preliminary_denial_is_refused(status, action, call):
    w = cp.to_md_review()
    rid = _p2p_before_any_denial(w, status)
    err = refused_call(w, Conflict, lambda: call(w, rid), field="request_id")
    assert action in err.message and "preliminary adverse determination" in err.message
