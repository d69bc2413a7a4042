"""EHR chart app (provider side): patients, coverage and the clinical record, plus orders.

Codes: conditions in ICD-10-CM, observations in LOINC with UCUM units, procedures and order lines
in CPT/HCPCS (numbers only; descriptions are our own words).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Float, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import (
    CodeSystem,
    ConditionStatus,
    CoverageStatus,
    EncounterType,
    MedicationStatus,
    PlaceOfService,
    ServiceCategory,
    Sex,
    Urgency,
)


class Patient(Base):
    __tablename__ = "patients"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    given_name: Mapped[str] = mapped_column(String(80))
    family_name: Mapped[str] = mapped_column(String(80))
    birth_date: Mapped[dt.date]
    sex: Mapped[Sex] = enum_col(Sex)
    address_line: Mapped[str] = mapped_column(String(200))
    city: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(2))
    postal_code: Mapped[str] = mapped_column(String(5))
    phone: Mapped[str] = mapped_column(String(20))
    preferred_language: Mapped[str] = mapped_column(String(40))
    pcp_worker_id: Mapped[str | None] = fk("workers")
    domain: Mapped[str] = mapped_column(String(16))  # service | cm


class Coverage(Base):
    __tablename__ = "coverages"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    plan_id: Mapped[str] = fk("plans")
    member_id: Mapped[str] = mapped_column(String(12), unique=True)
    group_number: Mapped[str | None] = mapped_column(String(20))
    status: Mapped[CoverageStatus] = enum_col(CoverageStatus)
    effective_date: Mapped[dt.date]
    termination_date: Mapped[dt.date | None]


class Encounter(Base):
    __tablename__ = "encounters"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    date: Mapped[dt.date]
    type: Mapped[EncounterType] = enum_col(EncounterType)
    provider_worker_id: Mapped[str] = fk("workers")
    org_id: Mapped[str] = fk("organizations")
    reason: Mapped[str] = mapped_column(Text)
    generated: Mapped[bool] = mapped_column(default=False)


class Condition(Base):
    __tablename__ = "conditions"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    code: Mapped[str] = mapped_column(String(8))
    display: Mapped[str] = mapped_column(String(300))
    onset: Mapped[dt.date]
    status: Mapped[ConditionStatus] = enum_col(ConditionStatus)
    abatement: Mapped[dt.date | None]
    note: Mapped[str | None] = mapped_column(Text)


class Observation(Base):
    __tablename__ = "observations"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    encounter_id: Mapped[str | None] = fk("encounters")
    loinc: Mapped[str] = mapped_column(String(10))
    display: Mapped[str] = mapped_column(String(200))
    date: Mapped[dt.date]
    value_num: Mapped[float | None] = mapped_column(Float)
    value_text: Mapped[str | None] = mapped_column(String(200))
    unit: Mapped[str | None] = mapped_column(String(24))
    reference_range: Mapped[str | None] = mapped_column(String(60))
    interpretation: Mapped[str | None] = mapped_column(String(12))


class Medication(Base):
    __tablename__ = "medications"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    name: Mapped[str] = mapped_column(String(200))
    rxnorm: Mapped[str | None] = mapped_column(String(10))
    dose: Mapped[str] = mapped_column(String(100))
    route: Mapped[str] = mapped_column(String(40))
    frequency: Mapped[str] = mapped_column(String(80))
    start: Mapped[dt.date]
    end: Mapped[dt.date | None]
    status: Mapped[MedicationStatus] = enum_col(MedicationStatus)
    prescriber_worker_id: Mapped[str | None] = fk("workers")
    note: Mapped[str | None] = mapped_column(Text)


class Procedure(Base):
    __tablename__ = "procedures"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    system: Mapped[CodeSystem] = enum_col(CodeSystem)
    code: Mapped[str] = mapped_column(String(8))
    display: Mapped[str] = mapped_column(String(300))
    date: Mapped[dt.date]
    performer_worker_id: Mapped[str | None] = fk("workers")
    note: Mapped[str | None] = mapped_column(Text)


class Allergy(Base):
    __tablename__ = "allergies"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    substance: Mapped[str] = mapped_column(String(120))
    reaction: Mapped[str] = mapped_column(String(200))
    severity: Mapped[str] = mapped_column(String(10))
    recorded: Mapped[dt.date]


class ServiceRequest(Base):
    """A clinician's order for a service that may need prior authorization."""

    __tablename__ = "service_requests"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    date: Mapped[dt.date]
    ordering_worker_id: Mapped[str] = fk("workers")
    org_id: Mapped[str] = fk("organizations")
    servicing_org_id: Mapped[str | None] = fk("organizations")
    service_slug: Mapped[str] = mapped_column(String(64))
    service_category: Mapped[ServiceCategory] = enum_col(ServiceCategory)
    lines: Mapped[list[Any]] = mapped_column(JSON)  # [{system, code, display, units, modifier}]
    diagnosis_codes: Mapped[list[Any]] = mapped_column(JSON)
    priority: Mapped[Urgency] = enum_col(Urgency)
    site_of_service: Mapped[PlaceOfService] = enum_col(PlaceOfService)
    requested_date: Mapped[dt.date]
    clinical_indication: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | revoked | completed
    units_total: Mapped[int] = mapped_column(Integer, default=1)
