"""A minimal Dockerfile interpreter: the subset χ-Bench task Dockerfiles use, and nothing else.

Task Dockerfiles only add files on top of one of the three shared images (``packages/README.md``), so
the sandbox never runs a build step: it reads the Dockerfile into an :class:`ImageSpec` (which shared
image, which files go where, the image's ENV/WORKDIR/CMD) and later copies the files into a cached
layer (:mod:`chibench.sandbox.images`).

Accepted / refused (``INSTRUCTIONS`` is the table the tests check):

==============  =======================================================================
FROM            exactly one; ``[<registry>/]chibench-{agent,world,grader}:<installed version>``
                (any registry prefix, see ``chibench.image_names``; ``AS name`` ignored)
COPY            files and directories from the build context; ``--chown``/``--chmod``/
                ``--link`` ignored; ``--from`` refused (no multi-stage builds)
ENV WORKDIR     honoured (``$VAR``/``${VAR}``/``${VAR:-default}`` expanded from ARG/ENV)
CMD ENTRYPOINT  honoured (exec or shell form) — used for sidecars without a compose command
ARG             defaults honoured for expansion (no ``--build-arg`` overrides exist here)
EXPOSE          honoured (ports the sandbox forwards for a sidecar)
STOPSIGNAL HEALTHCHECK LABEL MAINTAINER   accepted and ignored
RUN             refused: "task Dockerfiles add files only; pip belongs in the shared images"
ADD USER VOLUME SHELL ONBUILD             refused, each with the reason
==============  =======================================================================

Errors: :class:`DockerfileError` (a ``ValueError``) whose message names the file and line.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Literal

Role = Literal["agent", "world", "grader"]
ROLES: tuple[Role, ...] = ("agent", "world", "grader")

# instruction -> "accepted" | "ignored" | refusal reason. One table for the interpreter and the tests.
INSTRUCTIONS: dict[str, str] = {
    "FROM": "accepted",
    "COPY": "accepted",
    "ENV": "accepted",
    "WORKDIR": "accepted",
    "CMD": "accepted",
    "ENTRYPOINT": "accepted",
    "ARG": "accepted",
    "EXPOSE": "accepted",
    "STOPSIGNAL": "ignored",
    "HEALTHCHECK": "ignored",
    "LABEL": "ignored",
    "MAINTAINER": "ignored",
    "RUN": "task Dockerfiles add files only; pip belongs in the shared images (chibench images build)",
    "ADD": "ADD is not supported (URLs and auto-extracted archives); use COPY",
    "USER": "USER is not supported: each sandbox runs as one unprivileged identity",
    "VOLUME": "VOLUME is not supported: the sandbox has no named volumes",
    "SHELL": "SHELL is not supported: nothing runs at build time",
    "ONBUILD": "ONBUILD is not supported: nothing runs at build time",
}

_VAR_RE = re.compile(r"\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?::(?P<op>[-+])(?P<word>[^}]*))?\}|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))")


class DockerfileError(ValueError):
    """The Dockerfile is outside the supported subset or malformed; the message names file and line."""


@dataclass(frozen=True)
class CopyStep:
    """One ``COPY``: context-relative sources (globs allowed) into an absolute image path.

    ``dest_is_dir`` is True when Docker would treat the destination as a directory
    (several sources, or a destination ending in ``/``).
    """

    sources: tuple[str, ...]
    dest: str
    dest_is_dir: bool
    line: int


@dataclass(frozen=True)
class ImageSpec:
    """What a task Dockerfile asks for, ready for :func:`chibench.sandbox.images.build_image`.

    ``env`` keeps declaration order (later entries win); ``cmd``/``entrypoint`` are argv tuples
    (a shell-form instruction becomes ``("/bin/sh", "-c", text)``); ``workdir`` is absolute or None.
    """

    role: Role
    version: str
    copies: tuple[CopyStep, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    workdir: str | None = None
    cmd: tuple[str, ...] | None = None
    entrypoint: tuple[str, ...] | None = None
    expose: tuple[int, ...] = ()
    ignored: tuple[str, ...] = field(default=())


def logical_lines(text: str) -> list[tuple[int, str, str]]:
    """Split Dockerfile text into ``(first line number, INSTRUCTION, arguments)``.

    Joins ``\\`` continuations, drops comments and blank lines (also comment lines inside a
    continuation, as Docker does). Parser directives (``# syntax=…``) are plain comments here.
    """
    out: list[tuple[int, str, str]] = []
    buf: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not buf and (not stripped or stripped.startswith("#")):
            continue
        if buf and stripped.startswith("#"):
            continue
        if not buf:
            start = number
        if stripped.endswith("\\"):
            buf.append(stripped[:-1].strip())
            continue
        buf.append(stripped)
        joined = " ".join(part for part in buf if part)
        buf = []
        word, _, rest = joined.partition(" ")
        out.append((start, word.upper(), rest.strip()))
    if buf:
        joined = " ".join(part for part in buf if part)
        word, _, rest = joined.partition(" ")
        out.append((start, word.upper(), rest.strip()))
    return out


def expand(value: str, variables: dict[str, str]) -> str:
    """Expand ``$VAR``, ``${VAR}``, ``${VAR:-word}`` and ``${VAR:+word}`` like Docker does."""

    def sub(match: re.Match[str]) -> str:
        name = match.group("braced") or match.group("bare")
        current = variables.get(name, "")
        op = match.group("op")
        if op == "-":
            return current or match.group("word")
        if op == "+":
            return match.group("word") if current else ""
        return current

    return _VAR_RE.sub(sub, value)


def _json_or_words(args: str) -> list[str] | None:
    """The exec (JSON array) form as a list, or None when ``args`` is not a JSON string array."""
    if not args.startswith("["):
        return None
    try:
        value = json.loads(args)
    except json.JSONDecodeError:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _command(args: str) -> tuple[str, ...]:
    exec_form = _json_or_words(args)
    if exec_form is not None:
        return tuple(exec_form)
    return ("/bin/sh", "-c", args)


def env_pairs(args: str, where: str, variables: dict[str, str]) -> list[tuple[str, str]]:
    try:
        words = shlex.split(args, posix=True)
    except ValueError as exc:
        raise DockerfileError(f"{where}: ENV: {exc}") from exc
    if not words:
        raise DockerfileError(f"{where}: ENV needs KEY=VALUE")
    if "=" not in words[0]:
        # legacy form: ENV KEY the rest of the line
        key, _, value = args.partition(" ")
        return [(key, expand(value.strip(), variables))]
    pairs = []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise DockerfileError(f"{where}: ENV: expected KEY=VALUE, got {word!r}")
        pairs.append((key, expand(value, variables)))
    return pairs


def parse_image_ref(ref: str, expected_version: str, where: str) -> tuple[Role, str]:
    """``[<registry>/]chibench-<role>:<version>`` → ``(role, version)``; any other image or version is an error."""
    from chibench.image_names import parse_ref

    parsed = parse_ref(ref)
    if parsed is None:
        raise DockerfileError(
            f"{where}: FROM {ref!r}: the sandbox builds only on the shared images "
            f"chibench-agent:<v>, chibench-world:<v>, chibench-grader:<v>"
        )
    role: Role = parsed[0]  # type: ignore[assignment]  # parse_ref allows exactly the three roles
    tag = parsed[1]
    if tag != expected_version:
        raise DockerfileError(
            f"{where}: FROM {ref!r} does not match the installed chibench {expected_version}: "
            f"re-render the packages (chibench package build) or install chibench {tag}"
        )
    return role, tag


def interpret(dockerfile: Path, expected_version: str) -> ImageSpec:
    """Read ``dockerfile`` into an :class:`ImageSpec`.

    ``expected_version`` is the installed chibench version; ``FROM`` must name it.
    Raises :class:`DockerfileError` (unsupported instruction, bad FROM, malformed arguments) or
    ``FileNotFoundError``.
    """
    text = dockerfile.read_text(encoding="utf-8")
    return interpret_text(text, expected_version, source=str(dockerfile))


def interpret_text(text: str, expected_version: str, *, source: str = "Dockerfile") -> ImageSpec:
    """:func:`interpret` over text (``source`` names it in errors)."""
    variables: dict[str, str] = {}
    role: Role | None = None
    version = ""
    copies: list[CopyStep] = []
    env: list[tuple[str, str]] = []
    workdir: str | None = None
    cmd: tuple[str, ...] | None = None
    entrypoint: tuple[str, ...] | None = None
    expose: list[int] = []
    ignored: list[str] = []

    for line, word, args in logical_lines(text):
        where = f"{source}:{line}"
        verdict = INSTRUCTIONS.get(word)
        if verdict is None:
            raise DockerfileError(f"{where}: unknown instruction {word!r}")
        if verdict not in ("accepted", "ignored"):
            raise DockerfileError(f"{where}: {word}: {verdict}")
        if word == "ARG":
            name, sep, default = args.partition("=")
            if not name.strip():
                raise DockerfileError(f"{where}: ARG needs a name")
            variables.setdefault(name.strip(), expand(default.strip().strip('"'), variables) if sep else "")
            continue
        if word == "FROM":
            if role is not None:
                raise DockerfileError(f"{where}: a second FROM: multi-stage builds are not supported")
            words = [w for w in args.split() if not w.startswith("--platform")]
            if not words:
                raise DockerfileError(f"{where}: FROM needs an image")
            role, version = parse_image_ref(expand(words[0], variables), expected_version, where)
            continue
        if role is None:
            raise DockerfileError(f"{where}: {word} before FROM")
        if verdict == "ignored":
            ignored.append(word)
            continue
        if word == "ENV":
            for key, value in env_pairs(args, where, variables):
                env.append((key, value))
                variables[key] = value
        elif word == "WORKDIR":
            target = expand(args.strip().strip('"'), variables)
            if not target:
                raise DockerfileError(f"{where}: WORKDIR needs a path")
            workdir = str(PurePosixPath(workdir or "/") / target)
        elif word == "CMD":
            cmd = _command(args)
        elif word == "ENTRYPOINT":
            entrypoint = _command(args)
        elif word == "EXPOSE":
            for item in args.split():
                port = expand(item, variables).split("/")[0]
                if not port.isdigit():
                    raise DockerfileError(f"{where}: EXPOSE: {item!r} is not a port")
                expose.append(int(port))
        elif word == "COPY":
            copies.append(_copy_step(args, where, variables, workdir, line))
    if role is None:
        raise DockerfileError(f"{source}: no FROM instruction")
    return ImageSpec(role=role, version=version, copies=tuple(copies), env=tuple(env), workdir=workdir,
                     cmd=cmd, entrypoint=entrypoint, expose=tuple(expose), ignored=tuple(ignored))


def _copy_step(args: str, where: str, variables: dict[str, str], workdir: str | None, line: int) -> CopyStep:
    rest = args
    while rest.startswith("--"):
        flag, _, rest = rest.partition(" ")
        name = flag[2:].split("=", 1)[0]
        if name == "from":
            raise DockerfileError(f"{where}: COPY --from: multi-stage builds are not supported")
        if name not in ("chown", "chmod", "link"):
            raise DockerfileError(f"{where}: COPY {flag}: unsupported flag")
        rest = rest.strip()
    words = _json_or_words(rest)
    if words is None:
        try:
            words = shlex.split(rest, posix=True)
        except ValueError as exc:
            raise DockerfileError(f"{where}: COPY: {exc}") from exc
    words = [expand(w, variables) for w in words]
    if len(words) < 2:
        raise DockerfileError(f"{where}: COPY needs at least one source and a destination")
    *sources, dest = words
    for src in sources:
        parts = PurePosixPath(src).parts
        if src.startswith("/") or ".." in parts:
            raise DockerfileError(f"{where}: COPY source {src!r} must stay inside the build context")
    dest_is_dir = dest.endswith("/") or len(sources) > 1
    absolute = str(PurePosixPath(workdir or "/") / dest)
    if ".." in PurePosixPath(absolute).parts:
        raise DockerfileError(f"{where}: COPY destination {dest!r} must not contain '..'")
    return CopyStep(sources=tuple(sources), dest=absolute, dest_is_dir=dest_is_dir, line=line)
