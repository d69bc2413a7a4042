"""Pydantic schema of the text seeds under ``world/seeds/``.

The seeds are hand-authored YAML (clinical prose in Markdown block scalars). The builder
(``chibench.world.build``) validates every file into these frozen models before it writes a
single row, so a typo in a seed fails the build with the file and field named. Extra keys are
forbidden everywhere. Dates are ISO ``YYYY-MM-DD``; datetimes are ISO-8601 with an offset.
Units are UCUM (``kg``, ``cm``, ``mm[Hg]``, ``/min``, ``%``, ``mg/dL``, ``kg/m2`` …).

Layout::

    world/seeds/
      organizations.yaml      orgs + plans               (OrganizationsFile)
      workers.yaml            the shared workforce       (WorkersFile)
      services/<slug>.yaml    one PA/UM service case     (ServiceCaseFile)
      cm/<scenario>.yaml      one care-management member (CMMemberFile)
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from chibench.world.core.enums import (
    PROVIDER_SUBMITTABLE_KINDS,
    CMPriority,
    CMProgram,
    CodeSystem,
    CompleteOutcome,
    ConditionStatus,
    ConsentStance,
    CoverageStatus,
    DocumentKind,
    EncounterType,
    LineOfBusiness,
    MedicationStatus,
    OrgKind,
    PlaceOfService,
    PlanProduct,
    ReferralSource,
    ReviewProgram,
    RiskLevel,
    ServiceCategory,
    Sex,
    SubmissionChannel,
    Urgency,
    WorkerRole,
)

Id = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$", max_length=48)]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
StateCode = Annotated[str, StringConstraints(pattern=r"^[A-Z]{2}$")]
Npi = Annotated[str, StringConstraints(pattern=r"^[12][0-9]{9}$")]
Icd10 = Annotated[str, StringConstraints(pattern=r"^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$")]
Loinc = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,7}-[0-9]$")]
ProcCode = Annotated[str, StringConstraints(pattern=r"^([0-9]{4}[0-9FTU]|[A-V][0-9]{4}|[0-9A-HJ-NP-Z]{7})$")]


class Seed(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------- organizations


class Address(Seed):
    line: str
    city: str
    state: StateCode
    postal_code: Annotated[str, StringConstraints(pattern=r"^[0-9]{5}$")]


class OrganizationSeed(Seed):
    id: Id
    name: str
    kind: OrgKind
    npi: Npi | None = Field(None, description="Type 2 (organization) NPI; providers only")
    tin: Annotated[str, StringConstraints(pattern=r"^[0-9]{2}-[0-9]{7}$")] | None = None
    address: Address
    phone: str
    fax: str | None = None


class PlanSeed(Seed):
    id: Id
    payer_org_id: Id
    name: str
    line_of_business: LineOfBusiness
    product: PlanProduct
    state: StateCode = Field(description="State whose UM law governs this plan's SLA overrides")
    network_org_ids: list[Id] = Field(description="Provider organizations in this plan's network")
    gold_card_program: bool = Field(False, description="Plan runs a provider gold-card exemption program")


class OrganizationsFile(Seed):
    organizations: list[OrganizationSeed]
    plans: list[PlanSeed]


# --------------------------------------------------------------------------- workforce


class WorkerSeed(Seed):
    id: Id
    given_name: str
    family_name: str
    credentials: str = Field(description="Post-nominal letters, e.g. 'MD', 'RN, CCM'")
    role: WorkerRole
    org_id: Id
    npi: Npi | None = Field(None, description="Type 1 NPI; required for clinicians and physician reviewers")
    specialty: str | None = None
    license_state: StateCode | None = None
    email: str
    phone: str


class GoldCardSeed(Seed):
    """A gold-card exemption granted to one clinician for one service category."""

    worker_id: Id
    plan_id: Id
    service_category: ServiceCategory
    approval_rate_pct: float = Field(ge=0, le=100)
    granted_on: dt.date
    expires_on: dt.date


class WorkersFile(Seed):
    workers: list[WorkerSeed]
    gold_cards: list[GoldCardSeed] = []


# --------------------------------------------------------------------------- chart


class PatientSeed(Seed):
    id: Id
    given_name: str
    family_name: str
    birth_date: dt.date
    sex: Sex
    address: Address
    phone: str
    preferred_language: str = "English"
    pcp_worker_id: Id | None = None


class CoverageSeed(Seed):
    plan_id: Id
    member_id: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}[0-9]{9}$")]
    group_number: str | None = None
    status: CoverageStatus = CoverageStatus.ACTIVE
    effective_date: dt.date
    termination_date: dt.date | None = None


class EncounterSeed(Seed):
    id: Id
    date: dt.date
    type: EncounterType
    provider_worker_id: Id
    org_id: Id
    reason: str


class ConditionSeed(Seed):
    code: Icd10
    onset: dt.date
    status: ConditionStatus = ConditionStatus.ACTIVE
    abatement: dt.date | None = None
    note: str | None = None


class ObservationSeed(Seed):
    loinc: Loinc
    display: str
    date: dt.date
    value: float | str
    unit: str | None = Field(None, description="UCUM unit; None for text/ordinal results")
    encounter_id: Id | None = None
    reference_range: str | None = None
    interpretation: Literal["normal", "high", "low", "abnormal", "critical"] | None = None


class MedicationSeed(Seed):
    name: str = Field(description="Generic name and strength, e.g. 'metformin 500 mg tablet'")
    rxnorm: Annotated[str, StringConstraints(pattern=r"^[0-9]{2,8}$")] | None = None
    dose: str
    route: str
    frequency: str
    start: dt.date
    end: dt.date | None = None
    status: MedicationStatus = MedicationStatus.ACTIVE
    prescriber_worker_id: Id | None = None
    note: str | None = Field(None, description="E.g. reason stopped, side effects, adherence")


class ProcedureSeed(Seed):
    system: CodeSystem
    code: ProcCode
    display: str = Field(description="Our own plain-language description, never AMA CPT text")
    date: dt.date
    performer_worker_id: Id | None = None
    note: str | None = None


class AllergySeed(Seed):
    substance: str
    reaction: str
    severity: Literal["mild", "moderate", "severe"]
    recorded: dt.date


class DocumentSeed(Seed):
    id: Id
    kind: DocumentKind
    title: str
    date: dt.date
    author_worker_id: Id
    signed: bool = True
    encounter_id: Id | None = None
    body: str = Field(min_length=80, description="Markdown; reads like the real document")


class TrendSeed(Seed):
    """A measured value tracked at every generated routine visit (linear drift + noise)."""

    loinc: Loinc
    display: str
    unit: str | None
    start: float
    end: float
    noise: float = Field(0.0, ge=0)
    decimals: int = Field(0, ge=0, le=2)


class HistorySeed(Seed):
    """Drives the deterministic generator of routine background visits (vitals, labs).

    The generator writes one routine visit every ``visit_interval_days`` between ``start`` and
    ``end`` with the ``provider_worker_id`` at ``org_id``, recording every trend at every visit.
    Generated values never cross the authored anchor observations: authors pick trends that end
    where the authored chart says the patient is now.
    """

    start: dt.date
    end: dt.date
    visit_interval_days: int = Field(ge=14, le=365)
    provider_worker_id: Id
    org_id: Id
    visit_reason: str
    trends: list[TrendSeed] = Field(min_length=1)


class ChartSeed(Seed):
    encounters: list[EncounterSeed] = []
    conditions: list[ConditionSeed] = []
    observations: list[ObservationSeed] = []
    medications: list[MedicationSeed] = []
    procedures: list[ProcedureSeed] = []
    allergies: list[AllergySeed] = []
    documents: list[DocumentSeed] = []
    history: HistorySeed | None = None


# --------------------------------------------------------------------------- service cases


class ServiceLineSeed(Seed):
    system: CodeSystem
    code: ProcCode
    display: str = Field(description="Our own plain-language description, never AMA CPT text")
    units: int = Field(1, ge=1)
    modifier: str | None = None


class OrderSeed(Seed):
    id: Id
    date: dt.date
    ordering_worker_id: Id
    org_id: Id
    service_category: ServiceCategory
    lines: list[ServiceLineSeed] = Field(min_length=1)
    diagnosis_codes: list[Icd10] = Field(min_length=1)
    priority: Urgency = Urgency.STANDARD
    site_of_service: PlaceOfService
    requested_date: dt.date
    servicing_org_id: Id | None = None
    clinical_indication: str


class QuestionSeed(Seed):
    key: Slug
    text: str
    answer_type: Literal["boolean", "number", "date", "text", "choice"]
    choices: list[str] | None = None
    required: bool = True


class CriterionSeed(Seed):
    """One clinical criterion on the policy's decision path, citing a handbook section."""

    id: Annotated[str, StringConstraints(pattern=r"^C[0-9]{1,2}(\.[0-9]{1,2})?$")]
    text: str
    citation: str = Field(description="'<policy-id> §<n>[.<m>]' as it appears in the handbook")
    threshold: str | None = Field(None, description="Machine-readable threshold, e.g. 'BMI >= 40 kg/m2'")


class EvidenceRequirementSeed(Seed):
    """A required document kind is *sufficient* only if a clinician-signed document of that kind
    matches every pattern (case-insensitive regular expressions over its body)."""

    kind: DocumentKind
    must_mention: list[str] = Field(min_length=1)
    description: str = Field(description="What is required, in words (for authors and graders)")


class PayerPolicySeed(Seed):
    """The payer's hidden policy for this plan + service: never visible to the agent."""

    id: Id
    handbook_policy_id: str = Field(description="Id of the medical policy in handbook_skill/")
    pa_required: bool
    pa_exempt_codes: list[ProcCode] = Field([], description="Codes this policy governs that need no PA under this plan")
    pa_exempt_sites: list[PlaceOfService] = Field([], description="Places of service where PA is not required")
    notification_only: bool = False
    covered_benefit: bool = True
    excluded_diagnosis_prefixes: list[str] = Field([], description="ICD-10-CM prefixes for which the service is a benefit exclusion")
    review_program: ReviewProgram = ReviewProgram.STANDARD_UM
    gold_card_eligible_category: bool = Field(False, description="Service category is gold-card exempt for qualifying NPIs")
    required_document_kinds: list[DocumentKind] = []
    evidence_requirements: list[EvidenceRequirementSeed] = Field(
        [], description="What a required document must actually contain to be sufficient (hidden markers)")
    questionnaire: list[QuestionSeed] = []
    required_diagnosis_prefixes: list[str] = Field([], description="ICD-10-CM prefixes the request must carry")
    criteria: list[CriterionSeed] = []
    allow_nurse_approval: bool = True
    complete_outcome: CompleteOutcome = Field(description="Scripted payer reply to a complete packet")
    deny_reason: str | None = None
    pend_reason: str | None = None
    p2p_reason: str | None = None
    appeal_outcome: Literal["upheld", "overturned"] = "upheld"
    external_appeal_outcome: Literal["upheld", "overturned"] = "upheld"


class PayerRequestSeed(Seed):
    """The request as it reached the payer for the UM twin of this case (paper: same case, payer view)."""

    received_at: dt.datetime
    channel: SubmissionChannel
    urgency_requested: Urgency
    requesting_worker_id: Id
    lines: list[ServiceLineSeed] = Field(min_length=1)
    diagnosis_codes: list[Icd10] = Field(min_length=1)
    site_of_service: PlaceOfService
    requested_start: dt.date
    submitted_document_ids: list[Id] = Field(description="Ids of documents in this file's submitted_documents or chart.documents")
    submitted_documents: list[DocumentSeed] = []
    questionnaire_answers: dict[str, str] = {}


class IntendedOutcomes(Seed):
    """Authoring intent for this case's two task twins (grader-only; never in the world DB)."""

    provider_terminal: Literal["submitted_to_payer", "returned_for_docs", "gather_more_evidence"]
    provider_rationale: str
    um_pickup_stage: Literal["intake", "triage", "nurse_review", "md_review", "p2p"]
    um_outcome: Literal["approved", "denied", "pended", "coverage_not_required"]
    um_rationale: str


#: Kinds a clinician can write in answer to a documentation request (clinical kinds only: the
#: questionnaire and the PA request form are the coordinator's administrative documents).
CLINICIAN_REPLY_KINDS = PROVIDER_SUBMITTABLE_KINDS - {DocumentKind.QUESTIONNAIRE, DocumentKind.PA_REQUEST_FORM}


class ClinicianDocumentSeed(Seed):
    """The document a clinician writes and signs in answer to a documentation request.

    It has no id or date of its own: the world gives it a fresh ``DOC-…`` id and dates and signs it
    when the reply happens. ``{date}`` in the body (and in the covering message) becomes that date
    (``MM/DD/YYYY``).
    """

    kind: DocumentKind
    title: str = Field(min_length=3, max_length=300)
    author_worker_id: Id = Field(description="The ordering clinician, or the treating clinician who wrote the "
                                             "chart's documents of this kind (e.g. the therapist)")
    body: str = Field(min_length=80, description="Markdown; reads like the real document")

    @field_validator("kind")
    @classmethod
    def _clinical(cls, v: DocumentKind) -> DocumentKind:
        if v not in CLINICIAN_REPLY_KINDS:
            raise ValueError(f"'{v}' is not a clinical kind a clinician writes")
        return v


class ClinicianSupplySeed(Seed):
    """What the clinician can supply, and what the coordinator's request must ask for to get it."""

    document: ClinicianDocumentSeed
    request_patterns: list[str] = Field(min_length=1, description="Case-insensitive regular expressions; every "
                                                                  "one must match the coordinator's request")
    message: str | None = Field(None, min_length=20, description="The clinician's covering note in the inbox "
                                                                  "(default: a plain 'filed' notice)")

    @field_validator("request_patterns")
    @classmethod
    def _compiles(cls, v: list[str]) -> list[str]:
        for p in v:
            try:
                re.compile(p, re.IGNORECASE)
            except re.error as exc:
                raise ValueError(f"bad regular expression {p!r}: {exc}") from exc
        return v


class ClinicianReplySeed(Seed):
    """Hidden: how the ordering clinician answers a coordinator's documentation request.

    Read by the world (``pa_workbench.clinician``) when a coordinator records a gather-more-evidence
    disposition on this service's case, and by authors and graders; never shown by a read tool before
    the reply happens, and never written to the base world. When ``supplies`` is set and every
    ``request_patterns`` entry matches the request, the clinician files ``supplies.document`` on the
    case and says so in the inbox; otherwise the inbox carries ``otherwise`` from the ordering clinician.
    """

    supplies: ClinicianSupplySeed | None = None
    otherwise: str = Field(min_length=20, description="What the ordering clinician answers when the request does "
                                                      "not match or nothing can be supplied")
    reply_after_hours: float = Field(4.0, gt=0, le=72, description="Simulated time between the request and the "
                                                                   "reply (the world clock moves that far)")


class ServiceCaseFile(Seed):
    slug: Slug
    service_name: str
    patient: PatientSeed
    coverage: CoverageSeed
    chart: ChartSeed
    order: OrderSeed
    payer_policy: PayerPolicySeed
    payer_request: PayerRequestSeed
    intended: IntendedOutcomes
    extra_workers: list[WorkerSeed] = Field([], description="Clinicians only this case uses (ordering, reading radiologist…)")
    clinician_reply: ClinicianReplySeed | None = Field(
        None, description="Hidden: the ordering clinician's answer to a documentation request (world/grader only)")

    @model_validator(mode="after")
    def _reply_author(self) -> ServiceCaseFile:
        sup = self.clinician_reply.supplies if self.clinician_reply else None
        if sup is not None:
            doc = sup.document
            # the chart's authors of that kind, or the author of the same kind of document that reached the payer
            # in the UM twin's request (one case: the clinician supplies the report the payer later holds)
            treating = ({d.author_worker_id for d in self.chart.documents if d.kind == doc.kind}
                        | {d.author_worker_id for d in self.payer_request.submitted_documents if d.kind == doc.kind})
            if doc.author_worker_id != self.order.ordering_worker_id and doc.author_worker_id not in treating:
                raise ValueError(f"clinician_reply.supplies.document.author_worker_id: '{doc.author_worker_id}' is "
                                 f"neither the ordering clinician '{self.order.ordering_worker_id}' nor an author of "
                                 f"the chart's {doc.kind} documents {sorted(treating)}")
        return self


# --------------------------------------------------------------------------- care management


class ReferralSeed(Seed):
    id: Id
    date: dt.date
    source: ReferralSource
    referring_worker_id: Id | None = None
    reason: str
    diagnosis_codes: list[Icd10] = Field(min_length=1)
    risk_score: float = Field(ge=0, le=100)
    utilization_flags: list[str] = []
    suggested_program: CMProgram
    suggested_priority: CMPriority


class CMMemberFile(Seed):
    scenario_id: Annotated[str, StringConstraints(pattern=r"^cm_[a-z0-9_]+_[0-9]{3}$")]
    condition_label: str
    program: CMProgram
    consent_stance: ConsentStance
    expected_risk_level: RiskLevel
    patient: PatientSeed
    coverage: CoverageSeed
    chart: ChartSeed
    referral: ReferralSeed
    extra_workers: list[WorkerSeed] = []
