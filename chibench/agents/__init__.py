"""χ-Bench's reference agent: ``--agent-import-path chibench.agents:ReferenceAgent`` (see ``reference.py``;
the loop itself, without Harbor, is ``chibench.agents.loop``)."""

from __future__ import annotations

from typing import Any

__all__ = ["ReferenceAgent"]


def __getattr__(name: str) -> Any:  # Harbor is imported only when the agent class is asked for
    if name == "ReferenceAgent":
        from chibench.agents.reference import ReferenceAgent

        return ReferenceAgent
    raise AttributeError(name)
