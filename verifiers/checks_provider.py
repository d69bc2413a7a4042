"""Provider PA checks: the requirement check, the pre-submission disposition and its per-kind document
findings, the request to the ordering clinician, and the submission packet (channel, documents by
kind, clinician signatures, questionnaire answers, number of packets)."""

from __future__ import annotations

import re
from typing import Any

from chibench.verifiers import vocab
from chibench.verifiers.expectations import Expectations, FindingExpect
from chibench.verifiers.exportview import Row
from chibench.verifiers.registry import GradeContext, Outcome, check, failed, present, verdict, when


def _latest(rows: list[Row], col: str) -> Row | None:
    rows = [r for r in rows if r.get(col)]
    return sorted(rows, key=lambda r: (str(r[col]), str(r.get("id"))))[-1] if rows else None


def _pdet(ctx: GradeContext) -> Row | None:
    return _latest(ctx.rows("provider_determinations"), "decided_at")


def _packets(ctx: GradeContext) -> list[Row]:
    return sorted(ctx.rows("submission_packets"), key=lambda r: (int(r.get("sequence") or 0), str(r["id"])))


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return " ".join(str(value).split()).casefold()


@check("provider.requirement_check", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: e.stages.provider and e.stages.provider.requirement_check,
                   lambda e: present(e.stages.provider).requirement_check),
       description="The PA requirement was checked for the case, with the expected result")
def requirement_check(ctx: GradeContext, st: Any) -> Outcome:
    row = _latest(ctx.rows("requirement_checks"), "checked_at")
    if row is None:
        return failed(f"no requirement check on case {ctx.case_id}")
    want = st.model_dump(exclude_none=True)
    got = {k: row.get(k) for k in want}
    if "required_document_kinds" in want:
        got["required_document_kinds"] = sorted(got["required_document_kinds"] or [])
        want["required_document_kinds"] = sorted(want["required_document_kinds"])
    return verdict(got == want, "requirement check as expected", f"requirement check {got}, expected {want}",
                   read={f"requirement_checks/{row['id']}.{k}": v for k, v in got.items()}, expected=want)


@check("provider.final_action", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: e.stages.provider and e.stages.provider.final_action,
                   lambda e: present(e.stages.provider).final_action),
       description="The coordinator's pre-submission disposition")
def final_action(ctx: GradeContext, want: str) -> Outcome:
    row = _pdet(ctx)
    got = None if row is None else row.get("final_action")
    return verdict(got == want, f"disposition {got}", f"disposition {got}, expected {want}",
                   read={f"provider_determinations/{row['id'] if row else '∅'}.final_action": got}, expected=want)


def _findings(exp: Expectations) -> list[tuple[str, Any]]:
    st = exp.stages.provider
    return [] if st is None else [(f.kind, f) for f in st.document_findings]


@check("provider.finding", stage="provider", do_nothing_passes=False, expand=_findings,
       description="The disposition classifies one required document kind as expected")
def finding(ctx: GradeContext, spec: FindingExpect) -> Outcome:
    row = _pdet(ctx)
    if row is None:
        return failed(f"no provider disposition on case {ctx.case_id}", expected=spec.status)
    found = next((f for f in row.get("document_findings") or [] if f.get("kind") == spec.kind), None)
    got = None if found is None else found.get("status")
    problems = [] if got in spec.status else [f"{spec.kind} classified '{got}', expected {spec.status}"]
    for did in (found or {}).get("document_ids") or []:
        doc = ctx.final.get("documents", did)
        if doc is None or doc.get("kind") != spec.kind or doc.get("patient_id") != ctx.case.get("patient_id"):
            problems.append(f"cites {did}, not a {spec.kind} of this patient")
    return verdict(not problems, f"{spec.kind}: {got}", "; ".join(problems),
                   read={f"provider_determinations/{row['id']}.document_findings[{spec.kind}]": found},
                   expected=spec.status)


@check("provider.clinician_request", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: e.stages.provider and e.stages.provider.clinician_request_patterns,
                   lambda e: present(e.stages.provider).clinician_request_patterns),
       description="The request to the ordering clinician names what must be written or done")
def clinician_request(ctx: GradeContext, patterns: list[str]) -> Outcome:
    row = _pdet(ctx)
    text = str((row or {}).get("clinician_request") or "")
    missing = [p for p in patterns if not re.search(p, text, re.IGNORECASE)]
    return verdict(bool(text) and not missing, "clinician request names what is needed",
                   f"clinician request does not name {missing}" if text else "no clinician request",
                   read={f"provider_determinations/{row['id'] if row else '∅'}.clinician_request": text[:400]})


@check("provider.packet_absent", stage="provider", do_nothing_passes=True,
       expand=when(lambda e: e.stages.provider and e.stages.provider.packet_absent),
       description="Nothing was submitted to the payer")
def packet_absent(ctx: GradeContext, _: Any) -> Outcome:
    rows = _packets(ctx)
    return verdict(not rows, "no packet submitted", f"packets submitted: {[r['id'] for r in rows]}",
                   read={"submission_packets": [r["id"] for r in rows]})


def _submission(exp: Expectations) -> Any:
    return exp.stages.provider.submission if exp.stages.provider else None


@check("provider.packet_channel", stage="provider", do_nothing_passes=False, expand=when(_submission),
       description="A packet was submitted, on an accepted channel (the record keeps the channel)")
def packet_channel(ctx: GradeContext, st: Any) -> Outcome:
    rows = _packets(ctx)
    if not rows:
        return failed(f"no packet submitted on case {ctx.case_id}", expected=st.channels)
    last = rows[-1]
    ok = last.get("channel") in st.channels and ctx.case.get("submission_channel") == rows[0].get("channel")
    return verdict(ok, f"submitted by {last.get('channel')}",
                   f"channel '{last.get('channel')}' (case records '{ctx.case.get('submission_channel')}'), "
                   f"expected {st.channels}",
                   read={f"submission_packets/{last['id']}.channel": last.get("channel"),
                         f"pa_cases/{ctx.case_id}.submission_channel": ctx.case.get("submission_channel")})


@check("provider.packet_documents", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: _submission(e) and (_submission(e).document_kinds_required
                                                 or _submission(e).document_kinds_forbidden
                                                 or _submission(e).clinician_signed_kinds), _submission),
       description="The latest packet carries every required document kind, no forbidden kind, and the listed "
                   "kinds only as clinician-signed documents")
def packet_documents(ctx: GradeContext, st: Any) -> Outcome:
    rows = _packets(ctx)
    if not rows:
        return failed(f"no packet submitted on case {ctx.case_id}")
    last = rows[-1]
    docs = [ctx.final.get("documents", d) for d in last.get("document_ids") or []]
    kinds: dict[str, list[Row]] = {}
    for d in docs:
        if d is not None:
            kinds.setdefault(str(d.get("kind")), []).append(d)
    problems = [f"no {k} in the packet" for k in st.document_kinds_required if k not in kinds]
    problems += [f"{k} must not be sent" for k in st.document_kinds_forbidden if k in kinds]
    for k in st.clinician_signed_kinds:
        for d in kinds.get(k, []):
            author = ctx.final.get("workers", d.get("author_worker_id")) or {}
            if not d.get("signed") or author.get("role") not in vocab.CLINICIAN_ROLES:
                problems.append(f"{d['id']} ({k}) is not a clinician-signed document")
    return verdict(not problems, f"packet kinds {sorted(kinds)}", "; ".join(problems),
                   read={f"submission_packets/{last['id']}.document_ids": last.get("document_ids"),
                         "kinds": {k: [d["id"] for d in v] for k, v in sorted(kinds.items())}},
                   expected=st.model_dump(include={"document_kinds_required", "document_kinds_forbidden",
                                                   "clinician_signed_kinds"}))


@check("provider.questionnaire", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: _submission(e) and _submission(e).questionnaire_answers, _submission),
       description="The payer questionnaire answers that travelled with the latest packet")
def questionnaire(ctx: GradeContext, st: Any) -> Outcome:
    rows = _packets(ctx)
    if not rows:
        return failed(f"no packet submitted on case {ctx.case_id}")
    last = rows[-1]
    answers = last.get("questionnaire_answers") or {}
    wrong = {k: answers.get(k) for k, v in st.questionnaire_answers.items() if _text(answers.get(k)) != _text(v)}
    return verdict(not wrong, "questionnaire answers as expected", f"answers differ: {wrong}",
                   read={f"submission_packets/{last['id']}.questionnaire_answers": answers},
                   expected=st.questionnaire_answers)


@check("provider.packet_count", stage="provider", do_nothing_passes=False,
       expand=when(lambda e: _submission(e) and _submission(e).max_packets, _submission),
       description="At least one and no more packets than the task allows (no duplicate submissions)")
def packet_count(ctx: GradeContext, st: Any) -> Outcome:
    n = len(_packets(ctx))
    return verdict(1 <= n <= st.max_packets, f"{n} packet(s)", f"{n} packets, expected 1–{st.max_packets}",
                   read={"submission_packets": n})
