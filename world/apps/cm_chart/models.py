"""CM chart app: the care manager's structured chart review."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import RiskLevel


class CMChartReview(Base):
    __tablename__ = "cm_chart_reviews"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    cm_case_id: Mapped[str] = fk("cm_cases", unique=True)
    reviewer_id: Mapped[str] = fk("workers")
    primary_concerns: Mapped[list[Any]] = mapped_column(JSON)
    coordination_risks: Mapped[list[Any]] = mapped_column(JSON)
    suspected_barriers: Mapped[list[Any]] = mapped_column(JSON)
    preliminary_risk_level: Mapped[RiskLevel] = enum_col(RiskLevel)
    key_findings: Mapped[str] = mapped_column(Text)
    clarification_needed: Mapped[list[Any]] = mapped_column(JSON)
    evidence: Mapped[list[Any]] = mapped_column(JSON, default=list)  # chart record ids cited
    submitted_at: Mapped[dt.datetime]
