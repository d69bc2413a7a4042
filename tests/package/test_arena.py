"""χ-Bench-Arena (issue #22, paper §4.3): one PA case, a provider side and a payer side, graded both ways.

In-process replays on one case per PA terminal state (:data:`ARENA_REPRESENTATIVE`); all 23 cases run in
``benchmarks/bench_arena.py``. Each replay builds a private world (the payer direction replays the
reference provider at world start), so the subset is kept to three cases.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from chibench.package import arena
from chibench.verifiers.arena import grade_arena

#: One arena case per PA terminal state (submitted as is / returned for documents first / held).
ARENA_REPRESENTATIVE = {"submitted": "rituximab", "returned_for_docs": "myocardial_pet",
                        "gather_more_evidence": "screening_colonoscopy"}


@functools.cache
def source(service: str) -> arena.ArenaSource:
    return arena.load_source(arena.ARENA_ROOT / f"{service}.arena.yaml")


@functools.cache
def played(service: str, side: str, agent: str = "oracle") -> dict[str, Any]:
    return arena.play(source(service), side, agent)


def _status(card: dict[str, Any]) -> str:
    rows = card["final"]["tables"]["pa_cases"]
    assert len(rows) == 1, "an arena world holds exactly the one case"
    return str(rows[0]["status"])


# ------------------------------------------------------------------------------------- catalogue
def test_twenty_three_cases_and_the_two_exclusions() -> None:
    referrals = sorted(p.name.removesuffix(".referral") for p in arena.PACKAGES.glob("*.referral"))
    sources = [arena.load_source(p) for p in arena.source_paths()]
    assert len(referrals) == 25
    assert sorted(s.service for s in sources) == sorted(set(referrals) - set(arena.EXCLUDED))
    assert len(sources) == 23
    # the excluded two are holds (the reference never submits), like the three holds kept
    for service in arena.EXCLUDED:
        assert arena._pa_terminal(arena.referral(service)) == "gather_more_evidence"
    tally = Counter(s.pa_terminal for s in sources)
    assert tally["gather_more_evidence"] == 3 and sum(tally.values()) == 23
    # every case that reaches the payer is offered from both sides; holds only from the provider side
    for s in sources:
        assert s.sides == (("provider",) if s.pa_terminal == "gather_more_evidence" else ("provider", "payer"))
        if "payer" in s.sides:
            assert s.payer.oracle and s.payer.near_misses


def test_representatives_cover_every_pa_terminal_state() -> None:
    for terminal, service in ARENA_REPRESENTATIVE.items():
        assert source(service).pa_terminal == terminal


def test_rendered_packages_do_not_drift() -> None:
    assert arena.build(check=True) == []
    assert not list(arena.PACKAGES.glob("arena.*")), "arena packages live in packages-arena/, not the dataset"


# ------------------------------------------------------------------------------------- play
@pytest.mark.parametrize("service", sorted(ARENA_REPRESENTATIVE.values()))
def test_scripted_provider_vs_scripted_payer_reaches_the_terminal_state(service: str) -> None:
    card = played(service, "scripted")
    assert card["error"] is None
    assert card["reward"] == 1, card["reason"]
    assert _status(card) == source(service).terminal_state


@pytest.mark.parametrize("service,side", [(s, side) for s in sorted(ARENA_REPRESENTATIVE.values())
                                          for side in ("provider", "payer")])
def test_oracle_on_either_side_against_the_scripted_opponent(service: str, side: str) -> None:
    if side not in source(service).sides:
        pytest.skip(f"{service} is a hold: the payer side is not a task (nothing ever reaches the payer)")
    card = played(service, side)
    assert card["error"] is None, card["error"]
    assert card["reward"] == 1, card["reason"]
    assert card["side_rewards"] == {"provider": 1, "payer": 1}
    assert _status(card) == source(service).terminal_state


@pytest.mark.parametrize("service,side", [(s, side) for s in sorted(ARENA_REPRESENTATIVE.values())
                                          for side in ("provider", "payer")])
def test_nop_on_either_side_scores_zero(service: str, side: str) -> None:
    if side not in source(service).sides:
        pytest.skip(f"{service} is a hold: the payer side is not a task")
    card = played(service, side, "nop")
    assert card["reward"] == 0
    assert card["side_rewards"][side] == 0
    if side == "payer":  # the scripted provider did its part: only the idle payer fails
        assert card["side_rewards"]["provider"] == 1


def test_payer_near_miss_fails_the_trial_while_the_provider_scorecard_passes() -> None:
    service = ARENA_REPRESENTATIVE["submitted"]
    name = source(service).payer.near_misses[0].name
    card = played(service, "payer", f"near_miss:{name}")
    assert card["reward"] == 0
    assert card["side_rewards"] == {"provider": 1, "payer": 0}
    assert card["sides"]["provider"]["deterministic"]["failed_checks"] == []


def test_provider_near_miss_fails_the_trial_while_the_payer_scorecard_passes() -> None:
    service = ARENA_REPRESENTATIVE["returned_for_docs"]
    names = source(service).provider.near_misses
    assert names, f"{service}: no provider-only near miss recorded"
    card = played(service, "provider", f"near_miss:{names[0]}")
    assert card["reward"] == 0
    assert card["side_rewards"] == {"provider": 0, "payer": 1}
    assert card["sides"]["payer"]["deterministic"]["failed_checks"] == []


# ------------------------------------------------------------------------------------- the scripted provider
def test_scripted_provider_answers_a_payer_pend_with_the_named_documents() -> None:
    """A payer worker pends the reference packet naming a document kind of which the clinic holds signed
    documents it did not send; the scripted provider answers on the world clock with exactly those
    (resubmitted)."""
    from sqlalchemy import select

    from chibench.world.apps import scripted_payer
    from chibench.world.apps.document_vault.models import Document
    from chibench.world.apps.pa_workbench.models import PACase
    from chibench.world.apps.submission_portal.models import SubmissionPacket

    world, _ = arena.open_world(arena.task_world(source("rituximab"), "payer"))
    try:
        with world.read() as s:
            case = s.scalars(select(PACase)).one()
            held = {d.copied_from for d in s.scalars(select(Document).where(Document.side == "payer"))}
            spare = [d for d in s.scalars(select(Document).where(Document.patient_id == case.patient_id,
                                                                 Document.side == "provider",
                                                                 Document.signed.is_(True)))
                     if d.id not in held and d.case_id in (None, case.id)]
            assert spare, "the chart should hold signed documents the reference packet did not carry"
            kind = str(spare[0].kind)
            expected = {d.id for d in spare if str(d.kind) == kind}
            case_id = case.id
        from chibench.world.apps.intake_hub import services as intake

        header = next(st.args for st in source("rituximab").payer.oracle
                      if st.tool == "payer_intake_hub_save_auth_header")
        intake.save_auth_header(world, acting_as="WKR-INT-01", **{**{k: v for k, v in header.items()
                                                                  if k != "acting_as"}, "case_id": case_id})
        intake.confirm_decisions(world, acting_as="WKR-INT-01", case_id=case_id, request_complete=False,
                                 member_eligible=True, service_covered=True, provider_network_status="in_network",
                                 missing_information=[f"the {kind.replace('_', ' ')}"], info_due="2026-10-30")
        scripted_payer._pend_letter(world, "WKR-INT-01", case_id, [f"the {kind.replace('_', ' ')}"],
                                    "2026-10-30", "portal")
        with world.read() as s:
            assert str(s.get(PACase, case_id).status) == "resubmitted"
            last = s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case_id)
                             .order_by(SubmissionPacket.sequence.desc())).first()
            assert last is not None and last.sequence == 2
            sent = [s.get(Document, i) for i in last.payer_document_ids]
            assert {d.copied_from for d in sent} == expected
    finally:
        world.close()


@pytest.mark.parametrize("text,kinds", [
    ("Missing: signed letter of medical necessity", ["letter_of_medical_necessity"]),
    ("- imaging report (MRI within 6 months)\n- lab_summary", ["imaging_report", "lab_summary"]),
    ("re-send fax page SUB-1-PG002", []),
])
def test_named_kinds(text: str, kinds: list[str]) -> None:
    from chibench.world.apps.scripted_provider import named_kinds

    assert sorted(named_kinds(text)) == sorted(kinds)


def test_provider_mode_rejects_unknown_values() -> None:
    from chibench.world.apps.scripted_provider import set_provider_mode
    from chibench.world.core.errors import InvalidInput

    world, _ = arena.open_world(arena.task_world(source("rituximab"), "provider"))
    try:
        with pytest.raises(InvalidInput, match="provider_mode"):
            set_provider_mode(world, "robot")
    finally:
        world.close()


def test_arena_grading_needs_both_keys(tmp_path: Path) -> None:
    card = grade_arena({"tables": {}}, {"provider": {}}, out_dir=tmp_path)
    assert card["reward"] == 0 and "sides" in card["reason"]
    assert (tmp_path / "reward.json").read_text().strip() == '{"reward": 0}'
