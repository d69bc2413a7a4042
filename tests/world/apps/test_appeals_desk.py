"""The appeals desk decides filed appeals on the simulated clock (paper App. C.1 stage 7).

State-machine table: denied → (internal appeal filed) → appeal_upheld | appeal_overturned, decided by an
independent appeals physician before the appeal's SLA with the policy's ``appeal_outcome`` and an
appeal decision notice delivered on the request's channel; appeal_upheld → (external review filed) →
external_appeal_upheld | external_appeal_overturned, decided by the IRO with ``external_appeal_outcome``.
"""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps import appeals_desk
from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.appeals.models import Appeal
from chibench.world.apps.determination.models import Determination
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.letter_center.models import Letter
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core.errors import Conflict
from tests.support import refused_call
from tests.world.apps import payer_support as cp


def denied(internal: str, external: str = "upheld", denier: str = cp.MD1):
    w = cp.denied(denier=denier)
    cp.set_appeal_outcomes(w, internal, external)
    return w


def file_internal(w):
    return appeals.file_internal_appeal(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="PT notes show 8 weeks")


def file_external(w):
    return appeals.file_external_review(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="independent review please")


def _state(w, appeal_id):
    with w.read() as s:
        ap = s.get(Appeal, appeal_id)
        case = s.get(PACase, cp.CASE)
        letters = list(s.scalars(select(Letter).where(Letter.case_id == cp.CASE,
                                                      Letter.letter_type == "appeal_decision")
                                 .order_by(Letter.created_at)))
        active = [d for d in s.scalars(select(Determination).where(Determination.case_id == cp.CASE))
                  if d.superseded_by is None]
        reviewer = s.get(Worker, ap.assigned_reviewer_id) if ap.assigned_reviewer_id else None
        return ap, str(case.status), letters, active, reviewer


INTERNAL = [
    # policy outcome, case status after, active determination after
    ("upheld", "appeal_upheld", "denied"),
    ("overturned", "appeal_overturned", "approved"),
]


@pytest.mark.parametrize(("outcome", "case_status", "decision"), INTERNAL)
def test_internal_appeal_is_decided_before_its_sla_with_the_policy_outcome(outcome, case_status, decision):
    w = denied(outcome)
    out = file_internal(w)
    ap, status, letters, active, reviewer = _state(w, out["id"])
    assert out["decision"]["outcome"] == outcome == str(ap.status)
    assert status == case_status
    assert ap.filed_at < ap.decided_at < ap.decision_due_at
    # a third of the 30-day window, plus the minutes the assignment and decision writes take
    assert dt.timedelta(days=10) < ap.decided_at - ap.filed_at < dt.timedelta(days=10, hours=1)
    # an independent reviewer: an appeals physician who made none of the adverse decisions
    assert reviewer is not None and str(reviewer.role) == "appeals_medical_director" and reviewer.id != cp.MD1
    assert [d.decision for d in active] == [decision]
    (letter,) = letters
    assert (str(letter.status), letter.delivery_channel, letter.recipient) == ("delivered", "portal", "provider")
    assert letter.signer_id == reviewer.id and letter.audit["complete"]
    assert letter.fields["appeal_outcome"] == outcome and ap.id in letter.body
    if outcome == "overturned":
        assert letter.fields["authorization_number"] == active[0].authorization_number
        assert active[0].authorization_number in letter.body
    else:
        assert cp.C1_CITE in letter.body and "external review" in letter.fields["further_review_rights"]


def test_the_original_denier_never_decides_the_appeal():
    w = denied("upheld", denier=cp.MD1)
    out = file_internal(w)
    assert out["assigned_reviewer_id"] not in (cp.MD1, None)


EXTERNAL = [
    ("upheld", "external_appeal_upheld", "denied"),
    ("overturned", "external_appeal_overturned", "approved"),
]


@pytest.mark.parametrize(("outcome", "case_status", "decision"), EXTERNAL)
def test_an_upheld_denial_goes_to_external_review_which_is_decided(outcome, case_status, decision):
    w = denied("upheld", outcome)
    file_internal(w)
    out = file_external(w)
    ap, status, letters, active, _ = _state(w, out["id"])
    assert (ap.level, str(ap.status), status) == ("external", outcome, case_status)
    assert ap.external_org == appeals_desk.IRO_NAME
    assert ap.filed_at < ap.decided_at < ap.decision_due_at
    assert [d.decision for d in active] == [decision]
    assert [lt.fields["appeal_level"] for lt in letters] == ["internal", "external"]
    assert letters[-1].delivery_channel == "portal" and letters[-1].audit["complete"]


def test_external_review_is_refused_after_an_overturned_appeal():
    w = denied("overturned")
    file_internal(w)
    refused_call(w, Conflict, lambda: file_external(w), field="case_id")


def test_nobody_decides_in_a_payer_task():
    """In ``payer_mode = queue`` the payer's staff are the agent: the appeal waits for them."""
    w = denied("overturned")
    cp.set_payer_mode(w, "queue")
    out = file_internal(w)
    assert out["status"] == "filed" and "decision" not in out
    assert _state(w, out["id"])[1] == "appealed"


@pytest.mark.parametrize(("urgent", "level", "days", "expected"), [
    (False, "internal", 30, dt.timedelta(days=10)),
    (True, "internal", 30, dt.timedelta(hours=24)),
    (False, "external", 45, dt.timedelta(days=15)),
    (True, "external", 45, dt.timedelta(days=15)),   # the IRO's clock is its own
])
def test_review_wait_is_inside_the_window(urgent, level, days, expected):
    t0 = dt.datetime(2026, 10, 5, tzinfo=dt.UTC)
    ap = Appeal(level=level, filed_at=t0, decision_due_at=t0 + dt.timedelta(days=days))
    assert appeals_desk.review_wait(ap, urgent) == expected < dt.timedelta(days=days)
