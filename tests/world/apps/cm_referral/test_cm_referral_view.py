"""``list_referral_queue`` and ``get_referral`` build their views from Core rows; here the same views are built
from the ORM objects, field by field, for every referral of the base world (and of an episode after a CM oracle,
with a case open), and must be equal — value, type and key order."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps.cm_common import CM_ORG, CM_STAFF
from chibench.world.apps.cm_referral import services as referral
from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.ehr.models import Coverage, Patient
from chibench.world.apps.provider_common import coverage_summary, worker_card
from chibench.world.core.db import SimClock
from chibench.world.core.serialize import json_plain, to_dict
from chibench.world.core.world import World


def _demographics(s: Session, p: Patient, today: dt.date) -> dict[str, Any]:
    age = today.year - p.birth_date.year - ((today.month, today.day) < (p.birth_date.month, p.birth_date.day))
    return {"patient_id": p.id, "name": f"{p.given_name} {p.family_name}", "given_name": p.given_name,
            "family_name": p.family_name, "birth_date": p.birth_date.isoformat(), "age": age,
            "sex": str(p.sex), "phone": p.phone, "preferred_language": p.preferred_language,
            "address": {"line": p.address_line, "city": p.city, "state": p.state, "postal_code": p.postal_code},
            "pcp": worker_card(s.get(Worker, p.pcp_worker_id)) if p.pcp_worker_id else None}


def _orm_view(s: Session, r: CMReferral, *, full: bool) -> dict[str, Any]:
    """The referral view as the services document it, from ORM objects."""
    clock = s.get(SimClock, 1)
    assert clock is not None
    today = clock.now.date()
    p = s.get(Patient, r.patient_id)
    assert p is not None
    out = to_dict(r, exclude=referral.HIDDEN_REFERRAL_FIELDS)
    out["patient"] = _demographics(s, p, today)
    out["case_id"] = s.scalar(select(CMCase.id).where(CMCase.referral_id == r.id))
    if full:
        out["diagnoses"] = [{"code": c, "display": referral._icd(c)} for c in r.diagnosis_codes]
        out["risk_flags"] = {"risk_score": r.risk_score, "utilization_flags": list(r.utilization_flags)}
        covs = s.scalars(select(Coverage).where(Coverage.patient_id == p.id).order_by(Coverage.effective_date.desc()))
        out["coverages"] = [coverage_summary(s, c, on=today) for c in covs]
        out["referring_worker"] = worker_card(s.get(Worker, r.referring_worker_id)) if r.referring_worker_id else None
    return json_plain(out)


def _same(got: Any, want: Any) -> None:
    assert got == want
    if isinstance(want, dict):
        assert list(got) == list(want)
        for k in want:
            _same(got[k], want[k])
    elif isinstance(want, list):
        for g, w in zip(got, want, strict=True):
            _same(g, w)
    else:
        assert type(got) is type(want)


def _world(base_world_file: Path, played: bool) -> tuple[World, Any]:
    from chibench.rl import ChiEnv

    if not played:
        return World(base_world_file), None
    env = ChiEnv("cm_dm_moderate_anxious_001", base=base_world_file)
    env.reset()
    assert env.replay(env.task.oracle) is None
    return env._world, env


@pytest.mark.parametrize("which", ["base world", "after a CM oracle"])
def test_the_core_views_are_the_orm_views(base_world_file: Path, which: str) -> None:
    world, env = _world(base_world_file, which != "base world")
    with Session(world.engine) as s:
        cm = s.scalar(select(Worker.id).where(Worker.org_id == CM_ORG, Worker.role.in_(sorted(CM_STAFF)))
                      .order_by(Worker.id))
        refs = list(s.scalars(select(CMReferral).order_by(CMReferral.id)))
        assert cm and refs
        want_full = {r.id: _orm_view(s, r, full=True) for r in refs}
        want_entry = {r.id: _orm_view(s, r, full=False) for r in refs}
        with_case = sum(1 for w in want_full.values() if w["case_id"])
    assert which == "base world" or with_case, "the played world should have a referral with a case"
    for rid, want in want_full.items():
        _same(json_plain(referral.get_referral(world, acting_as=cm, referral_id=rid)), want)
    queue = referral.list_referral_queue(world, acting_as=cm)
    assert sorted(e["id"] for e in queue) == sorted(want_entry)
    for entry in queue:
        _same(json_plain(entry), want_entry[entry["id"]])
    (env or world).close()
