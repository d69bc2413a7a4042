"""The scripted payer's reply to a provider packet (so provider cases continue past "submitted").

Order of checks (``world/rules/README.md`` §6): coverage inactive on the requested date → deny
(administrative); PA not required → no authorization needed; unreadable fax pages → pend (re-send);
required document kinds absent → pend; required kinds present but insufficient → pend;
questionnaire incomplete → pend; diagnosis outside the policy → pend; otherwise the policy's outcome
for a complete packet (approve with an authorization number, deny, pend, or a P2P invitation).

Sufficiency: clinical document kinds count only when a clinician authored and signed them; the
policy's hidden evidence requirements (regular expressions over the body) must all match. The PA
coordinator may author administrative kinds (the PA request form and the questionnaire).
Source for pend semantics: CMS-0057-F requires a specific reason for any denial or request for
more information; NCQA UM 2025 standard UM 5 (timeliness) and UM 7 (denial notices).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from chibench.world.core.enums import DocumentKind

ADMINISTRATIVE_KINDS = frozenset({DocumentKind.PA_REQUEST_FORM, DocumentKind.QUESTIONNAIRE})


@dataclass(frozen=True)
class DocView:
    id: str
    kind: str
    body: str
    clinician_signed: bool


@dataclass(frozen=True)
class EvidenceRequirement:
    kind: str
    must_mention: tuple[str, ...]
    description: str


@dataclass(frozen=True)
class PolicyView:
    required_document_kinds: tuple[str, ...]
    evidence_requirements: tuple[EvidenceRequirement, ...]
    required_diagnosis_prefixes: tuple[str, ...]
    complete_outcome: str  # approve | deny | pend | p2p
    deny_reason: str | None = None
    pend_reason: str | None = None
    p2p_reason: str | None = None


@dataclass(frozen=True)
class PacketView:
    coverage_active: bool
    pa_required: bool
    covered_benefit: bool
    unreadable_pages: tuple[int, ...]
    documents: tuple[DocView, ...]
    questionnaire_problems: tuple[str, ...]
    diagnosis_codes: tuple[str, ...]


@dataclass(frozen=True)
class Adjudication:
    outcome: str  # approve | deny | pend | p2p | no_auth_required
    basis: str  # administrative | completeness | medical_necessity | channel
    reasons: list[str] = field(default_factory=list)
    missing_kinds: list[str] = field(default_factory=list)
    insufficient_kinds: list[str] = field(default_factory=list)


def document_counts(doc: DocView) -> bool:
    """Whether a document can stand as evidence of its kind at all."""
    return doc.clinician_signed or doc.kind in ADMINISTRATIVE_KINDS


def sufficiency(kind: str, docs: Sequence[DocView], reqs: Sequence[EvidenceRequirement]) -> tuple[str, list[str]]:
    """``present_sufficient`` / ``present_insufficient`` / ``absent`` for one required kind, with reasons."""
    of_kind = [d for d in docs if d.kind == kind]
    if not of_kind:
        return "absent", [f"no {kind} in the packet"]
    usable = [d for d in of_kind if document_counts(d)]
    if not usable:
        return "present_insufficient", [f"{kind} is not authored and signed by a clinician"]
    wanted = [r for r in reqs if r.kind == kind]
    for req in wanted:
        if not any(all(re.search(p, d.body, re.IGNORECASE) for p in req.must_mention) for d in usable):
            return "present_insufficient", [f"{kind}: {req.description}"]
    return "present_sufficient", []


def adjudicate(packet: PacketView, policy: PolicyView) -> Adjudication:
    if not packet.coverage_active:
        return Adjudication("deny", "administrative", ["member coverage is not active on the requested date"])
    if not packet.covered_benefit:
        return Adjudication("deny", "administrative", ["the requested service is not a covered benefit"])
    if not packet.pa_required:
        return Adjudication("no_auth_required", "administrative",
                            ["prior authorization is not required for the requested service"])
    if packet.unreadable_pages:
        pages = ", ".join(str(p) for p in packet.unreadable_pages)
        return Adjudication("pend", "channel", [f"fax pages {pages} were unreadable; re-send those pages"])
    missing: list[str] = []
    insufficient: list[str] = []
    reasons: list[str] = []
    for kind in policy.required_document_kinds:
        status, why = sufficiency(kind, packet.documents, policy.evidence_requirements)
        if status == "absent":
            missing.append(kind)
            reasons += why
        elif status == "present_insufficient":
            insufficient.append(kind)
            reasons += why
    if missing or insufficient:
        return Adjudication("pend", "completeness", reasons, missing, insufficient)
    if packet.questionnaire_problems:
        return Adjudication("pend", "completeness", [f"questionnaire: {p}" for p in packet.questionnaire_problems])
    if policy.required_diagnosis_prefixes and not any(
            d.startswith(p) for d in packet.diagnosis_codes for p in policy.required_diagnosis_prefixes):
        return Adjudication("pend", "completeness",
                            [f"no diagnosis supports the service (expected {', '.join(policy.required_diagnosis_prefixes)}…)"])
    outcome = policy.complete_outcome
    reason = {"approve": "all criteria met on the submitted documentation",
              "deny": policy.deny_reason or "criteria not met",
              "pend": policy.pend_reason or "additional information required",
              "p2p": policy.p2p_reason or "the medical director requests a peer-to-peer discussion"}[outcome]
    return Adjudication(outcome, "medical_necessity", [reason])
