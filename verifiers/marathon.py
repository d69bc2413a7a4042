"""Grade a marathon trial: every case of one domain, each with its own task's answer key (paper §4.4).

``grade_marathon(export, initial, cases, out_dir=…)`` → the marathon scorecard. One world holds every
case, so each case is graded on its **projection** of the final export: the final state with every row
that belongs to *another* case of the marathon put back as it was at the start (rows added for another
case removed, rows changed or removed restored). The case's own task grader (:func:`grade`) then runs
unchanged on (initial, projection): terminal state, artifacts, chronology, forward-only progress and
mutation scope all see this case's writes and the world-level writes, never another case's.

Ownership of a row (:class:`Owners`): the case it belongs to (``ExportView.case_of``) when that is one of
the marathon's cases, else its patient (``ExportView.patient_of``) when that is a marathon case's patient
(every case of a domain has its own patient), else nobody. So a write to case B's records made while
working case A is graded as B's: it fails B (B's mutation scope / forward-only checks) and only B. A row
that belongs to no marathon case — a world setting, a request of no case — stays in every projection, as
in a single task, where it is out of scope too.

Reward = cases passed / cases (``reward.json`` ``{"reward": 0.2}``): a fraction, as the paper scores a
marathon session. ``scorecard.json`` lists every case (id, reward, outcome, reason, failed checks, located
case id); each case's full task scorecard is written to ``cases/<task>.json`` next to it. A case whose
judge could not vote makes the whole trial ungraded (no ``reward.json``, like a single task).

Errors: never raises on bad input; a missing or corrupt export or an unreadable case key scores that
case (or, for the exports, every case) 0 with the reason.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from chibench.verifiers import vocab
from chibench.verifiers.expectations import ExpectationsError, parse_expectations
from chibench.verifiers.exportview import ExportError, ExportView, Row, compute_digest, row_key, validate_export
from chibench.verifiers.grader import ENV, GRADER_VERSION, grade

MARATHON_FORMAT = "chibench.marathon/1"
SCORECARD_FORMAT = "chibench.marathon-scorecard/1"
#: Tables every case keeps as they ended: the clock and id counters describe the world, not a case.
WORLD_TABLES = frozenset({"sim_clock", "id_counters"})


class Owners:
    """Which marathon case (index) a row belongs to, by case id, else by patient."""

    def __init__(self, case_ids: list[str | None], patient_ids: list[str | None]):
        self.by_case = {c: i for i, c in enumerate(case_ids) if c is not None}
        self.by_patient = {p: i for i, p in enumerate(patient_ids) if p is not None}

    def of(self, view: ExportView, table: str, row: Row) -> int | None:
        case = view.case_of(table, row)
        if case is not None and case in self.by_case:
            return self.by_case[case]
        patient = view.patient_of(table, row)
        return self.by_patient.get(patient) if patient is not None else None


def project(initial: ExportView, final: ExportView, owners: Owners, case: int) -> dict[str, Any]:
    """The final export as case ``case`` sees it: other marathon cases' rows as they were at the start."""
    tables: dict[str, list[Row]] = {}
    for name in sorted(set(final.tables) | set(initial.tables)):
        rows = final.rows(name)
        if name in WORLD_TABLES:
            tables[name] = rows
            continue
        out: list[Row] = []
        restored = False
        for row in rows:
            key = row_key(name, row)
            before = initial.get(name, key)
            if before == row:
                out.append(row)
                continue
            owner = owners.of(final, name, row)
            if owner is None and before is not None:
                owner = owners.of(initial, name, before)
            if owner is None or owner == case:
                out.append(row)
            elif before is not None:
                out.append(before)
        seen = {row_key(name, r) for r in rows}
        for before in initial.rows(name):
            if row_key(name, before) in seen:
                continue
            owner = owners.of(initial, name, before)
            if owner is not None and owner != case:  # removed while working another case: not this case's doing
                out.append(before)
                restored = True
        if restored:
            pk = vocab.PRIMARY_KEYS.get(name, "id")
            out.sort(key=lambda r: (r.get(pk) is None, r.get(pk)))
        tables[name] = out
    data = {k: v for k, v in final.data.items() if k not in ("tables", "digest")}
    data["tables"] = tables
    data["digest"] = compute_digest(data)
    return data


def _read(source: Any, what: str) -> tuple[dict[str, Any] | None, str | None]:
    if isinstance(source, dict):
        return source, None
    try:
        return json.loads(Path(source).read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return None, f"{what} not found: {source}"
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{what} unreadable: {source}: {exc}"


def load_cases(tests_dir: str | Path) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """``marathon.json`` and each case's answer key from a marathon package's ``tests/`` folder:
    (the marathon document, ``[(task id, expectations document or an error string)]`` in its order)."""
    root = Path(tests_dir)
    doc, err = _read(root / "marathon.json", "marathon.json")
    if err or not isinstance(doc, dict) or doc.get("format") != MARATHON_FORMAT:
        raise ExpectationsError(f"{root / 'marathon.json'}: {err or 'not a ' + MARATHON_FORMAT + ' document'}")
    out: list[tuple[str, Any]] = []
    for task in doc.get("cases") or []:
        data, err = _read(root / "cases" / f"{task}.json", f"answer key of {task}")
        out.append((str(task), err if err else data))
    return doc, out


def grade_marathon(export: Any, initial: Any, cases: list[tuple[str, Any]], *, marathon: dict[str, Any],
                   out_dir: str | Path | None = None, judge: Any = ENV) -> dict[str, Any]:
    """Grade every case of ``cases`` (``[(task id, expectations document | path | error string)]``).

    Returns the marathon scorecard; writes ``reward.json``, ``scorecard.json`` and ``cases/<task>.json``
    to ``out_dir`` when given. ``judge`` as in :func:`grade`."""
    t0 = time.perf_counter()
    card: dict[str, Any] = {"format": SCORECARD_FORMAT, "grader_version": GRADER_VERSION,
                            "task": {"id": marathon.get("id"), "domain": marathon.get("domain"), "kind": "marathon",
                                     "n_cases": len(cases)},
                            "reward": 0.0, "outcome": "fail", "leaderboard_valid": False, "reason": None,
                            "passed": 0, "total": len(cases), "cases": []}
    per_case: dict[str, dict[str, Any]] = {}
    problem = None
    views: list[ExportView] = []
    for src, what in ((initial, "initial export"), (export, "export")):
        data, err = _read(src, what)
        if err is None:
            try:
                views.append(ExportView(validate_export(data, what)))
            except ExportError as exc:
                err = str(exc)
        problem = problem or err
    keys: list[Any] = []
    for task, src in cases:
        if isinstance(src, str):
            keys.append(src)
            continue
        try:
            keys.append(parse_expectations(src, source=f"{task} answer key"))
        except ExpectationsError as exc:
            keys.append(f"invalid answer key: {exc}")
    if problem is None and not cases:
        problem = "the marathon lists no cases"
    if problem is not None:
        card["reason"] = problem
        card["cases"] = [{"task": t, "reward": 0, "outcome": "fail", "reason": problem} for t, _ in cases]
    else:
        init_view, final_view = views
        located = [final_view.locate(k.target) if not isinstance(k, str) else None for k in keys]
        case_ids = [t.id if t is not None else None for t in located]
        patients: list[str | None] = []
        for k, t in zip(keys, located, strict=True):
            if isinstance(k, str):
                patients.append(None)
            elif t is not None and t.case is not None:
                patients.append(str(t.case.get("patient_id")))
            else:
                patients.append(_patient_of_key(k, final_view))
        owners = Owners(case_ids, patients)
        ungraded = []
        for n, ((task, _), key) in enumerate(zip(cases, keys, strict=True)):
            if isinstance(key, str):
                card["cases"].append({"task": task, "reward": 0, "outcome": "fail", "reason": key})
                continue
            one = grade(project(init_view, final_view, owners, n), key, initial=init_view.data, judge=judge)
            per_case[task] = one
            card["cases"].append({"task": task, "reward": one.get("reward"), "outcome": one.get("outcome"),
                                  "reason": one.get("reason"), "case_id": case_ids[n],
                                  "failed_checks": (one.get("deterministic") or {}).get("failed_checks", []),
                                  "judge": (one.get("judge") or {}).get("status"),
                                  "leaderboard_valid": one.get("leaderboard_valid")})
            if one.get("outcome") == "ungraded":
                ungraded.append(task)
        passed = sum(1 for c in card["cases"] if c["reward"] == 1)
        card.update(passed=passed, reward=round(passed / len(cases), 6),
                    leaderboard_valid=all(c.get("leaderboard_valid") is True for c in card["cases"]))
        card["outcome"] = "pass" if passed == len(cases) else ("partial" if passed else "fail")
        card["judge"] = {"status": _judge_word([c.get("judge") for c in card["cases"]])}
        if ungraded:
            card.update(reward=None, outcome="ungraded", leaderboard_valid=False,
                        reason=f"UNGRADED: the judge could not vote on {len(ungraded)} case(s) "
                               f"({', '.join(ungraded)}); no reward was written — grade this trial again")
        elif passed < len(cases):
            card["reason"] = f"{len(cases) - passed} of {len(cases)} case(s) failed"
    card["timing_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    if out_dir is not None:
        write_outputs(card, per_case, Path(out_dir))
    return card


def _patient_of_key(key: Any, final: ExportView) -> str | None:
    """A case's patient from its answer key when the case itself was never opened (a do-nothing agent)."""
    loc = key.target
    if loc.patient_id:
        return str(loc.patient_id)
    if loc.order_id:
        order = final.get("service_requests", loc.order_id)
        return None if order is None else str(order.get("patient_id"))
    if loc.referral_id:
        ref = final.get("cm_referrals", loc.referral_id)
        return None if ref is None else str(ref.get("patient_id"))
    return None


def _judge_word(statuses: list[Any]) -> str:
    """One judge status for the trial: the cases' status if they agree, else ``mixed``; ``ran`` when
    some ran and the rest were skipped or had nothing to judge."""
    got = {s for s in statuses if s is not None}
    if len(got) == 1:
        return str(got.pop())
    if got and got <= {"ran", "skipped", "no_rubrics"}:
        return "ran" if "ran" in got else "skipped"
    return "mixed" if got else "not_run"


def write_outputs(card: dict[str, Any], per_case: dict[str, dict[str, Any]], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    if card.get("outcome") == "ungraded":
        (out_dir / "reward.json").unlink(missing_ok=True)
    else:
        (out_dir / "reward.json").write_text(json.dumps({"reward": card.get("reward") or 0.0}) + "\n",
                                             encoding="utf-8")
    (out_dir / "cases").mkdir(exist_ok=True)
    for task, one in per_case.items():
        (out_dir / "cases" / f"{task}.json").write_text(
            json.dumps(one, indent=1, sort_keys=True, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    (out_dir / "scorecard.json").write_text(json.dumps(card, indent=1, sort_keys=True, ensure_ascii=False,
                                                       default=str) + "\n", encoding="utf-8")
