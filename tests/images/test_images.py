"""The shared images' Dockerfiles and ``chibench images`` (fast: no container engine needed).

The slow proof (podman builds the three images and Harbor runs a task on them) is
``.ci/podman-setup.sh`` plus a Harbor trial, run from CI.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from chibench import images
from chibench.agent_box import SHELL_CLIENT, SHELL_CLIENT_DEST

REPO = Path(__file__).resolve().parents[2]
DOCKERFILES = {name: REPO / "images" / f"{name}.Dockerfile" for name in images.IMAGES}
REPO_SOURCE_DIRS = ("chibench", "world", "verifiers", "leaderboard")
SHELL_CLIENT_SOURCE = "chibench/agent_box/chibench_tools.py"  # the shell client (tests/testing/test_shell_client.py)


def instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with comments dropped and backslash continuations joined."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        word, _, rest = full.partition(" ")
        out.append((word.upper(), rest.strip()))
    assert not pending, f"{path.name}: dangling line continuation"
    return out


def pyproject_pin(package: str) -> str:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(rf'"{re.escape(package)}==([^"]+)"', text)
    assert m, f"pyproject.toml does not pin {package}"
    return m.group(1)


def copy_sources(args: str) -> list[str]:
    parts = [p for p in shlex.split(args) if not p.startswith("--")]
    return parts[:-1]


# ---------------------------------------------------------------------------------------------------------
# Dockerfiles


@pytest.mark.parametrize("name", images.IMAGES)
def test_dockerfile_starts_from_the_base_argument(name: str) -> None:
    ins = instructions(DOCKERFILES[name])
    assert ins[0] == ("ARG", "BASE=python:3.12-slim")
    assert ins[1] == ("FROM", "${BASE}")
    assert [i for i in ins if i[0] == "FROM"] == [("FROM", "${BASE}")], "one stage, FROM the BASE argument"


@pytest.mark.parametrize("name", images.IMAGES)
def test_dockerfile_puts_a_venv_first_on_path(name: str) -> None:
    ins = instructions(DOCKERFILES[name])
    env = " ".join(args for word, args in ins if word == "ENV")
    assert "PATH=/opt/chibench/venv/bin:$PATH" in env
    runs = " ".join(args for word, args in ins if word == "RUN")
    assert "python3 -m venv /opt/chibench/venv" in runs


@pytest.mark.parametrize("name", images.IMAGES)
def test_pip_uses_the_ca_secret_only_when_present(name: str) -> None:
    runs = [args for word, args in instructions(DOCKERFILES[name]) if word == "RUN" and "pip install" in args]
    assert runs, f"{name}: no pip install"
    for run in runs:
        assert run.startswith("--mount=type=secret,id=ca ")
        assert "if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi" in run


def test_agent_image_holds_no_chibench() -> None:
    ins = instructions(DOCKERFILES["agent"])
    for word, args in ins:
        if word in ("COPY", "ADD"):
            for src in copy_sources(args):
                clean = src.strip("./") or "."
                if clean == SHELL_CLIENT_SOURCE:  # a standalone script; its imports are checked below
                    continue
                assert clean == "handbook_skill", f"agent image copies {src!r}"
                assert not any(clean.startswith(d) for d in REPO_SOURCE_DIRS + ("packages", "tests"))
        if word == "RUN":
            assert "pip install -e" not in args and "--editable" not in args
            assert not re.search(r"pip install[^;&|]*\s(\.|/tmp/chibench-src|/src)(\s|;|$)", args)
            assert "chibench" not in args.replace("/opt/chibench/", "")
    pips = [args for word, args in ins if word == "RUN" and "pip install" in args]
    assert len(pips) == 1
    command = re.search(r"pip install ([^;]*);", pips[0])
    assert command, "one pip install command, ended by ';'"
    installed = [w for w in shlex.split(command.group(1)) if not w.startswith("-")]
    assert f"mcp=={pyproject_pin('mcp')}" in installed, "the agent image installs the pinned MCP SDK"
    for requirement in installed:
        name, sep, version = requirement.partition("==")
        assert sep and name != "chibench", f"agent image installs {requirement!r}: only pinned third-party packages"
        assert version == pyproject_pin(name), f"{name}: pinned {version}, pyproject.toml pins {pyproject_pin(name)}"


def test_the_shell_client_source_is_the_installed_one() -> None:
    assert SHELL_CLIENT == REPO / SHELL_CLIENT_SOURCE


def test_agent_image_contract() -> None:
    ins = instructions(DOCKERFILES["agent"])
    assert ("COPY", f"--chmod=0755 {SHELL_CLIENT_SOURCE} {SHELL_CLIENT_DEST}") in ins
    assert ("COPY", "handbook_skill/ /opt/chibench/skills/managed-care-operations-handbook/") in ins
    assert ("WORKDIR", "/workspace") in ins
    assert ("STOPSIGNAL", "SIGKILL") in ins
    assert ins[-1] == ("CMD", '["sleep", "infinity"]')


def test_world_image_contract() -> None:
    ins = instructions(DOCKERFILES["world"])
    runs = " ".join(args for word, args in ins if word == "RUN")
    assert "pip install --no-cache-dir --no-deps /tmp/chibench-dist/chibench-*.whl" in runs
    assert 'pip install --no-cache-dir --no-deps "chibench==$CHIBENCH_VERSION"' in runs
    assert "[dev]" not in runs and "pip install -e" not in runs
    assert "chibench world build --out /opt/chibench/world/base.sqlite" in runs
    assert ("EXPOSE", "8000") in ins
    copied = [src for word, args in ins if word == "COPY" for src in copy_sources(args)]
    assert "handbook_skill/" not in copied and not any("packages" in s or "tests" in s for s in copied)


def test_grader_image_contract() -> None:
    ins = instructions(DOCKERFILES["grader"])
    runs = " ".join(args for word, args in ins if word == "RUN")
    assert "pip install --no-cache-dir --no-deps /tmp/chibench-dist/chibench-*.whl" in runs
    assert 'pip install --no-cache-dir --no-deps "chibench==$CHIBENCH_VERSION"' in runs
    assert "[dev]" not in runs and "pip install -e" not in runs
    assert "mkdir -p /tests /logs/verifier" in runs
    assert "world build" not in runs, "the grader image holds no world"
    assert ("STOPSIGNAL", "SIGKILL") in ins
    assert ins[-1] == ("CMD", '["sleep", "infinity"]')


def test_world_and_grader_share_their_install_layers() -> None:
    """Identical instructions up to the install let the engine's layer cache build the second one fast."""
    world = instructions(DOCKERFILES["world"])
    grader = instructions(DOCKERFILES["grader"])
    cut = next(i for i, (word, args) in enumerate(world) if word == "RUN" and "/tmp/chibench-dist" in args) + 1
    assert world[:cut] == grader[:cut]


@pytest.mark.parametrize("name", ("world", "grader"))
def test_dependencies_install_before_chibench(name: str) -> None:
    """A new chibench build must not re-download the dependencies: they come from requirements.txt alone."""
    ins = instructions(DOCKERFILES[name])
    deps = next(i for i, (word, args) in enumerate(ins) if word == "RUN" and "requirements.txt" in args)
    assert ins[deps - 1] == ("COPY", "requirements.txt /tmp/chibench-deps/requirements.txt")
    assert all(word != "COPY" for word, _ in ins[:deps - 1])
    assert ins[deps + 1] == ("COPY", "dist/ /tmp/chibench-dist/")


def test_staged_context_holds_every_copy_source(tmp_path: Path) -> None:
    """The context `images build` stages (from package data, so a wheel install has it) has what every COPY names."""
    images.stage_context(tmp_path, None)
    for name in images.IMAGES:
        assert images.dockerfile(tmp_path, name).read_text() == DOCKERFILES[name].read_text()
        for word, args in instructions(DOCKERFILES[name]):
            if word == "COPY":
                for src in copy_sources(args):
                    assert (tmp_path / src).exists(), f"{name}: COPY {src} missing from the staged context"
    assert (tmp_path / "handbook_skill" / "SKILL.md").is_file()
    assert list((tmp_path / "dist").iterdir()) == []
    reqs = (tmp_path / "requirements.txt").read_text().splitlines()
    assert f"mcp=={pyproject_pin('mcp')}" in reqs and not any("pytest" in r or "harbor" in r for r in reqs)


def test_staged_context_carries_the_given_wheel(tmp_path: Path) -> None:
    wheel = tmp_path / "chibench-9.9-py3-none-any.whl"
    wheel.write_bytes(b"PK")
    ctx = images.stage_context(tmp_path / "ctx", wheel)
    assert [p.name for p in (ctx / "dist").iterdir()] == [wheel.name]
    other = tmp_path / "numpy-1.0-py3-none-any.whl"
    other.write_bytes(b"PK")
    with pytest.raises(images.ImagesError, match="not a chibench wheel"):
        images.stage_context(tmp_path / "ctx2", other)


# ---------------------------------------------------------------------------------------------------------
# Command line


def run_cli(argv: list[str]) -> int:
    return images.main_for_tests(argv)


def test_parser_registers_build_and_base() -> None:
    parser = argparse.ArgumentParser(prog="chibench")
    sub = parser.add_subparsers(dest="group", required=True)
    images.add_images_parser(sub)
    args = parser.parse_args(["images", "build", "--engine", "podman", "--base", "localhost/x:y",
                              "--only", "agent,world", "--tag", "9.9"])
    assert (args.group, args.command, args.engine, args.base, args.only, args.tag) == (
        "images", "build", "podman", "localhost/x:y", "agent,world", "9.9")
    assert args.func is images.cmd_images
    args = parser.parse_args(["images", "base", "--engine", "podman"])
    assert (args.command, args.name, args.force) == ("base", images.OFFLINE_BASE, False)


def test_unknown_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        run_cli(["images", "build", "--engine", "lxc"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_bad_only_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["images", "build", "--only", "agent,judge"]) == 2
    assert "unknown image(s) judge" in capsys.readouterr().err
    assert run_cli(["images", "build", "--only", " , "]) == 2


def test_bad_tag_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["images", "build", "--tag", "not a tag"]) == 2
    assert "not a valid image tag" in capsys.readouterr().err


def test_missing_ca_bundle_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run_cli(["images", "build", "--ca-bundle", str(tmp_path / "nope.pem")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_engine_not_on_path(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(images.shutil, "which", lambda name: None)
    assert run_cli(["images", "build", "--engine", "podman"]) == 2
    assert "'podman' is not on PATH" in capsys.readouterr().err
    assert run_cli(["images", "build"]) == 2
    assert "neither docker nor podman" in capsys.readouterr().err
    assert run_cli(["images", "base", "--engine", "docker"]) == 2


def test_missing_local_base_says_how_to_build_it(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(images.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(images, "image_exists", lambda exe, ref: False)
    assert run_cli(["images", "build", "--engine", "podman", "--base", "localhost/chibench-base:bookworm"]) == 2
    err = capsys.readouterr().err
    assert "not in podman's local storage" in err and "chibench images base --engine podman" in err


def test_bad_wheel_and_registry_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["images", "build", "--wheel", str(tmp_path / "nope.whl")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert run_cli(["images", "build", "--registry", "Not A Registry"]) == 2
    assert "not a registry prefix" in capsys.readouterr().err


def test_failed_build_prints_the_log_tail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(images.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(images, "image_exists", lambda exe, ref: True)
    monkeypatch.setattr(images, "host_pip_config", lambda python=None: {})

    def fake_run(cmd: list[str], log: Path, **kwargs: object) -> int:
        log.write_text("step 1\nERROR: No matching distribution found for mcp==1.30.0\n")
        return 1

    monkeypatch.setattr(images, "_run_logged", fake_run)
    assert run_cli(["images", "build", "--engine", "podman", "--only", "agent", "--no-ca",
                    "--log-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "building chibench-agent:" in err and "failed (exit 1)" in err
    assert "No matching distribution found for mcp==1.30.0" in err


def test_build_command() -> None:
    cmd = images.build_command("podman", "/usr/bin/podman", "world", context=REPO, tag="0.1.0",
                               base="localhost/chibench-base:bookworm", ca_bundle=Path("/etc/ssl/ca.pem"),
                               build_args={"CHIBENCH_PIP_INDEX_URL": "https://mirror.example/simple"})
    assert cmd[:8] == ["/usr/bin/podman", "build", "-f", str(REPO / "images" / "world.Dockerfile"),
                       "-t", "chibench-world:0.1.0", "-t", "ghcr.io/chibench/chibench-world:0.1.0"]
    assert "BASE=localhost/chibench-base:bookworm" in cmd
    assert "CHIBENCH_PIP_INDEX_URL=https://mirror.example/simple" in cmd
    assert cmd[cmd.index("--secret") + 1] == "id=ca,src=/etc/ssl/ca.pem"
    assert cmd[-1] == str(REPO)
    plain = images.build_command("docker", "docker", "agent", context=REPO, tag="1", base="python:3.12-slim",
                                 registry="registry.example.com:5000/team")
    assert "--secret" not in plain and "--layers" not in plain
    assert "registry.example.com:5000/team/chibench-agent:1" in plain


def test_parse_only_keeps_build_order() -> None:
    assert images.parse_only(None) == ["agent", "world", "grader"]
    assert images.parse_only("grader,agent") == ["agent", "grader"]


# ---------------------------------------------------------------------------------------------------------
# The host's pip: CA bundle and index


def test_pip_config_parsing_and_precedence() -> None:
    text = (":env:.cert='/env/ca.pem'\n"
            "global.cert='/global/ca.pem'\n"
            "global.extra-index-url='file:///opt/pypi/simple https://mirror.example/simple'\n"
            "global.find-links='/opt/wheels'\n")
    cfg = images.parse_pip_config(text)
    assert cfg["cert"] == "/env/ca.pem"
    assert images.pip_index_build_args(cfg, env={}) == {
        "CHIBENCH_PIP_EXTRA_INDEX_URL": "https://mirror.example/simple"}
    assert images.pip_index_build_args({"index-url": "file:///local/simple"}, env={}) == {}
    assert images.pip_index_build_args({}, env={"PIP_INDEX_URL": "https://idx.example/simple"}) == {
        "CHIBENCH_PIP_INDEX_URL": "https://idx.example/simple"}


def test_host_ca_bundle_order(tmp_path: Path) -> None:
    pip_cert, requests, system = (tmp_path / n for n in ("pip.pem", "requests.pem", "system.pem"))
    for f in (pip_cert, requests, system):
        f.write_text("-----BEGIN CERTIFICATE-----\n")
    find = images.host_ca_bundle
    assert find({"REQUESTS_CA_BUNDLE": str(requests)}, {"cert": str(pip_cert)}, [str(system)]) == pip_cert
    assert find({"PIP_CERT": str(requests)}, {"cert": str(pip_cert)}, [str(system)]) == requests
    assert find({"REQUESTS_CA_BUNDLE": str(tmp_path / "missing")}, {}, [str(system)]) == system
    assert find({}, {}, [str(tmp_path / "missing")]) is None


# ---------------------------------------------------------------------------------------------------------
# The offline base


SOURCES_LIST = """\
# security first, then the main archive
deb http://security.debian.org/debian-security bookworm-security main
deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://mirror.example.org/debian bookworm main contrib
deb-src http://src.example.org/debian bookworm main
"""

DEB822 = """\
Types: deb
URIs: http://snapshot.example/debian-security
Suites: bookworm-security
Components: main

Types: deb
# a comment inside a stanza
URIs: http://deb.example.net/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://disabled.example/debian
Suites: bookworm
Components: main
Enabled: no
"""


def test_mirror_from_one_line_sources_list(tmp_path: Path) -> None:
    (tmp_path / "sources.list").write_text(SOURCES_LIST)
    sources = images.read_apt_sources(tmp_path / "sources.list", tmp_path / "none.d")
    assert images.debian_mirror(sources) == "http://mirror.example.org/debian"


def test_mirror_from_deb822_sources(tmp_path: Path) -> None:
    d = tmp_path / "sources.list.d"
    d.mkdir()
    (d / "debian.sources").write_text(DEB822)
    (d / "other.list.disabled-by-farm").write_text("deb http://ignored.example/debian bookworm main\n")
    sources = images.read_apt_sources(tmp_path / "missing.list", d)
    assert [s.uris for s in sources] == [("http://snapshot.example/debian-security",),
                                         ("http://deb.example.net/debian",)]
    assert images.debian_mirror(sources) == "http://deb.example.net/debian"


def test_mirror_fallback() -> None:
    assert images.debian_mirror([]) == images.DEFAULT_MIRROR


def test_debootstrap_command_line(tmp_path: Path) -> None:
    (tmp_path / "sources.list").write_text(SOURCES_LIST)
    mirror = images.debian_mirror(images.read_apt_sources(tmp_path / "sources.list", tmp_path / "none.d"))
    cmd = images.debootstrap_command(Path("/var/tmp/root"), mirror)
    assert cmd == ["debootstrap", "--variant=minbase", "--include=python3,python3-venv,python3-pip,ca-certificates,curl",
                   "bookworm", "/var/tmp/root", "http://mirror.example.org/debian"]


def test_import_command_sets_a_path() -> None:
    cmd = images.import_command("podman", "localhost/chibench-base:bookworm")
    assert cmd[:2] == ["podman", "import"] and cmd[-2:] == ["-", "localhost/chibench-base:bookworm"]
    assert f"ENV PATH={images.BASE_PATH_ENV}" in cmd


def test_base_rejects_a_bad_name(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(images.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert run_cli(["images", "base", "--engine", "podman", "--name", "Bad Name"]) == 2
    assert "not a valid image name" in capsys.readouterr().err


def test_base_skips_an_existing_image(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(images.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(images, "image_exists", lambda exe, ref: True)
    assert run_cli(["images", "base", "--engine", "podman"]) == 0
    captured = capsys.readouterr()
    assert "already exists" in captured.err and "exists" in captured.out


# ---------------------------------------------------------------------------------------------------------
# agent-codex: the host's installed @openai/codex, copied (the CI variant of agent-cli)


def fake_codex_package(root: Path, version: str, arches: tuple[str, ...] = ("x64",)) -> Path:
    """An installed-@openai/codex-shaped folder: package.json, the launcher, one vendored binary per arch."""
    package = root / "@openai" / "codex"
    (package / "bin").mkdir(parents=True)
    (package / "package.json").write_text(f'{{"name": "@openai/codex", "version": "{version}"}}')
    (package / "bin" / "codex.js").write_text("#!/usr/bin/env node\n")
    for arch in arches:
        triple = {"x64": "x86_64", "arm64": "aarch64"}[arch] + "-unknown-linux-musl"
        native = package / "node_modules" / "@openai" / f"codex-linux-{arch}" / "vendor" / triple / "bin" / "codex"
        native.parent.mkdir(parents=True)
        native.write_bytes(b"\x7fELF")
    return package


def test_codex_pin_is_the_agent_cli_pin() -> None:
    text = (REPO / "images" / "agent-cli.Dockerfile").read_text()
    assert f"@openai/codex@{images.codex_pin()}" in text


def test_host_codex_package_found_under_npm_root(tmp_path: Path) -> None:
    package = fake_codex_package(tmp_path, images.codex_pin())
    assert images.host_codex_package(env={}, npm_root=lambda: str(tmp_path)) == package
    # the override wins over npm
    assert images.host_codex_package(env={images.CODEX_PACKAGE_ENV: str(package)}, npm_root=lambda: None) == package


@pytest.mark.parametrize(("version", "arches", "npm", "message"), [
    ("0.1.0", ("x64",), True, r"needs @openai/codex@.*is '0\.1\.0'; run: npm install -g @openai/codex@"),
    (None, (), True, r"no package at .*; run: npm install -g @openai/codex@"),
    ("PIN", (), True, r"holds 0 vendored Linux codex binaries"),
    ("PIN", ("x64", "arm64"), True, r"holds 2 vendored Linux codex binaries"),
    ("PIN", ("x64",), False, r"npm is not on PATH"),
])
def test_host_codex_package_refuses_what_would_not_run(tmp_path: Path, version: str | None,
                                                       arches: tuple[str, ...], npm: bool, message: str) -> None:
    if version is not None:
        fake_codex_package(tmp_path, images.codex_pin() if version == "PIN" else version, arches)
    with pytest.raises(images.ImagesError, match=message):
        images.host_codex_package(env={}, npm_root=(lambda: str(tmp_path)) if npm else (lambda: None))


def test_staged_codex_package_is_a_full_copy(tmp_path: Path) -> None:
    package = fake_codex_package(tmp_path / "npm", images.codex_pin())
    dest = images.stage_codex_package(package, tmp_path / "ctx" / "codex")
    staged = sorted(p.relative_to(dest) for p in dest.rglob("*"))
    assert staged == sorted(p.relative_to(package) for p in package.rglob("*"))
    # the Dockerfile COPYs exactly that folder and finds the binary where the package keeps it
    assert ("COPY", "codex/ /usr/local/lib/node_modules/@openai/codex/") in instructions(
        REPO / "images" / "agent-codex.Dockerfile")


def test_agent_codex_builds_from_the_agent_image_on_request() -> None:
    assert images.parse_only(None) == list(images.IMAGES)  # never by default: it needs a host install of codex
    assert images.parse_only("agent-codex,agent") == ["agent", "agent-codex"]
    cmd = images.build_command("podman", "/usr/bin/podman", "agent-codex", context=REPO, tag="0.1.0", base="b")
    assert cmd[3] == str(REPO / "images" / "agent-codex.Dockerfile")
    assert "ghcr.io/chibench/chibench-agent-codex:0.1.0" in cmd and "VERSION=0.1.0" in cmd
    assert instructions(REPO / "images" / "agent-codex.Dockerfile")[0] == ("ARG", "VERSION=0.1.0")


# ---- the podman resolver entrypoint: one file (images/agent-entrypoint.sh) COPY'd by both agent-CLI images

@pytest.mark.parametrize("name", ["agent-cli", "agent-codex"])
def test_agent_cli_images_copy_the_one_entrypoint(name: str, tmp_path: Path) -> None:
    ctx = images.stage_context(tmp_path / "ctx", None)
    copies = [args for word, args in instructions(ctx / "images" / f"{name}.Dockerfile") if word == "COPY"]
    assert "images/agent-entrypoint.sh /usr/local/bin/chibench-agent-entrypoint" in copies
    assert (ctx / "images" / "agent-entrypoint.sh").read_bytes() == (REPO / "images" / "agent-entrypoint.sh").read_bytes()
    assert "printf" not in (REPO / "images" / f"{name}.Dockerfile").read_text().split("ENTRYPOINT")[0].split(
        "agent-entrypoint.sh")[-1]  # the script is not written a second time inline


@pytest.mark.parametrize(("conf", "kept"), [
    ("search dns.podman\nnameserver 10.89.0.1\nnameserver 8.8.8.8\n", "search dns.podman\nnameserver 10.89.0.1\n"),
    ("nameserver 1.1.1.1\nnameserver 8.8.8.8\n", "nameserver 1.1.1.1\nnameserver 8.8.8.8\n"),  # not podman: as is
    ("search dns.podman\nnameserver 10.89.0.1\n", "search dns.podman\nnameserver 10.89.0.1\n"),
])
def test_agent_entrypoint_keeps_only_aardvark_on_podman(conf: str, kept: str, tmp_path: Path) -> None:
    import subprocess

    resolv = tmp_path / "resolv.conf"
    resolv.write_text(conf)
    script = (REPO / "images" / "agent-entrypoint.sh").read_text()
    assert script.count("conf=/etc/resolv.conf") == 1
    (tmp_path / "e.sh").write_text(script.replace("conf=/etc/resolv.conf", f"conf={resolv}"))
    out = subprocess.run(["sh", str(tmp_path / "e.sh"), "echo", "ran"], capture_output=True, text=True, check=True)
    assert out.stdout == "ran\n"  # then runs the command
    assert resolv.read_text() == kept
