"""Typed domain errors. Every service raises one of these for bad input or an illegal move.

Each error carries a stable ``code`` (for tools and tests), a human ``message`` that says what
was wrong, and where it applies the offending ``field`` and the ``allowed`` values. The tool
layer turns them into MCP tool errors verbatim; nothing else is ever shown to an agent.
A service that raises has written nothing: every write runs in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError


class DomainError(Exception):
    """Base class. ``to_dict()`` is the shape tools return inside an error result."""

    code = "domain_error"

    def __init__(self, message: str, *, field: str | None = None, allowed: Iterable[Any] | None = None,
                 details: dict[str, Any] | None = None):
        self.message = message
        self.field = field
        self.allowed = sorted({str(a) for a in allowed}) if allowed is not None else None
        self.details = details or {}
        super().__init__(self.render())

    def render(self) -> str:
        text = self.message
        if self.field:
            text = f"{self.field}: {text}"
        if self.allowed is not None:
            text += f" (allowed: {', '.join(self.allowed) if self.allowed else 'none'})"
        return text

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "message": self.render()}
        if self.field:
            out["field"] = self.field
        if self.allowed is not None:
            out["allowed"] = self.allowed
        if self.details:
            out["details"] = self.details
        return out


class InvalidInput(DomainError):
    """An argument is missing, malformed or outside its allowed values."""

    code = "invalid_input"


class NotFound(DomainError):
    """An id does not name an existing record of the expected kind."""

    code = "not_found"


class IllegalTransition(DomainError):
    """A lifecycle move that the entity's transition table does not allow."""

    code = "illegal_transition"


class Conflict(DomainError):
    """The record already exists, or a submitted handoff cannot be amended."""

    code = "conflict"


class AuthorityError(DomainError):
    """The acting worker's role may not take this action (e.g. a nurse denying)."""

    code = "not_authorized"


class IndependenceError(DomainError):
    """The reviewer is the same physician who made the adverse decision under review."""

    code = "independence_violation"


class UnknownActor(AuthorityError):
    """The acting worker id names no worker; unknown ids are never granted a role."""

    code = "unknown_actor"


class ChannelRejected(DomainError):
    """A submission channel refused the packet (portal/API questionnaire, EDI 278 AAA codes)."""

    code = "channel_rejected"


class PreflightFailed(DomainError):
    """A determination preflight step failed; ``details['step']`` names it (P1…P12)."""

    code = "preflight_failed"


class DamagedDatabase(DomainError):
    """A world database file fails SQLite's ``PRAGMA quick_check`` or is not a SQLite database at all;
    nothing reads or serves it (a damaged file would otherwise be graded or served as if it were whole)."""

    code = "damaged_database"


class RetryableError(DomainError):
    """A transient failure (e.g. a simulator timeout); nothing was recorded; try again."""

    code = "retryable"


def validation_lines(err: ValidationError, top: str = "") -> list[str]:
    """``"<dotted.loc>: <message>"`` per problem of a pydantic error; ``top`` names an empty location.

    The one formatting of model-validation failures for every loader (seeds, contracts, overlays, task
    worlds, scenarios, expectations) so their messages name fields the same way.
    """
    return [f"{'.'.join(str(p) for p in e['loc']) or top}: {e['msg']}" for e in err.errors()]
