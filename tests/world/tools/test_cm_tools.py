"""The 16 care-management tools, called in-process through ``dispatch`` (the MCP servers' only path).

One member is driven the whole way (referral → case → chart review → outreach call → assessment → care
plan → finalize → closed), another through a documented decline (→ disenrolled); every tool is called
and its effect checked in the world. Refusals are tool errors naming the field, and change nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from sqlalchemy import select

from chibench.world.apps.cm_assessment import services as assessment_services
from chibench.world.apps.cm_assessment.models import CMAssessment
from chibench.world.apps.cm_care_plan import services as care_plan_services
from chibench.world.apps.cm_care_plan.models import CarePlan, CarePlanIntervention
from chibench.world.apps.cm_chart.models import CMChartReview
from chibench.world.apps.cm_outreach.models import OutreachRecord, OutreachSession, OutreachTurn
from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.export import snapshot
from chibench.world.tools import bindings_cm
from chibench.world.tools.dispatch import dispatch
from chibench.world.tools.registry import load_all
from tests.world.tools.support import RoleTools

CM = "WKR-CM-01"
CM_TOOLS = {
    "cm_intake_list_referral_queue", "cm_intake_get_referral", "cm_intake_open_case", "cm_intake_disenroll_case",
    "cm_chart_get_chart_data", "cm_chart_submit_chart_review",
    "cm_outreach_start_outreach_call", "cm_outreach_send_message", "cm_outreach_get_transcript",
    "cm_outreach_end_outreach_call",
    "cm_assessment_start_assessment", "cm_assessment_save_section", "cm_assessment_complete_assessment",
    "cm_care_plan_create_draft", "cm_care_plan_save_care_plan", "cm_care_plan_finalize",
}
TOOLS = RoleTools("cm", defaults={"acting_as": CM})
CALLED, ok, refused = TOOLS.called, TOOLS.ok, TOOLS.refused


@pytest.fixture()
def cm_world(world: World, monkeypatch: pytest.MonkeyPatch) -> World:
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "scripted")  # the deterministic simulated member
    set_identities(world, {"provider": ["WKR-PAC-01"], "payer": ["WKR-UMN-01"], "cm": [CM, "WKR-PAC-01"]})
    return world


def case_row(world: World, case_id: str) -> CMCase:
    with world.read() as s:
        case = s.get(CMCase, case_id)
        assert case is not None
        s.expunge(case)
        return case


# ---------------------------------------------------------------------------------------------- fixtures of content
def chart_review(evidence: list[str], level: str = "moderate") -> dict[str, Any]:
    return {"primary_concerns": ["Asthma not well controlled with a recent exacerbation"],
            "coordination_risks": ["Care split between PCP, urgent care and pulmonology"],
            "suspected_barriers": ["Controller inhaler cost", "Mold in the apartment"],
            "preliminary_risk_level": level,
            "key_findings": "Two oral steroid courses in 18 months; frequent rescue inhaler fills; controller "
                            "underuse reported in the chart.",
            "clarification_needed": ["Current controller use since the last nurse call"],
            "evidence_ids": evidence}


SECTIONS: dict[str, dict[str, Any]] = {
    "clinical": {"conditions_reviewed": ["J45.40 asthma", "J30.9 allergic rhinitis"],
                 "symptom_summary": "Night waking about once a week; rescue inhaler every other day.",
                 "recent_utilization": "Urgent care visit in August; no admissions.",
                 "functional_status": "independent", "pain_score": 0},
    "medication": {"medications": [{"name": "fluticasone-salmeterol 250/50", "adherence": "taking_differently",
                                    "note": "stretches doses because of cost"},
                                   {"name": "albuterol HFA", "adherence": "taking_as_prescribed"}],
                   "adherence_barriers": ["copay"], "cost_concern": True, "side_effects": [],
                   "reconciliation_notes": "Chart and member's list agree."},
    "behavioral_health": {"phq9_items": [1, 1, 2, 0, 1, 0, 1, 0, 0], "gad7_items": [1, 1, 0, 1, 0, 1, 0],
                          "auditc_items": [1, 0, 0]},
    "sdoh": {"hunger_vital_sign": {"worried_food_would_run_out": "sometimes_true", "food_did_not_last": "never_true"},
             "housing": "at_risk", "transportation_barrier": False, "utilities_concern": False,
             "financial_strain": True, "social_isolation": False, "interpersonal_safety_concern": False},
}


def plan_body(*, target: str = "Rescue inhaler on 2 or fewer days per week") -> dict[str, Any]:
    return {"problems": [{
        "statement": "Asthma not well controlled", "domain": "clinical", "icd10": "J45.40",
        "evidence": "Two steroid bursts in 18 months; chart review and assessment", "priority": "high",
        "goals": [{"statement": "Fewer asthma symptoms", "measure": "Rescue inhaler days per week",
                   "target": target, "target_date": "2027-01-15",
                   "interventions": [{"action": "Teach-back of inhaler technique", "owner": "care_manager",
                                      "due_date": "2026-10-20", "frequency": "weekly"}]}]}],
        "escalation_triggers": [{"trigger": "Rescue inhaler needed more than every 4 hours",
                                 "action": "Direct the member to urgent evaluation", "contact": "PCP",
                                 "timeframe": "same day"}],
        "follow_up_cadence": "weekly", "follow_up_start": "2026-10-12"}


# ---------------------------------------------------------------------------------------------- tests
def test_cm_server_has_exactly_the_16_paper_tools():
    tools = load_all().for_role("cm")
    assert len(tools) == 16
    assert {t.name for t in tools} == CM_TOOLS
    kinds = {t.name: t.kind for t in tools}
    assert {n for n, k in kinds.items() if k == "read"} == {
        "cm_intake_list_referral_queue", "cm_intake_get_referral", "cm_chart_get_chart_data",
        "cm_outreach_get_transcript"}
    send = next(t for t in tools if t.name == "cm_outreach_send_message")
    assert "cm_outreach_end_outreach_call" in send.description and "patient" in send.description


def _inline(schema: dict[str, Any]) -> Any:
    """A model's JSON schema with $refs inlined and titles/descriptions/defaults of None dropped (shape only)."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return walk(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {k: walk(v) for k, v in node.items() if k not in ("title", "description", "$defs")}
        if isinstance(node, list):
            return [walk(x) for x in node]
        return node

    return walk(schema)


@pytest.mark.parametrize("section", list(assessment_services.SECTION_MODELS))
def test_section_models_mirror_the_service(section: str):
    tool_model: type[BaseModel] = {"clinical": bindings_cm.ClinicalSection, "medication": bindings_cm.MedicationSection,
                                   "behavioral_health": bindings_cm.BehavioralHealthSection,
                                   "sdoh": bindings_cm.SdohSection}[section]
    assert _inline(tool_model.model_json_schema()) == _inline(
        assessment_services.SECTION_MODELS[section].model_json_schema())


def test_care_plan_model_mirrors_the_service():
    ours = _inline(bindings_cm.CarePlanBody.model_json_schema())
    theirs = _inline(care_plan_services.CarePlanBody.model_json_schema())
    # the tool lets cadence and start date default to null while drafting; everything else is identical
    for s in (ours, theirs):
        s["required"] = sorted(set(s["required"]) - {"follow_up_cadence", "follow_up_start"})
        for f in ("follow_up_cadence", "follow_up_start"):
            s["properties"][f].pop("default", None)
    assert ours == theirs


def test_chart_read_and_review(cm_world: World):
    w = cm_world
    queue = ok(w, "cm_intake_list_referral_queue", status="queued", limit=50)
    assert {r["id"] for r in queue["referrals"]} >= {"REF-CM03"} and queue["next_offset"] is None
    ref = ok(w, "cm_intake_get_referral", referral_id="REF-CM03")
    assert ref["patient"]["patient_id"] == "CMP-03" and ref["case_id"] is None
    case_id = ok(w, "cm_intake_open_case", referral_id="REF-CM03", program="chronic_disease",
                 priority="standard")["case"]["id"]
    assert case_row(w, case_id).status == "intake_complete"

    before = snapshot(w)["digest"]
    chart = ok(w, "cm_chart_get_chart_data", case_id=case_id, observations_per_code=1, loinc_codes=["20152-5"])
    assert snapshot(w)["digest"] == before  # a read changes nothing
    assert chart["case"]["id"] == case_id and chart["patient"]["id"] == "CMP-03"
    assert {o["loinc"] for o in chart["observations"]} == {"20152-5"} and len(chart["observations"]) == 1
    assert all("body" not in d for d in chart["documents"])
    for key in ("conditions", "encounters", "medications", "procedures", "allergies", "coverages"):
        assert key in chart
    assert "scenario_id" not in chart["referral"]
    ok(w, "cm_chart_get_chart_data", case_id=case_id, observations_since="2026-08-01", observations_until="2026-09-30")

    # refusals: nested unknown field, empty concerns, a record not in this member's chart, wrong enum
    refused(w, "cm_chart_submit_chart_review", {"case_id": case_id, "review": {
        **chart_review(["ENC-CM03-003"]), "risk_score": 3}}, error="invalid_input", field="review.risk_score")
    refused(w, "cm_chart_submit_chart_review", {"case_id": case_id, "review": {
        **chart_review(["ENC-CM03-003"]), "primary_concerns": []}}, error="invalid_input",
        field="review.primary_concerns")
    refused(w, "cm_chart_submit_chart_review", {"case_id": case_id, "review": chart_review(["ENC-CM01-001"])},
            error="invalid_input", field="review.evidence_ids[0]")
    p = refused(w, "cm_chart_submit_chart_review", {"case_id": case_id, "review": {
        **chart_review(["ENC-CM03-003"]), "preliminary_risk_level": "severe"}}, error="invalid_input",
        field="review.preliminary_risk_level")
    assert "moderate" in p["message"]
    refused(w, "cm_chart_get_chart_data", {"case_id": case_id, "observations_per_code": 0}, error="invalid_input",
            field="observations_per_code")
    refused(w, "cm_chart_get_chart_data", {"case_id": "CMC-9999"}, error="not_found", field="case_id")

    review = ok(w, "cm_chart_submit_chart_review", case_id=case_id,
                review=chart_review(["ENC-CM03-003", "DOC-CM03-006"], level="moderate"))
    case = case_row(w, case_id)
    assert case.status == "chart_reviewed" and case.risk_level == "moderate"
    with w.read() as s:
        row = s.scalar(select(CMChartReview).where(CMChartReview.cm_case_id == case_id))
        assert row is not None and row.id == review["id"] and row.reviewer_id == CM
        assert row.evidence == [{"id": "ENC-CM03-003", "type": "encounter"},
                                {"id": "DOC-CM03-006", "type": "document"}]
    refused(w, "cm_chart_submit_chart_review", {"case_id": case_id, "review": chart_review(["ENC-CM03-003"])},
            error="conflict", field="case_id")  # not amendable
    # out of order: no assessment before an outreach record exists
    refused(w, "cm_assessment_start_assessment", {"case_id": case_id}, error="conflict", field="case_id")
    refused(w, "cm_care_plan_create_draft", {"case_id": case_id}, error="illegal_transition")


def test_acting_as_outside_the_cm_staff_is_refused(cm_world: World):
    is_error, payload = dispatch(cm_world, "cm", "cm_intake_open_case", {
        "acting_as": "WKR-PAC-01", "referral_id": "REF-CM03", "program": "chronic_disease", "priority": "standard"})
    assert is_error and payload["error"] == "not_authorized"
    is_error, payload = dispatch(cm_world, "cm", "cm_chart_get_chart_data", {"acting_as": "WKR-CM-02",
                                                                              "case_id": "CMC-0001"})
    assert is_error and payload["field"] == "acting_as"


def _assess_and_plan(w: World, case_id: str) -> None:
    """outreach_complete (with consent) → assessment → care plan → finalize → closed, through the tools."""
    shell = ok(w, "cm_assessment_start_assessment", case_id=case_id)
    assert shell["status"] == "in_progress" and shell["sections_missing"] == list(SECTIONS)
    assert case_row(w, case_id).status == "assessment_in_progress"
    refused(w, "cm_assessment_start_assessment", {"case_id": case_id}, error="conflict", field="case_id")

    # refusals naming the field: a typed total, a short item list, an out-of-range item, a wrong enum, a wrong tag
    bh = SECTIONS["behavioral_health"]
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {
        "section": "behavioral_health", "data": {**bh, "phq9_total": 6}}}, error="invalid_input", field="phq9_total")
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {
        "section": "behavioral_health", "data": {**bh, "phq9_items": [1] * 8}}}, error="invalid_input",
        field="phq9_items")
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {
        "section": "behavioral_health", "data": {**bh, "gad7_items": [4, 0, 0, 0, 0, 0, 0]}}},
        error="invalid_input", field="gad7_items")
    p = refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {
        "section": "sdoh", "data": {**SECTIONS["sdoh"], "housing": "ok"}}}, error="invalid_input", field="housing")
    assert "homeless" in p["message"]
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {"section": "diet", "data": {}}},
            error="invalid_input", field="payload")
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {"section": "clinical"}},
            error="invalid_input", field="payload.data")  # data may be omitted only when blocking
    refused(w, "cm_assessment_complete_assessment", {"case_id": case_id}, error="conflict", field="section")

    # block (no data) → assessment_blocked; a later save without a reason unblocks
    ok(w, "cm_assessment_save_section", case_id=case_id, payload={"section": "clinical"},
       blocked_reason="Member had to leave; call back tomorrow after 3 pm")
    assert case_row(w, case_id).status == "assessment_blocked"
    refused(w, "cm_assessment_complete_assessment", {"case_id": case_id}, error="conflict")
    for name, data in SECTIONS.items():
        out = ok(w, "cm_assessment_save_section", case_id=case_id, payload={"section": name, "data": data})
        assert name in out["sections_saved"]
    assert case_row(w, case_id).status == "assessment_in_progress"
    with w.read() as s:
        a = s.scalar(select(CMAssessment).where(CMAssessment.cm_case_id == case_id))
        assert a is not None and str(a.status) == "in_progress" and a.blocked_reason is None
        # totals are the platform's, computed from the items
        assert (a.phq9_score, a.gad7_score, a.auditc_score) == (6, 4, 1)
        assert a.behavioral_health["computed"]["phq9_severity"] == "mild"
        assert a.behavioral_health["computed"]["phq9_item9_positive"] is False
        assert a.hunger_vital_sign_positive is True
        assert a.medication["medications"][0]["adherence"] == "taking_differently"
    done = ok(w, "cm_assessment_complete_assessment", case_id=case_id)
    assert done["status"] == "complete" and done["completed_at"]
    assert case_row(w, case_id).status == "assessment_complete"
    refused(w, "cm_assessment_save_section", {"case_id": case_id, "payload": {
        "section": "sdoh", "data": SECTIONS["sdoh"]}}, error="conflict", field="case_id")  # no edits after completion

    # care plan
    draft = ok(w, "cm_care_plan_create_draft", case_id=case_id)
    assert draft["status"] == "draft" and draft["problems"] == []
    assert case_row(w, case_id).status == "care_plan_draft"
    refused(w, "cm_care_plan_create_draft", {"case_id": case_id}, error="conflict", field="case_id")
    p = refused(w, "cm_care_plan_finalize", {"case_id": case_id}, error="invalid_input", field="problems")
    assert len(p["details"]["problems"]) >= 3
    bad_owner = plan_body()
    bad_owner["problems"][0]["goals"][0]["interventions"][0]["owner"] = "nurse"
    p = refused(w, "cm_care_plan_save_care_plan", {"case_id": case_id, "plan": bad_owner}, error="invalid_input",
                field="owner")
    assert "pharmacist" in p["message"]
    past = plan_body()
    past["problems"][0]["goals"][0]["target_date"] = "2026-09-01"
    refused(w, "cm_care_plan_save_care_plan", {"case_id": case_id, "plan": past}, error="invalid_input",
            field="plan.problems[0].goals[0].target_date")
    refused(w, "cm_care_plan_save_care_plan", {"case_id": case_id, "plan": {**plan_body(), "cadence": "weekly"}},
            error="invalid_input", field="plan.cadence")
    bad_code = plan_body()
    bad_code["problems"][0]["icd10"] = "J45"
    refused(w, "cm_care_plan_save_care_plan", {"case_id": case_id, "plan": bad_code}, error="invalid_input",
            field="plan.problems[0].icd10")

    # a draft may be incomplete; finalize names the gap; a full replace then completes it
    vague = ok(w, "cm_care_plan_save_care_plan", case_id=case_id, plan=plan_body(target="better control"))
    assert vague["problems"][0]["id"] == f"{draft['id']}-P1"
    refused(w, "cm_care_plan_finalize", {"case_id": case_id}, error="invalid_input",
            field="problems[0].goals[0].target")
    saved = ok(w, "cm_care_plan_save_care_plan", case_id=case_id, plan=plan_body())
    goal = saved["problems"][0]["goals"][0]
    assert goal["target"].startswith("Rescue") and goal["interventions"][0]["id"] == f"{goal['id']}-I1"
    assert saved["follow_up_cadence"] == "weekly" and saved["escalation_triggers"][0]["contact"] == "PCP"
    with w.read() as s:
        assert len(list(s.scalars(select(CarePlanIntervention)))) == 1  # replaced, not appended
    assert case_row(w, case_id).status == "care_plan_draft"

    final = ok(w, "cm_care_plan_finalize", case_id=case_id)
    assert final["status"] == "finalized" and final["finalized_at"]
    case = case_row(w, case_id)
    assert case.status == "closed" and case.closed_at is not None
    with w.read() as s:
        plan = s.scalar(select(CarePlan).where(CarePlan.cm_case_id == case_id))
        assert plan is not None and str(plan.status) == "finalized"
    refused(w, "cm_care_plan_save_care_plan", {"case_id": case_id, "plan": plan_body()}, error="conflict")
    refused(w, "cm_care_plan_finalize", {"case_id": case_id}, error="illegal_transition")
    refused(w, "cm_intake_disenroll_case", {"case_id": case_id, "reason": "declined", "note": "too late now"},
            error="illegal_transition")



# Caller turns that earn consent under the member's contract (world/seeds/contracts/patients/
# cm_asthma_low_coop_001.yaml: introduced, verified_identity, explained_program, voluntary, no_cost, then ask).
CONSENTING_CALL = [
    ("Hi, this is Caleb Engstrom, a nurse care manager with Keystone Care Management.", "my doctor said"),
    ("Before we go on, could you confirm your date of birth?", "1992"),
    ("Thank you. Is now a good time to talk?", "now's fine"),
    ("Keystone has a program where a nurse works with you by phone to make a plan and coordinate with your "
     "doctors.", "what kind of help"),
    ("It's completely voluntary, your choice, and there's no cost to you.", "free is good"),
    ("Would you like to join the program?", "yes, i'd like to join"),
]
# cm_copd_hard_refuses_002.yaml: a refusing member asked before his refusal was acknowledged says a final no; the
# caller accepts it and says goodbye.
DECLINING_CALL = [
    ("Hello Mr. Hutchins, this is Caleb Engstrom with Keystone Care Management.", "the insurance"),
    ("Could you confirm your date of birth for me?", "sixty-five"),
    ("Keystone offers a free program where a nurse works with you by phone. It's voluntary, your choice.",
     "not getting pushed"),
    ("Would you like to join?", "not interested"),
    ("I understand, that's completely fine. I'll note that we won't call you again.", "at least you listened"),
    ("Thank you for your time, take care. Goodbye.", "bye"),
]


def _to_chart_reviewed(w: World, referral_id: str, evidence: str) -> str:
    case_id = ok(w, "cm_intake_open_case", referral_id=referral_id, program="chronic_disease",
                 priority="standard")["case"]["id"]
    ok(w, "cm_chart_submit_chart_review", case_id=case_id, review=chart_review([evidence]))
    return case_id


def _talk(w: World, session_id: str, turns: list[tuple[str, str]]) -> list[dict[str, Any]]:
    replies = []
    for text, expect in turns:
        reply = ok(w, "cm_outreach_send_message", session_id=session_id, message=text)
        assert expect in reply["patient_response"].lower(), (text, reply["patient_response"])
        replies.append(reply)
    return replies


def summary(**over: Any) -> dict[str, Any]:
    return {"engagement_status": "engaged", "consent_obtained": True,
            "key_takeaways": ["Controller inhaler cost is the main barrier"],
            "next_steps": ["Start the assessment"], "patient_concerns": ["inhaler cost", "mold"],
            "member_words": "Yes, I'd like to join.", "preferred_contact": "phone after 3 pm",
            "preferred_language": "English", **over}


def test_one_member_from_referral_to_closed_case(cm_world: World):
    w = cm_world
    case_id = _to_chart_reviewed(w, "REF-CM03", "ENC-CM03-003")
    refused(w, "cm_outreach_start_outreach_call", {"case_id": "CMC-9999"}, error="not_found", field="case_id")

    call = ok(w, "cm_outreach_start_outreach_call", case_id=case_id)
    sid = call["session_id"]
    assert sid.startswith("SES-") and call["status"] == "active" and call["backend"] == "scripted"
    assert call["patient_response"] and call["turns_used"] == 0 and call["turns_left"] == call["turn_budget"]
    refused(w, "cm_outreach_start_outreach_call", {"case_id": case_id}, error="conflict", field="case_id")
    refused(w, "cm_outreach_send_message", {"session_id": sid, "message": "  "}, error="invalid_input",
            field="message")
    refused(w, "cm_outreach_send_message", {"session_id": sid, "message": "bye ###STOP###"},
            error="invalid_input", field="message")
    refused(w, "cm_outreach_send_message", {"session_id": "SES-9999", "message": "hello"}, error="not_found",
            field="session_id")
    # recording consent before the member has said yes is refused
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary()}, error="conflict",
            field="summary.consent_obtained")

    replies = _talk(w, sid, CONSENTING_CALL)
    assert [r["turns_used"] for r in replies] == list(range(1, len(CONSENTING_CALL) + 1))
    assert all(r["session_status"] == "active" and not r["stopped"] for r in replies)

    before = snapshot(w)["digest"]
    transcript = ok(w, "cm_outreach_get_transcript", session_id=sid)
    assert snapshot(w)["digest"] == before
    msgs = transcript["messages"]
    assert len(msgs) == 1 + 2 * len(CONSENTING_CALL) and msgs[0]["role"] == "patient"
    assert [m["content"] for m in msgs if m["role"] == "care_manager"] == [t for t, _ in CONSENTING_CALL]
    with w.read() as s:
        assert len(list(s.scalars(select(OutreachTurn).where(OutreachTurn.session_id == sid)))) == len(msgs)

    # summary refusals name the nested field; nothing is written
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary(engagement_status="declined")},
            error="invalid_input", field="summary.engagement_status")
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary(consent_obtained=False)},
            error="invalid_input", field="summary.engagement_status")
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary(key_takeaways=[])},
            error="invalid_input", field="summary.key_takeaways")
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": {**summary(), "call_minutes": 9}},
            error="invalid_input", field="summary.call_minutes")

    record = ok(w, "cm_outreach_end_outreach_call", session_id=sid, summary=summary())
    assert record["case_status"] == "outreach_complete" and record["consent_obtained"] is True
    assert record["session"]["status"] == "ended" and record["session"]["end_reason"] == "caller_ended"
    assert case_row(w, case_id).status == "outreach_complete"
    with w.read() as s:
        rec = s.scalar(select(OutreachRecord).where(OutreachRecord.cm_case_id == case_id))
        assert rec is not None and rec.consent_turn == msgs[-1]["turn_number"] and rec.recorded_by == CM
        sess = s.get(OutreachSession, sid)
        assert sess is not None and str(sess.status) == "ended"
    refused(w, "cm_outreach_send_message", {"session_id": sid, "message": "One more thing"}, error="conflict",
            field="session_id")
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary()}, error="conflict",
            field="session_id")

    _assess_and_plan(w, case_id)


def test_documented_decline_then_disenroll(cm_world: World):
    w = cm_world
    case_id = _to_chart_reviewed(w, "REF-CM08", "ENC-CM08-001")
    sid = ok(w, "cm_outreach_start_outreach_call", case_id=case_id)["session_id"]
    replies = _talk(w, sid, DECLINING_CALL)
    last = replies[-1]
    assert last["stopped"] is True and last["session_status"] == "ended" and last["end_reason"] == "patient_ended"
    refused(w, "cm_outreach_send_message", {"session_id": sid, "message": "Sorry, one more thing"},
            error="conflict", field="session_id")
    transcript = ok(w, "cm_outreach_get_transcript", session_id=sid)
    assert transcript["status"] == "ended" and transcript["end_reason"] == "patient_ended"
    decline = next(m["content"] for m in transcript["messages"] if "not interested" in m["content"].lower()
                   and m["role"] == "patient")
    refused(w, "cm_outreach_end_outreach_call", {"session_id": sid, "summary": summary()}, error="conflict",
            field="summary.consent_obtained")  # the transcript holds no yes

    record = ok(w, "cm_outreach_end_outreach_call", session_id=sid, summary=summary(
        engagement_status="refused", consent_obtained=False, member_words=decline,
        key_takeaways=["Declined care management; asked for no further calls"],
        next_steps=["Disenroll (declined)", "Notify the PCP"], patient_concerns=[]))
    assert record["engagement_status"] == "refused" and record["session"]["end_reason"] == "patient_ended"
    assert case_row(w, case_id).status == "outreach_complete"
    refused(w, "cm_assessment_start_assessment", {"case_id": case_id}, error="conflict", field="case_id")

    refused(w, "cm_intake_disenroll_case", {"case_id": case_id, "reason": "busy", "note": decline},
            error="invalid_input", field="reason")
    refused(w, "cm_intake_disenroll_case", {"case_id": case_id, "reason": "declined", "note": ""},
            error="invalid_input", field="note")
    case = ok(w, "cm_intake_disenroll_case", case_id=case_id, reason="declined", note=f"Member declined: {decline}")
    assert case["status"] == "disenrolled"
    row = case_row(w, case_id)
    assert row.status == "disenrolled" and row.disenroll_reason == "declined" and row.closed_at is not None
    assert decline in (row.disenroll_note or "")
    with w.read() as s:
        ref = s.get(CMReferral, "REF-CM08")
        assert ref is not None and str(ref.status) == "accepted"
    refused(w, "cm_intake_disenroll_case", {"case_id": case_id, "reason": "declined", "note": "again please"},
            error="illegal_transition")
    refused(w, "cm_intake_open_case", {"referral_id": "REF-CM08", "program": "chronic_disease",
                                       "priority": "standard"}, error="conflict", field="referral_id")


def test_every_cm_tool_was_called(request: pytest.FixtureRequest):
    """Last in the module: the tests above called each of the 16 CM tools (skipped when run piecemeal)."""
    here = {item.name for item in request.session.items if item.module is request.module}
    everything = {name for name, obj in globals().items() if name.startswith("test_") and callable(obj)}
    if not everything <= {n.split("[")[0] for n in here}:
        pytest.skip("only part of the module was selected")
    assert CALLED == CM_TOOLS, sorted(CM_TOOLS - CALLED)
