"""Read results reused across episodes (``chibench.rl.reuse``): a read answered at one write history is reused only
at that same history, so a reused result is always the text the world would compute now.

Each test compares against an environment with ``reuse_reads=False`` (every result computed) and would fail if
the history ignored a write, if a read that writes were stored, or if stored text could leak to another state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chibench.rl import ChiEnv, reuse
from chibench.rl.env import _kinds
from tests.rl.support import oracle_calls

TASKS = ["uppp.md_review", "brca_testing.referral"]


@pytest.fixture(autouse=True)
def _empty_store() -> Iterator[None]:
    reuse.clear()
    yield
    reuse.clear()


def _recorded(env: ChiEnv) -> list[tuple[str, Any, str]]:
    """Replay the oracle, recording every call as ``(tool, arguments after substitution, text)``."""
    return [(tool, args, r.text) for tool, args, r in oracle_calls(env)]


def _reads(env: ChiEnv, calls: list[tuple[str, Any, str]]) -> list[tuple[str, Any]]:
    kinds = _kinds(env.role)
    seen, out = set(), []
    for tool, args, _ in calls:
        key = (tool, json.dumps(args, sort_keys=True))
        if kinds.get(tool) == "read" and key not in seen:
            seen.add(key)
            out.append((tool, args))
    return out


@pytest.mark.parametrize("task", TASKS)
def test_a_repeated_episode_reuses_every_read_and_changes_nothing(task: str, base_world_file: Path) -> None:
    fresh = ChiEnv(task, base=base_world_file, reuse_reads=False)
    fresh.reset()
    expected = _recorded(fresh)
    digest = fresh.score().digest
    env = ChiEnv(task, base=base_world_file)
    for episode in range(2):
        env.reset()
        before = dict(reuse.STATS)
        got = _recorded(env)
        assert got == expected, f"episode {episode}: a result differs from the computed one"
        score = env.score()
        assert (score.digest, score.reward) == (digest, 1)
        reads = sum(1 for tool, _, _ in expected if _kinds(env.role).get(tool) == "read")
        hits = reuse.STATS["hits"] - before["hits"]
        assert hits == (0 if episode == 0 else reads)


@pytest.mark.parametrize("task", TASKS)
def test_a_read_after_writes_is_never_answered_from_an_earlier_state(task: str, base_world_file: Path) -> None:
    """Every read of the oracle asked at the start (stored at the empty history), then the oracle, then every
    read again: the last answers must be the ones computed on the final world, not the stored first ones."""
    plain = ChiEnv(task, base=base_world_file, reuse_reads=False)
    plain.reset()
    reads = _reads(plain, _recorded(plain))
    plain.reset()
    at_start = [plain.step(tool, args).text for tool, args in reads]
    _recorded(plain)
    at_end = [plain.step(tool, args).text for tool, args in reads]
    assert at_start != at_end, "the oracle's writes change none of its reads: this test could not fail"

    env = ChiEnv(task, base=base_world_file)
    for _ in range(2):
        env.reset()
        assert [env.step(tool, args).text for tool, args in reads] == at_start
        _recorded(env)
        assert [env.step(tool, args).text for tool, args in reads] == at_end


def test_a_read_that_writes_is_run_every_time(base_world_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tool registered as a read that sends a write statement is never stored, and moves the history on."""
    task = TASKS[0]
    env = ChiEnv(task, base=base_world_file, reuse_reads=False)
    env.reset()
    calls = _recorded(env)
    first_write = next(i for i, (tool, _, _) in enumerate(calls) if _kinds(env.role).get(tool) == "write")
    tool, args, text = calls[first_write]
    prefix = calls[:first_write]
    kinds = dict(_kinds(env.role))
    kinds[tool] = "read"  # the write tool now claims to be a read
    monkeypatch.setattr("chibench.rl.env._kinds", lambda role: kinds)

    env = ChiEnv(task, base=base_world_file)
    for _ in range(2):
        obs = env.reset()
        for t, a, _ in prefix:
            env.step(t, a)
        stored = reuse.size()["entries"]
        r = env.step(tool, args)
        assert r.text == text
        assert reuse.size()["entries"] == stored, "a call that wrote was stored"
        assert env.export()["digest"] != obs.initial_digest, "the write did not run"


def test_off_with_live_counterparts_and_unkeyable_arguments(base_world_file: Path) -> None:
    assert not ChiEnv(TASKS[0], base=base_world_file, counterparts="env").reuse_reads
    assert reuse.arguments_key({"x": float("nan")}) is None
    assert reuse.arguments_key({"b": 1, "a": 2}) != reuse.arguments_key({"a": 2, "b": 1})


def test_the_store_keeps_at_most_max_chars(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reuse, "MAX_CHARS", 100)
    h = reuse.start("t", "p", "payer")
    reuse.put(h, "a", "{}", False, "x" * 60)
    reuse.put(h, "b", "{}", False, "y" * 30)
    assert reuse.get(h, "a", "{}") == (False, "x" * 60)  # a is now the most recently used
    reuse.put(h, "c", "{}", False, "z" * 30)  # over 100: b (least recently used) goes
    assert reuse.get(h, "b", "{}") is None
    assert reuse.get(h, "a", "{}") is not None and reuse.get(h, "c", "{}") is not None
    assert reuse.size()["chars"] <= 100
    reuse.put(h, "d", "{}", False, "w" * 200)  # larger than the whole store: not kept
    assert reuse.get(h, "d", "{}") is None
    assert reuse.extend(h, "w", "{}", False, "ok") != reuse.extend(h, "w", "{}", False, "other")
