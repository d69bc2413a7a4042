"""Overlays: put one case at a task's starting point by replaying the upstream work.

An overlay is data (the ``overlay`` block of a task's ``scenario.yaml``, validated by
:class:`OverlaySpec`) and is applied by calling the **same service functions** the agents' tools
call, as the workers who would have done that work — never by writing rows directly — so every
overlaid state is one the engine itself can produce (DESIGN §4 "Overlays").

Kinds:
* ``pa_new_referral`` — the provider twin: the order sits in the chart; the scripted payer will
  adjudicate what the agent submits (``payer_mode = auto``).
* ``um_pickup`` — the payer twin: the provider side opens the case, files the documents that reached
  the payer (``payer_request`` in the service seed), answers the questionnaire and submits on the
  request's channel into the payer's intake queue (``payer_mode = queue``); then the payer's upstream
  workers take it to the pickup ``stage`` (intake → triage → nurse review → MD review → P2P).
  Finally the clock advances so that the request has waited as long as the seed says — but never
  more than half of its SLA window, so no task starts already out of compliance.
  The payer works a queue, not a single case (paper App. C.1): the same overlay also puts
  :data:`DISTRACTOR_COUNT` other in-flight requests into the payer's queues — other members and
  services, each built from its own service seed by the same service functions and left at a different
  stage (awaiting intake, awaiting triage, routed to nurse or physician review). The choice is a pure
  function of the target service, so every UM task gets its neighbours without naming them, and the
  agent must find its own case among them (the grader's mutation scope proves it touched no other).
* ``cm_referral`` — the referral waits in the CM queue.

After any overlay the world clock is later than every upstream write (monotonic).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chibench.world.apps.directory.models import Plan, Worker
from chibench.world.apps.ehr.models import Coverage, ServiceRequest
from chibench.world.apps.provider_common import coverage_active_on, in_network
from chibench.world.core import yamlio
from chibench.world.core.clock import WORLD_OPEN
from chibench.world.core.db import WorldSetting
from chibench.world.core.enums import UrgencyLevel, WorkerRole
from chibench.world.core.errors import validation_lines
from chibench.world.core.world import SYSTEM_ACTOR, World
from chibench.world.rules.adjudication import DocView, sufficiency
from chibench.world.rules.sla import sla_hours
from chibench.world.seeds.loader import SEED_ROOT, load_file
from chibench.world.seeds.schema import CMMemberFile, ServiceCaseFile

STAGES = ("intake", "triage", "nurse_review", "md_review", "p2p")

#: Other in-flight requests every ``um_pickup`` world holds besides the target (issue #17: ≥ 5).
DISTRACTOR_COUNT = 6
#: Where each distractor is left, in order: just received (awaiting intake), intake done (awaiting
#: triage), triaged into its clinical lane (nurse review, or physician review where the policy has no
#: nurse step). Distractors never pass a clinical review: that would need authored verdicts.
DISTRACTOR_STAGES: tuple[Literal["intake", "triage", "nurse_review"], ...] = (
    "intake", "triage", "nurse_review", "triage", "intake", "nurse_review")
#: How many distractors are submitted before the target (the rest arrive after it), so the target is
#: neither the oldest nor the newest request in the intake queue.
DISTRACTORS_BEFORE = 3


class OverlayError(ValueError):
    """The overlay spec is invalid or cannot be applied; nothing further was written."""


class EvidenceQuote(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    document: str = Field(description="Seed document id (chart DOC-… or payer copy DOC-…-P01)")
    quote: str = Field(description="Verbatim words from that document")


class NurseVerdict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    result: Literal["met", "not_met", "unclear"]
    evidence: list[EvidenceQuote] = Field(default_factory=list)
    note: str | None = None


class UpstreamWork(BaseModel):
    """What the workers before the pickup stage did (scenario authors state it; defaults are sane)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    intake_coordinator_id: str = "WKR-INT-01"
    request_complete: bool = True
    urgency_level: UrgencyLevel | None = Field(None, description="Default: expedited → urgent, else routine")
    nurse_id: str = "WKR-UMN-01"
    nurse_results: dict[str, NurseVerdict] = Field(
        default_factory=dict, description="criterion id → verdict (line 1); required from md_review on "
                                          "when the policy lets nurses review")
    nurse_summary: str = ("Criteria reviewed against the submitted documentation; escalated for medical "
                          "director review of the criteria recorded as not met or unclear.")
    md_id: str = "WKR-MD-01"
    md_rationale: str = "Intended adverse determination pending peer-to-peer discussion."
    md_denial_rationale: str = "The submitted documentation does not meet the policy criteria cited."
    md_citations: list[str] = Field(default_factory=list)


class OverlaySpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["pa_new_referral", "um_pickup", "cm_referral", "pa_arena"]
    service: str | None = None
    side: Literal["provider", "payer", "scripted"] | None = Field(
        None, description="pa_arena: the side the agent under test plays (the other is scripted), or "
                          "'scripted' for scripted provider vs scripted payer")
    provider_reference: list[dict[str, Any]] = Field(
        default_factory=list, description="pa_arena: the reference provider's tool calls (the referral oracle), "
                                          "replayed by the scripted provider when the payer side is played")
    opponent: Literal["scripted", "external"] = Field(
        "scripted", description="pa_arena: who plays the side the agent does not - the world's scripted staff, or "
                                "an external agent taking turns (world/apps/arena_turns.py) on its own role's endpoint")
    opponent_identities: list[str] = Field(
        default_factory=list, description="pa_arena: the workers the opponent side acts as (an external opponent "
                                          "may act only as these)")
    stage: Literal["intake", "triage", "nurse_review", "md_review", "p2p"] | None = None
    scenario_id: str | None = None
    upstream: UpstreamWork = Field(default_factory=UpstreamWork)


# --------------------------------------------------------------------------------- helpers


def set_payer_mode(world: World, mode: Literal["auto", "queue"]) -> None:
    """World configuration (not an app action): how the payer side handles provider packets."""
    with world.write(acting_as=SYSTEM_ACTOR, app="world", action="world.set_payer_mode", allow_system=True) as tx:
        row = tx.session.get(WorldSetting, "payer_mode")
        assert row is not None
        row.value = mode
        tx.log(details={"payer_mode": mode})


def advance_to(world: World, when: dt.datetime, reason: str) -> None:
    now = world.now()
    if when > now:
        world.advance(minutes=(when - now).total_seconds() / 60, reason=reason)


def _provider_actor(world: World, org_id: str, orderer_id: str) -> str:
    """The ordering org's PA coordinator, or the ordering clinician where the org has none."""
    with world.read() as s:
        coord = s.query(Worker).filter(Worker.org_id == org_id, Worker.role == WorkerRole.PA_COORDINATOR) \
            .order_by(Worker.id).first()
        return coord.id if coord else orderer_id


def _is_clinician(world: World, worker_id: str) -> bool:
    from chibench.world.rules.authority import CLINICIANS

    with world.read() as s:
        w = s.get(Worker, worker_id)
        return w is not None and w.role in CLINICIANS


def _service_seed(slug: str | None) -> ServiceCaseFile:
    if not slug:
        raise OverlayError("service: required for this overlay kind")
    path = SEED_ROOT / "services" / f"{slug}.yaml"
    if not path.exists():
        raise OverlayError(f"service: no service case '{slug}'")
    return load_file(path, ServiceCaseFile)


def _lines(seed_lines: Any) -> list[dict[str, Any]]:
    return [ln.model_dump(mode="json") for ln in seed_lines]


# --------------------------------------------------------------------------------- um pickup


@dataclass(frozen=True)
class _Ctx:
    seed: ServiceCaseFile
    case_id: str
    up: UpstreamWork
    seed_to_doc: dict[str, str]


def _submit_request(world: World, seed: ServiceCaseFile) -> tuple[str, dict[str, str]]:
    """Provider side: open the case and submit exactly what reached the payer.

    Returns the case id and a map from each seed document id to the provider document submitted.
    """
    from chibench.world.apps.document_vault import services as docs
    from chibench.world.apps.ehr import services as ehr
    from chibench.world.apps.pa_workbench import services as cases
    from chibench.world.apps.submission_portal import services as portal

    req = seed.payer_request
    with world.read() as s:
        row = s.get(ServiceRequest, seed.order.id)
        assert row is not None
        order = {"id": row.id, "lines": row.lines, "dx": list(row.diagnosis_codes), "pos": str(row.site_of_service),
                 "requested": row.requested_date, "priority": str(row.priority), "orderer": row.ordering_worker_id,
                 "org": row.org_id}
    order_id = order["id"]
    differs = (_lines(req.lines) != order["lines"] or list(req.diagnosis_codes) != order["dx"]
               or str(req.site_of_service) != order["pos"] or req.requested_start != order["requested"]
               or str(req.urgency_requested) != order["priority"])
    if differs:
        revised = ehr.revise_order(world, acting_as=order["orderer"], order_id=order_id,
                                   lines=_lines(req.lines), diagnosis_codes=list(req.diagnosis_codes),
                                   site_of_service=str(req.site_of_service), requested_date=req.requested_start.isoformat(),
                                   priority=str(req.urgency_requested),
                                   reason="order revised before submission to the payer")
        order_id = revised["id"]
    actor = _provider_actor(world, order["org"], order["orderer"])
    case_id = cases.create_from_order(world, acting_as=actor, order_id=order_id)["case"]["id"]
    requirement = cases.check_requirement(world, acting_as=actor, case_id=case_id)
    doc_ids: list[str] = []
    seed_to_doc: dict[str, str] = {}
    chart_ids = {d.id for d in seed.chart.documents}
    for did in req.submitted_document_ids:
        if did in chart_ids:
            doc_ids.append(did)
            seed_to_doc[did] = did
            continue
        d = next(x for x in req.submitted_documents if x.id == did)
        if _is_clinician(world, d.author_worker_id):
            made = ehr.author_document(world, acting_as=d.author_worker_id, patient_id=seed.patient.id,
                                       kind=str(d.kind), title=d.title, body=d.body, date=d.date.isoformat(),
                                       case_id=case_id, sign=d.signed)
        else:  # administrative documents (request forms) written by office staff
            made = docs.upload_evidence(world, acting_as=d.author_worker_id, case_id=case_id, kind=str(d.kind),
                                        title=d.title, body=d.body)
        doc_ids.append(made["id"])
        seed_to_doc[did] = made["id"]
    forms = docs.list_required_forms(world, acting_as=actor, case_id=case_id)
    form_list = forms.get("forms", []) if isinstance(forms, dict) else forms
    # Answers only travel when the plan publishes a form for these lines (none when PA is not required).
    answers = dict(req.questionnaire_answers) if form_list else {}
    if answers and str(req.channel) != "fax":
        docs.save_form_response(world, acting_as=actor, case_id=case_id, form_id=form_list[0]["form_id"],
                                answers=answers)
    bundle = docs.create_submission_bundle(world, acting_as=actor, case_id=case_id, document_ids=doc_ids,
                                           note="Prior authorization request with supporting documentation.")
    required = requirement.get("requirement_check", requirement).get("required_document_kinds", [])
    views = []
    for did in doc_ids:
        d = docs.get_document(world, acting_as=actor, document_id=did)
        views.append(DocView(d["id"], d["kind"], d["body"], bool(d.get("clinician_signed", d.get("signed")))))
    findings = []
    for kind in required:
        status, why = sufficiency(kind, views, [])
        findings.append({"kind": kind, "status": status,
                         "document_ids": [v.id for v in views if v.kind == kind] if status != "absent" else [],
                         "note": "; ".join(why) or "present in the packet"})
    cases.finalize_provider_determination(world, acting_as=actor, case_id=case_id, final_action="submit_pa",
                                         document_findings=findings,
                                         rationale="Packet assembled from the ordering clinician's records.")
    portal.submit_authorization(world, acting_as=actor, case_id=case_id, channel=str(req.channel),
                                bundle_document_id=bundle["id"],
                                questionnaire_answers=None if str(req.channel) == "edi_278" else (answers or None))
    return case_id, seed_to_doc


def _pickup_urgency(seed: ServiceCaseFile, up: UpstreamWork) -> UrgencyLevel:
    """The triage urgency upstream workers assign: stated, or expedited → urgent, else routine."""
    if up.urgency_level is not None:
        return up.urgency_level
    return UrgencyLevel.URGENT if str(seed.payer_request.urgency_requested) == "expedited" else UrgencyLevel.ROUTINE


def _intake(world: World, ctx: _Ctx) -> None:
    seed, case_id, up = ctx.seed, ctx.case_id, ctx.up
    from chibench.world.apps.intake_hub import services as intake

    actor = up.intake_coordinator_id
    with world.read() as s:
        cov = s.query(Coverage).filter(Coverage.patient_id == seed.patient.id).one()
        start = seed.payer_request.requested_start
        eligible = coverage_active_on(cov, start)
        in_net = in_network(s, cov.plan_id, seed.order.org_id)
    pol = seed.payer_policy
    dx = seed.payer_request.diagnosis_codes
    covered = pol.covered_benefit and not any(d.startswith(p) for d in dx for p in pol.excluded_diagnosis_prefixes)
    urgency = _pickup_urgency(seed, up)
    intake.save_auth_header(world, acting_as=actor, case_id=case_id, urgency_level=str(urgency),
                            urgency_requested_by="provider", request_date=seed.payer_request.received_at.date().isoformat(),
                            service_start=start.isoformat(), place_of_service=str(seed.payer_request.site_of_service),
                            member_state=seed.patient.address.state, member_eligibility_verified=True)
    intake.confirm_decisions(world, acting_as=actor, case_id=case_id, request_complete=up.request_complete,
                             member_eligible=eligible, service_covered=covered,
                             provider_network_status="in_network" if in_net else "out_of_network")


def _triage(world: World, ctx: _Ctx) -> None:
    seed, case_id, up = ctx.seed, ctx.case_id, ctx.up
    from chibench.world.apps.triage import services as triage

    actor = up.intake_coordinator_id
    urgency = _pickup_urgency(seed, up)
    lane = "nurse_review" if seed.payer_policy.allow_nurse_approval else "md_review"
    triage.set_disposition(world, acting_as=actor, case_id=case_id, urgency_level=str(urgency), disposition=lane,
                           disposition_reason="Standard clinical review per plan policy.")
    triage.route_case(world, acting_as=actor, case_id=case_id)


def _payer_copies(world: World, ctx: _Ctx) -> dict[str, str]:
    """Seed document id → the payer-side copy on this case (through the provider document submitted)."""
    from chibench.world.apps.document_vault.models import Document

    with world.read() as s:
        copies = {d.copied_from: d.id for d in s.query(Document).filter(Document.case_id == ctx.case_id,
                                                                         Document.side == "payer")}
    return {seed_id: copies[doc_id] for seed_id, doc_id in ctx.seed_to_doc.items() if doc_id in copies}


def _nurse(world: World, ctx: _Ctx) -> None:
    seed, case_id, up = ctx.seed, ctx.case_id, ctx.up
    from chibench.world.apps.nurse_review import services as nurse

    if not seed.payer_policy.allow_nurse_approval:
        return  # the policy routes straight to physician review; there is no nurse step
    if not up.nurse_results:
        raise OverlayError("upstream.nurse_results: required when the pickup stage is after nurse review")
    by_id = {c.id: c for c in seed.payer_policy.criteria}
    copies = _payer_copies(world, ctx)
    for cid, verdict in up.nurse_results.items():
        if cid not in by_id:
            raise OverlayError(f"upstream.nurse_results: unknown criterion '{cid}' (allowed: {sorted(by_id)})")
        evidence = []
        for q in verdict.evidence:
            if q.document not in copies:
                raise OverlayError(f"upstream.nurse_results.{cid}: document '{q.document}' did not reach the payer "
                                   f"(allowed: {sorted(copies)})")
            evidence.append({"document_id": copies[q.document], "quote": q.quote})
        nurse.save_criteria_evaluation(world, acting_as=up.nurse_id, case_id=case_id, line_number=1, criterion_id=cid,
                                       result=verdict.result, citation=by_id[cid].citation,
                                       note=verdict.note or f"Nurse review of {by_id[cid].citation}",
                                       evidence=evidence)
    nurse.submit_nurse_case_recommendation(world, acting_as=up.nurse_id, case_id=case_id, recommendation="escalate",
                                           clinical_summary=up.nurse_summary)


def _md_p2p(world: World, ctx: _Ctx) -> None:
    seed, case_id, up = ctx.seed, ctx.case_id, ctx.up
    from chibench.world.apps.md_review import services as md

    cites = up.md_citations or [c.citation for c in seed.payer_policy.criteria[:1]]
    md.submit_md_case_decision(world, acting_as=up.md_id, case_id=case_id, decision="p2p_review",
                               rationale=f"{up.md_rationale} {up.md_denial_rationale}", signed_off=True,
                               policy_citations=cites)


def _received_at(world: World, case_id: str) -> dt.datetime:
    from chibench.world.apps.intake_hub.models import IntakeCase

    with world.read() as s:
        intake = s.query(IntakeCase).filter(IntakeCase.case_id == case_id).one()
        return intake.received_at


def distractor_services(target: str) -> list[tuple[str, str]]:
    """The other requests in the payer's queues of a UM task on ``target``: ``[(service, stage), …]``.

    Deterministic in ``target`` alone: every other service seed whose request takes the standard review
    path (:func:`_standard_review`), ordered by sha256 of
    ``"<target>|<service>"`` (so neighbours differ from task to task), the first
    :data:`DISTRACTOR_COUNT`, with stages from :data:`DISTRACTOR_STAGES` in order.
    """
    import hashlib

    others = sorted(p.stem for p in (SEED_ROOT / "services").glob("*.yaml")
                    if p.stem != target and _standard_review(_service_seed(p.stem)))
    others.sort(key=lambda slug: hashlib.sha256(f"{target}|{slug}".encode()).hexdigest())
    return list(zip(others[:DISTRACTOR_COUNT], DISTRACTOR_STAGES, strict=False))


def _standard_review(seed: ServiceCaseFile) -> bool:
    """A request that goes the standard clinical-review way: the member covered on the start date, the
    benefit covered for its diagnoses, authorization required for a requested code at its place of service
    (so a neighbour left awaiting triage or in a clinical lane is a state the engine reaches for it)."""
    pol, req, cov = seed.payer_policy, seed.payer_request, seed.coverage
    start = req.requested_start
    active = (str(cov.status) == "active" and cov.effective_date <= start
              and (cov.termination_date is None or start <= cov.termination_date))
    excluded = any(d.startswith(p) for d in req.diagnosis_codes for p in pol.excluded_diagnosis_prefixes)
    needing = [ln.code for ln in req.lines if ln.code not in pol.pa_exempt_codes]
    return (active and pol.covered_benefit and not excluded and pol.pa_required and not pol.notification_only
            and bool(needing) and req.site_of_service not in pol.pa_exempt_sites)


def _distractor(world: World, slug: str, stage: str) -> str:
    """Submit the ``slug`` request and take it to ``stage`` as the upstream workers would; its case id."""
    seed = _service_seed(slug)
    case_id, seed_to_doc = _submit_request(world, seed)
    ctx = _Ctx(seed, case_id, UpstreamWork(), seed_to_doc)
    for step in [_intake, _triage][:STAGES.index(stage)]:
        step(world, ctx)
    return case_id


@dataclass(frozen=True)
class PlacedRequest:
    """A UM request placed at its pickup stage by :func:`place_um_request`.

    ``case_id``: the payer's case id (``intake_cases.case_id``). ``max_wait``: the longest the request may
    have waited in the payer's queues when its task starts — the seed's age at :data:`WORLD_OPEN`
    (``payer_request.received_at``), capped at half of its SLA window (``rules/sla.py`` for the triage
    urgency and the member's plan state), so no task starts out of compliance."""

    case_id: str
    max_wait: dt.timedelta


def place_um_request(world: World, spec: OverlaySpec) -> PlacedRequest:
    """Submit ``spec``'s request as its provider and take it to ``spec.stage`` as the upstream workers of
    ``spec.upstream`` would (intake → triage → nurse review → MD review), through the same service functions
    the tools call. The composition step shared by a single UM task (:func:`apply_um_pickup`, which adds
    distractors around it) and a marathon world (``world/marathon.py``, which places every case of the
    domain in one world).

    It neither sets the payer mode (the caller sets ``queue`` first: :func:`set_payer_mode`) nor advances the
    clock for the queue wait (:func:`settle_queue_wait`, once every request of the world is in).

    Raises :class:`OverlayError` for a missing ``stage`` (before any write) or an unknown service; an error
    raised part-way through the upstream work leaves the world half-changed: discard it."""
    if spec.kind != "um_pickup":
        raise OverlayError(f"kind: place_um_request places um_pickup cases (got '{spec.kind}')")
    if spec.stage is None:
        raise OverlayError(f"stage: required for um_pickup (allowed: {', '.join(STAGES)})")
    seed = _service_seed(spec.service)
    case_id, seed_to_doc = _submit_request(world, seed)
    ctx = _Ctx(seed, case_id, spec.upstream, seed_to_doc)
    for step in [_intake, _triage, _nurse, _md_p2p][:STAGES.index(spec.stage)]:
        step(world, ctx)
    urgency = _pickup_urgency(seed, spec.upstream)
    with world.read() as s:
        cov = s.query(Coverage).filter(Coverage.patient_id == seed.patient.id).one()
        plan = s.get(Plan, cov.plan_id)
        assert plan is not None
        plan_state = plan.state
    hours, _ = sla_hours(str(urgency), plan_state)
    return PlacedRequest(case_id, min(WORLD_OPEN - seed.payer_request.received_at, dt.timedelta(hours=hours / 2)))


def settle_queue_wait(world: World, placed: list[PlacedRequest], reason: str) -> dt.timedelta:
    """Advance the world clock once for the time the ``placed`` requests waited in the payer's queues.

    The clock moves by the *smallest* wait still owed to any request (its ``max_wait`` minus the time
    already passed since it was received), so none starts with more than half of its SLA window used; a
    request received early has then waited longer than one received late, as in a real queue. Nothing
    moves when at most a minute is owed (or ``placed`` is empty). Returns the advance (``timedelta``, 0 if
    none); ``reason`` is written to the clock's audit entry."""
    if not placed:
        return dt.timedelta(0)
    now = world.now()
    wait = min(p.max_wait - (now - _received_at(world, p.case_id)) for p in placed)
    if wait <= dt.timedelta(minutes=1):
        return dt.timedelta(0)
    world.advance(hours=wait.total_seconds() / 3600, reason=reason)
    return wait


def apply_um_pickup(world: World, spec: OverlaySpec) -> dict[str, Any]:
    if spec.stage is None:
        raise OverlayError(f"stage: required for um_pickup (allowed: {', '.join(STAGES)})")
    seed = _service_seed(spec.service)
    set_payer_mode(world, "queue")
    neighbours = distractor_services(seed.slug)
    others = [_distractor(world, slug, stage) for slug, stage in neighbours[:DISTRACTORS_BEFORE]]
    target = place_um_request(world, spec)
    others += [_distractor(world, slug, stage) for slug, stage in neighbours[DISTRACTORS_BEFORE:]]
    settle_queue_wait(world, [target], reason="the request waited in the payer's queue")
    return {"case_id": target.case_id, "stage": spec.stage, "other_case_ids": others}


# --------------------------------------------------------------------------------- arena


def apply_pa_arena(world: World, spec: OverlaySpec) -> dict[str, Any]:
    """χ-Bench-Arena: one PA case played end to end by a provider side and a payer side in one world.

    ``side = provider``: the agent opens the case from the order; the scripted payer works what it
    submits (``payer_mode = auto``). ``side = payer``: the scripted provider (``provider_mode = auto``)
    replays the reference provider's tool calls now — its packet lands in the payer's intake queue
    (``payer_mode = queue``) — and answers the agent's pends later. ``side = scripted``: both sides
    scripted (the arena's self-test: the reference play reaches the seed's terminal state)."""
    from chibench.world.apps.scripted_provider import replay_reference, set_provider_mode
    from chibench.world.core.identities import set_identities

    seed = _service_seed(spec.service)
    if spec.side is None:
        raise OverlayError("side: required for pa_arena (allowed: provider, payer, scripted)")
    out: dict[str, Any] = {"order_id": seed.order.id, "patient_id": seed.patient.id, "side": spec.side}
    if spec.opponent == "external":
        # Neither side scripted: packets wait in the payer's queue, pends wait for the provider; each side's
        # turn is handed over by world/apps/arena_turns.py. The provider moves first (it opens the order).
        if spec.side not in ("provider", "payer"):
            raise OverlayError("opponent: 'external' needs side provider or payer (the side the agent plays)")
        set_payer_mode(world, "queue")
        opp = "payer" if spec.side == "provider" else "provider"
        with world.write(acting_as=SYSTEM_ACTOR, app="world", action="world.set_arena_opponent",
                         allow_system=True) as tx:
            tx.session.add(WorldSetting(key="arena_opponent", value=opp))
            tx.log(details={"arena_opponent": opp})
        out["opponent"] = opp
        return out
    set_payer_mode(world, "queue" if spec.side == "payer" else "auto")
    if spec.side == "provider":
        return out
    if not spec.provider_reference:
        raise OverlayError("provider_reference: required for pa_arena when the provider side is scripted")
    set_provider_mode(world, "auto")
    actors = sorted({str(st.get("args", {}).get("acting_as")) for st in spec.provider_reference
                     if st.get("args", {}).get("acting_as")})
    set_identities(world, {"provider": actors})
    try:
        env = replay_reference(world, spec.provider_reference)
    except Exception as exc:  # noqa: BLE001 - any failure of the reference play makes the world unusable
        raise OverlayError(f"provider_reference: {exc}") from exc
    set_identities(world, {})
    out["case_id"] = env.get("case_id")
    return out


# --------------------------------------------------------------------------------- entry points


def apply_overlay(world: World, spec: OverlaySpec) -> dict[str, Any]:
    """Apply ``spec`` to ``world`` (normally a fresh base world). Returns what the task starts on."""
    if spec.kind == "um_pickup":
        return apply_um_pickup(world, spec)
    if spec.kind == "pa_arena":
        return apply_pa_arena(world, spec)
    if spec.kind == "pa_new_referral":
        seed = _service_seed(spec.service)
        set_payer_mode(world, "auto")
        return {"order_id": seed.order.id, "patient_id": seed.patient.id}
    if not spec.scenario_id:
        raise OverlayError("scenario_id: required for cm_referral")
    path = SEED_ROOT / "cm" / f"{spec.scenario_id}.yaml"
    if not path.exists():
        raise OverlayError(f"scenario_id: no CM member '{spec.scenario_id}'")
    member = load_file(path, CMMemberFile)
    return {"referral_id": member.referral.id, "patient_id": member.patient.id}


def load_spec(path: Path) -> OverlaySpec:
    """Read the ``overlay`` block of a scenario YAML (or a bare overlay document)."""
    try:
        raw = yamlio.load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise OverlayError(f"{path}: unreadable: {exc}") from exc
    block = raw.get("overlay", raw) if isinstance(raw, dict) else raw
    try:
        return OverlaySpec.model_validate(block)
    except ValidationError as exc:
        problems = "; ".join(validation_lines(exc))
        raise OverlayError(f"{path.name}: overlay: {problems}") from exc


def apply_overlay_file(world: World, path: Path) -> dict[str, Any]:
    return apply_overlay(world, load_spec(path))
