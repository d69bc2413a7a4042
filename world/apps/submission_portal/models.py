"""Payer-submission portal/channels app: submission packets and fax transmissions."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import SubmissionChannel


class SubmissionPacket(Base):
    """What the provider sent on one channel; the payer works from the copies it lists."""

    __tablename__ = "submission_packets"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    sequence: Mapped[int] = mapped_column(Integer)  # 1 = first submission, 2+ = resubmissions
    channel: Mapped[SubmissionChannel] = enum_col(SubmissionChannel)
    bundle_document_id: Mapped[str | None] = mapped_column(String(48))
    document_ids: Mapped[list[Any]] = mapped_column(JSON)  # provider originals
    payer_document_ids: Mapped[list[Any]] = mapped_column(JSON)  # payer-side copies
    questionnaire_answers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    structured: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # EDI/API payload
    note: Mapped[str | None] = mapped_column(Text)
    submitted_by: Mapped[str] = fk("workers")
    submitted_at: Mapped[dt.datetime]
    payer_reply: Mapped[str | None] = mapped_column(String(24))  # approve | deny | pend | p2p | no_auth_required | queued
    payer_reply_detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class FaxPage(Base):
    """One transmitted fax page; unreadable pages must be re-sent (rules/channels.py)."""

    __tablename__ = "fax_pages"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)
    packet_id: Mapped[str] = fk("submission_packets", index=True)
    page_number: Mapped[int] = mapped_column(Integer)
    document_id: Mapped[str] = mapped_column(String(48))
    readable: Mapped[bool] = mapped_column(Boolean)
    resent_in_packet_id: Mapped[str | None] = mapped_column(String(48))
