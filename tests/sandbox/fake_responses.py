"""A minimal fake OpenAI Responses server for the sandbox's own codex test (standard library only).

It records every request body and answers ``POST /v1/responses`` (stream true) with the SSE events
codex 0.169 reads (``response.created``, ``response.output_item.done`` per item, ``response.completed``):
its first reply calls ``tool`` in ``namespace`` with ``arguments``, every later one is a message that ends
the turn. The call is made even when the request does not list the namespace: codex 0.169 under Harbor
defers MCP tools behind its ``tool_search`` tool (the request carries ``tool_search`` and the
instructions name "Deferred tool namespaces: mcp__<server>"), yet runs a namespaced call it is given.
Anything else (the WebSocket upgrade codex tries first) gets 404, after which codex falls back to HTTPS.

    server = FakeResponses(namespace="mcp__chibench_provider", tool="people_whoami", arguments={...})
    server.start(); ... server.requests ...; server.stop()

The real replaying model (every wire, oracle and near misses) is ``chibench.testing.scripted_model``.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeResponses:
    def __init__(self, *, namespace: str, tool: str, arguments: dict[str, Any], host: str = "127.0.0.1") -> None:
        self.namespace, self.tool, self.arguments = namespace, tool, arguments
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return None

            def do_GET(self) -> None:
                self.send_error(404)

            def do_POST(self) -> None:
                if not self.path.rstrip("/").endswith("/responses"):
                    self.send_error(404)
                    return
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                outer.requests.append(body)
                items = outer.reply(body, len(outer.requests))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                base = {"id": f"resp_{len(outer.requests)}", "object": "response", "model": body.get("model")}
                events = [("response.created", {"type": "response.created", "response": {**base, "status": "in_progress"}})]
                for i, item in enumerate(items):
                    events.append(("response.output_item.done",
                                   {"type": "response.output_item.done", "output_index": i, "item": item}))
                usage = {"input_tokens": 10, "output_tokens": 10, "total_tokens": 20}
                events.append(("response.completed", {"type": "response.completed",
                                                      "response": {**base, "status": "completed", "output": items,
                                                                   "usage": usage}}))
                for name, data in events:
                    self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()
                self.close_connection = True

        self.httpd = ThreadingHTTPServer((host, 0), Handler)
        self.port = int(self.httpd.server_address[1])
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def reply(self, body: dict[str, Any], n: int) -> list[dict[str, Any]]:
        if n == 1:
            return [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "namespace": self.namespace,
                     "name": self.tool, "arguments": json.dumps(self.arguments)}]
        return [{"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
                 "content": [{"type": "output_text", "text": "done", "annotations": []}]}]

    def start(self) -> str:
        self.thread.start()
        return f"http://127.0.0.1:{self.port}/v1"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
