"""Checking real tool results against the tools' declared output schemas (tests only, never the serving path).

A result is held to its tool's full result schema (``Tool.result_schema``) with every object closed, so a
result key that its type does not declare is a failure, and to the ``outputSchema`` the server lists
(``Tool.output_schema``: the top-level keys every result carries), as a validating client checks it. Error
results (``isError``) are held to :class:`outputs.ToolError`.
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
    """The closed full result schema under the dialect it declares (draft-07, as a validating client reads it)."""
    t = load_all().get(role, name)
    assert t is not None, f"no tool {name} on the {role} server"
    return _validator(name, closed(t.result_schema()))


@functools.cache
def served_validator(role: Role, name: str) -> Validator:
    """The listed ``outputSchema``, as the official Python client validates a result against it."""
    t = load_all().get(role, name)
    assert t is not None, f"no tool {name} on the {role} server"
    return _validator(name, t.output_schema())


def _validator(name: str, schema: dict[str, Any]) -> Validator:
    cls = validator_for(schema, default=Draft202012Validator)
    assert cls is Draft7Validator, f"{name}: the schema declares {schema.get('$schema')!r}"
    cls.check_schema(schema)
    return cls(schema)


@functools.cache
def error_validator() -> Draft202012Validator:
    return Draft202012Validator(closed(TypeAdapter(ToolError).json_schema()))


def problems(role: Role, name: str, is_error: bool, payload: Any) -> list[str]:
    """Where ``payload`` departs from the tool's (closed) result schema and its listed output schema, or from
    the error shape."""
    if is_error or load_all().get(role, name) is None:
        validators = [error_validator()]
    else:
        validators = [result_validator(role, name), served_validator(role, name)]
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(result)'}: {e.message[:300]}"
            for validator in validators for e in validator.iter_errors(payload)]


def check_result(role: Role, name: str, is_error: bool, payload: Any) -> None:
    found = problems(role, name, is_error, payload)
    kind = "error result" if is_error else "result"
    assert not found, f"{role} {name}: the {kind} does not match its declared shape:\n" + "\n".join(found[:20])
