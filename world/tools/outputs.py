"""Result shapes shared by every tool: pages, sectioned records, the result-budget note, tool errors.

Each tool handler declares its result type (a ``TypedDict`` in ``outputs_<role>.py``); the registry derives
the tool's full result schema from it once (:meth:`registry.Tool.result_schema`) and, from that, the MCP
``outputSchema`` it lists (:meth:`registry.Tool.output_schema`: the top-level keys every result carries).
The shapes here are the
envelopes :mod:`chibench.world.tools.budget` puts around a result:

* :class:`Result` — every result: the dispatcher's last-resort cut (``budget.fit_any``) may add
  ``result_budget``;
* :class:`Page` — one page of a list (``budget.page``); a role's page type adds its one list key;
* :class:`Sectioned` — a record whose lists are cut to fit (``budget.fit_record``): ``more`` and ``more_hint``;
* :class:`SectionPaged` — a record tool that also returns one section paged (``section=<name>``): the
  page fields appear on a section page only.

Real results are checked against the full schemas in tests (``tests/world/tools/test_output_schemas.py``), with
every object closed, so a result key that is not declared fails there; never on the serving path: the MCP
server sends results as built and does not re-validate them.

The listed ``outputSchema`` is small and open (:func:`registry.served_schema`): a client that validates
results (the official Python and TypeScript SDKs do) checks it on every call, and must neither pay for
the whole nested shape on each call nor fail an agent's call because a rarely seen key is missing from a
declaration.

The role modules (``outputs_provider.py``, ``outputs_payer.py``, ``outputs_cm.py``; records more than one
role returns in ``outputs_shared.py``) were first written from the results the tools actually return
(every oracle and near-miss replay, every tool test) and are held to them by the same tests: a service that
adds, drops or retypes a key fails there until its shape is updated. Scalars and records are nullable
(optional columns and links are null in some worlds), lists are not; a value typed ``JsonValue`` is one no
recorded result has shown other than null or empty. A record one view returns to several tools is declared
once and reused; a variant that adds keys inherits it.

Errors (``isError: true``) carry :class:`ToolError`; MCP's ``outputSchema`` covers successful results only.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import JsonValue
from typing_extensions import TypedDict

__all__ = ["JsonValue", "MoreEntry", "Page", "Result", "ResultBudgetNote", "SectionPaged", "Sectioned",
           "TextWindow", "ToolError"]


class ResultBudgetNote(TypedDict):
    """What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it."""

    limit: int
    full_chars: int
    omitted: dict[str, str]
    how: str


class Result(TypedDict):
    """Base of every tool result."""

    result_budget: NotRequired[ResultBudgetNote]


class Page(Result):
    """One page of a list: ``next_offset`` is null on the last page; ``page_note`` says when the result budget
    cut the page short of ``limit``."""

    total: int
    offset: int
    limit: int
    next_offset: int | None
    page_note: NotRequired[str]


class MoreEntry(TypedDict):
    """A list section cut to fit the result budget: entries returned, entries in all, where to continue."""

    returned: int
    total: int
    next_offset: int


class Sectioned(Result):
    """A record whose list sections may be cut to fit the result budget."""

    more: NotRequired[dict[str, MoreEntry]]
    more_hint: NotRequired[str]


class SectionPaged(Sectioned):
    """A record tool that returns either the whole record (cut sections under ``more``) or, with
    ``section=<name>``, that one section paged: the page fields appear on a section page only."""

    section: NotRequired[str]
    total: NotRequired[int]
    offset: NotRequired[int]
    limit: NotRequired[int]
    next_offset: NotRequired[int | None]
    page_note: NotRequired[str]


class TextWindow(TypedDict):
    """A window of a long text: ``text[offset:offset+max_chars]``, ``chars`` in all, null ``next_offset`` at
    the end."""

    text: str
    chars: int
    offset: int
    next_offset: int | None


ErrorCode = Literal["invalid_input", "not_found", "illegal_transition", "conflict", "not_authorized",
                    "independence_violation", "unknown_actor", "channel_rejected", "preflight_failed",
                    "damaged_database", "retryable", "domain_error", "unknown_tool", "internal_error",
                    "result_too_large"]


class ToolError(TypedDict):
    """A tool error's payload (``isError: true``): what was wrong and, where it applies, the offending
    ``field``, the ``allowed`` values, argument ``problems`` and ``details``."""

    error: ErrorCode
    message: str
    field: NotRequired[str]
    allowed: NotRequired[list[str]]
    problems: NotRequired[list[str]]
    details: NotRequired[dict[str, JsonValue]]
