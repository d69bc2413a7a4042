"""``chibench leaderboard regrade``: real exports re-graded with the pinned grader; tampering is refused."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.leaderboard.regrade import regrade
from chibench.leaderboard.submission import load_dataset, load_submission
from tests.leaderboard.submissions import PACKAGES, TASK, SubmissionBuilder

Make = Callable[..., SubmissionBuilder]


def _mixed(make: Make) -> SubmissionBuilder:
    b = make()
    b.trial("oracle")
    b.trial("near_miss")
    b.trial("nop")
    return b


def _result_path(sub: Path, index: int) -> Path:
    return sorted(p for p in next((sub / "jobs").iterdir()).iterdir() if p.is_dir())[index]


def test_an_honest_submission_regrades_identically(submission: Make, capsys: pytest.CaptureFixture[str]) -> None:
    path = _mixed(submission).finish()
    result = regrade(load_submission(path), load_dataset(PACKAGES))
    assert result.accepted and result.differences == []
    assert [(t.submitted, t.recomputed, t.kind) for t in result.trials] == [(1, 1, "agree"), (0, 0, "agree"),
                                                                            (0, 0, "agree")]
    assert result.trials[0].detail.startswith("deterministic layer confirmed")
    assert main(["leaderboard", "regrade", str(path), "--packages", str(PACKAGES), "--no-judge"]) == 0
    out = capsys.readouterr().out
    assert "judge: none configured" in out and "ACCEPTED" in out


def test_a_tampered_reward_is_refused_with_the_trial_named(submission: Make,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _mixed(submission).finish()
    trial = _result_path(path, 1)  # the near miss
    result = json.loads((trial / "result.json").read_text())
    result["verifier_result"]["rewards"]["reward"] = 1
    (trial / "result.json").write_text(json.dumps(result))
    regraded = regrade(load_submission(path), load_dataset(PACKAGES))
    assert not regraded.accepted
    [diff] = regraded.differences
    assert (diff.trial, diff.submitted, diff.recomputed, diff.kind) == (trial.name, 1, 0, "deterministic")
    assert "failed checks:" in diff.detail
    assert main(["leaderboard", "regrade", str(path), "--packages", str(PACKAGES), "--no-judge", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["accepted"] is False and out["differences"][0]["trial"] == trial.name
    assert out["refusals"] == ["1 trial(s) whose re-graded verdict differs outside judge variance"]


def test_a_tampered_export_is_refused(submission: Make, runs: dict[str, object]) -> None:
    """The oracle's reward with the nop's world: the stored export no longer earns the submitted reward."""
    path = _mixed(submission).finish()
    export = _result_path(path, 0) / "artifacts" / "opt" / "chibench" / "export"
    shutil.copyfile(runs["nop"].export_dir / "final.json", export / "final.json")  # type: ignore[attr-defined]
    regraded = regrade(load_submission(path), load_dataset(PACKAGES))
    assert [(d.submitted, d.recomputed, d.kind) for d in regraded.differences] == [(1, 0, "deterministic")]


def test_a_deleted_export_cannot_keep_its_reward(submission: Make) -> None:
    path = _mixed(submission).finish()
    shutil.rmtree(_result_path(path, 0) / "artifacts")
    regraded = regrade(load_submission(path), load_dataset(PACKAGES))
    [diff] = regraded.differences
    assert (diff.submitted, diff.recomputed, diff.kind) == (1, 0, "deterministic")


def test_an_errored_trial_without_reward_is_a_failure_not_a_difference(submission: Make) -> None:
    b = submission()
    b.trial("oracle")
    b.trial("oracle")
    t = b.trial("oracle", exception="AgentTimeoutError")
    path = b.finish()
    result = json.loads((t / "result.json").read_text())
    result["verifier_result"] = None
    (t / "result.json").write_text(json.dumps(result))
    regraded = regrade(load_submission(path), load_dataset(PACKAGES))
    assert regraded.accepted and regraded.trials[2].detail.startswith("errored or unfinished")


def test_judge_tolerance_is_a_fraction() -> None:
    from chibench.leaderboard.submission import Submission

    with pytest.raises(ValueError, match="judge_tolerance must be a fraction"):
        regrade(Submission(Path("."), None, None, []), load_dataset(PACKAGES), judge_tolerance=2)


def test_judge_variance_within_tolerance_is_accepted_beyond_it_refused() -> None:
    from chibench.leaderboard.regrade import RegradeResult, TrialRegrade

    def t(kind: str, judge: str = "ran") -> TrialRegrade:
        return TrialRegrade("j", "t", "x", 1, "pass", 0 if kind == "judge" else 1, "pass", judge, kind, "")

    assert RegradeResult([t("judge")] + [t("agree")] * 19, "m", 0.05).accepted
    refused = RegradeResult([t("judge")] * 2 + [t("agree")] * 18, "m", 0.05)
    assert refused.refusals == ["2 of 20 judged trial(s) differ in the judge verdict, more than the tolerated 5%"]
    assert not RegradeResult([t("deterministic")] + [t("agree")] * 99, "m", 0.05).accepted
    assert not RegradeResult([t("ungraded")], "m", 0.05).accepted


def test_build_end_to_end_accepts_the_honest_entry_and_refuses_the_tampered_one(
        submission: Make, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    honest = _mixed(submission).finish()
    tampered = _mixed(lambda: submission("tampered")).finish()
    trial = _result_path(tampered, 2)  # the nop, claiming a pass
    result = json.loads((trial / "result.json").read_text())
    result["verifier_result"]["rewards"]["reward"] = 1
    (trial / "result.json").write_text(json.dumps(result))
    site = tmp_path / "site"
    code = main(["leaderboard", "build", str(honest), str(tampered), "-o", str(site), "--packages", str(PACKAGES),
                 "--reference"])
    err = capsys.readouterr().err
    assert code == 1 and f"REFUSED {tampered}" in err and f"REFUSED {honest}" not in err
    board = json.loads((site / "leaderboard.json").read_text())
    # one task of the dataset: partial, so listed apart and not ranked (nor pooled) by default
    assert board["entries"] == [] and board["pooled"] == {}
    assert "Partial entries (not ranked)" in (site / "index.html").read_text()
    assert main(["leaderboard", "build", str(honest), "-o", str(site), "--packages", str(PACKAGES), "--reference",
                 "--include-partial", "--no-regrade"]) == 0
    capsys.readouterr()
    [unranked] = board["unranked"]
    board = json.loads((site / "leaderboard.json").read_text())
    [entry] = board["entries"]
    assert board["unranked"] == [] and {k: v for k, v in entry.items() if k not in ("pass_at_k", "pass_hat_k")} \
        == {k: v for k, v in unranked.items() if k not in ("pass_at_k", "pass_hat_k")}
    assert entry["missing_tasks"] == sorted(set(load_dataset(PACKAGES).tasks) - {TASK})
    assert "Partial entries (not ranked)" not in (site / "index.html").read_text()
    assert entry["source"] == "regraded" and entry["partial"] is True and entry["judge_verified"] is False
    assert entry["overall"]["pass_at_1"] == pytest.approx(1 / 3) and entry["overall"]["pass_at_3"] == 1.0
    assert entry["overall"]["pass_hat_3"] == 0 and entry["domains"]["provider_pa"]["n_trials"] == 3
    assert entry["failures"]["n_failed"] == 2 and len(board["reference"]) == 30
    html = (site / "index.html").read_text()
    assert "codex 0.46.0" in html and "deterministic layer only" in html and "partial" in html


def test_analyze_labels_the_failed_trials_of_a_real_job(submission: Make,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _mixed(submission).finish()
    job = next((path / "jobs").iterdir())
    assert main(["leaderboard", "analyze", str(job), "--packages", str(PACKAGES), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["n_failed"] == 2
    near, nop = out["labels"]
    # the near miss sends the packet on EDI 278: the grader's first failing check names the channel
    assert near["evidence"].startswith("first failing check ") and near["source"] == "deterministic"
    assert {near["category"], nop["category"]} <= {"Workflow-Completion", "Tool-Use-Error", "Policy-Compliance",
                                                   "Clinical-Reasoning", "Hallucination"}
    assert out["per_domain"] and all(row["domain"] == "provider_pa" for row in out["per_domain"])
    assert main(["leaderboard", "analyze", str(job), "--packages", str(PACKAGES)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 failed trial(s) of 3") and "policy-read recall:" in text


def test_with_a_judge_configured_every_rubric_gets_three_votes_and_judge_only_differences_are_variance(
        submission: Make) -> None:
    """A (fake, 127.0.0.1) judge that fails every rubric: the oracle trial's deterministic layer still passes,
    so its 1 → 0 is a judge difference — refused at the default 5 % tolerance, accepted at 100 %; the near
    miss and the nop fail deterministically, so the judge is skipped for them and they agree."""
    from chibench.verifiers import JudgeConfig
    from tests.verifiers.fake_llm import FakeLLM, verdict

    path = _mixed(submission).finish()
    sub, dataset = load_submission(path), load_dataset(PACKAGES)
    n_rubrics = len(json.loads((PACKAGES / "brca_testing.referral" / "tests" / "expectations.json")
                               .read_text())["rubrics"])
    with FakeLLM(lambda req, n: verdict(req, "fail")) as llm:
        judge = JudgeConfig(model="openai/fake-judge", api_base=llm.base_url, api_key="sk-test", timeout=20)
        strict = regrade(sub, dataset, judge=judge)
        n_requests = len(llm.requests)
        lenient = regrade(sub, dataset, judge=judge, judge_tolerance=1.0)
    assert n_requests == 3 * n_rubrics  # only the oracle reaches the judge: 3 votes per rubric
    assert [(t.kind, t.judge) for t in strict.trials] == [("judge", "ran"), ("agree", "skipped"),
                                                          ("agree", "skipped")]
    assert strict.refusals == ["1 of 1 judged trial(s) differ in the judge verdict, more than the tolerated 5%"]
    assert lenient.accepted and strict.judge_model == "openai/fake-judge"
