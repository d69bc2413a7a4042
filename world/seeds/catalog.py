"""The paper's PA and UM task labels (App. E, task catalog) and the structural rules behind them.

Provider PA difficulty is structural (paper App. D.1): the number of distinct document kinds the payer's
per-procedure document list makes the submission packet carry — Easy 0, Moderate 1–3, Hard 4 or more.
``chibench world check`` computes the band from each service seed's hidden policy
(``payer_policy.required_document_kinds``) and requires it to equal the catalog label below, and the
seeds' intended provider terminals to reproduce Table 11 (terminal status × difficulty).

Payer UM difficulty is structural too (App. D.2): the number of clinical criteria on the chosen path
through the policy decision tree — Easy ≤ 5, Moderate 6–9, Hard 10 or more (:func:`um_band`,
:func:`um_criteria_on_path`); the 25 UM tasks reproduce Table 12 (pickup stage × terminal outcome) and
the clinical category counts (:data:`UM_CATEGORY_COUNTS`).
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


# --------------------------------------------------------------------------------------- payer UM

#: ``<slug>.<stage>`` → the paper's UM difficulty label (App. E, payer UM table).
UM_DIFFICULTY: dict[str, str] = {
    "sleeve_gastrectomy.md_review": "H", "brca_testing.intake": "M", "cataract_iol.triage": "E",
    "pt_therapeutic_exercise.nurse_review": "M", "lap_hysterectomy.intake": "E", "cardiac_event_monitor.intake": "E",
    "myocardial_pet.p2p": "M", "uppp.md_review": "M", "mri_brain_with_contrast.md_review": "H",
    "hypoglossal_nerve_stim.p2p": "M", "rotator_cuff_repair.md_review": "H", "iv_infusion.nurse_review": "H",
    "mri_brain.triage": "E", "rituximab.nurse_review": "M", "screening_colonoscopy.nurse_review": "H",
    "fess.nurse_review": "H", "polysomnography.nurse_review": "M", "lumbar_fusion.nurse_review": "E",
    "cheilectomy_mtp.triage": "M", "rotator_cuff_repair_b.p2p": "E", "cervical_disc_arthroplasty.nurse_review": "E",
    "myoelectric_prosthesis.triage": "H", "vagus_nerve_stim.intake": "M", "veeg_monitoring.intake": "E",
    "ct_abdomen_pelvis.p2p": "E",
}

#: The paper's UM clinical category of each task (App. E), as the package ``category`` field spells it.
UM_CATEGORY: dict[str, str] = {
    **{t: "Surgical" for t in (
        "sleeve_gastrectomy.md_review", "cataract_iol.triage", "lap_hysterectomy.intake", "uppp.md_review",
        "hypoglossal_nerve_stim.p2p", "rotator_cuff_repair.md_review", "fess.nurse_review",
        "lumbar_fusion.nurse_review", "cheilectomy_mtp.triage", "rotator_cuff_repair_b.p2p",
        "cervical_disc_arthroplasty.nurse_review", "vagus_nerve_stim.intake")},
    **{t: "Imaging" for t in ("myocardial_pet.p2p", "mri_brain_with_contrast.md_review", "mri_brain.triage",
                              "ct_abdomen_pelvis.p2p")},
    **{t: "Diagnostic" for t in ("pt_therapeutic_exercise.nurse_review", "cardiac_event_monitor.intake",
                                 "polysomnography.nurse_review", "veeg_monitoring.intake")},
    **{t: "Pharmacy" for t in ("iv_infusion.nurse_review", "rituximab.nurse_review")},
    **{t: "Other" for t in ("brca_testing.intake", "screening_colonoscopy.nurse_review",
                            "myoelectric_prosthesis.triage")},
}

#: UM tasks whose seed content does not yet give the catalog band (issue #17, known and open). ``world check``
#: reports every other mismatch, and reports an entry here once its seed gives the band (remove it then).
UM_CONTENT_PENDING: dict[str, str] = {}

#: UM tasks whose seed does not yet carry the terminal outcome Table 12 needs (issue #17, known and open):
#: task → (Table 12 column the seed must reach, why). ``world check`` counts the required column in Table 12
#: and reports an entry once its seed gives that outcome (remove it then).
UM_OUTCOME_PENDING: dict[str, tuple[str, str]] = {}

#: Paper Table 12: UM pickup stage → {terminal outcome: task count}. Outcomes: A approved, P pended,
#: D denied, NR coverage (authorization) not required.
TABLE_12: dict[str, dict[str, int]] = {
    "intake": {"A": 1, "P": 1, "D": 2, "NR": 1},
    "triage": {"A": 2, "P": 1, "D": 1, "NR": 0},
    "nurse_review": {"A": 2, "P": 2, "D": 4, "NR": 0},
    "md_review": {"A": 2, "P": 1, "D": 1, "NR": 0},
    "p2p": {"A": 2, "P": 0, "D": 2, "NR": 0},
}

#: Paper App. D.2: UM clinical categories → task count.
UM_CATEGORY_COUNTS: dict[str, int] = {"Surgical": 12, "Imaging": 4, "Diagnostic": 4, "Pharmacy": 2, "Other": 3}

#: A UM package's terminal case status → its Table 12 outcome column.
UM_OUTCOME_OF_STATUS: dict[str, str] = {"approved": "A", "partially_approved": "A", "pended_action_required": "P",
                                        "denied": "D", "closed": "NR"}
#: The seed's ``intended.um_outcome`` → its Table 12 outcome column.
UM_OUTCOME_OF_INTENT: dict[str, str] = {"approved": "A", "pended": "P", "denied": "D", "coverage_not_required": "NR"}


def um_band(criteria_on_path: int) -> str:
    """E (≤ 5 clinical criteria on the chosen policy path), M (6–9) or H (≥ 10) — paper App. D.2."""
    if criteria_on_path < 0:
        raise ValueError(f"criteria_on_path must be ≥ 0, got {criteria_on_path}")
    return "E" if criteria_on_path <= 5 else "M" if criteria_on_path <= 9 else "H"


def um_criteria_on_path(*, member_eligible: bool, covered: bool, pa_required: bool, codes_needing_review: int,
                        site_exempt: bool, notification_only: bool, criteria: int, gold_carded: bool = False,
                        standard_program: bool = True) -> int:
    """Clinical criteria on the decision path the request takes through the policy tree.

    The tree's first branches are administrative and follow the routing precedence of the handbook
    (KM-UM-OPS-003 §2, first rule that applies decides): member not eligible on the date of service or service
    not a covered benefit (rule 1, administrative denial); no requested code needs PA at this place of service
    (rule 2, closed as no authorization required); notification-only (rule 3); an applicable gold card (rule 4);
    a delegated, vendor or specialty program (rule 5). A request that leaves the tree on any of them is decided
    without a clinical criterion being evaluated (0). Only a request that reaches standard review (rule 6) is
    evaluated, and there on every clinical criterion of the policy whatever the outcome — approve, pend or deny
    (KM-UM-OPS-004 §4.1, KM-UM-OPS-005 §4: each criterion is recorded met, not met or unclear);
    ``criteria`` is their number.

    Raises ``ValueError`` for a negative ``criteria`` or ``codes_needing_review``.
    """
    if criteria < 0 or codes_needing_review < 0:
        raise ValueError(f"criteria and codes_needing_review must be ≥ 0, got {criteria} and {codes_needing_review}")
    administrative = not member_eligible or not covered
    no_auth = not pa_required or codes_needing_review == 0 or site_exempt
    if administrative or no_auth or notification_only or gold_carded or not standard_program:
        return 0
    return criteria


def stage_by_outcome(rows: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """Cross-tabulate ``(stage, outcome)`` pairs in Table 12's shape (every cell present)."""
    counts = Counter(rows)
    return {st: {o: counts[(st, o)] for o in ("A", "P", "D", "NR")} for st in TABLE_12}


def table_12_problems(observed: Mapping[str, Mapping[str, int]]) -> list[str]:
    return [f"Table 12: {st} × {o}: {observed.get(st, {}).get(o, 0)} task(s), the paper has {n}"
            for st, row in TABLE_12.items() for o, n in row.items() if observed.get(st, {}).get(o, 0) != n]
