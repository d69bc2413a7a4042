"""The registry matches the paper's manifest; generated references are in sync; bad calls are tool errors."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typing_extensions import TypedDict

from chibench.cli import main
from chibench.world.core.db import Event
from chibench.world.core.identities import set_identities
from chibench.world.core.world import World
from chibench.world.tools import registry
from chibench.world.tools.dispatch import dispatch
from chibench.world.tools.reference import write_all
from chibench.world.tools.registry import NAME_RE, ActingInput, load_all

MANIFEST = Path("/work/shared/reference/tool_manifest.md")
COUNTS = {"provider": 30, "payer": 41, "cm": 16}
NAMESPACES = {
    "provider": {"chart": 3, "cases": 3, "inbox": 2, "docs": 5, "forms": 3, "auth": 8, "p2p_session": 3, "people": 3},
    "payer": {"payer_intake_hub": 11, "triage": 5, "review": 6, "determination": 2, "p2p": 4, "p2p_session": 3,
              "payer_letter_center": 10},
    "cm": {"cm_intake": 4, "cm_chart": 2, "cm_outreach": 4, "cm_assessment": 3, "cm_care_plan": 3},
}


@pytest.mark.parametrize("role", list(COUNTS))
def test_counts_and_namespaces_match_the_paper(role):
    tools = load_all().for_role(role)
    assert len(tools) == COUNTS[role]
    per_ns: dict[str, int] = {}
    for t in tools:
        per_ns[t.namespace] = per_ns.get(t.namespace, 0) + 1
    assert per_ns == NAMESPACES[role]


def test_names_are_valid_function_names_and_match_the_manifest():
    all_tools = list(load_all().all())
    assert len(all_tools) == 87
    assert all(NAME_RE.match(t.name) for t in all_tools)
    if MANIFEST.exists():  # the paper's short names, grouped by namespace
        short = set(re.findall(r"^\| ([a-z_0-9]+) \| [A-Z]", MANIFEST.read_text(), re.MULTILINE))
        assert {t.short_name for t in all_tools} <= short | {"get", "list"}


def test_every_write_tool_takes_acting_as_and_every_schema_forbids_extras():
    for t in load_all().all():
        schema = t.input_schema()
        assert schema.get("additionalProperties") is False, t.name
        if t.kind == "write":
            assert "acting_as" in schema["properties"], t.name
        assert t.description and len(t.description) > 40, t.name


def test_generated_references_are_in_sync():
    assert write_all(check=True) == [], "run: chibench tools reference"


def test_tools_list_cli(capsys):
    assert main(["tools", "list", "--role", "cm", "--json"]) == 0
    assert '"cm_intake_open_case"' in capsys.readouterr().out
    assert main(["tools", "list", "--role", "nurse"]) == 2


junk = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=20),
                 st.just("x" * 30_000), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3))
TOOLS = [(t.role, t.name, t) for t in load_all().all()]


@pytest.fixture(scope="module")
def fuzz_world(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> World:
    target = tmp_path_factory.mktemp("toolfuzz") / "w.sqlite"
    shutil.copyfile(base_world_file, target)
    w = World(target)
    set_identities(w, {"provider": ["WKR-PAC-01"], "payer": ["WKR-INT-01", "WKR-UMN-01", "WKR-MD-01"],
                       "cm": ["WKR-CM-01"]})
    return w


@pytest.mark.parametrize("role,name,t", TOOLS, ids=[f"{r}:{n}" for r, n, _ in TOOLS])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_malformed_calls_are_tool_errors_that_write_nothing(role, name, t, data, fuzz_world):
    props = list(t.input_schema().get("properties", {}))
    args = {p: data.draw(junk) for p in props if data.draw(st.booleans())}
    if data.draw(st.booleans()):
        args["unexpected_argument"] = 1
    if "acting_as" in props and data.draw(st.booleans()):
        args["acting_as"] = {"provider": "WKR-PAC-01", "payer": "WKR-UMN-01", "cm": "WKR-CM-01"}[role]
    before = (fuzz_world.now(), fuzz_world.scalar_count(Event))
    is_error, payload = dispatch(fuzz_world, role, name, args)
    if is_error:
        assert payload["error"] != "internal_error", payload
        assert "Traceback" not in str(payload)
        assert (fuzz_world.now(), fuzz_world.scalar_count(Event)) == before


@pytest.mark.parametrize("role", list(COUNTS))
def test_out_of_order_calls_are_refused(role, fuzz_world):
    """Final steps called first (nothing to finalize yet) are tool errors, not crashes."""
    finals = {"provider": ("auth_submit_authorization", {"acting_as": "WKR-PAC-01", "case_id": "CASE-0999",
                                                          "channel": "portal", "bundle_document_id": "DOC-0001"}),
              "payer": ("determination_finalize", {"acting_as": "WKR-MD-01", "case_id": "CASE-0999",
                                                   "decision": "approved"}),
              "cm": ("cm_care_plan_finalize", {"acting_as": "WKR-CM-01", "case_id": "CM-0999"})}
    name, args = finals[role]
    is_error, payload = dispatch(fuzz_world, role, name, args)
    assert is_error and payload["error"] != "internal_error"


def test_tool_inputs_use_the_world_vocabulary_not_copies() -> None:
    """A tool input whose value set is a world enum's must use that enum as its type (one definition)."""
    import typing
    from enum import StrEnum

    from chibench.world.core import enums
    from chibench.world.tools.registry import load_all

    world_sets = {frozenset(e.value for e in obj): name for name, obj in vars(enums).items()
                  if isinstance(obj, type) and issubclass(obj, StrEnum) and obj is not StrEnum}
    copies = []

    def walk(model: type, where: str) -> None:
        for fname, f in model.model_fields.items():  # type: ignore[attr-defined]
            for arg in typing.get_args(f.annotation) or (f.annotation,):
                for inner in typing.get_args(arg) or (arg,):
                    if isinstance(inner, type) and hasattr(inner, "model_fields"):
                        walk(inner, f"{where}.{fname}")
                if typing.get_origin(arg) is typing.Literal and frozenset(typing.get_args(arg)) in world_sets:
                    copies.append(f"{where}.{fname} copies enums.{world_sets[frozenset(typing.get_args(arg))]}")

    for t in load_all().all():
        walk(t.input_model, t.name)
    assert copies == []


# ------------------------------------------------------------------------------------------ service_tool
class _EchoIn(ActingInput):
    case_id: str
    note: str | None = None


class _EchoPageIn(_EchoIn):
    offset: int = 0
    limit: int = 2


class _Echo(TypedDict):
    acting_as: str
    case_id: str
    note: str | None


def _echo(world: object, *, acting_as: str, case_id: str, note: str | None) -> dict[str, object]:
    return {"acting_as": acting_as, "case_id": case_id, "note": note}


def _rows(world: object, *, acting_as: str, case_id: str, note: str | None) -> list[str]:
    return [f"{case_id}-{i}" for i in range(5)]


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> registry.Registry:
    fresh = registry.Registry()
    monkeypatch.setattr(registry, "REGISTRY", fresh)
    return fresh


def test_service_tool_forwards_every_field_by_name_and_declares_its_result(fresh_registry) -> None:
    registry.service_tool("provider", "x", "echo", kind="write", input=_EchoIn, service=_echo, result=_Echo,
                          description="Echo.")
    t = fresh_registry.get("provider", "x_echo")
    assert t is not None and t.output_type is _Echo and t.acts
    a = _EchoIn(acting_as="W-1", case_id="CASE-1")
    assert t.handler(None, a) == {"acting_as": "W-1", "case_id": "CASE-1", "note": None}
    registry.service_tool("provider", "x", "echo_then", kind="read", input=_EchoIn, service=_echo, result=_Echo,
                          description="Echo.", then=lambda out: {**out, "note": "then"})
    t2 = fresh_registry.get("provider", "x_echo_then")
    assert t2 is not None and t2.handler(None, a)["note"] == "then"


def test_service_tool_pages_the_rows_without_passing_offset_and_limit(fresh_registry) -> None:
    registry.service_tool("provider", "x", "rows", kind="read", input=_EchoPageIn, service=_rows, result=_Echo,
                          description="Rows.", page="rows")
    t = fresh_registry.get("provider", "x_rows")
    assert t is not None
    out = t.handler(None, _EchoPageIn(acting_as="W-1", case_id="C", offset=2, limit=2))
    assert out["rows"] == ["C-2", "C-3"] and out["total"] == 5 and out["next_offset"] == 4


def test_service_tool_refuses_a_service_that_does_not_take_every_field(fresh_registry) -> None:
    def narrow(world: object, *, acting_as: str, case_id: str) -> dict[str, object]:
        return {}

    with pytest.raises(TypeError):
        registry.service_tool("provider", "x", "narrow", kind="read", input=_EchoIn, service=narrow, result=_Echo,
                              description="Narrow.")
    with pytest.raises(TypeError, match="offset and limit"):
        registry.service_tool("provider", "x", "unpaged", kind="read", input=_EchoIn, service=_echo, result=_Echo,
                              description="Unpaged.", page="rows")
    assert list(fresh_registry.all()) == []
