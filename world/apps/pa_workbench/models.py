"""PA case workbench + inbox app: the shared PA/UM case, its lines, requirement checks,
provider determinations and inbox messages."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import CaseStatus, CodeSystem, PlaceOfService, Urgency


class PACase(Base):
    """One prior-authorization case, seen by the provider (workbench) and the payer (intake onward)."""

    __tablename__ = "pa_cases"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    order_id: Mapped[str] = fk("service_requests")
    coverage_id: Mapped[str] = fk("coverages")
    plan_id: Mapped[str] = fk("plans")
    requesting_worker_id: Mapped[str] = fk("workers")
    status: Mapped[CaseStatus] = enum_col(CaseStatus)
    urgency: Mapped[Urgency] = enum_col(Urgency)
    site_of_service: Mapped[PlaceOfService] = enum_col(PlaceOfService)
    diagnosis_codes: Mapped[list[Any]] = mapped_column(JSON)
    requested_start: Mapped[dt.date]
    created_by: Mapped[str] = fk("workers")
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]
    submission_channel: Mapped[str | None] = mapped_column(String(12))
    submitted_at: Mapped[dt.datetime | None]
    authorization_number: Mapped[str | None] = mapped_column(String(40))
    auth_valid_from: Mapped[dt.date | None]
    auth_valid_to: Mapped[dt.date | None]
    outcome_reason: Mapped[str | None] = mapped_column(Text)
    pend_due_at: Mapped[dt.datetime | None]
    closed_reason: Mapped[str | None] = mapped_column(Text)


class PALine(Base):
    __tablename__ = "pa_lines"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <case>-L<n>
    case_id: Mapped[str] = fk("pa_cases", index=True)
    line_number: Mapped[int] = mapped_column(Integer)
    system: Mapped[CodeSystem] = enum_col(CodeSystem)
    code: Mapped[str] = mapped_column(String(8))
    display: Mapped[str] = mapped_column(String(300))
    units: Mapped[int] = mapped_column(Integer)
    modifier: Mapped[str | None] = mapped_column(String(4))
    outcome: Mapped[str | None] = mapped_column(String(16))  # approved | denied | pended (after determination)
    approved_units: Mapped[int | None] = mapped_column(Integer)


class RequirementCheck(Base):
    """The provider's PA requirement check for a case (what the plan requires, per the rules)."""

    __tablename__ = "requirement_checks"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    checked_by: Mapped[str] = fk("workers")
    checked_at: Mapped[dt.datetime]
    pa_required: Mapped[bool] = mapped_column(Boolean)
    notification_only: Mapped[bool] = mapped_column(Boolean)
    covered_benefit: Mapped[bool] = mapped_column(Boolean)
    in_network: Mapped[bool] = mapped_column(Boolean)
    coverage_active: Mapped[bool] = mapped_column(Boolean)
    required_document_kinds: Mapped[list[Any]] = mapped_column(JSON)
    questionnaire_form_id: Mapped[str | None] = mapped_column(String(60))
    policy_reference: Mapped[str | None] = mapped_column(String(60))


class ProviderDetermination(Base):
    """The coordinator's pre-submission disposition, with per-kind document sufficiency findings."""

    __tablename__ = "provider_determinations"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    final_action: Mapped[str] = mapped_column(String(32))  # submit_pa | gather_more_evidence | do_not_submit
    document_findings: Mapped[list[Any]] = mapped_column(JSON)  # [{kind, status, document_ids, note}]
    rationale: Mapped[str] = mapped_column(Text)
    clinician_request: Mapped[str | None] = mapped_column(Text)
    decided_by: Mapped[str] = fk("workers")
    decided_at: Mapped[dt.datetime]


class InboxMessage(Base):
    """Provider inbox and member-facing messages (payer replies, pend notices, P2P invitations)."""

    __tablename__ = "inbox_messages"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str | None] = mapped_column(String(48), index=True)
    audience: Mapped[str] = mapped_column(String(16))  # provider | member | payer
    kind: Mapped[str] = mapped_column(String(32))
    subject: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    sender: Mapped[str] = mapped_column(String(120))
    sent_at: Mapped[dt.datetime]
    read_at: Mapped[dt.datetime | None]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
