"""Fixtures for the app tests: ``tests/world/apps/<app>/`` mirrors ``chibench/world/apps/<app>/``.

``w`` is a fresh small world for the side that owns the app under test — the side is the one the app registry
(:data:`chibench.world.apps.registry.APPS`) lists the folder's app under: provider apps get
:func:`~tests.world.apps.provider_support.build_provider_world`, payer apps
:func:`~tests.world.apps.payer_support.build_payer_world`, care-management apps
:func:`~tests.world.apps.cm_support.build_cm_world`. ``provider_world``/``payer_world``/``cm_world`` name a side
outright (for a test outside an app folder).

Refusals are checked with :func:`tests.support.refused`/``refused_call``: the error, the field it names, and a
world left byte-for-byte unchanged (export digest: all tables, clock, id counters and event log).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chibench.world.apps.registry import APPS
from chibench.world.core.world import World
from tests.world.apps.cm_support import build_cm_world
from tests.world.apps.payer_support import build_payer_world
from tests.world.apps.provider_support import build_provider_world

BUILDERS: dict[str, Callable[[], World]] = {"provider": build_provider_world, "payer": build_payer_world,
                                            "cm": build_cm_world}
SIDE_OF_APP = {app: side for side, apps in APPS.items() for app in apps}


def _fresh(build: Callable[[], World]) -> Iterator[World]:
    world = build()
    yield world
    world.close()


@pytest.fixture()
def provider_world() -> Iterator[World]:
    yield from _fresh(build_provider_world)


@pytest.fixture()
def payer_world() -> Iterator[World]:
    yield from _fresh(build_payer_world)


@pytest.fixture()
def cm_world() -> Iterator[World]:
    yield from _fresh(build_cm_world)


@pytest.fixture()
def w(request: pytest.FixtureRequest) -> Iterator[World]:
    """A fresh small world of the side that owns the app whose folder the requesting test module sits in."""
    app = Path(request.path).parent.name
    if app not in SIDE_OF_APP:
        pytest.fail(f"fixture 'w' serves tests under tests/world/apps/<app>/ (apps: {', '.join(sorted(SIDE_OF_APP))}); "
                    f"{request.path} is not in one — ask for provider_world, payer_world or cm_world instead",
                    pytrace=False)
    yield from _fresh(BUILDERS[SIDE_OF_APP[app]])
