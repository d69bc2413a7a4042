"""Document vault + forms app (provider side): documents with authorship/signing, form responses."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chibench.world.core.db import Base, enum_col, fk
from chibench.world.core.enums import DocumentKind


class Document(Base):
    """A clinical or administrative document.

    ``origin``: ``chart`` (seeded clinical record), ``upload`` (added to a case by a worker),
    ``system`` (bundles), ``payer`` (letters, notifications). ``side`` says whose vault holds it:
    the payer never reads ``provider`` documents except through a submission packet's copies.
    """

    __tablename__ = "documents"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    patient_id: Mapped[str] = fk("patients", index=True)
    case_id: Mapped[str | None] = mapped_column(String(48), index=True)
    encounter_id: Mapped[str | None] = fk("encounters")
    kind: Mapped[DocumentKind] = enum_col(DocumentKind)
    title: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    date: Mapped[dt.date]
    author_worker_id: Mapped[str] = fk("workers")
    signed: Mapped[bool] = mapped_column(Boolean, default=False)
    signed_by: Mapped[str | None] = fk("workers")
    signed_at: Mapped[dt.datetime | None]
    origin: Mapped[str] = mapped_column(String(12))
    side: Mapped[str] = mapped_column(String(10))  # provider | payer | cm
    copied_from: Mapped[str | None] = mapped_column(String(48))
    created_at: Mapped[dt.datetime]
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class FormResponse(Base):
    """Answers to the payer's questionnaire / request form for one case."""

    __tablename__ = "form_responses"
    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    case_id: Mapped[str] = fk("pa_cases", index=True)
    form_id: Mapped[str] = mapped_column(String(60))
    answers: Mapped[dict[str, Any]] = mapped_column(JSON)
    complete: Mapped[bool] = mapped_column(Boolean, default=False)
    problems: Mapped[list[Any]] = mapped_column(JSON, default=list)
    updated_by: Mapped[str] = fk("workers")
    updated_at: Mapped[dt.datetime]
