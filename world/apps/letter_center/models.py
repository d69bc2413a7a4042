"""Letter center app: determination letters (provider-facing) and member notifications."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import LetterStatus


class Letter(Base):
    """A letter as written by its author; the audit reads exactly these fields (no defaults)."""

    __tablename__ = "letters"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    letter_type: Mapped[str] = mapped_column(String(24))  # approval | partial_approval | denial | pend | appeal_decision
    status: Mapped[LetterStatus] = enum_col(LetterStatus)
    determination_id: Mapped[str | None] = fk("determinations")
    recipient: Mapped[str] = mapped_column(String(16))  # provider | member
    subject: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    fields: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # structured content written by the author
    policy_citations: Mapped[list[Any]] = mapped_column(JSON, default=list)
    signer_id: Mapped[str] = fk("workers")
    created_at: Mapped[dt.datetime]
    delivered_at: Mapped[dt.datetime | None]
    delivery_channel: Mapped[str | None] = mapped_column(String(12))
    reissued_from: Mapped[str | None] = mapped_column(String(48))
    audit: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # last audit result


class MemberNotification(Base):
    __tablename__ = "member_notifications"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    patient_id: Mapped[str] = fk("patients")
    notification_type: Mapped[str] = mapped_column(String(24))  # approval | denial | pend | no_auth_required | appeal_rights | appeal_outcome
    body: Mapped[str] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(40))
    channel: Mapped[str] = mapped_column(String(12))  # mail | portal | email
    created_by: Mapped[str] = fk("workers")
    created_at: Mapped[dt.datetime]
