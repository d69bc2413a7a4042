"""Re-grading is deterministic; the CLI writes the two files; the grader's diff is the world's diff."""

from __future__ import annotations

import json

from chibench.cli import main
from chibench.verifiers import grade
from chibench.verifiers.exportview import diff_tables


def _write(tmp_path, t):
    paths = {}
    for name, data in (("final", t.final), ("initial", t.initial), ("expectations", t.expectations())):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(data))
    return paths


def test_regrading_twice_gives_identical_results(trial, tmp_path):
    for name in ("um_ptx_nurse_approval", "cm_dm_care_plan"):
        t = trial(name)
        p = _write(tmp_path, t)
        a = grade(p["final"], p["expectations"], initial=p["initial"], judge=None)
        b = grade(json.loads(p["final"].read_text()), p["expectations"], initial=p["initial"], judge=None)
        a.pop("timing_ms"), b.pop("timing_ms")
        a["export"].pop("path"), b["export"].pop("path")
        assert a == b
    wrong = trial("um_ptx_nurse_approval", "escalate")
    runs = [grade(wrong.final, wrong.expectations(), initial=wrong.initial, judge=None)["deterministic"]
            for _ in range(2)]
    assert runs[0] == runs[1] and runs[0]["pass"] is False


def test_cli_verify_writes_reward_and_scorecard(trial, tmp_path, capsys):
    t = trial("pa_ptx_gather_evidence")
    p = _write(tmp_path, t)
    out = tmp_path / "out"
    rc = main(["verify", "--export", str(p["final"]), "--expectations", str(p["expectations"]),
               "--initial", str(p["initial"]), "--out", str(out), "--no-judge"])
    assert rc == 0
    assert (out / "reward.json").read_text() == '{"reward": 1}\n'
    card = json.loads((out / "scorecard.json").read_text())
    assert card["reward"] == 1 and card["judge"]["status"] == "not_run"
    summary = json.loads(capsys.readouterr().out)
    assert summary["reward"] == 1 and summary["outcome"] == "deterministic_pass_judge_not_run"
    # a wrong state: graded, reward 0, exit 1
    rc = main(["verify", "--export", str(p["initial"]), "--expectations", str(p["expectations"]),
               "--initial", str(p["initial"]), "--out", str(out)])
    assert rc == 1 and json.loads((out / "reward.json").read_text()) == {"reward": 0}
    # unreadable input: reward 0 written, exit 2
    rc = main(["verify", "--export", str(tmp_path / "nope.json"), "--expectations", str(p["expectations"]),
               "--out", str(out)])
    assert rc == 2 and json.loads((out / "reward.json").read_text()) == {"reward": 0}
    assert "not found" in json.loads((out / "scorecard.json").read_text())["reason"]


def test_grader_diff_equals_the_world_diff(trial):
    from chibench.world.apps import registry  # noqa: F401  (registers every table's primary key)
    from chibench.world.export import diff

    for name in ("um_ptx_nurse_approval", "pa_brca_submit", "cm_dm_care_plan"):
        t = trial(name)
        assert diff_tables(t.initial["tables"], t.final["tables"]) == diff(t.initial, t.final)


def test_readme_lists_every_registered_check():
    from pathlib import Path

    from chibench.verifiers.registry import REGISTRY, _load_checks

    _load_checks()
    text = (Path(__file__).resolve().parents[2] / "verifiers" / "README.md").read_text(encoding="utf-8")
    missing = [name for name in REGISTRY if f"`{name}`" not in text]
    assert not missing
