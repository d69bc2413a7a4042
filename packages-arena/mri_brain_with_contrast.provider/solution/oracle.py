#!/usr/bin/env python3
"""χ-Bench oracle: replay a task's reference tool calls through the role's MCP server.

Shipped as ``solution/oracle.py`` in every task package and run by ``solution/solve.sh`` inside the
agent's box (Harbor's ``oracle`` agent). It imports only the official ``mcp`` client and ``jmespath``
(both in the agent image) — never ``chibench`` — so it proves the task is solvable through exactly the
surface an agent has.

Trajectory file (``solution/trajectory.json``)::

    {"format": "chibench.trajectory/1", "server": "http://world:8000/payer/mcp",
     "steps": [{"tool": "...", "args": {...}, "save": {"var": "<jmespath>"},
                "expect": {"<jmespath>": <value>}, "expect_error": false}]}

``args`` strings of the form ``${var}`` are replaced by the saved value (any JSON type); ``${var}``
inside a longer string is interpolated as text. ``expect`` compares a jmespath over the tool's JSON
result; a mismatch or an unexpected tool error stops the run with exit code 1 and says which step.
``CHIBENCH_MCP_URL`` overrides the server URL (the in-process harness and tests use it).

Step at a time (``chibench.testing.scripted_model`` replays steps as a model's tool calls and gets each
result back later): ``step_arguments(step, env)`` before the call, ``absorb_result(n, step, is_error,
payload, env)`` after it — the same two functions ``run_steps`` is made of.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import jmespath

VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
Caller = Callable[[str, dict[str, Any]], Awaitable[tuple[bool, Any]]]


class StepFailed(RuntimeError):
    pass


def substitute(value: Any, env: dict[str, Any]) -> Any:
    """``${var}`` → the saved value (whole string) or its text (inside a string); recursive."""
    if isinstance(value, str):
        whole = VAR.fullmatch(value)
        if whole:
            if whole.group(1) not in env:
                raise StepFailed(f"variable ${{{whole.group(1)}}} was never saved")
            return env[whole.group(1)]

        def text(m: re.Match[str]) -> str:
            if m.group(1) not in env:
                raise StepFailed(f"variable ${{{m.group(1)}}} was never saved")
            v = env[m.group(1)]
            return v if isinstance(v, str) else json.dumps(v)

        return VAR.sub(text, value)
    if isinstance(value, list):
        return [substitute(v, env) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, env) for k, v in value.items()}
    return value


def step_arguments(step: dict[str, Any], env: dict[str, Any]) -> dict[str, Any]:
    """A step's arguments with the saved variables substituted (raises :class:`StepFailed`)."""
    args = substitute(step.get("args", {}), env)
    if not isinstance(args, dict):
        raise StepFailed(f"{step['tool']}: args must be a JSON object")
    return args


def absorb_result(n: int, step: dict[str, Any], is_error: bool, payload: Any, env: dict[str, Any]) -> None:
    """Check step ``n``'s outcome against its ``expect``/``expect_error`` and save its variables into ``env``.

    ``payload`` is the tool's JSON result. Raises :class:`StepFailed` naming the step on an unexpected
    error or success, a ``save`` query that matches nothing, or an ``expect`` mismatch.
    """
    tool = step["tool"]
    if is_error != bool(step.get("expect_error", False)):
        raise StepFailed(f"step {n} {tool}: {'tool error' if is_error else 'unexpected success'}: "
                         f"{json.dumps(payload)[:2000]}")
    for var, query in step.get("save", {}).items():
        found = jmespath.search(query, payload)
        if found is None:
            raise StepFailed(f"step {n} {tool}: save {var}: '{query}' matched nothing in "
                             f"{json.dumps(payload)[:1500]}")
        env[var] = found
    for query, wanted in step.get("expect", {}).items():
        got = jmespath.search(query, payload)
        wanted = substitute(wanted, env)
        if got != wanted:
            raise StepFailed(f"step {n} {tool}: expected {query} == {wanted!r}, got {got!r}")


async def run_steps(steps: list[dict[str, Any]], call: Caller, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Run every step through ``call(tool, args) -> (is_error, payload)``; returns the saved variables."""
    env: dict[str, Any] = {}
    for n, step in enumerate(steps, 1):
        is_error, payload = await call(step["tool"], step_arguments(step, env))
        absorb_result(n, step, is_error, payload, env)
        log(f"oracle: step {n:>2} {step['tool']} ok")
    return env


async def _mcp_main(trajectory: dict[str, Any]) -> None:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamablehttp_client

    url = os.environ.get("CHIBENCH_MCP_URL") or trajectory["server"]
    last: Exception | None = None
    started = False
    for _ in range(60):  # the world sidecar may still be starting
        try:
            async with streamablehttp_client(url) as (read, write, _), ClientSession(read, write) as session:
                await session.initialize()

                async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
                    result = await session.call_tool(tool, args)
                    text = "".join(getattr(c, "text", "") for c in result.content)
                    try:
                        payload = json.loads(text) if text else result.structuredContent
                    except json.JSONDecodeError:
                        payload = {"text": text}
                    return bool(result.isError), payload

                started = True  # from here on a failure is the run's, never retried (no step runs twice)
                await run_steps(trajectory["steps"], call)
                return
        except StepFailed:
            raise
        except Exception as exc:  # connection refused while the sidecar starts
            if started:
                raise
            last = exc
            await asyncio.sleep(1)
    raise SystemExit(f"oracle: cannot reach {url}: {last!r}")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: oracle.py TRAJECTORY.json", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        trajectory = json.load(f)
    try:
        asyncio.run(_mcp_main(trajectory))
    except StepFailed as exc:
        print(f"oracle: FAILED: {exc}", file=sys.stderr)
        return 1
    print("oracle: done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
