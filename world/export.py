"""Canonical export of a whole world, its digest, and a per-table diff.

``snapshot(world)`` → ``{"format": …, "world_version": …, "clock": …, "tables": {name: [rows]},
"digest": sha256}`` with tables sorted by name, rows sorted by primary key, times as UTC ISO-8601
``Z`` strings and enums as their string values. The digest is the sha256 of the canonical JSON of
everything but the digest itself, so two worlds with equal digests hold equal data.
Grading reads only these exports (DESIGN §4 "Export", §8).
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import select

from chibench.world import apps as _apps  # noqa: F401  (every app table on Base.metadata, the directory installed)
from chibench.world.core.db import Base, dumps
from chibench.world.core.serialize import plain
from chibench.world.core.world import World

EXPORT_FORMAT = "chibench.world.export/1"


def _table_rows(session: Any, table: Any) -> list[dict[str, Any]]:
    pk = [c for c in table.primary_key.columns]
    rows = session.execute(select(table).order_by(*pk)).mappings().all()
    out = []
    for r in rows:
        out.append({k: plain(v) for k, v in r.items()})
    return out


def tables(world: World) -> dict[str, list[dict[str, Any]]]:
    """All tables as canonical row lists (sorted by table name, rows by primary key)."""
    out: dict[str, list[dict[str, Any]]] = {}
    with world.read() as s:
        for name in sorted(Base.metadata.tables):
            out[name] = _table_rows(s, Base.metadata.tables[name])
    return out


def digest_of(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "digest"}
    return hashlib.sha256(dumps(body).encode()).hexdigest()


def snapshot(world: World) -> dict[str, Any]:
    data = tables(world)
    settings = {r["key"]: r["value"] for r in data.get("world_settings", [])}
    clock = data["sim_clock"][0]["now"] if data.get("sim_clock") else None
    snap: dict[str, Any] = {"format": EXPORT_FORMAT, "world_version": settings.get("world_version"),
                            "clock": clock, "tables": data}
    snap["digest"] = digest_of(snap)
    return snap


def to_json(snap: dict[str, Any]) -> str:
    return dumps(snap)


def _key(table: str, row: dict[str, Any]) -> str:
    pk = [c.name for c in Base.metadata.tables[table].primary_key.columns] if table in Base.metadata.tables else []
    if pk:
        return "|".join(str(row[c]) for c in pk)
    return str(row.get("id", row.get("seq")))


def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per-table ``{"added": [keys], "updated": [{"key", "changes": {col: [old, new]}}], "removed": [keys]}``.

    Accepts two snapshots (or two ``tables`` dicts); only tables with changes are listed.
    """
    bt = before.get("tables", before)
    at = after.get("tables", after)
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(set(bt) | set(at)):
        b = {_key(name, r): r for r in bt.get(name, [])}
        a = {_key(name, r): r for r in at.get(name, [])}
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


CHART_TABLES = ("encounters", "conditions", "observations", "medications", "procedures", "allergies")


def stats(world: World) -> dict[str, Any]:
    """Counts for ``chibench world stats``: patients, workers, chart activities, and every table."""
    data = tables(world)
    counts = {name: len(rows) for name, rows in data.items()}
    chart_docs = sum(1 for d in data["documents"] if d["origin"] == "chart")
    return {
        "patients": counts["patients"],
        "service_patients": sum(1 for p in data["patients"] if p["domain"] == "service"),
        "cm_patients": sum(1 for p in data["patients"] if p["domain"] == "cm"),
        "workers": counts["workers"],
        "organizations": counts["organizations"],
        "plans": counts["plans"],
        "chart_activities": sum(counts[t] for t in CHART_TABLES) + chart_docs,
        "chart_documents": chart_docs,
        "orders": counts["service_requests"],
        "cm_referrals": counts["cm_referrals"],
        "tables": counts,
    }
