"""The arena opponent chosen per job: scripted (default), the reference agent with any litellm model, or a CLI agent.

χ-Bench-Arena (paper §4.3) plays one PA case in one world: the agent under test on one side, an opponent on
the other. Packages are never edited to choose it; a job does:

- ``scripted`` (default): the world's scripted staff (``world/apps/scripted_payer.py`` /
  ``scripted_provider.py``), deterministic and offline — the package as rendered.
- ``reference``: χ-Bench's reference agent (``chibench.agents.loop``, litellm, any model) plays the other
  side. It gets **only its own role's MCP endpoint** (``/<role>/mcp`` of the same world, acting as its
  side's workers) and its side's instruction; never the agent under test's endpoint, box or the answer keys
  (those live only in the grader). Its model is called from the process that runs it (the host), so no key
  reaches any box.
- ``codex`` (an installed CLI agent): refused before the trial starts (:data:`CLI_REFUSAL`) — never a
  silent fallback to another opponent.

Choosing (Harbor ``--ek`` for ``chibench.sandbox:SandboxEnvironment``, or ``chibench arena try --opponent``),
each with an environment-variable default: ``arena_opponent`` (``CHIBENCH_ARENA_OPPONENT``; ``scripted`` |
``reference`` | ``codex``), ``arena_opponent_model`` (``CHIBENCH_ARENA_OPPONENT_MODEL``; a litellm model
name, required for ``reference``), ``arena_opponent_api_base`` / ``arena_opponent_api_key``
(``CHIBENCH_ARENA_OPPONENT_API_BASE`` / ``…_API_KEY``; else litellm's own variables), and the budgets
``arena_opponent_max_steps`` (model calls per turn, 80), ``arena_opponent_max_turns`` (6),
``arena_opponent_turn_timeout_sec`` (900). A bad setting is a one-line :class:`OpponentError` before
anything starts.

Turn-taking (``world/apps/arena_turns.py``): the opponent acts when the world has work for its side — the
opening (the provider opens the order, before the agent under test starts), a packet reaching the payer's
queue, a pend letter delivered to the provider. The call that handed the work over returns after the
opponent's turn; a turn ends when the opponent's agent answers without a tool call, or at its step budget;
after ``max_turns`` turns the opponent is done and further hand-overs return at once. The trial ends when
the agent under test ends (no opponent turn can be open then: every turn runs inside an agent's call).

Record: every turn's ATIF trajectory (``turn-<n>/trajectory.json``) and the merged one
(``trajectory.json``, every turn's steps in order, ``extra.turns`` naming each turn's work and stop reason)
in the opponent's folder — next to the agent's, outside any box (the sandbox writes it to
``<trial>/opponent/``). The grader records what played the other side (``scorecard.json`` ``opponent``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

OPPONENTS = ("scripted", "reference", "codex")
ENV_PREFIX = "CHIBENCH_ARENA_OPPONENT"
CLI_REFUSAL = ("arena_opponent=codex: an installed CLI agent as the arena opponent needs a second agent box "
               "(the agent-cli image with its own model route) next to the agent under test's; "
               "chibench.sandbox:SandboxEnvironment and the rendered docker-compose start one agent box per trial, "
               "so no environment of this release can run it - use arena_opponent=reference with "
               "arena_opponent_model=<litellm model>, or scripted")
ROLE_OF = {"provider": "provider", "payer": "payer"}


class OpponentError(ValueError):
    """A bad opponent setting or an opponent that cannot run here (one line: what, and what is allowed)."""


class OpponentConfig(BaseModel):
    """What plays the other side of an arena trial (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["scripted", "reference", "codex"] = "scripted"
    model: str | None = None
    api_base: str | None = None
    api_key: str | None = Field(None, repr=False)
    max_steps: int = Field(80, ge=1, le=10_000, description="model calls per turn")
    max_turns: int = Field(6, ge=1, le=100)
    turn_timeout_sec: float = Field(900.0, gt=0)
    temperature: float | None = Field(None, ge=0, le=2)

    @property
    def label(self) -> str:
        """What the scorecard records as the opponent: ``scripted`` or ``reference:<model>``."""
        return self.kind if self.kind == "scripted" else f"{self.kind}:{self.model}"


_KEYS = {"arena_opponent": "kind", "arena_opponent_model": "model", "arena_opponent_api_base": "api_base",
         "arena_opponent_api_key": "api_key", "arena_opponent_max_steps": "max_steps",
         "arena_opponent_max_turns": "max_turns", "arena_opponent_turn_timeout_sec": "turn_timeout_sec",
         "arena_opponent_temperature": "temperature"}


def opponent_config(values: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None) -> OpponentConfig:
    """Read the opponent from job kwargs (``arena_opponent*`` keys) over environment variables
    (``CHIBENCH_ARENA_OPPONENT*``). Raises :class:`OpponentError` (one line) for an unknown key or value, a
    ``reference`` opponent without a model, or a ``codex`` opponent (:data:`CLI_REFUSAL`)."""
    env = os.environ if env is None else env
    raw: dict[str, Any] = {}
    for key, name in _KEYS.items():
        var = ENV_PREFIX + key.removeprefix("arena_opponent").upper()
        if env.get(var) not in (None, ""):
            raw[name] = env[var]
    for key, value in (values or {}).items():
        if key not in _KEYS:
            raise OpponentError(f"unknown opponent setting '{key}' (allowed: {', '.join(_KEYS)})")
        if value not in (None, ""):
            raw[_KEYS[key]] = value
    kind = str(raw.get("kind", "scripted")).strip().lower()
    if kind not in OPPONENTS:
        raise OpponentError(f"arena_opponent='{raw.get('kind')}' is not one of {', '.join(OPPONENTS)}")
    raw["kind"] = kind
    if kind == "codex":
        raise OpponentError(CLI_REFUSAL)
    if kind == "reference" and not raw.get("model"):
        raise OpponentError("arena_opponent=reference needs a model: arena_opponent_model=<litellm model> "
                            f"(or {ENV_PREFIX}_MODEL), e.g. openai/gpt-5 or openrouter/qwen/qwen3-235b-a22b")
    if kind == "scripted":
        extra = sorted(k for k in raw if k != "kind")
        if extra and values and any(_KEYS.get(k) in extra for k in values):
            raise OpponentError(f"arena_opponent=scripted takes no other opponent settings (got "
                                f"{', '.join('arena_opponent_' + e if e != 'model' else 'arena_opponent_model' for e in extra)})")
        raw = {"kind": "scripted"}
    try:
        return OpponentConfig.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = next((k for k, v in _KEYS.items() if v == (first["loc"][0] if first["loc"] else "")), "opponent")
        raise OpponentError(f"{where}={raw.get(str(first['loc'][0]) if first['loc'] else '')!r}: "
                            f"{first['msg']}") from None


# ----------------------------------------------------------------------------------------- the external side
def external_task_world(tw: Any) -> Any:
    """The arena package's ``TaskWorld`` with the opponent made external: the world serves the opponent's role
    too (its own endpoint, acting only as ``overlay.opponent_identities``) and scripts neither side."""
    ov = tw.overlay
    if ov.kind != "pa_arena" or ov.side not in ("provider", "payer"):
        raise OpponentError(f"{tw.task}: not an arena side package (overlay kind {ov.kind}, side {ov.side}): "
                            "only packages-arena/<service>.<side> take an arena opponent")
    opp = "payer" if ov.side == "provider" else "provider"
    ids = list(ov.opponent_identities) or sorted({str(s.get("args", {}).get("acting_as"))
                                                  for s in ov.provider_reference
                                                  if s.get("args", {}).get("acting_as")})
    if not ids:
        raise OpponentError(f"{tw.task}: the package names no worker for the opponent side ({opp}); "
                            "re-render it with `chibench arena build`")
    return tw.model_copy(update={"roles": [*tw.roles, opp], "identities": {**tw.identities, opp: ids},
                                 "overlay": ov.model_copy(update={"opponent": "external"})})


def turn_note(turn: Any, side: str) -> str:
    """The user message that starts an opponent's turn (what arrived on its desk)."""
    if turn.reason == "opening":
        return ""
    if turn.reason == "submission":
        return (f"\n\nNew work: the provider office's packet for case {turn.case_id} has reached Keystone's intake "
                "queue. Work it now.")
    if turn.reason == "pend_letter":
        return (f"\n\nNew work: Keystone delivered a pend letter on case {turn.case_id}. Read it in your inbox and "
                "answer it now.")
    return f"\n\nNew work on case {turn.case_id} ({turn.reason})."


@dataclass
class OpponentRun:
    """One opponent over a trial: runs its turns, keeps their trajectories, writes the merged record."""

    config: OpponentConfig
    side: str
    mcp_url: str
    instruction: str
    out_dir: Path
    handbook_root: Path | None = None
    turns: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, float] = field(default_factory=lambda: {"prompt": 0, "completion": 0, "cached": 0,
                                                              "cost": 0.0, "tool_calls": 0})
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def done(self) -> bool:
        return len(self.turns) >= self.config.max_turns

    async def play_turn(self, turn: Any) -> str:
        """Run one turn of the opponent's agent; returns its stop reason (``budget_spent`` when the opponent
        already used :attr:`OpponentConfig.max_turns`)."""
        from chibench.agents.backends import DirectMCP
        from chibench.agents.loop import AgentLoop, Handbook, Settings

        n = len(self.turns) + 1
        if self.done:
            self.turns.append({"turn": n, "seq": turn.seq, "reason": turn.reason, "case_id": turn.case_id,
                               "stop_reason": "budget_spent", "steps": 0})
            self._write()
            return "budget_spent"
        c = self.config
        assert c.model is not None
        settings = Settings(model=c.model, api_base=c.api_base, api_key=c.api_key, max_steps=c.max_steps,
                            temperature=c.temperature)
        tools = DirectMCP(self.mcp_url)
        root = self.handbook_root or default_handbook()
        loop = AgentLoop(settings, tools, Handbook(root), self.instruction + turn_note(turn, self.side),
                         self.out_dir / f"turn-{n}" / "trajectory.json", server_name=f"chibench-{self.side}",
                         session_id=f"arena-opponent-{self.side}-turn-{n}", agent_version="opponent")
        try:
            outcome = await asyncio.wait_for(loop.run(), timeout=c.turn_timeout_sec)
            reason = outcome.reason
        except TimeoutError:
            reason = "turn_timeout"
        finally:
            await tools.aclose()
        with self._lock:
            base = len(self.steps)
            for st in loop.rec.steps:
                self.steps.append({**st, "step_id": base + int(st["step_id"])})
            r = loop.rec
            for k, v in (("prompt", r.prompt), ("completion", r.completion), ("cached", r.cached),
                         ("cost", r.cost), ("tool_calls", r.tool_calls)):
                self.totals[k] += v
            self.turns.append({"turn": n, "seq": turn.seq, "reason": turn.reason, "case_id": turn.case_id,
                               "stop_reason": reason, "steps": len(loop.rec.steps)})
            self._write()
        return reason

    def _write(self) -> None:
        """The merged ATIF trajectory of every turn (``trajectory.json``) and ``opponent.json`` (summary)."""
        t = self.totals
        doc = {"schema_version": "ATIF-v1.6", "session_id": f"arena-opponent-{self.side}",
               "agent": {"name": "chibench-reference", "version": "opponent", "model_name": self.config.model,
                         "extra": {"arena_side": self.side, "opponent": self.config.label}},
               "steps": self.steps,
               "final_metrics": {"total_prompt_tokens": int(t["prompt"]), "total_completion_tokens": int(t["completion"]),
                                 "total_cached_tokens": int(t["cached"]), "total_cost_usd": round(t["cost"], 8),
                                 "total_steps": len(self.steps),
                                 "extra": {"tool_calls": int(t["tool_calls"]), "turns": self.turns}}}
        self.out_dir.mkdir(parents=True, exist_ok=True)
        (self.out_dir / "trajectory.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        (self.out_dir / "opponent.json").write_text(json.dumps(
            {"opponent": self.config.label, "side": self.side, "turns": self.turns}, indent=1), encoding="utf-8")

    def play_turn_blocking(self, turn: Any) -> str:
        """:meth:`play_turn` from synchronous code that may itself run inside an event loop (a tool call)."""
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, self.play_turn(turn)).result()


def default_handbook() -> Path:
    """The handbook an opponent reads (the same one every agent's box carries): the installed distribution's
    ``chibench/handbook_skill`` or, in a checkout, the repository's ``handbook_skill/``."""
    import chibench

    pkg = Path(chibench.__file__).resolve().parent
    for cand in (pkg / "handbook_skill", pkg.parent / "handbook_skill"):
        if cand.is_dir():
            return cand
    raise OpponentError("the handbook (handbook_skill/) is not installed: an opponent works from the same "
                        "handbook as the agent under test")


@contextmanager
def serving_role(world: Any, role: str, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ONLY ``role``'s MCP endpoint of an open in-process ``world`` on ``host`` (a free port, a thread);
    yields the endpoint URL (``http://host:port/<role>/mcp``)."""
    from chibench.world.tools.server import build_app, free_port, serve_in_thread

    port = free_port(host)
    with serve_in_thread(build_app(world, [role]), host, port, name=f"arena-{role}-endpoint",
                         what=f"the {role} endpoint", error=OpponentError, lifespan="on"):
        yield f"http://{host}:{port}/{role}/mcp"


@contextmanager
def external_opponent(world: Any, run: OpponentRun) -> Iterator[OpponentRun]:
    """Register ``run`` as ``world``'s external opponent (in process) for the block; the opening turn (when the
    opponent moves first) is the caller's: :func:`play_opening`."""
    from chibench.world.apps import arena_turns

    arena_turns.register(world, lambda _w, turn: (run.play_turn_blocking(turn), None)[1])
    try:
        yield run
    finally:
        arena_turns.register(world, None)


def opening_turn(world: Any) -> Any | None:
    """The opening turn when the external opponent moves first (it plays the provider: it opens the order)."""
    from chibench.world.apps import arena_turns

    if arena_turns.external_side(world) != "provider":
        return None
    return arena_turns.next_turn(world, "provider", "opening", None)


# ----------------------------------------------------------------------------------------- across processes
TOKEN_ENV = "CHIBENCH_ARENA_TURN_TOKEN"
TOKEN_HEADER = "X-Chibench-Arena-Token"


def turn_routes(remote: Any) -> list[Route]:
    """The two turn routes of ``remote`` (a ``world.apps.arena_turns.RemoteTurns``), for the opponent's endpoint:
    ``GET /arena/turn`` (its :meth:`state`) and ``POST /arena/turn/{seq}/done`` (``{"released": bool}``; 400 when
    ``seq`` is not an integer). Both answer 403 without the runner's token in ``X-Chibench-Arena-Token``."""

    async def get_turn(request: Request) -> JSONResponse:
        if not remote.authorized(request.headers.get(TOKEN_HEADER, "")):
            return JSONResponse({"error": "forbidden"}, status_code=403)
        return JSONResponse(remote.state())

    async def post_done(request: Request) -> JSONResponse:
        if not remote.authorized(request.headers.get(TOKEN_HEADER, "")):
            return JSONResponse({"error": "forbidden"}, status_code=403)
        try:
            seq = int(request.path_params["seq"])
        except ValueError:
            return JSONResponse({"error": "seq must be an integer"}, status_code=400)
        return JSONResponse({"released": remote.done(seq)})

    return [Route("/arena/turn", get_turn, methods=["GET"]), Route("/arena/turn/{seq}/done", post_done, methods=["POST"])]


@contextmanager
def serve_opponent_side(world: Any, spec: Any, host: str, port: int) -> Iterator[Any]:
    """In the world sidecar (``chibench world serve-task --arena-opponent-port``): serve ONLY the opponent's role
    endpoint and the turn routes on ``host:port`` (a thread), and hand turns to the remote runner. The agent
    under test's endpoint stays alone on the task's own port. Raises ValueError without ``$CHIBENCH_ARENA_TURN_TOKEN``."""
    from chibench.world.apps import arena_turns
    from chibench.world.tools.server import build_app, serve_in_thread

    remote = arena_turns.RemoteTurns(os.environ.get(TOKEN_ENV, ""),
                                     float(os.environ.get("CHIBENCH_ARENA_TURN_TIMEOUT_SEC") or 900))
    opp = "payer" if spec.overlay.side == "provider" else "provider"
    remote.external = opp
    arena_turns.register(world, remote.handler)
    first = opening_turn(world)
    if first is not None:
        remote.open(first)
    try:
        with serve_in_thread(build_app(world, [opp], extra_routes=turn_routes(remote)), host, port,
                             name="arena-opponent-endpoint", what="the opponent endpoint", error=OSError,
                             lifespan="on"):
            print(f"chibench: arena opponent side ({opp}) on {host}:{port}", flush=True)
            yield remote
    finally:
        arena_turns.register(world, None)


class TurnRunner:
    """The host side of a trial with an external opponent (the sandbox): polls the world's turn routes and plays
    each turn with :class:`OpponentRun` on the opponent's own endpoint (``http://<world>:<port>/<role>/mcp``)."""

    def __init__(self, config: OpponentConfig, base_url: str, token: str, instruction_for: Any, out_dir: Path,
                 poll_sec: float = 0.5) -> None:
        self.config, self.base, self.token = config, base_url.rstrip("/"), token
        self.instruction_for, self.out_dir, self.poll_sec = instruction_for, out_dir, poll_sec
        self.run: OpponentRun | None = None

    async def _get(self) -> dict[str, Any]:
        import httpx

        async with httpx.AsyncClient(timeout=10) as c:
            r = await c.get(f"{self.base}/arena/turn", headers={TOKEN_HEADER: self.token})
            r.raise_for_status()
            return dict(r.json())

    async def _done(self, seq: int) -> None:
        import httpx

        async with httpx.AsyncClient(timeout=10) as c:
            (await c.post(f"{self.base}/arena/turn/{seq}/done", headers={TOKEN_HEADER: self.token})).raise_for_status()

    async def step(self) -> bool:
        """Play the pending turn, if any; True when one was played."""
        from chibench.world.apps.arena_turns import Turn

        state = await self._get()
        side = state.get("external_side")
        if self.run is None and side:
            self.run = OpponentRun(self.config, side, f"{self.base}/{side}/mcp", self.instruction_for(side),
                                   self.out_dir)
        p = state.get("pending")
        if not p or self.run is None:
            return False
        try:
            await self.run.play_turn(Turn(int(p["seq"]), str(p["side"]), str(p["reason"]), p.get("case_id")))
        finally:
            await self._done(int(p["seq"]))
        return True

    async def opening(self) -> None:
        """Before the agent under test starts: play the opening turn when the opponent moves first."""
        state = await self._get()
        if state.get("external_side") == "provider":
            while not await self.step():
                await asyncio.sleep(self.poll_sec)

    async def serve_turns(self) -> None:
        """Until cancelled (the environment stops): play every turn the world hands over."""
        while True:
            try:
                if not await self.step():
                    await asyncio.sleep(self.poll_sec)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - a transient failure must not end the opponent
                import logging

                logging.getLogger("chibench.arena").warning(f"arena opponent runner: {exc}")
                await asyncio.sleep(self.poll_sec * 4)
