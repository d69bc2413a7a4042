"""A scripted model server: replays a task package's oracle (or one of its near misses) as a model's tool calls.

Real agent clients (codex, claude-code, terminus-2, ``chibench.agents:ReferenceAgent``, any litellm agent)
are proven offline by pointing them at this server instead of a model API: it answers each request with
the next reference tool call, named the way *that client* exposes the tool, and ends the turn with a
message after the last one. Deterministic; standard library plus Starlette/uvicorn (from ``mcp``).

Wires (all on one address; the ``/v1`` prefix is optional)::

    POST /v1/responses          OpenAI Responses, stream true (SSE, what codex 0.169 uses) or false
    POST /v1/chat/completions   OpenAI Chat Completions, streaming and not (litellm agents, terminus-2)
    POST /v1/messages           Anthropic Messages, streaming and not (claude-code)
    GET  /v1/models             one model, ``scripted``;   GET /healthz → ``ok``

How a step's tool is named (detected from the request's ``tools``, see :class:`ToolNaming`): a Responses
``namespace`` entry holding the bare MCP name (codex: ``{"type": "function_call", "namespace":
"mcp__chibench_provider", "name": "<bare>"}``); an exact function name (the reference agent, plain MCP
names); a name ending in ``__<bare>`` (claude-code's ``mcp__<server>__<tool>``) or ``_<bare>``; otherwise,
when the client offers a shell tool (``shell``, ``exec_command``, ``bash``, … with a ``command``
parameter) or is terminus-2 (its JSON ``keystrokes`` protocol, no tools), the step becomes a shell command
through ``chibench-tools`` (the agent box's MCP command-line client). A step no surface can express ends
the turn with a message saying so.

State: one call per model turn. Every emitted call id encodes nothing but is remembered server-side with
the step it carries and the variables saved so far, so the next request only needs the *latest* tool
result (older ones may be compacted by the client). That result is parsed (JSON inside codex's
``Wall time … Output:`` wrapper, a tool-result block, or the text before a shell step's end marker) and
checked with the oracle runner's own :func:`~chibench.package.oracle_runner.absorb_result` — the
``save`` jmespath queries resolve ids the world returned, exactly as ``solution/oracle.py`` does. A step
that fails (unexpected tool error, ``expect`` mismatch) ends the turn with a message naming it.

Faults (``fault=``), for testing clients' error handling: ``malformed`` (the first call's arguments are
not JSON; the step is re-sent after the client reports it), ``malformed_always``, ``unknown_tool`` (the
first call names a tool nobody offers), ``huge`` (the first reply carries 2,000,000 characters of text
besides its call), ``http500`` (every request: HTTP 500), ``http500_once`` (the first request only),
``http400`` (every request: HTTP 400, a request the API refuses — not a transport error), ``garbage``
(HTTP 200 with a body that is not JSON/SSE).

Usage (reported on every reply): ``prompt/input tokens = len(request JSON) // 4``, ``completion/output
tokens = len(reply JSON) // 4`` — deterministic, so clients' token and cost accounting can be asserted.

API (also for ``chibench.rl`` and tests)::

    script = load_script("packages/brca_testing.referral", "oracle")   # or "near_miss:<name>"
    model = ScriptedModel(script, fault=None)
    with running(model) as base_url:          # uvicorn on 127.0.0.1:<free port>, in a thread
        ...  # point a client at f"{base_url}/v1"
    model.requests                             # every request seen: [{"wire", "body"}]

CLI: ``chibench scripted-model serve --package PATH --replay oracle|near_miss:<name> [--host 127.0.0.1]
[--port 8765] [--fault NAME]``. Errors: :class:`ScriptError` for an unknown package or replay name.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import json
import re
import shlex
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chibench.package.oracle_runner import StepFailed, absorb_result, step_arguments
from chibench.world.tools.server import free_port, serve_in_thread

MODEL_ID = "scripted"
SHELL_CLIENT = "chibench-tools"
STEP_END = "CHIBENCH_STEP_END"
_STEP_END_RE = re.compile(STEP_END + r" (call_[0-9a-f_]+) exit=(\d+)")
SHELL_TOOL_NAMES = ("shell", "exec_command", "local_shell", "bash", "execute_bash", "run_shell_command",
                    "shell_command", "terminal", "run_command", "chibench_tools")
FAULTS = ("malformed", "malformed_always", "unknown_tool", "huge", "http500", "http500_once", "http400", "garbage")
HUGE_CHARS = 2_000_000
MAX_TERMINUS_WAITS = 150  # x 2 s: a step's command may take minutes in a loaded sandbox
# Clients keep the connection between turns while a tool runs (seconds in a sandbox); uvicorn's default
# 5 s keep-alive closes it under them and their next request fails as a server error.
KEEP_ALIVE_SEC = 900


class ScriptError(ValueError):
    """The package or replay cannot be loaded (message names what and what is allowed)."""


@dataclass(frozen=True)
class Script:
    """The steps to replay (``chibench.trajectory/1`` step dicts) and what they are."""

    task: str
    replay: str
    steps: tuple[dict[str, Any], ...]


def load_script(package: str | Path, replay: str = "oracle") -> Script:
    """The oracle or a near miss of ``package`` (a folder holding ``scenario.yaml``)."""
    from chibench.package.scenario import ScenarioError, load_scenario

    path = Path(package)
    scen = path / "scenario.yaml" if path.is_dir() else path
    try:
        sc = load_scenario(scen)
    except ScenarioError as exc:
        raise ScriptError(str(exc)) from exc
    if replay == "oracle":
        steps = sc.oracle
    elif replay.startswith("near_miss:"):
        name = replay.partition(":")[2]
        found = next((m for m in sc.near_misses if m.name == name), None)
        if found is None:
            names = ", ".join(m.name for m in sc.near_misses) or "(none authored)"
            raise ScriptError(f"{sc.id}: no near miss '{name}' (authored: {names})")
        steps = found.steps
    else:
        raise ScriptError(f"--replay must be 'oracle' or 'near_miss:<name>', not '{replay}'")
    return Script(sc.id, replay, tuple(s.model_dump(mode="json") for s in steps))


# ----------------------------------------------------------------------------------- client naming
@dataclass
class ToolNaming:
    """How the client names tools: ``bare MCP name → (namespace or None, name to call)``.

    Built from a request's ``tools`` (any wire). ``shell`` is the client's shell tool, if any, with
    whether its ``command`` parameter is an array (codex's ``shell``) or a string.
    """

    flat: list[str] = field(default_factory=list)
    namespaced: dict[str, str] = field(default_factory=dict)  # bare → namespace
    shell: tuple[str, bool] | None = None
    terminus: bool = False

    @classmethod
    def from_tools(cls, tools: list[Any] | None) -> ToolNaming:
        out = cls()
        for t in tools or []:
            if not isinstance(t, dict):
                continue
            kind = t.get("type")
            if kind == "namespace":
                for inner in t.get("tools") or []:
                    if isinstance(inner, dict) and inner.get("name"):
                        out.namespaced.setdefault(str(inner["name"]), str(t.get("name")))
                continue
            inner_fn = t.get("function")
            fn: dict[str, Any] = inner_fn if isinstance(inner_fn, dict) else t
            name = fn.get("name")
            if not name:
                continue
            out.flat.append(str(name))
            params = fn.get("parameters") or fn.get("input_schema") or {}
            command = (params.get("properties") or {}).get("command") if isinstance(params, dict) else None
            if name in SHELL_TOOL_NAMES and command is not None and out.shell is None:
                out.shell = (str(name), command.get("type") == "array")
        return out

    def resolve(self, bare: str) -> tuple[str | None, str] | None:
        if bare in self.namespaced:
            return self.namespaced[bare], bare
        if bare in self.flat:
            return None, bare
        for suffix in (f"__{bare}", f"_{bare}"):
            hits = sorted((n for n in self.flat if n.endswith(suffix)), key=len)
            if hits:
                return None, hits[0]
        return None


# ----------------------------------------------------------------------------------- parsing results
def parse_result(text: str, flagged_error: bool | None = None) -> tuple[bool, Any]:
    """A tool result as a client reports it → ``(is_error, JSON payload)``.

    Accepts the bare JSON text, codex's ``Wall time: … Output:\\n<text>`` wrapper, or text with JSON
    inside. A payload ``{"error": "<code>", "message": …}`` is the world's tool error; a result with no
    JSON at all is an error too (the client could not call the tool).
    """
    payload = _find_json(text)
    if payload is None and "tokens truncated" in text and not flagged_error:
        # codex cut the middle out of a long result (models it has no metadata for): a success whose JSON
        # is gone; a step that must save from it then fails with "matched nothing", which is the truth
        return False, {"truncated_by_client": text[:2000]}
    if payload is None:
        return True, {"error": "no_json", "message": text[:2000]}
    world_error = isinstance(payload, dict) and isinstance(payload.get("error"), str) and "message" in payload
    return bool(flagged_error) or world_error, payload


def _find_json(text: str) -> Any:
    stripped = text.strip()
    for candidate in (stripped, stripped.partition("Output:\n")[2].strip()):
        if candidate:
            try:
                return json.loads(candidate)
            except json.JSONDecodeError:
                pass
    decoder = json.JSONDecoder()
    for m in re.finditer(r"[{\[]", text):
        try:
            value, _ = decoder.raw_decode(text, m.start())
            return value
        except json.JSONDecodeError:
            continue
    return None


def _shell_result(text: str, call_id: str) -> tuple[int, str] | None:
    """The exit status and the output before a shell step's end marker, if the marker for ``call_id`` is there."""
    found = None
    for m in _STEP_END_RE.finditer(text):
        if m.group(1) == call_id:
            found = m
    if found is None:
        return None
    before = text[:found.start()]
    # on a terminal the typed command is echoed first: the output is what follows its (unexpanded) marker
    typed = before.rfind(f'{STEP_END} {call_id} exit=$?')
    return int(found.group(2)), before[typed:].partition("\n")[2] if typed >= 0 else before


def _json_before(output: str) -> Any:
    """The JSON value printed last in ``output``: a terminal may wrap a long line (join up to 40 lines) and
    put its own lines after it ("New Terminal Output:", a prompt), so every window ending at each of the
    last 40 lines is tried, nearest first."""
    lines = [ln for ln in output.splitlines() if ln.strip()][-40:]
    for end in range(len(lines), 0, -1):
        for start in range(end - 1, -1, -1):
            try:
                return json.loads("".join(lines[start:end]).strip())
            except json.JSONDecodeError:
                continue
    return None


# ----------------------------------------------------------------------------------- the model
@dataclass
class Call:
    call_id: str
    name: str
    namespace: str | None
    arguments: str  # JSON text (not JSON when the fault is ``malformed``)
    shell: bool = False
    text: str = ""


@dataclass
class Final:
    text: str
    text_prefix: str = ""


@dataclass
class Wait:
    """terminus-2 only: the step's command was typed but its end marker has not reached the screen yet."""

    call_id: str
    seconds: float = 2.0


Item = Call | Final | Wait


@dataclass
class _Issued:
    index: int
    env: dict[str, Any]
    kind: str  # "step" | "fault" | "shell"
    shell_saves: tuple[str, ...] = ()


@dataclass
class Observation:
    """What a request says about earlier calls: results by call id (text, error flag) and raw texts
    later in the conversation (terminal output comes back as plain user text)."""

    results: list[tuple[str, str, bool | None]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


class ScriptedModel:
    """The replay logic, independent of the wire (see the module docstring)."""

    def __init__(self, script: Script, *, fault: str | None = None) -> None:
        if fault is not None and fault not in FAULTS:
            raise ScriptError(f"unknown fault '{fault}' (allowed: {', '.join(FAULTS)})")
        self.script = script
        self.fault = fault
        self.requests: list[dict[str, Any]] = []
        self._issued: dict[str, _Issued] = {}
        self._waits: dict[str, int] = {}
        self._lock = threading.Lock()
        self._served = 0

    # the one decision: what to answer
    def decide(self, naming: ToolNaming, seen: Observation) -> tuple[list[Item], str]:
        """The next output items for a request and a short reason (for logs)."""
        with self._lock:
            index, env, reason = self._position(seen)
            if isinstance(reason, Final):
                return [reason], "stopped"
            steps = self.script.steps
            if index >= len(steps):
                return [Final(f"Done: replayed the {self.script.replay} of {self.script.task} "
                              f"({len(steps)} tool calls).")], "done"
            step = steps[index]
            try:
                args = step_arguments(step, env)
            except StepFailed as exc:
                return [Final(f"Stopped: step {index + 1}: {exc}")], "stopped"
            first_call = not any(i for i in self._issued.values())
            items: list[Item] = []
            fault_now = (self.fault == "malformed_always"
                         or (self.fault in ("malformed", "unknown_tool") and not self._faulted()))
            resolved = naming.resolve(step["tool"])
            if fault_now:
                cid = self._call_id(index, env, args, "fault")
                self._issued[cid] = _Issued(index, copy.deepcopy(env), "fault")
                if self.fault == "unknown_tool":
                    items.append(Call(cid, "no_such_tool_anywhere", None, json.dumps(args)))
                else:
                    ns, name = resolved or (None, step["tool"])
                    items.append(Call(cid, name, ns, json.dumps(args)[: max(8, len(json.dumps(args)) // 2)]))
            elif resolved is not None:
                cid = self._call_id(index, env, args, "step")
                self._issued[cid] = _Issued(index, copy.deepcopy(env), "step")
                items.append(Call(cid, resolved[1], resolved[0], json.dumps(args, ensure_ascii=False)))
            elif naming.terminus and (cid := self._call_id(index, env, args, "shell")) in self._issued:
                # A terminal shows output as it comes: typing the command again would run the step twice
                # and interleave both outputs, so wait for its end marker (bounded: a hung step stops).
                self._waits[cid] = self._waits.get(cid, 0) + 1
                if self._waits[cid] > MAX_TERMINUS_WAITS:
                    return [Final(f"Stopped: step {index + 1} {step['tool']}: no end marker after "
                                  f"{MAX_TERMINUS_WAITS} waits")], "stopped"
                return [Wait(cid)], f"wait step {index + 1}"
            elif naming.shell is not None or naming.terminus:
                cid = self._call_id(index, env, args, "shell")
                saves = dict(step.get("save", {}))
                self._issued[cid] = _Issued(index, copy.deepcopy(env), "shell", tuple(saves))
                items.append(Call(cid, naming.shell[0] if naming.shell else "", None, "",
                                  shell=True, text=shell_command(step["tool"], args, saves, cid)))
            else:
                offered = sorted(set(naming.flat) | set(naming.namespaced))
                return [Final(f"Stopped: the client offers no tool for {step['tool']} and no shell "
                              f"(tools offered: {', '.join(offered[:40]) or 'none'}).")], "no tool"
            if self.fault == "huge" and first_call:
                items.insert(0, Final("x" * HUGE_CHARS))
            return items, f"step {index + 1} {step['tool']}"

    def _faulted(self) -> bool:
        return any(i.kind == "fault" for i in self._issued.values())

    def _call_id(self, index: int, env: dict[str, Any], args: dict[str, Any], kind: str) -> str:
        h = hashlib.sha256(json.dumps([index, env, args, kind], sort_keys=True, default=str).encode()).hexdigest()
        return f"call_{index + 1:03d}_{h[:16]}"

    def _position(self, seen: Observation) -> tuple[int, dict[str, Any], Final | None]:
        latest: tuple[_Issued, str, bool | None] | None = None
        latest_id = ""
        for call_id, text, flagged in seen.results:
            if call_id in self._issued:
                latest = (self._issued[call_id], text, flagged)
                latest_id = call_id
        # terminal output (terminus-2) carries the shell step's end marker; a step's output and its marker
        # may arrive in different observations, so read the screen as one transcript
        screen = "\n".join(seen.texts)
        for m in _STEP_END_RE.finditer(screen):
            if m.group(1) in self._issued:
                latest, latest_id = (self._issued[m.group(1)], screen, None), m.group(1)
        if latest is None:
            return 0, {}, None
        issued, text, flagged = latest
        env = copy.deepcopy(issued.env)
        if issued.kind == "fault":
            return issued.index, env, None
        step = self.script.steps[issued.index]
        try:
            if issued.kind == "shell":
                found = _shell_result(text, latest_id)
                if found is None:
                    raise StepFailed(f"step {issued.index + 1} {step['tool']}: no end marker in the shell output")
                status, output = found
                payload = _json_before(output) if issued.shell_saves else {}
                if status == 0 and payload is None:
                    raise StepFailed(f"step {issued.index + 1} {step['tool']}: no JSON before the end marker")
                reduced = {"tool": step["tool"], "save": {v: v for v in issued.shell_saves},
                           "expect_error": step.get("expect_error", False)}
                absorb_result(issued.index + 1, reduced if status == 0 else {**reduced, "save": {}},
                              status != 0, payload or {}, env)
            else:
                is_error, payload = parse_result(text, flagged)
                absorb_result(issued.index + 1, step, is_error, payload, env)
        except StepFailed as exc:
            return issued.index, env, Final(f"Stopped: {exc}")
        return issued.index + 1, env, None

    # bookkeeping for the HTTP layer
    def record(self, wire: str, body: Any) -> int:
        with self._lock:
            self._served += 1
            self.requests.append({"wire": wire, "body": body})
            return self._served


def shell_command(tool: str, args: dict[str, Any], saves: dict[str, str], call_id: str) -> str:
    """The ``chibench-tools`` command line for a step, followed by its end marker (exit status).

    A step that saves variables asks the client for ``--query '{var: <saved jmespath>, …}'``: the
    terminal then shows one short JSON object — exactly what the next step needs — instead of a result
    that may be tens of kilobytes wide."""
    cmd = f"{SHELL_CLIENT} call {tool} {shlex.quote(json.dumps(args, ensure_ascii=False))}"
    if saves:
        cmd += " --query " + shlex.quote("{" + ", ".join(f"{v}: {q}" for v, q in saves.items()) + "}")
    return f'{cmd}; echo "{STEP_END} {call_id} exit=$?"'


# ----------------------------------------------------------------------------------- wires: requests
def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for c in content:
            if isinstance(c, dict):
                parts.append(str(c.get("text") or c.get("output") or _text_of(c.get("content"))))
            else:
                parts.append(str(c))
        return "".join(parts)
    if isinstance(content, dict):
        return str(content.get("text") or "")
    return "" if content is None else str(content)


def observe_responses(body: dict[str, Any]) -> Observation:
    seen = Observation()
    items = body.get("input")
    if isinstance(items, str):
        return seen
    for item in items or []:
        if not isinstance(item, dict):
            continue
        if item.get("type") in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
            seen.results.append((str(item.get("call_id")), _text_of(item.get("output")), None))
        elif item.get("type") == "message" and item.get("role") == "user":
            seen.texts.append(_text_of(item.get("content")))
    return seen


def observe_chat(body: dict[str, Any]) -> Observation:
    seen = Observation()
    for msg in body.get("messages") or []:
        if not isinstance(msg, dict):
            continue
        if msg.get("role") == "tool":
            seen.results.append((str(msg.get("tool_call_id")), _text_of(msg.get("content")), None))
        elif msg.get("role") == "user":
            seen.texts.append(_text_of(msg.get("content")))
    return seen


def observe_anthropic(body: dict[str, Any]) -> Observation:
    seen = Observation()
    for msg in body.get("messages") or []:
        if not isinstance(msg, dict) or msg.get("role") != "user":
            continue
        content = msg.get("content")
        if isinstance(content, str):
            seen.texts.append(content)
            continue
        for block in content or []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                call_id = str(block.get("tool_use_id")).replace("toolu_", "call_", 1)  # as anthropic_content named it
                seen.results.append((call_id, _text_of(block.get("content")),
                                     bool(block.get("is_error")) or None))
            elif isinstance(block, dict) and block.get("type") == "text":
                seen.texts.append(str(block.get("text") or ""))
    return seen


def _is_terminus(body: dict[str, Any]) -> bool:
    if body.get("tools"):
        return False
    text = " ".join(_text_of(m.get("content")) for m in body.get("messages") or [] if isinstance(m, dict))
    return '"keystrokes"' in text and "task_complete" in text


# ----------------------------------------------------------------------------------- wires: replies
def _usage_numbers(body: Any, out: Any) -> tuple[int, int]:
    return len(json.dumps(body, default=str)) // 4, len(json.dumps(out, default=str)) // 4


def responses_output(items: list[Item], naming: ToolNaming) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n, it in enumerate(items):
        if isinstance(it, Wait):  # terminus-2 only
            continue
        if isinstance(it, Final):
            out.append({"type": "message", "id": f"msg_{n}_{hashlib.sha1(it.text.encode()).hexdigest()[:12]}",
                        "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": it.text, "annotations": []}]})
        elif it.shell:
            out.append({"type": "function_call", "id": f"fc_{it.call_id}", "call_id": it.call_id, "name": it.name,
                        "arguments": _shell_arguments(naming, it)})
        else:
            item = {"type": "function_call", "id": f"fc_{it.call_id}", "call_id": it.call_id, "name": it.name,
                    "arguments": it.arguments, "status": "completed"}
            if it.namespace:
                item["namespace"] = it.namespace
            out.append(item)
    return out


def _shell_arguments(naming: ToolNaming, it: Call) -> str:
    array = naming.shell[1] if naming.shell else False
    return json.dumps({"command": ["bash", "-lc", it.text] if array else it.text})


def chat_message(items: list[Item], naming: ToolNaming, terminus: bool) -> dict[str, Any]:
    if terminus:
        waits = [it for it in items if isinstance(it, Wait)]
        if waits:
            doc = {"analysis": f"Waiting for the end marker of {waits[0].call_id}.",
                   "plan": "Wait for the command to finish.",
                   "commands": [{"keystrokes": "", "duration": waits[0].seconds}], "task_complete": False}
            return {"role": "assistant", "content": json.dumps(doc)}
        calls = [it for it in items if isinstance(it, Call)]
        texts = [it.text for it in items if isinstance(it, Final)]
        doc = {"analysis": " ".join(texts)[:HUGE_CHARS + 100] or "Scripted replay.",
               "plan": (f"Run step {calls[0].call_id}" if calls else "Nothing left to run."),
               "commands": [{"keystrokes": c.text + "\n", "duration": 1.0} for c in calls],
               "task_complete": not calls}
        return {"role": "assistant", "content": json.dumps(doc, ensure_ascii=False)}
    content = "".join(it.text for it in items if isinstance(it, Final)) or None
    tool_calls = []
    for it in items:
        if isinstance(it, Call):
            name = it.name if not it.namespace else f"{it.namespace}__{it.name}"
            arguments = _shell_arguments(naming, it) if it.shell else it.arguments
            tool_calls.append({"id": it.call_id, "type": "function", "function": {"name": name, "arguments": arguments}})
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        msg["tool_calls"] = tool_calls
    return msg


def anthropic_content(items: list[Item], naming: ToolNaming) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for it in items:
        if isinstance(it, Wait):  # terminus-2 only
            continue
        if isinstance(it, Final):
            out.append({"type": "text", "text": it.text})
        else:
            if it.shell:
                value: Any = json.loads(_shell_arguments(naming, it))
            else:
                try:
                    value = json.loads(it.arguments)
                except json.JSONDecodeError:
                    value = {"__malformed__": it.arguments}  # Anthropic input is an object on the wire
            out.append({"type": "tool_use", "id": it.call_id.replace("call_", "toolu_", 1), "name": it.name,
                        "input": value})
    return out


# ----------------------------------------------------------------------------------- HTTP
def build_app(model: ScriptedModel) -> Any:
    """The Starlette application serving every wire for ``model``."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
    from starlette.routing import Route

    def sse(events: list[tuple[str | None, Any]]) -> StreamingResponse:
        async def gen() -> AsyncIterator[bytes]:
            for name, data in events:
                text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
                yield ((f"event: {name}\n" if name else "") + f"data: {text}\n\n").encode("utf-8")
        return StreamingResponse(gen(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    async def body_of(request: Request, wire: str) -> tuple[Any, Response | None]:
        raw = await request.body()
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            return None, JSONResponse({"error": {"message": "request body is not JSON", "type": "invalid_request"}},
                                      status_code=400)
        n = model.record(wire, body)
        if model.fault == "http500" or (model.fault == "http500_once" and n == 1):
            return None, JSONResponse({"error": {"message": "scripted fault: internal server error",
                                                 "type": "server_error"}}, status_code=500)
        if model.fault == "http400":
            return None, JSONResponse({"error": {"message": "scripted fault: the request is invalid",
                                                 "type": "invalid_request_error"}}, status_code=400)
        if model.fault == "garbage":
            return None, PlainTextResponse("<html>502 upstream hiccup</html>", status_code=200)
        if not isinstance(body, dict):
            return None, JSONResponse({"error": {"message": "request body must be a JSON object"}}, status_code=400)
        return body, None

    async def responses(request: Request) -> Response:
        body, early = await body_of(request, "responses")
        if early is not None:
            return early
        naming = ToolNaming.from_tools(body.get("tools"))
        items, _ = model.decide(naming, observe_responses(body))
        output = responses_output(items, naming)
        rid = "resp_" + hashlib.sha256(json.dumps(output).encode()).hexdigest()[:20]
        inp, outp = _usage_numbers(body, output)
        usage = {"input_tokens": inp, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": outp,
                 "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": inp + outp}
        base = {"id": rid, "object": "response", "created_at": int(time.time()), "model": body.get("model", MODEL_ID)}
        done = {**base, "status": "completed", "output": output, "usage": usage}
        if not body.get("stream"):
            return JSONResponse(done)
        events: list[tuple[str | None, Any]] = [
            ("response.created", {"type": "response.created", "response": {**base, "status": "in_progress",
                                                                          "output": []}})]
        for i, item in enumerate(output):
            events.append(("response.output_item.done", {"type": "response.output_item.done", "output_index": i,
                                                         "item": item}))
        events.append(("response.completed", {"type": "response.completed", "response": done}))
        return sse(events)

    async def chat(request: Request) -> Response:
        body, early = await body_of(request, "chat")
        if early is not None:
            return early
        naming = ToolNaming.from_tools(body.get("tools"))
        naming.terminus = _is_terminus(body)
        items, _ = model.decide(naming, observe_chat(body))
        message = chat_message(items, naming, naming.terminus)
        finish = "tool_calls" if message.get("tool_calls") else "stop"
        inp, outp = _usage_numbers(body, message)
        usage = {"prompt_tokens": inp, "completion_tokens": outp, "total_tokens": inp + outp}
        cid = "chatcmpl-" + hashlib.sha256(json.dumps(message).encode()).hexdigest()[:20]
        created = int(time.time())
        model_name = body.get("model", MODEL_ID)
        if not body.get("stream"):
            return JSONResponse({"id": cid, "object": "chat.completion", "created": created, "model": model_name,
                                 "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                                 "usage": usage})
        chunk = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model_name}
        events: list[tuple[str | None, Any]] = [
            (None, {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}]})]
        if message.get("content"):
            events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"content": message["content"]},
                                                        "finish_reason": None}]}))
        for i, tc in enumerate(message.get("tool_calls") or []):
            events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [
                {"index": i, "id": tc["id"], "type": "function", "function": tc["function"]}]},
                "finish_reason": None}]}))
        events.append((None, {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}))
        if (body.get("stream_options") or {}).get("include_usage"):
            events.append((None, {**chunk, "choices": [], "usage": usage}))
        events.append((None, "[DONE]"))
        return sse(events)

    async def messages(request: Request) -> Response:
        body, early = await body_of(request, "anthropic")
        if early is not None:
            return early
        naming = ToolNaming.from_tools(body.get("tools"))
        items, _ = model.decide(naming, observe_anthropic(body))
        content = anthropic_content(items, naming)
        stop = "tool_use" if any(c["type"] == "tool_use" for c in content) else "end_turn"
        inp, outp = _usage_numbers(body, content)
        mid = "msg_" + hashlib.sha256(json.dumps(content).encode()).hexdigest()[:20]
        base = {"id": mid, "type": "message", "role": "assistant", "model": body.get("model", MODEL_ID)}
        if not body.get("stream"):
            return JSONResponse({**base, "content": content, "stop_reason": stop, "stop_sequence": None,
                                 "usage": {"input_tokens": inp, "output_tokens": outp}})
        events: list[tuple[str | None, Any]] = [
            ("message_start", {"type": "message_start", "message": {**base, "content": [], "stop_reason": None,
                                                                    "stop_sequence": None,
                                                                    "usage": {"input_tokens": inp,
                                                                              "output_tokens": 1}}})]
        for i, block in enumerate(content):
            if block["type"] == "text":
                events += [("content_block_start", {"type": "content_block_start", "index": i,
                                                    "content_block": {"type": "text", "text": ""}}),
                           ("content_block_delta", {"type": "content_block_delta", "index": i,
                                                    "delta": {"type": "text_delta", "text": block["text"]}})]
            else:
                events += [("content_block_start", {"type": "content_block_start", "index": i, "content_block": {
                    "type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}}),
                           ("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {
                               "type": "input_json_delta", "partial_json": json.dumps(block["input"])}})]
            events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
        events += [("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                      "usage": {"output_tokens": outp}}),
                   ("message_stop", {"type": "message_stop"})]
        return sse(events)

    async def models(_: Request) -> Response:
        return JSONResponse({"object": "list", "data": [{"id": MODEL_ID, "object": "model", "created": 0,
                                                         "owned_by": "chibench"}]})

    async def health(_: Request) -> Response:
        return PlainTextResponse("ok")

    routes = [Route("/healthz", health, methods=["GET"])]
    for prefix in ("/v1", ""):
        routes += [Route(f"{prefix}/responses", responses, methods=["POST"]),
                   Route(f"{prefix}/chat/completions", chat, methods=["POST"]),
                   Route(f"{prefix}/messages", messages, methods=["POST"]),
                   Route(f"{prefix}/models", models, methods=["GET"])]
    return Starlette(routes=routes)


@contextlib.contextmanager
def running(model: ScriptedModel, host: str = "127.0.0.1", port: int | None = None) -> Iterator[str]:
    """Serve ``model`` in a background thread; yields ``http://host:port`` (no ``/v1``). Stops on exit."""
    port = port or free_port(host)
    with serve_in_thread(build_app(model), host, port, name="scripted-model", what="scripted model server",
                         start_timeout_sec=30, lifespan="off", timeout_keep_alive=KEEP_ALIVE_SEC):
        yield f"http://{host}:{port}"


# ----------------------------------------------------------------------------------- CLI
def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("scripted-model", help="test support: a model server replaying a task's oracle")
    sub = p.add_subparsers(dest="scripted_cmd", required=True)
    s = sub.add_parser("serve", help="serve Responses, Chat Completions and Anthropic Messages on one address")
    s.add_argument("--package", required=True, help="task package folder (holding scenario.yaml)")
    s.add_argument("--replay", default="oracle", help="oracle | near_miss:<name>")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8765)
    s.add_argument("--fault", choices=FAULTS, default=None)
    s.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    import sys

    import uvicorn

    try:
        model = ScriptedModel(load_script(args.package, args.replay), fault=args.fault)
    except ScriptError as exc:
        print(f"chibench: {exc}", file=sys.stderr)
        return 2
    print(f"chibench: scripted model replaying {model.script.task} {model.script.replay} "
          f"({len(model.script.steps)} steps) on http://{args.host}:{args.port}/v1", flush=True)
    uvicorn.run(build_app(model), host=args.host, port=args.port, log_level="warning", lifespan="off",
                timeout_keep_alive=KEEP_ALIVE_SEC)
    return 0
