"""Fixtures of the tool tests: a served world and a live server on it (``tests.world.tools.support.LiveServer``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.tools import dispatch as dispatch_module
from chibench.world.tools.registry import Role
from tests.world.tools.support import IDENTITIES, LiveServer

from .output_check import check_result


@pytest.fixture()
def served_world(base_world_file: Path, tmp_path: Path) -> World:
    target = tmp_path / "served.sqlite"
    shutil.copyfile(base_world_file, target)
    w = World(target)
    set_identities(w, IDENTITIES)
    return w


@pytest.fixture()
def live(served_world: World) -> Iterator[LiveServer]:
    with LiveServer(served_world, ("provider", "payer", "cm")) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _results_match_output_schemas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every tool call a tool test makes through the dispatcher (directly, or through a served world) is
    checked against the tool's declared output schema — each module here calls every tool of its role
    (``test_every_*_tool_is_called_in_this_module``), errors included."""
    original, original_now = dispatch_module.dispatch_encoded, dispatch_module.dispatch_now

    def checked(world: World, role: Role, name: str, arguments: dict[str, Any] | None) -> tuple[bool, Any, str]:
        out = original(world, role, name, arguments)
        check_result(role, name, out[0], out[1])
        return out

    def checked_now(world: World, role: Role, name: str,
                    arguments: dict[str, Any] | None) -> tuple[bool, Any, str] | None:
        out = original_now(world, role, name, arguments)
        if out is not None:
            check_result(role, name, out[0], out[1])
        return out

    monkeypatch.setattr(dispatch_module, "dispatch_encoded", checked)
    monkeypatch.setattr(dispatch_module, "dispatch_now", checked_now)
