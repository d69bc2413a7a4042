"""Payer UM argument parsing: evidence quotes, policy citations, info requests and line decisions —
each returns the normalized value or raises :class:`~chibench.world.core.errors.InvalidInput`."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from sqlalchemy.orm import Session

from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.payer_queries import (
    LINE_DECISIONS,
    payer_document,
    require_line,
    review_lines,
)
from chibench.world.core import validate as v
from chibench.world.core.errors import InvalidInput
from chibench.world.rules.preflight import CITATION


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def validate_evidence(s: Session, case_id: str, evidence: Any, field: str = "evidence") -> list[dict[str, str]]:
    """``[{document_id, quote}]``: each document a payer-side copy on this case; each quote verbatim in it.

    Quotes are compared case-insensitively with whitespace collapsed, so a reviewer cannot cite
    evidence the document does not contain (public_release.md §9: fabricated evidence).
    """
    if evidence is None:
        evidence = []
    if not isinstance(evidence, list) or len(evidence) > v.MAX_LIST:
        raise InvalidInput("expected a list of {document_id, quote} objects", field=field)
    out: list[dict[str, str]] = []
    for i, item in enumerate(evidence):
        where = f"{field}[{i}]"
        v.no_unknown_keys(v.obj(item, where), ("document_id", "quote"), where)
        doc = payer_document(s, case_id, item.get("document_id"), f"{where}.document_id")
        quote = v.text(item.get("quote"), f"{where}.quote", max_len=2000)
        if _norm(quote) not in _norm(doc.body):
            raise InvalidInput(f"the quote does not appear in document {doc.id}; copy the words verbatim",
                               field=f"{where}.quote")
        out.append({"document_id": doc.id, "quote": quote})
    return out


def citations_arg(value: Any, field: str = "policy_citations", *, required: bool = False) -> list[str]:
    """A list of ``<policy-id> §<n>`` citations (``rules.preflight.CITATION``)."""
    cites = v.str_list(value, field, required=required)
    bad = [c for c in cites if not CITATION.match(c)]
    if bad:
        raise InvalidInput(f"citations must look like 'KM-MP-SURG-012 §3.2'; bad: {bad}", field=field)
    return cites


def info_request_args(info_requested: Any, info_due: Any, now: dt.datetime, *, items_field: str = "info_requested",
                      due_field: str = "info_due") -> tuple[list[str], dt.date]:
    """Items requested (non-empty list of strings) and a response due date strictly after today (UTC)."""
    items = v.str_list(info_requested, items_field, required=True, max_len=v.MAX_SHORT)
    if info_due is None:
        raise InvalidInput("a response due date (YYYY-MM-DD) is required", field=due_field)
    due = v.iso_date(info_due, due_field)
    if due <= now.date():
        raise InvalidInput(f"the response due date must be after today ({now.date().isoformat()})", field=due_field)
    return items, due


def parse_line_decisions(s: Session, case: PACase, value: Any, field: str = "line_decisions") -> list[dict[str, Any]]:
    """Per-line decisions of a partial approval: ``[{line_number, decision: approved|denied,
    approved_units?, reason?}]`` — every line exactly once, at least one approved and one denied,
    approved units 1..requested (default: all requested), a reason for each denied line."""
    if not isinstance(value, list) or not value:
        raise InvalidInput("a partial approval must decide each line", field=field)
    lines = {ln["line_number"]: ln for ln in review_lines(s, case)}
    out: list[dict[str, Any]] = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        v.no_unknown_keys(v.obj(item, where), ("line_number", "decision", "approved_units", "reason"), where)
        ln = require_line(s, case, item.get("line_number"), f"{where}.line_number")
        dec = v.choice(item.get("decision"), LINE_DECISIONS, f"{where}.decision")
        row: dict[str, Any] = {"line_number": ln["line_number"], "decision": dec}
        if dec == "approved":
            units = item.get("approved_units", ln["units"])
            row["approved_units"] = v.integer(units, f"{where}.approved_units", lo=1, hi=ln["units"])
            row["reason"] = v.text(item.get("reason"), f"{where}.reason", required=False) or None
        else:
            if item.get("approved_units") not in (None, 0):
                raise InvalidInput("a denied line approves no units", field=f"{where}.approved_units")
            row["approved_units"] = 0
            row["reason"] = v.text(item.get("reason"), f"{where}.reason")
        out.append(row)
    decided = [r["line_number"] for r in out]
    if len(set(decided)) != len(decided) or set(decided) != set(lines):
        raise InvalidInput(f"decide every line exactly once: {sorted(lines)}", field=field)
    if {r["decision"] for r in out} != {"approved", "denied"}:
        raise InvalidInput("a partial approval needs at least one approved and one denied line", field=field)
    return out


def end_of_day(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(23, 59, 59), tzinfo=dt.UTC)
