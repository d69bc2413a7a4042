"""Checking real tool results against the tools' declared output schemas (tests only, never the serving path).

A tool's served ``outputSchema`` is open (undeclared keys allowed, so that a validating client never fails
an agent's call over a key the declaration missed); here every object is closed, so a result key that its
type does not declare is a failure. Error results (``isError``) are held to :class:`outputs.ToolError`.
"""

from __future__ import annotations

import functools
from typing import Any

from jsonschema import Draft7Validator, Draft202012Validator
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for
from pydantic import TypeAdapter

from chibench.world.tools.outputs import ToolError
from chibench.world.tools.registry import Role, load_all


def closed(node: Any) -> Any:
    """``node`` with ``additionalProperties: false`` on every object schema that lists its properties."""
    if isinstance(node, list):
        return [closed(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: closed(v) for k, v in node.items()}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    return out


@functools.cache
def result_validator(role: Role, name: str) -> Validator:
    """The closed schema under the dialect it declares (draft-07, as a validating client reads it)."""
    t = load_all().get(role, name)
    assert t is not None, f"no tool {name} on the {role} server"
    schema = closed(t.output_schema())
    cls = validator_for(schema, default=Draft202012Validator)
    assert cls is Draft7Validator, f"{name}: outputSchema declares {schema.get('$schema')!r}"
    cls.check_schema(schema)
    return cls(schema)


@functools.cache
def error_validator() -> Draft202012Validator:
    return Draft202012Validator(closed(TypeAdapter(ToolError).json_schema()))


def problems(role: Role, name: str, is_error: bool, payload: Any) -> list[str]:
    """Where ``payload`` departs from the tool's (closed) output schema, or from the error shape."""
    validator = error_validator() if is_error or load_all().get(role, name) is None else result_validator(role, name)
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(result)'}: {e.message[:300]}"
            for e in validator.iter_errors(payload)]


def check_result(role: Role, name: str, is_error: bool, payload: Any) -> None:
    found = problems(role, name, is_error, payload)
    kind = "error result" if is_error else "result"
    assert not found, f"{role} {name}: the {kind} does not match its declared shape:\n" + "\n".join(found[:20])
