"""The rubric judge through litellm against a local fake OpenAI-compatible server.

Three votes per rubric by default, strict majority, a tie fails; an error, timeout, refusal or
unparseable answer is retried and, if still missing, a vote not cast — a rubric the missing votes
could still swing is ungraded (no reward); without a configured model the grade is deterministic-only
and never a judge pass.
"""

from __future__ import annotations

import json

import pytest

from chibench.verifiers import PROMPT_VERSION, JudgeConfig, grade
from chibench.verifiers.judge import parse_vote
from tests.verifiers.fake_llm import FakeLLM, Reply, rubric_of, verdict
from tests.verifiers.verifier_scenarios import mutate, row

NAME = "um_ptx_nurse_approval"  # two rubrics


def _cfg(llm: FakeLLM, **kw) -> JudgeConfig:
    return JudgeConfig(model=kw.pop("model", "openai/fake-judge"), api_base=llm.base_url, api_key="sk-test",
                       timeout=kw.pop("timeout", 20), **kw)


def _per_rubric(plan: list[str]):
    """Script: the k-th request of each rubric gets plan[k] (pass | fail | error | garbage | timeout | …)."""
    seen: dict[str, int] = {}

    def script(req, n):
        rid = rubric_of(req)
        k = seen.get(rid, 0)
        seen[rid] = k + 1
        kind = plan[k % len(plan)]
        if kind in ("pass", "fail"):
            return verdict(req, kind)
        if kind == "error":
            return Reply(status=500)
        if kind == "garbage":
            return Reply("I think this looks fine, pass!")
        if kind == "timeout":
            return Reply(delay=3.0, content="{}")
        if kind == "refusal":
            return Reply(content=None, refusal="I can't help with that.")
        if kind == "filtered":
            return Reply(content="", finish_reason="content_filter")
        if kind == "empty":
            return Reply(content="")
        if kind == "no_quote":
            return verdict(req, "pass", quote="a sentence that appears nowhere in the material")
        if kind == "extra_key":
            return verdict(req, "pass", confidence=0.9)
        if kind == "wrong_rubric":
            r = verdict(req, "pass")
            r.content = r.content.replace(rid, "another-rubric")  # type: ignore[union-attr]
            return r
        if kind == "fenced":
            r = verdict(req, "pass")
            r.content = f"```json\n{r.content}\n```"
            return r
        raise AssertionError(kind)

    return script


def _grade(trial, llm, plan=None, **kw):
    t = trial(NAME)
    return grade(t.final, t.expectations(), initial=t.initial, judge=_cfg(llm, **kw))


def _rubric_statuses(card):
    return {r["id"]: (r["status"], r["pass_votes"]) for r in card["judge"]["rubrics"]}


def test_unanimous_pass_is_a_full_pass(trial):
    with FakeLLM(_per_rubric(["pass"])) as llm:
        card = _grade(trial, llm)
    assert card["reward"] == 1 and card["outcome"] == "pass" and card["leaderboard_valid"] is True
    assert card["layers"] == {"deterministic": "pass", "judge": "pass"}
    assert _rubric_statuses(card) == {"nurse-criteria-grounded": ("pass", 3), "approval-letter-standard": ("pass", 3)}
    j = card["judge"]
    assert j["status"] == "ran" and j["pass"] is True and j["prompt_version"] == PROMPT_VERSION
    assert j["config"]["model"] == "openai/fake-judge" and j["config"]["votes"] == 3 and "api_key" not in j["config"]
    assert j["tokens"]["prompt"] >= 6000 and j["tokens"]["completion"] == 300
    assert len(llm.requests) == 6
    votes = j["rubrics"][0]["votes"]
    assert all(v["model_reported"] == "fake-judge" and v["valid"] and v["evidence"][0]["found"] for v in votes)
    assert card["score"]["total"] == card["deterministic"]["passed"] + 2


@pytest.mark.parametrize("plan,status,n_pass", [
    (["pass", "pass", "fail"], "pass", 2),
    (["pass", "fail", "fail"], "fail", 1),
    (["pass", "pass", "error"], "pass", 2),        # decided: the missing vote cannot change a majority
    (["fail", "fail", "error"], "fail", 0),        # decided: the missing vote cannot make it pass
    (["fail", "no_quote", "garbage"], "fail", 0),  # a pass without evidence is a cast failing vote
    (["fenced", "pass", "fail"], "pass", 2),
    (["pass", "error", "error"], "ungraded", 1),
    (["pass", "garbage", "garbage"], "ungraded", 1),
    (["pass", "refusal", "filtered"], "ungraded", 1),
    (["pass", "empty", "no_quote"], "ungraded", 1),
    (["pass", "extra_key", "wrong_rubric"], "ungraded", 1),
    (["error"], "ungraded", 0),
])
def test_majority_of_votes(trial, plan, status, n_pass, tmp_path):
    with FakeLLM(_per_rubric(plan)) as llm:  # no retries: the k-th request of a rubric is its k-th vote
        t = trial(NAME)
        card = grade(t.final, t.expectations(), initial=t.initial, judge=_cfg(llm, retries=0), out_dir=tmp_path)
    assert set(_rubric_statuses(card).values()) == {(status, n_pass)}
    if status == "pass":
        assert card["reward"] == 1 and card["outcome"] == "pass"
    elif status == "fail":
        assert card["reward"] == 0 and card["outcome"] == "fail" and "rubric" in card["reason"]
        assert card["judge"]["pass"] is False and card["leaderboard_valid"] is True
    else:  # the judge could not decide: no verdict, no reward file, never 0-and-valid
        assert card["reward"] is None and card["outcome"] == "ungraded" and card["leaderboard_valid"] is False
        assert card["judge"]["pass"] is None and card["reason"].startswith("UNGRADED")
        assert not (tmp_path / "reward.json").exists() and (tmp_path / "scorecard.json").is_file()
    for r in card["judge"]["rubrics"]:
        assert len(r["votes"]) == 3
        assert all(v["reason"] for v in r["votes"] if not v["valid"])
        assert all((v["verdict"] is None) == (not v["cast"]) for v in r["votes"])


def test_timeouts_are_votes_not_cast(trial):
    with FakeLLM(_per_rubric(["pass", "timeout", "timeout"])) as llm:
        card = _grade(trial, llm, timeout=1.0, retries=0)
    assert set(_rubric_statuses(card).values()) == {("ungraded", 1)}
    reasons = [v["reason"] for r in card["judge"]["rubrics"] for v in r["votes"] if not v["cast"]]
    assert len(reasons) == 4 and all("timeout" in x.lower() for x in reasons)
    assert card["reward"] is None and card["outcome"] == "ungraded"


def test_a_vote_that_fails_then_answers_is_retried_and_counted(trial):
    def script(req, n):  # the first two requests fail (500, garbage), every later one passes
        return Reply(status=500) if n == 0 else Reply("not json") if n == 1 else verdict(req, "pass")

    with FakeLLM(script) as llm:
        card = _grade(trial, llm, retries=2, backoff=0.0)
    assert set(_rubric_statuses(card).values()) == {("pass", 3)} and card["reward"] == 1
    votes = [v for r in card["judge"]["rubrics"] for v in r["votes"]]
    assert sorted(v["attempts"] for v in votes) == [1, 1, 1, 1, 2, 2] or \
        sorted(v["attempts"] for v in votes) == [1, 1, 1, 1, 1, 3]
    assert len(llm.requests) == 8


def test_an_even_split_is_a_tie_and_fails(trial):
    with FakeLLM(_per_rubric(["pass", "pass", "fail", "fail"])) as llm:
        card = _grade(trial, llm, votes=4)
    assert set(_rubric_statuses(card).values()) == {("fail", 2)}
    assert len(llm.requests) == 8


def test_votes_and_model_come_from_the_environment(trial, monkeypatch):
    with FakeLLM(_per_rubric(["pass", "fail", "pass", "fail", "pass"])) as llm:
        monkeypatch.setenv("CHIBENCH_JUDGE_MODEL", "openai/gpt-4o-mini")
        monkeypatch.setenv("CHIBENCH_JUDGE_API_BASE", llm.base_url)
        monkeypatch.setenv("CHIBENCH_JUDGE_API_KEY", "sk-test")
        monkeypatch.setenv("CHIBENCH_JUDGE_VOTES", "5")
        t = trial(NAME)
        card = grade(t.final, t.expectations(), initial=t.initial)
    assert set(_rubric_statuses(card).values()) == {("pass", 3)}
    assert card["judge"]["config"]["votes"] == 5 and len(llm.requests) == 10
    assert card["judge"]["cost_usd"] is not None and card["judge"]["cost_usd"] > 0  # known model: priced locally


def test_no_judge_configured_is_deterministic_only_and_not_a_judge_pass(trial, monkeypatch, tmp_path):
    monkeypatch.delenv("CHIBENCH_JUDGE_MODEL", raising=False)
    t = trial(NAME)
    card = grade(t.final, t.expectations(), initial=t.initial, out_dir=tmp_path)
    assert card["judge"]["status"] == "not_run" and card["judge"]["pass"] is None
    assert card["layers"] == {"deterministic": "pass", "judge": "not_run"}
    assert card["outcome"] == "deterministic_pass_judge_not_run" and card["outcome"] != "pass"
    assert card["leaderboard_valid"] is False and "not leaderboard-valid" in card["judge"]["note"]
    assert card["reward"] == 1  # the deterministic verdict; the scorecard says it is not a full pass
    assert json.loads((tmp_path / "reward.json").read_text()) == {"reward": 1}
    assert card["score"]["total"] == card["deterministic"]["passed"]  # unjudged rubrics are not scored


def test_judge_is_skipped_when_the_deterministic_layer_fails(trial):
    t = trial(NAME)
    wrong = mutate(t.final, lambda tb: row(tb, "determinations", case_id=t.case_id).update(decision="denied"))
    with FakeLLM(_per_rubric(["pass"])) as llm:
        card = grade(wrong, t.expectations(), initial=t.initial, judge=_cfg(llm))
        assert llm.requests == [] and card["judge"]["status"] == "skipped" and card["reward"] == 0
        assert card["leaderboard_valid"] is True  # a judge could not have changed a 0
        card = grade(wrong, t.expectations(), initial=t.initial, judge=_cfg(llm, always=True))
        assert card["judge"]["status"] == "ran" and card["reward"] == 0 and len(llm.requests) == 6


def test_parse_vote_is_strict():
    hay = "daniel okafor lefs 52/80"
    ok = json.dumps({"rubric_id": "r", "verdict": "fail", "evidence": [], "explanation": "no"})
    assert parse_vote(ok, "r", hay)["valid"]
    assert not parse_vote(json.dumps({"rubric_id": "r", "verdict": "PASS", "evidence": [], "explanation": ""}),
                          "r", hay)["valid"]
    assert not parse_vote(json.dumps([1, 2]), "r", hay)["valid"]
    assert not parse_vote("Sure! " + ok, "r", hay)["valid"]
    assert not parse_vote(None, "r", hay)["valid"]
    bad_ev = json.dumps({"rubric_id": "r", "verdict": "pass", "evidence": ["LEFS 52/80"], "explanation": ""})
    assert not parse_vote(bad_ev, "r", hay)["valid"] and not parse_vote(bad_ev, "r", hay)["cast"]
    good = json.dumps({"rubric_id": "r", "verdict": "pass",
                       "evidence": [{"artifact": "x", "quote": "LEFS   52/80"}], "explanation": ""})
    v = parse_vote(good, "r", hay)
    assert v["valid"] and v["verdict"] == "pass" and v["evidence"][0]["found"]
