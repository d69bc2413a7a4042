"""χ-Bench-Marathon packages: every task of one domain in one shared world, one agent run (paper §4.4).

Source: ``packages-marathon/<id>/marathon.yaml`` (:class:`MarathonSource`): which single-task packages
the marathon holds (a glob over ``packages/*/scenario.yaml``), how many the catalog has, and the scaled
budgets. Everything else is taken from the single tasks' own ``scenario.yaml`` — their overlays (composed
into one world by ``world/marathon.py``), identities, briefs, answer keys and oracles — so each task keeps
one source. ``chibench marathon build`` renders the Harbor package next to the source:

``task.toml``                       Harbor config; ``[metadata] kind = "marathon"``, the case list, scaled timeouts
``instruction.md``                  finish every case; find them through your tools; one brief per case
``environment/``                    the same boxes as a single task; ``world/task.json`` lists every case
``tests/marathon.json``             the case order; ``tests/cases/<task>.json`` each task's own answer key
``tests/test.sh``                   ``chibench marathon verify`` (``verifiers/marathon.py``)
``solution/``                       the single-task oracles, variables renamed per case, peer-to-peer calls
                                   booked first (:func:`oracle_steps`: one clock for every case)

Why a separate root (``packages-marathon/``, not ``packages/``): ``packages/*/scenario.yaml`` and
``packages/*/task.toml`` are "the 75 tasks" to the package builder, the dataset registry, the RL loader,
the handbook lint, the catalog tests and CI's Harbor sweeps; a marathon is not a 76th task and must not be
counted, published in the per-task dataset, or swept as one.

Errors: :class:`MarathonError` naming the source file and what is wrong (unknown domain, a glob that
matches tasks of another role, fewer cases than the source requires).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chibench.package.harness import world_version
from chibench.package.render import (
    EXECUTABLE,
    GENERATED_HEADER,
    ROLE_TITLE,
    SESSION_TOOLS,
    SKILL_NAME,
    SKILLS_DIR,
    SOLVE_SH,
    TRIAL_RESOURCES,
    TUTORIAL,
    _json,
    _namespaces,
    _task_config,
    compose,
    dockerfile_main,
    dockerfile_world,
    mcp_url,
    validate_task_config,
)
from chibench.package.scenario import DOMAIN_OF_ROLE, Scenario, load_scenario
from chibench.world.core import yamlio
from chibench.world.core.errors import validation_lines
from chibench.world.taskspec import TaskWorld

REPO = Path(__file__).resolve().parents[2]
PACKAGES = REPO / "packages"
MARATHONS = REPO / "packages-marathon"
ROLE_OF_DOMAIN = {d: r for r, d in DOMAIN_OF_ROLE.items()}
MARATHON_FORMAT = "chibench.marathon/1"
RENDERED_TOP = ("task.toml", "instruction.md", "environment/Dockerfile", "environment/docker-compose.yaml",
                "environment/world/Dockerfile", "environment/world/task.json", "tests/Dockerfile", "tests/test.sh",
                "tests/marathon.json", "solution/solve.sh", "solution/oracle.py", "solution/trajectory.json")


class MarathonError(ValueError):
    """A marathon source is invalid or cannot be rendered; the message names the file and the problem."""


class MarathonSource(BaseModel):
    """``marathon.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^marathon\.(provider_pa|payer_um|care_management)$",
                    description="Package folder name: marathon.<domain>")
    title: str = Field(min_length=10, max_length=160)
    tasks: str = Field(description="Glob over packages/*/ folder names selecting the marathon's cases")
    catalog_size: int = Field(25, ge=1, le=100, description="Cases the domain has in the paper's catalog")
    min_cases: int = Field(1, ge=1, description="Refuse to render with fewer shipped cases than this")
    lead: list[str] = Field(default_factory=list,
                            description="Cases that open the case order (the briefs, the oracle, 'the first N'); "
                                        "the rest follow by task id")
    agent_timeout_per_case_sec: int = Field(TRIAL_RESOURCES["agent_timeout_sec"], ge=60, le=14_400,
                                            description="Agent budget per case; the marathon gets n × this")
    verifier_sec: int = Field(3_600, ge=60, le=14_400)
    build_sec: int = Field(900, ge=60, le=3_600)

    @property
    def domain(self) -> str:
        return self.id.partition(".")[2]

    @property
    def role(self) -> str:
        return ROLE_OF_DOMAIN[self.domain]


@dataclass(frozen=True)
class Marathon:
    source: MarathonSource
    folder: Path
    cases: list[Scenario]
    case_bytes: list[bytes]

    @property
    def id(self) -> str:
        return self.source.id

    @property
    def role(self) -> str:
        return self.source.role

    @property
    def agent_timeout_sec(self) -> int:
        return self.source.agent_timeout_per_case_sec * len(self.cases)

    def identities(self) -> list[tuple[str, str]]:
        """Every identity any case lets the agent act as, first appearance first: ``[(worker id, title)]``."""
        seen: dict[str, str] = {}
        for sc in self.cases:
            for ident in sc.identities:
                seen.setdefault(ident.id, ident.title)
        return list(seen.items())


def load_marathon(path: str | Path, packages: Path = PACKAGES) -> Marathon:
    """Read ``marathon.yaml`` and the scenarios its glob selects, in case order (``lead``, then by task id)."""
    p = Path(path)
    if p.is_dir():
        p = p / "marathon.yaml"
    try:
        raw = yamlio.load(p.read_text(encoding="utf-8"))
        src = MarathonSource.model_validate(raw)
    except (OSError, yaml.YAMLError) as exc:
        raise MarathonError(f"{p}: unreadable: {exc}") from None
    except ValidationError as exc:
        raise MarathonError(f"{p}: " + "; ".join(validation_lines(exc, "(top)"))) from None
    if p.parent.name != src.id:
        raise MarathonError(f"{p}: id '{src.id}' must equal its folder name '{p.parent.name}'")
    found = {s.parent.name: s for s in packages.glob(f"{src.tasks}/scenario.yaml")}
    stray = [t for t in src.lead if t not in found]
    if stray:
        raise MarathonError(f"{p}: lead: not among the tasks '{src.tasks}' selects: {stray}")
    paths = [found[t] for t in src.lead] + [found[t] for t in sorted(found) if t not in src.lead]
    cases = [load_scenario(s, world_checks=False) for s in paths]
    wrong = [sc.id for sc in cases if sc.role != src.role]
    if wrong:
        raise MarathonError(f"{p}: tasks '{src.tasks}' selects tasks of another role than {src.role}: {wrong}")
    if len(cases) < src.min_cases or len(cases) > src.catalog_size:
        raise MarathonError(f"{p}: tasks '{src.tasks}' selects {len(cases)} packages (need {src.min_cases} to "
                            f"{src.catalog_size})")
    return Marathon(src, p.parent, cases, [s.read_bytes() for s in paths])


def marathon_paths(names: list[str] | None = None, root: Path = MARATHONS) -> list[Path]:
    if not names:
        return sorted(root.glob("*/marathon.yaml"))
    out = []
    for n in names:
        cand = Path(n) if Path(n).is_dir() else root / n
        if not (cand / "marathon.yaml").is_file():
            raise FileNotFoundError(f"no marathon.yaml for '{n}' (looked in {cand})")
        out.append(cand / "marathon.yaml")
    return out


# ------------------------------------------------------------------------------------ the world


def task_world(m: Marathon) -> TaskWorld:
    """The marathon sidecar's ``task.json``: every case's overlay, the union of identities and contracts."""
    contracts: list[str] = []
    for sc in m.cases:
        contracts += [c for c in sc.contracts if c not in contracts]
    return TaskWorld(task=m.id, roles=[m.role], identities={m.role: [i for i, _ in m.identities()]},
                     overlay=m.cases[0].overlay, cases=[sc.overlay for sc in m.cases], contracts=contracts)


# ------------------------------------------------------------------------------------ the oracle

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _rename(value: Any, prefix: str) -> Any:
    if isinstance(value, str):
        return _VAR.sub(lambda mt: "${" + prefix + mt.group(1) + "}", value)
    if isinstance(value, list):
        return [_rename(v, prefix) for v in value]
    if isinstance(value, dict):
        return {k: _rename(v, prefix) for k, v in value.items()}
    return value


def case_steps(n: int, sc: Scenario, steps: Any = None) -> list[dict[str, Any]]:
    """Case ``n``'s oracle (or ``steps``) with its variables renamed ``c<n>_<var>``: a value saved while
    working one case can never leak into another case's call."""
    prefix = f"c{n:02d}_"
    out = []
    for s in steps if steps is not None else sc.oracle:
        d = s.model_dump(mode="json", exclude_defaults=True)
        if "save" in d:
            d["save"] = {prefix + k: v for k, v in d["save"].items()}
        for key in ("args", "expect"):
            if key in d:
                d[key] = _rename(d[key], prefix)
        d["case"] = sc.id
        out.append(d)
    return out


#: Oracle steps that book an appointment at a fixed simulated time (a peer-to-peer call's slots, then the
#: provider's choice confirmed). A single-task oracle offers literal slots (e.g. ``2026-10-08T16:00:00Z``)
#: that lie ahead of its own task's clock; on the marathon's one clock they stay ahead only if booked first.
BOOKING_TOOLS = frozenset({"p2p_offer_slots", "p2p_schedule"})


def _booking_split(steps: list[dict[str, Any]]) -> int:
    """Index just after a case's last booking step (0: the case books nothing)."""
    return max((i + 1 for i, s in enumerate(steps) if s["tool"] in BOOKING_TOOLS), default=0)


def _booked_at(steps: list[dict[str, Any]]) -> str:
    """The earliest slot a case offers (ISO-8601 UTC, as the oracle writes it): when its call is held."""
    return min(str(slot) for s in steps if s["tool"] == "p2p_offer_slots" for slot in s["args"].get("slots", []))


def oracle_steps(m: Marathon, first: int | None = None) -> list[dict[str, Any]]:
    """The single-task oracles of the first ``first`` cases (all by default), every step once, as a reviewer
    with one clock must order them:

    1. every booking case's steps up to its last booking step (:data:`BOOKING_TOOLS`), in case order — the
       peer-to-peer calls are offered and scheduled before the clock can pass their literal slots;
    2. every other case's oracle, in case order, while the clock is still near the marathon's start (a call
       held first would move the clock to its slot, a day or more ahead, before any other case is worked);
    3. the rest of each booking case (the call, its outcome, the determination and the letters), in the order
       of the calls' times (then case order): recording an outcome moves the clock to the end of its call.

    Every step of every case is kept, each case's in its own order; a case that books nothing is replayed
    whole, and one booking case alone is replayed in its own order (1 then 3)."""
    cases = [case_steps(n, sc) for n, sc in enumerate(m.cases[:first] if first is not None else m.cases, 1)]
    split = [_booking_split(steps) for steps in cases]
    booking = [k for k, cut in enumerate(split) if cut]
    out: list[dict[str, Any]] = []
    for k in booking:
        out += cases[k][:split[k]]
    for k, steps in enumerate(cases):
        if not split[k]:
            out += steps
    for k in sorted(booking, key=lambda k: (_booked_at(cases[k]), k)):
        out += cases[k][split[k]:]
    return out


# ------------------------------------------------------------------------------------ rendering


def _hours(sec: int) -> str:
    return f"{sec / 3600:g} h"


def instruction(m: Marathon) -> str:
    role = m.role
    ns = ", ".join(f"`{n}_*`" for n in _namespaces(role))
    idents = m.identities()
    first = idents[0][0]
    n = len(m.cases)
    rows = [("Your role", ROLE_TITLE[role]),
            ("Acting as", "; ".join(f"`{i}` — {t}" for i, t in idents) + " (each case brief says whose job it is)"),
            ("Cases", f"{n} — all open in your queues now; briefs below"),
            ("Time", f"{_hours(m.agent_timeout_sec)} of agent time for the whole session "
                     f"({_hours(m.source.agent_timeout_per_case_sec)} per case, as a single task has)"),
            ("Tools", f"MCP server `chibench-{role}` ({mcp_url(role)}); namespaces {ns}"),
            ("Handbook", f"`{SKILLS_DIR}/{SKILL_NAME}/SKILL.md` — start there; the tool tutorial is "
                         f"`{SKILLS_DIR}/{SKILL_NAME}/references/platform/{TUTORIAL[role]}`"),
            ("Scratch space", "`/workspace` (not graded; keep your own notes of what is done here)")]
    table = "\n".join(f"| {k} | {v} |" for k, v in rows)
    briefs = []
    for k, sc in enumerate(m.cases, 1):
        brows = [("Acting as", "; ".join(f"`{i.id}` — {i.title}" for i in sc.identities)), *sc.workspace.items()]
        btable = "\n".join(f"| {a} | {b} |" for a, b in brows)
        briefs.append(f"### Case {k} of {n}: {sc.title}\n\n{sc.narrative.strip()}\n\n| | |\n|---|---|\n{btable}\n\n"
                      f"**Done when:** {sc.deliverable.strip()}\n")
    return f"""# {m.source.title}

Your work queue holds {n} open cases, and your supervisor wants **every one of them finished in this
session**. Find each case through your tools (the queues, worklists and records your role's tools list),
work them in any order you choose, and drive each one to its end state exactly as if it were your only
case. The briefs below say what was asked for each case; they are the same briefs a colleague handling
one case at a time would get.

Each case is graded on its own, against the state of the world when you stop: a case left half done
fails, a case finished correctly passes whatever happened to the others, and a write to the wrong case's
records fails the case it landed on. Your score is the fraction of cases that pass.

## Workspace

| | |
|---|---|
{table}

## Tools from a shell

Without an MCP client, use the same tools from the shell: `chibench-tools list`, `chibench-tools describe
TOOL`, `chibench-tools call TOOL '{{"acting_as": "{first}", …}}'` (prints the JSON result; `--query
'<jmespath>'` selects part of it; exit code 1 means the tool refused and nothing changed). It talks to the
same server (`$CHIBENCH_MCP_URL`).

## Rules

- Work only through the `chibench-{role}` MCP tools. Put the worker id whose job the step is (the case
  brief's "Acting as") in the `acting_as` argument of every tool call; the world refuses identities that
  are not yours and records who did what, when (one clock for all cases; it advances with every write).
- People you must talk to (a patient, a physician on a peer-to-peer call) are reached only through the
  conversation tools ({SESSION_TOOLS[role]}). Keep calling those tools until the conversation ends;
  nobody reads a message you write outside them.
- Follow the handbook: the workflow chapter for your role first, then the policies it points to. Cite
  plan policies as `<policy-id> §<section>`.
- Do not fabricate evidence: quote documents as written, never author or sign a document in a
  clinician's name, never record consent or statements nobody made.
- Do not look for the simulator's source code, databases, answer keys or credentials; none are in your
  environment, and searching for them is misconduct.
- The session ends when you stop — for every case at once. The state of the world at that moment is what
  is graded; writes are final. Do not stop while a case is unfinished.

## Case briefs

{chr(10).join(briefs)}"""


def content_digest(m: Marathon, source_bytes: bytes) -> str:
    h = hashlib.sha256(source_bytes)
    for sc, b in zip(m.cases, m.case_bytes, strict=True):
        h.update(sc.id.encode() + b"\0" + b)
    h.update(Path(__file__).with_name("oracle_runner.py").read_bytes())
    return h.hexdigest()


def task_config(m: Marathon, digest: str) -> dict[str, Any]:
    cfg = _task_config(m.cases[0], digest)
    v = world_version()
    cfg["task"].update(name=f"chibench/{m.id}", description=m.source.title,
                       keywords=["chibench", "marathon", m.source.domain])
    cfg["metadata"] = {"domain": m.source.domain, "role": m.role, "kind": "marathon", "category": "Marathon",
                       "difficulty": "marathon", "paper_task_id": m.id, "world_version": v, "content_digest": digest,
                       "n_cases": len(m.cases), "catalog_size": m.source.catalog_size,
                       "cases": [sc.id for sc in m.cases],
                       "agent_timeout_per_case_sec": m.source.agent_timeout_per_case_sec}
    cfg["agent"] = {"timeout_sec": float(m.agent_timeout_sec)}
    cfg["environment"]["build_timeout_sec"] = float(m.source.build_sec)
    cfg["verifier"]["timeout_sec"] = float(m.source.verifier_sec)
    return cfg


def dockerfile_tests() -> str:
    from chibench.image_names import qualified_ref

    return (GENERATED_HEADER +
            "# The grader: a fresh container after the agent's box and the world are gone (separate mode).\n"
            "# The shared grader image + every case's own answer key.\n"
            f"ARG CHIBENCH_GRADER_IMAGE={qualified_ref('grader', world_version())}\n"
            "FROM ${CHIBENCH_GRADER_IMAGE}\n"
            "COPY test.sh marathon.json /tests/\n"
            "COPY cases /tests/cases\n")


TEST_SH = """#!/usr/bin/env bash
# Generated by `chibench marathon build` — do not edit.
# Grade every case of the marathon against the one world exported after the agent phase.
set -uo pipefail
mkdir -p /logs/verifier
chibench marathon verify --export /opt/chibench/export/final.json --initial /opt/chibench/export/initial.json \\
  --tests /tests --out /logs/verifier
status=$?
echo "chibench marathon verify exited $status"
# 3 = ungraded (the judge could not vote on some case): leave no reward, so Harbor records an error, not 0
[ "$status" -eq 3 ] && exit 0
[ -f /logs/verifier/reward.json ] || echo '{"reward": 0}' > /logs/verifier/reward.json
exit 0
"""


def render(m: Marathon, source_bytes: bytes) -> dict[str, bytes]:
    """Every generated file of the marathon package, keyed by path relative to its folder."""
    v = world_version()
    digest = content_digest(m, source_bytes)
    cfg = task_config(m, digest)
    validate_task_config(cfg, m.id)
    import tomli_w

    files = {
        "task.toml": (GENERATED_HEADER.replace("scenario.yaml", "marathon.yaml") + tomli_w.dumps(cfg)).encode(),
        "instruction.md": instruction(m).encode("utf-8"),
        "environment/Dockerfile": dockerfile_main().encode("utf-8"),
        "environment/docker-compose.yaml": compose(m.cases[0]).encode("utf-8"),
        "environment/world/Dockerfile": dockerfile_world(m.cases[0]).encode("utf-8"),
        "environment/world/task.json": _json(task_world(m).model_dump(mode="json", exclude_defaults=True)
                                             | {"format": "chibench.task-world/1"}),
        "tests/Dockerfile": dockerfile_tests().encode("utf-8"),
        "tests/test.sh": TEST_SH.encode("utf-8"),
        "tests/marathon.json": _json({"format": MARATHON_FORMAT, "id": m.id, "domain": m.source.domain,
                                      "role": m.role, "catalog_size": m.source.catalog_size,
                                      "cases": [sc.id for sc in m.cases]}),
        "solution/solve.sh": SOLVE_SH.encode("utf-8"),
        "solution/oracle.py": Path(__file__).with_name("oracle_runner.py").read_bytes(),
        "solution/trajectory.json": _json({"format": "chibench.trajectory/1", "task": m.id,
                                           "server": mcp_url(m.role), "steps": oracle_steps(m)}),
    }
    for sc in m.cases:
        files[f"tests/cases/{sc.id}.json"] = _json(sc.expectations_document(world_version=v))
    return files


def build(paths: list[Path], *, check: bool = False, packages: Path = PACKAGES) -> list[Path]:
    """Render every marathon source (or, with ``check``, report drift and stray files). Returns the paths."""
    changed: list[Path] = []
    for src in paths:
        m = load_marathon(src, packages)
        files = render(m, src.read_bytes())
        for rel, data in files.items():
            target = m.folder / rel
            if (target.read_bytes() if target.is_file() else None) != data:
                changed.append(target)
                if not check:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            if not check and (rel in EXECUTABLE):
                target.chmod(0o755)
        expected = {m.folder / r for r in files} | {src}
        for p in sorted(m.folder.rglob("*")):
            if p.is_file() and p not in expected and "__pycache__" not in p.parts:
                changed.append(p)
                if not check:
                    p.unlink()
    return changed


# ------------------------------------------------------------------------------------ in-process runs

Agent = str  # "oracle", "nop", "first:<n>"


@dataclass
class MarathonRun:
    reward: float | None
    scorecard: dict[str, Any]
    oracle_error: str | None
    steps_run: int
    call_seconds: list[float]


def run(m: Marathon, base: Path, agent: Agent = "oracle", *, extra: list[dict[str, Any]] | None = None,
        workdir: Path | None = None, judge: Any = None, log: Any = None) -> MarathonRun:
    """Prepare the marathon world from ``base``, run ``agent`` (``oracle``: every case's oracle in order;
    ``nop``; ``first:<n>``: the first n cases' oracles), then ``extra`` steps (oracle-step dicts), export
    and grade every case (deterministic unless ``judge``). ``call_seconds`` has each tool call's latency."""
    import asyncio
    import tempfile
    import time

    from chibench.package.oracle_runner import StepFailed, run_steps
    from chibench.verifiers.marathon import grade_marathon
    from chibench.world import taskspec
    from chibench.world.export import snapshot
    from chibench.world.tools import dispatch as dispatch_module

    if agent == "oracle":
        steps = oracle_steps(m)
    elif agent == "nop":
        steps = []
    elif agent.startswith("first:") and agent[6:].isdigit():
        steps = oracle_steps(m, int(agent[6:]))
    else:
        raise KeyError(f"agent must be oracle, nop or first:<n>, not '{agent}'")
    steps += extra or []
    tmp = tempfile.TemporaryDirectory(prefix=f"chibench-{m.id}-") if workdir is None else None
    root = Path(tmp.name) if tmp is not None else Path(workdir)  # type: ignore[arg-type]
    try:
        world = taskspec.prepare(task_world(m), base=base, run_dir=root / "run", export_dir=root / "export")
        lat: list[float] = []

        async def call(tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
            t0 = time.perf_counter()
            out = dispatch_module.dispatch(world, m.role, tool, args)
            lat.append(time.perf_counter() - t0)
            return out

        error = None
        try:
            asyncio.run(run_steps(steps, call, log or (lambda _m: None)))
        except StepFailed as exc:
            error = str(exc)
        final = snapshot(world)
        world.close()
        v = world_version()
        cases = [(sc.id, sc.expectations_document(world_version=v)) for sc in m.cases]
        doc = {"id": m.id, "domain": m.source.domain}
        card = grade_marathon(final, root / "export" / "initial.json", cases, marathon=doc, judge=judge,
                              out_dir=root / "verifier")
        return MarathonRun(card["reward"], card, error, len(lat), lat)
    finally:
        if tmp is not None:
            tmp.cleanup()


def scorecard_lines(card: dict[str, Any]) -> list[str]:
    out = [f"{card['task']['id']}: reward {card['reward']} ({card['passed']}/{card['total']} cases)"]
    for c in card["cases"]:
        mark = "pass" if c["reward"] == 1 else "FAIL"
        out.append(f"  {mark} {c['task']:<42} {c.get('case_id') or '-':<14} "
                   + ("" if c["reward"] == 1 else f"{c.get('reason') or ''}"[:160]))
    return out


def as_json(card: dict[str, Any]) -> str:
    return json.dumps(card, indent=1, sort_keys=True, default=str)
