"""The scripted model server over real HTTP, on every wire: it replays brca_testing.referral's oracle
against a real task world (tool calls dispatched in-process, results fed back as each client would) to a
graded reward of 1, a near miss to 0, and its faults behave as documented."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from chibench.package.harness import task_world, world_version
from chibench.package.scenario import load_scenario
from chibench.testing import scripted_model as sm
from tests.testing.support import fake_shell

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "packages" / "brca_testing.referral"
SCENARIO = load_scenario(TASK / "scenario.yaml")


@dataclass
class TaskRun:
    world: Any
    initial: Path
    root: Path

    def call(self, tool: str, args: Any) -> tuple[bool, str]:
        from chibench.world.tools.dispatch import dispatch_encoded

        is_error, _, text = dispatch_encoded(self.world, "provider", tool, args)
        return is_error, text

    def reward(self) -> int:
        from chibench.verifiers import grade
        from chibench.world.export import snapshot

        card = grade(snapshot(self.world), SCENARIO.expectations_document(world_version=world_version()),
                     initial=self.initial, out_dir=self.root / "verifier", judge=None)
        return int(card["reward"])


@pytest.fixture()
def task(base_world_file: Path, tmp_path: Path) -> Iterator[TaskRun]:
    from chibench.world import taskspec

    world = taskspec.prepare(task_world(SCENARIO), base=base_world_file, run_dir=tmp_path / "run",
                             export_dir=tmp_path / "export")
    yield TaskRun(world, tmp_path / "export" / "initial.json", tmp_path)
    world.close()


def provider_tools() -> list[str]:
    from chibench.world.tools.registry import load_all

    return sorted(t.name for t in load_all().for_role("provider"))


def sse_events(text: str) -> list[dict[str, Any]]:
    out = []
    for block in text.split("\n\n"):
        data = [ln[6:] for ln in block.splitlines() if ln.startswith("data: ")]
        if data and data[0] != "[DONE]":
            out.append(json.loads("".join(data)))
    return out


# ------------------------------------------------------------------------------------ client emulations
# Each takes (http client, base url, task) and drives the conversation the way that client does:
# returns (final text, [(tool name as called, namespace)], requests made).

Driver = Callable[[httpx.Client, TaskRun, bool], tuple[str, list[tuple[str, str | None]]]]


def codex_like(client: httpx.Client, task: TaskRun, stream: bool) -> tuple[str, list[tuple[str, str | None]]]:
    tools = [{"type": "namespace", "name": "mcp__chibench_provider", "description": "chibench",
              "tools": [{"type": "function", "name": n, "parameters": {"type": "object"}} for n in provider_tools()]},
             {"type": "function", "name": "shell",
              "parameters": {"type": "object", "properties": {"command": {"type": "array"}}}}]
    items: list[dict[str, Any]] = [{"type": "message", "role": "user",
                                    "content": [{"type": "input_text", "text": "do the task"}]}]
    called: list[tuple[str, str | None]] = []
    for _ in range(60):
        r = client.post("/v1/responses", json={"model": "gpt-5.5", "input": items, "tools": tools, "stream": stream})
        assert r.status_code == 200, r.text
        if stream:
            assert r.headers["content-type"].startswith("text/event-stream")
            events = sse_events(r.text)
            assert events[0]["type"] == "response.created" and events[-1]["type"] == "response.completed"
            output = [e["item"] for e in events if e["type"] == "response.output_item.done"]
            assert output == events[-1]["response"]["output"]
            assert events[-1]["response"]["usage"]["input_tokens"] > 0
        else:
            output = r.json()["output"]
        calls = [o for o in output if o["type"] == "function_call"]
        if not calls:
            return "".join(c["text"] for o in output for c in o["content"]), called
        assert len(calls) == 1, "one call per turn"
        call = calls[0]
        called.append((call["name"], call.get("namespace")))
        assert call["namespace"] == "mcp__chibench_provider" and "__" not in call["name"]
        is_error, text = task.call(call["name"], json.loads(call["arguments"]))
        items += [call, {"type": "function_call_output", "call_id": call["call_id"],
                         "output": f"Wall time: 0.0123 seconds\nOutput:\n{text}"}]
    raise AssertionError("no final message")


def chat_like(prefix: str) -> Driver:
    def drive(client: httpx.Client, task: TaskRun, stream: bool) -> tuple[str, list[tuple[str, str | None]]]:
        tools = [{"type": "function", "function": {"name": prefix + n, "parameters": {"type": "object"}}}
                 for n in provider_tools()]
        messages: list[dict[str, Any]] = [{"role": "system", "content": "you are an agent"},
                                          {"role": "user", "content": "do the task"}]
        called: list[tuple[str, str | None]] = []
        for _ in range(60):
            body = {"model": "scripted", "messages": messages, "tools": tools, "stream": stream}
            if stream:
                body["stream_options"] = {"include_usage": True}
            r = client.post("/v1/chat/completions", json=body)
            assert r.status_code == 200, r.text
            if stream:
                chunks = sse_events(r.text)
                content = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
                tcs = [tc for c in chunks if c["choices"] for tc in c["choices"][0]["delta"].get("tool_calls") or []]
                assert chunks[-1]["usage"]["prompt_tokens"] > 0
            else:
                msg = r.json()["choices"][0]["message"]
                content, tcs = msg.get("content") or "", msg.get("tool_calls") or []
            if not tcs:
                return content, called
            assert len(tcs) == 1
            tc = tcs[0]
            name = tc["function"]["name"]
            called.append((name, None))
            assert name.startswith(prefix)
            _, text = task.call(name[len(prefix):], json.loads(tc["function"]["arguments"]))
            messages += [{"role": "assistant", "content": None,
                          "tool_calls": [{"id": tc["id"], "type": "function", "function": tc["function"]}]},
                         {"role": "tool", "tool_call_id": tc["id"], "content": text}]
        raise AssertionError("no final message")
    return drive


def claude_like(client: httpx.Client, task: TaskRun, stream: bool) -> tuple[str, list[tuple[str, str | None]]]:
    prefix = "mcp__chibench-provider__"
    tools = [{"name": "Bash", "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}}}]
    tools += [{"name": prefix + n, "input_schema": {"type": "object"}} for n in provider_tools()]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "do the task"}]
    called: list[tuple[str, str | None]] = []
    for _ in range(60):
        r = client.post("/v1/messages", json={"model": "claude-x", "max_tokens": 4096, "messages": messages,
                                              "tools": tools, "stream": stream})
        assert r.status_code == 200, r.text
        if stream:
            events = sse_events(r.text)
            assert events[0]["type"] == "message_start" and events[-1]["type"] == "message_stop"
            blocks: dict[int, dict[str, Any]] = {}
            for e in events:
                if e["type"] == "content_block_start":
                    blocks[e["index"]] = dict(e["content_block"])
                    blocks[e["index"]]["_json"] = ""
                elif e["type"] == "content_block_delta":
                    d = e["delta"]
                    if d["type"] == "text_delta":
                        blocks[e["index"]]["text"] += d["text"]
                    else:
                        blocks[e["index"]]["_json"] += d["partial_json"]
            content = []
            for i in sorted(blocks):
                b = blocks[i]
                if b["type"] == "tool_use":
                    b["input"] = json.loads(b.pop("_json"))
                else:
                    b.pop("_json")
                content.append(b)
        else:
            content = r.json()["content"]
        uses = [b for b in content if b["type"] == "tool_use"]
        if not uses:
            return "".join(b["text"] for b in content if b["type"] == "text"), called
        use = uses[0]
        called.append((use["name"], None))
        is_error, text = task.call(use["name"][len(prefix):], use["input"])
        messages += [{"role": "assistant", "content": content},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use["id"],
                                                   "content": [{"type": "text", "text": text}],
                                                   "is_error": is_error}]}]
    raise AssertionError("no final message")


def terminus_like(client: httpx.Client, task: TaskRun, stream: bool) -> tuple[str, list[tuple[str, str | None]]]:
    prompt = ('Format your response as JSON with "analysis", "plan", "commands" ({"keystrokes": "ls\\n"}) '
              'and "task_complete".\n\nTask: do the task')
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    called: list[tuple[str, str | None]] = []
    for _ in range(60):
        r = client.post("/v1/chat/completions", json={"model": "scripted", "messages": messages, "stream": False})
        assert r.status_code == 200, r.text
        reply = r.json()["choices"][0]["message"]["content"]
        doc = json.loads(reply)
        assert set(doc) == {"analysis", "plan", "commands", "task_complete"}
        if doc["task_complete"]:
            assert doc["commands"] == []
            return doc["analysis"], called
        (command,) = doc["commands"]
        assert command["keystrokes"].endswith("\n")
        called.append(("shell", None))
        screen = fake_shell(task, command["keystrokes"].rstrip("\n"))
        messages += [{"role": "assistant", "content": reply},
                     {"role": "user", "content": f"New Terminal Output:\n{screen}"}]
    raise AssertionError("no final message")


DRIVERS: dict[str, Driver] = {"codex-responses": codex_like, "plain-chat": chat_like(""),
                              "prefixed-chat": chat_like("mcp__chibench-provider__"),
                              "claude-messages": claude_like, "terminus-shell": terminus_like}


@pytest.fixture()
def serve() -> Iterator[Callable[..., httpx.Client]]:
    stack: list[Any] = []

    def start(replay: str = "oracle", fault: str | None = None) -> httpx.Client:
        model = sm.ScriptedModel(sm.load_script(TASK, replay), fault=fault)
        ctx = sm.running(model)
        base = ctx.__enter__()
        client = httpx.Client(base_url=base, timeout=60)
        client.model = model  # type: ignore[attr-defined]
        stack.append((ctx, client))
        return client

    yield start
    for ctx, client in reversed(stack):
        client.close()
        ctx.__exit__(None, None, None)


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
@pytest.mark.parametrize("client_kind", list(DRIVERS))
def test_oracle_replay_scores_one_on_every_wire(client_kind: str, stream: bool, task: TaskRun,
                                                serve: Callable[..., httpx.Client]) -> None:
    if client_kind == "terminus-shell" and stream:
        pytest.skip("terminus-2 asks for whole completions")
    client = serve()
    final, called = DRIVERS[client_kind](client, task, stream)
    assert final.startswith("Done: replayed the oracle of brca_testing.referral")
    assert len(called) == len(SCENARIO.oracle)
    if client_kind == "prefixed-chat":
        assert called[0][0] == "mcp__chibench-provider__chart_search_patients"
    assert task.reward() == 1


def test_terminus_waits_for_a_slow_terminal_instead_of_typing_the_step_again(
        task: TaskRun, serve: Callable[..., httpx.Client]) -> None:
    """A real terminal shows a command's output over several screens (observed with terminus-2 in the
    sandbox): the echoed command, then the result, then the end marker. The replay must wait (empty
    keystrokes) until the marker shows, type every step exactly once, and still read the result that
    came one screen before its marker."""
    client = serve()
    prompt = ('Format your response as JSON with "analysis", "plan", "commands" ({"keystrokes": "ls\\n"}) '
              'and "task_complete".\n\nTask: do the task')
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    typed: list[str] = []
    pending: list[str] = []  # screens still to show for the last command
    waits = 0
    for _ in range(400):
        r = client.post("/v1/chat/completions", json={"model": "scripted", "messages": messages})
        doc = json.loads(r.json()["choices"][0]["message"]["content"])
        if doc["task_complete"]:
            break
        (command,) = doc["commands"]
        if command["keystrokes"] == "":
            waits += 1
            assert pending, "waited although the marker was already on screen"
        else:
            assert not pending, "typed a new command before the last one's end marker showed"
            typed.append(command["keystrokes"])
            lines = fake_shell(task, command["keystrokes"].rstrip("\n")).split("\n")
            pending = ["\n".join(lines[:1]), "\n".join(lines[1:2]), "\n".join(lines[2:])]
        messages += [{"role": "assistant", "content": json.dumps(doc)},
                     {"role": "user", "content": f"New Terminal Output:\n{pending.pop(0)}"}]
    else:
        raise AssertionError("no final message")
    assert doc["analysis"].startswith("Done: replayed the oracle of brca_testing.referral"), doc["analysis"]
    assert len(typed) == len(set(typed)) == len(SCENARIO.oracle)
    assert waits == 2 * len(typed)  # each step: the result screen, then the marker screen
    assert task.reward() == 1


def test_near_miss_replay_scores_zero(task: TaskRun, serve: Callable[..., httpx.Client]) -> None:
    name = SCENARIO.near_misses[0].name
    client = serve(f"near_miss:{name}")
    final, called = codex_like(client, task, True)
    assert called and (final.startswith("Done: replayed the near_miss") or final.startswith("Stopped:"))
    assert task.reward() == 0


def test_a_failing_step_ends_the_turn_with_the_reason(serve: Callable[..., httpx.Client]) -> None:
    client = serve()
    tools = [{"type": "function", "function": {"name": n}} for n in provider_tools()]
    first = client.post("/v1/chat/completions", json={"messages": [{"role": "user", "content": "go"}], "tools": tools})
    tc = first.json()["choices"][0]["message"]["tool_calls"][0]
    error = json.dumps({"error": "not_authorized", "message": "you may act only as WKR-X"})
    second = client.post("/v1/chat/completions", json={"tools": tools, "messages": [
        {"role": "user", "content": "go"}, {"role": "assistant", "tool_calls": [tc]},
        {"role": "tool", "tool_call_id": tc["id"], "content": error}]})
    msg = second.json()["choices"][0]
    assert msg["finish_reason"] == "stop"
    assert msg["message"]["content"].startswith("Stopped: step 1 chart_search_patients: tool error")


def test_a_tool_the_client_does_not_offer_ends_the_turn(serve: Callable[..., httpx.Client]) -> None:
    r = serve().post("/v1/chat/completions", json={"messages": [{"role": "user", "content": "go"}],
                                                   "tools": [{"type": "function", "function": {"name": "read_file"}}]})
    content = r.json()["choices"][0]["message"]["content"]
    assert content.startswith("Stopped: the client offers no tool for chart_search_patients and no shell")
    assert "read_file" in content


@pytest.mark.parametrize(("fault", "status", "kind"), [
    ("http500", [500, 500, 500], "json"), ("http500_once", [500, 200, 200], "json"), ("garbage", [200], "text")])
def test_http_faults(fault: str, status: list[int], kind: str, serve: Callable[..., httpx.Client]) -> None:
    client = serve(fault=fault)
    body = {"messages": [{"role": "user", "content": "go"}],
            "tools": [{"type": "function", "function": {"name": n}} for n in provider_tools()]}
    got = [client.post("/v1/chat/completions", json=body) for _ in status]
    assert [r.status_code for r in got] == status
    if kind == "text":
        with pytest.raises(json.JSONDecodeError):
            json.loads(got[0].text)
    else:
        assert got[0].json()["error"]["type"] == "server_error"
        assert got[-1].status_code != 200 or got[-1].json()["choices"][0]["message"]["tool_calls"]


def test_malformed_call_then_the_same_step_properly(serve: Callable[..., httpx.Client]) -> None:
    client = serve(fault="malformed")
    tools = [{"type": "function", "function": {"name": n}} for n in provider_tools()]
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    tc = client.post("/v1/chat/completions", json={"messages": msgs, "tools": tools}).json()[
        "choices"][0]["message"]["tool_calls"][0]
    with pytest.raises(json.JSONDecodeError):
        json.loads(tc["function"]["arguments"])
    msgs += [{"role": "assistant", "tool_calls": [tc]},
             {"role": "tool", "tool_call_id": tc["id"], "content": "error: arguments are not valid JSON"}]
    again = client.post("/v1/chat/completions", json={"messages": msgs, "tools": tools}).json()[
        "choices"][0]["message"]["tool_calls"][0]
    assert again["function"]["name"] == "chart_search_patients"
    assert json.loads(again["function"]["arguments"])["query"] == "Lindgren"


def test_unknown_tool_and_huge_faults(serve: Callable[..., httpx.Client]) -> None:
    tools = [{"type": "function", "function": {"name": n}} for n in provider_tools()]
    body = {"messages": [{"role": "user", "content": "go"}], "tools": tools}
    msg = serve(fault="unknown_tool").post("/v1/chat/completions", json=body).json()["choices"][0]["message"]
    assert msg["tool_calls"][0]["function"]["name"] == "no_such_tool_anywhere"
    msg = serve(fault="huge").post("/v1/chat/completions", json=body).json()["choices"][0]["message"]
    assert len(msg["content"]) == sm.HUGE_CHARS and msg["tool_calls"][0]["function"]["name"] == "chart_search_patients"


@pytest.mark.parametrize(("text", "flag", "want"), [
    ('{"patients": []}', None, (False, {"patients": []})),
    ('Wall time: 0.1 seconds\nOutput:\n{"a": 1}', None, (False, {"a": 1})),
    ('{"error": "invalid_input", "message": "x"}', None, (True, {"error": "invalid_input", "message": "x"})),
    ('{"a": 1}', True, (True, {"a": 1})),
    ("tool call failed: connection refused", None, (True, {"error": "no_json",
                                                          "message": "tool call failed: connection refused"})),
    ('Output: result {"b": [1]} trailing', None, (False, {"b": [1]})),
    ('Output:\n{"a": [1, …12000 tokens truncated… 2]}', None, (False, {"truncated_by_client":
                                                                    'Output:\n{"a": [1, …12000 tokens truncated… 2]}'})),
])
def test_parse_result(text: str, flag: bool | None, want: tuple[bool, Any]) -> None:
    assert sm.parse_result(text, flag) == want


@pytest.mark.parametrize(("tools", "bare", "want"), [
    ([{"type": "namespace", "name": "mcp__chibench_cm", "tools": [{"type": "function", "name": "cm_x"}]}],
     "cm_x", ("mcp__chibench_cm", "cm_x")),
    ([{"type": "function", "function": {"name": "cm_x"}}], "cm_x", (None, "cm_x")),
    ([{"name": "mcp__chibench-cm__cm_x"}, {"name": "mcp__chibench-cm__cm_x_y"}], "cm_x", (None, "mcp__chibench-cm__cm_x")),
    ([{"type": "function", "function": {"name": "other"}}], "cm_x", None),
])
def test_tool_naming(tools: list[Any], bare: str, want: Any) -> None:
    assert sm.ToolNaming.from_tools(tools).resolve(bare) == want


def test_load_script_errors() -> None:
    with pytest.raises(sm.ScriptError, match="no near miss 'nope' \\(authored: "):
        sm.load_script(TASK, "near_miss:nope")
    with pytest.raises(sm.ScriptError, match="must be 'oracle' or 'near_miss:<name>'"):
        sm.load_script(TASK, "best")
    with pytest.raises(sm.ScriptError, match="unknown fault 'slow'"):
        sm.ScriptedModel(sm.load_script(TASK), fault="slow")


def test_models_and_health(serve: Callable[..., httpx.Client]) -> None:
    client = serve()
    assert client.get("/healthz").text == "ok"
    assert client.get("/v1/models").json()["data"][0]["id"] == "scripted"
    assert client.post("/v1/chat/completions", content=b"{nope").status_code == 400
