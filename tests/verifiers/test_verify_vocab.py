"""The grader's copy of the world's vocabulary matches the world (it reads exports, not the ORM)."""

from __future__ import annotations

from chibench.verifiers import vocab
from chibench.world.apps import registry  # noqa: F401  (registers every table)
from chibench.world.core import enums, machines
from chibench.world.core.db import Base
from chibench.world.core.enums import Lane
from chibench.world.rules import authority


def test_tables_and_primary_keys():
    assert set(Base.metadata.tables) == vocab.KNOWN_TABLES
    for name, table in Base.metadata.tables.items():
        pk = [c.name for c in table.primary_key.columns]
        assert pk == [vocab.PRIMARY_KEYS.get(name, "id")], name
    assert vocab.INFRASTRUCTURE_TABLES <= vocab.KNOWN_TABLES


def test_machines_and_statuses():
    assert set(vocab.MACHINE_TABLES) == set(machines.MACHINES)
    for table in vocab.MACHINE_TABLES.values():
        assert "status" in Base.metadata.tables[table].columns
    assert {s.value for s in machines.CaseStatus} == vocab.PA_CASE_STATUSES
    assert {s.value for s in machines.CMCaseStatus} == vocab.CM_CASE_STATUSES


def test_value_sets():
    assert {s.value for s in enums.UrgencyLevel} == vocab.URGENCY_LEVELS
    assert {s.value for s in enums.NetworkStatus} == vocab.NETWORK_STATUSES
    assert {s.value for s in Lane} == vocab.LANES
    assert {s.value for s in enums.DocumentKind} == vocab.DOCUMENT_KINDS
    assert {s.value for s in enums.SubmissionChannel} == vocab.SUBMISSION_CHANNELS
    assert {s.value for s in enums.CMProgram} == vocab.CM_PROGRAMS
    assert {s.value for s in enums.CMPriority} == vocab.CM_PRIORITIES
    assert {s.value for s in enums.RiskLevel} == vocab.RISK_LEVELS
    assert {str(r) for r in authority.CLINICIANS} == vocab.CLINICIAN_ROLES
    assert set(authority.NURSE_RECOMMENDATIONS) == vocab.NURSE_RECOMMENDATIONS
    assert set(authority.MD_DECISIONS) == vocab.MD_DECISIONS


def test_service_value_sets():
    from chibench.world.apps import payer_queries as pq
    from chibench.world.apps.cm_care_plan import services as cp
    from chibench.world.apps.cm_referral import services as ref
    from chibench.world.apps.letter_center import services as letters
    from chibench.world.apps.pa_workbench import services as cases
    from chibench.world.rules import letter_audit

    assert set(cp.OWNERS) == vocab.INTERVENTION_OWNERS and set(cp.CADENCES) == vocab.CADENCES
    assert set(ref.DISENROLL_REASONS) == vocab.DISENROLL_REASONS
    assert set(letters.NOTIFICATION_TYPES) == vocab.NOTIFICATION_TYPES
    assert set(letters.NOTIFICATION_CHANNELS) == vocab.NOTIFICATION_CHANNELS
    assert set(letter_audit.LETTER_TYPES) <= vocab.LETTER_TYPES
    assert set(pq.DELIVERY_CHANNELS) == vocab.LETTER_CHANNELS
    assert set(cases.FINAL_ACTIONS) == vocab.FINAL_ACTIONS and set(cases.FINDING_STATUSES) == vocab.FINDING_STATUSES
