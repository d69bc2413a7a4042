"""Read sessions run plain Core SELECTs on the sqlite3 cursor (``WorldSession.read_rows``); every result must
equal what SQLAlchemy's own execution of the same statement returns, through every method callers use."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import String, bindparam, select, text, type_coerce

from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr import services as ehr
from chibench.world.apps.ehr.models import Patient
from chibench.world.apps.pa_workbench.models import PALine
from chibench.world.core import world as world_mod
from chibench.world.core.db import Event, SimClock
from chibench.world.core.world import World, WorldSession


def _views(result: Any) -> dict[str, Any]:
    """Everything the callers read from a result, from one execution (a result is consumed once)."""
    rows = result.all()
    return {"keys": list(result.keys()), "rows": [tuple(r) for r in rows],
            "mappings": [dict(r._mapping) for r in rows], "types": [[type(v) for v in r] for r in rows]}


def _all_methods(s: WorldSession, stmt: Any, params: dict[str, Any], run: Any) -> dict[str, Any]:
    out = _views(run(stmt, params))
    out["scalars"] = run(stmt, params).scalars().all()
    out["first"] = run(stmt, params).first()
    out["tuples"] = run(stmt, params).tuples().all()
    out["scalar"] = run(stmt, params).scalar()
    out["maps"] = run(stmt, params).mappings().all()
    out["iter"] = [r for r in run(stmt, params)]
    out["unpacked"] = [tuple(x for x in r) for r in run(stmt, params)]
    out["index"] = [r[len(r) - 1] for r in run(stmt, params)]
    by_col = run(stmt, params).all()
    out["by_column"] = [[r._mapping[c] for c in stmt.selected_columns if c in r._mapping] for r in by_col]
    for how in ("one", "one_or_none"):
        try:
            out[how] = getattr(run(stmt, params), how)()
        except Exception as e:  # noqa: BLE001 - the exception type is what is compared
            out[how] = type(e)
    return out


@pytest.fixture(scope="module")
def rworld(base_world_file: Path) -> World:
    w = World(base_world_file)
    yield w
    w.close()


def _ids(w: World) -> dict[str, Any]:
    with w.read() as s:
        pid = s.execute(select(Patient.__table__.c.id).order_by(Patient.__table__.c.id)).scalars().first()
        pids = s.execute(select(Patient.__table__.c.id).order_by(Patient.__table__.c.id).limit(5)).scalars().all()
    return {"pid": pid, "pids": pids}


_WORKER = Worker.__table__.c
_EVENT = Event.__table__.c
_CLOCK = SimClock.__table__.c
_LINE = PALine.__table__.c
_CASES: dict[str, tuple[Any, Any]] = {
    # (statement, params built from the base world's ids)
    "patients by ids (expanding IN, Date, coerced Enum)": (ehr._SEARCH_PATIENTS, lambda i: {"ids": i["pids"]}),
    "patients, empty IN": (ehr._SEARCH_PATIENTS, lambda i: {"ids": []}),
    "coverages by patient ids (outer join, NULLs, ordered)": (ehr._SEARCH_COVERAGES, lambda i: {"ids": i["pids"]}),
    "observation keys of a patient (coerced Date, ordered)": (ehr._OBS_KEYS, lambda i: {"pid": i["pid"]}),
    "encounters with worker (outer join)": (ehr._ENC_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "conditions": (ehr._COND_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "medications": (ehr._MED_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "allergies": (ehr._ALG_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "documents of a patient": (ehr._DOCS_OF_PATIENT, lambda i: {"pid": i["pid"], "sides": ["provider", "payer"]}),
    "coverages of a patient": (ehr._COVS_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "orders of a patient": (ehr._ORDERS_OF_PATIENT, lambda i: {"pid": i["pid"]}),
    "no such patient (empty)": (ehr._OBS_KEYS, lambda i: {"pid": "nobody"}),
    "workers (Boolean, JSON, no params)": (select(Worker.__table__).order_by(_WORKER.id), lambda i: {}),
    "events (JSON details, UTCDateTime bound and returned)":
        (select(_EVENT.seq, _EVENT.at, _EVENT.details, type_coerce(_EVENT.app, String))
         .where(_EVENT.at >= bindparam("since")).order_by(_EVENT.seq).limit(20),
         lambda i: {"since": dt.datetime(2000, 1, 1, tzinfo=dt.UTC)}),
    "literal value and duplicate column names": (select(_WORKER.id, _WORKER.id, _CLOCK.now).where(_WORKER.id != "x")
                                                 .order_by(_WORKER.id).limit(3), lambda i: {}),
    "PA lines (Boolean, empty in the base world)": (select(PALine.__table__).where(_LINE.case_id == bindparam("c")),
                                                    lambda i: {"c": "none"}),
}


@pytest.mark.parametrize("name", list(_CASES))
def test_fast_path_matches_sqlalchemy(rworld: World, name: str) -> None:
    stmt, make = _CASES[name]
    params = make(_ids(rworld))
    with rworld.read() as s:
        assert isinstance(s, WorldSession)
        normal = _all_methods(s, stmt, params, lambda st, p: s.connection().execute(st, p))
        s.execute(stmt, params)  # a first sighting takes SQLAlchemy's path, then the statement has a plan
        sent = world_mod.FAST_READS[0]
        fast = _all_methods(s, stmt, params, s.execute)
    assert world_mod.FAST_READS[0] - sent == 12  # every call above after the first one took the fast path
    assert fast == normal
    if name.startswith(("observations", "workers", "events", "patients by ids")):
        assert normal["rows"], "statement chosen to return rows returned none"


def test_write_sessions_orm_and_text_take_sqlalchemys_path(rworld: World, world: World) -> None:
    stmt = select(_WORKER.id).order_by(_WORKER.id).limit(2)
    with rworld.read() as s:
        s.execute(stmt)
        sent = world_mod.FAST_READS[0]
        s.execute(stmt)
        assert world_mod.FAST_READS[0] == sent + 1
        for other in (select(Worker).limit(2), select(Worker.id).limit(2), text("SELECT 1"),
                      stmt.execution_options(yield_per=1)):
            s.execute(other)
            s.execute(other)
        s.execute(stmt, execution_options={"stream_results": False})
        s.execute(stmt, [{}])
        assert world_mod.FAST_READS[0] == sent + 1
    with world.write(acting_as="SYSTEM", app="test", action="noop", allow_system=True) as tx:
        sent = world_mod.FAST_READS[0]  # (the write's own clock read may take it: World.write, core_execute)
        tx.session.execute(stmt)
        tx.session.execute(stmt)
        assert world_mod.FAST_READS[0] == sent


def test_fast_path_sees_its_own_uncommitted_rows(world: World) -> None:
    stmt = select(_EVENT.entity_id, _EVENT.action).where(_EVENT.action == bindparam("a"))
    with world.read() as s:
        s.execute(stmt, {"a": "probe"})
        assert s.execute(stmt, {"a": "probe"}).all() == []
        s.execute(Event.__table__.insert().values(entity_id="EV-probe", actor_id="SYSTEM", role="SYSTEM", app="t",
                                                  action="probe", at=dt.datetime(2030, 1, 1, tzinfo=dt.UTC),
                                                  details={}))
        sent = world_mod.FAST_READS[0]
        assert [tuple(r) for r in s.execute(stmt, {"a": "probe"})] == [("EV-probe", "probe")]
        assert world_mod.FAST_READS[0] == sent + 1
        s.rollback()  # the next statement runs in a new transaction, which never saw the row
        assert s.execute(stmt, {"a": "probe"}).all() == []
        assert world_mod.FAST_READS[0] == sent + 2
    with world.read() as s:  # the read session rolled back
        assert s.execute(stmt, {"a": "probe"}).all() == []
