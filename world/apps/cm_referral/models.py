"""CM referral intake app: inbound referrals and the CM case opened from one."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Float, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import CMCaseStatus, CMPriority, CMProgram, ReferralSource, ReferralStatus, RiskLevel


class CMReferral(Base):
    __tablename__ = "cm_referrals"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    scenario_id: Mapped[str] = mapped_column(String(64))
    date: Mapped[dt.date]
    source: Mapped[ReferralSource] = enum_col(ReferralSource)
    referring_worker_id: Mapped[str | None] = fk("workers")
    reason: Mapped[str] = mapped_column(Text)
    diagnosis_codes: Mapped[list[Any]] = mapped_column(JSON)
    risk_score: Mapped[float] = mapped_column(Float)
    utilization_flags: Mapped[list[Any]] = mapped_column(JSON)
    suggested_program: Mapped[CMProgram] = enum_col(CMProgram)
    suggested_priority: Mapped[CMPriority] = enum_col(CMPriority)
    status: Mapped[ReferralStatus] = enum_col(ReferralStatus)


class CMCase(Base):
    __tablename__ = "cm_cases"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    referral_id: Mapped[str] = fk("cm_referrals", unique=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    status: Mapped[CMCaseStatus] = enum_col(CMCaseStatus)
    program: Mapped[CMProgram] = enum_col(CMProgram)
    priority: Mapped[CMPriority] = enum_col(CMPriority)
    risk_level: Mapped[RiskLevel | None] = enum_col(RiskLevel, nullable=True)
    assigned_to: Mapped[str] = fk("workers")
    opened_at: Mapped[dt.datetime]
    closed_at: Mapped[dt.datetime | None]
    disenroll_reason: Mapped[str | None] = mapped_column(Text)
    disenroll_note: Mapped[str | None] = mapped_column(Text)  # free-text documentation of the disenrollment
