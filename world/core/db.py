"""Persistence: the declarative base, column types, and the world's core tables.

One SQLite database per world (DESIGN §4). Times are stored as canonical ISO-8601 UTC strings
(``YYYY-MM-DDTHH:MM:SSZ``) so that rows, exports and digests are byte-stable; JSON columns are
serialized with sorted keys for the same reason.
"""

from __future__ import annotations

import datetime as dt
import json
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, Text, TypeDecorator
from sqlalchemy import Enum as SAEnum
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from chibench.world.core.clock import as_utc, iso

E = TypeVar("E", bound=StrEnum)


def dumps(value: Any) -> str:
    """Canonical JSON used for every JSON column and for the export."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class UTCDateTime(TypeDecorator[dt.datetime]):
    """Aware UTC datetime stored as an ISO-8601 ``Z`` string (sortable, byte-stable)."""

    impl = String(20)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> str | None:
        return None if value is None else iso(as_utc(value))

    def process_result_value(self, value: str | None, dialect: Any) -> dt.datetime | None:
        return None if value is None else dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def enum_col(enum: type[E], **kw: Any) -> Any:
    """A string column constrained to ``enum``'s values (stored as the value, not the name)."""
    return mapped_column(
        SAEnum(enum, native_enum=False, values_callable=lambda e: [m.value for m in e], validate_strings=True,
               length=48, create_constraint=True),
        **kw,
    )


class Base(DeclarativeBase):
    type_annotation_map = {dt.datetime: UTCDateTime, dt.date: Date, dict[str, Any]: JSON, list[Any]: JSON}


def fk(target: str, **kw: Any) -> Any:
    """A string foreign key to ``table.id``."""
    return mapped_column(String(48), ForeignKey(f"{target}.id"), **kw)


class SimClock(Base):
    """The simulated clock's single row (see ``clock.py``)."""

    __tablename__ = "sim_clock"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    now: Mapped[dt.datetime]


class IdCounter(Base):
    """Per-prefix counters that mint stable, human-readable ids (``CASE-0001`` …)."""

    __tablename__ = "id_counters"
    prefix: Mapped[str] = mapped_column(String(24), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


class Event(Base):
    """Append-only event log: one row per write and per state transition.

    Updates and deletes are refused by SQLite triggers created with the schema.
    """

    __tablename__ = "events"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[dt.datetime]
    actor_id: Mapped[str] = mapped_column(String(48))
    role: Mapped[str] = mapped_column(String(48))
    app: Mapped[str] = mapped_column(String(48))
    action: Mapped[str] = mapped_column(String(64))
    case_id: Mapped[str | None] = mapped_column(String(48), index=True)
    entity_id: Mapped[str | None] = mapped_column(String(48))
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class StateTransition(Base):
    """Every lifecycle move of every machine, in order."""

    __tablename__ = "state_transitions"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[dt.datetime]
    machine: Mapped[str] = mapped_column(String(32))
    entity_id: Mapped[str] = mapped_column(String(48), index=True)
    case_id: Mapped[str | None] = mapped_column(String(48), index=True)
    from_state: Mapped[str | None] = mapped_column(String(48))
    to_state: Mapped[str] = mapped_column(String(48))
    actor_id: Mapped[str] = mapped_column(String(48))
    reason: Mapped[str | None] = mapped_column(Text)


class WorkspaceArtifact(Base):
    """A file-like artifact in a role's workspace (submission manifests, P2P invites, letter copies)."""

    __tablename__ = "workspace_artifacts"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str | None] = mapped_column(String(48), index=True)
    scope: Mapped[str] = mapped_column(String(16))  # provider | payer | cm | shared
    artifact_type: Mapped[str] = mapped_column(String(48))
    filename: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    created_by: Mapped[str] = mapped_column(String(48))
    created_at: Mapped[dt.datetime]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


APPEND_ONLY_TRIGGERS = [
    "CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS transitions_no_update BEFORE UPDATE ON state_transitions "
    "BEGIN SELECT RAISE(ABORT, 'state_transitions is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS transitions_no_delete BEFORE DELETE ON state_transitions "
    "BEGIN SELECT RAISE(ABORT, 'state_transitions is append-only'); END",
]

__all__ = ["Base", "Date", "Event", "IdCounter", "SimClock", "StateTransition", "Text", "UTCDateTime",
           "WorkspaceArtifact", "dumps", "enum_col", "fk"]


class WorldSetting(Base):
    """World-level configuration, e.g. ``payer_mode``: ``auto`` (scripted payer adjudicates provider
    packets) or ``queue`` (packets land in the payer intake queue for a human/agent)."""

    __tablename__ = "world_settings"
    key: Mapped[str] = mapped_column(String(48), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON)
