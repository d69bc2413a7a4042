"""Declarative checks: an answer key's own JMESPath expressions over the export.

The expression is evaluated over ``{"tables": …, "case": {table: [rows of the target case]},
"target": <case row>, "clock": <export clock>}`` and compared with ``value`` by ``op``. The author
declares whether a do-nothing agent passes (``do_nothing_passes``); the repository's do-nothing
test holds every key to its declarations.
"""

from __future__ import annotations

from typing import Any

import jmespath

from chibench.verifiers.expectations import DeclarativeCheck, Expectations
from chibench.verifiers.registry import GradeContext, Outcome, check, verdict


def _expand(exp: Expectations) -> list[tuple[str, Any]]:
    return [(c.name, {"check": c, "__stage__": c.stage, "__do_nothing_passes__": c.do_nothing_passes})
            for c in exp.checks]


def _doc(ctx: GradeContext) -> dict[str, Any]:
    if "jmespath_doc" not in ctx.cache:
        ctx.cache["jmespath_doc"] = {"tables": ctx.final.tables, "case": ctx.final.case_rows(ctx.target.id),
                                     "target": ctx.target.case, "clock": ctx.final.clock}
    doc: dict[str, Any] = ctx.cache["jmespath_doc"]
    return doc


def _compare(op: str, got: Any, want: Any) -> bool:
    if op == "equals":
        return bool(got == want)
    if op == "not_equals":
        return bool(got != want)
    if op == "truthy":
        return bool(got)
    if op == "falsy":
        return not got
    if op == "contains":
        return isinstance(got, list | str) and want in got
    if op == "not_contains":
        return not (isinstance(got, list | str) and want in got)
    if op == "in":
        return isinstance(want, list) and got in want
    if op in ("gte", "lte"):
        if not isinstance(got, int | float) or isinstance(got, bool):
            return False
        return bool(got >= want) if op == "gte" else bool(got <= want)
    n = len(got) if isinstance(got, list | str | dict) else None
    if n is None:
        return False
    return bool({"length_eq": n == want, "length_gte": n >= want, "length_lte": n <= want}[op])


@check("decl", stage="custom", do_nothing_passes=False, expand=_expand,
       description="A task-specific JMESPath check over the export (see the answer key's description)")
def declarative(ctx: GradeContext, params: dict[str, Any]) -> Outcome:
    c: DeclarativeCheck = params["check"]
    got = jmespath.search(c.expr, _doc(ctx))
    shown = got if len(repr(got)) <= 400 else repr(got)[:400] + "…"
    return verdict(_compare(c.op, got, c.value), f"{c.description}: {c.op} holds",
                   f"{c.description}: {c.expr} → {shown!r} does not satisfy {c.op} {c.value!r}",
                   read={"expr": c.expr, "value": shown}, expected={"op": c.op, "value": c.value})
