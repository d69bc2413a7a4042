"""The deterministic layer's registry: named check functions over (initial export, final export, diff).

Every check is registered once with :func:`check`: a name, the stage it belongs to, whether an agent
that does nothing passes it (``do_nothing_passes``) and an ``expand`` function that turns an answer key
into zero or more planned instances (e.g. one per criterion, one per letter type). A check returns an
:class:`Outcome` — ``pass`` / ``fail`` / ``not_applicable`` with the fields it read as evidence.

Rules the runner enforces so that no check can be skipped into a pass:

* a check that needs the target case fails when the case was not located;
* a check that needs the starting state fails when no initial export was given;
* a check that raises fails (the exception is the evidence); nothing is retried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from chibench.verifiers.expectations import Expectations
from chibench.verifiers.exportview import ExportView, Row, Target

T = TypeVar("T")

Status = Literal["pass", "fail", "not_applicable"]


@dataclass(frozen=True)
class Outcome:
    status: Status
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)


def passed(message: str, **evidence: Any) -> Outcome:
    return Outcome("pass", message, evidence)


def failed(message: str, **evidence: Any) -> Outcome:
    return Outcome("fail", message, evidence)


def not_applicable(message: str, **evidence: Any) -> Outcome:
    return Outcome("not_applicable", message, evidence)


def verdict(ok: bool, good: str, bad: str, **evidence: Any) -> Outcome:
    return passed(good, **evidence) if ok else failed(bad, **evidence)


@dataclass
class GradeContext:
    """Everything a check may read. Exports only: no database, no services."""

    exp: Expectations
    final: ExportView
    initial: ExportView | None
    diff: dict[str, dict[str, Any]] | None
    target: Target
    placeholders: dict[str, str]
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def case(self) -> Row:
        assert self.target.case is not None
        return self.target.case

    @property
    def case_id(self) -> str:
        return str(self.case["id"])

    def rows(self, table: str, column: str = "case_id") -> list[Row]:
        """Rows of ``table`` whose ``column`` is the target case id (``[]`` without a target)."""
        if self.target.case is None:
            return []
        return self.final.where(table, column, self.target.case["id"])

    def fill(self, value: Any) -> Any:
        """Substitute ``{placeholder}`` tokens from the export (unknown or unresolved ones stay)."""
        if isinstance(value, str):
            out = value
            for k, v in self.placeholders.items():
                out = out.replace("{" + k + "}", v)
            return out
        if isinstance(value, list):
            return [self.fill(v) for v in value]
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        return value


CheckFn = Callable[[GradeContext, Any], Outcome]
ExpandFn = Callable[[Expectations], list[tuple[str, Any]]]


@dataclass(frozen=True)
class CheckSpec:
    name: str
    stage: str
    description: str
    do_nothing_passes: bool
    fn: CheckFn
    expand: ExpandFn
    needs_target: bool = True
    needs_initial: bool = False


@dataclass(frozen=True)
class PlannedCheck:
    id: str
    spec: CheckSpec
    params: Any
    stage: str
    do_nothing_passes: bool


REGISTRY: dict[str, CheckSpec] = {}


def check(name: str, *, stage: str, do_nothing_passes: bool, description: str, expand: ExpandFn,
          needs_target: bool = True, needs_initial: bool = False) -> Callable[[CheckFn], CheckFn]:
    """Register a check function under ``name`` (names are unique)."""

    def deco(fn: CheckFn) -> CheckFn:
        if name in REGISTRY:
            raise ValueError(f"check '{name}' registered twice")
        REGISTRY[name] = CheckSpec(name, stage, description, do_nothing_passes, fn, expand, needs_target,
                                   needs_initial)
        return fn

    return deco


def always(exp: Expectations) -> list[tuple[str, Any]]:
    return [("", None)]


def when(pred: Callable[[Expectations], Any], params: Callable[[Expectations], Any] | None = None) -> ExpandFn:
    """Plan one instance when ``pred(exp)`` is truthy (params from ``params(exp)``, default the predicate value)."""

    def expand(exp: Expectations) -> list[tuple[str, Any]]:
        value = pred(exp)
        if value is None or value is False or value == [] or value == {}:
            return []
        return [("", params(exp) if params else value)]

    return expand


def present(value: T | None) -> T:
    """``value``, which the ``when`` predicate beside this call has already found set (for the params half)."""
    if value is None:
        raise AssertionError("when(): params read a stage its predicate found missing")
    return value


MODULE_ORDER = ["checks_core", "checks_payer", "checks_provider", "checks_cm", "checks_declarative"]


def _load_checks() -> None:
    # Importing the check modules registers their checks (order fixes the scorecard order).
    from chibench.verifiers import (  # noqa: F401
        checks_cm,
        checks_core,
        checks_declarative,
        checks_payer,
        checks_provider,
    )


UM_STAGES = ("intake", "triage", "nurse_review", "md_review", "p2p")


def _upstream_stages(exp: Expectations) -> frozenset[str]:
    """UM stages the task's overlay already completed (``task.overlay``: a ``um_pickup`` at ``stage``)."""
    ov = exp.task.overlay or {}
    if ov.get("kind") != "um_pickup" or ov.get("stage") not in UM_STAGES:
        return frozenset()
    return frozenset(UM_STAGES[:UM_STAGES.index(ov["stage"])])


def plan_checks(exp: Expectations) -> list[PlannedCheck]:
    """Every check instance this answer key asks for, in registry order (deterministic)."""
    _load_checks()
    out: list[PlannedCheck] = []
    def order(sp: CheckSpec) -> int:
        mod = sp.fn.__module__.rsplit(".", 1)[-1]
        return MODULE_ORDER.index(mod) if mod in MODULE_ORDER else len(MODULE_ORDER)

    specs = sorted(REGISTRY.values(), key=order)
    for spec in specs:
        for suffix, params in spec.expand(exp):
            cid = f"{spec.name}[{suffix}]" if suffix else spec.name
            stage = params.get("__stage__", spec.stage) if isinstance(params, dict) else spec.stage
            dn = params.get("__do_nothing_passes__", spec.do_nothing_passes) if isinstance(params, dict) \
                else spec.do_nothing_passes
            if exp.target.exists_initially is False and spec.needs_target:
                dn = False  # the agent must open the case: without it every target check fails
            if stage in _upstream_stages(exp):
                dn = True  # done before the pickup: the starting state may already satisfy it
            out.append(PlannedCheck(cid, spec, params, stage, bool(dn)))
    return out


def run_check(ctx: GradeContext, planned: PlannedCheck) -> Outcome:
    spec = planned.spec
    if spec.needs_target and ctx.target.case is None:
        return failed(f"target case not located: {ctx.target.reason}", candidates=ctx.target.candidates)
    if spec.needs_initial and ctx.initial is None:
        return failed("the task's initial export is required for this check and was not provided")
    try:
        return spec.fn(ctx, planned.params)
    except Exception as exc:  # a crashing check fails, it never passes or disappears
        return failed(f"check raised {type(exc).__name__}: {exc}")
