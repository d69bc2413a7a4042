"""Payer UM stage checks: intake decisions, triage (urgency, SLA, lane), nurse and MD criterion results
with their policy citations, recommendations and decisions, P2P, the determination, letters and member
notifications. All read the target case's rows of the final export.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from chibench.verifiers.expectations import (
    ContentCheck,
    CriterionExpect,
    Expectations,
    LetterExpect,
    NotificationExpect,
)
from chibench.verifiers.exportview import Row
from chibench.verifiers.registry import GradeContext, Outcome, check, failed, not_applicable, present, verdict, when

# ------------------------------------------------------------------------------------ helpers


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _latest(rows: list[Row], col: str) -> Row | None:
    rows = [r for r in rows if r.get(col)]
    return sorted(rows, key=lambda r: (str(r[col]), str(r.get("id"))))[-1] if rows else None


def _ref(table: str, row: Row | None, col: str) -> str:
    return f"{table}/{row['id'] if row else '∅'}.{col}"


def _field_checks(ctx: GradeContext, table: str, row: Row | None, expected: dict[str, Any], what: str) -> Outcome:
    if row is None:
        return failed(f"no {what} on case {ctx.case_id}", expected=expected)
    read = {_ref(table, row, k): row.get(k) for k in expected}
    wrong = {k: row.get(k) for k, v in expected.items() if row.get(k) != v}
    return verdict(not wrong, f"{what} as expected", f"{what} differs: {wrong}", read=read, expected=expected)


def active_determination(ctx: GradeContext) -> Row | None:
    return _latest([d for d in ctx.rows("determinations") if not d.get("superseded_by")], "determined_at")


def content_problems(ctx: GradeContext, text: str, spec: ContentCheck | None) -> list[str]:
    if spec is None:
        return []
    problems = []
    low = _norm(text)
    for lit in spec.contains:
        want = ctx.fill(lit)
        if "{" in want and re.search(r"\{[a-z_]+\}", want):
            problems.append(f"placeholder in '{lit}' could not be resolved from the export")
        elif _norm(want) not in low:
            problems.append(f"does not contain '{want}'")
    for pat in spec.patterns:
        if not re.search(pat, text, re.IGNORECASE):
            problems.append(f"does not match /{pat}/")
    for pat in spec.absent_patterns:
        m = re.search(pat, text, re.IGNORECASE)
        if m:
            problems.append(f"must not match /{pat}/ (found '{m.group(0)}')")
    if len(text.strip()) < spec.min_chars:
        problems.append(f"shorter than {spec.min_chars} characters")
    return problems


# ------------------------------------------------------------------------------------ intake

_INTAKE_FIELDS = {"request_complete": "decision_request_complete", "member_eligible": "decision_member_eligible",
                  "service_covered": "decision_service_covered",
                  "provider_network_status": "decision_provider_network_status", "urgency_level": "urgency_level"}


def _intake(ctx: GradeContext) -> Row | None:
    return _latest(ctx.rows("intake_cases"), "updated_at")


@check("intake.complete", stage="intake", do_nothing_passes=False,
       expand=when(lambda e: e.stages.intake and e.stages.intake.complete),
       description="The intake record is complete (its four decisions frozen)")
def intake_complete(ctx: GradeContext, _: Any) -> Outcome:
    row = _intake(ctx)
    status = None if row is None else row.get("status")
    return verdict(status == "complete", "intake complete", f"intake is '{status}'",
                   read={_ref("intake_cases", row, "status"): status})


def _intake_fields(exp: Expectations) -> list[tuple[str, Any]]:
    st = exp.stages.intake
    if st is None:
        return []
    return [(k, (col, getattr(st, k))) for k, col in _INTAKE_FIELDS.items() if getattr(st, k) is not None]


@check("intake.decision", stage="intake", do_nothing_passes=False, expand=_intake_fields,
       description="One intake decision (or the header urgency) has the expected value")
def intake_decision(ctx: GradeContext, params: tuple[str, Any]) -> Outcome:
    col, want = params
    return _field_checks(ctx, "intake_cases", _intake(ctx), {col: want}, f"intake {col}")


@check("intake.line_codes", stage="intake", do_nothing_passes=True,  # receipt pre-fills the lines
       expand=when(lambda e: e.stages.intake and e.stages.intake.line_codes is not None,
                   lambda e: present(e.stages.intake).line_codes),
       description="The intake's service lines carry exactly the expected procedure codes")
def intake_line_codes(ctx: GradeContext, want: list[str]) -> Outcome:
    row = _intake(ctx)
    codes = sorted(r["code"] for r in ctx.final.where("intake_line_items", "intake_id", row["id"])) if row else []
    return verdict(sorted(set(codes)) == sorted(set(want)), f"codes {codes}", f"codes {codes}, expected {want}",
                   read={"intake_line_items.code": codes}, expected=want)


@check("intake.diagnoses", stage="intake", do_nothing_passes=True,  # receipt pre-fills the diagnoses
       expand=when(lambda e: e.stages.intake and e.stages.intake.diagnosis_codes_include,
                   lambda e: present(e.stages.intake).diagnosis_codes_include),
       description="The intake's diagnoses include the expected ICD-10-CM codes")
def intake_diagnoses(ctx: GradeContext, want: list[str]) -> Outcome:
    row = _intake(ctx)
    codes = [d.get("code") for d in (row or {}).get("diagnoses") or []]
    missing = [c for c in want if c not in codes]
    return verdict(row is not None and not missing, f"diagnoses {codes}", f"missing diagnoses {missing}",
                   read={_ref("intake_cases", row, "diagnoses"): codes}, expected=want)


@check("intake.missing_information", stage="intake", do_nothing_passes=False,
       expand=when(lambda e: e.stages.intake and e.stages.intake.missing_information_patterns,
                   lambda e: present(e.stages.intake).missing_information_patterns),
       description="Each expected missing item is named in the intake's missing information")
def intake_missing(ctx: GradeContext, patterns: list[str]) -> Outcome:
    row = _intake(ctx)
    items = [str(x) for x in (row or {}).get("missing_information") or []]
    unmatched = [p for p in patterns if not any(re.search(p, i, re.IGNORECASE) for i in items)]
    return verdict(row is not None and not unmatched, "every missing item named", f"not named: {unmatched}",
                   read={_ref("intake_cases", row, "missing_information"): items}, expected=patterns)


# ------------------------------------------------------------------------------------ triage

_TRIAGE_FIELDS = ("urgency_level", "sla_hours", "sla_rule_source", "gold_card_eligible", "disposition")


def _triage(ctx: GradeContext) -> Row | None:
    return _latest(ctx.rows("triage_records"), "decided_at")


def _triage_fields(exp: Expectations) -> list[tuple[str, Any]]:
    st = exp.stages.triage
    if st is None:
        return []
    return [(k, (k, getattr(st, k))) for k in _TRIAGE_FIELDS if getattr(st, k) is not None]


@check("triage.field", stage="triage", do_nothing_passes=False, expand=_triage_fields,
       description="One triage field (urgency, SLA hours, SLA rule source, gold-card result, disposition) as expected")
def triage_field(ctx: GradeContext, params: tuple[str, Any]) -> Outcome:
    col, want = params
    return _field_checks(ctx, "triage_records", _triage(ctx), {col: want}, f"triage {col}")


@check("triage.sla_consistent", stage="triage", do_nothing_passes=False, expand=when(lambda e: e.stages.triage),
       description="The triage record's SLA deadline is its receipt time plus its SLA hours, and the receipt time "
                   "is the intake's")
def triage_sla(ctx: GradeContext, _: Any) -> Outcome:
    row = _triage(ctx)
    if row is None:
        return failed(f"no triage record on case {ctx.case_id}")
    received = dt.datetime.fromisoformat(str(row["received_at"]).replace("Z", "+00:00"))
    deadline = dt.datetime.fromisoformat(str(row["sla_deadline"]).replace("Z", "+00:00"))
    intake = _intake(ctx)
    ok = deadline - received == dt.timedelta(hours=int(row["sla_hours"])) and \
        (intake is None or intake.get("received_at") == row["received_at"])
    return verdict(ok, "deadline = receipt + SLA hours", "deadline inconsistent with receipt and hours",
                   read={_ref("triage_records", row, "received_at"): row["received_at"],
                         _ref("triage_records", row, "sla_hours"): row["sla_hours"],
                         _ref("triage_records", row, "sla_deadline"): row["sla_deadline"],
                         _ref("intake_cases", intake, "received_at"): (intake or {}).get("received_at")})


@check("triage.routed", stage="triage", do_nothing_passes=False,
       expand=when(lambda e: e.stages.triage and (e.stages.triage.routed_lane or e.stages.triage.lane_matches_policy),
                   lambda e: e.stages.triage),
       description="The case was routed; to the expected lane, and to the lane routing precedence computes")
def triage_routed(ctx: GradeContext, st: Any) -> Outcome:
    route = _latest(ctx.rows("routing_records"), "routed_at")
    if route is None:
        return failed(f"case {ctx.case_id} was never routed")
    read = {_ref("routing_records", route, "lane"): route["lane"],
            _ref("routing_records", route, "policy_lane"): route.get("policy_lane")}
    problems = []
    if st.routed_lane and route["lane"] != st.routed_lane:
        problems.append(f"lane '{route['lane']}', expected '{st.routed_lane}'")
    if st.lane_matches_policy and route["lane"] != route.get("policy_lane"):
        problems.append(f"lane '{route['lane']}' overrides the precedence lane '{route.get('policy_lane')}'")
    return verdict(not problems, f"routed to {route['lane']}", "; ".join(problems), read=read,
                   expected={"lane": st.routed_lane, "matches_policy": st.lane_matches_policy})


# ------------------------------------------------------------------------------------ criteria


def _criteria(exp: Expectations, stage: str) -> list[tuple[str, Any]]:
    st = getattr(exp.stages, stage)
    if st is None:
        return []
    out: list[tuple[str, Any]] = []
    for c in st.criteria:
        for line in [c.line_number] if c.line_number is not None else st.lines:
            out.append((f"L{line}:{c.criterion_id}", {"line": line, "crit": c,
                                                      "__stage__": stage}))
    return out


def _criterion(ctx: GradeContext, params: dict[str, Any], stage: str) -> Outcome:
    c: CriterionExpect = params["crit"]
    line = params["line"]
    rows = [r for r in ctx.rows("criterion_evaluations")
            if r.get("stage") == stage and r.get("line_number") == line and r.get("criterion_id") == c.criterion_id]
    row = _latest(rows, "updated_at")
    expected = {"result": c.result, "citation": c.citation}
    if row is None:
        return failed(f"no {stage} evaluation of {c.criterion_id} on line {line}", expected=expected)
    read = {_ref("criterion_evaluations", row, k): row.get(k) for k in ("result", "citation")}
    read[_ref("criterion_evaluations", row, "evidence")] = row.get("evidence")
    problems = []
    if row.get("result") not in c.result:
        problems.append(f"result '{row.get('result')}', expected {c.result}")
    if row.get("citation") != c.citation:
        problems.append(f"cites '{row.get('citation')}', expected '{c.citation}'")
    need_ev = c.evidence_required if c.evidence_required is not None else row.get("result") == "met"
    if need_ev and not row.get("evidence"):
        problems.append("no evidence quoted")
    return verdict(not problems, f"{c.criterion_id} L{line}: {row.get('result')} per {row.get('citation')}",
                   "; ".join(problems), read=read, expected=expected)


@check("nurse_review.criterion", stage="nurse_review", do_nothing_passes=False,
       expand=lambda e: _criteria(e, "nurse_review"),
       description="The nurse's verdict on one criterion of one line, with the policy section it rests on")
def nurse_criterion(ctx: GradeContext, params: dict[str, Any]) -> Outcome:
    return _criterion(ctx, params, "nurse")


@check("md_review.criterion", stage="md_review", do_nothing_passes=False,
       expand=lambda e: _criteria(e, "md_review"),
       description="The medical director's verdict on one criterion of one line, with its policy section")
def md_criterion(ctx: GradeContext, params: dict[str, Any]) -> Outcome:
    return _criterion(ctx, params, "md")


@check("review.evidence_verbatim", stage="nurse_review", do_nothing_passes=True,
       expand=when(lambda e: (e.stages.nurse_review and e.stages.nurse_review.criteria)
                   or (e.stages.md_review and e.stages.md_review.criteria)),
       description="Every evidence quote on the case's criterion evaluations appears verbatim (whitespace and "
                   "case folded) in the payer-side document of this case it cites")
def evidence_verbatim(ctx: GradeContext, _: Any) -> Outcome:
    problems, quotes = [], 0
    for row in ctx.rows("criterion_evaluations"):
        for ev in row.get("evidence") or []:
            quotes += 1
            doc = ctx.final.get("documents", ev.get("document_id"))
            if doc is None or doc.get("case_id") != ctx.case_id or doc.get("side") != "payer":
                problems.append(f"{row['id']}: cites {ev.get('document_id')}, not a payer document of this case")
            elif _norm(ev.get("quote", "")) not in _norm(doc.get("body", "")):
                problems.append(f"{row['id']}: quote not found in {doc['id']}: {str(ev.get('quote'))[:80]!r}")
    if quotes == 0:
        return not_applicable("no evidence quotes on the case's criterion evaluations")
    return verdict(not problems, f"{quotes} quotes verified", "; ".join(problems[:20]), quotes=quotes,
                   problems=problems[:20])


# ------------------------------------------------------------------------------------ recommendations, decisions


@check("nurse_review.recommendation", stage="nurse_review", do_nothing_passes=False,
       expand=when(lambda e: e.stages.nurse_review and (e.stages.nurse_review.recommendation
                                                       or e.stages.nurse_review.info_requested_patterns),
                   lambda e: e.stages.nurse_review),
       description="The nurse's case-level recommendation (and its summary / requested items)")
def nurse_recommendation(ctx: GradeContext, st: Any) -> Outcome:
    rows = ctx.rows("nurse_recommendations")
    row = _latest(rows, "submitted_at")
    if row is None:
        return failed(f"no nurse recommendation on case {ctx.case_id}", expected=st.recommendation)
    problems = []
    if st.recommendation and row["recommendation"] != st.recommendation:
        problems.append(f"recommendation '{row['recommendation']}', expected '{st.recommendation}'")
    if st.summary_required and not str(row.get("clinical_summary") or "").strip():
        problems.append("no clinical summary")
    items = [str(x) for x in row.get("info_requested") or []]
    problems += [f"requested items do not name /{p}/" for p in st.info_requested_patterns
                 if not any(re.search(p, i, re.IGNORECASE) for i in items)]
    return verdict(not problems, f"nurse recommends {row['recommendation']}", "; ".join(problems),
                   read={_ref("nurse_recommendations", row, "recommendation"): row["recommendation"],
                         _ref("nurse_recommendations", row, "info_requested"): items},
                   expected=st.recommendation)


@check("md_review.decision", stage="md_review", do_nothing_passes=False,
       expand=when(lambda e: e.stages.md_review and (e.stages.md_review.decision or e.stages.md_review.signed_off
                                                    is not None or e.stages.md_review.citations_include
                                                    or e.stages.md_review.denial_rationale_required),
                   lambda e: e.stages.md_review),
       description="The active medical-director decision: decision, sign-off, citations, denial rationale")
def md_decision(ctx: GradeContext, st: Any) -> Outcome:
    row = _latest([r for r in ctx.rows("md_decisions") if not r.get("superseded_by")], "decided_at")
    if row is None:
        return failed(f"no active MD decision on case {ctx.case_id}", expected=st.decision)
    problems = []
    if st.decision and row["decision"] != st.decision:
        problems.append(f"decision '{row['decision']}', expected '{st.decision}'")
    if st.signed_off is not None and bool(row.get("signed_off")) != st.signed_off:
        problems.append(f"signed_off={row.get('signed_off')}")
    missing = [c for c in st.citations_include if c not in (row.get("policy_citations") or [])]
    if missing:
        problems.append(f"does not cite {missing}")
    if st.denial_rationale_required and not str(row.get("denial_rationale") or "").strip():
        problems.append("no denial rationale")
    return verdict(not problems, f"MD decision {row['decision']}", "; ".join(problems),
                   read={_ref("md_decisions", row, k): row.get(k) for k in
                         ("decision", "signed_off", "policy_citations")},
                   expected=st.model_dump(exclude_defaults=True, exclude={"criteria", "lines"}))


# ------------------------------------------------------------------------------------ P2P


def _p2p(ctx: GradeContext) -> Row | None:
    return _latest(ctx.rows("p2p_requests"), "created_at")


@check("p2p.outcome", stage="p2p", do_nothing_passes=False,
       expand=when(lambda e: e.stages.p2p and e.stages.p2p.outcome, lambda e: e.stages.p2p),
       description="The peer-to-peer was completed with the expected outcome")
def p2p_outcome(ctx: GradeContext, st: Any) -> Outcome:
    row = _p2p(ctx)
    if row is None:
        return failed(f"no P2P request on case {ctx.case_id}")
    ok = row.get("status") == "completed" and row.get("outcome") == st.outcome
    return verdict(ok, f"P2P completed: {row.get('outcome')}",
                   f"P2P '{row.get('status')}' with outcome '{row.get('outcome')}', expected completed/{st.outcome}",
                   read={_ref("p2p_requests", row, "status"): row.get("status"),
                         _ref("p2p_requests", row, "outcome"): row.get("outcome")}, expected=st.outcome)


@check("p2p.conversation", stage="p2p", do_nothing_passes=False, expand=when(lambda e: e.stages.p2p),
       description="The P2P session took place: enough agent turns, finalized, with a written summary")
def p2p_conversation(ctx: GradeContext, _: Any) -> Outcome:
    st = ctx.exp.stages.p2p
    assert st is not None
    row = _p2p(ctx)
    session = None if row is None else next(iter(ctx.final.where("p2p_sessions", "request_id", row["id"])), None)
    if session is None:
        return failed(f"no P2P session on case {ctx.case_id}")
    turns = ctx.final.where("p2p_turns", "session_id", session["id"])
    agent_turns = sum(1 for t in turns if t.get("speaker") == "agent")
    problems = []
    if agent_turns < st.min_agent_turns:
        problems.append(f"{agent_turns} agent turns < {st.min_agent_turns}")
    if not session.get("finalized"):
        problems.append("session not finalized")
    if st.summary_required and not str(session.get("summary") or "").strip():
        problems.append("no summary")
    return verdict(not problems, f"{agent_turns} agent turns, finalized", "; ".join(problems),
                   read={_ref("p2p_sessions", session, "finalized"): session.get("finalized"),
                         "p2p_turns(agent)": agent_turns})


@check("p2p.reviewer_independent", stage="p2p", do_nothing_passes=False,
       expand=when(lambda e: e.stages.p2p and e.stages.p2p.reviewer_independent),
       description="The payer reviewer on the P2P is not the physician who made the adverse decision")
def p2p_independent(ctx: GradeContext, _: Any) -> Outcome:
    row = _p2p(ctx)
    if row is None:
        return failed(f"no P2P request on case {ctx.case_id}")
    rev, orig = row.get("payer_reviewer_id"), row.get("original_reviewer_id")
    return verdict(bool(rev) and rev != orig, f"reviewer {rev} ≠ {orig}", f"reviewer {rev}, original {orig}",
                   read={_ref("p2p_requests", row, "payer_reviewer_id"): rev,
                         _ref("p2p_requests", row, "original_reviewer_id"): orig})


# ------------------------------------------------------------------------------------ determination


@check("determination.present", stage="determination", do_nothing_passes=False,
       expand=when(lambda e: e.stages.determination and e.stages.determination.present),
       description="Exactly one active determination exists on the case")
def determination_present(ctx: GradeContext, _: Any) -> Outcome:
    active = [d for d in ctx.rows("determinations") if not d.get("superseded_by")]
    return verdict(len(active) == 1, f"determination {active[0]['id'] if active else ''}",
                   f"{len(active)} active determinations", read={"determinations": [d["id"] for d in active]})


@check("determination.absent", stage="determination", do_nothing_passes=True,
       expand=when(lambda e: e.stages.determination and not e.stages.determination.present),
       description="The case has no determination (e.g. no authorization required)")
def determination_absent(ctx: GradeContext, _: Any) -> Outcome:
    rows = ctx.rows("determinations")
    return verdict(not rows, "no determination", f"unexpected determinations {[d['id'] for d in rows]}",
                   read={"determinations": [d["id"] for d in rows]})


def _det_fields(exp: Expectations) -> list[tuple[str, Any]]:
    st = exp.stages.determination
    if st is None or not st.present:
        return []
    return [(k, (k, getattr(st, k))) for k in ("decision", "basis", "source", "overridden", "sla_met")
            if getattr(st, k) is not None]


@check("determination.field", stage="determination", do_nothing_passes=False, expand=_det_fields,
       description="One field of the active determination (decision, basis, source, override, SLA met)")
def determination_field(ctx: GradeContext, params: tuple[str, Any]) -> Outcome:
    col, want = params
    return _field_checks(ctx, "determinations", active_determination(ctx), {col: want}, f"determination {col}")


@check("determination.authorization", stage="determination", do_nothing_passes=False,
       expand=when(lambda e: e.stages.determination and e.stages.determination.present, lambda e: e.stages.determination),
       description="An authorization number exactly when the decision authorizes care, carried onto the case")
def determination_authorization(ctx: GradeContext, st: Any) -> Outcome:
    det = active_determination(ctx)
    if det is None:
        return failed(f"no active determination on case {ctx.case_id}")
    want = st.authorization_number if st.authorization_number is not None else \
        det.get("decision") in ("approved", "partially_approved")
    num = det.get("authorization_number")
    ok = bool(num) == want and (not want or ctx.case.get("authorization_number") == num)
    return verdict(ok, f"authorization number {num or 'none'}",
                   f"authorization number {num!r} (case: {ctx.case.get('authorization_number')!r}), "
                   f"expected {'one' if want else 'none'}",
                   read={_ref("determinations", det, "authorization_number"): num,
                         f"pa_cases/{ctx.case_id}.authorization_number": ctx.case.get("authorization_number")})


@check("determination.rationale", stage="determination", do_nothing_passes=False,
       expand=when(lambda e: e.stages.determination and e.stages.determination.present, lambda e: e.stages.determination),
       description="A written rationale and the expected policy citations (required for adverse decisions)")
def determination_rationale(ctx: GradeContext, st: Any) -> Outcome:
    det = active_determination(ctx)
    if det is None:
        return failed(f"no active determination on case {ctx.case_id}")
    adverse = det.get("decision") in ("denied", "partially_approved")
    need = st.rationale_required if st.rationale_required is not None else adverse
    problems = []
    if need and not str(det.get("rationale") or "").strip():
        problems.append("no rationale")
    if adverse and not det.get("policy_citations"):
        problems.append("an adverse determination cites no policy section")
    missing = [c for c in st.citations_include if c not in (det.get("policy_citations") or [])]
    if missing:
        problems.append(f"does not cite {missing}")
    return verdict(not problems, "rationale and citations present", "; ".join(problems),
                   read={_ref("determinations", det, "policy_citations"): det.get("policy_citations"),
                         _ref("determinations", det, "rationale"): str(det.get("rationale") or "")[:200]},
                   expected={"citations_include": st.citations_include, "rationale_required": need})


@check("determination.line_outcomes", stage="determination", do_nothing_passes=False,
       expand=when(lambda e: e.stages.determination and e.stages.determination.line_outcomes,
                   lambda e: present(e.stages.determination).line_outcomes),
       description="Each case line's outcome after the determination")
def determination_lines(ctx: GradeContext, want: dict[int, str]) -> Outcome:
    lines = {int(r["line_number"]): r for r in ctx.rows("pa_lines")}
    got = {n: (lines[n].get("outcome") if n in lines else None) for n in want}
    return verdict(got == want, f"line outcomes {got}", f"line outcomes {got}, expected {want}",
                   read={f"pa_lines/L{n}.outcome": v for n, v in got.items()}, expected=want)


# ------------------------------------------------------------------------------------ letters


def _active_letters(ctx: GradeContext, letter_type: str) -> list[Row]:
    rows = [r for r in ctx.rows("letters") if r.get("letter_type") == letter_type and r.get("status") != "superseded"]
    return sorted(rows, key=lambda r: (str(r.get("created_at")), str(r["id"])))


def _letters(exp: Expectations) -> list[tuple[str, Any]]:
    return [(f"{x.letter_type}{'' if x.recipient is None else ':' + x.recipient}", x) for x in exp.artifacts.letters]


def _letters_of(ctx: GradeContext, spec: LetterExpect) -> list[Row]:
    return [r for r in _active_letters(ctx, spec.letter_type)
            if spec.recipient is None or r.get("recipient") == spec.recipient]


@check("letters.present", stage="letters", do_nothing_passes=False, expand=_letters,
       description="The expected letters of a type exist (count, status, recipient, delivery channel)")
def letters_present(ctx: GradeContext, spec: LetterExpect) -> Outcome:
    rows = _letters_of(ctx, spec)
    problems = []
    if len(rows) < spec.min_count or (spec.max_count is not None and len(rows) > spec.max_count):
        problems.append(f"{len(rows)} active {spec.letter_type} letters, expected "
                        f"{spec.min_count}–{spec.max_count if spec.max_count else 'any'}")
    for r in rows:
        if r.get("status") != spec.status:
            problems.append(f"{r['id']} is '{r.get('status')}', expected '{spec.status}'")
        if spec.status == "delivered" and not (r.get("delivered_at") and r.get("delivery_channel")):
            problems.append(f"{r['id']} has no delivery time or channel")
        if spec.channels and spec.status == "delivered" and r.get("delivery_channel") not in spec.channels:
            problems.append(f"{r['id']} delivered by '{r.get('delivery_channel')}', expected {spec.channels}")
    return verdict(not problems, f"{len(rows)} {spec.letter_type} letter(s)", "; ".join(problems),
                   read={f"letters/{r['id']}": {k: r.get(k) for k in ("status", "recipient", "delivery_channel")}
                         for r in rows}, expected=spec.model_dump(include={"status", "channels", "min_count",
                                                                           "max_count", "recipient"}))


@check("letters.audit", stage="letters", do_nothing_passes=False, expand=_letters,
       description="The letter passed the completeness audit on what was written, rests on the active "
                   "determination, and carries the expected field values")
def letters_audit(ctx: GradeContext, spec: LetterExpect) -> Outcome:
    rows = _letters_of(ctx, spec)
    if not rows:
        return failed(f"no active {spec.letter_type} letter")
    letter = rows[-1]
    problems = []
    audit = letter.get("audit") or {}
    if spec.audit_complete and audit.get("complete") is not True:
        problems.append(f"audit incomplete: missing {audit.get('missing_fields')}, problems {audit.get('problems')}")
    det = active_determination(ctx)
    if spec.letter_type in ("approval", "partial_approval", "denial") and \
            (det is None or letter.get("determination_id") != det["id"]):
        problems.append(f"rests on {letter.get('determination_id')}, not the active determination "
                        f"{det['id'] if det else None}")
    fields = letter.get("fields") or {}
    for k, want in spec.fields_equal.items():
        want = ctx.fill(want)
        got = fields.get(k)
        if (isinstance(want, str) and _norm(str(got)) != _norm(want)) or (not isinstance(want, str) and got != want):
            problems.append(f"fields.{k} = {got!r}, expected {want!r}")
    return verdict(not problems, f"{letter['id']} complete", "; ".join(problems),
                   read={f"letters/{letter['id']}.audit": audit,
                         **{f"letters/{letter['id']}.fields.{k}": fields.get(k) for k in spec.fields_equal}})


@check("letters.content", stage="letters", do_nothing_passes=False,
       expand=lambda e: [(k, x) for k, x in _letters(e) if x.body is not None],
       description="The letter body says what the task requires (placeholders resolved from the export)")
def letters_content(ctx: GradeContext, spec: LetterExpect) -> Outcome:
    rows = _letters_of(ctx, spec)
    if not rows:
        return failed(f"no active {spec.letter_type} letter")
    letter = rows[-1]
    problems = content_problems(ctx, str(letter.get("body") or ""), spec.body)
    return verdict(not problems, f"{letter['id']} body as required", "; ".join(problems),
                   read={f"letters/{letter['id']}.body": str(letter.get("body") or "")[:400]})


@check("letters.none", stage="letters", do_nothing_passes=True,
       expand=lambda e: [(t, t) for t in e.artifacts.forbidden_letter_types],
       description="No active letter of a type the task must not produce")
def letters_none(ctx: GradeContext, letter_type: str) -> Outcome:
    rows = _active_letters(ctx, letter_type)
    return verdict(not rows, f"no {letter_type} letter", f"unexpected {letter_type} letters {[r['id'] for r in rows]}",
                   read={"letters": [r["id"] for r in rows]})


# ------------------------------------------------------------------------------------ notifications


def _notifications(exp: Expectations) -> list[tuple[str, Any]]:
    return [(n.notification_type, n) for n in exp.artifacts.notifications]


@check("notifications.present", stage="notifications", do_nothing_passes=False, expand=_notifications,
       description="The member notification of a type exists (count, channel, language)")
def notifications_present(ctx: GradeContext, spec: NotificationExpect) -> Outcome:
    rows = [r for r in ctx.rows("member_notifications") if r.get("notification_type") == spec.notification_type]
    problems = []
    if len(rows) < spec.min_count or (spec.max_count is not None and len(rows) > spec.max_count):
        problems.append(f"{len(rows)} {spec.notification_type} notifications, expected at least {spec.min_count}"
                        + (f" and at most {spec.max_count}" if spec.max_count else ""))
    for r in rows:
        if spec.channels and r.get("channel") not in spec.channels:
            problems.append(f"{r['id']} sent by '{r.get('channel')}', expected {spec.channels}")
        if spec.language and _norm(str(r.get("language"))) != _norm(spec.language):
            problems.append(f"{r['id']} in '{r.get('language')}', expected '{spec.language}'")
        if r.get("patient_id") != ctx.case.get("patient_id"):
            problems.append(f"{r['id']} addressed to {r.get('patient_id')}, not the member")
    return verdict(not problems, f"{len(rows)} {spec.notification_type} notification(s)", "; ".join(problems),
                   read={f"member_notifications/{r['id']}": {k: r.get(k) for k in ("channel", "language")}
                         for r in rows})


@check("notifications.content", stage="notifications", do_nothing_passes=False,
       expand=lambda e: [(k, x) for k, x in _notifications(e) if x.body is not None],
       description="The member notification says what the task requires")
def notifications_content(ctx: GradeContext, spec: NotificationExpect) -> Outcome:
    rows = [r for r in ctx.rows("member_notifications") if r.get("notification_type") == spec.notification_type]
    if not rows:
        return failed(f"no {spec.notification_type} notification")
    note = sorted(rows, key=lambda r: (str(r.get("created_at")), str(r["id"])))[-1]
    problems = content_problems(ctx, str(note.get("body") or ""), spec.body)
    return verdict(not problems, f"{note['id']} body as required", "; ".join(problems),
                   read={f"member_notifications/{note['id']}.body": str(note.get("body") or "")[:400]})


@check("notifications.none", stage="notifications", do_nothing_passes=True,
       expand=lambda e: [(t, t) for t in e.artifacts.forbidden_notification_types],
       description="No member notification of a type the task must not send")
def notifications_none(ctx: GradeContext, kind: str) -> Outcome:
    rows = [r for r in ctx.rows("member_notifications") if r.get("notification_type") == kind]
    return verdict(not rows, f"no {kind} notification", f"unexpected {kind} notifications {[r['id'] for r in rows]}",
                   read={"member_notifications": [r["id"] for r in rows]})

