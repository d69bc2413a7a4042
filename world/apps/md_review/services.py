"""Medical-director review services: the MD workspace, per-line MD criteria evaluations and the case-level
MD decision (a handoff, never amended; only a decision that requested information is superseded by the
next decision once the case has come back under review).

Tool namespace ``review``. Actors: medical directors and appeals medical directors
(``rules.authority.PHYSICIAN_REVIEWERS``). Rule: ``rules.authority.check_md_decision`` (adverse
decisions need a rationale, ≥1 policy citation and sign-off — 42 CFR 422.566(d), NCQA UM 4/UM 7).
``p2p_review`` is the **preliminary adverse determination** (paper App. D.2): the MD's intended denial,
signed and cited, noticed to the requesting provider with the offer of a peer-to-peer discussion. The
provider then requests the P2P (``p2p_scheduler.request_p2p``, a separate later write by the requesting
office — simulated by the world when no provider agent is present), and an independent reviewer holds
it: ``original_reviewer_id`` = the deciding MD, the P2P reviewer must be someone else (29 CFR
2560.503-1(h)(3)(v) by analogy, handbook P2P chapter).
"""

from __future__ import annotations

from typing import Any

from chibench.world.apps import payer_arguments as pargs
from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.md_review.models import MdDecision
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.core import validate as v
from chibench.world.core.enums import CaseStatus
from chibench.world.core.errors import Conflict, InvalidInput
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules.authority import ADVERSE_MD_DECISIONS, PHYSICIAN_REVIEWERS, check_md_decision, require_role

APP = "md_review"
NS = "review"


def _md_case(tx: Tx, case_id: str) -> tuple[PACase, Any, MdDecision | None]:
    """Case under review with an open MD task; returns the request_info decision this one will supersede."""
    s = tx.session
    case = pq.get_case(s, case_id)
    if case.status != CaseStatus.UNDER_REVIEW:
        raise Conflict(f"case {case.id} is '{case.status}', not under review", field="case_id")
    prior = pq.active_md_decision(s, case.id)
    if prior is not None and prior.decision != "request_info":
        raise Conflict(f"MD decision {prior.id} ({prior.decision}) is submitted and cannot be amended",
                       field="case_id")
    task = pq.require_open_task(s, case.id, pq.MD_QUEUES)
    pw.claim_task(tx, task)
    return case, task, prior


def _adverse_citations(policy: PayerPolicy, cites: list[str]) -> None:
    if not any(c.split(" §")[0] == policy.handbook_policy_id for c in cites):
        raise InvalidInput(f"cite at least one section of this case's policy {policy.handbook_policy_id}",
                           field="policy_citations")


def get_md_review_data(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """MD workspace: everything in the nurse workspace plus nurse and MD evaluations, the nurse
    recommendation, MD decisions (superseded ones included) and P2P requests.
    Errors: NotFound, UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pr.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        case_id = cf.case.id
        evals = pr.rows_by_case(s, "evaluations", case_id)
        return {**pv.review_workspace_read(s, cf),
                "nurse_evaluations": [pr.EVALUATION.as_dict(e) for e in evals if e.stage == "nurse"],
                "nurse_recommendation": cf.rec_dict,
                "md_evaluations": [pr.EVALUATION.as_dict(e) for e in evals if e.stage == "md"],
                "md_decisions": [pr.MD_DECISION.as_dict(d) for d in pr.rows_by_case(s, "md_decisions", case_id)],
                "p2p_requests": [pr.P2P.as_dict(p) for p in pr.rows_by_case(s, "p2p_requests", case_id)]}


def save_md_review(world: World, *, acting_as: str, case_id: str, line_number: int, criterion_id: str, result: str,
                   citation: str, note: str, evidence: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Create or replace the MD's verdict on one criterion for one line (id ``<case>:md:L<n>:<criterion>``).
    Same arguments and checks as the nurse evaluation. Errors: InvalidInput (named field), NotFound,
    Conflict (not under review, no open MD task, MD decision submitted), UnknownActor / AuthorityError.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.save_md_review") as tx:
        require_role(tx.actor.role, PHYSICIAN_REVIEWERS, "record a medical director criteria evaluation")
        case, _, _ = _md_case(tx, case_id)
        row = pw.upsert_evaluation(tx, case, stage="md", line_number=line_number, criterion_id=criterion_id,
                                   result=result, citation=citation, evidence=evidence, note=note)
        tx.session.flush()
        return to_dict(row)


def submit_md_case_decision(world: World, *, acting_as: str, case_id: str, decision: str, rationale: str,
                            signed_off: bool = False, denial_rationale: str | None = None,
                            policy_citations: list[str] | None = None,
                            line_decisions: list[dict[str, Any]] | None = None,
                            info_requested: list[str] | None = None, info_due: str | None = None) -> dict[str, Any]:
    """Submit the MD's case-level decision: approve | deny | partial_approve | request_info | p2p_review.

    Adverse (deny, partial_approve): ``denial_rationale``, ≥1 citation ``<policy-id> §<n>`` of which one
    is this case's policy, ``signed_off=true``; partial_approve also ``line_decisions`` for every line.
    request_info: ``info_requested`` + ``info_due`` (after today UTC) → case pended (under_review →
    pended_action_required). p2p_review: the preliminary adverse determination — the same content as a
    denial (``denial_rationale``, citations, sign-off) — noticed to the provider's inbox with the P2P offer;
    the case stays under review. The requesting office then asks for the peer-to-peer
    (``p2p_scheduler.request_p2p``: status requested, original_reviewer_id = this MD, due at the SLA
    deadline) as a later write. The MD task is completed. Returns the decision (+ ``p2p_request_id`` when the
    office's request followed) and ``case_status``.
    Errors: AuthorityError (not a physician reviewer; adverse without sign-off), InvalidInput (named
    field), Conflict (decision already submitted, no open MD task, not under review), NotFound, UnknownActor.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.submit_md_case_decision") as tx:
        s = tx.session
        require_role(tx.actor.role, PHYSICIAN_REVIEWERS, "record a medical director decision")
        signed = v.boolean(signed_off, "signed_off")
        cites = pargs.citations_arg(policy_citations)
        check_md_decision(tx.actor.role, decision, signed_off=signed, denial_rationale=denial_rationale,
                          policy_citations=cites, line_decisions=line_decisions or [])
        case, task, prior = _md_case(tx, case_id)
        policy = pq.require_policy(s, case)
        why = v.text(rationale, "rationale")
        if decision in ADVERSE_MD_DECISIONS:
            _adverse_citations(policy, cites)
            denial = v.text(denial_rationale, "denial_rationale")
        elif denial_rationale:
            raise InvalidInput("denial_rationale applies only to deny or partial_approve", field="denial_rationale")
        else:
            denial = None
        if decision != "partial_approve" and line_decisions:
            raise InvalidInput("line_decisions apply only to partial_approve", field="line_decisions")
        lines = pargs.parse_line_decisions(s, case, line_decisions) if decision == "partial_approve" else []
        items, due = ([], None)
        if decision == "request_info":
            items, due = pargs.info_request_args(info_requested, info_due, tx.now)
        elif info_requested or info_due is not None:
            raise InvalidInput("info_requested / info_due apply only to request_info", field="info_requested")
        md = MdDecision(id=tx.new_id("MDD"), case_id=case.id, decision=decision, rationale=why,
                        denial_rationale=denial, policy_citations=cites, line_decisions=lines, info_requested=items,
                        info_due=due, signed_off=signed, reviewer_id=tx.actor.id, decided_at=tx.now,
                        superseded_by=None)
        s.add(md)
        if prior is not None:
            prior.superseded_by = md.id
        pw.complete_task(tx, task)
        extra: dict[str, Any] = {}
        if decision == "request_info":
            assert due is not None
            pw.pend_case(tx, case, items=items, due=due, source="medical director review")
        elif decision == "p2p_review":
            extra["preliminary_notice_id"] = _preliminary_notice(tx, case, md).id
        pw.touch(tx, case)
        tx.log(case_id=case.id, entity_id=md.id, details={"decision": decision, "signed_off": signed,
                                                          "policy_citations": cites,
                                                          "supersedes": prior.id if prior else None, **extra})
        s.flush()
        out = {**to_dict(md), **extra, "case_status": str(case.status)}
    if decision == "p2p_review":
        from chibench.world.apps.p2p_scheduler import services as p2p

        requested = p2p._simulated_office_requests(world, case_id=case.id)  # noqa: SLF001  (world-played office)
        if requested is not None:
            out["p2p_request_id"] = requested["id"]
    return out


def _preliminary_notice(tx: Tx, case: PACase, md: MdDecision) -> Any:
    """The provider's notice of the intended adverse determination and of the right to a peer-to-peer."""
    cites = ", ".join(md.policy_citations or [])
    return pw.send_provider_message(
        tx, case, kind="preliminary_adverse_determination",
        subject=f"Preliminary adverse determination - peer-to-peer available for case {case.id}",
        body=(f"The medical director intends to deny case {case.id}"
              + (f" under {cites}" if cites else "") + f": {md.denial_rationale or md.rationale} "
              "Before the determination is final, the requesting physician may ask for a peer-to-peer "
              "discussion with a physician reviewer who did not make this decision."),
        details={"md_decision_id": md.id, "policy_citations": list(md.policy_citations or [])})
