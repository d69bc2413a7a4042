"""A live world server on a loopback port for MCP transport tests (official client, real HTTP)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.tools.server import build_app

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
