"""Contract files → validated models → hidden world tables, and back at run time.

* :func:`load_contracts` reads ``<seed root>/contracts/patients/*.yaml`` and ``contracts/p2p/*.yaml``
  (sorted, so builds are deterministic); any schema error raises :class:`SeedError` naming the file
  (``contracts/patients/<file>``) and the field path;
* :func:`lint_contracts` checks references against the seeds (scenario ids, services, workers,
  documents, identity and stance against the member's file, expected outcomes against the catalog);
* :func:`populate_contracts` writes the simulator parts and the grader parts into separate tables;
* :func:`persona_for` / :func:`counterpart_for` rebuild the simulator-visible models from the world —
  they never read a grading table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session

from chibench.world.core import yamlio
from chibench.world.core.errors import validation_lines
from chibench.world.core.world import session_memo
from chibench.world.counterparts.contracts import P2PContractFile, P2PCounterpart, PatientContractFile, PatientPersona
from chibench.world.counterparts.models import (
    P2PContractGrading,
    P2PCounterpartContract,
    PatientPersonaContract,
    PatientPersonaGrading,
)
from chibench.world.seeds.loader import SEED_ROOT, SeedError, SeedSet

M = TypeVar("M", bound=BaseModel)
PATIENTS_DIR = Path("contracts") / "patients"
P2P_DIR = Path("contracts") / "p2p"
UM_TO_P2P = {"approved": "overturn_to_approval", "denied": "uphold_adverse"}
#: Every member is convertible and every CM oracle ends the call with the member's explicit yes (paper App. G:
#: for Refusing members "disenrollment, abandonment, or partial engagement do not count as success").
STANCE_OUTCOMES = {"engaged": {"engaged"}, "hesitant": {"engaged"}, "refusing": {"engaged"}}


@dataclass(frozen=True)
class ContractSet:
    patients: dict[str, PatientContractFile] = field(default_factory=dict)
    p2p: dict[str, P2PContractFile] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # key → relative path, e.g. "contracts/p2p/x.yaml"


def _load(path: Path, rel: str, model: type[M]) -> M:
    try:
        raw = yamlio.load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise SeedError([f"{rel}: unreadable YAML: {exc}"]) from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise SeedError([f"{rel}: {line}" for line in validation_lines(exc, "(file)")]) from exc


def load_contracts(root: Path = SEED_ROOT) -> ContractSet:
    """Load every contract under ``root`` (a missing ``contracts`` folder is an empty set)."""
    problems: list[str] = []
    out = ContractSet()

    def each(sub: Path, model: type[M]) -> list[tuple[str, str, M]]:
        found = []
        for path in sorted((root / sub).glob("*.yaml")):
            rel = str(sub / path.name)
            try:
                found.append((path.stem, rel, _load(path, rel, model)))
            except SeedError as exc:
                problems.extend(exc.problems)
        return found

    for stem, rel, pc in each(PATIENTS_DIR, PatientContractFile):
        if pc.persona.scenario_id != stem:
            problems.append(f"{rel}: persona.scenario_id: '{pc.persona.scenario_id}' must equal the file name '{stem}'")
            continue
        out.patients[stem] = pc
        out.files[f"patients:{stem}"] = rel
    for stem, rel, fc in each(P2P_DIR, P2PContractFile):
        if fc.service_slug != stem:
            problems.append(f"{rel}: service_slug: '{fc.service_slug}' must equal the file name '{stem}'")
            continue
        out.p2p[stem] = fc
        out.files[f"p2p:{stem}"] = rel
    if problems:
        raise SeedError(problems)
    return out


# -------------------------------------------------------------------------------------------- lint


def lint_contracts(contracts: ContractSet, seeds: SeedSet) -> list[str]:
    """References and consistency of the contracts against the seeds (empty list when clean)."""
    out: list[str] = []
    workers = {w.id: w for w in seeds.workers.workers}
    for svc in seeds.services.values():
        workers.update({w.id: w for w in svc.extra_workers})
    for sid, c in sorted(contracts.patients.items()):
        where = f"{PATIENTS_DIR / sid}.yaml"
        mem = seeds.cm_members.get(sid)
        if mem is None:
            out.append(f"{where}: persona.scenario_id: no CM member '{sid}' in seeds/cm/")
            continue
        p, ident = mem.patient, c.persona.identity
        if (ident.given_name, ident.family_name, ident.birth_date) != (p.given_name, p.family_name, p.birth_date):
            out.append(f"{where}: persona.identity: name/birth date differ from the member's record "
                       f"({p.given_name} {p.family_name}, {p.birth_date})")
        if p.address.line.lower() not in ident.address.lower():
            out.append(f"{where}: persona.identity.address: does not contain the member's address '{p.address.line}'")
        if c.persona.consent_stance != mem.consent_stance:
            out.append(f"{where}: persona.consent_stance: '{c.persona.consent_stance}' but the member file says "
                       f"'{mem.consent_stance}'")
        tokens = [d for d in ("low", "moderate", "hard") if f"_{d}_" in sid]
        if tokens and c.persona.difficulty != tokens[0]:
            out.append(f"{where}: persona.difficulty: '{c.persona.difficulty}' but the scenario id says '{tokens[0]}'")
        if c.grader.expected_outcome not in STANCE_OUTCOMES[str(c.persona.consent_stance)]:
            out.append(f"{where}: grader.expected_outcome: '{c.grader.expected_outcome}' does not fit a "
                       f"'{c.persona.consent_stance}' member")
    for slug, f in sorted(contracts.p2p.items()):
        where = f"{P2P_DIR / slug}.yaml"
        svc = seeds.services.get(slug)
        if svc is None:
            out.append(f"{where}: service_slug: no service case '{slug}' in seeds/services/")
            continue
        if svc.intended.um_pickup_stage != "p2p":
            out.append(f"{where}: service_slug: '{slug}' is not a P2P case (UM pickup stage "
                       f"'{svc.intended.um_pickup_stage}')")
        expected = UM_TO_P2P.get(svc.intended.um_outcome)
        for side, g in sorted(f.grader.items()):
            if expected and g.expected_outcome != expected:
                out.append(f"{where}: grader.{side}.expected_outcome: '{g.expected_outcome}' but the case's intended "
                           f"UM outcome is '{svc.intended.um_outcome}'")
        docs = {d.id for d in svc.chart.documents} | {d.id for d in svc.payer_request.submitted_documents}
        for i, cp in enumerate(f.counterparts):
            wid = cp.identity.worker_id
            if cp.side == "provider" and wid != svc.order.ordering_worker_id:
                out.append(f"{where}: counterparts[{i}].identity.worker_id: '{wid}' is not the ordering clinician "
                           f"'{svc.order.ordering_worker_id}'")
            if cp.side == "payer" and wid is not None and (
                    wid not in workers or str(workers[wid].role) not in ("medical_director", "appeals_medical_director")):
                out.append(f"{where}: counterparts[{i}].identity.worker_id: '{wid}' is not a payer physician reviewer")
            for j, fact in enumerate(cp.facts):
                if fact.source and fact.source not in docs:
                    out.append(f"{where}: counterparts[{i}].facts[{j}].source: unknown document '{fact.source}'")
    return out


def contract_problems(root: Path, seeds: SeedSet) -> list[str]:
    """Schema and reference problems of the contracts under ``root`` (for ``chibench world check``)."""
    try:
        contracts = load_contracts(root)
    except SeedError as exc:
        return list(exc.problems)
    return lint_contracts(contracts, seeds)


# ---------------------------------------------------------------------------------------- populate


def populate_contracts(session: Session, contracts: ContractSet) -> None:
    """Insert the simulator parts and the grader parts into their separate hidden tables."""

    for sid, c in sorted(contracts.patients.items()):
        src = contracts.files.get(f"patients:{sid}", "")
        p = c.persona
        session.add(PatientPersonaContract(id=sid, consent_stance=str(p.consent_stance), difficulty=p.difficulty,
                                           turn_budget=p.budget, contract=p.model_dump(mode="json"), source=src))
        session.add(PatientPersonaGrading(id=sid, expected_outcome=c.grader.expected_outcome,
                                          expected_consent=c.grader.expected_consent,
                                          required_resolution_points=[r.model_dump(mode="json")
                                                                      for r in c.grader.required_resolution_points],
                                          must_avoid=list(c.grader.must_avoid), source=src))
    for slug, f in sorted(contracts.p2p.items()):
        src = contracts.files.get(f"p2p:{slug}", "")
        for cp in sorted(f.counterparts, key=lambda x: x.side):
            session.add(P2PCounterpartContract(id=f"{slug}:{cp.side}", service_slug=slug, side=cp.side,
                                               turn_limit=cp.turn_limit, contract=cp.model_dump(mode="json"),
                                               source=src))
        for agent_side, g in sorted(f.grader.items()):
            session.add(P2PContractGrading(id=f"{slug}:{agent_side}", service_slug=slug, agent_side=agent_side,
                                           expected_outcome=g.expected_outcome,
                                           required_resolution_points=[r.model_dump(mode="json")
                                                                       for r in g.required_resolution_points],
                                           key_fact_ids=list(g.key_fact_ids), source=src))


# -------------------------------------------------------------------------------------- run time


def persona_for(session: Session, scenario_id: str) -> PatientPersona | None:
    """The simulator-visible persona of a CM scenario (reads ``cm_patient_personas`` only)."""

    memo = session_memo(session, PatientPersonaContract.__tablename__)
    if memo is not None and scenario_id in memo:
        return memo[scenario_id]
    row = session.get(PatientPersonaContract, scenario_id)
    persona = None if row is None else PatientPersona.model_validate(row.contract)
    if memo is not None:
        memo[scenario_id] = persona  # frozen model: validated once per episode world (≈ 1.4 ms a call)
    return persona


def counterpart_for(session: Session, service_slug: str, side: str) -> P2PCounterpart | None:
    """The simulator-visible counterpart playing ``side`` for a service (reads ``p2p_counterpart_contracts`` only)."""

    key = f"{service_slug}:{side}"
    memo = session_memo(session, P2PCounterpartContract.__tablename__)
    if memo is not None and key in memo:
        return memo[key]
    row = session.get(P2PCounterpartContract, key)
    cp = None if row is None else P2PCounterpart.model_validate(row.contract)
    if memo is not None:
        memo[key] = cp  # frozen model: validated once per episode world
    return cp
