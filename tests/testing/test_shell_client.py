"""chibench-tools (the agent box's command-line MCP client) against a real ``chibench world serve-task``:
the whole oracle of brca_testing.referral through it scores 1; errors are readable with distinct exit
codes; the script never imports chibench (it must work in a box where chibench is not importable); its
session helper answers byte for byte what a call alone prints, and a dead helper is replaced."""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from chibench.agent_box import SHELL_CLIENT
from chibench.package.oracle_runner import absorb_result, step_arguments
from tests.testing.support import ServedTask, serve_task

# chibench made unimportable, as in the agent's box
RUNNER = ("import runpy, sys; sys.modules['chibench'] = None; sys.argv = ['chibench-tools', *sys.argv[1:]]; "
          f"runpy.run_path({str(SHELL_CLIENT)!r}, run_name='__main__')")


#: this module's session helpers live here (not in the shared temp dir) and exit 20 s after their last call;
#: short paths: a socket's path must fit 108 bytes, and pytest's tmp_path under xdist does not
RUNTIME = tempfile.mkdtemp(prefix="cbt-", dir="/tmp")


def tools(*argv: str, url: str | None, stdin: str | None = None, helper: bool = True,
          runtime: str = RUNTIME) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "CHIBENCH_TOOLS_IDLE_SEC": "20",
           "CHIBENCH_TOOLS_DAEMON": "1" if helper else "0"}
    if url is not None:
        env["CHIBENCH_MCP_URL"] = url
    return subprocess.run([sys.executable, "-c", RUNNER, *argv], capture_output=True, text=True, timeout=120,
                          env=env, input=stdin)


def helper_ready(runtime: str) -> list[str]:
    """The helper sockets in ``runtime`` once one listens (waits up to 30 s for it to start)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        socks = [n for n in os.listdir(runtime) if n.endswith(".sock")]
        if socks and not [n for n in os.listdir(runtime) if n.endswith(".starting")]:
            return socks
        time.sleep(0.1)
    return []


@pytest.fixture(scope="module")
def served(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedTask]:
    with serve_task("brca_testing.referral", base_world_file, tmp_path_factory.mktemp("world")) as s:
        yield s


def test_imports_only_stdlib_mcp_and_jmespath() -> None:
    tree = ast.parse(SHELL_CLIENT.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    assert roots - set(sys.stdlib_module_names) == {"mcp", "jmespath"}


def test_list_and_describe(served: ServedTask) -> None:
    listed = tools("list", url=served.url)
    assert listed.returncode == 0, listed.stderr
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert "cases_create_from_order" in names and len(names) == 30
    assert any(line.split()[1] == "read" for line in listed.stdout.splitlines())
    as_json = json.loads(tools("list", "--json", url=served.url).stdout)
    assert {t["name"] for t in as_json} == set(names) and all("inputSchema" in t for t in as_json)
    described = tools("describe", "auth_submit_authorization", url=served.url)
    assert described.returncode == 0
    assert "channel: one of" in described.stdout and "acting_as: string (required)" in described.stdout


def test_the_oracle_through_the_shell_client_scores_one(served: ServedTask, tmp_path: Path) -> None:
    env: dict[str, object] = {}
    for n, step in enumerate(s.model_dump() for s in served.scenario.oracle):
        done = tools("call", step["tool"], "-", url=served.url, stdin=json.dumps(step_arguments(step, env)))
        assert done.returncode == (1 if step.get("expect_error") else 0), done.stderr
        absorb_result(n + 1, step, done.returncode == 1, json.loads(done.stdout), env)
    assert served.grade(tmp_path / "verifier") == 1


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["call", "chart_search_patients", "{not json"], 2, "arguments are not valid JSON"),
    (["call", "chart_search_patients", "[1, 2]"], 2, "arguments must be a JSON object, not list"),
    (["call", "chart_serch_patients", "{}"], 2, "no tool 'chart_serch_patients' on this server; did you mean "
                                                "chart_search_patients"),
    (["describe", "nope_tool"], 2, "no tool 'nope_tool'"),
    (["call", "chart_search_patients", '{"acting_as": "WKR-NOBODY", "query": "Lindgren"}'], 1,
     "chart_search_patients: tool error: you may act only as WKR-PAC-06"),
    (["call", "chart_search_patients", '{"acting_as": "WKR-PAC-06", "query": "Lindgren"}', "--query", "[[["], 2,
     "--query: not a jmespath expression"),
])
def test_errors_are_readable(served: ServedTask, argv: list[str], code: int, message: str) -> None:
    done = tools(*argv, url=served.url)
    assert done.returncode == code, done.stdout + done.stderr
    assert message in done.stderr
    if code == 1:
        assert json.loads(done.stdout)["error"] == "not_authorized"


def test_query_and_pretty(served: ServedTask) -> None:
    args = '{"acting_as": "WKR-PAC-06", "query": "Lindgren", "birth_date": "1982-07-22"}'
    done = tools("call", "chart_search_patients", args, "--query", "{id: patients[0].patient_id}", url=served.url)
    assert done.returncode == 0 and json.loads(done.stdout)["id"].startswith("PAT-")
    pretty = tools("call", "chart_search_patients", args, "--pretty", url=served.url)
    assert pretty.stdout.startswith("{\n  ")


def test_no_server() -> None:
    missing = tools("list", url=None)
    assert missing.returncode == 2 and "pass --url or set CHIBENCH_MCP_URL" in missing.stderr
    dead = tools("--url", "http://127.0.0.1:9/provider/mcp", "list", url=None)
    assert dead.returncode == 3 and "cannot use the MCP server at http://127.0.0.1:9/provider/mcp" in dead.stderr


def test_the_session_helper_prints_what_a_call_alone_prints(served: ServedTask) -> None:
    runtime = tempfile.mkdtemp(prefix="cbt-", dir="/tmp")
    ok = '{"acting_as": "WKR-PAC-06", "query": "Lindgren"}'
    commands: list[tuple[tuple[str, ...], str | None]] = [
        (("list",), None), (("describe", "auth_submit_authorization"), None),
        (("call", "chart_search_patients", "-"), ok),
        (("call", "chart_search_patients", ok, "--query", "patients[0].family_name", "--pretty"), None),
        (("call", "chart_search_patients", '{"acting_as": "WKR-NOBODY", "query": "x"}'), None),
        (("call", "chart_serch_patients", "{}"), None), (("call", "chart_search_patients", "{not json"), None),
    ]
    alone = [tools(*argv, url=served.url, stdin=stdin, helper=False, runtime=runtime) for argv, stdin in commands]
    assert not os.listdir(runtime), "CHIBENCH_TOOLS_DAEMON=0 starts no helper"
    tools("list", url=served.url, runtime=runtime)  # starts the helper
    socks = helper_ready(runtime)
    assert len(socks) == 1 and (os.stat(os.path.join(runtime, socks[0])).st_mode & 0o777) == 0o600
    via = [tools(*argv, url=served.url, stdin=stdin, runtime=runtime) for argv, stdin in commands]
    for (argv, _), a, b in zip(commands, alone, via, strict=True):
        assert (b.returncode, b.stdout, b.stderr) == (a.returncode, a.stdout, a.stderr), argv
    assert [a.returncode for a in alone] == [0, 0, 0, 0, 1, 2, 2]


def test_a_dead_helper_is_replaced(served: ServedTask) -> None:
    runtime = tempfile.mkdtemp(prefix="cbt-", dir="/tmp")
    tools("list", url=served.url, runtime=runtime)
    assert helper_ready(runtime)
    pid = int(subprocess.run(["pgrep", "-f", "--", f"--serve-session {served.url} {runtime}"], capture_output=True,
                             text=True).stdout.split()[0])
    os.kill(pid, signal.SIGKILL)  # leaves a stale socket behind
    time.sleep(0.2)
    again = tools("call", "chart_search_patients", '{"acting_as": "WKR-PAC-06", "query": "Lindgren"}',
                  url=served.url, runtime=runtime)
    assert again.returncode == 0 and json.loads(again.stdout)["patients"], again.stderr
    assert helper_ready(runtime)  # a new helper took the stale socket's place
    listed = tools("list", url=served.url, runtime=runtime)
    assert listed.returncode == 0 and "cases_create_from_order" in listed.stdout


def test_a_runtime_dir_too_long_for_a_socket_falls_back_to_the_temp_dir(served: ServedTask) -> None:
    long_dir = os.path.join(tempfile.mkdtemp(prefix="cbt-", dir="/tmp"), "x" * 90)
    os.makedirs(long_dir)
    first = tools("list", url=served.url, runtime=long_dir)
    assert first.returncode == 0 and "cases_create_from_order" in first.stdout
    assert not os.listdir(long_dir)  # the socket went to the temp dir instead; the call still ran
