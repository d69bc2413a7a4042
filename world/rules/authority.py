"""Reviewer authority and independence.

Sources: 42 CFR 422.566(d) (MA: an adverse medical-necessity decision must be made by a physician
or appropriate health-care professional); ERISA claims regulation 29 CFR 2560.503-1(h)(3)(iii)/(v)
(appeal decided by someone who made neither the initial decision nor is subordinate to that person,
consulting an appropriate health-care professional); state UM statutes (e.g. California H&SC
§1367.01(e): only a licensed physician may deny for medical necessity). The public release let
unknown reviewer ids inherit a privileged role (public_release.md §6.4); here they are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chibench.world.core.enums import MDDecisionOption, NurseRecommendationOption, WorkerRole, values
from chibench.world.core.errors import AuthorityError, IndependenceError, InvalidInput

PROVIDER_STAFF = frozenset({WorkerRole.PA_COORDINATOR, WorkerRole.CLINIC_NURSE, WorkerRole.FRONT_DESK,
                            WorkerRole.PHYSICIAN, WorkerRole.NURSE_PRACTITIONER, WorkerRole.PHYSICIAN_ASSISTANT,
                            WorkerRole.PHYSICAL_THERAPIST})
CLINICIANS = frozenset({WorkerRole.PHYSICIAN, WorkerRole.NURSE_PRACTITIONER, WorkerRole.PHYSICIAN_ASSISTANT,
                        WorkerRole.PHYSICAL_THERAPIST, WorkerRole.BEHAVIORAL_HEALTH_CLINICIAN})
INTAKE_STAFF = frozenset({WorkerRole.INTAKE_COORDINATOR, WorkerRole.UM_NURSE})
TRIAGE_STAFF = frozenset({WorkerRole.INTAKE_COORDINATOR, WorkerRole.UM_NURSE, WorkerRole.MEDICAL_DIRECTOR})
NURSE_REVIEWERS = frozenset({WorkerRole.UM_NURSE})
PHYSICIAN_REVIEWERS = frozenset({WorkerRole.MEDICAL_DIRECTOR, WorkerRole.APPEALS_MEDICAL_DIRECTOR})
LETTER_STAFF = frozenset({WorkerRole.INTAKE_COORDINATOR, WorkerRole.UM_NURSE, WorkerRole.MEDICAL_DIRECTOR,
                          WorkerRole.APPEALS_MEDICAL_DIRECTOR})
APPEAL_REVIEWERS = frozenset({WorkerRole.APPEALS_MEDICAL_DIRECTOR})
EXTERNAL_REVIEW_STAFF = frozenset({WorkerRole.EXTERNAL_REVIEW_COORDINATOR})
CARE_MANAGERS = frozenset({WorkerRole.CARE_MANAGER, WorkerRole.CM_SUPERVISOR})

NURSE_RECOMMENDATIONS = values(NurseRecommendationOption)
MD_DECISIONS = values(MDDecisionOption)
ADVERSE_MD_DECISIONS = frozenset({"deny", "partial_approve"})


def require_role(role: str, allowed: Iterable[WorkerRole], action: str) -> None:
    """Raise :class:`AuthorityError` unless ``role`` is one of ``allowed``."""
    allowed_set = frozenset(allowed)
    if role not in allowed_set:
        raise AuthorityError(f"a worker with role '{role}' may not {action}", field="acting_as", allowed=allowed_set)


def check_nurse_recommendation(role: str, recommendation: str, *, allow_nurse_approval: bool) -> None:
    """Nurses recommend approve / escalate / request_info; never deny; approve only if policy allows."""
    require_role(role, NURSE_REVIEWERS, "submit a nurse recommendation")
    if recommendation not in NURSE_RECOMMENDATIONS:
        hint = " — nurses cannot deny; escalate to a medical director" if recommendation in ("deny", "denied") else ""
        raise AuthorityError(f"'{recommendation}' is not a nurse recommendation{hint}", field="recommendation",
                             allowed=NURSE_RECOMMENDATIONS)
    if recommendation == "approve" and not allow_nurse_approval:
        raise AuthorityError("this policy requires physician review; a nurse may not approve — escalate",
                             field="recommendation", allowed=("escalate", "request_info"))


def check_md_decision(role: str, decision: str, *, signed_off: bool, denial_rationale: str | None,
                      policy_citations: Sequence[str], line_decisions: Sequence[dict]) -> None:
    """Physician-only decisions; adverse ones need rationale, a citation and sign-off."""
    require_role(role, PHYSICIAN_REVIEWERS, "record a medical director decision")
    if decision not in MD_DECISIONS:
        raise InvalidInput(f"unknown decision '{decision}'", field="decision", allowed=MD_DECISIONS)
    if decision in ADVERSE_MD_DECISIONS:
        if not (denial_rationale or "").strip():
            raise InvalidInput("an adverse decision needs a denial rationale", field="denial_rationale")
        if not policy_citations:
            raise InvalidInput("an adverse decision must cite at least one policy section", field="policy_citations")
        if not signed_off:
            raise AuthorityError("an adverse decision must be signed off by the physician reviewer",
                                 field="signed_off", allowed=("true",))
    if decision == "partial_approve" and not line_decisions:
        raise InvalidInput("a partial approval must decide each line", field="line_decisions")


def check_independence(original_reviewer_id: str | None, reviewer_id: str, what: str) -> None:
    """The reviewer of a P2P or appeal must not be the physician who made the adverse decision."""
    if original_reviewer_id and reviewer_id == original_reviewer_id:
        raise IndependenceError(
            f"{reviewer_id} made the adverse decision and cannot also conduct the {what}; assign another physician",
            field="reviewer_id")
