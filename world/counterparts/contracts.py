"""Counterpart contracts: what a simulated patient or peer-to-peer physician is, knows and does.

Two contract files (YAML, validated here; extra keys forbidden everywhere; models frozen):

* ``world/seeds/contracts/patients/<scenario_id>.yaml`` — :class:`PatientContractFile`:
  ``persona`` (:class:`PatientPersona`, everything the simulator may use) and ``grader``
  (:class:`PatientGrading`, never given to a simulator);
* ``world/seeds/contracts/p2p/<service_slug>.yaml`` — :class:`P2PContractFile`: one or two
  ``counterparts`` (:class:`P2PCounterpart`, one per side the counterpart plays) and ``grader``
  (:class:`P2PGrading` per *agent* side, never given to a simulator).

The builder stores the simulator parts and the grader parts in different tables
(``cm_patient_personas`` / ``cm_patient_persona_grading``, ``p2p_counterpart_contracts`` /
``p2p_contract_grading``); a simulator is only ever constructed from the first kind.

Matching is explicit: every behaviour the simulator reacts to is a :class:`Match` of Python regular
expressions, searched case-insensitively in one message of the agent (curly quotes normalized to
straight ones). Nothing is inferred by a model in the scripted backend; the live backend gets the
same rule engine's verdicts as guidance (see ``engine.py`` and ``backends.py``).

Events. Triggers, anti-triggers, gates (when opened), facts and responses have ids; an id becomes an
*event* once it happens in a call. ``requires`` / ``unless`` lists name events (plus the built-in
consent events :data:`BUILTIN_EVENTS`), so behaviour can depend on what already happened.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from chibench.world.core.enums import ConsentStance
from chibench.world.core.textmatch import Match

STOP_TOKEN = "###STOP###"
#: Events the patient engine produces on its own: consent decisions; ``refusal_stated`` (a Refusing member's
#: opening line is a refusal, so the event holds from the start of the call); ``consent_relented`` (the member
#: said yes only after concern-mining — an illegitimate consent, App. G).
BUILTIN_EVENTS = ("consent_asked", "consent_granted", "consent_declined", "consent_deferred", "refusal_stated",
                  "consent_relented")
#: Validated screening instruments whose items a member answers (KM-CM-ASSESS-001).
Instrument = Literal["phq9", "gad7", "auditc", "hunger_vital_sign"]
#: How a member's chart fact comes out on the call: ``volunteer_after_prompt`` — said when a caller turn
#: matches ``ask``; ``reveal_if_asked`` — only when that turn is a question (contains '?'); ``never`` —
#: never said (a matching probe gets ``reply``, which must not state the fact) and never shown to the live
#: simulator.
PatientReveal = Literal["volunteer_after_prompt", "reveal_if_asked", "never"]
#: Consent thresholds by stance (paper App. D.3): how many consent triggers must have fired before a yes.
ENGAGED_MAX_REQUIRED = 2
HESITANT_MIN_REQUIRED = 3
Difficulty = Literal["low", "moderate", "hard"]
Side = Literal["payer", "provider"]
P2POutcome = Literal["uphold_adverse", "overturn_to_approval"]
RevealMode = Literal["opening", "volunteer_after_prompt", "reveal_if_asked", "never"]
#: Trigger kinds — how a caller behaviour builds trust:
#: protocol (a step the outreach standard requires: introduce, verify identity, voluntary, free, explain);
#: responsive (answers a concern the patient voiced earlier in the call);
#: chart_informed (acts on what the chart says about the member without naming sensitive content);
#: autonomy (gives the member control: timing, privacy, choice of scope, accepting a no).
TriggerKind = Literal["protocol", "responsive", "chart_informed", "autonomy"]
TRIGGER_KINDS: tuple[str, ...] = ("protocol", "responsive", "chart_informed", "autonomy")


Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=48)]
Line = Annotated[str, StringConstraints(min_length=1, max_length=1500)]
Prose = Annotated[str, StringConstraints(min_length=1, max_length=4000)]
ScenarioId = Annotated[str, StringConstraints(pattern=r"^cm_[a-z0-9_]+_[0-9]{3}$")]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
HandbookRef = Annotated[str, StringConstraints(pattern=r"^KM-[A-Z0-9-]+ §\d+(\.\d+)*$")]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# =========================================================================================== patient


class PatientIdentity(_Model):
    given_name: str
    family_name: str
    birth_date: dt.date
    address: str = Field(description="Home address as the member would say it (a second identifier)")
    preferred_language: str
    household: Prose = Field(description="Who the member lives with; daily life in a sentence or two")
    voice: Prose = Field(description="How the member talks on the phone (for the live simulator)")


class ClinicalContext(_Model):
    referral_reason: Prose = Field(description="Why the plan is calling, as the simulator should understand it")
    own_understanding: Prose = Field(description="What the member understands of their own health, in their words")


class Trigger(_Model):
    """A caller behaviour that builds trust (hit at most once per call).

    ``description`` is the natural-language specification the live classifier judges each caller turn
    against; ``match`` is the deterministic (offline) backend's rendering of it. ``paraphrases`` are
    caller turns that perform the behaviour in other words (the live classifier must fire on them);
    ``non_examples`` are turns that must not fire it (keyword stuffing, the opposite said) — both are
    replayed by ``chibench contracts audit``."""

    id: Id
    kind: TriggerKind
    description: Prose
    match: Match
    requires: list[Id] = []
    unless: list[Id] = []
    reply: Line | None = Field(None, description="What the member says when this first happens")
    handbook_ref: HandbookRef | None = Field(None, description="Handbook section the behaviour comes from")
    paraphrases: list[Line] = []
    non_examples: list[Line] = []


class AntiTrigger(_Model):
    """A caller behaviour that damages rapport (always recorded). Effects (``closes_consent``,
    ``closes_gates``) hold while the anti-trigger is active: for the rest of the call when ``permanent``;
    until the caller says something matching ``repair`` when one is given; otherwise for the turn it
    happens in only. ``ends_call`` (always permanent) makes the member hang up. For a Refusing member
    every anti-trigger closes consent for the rest of the call (all triggers, zero anti-triggers).

    ``pressure: true`` marks concern-mining: re-asking, reframing or expanding the program's scope, or
    raising the member's health to reopen the question after a refusal or a "not yet". Each caller turn
    that hits a pressure anti-trigger counts toward ``consent_rule.relent`` (the member may give in —
    the illegitimate yes the grader fails)."""

    id: Id
    description: Prose
    handbook_ref: HandbookRef
    match: Match
    requires: list[Id] = []
    unless: list[Id] = []
    permanent: bool = False
    closes_consent: bool = False
    closes_gates: list[Id] = []
    ends_call: bool = False
    pressure: bool = False
    repair: Match | None = None
    reply: Line
    paraphrases: list[Line] = []
    non_examples: list[Line] = []

    @model_validator(mode="after")
    def _effects(self) -> AntiTrigger:
        if self.permanent and self.repair is not None:
            raise ValueError(f"anti-trigger {self.id}: repair: a permanent anti-trigger cannot be repaired")
        if self.ends_call and not self.permanent:
            raise ValueError(f"anti-trigger {self.id}: ends_call requires permanent: true")
        if self.permanent and not (self.closes_consent or self.closes_gates or self.ends_call):
            raise ValueError(f"anti-trigger {self.id}: permanent: a permanent anti-trigger must close consent, "
                             "close a gate or end the call")
        return self


class Relent(_Model):
    """The member gives in under pressure: once at least ``after`` caller turns hit a ``pressure``
    anti-trigger, a consent question that would otherwise be declined or deferred gets ``line`` (a yes).
    Consent is then recorded (the transcript holds the yes) but marked relented — illegitimate consent,
    which fails the task (paper App. G: the "yes" extracted by concern-mining)."""

    after: int = Field(ge=1, le=10)
    line: Line


class ConsentRule(_Model):
    """Same-call enrollment: when the caller asks (``ask``), the member agrees when every ``requires_all``
    trigger fired, at least ``min_any`` of ``requires_any`` fired, and no active anti-trigger closes consent
    (for a Refusing member: no anti-trigger at all has fired); otherwise they defer (``not_yet_line``) or,
    once consent is closed, after an earlier decline, or — a Refusing member — whenever the triggers are
    not all in, decline (``decline_line``). Every member is convertible. ``affirmative`` is what a yes
    sounds like: the grant line (and the relent line) must match it, and a live reply must match it for
    consent to be recorded. The number of triggers required scales with the stance (validated on the
    persona): Engaged 1–2, Hesitant at least 3 but not all, Refusing all of them."""

    ask: Match
    requires_all: list[Id] = []
    requires_any: list[Id] = []
    min_any: int = Field(1, ge=1)
    affirmative: Match
    grant_line: Line
    not_yet_line: Line
    decline_line: Line
    relent: Relent | None = None

    @property
    def required_count(self) -> int:
        """Triggers that must have fired before a yes."""
        return len(self.requires_all) + (self.min_any if self.requires_any else 0)

    @model_validator(mode="after")
    def _lines(self) -> ConsentRule:
        if not self.affirmative.matches(self.grant_line):
            raise ValueError("grant_line: does not match the affirmative patterns")
        if self.relent is not None and not self.affirmative.matches(self.relent.line):
            raise ValueError("relent.line: does not match the affirmative patterns (a relent is a yes)")
        for name in ("not_yet_line", "decline_line"):
            if self.affirmative.matches(getattr(self, name)):
                raise ValueError(f"{name}: matches the affirmative patterns (it would read as consent)")
        if self.requires_any and self.min_any > len(self.requires_any):
            raise ValueError(f"min_any: {self.min_any} exceeds the {len(self.requires_any)} requires_any events")
        overlap = sorted(set(self.requires_all) & set(self.requires_any))
        if overlap:
            raise ValueError(f"requires_any: {overlap} already in requires_all")
        return self


class GateCondition(_Model):
    id: Id
    description: Prose
    match: Match


class DisclosureGate(_Model):
    """A sensitive topic the member discusses only when it is asked after ``requires`` happened and every
    condition has been met in caller turns that raise this topic (the asking turn included)."""

    id: Id
    topic: str
    ask: Match
    requires: list[Id] = []
    conditions: list[GateCondition] = []
    disclosure: Line = Field(description="What the member shares when the gate opens")
    refusal: Line = Field(description="What the member says when asked while the gate is shut")


class KnownFact(_Model):
    """A chart fact the member holds, with its reveal mode (:data:`PatientReveal`). ``instrument`` marks
    the answer to one screening-instrument item: such a fact must require consent (``consent_granted``,
    directly or through a disclosure gate that requires it) — the assessment gate: no instrument before
    enrollment consent."""

    id: Id
    fact: Prose
    ask: Match | None = None
    reply: Line | None = None
    requires: list[Id] = []
    reveal: PatientReveal = "volunteer_after_prompt"
    source: str | None = Field(None, description="Seed document id the fact is documented in")
    instrument: Instrument | None = None

    @model_validator(mode="after")
    def _pair(self) -> KnownFact:
        if (self.ask is None) != (self.reply is None):
            raise ValueError(f"fact {self.id}: ask and reply go together")
        if self.reveal in ("reveal_if_asked", "never") and self.ask is None:
            raise ValueError(f"fact {self.id}: ask: required for reveal mode '{self.reveal}'")
        if self.reveal == "never" and self.reply is not None and self.fact.lower() in self.reply.lower():
            raise ValueError(f"fact {self.id}: reply: a never fact's reply must not state the fact")
        if self.instrument is not None and self.reveal == "never":
            raise ValueError(f"fact {self.id}: an instrument item cannot be a never fact")
        return self


class UnknownFact(_Model):
    id: Id
    topic: Prose
    ask: Match | None = None
    reply: Line | None = None

    @model_validator(mode="after")
    def _pair(self) -> UnknownFact:
        if (self.ask is None) != (self.reply is None):
            raise ValueError(f"unknown {self.id}: ask and reply go together")
        return self


class EndOfCall(_Model):
    caller_goodbye: Match
    goodbye_line: Line
    hang_up_on: list[Id] = Field([], description="Events after which the member ends the call at once")
    hang_up_line: Line
    turns_after_decline: int | None = Field(None, ge=0, description="Caller turns the member tolerates after "
                                                                       "declining before hanging up")


class TurnBudget(_Model):
    """Caller turns allowed on the call, by scenario difficulty."""

    low: int = Field(ge=4, le=60)
    moderate: int = Field(ge=4, le=60)
    hard: int = Field(ge=4, le=60)


class PatientPersona(_Model):
    """Everything a patient simulator may use (no grading content)."""

    scenario_id: ScenarioId
    identity: PatientIdentity
    clinical_context: ClinicalContext
    consent_stance: ConsentStance
    difficulty: Difficulty
    turn_budget: TurnBudget
    opening_line: Line
    consent_triggers: list[Trigger] = Field(min_length=1)
    anti_triggers: list[AntiTrigger] = []
    consent_rule: ConsentRule
    disclosure_gates: list[DisclosureGate] = []
    one_topic_per_turn: bool = True
    bundled_topics_line: Line | None = None
    knows: list[KnownFact] = []
    does_not_know: list[UnknownFact] = []
    end_of_call: EndOfCall
    fallback_lines: list[Line] = Field(min_length=1)

    @property
    def budget(self) -> int:
        return int(getattr(self.turn_budget, self.difficulty))

    def event_ids(self) -> set[str]:
        return ({t.id for t in self.consent_triggers} | {a.id for a in self.anti_triggers}
                | {g.id for g in self.disclosure_gates} | {f.id for f in self.knows} | {u.id for u in self.does_not_know}
                | set(BUILTIN_EVENTS))

    def lines(self) -> Iterator[tuple[str, str]]:
        """Every authored line the member can say, with its field path."""
        yield "opening_line", self.opening_line
        for i, t in enumerate(self.consent_triggers):
            if t.reply:
                yield f"consent_triggers[{i}].reply", t.reply
        for i, a in enumerate(self.anti_triggers):
            yield f"anti_triggers[{i}].reply", a.reply
        r = self.consent_rule
        for name in ("grant_line", "not_yet_line", "decline_line"):
            if getattr(r, name):
                yield f"consent_rule.{name}", getattr(r, name)
        for i, g in enumerate(self.disclosure_gates):
            yield f"disclosure_gates[{i}].disclosure", g.disclosure
            yield f"disclosure_gates[{i}].refusal", g.refusal
        for i, f in enumerate(self.knows):
            if f.reply:
                yield f"knows[{i}].reply", f.reply
        for i, u in enumerate(self.does_not_know):
            if u.reply:
                yield f"does_not_know[{i}].reply", u.reply
        yield "end_of_call.goodbye_line", self.end_of_call.goodbye_line
        yield "end_of_call.hang_up_line", self.end_of_call.hang_up_line
        if self.bundled_topics_line:
            yield "bundled_topics_line", self.bundled_topics_line
        for i, line in enumerate(self.fallback_lines):
            yield f"fallback_lines[{i}]", line

    @model_validator(mode="after")
    def _references(self) -> PatientPersona:
        ids = [t.id for t in self.consent_triggers] + [a.id for a in self.anti_triggers] + \
              [g.id for g in self.disclosure_gates] + [f.id for f in self.knows] + [u.id for u in self.does_not_know]
        dupes = sorted({i for i in ids if ids.count(i) > 1} | (set(ids) & set(BUILTIN_EVENTS)))
        if dupes:
            raise ValueError(f"ids must be unique and not a built-in event ({', '.join(BUILTIN_EVENTS)}): {dupes}")
        known = self.event_ids()
        gates = {g.id for g in self.disclosure_gates}
        triggers = {t.id for t in self.consent_triggers}

        def check(path: str, refs: Iterable[str], allowed: set[str], what: str = "event") -> None:
            bad = sorted(set(refs) - allowed)
            if bad:
                raise ValueError(f"{path}: unknown {what} id(s) {bad}")

        for i, t in enumerate(self.consent_triggers):
            check(f"consent_triggers[{i}].requires", t.requires, known)
            check(f"consent_triggers[{i}].unless", t.unless, known)
        for i, a in enumerate(self.anti_triggers):
            check(f"anti_triggers[{i}].requires", a.requires, known)
            check(f"anti_triggers[{i}].unless", a.unless, known)
            check(f"anti_triggers[{i}].closes_gates", a.closes_gates, gates, "gate")
        for i, g in enumerate(self.disclosure_gates):
            check(f"disclosure_gates[{i}].requires", g.requires, known)
            cids = [c.id for c in g.conditions]
            if len(set(cids)) != len(cids):
                raise ValueError(f"disclosure_gates[{i}].conditions: duplicate condition ids")
        for i, f in enumerate(self.knows):
            check(f"knows[{i}].requires", f.requires, known)
        check("consent_rule.requires_all", self.consent_rule.requires_all, triggers, "trigger")
        check("consent_rule.requires_any", self.consent_rule.requires_any, triggers, "trigger")
        check("end_of_call.hang_up_on", self.end_of_call.hang_up_on, known)
        self._check_stance()
        self._check_assessment_gate()
        if self.one_topic_per_turn and len(self.disclosure_gates) > 1 and not self.bundled_topics_line:
            raise ValueError("bundled_topics_line: required when one_topic_per_turn and there are two or more gates")
        for path, line in self.lines():
            if STOP_TOKEN in line:
                raise ValueError(f"{path}: authored lines must not contain the stop token {STOP_TOKEN}")
        return self


    def _check_stance(self) -> None:
        """Consent thresholds scale with the stance (paper App. D.3, App. G)."""
        rule, stance = self.consent_rule, self.consent_stance
        n, total = rule.required_count, len(self.consent_triggers)
        pressure = [a.id for a in self.anti_triggers if a.pressure]
        if stance == ConsentStance.ENGAGED and not 1 <= n <= ENGAGED_MAX_REQUIRED:
            raise ValueError(f"consent_rule: an Engaged member consents after 1-{ENGAGED_MAX_REQUIRED} triggers; "
                             f"requires_all + min_any asks for {n}")
        if stance == ConsentStance.HESITANT:
            if not HESITANT_MIN_REQUIRED <= n < total:
                raise ValueError(f"consent_rule: a Hesitant member consents after at least {HESITANT_MIN_REQUIRED} "
                                 f"triggers but not all {total}; requires_all + min_any asks for {n}")
            if not any(g.conditions for g in self.disclosure_gates):
                raise ValueError("disclosure_gates: a Hesitant member needs at least one disclosure gate with "
                                 "conditions")
        if stance == ConsentStance.REFUSING:
            missing = sorted({t.id for t in self.consent_triggers} - set(rule.requires_all))
            if missing or rule.requires_any:
                raise ValueError("consent_rule.requires_all: a Refusing member consents only when every consent "
                                 f"trigger fired (missing {missing}; requires_any must be empty)")
            if rule.affirmative.matches(self.opening_line):
                raise ValueError("opening_line: a Refusing member opens with a refusal, not a yes")
            if not any("refusal_stated" in t.requires for t in self.consent_triggers):
                raise ValueError("consent_triggers: a Refusing member needs a trigger that requires "
                                 "'refusal_stated' (the caller explicitly acknowledges the refusal)")
        if stance != ConsentStance.ENGAGED and not pressure:
            raise ValueError(f"anti_triggers: a {stance} member needs at least one pressure: true anti-trigger "
                             "(concern-mining after a refusal or a 'not yet')")
        if pressure and rule.relent is None:
            raise ValueError("consent_rule.relent: required when an anti-trigger has pressure: true (how many "
                             "pressure turns before the member gives in — the illegitimate yes)")

    def _check_assessment_gate(self) -> None:
        """Every instrument item needs enrollment consent first (directly or through its gate)."""
        gates = {g.id: g for g in self.disclosure_gates}

        def consented(reqs: Iterable[str], seen: frozenset[str] = frozenset()) -> bool:
            for r in reqs:
                if r == "consent_granted":
                    return True
                if r in gates and r not in seen and consented(gates[r].requires, seen | {r}):
                    return True
            return False

        for i, f in enumerate(self.knows):
            if f.instrument is not None and not consented(f.requires):
                raise ValueError(f"knows[{i}].requires: instrument item '{f.id}' ({f.instrument}) must require "
                                 "consent_granted, directly or through a disclosure gate that requires it")


class ResolutionPoint(_Model):
    id: Id
    text: Prose


class PatientGrading(_Model):
    """Grader-only: never given to a simulator (stored in ``cm_patient_persona_grading``)."""

    expected_outcome: Literal["engaged", "tentative", "refused"]
    expected_consent: bool
    required_resolution_points: list[ResolutionPoint] = Field(min_length=1)
    must_avoid: list[Id] = Field([], description="Anti-trigger ids a passing call never hits")

    @model_validator(mode="after")
    def _consistent(self) -> PatientGrading:
        if self.expected_consent != (self.expected_outcome == "engaged"):
            raise ValueError("expected_consent: true exactly when expected_outcome is 'engaged'")
        return self


class PatientContractFile(_Model):
    persona: PatientPersona
    grader: PatientGrading

    @model_validator(mode="after")
    def _grader_refs(self) -> PatientContractFile:
        anti = {a.id for a in self.persona.anti_triggers}
        bad = sorted(set(self.grader.must_avoid) - anti)
        if bad:
            raise ValueError(f"grader.must_avoid: unknown anti-trigger id(s) {bad}")
        return self


# =============================================================================================== P2P


class P2PIdentity(_Model):
    worker_id: str | None = Field(None, description="The directory worker the counterpart is; required for the "
                                                     "provider side (the ordering clinician); for the payer side "
                                                     "omit it — the request's assigned reviewer is used")
    role_description: Prose
    voice: Prose


class Position(_Model):
    summary: Prose = Field(description="The position the counterpart argues")
    ask: Prose = Field(description="What the counterpart wants from the call")
    concession: Prose | None = Field(None, description="What the counterpart will accept, and when")


class ChartFact(_Model):
    """A fact the counterpart holds. ``opening``: said in the opening statement; ``volunteer_after_prompt``:
    said once an agent turn matches ``triggers``; ``reveal_if_asked``: said only when an agent turn that
    is a question (contains '?') matches ``triggers``; ``never``: never said (a probe matching
    ``triggers`` gets ``withheld_line``) and never shown to the live simulator."""

    id: Id
    statement: Line
    reveal: RevealMode
    triggers: Match | None = None
    source: str | None = Field(None, description="Seed document id the fact is documented in")
    withheld_line: Line | None = None

    @model_validator(mode="after")
    def _mode(self) -> ChartFact:
        if self.reveal in ("volunteer_after_prompt", "reveal_if_asked") and self.triggers is None:
            raise ValueError(f"fact {self.id}: triggers: required for reveal mode '{self.reveal}'")
        if self.reveal == "opening" and self.triggers is not None:
            raise ValueError(f"fact {self.id}: triggers: an opening fact has no triggers")
        if self.reveal == "never" and self.triggers is not None and self.withheld_line is None:
            raise ValueError(f"fact {self.id}: withheld_line: required for a never fact with triggers")
        if self.reveal != "never" and self.withheld_line is not None:
            raise ValueError(f"fact {self.id}: withheld_line: only for never facts")
        return self


class Response(_Model):
    """An authored reply to an agent move (each once, unless ``repeatable``)."""

    id: Id
    match: Match
    reply: Line
    requires: list[Id] = []
    repeatable: bool = False


class ForbiddenArgument(_Model):
    id: Id
    description: Prose
    detect: Match


class CounterpartDecision(_Model):
    """Payer-side counterpart only: the reviewer's decision when the provider-side agent concludes the call:
    ``default``, or ``alternative`` once every ``alternative_when_all`` event happened."""

    default: P2POutcome
    alternative: P2POutcome | None = None
    alternative_when_all: list[Id] = []

    @model_validator(mode="after")
    def _pair(self) -> CounterpartDecision:
        if (self.alternative is None) != (not self.alternative_when_all):
            raise ValueError("alternative and alternative_when_all go together")
        return self


class P2PCounterpart(_Model):
    """Everything a P2P simulator may use (no grading content)."""

    side: Side = Field(description="The side the counterpart plays: provider = the ordering clinician (the agent "
                                   "is the payer reviewer); payer = the plan's physician reviewer")
    identity: P2PIdentity
    position: Position
    opening: Line
    facts: list[ChartFact] = Field(min_length=1)
    responses: list[Response] = []
    forbidden_arguments: list[ForbiddenArgument] = Field(min_length=1)
    agent_closing: Match
    closing_line: Line
    fallback_lines: list[Line] = Field(min_length=1)
    turn_limit: int = Field(ge=2, le=30)
    decision: CounterpartDecision | None = None

    def event_ids(self) -> set[str]:
        return {f.id for f in self.facts} | {r.id for r in self.responses}

    def lines(self) -> Iterator[tuple[str, str]]:
        """Every authored line the counterpart can say, with its field path (never facts excluded)."""
        yield "opening", self.opening
        for i, f in enumerate(self.facts):
            if f.reveal != "never":
                yield f"facts[{i}].statement", f.statement
            if f.withheld_line:
                yield f"facts[{i}].withheld_line", f.withheld_line
        for i, r in enumerate(self.responses):
            yield f"responses[{i}].reply", r.reply
        yield "closing_line", self.closing_line
        for i, line in enumerate(self.fallback_lines):
            yield f"fallback_lines[{i}]", line

    @model_validator(mode="after")
    def _checks(self) -> P2PCounterpart:
        ids = [f.id for f in self.facts] + [r.id for r in self.responses]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"facts/responses: duplicate ids {dupes}")
        fids = [f.id for f in self.forbidden_arguments]
        if len(set(fids)) != len(fids):
            raise ValueError("forbidden_arguments: duplicate ids")
        known = self.event_ids()
        for i, r in enumerate(self.responses):
            bad = sorted(set(r.requires) - known)
            if bad:
                raise ValueError(f"responses[{i}].requires: unknown id(s) {bad}")
        if self.side == "provider":
            if not self.identity.worker_id:
                raise ValueError("identity.worker_id: required for the provider side (the ordering clinician)")
            if self.decision is not None:
                raise ValueError("decision: only a payer-side counterpart decides the outcome")
        else:
            if self.decision is None:
                raise ValueError("decision: required for a payer-side counterpart")
            bad = sorted(set(self.decision.alternative_when_all) - known)
            if bad:
                raise ValueError(f"decision.alternative_when_all: unknown id(s) {bad}")
        for path, line in self.lines():
            if STOP_TOKEN in line:
                raise ValueError(f"{path}: authored lines must not contain the stop token {STOP_TOKEN}")
            for fa in self.forbidden_arguments:
                if fa.detect.matches(line):
                    raise ValueError(f"{path}: makes the forbidden argument '{fa.id}'")
        never = [f for f in self.facts if f.reveal == "never"]
        for f in never:
            for path, line in self.lines():
                if f.statement.lower() in line.lower():
                    raise ValueError(f"{path}: contains the never fact '{f.id}'")
        return self


class P2PGrading(_Model):
    """Grader-only, per agent side: never given to a simulator (stored in ``p2p_contract_grading``)."""

    expected_outcome: P2POutcome
    required_resolution_points: list[ResolutionPoint] = Field(min_length=1)
    key_fact_ids: list[Id] = Field([], description="Counterpart facts the call must bring out")


class P2PContractFile(_Model):
    service_slug: Slug
    counterparts: list[P2PCounterpart] = Field(min_length=1, max_length=2)
    grader: dict[Side, P2PGrading] = Field(description="Keyed by the agent's side")

    def counterpart_for(self, side: str) -> P2PCounterpart | None:
        return next((c for c in self.counterparts if c.side == side), None)

    @model_validator(mode="after")
    def _sides(self) -> P2PContractFile:
        sides = [c.side for c in self.counterparts]
        if len(set(sides)) != len(sides):
            raise ValueError("counterparts: at most one counterpart per side")
        for agent_side, g in self.grader.items():
            cp = self.counterpart_for(opposite(agent_side))
            if cp is None:
                raise ValueError(f"grader.{agent_side}: no counterpart plays the {opposite(agent_side)} side")
            bad = sorted(set(g.key_fact_ids) - {f.id for f in cp.facts})
            if bad:
                raise ValueError(f"grader.{agent_side}.key_fact_ids: unknown fact id(s) {bad}")
        for c in self.counterparts:
            if opposite(c.side) not in self.grader:
                raise ValueError(f"grader: missing the block for the {opposite(c.side)} agent side")
        return self


def opposite(side: str) -> str:
    return "provider" if side == "payer" else "payer"
