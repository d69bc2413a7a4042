"""Turn-taking with an arena opponent that is not scripted (an LLM agent in its own process or box).

In the arena (χ-Bench-Arena, paper §4.3) each side acts on the one world through its own role's tools.
When the other side is the world's scripted staff (``scripted_payer`` / ``scripted_provider``) it reacts
inside the call that handed it work. An *external* opponent (the reference agent with any model, a CLI
agent) gets the same turn semantics through this module: when a write hands work to the opponent's side,
the world calls the registered :data:`Handler` **after that write committed** and outside the call lock
(``World.unlocked``), and the handing call returns only when the opponent's turn is over (its agent
stopped, or its budget ran out). So one side's move — a submission, a pend letter — always ends with the
other side's answer in the world, exactly as with a scripted opponent, and the order of events is defined.

Work that hands a turn over (``reason``):

- ``submission``: a provider packet (submission, resubmission, pend response) reached the payer's queue
  → the payer's turn (``submission_portal``);
- ``pend_letter``: a pend letter was delivered to the provider → the provider's turn (``letter_center``);
- ``opening``: the world started with work on the opponent's desk (the provider opens the order) — the
  runner plays this turn before the agent under test starts; nothing here triggers it.

Who is external is world configuration (setting ``arena_opponent`` = ``provider`` | ``payer``, written
by the ``pa_arena`` overlay with ``opponent: external``); the handler is registered by whatever runs the
opponent (``chibench.package.arena_opponent``), never by the agent's side. With no handler registered
nothing happens (and nothing is read). Nothing here reads grading data.
"""

from __future__ import annotations

import hmac
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chibench.world.core.db import WorldSetting
from chibench.world.core.world import World

log = logging.getLogger("chibench.arena")
OPPONENT_KEY = "arena_opponent"
SIDES = ("provider", "payer")


@dataclass(frozen=True)
class Turn:
    """Work handed to the opponent: its side, why (``submission`` | ``pend_letter`` | ``opening``), the case."""

    seq: int
    side: str
    reason: str
    case_id: str | None


#: ``handler(world, turn)`` runs the opponent's turn and returns when it is over (blocking).
Handler = Callable[[World, Turn], None]
_HANDLERS: dict[int, Handler] = {}
_SEQ: dict[int, int] = {}
_LOCK = threading.Lock()


def register(world: World, handler: Handler | None) -> None:
    """Register (or, with None, remove) the opponent's turn handler for ``world``."""
    with _LOCK:
        if handler is None:
            _HANDLERS.pop(id(world), None)
            _SEQ.pop(id(world), None)
        else:
            _HANDLERS[id(world)] = handler


def external_side(world: World) -> str | None:
    """The side an external opponent plays in ``world`` (world setting ``arena_opponent``), or None."""
    with world.read() as s:
        row = s.get(WorldSetting, OPPONENT_KEY)
    value = None if row is None else str(row.value)
    return value if value in SIDES else None


def next_turn(world: World, side: str, reason: str, case_id: str | None) -> Turn:
    with _LOCK:
        n = _SEQ.get(id(world), 0) + 1
        _SEQ[id(world)] = n
    return Turn(n, side, reason, case_id)


def hand_over(world: World, side: str, reason: str, case_id: str | None) -> bool:
    """Work reached ``side``: if an external opponent plays it, run its turn now (blocking, outside the call
    lock). Returns True when a turn was played. A handler failure is logged, never raised into the call that
    handed the work over (that call's own write has committed and is the agent's, whatever the opponent does)."""
    with _LOCK:  # no handler (every world but an arena with an external opponent): no read on the hot path
        handler = _HANDLERS.get(id(world))
    if handler is None or external_side(world) != side:
        return False
    turn = next_turn(world, side, reason, case_id)
    with world.unlocked():
        try:
            handler(world, turn)
        except Exception:  # noqa: BLE001 - the opponent's failure is its own side's (graded), not this call's
            log.exception("arena: the external %s's turn %d (%s) failed", side, turn.seq, reason)
    return True


def after_commit(world: World, side: str, reason: str, case_id: Any) -> None:
    """Convenience for the apps' post-commit hooks (``case_id`` may be absent)."""
    hand_over(world, side, reason, None if case_id is None else str(case_id))


class RemoteTurns:
    """Turns handed to an opponent in another process (the sandbox's host-side runner), over two HTTP routes
    (``chibench.package.arena_opponent.turn_routes``) served next to the opponent's own endpoint (never on the
    agent under test's port):

    ``GET /arena/turn`` → ``{"external_side", "pending": {seq, side, reason, case_id} | null}``;
    ``POST /arena/turn/{seq}/done`` → releases the call that handed the turn over. Both need the header
    ``X-Chibench-Arena-Token`` (the token the runner gave the world process; 403 otherwise). A turn not
    reported done within ``timeout_sec`` is given up (the handing call returns; the opponent's side is graded
    on what it did)."""

    def __init__(self, token: str, timeout_sec: float = 900.0) -> None:
        if not token:
            raise ValueError("an arena turn token is required (CHIBENCH_ARENA_TURN_TOKEN)")
        self.token = token
        self.timeout_sec = timeout_sec
        self.external: str | None = None
        self.pending: Turn | None = None
        self._cv = threading.Condition()

    def open(self, turn: Turn) -> None:
        """Put a turn on the opponent's desk without waiting (the opening turn)."""
        with self._cv:
            self.pending = turn

    def handler(self, _world: World, turn: Turn) -> None:
        with self._cv:
            self.pending = turn
            self._cv.wait_for(lambda: self.pending is None or self.pending.seq != turn.seq, timeout=self.timeout_sec)
            if self.pending is not None and self.pending.seq == turn.seq:
                log.warning("arena: the external %s did not finish turn %d within %.0f s", turn.side, turn.seq,
                            self.timeout_sec)
                self.pending = None

    def done(self, seq: int) -> bool:
        with self._cv:
            if self.pending is None or self.pending.seq != seq:
                return False
            self.pending = None
            self._cv.notify_all()
            return True

    def authorized(self, token: str) -> bool:
        """Whether ``token`` (the request's ``X-Chibench-Arena-Token``) is the runner's; constant-time, as the token
        is the only thing between the turn routes and anyone on the host."""
        return hmac.compare_digest(token, self.token)

    def state(self) -> dict[str, Any]:
        """What ``GET /arena/turn`` answers: ``{"external_side", "pending": {seq, side, reason, case_id} | None}``."""
        t = self.pending
        return {"external_side": self.external,
                "pending": None if t is None else {"seq": t.seq, "side": t.side, "reason": t.reason,
                                                   "case_id": t.case_id}}
