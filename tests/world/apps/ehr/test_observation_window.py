"""The chart's observation window (``ehr.services._observations``), computed by SQLite window functions, equals
its definition — every row of the patient newest first (date, then id, descending), indexed per LOINC code, then
filtered by date window and codes and cut to the latest ``per_code`` of each code — for every argument shape,
including ties on a date and codes whose rows carry different displays."""

from __future__ import annotations

import datetime as dt
import itertools
from collections import defaultdict
from typing import Any

import pytest

from chibench.world.apps.ehr import services as ehr
from chibench.world.apps.ehr.models import Observation
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import SYSTEM_ACTOR, World
from tests.world.apps.provider_support import PATIENT, ProviderOptions, build_provider_world

CODES = ("8480-6", "8462-4", "4548-4", "39156-5")


def reference(world: World, patient_id: str, *, per_code: int, since: dt.date | None, until: dt.date | None,
              loinc_codes: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The definition, over ORM rows sorted in Python."""
    with world.read() as s:
        objs = s.query(Observation).filter(Observation.patient_id == patient_id).all()
        all_rows = [to_dict(o, exclude=("patient_id",)) for o in objs]
    all_rows.sort(key=lambda o: (o["date"], o["id"]), reverse=True)
    index: dict[str, dict[str, Any]] = {}
    for o in all_rows:
        e = index.get(o["loinc"])
        if e is None:
            e = index[o["loinc"]] = {"loinc": o["loinc"], "display": o["display"], "count": 0,
                                     "latest_date": o["date"], "earliest_date": o["date"]}
        e["count"] += 1
        e["earliest_date"] = o["date"]
    lo = since.isoformat() if since is not None else None
    hi = until.isoformat() if until is not None else None
    matched = [o for o in all_rows if (lo is None or o["date"] >= lo) and (hi is None or o["date"] <= hi)
               and (not loinc_codes or o["loinc"] in loinc_codes)]
    taken: dict[str, int] = defaultdict(int)
    rows = []
    for o in matched:
        if taken[o["loinc"]] < per_code:
            taken[o["loinc"]] += 1
            rows.append(o)
    meta = {"total_in_chart": len(all_rows), "matched": len(matched), "returned": len(rows), "per_code": per_code,
            "since": lo, "until": hi, "loinc_codes": list(loinc_codes),
            "codes": sorted(index.values(), key=lambda e: e["loinc"])}
    return rows, meta


@pytest.fixture(scope="module")
def obs_world() -> World:
    world = build_provider_world(ProviderOptions(extra_observations=240))
    # ties: several readings of one code on one day (ids decide the order), the latest with another display
    with world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.observations", allow_system=True) as tx:
        for i, (code, display) in enumerate([("8480-6", "systolic, later wording"), ("8480-6", "generated reading"),
                                             ("8480-6", "generated reading"), ("2093-3", "cholesterol")]):
            tx.session.add(Observation(id=f"OBS-TIE-{9 - i}", patient_id=PATIENT, encounter_id=None, loinc=code,
                                       display=display, date=dt.date(2026, 3, 1), value_num=120.0 + i,
                                       value_text=None, unit="mm[Hg]", reference_range=None, interpretation=None))
    return world


WINDOWS = [(None, None), (dt.date(2024, 1, 1), None), (None, dt.date(2023, 6, 30)),
           (dt.date(2023, 3, 1), dt.date(2023, 3, 1)), (dt.date(2026, 3, 1), dt.date(2026, 3, 1)),
           (dt.date(2030, 1, 1), None)]
CODE_FILTERS = [[], ["8480-6"], ["8480-6", "4548-4", "0000-0"], ["2093-3", "2093-3"], ["0000-0"]]


@pytest.mark.parametrize(("per_code", "window", "codes"),
                         list(itertools.product([1, 2, 3, 100], WINDOWS, CODE_FILTERS)))
def test_window_equals_definition(obs_world: World, per_code: int, window: tuple[dt.date | None, dt.date | None],
                                  codes: list[str]) -> None:
    since, until = window
    with obs_world.read() as s:
        got = ehr._observations(s, PATIENT, per_code=per_code, since=since, until=until, loinc_codes=codes)
    want = reference(obs_world, PATIENT, per_code=per_code, since=since, until=until, loinc_codes=codes)
    assert got == want
    # same key order too: the chart's text is the JSON of these dicts
    assert [list(r) for r in got[0]] == [list(r) for r in want[0]] and list(got[1]) == list(want[1])


def test_latest_display_and_tie_order(obs_world: World) -> None:
    with obs_world.read() as s:
        rows, meta = ehr._observations(s, PATIENT, per_code=2, since=dt.date(2026, 3, 1), until=None,
                                       loinc_codes=["8480-6"])
    assert [r["id"] for r in rows] == ["OBS-TIE-9", "OBS-TIE-8"]  # same day: higher id first
    entry = next(e for e in meta["codes"] if e["loinc"] == "8480-6")
    assert entry["display"] == "systolic, later wording" and entry["latest_date"] == "2026-03-01"
    assert meta["matched"] == 3 and meta["returned"] == 2


def test_patient_without_observations(obs_world: World) -> None:
    with obs_world.read() as s:
        rows, meta = ehr._observations(s, "PAT-NOBODY", per_code=3, since=None, until=None, loinc_codes=[])
    assert rows == [] and meta["codes"] == [] and meta["total_in_chart"] == 0 and meta["matched"] == 0
