"""The tool layer's fast paths behave exactly like the slow ones they replace.

* the generated tool catalog is the live registry's listing, and a server started with a world *opener*
  lists its tools from it before the world is open, while calls wait for the world; a server given an
  open world lists from it too, and checks it against the registry in the background;
* identities are read once per world and re-read after ``set_identities``;
* ``dispatch_now`` answers reads in the caller's thread only when the world is free;
* ``WorldSession.get`` (cached primary-key statement, fetched rows kept for the session) returns what
  ``Session.get`` returns, pending rows included;
* ``plain`` and the ICD-10-CM cache-first lookups give the same answers as before.
"""

from __future__ import annotations

import datetime as dt
import enum
import json
import shutil
import threading
from collections import OrderedDict
from pathlib import Path

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Worker
from chibench.world.core import codes
from chibench.world.core import identities as identities_module
from chibench.world.core.db import IdCounter, SimClock, WorldSetting
from chibench.world.core.identities import identities, set_identities
from chibench.world.core.serialize import plain
from chibench.world.core.world import CALL_LOCK, World, WorldSession
from chibench.world.tools import dispatch as dispatch_module
from chibench.world.tools.dispatch import dispatch, dispatch_now
from chibench.world.tools.registry import catalog, catalog_text, live_catalog, load_all
from chibench.world.tools.server import Listing, WorldHandle
from tests.world.tools.support import IDENTITIES, LiveServer


# ------------------------------------------------------------------------------------------ catalog
def test_generated_catalog_is_the_live_registry_listing() -> None:
    assert catalog_text(catalog()) == catalog_text(live_catalog()), "run `chibench tools reference`"


def test_a_stale_catalog_is_replaced_by_the_live_registry() -> None:
    stale = catalog()
    stale["cm"] = stale["cm"][:-1]
    listing = Listing(stale)
    assert len(listing.tools("cm")) == len(load_all().for_role("cm")) - 1
    assert listing.verify() is False
    assert [t.name for t in listing.tools("cm")] == [t.name for t in load_all().for_role("cm")]
    assert Listing.generated().verify() is True


async def _list_and_call(url: str, tool: str, args: dict) -> tuple[list[str], object]:
    async with streamablehttp_client(url) as (r, w, _), ClientSession(r, w) as s:
        await s.initialize()
        names = [t.name for t in (await s.list_tools()).tools]
        return names, await s.call_tool(tool, args)


def test_tools_are_listed_before_the_world_is_open_and_calls_wait(base_world_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "lazy.sqlite"
    shutil.copyfile(base_world_file, target)
    gate = threading.Event()

    def opener() -> World:
        gate.wait(30)
        w = World(target)
        set_identities(w, IDENTITIES)
        return w

    with LiveServer(opener) as srv:
        async def flow() -> tuple[list[str], object]:
            async with streamablehttp_client(srv.url("cm")) as (r, w, _), ClientSession(r, w) as s:
                await s.initialize()
                names = [t.name for t in (await s.list_tools()).tools]  # the world is not open yet
                listed = await s.list_tools()
                assert [t.inputSchema for t in listed.tools] == [e["inputSchema"] for e in live_catalog()["cm"]]
                threading.Timer(0.3, gate.set).start()
                result = await s.call_tool("cm_intake_get_referral", {"acting_as": "WKR-CM-01",
                                                                     "referral_id": "REF-CM01"})
                return names, result

        names, result = anyio.run(flow)
        assert names == [t.name for t in load_all().for_role("cm")]
        assert not result.isError and result.structuredContent["id"] == "REF-CM01"
        assert srv.errors == []


def test_a_server_given_an_open_world_lists_from_the_catalog_and_checks_it_in_the_background(
        served_world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """codex 0.169 starts a turn without a server's tools if ``tools/list`` takes more than ~1 s, and computing
    a role's listing from the registry took 0.6–1.1 s: the listing must not wait for that computation."""
    from chibench.world.tools import server as server_module

    gate, computed = threading.Event(), []
    real_entry = server_module.catalog_entry

    def slow_entry(tool):  # the registry computation, held until the listing has been answered
        gate.wait(30)
        computed.append(tool.name)
        return real_entry(tool)

    monkeypatch.setattr(server_module, "catalog_entry", slow_entry)
    with LiveServer(served_world, roles=("cm",)) as srv:
        async def listed() -> list[str]:
            async with streamablehttp_client(srv.url("cm")) as (r, w, _), ClientSession(r, w) as s:
                await s.initialize()
                with anyio.fail_after(20):
                    return [t.name for t in (await s.list_tools()).tools]

        names = anyio.run(listed)
        assert computed == [], "the listing waited for the registry"
        gate.set()
        for _ in range(400):  # the background check: the served role only
            if len(computed) == len(load_all().for_role("cm")):
                break
            threading.Event().wait(0.05)
    assert names == [t.name for t in load_all().for_role("cm")]
    assert len(computed) == len(load_all().for_role("cm")), "the served role's catalog was checked once"


def test_a_world_that_cannot_be_opened_is_reported(tmp_path: Path) -> None:
    def opener() -> World:
        raise RuntimeError("disk on fire")

    with LiveServer(opener, roles=("cm",)) as srv:
        names, result = anyio.run(_list_and_call, srv.url("cm"), "cm_intake_list_referral_queue",
                                  {"acting_as": "WKR-CM-01"})
        assert "cm_intake_list_referral_queue" in names
        assert result.isError and json.loads(result.content[0].text)["error"] == "internal_error"
        assert [str(e) for e in srv.errors] == ["disk on fire"]


def test_world_handle_given_an_open_world_is_ready(served_world: World) -> None:
    handle = WorldHandle(served_world, Listing())
    assert handle.ready and anyio.run(handle.get) is served_world


# --------------------------------------------------------------------------------------- identities
def test_identities_are_read_once_and_refreshed_by_set_identities(served_world: World) -> None:
    assert identities(served_world, "cm") == ["WKR-CM-01"]
    with served_world._sessions.begin() as s:  # behind the dispatcher's back: not seen (read once)
        s.get(WorldSetting, "agent_identities").value = {"cm": ["WKR-CM-02"]}
    assert identities(served_world, "cm") == ["WKR-CM-01"]
    set_identities(served_world, {"cm": ["WKR-CM-02"], "payer": ["WKR-UMN-01"]})
    assert identities(served_world, "cm") == ["WKR-CM-02"] and identities(served_world, "provider") == []
    is_error, out = dispatch(served_world, "cm", "cm_intake_list_referral_queue", {"acting_as": "WKR-CM-01"})
    assert is_error and out["error"] == "not_authorized" and out["allowed"] == ["WKR-CM-02"]
    identities(served_world, "cm").append("WKR-CM-01")  # callers get a copy
    assert identities(served_world, "cm") == ["WKR-CM-02"]


def test_a_failed_set_identities_changes_nothing(served_world: World) -> None:
    assert identities(served_world, "cm") == ["WKR-CM-01"]
    with pytest.raises(Exception, match="not JSON serializable"):
        set_identities(served_world, {"cm": [object()]})  # type: ignore[list-item]
    assert identities_module._IDENTITIES.get(served_world) is None  # forgotten: re-read from the database
    assert identities(served_world, "cm") == ["WKR-CM-01"]


# ------------------------------------------------------------------------------------- dispatch_now
READ = ("cm", "cm_intake_get_referral", {"acting_as": "WKR-CM-01", "referral_id": "REF-CM01"})


def test_dispatch_now_answers_reads_like_dispatch(served_world: World) -> None:
    bad = ("cm", "cm_intake_get_referral", {"acting_as": "WKR-CM-01", "referral_id": "REF-NOPE"})
    unknown = ("cm", "cm_nope", {})
    for call in (READ, bad, unknown):
        now = dispatch_now(served_world, *call)
        assert now is not None and now[:2] == dispatch(served_world, *call)
        assert now[2] == json.dumps(now[1], **dispatch_module.TEXT_FORMAT)


def test_dispatch_now_declines_writes_and_a_busy_world(served_world: World) -> None:
    write = ("cm", "cm_intake_open_case", {"acting_as": "WKR-CM-01", "referral_id": "REF-CM01",
                                           "program": "chronic_disease", "priority": "standard"})
    assert dispatch_now(served_world, *write) is None
    invalid = ("cm", "cm_intake_open_case", {"acting_as": "WKR-CM-01", "extra": 1})
    assert dispatch_now(served_world, *invalid)[0] is True  # argument errors need no world
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with CALL_LOCK:
            held.set()
            release.wait(10)

    t = threading.Thread(target=holder)
    t.start()
    held.wait(10)
    try:
        assert dispatch_now(served_world, *READ) is None
    finally:
        release.set()
        t.join()
    assert dispatch_now(served_world, *READ) is not None


def test_call_lock_released_only_by_its_holder() -> None:
    with CALL_LOCK.released():  # not held: a no-op
        assert not CALL_LOCK.held()
    with CALL_LOCK:
        assert CALL_LOCK.held()
        with World.unlocked():
            assert not CALL_LOCK.held()
            assert CALL_LOCK.acquire(blocking=False)  # another call could take it now
            CALL_LOCK.release()
        assert CALL_LOCK.held()
    assert not CALL_LOCK.held()


# ------------------------------------------------------------------------------------ WorldSession
def test_world_session_get_matches_session_get(served_world: World) -> None:
    plain_session = Session(served_world.engine, expire_on_commit=False)
    with served_world.read() as s:
        assert isinstance(s, WorldSession)
        for model, key in ((Worker, "WKR-CM-01"), (SimClock, 1), (WorldSetting, "agent_identities"),
                           (Worker, "WKR-NOPE"), (SimClock, 99)):
            mine, theirs = s.get(model, key), plain_session.get(model, key)
            assert (mine is None) == (theirs is None)
            if mine is not None:
                keys = [a.key for a in model.__mapper__.column_attrs]
                assert [getattr(mine, k) for k in keys] == [getattr(theirs, k) for k in keys]
                assert s.get(model, key) is mine  # from the identity map
    plain_session.close()


def test_world_session_get_sees_pending_rows_and_rolls_back(served_world: World) -> None:
    with pytest.raises(RuntimeError), served_world.write(acting_as="WKR-CM-01", app="t", action="t") as tx:
        tx.session.add(IdCounter(prefix="ZZZ", value=7))
        row = tx.session.get(IdCounter, "ZZZ")  # autoflush, as Session.get
        assert row is not None and row.value == 7
        tx.session.add(IdCounter(prefix="ZZY", value=1))
        tx.session.flush()
        assert tx.session.get(IdCounter, "ZZY") is not None
        raise RuntimeError("roll back")
    with served_world.read() as s:
        assert s.get(IdCounter, "ZZZ") is None and s.get(IdCounter, "ZZY") is None


# ------------------------------------------------------------------------------------------- plain
class _Color(enum.StrEnum):
    RED = "red"


class _Level(enum.IntEnum):
    HIGH = 3


def _old_plain(value):  # noqa: ANN001, ANN202 — the implementation before the fast path
    if isinstance(value, dt.datetime):
        return plain(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): _old_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_old_plain(v) for v in value]
    return value


def test_plain_is_unchanged() -> None:
    value = {"a": [1, 2.5, None, True, "x", _Color.RED, _Level.HIGH, (1, _Color.RED)],
             _Color.RED: {"when": dt.datetime(2026, 7, 1, 12, tzinfo=dt.UTC), "day": dt.date(2026, 7, 2)},
             3: OrderedDict(b=[{"c": _Level.HIGH}]), "s": "plain"}
    out = plain(value)
    assert out == _old_plain(value)
    assert json.dumps(out) == json.dumps(_old_plain(value))
    assert type(out["3"]) is dict and out["red"]["when"] == "2026-07-01T12:00:00Z"
    assert type(out["a"][5]) is str and type(out["a"][6]) is int


# --------------------------------------------------------------------------------------------- ICD
def test_icd_lookups_answer_cached_codes_without_the_library(monkeypatch: pytest.MonkeyPatch) -> None:
    cached = codes.load_icd_cache()
    code, text = next(iter(cached.items()))

    def no_library() -> None:
        raise AssertionError("the library was loaded")

    monkeypatch.setattr(codes, "_icd", no_library)
    assert codes.icd10cm_description(code) == text
    assert codes.is_billable_icd10cm(code) is True


# ------------------------------------------------------------------------------------ result text
_scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**40), max_value=10**40)
            | st.floats(allow_nan=True, allow_infinity=True) | st.floats(min_value=-1e-3, max_value=1e-3)
            | st.text(max_size=12) | st.sampled_from(["é", "\u2028", "\x00\x1f\x7f", '"\\', "\ud7ff\ue000"]))
_json_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                            | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=30)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_json_values)
def test_result_text_is_compact_json_dumps(value: object) -> None:
    assert dispatch_module.result_text(value) == json.dumps(value, **dispatch_module.TEXT_FORMAT)


def test_result_text_falls_back_for_anything_else() -> None:
    odd = {"t": (1, 2), "k": {1: "x"}, "f": 1e-05, "e": _Color.RED, "deep": [{"tiny": -2.5e-07}],
           "surrogate": "a\udfffb"}
    for value in (odd, odd["t"], odd["k"], odd["f"], odd["e"], odd["deep"], odd["surrogate"]):
        assert dispatch_module.result_text(value) == json.dumps(value, **dispatch_module.TEXT_FORMAT)


def test_size_limit_counts_the_text_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    payload = {"items": [{"id": f"X-{i}", "n": i} for i in range(40)]}
    sent = len(json.dumps(payload, **dispatch_module.TEXT_FORMAT))
    assert sent < len(json.dumps(payload, ensure_ascii=False)) < len(json.dumps(payload, indent=1))
    for limit, too_large in ((sent - 1, True), (sent, False), (sent + 1, False)):
        monkeypatch.setattr(dispatch_module, "MAX_RESULT_CHARS", limit)
        is_error, out, text = dispatch_module._encoded((False, payload, None))
        assert text == json.dumps(out, **dispatch_module.TEXT_FORMAT)
        assert is_error is too_large
        if too_large:
            assert out["error"] == "result_too_large" and str(sent) in out["message"]
        else:
            assert out is payload
    monkeypatch.setattr(dispatch_module, "MAX_RESULT_CHARS", 10)
    error = {"error": "not_found", "message": "a rejection is never replaced, however long it is"}
    assert dispatch_module._encoded((True, error, None))[:2] == (True, error)


def test_server_sends_the_dispatch_text(served_world: World) -> None:
    is_error, payload, text = dispatch_module.dispatch_encoded(served_world, *READ)
    assert (is_error, payload) == dispatch(served_world, *READ)
    assert text == json.dumps(payload, **dispatch_module.TEXT_FORMAT)
    assert dispatch_now(served_world, *READ) == (is_error, payload, text)
