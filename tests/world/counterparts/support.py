"""Helpers for the counterpart tests: stage a CM call or a scheduled P2P with the real services, drive the
scripted patient engine turn by turn, and a fake OpenAI-compatible chat-completions server for the live
backend."""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_referral import services as referral
from chibench.world.apps.cm_referral.models import CMReferral
from chibench.world.apps.p2p_scheduler import services as p2p
from chibench.world.apps.p2p_session.models import P2PSession, P2PTurn
from chibench.world.core.world import World
from chibench.world.counterparts.backends import ScriptedBackend
from chibench.world.counterparts.contracts import P2PCounterpart, PatientPersona
from chibench.world.counterparts.engine import PatientEngine, StepResult
from chibench.world.counterparts.store import load_contracts
from chibench.world.overlays import OverlaySpec, apply_overlay
from tests.support import upstream_nurse

CM = "WKR-CM-01"
CM2 = "WKR-CM-02"
INTAKE = "WKR-INT-01"
PAYER_REVIEWER = {"myocardial_pet": "WKR-MD-06", "hypoglossal_nerve_stim": "WKR-MD-04"}
PROVIDER_OFFICE = {"myocardial_pet": "WKR-PAC-04", "hypoglossal_nerve_stim": "WKR-PAC-03"}
ORDERING = {"myocardial_pet": "WKR-MPT-01", "hypoglossal_nerve_stim": "WKR-HNS-01"}


# ----------------------------------------------------------------------------------------------- CM


def referral_for(world: World, scenario_id: str) -> str:
    with world.read() as s:
        return str(s.query(CMReferral).filter_by(scenario_id=scenario_id).one().id)


def reviewed_case(world: World, scenario_id: str, actor: str = CM) -> str:
    """open_case → submit_chart_review with the real services: the case is chart_reviewed."""
    ref = referral_for(world, scenario_id)
    case_id = referral.open_case(world, acting_as=actor, referral_id=ref, program="chronic_disease",
                                 priority="standard")["case"]["id"]
    data = chart.get_chart_data(world, acting_as=actor, case_id=case_id)
    evidence = [e["id"] for e in data["encounters"][:2]]
    chart.submit_chart_review(world, acting_as=actor, case_id=case_id, primary_concerns=["chronic condition"],
                              coordination_risks=[], suspected_barriers=[], preliminary_risk_level="moderate",
                              key_findings="Chart reviewed before the outreach call.", clarification_needed=[],
                              evidence_ids=evidence)
    return str(case_id)


# ---------------------------------------------------------------------------------------------- P2P


def p2p_request(world: World, slug: str, *, schedule: bool = True) -> str:
    """um_pickup at the p2p stage, then offer → select → schedule: returns the request id."""
    out = apply_overlay(world, OverlaySpec(kind="um_pickup", service=slug, stage="p2p", upstream=upstream_nurse(slug)))
    rid = p2p.list_requests(world, acting_as=INTAKE, case_id=out["case_id"])[0]["id"]
    if schedule:
        now = world.now()
        slot = (now + dt.timedelta(hours=3)).replace(minute=0, second=0, microsecond=0).isoformat()
        offered = p2p.offer_slots(world, acting_as=INTAKE, request_id=rid, payer_reviewer_id=PAYER_REVIEWER[slug],
                                  slots=[slot])
        if offered["status"] == "slots_offered":  # (in a payer task the simulated office picks the slot itself)
            p2p.select_slot(world, acting_as=PROVIDER_OFFICE[slug], request_id=rid, slot=slot)
        p2p.schedule(world, acting_as=INTAKE, request_id=rid)
    return str(rid)


def p2p_turns(world: World, request_id: str) -> list[dict[str, Any]]:
    with world.read() as s:
        sess = s.query(P2PSession).filter_by(request_id=request_id).one()
        return [{"n": t.turn_number, "speaker": t.speaker, "text": t.text, "details": t.details}
                for t in s.query(P2PTurn).filter_by(session_id=sess.id).order_by(P2PTurn.turn_number)]


# ------------------------------------------------------------------------------------ fake LLM server


def is_classifier_request(body: dict[str, Any]) -> bool:
    from chibench.world.counterparts.classifier import SYSTEM

    msgs = body.get("messages") or []
    return bool(msgs) and msgs[0].get("role") == "system" and msgs[0].get("content") == SYSTEM


@lru_cache(maxsize=1)
def _personas() -> list[Any]:
    from chibench.world.counterparts.store import load_contracts

    return [c.persona for c in load_contracts().patients.values()]


def judge_with(decide: Callable[[Any, str, list[str]], dict[str, bool]]) -> Callable[[dict[str, Any]], str]:
    """A classifier answer from ``decide(persona, turn, ids)`` (persona found by the member's name)."""
    from chibench.testing.fake_judge import parse_prompt

    personas = _personas()

    def answer(body: dict[str, Any]) -> str:
        turn, ids = parse_prompt(body)
        user = body["messages"][-1]["content"]
        name = re.search(r"^Member: (.+?);", user, re.MULTILINE)
        persona = next(p for p in personas
                       if name and f"{p.identity.given_name} {p.identity.family_name}" == name.group(1))
        verdicts = decide(persona, turn, ids)
        return json.dumps({"decisions": [{"id": i, "fired": bool(verdicts.get(i)), "rationale": f"judged {i}"}
                                         for i in ids]})

    return answer


def _by_patterns(persona: Any, turn: str, ids: list[str]) -> dict[str, bool]:
    items = {x.id: x for x in list(persona.consent_triggers) + list(persona.anti_triggers)}
    return {i: items[i].match.matches(turn) for i in ids}


def echo_guidance(body: dict[str, Any]) -> str:
    """What the patient prompt tells the member to get across this turn (plus the stop token when told)."""
    system = body["messages"][0]["content"]
    guidance = system.split("In this reply, get across (in your own words): ", 1)[1].split("\n\n", 1)[0]
    return " ".join(guidance.split(" / ")) + (" ###STOP###" if "This reply ends the call" in system else "")


def pattern_judge(body: dict[str, Any]) -> str:
    return judge_with(_by_patterns)(body)


@dataclass
class FakeLLM:
    """A local OpenAI-compatible ``/v1/chat/completions``: queued behaviours, captured request bodies."""

    replies: list[Any] = field(default_factory=list)  # str → reply text; ("status", 500); ("sleep", seconds)
    requests: list[dict[str, Any]] = field(default_factory=list)
    #: trigger-classifier requests (system prompt of ``classifier.SYSTEM``) are answered apart: from this
    #: queue when it is not empty (same behaviours as ``replies``), else by ``judge(body)`` — by default the
    #: member's own contract patterns (so the live path records what the scripted one would)
    classifier_replies: list[Any] = field(default_factory=list)
    classifier_requests: list[dict[str, Any]] = field(default_factory=list)
    judge: Callable[[dict[str, Any]], str] | None = None
    #: with an empty ``replies`` queue, the simulated member says exactly the engine's guidance for the turn
    echo: bool = False
    port: int = 0
    server: ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeLLM:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 — http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                if is_classifier_request(body):
                    fake.classifier_requests.append({"path": self.path, "body": body})
                    behaviour = (fake.classifier_replies.pop(0) if fake.classifier_replies
                                 else (fake.judge or pattern_judge)(body))
                else:
                    fake.requests.append({"path": self.path, "body": body})
                    behaviour = (fake.replies.pop(0) if fake.replies
                                 else echo_guidance(body) if fake.echo else "Okay.")
                try:
                    if isinstance(behaviour, tuple) and behaviour[0] == "status":
                        payload = json.dumps({"error": {"message": "simulated failure", "type": "server_error"}})
                        self._send(behaviour[1], payload.encode())
                        return
                    if isinstance(behaviour, tuple) and behaviour[0] == "sleep":
                        time.sleep(behaviour[1])
                        behaviour = behaviour[2] if len(behaviour) > 2 else "Too late."
                    out = {"id": "chatcmpl-fake", "object": "chat.completion", "created": 1_790_000_000,
                           "model": body.get("model"),
                           "choices": [{"index": 0, "message": {"role": "assistant", "content": behaviour},
                                        "finish_reason": "stop"}],
                           "usage": {"prompt_tokens": 120, "completion_tokens": 12, "total_tokens": 132}}
                    self._send(200, json.dumps(out).encode())
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _send(self, status: int, data: bytes) -> None:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    def prompt(self, i: int = -1) -> str:
        """Everything sent to the model in request ``i``, as one string."""
        return json.dumps(self.requests[i]["body"], ensure_ascii=False)


# ------------------------------------------------------------------------------------ scripted engines

CONTRACTS = load_contracts()

INTRO = "Hello, this is Caleb, a nurse with Keystone Care Management, part of your Keystone health plan."
DOB = "Before I go on, could you confirm your date of birth?"
PROGRAM = ("We have a program where a nurse works with you by phone to make a plan and coordinates with your "
           "doctors. It's free, and it's completely your choice — you can say no at any time.")
ASK = "Would you like to join the program?"


def persona(sid: str) -> PatientPersona:
    """The authored persona of CM scenario ``sid``."""
    return CONTRACTS.patients[sid].persona


def counterpart(slug: str, side: str) -> P2PCounterpart:
    """The authored P2P counterpart of service ``slug`` facing ``side``."""
    cp = CONTRACTS.p2p[slug].counterpart_for(side)
    assert cp is not None
    return cp


class Call:
    """Drives a patient engine turn by turn (turn numbers as the service assigns them)."""

    def __init__(self, sid: str):
        self.p = persona(sid)
        self.engine = PatientEngine(self.p)
        self.state = self.engine.initial_state()
        self.turn = 1
        self.log: list[StepResult] = []

    def say(self, message: str) -> StepResult:
        self.turn += 2
        r = self.engine.step(self.state, message, reply_turn=self.turn)
        self.state = r.state
        self.log.append(r)
        return r

    def reply(self, r: StepResult) -> str:
        return ScriptedBackend().patient_reply(self.p, self.state, r, [], "").text


def opened(sid: str) -> Call:
    """A call on scenario ``sid`` past the introduction and the date-of-birth check."""
    call = Call(sid)
    call.say(INTRO)
    call.say(DOB)
    return call
