"""The task world sidecar's private control channel: a Unix socket in its run directory.

``chibench world serve-task`` opens it next to the live database (``/opt/chibench/run/control.sock``,
mode 0600); the ``[[verifier.collect]]`` hook (``chibench world export-task``) asks the running world
process to write the final export instead of starting a second process that imports the whole world
and reopens the database (≈1 s of CPU per trial). Nothing network-reachable is added: the socket is a
file in the world's own filesystem, which the agent's container or sandbox cannot see (DESIGN §7), and
the MCP endpoints stay the only routes of the world process.

Protocol: one request line per connection, one reply line. Commands: ``export`` → ``ok <path>`` or
``error <message>``; anything else → ``error unknown command …``. This module is standard library
only, so the hook's client side starts in milliseconds.
"""

from __future__ import annotations

import contextlib
import os
import socket
import socketserver
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

BASE_WORLD = Path(os.environ.get("CHIBENCH_BASE_WORLD", "/opt/chibench/world/base.sqlite"))
RUN_DIR = Path(os.environ.get("CHIBENCH_RUN_DIR", "/opt/chibench/run"))
EXPORT_DIR = Path(os.environ.get("CHIBENCH_EXPORT_DIR", "/opt/chibench/export"))
SOCKET_NAME = "control.sock"
COMMANDS = ("export",)
#: Longest accepted request line (bytes); the only command is a short word.
MAX_REQUEST = 64


class ControlUnavailable(OSError):
    """No world process answers on the control socket (none started, or it has exited)."""


class ControlError(RuntimeError):
    """The world process answered, and the command failed; the message is its answer."""


def socket_path(run_dir: Path = RUN_DIR) -> Path:
    return run_dir / SOCKET_NAME


class _Handler(socketserver.StreamRequestHandler):
    server: _Server

    def handle(self) -> None:
        line = self.rfile.readline(MAX_REQUEST + 1)
        command = line.decode("utf-8", "replace").strip()
        if len(line) > MAX_REQUEST or command not in self.server.commands:
            reply = f"error unknown command {command[:MAX_REQUEST]!r} (allowed: {', '.join(self.server.commands)})"
        else:
            try:
                reply = f"ok {self.server.commands[command]()}"
            except Exception as exc:  # the hook reports it; the world keeps serving
                reply = f"error {type(exc).__name__}: {exc}".replace("\n", " ")
        self.wfile.write(reply.encode("utf-8") + b"\n")


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True

    def __init__(self, path: str, commands: dict[str, Callable[[], str]]):
        self.commands = commands
        super().__init__(path, _Handler)


@contextlib.contextmanager
def serving(path: Path, commands: dict[str, Callable[[], str]]) -> Iterator[Path]:
    """Answer ``commands`` (name → function returning the reply text) on a Unix socket at ``path``
    (replacing a stale one; owner-only) in a background thread until the block exits, then remove it.
    A process killed by a signal may leave the file behind: :func:`request` then finds nobody listening
    and raises :class:`ControlUnavailable`. Raises ``OSError`` if the socket cannot be created."""
    unknown = sorted(set(commands) - set(COMMANDS))
    if unknown:
        raise ValueError(f"unknown control commands {unknown} (allowed: {', '.join(COMMANDS)})")
    path.unlink(missing_ok=True)
    old = os.umask(0o177)  # created 0600: only the world's own user may connect
    try:
        server = _Server(str(path), commands)
    finally:
        os.umask(old)
    thread = threading.Thread(target=server.serve_forever, name="chibench-control", daemon=True)
    thread.start()
    try:
        yield path
    finally:
        server.shutdown()
        server.server_close()
        path.unlink(missing_ok=True)


def request(path: Path, command: str, *, timeout: float = 120.0) -> str:
    """Send ``command`` to the world process at ``path``; return the text after ``ok``.

    Raises :class:`ControlUnavailable` if nothing listens there (no socket file, connection refused),
    :class:`ControlError` with the world's message if the command failed, ``TimeoutError`` if no
    answer came within ``timeout`` seconds."""
    if not path.exists():
        raise ControlUnavailable(f"no control socket at {path}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
        except (ConnectionRefusedError, FileNotFoundError) as exc:
            raise ControlUnavailable(f"no world process listens on {path}: {exc}") from exc
        sock.sendall(command.encode("utf-8") + b"\n")
        with sock.makefile("rb") as answer:
            reply = answer.readline().decode("utf-8", "replace").rstrip("\n")
    if not reply:  # the process went away before answering
        raise ControlUnavailable(f"the world process on {path} closed the connection without an answer")
    status, _, text = reply.partition(" ")
    if status == "ok":
        return text
    if status == "error":
        raise ControlError(text)
    raise ControlError(f"unexpected answer {reply[:200]!r} from {path}")
