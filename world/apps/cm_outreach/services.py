"""CM outreach services: the care manager's telephone call with a simulated member, and its record.

Lifecycle: ``start_outreach_call`` (the case must be ``chart_reviewed``; one call per case) opens an
``active`` session and the member answers; ``send_message`` is one caller turn and the member's
reply; ``get_transcript`` re-reads the call; ``end_outreach_call`` writes the outreach record and
moves the case ``chart_reviewed → outreach_complete`` (session ``active → ended`` if the caller ends
it). The member may end the call (goodbye or hang-up: ``end_reason = patient_ended``) and the turn
budget may run out (``budget_exhausted``); either way the session is ``ended`` and the call still
has to be documented with ``end_outreach_call``.

The member is simulated from the scenario's persona contract (hidden; ``world/counterparts``) by the
backend configured when the call starts (``CHIBENCH_COUNTERPART_BACKEND``: scripted | live), which
is recorded on the session and on every member turn (with model, tokens and cost for live). Every
caller turn's trigger, anti-trigger, repair, disclosure-gate and consent events are recorded in the
turn's ``details.events`` and accumulated in the session ``state`` (exported; never shown to the
agent). The world keeps what was said: ``consent_obtained = true`` is refused unless the member's
explicit consent turn is in the transcript (KM-CM-OUTREACH-001 §6.1, §6.4).

A model error or timeout raises ``RetryableError`` and records nothing (the same turn can be sent
again). The caller's message may not contain the counterpart's stop token ``###STOP###``.
The actor must be a care manager of ``cm_common.CM_ORG``. Times UTC ISO-8601.
"""

from __future__ import annotations

import datetime as dt
from contextlib import nullcontext
from typing import Any

from sqlalchemy import String, bindparam, select, type_coerce
from sqlalchemy.orm import Session

from chibench.world.apps.cm_common import cm_read_actor, cm_tx_actor, get_cm_case, move_cm_case, require_cm_status
from chibench.world.apps.cm_outreach.models import OutreachRecord, OutreachSession, OutreachTurn
from chibench.world.apps.cm_referral.models import CMReferral
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.enums import CMCaseStatus, EngagementStatus, OutreachStatus, values
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound, RetryableError
from chibench.world.core.serialize import plain, to_dict
from chibench.world.core.world import World
from chibench.world.counterparts.backends import backend_for
from chibench.world.counterparts.classifier import TriggerClassifier
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.contracts import STOP_TOKEN, PatientPersona
from chibench.world.counterparts.engine import PatientEngine, StepResult
from chibench.world.counterparts.store import persona_for

APP = "cm_outreach"
#: Simulated time one exchange on the phone takes.
TURN_COST = dt.timedelta(minutes=1)
MAX_MESSAGE = 4_000
ENGAGEMENT = values(EngagementStatus)
MAX_ITEMS = 30


# ------------------------------------------------------------------------------------------ helpers


_TURN = OutreachTurn.__table__.c
#: ``_messages(_turns(...))`` as one Core statement (the time as its stored text, ``clock.iso``'s form).
_TRANSCRIPT = (select(_TURN.turn_number, _TURN.speaker, _TURN.text, type_coerce(_TURN.at, String))
               .where(_TURN.session_id == bindparam("sid")).order_by(_TURN.turn_number))


def _session(s: Session, session_id: Any) -> OutreachSession:
    if not isinstance(session_id, str) or not session_id.strip():
        raise InvalidInput("an outreach session id is required", field="session_id")
    sess = s.get(OutreachSession, session_id)
    if sess is None:
        raise NotFound(f"no outreach session with id '{session_id}'", field="session_id")
    return sess


def _turns(s: Session, session_id: str) -> list[OutreachTurn]:
    return list(s.scalars(select(OutreachTurn).where(OutreachTurn.session_id == session_id)
                          .order_by(OutreachTurn.turn_number)))


#: Who said what so far, in order (read sessions only: a Core statement does not autoflush).
_HISTORY = (select(_TURN.turn_number, _TURN.speaker, _TURN.text)
            .where(_TURN.session_id == bindparam("sid")).order_by(_TURN.turn_number))


def _persona(s: Session, case_id: str, referral_id: str) -> PatientPersona:
    ref = s.get(CMReferral, referral_id)
    persona = persona_for(s, ref.scenario_id) if ref is not None else None
    if persona is None:
        raise Conflict(f"the member on case {case_id} cannot be reached by telephone in this world (no simulated "
                       "member is configured)", field="case_id")
    return persona


def _message(value: Any) -> str:
    text = v.text(value, "message", max_len=MAX_MESSAGE)
    if STOP_TOKEN in text:
        raise InvalidInput(f"{STOP_TOKEN} is the counterpart's end-of-call signal; to end the call use "
                           "cm_outreach_end_outreach_call", field="message")
    return text


def _messages(turns: list[OutreachTurn]) -> list[dict[str, Any]]:
    return [{"turn_number": t.turn_number, "role": t.speaker, "content": t.text, "timestamp": plain(t.at)}
            for t in turns]


def _view(sess: OutreachSession) -> dict[str, Any]:
    return {"session_id": sess.id, "case_id": sess.cm_case_id, "status": str(sess.status),
            "end_reason": sess.end_reason, "turn_budget": sess.turn_budget, "turns_used": sess.turns_used,
            "turns_left": max(0, sess.turn_budget - sess.turns_used), "backend": sess.backend,
            "started_at": plain(sess.started_at), "ended_at": plain(sess.ended_at)}


def _add_turn(s: Session, sess: OutreachSession, number: int, speaker: str, text: str, at: dt.datetime,
              details: dict[str, Any]) -> OutreachTurn:
    turn = OutreachTurn(id=f"{sess.id}-T{number:02d}", session_id=sess.id, turn_number=number, speaker=speaker,
                        text=text, at=at, details=details)
    s.add(turn)
    return turn


def _reconcile_live_consent(persona: PatientPersona, step: StepResult, reply_text: str) -> StepResult:
    """Live backend: the engine's 'granted' stands only if the reply actually says yes (the world keeps what
    was said). Otherwise the decision becomes 'deferred' and the event records that consent went unvoiced."""
    if step.events.get("consent") != "granted" or persona.consent_rule.affirmative.matches(reply_text):
        return step
    state = dict(step.state)
    consent = dict(state["consent"])
    consent.update(status="deferred", turn=None, relented=False)
    state["consent"] = consent
    state["events"] = [e for e in state["events"] if e not in ("consent_granted", "consent_relented")] + (
        [] if "consent_deferred" in state["events"] else ["consent_deferred"])
    events = {**step.events, "consent": "deferred", "consent_not_voiced": True}
    return StepResult(state, events, step.lines, step.stop)


# ------------------------------------------------------------------------------------------ services


def start_outreach_call(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Place the outreach call for a CM case (the case must be ``chart_reviewed``; one call per case).

    Opens an ``active`` text session (``SES-…``) with the turn budget of the member's scenario; the
    member answers the phone (transcript turn 1). Returns ``{session_id, case_id, status, turn_budget,
    turns_used, turns_left, backend, patient_response, messages}``. Errors: ``unknown_actor``,
    ``not_authorized``, ``not_found`` (case), ``conflict`` (case not chart_reviewed; a call already
    exists for the case; the member cannot be reached), ``counterpart_misconfigured``.
    """
    config = CounterpartConfig.from_env()
    with world.write(acting_as=acting_as, app=APP, action="cm_outreach.start_outreach_call", cost=TURN_COST) as tx:
        cm_tx_actor(tx, "place an outreach call")
        s = tx.session
        case = get_cm_case(s, case_id)
        require_cm_status(case, (CMCaseStatus.CHART_REVIEWED,), "start an outreach call (finish the chart review)")
        prior = s.scalar(select(OutreachSession.id).where(OutreachSession.cm_case_id == case.id))
        if prior:
            raise Conflict(f"outreach call {prior} was already placed for {case.id}; one call per case",
                           field="case_id", details={"session_id": prior})
        persona = _persona(s, case.id, case.referral_id)
        engine = PatientEngine(persona)
        sess = OutreachSession(id=tx.new_id("SES"), cm_case_id=case.id, caller_id=tx.actor.id, status=None,
                               turn_budget=persona.budget, turns_used=0, end_reason=None, started_at=tx.now,
                               ended_at=None, state=engine.initial_state(), backend=config.backend)
        tx.transition(machines.OUTREACH, sess, OutreachStatus.ACTIVE, case_id=case.id)
        s.add(sess)
        s.flush()
        turn = _add_turn(s, sess, 1, "patient", persona.opening_line, tx.now,
                         {"backend": config.backend, "opening": True})
        tx.log(case_id=case.id, entity_id=sess.id,
               details={"backend": config.backend, "turn_budget": sess.turn_budget,
                        **({"model": config.model} if config.backend == "live" else {})})
        s.flush()
        return {**_view(sess), "patient_response": turn.text, "messages": _messages([turn])}


def send_message(world: World, *, acting_as: str, session_id: str, message: str) -> dict[str, Any]:
    """Say one thing on an active call and get the member's reply.

    ``message`` (1–4,000 characters, without ``###STOP###``) is one caller turn; it counts against the
    session's turn budget. Returns ``{session_id, turn_number, patient_response, session_status,
    stopped, end_reason, turns_used, turn_budget, turns_left, backend, token_usage}`` — ``stopped`` is
    true when the member ended the call; the session also ends when the budget is used up.
    Errors: ``unknown_actor``, ``not_authorized`` (not the caller), ``not_found``, ``invalid_input``
    (message), ``conflict`` (the call has ended), ``retryable`` (the simulated member did not answer;
    nothing was recorded — send the same turn again), ``counterpart_misconfigured``.
    """
    text = _message(message)
    # 1. read: everything the simulator needs, checked before any model call
    with world.read() as s:
        cm_read_actor(s, acting_as, "talk on an outreach call")
        sess = _session(s, session_id)
        if sess.caller_id != acting_as:
            raise AuthorityError(f"session {sess.id} is {sess.caller_id}'s call", field="acting_as")
        if sess.status != OutreachStatus.ACTIVE:
            raise Conflict(f"the call {sess.id} has ended ({sess.end_reason}); record it with "
                           "cm_outreach_end_outreach_call", field="session_id")
        case = get_cm_case(s, sess.cm_case_id)
        persona = _persona(s, case.id, case.referral_id)
        turns = s.execute(_HISTORY, {"sid": sess.id}).all()
        state, used, backend_name = dict(sess.state), sess.turns_used, sess.backend or "scripted"
        history = [("agent" if speaker == "care_manager" else "counterpart", text) for _, speaker, text in turns]
        next_number = (turns[-1][0] if turns else 0) + 1
    # 2. the simulator (no transaction open while a model answers)
    config = CounterpartConfig.for_session(backend_name)
    engine = PatientEngine(persona)
    classification = None
    with world.unlocked() if backend_name == "live" else nullcontext():  # other calls run while a model answers
        if backend_name == "live":  # triggers judged by meaning: the classifier decides, the engine follows
            trig, anti = engine.candidates(state)
            classification = TriggerClassifier(config).classify(persona, state["events"], history, text, trig, anti)
            step = engine.step(state, text, reply_turn=next_number + 1, decisions=classification.decisions)
        else:
            step = engine.step(state, text, reply_turn=next_number + 1)
        reply = backend_for(backend_name, config).patient_reply(persona, state, step, history, text)
    if backend_name == "live":
        step = _reconcile_live_consent(persona, step, reply.text)
    # 3. write both turns atomically, if nothing moved meanwhile
    with world.write(acting_as=acting_as, app=APP, action="cm_outreach.send_message", cost=TURN_COST) as tx:
        cm_tx_actor(tx, "talk on an outreach call")
        s = tx.session
        sess = _session(s, session_id)
        if sess.status != OutreachStatus.ACTIVE or sess.turns_used != used:
            raise RetryableError(f"the call {sess.id} changed while the member was answering; nothing was recorded",
                                 field="session_id")
        _add_turn(s, sess, next_number, "care_manager", text, tx.now,
                  {"events": step.events, **({"classifier": classification.record()} if classification else {})})
        member_details = {**reply.meta, "stopped": reply.stopped, "in_reply_to": next_number}
        _add_turn(s, sess, next_number + 1, "patient", reply.text, tx.now, member_details)
        sess.turns_used += 1
        state = dict(step.state)
        end_reason = None
        if reply.stopped:
            end_reason = "patient_ended"
        elif sess.turns_used >= sess.turn_budget:
            end_reason = "budget_exhausted"
        if end_reason:
            state["ended"], state["end_reason"] = True, end_reason
            sess.end_reason, sess.ended_at = end_reason, tx.now
            tx.transition(machines.OUTREACH, sess, OutreachStatus.ENDED, case_id=sess.cm_case_id, reason=end_reason)
        sess.state = state
        tx.log(case_id=sess.cm_case_id, entity_id=sess.id,
               details={"turn_number": next_number, "events": step.events, "backend": reply.meta.get("backend"),
                        **({"end_reason": end_reason} if end_reason else {})})
        tx.session.flush()
        usage = {k: reply.meta[k] for k in ("prompt_tokens", "completion_tokens", "total_tokens", "cost_usd")
                 if k in reply.meta}
        return {"session_id": sess.id, "turn_number": next_number + 1, "patient_response": reply.text,
                "session_status": str(sess.status), "stopped": reply.stopped, "end_reason": sess.end_reason,
                "turns_used": sess.turns_used, "turn_budget": sess.turn_budget,
                "turns_left": max(0, sess.turn_budget - sess.turns_used), "backend": reply.meta.get("backend"),
                "token_usage": usage or None}


def get_transcript(world: World, *, acting_as: str, session_id: str) -> dict[str, Any]:
    """The call so far: ``{session_id, case_id, status, end_reason, turn_budget, turns_used, turns_left,
    backend, started_at, ended_at, messages[{turn_number, role (care_manager|patient), content,
    timestamp}]}``. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``."""
    with world.read() as s:
        cm_read_actor(s, acting_as, "read an outreach call")
        sess = _session(s, session_id)
        return {**_view(sess), "messages": [
            {"turn_number": n, "role": speaker, "content": text, "timestamp": at}
            for n, speaker, text, at in s.execute(_TRANSCRIPT, {"sid": sess.id}).all()]}


def end_outreach_call(world: World, *, acting_as: str, session_id: str, engagement_status: str,
                      consent_obtained: bool, key_takeaways: list[str], next_steps: list[str],
                      patient_concerns: list[str] | None = None, member_words: str | None = None,
                      preferred_contact: str | None = None, preferred_language: str | None = None,
                      notes: str | None = None) -> dict[str, Any]:
    """End the call (if still active) and record its outcome; the case moves ``chart_reviewed →
    outreach_complete``. One record per call; only the caller records it.

    ``engagement_status`` ∈ engaged | tentative | refused (engaged exactly when ``consent_obtained``);
    ``consent_obtained`` (boolean) — **refused unless the transcript holds the member's explicit
    consent turn** (a yes to joining, in this call); ``key_takeaways`` (1–30) and ``next_steps`` (1–30),
    ``patient_concerns`` (0–30) items of ≤300 characters; ``member_words`` — the member's consent or
    decline, quoted (≤2,000); ``preferred_contact`` (≤60), ``preferred_language`` (≤40), ``notes``
    (≤5,000). Returns the record with ``case_status`` and the session view.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input`` (field named),
    ``conflict`` (already recorded; consent not in the transcript), ``illegal_transition`` (case no
    longer at chart_reviewed).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_outreach.end_outreach_call") as tx:
        cm_tx_actor(tx, "record an outreach call")
        s = tx.session
        sess = _session(s, session_id)
        if sess.caller_id != tx.actor.id:
            raise AuthorityError(f"only the caller ({sess.caller_id}) records call {sess.id}", field="acting_as")
        prior = s.scalar(select(OutreachRecord.id).where(OutreachRecord.session_id == sess.id))
        if prior:
            raise Conflict(f"call {sess.id} was already recorded as {prior}", field="session_id")
        status = v.choice(engagement_status, ENGAGEMENT, "engagement_status")
        consent = v.boolean(consent_obtained, "consent_obtained")
        takeaways = v.str_list(key_takeaways, "key_takeaways", required=True, max_items=MAX_ITEMS)
        steps = v.str_list(next_steps, "next_steps", required=True, max_items=MAX_ITEMS)
        concerns = v.str_list(patient_concerns, "patient_concerns", max_items=MAX_ITEMS)
        words = v.text(member_words, "member_words", required=False, max_len=2_000) or None
        contact = v.text(preferred_contact, "preferred_contact", required=False, max_len=60) or None
        language = v.text(preferred_language, "preferred_language", required=False, max_len=40) or None
        note = v.text(notes, "notes", required=False, max_len=5_000)
        if (status == "engaged") != consent:
            raise InvalidInput("'engaged' means the member consented: use engaged with consent_obtained=true, "
                               "tentative or refused otherwise", field="engagement_status",
                               allowed=("engaged",) if consent else ("tentative", "refused"))
        consent_turn = None
        if consent:
            c = (sess.state or {}).get("consent", {})
            turn = c.get("turn") if c.get("status") == "granted" else None
            said = turn is not None and any(t.turn_number == turn and t.speaker == "patient"
                                            for t in _turns(s, sess.id))
            if not said:
                raise Conflict(f"the transcript of {sess.id} has no turn in which the member agreed to join the "
                               "program; record consent only when the member said yes to joining in this call "
                               "(KM-CM-OUTREACH-001 §6.1) — use tentative or refused", field="consent_obtained")
            consent_turn = turn
        case = get_cm_case(s, sess.cm_case_id)
        if sess.status == OutreachStatus.ACTIVE:
            sess.end_reason, sess.ended_at = "caller_ended", tx.now
            state = dict(sess.state or {})
            state["ended"], state["end_reason"] = True, "caller_ended"
            sess.state = state
            tx.transition(machines.OUTREACH, sess, OutreachStatus.ENDED, case_id=case.id, reason="caller_ended")
        move_cm_case(tx, case, CMCaseStatus.OUTREACH_COMPLETE, reason=f"outreach {sess.id}: {status}")
        rec = OutreachRecord(id=tx.new_id("OUT"), session_id=sess.id, cm_case_id=case.id, engagement_status=status,
                             consent_obtained=consent, key_takeaways=takeaways, patient_concerns=concerns,
                             next_steps=steps, preferred_contact=contact, notes=note, recorded_by=tx.actor.id,
                             recorded_at=tx.now, member_words=words, preferred_language=language,
                             consent_turn=consent_turn)
        s.add(rec)
        tx.log(case_id=case.id, entity_id=rec.id,
               details={"session_id": sess.id, "engagement_status": status, "consent_obtained": consent,
                        "consent_turn": consent_turn})
        s.flush()
        return {**to_dict(rec), "case_status": str(case.status), "session": _view(sess)}
