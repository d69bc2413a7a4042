"""A local fake of an OpenAI-compatible model that answers the live trigger classifier's prompts.

It exists so the live classifier path (``chibench.world.counterparts.classifier``) and
``chibench contracts audit`` run offline, end to end through ``litellm``: it listens on 127.0.0.1,
accepts ``POST /v1/chat/completions``, reads the classifier prompt (the caller's new turn and the
behaviour ids to judge) and answers with the classifier's JSON, deciding each id with ``decide``.

``decide(turn, ids) -> {id: bool}`` is supplied by the user of the fake: tests script a judgement
(e.g. "this paraphrase performs the acknowledgment; this keyword list does not"); the audit command's
``--fake`` mode uses :func:`pattern_decider` (the contracts' own patterns — a baseline that agrees with the
scripted backend by construction, so any disagreement it reports is a defect in the audit itself).
Behaviours that simulate failures: ``fail_next`` (HTTP 500 for the next n requests) and ``garbage_next``
(a reply that is not the classifier's JSON).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Decider = Callable[[str, list[str]], dict[str, bool]]
_TURN = re.compile(r"NEW CALLER TURN:\n(.*?)\n\nBehaviours to judge:", re.DOTALL)
_ID = re.compile(r"^- id: ([a-z][a-z0-9_]*)$", re.MULTILINE)


def parse_prompt(body: dict[str, Any]) -> tuple[str, list[str]]:
    """(the caller's new turn, the behaviour ids to judge) from a classifier request body."""
    user = next((m.get("content", "") for m in reversed(body.get("messages", [])) if m.get("role") == "user"), "")
    m = _TURN.search(user)
    return (m.group(1) if m else ""), _ID.findall(user)


@dataclass
class FakeJudge:
    decide: Decider
    requests: list[dict[str, Any]] = field(default_factory=list)
    fail_next: int = 0
    garbage_next: int = 0
    port: int = 0
    _server: ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.requests.append(body)
        if self.fail_next > 0:
            self.fail_next -= 1
            return 500, {"error": {"message": "simulated failure", "type": "server_error"}}
        turn, ids = parse_prompt(body)
        if self.garbage_next > 0:
            self.garbage_next -= 1
            content = "I think the caller did well."
        else:
            verdicts = self.decide(turn, ids)
            content = json.dumps({"decisions": [
                {"id": i, "fired": bool(verdicts.get(i, False)),
                 "rationale": ("the turn performs it" if verdicts.get(i) else "the turn does not perform it")}
                for i in ids]})
        return 200, {"id": "chatcmpl-fake-judge", "object": "chat.completion", "created": 1_790_000_000,
                     "model": body.get("model"),
                     "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                  "finish_reason": "stop"}],
                     "usage": {"prompt_tokens": 200, "completion_tokens": 40, "total_tokens": 240}}

    def start(self) -> FakeJudge:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 — http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
                status, payload = fake._answer(body)
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


@contextmanager
def running(decide: Decider) -> Iterator[FakeJudge]:
    judge = FakeJudge(decide).start()
    try:
        yield judge
    finally:
        judge.stop()


def pattern_decider(personas: list[Any]) -> Decider:
    """Decide with the contracts' own ``match`` patterns (ids looked up across ``personas``; the first
    persona that has the id decides)."""
    from chibench.world.core.textmatch import normalize

    def decide(turn: str, ids: list[str]) -> dict[str, bool]:
        out: dict[str, bool] = {}
        text = normalize(turn)
        for i in ids:
            for p in personas:
                item = next((x for x in list(p.consent_triggers) + list(p.anti_triggers) if x.id == i), None)
                if item is not None:
                    out[i] = bool(item.match.matches(text))
                    break
        return out

    return decide
