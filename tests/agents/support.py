"""Support for the reference-agent tests (``tests/agents``, ``tests/leaderboard``): the task they replay
(``brca_testing.referral``), its tools in-process, one scripted-model episode, and the fixtures ``skills`` (a
copy of the handbook skill) and ``inproc`` (the task's tools on a copy of the base world). A test module that
uses a fixture imports it from here."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chibench.agents.loop import AgentLoop, Handbook, Outcome, Settings
from chibench.package.harness import task_world, world_version
from chibench.package.scenario import load_scenario
from chibench.testing import scripted_model as sm

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "packages" / "brca_testing.referral"
SCENARIO = load_scenario(TASK / "scenario.yaml")


def validate_atif(path: Path) -> dict[str, Any]:
    """The trajectory at ``path`` after Harbor's ATIF validator passed it."""
    from harbor.utils.trajectory_validator import TrajectoryValidator

    validator = TrajectoryValidator()
    assert validator.validate(path), validator.errors
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture()
def skills(tmp_path: Path) -> Handbook:
    root = tmp_path / "skills"
    root.mkdir()
    shutil.copytree(REPO / "handbook_skill", root / "managed-care-operations-handbook")
    return Handbook(root)


class InProcessTools:
    """The task's tools through ``dispatch`` (the function behind the MCP server), no transport."""

    def __init__(self, base: Path, tmp: Path, scenario: Any = SCENARIO) -> None:
        from chibench.world import taskspec

        self.sc = scenario
        self.world = taskspec.prepare(task_world(scenario), base=base, run_dir=tmp / "run", export_dir=tmp / "export")
        self.initial = tmp / "export" / "initial.json"
        self.tmp = tmp

    async def list_tools(self) -> list[dict[str, Any]]:
        from chibench.world.tools.registry import load_all

        return [{"name": t.name, "description": "", "inputSchema": t.input_schema()}
                for t in load_all().for_role(self.sc.role)]

    async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        from chibench.world.tools.dispatch import dispatch_encoded

        is_error, _, text = dispatch_encoded(self.world, self.sc.role, name, arguments)
        return is_error, text

    async def shell(self, command: str) -> tuple[int, str]:
        return 2, "no shell"

    async def aclose(self) -> None:
        return None

    def reward(self) -> int:
        from chibench.verifiers import grade
        from chibench.world.export import snapshot

        card = grade(snapshot(self.world), self.sc.expectations_document(world_version=world_version()),
                     initial=self.initial, out_dir=self.tmp / "verifier", judge=None)
        return int(card["reward"])


@pytest.fixture()
def inproc(base_world_file: Path, tmp_path: Path) -> Iterator[InProcessTools]:
    tools = InProcessTools(base_world_file, tmp_path)
    yield tools
    tools.world.close()


def episode(tools: Any, skills: Handbook, out: Path, *, replay: str = "oracle", fault: str | None = None,
            model: str = "openai/scripted", task: Path = TASK,
            **settings: Any) -> tuple[Outcome, dict[str, Any], sm.ScriptedModel]:
    """One agent-loop episode against the scripted model replaying ``task``'s ``replay`` script (with ``fault``);
    → (outcome, validated ATIF trajectory, the scripted model)."""
    scripted = sm.ScriptedModel(sm.load_script(task, replay), fault=fault)
    with sm.running(scripted) as base:
        s = Settings(model=model, api_base=f"{base}/v1", api_key="sk-scripted", retry_backoff_sec=0.0,
                     **settings)
        loop = AgentLoop(s, tools, skills, "Submit the referral.", out / "trajectory.json", server_name="chibench-provider")
        outcome = asyncio.run(loop.run())
    return outcome, validate_atif(out / "trajectory.json"), scripted
