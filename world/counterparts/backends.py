"""One interface, two backends: the counterpart's reply to one agent turn.

``scripted`` speaks the engine's authored lines (deterministic: same turns → same words).
``live`` asks a model through ``litellm.completion`` to say the same things in its own words: the
system prompt is written here from the simulator-visible contract only (``PatientPersona`` /
``P2PCounterpart`` — never the grader block, never ``never`` facts, never a gate's disclosure before it
opens) plus the engine's guidance for this turn. The events and the consent decision always come from
the engine, so both backends record the same event stream for the same agent turns.

Either way the result records which backend ran, and for ``live`` the model, temperature, max tokens,
token counts and cost. Any model error or timeout raises :class:`RetryableError`; nothing is recorded.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from chibench.world.core.errors import RetryableError
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.contracts import STOP_TOKEN, P2PCounterpart, PatientPersona
from chibench.world.counterparts.engine import StepResult

# litellm must never fetch its cost map from the network, whoever imports it first.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

#: (speaker, text): speaker is "agent" or "counterpart", in transcript order.
History = Sequence[tuple[str, str]]


@dataclass(frozen=True)
class Reply:
    text: str
    stopped: bool
    meta: dict[str, Any] = field(default_factory=dict)


class Backend(Protocol):
    name: str

    def patient_reply(self, persona: PatientPersona, state: dict[str, Any], step: StepResult, history: History,
                      message: str) -> Reply: ...

    def p2p_reply(self, counterpart: P2PCounterpart, context: dict[str, Any], state: dict[str, Any],
                  step: StepResult, history: History, message: str) -> Reply: ...


def strip_stop(text: str) -> tuple[str, bool]:
    stopped = STOP_TOKEN in text
    return " ".join(text.replace(STOP_TOKEN, " ").split()), stopped


# ========================================================================================= scripted


class ScriptedBackend:
    name = "scripted"

    def patient_reply(self, persona: PatientPersona, state: dict[str, Any], step: StepResult, history: History,
                      message: str) -> Reply:
        return Reply(" ".join(step.lines), step.stop, {"backend": self.name})

    def p2p_reply(self, counterpart: P2PCounterpart, context: dict[str, Any], state: dict[str, Any],
                  step: StepResult, history: History, message: str) -> Reply:
        return Reply(" ".join(step.lines), step.stop, {"backend": self.name})


# ============================================================================================= live

STANCE_TEXT = {
    "engaged": "You asked for help and are open to it. Once the caller has made clear who they are, what the program "
               "is, that it is free and that it is your choice, you are glad to say yes when asked.",
    "hesitant": "You are unsure. You need your worries answered and to feel respected before you would agree; "
                "until then you hedge (\"maybe\", \"I need to think\", \"send me something\").",
    "refusing": "You do not want to join, and you said so as soon as you picked up. You could still be won over — "
                "but only by a caller who accepts your no, is straight about what the program is and is not, and "
                "never pushes; you agree only when the guidance for this turn says you agree.",
}


def _bullets(items: Sequence[str]) -> str:
    return "\n".join(f"- {x}" for x in items) if items else "- (none)"


BUILTIN_TEXT = {"consent_asked": "the caller has asked you to join", "consent_granted": "you have agreed to join",
                "consent_declined": "you have said no to joining", "consent_deferred": "you have put off deciding",
                "refusal_stated": "you have said you do not want this",
                "consent_relented": "you gave in and said yes just to end the pressure"}


def _describe(persona: PatientPersona, ids: Sequence[str]) -> list[str]:
    """Event ids as the member would understand them (the prompt never shows bare ids)."""
    texts = {t.id: f"the caller has done this: {t.description}" for t in persona.consent_triggers}
    texts.update({a.id: f"this has happened: {a.description}" for a in persona.anti_triggers})
    texts.update({g.id: f"you have talked about {g.topic}" for g in persona.disclosure_gates})
    texts.update({f.id: f"you have told them: {f.fact}" for f in persona.knows})
    texts.update(BUILTIN_TEXT)
    return [texts.get(i, i) for i in ids]


def patient_system_prompt(persona: PatientPersona, state: dict[str, Any], step: StepResult) -> str:
    """The patient simulator's instructions, from the simulator-visible persona and this turn's engine result."""
    p, ident = persona, persona.identity
    open_gates = [g for g in p.disclosure_gates if state["gates"].get(g.id, {}).get("status") == "open"]
    private = [g for g in p.disclosure_gates if g not in open_gates]
    hit = [t for t in p.consent_triggers if t.id in state["triggers"]]
    active = [a for a in p.anti_triggers if a.id in state["active_anti_triggers"]]
    consent = state["consent"]["status"]
    parts = [
        f"You are {ident.given_name} {ident.family_name}, a member of the Keystone health plan, answering a phone "
        "call. Stay in character as this person for the whole call; you are not an assistant and you never say "
        "you are simulated.",
        "## Who you are\n" + _bullets([
            f"Name: {ident.given_name} {ident.family_name}; date of birth {ident.birth_date:%B} {ident.birth_date.day}, "
            f"{ident.birth_date.year}; "
            f"address {ident.address}. Give these only when the caller asks you to confirm them.",
            f"Preferred language: {ident.preferred_language}.", ident.household, f"How you talk: {ident.voice}"]),
        "## Your health, as you understand it\n" + p.clinical_context.own_understanding,
        "## Background (you know it only once the caller tells you why they are calling)\n"
        + p.clinical_context.referral_reason,
        "## How you feel about joining a program\n" + STANCE_TEXT[str(p.consent_stance)],
        "## What helps you trust a caller\n" + _bullets([t.description for t in p.consent_triggers]),
        "## What puts you off (and how you react)\n" + _bullets(
            [f"{a.description} — you react like: \"{a.reply}\"" for a in p.anti_triggers]),
        "## Private topics (you talk about these only when the caller has earned it)\n" + _bullets(
            [f"{g.topic}: only once " + (" and ".join(_describe(p, g.requires)) or "the call is under way")
             + ("; and the caller must first do this: " + "; ".join(c.description.rstrip(".") for c in g.conditions)
                if g.conditions else "")
             + ". Otherwise you politely decline." for g in private]),
        "## What you know (answer truthfully, in your own words, if asked)\n" + _bullets(
            [f.fact for f in p.knows if f.reveal != "never"]),
        "## What you do not know (say you don't know)\n" + _bullets([u.topic for u in p.does_not_know]),
        "## Rules\n" + _bullets([
            "Reply as the member in 1-3 short spoken sentences, plain words, no lists or headings.",
            "Never invent medical facts, numbers or events that are not above.",
            "Agree to join only when the guidance for this turn says you agree; say it plainly then.",
            f"When the call is over for you (you say goodbye or hang up), end your message with {STOP_TOKEN}."]),
        "## Right now",
        _bullets([f"The caller has: {t.description}" for t in hit] or ["The caller has not yet earned your trust."]),
        _bullets([f"Still bothering you: {a.description}" for a in active] or ["Nothing is bothering you."]),
    ]
    if open_gates:
        parts.append("You are now willing to share:\n" + _bullets([f"{g.topic}: {g.disclosure}" for g in open_gates]))
    parts.append(f"Joining the program so far: {consent.replace('_', ' ')}.")
    parts.append("In this reply, get across (in your own words): " + " / ".join(step.lines))
    if step.stop:
        parts.append(f"This reply ends the call: finish it and end your message with {STOP_TOKEN}.")
    return "\n\n".join(parts)


def p2p_system_prompt(counterpart: P2PCounterpart, context: dict[str, Any], state: dict[str, Any],
                      step: StepResult) -> str:
    """The P2P simulator's instructions, from the simulator-visible counterpart and this turn's engine result.
    Only facts already revealed (opening facts and those the engine released) are given; ``never`` facts
    are not."""
    c = counterpart
    said = [f.statement for f in c.facts if f.id in state["revealed"] and f.reveal != "never"]
    other = ("the ordering clinician" if c.side == "payer" else "a Keystone Mutual Health Plan physician reviewer")
    parts = [
        f"You are {context.get('counterpart_name', 'the physician')}, {c.identity.role_description}. You are on a "
        f"scheduled peer-to-peer call with {other} ({context.get('agent_name', 'the other physician')}) about "
        f"{context.get('member', 'the member')}'s request for {context.get('service', 'the requested service')}. "
        "Stay in role; you are not an assistant and you never say you are simulated.",
        "## The case\n" + _bullets([
            f"PA case {context.get('case_id', '')}, peer-to-peer request {context.get('request_id', '')}.",
            f"Requested: {context.get('service', '')} ({', '.join(context.get('codes', []))}).",
            f"The plan's stated concern: {context.get('concern', '')}"]),
        "## Your position\n" + _bullets([c.position.summary, f"What you want from the call: {c.position.ask}"]
                                        + ([f"What you would accept: {c.position.concession}"]
                                           if c.position.concession else [])),
        "## Facts you may state (nothing else)\n" + _bullets(said),
        "## What you must never do\n" + _bullets([f.description for f in c.forbidden_arguments] + [
            "State a clinical fact, value, date or document that is not listed above; if asked about one, say you "
            "would have to check the record."]),
        "## Style\n" + _bullets([c.identity.voice, "2-4 spoken sentences per turn; no lists or headings.",
                                 f"When the call is over for you, end your message with {STOP_TOKEN}."]),
        "## This turn\nMake these points, in your own words: " + " / ".join(step.lines),
    ]
    if step.stop:
        parts.append(f"This reply closes the call: finish politely and end your message with {STOP_TOKEN}.")
    return "\n\n".join(parts)


class LiveBackend:
    """An LLM through ``litellm`` (imported lazily; the local cost map is forced so nothing is fetched)."""

    name = "live"

    def __init__(self, config: CounterpartConfig):
        self.config = config

    def _complete(self, system: str, history: History, message: str, opening_user: str) -> Reply:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm  # heavy (seconds): imported only for live runs

        litellm.suppress_debug_info = True
        cfg = self.config
        messages: list[dict[str, str]] = [{"role": "system", "content": system}]
        if history and history[0][0] == "counterpart":
            messages.append({"role": "user", "content": opening_user})
        for speaker, text in history:
            messages.append({"role": "user" if speaker == "agent" else "assistant", "content": text})
        messages.append({"role": "user", "content": message})
        kwargs: dict[str, Any] = {"model": cfg.model, "messages": messages, "temperature": cfg.temperature,
                                  "max_tokens": cfg.max_tokens, "timeout": cfg.timeout_s, "num_retries": 0,
                                  "max_retries": 0}
        if cfg.api_base:
            kwargs["api_base"] = cfg.api_base
        if cfg.api_key:
            kwargs["api_key"] = cfg.api_key
        try:
            resp = litellm.completion(**kwargs)
            content = resp.choices[0].message.content or ""
        except Exception as exc:  # every model failure is transient from the agent's point of view
            raise RetryableError(f"the simulated counterpart did not answer ({type(exc).__name__}); nothing was "
                                 "recorded — send the same turn again", field="message",
                                 details={"backend": self.name, "model": cfg.model,
                                          "error": type(exc).__name__}) from None
        text, stopped = strip_stop(content)
        if not text and not stopped:
            raise RetryableError("the simulated counterpart returned an empty reply; nothing was recorded — send "
                                 "the same turn again", field="message",
                                 details={"backend": self.name, "model": cfg.model, "error": "empty_reply"})
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        meta = {"backend": self.name, "model": cfg.model, "temperature": cfg.temperature,
                "max_tokens": cfg.max_tokens, "prompt_tokens": pt, "completion_tokens": ct,
                "total_tokens": int(getattr(usage, "total_tokens", 0) or pt + ct),
                "cost_usd": self._cost(litellm, pt, ct)}
        return Reply(text, stopped, meta)

    def _cost(self, litellm: Any, prompt_tokens: int, completion_tokens: int) -> float | None:
        cfg = self.config
        if cfg.input_cost_per_token is not None or cfg.output_cost_per_token is not None:
            return round(prompt_tokens * (cfg.input_cost_per_token or 0.0)
                         + completion_tokens * (cfg.output_cost_per_token or 0.0), 8)
        try:
            a, b = litellm.cost_per_token(model=cfg.model, prompt_tokens=prompt_tokens,
                                          completion_tokens=completion_tokens)
            return round(float(a) + float(b), 8)
        except Exception:  # model not in the local cost map
            return None

    def patient_reply(self, persona: PatientPersona, state: dict[str, Any], step: StepResult, history: History,
                      message: str) -> Reply:
        system = patient_system_prompt(persona, step.state, step)
        reply = self._complete(system, history, message, "(Your phone rings and you pick up.)")
        return Reply(reply.text, reply.stopped or step.stop, reply.meta)

    def p2p_reply(self, counterpart: P2PCounterpart, context: dict[str, Any], state: dict[str, Any],
                  step: StepResult, history: History, message: str) -> Reply:
        system = p2p_system_prompt(counterpart, context, step.state, step)
        reply = self._complete(system, history, message, "(The peer-to-peer call connects.)")
        made = [f.id for f in counterpart.forbidden_arguments if f.detect.matches(reply.text)]
        meta = {**reply.meta, **({"forbidden_arguments_detected": made} if made else {})}
        return Reply(reply.text, reply.stopped or step.stop, meta)


def backend_for(name: str, config: CounterpartConfig) -> Backend:
    if name == "live":
        return LiveBackend(config)
    return ScriptedBackend()
