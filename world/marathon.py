"""A marathon world: every case of one domain at its starting state in one shared world (paper §4.4).

:func:`compose` applies the overlays of many tasks of the same kind to one copy of the base world, using
the same per-case step the single-task overlays use (:func:`~chibench.world.overlays.place_um_request`,
then :func:`~chibench.world.overlays.settle_queue_wait` once; ``world/overlays.py``), so each case starts exactly
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

from typing import Any

from chibench.world.core.world import World
from chibench.world.overlays import (
    OverlayError,
    OverlaySpec,
    PlacedRequest,
    apply_overlay,
    place_um_request,
    set_payer_mode,
    settle_queue_wait,
)


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
    placed: list[PlacedRequest] = []
    for n, spec in enumerate(specs):
        try:
            placed.append(place_um_request(world, spec))
        except OverlayError as exc:
            raise OverlayError(f"cases[{n}] ({case_key(spec)}): {exc}") from exc
        out.append({"case_id": placed[-1].case_id, "stage": spec.stage})
    settle_queue_wait(world, placed, reason="the requests waited in the payer's queues")
    return out
