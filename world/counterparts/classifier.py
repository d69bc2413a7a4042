"""The live trigger classifier: a model judges each caller turn against the contract's natural-language
trigger and anti-trigger specifications (paper App. D.3: "the LLM judge evaluates whether a given agent
turn matches each trigger's natural-language specification").

The scripted (offline) backend decides triggers with the contract's ``match`` patterns; the live backend
asks this classifier instead, for every trigger and anti-trigger that could fire on the turn
(:meth:`PatientEngine.candidates`), and the engine then runs on its verdicts
(``PatientEngine.step(..., decisions=...)``) — so consent, gates and the member's authored lines follow
the classifier. Each verdict carries a one-sentence rationale, recorded on the caller's transcript turn
(``details.classifier``).

Prompt (our own): the role, the member's situation in one line, what has happened so far, the last turns
of the call, the caller's new turn, and per candidate its id, kind, specification and the text of the
handbook section it cites (``handbook_ref``, resolved from the handbook skill shipped with the package).
The model answers with one JSON object ``{"decisions": [{"id", "fired", "rationale"}]}`` naming every
candidate exactly once.

Errors: any transport or model error, a reply that is not that JSON, or one that misses or invents an id
raises :class:`RetryableError` — the turn is not recorded, and the agent sends it again.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from chibench.world.core.errors import RetryableError
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.contracts import AntiTrigger, PatientPersona, Trigger

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

#: Caller/member turns of context shown to the classifier before the turn being judged.
CONTEXT_TURNS = 6
_REF = re.compile(r"^(KM-[A-Z0-9-]+) §(\d+(?:\.\d+)*)$")


# ------------------------------------------------------------------------------------------ handbook


def _handbook_roots() -> list[Path]:
    roots = []
    with contextlib.suppress(ModuleNotFoundError, TypeError):
        roots.append(Path(str(resources.files("chibench.handbook_skill"))))
    roots.append(Path(__file__).resolve().parents[2] / "handbook_skill")
    return [r for r in roots if r.is_dir()]


@lru_cache(maxsize=1)
def _handbook_docs() -> dict[str, Path]:
    """Document id (front-matter ``id:``) → markdown file."""
    out: dict[str, Path] = {}
    for root in _handbook_roots():
        for path in sorted(root.rglob("*.md")):
            head = path.read_text(encoding="utf-8", errors="replace")[:600]
            m = re.search(r"^id:\s*(KM-[A-Z0-9-]+)\s*$", head, re.MULTILINE)
            if m and m.group(1) not in out:
                out[m.group(1)] = path
    return out


@lru_cache(maxsize=256)
def handbook_section(ref: str, max_chars: int = 1800) -> str | None:
    """The text of a handbook section cited as ``KM-… §n[.m]`` (heading and body up to the next heading of
    the same or a higher level), or None when the document or section is not found."""
    m = _REF.match(ref)
    if not m:
        return None
    path = _handbook_docs().get(m.group(1))
    if path is None:
        return None
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    number = m.group(2)
    start = level = None
    for i, line in enumerate(lines):
        h = re.match(r"^(#+)\s+(\d+(?:\.\d+)*)[.)]?\s", line)
        if h and h.group(2) == number:
            start, level = i, len(h.group(1))
            break
    if start is None or level is None:
        return None
    body = [lines[start]]
    for line in lines[start + 1:]:
        h = re.match(r"^(#+)\s", line)
        if h and len(h.group(1)) <= level:
            break
        body.append(line)
    text = "\n".join(body).strip()
    return text if len(text) <= max_chars else text[:max_chars].rstrip() + " …"


# ------------------------------------------------------------------------------------------- prompt


@dataclass(frozen=True)
class Classification:
    """Verdicts for one caller turn: ``decisions`` id → fired; ``rationales`` id → one sentence."""

    decisions: dict[str, bool]
    rationales: dict[str, str]
    meta: dict[str, Any] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """What the transcript turn keeps (``details.classifier``)."""
        return {**self.meta, "decisions": {i: {"fired": self.decisions[i], "rationale": self.rationales.get(i, "")}
                                           for i in self.decisions}}


SYSTEM = """You are the rater for a simulated health-plan outreach call. A nurse care manager (the caller) \
is phoning a plan member. For the caller's NEW turn only, decide for each listed behaviour whether that turn \
performs it, judged by meaning — not by whether particular words appear. A behaviour is performed only if \
the turn actually does what the specification describes in its context (a turn that mentions the words but \
says the opposite, or lists keywords without doing the act, does not perform it). Earlier turns are context: \
they tell you what the member said and what was already done; judge only the new turn.

Answer with one JSON object and nothing else:
{"decisions": [{"id": "<behaviour id>", "fired": true or false, "rationale": "<one sentence quoting or \
paraphrasing the part of the turn that decides it>"}]}
List every behaviour id exactly once."""


def _item(kind: str, spec: Trigger | AntiTrigger) -> str:
    ref = spec.handbook_ref
    section = handbook_section(ref) if ref else None
    lines = [f"- id: {spec.id}", f"  type: {kind}", f"  specification: {spec.description}"]
    if ref:
        lines.append(f"  handbook: {ref}")
    if section:
        lines.append("  handbook text:\n" + "\n".join("    " + s for s in section.splitlines()))
    return "\n".join(lines)


def build_prompt(persona: PatientPersona, events: Sequence[str], history: Sequence[tuple[str, str]], message: str,
                 trigger_ids: Sequence[str], anti_ids: Sequence[str]) -> list[dict[str, str]]:
    """The chat messages sent to the classifier (system + one user message)."""
    triggers = {t.id: t for t in persona.consent_triggers}
    antis = {a.id: a for a in persona.anti_triggers}
    said = [f"{'CALLER' if who == 'agent' else 'MEMBER'}: {text}" for who, text in list(history)[-CONTEXT_TURNS:]]
    happened = [e for e in events if e in ("refusal_stated", "consent_declined", "consent_deferred",
                                           "consent_granted")]
    user = "\n\n".join([
        f"Member: {persona.identity.given_name} {persona.identity.family_name}; consent stance "
        f"{persona.consent_stance}. Why the plan is calling: {persona.clinical_context.referral_reason}",
        "Consent so far: " + (", ".join(happened) if happened else "nothing decided yet"),
        "Recent turns:\n" + ("\n".join(said) if said else "(the call has just started)"),
        f"NEW CALLER TURN:\n{message}",
        "Behaviours to judge:\n" + "\n".join(
            [_item("trust-building trigger", triggers[i]) for i in trigger_ids]
            + [_item("rapport-damaging anti-trigger", antis[i]) for i in anti_ids]),
    ])
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def parse_decisions(content: str, expected: Sequence[str]) -> tuple[dict[str, bool], dict[str, str]]:
    """Parse the classifier's JSON reply. Raises ValueError naming what is wrong."""
    text = content.strip()
    fence = re.match(r"^```(?:json)?\s*(.*?)\s*```$", text, re.DOTALL)
    if fence:
        text = fence.group(1)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the reply is not JSON ({exc.msg})") from None
    items = data.get("decisions") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ValueError("the reply has no 'decisions' list")
    decisions: dict[str, bool] = {}
    rationales: dict[str, str] = {}
    for it in items:
        if not isinstance(it, dict) or not isinstance(it.get("id"), str) or not isinstance(it.get("fired"), bool):
            raise ValueError(f"malformed decision {it!r} (needs id: string, fired: boolean)")
        if it["id"] in decisions:
            raise ValueError(f"decision for '{it['id']}' given twice")
        decisions[it["id"]] = it["fired"]
        rationales[it["id"]] = str(it.get("rationale") or "")[:500]
    missing = sorted(set(expected) - set(decisions))
    extra = sorted(set(decisions) - set(expected))
    if missing or extra:
        raise ValueError(f"decisions missing {missing} / not asked for {extra}")
    return decisions, rationales


class TriggerClassifier:
    """Judges caller turns through ``litellm.completion`` (model: ``config.classifier_model`` or
    ``config.model``; temperature 0)."""

    def __init__(self, config: CounterpartConfig):
        self.config = config

    @property
    def model(self) -> str:
        model = self.config.classifier_model or self.config.model
        if not model:
            raise RetryableError("no classifier model is configured", field="model")
        return model

    def classify(self, persona: PatientPersona, events: Sequence[str], history: Sequence[tuple[str, str]],
                 message: str, trigger_ids: Sequence[str], anti_ids: Sequence[str]) -> Classification:
        """Verdicts for ``trigger_ids`` + ``anti_ids`` on ``message``. No candidates → no model call.
        Raises :class:`RetryableError` on any failure (nothing is recorded)."""
        expected = list(trigger_ids) + list(anti_ids)
        model = self.model
        if not expected:
            return Classification({}, {}, {"model": model, "candidates": 0})
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm  # heavy: only for live runs

        litellm.suppress_debug_info = True
        cfg = self.config
        kwargs: dict[str, Any] = {"model": model, "temperature": 0.0, "max_tokens": max(400, 90 * len(expected)),
                                  "timeout": cfg.timeout_s, "num_retries": 0, "max_retries": 0,
                                  "messages": build_prompt(persona, events, history, message, trigger_ids, anti_ids)}
        if cfg.api_base:
            kwargs["api_base"] = cfg.api_base
        if cfg.api_key:
            kwargs["api_key"] = cfg.api_key
        try:
            resp = litellm.completion(**kwargs)
            content = resp.choices[0].message.content or ""
        except Exception as exc:  # transport, auth, rate limit, timeout: the agent may simply resend
            raise RetryableError(f"the trigger classifier did not answer ({type(exc).__name__}); nothing was "
                                 "recorded — send the same turn again", field="message",
                                 details={"classifier_model": model, "error": type(exc).__name__}) from None
        try:
            decisions, rationales = parse_decisions(content, expected)
        except ValueError as exc:
            raise RetryableError(f"the trigger classifier gave an unusable answer ({exc}); nothing was recorded — "
                                 "send the same turn again", field="message",
                                 details={"classifier_model": model, "error": "bad_classification"}) from None
        usage = getattr(resp, "usage", None)
        meta = {"model": model, "candidates": len(expected),
                "prompt_tokens": int(getattr(usage, "prompt_tokens", 0) or 0),
                "completion_tokens": int(getattr(usage, "completion_tokens", 0) or 0)}
        return Classification(decisions, rationales, meta)
