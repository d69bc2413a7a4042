"""The Core reads of workers and the clock in :mod:`payer_reads` (``read_actor``, ``worker_summary``,
``current_time``) against the ORM reads they replace in the payer read tools: same values, same errors, for
every kind of argument (the oracle only calls them with valid actors and ids)."""

from __future__ import annotations

from typing import Any

import pytest

from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps.directory.models import Worker
from chibench.world.core.enums import WorkerRole
from chibench.world.core.errors import DomainError
from chibench.world.core.world import World
from tests.world.apps.payer_support import CM, INTAKE, MD1, NURSE, PAC, PCP

ACTORS: list[Any] = [NURSE, MD1, INTAKE, PCP, PAC, CM, "WKR-NOPE", "", None, 7, ["WKR-UMN-01"]]


def _reference_worker_summary(s: Any, worker_id: str | None) -> dict[str, Any] | None:
    """The ORM ``payer_views.worker_summary`` that :func:`payer_reads.worker_summary` replaced."""
    if not worker_id:
        return None
    w = s.get(Worker, worker_id)
    if w is None:
        return {"id": worker_id}
    return {"id": w.id, "name": w.display_name, "role": str(w.role), "credentials": w.credentials, "npi": w.npi,
            "org_id": w.org_id, "specialty": w.specialty}


def _outcome(call: Any) -> tuple[str, Any]:
    try:
        w = call()
    except DomainError as exc:
        return "error", (type(exc), exc.to_dict())
    return "ok", (w.id, w.role, type(w.role))


@pytest.mark.parametrize("acting_as", ACTORS)
@pytest.mark.parametrize("allowed", [pq.PAYER_ROLES, frozenset({WorkerRole.UM_NURSE}), frozenset()])
def test_read_actor_matches_the_orm_read(payer_world: World, acting_as: Any, allowed: frozenset[WorkerRole]) -> None:
    with payer_world.read() as s:
        new = _outcome(lambda: pr.read_actor(s, acting_as, allowed, "look at this"))
    with payer_world.read() as s:
        old = _outcome(lambda: pq.read_actor(s, acting_as, allowed, "look at this"))
    assert new == old


def test_read_actor_defaults_and_errors(payer_world: World) -> None:
    with payer_world.read() as s:
        assert pr.read_actor(s, NURSE).role is WorkerRole.UM_NURSE
        with pytest.raises(DomainError) as refused:
            pr.read_actor(s, PCP)  # a provider physician reads no payer UM records
        assert refused.value.code == "not_authorized"
        assert "read payer UM records" in refused.value.message
        with pytest.raises(DomainError) as unknown:
            pr.read_actor(s, "WKR-NOPE")
        assert unknown.value.code == "unknown_actor"


@pytest.mark.parametrize("worker_id", [PCP, NURSE, MD1, INTAKE, CM, "WKR-NOPE", "", None])
def test_worker_summary_matches_the_orm_read(payer_world: World, worker_id: str | None) -> None:
    with payer_world.read() as s:
        new = pr.worker_summary(s, worker_id)
    with payer_world.read() as s:
        old = _reference_worker_summary(s, worker_id)
    assert new == old
    assert list(new or {}) == list(old or {})  # same key order, so the same result text


def test_worker_summary_of_a_known_worker(payer_world: World) -> None:
    with payer_world.read() as s:
        summary = pr.worker_summary(s, PCP)
    assert summary is not None
    assert summary["id"] == PCP and summary["role"] == "physician"
    assert list(summary) == ["id", "name", "role", "credentials", "npi", "org_id", "specialty"]


def test_current_time_is_the_clock(payer_world: World) -> None:
    with payer_world.read() as s:
        now = pr.current_time(s)
        assert now == pq.current_time(s)
        assert now.tzinfo is not None
    payer_world.advance(hours=2)
    with payer_world.read() as s:
        assert pr.current_time(s) == pq.current_time(s) == payer_world.now()
