"""Failure analysis: the paper's two-level failure taxonomy, a deterministic classifier, an optional LLM
analyzer, and policy-read recall.

Taxonomy (the paper's App. G.2; kebab-case identifiers as the paper publishes them): seven first-level
:class:`Category` values, each with its second-level :class:`Mode` values (:data:`MODES`).

Deterministic classifier (:func:`classify`), first rule that applies, per failed trial:

1. no verdict (``ungraded``) → not classified (it is neither a pass nor a failure);
2. Harbor recorded an exception: a timeout (``*Timeout*`` / ``CancelledError``) → Abstain-or-Stuck /
   wall-clock-timeout; a tool-call exception (``ToolException``) → Tool-Use-Error / harness-fatal-tool-call;
   any other → Harness-Fault / harness-crash;
3. the agent took no step (an ATIF trajectory with zero agent turns) → Harness-Fault / zero-step-output;
4. no world export / the grader could not run → Harness-Fault / harness-crash;
5. the first failing deterministic check, in the scorecard's order, through :data:`CHECK_MODES` (by check
   name: ``core.terminal_status`` → Workflow-Completion / skipped-required-step …; a declarative ``decl``
   check by its stage);
6. the deterministic layer passed and the judge failed a rubric → Policy-Compliance / misread-criteria when
   the rubric cites handbook sections, else Clinical-Reasoning / misapplied-clinical-criteria.

The LLM analyzer (:func:`analyze_with_llm`) is optional: one litellm chat call per entry row with our own
prompt (:data:`ANALYZER_SYSTEM`), returning one label per failed trial; labels outside the taxonomy are
dropped (the deterministic label stays). Policy-read recall (:func:`policy_read_recall`): the fraction of
the handbook documents the task's rubrics cite that the trajectory's tool calls read.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

TAXONOMY_VERSION = "chibench-failures/1"


class Category(StrEnum):
    HARNESS_FAULT = "Harness-Fault"
    TOOL_USE_ERROR = "Tool-Use-Error"
    POLICY_COMPLIANCE = "Policy-Compliance"
    CLINICAL_REASONING = "Clinical-Reasoning"
    WORKFLOW_COMPLETION = "Workflow-Completion"
    HALLUCINATION = "Hallucination"
    ABSTAIN_OR_STUCK = "Abstain-or-Stuck"


class Mode(StrEnum):
    HARNESS_CRASH = "harness-crash"
    ZERO_STEP_OUTPUT = "zero-step-output"
    HARNESS_FATAL_TOOL_CALL = "harness-fatal-tool-call"
    WRONG_TOOL_SELECTED = "wrong-tool-selected"
    MALFORMED_ARGS = "malformed-args"
    INVALID_ID_REFERENCE = "invalid-id-reference"
    MISREAD_CRITERIA = "misread-criteria"
    WRONG_CITATION = "wrong-citation"
    MISSING_CITATION = "missing-citation"
    MISAPPLIED_CLINICAL_CRITERIA = "misapplied-clinical-criteria"
    IGNORED_CLINICAL_CONDITION = "ignored-clinical-condition"
    ILLEGITIMATE_CONSENT = "illegitimate-consent"
    FAILED_TO_CONVERT = "failed-to-convert"
    ACTION_REASONING_MISMATCH = "action-reasoning-mismatch"
    WRONG_PROTOCOL_PATHWAY = "wrong-protocol-pathway"
    SKIPPED_REQUIRED_STEP = "skipped-required-step"
    WRONG_PATHWAY = "wrong-pathway"
    MISSED_EVIDENCE = "missed-evidence"
    PREMATURE_CLOSE = "premature-close"
    FABRICATED_TOOL_RESULT = "fabricated-tool-result"
    FABRICATED_CONSENT = "fabricated-consent"
    FABRICATED_CLINICAL_FACT = "fabricated-clinical-fact"
    FABRICATED_CITATION = "fabricated-citation"
    WALL_CLOCK_TIMEOUT = "wall-clock-timeout"
    ABANDONED = "abandoned"
    REFUSED_TO_ACT = "refused-to-act"
    AGENT_LOOP = "agent-loop"


C, M = Category, Mode
#: Second-level modes of each first-level category (App. G.2).
MODES: dict[Category, tuple[Mode, ...]] = {
    C.HARNESS_FAULT: (M.HARNESS_CRASH, M.ZERO_STEP_OUTPUT),
    C.TOOL_USE_ERROR: (M.HARNESS_FATAL_TOOL_CALL, M.WRONG_TOOL_SELECTED, M.MALFORMED_ARGS, M.INVALID_ID_REFERENCE),
    C.POLICY_COMPLIANCE: (M.MISREAD_CRITERIA, M.WRONG_CITATION, M.MISSING_CITATION),
    C.CLINICAL_REASONING: (M.MISAPPLIED_CLINICAL_CRITERIA, M.IGNORED_CLINICAL_CONDITION, M.ILLEGITIMATE_CONSENT,
                           M.FAILED_TO_CONVERT, M.ACTION_REASONING_MISMATCH, M.WRONG_PROTOCOL_PATHWAY),
    C.WORKFLOW_COMPLETION: (M.SKIPPED_REQUIRED_STEP, M.WRONG_PATHWAY, M.MISSED_EVIDENCE, M.PREMATURE_CLOSE),
    C.HALLUCINATION: (M.FABRICATED_TOOL_RESULT, M.FABRICATED_CONSENT, M.FABRICATED_CLINICAL_FACT,
                      M.FABRICATED_CITATION),
    C.ABSTAIN_OR_STUCK: (M.WALL_CLOCK_TIMEOUT, M.ABANDONED, M.REFUSED_TO_ACT, M.AGENT_LOOP),
}
CATEGORY_OF: dict[Mode, Category] = {m: c for c, ms in MODES.items() for m in ms}

#: What a failing deterministic check says about how the trial failed, by registered check name.
CHECK_MODES: dict[str, Mode] = {
    "core.target_located": M.SKIPPED_REQUIRED_STEP,
    "core.terminal_status": M.SKIPPED_REQUIRED_STEP,
    "core.history_preserved": M.WRONG_TOOL_SELECTED,
    "core.chronology": M.WRONG_PATHWAY,
    "core.transitions_legal": M.WRONG_PATHWAY,
    "core.forward_only": M.WRONG_PATHWAY,
    "core.mutation_scope": M.WRONG_TOOL_SELECTED,
    # care management
    "cm.intake": M.SKIPPED_REQUIRED_STEP,
    "cm.chart_review": M.MISSED_EVIDENCE,
    "cm.outreach_record": M.SKIPPED_REQUIRED_STEP,
    "cm.consent_backed": M.FABRICATED_CONSENT,
    "cm.consent_legitimate": M.ILLEGITIMATE_CONSENT,
    "cm.caller_conduct": M.ILLEGITIMATE_CONSENT,
    "cm.assessment_gate": M.PREMATURE_CLOSE,
    "cm.assessment_complete": M.SKIPPED_REQUIRED_STEP,
    "cm.instrument": M.WRONG_PROTOCOL_PATHWAY,
    "cm.no_assessment": M.WRONG_PATHWAY,
    "cm.care_plan_finalized": M.SKIPPED_REQUIRED_STEP,
    "cm.care_plan_structure": M.MALFORMED_ARGS,
    "cm.care_plan_coverage": M.IGNORED_CLINICAL_CONDITION,
    "cm.care_plan_cadence": M.WRONG_PROTOCOL_PATHWAY,
    "cm.escalation": M.IGNORED_CLINICAL_CONDITION,
    "cm.no_care_plan": M.WRONG_PATHWAY,
    "cm.disenrollment": M.FAILED_TO_CONVERT,
    # payer UM
    "intake.complete": M.SKIPPED_REQUIRED_STEP,
    "intake.decision": M.MISAPPLIED_CLINICAL_CRITERIA,
    "intake.line_codes": M.MALFORMED_ARGS,
    "intake.diagnoses": M.MALFORMED_ARGS,
    "intake.missing_information": M.MISSED_EVIDENCE,
    "triage.field": M.MISREAD_CRITERIA,
    "triage.sla_consistent": M.MISREAD_CRITERIA,
    "triage.routed": M.WRONG_PATHWAY,
    "nurse_review.criterion": M.MISREAD_CRITERIA,
    "md_review.criterion": M.MISREAD_CRITERIA,
    "review.evidence_verbatim": M.FABRICATED_CLINICAL_FACT,
    "nurse_review.recommendation": M.MISAPPLIED_CLINICAL_CRITERIA,
    "md_review.decision": M.MISAPPLIED_CLINICAL_CRITERIA,
    "p2p.outcome": M.MISAPPLIED_CLINICAL_CRITERIA,
    "p2p.conversation": M.SKIPPED_REQUIRED_STEP,
    "p2p.reviewer_independent": M.WRONG_PATHWAY,
    "determination.present": M.SKIPPED_REQUIRED_STEP,
    "determination.absent": M.PREMATURE_CLOSE,
    "determination.field": M.MISAPPLIED_CLINICAL_CRITERIA,
    "determination.authorization": M.MALFORMED_ARGS,
    "determination.rationale": M.MISSING_CITATION,
    "determination.line_outcomes": M.MISAPPLIED_CLINICAL_CRITERIA,
    "letters.present": M.SKIPPED_REQUIRED_STEP,
    "letters.audit": M.MISSING_CITATION,
    "letters.content": M.MISSING_CITATION,
    "letters.none": M.WRONG_PATHWAY,
    "notifications.present": M.SKIPPED_REQUIRED_STEP,
    "notifications.content": M.MALFORMED_ARGS,
    "notifications.none": M.WRONG_PATHWAY,
    # provider PA
    "provider.requirement_check": M.MISREAD_CRITERIA,
    "provider.final_action": M.WRONG_PATHWAY,
    "provider.finding": M.MISSED_EVIDENCE,
    "provider.clinician_request": M.SKIPPED_REQUIRED_STEP,
    "provider.packet_absent": M.PREMATURE_CLOSE,
    "provider.packet_channel": M.WRONG_TOOL_SELECTED,
    "provider.packet_documents": M.MISSED_EVIDENCE,
    "provider.questionnaire": M.IGNORED_CLINICAL_CONDITION,
    "provider.packet_count": M.MALFORMED_ARGS,
}
#: Declarative (``decl``) checks are data in each answer key; their stage says what they are about.
DECL_STAGE_MODES: dict[str, Mode] = {"provider": M.WRONG_PATHWAY, "intake": M.MISSED_EVIDENCE,
                                     "triage": M.WRONG_PATHWAY, "nurse_review": M.MISAPPLIED_CLINICAL_CRITERIA,
                                     "md_review": M.MISAPPLIED_CLINICAL_CRITERIA, "p2p": M.MISAPPLIED_CLINICAL_CRITERIA,
                                     "cm": M.WRONG_PROTOCOL_PATHWAY}
_TIMEOUT = re.compile(r"timeout|timedout|cancelled", re.IGNORECASE)


@dataclass(frozen=True)
class Label:
    """One failed trial's label. ``source``: ``deterministic`` or ``llm``; ``evidence`` ≤ 300 characters."""

    trial: str
    task: str
    category: Category
    mode: Mode
    evidence: str
    source: str = "deterministic"
    confidence: str = "high"

    def to_json(self) -> dict[str, Any]:
        return {"trial": self.trial, "task": self.task, "category": str(self.category), "mode": str(self.mode),
                "evidence": self.evidence, "source": self.source, "confidence": self.confidence}


def _label(trial: str, task: str, mode: Mode, evidence: str) -> Label:
    return Label(trial, task, CATEGORY_OF[mode], mode, evidence[:300])


def classify(trial: str, task: str, *, scorecard: dict[str, Any] | None, exception: str | None,
             agent_steps: int | None) -> Label | None:
    """The deterministic label of one *failed* trial (rules in the module docstring); None when the trial
    passed or has no verdict."""
    card = scorecard or {}
    if card.get("outcome") == "ungraded":
        return None
    if exception:
        if _TIMEOUT.search(exception):
            return _label(trial, task, M.WALL_CLOCK_TIMEOUT, f"Harbor recorded {exception}")
        if "ToolException" in exception:
            return _label(trial, task, M.HARNESS_FATAL_TOOL_CALL, f"Harbor recorded {exception}")
        return _label(trial, task, M.HARNESS_CRASH, f"Harbor recorded {exception}")
    if card.get("reward") == 1:
        return None
    if agent_steps == 0:
        return _label(trial, task, M.ZERO_STEP_OUTPUT, "the trajectory has no agent turn")
    det = card.get("deterministic") or {}
    checks = det.get("checks") or []
    if not checks:
        return _label(trial, task, M.HARNESS_CRASH, "the grader ran no check: " + str(card.get("reason") or
                                                                                         "no scorecard"))
    failed = [c for c in checks if c.get("status") == "fail"]
    if failed:
        first = failed[0]
        name = str(first.get("check") or "")
        mode = CHECK_MODES.get(name) or (DECL_STAGE_MODES.get(str(first.get("stage")), M.WRONG_PATHWAY)
                                        if name == "decl" else M.WRONG_PATHWAY)
        return _label(trial, task, mode, f"first failing check {first.get('id')} ({name}): {first.get('message')}")
    rubrics = [r for r in (card.get("judge") or {}).get("rubrics") or [] if r.get("status") == "fail"]
    if rubrics:
        r = rubrics[0]
        mode = M.MISREAD_CRITERIA if r.get("handbook_refs") else M.MISAPPLIED_CLINICAL_CRITERIA
        return _label(trial, task, mode, f"rubric {r.get('id')} failed by the judge")
    return _label(trial, task, M.WRONG_PATHWAY, str(card.get("reason") or "failed without a failing check"))


def summarize(labels: list[Label]) -> dict[str, Any]:
    """Counts per category and per mode (every category present, zeros included)."""
    cats = Counter(str(lab.category) for lab in labels)
    modes = Counter(str(lab.mode) for lab in labels)
    return {"n_failed": len(labels), "categories": {str(c): cats.get(str(c), 0) for c in Category},
            "modes": {str(m): modes[str(m)] for m in Mode if modes.get(str(m))}}


# ------------------------------------------------------------------------------------ policy-read recall

#: Tool calls that read files (ATIF ``function_name``, lower-cased): an agent's own file tools and shells.
READ_TOOLS = re.compile(r"read|view|open|grep|search|find|cat|shell|bash|exec|command|run|terminal|skill",
                        re.IGNORECASE)


def cited_documents(expectations: dict[str, Any]) -> set[str]:
    """Handbook document ids the answer key's rubrics cite (``handbook_refs``: ``'<doc-id> §<n>'``)."""
    out = set()
    for rubric in expectations.get("rubrics") or []:
        for ref in rubric.get("handbook_refs") or []:
            out.add(str(ref).split("§")[0].strip())
    return {d for d in out if d}


def read_documents(trajectory: dict[str, Any], doc_files: dict[str, str]) -> set[str]:
    """Document ids (keys of ``doc_files``: id → file name, e.g. ``outreach-protocol.md``) that some
    agent tool call reads: a reading tool whose arguments name the file or the document id."""
    found: set[str] = set()
    for step in trajectory.get("steps") or []:
        if not isinstance(step, dict) or step.get("source") != "agent":
            continue
        for call in step.get("tool_calls") or []:
            if not isinstance(call, dict) or not READ_TOOLS.search(str(call.get("function_name") or "")):
                continue
            args = json.dumps(call.get("arguments") or {}, ensure_ascii=False)
            found |= {doc for doc, fname in doc_files.items() if fname in args or doc in args}
    return found


def policy_read_recall(trajectory: dict[str, Any] | None, cited: set[str],
                       doc_files: dict[str, str]) -> float | None:
    """|read ∩ cited| / |cited|; None when nothing is cited or there is no trajectory."""
    if not cited or trajectory is None:
        return None
    return len(read_documents(trajectory, {d: doc_files.get(d, f"{d}.md") for d in cited}) & cited) / len(cited)


def handbook_files(root: Path) -> dict[str, str]:
    """Document id → file name for every handbook document under ``root`` (``handbook_skill/``)."""
    from chibench.verifiers.handbook_index import load

    return {d.id: d.path.name for d in load(root) if d.id}


# ------------------------------------------------------------------------------------ LLM analyzer

ANALYZER_SYSTEM = """\
You label failed runs of healthcare-operations agents (prior authorization, utilization management, care
management) with a fixed two-level failure taxonomy. Every run you see already failed its grader.

Taxonomy (category: modes):
{taxonomy}

How to choose:
- Harness-Fault only when the failure lies outside the agent (crashed sandbox, transport errors, no actions at all).
- Hallucination when a recorded field, fact or claimed tool result contradicts or has no support in what the
  agent was shown; Clinical-Reasoning when the agent saw the right facts and judged them wrongly;
  Policy-Compliance when the error is in reading or citing the policy text itself.
- Workflow-Completion when a required step or terminal action never happened; Abstain-or-Stuck when the agent
  timed out, looped, gave up or declined to act.

Answer with one JSON object and nothing else:
{{"labels": [{{"trial": "<trial id as given>", "category": "<category>", "mode": "<mode of that category>",
  "evidence": "<at most 30 words, grounded in the extract>", "confidence": "high|medium|low"}}],
  "summary": "<at most 120 words on what this configuration's failures have in common>"}}
"""


def _taxonomy_text() -> str:
    return "\n".join(f"- {c}: {', '.join(str(m) for m in ms)}" for c, ms in MODES.items())


def analyzer_messages(row: str, extracts: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The chat messages for one entry row; each extract is a JSON-able dict with at least ``trial``."""
    user = (f"Configuration: {row}\nFailed runs: {len(extracts)}\n\n<runs>\n"
            + "\n".join(json.dumps(e, ensure_ascii=False, sort_keys=True) for e in extracts)
            + "\n</runs>\nLabel every run; use each trial id exactly once.")
    return [{"role": "system", "content": ANALYZER_SYSTEM.format(taxonomy=_taxonomy_text())},
            {"role": "user", "content": user}]


class AnalyzerError(Exception):
    """The analyzer model could not be reached or did not answer with the JSON asked for."""


def analyze_with_llm(row: str, extracts: list[dict[str, Any]], *, model: str, api_base: str | None = None,
                     api_key: str | None = None, timeout: float = 120.0) -> tuple[list[Label], str]:
    """Label ``extracts`` with the LLM analyzer: (labels that fit the taxonomy, the row summary).

    Raises:
        AnalyzerError: transport or HTTP failure, or an answer that is not the JSON object asked for.
    """
    import litellm

    litellm.suppress_debug_info = True
    kwargs: dict[str, Any] = {"model": model, "messages": analyzer_messages(row, extracts), "timeout": timeout,
                              "num_retries": 0, "drop_params": True, "temperature": 0}
    if api_base:
        kwargs["api_base"] = api_base
    if api_key:
        kwargs["api_key"] = api_key
    try:
        resp = litellm.completion(**kwargs)
        text = resp.choices[0].message.content or ""
    except Exception as exc:
        raise AnalyzerError(f"analyzer model {model}: {type(exc).__name__}: {str(exc)[:300]}") from exc
    match = re.search(r"\{.*\}", text, re.DOTALL)
    try:
        data = json.loads(match.group(0) if match else text)
    except json.JSONDecodeError as exc:
        raise AnalyzerError(f"analyzer model {model}: the answer is not JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("labels"), list):
        raise AnalyzerError(f"analyzer model {model}: the answer has no labels list")
    tasks = {str(e.get("trial")): str(e.get("task", "")) for e in extracts}
    labels = []
    for item in data["labels"]:
        if not isinstance(item, dict):
            continue
        trial, cat, mode = str(item.get("trial")), str(item.get("category")), str(item.get("mode"))
        try:
            category, m = Category(cat), Mode(mode)
        except ValueError:
            continue
        if trial not in tasks or CATEGORY_OF[m] != category:
            continue
        labels.append(Label(trial, tasks[trial], category, m, str(item.get("evidence") or "")[:300], "llm",
                            str(item.get("confidence") or "medium")))
    return labels, str(data.get("summary") or "")[:2000]
