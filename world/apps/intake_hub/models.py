"""Payer intake hub app: the intake record the payer builds from a provider request."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import CodeSystem, IntakeStatus, NetworkStatus, PlaceOfService, UrgencyLevel


class IntakeCase(Base):
    __tablename__ = "intake_cases"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", unique=True)
    packet_id: Mapped[str | None] = fk("submission_packets")
    status: Mapped[IntakeStatus] = enum_col(IntakeStatus)
    auth_type: Mapped[str] = mapped_column(String(4))  # ip | op | rx
    received_at: Mapped[dt.datetime]
    channel: Mapped[str] = mapped_column(String(12))
    # authorization header
    urgency_level: Mapped[UrgencyLevel | None] = enum_col(UrgencyLevel, nullable=True)
    urgency_requested_by: Mapped[str | None] = mapped_column(String(16))
    request_date: Mapped[dt.date | None]
    service_start: Mapped[dt.date | None]
    service_end: Mapped[dt.date | None]
    place_of_service: Mapped[PlaceOfService | None] = enum_col(PlaceOfService, nullable=True)
    member_state: Mapped[str | None] = mapped_column(String(2))
    member_eligibility_verified: Mapped[bool | None] = mapped_column(Boolean)
    continuity_of_care: Mapped[bool | None] = mapped_column(Boolean)
    # blocks
    diagnosis_type: Mapped[str | None] = mapped_column(String(12))
    diagnoses: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{code, display, is_primary}]
    requesting_provider: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # the four intake decisions (frozen when complete)
    decision_request_complete: Mapped[bool | None] = mapped_column(Boolean)
    decision_member_eligible: Mapped[bool | None] = mapped_column(Boolean)
    decision_service_covered: Mapped[bool | None] = mapped_column(Boolean)
    decision_provider_network_status: Mapped[NetworkStatus | None] = enum_col(NetworkStatus, nullable=True)
    missing_information: Mapped[list[Any]] = mapped_column(JSON, default=list)
    completed_by: Mapped[str | None] = fk("workers")
    completed_at: Mapped[dt.datetime | None]
    updated_at: Mapped[dt.datetime]


class IntakeLineItem(Base):
    __tablename__ = "intake_line_items"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <intake>-L<n>
    intake_id: Mapped[str] = fk("intake_cases", index=True)
    line_number: Mapped[int] = mapped_column(Integer)
    system: Mapped[CodeSystem] = enum_col(CodeSystem)
    code: Mapped[str] = mapped_column(String(8))
    display: Mapped[str] = mapped_column(String(300))
    units: Mapped[int] = mapped_column(Integer)
    modifier: Mapped[str | None] = mapped_column(String(4))
    place_of_service: Mapped[PlaceOfService | None] = enum_col(PlaceOfService, nullable=True)
    service_start: Mapped[dt.date | None]
    service_end: Mapped[dt.date | None]
