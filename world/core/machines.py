"""Every lifecycle in the world, as explicit legal-transition tables, enforced in one place.

The status enums themselves live in :mod:`chibench.world.core.enums` (one vocabulary for the world,
the tools and the grader); this module holds the legal moves between them.

* PA/UM case: 18 statuses (``CaseStatus``), one record shared by the provider and payer views.
* CM case: 11 statuses (``CMCaseStatus``).
  18 + 11 = the paper's 29 case statuses (χ-Bench §3.1; public_release.md §1 for the names).
* Sub-entities: payer intake, review task, peer-to-peer request, outreach session, assessment,
  care plan, appeal, letter, CM referral.

:func:`check` is the single gate every service calls before it writes a new status; it raises
:class:`~chibench.world.core.errors.IllegalTransition` naming the machine, the current state,
the requested state and the states that *are* allowed from here. Self-transitions are illegal
(a repeated move is an error, not a silent no-op). Terminal states have no exits.

Design notes (why the tables differ from the public release): a case must pass the requirement
check before it can be submitted; ``denied`` can only move to an appeal or ``closed`` (a
reconsideration is an appeal, not a silent status rewrite); ``partially_approved`` is appealable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from chibench.world.core.enums import (  # the states are vocabulary: defined once, in enums
    AppealStatus,
    AssessmentStatus,
    CarePlanStatus,
    CaseStatus,
    CMCaseStatus,
    IntakeStatus,
    LetterStatus,
    OutreachStatus,
    P2PStatus,
    ReferralStatus,
    ReviewTaskStatus,
)
from chibench.world.core.errors import IllegalTransition


@dataclass(frozen=True)
class Machine:
    """A named lifecycle: its states, initial state(s) and legal moves."""

    name: str
    states: type[StrEnum]
    initial: frozenset[str]
    moves: Mapping[str, frozenset[str]]

    @property
    def terminal(self) -> frozenset[str]:
        return frozenset(s for s, targets in self.moves.items() if not targets)

    def allowed(self, current: str) -> frozenset[str]:
        return self.moves[current]

    def is_legal(self, current: str, target: str) -> bool:
        return target in self.moves.get(current, frozenset())


def _machine(name: str, states: type[StrEnum], initial: set[StrEnum], moves: dict[StrEnum, set[StrEnum]]) -> Machine:
    table = {str(s): frozenset(str(t) for t in moves.get(s, set())) for s in states}
    missing = [s for s in states if s not in moves]
    if missing:  # every state must be listed explicitly, terminal ones with an empty set
        raise AssertionError(f"{name}: states without a row: {missing}")
    return Machine(name, states, frozenset(str(s) for s in initial), table)


S = CaseStatus
PA_CASE = _machine("pa_case", S, {S.DRAFT}, {
    S.DRAFT: {S.REQUIREMENT_CHECKED, S.CLOSED},
    S.REQUIREMENT_CHECKED: {S.DOCS_NEEDED, S.READY_TO_SUBMIT, S.CLOSED},
    S.DOCS_NEEDED: {S.READY_TO_SUBMIT, S.CLOSED},
    S.READY_TO_SUBMIT: {S.SUBMITTED, S.DOCS_NEEDED, S.CLOSED},
    S.SUBMITTED: {S.UNDER_REVIEW, S.PENDED_ACTION_REQUIRED, S.APPROVED, S.PARTIALLY_APPROVED, S.DENIED, S.CLOSED},
    S.PENDED_ACTION_REQUIRED: {S.RESUBMITTED, S.CLOSED},
    S.RESUBMITTED: {S.UNDER_REVIEW, S.PENDED_ACTION_REQUIRED, S.APPROVED, S.PARTIALLY_APPROVED, S.DENIED, S.CLOSED},
    S.UNDER_REVIEW: {S.PENDED_ACTION_REQUIRED, S.APPROVED, S.PARTIALLY_APPROVED, S.DENIED, S.CLOSED},
    S.APPROVED: {S.CLOSED},
    S.PARTIALLY_APPROVED: {S.APPEALED, S.CLOSED},
    S.DENIED: {S.APPEALED, S.CLOSED},
    S.APPEALED: {S.APPEAL_UPHELD, S.APPEAL_OVERTURNED},
    S.APPEAL_UPHELD: {S.EXTERNAL_APPEALED, S.CLOSED},
    S.APPEAL_OVERTURNED: {S.CLOSED},
    S.EXTERNAL_APPEALED: {S.EXTERNAL_APPEAL_UPHELD, S.EXTERNAL_APPEAL_OVERTURNED},
    S.EXTERNAL_APPEAL_UPHELD: {S.CLOSED},
    S.EXTERNAL_APPEAL_OVERTURNED: {S.CLOSED},
    S.CLOSED: set(),
})

C = CMCaseStatus
_CM_ACTIVE = {C.NEW, C.INTAKE_COMPLETE, C.CHART_REVIEWED, C.OUTREACH_COMPLETE, C.ASSESSMENT_IN_PROGRESS,
              C.ASSESSMENT_BLOCKED, C.ASSESSMENT_COMPLETE, C.CARE_PLAN_DRAFT}
CM_CASE = _machine("cm_case", C, {C.NEW}, {
    C.NEW: {C.INTAKE_COMPLETE, C.DISENROLLED},
    C.INTAKE_COMPLETE: {C.CHART_REVIEWED, C.DISENROLLED},
    C.CHART_REVIEWED: {C.OUTREACH_COMPLETE, C.DISENROLLED},
    C.OUTREACH_COMPLETE: {C.ASSESSMENT_IN_PROGRESS, C.DISENROLLED},
    C.ASSESSMENT_IN_PROGRESS: {C.ASSESSMENT_BLOCKED, C.ASSESSMENT_COMPLETE, C.DISENROLLED},
    C.ASSESSMENT_BLOCKED: {C.ASSESSMENT_IN_PROGRESS, C.DISENROLLED},
    C.ASSESSMENT_COMPLETE: {C.CARE_PLAN_DRAFT, C.DISENROLLED},
    C.CARE_PLAN_DRAFT: {C.CARE_PLAN_FINALIZED, C.DISENROLLED},
    C.CARE_PLAN_FINALIZED: {C.CLOSED},
    C.CLOSED: set(),
    C.DISENROLLED: set(),
})
assert all(C.DISENROLLED in CM_CASE.moves[s] for s in _CM_ACTIVE)

INTAKE = _machine("intake", IntakeStatus, {IntakeStatus.NEW}, {
    IntakeStatus.NEW: {IntakeStatus.IN_PROGRESS, IntakeStatus.COMPLETE},
    IntakeStatus.IN_PROGRESS: {IntakeStatus.COMPLETE},
    IntakeStatus.COMPLETE: set(),
})

R = ReviewTaskStatus
REVIEW_TASK = _machine("review_task", R, {R.QUEUED}, {
    R.QUEUED: {R.CLAIMED, R.CANCELLED},
    R.CLAIMED: {R.COMPLETED, R.RETURNED, R.CANCELLED},
    R.RETURNED: {R.CLAIMED, R.CANCELLED},
    R.COMPLETED: set(),
    R.CANCELLED: set(),
})

P = P2PStatus
P2P = _machine("p2p", P, {P.REQUESTED}, {
    P.REQUESTED: {P.SLOTS_OFFERED, P.CANCELLED},
    P.SLOTS_OFFERED: {P.SLOT_SELECTED, P.CANCELLED},
    P.SLOT_SELECTED: {P.SCHEDULED, P.CANCELLED},
    P.SCHEDULED: {P.IN_SESSION, P.CANCELLED},
    P.IN_SESSION: {P.COMPLETED},
    P.COMPLETED: set(),
    P.CANCELLED: set(),
})

OUTREACH = _machine("outreach", OutreachStatus, {OutreachStatus.ACTIVE}, {
    OutreachStatus.ACTIVE: {OutreachStatus.ENDED},
    OutreachStatus.ENDED: set(),
})

A = AssessmentStatus
ASSESSMENT = _machine("assessment", A, {A.IN_PROGRESS}, {
    A.IN_PROGRESS: {A.BLOCKED, A.COMPLETE},
    A.BLOCKED: {A.IN_PROGRESS},
    A.COMPLETE: set(),
})

CARE_PLAN = _machine("care_plan", CarePlanStatus, {CarePlanStatus.DRAFT}, {
    CarePlanStatus.DRAFT: {CarePlanStatus.FINALIZED},
    CarePlanStatus.FINALIZED: set(),
})

AP = AppealStatus
APPEAL = _machine("appeal", AP, {AP.FILED}, {
    AP.FILED: {AP.ASSIGNED, AP.WITHDRAWN},
    AP.ASSIGNED: {AP.UPHELD, AP.OVERTURNED, AP.WITHDRAWN},
    AP.UPHELD: set(),
    AP.OVERTURNED: set(),
    AP.WITHDRAWN: set(),
})

LETTER = _machine("letter", LetterStatus, {LetterStatus.DRAFT}, {
    LetterStatus.DRAFT: {LetterStatus.DELIVERED, LetterStatus.SUPERSEDED},
    LetterStatus.DELIVERED: {LetterStatus.SUPERSEDED},
    LetterStatus.SUPERSEDED: set(),
})

REFERRAL = _machine("referral", ReferralStatus, {ReferralStatus.QUEUED}, {
    ReferralStatus.QUEUED: {ReferralStatus.ACCEPTED, ReferralStatus.DECLINED},
    ReferralStatus.ACCEPTED: set(),
    ReferralStatus.DECLINED: set(),
})

MACHINES: dict[str, Machine] = {m.name: m for m in (
    PA_CASE, CM_CASE, INTAKE, REVIEW_TASK, P2P, OUTREACH, ASSESSMENT, CARE_PLAN, APPEAL, LETTER, REFERRAL)}


def check(machine: Machine, current: str | None, target: str, *, entity_id: str = "") -> None:
    """Raise :class:`IllegalTransition` unless ``current → target`` is in ``machine``'s table.

    ``current=None`` means the entity is being created: ``target`` must be an initial state.
    """
    if target not in machine.moves:
        raise IllegalTransition(f"{machine.name} has no state '{target}'", field="status", allowed=machine.moves)
    if current is None:
        if target not in machine.initial:
            raise IllegalTransition(f"a new {machine.name} must start in an initial state, not '{target}'",
                                    field="status", allowed=machine.initial)
        return
    if not machine.is_legal(current, target):
        where = f" {entity_id}" if entity_id else ""
        raise IllegalTransition(
            f"{machine.name}{where} cannot move from '{current}' to '{target}'",
            field="status", allowed=machine.allowed(current),
            details={"machine": machine.name, "from": current, "to": target},
        )
