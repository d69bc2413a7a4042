"""``chibench leaderboard validate``: one test per rule, on submissions built from real graded runs."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from chibench.cli import main
from chibench.leaderboard.submission import (
    SubmissionMeta,
    load_dataset,
    load_submission,
    validate,
)
from chibench.world.core import yamlio
from tests.leaderboard.submissions import META, PACKAGES, TASK, SubmissionBuilder

Make = Callable[..., SubmissionBuilder]


def _issues(path: Path, severity: str = "error") -> list[tuple[str, str]]:
    out = validate(load_submission(path), load_dataset(PACKAGES))
    return [(i.rule, i.detail) for i in out if i.severity == severity]


def _good(make: Make, **kw: Any) -> SubmissionBuilder:
    b = make(**kw)
    b.trial("oracle")
    b.trial("oracle")
    b.trial("near_miss")
    return b


def test_a_complete_honest_submission_is_valid_and_flagged_partial(submission: Make,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = _good(submission).finish()
    assert _issues(path) == []
    dataset = load_dataset(PACKAGES)
    n = len(dataset.tasks)
    others = sorted(set(dataset.tasks) - {TASK})
    warnings = [i for i in validate(load_submission(path), dataset) if i.severity == "warning"]
    assert {i.rule for i in warnings} == {"partial"}
    [summary] = [i for i in warnings if i.where == "submission"]
    assert f"covers 1 of {n} published tasks; {n - 1} missing" in summary.detail
    # every missing task is its own warning, named and with its domain; the submitted task is not among them
    per_task = {i.where.removeprefix("task "): i.detail for i in warnings if i.where != "submission"}
    assert sorted(per_task) == others and len(others) == n - 1
    assert all(d == f"missing: no trial of this {dataset.tasks[t].domain} task in the submission"
               for t, d in per_task.items())
    assert main(["leaderboard", "validate", str(path), "--packages", str(PACKAGES), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is True and out["partial"] is True and out["n_trials"] == 3
    assert out["missing_tasks"] == others
    assert main(["leaderboard", "validate", str(path), "--packages", str(PACKAGES)]) == 0
    text = capsys.readouterr().out
    assert all(f"WARNING [partial] task {t}: missing" in text for t in others)


def test_errored_trials_are_counted_not_refused(submission: Make) -> None:
    b = submission()
    b.trial("oracle")
    b.trial("oracle")
    b.trial("nop", exception="AgentTimeoutError")
    assert _issues(b.finish()) == []
    sub = load_submission(b.root)
    assert [t.counted_reward for t in sub.trials] == [1, 1, 0]


@pytest.mark.parametrize(("change", "field"), [
    (lambda m: m.pop("harness"), "harness"),
    (lambda m: m["harness"].pop("version"), "harness.version"),
    (lambda m: m["contact"].update(email="not-an-address"), "contact.email"),
    (lambda m: m.update(handbook_variant="trimmed"), "handbook_variant"),
    (lambda m: m.update(date="last tuesday"), "date"),
    (lambda m: m.update(jobs=["../elsewhere"]), "jobs"),
    (lambda m: m.update(surprise=1), "surprise"),
])
def test_invalid_metadata_names_the_field(submission: Make, change: Callable[[dict[str, Any]], Any],
                                          field: str) -> None:
    b = _good(submission)
    b.meta = json.loads(json.dumps(b.meta))
    b.meta["jobs"] = ["jobs/2025-06-01__12-00-00"]
    change(b.meta)
    issues = _issues(b.finish())
    assert [r for r, _ in issues] == ["metadata"]
    assert field in issues[0][1]


def test_missing_metadata_file(submission: Make) -> None:
    path = _good(submission).finish()
    (path / "submission.yaml").unlink()
    assert ("metadata", f"{path / 'submission.yaml'}: no such file (a submission needs submission.yaml)") \
        in _issues(path)


def test_handbook_variants_match_the_sandbox() -> None:
    from typing import get_args

    from chibench.handbook_variant import VARIANTS

    assert set(get_args(SubmissionMeta.model_fields["handbook_variant"].annotation)) == set(VARIANTS)


def test_a_tampered_task_digest_is_refused(submission: Make) -> None:
    b = submission()
    b.trial("oracle")
    b.trial("oracle", digest="sha256:" + "1" * 64)
    b.trial("near_miss")
    issues = _issues(b.finish())
    assert [r for r, _ in issues] == ["digest"]
    assert "differs from the published sha256:" in issues[0][1]


def test_a_trial_without_lock_or_of_a_foreign_task_is_refused(submission: Make) -> None:
    b = _good(submission)
    foreign = b.trial("oracle", task="made_up.referral", digest="sha256:" + "3" * 64)
    path = b.finish()
    (next(p for p in (path / "jobs").glob("*/*") if p.name.startswith("brca")) / "lock.json").unlink()
    details = [d for r, d in _issues(path) if r == "digest"]
    assert any("no lock.json task.digest" in d for d in details)
    assert any("'made_up.referral' is not in the published dataset" in d for d in details)
    assert foreign.is_dir()


def test_fewer_than_three_attempts(submission: Make) -> None:
    b = submission(n_attempts=2)
    b.trial("oracle")
    b.trial("near_miss")
    issues = _issues(b.finish())
    assert issues == [("attempts", "2 trials; a leaderboard entry needs at least 3 per task")]


def test_a_cherry_picked_submission_is_refused(submission: Make) -> None:
    """Four attempts run, the failing one deleted afterwards: every counter that Harbor wrote disagrees."""
    b = submission(n_attempts=4)
    b.trial("oracle")
    b.trial("oracle")
    b.trial("oracle")
    dropped = b.trial("near_miss")
    path = b.finish()
    shutil.rmtree(dropped)
    details = [d for r, d in _issues(path) if r == "cherry_pick"]
    assert "4 trials planned (result.json n_total_trials) but only 3 trial folders present: 1 missing" in details
    assert "3 trials present, the job config asks for n_attempts = 4" in details
    assert any("stats account for 4 trials" in d for d in details)


def test_lock_json_planned_trials_must_all_be_present(submission: Make) -> None:
    b = _good(submission)
    path = b.finish()
    job = next((path / "jobs").iterdir())
    lock = {"trials": [{"task": {"name": f"chibench/{TASK}"}}] * 4}
    (job / "lock.json").write_text(json.dumps(lock))
    assert ("cherry_pick", "lock.json plans 4 trials, 3 present") in _issues(path)


def test_extra_trials_merged_into_a_job_are_refused(submission: Make) -> None:
    b = _good(submission)
    b.trial("oracle")
    path = b.finish()
    config = json.loads((b.job.dir / "config.json").read_text())
    config["n_attempts"] = 3
    (b.job.dir / "config.json").write_text(json.dumps(config))
    assert ("cherry_pick", "4 trials present, more than n_attempts = 3 (trials merged in?)") in _issues(path)


def test_a_started_unfinished_trial_counts_as_a_failure(submission: Make) -> None:
    b = submission(n_attempts=3)
    b.trial("oracle")
    b.trial("oracle")
    unfinished = b.trial("oracle")
    path = b.finish()
    (unfinished / "result.json").unlink()
    sub = load_submission(path)
    assert [t.counted_reward for t in sub.trials] == [1, 1, 0]
    assert ("cherry_pick", "started but has no result.json: counted as a failure") in _issues(path, "warning")


def test_a_missing_export_is_refused(submission: Make) -> None:
    b = submission()
    b.trial("oracle")
    b.trial("oracle", export=False)
    b.trial("near_miss")
    issues = _issues(b.finish())
    assert [r for r, _ in issues] == ["export"]


def test_an_unfinished_job_is_refused(submission: Make) -> None:
    path = _good(submission).finish()
    job = next((path / "jobs").iterdir())
    result = json.loads((job / "result.json").read_text())
    result["stats"]["n_running_trials"] = 1
    (job / "result.json").write_text(json.dumps(result))
    assert ("cherry_pick", "the job did not finish: stats.n_running_trials = 1") in _issues(path)


SANDBOX = {"import_path": "chibench.sandbox:SandboxEnvironment", "delete": True}


@pytest.mark.parametrize(("environment", "fragment"), [
    ({**SANDBOX, "mounts": [{"type": "bind", "source": "/work", "target": "/work"}]}, "environment.mounts"),
    ({**SANDBOX, "extra_docker_compose": ["leak.yaml"]}, "environment.extra_docker_compose"),
    ({**SANDBOX, "extra_allowed_hosts": ["example.org"]}, "environment.extra_allowed_hosts"),
    ({**SANDBOX, "env": {"CHIBENCH_JUDGE_API_KEY": "x"}}, "environment.env sets CHIBENCH_JUDGE_API_KEY"),
    ({**SANDBOX, "kwargs": {"share_host": "yes"}}, "['share_host']: not options of the χ-Bench sandbox"),
    ({**SANDBOX, "kwargs": {"handbook_variant": "no-medical"}}, "handbook_variant='no-medical' but submission"),
    ({"import_path": "mylab.env:Laptop"}, "import_path 'mylab.env:Laptop'"),
    ({"type": "modal"}, "environment type 'modal'"),
])
def test_changed_isolation_settings_are_refused(submission: Make, environment: dict[str, Any],
                                                fragment: str) -> None:
    issues = _issues(_good(submission).finish(environment=environment))
    assert issues and {r for r, _ in issues} == {"isolation"}
    assert any(fragment in d for _, d in issues), issues


@pytest.mark.parametrize("environment", [
    SANDBOX, {**SANDBOX, "kwargs": {"model_api": "http://127.0.0.1:8765/v1", "egress": "off"}},
    {"type": "docker"}, {"type": "podman", "force_build": True}, {"env": {"OPENAI_API_KEY": "sk"}},
])
def test_documented_environments_are_accepted(submission: Make, environment: dict[str, Any]) -> None:
    assert _issues(_good(submission).finish(environment=environment)) == []


def test_a_trial_whose_environment_was_edited_is_refused(submission: Make) -> None:
    path = _good(submission).finish()
    trial = next(p for p in next((path / "jobs").iterdir()).iterdir() if p.is_dir())
    config = json.loads((trial / "config.json").read_text())
    config["environment"]["mounts"] = [{"source": "/"}]
    (trial / "config.json").write_text(json.dumps(config))
    assert ("isolation", "the trial's environment differs from its job's (edited after the run?)") in _issues(path)


def test_a_trimmed_handbook_must_be_the_one_declared(submission: Make) -> None:
    b = _good(submission)
    b.meta["handbook_variant"] = "no-both"
    issues = _issues(b.finish())
    assert [r for r, _ in issues] == ["isolation"] and "does not set environment.kwargs.handbook_variant" in issues[0][1]
    b2 = _good(submission, name="s2")
    b2.meta["handbook_variant"] = "no-both"
    assert _issues(b2.finish(environment={**SANDBOX, "kwargs": {"handbook_variant": "no-both"}})) == []


def test_a_trial_of_another_agent_or_model_is_refused(submission: Make) -> None:
    b = _good(submission)
    b.meta["model"] = {"name": "anthropic/claude-opus-4-7"}
    issues = _issues(b.finish())
    assert {r for r, _ in issues} == {"agent"} and len(issues) == 3
    assert "model 'gpt-5' is not the declared model 'anthropic/claude-opus-4-7'" in issues[0][1]


def test_a_job_of_another_dataset_version_is_refused(submission: Make) -> None:
    path = _good(submission).finish()
    job = next((path / "jobs").iterdir())
    config = json.loads((job / "config.json").read_text())
    config["datasets"] = [{"name": "chibench/chibench", "version": "0.0.9"}]
    (job / "config.json").write_text(json.dumps(config))
    assert [r for r, _ in _issues(path)] == ["dataset"]


def test_cli_lists_errors_and_exits_1(submission: Make, capsys: pytest.CaptureFixture[str]) -> None:
    b = submission()
    b.trial("oracle", digest="sha256:" + "2" * 64)
    b.trial("oracle", export=False)
    b.trial("near_miss")
    path = b.finish()
    assert main(["leaderboard", "validate", str(path), "--packages", str(PACKAGES)]) == 1
    out = capsys.readouterr().out
    assert "ERROR [digest]" in out and "ERROR [export]" in out and "INVALID: 3 trial(s), 2 error(s)" in out


def test_cli_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leaderboard", "validate", str(tmp_path / "nope"), "--packages", str(PACKAGES)]) == 2
    assert "no such submission folder" in capsys.readouterr().err
    (tmp_path / "pk").mkdir()
    assert main(["leaderboard", "validate", str(tmp_path), "--packages", str(tmp_path / "pk")]) == 2
    assert "dataset.toml: no such file" in capsys.readouterr().err


def test_submission_yaml_round_trips() -> None:
    raw = yamlio.load(yaml.safe_dump({**META, "jobs": ["jobs/a"]}))
    meta = SubmissionMeta.model_validate(raw)
    assert meta.label == "codex 0.46.0 · GPT-5" and str(meta.date) == "2026-11-20"
