"""``chibench report`` over synthetic Harbor job directories (built from Harbor's own models)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

import pytest

from chibench.leaderboard.cli import add_report_parser, cmd_report
from chibench.leaderboard.metrics import wilson_interval
from chibench.leaderboard.report import LOUD_LINE, build_report, domain_from_name, render_text
from chibench.verifiers.grader import grade, write_outputs
from tests.leaderboard.harbor_jobs import HarborJob, scorecard

FIXTURES = Path(__file__).resolve().parents[1] / "verifiers" / "fixtures"

GROUP_KEYS = {"n_tasks", "n_trials", "n_successes", "pass_at_1", "pass_at_1_ci95", "pass_at_3", "pass_hat_3",
              "mean_steps", "mean_input_tokens", "mean_output_tokens", "mean_cost_usd", "total_cost_usd",
              "mean_wall_clock_s", "coverage", "n_exceptions", "n_missing_reward", "judge", "n_judged", "n_ungraded"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``chibench report …`` through the parser the lead wires into chibench/cli.py."""
    parser = argparse.ArgumentParser(prog="chibench")
    add_report_parser(parser.add_subparsers(dest="group", required=True))
    args = parser.parse_args(["report", *argv])
    assert args.func is cmd_report
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


def report_json(job_dir: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, _ = run([str(job_dir), "--json"], capsys)
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def by(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {r[key]: r for r in rows}


# ------------------------------------------------------------------------------------ scores


def test_all_pass(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    for task in ("uppp.referral", "uppp.md_review", "cm_asthma_low_coop_001"):
        for _ in range(3):
            harbor_job.trial(task, reward=1)
    rep = report_json(harbor_job.finish(), capsys)
    for group in [rep["overall"], *rep["domains"], *rep["tasks"]]:
        assert (group["pass_at_1"], group["pass_at_3"], group["pass_hat_3"]) == (1.0, 1.0, 1.0)
        assert group["pass_at_1_ci95"][1] == 1.0
        assert group["n_exceptions"] == 0 and group["judge"] == "all"
    assert [d["domain"] for d in rep["domains"]] == ["provider_pa", "payer_um", "care_management"]
    assert rep["overall"]["pass_at_1_ci95"] == list(wilson_interval(9, 9))
    assert rep["grading"] == {"judge": "all", "n_judged": 9, "n_trials": 9, "deterministic_only": False,
                              "n_leaderboard_valid": 9, "leaderboard_valid": True, "n_ungraded": 0, "warnings": []}
    assert rep["problems"] == [] and rep["skipped"] == []
    code, text, err = run([str(harbor_job.dir)], capsys)
    assert code == 0 and err == "" and LOUD_LINE not in text


def test_mixed_exact_numbers(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    for r in (1, 0, 0):
        harbor_job.trial("uppp.referral", reward=r, steps=10, tokens=(50_000, 3_000), cost=0.25, seconds=90)
    for r in (1, 1, 0):
        harbor_job.trial("uppp.md_review", reward=r, steps=6, tokens=(20_000, 1_000), cost=0.10, seconds=60)
    for r in (1, 1, 1):
        harbor_job.trial("fess.triage", reward=r, steps=2, tokens=(10_000, 500), cost=0.05, seconds=30)
    for r in (0, 0, 0):
        harbor_job.trial("cm_asthma_low_coop_001", reward=r, steps=None, tokens=None, cost=None, seconds=120)
    rep = report_json(harbor_job.finish(), capsys)

    tasks = by(rep["tasks"], "task")
    assert list(tasks) == ["uppp.referral", "fess.triage", "uppp.md_review", "cm_asthma_low_coop_001"]
    pa = tasks["uppp.referral"]
    assert (pa["n_trials"], pa["n_successes"], pa["domain"], pa["domain_source"]) == (3, 1, "provider_pa", "name")
    assert pa["pass_at_1"] == pytest.approx(1 / 3)
    assert (pa["pass_at_3"], pa["pass_hat_3"]) == (1.0, 0.0)
    assert pa["pass_at_1_ci95"] == pytest.approx([0.0615, 0.7923], abs=5e-5)
    assert (pa["mean_steps"], pa["mean_input_tokens"], pa["mean_output_tokens"]) == (10.0, 50_000.0, 3_000.0)
    assert pa["mean_cost_usd"] == pytest.approx(0.25) and pa["total_cost_usd"] == pytest.approx(0.75)
    assert pa["mean_wall_clock_s"] == 90.0
    assert tasks["uppp.md_review"]["pass_hat_3"] == 0.0 and tasks["fess.triage"]["pass_hat_3"] == 1.0
    cm = tasks["cm_asthma_low_coop_001"]
    assert (cm["pass_at_1"], cm["pass_at_3"], cm["pass_hat_3"]) == (0.0, 0.0, 0.0)
    assert cm["mean_steps"] is None and cm["mean_cost_usd"] is None and cm["total_cost_usd"] is None
    assert cm["coverage"] == {"steps": 0, "tokens": 0, "cost": 0, "wall_clock": 3}

    um = by(rep["domains"], "domain")["payer_um"]
    assert (um["n_tasks"], um["n_trials"], um["n_successes"]) == (2, 6, 5)
    assert um["pass_at_1"] == pytest.approx(5 / 6)           # mean(2/3, 3/3)
    assert (um["pass_at_3"], um["pass_hat_3"]) == (1.0, 0.5)
    assert um["pass_at_1_ci95"] == list(wilson_interval(5, 6))
    assert um["mean_steps"] == 4.0 and um["total_cost_usd"] == pytest.approx(0.45)

    overall = rep["overall"]
    assert (overall["n_tasks"], overall["n_trials"], overall["n_successes"]) == (4, 12, 6)
    assert overall["pass_at_1"] == pytest.approx(0.5)        # mean(1/3, 2/3, 1, 0)
    assert overall["pass_at_3"] == pytest.approx(0.75)       # mean(1, 1, 1, 0)
    assert overall["pass_hat_3"] == pytest.approx(0.25)      # mean(0, 0, 1, 0)
    assert overall["pass_at_1_ci95"] == pytest.approx([0.2538, 0.7462], abs=5e-5)
    assert overall["mean_steps"] == pytest.approx(6.0)       # 9 trials with a trajectory
    assert overall["total_cost_usd"] == pytest.approx(1.2)
    assert overall["mean_wall_clock_s"] == pytest.approx(75.0)


def test_estimator_with_more_than_k_trials_and_na_below_k(harbor_job: HarborJob,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for r in (1, 1, 0, 0, 0):
        harbor_job.trial("mri_brain.intake", reward=r)
    for r in (1, 1):
        harbor_job.trial("mri_brain.referral", reward=r)
    rep = report_json(harbor_job.finish(), capsys)
    tasks = by(rep["tasks"], "task")
    five = tasks["mri_brain.intake"]
    assert five["pass_at_3"] == pytest.approx(0.9) and five["pass_hat_3"] == 0.0   # 1 - C(3,3)/C(5,3)
    two = tasks["mri_brain.referral"]
    assert two["pass_at_1"] == 1.0 and two["pass_at_3"] is None and two["pass_hat_3"] is None
    assert rep["overall"]["pass_at_3"] is None                  # a task with n < 3: no overall pass@3
    assert rep["overall"]["pass_at_1"] == pytest.approx((0.4 + 1.0) / 2)
    text = render_text(rep)
    assert "n/a" in text


# ------------------------------------------------------------------------------------ failures and grading


def test_exception_and_missing_reward_count_as_zero(harbor_job: HarborJob,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("uppp.md_review", reward=1)
    harbor_job.trial("uppp.md_review", reward=1, exception="AgentTimeoutError")   # verifier said 1: not counted
    harbor_job.trial("uppp.md_review", reward=None, exception="EnvironmentStartError", judge=None, steps=None)
    rep = report_json(harbor_job.finish(), capsys)
    task = rep["tasks"][0]
    assert (task["n_trials"], task["n_successes"], task["n_exceptions"], task["n_missing_reward"]) == (3, 1, 2, 1)
    assert task["pass_at_1"] == pytest.approx(1 / 3) and task["pass_hat_3"] == 0.0
    kinds = [(p["trial"][-1], p["kind"]) for p in rep["problems"]]
    assert kinds == [("1", "exception"), ("2", "exception"), ("2", "missing_reward"), ("2", "missing_scorecard")]
    assert rep["problems"][0]["detail"] == ("AgentTimeoutError: AgentTimeoutError raised "
                                            "(verifier reward 1 not counted)")
    trials = by(rep["trials"], "trial")
    timed_out = next(t for name, t in trials.items() if name.endswith("1"))
    assert (timed_out["reward"], timed_out["raw_reward"], timed_out["success"]) == (0.0, 1.0, False)
    assert timed_out["exception"] == "AgentTimeoutError: AgentTimeoutError raised"
    text = render_text(rep)
    assert "Problems (4; an exception or a missing reward counts as reward 0)" in text
    assert "EnvironmentStartError" in text


def test_missing_scorecard_is_not_judged(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("fess.triage", reward=1)
    harbor_job.trial("fess.triage", reward=1)
    harbor_job.trial("fess.triage", reward=1, judge=None)
    rep = report_json(harbor_job.finish(), capsys)
    assert rep["tasks"][0]["pass_at_1"] == 1.0                  # the reward is Harbor's, scorecard or not
    assert rep["grading"]["judge"] == "some" and rep["grading"]["n_judged"] == 2
    assert rep["grading"]["deterministic_only"] is True
    assert [p["kind"] for p in rep["problems"]] == ["missing_scorecard"]
    assert sum(t["judge_status"] is None for t in rep["trials"]) == 1


def test_judge_not_run_prints_the_loud_line(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(3):
        harbor_job.trial("uppp.referral", reward=1, judge="not_run")
    harbor_job.finish()
    code, text, err = run([str(harbor_job.dir)], capsys)
    assert code == 0 and err == ""
    loud = [line for line in text.splitlines() if LOUD_LINE in line]
    assert len(loud) == 2                                       # above the tables and again at the end
    assert "(judge ran in 0 of 3 trials)" in loud[0]
    assert text.splitlines()[-1] == loud[1]
    code, out, err = run([str(harbor_job.dir), "--json"], capsys)
    rep = json.loads(out)                                       # stdout stays pure JSON
    assert rep["grading"]["judge"] == "none" and rep["grading"]["leaderboard_valid"] is False
    assert rep["grading"]["warnings"][0].startswith(LOUD_LINE)
    assert LOUD_LINE in err                                     # … and the terminal still hears about it


def test_judge_skipped_and_no_rubrics_count_as_judged(harbor_job: HarborJob,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("uppp.referral", reward=0, judge="skipped")
    harbor_job.trial("uppp.referral", reward=1, judge="no_rubrics")
    harbor_job.trial("uppp.referral", reward=1, judge="ran")
    rep = report_json(harbor_job.finish(), capsys)
    assert rep["grading"]["judge"] == "all" and not rep["grading"]["deterministic_only"]


# ------------------------------------------------------------------------------------ task metadata


@pytest.mark.parametrize(("name", "domain"), [
    ("cm_asthma_low_coop_001", "care_management"),
    ("brca_testing.referral", "provider_pa"),
    ("uppp.md_review", "payer_um"),
    ("rotator_cuff_repair_b.p2p", "payer_um"),
    ("chibench/uppp.referral", "provider_pa"),
    ("hello-world", "unknown"),
    (".referral", "unknown"),
])
def test_domain_from_name(name: str, domain: str) -> None:
    assert domain_from_name(name) == domain


def test_scorecard_task_block_wins(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    """A real grader scorecard (the answer key's task block) names the domain whatever the folder is called."""
    trial_dir = harbor_job.trial("pa_brca_submit", reward=0, judge=None)
    card = grade(trial_dir / "no-export.json", FIXTURES / "pa_brca_submit" / "expectations.json", judge=None)
    write_outputs(card, trial_dir / "verifier")
    rep = report_json(harbor_job.finish(), capsys)
    task = rep["tasks"][0]
    assert (task["domain"], task["domain_source"], task["difficulty"]) == ("provider_pa", "scorecard", "medium")
    assert rep["trials"][0]["judge_status"] == "not_run" and rep["trials"][0]["leaderboard_valid"] is False
    assert rep["grading"]["judge"] == "none"


def test_task_toml_metadata(harbor_job: HarborJob, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    package = tmp_path / "packages" / "weird_name"
    package.mkdir(parents=True)
    (package / "task.toml").write_text('version = "1.0"\n\n[metadata]\ndomain = "payer_um"\ndifficulty = "hard"\n')
    harbor_job.trial("weird_name", reward=1, task_path="packages/weird_name")   # relative, as `harbor run` records
    harbor_job.trial("other_name", reward=1, task_path=str(package))            # absolute
    rep = report_json(harbor_job.finish(), capsys)
    for task in rep["tasks"]:
        assert (task["domain"], task["domain_source"], task["difficulty"]) == ("payer_um", "task_config", "hard")


def test_scorecard_difficulty_beats_task_toml(harbor_job: HarborJob, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    package = tmp_path / "packages" / "uppp.md_review"
    package.mkdir(parents=True)
    (package / "task.toml").write_text('[metadata]\ndomain = "provider_pa"\ndifficulty = "easy"\n')
    harbor_job.trial("uppp.md_review", reward=1)
    trial_dir = harbor_job.trial("uppp.md_review", reward=1)
    write_outputs(scorecard("ran", 1, {"id": "uppp.md_review", "domain": "payer_um", "difficulty": "hard"}),
                  trial_dir / "verifier")
    task = report_json(harbor_job.finish(), capsys)["tasks"][0]
    assert (task["domain"], task["domain_source"], task["difficulty"]) == ("payer_um", "scorecard", "hard")


# ------------------------------------------------------------------------------------ layout edge cases


def test_unfinished_trial_dirs_are_skipped(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("fess.triage", reward=1)
    harbor_job.finish()
    (harbor_job.dir / "fess.triage__running").mkdir()
    (harbor_job.dir / "fess.triage__garbled").mkdir()
    (harbor_job.dir / "fess.triage__garbled" / "result.json").write_text("{not json")
    (harbor_job.dir / ".sources").mkdir()                       # Harbor's regrade cache: never a trial
    rep = report_json(harbor_job.dir, capsys)
    assert rep["overall"]["n_trials"] == 1
    reasons = {Path(s["path"]).name: s["reason"] for s in rep["skipped"]}
    assert reasons["fess.triage__running"].startswith("no result.json")
    assert reasons["fess.triage__garbled"].startswith("result.json unreadable: JSONDecodeError")
    assert ".sources" not in reasons


def test_mixed_agents_and_incomplete_job_warn(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("fess.triage", reward=1, agent=("codex", "gpt-5"))
    harbor_job.trial("fess.triage", reward=0, agent=("claude-code", None))
    harbor_job.finish()
    job_result = json.loads((harbor_job.dir / "result.json").read_text())
    job_result["n_total_trials"] = 6
    (harbor_job.dir / "result.json").write_text(json.dumps(job_result))
    rep = report_json(harbor_job.dir, capsys)
    assert [a["agent"] for a in rep["job"]["agents"]] == ["claude-code", "codex"]
    assert any(w.startswith("MIXED AGENTS") for w in rep["grading"]["warnings"])
    assert "incomplete job: 2 of 6 trials finished" in rep["grading"]["warnings"]


def test_json_keys_are_stable(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("uppp.referral", reward=1)
    harbor_job.trial("cm_copd_001", reward=None, exception="RuntimeError", judge=None, steps=None, tokens=None)
    rep = report_json(harbor_job.finish(), capsys)
    assert set(rep) == {"format", "job", "k", "grading", "domains", "difficulty", "overall", "tasks", "trials",
                        "problems", "skipped", "marathon"}
    assert rep["format"] == "chibench.report/1" and rep["k"] == 3
    assert set(rep["job"]) == {"dir", "name", "id", "started_at", "finished_at", "n_total_trials", "n_attempts",
                               "n_trials", "agents", "attempts_per_task"}
    assert set(rep["grading"]) == {"judge", "n_judged", "n_trials", "deterministic_only", "n_leaderboard_valid",
                                   "leaderboard_valid", "n_ungraded", "warnings"}
    assert set(rep["overall"]) == GROUP_KEYS
    for d in rep["domains"]:
        assert set(d) == GROUP_KEYS | {"domain"}
    for d in rep["difficulty"]:
        assert set(d) == GROUP_KEYS | {"domain", "difficulty"}
    for t in rep["tasks"]:
        assert set(t) == GROUP_KEYS | {"task", "domain", "domain_source", "difficulty"}
    for t in rep["trials"]:
        assert set(t) == {"trial", "task", "reward", "raw_reward", "success", "exception", "steps", "input_tokens",
                          "output_tokens", "cost_usd", "wall_clock_s", "judge_status", "judged",
                          "ungraded", "leaderboard_valid"}
    assert rep == build_report(harbor_job.dir)                  # the CLI prints exactly the library's object


def test_text_table_is_fixed_width(harbor_job: HarborJob) -> None:
    for task, r in (("uppp.referral", 1), ("a_very_long_task_name_that_overflows.md_review", 0),
                    ("cm_x", 1)):
        for _ in range(3):
            harbor_job.trial(task, reward=r)
    text = render_text(build_report(harbor_job.finish()))
    lines = text.splitlines()
    domain_table = lines[lines.index(next(s for s in lines if s.startswith("domain "))):][:7]
    assert [s.split()[0] for s in domain_table[2:]] == ["provider_pa", "payer_um", "care_management",
                                                       domain_table[5].split()[0], "overall"]
    assert len({len(s) for s in domain_table}) == 1
    task_table = lines[lines.index(next(s for s in lines if s.startswith("task "))):][:5]
    assert len({len(s) for s in task_table}) == 1
    assert "a_very_long_task_name_that_overflows.md_review" in task_table[3]


# ------------------------------------------------------------------------------------ bad input → exit 2


def test_bad_job_dirs_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope"
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    empty = tmp_path / "empty"
    empty.mkdir()
    no_trials = tmp_path / "jobs" / "no_trials"
    no_trials.mkdir(parents=True)
    (no_trials / "config.json").write_text(json.dumps({"job_name": "no_trials", "n_attempts": 3}))
    (no_trials / "half_done__abc").mkdir()
    for path, message in ((missing, "no such directory"), (a_file, "not a directory"),
                          (empty, "not a Harbor job directory"),
                          (no_trials, "no finished trials (no <trial>/result.json); 1 trial dir(s) skipped")):
        code, out, err = run([str(path)], capsys)
        assert code == 2 and out == ""
        assert err.startswith(f"chibench report: {path}: {message}")


def test_a_trial_dir_is_not_a_job_dir(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str]) -> None:
    trial_dir = harbor_job.trial("fess.triage", reward=1)
    harbor_job.finish()
    code, out, err = run([str(trial_dir), "--json"], capsys)
    assert code == 2 and out == ""
    assert f"{trial_dir}: this is a trial directory; pass its parent, the job directory" in err


@pytest.mark.parametrize(("per_task", "attempts", "shown"), [
    ((1, 1), 1, "attempts/task 1 (pass@3, pass^3 need 3)"),
    ((3, 3), 3, "attempts/task 3 (pass@3, pass^3 over 3)"),
    ((3, 2), 3, "attempts/task 2–3 (pass@3, pass^3 need 3)"),
])
def test_header_prints_the_attempts_actually_run(harbor_job: HarborJob, per_task: tuple[int, int], attempts: int,
                                                 shown: str) -> None:
    """A `-k 1` job says 1 attempt per task, not k = 3 (the pass@k columns' k is a different number)."""
    harbor_job.n_attempts = attempts
    for task, n in zip(("uppp.referral", "cm_copd_001"), per_task, strict=True):
        for _ in range(n):
            harbor_job.trial(task, reward=1)
    text = render_text(build_report(harbor_job.finish()))
    assert shown in text.splitlines()[1]
    assert "k = 3" not in text


@pytest.mark.parametrize(("trials", "code", "says"), [
    ([{"reward": 1}, {"reward": 0}], 0, None),                                  # a wrong answer is not an error
    ([{"reward": 1}, {"reward": None, "exception": "RuntimeError"}], 1, "raised an exception"),
    ([{"reward": None, "exception": "AgentTimeoutError"}] * 2, 1, "2 of 2 trials raised"),
    ([{"reward": 1}, {"reward": None}], 1, "have no reward (not graded)"),
])
def test_strict_fails_on_errored_or_ungraded_trials(harbor_job: HarborJob, capsys: pytest.CaptureFixture[str],
                                                     trials: list[dict[str, Any]], code: int,
                                                     says: str | None) -> None:
    """run.sh's gate: Harbor exits 0 even when every trial errored; `report --strict` does not."""
    for kwargs in trials:
        harbor_job.trial("uppp.referral", **kwargs)
    got, out, err = run([str(harbor_job.finish()), "--strict"], capsys)
    assert got == code
    assert "χ-Bench report" in out                                          # the report is printed either way
    assert (says in err) if says else "FAIL" not in err
def test_ungraded_trials_are_counted_loudly_and_left_out_of_pass_at_k(harbor_job: HarborJob,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A judge outage (no reward; Harbor's RewardFileNotFoundError) is neither a 0 nor a 1 (issue #15)."""
    for _ in range(3):
        harbor_job.trial("uppp.md_review", reward=1)
    for _ in range(3):
        harbor_job.trial("uppp.referral", reward=None, exception="RewardFileNotFoundError", judge="ungraded")
    harbor_job.trial("cm_copd_001", reward=0)
    harbor_job.trial("cm_copd_001", reward=None, exception="RewardFileNotFoundError", judge="ungraded")
    harbor_job.trial("cm_copd_001", reward=1)
    rep = report_json(harbor_job.finish(), capsys)
    g = rep["grading"]
    assert g["n_ungraded"] == 4 and g["leaderboard_valid"] is False and g["n_leaderboard_valid"] == 5
    assert g["n_judged"] == 5 and g["deterministic_only"] is True
    assert any(w.startswith("UNGRADED TRIALS") and "4 of 9" in w for w in g["warnings"])
    tasks = by(rep["tasks"], "task")
    assert (tasks["uppp.referral"]["n_trials"], tasks["uppp.referral"]["n_ungraded"]) == (0, 3)
    cm = tasks["cm_copd_001"]
    assert (cm["n_trials"], cm["n_successes"], cm["n_ungraded"]) == (2, 1, 1)
    assert cm["pass_at_1"] == 0.5 and cm["pass_at_3"] is None     # 2 graded trials: pass@3 not computable
    o = rep["overall"]
    assert (o["n_trials"], o["n_successes"], o["n_ungraded"], o["n_tasks"]) == (5, 4, 4, 2)
    assert o["pass_at_1"] == pytest.approx((1.0 + 0.5) / 2)       # the all-ungraded task is in no rate
    kinds = [p["kind"] for p in rep["problems"]]
    assert kinds.count("ungraded") == 4 and "missing_reward" not in kinds and "exception" not in kinds
    assert all(t["success"] is False and t["judged"] is False for t in rep["trials"] if t["ungraded"])
    text = render_text(rep)
    assert "UNGRADED 4/9 (not in pass@k)" in text and text.count("!! UNGRADED TRIALS") == 2


# ------------------------------------------------------------------------------------ markdown

MARKDOWN_GOLDEN = Path(__file__).parent / "report_golden.md"  # not under golden/: that folder is the site


def _markdown_job(harbor_job: HarborJob, root: Path) -> Path:
    """Five tasks over three domains and three bands; rewards chosen so every cell is hand-checkable."""
    spec = {"uppp.referral": ("provider_pa", "H", (1, 0, 0)), "fess.referral": ("provider_pa", "E", (1, 1, 1)),
            "uppp.md_review": ("payer_um", "M", (1, 1, 0)), "fess.nurse_review": ("payer_um", "H", (0, 0, 0)),
            "cm_asthma_low_coop_001": ("care_management", "E", (1, 0, 0))}
    for task, (domain, band, rewards) in spec.items():
        package = root / "packages" / task
        package.mkdir(parents=True)
        (package / "task.toml").write_text(f'[metadata]\ndomain = "{domain}"\ndifficulty = "{band}"\n')
        for i, r in enumerate(rewards):
            harbor_job.trial(task, reward=r, task_path=str(package), steps=10 + i, cost=0.5,
                             exception="AgentTimeoutError" if (task, i) == ("fess.nurse_review", 2) else None)
    return harbor_job.finish()


def test_markdown_report_matches_the_golden_file(harbor_job: HarborJob, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    job = _markdown_job(harbor_job, tmp_path)
    code, text, _ = run([str(job), "--format", "markdown"], capsys)
    assert code == 0
    if os.environ.get("CHIBENCH_UPDATE_GOLDEN"):
        MARKDOWN_GOLDEN.write_text(text, encoding="utf-8")
    assert text == MARKDOWN_GOLDEN.read_text(encoding="utf-8")
    rep = build_report(job)
    bands = {(g["domain"], g["difficulty"]): g for g in rep["difficulty"]}
    assert list(bands) == [("provider_pa", "E"), ("provider_pa", "H"), ("payer_um", "M"), ("payer_um", "H"),
                           ("care_management", "E")]
    assert bands[("provider_pa", "H")]["pass_at_1"] == pytest.approx(1 / 3)
    assert bands[("payer_um", "H")]["n_exceptions"] == 1
    # the rows a reader checks: overall pass@1 = mean(1/3, 1, 2/3, 0, 1/3) = 7/15 = 46.7 %
    assert "| **Overall** | 5 | 15 | 7 | 46.7 |" in text
    assert "| Payer UM | Hard | 1 | 3 | 0 | 0.0 |" in text
    assert "| Provider PA | Easy | 1 | 3 | 3 | 100.0 |" in text


@pytest.mark.parametrize(("argv", "code"), [(["--format", "json"], 0), (["--json", "--format", "json"], 0),
                                            (["--json", "--format", "markdown"], 2),
                                            (["--json", "--format", "text"], 2)])
def test_report_format_flags(harbor_job: HarborJob, argv: list[str], code: int,
                             capsys: pytest.CaptureFixture[str]) -> None:
    harbor_job.trial("uppp.referral", reward=1)
    job = harbor_job.finish()
    got, out, err = run([str(job), *argv], capsys)
    assert got == code
    if code == 0:
        assert json.loads(out)["format"] == "chibench.report/1"
    else:
        assert out == "" and "--json and --format" in err
