"""The ordering clinician's answer to a coordinator's documentation request (provider side).

When a coordinator records a ``gather_more_evidence`` disposition (``services.finalize_provider_determination``,
case → ``docs_needed``), the request goes to the ordering clinician. This module is the clinician's side of
that exchange, scripted by the service seed's hidden ``clinician_reply`` block
(``seeds.schema.ClinicianReplySeed``):

* **supplied** — the seed has ``supplies`` and *every* ``request_patterns`` regex matches the request
  (case-insensitive): the clinician files ``supplies.document`` on the case (kind and title from the seed,
  a new ``DOC-…`` id, authored and signed by the seed's author, dated the day of the reply, ``origin
  "clinical"``) and posts an inbox message (kind ``clinician_reply``) saying it was filed and under which id;
* **not supplied** — no ``supplies``, or a pattern does not match: an inbox message from the ordering
  clinician carries the seed's ``otherwise`` text (e.g. "no document can fix this: the study was never
  done"); nothing is filed;
* the document is filed at most once per case: a later matching request gets a message pointing to the
  document already filed;
* a service without a ``clinician_reply`` block (or a world not built from the seeds) gets no reply.

**Timing.** The reply is its own world event, written *after* the disposition has committed: one write by
the replying clinician whose cost is the seed's ``reply_after_hours`` (default 4 h), so the world clock
moves that far and the document and message are stamped when the clinician answered — after the request,
before anything the coordinator does next. A refused disposition commits nothing and gets no reply.

**Idempotent per request.** The reply is keyed by the disposition (``ProviderDetermination``) id, recorded
in the message's ``details.determination_id``; answering the same request again writes nothing and returns
the recorded reply.

The script is read from the service's seed file (``world/seeds/services/<slug>.yaml``, shipped with the
package, the same source the overlays use) and never from the world database: the base world and its
export are unchanged, no read tool can reveal the script, and the reply is deterministic for a given seed.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any

from sqlalchemy import select

from chibench.world.apps.directory.models import Organization, Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import Patient, ServiceRequest
from chibench.world.apps.pa_workbench.models import InboxMessage, PACase, ProviderDetermination
from chibench.world.apps.provider_common import post_message
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World
from chibench.world.seeds.loader import SEED_ROOT, SeedError, load_file
from chibench.world.seeds.schema import ClinicianReplySeed, ServiceCaseFile

APP = "pa_workbench"
ACTION = "clinician.answer_request"
MESSAGE_KIND = "clinician_reply"
#: ``details.outcome`` of a reply message.
FILED, ALREADY_FILED, NOT_SUPPLIED = "document_filed", "document_already_filed", "no_document"


@lru_cache(maxsize=64)
def reply_script(service_slug: str | None) -> ClinicianReplySeed | None:
    """The hidden ``clinician_reply`` block of a service seed (``None``: no seed, or no block)."""
    if not service_slug or not re.fullmatch(r"[a-z][a-z0-9_]*", service_slug):
        return None
    path = SEED_ROOT / "services" / f"{service_slug}.yaml"
    if not path.is_file():
        return None
    try:
        return load_file(path, ServiceCaseFile).clinician_reply
    except SeedError:  # a broken seed cannot build a world either; never fail the coordinator's write
        return None


def request_matches(script: ClinicianReplySeed, request: str) -> bool:
    """Whether the clinician can supply the seed's document for this request (every pattern matches)."""
    sup = script.supplies
    return sup is not None and all(re.search(p, request, re.IGNORECASE) for p in sup.request_patterns)


def _name(w: Worker | None) -> str:
    if w is None:
        return "the ordering clinician"
    return f"{w.given_name} {w.family_name}" + (f", {w.credentials}" if w.credentials else "")


def _sender(s: Any, w: Worker | None) -> str:
    org = s.get(Organization, w.org_id) if w is not None and w.org_id else None
    return (_name(w) + (f" — {org.name}" if org else ""))[:120]


def _reply_of(s: Any, case_id: str, determination_id: str) -> InboxMessage | None:
    for m in s.scalars(select(InboxMessage).where(InboxMessage.case_id == case_id,
                                                  InboxMessage.kind == MESSAGE_KIND)):
        if (m.details or {}).get("determination_id") == determination_id:
            return m
    return None


def _filed_document(s: Any, case_id: str) -> Document | None:
    """The document an earlier reply filed on this case, if any."""
    for d in s.scalars(select(Document).where(Document.case_id == case_id, Document.side == "provider",
                                              Document.origin == "clinical").order_by(Document.created_at)):
        if ((d.details or {}).get("clinician_reply") or {}).get("case_id") == case_id:
            return d
    return None


def _view(m: InboxMessage) -> dict[str, Any]:
    out = to_dict(m)
    out["unread"] = m.read_at is None
    return out


def answer_request(world: World, *, determination_id: str,
                   script: ClinicianReplySeed | None = None) -> dict[str, Any] | None:
    """The clinician answers the gather-more-evidence request recorded as ``determination_id``.

    ``script`` defaults to the case's service seed (:func:`reply_script`). Returns the reply message
    (``InboxMessage`` columns plus ``unread``; ``details`` holds ``outcome``, ``determination_id`` and,
    when a document was filed, ``document_id``), or ``None`` when there is nothing to answer (no script, not
    a gather-more-evidence disposition, no request text). Calling it again for the same determination
    writes nothing and returns the recorded reply.
    """
    with world.read() as s:
        det = s.get(ProviderDetermination, determination_id)
        if det is None or det.final_action != "gather_more_evidence" or not (det.clinician_request or "").strip():
            return None
        case = s.get(PACase, det.case_id)
        order = s.get(ServiceRequest, case.order_id) if case is not None else None
        if case is None or order is None:
            return None
        done = _reply_of(s, case.id, det.id)
        if done is not None:
            return _view(done)
        script = script if script is not None else reply_script(order.service_slug)
        if script is None:
            return None
        supplied = request_matches(script, det.clinician_request or "")
        earlier = _filed_document(s, case.id) if supplied else None
        earlier_id = earlier.id if earlier is not None else None
        author_id = script.supplies.document.author_worker_id if supplied and script.supplies else order.ordering_worker_id
        if s.get(Worker, author_id) is None:
            return None
        case_id, patient_id, request_at = case.id, case.patient_id, det.decided_at

    with world.write(acting_as=author_id, app=APP, action=ACTION,
                     cost=dt.timedelta(hours=script.reply_after_hours)) as tx:
        s = tx.session
        case = tx.get(PACase, case_id)
        author = s.get(Worker, author_id)
        patient = s.get(Patient, patient_id)
        who = f"{patient.given_name} {patient.family_name}" if patient else patient_id
        today = tx.now.date()
        us_date = today.strftime("%m/%d/%Y")
        asked = request_at.strftime("%m/%d/%Y")
        details: dict[str, Any] = {"determination_id": determination_id, "from_worker_id": author_id}
        if supplied and script.supplies is not None and earlier_id is None:
            sd = script.supplies.document
            doc = Document(id=tx.new_id("DOC", 5), patient_id=patient_id, case_id=case_id, encounter_id=None,
                           kind=sd.kind, title=sd.title, body=sd.body.replace("{date}", us_date), date=today,
                           author_worker_id=author_id, signed=True, signed_by=author_id, signed_at=tx.now,
                           origin="clinical", side="provider", created_at=tx.now,
                           details={"clinician_reply": {"case_id": case_id, "determination_id": determination_id}})
            s.add(doc)
            note = (script.supplies.message or f"As you asked on {asked}, I have written and signed the "
                                               f"{str(sd.kind).replace('_', ' ')} for {who}.").replace("{date}", us_date)
            body = (f"{note}\n\nFiled on case {case_id}: {doc.id} — {sd.title} ({sd.kind}), signed by "
                    f"{_name(author)} on {us_date}.")
            subject = f"{case_id}: {str(sd.kind).replace('_', ' ')} filed ({doc.id})"
            details.update(outcome=FILED, document_id=doc.id, document_kind=str(sd.kind))
        elif supplied and earlier_id is not None:
            body = (f"I already filed what you are asking for on case {case_id}: document {earlier_id}. "
                    f"Please use that one.")
            subject = f"{case_id}: reply to your documentation request"
            details.update(outcome=ALREADY_FILED, document_id=earlier_id)
        else:
            body = script.otherwise.replace("{date}", us_date)
            subject = f"{case_id}: reply to your documentation request"
            details.update(outcome=NOT_SUPPLIED)
        msg = post_message(tx, case, kind=MESSAGE_KIND, subject=subject, body=body,
                           sender=_sender(s, author), details=details)
        tx.log(case_id=case_id, entity_id=msg.id,
               details={"determination_id": determination_id, "outcome": details["outcome"],
                        "document_id": details.get("document_id")})
        s.flush()
        return _view(msg)
