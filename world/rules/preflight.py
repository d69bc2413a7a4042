"""Determination preflight: a fixed, documented list of validations before any write.

Steps P1–P12 (``world/rules/README.md`` §7, handbook KM-UM-OPS-006). All run on plain values,
so the caller can be sure that a failure wrote nothing. Sources: NCQA UM standards (UM 4
appropriate professionals, UM 7 denial notices); 42 CFR 422.566(d); 29 CFR 2560.503-1(g).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from chibench.world.core.enums import DeterminationDecision, values
from chibench.world.core.errors import PreflightFailed
from chibench.world.core.machines import PA_CASE
from chibench.world.rules.authority import NURSE_REVIEWERS, PHYSICIAN_REVIEWERS
from chibench.world.rules.sla import sla_met

CITATION = re.compile(r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+ §[0-9]+(\.[0-9]+)*$")
DECISIONS = values(DeterminationDecision)
DETERMINABLE = ("under_review", "submitted", "resubmitted")
REC_TO_DECISION = {"approve": "approved", "deny": "denied", "partial_approve": "partially_approved"}


@dataclass(frozen=True)
class PreflightInput:
    case_status: str | None
    has_active_determination: bool
    decision: str
    intake_complete: bool
    sla_deadline: dt.datetime | None
    nurse_recommendation: str | None
    nurse_reviewer_id: str | None
    md_decision: str | None  # latest non-superseded MD decision
    md_reviewer_id: str | None
    md_signed_off: bool
    p2p_status: str | None
    p2p_outcome: str | None
    acting_as: str
    actor_role: str
    overridden: bool
    override_reason: str
    rationale: str
    policy_citations: Sequence[str]
    line_numbers: Sequence[int]
    line_decisions: Sequence[dict]
    administrative: bool
    now: dt.datetime


@dataclass(frozen=True)
class PreflightPlan:
    source: str
    recommended: str | None
    decision: str
    overridden: bool
    sla_met: bool | None
    steps: list[str] = field(default_factory=list)


def _fail(step: str, message: str, *, field: str | None = None, allowed: tuple[str, ...] | None = None) -> PreflightFailed:
    return PreflightFailed(f"{step}: {message}", details={"step": step}, field=field, allowed=allowed)


def run_preflight(p: PreflightInput) -> PreflightPlan:
    steps: list[str] = []
    # P1
    if p.case_status is None:
        raise _fail("P1", "case not found", field="case_id")
    if p.case_status not in DETERMINABLE:
        raise _fail("P1", f"case is '{p.case_status}', not awaiting a determination", field="case_id",
                    allowed=DETERMINABLE)
    steps.append("P1")
    # P2
    if p.has_active_determination:
        raise _fail("P2", "an active determination already exists for this case; reissue, don't re-determine")
    steps.append("P2")
    # P3
    if p.decision not in DECISIONS:
        raise _fail("P3", f"unknown decision '{p.decision}'", field="decision", allowed=DECISIONS)
    steps.append("P3")
    # P4
    if not p.intake_complete:
        raise _fail("P4", "intake is not complete (confirm the four intake decisions first)")
    steps.append("P4")
    # P5
    if p.sla_deadline is None:
        raise _fail("P5", "no triage record with an SLA deadline")
    steps.append("P5")
    # P6 — resolve the source recommendation
    recommended: str | None
    if p.administrative:
        source, recommended = "administrative", "denied"
    elif p.md_decision is not None:
        source = "md_decision"
        if p.md_decision == "request_info":
            raise _fail("P6", "the medical director requested information; the case is awaiting it")
        if p.md_decision == "p2p_review":
            if p.p2p_status != "completed" or not p.p2p_outcome:
                raise _fail("P6", "a peer-to-peer review is pending; record its outcome first")
            source = "p2p"
            recommended = "approved" if p.p2p_outcome == "overturn_to_approval" else "denied"
        else:
            recommended = REC_TO_DECISION[p.md_decision]
    elif p.nurse_recommendation is not None:
        source = "nurse_recommendation"
        if p.nurse_recommendation == "escalate":
            raise _fail("P6", "the nurse escalated; a medical director decision is required")
        if p.nurse_recommendation == "request_info":
            raise _fail("P6", "the nurse requested information; the case is awaiting it")
        recommended = "approved"
    else:
        raise _fail("P6", "no review decision exists to determine from (nurse recommendation or MD decision)")
    steps.append("P6")
    # P7
    if p.decision != recommended:
        if not p.overridden or not p.override_reason.strip():
            raise _fail("P7", f"decision '{p.decision}' differs from the source '{recommended}'; "
                              "an override needs overridden=true and a reason", field="decision")
        if p.actor_role not in PHYSICIAN_REVIEWERS:
            raise _fail("P7", "only a physician reviewer may override the source recommendation", field="acting_as")
    elif p.overridden:
        raise _fail("P7", "overridden=true but the decision matches the source recommendation", field="overridden")
    steps.append("P7")
    # P8
    if p.decision == "approved":
        ok = p.actor_role in PHYSICIAN_REVIEWERS or (
            p.actor_role in NURSE_REVIEWERS and source == "nurse_recommendation" and p.acting_as == p.nurse_reviewer_id)
    else:
        ok = p.actor_role in PHYSICIAN_REVIEWERS and (p.administrative or source == "p2p" or p.md_signed_off
                                                     or p.overridden)
    if not ok:
        raise _fail("P8", f"a worker with role '{p.actor_role}' may not finalize a '{p.decision}' determination "
                          "here (adverse determinations need a signed-off physician reviewer)", field="acting_as")
    steps.append("P8")
    # P9
    if p.decision in ("denied", "partially_approved"):
        if not p.rationale.strip():
            raise _fail("P9", "an adverse determination needs a rationale", field="rationale")
        bad = [c for c in p.policy_citations if not CITATION.match(c)]
        if not p.policy_citations or bad:
            raise _fail("P9", f"cite at least one policy section as '<policy-id> §<n>' (bad: {bad})",
                        field="policy_citations")
    steps.append("P9")
    # P10
    if p.decision == "partially_approved":
        decided = {d.get("line_number"): d.get("decision") for d in p.line_decisions}
        if set(decided) != set(p.line_numbers):
            raise _fail("P10", f"decide every line {sorted(p.line_numbers)}", field="line_decisions")
        if not {"approved", "denied"} <= set(decided.values()):
            raise _fail("P10", "a partial approval needs at least one approved and one denied line",
                        field="line_decisions")
    steps.append("P10")
    # P11
    if not PA_CASE.is_legal(p.case_status, p.decision):
        raise _fail("P11", f"case cannot move from '{p.case_status}' to '{p.decision}'")
    steps.append("P11")
    # P12
    met = sla_met(p.sla_deadline, p.now)
    steps.append("P12")
    return PreflightPlan(source, recommended, p.decision, p.decision != recommended, met, steps)
