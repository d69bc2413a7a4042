"""Appeals services: internal appeal of an adverse determination and external (IRO) review.

Internal appeal (a provider action, served here because it writes payer records): filed within
180 days (commercial), 65 days (Medicare Advantage) or 60 days (Medicaid) of the adverse
determination (``rules.appeals``: 29 CFR 2560.503-1(h)(3)(i), 42 CFR 422.582(b), 438.402(c)(2)(ii));
decided within 30 days by an appeals medical director who made none of the adverse decisions
(``rules.authority.check_independence``; 29 CFR 2560.503-1(h)(3)(ii)/(v)). Overturned → an approval
determination superseding the adverse one. External review: within 4 months of an upheld internal
appeal, assigned to an IRO and recorded by an external review coordinator; the IRO decision binds
(45 CFR 147.136(c)/(d)). Times UTC ISO-8601.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps import payer_arguments as pargs
from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.appeals.models import Appeal
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.enums import AppealOutcome, AppealStatus, CaseStatus, values
from chibench.world.core.errors import AuthorityError, Conflict, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World, get_or_404
from chibench.world.rules import appeals as appeal_rules
from chibench.world.rules.authority import (
    APPEAL_REVIEWERS,
    EXTERNAL_REVIEW_STAFF,
    PROVIDER_STAFF,
    check_independence,
    require_role,
)

APP = "appeals"
NS = "payer_appeals"
OUTCOMES = values(AppealOutcome)
ADVERSE = ("denied", "partially_approved")


# --------------------------------------------------------------------------- helpers


def _appeal(s: Session, appeal_id: Any, level: str) -> Appeal:
    ap = get_or_404(s, Appeal, appeal_id, what="appeal", field="appeal_id")
    if ap.level != level:
        raise Conflict(f"appeal {ap.id} is an {ap.level} appeal, not {level}", field="appeal_id")
    return ap


def _provider_filer(tx: Tx, case: PACase) -> None:
    """The filer must be provider staff of the requesting clinician's organization."""
    require_role(tx.actor.role, PROVIDER_STAFF, "file an appeal on behalf of the requesting provider")
    clinician = tx.session.get(Worker, case.requesting_worker_id)
    if clinician is None or clinician.org_id != tx.actor.org_id:
        raise AuthorityError("only the requesting provider's office may file this appeal", field="acting_as")


def _copy_documents(tx: Tx, case: PACase, document_ids: Any, appeal_id: str) -> list[str]:
    """Payer-side copies of the provider's appeal documents (the payer never reads provider originals)."""
    ids = v.str_list(document_ids, "document_ids", max_items=50)
    copies: list[str] = []
    for i, doc_id in enumerate(ids):
        doc = tx.session.get(Document, doc_id)
        if doc is None or doc.side != "provider" or doc.patient_id != case.patient_id:
            raise NotFound(f"no provider document '{doc_id}' for this case's patient", field=f"document_ids[{i}]")
        copy = Document(id=tx.new_id("DOC-PAY"), patient_id=doc.patient_id, case_id=case.id,
                        encounter_id=doc.encounter_id, kind=doc.kind, title=doc.title, body=doc.body, date=doc.date,
                        author_worker_id=doc.author_worker_id, signed=doc.signed, signed_by=doc.signed_by,
                        signed_at=doc.signed_at, origin=doc.origin, side=pq.PAYER_SIDE, copied_from=doc.id,
                        created_at=tx.now, details={"received_with": appeal_id})
        tx.session.add(copy)
        copies.append(copy.id)
    return copies


def _new_appeal(tx: Tx, case: PACase, *, level: str, deadline: dt.datetime, decision_days: int, rationale: str,
                original_reviewer_id: str | None) -> Appeal:
    ap = Appeal(id=tx.new_id("APL"), case_id=case.id, level=level, status=None, filed_by=tx.actor.id,
                filed_at=tx.now, deadline_at=deadline, decision_due_at=tx.now + dt.timedelta(days=decision_days),
                rationale=rationale, document_ids=[], original_reviewer_id=original_reviewer_id,
                assigned_reviewer_id=None, external_org=None, outcome_rationale=None, decided_at=None)
    tx.transition(machines.APPEAL, ap, AppealStatus.FILED, case_id=case.id)
    tx.session.add(ap)
    return ap


def _check_reviewer_independent(s: Session, ap: Appeal, reviewer_id: str) -> None:
    for original in sorted(pq.adverse_deciders(s, ap.case_id) | {ap.original_reviewer_id or ""}):
        check_independence(original or None, reviewer_id, "internal appeal review")


def _overturn(tx: Tx, case: PACase, ap: Appeal, source: str, rationale: str) -> dict[str, Any]:
    """An approval determination superseding the active adverse one (auth number, line outcomes)."""
    old = pq.active_determination(tx.session, case.id)
    det = pw.record_determination(tx, case, decision="approved", basis="medical_necessity", source=source,
                                  source_record_id=ap.id, rationale=rationale, citations=[],
                                  sla_deadline=ap.decision_due_at, supersedes=old)
    return {"determination_id": det.id, "authorization_number": det.authorization_number}


# --------------------------------------------------------------------------- reads


def list_appeals(world: World, *, acting_as: str, case_id: str | None = None) -> list[dict[str, Any]]:
    """Appeals (internal and external), oldest first, optionally for one case. Errors: NotFound, UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        q = select(Appeal).order_by(Appeal.filed_at, Appeal.id)
        if case_id is not None:
            q = q.where(Appeal.case_id == pq.get_case(s, case_id).id)
        return [to_dict(a) for a in s.scalars(q)]


def get_appeal(world: World, *, acting_as: str, appeal_id: str) -> dict[str, Any]:
    """One appeal. Errors: NotFound, UnknownActor / AuthorityError."""
    with world.read() as s:
        pq.read_actor(s, acting_as)
        return to_dict(get_or_404(s, Appeal, appeal_id, what="appeal", field="appeal_id"))


# --------------------------------------------------------------------------- internal appeal


def file_internal_appeal(world: World, *, acting_as: str, case_id: str, rationale: str,
                         document_ids: list[str] | None = None) -> dict[str, Any]:
    """Provider side: appeal the active adverse determination (case denied/partially_approved → appealed).

    In a provider task (``payer_mode = auto``) the appeals desk then decides it on the simulated clock
    (``appeals_desk``): the returned appeal is the decided one, with ``decision`` {outcome, reviewer_id,
    letter_id, channel, case_status, authorization_number?}.

    Timely through ``rules.appeals.appeal_deadline`` (window by the plan's line of business, from the
    determination time); decision due 30 days after filing. ``document_ids``: provider documents of the
    patient, copied to the payer side. Errors: Conflict (untimely; no adverse determination),
    IllegalTransition, InvalidInput, NotFound, AuthorityError (not the requesting provider's office) / UnknownActor.
    """
    why = v.text(rationale, "rationale")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.file_internal_appeal") as tx:
        case = pq.get_case(tx.session, case_id)
        _provider_filer(tx, case)
        det = pq.active_determination(tx.session, case.id)
        if det is None or det.decision not in ADVERSE:
            raise Conflict(f"case {case.id} has no active adverse determination to appeal", field="case_id")
        plan = pq.plan_for(tx.session, case)
        deadline = appeal_rules.appeal_deadline(det.determined_at, str(plan.line_of_business))
        appeal_rules.check_timely(tx.now, deadline, "internal appeal")
        tx.transition(machines.PA_CASE, case, CaseStatus.APPEALED, case_id=case.id, reason="internal appeal filed")
        original = det.determined_by if tx.session.get(Worker, det.determined_by) else None
        ap = _new_appeal(tx, case, level="internal", deadline=deadline,
                         decision_days=appeal_rules.INTERNAL_DECISION_DAYS, rationale=why,
                         original_reviewer_id=original)
        ap.document_ids = _copy_documents(tx, case, document_ids, ap.id)
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=ap.id, details={"determination_id": det.id, "documents": ap.document_ids})
        tx.session.flush()
        filed = to_dict(ap)
    return _then_desk_decides(world, filed)


def _then_desk_decides(world: World, filed: dict[str, Any]) -> dict[str, Any]:
    """After the filing committed: in ``payer_mode = auto`` the appeals desk decides it on the simulated
    clock (``appeals_desk.work_appeal``); the result then carries the decision under ``decision``."""
    from chibench.world.apps import appeals_desk

    decision = appeals_desk.work_appeal(world, filed["id"])
    if decision is None:
        return filed
    with world.read() as s:
        return {**to_dict(get_or_404(s, Appeal, filed["id"], what="appeal", field="appeal_id")), "decision": decision}


def assign_reviewer(world: World, *, acting_as: str, appeal_id: str, reviewer_id: str) -> dict[str, Any]:
    """Assign the internal appeal (filed → assigned) to an appeals medical director who made none of the
    adverse decisions on the case. Errors: NotFound (appeal, reviewer), AuthorityError (actor not payer
    UM staff; reviewer not an appeals medical director), IndependenceError, IllegalTransition, UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.assign_reviewer") as tx:
        require_role(tx.actor.role, pq.PAYER_UM_STAFF, "assign an appeal reviewer")
        ap = _appeal(tx.session, appeal_id, "internal")
        reviewer = pq.worker_with_role(tx.session, reviewer_id, "reviewer_id", APPEAL_REVIEWERS,
                                       "internal appeal reviewer")
        _check_reviewer_independent(tx.session, ap, reviewer.id)
        tx.transition(machines.APPEAL, ap, AppealStatus.ASSIGNED, case_id=ap.case_id)
        ap.assigned_reviewer_id = reviewer.id
        tx.log(case_id=ap.case_id, entity_id=ap.id, details={"reviewer_id": reviewer.id})
        tx.session.flush()
        return to_dict(ap)


def decide(world: World, *, acting_as: str, appeal_id: str, outcome: str, rationale: str,
           policy_citations: list[str] | None = None) -> dict[str, Any]:
    """The assigned appeals medical director decides: upheld (≥1 citation ``<policy-id> §<n>``) → case
    appeal_upheld; overturned → case appeal_overturned plus an approval determination (source appeal)
    superseding the adverse one, with an authorization number. ``sla_met`` is measured against the
    appeal's decision due time. Errors: InvalidInput, AuthorityError (not the assigned reviewer),
    IndependenceError, IllegalTransition, NotFound, UnknownActor.
    """
    result = v.choice(outcome, OUTCOMES, "outcome")
    why = v.text(rationale, "rationale")
    cites = pargs.citations_arg(policy_citations, required=result == "upheld")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.decide") as tx:
        require_role(tx.actor.role, APPEAL_REVIEWERS, "decide an internal appeal")
        ap = _appeal(tx.session, appeal_id, "internal")
        if ap.assigned_reviewer_id != tx.actor.id:
            raise AuthorityError(f"appeal {ap.id} is assigned to {ap.assigned_reviewer_id}", field="acting_as")
        _check_reviewer_independent(tx.session, ap, tx.actor.id)
        case = pq.get_case(tx.session, ap.case_id)
        tx.transition(machines.APPEAL, ap, result, case_id=case.id)
        target = CaseStatus.APPEAL_UPHELD if result == "upheld" else CaseStatus.APPEAL_OVERTURNED
        tx.transition(machines.PA_CASE, case, target, case_id=case.id, reason=f"internal appeal {ap.id} {result}")
        ap.outcome_rationale, ap.decided_at = why, tx.now
        created = _overturn(tx, case, ap, "appeal", why) if result == "overturned" else {}
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=ap.id, details={"outcome": result, "policy_citations": cites, **created})
        tx.session.flush()
        return {**to_dict(ap), **created, "policy_citations": cites, "case_status": str(case.status)}


# --------------------------------------------------------------------------- external review


def file_external_review(world: World, *, acting_as: str, case_id: str, rationale: str,
                         document_ids: list[str] | None = None) -> dict[str, Any]:
    """Provider side: request external review after an upheld internal appeal (case appeal_upheld →
    external_appealed), within 4 months of the internal decision (``rules.appeals.external_deadline``);
    decision due 45 days after filing; in ``payer_mode = auto`` the IRO's decision follows on the clock
    (``appeals_desk``, ``decision`` in the result). ``document_ids``: provider documents of the patient, copied to
    the payer side (as for the internal appeal). Errors: Conflict (untimely; no upheld internal appeal),
    IllegalTransition, InvalidInput, NotFound (a document that is not the case patient's provider
    document), AuthorityError / UnknownActor.
    """
    why = v.text(rationale, "rationale")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.file_external_review") as tx:
        case = pq.get_case(tx.session, case_id)
        _provider_filer(tx, case)
        internal = tx.session.scalars(select(Appeal).where(Appeal.case_id == case.id, Appeal.level == "internal",
                                                           Appeal.status == AppealStatus.UPHELD)
                                      .order_by(Appeal.decided_at.desc())).first()
        if internal is None or internal.decided_at is None:
            raise Conflict(f"case {case.id} has no upheld internal appeal; external review comes after it",
                           field="case_id")
        deadline = appeal_rules.external_deadline(internal.decided_at)
        appeal_rules.check_timely(tx.now, deadline, "external review")
        tx.transition(machines.PA_CASE, case, CaseStatus.EXTERNAL_APPEALED, case_id=case.id,
                      reason="external review requested")
        ap = _new_appeal(tx, case, level="external", deadline=deadline,
                         decision_days=appeal_rules.EXTERNAL_DECISION_DAYS, rationale=why,
                         original_reviewer_id=internal.assigned_reviewer_id)
        ap.document_ids = _copy_documents(tx, case, document_ids, ap.id)
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=ap.id, details={"internal_appeal_id": internal.id,
                                                          **({"documents": ap.document_ids} if ap.document_ids else {})})
        tx.session.flush()
        filed = to_dict(ap)
    return _then_desk_decides(world, filed)


def assign_external_review(world: World, *, acting_as: str, appeal_id: str, external_org: str) -> dict[str, Any]:
    """An external review coordinator sends the review to an independent review organization
    (filed → assigned; ``external_org`` names the IRO). Errors: InvalidInput, IllegalTransition,
    Conflict (not an external appeal), NotFound, AuthorityError / UnknownActor.
    """
    org = v.text(external_org, "external_org", max_len=120)
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.assign_external_review") as tx:
        require_role(tx.actor.role, EXTERNAL_REVIEW_STAFF, "assign an external review")
        ap = _appeal(tx.session, appeal_id, "external")
        tx.transition(machines.APPEAL, ap, AppealStatus.ASSIGNED, case_id=ap.case_id)
        ap.external_org = org
        tx.log(case_id=ap.case_id, entity_id=ap.id, details={"external_org": org})
        tx.session.flush()
        return to_dict(ap)


def record_external_decision(world: World, *, acting_as: str, appeal_id: str, outcome: str,
                             rationale: str) -> dict[str, Any]:
    """Record the IRO's binding decision (external review coordinator): upheld → case
    external_appeal_upheld; overturned → external_appeal_overturned plus an approval determination
    (source external_review) superseding the adverse one. Errors: InvalidInput, IllegalTransition,
    Conflict, NotFound, AuthorityError / UnknownActor.
    """
    result = v.choice(outcome, OUTCOMES, "outcome")
    why = v.text(rationale, "rationale")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.record_external_decision") as tx:
        require_role(tx.actor.role, EXTERNAL_REVIEW_STAFF, "record an external review decision")
        ap = _appeal(tx.session, appeal_id, "external")
        case = pq.get_case(tx.session, ap.case_id)
        tx.transition(machines.APPEAL, ap, result, case_id=case.id)
        target = CaseStatus.EXTERNAL_APPEAL_UPHELD if result == "upheld" else CaseStatus.EXTERNAL_APPEAL_OVERTURNED
        tx.transition(machines.PA_CASE, case, target, case_id=case.id, reason=f"external review {ap.id} {result}")
        ap.outcome_rationale, ap.decided_at = why, tx.now
        created = _overturn(tx, case, ap, "external_review", why) if result == "overturned" else {}
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=ap.id, details={"outcome": result, **created})
        tx.session.flush()
        return {**to_dict(ap), **created, "case_status": str(case.status)}
