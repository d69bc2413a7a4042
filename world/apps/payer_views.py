"""Payer UM result shapes: the dicts payer services return for workers, members, cases, packets,
documents, routings, intakes and the review workspace (reads only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from chibench.world.apps import payer_reads as pr
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Coverage, Patient
from chibench.world.apps.intake_hub.models import IntakeCase
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.payer_queries import (
    case_lines,
    intake_for,
    intake_lines,
    payer_documents,
    plan_for,
    policy_criteria,
    policy_for_case,
    review_lines,
    routings,
    tasks_for,
    triage_for,
)
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.apps.triage.models import RoutingRecord
from chibench.world.core.serialize import to_dict


def worker_summary(s: Session, worker_id: str | None) -> dict[str, Any] | None:
    if not worker_id:
        return None
    w = s.get(Worker, worker_id)
    if w is None:
        return {"id": worker_id}
    return {"id": w.id, "name": w.display_name, "role": str(w.role), "credentials": w.credentials, "npi": w.npi,
            "org_id": w.org_id, "specialty": w.specialty}


def criteria_view(s: Session, policy: PayerPolicy | None) -> dict[str, Any] | None:
    """What a reviewer may see of the policy: its handbook id and the criteria (id, text, citation)."""
    if policy is None:
        return None
    return {"handbook_policy_id": policy.handbook_policy_id, "service_category": str(policy.service_category),
            "criteria": [{"criterion_id": c.criterion_id, "text": c.text, "citation": c.citation}
                         for c in policy_criteria(s, policy)]}


def member_view(s: Session, case: PACase) -> dict[str, Any]:
    """Member, coverage and plan as the payer's eligibility system shows them."""
    patient = s.get(Patient, case.patient_id)
    cov = s.get(Coverage, case.coverage_id)
    plan = plan_for(s, case)
    assert patient is not None and cov is not None
    return {"patient_id": patient.id, "name": f"{patient.given_name} {patient.family_name}",
            "birth_date": patient.birth_date.isoformat(), "sex": str(patient.sex), "state": patient.state,
            "preferred_language": patient.preferred_language, "member_id": cov.member_id,
            "coverage": {"status": str(cov.status), "effective_date": cov.effective_date.isoformat(),
                         "termination_date": cov.termination_date.isoformat() if cov.termination_date else None,
                         "group_number": cov.group_number},
            "plan": {"id": plan.id, "name": plan.name, "line_of_business": str(plan.line_of_business),
                     "product": str(plan.product), "state": plan.state}}


def packet_view(packet: SubmissionPacket | None) -> dict[str, Any] | None:
    """The request as received (payer copies only: provider originals' ids are left out)."""
    if packet is None:
        return None
    return to_dict(packet, exclude=("document_ids", "bundle_document_id"))


def document_view(s: Session, doc: Document, *, with_body: bool) -> dict[str, Any]:
    out = {"id": doc.id, "kind": str(doc.kind), "title": doc.title, "date": doc.date.isoformat(),
           "author": worker_summary(s, doc.author_worker_id), "signed": doc.signed,
           "signed_by": worker_summary(s, doc.signed_by), "origin": doc.origin, "copied_from": doc.copied_from,
           "received_at": to_dict(doc)["created_at"]}
    if with_body:
        out["body"] = doc.body
    return out


def review_workspace(s: Session, case: PACase) -> dict[str, Any]:
    """Everything a clinical reviewer needs: member, intake, triage, routing, lines, policy criteria, documents."""
    intake = intake_for(s, case.id)
    triage = triage_for(s, case.id)
    return {
        "case": case_summary(s, case),
        "member": member_view(s, case),
        "intake": intake_view(s, intake) if intake else None,
        "triage": to_dict(triage) if triage else None,
        "routing": [routing_view(r) for r in routings(s, case.id)],
        "review_tasks": [to_dict(t) for t in tasks_for(s, case.id)],
        "lines": review_lines(s, case),
        "policy": criteria_view(s, policy_for_case(s, case)),
        "documents": [document_view(s, d, with_body=True) for d in payer_documents(s, case.id)],
    }


def review_workspace_read(s: Session, cf: pr.CaseFile) -> dict[str, Any]:
    """:func:`review_workspace` in a read session from a :func:`payer_reads.case_file` (about half the statements)."""
    case = cf.case
    case_lines = pr.rows_by_case(s, "case_lines", case.id)
    intake_lines = pr.intake_line_rows(s, cf.intake.id) if cf.intake is not None else []
    lines = pr.working_lines(intake_lines, case_lines)
    intake = intake_view_read(cf, intake_lines)
    policy, _ = pr.policy_criteria_view(s, case, lines)
    return {
        "case": case_summary_read(s, cf, case_lines),
        "member": pr.member_view(s, case),
        "intake": intake,
        "triage": cf.triage_dict,
        "routing": routing_views_read(s, case.id),
        "review_tasks": [pr.TASK.as_dict(r) for r in pr.rows_by_case(s, "tasks", case.id)],
        "lines": lines,
        "policy": policy,
        "documents": [pr.document_view(s, d, with_body=True) for d in pr.payer_document_rows(s, case.id)],
    }


def intake_view_read(cf: pr.CaseFile, intake_lines: Sequence[Any]) -> dict[str, Any] | None:
    """:func:`intake_view` of a case file's intake (None without one) and its line rows."""
    if cf.intake_dict is None:
        return None
    return {**cf.intake_dict, "line_items": [pr.INTAKE_LINE.as_dict(r) for r in intake_lines]}


def routing_views_read(s: Session, case_id: str) -> list[dict[str, Any]]:
    """:func:`routing_view` of every routing record of the case, in order (one Core statement)."""
    return [pr.ROUTING.as_dict(r, _ROUTING_HIDDEN) for r in pr.rows_by_case(s, "routings", case_id)]


def case_summary_read(s: Session, cf: pr.CaseFile, case_lines: Sequence[Any]) -> dict[str, Any]:
    """:func:`case_summary` from a case file and its case-line rows."""
    d = dict(cf.case_dict)
    d["requesting_worker"] = worker_summary(s, cf.case.requesting_worker_id)
    d["lines"] = [pr.PA_LINE.as_dict(r) for r in case_lines]
    return d


def case_summary(s: Session, case: PACase) -> dict[str, Any]:
    d = to_dict(case)
    d["requesting_worker"] = worker_summary(s, case.requesting_worker_id)
    d["lines"] = [to_dict(ln) for ln in case_lines(s, case.id)]
    return d


_ROUTING_HIDDEN = ("policy_lane", "details")


def routing_view(rec: RoutingRecord) -> dict[str, Any]:
    """A routing record as workers see it: the lane chosen and why — never the precedence lane the
    engine computed (``policy_lane``/``details`` are the grader's answer)."""
    return to_dict(rec, exclude=_ROUTING_HIDDEN)


def intake_view(s: Session, intake: IntakeCase) -> dict[str, Any]:
    d = to_dict(intake)
    d["line_items"] = [to_dict(li) for li in intake_lines(s, intake.id)]
    return d
