"""A small provider-side world for the provider service tests, built from the models directly.

One payer (Keystone), two provider groups (Riverbend in network, Northpoint out of network), one
Illinois commercial plan, a patient with a signed chart note and imaging report, orders governed by a
hidden payer policy whose knobs the tests turn (:class:`ProviderOptions`). Also helpers that drive a
case to ``ready_to_submit`` through the real services (``tests.support.digest`` says "nothing was written").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from chibench.world.apps.directory.models import Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import (
    Condition,
    Coverage,
    Encounter,
    Medication,
    Observation,
    Patient,
    ServiceRequest,
)
from chibench.world.apps.pa_workbench import services as wb
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.apps.submission_portal import services as sp
from chibench.world.core.db import WorldSetting
from chibench.world.core.world import SYSTEM_ACTOR, World

OPENS = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)
PAC = "WKR-PAC-01"  # PA coordinator, ORG-RMG
PCP = "WKR-PCP-01"  # physician, ORG-RMG (ordering)
NP = "WKR-NP-09"  # nurse practitioner without an NPI on file, ORG-RMG
FD = "WKR-FD-01"  # front desk, ORG-RMG
PAC_OTHER = "WKR-PAC-06"  # PA coordinator, ORG-NPC
PCP_OTHER = "WKR-PCP-08"  # physician, ORG-NPC
NURSE = "WKR-UMN-01"
MD = "WKR-MD-01"
AMD = "WKR-AMD-01"
CM = "WKR-CM-01"
PATIENT = "PAT-TST"
OTHER_PATIENT = "PAT-OTH"
ORDER = "SR-TST-001"  # standard, MRI knee, place of service 22
ORDER_EXPEDITED = "SR-TST-002"  # expedited, same patient
ORDER_NP = "SR-TST-003"  # ordered by the NP who has no NPI (EDI reject 79)
ORDER_OTHER = "SR-OTH-001"  # Northpoint order for the other patient
NOTE = "DOC-TST-001"  # signed physician chart note (mentions supervised physical therapy)
IMAGING = "DOC-TST-002"  # signed imaging report
DRAFT_LMN = "DOC-TST-003"  # unsigned draft letter of medical necessity
OTHER_NOTE = "DOC-OTH-001"
PAYER_DOC = "DOC-TST-P01"  # a payer-side document the provider must never read
POLICY_REF = "KM-MP-IMG-001"
FORM_ID = f"QNR-{POLICY_REF}"
HIDDEN_MARKER = "supervised physical therapy|home exercise program"
HIDDEN_DENY = "HIDDEN-DENY-REASON: imaging not indicated"
GOOD_ANSWERS = {"therapy_weeks": "8", "mechanical_symptoms": "yes", "laterality": "right"}
NOTE_BODY = ("Orthopedic office note. Right knee pain for 14 weeks. Completed 8 weeks of supervised physical "
             "therapy with persistent locking and catching. Exam: medial joint line tenderness, positive McMurray. "
             "Assessment: M25.561 right knee pain, suspected medial meniscal tear. Plan: MRI right knee without "
             "contrast. Electronically signed by Luis Haddad, MD.")
IMAGING_BODY = ("Radiograph report, right knee, three views. Technique: AP, lateral, sunrise. Comparison: none. "
                "Findings: mild medial joint space narrowing; no fracture or effusion. Impression: mild degenerative "
                "change; internal derangement not excluded. Signed by Luis Haddad, MD.")


@dataclass
class ProviderOptions:
    complete_outcome: str = "approve"
    pa_required: bool = True
    notification_only: bool = False
    covered_benefit: bool = True
    questionnaire: bool = True
    payer_mode: str | None = None  # None = no WorldSetting row (defaults to auto)
    coverage_ends: dt.date | None = None  # termination date of the patient's coverage
    extra_observations: int = 0  # generated BP readings for pagination tests
    extra: dict[str, Any] = field(default_factory=dict)


def _worker(id_: str, given: str, family: str, creds: str, role: str, org: str, npi: str | None = None) -> Worker:
    return Worker(id=id_, given_name=given, family_name=family, credentials=creds, role=role, org_id=org, npi=npi,
                  specialty=None, license_state="IL", email=f"{id_.lower()}@example.test", phone="312-555-0100")


def _org(id_: str, name: str, kind: str, npi: str | None = None) -> Organization:
    return Organization(id=id_, name=name, kind=kind, npi=npi, tin=None, address_line="1 Main St", city="Chicago",
                        state="IL", postal_code="60614", phone="312-555-0000", fax="312-555-0001")


def _order(id_: str, patient: str, org: str, worker: str, *, priority: str = "standard", date: dt.date,
           code: str = "73721") -> ServiceRequest:
    return ServiceRequest(id=id_, patient_id=patient, date=date, ordering_worker_id=worker, org_id=org,
                          servicing_org_id=None, service_slug="mri_knee", service_category="imaging",
                          lines=[{"system": "CPT", "code": code, "display": "MRI knee without contrast", "units": 1,
                                  "modifier": "RT"}],
                          diagnosis_codes=["M25.561"], priority=priority, site_of_service="22",
                          requested_date=dt.date(2026, 10, 20), clinical_indication="right knee pain, locking",
                          status="active", units_total=1)


def _doc(id_: str, patient: str, kind: str, body: str, author: str, *, signed: bool, side: str = "provider",
         date: dt.date = dt.date(2026, 9, 28)) -> Document:
    return Document(id=id_, patient_id=patient, case_id=None, encounter_id=None, kind=kind,
                    title=kind.replace("_", " ").title(), body=body, date=date, author_worker_id=author,
                    signed=signed, signed_by=author if signed else None,
                    signed_at=dt.datetime(2026, 9, 28, 23, 0, tzinfo=dt.UTC) if signed else None, origin="chart",
                    side=side, copied_from=None, created_at=OPENS - dt.timedelta(days=7), details={})


def build_provider_world(opts: ProviderOptions | None = None) -> World:
    o = opts or ProviderOptions()
    w = World.create(None, opens_at=OPENS)
    with w.write(acting_as=SYSTEM_ACTOR, app="builder", action="test.build", allow_system=True) as tx:
        s = tx.session
        s.add_all([_org("ORG-KMHP", "Keystone Mutual Health Plan", "payer"),
                   _org("ORG-RMG", "Riverbend Medical Group", "provider", "1538264015"),
                   _org("ORG-NPC", "Northpoint Community Clinic", "provider", "1750486031"),
                   _org("ORG-KCM", "Keystone Care Management", "care_management")])
        s.flush()
        s.add(Plan(id="PLN-IL-COM", payer_org_id="ORG-KMHP", name="Keystone Choice PPO (Illinois)",
                   line_of_business="commercial", product="ppo", state="IL", gold_card_program=False))
        s.flush()
        s.add(PlanNetwork(id="PLN-IL-COM:ORG-RMG", plan_id="PLN-IL-COM", org_id="ORG-RMG"))
        s.add_all([
            _worker(PAC, "Nathan", "Bianchi", "CPAR", "pa_coordinator", "ORG-RMG"),
            _worker(PCP, "Luis", "Haddad", "MD", "physician", "ORG-RMG", "1700025947"),
            _worker(NP, "Hannah", "Stroud", "APRN", "nurse_practitioner", "ORG-RMG", None),
            _worker(FD, "Desmond", "Quarles", "", "front_desk", "ORG-RMG"),
            _worker(PAC_OTHER, "Elena", "Estrada", "CPAR", "pa_coordinator", "ORG-NPC"),
            _worker(PCP_OTHER, "Laura", "Valdez", "MD", "physician", "ORG-NPC", "1146517358"),
            _worker(NURSE, "Tamara", "Gallagher", "RN", "um_nurse", "ORG-KMHP"),
            _worker(MD, "Rosa", "Underwood", "MD", "medical_director", "ORG-KMHP", "1705449936"),
            _worker(AMD, "Denise", "Coleman", "MD", "appeals_medical_director", "ORG-KMHP", "1669162079"),
            # the scripted payer's staff (provider tasks: they work what the provider submits)
            _worker("WKR-INT-01", "Sofia", "Rios", "CPC", "intake_coordinator", "ORG-KMHP"),
            _worker("WKR-MD-02", "Laura", "Tate", "MD", "medical_director", "ORG-KMHP", "1111992057"),
            _worker(CM, "Caleb", "Engstrom", "RN", "care_manager", "ORG-KCM")])
        s.flush()
        for pid, given, family, pcp in ((PATIENT, "Ada", "Testwell", PCP), (OTHER_PATIENT, "Omar", "Khalil", PCP_OTHER)):
            s.add(Patient(id=pid, given_name=given, family_name=family, birth_date=dt.date(1970, 3, 4), sex="female",
                          address_line="1 Main St", city="Chicago", state="IL", postal_code="60614",
                          phone="312-555-0199", preferred_language="English", pcp_worker_id=pcp, domain="service"))
        s.flush()
        s.add_all([
            Coverage(id="COV-TST", patient_id=PATIENT, plan_id="PLN-IL-COM", member_id="KMH100000001",
                     group_number="G1", status="active", effective_date=dt.date(2025, 1, 1),
                     termination_date=o.coverage_ends),
            Coverage(id="COV-OTH", patient_id=OTHER_PATIENT, plan_id="PLN-IL-COM", member_id="KMH100000002",
                     group_number="G1", status="active", effective_date=dt.date(2025, 1, 1), termination_date=None),
            Encounter(id="ENC-TST-001", patient_id=PATIENT, date=dt.date(2026, 9, 28), type="office",
                      provider_worker_id=PCP, org_id="ORG-RMG", reason="right knee pain", generated=False),
            Condition(id="CND-TST-01", patient_id=PATIENT, code="M25.561", display="Pain in right knee",
                      onset=dt.date(2026, 6, 1), status="active", abatement=None, note=None),
            Medication(id="MED-TST-01", patient_id=PATIENT, name="naproxen 500 mg tablet", rxnorm=None, dose="500 mg",
                       route="oral", frequency="twice daily", start=dt.date(2026, 6, 15), end=None, status="active",
                       prescriber_worker_id=PCP, note=None),
            _order(ORDER, PATIENT, "ORG-RMG", PCP, date=dt.date(2026, 10, 1)),
            _order(ORDER_EXPEDITED, PATIENT, "ORG-RMG", PCP, priority="expedited", date=dt.date(2026, 10, 2),
                   code="73722"),
            _order(ORDER_NP, PATIENT, "ORG-RMG", NP, date=dt.date(2026, 9, 30)),
            _order(ORDER_OTHER, OTHER_PATIENT, "ORG-NPC", PCP_OTHER, date=dt.date(2026, 10, 1)),
        ])
        s.flush()
        s.add_all([
            _doc(NOTE, PATIENT, "chart_note", NOTE_BODY, PCP, signed=True),
            _doc(IMAGING, PATIENT, "imaging_report", IMAGING_BODY, PCP, signed=True),
            _doc(DRAFT_LMN, PATIENT, "letter_of_medical_necessity",
                 "Draft letter of medical necessity for MRI of the right knee, prepared for signature.", PAC,
                 signed=False),
            _doc(OTHER_NOTE, OTHER_PATIENT, "chart_note", NOTE_BODY, PCP_OTHER, signed=True),
            _doc(PAYER_DOC, PATIENT, "chart_note", "payer copy " + NOTE_BODY, PCP, signed=True, side="payer"),
        ])
        for i in range(o.extra_observations):
            day = dt.date(2023, 1, 1) + dt.timedelta(days=i % 1300)
            s.add(Observation(id=f"OBS-TST-{i:05d}", patient_id=PATIENT, encounter_id=None,
                              loinc=("8480-6", "8462-4", "4548-4", "39156-5")[i % 4], display="generated reading",
                              date=day, value_num=float(100 + i % 50), value_text=None, unit="mm[Hg]",
                              reference_range="<130", interpretation=None))
        questionnaire = [
            {"key": "therapy_weeks", "text": "Weeks of supervised therapy completed", "answer_type": "number",
             "choices": None, "required": True},
            {"key": "mechanical_symptoms", "text": "Locking or catching documented?", "answer_type": "boolean",
             "choices": None, "required": True},
            {"key": "laterality", "text": "Which knee?", "answer_type": "choice",
             "choices": ["left", "right", "bilateral"], "required": True},
        ] if o.questionnaire else []
        s.add(PayerPolicy(id="HPOL-TST", plan_id="PLN-IL-COM", service_slug="mri_knee", service_category="imaging",
                          handbook_policy_id=POLICY_REF, codes=["73721", "73722"], pa_required=o.pa_required,
                          pa_exempt_codes=[], pa_exempt_sites=[], notification_only=o.notification_only,
                          covered_benefit=o.covered_benefit, excluded_diagnosis_prefixes=[],
                          review_program="standard_um", gold_card_eligible_category=False,
                          required_document_kinds=["chart_note", "imaging_report"],
                          evidence_requirements=[{"kind": "chart_note", "must_mention": [HIDDEN_MARKER],
                                                  "description": "the chart note documents a trial of supervised "
                                                                 "physical therapy"}],
                          questionnaire=questionnaire, required_diagnosis_prefixes=["M25", "M23"],
                          allow_nurse_approval=True, complete_outcome=o.complete_outcome, deny_reason=HIDDEN_DENY,
                          pend_reason="the medical director needs the operative plan", p2p_reason="criteria unclear"))
        s.flush()
        s.add(PolicyCriterion(id="HPOL-TST:C1", policy_id="HPOL-TST", criterion_id="C1",
                              text="Six weeks of supervised therapy without relief", citation=f"{POLICY_REF} §3.1",
                              threshold="6 weeks", ordinal=1))
        if o.payer_mode is not None:
            s.add(WorldSetting(key="payer_mode", value=o.payer_mode))
    return w


def open_checked(w: World, order: str = ORDER, actor: str = PAC) -> str:
    """create_from_order + check_requirement → the case id (requirement_checked)."""
    case_id = wb.create_from_order(w, acting_as=actor, order_id=order)["case"]["id"]
    wb.check_requirement(w, acting_as=actor, case_id=case_id)
    return case_id


def sufficient_findings(note: str = NOTE, imaging: str = IMAGING) -> list[dict[str, Any]]:
    return [{"kind": "chart_note", "status": "present_sufficient", "document_ids": [note], "note": ""},
            {"kind": "imaging_report", "status": "present_sufficient", "document_ids": [imaging], "note": ""}]


def ready_case(w: World, *, order: str = ORDER, document_ids: list[str] | None = None,
               answers: dict[str, Any] | None = None, findings: list[dict[str, Any]] | None = None
               ) -> tuple[str, str]:
    """Drive a case to ready_to_submit with a bundle (and saved answers); returns (case_id, bundle_id)."""
    case_id = open_checked(w, order)
    forms = docs.list_required_forms(w, acting_as=PAC, case_id=case_id)
    if forms:
        docs.save_form_response(w, acting_as=PAC, case_id=case_id, form_id=forms[0]["form_id"],
                                answers=GOOD_ANSWERS if answers is None else answers)
    bundle = docs.create_submission_bundle(w, acting_as=PAC, case_id=case_id,
                                           document_ids=document_ids or [NOTE, IMAGING])["id"]
    wb.finalize_provider_determination(w, acting_as=PAC, case_id=case_id, final_action="submit_pa",
                                       document_findings=findings or sufficient_findings(),
                                       rationale="all required kinds present and signed")
    return case_id, bundle


def case_row(world: World, case_id: str) -> PACase:
    """The case row, detached so its loaded values outlive the read."""
    with world.read() as s:
        c = s.get(PACase, case_id)
        assert c is not None
        s.expunge(c)  # keep the loaded values after the read session rolls back
        return c


def submit(world: World, case_id: str, bundle: str, channel: str = "portal", **kw: Any) -> dict[str, Any]:
    """The coordinator ``PAC`` submits ``bundle`` for the case on ``channel`` (``kw``: further submit keywords)."""
    return sp.submit_authorization(world, acting_as=PAC, case_id=case_id, channel=channel, bundle_document_id=bundle,
                                   **kw)
