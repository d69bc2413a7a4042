"""Seed lint: code systems, identifiers, referential integrity and date coherence.

``lint(seeds)`` returns a list of human-readable problems (empty = clean). Checks:

* ICD-10-CM codes are billable leaves in the ``simple-icd-10-cm`` release;
* LOINC codes carry a correct mod-10 check digit (LOINC Users' Guide §12.3);
* NPIs pass the CMS Luhn check (prefix 80840);
* every id is unique across the world, every reference resolves;
* dates cohere (birth ≤ onset ≤ encounters ≤ world open; documents on their encounter's date;
  medication start ≤ end; coverage effective ≤ order date unless terminated …);
* counterpart contracts (``contracts/``) validate and reference existing CM scenarios, P2P services,
  workers and documents (``counterparts.store.lint_contracts``).

Run: ``chibench world check`` or ``python -m chibench.world.lint [FILE …]``.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from chibench.world.core.clock import WORLD_OPEN
from chibench.world.core.codes import (
    ICD_CACHE,
    is_billable_icd10cm,
    is_valid_loinc,
    is_valid_npi,
    render_icd_cache,
)
from chibench.world.core.enums import ReviewProgram
from chibench.world.counterparts.store import contract_problems
from chibench.world.seeds.catalog import (
    PA_DIFFICULTY,
    UM_CONTENT_PENDING,
    UM_DIFFICULTY,
    UM_OUTCOME_OF_INTENT,
    UM_OUTCOME_PENDING,
    pa_band,
    stage_by_outcome,
    table_11_problems,
    table_12_problems,
    terminal_by_difficulty,
    um_band,
    um_criteria_on_path,
)
from chibench.world.seeds.loader import SEED_ROOT, SeedError, SeedSet, load_file, load_seeds, model_for
from chibench.world.seeds.schema import (
    ChartSeed,
    CMMemberFile,
    GoldCardSeed,
    PatientSeed,
    ServiceCaseFile,
    WorkerSeed,
)

OPEN_DATE = WORLD_OPEN.date()


def _chart_problems(where: str, patient: PatientSeed, chart: ChartSeed, worker_ids: set[str], org_ids: set[str],
                    latest: dt.date, icd: Callable[[str], bool]) -> list[str]:
    out: list[str] = []
    enc_dates = {e.id: e.date for e in chart.encounters}
    born = patient.birth_date
    for e in chart.encounters:
        if not born <= e.date <= latest:
            out.append(f"{where}: encounter {e.id}: date {e.date} outside [{born}, {latest}]")
        if e.provider_worker_id not in worker_ids:
            out.append(f"{where}: encounter {e.id}: unknown provider_worker_id {e.provider_worker_id}")
        if e.org_id not in org_ids:
            out.append(f"{where}: encounter {e.id}: unknown org_id {e.org_id}")
    for c in chart.conditions:
        if not icd(c.code):
            out.append(f"{where}: condition {c.code}: not a billable ICD-10-CM code")
        if not born <= c.onset <= latest:
            out.append(f"{where}: condition {c.code}: onset {c.onset} outside [{born}, {latest}]")
        if c.abatement and c.abatement < c.onset:
            out.append(f"{where}: condition {c.code}: abatement before onset")
    for o in chart.observations:
        if not is_valid_loinc(o.loinc):
            out.append(f"{where}: observation {o.display}: LOINC {o.loinc} has a wrong check digit")
        if not born <= o.date <= latest:
            out.append(f"{where}: observation {o.loinc} on {o.date}: outside [{born}, {latest}]")
        if o.encounter_id and o.encounter_id not in enc_dates:
            out.append(f"{where}: observation {o.loinc}: unknown encounter_id {o.encounter_id}")
    for m in chart.medications:
        if m.end and m.end < m.start:
            out.append(f"{where}: medication {m.name}: end {m.end} before start {m.start}")
        if not born <= m.start <= latest:
            out.append(f"{where}: medication {m.name}: start {m.start} outside [{born}, {latest}]")
        if m.prescriber_worker_id and m.prescriber_worker_id not in worker_ids:
            out.append(f"{where}: medication {m.name}: unknown prescriber {m.prescriber_worker_id}")
    for p in chart.procedures:
        if not born <= p.date <= latest:
            out.append(f"{where}: procedure {p.code}: date {p.date} outside [{born}, {latest}]")
        if p.performer_worker_id and p.performer_worker_id not in worker_ids:
            out.append(f"{where}: procedure {p.code}: unknown performer {p.performer_worker_id}")
    for d in chart.documents:
        if d.author_worker_id not in worker_ids:
            out.append(f"{where}: document {d.id}: unknown author_worker_id {d.author_worker_id}")
        if not born <= d.date <= latest:
            out.append(f"{where}: document {d.id}: date {d.date} outside [{born}, {latest}]")
        if d.encounter_id:
            if d.encounter_id not in enc_dates:
                out.append(f"{where}: document {d.id}: unknown encounter_id {d.encounter_id}")
            elif enc_dates[d.encounter_id] != d.date:
                out.append(f"{where}: document {d.id}: dated {d.date} but its encounter is {enc_dates[d.encounter_id]}")
    h = chart.history
    if h is not None:
        if h.start >= h.end:
            out.append(f"{where}: history: start {h.start} not before end {h.end}")
        if h.start < born or h.end > latest:
            out.append(f"{where}: history: [{h.start}, {h.end}] outside [{born}, {latest}]")
        if h.provider_worker_id not in worker_ids:
            out.append(f"{where}: history: unknown provider_worker_id {h.provider_worker_id}")
        if h.org_id not in org_ids:
            out.append(f"{where}: history: unknown org_id {h.org_id}")
        for t in h.trends:
            if not is_valid_loinc(t.loinc):
                out.append(f"{where}: history trend {t.display}: LOINC {t.loinc} has a wrong check digit")
    if patient.pcp_worker_id and patient.pcp_worker_id not in worker_ids:
        out.append(f"{where}: patient: unknown pcp_worker_id {patient.pcp_worker_id}")
    return out


def _service_problems(s: ServiceCaseFile, worker_ids: set[str], org_ids: set[str], plan_ids: set[str],
                      icd: Callable[[str], bool]) -> list[str]:
    where = f"services/{s.slug}.yaml"
    order = s.order
    out = _chart_problems(where, s.patient, s.chart, worker_ids, org_ids, order.date, icd)
    if s.coverage.plan_id not in plan_ids:
        out.append(f"{where}: coverage.plan_id: unknown plan {s.coverage.plan_id}")
    for code in [*order.diagnosis_codes, *s.payer_request.diagnosis_codes]:
        if not icd(code):
            out.append(f"{where}: diagnosis {code}: not a billable ICD-10-CM code")
    if order.ordering_worker_id not in worker_ids:
        out.append(f"{where}: order.ordering_worker_id: unknown worker {order.ordering_worker_id}")
    if order.org_id not in org_ids or (order.servicing_org_id and order.servicing_org_id not in org_ids):
        out.append(f"{where}: order: unknown org id")
    if order.requested_date < order.date:
        out.append(f"{where}: order.requested_date {order.requested_date} before order date {order.date}")
    if order.date > OPEN_DATE:
        out.append(f"{where}: order.date {order.date} after the world opens ({OPEN_DATE})")
    req = s.payer_request
    if req.received_at > WORLD_OPEN:
        out.append(f"{where}: payer_request.received_at {req.received_at.isoformat()} after the world opens")
    if req.received_at.date() < order.date:
        out.append(f"{where}: payer_request.received_at before the order date {order.date}")
    if req.requesting_worker_id not in worker_ids:
        out.append(f"{where}: payer_request.requesting_worker_id: unknown worker {req.requesting_worker_id}")
    known_docs = {d.id for d in s.chart.documents} | {d.id for d in req.submitted_documents}
    for did in req.submitted_document_ids:
        if did not in known_docs:
            out.append(f"{where}: payer_request.submitted_document_ids: unknown document {did}")
    for d in req.submitted_documents:
        if d.author_worker_id not in worker_ids:
            out.append(f"{where}: submitted document {d.id}: unknown author_worker_id {d.author_worker_id}")
        if d.date > req.received_at.date():
            out.append(f"{where}: submitted document {d.id}: dated after the request was received")
    pol = s.payer_policy
    q_keys = {q.key for q in pol.questionnaire}
    for k in req.questionnaire_answers:
        if k not in q_keys:
            out.append(f"{where}: payer_request.questionnaire_answers: '{k}' is not a questionnaire key {sorted(q_keys)}")
    if not pol.pa_required and (pol.required_document_kinds or pol.criteria):
        out.append(f"{where}: payer_policy: PA not required but documents/criteria listed")
    cov = s.coverage
    if cov.termination_date and cov.termination_date < cov.effective_date:
        out.append(f"{where}: coverage: termination before effective date")
    if cov.effective_date > order.date and cov.status == "active":
        out.append(f"{where}: coverage: effective {cov.effective_date} after the order date {order.date}")
    return out


def _pa_difficulty_problems(seeds: SeedSet) -> list[str]:
    """Structural PA difficulty (distinct required document kinds) equals the catalog label, and the
    intended provider terminals reproduce the paper's Table 11 (``seeds.catalog``)."""
    out: list[str] = []
    rows: list[tuple[str, str]] = []
    for s in seeds.services.values():
        label = PA_DIFFICULTY.get(s.slug)
        band = pa_band(s.payer_policy.required_document_kinds)
        if label is None:
            out.append(f"services/{s.slug}.yaml: not a provider PA task of the catalog")
            continue
        if band != label:
            out.append(f"services/{s.slug}.yaml: payer_policy.required_document_kinds: "
                       f"{len(set(s.payer_policy.required_document_kinds))} distinct kind(s) is band {band}; the "
                       f"catalog labels {s.slug}.referral {label} (E 0, M 1–3, H ≥4)")
        rows.append((s.intended.provider_terminal, label))
    if len(rows) == len(PA_DIFFICULTY):
        out += [f"services: {p}" for p in table_11_problems(terminal_by_difficulty(rows))]
    return out


def member_eligible_on(s: ServiceCaseFile, date_of_service: dt.date) -> bool:
    """KM-UM-OPS-001 §5: coverage ``active``, effective on or before the date of service, and no termination
    date before it (the termination date itself is still covered)."""
    cov = s.coverage
    return (cov.status == "active" and cov.effective_date <= date_of_service
            and (cov.termination_date is None or cov.termination_date >= date_of_service))


def um_gold_carded(s: ServiceCaseFile, gold_cards: Iterable[GoldCardSeed], plan_has_program: bool) -> bool:
    """KM-UM-OPS-003 §4: the requesting clinician holds a card for this plan and the order's service category,
    active on the receipt date, and the plan runs the program and the policy's category is eligible."""
    req = s.payer_request
    if not (plan_has_program and s.payer_policy.gold_card_eligible_category):
        return False
    on = req.received_at.date()
    return any(g.worker_id == req.requesting_worker_id and g.plan_id == s.coverage.plan_id
               and g.service_category == s.order.service_category and g.granted_on <= on <= g.expires_on
               for g in gold_cards)


def um_path_criteria(s: ServiceCaseFile, gold_cards: Iterable[GoldCardSeed] = (), plan_has_program: bool = False) -> int:
    """Clinical criteria on the path the UM twin's request takes through the seed's policy tree.

    The administrative branches are read from the seed as intake and routing read them: eligibility on the
    requested date of service (``member_eligible_on``), benefit coverage and diagnosis exclusions, PA-exempt
    codes and places of service, notification-only, the gold card (``um_gold_carded``; pass the world's cards and
    whether the member's plan runs the program) and the review program. See ``catalog.um_criteria_on_path``.
    """
    pol, req = s.payer_policy, s.payer_request
    excluded = any(d.startswith(p) for d in req.diagnosis_codes for p in pol.excluded_diagnosis_prefixes)
    needing = [ln.code for ln in req.lines if ln.code not in pol.pa_exempt_codes]
    return um_criteria_on_path(member_eligible=member_eligible_on(s, req.requested_start),
                               covered=pol.covered_benefit and not excluded, pa_required=pol.pa_required,
                               codes_needing_review=len(needing), site_exempt=req.site_of_service in pol.pa_exempt_sites,
                               notification_only=pol.notification_only, criteria=len(pol.criteria),
                               gold_carded=um_gold_carded(s, gold_cards, plan_has_program),
                               standard_program=pol.review_program == ReviewProgram.STANDARD_UM)


def _um_difficulty_problems(seeds: SeedSet) -> list[str]:
    """Structural UM difficulty (criteria on the chosen policy path) equals the catalog label of the UM
    twin, and the seeds' intended UM pickup stages and outcomes reproduce Table 12 (``seeds.catalog``)."""
    out: list[str] = []
    rows: list[tuple[str, str]] = []
    plans = {p.id: p for p in seeds.organizations.plans}
    for s in seeds.services.values():
        task = f"{s.slug}.{s.intended.um_pickup_stage}"
        label = UM_DIFFICULTY.get(task)
        if label is None:
            out.append(f"services/{s.slug}.yaml: intended.um_pickup_stage: {task} is not a UM task of the catalog "
                       f"(the catalog has {sorted(t for t in UM_DIFFICULTY if t.startswith(s.slug + '.'))})")
            continue
        plan = plans.get(s.coverage.plan_id)
        n = um_path_criteria(s, seeds.workers.gold_cards, bool(plan and plan.gold_card_program))
        pending = task in UM_CONTENT_PENDING
        if um_band(n) != label and not pending:
            out.append(f"services/{s.slug}.yaml: payer_policy.criteria: {n} clinical criteria on the request's path "
                       f"is band {um_band(n)}; the catalog labels {task} {label} (E ≤5, M 6–9, H ≥10)")
        elif um_band(n) == label and pending:
            out.append(f"services/{s.slug}.yaml: {task} now gives its catalog band {label}; remove it from "
                       "seeds.catalog.UM_CONTENT_PENDING")
        outcome = UM_OUTCOME_OF_INTENT[s.intended.um_outcome]
        if task in UM_OUTCOME_PENDING:
            required = UM_OUTCOME_PENDING[task][0]
            if outcome == required:
                out.append(f"services/{s.slug}.yaml: {task} now ends {required}; remove it from "
                           "seeds.catalog.UM_OUTCOME_PENDING")
            outcome = required
        rows.append((s.intended.um_pickup_stage, outcome))
    if len(rows) == len(UM_DIFFICULTY):
        out += [f"services: {p}" for p in table_12_problems(stage_by_outcome(rows))]
    return out


def _cm_problems(m: CMMemberFile, worker_ids: set[str], org_ids: set[str], plan_ids: set[str],
                 icd: Callable[[str], bool]) -> list[str]:
    where = f"cm/{m.scenario_id}.yaml"
    out = _chart_problems(where, m.patient, m.chart, worker_ids, org_ids, m.referral.date, icd)
    if m.coverage.plan_id not in plan_ids:
        out.append(f"{where}: coverage.plan_id: unknown plan {m.coverage.plan_id}")
    for code in m.referral.diagnosis_codes:
        if not icd(code):
            out.append(f"{where}: referral diagnosis {code}: not a billable ICD-10-CM code")
    if m.referral.date > OPEN_DATE:
        out.append(f"{where}: referral.date {m.referral.date} after the world opens")
    if m.referral.referring_worker_id and m.referral.referring_worker_id not in worker_ids:
        out.append(f"{where}: referral.referring_worker_id: unknown worker {m.referral.referring_worker_id}")
    return out


def _all_workers(seeds: SeedSet) -> list[WorkerSeed]:
    workers = list(seeds.workers.workers)
    for s in seeds.services.values():
        workers += s.extra_workers
    for m in seeds.cm_members.values():
        workers += m.extra_workers
    return workers


def _duplicates(label: str, ids: Iterable[str]) -> list[str]:
    return [f"duplicate {label} id {i} ({n}×)" for i, n in sorted(Counter(ids).items()) if n > 1]


def icd_codes(seeds: SeedSet) -> set[str]:
    """Every ICD-10-CM code the seeds use."""
    codes: set[str] = set()
    for s in seeds.services.values():
        codes |= {c.code for c in s.chart.conditions} | set(s.order.diagnosis_codes) | set(s.payer_request.diagnosis_codes)
    for m in seeds.cm_members.values():
        codes |= {c.code for c in m.chart.conditions} | set(m.referral.diagnosis_codes)
    return codes


def lint(seeds: SeedSet, icd: Callable[[str], bool] = is_billable_icd10cm) -> list[str]:
    """All problems found in ``seeds`` (empty list when clean).

    ``icd`` decides ICD-10-CM validity: the library by default (``world check``); the builder passes
    the committed cache's membership test so that a build does not load the library.
    """
    out: list[str] = []
    orgs = seeds.organizations.organizations
    org_ids = {o.id for o in orgs}
    plan_ids = {p.id for p in seeds.organizations.plans}
    workers = _all_workers(seeds)
    worker_ids = {w.id for w in workers}
    for o in orgs:
        if o.npi and not is_valid_npi(o.npi):
            out.append(f"organizations.yaml: {o.id}: NPI {o.npi} fails the Luhn check")
    for p in seeds.organizations.plans:
        if p.payer_org_id not in org_ids:
            out.append(f"organizations.yaml: plan {p.id}: unknown payer_org_id {p.payer_org_id}")
        out += [f"organizations.yaml: plan {p.id}: unknown network org {n}" for n in p.network_org_ids if n not in org_ids]
    for w in workers:
        if w.org_id not in org_ids:
            out.append(f"worker {w.id}: unknown org_id {w.org_id}")
        if w.npi and not is_valid_npi(w.npi):
            out.append(f"worker {w.id}: NPI {w.npi} fails the Luhn check")
        if w.role in {"physician", "nurse_practitioner", "physician_assistant", "medical_director",
                      "appeals_medical_director"} and not w.npi:
            out.append(f"worker {w.id}: role {w.role} requires an NPI")
    for g in seeds.workers.gold_cards:
        if g.worker_id not in worker_ids or g.plan_id not in plan_ids:
            out.append(f"gold card {g.worker_id}/{g.plan_id}: unknown worker or plan")
        if g.expires_on <= g.granted_on:
            out.append(f"gold card {g.worker_id}: expires before it is granted")
    for s in seeds.services.values():
        out += _service_problems(s, worker_ids, org_ids, plan_ids, icd)
    for m in seeds.cm_members.values():
        out += _cm_problems(m, worker_ids, org_ids, plan_ids, icd)
    out += _pa_difficulty_problems(seeds)
    out += _um_difficulty_problems(seeds)
    # global uniqueness
    out += _duplicates("worker", [w.id for w in workers])
    out += _duplicates("NPI", [w.npi for w in workers if w.npi] + [o.npi for o in orgs if o.npi])
    patients = [s.patient for s in seeds.services.values()] + [m.patient for m in seeds.cm_members.values()]
    out += _duplicates("patient", [p.id for p in patients])
    coverages = [s.coverage for s in seeds.services.values()] + [m.coverage for m in seeds.cm_members.values()]
    out += _duplicates("member", [c.member_id for c in coverages])
    charts = [s.chart for s in seeds.services.values()] + [m.chart for m in seeds.cm_members.values()]
    out += _duplicates("encounter", [e.id for c in charts for e in c.encounters])
    docs = [d.id for c in charts for d in c.documents]
    docs += [d.id for s in seeds.services.values() for d in s.payer_request.submitted_documents]
    out += _duplicates("document", docs)
    out += _duplicates("order", [s.order.id for s in seeds.services.values()])
    out += _duplicates("payer policy", [s.payer_policy.id for s in seeds.services.values()])
    out += _duplicates("referral", [m.referral.id for m in seeds.cm_members.values()])
    return out


def lint_root(root: Path = SEED_ROOT, *, write_cache: bool = False) -> list[str]:
    """Load and lint every seed under ``root``; schema errors are reported as problems.

    Also checks that the committed ICD-10-CM cache matches the seeds (``write_cache`` rewrites it).
    """
    try:
        seeds = load_seeds(root)
    except SeedError as exc:
        return list(exc.problems)
    problems = lint(seeds) + contract_problems(root, seeds)
    cache_path = root / ICD_CACHE.name
    expected = render_icd_cache(icd_codes(seeds))
    current = cache_path.read_text(encoding="utf-8") if cache_path.exists() else ""
    if write_cache and not problems:
        cache_path.write_text(expected, encoding="utf-8")
    elif current != expected:
        problems.append(f"{cache_path.name}: stale ICD-10-CM cache; run 'chibench world check --write-cache'")
    return problems


def main(argv: list[str] | None = None) -> int:
    """``python -m chibench.world.lint [FILE …]``: schema-check the files, then lint the whole seed set."""
    args = sys.argv[1:] if argv is None else argv
    problems: list[str] = []
    for a in [x for x in args if not x.startswith("--")]:
        path = Path(a).resolve()
        try:
            load_file(path, model_for(path))
        except SeedError as exc:
            problems += exc.problems
    if not problems:
        problems = lint_root(write_cache="--write-cache" in args)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
