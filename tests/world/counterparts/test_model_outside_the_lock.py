"""A live counterpart's model answers outside the world's call lock: other tool calls proceed meanwhile.

Through the tool dispatcher (which holds ``CALL_LOCK`` for a call), against the local fake LLM server
answering slowly: a read and a write on other records complete while the model is still answering;
the slow turn is then written in its own transaction after re-validation — and if the same call moved
meanwhile (another turn, or the P2P session concluded), it records nothing.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from chibench.world.apps.cm_outreach import services as outreach
from chibench.world.apps.cm_outreach.models import OutreachTurn
from chibench.world.core.identities import set_identities
from chibench.world.core.world import CALL_LOCK, World
from chibench.world.tools.dispatch import dispatch
from tests.support import digest

from .support import (
    CM,
    PAYER_REVIEWER,
    FakeLLM,
    p2p_turns,
    referral_for,
    reviewed_case,
)

SLOW = 2.5  # seconds the fake model takes to answer
INTRO = "Hello, this is Caleb, a nurse with Keystone Care Management, part of your Keystone health plan."


class Call(threading.Thread):
    """One tool call through ``dispatch`` in its own thread (as the server runs writes)."""

    def __init__(self, world: World, role: str, name: str, args: dict[str, Any]):
        super().__init__(daemon=True)
        self.world, self.role, self.name, self.args = world, role, name, args
        self.outcome: tuple[bool, Any] | None = None

    def run(self) -> None:
        self.outcome = dispatch(self.world, self.role, self.name, self.args)  # type: ignore[arg-type]


def _wait_for_model_call(fake: FakeLLM, n: int) -> None:
    deadline = time.monotonic() + 10
    while len(fake.requests) < n:
        assert time.monotonic() < deadline, "the model was never called"
        time.sleep(0.01)


def _outreach_session(world: World) -> str:
    case_id = reviewed_case(world, "cm_asthma_low_coop_001")
    out = outreach.start_outreach_call(world, acting_as=CM, case_id=case_id)
    assert out["backend"] == "live"
    return str(out["session_id"])


def _turn_count(world: World, sid: str) -> int:
    with world.read() as s:
        return s.query(OutreachTurn).filter_by(session_id=sid).count()


def test_other_calls_run_while_the_member_model_answers(world: World, fake_llm: FakeLLM):
    set_identities(world, {"cm": [CM]})
    sid = _outreach_session(world)
    other_referral = referral_for(world, "cm_dm_moderate_anxious_001")
    fake_llm.replies = [("sleep", SLOW, "Hi — oh, Keystone, okay.")]
    slow = Call(world, "cm", "cm_outreach_send_message", {"acting_as": CM, "session_id": sid, "message": INTRO})
    slow.start()
    _wait_for_model_call(fake_llm, 1)
    asked = time.monotonic()

    is_error, queue = dispatch(world, "cm", "cm_intake_list_referral_queue", {"acting_as": CM})
    assert not is_error and queue["referrals"]
    is_error, opened = dispatch(world, "cm", "cm_intake_open_case", {
        "acting_as": CM, "referral_id": other_referral, "program": "chronic_disease", "priority": "standard"})
    assert not is_error, opened
    assert time.monotonic() - asked < SLOW and slow.is_alive(), "a call waited for the model"

    slow.join(timeout=15)
    assert slow.outcome is not None
    is_error, out = slow.outcome
    assert not is_error, out
    assert out["patient_response"] == "Hi — oh, Keystone, okay." and out["turns_used"] == 1
    assert CALL_LOCK.acquire(blocking=False)  # released by every call
    CALL_LOCK.release()


def test_a_turn_that_moved_meanwhile_records_nothing(world: World, fake_llm: FakeLLM):
    set_identities(world, {"cm": [CM]})
    sid = _outreach_session(world)
    before = _turn_count(world, sid)
    fake_llm.replies = [("sleep", SLOW, "Too late."), "Hi, this is Brianna."]
    slow = Call(world, "cm", "cm_outreach_send_message", {"acting_as": CM, "session_id": sid, "message": INTRO})
    slow.start()
    _wait_for_model_call(fake_llm, 1)
    is_error, fast = dispatch(world, "cm", "cm_outreach_send_message",
                              {"acting_as": CM, "session_id": sid, "message": INTRO})
    assert not is_error and fast["turns_used"] == 1
    slow.join(timeout=15)
    assert slow.outcome is not None
    is_error, err = slow.outcome
    assert is_error and err["error"] == "retryable" and "nothing was recorded" in err["message"]
    assert _turn_count(world, sid) == before + 2  # only the fast turn (caller + member)


def test_model_error_records_nothing_and_frees_the_world(world: World, fake_llm: FakeLLM, monkeypatch):
    monkeypatch.setenv("CHIBENCH_COUNTERPART_TIMEOUT", "0.5")
    set_identities(world, {"cm": [CM]})
    sid = _outreach_session(world)
    fake_llm.replies = [("status", 500)]
    before = digest(world)
    is_error, err = dispatch(world, "cm", "cm_outreach_send_message",
                             {"acting_as": CM, "session_id": sid, "message": INTRO})
    assert is_error and err["error"] == "retryable"
    assert digest(world) == before
    assert CALL_LOCK.acquire(blocking=False)
    CALL_LOCK.release()


def test_p2p_session_concluded_while_the_counterpart_answers_records_nothing(p2p_world, fake_llm: FakeLLM):
    w, rid = p2p_world("myocardial_pet")
    md = PAYER_REVIEWER["myocardial_pet"]
    set_identities(w, {"payer": [md]})
    fake_llm.replies = ["It's in my note: BMI 41.0 on September 18th."]
    is_error, first = dispatch(w, "payer", "p2p_session_send_turn",
                               {"acting_as": md, "request_id": rid, "message": "Where is her BMI documented?"})
    assert not is_error, first
    turns = p2p_turns(w, rid)
    fake_llm.replies = [("sleep", SLOW, "Let me look that up.")]
    slow = Call(w, "payer", "p2p_session_send_turn",
                {"acting_as": md, "request_id": rid, "message": "Was a vasodilator stress test considered?"})
    slow.start()
    _wait_for_model_call(fake_llm, 2)
    is_error, done = dispatch(w, "payer", "p2p_session_submit_summary", {
        "acting_as": md, "request_id": rid, "proposed_outcome": "uphold_adverse",
        "summary": "Discussed the documented BMI; the criteria remain unmet on the record."})
    assert not is_error, done
    slow.join(timeout=15)
    assert slow.outcome is not None
    is_error, err = slow.outcome
    assert is_error and err["error"] == "conflict" and "nothing was" in err["message"]
    assert p2p_turns(w, rid) == turns  # the slow turn was not written
