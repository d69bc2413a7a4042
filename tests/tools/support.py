"""Tool-layer test support: the one refusal assertion for a tool call."""

from __future__ import annotations

import json
from typing import Any

from chibench.world.core.world import World
from chibench.world.tools.dispatch import dispatch
from tests.support import digest


def tool_refused(world: World, role: str, name: str, args: dict[str, Any], *, error: str, field: str | None = None,
                 called: set[str] | None = None) -> dict[str, Any]:
    """The call is a tool error of kind ``error`` naming ``field`` (in ``field`` or the message), with no
    traceback, and the world is byte-for-byte unchanged. ``called`` collects tool names for coverage tests."""
    if called is not None:
        called.add(name)
    before = digest(world)
    is_error, payload = dispatch(world, role, name, args)  # type: ignore[arg-type]
    assert is_error, f"{name} should have been refused: {payload}"
    assert payload["error"] == error, payload
    if field is not None:
        assert field in (payload.get("field") or "") or field in payload["message"], payload
    assert "Traceback" not in json.dumps(payload)
    assert digest(world) == before, f"{name} changed the world on a refused call"
    return dict(payload)
