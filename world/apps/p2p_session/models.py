"""P2P session app: the live peer-to-peer conversation and its turns.

The simulated counterpart's contract tables are owned by the counterparts layer
(``world/counterparts/models.py``), which writes and reads them; this app only calls the simulator.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, fk


class P2PSession(Base):
    __tablename__ = "p2p_sessions"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    request_id: Mapped[str] = fk("p2p_requests", unique=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    agent_side: Mapped[str] = mapped_column(String(8))  # payer | provider
    agent_worker_id: Mapped[str] = fk("workers")
    counterpart_worker_id: Mapped[str] = fk("workers")
    turn_limit: Mapped[int] = mapped_column(Integer)
    agent_turns: Mapped[int] = mapped_column(Integer, default=0)
    finalized: Mapped[bool] = mapped_column(Boolean, default=False)
    summary: Mapped[str | None] = mapped_column(Text)
    proposed_outcome: Mapped[str | None] = mapped_column(String(32))
    revealed_fact_ids: Mapped[list[Any]] = mapped_column(JSON, default=list)
    started_at: Mapped[dt.datetime]
    ended_at: Mapped[dt.datetime | None]
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # simulator state (facts, responses, end)
    backend: Mapped[str | None] = mapped_column(String(16), default=None)  # scripted | live (fixed at start)


class P2PTurn(Base):
    __tablename__ = "p2p_turns"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)  # <session>-T<nn>
    session_id: Mapped[str] = fk("p2p_sessions", index=True)
    turn_number: Mapped[int] = mapped_column(Integer)
    speaker: Mapped[str] = mapped_column(String(12))  # agent | counterpart
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # backend, model, tokens, revealed facts
