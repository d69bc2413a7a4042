"""Test support shared by every test folder: the world digest, the refusal assertion, the upstream nurse.

Imported as ``tests.support`` (``tests`` is a package); folder-specific builders live in each folder's
``support`` module.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, TypeVar

import pytest

from chibench.world.core import yamlio
from chibench.world.core.errors import DomainError
from chibench.world.core.world import World
from chibench.world.export import snapshot
from chibench.world.seeds.loader import SEED_ROOT

E = TypeVar("E", bound=BaseException)


def digest(world: World) -> str:
    """sha256 over every table (clock, ids and event log included): equal digests ⇒ nothing was written."""
    return str(snapshot(world)["digest"])


@contextlib.contextmanager
def refused(world: World | None, exc: type[DomainError], *, field: str | None = None,
            code: str | None = None) -> Iterator[pytest.ExceptionInfo[DomainError]]:
    """Expect ``exc`` (naming ``field``/``code`` when given) and, with a ``world``, that nothing was written."""
    before = digest(world) if world is not None else None
    with pytest.raises(exc) as info:
        yield info
    err = info.value
    if field is not None:
        assert err.field == field, f"expected field {field!r}, got {err.field!r}: {err.to_dict()}"
    if code is not None:
        assert getattr(err, "code", None) == code, err.to_dict()
    if world is not None:
        assert digest(world) == before, "a refused call wrote to the database"


def refused_call(world: World | None, exc: type[E], call: Callable[[], Any], field: str | None = None, *,
                 code: str | None = None) -> E:
    """:func:`refused` around ``call()``; returns the error raised."""
    with refused(world, exc, field=field, code=code) as info:  # type: ignore[arg-type]
        call()
    return info.value  # type: ignore[return-value]


@cache
def service_seed(slug: str) -> dict[str, Any]:
    """The seed file of a service (``world/seeds/services/<slug>.yaml``), parsed once."""
    return yamlio.load((SEED_ROOT / "services" / f"{slug}.yaml").read_text(encoding="utf-8"))


def upstream_nurse(slug: str) -> dict[str, Any]:
    """A plausible upstream nurse for a later pickup: every criterion met, each quoting the first long line
    (first 40 characters) of the first submitted document. Shape: the overlay's ``{"nurse_results": …}``."""
    d = service_seed(slug)
    req = d["payer_request"]
    did = req["submitted_document_ids"][0]
    docs = {x["id"]: x for x in req.get("submitted_documents", []) + d["chart"]["documents"]}
    quote = next(line.strip() for line in docs[did]["body"].splitlines() if len(line.strip()) > 20)[:40]
    return {"nurse_results": {c["id"]: {"result": "met", "evidence": [{"document": did, "quote": quote}]}
                              for c in d["payer_policy"]["criteria"]}}


#: One task per PA terminal state, UM review stage and CM consent stance (the same subset .ci/run repeats three
#: times through Harbor). Tests that replay every package's oracle and near misses run on it by default: CI's
#: Harbor sweep already runs every package's oracle and nop, and the in-process replays of all 62+ packages
#: (each replayed three to four times across test files) cost ~40 min on 2 cores. Set
#: CHIBENCH_TEST_ALL_PACKAGES=1 for every package (benchmarks/bench_sweep.sh does).
REPRESENTATIVE_TASKS = (
    "rituximab.referral", "fess.referral", "lap_hysterectomy.referral",
    "brca_testing.intake", "cheilectomy_mtp.triage", "pt_therapeutic_exercise.nurse_review", "uppp.md_review",
    "myocardial_pet.p2p", "cm_asthma_low_coop_001", "cm_dm_moderate_anxious_001", "cm_copd_hard_refuses_002",
)


def heavy_sample(tasks: list[str]) -> list[str]:
    """``tasks`` restricted to :data:`REPRESENTATIVE_TASKS`, or all of them with CHIBENCH_TEST_ALL_PACKAGES=1."""
    if os.environ.get("CHIBENCH_TEST_ALL_PACKAGES") == "1":
        return list(tasks)
    return [t for t in tasks if t in REPRESENTATIVE_TASKS]


def exact_json(value: Any) -> bool:
    """True if ``value`` holds only JSON types of exactly those types: ``dict`` with ``str`` keys, ``list``, ``str``,
    ``int``, ``float``, ``bool``, ``None`` (what ``serialize.json_plain`` returns)."""
    if type(value) is dict:
        return all(type(k) is str and exact_json(v) for k, v in value.items())
    if type(value) is list:
        return all(exact_json(v) for v in value)
    return type(value) in (str, int, float, bool, type(None))
