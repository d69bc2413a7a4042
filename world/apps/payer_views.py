"""Payer UM result shapes: the dicts payer services return for workers, policy criteria, cases, routings,
intakes and the review workspace (reads only). Members, submission packets and documents are built by
:mod:`payer_reads` (``member_view``, ``latest_packet_dict``, ``document_view``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from chibench.world.apps import payer_reads as pr
from chibench.world.apps.intake_hub.models import IntakeCase
from chibench.world.apps.payer_queries import intake_lines, policy_criteria
from chibench.world.apps.policy_library.models import PayerPolicy
from chibench.world.apps.triage.models import RoutingRecord
from chibench.world.core.serialize import to_dict


def criteria_view(s: Session, policy: PayerPolicy | None) -> dict[str, Any] | None:
    """What a reviewer may see of the policy: its handbook id and the criteria (id, text, citation)."""
    if policy is None:
        return None
    return {"handbook_policy_id": policy.handbook_policy_id, "service_category": str(policy.service_category),
            "criteria": [{"criterion_id": c.criterion_id, "text": c.text, "citation": c.citation}
                         for c in policy_criteria(s, policy)]}


def review_workspace_read(s: Session, cf: pr.CaseFile) -> dict[str, Any]:
    """Everything a clinical reviewer needs, from a :func:`payer_reads.case_file` in a read session: ``case``
    (:func:`case_summary_read`), ``member`` (:func:`payer_reads.member_view`), ``intake``
    (:func:`intake_view_read`, None without one), ``triage`` (None without one), ``routing``
    (:func:`routing_views_read`), ``review_tasks``, ``lines`` (the working lines: the intake's, else the
    case's), ``policy`` (:func:`criteria_view`'s shape, None when no policy governs the case) and
    ``documents`` (payer-side, with bodies, by id)."""
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
    """The case's canonical dict with ``requesting_worker`` (:func:`payer_reads.worker_summary`) and ``lines`` (the
    case-line rows as canonical dicts, in the order given: ``payer_reads.rows_by_case(s, "case_lines", …)``)."""
    d = dict(cf.case_dict)
    d["requesting_worker"] = pr.worker_summary(s, cf.case.requesting_worker_id)
    d["lines"] = [pr.PA_LINE.as_dict(r) for r in case_lines]
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
