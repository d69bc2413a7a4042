"""Core checks every task gets: target located, terminal status, history preserved, chronology,
legal transitions, forward-only progress, and mutation scope (collateral damage).

State machines come from ``chibench.world.core.machines`` (pure transition tables, no database).
"""

from __future__ import annotations

from typing import Any

from chibench.verifiers import vocab
from chibench.verifiers.exportview import Row
from chibench.verifiers.registry import GradeContext, Outcome, always, check, failed, passed, verdict
from chibench.world.core.machines import MACHINES

MAX_EVIDENCE = 20

# Handoff records: once written they are never amended (columns the engine may still set are listed).
HANDOFF_TABLES: dict[str, frozenset[str]] = {
    "triage_records": frozenset(),
    "routing_records": frozenset(),
    "nurse_recommendations": frozenset(),
    "md_decisions": frozenset({"superseded_by"}),
    "determinations": frozenset({"superseded_by"}),
    "provider_determinations": frozenset(),
    "cm_chart_reviews": frozenset(),
    "cm_outreach_records": frozenset(),
}
# Records frozen once they reach a state: table → (status column value, columns still allowed to change).
FROZEN_WHEN: dict[str, tuple[str, frozenset[str]]] = {
    "intake_cases": ("complete", frozenset()),
    "cm_assessments": ("complete", frozenset()),
    "cm_care_plans": ("finalized", frozenset()),
    "letters": ("delivered", frozenset({"status"})),  # delivered → superseded only
}


def _located_expand(exp: Any) -> list[tuple[str, Any]]:
    return [("", {"__do_nothing_passes__": exp.target.exists_initially is not False})]


def _terminal_expand(exp: Any) -> list[tuple[str, Any]]:
    start = exp.target.initial_status
    may_pass = exp.target.exists_initially is not False and (start is None or start in exp.terminal_status)
    return [("", {"__do_nothing_passes__": may_pass})]


@check("core.target_located", stage="core", do_nothing_passes=True, needs_target=False, expand=_located_expand,
       description="Exactly one case matches the task's locator (and exists initially / is new, as declared)")
def target_located(ctx: GradeContext, _: Any) -> Outcome:
    loc = ctx.exp.target
    ev = {"locator": loc.model_dump(exclude_defaults=True), "candidates": ctx.target.candidates}
    if ctx.target.case is None:
        return failed(ctx.target.reason, **ev)
    if loc.exists_initially is not None and ctx.initial is not None:
        table = "pa_cases" if loc.kind == "pa_case" else "cm_cases"
        existed = ctx.initial.get(table, ctx.case_id) is not None
        if existed != loc.exists_initially:
            return failed(f"case {ctx.case_id} {'already existed' if existed else 'did not exist'} in the "
                          f"starting state (expected exists_initially={loc.exists_initially})", **ev)
    if loc.initial_status is not None and ctx.initial is not None:
        table = "pa_cases" if loc.kind == "pa_case" else "cm_cases"
        start = (ctx.initial.get(table, ctx.case_id) or {}).get("status")
        if start != loc.initial_status:
            return failed(f"the starting state has case {ctx.case_id} in '{start}', but the task's key says "
                          f"'{loc.initial_status}'", **ev)
    return passed(f"target case {ctx.case_id}", case_id=ctx.case_id, **ev)


@check("core.terminal_status", stage="core", do_nothing_passes=False, expand=_terminal_expand,
       description="The case ends in one of the expected statuses")
def terminal_status(ctx: GradeContext, _: Any) -> Outcome:
    status = ctx.case.get("status")
    table = "pa_cases" if ctx.exp.target.kind == "pa_case" else "cm_cases"
    return verdict(status in ctx.exp.terminal_status, f"status '{status}'",
                   f"status '{status}', expected one of {ctx.exp.terminal_status}",
                   read={f"{table}/{ctx.case_id}.status": status}, expected=ctx.exp.terminal_status)


@check("core.history_preserved", stage="core", do_nothing_passes=True, needs_target=False, needs_initial=True,
       expand=always,
       description="The final export extends the starting state: no logged event or transition was edited or "
                   "dropped, and the simulated clock never ran backwards")
def history_preserved(ctx: GradeContext, _: Any) -> Outcome:
    assert ctx.initial is not None and ctx.diff is not None
    problems = []
    for table in ("events", "state_transitions"):
        d = ctx.diff.get(table, {})
        if d.get("updated") or d.get("removed"):
            problems.append(f"{table}: {len(d.get('updated', []))} rows edited, {len(d.get('removed', []))} removed")
    if ctx.final.clock is None or ctx.initial.clock is None or ctx.final.clock < ctx.initial.clock:
        problems.append(f"clock went from {ctx.initial.clock} to {ctx.final.clock}")
    w0 = {r.get("key"): r.get("value") for r in ctx.initial.rows("world_settings")}
    w1 = {r.get("key"): r.get("value") for r in ctx.final.rows("world_settings")}
    if w0 != w1:
        problems.append("world settings changed")
    ev = {"initial_clock": ctx.initial.clock, "final_clock": ctx.final.clock,
          "initial_events": ctx.initial.max_event_seq, "final_events": ctx.final.max_event_seq}
    return verdict(not problems, "history intact", "; ".join(problems), **ev)


def _stage_times(ctx: GradeContext) -> list[tuple[str, str | None]]:
    """The target's milestones in the order the workflow requires (missing ones are None)."""

    def first(table: str, col: str, rows: list[Row]) -> str | None:
        vals = sorted(str(r[col]) for r in rows if r.get(col))
        return vals[0] if vals else None

    if ctx.exp.target.kind == "pa_case":
        pdets = ctx.rows("provider_determinations")
        packets = ctx.rows("submission_packets")
        intake = ctx.rows("intake_cases")
        dets = ctx.rows("determinations")
        return [
            ("case opened", ctx.case.get("created_at")),
            ("first requirement check", first("requirement_checks", "checked_at", ctx.rows("requirement_checks"))),
            ("first provider disposition", first("provider_determinations", "decided_at", pdets)),
            ("first submission", first("submission_packets", "submitted_at", packets)),
            ("intake received", first("intake_cases", "received_at", intake)),
            ("intake completed", first("intake_cases", "completed_at", intake)),
            ("triage", first("triage_records", "decided_at", ctx.rows("triage_records"))),
            ("first routing", first("routing_records", "routed_at", ctx.rows("routing_records"))),
            ("nurse recommendation", first("nurse_recommendations", "submitted_at", ctx.rows("nurse_recommendations"))),
            ("first MD decision", first("md_decisions", "decided_at", ctx.rows("md_decisions"))),
            ("first determination", first("determinations", "determined_at", dets)),
        ]
    sessions = ctx.rows("cm_outreach_sessions", "cm_case_id")
    asm = ctx.rows("cm_assessments", "cm_case_id")
    plans = ctx.rows("cm_care_plans", "cm_case_id")
    return [
        ("case opened", ctx.case.get("opened_at")),
        ("chart review", first("cm_chart_reviews", "submitted_at", ctx.rows("cm_chart_reviews", "cm_case_id"))),
        ("first outreach call", first("cm_outreach_sessions", "started_at", sessions)),
        ("first outreach record", first("cm_outreach_records", "recorded_at",
                                        ctx.rows("cm_outreach_records", "cm_case_id"))),
        ("assessment started", first("cm_assessments", "started_at", asm)),
        ("assessment completed", first("cm_assessments", "completed_at", asm)),
        ("care plan drafted", first("cm_care_plans", "created_at", plans)),
        ("care plan finalized", first("cm_care_plans", "finalized_at", plans)),
        ("case closed", ctx.case.get("closed_at")),
    ]


@check("core.chronology", stage="core", do_nothing_passes=True, needs_target=False, expand=always,
       description="Events and transitions are in time order under the simulated clock, nothing is stamped "
                   "after the export's clock, new events follow the starting clock, and the case's milestones "
                   "happened in workflow order")
def chronology(ctx: GradeContext, _: Any) -> Outcome:
    problems: list[str] = []
    clock = ctx.final.clock or ""
    for table in ("events", "state_transitions"):
        prev = ""
        for r in sorted(ctx.final.rows(table), key=lambda r: int(r["seq"])):
            at = str(r.get("at") or "")
            if at < prev:
                problems.append(f"{table} #{r['seq']} at {at} precedes the previous entry ({prev})")
            if at > clock:
                problems.append(f"{table} #{r['seq']} at {at} is after the export clock {clock}")
            prev = max(prev, at)
    if ctx.initial is not None:
        start = ctx.initial.clock or ""
        n0 = ctx.initial.max_event_seq
        late = [e for e in ctx.final.rows("events") if int(e["seq"]) > n0 and str(e.get("at")) <= start]
        problems += [f"event #{e['seq']} ({e.get('action')}) at {e.get('at')} is not after the starting clock "
                     f"{start}" for e in late[:MAX_EVIDENCE]]
    milestones: list[tuple[str, str | None]] = []
    if ctx.target.case is not None:
        milestones = _stage_times(ctx)
        seen: list[tuple[str, str]] = [(k, v) for k, v in milestones if v]
        for i, (label, at) in enumerate(seen):
            for label2, at2 in seen[i + 1:]:
                if at2 < at:
                    problems.append(f"'{label2}' ({at2}) precedes '{label}' ({at})")
            if at > clock:
                problems.append(f"'{label}' ({at}) is after the export clock {clock}")
        for letter in ctx.rows("letters"):
            det = ctx.final.get("determinations", letter.get("determination_id")) \
                if letter.get("determination_id") else None
            if det is not None and str(letter["created_at"]) < str(det["determined_at"]):
                problems.append(f"letter {letter['id']} ({letter['created_at']}) precedes its determination "
                                f"{det['id']} ({det['determined_at']})")
            if letter.get("delivered_at") and str(letter["delivered_at"]) < str(letter["created_at"]):
                problems.append(f"letter {letter['id']} delivered before it was written")
        for note in ctx.rows("member_notifications"):
            if str(note.get("created_at")) > clock:
                problems.append(f"notification {note['id']} is after the export clock {clock}")
    return verdict(not problems, "events, transitions and milestones in order", "; ".join(problems[:MAX_EVIDENCE]),
                   clock=clock, milestones={k: v for k, v in milestones if v}, problems=problems[:MAX_EVIDENCE])


def _entity_histories(view: Any) -> dict[tuple[str, str], list[Row]]:
    out: dict[tuple[str, str], list[Row]] = {}
    for t in sorted(view.rows("state_transitions"), key=lambda r: int(r["seq"])):
        out.setdefault((str(t["machine"]), str(t["entity_id"])), []).append(t)
    return out


@check("core.transitions_legal", stage="core", do_nothing_passes=True, needs_target=False, expand=always,
       description="Every logged lifecycle move is legal in its machine's table, each entity's moves chain, and "
                   "every entity's status is the one its log ends in")
def transitions_legal(ctx: GradeContext, _: Any) -> Outcome:
    problems: list[str] = []
    histories = _entity_histories(ctx.final)
    for (machine_name, entity), moves in histories.items():
        machine = MACHINES.get(machine_name)
        if machine is None:
            problems.append(f"{entity}: unknown machine '{machine_name}'")
            continue
        prev: str | None = None
        for i, t in enumerate(moves):
            frm, to = t.get("from_state"), str(t.get("to_state"))
            if i == 0:
                if frm is None:
                    if to not in machine.initial:
                        problems.append(f"{machine_name} {entity}: created in '{to}', not an initial state")
                    prev = to
                    continue
                if frm not in machine.initial:
                    problems.append(f"{machine_name} {entity}: first logged move starts from '{frm}', "
                                    "neither a creation nor a seeded initial state")
            elif frm != prev:
                problems.append(f"{machine_name} {entity}: move #{t['seq']} starts from '{frm}' but the entity "
                                f"was '{prev}'")
            if frm is not None and not machine.is_legal(str(frm), to):
                problems.append(f"{machine_name} {entity}: '{frm}' → '{to}' is not a legal move")
            prev = to
        table = vocab.MACHINE_TABLES.get(machine_name)
        row = ctx.final.get(table, entity) if table else None
        if row is not None and str(row.get("status")) != prev:
            problems.append(f"{table}/{entity}.status is '{row.get('status')}' but its log ends in '{prev}'")
    for machine_name, table in vocab.MACHINE_TABLES.items():
        machine = MACHINES[machine_name]
        for row in ctx.final.rows(table):
            if (machine_name, str(row["id"])) not in histories and str(row.get("status")) not in machine.initial:
                problems.append(f"{table}/{row['id']} is '{row.get('status')}' with no logged transition")
    return verdict(not problems, f"{len(histories)} entity histories legal", "; ".join(problems[:MAX_EVIDENCE]),
                   entities=len(histories), problems=problems[:MAX_EVIDENCE])


@check("core.forward_only", stage="core", do_nothing_passes=True, needs_initial=True, needs_target=False,
       expand=always,
       description="Handoff records from the starting state are not amended or removed, frozen records stay "
                   "frozen, and the case reached its final status by logged moves from its starting status")
def forward_only(ctx: GradeContext, _: Any) -> Outcome:
    assert ctx.initial is not None and ctx.diff is not None
    problems: list[str] = []
    for table, allowed in HANDOFF_TABLES.items():
        d = ctx.diff.get(table, {})
        for u in d.get("updated", []):
            cols = sorted(set(u["changes"]) - allowed)
            if cols:
                problems.append(f"{table}/{u['key']}: handoff amended ({', '.join(cols)})")
        problems += [f"{table}/{k}: handoff removed" for k in d.get("removed", [])]
    for table, (frozen_state, allowed) in FROZEN_WHEN.items():
        d = ctx.diff.get(table, {})
        for u in d.get("updated", []):
            before = ctx.initial.get(table, u["key"])
            if before is not None and str(before.get("status")) == frozen_state:
                cols = sorted(set(u["changes"]) - allowed)
                if table == "letters" and "status" in u["changes"] and u["changes"]["status"][1] != "superseded":
                    cols.append("status")
                if cols:
                    problems.append(f"{table}/{u['key']}: '{frozen_state}' record changed ({', '.join(cols)})")
        problems += [f"{table}/{k}: removed" for k in d.get("removed", [])]
    ev: dict[str, Any] = {}
    if ctx.target.case is not None:
        machine_name = ctx.exp.target.kind
        machine = MACHINES[machine_name]
        table = "pa_cases" if machine_name == "pa_case" else "cm_cases"
        start = ctx.initial.get(table, ctx.case_id)
        status = str(ctx.case.get("status"))
        n0 = ctx.initial.max_transition_seq
        new = [t for t in _entity_histories(ctx.final).get((machine_name, ctx.case_id), []) if int(t["seq"]) > n0]
        cur = None if start is None else str(start.get("status"))
        path = [cur]
        for t in new:
            frm, to = t.get("from_state"), str(t["to_state"])
            if frm != cur or (frm is None and to not in machine.initial) or \
                    (frm is not None and not machine.is_legal(str(frm), to)):
                problems.append(f"{ctx.case_id}: logged move '{frm}' → '{to}' does not continue from '{cur}'")
            cur = to
            path.append(cur)
        if cur != status:
            problems.append(f"{ctx.case_id}: status '{status}' is not where its logged moves lead ('{cur}')")
        ev = {"case_path": path}
    return verdict(not problems, "progress forward only", "; ".join(problems[:MAX_EVIDENCE]),
                   problems=problems[:MAX_EVIDENCE], **ev)


@check("core.mutation_scope", stage="core", do_nothing_passes=True, needs_initial=True, needs_target=False,
       expand=always,
       description="Every write (row added, changed or removed) is in an allowed table and belongs to the target "
                   "case (or, where allowed, to its patient); the event log, clock and id counters are "
                   "infrastructure")
def mutation_scope(ctx: GradeContext, _: Any) -> Outcome:
    assert ctx.initial is not None and ctx.diff is not None
    allowed = set(ctx.exp.scope.tables)
    target_id = ctx.target.id
    patient = None if ctx.target.case is None else str(ctx.target.case.get("patient_id"))
    violations: list[str] = []
    writes = 0
    for table, d in ctx.diff.items():
        if table in vocab.INFRASTRUCTURE_TABLES:
            continue
        for kind in ("added", "updated", "removed"):
            for item in d.get(kind, []):
                key = item["key"] if kind == "updated" else item
                writes += 1
                view = ctx.initial if kind == "removed" else ctx.final
                row = view.get(table, key) or {}
                owner = view.case_of(table, row)
                if owner is None and kind == "updated":
                    owner = ctx.initial.case_of(table, ctx.initial.get(table, key) or {})
                where = f"{table}/{key} ({kind})"
                if table not in allowed:
                    violations.append(f"{where}: table not in the task's scope")
                elif owner is not None:
                    if owner != target_id:
                        violations.append(f"{where}: belongs to case {owner}, not the target {target_id}")
                elif not (ctx.exp.scope.patient_rows and patient is not None
                          and view.patient_of(table, row) == patient):
                    violations.append(f"{where}: belongs to neither the target case nor its patient")
    return verdict(not violations, f"{writes} writes, all in scope", f"{len(violations)} writes out of scope",
                   writes=writes, violations=violations[:MAX_EVIDENCE], allowed_tables=sorted(allowed),
                   target=target_id)
