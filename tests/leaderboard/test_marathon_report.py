"""``chibench report``: marathon sessions beside the per-task pass@1 of the same agent (paper Table 4)."""

from __future__ import annotations

import pytest

from chibench.leaderboard.report import build_report, render_text
from tests.leaderboard.harbor_jobs import HarborJob

PA = {"id": "marathon.provider_pa", "domain": "provider_pa", "kind": "marathon", "n_cases": 25}


def test_marathon_rows_beside_per_task(harbor_job: HarborJob) -> None:
    for reward in (1, 0, 0, 0):  # per task: pass@1 0.25 over one PA task
        harbor_job.trial("uppp.referral", reward=reward)
    harbor_job.trial("marathon.provider_pa", reward=0.2, card_task=PA)
    harbor_job.trial("marathon.provider_pa", reward=0.04, card_task=PA)
    rep = build_report(harbor_job.finish())
    assert [d["domain"] for d in rep["domains"]] == ["provider_pa"]
    assert rep["overall"]["n_trials"] == 4 and [t["task"] for t in rep["tasks"]] == ["uppp.referral"]
    (row,) = rep["marathon"]
    assert row["domain"] == "provider_pa" and row["n_sessions"] == 2
    assert row["marathon_pass_at_1"] == pytest.approx(0.12) and row["per_task_pass_at_1"] == 0.25
    assert row["delta_points"] == -13.0
    assert not [p for p in rep["problems"] if p["kind"] == "non_binary_reward"]
    text = render_text(rep)
    assert "Marathon vs per-task" in text and "-13.0" in text


def test_per_task_from_another_job(harbor_job: HarborJob, tmp_path: object) -> None:
    harbor_job.trial("marathon.provider_pa", reward=0.08, card_task=PA)
    marathon_job = harbor_job.finish()
    other = HarborJob(harbor_job.root, name="2025-06-02__12-00-00")
    for reward in (1, 1, 0):
        other.trial("fess.referral", reward=reward)
    rep = build_report(marathon_job, other.finish())
    (row,) = rep["marathon"]
    assert row["per_task_pass_at_1"] == pytest.approx(2 / 3) and row["delta_points"] == pytest.approx(-58.7)
    assert rep["domains"] == []


def test_a_fraction_on_a_single_task_is_still_a_problem(harbor_job: HarborJob) -> None:
    harbor_job.trial("uppp.referral", reward=0.5)
    rep = build_report(harbor_job.finish())
    assert rep["marathon"] == [] and [p["kind"] for p in rep["problems"]] == ["non_binary_reward"]
