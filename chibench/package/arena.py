"""χ-Bench-Arena packages: one PA case played end to end by a provider side and a payer side (paper §4.3).

Source: ``packages-arena/<service>.arena.yaml`` (one file per case, :class:`ArenaSource`). It names the
case's referral task (the provider side's narrative, identities, oracle and answer key come from
``packages/<service>.referral/scenario.yaml``, so the two never drift) and holds the payer side:
identities, the reference payer trajectory (recorded once from the scripted payer by
:func:`record_payer_reference`, through the same tool arguments an agent sends), and the payer's answer key.

Rendered (``chibench arena build``): two Harbor task packages per case, one per side the agent under
test plays — ``packages-arena/<service>.provider/`` and ``packages-arena/<service>.payer/``. Two packages
rather than a job kwarg because the side decides everything Harbor reads per task: the MCP server
declared in ``task.toml``, the instruction, the oracle's server and the world's starting state. Cases
whose reference play never reaches the payer (the provider holds the case: ``pa_terminal:
gather_more_evidence``) get only the provider package — the payer's correct play there is to do
nothing, which a do-nothing agent also does, so it cannot be a task. The folder is ``packages-arena/``,
not ``packages/``: the 75-task dataset, ``.ci/run``'s ``packages/*/scenario.yaml`` sweep,
``tests/support.py`` and ``chibench dataset`` all count ``packages/`` children.

The opponent is the world's scripted side (``world/apps/scripted_payer.py`` for a provider agent,
``world/apps/scripted_provider.py`` for a payer agent) — in the world sidecar, on the world clock,
through the same service functions. Grading: ``tests/expectations.json`` is an arena key
(``chibench.arena-expectations/1``: both sides' keys); ``chibench verify`` grades both
(``verifiers/arena.py``) and the reward is 1 only when both sides pass.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from chibench.package.scenario import Identity, NearMiss, OracleStep, Scenario, load_scenario
from chibench.world.core import yamlio

REPO = Path(__file__).resolve().parents[2]
PACKAGES = REPO / "packages"
ARENA_ROOT = REPO / "packages-arena"
ARENA_FORMAT = "chibench.arena-expectations/1"
SIDES = ("provider", "payer")

#: The two PA cases not applicable to two agents (the paper excludes two without naming them). Both are
#: "gather more evidence" holds whose request can never reach a payer: the ordering clinician withdraws the
#: CT order outright, and the hysterectomy member's Medicaid coverage ended 09/30, so there is no payer
#: counterpart for the request at all. The other three holds stay open requests with active Keystone
#: coverage; their payer side is graded on restraint (nothing issued on a request it never received).
EXCLUDED = {
    "ct_abdomen_pelvis": "the ordering gastroenterologist withdraws the repeat CT order (seed clinician reply): "
                         "the request ends on the provider side and no payer ever holds it",
    "lap_hysterectomy": "the member's Medicaid coverage ended 09/30 (seed clinician reply): the hysterectomy is "
                        "held for medical management and recertification, so no payer counterpart exists",
}

PATerminal = Literal["submitted", "returned_for_docs", "gather_more_evidence"]
#: Case statuses a provider side may leave a submitted case in (the payer side decides what follows).
PROVIDER_SUBMITTED = ["submitted", "resubmitted", "pended_action_required", "under_review", "approved",
                      "partially_approved", "denied"]
#: Tables either side writes on the case in an arena (both keys' mutation scope).
ARENA_SCOPE = ["pa_cases", "pa_lines", "requirement_checks", "provider_determinations", "form_responses",
               "documents", "submission_packets", "fax_pages", "determinations", "inbox_messages", "intake_cases",
               "intake_line_items", "triage_records", "routing_records", "review_tasks", "nurse_recommendations",
               "criterion_evaluations", "md_decisions", "letters", "member_notifications", "workspace_artifacts",
               "p2p_requests", "p2p_sessions", "p2p_turns"]


class ArenaError(ValueError):
    """An arena source is invalid or cannot be rendered; the message names the case and the problem."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PayerSide(_M):
    identities: list[Identity] = Field(min_length=1, description="Payer workers the payer agent acts as")
    expectations: dict[str, Any] = Field(description="The payer side's answer key (chibench.expectations/1 "
                                                     "minus `task`)")
    oracle: list[OracleStep] = Field(default_factory=list, description="The reference payer trajectory")
    near_misses: list[NearMiss] = Field(default_factory=list)


class ProviderSide(_M):
    terminal_status: list[str] = Field(min_length=1, description="Statuses the provider side may leave the case in")
    near_misses: list[str] = Field(default_factory=list,
                                   description="Referral near misses that are provider-only mistakes (the payer "
                                               "still reaches its determination): independence is shown on them")


class ArenaSource(_M):
    id: str = Field(pattern=r"^arena\.[a-z0-9_]+$")
    service: str = Field(pattern=r"^[a-z0-9_]+$")
    pa_terminal: PATerminal = Field(description="The paper's PA terminal state of the case (Table 11)")
    terminal_state: str = Field(description="Where the reference play of both sides leaves the case")
    provider: ProviderSide
    payer: PayerSide

    @property
    def sides(self) -> tuple[str, ...]:
        return ("provider",) if self.pa_terminal == "gather_more_evidence" else SIDES


def load_source(path: str | Path) -> ArenaSource:
    p = Path(path)
    try:
        raw = yamlio.load(p.read_text(encoding="utf-8"))
        return ArenaSource.model_validate(raw)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise ArenaError(f"{p}: {exc}") from exc


def source_paths(root: Path = ARENA_ROOT) -> list[Path]:
    return sorted(root.glob("*.arena.yaml"))


@functools.cache
def referral(service: str) -> Scenario:
    """The case's provider task (``packages/<service>.referral/scenario.yaml``)."""
    return load_scenario(PACKAGES / f"{service}.referral" / "scenario.yaml", world_checks=False)


def provider_reference(service: str) -> list[dict[str, Any]]:
    """The reference provider's tool calls (the referral oracle) as the scripted provider replays them."""
    return [s.model_dump(mode="json", exclude_defaults=True, exclude={"why", "expect"}) for s in referral(service).oracle]


def overlay(service: str, side: str, src: ArenaSource | None = None) -> dict[str, Any]:
    """The ``pa_arena`` overlay for one side (``provider``, ``payer`` or ``scripted``). With the source, it
    names the workers the opponent side acts as when a job makes it external (``chibench.package.arena_opponent``)."""
    out: dict[str, Any] = {"kind": "pa_arena", "service": service, "side": side}
    if side != "provider":
        out["provider_reference"] = provider_reference(service)
    if src is not None and side in SIDES:
        out["opponent_identities"] = ([i.id for i in src.payer.identities] if side == "provider"
                                      else [i.id for i in referral(service).identities])
    return out


def opponent_instruction(src: ArenaSource, side: str) -> str:
    """The instruction an external opponent playing ``side`` gets: that side's own package instruction."""
    from chibench.package.render import render

    try:
        return render(scenario_for(src, side), side.encode())["instruction.md"].decode()
    except Exception:  # noqa: BLE001 - a held case's payer side has no package; it gets the desk's narrative
        return f"{PAYER_NARRATIVE}\n\n{PAYER_DELIVERABLE}\n"


# ------------------------------------------------------------------------------------- answer keys
def provider_key(src: ArenaSource) -> dict[str, Any]:
    """The provider side's key: the referral task's key, the terminal status widened to what the provider
    side controls, the mutation scope widened to both sides' tables."""
    exp = copy.deepcopy(referral(src.service).expectations)
    exp["terminal_status"] = list(src.provider.terminal_status)
    exp["target"] = {k: v for k, v in exp["target"].items() if k != "exists_initially"}
    exp["scope"] = {**exp.get("scope", {}), "tables": sorted(set(exp.get("scope", {}).get("tables", [])) | set(ARENA_SCOPE))}
    return exp


def side_document(src: ArenaSource, side: str, body: dict[str, Any], world_version: str) -> dict[str, Any]:
    ref = referral(src.service)
    return {"format": "chibench.expectations/1",
            "task": {"id": f"{src.id}.{side}", "domain": "provider_pa" if side == "provider" else "payer_um",
                     "role": side, "title": f"Arena ({side} side): {ref.title}", "paper_task_id": f"{src.service}.referral",
                     "difficulty": {"E": "easy", "M": "moderate", "H": "hard"}[ref.difficulty],
                     "world_version": world_version},
            **body}


def arena_expectations(src: ArenaSource, agent_side: str, world_version: str) -> dict[str, Any]:
    """``tests/expectations.json`` of an arena package: both sides' keys."""
    return {"format": ARENA_FORMAT, "task": f"{src.id}.{agent_side}", "agent_side": agent_side,
            "opponent": "scripted",
            "sides": {"provider": side_document(src, "provider", provider_key(src), world_version),
                      "payer": side_document(src, "payer", src.payer.expectations, world_version)}}


# ------------------------------------------------------------------------------------- scenarios
PAYER_NARRATIVE = (
    "You work Keystone Mutual Health Plan's utilization-management desk today. A provider office has been working "
    "a prior-authorization request for one of our members; whatever it sends reaches Keystone's intake queue, and "
    "what you send back (pend letters, determinations, letters, peer-to-peer offers) reaches that office on the "
    "channel it used. Work the request the way the payer UM handbook describes, from intake through triage and "
    "clinical review to a determination and its letter, for as long as the request is in front of you - the "
    "office answers pends on its own time, and its answer arrives in the queue.")
PAYER_DELIVERABLE = (
    "Every request the office sends is worked to the outcome the plan's policy gives for what Keystone actually "
    "holds: an incomplete request is pended with a specific list of what is missing; a complete one is reviewed "
    "and decided by the right reviewer, finalized through the determination preflight, and its letter written "
    "and delivered to the office on the channel the request came in on. You decide only what is in front of you "
    "and never issue anything on a request you did not receive.")


def scenario_for(src: ArenaSource, side: str) -> Scenario:
    """The side's package as a :class:`Scenario` (rendered by the ordinary renderer)."""
    ref = referral(src.service)
    title = f"Arena ({side} side): {ref.title}"[:160]
    data: dict[str, Any]
    if side == "provider":
        near = [m for m in ref.near_misses if m.name in src.provider.near_misses]
        data = {"id": f"{src.id}.provider", "category": ref.category, "difficulty": ref.difficulty, "title": title,
                "role": "provider", "identities": [i.model_dump() for i in ref.identities],
                "overlay": overlay(src.service, "provider", src), "contracts": list(ref.contracts),
                "narrative": ref.narrative, "workspace": dict(ref.workspace), "deliverable": ref.deliverable,
                "expectations": provider_key(src), "oracle": [s.model_dump() for s in ref.oracle],
                "near_misses": [m.model_dump() for m in near]}
    else:
        ws = {k: v for k, v in ref.workspace.items() if k != "Worklist"}
        data = {"id": f"{src.id}.payer", "category": ref.category, "difficulty": ref.difficulty, "title": title,
                "role": "payer", "identities": [i.model_dump() for i in src.payer.identities],
                "overlay": overlay(src.service, "payer", src), "contracts": [],
                "narrative": PAYER_NARRATIVE, "workspace": {"Worklist": "Keystone UM intake queue", **ws},
                "deliverable": PAYER_DELIVERABLE, "expectations": src.payer.expectations,
                "oracle": [s.model_dump() for s in src.payer.oracle],
                "near_misses": [m.model_dump() for m in src.payer.near_misses]}
    return Scenario.model_validate(data)


# ------------------------------------------------------------------------------------- in-process play
def task_world(src: ArenaSource | str, side: str) -> Any:
    """The ``TaskWorld`` of one side (``scripted``: both sides scripted, the arena's self-test)."""
    from chibench.world.overlays import OverlaySpec
    from chibench.world.taskspec import TaskWorld

    service = src if isinstance(src, str) else src.service
    ref = referral(service)
    if side == "payer":
        assert isinstance(src, ArenaSource)
        ids = [i.id for i in src.payer.identities]
    else:
        ids = [i.id for i in ref.identities]
    role = "payer" if side == "payer" else "provider"
    return TaskWorld(task=f"arena.{service}.{side}", roles=[role], identities={role: ids},
                     overlay=OverlaySpec.model_validate(overlay(service, side, src if isinstance(src, ArenaSource)
                                                                else None)), contracts=list(ref.contracts))


def open_world(tw: Any) -> tuple[Any, dict[str, Any]]:
    """A private in-process world at the side's starting state, and the starting export."""
    from chibench.rl import worlds
    from chibench.world.tools import dispatch  # noqa: F401  (registers the scripted provider's tool caller)

    digest = hashlib.sha256(json.dumps(tw.model_dump(mode="json"), sort_keys=True).encode()).hexdigest()
    tpl = worlds.template(tw, digest, None)
    return worlds.open_episode(tpl), tpl.initial


def run_steps(world: Any, role: str, steps: list[dict[str, Any]]) -> str | None:
    """Replay oracle-format steps through the dispatcher; returns the first error (or None)."""
    import asyncio

    from chibench.package.oracle_runner import StepFailed
    from chibench.package.oracle_runner import run_steps as _run
    from chibench.world.tools.dispatch import dispatch

    async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
        return dispatch(world, role, tool, args)

    try:
        asyncio.run(_run(steps, call, lambda _m: None))
    except StepFailed as exc:
        return str(exc)
    return None


def play(src: ArenaSource, side: str, agent: str = "oracle", *, judge: Any = None,
         provider_near_misses: bool = False, opponent: Any = None, opponent_dir: Path | None = None
         ) -> dict[str, Any]:
    """Play one arena trial in process and grade both sides.

    ``side``: the agent's side (``provider`` | ``payer``) or ``scripted`` (both scripted; ``agent`` ignored).
    ``agent``: ``oracle`` | ``nop`` | ``near_miss:<name>``. ``opponent``: an
    :class:`~chibench.package.arena_opponent.OpponentConfig` (default: scripted); a ``reference`` opponent
    plays the other side from this process through only its own role's MCP endpoint (served on 127.0.0.1),
    taking its turns as the world hands them over; its trajectories go to ``opponent_dir``. Returns the arena
    scorecard plus ``error`` (the first failing step), ``final`` (the final export) and, with an external
    opponent, ``opponent_turns``."""
    from chibench.verifiers.arena import grade_arena
    from chibench.world.export import snapshot
    from chibench.world.tools import dispatch as _dispatch  # noqa: F401  (tool registry loaded)

    if opponent is not None and opponent.kind != "scripted":
        return _play_external(src, side, agent, opponent, opponent_dir, judge=judge,
                              provider_near_misses=provider_near_misses)
    world, initial = open_world(task_world(src, side))
    error: str | None = None
    try:
        if side != "scripted" and agent != "nop":
            sc = scenario_for(src, side)
            if agent == "oracle":
                steps = sc.oracle
            else:
                name = agent.partition(":")[2]
                pool = referral(src.service).near_misses if provider_near_misses and side == "provider" \
                    else sc.near_misses
                found = next((m.steps for m in pool if m.name == name), None)
                if found is None:
                    raise ArenaError(f"{src.id}.{side}: no near miss '{name}'")
                steps = found
            error = run_steps(world, side, [s.model_dump() for s in steps])
        final = snapshot(world)
    finally:
        world.close()
    from chibench.package.harness import world_version

    key = arena_expectations(src, side if side != "scripted" else "provider", world_version())
    card = grade_arena(final, key["sides"], initial=initial, agent_side=side,
                       opponent="scripted", judge=judge)
    card["error"] = error
    card["final"] = final
    return card


def _agent_steps(src: ArenaSource, side: str, agent: str, provider_near_misses: bool) -> list[dict[str, Any]]:
    sc = scenario_for(src, side)
    if agent == "oracle":
        return [s.model_dump() for s in sc.oracle]
    name = agent.partition(":")[2]
    pool = referral(src.service).near_misses if provider_near_misses and side == "provider" else sc.near_misses
    found = next((m.steps for m in pool if m.name == name), None)
    if found is None:
        raise ArenaError(f"{src.id}.{side}: no near miss '{name}'")
    return [s.model_dump() for s in found]


def _play_external(src: ArenaSource, side: str, agent: str, opponent: Any, opponent_dir: Path | None, *,
                   judge: Any, provider_near_misses: bool) -> dict[str, Any]:
    """:func:`play` with an external opponent (``chibench.package.arena_opponent``)."""
    import tempfile

    from chibench.package import arena_opponent as ao
    from chibench.package.harness import world_version
    from chibench.verifiers.arena import grade_arena
    from chibench.world.export import snapshot

    if side not in src.sides:
        raise ArenaError(f"{src.id}: no '{side}' side to play against an opponent (sides: {', '.join(src.sides)})")
    opp = "payer" if side == "provider" else "provider"
    world, initial = open_world(ao.external_task_world(task_world(src, side)))
    out = opponent_dir or Path(tempfile.mkdtemp(prefix=f"arena-opponent-{src.service}-"))
    error: str | None = None
    try:
        with ao.serving_role(world, opp) as url:
            run = ao.OpponentRun(opponent, opp, url, opponent_instruction(src, opp), out)
            with ao.external_opponent(world, run):
                first = ao.opening_turn(world)
                if first is not None:
                    run.play_turn_blocking(first)
                if agent != "nop":
                    error = run_steps(world, side, _agent_steps(src, side, agent, provider_near_misses))
        final = snapshot(world)
    finally:
        world.close()
    key = arena_expectations(src, side, world_version())
    card = grade_arena(final, key["sides"], initial=initial, agent_side=side, opponent=opponent.label, judge=judge)
    card["error"] = error
    card["final"] = final
    card["opponent_turns"] = run.turns
    card["opponent_dir"] = str(out)
    return card


# ------------------------------------------------------------------------------------- recording
_RECORDED: dict[str, tuple[str, str]] = {
    # service module attribute → (module path, payer tool)
    "save_auth_header": ("chibench.world.apps.intake_hub.services", "payer_intake_hub_save_auth_header"),
    "confirm_decisions": ("chibench.world.apps.intake_hub.services", "payer_intake_hub_confirm_decisions"),
    "set_disposition": ("chibench.world.apps.triage.services", "triage_set_disposition"),
    "route_case": ("chibench.world.apps.triage.services", "triage_route_case"),
    "submit_nurse_case_recommendation": ("chibench.world.apps.nurse_review.services",
                                         "review_submit_nurse_case_recommendation"),
    "submit_md_case_decision": ("chibench.world.apps.md_review.services", "review_submit_md_case_decision"),
    "finalize": ("chibench.world.apps.determination.services", "determination_finalize"),
    "offer_slots": ("chibench.world.apps.p2p_scheduler.services", "p2p_offer_slots"),
    "generate_pend": ("chibench.world.apps.letter_center.services", "payer_letter_center_generate_pend"),
    "generate_approval": ("chibench.world.apps.letter_center.services", "payer_letter_center_generate_approval"),
    "generate_denial": ("chibench.world.apps.letter_center.services", "payer_letter_center_generate_denial"),
    "deliver": ("chibench.world.apps.letter_center.services", "payer_letter_center_deliver"),
}


def _flipped(real: Callable[..., Any]) -> Callable[..., Any]:
    """The plan policy's adjudication, reversed: what a reviewer who misreads the criteria decides."""
    from chibench.world.rules.adjudication import Adjudication

    def adjudicate(*a: Any, **kw: Any) -> Any:
        adj = real(*a, **kw)
        if adj.outcome == "approve":
            return Adjudication("deny", "medical_necessity", ["the submitted documentation does not establish the "
                                                              "policy criteria"])
        if adj.outcome in ("deny", "p2p"):
            return Adjudication("approve", "medical_necessity", ["criteria met on the submitted documentation"])
        return adj
    return adjudicate


@contextmanager
def _recording(world: Any, sink: list[tuple[dict[str, Any], Any]], *, flip: bool = False) -> Iterator[None]:
    """Wrap the payer service functions the scripted payer calls so each call is recorded as the payer tool
    call with the same arguments (services and tools both name the identity ``acting_as``); the scripted
    payer works in queue mode and its waits are skipped (a tool call cannot wait)."""
    import importlib

    from chibench.world.apps import scripted_payer

    saved: list[tuple[Any, str, Any]] = []

    def wrap(fn: Callable[..., Any], tool: str) -> Callable[..., Any]:
        def recorded(w: Any, **kw: Any) -> Any:
            acting_as = kw.pop("acting_as")
            args = {"acting_as": acting_as, **{k: v for k, v in kw.items() if v is not None}}
            entry: dict[str, Any] = {"tool": tool, "args": json.loads(json.dumps(args, default=str))}
            slot: list[Any] = [entry, None]
            sink.append(slot)  # type: ignore[arg-type]
            result = fn(w, acting_as=acting_as, **kw)
            slot[1] = result
            return result
        return recorded

    for attr, (mod_name, tool) in _RECORDED.items():
        mod = importlib.import_module(mod_name)
        saved.append((mod, attr, getattr(mod, attr)))
        setattr(mod, attr, wrap(getattr(mod, attr), tool))
    saved.append((scripted_payer, "payer_mode", scripted_payer.payer_mode))
    scripted_payer.payer_mode = lambda _s: "auto"
    if flip:
        saved.append((scripted_payer, "adjudicate", scripted_payer.adjudicate))
        scripted_payer.adjudicate = _flipped(scripted_payer.adjudicate)
    saved.append((world, "advance", world.advance))
    world.advance = lambda **_kw: None
    try:
        yield
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)


def _parametrize(steps: list[tuple[dict[str, Any], Any]], case_id: str) -> list[dict[str, Any]]:
    """Literal run-time ids → saved variables, so the trajectory reads like an agent's: the case id comes
    from the intake queue, each letter id from the letter it generated, the P2P request from the decision."""
    names: dict[str, str] = {case_id: "${case_id}"}
    first_actor = steps[0][0]["args"]["acting_as"] if steps else None
    out: list[dict[str, Any]] = [{"tool": "payer_intake_hub_list_intake_queue", "args": {"acting_as": first_actor},
                                  "save": {"case_id": "cases[0].case_id"}}]

    def sub(v: Any) -> Any:
        if isinstance(v, str):
            return names.get(v, v)
        if isinstance(v, list):
            return [sub(x) for x in v]
        if isinstance(v, dict):
            return {k: sub(x) for k, x in v.items()}
        return v

    for n, (entry, result) in enumerate(steps, 1):
        step: dict[str, Any] = {"tool": entry["tool"], "args": sub(entry["args"])}
        if isinstance(result, dict):
            saves = {}
            if entry["tool"].startswith("payer_letter_center_generate") and isinstance(result.get("id"), str):
                saves[f"letter_{n}"] = ("id", result["id"])
            if isinstance(result.get("p2p_request_id"), str):
                saves[f"p2p_request_{n}"] = ("p2p_request_id", result["p2p_request_id"])
            for var, (key, value) in saves.items():
                step.setdefault("save", {})[var] = key
                names[value] = "${" + var + "}"
        out.append(step)
    return out


def record_payer_reference(service: str, *, flip: bool = False) -> tuple[list[dict[str, Any]], list[str], str]:
    """Record the scripted payer's work on the reference packet as payer tool calls.

    ``flip``: record the opposite decision instead (approve ↔ deny, a P2P skipped for an approval) — the
    ``opposite_decision`` near miss. Returns ``(steps, acting workers, case_id)``. The steps are then proven by replaying them through the
    payer dispatcher in a fresh payer-side world (:func:`play` with ``agent=oracle``)."""
    from sqlalchemy import select

    from chibench.world.apps import scripted_payer
    from chibench.world.apps.pa_workbench.models import PACase

    src_stub = task_world(service, "scripted")
    tw = src_stub.model_copy(update={"task": f"arena.{service}.record", "roles": ["payer"],
                                     "identities": {"payer": ["WKR-RECORD"]},
                                     "overlay": src_stub.overlay.model_copy(update={"side": "payer"})})
    world, _ = open_world(tw)
    try:
        with world.read() as s:
            case = s.scalars(select(PACase).order_by(PACase.id)).first()
            if case is None:
                raise ArenaError(f"{service}: the reference provider submitted nothing")
            case_id = case.id
        sink: list[tuple[dict[str, Any], Any]] = []
        with _recording(world, sink, flip=flip):
            scripted_payer.respond(world, case_id)
    finally:
        world.close()
    steps = _parametrize(sink, case_id)
    actors = sorted({str(s["args"]["acting_as"]) for s in steps})
    return steps, actors, case_id


# ------------------------------------------------------------------------------------- authoring
PA_TERMINAL_OF = {"submit_pa": "submitted", "gather_more_evidence": "gather_more_evidence"}
LETTER_TYPES = ["approval", "partial_approval", "denial", "pend"]


def _pa_terminal(ref: Scenario) -> str:
    actions = [s.args.get("final_action") for s in ref.oracle if s.tool == "auth_finalize_provider_determination"]
    if actions and actions[-1] == "gather_more_evidence":
        return "gather_more_evidence"
    return "returned_for_docs" if "gather_more_evidence" in actions else "submitted"


def payer_key(ref: Scenario, steps: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The payer side's answer key from the reference payer play: ``(terminal status, key)``."""
    target = {k: v for k, v in ref.expectations["target"].items() if k in ("kind", "order_id", "patient_id")}
    by_tool: dict[str, list[dict[str, Any]]] = {}
    for s in steps:
        by_tool.setdefault(s["tool"], []).append(s["args"])
    key: dict[str, Any] = {"target": target, "scope": {"tables": ARENA_SCOPE}}
    if not steps:  # the provider holds the case: the payer never receives it
        key.update(terminal_status=["docs_needed"], stages={"determination": {"present": False}},
                   artifacts={"forbidden_letter_types": LETTER_TYPES},
                   checks=[{"name": "payer_never_received_the_request", "stage": "payer",
                            "description": "The held case never reached Keystone's intake queue (no intake record)",
                            "expr": "case.intake_cases || `[]`", "op": "length_eq", "value": 0,
                            "do_nothing_passes": False},
                           {"name": "no_spontaneous_p2p", "stage": "payer",
                            "description": "Keystone opened no peer-to-peer on a request it never received",
                            "expr": "case.p2p_requests || `[]`", "op": "length_eq", "value": 0,
                            "do_nothing_passes": False}])
        return "docs_needed", key
    md = by_tool.get("review_submit_md_case_decision", [{}])[-1]
    fin = by_tool.get("determination_finalize", [])
    triage = by_tool.get("triage_set_disposition", [{}])[-1]
    stages: dict[str, Any] = {"intake": {"complete": True, "request_complete": True},
                              "triage": {"disposition": triage.get("disposition"), "lane_matches_policy": True}}
    if md:
        stages["md_review"] = {"decision": md.get("decision")}
    if fin:
        decision = fin[-1]["decision"]
        stages["determination"] = {"decision": decision}
        terminal = decision
    elif triage.get("disposition") in ("gold_card", "notification"):  # approved at routing
        stages["determination"] = {"decision": "approved", "basis": triage["disposition"]}
        terminal = "approved"
    else:
        stages["determination"] = {"present": False}
        terminal = "under_review"
    letters = [s["tool"].removeprefix("payer_letter_center_generate_") for s in steps
               if s["tool"].startswith("payer_letter_center_generate_")]
    channel = by_tool.get("payer_letter_center_deliver", [{}])[-1].get("channel")
    artifacts: dict[str, Any] = {
        "letters": [{"letter_type": lt, "recipient": "provider", "channels": [channel] if channel else None,
                     "max_count": letters.count(lt)} for lt in dict.fromkeys(letters)],
        "forbidden_letter_types": [lt for lt in LETTER_TYPES if lt not in letters]}
    key.update(terminal_status=[terminal], stages=stages, artifacts=artifacts)
    if "p2p_offer_slots" in by_tool:
        key["checks"] = [{"name": "p2p_offered_to_the_office", "stage": "p2p",
                          "description": "The medical director's intended adverse decision went to a peer-to-peer "
                                         "review whose slots an independent reviewer offered the office",
                          "expr": "case.p2p_requests[0].status", "op": "in",
                          "value": ["slots_offered", "slot_selected", "scheduled"], "do_nothing_passes": False}]
    return terminal, key


#: The one item of the ``vague_pend`` near miss: a pend that names no document kind, on a complete packet.
VAGUE_PEND_ITEM = "Additional clinical documentation supporting the request"


def record_vague_pend(service: str) -> list[dict[str, Any]]:
    """The scripted payer's intake pending the reference packet (complete) for :data:`VAGUE_PEND_ITEM` — the
    ``vague_pend`` near miss, recorded through the same tool arguments (letter fields, due date) as the
    reference — up to the first drafted pend letter: a delivered pend is answered by the scripted provider with a
    second packet, which the provider's single-submission key (``max_packets``) would count against it."""
    from chibench.world.apps import scripted_payer
    from chibench.world.rules.adjudication import Adjudication

    real = scripted_payer.assess
    scripted_payer.assess = lambda _s, _case: (Adjudication("pend", "completeness", [VAGUE_PEND_ITEM]), [])
    try:
        steps = record_payer_reference(service)[0]
    finally:
        scripted_payer.assess = real
    tools = [s["tool"] for s in steps]
    return steps[:tools.index("payer_letter_center_generate_pend") + 1]


def _approved_at_routing(steps: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The reference play with the triage disposition ``notification``: the request is approved at routing,
    without the clinical review the policy requires (the reference's own approval letter follows, with the
    routing's authorization number). ``None`` when the reference play has no triage step."""
    tools = [s["tool"] for s in steps]
    if "triage_set_disposition" not in tools or "triage_route_case" not in tools:
        return None
    cut = tools.index("triage_route_case")
    out = copy.deepcopy(steps[:cut + 1])
    dispo = out[tools.index("triage_set_disposition")]["args"]
    dispo.update(disposition="notification",
                 disposition_reason="Notification-only service: approved at intake, no clinical review needed.")
    out[cut]["save"] = {"routing_auth": "authorization_number"}
    approval = next((k for k, t in enumerate(tools) if t == "payer_letter_center_generate_approval"), None)
    if approval is not None:
        letter = copy.deepcopy(steps[approval])
        letter["args"]["fields"]["authorization_number"] = "${routing_auth}"
        old_auth = steps[approval]["args"]["fields"].get("authorization_number")
        for k in ("body", "subject"):
            if isinstance(old_auth, str) and isinstance(letter["args"].get(k), str):
                letter["args"][k] = letter["args"][k].replace(old_auth, "${routing_auth}")
        out.append(letter)
        out += copy.deepcopy([s for s in steps[approval + 1:] if s["tool"] == "payer_letter_center_deliver"][:1])
    return out


def payer_near_misses(steps: list[dict[str, Any]], flipped: list[dict[str, Any]] | None = None,
                      vague_pend: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Plausible payer-side mistakes from the reference play; each must fail only the payer side."""
    out = []
    if vague_pend:
        out.append({"name": "vague_pend",
                    "why": "Intake marks the complete packet incomplete and pends it for 'additional clinical "
                           "documentation' without naming a missing document kind (the packet already holds every "
                           "kind the policy requires) and drafts the pend letter: the request is never reviewed (the "
                           "intake, terminal and forbidden pend-letter checks fail; the provider side's work is "
                           "untouched).",
                    "steps": vague_pend})
    routed = _approved_at_routing(steps)
    if routed is not None:
        out.append({"name": "approved_at_routing_without_review",
                    "why": "Triages the request as notification-only, so it is approved at routing without the "
                           "clinical review the plan's policy requires for this service (the triage lane, "
                           "determination basis and review checks fail; the provider side's work is untouched).",
                    "steps": routed})
    if flipped and flipped != steps:  # a gold-carded request is approved at routing whatever the policy says
        out.append({"name": "opposite_decision",
                    "why": "Works the request through every step and writes a complete, delivered letter - but decides "
                           "the opposite of what the plan's policy gives for this packet (the terminal, decision and "
                           "letter-type checks fail; the provider side's work is untouched).",
                    "steps": flipped})
    delivers = [i for i, s in enumerate(steps) if s["tool"] == "payer_letter_center_deliver"]
    if delivers:
        cut = delivers[-1]
        out.append({"name": "letter_never_delivered",
                    "why": "Decides and writes the letter but never delivers it: the office is never told (the "
                           "letter and terminal checks fail; the provider side's work is untouched).",
                    "steps": steps[:cut]})
    if "p2p_offer_slots" in [s["tool"] for s in steps]:
        cut = [s["tool"] for s in steps].index("p2p_offer_slots")
        out.append({"name": "p2p_never_offered",
                    "why": "Records the intended adverse decision but never offers the office peer-to-peer slots "
                           "(the P2P check fails; the provider side's work is untouched).",
                    "steps": steps[:cut]})
    return out


def author_source(service: str, *, probe_near_misses: bool = True) -> dict[str, Any]:
    """Author the arena source of a case from its referral and the scripted payer's reference play."""
    if service in EXCLUDED:
        raise ArenaError(f"{service}: excluded from the arena ({EXCLUDED[service]})")
    ref = referral(service)
    pa_terminal = _pa_terminal(ref)
    steps: list[dict[str, Any]] = []
    actors: list[str] = []
    flipped: list[dict[str, Any]] = []
    vague_pend: list[dict[str, Any]] = []
    if pa_terminal != "gather_more_evidence":
        steps, actors, _ = record_payer_reference(service)
        flipped, more, _ = record_payer_reference(service, flip=True)
        vague_pend = record_vague_pend(service)
        actors = sorted(set(actors) | set(more) | {str(s["args"]["acting_as"]) for s in vague_pend})
    terminal, key = payer_key(ref, steps)
    titles = {"WKR-INT": "Intake coordinator, Keystone Mutual Health Plan UM",
              "WKR-UMN": "UM nurse reviewer, Keystone Mutual Health Plan",
              "WKR-MD": "Medical director, Keystone Mutual Health Plan"}
    identities = [{"id": a, "title": next((t for p, t in titles.items() if a.startswith(p + "-")),
                                          "Keystone Mutual Health Plan UM staff")} for a in actors]
    provider_terminal = ["docs_needed"] if pa_terminal == "gather_more_evidence" else PROVIDER_SUBMITTED
    data: dict[str, Any] = {"id": f"arena.{service}", "service": service, "pa_terminal": pa_terminal, "terminal_state": terminal,
            "provider": {"terminal_status": provider_terminal, "near_misses": []},
            "payer": {"identities": identities or [{"id": "WKR-INT-01", "title": titles["WKR-INT"]}],
                      "expectations": key, "oracle": steps,
                      "near_misses": payer_near_misses(steps, flipped, vague_pend)}}
    src = ArenaSource.model_validate(data)
    if probe_near_misses:
        keep = []
        for m in ref.near_misses:
            card = play(src, "provider", f"near_miss:{m.name}", provider_near_misses=True)
            if card["side_rewards"] == {"provider": 0, "payer": 1}:
                keep.append(m.name)
        data["provider"]["near_misses"] = keep
    return data


def write_source(service: str, root: Path = ARENA_ROOT) -> Path:
    data = author_source(service)
    root.mkdir(parents=True, exist_ok=True)
    path = root / f"{service}.arena.yaml"
    head = ("# χ-Bench-Arena source (chibench/package/arena.py). The provider side comes from\n"
            f"# packages/{service}.referral/scenario.yaml; the payer oracle was recorded from the scripted payer\n"
            "# (`chibench arena author`) and is proven by `chibench arena try`.\n")
    path.write_text(head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------- rendering
README = """# χ-Bench-Arena packages (generated folders; the sources are `*.arena.yaml`)

One prior authorization played end to end by a provider side and a payer side in one world (paper §4.3).
`<service>.arena.yaml` is the one source per case; `chibench arena build` renders `<service>.provider/`
(the agent under test is the clinic's PA coordinator, Keystone's scripted UM staff answer) and, for cases
whose reference play reaches the payer, `<service>.payer/` (the agent under test is Keystone's UM desk, the
clinic's scripted coordinator submits and answers pends). Both sides are graded on every trial; the
reward is 1 only when both pass (`tests/expectations.json` holds both keys). Not part of the 75-task
dataset in `packages/`. Run one: `harbor run -p packages-arena/<service>.<side> -a <agent> …`.
"""


def render_case(src: ArenaSource, source_bytes: bytes) -> dict[str, dict[str, bytes]]:
    """Every generated file of a case's packages: ``{folder name: {relative path: bytes}}``."""
    from chibench.package.harness import world_version
    from chibench.package.render import RenderError, _json, render

    out: dict[str, dict[str, bytes]] = {}
    for side in src.sides:
        sc = scenario_for(src, side)
        if side == "payer" and not sc.oracle:
            raise ArenaError(f"{src.id}: the payer side has no reference trajectory")
        try:
            files = render(sc, source_bytes + side.encode())
        except RenderError as exc:
            raise ArenaError(f"{src.id}.{side}: {exc}") from exc
        key = arena_expectations(src, side, world_version())
        from chibench.verifiers.expectations import ExpectationsError, parse_expectations

        for s_name, doc in key["sides"].items():  # both keys must load in the grader, not only the agent's
            try:
                parse_expectations(doc, source=f"{src.id}.{side} ({s_name} key)")
            except ExpectationsError as exc:
                raise ArenaError(f"{src.id}.{side}: {s_name} key: {exc}") from exc
        files["tests/expectations.json"] = _json(key)
        out[f"{src.service}.{side}"] = files
    return out


def build(root: Path = ARENA_ROOT, *, check: bool = False, services: list[str] | None = None) -> list[Path]:
    """Render every source under ``root`` (or only ``services``); write or, with ``check``, report drift.
    Returns the changed (or drifted / stray) paths."""
    from chibench.package.render import EXECUTABLE

    changed: list[Path] = []
    expected_dirs: set[Path] = set()
    for path in source_paths(root):
        src = load_source(path)
        if services and src.service not in services:
            continue
        for folder, files in render_case(src, path.read_bytes()).items():
            pkg = root / folder
            expected_dirs.add(pkg)
            for rel, data in files.items():
                target = pkg / rel
                if (target.read_bytes() if target.is_file() else None) != data:
                    changed.append(target)
                    if not check:
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(data)
                if not check and rel in EXECUTABLE:
                    target.chmod(0o755)
            for p in sorted(pkg.rglob("*")):
                if p.is_file() and p.relative_to(pkg).as_posix() not in files and "__pycache__" not in p.parts:
                    changed.append(p)
                    if not check:
                        p.unlink()
    readme = root / "README.md"
    if not services and (readme.read_text(encoding="utf-8") if readme.is_file() else None) != README:
        changed.append(readme)
        if not check:
            readme.write_text(README, encoding="utf-8")
    return changed


# ------------------------------------------------------------------------------------- CLI
def _sources(names: list[str] | None) -> list[ArenaSource]:
    paths = source_paths()
    if names:
        wanted = {n.removeprefix("arena.") for n in names}
        paths = [p for p in paths if p.name.removesuffix(".arena.yaml") in wanted]
        missing = wanted - {p.name.removesuffix(".arena.yaml") for p in paths}
        if missing:
            raise ArenaError(f"no arena source for {sorted(missing)} (have: "
                             f"{', '.join(p.name.removesuffix('.arena.yaml') for p in source_paths())})")
    return [load_source(p) for p in paths]


def cmd_arena_build(args: Any) -> int:
    import sys

    try:
        changed = build(check=args.check, services=[n.removeprefix("arena.") for n in args.cases] or None)
    except ArenaError as exc:
        print(f"chibench: {exc}", file=sys.stderr)
        return 2
    for c in changed:
        print(("drift: " if args.check else "wrote: ") + str(c))
    return 1 if (args.check and changed) else 0


def cmd_arena_try(args: Any) -> int:
    import sys

    from chibench.package.arena_opponent import OpponentError, opponent_config

    try:
        sources = _sources(args.cases)
        opponent = opponent_config({"arena_opponent": args.opponent, "arena_opponent_model": args.opponent_model,
                                    "arena_opponent_api_base": args.opponent_api_base,
                                    "arena_opponent_api_key": args.opponent_api_key})
    except (ArenaError, OpponentError) as exc:
        print(f"chibench: {exc}", file=sys.stderr)
        return 2
    external = opponent.kind != "scripted"
    bad = 0
    for src in sources:
        for side in args.side or ([] if external else ["scripted"]) + list(src.sides):
            if side != "scripted" and side not in src.sides:
                continue
            if side == "scripted" and external:
                print(f"chibench: --side scripted plays no opponent (drop it with --opponent {opponent.kind})",
                      file=sys.stderr)
                return 2
            agents = ["oracle"] if side == "scripted" else (args.agent or ["oracle", "nop"])
            known = {f"near_miss:{n}" for n in (src.provider.near_misses if side == "provider"
                                                 else [m.name for m in src.payer.near_misses])}
            for agent in agents:
                if agent.startswith("near_miss:") and agent not in known:
                    continue
                out = (Path(args.opponent_dir) / f"{src.service}.{side}" / agent.replace(":", "_")
                       if external and args.opponent_dir else None)
                card = play(src, side, agent, opponent=opponent if external else None, opponent_dir=out)
                want = 1 if agent == "oracle" else 0
                ok = card["reward"] == want
                bad += not ok
                print(f"{'ok ' if ok else 'BAD'} {src.id} side={side} agent={agent} reward={card['reward']} "
                      f"provider={card['side_rewards']['provider']} payer={card['side_rewards']['payer']}"
                      + (f" error={card['error']}" if card.get("error") else "")
                      + ("" if ok else f" reason={card['reason']}"))
    return 1 if bad else 0


def cmd_arena_author(args: Any) -> int:
    for service in args.services:
        print(f"wrote: {write_source(service)}")
    return 0


def add_arena_parser(sub: Any) -> None:
    ar = sub.add_parser("arena", help="χ-Bench-Arena: two-sided PA packages (packages-arena/)")
    s = ar.add_subparsers(dest="command", required=True)
    b = s.add_parser("build", help="render packages-arena/<service>.<side>/ from <service>.arena.yaml")
    b.add_argument("cases", nargs="*", help="services (default: all)")
    b.add_argument("--check", action="store_true", help="fail if a committed rendered file differs")
    b.set_defaults(func=cmd_arena_build)
    t = s.add_parser("try", help="play cases in process (scripted vs scripted, oracle and nop per side) and grade")
    t.add_argument("cases", nargs="*", help="services (default: all)")
    t.add_argument("--side", action="append", choices=["scripted", "provider", "payer"])
    t.add_argument("--agent", action="append", help="oracle | nop | near_miss:<name> (repeatable)")
    t.add_argument("--opponent", default=None, help="scripted (default) | reference | codex (refused: no "
                   "environment runs a CLI opponent yet); env CHIBENCH_ARENA_OPPONENT")
    t.add_argument("--opponent-model", default=None, help="litellm model of a reference opponent "
                   "(env CHIBENCH_ARENA_OPPONENT_MODEL)")
    t.add_argument("--opponent-api-base", default=None, help="env CHIBENCH_ARENA_OPPONENT_API_BASE")
    t.add_argument("--opponent-api-key", default=None, help="env CHIBENCH_ARENA_OPPONENT_API_KEY")
    t.add_argument("--opponent-dir", default=None, help="where the opponent's trajectories go "
                   "(<dir>/<service>.<side>/<agent>/trajectory.json; default: a temporary folder)")
    t.set_defaults(func=cmd_arena_try)
    a = s.add_parser("author", help="(re)write <service>.arena.yaml from the referral and the scripted payer")
    a.add_argument("services", nargs="+")
    a.set_defaults(func=cmd_arena_author)
