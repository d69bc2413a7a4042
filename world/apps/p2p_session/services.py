"""Peer-to-peer session services: the live call between the two physicians, one side simulated.

Tool namespace ``p2p_session`` (payer and provider surfaces). The side the agent holds follows from
the acting worker: the request's **assigned payer reviewer** (a physician reviewer) holds the payer
seat and talks to the simulated ordering clinician; the **ordering clinician** of the case holds the
provider seat and talks to the simulated plan reviewer. Anyone else is refused.

* ``get_context`` — read-only: the request, the case line, the agent's side, the counterpart, the
  turn limit, the counterpart's opening statement (before the call starts), the transcript and
  whether the session is finalized;
* ``send_turn`` — one agent turn and the counterpart's reply. The first turn opens the session: the
  request must be ``scheduled`` (→ ``in_session``); if the slot is still ahead, the simulated clock
  runs to it; the opening statement is recorded as turn 1. Agent turns are limited (the contract's
  ``turn_limit``); when the counterpart closes the call or the limit is reached no further turns are
  taken and the session must be summarized;
* ``submit_summary`` — the agent's written summary and proposed outcome finalize the session. On the
  payer side the reviewer then records the outcome with ``p2p_record_outcome``; on the provider side
  the simulated plan reviewer records its decision at once (its contract's ``decision`` rule applied
  to what was said on the call) through ``p2p_scheduler.record_outcome``, as the assigned reviewer.

The counterpart is simulated from the service's hidden contract by the backend configured when the
session starts (``CHIBENCH_COUNTERPART_BACKEND``), recorded on the session and on every counterpart
turn (model, tokens and cost for live). Each agent turn records the facts it brought out (per reveal
mode), the never-facts it probed and the authored responses it drew (``details.events``; the session
``state`` and ``revealed_fact_ids`` accumulate them; never shown to the agent). A model error or
timeout raises ``RetryableError`` and records nothing.
"""

from __future__ import annotations

import datetime as dt
from contextlib import nullcontext
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr.models import Patient, ServiceRequest
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.p2p_session.models import P2PSession, P2PTurn
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.db import SimClock
from chibench.world.core.enums import P2POutcome, P2PStatus, values
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, RetryableError, UnknownActor
from chibench.world.core.serialize import plain, to_dict
from chibench.world.core.world import World, get_or_404
from chibench.world.counterparts.backends import backend_for
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.contracts import STOP_TOKEN, P2PCounterpart, opposite
from chibench.world.counterparts.engine import P2PEngine
from chibench.world.counterparts.store import counterpart_for
from chibench.world.rules.authority import CLINICIANS, PHYSICIAN_REVIEWERS

APP = "p2p_session"
NS = "p2p_session"
#: Simulated time one exchange on the call takes.
TURN_COST = dt.timedelta(minutes=1)
MAX_MESSAGE = 4_000
OUTCOMES = values(P2POutcome)


# ------------------------------------------------------------------------------------------ helpers


def _worker(s: Session, acting_as: Any) -> Worker:
    if not isinstance(acting_as, str) or not acting_as:
        raise UnknownActor("an acting worker id is required", field="acting_as")
    w = s.get(Worker, acting_as)
    if w is None:
        raise UnknownActor(f"no worker with id '{acting_as}'", field="acting_as")
    return w


def _request(s: Session, request_id: Any) -> P2PRequest:
    return get_or_404(s, P2PRequest, request_id, what="peer-to-peer request", field="request_id")


def _order(s: Session, req: P2PRequest) -> tuple[PACase, ServiceRequest]:
    case = s.get(PACase, req.case_id)
    assert case is not None
    order = s.get(ServiceRequest, case.order_id)
    assert order is not None
    return case, order


def _side(s: Session, worker: Worker, req: P2PRequest) -> str:
    """The seat the actor holds on this call, or AuthorityError."""
    _, order = _order(s, req)
    if worker.role in PHYSICIAN_REVIEWERS:
        if req.payer_reviewer_id != worker.id:
            raise AuthorityError(f"the payer seat on {req.id} belongs to the assigned reviewer "
                                 f"({req.payer_reviewer_id or 'none assigned yet'})", field="acting_as")
        return "payer"
    if worker.role in CLINICIANS:
        if worker.id != order.ordering_worker_id:
            raise AuthorityError(f"the provider seat on {req.id} belongs to the ordering clinician "
                                 f"({order.ordering_worker_id})", field="acting_as")
        return "provider"
    raise AuthorityError(f"a worker with role '{worker.role}' does not take part in peer-to-peer calls",
                         field="acting_as", allowed=sorted(str(r) for r in PHYSICIAN_REVIEWERS | CLINICIANS))


def _session(s: Session, req: P2PRequest) -> P2PSession | None:
    return s.scalars(select(P2PSession).where(P2PSession.request_id == req.id)).one_or_none()


def _turns(s: Session, session_id: str) -> list[P2PTurn]:
    return list(s.scalars(select(P2PTurn).where(P2PTurn.session_id == session_id).order_by(P2PTurn.turn_number)))


def _counterpart(s: Session, req: P2PRequest, agent_side: str) -> P2PCounterpart:
    _, order = _order(s, req)
    cp = counterpart_for(s, order.service_slug, opposite(agent_side))
    if cp is None:
        raise Conflict(f"no one can take the {opposite(agent_side)} side of {req.id} in this world (no simulated "
                       "counterpart is configured for this case)", field="request_id")
    return cp


def _counterpart_worker(s: Session, req: P2PRequest, cp: P2PCounterpart) -> Worker:
    wid = cp.identity.worker_id if cp.side == "provider" else req.payer_reviewer_id
    w = s.get(Worker, wid) if wid else None
    if w is None:
        raise Conflict(f"{req.id} has no {cp.side}-side physician for the call yet", field="request_id")
    return w


def _name(w: Worker) -> str:
    return f"{w.given_name} {w.family_name}, {w.credentials}" if w.credentials else f"{w.given_name} {w.family_name}"


def _case_line(s: Session, req: P2PRequest) -> dict[str, Any]:
    case, order = _order(s, req)
    p = s.get(Patient, case.patient_id)
    lines = list(s.scalars(select(PALine).where(PALine.case_id == case.id).order_by(PALine.line_number)))
    return {"case_id": case.id, "request_id": req.id, "member": f"{p.given_name} {p.family_name}" if p else "",
            "service": "; ".join(ln.display for ln in lines), "codes": [ln.code for ln in lines],
            "concern": req.reason, "service_slug": order.service_slug}


def _transcript(turns: list[P2PTurn]) -> list[dict[str, Any]]:
    return [{"turn_number": t.turn_number, "speaker": t.speaker, "text": t.text, "at": plain(t.at)} for t in turns]


def _message(value: Any) -> str:
    text = v.text(value, "message", max_len=MAX_MESSAGE)
    if STOP_TOKEN in text:
        raise InvalidInput(f"{STOP_TOKEN} is the counterpart's end-of-call signal; to conclude, submit the summary "
                           "with p2p_session_submit_summary", field="message")
    return text


def _session_view(sess: P2PSession | None, turn_limit: int) -> dict[str, Any]:
    if sess is None:
        return {"session_id": None, "started": False, "agent_turns": 0, "turn_limit": turn_limit,
                "turns_left": turn_limit, "ended": False, "end_reason": None, "finalized": False, "backend": None}
    state = sess.state or {}
    return {"session_id": sess.id, "started": True, "agent_turns": sess.agent_turns, "turn_limit": sess.turn_limit,
            "turns_left": max(0, sess.turn_limit - sess.agent_turns), "ended": bool(state.get("ended")),
            "end_reason": state.get("end_reason"), "finalized": sess.finalized, "backend": sess.backend,
            "started_at": plain(sess.started_at), "ended_at": plain(sess.ended_at)}


# ------------------------------------------------------------------------------------------ services


def get_context(world: World, *, acting_as: str, request_id: str) -> dict[str, Any]:
    """The call as the acting physician sees it (writes nothing).

    Returns ``{request, case, agent_side, counterpart{worker_id, name, role, organization},
    opening_statement, session{session_id, started, agent_turns, turn_limit, turns_left, ended,
    end_reason, finalized, backend}, transcript[{turn_number, speaker (agent|counterpart), text, at}],
    summary, proposed_outcome}``. ``opening_statement`` is what the counterpart says first when the call
    starts (it becomes transcript turn 1). Errors: ``unknown_actor``, ``not_authorized`` (not a seat on
    this call), ``not_found``, ``conflict`` (no simulated counterpart; no reviewer assigned yet).
    """
    with world.read() as s:
        worker = _worker(s, acting_as)
        req = _request(s, request_id)
        side = _side(s, worker, req)
        cp = _counterpart(s, req, side)
        other = _counterpart_worker(s, req, cp)
        sess = _session(s, req)
        line = _case_line(s, req)
        return {
            "request": {k: plain(getattr(req, k)) for k in ("id", "case_id", "status", "reason", "scheduled_at",
                                                             "payer_reviewer_id", "provider_worker_id", "outcome")},
            "case": {k: line[k] for k in ("case_id", "member", "service", "codes")},
            "agent_side": side,
            "counterpart": {"worker_id": other.id, "name": _name(other), "role": cp.identity.role_description,
                            "organization": other.org_id},
            "opening_statement": P2PEngine(cp).opening_statement(),
            "session": _session_view(sess, cp.turn_limit),
            "transcript": _transcript(_turns(s, sess.id)) if sess else [],
            "summary": sess.summary if sess else None,
            "proposed_outcome": sess.proposed_outcome if sess else None,
        }


def send_turn(world: World, *, acting_as: str, request_id: str, message: str) -> dict[str, Any]:
    """Say one turn on the peer-to-peer call and receive the counterpart's reply.

    ``message`` 1–4,000 characters (without ``###STOP###``). The first turn opens the session (request
    ``scheduled → in_session``; the clock runs to the scheduled slot if it is still ahead; the opening
    statement is turn 1). Returns ``{request_id, session_id, turn_number, counterpart_response,
    agent_turns, turn_limit, turns_left, ended, end_reason, backend, token_usage}``.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (message),
    ``conflict`` (request not scheduled; session finalized, ended or at its turn limit; the other side
    holds the session; no simulated counterpart), ``retryable`` (the counterpart did not answer; nothing
    was recorded), ``counterpart_misconfigured``.
    """
    text = _message(message)
    with world.read() as s:
        worker = _worker(s, acting_as)
        req = _request(s, request_id)
        side = _side(s, worker, req)
        cp = _counterpart(s, req, side)
        other = _counterpart_worker(s, req, cp)
        sess = _session(s, req)
        engine = P2PEngine(cp)
        if sess is None:
            if req.status != P2PStatus.SCHEDULED:
                raise Conflict(f"{req.id} is '{req.status}'; the call can start only once it is scheduled",
                               field="request_id", allowed=(P2PStatus.SCHEDULED,))
            config = CounterpartConfig.from_env()
            backend_name = config.backend
            state = engine.initial_state()
            history: list[tuple[str, str]] = [("counterpart", engine.opening_statement())]
            agent_turns, next_number = 0, 2
            clock = s.get(SimClock, 1)
            assert clock is not None
            now = clock.now
            assert req.scheduled_at is not None
            cost = max(TURN_COST, req.scheduled_at - now + TURN_COST)
        else:
            if sess.agent_side != side:
                raise Conflict(f"session {sess.id} is held by the {sess.agent_side} side", field="request_id")
            if sess.finalized:
                raise Conflict(f"session {sess.id} is finalized; no further turns", field="request_id")
            st = sess.state or {}
            if st.get("ended") or sess.agent_turns >= sess.turn_limit:
                why = "the turn limit was reached" if sess.agent_turns >= sess.turn_limit else "the counterpart ended it"
                raise Conflict(f"the call is over ({why}); submit the summary with p2p_session_submit_summary",
                               field="request_id")
            backend_name = sess.backend or "scripted"
            config = CounterpartConfig.for_session(backend_name)
            state = dict(st)
            turns = _turns(s, sess.id)
            history = [(t.speaker, t.text) for t in turns]
            agent_turns, next_number = sess.agent_turns, turns[-1].turn_number + 1
            cost = TURN_COST
        context = {**_case_line(s, req), "counterpart_name": _name(other), "agent_name": _name(worker)}
        worker_id, other_id, had_session = worker.id, other.id, sess is not None
    step = engine.step(state, text)
    with world.unlocked() if backend_name == "live" else nullcontext():  # other calls run while a model answers
        reply = backend_for(backend_name, config).p2p_reply(cp, context, state, step, history, text)
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.send_turn", cost=cost) as tx:
        s = tx.session
        req = _request(s, request_id)
        current = _session(s, req)
        if (current is not None) != had_session or (current is not None and current.agent_turns != agent_turns):
            raise RetryableError(f"the call on {req.id} changed while the counterpart was answering; nothing was "
                                 "recorded", field="request_id")
        if current is not None and (current.finalized or (current.state or {}).get("ended")):
            raise Conflict(f"session {current.id} was concluded while the counterpart was answering; nothing was "
                           "recorded", field="request_id")
        if current is None:
            tx.transition(machines.P2P, req, P2PStatus.IN_SESSION, case_id=req.case_id, reason="call started")
            current = P2PSession(id=tx.new_id("P2PS"), request_id=req.id, case_id=req.case_id, agent_side=side,
                                 agent_worker_id=worker_id, counterpart_worker_id=other_id, turn_limit=cp.turn_limit,
                                 agent_turns=0, finalized=False, summary=None, proposed_outcome=None,
                                 revealed_fact_ids=list(state["revealed"]), started_at=tx.now, ended_at=None,
                                 state=state, backend=backend_name)
            s.add(current)
            s.flush()
            s.add(P2PTurn(id=f"{current.id}-T01", session_id=current.id, turn_number=1, speaker="counterpart",
                          text=engine.opening_statement(), at=tx.now,
                          details={"backend": backend_name, "opening": True,
                                   "facts_revealed": [f.id for f in cp.facts if f.reveal == "opening"]}))
            tx.log(f"{NS}.start", case_id=req.case_id, entity_id=current.id,
                   details={"agent_side": side, "backend": backend_name, "counterpart_worker_id": other_id,
                            **({"model": config.model} if backend_name == "live" else {})})
        s.add(P2PTurn(id=f"{current.id}-T{next_number:02d}", session_id=current.id, turn_number=next_number,
                      speaker="agent", text=text, at=tx.now, details={"events": step.events}))
        s.add(P2PTurn(id=f"{current.id}-T{next_number + 1:02d}", session_id=current.id, turn_number=next_number + 1,
                      speaker="counterpart", text=reply.text, at=tx.now,
                      details={**reply.meta, "stopped": reply.stopped, "in_reply_to": next_number}))
        current.agent_turns += 1
        new_state = dict(step.state)
        if reply.stopped:
            new_state["ended"], new_state["end_reason"] = True, "counterpart_ended"
        elif current.agent_turns >= current.turn_limit:
            new_state["ended"], new_state["end_reason"] = True, "turn_limit"
        current.state = new_state
        current.revealed_fact_ids = list(new_state["revealed"])
        tx.log(case_id=req.case_id, entity_id=current.id,
               details={"turn_number": next_number, "events": step.events, "backend": reply.meta.get("backend"),
                        **({"end_reason": new_state["end_reason"]} if new_state.get("ended") else {})})
        s.flush()
        usage = {k: reply.meta[k] for k in ("prompt_tokens", "completion_tokens", "total_tokens", "cost_usd")
                 if k in reply.meta}
        return {"request_id": req.id, "session_id": current.id, "turn_number": next_number + 1,
                "counterpart_response": reply.text, "agent_turns": current.agent_turns,
                "turn_limit": current.turn_limit, "turns_left": max(0, current.turn_limit - current.agent_turns),
                "ended": bool(new_state.get("ended")), "end_reason": new_state.get("end_reason"),
                "backend": reply.meta.get("backend"), "token_usage": usage or None}


def submit_summary(world: World, *, acting_as: str, request_id: str, summary: str,
                   proposed_outcome: str) -> dict[str, Any]:
    """Conclude the call: the summary (20–20,000 characters) and ``proposed_outcome`` (uphold_adverse |
    overturn_to_approval) finalize the session; no further turns. Payer side: record the outcome next with
    ``p2p_record_outcome``. Provider side: the simulated plan reviewer records its decision now (returned
    as ``payer_outcome``). Returns the session with ``summary``, ``proposed_outcome`` and the request.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (summary,
    proposed_outcome), ``conflict`` (no call held yet; already finalized; the other side holds it).
    """
    text = v.text(summary, "summary", max_len=20_000, min_len=20)
    outcome = v.choice(proposed_outcome, OUTCOMES, "proposed_outcome")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.submit_summary") as tx:
        s = tx.session
        worker = _worker(s, tx.actor.id)
        req = _request(s, request_id)
        side = _side(s, worker, req)
        sess = _session(s, req)
        if sess is None:
            raise Conflict(f"no call has been held on {req.id}; talk with p2p_session_send_turn first",
                           field="request_id")
        if sess.agent_side != side:
            raise Conflict(f"session {sess.id} is held by the {sess.agent_side} side", field="request_id")
        if sess.finalized:
            raise Conflict(f"session {sess.id} was already finalized", field="request_id")
        sess.finalized, sess.summary, sess.proposed_outcome, sess.ended_at = True, text, outcome, tx.now
        state = dict(sess.state or {})
        if not state.get("ended"):
            state["ended"], state["end_reason"] = True, "agent_concluded"
        sess.state = state
        decision = None
        if side == "provider":
            cp = _counterpart(s, req, side)
            decision = P2PEngine(cp).decision(state)
        tx.log(case_id=req.case_id, entity_id=sess.id,
               details={"agent_side": side, "proposed_outcome": outcome, "agent_turns": sess.agent_turns,
                        **({"counterpart_decision": decision} if decision else {})})
        s.flush()
        out = {**to_dict(sess, exclude=("state", "revealed_fact_ids")), "request_id": req.id}
        reviewer = req.payer_reviewer_id
    if decision is not None and reviewer:
        from chibench.world.apps.p2p_scheduler import services as scheduler

        note = (f"Peer-to-peer review with the ordering clinician, started {out['started_at']}; the reviewer's "
                f"decision: {decision.replace('_', ' ')}.")
        rec = scheduler.record_outcome(world, acting_as=reviewer, request_id=request_id, outcome=decision, note=note)
        out["payer_outcome"] = rec["outcome"]
        out["request_status"] = rec["status"]
    return out
