"""Care-management care plan services: draft after assessment, full-replace saves, finalize checks.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from sqlalchemy import func, select

from chibench.world.apps.cm_care_plan import services as cp
from chibench.world.apps.cm_care_plan.models import CarePlanGoal, CarePlanIntervention, CarePlanProblem
from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.core.errors import Conflict, IllegalTransition, InvalidInput, NotFound
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.cm_support import (
    CM,
    REF2,
    assessed_case,
    assessing_case,
    case_moves,
    case_status,
    good_plan,
    opened_case,
)


def test_create_draft_only_after_assessment(w: World) -> None:
    case_id = assessing_case(w)
    with refused(w, IllegalTransition):
        cp.create_draft(w, acting_as=CM, case_id=case_id)
    other = opened_case(w, REF2)
    with refused(w, Conflict):
        cp.save_care_plan(w, acting_as=CM, case_id=other, **good_plan())
    with refused(w, NotFound, field="case_id"):
        cp.finalize(w, acting_as=CM, case_id=other)  # no plan drafted


def test_care_plan_full_replace_and_finalize(w: World) -> None:
    case_id = assessed_case(w)
    cp.create_draft(w, acting_as=CM, case_id=case_id)
    with refused(w, Conflict):
        cp.create_draft(w, acting_as=CM, case_id=case_id)
    plan = good_plan()
    two = copy.deepcopy(plan)
    two["problems"].append({**copy.deepcopy(plan["problems"][0]), "statement": "Cost barrier", "domain": "sdoh",
                            "icd10": None, "priority": "medium"})
    out = cp.save_care_plan(w, acting_as=CM, case_id=case_id, **two)
    assert [p["id"] for p in out["problems"]] == ["CP-0001-P1", "CP-0001-P2"]
    out = cp.save_care_plan(w, acting_as=CM, case_id=case_id, **plan)
    assert [p["id"] for p in out["problems"]] == ["CP-0001-P1"]
    with w.read() as s:
        counts = [s.scalar(select(func.count()).select_from(m)) for m in
                  (CarePlanProblem, CarePlanGoal, CarePlanIntervention)]
    assert counts == [1, 1, 1]  # the second problem's rows are gone
    out = cp.finalize(w, acting_as=CM, case_id=case_id)
    assert out["status"] == "finalized" and out["finalized_at"]
    assert case_moves(w, case_id)[-3:] == [("assessment_complete", "care_plan_draft"),
                                      ("care_plan_draft", "care_plan_finalized"), ("care_plan_finalized", "closed")]
    with w.read() as s:
        assert s.get(CMCase, case_id).closed_at is not None
    with refused(w, Conflict):
        cp.save_care_plan(w, acting_as=CM, case_id=case_id, **plan)
    with refused(w, IllegalTransition):
        cp.finalize(w, acting_as=CM, case_id=case_id)


def _bad(mutate: Any) -> dict[str, Any]:
    p = good_plan()
    mutate(p)
    return p


@pytest.mark.parametrize("plan,field", [
    (_bad(lambda p: p["problems"][0]["goals"][0].update(target_date="2026-10-05")),
     "problems[0].goals[0].target_date"),
    (_bad(lambda p: p["problems"][0]["goals"][0]["interventions"][0].update(due_date="2026-09-01")),
     "problems[0].goals[0].interventions[0].due_date"),
    (_bad(lambda p: p.update(follow_up_start="2026-10-04")), "follow_up_start"),
    (_bad(lambda p: p["problems"][0]["goals"][0]["interventions"][0].update(owner="nurse")),
     "problems[0].goals[0].interventions[0].owner"),
    (_bad(lambda p: p["problems"][0].update(domain="social")), "problems[0].domain"),
    (_bad(lambda p: p["problems"][0].update(icd10="J45")), "problems[0].icd10"),
    (_bad(lambda p: p["problems"][0].update(severity="high")), "problems[0].severity"),
    (_bad(lambda p: p.update(follow_up_cadence="daily")), "follow_up_cadence"),
    (_bad(lambda p: p["escalation_triggers"][0].pop("contact")), "escalation_triggers[0].contact"),
    (_bad(lambda p: p["problems"][0]["goals"][0].update(target_date="soon")), "problems[0].goals[0].target_date"),
])
def test_save_care_plan_refusals(w: World, plan: dict[str, Any], field: str) -> None:
    case_id = assessed_case(w)
    cp.create_draft(w, acting_as=CM, case_id=case_id)
    with refused(w, InvalidInput, field=field):
        cp.save_care_plan(w, acting_as=CM, case_id=case_id, **plan)


@pytest.mark.parametrize("plan,field", [
    (_bad(lambda p: p.update(problems=[])), "problems"),
    (_bad(lambda p: p["problems"][0].update(goals=[])), "problems[0].goals"),
    (_bad(lambda p: p["problems"][0]["goals"][0].update(target="fewer symptoms")), "problems[0].goals[0].target"),
    (_bad(lambda p: p["problems"][0]["goals"][0].update(interventions=[])), "problems[0].goals[0].interventions"),
    (_bad(lambda p: p.update(escalation_triggers=[])), "escalation_triggers"),
    (_bad(lambda p: p.update(follow_up_cadence=None)), "follow_up_cadence"),
    (_bad(lambda p: p.update(follow_up_start=None)), "follow_up_start"),
])
def test_finalize_refusals(w: World, plan: dict[str, Any], field: str) -> None:
    case_id = assessed_case(w)
    cp.create_draft(w, acting_as=CM, case_id=case_id)
    cp.save_care_plan(w, acting_as=CM, case_id=case_id, **plan)  # an incomplete draft may be saved
    with refused(w, InvalidInput, field=field) as info:
        cp.finalize(w, acting_as=CM, case_id=case_id)
    assert info.value.details["problems"]
    assert case_status(w, case_id) == "care_plan_draft"


def test_finalize_rechecks_dates_after_time_passes(w: World) -> None:
    case_id = assessed_case(w)
    cp.create_draft(w, acting_as=CM, case_id=case_id)
    cp.save_care_plan(w, acting_as=CM, case_id=case_id, **good_plan())
    w.advance(hours=24 * 5)  # follow_up_start (today + 3 days) is now in the past
    with refused(w, InvalidInput, field="follow_up_start"):
        cp.finalize(w, acting_as=CM, case_id=case_id)
