"""CM care-plan services: problem → goal → intervention plans, escalation triggers, follow-up cadence.

Lifecycle: ``create_draft`` (case ``assessment_complete → care_plan_draft``; one plan per case);
``save_care_plan`` replaces the whole body (full replace: problems, goals and interventions are
re-created with ids ``<plan>-P<n>``, ``<problem>-G<n>``, ``<goal>-I<n>``); ``finalize`` checks
completeness and moves plan ``draft → finalized`` and case ``care_plan_draft → care_plan_finalized
→ closed`` in one transaction (the plan is then not amendable).

Every date (goal ``target_date``, intervention ``due_date``, ``follow_up_start``) must be after the
world's current date. Goals are SMART-style: a ``measure`` and a measurable ``target`` (finalize
requires a number in it, e.g. "≤ 2 rescue-inhaler days per week", "PHQ-9 below 10").
Sources: CMSA Standards of Practice for Case Management (2022) — care plan with prioritized
problems, measurable goals, interventions with owners and timeframes; NCQA CM 5 (care plan,
follow-up schedule, barriers).

The actor must be a care manager of ``cm_common.CM_ORG``. Dates ``YYYY-MM-DD``; times UTC ISO-8601.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from chibench.world.apps.cm_care_plan.models import CarePlan, CarePlanGoal, CarePlanIntervention, CarePlanProblem
from chibench.world.apps.cm_common import (
    cm_tx_actor,
    get_cm_case,
    move_cm_case,
    parse_model,
    require_cm_status,
    world_today,
)
from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.core import machines
from chibench.world.core.codes import is_billable_icd10cm
from chibench.world.core.enums import CarePlanStatus, CMCaseStatus, FollowUpCadence, InterventionOwner, values
from chibench.world.core.errors import Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

APP = "cm_care_plan"
OWNERS = values(InterventionOwner)
CADENCES = values(FollowUpCadence)
MEASURABLE = re.compile(r"\d")

Short = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(min_length=1, max_length=2_000)]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Intervention(_M):
    action: Text
    owner: Literal["care_manager", "patient", "pcp", "specialist", "pharmacist", "social_worker",
                   "behavioral_health_provider"]
    due_date: dt.date
    frequency: Annotated[str, Field(min_length=1, max_length=60)]


class Goal(_M):
    statement: Text
    measure: Annotated[str, Field(min_length=1, max_length=200)]
    target: Short
    target_date: dt.date
    interventions: list[Intervention] = Field(default_factory=list, max_length=20)


class Problem(_M):
    statement: Text
    domain: Literal["clinical", "medication", "behavioral_health", "sdoh"]
    icd10: Annotated[str, Field(min_length=3, max_length=8)] | None = None
    evidence: Text
    priority: Literal["high", "medium", "low"]
    goals: list[Goal] = Field(default_factory=list, max_length=10)


class EscalationTrigger(_M):
    trigger: Text
    action: Text
    contact: Short
    timeframe: Short


class CarePlanBody(_M):
    problems: list[Problem] = Field(max_length=20)
    escalation_triggers: list[EscalationTrigger] = Field(max_length=20)
    follow_up_cadence: Literal["weekly", "biweekly", "monthly"] | None
    follow_up_start: dt.date | None
    follow_up_notes: Text | None = None


# ------------------------------------------------------------------------------ helpers
def _plan(s: Session, case: CMCase) -> CarePlan:
    plan = s.scalar(select(CarePlan).where(CarePlan.cm_case_id == case.id))
    if plan is None:
        raise NotFound(f"no care plan on {case.id}; create a draft first", field="case_id")
    return plan


def plan_view(s: Session, plan: CarePlan) -> dict[str, Any]:
    """The plan with nested problems → goals → interventions (ordinal order)."""
    out = to_dict(plan)
    problems = []
    for p in s.scalars(select(CarePlanProblem).where(CarePlanProblem.plan_id == plan.id)
                       .order_by(CarePlanProblem.ordinal)):
        pd = to_dict(p)
        goals = []
        for g in s.scalars(select(CarePlanGoal).where(CarePlanGoal.problem_id == p.id).order_by(CarePlanGoal.ordinal)):
            gd = to_dict(g)
            gd["interventions"] = [to_dict(i) for i in s.scalars(
                select(CarePlanIntervention).where(CarePlanIntervention.goal_id == g.id)
                .order_by(CarePlanIntervention.ordinal))]
            goals.append(gd)
        pd["goals"] = goals
        problems.append(pd)
    out["problems"] = problems
    return out


def _date_problems(body: dict[str, Any], today: dt.date) -> list[tuple[str, str]]:
    """(field path, problem) for every date that is not after ``today``."""
    out: list[tuple[str, str]] = []

    def check(value: str | None, path: str) -> None:
        if value is not None and dt.date.fromisoformat(value) <= today:
            out.append((path, f"{value} is not after the current date {today.isoformat()}"))

    for i, p in enumerate(body["problems"]):
        for j, g in enumerate(p["goals"]):
            check(g["target_date"], f"problems[{i}].goals[{j}].target_date")
            for k, iv in enumerate(g["interventions"]):
                check(iv["due_date"], f"problems[{i}].goals[{j}].interventions[{k}].due_date")
    check(body.get("follow_up_start"), "follow_up_start")
    return out


# ------------------------------------------------------------------------------ services
def create_draft(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Create the empty care-plan draft (one per case; ``assessment_complete → care_plan_draft``).
    Returns the plan (``plan_view`` shape). Errors: ``unknown_actor``, ``not_authorized``,
    ``not_found``, ``conflict`` (a plan exists), ``illegal_transition`` (assessment not complete).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_care_plan.create_draft") as tx:
        cm_tx_actor(tx, "draft a care plan")
        case = get_cm_case(tx.session, case_id)
        existing = tx.session.scalar(select(CarePlan.id).where(CarePlan.cm_case_id == case.id))
        if existing:
            raise Conflict(f"care plan {existing} already exists for {case.id}", field="case_id")
        plan = CarePlan(id=tx.new_id("CP"), cm_case_id=case.id, escalation_triggers=[], follow_up_cadence=None,
                        follow_up_start=None, follow_up_notes=None, author_id=tx.actor.id, created_at=tx.now,
                        updated_at=tx.now, finalized_at=None)
        move_cm_case(tx, case, CMCaseStatus.CARE_PLAN_DRAFT, reason="care plan drafted")
        tx.transition(machines.CARE_PLAN, plan, CarePlanStatus.DRAFT, case_id=case.id)
        tx.session.add(plan)
        tx.log(case_id=case.id, entity_id=plan.id)
        tx.session.flush()
        return plan_view(tx.session, plan)


def save_care_plan(world: World, *, acting_as: str, case_id: str, problems: list[dict[str, Any]],
                   escalation_triggers: list[dict[str, Any]], follow_up_cadence: str | None,
                   follow_up_start: str | None, follow_up_notes: str | None = None) -> dict[str, Any]:
    """Replace the draft's whole body (a full replace, not a merge).

    ``problems`` (≤20): ``{statement, domain (clinical|medication|behavioral_health|sdoh), icd10?
    (billable ICD-10-CM), evidence, priority (high|medium|low), goals (≤10): [{statement, measure,
    target, target_date, interventions (≤20): [{action, owner (care_manager|patient|pcp|specialist|
    pharmacist|social_worker|behavioral_health_provider), due_date, frequency}]}]}``;
    ``escalation_triggers`` (≤20): ``{trigger, action, contact, timeframe}``;
    ``follow_up_cadence`` ∈ weekly|biweekly|monthly (or null while drafting); ``follow_up_start``
    ``YYYY-MM-DD``; ``follow_up_notes``. Dates must be after the world's current date. A draft may
    be incomplete (problems without goals …); ``finalize`` enforces completeness.

    Returns the plan. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input``
    (field path named, e.g. ``problems[0].goals[1].target_date``; allowed values for enumerations and
    unknown keys), ``conflict`` (plan finalized / case not in care_plan_draft).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_care_plan.save_care_plan") as tx:
        s = tx.session
        cm_tx_actor(tx, "edit a care plan")
        case = get_cm_case(s, case_id)
        require_cm_status(case, (CMCaseStatus.CARE_PLAN_DRAFT,), "edit the care plan")
        plan = _plan(s, case)
        if str(plan.status) != CarePlanStatus.DRAFT:
            raise Conflict(f"care plan {plan.id} is {plan.status}; it cannot be edited", field="case_id")
        raw = {"problems": problems, "escalation_triggers": escalation_triggers,
               "follow_up_cadence": follow_up_cadence, "follow_up_start": follow_up_start,
               "follow_up_notes": follow_up_notes}
        model = parse_model(CarePlanBody, raw, "")
        assert isinstance(model, CarePlanBody)
        body = model.model_dump(mode="json")
        bad = _date_problems(body, world_today(s))
        if bad:
            raise InvalidInput(bad[0][1], field=bad[0][0], details={"date_problems": [p for p, _ in bad]})
        for i, p in enumerate(model.problems):
            if p.icd10 is not None and not is_billable_icd10cm(p.icd10):
                raise InvalidInput(f"'{p.icd10}' is not a billable ICD-10-CM code", field=f"problems[{i}].icd10")
        # full replace: interventions → goals → problems
        old_problems = list(s.scalars(select(CarePlanProblem.id).where(CarePlanProblem.plan_id == plan.id)))
        old_goals = list(s.scalars(select(CarePlanGoal.id).where(CarePlanGoal.problem_id.in_(old_problems))))
        s.execute(delete(CarePlanIntervention).where(CarePlanIntervention.goal_id.in_(old_goals)))
        s.execute(delete(CarePlanGoal).where(CarePlanGoal.id.in_(old_goals)))
        s.execute(delete(CarePlanProblem).where(CarePlanProblem.id.in_(old_problems)))
        s.flush()
        for i, p in enumerate(model.problems, start=1):
            prob = CarePlanProblem(id=f"{plan.id}-P{i}", plan_id=plan.id, ordinal=i, statement=p.statement,
                                   domain=p.domain, icd10=p.icd10, evidence=p.evidence, priority=p.priority)
            s.add(prob)
            s.flush()
            for j, g in enumerate(p.goals, start=1):
                goal = CarePlanGoal(id=f"{prob.id}-G{j}", problem_id=prob.id, ordinal=j, statement=g.statement,
                                    measure=g.measure, target=g.target, target_date=g.target_date)
                s.add(goal)
                s.flush()
                for k, iv in enumerate(g.interventions, start=1):
                    s.add(CarePlanIntervention(id=f"{goal.id}-I{k}", goal_id=goal.id, ordinal=k, action=iv.action,
                                               owner=iv.owner, due_date=iv.due_date, frequency=iv.frequency,
                                               details={}))
        plan.escalation_triggers = body["escalation_triggers"]
        plan.follow_up_cadence = model.follow_up_cadence
        plan.follow_up_start = model.follow_up_start
        plan.follow_up_notes = model.follow_up_notes
        plan.updated_at = tx.now
        tx.log(case_id=case.id, entity_id=plan.id,
               details={"problems": len(model.problems), "goals": sum(len(p.goals) for p in model.problems),
                        "interventions": sum(len(g.interventions) for p in model.problems for g in p.goals),
                        "escalation_triggers": len(model.escalation_triggers), "cadence": model.follow_up_cadence})
        s.flush()
        return plan_view(s, plan)


def finalize(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """Finalize the care plan and close the case atomically (plan ``draft → finalized``; case
    ``care_plan_draft → care_plan_finalized → closed``).

    Completeness (every gap is listed in ``details.problems``; the first names the field): ≥1 problem;
    every problem ≥1 goal; every goal a measurable target (contains a number) and a target date after
    today; every goal ≥1 intervention (due dates after today); ≥1 escalation trigger; a follow-up
    cadence and a start date after today.
    Returns the plan. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``, ``invalid_input``
    (incomplete plan), ``illegal_transition`` (already finalized / case not in care_plan_draft).
    """
    with world.write(acting_as=acting_as, app=APP, action="cm_care_plan.finalize") as tx:
        s = tx.session
        cm_tx_actor(tx, "finalize a care plan")
        case = get_cm_case(s, case_id)
        plan = _plan(s, case)
        view = plan_view(s, plan)
        gaps: list[tuple[str, str]] = []
        if not view["problems"]:
            gaps.append(("problems", "the plan needs at least one problem"))
        for i, p in enumerate(view["problems"]):
            if not p["goals"]:
                gaps.append((f"problems[{i}].goals", "each problem needs at least one goal"))
            for j, g in enumerate(p["goals"]):
                if not MEASURABLE.search(g["target"]):
                    gaps.append((f"problems[{i}].goals[{j}].target",
                                 f"target '{g['target']}' is not measurable (state a number)"))
                if not g["interventions"]:
                    gaps.append((f"problems[{i}].goals[{j}].interventions",
                                 "each goal needs at least one intervention"))
        if not plan.escalation_triggers:
            gaps.append(("escalation_triggers", "the plan needs at least one escalation trigger"))
        if plan.follow_up_cadence not in CADENCES:
            gaps.append(("follow_up_cadence", "choose a follow-up cadence"))
        if plan.follow_up_start is None:
            gaps.append(("follow_up_start", "set the follow-up start date"))
        gaps += _date_problems({"problems": view["problems"], "follow_up_start": view["follow_up_start"]},
                               world_today(s))
        if gaps:
            raise InvalidInput(f"the care plan is not complete: {gaps[0][1]} ({len(gaps)} gap(s))", field=gaps[0][0],
                               details={"problems": [f"{f}: {m}" for f, m in gaps]})
        tx.transition(machines.CARE_PLAN, plan, CarePlanStatus.FINALIZED, case_id=case.id)
        move_cm_case(tx, case, CMCaseStatus.CARE_PLAN_FINALIZED, reason=f"care plan {plan.id} finalized")
        move_cm_case(tx, case, CMCaseStatus.CLOSED, reason="care plan in place")
        plan.finalized_at = tx.now
        plan.updated_at = tx.now
        case.closed_at = tx.now
        tx.log(case_id=case.id, entity_id=plan.id, details={"problems": len(view["problems"])})
        return plan_view(s, plan)
