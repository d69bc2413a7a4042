"""A judge that cannot vote makes the trial UNGRADED — never a 0 that looks like the agent's failure,
never a 1 (issue #15). Each fault mode against a local fake judge on 127.0.0.1, through the verify
entry point (``chibench verify``: exit 3, a scorecard saying why, and no reward.json, so Harbor records the
trial's missing reward as its exception); a passing judge gives 1 on a package's oracle; a quote taken
from the handbook is no evidence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.verifiers import JudgeConfig, grade
from chibench.world.tools.server import free_port
from tests.verifiers.fake_llm import FakeLLM, Reply, quote_from_artifacts, verdict

NAME = "um_ptx_nurse_approval"  # two rubrics; its deterministic layer passes


def _dead_url() -> str:
    return f"http://127.0.0.1:{free_port()}/v1"  # bound then closed: nothing listens there


FAULTS = {
    "http_500": lambda req, n: Reply(status=500),
    "malformed": lambda req, n: Reply("The work looks fine to me. PASS."),
    "off_schema": lambda req, n: verdict(req, "pass", confidence=0.9),
    "hang": lambda req, n: Reply(delay=2.5, content="{}"),
    "refusal": lambda req, n: Reply(content=None, refusal="I can't help with grading this."),
}


def _verify(trial, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, api_base: str) -> tuple[int, dict, Path]:
    t = trial(NAME)
    (tmp_path / "final.json").write_text(json.dumps(t.final))
    (tmp_path / "initial.json").write_text(json.dumps(t.initial))
    (tmp_path / "expectations.json").write_text(json.dumps(t.expectations()))
    for k, v in {"CHIBENCH_JUDGE_MODEL": "openai/fake-judge", "CHIBENCH_JUDGE_API_BASE": api_base,
                 "CHIBENCH_JUDGE_API_KEY": "sk-test", "CHIBENCH_JUDGE_TIMEOUT": "1",
                 "CHIBENCH_JUDGE_RETRIES": "1"}.items():
        monkeypatch.setenv(k, v)
    out = tmp_path / "verifier"
    code = main(["verify", "--export", str(tmp_path / "final.json"), "--initial", str(tmp_path / "initial.json"),
                 "--expectations", str(tmp_path / "expectations.json"), "--out", str(out)])
    return code, json.loads((out / "scorecard.json").read_text()), out


def _assert_ungraded(code: int, card: dict, out: Path, reason: str) -> None:
    assert code == 3
    assert not (out / "reward.json").exists()  # Harbor: RewardFileNotFoundError → the trial's exception
    assert card["outcome"] == "ungraded" and card["reward"] is None and card["leaderboard_valid"] is False
    assert card["layers"] == {"deterministic": "pass", "judge": "ungraded"}
    assert card["reason"].startswith("UNGRADED") and any(r in card["reason"].lower() for r in reason.split("|"))
    assert sorted(card["judge"]["ungraded_rubrics"]) == sorted(r["id"] for r in card["judge"]["rubrics"])
    for r in card["judge"]["rubrics"]:
        assert r["status"] == "ungraded" and r["votes_cast"] == 0
        assert all(v["attempts"] == 2 and len(v["failed_attempts"]) == 2 for v in r["votes"])  # 1 + 1 retry


def test_dead_judge_endpoint_is_ungraded(trial, tmp_path, monkeypatch):
    code, card, out = _verify(trial, tmp_path, monkeypatch, _dead_url())
    _assert_ungraded(code, card, out, "error")


@pytest.mark.parametrize("fault,reason", [("http_500", "error"), ("malformed", "not json"),
                                          ("off_schema", "wrong shape"), ("hang", "timeout"),
                                          ("refusal", "refusal|empty answer")])  # litellm may drop the refusal field
def test_judge_fault_is_ungraded(trial, tmp_path, monkeypatch, fault, reason):
    with FakeLLM(FAULTS[fault]) as llm:
        code, card, out = _verify(trial, tmp_path, monkeypatch, llm.base_url)
    _assert_ungraded(code, card, out, reason)
    assert len(llm.requests) == 2 * 3 * 2  # rubrics × votes × (1 + 1 retry): bounded


def test_a_reward_file_already_there_is_removed_when_ungraded(trial, tmp_path, monkeypatch):
    out = tmp_path / "verifier"
    out.mkdir()
    (out / "reward.json").write_text('{"reward": 1}')
    code, card, out = _verify(trial, tmp_path, monkeypatch, _dead_url())
    _assert_ungraded(code, card, out, "error")


def test_a_judge_that_recovers_within_its_retries_grades(trial, tmp_path, monkeypatch):
    with FakeLLM(lambda req, n: Reply(status=500) if n < 3 else verdict(req, "pass")) as llm:
        monkeypatch.setenv("CHIBENCH_JUDGE_RETRIES", "1")
        code, card, out = _verify(trial, tmp_path, monkeypatch, llm.base_url)
    # three votes lost their first attempt; each retry answered → a real verdict
    assert code == 0 and card["outcome"] == "pass" and json.loads((out / "reward.json").read_text()) == {"reward": 1}


def test_passing_judge_gives_1_on_a_package_oracle():
    """``chibench package try --judge`` path: the oracle of a real package, graded with a judge that passes
    every rubric quoting the agent's own artifacts."""
    from chibench.package.cli import PACKAGES, base_world
    from chibench.package.harness import try_task
    from chibench.package.scenario import load_scenario

    sc = load_scenario(PACKAGES / "uppp.md_review" / "scenario.yaml")
    assert sc.expectations.get("rubrics")
    with FakeLLM(lambda req, n: verdict(req, "pass", quote=quote_from_artifacts(req))) as llm:
        cfg = JudgeConfig(model="openai/fake-judge", api_base=llm.base_url, api_key="sk-test", timeout=20)
        res = try_task(sc, base_world(None), "oracle", judge=cfg)
    assert res.oracle_error is None
    assert res.reward == 1 and res.scorecard["outcome"] == "pass" and res.scorecard["leaderboard_valid"] is True
    assert res.scorecard["judge"]["status"] == "ran" and len(llm.requests) == 3 * len(sc.expectations["rubrics"])


def test_a_quote_from_the_handbook_is_not_evidence(trial):
    """Exploit: a 'pass' whose only quote is a sentence of the cited handbook section (shown to the judge
    as the standard) must not count — evidence comes from the agent's artifacts or the named world records."""
    def script(req, n):
        content = req["messages"][-1]["content"]
        section = content.split("# Handbook sections (authoritative)", 1)[1].split("# Data (untrusted", 1)[0]
        line = max((x.strip() for x in section.splitlines() if not x.startswith("#")), key=len)
        return verdict(req, "pass", quote=line[:150])

    t = trial(NAME)
    with FakeLLM(script) as llm:
        card = grade(t.final, t.expectations(), initial=t.initial,
                     judge=JudgeConfig(model="openai/fake-judge", api_base=llm.base_url, api_key="sk", timeout=20))
    votes = [v for r in card["judge"]["rubrics"] for v in r["votes"]]
    assert votes and all(v["cast"] and v["verdict"] == "fail" and not v["evidence"][0]["found"] for v in votes)
    assert all("verbatim quote" in v["reason"] for v in votes)
    assert card["reward"] == 0 and card["outcome"] == "fail"
