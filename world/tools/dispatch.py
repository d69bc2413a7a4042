"""Calling a tool: validation, identity, the service call, and errors an agent can act on.

``dispatch`` is the single path from an agent's request to the world, shared by the MCP servers and
the in-process client tests use. Outcomes are ``(is_error, payload)``: a tool error says what was
wrong and what is allowed, never a traceback; any refused call has written nothing (services run in
one transaction). Unexpected exceptions are reported as an internal error with nothing changed.

One call at a time holds the world (:data:`chibench.world.core.world.CALL_LOCK`); a service may step
out of it only while it waits for a counterpart's model (``World.unlocked``), and re-validates before
it writes. ``dispatch_now`` is the server's fast path for reads: it runs the call in the caller's
thread if the world is free at that instant, and otherwise declines (the server then uses a thread).
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, ValidationError

from chibench.world.core.errors import DomainError
from chibench.world.core.identities import identities
from chibench.world.core.serialize import TEXT_FORMAT as TEXT_FORMAT  # re-exported: the result text format
from chibench.world.core.serialize import compact_text, json_plain, plain_text
from chibench.world.core.world import CALL_LOCK, World
from chibench.world.tools.budget import RESULT_BUDGET, fit_any, take_fitted
from chibench.world.tools.registry import MAX_RESULT_CHARS, Role, Tool, load_all

log = logging.getLogger("chibench.tools")
_LOCK = CALL_LOCK  # one call at a time: SQLite is single-writer and the clock must stay ordered

def _validation_message(exc: ValidationError) -> dict[str, Any]:
    problems = []
    for e in exc.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "(arguments)"
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown argument"
        ctx = e.get("ctx") or {}
        if "expected" in ctx:
            msg += f" (allowed: {ctx['expected']})"
        problems.append(f"{loc}: {msg}")
    return {"error": "invalid_input", "message": "; ".join(problems), "problems": problems}


def _jsonable(result: Any) -> Any:
    """A service's result as JSON-plain values (:func:`json_plain`), which :func:`plain_text` encodes directly;
    a value JSON cannot hold raises ``TypeError`` here, inside the call's error handling."""
    return json_plain(result.model_dump(mode="json") if isinstance(result, BaseModel) else result)


def _parse(role: Role, name: str, arguments: dict[str, Any] | None) -> tuple[Tool, Any] | tuple[None, dict[str, Any]]:
    """The tool and its validated input, or ``(None, error payload)``."""
    registry = load_all()
    t = registry.get(role, name)
    if t is None:
        known = [x.name for x in registry.for_role(role)]
        return None, {"error": "unknown_tool", "message": f"no tool '{name}' on the {role} server", "allowed": known}
    if arguments is not None and not isinstance(arguments, dict):
        return None, {"error": "invalid_input", "message": "arguments must be a JSON object"}
    try:
        return t, t.input_model.model_validate(arguments or {})
    except ValidationError as exc:
        return None, _validation_message(exc)


def _call(world: World, role: Role, t: Tool, args: Any) -> tuple[bool, Any, str | None]:
    """Identity, the service call and its errors: ``(is_error, JSON-plain payload, its text if already known)``;
    the caller holds the world lock."""
    acting = getattr(args, "acting_as", None)
    if t.acts:
        allowed = identities(world, role)
        if acting not in allowed:
            return True, {"error": "not_authorized", "field": "acting_as",
                          "message": f"you may act only as {', '.join(allowed) or '(no identity configured)'}",
                          "allowed": allowed}, None
    take_fitted(None)  # nothing an earlier call fitted can match this call's result
    try:
        result = t.handler(world, args)
        fitted, text = take_fitted(result)  # a budget helper's record is JSON-plain already
        return False, result if fitted else _jsonable(result), text
    except DomainError as exc:  # services name the acting identity ``acting_as``, as the tools do
        return True, exc.to_dict(), None
    except Exception:  # a defect, not the agent's fault: say so without a traceback
        log.exception("tool %s failed", t.name)
        return True, {"error": "internal_error",
                      "message": f"{t.name} failed unexpectedly; nothing was changed. Try again or report it."}, None


def _too_large(size: int) -> dict[str, Any]:
    return {"error": "result_too_large",
            "message": f"the result is {size} characters (limit {MAX_RESULT_CHARS}); "
                       "narrow it with the tool's filters or pagination arguments"}


# ------------------------------------------------------------------------------- the result's text
def result_text(payload: Any) -> str:
    """A tool result's text content: ``json.dumps(payload, **TEXT_FORMAT)`` (compact JSON), computed by
    :func:`chibench.world.core.serialize.compact_text`."""
    text: str = compact_text(payload)
    return text


def _encoded(outcome: tuple[bool, Any, str | None], tool: str = "", kind: str = "read") -> tuple[bool, Any, str]:
    """The outcome with its text. A successful result whose text exceeds the result budget
    (:data:`budget.RESULT_BUDGET`) is shortened by :func:`budget.fit_any`, which says in the result what
    was left out and how to read it; one still over ``MAX_RESULT_CHARS`` becomes a ``result_too_large``
    error (both limits count the characters the agent would receive)."""
    is_error, result, known = outcome
    # a successful result comes from _jsonable or a budget helper (JSON-plain), and so does fit_any's: no type
    # walk needed; ``known``: its text, when the helper computed it
    text = known if known is not None else result_text(result) if is_error else plain_text(result)
    if not is_error and len(text) > RESULT_BUDGET:
        hint = (f"{tool} succeeded and everything it wrote is saved in full; only this echo of it was shortened "
                "to fit the result budget" if kind == "write" else None)
        result = fit_any(result, tool=tool, hint=hint)
        text = plain_text(result)
    if not is_error and len(text) > MAX_RESULT_CHARS:
        is_error, result = True, _too_large(len(text))
        text = result_text(result)
    return is_error, result, text


def dispatch(world: World, role: Role, name: str, arguments: dict[str, Any] | None) -> tuple[bool, Any]:
    """One tool call: ``(is_error, payload)``, exactly what the MCP server sends without the text."""
    is_error, result, _ = dispatch_encoded(world, role, name, arguments)
    return is_error, result


def dispatch_encoded(world: World, role: Role, name: str,
                     arguments: dict[str, Any] | None) -> tuple[bool, Any, str]:
    """``dispatch``, with the result's text content (:func:`result_text`) — what the MCP server sends."""
    t, args = _parse(role, name, arguments)
    if t is None:
        return _encoded((True, args, None))
    with _LOCK:
        outcome = _call(world, role, t, args)
    return _encoded(outcome, t.name, t.kind)


def dispatch_now(world: World, role: Role, name: str,
                 arguments: dict[str, Any] | None) -> tuple[bool, Any, str] | None:
    """``dispatch_encoded`` for a read tool, in this thread, if the world is free right now; None
    (nothing done) for a write, or while another call holds the world. Argument errors are answered
    either way."""
    t, args = _parse(role, name, arguments)
    if t is None:
        return _encoded((True, args, None))
    if t.kind != "read" or not _LOCK.acquire(blocking=False):
        return None
    try:
        outcome = _call(world, role, t, args)
    finally:
        _LOCK.release()
    return _encoded(outcome, t.name, t.kind)
