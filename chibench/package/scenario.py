"""``packages/<task>/scenario.yaml``: the single hand-written source of a task package.

A scenario says who the agent is (role and the worker identities it may act as), where the task starts
(the world overlay), what the agent is told (narrative, workspace, deliverable), the answer key
(``expectations``, the grader's ``chibench.expectations/1`` without its ``task`` block, which is derived
from the scenario) and the oracle's reference trajectory (tool calls through the role's MCP server).
``chibench package build`` renders everything else (``chibench.package.render``).

Errors: :class:`ScenarioError` naming the file and the field, in one line; the expectations are validated
by the grader's own parser (``chibench.verifiers.expectations.parse_expectations``) with handbook citations
resolved. Against the world's seeds (:func:`check_against_world`): every identity is a worker of the task's
role, every oracle call acts as one of them, the answer key's target order / patient / referral exists,
and every oracle argument given literally is valid for its tool (a document kind from the taxonomy, …).
Sizes are bounded (:data:`MAX_NARRATIVE_CHARS` and friends) because the instruction is the agent's prompt.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

from chibench.world.core import yamlio
from chibench.world.core.errors import validation_lines
from chibench.world.overlays import OverlaySpec

TASK_ID = (r"^(cm_[a-z0-9_]+_[0-9]{3}|[a-z0-9_]+\.(referral|intake|triage|nurse_review|md_review|p2p)"
           r"|arena\.[a-z0-9_]+\.(provider|payer))$")
Role = Literal["provider", "payer", "cm"]
DOMAIN_OF_ROLE = {"provider": "provider_pa", "payer": "payer_um", "cm": "care_management"}
EXPECTATIONS_ROLE = {"provider": "provider", "payer": "payer", "cm": "care_manager"}
DIFFICULTY = {"E": "easy", "M": "moderate", "H": "hard"}
#: Size bounds of what the agent is told. The longest narrative of the paper's tasks rendered so far is
#: 961 characters, the longest deliverable 497 and the longest instruction.md 3.5 kB: the bounds leave 4×
#: room for a longer case and refuse what is no longer an instruction (a pasted chart, a 1 MB blob that
#: would eat the agent's context and change the task it measures).
MAX_NARRATIVE_CHARS = 4_000
MAX_DELIVERABLE_CHARS = 2_000
MAX_WORKSPACE_ROWS = 20
MAX_WORKSPACE_VALUE_CHARS = 500
MAX_INSTRUCTION_CHARS = 12_000
#: Worker roles the agent may act as, per task role (a provider task never acts as a payer's nurse).
ROLE_WORKER_ROLES = {
    "provider": frozenset({"pa_coordinator", "clinic_nurse", "front_desk", "physician", "nurse_practitioner",
                           "physician_assistant", "physical_therapist"}),
    "payer": frozenset({"intake_coordinator", "um_nurse", "medical_director", "appeals_medical_director",
                        "external_review_coordinator"}),
    "cm": frozenset({"care_manager", "social_worker", "pharmacist", "behavioral_health_clinician", "cm_supervisor"}),
}


class ScenarioError(ValueError):
    """The scenario is invalid; the message names the file and field."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Identity(_M):
    id: str = Field(pattern=r"^WKR-[A-Z0-9-]+$", description="Worker id the agent puts in acting_as")
    title: str = Field(min_length=3, description="Who that is, as the instruction tells the agent")


class OracleStep(_M):
    tool: str = Field(pattern=r"^[a-zA-Z0-9_-]{1,64}$")
    args: dict[str, Any] = Field(default_factory=dict)
    save: dict[str, str] = Field(default_factory=dict, description="variable → jmespath over the result")
    expect: dict[str, Any] = Field(default_factory=dict, description="jmespath over the result → value")
    expect_error: bool = False
    why: str | None = Field(None, description="Why the reference trajectory takes this step (reviewers)")


class NearMiss(_M):
    """A plausible wrong trajectory that must score 0 (proves the key discriminates, not only nop)."""

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    why: str = Field(min_length=20, description="The mistake it makes and the check that must catch it")
    steps: list[OracleStep] = Field(min_length=1)


class Timeouts(_M):
    # None: the paper's trial budget (chibench.package.render.TRIAL_RESOURCES); set only to deviate from it
    agent_sec: int | None = Field(None, ge=60, le=14_400)
    verifier_sec: int = Field(600, ge=30, le=3_600)
    build_sec: int = Field(900, ge=60, le=3_600)


class Scenario(_M):
    id: str = Field(pattern=TASK_ID, description="Package folder name = the paper's task id")
    category: str = Field(min_length=3, description="Paper category (Surgical, Imaging, Respiratory…)")
    difficulty: Literal["E", "M", "H"]
    title: str = Field(min_length=10, max_length=160)
    role: Role
    identities: list[Identity] = Field(min_length=1)
    overlay: OverlaySpec
    contracts: list[str] = Field(default_factory=list, description="Counterpart contract ids the task uses")
    narrative: str = Field(min_length=80, max_length=MAX_NARRATIVE_CHARS,
                           description="The situation, in the words of the agent's supervisor")
    workspace: dict[str, str] = Field(min_length=1, max_length=MAX_WORKSPACE_ROWS,
                                      description="Ordered label → value rows of the workspace table")
    deliverable: str = Field(min_length=40, max_length=MAX_DELIVERABLE_CHARS,
                             description="What done means, in workflow terms (never the answer)")
    timeouts: Timeouts = Field(default_factory=Timeouts)
    expectations: dict[str, Any] = Field(description="The answer key (chibench.expectations/1 minus `task`)")
    oracle: list[OracleStep] = Field(min_length=1)
    near_misses: list[NearMiss] = Field(default_factory=list, description="Wrong trajectories that must score 0")

    @property
    def domain(self) -> str:
        return DOMAIN_OF_ROLE[self.role]

    @field_validator("expectations")
    @classmethod
    def _no_task_block(cls, value: dict[str, Any]) -> dict[str, Any]:
        if "task" in value or "format" in value:
            raise ValueError("`task` and `format` are derived from the scenario; remove them")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        kind = self.overlay.kind
        if kind == "pa_arena" or self.id.startswith("arena."):  # χ-Bench-Arena (chibench/package/arena.py)
            _, service, side = self.id.split(".")
            if kind != "pa_arena" or self.overlay.service != service or self.overlay.side != side \
                    or self.role != side:
                raise ValueError(f"an arena task {self.id} starts from pa_arena for service '{service}', "
                                 f"side '{side}', played in the {side} role")
            return self
        want = {"provider": "pa_new_referral", "payer": "um_pickup", "cm": "cm_referral"}[self.role]
        if kind != want:
            raise ValueError(f"overlay.kind: a {self.role} task starts from {want}, not {kind}")
        if self.role == "cm":
            if self.overlay.scenario_id != self.id:
                raise ValueError(f"overlay.scenario_id must be the task id {self.id}")
        else:
            service, _, state = self.id.partition(".")
            if self.overlay.service != service:
                raise ValueError(f"overlay.service must be '{service}' (from the task id)")
            if self.role == "payer" and self.overlay.stage != state:
                raise ValueError(f"overlay.stage must be '{state}' (from the task id)")
        ids = [i.id for i in self.identities]
        if len(set(ids)) != len(ids):
            raise ValueError("identities: duplicate worker id")
        for label, value in self.workspace.items():
            if len(value) > MAX_WORKSPACE_VALUE_CHARS:
                raise ValueError(f"workspace.{label}: {len(value)} characters (at most {MAX_WORKSPACE_VALUE_CHARS})")
        return self

    def expectations_document(self, *, world_version: str) -> dict[str, Any]:
        """The grader's full expectations (``task`` block derived from the scenario)."""
        return {
            "format": "chibench.expectations/1",
            "task": {"id": self.id, "domain": self.domain, "role": EXPECTATIONS_ROLE[self.role],
                     "title": self.title, "paper_task_id": self.id, "difficulty": DIFFICULTY[self.difficulty],
                     "world_version": world_version, "overlay": self.overlay.model_dump(mode="json",
                                                                                        exclude_defaults=True)},
            **self.expectations,
        }


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def load_scenario(path: str | Path, *, world_checks: bool = True) -> Scenario:
    """Read and validate one ``scenario.yaml``; the folder name must equal its ``id``. With ``world_checks``
    (the default) also :func:`check_against_world`. Raises :class:`ScenarioError` (one line)."""
    p = Path(path)
    try:
        raw = yamlio.load(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{p}: unreadable: {_one_line(str(exc))}") from None
    if not isinstance(raw, dict):
        raise ScenarioError(f"{p}: a scenario is a YAML mapping of fields, not {type(raw).__name__}")
    try:
        sc = Scenario.model_validate(raw)
    except ValidationError as exc:
        lines = "; ".join(_one_line(line) for line in validation_lines(exc, "(top)"))
        raise ScenarioError(f"{p}: {lines}") from None
    if p.parent.name != sc.id:
        raise ScenarioError(f"{p}: id '{sc.id}' must equal its folder name '{p.parent.name}'")
    if world_checks:
        problems = check_against_world(sc)
        if problems:
            raise ScenarioError(f"{p}: " + "; ".join(problems))
    return sc


@functools.lru_cache(maxsize=1)
def _world_facts() -> dict[str, Any]:
    """Ids and the document taxonomy from the world's seeds (what the base world is built from)."""
    from chibench.world.core.enums import DocumentKind
    from chibench.world.seeds.loader import load_seeds

    seeds = load_seeds()
    workers = {w.id: str(w.role) for w in seeds.workers.workers}
    orders, patients, referrals = set(), set(), set()
    for case in seeds.services.values():
        workers.update({w.id: str(w.role) for w in case.extra_workers})
        orders.add(case.order.id)
        patients.add(case.patient.id)
    for member in seeds.cm_members.values():
        referrals.add(member.referral.id)
        patients.add(member.patient.id)
    return {"workers": workers, "orders": orders, "patients": patients, "referrals": referrals,
            "document_kinds": sorted(k.value for k in DocumentKind)}


_VAR = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}")


def _has_var(value: Any) -> bool:
    if isinstance(value, str):
        return bool(_VAR.search(value))
    if isinstance(value, list):
        return any(_has_var(v) for v in value)
    if isinstance(value, dict):
        return any(_has_var(v) for v in value.values())
    return False


def _document_kinds(value: Any, path: str, inside_documents: bool = False) -> list[tuple[str, Any]]:
    """``(path, value)`` of every document kind named in oracle arguments: ``kind`` in an item of a
    ``document…`` list (findings), and every item of a ``…document_kinds`` list."""
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "kind" and inside_documents:
                out.append((f"{path}.kind", v))
            elif str(k).endswith("document_kinds") and isinstance(v, list):
                out += [(f"{path}.{k}[{i}]", x) for i, x in enumerate(v)]
            else:
                out += _document_kinds(v, f"{path}.{k}", str(k).startswith("document"))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _document_kinds(v, f"{path}[{i}]", inside_documents)
    return out


def _shown(values: list[str], limit: int = 12) -> str:
    return ", ".join(values[:limit]) + (f", … ({len(values)} in all)" if len(values) > limit else "")


def check_against_world(sc: Scenario) -> list[str]:
    """Problems (one ``field: message`` each) of a scenario against the world it runs in.

    * ``identities[i].id``: a worker of the base world whose job role belongs to the task's role
      (:data:`ROLE_WORKER_ROLES`);
    * ``oracle[i].args.acting_as``: one of the task's identities (a step that expects a tool error may
      act as anyone — it shows the world refusing);
    * ``oracle[i].args.<name>``: an argument of the step's tool, and — when given literally, not as
      ``${var}`` — a valid value for it (the tool's own input model: a document kind from the taxonomy,
      a date, an enum value…);
    * ``expectations.target.order_id`` / ``patient_id`` / ``referral_id``: exist in the seeds;
    * the rendered instruction is at most :data:`MAX_INSTRUCTION_CHARS` characters.
    """
    from chibench.world.tools.registry import load_all

    facts = _world_facts()
    problems: list[str] = []
    allowed_roles = ROLE_WORKER_ROLES[sc.role]
    for i, ident in enumerate(sc.identities):
        role = facts["workers"].get(ident.id)
        if role is None:
            problems.append(f"identities[{i}].id: no worker '{ident.id}' in the world")
        elif role not in allowed_roles:
            problems.append(f"identities[{i}].id: '{ident.id}' is a {role}, not a {sc.role} worker "
                            f"(allowed job roles: {', '.join(sorted(allowed_roles))})")
    mine = {i.id for i in sc.identities}
    tools = {t.name: t for t in load_all().all() if t.role == sc.role}
    for n, step in enumerate(sc.oracle):
        where = f"oracle[{n}]"
        acting = step.args.get("acting_as")
        if not step.expect_error and isinstance(acting, str) and not _has_var(acting) and acting not in mine:
            problems.append(f"{where}.args.acting_as: '{acting}' is not one of the task's identities "
                            f"({', '.join(sorted(mine))})")
        for at, kind in _document_kinds(step.args, f"{where}.args"):
            if not step.expect_error and not _has_var(kind) and kind not in facts["document_kinds"]:
                problems.append(f"{at}: '{kind}' is not a document kind of the world's taxonomy "
                                f"(allowed: {', '.join(facts['document_kinds'])})")
        tool = tools.get(step.tool)
        if tool is None or step.expect_error:  # an unknown tool is the renderer's error; a refusal may be wrong
            continue
        fields = tool.input_model.model_fields
        for name, value in step.args.items():
            if name not in fields:
                problems.append(f"{where}.args.{name}: not an argument of {step.tool} "
                                f"(allowed: {', '.join(sorted(fields))})")
                continue
            if _has_var(value):
                continue
            f = fields[name]
            typ: Any = Annotated[(f.annotation, *f.metadata)] if f.metadata else f.annotation
            try:
                TypeAdapter(typ).validate_python(value)
            except ValidationError as exc:
                msg = _one_line(exc.errors()[0]["msg"])[:300]
                problems.append(f"{where}.args.{name}: {msg}")
    target = sc.expectations.get("target") if isinstance(sc.expectations, dict) else None
    if isinstance(target, dict):
        for key, pool in (("order_id", "orders"), ("patient_id", "patients"), ("referral_id", "referrals")):
            value = target.get(key)
            if isinstance(value, str) and value not in facts[pool]:
                problems.append(f"expectations.target.{key}: no {pool[:-1]} '{value}' in the world "
                                f"(known: {_shown(sorted(facts[pool]))})")
    if not problems:
        from chibench.package.render import instruction

        size = len(instruction(sc))
        if size > MAX_INSTRUCTION_CHARS:
            problems.append(f"narrative/workspace/deliverable: the instruction would be {size} characters "
                            f"(at most {MAX_INSTRUCTION_CHARS})")
    return problems
