"""The provider PA catalog is structural: each service's band (distinct required document kinds in its
hidden policy: E 0, M 1–3, H ≥4) equals the paper's label, and the 25 ``*.referral`` tasks reproduce the
paper's Table 11 (terminal status × difficulty) — from the seeds and from the shipped packages."""

from __future__ import annotations

import pytest

from chibench.world.core import yamlio
from chibench.world.core.enums import PROVIDER_SUBMITTABLE_KINDS
from chibench.world.seeds.catalog import (
    PA_DIFFICULTY,
    TABLE_9_KIND,
    TABLE_9_PROVIDER_KINDS,
    TABLE_11,
    pa_band,
    table_9_kind,
    table_11_problems,
    terminal_by_difficulty,
)
from tests.world.seeds.support import PACKAGES, SEEDS


@pytest.mark.parametrize(("kinds", "band"), [([], "E"), (["chart_note"], "M"), (["a", "b", "c"], "M"),
                                             (["a", "a", "b"], "M"), (["a", "b", "c", "d"], "H"),
                                             (list("abcdefg"), "H")])
def test_band_boundaries(kinds: list[str], band: str) -> None:
    assert pa_band(kinds) == band


def test_every_catalog_service_is_seeded() -> None:
    assert sorted(SEEDS) == sorted(PA_DIFFICULTY)


@pytest.mark.parametrize("slug", sorted(PA_DIFFICULTY))
def test_seed_band_equals_catalog_label(slug: str) -> None:
    assert pa_band(SEEDS[slug].payer_policy.required_document_kinds) == PA_DIFFICULTY[slug]


def test_seeds_reproduce_table_11() -> None:
    rows = [(s.intended.provider_terminal, pa_band(s.payer_policy.required_document_kinds)) for s in SEEDS.values()]
    assert terminal_by_difficulty(rows) == TABLE_11


def test_table_11_problems_name_the_cell() -> None:
    wrong = {**TABLE_11, "submitted_to_payer": {"E": 3, "M": 4, "H": 2}}
    assert table_11_problems(wrong) == ["Table 11: submitted_to_payer × E: 3 task(s), the paper has 2"]


def _referral_packages() -> list[dict]:
    out = []
    for p in sorted(PACKAGES.glob("*.referral/scenario.yaml")):
        out.append(yamlio.load(p.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("scenario", _referral_packages(), ids=lambda s: s["id"])
def test_package_label_equals_its_seed_band(scenario: dict) -> None:
    slug = scenario["overlay"]["service"]
    assert scenario["difficulty"] == pa_band(SEEDS[slug].payer_policy.required_document_kinds) == PA_DIFFICULTY[slug]


def _package_terminal(scenario: dict) -> str:
    """The provider terminal a package's answer key grades, read from what the key demands:
    gather-more-evidence keys end held (``docs_needed``, a gather disposition, nothing submitted);
    returned-for-docs keys submit but demand a return to the clinician before the first submission;
    submitted keys submit and forbid any return. A key that fits none of the three is a defect."""
    exp = scenario["expectations"]
    prov = exp["stages"]["provider"]
    checks = exp.get("checks", [])
    demands_return = any(c.get("op") == "equals" and c.get("value") == "docs_needed" for c in checks)
    forbids_return = any(c.get("op") == "not_contains" and c.get("value") == "docs_needed" for c in checks)
    if exp["terminal_status"] == ["docs_needed"] and prov.get("final_action") == "gather_more_evidence" \
            and prov.get("packet_absent"):
        return "gather_more_evidence"
    if prov.get("final_action") == "submit_pa" and "docs_needed" not in exp["terminal_status"]:
        if demands_return and not forbids_return:
            return "returned_for_docs"
        if forbids_return and not demands_return:
            return "submitted_to_payer"
    raise AssertionError(f"{scenario['id']}: the answer key grades no single provider terminal (held with nothing "
                         "sent; submitted after a return to the clinician; submitted with no return)")


@pytest.mark.parametrize("scenario", _referral_packages(), ids=lambda s: s["id"])
def test_package_terminal_equals_its_seed(scenario: dict) -> None:
    assert _package_terminal(scenario) == SEEDS[scenario["overlay"]["service"]].intended.provider_terminal


@pytest.mark.parametrize(("key", "terminal"), [
    ({"terminal_status": ["docs_needed"], "stages": {"provider": {"final_action": "gather_more_evidence",
                                                                  "packet_absent": True}}}, "gather_more_evidence"),
    ({"terminal_status": ["submitted"], "stages": {"provider": {"final_action": "submit_pa"}},
      "checks": [{"op": "equals", "value": "docs_needed"}]}, "returned_for_docs"),
    ({"terminal_status": ["submitted", "approved"], "stages": {"provider": {"final_action": "submit_pa"}},
      "checks": [{"op": "not_contains", "value": "docs_needed"}]}, "submitted_to_payer"),
])
def test_package_terminal_reads_the_key(key: dict, terminal: str) -> None:
    assert _package_terminal({"id": "x.referral", "expectations": key}) == terminal


@pytest.mark.parametrize("key", [
    # held, but the key would also accept a packet
    {"terminal_status": ["docs_needed"], "stages": {"provider": {"final_action": "gather_more_evidence"}}},
    # submits, but neither demands nor forbids a return: the key cannot tell returned from submitted
    {"terminal_status": ["submitted"], "stages": {"provider": {"final_action": "submit_pa"}}},
    # demands and forbids a return at once
    {"terminal_status": ["submitted"], "stages": {"provider": {"final_action": "submit_pa"}},
     "checks": [{"op": "equals", "value": "docs_needed"}, {"op": "not_contains", "value": "docs_needed"}]},
])
def test_package_terminal_refuses_an_ambiguous_key(key: dict) -> None:
    with pytest.raises(AssertionError, match="no single provider terminal"):
        _package_terminal({"id": "x.referral", "expectations": key})


def test_packages_reproduce_table_11() -> None:
    """Table 11 from the shipped packages (terminal the key grades × label). Until all 25 ship, no cell may
    exceed the paper's and the test skips naming the missing tasks; once they do, every cell must match."""
    scenarios = _referral_packages()
    observed = terminal_by_difficulty((_package_terminal(s), s["difficulty"]) for s in scenarios)
    over = [(t, b, n) for t, row in observed.items() for b, n in row.items() if n > TABLE_11[t][b]]
    assert not over, over
    missing = sorted({f"{slug}.referral" for slug in PA_DIFFICULTY} - {s["id"] for s in scenarios})
    if missing:
        pytest.skip(f"{len(scenarios)} of {len(PA_DIFFICULTY)} provider PA packages ship; Table 11 is checked in "
                    f"full once these do: {', '.join(missing)}")
    assert table_11_problems(observed) == []


def test_table_9_has_eight_provider_kinds() -> None:
    assert len(set(TABLE_9_PROVIDER_KINDS)) == 8
    assert set(TABLE_9_PROVIDER_KINDS) <= {str(k) for k in PROVIDER_SUBMITTABLE_KINDS}


def test_every_submittable_kind_files_under_one_of_the_eight() -> None:
    assert set(TABLE_9_KIND) == {str(k) for k in PROVIDER_SUBMITTABLE_KINDS}
    assert set(TABLE_9_KIND.values()) == set(TABLE_9_PROVIDER_KINDS)
    assert all(TABLE_9_KIND[k] == k for k in TABLE_9_PROVIDER_KINDS)


@pytest.mark.parametrize("slug", sorted(PA_DIFFICULTY))
def test_seed_packet_kinds_are_table_9(slug: str) -> None:
    """Every kind a policy requires and every provider chart document of the case files under Table 9's eight."""
    seed = SEEDS[slug]
    kinds = set(seed.payer_policy.required_document_kinds) | {d.kind for d in seed.chart.documents}
    assert {table_9_kind(str(k)) for k in kinds} <= set(TABLE_9_PROVIDER_KINDS)


@pytest.mark.parametrize("kind", ["denial_letter", "submission_bundle", "cm_care_plan", "fax_cover"])
def test_non_packet_kind_is_refused_with_the_allowed_list(kind: str) -> None:
    with pytest.raises(KeyError, match="not a provider packet kind; allowed: .*chart_note"):
        table_9_kind(kind)
