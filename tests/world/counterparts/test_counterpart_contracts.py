"""Contract files: schema (extra keys forbidden, patterns, references, authored-line guarantees), lint
against the seeds, the build (a malformed contract fails naming file and field; simulator and grader
parts land in separate hidden tables)."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from chibench.world.build import build_base_world
from chibench.world.core import yamlio
from chibench.world.core.world import World
from chibench.world.counterparts.contracts import P2PContractFile, PatientContractFile
from chibench.world.counterparts.models import (
    P2PContractGrading,
    P2PCounterpartContract,
    PatientPersonaContract,
    PatientPersonaGrading,
)
from chibench.world.counterparts.store import (
    counterpart_for,
    lint_contracts,
    load_contracts,
    persona_for,
)
from chibench.world.lint import lint_root
from chibench.world.seeds.loader import SEED_ROOT, SeedError, load_seeds

PATIENTS = SEED_ROOT / "contracts" / "patients"
P2P = SEED_ROOT / "contracts" / "p2p"
REQUIRED_PATIENTS = {"cm_asthma_low_coop_001": "engaged", "cm_dm_moderate_anxious_001": "hesitant",
                     "cm_copd_hard_refuses_002": "refusing"}


def raw(path: Path) -> dict[str, Any]:
    return yamlio.load(path.read_text())


def patient_raw() -> dict[str, Any]:
    return raw(PATIENTS / "cm_asthma_low_coop_001.yaml")


def p2p_raw() -> dict[str, Any]:
    return raw(P2P / "hypoglossal_nerve_stim.yaml")


def errors(model: Any, data: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as exc:
        model.model_validate(data)
    return str(exc.value)


# ------------------------------------------------------------------------------- the real contracts


def test_required_contracts_exist_load_and_lint_clean():
    contracts = load_contracts()
    for sid, stance in REQUIRED_PATIENTS.items():
        assert contracts.patients[sid].persona.consent_stance == stance
    assert contracts.p2p["myocardial_pet"].grader["payer"].expected_outcome == "overturn_to_approval"
    assert contracts.p2p["hypoglossal_nerve_stim"].grader["payer"].expected_outcome == "uphold_adverse"
    assert {c.side for c in contracts.p2p["hypoglossal_nerve_stim"].counterparts} == {"provider", "payer"}
    seeds = load_seeds()
    assert lint_contracts(contracts, seeds) == []  # (lint_root() with contracts: tests/world)
    p2p_cases = sorted(slug for slug, s in seeds.services.items() if s.intended.um_pickup_stage == "p2p")
    assert len(p2p_cases) == 4 and set(p2p_cases) <= set(contracts.p2p), p2p_cases  # paper App. D.2: 4 P2P tasks
    assert {slug: contracts.p2p[slug].grader["payer"].expected_outcome for slug in p2p_cases} == {
        "ct_abdomen_pelvis": "uphold_adverse", "hypoglossal_nerve_stim": "uphold_adverse",
        "myocardial_pet": "overturn_to_approval", "rotator_cuff_repair_b": "overturn_to_approval"}


def test_every_trigger_kind_and_reveal_mode_is_authored():
    contracts = load_contracts()
    kinds = {t.kind for c in contracts.patients.values() for t in c.persona.consent_triggers}
    assert kinds == {"protocol", "responsive", "chart_informed", "autonomy"}
    assert any(a.permanent for c in contracts.patients.values() for a in c.persona.anti_triggers)
    modes = {f.reveal for c in contracts.p2p.values() for cp in c.counterparts for f in cp.facts}
    assert modes == {"opening", "volunteer_after_prompt", "reveal_if_asked", "never"}


# ------------------------------------------------------------------------------------------ schema


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d["persona"].update(favourite_colour="blue"), "favourite_colour"),
    (lambda d: d["persona"]["consent_triggers"][0].update(weight=3), "consent_triggers.0.weight"),
    (lambda d: d["grader"].update(hint="x"), "grader.hint"),
    (lambda d: d["persona"]["consent_triggers"][0]["match"].update(any_of=["(unclosed"]), "invalid regular expression"),
    (lambda d: d["persona"]["consent_triggers"][0]["match"].update(any_of=["\x08word"]), "control character"),
    (lambda d: d["persona"]["consent_triggers"][0].update(kind="flattery"), "consent_triggers.0.kind"),
    (lambda d: d["persona"]["consent_rule"].update(requires_all=["no_such_trigger"]), "consent_rule.requires_all"),
    (lambda d: d["persona"]["anti_triggers"][0].update(closes_gates=["no_gate"]), "closes_gates"),
    (lambda d: d["persona"]["anti_triggers"][4].update(repair={"any_of": ["sorry"]}), "permanent anti-trigger cannot"),
    (lambda d: d["persona"]["anti_triggers"][2].update(ends_call=True), "ends_call requires permanent"),
    (lambda d: d["persona"].update(consent_stance="refusing"), "a Refusing member consents only when every"),
    (lambda d: d["persona"]["consent_rule"].update(grant_line="Hmm, let me think."), "grant_line"),
    (lambda d: d["persona"]["consent_rule"].update(not_yet_line="Yes maybe later"), "not_yet_line"),
    (lambda d: d["persona"].update(opening_line="Hello? ###STOP###"), "stop token"),
    (lambda d: d["persona"]["consent_triggers"].append(copy.deepcopy(d["persona"]["consent_triggers"][0])),
     "unique"),
    (lambda d: d["grader"].update(must_avoid=["no_such_anti"]), "grader.must_avoid"),
    (lambda d: d["grader"].update(expected_consent=False), "expected_consent"),
])
def test_patient_contract_schema_errors_name_the_field(mutate, needle):
    data = patient_raw()
    mutate(data)
    assert needle in errors(PatientContractFile, data)


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d["counterparts"][0].update(mood="tired"), "counterparts.0.mood"),
    (lambda d: d["counterparts"][0]["facts"][2].pop("triggers"), "triggers: required for reveal mode"),
    (lambda d: d["counterparts"][0]["facts"][0].update(triggers={"any_of": ["x"]}), "opening fact has no triggers"),
    (lambda d: d["counterparts"][0]["facts"][8].pop("withheld_line"), "withheld_line: required"),
    (lambda d: d["counterparts"][0]["facts"][2].update(reveal="sometimes"), "reveal"),
    (lambda d: d["counterparts"][0].update(closing_line="Thanks, and the repeat study showed it is fine."),
     "closing_line: makes the forbidden argument 'fa_fabricated_ratio'"),
    (lambda d: d["counterparts"][0]["responses"][0].update(reply="Let's just exclude the central events."),
     "forbidden argument 'fa_exclude_events'"),
    (lambda d: d["counterparts"][0]["fallback_lines"].append(d["counterparts"][0]["facts"][8]["statement"]),
     "contains the never fact"),
    (lambda d: d["counterparts"][1].pop("decision"), "decision: required for a payer-side counterpart"),
    (lambda d: d["counterparts"][0]["identity"].pop("worker_id"), "identity.worker_id"),
    (lambda d: d["grader"]["payer"].update(key_fact_ids=["nope"]), "key_fact_ids"),
    (lambda d: d["grader"].pop("provider"), "missing the block for the provider agent side"),
    (lambda d: d["counterparts"].append(copy.deepcopy(d["counterparts"][0])), "counterparts"),
])
def test_p2p_contract_schema_errors_name_the_field(mutate, needle):
    data = p2p_raw()
    mutate(data)
    assert needle in errors(P2PContractFile, data)


# -------------------------------------------------------------------------------------- lint, build


def _seed_copy(tmp_path: Path) -> Path:
    root = tmp_path / "seeds"
    shutil.copytree(SEED_ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    return root


def test_malformed_contract_fails_the_build_naming_file_and_field(tmp_path: Path):
    root = _seed_copy(tmp_path)
    path = root / "contracts" / "patients" / "cm_dm_moderate_anxious_001.yaml"
    data = raw(path)
    data["persona"]["disclosure_gates"][0]["conditions"][0]["pattern"] = "why"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    with pytest.raises(SeedError) as exc:
        build_base_world(None, seed_root=root)
    msg = str(exc.value)
    assert "contracts/patients/cm_dm_moderate_anxious_001.yaml" in msg
    assert "persona.disclosure_gates.0.conditions.0.pattern" in msg


def test_contract_file_name_must_match_its_id(tmp_path: Path):
    root = _seed_copy(tmp_path)
    src = root / "contracts" / "p2p" / "myocardial_pet.yaml"
    src.rename(src.with_name("myocardial_pet_copy.yaml"))
    with pytest.raises(SeedError) as exc:
        load_contracts(root)
    assert "contracts/p2p/myocardial_pet_copy.yaml: service_slug" in str(exc.value)


def test_lint_checks_references_against_the_seeds(tmp_path: Path):
    root = _seed_copy(tmp_path)
    pat = raw(root / "contracts" / "patients" / "cm_asthma_low_coop_001.yaml")
    pat["persona"]["scenario_id"] = "cm_asthma_low_coop_009"
    (root / "contracts" / "patients" / "cm_asthma_low_coop_009.yaml").write_text(yaml.safe_dump(pat))
    dm = root / "contracts" / "patients" / "cm_dm_moderate_anxious_001.yaml"
    d = raw(dm)
    d["persona"]["identity"]["birth_date"] = "1967-02-04"
    d["persona"]["difficulty"] = "hard"
    dm.write_text(yaml.safe_dump(d, allow_unicode=True))
    hns = root / "contracts" / "p2p" / "hypoglossal_nerve_stim.yaml"
    h = raw(hns)
    h["counterparts"][0]["identity"]["worker_id"] = "WKR-HNS-02"
    h["counterparts"][0]["facts"][2]["source"] = "DOC-HNS-999"
    h["counterparts"][1]["identity"]["worker_id"] = "WKR-UMN-01"
    h["grader"]["payer"]["expected_outcome"] = "overturn_to_approval"
    hns.write_text(yaml.safe_dump(h, allow_unicode=True))
    uppp = raw(root / "contracts" / "p2p" / "myocardial_pet.yaml")
    uppp["service_slug"] = "uppp"
    uppp["counterparts"][0]["identity"]["worker_id"] = "WKR-UPP-01"
    (root / "contracts" / "p2p" / "uppp.yaml").write_text(yaml.safe_dump(uppp, allow_unicode=True))
    problems = "\n".join(lint_root(root))
    for needle in ("no CM member 'cm_asthma_low_coop_009'", "cm_dm_moderate_anxious_001.yaml: persona.identity",
                   "persona.difficulty: 'hard' but the scenario id says 'moderate'",
                   "counterparts[0].identity.worker_id: 'WKR-HNS-02' is not the ordering clinician",
                   "unknown document 'DOC-HNS-999'", "'WKR-UMN-01' is not a payer physician reviewer",
                   "grader.payer.expected_outcome: 'overturn_to_approval' but the case's intended UM outcome is 'denied'",
                   "'uppp' is not a P2P case"):
        assert needle in problems, needle
    with pytest.raises(SeedError):
        build_base_world(None, seed_root=root)


def test_build_stores_simulator_and_grader_parts_in_separate_tables(world: World):
    with world.read() as s:
        personas = {r.id: r for r in s.query(PatientPersonaContract)}
        grading = {r.id: r for r in s.query(PatientPersonaGrading)}
        assert set(REQUIRED_PATIENTS) <= set(personas) and set(personas) == set(grading)
        for sid, row in personas.items():
            text = str(row.contract)
            g = grading[sid]
            assert "expected_outcome" not in text and "required_resolution_points" not in text
            assert all(p["text"] not in text for p in g.required_resolution_points)
            assert row.turn_budget == persona_for(s, sid).budget
        assert personas["cm_copd_hard_refuses_002"].consent_stance == "refusing"
        cps = {r.id for r in s.query(P2PCounterpartContract)}
        assert {"myocardial_pet:provider", "hypoglossal_nerve_stim:provider", "hypoglossal_nerve_stim:payer"} <= cps
        g = {r.id: r for r in s.query(P2PContractGrading)}
        assert g["myocardial_pet:payer"].expected_outcome == "overturn_to_approval"
        assert g["hypoglossal_nerve_stim:provider"].expected_outcome == "uphold_adverse"
        row = s.get(P2PCounterpartContract, "myocardial_pet:provider")
        assert "expected_outcome" not in str(row.contract) and "resolution" not in str(row.contract)
        assert counterpart_for(s, "myocardial_pet", "provider").identity.worker_id == "WKR-MPT-01"
        assert counterpart_for(s, "myocardial_pet", "payer") is None
