"""Document vault + forms services (provider side).

Documents: the patient's chart documents and the case's uploads and bundles, all ``side="provider"``.
The provider never reads payer-side copies (they are made by the submission portal). Authorship is
the acting worker; a document is signed only when a clinician (``rules.authority.CLINICIANS``)
uploads it with ``sign=true`` — PA coordinators' documents are never signed and are not clinical
evidence (``rules.adjudication``: only clinician-authored, signed documents satisfy clinical kinds).

Forms: the payer questionnaire the plan publishes for the case's policy (keys, text, answer types,
choices, required) — never the hidden criteria. Answers are checked with
``rules.channels.questionnaire_problems``.

Reads never write or advance the clock; each write is one transaction (nothing on error).
Times UTC ISO-8601; dates ``YYYY-MM-DD``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from sqlalchemy import bindparam, or_, select
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Worker
from chibench.world.apps.document_vault.models import Document, FormResponse
from chibench.world.apps.ehr.models import Coverage, Patient, ServiceRequest
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.provider_common import (
    ASSEMBLY_STATUSES,
    DOC_INDEX,
    PROVIDER_READERS,
    WORKER_CARD_COLUMNS,
    PublishedRequirement,
    case_provider_document,
    clinician_signed,
    doc_summaries,
    doc_summaries_select,
    load_case,
    patient_visible,
    published_requirement,
    question_view,
    read_actor,
    require_status,
    tx_case,
    worker_card,
    worker_card_of,
)
from chibench.world.apps.row_shapes import RowShape
from chibench.world.core import validate as v
from chibench.world.core.enums import PROVIDER_SUBMITTABLE_KINDS, CaseStatus, DocumentKind
from chibench.world.core.errors import AuthorityError, InvalidInput, NotFound
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import Tx, World
from chibench.world.rules import authority
from chibench.world.rules.channels import questionnaire_problems

APP = "document_vault"
UPLOADABLE_KINDS = tuple(sorted(str(k) for k in PROVIDER_SUBMITTABLE_KINDS))
#: Accepted binary uploads and the leading bytes each must start with.
MIME_MAGIC: dict[str, tuple[bytes, ...]] = {
    "application/pdf": (b"%PDF-",),
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/tiff": (b"II*\x00", b"MM\x00*"),
}
MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # 10 MiB decoded
MAX_BUNDLE_DOCUMENTS = 50
MAX_ANSWER_CHARS = 2_000


# ------------------------------------------------------------------------------ documents
#: ``case_documents_query`` as one statement with the authors' cards (``provider_common.doc_summaries``).
_CASE_DOCUMENTS = (doc_summaries_select()
                   .where(DOC_INDEX.c.patient_id == bindparam("pid"), DOC_INDEX.c.side == "provider",
                          or_(DOC_INDEX.c.case_id.is_(None), DOC_INDEX.c.case_id == bindparam("cid")))
                   .order_by(DOC_INDEX.c.date.desc(), DOC_INDEX.c.id))


#: A whole document row as ``to_dict`` prints it (body included).
_DOC_FULL = RowShape(Document)
_CASES, _ORDERS, _WORKERS = PACase.__table__, ServiceRequest.__table__, Worker.__table__
#: ``get_document``'s reads in one statement: the document, its author's card, and (for a case upload)
#: the case id and the ordering organization (``case_org_id``).
_DOCUMENT = (select(*_DOC_FULL.columns, *WORKER_CARD_COLUMNS, _CASES.c.id, _ORDERS.c.org_id)
             .select_from(_DOC_FULL.table
                          .outerjoin(_WORKERS, _DOC_FULL.c.author_worker_id == _WORKERS.c.id)
                          .outerjoin(_CASES, _DOC_FULL.c.case_id == _CASES.c.id)
                          .outerjoin(_ORDERS, _CASES.c.order_id == _ORDERS.c.id))
             .where(_DOC_FULL.c.id == bindparam("did")))
_SIDE_AT = _DOC_FULL.keys.index("side")
_PATIENT_AT = _DOC_FULL.keys.index("patient_id")
_CASE_AT = _DOC_FULL.width + 8
#: Roles' stored values that make a signed document clinical evidence (``authority.CLINICIANS``).
_CLINICIAN_ROLES = frozenset(str(r) for r in authority.CLINICIANS)


def list_case_documents(world: World, *, acting_as: str, case_id: str) -> list[dict[str, Any]]:
    """Provider-side documents usable on a case: the patient's chart documents plus this case's
    uploads and submission bundles; newest first (date, then id). Index entries (no body): every
    document column except ``body``, plus ``author`` {id, name, role, org_id, npi}, ``clinician_signed``
    and ``body_chars``. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "list case documents")
        case = load_case(s, case_id, actor, "list this case's documents", roles=PROVIDER_READERS)
        return doc_summaries(s.execute(_CASE_DOCUMENTS, {"pid": case.patient_id, "cid": case.id}).all())


def get_document(world: World, *, acting_as: str, document_id: str) -> dict[str, Any]:
    """One provider-side document with its body (text; for binary uploads the uploader's description,
    with ``details`` {filename, mime_type, byte_count, sha256}). Errors: ``unknown_actor``,
    ``not_authorized``; ``not_found`` (unknown id, a payer/CM-side document, a patient outside the
    actor's EHR, or an upload on another organization's case).
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "read documents")
        did = v.text(document_id, "document_id", max_len=48).strip()
        row = s.execute(_DOCUMENT, {"did": did}).first()
        if row is None or row[_SIDE_AT] != "provider":
            raise NotFound(f"no provider document with id '{did}'", field="document_id")
        if not patient_visible(s, row[_PATIENT_AT], actor) or (
                row[_CASE_AT] is not None and row[_CASE_AT + 1] != actor.org_id):
            raise NotFound(f"no provider document with id '{did}'", field="document_id")
        out = _DOC_FULL.as_dict(row)
        author = worker_card_of(row[_DOC_FULL.width:_DOC_FULL.width + 8])
        out["author"] = author
        out["clinician_signed"] = bool(out["signed"]) and author is not None and author["role"] in _CLINICIAN_ROLES
        return out


def worker_card_for(s: Session, worker_id: str | None) -> dict[str, Any] | None:
    return worker_card(s.get(Worker, worker_id)) if worker_id else None


def _new_upload(tx: Tx, case: PACase, *, kind: DocumentKind, title: str, body: str, sign: bool,
                details: dict[str, Any]) -> Document:
    if sign and tx.actor.role not in authority.CLINICIANS:
        raise AuthorityError(f"a worker with role '{tx.actor.role}' cannot sign clinical documents; upload unsigned "
                             "or ask the ordering clinician to sign", field="sign", allowed=("false",))
    doc = Document(id=tx.new_id("DOC"), patient_id=case.patient_id, case_id=case.id, encounter_id=None, kind=kind,
                   title=title, body=body, date=tx.now.date(), author_worker_id=tx.actor.id, signed=sign,
                   signed_by=tx.actor.id if sign else None, signed_at=tx.now if sign else None, origin="upload",
                   side="provider", copied_from=None, created_at=tx.now, details=details)
    tx.session.add(doc)
    return doc


def _upload_case(tx: Tx, case_id: str) -> PACase:
    case = tx_case(tx, case_id, "add documents to the case")
    if str(case.status) == CaseStatus.CLOSED:
        raise InvalidInput(f"case {case.id} is closed; documents cannot be added", field="case_id")
    return case


def upload_evidence(world: World, *, acting_as: str, case_id: str, kind: str, title: str, body: str,
                    sign: bool = False) -> dict[str, Any]:
    """Attach a text document to the case (author = the actor; dated today in the world).

    ``kind``: a provider-submittable kind (chart_note, progress_note, letter_of_medical_necessity,
    imaging_report, lab_summary, questionnaire, site_of_service_attestation, pa_request_form, …).
    ``title`` ≤300 chars; ``body`` ≤20,000 chars (Markdown). ``sign=true`` is allowed only for
    clinicians (the document is then signed by them, now); everybody else's uploads stay unsigned.
    A ``questionnaire`` document may carry answers as ``key: value`` lines (read by the payer when a
    channel does not carry structured answers, e.g. EDI 278).

    Returns the document (``get_document`` shape). Errors: ``unknown_actor``, ``not_authorized``
    (role/organization; a non-clinician asking to sign), ``not_found``, ``invalid_input`` (kind,
    title, body; closed case).
    """
    with world.write(acting_as=acting_as, app=APP, action="docs.upload_evidence") as tx:
        case = _upload_case(tx, case_id)
        k = DocumentKind(v.choice(kind, UPLOADABLE_KINDS, "kind"))
        t = v.text(title, "title", max_len=v.MAX_SHORT)
        b = v.text(body, "body", min_len=1)
        signed = v.boolean(sign, "sign")
        doc = _new_upload(tx, case, kind=k, title=t, body=b, sign=signed, details={})
        tx.log(case_id=case.id, entity_id=doc.id, details={"kind": str(k), "signed": signed, "chars": len(b)})
        tx.session.flush()
        out = to_dict(doc)
        out["clinician_signed"] = clinician_signed(tx.session, doc)
        return out


def upload_evidence_file(world: World, *, acting_as: str, case_id: str, kind: str, title: str, filename: str,
                         mime_type: str, content_base64: str, description: str, sign: bool = False
                         ) -> dict[str, Any]:
    """Attach a binary file (PDF, PNG, JPEG or TIFF) to the case.

    ``content_base64``: standard base64 of the file (≤10 MiB decoded, non-empty); the bytes must
    start with the signature of ``mime_type`` (application/pdf ``%PDF-``, image/png, image/jpeg,
    image/tiff). The vault stores the decoded ``byte_count``, ``sha256``, ``mime_type`` and
    ``filename`` in ``details``; the document ``body`` is the uploader's ``description`` (≤2,000
    chars) — no text is extracted, so a reviewer relies on that description (say what the file is).
    Signing as in ``upload_evidence``.

    Errors: as ``upload_evidence``; ``invalid_input`` for an unsupported ``mime_type`` (allowed
    listed), undecodable base64, empty or oversize content, or bytes that do not match the type.
    """
    with world.write(acting_as=acting_as, app=APP, action="docs.upload_evidence_file") as tx:
        case = _upload_case(tx, case_id)
        k = DocumentKind(v.choice(kind, UPLOADABLE_KINDS, "kind"))
        t = v.text(title, "title", max_len=v.MAX_SHORT)
        name = v.text(filename, "filename", max_len=200).strip()
        if "/" in name or "\\" in name:
            raise InvalidInput("a bare file name is expected (no directories)", field="filename")
        mime = v.choice(mime_type, tuple(MIME_MAGIC), "mime_type")
        desc = v.text(description, "description", max_len=MAX_ANSWER_CHARS, min_len=10)
        signed = v.boolean(sign, "sign")
        if not isinstance(content_base64, str) or not content_base64.strip():
            raise InvalidInput("base64 content is required", field="content_base64")
        if len(content_base64) > (MAX_UPLOAD_BYTES * 4) // 3 + 8:
            raise InvalidInput(f"file is larger than {MAX_UPLOAD_BYTES} bytes", field="content_base64")
        try:
            data = base64.b64decode("".join(content_base64.split()), validate=True)
        except (binascii.Error, ValueError):
            raise InvalidInput("content is not valid base64", field="content_base64") from None
        if not data:
            raise InvalidInput("the file is empty", field="content_base64")
        if len(data) > MAX_UPLOAD_BYTES:
            raise InvalidInput(f"file is {len(data)} bytes; at most {MAX_UPLOAD_BYTES}", field="content_base64")
        if not data.startswith(MIME_MAGIC[mime]):
            raise InvalidInput(f"the bytes are not a {mime} file", field="content_base64")
        details = {"binary": True, "filename": name, "mime_type": mime, "byte_count": len(data),
                   "sha256": hashlib.sha256(data).hexdigest()}
        doc = _new_upload(tx, case, kind=k, title=t, body=desc, sign=signed, details=details)
        tx.log(case_id=case.id, entity_id=doc.id, details={"kind": str(k), "signed": signed, **details})
        tx.session.flush()
        out = to_dict(doc)
        out["clinician_signed"] = clinician_signed(tx.session, doc)
        return out


def create_submission_bundle(world: World, *, acting_as: str, case_id: str, document_ids: list[str],
                             note: str | None = None) -> dict[str, Any]:
    """Write a ``submission_bundle`` document listing the documents to send (1–50, no duplicates).

    Every id must be a provider document of the case's patient — on the chart or uploaded to this
    case — and not itself a bundle. The bundle's body is a manifest table (id, kind, title, date,
    author, signed); ``details.document_ids`` keeps the order. The case status does not change
    (the disposition is recorded by ``finalize_provider_determination``). Allowed while the packet
    can be assembled: requirement_checked, docs_needed, ready_to_submit, pended_action_required.

    Returns the bundle document. Errors: ``unknown_actor``, ``not_authorized``, ``not_found``
    (a document id), ``invalid_input`` (field ``document_ids``), ``conflict`` (case status).
    """
    with world.write(acting_as=acting_as, app=APP, action="docs.create_submission_bundle") as tx:
        case = tx_case(tx, case_id, "assemble a submission bundle")
        require_status(case, ASSEMBLY_STATUSES, "assemble a submission bundle")
        ids = v.str_list(document_ids, "document_ids", required=True, max_items=MAX_BUNDLE_DOCUMENTS, max_len=48)
        if len(set(ids)) != len(ids):
            raise InvalidInput("a document is listed twice", field="document_ids")
        note_text = v.text(note, "note", required=False, max_len=2_000) or None
        docs = [case_provider_document(tx.session, case, d, "document_ids") for d in ids]
        if any(str(d.kind) == DocumentKind.SUBMISSION_BUNDLE for d in docs):
            raise InvalidInput("a bundle cannot contain another bundle", field="document_ids")
        patient = tx.session.get(Patient, case.patient_id)
        cov = tx.session.get(Coverage, case.coverage_id)
        assert patient is not None and cov is not None
        rows = []
        for i, d in enumerate(docs, start=1):
            author = worker_card_for(tx.session, d.author_worker_id) or {}
            rows.append(f"| {i} | {d.id} | {d.kind} | {d.title} | {d.date.isoformat()} | {author.get('name', '')} | "
                        f"{'signed' if d.signed else 'unsigned'} |")
        body = "\n".join([
            f"# Submission bundle — case {case.id}",
            "",
            f"Patient: {patient.given_name} {patient.family_name} (DOB {patient.birth_date.isoformat()}), "
            f"member id {cov.member_id}",
            f"Prepared by {tx.actor.id} on {tx.now.date().isoformat()}.",
            "",
            "| # | document | kind | title | date | author | signature |",
            "|---|---|---|---|---|---|---|",
            *rows,
            *(["", f"Note: {note_text}"] if note_text else []),
        ])
        bundle = Document(id=tx.new_id("DOC"), patient_id=case.patient_id, case_id=case.id, encounter_id=None,
                          kind=DocumentKind.SUBMISSION_BUNDLE, title=f"Submission bundle for {case.id}", body=body,
                          date=tx.now.date(), author_worker_id=tx.actor.id, signed=False, signed_by=None,
                          signed_at=None, origin="system", side="provider", copied_from=None, created_at=tx.now,
                          details={"document_ids": ids, "note": note_text})
        tx.session.add(bundle)
        tx.log(case_id=case.id, entity_id=bundle.id, details={"document_ids": ids})
        tx.session.flush()
        return to_dict(bundle)


# ------------------------------------------------------------------------------ forms
def _form_response(s: Session, case_id: str, form_id: str) -> FormResponse | None:
    return s.scalars(select(FormResponse).where(FormResponse.case_id == case_id, FormResponse.form_id == form_id)
                     ).first()


def _form_view(s: Session, case: PACase, pr: PublishedRequirement) -> dict[str, Any]:
    assert pr.form_id is not None
    resp = _form_response(s, case.id, pr.form_id)
    answers = dict(resp.answers) if resp else {}
    problems = questionnaire_problems(pr.questions, answers)
    status = "not_started" if resp is None else ("complete" if not problems else "incomplete")
    return {"form_id": pr.form_id, "title": f"Prior authorization questionnaire ({pr.result.handbook_policy_id})",
            "policy_reference": pr.result.handbook_policy_id, "questions": [question_view(q) for q in pr.questions],
            "status": status, "answers": answers, "problems": problems,
            "response_id": resp.id if resp else None, "updated_at": to_dict(resp)["updated_at"] if resp else None}


def list_required_forms(world: World, *, acting_as: str, case_id: str) -> list[dict[str, Any]]:
    """The payer forms the plan requires for this case, with completion status.

    Today that is at most one: the questionnaire of the plan's policy for the case's codes, when PA
    is required. Each: ``{form_id, title, policy_reference, questions: [{key, text, answer_type
    (boolean|number|date|text|choice), choices, required}], status (not_started|incomplete|complete),
    answers, problems, response_id, updated_at}``. Empty when no form is required.
    Errors: ``unknown_actor``, ``not_authorized``, ``not_found``.
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "read payer forms")
        case = load_case(s, case_id, actor, "read this case's forms", roles=PROVIDER_READERS)
        pr = published_requirement(s, case)
        return [_form_view(s, case, pr)] if pr.form_id else []


def _require_form(pr: PublishedRequirement, form_id: Any) -> str:
    if pr.form_id is None:
        raise InvalidInput("the plan requires no form for this case", field="form_id", allowed=())
    return v.choice(form_id, (pr.form_id,), "form_id")


def save_form_response(world: World, *, acting_as: str, case_id: str, form_id: str, answers: dict[str, Any]
                       ) -> dict[str, Any]:
    """Save questionnaire answers (merged into earlier answers; a ``null`` value clears a key) and
    report validation. Values: strings (≤2,000 chars), numbers or booleans; keys must be questions
    on the form (others are refused, naming the allowed keys). Answers that are missing or of the
    wrong type are saved and listed under ``problems`` (``complete`` is false until there are none);
    a portal or API submission refuses an incomplete questionnaire.

    Returns ``list_required_forms``'s entry for the form. Errors: ``unknown_actor``,
    ``not_authorized``, ``not_found``, ``invalid_input`` (form_id, answers), ``conflict`` (case
    status: forms can be edited while the packet is assembled or a pend is answered).
    """
    with world.write(acting_as=acting_as, app=APP, action="forms.save_form_response") as tx:
        case = tx_case(tx, case_id, "answer the payer questionnaire")
        require_status(case, ASSEMBLY_STATUSES, "edit the questionnaire")
        pr = published_requirement(tx.session, case)
        fid = _require_form(pr, form_id)
        raw = v.obj(answers, "answers")
        keys = [q.key for q in pr.questions]
        v.no_unknown_keys(raw, keys, "answers")
        for k, val in raw.items():
            if val is not None and (not isinstance(val, str | int | float | bool)):
                raise InvalidInput("answers are strings, numbers or booleans", field=f"answers.{k}")
            if isinstance(val, str) and len(val) > MAX_ANSWER_CHARS:
                raise InvalidInput(f"answer too long (at most {MAX_ANSWER_CHARS} characters)", field=f"answers.{k}")
        resp = _form_response(tx.session, case.id, fid)
        merged = dict(resp.answers) if resp else {}
        for k, val in raw.items():
            if val is None:
                merged.pop(k, None)
            else:
                merged[k] = val
        problems = questionnaire_problems(pr.questions, merged)
        if resp is None:
            resp = FormResponse(id=tx.new_id("FORM"), case_id=case.id, form_id=fid, answers=merged,
                                complete=not problems, problems=problems, updated_by=tx.actor.id, updated_at=tx.now)
            tx.session.add(resp)
        else:
            resp.answers, resp.complete, resp.problems = merged, not problems, problems
            resp.updated_by, resp.updated_at = tx.actor.id, tx.now
        tx.log(case_id=case.id, entity_id=resp.id, details={"form_id": fid, "keys": sorted(raw),
                                                           "complete": not problems})
        tx.session.flush()
        return _form_view(tx.session, case, pr)


def validate_form(world: World, *, acting_as: str, case_id: str, form_id: str | None = None) -> dict[str, Any]:
    """Check the saved answers against the form (a read). ``form_id`` defaults to the case's form.

    Returns ``{form_id, status, complete, problems, answers}``. Errors: ``unknown_actor``,
    ``not_authorized``, ``not_found``, ``invalid_input`` (no form required / wrong form id).
    """
    with world.read() as s:
        actor = read_actor(s, acting_as, PROVIDER_READERS, "validate payer forms")
        case = load_case(s, case_id, actor, "validate this case's forms", roles=PROVIDER_READERS)
        pr = published_requirement(s, case)
        if form_id is None and pr.form_id is not None:
            form_id = pr.form_id
        _require_form(pr, form_id)
        view = _form_view(s, case, pr)
        return {"form_id": view["form_id"], "status": view["status"], "complete": view["status"] == "complete",
                "problems": view["problems"], "answers": view["answers"]}

