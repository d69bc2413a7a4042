"""Every tool's ``outputSchema`` holds for its real results — checked here, never on the serving path.

Where real results are checked:

* here, the oracle replays of :data:`COVER` — packages whose oracles together reach every tool an oracle
  of any package calls;
* in every tool test (``conftest._results_match_output_schemas``): each call through the dispatcher, success
  or error; the role modules call every tool of their role, which covers the tools no COVER oracle calls
  (each asserted here to have a successful ``ok(...)`` call in a tool test);
* in ``tests/package/test_packages.py``: every result of the oracle and near-miss replays it runs.

Each result is held to the tool's full result schema with every object closed (``output_check.closed``), so
an undeclared key fails here, and to the listed ``outputSchema`` (the top-level keys every result carries,
open), as a validating client checks it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
import mcp.server.lowlevel.server as lowlevel_server
import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from mcp import types
from typing_extensions import TypedDict

from chibench.package.cli import scenario_paths
from chibench.package.harness import try_task
from chibench.package.scenario import load_scenario
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.tools.dispatch import dispatch_encoded
from chibench.world.tools.registry import OUTPUT_SCHEMA_DIALECT, ROLES, catalog, load_all, result_type, served_schema
from chibench.world.tools.server import build_server

from .conftest import IDENTITIES
from .output_check import check_result, closed, problems

HERE = Path(__file__).parent
#: Packages whose oracles together call every tool that any package's oracle or near miss calls.
COVER = ["brca_testing.intake", "cm_asthma_low_coop_001", "myocardial_pet.referral", "ct_abdomen_pelvis.p2p",
         "cataract_iol.triage", "lap_hysterectomy.referral"]
#: A tool whose every call is refused (a peer-to-peer is payer-initiated): it has no successful result.
ALWAYS_REFUSED = {"auth_request_peer_to_peer"}


# ------------------------------------------------------------------------------------------ declarations
@pytest.mark.parametrize("role", ROLES)
def test_every_tool_lists_the_top_level_of_its_declared_result(role: str) -> None:
    listed = {e["name"]: e for e in catalog()[role]}
    for t in load_all().for_role(role):  # type: ignore[arg-type]
        full = t.result_schema()
        assert full["type"] == "object", t.name
        assert "result_budget" in full["properties"], f"{t.name}: every result may carry the dispatcher's last-resort cut"
        served = t.output_schema()
        assert served == served_schema(full, t.output_type.__name__), t.name
        assert listed[t.name]["outputSchema"] == served, f"{t.name}: run `chibench tools reference`"
        assert served["title"] == t.output_type.__name__ and served["type"] == "object", t.name
        assert served.get("required", []) == full.get("required", []), t.name


#: What a listed ``outputSchema`` may contain: no subschema at all, so that the metaschema check a validating
#: client runs on every call stays a handful of keyword checks (see ``registry.served_schema``).
SERVED_KEYWORDS = {"$schema", "title", "type", "required"}


@pytest.mark.parametrize("role", ROLES)
def test_listed_output_schemas_have_no_subschemas(role: str) -> None:
    for e in catalog()[role]:
        schema = e["outputSchema"]
        assert set(schema) <= SERVED_KEYWORDS, f"{e['name']}: {sorted(set(schema) - SERVED_KEYWORDS)}"
        assert schema["type"] == "object" and all(isinstance(k, str) for k in schema.get("required", [])), e["name"]


def test_served_schema_keeps_only_the_top_level_required_keys() -> None:
    full = {"$schema": OUTPUT_SCHEMA_DIALECT, "$defs": {"Row": {"type": "object", "properties": {"x": {"type": "string"}},
                                                                "required": ["x"]}},
            "type": "object", "properties": {"rows": {"type": "array", "items": {"$ref": "#/$defs/Row"}},
                                             "note": {"type": ["string", "null"]}},
            "required": ["rows"]}
    assert served_schema(full, "Rows") == {"$schema": OUTPUT_SCHEMA_DIALECT, "title": "Rows", "type": "object",
                                           "required": ["rows"]}
    assert served_schema({**full, "required": []}, "Rows") == {"$schema": OUTPUT_SCHEMA_DIALECT, "title": "Rows",
                                                               "type": "object"}
    # a result that misses a key every result carries fails the listed schema too
    assert list(Draft7Validator(served_schema(full, "Rows")).iter_errors({"note": None})) != []
    assert list(Draft7Validator(served_schema(full, "Rows")).iter_errors({"rows": [], "extra": 1})) == []


#: Keywords whose meaning is the same under draft-07 (the declared dialect) and 2020-12 (MCP's default when
#: none is declared): a schema built from these alone validates the same under either.
SHARED_KEYWORDS = {"$schema", "$ref", "$defs", "type", "properties", "required", "additionalProperties", "items",
                   "anyOf", "description", "title", "enum", "const"}


def _keywords(node: Any, out: set[str], ref_siblings: list[str]) -> None:
    if isinstance(node, list):
        for v in node:
            _keywords(v, out, ref_siblings)
    elif isinstance(node, dict):
        if "$ref" in node and len(node) > 1:  # draft-07 ignores a $ref's siblings, 2020-12 applies them
            ref_siblings.append(str(sorted(node)))
        for k, v in node.items():
            if k in ("properties", "$defs"):
                for sub in v.values():
                    _keywords(sub, out, ref_siblings)
            else:
                out.add(k)
                _keywords(v, out, ref_siblings)


@pytest.mark.parametrize("role", ROLES)
def test_output_schemas_declare_draft_07_and_mean_the_same_under_2020_12(role: str) -> None:
    """The Python MCP client runs a metaschema check on every call; under 2020-12 that costs far more, so the
    schemas declare draft-07 — and must mean what MCP's default dialect would. The full result schema too:
    the tests validate under its declared dialect."""
    for t in load_all().for_role(role):  # type: ignore[arg-type]
        for schema in (t.output_schema(), t.result_schema()):
            assert schema["$schema"] == OUTPUT_SCHEMA_DIALECT == "http://json-schema.org/draft-07/schema#", t.name
            Draft7Validator.check_schema(schema)
            Draft202012Validator.check_schema({k: v for k, v in schema.items() if k != "$schema"})
            used: set[str] = set()
            siblings: list[str] = []
            _keywords(schema, used, siblings)
            assert used <= SHARED_KEYWORDS, f"{t.name}: keywords outside the shared set: {sorted(used - SHARED_KEYWORDS)}"
            assert not siblings, f"{t.name}: $ref with siblings (draft-07 ignores them): {siblings[:3]}"


def test_shared_keyword_check_catches_what_differs() -> None:
    used: set[str] = set()
    siblings: list[str] = []
    _keywords({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "x"},
                                                 "b": {"prefixItems": [{"type": "string"}]}}}, used, siblings)
    assert "prefixItems" in used - SHARED_KEYWORDS and siblings == ["['$ref', 'description']"]


class _Shape(TypedDict):
    n: int


def _typed(world: World, a: Any) -> _Shape:
    return {"n": 1}


def _untyped(world: World, a: Any):  # type: ignore[no-untyped-def]
    return {"n": 1}


def _any(world: World, a: Any) -> Any:
    return {"n": 1}


def _plain_dict(world: World, a: Any) -> dict[str, Any]:
    return {"n": 1}


def _a_list(world: World, a: Any) -> list[_Shape]:
    return [{"n": 1}]


def test_a_handler_must_declare_a_typeddict_result() -> None:
    assert result_type(_typed, "x_typed") is _Shape
    for handler in (_untyped, _any, _plain_dict, _a_list):
        with pytest.raises(TypeError, match="must declare a TypedDict result type"):
            result_type(handler, "x_bad")


def test_the_check_fails_on_an_undeclared_key_a_missing_key_and_a_wrong_type() -> None:
    ok = {"patients": [], "count": 0}
    assert problems("provider", "chart_search_patients", False, ok) == []
    assert problems("provider", "chart_search_patients", False, {**ok, "surprise": 1}) != []
    assert problems("provider", "chart_search_patients", False, {"patients": []}) != []
    assert problems("provider", "chart_search_patients", False, {**ok, "count": "0"}) != []
    error = {"error": "not_found", "message": "no case CASE-9", "field": "case_id"}
    assert problems("provider", "cases_get_case", True, error) == []
    assert problems("provider", "cases_get_case", True, {**error, "error": "oops"}) != []
    # the listed schema stays open: a key a declaration missed never fails a validating client
    served = load_all().get("provider", "chart_search_patients")
    assert served is not None and "additionalProperties" not in served.output_schema()
    # ... but a key every result carries is required there as well
    assert problems("provider", "chart_search_patients", False, {"count": 0}) != []
    assert closed({"type": "object", "properties": {}})["additionalProperties"] is False


# ------------------------------------------------------------------------------------------ real results
@pytest.mark.parametrize("task", COVER)
def test_oracle_results_match_their_output_schemas(task: str, base_world_file: Path) -> None:
    sc = load_scenario(scenario_paths([task])[0])
    checked: list[str] = []

    def check(tool: str, _args: dict[str, Any], is_error: bool, payload: Any, _text: str) -> None:
        check_result(sc.role, tool, is_error, payload)
        checked.append(tool)

    res = try_task(sc, base_world_file, "oracle", on_call=check)
    assert res.oracle_error is None and checked


def test_the_cover_and_the_tool_tests_reach_every_tool() -> None:
    """Every tool is called by a COVER oracle or by a successful ``ok(...)`` call of a tool test (whose
    results the conftest fixture checks); a tool that always refuses, by a ``refused(...)`` call."""
    cover: set[str] = set()
    for task in COVER:
        cover |= {s.tool for s in load_scenario(scenario_paths([task])[0]).oracle}
    sources = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    missing = []
    for role in ROLES:
        for t in load_all().for_role(role):  # type: ignore[arg-type]
            call = "refused" if t.name in ALWAYS_REFUSED else "ok"
            if t.name not in cover and not re.search(rf'\b{call}\(\w+, "{t.name}"', sources):
                missing.append(f"{role} {t.name}")
    assert missing == [], "no real result of these tools is checked: call them in a tool test"


# ------------------------------------------------------------------------------------------ serving path
def test_the_server_sends_results_without_validating_them(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK's server validates only results it builds itself; ours hands it a finished CallToolResult,
    with the dispatcher's text byte for byte and the payload as structuredContent."""
    set_identities(world, IDENTITIES)
    validated: list[Any] = []
    monkeypatch.setattr(lowlevel_server.jsonschema, "validate", lambda *a, **k: validated.append(a))
    server = build_server(world, "provider")
    handler = server.request_handlers[types.CallToolRequest]
    args = {"acting_as": "WKR-PAC-01", "query": "Khalil"}

    async def call() -> Any:
        request = types.CallToolRequest(method="tools/call",
                                        params=types.CallToolRequestParams(name="chart_search_patients",
                                                                           arguments=args))
        return await handler(request)

    result = anyio.run(call).root
    is_error, payload, text = dispatch_encoded(world, "provider", "chart_search_patients", args)
    assert not is_error and not result.isError
    assert result.content[0].text == text and result.structuredContent == payload
    listed = server._tool_cache["chart_search_patients"]  # what the SDK would validate against
    assert listed.outputSchema is not None and listed.outputSchema["type"] == "object"
    assert validated == [], "the MCP server validated a result on the serving path"
