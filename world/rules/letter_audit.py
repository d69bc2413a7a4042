"""Letter completeness audit over the content the author actually wrote.

Nothing is defaulted: a field the author did not write is missing, and the identifiers that
matter (member id, authorization number, policy citations, deadlines) must also appear in the
letter body the recipient reads. Sources: NCQA UM 7 (denial notice content: specific reason,
criteria reference, right to request criteria, appeal rights, P2P availability); 42 CFR 422.568(e)
and 422.572(e) (MA notice content); 29 CFR 2560.503-1(g)(1) (ERISA adverse benefit determination
content); CMS-0057-F (specific reason for denial).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from chibench.world.rules.authority import PHYSICIAN_REVIEWERS
from chibench.world.rules.preflight import CITATION

LETTER_TYPES = ("approval", "partial_approval", "denial", "pend", "appeal_decision")

COMMON_FIELDS = ("member_name", "member_id", "case_reference", "service_description", "service_codes",
                 "plan_name", "letter_date", "signer_name", "signer_credentials")
TYPE_FIELDS: dict[str, tuple[str, ...]] = {
    "approval": ("authorization_number", "approved_lines", "valid_from", "valid_to"),
    "partial_approval": ("authorization_number", "line_outcomes", "denied_line_reasons", "appeal_rights",
                         "policy_citations"),
    "denial": ("criteria_not_met", "policy_citations", "appeal_rights", "appeal_deadline_days",
               "external_review_rights", "peer_to_peer_offer", "criteria_access"),
    "pend": ("missing_items", "response_due", "submission_instructions"),
    # An appeal decision notice (29 CFR 2560.503-1(j); 45 CFR 147.136(b)(2)(ii)(E)): the level, the
    # outcome, the reasons, who decided; an upheld adverse decision also states the criteria and the
    # next level of review, an overturned one the authorization it now carries (see ``audit_letter``).
    "appeal_decision": ("appeal_reference", "appeal_level", "appeal_outcome", "decision_rationale",
                        "reviewer_name", "reviewer_credentials"),
}
#: Extra fields an appeal decision notice needs, by outcome.
APPEAL_OUTCOME_FIELDS: dict[str, tuple[str, ...]] = {
    "upheld": ("policy_citations", "further_review_rights"),
    "overturned": ("authorization_number",),
}
#: Values that must also be legible in the body, by field.
IN_BODY = ("member_id", "case_reference", "authorization_number", "response_due")


@dataclass(frozen=True)
class AuditContext:
    member_id: str
    case_id: str
    authorization_number: str | None
    signer_role: str
    line_numbers: tuple[int, ...] = ()
    #: appeal decision letters: the decided appeal (id, level internal | external, outcome upheld | overturned)
    appeal: tuple[str, str, str] | None = None


@dataclass(frozen=True)
class AuditResult:
    complete: bool
    missing_fields: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip()) or (isinstance(v, list | dict | tuple) and not v)


def required_fields(letter_type: str) -> tuple[str, ...]:
    return COMMON_FIELDS + TYPE_FIELDS[letter_type]


def audit_letter(letter_type: str, fields: Mapping[str, Any], body: str, ctx: AuditContext) -> AuditResult:
    """Check ``fields``/``body`` for everything ``letter_type`` requires; see module docstring."""
    required = required_fields(letter_type)
    if letter_type == "appeal_decision" and ctx.appeal is not None:
        required = required + APPEAL_OUTCOME_FIELDS[ctx.appeal[2]]
    missing = [f for f in required if _empty(fields.get(f))]
    problems: list[str] = []
    if letter_type == "appeal_decision":
        problems += _appeal_problems(fields, body, ctx)
    if len(body.strip()) < 200:
        problems.append("body: the letter body is too short to be a real letter (< 200 characters)")
    if not _empty(fields.get("member_id")) and fields["member_id"] != ctx.member_id:
        problems.append(f"member_id: '{fields['member_id']}' is not this member's id")
    if not _empty(fields.get("case_reference")) and fields["case_reference"] != ctx.case_id:
        problems.append(f"case_reference: '{fields['case_reference']}' is not this case")
    if letter_type in ("approval", "partial_approval", "appeal_decision") \
            and not _empty(fields.get("authorization_number")) \
            and fields["authorization_number"] != ctx.authorization_number:
        problems.append("authorization_number: does not match the determination's authorization number")
    for f in IN_BODY:
        v = fields.get(f)
        if f in required_fields(letter_type) and not _empty(v) and str(v) not in body:
            problems.append(f"{f}: '{v}' does not appear in the letter body")
    cites = fields.get("policy_citations") or []
    if isinstance(cites, list):
        bad = [c for c in cites if not isinstance(c, str) or not CITATION.match(c)]
        if bad:
            problems.append(f"policy_citations: not '<policy-id> §<n>': {bad}")
        for c in cites:
            if isinstance(c, str) and CITATION.match(c) and c not in body:
                problems.append(f"policy_citations: '{c}' is not cited in the body")
    if letter_type in ("denial", "partial_approval") and ctx.signer_role not in PHYSICIAN_REVIEWERS:
        problems.append("signer: an adverse determination letter must be signed by a physician reviewer")
    if letter_type == "denial":
        days = fields.get("appeal_deadline_days")
        if not _empty(days) and (not str(days).isdigit() or str(days) not in body):
            problems.append("appeal_deadline_days: must be a number of days that also appears in the body")
    for date_field in ("valid_from", "valid_to", "response_due", "letter_date"):
        v = fields.get(date_field)
        if not _empty(v):
            try:
                dt.date.fromisoformat(str(v))
            except ValueError:
                problems.append(f"{date_field}: '{v}' is not a date YYYY-MM-DD")
    if letter_type == "approval" and not _empty(fields.get("valid_from")) and not _empty(fields.get("valid_to")):
        try:
            if dt.date.fromisoformat(str(fields["valid_to"])) < dt.date.fromisoformat(str(fields["valid_from"])):
                problems.append("valid_to: before valid_from")
        except ValueError:
            pass
    if letter_type == "partial_approval" and isinstance(fields.get("line_outcomes"), list):
        decided = {o.get("line_number") for o in fields["line_outcomes"] if isinstance(o, dict)}
        if ctx.line_numbers and decided != set(ctx.line_numbers):
            problems.append(f"line_outcomes: must state the outcome of every line {list(ctx.line_numbers)}")
    complete = not missing and not problems
    return AuditResult(complete, missing, problems)


def _appeal_problems(fields: Mapping[str, Any], body: str, ctx: AuditContext) -> list[str]:
    """An appeal decision notice must describe the appeal actually decided, and say so in its body."""
    if ctx.appeal is None:
        return ["appeal: no decided appeal on this case"]
    appeal_id, level, outcome = ctx.appeal
    out = []
    for name, want in (("appeal_reference", appeal_id), ("appeal_level", level), ("appeal_outcome", outcome)):
        got = fields.get(name)
        if not _empty(got) and str(got) != want:
            out.append(f"{name}: '{got}' is not the decided appeal's ({want})")
    if appeal_id not in body:
        out.append(f"appeal_reference: '{appeal_id}' does not appear in the letter body")
    if level == "internal" and ctx.signer_role not in PHYSICIAN_REVIEWERS:
        out.append("signer: an internal appeal decision must be signed by the physician reviewer who decided it")
    return out


def expected_in_body_pattern(value: str) -> re.Pattern[str]:
    return re.compile(re.escape(value))
