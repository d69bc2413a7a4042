"""CM outreach telephony app: text-mode outreach calls, their turns, and the outreach record.

The simulated member's contract tables are owned by the counterparts layer
(``world/counterparts/models.py``), which writes and reads them; this app only calls the simulator.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import OutreachStatus


class OutreachSession(Base):
    __tablename__ = "cm_outreach_sessions"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    cm_case_id: Mapped[str] = fk("cm_cases", index=True)
    caller_id: Mapped[str] = fk("workers")
    status: Mapped[OutreachStatus] = enum_col(OutreachStatus)
    turn_budget: Mapped[int] = mapped_column(Integer)
    turns_used: Mapped[int] = mapped_column(Integer, default=0)
    end_reason: Mapped[str | None] = mapped_column(String(32))  # caller_ended | patient_ended | budget_exhausted
    started_at: Mapped[dt.datetime]
    ended_at: Mapped[dt.datetime | None]
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # simulator state (triggers hit, gates open)
    backend: Mapped[str | None] = mapped_column(String(16), default=None)  # scripted | live (fixed at start)


class OutreachTurn(Base):
    __tablename__ = "cm_outreach_turns"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <session>-T<nn>
    session_id: Mapped[str] = fk("cm_outreach_sessions", index=True)
    turn_number: Mapped[int] = mapped_column(Integer)
    speaker: Mapped[str] = mapped_column(String(12))  # care_manager | patient
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class OutreachRecord(Base):
    """The care manager's structured summary of a call (what they claim; grading checks the transcript)."""

    __tablename__ = "cm_outreach_records"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    session_id: Mapped[str] = fk("cm_outreach_sessions", unique=True)
    cm_case_id: Mapped[str] = fk("cm_cases", index=True)
    engagement_status: Mapped[str] = mapped_column(String(16))  # engaged | tentative | declined | unreachable
    consent_obtained: Mapped[bool] = mapped_column(Boolean)
    key_takeaways: Mapped[list[Any]] = mapped_column(JSON)
    patient_concerns: Mapped[list[Any]] = mapped_column(JSON)
    next_steps: Mapped[list[Any]] = mapped_column(JSON)
    preferred_contact: Mapped[str | None] = mapped_column(String(60))
    notes: Mapped[str] = mapped_column(Text)
    recorded_by: Mapped[str] = fk("workers")
    recorded_at: Mapped[dt.datetime]
    member_words: Mapped[str | None] = mapped_column(Text, default=None)  # the member's consent or decline, quoted
    preferred_language: Mapped[str | None] = mapped_column(String(40), default=None)
    consent_turn: Mapped[int | None] = mapped_column(Integer, default=None)  # transcript turn of the member's yes
