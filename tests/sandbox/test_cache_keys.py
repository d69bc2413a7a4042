"""Cache keying: a recipe or layer key changes exactly when what it builds changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from chibench.sandbox import images
from chibench.sandbox.dockerfile import interpret_text

V = images.chibench_version()


@pytest.fixture()
def handbook_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "handbook"
    shutil.copytree(images.handbook_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(images, "handbook_dir", lambda: copy)
    return copy


def test_agent_key_follows_handbook_requirements_and_uid(handbook_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = images.recipe_key("agent", 1000)
    assert images.recipe_key("agent", 1000) == base  # stable
    assert images.recipe_key("agent", 1001) != base  # the tree is chowned to the uid
    some = next(p for p in sorted(handbook_copy.rglob("*.md")))
    os.utime(some, (0, 0))
    assert images.recipe_key("agent", 1000) == base  # mtimes do not matter
    some.write_text(some.read_text() + "\nedited\n")
    edited = images.recipe_key("agent", 1000)
    assert edited != base
    facts = images.image_facts("agent")
    more = images.ImageFacts(facts.requirements + ("extra==1.0",), facts.handbook_dest, facts.env, facts.workdir)
    monkeypatch.setattr(images, "image_facts", lambda role: more)
    assert images.recipe_key("agent", 1000) != edited


def test_world_and_grader_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    world = images.recipe_key("world", 1)
    grader = images.recipe_key("grader", 1)
    assert len({world, grader, images.recipe_key("agent", 1)}) == 3
    monkeypatch.setattr(images, "world_source_digest", lambda: "changed")
    assert images.recipe_key("world", 1) != world
    assert images.recipe_key("grader", 1) == grader
    monkeypatch.setattr(images, "chibench_version", lambda: "9.9.9")
    assert images.recipe_key("grader", 1) != grader


AGENT_DOCKERFILE = """\
ARG BASE=python:3.12-slim
FROM ${BASE}
ENV PATH=/opt/chibench/venv/bin:$PATH \\
    PYTHONUNBUFFERED=1
RUN set -eu; \\
    /opt/chibench/venv/bin/pip install --no-cache-dir -i https://idx "mcp==1.30.0" \\
      "jmespath==1.1.0"; \\
    pip install /tmp/chibench-src .
COPY handbook_skill/ /opt/chibench/skills/the-handbook/
WORKDIR /workspace
"""


def test_recipes_take_their_facts_from_the_image_dockerfiles() -> None:
    facts = images.parse_image_facts("agent", AGENT_DOCKERFILE)
    assert facts.requirements == ("mcp==1.30.0", "jmespath==1.1.0")
    assert facts.handbook_dest == "/opt/chibench/skills/the-handbook"
    assert facts.env == (("PYTHONUNBUFFERED", "1"),)  # PATH is the container's own venv: not taken
    assert facts.workdir == "/workspace"
    assert images.parse_image_facts("agent", None).requirements == (images.mcp_requirement(),)
    for role in ("agent", "world", "grader"):
        if images.image_dockerfile(role).is_file():  # this repository's real images
            real = images.image_facts(role)
            assert (real.handbook_dest is None) == (role == "world")
            if role == "agent":
                assert any(r.startswith("mcp==") for r in real.requirements)
            if role == "grader":
                assert dict(real.env).get("CHIBENCH_HANDBOOK_DIR") == real.handbook_dest


def _context(tmp_path: Path) -> Path:
    ctx = tmp_path / "ctx"
    (ctx / "dir" / "sub").mkdir(parents=True)
    (ctx / "task.json").write_text('{"a": 1}')
    (ctx / "dir" / "x.txt").write_text("x")
    (ctx / "dir" / "sub" / "y.txt").write_text("y")
    (ctx / "dir" / "link").symlink_to("x.txt")
    (ctx / "run.sh").write_text("#!/bin/sh\n")
    (ctx / "run.sh").chmod(0o755)
    return ctx


DOCKERFILE = f"""FROM chibench-world:{V}
COPY task.json /opt/chibench/task/task.json
COPY dir /tree
COPY task.json run.sh /multi/
"""


def test_layer_key_follows_content_not_mtime(tmp_path: Path) -> None:
    ctx = _context(tmp_path)
    spec = interpret_text(DOCKERFILE, V)
    base = images.layer_key(spec, ctx, 7)
    assert base == images.layer_key(spec, ctx, 7)
    os.utime(ctx / "task.json", (0, 0))
    assert images.layer_key(spec, ctx, 7) == base
    assert images.layer_key(spec, ctx, 8) != base
    (ctx / "dir" / "sub" / "y.txt").write_text("changed")
    changed = images.layer_key(spec, ctx, 7)
    assert changed != base
    (ctx / "run.sh").chmod(0o644)  # the executable bit is content
    assert images.layer_key(spec, ctx, 7) != changed
    other = interpret_text(DOCKERFILE.replace("/tree", "/elsewhere"), V)
    assert images.layer_key(other, ctx, 7) != images.layer_key(spec, ctx, 7)
    assert images.layer_key(interpret_text(f"FROM chibench-agent:{V}\n", V), ctx, 7) is None


@pytest.mark.skipif(os.geteuid() != 0, reason="layers are chowned to the sandbox uid (needs root)")
def test_build_layer_copies_like_docker_and_is_cached(tmp_path: Path) -> None:
    ctx = _context(tmp_path)
    cache = tmp_path / "cache"
    spec = interpret_text(DOCKERFILE, V)
    layer = images.build_layer(spec, ctx, uid=4242, cache=cache)
    assert layer is not None and layer.parent == cache / "layers"
    assert (layer / "opt/chibench/task/task.json").read_text() == '{"a": 1}'
    assert (layer / "tree/x.txt").is_file() and (layer / "tree/sub/y.txt").is_file()  # dir contents, not the dir
    assert os.readlink(layer / "tree/link") == "x.txt"  # links stay links
    assert sorted(p.name for p in (layer / "multi").iterdir()) == ["run.sh", "task.json"]
    assert os.access(layer / "multi/run.sh", os.X_OK)
    assert {p.lstat().st_uid for p in layer.rglob("*")} == {4242}
    stamp = (layer / "opt/chibench/task/task.json").stat().st_ino
    again = images.build_layer(spec, ctx, uid=4242, cache=cache)
    assert again == layer and (layer / "opt/chibench/task/task.json").stat().st_ino == stamp
    private = images.build_layer(spec, ctx, uid=4242, cache=cache, force=True)
    assert private is not None and private != layer and private.name.startswith(layer.name + ".")


def test_copy_sources_must_exist_and_stay_in_context(tmp_path: Path) -> None:
    from chibench.sandbox.dockerfile import DockerfileError

    ctx = _context(tmp_path)
    (tmp_path / "outside.txt").write_text("secret")
    (ctx / "escape").symlink_to(tmp_path / "outside.txt")
    with pytest.raises(DockerfileError, match="not found in the build context"):
        images.layer_key(interpret_text(f"FROM chibench-world:{V}\nCOPY missing /x\n", V), ctx, 1)
    with pytest.raises(DockerfileError, match="outside the build context"):
        images.layer_key(interpret_text(f"FROM chibench-world:{V}\nCOPY escape /x\n", V), ctx, 1)
    with pytest.raises(DockerfileError, match="no file in the build context matches"):
        images.layer_key(interpret_text(f"FROM chibench-world:{V}\nCOPY *.nothing /x/\n", V), ctx, 1)


def test_prune_superseded_keeps_the_current_and_the_recent(tmp_path: Path) -> None:
    folder = tmp_path / "world"
    for name in ("old", "recent", "current", ".building.tmp"):
        (folder / name).mkdir(parents=True)
    os.utime(folder / "old", (0, 0))
    os.utime(folder / "current", (0, 0))
    os.utime(folder / ".building.tmp", (0, 0))
    removed = images.prune_superseded(folder, keep="current")
    assert removed == [folder / "old"]
    assert sorted(p.name for p in folder.iterdir()) == [".building.tmp", "current", "recent"]


def test_agent_key_follows_the_shell_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import chibench.agent_box

    base = images.recipe_key("agent", 1000)
    edited = tmp_path / "chibench_tools.py"
    edited.write_bytes(chibench.agent_box.SHELL_CLIENT.read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(chibench.agent_box, "SHELL_CLIENT", edited)
    assert images.recipe_key("agent", 1000) != base
