"""Routing precedence after intake, and the gold-card check on the actual requesting NPI.

Precedence (``world/rules/README.md`` §3; DESIGN §4 "routing precedence"): administrative review
(member ineligible / not covered) → no auth required → notification-only → gold card →
delegated / vendor / specialty program → nurse review (or MD review when the policy does not let
nurses approve). Gold card: modelled on Texas Insurance Code §4201.653 (HB 3459, 2021) — an
exemption held by one physician (NPI) for one service category, for a fixed period.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from chibench.world.core.enums import Lane, ReviewProgram


class GoldCardLike(Protocol):
    npi: str
    plan_id: str
    service_category: str
    granted_on: dt.date
    expires_on: dt.date


@dataclass(frozen=True)
class GoldCardResult:
    eligible: bool
    reason: str
    npi: str | None


def check_gold_card(cards: Iterable[GoldCardLike], *, npi: str | None, plan_id: str, service_category: str,
                    on: dt.date, plan_has_program: bool, category_eligible: bool) -> GoldCardResult:
    """Eligible only if the requesting NPI holds an active card for this plan and category on ``on``."""
    if not plan_has_program:
        return GoldCardResult(False, "plan has no gold-card program", npi)
    if not category_eligible:
        return GoldCardResult(False, "service category is not gold-card exempt under this policy", npi)
    if not npi:
        return GoldCardResult(False, "request carries no requesting NPI", npi)
    for c in cards:
        if c.npi == npi and c.plan_id == plan_id and str(c.service_category) == service_category:
            if c.granted_on <= on <= c.expires_on:
                return GoldCardResult(True, f"active gold card for {service_category} until {c.expires_on}", npi)
            return GoldCardResult(False, f"gold card for {service_category} not active on {on}", npi)
    return GoldCardResult(False, f"NPI {npi} holds no gold card for {service_category} on this plan", npi)


@dataclass(frozen=True)
class RoutingInputs:
    member_eligible: bool
    service_covered: bool
    pa_required: bool
    notification_only: bool
    gold_card_eligible: bool
    review_program: ReviewProgram
    allow_nurse_approval: bool


def route(inputs: RoutingInputs) -> tuple[Lane, str]:
    """The lane precedence assigns, with the rule that decided it."""
    if not inputs.member_eligible:
        return Lane.ADMINISTRATIVE_REVIEW, "member not eligible on the date of service"
    if not inputs.service_covered:
        return Lane.ADMINISTRATIVE_REVIEW, "service is not a covered benefit"
    if not inputs.pa_required and not inputs.notification_only:
        return Lane.NO_AUTH_REQUIRED, "prior authorization is not required for the requested service"
    if inputs.notification_only:
        return Lane.NOTIFICATION, "notification-only service"
    if inputs.gold_card_eligible:
        return Lane.GOLD_CARD, "requesting clinician holds an active gold card for this service category"
    if inputs.review_program is not ReviewProgram.STANDARD_UM:
        return Lane(str(inputs.review_program)), f"policy assigns the {inputs.review_program} program"
    if not inputs.allow_nurse_approval:
        return Lane.MD_REVIEW, "policy requires physician review"
    return Lane.NURSE_REVIEW, "standard clinical review"
