#!/usr/bin/env python3
"""chibench-tools: the task's MCP tools from a shell (the agent box's command-line MCP client).

Installed as ``chibench-tools`` in the agent image and the sandbox's agent root (on ``PATH``). It needs only
the official ``mcp`` client (and ``jmespath`` for ``--query``) — never ``chibench``, which must not be
importable in the agent's box. It is the paper's "CLI surface": the same tools, the same server, the same
results as an MCP client gets.

Usage::

    chibench-tools list [--json]                       every tool: name, read/write, summary
    chibench-tools describe NAME [--json]              description and arguments (types, enums, required)
    chibench-tools call NAME ['{"arg": …}' | -] [--query JMESPATH] [--pretty]

The server is ``--url URL``, else ``$CHIBENCH_MCP_URL`` (set in every χ-Bench task's box; the task's
instruction names it too). ``call`` prints the tool's result as JSON on stdout (``--query`` applies a
jmespath expression to it first, like the AWS CLI's; ``-`` reads the arguments from stdin).

Exit codes: 0 success; 1 the tool answered with an error (its error JSON on stdout, a one-line summary
on stderr; nothing was changed); 2 bad usage (unknown tool, arguments that are not a JSON object, a bad
query); 3 the server could not be reached or broke the protocol (the message names the URL).
"""

from __future__ import annotations

import argparse
import asyncio
import difflib
import json
import logging
import os
import sys
from typing import Any

EXIT_OK, EXIT_TOOL_ERROR, EXIT_USAGE, EXIT_UNREACHABLE = 0, 1, 2, 3
URL_ENV = "CHIBENCH_MCP_URL"


class Usage(Exception):
    """Bad usage: exit 2 with the message."""


class Unreachable(Exception):
    """The server could not be reached or broke the protocol: exit 3 with the message."""


def _root_cause(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


async def _session_run(url: str, timeout: float, action: Any) -> Any:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamablehttp_client

    async with streamablehttp_client(url, timeout=timeout) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        return await action(session)


def _run(url: str, timeout: float, action: Any) -> Any:
    try:
        return asyncio.run(_session_run(url, timeout, action))
    except (Usage, KeyboardInterrupt):
        raise
    except BaseException as exc:  # anyio wraps transport failures in exception groups
        cause = _root_cause(exc)
        if isinstance(cause, Usage):
            raise cause from None
        raise Unreachable(f"cannot use the MCP server at {url}: {type(cause).__name__}: {cause}".strip()) from None


async def _all_tools(session: Any) -> list[Any]:
    tools: list[Any] = []
    cursor = None
    while True:
        page = await session.list_tools(cursor=cursor) if cursor else await session.list_tools()
        tools += page.tools
        cursor = getattr(page, "nextCursor", None)
        if not cursor:
            return tools


def _kind(tool: Any) -> str:
    ann = getattr(tool, "annotations", None)
    return "read" if ann is not None and getattr(ann, "readOnlyHint", None) else "write"


def _summary(tool: Any) -> str:
    text = (tool.description or "").strip()
    return text.split("\n", 1)[0].split(". ", 1)[0].rstrip(".")


def _as_json(tool: Any) -> dict[str, Any]:
    out = {"name": tool.name, "kind": _kind(tool), "description": tool.description or "",
           "inputSchema": tool.inputSchema}
    return out


def _type_of(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_type_of(s) for s in schema["anyOf"] if isinstance(s, dict))
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    t = schema.get("type", "any")
    if t == "array" and isinstance(schema.get("items"), dict):
        return f"array of {_type_of(schema['items'])}"
    return str(t)


def describe_text(tool: Any) -> str:
    """The human-readable ``describe`` output."""
    schema = tool.inputSchema or {}
    required = set(schema.get("required") or [])
    lines = [f"{tool.name} ({_kind(tool)})", "", (tool.description or "").strip(), "", "Arguments:"]
    props = schema.get("properties") or {}
    if not props:
        lines.append("  (none)")
    for name, prop in props.items():
        flag = "required" if name in required else "optional"
        lines.append(f"  {name}: {_type_of(prop)} ({flag})")
        if prop.get("description"):
            lines.append(f"      {prop['description']}")
    defs = schema.get("$defs") or {}
    for def_name, d in defs.items():
        lines += ["", f"{def_name}:"]
        for name, prop in (d.get("properties") or {}).items():
            flag = "required" if name in set(d.get("required") or []) else "optional"
            lines.append(f"  {name}: {_type_of(prop)} ({flag})" + (f" — {prop['description']}"
                                                                 if prop.get("description") else ""))
    lines += ["", f"Call: chibench-tools call {tool.name} '{{\"{next(iter(props), 'arg')}\": …}}'"]
    return "\n".join(lines)


def _find(tools: list[Any], name: str) -> Any:
    for t in tools:
        if t.name == name:
            return t
    close = difflib.get_close_matches(name, [t.name for t in tools], n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `chibench-tools list` shows them all"
    raise Usage(f"no tool '{name}' on this server{hint}")


def _arguments(raw: str | None) -> dict[str, Any]:
    if raw is None:
        return {}
    text = sys.stdin.read() if raw == "-" else raw
    try:
        value = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise Usage(f"arguments are not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                    "pass one JSON object, e.g. '{\"case_id\": \"PA-1\"}'") from None
    if not isinstance(value, dict):
        raise Usage(f"arguments must be a JSON object, not {type(value).__name__}")
    return value


def _query(expression: str | None) -> Any:
    if expression is None:
        return None
    try:
        import jmespath
    except ImportError:  # pragma: no cover - the agent image installs it
        raise Usage("--query needs the jmespath package") from None
    try:
        return jmespath.compile(expression)
    except jmespath.exceptions.JMESPathError as exc:
        raise Usage(f"--query: not a jmespath expression: {exc}") from None


def _dump(value: Any, pretty: bool) -> str:
    if pretty:
        return json.dumps(value, indent=2, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _result_payload(result: Any) -> tuple[Any, str]:
    text = "".join(getattr(c, "text", "") or "" for c in result.content)
    try:
        return (json.loads(text) if text else result.structuredContent), text
    except json.JSONDecodeError:
        return {"text": text}, text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="chibench-tools", description="the task's MCP tools from a shell")
    p.add_argument("--url", help=f"MCP server URL (default: ${URL_ENV})")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for one request (default 300)")
    sub = p.add_subparsers(dest="command", required=True)
    ls = sub.add_parser("list", help="every tool with read/write and a one-line summary")
    ls.add_argument("--json", action="store_true", help="names, kinds, descriptions and input schemas as JSON")
    d = sub.add_parser("describe", help="one tool's description and arguments")
    d.add_argument("name")
    d.add_argument("--json", action="store_true")
    c = sub.add_parser("call", help="call a tool with JSON arguments; prints its JSON result")
    c.add_argument("name")
    c.add_argument("arguments", nargs="?", help="a JSON object ('-' reads it from stdin; default {})")
    c.add_argument("--query", help="jmespath expression applied to the result (e.g. 'case.id')")
    c.add_argument("--pretty", action="store_true", help="indent the JSON output")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.disable(logging.WARNING)  # the SDK logs transport noise; errors are reported below
    url = args.url or os.environ.get(URL_ENV, "")
    try:
        if not url:
            raise Usage(f"no MCP server: pass --url or set {URL_ENV} (the task's instruction names the URL)")
        if args.command == "list":
            tools = _run(url, args.timeout, _all_tools)
            if args.json:
                print(_dump([_as_json(t) for t in tools], True))
            else:
                width = max((len(t.name) for t in tools), default=0)
                for t in sorted(tools, key=lambda t: t.name):
                    print(f"{t.name:<{width}}  {_kind(t):<5}  {_summary(t)}")
            return EXIT_OK
        if args.command == "describe":
            tool = _run(url, args.timeout, _all_tools)
            found = _find(tool, args.name)
            print(_dump(_as_json(found), True) if args.json else describe_text(found))
            return EXIT_OK
        arguments = _arguments(args.arguments)
        query = _query(args.query)

        async def call(session: Any) -> Any:
            result = await session.call_tool(args.name, arguments)
            payload, _ = _result_payload(result)
            if result.isError and isinstance(payload, dict) and payload.get("error") == "unknown_tool":
                _find(await _all_tools(session), args.name)  # raises Usage with close matches
            return bool(result.isError), payload

        is_error, payload = _run(url, args.timeout, call)
        if is_error:
            print(_dump(payload, args.pretty))
            message = payload.get("message") if isinstance(payload, dict) else None
            print(f"chibench-tools: {args.name}: tool error: {message or payload}", file=sys.stderr)
            return EXIT_TOOL_ERROR
        print(_dump(query.search(payload) if query is not None else payload, args.pretty))
        return EXIT_OK
    except Usage as exc:
        print(f"chibench-tools: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except Unreachable as exc:
        print(f"chibench-tools: {exc}", file=sys.stderr)
        return EXIT_UNREACHABLE


if __name__ == "__main__":
    raise SystemExit(main())
