"""Grading inputs and outputs: missing or bad exports score 0 with the reason; the starting state is
checked; reward.json is exactly ``{"reward": 0|1}``; the scorecard carries everything else."""

from __future__ import annotations

import copy
import json

import pytest

from chibench.verifiers import GRADER_VERSION, grade
from chibench.verifiers.exportview import compute_digest
from tests.verifiers.verifier_scenarios import mutate, row


def _files(tmp_path, t, exp=None):
    (tmp_path / "final.json").write_text(json.dumps(t.final))
    (tmp_path / "initial.json").write_text(json.dumps(t.initial))
    (tmp_path / "expectations.json").write_text(json.dumps(exp or t.expectations()))
    return tmp_path / "final.json", tmp_path / "expectations.json", tmp_path / "initial.json"


def test_outputs_reward_and_scorecard(trial, tmp_path):
    t = trial("um_ptx_nurse_approval")
    final, exp, initial = _files(tmp_path, t)
    card = grade(final, exp, initial=initial, out_dir=tmp_path / "out", judge=None)
    assert (tmp_path / "out" / "reward.json").read_text() == '{"reward": 1}\n'
    sc = json.loads((tmp_path / "out" / "scorecard.json").read_text())
    assert sc["grader_version"] == GRADER_VERSION and sc["export"]["digest"] == t.final["digest"]
    assert sc["initial"]["digest"] == t.initial["digest"] and sc["expectations"]["sha256"]
    assert sc["judge"]["status"] == "not_run" and sc["judge"]["pass"] is None
    assert sc["outcome"] == "deterministic_pass_judge_not_run" and sc["leaderboard_valid"] is False
    assert {r["status"] for r in sc["judge"]["rubrics"]} == {"not_run"}
    assert sc["stages"]["nurse_review"]["passed"] >= 16 and sc["stages"]["core"]["failed"] == 0
    assert sc["score"] == card["score"] and sc["task"]["id"] == "um_nurse_review_pt_therapeutic_exercise"
    for c in sc["deterministic"]["checks"]:
        assert c["status"] in ("pass", "fail", "not_applicable") and isinstance(c["evidence"], dict)
        assert isinstance(c["do_nothing_passes"], bool)


@pytest.mark.parametrize("make,reason", [
    (lambda p: None, "no export given"),
    (lambda p: p / "missing.json", "export not found"),
    (lambda p: (p / "garbage.json").write_text("{not json") and p / "garbage.json", "not valid JSON"),
    (lambda p: (p / "list.json").write_text("[]") and p / "list.json", "not a JSON object"),
    (lambda p: (p / "empty.json").write_text("{}") and p / "empty.json", "format"),
])
def test_missing_or_unreadable_export_scores_zero_with_the_reason(trial, tmp_path, make, reason):
    t = trial("um_ptx_nurse_approval")
    card = grade(make(tmp_path), t.expectations(), initial=t.initial, out_dir=tmp_path / "out", judge=None)
    assert card["reward"] == 0 and reason in card["reason"]
    assert json.loads((tmp_path / "out" / "reward.json").read_text()) == {"reward": 0}
    assert json.loads((tmp_path / "out" / "scorecard.json").read_text())["reason"] == card["reason"]


def test_an_edited_export_fails_its_digest(trial):
    t = trial("um_ptx_nurse_approval")
    forged = copy.deepcopy(t.final)
    row(forged["tables"], "determinations", case_id=t.case_id)["decision"] = "denied"  # digest not recomputed
    card = grade(forged, t.expectations(), initial=t.initial, judge=None)
    assert card["reward"] == 0 and "digest" in card["reason"]
    truncated = dict(t.final, tables={k: v for k, v in t.final["tables"].items() if k != "pa_cases"})
    truncated["digest"] = compute_digest(truncated)
    assert "tables missing" in grade(truncated, t.expectations(), initial=t.initial, judge=None)["reason"]


@pytest.mark.parametrize("built_here", [False, True])
def test_built_here_skips_only_the_digest_recomputation_of_decoded_exports(trial, tmp_path, built_here):
    """``built_here`` (chibench.rl's in-process exports) takes a dict's digest as given; the same forged export
    read from a file is still refused, and a missing digest or format is refused either way."""
    t = trial("um_ptx_nurse_approval")
    forged = copy.deepcopy(t.final)
    row(forged["tables"], "determinations", case_id=t.case_id)["decision"] = "denied"  # digest not recomputed
    card = grade(forged, t.expectations(), initial=t.initial, judge=None, built_here=built_here)
    assert ("digest" in (card["reason"] or "")) is not built_here
    honest = grade(copy.deepcopy(t.final), t.expectations(), initial=t.initial, judge=None, built_here=built_here)
    assert honest["reward"] == 1
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    from_file = grade(tmp_path / "forged.json", t.expectations(), initial=t.initial, judge=None, built_here=built_here)
    assert from_file["reward"] == 0 and "digest" in from_file["reason"]
    for broken, reason in (({k: v for k, v in t.final.items() if k != "digest"}, "digest"),
                           ({**t.final, "format": "other/1"}, "format")):
        card = grade(broken, t.expectations(), initial=t.initial, judge=None, built_here=built_here)
        assert card["reward"] == 0 and reason in card["reason"]
    bad_initial = {**t.initial, "digest": None}
    card = grade(t.final, t.expectations(), initial=bad_initial, judge=None, built_here=built_here)
    assert card["reward"] == 0 and "initial export" in card["reason"]


def test_the_initial_export_must_be_the_tasks_starting_state(trial):
    t = trial("um_ptx_nurse_approval")
    exp = t.expectations()
    exp["task"]["initial_digest"] = t.initial["digest"]
    assert grade(t.final, exp, initial=t.initial, judge=None)["reward"] == 1
    other = trial("um_veeg_intake_no_auth").initial
    card = grade(t.final, exp, initial=other, judge=None)
    assert card["reward"] == 0 and "starting state" in card["reason"]
    bad_version = mutate(t.initial, lambda tables: None)
    bad_version["world_version"] = "0.0.0-other"
    bad_version["digest"] = compute_digest(bad_version)
    exp["task"].pop("initial_digest")
    assert "world version" in grade(t.final, exp, initial=bad_version, judge=None)["reason"]


def test_initial_export_found_next_to_the_expectations(trial, tmp_path):
    t = trial("um_ptx_nurse_approval")
    exp = t.expectations()
    exp["task"]["initial_export"] = "initial.json"
    final, exp_path, _ = _files(tmp_path, t, exp)
    card = grade(final, exp_path, judge=None)
    assert card["initial"]["provided"] and card["reward"] == 1


def test_without_the_initial_export_diff_checks_fail_rather_than_pass(trial):
    t = trial("um_ptx_nurse_approval")
    card = grade(t.final, t.expectations(), judge=None)
    failed = set(card["deterministic"]["failed_checks"])
    assert {"core.mutation_scope", "core.forward_only", "core.history_preserved"} <= failed
    assert card["reward"] == 0 and card["leaderboard_valid"] is False


def test_a_case_that_already_existed_is_not_the_agents(trial):
    t = trial("pa_brca_submit")
    card = grade(t.final, t.expectations(), initial=t.final, judge=None)  # the case was there at the start
    c = next(c for c in card["deterministic"]["checks"] if c["id"] == "core.target_located")
    assert c["status"] == "fail" and "already existed" in c["message"]


def test_key_and_starting_state_must_agree_on_the_starting_status(trial):
    t = trial("um_ptx_nurse_approval")
    exp = t.expectations()
    exp["target"]["initial_status"] = "submitted"
    card = grade(t.final, exp, initial=t.initial, judge=None)
    c = next(c for c in card["deterministic"]["checks"] if c["id"] == "core.target_located")
    assert c["status"] == "fail" and "says 'submitted'" in c["message"]


def test_target_not_located_fails_every_case_check(trial):
    t = trial("pa_brca_submit")
    card = grade(t.initial, t.expectations(), initial=t.initial, judge=None)  # the agent opened no case
    assert card["target"]["located"] is False and card["reward"] == 0
    case_checks = [c for c in card["deterministic"]["checks"] if c["stage"] != "core"]
    assert case_checks and all(c["status"] == "fail" for c in case_checks)
    assert all("not located" in c["message"] for c in case_checks)


def test_a_crashing_check_fails(trial, monkeypatch):
    from chibench.verifiers import checks_payer

    def boom(ctx, params):
        raise RuntimeError("kaput")

    from chibench.verifiers.registry import REGISTRY, CheckSpec

    spec = REGISTRY["determination.authorization"]
    monkeypatch.setitem(REGISTRY, "determination.authorization",
                        CheckSpec(spec.name, spec.stage, spec.description, spec.do_nothing_passes, boom, spec.expand))
    t = trial("um_ptx_nurse_approval")
    card = grade(t.final, t.expectations(), initial=t.initial, judge=None)
    c = next(c for c in card["deterministic"]["checks"] if c["id"] == "determination.authorization")
    assert c["status"] == "fail" and "kaput" in c["message"] and card["reward"] == 0
    assert checks_payer  # imported for the registry
