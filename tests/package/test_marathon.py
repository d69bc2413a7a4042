"""χ-Bench-Marathon (issue #22, paper §4.4): one world per domain, every case graded on its own.

In-process replays cost ~30 s each, so one domain is replayed here (provider PA: oracle 1.0, nop 0.0, the first
five cases 0.2, and a write on another case's records that fails that case only); the other two domains'
replays are in ``benchmarks/bench_marathon.py`` (the UM one: oracle 1.0, nop 0.0, first five 0.2); for UM
the order the reference trajectory needs on one clock (peer-to-peer calls booked first) is checked without a
replay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chibench.package.marathon import (
    BOOKING_TOOLS,
    MARATHONS,
    MarathonError,
    build,
    case_steps,
    load_marathon,
    marathon_paths,
    oracle_steps,
    run,
    task_world,
)
from chibench.verifiers.exportview import ExportView
from chibench.verifiers.marathon import Owners, grade_marathon, project
from chibench.world.marathon import compose
from chibench.world.overlays import OverlayError, OverlaySpec
from chibench.world.seeds.catalog import UM_DIFFICULTY
from chibench.world.taskspec import TaskWorld

PA = MARATHONS / "marathon.provider_pa"


@pytest.fixture(scope="module")
def pa() -> Any:
    return load_marathon(PA)


# ------------------------------------------------------------------------------------ catalog and render


@pytest.mark.parametrize(("mid", "role"), [("marathon.provider_pa", "provider"),
                                           ("marathon.care_management", "cm")])
def test_full_domains_hold_all_25_cases(mid: str, role: str) -> None:
    m = load_marathon(MARATHONS / mid)
    assert len(m.cases) == 25 and len({sc.id for sc in m.cases}) == 25
    assert {sc.role for sc in m.cases} == {role}


def test_um_marathon_holds_every_um_task_of_the_catalog() -> None:
    m = load_marathon(MARATHONS / "marathon.payer_um")
    assert len(m.cases) == 25 and {sc.id for sc in m.cases} == set(UM_DIFFICULTY)
    assert {sc.role for sc in m.cases} == {"payer"}


@pytest.fixture(scope="module")
def um() -> Any:
    return load_marathon(MARATHONS / "marathon.payer_um")


def _tools(steps: list[dict[str, Any]], case: str) -> list[str]:
    return [s["tool"] for s in steps if s["case"] == case]


@pytest.mark.parametrize("first", [None, 5, 2])
def test_um_oracle_books_every_call_before_the_clock_can_pass_it(um: Any, first: int | None) -> None:
    """The peer-to-peer cases offer literal slots; on one clock every booking step comes before any other
    case's step and before any call is held (a recorded outcome moves the clock to the end of its call)."""
    steps = oracle_steps(um, first)
    cases = um.cases[:first] if first is not None else um.cases
    assert sorted(json.dumps(s, sort_keys=True) for s in steps) == \
        sorted(json.dumps(s, sort_keys=True) for n, sc in enumerate(cases, 1) for s in case_steps(n, sc))
    booking = [i for i, s in enumerate(steps) if s["tool"] in BOOKING_TOOLS]
    p2p_cases = {s["case"] for s in steps if s["tool"] in BOOKING_TOOLS}
    assert booking and p2p_cases == {sc.id for sc in cases if sc.id.endswith(".p2p")}
    first_other = min(i for i, s in enumerate(steps) if s["case"] not in p2p_cases or s["tool"] == "p2p_record_outcome")
    assert max(booking) < first_other
    for sc in cases:  # each case's own steps keep their order
        assert _tools(steps, sc.id) == [s.tool for s in sc.oracle]
    held = [s["case"] for s in steps if s["tool"] == "p2p_record_outcome"]
    slots = {s["case"]: min(s["args"]["slots"]) for s in steps if s["tool"] == "p2p_offer_slots"}
    assert [slots[c] for c in held] == sorted(slots[c] for c in held)


def test_um_p2p_oracles_find_their_own_request_whatever_the_case_order(um: Any) -> None:
    """Every peer-to-peer list a UM reference trajectory reads is filtered by its own case, so no case has to
    be composed before the others for requests[0] to be its own request."""
    lists = [(sc.id, s.args) for sc in um.cases for s in sc.oracle if s.tool == "p2p_list"]
    assert lists
    assert [c for c, args in lists if args.get("case_id") != "${case_id}"] == []


def test_rendered_packages_match_their_sources() -> None:
    assert build(marathon_paths(), check=True) == []


def test_marathon_packages_stay_out_of_the_task_globs() -> None:
    """packages/*/scenario.yaml and packages/*/task.toml are the per-task dataset; a marathon is not a task."""
    repo = MARATHONS.parent
    assert not list(repo.glob("packages/marathon*"))
    assert sorted(p.parent.name for p in MARATHONS.glob("*/task.toml")) == \
        ["marathon.care_management", "marathon.payer_um", "marathon.provider_pa"]


def test_task_config_scales_the_agent_budget(pa: Any) -> None:
    import tomllib

    cfg = tomllib.loads((PA / "task.toml").read_text(encoding="utf-8"))
    assert cfg["metadata"]["kind"] == "marathon" and cfg["metadata"]["n_cases"] == 25
    assert cfg["agent"]["timeout_sec"] == 25 * 1800
    assert cfg["metadata"]["cases"] == [sc.id for sc in pa.cases]
    text = (PA / "instruction.md").read_text(encoding="utf-8")
    assert text.count("### Case ") == 25 and "12.5 h" in text


def test_task_world_unions_identities_and_lists_every_case(pa: Any) -> None:
    spec = task_world(pa)
    assert [c.service for c in spec.cases] == [sc.overlay.service for sc in pa.cases]
    assert set(spec.identities["provider"]) == {i.id for sc in pa.cases for i in sc.identities}
    with pytest.raises(ValueError, match="first case"):
        TaskWorld(task="x", roles=["provider"], identities={"provider": ["WKR-PAC-01"]},
                  overlay=spec.cases[1], cases=spec.cases)


def test_oracle_variables_are_renamed_per_case(pa: Any) -> None:
    steps = oracle_steps(pa)
    assert len(steps) == sum(len(sc.oracle) for sc in pa.cases)
    one = case_steps(2, pa.cases[1])
    saved = {k for s in one for k in s.get("save", {})}
    assert saved and all(k.startswith("c02_") for k in saved)
    used = json.dumps([s.get("args") for s in one])
    assert "${" not in used.replace("${c02_", "")


@pytest.mark.parametrize(("specs", "message"), [
    ([], "at least one case"),
    ([OverlaySpec(kind="pa_new_referral", service="fess"), OverlaySpec(kind="cm_referral",
                                                                         scenario_id="cm_asthma_low_coop_001")],
     "same overlay kind"),
    ([OverlaySpec(kind="pa_new_referral", service="fess")] * 2, "same case twice"),
])
def test_compose_refuses_bad_case_lists(world: Any, specs: list[OverlaySpec], message: str) -> None:
    with pytest.raises(OverlayError, match=message):
        compose(world, specs)


def test_lead_must_name_selected_tasks(tmp_path: Path) -> None:
    folder = tmp_path / "marathon.provider_pa"
    folder.mkdir()
    (folder / "marathon.yaml").write_text("id: marathon.provider_pa\ntitle: a marathon for testing\n"
                                          "tasks: '*.referral'\nlead: [cm_asthma_low_coop_001]\n")
    with pytest.raises(MarathonError, match="lead"):
        load_marathon(folder)


# ------------------------------------------------------------------------------------ projection


def _export(tables: dict[str, list[dict[str, Any]]]) -> ExportView:
    return ExportView({"format": "chibench.world.export/1", "clock": "t", "tables": tables})


def test_projection_restores_other_cases_rows_only() -> None:
    initial = _export({"pa_cases": [{"id": "C1", "patient_id": "P1", "status": "draft"},
                                    {"id": "C2", "patient_id": "P2", "status": "draft"}],
                       "documents": [], "world_settings": [{"key": "k", "value": 1}]})
    final = _export({"pa_cases": [{"id": "C1", "patient_id": "P1", "status": "submitted"},
                                  {"id": "C2", "patient_id": "P2", "status": "submitted"}],
                     "documents": [{"id": "D1", "case_id": "C1"}, {"id": "D2", "case_id": "C2"},
                                   {"id": "D3", "patient_id": "P2", "case_id": None}],
                     "world_settings": [{"key": "k", "value": 2}]})
    owners = Owners(["C1", "C2"], ["P1", "P2"])
    one = project(initial, final, owners, 0)["tables"]
    assert one["pa_cases"] == [{"id": "C1", "patient_id": "P1", "status": "submitted"},
                               {"id": "C2", "patient_id": "P2", "status": "draft"}]
    assert one["documents"] == [{"id": "D1", "case_id": "C1"}]
    assert one["world_settings"] == [{"key": "k", "value": 2}]  # nobody's: every case sees it
    two = project(initial, final, owners, 1)["tables"]
    assert [d["id"] for d in two["documents"]] == ["D2", "D3"]


def test_unreadable_export_fails_every_case(tmp_path: Path) -> None:
    card = grade_marathon(tmp_path / "missing.json", tmp_path / "missing.json", [("a.referral", {}),
                                                                                  ("b.referral", {})],
                          marathon={"id": "marathon.provider_pa", "domain": "provider_pa"}, judge=None)
    assert card["reward"] == 0.0 and [c["reward"] for c in card["cases"]] == [0, 0]
    assert "not found" in card["reason"]


# ------------------------------------------------------------------------------------ replays (provider PA)


def _rewards(card: dict[str, Any]) -> dict[str, Any]:
    return {c["task"]: c["reward"] for c in card["cases"]}


def test_pa_oracle_passes_every_case(pa: Any, base_world_file: Path, tmp_path: Path) -> None:
    res = run(pa, base_world_file, "oracle", workdir=tmp_path)
    assert res.oracle_error is None
    assert res.reward == 1.0 and res.scorecard["passed"] == 25, [c for c in res.scorecard["cases"] if c["reward"] != 1]
    written = json.loads((tmp_path / "verifier" / "reward.json").read_text())
    assert written == {"reward": 1.0}
    assert len(list((tmp_path / "verifier" / "cases").glob("*.json"))) == 25


def test_pa_nop_passes_no_case(pa: Any, base_world_file: Path) -> None:
    res = run(pa, base_world_file, "nop")
    assert res.reward == 0.0 and set(_rewards(res.scorecard).values()) == {0}


def test_pa_first_five_cases_score_a_fifth(pa: Any, base_world_file: Path) -> None:
    res = run(pa, base_world_file, "first:5")
    assert res.oracle_error is None and res.reward == 0.2
    assert [t for t, r in _rewards(res.scorecard).items() if r == 1] == [sc.id for sc in pa.cases[:5]]


def test_a_write_on_another_cases_records_fails_that_case_only(pa: Any, base_world_file: Path) -> None:
    """After the first five cases, a stray note is filed on case 2 (whose end state is docs_needed and whose
    scope has no documents): case 2 fails on mutation scope; cases 1, 3, 4, 5 still pass."""
    wrong = {"tool": "docs_upload_evidence", "case": pa.cases[1].id,
             "args": {"acting_as": pa.cases[1].identities[0].id, "case_id": "${c02_case_id}", "kind": "chart_note",
                      "title": "Visit note", "body": "Filed on the wrong case."}}
    res = run(pa, base_world_file, "first:5", extra=[wrong])
    assert res.oracle_error is None
    rewards = _rewards(res.scorecard)
    assert res.reward == 0.16
    assert [t for t, r in rewards.items() if r == 1] == [sc.id for i, sc in enumerate(pa.cases[:5]) if i != 1]
    case2 = next(c for c in res.scorecard["cases"] if c["task"] == pa.cases[1].id)
    assert "core.mutation_scope" in case2["failed_checks"]
