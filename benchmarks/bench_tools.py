"""MCP tool-surface benchmark over loopback with the official client (numbers for the README).

    python benchmarks/bench_tools.py [--calls N] [--client-check] [--baseline CHECKOUT]

Reports: server ready time (``chibench world serve`` process start → first successful tools/list on
all three endpoints), the first tool call's answer (process start → the setup write answered: the
world opens in the background while tools are listed, and a call waits for it), and tool-call latency
p50/p99 for a read (``cm_intake_get_referral``), a write (``docs_upload_evidence``, a full
transaction: validation, authority, clock, event, commit), the provider's case view
(``cases_get_case``, the heaviest read an agent calls often) and the transport's floor (a call
rejected at argument validation: the official client, the SDK's streamable-HTTP server and our
dispatcher, no world access), all measured in one interleaved loop so that they share the machine's
load. The client is the official one as an agent harness uses it: it checks every successful result
against the tool's listed ``outputSchema`` (``jsonschema.validate``, metaschema check included).
Alongside each wall time, the server's own CPU time for that call (``*_server_cpu_mean_ms``: the server
process's runtime over all its threads, from ``/proc/PID/task/*/schedstat``, read before and after the
call): on a loaded machine the wall times move with the scheduler by ±10 %, the server's CPU per call
by a few per cent, so a before/after comparison of the server itself reads the CPU figures.

``--baseline CHECKOUT`` (a checkout of another commit with its own ``.venv``, e.g. a worktree of main) serves
that commit's world next to this one and times both in the same loop, each iteration running the four calls
on both servers, which goes first alternating: a before/after comparison under the same load. The client
checks each server's results against that server's listing. Ready and first-call times are comparable in a
single-server run only (the servers start together; the loop sets them up one after the other).

``--client-check`` also reports what that check costs the client in process (CPU ms per call, median of
200, on the last result of each timed tool) for the listed schema and for the forms it replaced: the full
result schema (``Tool.result_schema``), the top-level keys with their JSON types (nullable as
``[type, "null"]``), and the top-level keys with single types only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _list(url: str) -> int:
    async with streamablehttp_client(url) as (r, w, _), ClientSession(r, w) as s:
        await s.initialize()
        return len((await s.list_tools()).tools)


#: The last successful result of each timed tool (``--client-check`` measures the client's check on it).
LAST: dict[tuple[str, str], dict[str, Any]] = {}


def server_cpu_ns(pid: int) -> int:
    """CPU time (ns) the process ``pid`` has run so far, over all its threads: the first field of each
    ``/proc/PID/task/TID/schedstat`` (the scheduler's exact runtime; ``/proc/PID/stat`` counts in 10 ms
    ticks). 0 where there is no such file (not Linux). Threads that ended are not counted: the servers
    run their calls in long-lived worker threads."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[0])
        except (OSError, ValueError, IndexError):  # a thread that ended while being read
            continue
    return total


class _Target:
    """One served world under test: its two sessions, the cases the loop uses and its samples (wall time
    seen by the client, and the server's CPU time per call when its pid is known)."""

    def __init__(self, base: str, pid: int | None = None) -> None:
        self.base, self.pid = base, pid
        self.out: dict[str, list[float]] = {"read": [], "write": [], "case_read": [], "floor": []}
        self.cpu: dict[str, list[float]] = {k: [] for k in self.out}
        self.first_call = 0.0

    def _sample(self, kind: str, t: float, cpu: int) -> None:
        self.out[kind].append(time.perf_counter() - t)
        if self.pid is not None:
            self.cpu[kind].append((server_cpu_ns(self.pid) - cpu) / 1e9)

    def _cpu(self) -> int:
        return server_cpu_ns(self.pid) if self.pid is not None else 0

    async def open(self, stack: AsyncExitStack, t0: float) -> None:
        r, w, _ = await stack.enter_async_context(streamablehttp_client(f"{self.base}/provider/mcp"))
        self.prov = await stack.enter_async_context(ClientSession(r, w))
        await self.prov.initialize()
        made = await self.prov.call_tool("cases_create_from_order", {"acting_as": "WKR-PAC-01", "order_id": "SR-CEM-001"})
        self.first_call = time.perf_counter() - t0
        if made.isError:
            raise SystemExit(f"setup failed: {made.content[0].text}")
        self.case_id = (made.structuredContent or {})["case"]["id"]
        viewed = await self.prov.call_tool("cases_create_from_order", {"acting_as": "WKR-PAC-01", "order_id": "SR-MYO-001"})
        if viewed.isError:  # a case of realistic size for the case view (the first one grows by a document per write)
            raise SystemExit(f"setup failed: {viewed.content[0].text}")
        self.viewed_id = (viewed.structuredContent or {})["case"]["id"]
        r2, w2, _ = await stack.enter_async_context(streamablehttp_client(f"{self.base}/cm/mcp"))
        self.cm = await stack.enter_async_context(ClientSession(r2, w2))
        await self.cm.initialize()

    async def iteration(self, i: int) -> None:
        t, cpu = time.perf_counter(), self._cpu()
        res = await self.cm.call_tool("cm_intake_get_referral", {"acting_as": "WKR-CM-01", "referral_id": "REF-CM01"})
        self._sample("read", t, cpu)
        assert not res.isError
        LAST["cm", "cm_intake_get_referral"] = res.structuredContent or {}
        t, cpu = time.perf_counter(), self._cpu()
        res = await self.prov.call_tool("docs_upload_evidence", {
            "acting_as": "WKR-PAC-01", "case_id": self.case_id, "kind": "pa_request_form",
            "title": f"Request form {i}", "body": "Member, provider and service details."})
        self._sample("write", t, cpu)
        assert not res.isError, res.content[0].text
        LAST["provider", "docs_upload_evidence"] = res.structuredContent or {}
        t, cpu = time.perf_counter(), self._cpu()
        res = await self.prov.call_tool("cases_get_case", {"acting_as": "WKR-PAC-01", "case_id": self.viewed_id})
        self._sample("case_read", t, cpu)
        assert not res.isError, res.content[0].text
        LAST["provider", "cases_get_case"] = res.structuredContent or {}
        t, cpu = time.perf_counter(), self._cpu()
        res = await self.cm.call_tool("cm_intake_get_referral", {"acting_as": "WKR-CM-01"})
        self._sample("floor", t, cpu)
        assert res.isError

    def summary(self) -> dict[str, float]:
        def q(xs: list[float], p: float) -> float:
            return round(sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] * 1000, 2)
        return {"first_call_s": round(self.first_call, 3)} | \
            {f"{k}_p50_ms": round(statistics.median(v) * 1000, 2) for k, v in self.out.items()} | \
            {f"{k}_p99_ms": q(v, 0.99) for k, v in self.out.items()} | \
            {f"{k}_server_cpu_mean_ms": round(statistics.fmean(v) * 1000, 3) for k, v in self.cpu.items() if v}


async def _latency(bases: list[str], n: int, t0: float, pids: list[int | None]) -> list[dict[str, float]]:
    """The timed loop over every target at once: each iteration runs the four calls on every target, the
    order of the targets alternating, so that paired targets share the machine's load."""
    targets = [_Target(b, pid) for b, pid in zip(bases, pids, strict=True)]
    async with AsyncExitStack() as stack:
        for target in targets:
            await target.open(stack, t0)
        for i in range(n):
            for target in targets if i % 2 == 0 else targets[::-1]:
                await target.iteration(i)
    return [t.summary() for t in targets]


def _top_level(full: dict[str, Any], *, nullable: bool) -> dict[str, Any]:
    """The full schema cut to its top-level keys and their JSON types: a nullable key as ``[type, "null"]``
    (``nullable``) or untyped (``{}``); a key of several types untyped."""
    defs = full.get("$defs", {})

    def types(node: Any) -> set[str] | None:
        while isinstance(node, dict) and "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        if not isinstance(node, dict):
            return None
        if "anyOf" in node:
            found: set[str] = set()
            for alt in node["anyOf"]:
                t = types(alt)
                if t is None:
                    return None
                found |= t
            return found
        declared = node.get("type")
        if declared is not None:
            return {declared} if isinstance(declared, str) else set(declared)
        return {"object"} if "properties" in node else None

    props: dict[str, Any] = {}
    for key, node in full["properties"].items():
        t = types(node) or set()
        if len(t) == 1 and "null" not in t:
            props[key] = {"type": t.pop()}
        elif nullable and len(t) == 2 and "null" in t:
            props[key] = {"type": sorted(t)}
        else:
            props[key] = {}
    return {"$schema": full["$schema"], "type": "object", "properties": props, "required": full.get("required", [])}


def client_check() -> dict[str, dict[str, float]]:
    """CPU ms per call of the official client's result check (``ClientSession._validate_tool_result``)."""
    from jsonschema import validate
    from referencing import Registry

    from chibench.world.tools.registry import load_all

    registry = load_all()
    out: dict[str, dict[str, float]] = {}
    for (role, name), result in LAST.items():
        t = registry.get(role, name)
        assert t is not None
        full = t.result_schema()
        forms = {"listed": t.output_schema(), "full": full, "top_level_typed": _top_level(full, nullable=True),
                 "top_level_single_types": _top_level(full, nullable=False)}
        out[name] = {}
        for form, schema in forms.items():
            schema = json.loads(json.dumps(schema))  # as the client holds it
            times = []
            for _ in range(200):
                c = time.process_time()
                validate(result, schema, registry=Registry())
                times.append(time.process_time() - c)
            out[name][form] = round(statistics.median(times) * 1000, 3)
    return out


class _Server:
    """``chibench world serve`` from a checkout (its own interpreter and code) on a world it built."""

    def __init__(self, checkout: Path, python: str, tmp: Path, label: str) -> None:
        self.checkout, self.python, self.label = checkout, python, label
        self.db = tmp / f"{label}.sqlite"
        self.port = _port()
        self.base = f"http://127.0.0.1:{self.port}"

    def build(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen([self.python, "-m", "chibench.cli", "world", "build", "--out", str(self.db)],
                                cwd=self.checkout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        self.proc = subprocess.Popen([self.python, "-m", "chibench.cli", "world", "serve", str(self.db), "--host",
                                      "127.0.0.1", "--port", str(self.port), "--identities",
                                      "provider=WKR-PAC-01;cm=WKR-CM-01;payer=WKR-UMN-01"],
                                     cwd=self.checkout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def died(self) -> SystemExit:
        err = self.proc.stderr.read().decode() if self.proc.stderr else ""
        return SystemExit(f"{self.label} server died: {err}")

    def wait_ready(self) -> list[int]:
        while True:  # cheap TCP poll first: a refused MCP client connection backs off for seconds
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                break
            except OSError:
                if self.proc.poll() is not None:
                    raise self.died() from None
                time.sleep(0.01)
        while True:
            try:
                return [anyio.run(_list, f"{self.base}/{r}/mcp") for r in ("provider", "payer", "cm")]
            except Exception:
                if self.proc.poll() is not None:
                    raise self.died() from None
                time.sleep(0.02)

    def stop(self) -> None:
        if hasattr(self, "proc"):
            self.proc.terminate()
            self.proc.wait(timeout=10)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=300)
    ap.add_argument("--client-check", action="store_true",
                    help="also report the client's per-call result check in process, per schema form")
    ap.add_argument("--baseline", type=Path, metavar="CHECKOUT",
                    help="also serve the world from another checkout of the repository (its .venv and code, e.g. a "
                         "worktree of the previous commit) and time both in one interleaved loop")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="chibench-tools-"))
    servers = [_Server(Path(__file__).resolve().parents[1], sys.executable, tmp, "this")]
    if args.baseline:
        base_dir = args.baseline.resolve()
        servers.append(_Server(base_dir, str(base_dir / ".venv" / "bin" / "python"), tmp, "baseline"))
    try:
        for s, build in [(s, s.build()) for s in servers]:
            if build.wait() != 0:
                raise SystemExit(f"{s.label}: world build failed: {build.stderr.read().decode() if build.stderr else ''}")
        results: dict[str, dict[str, Any]] = {}
        t0 = time.perf_counter()
        for s in servers:
            s.start()
        for s in servers:  # started together: the ready time of a second server is not comparable
            counts = s.wait_ready()
            results[s.label] = {"ready_s": round(time.perf_counter() - t0, 3),
                                "tools": dict(zip(("provider", "payer", "cm"), counts, strict=True))}
        for s, timed in zip(servers, anyio.run(_latency, [s.base for s in servers], args.calls, t0,
                                                  [s.proc.pid for s in servers]), strict=True):
            results[s.label] |= timed
    finally:
        for s in servers:
            s.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    result: dict[str, Any] = results["this"] if len(servers) == 1 else results
    if args.client_check:
        result["client_check_cpu_ms"] = client_check()
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
