"""Provider EHR services: patient search, candidate orders, the chart (provider side only, paged and
within budget).
"""

from __future__ import annotations

import json

from chibench.world.apps.ehr import services as ehr
from chibench.world.core.errors import AuthorityError, InvalidInput, NotFound, UnknownActor
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import (
    CM,
    DRAFT_LMN,
    IMAGING,
    NOTE,
    NURSE,
    ORDER,
    ORDER_EXPEDITED,
    ORDER_NP,
    OTHER_PATIENT,
    PAC,
    PAC_OTHER,
    PATIENT,
    PAYER_DOC,
    ProviderOptions,
    build_provider_world,
    open_checked,
)


def test_search_by_name_member_id_and_dob(w: World) -> None:
    rows = ehr.search_patients(w, acting_as=PAC, query="testw")
    assert [r["patient_id"] for r in rows] == [PATIENT]
    assert rows[0]["coverages"][0]["member_id"] == "KMH100000001"
    assert [r["patient_id"] for r in ehr.search_patients(w, acting_as=PAC, query="100000001")] == [PATIENT]
    assert ehr.search_patients(w, acting_as=PAC, query="ada testwell", birth_date="1970-03-04")
    assert ehr.search_patients(w, acting_as=PAC, query="testwell", birth_date="1971-03-04") == []
    # the other group's patient is not in Riverbend's EHR, but is in Northpoint's
    assert ehr.search_patients(w, acting_as=PAC, query="khalil") == []
    assert [r["patient_id"] for r in ehr.search_patients(w, acting_as=PAC_OTHER, query="khalil")] == [OTHER_PATIENT]
    assert len(ehr.search_patients(w, acting_as=PAC, query="KMH", limit=1)) == 1


def test_search_refusals(w: World) -> None:
    with refused(w, InvalidInput, field="query"):
        ehr.search_patients(w, acting_as=PAC, query="a")
    with refused(w, InvalidInput, field="limit"):
        ehr.search_patients(w, acting_as=PAC, query="test", limit=0)
    with refused(w, InvalidInput, field="birth_date"):
        ehr.search_patients(w, acting_as=PAC, query="test", birth_date="03/04/1970")
    with refused(w, UnknownActor, field="acting_as"):
        ehr.search_patients(w, acting_as="WKR-NOBODY", query="test")
    with refused(w, AuthorityError, field="acting_as"):
        ehr.search_patients(w, acting_as=CM, query="test")
    with refused(w, AuthorityError):
        ehr.search_patients(w, acting_as=NURSE, query="test")


def test_candidate_orders_newest_first(w: World) -> None:
    orders = ehr.list_candidate_orders(w, acting_as=PAC, patient_id=PATIENT)
    assert [o["id"] for o in orders] == [ORDER_EXPEDITED, ORDER, ORDER_NP]
    assert orders[0]["ordering_provider"]["npi"] == "1700025947"
    assert orders[1]["cases"] == []
    open_checked(w)
    assert ehr.list_candidate_orders(w, acting_as=PAC, patient_id=PATIENT)[1]["cases"][0]["status"] \
        == "requirement_checked"
    with refused(w, NotFound, field="patient_id"):
        ehr.list_candidate_orders(w, acting_as=PAC, patient_id=OTHER_PATIENT)


def test_chart_sections_and_provider_side_only(w: World) -> None:
    chart = ehr.get_patient_chart(w, acting_as=PAC, patient_id=PATIENT)
    for key in ("patient", "coverages", "conditions", "encounters", "observations", "medications", "procedures",
                "allergies", "documents", "prior_pa_cases"):
        assert key in chart
    assert chart["patient"]["age"] == 56
    assert chart["coverages"][0]["active_on"]["active"] is True
    ids = {d["id"] for d in chart["documents"]}
    assert {NOTE, IMAGING, DRAFT_LMN} <= ids and PAYER_DOC not in ids
    assert all("body" not in d for d in chart["documents"])
    with refused(w, NotFound):
        ehr.get_patient_chart(w, acting_as=PAC, patient_id="PAT-NOPE")


def test_chart_observation_pagination_and_budget() -> None:
    world = build_provider_world(ProviderOptions(extra_observations=6000))
    chart = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT)
    assert len(json.dumps(chart)) < 100_000
    meta = chart["observations_meta"]
    assert meta["total_in_chart"] == 6000 and meta["returned"] == 12  # 4 codes × latest 3
    assert {c["loinc"]: c["count"] for c in meta["codes"]} == {"8480-6": 1500, "8462-4": 1500, "4548-4": 1500,
                                                              "39156-5": 1500}
    # latest first per code
    bp = [o for o in chart["observations"] if o["loinc"] == "8480-6"]
    assert bp == sorted(bp, key=lambda o: o["date"], reverse=True)
    window = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=100,
                                   observations_since="2024-01-01", observations_until="2024-01-31",
                                   loinc_codes=["8480-6"])
    assert window["observations"] and all(o["loinc"] == "8480-6" and "2024-01-01" <= o["date"] <= "2024-01-31"
                                          for o in window["observations"])
    big = ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=100)
    assert len(json.dumps(big)) < 100_000
    with refused(world, InvalidInput, field="observations_per_code"):
        ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_per_code=101)
    with refused(world, InvalidInput, field="observations_since"):
        ehr.get_patient_chart(world, acting_as=PAC, patient_id=PATIENT, observations_since="2025-01-01",
                              observations_until="2024-01-01")
