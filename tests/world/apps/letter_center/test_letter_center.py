"""Letter center: letters hold exactly what the author wrote; delivery only after a passing audit."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from chibench.world.apps.letter_center import services as letters
from chibench.world.apps.letter_center.models import Letter
from chibench.world.apps.pa_workbench.models import InboxMessage
from chibench.world.core.db import WorkspaceArtifact
from chibench.world.core.errors import AuthorityError, Conflict, IllegalTransition, InvalidInput, NotFound
from tests.support import digest, refused_call
from tests.world.apps import payer_support as cp


def approval(w, actor=cp.NURSE, fields=None, body=cp.APPROVAL_BODY):
    return letters.generate_approval(w, acting_as=actor, case_id=cp.CASE, fields=cp.APPROVAL if fields is None else fields,
                                     body=body, subject="Prior authorization approved")


def test_complete_approval_letter_is_delivered_with_copies():
    w = cp.approved()
    let = approval(w)
    assert let["status"] == "draft" and let["audit"]["complete"] is True and let["fields"] == cp.APPROVAL
    out = letters.deliver(w, acting_as=cp.NURSE, letter_id=let["id"], channel="portal")
    assert out["status"] == "delivered" and out["delivery_channel"] == "portal"
    with w.read() as s:
        art = s.get(WorkspaceArtifact, out["artifact_id"])
        assert art.scope == "shared" and art.artifact_type == "approval_letter" and cp.AUTH in art.content
        msg = s.get(InboxMessage, out["inbox_message_id"])
        assert msg.audience == "provider" and msg.details["letter_id"] == let["id"]
    refused_call(w, IllegalTransition, lambda: letters.deliver(w, acting_as=cp.NURSE, letter_id=let["id"],
                                                             channel="fax"))
    assert letters.audit_completeness(w, acting_as=cp.MD1, letter_id=let["id"])["complete"] is True
    assert [x["id"] for x in letters.list_letters(w, acting_as=cp.INTAKE, case_id=cp.CASE)] == [let["id"]]


def test_nothing_is_defaulted_and_incomplete_letters_are_not_delivered():
    w = cp.approved()
    thin = {k: v for k, v in cp.APPROVAL.items() if k not in ("valid_to", "signer_credentials")}
    let = approval(w, fields=thin, body=cp.APPROVAL_BODY.replace(cp.AUTH, "[auth]"))
    assert let["fields"] == thin  # stored exactly as written
    audit = letters.audit_completeness(w, acting_as=cp.NURSE, letter_id=let["id"])
    assert set(audit["missing_fields"]) == {"valid_to", "signer_credentials"}
    assert any("authorization_number" in p for p in audit["problems"])
    err = refused_call(w, Conflict, lambda: letters.deliver(w, acting_as=cp.NURSE, letter_id=let["id"],
                                                          channel="portal"), field="letter_id")
    assert err.details["complete"] is False


@pytest.mark.parametrize(("kw", "exc", "field"), [
    ({"fields": {**cp.APPROVAL, "signature": "x"}}, InvalidInput, "fields"),
    ({"fields": "all of them"}, InvalidInput, "fields"),
    ({"fields": {**cp.APPROVAL, "valid_from": object()}}, InvalidInput, "fields.valid_from"),
    ({"body": ""}, InvalidInput, "body"),
    ({"subject": ""}, InvalidInput, "subject"),
    ({"recipient": "payer"}, InvalidInput, "recipient"),
    ({"acting_as": cp.PAC}, AuthorityError, "acting_as"),
    ({"acting_as": cp.ERC}, AuthorityError, "acting_as"),
    ({"case_id": "CASE-NONE"}, NotFound, "case_id"),
])
def test_generate_refusals(kw, exc, field):
    w = cp.approved()
    args = {"acting_as": cp.NURSE, "case_id": cp.CASE, "fields": cp.APPROVAL, "body": cp.APPROVAL_BODY, "subject": "ok",
            "recipient": "provider", **kw}
    refused_call(w, exc, lambda: letters.generate_approval(w, **args), field=field)


def test_letter_type_must_match_the_active_determination():
    w = cp.approved()
    for fn in (letters.generate_denial, letters.generate_partial_approval, letters.generate_pend):
        refused_call(w, Conflict, lambda f=fn: f(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY,
                                               subject="x"), field="case_id")
    w2 = cp.to_nurse_review()
    refused_call(w2, Conflict, lambda: approval(w2), field="case_id")


def test_denial_letter_needs_a_physician_signer():
    w = cp.denied()
    by_nurse = letters.generate_denial(w, acting_as=cp.NURSE, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY,
                                       subject="Denial")
    assert any(p.startswith("signer") for p in by_nurse["audit"]["problems"])
    refused_call(w, Conflict, lambda: letters.deliver(w, acting_as=cp.NURSE, letter_id=by_nurse["id"], channel="portal"))
    by_md = letters.generate_denial(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY,
                                    subject="Denial")
    assert by_md["audit"] == {"letter_id": by_md["id"], "letter_type": "denial", "complete": True,
                              "missing_fields": [], "problems": []}
    assert letters.deliver(w, acting_as=cp.MD1, letter_id=by_md["id"], channel="portal")["status"] == "delivered"


def test_pend_letter_requires_a_pended_case():
    w = cp.build_payer_world()
    cp.do_intake(w, complete=False)
    let = letters.generate_pend(w, acting_as=cp.INTAKE, case_id=cp.CASE, fields=cp.PEND, body=cp.PEND_BODY,
                                subject="Information needed")
    assert let["audit"]["complete"] is True and let["determination_id"] is None
    assert letters.deliver(w, acting_as=cp.INTAKE, letter_id=let["id"], channel="portal")["status"] == "delivered"


def test_reissue_supersedes_and_requires_fresh_delivery():
    w = cp.approved()
    old = approval(w)
    letters.deliver(w, acting_as=cp.NURSE, letter_id=old["id"], channel="portal")
    new = letters.reissue(w, acting_as=cp.NURSE, letter_id=old["id"], reason="typo in plan name",
                          fields={**cp.APPROVAL, "plan_name": "Keystone Choice PPO (Illinois)"})
    assert new["id"] != old["id"] and new["reissued_from"] == old["id"] and new["status"] == "draft"
    assert new["body"] == cp.APPROVAL_BODY and new["fields"]["plan_name"].endswith("(Illinois)")
    with w.read() as s:
        assert s.get(Letter, old["id"]).status == "superseded"
    refused_call(w, IllegalTransition, lambda: letters.reissue(w, acting_as=cp.NURSE, letter_id=old["id"], reason="x"))
    refused_call(w, InvalidInput, lambda: letters.reissue(w, acting_as=cp.NURSE, letter_id=new["id"], reason=""),
               field="reason")
    refused_call(w, NotFound, lambda: letters.reissue(w, acting_as=cp.NURSE, letter_id="LET-9999", reason="x"),
               field="letter_id")
    refused_call(w, InvalidInput, lambda: letters.deliver(w, acting_as=cp.NURSE, letter_id=new["id"], channel="pigeon"),
               field="channel")


def test_member_notifications_match_the_case():
    w = cp.build_payer_world(cp.Options(pa_required=False))
    cp.do_intake(w)
    refused_call(w, Conflict, lambda: letters.generate_notification(
        w, acting_as=cp.INTAKE, case_id=cp.CASE, notification_type="no_auth_required", body="No PA needed.",
        language="English"), field="notification_type")
    cp.do_triage(w, lane="no_auth_required")
    note = letters.generate_notification(w, acting_as=cp.INTAKE, case_id=cp.CASE, notification_type="no_auth_required",
                                         body="Your knee MRI does not need prior authorization.", language="English")
    assert note["id"] == "MN-0001" and note["patient_id"] == "PAT-TST" and note["channel"] == "mail"
    for kind in ("approval", "denial", "pend", "appeal_rights", "appeal_outcome"):
        refused_call(w, Conflict, lambda k=kind: letters.generate_notification(
            w, acting_as=cp.INTAKE, case_id=cp.CASE, notification_type=k, body="x", language="English"),
            field="notification_type")
    for kw, field in (({"notification_type": "reminder"}, "notification_type"), ({"body": ""}, "body"),
                      ({"language": ""}, "language"), ({"channel": "sms"}, "channel")):
        args = {"notification_type": "no_auth_required", "body": "b", "language": "English", **kw}
        refused_call(w, InvalidInput, lambda a=args: letters.generate_notification(w, acting_as=cp.INTAKE,
                                                                                 case_id=cp.CASE, **a), field=field)
    refused_call(w, AuthorityError, lambda: letters.generate_notification(
        w, acting_as=cp.CM, case_id=cp.CASE, notification_type="no_auth_required", body="b", language="English"))
    assert len(letters.list_notifications(w, acting_as=cp.NURSE, case_id=cp.CASE)) == 1


def test_letter_reads_are_side_effect_free():
    w = cp.approved()
    let = approval(w)
    before = digest(w)
    letters.get_letter(w, acting_as=cp.NURSE, letter_id=let["id"])
    letters.audit_completeness(w, acting_as=cp.NURSE, letter_id=let["id"])
    letters.list_letters(w, acting_as=cp.NURSE)
    assert digest(w) == before
    with w.read() as s:
        assert s.scalars(select(Letter)).one().audit["complete"] is True
