"""The Dockerfile interpreter and the compose reader: what is accepted, what is refused, and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from chibench.sandbox import compose
from chibench.sandbox.dockerfile import INSTRUCTIONS, DockerfileError, interpret, interpret_text, logical_lines

V = "0.1.0"
REPO = Path(__file__).resolve().parents[2]

# instruction line after FROM -> None (accepted) or a fragment of the refusal message
TABLE: list[tuple[str, str | None]] = [
    ("COPY task.json /opt/chibench/task/task.json", None),
    ("COPY --chown=1000:1000 --chmod=644 a b /dst/", None),
    ('COPY ["a b", "/dst/"]', None),
    ("ENV A=1 B=\"two words\"", None),
    ("ENV LEGACY value with spaces", None),
    ("WORKDIR /workspace", None),
    ('CMD ["sleep", "infinity"]', None),
    ("CMD sleep infinity", None),
    ('ENTRYPOINT ["chibench"]', None),
    ("ARG X=1", None),
    ("EXPOSE 8000/tcp 9000", None),
    ("STOPSIGNAL SIGKILL", None),
    ("HEALTHCHECK CMD true", None),
    ('LABEL a="b"', None),
    ("MAINTAINER someone", None),
    ("RUN pip install requests", "task Dockerfiles add files only; pip belongs in the shared images"),
    ("ADD https://example.com/x /x", "use COPY"),
    ("USER agent", "one unprivileged identity"),
    ("VOLUME /data", "no named volumes"),
    ("SHELL [\"/bin/bash\", \"-c\"]", "nothing runs at build time"),
    ("ONBUILD RUN true", "nothing runs at build time"),
    ("FROM chibench-agent:0.1.0", "multi-stage"),
    ("COPY --from=builder /a /b", "multi-stage"),
    ("COPY ../secret /x", "inside the build context"),
    ("COPY /etc/passwd /x", "inside the build context"),
    ("COPY --parents a /b", "unsupported flag"),
    ("FROBNICATE now", "unknown instruction"),
]


@pytest.mark.parametrize(("line", "refusal"), TABLE, ids=[t[0].split()[0] + f"-{i}" for i, t in enumerate(TABLE)])
def test_instruction_table(line: str, refusal: str | None) -> None:
    text = f"FROM chibench-agent:{V}\n{line}\n"
    if refusal is None:
        interpret_text(text, V)
        return
    with pytest.raises(DockerfileError, match=refusal.replace("(", r"\(").replace(")", r"\)")) as info:
        interpret_text(text, V, source="T/Dockerfile")
    assert "T/Dockerfile:2" in str(info.value)  # names file and line


def test_every_known_instruction_is_in_the_table() -> None:
    seen = {line.split()[0] for line, _ in TABLE}
    assert set(INSTRUCTIONS) - {"FROM"} <= seen


@pytest.mark.parametrize(("ref", "message"), [
    ("python:3.12-slim", "only on the shared images"),
    ("chibench-agent", "only on the shared images"),
    ("chibench-agent:9.9.9", "does not match the installed chibench 0.1.0"),
    ("chibench-notarole:0.1.0", "only on the shared images"),
])
def test_from_must_be_a_shared_image_of_this_version(ref: str, message: str) -> None:
    with pytest.raises(DockerfileError, match=message):
        interpret_text(f"FROM {ref}\n", V)


def test_from_roles_and_arg_substitution() -> None:
    for role in ("agent", "world", "grader"):
        assert interpret_text(f"FROM chibench-{role}:{V}\n", V).role == role
    spec = interpret_text(f"ARG V={V}\nFROM localhost/chibench-world:${{V}} AS w\n", V)
    assert (spec.role, spec.version) == ("world", V)
    with pytest.raises(DockerfileError, match="no FROM"):
        interpret_text("# nothing\n", V)
    with pytest.raises(DockerfileError, match="before FROM"):
        interpret_text(f"COPY a /b\nFROM chibench-agent:{V}\n", V)


def test_semantics_of_accepted_instructions() -> None:
    text = f"""\
# syntax=docker/dockerfile:1
FROM chibench-world:{V}
ARG SUB=task
ENV BASE=/opt/chibench \\
    MODE="a b"
WORKDIR $BASE
WORKDIR ${{SUB}}
COPY task.json ./
COPY one two /multi
COPY dir/ /tree
COPY single /file/name
EXPOSE 8000
CMD chibench world serve-task task.json
"""
    spec = interpret_text(text, V)
    assert dict(spec.env) == {"BASE": "/opt/chibench", "MODE": "a b"}
    assert spec.workdir == "/opt/chibench/task"
    copies = [(c.sources, c.dest, c.dest_is_dir) for c in spec.copies]
    assert copies == [
        (("task.json",), "/opt/chibench/task", True),
        (("one", "two"), "/multi", True),
        (("dir/",), "/tree", False),
        (("single",), "/file/name", False),
    ]
    assert spec.expose == (8000,)
    assert spec.cmd == ("/bin/sh", "-c", "chibench world serve-task task.json")


def test_logical_lines_join_continuations_and_skip_comments() -> None:
    lines = logical_lines("FROM x\nRUN a \\\n  # inner comment\n  b\n\n# c\nENV A=1\n")
    assert lines == [(1, "FROM", "x"), (2, "RUN", "a b"), (7, "ENV", "A=1")]


def _package_dockerfiles() -> list[Path]:
    return sorted(REPO.glob("packages/*/environment/Dockerfile")) + sorted(
        REPO.glob("packages/*/environment/world/Dockerfile")) + sorted(REPO.glob("packages/*/tests/Dockerfile"))


@pytest.mark.skipif(not _package_dockerfiles(), reason="no rendered packages yet")
def test_every_package_dockerfile_is_in_the_subset() -> None:
    import tomllib

    from chibench.image_names import parse_ref
    from chibench.sandbox.images import chibench_version

    for path in _package_dockerfiles():
        if path.parent.name == "environment":
            # the main box runs task.toml's docker_image (the shared agent image); the Dockerfile beside it is
            # the container engines' standalone fallback (pip from an index), never read by the sandbox
            cfg = tomllib.loads((path.parent.parent / "task.toml").read_text(encoding="utf-8"))
            assert parse_ref(cfg["environment"]["docker_image"]) == ("agent", chibench_version()), path
            continue
        spec = interpret(path, chibench_version())
        expected = {"world": "world", "tests": "grader"}[path.parent.name]
        assert spec.role == expected, path


# ---------------------------------------------------------------- compose


def test_compose_interpolation_forms() -> None:
    env = {"SET": "v", "EMPTY": ""}
    cases = {
        "${SET}": "v", "$SET": "v", "${UNSET}": "", "${UNSET:-d}": "d", "${EMPTY:-d}": "d", "${EMPTY-d}": "",
        "${UNSET-d}": "d", "${SET:+alt}": "alt", "${UNSET:+alt}": "", "$$SET": "$SET", "a${SET}b": "avb",
    }
    for raw, expected in cases.items():
        assert compose.interpolate(raw, env, "t") == expected, raw
    with pytest.raises(compose.ComposeError, match="required variable UNSET"):
        compose.interpolate("${UNSET:?give it}", env, "t")


def _compose(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "docker-compose.yaml"
    path.write_text(text)
    return path


def test_compose_sidecar_fields(tmp_path: Path) -> None:
    path = _compose(tmp_path, """
services:
  main:
    environment: [A=1]
  world:
    build: {context: ./world}
    command: chibench world serve x --host 0.0.0.0 --port 8000
    environment:
      KEY: ${SECRET:-none}
      PASS:
    expose: ["8000"]
    healthcheck: {test: ["CMD", "true"]}
    depends_on: [main]
""")
    spec = compose.load([path], {"SECRET": "s3", "PASS": "through"})
    assert spec.main_environment == {"A": "1"}
    (world,) = spec.services
    assert world.context == (tmp_path / "world").resolve()
    assert world.dockerfile == world.context / "Dockerfile"
    assert world.command == ("chibench", "world", "serve", "x", "--host", "0.0.0.0", "--port", "8000")
    assert world.environment == {"KEY": "s3", "PASS": "through"}
    assert world.ports == (8000,)


@pytest.mark.parametrize(("snippet", "message"), [
    ("image: redis:7", "built from a Dockerfile"),
    ("build: ./w\n    volumes: [/data:/data]", "volumes need a container engine"),
    ("build: ./w\n    privileged: true", "privileged"),
    ("build: ./w\n    env_file: .env", "env_file"),
    ("build: ./w\n    frobnicate: 1", "unsupported key"),
])
def test_compose_refusals(tmp_path: Path, snippet: str, message: str) -> None:
    path = _compose(tmp_path, f"services:\n  side:\n    {snippet}\n")
    with pytest.raises(compose.ComposeError, match=message):
        compose.load([path], {})


@pytest.mark.skipif(not list(REPO.glob("packages/*/environment/docker-compose.yaml")), reason="no rendered packages yet")
def test_every_package_compose_file_loads() -> None:
    for path in sorted(REPO.glob("packages/*/environment/docker-compose.yaml")):
        spec = compose.load([path], {})
        assert [s.name for s in spec.services] == ["world"], path
        assert "--host" in (spec.services[0].command or ()), path
