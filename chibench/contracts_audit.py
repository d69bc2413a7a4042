"""``chibench contracts audit``: how far the live trigger classifier agrees with the scripted decisions.

For every patient contract (or those named) it replays, through the live classifier
(:class:`~chibench.world.counterparts.classifier.TriggerClassifier`, i.e. ``litellm`` with the given
model):

* **oracle turns** — every ``cm_outreach_send_message`` of the CM package's oracle
  (``packages/<scenario_id>/scenario.yaml``), in order, on the scripted engine's state: each trigger and
  anti-trigger that could fire on the turn is judged by the classifier and compared with the pattern
  decision (the scripted backend's);
* **authored paraphrases** — each ``paraphrases`` line of a trigger / anti-trigger must fire it,
  each ``non_examples`` line must not (judged alone, with the behaviour's ``requires`` taken as met).

The report gives, per contract and in total, the decisions compared and agreed, and every disagreement
(id, turn excerpt, expected, classifier verdict and rationale). The pattern engine's own result on the
paraphrases is reported alongside (how many paraphrases the offline patterns miss).

Usage: ``chibench contracts audit --model anthropic/claude-sonnet-4-5`` (the key from the provider's usual
environment variable, or ``--api-key-env VAR``; ``--api-base`` for an OpenAI-compatible endpoint);
``--fake`` runs offline against a local fake model on 127.0.0.1 that decides with the contracts' own
patterns (a self-test of the audit path). ``--min-agreement F`` exits 1 when total agreement < F.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from chibench.world.core import yamlio
from chibench.world.counterparts.classifier import TriggerClassifier
from chibench.world.counterparts.config import CounterpartConfig
from chibench.world.counterparts.contracts import PatientPersona
from chibench.world.counterparts.engine import PatientEngine
from chibench.world.counterparts.store import load_contracts

REPO = Path(__file__).resolve().parents[1]
PACKAGES = REPO / "packages"


@dataclass
class Disagreement:
    source: str  # "oracle T<n>" | "paraphrase" | "non_example"
    id: str
    text: str
    expected: bool
    classifier: bool
    rationale: str


@dataclass
class ContractAudit:
    scenario_id: str
    oracle_turns: int = 0
    oracle_decisions: int = 0
    oracle_agree: int = 0
    examples: int = 0
    examples_agree: int = 0
    pattern_misses_paraphrase: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def compared(self) -> int:
        return self.oracle_decisions + self.examples

    @property
    def agreed(self) -> int:
        return self.oracle_agree + self.examples_agree


def oracle_messages(package_dir: Path) -> list[str]:
    """The caller turns of a CM package's oracle, in order (``[]`` without a package)."""
    path = package_dir / "scenario.yaml"
    if not path.is_file():
        return []
    data = yamlio.load(path.read_text(encoding="utf-8")) or {}
    return [str(s["args"]["message"]) for s in data.get("oracle") or []
            if isinstance(s, dict) and s.get("tool") == "cm_outreach_send_message"]


def _excerpt(text: str, n: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def audit_contract(persona: PatientPersona, classifier: TriggerClassifier, messages: list[str]) -> ContractAudit:
    out = ContractAudit(persona.scenario_id, oracle_turns=len(messages))
    engine = PatientEngine(persona)
    state = engine.initial_state()
    history: list[tuple[str, str]] = [("counterpart", persona.opening_line)]
    items = {x.id: x for x in list(persona.consent_triggers) + list(persona.anti_triggers)}
    turn = 1
    for msg in messages:
        if state.get("ended"):
            break
        trig, anti = engine.candidates(state)
        scripted = engine.step(state, msg, reply_turn=turn + 2)
        verdict = classifier.classify(persona, state["events"], history, msg, trig, anti)
        for i in trig + anti:
            expected = i in scripted.events.get("triggers", []) or i in scripted.events.get("anti_triggers", [])
            got = verdict.decisions[i]
            out.oracle_decisions += 1
            if got == expected:
                out.oracle_agree += 1
            else:
                out.disagreements.append(Disagreement(f"oracle T{turn + 1}", i, _excerpt(msg), expected, got,
                                                      verdict.rationales.get(i, "")))
        state = scripted.state
        history += [("agent", msg), ("counterpart", " ".join(scripted.lines))]
        turn += 2
    for i, item in items.items():
        # the behaviour judged alone, its preconditions taken as met
        events = list(dict.fromkeys(engine.initial_state()["events"] + list(item.requires)))
        for kind, lines, expected in (("paraphrase", item.paraphrases, True), ("non_example", item.non_examples, False)):
            for line in lines:
                trig_ids = [i] if i in {t.id for t in persona.consent_triggers} else []
                anti_ids = [] if trig_ids else [i]
                verdict = classifier.classify(persona, events, [("counterpart", persona.opening_line)], line,
                                              trig_ids, anti_ids)
                got = verdict.decisions[i]
                out.examples += 1
                if kind == "paraphrase" and not item.match.matches(line):
                    out.pattern_misses_paraphrase += 1
                if got == expected:
                    out.examples_agree += 1
                else:
                    out.disagreements.append(Disagreement(kind, i, _excerpt(line), expected, got,
                                                          verdict.rationales.get(i, "")))
    return out


def run_audit(config: CounterpartConfig, scenario_ids: list[str] | None = None,
              packages: Path = PACKAGES, on_persona: Any = None) -> list[ContractAudit]:
    """Audit the named contracts (default: all). ``on_persona(persona)`` is called before each one (the
    offline fake uses it to switch the persona it decides for). Raises ``KeyError`` for an unknown id."""
    contracts = load_contracts()
    ids = scenario_ids or sorted(contracts.patients)
    unknown = sorted(set(ids) - set(contracts.patients))
    if unknown:
        raise KeyError(f"no patient contract for {unknown}; known: {sorted(contracts.patients)}")
    classifier = TriggerClassifier(config)
    results = []
    for sid in ids:
        persona = contracts.patients[sid].persona
        if on_persona is not None:
            on_persona(persona)
        results.append(audit_contract(persona, classifier, oracle_messages(packages / sid)))
    return results


def render(results: list[ContractAudit]) -> str:
    lines = [f"{'contract':40} {'oracle':>13} {'examples':>11} {'agree':>7}  pattern misses"]
    for r in results:
        pct = f"{100 * r.agreed / r.compared:.1f}%" if r.compared else "—"
        lines.append(f"{r.scenario_id:40} {r.oracle_agree:>5}/{r.oracle_decisions:<7} {r.examples_agree:>4}/"
                     f"{r.examples:<6} {pct:>7}  {r.pattern_misses_paraphrase} paraphrase(s)")
    total_c = sum(r.compared for r in results)
    total_a = sum(r.agreed for r in results)
    lines.append(f"total: {total_a}/{total_c} decisions agree"
                 + (f" ({100 * total_a / total_c:.1f}%)" if total_c else ""))
    for r in results:
        for d in r.disagreements:
            lines.append(f"  {r.scenario_id} {d.source} {d.id}: scripted/expected {d.expected}, classifier "
                         f"{d.classifier} — \"{d.text}\" ({d.rationale})")
    return "\n".join(lines)


def cmd_contracts_audit(args: argparse.Namespace) -> int:
    key = os.environ.get(args.api_key_env) if args.api_key_env else None
    fake = None
    on_persona = None
    if args.fake:
        from chibench.testing.fake_judge import FakeJudge, pattern_decider

        fake = FakeJudge(pattern_decider([])).start()

        def on_persona(p: PatientPersona) -> None:
            assert fake is not None
            fake.decide = pattern_decider([p])

        config = CounterpartConfig(backend="live", model="openai/fake-judge", api_base=fake.base, api_key="fake",
                                   timeout_s=30.0)
    else:
        if not args.model:
            print("chibench: error: --model is required (or --fake for the offline self-test)", file=sys.stderr)
            return 2
        config = CounterpartConfig(backend="live", model=args.model, api_base=args.api_base, api_key=key,
                                   timeout_s=args.timeout)
    try:
        results = run_audit(config, args.scenario or None, Path(args.packages), on_persona)
    finally:
        if fake is not None:
            fake.stop()
    if args.json:
        print(json.dumps([{**asdict(r), "compared": r.compared, "agreed": r.agreed} for r in results], indent=2))
    else:
        print(render(results))
    total_c = sum(r.compared for r in results)
    agreement = sum(r.agreed for r in results) / total_c if total_c else 1.0
    return 1 if args.min_agreement is not None and agreement < args.min_agreement else 0


def add_contracts_parser(sub: Any) -> None:
    c = sub.add_parser("contracts", help="counterpart contracts: audit the live trigger classifier")
    cs = c.add_subparsers(dest="command", required=True)
    a = cs.add_parser("audit", help="replay oracle turns and authored paraphrases through the live classifier and "
                                    "report agreement with the scripted decisions")
    a.add_argument("--model", help="litellm model for the classifier, e.g. anthropic/claude-sonnet-4-5")
    a.add_argument("--api-base", help="OpenAI-compatible or provider base URL")
    a.add_argument("--api-key-env", help="environment variable holding the API key (default: litellm's provider "
                                         "variables)")
    a.add_argument("--timeout", type=float, default=60.0, help="seconds per classifier call (60)")
    a.add_argument("--scenario", action="append", help="a CM scenario id (repeatable; default: every contract)")
    a.add_argument("--packages", default=str(PACKAGES), help="packages directory (oracle turns)")
    a.add_argument("--fake", action="store_true", help="offline: a local fake model that decides with the "
                                                        "contracts' patterns (self-test of the audit path)")
    a.add_argument("--min-agreement", type=float, help="exit 1 when total agreement is below this fraction")
    a.add_argument("--json", action="store_true", help="machine-readable output")
    a.set_defaults(func=cmd_contracts_audit)
