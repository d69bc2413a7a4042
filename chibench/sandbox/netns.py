"""Networking for sandboxes: a private network namespace per trial, the agent's only path to its own
world, and optional egress.

Layout of one trial::

    host netns                           trial netns (agent sandbox; lo only)
    world sidecar  127.N.M.2:8000  <---  forwarder in the Harbor process  <---  127.N.M.2:8000 (listener)
                                                                             /etc/hosts: 127.N.M.2 world
                                         slirp4netns (optional) ---> tap0 10.0.2.100, default route

* The namespace is created by ``unshare(CLONE_NEWNET)`` in a throwaway thread and kept only as a file
  descriptor (no ``/run/netns`` name to leak when a process crashes); sandboxes join it with
  ``nsenter --net=/proc/self/fd/<fd>``.
* The listener is a socket created *inside* the namespace (again from a throwaway thread that
  ``setns``-es there — never a pool thread, whose namespace would stay switched), served by an asyncio
  forwarder running in the host namespace. So the agent reaches exactly ``world:<port>`` and nothing
  else of the host; the world keeps the host's network (a live counterpart simulator needs egress).
* The sidecar's address is a random ``127.N.M.2`` (N 16-31) probed free and flock-reserved host-wide, so concurrent trials never
  share one, and FastMCP's DNS-rebinding guard (armed only for 127.0.0.1/localhost) stays off.
* Egress (``network_mode = "public"``) is ``slirp4netns --disable-host-loopback`` in its own sandbox
  + seccomp: the agent can reach the internet but not the host's loopback services.

* Routes (``parse_routes``): a model API for the agent, a judge API for the grader — one ``host:port``
  of the host's network each, forwarded like a sidecar. A loopback address is served at the same
  address inside (so ``OPENAI_BASE_URL=http://127.0.0.1:8765/v1`` works unchanged in the box); a host
  name gets a loopback address of its own inside and an ``/etc/hosts`` line. Nothing else of the host
  is reachable.

Errors: ``OSError`` from the kernel calls; :class:`EgressError` when slirp4netns fails to come up;
``ValueError`` (from ``parse_routes``) for an address that cannot be routed, saying what is allowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import fcntl
import os
import random
import shutil
import signal
import socket
import struct
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
CLONE_NEWNET = 0x40000000
_SIOCGIFFLAGS = 0x8913
_SIOCSIFFLAGS = 0x8914
_IFF_UP = 0x1
_libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
_allocated: dict[str, int] = {}  # address -> fd of its host-wide flock
_alloc_lock = threading.Lock()


class EgressError(RuntimeError):
    """slirp4netns did not come up; the message carries its stderr."""


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _in_fresh_thread(fn: Callable[[], T]) -> T:
    """Run ``fn`` in a new thread that ends afterwards (namespace switches must not outlive ``fn``)."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # re-raised in the caller
            box["error"] = exc

    thread = threading.Thread(target=run, name="chibench-netns", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]  # type: ignore[misc]  # always a BaseException, stored above
    return box["value"]  # type: ignore[return-value]  # set by fn's return above


def _loopback_up() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        req = struct.pack("16sH22x", b"lo", 0)
        flags = struct.unpack("16sH22x", fcntl.ioctl(sock, _SIOCGIFFLAGS, req))[1]
        fcntl.ioctl(sock, _SIOCSIFFLAGS, struct.pack("16sH22x", b"lo", flags | _IFF_UP))


class NetNamespace:
    """A private network namespace held by a file descriptor (loopback up, nothing else).

    ``nsenter_path`` is the path a child process given ``pass_fds=(ns.fd,)`` uses to join it.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def create(cls) -> NetNamespace:
        """Create the namespace (needs CAP_SYS_ADMIN). Raises ``OSError``."""

        def make() -> int:
            _check(_libc.unshare(CLONE_NEWNET), "unshare(CLONE_NEWNET)")
            fd = os.open("/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC)
            _loopback_up()
            return fd

        return cls(_in_fresh_thread(make))

    @property
    def nsenter_path(self) -> str:
        return f"/proc/self/fd/{self.fd}"

    def listen(self, address: str, port: int) -> socket.socket:
        """A non-blocking TCP listener on ``address:port`` inside this namespace."""

        def make() -> socket.socket:
            _check(_libc.setns(self.fd, CLONE_NEWNET), "setns(net)")
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((address, port))
            sock.listen(128)
            sock.setblocking(False)
            return sock

        return _in_fresh_thread(make)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)
        self.fd = -1


def allocate_address(port: int, lock_dir: Path) -> str:
    """A free ``127.N.M.2`` on the host for a sidecar listening on ``port``, reserved until released.

    Random, probed by binding, and reserved host-wide by an flock on ``lock_dir/addr-<address>`` held
    until :func:`release_address` (or the process's death), so concurrent trials in other Harbor
    processes never pick the same address between the probe and the sidecar's own bind.
    """
    rng = random.SystemRandom()
    lock_dir.mkdir(parents=True, exist_ok=True)
    with _alloc_lock:
        for _ in range(200):
            # 4096 candidates: plenty for concurrent trials, and a bounded number of lock files
            address = f"127.{rng.randint(16, 31)}.{rng.randint(0, 255)}.2"
            if address in _allocated:
                continue
            fd = os.open(lock_dir / f"addr-{address}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
                try:
                    probe.bind((address, port))
                except OSError:
                    os.close(fd)
                    continue
            _allocated[address] = fd
            return address
    raise OSError("no free 127.N.M.2 loopback address after 200 tries")


def release_address(address: str) -> None:
    with _alloc_lock:
        fd = _allocated.pop(address, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


@dataclass(frozen=True)
class Route:
    """One host service a sandbox may reach: ``target`` (as the host reaches it) served inside at
    ``inside``; ``name`` (a host name) is mapped to ``inside[0]`` in the sandbox's ``/etc/hosts``."""

    target: tuple[str, int]
    inside: tuple[str, int]
    name: str | None = None


def parse_routes(text: str | None, *, setting: str) -> list[Route]:
    """Routes from ``"http://127.0.0.1:8765/v1, judge.example:443"`` (URLs or ``host:port``, comma-separated).

    A URL without a port takes its scheme's (http 80, https 443). Loopback IPv4 addresses are served
    at the same address inside; ``localhost`` at 127.0.0.1; a host name at ``127.0.3.N`` inside with an
    ``/etc/hosts`` line. Raises ``ValueError`` naming ``setting`` for anything else (a non-loopback IP
    literal cannot be served inside: give its host name instead).
    """
    routes: list[Route] = []
    for n, item in enumerate(part.strip() for part in (text or "").split(",")):
        if not item or item.lower() in ("none", "off"):
            continue
        parsed = urllib.parse.urlsplit(item if "://" in item else f"tcp://{item}")
        try:
            port = parsed.port or {"http": 80, "https": 443}.get(parsed.scheme)
        except ValueError as exc:
            raise ValueError(f"{setting}={item!r}: {exc}") from exc
        host = parsed.hostname
        if not host or port is None:
            raise ValueError(f"{setting}={item!r}: expected host:port or a URL (http://127.0.0.1:8765/v1)")
        try:
            literal = socket.inet_aton(host) if host.count(".") == 3 and host.replace(".", "").isdigit() else None
        except OSError:
            literal = None
        if literal is not None:
            if literal[0] != 127:
                raise ValueError(f"{setting}={item!r}: only loopback addresses (127.x.y.z) or host names can be "
                                 "routed into the sandbox; give the server's host name")
            routes.append(Route(target=(host, port), inside=(host, port)))
        elif host == "localhost":
            routes.append(Route(target=("127.0.0.1", port), inside=("127.0.0.1", port)))
        elif ":" in host:
            raise ValueError(f"{setting}={item!r}: IPv6 addresses are not supported; use 127.0.0.1 or a host name")
        else:
            address = next((r.inside[0] for r in routes if r.name == host), f"127.0.3.{n + 1}")
            routes.append(Route(target=(host, port), inside=(address, port), name=host))
    return routes


class Forwarder:
    """Relays connections accepted on a namespace listener to ``target`` in the host namespace."""

    def __init__(self, listener: socket.socket, target: tuple[str, int]) -> None:
        self._listener = listener
        self._target = target
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, sock=self._listener)

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
            if writer.can_write_eof():
                writer.write_eof()
        except (ConnectionError, OSError):
            pass

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self._target)
        except OSError:
            writer.close()
            return
        pipes = [asyncio.ensure_future(self._pipe(reader, up_writer)),
                 asyncio.ensure_future(self._pipe(up_reader, writer))]
        try:
            await asyncio.gather(*pipes)
        finally:
            # on close() this task is cancelled: reap both pipes so none logs an unretrieved error
            for pipe in pipes:
                pipe.cancel()
            await asyncio.gather(*pipes, return_exceptions=True)
            for w in (writer, up_writer):
                w.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._relay(reader, writer)
        except asyncio.CancelledError:
            # only close() cancels a connection: end quietly (asyncio would report it otherwise)
            writer.close()
        finally:
            if task is not None:
                self._tasks.discard(task)

    async def close(self) -> None:
        """Stop accepting, drop every open connection, and wait until their tasks have ended."""
        if self._server is not None:
            self._server.close()
            self._server = None
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        with contextlib.suppress(OSError):
            self._listener.close()


class Egress:
    """slirp4netns giving one namespace NAT'ed internet access (DNS at 10.0.2.3), no host loopback."""

    NAMESERVER = "10.0.2.3"

    def __init__(self) -> None:
        self._proc: asyncio.subprocess.Process | None = None
        self._exit_w: int | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("slirp4netns") is not None and os.path.exists("/dev/net/tun")

    async def start(self, ns: NetNamespace, log_path: str, timeout_sec: float = 10.0) -> None:
        """Attach slirp4netns to ``ns`` and wait until ``tap0`` is configured (its stderr goes to ``log_path``).

        Raises :class:`EgressError` with the log's tail when it does not come up.
        """
        binary = shutil.which("slirp4netns")
        if binary is None:
            raise EgressError("slirp4netns is not installed")
        ready_r, ready_w = os.pipe()
        # slirp4netns exits when this pipe's write end closes — i.e. when we stop it or die
        exit_r, exit_w = os.pipe()
        argv = [binary, "--configure", "--mtu=65520", "--disable-host-loopback", "--enable-sandbox",
                "--enable-seccomp", f"--ready-fd={ready_w}", f"--exit-fd={exit_r}",
                "--netns-type=path", ns.nsenter_path, "tap0"]
        with open(log_path, "ab") as log:
            try:
                self._proc = await asyncio.create_subprocess_exec(
                    *argv, pass_fds=(ns.fd, ready_w, exit_r), stdin=asyncio.subprocess.DEVNULL,
                    stdout=log, stderr=log)
            finally:
                os.close(ready_w)
                os.close(exit_r)
        self._exit_w = exit_w
        try:
            loop = asyncio.get_running_loop()
            # EOF (b"") when slirp4netns dies: its copy of the write end is the only one left
            data = await asyncio.wait_for(loop.run_in_executor(None, os.read, ready_r, 1), timeout_sec)
        except TimeoutError:
            data = b""
        if data != b"1":
            await self.stop()
            os.close(ready_r)
            with open(log_path, "rb") as fh:
                tail = fh.read()[-2000:].decode(errors="replace")
            raise EgressError(f"slirp4netns did not become ready: {tail}".strip())
        os.close(ready_r)

    async def stop(self) -> None:
        if self._exit_w is not None:
            with contextlib.suppress(OSError):
                os.close(self._exit_w)
            self._exit_w = None
        proc, self._proc = self._proc, None
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)  # not proc.kill(): see bwrap._kill
            await proc.wait()
