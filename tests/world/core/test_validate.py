"""Every service function answers bad input with a typed domain error and writes nothing.

Property test (hypothesis) over all public service functions of all apps: malformed, missing,
oversized and wrong-typed keyword arguments, from both a valid and an invalid actor. Allowed
outcomes: success (a read, or a write that happened to be valid) or a ``DomainError``. Anything
else (TypeError, KeyError, AttributeError, SQLAlchemy errors, …) is a defect. After a refused call
nothing was committed: every committed write advances the simulated clock and appends an event, so
an unchanged clock and event count prove the refusal wrote nothing (the full-digest comparison is in
each app's own tests; here it would cost minutes).
"""

from __future__ import annotations

import importlib
import inspect
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chibench.world.apps.registry import APPS
from chibench.world.core.db import Event
from chibench.world.core.errors import DomainError
from chibench.world.core.world import World


def _fingerprint(world: World) -> tuple[object, int]:
    return world.now(), world.scalar_count(Event)


def _services() -> list[tuple[str, object]]:
    out = []
    for group in APPS.values():
        for app in group:
            try:
                mod = importlib.import_module(f"chibench.world.apps.{app}.services")
            except ModuleNotFoundError:
                continue
            for name, fn in inspect.getmembers(mod, inspect.isfunction):
                if fn.__module__ != mod.__name__ or name.startswith("_"):
                    continue
                params = inspect.signature(fn).parameters
                if "world" in params and "acting_as" in params:
                    out.append((f"{app}.{name}", fn))
    return sorted(out, key=lambda x: x[0])


SERVICES = _services()

junk = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**12, max_value=10**12), st.floats(allow_nan=True),
    st.text(max_size=30), st.just(""), st.just("x" * 25_000), st.just("CASE-0001"), st.just("2026-13-45"),
    st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.lists(st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3), max_size=2),
)
ACTORS = ["WKR-PAC-01", "WKR-UMN-01", "WKR-MD-01", "WKR-INT-01", "WKR-CM-01", "WKR-NOBODY", ""]


@pytest.fixture(scope="module")
def fuzz_world(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> World:
    target = tmp_path_factory.mktemp("fuzz") / "w.sqlite"
    shutil.copyfile(base_world_file, target)
    return World(target)


def test_there_are_services_to_fuzz():
    assert len(SERVICES) >= 60


@pytest.mark.parametrize("name,fn", SERVICES, ids=[n for n, _ in SERVICES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_bad_input_is_a_domain_error_and_writes_nothing(name, fn, data, fuzz_world):
    params = [p for p in inspect.signature(fn).parameters.values() if p.name not in ("world", "acting_as")]
    kwargs = {}
    for p in params:
        required = p.default is inspect.Parameter.empty
        if required or data.draw(st.booleans()):
            kwargs[p.name] = data.draw(junk)
    actor = data.draw(st.sampled_from(ACTORS))
    before = _fingerprint(fuzz_world)
    try:
        fn(fuzz_world, acting_as=actor, **kwargs)
    except DomainError as exc:
        assert exc.message and isinstance(exc.to_dict()["message"], str)
        assert _fingerprint(fuzz_world) == before, f"{name} wrote despite refusing"
