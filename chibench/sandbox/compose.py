"""The part of ``docker-compose.yaml`` the sandbox honours: sidecar services next to ``main``.

For every service other than ``main`` the sandbox needs its build (context + Dockerfile), its command,
its environment and the ports it listens on. ``main`` contributes only its ``environment``. Values are
interpolated from the host environment the way Compose does (``${VAR}``, ``${VAR:-default}``,
``${VAR-default}``, ``${VAR:?message}``, ``$VAR``, ``$$``), so a simulator key written as
``${CHIBENCH_COUNTERPART_API_KEY:-}`` reaches only the sidecar's process environment.

Ignored (the sandbox has its own way): ``healthcheck`` (readiness is ``GET /healthz`` on the sidecar's
port), ``depends_on`` (sidecars always start before ``main`` is usable), ``networks``, ``restart``,
``container_name``, ``labels``, ``stop_signal``/``stop_grace_period``, ``init``.
Refused with :class:`ComposeError`: ``image:`` without ``build:``, ``volumes``, ``env_file``,
``network_mode``/``pid``/``ipc``, ``privileged``, ``cap_add``, ``devices`` — anything that would
need a real container engine or widen the sandbox.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from chibench.world.core import yamlio

MAIN_SERVICE = "main"
_IGNORED_KEYS = frozenset({"healthcheck", "depends_on", "networks", "restart", "container_name", "labels",
                           "stop_signal", "stop_grace_period", "init", "hostname", "tty", "stdin_open"})
_REFUSED_KEYS = {
    "volumes": "volumes need a container engine; bake files into the image with COPY",
    "env_file": "env_file is not supported; list variables under environment:",
    "network_mode": "the sandbox owns networking",
    "pid": "the sandbox owns the pid namespace",
    "ipc": "the sandbox owns the ipc namespace",
    "privileged": "privileged services are not allowed",
    "cap_add": "capabilities are not granted in the sandbox",
    "devices": "devices are not passed to the sandbox",
    "image": "a sidecar must be built from a Dockerfile (build:), not pulled (image:)",
}
_INTERP_RE = re.compile(r"\$(?:(?P<escaped>\$)|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?P<op>:?[-?+])?(?P<word>[^}]*)\}|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))")


class ComposeError(ValueError):
    """The compose file is malformed or uses something the sandbox cannot honour (message says what)."""


@dataclass(frozen=True)
class ServiceSpec:
    """One sidecar service.

    ``context``/``dockerfile`` are absolute host paths; ``command``/``entrypoint`` are argv lists or
    None (then the Dockerfile's CMD/ENTRYPOINT apply); ``ports`` are container ports named by
    ``expose``/``ports`` (the Dockerfile's EXPOSE and the command's ``--port`` are added later);
    ``working_dir`` overrides the image's WORKDIR.
    """

    name: str
    context: Path
    dockerfile: Path
    command: tuple[str, ...] | None
    entrypoint: tuple[str, ...] | None
    environment: dict[str, str]
    ports: tuple[int, ...]
    working_dir: str | None = None


@dataclass(frozen=True)
class ComposeSpec:
    """Sidecars in file order, plus ``main``'s own environment."""

    services: tuple[ServiceSpec, ...]
    main_environment: dict[str, str]


def interpolate(value: str, env: Mapping[str, str], where: str) -> str:
    """Compose-style interpolation of ``value`` from ``env`` (raises :class:`ComposeError` on ``:?``)."""

    def sub(match: re.Match[str]) -> str:
        if match.group("escaped"):
            return "$"
        name = match.group("braced") or match.group("bare")
        op = match.group("op") or ""
        word = match.group("word") or ""
        present = name in env
        current = env.get(name, "")
        if match.group("bare") or not op:
            if match.group("braced") and word:
                raise ComposeError(f"{where}: malformed variable ${{{name}{word}}}")
            return current
        if op == ":-":
            return current if current else word
        if op == "-":
            return current if present else word
        if op == ":+":
            return word if current else ""
        if op == "+":
            return word if present else ""
        if op in (":?", "?"):
            if (op == ":?" and not current) or (op == "?" and not present):
                raise ComposeError(f"{where}: required variable {name} is not set: {word}")
            return current
        raise ComposeError(f"{where}: unsupported interpolation ${{{name}{op}{word}}}")

    return _INTERP_RE.sub(sub, value)


def _argv(value: Any, where: str, env: Mapping[str, str]) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(shlex.split(interpolate(value, env, where)))
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return tuple(interpolate(str(v), env, where) for v in value)
    raise ComposeError(f"{where}: expected a string or a list of strings")


def _environment(value: Any, where: str, env: Mapping[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    if value is None:
        return out
    if isinstance(value, dict):
        for key, raw in value.items():
            if raw is None:
                # `KEY:` with no value passes the host's value through, as Compose does
                if str(key) in env:
                    out[str(key)] = env[str(key)]
                continue
            text = str(raw).lower() if isinstance(raw, bool) else str(raw)
            out[str(key)] = interpolate(text, env, f"{where}.{key}")
        return out
    if isinstance(value, list):
        for item in value:
            key, sep, raw = str(item).partition("=")
            if not sep:
                if key in env:
                    out[key] = env[key]
                continue
            out[key] = interpolate(raw, env, f"{where}.{key}")
        return out
    raise ComposeError(f"{where}: environment must be a mapping or a list")


def _ports(service: dict[str, Any], where: str) -> tuple[int, ...]:
    ports: list[int] = []
    for item in service.get("expose") or []:
        text = str(item).split("/")[0]
        if not text.isdigit():
            raise ComposeError(f"{where}.expose: {item!r} is not a port")
        ports.append(int(text))
    for item in service.get("ports") or []:
        target = item.get("target") if isinstance(item, dict) else str(item).split("/")[0].rsplit(":", 1)[-1]
        if target is None or not str(target).isdigit():
            raise ComposeError(f"{where}.ports: cannot read the container port of {item!r}")
        ports.append(int(target))
    return tuple(ports)


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load(paths: list[Path], env: Mapping[str, str] | None = None) -> ComposeSpec:
    """Read and merge compose files (later files override earlier ones) into a :class:`ComposeSpec`.

    ``env`` is the interpolation source (default: ``os.environ``). Build contexts resolve relative to
    the directory of the file that declares them. Raises :class:`ComposeError` or ``OSError``.
    """
    source_env: Mapping[str, str] = os.environ if env is None else env
    services: dict[str, dict[str, Any]] = {}
    origin: dict[str, Path] = {}
    for path in paths:
        try:
            data = yamlio.load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ComposeError(f"{path}: not valid YAML: {exc}") from exc
        if not isinstance(data, dict):
            raise ComposeError(f"{path}: expected a mapping at the top level")
        for key in data:
            if key not in ("services", "version", "name", "x-chibench"):
                raise ComposeError(f"{path}: top-level {key!r} is not supported by the sandbox")
        for name, service in (data.get("services") or {}).items():
            if not isinstance(service, dict):
                raise ComposeError(f"{path}: services.{name} must be a mapping")
            services[name] = _merge(services.get(name, {}), service)
            if "build" in service:
                origin[name] = path.parent
            origin.setdefault(name, path.parent)

    sidecars: list[ServiceSpec] = []
    main_env: dict[str, str] = {}
    for name, service in services.items():
        where = f"services.{name}"
        if name == MAIN_SERVICE:
            main_env = _environment(service.get("environment"), f"{where}.environment", source_env)
            continue
        for key in service:
            if key == "image" and "build" in service:
                continue  # only names the built image
            if key in _REFUSED_KEYS:
                raise ComposeError(f"{where}.{key}: {_REFUSED_KEYS[key]}")
        unknown = set(service) - _IGNORED_KEYS - set(_REFUSED_KEYS) - {
            "build", "command", "entrypoint", "environment", "expose", "ports", "working_dir"}
        if unknown:
            raise ComposeError(f"{where}: unsupported key(s) {sorted(unknown)}")
        build = service.get("build")
        if isinstance(build, str):
            build = {"context": build}
        if not isinstance(build, dict) or "context" not in build:
            raise ComposeError(f"{where}.build: needs a context directory")
        if build.get("args") or build.get("target") or build.get("secrets"):
            raise ComposeError(f"{where}.build: args/target/secrets are not supported (nothing runs at build time)")
        context = (origin[name] / interpolate(str(build["context"]), source_env, f"{where}.build")).resolve()
        dockerfile = context / str(build.get("dockerfile", "Dockerfile"))
        sidecars.append(ServiceSpec(
            name=name,
            context=context,
            dockerfile=dockerfile,
            command=_argv(service.get("command"), f"{where}.command", source_env),
            entrypoint=_argv(service.get("entrypoint"), f"{where}.entrypoint", source_env),
            environment=_environment(service.get("environment"), f"{where}.environment", source_env),
            ports=_ports(service, where),
            working_dir=str(service["working_dir"]) if service.get("working_dir") else None,
        ))
    return ComposeSpec(services=tuple(sidecars), main_environment=main_env)
