"""Tool-layer test support: one caller per role with the success and refusal assertions for a tool call, and a\nlive world server on a loopback port for the MCP transport tests (official client, real HTTP)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chibench.world.core.world import World
from chibench.world.tools.dispatch import dispatch
from chibench.world.tools.registry import ROLES, Role
from chibench.world.tools.server import build_app, free_port, serve_in_thread
from tests.support import digest


def tool_refused(world: World, role: Role, name: str, args: dict[str, Any], *, error: str, field: str | None = None,
                 called: set[str] | None = None) -> dict[str, Any]:
    """The call is a tool error of kind ``error`` naming ``field`` (in ``field`` or the message), with no
    traceback, and the world is byte-for-byte unchanged. ``called`` collects tool names for coverage tests."""
    if called is not None:
        called.add(name)
    before = digest(world)
    is_error, payload = dispatch(world, role, name, args)
    assert is_error, f"{name} should have been refused: {payload}"
    assert payload["error"] == error, payload
    if field is not None:
        assert field in (payload.get("field") or "") or field in payload["message"], payload
    assert "Traceback" not in json.dumps(payload)
    assert digest(world) == before, f"{name} changed the world on a refused call"
    return dict(payload)


@dataclass
class RoleTools:
    """One role's tools as a test calls them. ``defaults`` go under every call's arguments (the CM tests act as
    one nurse throughout); ``max_result_chars`` bounds each successful result's JSON; ``called`` collects every
    tool name called, for the tests that check each tool was exercised."""

    role: Role
    defaults: dict[str, Any] = field(default_factory=dict)
    max_result_chars: int | None = None
    called: set[str] = field(default_factory=set)

    def ok(self, world: World, name: str, /, **args: Any) -> Any:
        """Call ``name`` and assert it succeeded; returns its result."""
        self.called.add(name)
        is_error, payload = dispatch(world, self.role, name, {**self.defaults, **args})
        assert not is_error, f"{name}: {payload}"
        if self.max_result_chars is not None:
            assert len(json.dumps(payload)) <= self.max_result_chars, f"{name}: result over {self.max_result_chars}"
        return payload

    def refused(self, world: World, name: str, args: dict[str, Any], /, *, error: str,
                field: str | None = None) -> dict[str, Any]:
        """Call ``name`` with ``args`` and assert :func:`tool_refused`; returns the error payload."""
        return tool_refused(world, self.role, name, {**self.defaults, **args}, error=error, field=field,
                            called=self.called)


#: The workers each role's endpoint may act as in the live-server tests.
IDENTITIES = {"provider": ["WKR-PAC-01"], "payer": ["WKR-INT-01", "WKR-UMN-01", "WKR-MD-01"],
              "cm": ["WKR-CM-01"]}


class LiveServer:
    """The world server for ``roles`` on a free loopback port, served in a thread for the ``with`` block.

    ``world`` is an open world or a function that opens it in the background (as ``chibench world serve``
    does); a failure to open it is appended to ``errors``."""

    def __init__(self, world: World | Callable[[], World], roles: Sequence[Role] = ROLES):
        self.errors: list[BaseException] = []
        self.port = free_port()
        self._app = build_app(world, roles, on_error=self.errors.append)
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> LiveServer:
        self._stack.enter_context(serve_in_thread(self._app, "127.0.0.1", self.port, name="test-world-server",
                                                  what="the test world server"))
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def url(self, role: str) -> str:
        """The streamable-HTTP MCP endpoint of ``role``."""
        return f"http://127.0.0.1:{self.port}/{role}/mcp"
