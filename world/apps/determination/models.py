"""Determination app: the case's final UM determination (one active per case)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, fk


class Determination(Base):
    __tablename__ = "determinations"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    decision: Mapped[str] = mapped_column(String(20))  # approved | denied | partially_approved
    basis: Mapped[str] = mapped_column(String(24))  # medical_necessity | administrative | gold_card | notification
    source: Mapped[str] = mapped_column(String(24))  # md_decision | nurse_recommendation | gold_card | p2p | appeal
    source_record_id: Mapped[str | None] = mapped_column(String(48))
    overridden: Mapped[bool] = mapped_column(Boolean, default=False)
    override_reason: Mapped[str | None] = mapped_column(Text)
    rationale: Mapped[str] = mapped_column(Text)
    policy_citations: Mapped[list[Any]] = mapped_column(JSON, default=list)
    determined_by: Mapped[str] = mapped_column(String(48))
    determined_at: Mapped[dt.datetime]
    sla_deadline: Mapped[dt.datetime | None]
    sla_met: Mapped[bool | None] = mapped_column(Boolean)
    authorization_number: Mapped[str | None] = mapped_column(String(40))
    superseded_by: Mapped[str | None] = mapped_column(String(48))
