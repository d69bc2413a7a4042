"""The reference agent's loop: a litellm model calling the task's MCP tools and the handbook, recorded as ATIF.

Independent of Harbor (``chibench.agents.reference`` adapts it): give it a model, a :class:`ToolBackend`
(the task's tools), a :class:`Handbook` (a local folder) and the instruction; :meth:`AgentLoop.run`
returns an :class:`Outcome` and keeps ``trajectory.json`` (ATIF-v1.6, validated by Harbor's own
``Trajectory`` model) current after every step, so a timeout or a crash still leaves a trajectory.

Policy (every number is a :class:`Settings` field):

- **Stop**: the model answers without a tool call (``final_answer``); ``max_steps`` model calls
  (``max_steps``); a model error that is not a transport error (``llm_error``); transport errors still
  failing after ``max_llm_retries`` retries (``llm_unavailable``); the tools unreachable three calls in a row
  (``tools_unreachable``); cancellation, e.g. Harbor's agent timeout (``cancelled``).
- **Retries**: only transport failures of the model API (connection, timeout, HTTP 429/500/502/503) are
  retried, with exponential backoff from ``retry_backoff_sec``. Tool calls are never retried (a write may
  have happened); their failures go back to the model as tool errors.
- **Bad model output**: tool-call arguments that are not a JSON object, or an unknown tool, get a tool
  error back (the model may correct itself); an assistant message longer than ``max_message_chars`` is
  cut in the history (the trajectory notes the original length); tool results are cut at
  ``max_tool_result_chars``.
- **Context**: before each model call the history's size is estimated as characters / 4 tokens. Above
  ``compact_at`` × the model's input window (``context_window``, else litellm's model map, else 128,000),
  the oldest tool results — all but the ``keep_recent_results`` most recent — are replaced, oldest first,
  by a one-line stub naming the tool and call ("call it again if you need it") until the estimate is
  below ``compact_to`` × the window. A model error saying the context is too long compacts down to the
  two most recent results and retries once. The system prompt, the instruction, the model's own messages
  and tool calls are never removed. Each compaction is recorded in the step's ``extra``.
- **Cost**: litellm's cost map (``litellm.completion_cost``); a model it does not price costs 0 and the
  trajectory's ``final_metrics.extra.cost_note`` says so. ``input_cost_per_mtok``/``output_cost_per_mtok``
  (USD per million prompt/completion tokens; cached tokens at the prompt price) replace the map's price,
  for self-hosted or unlisted models; the note then states the price used.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

# litellm must never fetch its cost map from the network, whoever imports it first (as the counterparts do)
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
log = logging.getLogger("chibench.agents")
DEFAULT_WINDOW = 128_000
HANDBOOK_TOOLS = ("handbook_list", "handbook_read", "handbook_grep")
SHELL_TOOL = "chibench_tools"
ATIF_VERSION = "ATIF-v1.6"


@dataclass
class Settings:
    """The loop's knobs (Harbor agent kwargs of the same names; see the module docstring)."""

    model: str
    api_base: str | None = None
    api_key: str | None = None
    max_steps: int = 150
    temperature: float | None = None
    reasoning_effort: str | None = None
    parallel_tool_calls: bool = False
    context_window: int | None = None
    compact_at: float = 0.75
    compact_to: float = 0.5
    keep_recent_results: int = 6
    max_llm_retries: int = 3
    retry_backoff_sec: float = 2.0
    llm_timeout_sec: float = 600.0
    max_tool_result_chars: int = 100_000
    max_message_chars: int = 50_000
    tool_surface: str = "mcp"  # mcp | cli | both
    input_cost_per_mtok: float | None = None  # USD per million prompt tokens; replaces litellm's price
    output_cost_per_mtok: float | None = None  # USD per million completion tokens


class ToolBackend(Protocol):
    """The task's tools: MCP specs and calls returning ``(is_error, text)``; ``transport`` errors are
    raised as :class:`ToolTransportError`."""

    async def list_tools(self) -> list[dict[str, Any]]: ...

    async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]: ...

    async def shell(self, command: str) -> tuple[int, str]: ...

    async def aclose(self) -> None: ...


class ToolTransportError(RuntimeError):
    """The tools could not be reached (the call may or may not have run)."""


# ----------------------------------------------------------------------------------------- handbook
class Handbook:
    """Read-only file tools over one folder (the task's skills directory); paths are relative to it and
    can never leave it (``..`` and links out of it are refused)."""

    def __init__(self, root: Path, *, max_read_chars: int = 40_000, max_grep_hits: int = 200) -> None:
        self.root = root.resolve()
        self.max_read_chars = max_read_chars
        self.max_grep_hits = max_grep_hits

    def _path(self, rel: str) -> Path:
        target = (self.root / rel.lstrip("/")).resolve()
        if not target.is_relative_to(self.root):
            raise ValueError(f"'{rel}' is outside the handbook; paths are relative to the skills directory")
        if not target.exists():
            raise ValueError(f"'{rel}' does not exist; handbook_list shows what does")
        return target

    def listing(self, path: str = "") -> str:
        target = self._path(path or ".")
        if target.is_file():
            return str(target.relative_to(self.root))
        rows = []
        for p in sorted(target.iterdir()):
            if p.name.startswith(".") or p.name == "__pycache__":
                continue
            rel = p.relative_to(self.root)
            rows.append(f"{rel}/" if p.is_dir() else f"{rel}  ({p.stat().st_size} bytes)")
        return "\n".join(rows) or "(empty)"

    def read(self, path: str, offset: int = 0, limit: int | None = None) -> str:
        target = self._path(path)
        if target.is_dir():
            raise ValueError(f"'{path}' is a folder; use handbook_list")
        text = target.read_text(encoding="utf-8", errors="replace")
        limit = min(limit or self.max_read_chars, self.max_read_chars)
        chunk = text[offset:offset + limit]
        if offset + limit < len(text):
            chunk += (f"\n[... {len(text) - offset - limit} more characters; "
                      f"handbook_read with offset={offset + limit} continues]")
        return chunk

    def grep(self, pattern: str, path: str = "") -> str:
        try:
            rx = re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from None
        base = self._path(path or ".")
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        hits: list[str] = []
        for f in files:
            if not f.resolve().is_relative_to(self.root) or f.suffix not in (".md", ".txt", ".yaml", ".json", ""):
                continue
            for n, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                if rx.search(line):
                    hits.append(f"{f.relative_to(self.root)}:{n}: {line.strip()[:300]}")
                    if len(hits) >= self.max_grep_hits:
                        return "\n".join(hits) + f"\n[stopped at {self.max_grep_hits} matches; narrow the pattern]"
        return "\n".join(hits) or "(no match)"

    def specs(self) -> list[dict[str, Any]]:
        def fn(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
            return {"type": "function", "function": {"name": name, "description": description, "parameters": {
                "type": "object", "properties": props, "required": required, "additionalProperties": False}}}

        path = {"type": "string", "description": "path relative to the skills directory, e.g. "
                                                 "'managed-care-operations-handbook/SKILL.md'"}
        return [
            fn("handbook_list", "List a folder of the operations handbook (read-only).", {"path": path}, []),
            fn("handbook_read", "Read a handbook file (up to 40,000 characters per call; use offset to continue).",
               {"path": path, "offset": {"type": "integer", "minimum": 0},
                "limit": {"type": "integer", "minimum": 1}}, ["path"]),
            fn("handbook_grep", "Search the handbook with a case-insensitive regular expression; returns "
                                "path:line: text for each match.",
               {"pattern": {"type": "string"}, "path": path}, ["pattern"]),
        ]

    def call(self, name: str, args: dict[str, Any]) -> str:
        if name == "handbook_list":
            return self.listing(str(args.get("path", "")))
        if name == "handbook_read":
            return self.read(str(args["path"]), int(args.get("offset") or 0),
                             int(args["limit"]) if args.get("limit") else None)
        return self.grep(str(args["pattern"]), str(args.get("path", "")))


# ----------------------------------------------------------------------------------------- prompt
def system_prompt(server: str, n_tools: int, handbook: Handbook, surface: str) -> str:
    """The reference agent's system prompt: role, case, tools, handbook routing (our own words)."""
    skills = sorted(p.name for p in handbook.root.iterdir() if p.is_dir()) if handbook.root.is_dir() else []
    entry = f"{skills[0]}/SKILL.md" if skills else "SKILL.md"
    tools = {
        "mcp": f"the {n_tools} tools of the `{server}` MCP server (called directly by name)",
        "cli": f"the `{SHELL_TOOL}` tool, which runs the `chibench-tools` command line (list, describe, call) "
               f"against the `{server}` server",
        "both": f"the {n_tools} tools of the `{server}` MCP server, or the same through `{SHELL_TOOL}`",
    }[surface]
    return f"""You are a newly hired operations worker in a U.S. managed-care organization. You do real
paperwork — prior authorization, utilization management or care management — in the organization's
applications, as the worker identity your assignment names, and you are held to its operations handbook.

## Your case
Your supervisor's assignment follows as the first user message: your role, who you act as, the case,
where things are and what done looks like. It is the whole task; nobody will answer questions.

## Your tools
- Applications: {tools}. They are the only way to read or change the case. Every write is recorded with
  your identity and the simulated time and cannot be undone. A tool error says what was wrong and what is
  allowed: read it, fix the call, never invent ids, codes or facts.
- Handbook (read-only): `handbook_list`, `handbook_read`, `handbook_grep`, paths relative to the skills
  directory.

## Handbook routing
Start with `{entry}`: it routes you by role to a sub-skill (provider prior authorization, payer utilization
management, care management). Read that sub-skill's workflow chapter before you act, then the operational
chapters, policies and templates it points to; medical policies and care-plan models are in the medical
library, and the platform tutorials explain each tool. Decide from the written policy and the case's own
documents, and cite policies as `<policy-id> §<section>`.

## How to work
Work step by step: look before you write, one decision at a time. People (a patient, a physician on a
peer-to-peer call) are reached only through their conversation tools; keep calling them until the
conversation has ended. When the case is in its final state, reply with a short summary of what you did
and no tool call: that ends your shift, and the world is graded as you left it.
"""


# ----------------------------------------------------------------------------------------- the loop
@dataclass
class Outcome:
    """How a run ended: ``reason`` (see the module docstring), steps (model calls), totals."""

    reason: str
    detail: str
    steps: int
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    cost_usd: float
    tool_calls: int


@dataclass
class _Record:
    steps: list[dict[str, Any]] = field(default_factory=list)
    prompt: int = 0
    completion: int = 0
    cached: int = 0
    cost: float = 0.0
    cost_note: str | None = None
    tool_calls: int = 0


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _is_transport(exc: BaseException) -> bool:
    import litellm

    transport = (litellm.exceptions.APIConnectionError, litellm.exceptions.Timeout,
                 litellm.exceptions.InternalServerError, litellm.exceptions.ServiceUnavailableError,
                 litellm.exceptions.RateLimitError, litellm.exceptions.BadGatewayError)
    return isinstance(exc, transport)


def _is_context_overflow(exc: BaseException) -> bool:
    import litellm

    return isinstance(exc, litellm.exceptions.ContextWindowExceededError)


class AgentLoop:
    """One episode. ``run()`` never raises for model or tool failures: it returns an :class:`Outcome`
    (cancellation is re-raised after the trajectory is written)."""

    def __init__(self, settings: Settings, tools: ToolBackend, handbook: Handbook, instruction: str,
                 trajectory_path: Path, *, server_name: str = "chibench", session_id: str | None = None,
                 agent_version: str = "0") -> None:
        self.s = settings
        self.tools = tools
        self.handbook = handbook
        self.instruction = instruction
        self.path = trajectory_path
        self.server = server_name
        self.session_id = session_id or f"chibench-reference-{int(time.time())}"
        self.version = agent_version
        self.rec = _Record()
        self.messages: list[dict[str, Any]] = []
        self._tool_names: dict[str, str] = {}  # id -> tool name (for compaction stubs)
        self._specs: list[dict[str, Any]] = []
        self._mcp_names: set[str] = set()

    # --------------------------------------------------------------------------------------- window
    def window(self) -> int:
        if self.s.context_window:
            return self.s.context_window
        try:
            import litellm

            info = litellm.get_model_info(self.s.model)
            return int(info.get("max_input_tokens") or info.get("max_tokens") or DEFAULT_WINDOW)
        except Exception:
            return DEFAULT_WINDOW

    @staticmethod
    def estimate(messages: list[dict[str, Any]]) -> int:
        return len(json.dumps(messages, ensure_ascii=False)) // 4

    def compact(self, keep_recent: int | None = None, *, force: bool = False) -> dict[str, Any] | None:
        """Stub the oldest tool results (see the module docstring); returns what was done, or None."""
        window = self.window()
        before = self.estimate(self.messages)
        if not force and before <= self.s.compact_at * window:
            return None
        keep = self.s.keep_recent_results if keep_recent is None else keep_recent
        tool_msgs = [m for m in self.messages if m.get("role") == "tool" and not m.get("_compacted")]
        candidates = tool_msgs[:-keep] if keep else tool_msgs
        target = self.s.compact_to * window
        removed = 0
        for m in candidates:
            if not force and self.estimate(self.messages) <= target:
                break
            size = len(str(m.get("content") or ""))
            name = self._tool_names.get(str(m.get("tool_call_id")), "the tool")
            m["content"] = (f"[compacted to fit the context window: the {size}-character result of {name} "
                            f"(call {m.get('tool_call_id')}) was removed; call it again if you need it]")
            m["_compacted"] = True
            removed += 1
        if not removed:
            return None
        return {"compacted_results": removed, "estimated_tokens_before": before,
                "estimated_tokens_after": self.estimate(self.messages), "window": window}

    # --------------------------------------------------------------------------------------- trajectory
    def _write(self, outcome: Outcome | None) -> None:
        doc: dict[str, Any] = {
            "schema_version": ATIF_VERSION, "session_id": self.session_id,
            "agent": {"name": "chibench-reference", "version": self.version, "model_name": self.s.model,
                      "tool_definitions": self._specs or None,
                      "extra": {"settings": {k: v for k, v in vars(self.s).items() if k != "api_key"}}},
            "steps": self.rec.steps,
            "final_metrics": {"total_prompt_tokens": self.rec.prompt, "total_completion_tokens": self.rec.completion,
                              "total_cached_tokens": self.rec.cached, "total_cost_usd": round(self.rec.cost, 8),
                              "total_steps": len(self.rec.steps),
                              "extra": {"tool_calls": self.rec.tool_calls,
                                        **({"cost_note": self.rec.cost_note} if self.rec.cost_note else {}),
                                        **({"stop_reason": outcome.reason, "stop_detail": outcome.detail}
                                           if outcome else {"stop_reason": "running"})}},
        }
        if outcome is not None:
            doc["notes"] = f"stopped: {outcome.reason}" + (f" — {outcome.detail}" if outcome.detail else "")
        doc = _drop_none(doc)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)

    def _step(self, source: str, message: str, **extra: Any) -> dict[str, Any]:
        step = {"step_id": len(self.rec.steps) + 1, "timestamp": _now(), "source": source, "message": message,
                **extra}
        self.rec.steps.append(step)
        return step

    def _outcome(self, reason: str, detail: str = "") -> Outcome:
        return Outcome(reason, detail, sum(1 for s in self.rec.steps if s["source"] == "agent"), self.rec.prompt,
                       self.rec.completion, self.rec.cached, self.rec.cost, self.rec.tool_calls)

    # --------------------------------------------------------------------------------------- model
    async def _complete(self, tools: list[dict[str, Any]]) -> Any:
        import litellm

        litellm.suppress_debug_info = True  # no "Give Feedback" banner per failed call in Harbor's output

        kwargs: dict[str, Any] = {"model": self.s.model, "tools": tools, "timeout": self.s.llm_timeout_sec,
                                  "num_retries": 0, "max_retries": 0, "drop_params": True,
                                  # litellm 1.106 would route tool lists through its MCP gateway, whose import
                                  # fails against mcp 1.30 (mcp.types.CacheableResult); our tools are plain
                                  # function specs, so that path is never wanted
                                  "_skip_mcp_handler": True}
        if self.s.api_base:
            kwargs["api_base"] = self.s.api_base
        if self.s.api_key:
            kwargs["api_key"] = self.s.api_key
        if self.s.temperature is not None:
            kwargs["temperature"] = self.s.temperature
        if self.s.reasoning_effort:
            kwargs["reasoning_effort"] = self.s.reasoning_effort
        kwargs["parallel_tool_calls"] = self.s.parallel_tool_calls
        overflowed = False
        attempt = 0
        while True:
            history = [{k: v for k, v in m.items() if not k.startswith("_")} for m in self.messages]
            try:
                return await litellm.acompletion(messages=history, **kwargs)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if _is_context_overflow(exc) and not overflowed:
                    overflowed = True
                    self.compact(keep_recent=2, force=True)
                    continue
                if _is_transport(exc) and attempt < self.s.max_llm_retries:
                    delay = self.s.retry_backoff_sec * (2 ** attempt)
                    attempt += 1
                    log.warning("model transport error (%s: %s); retry %d/%d in %.1f s", type(exc).__name__,
                                str(exc)[:300], attempt, self.s.max_llm_retries, delay)
                    await asyncio.sleep(delay)
                    continue
                raise

    def _account(self, response: Any) -> dict[str, Any]:
        usage = getattr(response, "usage", None)
        prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion = int(getattr(usage, "completion_tokens", 0) or 0)
        details = getattr(usage, "prompt_tokens_details", None)
        cached = int(getattr(details, "cached_tokens", 0) or 0) if details else 0
        if self.s.input_cost_per_mtok is not None or self.s.output_cost_per_mtok is not None:
            # a price the caller gave (a self-hosted or unlisted model): cached tokens at the prompt price
            cost = (prompt * (self.s.input_cost_per_mtok or 0.0)
                    + completion * (self.s.output_cost_per_mtok or 0.0)) / 1_000_000
            self.rec.cost_note = (f"priced by the run: {self.s.input_cost_per_mtok or 0:g} USD per million prompt "
                                  f"tokens, {self.s.output_cost_per_mtok or 0:g} per million completion tokens")
        else:
            cost = self._litellm_cost(response)
        self.rec.prompt += prompt
        self.rec.completion += completion
        self.rec.cached += cached
        self.rec.cost += cost
        return {"prompt_tokens": prompt, "completion_tokens": completion, "cached_tokens": cached,
                "cost_usd": round(cost, 8)}

    def _litellm_cost(self, response: Any) -> float:
        try:
            import litellm

            return float(litellm.completion_cost(completion_response=response, model=self.s.model) or 0.0)
        except Exception as exc:
            self.rec.cost_note = (f"litellm's cost map has no price for '{self.s.model}': cost counted as 0 "
                                  f"({type(exc).__name__}); price it with input_cost_per_mtok/output_cost_per_mtok")
            return 0.0

    # --------------------------------------------------------------------------------------- tools
    async def _run_tool(self, name: str, raw_args: str) -> tuple[str, dict[str, Any], bool]:
        """``(text for the model, arguments as recorded, is_error)``; never raises except transport."""
        try:
            args = json.loads(raw_args) if raw_args and raw_args.strip() else {}
        except json.JSONDecodeError as exc:
            return (f"error: the arguments are not valid JSON ({exc.msg} at column {exc.colno}); call {name} again "
                    "with one JSON object", {"_unparsed_arguments": raw_args[:2000]}, True)
        if not isinstance(args, dict):
            return f"error: the arguments must be a JSON object, not {type(args).__name__}", {"_value": args}, True
        if name in HANDBOOK_TOOLS:
            try:
                return self.handbook.call(name, args), args, False
            except (ValueError, KeyError, OSError) as exc:
                return f"error: {exc}", args, True
        if name == SHELL_TOOL and self.s.tool_surface in ("cli", "both"):
            command = str(args.get("command", ""))
            if not command.startswith("chibench-tools"):
                return "error: this tool runs only `chibench-tools …` command lines", args, True
            status, text = await self.tools.shell(command)
            return text, args, status != 0
        if name not in self._mcp_names:
            allowed = ", ".join(sorted(self._mcp_names | set(HANDBOOK_TOOLS)))
            return f"error: there is no tool '{name}'; the tools are: {allowed}", args, True
        is_error, text = await self.tools.call(name, args)
        return text, args, is_error

    # --------------------------------------------------------------------------------------- run
    async def run(self) -> Outcome:
        outcome: Outcome | None = None
        try:
            outcome = await self._run()
            return outcome
        except asyncio.CancelledError:
            outcome = self._outcome("cancelled", "the run was cancelled (e.g. the agent timeout)")
            raise
        except Exception as exc:  # a defect of ours: still leave a trajectory that says so
            log.exception("reference agent failed")
            outcome = self._outcome("agent_error", f"{type(exc).__name__}: {exc}")
            return outcome
        finally:
            with contextlib.suppress(Exception):
                self._write(outcome)

    async def _run(self) -> Outcome:
        specs: list[dict[str, Any]] = []
        mcp_specs: list[dict[str, Any]] = []
        try:
            mcp_specs = await self.tools.list_tools()
        except ToolTransportError as exc:
            self._step("system", f"The task's tools could not be listed: {exc}")
            return self._outcome("tools_unreachable", str(exc))
        self._mcp_names = {t["name"] for t in mcp_specs}
        if self.s.tool_surface in ("mcp", "both"):
            specs += [{"type": "function", "function": {"name": t["name"], "description": t.get("description", ""),
                                                        "parameters": t.get("inputSchema") or {"type": "object"}}}
                      for t in mcp_specs]
        if self.s.tool_surface in ("cli", "both"):
            specs.append({"type": "function", "function": {
                "name": SHELL_TOOL, "description": "Run one `chibench-tools` command line in the workspace "
                "(`chibench-tools list`, `describe TOOL`, `call TOOL '<JSON>' [--query JMESPATH]`); returns its "
                "output and exit status.", "parameters": {"type": "object", "properties": {
                    "command": {"type": "string"}}, "required": ["command"], "additionalProperties": False}}})
            if self.s.tool_surface == "cli":
                self._mcp_names = set()
        specs += self.handbook.specs()
        self._specs = specs
        prompt = system_prompt(self.server, len(mcp_specs), self.handbook, self.s.tool_surface)
        self.messages = [{"role": "system", "content": prompt}, {"role": "user", "content": self.instruction}]
        self._step("system", prompt)
        self._step("user", self.instruction)
        self._write(None)
        unreachable = 0
        for _ in range(self.s.max_steps):
            compaction = self.compact()
            try:
                response = await self._complete(specs)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                reason = "llm_unavailable" if _is_transport(exc) else "llm_error"
                return self._outcome(reason, f"{type(exc).__name__}: {str(exc)[:500]}")
            metrics = self._account(response)
            choice = response.choices[0]
            msg = choice.message
            content = msg.content or ""
            extra: dict[str, Any] = {"finish_reason": choice.finish_reason}
            if compaction:
                extra["compaction"] = compaction
            if len(content) > self.s.max_message_chars:
                extra["message_chars"] = len(content)
                content = content[:self.s.max_message_chars] + f"\n[... cut: {len(content)} characters in all]"
            calls = list(msg.tool_calls or [])
            if calls and not self.s.parallel_tool_calls:
                if len(calls) > 1:
                    extra["dropped_parallel_calls"] = len(calls) - 1
                calls = calls[:1]
            step = self._step("agent", content, model_name=self.s.model, metrics=metrics, extra=extra,
                              **({"reasoning_effort": self.s.reasoning_effort} if self.s.reasoning_effort else {}))
            reasoning = getattr(msg, "reasoning_content", None)
            if reasoning:
                step["reasoning_content"] = str(reasoning)
            assistant: dict[str, Any] = {"role": "assistant", "content": content or None}
            if not calls:
                self.messages.append(assistant)
                self._write(None)
                return self._outcome("final_answer")
            assistant["tool_calls"] = [{"id": c.id, "type": "function", "function": {
                "name": c.function.name, "arguments": c.function.arguments or ""}} for c in calls]
            self.messages.append(assistant)
            step["tool_calls"] = []
            results = []
            for c in calls:
                name = c.function.name or ""
                self._tool_names[c.id] = name
                self.rec.tool_calls += 1
                try:
                    text, args, is_error = await self._run_tool(name, c.function.arguments or "")
                    unreachable = 0
                except ToolTransportError as exc:
                    text, args, is_error = f"error: the tools could not be reached: {exc}", {}, True
                    unreachable += 1
                    with contextlib.suppress(json.JSONDecodeError, TypeError):
                        args = json.loads(c.function.arguments or "{}")
                if len(text) > self.s.max_tool_result_chars:
                    text = text[:self.s.max_tool_result_chars] + f"\n[... cut: {len(text)} characters in all]"
                step["tool_calls"].append({"tool_call_id": c.id, "function_name": name,
                                           "arguments": args if isinstance(args, dict) else {"_value": args}})
                results.append({"source_call_id": c.id, "content": text, "extra": {"is_error": is_error}})
                self.messages.append({"role": "tool", "tool_call_id": c.id, "content": text})
            step["observation"] = {"results": results}
            self._write(None)
            if unreachable >= 3:
                return self._outcome("tools_unreachable", "three tool calls in a row could not reach the tools")
        return self._outcome("max_steps", f"{self.s.max_steps} model calls without a final answer")


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value
