"""The arena opponent chosen per job (issue #22 (b)/(c)): settings, isolation and turns of a reference-agent opponent.

The reference agent (``chibench.agents.loop``) plays the opponent's side against the scripted model server
(``chibench.testing.scripted_model``, Chat Completions on 127.0.0.1), which replays that side's oracle or a
near miss; the agent under test replays its own side's oracle in process. Each play builds a private world
and serves only the opponent's role endpoint, so the integration cases are kept to three.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from chibench.package import arena
from chibench.package import arena_opponent as ao
from chibench.testing.scripted_model import Script, ScriptedModel, running


@functools.cache
def source() -> arena.ArenaSource:
    return arena.load_source(arena.ARENA_ROOT / "rituximab.arena.yaml")


# ------------------------------------------------------------------------------------------------ settings
@pytest.mark.parametrize(("values", "env", "kind", "label"), [
    ({}, {}, "scripted", "scripted"),
    ({"arena_opponent": "scripted"}, {}, "scripted", "scripted"),
    ({"arena_opponent": "Reference", "arena_opponent_model": "openai/gpt-5"}, {}, "reference", "reference:openai/gpt-5"),
    ({}, {"CHIBENCH_ARENA_OPPONENT": "reference", "CHIBENCH_ARENA_OPPONENT_MODEL": "openrouter/qwen/q"}, "reference",
     "reference:openrouter/qwen/q"),
    ({"arena_opponent_model": "openai/o"}, {"CHIBENCH_ARENA_OPPONENT": "reference"}, "reference", "reference:openai/o"),
])
def test_opponent_settings_accepted(values: dict[str, Any], env: dict[str, str], kind: str, label: str) -> None:
    cfg = ao.opponent_config(values, env=env)
    assert (cfg.kind, cfg.label) == (kind, label)


@pytest.mark.parametrize(("values", "words"), [
    ({"arena_opponent": "gpt"}, ["arena_opponent='gpt'", "scripted, reference, codex"]),
    ({"arena_opponent": "reference"}, ["needs a model", "arena_opponent_model"]),
    ({"arena_opponent": "codex"}, ["codex", "no environment of this release", "arena_opponent=reference"]),
    ({"arena_oponent": "reference"}, ["unknown opponent setting 'arena_oponent'"]),
    ({"arena_opponent": "reference", "arena_opponent_model": "m", "arena_opponent_max_steps": "0"},
     ["arena_opponent_max_steps"]),
    ({"arena_opponent": "scripted", "arena_opponent_model": "openai/gpt-5"}, ["takes no other opponent settings"]),
])
def test_bad_opponent_settings_are_one_line_errors(values: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(ao.OpponentError) as info:
        ao.opponent_config(values, env={})
    msg = str(info.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg


def test_external_world_serves_the_opponent_role_with_only_its_workers() -> None:
    src = source()
    tw = ao.external_task_world(arena.task_world(src, "provider"))
    assert tw.roles == ["provider", "payer"]
    assert tw.identities["payer"] == [i.id for i in src.payer.identities]
    assert tw.overlay.opponent == "external"
    with pytest.raises(ao.OpponentError, match="not an arena side package"):
        ao.external_task_world(arena.task_world(src, "scripted"))


# ------------------------------------------------------------------------------------------------ turns
def opponent_script(side: str, replay: str) -> Script:
    """The opponent side's reference (or near miss) as the scripted model replays it: the same tool calls,
    without the referral's status reads and ``expect`` blocks (they describe the scripted payer)."""
    sc = arena.scenario_for(source(), side)
    steps = sc.oracle if replay == "oracle" else next(m.steps for m in sc.near_misses
                                                      if m.name == replay.partition(":")[2])
    return Script(f"{sc.id}", replay, tuple(s.model_dump(mode="json", exclude={"expect"}) for s in steps
                                           if s.tool != "auth_check_status"))


def play_against(agent_side: str, replay: str, out: Path) -> tuple[dict[str, Any], ScriptedModel]:
    opp = "payer" if agent_side == "provider" else "provider"
    model = ScriptedModel(opponent_script(opp, replay))
    with running(model) as base:
        cfg = ao.opponent_config({"arena_opponent": "reference", "arena_opponent_model": "openai/scripted",
                                  "arena_opponent_api_base": f"{base}/v1", "arena_opponent_api_key": "offline"},
                                 env={})
        card = arena.play(source(), agent_side, "oracle", opponent=cfg, opponent_dir=out)
    return card, model


def offered_tools(model: ScriptedModel) -> set[str]:
    return {t["function"]["name"] for r in model.requests for t in (r["body"].get("tools") or [])}


def test_reference_opponent_replaying_the_payer_oracle_passes_both_sides(tmp_path: Path) -> None:
    card, model = play_against("provider", "oracle", tmp_path)
    assert card["error"] is None
    assert (card["reward"], card["side_rewards"]) == (1, {"provider": 1, "payer": 1})
    assert card["opponent"] == "reference:openai/scripted" and card["agent_side"] == "provider"
    # its turn came when the provider's packet reached the queue, and ended with its agent's final answer
    assert [(t["reason"], t["stop_reason"]) for t in card["opponent_turns"]] == [("submission", "final_answer")]
    tools = offered_tools(model)  # only its own role's endpoint (and the handbook)
    assert "determination_finalize" in tools and "payer_intake_hub_list_intake_queue" in tools
    assert not tools & {"auth_submit_authorization", "cases_create_from_order", "chart_search_patients"}
    doc = json.loads((tmp_path / "trajectory.json").read_text())
    from harbor.models.trajectories import Trajectory

    Trajectory.model_validate(doc)
    calls = [c["function_name"] for s in doc["steps"] for c in s.get("tool_calls", [])]
    assert calls[-1] == "payer_letter_center_deliver"
    assert (tmp_path / "turn-1" / "trajectory.json").is_file()


def test_opponent_near_miss_fails_only_the_opponents_card(tmp_path: Path) -> None:
    card, _ = play_against("provider", "near_miss:letter_never_delivered", tmp_path)
    assert card["side_rewards"] == {"provider": 1, "payer": 0}
    assert card["reward"] == 0
    assert card["sides"]["provider"]["reward"] == 1 and card["sides"]["payer"]["reward"] == 0
    assert "payer side" in card["reason"] and "provider side" not in card["reason"]


def test_provider_opponent_opens_the_case_before_the_payer_agent(tmp_path: Path) -> None:
    card, model = play_against("payer", "oracle", tmp_path)
    assert [t["reason"] for t in card["opponent_turns"]] == ["opening"]
    assert card["error"] is None
    assert (card["reward"], card["side_rewards"]) == (1, {"provider": 1, "payer": 1})
    assert not offered_tools(model) & {"determination_finalize", "payer_intake_hub_list_intake_queue"}


# ------------------------------------------------------------------------------------------------ across processes
def test_remote_turn_routes_need_the_token_and_release_the_handing_call() -> None:
    import threading

    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    from chibench.world.apps.arena_turns import RemoteTurns, Turn

    remote = RemoteTurns("s3cret", timeout_sec=60)
    remote.external = "payer"
    client = TestClient(Starlette(routes=ao.turn_routes(remote)))
    assert client.get("/arena/turn").status_code == 403
    assert client.get("/arena/turn", headers={ao.TOKEN_HEADER: "guess"}).status_code == 403
    ok = {ao.TOKEN_HEADER: "s3cret"}
    assert client.get("/arena/turn", headers=ok).json() == {"external_side": "payer", "pending": None}
    handed = threading.Thread(target=remote.handler, args=(None, Turn(1, "payer", "submission", "CASE-0001")))
    handed.start()
    while remote.pending is None:
        handed.join(0.01)
    assert client.get("/arena/turn", headers=ok).json()["pending"] == {
        "seq": 1, "side": "payer", "reason": "submission", "case_id": "CASE-0001"}
    assert handed.is_alive()  # the call that handed the work over waits for the opponent's turn
    assert client.post("/arena/turn/2/done", headers=ok).json() == {"released": False}
    assert client.post("/arena/turn/1/done").status_code == 403
    assert client.post("/arena/turn/1/done", headers=ok).json() == {"released": True}
    handed.join(30)
    assert not handed.is_alive()
    assert client.get("/arena/turn", headers=ok).json()["pending"] is None
