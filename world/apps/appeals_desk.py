"""The payer's appeals desk: a filed appeal is decided on the simulated clock by an independent reviewer.

The paper evaluates appeals in simulation (App. C.1, stage 7): after an internal appeal is filed, an
appeals physician who made none of the adverse decisions decides it within the appeal timeframe and the
outcome is noticed to the provider; an upheld adverse decision may go to external review by an independent
review organization (IRO), whose binding decision is recorded and noticed in turn. Nobody works this desk
in the agent's place in a payer task (``payer_mode = queue``); in a provider task (``payer_mode = auto``)
it runs right after the provider's filing has committed, as later world events written by named payer
workers through the **same service functions** an appeals tool calls (like ``scripted_payer``):

1. the appeal waits for review (:func:`review_wait`: a fixed share of the decision window — well inside it;
   72-hour urgent appeals are decided within a day);
2. internal: a UM intake coordinator assigns the first appeals medical director (by id) who made none of the
   adverse decisions (``appeals.assign_reviewer``: independence is enforced there); external: the external
   review coordinator sends it to the IRO (``appeals.assign_external_review``);
3. the outcome is the plan's, from the hidden policy (``payer_policies.appeal_outcome`` /
   ``external_appeal_outcome``, authored in each service seed) — ``appeals.decide`` /
   ``appeals.record_external_decision`` (overturned → an approval determination superseding the denial);
4. the decider writes the appeal decision notice (``letter_center.generate_appeal_decision``: outcome,
   reasons, reviewer, and either the criteria and the next level of review or the authorization number)
   and delivers it on the request's channel; the member is notified by mail.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from chibench.world.apps import payer_queries as pq
from chibench.world.apps.appeals.models import Appeal
from chibench.world.apps.directory.models import Plan, Worker
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.provider_common import payer_mode, published_requirement
from chibench.world.core.enums import WorkerRole
from chibench.world.core.world import World

#: The IRO external reviews go to (an accredited independent review organization; fictional name).
IRO_NAME = "Meridian Independent Review Organization"
#: Share of the decision window the appeal waits before it is decided.
REVIEW_SHARE = 1 / 3
#: Urgent (expedited) appeals are decided within 72 hours (29 CFR 2560.503-1(i)(2)(i)); the desk takes a day.
URGENT_REVIEW = dt.timedelta(hours=24)


def review_wait(appeal: Appeal, urgent: bool) -> dt.timedelta:
    """How long the desk takes: a third of the decision window (10 of 30 days internal, 15 of 45
    external), or a day for an urgent internal appeal — always before ``decision_due_at``."""
    window = appeal.decision_due_at - appeal.filed_at
    wait = URGENT_REVIEW if urgent and appeal.level == "internal" else window * REVIEW_SHARE
    return min(wait, window / 2)


def _first(s: Any, org_id: str, role: WorkerRole, skip: set[str]) -> Worker:
    row = s.scalars(select(Worker).where(Worker.org_id == org_id, Worker.role == role, Worker.id.not_in(skip))
                    .order_by(Worker.id)).first()
    if row is None:
        raise RuntimeError(f"the payer organization {org_id} has no independent {role} to decide appeals")
    return row


def _fields(s: Any, case: PACase, signer: Worker, ap: Appeal) -> dict[str, Any]:
    from chibench.world.apps.scripted_payer import _common_fields

    return {**_common_fields(s, case, signer, pq.current_time(s).date()), "appeal_reference": ap.id,
            "appeal_level": ap.level}


def work_appeal(world: World, appeal_id: str) -> dict[str, Any] | None:
    """Decide the just-filed appeal ``appeal_id`` (``payer_mode = auto`` only; None otherwise).

    Returns ``{appeal_id, level, outcome, reviewer_id, letter_id, channel, case_status,
    authorization_number?}``.
    """
    from chibench.world.apps.appeals import services as appeals
    from chibench.world.apps.scripted_payer import policy_citation

    with world.read() as s:
        if payer_mode(s) != "auto":
            return None
        ap = s.get(Appeal, appeal_id)
        if ap is None or str(ap.status) != "filed":
            return None
        case = pq.get_case(s, ap.case_id)
        plan = s.get(Plan, case.plan_id)
        assert plan is not None
        org = plan.payer_org_id
        policy: PayerPolicy | None = published_requirement(s, case).policy
        deciders = set(pq.adverse_deciders(s, case.id)) | {ap.original_reviewer_id or ""}
        coordinator = _first(s, org, WorkerRole.INTAKE_COORDINATOR, set())
        if ap.level == "internal":
            decider = _first(s, org, WorkerRole.APPEALS_MEDICAL_DIRECTOR, deciders)
            outcome = policy.appeal_outcome if policy is not None else "upheld"
        else:
            decider = _first(s, org, WorkerRole.EXTERNAL_REVIEW_COORDINATOR, set())
            outcome = policy.external_appeal_outcome if policy is not None else "upheld"
        citation = policy_citation(s, policy)
        urgent = str(case.urgency) in ("expedited", "urgent")
        wait = review_wait(ap, urgent)
        level = ap.level
    world.advance(hours=wait.total_seconds() / 3600,
                  reason=f"the {level} appeal waits for {'an independent reviewer' if level == 'internal' else 'the IRO'}")
    if level == "internal":
        appeals.assign_reviewer(world, acting_as=coordinator.id, appeal_id=appeal_id, reviewer_id=decider.id)
        why = (f"Independent appeal review of the adverse determination on case {case.id} by {decider.display_name}, "
               + ("who finds the policy criteria met on the record, including what the appeal supplied."
                  if outcome == "overturned" else
                  f"who finds the adverse determination supported: the record does not meet {citation or 'the policy'}."))
        decided = appeals.decide(world, acting_as=decider.id, appeal_id=appeal_id, outcome=outcome, rationale=why,
                                 policy_citations=[citation] if citation and outcome == "upheld" else None)
    else:
        appeals.assign_external_review(world, acting_as=decider.id, appeal_id=appeal_id, external_org=IRO_NAME)
        why = (f"{IRO_NAME} reviewed case {case.id} independently and "
               + ("reversed the plan's adverse determination: the service is medically necessary on the record."
                  if outcome == "overturned" else "upheld the plan's adverse determination."))
        decided = appeals.record_external_decision(world, acting_as=decider.id, appeal_id=appeal_id, outcome=outcome,
                                                   rationale=why)
    letter = _notice(world, decider, case.id, appeal_id, outcome, why, citation, decided.get("authorization_number"))
    return {"appeal_id": appeal_id, "level": level, "outcome": outcome, "reviewer_id": decider.id,
            "case_status": decided["case_status"], **letter,
            **({"authorization_number": decided["authorization_number"]}
               if decided.get("authorization_number") else {})}


def _notice(world: World, signer: Worker, case_id: str, appeal_id: str, outcome: str, why: str,
            citation: str | None, auth: str | None) -> dict[str, Any]:
    from chibench.world.apps.letter_center import services as letters

    with world.read() as s:
        case = pq.get_case(s, case_id)
        ap = s.get(Appeal, appeal_id)
        assert ap is not None
        f = _fields(s, case, signer, ap)
        channel = pq.reply_channel(s, case.id) or "portal"
    level = "internal appeal" if ap.level == "internal" else "external review"
    f.update(appeal_outcome=outcome, decision_rationale=why, reviewer_name=signer.display_name,
             reviewer_credentials=signer.credentials or str(signer.role))
    if outcome == "upheld":
        f["policy_citations"] = [citation] if citation else []
        f["further_review_rights"] = (
            "The member may request an independent external review within 4 months of this notice."
            if ap.level == "internal" else
            "The external reviewer's decision is final and binding on the plan; the member may have further "
            "rights under state law or in court.")
        tail = f"Policy basis: {citation}.\n{f['further_review_rights']}" if citation else f["further_review_rights"]
    else:
        f["authorization_number"] = auth
        tail = f"Authorization number {auth} now applies to the requested services."
    body = (f"{f['plan_name']} - Appeals\nDate: {f['letter_date']}\nMember: {f['member_name']} "
            f"(member ID {f['member_id']})\nCase reference: {f['case_reference']}\nAppeal: {appeal_id}\n"
            f"Requested services: {f['service_description']}\n\n"
            f"Decision on the {level}: the adverse determination is {outcome.upper()}.\n{why}\n"
            f"Reviewed by {f['reviewer_name']}, {f['reviewer_credentials']}, who took no part in the original "
            f"decision.\n{tail}\n\nSincerely,\n{f['signer_name']}, {f['signer_credentials']}")
    draft = letters.generate_appeal_decision(world, acting_as=signer.id, case_id=case_id, fields=f, body=body,
                                             subject=f"Decision on the {level} {appeal_id} - case {case_id}")
    letters.deliver(world, acting_as=signer.id, letter_id=draft["id"], channel=channel)
    return {"letter_id": draft["id"], "channel": channel}
