"""The reference agent's loop driven by the scripted model server (real HTTP, litellm): it replays
brca_testing.referral's oracle to reward 1 through the real MCP server, through the box's shell client and
in-process; its trajectory passes Harbor's ATIF validator with tokens and cost; faults (malformed calls,
unknown tools, huge outputs, HTTP 500, garbage) end cleanly with a recorded reason; compaction keeps a long
episode inside a small window."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from chibench.agent_box import SHELL_CLIENT
from chibench.agents.backends import BoxTools, DirectMCP
from chibench.agents.loop import AgentLoop, Handbook, Settings, ToolTransportError
from chibench.package.scenario import load_scenario
from chibench.testing import scripted_model as sm
from tests.agents.support import REPO, SCENARIO, TASK, InProcessTools, episode, validate_atif
from tests.support import heavy_sample
from tests.testing.support import fake_shell, serve_task


def test_oracle_through_the_real_mcp_server(base_world_file: Path, tmp_path: Path, skills: Handbook) -> None:
    with serve_task("brca_testing.referral", base_world_file, tmp_path / "world") as served:
        outcome, atif, _ = episode(DirectMCP(served.url), skills, tmp_path, model="openai/gpt-4o-mini")
        assert outcome.reason == "final_answer", outcome
        assert served.grade(tmp_path / "verifier") == 1
    calls = [c for s in atif["steps"] for c in s.get("tool_calls", [])]
    assert [c["function_name"] for c in calls] == [s.tool for s in SCENARIO.oracle]
    results = [r for s in atif["steps"] for r in s.get("observation", {}).get("results", [])]
    assert len(results) == len(calls) and all(r["content"] for r in results)
    fm = atif["final_metrics"]
    assert fm["total_prompt_tokens"] > 0 and fm["total_completion_tokens"] > 0
    assert fm["total_cost_usd"] > 0, "gpt-4o-mini is in litellm's cost map"
    assert fm["extra"]["stop_reason"] == "final_answer" and "cost_note" not in fm["extra"]
    agent_steps = [s for s in atif["steps"] if s["source"] == "agent"]
    assert all(s["metrics"]["prompt_tokens"] > 0 for s in agent_steps)
    assert outcome.steps == len(SCENARIO.oracle) + 1


def test_oracle_through_the_box_shell_client(base_world_file: Path, tmp_path: Path, skills: Handbook) -> None:
    class LocalBox:  # environment.exec as a local shell: the box's chibench-tools is the same script
        async def exec(self, command: str, timeout_sec: int | None = None, **_: Any) -> Any:
            proc = await asyncio.create_subprocess_shell(command, stdout=asyncio.subprocess.PIPE,
                                                         stderr=asyncio.subprocess.PIPE, executable="/bin/bash")
            out, err = await proc.communicate()
            from harbor.environments.base import ExecResult

            return ExecResult(stdout=out.decode(), stderr=err.decode(), return_code=proc.returncode or 0)

    with serve_task("brca_testing.referral", base_world_file, tmp_path / "world") as served:
        tools = BoxTools(LocalBox(), served.url, client=f"{sys.executable} {SHELL_CLIENT}")
        outcome, atif, _ = episode(tools, skills, tmp_path)
        assert outcome.reason == "final_answer", outcome
        assert served.grade(tmp_path / "verifier") == 1
    assert "litellm's cost map has no price for 'openai/scripted'" in atif["final_metrics"]["extra"]["cost_note"]
    assert atif["final_metrics"]["total_cost_usd"] == 0


@pytest.mark.parametrize(("price_in", "price_out"), [(0.5, 2.0), (3.0, None), (None, 15.0), (0.0, 0.0)])
def test_a_price_given_by_the_run_replaces_the_cost_map(price_in: float | None, price_out: float | None,
                                                        inproc: InProcessTools, skills: Handbook, tmp_path: Path) -> None:
    outcome, atif, _ = episode(inproc, skills, tmp_path, input_cost_per_mtok=price_in, output_cost_per_mtok=price_out)
    assert outcome.reason == "final_answer" and inproc.reward() == 1
    fm = atif["final_metrics"]
    want = (fm["total_prompt_tokens"] * (price_in or 0) + fm["total_completion_tokens"] * (price_out or 0)) / 1e6
    assert fm["total_cost_usd"] == pytest.approx(want, abs=1e-7)
    assert fm["extra"]["cost_note"].startswith("priced by the run")
    for s in (s for s in atif["steps"] if s["source"] == "agent"):
        m = s["metrics"]
        assert m["cost_usd"] == pytest.approx((m["prompt_tokens"] * (price_in or 0)
                                               + m["completion_tokens"] * (price_out or 0)) / 1e6, abs=1e-8)


@pytest.mark.parametrize("kwargs", [{"input_cost_per_mtok": -1}, {"output_cost_per_mtok": "free"}])
def test_a_bad_price_is_refused(kwargs: dict[str, Any]) -> None:
    from pydantic import ValidationError

    from chibench.agents.reference import ReferenceOptions

    with pytest.raises(ValidationError, match="cost_per_mtok"):
        ReferenceOptions(**kwargs)


def test_near_miss_scores_zero(inproc: InProcessTools, skills: Handbook, tmp_path: Path) -> None:
    outcome, _, _ = episode(inproc, skills, tmp_path, replay=f"near_miss:{SCENARIO.near_misses[0].name}")
    assert outcome.reason == "final_answer"
    assert inproc.reward() == 0


@pytest.mark.parametrize("fault", ["malformed", "unknown_tool", "huge", "http500_once"])
def test_recoverable_faults_still_finish_the_oracle(fault: str, inproc: InProcessTools, skills: Handbook,
                                                    tmp_path: Path) -> None:
    outcome, atif, _ = episode(inproc, skills, tmp_path, fault=fault)
    assert outcome.reason == "final_answer", outcome
    assert inproc.reward() == 1
    first = next(s for s in atif["steps"] if s["source"] == "agent")
    if fault == "malformed":
        assert "_unparsed_arguments" in first["tool_calls"][0]["arguments"]
        assert first["observation"]["results"][0]["content"].startswith("error: the arguments are not valid JSON")
    if fault == "unknown_tool":
        assert first["observation"]["results"][0]["content"].startswith("error: there is no tool 'no_such_tool")
    if fault == "huge":
        assert first["extra"]["message_chars"] == sm.HUGE_CHARS and len(first["message"]) < 60_000


@pytest.mark.parametrize(("fault", "reason", "requests"), [
    ("http500", "llm_unavailable", 4),  # the first try and three retries
    ("garbage", "llm_unavailable", 4),  # litellm reports a garbled body as a server error: retried
    ("http400", "llm_error", 1),        # not a transport error: never retried
])
def test_fatal_model_faults_end_cleanly(fault: str, reason: str, requests: int, inproc: InProcessTools,
                                        skills: Handbook, tmp_path: Path) -> None:
    outcome, atif, scripted = episode(inproc, skills, tmp_path, fault=fault)
    assert outcome.reason == reason
    assert len(scripted.requests) == requests
    assert atif["final_metrics"]["extra"]["stop_reason"] == reason and atif["notes"].startswith(f"stopped: {reason}")


def test_malformed_always_stops_at_the_step_budget(inproc: InProcessTools, skills: Handbook, tmp_path: Path) -> None:
    outcome, atif, _ = episode(inproc, skills, tmp_path, fault="malformed_always", max_steps=4)
    assert outcome.reason == "max_steps" and outcome.steps == 4
    assert inproc.reward() == 0


def test_compaction_keeps_a_small_window(inproc: InProcessTools, skills: Handbook, tmp_path: Path) -> None:
    outcome, atif, scripted = episode(inproc, skills, tmp_path, context_window=12_000, keep_recent_results=2)
    assert outcome.reason == "final_answer"
    assert inproc.reward() == 1
    compactions = [s["extra"]["compaction"] for s in atif["steps"] if "compaction" in s.get("extra", {})]
    assert compactions and all(c["estimated_tokens_after"] < c["estimated_tokens_before"] for c in compactions)
    last = scripted.requests[-1]["body"]["messages"]
    tools = [m for m in last if m["role"] == "tool"]
    assert tools[-1]["content"].startswith("{") and tools[-2]["content"].startswith("{")  # recent ones kept
    assert any(m["content"].startswith("[compacted to fit the context window") for m in tools[:-2])
    assert last[0]["role"] == "system" and last[1]["content"] == "Submit the referral."  # never removed


def test_unreachable_tools_end_with_a_reason(skills: Handbook, tmp_path: Path) -> None:
    outcome, atif, scripted = episode(DirectMCP("http://127.0.0.1:9/provider/mcp"), skills, tmp_path)
    assert outcome.reason == "tools_unreachable" and not scripted.requests
    assert atif["final_metrics"]["extra"]["stop_reason"] == "tools_unreachable"


def test_cancellation_leaves_a_trajectory(inproc: InProcessTools, skills: Handbook, tmp_path: Path) -> None:
    class Stalling(InProcessTools):
        async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            await asyncio.sleep(3600)
            raise AssertionError

    stalling = Stalling.__new__(Stalling)
    stalling.__dict__.update(inproc.__dict__)
    scripted = sm.ScriptedModel(sm.load_script(TASK))
    with sm.running(scripted) as base:
        loop = AgentLoop(Settings(model="openai/scripted", api_base=f"{base}/v1", api_key="k"), stalling, skills,
                         "go", tmp_path / "trajectory.json")

        async def main() -> None:
            task = asyncio.ensure_future(loop.run())
            while not scripted.requests:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

        asyncio.run(main())
    atif = validate_atif(tmp_path / "trajectory.json")
    assert atif["final_metrics"]["extra"]["stop_reason"] == "cancelled"


@pytest.mark.parametrize(("call", "expect"), [
    (("handbook_list", {}), "managed-care-operations-handbook/"),
    (("handbook_read", {"path": "managed-care-operations-handbook/SKILL.md", "limit": 50}), "more characters"),
    (("handbook_grep", {"pattern": "KM-UM-WF-001", "path": "managed-care-operations-handbook/references/payer-um"}), ".md:"),
])
def test_handbook_tools(skills: Handbook, call: tuple[str, dict[str, Any]], expect: str) -> None:
    assert expect in skills.call(*call)


@pytest.mark.parametrize("path", ["../../etc/passwd", "/etc/passwd", "managed-care-operations-handbook/../../x"])
def test_handbook_stays_inside_its_folder(skills: Handbook, path: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outside the handbook|does not exist"):
        skills.read(path)


def test_handbook_refuses_links_out(skills: Handbook, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("answer key")
    (skills.root / "leak.md").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ValueError, match="outside the handbook"):
        skills.read("leak.md")
    assert "answer key" not in skills.grep("answer")


def test_box_tools_map_exit_codes() -> None:
    from harbor.environments.base import ExecResult

    class Box:
        def __init__(self, code: int, out: str, err: str) -> None:
            self.r = ExecResult(stdout=out, stderr=err, return_code=code)

        async def exec(self, command: str, **_: Any) -> Any:
            return self.r

    assert asyncio.run(BoxTools(Box(0, '{"a":1}\n', ""), "u").call("t", {})) == (False, '{"a":1}')
    assert asyncio.run(BoxTools(Box(1, '{"error":"x"}', "e"), "u").call("t", {})) == (True, '{"error":"x"}')
    assert asyncio.run(BoxTools(Box(2, "", "no tool 't'"), "u").call("t", {})) == (True, "error: no tool 't'")
    with pytest.raises(ToolTransportError, match="cannot use"):
        asyncio.run(BoxTools(Box(3, "", "cannot use the MCP server"), "u").call("t", {}))


def test_cli_surface_drives_the_oracle_through_shell_commands(inproc: InProcessTools, skills: Handbook,
                                                               tmp_path: Path) -> None:
    from chibench.world.tools.dispatch import dispatch_encoded

    class Sync:
        def call(self, tool: str, args: Any) -> tuple[bool, str]:
            is_error, _, text = dispatch_encoded(inproc.world, "provider", tool, args)
            return is_error, text

    commands: list[str] = []

    async def shell(command: str) -> tuple[int, str]:
        commands.append(command)
        return 0, fake_shell(Sync(), command)  # type: ignore[arg-type]

    inproc.shell = shell  # type: ignore[method-assign]
    outcome, atif, _ = episode(inproc, skills, tmp_path, tool_surface="cli")
    assert outcome.reason == "final_answer", outcome
    assert inproc.reward() == 1
    assert len(commands) == len(SCENARIO.oracle) and all(c.startswith("chibench-tools call ") for c in commands)
    offered = {t["function"]["name"] for t in atif["agent"]["tool_definitions"]}
    assert offered == {"chibench_tools", "handbook_list", "handbook_read", "handbook_grep"}


#: The representative subset by default, every package with CHIBENCH_TEST_ALL_PACKAGES=1 (tests/support.py;
#: benchmarks/bench_sweep.sh runs it on all, and benchmarks/bench_reference.py runs every task through Harbor).
ALL_TASKS = [REPO / "packages" / t for t in heavy_sample(
    sorted(p.parent.name for p in (REPO / "packages").glob("*/scenario.yaml")))]


@pytest.mark.parametrize("pkg", ALL_TASKS, ids=[p.name for p in ALL_TASKS])
def test_every_shipped_task_oracle_one_first_near_miss_zero(pkg: Path, base_world_file: Path, tmp_path: Path,
                                                            skills: Handbook) -> None:
    sc = load_scenario(pkg / "scenario.yaml")
    tools = InProcessTools(base_world_file, tmp_path / "oracle", sc)
    try:
        outcome, _, _ = episode(tools, skills, tmp_path / "oracle", task=pkg)
        assert outcome.reason == "final_answer" and outcome.tool_calls == len(sc.oracle), outcome
        assert tools.reward() == 1
    finally:
        tools.world.close()
    if sc.near_misses:
        miss = InProcessTools(base_world_file, tmp_path / "miss", sc)
        try:
            episode(miss, skills, tmp_path / "miss", task=pkg, replay=f"near_miss:{sc.near_misses[0].name}")
            assert miss.reward() == 0
        finally:
            miss.world.close()
