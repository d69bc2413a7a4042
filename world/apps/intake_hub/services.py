"""Payer intake hub services: normalize a received PA request into an intake record and freeze the
four intake decisions (request complete, member eligible, service covered, provider network status).

Tool namespace ``payer_intake_hub`` (tool_manifest.md, payer). Actors: intake coordinators and UM
nurses (``rules.authority.INTAKE_STAFF``). All times UTC ISO-8601; dates ``YYYY-MM-DD``.
A complete intake is frozen: every editing call on it raises ``Conflict``. The payer sees only
payer-side copies of the submitted documents.
Sources: X12 278 (005010X217) request structure (header, diagnoses, requesting provider, service
lines); NCQA UM 2025 (UM 5 timeliness starts at receipt); CMS-0057-F (specific pend reasons).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from chibench.world.apps import payer_arguments as pargs
from chibench.world.apps import payer_queries as pq
from chibench.world.apps import payer_reads as pr
from chibench.world.apps import payer_views as pv
from chibench.world.apps import payer_writes as pw
from chibench.world.apps.intake_hub.models import IntakeCase, IntakeLineItem
from chibench.world.core import machines
from chibench.world.core import validate as v
from chibench.world.core.codes import icd10cm_description, is_billable_icd10cm, is_valid_npi
from chibench.world.core.enums import CaseStatus, CodeSystem, IntakeStatus, NetworkStatus, PlaceOfService, UrgencyLevel
from chibench.world.core.errors import Conflict, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules.authority import INTAKE_STAFF, require_role

APP = "intake_hub"
NS = "payer_intake_hub"
AUTH_TYPES = ("ip", "op", "rx")  # inpatient | outpatient | pharmacy
URGENCY_REQUESTERS = ("provider", "member", "payer")
DIAGNOSIS_TYPES = ("medical", "behavioral", "dental", "vision")
MAX_DIAGNOSES = 12  # X12 278 HI segment carries at most 12 diagnosis codes
MAX_LINES = 50
CODE_PATTERNS = {CodeSystem.CPT: re.compile(r"^[0-9]{4}[0-9FTU]$"), CodeSystem.HCPCS: re.compile(r"^[A-V][0-9]{4}$"),
                 CodeSystem.ICD10PCS: re.compile(r"^[0-9A-HJ-NP-Z]{7}$")}
MODIFIER = re.compile(r"^[0-9A-Z]{2}$")
RECEIVABLE = (CaseStatus.SUBMITTED, CaseStatus.RESUBMITTED)


# --------------------------------------------------------------------------- helpers


def _received(s: Any, case: Any) -> tuple[dt.datetime | None, str | None, str | None]:
    packet = pq.latest_packet(s, case.id)
    if packet is not None:
        return packet.submitted_at, str(packet.channel), packet.id
    return case.submitted_at, case.submission_channel, None


def _workflow_state(s: Any, case: Any, intake: IntakeCase | None) -> str:
    if intake is None:
        return "awaiting_intake"
    if intake.status != IntakeStatus.COMPLETE:
        return "intake_in_progress"
    if pq.triage_for(s, case.id) is None:
        return "awaiting_triage"
    if case.status in RECEIVABLE:
        return "awaiting_routing"
    return f"case_{case.status}"


def _queue_state(intake_id: str | None, intake_status: str | None, triage_id: str | None, status: str) -> str:
    """:func:`_workflow_state` from an intake-queue row's values (:data:`payer_reads.INTAKE_QUEUE`; statuses as
    their text)."""
    if intake_id is None:
        return "awaiting_intake"
    if intake_status != IntakeStatus.COMPLETE:
        return "intake_in_progress"
    if triage_id is None:
        return "awaiting_triage"
    if status in RECEIVABLE:
        return "awaiting_routing"
    return f"case_{status}"


def _editable(tx: Tx, case_id: str) -> tuple[Any, IntakeCase]:
    """Role check, case and intake lookup; refuses a frozen intake; the first edit moves new → in_progress."""
    require_role(tx.actor.role, INTAKE_STAFF, "edit a payer intake record")
    case = pq.get_case(tx.session, case_id)
    intake = pq.require_intake(tx.session, case.id)
    if intake.status == IntakeStatus.COMPLETE:
        raise Conflict(f"intake {intake.id} is complete and its decisions are frozen; it cannot be edited",
                       field="case_id")
    if intake.status == IntakeStatus.NEW:
        tx.transition(machines.INTAKE, intake, IntakeStatus.IN_PROGRESS, case_id=case.id)
    intake.updated_at = tx.now
    return case, intake


def _opt(value: Any, parse: Any, *args: Any) -> Any:
    return None if value is None else parse(value, *args)


def _state_code(value: Any, field: str) -> str:
    if not (isinstance(value, str) and re.fullmatch(r"[A-Z]{2}", value)):
        raise InvalidInput(f"'{value}' is not a two-letter USPS state code", field=field)
    return value


def _line_fields(system: Any, code: Any, display: Any, units: Any, modifier: Any, place_of_service: Any,
                 service_start: Any, service_end: Any) -> dict[str, Any]:
    """Validate a full set of line fields (used by add and by update after merging)."""
    sys_ = v.one_of(system, CodeSystem, "system")
    if not isinstance(code, str) or not CODE_PATTERNS[sys_].match(code):
        raise InvalidInput(f"'{code}' is not a valid {sys_} code", field="code")
    out = {"system": sys_, "code": code, "display": v.text(display, "display", max_len=300),
           "units": v.integer(units, "units", lo=1, hi=999), "modifier": None,
           "place_of_service": _opt(place_of_service, v.one_of, PlaceOfService, "place_of_service"),
           "service_start": _opt(service_start, v.iso_date, "service_start"),
           "service_end": _opt(service_end, v.iso_date, "service_end")}
    if modifier not in (None, ""):
        if not isinstance(modifier, str) or not MODIFIER.match(modifier):
            raise InvalidInput(f"'{modifier}' is not a two-character modifier", field="modifier")
        out["modifier"] = modifier
    if out["service_start"] and out["service_end"] and out["service_end"] < out["service_start"]:
        raise InvalidInput("service_end is before service_start", field="service_end")
    return out


def _line(tx: Tx, intake: IntakeCase, line_number: Any) -> IntakeLineItem:
    n = v.integer(line_number, "line_number", lo=1)
    lines = pq.intake_lines(tx.session, intake.id)
    for li in lines:
        if li.line_number == n:
            return li
    raise NotFound(f"intake {intake.id} has no line {n}", field="line_number",
                   allowed=[str(li.line_number) for li in lines])


def _result(tx: Tx, intake: IntakeCase) -> dict[str, Any]:
    tx.session.flush()
    return pv.intake_view(tx.session, intake)


# --------------------------------------------------------------------------- reads


def list_intake_queue(world: World, *, acting_as: str, include_complete: bool = False) -> list[dict[str, Any]]:
    """Requests awaiting the payer, oldest receipt first.

    Each row: ``case_id``, ``case_status``, ``intake_id`` (null before intake), ``intake_status``,
    ``workflow_state`` (awaiting_intake | intake_in_progress | awaiting_triage | awaiting_routing |
    case_<status>), ``received_at`` (UTC), ``channel``, ``requested_urgency``, ``member_name``.
    Without ``include_complete`` only cases still submitted/resubmitted or with an open intake are listed.
    Errors: UnknownActor / AuthorityError (non-payer actor), InvalidInput (bad flag).
    """
    flag = v.boolean(include_complete, "include_complete")
    with world.read() as s:
        pr.read_actor(s, acting_as)
        rows = []
        # one statement for the whole queue (a case's intake, triage, latest packet and member name joined)
        # (statuses, urgency, channels and times as their stored text: the values the dict shows)
        for (case_id, status, urgency, submitted_at, submission_channel, intake_id, intake_status, triage_id,
             packet_id, packet_submitted_at, packet_channel, given_name, family_name) in pr.intake_queue_rows(s):
            has_intake = intake_id is not None
            pending = status in RECEIVABLE or (has_intake and intake_status != IntakeStatus.COMPLETE)
            if not (pending or (flag and has_intake)):
                continue
            if packet_id is not None:  # as _received: the latest packet's receipt, else the case's stamp
                received, channel = packet_submitted_at, str(packet_channel)
            else:
                received, channel = submitted_at, submission_channel
            if received is None:
                continue
            rows.append({"case_id": case_id, "case_status": str(status),
                         "intake_id": intake_id, "intake_status": str(intake_status) if has_intake else None,
                         "workflow_state": _queue_state(intake_id, intake_status, triage_id, status),
                         "received_at": received, "channel": channel, "requested_urgency": str(urgency),
                         "member_name": f"{given_name} {family_name}"})
        return sorted(rows, key=lambda r: (r["received_at"], r["case_id"]))


def get_intake_case(world: World, *, acting_as: str, case_id: str) -> dict[str, Any]:
    """The intake record with its line items, the member's coverage as the eligibility system shows it,
    the request as received (channel, questionnaire answers, structured payload, payer copy ids), a
    directory match for the recorded requesting NPI, and the payer-side documents (no bodies).

    Errors: NotFound (no such case, or no intake yet), UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pr.read_actor(s, acting_as)
        cf = pr.case_file(s, case_id)
        case, intake = cf.case, pr.require_intake(cf)
        intake_view = pv.intake_view_read(cf, pr.intake_line_rows(s, intake.id))
        assert intake_view is not None
        return {**intake_view, "member": pr.member_view(s, case),
                "request": pr.latest_packet_dict(s, case.id),
                "directory_match": pr.directory_match(s, case, (intake.requesting_provider or {}).get("npi")),
                "documents": [pr.document_view(s, d, with_body=False) for d in pr.payer_document_rows(s, case.id)]}


def list_documents(world: World, *, acting_as: str, case_id: str) -> list[dict[str, Any]]:
    """Payer-side documents of the case (the payer's copies of what was submitted, plus payer-generated
    ones): id, kind, title, date, author, signed, signed_by, origin, copied_from, received_at — no body.
    Provider originals are never listed. Errors: NotFound (case), UnknownActor / AuthorityError.
    """
    with world.read() as s:
        pq.read_actor(s, acting_as)
        case = pr.case_file(s, case_id).case
        return [pr.document_view(s, d, with_body=False) for d in pr.payer_document_rows(s, case.id)]


# --------------------------------------------------------------------------- writes


def create_intake_case(world: World, *, acting_as: str, case_id: str, auth_type: str) -> dict[str, Any]:
    """Open the intake record for a received request (status ``new``), or return the existing one.

    ``auth_type``: ip (inpatient) | op (outpatient) | rx (pharmacy). ``received_at`` and ``channel``
    come from the latest submission packet (else the case's submission stamp). Returns the intake
    view plus ``created`` (false when it already existed — nothing is written then).
    Errors: UnknownActor / AuthorityError (not intake staff), NotFound (case), InvalidInput (auth_type),
    Conflict (the case is not submitted/resubmitted or has no receipt time).
    """
    kind = v.choice(auth_type, AUTH_TYPES, "auth_type")
    with world.read() as s:
        pq.read_actor(s, acting_as, INTAKE_STAFF, "open a payer intake record")
        existing = pq.intake_for(s, pq.get_case(s, case_id).id)
        if existing is not None:
            return {**pv.intake_view(s, existing), "created": False}
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.create_intake_case") as tx:
        require_role(tx.actor.role, INTAKE_STAFF, "open a payer intake record")
        case = pq.get_case(tx.session, case_id)
        if case.status not in RECEIVABLE:
            raise Conflict(f"case {case.id} is '{case.status}'; only a submitted or resubmitted request "
                           "can be taken into intake", field="case_id", allowed=RECEIVABLE)
        received, channel, packet_id = _received(tx.session, case)
        if received is None or channel is None:
            raise Conflict(f"case {case.id} has no recorded receipt", field="case_id")
        intake = IntakeCase(id=tx.new_id("INT"), case_id=case.id, packet_id=packet_id, status=None, auth_type=kind,
                            received_at=received, channel=channel, diagnoses=[], requesting_provider={},
                            missing_information=[], updated_at=tx.now)
        tx.transition(machines.INTAKE, intake, IntakeStatus.NEW, case_id=case.id)
        tx.session.add(intake)
        tx.log(case_id=case.id, entity_id=intake.id, details={"auth_type": kind, "packet_id": packet_id})
        return {**_result(tx, intake), "created": True}


def save_auth_header(world: World, *, acting_as: str, case_id: str, urgency_level: str | None = None,
                     urgency_requested_by: str | None = None, request_date: str | None = None,
                     service_start: str | None = None, service_end: str | None = None,
                     place_of_service: str | None = None, member_state: str | None = None,
                     member_eligibility_verified: bool | None = None,
                     continuity_of_care: bool | None = None) -> dict[str, Any]:
    """Partial update of the authorization header; ``None`` leaves a field unchanged (at least one given).

    urgency_level: stat | urgent | routine; urgency_requested_by: provider | member | payer;
    request_date (not after today, UTC), service_start/service_end (end ≥ start): YYYY-MM-DD;
    place_of_service: CMS two-digit POS code; member_state: USPS code.
    Errors: InvalidInput (named field), Conflict (intake complete), NotFound, UnknownActor / AuthorityError.
    """
    args = {"urgency_level": urgency_level, "urgency_requested_by": urgency_requested_by,
            "request_date": request_date, "service_start": service_start, "service_end": service_end,
            "place_of_service": place_of_service, "member_state": member_state,
            "member_eligibility_verified": member_eligibility_verified, "continuity_of_care": continuity_of_care}
    given = {k: val for k, val in args.items() if val is not None}
    if not given:
        raise InvalidInput("give at least one header field to save", field="urgency_level", allowed=list(args))
    parsers: dict[str, Any] = {
        "urgency_level": lambda x: v.one_of(x, UrgencyLevel, "urgency_level"),
        "urgency_requested_by": lambda x: v.choice(x, URGENCY_REQUESTERS, "urgency_requested_by"),
        "request_date": lambda x: v.iso_date(x, "request_date"),
        "service_start": lambda x: v.iso_date(x, "service_start"),
        "service_end": lambda x: v.iso_date(x, "service_end"),
        "place_of_service": lambda x: v.one_of(x, PlaceOfService, "place_of_service"),
        "member_state": lambda x: _state_code(x, "member_state"),
        "member_eligibility_verified": lambda x: v.boolean(x, "member_eligibility_verified"),
        "continuity_of_care": lambda x: v.boolean(x, "continuity_of_care")}
    values = {k: parsers[k](val) for k, val in given.items()}
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.save_auth_header") as tx:
        case, intake = _editable(tx, case_id)
        if "request_date" in values and values["request_date"] > tx.now.date():
            raise InvalidInput("request_date is in the future", field="request_date")
        start = values.get("service_start", intake.service_start)
        end = values.get("service_end", intake.service_end)
        if start and end and end < start:
            raise InvalidInput("service_end is before service_start", field="service_end")
        for k, val in values.items():
            setattr(intake, k, val)
        tx.log(case_id=case.id, entity_id=intake.id, details={k: to_dict(intake)[k] for k in values})
        return _result(tx, intake)


def save_diagnoses(world: World, *, acting_as: str, case_id: str, diagnoses: list[dict[str, Any]],
                   diagnosis_type: str | None = None) -> dict[str, Any]:
    """Replace the diagnosis list. Each item ``{code, is_primary, display?}``: a billable ICD-10-CM code
    (validated with simple-icd-10-cm), exactly one primary, no duplicates, at most 12 (X12 278 HI).
    ``display`` defaults to the code set's official description. ``diagnosis_type``: medical |
    behavioral | dental | vision (unchanged when omitted).
    Errors: InvalidInput (``diagnoses[i].code`` …), Conflict (intake complete), NotFound, UnknownActor / AuthorityError.
    """
    if not isinstance(diagnoses, list) or not diagnoses:
        raise InvalidInput("at least one diagnosis is required", field="diagnoses")
    if len(diagnoses) > MAX_DIAGNOSES:
        raise InvalidInput(f"at most {MAX_DIAGNOSES} diagnoses", field="diagnoses")
    rows: list[dict[str, Any]] = []
    for i, item in enumerate(diagnoses):
        where = f"diagnoses[{i}]"
        v.no_unknown_keys(v.obj(item, where), ("code", "display", "is_primary"), where)
        code = item.get("code")
        if not isinstance(code, str) or not is_billable_icd10cm(code):
            raise InvalidInput(f"'{code}' is not a billable ICD-10-CM code", field=f"{where}.code")
        display = v.text(item.get("display"), f"{where}.display", required=False, max_len=300) \
            or icd10cm_description(code)
        rows.append({"code": code, "display": display, "is_primary": v.boolean(item.get("is_primary"),
                                                                               f"{where}.is_primary")})
    if len({r["code"] for r in rows}) != len(rows):
        raise InvalidInput("a diagnosis code is listed twice", field="diagnoses")
    if sum(r["is_primary"] for r in rows) != 1:
        raise InvalidInput("exactly one diagnosis must be primary", field="diagnoses")
    dtype = _opt(diagnosis_type, v.choice, DIAGNOSIS_TYPES, "diagnosis_type")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.save_diagnoses") as tx:
        case, intake = _editable(tx, case_id)
        intake.diagnoses = rows
        if dtype is not None:
            intake.diagnosis_type = dtype
        tx.log(case_id=case.id, entity_id=intake.id, details={"codes": [r["code"] for r in rows]})
        return _result(tx, intake)


def save_requesting_provider(world: World, *, acting_as: str, case_id: str, npi: str, name: str,
                             organization: str | None = None, specialty: str | None = None,
                             phone: str | None = None, fax: str | None = None) -> dict[str, Any]:
    """Replace the requesting-provider block ``{npi, name, organization, specialty, phone, fax}``.

    ``npi`` must pass the CMS Luhn check (45 CFR 162.406). The gold-card check later uses exactly
    this NPI. Errors: InvalidInput (npi, name …), Conflict (intake complete), NotFound, UnknownActor / AuthorityError.
    """
    if not isinstance(npi, str) or not is_valid_npi(npi):
        raise InvalidInput(f"'{npi}' is not a valid NPI (10 digits, Luhn check digit)", field="npi")
    block = {"npi": npi, "name": v.text(name, "name", max_len=200)}
    for key, val in (("organization", organization), ("specialty", specialty), ("phone", phone), ("fax", fax)):
        block[key] = v.text(val, key, required=False, max_len=200) or None
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.save_requesting_provider") as tx:
        case, intake = _editable(tx, case_id)
        intake.requesting_provider = block
        tx.log(case_id=case.id, entity_id=intake.id, details={"npi": npi})
        return _result(tx, intake)


def add_line_item(world: World, *, acting_as: str, case_id: str, system: str, code: str, display: str, units: int,
                  modifier: str | None = None, place_of_service: str | None = None,
                  service_start: str | None = None, service_end: str | None = None,
                  line_number: int | None = None) -> dict[str, Any]:
    """Append a service line (id ``<intake>-L<n>``); ``line_number`` defaults to one past the highest.

    system: CPT | HCPCS | ICD-10-PCS with a code of that system's shape; units 1–999; modifier two
    characters; dates YYYY-MM-DD (end ≥ start). Errors: InvalidInput (named field), Conflict (line
    number taken, too many lines, intake complete), NotFound, UnknownActor / AuthorityError.
    """
    fields = _line_fields(system, code, display, units, modifier, place_of_service, service_start, service_end)
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.add_line_item") as tx:
        case, intake = _editable(tx, case_id)
        lines = pq.intake_lines(tx.session, intake.id)
        if len(lines) >= MAX_LINES:
            raise Conflict(f"an intake holds at most {MAX_LINES} lines", field="line_number")
        taken = {li.line_number for li in lines}
        n = max(taken, default=0) + 1 if line_number is None else v.integer(line_number, "line_number", lo=1, hi=99)
        if n in taken:
            raise Conflict(f"line {n} already exists; update it instead", field="line_number")
        item = IntakeLineItem(id=f"{intake.id}-L{n}", intake_id=intake.id, line_number=n, **fields)
        tx.session.add(item)
        tx.log(case_id=case.id, entity_id=item.id, details={"line_number": n, "code": fields["code"]})
        return _result(tx, intake)


def update_line_item(world: World, *, acting_as: str, case_id: str, line_number: int, system: str | None = None,
                     code: str | None = None, display: str | None = None, units: int | None = None,
                     modifier: str | None = None, place_of_service: str | None = None,
                     service_start: str | None = None, service_end: str | None = None) -> dict[str, Any]:
    """Change the named line's fields (``None`` keeps a field; ``modifier=""`` clears it); the merged
    line is validated as on add. Errors: InvalidInput, NotFound (no such line), Conflict (intake complete).
    """
    changes = {"system": system, "code": code, "display": display, "units": units, "modifier": modifier,
               "place_of_service": place_of_service, "service_start": service_start, "service_end": service_end}
    if all(val is None for val in changes.values()):
        raise InvalidInput("give at least one line field to change", field="code", allowed=list(changes))
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.update_line_item") as tx:
        case, intake = _editable(tx, case_id)
        item = _line(tx, intake, line_number)
        current = to_dict(item)
        merged = {k: (current[k] if val is None else val) for k, val in changes.items()}
        fields = _line_fields(**merged)
        for k, val in fields.items():
            setattr(item, k, val)
        tx.log(case_id=case.id, entity_id=item.id,
               details={"line_number": item.line_number, "changed": sorted(k for k, x in changes.items() if x is not None)})
        return _result(tx, intake)


def remove_line_item(world: World, *, acting_as: str, case_id: str, line_number: int) -> dict[str, Any]:
    """Delete the named line (other lines keep their numbers).
    Errors: NotFound (no such line), Conflict (intake complete), InvalidInput, UnknownActor / AuthorityError.
    """
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.remove_line_item") as tx:
        case, intake = _editable(tx, case_id)
        item = _line(tx, intake, line_number)
        tx.session.delete(item)
        tx.log(case_id=case.id, entity_id=item.id, details={"line_number": item.line_number, "code": item.code})
        return _result(tx, intake)


def _missing_for_completion(intake: IntakeCase, lines: list[IntakeLineItem]) -> list[str]:
    missing = [f for f in ("urgency_level", "service_start", "place_of_service", "member_state")
               if getattr(intake, f) is None]
    if not intake.diagnoses:
        missing.append("diagnoses")
    if not (intake.requesting_provider or {}).get("npi"):
        missing.append("requesting_provider")
    if not lines:
        missing.append("line_items")
    return missing


def confirm_decisions(world: World, *, acting_as: str, case_id: str, request_complete: bool, member_eligible: bool,
                      service_covered: bool, provider_network_status: str,
                      missing_information: list[str] | None = None, info_due: str | None = None) -> dict[str, Any]:
    """Freeze the four intake decisions and complete the intake (``new``/``in_progress`` → ``complete``).

    provider_network_status: in_network | out_of_network | not_found. The header (urgency, service
    start, place of service, member state), diagnoses, requesting provider and ≥1 line must be saved.
    ``request_complete=false`` needs ``missing_information`` (each item named) and ``info_due``
    (YYYY-MM-DD, after today UTC): the case is pended (submitted/resubmitted → pended_action_required,
    response due 23:59:59 UTC that day; the pend letter is the letter center's job); with ``request_complete=true``
    both must be omitted. The decisions are never amendable afterwards (routing checks lanes against them).
    Errors: InvalidInput (named field), Conflict (already complete, or header pieces missing —
    ``details.missing``), IllegalTransition (case cannot be pended from its status), NotFound,
    UnknownActor / AuthorityError.
    """
    complete = v.boolean(request_complete, "request_complete")
    eligible = v.boolean(member_eligible, "member_eligible")
    covered = v.boolean(service_covered, "service_covered")
    network = v.one_of(provider_network_status, NetworkStatus, "provider_network_status")
    with world.write(acting_as=acting_as, app=APP, action=f"{NS}.confirm_decisions") as tx:
        if complete:
            if missing_information:
                raise InvalidInput("a complete request has no missing information", field="missing_information")
            if info_due is not None:
                raise InvalidInput("a complete request has no response due date", field="info_due")
            items: list[str] = []
            due = None
        else:
            items, due = pargs.info_request_args(missing_information, info_due, tx.now,
                                              items_field="missing_information")
        case, intake = _editable(tx, case_id)
        missing = _missing_for_completion(intake, pq.intake_lines(tx.session, intake.id))
        if missing:
            raise Conflict(f"intake {intake.id} is not ready to confirm: save {', '.join(missing)} first",
                           field="case_id", details={"missing": missing})
        intake.decision_request_complete, intake.decision_member_eligible = complete, eligible
        intake.decision_service_covered, intake.decision_provider_network_status = covered, network
        intake.missing_information = items
        intake.completed_by, intake.completed_at = tx.actor.id, tx.now
        tx.transition(machines.INTAKE, intake, IntakeStatus.COMPLETE, case_id=case.id)
        if not complete:
            assert due is not None
            pw.pend_case(tx, case, items=items, due=due, source="intake")
        tx.log(case_id=case.id, entity_id=intake.id,
               details={"request_complete": complete, "member_eligible": eligible, "service_covered": covered,
                        "provider_network_status": str(network), "missing_information": items})
        return _result(tx, intake)
