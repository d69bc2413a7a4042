"""χ-Bench as an in-process RL environment: load a task package, ``reset``, ``step``, ``score``.

No container, network or Harbor: the task's world runs in this process (one private in-memory
database per environment), tool calls go through the same dispatcher as the MCP servers, and the
reward comes from the same grader as the package's verifier. ::

    from chibench.rl import ChiEnv

    with ChiEnv("packages/uppp.md_review") as env:       # or a shipped task id, or dataset=<folder>
        obs = env.reset(seed=0)                          # instruction, tools (MCP + OpenAI), handbook path
        result = env.step("payer_intake_hub_list_intake_queue", {"acting_as": obs.identities[0]})
        result.text, result.is_error                     # exactly what the MCP server sends
        score = env.score()                              # reward 0/1 and the verifier's scorecard

An arena package (``ChiEnv("brca_testing.payer")``, from ``packages-arena/``) is played from its side against the
scripted opponent in the same world; ``score.sides`` holds both sides' scorecards.

Layering: this package imports the world, the verifiers and the packaging's pure helpers (scenario
model, oracle step runner); nothing imports it.
"""

from chibench.rl.env import (
    ChiEnv,
    EnvStateError,
    Observation,
    Score,
    ToolResult,
    function_specs,
    mcp_tools,
    run_episode,
)
from chibench.rl.task import ARENA_PACKAGES, PACKAGES, TaskLoadError, TaskPackage, find_task, load_task, task_ids
from chibench.rl.worlds import clear_cache

__all__ = ["ARENA_PACKAGES", "PACKAGES", "ChiEnv", "EnvStateError", "Observation", "Score", "TaskLoadError", "TaskPackage",
           "ToolResult", "clear_cache", "find_task", "function_specs", "load_task", "mcp_tools", "run_episode",
           "task_ids"]
