"""The tool-result budget (issue 23): paging, sections, text windows and the dispatcher's last-resort cut.

Unit tests of ``chibench.world.tools.budget`` and the same boundaries through ``dispatch_encoded`` (the text
the MCP server sends) on the base world: first page, last page, offset past the end, limit max + 1, unknown
section — every refusal a clear ``invalid_input`` that leaves the world unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chibench.world.core.errors import InvalidInput
from chibench.world.core.world import World
from chibench.world.export import snapshot
from chibench.world.tools import budget
from chibench.world.tools import dispatch as dispatch_module
from chibench.world.tools.budget import RESULT_BUDGET, fit_any, fit_record, page, text_size, text_window
from chibench.world.tools.dispatch import dispatch_encoded

CM = "WKR-CM-01"


def _items(n: int, chars: int) -> list[dict[str, Any]]:
    return [{"id": f"X-{i:04d}", "text": "x" * chars} for i in range(n)]


def _all_pages(items: list[Any], limit: int) -> list[dict[str, Any]]:
    pages, offset = [], 0
    while True:
        p = page("items", items, offset, limit)
        pages.append(p)
        if p["next_offset"] is None:
            return pages
        offset = p["next_offset"]


# ------------------------------------------------------------------------------------------- page
@pytest.mark.parametrize(("n", "limit", "offset", "returned", "next_offset"), [
    (10, 4, 0, 4, 4),      # first page
    (10, 4, 4, 4, 8),      # a middle page
    (10, 4, 8, 2, None),   # the last page is short and says it is the last
    (10, 10, 0, 10, None),  # exactly one full page
    (0, 5, 0, 0, None),    # an empty list has a first (empty) page
])
def test_page_boundaries(n: int, limit: int, offset: int, returned: int, next_offset: int | None) -> None:
    p = page("items", _items(n, 10), offset, limit)
    assert (len(p["items"]), p["next_offset"], p["total"], p["offset"], p["limit"]) == \
        (returned, next_offset, n, offset, limit)
    assert "page_note" not in p


@pytest.mark.parametrize("offset", [10, 11, 1_000])
def test_page_offset_past_the_end_is_refused(offset: int) -> None:
    with pytest.raises(InvalidInput, match=r"past the end: there are 10 entries \(offsets 0–9\)") as exc:
        page("items", _items(10, 10), offset, 5)
    assert exc.value.field == "offset"


def test_page_stops_at_the_budget_and_loses_nothing() -> None:
    items = _items(60, 1_000)
    pages = _all_pages(items, 50)
    assert len(pages) > 2
    for p in pages:
        assert text_size(p) <= RESULT_BUDGET
    first = pages[0]
    assert len(first["items"]) < 50 and f"offset={first['next_offset']}" in first["page_note"]
    assert [x for p in pages for x in p["items"]] == items


def test_page_keeps_the_head() -> None:
    p = page("messages", _items(3, 10), 0, 2, head={"session_id": "SES-1", "status": "active"})
    assert p["session_id"] == "SES-1" and p["status"] == "active" and p["next_offset"] == 2


# ------------------------------------------------------------------------------------------- records
def _take_item_by_item(items: list[Any], room: int, limit: int) -> list[Any]:
    """The definition ``budget._take`` implements: leading entries, each counted with one separator, while they
    fit ``room`` (at least one)."""
    out: list[Any] = []
    used = 0
    for item in items[:limit]:
        size = len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) + 1
        if out and used + size > room:
            break
        out.append(item)
        used += size
    return out


_ENTRY = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30)
                      | st.floats(allow_nan=False, allow_infinity=False),
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                      max_leaves=12)


@given(items=st.lists(_ENTRY, max_size=12), room=st.integers(-5, 400), limit=st.integers(1, 14))
def test_take_is_the_item_by_item_definition(items: list[Any], room: int, limit: int) -> None:
    # the whole-list shortcut (one encoding when everything fits) must pick exactly the same entries
    assert budget._take(items, room, limit) == _take_item_by_item(items, room, limit)


def test_take_shortcut_boundary() -> None:
    items = [{"a": "x"}] * 3  # each entry is 9 characters, 10 with its separator
    assert len(budget._take(items, 30, 3)) == 3 and len(budget._take(items, 29, 3)) == 2


def test_fit_record_leaves_a_small_record_alone() -> None:
    rec = {"id": "R-1", "a": _items(3, 10), "b": []}
    assert fit_record(rec, ("a", "b"), hint="h") == rec


def test_fit_record_cuts_sections_says_so_and_the_rest_pages_back() -> None:
    rec = {"id": "R-1", "small": _items(2, 10), "big": _items(30, 600), "later": _items(3, 20)}
    out = fit_record(rec, ("big", "small", "later"), hint="call get with section=<name>")
    assert text_size(out) <= RESULT_BUDGET
    assert out["id"] == "R-1" and out["more_hint"] == "call get with section=<name>"
    assert out["small"] == rec["small"] and out["later"] == rec["later"]  # small sections still fit after a cut
    more = out["more"]["big"]
    assert more == {"returned": len(out["big"]), "total": 30, "next_offset": len(out["big"])}
    rest = _all_pages(rec["big"][more["next_offset"]:], 100)
    assert out["big"] + [x for p in rest for x in p["items"]] == rec["big"]


# ------------------------------------------------------------------------------------------- text
def test_text_windows_reassemble_the_text() -> None:
    text = "".join(chr(0x41 + i % 26) for i in range(20_001))
    parts, offset = [], 0
    while offset is not None:
        w = text_window(text, offset, 8_000)
        parts.append(w["text"])
        assert w["chars"] == len(text)
        offset = w["next_offset"]
    assert "".join(parts) == text and len(parts) == 3
    with pytest.raises(InvalidInput, match="past the end: the text has 20001 characters"):
        text_window(text, 20_001, 8_000)


# ------------------------------------------------------------------------------------------- last resort
def test_fit_any_cuts_the_largest_parts_and_records_them() -> None:
    big = {"id": "L-1", "body": "b" * 30_000, "rows": _items(40, 400), "tail": "kept"}
    out = fit_any(big, tool="some_tool")
    assert text_size(out) <= RESULT_BUDGET
    note = out["result_budget"]
    assert note["limit"] == RESULT_BUDGET and note["full_chars"] == text_size(big)
    assert set(note["omitted"]) <= {"body", "rows"} and note["omitted"]
    assert out["id"] == "L-1" and out["tail"] == "kept"
    assert big["body"] == "b" * 30_000  # the caller's value is not modified
    assert fit_any({"id": 1}, tool="t") == {"id": 1}
    assert "items" in fit_any([{"x": "y" * 500}] * 40, tool="t")  # a bare list is wrapped


def test_dispatcher_cuts_only_successful_results() -> None:
    payload = {"rows": _items(40, 400)}
    is_error, out, text = dispatch_module._encoded((False, payload, None), "t")
    assert not is_error and len(text) <= RESULT_BUDGET and "result_budget" in out
    assert text == json.dumps(out, **dispatch_module.TEXT_FORMAT)
    error = {"error": "conflict", "message": "m" * 12_000}
    assert dispatch_module._encoded((True, error, None), "t")[:2] == (True, error)


# ------------------------------------------------------------------------------------------- tools
def _call(world: World, role: str, tool: str, args: dict[str, Any]) -> tuple[bool, Any, str]:
    return dispatch_encoded(world, role, tool, args)  # type: ignore[arg-type]


def test_referral_queue_pages(served_world: World) -> None:
    first = _call(served_world, "cm", "cm_intake_list_referral_queue", {"acting_as": CM})
    assert not first[0] and len(first[2]) <= RESULT_BUDGET
    p1 = first[1]
    assert p1["offset"] == 0 and p1["limit"] == 20 and len(p1["referrals"]) == 20 and p1["next_offset"] == 20
    last = _call(served_world, "cm", "cm_intake_list_referral_queue", {"acting_as": CM, "offset": p1["next_offset"]})[1]
    assert last["next_offset"] is None and len(last["referrals"]) == p1["total"] - 20
    ids = [r["id"] for r in p1["referrals"] + last["referrals"]]
    assert len(set(ids)) == p1["total"]
    one = _call(served_world, "cm", "cm_intake_get_referral", {"acting_as": CM, "referral_id": ids[0]})[1]
    assert set(p1["referrals"][0]) < set(one)  # the row is a summary; the detail is one call away


@pytest.mark.parametrize(("args", "needle"), [
    ({"offset": 25}, "offset 25 is past the end: there are 25 entries"),
    ({"limit": 51}, "limit: Input should be less than or equal to 50"),
    ({"limit": 0}, "limit: Input should be greater than or equal to 1"),
    ({"offset": -1}, "offset: Input should be greater than or equal to 0"),
])
def test_bad_paging_is_refused_clearly(served_world: World, args: dict[str, Any], needle: str) -> None:
    is_error, out, _ = _call(served_world, "cm", "cm_intake_list_referral_queue", {"acting_as": CM, **args})
    assert is_error and out["error"] == "invalid_input" and needle in out["message"], out


@pytest.fixture()
def cm_case(served_world: World) -> str:
    queue = _call(served_world, "cm", "cm_intake_list_referral_queue", {"acting_as": CM})[1]
    ref = queue["referrals"][0]["id"]
    is_error, out, _ = _call(served_world, "cm", "cm_intake_open_case",
                             {"acting_as": CM, "referral_id": ref, "program": "complex_care", "priority": "urgent"})
    assert not is_error, out
    return str(out["id"] if "id" in out else out["case"]["id"])


@pytest.mark.parametrize(("args", "needle"), [
    ({"section": "labs"}, "section: Input should be 'conditions', 'encounters'"),
    ({"offset": 3}, "offset pages one section: pass section=<name>"),
    ({"section": "document_bodies"}, "section 'document_bodies' needs document_ids"),
    ({"section": "encounters", "offset": 500}, "offset 500 is past the end"),
    ({"section": "encounters", "limit": 101}, "limit: Input should be less than or equal to 100"),
])
def test_bad_chart_sections_are_refused_and_change_nothing(served_world: World, cm_case: str,
                                                           args: dict[str, Any], needle: str) -> None:
    before = snapshot(served_world)["digest"]
    is_error, out, _ = _call(served_world, "cm", "cm_chart_get_chart_data", {"acting_as": CM, "case_id": cm_case, **args})
    assert is_error and out["error"] == "invalid_input" and needle in out["message"], out
    assert snapshot(served_world)["digest"] == before


def test_chart_default_view_and_sections_cover_the_whole_chart(served_world: World, cm_case: str) -> None:
    args = {"acting_as": CM, "case_id": cm_case}
    is_error, view, text = _call(served_world, "cm", "cm_chart_get_chart_data", args)
    assert not is_error and len(text) <= RESULT_BUDGET and "result_budget" not in view
    for name in ("conditions", "encounters", "observations", "medications", "documents"):
        rows, offset = [], 0
        while offset is not None:
            is_error, p, text = _call(served_world, "cm", "cm_chart_get_chart_data",
                                      {**args, "section": name, "offset": offset, "limit": 7})
            assert not is_error and len(text) <= RESULT_BUDGET, p
            rows += p[name]
            offset = p["next_offset"]
        cut = view.get("more", {}).get(name)
        assert len(rows) == (cut["total"] if cut else len(view[name]))
        assert rows[:len(view[name])] == view[name]  # the default view is the head of each section


@pytest.mark.parametrize(("tool", "section"), [("review_get_nurse_review_data", "policy"),
                                               ("review_get_md_review_data", "bodies")])
def test_bad_workspace_section_is_refused(served_world: World, tool: str, section: str) -> None:
    is_error, out, _ = _call(served_world, "payer", tool,
                             {"acting_as": "WKR-MD-01", "case_id": "CASE-0001", "section": section})
    assert is_error and out["error"] == "invalid_input" and "section: Input should be 'documents'" in out["message"]


def test_document_body_window(served_world: World) -> None:
    args = {"acting_as": "WKR-PAC-01", "document_id": "DOC-CEM-004"}
    whole = _call(served_world, "provider", "docs_get_document", args)[1]
    assert whole["body_offset"] == 0 and whole["body_next_offset"] is None and whole["body_chars"] == len(whole["body"])
    tail = _call(served_world, "provider", "docs_get_document", {**args, "body_offset": 100})[1]
    assert tail["body"] == whole["body"][100:]
    is_error, out, _ = _call(served_world, "provider", "docs_get_document", {**args, "body_offset": whole["body_chars"]})
    assert is_error and "past the end" in out["message"] and out["field"] == "body_offset"


def test_paged_tools_say_how_paging_works() -> None:
    from chibench.world.tools.registry import load_all

    for t in load_all().all():
        fields = t.input_model.model_fields
        if "offset" in fields:
            assert budget.PAGED in t.description or budget.SECTIONED in t.description, t.name


def test_a_case_that_grows_stays_within_the_budget(served_world: World) -> None:
    """The provider's case view after many uploads (a run can pile them up): the default view fits and says
    what it cut, the section pages return every upload, and a 20,000-character body reads back in windows."""
    pac = "WKR-PAC-01"
    is_error, made, _ = _call(served_world, "provider", "cases_create_from_order", {"acting_as": pac, "order_id": "SR-CEM-001"})
    assert not is_error, made
    case_id = made["case"]["id"]
    for i in range(30):
        is_error, out, _ = _call(served_world, "provider", "docs_upload_evidence", {
            "acting_as": pac, "case_id": case_id, "kind": "progress_note", "title": f"Note {i:02d} " + "t" * 200,
            "body": f"Visit {i}. " + "Stable. " * 200})
        assert not is_error, out
    long_body = "".join(f"Line {i:05d} of a long letter of medical necessity.\n" for i in range(400))[:19_996] + "END."
    is_error, doc, text = _call(served_world, "provider", "docs_upload_evidence", {
        "acting_as": pac, "case_id": case_id, "kind": "letter_of_medical_necessity", "title": "LMN", "body": long_body})
    assert not is_error and len(text) <= RESULT_BUDGET and "result_budget" in doc  # the echo says it was shortened

    is_error, view, text = _call(served_world, "provider", "cases_get_case", {"acting_as": pac, "case_id": case_id})
    assert not is_error and len(text) <= RESULT_BUDGET and "result_budget" not in view
    cut = view["more"]["case_documents"]
    assert cut["total"] == 31 and cut["returned"] == len(view["case_documents"]) < 31
    rows, offset = [], 0
    while offset is not None:
        is_error, p, text = _call(served_world, "provider", "cases_get_case",
                                  {"acting_as": pac, "case_id": case_id, "section": "case_documents", "offset": offset})
        assert not is_error and len(text) <= RESULT_BUDGET, p
        rows += p["case_documents"]
        offset = p["next_offset"]
    assert len({r["id"] for r in rows}) == 31

    parts, offset = [], 0
    while offset is not None:
        is_error, p, text = _call(served_world, "provider", "docs_get_document",
                                  {"acting_as": pac, "document_id": doc["id"] if "id" in doc else doc["document"]["id"],
                                   "body_offset": offset})
        assert not is_error and len(text) <= RESULT_BUDGET and p["body_chars"] == len(long_body)
        parts.append(p["body"])
        offset = p["body_next_offset"]
    assert "".join(parts) == long_body and len(parts) == 3
