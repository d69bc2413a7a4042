"""P2P scheduler app: peer-to-peer requests between the payer reviewer and the ordering physician."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import P2PStatus


class P2PRequest(Base):
    __tablename__ = "p2p_requests"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    md_decision_id: Mapped[str | None] = fk("md_decisions")
    original_reviewer_id: Mapped[str | None] = fk("workers")  # the physician whose intended denial is discussed
    payer_reviewer_id: Mapped[str | None] = fk("workers")
    provider_worker_id: Mapped[str] = fk("workers")
    status: Mapped[P2PStatus] = enum_col(P2PStatus)
    reason: Mapped[str] = mapped_column(Text)
    offered_slots: Mapped[list[Any]] = mapped_column(JSON, default=list)
    selected_slot: Mapped[dt.datetime | None]
    scheduled_at: Mapped[dt.datetime | None]
    outcome: Mapped[str | None] = mapped_column(String(32))  # uphold_adverse | overturn_to_approval
    outcome_note: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime]
    due_at: Mapped[dt.datetime | None]
