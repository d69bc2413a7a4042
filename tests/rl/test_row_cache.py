"""The episode world's row cache (``chibench.world.core.world.RowCache``): rows fetched by primary key are kept
across calls, and every write to a table drops that table's rows before the write runs — so a read never sees
a value the database does not hold (committed, rolled back, written by raw SQL, or changed in memory and
never flushed).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from chibench.rl import ChiEnv
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.core.db import WorldSetting
from chibench.world.core.world import SYSTEM_ACTOR, RowCache, World, session_memo
from chibench.world.counterparts.models import PatientPersonaContract
from chibench.world.counterparts.store import persona_for

TASK = "uppp.md_review"


@pytest.fixture()
def world(base_world_file: Path) -> Iterator[World]:
    env = ChiEnv(TASK, base=base_world_file)
    env.reset()
    yield env._world
    env.close()


def _worker_id(world: World) -> str:
    with world.read() as s:
        return str(s.scalars(text("SELECT id FROM workers ORDER BY id LIMIT 1")).one())


class _Selects:
    """Counts the SELECTs on one table that ``world``'s SQLite connection runs — SQLAlchemy's executions and the
    world's cursor path alike (SQLite's statement trace: the episode world is one in-memory connection)."""

    def __init__(self, world: World, table: str) -> None:
        self.n, self._table = 0, f"FROM {table} "
        raw = world.engine.raw_connection()
        self._conn: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
        raw.close()  # the pool's one connection stays open

    def _count(self, statement: str) -> None:
        if statement.lstrip().startswith("SELECT") and self._table in statement + " ":
            self.n += 1

    def __enter__(self) -> _Selects:
        self._conn.set_trace_callback(self._count)
        return self

    def __exit__(self, *exc: object) -> None:
        self._conn.set_trace_callback(None)


def _phone(world: World, wid: str) -> str:
    with world.read() as s:
        w = s.get(Worker, wid)
        assert w is not None
        return w.phone


def test_episode_worlds_cache_and_served_worlds_do_not(world: World, base_world_file: Path) -> None:
    assert isinstance(world.row_cache, RowCache)
    served = World(base_world_file)
    try:
        assert served.row_cache is None  # a file another process may write: never cached
    finally:
        served.close()


def test_a_second_read_of_a_row_runs_no_select(world: World) -> None:
    wid = _worker_id(world)
    with _Selects(world, "workers") as sel:
        first = _phone(world, wid)
        assert sel.n == 1
        assert _phone(world, wid) == first
        assert sel.n == 1
    assert world.row_cache is not None and world.row_cache.hits >= 1


@pytest.mark.parametrize("how", ["orm", "raw_sql"])
def test_a_committed_write_is_seen_by_the_next_read(world: World, how: str) -> None:
    wid = _worker_id(world)
    _phone(world, wid)  # cached
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.phone", allow_system=True) as tx:
        if how == "orm":
            w = tx.session.get(Worker, wid)
            assert w is not None
            w.phone = "555-0100"
        else:
            tx.session.execute(text("UPDATE workers SET phone = '555-0100' WHERE id = :id"), {"id": wid})
    assert _phone(world, wid) == "555-0100"


def test_a_rolled_back_write_leaves_the_stored_value(world: World) -> None:
    wid = _worker_id(world)
    before = _phone(world, wid)
    with pytest.raises(RuntimeError), world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.phone",
                                                  allow_system=True) as tx:
        w = tx.session.get(Worker, wid)
        assert w is not None
        w.phone = "555-0199"
        tx.session.flush()
        raise RuntimeError("abort")
    assert _phone(world, wid) == before
    with world.read() as s:
        assert s.scalars(text("SELECT phone FROM workers WHERE id = :id"), {"id": wid}).one() == before


def test_a_row_read_after_a_write_in_a_rolled_back_transaction_is_not_kept(world: World) -> None:
    """The row is read (and would be kept) after the UPDATE that dropped its table: it carries the write that
    the rollback then undoes."""
    wid = _worker_id(world)
    before = _phone(world, wid)
    with pytest.raises(RuntimeError), world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.phone",
                                                  allow_system=True) as tx:
        tx.session.execute(text("UPDATE workers SET phone = '555-0198' WHERE id = :id"), {"id": wid})
        w = tx.session.get(Worker, wid)
        assert w is not None and w.phone == "555-0198"
        raise RuntimeError("abort")
    assert _phone(world, wid) == before


def test_an_unflushed_change_in_a_read_does_not_leak_into_the_next_call(world: World) -> None:
    wid = _worker_id(world)
    before = _phone(world, wid)
    with world.read() as s:
        w = s.get(Worker, wid)
        assert w is not None
        w.phone = "555-0142"  # a read session is rolled back; the change must not survive it
    assert _phone(world, wid) == before


def test_the_clock_is_cached_between_writes_and_fresh_after_each(world: World) -> None:
    start = world.now()
    with _Selects(world, "sim_clock") as sel:
        assert world.now() == start
        assert sel.n == 0  # kept since the first read
        world.advance(minutes=30)
        assert world.now() > start
        assert sel.n == 1  # the write used the kept row; its UPDATE dropped it, so the next read selects


def test_an_object_held_by_an_open_session_is_not_handed_to_another(world: World) -> None:
    wid = _worker_id(world)
    _phone(world, wid)
    with world.read() as outer:
        a = outer.get(Worker, wid)
        with world.read() as inner:
            b = inner.get(Worker, wid)
        assert a is not None and b is not None and a is not b and b.phone == a.phone


def test_rows_with_json_columns_are_not_kept(world: World) -> None:
    with world.read() as s:
        doc_id = s.scalars(text("SELECT id FROM documents LIMIT 1")).one()
        assert s.get(Document, doc_id) is not None
        assert s.get(WorldSetting, "agent_identities") is not None
    cache = world.row_cache
    assert cache is not None
    assert "documents" not in cache.rows and "world_settings" not in cache.rows


def test_a_memo_is_emptied_by_a_write_to_its_table(world: World) -> None:
    with world.read() as s:
        scenario = s.scalars(text("SELECT id FROM cm_patient_personas LIMIT 1")).one()
        first = persona_for(s, scenario)
        assert first is not None and persona_for(s, scenario) is first
        memo = session_memo(s, PatientPersonaContract.__tablename__)
        assert memo is not None and scenario in memo
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.persona", allow_system=True) as tx:
        tx.session.execute(text("UPDATE cm_patient_personas SET contract = contract WHERE id = :id"), {"id": scenario})
    with world.read() as s:
        memo = session_memo(s, PatientPersonaContract.__tablename__)
        assert memo is not None and scenario not in memo
        again = persona_for(s, scenario)
        assert again is not first and again == first


def test_an_unparsed_statement_drops_everything(world: World) -> None:
    wid = _worker_id(world)
    _phone(world, wid)
    world.now()
    cache = world.row_cache
    assert cache is not None and cache.rows
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.ddl", allow_system=True) as tx:
        tx.session.execute(text("CREATE TEMP TABLE scratch (x INTEGER)"))
    assert not cache.rows
    before = _phone(world, wid)
    assert "workers" in cache.rows and _phone(world, wid) == before
