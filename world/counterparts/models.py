"""The counterparts' contract tables: the one owner of the simulated people's contracts in the world DB.

Hidden tables (never returned by a service; exported for grading):

- ``cm_patient_personas`` — a simulated member's contract, the only thing a patient simulator is built
  from — and ``cm_patient_persona_grading``, the grader-only block (expected outcome, resolution points);
- ``p2p_counterpart_contracts`` — a simulated P2P counterpart's contract per service and side — and
  ``p2p_contract_grading``, the grader-only block per agent side.

Each grader-only block sits in its own table so no simulator code path ever reads it. Written by
:func:`chibench.world.counterparts.store.install`; apps reach a contract only through the store.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base


class PatientPersonaContract(Base):
    """HIDDEN. A simulated member's persona contract (``contracts.PatientPersona`` as JSON)."""

    __tablename__ = "cm_patient_personas"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the CM scenario id
    consent_stance: Mapped[str] = mapped_column(String(16))
    difficulty: Mapped[str] = mapped_column(String(16))
    turn_budget: Mapped[int] = mapped_column(Integer)
    contract: Mapped[dict[str, Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(200))


class PatientPersonaGrading(Base):
    """HIDDEN, GRADER-ONLY. Never read by a simulator."""

    __tablename__ = "cm_patient_persona_grading"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the CM scenario id
    expected_outcome: Mapped[str] = mapped_column(String(16))
    expected_consent: Mapped[bool] = mapped_column(Boolean)
    required_resolution_points: Mapped[list[Any]] = mapped_column(JSON)
    must_avoid: Mapped[list[Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(200))


class P2PCounterpartContract(Base):
    """HIDDEN. A simulated P2P counterpart's contract (``contracts.P2PCounterpart`` as JSON)."""

    __tablename__ = "p2p_counterpart_contracts"
    id: Mapped[str] = mapped_column(String(80), primary_key=True)  # <service_slug>:<side the counterpart plays>
    service_slug: Mapped[str] = mapped_column(String(64), index=True)
    side: Mapped[str] = mapped_column(String(8))
    turn_limit: Mapped[int] = mapped_column(Integer)
    contract: Mapped[dict[str, Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(200))


class P2PContractGrading(Base):
    """HIDDEN, GRADER-ONLY (per agent side). Never read by a simulator."""

    __tablename__ = "p2p_contract_grading"
    id: Mapped[str] = mapped_column(String(80), primary_key=True)  # <service_slug>:<agent side>
    service_slug: Mapped[str] = mapped_column(String(64), index=True)
    agent_side: Mapped[str] = mapped_column(String(8))
    expected_outcome: Mapped[str] = mapped_column(String(32))
    required_resolution_points: Mapped[list[Any]] = mapped_column(JSON)
    key_fact_ids: Mapped[list[Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(200))
