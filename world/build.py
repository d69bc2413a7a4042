"""Deterministic builder of the base world from the text seeds.

``build_base_world(path)`` validates and lints every seed (a bad seed fails the build with the file
and field named), then writes organizations, plans, the workforce, gold cards, patients with their
coverage and charts, the 25 service orders with each plan's hidden payer policy, and the 25 CM
referrals, plus the counterparts' contracts (``world/seeds/contracts/``, hidden tables), in one
transaction, attributed to ``SYSTEM``. Background history (routine visits with
vitals and labs) is generated from each chart's ``history`` block with a RNG seeded by the patient
id, so the same seeds always give the same rows, ids, export digest and database bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from pathlib import Path

from sqlalchemy import insert
from sqlalchemy.orm import Session

from chibench.world.apps.cm_referral.models import CMReferral
from chibench.world.apps.directory.models import GoldCard, Organization, Plan, PlanNetwork, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import (
    Allergy,
    Condition,
    Coverage,
    Encounter,
    Medication,
    Observation,
    Patient,
    Procedure,
    ServiceRequest,
)
from chibench.world.apps.policy_library.models import PayerPolicy, PolicyCriterion
from chibench.world.core.codes import ICD_CACHE, load_icd_cache
from chibench.world.core.db import WorldSetting
from chibench.world.core.enums import EncounterType, ReferralStatus
from chibench.world.core.world import SYSTEM_ACTOR, Tx, World
from chibench.world.counterparts.store import ContractSet, lint_contracts, load_contracts, populate_contracts
from chibench.world.lint import lint
from chibench.world.seeds.loader import SEED_ROOT, SeedError, SeedSet, load_seeds
from chibench.world.seeds.schema import ChartSeed, CoverageSeed, HistorySeed, PatientSeed, WorkerSeed

WORLD_VERSION = "2026.11-base.1"


def _suffix(patient_id: str) -> str:
    return patient_id.split("-", 1)[1]


def _worker(w: WorkerSeed) -> Worker:
    return Worker(id=w.id, given_name=w.given_name, family_name=w.family_name, credentials=w.credentials,
                  role=w.role, org_id=w.org_id, npi=w.npi, specialty=w.specialty, license_state=w.license_state,
                  email=w.email, phone=w.phone)


def _patient(p: PatientSeed, domain: str) -> Patient:
    a = p.address
    return Patient(id=p.id, given_name=p.given_name, family_name=p.family_name, birth_date=p.birth_date, sex=p.sex,
                   address_line=a.line, city=a.city, state=a.state, postal_code=a.postal_code, phone=p.phone,
                   preferred_language=p.preferred_language, pcp_worker_id=p.pcp_worker_id, domain=domain)


def _coverage(patient_id: str, c: CoverageSeed) -> Coverage:
    return Coverage(id=f"COV-{patient_id}", patient_id=patient_id, plan_id=c.plan_id, member_id=c.member_id,
                    group_number=c.group_number, status=c.status, effective_date=c.effective_date,
                    termination_date=c.termination_date)


def _history_rows(patient_id: str, h: HistorySeed) -> list[object]:
    """Routine visits every ``visit_interval_days`` (± up to 6 days of jitter) with every trend measured."""
    rng = random.Random(int.from_bytes(hashlib.sha256(patient_id.encode()).digest()[:8], "big"))
    rows: list[object] = []
    span = (h.end - h.start).days
    day, n = 0, 0
    sfx = _suffix(patient_id)
    while day <= span:
        when = h.start + dt.timedelta(days=day)
        n += 1
        enc_id = f"ENC-{sfx}-G{n:03d}"
        rows.append(Encounter(id=enc_id, patient_id=patient_id, date=when, type=EncounterType.OFFICE,
                              provider_worker_id=h.provider_worker_id, org_id=h.org_id, reason=h.visit_reason,
                              generated=True))
        frac = day / span if span else 1.0
        for t_i, t in enumerate(h.trends):
            value = t.start + (t.end - t.start) * frac + (rng.gauss(0.0, t.noise) if t.noise else 0.0)
            value = round(value, t.decimals) if t.decimals else float(round(value))
            rows.append(Observation(id=f"OBS-{sfx}-G{n:03d}-{t_i + 1:02d}", patient_id=patient_id, encounter_id=enc_id,
                                    loinc=t.loinc, display=t.display, date=when, value_num=value, unit=t.unit))
        day += h.visit_interval_days + rng.randint(-6, 6)
        if day > span and day - h.visit_interval_days < span - 20:
            day = span  # close the series on the history's end date
    return rows


def _chart_rows(patient_id: str, chart: ChartSeed, side: str, created_at: dt.datetime, icd: dict[str, str]) -> tuple[list[object], list[object]]:
    """(encounters, everything else) — encounters are flushed first because other rows reference them."""
    sfx = _suffix(patient_id)
    encounters: list[object] = []
    rows: list[object] = []
    for e in chart.encounters:
        encounters.append(Encounter(id=e.id, patient_id=patient_id, date=e.date, type=e.type,
                              provider_worker_id=e.provider_worker_id, org_id=e.org_id, reason=e.reason,
                              generated=False))
    for i, c in enumerate(chart.conditions, 1):
        rows.append(Condition(id=f"CND-{sfx}-{i:02d}", patient_id=patient_id, code=c.code,
                              display=icd[c.code], onset=c.onset, status=c.status,
                              abatement=c.abatement, note=c.note))
    for i, o in enumerate(chart.observations, 1):
        num = o.value if isinstance(o.value, int | float) else None
        rows.append(Observation(id=f"OBS-{sfx}-{i:04d}", patient_id=patient_id, encounter_id=o.encounter_id,
                                loinc=o.loinc, display=o.display, date=o.date,
                                value_num=float(num) if num is not None else None,
                                value_text=None if num is not None else str(o.value), unit=o.unit,
                                reference_range=o.reference_range, interpretation=o.interpretation))
    for i, m in enumerate(chart.medications, 1):
        rows.append(Medication(id=f"MED-{sfx}-{i:02d}", patient_id=patient_id, name=m.name, rxnorm=m.rxnorm,
                               dose=m.dose, route=m.route, frequency=m.frequency, start=m.start, end=m.end,
                               status=m.status, prescriber_worker_id=m.prescriber_worker_id, note=m.note))
    for i, p in enumerate(chart.procedures, 1):
        rows.append(Procedure(id=f"PRC-{sfx}-{i:02d}", patient_id=patient_id, system=p.system, code=p.code,
                              display=p.display, date=p.date, performer_worker_id=p.performer_worker_id, note=p.note))
    for i, a in enumerate(chart.allergies, 1):
        rows.append(Allergy(id=f"ALG-{sfx}-{i:02d}", patient_id=patient_id, substance=a.substance,
                            reaction=a.reaction, severity=a.severity, recorded=a.recorded))
    for d in chart.documents:
        rows.append(Document(id=d.id, patient_id=patient_id, case_id=None, encounter_id=d.encounter_id, kind=d.kind,
                             title=d.title, body=d.body, date=d.date, author_worker_id=d.author_worker_id,
                             signed=d.signed, signed_by=d.author_worker_id if d.signed else None,
                             signed_at=dt.datetime.combine(d.date, dt.time(23, 0), tzinfo=dt.UTC) if d.signed else None,
                             origin="chart", side=side, created_at=created_at, details={}))
    if chart.history is not None:
        generated = _history_rows(patient_id, chart.history)
        encounters += [r for r in generated if isinstance(r, Encounter)]
        rows += [r for r in generated if not isinstance(r, Encounter)]
    return encounters, rows


def _bulk_insert(s: Session, objects: list[object]) -> None:
    """ORM bulk INSERT grouped by model, in first-seen order (far cheaper than unit-of-work flushes)."""
    groups: dict[type, list[dict[str, object]]] = {}
    for o in objects:
        groups.setdefault(type(o), []).append({k: v for k, v in vars(o).items() if not k.startswith("_sa_")})
    for model, rows in groups.items():
        s.execute(insert(model), rows)


class _Charts:
    """All patients' rows, inserted in three waves (people, encounters, the rest) to respect foreign keys."""

    def __init__(self) -> None:
        self.people: list[object] = []
        self.encounters: list[object] = []
        self.rest: list[object] = []

    def add(self, now: dt.datetime, patient: PatientSeed, domain: str, coverage: CoverageSeed, chart: ChartSeed,
            icd: dict[str, str]) -> None:
        encounters, rows = _chart_rows(patient.id, chart, "provider", now, icd)
        self.people += [_patient(patient, domain), _coverage(patient.id, coverage)]
        self.encounters += encounters
        self.rest += rows

    def flush(self, s: Session) -> None:
        for wave in (self.people, self.encounters, self.rest):
            _bulk_insert(s, wave)


def populate(tx: Tx, seeds: SeedSet, icd: dict[str, str], contracts: ContractSet | None = None) -> None:
    """Write every seed row (one transaction); ``icd`` maps ICD-10-CM codes to descriptions; ``contracts``
    (the counterparts' contracts) go to their hidden tables."""
    s = tx.session
    add = s.add_all
    orgs = seeds.organizations
    add([Organization(id=o.id, name=o.name, kind=o.kind, npi=o.npi, tin=o.tin, address_line=o.address.line,
                      city=o.address.city, state=o.address.state, postal_code=o.address.postal_code, phone=o.phone,
                      fax=o.fax) for o in orgs.organizations])
    s.flush()
    add([Plan(id=p.id, payer_org_id=p.payer_org_id, name=p.name, line_of_business=p.line_of_business,
              product=p.product, state=p.state, gold_card_program=p.gold_card_program) for p in orgs.plans])
    s.flush()
    add([PlanNetwork(id=f"{p.id}:{o}", plan_id=p.id, org_id=o) for p in orgs.plans for o in p.network_org_ids])
    workers = list(seeds.workers.workers)
    for svc in seeds.services.values():
        workers += svc.extra_workers
    for mem in seeds.cm_members.values():
        workers += mem.extra_workers
    add([_worker(w) for w in sorted(workers, key=lambda w: w.id)])
    npis = {w.id: w.npi for w in workers}
    s.flush()
    add([GoldCard(id=f"GC-{g.worker_id}-{g.plan_id}-{g.service_category}", worker_id=g.worker_id,
                  npi=npis[g.worker_id] or "", plan_id=g.plan_id, service_category=g.service_category,
                  approval_rate_pct=g.approval_rate_pct, granted_on=g.granted_on, expires_on=g.expires_on)
         for g in seeds.workers.gold_cards])
    s.flush()
    charts = _Charts()
    for svc in sorted(seeds.services.values(), key=lambda x: x.slug):
        charts.add(tx.now, svc.patient, "service", svc.coverage, svc.chart, icd)
    for mem in sorted(seeds.cm_members.values(), key=lambda x: x.scenario_id):
        charts.add(tx.now, mem.patient, "cm", mem.coverage, mem.chart, icd)
    charts.flush(s)
    for slug, svc in sorted(seeds.services.items()):
        pid = svc.patient.id
        o = svc.order
        s.add(ServiceRequest(id=o.id, patient_id=pid, date=o.date, ordering_worker_id=o.ordering_worker_id,
                             org_id=o.org_id, servicing_org_id=o.servicing_org_id, service_slug=slug,
                             service_category=o.service_category,
                             lines=[ln.model_dump(mode="json") for ln in o.lines],
                             diagnosis_codes=list(o.diagnosis_codes), priority=o.priority,
                             site_of_service=o.site_of_service, requested_date=o.requested_date,
                             clinical_indication=o.clinical_indication, units_total=sum(ln.units for ln in o.lines)))
        pol = svc.payer_policy
        codes = sorted({ln.code for ln in o.lines} | {ln.code for ln in svc.payer_request.lines})
        s.add(PayerPolicy(id=pol.id, plan_id=svc.coverage.plan_id, service_slug=slug,
                          service_category=o.service_category, handbook_policy_id=pol.handbook_policy_id, codes=codes,
                          pa_required=pol.pa_required, pa_exempt_codes=list(pol.pa_exempt_codes),
                          pa_exempt_sites=[str(x) for x in pol.pa_exempt_sites],
                          notification_only=pol.notification_only, covered_benefit=pol.covered_benefit,
                          excluded_diagnosis_prefixes=list(pol.excluded_diagnosis_prefixes),
                          review_program=pol.review_program,
                          gold_card_eligible_category=pol.gold_card_eligible_category,
                          required_document_kinds=[str(k) for k in pol.required_document_kinds],
                          evidence_requirements=[r.model_dump(mode="json") for r in pol.evidence_requirements],
                          questionnaire=[q.model_dump(mode="json") for q in pol.questionnaire],
                          required_diagnosis_prefixes=list(pol.required_diagnosis_prefixes),
                          allow_nurse_approval=pol.allow_nurse_approval, complete_outcome=pol.complete_outcome,
                          deny_reason=pol.deny_reason, pend_reason=pol.pend_reason, p2p_reason=pol.p2p_reason,
                          appeal_outcome=pol.appeal_outcome, external_appeal_outcome=pol.external_appeal_outcome))
        s.flush()
        add([PolicyCriterion(id=f"{pol.id}:{c.id}", policy_id=pol.id, criterion_id=c.id, text=c.text,
                             citation=c.citation, threshold=c.threshold, ordinal=i)
             for i, c in enumerate(pol.criteria, 1)])
    for sid, mem in sorted(seeds.cm_members.items()):
        pid = mem.patient.id
        r = mem.referral
        s.add(CMReferral(id=r.id, patient_id=pid, scenario_id=sid, date=r.date, source=r.source,
                         referring_worker_id=r.referring_worker_id, reason=r.reason,
                         diagnosis_codes=list(r.diagnosis_codes), risk_score=r.risk_score,
                         utilization_flags=list(r.utilization_flags), suggested_program=r.suggested_program,
                         suggested_priority=r.suggested_priority, status=ReferralStatus.QUEUED))
    if contracts is not None:
        populate_contracts(s, contracts)
    s.add(WorldSetting(key="payer_mode", value="auto"))
    s.add(WorldSetting(key="world_version", value=WORLD_VERSION))
    tx.log("world.build", details={"services": len(seeds.services), "cm_members": len(seeds.cm_members),
                                   "workers": len(workers)})


def build_base_world(path: str | Path | None, *, seed_root: Path = SEED_ROOT) -> World:
    """Build the base world at ``path`` (``None`` = in memory). Raises :class:`SeedError` on bad seeds."""
    seeds = load_seeds(seed_root)
    contracts = load_contracts(seed_root)
    icd = load_icd_cache(seed_root / ICD_CACHE.name)
    problems = lint(seeds, icd=icd.__contains__) + lint_contracts(contracts, seeds)
    if problems:
        raise SeedError(problems + ["(codes missing from the ICD-10-CM cache count as invalid; "
                                    "run 'chibench world check --write-cache' after editing seeds)"])
    world = World.create(path)
    with world.write(acting_as=SYSTEM_ACTOR, app="builder", action="world.build", allow_system=True) as tx:
        populate(tx, seeds, icd, contracts)
    return world
