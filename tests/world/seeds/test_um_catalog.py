"""The payer UM catalog is structural: each UM task's band (clinical criteria on the chosen path through its
hidden policy's decision tree: E ≤5, M 6–9, H ≥10) equals the paper's label, and the 25 UM tasks reproduce
the paper's Table 12 (pickup stage × terminal outcome) and its clinical category counts — computed from the
seeds and from the shipped packages (skipped, naming the missing tasks, while fewer than 25 ship)."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from chibench.world.core import yamlio
from chibench.world.lint import um_path_criteria
from chibench.world.seeds.catalog import (
    TABLE_12,
    UM_CATEGORY,
    UM_CATEGORY_COUNTS,
    UM_CONTENT_PENDING,
    UM_DIFFICULTY,
    UM_OUTCOME_OF_INTENT,
    UM_OUTCOME_OF_STATUS,
    UM_OUTCOME_PENDING,
    stage_by_outcome,
    table_12_problems,
    um_band,
    um_criteria_on_path,
)
from chibench.world.seeds.schema import GoldCardSeed, ServiceCaseFile
from tests.world.seeds.support import PACKAGES, SEEDS

UM_STAGES = ("intake", "triage", "nurse_review", "md_review", "p2p")


@pytest.mark.parametrize(("n", "band"), [(0, "E"), (1, "E"), (5, "E"), (6, "M"), (9, "M"), (10, "H"), (50, "H")])
def test_band_boundaries(n: int, band: str) -> None:
    assert um_band(n) == band


def test_band_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="≥ 0"):
        um_band(-1)


BASE = dict(member_eligible=True, covered=True, pa_required=True, codes_needing_review=1, site_exempt=False,
            notification_only=False, criteria=8, gold_carded=False, standard_program=True)


@pytest.mark.parametrize(("change", "expected"), [
    ({}, 8),
    ({"member_eligible": False}, 0),    # not eligible on the date of service: administrative denial (rule 1)
    ({"covered": False}, 0),            # benefit exclusion: administrative denial (rule 1)
    ({"pa_required": False}, 0),        # no PA under this plan (rule 2)
    ({"codes_needing_review": 0}, 0),   # every requested code exempt (rule 2)
    ({"site_exempt": True}, 0),         # exempt place of service (rule 2)
    ({"notification_only": True}, 0),   # notification only (rule 3)
    ({"gold_carded": True}, 0),         # gold-card auto-approval (rule 4)
    ({"standard_program": False}, 0),   # delegated / vendor / specialty program (rule 5)
    ({"criteria": 12}, 12),
    ({"member_eligible": False, "criteria": 12}, 0),  # a long policy does not lengthen an administrative path
])
def test_criteria_on_path_follows_the_administrative_branches(change: dict, expected: int) -> None:
    assert um_criteria_on_path(**{**BASE, **change}) == expected


@pytest.mark.parametrize("change", [{"criteria": -1}, {"codes_needing_review": -1}])
def test_criteria_on_path_refuses_negative_counts(change: dict) -> None:
    with pytest.raises(ValueError, match="≥ 0"):
        um_criteria_on_path(**{**BASE, **change})


# The lint's count on real seed content: one seed (vagus_nerve_stim) varied along each determination path the
# routing precedence gives (KM-UM-OPS-003 §2), at the band boundaries. ``criteria`` keeps the first n criteria of
# the seed's policy (padded with copies when n exceeds them); ``dos`` moves the requested date of service
# against a coverage that terminates on 2026-12-31.
_BASE_SEED = SEEDS["vagus_nerve_stim"]
_TERM = dt.date(2026, 12, 31)


def _variant(*, criteria: int, dos: dt.date = dt.date(2026, 10, 28), outcome: str = "denied",
             policy: dict | None = None, lines: list[str] | None = None, site: str | None = None) -> ServiceCaseFile:
    src = _BASE_SEED.payer_policy.criteria
    crit = [src[i % len(src)].model_copy(update={"id": f"C{i + 1}"}) for i in range(criteria)]
    req = _BASE_SEED.payer_request
    req_lines = [req.lines[0].model_copy(update={"code": c}) for c in lines] if lines else req.lines
    return _BASE_SEED.model_copy(update={
        "coverage": _BASE_SEED.coverage.model_copy(update={"status": "active", "termination_date": _TERM}),
        "payer_policy": _BASE_SEED.payer_policy.model_copy(update={"criteria": crit, **(policy or {})}),
        "payer_request": req.model_copy(update={"requested_start": dos, "lines": req_lines,
                                                "site_of_service": site or req.site_of_service}),
        "intended": _BASE_SEED.intended.model_copy(update={"um_outcome": outcome}),
    })


@pytest.mark.parametrize(("path", "variant", "n", "band"), [
    # eligibility: the termination date itself is covered; the day after it is not (administrative denial)
    ("eligible on the termination date", dict(criteria=6, dos=_TERM), 6, "M"),
    ("ineligible the day after", dict(criteria=6, dos=_TERM + dt.timedelta(days=1)), 0, "E"),
    ("ineligible, long policy", dict(criteria=10, dos=_TERM + dt.timedelta(days=1)), 0, "E"),
    # benefit exclusion (rule 1)
    ("benefit exclusion", dict(criteria=9, policy={"covered_benefit": False}), 0, "E"),
    # no authorization required (rule 2): plan, code or place of service
    ("no PA under the plan", dict(criteria=9, outcome="coverage_not_required",
                                  policy={"pa_required": False, "criteria": []}), 0, "E"),
    ("every code PA-exempt", dict(criteria=9, outcome="coverage_not_required",
                                  policy={"pa_exempt_codes": ["64568"]}), 0, "E"),
    ("one of two codes needs PA", dict(criteria=9, lines=["64568", "95976"],
                                       policy={"pa_exempt_codes": ["95976"]}), 9, "M"),
    ("exempt place of service", dict(criteria=9, outcome="coverage_not_required",
                                     policy={"pa_exempt_sites": ["22"]}), 0, "E"),
    # notification-only (rule 3) and a delegated program (rule 5)
    ("notification only", dict(criteria=9, outcome="approved", policy={"notification_only": True}), 0, "E"),
    ("delegated program", dict(criteria=9, policy={"review_program": "delegated"}), 0, "E"),
    # clinical review (rule 6): approve, pend and deny all evaluate every criterion of the path
    *[(f"clinical {o} at {n}", dict(criteria=n, outcome=o), n, b)
      for o in ("approved", "pended", "denied") for n, b in ((5, "E"), (6, "M"), (9, "M"), (10, "H"))],
])
def test_lint_path_count_per_determination_path(path: str, variant: dict, n: int, band: str) -> None:
    seed = _variant(**variant)
    assert um_path_criteria(seed) == n, path
    assert um_band(um_path_criteria(seed)) == band, path


GOLD = GoldCardSeed(worker_id=_BASE_SEED.payer_request.requesting_worker_id, plan_id=_BASE_SEED.coverage.plan_id,
                    service_category=_BASE_SEED.order.service_category, approval_rate_pct=97.0,
                    granted_on=dt.date(2026, 1, 1), expires_on=_BASE_SEED.payer_request.received_at.date())


@pytest.mark.parametrize(("card", "program", "category_eligible", "n"), [
    ({}, True, True, 0),                                                     # card active on the receipt date
    ({"expires_on": GOLD.expires_on - dt.timedelta(days=1)}, True, True, 7),  # expired the day before receipt
    ({"granted_on": GOLD.expires_on + dt.timedelta(days=1),
      "expires_on": GOLD.expires_on + dt.timedelta(days=30)}, True, True, 7),  # granted after receipt
    ({"plan_id": "PLAN-OTHER"}, True, True, 7),                               # another plan's card
    ({"service_category": "imaging"}, True, True, 7),                         # another category's card
    ({}, False, True, 7),                                                     # plan runs no program
    ({}, True, False, 7),                                                     # policy category not eligible
])
def test_lint_gold_card_branch(card: dict, program: bool, category_eligible: bool, n: int) -> None:
    seed = _variant(criteria=7, policy={"gold_card_eligible_category": category_eligible})
    assert um_path_criteria(seed, [GOLD.model_copy(update=card)], program) == n


def test_lint_fails_an_eligibility_denial_labelled_moderate() -> None:
    """The defect issue #17 found: an eligibility denial was counted on the policy's 7 criteria and passed as M."""
    seed = _variant(criteria=7, dos=_TERM + dt.timedelta(days=11))
    assert um_band(um_path_criteria(seed)) == "E" != UM_DIFFICULTY["vagus_nerve_stim.intake"]


def test_table_12_totals_are_the_papers() -> None:
    assert sum(sum(r.values()) for r in TABLE_12.values()) == 25 == len(UM_DIFFICULTY) == len(UM_CATEGORY)
    assert {o: sum(r[o] for r in TABLE_12.values()) for o in ("A", "P", "D", "NR")} == \
        {"A": 9, "P": 5, "D": 10, "NR": 1}
    assert Counter(UM_CATEGORY.values()) == UM_CATEGORY_COUNTS


def test_table_12_problems_name_the_cell() -> None:
    wrong = {**TABLE_12, "triage": {"A": 3, "P": 1, "D": 1, "NR": 0}}
    assert table_12_problems(wrong) == ["Table 12: triage × A: 3 task(s), the paper has 2"]


def test_every_catalog_task_has_a_seed_at_its_stage() -> None:
    assert sorted(f"{s.slug}.{s.intended.um_pickup_stage}" for s in SEEDS.values()) == sorted(UM_DIFFICULTY)


def _pending(task: str) -> list:
    return [pytest.mark.xfail(strict=True, reason=f"issue #17 open: {UM_CONTENT_PENDING[task]}")] \
        if task in UM_CONTENT_PENDING else []


@pytest.mark.parametrize("task", [pytest.param(t, marks=_pending(t)) for t in sorted(UM_DIFFICULTY)])
def test_seed_band_equals_catalog_label(task: str) -> None:
    seed = SEEDS[task.split(".")[0]]
    n = um_path_criteria(seed)
    assert um_band(n) == UM_DIFFICULTY[task], f"{task}: {n} criteria on the path"


def _required(task: str, outcome: str) -> str:
    """The Table 12 column a task counts in: its own, or the one UM_OUTCOME_PENDING says it must reach."""
    return UM_OUTCOME_PENDING[task][0] if task in UM_OUTCOME_PENDING else outcome


def test_seeds_reproduce_table_12() -> None:
    rows = [(s.intended.um_pickup_stage,
             _required(f"{s.slug}.{s.intended.um_pickup_stage}", UM_OUTCOME_OF_INTENT[s.intended.um_outcome]))
            for s in SEEDS.values()]
    assert stage_by_outcome(rows) == TABLE_12


def test_outcome_pending_entries_are_still_open() -> None:
    """Every UM_OUTCOME_PENDING entry names a catalog task whose seed does not yet reach the required column (one
    test over the whole table, so that an empty table — the state once #17 closes — runs instead of skipping)."""
    stale = []
    for task, (required, _why) in sorted(UM_OUTCOME_PENDING.items()):
        service, stage = task.rsplit(".", 1)
        seed = SEEDS.get(service)
        if task not in UM_DIFFICULTY or seed is None or seed.intended.um_pickup_stage != stage:
            stale.append(f"{task}: not a catalog task with a seed at that stage")
        elif UM_OUTCOME_OF_INTENT[seed.intended.um_outcome] == required:
            stale.append(f"{task} now reaches its Table 12 outcome; remove it from UM_OUTCOME_PENDING")
    assert not stale, stale


# ------------------------------------------------------------------------------ from the packages


def _um_packages() -> list[dict]:
    out = []
    for p in sorted(PACKAGES.glob("*/scenario.yaml")):
        if p.parent.name.rsplit(".", 1)[-1] in UM_STAGES:
            out.append(yamlio.load(p.read_text(encoding="utf-8")))
    return out


def _row(scenario: dict) -> tuple[str, str]:
    statuses = scenario["expectations"]["terminal_status"]
    outcomes = {UM_OUTCOME_OF_STATUS[s] for s in statuses}
    assert len(outcomes) == 1, f"{scenario['id']}: terminal statuses {statuses} span outcomes {outcomes}"
    return scenario["overlay"]["stage"], outcomes.pop()


def _missing(scenarios: list[dict]) -> list[str]:
    return sorted(set(UM_DIFFICULTY) - {s["id"] for s in scenarios})


@pytest.mark.parametrize("scenario", [pytest.param(s, marks=_pending(s["id"]), id=s["id"]) for s in _um_packages()])
def test_package_is_a_catalog_task_with_its_label_band_and_category(scenario: dict) -> None:
    task = scenario["id"]
    assert task in UM_DIFFICULTY, f"{task} is not a UM task of the catalog"
    assert scenario["overlay"]["kind"] == "um_pickup"
    assert f"{scenario['overlay']['service']}.{scenario['overlay']['stage']}" == task
    assert scenario["difficulty"] == UM_DIFFICULTY[task] == um_band(um_path_criteria(SEEDS[scenario["overlay"]["service"]]))
    assert scenario["category"] == UM_CATEGORY[task]


@pytest.mark.parametrize("scenario", _um_packages(), ids=lambda s: s["id"])
def test_package_outcome_equals_its_seed(scenario: dict) -> None:
    seed = SEEDS[scenario["overlay"]["service"]]
    assert _row(scenario) == (seed.intended.um_pickup_stage, UM_OUTCOME_OF_INTENT[seed.intended.um_outcome])


def test_packages_reproduce_table_12_when_all_25_ship() -> None:
    scenarios = _um_packages()
    observed = stage_by_outcome((st, _required(s["id"], o)) for s in scenarios for st, o in [_row(s)])
    missing = _missing(scenarios)
    if missing:  # partial catalog: no cell may exceed the paper's
        over = [(st, o) for st, row in observed.items() for o, n in row.items() if n > TABLE_12[st][o]]
        assert not over, over
        pytest.skip(f"{len(scenarios)} of {len(UM_DIFFICULTY)} UM packages ship; Table 12 is checked in full once "
                    f"all do; missing: {', '.join(missing)}")
    assert observed == TABLE_12


def test_packages_reproduce_the_category_counts_when_all_25_ship() -> None:
    scenarios = _um_packages()
    observed = Counter(s["category"] for s in scenarios)
    missing = _missing(scenarios)
    if missing:
        over = {c: n for c, n in observed.items() if n > UM_CATEGORY_COUNTS.get(c, 0)}
        assert not over, over
        pytest.skip(f"{len(scenarios)} of {len(UM_DIFFICULTY)} UM packages ship; category counts are checked in "
                    f"full once all do; missing: {', '.join(missing)}")
    assert observed == UM_CATEGORY_COUNTS


def test_packages_reproduce_the_p2p_row_of_table_12() -> None:
    """Paper App. D.2: the four P2P-seeded tasks resolve 2 approved (overturned) / 2 denied (upheld), none pended."""
    tasks = sorted(t for t in UM_DIFFICULTY if t.endswith(".p2p"))
    scenarios = [s for s in _um_packages() if s["id"] in tasks]
    missing = sorted(set(tasks) - {s["id"] for s in scenarios})
    if missing:
        pytest.skip(f"P2P packages missing: {', '.join(missing)}")
    observed = stage_by_outcome(_row(s) for s in scenarios)["p2p"]
    assert observed == TABLE_12["p2p"] == {"A": 2, "P": 0, "D": 2, "NR": 0}
    outcomes = {s["id"]: s["expectations"]["stages"]["p2p"]["outcome"] for s in scenarios}
    assert sorted(outcomes.values()) == ["overturn_to_approval"] * 2 + ["uphold_adverse"] * 2, outcomes

@pytest.mark.parametrize("stage", UM_STAGES)
def test_packages_reproduce_each_table_12_row_once_its_stage_ships(stage: str) -> None:
    """A row of Table 12 is checked as soon as every catalog task picked up at that stage ships (the full table
    waits for all 25)."""
    scenarios = [s for s in _um_packages() if s["overlay"]["stage"] == stage]
    missing = sorted(t for t in set(UM_DIFFICULTY) - {s["id"] for s in scenarios} if t.rsplit(".", 1)[1] == stage)
    if missing:
        pytest.skip(f"Table 12 {stage} row: {len(scenarios)} of {len(scenarios) + len(missing)} tasks ship; "
                    f"missing: {', '.join(missing)}")
    observed = stage_by_outcome((st, _required(s["id"], o)) for s in scenarios for st, o in [_row(s)])
    assert observed[stage] == TABLE_12[stage], {s["id"]: _row(s)[1] for s in scenarios}
