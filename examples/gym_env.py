"""A Gymnasium ``Env`` over a χ-Bench task (``chibench.rl``) — an adapter example for RL frameworks.

    pip install -e ".[rl]"                                  # gymnasium (pinned)
    python examples/gym_env.py [TASK]                       # replays the task's oracle through the Env

Spaces (text in, text out, as a tool-calling language model sees it):

* **action** — one tool call as JSON text (or the same as a dict): ``{"tool": "<name>", "arguments":
  {...}}``; ``{"tool": "finish"}`` ends the episode. ``arguments`` may itself be JSON text (as a
  model's function call carries it).
* **observation** — text: the task instruction after ``reset``; after a step, the tool result's text
  exactly as the MCP server sends it (compact JSON; an error is ``{"error", "message", …}``).
* **reward** — 0 on every tool call; at ``finish`` (``terminated``) or when ``max_steps`` is reached
  (``truncated``), the verifier's reward for the world as the agent left it (0 or 1).
* **info** — after ``reset``: ``tools`` (MCP tool specs), ``functions`` (OpenAI/litellm function
  specs), ``handbook`` (path of the handbook skill folder), ``identities``; after a step: ``is_error``,
  ``tool``; at the end: ``scorecard`` and ``digest`` (sha256 of the final world export).

A malformed action is answered with an ``invalid_action`` error observation (the world is untouched);
it counts as a step.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from chibench.rl import ChiEnv

FINISH = "finish"
#: Longest observation or action text the spaces declare (characters); the world's tools never return
#: more than 100,000 characters of JSON.
MAX_TEXT = 200_000
_CHARSET = frozenset(chr(c) for c in range(0x20, 0x10000) if not 0xD800 <= c < 0xE000) | {"\n", "\t", "\r"}


class ChiBenchGymEnv(gym.Env[str, str]):
    """One χ-Bench task as a Gymnasium environment. ``task``: a shipped task id or a package folder;
    ``max_steps``: tool calls before the episode is truncated; other keyword arguments go to
    :class:`chibench.rl.ChiEnv` (``base``, ``counterparts``, ``judge``, ``dataset``, ``workdir``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, task: str, *, max_steps: int = 200, render_mode: str | None = None, **kw: Any):
        if max_steps < 1:
            raise ValueError(f"max_steps must be ≥ 1, got {max_steps}")
        self.env = ChiEnv(task, **kw)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Text(max_length=MAX_TEXT, min_length=0, charset=_CHARSET)
        self.action_space = spaces.Text(max_length=MAX_TEXT, min_length=2, charset=_CHARSET)
        self._steps = 0
        self._last = ""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        obs = self.env.reset(seed=seed)
        self._steps = 0
        self._last = obs.instruction
        return obs.instruction, {"tools": obs.tools, "functions": obs.functions, "handbook": str(obs.handbook),
                                 "identities": obs.identities, "task_id": obs.task_id, "role": obs.role}

    def step(self, action: str | dict[str, Any]) -> tuple[str, float, bool, bool, dict[str, Any]]:
        self._steps += 1
        call = _parse_action(action)
        if isinstance(call, str):  # the reason it is malformed
            self._last = json.dumps({"error": "invalid_action", "message": call}, separators=(",", ":"))
            return self._end_or_continue(self._last, {"is_error": True, "tool": None}, finished=False)
        tool, arguments = call
        if tool == FINISH:
            return self._end_or_continue("", {"is_error": False, "tool": FINISH}, finished=True)
        result = self.env.step(tool, arguments)
        self._last = result.text
        return self._end_or_continue(result.text, {"is_error": result.is_error, "tool": tool}, finished=False)

    def _end_or_continue(self, text: str, info: dict[str, Any], *, finished: bool
                         ) -> tuple[str, float, bool, bool, dict[str, Any]]:
        truncated = not finished and self._steps >= self.max_steps
        if not (finished or truncated):
            return text, 0.0, False, False, info
        score = self.env.score()
        info.update(scorecard=score.scorecard, digest=score.digest)
        return text, float(score.reward), finished, truncated, info

    def render(self) -> str | None:
        return self._last if self.render_mode == "ansi" else None

    def close(self) -> None:
        self.env.close()


def _parse_action(action: str | dict[str, Any]) -> tuple[str, Any] | str:
    """``(tool, arguments)``, or why the action is malformed."""
    if isinstance(action, str):
        try:
            action = json.loads(action)
        except json.JSONDecodeError as exc:
            return f"the action is not JSON: {exc}; send {{\"tool\": <name>, \"arguments\": {{...}}}}"
    if not isinstance(action, dict) or not isinstance(action.get("tool"), str):
        return "the action must be a JSON object with a string 'tool' (and an 'arguments' object)"
    unknown = sorted(set(action) - {"tool", "arguments"})
    if unknown:
        return f"unknown action keys {unknown} (allowed: tool, arguments)"
    return action["tool"], action.get("arguments") or {}


def replay_oracle(task: str, **kw: Any) -> tuple[float, dict[str, Any]]:
    """Drive the Gym env with the task's reference trajectory (``${var}`` substitution and ``save`` as
    ``solution/oracle.py`` does); returns the final reward and info."""
    import jmespath

    from chibench.package.oracle_runner import substitute

    env = ChiBenchGymEnv(task, **kw)
    try:
        env.reset(seed=0)
        saved: dict[str, Any] = {}
        for step in env.env.task.oracle:
            action = json.dumps({"tool": step["tool"], "arguments": substitute(step.get("args", {}), saved)})
            text, _, _, _, info = env.step(action)
            payload = json.loads(text)
            for var, query in step.get("save", {}).items():
                saved[var] = jmespath.search(query, payload)
        _, reward, terminated, _, info = env.step({"tool": FINISH})
        assert terminated
        return reward, info
    finally:
        env.close()


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "brca_testing.referral"
    reward, info = replay_oracle(name)
    print(f"{name}: reward {reward:.0f}  final export {info['digest'][:16]}…  "
          f"checks passed {info['scorecard']['deterministic']['passed']}")
