"""Authority, independence, channels, adjudication outcomes, preflight failures, letter audit, appeals."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from chibench.world.core.errors import (
    AuthorityError,
    ChannelRejected,
    Conflict,
    IndependenceError,
    InvalidInput,
    PreflightFailed,
)
from chibench.world.rules import adjudication as adj
from chibench.world.rules import appeals, authority, channels, letter_audit, preflight

# ----------------------------------------------------------------------------------- authority


@pytest.mark.parametrize("role,rec,allow,ok", [
    ("um_nurse", "approve", True, True),
    ("um_nurse", "approve", False, False),
    ("um_nurse", "escalate", False, True),
    ("um_nurse", "request_info", True, True),
    ("um_nurse", "deny", True, False),
    ("medical_director", "approve", True, False),  # MDs do not file nurse recommendations
    ("intake_coordinator", "escalate", True, False),
])
def test_nurse_recommendation_authority(role, rec, allow, ok):
    if ok:
        authority.check_nurse_recommendation(role, rec, allow_nurse_approval=allow)
    else:
        with pytest.raises(AuthorityError):
            authority.check_nurse_recommendation(role, rec, allow_nurse_approval=allow)


def test_nurse_deny_message_says_escalate():
    with pytest.raises(AuthorityError) as exc:
        authority.check_nurse_recommendation("um_nurse", "deny", allow_nurse_approval=True)
    assert "escalate" in exc.value.message


MD_OK = {"signed_off": True, "denial_rationale": "BMI below threshold", "policy_citations": ["KM-MP-SURG-001 §3.1"],
         "line_decisions": []}


@pytest.mark.parametrize("role,decision,changes,error", [
    ("medical_director", "deny", {}, None),
    ("appeals_medical_director", "deny", {}, None),
    ("um_nurse", "deny", {}, AuthorityError),
    ("intake_coordinator", "approve", {}, AuthorityError),
    ("medical_director", "deny", {"signed_off": False}, AuthorityError),
    ("medical_director", "deny", {"denial_rationale": " "}, InvalidInput),
    ("medical_director", "deny", {"policy_citations": []}, InvalidInput),
    ("medical_director", "partial_approve", {}, InvalidInput),  # no line decisions
    ("medical_director", "partial_approve", {"line_decisions": [{"line_number": 1}]}, None),
    ("medical_director", "approve", {"signed_off": False, "policy_citations": []}, None),
    ("medical_director", "reject", {}, InvalidInput),
])
def test_md_decision_authority(role, decision, changes, error):
    kw = {**MD_OK, **changes}
    if error is None:
        authority.check_md_decision(role, decision, **kw)
    else:
        with pytest.raises(error):
            authority.check_md_decision(role, decision, **kw)


def test_independence():
    authority.check_independence("WKR-MD-01", "WKR-MD-02", "peer-to-peer")
    authority.check_independence(None, "WKR-MD-02", "appeal")
    with pytest.raises(IndependenceError):
        authority.check_independence("WKR-MD-01", "WKR-MD-01", "appeal")


# ----------------------------------------------------------------------------------- channels

Q = [channels.Question("bmi", "Current BMI", "number"), channels.Question("diet", "Supervised diet?", "boolean"),
     channels.Question("start", "Diet start", "date"),
     channels.Question("setting", "Setting", "choice", ("inpatient", "outpatient")),
     channels.Question("notes", "Notes", "text", required=False)]
GOOD = {"bmi": "41.2", "diet": "yes", "start": "2026-01-05", "setting": "outpatient"}
PACKET = {"line_codes": ["43775"], "diagnosis_codes": ["E66.01"], "requesting_npi": "1234567893",
          "member_id": "KMH100000001", "service_start": dt.date(2026, 11, 2)}


@pytest.mark.parametrize("answers,problem", [
    ({**GOOD, "bmi": "heavy"}, "bmi: expected a number"),
    ({**GOOD, "diet": "maybe"}, "diet: expected yes/no"),
    ({**GOOD, "start": "01/05/2026"}, "start: expected a date"),
    ({**GOOD, "setting": "home"}, "setting: 'home' is not one of"),
    ({k: v for k, v in GOOD.items() if k != "bmi"}, "bmi: answer required"),
    ({**GOOD, "extra": "1"}, "extra: not a question"),
])
def test_questionnaire_validation(answers, problem):
    problems = channels.questionnaire_problems(Q, answers)
    assert any(problem in p for p in problems), problems


def test_questionnaire_optional_may_be_blank():
    assert channels.questionnaire_problems(Q, GOOD) == []


@pytest.mark.parametrize("channel", ["portal", "api"])
def test_portal_and_api_require_complete_questionnaire(channel):
    assert channels.check_channel(channel, questions=Q, answers=GOOD, **PACKET).accepted
    r = channels.check_channel(channel, questions=Q, answers={}, **PACKET)
    assert not r.accepted and any("answer required" in p for p in r.problems)


def test_fax_accepts_without_questionnaire():
    assert channels.check_channel("fax", questions=Q, answers={}, **PACKET).accepted


@pytest.mark.parametrize("changes,code", [
    ({"member_id": "12345"}, "72"), ({"requesting_npi": "1234567890"}, "79"), ({"line_codes": ["4377"]}, "33"),
    ({"diagnosis_codes": ["E66"]}, "15"), ({"service_start": None}, "57"),
])
def test_edi_278_rejects_with_aaa_codes(changes, code):
    r = channels.check_channel("edi_278", questions=Q, answers={}, **{**PACKET, **changes})
    assert not r.accepted and code in r.reject_codes


def test_edi_278_cannot_carry_questionnaire_answers():
    r = channels.check_channel("edi_278", questions=Q, answers=GOOD, **PACKET)
    assert not r.accepted


def test_api_also_checks_structured_codes():
    r = channels.check_channel("api", questions=Q, answers=GOOD, **{**PACKET, "requesting_npi": "123"})
    assert not r.accepted and "79" in r.reject_codes


def test_unknown_channel():
    with pytest.raises(InvalidInput) as exc:
        channels.check_channel("carrier_pigeon", questions=Q, answers={}, **PACKET)
    assert exc.value.field == "channel" and "fax" in exc.value.allowed


def test_fax_readability_is_deterministic_and_some_pages_fail():
    first = [channels.fax_page_readable("SUB-0001", p) for p in range(1, 201)]
    assert first == [channels.fax_page_readable("SUB-0001", p) for p in range(1, 201)]
    assert 5 <= first.count(False) <= 40
    assert channels.fax_pages_for("x" * 6001) == 3 and channels.fax_pages_for("") == 1


def test_channel_rejected_error_type_exists():
    assert ChannelRejected("x").code == "channel_rejected"


# ----------------------------------------------------------------------------------- adjudication

LMN = adj.DocView("DOC-1", "letter_of_medical_necessity", "BMI 42.1 kg/m2 after 6 months supervised diet", True)
NOTE = adj.DocView("DOC-2", "chart_note", "Assessment: class III obesity", True)
POL = adj.PolicyView(("letter_of_medical_necessity", "chart_note"),
                     (adj.EvidenceRequirement("letter_of_medical_necessity", (r"BMI\s*\d", r"supervised"),
                                              "must state BMI and the supervised diet"),),
                     ("E66",), "approve")
PK = adj.PacketView(True, True, True, (), (LMN, NOTE), (), ("E66.01",))


@pytest.mark.parametrize("packet,policy,outcome,basis", [
    (PK, POL, "approve", "medical_necessity"),
    (replace(PK, coverage_active=False), POL, "deny", "administrative"),
    (replace(PK, covered_benefit=False), POL, "deny", "administrative"),
    (replace(PK, pa_required=False), POL, "no_auth_required", "administrative"),
    (replace(PK, unreadable_pages=(2,)), POL, "pend", "channel"),
    (replace(PK, documents=(NOTE,)), POL, "pend", "completeness"),
    (replace(PK, documents=(replace(LMN, clinician_signed=False), NOTE)), POL, "pend", "completeness"),
    (replace(PK, documents=(replace(LMN, body="Please approve."), NOTE)), POL, "pend", "completeness"),
    (replace(PK, questionnaire_problems=("bmi: answer required",)), POL, "pend", "completeness"),
    (replace(PK, diagnosis_codes=("K21.9",)), POL, "pend", "completeness"),
    (PK, replace(POL, complete_outcome="deny", deny_reason="criterion 3.2 not met"), "deny", "medical_necessity"),
    (PK, replace(POL, complete_outcome="pend"), "pend", "medical_necessity"),
    (PK, replace(POL, complete_outcome="p2p"), "p2p", "medical_necessity"),
])
def test_adjudication_outcomes(packet, policy, outcome, basis):
    r = adj.adjudicate(packet, policy)
    assert (r.outcome, r.basis) == (outcome, basis), r.reasons


def test_adjudication_lists_missing_and_insufficient_kinds():
    r = adj.adjudicate(replace(PK, documents=(replace(LMN, clinician_signed=False),)), POL)
    assert r.missing_kinds == ["chart_note"] and r.insufficient_kinds == ["letter_of_medical_necessity"]


def test_coordinator_may_author_administrative_kinds():
    form = adj.DocView("DOC-3", "pa_request_form", "form", False)
    assert adj.sufficiency("pa_request_form", [form], [])[0] == "present_sufficient"


# ----------------------------------------------------------------------------------- preflight

NOW = dt.datetime(2026, 10, 6, 14, 0, tzinfo=dt.UTC)
PF = preflight.PreflightInput(
    case_status="under_review", has_active_determination=False, decision="denied", intake_complete=True,
    sla_deadline=NOW + dt.timedelta(hours=10), nurse_recommendation="escalate", nurse_reviewer_id="WKR-UMN-01",
    md_decision="deny", md_reviewer_id="WKR-MD-01", md_signed_off=True, p2p_status=None, p2p_outcome=None,
    acting_as="WKR-MD-01", actor_role="medical_director", overridden=False, override_reason="",
    rationale="BMI 36 with no comorbidity", policy_citations=("KM-MP-SURG-001 §3.1",), line_numbers=(1,),
    line_decisions=(), administrative=False, now=NOW)


def test_preflight_happy_denial():
    plan = preflight.run_preflight(PF)
    assert plan.steps == [f"P{i}" for i in range(1, 13)] and plan.sla_met and plan.source == "md_decision"


def test_preflight_records_missed_sla():
    assert preflight.run_preflight(replace(PF, now=PF.sla_deadline + dt.timedelta(seconds=1))).sla_met is False


@pytest.mark.parametrize("changes,step", [
    ({"case_status": None}, "P1"),
    ({"case_status": "approved"}, "P1"),
    ({"has_active_determination": True}, "P2"),
    ({"decision": "rejected"}, "P3"),
    ({"intake_complete": False}, "P4"),
    ({"sla_deadline": None}, "P5"),
    ({"md_decision": "request_info"}, "P6"),
    ({"md_decision": "p2p_review", "p2p_status": "scheduled"}, "P6"),
    ({"md_decision": None, "nurse_recommendation": "escalate"}, "P6"),
    ({"md_decision": None, "nurse_recommendation": "request_info"}, "P6"),
    ({"md_decision": None, "nurse_recommendation": None}, "P6"),
    ({"decision": "approved"}, "P7"),  # differs from the MD's deny without override
    ({"decision": "approved", "overridden": True, "override_reason": "new info", "actor_role": "um_nurse"}, "P7"),
    ({"overridden": True, "override_reason": "x"}, "P7"),  # overridden but matches
    ({"actor_role": "um_nurse", "acting_as": "WKR-UMN-01"}, "P8"),
    ({"md_signed_off": False}, "P8"),
    ({"rationale": " "}, "P9"),
    ({"policy_citations": ()}, "P9"),
    ({"policy_citations": ("policy 3.1",)}, "P9"),
    ({"md_decision": "partial_approve", "decision": "partially_approved", "line_numbers": (1, 2),
      "line_decisions": ({"line_number": 1, "decision": "approved"},)}, "P10"),
    ({"md_decision": "partial_approve", "decision": "partially_approved", "line_numbers": (1, 2),
      "line_decisions": ({"line_number": 1, "decision": "approved"}, {"line_number": 2, "decision": "approved"})},
     "P10"),
    ({"case_status": "submitted", "decision": "approved", "md_decision": "approve"}, None),
])
def test_preflight_failures_name_their_step(changes, step):
    p = replace(PF, **changes)
    if step is None:
        preflight.run_preflight(p)
        return
    with pytest.raises(PreflightFailed) as exc:
        preflight.run_preflight(p)
    assert exc.value.details["step"] == step


def test_preflight_nurse_approval_by_the_same_nurse():
    p = replace(PF, decision="approved", md_decision=None, nurse_recommendation="approve", actor_role="um_nurse",
                acting_as="WKR-UMN-01", policy_citations=())
    assert preflight.run_preflight(p).source == "nurse_recommendation"
    with pytest.raises(PreflightFailed):
        preflight.run_preflight(replace(p, acting_as="WKR-UMN-02"))


def test_preflight_p2p_outcome_resolves_source():
    p = replace(PF, md_decision="p2p_review", p2p_status="completed", p2p_outcome="overturn_to_approval",
                decision="approved")
    assert preflight.run_preflight(p).recommended == "approved"


# ----------------------------------------------------------------------------------- letters

CTX = letter_audit.AuditContext("KMH100000001", "CASE-0001", "AUTH-CASE-0001-0001", "medical_director", (1,))
COMMON = {"member_name": "Ana Ruiz", "member_id": "KMH100000001", "case_reference": "CASE-0001",
          "service_description": "laparoscopic sleeve gastrectomy", "service_codes": ["43775"],
          "plan_name": "Keystone Choice PPO", "letter_date": "2026-10-06", "signer_name": "Rosa Underwood",
          "signer_credentials": "MD"}
DENIAL = {**COMMON, "criteria_not_met": ["BMI below 40 without comorbidity"],
          "policy_citations": ["KM-MP-SURG-001 §3.1"], "appeal_rights": "You may appeal within 180 days.",
          "appeal_deadline_days": "180", "external_review_rights": "Independent external review is available.",
          "peer_to_peer_offer": "Call 800-555-0100 to schedule.", "criteria_access": "Ask for the criteria free."}
DENIAL_BODY = ("Member KMH100000001, case CASE-0001. The request is denied under KM-MP-SURG-001 §3.1 because the "
               "documented BMI is below 40 kg/m2 without a qualifying comorbidity. You may appeal within 180 days. "
               "Independent external review is available. A peer-to-peer discussion is available on request.")


def test_complete_denial_letter_passes():
    r = letter_audit.audit_letter("denial", DENIAL, DENIAL_BODY, CTX)
    assert r.complete, (r.missing_fields, r.problems)


@pytest.mark.parametrize("letter_type,name", [(t, f) for t in letter_audit.LETTER_TYPES
                                              for f in letter_audit.required_fields(t)])
def test_each_required_field_is_audited(letter_type, name):
    r = letter_audit.audit_letter(letter_type, {**DENIAL, name: ""}, DENIAL_BODY, CTX)
    assert name in r.missing_fields


@pytest.mark.parametrize("changes,body,problem", [
    ({"member_id": "KMH999999999"}, DENIAL_BODY, "member_id"),
    ({"case_reference": "CASE-0002"}, DENIAL_BODY, "case_reference"),
    ({"policy_citations": ["section 3.1"]}, DENIAL_BODY, "policy_citations"),
    ({"policy_citations": ["KM-MP-SURG-001 §3.2"]}, DENIAL_BODY, "policy_citations"),  # not in body
    ({"appeal_deadline_days": "sixty"}, DENIAL_BODY, "appeal_deadline_days"),
    ({}, "Denied.", "body"),
    ({}, DENIAL_BODY.replace("KMH100000001", "the member"), "member_id"),
])
def test_denial_letter_content_problems(changes, body, problem):
    r = letter_audit.audit_letter("denial", {**DENIAL, **changes}, body, CTX)
    assert not r.complete and any(p.startswith(problem) for p in r.problems), r.problems


def test_denial_letter_needs_physician_signer():
    r = letter_audit.audit_letter("denial", DENIAL, DENIAL_BODY, replace(CTX, signer_role="um_nurse"))
    assert not r.complete and any(p.startswith("signer") for p in r.problems)


def test_approval_letter_checks_auth_number_and_dates():
    fields = {**COMMON, "authorization_number": "AUTH-CASE-0001-0001", "approved_lines": ["43775 x1"],
              "valid_from": "2026-11-02", "valid_to": "2027-01-31"}
    body = DENIAL_BODY + " Authorization AUTH-CASE-0001-0001 is valid 2026-11-02 to 2027-01-31."
    assert letter_audit.audit_letter("approval", fields, body, CTX).complete
    bad = letter_audit.audit_letter("approval", {**fields, "authorization_number": "AUTH-X"}, body, CTX)
    assert any(p.startswith("authorization_number") for p in bad.problems)
    worse = letter_audit.audit_letter("approval", {**fields, "valid_to": "2026-10-01"}, body, CTX)
    assert any(p.startswith("valid_to") for p in worse.problems)


def test_partial_letter_must_cover_every_line():
    ctx = replace(CTX, line_numbers=(1, 2))
    fields = {**DENIAL, "authorization_number": "AUTH-CASE-0001-0001",
              "line_outcomes": [{"line_number": 1, "outcome": "approved"}], "denied_line_reasons": ["x"]}
    r = letter_audit.audit_letter("partial_approval", fields, DENIAL_BODY, ctx)
    assert any(p.startswith("line_outcomes") for p in r.problems)


# ----------------------------------------------------------------------------------- appeals

@pytest.mark.parametrize("lob,days", [("commercial", 180), ("medicare_advantage", 65), ("medicaid", 60)])
def test_appeal_windows(lob, days):
    deadline = appeals.appeal_deadline(NOW, lob)
    assert deadline == NOW + dt.timedelta(days=days)
    appeals.check_timely(deadline, deadline, "appeal")
    with pytest.raises(Conflict):
        appeals.check_timely(deadline + dt.timedelta(seconds=1), deadline, "appeal")


def test_external_window_is_four_months():
    assert appeals.external_deadline(NOW) == NOW + dt.timedelta(days=120)
