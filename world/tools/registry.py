"""The tool registry: every agent-facing tool, registered once, with its role, namespace and kind.

A tool is a plain typed function ``handler(world, args) -> <result TypedDict>`` over the world's service
functions. Its input is a pydantic model with ``extra="forbid"`` whose field descriptions, enums and units
become the MCP input schema; its declared return type (``outputs*.py``) becomes the result schema the tests
hold results to and, cut to its top level, the MCP output schema. MCP servers (``server.py``), the
in-process client used by tests, ``chibench tools list`` and the generated ``tool_reference.md`` are
all derived from this one registry (DESIGN §5).

Names are ``<namespace>_<tool>`` and must match ``^[a-zA-Z0-9_-]{1,64}$`` (the function-name rule of
the major agent APIs). Descriptions teach mechanics, never the policy answer.

Identity: write tools take ``acting_as`` — the worker id the agent acts as for that step (the task's
instruction names the identities; the world accepts only the identities it was started with for that
role, and the services then enforce authority and independence on that worker).
"""

from __future__ import annotations

import functools
import inspect
import json
import re
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import is_typeddict

if TYPE_CHECKING:  # the server imports this module before the world (and SQLAlchemy) is loaded
    from chibench.world.core.world import World

Role = Literal["provider", "payer", "cm"]
ROLES: tuple[Role, ...] = ("provider", "payer", "cm")
NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
#: No single tool result may exceed this many characters of JSON (list tools paginate or filter).
MAX_RESULT_CHARS = 100_000


class ToolInput(BaseModel):
    """Base of every tool input: unknown arguments are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class ActingInput(ToolInput):
    """Base of inputs whose tool acts as a specific worker (all writes, role-scoped reads)."""

    # no length bounds: the dispatcher admits only the identities the world was started with
    acting_as: str = Field(description="Your worker id")


#: A tool handler: the world and the validated input model → its declared result (a ``TypedDict``).
Handler = Callable[["World", Any], object]


@dataclass(frozen=True)
class Tool:
    role: Role
    namespace: str
    short_name: str
    kind: Literal["read", "write"]
    description: str
    input_model: type[BaseModel]
    handler: Handler
    #: The handler's declared result type (:func:`result_type`), source of :meth:`output_schema`.
    output_type: type[Any]

    @property
    def name(self) -> str:
        return f"{self.namespace}_{self.short_name}"

    @property
    def acts(self) -> bool:
        return "acting_as" in self.input_model.model_fields

    def input_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = lean_schema(inline_enums(self.input_model.model_json_schema()))
        schema.setdefault("additionalProperties", False)
        return schema

    @functools.cached_property
    def _result_schema(self) -> dict[str, Any]:
        body: dict[str, Any] = lean_schema(TypeAdapter(self.output_type).json_schema(mode="serialization"))
        return {"$schema": OUTPUT_SCHEMA_DIALECT, **body}

    def result_schema(self) -> dict[str, Any]:
        """The full JSON Schema of a successful result, derived once from :attr:`output_type`: every nested
        record, list entry and enum (``$defs``/``$ref``). It is the contract the tests hold every real result
        to, with every object closed (``tests/world/tools/output_check.py``). It is not served: see
        :meth:`output_schema`."""
        return self._result_schema

    @functools.cached_property
    def _output_schema(self) -> dict[str, Any]:
        return served_schema(self._result_schema, self.output_type.__name__)

    def output_schema(self) -> dict[str, Any]:
        """MCP ``outputSchema`` as listed in ``tools/list`` (:func:`served_schema`): a result that validates
        against :meth:`result_schema` validates against it. The server never validates a result against
        either (``server.call_result``)."""
        return self._output_schema


def served_schema(full: dict[str, Any], title: str) -> dict[str, Any]:
    """The ``outputSchema`` listed for a tool whose full result schema is ``full``: an object (``type``),
    named by its result type (``title``, a ``TypedDict`` in ``outputs*.py``), with the top-level keys every
    result carries (``required``). Nothing nested, no ``properties``, no references; the object is open.

    Why not more: the official Python MCP client (``ClientSession.call_tool``) runs ``jsonschema.validate``
    on every successful result, which first checks the listed schema against its metaschema, per call and
    uncached, at a cost that grows with every subschema — each ``properties`` entry is a ``$ref`` through
    the whole metaschema, and a nullable type (``["string", "null"]``) a failed branch of its ``type``
    rule. The client's CPU per call for ``cases_get_case`` (``benchmarks/bench_tools.py --client-check``,
    load ≈ 10): 7.0–12.2 ms with the full schema, 3.0–5.3 ms with the top-level keys and their types,
    2.1–3.8 ms with the keys and single (non-null) types only, 0.3–0.6 ms in this form. The full contract is
    held by the tests against every real result.
    """
    root = full
    defs: dict[str, Any] = full.get("$defs", {})
    while "$ref" in root:
        root = defs[str(root["$ref"]).rsplit("/", 1)[-1]]
    served: dict[str, Any] = {"$schema": full["$schema"], "title": title, "type": "object"}
    if root.get("required"):
        served["required"] = list(root["required"])
    return served


#: The JSON Schema dialect every result and output schema declares. The official Python MCP client checks
#: the listed schema itself (``jsonschema.validate``: metaschema check, then the result) on every successful
#: call, and the 2020-12 metaschema check costs many times the draft-07 one (``cases_get_case``'s full
#: schema: 2.2 s against 66 ms on this machine). The schemas use only keywords that mean the same in both
#: dialects (``type``, ``properties``, ``required``, ``additionalProperties``, ``items``, ``anyOf``, ``$ref``
#: without siblings; ``tests/world/tools/test_output_schemas.py`` holds them to that), and draft-07 is also what
#: the TypeScript SDK's default validator (Ajv) assumes.
OUTPUT_SCHEMA_DIALECT = "http://json-schema.org/draft-07/schema#"


#: Keys a nullable branch may carry and still fold into ``"type": [<type>, "null"]``.
_FOLDABLE = frozenset({"type", "enum", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
                       "exclusiveMinimum", "exclusiveMaximum", "items", "minItems", "maxItems"})


#: ``maxLength`` at or below this marks an id-like string (ids are ≤ 48 characters); see :func:`lean_schema`.
_ID_MAX = 64


def lean_schema(node: Any) -> Any:
    """The same contract in fewer tokens (every model call of every trial pays for the listing).

    Drops what constrains nothing — pydantic's generated ``title`` strings and ``"default": null`` (an
    optional field is one not in ``required``) — and folds ``anyOf: [<simple type>, {"type": "null"}]``
    into ``"type": [<type>, "null"]`` (with ``null`` added to an ``enum``). Also drops the length bounds of
    id-like strings (``minLength: 1``, ``maxLength`` ≤ 64): an agent learns nothing from them, and a bad id
    is refused with a clear error anyway. Bounds of free text (narratives, notes) stay, because they tell the
    agent how much it may write. Validation is unchanged: the server validates arguments against the
    pydantic model, not this text.
    """
    if isinstance(node, list):
        return [lean_schema(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: lean_schema(v) for k, v in node.items()
           if not (k == "title" and isinstance(v, str)) and not (k == "default" and v is None)
           and not (k == "minLength" and v == 1) and not (k == "maxLength" and isinstance(v, int) and v <= _ID_MAX)}
    alts = out.get("anyOf")
    if isinstance(alts, list) and len(alts) == 2 and {"type": "null"} in alts:
        (other,) = [a for a in alts if a != {"type": "null"}]
        if isinstance(other, dict) and isinstance(other.get("type"), str) and set(other) <= _FOLDABLE:
            folded = {**other, "type": [other["type"], "null"]}
            if "enum" in folded:
                folded["enum"] = [*folded["enum"], None]
            rest = {k: v for k, v in out.items() if k != "anyOf"}
            out = {**folded, **rest}
    return out


def inline_enums(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace every ``$ref`` to an enum definition with the enum itself (``type`` + ``enum``).

    Tool inputs use the world's ``StrEnum`` vocabulary as field types; pydantic emits those as shared
    ``$defs``. Inlined, each field reads on its own (as a ``Literal`` would), with the field's own
    description and none of the enum class's docstring or title. Non-enum definitions stay referenced.
    """
    defs: dict[str, Any] = schema.get("$defs", {})

    def is_enum(name: str) -> bool:
        return "enum" in defs.get(name, {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and is_enum(ref[8:]):
                d = defs[ref[8:]]
                inlined = {k: v for k, v in node.items() if k != "$ref"}
                return {"enum": d["enum"], "type": d.get("type", "string"), **inlined}
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    out: dict[str, Any] = {}
    for key, value in schema.items():  # key order kept: the catalog text is compared byte for byte
        if key != "$defs":
            out[key] = walk(value)
        elif kept := {k: walk(v) for k, v in defs.items() if not is_enum(k)}:
            out[key] = kept
    return out


class Registry:
    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def add(self, t: Tool) -> Tool:
        if not NAME_RE.match(t.name):
            raise ValueError(f"tool name {t.name!r} does not match {NAME_RE.pattern}")
        if t.name in self._tools and self._tools[t.name].role == t.role:
            raise ValueError(f"tool {t.name} registered twice for role {t.role}")
        if t.kind == "write" and not t.acts:
            raise ValueError(f"write tool {t.name} must take acting_as")
        self._tools[f"{t.role}:{t.name}"] = t
        return t

    def for_role(self, role: Role) -> list[Tool]:
        return sorted((t for t in self._tools.values() if t.role == role), key=lambda t: t.name)

    def get(self, role: Role, name: str) -> Tool | None:
        return self._tools.get(f"{role}:{name}")

    def all(self) -> Iterable[Tool]:
        return sorted(self._tools.values(), key=lambda t: (t.role, t.name))


REGISTRY = Registry()


def tool(role: Role, namespace: str, name: str, *, kind: Literal["read", "write"], input: type[BaseModel],
         description: str) -> Callable[[Handler], Handler]:
    """Register ``handler`` as ``<namespace>_<name>`` on ``role``'s server."""

    def deco(handler: Handler) -> Handler:
        REGISTRY.add(Tool(role, namespace, name, kind, description.strip(), input, handler,
                          result_type(handler, f"{namespace}_{name}")))
        return handler

    return deco


def service_tool(role: Role, namespace: str, name: str, *, kind: Literal["read", "write"], input: type[BaseModel],
                 service: Callable[..., object], result: type[Any], description: str,
                 then: Callable[[Any], object] | None = None, page: str | None = None) -> Handler:
    """Register ``<namespace>_<name>`` on ``role``'s server as a pass-through: every field of ``input``, by name, to
    ``service(world, ...)``, whose result (through ``then``, if given) is the tool's result, declared as
    ``result`` (a ``TypedDict``). With ``page``, a paged tool: ``offset`` and ``limit`` are not passed, and the
    result is that page of the service's rows under the key ``page`` (:func:`budget.page`) — the rows the service
    returns, or, when it returns a record, the record's list under ``page``, paged with the rest of the record as
    the page's head.

    The declaration form of the tools whose handler would only forward its arguments. Raises ``TypeError`` at
    import when ``service`` does not take each input field as a keyword argument (mypy cannot see that call).
    """
    from . import budget  # here, not above: budget loads SQLAlchemy, and the server imports this module first

    paging = ("offset", "limit") if page is not None else ()
    fields = tuple(f for f in input.model_fields if f not in paging)
    inspect.signature(service).bind(None, **dict.fromkeys(fields))  # every field is a parameter of the service

    if page is not None and not {"offset", "limit"} <= set(input.model_fields):
        raise TypeError(f"tool {namespace}_{name}: a paged tool's input takes offset and limit")

    def handler(world: World, a: Any) -> object:
        out = service(world, **{f: getattr(a, f) for f in fields})
        if page is not None:
            if isinstance(out, dict):
                record = dict(out)
                out = budget.page(page, record.pop(page), a.offset, a.limit, head=record)
            else:
                out = budget.page(page, cast(list[Any], out), a.offset, a.limit)
        return out if then is None else then(out)

    handler.__name__ = handler.__qualname__ = name
    handler.__annotations__ = {"a": input, "return": result}
    return tool(role, namespace, name, kind=kind, input=input, description=description)(handler)


def result_type(handler: Handler, name: str) -> type[Any]:
    """The result type ``handler`` declares: a ``TypedDict`` (an MCP result is a JSON object). Raises
    ``TypeError`` for a handler without one, so that no tool is registered without an output schema."""
    declared = typing.get_type_hints(handler).get("return")
    if not (isinstance(declared, type) and is_typeddict(declared)):
        raise TypeError(f"tool {name}: the handler must declare a TypedDict result type, not {declared!r}")
    return declared


def load_all() -> Registry:
    """Import every binding module so that the registry is complete."""
    from . import bindings_cm, bindings_payer, bindings_provider  # noqa: F401

    return REGISTRY


# ------------------------------------------------------------------------------------------ catalog
#: The generated module holding every role's ``tools/list`` entries (``chibench tools reference``).
CATALOG_MODULE = "chibench.world.tools.tool_catalog"


def catalog_entry(t: Tool) -> dict[str, Any]:
    """What ``tools/list`` says about ``t``: name, description, input and output schemas, read-only hint."""
    return {"name": t.name, "description": t.description, "inputSchema": t.input_schema(),
            "outputSchema": t.output_schema(), "readOnlyHint": t.kind == "read"}


def live_catalog() -> dict[str, list[dict[str, Any]]]:
    """Every role's listing computed from the registry (imports every binding, service and model)."""
    registry = load_all()
    return {role: [catalog_entry(t) for t in registry.for_role(role)] for role in ROLES}


def catalog_text(listing: dict[str, list[dict[str, Any]]]) -> str:
    """Canonical JSON of a catalog (key order kept: it is the order clients are shown)."""
    return json.dumps(listing, ensure_ascii=False, indent=1)


def render_catalog() -> str:
    """The text of the generated catalog module (tool schemas are static: the registry defines them)."""
    text = catalog_text(live_catalog())
    quotes = "'" * 3
    if quotes in text:
        raise ValueError("the catalog cannot be embedded in a triple-quoted raw string")
    doc = ("Every role's ``tools/list`` entries, generated from the tool registry by ``chibench tools reference``.\n"
           "\n"
           "Do not edit by hand. A world server lists its tools from here while the world (SQLAlchemy, models,\n"
           "services, bindings) is still loading; ``chibench tools reference --check`` fails when this file is\n"
           "stale, and the server switches to the live registry if it ever differs.\n")
    return f'"""{doc}"""\n\nCATALOG_JSON = r{quotes}{text}{quotes}\n'


def catalog() -> dict[str, list[dict[str, Any]]]:
    """Every role's listing from the generated module: no binding, service or model is imported."""
    import importlib

    module = importlib.import_module(CATALOG_MODULE)
    return dict(json.loads(module.CATALOG_JSON))


def _arena_tool_caller(world: Any, role: str, name: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
    from .dispatch import dispatch

    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}; one of {', '.join(ROLES)}")
    return dispatch(world, role, name, arguments)


def _register_with_the_arena() -> None:
    """The arena's scripted provider replays the reference provider through the tool dispatcher; apps may
    not import tools (tests/test_layers.py), so the tool layer hands it over as soon as it loads (every
    server and in-process client imports this module first)."""
    from chibench.world.apps import scripted_provider

    scripted_provider.TOOL_CALLER = _arena_tool_caller


_register_with_the_arena()
