"""Policy library app (payer side, hidden): the plan policies the payer applies.

Never exposed to agents: a payer agent reads the *handbook* medical policy; these rows are the
engine's machine-readable copy (criteria, thresholds, required document kinds, questionnaire,
outcome when a complete packet arrives).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import CompleteOutcome, ReviewProgram, ServiceCategory


class PayerPolicy(Base):
    __tablename__ = "payer_policies"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    plan_id: Mapped[str] = fk("plans", index=True)
    service_slug: Mapped[str] = mapped_column(String(64))
    service_category: Mapped[ServiceCategory] = enum_col(ServiceCategory)
    handbook_policy_id: Mapped[str] = mapped_column(String(40))
    codes: Mapped[list[Any]] = mapped_column(JSON)  # procedure codes this policy governs
    pa_required: Mapped[bool] = mapped_column(Boolean)
    pa_exempt_codes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    pa_exempt_sites: Mapped[list[Any]] = mapped_column(JSON, default=list)
    notification_only: Mapped[bool] = mapped_column(Boolean)
    covered_benefit: Mapped[bool] = mapped_column(Boolean)
    excluded_diagnosis_prefixes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    review_program: Mapped[ReviewProgram] = enum_col(ReviewProgram)
    gold_card_eligible_category: Mapped[bool] = mapped_column(Boolean)
    required_document_kinds: Mapped[list[Any]] = mapped_column(JSON)
    evidence_requirements: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{kind, must_mention:[regex]}]
    questionnaire: Mapped[list[Any]] = mapped_column(JSON)  # [{key,text,answer_type,choices,required}]
    required_diagnosis_prefixes: Mapped[list[Any]] = mapped_column(JSON)
    allow_nurse_approval: Mapped[bool] = mapped_column(Boolean)
    complete_outcome: Mapped[CompleteOutcome] = enum_col(CompleteOutcome)
    deny_reason: Mapped[str | None] = mapped_column(Text)
    pend_reason: Mapped[str | None] = mapped_column(Text)
    p2p_reason: Mapped[str | None] = mapped_column(Text)
    appeal_outcome: Mapped[str] = mapped_column(String(12), default="upheld")  # upheld | overturned
    external_appeal_outcome: Mapped[str] = mapped_column(String(12), default="upheld")


class PolicyCriterion(Base):
    __tablename__ = "policy_criteria"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <policy>:<criterion id>
    policy_id: Mapped[str] = fk("payer_policies", index=True)
    criterion_id: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(Text)
    citation: Mapped[str] = mapped_column(String(60))
    threshold: Mapped[str | None] = mapped_column(String(120))
    ordinal: Mapped[int]
