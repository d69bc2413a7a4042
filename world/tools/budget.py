"""The tool-result budget: every result an agent receives fits ``RESULT_BUDGET`` characters of its text.

Real agent harnesses do not pass long tool results to the model whole (the codex CLI with a model it has
no metadata for keeps about 12,000 characters and drops the *middle*), so a result that is longer than the
budget can lose exactly the part that decides the task. This module is the view layer that keeps results
under the budget without losing anything silently — the world's data is never changed:

* :func:`page` — one page of a list, at most ``limit`` entries and fewer when the next entry would push the
  text over the budget; always ``total``, ``offset``, ``limit`` and ``next_offset`` (null on the last page).
* :func:`fit_record` — a record with several list sections: the head is kept whole and each section gets as
  many leading entries as fit, in order; a cut section is listed under ``more`` with its ``total`` and
  ``next_offset``, and ``more_hint`` says which call returns the rest (``section=<name>``, ``offset=``).
* :func:`section_page` — one section of such a record, paged like :func:`page`, with the record's id fields.
* :func:`text_window` — a window of a long text (a document body) with ``next_offset`` for the rest.
* :func:`fit_any` — the last resort the dispatcher applies to any successful result still over the budget:
  the largest lists and texts are shortened from their end and ``result_budget`` records every cut and how to
  get the rest. A tool's own paging normally keeps it from being needed (the package size test fails if an
  oracle or near-miss trajectory ever relies on it).

Sizes count the characters of the compact JSON text the MCP server sends
(``chibench.world.core.serialize.TEXT_FORMAT``). Limits below are characters, not tokens.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from chibench.world.core.errors import InvalidInput
from chibench.world.core.serialize import json_plain, plain_text

#: Characters of result text an agent receives at most by default (issue 23; the hard limit
#: ``registry.MAX_RESULT_CHARS`` still refuses anything larger than 100,000 as a guard).
RESULT_BUDGET = 10_000
#: Characters kept free under the budget for the envelope a helper adds (``more``, ``next_offset``, notes).
_ENVELOPE = 400


#: One line for the description of every paged list tool.
PAGED = "Paged: pass next_offset back as offset (null = last page); total counts all."
#: One line for the description of every record tool with sections.
SECTIONED = ("Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with "
             "section=<name> and offset/limit.")

#: One line for a record tool without sections whose lists can outgrow the budget.
CUT = "Lists too long for 10,000 chars are cut and named under `more`."


_FITTED = threading.local()


def _fitted(out: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    """Return ``out`` (JSON-plain, built here), remembered as this thread's last fitted result with its text when
    it was computed whole (:func:`take_fitted`)."""
    _FITTED.last = (out, text)
    return out


def take_fitted(result: Any) -> tuple[bool, str | None]:
    """``(True, text or None)`` if ``result`` is the very record :func:`page`, :func:`section_page` or
    :func:`fit_record` returned last in this thread — JSON-plain already, so the dispatcher neither copies it
    (``json_plain``) nor, when the text is given, encodes it again — else ``(False, None)``. Forgets the record
    either way. Valid because a tool returns a fitted record as it is (``tests/world/tools/test_fitted.py``
    checks every oracle call that takes this path against the full conversion)."""
    last = getattr(_FITTED, "last", None)
    _FITTED.last = None
    if last is None or last[0] is not result:
        return False, None
    return True, last[1]


def text_size(value: Any) -> int:
    """Characters of ``value``'s compact JSON text (what the agent receives for it)."""
    return len(plain_text(json_plain(value)))


def _size(value: Any) -> int:
    """:func:`text_size` of a value that is already JSON-plain (``json_plain`` would return an equal copy)."""
    return len(plain_text(value))


def check_offset(offset: int, total: int, field: str = "offset") -> None:
    """Refuse an offset past the end of a list (0 is always allowed, also for an empty list)."""
    if offset and offset >= total:
        raise InvalidInput(f"{field} {offset} is past the end: there are {total} entries (offsets 0–{max(total - 1, 0)})",
                           field=field)


def check_section_args(section: str | None, offset: int) -> None:
    """``offset`` pages a section: refuse it without one (the default view is not paged)."""
    if section is None and offset:
        raise InvalidInput("offset pages one section: pass section=<name> with it (the default view is not paged)",
                           field="offset")


def _take(items: list[Any], room: int, limit: int) -> list[Any]:
    """Leading plain ``items`` (at most ``limit``) whose texts, each counted with one separator, fit ``room``
    characters; at least one entry."""
    head = items[:limit]
    # The text of the list is "[" + the items joined by "," + "]": one character more than the items with one
    # separator each. When that fits, every item does (the usual case: one encoding instead of one per item).
    if _size(head) - 1 <= room:
        return head
    out: list[Any] = []
    used = 0
    for item in head:
        size = _size(item) + 1
        if out and used + size > room:
            break
        out.append(item)
        used += size
    return out


def page(key: str, items: list[Any], offset: int, limit: int, *, head: dict[str, Any] | None = None,
         budget: int = RESULT_BUDGET) -> dict[str, Any]:
    """``{**head, key: items[offset:offset+n], total, offset, limit, next_offset}`` where ``n ≤ limit`` entries
    fit the budget (at least one when any remain). ``next_offset`` is null on the last page; a page cut short
    by the budget says so in ``page_note``. Raises ``InvalidInput`` for an offset past the end."""
    items = json_plain(items)
    total = len(items)
    check_offset(offset, total)
    out: dict[str, Any] = dict(json_plain(head or {}))
    room = budget - _ENVELOPE - _size(out)
    chosen = _take(items[offset:], room, limit)
    end = offset + len(chosen)
    out.update({key: chosen, "total": total, "offset": offset, "limit": limit,
                "next_offset": end if end < total else None})
    if end < total and len(chosen) < limit:
        out["page_note"] = (f"{len(chosen)} of the requested {limit} entries fit the {budget:,}-character result "
                            f"budget; continue with offset={end}")
    return _fitted(out)


def fit_record(record: dict[str, Any], sections: Sequence[str], *, hint: str,
               budget: int = RESULT_BUDGET, already_plain: bool = False) -> dict[str, Any]:
    """``record`` with every key kept and each list in ``sections`` cut to the leading entries that fit the
    budget (filled in the given order; a later, smaller section still gets its entries when an earlier one
    was cut). Each cut section appears under ``more`` as ``{returned, total, next_offset}`` and ``more_hint``
    (``hint``) says how to read the rest. A record that fits is returned unchanged.
    ``already_plain``: ``record`` is JSON-plain and the caller's to give away (``json_plain`` would return an
    equal copy): it is cut in place instead of copied."""
    out: dict[str, Any] = record if already_plain else json_plain(record)
    text = plain_text(out)
    if len(text) <= budget:
        return _fitted(out, text)
    lists = {k: out[k] for k in sections if isinstance(out.get(k), list)}
    for k in lists:
        out[k] = []
    room = budget - _ENVELOPE - len(hint) - 90 * len(lists) - _size(out)
    more: dict[str, Any] = {}
    for k, items in lists.items():
        chosen = _take(items, room, len(items)) if room > 0 else []
        if chosen and _size(chosen) > room:  # a single entry larger than what is left: leave it for later
            chosen = []
        room -= _size(chosen) - 2
        out[k] = chosen
        if len(chosen) < len(items):
            more[k] = {"returned": len(chosen), "total": len(items), "next_offset": len(chosen)}
    if more:
        out["more"] = more
        out["more_hint"] = hint
    return _fitted(out)


def section_page(head: dict[str, Any], section: str, items: list[Any], offset: int, limit: int, *,
                 budget: int = RESULT_BUDGET) -> dict[str, Any]:
    """One section of a record: ``{**head, section, <section>: [...], total, offset, limit, next_offset}``."""
    return page(section, items, offset, limit, head={**head, "section": section}, budget=budget)


def text_window(text: str, offset: int, max_chars: int) -> dict[str, Any]:
    """``{text, chars, offset, next_offset}``: ``text[offset:offset+max_chars]`` of a long text; ``next_offset``
    is null at the end. Raises ``InvalidInput`` for an offset past the end."""
    if offset and offset >= len(text):
        raise InvalidInput(f"text offset {offset} is past the end: the text has {len(text)} characters",
                           field="body_offset")
    end = min(len(text), offset + max_chars)
    return {"text": text[offset:end], "chars": len(text), "offset": offset,
            "next_offset": end if end < len(text) else None}


# ------------------------------------------------------------------------------- the last resort
def _nodes(value: Any, path: str, out: list[tuple[int, str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _nodes(v, f"{path}.{k}" if path else k, out)
    elif isinstance(value, list):
        if value:
            out.append((_size(value), path, value))
        for i, v in enumerate(value):
            _nodes(v, f"{path}[{i}]", out)
    elif isinstance(value, str) and len(value) > 200:
        out.append((_size(value), path, value))


def _set(root: Any, path: str, new: Any) -> None:
    """Replace the node at ``path`` (as produced by :func:`_nodes`) inside ``root``."""
    import re

    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    node = root
    for p in parts[:-1]:
        node = node[int(p[1:-1])] if p.startswith("[") else node[p]
    last = parts[-1]
    if last.startswith("["):
        node[int(last[1:-1])] = new
    else:
        node[last] = new


def fit_any(result: Any, *, tool: str, hint: str | None = None, budget: int = RESULT_BUDGET) -> Any:
    """``result`` shortened to fit the budget: the largest list or text is cut from its end, again until
    the whole fits; ``result_budget`` records ``{limit, full_chars, omitted {path: what was cut}, how}``.
    Lists lose trailing entries (lists are ordered so that the first entries matter most), texts their
    tail. A result that fits is returned unchanged; a bare list is wrapped as ``{"items": [...]}``."""
    out = json_plain(result)
    full = _size(out)
    if full <= budget:
        return out
    if not isinstance(out, dict):
        out = {"items": out}
    how = hint or (f"this result of {tool} was {full:,} characters; the omitted parts are unchanged in the world — "
                   "narrow the call (filters, section, offset/limit) to read them")
    omitted: dict[str, str] = {}
    note = {"limit": budget, "full_chars": full, "omitted": omitted, "how": how}
    out["result_budget"] = note
    for _ in range(500):
        excess = _size(out) - budget
        if excess <= 0:
            break
        nodes: list[tuple[int, str, Any]] = []
        _nodes({k: v for k, v in out.items() if k != "result_budget"}, "", nodes)
        if not nodes:
            break
        size, path, node = max(nodes, key=lambda n: n[0])
        if isinstance(node, list):
            keep = len(node)
            cut = 0
            while keep > 0 and cut < excess + 120:
                keep -= 1
                cut += _size(node[keep]) + 1
            total = int(omitted[path].split(" of ")[1].split()[0]) if path in omitted else len(node)
            _set(out, path, node[:keep])
            omitted[path] = f"{keep} of {total} entries kept"
        else:
            prev = omitted.get(path)
            total = int(prev.split(" of ")[1].split()[0]) if prev else len(node)
            keep = max(0, len(node) - excess - 160)
            _set(out, path, node[:keep])
            omitted[path] = f"{keep} of {total} characters kept"
    return out
