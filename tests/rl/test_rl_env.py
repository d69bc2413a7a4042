"""``chibench.rl``: the in-process environment over every shipped task package (data-driven: a package
added later is covered without touching this file).

* the oracle's steps score 1, doing nothing 0, every authored near miss 0;
* the final export (incremental) equals the world's full export and ``chibench package try``'s for the
  same steps — same reward, same digests;
* environments in one process are independent; a reset starts from the same state every time;
* tool listings and results (bad names, bad arguments, refused identities) are what the MCP server sends,
  and a refused call changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from chibench.package.harness import try_task
from chibench.package.scenario import load_scenario
from chibench.rl import (
    PACKAGES,
    ChiEnv,
    EnvStateError,
    TaskLoadError,
    TaskPackage,
    function_specs,
    load_task,
    mcp_tools,
    task_ids,
)
from chibench.verifiers.exportview import compute_digest
from chibench.world.export import snapshot
from tests.rl.support import oracle_calls
from tests.support import heavy_sample

ALL_TASKS = task_ids()
TASKS = heavy_sample(ALL_TASKS)  # every package with CHIBENCH_TEST_ALL_PACKAGES=1 (tests/support.py)
NEAR_MISSES = [(t, name) for t in TASKS for name in TaskPackage.from_folder(PACKAGES / t).near_misses]


def test_every_shipped_package_is_found() -> None:
    assert sorted(p.parent.name for p in PACKAGES.glob("*/scenario.yaml")) == ALL_TASKS
    assert set(TASKS) <= set(ALL_TASKS)
    assert len(TASKS) >= 1 and NEAR_MISSES


@pytest.fixture(scope="module")
def base(base_world_file: Path) -> Path:
    return base_world_file


def _full_digest(env: ChiEnv) -> str:
    return str(snapshot(env._world)["digest"])


# ------------------------------------------------------------------------------ rewards, equivalence
@pytest.mark.parametrize("task", TASKS)
def test_oracle_scores_1_with_package_try_texts_and_digests(task: str, base: Path) -> None:
    """Every step's result text (what the MCP server sends) is byte-identical to ``package try``'s for the
    same call, and the final export digest is the same."""
    with ChiEnv(task, base=base) as env:
        obs = env.reset(seed=7)
        assert obs.task_id == task and obs.seed == 7 and obs.instruction.strip()
        texts = [(tool, r.is_error, r.text) for tool, _, r in oracle_calls(env)]
        score = env.score()
        assert score.reward == 1, score.scorecard["reason"]
        assert score.digest == _full_digest(env)  # the incremental export is the world's export
        # score() grades with built_here (digests not recomputed): the export it graded must hash to its digest
        assert compute_digest(score.export) == score.digest
        assert compute_digest(env._template.initial) == obs.initial_digest
        assert score.scorecard["initial"]["digest"] == obs.initial_digest
    ref_texts: list[tuple[str, bool, str]] = []
    ref = try_task(load_scenario(PACKAGES / task / "scenario.yaml"), base, "oracle",
                   on_call=lambda tool, _args, is_error, _payload, text: ref_texts.append((tool, is_error, text)))
    assert ref.reward == 1 and ref.oracle_error is None
    assert len(texts) == len(ref_texts) == ref.steps_run and texts
    for i, (mine, theirs) in enumerate(zip(texts, ref_texts, strict=True)):
        assert mine == theirs, f"step {i} ({theirs[0]}): chibench.rl's text differs from package try's"
    assert ref.scorecard["export"]["digest"] == score.digest
    assert ref.scorecard["initial"]["digest"] == obs.initial_digest


@pytest.mark.parametrize("task", TASKS)
def test_doing_nothing_scores_0(task: str, base: Path) -> None:
    with ChiEnv(task, base=base) as env:
        obs = env.reset()
        score = env.score()
        assert score.reward == 0
        assert score.digest == obs.initial_digest == _full_digest(env)


@pytest.mark.parametrize(("task", "near_miss"), NEAR_MISSES)
def test_every_near_miss_scores_0(task: str, near_miss: str, base: Path) -> None:
    with ChiEnv(task, base=base) as env:
        env.reset()
        env.replay(env.task.near_misses[near_miss])  # a near miss may stop early on a tool error
        score = env.score()
        assert score.reward == 0
        assert score.digest == _full_digest(env)
        assert score.scorecard["deterministic"]["failed_checks"] or score.scorecard["reason"]


def test_a_near_miss_digest_equals_package_try(base: Path) -> None:
    task, near_miss = NEAR_MISSES[0]
    with ChiEnv(task, base=base) as env:
        env.reset()
        env.replay(env.task.near_misses[near_miss])
        score = env.score()
    ref = try_task(load_scenario(PACKAGES / task / "scenario.yaml"), base, f"near_miss:{near_miss}")
    assert (ref.reward, ref.scorecard["export"]["digest"]) == (score.reward, score.digest)


# ------------------------------------------------------------------------------------ independence
def test_two_environments_in_one_process_do_not_interfere(base: Path) -> None:
    task = "uppp.md_review"
    with ChiEnv(task, base=base) as a, ChiEnv(task, base=base) as b:
        start = a.reset().initial_digest
        assert b.reset().initial_digest == start
        oracle = a.task.oracle
        half = len(oracle) // 2
        # interleave: a runs the oracle in two halves around b's own writes
        assert a.replay(oracle[:half]) is None
        b.step(oracle[0]["tool"], oracle[0]["args"])
        assert b.export()["digest"] == _full_digest(b)
        mid_a = a.export()["digest"]
        assert mid_a != start
        b.reset()
        assert b.export()["digest"] == start and a.export()["digest"] == mid_a  # b's reset left a alone
    with ChiEnv(task, base=base) as a, ChiEnv(task, base=base) as b:
        a.reset()
        b.reset()
        assert a.replay(oracle) is None
        assert a.score().reward == 1 and b.score().reward == 0
        assert b.export()["digest"] == start


def test_reset_gives_identical_starting_and_final_states(base: Path) -> None:
    with ChiEnv("cm_asthma_low_coop_001", base=base) as env:  # a scripted member on the phone
        finals, starts, clocks = [], [], []
        for seed in (1, 2):
            obs = env.reset(seed)
            starts.append(env.export()["digest"])
            clocks.append(env.export()["clock"])
            assert env.replay(env.task.oracle) is None
            finals.append(env.score().digest)
            assert starts[-1] == obs.initial_digest
        assert starts[0] == starts[1] and finals[0] == finals[1] and clocks[0] == clocks[1]
        transcript = env.export()["tables"]["cm_outreach_turns"]
        env.reset()
        assert env.replay(env.task.oracle) is None
        assert env.export()["tables"]["cm_outreach_turns"] == transcript


def test_environments_of_different_tasks_side_by_side(base: Path) -> None:
    envs = [ChiEnv(t, base=base) for t in ("brca_testing.referral", "uppp.md_review", "cm_copd_hard_refuses_002")]
    try:
        for e in envs:
            e.reset()
        for e in envs:
            assert e.replay(e.task.oracle) is None
        assert [e.score().reward for e in envs] == [1, 1, 1]
    finally:
        for e in envs:
            e.close()


# ------------------------------------------------------------------------ the server's exact results
def _server_session_results(world: Any, role: str, calls: list[tuple[str, Any]]) -> tuple[list[dict[str, Any]],
                                                                                           list[dict[str, Any]]]:
    """tools/list and tools/call results from the role's MCP server over the SDK's in-memory transport."""
    from mcp.shared.memory import create_connected_server_and_client_session

    from chibench.world.tools.server import build_server

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with create_connected_server_and_client_session(build_server(world, role)) as client:  # type: ignore[arg-type]
            listed = await client.list_tools()
            tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools]
            results = []
            for name, args in calls:
                r = await client.call_tool(name, args)
                results.append(r.model_dump(mode="json", by_alias=True, exclude_none=True))
            return tools, results

    return asyncio.run(run())


BAD_CALLS: list[tuple[str, Any]] = [
    ("no_such_tool", {}),
    ("review_save_md_review", {"acting_as": "WKR-MD-01", "surprise": 1}),  # unknown argument
    ("review_save_md_review", {}),  # missing required arguments
    ("review_get_md_review_data", {"acting_as": 42}),  # wrong type
    ("review_get_md_review_data", {"acting_as": "WKR-PAC-01", "case_id": "x"}),  # not this role's identity
    ("determination_finalize", {"acting_as": "WKR-MD-01", "case_id": "CASE-9999"}),  # unknown case
]


def test_bad_calls_give_the_servers_isError_results_and_change_nothing(base: Path, tmp_path: Path) -> None:
    from chibench.world import taskspec

    task = load_task("uppp.md_review")
    world = taskspec.prepare(task.world, base=base, run_dir=tmp_path / "run", export_dir=tmp_path / "export")
    try:
        server_tools, server_results = _server_session_results(world, task.role, BAD_CALLS)
    finally:
        world.close()
    with ChiEnv(task, base=base) as env:
        obs = env.reset()
        assert obs.tools == server_tools  # tools/list, exactly
        assert obs.tools == mcp_tools(task.role) and obs.functions == function_specs(obs.tools)
        for (name, args), want in zip(BAD_CALLS, server_results, strict=True):
            got = env.step(name, args)
            assert got.is_error, name
            assert got.as_mcp() == want, name
            assert json.loads(got.text) == got.payload and got.structured is None
        assert env.export()["digest"] == obs.initial_digest == _full_digest(env)


def test_successful_results_are_the_servers(base: Path, tmp_path: Path) -> None:
    from chibench.world import taskspec

    task = load_task("brca_testing.referral")
    first = task.oracle[0]
    assert "${" not in json.dumps(first["args"])
    world = taskspec.prepare(task.world, base=base, run_dir=tmp_path / "run", export_dir=tmp_path / "export")
    try:
        _, (want,) = _server_session_results(world, task.role, [(first["tool"], first["args"])])
    finally:
        world.close()
    with ChiEnv(task, base=base) as env:
        env.reset()
        got = env.step(first["tool"], json.dumps(first["args"]))  # arguments as a model's JSON text
        assert not got.is_error and got.as_mcp() == want


@pytest.mark.parametrize(("arguments", "message"), [
    ("{not json", "arguments are not valid JSON"),
    ("[1, 2]", "arguments must be a JSON object"),
])
def test_unparseable_argument_text_is_a_tool_error(arguments: str, message: str, base: Path) -> None:
    with ChiEnv("uppp.md_review", base=base) as env:
        obs = env.reset()
        r = env.step("review_get_md_review_data", arguments)
        assert r.is_error and r.payload["error"] == "invalid_input" and message in r.payload["message"]
        assert env.export()["digest"] == obs.initial_digest


def test_tool_specs_are_function_specs_of_the_role() -> None:
    tools = mcp_tools("payer")
    fns = function_specs(tools)
    assert [f["function"]["name"] for f in fns] == [t["name"] for t in tools]
    assert all(f["type"] == "function" and f["function"]["parameters"]["type"] == "object" for f in fns)
    tools[0]["name"] = "mutated"
    assert mcp_tools("payer")[0]["name"] != "mutated"  # callers get copies
    with pytest.raises(ValueError, match="unknown role 'insurer'"):
        mcp_tools("insurer")


# ------------------------------------------------------------------------------------- counterparts
def test_scripted_counterparts_by_default_whatever_the_environment(base: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "live")  # and no model: a live call would fail
    monkeypatch.delenv("CHIBENCH_COUNTERPART_MODEL", raising=False)
    with ChiEnv("cm_asthma_low_coop_001", base=base) as env:
        env.reset()
        assert env.replay(env.task.oracle) is None
        assert env.score().reward == 1
    with ChiEnv("cm_asthma_low_coop_001", base=base, counterparts="env") as env:
        env.reset()
        failure = env.replay(env.task.oracle)
        assert failure is not None and "counterpart_misconfigured" in failure
    with pytest.raises(ValueError, match="counterparts must be"):
        ChiEnv("cm_asthma_low_coop_001", base=base, counterparts="live")


# --------------------------------------------------------------------------------- lifecycle, loading
def test_out_of_order_use_is_refused(base: Path) -> None:
    env = ChiEnv("brca_testing.intake", base=base)
    with pytest.raises(EnvStateError, match="reset"):
        env.step("x", {})
    with pytest.raises(EnvStateError, match="reset"):
        env.score()
    env.reset()
    env.close()
    env.close()  # idempotent
    with pytest.raises(EnvStateError, match="closed"):
        env.step("x", {})
    with pytest.raises(EnvStateError, match="closed"):
        env.reset()


def test_workdir_gets_the_trial_files(base: Path, tmp_path: Path) -> None:
    with ChiEnv("brca_testing.intake", base=base, workdir=tmp_path / "trial") as env:
        env.reset()
        score = env.score()
    for name in ("initial.json", "final.json", "reward.json", "scorecard.json"):
        assert (tmp_path / "trial" / name).is_file(), name
    assert json.loads((tmp_path / "trial" / "reward.json").read_text()) == {"reward": score.reward}
    assert json.loads((tmp_path / "trial" / "final.json").read_text())["digest"] == score.digest


def test_load_from_an_installed_dataset(tmp_path: Path, base: Path) -> None:
    dataset = tmp_path / "cache" / "tasks"
    target = dataset / "0f3a" / "brca_testing.intake"
    shutil.copytree(PACKAGES / "brca_testing.intake", target)
    (target / "scenario.yaml").unlink()  # a dataset need not ship the authoring source
    task = load_task("brca_testing.intake", dataset=dataset)
    assert task.folder == target and task.near_misses == {} and task.oracle
    with ChiEnv("brca_testing.intake", dataset=dataset, base=base) as env:
        env.reset()
        assert env.replay(env.task.oracle) is None and env.score().reward == 1
    with pytest.raises(TaskLoadError, match="no task 'uppp.md_review'"):
        load_task("uppp.md_review", dataset=dataset)


@pytest.mark.parametrize(("breakage", "message"), [
    (lambda d: (d / "tests" / "expectations.json").unlink(), "tests/expectations.json is missing"),
    (lambda d: (d / "instruction.md").unlink(), "instruction.md is missing"),
    (lambda d: (d / "solution" / "trajectory.json").write_text("{}"), "'steps' must be a list"),
    (lambda d: (d / "tests" / "expectations.json").write_text("{oops"), "not valid JSON"),
    (lambda d: (d / "environment" / "world" / "task.json").write_text('{"task": 1}'), "task.json"),
])
def test_broken_packages_name_the_file(tmp_path: Path, breakage: Any, message: str) -> None:
    target = tmp_path / "brca_testing.intake"
    shutil.copytree(PACKAGES / "brca_testing.intake", target)
    breakage(target)
    with pytest.raises(TaskLoadError, match=message.replace("(", r"\(")):
        load_task(target)


def test_an_invalid_answer_key_is_a_load_error(tmp_path: Path) -> None:
    target = tmp_path / "brca_testing.intake"
    shutil.copytree(PACKAGES / "brca_testing.intake", target)
    key = json.loads((target / "tests" / "expectations.json").read_text())
    key["format"] = "chibench.expectations/0"
    (target / "tests" / "expectations.json").write_text(json.dumps(key))
    with pytest.raises(TaskLoadError, match="invalid answer key"):
        ChiEnv(target)


def test_a_missing_base_file_is_reported_at_reset(tmp_path: Path) -> None:
    env = ChiEnv("brca_testing.intake", base=tmp_path / "nope.sqlite")
    with pytest.raises(FileNotFoundError, match="nope.sqlite"):
        env.reset()


def test_unknown_task_id_lists_the_shipped_ones() -> None:
    with pytest.raises(TaskLoadError, match="brca_testing.intake"):
        load_task("no_such.task")


def test_package_digest_follows_the_files(tmp_path: Path) -> None:
    target = tmp_path / "brca_testing.intake"
    shutil.copytree(PACKAGES / "brca_testing.intake", target)
    before = load_task(target).digest
    (target / "instruction.md").write_text("changed", encoding="utf-8")
    assert load_task(target).digest != before


def _fake_llm_class() -> type:
    from tests.world.counterparts.support import FakeLLM

    return FakeLLM


def test_live_counterparts_when_configured(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A CounterpartConfig makes this environment's member a live model (a local fake OpenAI-compatible
    server here) although the process environment says scripted; another environment stays scripted."""
    from chibench.package.oracle_runner import run_steps, substitute
    from chibench.world.counterparts.config import CounterpartConfig

    monkeypatch.delenv("CHIBENCH_COUNTERPART_BACKEND", raising=False)
    fake = _fake_llm_class()().start()
    said = "Oh hi, yes, the doctor said someone might call."
    fake.replies = [said]
    config = CounterpartConfig(backend="live", model="openai/chibench-fake-sim", api_base=fake.base,
                               api_key="sk-fake", timeout_s=20)
    try:
        with ChiEnv("cm_asthma_low_coop_001", base=base, counterparts=config) as live, \
                ChiEnv("cm_asthma_low_coop_001", base=base) as scripted:
            results = {}
            for env in (live, scripted):
                env.reset()
                oracle = env.task.oracle
                first_message = next(i for i, s in enumerate(oracle) if s["tool"] == "cm_outreach_send_message")

                async def call(tool: str, args: dict[str, Any], env: ChiEnv = env) -> tuple[bool, Any]:
                    r = env.step(tool, args)
                    return r.is_error, r.payload

                saved = asyncio.run(run_steps(oracle[:first_message], call, lambda _m: None))
                step = oracle[first_message]
                results[env] = env.step(step["tool"], substitute(step["args"], saved))
            assert not results[live].is_error and results[live].payload["patient_response"] == said
            assert len(fake.requests) == 1 and fake.requests[0]["body"]["model"] == "chibench-fake-sim"
            assert not results[scripted].is_error and results[scripted].payload["patient_response"] != said
            assert live.export()["tables"]["cm_outreach_sessions"][0]["backend"] == "live"
            assert scripted.export()["tables"]["cm_outreach_sessions"][0]["backend"] == "scripted"
    finally:
        fake.stop()
