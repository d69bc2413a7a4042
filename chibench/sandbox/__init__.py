"""χ-Bench's Docker-free Harbor environment (bubblewrap): ``chibench.sandbox:SandboxEnvironment``.

    harbor run -p packages -a oracle --env chibench.sandbox:SandboxEnvironment

Modules: ``dockerfile`` (the task-Dockerfile subset), ``compose`` (sidecar services), ``images``
(shared-image recipes and task layers, cached by content hash), ``rootfs`` (per-trial overlays),
``netns`` (private namespaces, the forwarder to the world, optional egress), ``bwrap`` (running a
command in a sandbox), ``environment`` (the Harbor class). Design and limits: ``environment``'s
docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["SandboxEnvironment"]

if TYPE_CHECKING:
    from chibench.sandbox.environment import SandboxEnvironment


def __getattr__(name: str) -> Any:
    # Harbor is imported only when the environment class is asked for, so the Dockerfile and cache
    # helpers stay usable (and testable) without it.
    if name == "SandboxEnvironment":
        from chibench.sandbox.environment import SandboxEnvironment

        return SandboxEnvironment
    raise AttributeError(name)
