"""The shared container images (``chibench images build|base``).

    chibench images build [--engine podman|docker] [--base IMAGE] [--only agent,world,grader] [--tag VERSION]
                          [--registry PREFIX] [--wheel FILE] [--pip-index-url URL] [--pip-extra-index-url URL]
                          [--ca-bundle FILE | --no-ca] [--verbose]
    chibench images base  [--engine podman|docker] [--name localhost/chibench-base:bookworm] [--mirror URL]
                          [--suite bookworm] [--force]

``build`` builds ``images/{agent,world,grader}.Dockerfile`` into ``chibench-<role>:<version>`` and tags each
also ``<registry>/chibench-<role>:<version>`` (``chibench.image_names``: the name task packages use), where
``<version>`` is the installed chibench package's version (with ``--only agent-cli`` also
``chibench-agent-cli:<version>``: the agent image with Node 20, codex and claude; with ``--only agent-codex``
``chibench-agent-codex:<version>``: the agent image with the host's installed ``@openai/codex`` package copied in —
``$(npm root -g)`` or ``$CHIBENCH_CODEX_PACKAGE``, at the pinned version — nothing downloaded). Task packages run the agent image by name
(``docker_image``) and build world and grader ``FROM`` the qualified names, adding only that task's files.

It works from a wheel install as from a checkout: the build context is staged in a temporary directory from
package data (the recipes, the handbook), a ``requirements.txt`` of the installed chibench's pinned
dependencies, and ``dist/`` holding the chibench wheel to install — ``--wheel FILE``, else one built from the
checkout chibench runs from (editable install), else none, and the images pip-install ``chibench==<version>``
from the package index (``--pip-index-url``; a published release is on PyPI).

Builds reach the package index from inside the build container. When the host trusts an intercepting
proxy's CA (a bundle configured for pip, or the system bundle), that bundle is handed to the build as the
secret ``ca`` (``--secret id=ca,src=FILE``) and pip is given ``--cert`` only when the secret is present, so
a plain ``docker build -f images/agent.Dockerfile .`` works too. An http(s) index configured for the
host's pip is passed as a build argument; local ``file://`` indexes are not reachable from a build and are
skipped.

``base`` makes an offline base image for machines that cannot pull: ``debootstrap --variant=minbase``
of Debian bookworm (python3 3.11, venv, pip, CA certificates, curl) from the host's Debian mirror,
imported with ``tar -C DIR -c . | podman import - NAME``. Use it with ``images build --base NAME``.

Exit codes: 0 success, 1 a build failed (the tail of its log is printed), 2 bad usage (with a message).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

IMAGES = ("agent", "world", "grader")
# built only when asked for (--only agent-cli): the agent image plus the agent CLIs (codex, claude, Node 20);
# --only agent-codex: the agent image plus the host's installed codex npm package (no Node, nothing downloaded)
OPTIONAL_IMAGES = ("agent-cli", "agent-codex")
# the one entrypoint script both optional images COPY (images/agent-entrypoint.sh)
AGENT_ENTRYPOINT = "agent-entrypoint.sh"
# the @openai/codex version agent-codex must carry (the pin of images/agent-cli.Dockerfile and the sandbox)
CODEX_PACKAGE = "@openai/codex"
CODEX_PACKAGE_ENV = "CHIBENCH_CODEX_PACKAGE"  # a package folder to use instead of $(npm root -g)/@openai/codex
ENGINES = ("podman", "docker")
DEFAULT_BASE = "python:3.12-slim"
# podman refuses unqualified short names unless registries.conf allows them; docker expands them itself.
DEFAULT_BASE_QUALIFIED = "docker.io/library/python:3.12-slim"
OFFLINE_BASE = "localhost/chibench-base:bookworm"
BASE_PACKAGES = ("python3", "python3-venv", "python3-pip", "ca-certificates", "curl")
DEFAULT_MIRROR = "http://deb.debian.org/debian"
DEFAULT_SUITE = "bookworm"
CA_SECRET_ID = "ca"
LOG_TAIL_LINES = 40
SYSTEM_CA_BUNDLES = (
    "/etc/ssl/certs/ca-certificates.crt",  # Debian, Ubuntu, Alpine
    "/etc/pki/tls/certs/ca-bundle.crt",  # Fedora, RHEL
    "/etc/ssl/cert.pem",  # macOS, BSD
)
APT_SOURCES = Path("/etc/apt/sources.list")
APT_SOURCES_DIR = Path("/etc/apt/sources.list.d")
BASE_PATH_ENV = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class ImagesError(Exception):
    """A usage or environment problem, reported as one clear message (exit code 2)."""


class BuildFailed(Exception):
    """An engine command failed; ``log`` holds its output (exit code 1)."""

    def __init__(self, message: str, log: Path | None = None, tail: str = "") -> None:
        super().__init__(message)
        self.log = log
        self.tail = tail


@dataclass(frozen=True)
class BuiltImage:
    name: str
    ref: str
    seconds: float
    size_bytes: int | None


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


# ---------------------------------------------------------------------------------------------------------
# Versions, names, the repository


def package_version() -> str:
    """The installed chibench distribution's version (the image tag)."""
    from importlib.metadata import PackageNotFoundError

    from chibench import installed_version

    try:
        return installed_version()
    except PackageNotFoundError as exc:  # pragma: no cover - only outside an install
        raise ImagesError("the chibench package is not installed; pass --tag VERSION") from exc


def image_ref(name: str, tag: str) -> str:
    if name not in IMAGES + OPTIONAL_IMAGES:
        raise ImagesError(f"unknown image {name!r}; choose from {', '.join(IMAGES + OPTIONAL_IMAGES)}")
    return f"chibench-{name}:{tag}"


def qualified_image_ref(name: str, tag: str, registry: str | None = None) -> str:
    """``<registry>/chibench-<name>:<tag>`` (``chibench.image_names``); ImagesError for a bad registry."""
    from chibench.image_names import qualified_ref

    image_ref(name, tag)
    try:
        return qualified_ref(name, tag, registry)
    except ValueError as exc:
        raise ImagesError(str(exc)) from exc


TAG_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")


def validate_tag(tag: str) -> str:
    if not TAG_RE.match(tag):
        raise ImagesError(f"--tag {tag!r} is not a valid image tag (letters, digits, '_', '.', '-'; at most 128)")
    return tag


def parse_only(value: str | None) -> list[str]:
    """``--only agent,world`` → ``["agent", "world"]`` in the canonical build order."""
    if value is None:
        return list(IMAGES)
    names = [part.strip() for part in value.split(",") if part.strip()]
    if not names:
        raise ImagesError("--only needs at least one of: " + ", ".join(IMAGES))
    unknown = sorted(set(names) - set(IMAGES + OPTIONAL_IMAGES))
    if unknown:
        raise ImagesError(f"--only: unknown image(s) {', '.join(unknown)}; "
                          f"choose from {', '.join(IMAGES + OPTIONAL_IMAGES)}")
    return [name for name in IMAGES + OPTIONAL_IMAGES if name in names]


def dockerfile(context: Path, name: str) -> Path:
    return context / "images" / f"{name}.Dockerfile"


def requirements_text() -> str:
    """The installed chibench's runtime requirements (extras dropped), one per line: what world and grader
    pip-install before chibench itself."""
    from importlib.metadata import PackageNotFoundError, requires

    try:
        reqs = requires("chibench") or []
    except PackageNotFoundError as exc:  # pragma: no cover - only outside an install
        raise ImagesError("the chibench package is not installed") from exc
    return "".join(f"{r}\n" for r in reqs if "extra ==" not in r and "extra==" not in r)


def checkout_root() -> Path | None:
    """The repository chibench runs from (an editable install), or None for a wheel install."""
    from chibench.assets import image_recipes_dir

    root = image_recipes_dir().parent
    return root if (root / "pyproject.toml").is_file() and (root / "setup.py").is_file() else None


def build_wheel(checkout: Path, out_dir: Path, log: Path, verbose: bool = False) -> Path:
    """``pip wheel --no-deps`` of the checkout into ``out_dir``; BuildFailed with the log tail on failure."""
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out_dir), str(checkout)]
    if _run_logged(cmd, log, verbose=verbose) != 0:
        raise BuildFailed(f"building the chibench wheel from {checkout} failed; full log: {log}", log=log,
                          tail=log_tail(log))
    wheels = sorted(out_dir.glob("chibench-*.whl"))
    if not wheels:
        raise BuildFailed(f"pip wheel wrote no chibench wheel into {out_dir}", log=log, tail=log_tail(log))
    return wheels[-1]


def stage_context(dest: Path, wheel: Path | None) -> Path:
    """Fill ``dest`` with the build context: ``images/*.Dockerfile`` and ``images/agent-entrypoint.sh``, ``handbook_skill/``,
    ``chibench/agent_box/chibench_tools.py``, ``requirements.txt`` and ``dist/`` (``wheel`` when given, else empty: install from the index)."""
    from chibench.assets import handbook_dir, image_recipe

    (dest / "images").mkdir(parents=True, exist_ok=True)
    for name in IMAGES + OPTIONAL_IMAGES:
        shutil.copyfile(image_recipe(name), dockerfile(dest, name))
    # agent-cli and agent-codex COPY their podman resolver entrypoint from here
    shutil.copyfile(image_recipe("agent").with_name(AGENT_ENTRYPOINT), dest / "images" / AGENT_ENTRYPOINT)
    shutil.copytree(handbook_dir(), dest / "handbook_skill",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"), dirs_exist_ok=True)
    from chibench.agent_box import SHELL_CLIENT

    # the agent image COPYs the shell MCP client (a standalone script) from its path in the repository
    (dest / "chibench" / "agent_box").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SHELL_CLIENT, dest / "chibench" / "agent_box" / SHELL_CLIENT.name)
    (dest / "requirements.txt").write_text(requirements_text(), encoding="utf-8")
    (dest / "dist").mkdir(exist_ok=True)
    if wheel is not None:
        if not wheel.is_file() or not wheel.name.startswith("chibench-") or wheel.suffix != ".whl":
            raise ImagesError(f"--wheel {wheel}: not a chibench wheel file (chibench-<version>-….whl)")
        shutil.copyfile(wheel, dest / "dist" / wheel.name)
    return dest


def codex_pin() -> str:
    """The pinned codex version: ``@openai/codex@<version>`` of ``images/agent-cli.Dockerfile`` (the sandbox's
    pins, ``chibench.sandbox.images.agent_cli_packages``)."""
    from chibench.sandbox.images import agent_cli_packages

    for spec in agent_cli_packages():
        name, _, version = spec.rpartition("@")
        if name == CODEX_PACKAGE and version:
            return version
    raise ImagesError(f"no pinned {CODEX_PACKAGE} version in images/agent-cli.Dockerfile")


def host_codex_package(env: Mapping[str, str] | None = None,
                       npm_root: Callable[[], str | None] | None = None) -> Path:
    """The host's installed ``@openai/codex`` package folder at the pinned version, with its vendored native
    binary for Linux: ``$CHIBENCH_CODEX_PACKAGE`` if set, else ``$(npm root -g)/@openai/codex``. ImagesError
    (naming the install command) when it is missing, another version, or lacks the Linux binary."""
    env = os.environ if env is None else env
    pin = codex_pin()
    install = f"npm install -g {CODEX_PACKAGE}@{pin}"
    if env.get(CODEX_PACKAGE_ENV):
        package = Path(env[CODEX_PACKAGE_ENV])
    else:
        root = (npm_root or _npm_root_global)()
        if root is None:
            raise ImagesError(f"agent-codex copies the host's {CODEX_PACKAGE}@{pin}, but npm is not on PATH; "
                              f"install Node and npm, then: {install} (or set {CODEX_PACKAGE_ENV}=<package folder>)")
        package = Path(root) / CODEX_PACKAGE
    manifest = package / "package.json"
    if not manifest.is_file():
        raise ImagesError(f"agent-codex copies the host's {CODEX_PACKAGE}@{pin}: no package at {package}; run: {install}")

    try:
        found = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError) as exc:
        raise ImagesError(f"{manifest}: not a readable package.json ({exc})") from exc
    if found != pin:
        raise ImagesError(f"agent-codex needs {CODEX_PACKAGE}@{pin}; {package} is {found!r}; run: {install}")
    natives = sorted(package.glob("node_modules/@openai/codex-linux-*/vendor/*/bin/codex"))
    if len(natives) != 1:
        raise ImagesError(f"{package} holds {len(natives)} vendored Linux codex binaries (want exactly 1: "
                          f"node_modules/@openai/codex-linux-<arch>/vendor/<triple>/bin/codex); reinstall: {install}")
    return package


def _npm_root_global() -> str | None:
    npm = shutil.which("npm")
    if npm is None:
        return None
    out = subprocess.run([npm, "root", "-g"], capture_output=True, text=True, check=False)
    return (out.stdout.strip() or None) if out.returncode == 0 else None


def stage_codex_package(package: Path, dest: Path) -> Path:
    """Copy ``package`` (an installed ``@openai/codex``) to ``dest`` in the build context, hard-linking files
    where the file system allows (the vendored binaries are ~400 MB)."""

    def link_or_copy(src: str, dst: str) -> object:
        try:
            os.link(src, dst)
            return dst
        except OSError:
            return shutil.copy2(src, dst)

    shutil.copytree(package, dest, symlinks=True, copy_function=link_or_copy, dirs_exist_ok=True)
    return dest


# ---------------------------------------------------------------------------------------------------------
# The engine


def resolve_engine(engine: str | None, which: Callable[[str], str | None] | None = None) -> tuple[str, str]:
    """``(name, executable)``; without a name, docker if it is on PATH, else podman."""
    lookup = which or shutil.which
    if engine is not None and engine not in ENGINES:
        raise ImagesError(f"--engine {engine!r}: choose podman or docker")
    names = [engine] if engine else ["docker", "podman"]
    for name in names:
        path = lookup(name)
        if path:
            return name, str(path)
    if engine:
        hint = "apt-get install -y podman runc" if engine == "podman" else "install Docker Engine"
        raise ImagesError(f"--engine {engine}: '{engine}' is not on PATH ({hint})")
    raise ImagesError("neither docker nor podman is on PATH; install one or pass --engine")


def image_exists(engine_exe: str, ref: str) -> bool:
    proc = subprocess.run([engine_exe, "image", "inspect", ref], capture_output=True, text=True, check=False)
    return proc.returncode == 0


def image_size(engine_exe: str, ref: str) -> int | None:
    proc = subprocess.run(
        [engine_exe, "image", "inspect", "--format", "{{.Size}}", ref], capture_output=True, text=True, check=False
    )
    try:
        return int(proc.stdout.strip().splitlines()[0])
    except (ValueError, IndexError):
        return None


def human_size(size: int | None) -> str:
    if size is None:
        return "?"
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{value:.0f} {unit}" if unit in ("B", "KB") else f"{value:.1f} {unit}"
        value /= 1000
    return f"{value:.1f} GB"  # pragma: no cover


# ---------------------------------------------------------------------------------------------------------
# What the host's pip uses: CA bundle and index


def host_pip_config(python: str | None = None) -> dict[str, str]:
    """``pip config list`` of the running interpreter as ``{key: value}`` with the scope dropped
    (``global.cert`` → ``cert``; env and later scopes override earlier ones, as pip applies them)."""
    try:
        proc = subprocess.run(
            [python or sys.executable, "-m", "pip", "config", "list"],
            capture_output=True, text=True, check=False, timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return {}
    return parse_pip_config(proc.stdout) if proc.returncode == 0 else {}


PIP_CONFIG_LINE = re.compile(r"^(?P<scope>[^.=]*)\.(?P<key>[A-Za-z0-9_-]+)=(?P<q>['\"]?)(?P<value>.*)(?P=q)\s*$")
_SCOPE_ORDER = {"global": 0, "": 1, "install": 2, "download": 2, ":env:": 3}


def parse_pip_config(text: str) -> dict[str, str]:
    found: list[tuple[int, str, str]] = []
    for line in text.splitlines():
        m = PIP_CONFIG_LINE.match(line.strip())
        if m:
            found.append((_SCOPE_ORDER.get(m["scope"], 1), m["key"], m["value"]))
    out: dict[str, str] = {}
    for _, key, value in sorted(found, key=lambda item: item[0]):
        out[key] = value
    return out


def host_ca_bundle(
    env: Mapping[str, str] | None = None,
    pip_config: Mapping[str, str] | None = None,
    system_bundles: Iterable[str] = SYSTEM_CA_BUNDLES,
) -> Path | None:
    """The CA bundle the host's pip trusts: ``PIP_CERT``, pip's configured ``cert``, the requests/OpenSSL
    variables, then the system bundle. ``None`` when none exists."""
    env = os.environ if env is None else env
    pip_config = {} if pip_config is None else pip_config
    candidates = [
        env.get("PIP_CERT"),
        pip_config.get("cert"),
        env.get("REQUESTS_CA_BUNDLE"),
        env.get("SSL_CERT_FILE"),
        env.get("CURL_CA_BUNDLE"),
        *system_bundles,
    ]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def pip_index_build_args(pip_config: Mapping[str, str], env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Build arguments for a non-default http(s) index the host's pip uses (``file://`` ones are skipped:
    a build container cannot see the host's files)."""
    env = os.environ if env is None else env
    index = env.get("PIP_INDEX_URL") or pip_config.get("index-url", "")
    extra = env.get("PIP_EXTRA_INDEX_URL") or pip_config.get("extra-index-url", "")
    args: dict[str, str] = {}
    index_urls = [u for u in index.split() if u.startswith(("http://", "https://"))]
    if index_urls:
        args["CHIBENCH_PIP_INDEX_URL"] = index_urls[0]
    extras = [u for u in extra.split() if u.startswith(("http://", "https://"))]
    if extras:
        args["CHIBENCH_PIP_EXTRA_INDEX_URL"] = " ".join(extras)
    return args


# ---------------------------------------------------------------------------------------------------------
# Building the shared images


def build_command(
    engine: str,
    engine_exe: str,
    name: str,
    *,
    context: Path,
    tag: str,
    base: str,
    ca_bundle: Path | None = None,
    build_args: Mapping[str, str] | None = None,
    registry: str | None = None,
) -> list[str]:
    cmd = [engine_exe, "build", "-f", str(dockerfile(context, name)), "-t", image_ref(name, tag),
           "-t", qualified_image_ref(name, tag, registry)]
    cmd += ["--build-arg", f"BASE={base}"]
    if name in ("agent-cli", "agent-codex"):  # FROM chibench-agent:${VERSION}
        cmd += ["--build-arg", f"VERSION={tag}"]
    for key, value in sorted((build_args or {}).items()):
        cmd += ["--build-arg", f"{key}={value}"]
    if ca_bundle is not None:
        cmd += ["--secret", f"id={CA_SECRET_ID},src={ca_bundle}"]
    if engine == "podman":
        cmd += ["--layers"]  # cache layers, so world and grader share their install step
    cmd.append(str(context))
    return cmd


def _run_logged(cmd: Sequence[str], log: Path, *, env: Mapping[str, str] | None = None, verbose: bool = False,
                stdin: int | None = None) -> int:
    with log.open("w", encoding="utf-8") as fh:
        fh.write("$ " + " ".join(cmd) + "\n")
        fh.flush()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=stdin,
                                env=dict(env) if env is not None else None, text=True, errors="replace")
        assert proc.stdout is not None
        for line in proc.stdout:
            fh.write(line)
            if verbose:
                sys.stderr.write(line)
        return proc.wait()


def log_tail(log: Path, lines: int = LOG_TAIL_LINES) -> str:
    try:
        return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def build_images(
    *,
    engine: str | None = None,
    base: str | None = None,
    only: Sequence[str] = IMAGES,
    tag: str | None = None,
    wheel: Path | None = None,
    registry: str | None = None,
    ca_bundle: Path | None | bool = True,
    build_args: Mapping[str, str] | None = None,
    log_dir: Path | None = None,
    verbose: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[BuiltImage]:
    """Build the shared images; ``ca_bundle=True`` finds the host's bundle, ``False``/``None`` passes none;
    ``wheel`` is the chibench wheel to install (None: build one from the checkout, or — for a wheel install —
    pip-install ``chibench==<version>`` from the index). Raises ImagesError for bad arguments and BuildFailed
    when an engine build (or the wheel build) fails."""
    say = progress or _stderr
    engine_name, engine_exe = resolve_engine(engine)
    tag = validate_tag(tag or package_version())
    names = [n for n in IMAGES + OPTIONAL_IMAGES if n in set(only)]
    for n in only:
        qualified_image_ref(n, tag, registry)
    if base is None:
        base = DEFAULT_BASE_QUALIFIED if engine_name == "podman" else DEFAULT_BASE
    elif not base.strip():
        raise ImagesError("--base must name an image")
    if not image_exists(engine_exe, base):
        if base.startswith("localhost/"):
            raise ImagesError(
                f"base image {base} is not in {engine_name}'s local storage; "
                f"build it with: chibench images base --engine {engine_name} --name {base}"
            )
        say(f"images: base {base} is not local; {engine_name} will pull it")
    pip_config = host_pip_config()
    if ca_bundle is True:
        bundle = host_ca_bundle(pip_config=pip_config)
    elif ca_bundle is False or ca_bundle is None:
        bundle = None
    else:
        bundle = Path(ca_bundle)
        if not bundle.is_file():
            raise ImagesError(f"--ca-bundle {bundle}: no such file")
    args = dict(pip_index_build_args(pip_config)) if build_args is None else dict(build_args)
    args.setdefault("CHIBENCH_VERSION", package_version())
    env = dict(os.environ)
    if engine_name == "docker":
        env.setdefault("DOCKER_BUILDKIT", "1")  # RUN --mount=type=secret needs BuildKit
    log_dir = log_dir or Path(tempfile.mkdtemp(prefix="chibench-images-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    context = Path(tempfile.mkdtemp(prefix="chibench-images-context-"))
    try:
        return _build_staged(engine_name, engine_exe, names, context=context, tag=tag, base=base, bundle=bundle,
                             args=args, env=env, wheel=wheel, registry=registry, log_dir=log_dir,
                             verbose=verbose, say=say)
    finally:
        shutil.rmtree(context, ignore_errors=True)


def _build_staged(engine_name: str, engine_exe: str, names: Sequence[str], *, context: Path, tag: str, base: str,
                  bundle: Path | None, args: Mapping[str, str], env: Mapping[str, str], wheel: Path | None,
                  registry: str | None, log_dir: Path, verbose: bool, say: Callable[[str], None]) -> list[BuiltImage]:
    # only world and grader install chibench; the agent images never hold it (no wheel to build for them)
    if wheel is None and any(n in ("world", "grader") for n in names) and (checkout := checkout_root()) is not None:
        say(f"images: building the chibench wheel from {checkout}")
        wheel = build_wheel(checkout, Path(tempfile.mkdtemp(prefix="chibench-wheel-")), log_dir / "wheel.log",
                            verbose)
    stage_context(context, wheel)
    if "agent-codex" in names:
        package = host_codex_package()
        say(f"images: agent-codex carries {CODEX_PACKAGE}@{codex_pin()} from {package}")
        stage_codex_package(package, context / "codex")
    source = wheel.name if wheel is not None else f"chibench=={args['CHIBENCH_VERSION']} from the package index"
    say(f"images: engine={engine_name} base={base} tag={tag} chibench={source} ca={bundle or 'none'} logs={log_dir}")
    built: list[BuiltImage] = []
    for name in names:
        ref = image_ref(name, tag)
        cmd = build_command(engine_name, engine_exe, name, context=context, tag=tag, base=base,
                            ca_bundle=bundle, build_args=args, registry=registry)
        log = log_dir / f"{name}.log"
        say(f"images: building {ref} …")
        start = time.monotonic()
        rc = _run_logged(cmd, log, env=env, verbose=verbose)
        seconds = time.monotonic() - start
        if rc != 0:
            raise BuildFailed(f"building {ref} failed (exit {rc}) after {seconds:.0f} s; full log: {log}",
                              log=log, tail=log_tail(log))
        size = image_size(engine_exe, ref)
        say(f"images: built {ref} = {qualified_image_ref(name, tag, registry)} in {seconds:.1f} s ({human_size(size)})")
        built.append(BuiltImage(name=name, ref=ref, seconds=seconds, size_bytes=size))
    return built


# ---------------------------------------------------------------------------------------------------------
# The offline base (debootstrap)


@dataclass(frozen=True)
class AptSource:
    types: tuple[str, ...]
    uris: tuple[str, ...]
    suites: tuple[str, ...]
    components: tuple[str, ...]


def parse_one_line_sources(text: str) -> list[AptSource]:
    """``deb [options] URI SUITE COMPONENT…`` lines (``/etc/apt/sources.list``, ``*.list``)."""
    out: list[AptSource] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        line = re.sub(r"\[[^\]]*\]", " ", line)  # drop [arch=… signed-by=…]
        parts = line.split()
        if len(parts) < 3 or parts[0] not in ("deb", "deb-src"):
            continue
        out.append(AptSource((parts[0],), (parts[1],), (parts[2],), tuple(parts[3:])))
    return out


def parse_deb822_sources(text: str) -> list[AptSource]:
    """deb822 stanzas (``*.sources``): ``Types:``, ``URIs:``, ``Suites:``, ``Components:``; ``Enabled: no`` skipped."""
    out: list[AptSource] = []
    stanzas = re.split(r"\n\s*\n", text)
    for stanza in stanzas:
        fields: dict[str, str] = {}
        key = None
        for raw in stanza.splitlines():
            if raw.lstrip().startswith("#"):
                continue
            if raw[:1] in (" ", "\t") and key:
                fields[key] += " " + raw.strip()
                continue
            if ":" in raw:
                key, value = raw.split(":", 1)
                key = key.strip().lower()
                fields[key] = value.strip()
        if not fields.get("uris") or fields.get("enabled", "yes").lower() == "no":
            continue
        out.append(AptSource(
            tuple(fields.get("types", "deb").split()),
            tuple(fields["uris"].split()),
            tuple(fields.get("suites", "").split()),
            tuple(fields.get("components", "").split()),
        ))
    return out


def read_apt_sources(sources_list: Path = APT_SOURCES, sources_dir: Path = APT_SOURCES_DIR) -> list[AptSource]:
    found: list[AptSource] = []
    if sources_list.is_file():
        found += parse_one_line_sources(sources_list.read_text(encoding="utf-8", errors="replace"))
    if sources_dir.is_dir():
        for path in sorted(sources_dir.iterdir()):
            if path.suffix == ".list":
                found += parse_one_line_sources(path.read_text(encoding="utf-8", errors="replace"))
            elif path.suffix == ".sources":
                found += parse_deb822_sources(path.read_text(encoding="utf-8", errors="replace"))
    return found


def debian_mirror(sources: Iterable[AptSource], suite: str = DEFAULT_SUITE) -> str:
    """The first ``deb`` http(s) URI serving ``suite`` with ``main`` (not a security archive);
    else the first ``deb`` URI that looks like a Debian archive; else deb.debian.org."""
    sources = list(sources)
    for src in sources:
        if "deb" in src.types and suite in src.suites and ("main" in src.components or not src.components):
            for uri in src.uris:
                if uri.startswith(("http://", "https://")) and "security" not in uri:
                    return uri.rstrip("/")
    for src in sources:
        if "deb" in src.types:
            for uri in src.uris:
                if uri.startswith(("http://", "https://")) and uri.rstrip("/").endswith("/debian"):
                    return uri.rstrip("/")
    return DEFAULT_MIRROR


def debootstrap_command(target: Path, mirror: str, suite: str = DEFAULT_SUITE,
                        packages: Sequence[str] = BASE_PACKAGES) -> list[str]:
    return ["debootstrap", "--variant=minbase", "--include=" + ",".join(packages), suite, str(target), mirror]


def import_command(engine_exe: str, name: str) -> list[str]:
    return [
        engine_exe, "import",
        "--change", f"ENV PATH={BASE_PATH_ENV}",
        "--change", "ENV LANG=C.UTF-8",
        "--change", 'CMD ["/bin/bash"]',
        "-", name,
    ]


def build_base(
    *,
    engine: str | None = "podman",
    name: str = OFFLINE_BASE,
    mirror: str | None = None,
    suite: str = DEFAULT_SUITE,
    force: bool = False,
    workdir: Path | None = None,
    verbose: bool = False,
    progress: Callable[[str], None] | None = None,
) -> tuple[str, float | None]:
    """Debootstrap + import; returns ``(name, seconds)`` (``seconds`` is None when it already existed)."""
    say = progress or _stderr
    engine_name, engine_exe = resolve_engine(engine)
    if not name or any(ch.isspace() for ch in name) or name != name.lower():
        raise ImagesError(f"--name {name!r} is not a valid image name (lowercase, no spaces)")
    if image_exists(engine_exe, name) and not force:
        say(f"images: base {name} already exists (use --force to rebuild)")
        return name, None
    debootstrap = shutil.which("debootstrap")
    if not debootstrap:
        raise ImagesError("debootstrap is not on PATH (apt-get install -y debootstrap)")
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        raise ImagesError("debootstrap needs root; run as root (CI machines are)")
    mirror = mirror or debian_mirror(read_apt_sources(), suite)
    parent = workdir or Path(os.environ.get("CHIBENCH_BASE_WORKDIR", "/var/tmp"))
    parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="chibench-base-", dir=parent) as tmp:
        root = Path(tmp) / "rootfs"
        log = Path(tmp) / "debootstrap.log"
        cmd = debootstrap_command(root, mirror, suite)
        say(f"images: {' '.join(cmd)}")
        rc = _run_logged(cmd, log, verbose=verbose)
        if rc != 0:
            tail = log_tail(log)
            kept = Path(tempfile.mkstemp(prefix="chibench-debootstrap-", suffix=".log")[1])
            shutil.copyfile(log, kept)
            raise BuildFailed(f"debootstrap failed (exit {rc}); full log: {kept}", log=kept, tail=tail)
        for junk in ("var/cache/apt/archives", "var/lib/apt/lists"):
            for entry in (root / junk).glob("*"):
                if entry.is_file():
                    entry.unlink()
        say(f"images: importing {root} as {name}")
        tar = subprocess.Popen(["tar", "-C", str(root), "--numeric-owner", "-c", "."], stdout=subprocess.PIPE)
        ilog = Path(tmp) / "import.log"
        rc = _run_logged(import_command(engine_exe, name), ilog, stdin=tar.stdout.fileno() if tar.stdout else None,
                         verbose=verbose)
        if tar.stdout:
            tar.stdout.close()
        tar_rc = tar.wait()
        if rc != 0 or tar_rc != 0:
            raise BuildFailed(f"importing the base failed (tar exit {tar_rc}, import exit {rc})", tail=log_tail(ilog))
    seconds = time.monotonic() - start
    say(f"images: base {name} built in {seconds:.1f} s ({human_size(image_size(engine_exe, name))})")
    return name, seconds


# ---------------------------------------------------------------------------------------------------------
# Command line


def add_images_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register ``images build`` and ``images base`` under an existing ``add_subparsers()`` object."""
    im = subparsers.add_parser("images", help="build the shared container images (agent, world, grader)")
    ims = im.add_subparsers(dest="command", required=True)
    b = ims.add_parser("build", help="build chibench-{agent,world,grader}:<version> from images/*.Dockerfile")
    b.add_argument("--engine", choices=ENGINES, help="container engine (default: docker if on PATH, else podman)")
    b.add_argument("--base", help=f"base image (default {DEFAULT_BASE}; offline: {OFFLINE_BASE})")
    b.add_argument("--only", help="comma-separated subset of: " + ",".join(IMAGES))
    b.add_argument("--tag", help="image tag (default: the installed chibench version)")
    b.add_argument("--registry", help="registry prefix of the qualified tag (default: $CHIBENCH_IMAGE_REGISTRY or "
                   "the placeholder in chibench.image_names)")
    b.add_argument("--wheel", help="the chibench wheel to install (default: built from the checkout; for a wheel "
                   "install, chibench==<version> from the package index)")
    b.add_argument("--pip-index-url", help="package index the builds' pip uses (default: the host pip's http(s) one)")
    b.add_argument("--pip-extra-index-url", help="extra package index(es) for the builds' pip, space-separated")
    ca = b.add_mutually_exclusive_group()
    ca.add_argument("--ca-bundle", help="CA bundle handed to pip as the build secret 'ca' (default: the host's)")
    ca.add_argument("--no-ca", action="store_true", help="pass no CA bundle")
    b.add_argument("--log-dir", help="where build logs go (default: a new temporary directory)")
    b.add_argument("--verbose", action="store_true", help="stream the engine's output")
    b.set_defaults(func=cmd_images)
    s = ims.add_parser("base", help="debootstrap an offline Debian bookworm base image and import it")
    s.add_argument("--engine", choices=ENGINES, default="podman")
    s.add_argument("--name", default=OFFLINE_BASE, help=f"image name (default {OFFLINE_BASE})")
    s.add_argument("--mirror", help="Debian mirror (default: from /etc/apt/sources.list(.d))")
    s.add_argument("--suite", default=DEFAULT_SUITE)
    s.add_argument("--force", action="store_true", help="rebuild even if the image exists")
    s.add_argument("--verbose", action="store_true")
    s.set_defaults(func=cmd_images)
    return im


def cmd_images(args: argparse.Namespace) -> int:
    try:
        if args.command == "build":
            only = parse_only(args.only)
            tag = validate_tag(args.tag) if args.tag else None
            bundle: Path | bool = False if args.no_ca else (Path(args.ca_bundle) if args.ca_bundle else True)
            if isinstance(bundle, Path) and not bundle.is_file():
                raise ImagesError(f"--ca-bundle {bundle}: no such file")
            wheel = Path(args.wheel).resolve() if args.wheel else None
            if wheel is not None and not wheel.is_file():
                raise ImagesError(f"--wheel {args.wheel}: no such file")
            build_args = None
            if args.pip_index_url or args.pip_extra_index_url:
                build_args = {k: v for k, v in (("CHIBENCH_PIP_INDEX_URL", args.pip_index_url),
                                                 ("CHIBENCH_PIP_EXTRA_INDEX_URL", args.pip_extra_index_url)) if v}
            built = build_images(
                engine=args.engine, base=args.base, only=only, tag=tag, wheel=wheel, registry=args.registry,
                ca_bundle=bundle, build_args=build_args,
                log_dir=Path(args.log_dir) if args.log_dir else None, verbose=args.verbose,
            )
            for image in built:
                print(f"{image.ref}\t{qualified_image_ref(image.name, tag or package_version(), args.registry)}\t"
                      f"{image.seconds:.1f} s\t{human_size(image.size_bytes)}")
            return 0
        if args.command == "base":
            name, seconds = build_base(engine=args.engine, name=args.name, mirror=args.mirror, suite=args.suite,
                                       force=args.force, verbose=args.verbose)
            print(f"{name}\t{'exists' if seconds is None else f'{seconds:.1f} s'}")
            return 0
        raise ImagesError(f"unknown images command {args.command!r}")
    except ImagesError as exc:
        print(f"chibench images: {exc}", file=sys.stderr)
        return 2
    except BuildFailed as exc:
        print(f"chibench images: {exc}", file=sys.stderr)
        if exc.tail:
            print(f"---- last {LOG_TAIL_LINES} lines ----\n{exc.tail}\n----", file=sys.stderr)
        return 1


def main_for_tests(argv: list[str] | None = None) -> int:
    """``chibench images …`` without the main CLI (``python -m chibench.images images build …``)."""
    parser = argparse.ArgumentParser(prog="chibench")
    sub = parser.add_subparsers(dest="group", required=True)
    add_images_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main_for_tests())
