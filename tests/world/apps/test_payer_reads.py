"""The Core reads of :mod:`payer_reads` against the ORM reads they replace in the payer read tools: workers and
the clock (``read_actor``, ``worker_summary``, ``current_time``), records read through a :class:`Part` (dates,
datetimes and enumerations selected as stored text) and document views — same values, same types, same errors,
for every kind of argument (the oracle only calls them with valid actors and ids)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from sqlalchemy import select

from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps.directory.models import Plan, Worker
from chibench.world.apps.ehr.models import Coverage, Patient
from chibench.world.apps.intake_hub import services as intake_services
from chibench.world.apps.md_review import services as md_services
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core import validate
from chibench.world.core.clock import iso
from chibench.world.core.enums import IntakeStatus, WorkerRole
from chibench.world.core.errors import DomainError
from chibench.world.core.serialize import plain, to_dict
from chibench.world.core.world import SYSTEM_ACTOR, World
from tests.world.apps.payer_support import (
    CASE,
    CM,
    INTAKE,
    MD1,
    NURSE,
    OTHER_CASE,
    PAC,
    PCP,
    build_payer_world,
    denied,
    do_intake,
    to_md_review,
    to_nurse_review,
)

ACTORS: list[Any] = [NURSE, MD1, INTAKE, PCP, PAC, CM, "WKR-NOPE", "", None, 7, ["WKR-UMN-01"]]


def _reference_worker_summary(s: Any, worker_id: str | None) -> dict[str, Any] | None:
    """The ORM ``payer_views.worker_summary`` that :func:`payer_reads.worker_summary` replaced."""
    if not worker_id:
        return None
    w = s.get(Worker, worker_id)
    if w is None:
        return {"id": worker_id}
    return {"id": w.id, "name": w.display_name, "role": str(w.role), "credentials": w.credentials, "npi": w.npi,
            "org_id": w.org_id, "specialty": w.specialty}


def _outcome(call: Any) -> tuple[str, Any]:
    try:
        w = call()
    except DomainError as exc:
        return "error", (type(exc), exc.to_dict())
    return "ok", (w.id, w.role, type(w.role))


@pytest.mark.parametrize("acting_as", ACTORS)
@pytest.mark.parametrize("allowed", [pq.PAYER_ROLES, frozenset({WorkerRole.UM_NURSE}), frozenset()])
def test_read_actor_matches_the_orm_read(payer_world: World, acting_as: Any, allowed: frozenset[WorkerRole]) -> None:
    with payer_world.read() as s:
        new = _outcome(lambda: pr.read_actor(s, acting_as, allowed, "look at this"))
    with payer_world.read() as s:
        old = _outcome(lambda: pq.read_actor(s, acting_as, allowed, "look at this"))
    assert new == old


def test_read_actor_defaults_and_errors(payer_world: World) -> None:
    with payer_world.read() as s:
        assert pr.read_actor(s, NURSE).role is WorkerRole.UM_NURSE
        with pytest.raises(DomainError) as refused:
            pr.read_actor(s, PCP)  # a provider physician reads no payer UM records
        assert refused.value.code == "not_authorized"
        assert "read payer UM records" in refused.value.message
        with pytest.raises(DomainError) as unknown:
            pr.read_actor(s, "WKR-NOPE")
        assert unknown.value.code == "unknown_actor"


@pytest.mark.parametrize("worker_id", [PCP, NURSE, MD1, INTAKE, CM, "WKR-NOPE", "", None])
def test_worker_summary_matches_the_orm_read(payer_world: World, worker_id: str | None) -> None:
    with payer_world.read() as s:
        new = pr.worker_summary(s, worker_id)
    with payer_world.read() as s:
        old = _reference_worker_summary(s, worker_id)
    assert new == old
    assert list(new or {}) == list(old or {})  # same key order, so the same result text


def test_worker_summary_of_a_known_worker(payer_world: World) -> None:
    with payer_world.read() as s:
        summary = pr.worker_summary(s, PCP)
    assert summary is not None
    assert summary["id"] == PCP and summary["role"] == "physician"
    assert list(summary) == ["id", "name", "role", "credentials", "npi", "org_id", "specialty"]


def test_current_time_is_the_clock(payer_world: World) -> None:
    with payer_world.read() as s:
        now = pr.current_time(s)
        assert now == pq.current_time(s)
        assert now.tzinfo is not None
    payer_world.advance(hours=2)
    with payer_world.read() as s:
        assert pr.current_time(s) == pq.current_time(s) == payer_world.now()


# --------------------------------------------------------------------------- parts read as stored text
def _orm_records(s: Any, part: pr.Part, case_id: str) -> list[Any]:
    table = part.cls.__table__
    key = table.c.case_id if "case_id" in table.c else None
    stmt = select(part.cls).order_by(table.c.id)
    return list(s.scalars(stmt if key is None else stmt.where(key == case_id)))


@pytest.mark.parametrize("name", ["CASE", "INTAKE", "TRIAGE", "NURSE_REC", "PA_LINE", "INTAKE_LINE", "ROUTING", "TASK",
                                  "EVALUATION", "MD_DECISION", "P2P", "PACKET", "DETERMINATION"])
def test_parts_give_to_dict_and_the_orm_values(name: str) -> None:
    """Every column, read as a Part reads it, gives ``to_dict``'s value in the dict and the ORM object's value
    (same type: date, aware datetime, enum member, bool, JSON) in the view."""
    part: pr.Part = getattr(pr, name)
    if name == "P2P":  # the MD's preliminary adverse determination; the world-played office asks for the P2P
        world = to_md_review()
        md_services.submit_md_case_decision(world, acting_as=MD1, case_id=CASE, decision="p2p_review",
                                            rationale="intend to deny; offering peer-to-peer")
    else:  # a case through intake, triage, nurse and MD review to a denial: every other record exists
        world = denied()
    try:
        with world.read() as s:
            objs = _orm_records(s, part, CASE)
            assert objs, name
            rows = s.execute(select(*part.cols).order_by(part.cls.__table__.c.id)
                             .where(part.cls.__table__.c.id.in_([o.id for o in objs]))).all()
            assert len(rows) == len(objs)
            for obj, row in zip(objs, rows, strict=True):
                assert part.as_dict(row) == to_dict(obj)
                assert list(part.as_dict(row)) == list(to_dict(obj))
                view = part.view(row)
                for key in part.keys:
                    value, expected = getattr(view, key), getattr(obj, key)
                    assert value == expected and type(value) is type(expected), (name, key)
                with pytest.raises(AttributeError):
                    _ = view.no_such_column
    finally:
        world.close()


def _reference_document_view(s: Any, doc: Any, *, with_body: bool) -> dict[str, Any]:
    """The document view as built from the ORM ``Document`` before the columns were read as stored text."""
    out = {"id": doc.id, "kind": str(doc.kind), "title": doc.title, "date": doc.date.isoformat(),
           "author": _reference_worker_summary(s, doc.author_worker_id), "signed": doc.signed,
           "signed_by": _reference_worker_summary(s, doc.signed_by), "origin": doc.origin,
           "copied_from": doc.copied_from, "received_at": plain(doc.created_at)}
    if with_body:
        out["body"] = doc.body
    return out


@pytest.mark.parametrize("with_body", [True, False])
@pytest.mark.parametrize("case_id", [CASE, OTHER_CASE, "CASE-NOPE"])
def test_document_views_match_the_orm_documents(with_body: bool, case_id: str) -> None:
    world = denied()  # the case's payer copies plus the payer's own letters and notes
    try:
        with world.read() as s:
            new = [pr.document_view(s, d, with_body=with_body) for d in pr.payer_document_rows(s, case_id)]
        with world.read() as s:
            old = [_reference_document_view(s, d, with_body=with_body) for d in pq.payer_documents(s, case_id)]
        assert new == old
        assert [list(d) for d in new] == [list(d) for d in old]
        assert (len(new) > 0) is (case_id != "CASE-NOPE")
    finally:
        world.close()


def _reference_member_view(s: Any, case: Any) -> dict[str, Any]:
    """The member view as built from the ORM objects before dates and enumerations were read as stored text."""
    p, c, plan = s.get(Patient, case.patient_id), s.get(Coverage, case.coverage_id), s.get(Plan, case.plan_id)
    return {"patient_id": p.id, "name": f"{p.given_name} {p.family_name}", "birth_date": p.birth_date.isoformat(),
            "sex": str(p.sex), "state": p.state, "preferred_language": p.preferred_language, "member_id": c.member_id,
            "coverage": {"status": str(c.status), "effective_date": c.effective_date.isoformat(),
                         "termination_date": c.termination_date.isoformat() if c.termination_date else None,
                         "group_number": c.group_number},
            "plan": {"id": plan.id, "name": plan.name, "line_of_business": str(plan.line_of_business),
                     "product": str(plan.product), "state": plan.state}}


@pytest.mark.parametrize("terminated", [False, True])
@pytest.mark.parametrize("case_id", [CASE, OTHER_CASE])
def test_member_view_matches_the_orm_records(payer_world: World, case_id: str, terminated: bool) -> None:
    if terminated:  # a coverage with an end date (the shipped worlds' coverages are open-ended)
        with payer_world.write(acting_as=SYSTEM_ACTOR, app="test", action="test.terminate", allow_system=True) as tx:
            case = tx.session.get(PACase, case_id)
            coverage = tx.session.get(Coverage, case.coverage_id)
            coverage.termination_date = dt.date(2027, 3, 31)
    with payer_world.read() as s:
        case = pr.case_file(s, case_id).case
        new = pr.member_view(s, case)
        old = _reference_member_view(s, case)
    assert new == old and json.dumps(new) == json.dumps(old)
    assert (new["coverage"]["termination_date"] == "2027-03-31") is terminated


# --------------------------------------------------------------------------- the intake queue
def _reference_queue(world: World, acting_as: str, include_complete: Any) -> list[dict[str, Any]]:
    """``list_intake_queue`` from the ORM records, with the intake hub's own helpers (``_received``,
    ``_workflow_state``) — the queue's definition that its one-statement read must give."""
    flag = validate.boolean(include_complete, "include_complete")
    with world.read() as s:
        pq.read_actor(s, acting_as)
        rows = []
        for case in s.scalars(select(PACase).order_by(PACase.id)):
            intake = pq.intake_for(s, case.id)
            pending = case.status in intake_services.RECEIVABLE or (
                intake is not None and intake.status != IntakeStatus.COMPLETE)
            if not (pending or (flag and intake is not None)):
                continue
            received, channel, _ = intake_services._received(s, case)  # noqa: SLF001
            if received is None:
                continue
            patient = s.get(Patient, case.patient_id)
            rows.append({"case_id": case.id, "case_status": str(case.status), "intake_id": intake and intake.id,
                         "intake_status": str(intake.status) if intake else None,
                         "workflow_state": intake_services._workflow_state(s, case, intake),  # noqa: SLF001
                         "received_at": iso(received), "channel": channel, "requested_urgency": str(case.urgency),
                         "member_name": f"{patient.given_name} {patient.family_name}"})
        return sorted(rows, key=lambda r: (r["received_at"], r["case_id"]))


def _queue_outcome(call: Any) -> tuple[str, Any]:
    try:
        return "ok", json.dumps(call())
    except DomainError as exc:
        return "error", (type(exc), exc.to_dict())


@pytest.mark.parametrize("stage", ["submitted", "intake", "nurse_review", "denied"])
def test_intake_queue_matches_its_definition(stage: str) -> None:
    world = {"submitted": build_payer_world, "intake": build_payer_world, "nurse_review": to_nurse_review,
             "denied": denied}[stage]()
    try:
        if stage == "intake":
            do_intake(world)
        seen = set()
        for actor in (INTAKE, NURSE, PCP, "WKR-NOPE"):
            for flag in (False, True, "yes", None):
                new = _queue_outcome(lambda a=actor, f=flag: intake_services.list_intake_queue(
                    world, acting_as=a, include_complete=f))
                old = _queue_outcome(lambda a=actor, f=flag: _reference_queue(world, a, f))
                assert new == old, (actor, flag)
                seen.add(new[0] if new[0] == "error" else len(json.loads(new[1])))
        assert "error" in seen and len(seen) > 1  # refusals and listed cases both compared
    finally:
        world.close()


@pytest.mark.parametrize("case_id", [CASE, OTHER_CASE])
def test_policy_criteria_view_matches_the_orm_policy(payer_world: World, case_id: str) -> None:
    with payer_world.read() as s:
        case = pq.get_case(s, case_id)
        lines = pq.review_lines(s, case)
        view, criterion_ids = pr.policy_criteria_view(s, pr.case_file(s, case_id).case, lines)
        policy = pq.policy_for_case(s, case)
        assert view == pv.criteria_view(s, policy) and view is not None
        assert criterion_ids == [c.criterion_id for c in pq.policy_criteria(s, policy)] and criterion_ids
