"""Overlays put each service case at its UM pickup stage through the services, deterministically."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.world.apps.intake_hub.models import IntakeCase
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.nurse_review.models import NurseRecommendation, ReviewTask
from chibench.world.apps.p2p_scheduler.models import P2PRequest
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.triage.models import TriageRecord
from chibench.world.core import yamlio
from chibench.world.core.clock import WORLD_OPEN
from chibench.world.core.db import Event, WorldSetting
from chibench.world.core.world import World
from chibench.world.export import diff, snapshot
from chibench.world.overlays import (
    DISTRACTOR_COUNT,
    OverlayError,
    OverlaySpec,
    apply_overlay,
    distractor_services,
    load_spec,
)
from chibench.world.seeds.loader import SEED_ROOT
from tests.support import upstream_nurse

SERVICES = {p.stem: yamlio.load(p.read_text()) for p in sorted((SEED_ROOT / "services").glob("*.yaml"))}


def _copy(base: Path, tmp: Path) -> World:
    target = tmp / "w.sqlite"
    shutil.copyfile(base, target)
    return World(target)


EXPECTED = {
    "intake": ("submitted", {IntakeCase}, {TriageRecord}),
    "triage": ("submitted", {IntakeCase}, {TriageRecord}),
    "nurse_review": ("under_review", {TriageRecord, ReviewTask}, {NurseRecommendation}),
    "md_review": ("under_review", {TriageRecord, ReviewTask}, {MdDecision}),
    "p2p": ("under_review", {MdDecision, P2PRequest}, set()),
}


@pytest.mark.parametrize("slug", sorted(SERVICES))
def test_um_overlay_reaches_its_pickup_stage(slug, base_world_file, tmp_path):
    stage = SERVICES[slug]["intended"]["um_pickup_stage"]
    world = _copy(base_world_file, tmp_path)
    up = upstream_nurse(slug) if stage in ("md_review", "p2p") else {}
    out = apply_overlay(world, OverlaySpec(kind="um_pickup", service=slug, stage=stage, upstream=up))
    status, present, absent = EXPECTED[stage]
    with world.read() as s:
        case = s.get(PACase, out["case_id"])
        assert case.status == status
        for model in present:
            assert s.query(model).filter_by(case_id=case.id).count() >= 1, model.__name__
        for model in absent:
            assert s.query(model).filter_by(case_id=case.id).count() == 0, model.__name__
        intake = s.query(IntakeCase).filter_by(case_id=case.id).one()
        assert (intake.status == "complete") == (stage != "intake")
        assert s.get(WorldSetting, "payer_mode").value == "queue"
        # every upstream write went through a service by a real worker; only the payer's electronic
        # receipt of the packet is the system's own
        events = s.query(Event).filter(Event.case_id == case.id).all()
        assert events
        assert {e.action for e in events if e.actor_id == "SYSTEM"} <= {"payer.queue", "intake.transition"}
    # the request is as old at pickup as the seed says it is
    assert world.now() >= WORLD_OPEN


def test_overlay_is_deterministic(base_world_file, tmp_path):
    digests = []
    for i in range(2):
        (tmp_path / str(i)).mkdir()
        world = _copy(base_world_file, tmp_path / str(i))
        apply_overlay(world, OverlaySpec(kind="um_pickup", service="sleeve_gastrectomy", stage="md_review"))
        digests.append(snapshot(world)["digest"])
    assert digests[0] == digests[1]


def test_overlay_touches_only_its_case_and_its_neighbours(base_world_file, tmp_path):
    world = _copy(base_world_file, tmp_path)
    before = snapshot(world)
    out = apply_overlay(world, OverlaySpec(kind="um_pickup", service="mri_brain", stage="nurse_review"))
    changed = diff(before, snapshot(world))
    after = snapshot(world)["tables"]
    cases = {out["case_id"], *out["other_case_ids"]}
    for table in ("pa_cases", "intake_cases", "submission_packets"):
        assert {r["case_id" if table != "pa_cases" else "id"] for r in after[table]} == cases, table
    assert "patients" not in changed and "conditions" not in changed


def test_distractors_are_a_function_of_the_target():
    picks = {slug: distractor_services(slug) for slug in SERVICES}
    for slug, chosen in picks.items():
        services = [s for s, _ in chosen]
        assert len(services) == DISTRACTOR_COUNT >= 5
        assert slug not in services and len(set(services)) == len(services)
        assert {st for _, st in chosen} == {"intake", "triage", "nurse_review"}
        assert distractor_services(slug) == chosen
    # neighbours differ from task to task (not one fixed set every task shares)
    assert len({tuple(c) for c in picks.values()}) > len(picks) // 2


QUEUE_TARGETS = [("brca_testing", "intake"), ("cheilectomy_mtp", "triage"), ("uppp", "md_review")]


@pytest.mark.parametrize("slug,stage", QUEUE_TARGETS)
def test_um_queue_holds_other_in_flight_requests(slug, stage, base_world_file, tmp_path):
    from chibench.world.apps.intake_hub import services as intake

    world = _copy(base_world_file, tmp_path)
    up = upstream_nurse(slug) if stage in ("md_review", "p2p") else {}
    out = apply_overlay(world, OverlaySpec(kind="um_pickup", service=slug, stage=stage, upstream=up))
    queue = intake.list_intake_queue(world, acting_as="WKR-INT-01", include_complete=True)
    ids = [r["case_id"] for r in queue]
    others = [r for r in queue if r["case_id"] != out["case_id"]]
    assert out["case_id"] in ids and len(others) >= 5
    # the target is neither first nor last in receipt order
    assert 0 < ids.index(out["case_id"]) < len(ids) - 1
    target_member = next(r["member_name"] for r in queue if r["case_id"] == out["case_id"])
    assert target_member not in {r["member_name"] for r in others}
    with world.read() as s:
        rows = {c.id: c for c in s.query(PACase).filter(PACase.id.in_(out["other_case_ids"]))}
        assert len({c.patient_id for c in rows.values()}) == len(rows)
        assert all(c.status in ("submitted", "under_review") for c in rows.values())
        intakes = {i.case_id: i.status for i in s.query(IntakeCase).filter(IntakeCase.case_id.in_(rows))}
        routed = {t.case_id for t in s.query(TriageRecord).filter(TriageRecord.case_id.in_(rows))}
        # different stages: awaiting intake, awaiting triage, routed into a clinical lane
        assert sum(1 for st in intakes.values() if st != "complete") >= 1
        assert sum(1 for cid, st in intakes.items() if st == "complete" and cid not in routed) >= 1
        assert len(routed) >= 1
        assert not s.query(NurseRecommendation).filter(NurseRecommendation.case_id.in_(rows)).count()


@pytest.mark.parametrize("spec,field", [
    ({"kind": "um_pickup", "service": "sleeve_gastrectomy"}, "stage"),
    ({"kind": "um_pickup", "service": "no_such_service", "stage": "intake"}, "service"),
    ({"kind": "cm_referral"}, "scenario_id"),
    ({"kind": "pa_new_referral"}, "service"),
    ({"kind": "um_pickup", "service": "iv_infusion", "stage": "md_review",
      "upstream": {"nurse_results": {"C99": {"result": "met"}}}}, "C99"),
])
def test_bad_overlays_are_refused(spec, field, base_world_file, tmp_path):
    world = _copy(base_world_file, tmp_path)
    with pytest.raises(OverlayError) as exc:
        apply_overlay(world, OverlaySpec.model_validate(spec))
    assert field in str(exc.value)


def test_overlay_spec_rejects_unknown_keys(tmp_path):
    p = tmp_path / "scenario.yaml"
    p.write_text("overlay:\n  kind: um_pickup\n  service: mri_brain\n  stage: triage\n  colour: blue\n")
    with pytest.raises(OverlayError) as exc:
        load_spec(p)
    assert "colour" in str(exc.value)


def test_pa_and_cm_overlays(base_world_file, tmp_path):
    world = _copy(base_world_file, tmp_path)
    assert apply_overlay(world, OverlaySpec(kind="pa_new_referral", service="uppp"))["order_id"] == "SR-UPP-001"
    with world.read() as s:
        assert s.get(WorldSetting, "payer_mode").value == "auto"
    cm = apply_overlay(world, OverlaySpec(kind="cm_referral", scenario_id="cm_asthma_low_coop_001"))
    assert cm["referral_id"].startswith("REF-CM")


def test_cli_build_with_overlay(tmp_path, capsys):
    scen = tmp_path / "scenario.yaml"
    scen.write_text("overlay: {kind: um_pickup, service: cataract_iol, stage: triage}\n")
    out = tmp_path / "w.sqlite"
    assert main(["world", "build", "--out", str(out), "--overlay", str(scen)]) == 0
    with World(out).read() as s:  # the target and the distractors left awaiting triage or routed
        assert s.query(IntakeCase).filter_by(status="complete").count() == 1 + 4
    bad = tmp_path / "bad.yaml"
    bad.write_text("overlay: {kind: um_pickup, service: cataract_iol}\n")
    assert main(["world", "build", "--out", str(tmp_path / "x.sqlite"), "--overlay", str(bad)]) == 2
    assert not (tmp_path / "x.sqlite").exists()
