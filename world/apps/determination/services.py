"""Determination services: the ready-to-finalize summary and the final UM determination.

Tool namespace ``determination``. ``finalize`` runs ``rules.preflight.run_preflight`` (P1–P12,
``world/rules/README.md`` §7; NCQA UM 4/UM 7, 42 CFR 422.566(d), 29 CFR 2560.503-1(g)) on values read
in the same transaction, then writes the Determination, the case transition, the line outcomes and,
for approvals, the authorization number ``AUTH-<case>-<NNNN>`` valid from the requested start for 90
days. One active determination per case (handoff; a second finalize is refused at P2).
Actors: UM nurses (approval of their own approve recommendation only) and physician reviewers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from chibench.world.apps import payer_arguments as pargs
from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.clock import iso
from chibench.world.core.enums import IntakeStatus, Lane
from chibench.world.core.errors import Conflict, PreflightFailed
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World
from chibench.world.rules.authority import NURSE_REVIEWERS, PHYSICIAN_REVIEWERS, require_role
from chibench.world.rules.preflight import DECISIONS, PreflightInput, run_preflight
from chibench.world.rules.sla import sla_met

APP = "determination"
NS = "determination"


def _inputs(s: Session, case: PACase, *, acting_as: str, actor_role: str, decision: str, now: dt.datetime,
            overridden: bool, override_reason: str, rationale: str, citations: list[str],
            line_decisions: list[dict[str, Any]]) -> tuple[PreflightInput, dict[str, str | None]]:
    """Preflight input from the database, plus the ids of each possible source record."""
    md = pq.active_md_decision(s, case.id)
    facts = _Facts(status=str(case.status), has_determination=pq.active_determination(s, case.id) is not None,
                   intake=pq.intake_for(s, case.id), triage=pq.triage_for(s, case.id),
                   rec=pq.nurse_recommendation_for(s, case.id), md=md, p2p=pq.p2p_for_decision(s, md),
                   route=pq.latest_routing(s, case.id),
                   line_numbers=[ln["line_number"] for ln in pq.review_lines(s, case)])
    return _preflight_input(facts, acting_as=acting_as, actor_role=actor_role, decision=decision, now=now,
                            overridden=overridden, override_reason=override_reason, rationale=rationale,
                            citations=citations, line_decisions=line_decisions)


@dataclass(frozen=True)
class _Facts:
    """What preflight reads of a case (ORM objects in a write, attribute views of Core rows in a read)."""

    status: str
    has_determination: bool
    intake: Any
    triage: Any
    rec: Any
    md: Any
    p2p: Any
    route: Any
    line_numbers: list[int]


def _preflight_input(f: _Facts, *, acting_as: str, actor_role: str, decision: str, now: dt.datetime,
                     overridden: bool, override_reason: str, rationale: str, citations: list[str],
                     line_decisions: list[dict[str, Any]]) -> tuple[PreflightInput, dict[str, str | None]]:
    intake, triage, rec, md, p2p, route = f.intake, f.triage, f.rec, f.md, f.p2p, f.route
    inp = PreflightInput(
        case_status=f.status, has_active_determination=f.has_determination,
        decision=decision, intake_complete=intake is not None and intake.status == IntakeStatus.COMPLETE,
        sla_deadline=triage.sla_deadline if triage else None,
        nurse_recommendation=rec.recommendation if rec else None, nurse_reviewer_id=rec.reviewer_id if rec else None,
        md_decision=md.decision if md else None, md_reviewer_id=md.reviewer_id if md else None,
        md_signed_off=bool(md and md.signed_off), p2p_status=str(p2p.status) if p2p else None,
        p2p_outcome=p2p.outcome if p2p else None, acting_as=acting_as, actor_role=actor_role, overridden=overridden,
        override_reason=override_reason, rationale=rationale, policy_citations=citations,
        line_numbers=f.line_numbers, line_decisions=line_decisions,
        administrative=route is not None and route.lane == Lane.ADMINISTRATIVE_REVIEW, now=now)
    ids = {"administrative": route.id if route else None, "md_decision": md.id if md else None,
           "p2p": p2p.id if p2p else None, "nurse_recommendation": rec.id if rec else None}
    return inp, ids


def _preview(facts: _Facts, actor: Any, now: dt.datetime) -> dict[str, Any]:
    """Preflight of each decision as the reader would finalize it now, using the MD decision's own
    rationale, citations and line decisions (nothing is written)."""
    md = facts.md
    out: dict[str, Any] = {}
    for decision in DECISIONS:
        inp, _ = _preflight_input(facts, acting_as=actor.id, actor_role=str(actor.role), decision=decision, now=now,
                                  overridden=False, override_reason="",
                                  rationale=(md.denial_rationale or md.rationale) if md else "",
                                  citations=list(md.policy_citations) if md else [],
                                  line_decisions=list(md.line_decisions) if md else [])
        try:
            plan = run_preflight(inp)
            out[decision] = {"passes": True, "source": plan.source}
        except PreflightFailed as exc:
            out[decision] = {"passes": False, "step": exc.details.get("step"), "message": exc.message}
    return out


#: The P2P request of an MD decision: the latest created (as ``payer_queries.p2p_for_decision``), as its row.
def _p2p_of(p2ps: Sequence[Any], md: Any) -> Any:
    if md is None:
        return None
    mine = [p for p in p2ps if p.md_decision_id == md.id]
    return max(mine, key=lambda p: pr.P2P.view(p).created_at) if mine else None


def get_summary(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Everything needed to finalize: case, member, lines, triage SLA (``deadline`` UTC,
    ``seconds_remaining`` from the current simulated time, negative once missed), source records (nurse
    recommendation, active MD decision, its P2P), criteria tallies per stage, criteria not yet evaluated
    by any reviewer ``[{line_number, criterion_id}]``, the active determination and history, and a
    side-effect-free preflight preview per decision (as the reader, without override).
    Errors: NotFound, UnknownActor / AuthorityError.
    """
    with world.read() as s:
        actor = pr.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        case = cf.case
        now = pr.current_time(s)
        triage = cf.triage
        case_lines = pr.rows_by_case(s, "case_lines", case.id)
        intake_lines = pr.intake_line_rows(s, cf.intake.id) if cf.intake is not None else []
        lines = pr.working_lines(intake_lines, case_lines)
        policy, crits = pr.policy_criteria_view(s, case, lines)
        mds = pr.rows_by_case(s, "md_decisions", case.id)
        live_md = [d for d in mds if d.superseded_by is None]
        md = live_md[-1] if live_md else None
        p2p = _p2p_of(pr.rows_by_case(s, "p2p_requests", case.id), md)
        evals = pr.rows_by_case(s, "evaluations", case.id)
        evaluated = {(e.line_number, e.criterion_id) for e in evals}
        dets = pr.rows_by_case(s, "determinations", case.id)
        live_det = [d for d in dets if d.superseded_by is None]
        det = live_det[-1] if live_det else None
        routes = pr.rows_by_case(s, "routings", case.id)
        # the rules read the records' values as the ORM loads them: views of the rows (dates, datetimes, enums)
        facts = _Facts(status=str(case.status), has_determination=det is not None, intake=cf.intake,
                       triage=triage, rec=cf.rec, md=None if md is None else pr.MD_DECISION.view(md),
                       p2p=None if p2p is None else pr.P2P.view(p2p),
                       route=pr.ROUTING.view(routes[-1]) if routes else None,
                       line_numbers=[ln["line_number"] for ln in lines])
        return {
            "case": pv.case_summary_read(s, cf, case_lines), "member": pr.member_view(s, case), "lines": lines,
            "sla": None if triage is None else {
                "urgency_level": str(triage.urgency_level), "deadline": iso(triage.sla_deadline),
                "rule_source": triage.sla_rule_source, "now": iso(now),
                "seconds_remaining": int((triage.sla_deadline - now).total_seconds()),
                "met_if_decided_now": sla_met(triage.sla_deadline, now)},
            "nurse_recommendation": cf.rec_dict,
            "md_decision": pr.MD_DECISION.as_dict(md) if md else None,
            "p2p_request": pr.P2P.as_dict(p2p) if p2p else None,
            "criteria": {"policy": policy,
                         "nurse": pq.tally([e for e in evals if e.stage == "nurse"]),
                         "md": pq.tally([e for e in evals if e.stage == "md"]),
                         "not_evaluated": [{"line_number": ln["line_number"], "criterion_id": c}
                                           for ln in lines for c in crits
                                           if (ln["line_number"], c) not in evaluated]},
            "determination": pr.DETERMINATION.as_dict(det) if det else None,
            "determination_history": [pr.DETERMINATION.as_dict(d) for d in dets],
            "preflight_preview": _preview(facts, actor, now),
        }


def finalize(world: World, *, acting_as: str, case_id: str, decision: str, rationale: str = "",
             policy_citations: list[str] | None = None, overridden: bool = False, override_reason: str = "",
             line_decisions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Finalize the case's determination: approved | denied | partially_approved.

    Preflight P1–P12 decides whether it may be written (the first failing step raises
    ``PreflightFailed`` with ``details.step``). Adverse decisions need ``rationale`` and ≥1 citation
    ``<policy-id> §<n>``; a decision that differs from the source needs ``overridden=true``, an
    ``override_reason`` and a physician. Partial approvals decide every line (``line_decisions``; if
    omitted, the active MD partial-approval's line decisions are used). Writes: Determination
    (basis administrative for an administrative-review case, else medical_necessity; source and
    source record; SLA deadline and ``sla_met``), case → decision, line outcomes, authorization number
    and validity for approvals; open review tasks are closed.
    Errors: Conflict (an active determination exists — the handoff is final), PreflightFailed (P1–P12),
    InvalidInput (argument types), AuthorityError / UnknownActor, NotFound.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.finalize") as tx:
        s = tx.session
        require_role(tx.actor.role, NURSE_REVIEWERS | PHYSICIAN_REVIEWERS, "finalize a determination")
        case = pq.get_case(s, case_id)
        active = pq.active_determination(s, case.id)
        if active is not None:
            raise Conflict(f"case {case.id} already has determination {active.id} ({active.decision}); a "
                           "determination is not amendable — reissue letters instead", field="case_id")
        why = v.text(rationale, "rationale", required=False)
        cites = v.str_list(policy_citations, "policy_citations")
        over = v.boolean(overridden, "overridden")
        over_reason = v.text(override_reason, "override_reason", required=False)
        md = pq.active_md_decision(s, case.id)
        if line_decisions:
            lines = pargs.parse_line_decisions(s, case, line_decisions)
        elif decision == "partially_approved" and md is not None and md.decision == "partial_approve":
            lines = list(md.line_decisions)
        else:
            lines = []
        inp, ids = _inputs(s, case, acting_as=tx.actor.id, actor_role=str(tx.actor.role), decision=decision,
                           now=tx.now, overridden=over, override_reason=over_reason, rationale=why, citations=cites,
                           line_decisions=lines)
        plan = run_preflight(inp)
        det = pw.record_determination(
            tx, case, decision=plan.decision, basis="administrative" if plan.source == "administrative"
            else "medical_necessity", source=plan.source, source_record_id=ids.get(plan.source), rationale=why,
            citations=cites, line_decisions=lines, overridden=plan.overridden, override_reason=over_reason or None,
            sla_deadline=inp.sla_deadline)
        tx.transition(machines.PA_CASE, case, plan.decision, case_id=case.id, reason=f"determination {det.id}")
        pw.close_open_tasks(tx, case.id, f"determination {det.id}")
        tx.log(case_id=case.id, entity_id=det.id, details={"decision": plan.decision, "source": plan.source,
                                                           "steps": plan.steps, "sla_met": plan.sla_met})
        s.flush()
        return {**to_dict(det), "case_status": str(case.status), "preflight_steps": plan.steps,
                "auth_valid_from": to_dict(case)["auth_valid_from"] if det.authorization_number else None,
                "auth_valid_to": to_dict(case)["auth_valid_to"] if det.authorization_number else None}
