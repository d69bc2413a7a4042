"""Appeals app: internal appeals and external (IRO) reviews."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import AppealStatus


class Appeal(Base):
    __tablename__ = "appeals"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    level: Mapped[str] = mapped_column(String(10))  # internal | external
    status: Mapped[AppealStatus] = enum_col(AppealStatus)
    filed_by: Mapped[str] = fk("workers")
    filed_at: Mapped[dt.datetime]
    deadline_at: Mapped[dt.datetime]  # when it had to be filed by
    decision_due_at: Mapped[dt.datetime]
    rationale: Mapped[str] = mapped_column(Text)
    document_ids: Mapped[list[Any]] = mapped_column(JSON, default=list)
    original_reviewer_id: Mapped[str | None] = fk("workers")
    assigned_reviewer_id: Mapped[str | None] = fk("workers")
    external_org: Mapped[str | None] = mapped_column(String(120))
    outcome_rationale: Mapped[str | None] = mapped_column(Text)
    decided_at: Mapped[dt.datetime | None]
