"""``benchmarks/bench_reference.py`` picks its default trials right: every shipped task's oracle once, and one
near miss per UM review stage, PA terminal status and CM consent stance; bad SPECs are refused by name."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks import bench_reference as bench


def test_default_list_is_every_oracle_and_one_near_miss_per_group() -> None:
    specs = bench.default_specs(oracle=True, near_misses=True)
    tasks = sorted(p.parent.name for p in bench.PACKAGES.glob("*/scenario.yaml"))
    oracles = [t for t, r in specs if r == "oracle"]
    assert sorted(oracles) == tasks and len(set(oracles)) == len(oracles)
    misses = [(t, r) for t, r in specs if r != "oracle"]
    groups = Counter(bench.near_miss_group(t) for t, _ in misses)
    assert set(groups.values()) == {1}, groups
    every_group = {bench.near_miss_group(t) for t in tasks if bench.scenario_near_misses(t)}
    assert set(groups) == every_group
    for domain, stages in (("payer_um", {"intake", "triage", "nurse_review", "md_review", "p2p"}),):
        assert {g.partition("/")[2] for g in groups if g.startswith(domain)} == stages
    for t, r in misses:
        assert r == f"near_miss:{bench.scenario_near_misses(t)[0]}"
    assert specs[: len(misses)] == misses, "near misses run first"


@pytest.mark.parametrize(("spec", "want"), [
    ("uppp.md_review", ("uppp.md_review", "oracle")),
    ("uppp.md_review:oracle", ("uppp.md_review", "oracle")),
    ("uppp.md_review:near_miss:anything", ("uppp.md_review", "near_miss:anything")),
])
def test_spec_forms(spec: str, want: tuple[str, str]) -> None:
    assert bench.parse_spec(spec) == want


def test_first_near_miss_spec_names_it() -> None:
    task, replay = bench.parse_spec("uppp.md_review:near_miss")
    assert replay == f"near_miss:{bench.scenario_near_misses(task)[0]}"


@pytest.mark.parametrize(("spec", "message"), [
    ("no_such_task", "no task package packages/no_such_task/"),
    ("uppp.md_review:nearmiss", "bad SPEC 'uppp.md_review:nearmiss'"),
])
def test_bad_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        bench.parse_spec(spec)
