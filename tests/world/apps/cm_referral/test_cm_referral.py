"""Care-management referral services: the referral queue and detail, opening a case, disenrollment.
"""

from __future__ import annotations

import json

from chibench.world.apps.cm_assessment import services as asmt
from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_referral import services as referral
from chibench.world.core.errors import AuthorityError, Conflict, IllegalTransition, InvalidInput, NotFound, UnknownActor
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.cm_support import (
    CM,
    CM_ELSEWHERE,
    REF,
    REF2,
    SUP,
    SW,
    assessing_case,
    case_moves,
    case_status,
    opened_case,
)


def test_referral_queue_and_detail(w: World) -> None:
    q = referral.list_referral_queue(w, acting_as=CM)
    assert [r["id"] for r in q] == [REF2, REF]  # urgent first
    assert q[1]["patient"]["name"] == "Brianna Lockhart" and q[1]["patient"]["age"] == 64 and q[1]["case_id"] is None
    r = referral.get_referral(w, acting_as=SUP, referral_id=REF)
    assert r["risk_flags"] == {"risk_score": 48.0, "utilization_flags": ["ed_visit_90d"]}
    assert r["diagnoses"][0]["code"] == "J45.40" and r["diagnoses"][0]["display"]
    assert r["coverages"][0]["active_on"]["active"] is True
    assert referral.list_referral_queue(w, acting_as=CM, status="accepted") == []
    opened = referral.open_case(w, acting_as=CM, referral_id=REF2, program="transitions_of_care", priority="urgent")
    seen = json.dumps([q, r, opened, chart.get_chart_data(w, acting_as=CM, case_id=opened["case"]["id"])])
    assert "scenario_id" not in seen and "cm_copd_test_001" not in seen  # the authored scenario never leaks
    with refused(w, InvalidInput, field="status"):
        referral.list_referral_queue(w, acting_as=CM, status="open")
    with refused(w, NotFound, field="referral_id"):
        referral.get_referral(w, acting_as=CM, referral_id="REF-NOPE")
    with refused(w, AuthorityError, field="acting_as"):
        referral.list_referral_queue(w, acting_as=SW)
    with refused(w, AuthorityError, field="acting_as"):
        referral.list_referral_queue(w, acting_as=CM_ELSEWHERE)  # right role, wrong organization
    with refused(w, UnknownActor):
        referral.list_referral_queue(w, acting_as="WKR-GHOST")


def test_open_case(w: World) -> None:
    out = referral.open_case(w, acting_as=CM, referral_id=REF, program="chronic_disease", priority="high")
    case_id = out["case"]["id"]
    assert out["case"]["status"] == "intake_complete" and out["case"]["assigned_to"] == CM
    assert out["referral"]["status"] == "accepted"
    assert case_moves(w, case_id) == [(None, "new"), ("new", "intake_complete")]
    assert referral.list_referral_queue(w, acting_as=CM, status="accepted")[0]["case_id"] == case_id
    with refused(w, Conflict, field="referral_id"):
        referral.open_case(w, acting_as=CM, referral_id=REF, program="chronic_disease", priority="high")


def test_open_case_refusals(w: World) -> None:
    with refused(w, InvalidInput, field="program") as info:
        referral.open_case(w, acting_as=CM, referral_id=REF, program="asthma", priority="high")
    assert "chronic_disease" in info.value.allowed
    with refused(w, InvalidInput, field="priority"):
        referral.open_case(w, acting_as=CM, referral_id=REF, program="chronic_disease", priority="routine")
    with refused(w, NotFound, field="referral_id"):
        referral.open_case(w, acting_as=CM, referral_id="REF-NOPE", program="chronic_disease", priority="high")
    with refused(w, AuthorityError):
        referral.open_case(w, acting_as=SW, referral_id=REF, program="chronic_disease", priority="high")
    with refused(w, AuthorityError):
        referral.open_case(w, acting_as=CM_ELSEWHERE, referral_id=REF, program="chronic_disease", priority="high")


def test_disenroll(w: World) -> None:
    case_id = opened_case(w)
    with refused(w, InvalidInput, field="reason") as info:
        referral.disenroll_case(w, acting_as=CM, case_id=case_id, reason="busy", note="member busy")
    assert info.value.allowed == sorted(referral.DISENROLL_REASONS)
    with refused(w, InvalidInput, field="note"):
        referral.disenroll_case(w, acting_as=CM, case_id=case_id, reason="declined", note=" ")
    out = referral.disenroll_case(w, acting_as=CM, case_id=case_id, reason="declined",
                                  note="Member said: 'I don't want calls.' Declined twice.")
    assert out["status"] == "disenrolled" and out["disenroll_reason"] == "declined" and out["closed_at"]
    assert out["disenroll_note"].startswith("Member said")
    with refused(w, IllegalTransition):
        referral.disenroll_case(w, acting_as=CM, case_id=case_id, reason="other", note="again please")


def test_disenroll_from_deep_in_the_workflow(w: World) -> None:
    case_id = assessing_case(w)
    asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical", blocked_reason="member hung up")
    assert case_status(w, case_id) == "assessment_blocked"
    referral.disenroll_case(w, acting_as=SUP, case_id=case_id, reason="unreachable", note="three attempts, no answer")
    assert case_status(w, case_id) == "disenrolled"
