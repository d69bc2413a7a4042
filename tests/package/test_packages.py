"""Task packages: the scenario model, the renderer, the task world, and every committed package's content.

Every package under ``packages/`` is checked in-process (the sidecar's world preparation, the oracle's
step runner over ``dispatch``, the grader without a judge): the oracle scores 1, a do-nothing agent 0,
and every authored near miss 0. Harbor runs (sandbox, podman) are exercised in ``tests/sandbox`` and
``.ci/run``.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from chibench.package.cli import PACKAGES, scenario_paths
from chibench.package.harness import task_world, try_task
from chibench.package.oracle_runner import StepFailed, run_steps, substitute
from chibench.package.render import (
    RENDERED,
    RenderError,
    build_all,
    render,
    validate_task_config,
)
from chibench.package.scenario import Scenario, ScenarioError, load_scenario
from chibench.world import taskspec
from chibench.world.core import yamlio
from chibench.world.tools.budget import RESULT_BUDGET
from chibench.world.tools.registry import load_all
from tests.support import heavy_sample
from tests.world.tools.output_check import problems

SCENARIOS = scenario_paths(None)
IDS = [p.parent.name for p in SCENARIOS]
# replays of every oracle and near miss: a representative subset unless CHIBENCH_TEST_ALL_PACKAGES=1
HEAVY = [p for p in SCENARIOS if p.parent.name in heavy_sample(IDS)]
HEAVY_IDS = [p.parent.name for p in HEAVY]
EXAMPLE = PACKAGES / "brca_testing.intake" / "scenario.yaml"


def _raw() -> dict[str, Any]:
    return dict(yamlio.load(EXAMPLE.read_text(encoding="utf-8")))


def _write(tmp_path: Path, data: dict[str, Any], folder: str | None = None) -> Path:
    d = tmp_path / (folder or str(data["id"]))
    d.mkdir(parents=True, exist_ok=True)
    p = d / "scenario.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return p


# ------------------------------------------------------------------------------------- scenario model
@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(id="Not A Task"), "id"),
    (lambda d: d.update(role="insurer"), "role"),
    (lambda d: d.update(difficulty="X"), "difficulty"),
    (lambda d: d.update(surprise=1), "surprise"),
    (lambda d: d["overlay"].update(kind="cm_referral"), "a payer task starts from um_pickup"),
    (lambda d: d["overlay"].update(stage="triage"), "overlay.stage must be 'intake'"),
    (lambda d: d["overlay"].update(service="uppp"), "overlay.service must be 'brca_testing'"),
    (lambda d: d.update(identities=[d["identities"][0], d["identities"][0]]), "duplicate worker id"),
    (lambda d: d["expectations"].update(task={"id": "x"}), "derived from the scenario"),
    (lambda d: d.update(oracle=[]), "oracle"),
    (lambda d: d["oracle"][0].update(tool="bad name!"), "tool"),
])
def test_invalid_scenarios_name_the_field(tmp_path: Path, change: Any, message: str) -> None:
    data = _raw()
    change(data)
    folder = data["id"] if isinstance(data["id"], str) and "/" not in data["id"] else "x"
    with pytest.raises(ScenarioError, match=re.escape(message)):
        load_scenario(_write(tmp_path, data, folder))


def test_folder_must_equal_the_task_id(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="must equal its folder name"):
        load_scenario(_write(tmp_path, _raw(), "uppp.md_review"))


def test_unreadable_scenario(tmp_path: Path) -> None:
    p = tmp_path / "brca_testing.intake" / "scenario.yaml"
    p.parent.mkdir()
    p.write_text("id: [unclosed", encoding="utf-8")
    with pytest.raises(ScenarioError, match="unreadable"):
        load_scenario(p)


# ------------------------------------------------------------------------------------- oracle runner
def test_substitution_keeps_types_and_interpolates_text() -> None:
    env = {"case": "CASE-0001", "ids": ["DOC-1", "DOC-2"], "n": 3}
    assert substitute({"a": "${case}", "b": ["${ids}"], "c": "case ${case} has ${n}"}, env) == \
        {"a": "CASE-0001", "b": [["DOC-1", "DOC-2"]], "c": "case CASE-0001 has 3"}
    with pytest.raises(StepFailed, match="never saved"):
        substitute("${missing}", env)


def _fake(results: dict[str, tuple[bool, Any]]) -> Any:
    async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
        return results[tool]
    return call


def test_run_steps_saves_expects_and_stops_on_surprises() -> None:
    ok = {"list": (False, {"cases": [{"id": "CASE-7"}]}), "get": (False, {"status": "open"}),
          "bad": (True, {"error": "conflict"})}
    env = asyncio.run(run_steps([{"tool": "list", "save": {"cid": "cases[0].id"}},
                                 {"tool": "get", "args": {"case_id": "${cid}"}, "expect": {"status": "open"}}],
                                _fake(ok), log=lambda _m: None))
    assert env == {"cid": "CASE-7"}
    with pytest.raises(StepFailed, match="step 1 bad: tool error"):
        asyncio.run(run_steps([{"tool": "bad"}], _fake(ok), log=lambda _m: None))
    with pytest.raises(StepFailed, match="unexpected success"):
        asyncio.run(run_steps([{"tool": "get", "expect_error": True}], _fake(ok), log=lambda _m: None))
    with pytest.raises(StepFailed, match="expected status == 'closed'"):
        asyncio.run(run_steps([{"tool": "get", "expect": {"status": "closed"}}], _fake(ok), log=lambda _m: None))
    with pytest.raises(StepFailed, match="matched nothing"):
        asyncio.run(run_steps([{"tool": "get", "save": {"x": "nope"}}], _fake(ok), log=lambda _m: None))


# ------------------------------------------------------------------------------------- task world
def test_task_world_prepares_exports_and_refuses_bad_specs(base_world_file: Path, tmp_path: Path) -> None:
    sc = load_scenario(EXAMPLE)
    spec_path = tmp_path / "task.json"
    spec_path.write_text(task_world(sc).model_dump_json(), encoding="utf-8")
    spec = taskspec.load_task_world(spec_path)
    world = taskspec.prepare(spec, base=base_world_file, run_dir=tmp_path / "run", export_dir=tmp_path / "export")
    world.close()
    initial = json.loads((tmp_path / "export" / "initial.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"[0-9a-f]{64}", initial["digest"])
    assert not (tmp_path / "export" / "final.json").exists()
    out = taskspec.export_final(run_dir=tmp_path / "run", export_dir=tmp_path / "export")
    assert json.loads(out.read_text(encoding="utf-8"))["digest"] == initial["digest"]  # nothing happened yet

    with pytest.raises(taskspec.TaskWorldError, match="not found"):
        taskspec.prepare(spec, base=tmp_path / "nope.sqlite", run_dir=tmp_path / "r2", export_dir=tmp_path / "e2")
    with pytest.raises(taskspec.TaskWorldError, match="no live world"):
        taskspec.export_final(run_dir=tmp_path / "empty", export_dir=tmp_path / "e3")
    bad = json.loads(spec_path.read_text(encoding="utf-8")) | {"roles": ["payer", "cm"]}
    spec_path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(taskspec.TaskWorldError, match=r"no worker id for served role\(s\) \['cm'\]"):
        taskspec.load_task_world(spec_path)
    spec_path.write_text(json.dumps(bad | {"roles": ["insurer"]}), encoding="utf-8")
    with pytest.raises(taskspec.TaskWorldError, match="roles"):
        taskspec.load_task_world(spec_path)


# ------------------------------------------------------------------------------------- renderer
def test_task_toml_unknown_keys_are_rejected() -> None:
    pytest.importorskip("harbor")
    sc = load_scenario(EXAMPLE)
    files = render(sc, EXAMPLE.read_bytes())
    cfg = tomllib.loads(files["task.toml"].decode("utf-8"))
    validate_task_config(cfg, sc.id)  # the rendered config is valid
    for path in (("agent",), ("environment",), ("verifier",), ("environment", "healthcheck"), ()):
        broken = json.loads(json.dumps(cfg))
        node = broken
        for key in path:
            node = node[key]
        node["timeout_secs"] = 1  # a typo Harbor itself would silently ignore
        with pytest.raises(RenderError, match="unknown key"):
            validate_task_config(broken, sc.id)
    broken = json.loads(json.dumps(cfg))
    broken["verifier"]["collect"][0]["servce"] = "world"
    with pytest.raises(RenderError, match=r"verifier.collect.*servce"):
        validate_task_config(broken, sc.id)


def test_oracle_steps_must_be_tools_of_the_role(tmp_path: Path) -> None:
    data = _raw()
    data["oracle"][0]["tool"] = "cases_create_from_order"  # a provider tool in a payer task
    sc = load_scenario(_write(tmp_path, data))
    with pytest.raises(RenderError, match="not payer tools"):
        render(sc, b"")


def test_build_check_reports_drift_and_stray_files(tmp_path: Path) -> None:
    pkg = tmp_path / "packages" / "brca_testing.intake"
    pkg.mkdir(parents=True)
    shutil.copyfile(EXAMPLE, pkg / "scenario.yaml")
    scen = pkg / "scenario.yaml"
    assert {p.relative_to(pkg).as_posix() for p in build_all([scen])
            if p.is_relative_to(pkg)} == set(RENDERED)
    assert build_all([scen], check=True) == []
    (pkg / "instruction.md").write_text("edited by hand\n", encoding="utf-8")
    (pkg / "environment" / "secret.txt").write_text("x", encoding="utf-8")
    drift = build_all([scen], check=True)
    assert {pkg / "instruction.md", pkg / "environment" / "secret.txt"} <= set(drift)
    build_all([scen])
    assert build_all([scen], check=True) == [] and not (pkg / "environment" / "secret.txt").exists()


def test_committed_packages_have_no_drift() -> None:
    assert build_all(SCENARIOS, check=True) == []


# ------------------------------------------------------------------------------------- every package
@pytest.fixture(scope="module")
def tools_by_role() -> dict[str, set[str]]:
    reg = load_all()
    return {role: {t.name for t in reg.all() if t.role == role} for role in ("provider", "payer", "cm")}


@pytest.mark.parametrize("scen", SCENARIOS, ids=IDS)
def test_package_isolation_and_instruction(scen: Path, tools_by_role: dict[str, set[str]]) -> None:
    sc = load_scenario(scen)
    pkg = scen.parent
    cfg = tomllib.loads((pkg / "task.toml").read_text(encoding="utf-8"))
    assert cfg["verifier"]["environment_mode"] == "separate"
    assert [s["url"] for s in cfg["environment"]["mcp_servers"]] == [f"http://world:8000/{sc.role}/mcp"]
    assert set(cfg["verifier"]["env"]) == {"CHIBENCH_JUDGE_MODEL", "CHIBENCH_JUDGE_API_BASE", "CHIBENCH_JUDGE_API_KEY"}
    # the agent's box gets the shared agent image and nothing of the task; its fallback Dockerfile copies
    # nothing from the package folder and keeps no chibench (only the handbook taken out of the wheel)
    assert cfg["environment"]["docker_image"].endswith(f"/chibench-agent:{cfg['task']['version']}")
    main = (pkg / "environment" / "Dockerfile").read_text(encoding="utf-8")
    instructions = [ln.split()[0] for ln in main.splitlines() if ln and not ln.startswith(("#", " "))]
    assert "COPY" not in instructions and "ADD" not in instructions
    assert "rm -rf /tmp/chibench-dist" in main
    assert "/opt/chibench/venv/bin/chibench-tools" in main  # the shell MCP client, from the wheel
    assert cfg["environment"]["env"] == {"CHIBENCH_MCP_URL": f"http://world:8000/{sc.role}/mcp"}
    compose = yamlio.load((pkg / "environment" / "docker-compose.yaml").read_text(encoding="utf-8"))
    assert set(compose["services"]) == {"world"} and "JUDGE" not in json.dumps(compose)
    spec = json.loads((pkg / "environment" / "world" / "task.json").read_text(encoding="utf-8"))
    assert spec["roles"] == [sc.role] and "expectations" not in json.dumps(spec)
    # the instruction names only tools of this role and paths that exist in the agent's image
    text = (pkg / "instruction.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z][a-z0-9_]+_[a-z0-9_]+)`", text)) - {"acting_as"}
    assert named <= tools_by_role[sc.role], named - tools_by_role[sc.role]
    for path in re.findall(r"`(/[^`*]+)`", text):
        rel = path.removeprefix("/opt/chibench/skills/managed-care-operations-handbook/")
        assert path == "/workspace" or (Path(__file__).parents[2] / "handbook_skill" / rel).exists(), path
    for answer in ("expectations", "scenario.yaml", "near_miss"):
        assert answer not in text


#: Every tool call of a trajectory: (tool, characters of the text the MCP server sends, payload, is_error).
Calls = list[tuple[str, int, Any, bool]]
_RUNS: dict[tuple[str, str], tuple[Any, Calls]] = {}


def _run(sc: Scenario, base: Path, agent: str) -> tuple[Any, Calls]:
    """``try_task`` once per (task, agent) in this session, with every result's text size recorded."""
    key = (sc.id, agent)
    if key not in _RUNS:
        calls: Calls = []

        def record(tool: str, _args: dict[str, Any], is_error: bool, payload: Any, text: str) -> None:
            calls.append((tool, len(text), payload, is_error))

        _RUNS[key] = (try_task(sc, base, agent, on_call=record), calls)
    return _RUNS[key]


def _agents(sc: Scenario) -> list[str]:
    return ["oracle"] + [f"near_miss:{m.name}" for m in sc.near_misses]


@pytest.mark.parametrize("scen", HEAVY, ids=HEAVY_IDS)
def test_oracle_passes_nop_and_near_misses_fail(scen: Path, base_world_file: Path) -> None:
    sc: Scenario = load_scenario(scen)
    res, _ = _run(sc, base_world_file, "oracle")
    assert res.oracle_error is None and res.reward == 1, res.scorecard.get("deterministic", {}).get("failed_checks")
    assert try_task(sc, base_world_file, "nop").reward == 0
    for miss in sc.near_misses:
        res, _ = _run(sc, base_world_file, f"near_miss:{miss.name}")
        assert res.reward == 0, miss.name


@pytest.mark.parametrize("scen", HEAVY, ids=HEAVY_IDS)
def test_every_result_fits_the_budget(scen: Path, base_world_file: Path) -> None:
    """Every result of the oracle and of every near miss fits the 10,000-character budget on its own: the
    tool's paging or sections keep it there, never the dispatcher's last-resort cut (``result_budget``).
    The text is ``dispatch_encoded``'s, which the MCP server sends byte for byte
    (tests/world/tools/test_serving_fast_paths.py::test_server_sends_the_dispatch_text)."""
    sc: Scenario = load_scenario(scen)
    over = []
    for agent in _agents(sc):
        _, calls = _run(sc, base_world_file, agent)
        assert calls, f"{agent} made no tool call"
        for n, (tool, size, payload, _) in enumerate(calls, 1):
            cut = isinstance(payload, dict) and "result_budget" in payload
            if size > RESULT_BUDGET or cut:
                over.append(f"{agent} step {n} {tool}: {size:,} characters"
                            + (f" (last-resort cut from {payload['result_budget']['full_chars']:,})" if cut else ""))
    assert not over, f"results over the {RESULT_BUDGET:,}-character budget:\n" + "\n".join(over)


@pytest.mark.parametrize("scen", HEAVY, ids=HEAVY_IDS)
def test_every_result_matches_its_output_schema(scen: Path, base_world_file: Path) -> None:
    """Every result of the oracle and of every near miss — success or tool error — has the shape its tool
    declares (the tool's outputSchema, every object closed; tests/world/tools/output_check.py)."""
    sc: Scenario = load_scenario(scen)
    wrong = []
    for agent in _agents(sc):
        _, calls = _run(sc, base_world_file, agent)
        for n, (tool, _, payload, is_error) in enumerate(calls, 1):
            wrong += [f"{agent} step {n} {tool}: {p}" for p in problems(sc.role, tool, is_error, payload)]
    assert not wrong, "results that do not match their tool's declared shape:\n" + "\n".join(wrong[:40])


def test_cli_surface_variant_declares_no_mcp_server(tmp_path: Path) -> None:
    from chibench.cli import main
    from chibench.package.render import build_variant

    (pkg,) = build_variant([EXAMPLE], "cli", tmp_path)
    cfg = tomllib.loads((pkg / "task.toml").read_text(encoding="utf-8"))
    assert "mcp_servers" not in cfg["environment"] and cfg["metadata"]["tool_surface"] == "cli"
    text = (pkg / "instruction.md").read_text(encoding="utf-8")
    assert "| Tools | `chibench-tools` on the command line" in text and "MCP server `chibench-" not in text
    both = (EXAMPLE.parent / "instruction.md").read_text(encoding="utf-8")
    assert "Without an MCP client, use the same tools from the shell: `chibench-tools list`" in both
    assert (pkg / "environment" / "Dockerfile").read_bytes() == (EXAMPLE.parent / "environment" / "Dockerfile").read_bytes()
    assert main(["package", "build", "--surface", "cli"]) == 2  # a variant needs --out
    assert main(["package", "build", "--out", str(tmp_path)]) == 2  # and --out needs a variant
