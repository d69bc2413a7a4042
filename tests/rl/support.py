"""``chibench.rl`` test support: replay a task's oracle and keep every call it made."""

from __future__ import annotations

from typing import Any

from chibench.rl import ChiEnv, ToolResult


def oracle_calls(env: ChiEnv) -> list[tuple[str, Any, ToolResult]]:
    """Replay the task's oracle on a reset ``env`` and return every call, in order, as ``(tool, arguments after
    ${var} substitution, result)``. Fails the test if a step does not behave as the trajectory expects;
    afterwards ``env.step`` is the class's own again."""
    calls: list[tuple[str, Any, ToolResult]] = []
    step = env.step

    def recording(tool: str, arguments: Any = None) -> ToolResult:
        result = step(tool, arguments)
        calls.append((tool, arguments, result))
        return result

    env.step = recording  # type: ignore[method-assign]
    try:
        failure = env.replay(env.task.oracle)
    finally:
        del env.step
    assert failure is None, failure
    return calls
