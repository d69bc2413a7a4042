"""CM assessment app: the four-section assessment (clinical, medication, behavioral health, SDoH)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import AssessmentStatus


class CMAssessment(Base):
    __tablename__ = "cm_assessments"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    cm_case_id: Mapped[str] = fk("cm_cases", unique=True)
    status: Mapped[AssessmentStatus] = enum_col(AssessmentStatus)
    clinical: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    medication: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    behavioral_health: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    sdoh: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    phq9_score: Mapped[int | None] = mapped_column(Integer)
    gad7_score: Mapped[int | None] = mapped_column(Integer)
    auditc_score: Mapped[int | None] = mapped_column(Integer)
    hunger_vital_sign_positive: Mapped[bool | None]
    blocked_reason: Mapped[str | None] = mapped_column(Text)
    assessor_id: Mapped[str] = fk("workers")
    started_at: Mapped[dt.datetime]
    completed_at: Mapped[dt.datetime | None]
