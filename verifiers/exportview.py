"""Read-only views over exported world states: indexes, the target case, row ownership and the diff.

Grading reads only exports (``chibench.world.export`` format ``chibench.world.export/1``): a JSON
object ``{format, world_version, clock, tables: {name: [rows]}, digest}``. Nothing here opens a
database or calls a service. The per-table diff has the same shape as ``chibench.world.export.diff``
(``{table: {added: [keys], updated: [{key, changes}], removed: [keys]}}``); it is computed here with
the export's own key conventions so that grading needs no ORM metadata (and is pinned to the world's
diff by a test).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from chibench.verifiers import vocab
from chibench.verifiers.expectations import CaseLocator

EXPORT_FORMAT = "chibench.world.export/1"

Row = dict[str, Any]


class ExportError(ValueError):
    """The export is missing, unreadable or not a world export."""


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def compute_digest(data: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of everything but ``digest`` (the world's own rule)."""
    return hashlib.sha256(canonical({k: v for k, v in data.items() if k != "digest"}).encode()).hexdigest()


def validate_export(data: Any, what: str = "export", *, check_digest: bool = True) -> dict[str, Any]:
    """The export as a dict, or :class:`ExportError` naming what is wrong (format, tables, digest).

    ``check_digest=False`` only for an export the caller's own process just built with the world's exporter
    (``chibench.rl``): its ``digest`` must still be a string but is not recomputed (the canonical JSON of a
    whole export costs ≈ 75 ms; a file or a decoded document from elsewhere is always checked)."""
    if not isinstance(data, dict):
        raise ExportError(f"{what}: not a JSON object")
    if data.get("format") != EXPORT_FORMAT:
        raise ExportError(f"{what}: format is {data.get('format')!r}, expected '{EXPORT_FORMAT}'")
    tables = data.get("tables")
    if not isinstance(tables, dict) or not all(isinstance(v, list) for v in tables.values()):
        raise ExportError(f"{what}: 'tables' must map table names to row lists")
    missing = sorted({"pa_cases", "cm_cases", "events", "state_transitions"} - set(tables))
    if missing:
        raise ExportError(f"{what}: tables missing: {missing}")
    digest = data.get("digest")
    if not isinstance(digest, str) or (check_digest and digest != compute_digest(data)):
        raise ExportError(f"{what}: digest does not match the content (corrupted or edited export)")
    return data


def row_key(table: str, row: Row) -> str:
    pk = vocab.PRIMARY_KEYS.get(table, "id")
    if pk in row:
        return str(row[pk])
    return canonical(row)


def diff_tables(before: dict[str, list[Row]], after: dict[str, list[Row]]) -> dict[str, dict[str, Any]]:
    """Per-table ``{added, updated: [{key, changes: {col: [old, new]}}], removed}`` (changed tables only)."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(set(before) | set(after)):
        b_rows, a_rows = before.get(name, []), after.get(name, [])
        if b_rows == a_rows:
            continue
        b = {row_key(name, r): r for r in b_rows}
        a = {row_key(name, r): r for r in a_rows}
        added = sorted(k for k in a if k not in b)
        removed = sorted(k for k in b if k not in a)
        updated = []
        for k in sorted(set(a) & set(b)):
            if a[k] != b[k]:
                changes = {c: [b[k].get(c), a[k].get(c)] for c in sorted(set(a[k]) | set(b[k]))
                           if a[k].get(c) != b[k].get(c)}
                updated.append({"key": k, "changes": changes})
        if added or removed or updated:
            out[name] = {"added": added, "updated": updated, "removed": removed}
    return out


#: How a row of each table belongs to a case: direct column, or a parent table and its key column.
_DIRECT_PA = ("pa_lines", "requirement_checks", "provider_determinations", "inbox_messages", "intake_cases",
              "triage_records", "routing_records", "review_tasks", "criterion_evaluations", "nurse_recommendations",
              "md_decisions", "determinations", "p2p_requests", "p2p_sessions", "letters", "member_notifications",
              "appeals", "submission_packets", "form_responses", "documents", "workspace_artifacts")
_DIRECT_CM = ("cm_chart_reviews", "cm_assessments", "cm_care_plans", "cm_outreach_sessions", "cm_outreach_records")
_VIA = {  # table: (parent table, column in this row holding the parent's id)
    "intake_line_items": ("intake_cases", "intake_id"),
    "fax_pages": ("submission_packets", "packet_id"),
    "p2p_turns": ("p2p_sessions", "session_id"),
    "cm_outreach_turns": ("cm_outreach_sessions", "session_id"),
    "cm_care_plan_problems": ("cm_care_plans", "plan_id"),
    "cm_care_plan_goals": ("cm_care_plan_problems", "problem_id"),
    "cm_care_plan_interventions": ("cm_care_plan_goals", "goal_id"),
}


@dataclass
class Target:
    kind: str
    case: Row | None
    candidates: list[str] = field(default_factory=list)
    reason: str = ""

    @property
    def id(self) -> str | None:
        return None if self.case is None else str(self.case["id"])


class ExportView:
    """Indexes over one export's tables (built lazily, cached)."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.tables: dict[str, list[Row]] = data.get("tables", {})
        self.clock: str | None = data.get("clock")
        self._by_id: dict[str, dict[str, Row]] = {}
        self._by_col: dict[tuple[str, str], dict[Any, list[Row]]] = {}

    def rows(self, table: str) -> list[Row]:
        return self.tables.get(table, [])

    def get(self, table: str, key: Any) -> Row | None:
        if table not in self._by_id:
            self._by_id[table] = {row_key(table, r): r for r in self.rows(table)}
        return self._by_id[table].get(str(key))

    def where(self, table: str, column: str, value: Any) -> list[Row]:
        idx = self._by_col.get((table, column))
        if idx is None:
            idx = {}
            for r in self.rows(table):
                v = r.get(column)
                idx.setdefault(v if not isinstance(v, list | dict) else canonical(v), []).append(r)
            self._by_col[(table, column)] = idx
        return idx.get(value, [])

    @cached_property
    def max_event_seq(self) -> int:
        return max((int(e["seq"]) for e in self.rows("events")), default=0)

    @cached_property
    def max_transition_seq(self) -> int:
        return max((int(t["seq"]) for t in self.rows("state_transitions")), default=0)

    # -- ownership --------------------------------------------------------------------------------
    def case_of(self, table: str, row: Row, _depth: int = 0) -> str | None:
        """The PA or CM case id a row belongs to, or None (patient-level or world-level rows)."""
        if table in ("pa_cases", "cm_cases"):
            return str(row["id"])
        if table in _DIRECT_PA or table in ("events", "state_transitions"):
            v = row.get("case_id")
            return None if v is None else str(v)
        if table in _DIRECT_CM:
            v = row.get("cm_case_id")
            return None if v is None else str(v)
        if table in _VIA and _depth < 4:
            parent_table, col = _VIA[table]
            parent = self.get(parent_table, row.get(col))
            return None if parent is None else self.case_of(parent_table, parent, _depth + 1)
        if table == "cm_referrals":
            cases = self.where("cm_cases", "referral_id", row["id"])
            return str(cases[0]["id"]) if cases else None
        if table == "service_requests":
            cases = self.where("pa_cases", "order_id", row["id"])
            return str(cases[0]["id"]) if cases else None
        return None

    def patient_of(self, table: str, row: Row) -> str | None:
        if table == "patients":
            return str(row["id"])
        v = row.get("patient_id")
        if v is not None:
            return str(v)
        case_id = self.case_of(table, row)
        if case_id is None:
            return None
        case = self.get("pa_cases", case_id) or self.get("cm_cases", case_id)
        return None if case is None else str(case["patient_id"])

    # -- the target case ----------------------------------------------------------------------------
    def locate(self, loc: CaseLocator) -> Target:
        table = "pa_cases" if loc.kind == "pa_case" else "cm_cases"
        found = []
        for case in self.rows(table):
            if loc.patient_id and case.get("patient_id") != loc.patient_id:
                continue
            if loc.referral_id and case.get("referral_id") != loc.referral_id:
                continue
            if loc.order_id:
                oid = str(case.get("order_id") or "")
                if oid != loc.order_id and not oid.startswith(loc.order_id + "-R"):
                    continue
            if loc.service_codes:
                codes = {ln.get("code") for ln in self.where("pa_lines", "case_id", case["id"])}
                if not set(loc.service_codes) <= codes:
                    continue
            found.append(case)
        ids = [str(c["id"]) for c in found]
        if len(found) == 1:
            return Target(loc.kind, found[0], ids)
        if not found:
            return Target(loc.kind, None, ids, "no case matches the task's locator")
        return Target(loc.kind, None, ids, f"{len(found)} cases match the task's locator (expected exactly one)")

    def case_rows(self, case_id: str | None, tables: Iterable[str] | None = None) -> dict[str, list[Row]]:
        """Every row of ``tables`` (default: all) that belongs to ``case_id``."""
        out: dict[str, list[Row]] = {}
        if case_id is None:
            return out
        for t in tables if tables is not None else sorted(self.tables):
            if t in ("events", "state_transitions") or t in _DIRECT_PA:
                rows = self.where(t, "case_id", case_id)
            elif t in _DIRECT_CM:
                rows = self.where(t, "cm_case_id", case_id)
            elif t in ("pa_cases", "cm_cases"):
                r = self.get(t, case_id)
                rows = [r] if r is not None else []
            elif t in _VIA or t in ("cm_referrals", "service_requests"):
                rows = [r for r in self.rows(t) if self.case_of(t, r) == case_id]
            else:
                rows = []
            if rows:
                out[t] = rows
        return out

    # -- placeholders --------------------------------------------------------------------------------
    def placeholders(self, target: Target) -> dict[str, str]:
        case = target.case
        if case is None:
            return {}
        out = {"case_id": str(case["id"])}
        patient = self.get("patients", case.get("patient_id"))
        if patient is not None:
            out["patient_given_name"] = str(patient["given_name"])
            out["patient_family_name"] = str(patient["family_name"])
            out["patient_name"] = f"{patient['given_name']} {patient['family_name']}"
        cov = self.get("coverages", case.get("coverage_id")) if case.get("coverage_id") else None
        if cov is None and patient is not None:
            covs = self.where("coverages", "patient_id", patient["id"])
            cov = covs[0] if covs else None
        if cov is not None:
            out["member_id"] = str(cov["member_id"])
            plan = self.get("plans", cov.get("plan_id"))
            if plan is not None:
                out["plan_name"] = str(plan["name"])
        dets = [d for d in self.where("determinations", "case_id", case["id"]) if not d.get("superseded_by")]
        if dets and dets[-1].get("authorization_number"):
            out["authorization_number"] = str(dets[-1]["authorization_number"])
        elif case.get("authorization_number"):
            out["authorization_number"] = str(case["authorization_number"])
        return out
