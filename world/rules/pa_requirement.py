"""Is prior authorization required for this plan + procedure code + place of service?

Source: the plan's medical policy §5 ("Prior authorization and site of service") in the handbook;
the engine's copy is the hidden ``PayerPolicy`` row. A code the policy lists in ``pa_exempt_codes``
or a place of service in ``pa_exempt_sites`` needs no PA; a service marked ``notification_only``
needs notice, not review; a diagnosis in ``excluded_diagnosis_prefixes`` (or a policy with
``covered_benefit = False``) is a benefit exclusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol


class PolicyLike(Protocol):
    id: str
    codes: list[str]
    pa_required: bool
    pa_exempt_codes: list[str]
    pa_exempt_sites: list[str]
    notification_only: bool
    covered_benefit: bool
    excluded_diagnosis_prefixes: list[str]
    required_document_kinds: list[str]
    questionnaire: list[dict]
    handbook_policy_id: str


@dataclass(frozen=True)
class RequirementResult:
    pa_required: bool
    notification_only: bool
    covered_benefit: bool
    reason: str
    required_document_kinds: list[str] = field(default_factory=list)
    questionnaire_keys: list[str] = field(default_factory=list)
    policy_id: str | None = None
    handbook_policy_id: str | None = None
    governed_codes: list[str] = field(default_factory=list)


def check_requirement(policy: PolicyLike | None, codes: Sequence[str], site: str,
                      diagnosis_codes: Sequence[str]) -> RequirementResult:
    """Apply the policy to the requested lines. ``policy=None``: no policy governs these codes."""
    if policy is None:
        return RequirementResult(False, False, True, "no plan policy governs the requested codes; PA not required")
    governed = [c for c in codes if c in policy.codes]
    if not governed:
        return RequirementResult(False, False, True, "the requested codes are not governed by the plan policy",
                                 policy_id=policy.id, handbook_policy_id=policy.handbook_policy_id)
    excluded = [d for d in diagnosis_codes if any(d.startswith(p) for p in policy.excluded_diagnosis_prefixes)]
    if not policy.covered_benefit or excluded:
        why = f"diagnosis {', '.join(excluded)} is excluded" if excluded else "service is not a covered benefit"
        return RequirementResult(False, False, False, f"benefit exclusion: {why}", policy_id=policy.id,
                                 handbook_policy_id=policy.handbook_policy_id, governed_codes=governed)
    if policy.notification_only:
        return RequirementResult(False, True, True, "notification-only service: notify, no clinical review",
                                 policy_id=policy.id, handbook_policy_id=policy.handbook_policy_id,
                                 governed_codes=governed)
    needing = [c for c in governed if c not in policy.pa_exempt_codes]
    if not policy.pa_required or not needing:
        return RequirementResult(False, False, True, "PA not required for the requested codes under this plan",
                                 policy_id=policy.id, handbook_policy_id=policy.handbook_policy_id,
                                 governed_codes=governed)
    if site in policy.pa_exempt_sites:
        return RequirementResult(False, False, True, f"PA not required at place of service {site}",
                                 policy_id=policy.id, handbook_policy_id=policy.handbook_policy_id,
                                 governed_codes=governed)
    return RequirementResult(True, False, True, "PA required", list(policy.required_document_kinds),
                             [q["key"] for q in policy.questionnaire], policy.id, policy.handbook_policy_id, needing)
