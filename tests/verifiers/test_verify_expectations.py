"""The answer-key format: versioned, strict, and rejected when a do-nothing agent would pass it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from chibench.verifiers import ExpectationsError, grade, load_expectations, parse_expectations
from chibench.verifiers.handbook_text import HandbookIndex
from chibench.verifiers.registry import plan_checks

FIXTURES = Path(__file__).parent / "fixtures"
ALL = sorted(FIXTURES.glob("**/expectations*.json"))
HANDBOOK = Path(__file__).resolve().parents[2] / "handbook_skill"


def _base() -> dict:
    return json.loads((FIXTURES / "um_ptx_nurse_approval" / "expectations.json").read_text())


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.parent.name)
def test_every_fixture_loads_and_its_citations_resolve(path):
    exp = load_expectations(path, handbook_root=HANDBOOK)
    assert exp.format == "chibench.expectations/1"
    assert any(not p.do_nothing_passes for p in plan_checks(exp))
    for _, cite in exp.citations():
        assert HandbookIndex.for_root(HANDBOOK).unresolved(cite) is None


def _problems(data: dict, **kw) -> str:
    with pytest.raises(ExpectationsError) as exc:
        parse_expectations(data, **kw)
    return " | ".join(exc.value.problems)


@pytest.mark.parametrize("edit,needle", [
    (lambda d: d.update(format="chibench.expectations/2"), "format"),
    (lambda d: d.update(colour="blue"), "colour"),
    (lambda d: d["task"].update(domian="payer_um"), "domian"),
    (lambda d: d["stages"]["nurse_review"].update(recomendation="approve"), "recomendation"),
    (lambda d: d.update(terminal_status="aproved"), "aproved"),
    (lambda d: d["scope"].update(tables=["pa_cases", "no_such_table"]), "no_such_table"),
    (lambda d: d["scope"].update(tables=["pa_cases", "events"]), "infrastructure"),
    (lambda d: d["stages"]["nurse_review"]["criteria"][0].update(result="maybe"), "maybe"),
    (lambda d: d["stages"]["nurse_review"]["criteria"][0].update(citation="policy section 3.1"), "citation"),
    (lambda d: d["stages"]["determination"].update(decision="approve"), "approve"),
    (lambda d: d["artifacts"]["letters"][0].update(letter_type="welcome"), "welcome"),
    (lambda d: d["artifacts"]["notifications"][0]["body"].update(patterns=["(unclosed"]), "regular expression"),
    (lambda d: d["artifacts"]["letters"][0]["body"].update(contains=["{auth_no}"]), "placeholder"),
    (lambda d: d["checks"][0].update(expr="case.review_tasks[?"), "compile"),
    (lambda d: d["checks"][0].pop("do_nothing_passes"), "do_nothing_passes"),
    (lambda d: d["rubrics"][0].update(handbook_refs=[]), "handbook_refs"),
    (lambda d: d["rubrics"][0].update(artifacts=["emails"]), "emails"),
    (lambda d: d.update(cm={"no_assessment": True}), "cm"),
    (lambda d: d["target"].update(order_id=None, patient_id=None, service_codes=[]), "locator"),
    (lambda d: d["rubrics"].append(copy.deepcopy(d["rubrics"][0])), "duplicate"),
])
def test_invalid_keys_are_rejected_with_the_reason(edit, needle):
    d = _base()
    edit(d)
    assert needle in _problems(d)


def test_unresolved_handbook_citation_is_rejected_when_the_handbook_is_available():
    d = _base()
    d["rubrics"][0]["handbook_refs"] = ["KM-MP-OTH-001 §99"]
    assert "no section 99" in _problems(d, handbook_root=HANDBOOK)
    d["rubrics"][0]["handbook_refs"] = ["KM-XX-NOPE-001 §1"]
    assert "no handbook document" in _problems(d, handbook_root=HANDBOOK)


def test_contradictions_are_rejected():
    d = json.loads((FIXTURES / "pa_ptx_gather_evidence" / "expectations.json").read_text())
    d["stages"]["provider"]["submission"] = {"channels": ["portal"]}
    assert "contradict" in _problems(d)
    d = json.loads((FIXTURES / "cm_mdd_disenroll" / "expectations.json").read_text())
    d["cm"]["assessment"] = {}
    assert "contradict" in _problems(d)
    d = json.loads((FIXTURES / "cm_mdd_disenroll" / "expectations.json").read_text())
    d["stages"] = {"triage": {"urgency_level": "routine"}}
    assert "PA stages" in _problems(d)


def test_a_key_that_a_do_nothing_agent_passes_is_rejected():
    d: dict[str, Any] = {"format": "chibench.expectations/1",
         "task": {"id": "weak", "domain": "payer_um", "role": "payer"},
         "target": {"kind": "pa_case", "order_id": "SR-PTX-001", "exists_initially": True},
         "terminal_status": "approved",
         "scope": {"tables": ["pa_cases"]},
         "artifacts": {"forbidden_letter_types": ["denial"]},
         "checks": [{"name": "weak", "description": "always true", "expr": "`true`", "op": "truthy",
                     "do_nothing_passes": True}]}
    # the starting status is unknown, so the terminal status may already hold: nothing a do-nothing agent fails
    assert "does nothing" in _problems(d)
    d["target"]["initial_status"] = "under_review"
    parse_expectations(d)
    d["terminal_status"] = ["under_review", "approved"]
    assert "does nothing" in _problems(d)
    # a case the agent must open: every check on it fails for a do-nothing agent
    d["target"] = {"kind": "pa_case", "order_id": "SR-PTX-001", "exists_initially": False}
    parse_expectations(d)
    # declarative checks declare for themselves
    d["target"] = {"kind": "pa_case", "order_id": "SR-PTX-001", "exists_initially": True,
                   "initial_status": "approved"}
    d["terminal_status"] = "approved"
    assert "does nothing" in _problems(d)
    d["checks"][0]["do_nothing_passes"] = False
    parse_expectations(d)


def test_grading_with_an_invalid_key_gives_zero_with_the_reasons(tmp_path, trial):
    t = trial("um_ptx_nurse_approval")
    d = _base()
    d["stages"]["nurse_review"]["recomendation"] = "approve"
    p = tmp_path / "expectations.json"
    p.write_text(json.dumps(d))
    card = grade(t.final, str(p), initial=t.initial, out_dir=tmp_path / "out", judge=None)
    assert card["reward"] == 0 and "invalid expectations" in card["reason"]
    assert any("recomendation" in x for x in card["expectations_problems"])
    assert json.loads((tmp_path / "out" / "reward.json").read_text()) == {"reward": 0}


def test_stages_upstream_of_the_pickup_are_declared_passable():
    """A triage pickup already has a complete intake: intake checks may pass for a do-nothing agent."""
    d = json.loads((FIXTURES / "um_veeg_intake_no_auth" / "expectations.json").read_text())
    d["task"]["overlay"]["stage"] = "triage"
    planned = {p.id: p.do_nothing_passes for p in plan_checks(parse_expectations(d))}
    assert planned["intake.complete"] is True and planned["triage.field[disposition]"] is False
