"""Nurse review app: review tasks (queues), per-criterion evaluations and nurse recommendations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import ReviewTaskStatus


class ReviewTask(Base):
    __tablename__ = "review_tasks"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    queue: Mapped[str] = mapped_column(String(24))  # nurse_review | md_review | administrative_review | appeal_review
    required_role: Mapped[str] = mapped_column(String(32))
    status: Mapped[ReviewTaskStatus] = enum_col(ReviewTaskStatus)
    assigned_to: Mapped[str | None] = fk("workers")
    created_at: Mapped[dt.datetime]
    due_at: Mapped[dt.datetime | None]


class CriterionEvaluation(Base):
    """One reviewer's verdict on one criterion for one line (nurse or MD)."""

    __tablename__ = "criterion_evaluations"
    id: Mapped[str] = mapped_column(String(80), primary_key=True)  # <case>:<stage>:L<n>:<criterion>
    case_id: Mapped[str] = fk("pa_cases", index=True)
    stage: Mapped[str] = mapped_column(String(8))  # nurse | md
    line_number: Mapped[int] = mapped_column(Integer)
    criterion_id: Mapped[str] = mapped_column(String(8))
    citation: Mapped[str] = mapped_column(String(60))
    result: Mapped[str] = mapped_column(String(8))  # met | not_met | unclear
    evidence: Mapped[list[Any]] = mapped_column(JSON)  # [{document_id, quote}]
    note: Mapped[str] = mapped_column(Text)
    reviewer_id: Mapped[str] = fk("workers")
    updated_at: Mapped[dt.datetime]


class NurseRecommendation(Base):
    """The nurse's case-level handoff; cannot be amended once submitted."""

    __tablename__ = "nurse_recommendations"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", unique=True)
    recommendation: Mapped[str] = mapped_column(String(16))  # approve | escalate | request_info
    clinical_summary: Mapped[str] = mapped_column(Text)
    info_requested: Mapped[list[Any]] = mapped_column(JSON, default=list)
    info_due: Mapped[dt.date | None]
    reviewer_id: Mapped[str] = fk("workers")
    submitted_at: Mapped[dt.datetime]
    criteria_met: Mapped[int] = mapped_column(Integer)
    criteria_total: Mapped[int] = mapped_column(Integer)
