"""A small care-management world for the CM service tests, built from the models directly.

Keystone Care Management (``ORG-KCM``) with a care manager, a supervisor and a social worker; a
payer-side care manager at another organization (must be refused); two members with referrals;
a short chart. Outreach rows (the outreach conversation services belong to another issue) are
written directly by :func:`record_outreach` — test support only.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from chibench.world.apps.cm_chart import services as chart
from chibench.world.apps.cm_outreach.models import OutreachRecord, OutreachSession
from chibench.world.apps.cm_referral import services as referral
from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.apps.directory.models import Organization, Plan, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Condition, Coverage, Encounter, Medication, Observation, Patient
from chibench.world.core import machines
from chibench.world.core.db import StateTransition
from chibench.world.core.enums import CMCaseStatus, OutreachStatus
from chibench.world.core.world import SYSTEM_ACTOR, World

OPENS = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)
CM = "WKR-CM-01"
SUP = "WKR-CMS-01"
SW = "WKR-SW-01"  # social worker at KCM: not a care manager
CM_ELSEWHERE = "WKR-CM-99"  # care manager employed by the payer, not by KCM
PCP = "WKR-PCP-07"
MEMBER = "CMP-01"
MEMBER2 = "CMP-02"
REF = "REF-CM01"
REF2 = "REF-CM02"
ENC = "ENC-CM01-001"
COND = "CND-CM01-01"
OBS = "OBS-CM01-0001"
DOC = "DOC-CM01-001"
OTHER_MEMBER_DOC = "DOC-CM02-001"


def _worker(id_: str, role: str, org: str, npi: str | None = None) -> Worker:
    return Worker(id=id_, given_name=id_.split("-")[1].title(), family_name="Tester", credentials="RN", role=role,
                  org_id=org, npi=npi, specialty=None, license_state="OH", email=f"{id_.lower()}@example.test",
                  phone="800-555-0200")


def _org(id_: str, kind: str) -> Organization:
    return Organization(id=id_, name=id_, kind=kind, npi=None, tin=None, address_line="1 Plaza", city="Columbus",
                        state="OH", postal_code="43215", phone="614-555-0000", fax=None)


def build_cm_world(*, sex: str = "female") -> World:
    w = World.create(None, opens_at=OPENS)
    with w.write(acting_as=SYSTEM_ACTOR, app="builder", action="test.build", allow_system=True) as tx:
        s = tx.session
        s.add_all([_org("ORG-KCM", "care_management"), _org("ORG-KMHP", "payer"), _org("ORG-BCP", "provider")])
        s.flush()
        s.add(Plan(id="PLN-OH-PPO", payer_org_id="ORG-KMHP", name="Keystone Choice PPO (Ohio)",
                   line_of_business="commercial", product="ppo", state="OH", gold_card_program=False))
        s.add_all([_worker(CM, "care_manager", "ORG-KCM"), _worker(SUP, "cm_supervisor", "ORG-KCM"),
                   _worker(SW, "social_worker", "ORG-KCM"), _worker(CM_ELSEWHERE, "care_manager", "ORG-KMHP"),
                   _worker(PCP, "physician", "ORG-BCP", "1862965930")])
        s.flush()
        for pid, given, member_id in ((MEMBER, "Brianna", "KMH200000001"), (MEMBER2, "Walter", "KMH200000002")):
            s.add(Patient(id=pid, given_name=given, family_name="Lockhart", birth_date=dt.date(1962, 4, 27),
                          sex=sex, address_line="2315 Lockbourne Rd", city="Columbus", state="OH",
                          postal_code="43207", phone="614-555-3303", preferred_language="English",
                          pcp_worker_id=PCP, domain="cm"))
            s.flush()
            s.add(Coverage(id=f"COV-{pid}", patient_id=pid, plan_id="PLN-OH-PPO", member_id=member_id,
                           group_number=None, status="active", effective_date=dt.date(2022, 8, 1),
                           termination_date=None))
        s.flush()
        s.add_all([
            Encounter(id=ENC, patient_id=MEMBER, date=dt.date(2026, 8, 4), type="emergency", provider_worker_id=PCP,
                      org_id="ORG-BCP", reason="Asthma exacerbation", generated=False),
            Condition(id=COND, patient_id=MEMBER, code="J45.40", display="Moderate persistent asthma",
                      onset=dt.date(2014, 3, 1), status="active", abatement=None, note=None),
            Observation(id=OBS, patient_id=MEMBER, encounter_id=ENC, loinc="59408-5", display="SpO2",
                        date=dt.date(2026, 8, 4), value_num=91.0, value_text=None, unit="%", reference_range=None,
                        interpretation="low"),
            Medication(id="MED-CM01-01", patient_id=MEMBER, name="albuterol HFA inhaler", rxnorm=None, dose="2 puffs",
                       route="inhaled", frequency="as needed", start=dt.date(2014, 3, 1), end=None, status="active",
                       prescriber_worker_id=PCP, note="4 canisters in 3 months"),
        ])
        s.flush()
        for did, pid in ((DOC, MEMBER), (OTHER_MEMBER_DOC, MEMBER2)):
            s.add(Document(id=did, patient_id=pid, case_id=None, encounter_id=None, kind="chart_note",
                           title="ED note", body="Emergency department note: wheezing, SpO2 91%, nebulized albuterol.",
                           date=dt.date(2026, 8, 4), author_worker_id=PCP, signed=True, signed_by=PCP,
                           signed_at=OPENS - dt.timedelta(days=60), origin="chart", side="provider", copied_from=None,
                           created_at=OPENS - dt.timedelta(days=1), details={}))
        s.add_all([
            CMReferral(id=REF, patient_id=MEMBER, scenario_id="cm_asthma_test_001", date=dt.date(2026, 9, 20),
                       source="ed_visit", referring_worker_id=PCP, reason="Two asthma exacerbations in 18 months",
                       diagnosis_codes=["J45.40"], risk_score=48.0, utilization_flags=["ed_visit_90d"],
                       suggested_program="chronic_disease", suggested_priority="standard", status="queued"),
            CMReferral(id=REF2, patient_id=MEMBER2, scenario_id="cm_copd_test_001", date=dt.date(2026, 9, 25),
                       source="hospital_discharge", referring_worker_id=None, reason="COPD readmission risk",
                       diagnosis_codes=["J44.1"], risk_score=81.0, utilization_flags=["readmission_30d"],
                       suggested_program="transitions_of_care", suggested_priority="urgent", status="queued"),
        ])
    return w


def record_outreach(w: World, case_id: str, *, consent: bool, advance_case: bool = True) -> str:
    """TEST SUPPORT ONLY: write an ended outreach session + record directly (the outreach services
    are another issue) and, optionally, move the case to ``outreach_complete``."""
    with w.write(acting_as=CM, app="cm_outreach", action="test.record_outreach") as tx:
        s = tx.session
        case = s.get(CMCase, case_id)
        assert case is not None
        sid = tx.new_id("SES")
        sess = OutreachSession(id=sid, cm_case_id=case_id, caller_id=CM, turn_budget=20, turns_used=6,
                               end_reason="caller_ended", started_at=tx.now, ended_at=tx.now, state={})
        tx.transition(machines.OUTREACH, sess, OutreachStatus.ACTIVE, case_id=case_id)
        s.add(sess)
        s.flush()
        tx.transition(machines.OUTREACH, sess, OutreachStatus.ENDED, case_id=case_id)
        rid = tx.new_id("OUT")
        s.add(OutreachRecord(id=rid, session_id=sid, cm_case_id=case_id,
                             engagement_status="engaged" if consent else "declined", consent_obtained=consent,
                             key_takeaways=["discussed inhaler use"], patient_concerns=["cost of controller"],
                             next_steps=["assessment"], preferred_contact="phone", notes="test call",
                             recorded_by=CM, recorded_at=tx.now))
        if advance_case:
            tx.transition(machines.CM_CASE, case, CMCaseStatus.OUTREACH_COMPLETE, case_id=case_id)
        return rid


def opened_case(w: World, referral_id: str = REF) -> str:
    return str(referral.open_case(w, acting_as=CM, referral_id=referral_id, program="chronic_disease",
                                  priority="standard")["case"]["id"])


def reviewed_case(w: World) -> str:
    case_id = opened_case(w)
    chart.submit_chart_review(w, acting_as=CM, case_id=case_id, primary_concerns=["uncontrolled asthma"],
                              coordination_risks=["no controller refill"], suspected_barriers=["cost"],
                              preliminary_risk_level="moderate",
                              key_findings="Two exacerbations; rescue inhaler overuse; controller gaps.",
                              clarification_needed=[], evidence_ids=[ENC, COND])
    return case_id


def assessing_case(w: World) -> str:
    from chibench.world.apps.cm_assessment import services as asmt

    case_id = reviewed_case(w)
    record_outreach(w, case_id, consent=True)
    asmt.start_assessment(w, acting_as=CM, case_id=case_id)
    return case_id


SECTIONS: dict[str, dict[str, Any]] = {
    "clinical": {"conditions_reviewed": ["J45.40 asthma"], "symptom_summary": "night cough 3x/week",
                 "recent_utilization": "ED visit 2026-08-04", "functional_status": "independent"},
    "medication": {"medications": [{"name": "albuterol", "adherence": "taking_as_prescribed"},
                                   {"name": "fluticasone-salmeterol", "adherence": "taking_differently",
                                    "note": "uses only when tight"}],
                   "adherence_barriers": ["cost"], "cost_concern": True, "side_effects": [],
                   "reconciliation_notes": "controller used intermittently"},
    "behavioral_health": {"phq9_items": [1, 1, 0, 1, 0, 0, 1, 0, 0], "gad7_items": [1, 1, 1, 0, 0, 0, 0],
                          "auditc_items": [1, 0, 0]},
    "sdoh": {"hunger_vital_sign": {"worried_food_would_run_out": "never_true", "food_did_not_last": "never_true"},
             "housing": "unstable", "transportation_barrier": False, "utilities_concern": False,
             "financial_strain": True, "social_isolation": False, "interpersonal_safety_concern": False,
             "notes": "water leak and mold in apartment"},
}


def assessed_case(w: World) -> str:
    from chibench.world.apps.cm_assessment import services as asmt

    case_id = assessing_case(w)
    for name, data in SECTIONS.items():
        asmt.save_section(w, acting_as=CM, case_id=case_id, section=name, data=data)
    asmt.complete_assessment(w, acting_as=CM, case_id=case_id)
    return case_id


def good_plan(after: dt.date = dt.date(2026, 10, 5)) -> dict[str, Any]:
    d = lambda n: (after + dt.timedelta(days=n)).isoformat()  # noqa: E731
    return {
        "problems": [{
            "statement": "Asthma not well controlled (rescue inhaler 4+ days/week)", "domain": "clinical",
            "icd10": "J45.40", "evidence": "ED visit 2026-08-04; 4 albuterol fills in 3 months", "priority": "high",
            "goals": [{"statement": "Fewer rescue-inhaler days", "measure": "self-reported rescue inhaler days/week",
                       "target": "<= 2 days per week", "target_date": d(60),
                       "interventions": [{"action": "Teach-back on controller use", "owner": "care_manager",
                                          "due_date": d(7), "frequency": "weekly"}]}],
        }],
        "escalation_triggers": [{"trigger": "SpO2 below 92% or speaking in phrases", "action": "call 911 / ED",
                                 "contact": "911", "timeframe": "immediately"}],
        "follow_up_cadence": "weekly",
        "follow_up_start": d(3),
    }


def case_status(world: World, case_id: str) -> str:
    """The CM case's status, read outside any service."""
    with world.read() as s:
        c = s.get(CMCase, case_id)
        assert c is not None
        return str(c.status)


def case_moves(world: World, case_id: str) -> list[tuple[str | None, str]]:
    """The CM case's state transitions as ``(from, to)``, oldest first."""
    with world.read() as s:
        return [(t.from_state, t.to_state) for t in s.scalars(
            select(StateTransition).where(StateTransition.machine == "cm_case", StateTransition.entity_id == case_id)
            .order_by(StateTransition.seq))]
