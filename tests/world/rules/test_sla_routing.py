"""SLA per state and urgency with boundaries; PA requirement; routing precedence; gold card."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

import pytest

from chibench.world.core.enums import ReviewProgram
from chibench.world.core.errors import InvalidInput
from chibench.world.rules import pa_requirement, routing, sla

T0 = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)

SLA_TABLE = [
    # state, urgency, hours, source
    ("OH", "stat", 72, "federal"), ("OH", "urgent", 72, "federal"), ("OH", "routine", 168, "federal"),
    ("PA", "routine", 168, "federal"),
    ("CA", "stat", 24, "state:CA"), ("CA", "urgent", 72, "federal"), ("CA", "routine", 120, "state:CA"),
    ("TX", "stat", 24, "state:TX"), ("TX", "urgent", 72, "federal"), ("TX", "routine", 72, "state:TX"),
    ("NY", "stat", 24, "state:NY"), ("NY", "urgent", 48, "state:NY"), ("NY", "routine", 72, "state:NY"),
    ("IL", "stat", 24, "state:IL"), ("IL", "urgent", 48, "state:IL"), ("IL", "routine", 120, "state:IL"),
]


@pytest.mark.parametrize("state,urgency,hours,source", SLA_TABLE)
def test_sla_stricter_rule_wins(state, urgency, hours, source):
    r = sla.compute_sla(urgency, state, T0)
    assert (r.hours, r.rule_source) == (hours, source)
    assert r.deadline == T0 + dt.timedelta(hours=hours)


def test_sla_deadline_boundary_is_inclusive():
    r = sla.compute_sla("routine", "NY", T0)
    assert sla.sla_met(r.deadline, r.deadline)
    assert not sla.sla_met(r.deadline, r.deadline + dt.timedelta(seconds=1))


def test_sla_deadline_is_utc_from_any_offset():
    chicago = dt.datetime(2026, 10, 5, 9, 0, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert sla.compute_sla("stat", "IL", chicago).deadline == T0 + dt.timedelta(hours=24)


@pytest.mark.parametrize("urgency,state,field", [("asap", "IL", "urgency_level"), ("routine", "Illinois", "state"),
                                                  ("routine", "il", "state")])
def test_sla_bad_input_names_the_field(urgency, state, field):
    with pytest.raises(InvalidInput) as exc:
        sla.compute_sla(urgency, state, T0)
    assert exc.value.field == field


def test_sla_rejects_naive_receipt_time():
    with pytest.raises(InvalidInput):
        sla.compute_sla("routine", "IL", dt.datetime(2026, 10, 5, 14, 0))


@dataclass
class Pol:
    id: str = "HPOL-T"
    codes: list = None
    pa_required: bool = True
    pa_exempt_codes: list = None
    pa_exempt_sites: list = None
    notification_only: bool = False
    covered_benefit: bool = True
    excluded_diagnosis_prefixes: list = None
    required_document_kinds: list = None
    questionnaire: list = None
    handbook_policy_id: str = "KM-MP-SURG-001"

    def __post_init__(self):
        self.codes = self.codes or ["43775"]
        for f in ("pa_exempt_codes", "pa_exempt_sites", "excluded_diagnosis_prefixes"):
            setattr(self, f, getattr(self, f) or [])
        self.required_document_kinds = self.required_document_kinds or ["chart_note"]
        self.questionnaire = self.questionnaire or [{"key": "bmi"}]


@pytest.mark.parametrize("pol,codes,site,dx,expect", [
    (Pol(), ["43775"], "22", ["E66.01"], (True, False, True)),
    (Pol(), ["99999"], "22", ["E66.01"], (False, False, True)),  # not governed
    (Pol(pa_required=False), ["43775"], "22", ["E66.01"], (False, False, True)),
    (Pol(pa_exempt_codes=["43775"]), ["43775"], "22", ["E66.01"], (False, False, True)),
    (Pol(pa_exempt_sites=["11"]), ["43775"], "11", ["E66.01"], (False, False, True)),
    (Pol(pa_exempt_sites=["11"]), ["43775"], "22", ["E66.01"], (True, False, True)),
    (Pol(notification_only=True), ["43775"], "22", ["E66.01"], (False, True, True)),
    (Pol(covered_benefit=False), ["43775"], "22", ["E66.01"], (False, False, False)),
    (Pol(excluded_diagnosis_prefixes=["F33"]), ["43775"], "22", ["F33.2"], (False, False, False)),
    (Pol(excluded_diagnosis_prefixes=["F33"]), ["43775"], "22", ["G40.909"], (True, False, True)),
])
def test_pa_requirement(pol, codes, site, dx, expect):
    r = pa_requirement.check_requirement(pol, codes, site, dx)
    assert (r.pa_required, r.notification_only, r.covered_benefit) == expect
    if r.pa_required:
        assert r.required_document_kinds == ["chart_note"] and r.questionnaire_keys == ["bmi"]


def test_pa_requirement_without_policy():
    assert not pa_requirement.check_requirement(None, ["43775"], "22", []).pa_required


BASE = routing.RoutingInputs(member_eligible=True, service_covered=True, pa_required=True, notification_only=False,
                             gold_card_eligible=False, review_program=ReviewProgram.STANDARD_UM,
                             allow_nurse_approval=True)


@pytest.mark.parametrize("changes,lane", [
    ({}, routing.Lane.NURSE_REVIEW),
    ({"allow_nurse_approval": False}, routing.Lane.MD_REVIEW),
    ({"review_program": ReviewProgram.DELEGATED}, routing.Lane.DELEGATED),
    ({"review_program": ReviewProgram.VENDOR}, routing.Lane.VENDOR),
    ({"review_program": ReviewProgram.SPECIALTY}, routing.Lane.SPECIALTY),
    ({"gold_card_eligible": True, "review_program": ReviewProgram.VENDOR}, routing.Lane.GOLD_CARD),
    ({"notification_only": True, "gold_card_eligible": True}, routing.Lane.NOTIFICATION),
    ({"pa_required": False, "gold_card_eligible": True}, routing.Lane.NO_AUTH_REQUIRED),
    ({"pa_required": False, "service_covered": False}, routing.Lane.ADMINISTRATIVE_REVIEW),
    ({"member_eligible": False, "pa_required": False}, routing.Lane.ADMINISTRATIVE_REVIEW),
])
def test_routing_precedence(changes, lane):
    assert routing.route(replace(BASE, **changes))[0] is lane


@dataclass
class Card:
    npi: str = "1234567893"
    plan_id: str = "PLAN-KM-TX-PPO"
    service_category: str = "surgical"
    granted_on: dt.date = dt.date(2026, 1, 1)
    expires_on: dt.date = dt.date(2026, 12, 31)


@pytest.mark.parametrize("kw,eligible", [
    ({}, True),
    ({"npi": "1700025947"}, False),  # a different (requesting) NPI: the card is personal
    ({"plan_id": "PLAN-KM-IL-PPO"}, False),
    ({"service_category": "imaging"}, False),
    ({"on": dt.date(2027, 1, 1)}, False),  # expired the day before
    ({"on": dt.date(2026, 12, 31)}, True),  # last valid day
    ({"on": dt.date(2026, 1, 1)}, True),
    ({"plan_has_program": False}, False),
    ({"category_eligible": False}, False),
    ({"npi": None}, False),
])
def test_gold_card_checked_against_requesting_npi(kw, eligible):
    args = {"npi": "1234567893", "plan_id": "PLAN-KM-TX-PPO", "service_category": "surgical",
            "on": dt.date(2026, 10, 5), "plan_has_program": True, "category_eligible": True}
    args.update(kw)
    assert routing.check_gold_card([Card()], **args).eligible is eligible
