"""The CM catalog against the paper, computed from the packages: consent stance (Engaged 3, Hesitant 7,
Refusing 15), programs (chronic disease 11, behavioral health 6, complex care 4, transitions of care 4),
22 single-condition primaries + 3 multimorbidity; every Refusing package's oracle obtains explicit
affirmative consent with all triggers and no anti-trigger; every CM package has a concern-mining near
miss that ends in a yes and fails on consent legitimacy.

Until all 25 CM packages exist the count test skips naming the missing tasks; once they exist, wrong
counts fail. Multimorbidity = the paper's ``cm_complex_*`` scenarios (several primary conditions)."""

from __future__ import annotations

import asyncio
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from chibench.package.harness import task_world, try_task
from chibench.package.oracle_runner import run_steps
from chibench.package.scenario import Scenario, load_scenario
from chibench.world import taskspec
from chibench.world.apps.cm_outreach.models import OutreachRecord, OutreachSession, OutreachTurn
from chibench.world.core import yamlio
from chibench.world.counterparts.store import ContractSet, load_contracts
from chibench.world.tools import dispatch as dispatch_module
from tests.support import heavy_sample

REPO = Path(__file__).resolve().parents[2]
PACKAGES = REPO / "packages"
SEEDS = REPO / "world" / "seeds" / "cm"
PAPER_STANCE = {"engaged": 3, "hesitant": 7, "refusing": 15}
PAPER_PROGRAM = {"chronic_disease": 11, "behavioral_health": 6, "complex_care": 4, "transitions_of_care": 4}
PAPER_KIND = {"single_condition": 22, "multimorbidity": 3}
TOTAL = 25


def _seed(sid: str) -> dict[str, Any]:
    return yamlio.load((SEEDS / f"{sid}.yaml").read_text(encoding="utf-8"))


def _kind(sid: str) -> str:
    return "multimorbidity" if sid.startswith("cm_complex_") else "single_condition"


@cache
def _contracts() -> ContractSet:
    """The contracts, read once per process: collection asks for them once per parametrized task."""
    return load_contracts()


@cache
def cm_packages() -> dict[str, str]:
    """task id → CM scenario id, for every package whose overlay is a CM referral."""
    out = {}
    for path in sorted(PACKAGES.glob("*/scenario.yaml")):
        data = yamlio.load(path.read_text(encoding="utf-8")) or {}
        overlay = data.get("overlay") or {}
        if overlay.get("kind") == "cm_referral":
            out[str(data["id"])] = str(overlay["scenario_id"])
    return out


def tally(sids: list[str]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    contracts = _contracts().patients
    stance = Counter(str(contracts[s].persona.consent_stance) if s in contracts else str(_seed(s)["consent_stance"])
                     for s in sids)
    program = Counter(str(_seed(s)["program"]) for s in sids)
    kind = Counter(_kind(s) for s in sids)
    return stance, program, kind


def test_the_seeds_hold_the_papers_catalog():
    sids = sorted(p.stem for p in SEEDS.glob("cm_*.yaml"))
    assert len(sids) == TOTAL
    stance, program, kind = tally(sids)
    assert dict(stance) == PAPER_STANCE and dict(program) == PAPER_PROGRAM and dict(kind) == PAPER_KIND


def test_cm_package_counts_equal_the_paper():
    pkgs = cm_packages()
    sids = sorted(pkgs.values())
    assert len(set(sids)) == len(sids), "two packages share a CM scenario"
    assert len(sids) <= TOTAL, f"{len(sids)} CM packages; the paper has {TOTAL}"
    for task, sid in pkgs.items():
        assert task == sid, f"package {task} plays scenario {sid}"
        assert (SEEDS / f"{sid}.yaml").is_file(), f"{task}: no seed member file"
    stance, program, kind = tally(sids)
    # partial catalogs can already be wrong: no category may exceed the paper's count
    for got, want in ((stance, PAPER_STANCE), (program, PAPER_PROGRAM), (kind, PAPER_KIND)):
        over = {k: v for k, v in got.items() if v > want.get(k, 0)}
        assert not over, f"more than the paper's count: {over} (paper {want})"
    missing = sorted({p.stem for p in SEEDS.glob("cm_*.yaml")} - set(sids))
    if missing:
        pytest.skip(f"{len(sids)} of {TOTAL} CM packages exist; missing: {', '.join(missing)}")
    assert dict(stance) == PAPER_STANCE
    assert dict(program) == PAPER_PROGRAM
    assert dict(kind) == PAPER_KIND


def _stance(task: str) -> str:
    return str(_contracts().patients[cm_packages()[task]].persona.consent_stance)


# every Refusing oracle (issue #18's proof); the concern-mining near misses on a representative subset unless
# CHIBENCH_TEST_ALL_PACKAGES=1 (tests/support.py)
REFUSING = [t for t in cm_packages() if t in _contracts().patients and _stance(t) == "refusing"]
ALL_CM = heavy_sample(sorted(cm_packages()))


def _oracle_world(sc: Scenario, base: Path, root: Path) -> Any:
    world = taskspec.prepare(task_world(sc), base=base, run_dir=root / "run", export_dir=root / "export")

    async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
        return dispatch_module.dispatch(world, sc.role, tool, args)

    asyncio.run(run_steps([s.model_dump() for s in sc.oracle], call, lambda _m: None))
    return world


@pytest.mark.parametrize("task", REFUSING)
def test_refusing_oracle_obtains_explicit_affirmative_consent(task: str, base_world_file: Path, tmp_path: Path):
    sc = load_scenario(PACKAGES / task / "scenario.yaml")
    persona = _contracts().patients[cm_packages()[task]].persona
    world = _oracle_world(sc, base_world_file, tmp_path)
    try:
        with world.read() as s:
            sess = s.query(OutreachSession).one()
            st = sess.state
            assert st["consent"]["status"] == "granted" and st["consent"]["relented"] is False
            assert set(st["triggers"]) == {t.id for t in persona.consent_triggers}, "not every trigger fired"
            assert st["anti_triggers"] == {}, f"anti-triggers hit: {st['anti_triggers']}"
            rec = s.query(OutreachRecord).filter_by(session_id=sess.id).one()
            assert rec.consent_obtained is True and rec.engagement_status == "engaged"
            yes = s.query(OutreachTurn).filter_by(session_id=sess.id, turn_number=rec.consent_turn).one()
            assert yes.speaker == "patient" and persona.consent_rule.affirmative.matches(yes.text)
            assert "refusal_stated" in st["events"]
        raw = yamlio.load((PACKAGES / task / "scenario.yaml").read_text(encoding="utf-8"))
        assert "disenrolled" not in raw["expectations"]["terminal_status"]  # App. G: disenrollment is no success
    finally:
        world.close()


@pytest.mark.parametrize("task", ALL_CM)
def test_concern_mining_to_a_yes_scores_zero_on_consent_legitimacy(task: str, base_world_file: Path):
    sc = load_scenario(PACKAGES / task / "scenario.yaml")
    mined = [m.name for m in sc.near_misses if "concern_min" in m.name]
    assert mined, f"{task}: no concern-mining near miss (name containing 'concern_min')"
    for name in mined:
        res = try_task(sc, base_world_file, f"near_miss:{name}")
        assert res.oracle_error is None, res.oracle_error
        assert res.reward == 0
        checks = {c["id"]: c for c in res.scorecard["deterministic"]["checks"]}
        legit = checks.get("cm.consent_legitimate")
        assert legit is not None and legit["status"] == "fail", legit
        assert "illegitimate consent" in legit["message"]
