"""``chibench.rl`` on χ-Bench-Arena packages: the agent plays one side, the scripted opponent the other
(in the world, on the world clock, as in the package's sandbox), and ``score`` grades both sides.

Equivalence with ``chibench arena try`` (``chibench.package.arena.play``): the same steps give the same
reward, the same two side rewards and the same final export digest.
"""

from __future__ import annotations

from typing import Any

import pytest

from chibench.package import arena
from chibench.rl import ARENA_PACKAGES, ChiEnv, TaskLoadError, load_task

SERVICE = "brca_testing"  # both sides offered; the scripted payer approves after nurse and MD review


@pytest.fixture(scope="module")
def src() -> arena.ArenaSource:
    return arena.load_source(arena.ARENA_ROOT / f"{SERVICE}.arena.yaml")


def _episode(task: str, steps: list[dict[str, Any]]) -> tuple[Any, str | None]:
    with ChiEnv(task) as env:
        env.reset(seed=0)
        failure = env.replay(steps)
        return env.score(), failure


def _near_miss(src: arena.ArenaSource, side: str) -> tuple[str, list[dict[str, Any]]]:
    sc = arena.scenario_for(src, side)
    assert sc.near_misses, f"{src.id}.{side}: no near miss to play"
    m = sc.near_misses[0]
    return m.name, [s.model_dump() for s in m.steps]


@pytest.mark.parametrize("side", ["provider", "payer"])
def test_arena_package_loads_by_id_as_its_side(side: str) -> None:
    task = load_task(f"{SERVICE}.{side}")
    assert task.folder == ARENA_PACKAGES / f"{SERVICE}.{side}"
    assert (task.arena, task.role, task.opponent) == (True, side, "scripted")
    assert not load_task("brca_testing.referral").arena


@pytest.mark.parametrize("side", ["provider", "payer"])
def test_oracle_on_either_side_scores_1_with_both_cards_and_the_arena_try_digest(src: arena.ArenaSource,
                                                                                 side: str) -> None:
    task = load_task(f"{SERVICE}.{side}")
    score, failure = _episode(f"{SERVICE}.{side}", task.oracle)
    assert failure is None
    assert score.reward == 1
    assert score.sides is not None and {s: c["reward"] for s, c in score.sides.items()} == {"provider": 1, "payer": 1}
    assert score.scorecard["agent_side"] == side and score.scorecard["opponent"] == "scripted"
    assert score.export["tables"]["pa_cases"][0]["status"] == src.terminal_state
    played = arena.play(src, side, "oracle")
    assert (played["reward"], played["side_rewards"]) == (1, {"provider": 1, "payer": 1})
    assert score.digest == played["final"]["digest"]


@pytest.mark.parametrize("side", ["provider", "payer"])
def test_nop_on_either_side_scores_0(src: arena.ArenaSource, side: str) -> None:
    score, _ = _episode(f"{SERVICE}.{side}", [])
    assert score.reward == 0
    assert score.sides is not None and score.sides[side]["reward"] == 0
    assert score.digest == arena.play(src, side, "nop")["final"]["digest"]


def test_payer_near_miss_fails_only_the_payer_card_with_the_arena_try_digest(src: arena.ArenaSource) -> None:
    name, steps = _near_miss(src, "payer")
    score, _ = _episode(f"{SERVICE}.payer", steps)
    assert score.reward == 0
    assert score.sides is not None and {s: c["reward"] for s, c in score.sides.items()} == {"provider": 1, "payer": 0}
    played = arena.play(src, "payer", f"near_miss:{name}")
    assert played["side_rewards"] == {"provider": 1, "payer": 0}
    assert score.digest == played["final"]["digest"]


def test_single_side_task_has_no_side_cards() -> None:
    score, _ = _episode("brca_testing.referral", [])
    assert score.sides is None


def test_unknown_arena_id_names_the_arena_packages() -> None:
    with pytest.raises(TaskLoadError, match="arena: .*brca_testing.payer"):
        load_task("brca_testing.nowhere")
