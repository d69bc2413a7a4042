"""Peer-to-peer scheduler services: offer slots, the provider's slot choice, scheduling and the outcome.

Tool namespace ``p2p`` (payer); ``request_p2p`` and ``select_slot`` are the provider side's actions (its
simulator or provider tools call them). Order (paper App. D.2): the medical director's preliminary adverse
determination (``md_review`` decision ``p2p_review``) comes first; only then may the requesting provider
ask for the peer-to-peer, and only a requested P2P that still rests on that live preliminary
determination can be offered, scheduled or held — anything earlier is refused with a ``Conflict`` naming
the missing step. Lifecycle ``machines.P2P``: requested → slots_offered → slot_selected →
scheduled → in_session → completed. The payer reviewer must be a physician reviewer other than the
physician whose intended adverse decision is discussed (``rules.authority.check_independence``;
29 CFR 2560.503-1(h)(3)(v), 42 CFR 422.566(d)). The outcome (``uphold_adverse`` |
``overturn_to_approval``) is what lets determination preflight P6 resolve a ``p2p_review`` decision.
Slots are UTC instants strictly after the current simulated time and at most 14 days ahead (this
world's convention). Recording the outcome of a call whose time has not come lets the simulated
clock run to the end of the call (scheduled time + 20 minutes).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.p2p_session.models import P2PSession
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.clock import ACTION_TICK, iso
from chibench.world.core.db import WorldSetting
from chibench.world.core.enums import P2POutcome, P2PStatus, WorkerRole, values
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import SYSTEM_ACTOR, Actor, Tx, World, get_or_404
from chibench.world.rules.authority import PHYSICIAN_REVIEWERS, PROVIDER_STAFF, check_independence, require_role

APP = "p2p_scheduler"
NS = "p2p"
MAX_SLOTS = 5
SLOT_HORIZON = dt.timedelta(days=14)
CALL_LENGTH = dt.timedelta(minutes=20)
OUTCOMES = values(P2POutcome)


def _request(s: Any, request_id: Any) -> P2PRequest:
    return get_or_404(s, P2PRequest, request_id, what="peer-to-peer request", field="request_id")


def _case(tx: Tx, req: P2PRequest) -> PACase:
    return pq.get_case(tx.session, req.case_id)


def _slots(value: Any, now: dt.datetime) -> list[dt.datetime]:
    if not isinstance(value, list) or not value:
        raise InvalidInput("offer at least one slot (ISO-8601 date-times with a time zone)", field="slots")
    if len(value) > MAX_SLOTS:
        raise InvalidInput(f"offer at most {MAX_SLOTS} slots", field="slots")
    out = sorted({v.iso_datetime(x, f"slots[{i}]").replace(microsecond=0) for i, x in enumerate(value)})
    if len(out) != len(value):
        raise InvalidInput("a slot is listed twice", field="slots")
    for slot in out:
        if not now < slot <= now + SLOT_HORIZON:
            raise InvalidInput(f"slot {iso(slot)} must be after {iso(now)} and within {SLOT_HORIZON.days} days",
                               field="slots")
    return out


def _preliminary_denial(s: Any, case: PACase) -> Any:
    """The live preliminary adverse determination of ``case`` (the MD's ``p2p_review`` decision), or None."""
    md = pq.active_md_decision(s, case.id)
    if md is None or md.decision != "p2p_review" or pq.active_determination(s, case.id) is not None:
        return None
    return md


def _require_preliminary_denial(s: Any, req: P2PRequest, action: str) -> None:
    case = pq.get_case(s, req.case_id)
    md = _preliminary_denial(s, case)
    if md is None or md.id != req.md_decision_id:
        raise Conflict(f"cannot {action}: a peer-to-peer follows a preliminary adverse determination, and "
                       f"request {req.id} no longer rests on a live one for case {case.id}", field="request_id")


def request_p2p(world: World, *, acting_as: str, case_id: str, reason: str) -> dict[str, Any]:
    """Provider side: the requesting office asks for a peer-to-peer on a preliminary adverse determination.

    Creates the P2P request (→ requested): ``original_reviewer_id`` = the MD who made the preliminary
    determination, provider side = the requesting clinician, due at the case's SLA deadline. The actor
    must be provider staff of the requesting clinician's organization (or that clinician).
    Errors: Conflict (no live preliminary adverse determination on the case — the MD has not pre-denied
    it, or it is already decided; a P2P already requested on it), InvalidInput (reason), AuthorityError,
    NotFound, UnknownActor.
    """
    why = v.text(reason, "reason")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.request") as tx:
        require_role(tx.actor.role, PROVIDER_STAFF, "request a peer-to-peer")
        case = pq.get_case(tx.session, case_id)
        clinician = tx.session.get(Worker, case.requesting_worker_id)
        if clinician is None or clinician.org_id != tx.actor.org_id:
            raise AuthorityError("only the requesting provider's office may request the peer-to-peer",
                                 field="acting_as")
        md = _preliminary_denial(tx.session, case)
        if md is None:
            raise Conflict(f"case {case.id} has no preliminary adverse determination; a peer-to-peer is requested "
                           "after the medical director's intended denial (decision p2p_review) and before the "
                           "final determination", field="case_id")
        if pq.p2p_for_decision(tx.session, md) is not None:
            raise Conflict(f"a peer-to-peer is already requested on case {case.id}'s preliminary determination",
                           field="case_id")
        triage = pq.triage_for(tx.session, case.id)
        req = P2PRequest(id=tx.new_id("P2P"), case_id=case.id, md_decision_id=md.id,
                         original_reviewer_id=md.reviewer_id, payer_reviewer_id=None,
                         provider_worker_id=case.requesting_worker_id, status=None, reason=why, offered_slots=[],
                         selected_slot=None, scheduled_at=None, outcome=None, outcome_note=None, created_at=tx.now,
                         due_at=triage.sla_deadline if triage else None)
        tx.transition(machines.P2P, req, P2PStatus.REQUESTED, case_id=case.id)
        tx.session.add(req)
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=req.id, details={"md_decision_id": md.id, "reason": why})
        tx.session.flush()
        return to_dict(req)


def _simulated_office_requests(world: World, *, case_id: str) -> dict[str, Any] | None:
    """The requesting office's answer to a preliminary adverse determination: it asks for the peer-to-peer
    at once, written by its PA coordinator (or the requesting clinician where the office has none). No
    agent-facing tool makes this request (the paper's provider surface has none), so the world always
    plays the office here. Returns the request, or None when there is nothing to request."""
    with world.read() as s:
        case = s.get(PACase, case_id)
        if case is None:
            return None
        md = _preliminary_denial(s, case)
        if md is None or pq.p2p_for_decision(s, md) is not None:
            return None
        clinician = s.get(Worker, case.requesting_worker_id)
        assert clinician is not None
        coord = s.scalars(select(Worker).where(Worker.org_id == clinician.org_id,
                                               Worker.role == WorkerRole.PA_COORDINATOR)
                          .order_by(Worker.id)).first()
        actor = coord.id if coord is not None else clinician.id
    return request_p2p(world, acting_as=actor, case_id=case_id,
                       reason=f"The ordering physician asks to discuss the intended denial of case {case_id} "
                              "with a physician reviewer before it becomes final.")


def list_requests(world: World, *, acting_as: str, case_id: str | None = None) -> list[dict[str, Any]]:
    """P2P requests, oldest first, optionally for one case. Errors: NotFound (case), UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        if case_id is not None:
            return [to_dict(p) for p in pq.p2p_requests(s, pq.get_case(s, case_id).id)]
        return [to_dict(p) for p in s.scalars(select(P2PRequest).order_by(P2PRequest.created_at, P2PRequest.id))]


def offer_slots(world: World, *, acting_as: str, request_id: str, payer_reviewer_id: str,
                slots: list[str]) -> dict[str, Any]:
    """Assign the payer-side physician and offer 1–5 slots (requested → slots_offered); the requesting
    provider gets an invitation in the inbox. When the provider side is simulated (a payer task,
    ``payer_mode = queue``) the ordering clinician's office picks the earliest slot at once
    (→ slot_selected), so the reviewer can schedule. ``payer_reviewer_id`` must name a physician reviewer who
    is not the original reviewer. Errors: InvalidInput (slots), NotFound (request, reviewer),
    AuthorityError (actor not payer UM staff; reviewer not a physician reviewer), IndependenceError,
    IllegalTransition (not in ``requested``), UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.offer_slots") as tx:
        require_role(tx.actor.role, pq.PAYER_UM_STAFF, "offer peer-to-peer slots")
        req = _request(tx.session, request_id)
        reviewer = pq.worker_with_role(tx.session, payer_reviewer_id, "payer_reviewer_id", PHYSICIAN_REVIEWERS,
                                       "payer peer-to-peer reviewer")
        check_independence(req.original_reviewer_id, reviewer.id, "peer-to-peer review")
        _require_preliminary_denial(tx.session, req, "offer peer-to-peer slots")
        offered = _slots(slots, tx.now)
        tx.transition(machines.P2P, req, P2PStatus.SLOTS_OFFERED, case_id=req.case_id)
        req.payer_reviewer_id, req.offered_slots = reviewer.id, [iso(x) for x in offered]
        case = _case(tx, req)
        pw.send_provider_message(
            tx, case, kind="p2p_invitation", subject=f"Peer-to-peer review offered for case {case.id}",
            body=f"{reviewer.display_name} offers a peer-to-peer discussion of case {case.id}. Available times "
                 f"(UTC): {', '.join(req.offered_slots)}. Reply with the time you choose.",
            details={"request_id": req.id, "slots": req.offered_slots, "payer_reviewer_id": reviewer.id})
        tx.log(case_id=req.case_id, entity_id=req.id, details={"payer_reviewer_id": reviewer.id,
                                                               "slots": req.offered_slots})
        if _provider_is_simulated(tx):
            _simulated_office_selects(tx, req)
        tx.session.flush()
        return to_dict(req)


def _provider_is_simulated(tx: Tx) -> bool:
    """In a payer task (``payer_mode = queue``) the provider's office is simulated by the world."""
    row = tx.session.get(WorldSetting, "payer_mode")
    return row is not None and row.value == "queue"


def _simulated_office_selects(tx: Tx, req: P2PRequest) -> None:
    """The ordering clinician's office takes the earliest offered slot (as real offices usually do)."""
    saved = tx.actor, tx.app
    tx.actor, tx.app = Actor(SYSTEM_ACTOR, WorkerRole.SYSTEM, None, None), "provider_office_simulator"
    try:
        earliest = min(req.offered_slots)
        tx.transition(machines.P2P, req, P2PStatus.SLOT_SELECTED, case_id=req.case_id,
                      reason="the ordering clinician's office chose the earliest slot")
        req.selected_slot = v.iso_datetime(earliest, "slot")
        tx.log("p2p.select_slot", case_id=req.case_id, entity_id=req.id, details={"slot": earliest, "simulated": True})
    finally:
        tx.actor, tx.app = saved


def select_slot(world: World, *, acting_as: str, request_id: str, slot: str) -> dict[str, Any]:
    """Provider side: choose one offered slot (slots_offered → slot_selected). The actor must be provider
    staff of the requesting clinician's organization. Errors: InvalidInput (slot not offered),
    AuthorityError, IllegalTransition, NotFound, UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.select_slot") as tx:
        require_role(tx.actor.role, PROVIDER_STAFF, "choose a peer-to-peer slot")
        req = _request(tx.session, request_id)
        clinician = tx.session.get(Worker, req.provider_worker_id)
        if clinician is None or clinician.org_id != tx.actor.org_id:
            raise AuthorityError("only the requesting provider's office may choose the slot", field="acting_as")
        chosen = v.iso_datetime(slot, "slot").replace(microsecond=0)
        if iso(chosen) not in req.offered_slots:
            raise InvalidInput(f"'{slot}' was not offered", field="slot", allowed=req.offered_slots)
        tx.transition(machines.P2P, req, P2PStatus.SLOT_SELECTED, case_id=req.case_id)
        req.selected_slot = chosen
        tx.log(case_id=req.case_id, entity_id=req.id, details={"slot": iso(chosen)})
        tx.session.flush()
        return to_dict(req)


def schedule(world: World, *, acting_as: str, request_id: str, scheduled_at: str | None = None) -> dict[str, Any]:
    """Confirm the chosen slot (slot_selected → scheduled): writes a calendar invite (``.ics``) to the
    shared workspace and a confirmation to the provider's inbox. ``scheduled_at``, if given, must equal
    the selected slot. Errors: InvalidInput, IllegalTransition, NotFound, AuthorityError / UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.schedule") as tx:
        require_role(tx.actor.role, pq.PAYER_UM_STAFF, "schedule a peer-to-peer call")
        req = _request(tx.session, request_id)
        _require_preliminary_denial(tx.session, req, "schedule the peer-to-peer call")
        if scheduled_at is not None and req.selected_slot is not None and \
                v.iso_datetime(scheduled_at, "scheduled_at").replace(microsecond=0) != req.selected_slot:
            raise InvalidInput(f"the provider chose {iso(req.selected_slot)}", field="scheduled_at",
                               allowed=[iso(req.selected_slot)])
        tx.transition(machines.P2P, req, P2PStatus.SCHEDULED, case_id=req.case_id)
        assert req.selected_slot is not None
        req.scheduled_at = req.selected_slot
        case = _case(tx, req)
        stamp = lambda t: iso(t).replace("-", "").replace(":", "")  # noqa: E731
        ics = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chibench//p2p//EN", "BEGIN:VEVENT",
                           f"UID:{req.id}@chibench", f"DTSTAMP:{stamp(tx.now)}", f"DTSTART:{stamp(req.scheduled_at)}",
                           f"DTEND:{stamp(req.scheduled_at + CALL_LENGTH)}",
                           f"SUMMARY:Peer-to-peer review, case {case.id}", "END:VEVENT", "END:VCALENDAR", ""])
        art = pw.add_artifact(tx, case_id=case.id, scope="shared", artifact_type="p2p_invite",
                              filename=f"{req.id}.ics", content=ics, details={"request_id": req.id})
        pw.send_provider_message(tx, case, kind="p2p_scheduled", subject=f"Peer-to-peer confirmed: case {case.id}",
                                 body=f"The peer-to-peer call for case {case.id} is confirmed for "
                                      f"{iso(req.scheduled_at)} (UTC).",
                                 details={"request_id": req.id, "artifact_id": art.id})
        tx.log(case_id=case.id, entity_id=req.id, details={"scheduled_at": iso(req.scheduled_at),
                                                           "artifact_id": art.id})
        tx.session.flush()
        return {**to_dict(req), "invite_artifact_id": art.id}


def _wait_for_call(world: World, request_id: Any) -> dt.timedelta:
    """Clock cost of recording an outcome: until the call has ended if it is still ahead."""
    with world.read() as s:
        req = s.get(P2PRequest, request_id) if isinstance(request_id, str) else None
        if req is None or req.scheduled_at is None:
            return ACTION_TICK
        return max(ACTION_TICK, req.scheduled_at + CALL_LENGTH - pq.current_time(s))


def record_outcome(world: World, *, acting_as: str, request_id: str, outcome: str, note: str) -> dict[str, Any]:
    """Record the P2P outcome (scheduled → in_session → completed, or in_session → completed).

    Only the assigned payer reviewer may record it. outcome: uphold_adverse | overturn_to_approval;
    ``note`` required. A session transcript, if one was started, must be finalized first. The case
    status is untouched: the determination resolves from this outcome (preflight P6).
    Errors: InvalidInput (outcome, note), AuthorityError (not the assigned reviewer), Conflict (session
    open), IllegalTransition, NotFound, UnknownActor.
    """
    result = v.choice(outcome, OUTCOMES, "outcome")
    text = v.text(note, "note")
    cost = _wait_for_call(world, request_id)
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.record_outcome", cost=cost) as tx:
        require_role(tx.actor.role, PHYSICIAN_REVIEWERS, "record a peer-to-peer outcome")
        req = _request(tx.session, request_id)
        if req.status not in (P2PStatus.SCHEDULED, P2PStatus.IN_SESSION):  # not held yet: refuse the move itself
            machines.check(machines.P2P, str(req.status), P2PStatus.COMPLETED, entity_id=req.id)
        if req.payer_reviewer_id != tx.actor.id:
            raise AuthorityError(f"only the assigned payer reviewer ({req.payer_reviewer_id}) records the outcome",
                                 field="acting_as")
        _require_preliminary_denial(tx.session, req, "record the peer-to-peer outcome")
        session = tx.session.scalars(select(P2PSession).where(P2PSession.request_id == req.id)).one_or_none()
        if session is not None and not session.finalized:
            raise Conflict(f"P2P session {session.id} is still open; submit its summary first", field="request_id")
        if req.status == P2PStatus.SCHEDULED:
            tx.transition(machines.P2P, req, P2PStatus.IN_SESSION, case_id=req.case_id,
                          reason="call held without a recorded session")
        tx.transition(machines.P2P, req, P2PStatus.COMPLETED, case_id=req.case_id)
        req.outcome, req.outcome_note = result, text
        tx.log(case_id=req.case_id, entity_id=req.id, details={"outcome": result})
        tx.session.flush()
        return to_dict(req)
