"""The one host service a box may reach: the model API (agent) or the judge API (grader), and nothing else.

Units: how ``model_api`` / ``judge_api`` settings are read (``netns.parse_routes``). Integration (skipped
loudly without ``bwrap``): real listeners on the host; the agent's box reaches the model port and no
other host port, the grader's box the judge port and no other — the model port included.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chibench.sandbox.netns import Route, parse_routes
from chibench.world.tools.server import free_port

from .support import BWRAP_MISSING, SKIP_REASON, host_address, make_env, make_task, run, sh


@pytest.mark.parametrize(("text", "expected"), [
    ("http://127.0.0.1:8765/v1", [Route(("127.0.0.1", 8765), ("127.0.0.1", 8765))]),
    ("127.0.0.9:9000", [Route(("127.0.0.9", 9000), ("127.0.0.9", 9000))]),
    ("localhost:11434", [Route(("127.0.0.1", 11434), ("127.0.0.1", 11434))]),
    ("https://judge.example", [Route(("judge.example", 443), ("127.0.3.1", 443), "judge.example")]),
    ("http://judge.example, judge.example:8443",
     [Route(("judge.example", 80), ("127.0.3.1", 80), "judge.example"),
      Route(("judge.example", 8443), ("127.0.3.1", 8443), "judge.example")]),
    ("", []), (None, []), ("none", []), (" off ", []),
])
def test_route_settings(text: str | None, expected: list[Route]) -> None:
    assert parse_routes(text, setting="model_api") == expected


@pytest.mark.parametrize(("text", "message"), [
    ("10.0.0.5:8000", "only loopback addresses"),
    ("192.168.1.2:443", "only loopback addresses"),
    ("judge.example", "expected host:port or a URL"),
    ("127.0.0.1:99999", "model_api='127.0.0.1:99999'"),
    ("[::1]:8000", "IPv6"),
])
def test_bad_route_settings_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_routes(text, setting="model_api")


# ---------------------------------------------------------------- integration

integration = pytest.mark.skipif(BWRAP_MISSING, reason=SKIP_REASON)


class _Greeter:
    """A host TCP server on ``address:port`` that answers every connection with ``greeting``."""

    def __init__(self, address: str, greeting: bytes) -> None:
        self.port = free_port()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((address, self.port))
        self.sock.listen(16)
        self.greeting = greeting
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.sendall(self.greeting)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, _Greeter]]:
    found = {"model": _Greeter("127.0.0.1", b"model-here"), "judge": _Greeter("127.0.0.1", b"judge-here"),
             "other": _Greeter("127.0.0.1", b"other-here"), "host-ip": _Greeter(host_address(), b"host-ip-here")}
    yield found
    for server in found.values():
        server.close()


PROBE = """\
import socket, sys
for target in sys.argv[1:]:
    host, port = target.rsplit(":", 1)
    try:
        with socket.create_connection((host, int(port)), timeout=3) as s:
            print(target, s.recv(64).decode() or "empty")
    except OSError as exc:
        print(target, "closed")
"""


def _probe(loop: asyncio.AbstractEventLoop, env: object, targets: list[str]) -> dict[str, str]:
    result = sh(loop, env, f"python3 - {' '.join(targets)} <<'PY'\n{PROBE}PY")  # type: ignore[arg-type]
    return dict(line.split(" ", 1) for line in (result.stdout or "").splitlines())


@integration
@pytest.mark.parametrize("grader", [False, True], ids=["agent-box", "grader-box"])
def test_each_box_reaches_its_api_and_nothing_else(servers: dict[str, _Greeter], tmp_path: Path, grader: bool,
                                                   loop: asyncio.AbstractEventLoop) -> None:
    task_dir = make_task(tmp_path / "task")
    model, judge = servers["model"].port, servers["judge"].port
    env = make_env(task_dir, tmp_path / "trial", f"routes-{int(grader)}", grader=grader,
                   model_api=f"http://127.0.0.1:{model}/v1", judge_api=f"127.0.0.1:{judge}")
    host_ip = host_address()
    # the host's own non-loopback address, where there is one: the model's port there, another service
    beyond = [f"{host_ip}:{servers['host-ip'].port}", f"{host_ip}:{model}"] if host_ip != "127.0.0.1" else []
    run(loop, env.start(force_build=False))
    try:
        seen = _probe(loop, env, [f"127.0.0.1:{model}", f"127.0.0.1:{judge}",
                                  f"127.0.0.1:{servers['other'].port}", *beyond])
    finally:
        run(loop, env.stop(delete=True))
    allowed, refused = (judge, model) if grader else (model, judge)
    assert seen == {
        f"127.0.0.1:{allowed}": "judge-here" if grader else "model-here",
        f"127.0.0.1:{refused}": "closed",
        f"127.0.0.1:{servers['other'].port}": "closed",
        **{target: "closed" for target in beyond},
    }


@pytest.mark.parametrize(("environ", "options", "agent", "grader"), [
    ({"CHIBENCH_JUDGE_API_BASE": "http://127.0.0.1:9999/v1"}, {}, [], [Route(("127.0.0.1", 9999), ("127.0.0.1", 9999))]),
    # the verifier's judge, unroutable: no route (the judge then fails in the grader), not a crash
    ({"CHIBENCH_JUDGE_API_BASE": "http://10.1.2.3/v1"}, {}, [], []),
    ({"CHIBENCH_SANDBOX_JUDGE_API": "127.0.0.2:81", "CHIBENCH_JUDGE_API_BASE": "http://127.0.0.1:9999/v1"}, {},
     [], [Route(("127.0.0.2", 81), ("127.0.0.2", 81))]),
    ({"CHIBENCH_SANDBOX_MODEL_API": "localhost:8765"}, {}, [Route(("127.0.0.1", 8765), ("127.0.0.1", 8765))], []),
    ({"CHIBENCH_SANDBOX_MODEL_API": "localhost:8765"}, {"model_api": "none"}, [], []),
])
def test_where_the_routes_come_from(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, environ: dict[str, str],
                                    options: dict[str, str], agent: list[Route], grader: list[Route]) -> None:
    for name in ("CHIBENCH_JUDGE_API_BASE", "CHIBENCH_SANDBOX_JUDGE_API", "CHIBENCH_SANDBOX_MODEL_API"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    env = make_env(make_task(tmp_path), tmp_path / "trial", "routes-config", **options)
    assert (env._routes["agent"], env._routes["grader"]) == (agent, grader)


def test_an_unroutable_model_api_setting_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="model_api='10.0.0.1:80': only loopback"):
        make_env(make_task(tmp_path), tmp_path / "trial", "routes-bad", model_api="10.0.0.1:80")
