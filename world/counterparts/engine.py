"""Deterministic rule engines: what one agent turn does to a counterpart's state.

Both backends run the same engine on every agent turn, so the events a call records (triggers,
anti-triggers, repairs, disclosure gates, consent decisions, facts revealed, responses) are a pure
function of the contract and the agent's words — identical for the scripted and the live backend.
The scripted backend then speaks the engine's authored ``lines``; the live backend is given them as
guidance and phrases the reply itself.

State is a JSON-able dict (stored on the session row); :meth:`step` never mutates its input.

Patient turn, in order:

1. anti-triggers (evaluated against the events *before* this turn, so "health details before the
   identity check" is judged on what had happened when the caller spoke); then repairs of active,
   non-permanent anti-triggers. For a Refusing member any anti-trigger closes consent for good (all
   triggers, zero anti-triggers); a ``pressure`` anti-trigger (concern-mining) counts a pressure turn;
2. consent triggers (contract order; a trigger may require one hit earlier in the same turn);
3. disclosure gates: a gate's conditions count in the caller turns that raise its topic (once its
   ``requires`` are met); a gate asked about opens when its conditions are all met, nothing closes
   it and (with ``one_topic_per_turn``) no other gate is asked in the same turn — else the member
   refuses (or asks for one topic at a time);
4. known / unknown facts asked about;
5. the consent question: granted, deferred or declined per the consent rule — or, when it would be
   deferred or declined but the caller has pressed for ``relent.after`` pressure turns, the member gives
   in (``relent.line``). Any yes that comes after a pressure turn is recorded with ``relented: true``
   and the event ``consent_relented`` — illegitimate consent, which the grader fails;
6. end of call: an anti-trigger that ends the call, a ``hang_up_on`` event, the caller's goodbye, or
   too many turns after a decline.

Who decides whether a trigger or anti-trigger happened: by default its ``match`` patterns (the
deterministic offline backend). The live backend passes ``decisions`` — a classifier's verdict per
trigger / anti-trigger id for this turn (``chibench.world.counterparts.classifier``) — and those
verdicts replace the patterns for the ids they name; everything downstream (consent, gates, replies)
follows them.

P2P turn: facts revealed (``volunteer_after_prompt`` on a matching turn, ``reveal_if_asked`` on a
matching question), probes of ``never`` facts (answered with the withheld line), authored responses,
and the agent's closing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chibench.world.core.enums import ConsentStance
from chibench.world.core.textmatch import normalize
from chibench.world.counterparts.contracts import P2PCounterpart, PatientPersona


@dataclass(frozen=True)
class StepResult:
    state: dict[str, Any]
    events: dict[str, Any]
    lines: list[str] = field(default_factory=list)
    stop: bool = False


def _compact(events: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in events.items() if v not in (None, False, [], {})}


def _dedupe(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if line not in out:
            out.append(line)
    return out


# =========================================================================================== patient


class PatientEngine:
    def __init__(self, persona: PatientPersona):
        self.p = persona

    @property
    def refusing(self) -> bool:
        return self.p.consent_stance == ConsentStance.REFUSING

    def initial_state(self) -> dict[str, Any]:
        return {
            "events": ["refusal_stated"] if self.refusing else [],
            "triggers": {},
            "anti_triggers": {},
            "active_anti_triggers": [],
            "consent": {"status": "not_asked", "turn": None, "asked_turns": [], "relented": False},
            "pressure_turns": 0,
            "consent_closed": False,
            "gates": {g.id: {"status": "pending", "conditions": [], "opened_turn": None}
                      for g in self.p.disclosure_gates},
            "facts_shared": [],
            "unknowns_asked": [],
            "ended": False,
            "end_reason": None,
            "turns_after_decline": 0,
            "fallback_index": 0,
        }

    # -------------------------------------------------------------------------------------------
    @staticmethod
    def _ok(state: dict[str, Any], requires: Sequence[str], unless: Sequence[str] = ()) -> bool:
        ev = set(state["events"])
        return all(r in ev for r in requires) and not any(u in ev for u in unless)

    @staticmethod
    def _add(state: dict[str, Any], event: str) -> None:
        if event not in state["events"]:
            state["events"].append(event)

    def _anti(self, aid: str) -> Any:
        return next(a for a in self.p.anti_triggers if a.id == aid)

    def consent_blocked(self, state: dict[str, Any]) -> bool:
        return any(self._anti(a).closes_consent for a in state["active_anti_triggers"])

    def gate_blocked(self, state: dict[str, Any], gate_id: str) -> bool:
        return any(gate_id in self._anti(a).closes_gates for a in state["active_anti_triggers"])

    def consent_requirements_met(self, state: dict[str, Any]) -> bool:
        r = self.p.consent_rule
        ev = set(state["events"])
        if not all(t in ev for t in r.requires_all):
            return False
        return not r.requires_any or sum(t in ev for t in r.requires_any) >= r.min_any

    # -------------------------------------------------------------------------------------------
    def candidates(self, state: dict[str, Any]) -> tuple[list[str], list[str]]:
        """The trigger and anti-trigger ids a caller turn could fire now (requires / unless met; triggers
        not yet hit) — what a live classifier is asked to judge."""
        before = {"events": list(state["events"])}
        trig = [t.id for t in self.p.consent_triggers if t.id not in state["triggers"] and self._ok(state, t.requires, t.unless)]
        anti = [a.id for a in self.p.anti_triggers if self._ok(before, a.requires, a.unless)]
        return trig, anti

    def step(self, state_in: dict[str, Any], message: str, *, reply_turn: int,
             decisions: Mapping[str, bool] | None = None) -> StepResult:
        """Apply one caller message. ``reply_turn`` is the transcript number the member's reply will have
        (recorded as the consent turn when consent is granted). ``decisions`` (live backend): a classifier's
        verdict per trigger / anti-trigger id, used instead of that id's patterns."""
        p = self.p
        st = copy.deepcopy(state_in)
        st.setdefault("pressure_turns", 0)
        st["consent"].setdefault("relented", False)
        text = normalize(message)

        def fired(item: Any) -> bool:
            if decisions is not None and item.id in decisions:
                return bool(decisions[item.id])
            return bool(item.match.matches(text))

        ev: dict[str, Any] = {"triggers": [], "anti_triggers": [], "repaired": [], "gates_opened": [],
                              "gates_refused": [], "gates_shut": [], "gate_conditions": {}, "topics_bundled": [],
                              "facts_shared": [], "unknowns_asked": [], "consent": None, "consent_closed": False,
                              "goodbye": False, "hang_up": False}
        anti_lines: list[str] = []
        trigger_lines: list[str] = []
        lines: list[str] = []
        stop = False
        was_declined = st["consent"]["status"] == "declined"

        # 1. anti-triggers, judged on the events before this turn
        before = {"events": list(st["events"])}
        for a in p.anti_triggers:
            if not self._ok(before, a.requires, a.unless) or not fired(a):
                continue
            ev["anti_triggers"].append(a.id)
            anti_lines.append(a.reply)
            st["anti_triggers"].setdefault(a.id, reply_turn)
            self._add(st, a.id)
            if a.id not in st["active_anti_triggers"]:  # (without permanence or repair: this turn only)
                st["active_anti_triggers"].append(a.id)
            if self.refusing and not st["consent_closed"]:  # zero anti-triggers, or no consent this call
                st["consent_closed"] = ev["consent_closed"] = True
            if a.permanent:
                if a.closes_consent and not st["consent_closed"]:
                    st["consent_closed"] = ev["consent_closed"] = True
                for gid in a.closes_gates:
                    if st["gates"][gid]["status"] != "shut":
                        st["gates"][gid]["status"] = "shut"
                        ev["gates_shut"].append(gid)
                if a.ends_call:
                    stop = True
                    ev["hang_up"] = True
        for aid in list(st["active_anti_triggers"]):
            a = self._anti(aid)
            if aid not in ev["anti_triggers"] and a.repair is not None and a.repair.matches(text):
                st["active_anti_triggers"].remove(aid)
                ev["repaired"].append(aid)
        if any(a.pressure for a in p.anti_triggers if a.id in ev["anti_triggers"]):
            st["pressure_turns"] += 1
            ev["pressure"] = True
        transient = [a.id for a in p.anti_triggers if a.id in ev["anti_triggers"] and not a.permanent
                     and a.repair is None]

        # 2. consent triggers
        for t in p.consent_triggers:
            if t.id in st["triggers"] or not self._ok(st, t.requires, t.unless) or not fired(t):
                continue
            st["triggers"][t.id] = reply_turn
            self._add(st, t.id)
            ev["triggers"].append(t.id)
            if t.reply:
                trigger_lines.append(t.reply)

        # 3. disclosure gates: conditions count in turns that raise the gate's topic
        asked = [g for g in p.disclosure_gates if g.ask.matches(text)]
        for g in asked:
            gs = st["gates"][g.id]
            if gs["status"] == "pending" and self._ok(st, g.requires):
                met = [c.id for c in g.conditions if c.id not in gs["conditions"] and c.match.matches(text)]
                if met:
                    gs["conditions"] += met
                    ev["gate_conditions"][g.id] = met
        if p.one_topic_per_turn and len(asked) > 1:
            ev["topics_bundled"] = [g.id for g in asked]
            lines.append(p.bundled_topics_line or p.fallback_lines[0])
        else:
            for g in asked:
                gs = st["gates"][g.id]
                if gs["status"] == "open":
                    lines.append(g.disclosure)
                    continue
                ready = (gs["status"] == "pending" and self._ok(st, g.requires) and not self.gate_blocked(st, g.id)
                         and all(c.id in gs["conditions"] for c in g.conditions))
                if ready:
                    gs["status"], gs["opened_turn"] = "open", reply_turn
                    self._add(st, g.id)
                    ev["gates_opened"].append(g.id)
                    lines.append(g.disclosure)
                else:
                    ev["gates_refused"].append(g.id)
                    lines.append(g.refusal)

        # 4. facts
        for f in p.knows:
            if f.ask is not None and f.reply is not None and self._ok(st, f.requires) and f.ask.matches(text):
                if f.reveal == "reveal_if_asked" and "?" not in text:
                    continue
                if f.reveal == "never":
                    ev.setdefault("never_probed", []).append(f.id)
                    lines.append(f.reply)
                    continue
                if f.id not in st["facts_shared"]:
                    st["facts_shared"].append(f.id)
                    self._add(st, f.id)
                ev["facts_shared"].append(f.id)
                lines.append(f.reply)
        for u in p.does_not_know:
            if u.ask is not None and u.reply is not None and u.ask.matches(text):
                if u.id not in st["unknowns_asked"]:
                    st["unknowns_asked"].append(u.id)
                    self._add(st, u.id)
                ev["unknowns_asked"].append(u.id)
                lines.append(u.reply)

        # 5. consent
        rule = p.consent_rule
        consent = st["consent"]
        if consent["status"] != "granted" and rule.ask.matches(text) and not stop:
            consent["asked_turns"].append(reply_turn)
            self._add(st, "consent_asked")
            thresholds_met = self.consent_requirements_met(st)
            if st["consent_closed"] or consent["status"] == "declined" or (self.refusing and not thresholds_met):
                decision = "declined"
            elif self.consent_blocked(st) or not thresholds_met:
                decision = "deferred"
            else:
                decision = "granted"
            worn_down = decision != "granted" and rule.relent is not None and st["pressure_turns"] >= rule.relent.after
            if worn_down:
                decision = "granted"  # worn down, not convinced: the yes is on the record but illegitimate
                lines.append(rule.relent.line if rule.relent else rule.grant_line)
            else:
                lines.append({"declined": rule.decline_line, "deferred": rule.not_yet_line,
                              "granted": rule.grant_line}[decision])
            if decision == "granted" and st["pressure_turns"] > 0:
                # KM-CM-OUTREACH-001 §6.2: a yes after pressure is not valid consent, even with the right words
                consent["relented"] = True
                self._add(st, "consent_relented")
                ev["consent_relented"] = True
            if decision == "granted":
                consent["turn"] = reply_turn
            consent["status"] = decision
            ev["consent"] = decision
            self._add(st, f"consent_{decision}")

        st["active_anti_triggers"] = [a for a in st["active_anti_triggers"] if a not in transient]

        # 6. end of call
        eoc = p.end_of_call
        if not stop and any(e in eoc.hang_up_on for e in
                            ev["triggers"] + ev["anti_triggers"] + ev["gates_opened"]
                            + ([f"consent_{ev['consent']}"] if ev["consent"] else [])):
            stop = ev["hang_up"] = True
            lines.append(eoc.hang_up_line)
        if not stop and eoc.caller_goodbye.matches(text):
            stop = ev["goodbye"] = True
            lines.append(eoc.goodbye_line)
        if not stop and was_declined and eoc.turns_after_decline is not None:
            st["turns_after_decline"] += 1
            if st["turns_after_decline"] > eoc.turns_after_decline:
                stop = ev["hang_up"] = True
                lines.append(eoc.hang_up_line)

        # an offended member voices the offence, not the pleasantries the same turn earned
        out = _dedupe(anti_lines + lines if anti_lines else trigger_lines + lines)
        if not out:
            out = [p.fallback_lines[st["fallback_index"] % len(p.fallback_lines)]]
            st["fallback_index"] += 1
        if stop:
            st["ended"] = True
            st["end_reason"] = "patient_ended"
        return StepResult(st, _compact(ev), out, stop)


# =============================================================================================== P2P


class P2PEngine:
    def __init__(self, counterpart: P2PCounterpart):
        self.c = counterpart

    def opening_statement(self) -> str:
        parts = [self.c.opening] + [f.statement for f in self.c.facts if f.reveal == "opening"]
        return " ".join(parts)

    def initial_state(self) -> dict[str, Any]:
        return {"events": [f.id for f in self.c.facts if f.reveal == "opening"],
                "revealed": [f.id for f in self.c.facts if f.reveal == "opening"],
                "withheld": [], "responses": [], "ended": False, "end_reason": None, "fallback_index": 0}

    def step(self, state_in: dict[str, Any], message: str) -> StepResult:
        c = self.c
        st = copy.deepcopy(state_in)
        text = normalize(message)
        is_question = "?" in text
        ev: dict[str, Any] = {"facts_revealed": [], "never_probed": [], "responses": [], "closing": False}
        lines: list[str] = []
        for f in c.facts:
            if f.triggers is None or not f.triggers.matches(text):
                continue
            if f.reveal == "never":
                ev["never_probed"].append(f.id)
                if f.id not in st["withheld"]:
                    st["withheld"].append(f.id)
                if f.withheld_line:
                    lines.append(f.withheld_line)
                continue
            if f.id in st["revealed"]:
                continue
            if f.reveal == "reveal_if_asked" and not is_question:
                continue
            st["revealed"].append(f.id)
            st["events"].append(f.id)
            ev["facts_revealed"].append(f.id)
            lines.append(f.statement)
        for r in c.responses:
            if (r.id in st["responses"] and not r.repeatable) or not all(q in st["events"] for q in r.requires):
                continue
            if r.match.matches(text):
                if r.id not in st["responses"]:
                    st["responses"].append(r.id)
                    st["events"].append(r.id)
                ev["responses"].append(r.id)
                lines.append(r.reply)
        stop = False
        if c.agent_closing.matches(text):
            stop = ev["closing"] = True
            lines.append(c.closing_line)
        lines = _dedupe(lines)
        if not lines:
            lines = [c.fallback_lines[st["fallback_index"] % len(c.fallback_lines)]]
            st["fallback_index"] += 1
        if stop:
            st["ended"], st["end_reason"] = True, "counterpart_ended"
        return StepResult(st, _compact(ev), lines, stop)

    def decision(self, state: dict[str, Any]) -> str | None:
        d = self.c.decision
        if d is None:
            return None
        if d.alternative is not None and all(e in state["events"] for e in d.alternative_when_all):
            return d.alternative
        return d.default
