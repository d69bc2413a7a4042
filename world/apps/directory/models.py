"""Directory app (provider side): organizations, health plans, workers and gold-card grants."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, Float, String
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import LineOfBusiness, OrgKind, PlanProduct, ServiceCategory, WorkerRole


class Organization(Base):
    __tablename__ = "organizations"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[OrgKind] = enum_col(OrgKind)
    npi: Mapped[str | None] = mapped_column(String(10))
    tin: Mapped[str | None] = mapped_column(String(10))
    address_line: Mapped[str] = mapped_column(String(200))
    city: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(2))
    postal_code: Mapped[str] = mapped_column(String(5))
    phone: Mapped[str] = mapped_column(String(20))
    fax: Mapped[str | None] = mapped_column(String(20))


class Plan(Base):
    __tablename__ = "plans"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    payer_org_id: Mapped[str] = fk("organizations")
    name: Mapped[str] = mapped_column(String(200))
    line_of_business: Mapped[LineOfBusiness] = enum_col(LineOfBusiness)
    product: Mapped[PlanProduct] = enum_col(PlanProduct)
    state: Mapped[str] = mapped_column(String(2))
    gold_card_program: Mapped[bool] = mapped_column(Boolean, default=False)


class PlanNetwork(Base):
    """A provider organization's participation in a plan's network."""

    __tablename__ = "plan_networks"
    id: Mapped[str] = mapped_column(String(100), primary_key=True)  # <plan>:<org>
    plan_id: Mapped[str] = fk("plans")
    org_id: Mapped[str] = fk("organizations")


class Worker(Base):
    __tablename__ = "workers"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    given_name: Mapped[str] = mapped_column(String(80))
    family_name: Mapped[str] = mapped_column(String(80))
    credentials: Mapped[str] = mapped_column(String(60))
    role: Mapped[WorkerRole] = enum_col(WorkerRole)
    org_id: Mapped[str] = fk("organizations")
    npi: Mapped[str | None] = mapped_column(String(10), unique=True)
    specialty: Mapped[str | None] = mapped_column(String(100))
    license_state: Mapped[str | None] = mapped_column(String(2))
    email: Mapped[str] = mapped_column(String(120))
    phone: Mapped[str] = mapped_column(String(20))

    @property
    def display_name(self) -> str:
        creds = f", {self.credentials}" if self.credentials else ""
        return f"{self.given_name} {self.family_name}{creds}"


class GoldCard(Base):
    """A plan's gold-card exemption for one clinician (NPI) and service category (Texas HB 3459 style)."""

    __tablename__ = "gold_cards"
    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    worker_id: Mapped[str] = fk("workers")
    npi: Mapped[str] = mapped_column(String(10))
    plan_id: Mapped[str] = fk("plans")
    service_category: Mapped[ServiceCategory] = enum_col(ServiceCategory)
    approval_rate_pct: Mapped[float] = mapped_column(Float)
    granted_on: Mapped[dt.date]
    expires_on: Mapped[dt.date]
