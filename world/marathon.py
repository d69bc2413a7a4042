"""A marathon world: every case of one domain at its starting state in one shared world (paper §4.4).

:func:`compose` applies the overlays of many tasks of the same kind to one copy of the base world, using
the same per-case steps the single-task overlays use (``world/overlays.py``), so each case starts exactly
where its own task starts it — except for what a shared world cannot share:

* ``pa_new_referral``: the base world already holds every order; the payer adjudicates provider packets
  automatically (``payer_mode = auto``), as in each referral task.
* ``cm_referral``: every referral already waits in the CM queue; each case's member file is checked.
* ``um_pickup``: each request is submitted by its provider and taken by the upstream workers to its own
  pickup stage (the task's ``upstream`` block), in the order given. No distractors are added: the other
  cases of the marathon are each case's neighbours in the payer's queues (a single UM task adds six
  distractors for the same reason). There is one clock, so the queue wait is settled once, after every
  case is in: the clock advances by the *smallest* wait still owed to any case, so no case starts with
  more than half of its SLA window used (the single-task rule) — a case submitted early has waited
  longer than one submitted late, as in a real queue.

Errors: :class:`~chibench.world.overlays.OverlayError` (mixed kinds, an empty list, a duplicate case, or
any per-case overlay error, prefixed with the case's position); the world is then half-changed: discard it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from chibench.world.apps.directory.models import Plan
from chibench.world.apps.ehr.models import Coverage
from chibench.world.core.clock import WORLD_OPEN
from chibench.world.core.world import World
from chibench.world.overlays import (
    STAGES,
    OverlayError,
    OverlaySpec,
    _Ctx,
    _intake,
    _md_p2p,
    _nurse,
    _pickup_urgency,
    _received_at,
    _service_seed,
    _submit_request,
    _triage,
    apply_overlay,
    set_payer_mode,
)
from chibench.world.rules.sla import sla_hours


def case_key(spec: OverlaySpec) -> str:
    """What makes a case distinct in a shared world: its service (PA/UM) or CM scenario id."""
    return str(spec.scenario_id if spec.kind == "cm_referral" else spec.service)


def _check(specs: list[OverlaySpec]) -> str:
    if not specs:
        raise OverlayError("cases: a marathon world needs at least one case")
    kinds = sorted({s.kind for s in specs})
    if len(kinds) != 1:
        raise OverlayError(f"cases: every case of a marathon world has the same overlay kind (got {', '.join(kinds)})")
    keys = [case_key(s) for s in specs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise OverlayError(f"cases: the same case twice in one world: {', '.join(dup)}")
    return kinds[0]


def _um_case(world: World, spec: OverlaySpec) -> tuple[str, dt.timedelta]:
    """Submit one request and take it to its pickup stage; (case id, the longest it may have waited)."""
    seed = _service_seed(spec.service)
    if spec.stage is None:
        raise OverlayError(f"stage: required for um_pickup (allowed: {', '.join(STAGES)})")
    case_id, seed_to_doc = _submit_request(world, seed)
    ctx = _Ctx(seed, case_id, spec.upstream, seed_to_doc)
    for step in [_intake, _triage, _nurse, _md_p2p][:STAGES.index(spec.stage)]:
        step(world, ctx)
    urgency = _pickup_urgency(seed, spec.upstream)
    with world.read() as s:
        cov = s.query(Coverage).filter(Coverage.patient_id == seed.patient.id).one()
        plan = s.get(Plan, cov.plan_id)
        assert plan is not None
        plan_state = plan.state
    hours, _ = sla_hours(str(urgency), plan_state)
    return case_id, min(WORLD_OPEN - seed.payer_request.received_at, dt.timedelta(hours=hours / 2))


def compose(world: World, specs: list[OverlaySpec]) -> list[dict[str, Any]]:
    """Put every case of ``specs`` at its starting state in ``world`` (a fresh base world).

    Returns one dict per case, in order (``case_id`` / ``order_id`` / ``referral_id`` and ``patient_id``
    as the single overlays return them). Raises :class:`OverlayError` naming the case."""
    kind = _check(specs)
    out: list[dict[str, Any]] = []
    if kind != "um_pickup":
        for n, spec in enumerate(specs):
            try:
                out.append(apply_overlay(world, spec))
            except OverlayError as exc:
                raise OverlayError(f"cases[{n}] ({case_key(spec)}): {exc}") from exc
        return out
    set_payer_mode(world, "queue")
    owed: list[tuple[str, dt.timedelta]] = []
    for n, spec in enumerate(specs):
        try:
            case_id, cap = _um_case(world, spec)
        except OverlayError as exc:
            raise OverlayError(f"cases[{n}] ({case_key(spec)}): {exc}") from exc
        owed.append((case_id, cap))
        out.append({"case_id": case_id, "stage": spec.stage})
    now = world.now()
    wait = min(cap - (now - _received_at(world, case_id)) for case_id, cap in owed)
    if wait > dt.timedelta(minutes=1):
        world.advance(hours=wait.total_seconds() / 3600, reason="the requests waited in the payer's queues")
    return out
