"""Who the agent may act as, per served role: the world setting ``agent_identities``.

Set by the world (a task's overlay via ``world/taskspec.py``, or ``chibench world serve``); read by the
tool layer on every acting call, so the value is cached per open world and dropped on every change.
"""

from __future__ import annotations

import weakref
from typing import Any

from chibench.world.core.db import WorldSetting
from chibench.world.core.world import SYSTEM_ACTOR, World

#: ``agent_identities`` per open world, read once: only :func:`set_identities` changes the setting.
_IDENTITIES: weakref.WeakKeyDictionary[World, dict[str, Any]] = weakref.WeakKeyDictionary()


def _identity_setting(world: World) -> dict[str, Any]:
    value = _IDENTITIES.get(world)
    if value is None:
        with world.read() as s:
            row = s.get(WorldSetting, "agent_identities")
            stored = row.value if row is not None else {}
        value = stored if isinstance(stored, dict) else {}
        _IDENTITIES[world] = value
    return value


def identities(world: World, role: str) -> list[str]:
    """Worker ids the agent may act as on ``role``'s server (world setting ``agent_identities``)."""
    return list(_identity_setting(world).get(role, []))


def set_identities(world: World, mapping: dict[str, list[str]]) -> None:
    """Configure who the agent may act as, per role (done by the overlay / ``world serve``)."""
    _IDENTITIES.pop(world, None)
    try:
        with world.write(acting_as=SYSTEM_ACTOR, app="world", action="world.set_identities",
                         allow_system=True) as tx:
            row = tx.session.get(WorldSetting, "agent_identities")
            if row is None:
                tx.session.add(WorldSetting(key="agent_identities", value=mapping))
            else:
                row.value = mapping
            tx.log(details={"agent_identities": mapping})
    finally:
        _IDENTITIES.pop(world, None)  # re-read from the database on next use (committed or not)
