"""Nurse review services: the nurse's review workspace, per-line criteria evaluations and the case-level
nurse recommendation (a handoff: one per case, never amended).

Tool namespace ``review``. Actors: UM nurses. Rule: ``rules.authority.check_nurse_recommendation``
(nurses recommend approve — only where the policy allows nurse approval — escalate or request_info;
nurses cannot deny: 42 CFR 422.566(d), California H&SC §1367.01(e)). Evidence must be quoted from
payer-side documents of the case; citations must be the policy's criteria citations.
A nurse may not recommend approval while any of her own evaluations on the case is ``not_met``, nor
without having recorded at least one evaluation (NCQA UM 2: decisions use written criteria).
"""

from __future__ import annotations

from typing import Any

from chibench.world.apps import payer_arguments as pargs
from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.nurse_review.models import NurseRecommendation
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import validate as v
from chibench.world.core.enums import CaseStatus
from chibench.world.core.errors import Conflict, InvalidInput
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules.authority import NURSE_REVIEWERS, check_nurse_recommendation, require_role

APP = "nurse_review"
NS = "review"
NURSE_QUEUES = ("nurse_review", "delegated", "vendor", "specialty")


def _nurse_case(tx: Tx, case_id: str) -> tuple[PACase, Any]:
    """Case under review with an open nurse task and no recommendation yet; claims the task."""
    s = tx.session
    case = pq.get_case(s, case_id)
    if case.status != CaseStatus.UNDER_REVIEW:
        raise Conflict(f"case {case.id} is '{case.status}', not under review", field="case_id")
    if pq.nurse_recommendation_for(s, case.id) is not None:
        raise Conflict(f"the nurse recommendation on case {case.id} is submitted; nurse review is closed",
                       field="case_id")
    task = pq.require_open_task(s, case.id, NURSE_QUEUES)
    pw.claim_task(tx, task)
    return case, task


def get_nurse_review_data(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Nurse workspace: case, member, intake, triage, routing (lane, reason), review tasks, lines, the
    policy's criteria ``{criterion_id, text, citation}``, payer-side documents with bodies, the saved
    nurse evaluations and the nurse recommendation (null until submitted).
    Errors: NotFound, UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pr.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        return {**pv.review_workspace_read(s, cf),
                "evaluations": [pr.EVALUATION.as_dict(e)
                                for e in pr.rows_by_case(s, "evaluations", cf.case.id) if e.stage == "nurse"],
                "nurse_recommendation": cf.rec_dict}


def save_criteria_evaluation(world: World, *, acting_as: str, case_id: str, line_number: int, criterion_id: str,
                             result: str, citation: str, note: str,
                             evidence: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Create or replace the nurse's verdict on one criterion for one line (id ``<case>:nurse:L<n>:<criterion>``).

    result: met | not_met | unclear; citation: one of the policy's criteria citations;
    evidence: ``[{document_id, quote}]`` from payer-side documents of this case (quote verbatim;
    required for ``met``). The first save claims the nurse task.
    Errors: InvalidInput (named field), NotFound (document), Conflict (case not under review, no open
    nurse task, recommendation already submitted, no policy), UnknownActor / AuthorityError.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.save_criteria_evaluation") as tx:
        require_role(tx.actor.role, NURSE_REVIEWERS, "record a nurse criteria evaluation")
        case, _ = _nurse_case(tx, case_id)
        row = pw.upsert_evaluation(tx, case, stage="nurse", line_number=line_number, criterion_id=criterion_id,
                                   result=result, citation=citation, evidence=evidence, note=note)
        tx.session.flush()
        return to_dict(row)


def submit_nurse_case_recommendation(world: World, *, acting_as: str, case_id: str, recommendation: str,
                                     clinical_summary: str, info_requested: list[str] | None = None,
                                     info_due: str | None = None) -> dict[str, Any]:
    """Submit the case-level nurse recommendation (one per case, not amendable).

    approve (policy must allow nurse approval; ≥1 saved evaluation and none ``not_met``) → nurse task
    completed, case stays under_review for the determination; escalate → a queued md_review task due at
    the SLA deadline; request_info (``info_requested`` items and ``info_due`` YYYY-MM-DD after today UTC,
    both required only here) → case under_review → pended_action_required, response due 23:59:59 UTC.
    ``criteria_met``/``criteria_total`` = met nurse evaluations / (criteria × lines).
    Errors: AuthorityError (not a nurse; deny; approve where the policy requires a physician),
    InvalidInput (named field), Conflict (already submitted, no open nurse task, approval over a
    not_met criterion), IllegalTransition, NotFound, UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.submit_nurse_case_recommendation") as tx:
        s = tx.session
        require_role(tx.actor.role, NURSE_REVIEWERS, "submit a nurse recommendation")
        case, task = _nurse_case(tx, case_id)
        policy = pq.require_policy(s, case)
        check_nurse_recommendation(tx.actor.role, recommendation, allow_nurse_approval=policy.allow_nurse_approval)
        summary = v.text(clinical_summary, "clinical_summary")
        items, due = ([], None)
        if recommendation == "request_info":
            items, due = pargs.info_request_args(info_requested, info_due, tx.now)
        elif info_requested or info_due is not None:
            raise InvalidInput("info_requested / info_due apply only to request_info", field="info_requested")
        evals = pq.evaluations(s, case.id, "nurse")
        if recommendation == "approve":
            if not evals:
                raise Conflict("record the criteria evaluations before recommending approval", field="recommendation")
            unmet = [e.id for e in evals if e.result == "not_met"]
            if unmet:
                raise Conflict(f"criteria evaluated not_met ({', '.join(unmet)}); a nurse cannot approve over them "
                               "— escalate to a medical director", field="recommendation",
                               allowed=["escalate", "request_info"])
        total = len(pq.policy_criteria(s, policy)) * len(pq.review_lines(s, case))
        rec = NurseRecommendation(id=tx.new_id("NREC"), case_id=case.id, recommendation=recommendation,
                                  clinical_summary=summary, info_requested=items, info_due=due,
                                  reviewer_id=tx.actor.id, submitted_at=tx.now,
                                  criteria_met=sum(e.result == "met" for e in evals), criteria_total=total)
        s.add(rec)
        pw.complete_task(tx, task)
        if recommendation == "escalate":
            triage = pq.triage_for(s, case.id)
            pw.create_task(tx, case.id, "md_review", triage.sla_deadline if triage else None)
        elif recommendation == "request_info":
            assert due is not None
            pw.pend_case(tx, case, items=items, due=due, source="nurse review")
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=rec.id, details={"recommendation": recommendation,
                                                           "criteria_met": rec.criteria_met,
                                                           "criteria_total": total, "info_requested": items})
        s.flush()
        return {**to_dict(rec), "case_status": str(case.status)}
