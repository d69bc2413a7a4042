"""Malformed HTTP bodies to the MCP endpoints get a 4xx with a JSON-RPC error — never the SDK's 500 —
and change nothing; an abandoned session's SSE stream is logged in one line (issue #15). Through a real
server on 127.0.0.1."""

from __future__ import annotations

import json
import logging

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client

from chibench.world.export import snapshot
from chibench.world.tools import server as srv
from tests.world.tools.support import LiveServer

HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def _session(url: str) -> str:
    r = httpx.post(url, json=INIT, headers=HEADERS)
    assert r.status_code == 200, r.text
    return r.headers["mcp-session-id"]


def _call(arguments_json: str) -> bytes:
    return ('{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "cm_intake_list_referral_queue", '
            f'"arguments": {arguments_json}}}}}').encode()


BAD_BODIES = {
    "invalid_utf8": (b'{"jsonrpc": "2.0", "id": 2, "method": "ping", "x": "\xff\xfe"}', 400, -32700, "not UTF-8"),
    "deep_nesting": (b'{"jsonrpc": "2.0", "id": 2, "method": "ping", "params": ' + b"[" * 100_000 + b"]" * 100_000
                     + b"}", 400, -32700, "nested too deeply"),
    "nesting_past_the_bound": (_call('{"acting_as": "WKR-CM-01", "x": ' + "[" * 70 + "]" * 70 + "}"), 400, -32700,
                               "nested too deeply"),
    "5000_digit_number": (_call('{"acting_as": "WKR-CM-01", "n": ' + "9" * 5000 + "}"), 400, -32700, "5000 digits"),
    "not_json": (b"acting_as=WKR-CM-01&tool=cm_intake_open_case", 400, -32700, "not JSON"),
    "truncated_json": (_call('{"acting_as": "WKR-CM-01"')[:-3], 400, -32700, "not JSON"),
    "empty_body": (b"", 400, -32700, "not JSON"),
    "oversized_body": (b'{"jsonrpc": "2.0", "id": 2, "method": "ping", "pad": "' + b"a" * (srv.MAX_BODY_BYTES + 10)
                       + b'"}', 413, -32600, "exceeds"),
}


@pytest.mark.parametrize("name", sorted(BAD_BODIES))
@pytest.mark.parametrize("with_session", [False, True])
def test_malformed_bodies_get_4xx_json_rpc_errors(live: LiveServer, served_world, name, with_session):
    body, status, code, needle = BAD_BODIES[name]
    url = live.url("cm")
    headers = dict(HEADERS)
    if with_session:
        headers["mcp-session-id"] = _session(url)
    before = snapshot(served_world)["digest"]
    r = httpx.post(url, content=body, headers=headers, timeout=60)
    assert r.status_code == status
    err = r.json()
    assert err["jsonrpc"] == "2.0" and err["id"] is None and err["error"]["code"] == code
    assert needle in err["error"]["message"] and "Traceback" not in r.text
    assert snapshot(served_world)["digest"] == before
    # the server is unharmed: a normal session still works
    assert httpx.post(url, json=INIT, headers=HEADERS).status_code == 200


def test_a_declared_oversized_body_is_refused_before_reading(live: LiveServer):
    import socket

    head = (f"POST /cm/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Accept: application/json, text/event-stream\r\nContent-Length: {srv.MAX_BODY_BYTES + 1}\r\n\r\n{{")
    with socket.create_connection(("127.0.0.1", live.port), timeout=30) as sock:  # the body never comes
        sock.sendall(head.encode())
        answer = b""
        while b"}}" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert b" 413 " in status_line
    assert json.loads(rest.split(b"\r\n\r\n", 1)[1])["error"]["code"] == -32600


def test_good_bodies_still_reach_the_sdk(live: LiveServer):
    async def flow():
        async with streamablehttp_client(live.url("cm")) as (r, w, _), ClientSession(r, w) as s:
            await s.initialize()
            ok = await s.call_tool("cm_intake_list_referral_queue", {"acting_as": "WKR-CM-01"})
            # 64 levels and a 64-digit number are inside the bounds: the tool (not the transport) answers
            deep: dict = {}
            for _ in range(60):
                deep = {"x": deep}
            bad = await s.call_tool("cm_intake_list_referral_queue",
                                    {"acting_as": "WKR-CM-01", "n": int("9" * 64), "d": deep})
            return ok, bad

    ok, bad = anyio.run(flow)
    assert not ok.isError
    assert bad.isError and "unknown argument" in bad.content[0].text


def test_the_body_limit_admits_the_largest_attachment():
    from chibench.world.tools.bindings_provider import MAX_BASE64_CHARS

    assert MAX_BASE64_CHARS + 64 * 1024 < srv.MAX_BODY_BYTES <= 2 * MAX_BASE64_CHARS


def test_an_abandoned_sse_stream_logs_one_line(caplog):
    srv.quiet_abandoned_sessions()
    srv.quiet_abandoned_sessions()  # idempotent
    sdk = logging.getLogger("mcp.server.streamable_http")
    assert sum(isinstance(f, srv._AbandonedStream) for f in sdk.filters) == 1
    with caplog.at_level(logging.INFO, logger="mcp.server.streamable_http"):
        try:
            raise anyio.ClosedResourceError()
        except anyio.ClosedResourceError:
            sdk.exception("Error in standalone SSE writer")
        sdk.error("something else: %s", "kept")
    first, second = caplog.records
    assert first.levelno == logging.INFO and first.exc_info is None
    assert first.getMessage() == "an MCP session's standalone SSE stream ended (client went away): ClosedResourceError"
    assert len(caplog.text.strip().splitlines()) == 2 and "Traceback" not in caplog.text  # one line each
    assert second.levelno == logging.ERROR and second.getMessage() == "something else: kept"


def test_check_body_table():
    srv.check_body(json.dumps(INIT).encode())
    for body, _, _, needle in BAD_BODIES.values():
        if len(body) <= srv.MAX_BODY_BYTES:
            with pytest.raises(srv.BadBody, match=needle):
                srv.check_body(body)
