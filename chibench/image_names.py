"""Names of the three shared images (agent, world, grader), set in one place.

Every rendered task package names its images fully qualified, ``<registry>/chibench-<role>:<version>``
(``[environment] docker_image`` in ``task.toml``; ``FROM`` in ``environment/world/Dockerfile`` and
``tests/Dockerfile``), so Docker and cloud environments pull them and RL loaders find them.

``<registry>`` is :data:`DEFAULT_REGISTRY` unless ``CHIBENCH_IMAGE_REGISTRY`` is set (a fork that publishes
under its own organisation sets it, then re-renders with ``chibench package build`` and builds with
``chibench images build``). The default organisation is a placeholder until the images are published.

``chibench images build`` tags each image under both names (the short ``chibench-<role>:<version>`` and
the qualified one); the bubblewrap sandbox maps any ``[<registry>/]chibench-<role>:<tag>`` onto its local
recipe for that role (:func:`parse_ref`).

Errors: ``ValueError`` for a registry or tag that is not a valid image reference part (message says what is
allowed).
"""

from __future__ import annotations

import os
import re

ROLES = ("agent", "world", "grader")
# image names beyond the roles: the agent's box with the agent CLIs (codex, claude; images/agent-cli.Dockerfile)
# and with codex alone, copied from the host's npm install (images/agent-codex.Dockerfile)
VARIANTS = {"agent-cli": "agent", "agent-codex": "agent"}
REGISTRY_ENV = "CHIBENCH_IMAGE_REGISTRY"
# Placeholder organisation until the images are pushed (see .github/workflows/release.yml).
DEFAULT_REGISTRY = "ghcr.io/chibench"

# registry host[:port] with optional path components, lowercase as OCI references require
_REGISTRY_RE = re.compile(r"^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?(/[a-z0-9]+([._-][a-z0-9]+)*)*$")
_TAG_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}$")
_REF_RE = re.compile(r"^(?:(?P<registry>[^\s@]+)/)?chibench-(?P<name>agent-cli|agent-codex|agent|world|grader)"
                     r":(?P<tag>[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127})$")


def validate_registry(value: str) -> str:
    """``value`` stripped of a trailing ``/`` if it is a valid registry prefix (``ghcr.io/org``,
    ``registry.example.com:5000/team``, ``localhost``); ValueError otherwise."""
    cleaned = value.strip().rstrip("/")
    if not _REGISTRY_RE.match(cleaned):
        raise ValueError(f"image registry {value!r} is not a registry prefix such as ghcr.io/<org> "
                         "(lowercase host[:port] and path components)")
    return cleaned


def registry(explicit: str | None = None) -> str:
    """The registry prefix: ``explicit``, else ``$CHIBENCH_IMAGE_REGISTRY``, else :data:`DEFAULT_REGISTRY`."""
    return validate_registry(explicit or os.environ.get(REGISTRY_ENV) or DEFAULT_REGISTRY)


def _check(role: str, tag: str) -> None:
    if role not in ROLES and role not in VARIANTS:
        raise ValueError(f"unknown image role {role!r}; choose from {', '.join((*ROLES, *VARIANTS))}")
    if not _TAG_RE.match(tag):
        raise ValueError(f"image tag {tag!r} is not valid (letters, digits, '_', '.', '+', '-'; at most 128)")


def local_ref(role: str, tag: str) -> str:
    """``chibench-<role>:<tag>``: the short name a local build also carries."""
    _check(role, tag)
    return f"chibench-{role}:{tag}"


def qualified_ref(role: str, tag: str, registry_prefix: str | None = None) -> str:
    """``<registry>/chibench-<role>:<tag>``: the name packages use and the release pushes."""
    _check(role, tag)
    return f"{registry(registry_prefix)}/chibench-{role}:{tag}"


def parse_ref(ref: str) -> tuple[str, str] | None:
    """``(role, tag)`` of a shared image reference under any registry prefix, else None.

    ``ghcr.io/chibench/chibench-world:0.1.0`` → ``("world", "0.1.0")``; ``chibench-agent:0.1.0`` and
    ``localhost/chibench-agent:0.1.0`` too; a variant maps to its role (``chibench-agent-cli:0.1.0`` →
    ``("agent", "0.1.0")``); ``python:3.12-slim`` → None.
    """
    match = _REF_RE.match(ref.strip())
    if match is None:
        return None
    name = match.group("name")
    return VARIANTS.get(name, name), match.group("tag")
