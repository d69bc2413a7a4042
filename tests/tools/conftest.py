"""A live world server on a loopback port for MCP transport tests (official client, real HTTP)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.tools import dispatch as dispatch_module
from chibench.world.tools.registry import Role
from chibench.world.tools.server import build_app

from .output_check import check_result

IDENTITIES = {"provider": ["WKR-PAC-01"], "payer": ["WKR-INT-01", "WKR-UMN-01", "WKR-MD-01"],
              "cm": ["WKR-CM-01"]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, world: World, roles: tuple[str, ...]):
        self.world = world
        self.port = _free_port()
        config = uvicorn.Config(build_app(world, roles), host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def url(self, role: str) -> str:
        return f"http://127.0.0.1:{self.port}/{role}/mcp"


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
