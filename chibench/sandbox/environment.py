"""``SandboxEnvironment``: a Docker-free Harbor environment built on bubblewrap.

Use: ``harbor run -p packages -a oracle --env chibench.sandbox:SandboxEnvironment`` or, in a job YAML,
``environment: {import_path: "chibench.sandbox:SandboxEnvironment"}``. Options (``--ek key=value``):
``cache_dir`` (default ``$XDG_CACHE_HOME/chibench/sandbox``), ``uid_base`` (host uids of the agent,
world and grader users: base, base+1, base+2; default 1900000), ``sidecar_ready_timeout_sec``
(default 120), ``egress`` (``auto`` | ``on`` | ``off``; see below), ``limits`` (``auto`` | ``on`` |
``off``: enforce the task's ``cpus`` / ``memory_mb`` and a process cap on the main box with cgroups;
``auto`` warns and runs unlimited where cgroups are not writable), ``pids_limit`` (default 4096),
``model_api`` (the model API the agent's box may reach: ``http://127.0.0.1:8765/v1`` or ``host:port``,
comma-separated; default ``$CHIBENCH_SANDBOX_MODEL_API``; none by default), ``judge_api`` (the judge
API the grader's box may reach; default ``$CHIBENCH_SANDBOX_JUDGE_API``, else ``$CHIBENCH_JUDGE_API_BASE``),
``agent_clis`` (``auto`` | ``on`` | ``off``, default ``$CHIBENCH_SANDBOX_AGENT_CLIS`` or ``auto``: the
agent's box carries codex and claude at the pins of ``images/agent-cli.Dockerfile`` — an npm layer built
once (~1 min, ~800 MB) when the trial's agent is a Harbor installed agent, and used whenever it exists).

What one trial looks like (separate-mode grading, as every χ-Bench task is configured):

1. ``start``: ``[environment] docker_image`` (the shared agent image) or ``environment/Dockerfile`` (FROM
   ``chibench-agent:<v>``) → cached recipe tree + task layer →
   a per-trial overlay root; a private network namespace; each compose sidecar (``world``) started
   as its own sandbox on a fresh ``127.N.M.2`` with its ``--host`` rewritten to that address, awaited
   on ``GET /healthz``, and forwarded into the agent's namespace as ``world:<port>``.
2. ``exec``: ``bash -c COMMAND`` entered into the trial's persistent box (one bwrap per trial, as a
   container is one per trial), as the agent's unprivileged uid under the seccomp filter, with
   Harbor's cwd/env/timeout. A process one exec starts (a tmux server, a background job) lives on
   until the trial stops; a timeout kills the exec's process group. Files persist in the overlay.
3. ``stop_service("main")`` kills the box and everything in it; ``service_exec(..., service="world")``
   runs the collect hook in a sibling sandbox over the world's root; ``service_download_dir`` pulls
   ``/opt/chibench/export`` out of it.
4. ``stop``: sidecars killed, namespace dropped, overlay unmounted and (with Harbor's delete flag)
   removed.
5. The separate verifier is a second instance with ``tests/`` as its environment dir (FROM
   ``chibench-grader:<v>``): Harbor empties ``/logs/verifier`` (done host-side here), re-materialises
   the collected artifacts at their source paths (``/opt/chibench/export``) and runs ``/tests/test.sh``.

Kernel-shared state (``chibench.sandbox.seccomp``): every command runs under a seccomp filter in the
spirit of Docker's default profile — no keyring, no new namespaces (``unshare -Ur`` fails), no mounts,
no ptrace, no bpf/perf/userfaultfd/io_uring. ``/dev/shm``, SysV/POSIX IPC and abstract unix sockets
are per trial (the box's tmpfs, IPC and network namespaces); ``/tmp`` is the trial's overlay. What a box
can read about its mounts (``/proc/*/mountinfo``, pid 1's command line) names no host path: layers
are named by descriptor, ``/etc`` overrides live in the box's own root, Harbor's writable log dirs
are shown through an overlay (``rootfs.PassThrough``).

Isolation (what a sandbox sees): its own overlay root (image tree + task files + its writes), the
host's ``/usr`` and ``/etc`` read-only (``passwd``/``group``/``hosts``/``resolv.conf`` replaced),
Harbor's ``/logs/*`` mounts, ``/proc`` of its own pid namespace, a minimal ``/dev``. World and grader
additionally see the host's chibench install read-only (the interpreter's venv, its base python and,
for an editable install, the repository). Nothing else of the host: not ``/work``, not ``/root``, not
the cache, not another sandbox.

Network: ``main`` always lives in a private namespace whose only routes are the forwarders to its own
sidecars and, for an agent's box, to ``model_api`` / for a grader's box, to ``judge_api`` (served at the
same loopback address inside, so a base URL works unchanged; ``netns.parse_routes``). With ``network_mode = "public"`` (Harbor's default) and ``egress=auto`` it also
gets NAT'ed internet through slirp4netns (no host loopback); ``no-network`` gets none; ``allowlist``
is rejected (not enforceable here). Sidecars share the host's network (a live counterpart simulator
needs its model API), reachable by agents only through the forwarder.

Identity: every command runs as the role's host uid (agent 1900000, world +1, grader +2) with no
capabilities, whatever ``user`` Harbor asks for — there is no real root inside. The image tree is owned
by that uid, so "root-like" writes inside the sandbox work; installing system packages does not.

Files: the sidecar's output goes to ``<trial dir>/sidecar-<service>.log``; transfers in and out of a
sandbox run ``tar`` inside it (a link planted by the agent resolves within its own root), links that
leave a Harbor log mount are removed before Harbor reads it, and downloads skip absolute/escaping links.
``force_build`` rebuilds this trial's task layers privately (content keys make a stale cached layer
impossible); recipes follow ``images/<role>.Dockerfile`` (``chibench.sandbox.images``).

Resources: the main box — every exec and transfer of the agent's side, and the grader's box in its own
instance — runs in one cgroup with the task's ``cpus`` and ``memory_mb`` and at most ``pids_limit``
processes (``chibench.sandbox.cgroups``; under Harbor's own cgroup, v1 or v2). Sidecars are not limited.

Limits: storage requests are not enforced; Windows tasks and a ``docker_image`` other than the shared
agent image are rejected; needs root on the host (overlayfs mounts, network namespaces, bwrap binds);
installed agents whose setup runs a system package manager (``apt-get``, ``npm -g``…) are refused at
that command with a message naming the agent and a container environment to use (codex, claude-code and
terminus-2 find what they need: the CLI layer, and ripgrep/curl/tmux from the host's ``/usr``); concurrent agents share one host uid (separate pid/mount/net/ipc/uts namespaces;
the per-uid kernel keyring is closed by the seccomp filter; per-uid rlimits remain shared); with egress on, the agent can reach services
bound to the host's non-loopback addresses, as a container on a default bridge can.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shlex
import shutil
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from harbor.environments.base import (
    BaseEnvironment,
    EnvironmentPath,
    ExecResult,
    ServiceOperationsUnsupportedError,
    transfer_tar_filter,
)
from harbor.environments.capabilities import EnvironmentCapabilities
from harbor.models.task.config import NetworkMode, TaskOS
from harbor.models.trial.paths import TrialPaths

from chibench.sandbox import bwrap, cgroups, compose, images, netns, rootfs, seccomp
from chibench.sandbox.dockerfile import ImageSpec, Role, interpret, interpret_text

DEFAULT_UID_BASE = 1_900_000
ROLE_OFFSET: dict[Role, int] = {"agent": 0, "world": 1, "grader": 2}
# Appended to the box's /etc/profile (and images/agent.Dockerfile's /etc/profile.d/venv-path.sh): a login
# shell keeps the image's venv first on PATH, as the image's ENV PATH does for plain execs.
PROFILE_PATH_LINES = ('\n# chibench: the image venv (python3 with the MCP client, chibench-tools) first on PATH\n'
                      'if [ -d /opt/chibench/venv/bin ]; then PATH="/opt/chibench/venv/bin:$PATH"; export PATH; fi\n')
#: The world's port for an arena opponent's own endpoint and turn routes (never forwarded into the agent's box).
OPPONENT_PORT = 8001
ROLE_USER: dict[Role, str] = {"agent": "agent", "world": "world", "grader": "grader"}
MAIN = "main"
MODEL_API_ENV = "CHIBENCH_SANDBOX_MODEL_API"  # default of model_api
JUDGE_API_ENV = "CHIBENCH_SANDBOX_JUDGE_API"  # default of judge_api (else CHIBENCH_JUDGE_API_BASE)
AGENT_CLIS_ENV = "CHIBENCH_SANDBOX_AGENT_CLIS"  # default of agent_clis
_agent_clis_failed: str | None = None  # why the agent-CLI layer could not be built (auto: tried once per process)


class SandboxError(RuntimeError):
    """The sandbox could not start or a sidecar is not ready; the message says which and why."""


# host-setup warnings already given in this process (the same missing tool would repeat for every trial)
_WARNED: set[str] = set()


@dataclass(frozen=True)
class _Image:
    """A built image: recipe tree + optional task layer, and its configuration."""

    spec: ImageSpec
    recipe: images.Recipe
    layer: Path | None
    private_layer: bool
    extra: tuple[Path, ...] = ()  # shared layers below the recipe (the agent CLIs)

    @property
    def lowers(self) -> list[Path]:
        return [p for p in (self.layer, self.recipe.tree, *self.extra) if p is not None]

    @property
    def env(self) -> dict[str, str]:
        return dict(self.recipe.env) | dict(self.spec.env)

    @property
    def workdir(self) -> str:
        return self.spec.workdir or self.recipe.workdir


@dataclass
class _Box:
    """One running sandbox root (main or a sidecar) and how to enter it."""

    name: str
    image: _Image
    root: rootfs.TrialRoot
    spec: bwrap.SandboxSpec
    env: dict[str, str]
    workdir: str
    stopped: bool = False
    # the persistent box every command of this service is entered into (main); None: a one-off
    # sandbox per command (a sidecar's root)
    box: bwrap.Box | None = None


@dataclass
class _Sidecar(_Box):
    address: str = ""
    ports: list[int] = field(default_factory=list)
    process: asyncio.subprocess.Process | None = None
    log_path: Path | None = None
    forwarders: list[netns.Forwarder] = field(default_factory=list)
    spawned_at: float = 0.0


# What an installed agent's setup runs that can never work in a sandbox: system package managers need
# root and a writable /usr (the host's, read-only here), and so does `npm install -g` without nvm.
_SYSTEM_INSTALL = re.compile(
    r"\b(?:apt-get|apt|aptitude|yum|dnf|microdnf|apk|zypper|pacman)\s+(?:-\S+\s+)*(?:update|install|add|-S)\b"
    r"|\bnpm\s+(?:-\S+\s+)*(?:install|i|add)\b[^;&|]*\s(?:-g|--global)\b")
SANDBOX_AGENTS = "oracle, nop, codex, claude-code, terminus-2"


def _trial_agent() -> Any:
    """The agent of the Harbor trial whose ``start`` is running this call (None outside a trial)."""
    from harbor.agents.base import BaseAgent

    frame = sys._getframe(1)
    while frame is not None:
        agent = getattr(frame.f_locals.get("self"), "agent", None)
        if isinstance(agent, BaseAgent):
            return agent
        frame = frame.f_back  # type: ignore[assignment]  # None ends the loop
    return None


def _installing_agent() -> str | None:
    """The name of the Harbor installed agent whose ``install``/``setup`` is running this call, if any.

    Harbor gives an environment no handle on its agent; the awaiting coroutines are on the stack.
    """
    from harbor.agents.installed.base import BaseInstalledAgent

    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name in ("install", "setup", "ensure_system_dependencies"):
            agent = frame.f_locals.get("self")
            if isinstance(agent, BaseInstalledAgent):
                return str(agent.name())
        frame = frame.f_back  # type: ignore[assignment]  # None ends the loop
    return None


def _rewrite_host(argv: list[str], address: str) -> list[str]:
    """Point the sidecar's ``--host X``/``--host=X`` at its per-trial loopback address."""
    out: list[str] = []
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        if arg == "--host" and i + 1 < len(argv):
            out += ["--host", address]
            skip = True
        elif arg.startswith("--host="):
            out.append(f"--host={address}")
        else:
            out.append(arg)
    return out


def _port_from_argv(argv: Sequence[str]) -> int | None:
    for i, arg in enumerate(argv):
        if arg == "--port" and i + 1 < len(argv) and argv[i + 1].isdigit():
            return int(argv[i + 1])
        if arg.startswith("--port=") and arg[7:].isdigit():
            return int(arg[7:])
    return None


def _tail(path: Path | None, limit: int = 3000) -> str:
    if path is None or not path.exists():
        return "(no output)"
    data = path.read_bytes()[-limit:].decode(errors="replace").strip()
    return data or "(no output)"


def _host_owned_filter(member: tarfile.TarInfo, dest_path: str) -> tarfile.TarInfo | None:
    """Harbor's transfer filter, and files land owned by the host user (not the sandbox uid).

    A member the data filter refuses (a link to an absolute path or out of the target — what an agent
    would plant) is skipped instead of failing the whole download.
    """
    try:
        checked = transfer_tar_filter(member, dest_path)
    except tarfile.FilterError as exc:
        logging.getLogger(__name__).warning("download: skipped %s (%s)", member.name, exc)
        return None
    if checked is None:
        return None
    return checked.replace(uid=os.getuid(), gid=os.getgid(), uname="", gname="", deep=False)


class SandboxEnvironment(BaseEnvironment):
    """Harbor environment running each sandbox under bubblewrap (see the module docstring)."""

    def __init__(
        self,
        environment_dir: Path,
        environment_name: str,
        session_id: str,
        trial_paths: TrialPaths,
        task_env_config: Any,
        *args: Any,
        cache_dir: str | None = None,
        uid_base: int | str | None = None,
        sidecar_ready_timeout_sec: float | str | None = None,
        egress: str | None = None,
        limits: str | None = None,
        pids_limit: int | str | None = None,
        model_api: str | None = None,
        judge_api: str | None = None,
        agent_clis: str | None = None,
        handbook_variant: str | None = None,
        arena_opponent: str | None = None,
        arena_opponent_model: str | None = None,
        arena_opponent_api_base: str | None = None,
        arena_opponent_api_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        from chibench.handbook_variant import check_variant
        from chibench.package.arena_opponent import opponent_config

        # χ-Bench-Arena's opponent (chibench.package.arena_opponent): a bad setting or one this environment
        # cannot run is refused here, before the trial starts - never a silent scripted fallback
        opponent = opponent_config({"arena_opponent": arena_opponent, "arena_opponent_model": arena_opponent_model,
                                    "arena_opponent_api_base": arena_opponent_api_base,
                                    "arena_opponent_api_key": arena_opponent_api_key})
        self._opponent = opponent
        self._opponent_task: asyncio.Task[None] | None = None
        self._opponent_token = os.urandom(16).hex() if opponent.kind != "scripted" else ""

        # the paper's §4.5 trimming ablation: which handbook the agent's box gets (None: $CHIBENCH_HANDBOOK_VARIANT)
        self._handbook_variant = check_variant(handbook_variant)
        self._cache = Path(cache_dir).expanduser() if cache_dir else images.cache_root()
        self._uid_base = int(uid_base) if uid_base is not None else DEFAULT_UID_BASE
        self._ready_timeout = float(sidecar_ready_timeout_sec) if sidecar_ready_timeout_sec is not None else 120.0
        self._egress_mode = (egress or "auto").lower()
        if self._egress_mode not in ("auto", "on", "off"):
            raise ValueError(f"egress={egress!r}: expected auto, on or off")
        self._limits_mode = (limits or "auto").lower()
        if self._limits_mode not in ("auto", "on", "off"):
            raise ValueError(f"limits={limits!r}: expected auto, on or off")
        self._pids_limit = int(pids_limit) if pids_limit is not None else cgroups.DEFAULT_PIDS
        if self._pids_limit < 1:
            raise ValueError(f"pids_limit={pids_limit!r}: expected a positive number of processes")
        # the one host service each role's box may reach besides its sidecars (netns.parse_routes)
        self._routes: dict[Role, list[netns.Route]] = {
            "agent": netns.parse_routes(model_api if model_api is not None else os.environ.get(MODEL_API_ENV),
                                        setting="model_api"),
            "grader": netns.parse_routes(judge_api if judge_api is not None else os.environ.get(JUDGE_API_ENV),
                                         setting="judge_api"),
        }
        judge_base = os.environ.get("CHIBENCH_JUDGE_API_BASE")
        if judge_api is None and not os.environ.get(JUDGE_API_ENV) and judge_base:
            # the judge the verifier is configured with; one that cannot be routed is reported, not fatal
            # (the judge then fails in the grader, which makes the trial ungraded)
            try:
                self._routes["grader"] = netns.parse_routes(judge_base, setting="CHIBENCH_JUDGE_API_BASE")
            except ValueError as exc:
                logging.getLogger(__name__).warning(f"sandbox: no route to the judge: {exc}")
        self._route_forwarders: list[netns.Forwarder] = []
        self._agent_clis_mode = (agent_clis or os.environ.get(AGENT_CLIS_ENV) or "auto").lower()
        if self._agent_clis_mode not in ("auto", "on", "off"):
            raise ValueError(f"agent_clis={agent_clis!r}: expected auto, on or off")
        self._cgroup: cgroups.Group | None = None
        self._tools: dict[str, str] = {}
        self._main: _Box | None = None
        self._sidecars: dict[str, _Sidecar] = {}
        self._netns: netns.NetNamespace | None = None
        self._egress: netns.Egress | None = None
        self._running: set[asyncio.subprocess.Process] = set()
        self._private_layers: list[Path] = []
        self._pass_throughs: list[rootfs.PassThrough] = []
        self._warned_user = False
        # seconds per start phase (build_sec, <service>_ready_sec, start_sec) for benchmarks and logs
        self.timings: dict[str, float] = {}
        self._installed_agent = False  # the trial's agent is a Harbor installed agent (set by start)
        super().__init__(environment_dir, environment_name, session_id, trial_paths, task_env_config,
                         *args, **kwargs)

    # ------------------------------------------------------------------ Harbor's declarations

    @staticmethod
    def type() -> str:
        return "chibench-sandbox"

    @property
    def capabilities(self) -> EnvironmentCapabilities:
        return EnvironmentCapabilities(mounted=True, docker_compose=True, disable_internet=True)

    def _validate_definition(self) -> None:
        if self.task_env_config.os == TaskOS.WINDOWS:
            raise RuntimeError("the chibench sandbox runs Linux tasks only")
        image = self.task_env_config.docker_image
        if image:
            from chibench.image_names import parse_ref

            parsed = parse_ref(image)
            if parsed is None or parsed[0] != "agent":
                raise ValueError(
                    f"{self.environment_dir}: docker_image={image!r}: the sandbox runs only the shared agent "
                    "image, [<registry>/]chibench-agent:<version>")
            return
        if not (self.environment_dir / "Dockerfile").is_file():
            raise FileNotFoundError(f"{self.environment_dir / 'Dockerfile'}: the sandbox needs a Dockerfile here")

    @classmethod
    def preflight(cls) -> None:
        try:
            bwrap.require_tools()
        except OSError as exc:
            raise SystemExit(str(exc)) from exc
        if os.geteuid() != 0:
            raise SystemExit("the chibench sandbox environment needs root (overlay mounts, network namespaces)")

    # ------------------------------------------------------------------ building

    def _uid(self, role: Role) -> int:
        return self._uid_base + ROLE_OFFSET[role]

    def _build_image(self, dockerfile: Path, context: Path, force: bool) -> _Image:
        """Blocking: interpret the Dockerfile, ensure its recipe and its task layer."""
        spec = interpret(dockerfile, images.chibench_version())
        uid = self._uid(spec.role)
        recipe = images.ensure_recipe(spec.role, uid=uid, cache=self._cache, handbook_variant=self._handbook_variant)
        layer = images.build_layer(spec, context, uid=uid, cache=self._cache, force=force, source=str(dockerfile))
        if force and layer is not None:
            self._private_layers.append(layer)
        extra = self._agent_cli_layer() if spec.role == "agent" else ()
        return _Image(spec=spec, recipe=recipe, layer=layer, private_layer=force, extra=extra)

    def _build_main(self, force: bool) -> _Image:
        """Blocking: the main box from ``[environment] docker_image`` (a prebuilt shared agent image maps onto
        its local recipe; the package's Dockerfile is then only the container engines' fallback), else from
        ``environment/Dockerfile``."""
        image = self.task_env_config.docker_image
        if not image:
            return self._build_image(self.environment_dir / "Dockerfile", self.environment_dir, force)
        spec = interpret_text(f"FROM {image}\n", images.chibench_version(), source="task.toml docker_image")
        uid = self._uid(spec.role)
        recipe = images.ensure_recipe(spec.role, uid=uid, cache=self._cache, handbook_variant=self._handbook_variant)
        return _Image(spec=spec, recipe=recipe, layer=None, private_layer=force, extra=self._agent_cli_layer())

    def _agent_cli_layer(self) -> tuple[Path, ...]:
        """Blocking: the agent-CLI layer per ``agent_clis``. ``auto``: included when already built, and
        built (once; a warning and none when that fails) when the trial's agent is a Harbor installed
        agent; ``on``: always, a failure is an error; ``off``: never."""
        global _agent_clis_failed
        if self._agent_clis_mode == "off" or (self._agent_clis_mode == "auto" and _agent_clis_failed):
            return ()
        if self._agent_clis_mode == "auto" and not self._installed_agent:
            built = self._cache / "agent-cli" / images.agent_cli_key()
            return (built,) if images.host_node_version() and built.is_dir() else ()
        try:
            return (images.ensure_agent_clis(cache=self._cache),)
        except images.BuildError as exc:
            if self._agent_clis_mode == "on":
                raise
            _agent_clis_failed = str(exc)
            self.logger.warning(f"sandbox: no agent CLIs (codex, claude) in the agent's box: {exc}")
            return ()

    def _etc_files(self, root: rootfs.TrialRoot, role: Role, hosts: dict[str, str],
                   dns: str | None) -> list[bwrap.Bind]:
        """Per-sandbox /etc overrides: users (the role's uid has a name), hosts, and resolv.conf.

        They are written into the sandbox's own root (``<root>/etc``, hidden under the host's ``/etc``
        bind) and bound from there, so ``/proc/self/mountinfo`` names them by their path in the
        sandbox's file system (``/etc/passwd``) rather than by a host path.
        """
        etc = root.merged / "etc"
        etc.mkdir(exist_ok=True)
        uid = self._uid(role)
        name = ROLE_USER[role]
        files = {
            "passwd": ("root:x:0:0:root:/root:/bin/bash\n"
                       f"{name}:x:{uid}:{uid}:chibench {role} sandbox:/root:/bin/bash\n"
                       "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"),
            "group": f"root:x:0:\n{name}:x:{uid}:\nnogroup:x:65534:\n",
        }
        # Login shells (terminus-2's tmux panes, `bash -l`) run /etc/profile, which resets PATH on Debian and
        # would hide the image's venv — and with it `chibench-tools` and the python3 that runs it.
        host_profile = Path("/etc/profile")
        profile = host_profile.read_text(encoding="utf-8", errors="replace") if host_profile.is_file() else ""
        files["profile"] = profile + PROFILE_PATH_LINES
        if hosts:
            lines = ["127.0.0.1\tlocalhost", "::1\tlocalhost ip6-localhost ip6-loopback"]
            lines += [f"{address}\t{host}" for host, address in hosts.items()]
            files["hosts"] = "\n".join(lines) + "\n"
        if dns is not None:
            files["resolv.conf"] = dns
        binds = []
        for file, text in files.items():
            path = etc / file
            path.unlink(missing_ok=True)  # never write through a link a previous user of the root left
            path.write_text(text)
            os.chmod(path, 0o644)
            binds.append(bwrap.Bind(path, f"/etc/{file}"))
        return binds

    def _system_dirs(self) -> list[str]:
        return ["usr", *(name for name, kind in images.host_layout() if kind == "dir"), "etc"]

    def _harbor_binds(self) -> list[bwrap.Bind]:
        binds = []
        for mount in self._mounts:
            if mount.get("type", "bind") != "bind":
                raise SandboxError(f"mount {mount!r}: only bind mounts are supported in the sandbox")
            source = Path(mount["source"])
            source.mkdir(parents=True, exist_ok=True)
            binds.append(bwrap.Bind(source, mount["target"], read_only=bool(mount.get("read_only"))))
        return binds

    def _pass_through(self, root: rootfs.TrialRoot) -> list[bwrap.Bind]:
        """Harbor's mounts as the main box binds them: writable ones through a :class:`rootfs.PassThrough`
        (so the box's mount table does not name the trial directory), read-only ones directly."""
        binds = []
        for i, bind in enumerate(self._harbor_binds()):
            through = None if bind.read_only else rootfs.PassThrough.create(bind.source, root.run_dir, str(i))
            if through is None:
                binds.append(bind)
                continue
            self._pass_throughs.append(through)
            binds.append(bwrap.Bind(through.mount_point, bind.dest, read_only=False))
        return binds

    @staticmethod
    def _ensure_dir(merged: Path, path: str, uid: int) -> None:
        """mkdir -p ``path`` inside a root that no sandbox has run in yet (host-side is safe then)."""
        current = merged
        for part in PurePosixPath(path).parts[1:]:
            current = current / part
            if current.is_symlink():
                return  # an image link (e.g. /bin): the sandbox will resolve it itself
            if not current.exists():
                current.mkdir()
                os.chown(current, uid, uid)

    @classmethod
    def _mount_points(cls, merged: Path, binds: list[bwrap.Bind], uid: int) -> None:
        """Create bind destinations' directories up front: bwrap would make missing parents 0700 root,
        which the unprivileged sandbox user could not traverse (``/root/.pyenv/...``)."""
        for bind in binds:
            dest = PurePosixPath(bind.dest)
            cls._ensure_dir(merged, str(dest if bind.source.is_dir() else dest.parent), uid)

    # ------------------------------------------------------------------ lifecycle

    async def start(self, force_build: bool) -> None:
        """Build (cached), prepare the roots, start the sidecars and wait until they answer /healthz.

        Raises :class:`SandboxError` (sidecar not ready, with its output tail),
        :class:`chibench.sandbox.dockerfile.DockerfileError`, :class:`chibench.sandbox.compose.ComposeError`,
        :class:`chibench.sandbox.images.BuildError`.
        """
        t0 = time.perf_counter()
        try:
            self._tools = bwrap.require_tools()
        except OSError as exc:
            raise SandboxError(str(exc)) from exc
        if os.geteuid() != 0:
            raise SandboxError("the chibench sandbox environment needs root (overlay mounts, network namespaces)")
        try:
            seccomp.filter_bpf()
        except seccomp.SeccompUnavailable as exc:
            raise SandboxError(str(exc)) from exc
        await asyncio.to_thread(rootfs.collect_stale, self._cache)
        from harbor.agents.installed.base import BaseInstalledAgent

        self._installed_agent = isinstance(_trial_agent(), BaseInstalledAgent)

        compose_paths = [p for p in [self.environment_dir / "docker-compose.yaml"] if p.is_file()]
        compose_paths += self.extra_docker_compose_paths
        spec = compose.load(compose_paths) if compose_paths else compose.ComposeSpec((), {})

        main_image = await asyncio.to_thread(self._build_main, force_build)
        side_images = {
            svc.name: await asyncio.to_thread(self._build_image, svc.dockerfile, svc.context, force_build)
            for svc in spec.services
        }
        self.timings["build_sec"] = time.perf_counter() - t0

        try:
            # sidecars first: their readiness is the long pole, main's preparation overlaps with it
            for svc in spec.services:
                await self._start_sidecar(svc, side_images[svc.name])
            await self._prepare_main(main_image, spec.main_environment)
            t_ready = time.perf_counter()
            await asyncio.gather(*(self._await_ready(s) for s in self._sidecars.values()))
            for sidecar in self._sidecars.values():
                await self._forward(sidecar)
            self.timings["sidecar_wait_sec"] = time.perf_counter() - t_ready
            await self._start_opponent()
        except BaseException:
            await self._teardown(delete=True)
            raise
        self.timings["start_sec"] = time.perf_counter() - t0
        self.logger.debug("sandbox %s started: %s", self.session_id,
                          ", ".join(f"{k}={v:.2f}s" for k, v in self.timings.items()))

    async def _start_opponent(self) -> None:
        """χ-Bench-Arena with an external opponent: its agent runs here on the host (its model API is called from
        here, as the reference agent's is) against only its own role's endpoint, served by the world on
        :data:`OPPONENT_PORT`, which is never forwarded into the agent's box. Its opening turn (it opens the order)
        is played before the agent under test starts; later turns as the world hands them over."""
        world = next((s for s in self._sidecars.values() if self._opponent_token and s.name == "world"), None)
        if world is None:
            return
        import json as _json

        from chibench.package import arena
        from chibench.package.arena_opponent import TurnRunner

        task = str(_json.loads((self.environment_dir / "world" / "task.json").read_text())["task"])
        service = task.removeprefix("arena.").rpartition(".")[0]
        try:
            src = arena.load_source(arena.ARENA_ROOT / f"{service}.arena.yaml")
        except arena.ArenaError as exc:
            raise SandboxError(f"arena_opponent={self._opponent.kind}: {task} needs its arena source "
                               f"({exc}); run from a chibench checkout") from None
        url = f"http://{world.address}:{OPPONENT_PORT}"
        runner = TurnRunner(self._opponent, url, self._opponent_token,
                            lambda side: arena.opponent_instruction(src, side),
                            self.trial_paths.trial_dir / "opponent")
        deadline = time.monotonic() + self._ready_timeout
        while True:
            try:
                await runner.opening()
                break
            except Exception as exc:  # the opponent endpoint may come up just after the agent's
                if time.monotonic() > deadline:
                    raise SandboxError(f"the arena opponent's endpoint {url} did not answer: {exc}") from exc
                await asyncio.sleep(0.5)
        self._opponent_task = asyncio.create_task(runner.serve_turns())

    async def _prepare_main(self, image: _Image, compose_env: dict[str, str]) -> None:
        role = image.spec.role
        uid = self._uid(role)
        root = await asyncio.to_thread(
            rootfs.TrialRoot.create, self._cache, f"{self.session_id}-{MAIN}", image.lowers, uid)
        workdir = self.task_env_config.workdir or image.workdir
        self._ensure_dir(root.merged, workdir, uid)
        self._netns = await asyncio.to_thread(netns.NetNamespace.create)
        dns = "# no DNS: this sandbox reaches only its own sidecars\n"
        if await self._maybe_egress(root.run_dir):
            dns = f"nameserver {netns.Egress.NAMESERVER}\n"
        hosts = {name: s.address for name, s in self._sidecars.items()}
        routes = self._routes.get(role, [])
        hosts.update({r.name: r.inside[0] for r in routes if r.name})
        namespace = self._netns
        for route in routes:
            listener = await asyncio.to_thread(namespace.listen, *route.inside)
            forwarder = netns.Forwarder(listener, route.target)
            await forwarder.start()
            self._route_forwarders.append(forwarder)
        hosts.setdefault(MAIN, "127.0.1.1")
        binds = self._etc_files(root, role, hosts, dns) + await asyncio.to_thread(self._pass_through, root)
        binds += [bwrap.Bind(b.source, b.dest) for b in image.recipe.host_binds]
        self._mount_points(root.merged, binds, uid)
        self._cgroup = await self._limit(f"{self.session_id}-{MAIN}")
        box_spec = bwrap.SandboxSpec(root=root.merged, uid=uid, hostname=MAIN, binds=binds,
                                     system_dirs=self._system_dirs(), netns_fd=self._netns.fd, cgroup=self._cgroup)
        env = image.env | compose_env
        self._main = _Box(name=MAIN, image=image, root=root, spec=box_spec, env=env, workdir=workdir)
        try:
            self._main.box = await bwrap.start_box(box_spec, env={"PATH": "/usr/bin:/bin"}, tools=self._tools,
                                                   log_path=root.run_dir / "box.log")
        except bwrap.BoxError as exc:
            raise SandboxError(str(exc)) from exc

    async def _limit(self, name: str) -> cgroups.Group | None:
        """The main box's cgroup with the task's cpus / memory_mb and the process cap (``limits=auto``:
        without cgroup support, a warning and no limits; ``on``: an error; ``off``: no limits)."""
        if self._limits_mode == "off":
            return None
        limits = cgroups.Limits.from_task(self.task_env_config, pids=self._pids_limit)
        try:
            return await asyncio.to_thread(cgroups.create, name, limits)
        except cgroups.CgroupUnavailable as exc:
            if self._limits_mode == "on":
                raise SandboxError(f"limits=on but {exc}") from exc
            self.logger.warning(f"sandbox: cpus/memory_mb/pids not enforced: {exc}")
            return None

    async def _maybe_egress(self, run_dir: Path) -> bool:
        wanted = self._network_policy.network_mode == NetworkMode.PUBLIC and self._egress_mode != "off"
        if not wanted:
            return False
        if not netns.Egress.available():
            message = "network_mode=public but slirp4netns (or /dev/net/tun) is missing: the sandbox has no egress"
            if self._egress_mode == "on":
                raise SandboxError(message)
            if message not in _WARNED:  # once per process, not once per trial
                _WARNED.add(message)
                self.logger.warning(message + " (said once; install slirp4netns for egress)")
            return False
        assert self._netns is not None
        self._egress = netns.Egress()
        await self._egress.start(self._netns, str(run_dir / "slirp4netns.log"))
        return True

    async def _start_sidecar(self, svc: compose.ServiceSpec, image: _Image) -> _Sidecar:
        entrypoint = list(svc.entrypoint if svc.entrypoint is not None else image.spec.entrypoint or ())
        command = list(svc.command if svc.command is not None else image.spec.cmd or ())
        argv = entrypoint + command
        if not argv:
            raise SandboxError(f"service {svc.name}: no command (compose command:, or the Dockerfile's CMD)")
        ports: list[int] = []
        for port in [_port_from_argv(argv), *svc.ports, *image.spec.expose]:
            if port is not None and port not in ports:
                ports.append(port)
        if not ports:
            raise SandboxError(f"service {svc.name}: cannot tell its port (give --port, expose: or EXPOSE)")
        address = netns.allocate_address(ports[0], self._cache / "locks")
        try:
            return await self._spawn_sidecar(svc, image, argv, address, ports)
        except BaseException:
            netns.release_address(address)
            raise

    async def _spawn_sidecar(self, svc: compose.ServiceSpec, image: _Image, argv: list[str], address: str,
                             ports: list[int]) -> _Sidecar:
        role = image.spec.role
        uid = self._uid(role)
        root = await asyncio.to_thread(
            rootfs.TrialRoot.create, self._cache, f"{self.session_id}-{svc.name}", image.lowers, uid)
        workdir = svc.working_dir or image.workdir
        self._ensure_dir(root.merged, workdir, uid)
        binds = self._etc_files(root, role, {}, None)
        binds += [bwrap.Bind(b.source, b.dest) for b in image.recipe.host_binds]
        self._mount_points(root.merged, binds, uid)
        box_spec = bwrap.SandboxSpec(root=root.merged, uid=uid, hostname=svc.name, binds=binds,
                                     system_dirs=self._system_dirs(), netns_fd=None)
        env = image.env | svc.environment
        if self._opponent_token and "serve-task" in argv:  # the arena opponent's endpoint: a port main never sees
            argv = [*argv, "--arena-opponent-port", str(OPPONENT_PORT)]
            env = env | {"CHIBENCH_ARENA_TURN_TOKEN": self._opponent_token,
                         "CHIBENCH_ARENA_TURN_TIMEOUT_SEC": str(self._opponent.turn_timeout_sec)}
        log_path = self.trial_paths.trial_dir / f"sidecar-{svc.name}.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        sidecar = _Sidecar(name=svc.name, image=image, root=root, spec=box_spec, env=env, workdir=workdir,
                           address=address, ports=ports, log_path=log_path)
        self._sidecars[svc.name] = sidecar  # registered before it runs: a failed start still tears it down
        argv = _rewrite_host(argv, address)
        sidecar.spawned_at = time.perf_counter()
        filter_fd = seccomp.filter_fd()
        try:
            sidecar.process = await bwrap.spawn(
                bwrap.build_argv(box_spec, argv, cwd=workdir, tools=self._tools, seccomp_fd=filter_fd),
                env=env, fds=bwrap.pass_fds(box_spec, filter_fd), log_path=log_path)
        finally:
            os.close(filter_fd)
        return sidecar

    async def _await_ready(self, sidecar: _Sidecar) -> None:
        """Poll ``GET /healthz`` on the sidecar's first port until 200 (or it exits, or time runs out)."""
        deadline = time.monotonic() + self._ready_timeout
        port = sidecar.ports[0]
        last = "no answer yet"
        while True:
            proc = sidecar.process
            if proc is not None and proc.returncode is not None:
                raise SandboxError(
                    f"service {sidecar.name} exited with code {proc.returncode} before it was ready "
                    f"(log {sidecar.log_path}):\n{_tail(sidecar.log_path)}")
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(sidecar.address, port), 2)
                try:
                    writer.write(f"GET /healthz HTTP/1.0\r\nHost: {sidecar.name}:{port}\r\n\r\n".encode())
                    await writer.drain()
                    status = await asyncio.wait_for(reader.readline(), 5)
                finally:
                    writer.close()
                parts = status.decode(errors="replace").split()
                if len(parts) >= 2 and parts[1] == "200":
                    self.timings[f"{sidecar.name}_ready_sec"] = time.perf_counter() - sidecar.spawned_at
                    return
                last = f"GET /healthz answered {status.decode(errors='replace').strip()!r}"
            except (OSError, TimeoutError) as exc:
                last = f"{type(exc).__name__}: {exc}"
            if time.monotonic() > deadline:
                raise SandboxError(
                    f"service {sidecar.name} not ready on {sidecar.address}:{port} after {self._ready_timeout:.0f}s "
                    f"({last}; log {sidecar.log_path}):\n{_tail(sidecar.log_path)}")
            await asyncio.sleep(0.05)

    async def _forward(self, sidecar: _Sidecar) -> None:
        assert self._netns is not None
        for port in sidecar.ports:
            listener = await asyncio.to_thread(self._netns.listen, sidecar.address, port)
            forwarder = netns.Forwarder(listener, (sidecar.address, port))
            await forwarder.start()
            sidecar.forwarders.append(forwarder)

    async def _kill_box(self) -> None:
        """End the main box: the kernel then kills every process in it (what a container stop does)."""
        if self._main is not None and self._main.box is not None:
            box, self._main.box = self._main.box, None
            await bwrap.end_box(box)

    async def _kill_execs(self) -> None:
        for proc in list(self._running):
            await bwrap.terminate(proc)
        self._running.clear()

    async def _teardown(self, *, delete: bool) -> None:
        """Stop everything this instance started; every step runs even if an earlier one fails."""
        steps: list[tuple[str, Any]] = [("execs", self._kill_execs()), ("main box", self._kill_box())]
        for sidecar in self._sidecars.values():
            steps.append((f"{sidecar.name} forwarders", self._close_forwarders(sidecar)))
            if sidecar.process is not None:
                steps.append((f"{sidecar.name} process", bwrap.terminate(sidecar.process)))
        for forwarder in self._route_forwarders:
            steps.append(("route", forwarder.close()))
        if self._egress is not None:
            steps.append(("egress", self._egress.stop()))
        for what, coro in steps:
            try:
                await coro
            except Exception as exc:
                self.logger.warning(f"sandbox stop: {what}: {exc}")
        self._egress = None
        self._route_forwarders.clear()
        if self._cgroup is not None:
            try:
                await asyncio.to_thread(self._cgroup.remove)
                self._cgroup = None
            except OSError as exc:
                self.logger.warning(f"sandbox stop: cgroup: {exc}")
        if self._netns is not None:
            self._netns.close()
            self._netns = None
        for through in self._pass_throughs:
            try:
                await asyncio.to_thread(through.destroy)
            except Exception as exc:
                self.logger.warning(f"sandbox stop: {through.upper}: {exc}")
        self._pass_throughs.clear()
        with contextlib.suppress(Exception):
            await self.prepare_logs_for_host()
        boxes: list[_Box] = [*self._sidecars.values(), *([self._main] if self._main else [])]
        for box in boxes:
            try:
                await asyncio.to_thread(box.root.destroy, delete=delete)
            except Exception as exc:
                self.logger.warning(f"sandbox stop: {box.name} root: {exc}")
            box.stopped = True
        for sidecar in self._sidecars.values():
            netns.release_address(sidecar.address)
        for layer in self._private_layers:
            shutil.rmtree(layer, ignore_errors=True)
        self._private_layers.clear()

    @staticmethod
    async def _close_forwarders(sidecar: _Sidecar) -> None:
        for forwarder in sidecar.forwarders:
            await forwarder.close()
        sidecar.forwarders.clear()

    async def stop(self, delete: bool) -> None:
        """Kill every sandbox process, unmount, and remove the trial's files when ``delete``."""
        if self._opponent_task is not None:
            self._opponent_task.cancel()
            with contextlib.suppress(BaseException):
                await self._opponent_task
            self._opponent_task = None
        await self._teardown(delete=delete)

    async def stop_service(self, service: str) -> None:
        """``main``: kill the running execs and refuse further ones; a sidecar: kill it."""
        if self.is_main_service(service):
            if self._main is not None:
                self._main.stopped = True
            await self._kill_execs()
            await self._kill_box()
            return
        sidecar = self._sidecar(service)
        await self._close_forwarders(sidecar)
        if sidecar.process is not None:
            await bwrap.terminate(sidecar.process)

    async def prepare_logs_for_host(self) -> None:
        """Hand Harbor's mounted log dirs back to the host user and drop links that leave them.

        A sandbox could leave ``/logs/agent/trajectory.json -> /etc/shadow``; Harbor reads these dirs
        as the host user, so links pointing outside their mount are removed before it does.
        """
        for bind in self._harbor_binds():
            if bind.read_only:
                continue
            await asyncio.to_thread(self._sanitize_host_dir, bind.source)

    def _sanitize_host_dir(self, root: Path) -> None:
        real_root = root.resolve()
        uid, gid = os.getuid(), os.getgid()
        for dirpath, dirnames, filenames in os.walk(root):
            for name in dirnames + filenames:
                path = Path(dirpath) / name
                if path.is_symlink():
                    target = Path(dirpath, os.readlink(path))
                    if os.path.isabs(os.readlink(path)) or not target.resolve().is_relative_to(real_root):
                        self.logger.warning(f"removed link {path} -> {os.readlink(path)}: it leaves {root}")
                        path.unlink()
                        continue
                with contextlib.suppress(OSError):
                    os.lchown(path, uid, gid)

    # ------------------------------------------------------------------ exec

    def _box(self, service: str | None) -> _Box:
        box: _Box | None = self._main if self.is_main_service(service) else self._sidecar(service or MAIN)
        if box is None:
            raise SandboxError("the sandbox is not started")
        if box.stopped:
            raise SandboxError(f"service {box.name} has been stopped")
        return box

    def _sidecar(self, service: str) -> _Sidecar:
        sidecar = self._sidecars.get(service)
        if sidecar is None:
            raise ServiceOperationsUnsupportedError(
                f"no service {service!r} in this sandbox (services: {MAIN}, {', '.join(self._sidecars) or '-'})")
        return sidecar

    def _argv(self, box: _Box, command: list[str], *, cwd: str, filter_fd: int) -> list[str]:
        """How to run ``command`` in ``box``: entered into its persistent box, or a one-off sandbox."""
        if box.box is not None:
            return bwrap.enter_argv(box.spec, box.box.pid, command, cwd=cwd, tools=self._tools, seccomp_fd=filter_fd)
        return bwrap.build_argv(box.spec, command, cwd=cwd, tools=self._tools, seccomp_fd=filter_fd)

    async def _run(self, box: _Box, command: list[str], *, cwd: str | None, env: dict[str, str],
                   timeout_sec: float | None, stdin: Any = None, stream: bool = False) -> bwrap.Completed:
        filter_fd = seccomp.filter_fd()
        try:
            argv = self._argv(box, command, cwd=cwd or box.workdir, filter_fd=filter_fd)
            return await bwrap.run(argv, env=env, fds=bwrap.pass_fds(box.spec, filter_fd), timeout_sec=timeout_sec,
                                   stdin=stdin, on_output=self._output_callback() if stream else None,
                                   registry=self._running)
        finally:
            os.close(filter_fd)

    def _note_user(self, user: str | int | None) -> None:
        if user not in (None, "root", 0, "0") and not self._warned_user:
            self._warned_user = True
            self.logger.debug(f"sandbox: user={user!r} requested; every command runs as the sandbox user")

    async def exec(
        self,
        command: str,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        timeout_sec: int | None = None,
        user: str | int | None = None,
    ) -> ExecResult:
        """``bash -c command`` in the main sandbox. A timeout kills the sandbox and returns code 124.

        Raises :class:`SandboxError` when an installed agent's setup asks for a system package install,
        which cannot work here: the trial then fails at setup with a message naming the agent and what
        to use instead, rather than running an agent that is not there.
        """
        box = self._box(MAIN)
        if _SYSTEM_INSTALL.search(command) and "nvm" not in command:
            agent = _installing_agent()
            if agent is not None:
                raise SandboxError(
                    f"the {agent} agent installs system packages at setup ({command.strip()[:120]!r}), which the "
                    "chibench sandbox cannot do (no root; the host's /usr is read-only). Run it with a container "
                    f"environment (-e docker or -e podman, FROM chibench-agent-cli), or use an agent the sandbox "
                    f"carries: {SANDBOX_AGENTS}.")
        self._note_user(self._resolve_user(user))
        merged = box.env | (self._merge_env(env) or {})
        result = await self._run(box, [self._tools["bash"], "-c", command],
                                 cwd=cwd or self.task_env_config.workdir, env=merged,
                                 timeout_sec=timeout_sec, stream=True)
        return ExecResult(stdout=result.stdout, stderr=result.stderr, return_code=result.returncode)

    async def service_exec(
        self,
        command: str,
        *,
        service: str | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        timeout_sec: int | None = None,
        user: str | int | None = None,
    ) -> ExecResult:
        """Run ``sh -c command`` in a service: main as :meth:`exec`; a sidecar in a sibling sandbox over
        its root, with its environment (as ``docker compose exec`` would)."""
        if self.is_main_service(service):
            return await self.exec(command, cwd=cwd, env=env, timeout_sec=timeout_sec, user=user)
        box = self._box(service)
        result = await self._run(box, ["/bin/sh", "-c", command], cwd=cwd, env=box.env | (env or {}),
                                 timeout_sec=timeout_sec)
        return ExecResult(stdout=result.stdout, stderr=result.stderr, return_code=result.returncode)

    # ------------------------------------------------------------------ files (tar through the sandbox)
    # Copies run *inside* the target sandbox (tar as the sandbox user), so a link planted by an agent
    # resolves within its own root and can never make the host read or write outside it.

    async def _tar_into(self, box: _Box, build: Any, target_dir: str) -> None:
        with tempfile.TemporaryFile() as archive:
            await asyncio.to_thread(build, archive)
            archive.seek(0)
            script = f"mkdir -p -- {shlex.quote(target_dir)} && tar -x -p -f - -C {shlex.quote(target_dir)}"
            result = await self._run(box, [self._tools["bash"], "-c", script], cwd="/", env=box.env,
                                     timeout_sec=600, stdin=archive)
        if result.returncode != 0:
            raise RuntimeError(f"upload into {box.name}:{target_dir} failed: {result.stderr or result.stdout}")

    async def _tar_out(self, box: _Box, parent: str, member: str) -> Path:
        """Archive ``parent/member`` inside ``box`` into a host temp file (caller deletes it)."""
        fd, name = tempfile.mkstemp(suffix=".tar")
        os.close(fd)
        script = f"exec tar -c -f - -C {shlex.quote(parent)} -- {shlex.quote(member)}"
        filter_fd = seccomp.filter_fd()
        with open(name, "wb") as out:
            try:
                argv = self._argv(box, [self._tools["bash"], "-c", script], cwd="/", filter_fd=filter_fd)
                proc = await asyncio.create_subprocess_exec(
                    *argv, env=box.env, pass_fds=bwrap.pass_fds(box.spec, filter_fd), start_new_session=True,
                    stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=asyncio.subprocess.PIPE)
            finally:
                os.close(filter_fd)
            self._running.add(proc)
            try:
                _, err = await asyncio.wait_for(proc.communicate(), 600)
            finally:
                await asyncio.shield(bwrap.terminate(proc))
                self._running.discard(proc)
        if proc.returncode != 0:
            os.unlink(name)
            raise RuntimeError(f"download of {box.name}:{parent}/{member} failed: {err.decode(errors='replace')}")
        return Path(name)

    async def _upload_dir(self, box: _Box, source_dir: Path | str, target_dir: str) -> None:
        source = Path(source_dir)

        def build(archive: Any) -> None:
            with tarfile.open(fileobj=archive, mode="w") as tar:
                for child in sorted(source.iterdir()):
                    tar.add(child, arcname=child.name)

        await self._tar_into(box, build, target_dir)

    async def _upload_file(self, box: _Box, source_path: Path | str, target_path: str) -> None:
        target = PurePosixPath(target_path)

        def build(archive: Any) -> None:
            with tarfile.open(fileobj=archive, mode="w") as tar:
                tar.add(str(source_path), arcname=target.name)

        await self._tar_into(box, build, str(target.parent))

    async def _download_dir(self, box: _Box, source_dir: str, target_dir: Path | str) -> None:
        archive = await self._tar_out(box, source_dir, ".")
        try:
            target = Path(target_dir)
            target.mkdir(parents=True, exist_ok=True)

            def extract() -> None:
                with tarfile.open(archive) as tar:
                    tar.extractall(target, filter=_host_owned_filter)

            await asyncio.to_thread(extract)
        finally:
            archive.unlink(missing_ok=True)

    async def _download_file(self, box: _Box, source_path: str, target_path: Path | str) -> None:
        source = PurePosixPath(source_path)
        archive = await self._tar_out(box, str(source.parent), source.name)
        try:
            def extract() -> None:
                with tarfile.open(archive) as tar:
                    member = tar.next()
                    if member is None or not member.isfile():
                        raise RuntimeError(f"{box.name}:{source_path} is not a regular file")
                    data = tar.extractfile(member)
                    assert data is not None
                    target = Path(target_path)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with target.open("wb") as out:
                        shutil.copyfileobj(data, out)

            await asyncio.to_thread(extract)
        finally:
            archive.unlink(missing_ok=True)

    async def upload_file(self, source_path: Path | str, target_path: str) -> None:
        await self._upload_file(self._box(MAIN), source_path, target_path)

    async def upload_dir(self, source_dir: Path | str, target_dir: str) -> None:
        await self._upload_dir(self._box(MAIN), source_dir, target_dir)

    async def download_file(self, source_path: str, target_path: Path | str) -> None:
        await self._download_file(self._box(MAIN), source_path, target_path)

    async def download_dir(self, source_dir: str, target_dir: Path | str) -> None:
        await self._download_dir(self._box(MAIN), source_dir, target_dir)

    async def service_download_file(self, source_path: str, target_path: Path | str, *,
                                    service: str | None = None) -> None:
        await self._download_file(self._box(service), source_path, target_path)

    async def service_download_dir(self, source_dir: str, target_dir: Path | str, *,
                                   service: str | None = None) -> None:
        await self._download_dir(self._box(service), source_dir, target_dir)

    # ------------------------------------------------------------------ Harbor's directory helpers
    # Harbor empties /logs/verifier before grading. Those are host directories bound in, possibly
    # holding what an agent planted (files of another uid, odd modes): clear them host-side.

    def _mounted_host_dir(self, path: EnvironmentPath) -> Path | None:
        """The host directory bound exactly at ``path`` (writable Harbor mounts only), else None."""
        text = str(PurePosixPath(str(path)))
        for bind in self._harbor_binds():
            if not bind.read_only and bind.dest.rstrip("/") == text:
                return bind.source
        return None

    async def empty_dirs(self, dirs: Sequence[EnvironmentPath], *, chmod: bool = True) -> ExecResult | None:
        if not dirs:
            return None
        inside = []
        for path in dirs:
            host = self._mounted_host_dir(path)
            if host is None:
                inside.append(path)
                continue
            for child in list(host.iterdir()):
                if child.is_dir() and not child.is_symlink():
                    await asyncio.to_thread(shutil.rmtree, child)
                else:
                    child.unlink()
            if chmod:
                host.chmod(0o777)
        if inside:
            return await super().empty_dirs(inside, chmod=chmod)
        return ExecResult(return_code=0)

    async def ensure_dirs(self, dirs: Sequence[EnvironmentPath], *, chmod: bool = True) -> ExecResult | None:
        if not dirs:
            return None
        inside = []
        for path in dirs:
            host = self._mounted_host_dir(path)
            if host is None:
                inside.append(path)
            elif chmod:
                host.chmod(0o777)
        if inside:
            return await super().ensure_dirs(inside, chmod=chmod)
        return ExecResult(return_code=0)
