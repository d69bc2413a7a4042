"""MD review app: the medical director's case-level decision (criterion rows live in nurse_review)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, fk


class MdDecision(Base):
    """A physician reviewer's decision; cannot be amended (a P2P may supersede an intended denial)."""

    __tablename__ = "md_decisions"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    decision: Mapped[str] = mapped_column(String(16))  # approve | deny | partial_approve | request_info | p2p_review
    rationale: Mapped[str] = mapped_column(Text)
    denial_rationale: Mapped[str | None] = mapped_column(Text)
    policy_citations: Mapped[list[Any]] = mapped_column(JSON, default=list)
    line_decisions: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{line_number, decision, approved_units, reason}]
    info_requested: Mapped[list[Any]] = mapped_column(JSON, default=list)
    info_due: Mapped[dt.date | None]
    signed_off: Mapped[bool] = mapped_column(Boolean)
    reviewer_id: Mapped[str] = fk("workers")
    decided_at: Mapped[dt.datetime]
    superseded_by: Mapped[str | None] = mapped_column(String(48))
