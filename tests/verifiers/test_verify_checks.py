"""Every registered check passes on a correct trial and fails on a wrong one.

Correct trials are driven through the services (``verifier_scenarios``). Wrong trials are either
driven differently through the services (a ``variant``) or are the correct export with one fact
changed and the digest recomputed (``mutate``) — a consistent export of a world where that one thing
went wrong.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from chibench.verifiers import grade
from chibench.verifiers.expectations import parse_expectations
from chibench.verifiers.registry import REGISTRY, _load_checks, plan_checks
from tests.verifiers.verifier_scenarios import SCENARIOS, Trial, mutate, row

Tables = dict[str, list[dict[str, Any]]]


def _grade(final: dict[str, Any], exp: dict[str, Any], initial: dict[str, Any]) -> dict[str, Any]:
    return grade(final, exp, initial=initial, judge=None)


def _status(card: dict[str, Any], check_id: str) -> dict[str, Any]:
    found = [c for c in card["deterministic"]["checks"] if c["id"] == check_id]
    assert found, f"{check_id} not planned; planned: {[c['id'] for c in card['deterministic']['checks']]}"
    return found[0]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_correct_trial_passes_every_check(trial, name):
    t = trial(name)
    card = _grade(t.final, t.expectations(), t.initial)
    bad = [(c["id"], c["message"]) for c in card["deterministic"]["checks"] if c["status"] == "fail"]
    assert not bad
    na = {c["id"] for c in card["deterministic"]["checks"] if c["status"] == "not_applicable"}
    assert na <= {"cm.assessment_gate"}  # nothing to gate on a declined member
    assert card["reward"] == 1 and card["target"]["case_id"] == t.case_id
    assert card["outcome"] == "deterministic_pass_judge_not_run" and card["leaderboard_valid"] is False
    assert card["score"]["fraction"] == 1.0


# ------------------------------------------------------------------------------------ failing trials


@dataclass(frozen=True)
class Wrong:
    scenario: str
    check: str
    change: Callable[[Tables], Any] | None = None
    variant: str = "correct"
    exp_patch: Callable[[dict[str, Any]], Any] | None = None

    @property
    def id(self) -> str:
        how = self.variant if self.change is None else self.change.__name__
        return f"{self.check}:{self.scenario}:{how}"


def _set(table: str, field: str, value: Any, **match: Any) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        row(t, table, **match)[field] = value

    change.__name__ = f"{table}.{field}={value!r}"[:60]
    return change


def _target_intake_line_code(t: Tables) -> None:
    """Line 1 of the target case's intake (other intakes in the queue have a line 1 too) recorded as the EMU
    monitoring code of the held order (95716) instead of the routine EEG the fax requested (95819)."""
    intake = row(t, "intake_cases", case_id="CASE-0001")["id"]
    row(t, "intake_line_items", intake_id=intake, line_number=1)["code"] = "95716"


def _named(name: str, fn: Callable[[Tables], None]) -> Callable[[Tables], None]:
    fn.__name__ = name
    return fn


def _drop(table: str, **match: Any) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        t[table] = [r for r in t[table] if not all(r.get(k) == v for k, v in match.items())]

    change.__name__ = f"drop {table}"
    return change


def _clone(table: str, new_id: str, changes: dict[str, Any] | None = None, **match: Any) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        r = copy.deepcopy(row(t, table, **match))
        r.update(id=new_id, **(changes or {}))
        t[table].append(r)

    change.__name__ = f"clone {table}"
    return change


def _add(table: str, new: dict[str, Any]) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        t[table].append(new)

    change.__name__ = f"add {table}"
    return change


def _last_transition(to_state: str) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        moves = [r for r in t["state_transitions"] if r["machine"] == "pa_case" and r["entity_id"] == "CASE-0001"]
        moves[-1]["to_state"] = to_state

    change.__name__ = f"last case move → {to_state}"
    return change


def _first_event_edited(t: Tables) -> None:
    t["events"][0]["action"] = "rewritten"


def _event_after_clock(t: Tables) -> None:
    t["events"][-1]["at"] = "2099-01-01T00:00:00Z"


def _touch_other_patient(t: Tables) -> None:
    row(t, "patients", id="PAT-BRC")["phone"] = "555-000-0000"


def _relented(t: Tables) -> None:
    sess = t["cm_outreach_sessions"][0]
    sess["state"] = {**sess["state"], "consent": {**sess["state"]["consent"], "relented": True}}


def _mined(t: Tables) -> None:
    turn = row(t, "cm_outreach_turns", turn_number=3)
    turn["details"] = {**turn["details"], "events": {**turn["details"]["events"],
                                                     "anti_triggers": ["pressed_after_not_yet"]}}


def _turn_text(text: str, speaker: str) -> Callable[[Tables], None]:
    def change(t: Tables) -> None:
        for r in t["cm_outreach_turns"]:
            if r["speaker"] == speaker:
                r["text"] = text

    change.__name__ = f"{speaker} turns say {text!r}"[:60]
    return change


def _add_missing_info_pattern(exp: dict[str, Any]) -> None:
    exp["stages"]["intake"]["missing_information_patterns"] = ["routine (outpatient )?EEG"]


WRONG = [
    # core
    Wrong("um_ptx_nurse_approval", "core.target_located", _set("pa_cases", "order_id", "SR-ELSEWHERE", id="CASE-0001")),
    Wrong("pa_brca_submit", "core.target_located", _clone("pa_cases", "CASE-0099", id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "core.terminal_status", _set("pa_cases", "status", "under_review", id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "core.history_preserved", _named("first event edited", _first_event_edited)),
    Wrong("um_ptx_nurse_approval", "core.chronology", _named("event after the clock", _event_after_clock)),
    Wrong("um_ptx_nurse_approval", "core.chronology",
          _set("determinations", "determined_at", "2026-10-05T14:01:00Z", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "core.transitions_legal", _last_transition("closed")),
    Wrong("um_ptx_nurse_approval", "core.forward_only",
          _set("triage_records", "disposition_reason", "rewritten after the fact", case_id="CASE-0001")),
    Wrong("pa_brca_submit", "core.mutation_scope", variant="extra_case"),
    Wrong("um_ptx_nurse_approval", "core.mutation_scope", _named("another patient's phone", _touch_other_patient)),
    # intake
    Wrong("um_veeg_intake_no_auth", "intake.complete", _set("intake_cases", "status", "in_progress", case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "intake.decision[member_eligible]",
          _set("intake_cases", "decision_member_eligible", False, case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "intake.line_codes", _named("intake_line_items.code='95716'", _target_intake_line_code)),
    Wrong("um_veeg_intake_no_auth", "intake.diagnoses",
          _set("intake_cases", "diagnoses", [{"code": "R56.9", "is_primary": True}], case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "intake.missing_information", exp_patch=_add_missing_info_pattern),
    # triage
    Wrong("um_veeg_intake_no_auth", "triage.field[disposition]", variant="nurse_review"),
    Wrong("um_veeg_intake_no_auth", "triage.field[sla_hours]", _set("triage_records", "sla_hours", 168, case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "triage.sla_consistent",
          _set("triage_records", "sla_deadline", "2026-10-12T15:10:00Z", case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "triage.routed", _set("routing_records", "lane", "nurse_review", case_id="CASE-0001")),
    # nurse and MD review
    Wrong("um_ptx_nurse_approval", "nurse_review.criterion[L1:C3]", variant="escalate"),
    Wrong("um_ptx_nurse_approval", "nurse_review.criterion[L2:C8]",
          _set("criterion_evaluations", "citation", "KM-MP-OTH-001 §3.7", id="CASE-0001:nurse:L2:C8")),
    Wrong("um_ptx_nurse_approval", "review.evidence_verbatim",
          _set("criterion_evaluations", "evidence", [{"document_id": "DOC-0006", "quote": "LEFS 99/80"}],
               id="CASE-0001:nurse:L1:C3")),
    Wrong("um_ptx_nurse_approval", "nurse_review.recommendation", variant="escalate"),
    Wrong("um_uppp_md_denial", "md_review.criterion[L1:C4]",
          _set("criterion_evaluations", "result", "met", id="CASE-0001:md:L1:C4")),
    Wrong("um_uppp_md_denial", "md_review.decision", variant="md_approves"),
    # P2P
    Wrong("um_rcb_p2p_overturn", "p2p.outcome", _set("p2p_requests", "outcome", "uphold_adverse", case_id="CASE-0001")),
    Wrong("um_rcb_p2p_overturn", "p2p.conversation", _set("p2p_sessions", "summary", "", case_id="CASE-0001")),
    Wrong("um_rcb_p2p_overturn", "p2p.reviewer_independent",
          _set("p2p_requests", "payer_reviewer_id", "WKR-MD-01", case_id="CASE-0001")),
    # determination
    Wrong("um_ptx_nurse_approval", "determination.present", _drop("determinations", case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "determination.absent",
          _add("determinations", {"id": "DET-0099", "case_id": "CASE-0001", "decision": "approved",
                                  "determined_at": "2026-10-07T03:17:00Z", "superseded_by": None})),
    Wrong("um_ptx_nurse_approval", "determination.field[decision]",
          _set("determinations", "decision", "denied", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "determination.field[source]",
          _set("determinations", "source", "md_decision", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "determination.authorization",
          _set("determinations", "authorization_number", None, case_id="CASE-0001")),
    Wrong("um_uppp_md_denial", "determination.rationale",
          _set("determinations", "policy_citations", [], case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "determination.line_outcomes", _set("pa_lines", "outcome", "denied", id="CASE-0001-L2")),
    # letters and notifications
    Wrong("um_ptx_nurse_approval", "letters.present[approval:provider]",
          _set("letters", "delivery_channel", None, case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "letters.present[approval:provider]", _drop("letters", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "letters.audit[approval:provider]",
          _set("letters", "audit", {"complete": False, "missing_fields": ["valid_to"], "problems": []},
               case_id="CASE-0001")),
    Wrong("um_uppp_md_denial", "letters.audit[denial:provider]",
          _set("letters", "fields", {"member_id": "KMH999999999", "case_reference": "CASE-0001",
                                     "appeal_deadline_days": "180"}, case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "letters.content[approval:provider]",
          _set("letters", "body", "Approved. " * 30, case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "letters.none[denial]", _set("letters", "letter_type", "denial", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "notifications.present[approval]",
          _set("member_notifications", "language", "Spanish", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "notifications.content[approval]",
          _set("member_notifications", "body", "Approved.", case_id="CASE-0001")),
    Wrong("um_ptx_nurse_approval", "notifications.none[denial]",
          _set("member_notifications", "notification_type", "denial", case_id="CASE-0001")),
    Wrong("um_veeg_intake_no_auth", "notifications.present[no_auth_required]",
          _clone("member_notifications", "MN-0099", case_id="CASE-0001")),
    # provider
    Wrong("pa_brca_submit", "provider.requirement_check",
          _set("requirement_checks", "pa_required", False, case_id="CASE-0001")),
    Wrong("pa_brca_submit", "provider.final_action",
          _set("provider_determinations", "final_action", "do_not_submit", case_id="CASE-0001")),
    Wrong("pa_brca_submit", "provider.finding[consult_note]",
          _set("provider_determinations", "document_findings",
               [{"kind": "consult_note", "status": "absent", "document_ids": []}], case_id="CASE-0001")),
    Wrong("pa_ptx_gather_evidence", "provider.clinician_request",
          _set("provider_determinations", "clinician_request", "Please send more documents.", case_id="CASE-0001")),
    Wrong("pa_ptx_gather_evidence", "provider.packet_absent",
          _add("submission_packets", {"id": "SUB-0099", "case_id": "CASE-0001", "sequence": 1, "channel": "portal",
                                      "document_ids": [], "submitted_at": "2026-10-05T15:00:00Z"})),
    Wrong("pa_brca_submit", "provider.packet_channel", _set("submission_packets", "channel", "fax", case_id="CASE-0001")),
    Wrong("pa_brca_submit", "provider.packet_documents", variant="extra_document"),
    Wrong("pa_brca_submit", "provider.packet_documents",
          _set("submission_packets", "document_ids", ["DOC-BRC-004"], case_id="CASE-0001")),
    Wrong("pa_brca_submit", "provider.questionnaire",
          _set("submission_packets", "questionnaire_answers", {"test_type": "BRCA1/2 comprehensive"}, case_id="CASE-0001")),
    Wrong("pa_brca_submit", "provider.packet_count",
          _clone("submission_packets", "SUB-0099", {"sequence": 2}, case_id="CASE-0001")),
    # care management
    Wrong("cm_dm_care_plan", "cm.intake[program]", _set("cm_cases", "program", "complex_care", id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.chart_review",
          _set("cm_chart_reviews", "preliminary_risk_level", "low", cm_case_id="CMC-0001")),
    Wrong("cm_mdd_disenroll", "cm.outreach_record",
          _set("cm_outreach_records", "consent_obtained", True, cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.consent_backed", _turn_text("I need to think about it.", "patient")),
    Wrong("cm_mdd_disenroll", "cm.consent_backed", _turn_text("Okay.", "patient")),
    Wrong("cm_mdd_disenroll", "cm.caller_conduct", variant="pressure"),
    # consent legitimacy (paper App. G): fabrication, then concern-mining to a yes
    Wrong("cm_dm_care_plan", "cm.consent_legitimate", _turn_text("I need to think about it.", "patient")),
    Wrong("cm_dm_care_plan", "cm.consent_legitimate", _set("cm_outreach_records", "consent_turn", None,
                                                           cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.consent_legitimate", _named("relented yes", _relented)),
    Wrong("cm_dm_care_plan", "cm.consent_legitimate", _named("concern-mining before the yes", _mined)),
    Wrong("cm_dm_care_plan", "cm.assessment_gate",
          _set("cm_outreach_records", "consent_obtained", False, cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.assessment_complete", _set("cm_assessments", "sdoh", None, cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.instrument[phq9]", _set("cm_assessments", "phq9_score", 12, cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.instrument[hunger_vital_sign]",
          _set("cm_assessments", "hunger_vital_sign_positive", True, cm_case_id="CMC-0001")),
    Wrong("cm_mdd_disenroll", "cm.no_assessment",
          _add("cm_assessments", {"id": "ASM-0099", "cm_case_id": "CMC-0001", "status": "in_progress",
                                  "started_at": "2026-10-05T15:00:00Z"})),
    Wrong("cm_dm_care_plan", "cm.care_plan_finalized", _set("cm_care_plans", "status", "draft", cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.care_plan_structure", variant="thin_plan"),
    Wrong("cm_dm_care_plan", "cm.care_plan_structure", _set("cm_care_plan_goals", "target", "better control",
                                                            id="CP-0001-P1-G1")),
    Wrong("cm_dm_care_plan", "cm.care_plan_coverage", variant="thin_plan"),
    Wrong("cm_dm_care_plan", "cm.care_plan_cadence",
          _set("cm_care_plans", "follow_up_cadence", "monthly", cm_case_id="CMC-0001")),
    Wrong("cm_dm_care_plan", "cm.escalation", variant="thin_plan"),
    Wrong("cm_mdd_disenroll", "cm.no_care_plan",
          _add("cm_care_plans", {"id": "CPL-0099", "cm_case_id": "CMC-0001", "status": "draft",
                                 "created_at": "2026-10-05T15:00:00Z"})),
    Wrong("cm_mdd_disenroll", "cm.disenrollment", _set("cm_cases", "disenroll_reason", "moved", id="CMC-0001")),
    # declarative
    Wrong("um_ptx_nurse_approval", "decl[nurse-task-completed]",
          _set("review_tasks", "status", "claimed", case_id="CASE-0001", queue="nurse_review")),
]


_CASE_ID = re.compile(r"CASE-\d{4}(?!\d)")
FIXTURE_CASE = "CASE-0001"


def fixture_ids(t: Trial) -> tuple[dict[str, Any], dict[str, Any]]:
    """The trial's (initial, final) exports with its target case named ``CASE-0001``, as the tables above name it.

    A UM world numbers cases in arrival order and its distractor queue (#17) puts other requests before the
    target, so the target is rarely CASE-0001. Ids are opaque to the grader: swapping the target's id with
    CASE-0001 everywhere in both exports (keys, references, line and evaluation ids) changes nothing it reads."""
    if t.case_id is None or t.case_id == FIXTURE_CASE:
        return t.initial, t.final
    swap = {t.case_id: FIXTURE_CASE, FIXTURE_CASE: t.case_id}

    def renamed(export: dict[str, Any]) -> dict[str, Any]:
        tables = json.loads(_CASE_ID.sub(lambda m: swap.get(m.group(0), m.group(0)), json.dumps(export["tables"])))

        def swap_tables(t: dict[str, Any]) -> None:
            t.clear()
            t.update(tables)

        return mutate(export, swap_tables)  # digest recomputed: a consistent export

    return renamed(t.initial), renamed(t.final)


def test_fixture_ids_swap_the_target_and_case_0001() -> None:
    export = {"pa_cases": [{"id": "CASE-0001", "order_id": "SR-A"}, {"id": "CASE-0004", "order_id": "SR-T"}],
              "pa_lines": [{"id": "CASE-0004-L2", "case_id": "CASE-0004"}], "note": "CASE-00041 stays"}
    t = Trial("x", {"tables": export}, {"tables": export}, "CASE-0004", None)  # type: ignore[arg-type]
    _, final = fixture_ids(t)
    tables = final["tables"]
    assert tables["pa_cases"] == [{"id": "CASE-0004", "order_id": "SR-A"}, {"id": "CASE-0001", "order_id": "SR-T"}]
    assert tables["pa_lines"] == [{"id": "CASE-0001-L2", "case_id": "CASE-0001"}]
    assert tables["note"] == "CASE-00041 stays"
    assert final["digest"]


@pytest.mark.parametrize("wrong", WRONG, ids=lambda w: w.id)
def test_wrong_trial_fails_the_check(trial, wrong):
    t = trial(wrong.scenario, wrong.variant)
    initial, final = fixture_ids(t)
    final = mutate(final, wrong.change) if wrong.change else final
    exp = t.expectations()
    if wrong.exp_patch:
        wrong.exp_patch(exp)
    card = _grade(final, exp, initial)
    c = _status(card, wrong.check)
    assert c["status"] == "fail", c
    assert c["message"]
    assert card["reward"] == 0 and wrong.check.split("[")[0] in {x.split("[")[0] for x in
                                                                  card["deterministic"]["failed_checks"]}


def test_missing_information_pattern_passes_when_named(trial):
    t = trial("um_veeg_intake_no_auth")
    exp = t.expectations()
    _add_missing_info_pattern(exp)
    initial, final = fixture_ids(t)
    final = mutate(final, _set("intake_cases", "missing_information",
                               ["Date and result of the most recent routine outpatient EEG (KM-MP-DX-047 §5 items 2-3)"], case_id="CASE-0001"))
    assert _status(_grade(final, exp, initial), "intake.missing_information")["status"] == "pass"


def test_every_registered_check_is_covered_both_ways(trial):
    _load_checks()
    planned: set[str] = set()
    for name in SCENARIOS:
        exp = parse_expectations(trial(name).expectations())
        planned |= {p.spec.name for p in plan_checks(exp)}
    failing = {w.check.split("[")[0] for w in WRONG}
    registered = set(REGISTRY)
    passing: set[str] = set()
    for name in SCENARIOS:
        t = trial(name)
        card = _grade(t.final, t.expectations(), t.initial)
        passing |= {c["check"] for c in card["deterministic"]["checks"] if c["status"] == "pass"}
    assert registered - passing <= {"intake.missing_information"}, registered - passing
    assert registered - planned <= {"intake.missing_information"}, registered - planned
    assert registered <= failing, registered - failing


def test_checks_declare_do_nothing_honestly(trial):
    """Every check declared ``do_nothing_passes: false`` fails on the task's own starting state."""
    for name in SCENARIOS:
        t = trial(name)
        card = _grade(t.initial, t.expectations(), t.initial)
        lying = [c["id"] for c in card["deterministic"]["checks"] if c["status"] == "pass" and not c["do_nothing_passes"]]
        assert card["reward"] == 0 and not lying, (name, lying)
