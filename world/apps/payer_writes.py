"""Payer UM writes shared by several apps: review tasks, criterion evaluations, pends, provider
messages, artifacts, authorization numbers, line outcomes and determinations — each inside the
caller's write transaction (``Tx``), stamped with its actor and instant."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Organization
from chibench.world.apps.nurse_review.models import CriterionEvaluation, ReviewTask
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase
from chibench.world.apps.payer_arguments import (
    end_of_day,
    validate_evidence,
)
from chibench.world.apps.payer_queries import (
    AUTH_VALID_DAYS,
    EVAL_RESULTS,
    OPEN_TASK_STATES,
    QUEUE_ROLE,
    case_lines,
    plan_for,
    policy_criteria,
    require_line,
    require_policy,
    tasks_for,
)
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.db import WorkspaceArtifact
from chibench.world.core.enums import CaseStatus, ReviewTaskStatus
from chibench.world.core.errors import InvalidInput
from chibench.world.core.world import Tx
from chibench.world.rules.sla import sla_met


def touch(tx: Tx, case: PACase) -> None:
    case.updated_at = tx.now


def create_task(tx: Tx, case_id: str, queue: str, due_at: dt.datetime | None) -> ReviewTask:
    task = ReviewTask(id=tx.new_id("TASK"), case_id=case_id, queue=queue, required_role=str(QUEUE_ROLE[queue]),
                      status=None, assigned_to=None, created_at=tx.now, due_at=due_at)
    tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.QUEUED, case_id=case_id)
    tx.session.add(task)
    return task


def claim_task(tx: Tx, task: ReviewTask) -> None:
    """Queued or returned → claimed by the actor (the first working write claims it)."""
    if task.status in (ReviewTaskStatus.QUEUED, ReviewTaskStatus.RETURNED):
        tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.CLAIMED, case_id=task.case_id)
        task.assigned_to = tx.actor.id


def complete_task(tx: Tx, task: ReviewTask) -> None:
    claim_task(tx, task)
    tx.transition(machines.REVIEW_TASK, task, ReviewTaskStatus.COMPLETED, case_id=task.case_id)


def close_open_tasks(tx: Tx, case_id: str, reason: str) -> None:
    """Claimed tasks complete, queued/returned ones are cancelled (the case left review)."""
    for t in tasks_for(tx.session, case_id):
        if t.status == ReviewTaskStatus.CLAIMED:
            tx.transition(machines.REVIEW_TASK, t, ReviewTaskStatus.COMPLETED, case_id=case_id, reason=reason)
        elif t.status in OPEN_TASK_STATES:
            tx.transition(machines.REVIEW_TASK, t, ReviewTaskStatus.CANCELLED, case_id=case_id, reason=reason)


def upsert_evaluation(tx: Tx, case: PACase, *, stage: str, line_number: Any, criterion_id: Any, result: Any,
                      citation: Any, evidence: Any, note: Any) -> CriterionEvaluation:
    """Create or replace one reviewer's verdict on one criterion for one line (``stage`` nurse | md).

    ``criterion_id`` must be one of the case policy's criteria; ``citation`` one of the policy's
    criteria citations; ``result`` met | not_met | unclear; a ``met`` verdict needs at least one
    evidence quote from a payer-side document of the case.
    """
    s = tx.session
    policy = require_policy(s, case)
    line = require_line(s, case, line_number)
    criteria = policy_criteria(s, policy)
    crits = {c.criterion_id: c for c in criteria}
    cid = v.choice(criterion_id, sorted(crits), "criterion_id")
    res = v.choice(result, EVAL_RESULTS, "result")
    cite = v.choice(citation, sorted({c.citation for c in criteria}), "citation")
    ev = validate_evidence(s, case.id, evidence)
    if res == "met" and not ev:
        raise InvalidInput("a 'met' verdict needs at least one evidence quote from a case document", field="evidence")
    text = v.text(note, "note", max_len=v.MAX_TEXT)
    eid = f"{case.id}:{stage}:L{line['line_number']}:{cid}"
    row = s.get(CriterionEvaluation, eid)
    if row is None:
        row = CriterionEvaluation(id=eid, case_id=case.id, stage=stage, line_number=line["line_number"],
                                  criterion_id=cid)
        s.add(row)
    row.citation, row.result, row.evidence, row.note = cite, res, ev, text
    row.reviewer_id, row.updated_at = tx.actor.id, tx.now
    tx.log(case_id=case.id, entity_id=eid, details={"stage": stage, "line_number": line["line_number"],
                                                    "criterion_id": cid, "result": res, "citation": cite,
                                                    "evidence_documents": [e["document_id"] for e in ev]})
    return row


def pend_case(tx: Tx, case: PACase, *, items: Sequence[str], due: dt.date, source: str) -> None:
    """Pend the case for information (→ ``pended_action_required``) and tell the provider.

    The response is due at 23:59:59 UTC on ``due``. Source: CMS-0057-F (a request for more
    information must state what is needed); NCQA UM 5.
    """
    tx.transition(machines.PA_CASE, case, CaseStatus.PENDED_ACTION_REQUIRED, case_id=case.id,
                  reason=f"{source}: information requested")
    case.pend_due_at = end_of_day(due)
    case.outcome_reason = "information requested: " + "; ".join(items)
    touch(tx, case)
    close_open_tasks(tx, case.id, "case pended for information")


def send_provider_message(tx: Tx, case: PACase, *, kind: str, subject: str, body: str,
                          details: dict[str, Any] | None = None) -> InboxMessage:
    """A message in the requesting provider's inbox from the payer organization."""
    plan = plan_for(tx.session, case)
    payer = tx.session.get(Organization, plan.payer_org_id)
    msg = InboxMessage(id=tx.new_id("MSG"), case_id=case.id, audience="provider", kind=kind, subject=subject,
                       body=body, sender=payer.name if payer else plan.payer_org_id, sent_at=tx.now, read_at=None,
                       details=details or {})
    tx.session.add(msg)
    return msg


def add_artifact(tx: Tx, *, case_id: str, scope: str, artifact_type: str, filename: str, content: str,
                 details: dict[str, Any] | None = None) -> WorkspaceArtifact:
    art = WorkspaceArtifact(id=tx.new_id("ART"), case_id=case_id, scope=scope, artifact_type=artifact_type,
                            filename=filename, content=content, created_by=tx.actor.id, created_at=tx.now,
                            details=details or {})
    tx.session.add(art)
    return art


def issue_authorization(tx: Tx, case: PACase) -> str:
    """``AUTH-<case>-<NNNN>``, valid from the requested start for :data:`AUTH_VALID_DAYS` days."""
    number = tx.new_id(f"AUTH-{case.id}")
    case.authorization_number = number
    case.auth_valid_from = case.requested_start
    case.auth_valid_to = case.requested_start + dt.timedelta(days=AUTH_VALID_DAYS)
    return number


def apply_line_outcomes(tx: Tx, case: PACase, decision: str, line_decisions: Sequence[dict[str, Any]]) -> None:
    """Write per-line outcomes on the case's lines (matched by line number).

    approved → every line approved for its units; denied → every line denied (0 units);
    partially_approved → each line as decided; a requested line nobody decided is denied.
    """
    by_line = {d.get("line_number"): d for d in line_decisions}
    for ln in case_lines(tx.session, case.id):
        if decision == "approved":
            ln.outcome, ln.approved_units = "approved", ln.units
        elif decision == "denied":
            ln.outcome, ln.approved_units = "denied", 0
        else:
            d = by_line.get(ln.line_number)
            if d is not None and d.get("decision") == "approved":
                units = d.get("approved_units")
                ln.outcome, ln.approved_units = "approved", units if isinstance(units, int) else ln.units
            else:
                ln.outcome, ln.approved_units = "denied", 0


def record_determination(tx: Tx, case: PACase, *, decision: str, basis: str, source: str,
                         source_record_id: str | None, rationale: str, citations: Sequence[str],
                         line_decisions: Sequence[dict[str, Any]] = (), overridden: bool = False,
                         override_reason: str | None = None, sla_deadline: dt.datetime | None = None,
                         supersedes: Determination | None = None) -> Determination:
    """Write a Determination (and for approvals an authorization number) plus the line outcomes.

    The caller moves the case; this never changes the case status. ``sla_met`` is
    ``rules.sla.sla_met(sla_deadline, now)`` when a deadline is known.
    """
    det = Determination(id=tx.new_id("DET"), case_id=case.id, decision=decision, basis=basis, source=source,
                        source_record_id=source_record_id, overridden=overridden,
                        override_reason=override_reason or None, rationale=rationale,
                        policy_citations=list(citations), determined_by=tx.actor.id, determined_at=tx.now,
                        sla_deadline=sla_deadline,
                        sla_met=sla_met(sla_deadline, tx.now) if sla_deadline is not None else None,
                        authorization_number=None, superseded_by=None)
    if decision in ("approved", "partially_approved"):
        det.authorization_number = issue_authorization(tx, case)
    if supersedes is not None:
        supersedes.superseded_by = det.id
    tx.session.add(det)
    apply_line_outcomes(tx, case, decision, line_decisions)
    case.outcome_reason = rationale or case.outcome_reason
    touch(tx, case)
    tx.log("determination.recorded", case_id=case.id, entity_id=det.id,
           details={"decision": decision, "basis": basis, "source": source, "source_record_id": source_record_id,
                    "authorization_number": det.authorization_number, "sla_met": det.sla_met,
                    "supersedes": supersedes.id if supersedes else None})
    return det
