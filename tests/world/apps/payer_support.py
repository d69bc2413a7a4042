"""A small, self-contained payer world for the payer service tests, and helpers that drive a case
through the UM stages with the real services.

Built with the models directly (one payer, two provider groups, one plan, every payer role, one PA
case in ``submitted`` with payer-side document copies, plus a second case whose documents must never
be usable on the first). The lead will switch these fixtures to ``chibench.world.build`` overlays.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import select

from chibench.world.apps import payer_queries as pq
from chibench.world.apps.determination import services as det
from chibench.world.apps.directory.models import GoldCard, Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Patient, ServiceRequest
from chibench.world.apps.intake_hub import services as intake
from chibench.world.apps.md_review import services as md
from chibench.world.apps.nurse_review import services as nurse
from chibench.world.apps.nurse_review.models import ReviewTask
from chibench.world.apps.pa_workbench.models import PACase, PALine
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.apps.triage import services as triage
from chibench.world.core.errors import DomainError
from chibench.world.core.world import SYSTEM_ACTOR, World, memory_engine, to_bytes

E = TypeVar("E", bound=BaseException)

INTAKE = "WKR-INT-01"
INTAKE2 = "WKR-INT-02"
NURSE = "WKR-UMN-01"
NURSE2 = "WKR-UMN-02"
MD1 = "WKR-MD-01"
MD2 = "WKR-MD-02"
MD3 = "WKR-MD-03"
AMD1 = "WKR-AMD-01"
AMD2 = "WKR-AMD-02"
ERC = "WKR-ERC-01"
PCP = "WKR-PCP-01"  # requesting physician, ORG-RMG
PCP_NPI = "1700025947"
PCP2 = "WKR-PCP-02"
PCP2_NPI = "1765192624"
PAC = "WKR-PAC-01"  # PA coordinator at ORG-RMG
PAC_OTHER = "WKR-PAC-06"  # PA coordinator at another group
CM = "WKR-CM-01"
CASE = "CASE-TST"
OTHER_CASE = "CASE-OTH"
POLICY_ID = "KM-MP-IMG-001"
C1_CITE = f"{POLICY_ID} §3.1"
C2_CITE = f"{POLICY_ID} §3.2"
DOC_NOTE = "DOC-TST-P01"
DOC_IMG = "DOC-TST-P02"
DOC_PROVIDER = "DOC-TST-001"
DOC_OTHER = "DOC-OTH-P01"
NOTE_BODY = ("Chart note. Right knee pain for 14 weeks despite 8 weeks of supervised physical therapy and "
             "naproxen 500 mg twice daily. Exam: medial joint line tenderness, positive McMurray test. "
             "Plan: MRI right knee without contrast to evaluate for meniscal tear.")
IMG_BODY = ("Radiograph report, right knee, three views. Findings: mild medial joint space narrowing, no fracture. "
            "Impression: mild degenerative change; internal derangement not excluded.")
QUOTE = "despite 8 weeks of supervised physical therapy"  # a passage of NOTE_BODY
OPENS = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)
RECEIVED = dt.datetime(2026, 10, 5, 13, 0, tzinfo=dt.UTC)
REQUESTED_START = dt.date(2026, 10, 20)


@dataclass
class Options:
    lines: int = 1
    allow_nurse_approval: bool = True
    gold_card: bool = False  # requesting physician holds an active imaging gold card
    gold_card_category: bool = True  # policy category is gold-card eligible
    pa_required: bool = True
    notification_only: bool = False
    line_of_business: str = "commercial"
    extra: dict[str, Any] = field(default_factory=dict)


def _worker(id_: str, given: str, family: str, creds: str, role: str, org: str, npi: str | None = None) -> Worker:
    return Worker(id=id_, given_name=given, family_name=family, credentials=creds, role=role, org_id=org, npi=npi,
                  specialty=None, license_state="IL", email=f"{id_.lower()}@example.test", phone="800-555-0100")


def _doc(id_: str, case_id: str | None, patient: str, kind: str, body: str, side: str, author: str,
         copied_from: str | None = None) -> Document:
    return Document(id=id_, patient_id=patient, case_id=case_id, encounter_id=None, kind=kind, title=kind.replace("_", " "),
                    body=body, date=dt.date(2026, 9, 30), author_worker_id=author, signed=True, signed_by=author,
                    signed_at=OPENS - dt.timedelta(days=5), origin="chart", side=side, copied_from=copied_from,
                    created_at=RECEIVED, details={})


def _case_rows(case_id: str, patient: str, member_id: str, order: str, lines: int) -> list[Any]:
    rows: list[Any] = [
        Patient(id=patient, given_name="Ada", family_name="Testwell" if case_id == CASE else "Other",
                birth_date=dt.date(1970, 3, 4), sex="female", address_line="1 Main St", city="Chicago", state="IL",
                postal_code="60614", phone="312-555-0199", preferred_language="English", pcp_worker_id=PCP,
                domain="service"),
        Coverage(id=f"COV-{patient}", patient_id=patient, plan_id="PLN-IL-COM", member_id=member_id,
                 group_number="G100", status="active", effective_date=dt.date(2026, 1, 1), termination_date=None),
        ServiceRequest(id=order, patient_id=patient, date=dt.date(2026, 10, 1), ordering_worker_id=PCP,
                       org_id="ORG-RMG", servicing_org_id=None, service_slug="mri_knee", service_category="imaging",
                       lines=[{"system": "CPT", "code": "73721", "display": "MRI knee without contrast", "units": 1}],
                       diagnosis_codes=["M25.561"], priority="standard", site_of_service="22",
                       requested_date=REQUESTED_START, clinical_indication="knee pain", status="active", units_total=1),
        PACase(id=case_id, patient_id=patient, order_id=order, coverage_id=f"COV-{patient}", plan_id="PLN-IL-COM",
               requesting_worker_id=PCP, status="submitted", urgency="standard", site_of_service="22",
               diagnosis_codes=["M25.561"], requested_start=REQUESTED_START, created_by=PAC,
               created_at=OPENS - dt.timedelta(days=2), updated_at=RECEIVED, submission_channel="portal",
               submitted_at=RECEIVED),
    ]
    codes = [("73721", "MRI right knee without contrast", 1), ("73722", "MRI right knee with contrast", 2)]
    for n, (code, display, units) in enumerate(codes[:lines], 1):
        rows.append(PALine(id=f"{case_id}-L{n}", case_id=case_id, line_number=n, system="CPT", code=code,
                           display=display, units=units, modifier=None))
    return rows


_TEMPLATES: dict[str, bytes] = {}


def _copy(data: bytes) -> World:
    return World(None, _engine=memory_engine(data))


def _cached(key: str, make: Any) -> World:
    """Build once with ``make`` (real services), then hand out byte-identical clones."""
    if key not in _TEMPLATES:
        template = make()
        _TEMPLATES[key] = to_bytes(template)
        template.close()
    return _copy(_TEMPLATES[key])


def build_payer_world(opts: Options | None = None) -> World:
    """An in-memory world with one submitted PA case (``CASE``) ready for payer intake.

    Each option set is built once with the models and then cloned (SQLite serialize/deserialize),
    so every test starts from identical bytes in a few milliseconds.
    """
    o = opts or Options()
    return _cached(f"base:{o!r}", lambda: _build(o))


def _build(o: Options) -> World:
    w = World.create(None, opens_at=OPENS)
    with w.write(acting_as=SYSTEM_ACTOR, app="builder", action="test.build", allow_system=True) as tx:
        s = tx.session
        s.add_all([
            Organization(id="ORG-KMHP", name="Keystone Mutual Health Plan", kind="payer", npi=None, tin=None,
                         address_line="1 Plan Way", city="Harrisburg", state="PA", postal_code="17101",
                         phone="800-555-0000", fax=None),
            Organization(id="ORG-RMG", name="Riverbend Medical Group", kind="provider", npi="1538264015", tin=None,
                         address_line="2200 N Lakeview", city="Chicago", state="IL", postal_code="60614",
                         phone="312-555-0140", fax="312-555-0141"),
            Organization(id="ORG-NPC", name="Northpoint Community Clinic", kind="provider", npi="1750486031", tin=None,
                         address_line="4100 W Peterson", city="Chicago", state="IL", postal_code="60646",
                         phone="773-555-0122", fax=None)])
        s.flush()
        s.add(Plan(id="PLN-IL-COM", payer_org_id="ORG-KMHP", name="Keystone Choice PPO (IL)",
                   line_of_business=o.line_of_business, product="ppo", state="IL", gold_card_program=True))
        s.flush()
        s.add(PlanNetwork(id="PLN-IL-COM:ORG-RMG", plan_id="PLN-IL-COM", org_id="ORG-RMG"))
        s.add_all([
            _worker(INTAKE, "Sofia", "Rios", "CPC", "intake_coordinator", "ORG-KMHP"),
            _worker(INTAKE2, "Oscar", "Bianchi", "CPC", "intake_coordinator", "ORG-KMHP"),
            _worker(NURSE, "Tamara", "Gallagher", "RN, CCM", "um_nurse", "ORG-KMHP"),
            _worker(NURSE2, "Isaac", "Adeyemi", "RN, CCM", "um_nurse", "ORG-KMHP"),
            _worker(MD1, "Rosa", "Underwood", "MD", "medical_director", "ORG-KMHP", "1705449936"),
            _worker(MD2, "Laura", "Tate", "MD", "medical_director", "ORG-KMHP", "1111992057"),
            _worker(MD3, "Lucia", "Haddad", "MD", "medical_director", "ORG-KMHP", "1865251478"),
            _worker(AMD1, "Denise", "Coleman", "MD", "appeals_medical_director", "ORG-KMHP", "1669162079"),
            _worker(AMD2, "Arjun", "Wexler", "MD", "appeals_medical_director", "ORG-KMHP", "1666407923"),
            _worker(ERC, "Marcus", "Oduya", "RN", "external_review_coordinator", "ORG-KMHP"),
            _worker(PCP, "Luis", "Haddad", "MD", "physician", "ORG-RMG", PCP_NPI),
            _worker(PCP2, "Daniel", "Mbeki", "MD", "physician", "ORG-RMG", PCP2_NPI),
            _worker(PAC, "Nathan", "Bianchi", "CPAR", "pa_coordinator", "ORG-RMG"),
            _worker(PAC_OTHER, "Elena", "Estrada", "CPAR", "pa_coordinator", "ORG-NPC"),
            _worker(CM, "Caleb", "Engstrom", "RN, CCM", "care_manager", "ORG-KMHP")])
        s.flush()
        if o.gold_card:
            s.add(GoldCard(id="GC-PCP-01", worker_id=PCP, npi=PCP_NPI, plan_id="PLN-IL-COM",
                           service_category="imaging", approval_rate_pct=97.5, granted_on=dt.date(2026, 1, 1),
                           expires_on=dt.date(2026, 12, 31)))
        s.add(PayerPolicy(id="HPOL-TST", plan_id="PLN-IL-COM", service_slug="mri_knee", service_category="imaging",
                          handbook_policy_id=POLICY_ID, codes=["73721", "73722"], pa_required=o.pa_required,
                          pa_exempt_codes=[], pa_exempt_sites=[], notification_only=o.notification_only,
                          covered_benefit=True, excluded_diagnosis_prefixes=[], review_program="standard_um",
                          gold_card_eligible_category=o.gold_card_category,
                          required_document_kinds=["chart_note"], evidence_requirements=[], questionnaire=[],
                          required_diagnosis_prefixes=["M25"], allow_nurse_approval=o.allow_nurse_approval,
                          complete_outcome="approve"))
        s.flush()
        s.add_all([PolicyCriterion(id="HPOL-TST:C1", policy_id="HPOL-TST", criterion_id="C1",
                                   text="Knee pain for at least 6 weeks despite conservative therapy",
                                   citation=C1_CITE, threshold=">= 6 weeks", ordinal=1),
                   PolicyCriterion(id="HPOL-TST:C2", policy_id="HPOL-TST", criterion_id="C2",
                                   text="Exam findings suggesting internal derangement", citation=C2_CITE,
                                   threshold=None, ordinal=2)])
        for row in _case_rows(CASE, "PAT-TST", "KMH100000001", "SR-TST-001", o.lines):
            s.add(row)
            s.flush()
        for row in _case_rows(OTHER_CASE, "PAT-OTH", "KMH100000002", "SR-OTH-001", 1):
            s.add(row)
            s.flush()
        s.add_all([_doc(DOC_PROVIDER, CASE, "PAT-TST", "chart_note", NOTE_BODY, "provider", PCP),
                   _doc(DOC_NOTE, CASE, "PAT-TST", "chart_note", NOTE_BODY, "payer", PCP, DOC_PROVIDER),
                   _doc(DOC_IMG, None, "PAT-TST", "imaging_report", IMG_BODY, "payer", PCP),
                   _doc(DOC_OTHER, OTHER_CASE, "PAT-OTH", "chart_note", NOTE_BODY, "payer", PCP)])
        s.flush()
        s.add(SubmissionPacket(id="PKT-TST-1", case_id=CASE, sequence=1, channel="portal", bundle_document_id=None,
                               document_ids=[DOC_PROVIDER], payer_document_ids=[DOC_NOTE, DOC_IMG],
                               questionnaire_answers={"conservative_therapy_weeks": "8"}, structured={}, note=None,
                               submitted_by=PAC, submitted_at=RECEIVED, payer_reply="queued", payer_reply_detail={}))
    return w


def do_intake(w: World, *, case_id: str = CASE, npi: str = PCP_NPI, eligible: bool = True, covered: bool = True,
              complete: bool = True, urgency: str = "routine") -> dict[str, Any]:
    intake.create_intake_case(w, acting_as=INTAKE, case_id=case_id, auth_type="op")
    intake.save_auth_header(w, acting_as=INTAKE, case_id=case_id, urgency_level=urgency, service_start="2026-10-20",
                            place_of_service="22", member_state="IL", request_date="2026-10-05")
    intake.save_diagnoses(w, acting_as=INTAKE, case_id=case_id, diagnoses=[{"code": "M25.561", "is_primary": True}])
    intake.save_requesting_provider(w, acting_as=INTAKE, case_id=case_id, npi=npi, name="Luis Haddad, MD")
    with w.read() as s:
        lines = pq.case_lines(s, case_id)
        specs = [(ln.code, ln.display, ln.units) for ln in lines]
    for code, display, units in specs:
        intake.add_line_item(w, acting_as=INTAKE, case_id=case_id, system="CPT", code=code, display=display,
                             units=units)
    extra = {} if complete else {"missing_information": ["letter of medical necessity"], "info_due": "2026-10-12"}
    return intake.confirm_decisions(w, acting_as=INTAKE, case_id=case_id, request_complete=complete,
                                    member_eligible=eligible, service_covered=covered,
                                    provider_network_status="in_network", **extra)


def do_triage(w: World, *, lane: str = "nurse_review", case_id: str = CASE, urgency: str = "routine",
              route: bool = True) -> dict[str, Any]:
    out = triage.set_disposition(w, acting_as=INTAKE, case_id=case_id, urgency_level=urgency, disposition=lane,
                                 disposition_reason="standard clinical review per policy")
    if route:
        out = triage.route_case(w, acting_as=INTAKE, case_id=case_id)
    return out


def evaluate(w: World, actor: str = NURSE, *, stage: str = "nurse", result: str = "met", line: int = 1,
             criterion: str = "C1") -> dict[str, Any]:
    fn = nurse.save_criteria_evaluation if stage == "nurse" else md.save_md_review
    ev = [{"document_id": DOC_NOTE, "quote": QUOTE}] if result == "met" else []
    return fn(w, acting_as=actor, case_id=CASE, line_number=line, criterion_id=criterion, result=result,
              citation=C1_CITE if criterion == "C1" else C2_CITE, note="reviewed", evidence=ev)


def to_nurse_review(opts: Options | None = None) -> World:
    """Intake → triage → routed to nurse review; a nurse_review task is queued."""
    def make() -> World:
        w = build_payer_world(opts)
        do_intake(w)
        do_triage(w)
        return w
    return _cached(f"nurse:{opts or Options()!r}", make)


def to_md_review(opts: Options | None = None) -> World:
    """Intake → triage (nurse lane) → nurse escalates; an md_review task is queued."""
    def make() -> World:
        w = to_nurse_review(opts)
        evaluate(w, result="not_met")
        nurse.submit_nurse_case_recommendation(w, acting_as=NURSE, case_id=CASE, recommendation="escalate",
                                               clinical_summary="criteria unclear; physician review needed")
        return w
    return _cached(f"md:{opts or Options()!r}", make)


def md_deny(w: World, actor: str = MD1) -> dict[str, Any]:
    return md.submit_md_case_decision(w, acting_as=actor, case_id=CASE, decision="deny", rationale="criteria not met",
                                      denial_rationale="conservative therapy not documented for 6 weeks",
                                      policy_citations=[C1_CITE], signed_off=True)


def force_status(w: World, case_id: str, status: str) -> None:
    """Test-only: move a case as another party would (e.g. the provider's pend response → resubmitted)."""
    from chibench.world.core import machines

    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.force_status", allow_system=True) as tx:
        case = tx.session.get(PACase, case_id)
        tx.transition(machines.PA_CASE, case, status, case_id=case_id, reason="test")


def set_payer_mode(w: World, mode: str) -> None:
    """World configuration: ``queue`` — the payer's staff are the caller (nobody decides appeals or works
    packets on their own); ``auto`` (the default without the setting) — the scripted payer and its appeals
    desk do."""
    from chibench.world.core.db import WorldSetting

    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.set_payer_mode", allow_system=True) as tx:
        row = tx.session.get(WorldSetting, "payer_mode")
        if row is None:
            tx.session.add(WorldSetting(key="payer_mode", value=mode))
        else:
            row.value = mode


def set_appeal_outcomes(w: World, internal: str, external: str = "upheld") -> None:
    """Test-only: the hidden policy's appeal outcomes (authored per service seed in a built world)."""
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.set_appeal_outcomes", allow_system=True) as tx:
        pol = tx.session.get(PayerPolicy, "HPOL-TST")
        assert pol is not None
        pol.appeal_outcome, pol.external_appeal_outcome = internal, external


def nurse_approved(opts: Options | None = None) -> World:
    """:func:`to_nurse_review`, C1 evaluated met and the nurse recommends approval (nothing finalized)."""
    w = to_nurse_review(opts)
    evaluate(w)
    nurse.submit_nurse_case_recommendation(w, acting_as=NURSE, case_id=CASE, recommendation="approve",
                                           clinical_summary="met")
    return w


def approved(opts: Options | None = None) -> World:
    """:func:`nurse_approved`, then the nurse finalizes her approval (case ``approved``)."""
    w = nurse_approved(opts)
    det.finalize(w, acting_as=NURSE, case_id=CASE, decision="approved")
    return w


def denied(opts: Options | None = None, denier: str = MD1, *, payer_mode: str | None = None) -> World:
    """:func:`to_md_review`, the medical director ``denier`` denies and finalizes the denial (case ``denied``).
    ``payer_mode`` (see :func:`set_payer_mode`) is set before the denial when given."""
    w = to_md_review(opts)
    if payer_mode is not None:
        set_payer_mode(w, payer_mode)
    md_deny(w, denier)
    det.finalize(w, acting_as=denier, case_id=CASE, decision="denied", rationale="not met",
                 policy_citations=[C1_CITE])
    return w


def case_status(w: World, case_id: str = CASE) -> str:
    """The PA case's status, read outside any service."""
    with w.read() as s:
        case = s.get(PACase, case_id)
        assert case is not None, case_id
        return str(case.status)


def tasks(w: World) -> list[tuple[str, str, str | None]]:
    """Every review task as ``(queue, status, assigned_to)``, oldest first."""
    with w.read() as s:
        return [(t.queue, t.status, t.assigned_to) for t in s.scalars(select(ReviewTask).order_by(ReviewTask.id))]


def preflight_step(err: DomainError) -> str:
    """The preflight step (``P1``…``P12``) a :class:`PreflightFailed` names."""
    return str(err.details["step"])


#: A physician's denial as ``det.finalize`` keywords: rationale and this policy's C1 citation.
DENY = {"decision": "denied", "rationale": "six weeks of conservative therapy not documented",
        "policy_citations": [C1_CITE]}


def evaluation(**kw: Any) -> dict[str, Any]:
    """``save_criteria_evaluation``/``save_md_review`` keywords for C1 met on line 1, quoting the chart note;
    ``kw`` overrides any of them."""
    args = {"case_id": CASE, "line_number": 1, "criterion_id": "C1", "result": "met", "citation": C1_CITE,
            "note": "documented", "evidence": [{"document_id": DOC_NOTE, "quote": QUOTE}]}
    return {**args, **kw}


# Letter content an author writes for CASE: the structured fields and a body that states each of them.
AUTH = "AUTH-CASE-TST-0001"
COMMON = {"member_name": "Ada Testwell", "member_id": "KMH100000001", "case_reference": CASE,
          "service_description": "MRI of the right knee without contrast", "service_codes": ["73721"],
          "plan_name": "Keystone Choice PPO (IL)", "letter_date": "2026-10-05"}
APPROVAL = {**COMMON, "signer_name": "Tamara Gallagher", "signer_credentials": "RN, CCM", "authorization_number": AUTH,
            "approved_lines": [{"line_number": 1, "code": "73721", "units": 1}], "valid_from": "2026-10-20",
            "valid_to": "2027-01-18"}
APPROVAL_BODY = (f"Dear Dr. Haddad,\n\nKeystone Mutual has approved the MRI of the right knee (CPT 73721, 1 unit) for "
                 f"member Ada Testwell, member ID KMH100000001, case {CASE}. Authorization number {AUTH} is valid "
                 "from 2026-10-20 through 2027-01-18. Please reference it on the claim.\n\nTamara Gallagher, RN, CCM")
DENIAL = {**COMMON, "signer_name": "Rosa Underwood", "signer_credentials": "MD",
          "criteria_not_met": ["six weeks of conservative therapy are not documented"],
          "policy_citations": [C1_CITE], "appeal_rights": "You may request an internal appeal.",
          "appeal_deadline_days": "180", "external_review_rights": "You may request external review by an IRO.",
          "peer_to_peer_offer": "Call 800-555-0100 to discuss with a medical director.",
          "criteria_access": "The criteria used are available free of charge on request."}
DENIAL_BODY = (f"Member Ada Testwell, member ID KMH100000001, case {CASE}: the request for MRI of the right knee "
               f"(CPT 73721) is denied because six weeks of conservative therapy are not documented ({C1_CITE}). "
               "You may appeal within 180 days; external review by an IRO is available; a peer-to-peer discussion "
               "is offered; the criteria are available on request.\n\nRosa Underwood, MD")
PEND = {**COMMON, "signer_name": "Sofia Rios", "signer_credentials": "CPC",
        "missing_items": ["letter of medical necessity"], "response_due": "2026-10-12",
        "submission_instructions": "Upload through the provider portal."}
PEND_BODY = (f"Member ID KMH100000001, case {CASE}. To complete review of the knee MRI request we need a letter of "
             "medical necessity signed by the ordering physician. Please respond by 2026-10-12 through the provider "
             "portal, or the request may be closed without a decision.\n\nSofia Rios, CPC")

