"""Care-management chart services: chart data for a case and the chart review handoff.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_referral import services as referral
from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.core.errors import Conflict, IllegalTransition, InvalidInput, NotFound
from chibench.world.core.world import World
from tests.support import exact_json, refused
from tests.world.apps.cm_support import CM, COND, DOC, ENC, OBS, OTHER_MEMBER_DOC, REF, REF2, case_status, opened_case


def test_chart_data(w: World) -> None:
    case_id = opened_case(w)
    data = chart.get_chart_data(w, acting_as=CM, case_id=case_id)
    assert data["case"]["id"] == case_id and data["referral"]["id"] == REF and "scenario_id" not in data["referral"]
    assert [e["id"] for e in data["encounters"]] == [ENC] and data["observations"][0]["id"] == OBS
    assert [d["id"] for d in data["documents"]] == [DOC]
    assert "prior_pa_cases" not in data and len(json.dumps(data)) < 100_000
    with refused(w, NotFound, field="case_id"):
        chart.get_chart_data(w, acting_as=CM, case_id="CMC-9999")


def test_chart_data_is_json_plain(w: World) -> None:
    # the tool cuts it in place without copying (budget.fit_record(already_plain=True)): only JSON types allowed
    case_id = opened_case(w)
    data = chart.get_chart_data(w, acting_as=CM, case_id=case_id, document_ids=[DOC])
    assert data["document_bodies"] and exact_json(data)


def _review(**over: Any) -> dict[str, Any]:
    base = {"primary_concerns": ["uncontrolled asthma"], "coordination_risks": [], "suspected_barriers": ["cost"],
            "preliminary_risk_level": "moderate", "key_findings": "Two exacerbations; rescue inhaler overuse.",
            "clarification_needed": ["controller adherence"], "evidence_ids": [ENC, COND, DOC]}
    return {**base, **over}


@pytest.mark.parametrize("over,field", [
    ({"evidence_ids": [OTHER_MEMBER_DOC]}, "evidence_ids[0]"),
    ({"evidence_ids": [ENC, "ENC-NOPE"]}, "evidence_ids[1]"),
    ({"evidence_ids": []}, "evidence_ids"),
    ({"preliminary_risk_level": "severe"}, "preliminary_risk_level"),
    ({"primary_concerns": []}, "primary_concerns"),
    ({"primary_concerns": "asthma"}, "primary_concerns"),
    ({"coordination_risks": [" "]}, "coordination_risks"),
    ({"key_findings": "short"}, "key_findings"),
])
def test_chart_review_refusals(w: World, over: dict[str, Any], field: str) -> None:
    case_id = opened_case(w)
    with refused(w, InvalidInput, field=field):
        chart.submit_chart_review(w, acting_as=CM, case_id=case_id, **_review(**over))


def test_chart_review_handoff(w: World) -> None:
    case_id = opened_case(w)
    out = chart.submit_chart_review(w, acting_as=CM, case_id=case_id, **_review())
    assert out["evidence"] == [{"id": ENC, "type": "encounter"}, {"id": COND, "type": "condition"},
                               {"id": DOC, "type": "document"}]
    assert case_status(w, case_id) == "chart_reviewed"
    with w.read() as s:
        assert s.get(CMCase, case_id).risk_level == "moderate"
    with refused(w, Conflict, field="case_id"):
        chart.submit_chart_review(w, acting_as=CM, case_id=case_id, **_review())
    disenrolled = opened_case(w, REF2)
    referral.disenroll_case(w, acting_as=CM, case_id=disenrolled, reason="moved", note="moved out of state")
    with refused(w, IllegalTransition):
        chart.submit_chart_review(w, acting_as=CM, case_id=disenrolled, **_review(evidence_ids=[OTHER_MEMBER_DOC]))
