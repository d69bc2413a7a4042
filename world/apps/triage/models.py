"""Triage app: urgency, SLA deadline, gold-card check, disposition and routing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import UrgencyLevel


class TriageRecord(Base):
    """One per case; not amendable once written (a handoff)."""

    __tablename__ = "triage_records"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", unique=True)
    intake_id: Mapped[str] = fk("intake_cases")
    urgency_level: Mapped[UrgencyLevel] = enum_col(UrgencyLevel)
    received_at: Mapped[dt.datetime]
    state: Mapped[str] = mapped_column(String(2))
    sla_hours: Mapped[int] = mapped_column(Integer)
    sla_deadline: Mapped[dt.datetime]
    sla_rule_source: Mapped[str] = mapped_column(String(16))
    gold_card_checked: Mapped[bool] = mapped_column(Boolean)
    gold_card_eligible: Mapped[bool] = mapped_column(Boolean)
    disposition: Mapped[str] = mapped_column(String(24))  # a routing lane
    disposition_reason: Mapped[str] = mapped_column(Text)
    decided_by: Mapped[str] = fk("workers")
    decided_at: Mapped[dt.datetime]


class RoutingRecord(Base):
    __tablename__ = "routing_records"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    lane: Mapped[str] = mapped_column(String(24))
    policy_lane: Mapped[str] = mapped_column(String(24))  # what precedence computed
    reason: Mapped[str] = mapped_column(Text)
    routed_by: Mapped[str] = fk("workers")
    routed_at: Mapped[dt.datetime]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
