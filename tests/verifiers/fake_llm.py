"""A local fake OpenAI-compatible chat-completions server for the judge tests (runs in a thread).

``FakeLLM(script)`` serves ``POST /v1/chat/completions``; ``script(request, n)`` returns a
:class:`Reply` for the n-th request (0-based, in arrival order). Every request body is kept in
``requests`` so a test can read the rendered prompt.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    content: str | None = None
    status: int = 200
    delay: float = 0.0
    finish_reason: str = "stop"
    refusal: str | None = None
    raw: str | None = None  # a raw body instead of a chat completion


def rubric_of(request: dict[str, Any]) -> str:
    m = re.search(r"Grade rubric `([^`]+)` now", request["messages"][-1]["content"])
    return m.group(1) if m else "?"


def verdict(request: dict[str, Any], result: str, quote: str = "Daniel Okafor", **extra: Any) -> Reply:
    body = {"rubric_id": rubric_of(request), "verdict": result,
            "evidence": [{"artifact": "letters/LET-0001", "quote": quote}],
            "explanation": f"Graded {result}.", **extra}
    return Reply(json.dumps(body))


class FakeLLM:
    def __init__(self, script: Callable[[dict[str, Any], int], Reply]):
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with fake._lock:
                    n = len(fake.requests)
                    fake.requests.append(body)
                reply = fake.script(body, n)
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.raw is not None or reply.status != 200:
                    payload = (reply.raw or json.dumps({"error": {"message": "boom", "type": "server_error"}})).encode()
                else:
                    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
                    if reply.refusal:
                        message["refusal"] = reply.refusal
                    payload = json.dumps({
                        "id": f"chatcmpl-{n}", "object": "chat.completion", "created": 1_700_000_000,
                        "model": body.get("model", "fake"),
                        "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason}],
                        "usage": {"prompt_tokens": 1000 + n, "completion_tokens": 50, "total_tokens": 1050 + n},
                    }).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> FakeLLM:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


#: The untrusted-data block of a judge request (its JSON payload is group 1).
DATA = re.compile(r"<<<BEGIN_UNTRUSTED_DATA \w+>>>\n(.*)\n<<<END_UNTRUSTED_DATA", re.DOTALL)


def quote_from_artifacts(req: dict[str, Any]) -> str:
    """The longest text (first 120 characters) among the agent's artifacts in a judge request's data block (the
    world's chart facts when the agent wrote none): a quote a passing verdict can cite."""
    found = DATA.search(req["messages"][-1]["content"])
    assert found is not None, "no untrusted-data block in the judge request"
    data = json.loads(found.group(1))
    texts: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, str):
            texts.append(v)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)

    walk(data["agent_artifacts"] or data["chart_facts_from_the_world"])
    return max(texts, key=len)[:120]
