"""The in-process episode: ``reset`` → ``step`` … → ``score``, with no container, network or Harbor.

Each :class:`ChiEnv` owns one private world database (in memory, cloned from the task's cached
starting world at every :meth:`ChiEnv.reset`); any number of environments live side by side in one
process without sharing state. Tool calls go through the dispatcher the MCP servers use
(``chibench.world.tools.dispatch.dispatch_encoded``), so a result — including an ``isError`` result and
its compact JSON text — is exactly what the task's MCP server would send. :meth:`ChiEnv.score` grades
the world's export with the verifier's grader (``chibench.verifiers.grade``): the deterministic
layer, plus the rubric judge when one is configured.

Calls are serialized per process (the world's call lock, as in the MCP server); run environments in
several processes to use several cores.
"""

from __future__ import annotations

import copy
import functools
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from chibench.rl import reuse, worlds
from chibench.rl.task import Step, TaskLoadError, TaskPackage, load_task

CounterpartSetting = Literal["scripted", "env"] | Any
"""``"scripted"`` (default: the deterministic scripted backend, whatever the process environment says),
``"env"`` (the ``CHIBENCH_COUNTERPART_*`` variables, as the world sidecar reads them — ``live`` when
``CHIBENCH_COUNTERPART_BACKEND=live``) or a :class:`chibench.world.counterparts.config.CounterpartConfig`."""

JudgeSetting = Literal["env"] | None | Any
"""``None`` (default: deterministic layer only), ``"env"`` (``CHIBENCH_JUDGE_*`` variables, as the
verifier reads them) or a :class:`chibench.verifiers.judge.JudgeConfig`."""


class EnvStateError(RuntimeError):
    """The environment was used out of order: a step or score before :meth:`ChiEnv.reset`, or after
    :meth:`ChiEnv.close`."""


# ---------------------------------------------------------------------------------------- tool specs
@functools.cache
def _mcp_tools(role: str) -> tuple[dict[str, Any], ...]:
    from chibench.world.tools.server import Listing

    return tuple(t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in Listing().tools(role))


def mcp_tools(role: str) -> list[dict[str, Any]]:
    """The role's ``tools/list`` entries as the MCP server sends them (JSON objects: ``name``,
    ``description``, ``inputSchema`` — a JSON Schema —, ``annotations.readOnlyHint``). A fresh copy.
    Raises ``ValueError`` for a role other than ``provider``, ``payer`` or ``cm``."""
    from chibench.world.tools.registry import ROLES

    if role not in ROLES:
        raise ValueError(f"unknown role '{role}' (allowed: {', '.join(ROLES)})")
    return copy.deepcopy(list(_mcp_tools(role)))


def function_specs(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """MCP tool entries as OpenAI / litellm function-calling tools:
    ``{"type": "function", "function": {"name", "description", "parameters": <inputSchema>}}``."""
    return [{"type": "function", "function": {"name": t["name"], "description": t.get("description", ""),
                                              "parameters": t["inputSchema"]}} for t in tools]


@functools.cache
def _kinds(role: str) -> dict[str, str]:
    from chibench.world.tools.registry import load_all

    return {t.name: t.kind for t in load_all().for_role(role)}


def _kind(role: str, tool: str) -> str | None:
    """``"read"`` or ``"write"`` (the registry's kind), None for a tool the role does not have."""
    return _kinds(role).get(tool)


# ------------------------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Observation:
    """What :meth:`ChiEnv.reset` returns: everything an agent is given at the start of a trial.

    ``tools``: MCP ``tools/list`` entries of the task's role server; ``functions``: the same tools as
    OpenAI/litellm function specs; ``handbook``: the operations handbook skill folder (``SKILL.md`` and
    ``references/``; what Harbor mounts at ``/opt/chibench/skills``); ``identities``: worker ids the
    agent may put in ``acting_as``; ``initial_digest``: sha256 of the starting world's export."""

    task_id: str
    role: str
    instruction: str
    tools: list[dict[str, Any]]
    functions: list[dict[str, Any]]
    handbook: Path
    identities: list[str]
    seed: int | None
    initial_digest: str

    def as_dict(self) -> dict[str, Any]:
        return {"task_id": self.task_id, "role": self.role, "instruction": self.instruction, "tools": self.tools,
                "functions": self.functions, "handbook": str(self.handbook), "identities": self.identities,
                "seed": self.seed, "initial_digest": self.initial_digest}


@dataclass(frozen=True)
class ToolResult:
    """One tool call's result, as the MCP server sends it.

    ``text``: the result's only content item (compact JSON of ``payload``, characters as sent);
    ``payload``: the decoded JSON (an error payload ``{"error", "message", …}`` when ``is_error``);
    ``structured``: MCP ``structuredContent`` (``None`` for errors; a non-object payload is wrapped as
    ``{"result": payload}``); ``elapsed_ms``: wall time of the call in this process."""

    tool: str
    is_error: bool
    payload: Any
    text: str
    elapsed_ms: float = 0.0

    @property
    def structured(self) -> dict[str, Any] | None:
        if self.is_error:
            return None
        return self.payload if isinstance(self.payload, dict) else {"result": self.payload}

    def as_mcp(self) -> dict[str, Any]:
        """The ``tools/call`` result object exactly as serialized on the wire
        (``{"content": [{"type": "text", "text": …}], "structuredContent": …, "isError": …}``)."""
        from chibench.world.tools.server import call_result

        return call_result(self.is_error, self.payload, self.text).model_dump(mode="json", by_alias=True,
                                                                             exclude_none=True)


@dataclass(frozen=True)
class Score:
    """What :meth:`ChiEnv.score` returns.

    ``reward``: 0 or 1 (the verifier's ``reward.json``), or None when a configured judge could not vote
    (the trial is ungraded: no reward.json, ``scorecard["outcome"] == "ungraded"``); ``scorecard``: the verifier's
    ``scorecard.json`` (every check with status and evidence, judge layer, fractional ``score``);
    For an arena package the scorecard is the arena scorecard (``verifiers/arena.py``: reward 1 only when both
    sides pass; ``sides`` holds both sides' scorecards, :attr:`sides`).
    ``digest``: sha256 of the final export (equal to what ``chibench world export-task`` would write);
    ``export``: the final export itself (``chibench.world.export/1``; treat as read-only)."""

    reward: int | None
    scorecard: dict[str, Any]
    digest: str
    export: dict[str, Any] = field(repr=False)

    @property
    def sides(self) -> dict[str, dict[str, Any]] | None:
        """An arena episode's two scorecards (``{"provider": …, "payer": …}``, each a ``grade()``
        scorecard with its own ``reward``); ``None`` for a single-side task."""
        sides = self.scorecard.get("sides")
        return sides if isinstance(sides, dict) else None

    @property
    def fraction(self) -> float:
        """Share of applicable checks (and judged rubrics) that passed, in [0, 1]."""
        return float((self.scorecard.get("score") or {}).get("fraction", 0.0))


# ----------------------------------------------------------------------------------------- the env
class ChiEnv:
    """One χ-Bench task as an in-process environment.

    >>> with ChiEnv("brca_testing.referral") as env:          # doctest: +SKIP
    ...     obs = env.reset(seed=0)
    ...     r = env.step("chart_search_patients", {"query": "…"})
    ...     env.score().reward

    ``task``: a package folder, a shipped task id, or a loaded :class:`~chibench.rl.task.TaskPackage`. An arena
    package (``packages-arena/<service>.<side>``) is played from its side: the agent acts through that side's
    tools and the scripted opponent answers in the world, on the world clock, as in the package's sandbox
    (the world's scripted payer or provider, driven by the dispatcher); :meth:`score` grades both sides;
    ``dataset``: a folder of installed task packages to look the id up in; ``base``: a built base world
    file (default: built once per process in memory, ≈ 1 s); ``counterparts``: see
    :data:`CounterpartSetting`; ``judge``: see :data:`JudgeSetting`; ``workdir``: if given, each
    :meth:`score` also writes ``initial.json``, ``final.json``, ``reward.json`` and ``scorecard.json``
    there (as a Harbor trial's artifacts and verifier logs); ``reuse_reads``: answer a read tool call that an
    earlier episode of this task in this process already made at the same world state — the same write
    history since reset — with that episode's result instead of computing it again (:mod:`chibench.rl.reuse`;
    the same text byte for byte, because the world is deterministic). On by default; always off unless
    ``counterparts="scripted"``. Writes always run.

    Raises :class:`~chibench.rl.task.TaskLoadError` for a missing or invalid package (answer key
    included), ``ValueError`` for a bad ``counterparts`` or ``judge`` setting, ``FileNotFoundError`` (at
    the first reset) for a missing ``base`` file, and ``chibench.world.taskspec.TaskWorldError`` (at the
    first reset) if the task's overlay cannot be applied.
    """

    def __init__(self, task: str | Path | TaskPackage, *, dataset: str | Path | None = None,
                 base: str | Path | None = None, counterparts: CounterpartSetting = "scripted",
                 judge: JudgeSetting = None, workdir: str | Path | None = None, reuse_reads: bool = True):
        from chibench.verifiers.expectations import ExpectationsError, parse_expectations
        from chibench.verifiers.handbook_text import default_root
        from chibench.world.counterparts.config import CounterpartConfig

        self.task = load_task(task, dataset=dataset)
        self._base = Path(base) if base is not None else None
        if counterparts == "scripted":
            self._counterparts: Any = CounterpartConfig()
        elif counterparts == "env":
            self._counterparts = None  # the dispatcher's services read the environment themselves
        elif isinstance(counterparts, CounterpartConfig):
            self._counterparts = counterparts
        else:
            raise ValueError(f"counterparts must be 'scripted', 'env' or a CounterpartConfig, not {counterparts!r}")
        if judge is None or judge == "env":
            self._judge: Any = judge
        else:
            from chibench.verifiers.judge import JudgeConfig

            if not isinstance(judge, JudgeConfig):
                raise ValueError(f"judge must be None, 'env' or a JudgeConfig, not {judge!r}")
            self._judge = judge
        self._workdir = Path(workdir) if workdir is not None else None
        # a live counterpart samples, so equal write histories need not mean equal worlds: compute every read
        self.reuse_reads = bool(reuse_reads) and counterparts == "scripted"
        self._history = b""
        root = default_root()
        self.handbook = root
        source = str(self.task.folder / "tests" / "expectations.json")
        hb = root if root.exists() else None
        try:
            if self.task.arena:  # both sides' keys: the opponent's side is graded too (verifiers/arena.py)
                sides = self.task.expectations.get("sides")
                if not isinstance(sides, dict) or sorted(sides) != ["payer", "provider"]:
                    raise ExpectationsError("an arena key needs 'sides' with exactly 'provider' and 'payer'")
                self._expectations: Any = {side: parse_expectations(doc, handbook_root=hb, source=f"{source} ({side})")
                                           for side, doc in sides.items()}
            else:
                self._expectations = parse_expectations(self.task.expectations, handbook_root=hb, source=source)
        except ExpectationsError as exc:
            raise TaskLoadError(f"{source}: invalid answer key: {exc}") from exc
        self._template: worlds.Template | None = None
        self._world: Any = None
        self._closed = False
        self.steps_taken = 0
        self.seed: int | None = None

    # -- lifecycle ----------------------------------------------------------------------------------
    @property
    def role(self) -> str:
        return self.task.role

    def reset(self, seed: int | None = None) -> Observation:
        """Start a new episode at the task's starting state (any previous episode's world is discarded).

        ``seed`` is recorded and returned; the world and the scripted counterparts are deterministic,
        so every reset starts from the same state whatever the seed (a live counterpart samples at
        its configured temperature). The first reset of a task in a process builds its starting
        world (≈ 0.5–1 s, plus ≈ 1 s for the base world); later ones clone it (milliseconds)."""
        self._check_open()
        if self._template is None:
            # the tool layer first: an arena package's scripted provider opens the case through the provider tools
            from chibench.world.tools import dispatch  # noqa: F401

            self._template = worlds.template(self.task.world, self.task.digest, self._base)
        old, self._world = self._world, None
        if old is not None:
            old.close()
        self._world = worlds.open_episode(self._template)
        self._history = reuse.start(self._template.digest, self.task.digest, self.role)
        self.steps_taken = 0
        self.seed = seed
        tools = mcp_tools(self.role)
        return Observation(task_id=self.task.id, role=self.role, instruction=self.task.instruction, tools=tools,
                           functions=function_specs(tools), handbook=self.handbook,
                           identities=self.task.identities, seed=seed, initial_digest=self._template.digest)

    def close(self) -> None:
        """Release the episode's world (idempotent). The cached starting world stays for other environments."""
        self._closed = True
        if self._world is not None:
            self._world.close()
            self._world = None

    def __enter__(self) -> ChiEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise EnvStateError("this environment is closed")

    def _live(self) -> Any:
        self._check_open()
        if self._world is None:
            raise EnvStateError("call reset() before step() or score()")
        return self._world

    # -- acting -------------------------------------------------------------------------------------
    def step(self, tool: str, arguments: dict[str, Any] | str | None = None) -> ToolResult:
        """Call one tool of the task's role server, as the MCP server would.

        ``arguments``: a JSON object, or its JSON text (as a model's function call carries it). A bad
        tool name or arguments gives an ``is_error`` result that says what is allowed and changes
        nothing — the same result the server sends. Raises :class:`EnvStateError` before
        :meth:`reset` or after :meth:`close`."""
        from chibench.world.counterparts.config import configured
        from chibench.world.tools.dispatch import dispatch_encoded, result_text

        world = self._live()
        t0 = time.perf_counter()
        args: Any = arguments
        if isinstance(arguments, str):
            try:
                args = json.loads(arguments) if arguments.strip() else {}
            except json.JSONDecodeError as exc:
                payload = {"error": "invalid_input", "message": f"arguments are not valid JSON: {exc}"}
                return ToolResult(tool, True, payload, result_text(payload), (time.perf_counter() - t0) * 1000)
        kind = _kind(self.role, tool)
        key = reuse.arguments_key(args) if self.reuse_reads else None
        if kind == "read" and key is not None:
            found = reuse.get(self._history, tool, key)
            if found is not None:
                self.steps_taken += 1
                return ToolResult(tool, found[0], json.loads(found[1]), found[1], (time.perf_counter() - t0) * 1000)
        rows = world.row_cache  # its count of write statements tells whether this call wrote
        writes = rows.writes if rows is not None else -1
        with configured(self._counterparts):
            is_error, payload, text = dispatch_encoded(world, self.role, tool, args)
        self.steps_taken += 1
        if self.reuse_reads:
            if kind == "write" or rows is None or rows.writes != writes:
                self._history = reuse.extend(self._history, tool, key, is_error, text)
            elif kind == "read" and key is not None:
                reuse.put(self._history, tool, key, is_error, text)
        return ToolResult(tool, is_error, payload, text, (time.perf_counter() - t0) * 1000)

    def replay(self, steps: list[Step]) -> str | None:
        """Run reference steps (``solution/trajectory.json``'s format: ``${var}`` substitution, ``save``,
        ``expect``, ``expect_error``) with the oracle's own step runner. Returns ``None`` if every step
        behaved as the trajectory expects, else the first failure (the world is left as it is)."""
        import asyncio

        from chibench.package.oracle_runner import StepFailed, run_steps

        async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
            r = self.step(tool, args)
            return r.is_error, r.payload

        try:
            asyncio.run(run_steps(steps, call, lambda _m: None))
        except StepFailed as exc:
            return str(exc)
        return None

    # -- grading ------------------------------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        """The world's canonical export now (``chibench.world.export/1``, with its sha256 ``digest``)."""
        world = self._live()
        assert self._template is not None
        from chibench.world.core.world import CALL_LOCK

        with CALL_LOCK:
            return worlds.export(world, self._template)

    def score(self) -> Score:
        """Grade the episode so far with the verifier's grader (the episode may continue afterwards).

        Deterministic checks always; the rubric judge only when configured (``judge=``) and the
        deterministic layer passed. Never raises for a bad trajectory: the scorecard says why it failed."""
        from chibench.verifiers import grade

        final = self.export()
        assert self._template is not None
        out_dir: Path | None = None
        if self._workdir is not None:
            from chibench.world.export import to_json

            out_dir = self._workdir
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / "initial.json").write_text(to_json(self._template.initial), encoding="utf-8")
            (out_dir / "final.json").write_text(to_json(final), encoding="utf-8")
        if self._judge is None:
            judge: Any = None
        elif self._judge == "env":
            from chibench.verifiers.grader import ENV

            judge = ENV
        else:
            judge = self._judge
        if self.task.arena:
            from chibench.verifiers.arena import grade_arena

            card = grade_arena(final, self._expectations, initial=self._template.initial, agent_side=self.role,
                               opponent=str(self.task.opponent), out_dir=out_dir, judge=judge, built_here=True)
        else:
            # both exports come from this process's exporter: their digests need no second canonical encoding
            card = grade(final, self._expectations, initial=self._template.initial, out_dir=out_dir, judge=judge,
                         built_here=True)
        reward = None if card["reward"] is None else int(card["reward"])  # None: ungraded (judge outage)
        return Score(reward=reward, scorecard=card, digest=str(final["digest"]), export=final)


def run_episode(task: str | Path | TaskPackage, steps: list[Step], **kw: Any) -> tuple[Score, str | None]:
    """Reset a fresh environment, replay ``steps`` and score: ``(score, first step failure or None)``."""
    with ChiEnv(task, **kw) as env:
        env.reset()
        failure = env.replay(steps)
        return env.score(), failure


__all__ = ["ChiEnv", "EnvStateError", "Observation", "Score", "ToolResult", "function_specs", "mcp_tools",
           "run_episode"]
