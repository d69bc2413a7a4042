"""World core: transactions are atomic, the clock is monotonic, the log is append-only, actors are checked."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError

from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr.models import Patient
from chibench.world.core.clock import ACTION_TICK, WORLD_OPEN
from chibench.world.core.db import Event
from chibench.world.core.errors import InvalidInput, NotFound, UnknownActor
from chibench.world.core.machines import PA_CASE
from chibench.world.core.world import SYSTEM_ACTOR, World
from chibench.world.export import snapshot


def test_base_world_opens_at_the_documented_instant(world: World):
    assert world.now() == WORLD_OPEN + ACTION_TICK  # the build itself is one write


def test_each_write_advances_the_clock_and_stamps_distinct_times(world: World):
    seen = []
    for _ in range(3):
        with world.write(acting_as="WKR-PAC-01", app="test", action="test.touch") as tx:
            tx.log()
            seen.append(tx.now)
    assert seen == sorted(seen) and len(set(seen)) == 3
    assert seen[1] - seen[0] == ACTION_TICK


def test_reads_do_not_advance_the_clock(world: World):
    before = world.now()
    with world.read() as s:
        s.get(Patient, "CMP-01")
    assert world.now() == before


def test_wait_advances_and_rejects_bad_durations(world: World):
    t0 = world.now()
    assert world.advance(hours=48) == t0 + dt.timedelta(hours=48)
    for bad in ({"hours": 0}, {"hours": -1}, {"hours": 24 * 61}):
        with pytest.raises(InvalidInput):
            world.advance(**bad)
    assert world.now() == t0 + dt.timedelta(hours=48)


def test_failed_write_leaves_the_database_unchanged(world: World):
    before = snapshot(world)
    with pytest.raises(RuntimeError), world.write(acting_as="WKR-PAC-01", app="test", action="test.fail") as tx:
        tx.new_id("CASE")
        w = tx.get(Worker, "WKR-PAC-01")
        w.phone = "000"
        tx.log(details={"x": 1})
        raise RuntimeError("boom")
    assert snapshot(world)["digest"] == before["digest"]


def test_unknown_and_system_actors_are_refused(world: World):
    before = snapshot(world)["digest"]
    with pytest.raises(UnknownActor), world.write(acting_as="WKR-NOBODY", app="t", action="t"):
        pass
    with pytest.raises(UnknownActor), world.write(acting_as=SYSTEM_ACTOR, app="t", action="t"):
        pass
    with pytest.raises(UnknownActor), world.write(acting_as="", app="t", action="t"):
        pass
    assert snapshot(world)["digest"] == before


def test_event_log_is_append_only(world: World):
    class Entity:
        id = "X-1"
        status = "draft"

    with world.write(acting_as="WKR-PAC-01", app="t", action="t.x") as tx:
        tx.log()
        tx.transition(PA_CASE, Entity(), "requirement_checked")
    with pytest.raises((IntegrityError, OperationalError)), world.engine.begin() as conn:
        conn.execute(text("UPDATE events SET action='forged'"))
    with pytest.raises((IntegrityError, OperationalError)), world.engine.begin() as conn:
        conn.execute(text("DELETE FROM events"))
    with pytest.raises((IntegrityError, OperationalError)), world.engine.begin() as conn:
        conn.execute(text("DELETE FROM state_transitions"))


def test_ids_are_sequential_per_prefix(world: World):
    with world.write(acting_as="WKR-PAC-01", app="t", action="t") as tx:
        assert [tx.new_id("CASE"), tx.new_id("CASE"), tx.new_id("DOC", 5)] == ["CASE-0001", "CASE-0002", "DOC-00001"]


def test_transition_records_state_and_event(world: World):
    class Entity:
        id = "X-1"
        status = "draft"

    e = Entity()
    with world.write(acting_as="WKR-PAC-01", app="t", action="t") as tx:
        tx.transition(PA_CASE, e, "requirement_checked", case_id="X-1", reason="checked")
    assert e.status == "requirement_checked"
    tables = snapshot(world)["tables"]
    assert tables["state_transitions"][-1]["to_state"] == "requirement_checked"
    assert tables["events"][-1]["action"] == "pa_case.transition"


def test_get_or_404(world: World):
    with world.write(acting_as="WKR-PAC-01", app="t", action="t") as tx:
        with pytest.raises(NotFound) as exc:
            tx.get(Patient, "PAT-NOPE", what="patient", field="patient_id")
        assert exc.value.field == "patient_id"
        with pytest.raises(InvalidInput):
            tx.get(Patient, "", field="patient_id")


def test_event_rows_carry_actor_role_app_and_time(world: World):
    with world.write(acting_as="WKR-UMN-01", app="triage", action="triage.set_disposition") as tx:
        tx.log(case_id="CASE-0001", details={"lane": "nurse_review"})
        at = tx.now
    with world.read() as s:
        ev = s.query(Event).order_by(Event.seq.desc()).first()
        got = (ev.actor_id, ev.role, ev.app, ev.case_id, ev.at)
    assert got == ("WKR-UMN-01", "um_nurse", "triage", "CASE-0001", at)


def test_opening_a_missing_world_is_a_clear_error(tmp_path):
    with pytest.raises(NotFound):
        World(tmp_path / "missing.sqlite")
