"""Every package's ``task.toml [metadata]`` carries its intended end state, read from the world seed (the one
place it is written): the leaderboard's Table 19 (PA by terminal status), Table 20 (UM pickup stage × terminal
outcome) and Table 22 (CM consent stance) are computed from it."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from chibench.package.cli import PACKAGES
from chibench.package.render import RenderError, terminal_metadata
from chibench.package.scenario import load_scenario
from chibench.world.seeds.catalog import PA_DIFFICULTY, TABLE_11
from chibench.world.seeds.loader import load_seeds

KEY = {"provider_pa": "terminal_status", "payer_um": "terminal_outcome", "care_management": "consent_stance"}


def _metadata() -> dict[str, dict[str, object]]:
    return {p.parent.name: tomllib.loads(p.read_text(encoding="utf-8"))["metadata"]
            for p in sorted(PACKAGES.glob("*/task.toml"))}


def test_every_package_carries_exactly_its_domains_terminal_key_from_its_seed() -> None:
    seeds = load_seeds()
    meta = _metadata()
    assert meta
    for task, m in meta.items():
        present = sorted(k for k in KEY.values() if k in m)
        assert present == [KEY[str(m["domain"])]], task
        if m["domain"] == "care_management":
            assert m["consent_stance"] == str(seeds.cm_members[task].consent_stance), task
        else:
            intended = seeds.services[task.split(".")[0]].intended
            want = intended.provider_terminal if m["domain"] == "provider_pa" else intended.um_outcome
            assert m[KEY[str(m["domain"])]] == want, task


def test_pa_terminal_statuses_reproduce_table_11() -> None:
    meta = {t: m for t, m in _metadata().items() if m["domain"] == "provider_pa"}
    missing = sorted(f"{s}.referral" for s in PA_DIFFICULTY if f"{s}.referral" not in meta)
    if missing:
        pytest.skip(f"PA packages not shipped yet: {missing}")
    counts = Counter((m["terminal_status"], m["difficulty"]) for m in meta.values())
    assert {t: {b: counts[(t, b)] for b in "EMH"} for t in TABLE_11} == TABLE_11


@pytest.mark.parametrize(("task", "field", "value", "message"), [
    ("uppp.md_review", "stage", "nurse_review", "intends the UM twin at stage 'md_review', not 'nurse_review'"),
    ("uppp.md_review", "service", "no_such_service", "no service seed services/no_such_service.yaml"),
    ("brca_testing.referral", "service", "no_such_service", "no service seed services/no_such_service.yaml"),
])
def test_a_task_whose_seed_does_not_give_its_end_state_is_refused(task: str, field: str, value: str,
                                                                   message: str) -> None:
    sc = load_scenario(PACKAGES / task / "scenario.yaml", world_checks=False)
    broken = sc.model_copy(update={"overlay": sc.overlay.model_copy(update={field: value})})
    with pytest.raises(RenderError, match=message):
        terminal_metadata(broken)


def test_cm_without_a_member_seed_is_refused() -> None:
    task = next(p.name for p in sorted(PACKAGES.glob("cm_*")))
    sc = load_scenario(PACKAGES / task / "scenario.yaml", world_checks=False)
    broken = sc.model_copy(update={"overlay": sc.overlay.model_copy(update={"scenario_id": "cm_none_001"})})
    with pytest.raises(RenderError, match="no care-management seed cm/cm_none_001.yaml"):
        terminal_metadata(broken)
