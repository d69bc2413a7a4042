"""Submission channels and what each one demands of a packet.

* portal — the payer's web questionnaire must be complete (CMS-0057-F Prior Authorization API
  expectations mirrored in portal forms);
* fax — pages are transmitted individually and some arrive unreadable, deterministically per
  packet and page (about one page in ten); the payer asks for those pages again;
* edi_278 — ASC X12N 278 (005010X217) Health Care Services Review: structured codes only; errors
  come back as AAA segments with X12 reject reason codes (15 required application data missing,
  33 input errors, 41 authorization/access restrictions, 51 provider not on file, 57 invalid/missing
  dates of service, 72 invalid/missing subscriber/insured ID, 79 invalid participant identification);
* api — HL7 Da Vinci PAS-style: structured like the 278 and carries the questionnaire as a
  structured response, so an incomplete questionnaire is refused like on the portal.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chibench.world.core.codes import is_billable_icd10cm, is_valid_npi
from chibench.world.core.enums import SubmissionChannel
from chibench.world.core.errors import InvalidInput

PROC_CODE = re.compile(r"^([0-9]{4}[0-9FTU]|[A-V][0-9]{4})$")
MEMBER_ID = re.compile(r"^[A-Z]{3}[0-9]{9}$")
#: Fraction of fax pages that arrive unreadable (1 in N on average).
FAX_UNREADABLE_ONE_IN = 10


@dataclass(frozen=True)
class Question:
    key: str
    text: str
    answer_type: str
    choices: tuple[str, ...] | None = None
    required: bool = True


@dataclass(frozen=True)
class ChannelCheck:
    accepted: bool
    problems: list[str] = field(default_factory=list)  # human-readable
    reject_codes: list[str] = field(default_factory=list)  # X12 AAA codes (EDI) when rejected


def validate_answer(q: Question, value: object) -> str | None:
    """None if ``value`` is a valid answer to ``q``; otherwise the problem."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return f"{q.key}: answer required" if q.required else None
    text = str(value).strip()
    if q.answer_type == "boolean" and text.lower() not in ("yes", "no", "true", "false"):
        return f"{q.key}: expected yes/no, got '{text}'"
    if q.answer_type == "number":
        try:
            float(text)
        except ValueError:
            return f"{q.key}: expected a number, got '{text}'"
    if q.answer_type == "date":
        try:
            dt.date.fromisoformat(text)
        except ValueError:
            return f"{q.key}: expected a date YYYY-MM-DD, got '{text}'"
    if q.answer_type == "choice" and q.choices and text not in q.choices:
        return f"{q.key}: '{text}' is not one of {list(q.choices)}"
    return None


def questionnaire_problems(questions: Sequence[Question], answers: Mapping[str, object]) -> list[str]:
    """Missing or invalid answers; unknown keys are problems too (they would be dropped silently)."""
    keys = {q.key for q in questions}
    out = [f"{k}: not a question on this form" for k in answers if k not in keys]
    for q in questions:
        problem = validate_answer(q, answers.get(q.key))
        if problem:
            out.append(problem)
    return out


def check_channel(channel: str, *, questions: Sequence[Question], answers: Mapping[str, object],
                  line_codes: Sequence[str], diagnosis_codes: Sequence[str], requesting_npi: str | None,
                  member_id: str | None, service_start: dt.date | None) -> ChannelCheck:
    """Apply the channel's acceptance rules to a packet; nothing is written here."""
    try:
        ch = SubmissionChannel(channel)
    except ValueError:
        raise InvalidInput(f"unknown channel '{channel}'", field="channel", allowed=SubmissionChannel) from None
    problems: list[str] = []
    codes: list[str] = []
    if ch in (SubmissionChannel.PORTAL, SubmissionChannel.API):
        problems += questionnaire_problems(questions, answers)
    if ch in (SubmissionChannel.EDI_278, SubmissionChannel.API):
        if not member_id or not MEMBER_ID.match(member_id):
            problems.append("subscriber/member id missing or invalid")
            codes.append("72")
        if not requesting_npi or not is_valid_npi(requesting_npi):
            problems.append("requesting provider NPI missing or invalid")
            codes.append("79")
        bad_lines = [c for c in line_codes if not PROC_CODE.match(c)]
        if not line_codes or bad_lines:
            problems.append(f"service line codes missing or invalid: {bad_lines or 'none given'}")
            codes.append("33")
        bad_dx = [d for d in diagnosis_codes if not is_billable_icd10cm(d)]
        if not diagnosis_codes or bad_dx:
            problems.append(f"diagnosis codes missing or not billable ICD-10-CM: {bad_dx or 'none given'}")
            codes.append("15")
        if service_start is None:
            problems.append("requested service date missing")
            codes.append("57")
    if ch is SubmissionChannel.EDI_278 and answers:
        problems.append("questionnaire answers cannot travel on a 278; attach them as a questionnaire document")
        codes.append("15")
    return ChannelCheck(not problems, problems, sorted(set(codes)))


def fax_page_readable(packet_id: str, page_number: int) -> bool:
    """Deterministic transmission quality: the same packet and page always arrive the same way."""
    digest = hashlib.sha256(f"{packet_id}:{page_number}".encode()).digest()
    return digest[0] % FAX_UNREADABLE_ONE_IN != 0


def fax_pages_for(body: str) -> int:
    """Pages a document occupies when faxed (≈ 3,000 characters a page, at least one)."""
    return max(1, -(-len(body) // 3000))
