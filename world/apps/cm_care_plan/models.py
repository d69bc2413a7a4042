"""CM care-plan app: problem → SMART goal → intervention, escalation triggers, follow-up cadence."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import CarePlanStatus


class CarePlan(Base):
    __tablename__ = "cm_care_plans"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    cm_case_id: Mapped[str] = fk("cm_cases", unique=True)
    status: Mapped[CarePlanStatus] = enum_col(CarePlanStatus)
    escalation_triggers: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{trigger, action, contact, timeframe}]
    follow_up_cadence: Mapped[str | None] = mapped_column(String(12))  # weekly | biweekly | monthly
    follow_up_start: Mapped[dt.date | None]
    follow_up_notes: Mapped[str | None] = mapped_column(Text)
    author_id: Mapped[str] = fk("workers")
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]
    finalized_at: Mapped[dt.datetime | None]


class CarePlanProblem(Base):
    __tablename__ = "cm_care_plan_problems"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <plan>-P<n>
    plan_id: Mapped[str] = fk("cm_care_plans", index=True)
    ordinal: Mapped[int] = mapped_column(Integer)
    statement: Mapped[str] = mapped_column(Text)
    domain: Mapped[str] = mapped_column(String(24))  # clinical | medication | behavioral_health | sdoh
    icd10: Mapped[str | None] = mapped_column(String(8))
    evidence: Mapped[str] = mapped_column(Text)
    priority: Mapped[str] = mapped_column(String(8))  # high | medium | low


class CarePlanGoal(Base):
    __tablename__ = "cm_care_plan_goals"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # <problem>-G<n>
    problem_id: Mapped[str] = fk("cm_care_plan_problems", index=True)
    ordinal: Mapped[int] = mapped_column(Integer)
    statement: Mapped[str] = mapped_column(Text)
    measure: Mapped[str] = mapped_column(String(200))
    target: Mapped[str] = mapped_column(String(120))
    target_date: Mapped[dt.date]


class CarePlanIntervention(Base):
    __tablename__ = "cm_care_plan_interventions"
    id: Mapped[str] = mapped_column(String(68), primary_key=True)  # <goal>-I<n>
    goal_id: Mapped[str] = fk("cm_care_plan_goals", index=True)
    ordinal: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    owner: Mapped[str] = mapped_column(String(32))
    due_date: Mapped[dt.date]
    frequency: Mapped[str] = mapped_column(String(60))
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
