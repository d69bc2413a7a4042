"""Over real HTTP with the official MCP client: initialize, list, call, errors, role isolation, routes."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client

from chibench.world.export import snapshot
from chibench.world.tools.registry import NAME_RE, load_all
from tests.world.tools.support import LiveServer


async def _session_call(url: str, fn):
    async with streamablehttp_client(url) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        return await fn(session)


def run(url: str, fn):
    return anyio.run(_session_call, url, fn)


def test_each_endpoint_lists_only_its_role(live: LiveServer):
    registry = load_all()
    for role in ("provider", "payer", "cm"):
        listed = run(live.url(role), lambda s: s.list_tools())
        names = sorted(t.name for t in listed.tools)
        assert names == sorted(t.name for t in registry.for_role(role))
        assert all(NAME_RE.match(n) for n in names)


def test_call_read_and_write_tools(live: LiveServer, served_world):
    async def flow(s: ClientSession):
        queue = await s.call_tool("cm_intake_list_referral_queue", {"acting_as": "WKR-CM-01"})
        assert not queue.isError
        first = queue.structuredContent["referrals"][0]["id"]
        opened = await s.call_tool("cm_intake_open_case", {"acting_as": "WKR-CM-01", "referral_id": first,
                                                            "program": "chronic_disease", "priority": "standard"})
        return first, opened

    first, opened = run(live.url("cm"), flow)
    assert not opened.isError, opened.content[0].text
    assert opened.structuredContent["case"]["status"] == "intake_complete"


@pytest.mark.parametrize("args,needle", [
    ({"acting_as": "WKR-CM-01", "referral_id": "REF-NOPE", "program": "chronic_disease", "priority": "standard"},
     "not_found"),
    ({"acting_as": "WKR-CM-01", "referral_id": "REF-CM01", "program": "wellness", "priority": "standard"},
     "program"),
    ({"acting_as": "WKR-CM-01", "referral_id": "REF-CM01", "program": "chronic_disease", "priority": "standard",
      "extra": 1}, "unknown argument"),
    ({"acting_as": "WKR-MD-01", "referral_id": "REF-CM01", "program": "chronic_disease", "priority": "standard"},
     "you may act only as"),
    ({}, "acting_as"),
])
def test_bad_calls_are_tool_errors_and_change_nothing(live: LiveServer, served_world, args, needle):
    before = snapshot(served_world)["digest"]
    result = run(live.url("cm"), lambda s: s.call_tool("cm_intake_open_case", args))
    assert result.isError and needle in result.content[0].text
    assert "Traceback" not in result.content[0].text
    assert snapshot(served_world)["digest"] == before


def test_role_cannot_reach_other_roles_tools(live: LiveServer):
    result = run(live.url("payer"), lambda s: s.call_tool("cm_intake_list_referral_queue", {"acting_as": "WKR-CM-01"}))
    assert result.isError and "unknown_tool" in result.content[0].text


def test_world_serves_only_started_roles(served_world):
    with LiveServer(served_world, ("payer",)) as srv:
        r = httpx.post(srv.url("provider"), json={}, headers={"accept": "application/json, text/event-stream"})
        assert r.status_code == 404


@pytest.mark.parametrize("method,path", [
    ("GET", "/"), ("GET", "/export"), ("GET", "/provider"), ("POST", "/provider/coverage/get_policy"),
    ("GET", "/_admin"), ("GET", "/openapi.json"), ("GET", "/docs"), ("POST", "/payer/mcp/../../export"),
    ("GET", "/world.sqlite"), ("GET", "/cm/export"),
])
def test_no_other_route_reads_or_writes_state(live: LiveServer, method, path):
    r = httpx.request(method, f"http://127.0.0.1:{live.port}{path}")
    assert r.status_code in (404, 405), (path, r.status_code)
    assert "REF-" not in r.text and "PAT-" not in r.text


def test_healthz_is_static(live: LiveServer):
    r = httpx.get(f"http://127.0.0.1:{live.port}/healthz")
    assert r.status_code == 200 and r.text == "ok"


def test_results_are_json(live: LiveServer):
    result = run(live.url("cm"), lambda s: s.call_tool("cm_intake_get_referral",
                                                       {"acting_as": "WKR-CM-01", "referral_id": "REF-CM01"}))
    assert not result.isError
    assert json.loads(result.content[0].text)["id"] == "REF-CM01"
