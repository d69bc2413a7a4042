"""Appeals: internal appeal timeliness and independence, decisions, external (IRO) review."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.determination.models import Determination
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.letter_center import services as letters
from chibench.world.apps.pa_workbench.models import PALine
from chibench.world.core.errors import (
    AuthorityError,
    Conflict,
    IllegalTransition,
    IndependenceError,
    InvalidInput,
    NotFound,
)
from tests.support import refused_call
from tests.world.apps import payer_support as cp


def denied(opts=None, denier=cp.MD1):
    """A denied case in a payer task (``payer_mode = queue``): the appeals staff are the test's callers, so
    filed appeals wait for them (the appeals desk that decides them in provider tasks is tested in
    ``test_appeals_desk``)."""
    return cp.denied(opts, denier, payer_mode="queue")


def filed(w, **kw):
    return appeals.file_internal_appeal(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="PT notes attached", **kw)


def wait_days(w, days):
    while days > 0:
        step = min(days, 59)
        w.advance(hours=24 * step)
        days -= step


def test_internal_appeal_copies_documents_to_the_payer_side():
    w = denied()
    ap = filed(w, document_ids=[cp.DOC_PROVIDER])
    assert ap["status"] == "filed" and ap["level"] == "internal" and ap["original_reviewer_id"] == cp.MD1
    assert cp.case_status(w) == "appealed"
    with w.read() as s:
        copy = s.get(Document, ap["document_ids"][0])
        assert (copy.side, copy.copied_from, copy.case_id) == ("payer", cp.DOC_PROVIDER, cp.CASE)
        denied_at = s.scalars(select(Determination)).one().determined_at
    assert ap["deadline_at"] == (denied_at + dt.timedelta(days=180)).isoformat().replace("+00:00", "Z")


def test_appeal_window_depends_on_line_of_business():
    w = denied(cp.Options(line_of_business="medicare_advantage"))
    wait_days(w, 66)
    refused_call(w, Conflict, lambda: filed(w), field="filed_at")
    w = denied()
    wait_days(w, 66)
    assert filed(w)["status"] == "filed"  # commercial: 180 days


def test_file_internal_appeal_refusals():
    w = cp.to_nurse_review()
    refused_call(w, Conflict, lambda: filed(w), field="case_id")  # nothing adverse to appeal
    w = denied()
    refused_call(w, AuthorityError, lambda: appeals.file_internal_appeal(w, acting_as=cp.PAC_OTHER, case_id=cp.CASE,
                                                                       rationale="x"), field="acting_as")
    refused_call(w, AuthorityError, lambda: appeals.file_internal_appeal(w, acting_as=cp.MD2, case_id=cp.CASE,
                                                                       rationale="x"), field="acting_as")
    refused_call(w, InvalidInput, lambda: appeals.file_internal_appeal(w, acting_as=cp.PAC, case_id=cp.CASE,
                                                                     rationale=""), field="rationale")
    refused_call(w, NotFound, lambda: filed(w, document_ids=[cp.DOC_NOTE]), field="document_ids[0]")  # payer copy
    filed(w)
    refused_call(w, IllegalTransition, lambda: filed(w))


def test_reviewer_must_be_an_independent_appeals_medical_director():
    w = denied(denier=cp.AMD1)  # an appeals MD made the adverse decision
    ap = filed(w)
    refused_call(w, IndependenceError, lambda: appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"],
                                                                     reviewer_id=cp.AMD1), field="reviewer_id")
    refused_call(w, AuthorityError, lambda: appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"],
                                                                  reviewer_id=cp.MD2), field="reviewer_id")
    refused_call(w, NotFound, lambda: appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"],
                                                            reviewer_id="WKR-AMD-77"), field="reviewer_id")
    refused_call(w, AuthorityError, lambda: appeals.assign_reviewer(w, acting_as=cp.PAC, appeal_id=ap["id"],
                                                                  reviewer_id=cp.AMD2), field="acting_as")
    refused_call(w, NotFound, lambda: appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id="APL-9999",
                                                            reviewer_id=cp.AMD2), field="appeal_id")
    out = appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"], reviewer_id=cp.AMD2)
    assert out["status"] == "assigned" and out["assigned_reviewer_id"] == cp.AMD2
    refused_call(w, IllegalTransition, lambda: appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"],
                                                                     reviewer_id=cp.AMD2))


@pytest.fixture()
def assigned():
    w = denied()
    ap = filed(w)
    appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"], reviewer_id=cp.AMD1)
    yield w, ap["id"]
    w.close()


def test_decide_refusals(assigned):
    w, aid = assigned
    args = {"appeal_id": aid, "outcome": "upheld", "rationale": "still not met", "policy_citations": [cp.C1_CITE]}
    refused_call(w, AuthorityError, lambda: appeals.decide(w, acting_as=cp.AMD2, **args), field="acting_as")
    refused_call(w, AuthorityError, lambda: appeals.decide(w, acting_as=cp.MD2, **args), field="acting_as")
    refused_call(w, InvalidInput, lambda: appeals.decide(w, acting_as=cp.AMD1, **{**args, "outcome": "reversed"}),
               field="outcome")
    refused_call(w, InvalidInput, lambda: appeals.decide(w, acting_as=cp.AMD1, **{**args, "policy_citations": []}),
               field="policy_citations")


def test_overturned_appeal_supersedes_the_denial(assigned):
    w, aid = assigned
    out = appeals.decide(w, acting_as=cp.AMD1, appeal_id=aid, outcome="overturned",
                         rationale="PT notes establish 8 weeks of therapy")
    assert out["case_status"] == "appeal_overturned" and out["authorization_number"] == "AUTH-CASE-TST-0001"
    with w.read() as s:
        rows = s.scalars(select(Determination).order_by(Determination.id)).all()
        assert [(d.decision, d.source, d.superseded_by) for d in rows] == [
            ("denied", "md_decision", out["determination_id"]), ("approved", "appeal", None)]
        assert [ln.outcome for ln in s.scalars(select(PALine).where(PALine.case_id == cp.CASE))] == ["approved"]
    refused_call(w, Conflict, lambda: letters.generate_denial(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL,
                                                            body=cp.DENIAL_BODY, subject="x"), field="case_id")
    note = letters.generate_notification(w, acting_as=cp.AMD1, case_id=cp.CASE, notification_type="appeal_outcome",
                                         body="Your appeal was decided in your favour.", language="English")
    assert note["notification_type"] == "appeal_outcome"


def test_stale_denial_letter_cannot_be_delivered_after_overturn(assigned):
    w, aid = assigned
    w2 = denied()
    let = letters.generate_denial(w2, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY, subject="x")
    assert let["audit"]["complete"] is True
    ap = filed(w2)
    appeals.assign_reviewer(w2, acting_as=cp.INTAKE, appeal_id=ap["id"], reviewer_id=cp.AMD2)
    appeals.decide(w2, acting_as=cp.AMD2, appeal_id=ap["id"], outcome="overturned", rationale="met")
    refused_call(w2, Conflict, lambda: letters.deliver(w2, acting_as=cp.MD1, letter_id=let["id"], channel="portal"),
               field="case_id")


def test_external_review_after_upheld_appeal(assigned):
    w, aid = assigned
    refused_call(w, Conflict, lambda: appeals.file_external_review(w, acting_as=cp.PAC, case_id=cp.CASE,
                                                                 rationale="x"), field="case_id")
    appeals.decide(w, acting_as=cp.AMD1, appeal_id=aid, outcome="upheld", rationale="not met",
                   policy_citations=[cp.C1_CITE])
    assert cp.case_status(w) == "appeal_upheld"
    ext = appeals.file_external_review(w, acting_as=cp.PCP, case_id=cp.CASE, rationale="independent review requested")
    assert ext["level"] == "external" and cp.case_status(w) == "external_appealed"
    refused_call(w, Conflict, lambda: appeals.decide(w, acting_as=cp.AMD1, appeal_id=ext["id"], outcome="upheld",
                                                   rationale="x", policy_citations=[cp.C1_CITE]), field="appeal_id")
    refused_call(w, IllegalTransition, lambda: appeals.record_external_decision(w, acting_as=cp.ERC, appeal_id=ext["id"],
                                                                              outcome="overturned", rationale="x"))
    refused_call(w, AuthorityError, lambda: appeals.assign_external_review(w, acting_as=cp.AMD1, appeal_id=ext["id"],
                                                                         external_org="IRO"), field="acting_as")
    refused_call(w, InvalidInput, lambda: appeals.assign_external_review(w, acting_as=cp.ERC, appeal_id=ext["id"],
                                                                       external_org=""), field="external_org")
    appeals.assign_external_review(w, acting_as=cp.ERC, appeal_id=ext["id"], external_org="Keystone State IRO")
    refused_call(w, AuthorityError, lambda: appeals.record_external_decision(w, acting_as=cp.AMD2, appeal_id=ext["id"],
                                                                           outcome="overturned", rationale="x"))
    out = appeals.record_external_decision(w, acting_as=cp.ERC, appeal_id=ext["id"], outcome="overturned",
                                           rationale="IRO found criteria met")
    assert out["case_status"] == "external_appeal_overturned" and out["authorization_number"]
    with w.read() as s:
        active = [d for d in s.scalars(select(Determination)) if d.superseded_by is None]
        assert [(d.decision, d.source) for d in active] == [("approved", "external_review")]
    assert [a["level"] for a in appeals.list_appeals(w, acting_as=cp.ERC, case_id=cp.CASE)] == ["internal", "external"]


def test_external_review_window():
    w = denied()
    ap = filed(w)
    appeals.assign_reviewer(w, acting_as=cp.INTAKE, appeal_id=ap["id"], reviewer_id=cp.AMD1)
    appeals.decide(w, acting_as=cp.AMD1, appeal_id=ap["id"], outcome="upheld", rationale="x",
                   policy_citations=[cp.C1_CITE])
    wait_days(w, 121)
    refused_call(w, Conflict, lambda: appeals.file_external_review(w, acting_as=cp.PAC, case_id=cp.CASE, rationale="x"),
               field="filed_at")
    assert appeals.get_appeal(w, acting_as=cp.ERC, appeal_id=ap["id"])["status"] == "upheld"
