"""``packages/<task>/scenario.yaml``: the single hand-written source of a task package.

A scenario says who the agent is (role and the worker identities it may act as), where the task starts
(the world overlay), what the agent is told (narrative, workspace, deliverable), the answer key
(``expectations``, the grader's ``chibench.expectations/1`` without its ``task`` block, which is derived
from the scenario) and the oracle's reference trajectory (tool calls through the role's MCP server).
``chibench package build`` renders everything else (``chibench.package.render``).

Errors: :class:`ScenarioError` naming the file and the field; the expectations are validated by the
grader's own parser (``chibench.verifiers.expectations.parse_expectations``) with handbook citations
resolved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from chibench.world.core.errors import validation_lines
from chibench.world.overlays import OverlaySpec

TASK_ID = r"^(cm_[a-z0-9_]+_[0-9]{3}|[a-z0-9_]+\.(referral|intake|triage|nurse_review|md_review|p2p))$"
Role = Literal["provider", "payer", "cm"]
DOMAIN_OF_ROLE = {"provider": "provider_pa", "payer": "payer_um", "cm": "care_management"}
EXPECTATIONS_ROLE = {"provider": "provider", "payer": "payer", "cm": "care_manager"}
DIFFICULTY = {"E": "easy", "M": "moderate", "H": "hard"}


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
    narrative: str = Field(min_length=80, description="The situation, in the words of the agent's supervisor")
    workspace: dict[str, str] = Field(min_length=1, description="Ordered label → value rows of the workspace table")
    deliverable: str = Field(min_length=40, description="What done means, in workflow terms (never the answer)")
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


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate one ``scenario.yaml``; the folder name must equal its ``id``."""
    p = Path(path)
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{p}: unreadable: {exc}") from exc
    try:
        sc = Scenario.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(validation_lines(exc, "(top)"))
        raise ScenarioError(f"{p}: {problems}") from exc
    if p.parent.name != sc.id:
        raise ScenarioError(f"{p}: id '{sc.id}' must equal its folder name '{p.parent.name}'")
    return sc
