"""The paper's provider PA task labels (App. E, task catalog) and the structural rule behind them.

Provider PA difficulty is structural (paper App. D.1): the number of distinct document kinds the payer's
per-procedure document list makes the submission packet carry — Easy 0, Moderate 1–3, Hard 4 or more.
``chibench world check`` computes the band from each service seed's hidden policy
(``payer_policy.required_document_kinds``) and requires it to equal the catalog label below, and the
seeds' intended provider terminals to reproduce Table 11 (terminal status × difficulty).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

#: ``<slug>.referral`` → the paper's difficulty label (App. E, provider PA table).
PA_DIFFICULTY: dict[str, str] = {
    "sleeve_gastrectomy": "M", "brca_testing": "M", "cataract_iol": "E", "pt_therapeutic_exercise": "M",
    "lap_hysterectomy": "E", "cardiac_event_monitor": "E", "myocardial_pet": "H", "uppp": "H",
    "mri_brain_with_contrast": "M", "hypoglossal_nerve_stim": "H", "rotator_cuff_repair": "H", "iv_infusion": "M",
    "mri_brain": "M", "rituximab": "H", "screening_colonoscopy": "E", "fess": "M", "polysomnography": "M",
    "lumbar_fusion": "M", "cheilectomy_mtp": "M", "rotator_cuff_repair_b": "M", "cervical_disc_arthroplasty": "E",
    "myoelectric_prosthesis": "M", "vagus_nerve_stim": "M", "veeg_monitoring": "E", "ct_abdomen_pelvis": "E",
}

#: Paper Table 11: provider terminal status → {difficulty: task count}.
TABLE_11: dict[str, dict[str, int]] = {
    "submitted_to_payer": {"E": 2, "M": 4, "H": 2},
    "returned_for_docs": {"E": 0, "M": 9, "H": 3},
    "gather_more_evidence": {"E": 5, "M": 0, "H": 0},
}


#: Paper Table 9: the eight provider-submitted document kinds a PA packet is made of.
TABLE_9_PROVIDER_KINDS: tuple[str, ...] = (
    "pa_request_form", "chart_note", "progress_note", "letter_of_medical_necessity", "imaging_report",
    "lab_summary", "questionnaire", "site_of_service_attestation",
)

#: Every kind a provider can put in a packet (``core.enums.PROVIDER_SUBMITTABLE_KINDS``) → the Table 9 kind it
#: is filed under. Policies (and real payers' document lists) name the finer kinds — "consultation note", "sleep study
#: report", "operative report", "PT notes" — so the seeds keep them, and the structural difficulty counts them
#: as the policy's §4.1 lists them; in the packet each one belongs to exactly one of Table 9's eight.
#: Why each lands where it does (Table 9's "key content" column):
#: consult_note — a physician's encounter documentation (history, exam, assessment, plan): a chart note;
#: therapy_note, discharge_summary — an interval or treatment-course summary documenting response to therapy: a
#: progress note;
#: diagnostic_report, pathology_report — measured results of a non-radiology study (sleep study, EEG, ECG,
#: echocardiographic and densitometric measurements, histology) against reference values: a lab summary;
#: procedure_report — a physician's interpreted report of a visualised study (endoscopy) with findings and an
#: impression, the shape of an imaging report.
TABLE_9_KIND: dict[str, str] = {
    **{k: k for k in TABLE_9_PROVIDER_KINDS},
    "consult_note": "chart_note",
    "therapy_note": "progress_note",
    "discharge_summary": "progress_note",
    "diagnostic_report": "lab_summary",
    "pathology_report": "lab_summary",
    "procedure_report": "imaging_report",
}


def table_9_kind(kind: str) -> str:
    """The Table 9 provider-submitted kind a document of ``kind`` is filed under in a packet.

    Raises ``KeyError`` naming the allowed kinds for anything that is not a provider clinical kind (payer letters,
    bundles and care-management records never travel in a provider packet)."""
    try:
        return TABLE_9_KIND[kind]
    except KeyError:
        raise KeyError(f"{kind!r} is not a provider packet kind; allowed: {sorted(TABLE_9_KIND)}") from None


def pa_band(required_kinds: Iterable[str]) -> str:
    """E (0 distinct kinds), M (1–3) or H (≥4)."""
    n = len(set(required_kinds))
    return "E" if n == 0 else "M" if n <= 3 else "H"


def terminal_by_difficulty(rows: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """Cross-tabulate ``(terminal, band)`` pairs in Table 11's shape (every cell present)."""
    counts = Counter(rows)
    return {t: {b: counts[(t, b)] for b in ("E", "M", "H")} for t in TABLE_11}


def table_11_problems(observed: Mapping[str, Mapping[str, int]]) -> list[str]:
    return [f"Table 11: {t} × {b}: {observed.get(t, {}).get(b, 0)} task(s), the paper has {n}"
            for t, row in TABLE_11.items() for b, n in row.items() if observed.get(t, {}).get(b, 0) != n]
