"""``examples/gym_env.py``: the Gymnasium adapter over ``chibench.rl`` (runs when gymnasium is installed:
the ``[rl]`` extra, which CI installs)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gym_env.py"


@pytest.fixture(scope="module")
def gym_env() -> ModuleType:
    spec = importlib.util.spec_from_file_location("chibench_gym_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_oracle_through_the_gym_interface_scores_1(gym_env: ModuleType, base_world_file: Path) -> None:
    reward, info = gym_env.replay_oracle("brca_testing.referral", base=base_world_file)
    assert reward == 1.0 and info["scorecard"]["reward"] == 1 and len(info["digest"]) == 64


def test_reset_info_and_spaces(gym_env: ModuleType, base_world_file: Path) -> None:
    env = gym_env.ChiBenchGymEnv("uppp.md_review", base=base_world_file)
    try:
        obs, info = env.reset(seed=3)
        assert obs == env.env.task.instruction and env.observation_space.contains(obs)
        assert info["role"] == "payer" and info["tools"] and info["functions"][0]["type"] == "function"
        assert Path(info["handbook"], "SKILL.md").is_file()
        text, reward, terminated, truncated, step_info = env.step(
            {"tool": "payer_intake_hub_list_intake_queue", "arguments": {"acting_as": info["identities"][0]}})
        assert not step_info["is_error"] and reward == 0 and not terminated and not truncated
        assert env.observation_space.contains(text)
    finally:
        env.close()


@pytest.mark.parametrize(("action", "message"), [
    ("not json", "not JSON"),
    ("[1]", "must be a JSON object"),
    ({"tool": 3}, "must be a JSON object with a string 'tool'"),
    ({"tool": "x", "args": {}}, "unknown action keys ['args']"),
])
def test_malformed_actions_are_error_observations(gym_env: ModuleType, base_world_file: Path, action: object,
                                                  message: str) -> None:
    env = gym_env.ChiBenchGymEnv("uppp.md_review", base=base_world_file)
    try:
        env.reset()
        start = env.env.export()["digest"]
        text, reward, terminated, truncated, info = env.step(action)
        assert info["is_error"] and json.loads(text)["error"] == "invalid_action" and message in text
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert env.env.export()["digest"] == start
    finally:
        env.close()


def test_finish_at_once_scores_0_and_the_step_budget_truncates(gym_env: ModuleType, base_world_file: Path) -> None:
    env = gym_env.ChiBenchGymEnv("uppp.md_review", base=base_world_file, max_steps=2)
    try:
        env.reset()
        _, reward, terminated, truncated, info = env.step({"tool": "finish"})
        assert (reward, terminated, truncated) == (0.0, True, False) and info["scorecard"]["reward"] == 0
        env.reset()
        assert env.step({"tool": "no_such_tool"})[2:4] == (False, False)
        _, reward, terminated, truncated, info = env.step({"tool": "no_such_tool"})
        assert (reward, terminated, truncated) == (0.0, False, True) and "scorecard" in info
    finally:
        env.close()
    with pytest.raises(ValueError, match="max_steps"):
        gym_env.ChiBenchGymEnv("uppp.md_review", max_steps=0)
