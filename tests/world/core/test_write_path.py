"""The world's cheaper write path (``chibench.world.core.world``): primary-key loads without the ORM's query
machinery (``_PkLoader``), the clock and id counters by Core statements, and event/state-transition rows queued
for the next flush. Each must leave exactly what the ORM path left: same objects, same rows, same order."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Worker
from chibench.world.core import machines
from chibench.world.core.db import Base, Event, IdCounter, SimClock, StateTransition
from chibench.world.core.world import SYSTEM_ACTOR, World, _pk_loader

#: Every mapped class of the world (one per table).
MODELS = sorted({m.class_ for m in Base.registry.mappers}, key=lambda c: c.__tablename__)
PLAYED = ("brca_testing.referral", "myocardial_pet.p2p", "uppp.md_review", "cm_dm_moderate_anxious_001")


def _columns(obj: Any) -> dict[str, Any]:
    return {a.key: getattr(obj, a.key) for a in inspect(type(obj)).column_attrs}


@pytest.fixture(scope="module")
def played(base_world_file: Path) -> Iterator[list[World]]:
    """Episode worlds after the oracle of one task per domain (rows in the PA, UM and CM tables)."""
    from chibench.rl import ChiEnv

    envs = [ChiEnv(t, base=base_world_file) for t in PLAYED]
    for e in envs:
        e.reset()
        assert e.replay(e.task.oracle) is None
    yield [e._world for e in envs if e._world is not None]
    for e in envs:
        e.close()


@pytest.mark.parametrize("model", MODELS, ids=[m.__tablename__ for m in MODELS])
def test_a_fast_primary_key_load_is_the_orm_load(model: Any, played: list[World]) -> None:
    table = model.__table__
    pk = list(inspect(model).primary_key)
    if _pk_loader(model) is None:
        pytest.skip(f"{table.name}: composite key or not a flat class, loaded by Session.get")
    for world in played:
        with world.read() as s:
            key = s.execute(select(pk[0]).order_by(pk[0].desc()).limit(1)).scalar()
        if key is not None:
            break
    else:
        pytest.skip(f"{table.name}: no rows after the played oracles")
    with Session(world.engine) as plain:
        want = plain.get(model, key)
        assert want is not None
        want_cols = _columns(want)
    for _ in range(3):  # the cursor plan starts on the second load of a statement
        with world.read() as s:
            got = s.get(model, key)
            assert got is not None
            state = inspect(got)
            assert state.persistent and not state.modified and not state.expired_attributes
            assert state.unloaded == set()
            cols = _columns(got)
            assert cols == want_cols and [type(v) for v in cols.values()] == [type(v) for v in want_cols.values()]
            assert s.get(model, key) is got  # the identity map answers a second lookup


def test_a_loaded_row_changed_and_flushed_is_written(world: World) -> None:
    wid = "SYSTEM"
    with world.read() as s:
        wid = s.execute(text("SELECT id FROM workers ORDER BY id LIMIT 1")).scalar_one()
    for phone in ("555-0101", "555-0102", "555-0103"):
        with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.phone", allow_system=True) as tx:
            w = tx.session.get(Worker, wid)
            assert w is not None
            w.phone = phone
        with world.read() as s:
            assert s.execute(text("SELECT phone FROM workers WHERE id = :i"), {"i": wid}).scalar_one() == phone


def test_a_pending_object_is_found_by_key_before_any_flush(world: World) -> None:
    for n in range(3):
        with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.add", allow_system=True) as tx:
            tx.session.add(IdCounter(prefix=f"PROBE{n}", value=7))
            # Session.get misses the identity map (pending objects are not in it): it must autoflush first
            found = tx.session.get(IdCounter, f"PROBE{n}")
            assert found is not None and found.value == 7


def _log(world: World) -> list[tuple[str, str | None]]:
    with world.read() as s:
        return [(r[0], r[1]) for r in s.execute(text("SELECT action, entity_id FROM events ORDER BY seq"))]


def test_log_rows_keep_call_order_across_flushes_and_are_visible_after_autoflush(world: World) -> None:
    before = _log(world)
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.log", allow_system=True) as tx:
        tx.log("a", entity_id="1")
        tx.log("b", entity_id="2")
        tx.session.flush()
        tx.log("c", entity_id="3")
        # an ORM query autoflushes: the queued row is in the table for it, as a pending Event object was
        seen = tx.session.scalars(select(Event.action).where(Event.app == "test").order_by(Event.seq)).all()
        assert seen == ["a", "b", "c"]
        tx.log("d", entity_id="4")  # queued after the last flush: written before commit
    assert _log(world)[len(before):] == [("a", "1"), ("b", "2"), ("c", "3"), ("d", "4")]


def test_a_transition_is_in_the_history_a_later_query_of_the_same_write_reads(world: World) -> None:
    class Thing:
        id = "THING-1"
        status: str | None = None

    thing = Thing()
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.move", allow_system=True) as tx:
        first = "active"  # the outreach machine's initial state
        assert first in machines.OUTREACH.initial
        tx.transition(machines.OUTREACH, thing, first)
        rows = tx.session.scalars(select(StateTransition).where(StateTransition.entity_id == "THING-1")).all()
        assert [(r.from_state, r.to_state) for r in rows] == [(None, first)]


def test_a_failed_write_queues_nothing_into_the_next(world: World) -> None:
    before = _log(world)
    clock = world.now()
    with pytest.raises(RuntimeError), world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.fail",
                                                  allow_system=True) as tx:
        tx.log("lost")
        assert tx.new_id("PROBE") == "PROBE-0001"
        raise RuntimeError("abort")
    assert _log(world) == before and world.now() == clock
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.ok", allow_system=True) as tx:
        tx.log("kept")
        assert tx.new_id("PROBE") == "PROBE-0001"  # the failed write's counter was rolled back
        assert tx.new_id("PROBE") == "PROBE-0002"
    assert [a for a, _ in _log(world)[len(before):]] == ["kept"]


def test_each_write_moves_the_clock_by_its_cost_once(world: World) -> None:
    start = world.now()
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="t", cost=dt.timedelta(minutes=5),
                     allow_system=True) as tx:
        assert tx.now == start + dt.timedelta(minutes=5)
        clock = tx.session.get(SimClock, 1)  # a load inside the write sees the moved clock
        assert clock is not None and clock.now == tx.now
    world.advance(minutes=30)
    assert world.now() == start + dt.timedelta(minutes=35)


def test_the_episode_world_uses_a_read_s_kept_clock(tmp_path: Path, base_world_file: Path) -> None:
    from chibench.rl import ChiEnv

    env = ChiEnv("uppp.md_review", base=base_world_file)
    env.reset()
    w = env._world
    assert w is not None and w.row_cache is not None
    start = w.now()  # kept
    hits = w.row_cache.hits
    w.advance(minutes=10)
    assert w.row_cache.hits == hits + 1 and w.now() == start + dt.timedelta(minutes=10)
    w.advance(minutes=10)  # the UPDATE dropped the kept row: this write reads the clock itself
    assert w.now() == start + dt.timedelta(minutes=20)
    env.close()
