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


def test_resume_runs_only_what_the_jobs_directory_does_not_hold_as_passed(tmp_path, monkeypatch, capsys) -> None:
    """A sweep stopped early is finished later: passed trials are kept, failed and missing ones run again."""
    specs = ["uppp.md_review", "uppp.md_review:near_miss", "brca_testing.referral"]
    held = {"ref-oracle-uppp.md_review": True, "ref-nearmiss-uppp.md_review": False}  # passed, failed
    for name in held:
        (tmp_path / name / "trial").mkdir(parents=True)
        (tmp_path / name / "trial" / "result.json").write_text("{}")

    def fake_grade(t, jobs, *, priced, wall_from_result=False):
        if not held.get(bench.job_name(t), False):
            t.problems.append("reward 1, expected 0")
        else:
            t.reward = t.want
        return t

    ran: list[str] = []

    def fake_run(t, jobs, timeout, price):
        ran.append(bench.job_name(t))
        t.reward = t.want
        return t

    monkeypatch.setattr(bench, "grade", fake_grade)
    monkeypatch.setattr(bench, "run_trial", fake_run)
    monkeypatch.setattr("sys.argv", ["bench_reference.py", *specs, "--resume", "--jobs", str(tmp_path), "-j", "1"])
    assert bench.main() == 0
    assert sorted(ran) == ["ref-nearmiss-uppp.md_review", "ref-oracle-brca_testing.referral"]
    assert "--resume keeps 1 passed trials" in capsys.readouterr().out
