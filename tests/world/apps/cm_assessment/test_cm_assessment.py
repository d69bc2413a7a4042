"""Care-management assessment services: consent gate, PHQ-9/GAD-7/AUDIT-C/Hunger Vital Sign scoring,
section validation, blocking and completion.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chibench.world.apps.cm_assessment import services as asmt
from chibench.world.core.errors import AuthorityError, Conflict, IllegalTransition, InvalidInput
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.cm_support import (
    CM,
    SECTIONS,
    SW,
    assessing_case,
    build_cm_world,
    case_moves,
    case_status,
    record_outreach,
    reviewed_case,
)


def test_start_assessment_needs_consent(w: World) -> None:
    case_id = reviewed_case(w)
    with refused(w, Conflict, field="case_id"):
        asmt.start_assessment(w, acting_as=CM, case_id=case_id)  # no outreach record
    record_outreach(w, case_id, consent=False)
    with refused(w, Conflict) as info:
        asmt.start_assessment(w, acting_as=CM, case_id=case_id)
    assert "consent" in info.value.message
    record_outreach(w, case_id, consent=True, advance_case=False)  # a later call obtained consent
    out = asmt.start_assessment(w, acting_as=CM, case_id=case_id)
    assert out["status"] == "in_progress" and out["sections_missing"] == list(asmt.SECTIONS)
    assert case_status(w, case_id) == "assessment_in_progress"
    with refused(w, Conflict):
        asmt.start_assessment(w, acting_as=CM, case_id=case_id)


def test_start_assessment_illegal_from_chart_reviewed(w: World) -> None:
    case_id = reviewed_case(w)
    record_outreach(w, case_id, consent=True, advance_case=False)
    with refused(w, IllegalTransition):
        asmt.start_assessment(w, acting_as=CM, case_id=case_id)


def _bh(phq: list[int], gad: list[int] | None = None, audit: list[int] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"phq9_items": phq, "gad7_items": gad or [0] * 7}
    if audit is not None:
        d["auditc_items"] = audit
    return d


@pytest.mark.parametrize("total,band", [(0, "minimal"), (4, "minimal"), (5, "mild"), (9, "mild"), (10, "moderate"),
                                        (14, "moderate"), (15, "moderately_severe"), (19, "moderately_severe"),
                                        (20, "severe"), (27, "severe")])
def test_phq9_band_boundaries(w: World, total: int, band: str) -> None:
    items = [3] * (total // 3) + ([total % 3] if total % 3 else [])
    items += [0] * (9 - len(items))
    case_id = assessing_case(w)
    out = asmt.save_section(w, acting_as=CM, case_id=case_id, section="behavioral_health", data=_bh(items))
    assert out["phq9_score"] == total
    assert out["behavioral_health"]["computed"]["phq9_severity"] == band


@pytest.mark.parametrize("total,band", [(0, "minimal"), (4, "minimal"), (5, "mild"), (9, "mild"), (10, "moderate"),
                                        (14, "moderate"), (15, "severe"), (21, "severe")])
def test_gad7_band_boundaries(total: int, band: str) -> None:
    items = [3] * (total // 3) + ([total % 3] if total % 3 else [])
    items += [0] * (7 - len(items))
    assert asmt.gad7(items) == (total, band)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=9, max_size=9), st.lists(st.integers(0, 3), min_size=7, max_size=7),
       st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_scores_are_sums_and_bands_partition(phq: list[int], gad: list[int], audit: list[int]) -> None:
    p_total, p_band = asmt.phq9(phq)
    g_total, g_band = asmt.gad7(gad)
    assert p_total == sum(phq) and 0 <= p_total <= 27 and p_band in {b for *_, b in asmt.PHQ9_BANDS}
    assert g_total == sum(gad) and 0 <= g_total <= 21 and g_band in {b for *_, b in asmt.GAD7_BANDS}
    assert asmt.auditc(audit, "male") == (sum(audit), sum(audit) >= 4)
    assert asmt.auditc(audit, "female") == (sum(audit), sum(audit) >= 3)


@pytest.mark.parametrize("sex,items,positive", [("male", [1, 1, 1], False), ("male", [2, 1, 1], True),
                                                ("female", [1, 1, 0], False), ("female", [1, 1, 1], True),
                                                ("unknown", [1, 1, 1], True)])
def test_auditc_threshold_by_sex(sex: str, items: list[int], positive: bool) -> None:
    world = build_cm_world(sex=sex)
    case_id = assessing_case(world)
    out = asmt.save_section(world, acting_as=CM, case_id=case_id, section="behavioral_health",
                            data=_bh([0] * 9, audit=items))
    assert out["auditc_score"] == sum(items)
    assert out["behavioral_health"]["computed"]["auditc_positive"] is positive


@pytest.mark.parametrize("a,b,positive", [("never_true", "never_true", False), ("sometimes_true", "never_true", True),
                                          ("never_true", "often_true", True), ("declined", "never_true", False),
                                          ("declined", "sometimes_true", True)])
def test_hunger_vital_sign(w: World, a: str, b: str, positive: bool) -> None:
    case_id = assessing_case(w)
    data = copy.deepcopy(SECTIONS["sdoh"])
    data["hunger_vital_sign"] = {"worried_food_would_run_out": a, "food_did_not_last": b}
    out = asmt.save_section(w, acting_as=CM, case_id=case_id, section="sdoh", data=data)
    assert out["hunger_vital_sign_positive"] is positive and out["sdoh"]["computed"] == {
        "hunger_vital_sign_positive": positive}


@pytest.mark.parametrize("section,data,field", [
    ("behavioral_health", {**_bh([1] * 9), "phq9_total": 9}, "data.phq9_total"),  # a typed total is refused
    ("behavioral_health", _bh([4] + [0] * 8), "data.phq9_items[0]"),
    ("behavioral_health", _bh([0] * 8), "data.phq9_items"),
    ("behavioral_health", _bh(["2"] + [0] * 8), "data.phq9_items[0]"),  # strings are not item answers
    ("behavioral_health", _bh([0] * 9, [0] * 6 + [5]), "data.gad7_items[6]"),
    ("behavioral_health", _bh([0] * 9, audit=[5, 0, 0]), "data.auditc_items[0]"),
    ("sdoh", {**SECTIONS["sdoh"], "hunger_vital_sign": {"worried_food_would_run_out": "yes",
                                                        "food_did_not_last": "never_true"}},
     "data.hunger_vital_sign.worried_food_would_run_out"),
    ("sdoh", {**SECTIONS["sdoh"], "hunger_vital_sign": {"worried_food_would_run_out": "never_true",
                                                        "food_did_not_last": "never_true", "positive": True}},
     "data.hunger_vital_sign.positive"),
    ("clinical", {**SECTIONS["clinical"], "functional_status": "fine"}, "data.functional_status"),
    ("clinical", {k: v for k, v in SECTIONS["clinical"].items() if k != "symptom_summary"}, "data.symptom_summary"),
    ("medication", {**SECTIONS["medication"], "medications": [{"name": "x", "adherence": "sometimes"}]},
     "data.medications[0].adherence"),
])
def test_section_validation_names_the_field(w: World, section: str, data: dict[str, Any], field: str) -> None:
    case_id = assessing_case(w)
    with refused(w, InvalidInput, field=field):
        asmt.save_section(w, acting_as=CM, case_id=case_id, section=section, data=data)


def test_section_refusals_allowed_values(w: World) -> None:
    case_id = assessing_case(w)
    with refused(w, InvalidInput, field="data.functional_status") as info:
        asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical",
                          data={**SECTIONS["clinical"], "functional_status": "fine"})
    assert info.value.allowed == ["dependent", "independent", "needs_some_assistance"]
    with refused(w, InvalidInput, field="data.phq9_total") as info:
        asmt.save_section(w, acting_as=CM, case_id=case_id, section="behavioral_health",
                          data={**_bh([0] * 9), "phq9_total": 0})
    assert "phq9_items" in info.value.allowed
    with refused(w, InvalidInput, field="section"):
        asmt.save_section(w, acting_as=CM, case_id=case_id, section="social", data={})
    with refused(w, InvalidInput, field="data"):
        asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical")
    with refused(w, AuthorityError):
        asmt.save_section(w, acting_as=SW, case_id=case_id, section="clinical", data=SECTIONS["clinical"])


def test_block_unblock_and_complete(w: World) -> None:
    case_id = assessing_case(w)
    asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical", data=SECTIONS["clinical"])
    out = asmt.save_section(w, acting_as=CM, case_id=case_id, section="medication",
                            blocked_reason="member must fetch pill bottles; call back Thursday")
    assert out["status"] == "blocked" and out["blocked_reason"].startswith("member must")
    assert case_status(w, case_id) == "assessment_blocked"
    for name in ("medication", "behavioral_health", "sdoh"):
        asmt.save_section(w, acting_as=CM, case_id=case_id, section=name, data=SECTIONS[name],
                          blocked_reason="still blocked")
    with refused(w, IllegalTransition):
        asmt.complete_assessment(w, acting_as=CM, case_id=case_id)  # blocked
    out = asmt.save_section(w, acting_as=CM, case_id=case_id, section="medication", data=SECTIONS["medication"])
    assert out["status"] == "in_progress" and out["blocked_reason"] is None
    out = asmt.complete_assessment(w, acting_as=CM, case_id=case_id)
    assert out["status"] == "complete" and out["phq9_score"] == 4 and out["gad7_score"] == 3
    assert case_moves(w, case_id)[-4:] == [("outreach_complete", "assessment_in_progress"),
                                      ("assessment_in_progress", "assessment_blocked"),
                                      ("assessment_blocked", "assessment_in_progress"),
                                      ("assessment_in_progress", "assessment_complete")]
    with refused(w, Conflict):
        asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical", data=SECTIONS["clinical"])


def test_complete_requires_all_four_sections(w: World) -> None:
    case_id = assessing_case(w)
    asmt.save_section(w, acting_as=CM, case_id=case_id, section="clinical", data=SECTIONS["clinical"])
    with refused(w, Conflict) as info:
        asmt.complete_assessment(w, acting_as=CM, case_id=case_id)
    assert info.value.details["missing_sections"] == ["medication", "behavioral_health", "sdoh"]
