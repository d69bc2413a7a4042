"""Read sessions on the episode world's one connection (``World.enable_direct_reads``): the same rows as a
checked-out connection, no pool checkout for cursor-plan reads, and refused for an engine with a pool."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import bindparam, event, select, text

from chibench.world.apps.directory.models import Worker
from chibench.world.core.db import Event, SimClock
from chibench.world.core.errors import InvalidInput
from chibench.world.core.world import SYSTEM_ACTOR, World, memory_engine, to_bytes

_W = Worker.__table__.c
_WORKER = select(_W.id, _W.family_name).where(_W.id == bindparam("wid"))
_EVENTS = select(Event.__table__.c.seq).order_by(Event.__table__.c.seq.desc()).limit(1)


def _episode(base_world_file: Path, direct: bool) -> World:
    w = World(None, _engine=memory_engine(to_bytes(World(base_world_file))))
    w.enable_row_cache()
    if direct:
        w.enable_direct_reads()
    return w


def _warmed(world: World, stmt: Any, params: dict[str, Any] | None = None) -> list[Any]:
    """``stmt``'s rows, read in two sessions: a statement gets its cursor plan on its second execution."""
    for _ in range(2):
        with world.read() as s:
            rows = s.execute(stmt, params or {}).all()
    return rows


def _checkouts(world: World) -> list[int]:
    n = [0]

    def count(*_a: Any) -> None:
        n[0] += 1

    event.listen(world.engine.pool, "checkout", count)
    return n


@pytest.mark.parametrize("direct", [False, True])
def test_cursor_plan_reads_check_out_no_connection_only_when_direct(base_world_file: Path, direct: bool) -> None:
    w = _episode(base_world_file, direct)
    with w.read() as s:
        wid = s.execute(text("SELECT id FROM workers ORDER BY id LIMIT 1")).scalar_one()
    _warmed(w, _WORKER, {"wid": wid})
    n = _checkouts(w)
    with w.read() as s:
        assert s.execute(_WORKER, {"wid": wid}).one()[0] == wid
        assert s.get(SimClock, 1) is not None  # a primary-key load takes the same cursor path
    assert n[0] == (0 if direct else 1)
    with w.read() as s:  # a statement without a plan still runs, through a checked-out connection
        assert s.execute(text("SELECT count(*) FROM workers")).scalar_one() > 0
    assert n[0] == (1 if direct else 2)


@pytest.mark.parametrize("direct", [False, True])
def test_a_read_sees_what_a_checked_out_connection_sees(base_world_file: Path, direct: bool) -> None:
    """Committed writes; a rolled-back write leaves nothing a later read could see."""
    w = _episode(base_world_file, direct)
    [(before,)] = _warmed(w, _EVENTS)
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.log", allow_system=True) as tx:
        tx.log(details={"n": 1})
    with w.read() as s:
        after = s.execute(_EVENTS).scalar_one()
    assert after > before
    with pytest.raises(RuntimeError), w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.log",
                                               allow_system=True) as tx:
        tx.log(details={"n": 2})
        tx.session.flush()
        raise RuntimeError("abandon")
    with w.read() as s:
        assert s.execute(_EVENTS).scalar_one() == after


def test_a_direct_read_inside_a_write_sees_its_rows_and_leaves_its_transaction_open(base_world_file: Path) -> None:
    """No service nests a read in a write, but a direct one would be harmless: it shares the write's connection
    and, having checked nothing out, rolls nothing back when it closes (a pooled read on a one-connection
    engine would end the write's transaction)."""
    w = _episode(base_world_file, True)
    [(before,)] = _warmed(w, _EVENTS)
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.log", allow_system=True) as tx:
        tx.log(details={"n": 1})
        tx.session.flush()
        with w.read() as s:
            inside = s.execute(_EVENTS).scalar_one()
        assert inside > before
        tx.log(details={"n": 2})
    with w.read() as s:
        assert s.execute(_EVENTS).scalar_one() == inside + 1


def test_direct_reads_need_a_single_connection_engine(world: World) -> None:
    with pytest.raises(InvalidInput, match="StaticPool"):
        world.enable_direct_reads()
    with world.read() as s:  # refused without changing anything: reads still work
        assert s.get(SimClock, 1) is not None
