"""``auth_file_external_appeal`` takes ``document_ids`` like ``auth_file_appeal``: the provider documents of the
case's patient are copied to the payer side with the request; anything else is refused and nothing is written."""

from __future__ import annotations

from sqlalchemy import select

from chibench.world.apps.appeals import services as appeals
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.core.world import World

from .test_provider_tools import LSSP, _denied_by_the_payer, ok, pw, refused  # noqa: F401  (pw: fixture)


def _upheld_internal_appeal(world: World) -> tuple[str, str]:
    case_id, cite = _denied_by_the_payer(world)
    filed = ok(world, "auth_file_appeal", acting_as=LSSP, case_id=case_id, rationale="Please reconsider.")
    appeals.assign_reviewer(world, acting_as="WKR-INT-01", appeal_id=filed["id"], reviewer_id="WKR-AMD-01")
    appeals.decide(world, acting_as="WKR-AMD-01", appeal_id=filed["id"], outcome="upheld", rationale="Still not met.",
                   policy_citations=[cite])
    chart_doc = ok(world, "docs_list_case_documents", acting_as=LSSP, case_id=case_id)["documents"][0]["id"]
    return case_id, chart_doc


def test_external_appeal_sends_the_case_patients_documents(pw: World) -> None:  # noqa: F811
    case_id, chart_doc = _upheld_internal_appeal(pw)
    with pw.read() as s:
        patient_id = s.get(PACase, case_id).patient_id
        elsewhere = s.scalars(select(Document.id).where(Document.side == "provider",
                                                        Document.patient_id != patient_id)).first()
        payer_copy = s.scalars(select(Document.id).where(Document.side == "payer",
                                                         Document.patient_id == patient_id)).first()
    args = {"acting_as": LSSP, "case_id": case_id, "rationale": "Independent review, please."}
    refused(pw, "auth_file_external_appeal", {**args, "document_ids": [chart_doc, elsewhere]}, error="not_found", field="document_ids[1]")
    refused(pw, "auth_file_external_appeal", {**args, "document_ids": [payer_copy]}, error="not_found", field="document_ids[0]")
    refused(pw, "auth_file_external_appeal", {**args, "document_ids": "DOC-1"}, error="invalid_input", field="document_ids")

    external = ok(pw, "auth_file_external_appeal", **args, document_ids=[chart_doc])
    assert external["level"] == "external" and len(external["document_ids"]) == 1
    with pw.read() as s:
        assert s.get(PACase, case_id).status == "external_appealed"
        copy = s.get(Document, external["document_ids"][0])
        assert (copy.side, copy.copied_from, copy.case_id) == ("payer", chart_doc, case_id)
        assert copy.details == {"received_with": external["id"]}


def test_external_appeal_without_documents_is_unchanged(pw: World) -> None:  # noqa: F811
    case_id, _ = _upheld_internal_appeal(pw)
    external = ok(pw, "auth_file_external_appeal", acting_as=LSSP, case_id=case_id, rationale="Independent review.")
    assert external["document_ids"] == []
