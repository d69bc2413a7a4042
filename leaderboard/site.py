"""``chibench leaderboard build ENTRY… -o DIR`` — the static leaderboard site.

Each ENTRY is a submission folder; it is validated (:func:`~chibench.leaderboard.submission.validate`) and,
unless the caller says it already was, re-graded (:func:`~chibench.leaderboard.regrade.regrade`). Refused
entries are left out and reported; accepted ones become entries (:func:`~chibench.leaderboard.aggregate.build_entry`).

Output (plain files, no server, nothing fetched at view time; one small inline script sorts tables)::

    DIR/index.html            Table 2 layout (harness × model rows: overall pass@1 with Wilson 95 % CI, pass@3,
                              pass^3 with CIs; per domain pass@1/pass@3/pass^3; mean steps; mean cost), the
                              paper's reference rows kept apart, Tables 18/20/21/22 pooled over re-graded
                              entries, the ROI plot, the reliability plot, failure categories and policy-read
                              recall per entry, and the per-task table
    DIR/leaderboard.json      everything above as data (chibench.leaderboard/1, see aggregate.py)
    DIR/entries/<id>.html     one entry: metadata, breakdowns, per-task results, failure labels
    DIR/entries/<id>.json     the entry object

:func:`render_site` is the pure part (data → files); golden tests pin its output.
"""

from __future__ import annotations

import json
import os
from html import escape
from pathlib import Path
from typing import Any

from chibench.leaderboard import aggregate, plots
from chibench.leaderboard.failures import Category
from chibench.leaderboard.paper import reference_entries
from chibench.leaderboard.submission import PublishedDataset, SubmissionError, is_partial, load_submission, validate

DOMAIN_NAMES = {"provider_pa": "Prior Authorization", "payer_um": "Utilization Management",
                "care_management": "Care Management"}
STAGE_NAMES = {"intake": "Intake", "triage": "Triage", "nurse_review": "Nurse review",
               "md_review": "Physician review", "p2p": "Peer-to-peer"}


class BuildError(Exception):
    """The output folder cannot be written, or no entry was given."""


def build_site(paths: list[Path], out: Path, dataset: PublishedDataset, *, reference: bool = False,
               regrade_entries: bool = True, analyzer_model: str | None = None,
               handbook: Path | None = None, include_partial: bool = False
               ) -> tuple[list[Path], dict[str, list[str]]]:
    """Validate (and re-grade) each submission, aggregate the accepted ones, write the site.

    An accepted entry that misses published tasks (``partial``) is listed apart, unranked, and left out of
    the pooled breakdowns, unless ``include_partial``.

    Returns (files written, {submission path: reasons it was refused}).
    """
    from chibench.leaderboard.regrade import regrade
    from chibench.verifiers import JudgeConfig

    if not paths:
        raise BuildError("no entries given")
    if handbook is None:
        handbook = Path(__file__).resolve().parents[1] / "handbook_skill"
    judge = JudgeConfig.from_env() if regrade_entries else None
    analyzer = None
    if analyzer_model:
        analyzer = {"model": analyzer_model, "api_base": os.environ.get("CHIBENCH_ANALYZER_API_BASE") or None,
                    "api_key": os.environ.get("CHIBENCH_ANALYZER_API_KEY") or None}
    entries: list[dict[str, Any]] = []
    unranked: list[dict[str, Any]] = []
    trials_by_entry = {}
    refused: dict[str, list[str]] = {}
    for path in paths:
        try:
            sub = load_submission(path)
        except SubmissionError as exc:
            refused[str(path)] = [str(exc)]
            continue
        issues = validate(sub, dataset)
        errors = [str(i) for i in issues if i.severity == "error"]
        if errors:
            refused[str(path)] = errors
            continue
        if regrade_entries:
            result = regrade(sub, dataset, judge=judge)
            if not result.accepted:
                refused[str(path)] = result.refusals + [
                    f"{t.job}/{t.trial}: submitted {t.submitted}, re-graded {t.recomputed} ({t.kind})"
                    for t in result.differences]
                continue
        entry = aggregate.build_entry(sub, dataset, partial=is_partial(issues),
                                      judge_model=judge.model if judge else None, handbook=handbook,
                                      analyzer=analyzer)
        if entry["partial"] and not include_partial:
            unranked.append(entry)
            continue
        entries.append(entry)
        trials_by_entry[entry["id"]] = [t for t, _ in aggregate.submission_trials(sub)]
    board = aggregate.leaderboard_json(entries, reference_entries() if reference else [], dataset,
                                       aggregate.pooled(entries, trials_by_entry, dataset), unranked)
    return render_site(board, out), refused


# ------------------------------------------------------------------------------------ rendering


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _ci(g: dict[str, Any], key: str) -> str:
    value = g.get(key)
    lo, hi = (g.get(f"{key}_ci95") or [None, None])[:2]
    if value is None:
        return "–"
    if lo is None or hi is None:
        return f"{_pct(value)}"
    return (f'{_pct(value)}<span class="ci"><sub>−{100 * (value - lo):.1f}</sub>'
            f"<sup>+{100 * (hi - value):.1f}</sup></span>")


def _sortval(x: float | None) -> str:
    return "" if x is None else f"{x:.6f}"


def _cell(g: dict[str, Any] | None, key: str, ci: bool = False) -> str:
    g = g or {}
    v = g.get(key)
    return f'<td data-v="{_sortval(v)}">{_ci(g, key) if ci else _pct(v)}</td>'


def _main_row(e: dict[str, Any], link: bool) -> str:
    o = e["overall"]
    name = escape(e["model"].get("display") or e["model"]["name"])
    harness = escape(e["harness"]["name"] + (f" {e['harness']['version']}" if e["harness"].get("version") else ""))
    if link:
        name = f'<a href="entries/{escape(e["id"])}.html">{name}</a>'
    flags = ""
    if e.get("partial"):
        flags += ' <span class="flag">partial</span>'
    if e["source"] == "regraded" and not e.get("judge_verified"):
        flags += ' <span class="flag">deterministic layer only</span>'
    cells = [f"<td>{harness}</td>", f"<td>{name}{flags}</td>", _cell(o, "pass_at_1", True),
             _cell(o, "pass_at_3", True), _cell(o, "pass_hat_3", True)]
    for d in aggregate.DOMAINS:
        g = e["domains"].get(d)
        cells += [_cell(g, "pass_at_1"), _cell(g, "pass_at_3"), _cell(g, "pass_hat_3")]
    steps, cost = o.get("mean_steps"), o.get("mean_cost_usd")
    cells.append(f'<td data-v="{_sortval(steps)}">{"–" if steps is None else f"{steps:.0f}"}</td>')
    cells.append(f'<td data-v="{_sortval(cost)}">{"–" if cost is None else f"${cost:.2f}"}</td>')
    return f'<tr class="{e["source"]}">' + "".join(cells) + "</tr>"


def _main_head() -> str:
    head1 = ('<tr><th rowspan="2">Harness</th><th rowspan="2">Model</th><th colspan="3">Overall</th>'
             + "".join(f'<th colspan="3">{DOMAIN_NAMES[d]}</th>' for d in aggregate.DOMAINS)
             + '<th colspan="2">Efficiency</th></tr>')
    trio = "<th>pass@1</th><th>pass@3</th><th>pass^3</th>"
    head2 = "<tr>" + trio * 4 + "<th>Steps</th><th>Cost</th></tr>"
    return f"<thead>{head1}{head2}</thead>"


def _main_table(board: dict[str, Any]) -> str:
    body = "".join(_main_row(e, True) for e in board["entries"])
    if not board["entries"]:
        body = '<tr><td colspan="16">no accepted entry</td></tr>'
    ref = ""
    if board["reference"]:
        ref = ('<tbody class="reference"><tr class="sep"><th colspan="16">Reported in the paper (not re-graded '
               "here): Table 2 of the χ-Bench paper</th></tr>"
               + "".join(_main_row(e, False) for e in board["reference"]) + "</tbody>")
    return (f'<table id="main" class="sortable">{_main_head()}<tbody class="regraded">{body}'
            f"</tbody>{ref}</table>")


def _unranked_table(board: dict[str, Any]) -> str:
    """Partial entries: same columns, not ranked (``chibench leaderboard build --include-partial`` ranks them)."""
    rows = board.get("unranked") or []
    if not rows:
        return ""
    return ('<h2>Partial entries (not ranked)</h2><p class="note">These entries were validated and re-graded but '
            "miss published tasks (listed on each entry's page); their scores are not comparable with complete "
            "entries. <code>chibench leaderboard build --include-partial</code> ranks them.</p>"
            f'<table id="unranked" class="sortable">{_main_head()}<tbody class="unranked">'
            + "".join(_main_row(e, True) for e in rows) + "</tbody></table>")


def _breakdown_table(title: str, rows: list[tuple[str, dict[str, Any]]], first: str) -> str:
    if not rows:
        return ""
    body = "".join(f"<tr><td>{escape(label)}</td><td>{g['n_trials']}</td>{_cell(g, 'pass_at_1')}"
                   f"{_cell(g, 'pass_at_3')}{_cell(g, 'pass_hat_3')}</tr>" for label, g in rows)
    return (f"<h3>{escape(title)}</h3><table class=\"sortable\"><thead><tr><th>{escape(first)}</th><th>Trials</th>"
            f"<th>pass@1 (%)</th><th>pass@3 (%)</th><th>pass^3 (%)</th></tr></thead><tbody>{body}</tbody></table>")


TERMINAL_NAMES = {"submitted_to_payer": "Submitted to payer", "returned_for_docs": "Returned for docs",
                  "gather_more_evidence": "Gather more evidence", "approved": "Approved", "denied": "Denied",
                  "pended": "Pended", "coverage_not_required": "Not required"}


def _crosstab_table(title: str, cross: dict[str, dict[str, Any]]) -> str:
    """Table 20's shape: pickup stage rows × terminal outcome columns, pass@1 (%) with the trial count in the
    cell's title; "–" where no task has that (stage, outcome)."""
    if not cross:
        return ""
    head = "".join(f"<th>{escape(TERMINAL_NAMES[o])}</th>" for o in aggregate.UM_OUTCOMES)
    rows = []
    for stage, per in cross.items():
        cells = []
        for o in aggregate.UM_OUTCOMES:
            g = per.get(o)
            cells.append('<td data-v="">–</td>' if g is None else
                         f'<td data-v="{_sortval(g.get("pass_at_1"))}" title="{g["n_trials"]} trials">'
                         f'{_pct(g.get("pass_at_1"))}</td>')
        rows.append(f"<tr><td>{escape(STAGE_NAMES.get(stage, stage))}</td>{''.join(cells)}</tr>")
    return (f"<h3>{escape(title)}</h3><table class=\"sortable\"><thead><tr><th>Pickup stage</th>{head}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


def _breakdowns(b: dict[str, Any], short: bool = False) -> str:
    if not b:
        return "<p>No re-graded entry yet.</p>"
    diff_rows = [(f"{DOMAIN_NAMES[d]} · {aggregate.DIFFICULTY_NAMES.get(k, k)}", g)
                 for d, per in b.get("difficulty", {}).items() for k, g in per.items()]
    return "".join([
        _breakdown_table("By difficulty band (Table 18)", diff_rows, "Domain · difficulty"),
        _breakdown_table("PA by terminal status (Table 19)",
                         [(TERMINAL_NAMES.get(k, k), g) for k, g in b.get("pa_terminal", {}).items()],
                         "Terminal status"),
        _crosstab_table("UM pass@1 (%) by pickup stage × terminal state (Table 20)", b.get("um_stage_outcome", {})),
        _breakdown_table("UM by pickup stage (Table 20, row totals)",
                         [(STAGE_NAMES.get(k, k), g) for k, g in b.get("um_stage", {}).items()], "Pickup stage"),
        _breakdown_table("UM by clinical category (Table 21)", list(b.get("um_category", {}).items()),
                         "Clinical category"),
        _breakdown_table("CM by persona consent stance (Table 22)", list(b.get("cm_stance", {}).items()),
                         "Persona stance"),
    ])


def _task_table(entries: list[dict[str, Any]], dataset_tasks: list[tuple[str, str, str]]) -> str:
    if not entries:
        return ""
    head = "<tr><th>Task</th><th>Domain</th><th>Difficulty</th>" + "".join(
        f'<th title="{escape(e["label"])}">{escape(e["label"])}<br/>pass@1 · pass^3</th>' for e in entries) + "</tr>"
    per = [{t["task"]: t for t in e["tasks"]} for e in entries]
    rows = []
    for task, domain, difficulty in dataset_tasks:
        cells = []
        for p in per:
            t = p.get(task)
            cells.append(f'<td data-v="{_sortval(t["pass_at_1"] if t else None)}">'
                         + (f"{_pct(t['pass_at_1'])} · {_pct(t['pass_hat_3'])} <small>({t['c']}/{t['n']})</small>"
                            if t else "–") + "</td>")
        rows.append(f"<tr><td>{escape(task)}</td><td>{escape(domain)}</td><td>{escape(difficulty)}</td>"
                    + "".join(cells) + "</tr>")
    return f'<table class="sortable"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _failure_section(entries: list[dict[str, Any]]) -> str:
    if not entries:
        return "<p>No re-graded entry yet.</p>"
    cats = [str(c) for c in Category]
    svg = plots.stacked_bars([{"label": e["label"], "counts": e["failures"]["categories"]} for e in entries], cats)
    head = ("<tr><th>Entry</th><th>Failed</th>" + "".join(f"<th>{escape(c)}</th>" for c in cats)
            + "<th>Policy-read recall</th><th>recall · pass</th><th>recall · fail</th></tr>")
    rows = []
    for e in entries:
        f, r = e["failures"], e["policy_read_recall"]
        rows.append(f"<tr><td>{escape(e['label'])}</td><td>{f['n_failed']}</td>"
                    + "".join(f"<td>{f['categories'].get(c, 0)}</td>" for c in cats)
                    + f"{_cell(r, 'mean')}{_cell(r, 'pass')}{_cell(r, 'fail')}</tr>")
    return (f'<figure>{svg}</figure><table class="sortable"><thead>{head}</thead><tbody>{"".join(rows)}'
            "</tbody></table>")


CSS = """body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2em;color:#222;max-width:1400px}
table{border-collapse:collapse;margin:0.5em 0 1.5em;font-size:13px}th,td{border:1px solid #ddd;padding:3px 6px;
text-align:right}td:first-child,td:nth-child(2),th{text-align:left}th{background:#f4f4f4;cursor:pointer}
.ci{font-size:10px;color:#666;display:inline-flex;flex-direction:column;line-height:1;margin-left:2px}
.flag{font-size:10px;background:#fde;border-radius:3px;padding:0 3px}tr.paper td{color:#555;background:#fafafa}
tr.sep th{background:#eee;font-weight:normal;font-style:italic;cursor:default}figure{margin:0 0 1.5em}
.note{color:#555;font-size:13px}"""

SORT_JS = """document.querySelectorAll('table.sortable').forEach(function(t){
t.querySelectorAll('thead tr:last-child th').forEach(function(th,i){th.addEventListener('click',function(){
var cols=t.querySelectorAll('thead tr:last-child th').length,all=t.rows[t.tHead.rows.length].cells.length,
col=i+(all-cols),b=t.tBodies[0],rows=Array.from(b.rows),asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';
rows.sort(function(a,c){var x=a.cells[col],y=c.cells[col],u=x.dataset.v!==undefined?x.dataset.v:x.textContent,
v=y.dataset.v!==undefined?y.dataset.v:y.textContent,p=parseFloat(u),q=parseFloat(v);
if(u===''&&v!=='')return 1;if(v===''&&u!=='')return -1;
var r=(!isNaN(p)&&!isNaN(q))?p-q:u.localeCompare(v);return asc?r:-r;});
rows.forEach(function(r){b.appendChild(r);});});});});"""


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><title>{escape(title)}</title>'
            f"<style>{CSS}</style></head><body>{body}<script>{SORT_JS}</script></body></html>\n")


def render_index(board: dict[str, Any]) -> str:
    entries, ref = board["entries"], board["reference"]
    ds = board["dataset"]
    roi = plots.roi_plot([{"label": e["label"], "cost": e["overall"].get("mean_cost_usd"),
                           "pass_at_1": e["overall"].get("pass_at_1"), "source": e["source"]}
                          for e in entries + ref])
    rel = plots.reliability_plot([{"label": e["label"], "pass_at": e.get("pass_at_k") or [None] * 3,
                                   "pass_hat": e.get("pass_hat_k") or [None] * 3} for e in entries])
    body = [f"<h1>χ-Bench leaderboard</h1><p class=\"note\">Dataset {escape(ds['name'])} {escape(ds['version'])} · "
            f"{ds['n_tasks']} published tasks · digest <code>{escape(ds['digest'])}</code>. Every entry above the "
            "separator was validated (published task digests, ≥ 3 attempts per task, every started trial counted, "
            "exports present, isolation unchanged) and re-graded from its stored world exports. pass@1: mean over "
            "tasks of c/n, Wilson 95 % interval over the pooled trials; pass@3 / pass^3: unbiased estimators, "
            "Wilson 95 % over tasks. Steps and cost are means per trial. Click a column header to sort.</p>",
            "<h2>Results (Table 2 layout)</h2>", _main_table(board), _unranked_table(board),
            "<h2>Cost and reliability</h2>", f"<figure>{roi}</figure>",
            '<p class="note">Filled markers: re-graded entries; open markers: the paper\'s reported rows. Dashed '
            "lines: median cost and median pass@1; the solid line joins the Pareto-optimal points.</p>",
            f"<figure>{rel}</figure>",
            "<h2>Breakdowns (pooled over re-graded entries)</h2>", _breakdowns(board.get("pooled") or {}),
            "<h2>Failure analysis</h2>",
            '<p class="note">Each failed trial gets one first-level category and one second-level mode of the '
            "paper's taxonomy (App. G): deterministic rules over Harbor's exception, the trajectory and the "
            "scorecard's first failing check, optionally refined by the LLM analyzer. Policy-read recall: the "
            "fraction of the handbook documents the task's rubrics cite that the agent's tool calls read.</p>",
            _failure_section(entries),
            "<h2>Per task</h2>", _task_table(entries, board.get("tasks") or [])]
    return _page("χ-Bench leaderboard", "".join(body))


def render_entry(e: dict[str, Any]) -> str:
    meta = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in (
        ("Harness", f"{e['harness']['name']} {e['harness'].get('version') or ''}"),
        ("Model", e["model"]["name"]), ("Date", e.get("date")), ("Reasoning", json.dumps(e.get("reasoning") or {})),
        ("Handbook", e.get("handbook_variant")), ("Contact", e.get("contact_name")),
        ("Judge", e.get("judge_model") or "none (deterministic layer re-graded only)"),
        ("Partial", "yes" if e.get("partial") else "no"), ("Tasks / trials", f"{e['n_tasks']} / {e['n_trials']}")))
    tasks = "".join(f"<tr><td>{escape(t['task'])}</td><td>{escape(str(t['domain']))}</td>"
                    f"<td>{escape(str(t['difficulty']))}</td><td>{t['c']}/{t['n']}</td>{_cell(t, 'pass_at_1')}"
                    f"{_cell(t, 'pass_at_3')}{_cell(t, 'pass_hat_3')}</tr>" for t in e["tasks"])
    labels = "".join(f"<tr><td>{escape(lab['trial'])}</td><td>{escape(lab['task'])}</td>"
                     f"<td>{escape(lab['category'])}</td><td>{escape(lab['mode'])}</td><td>{escape(lab['source'])}</td>"
                     f"<td>{escape(lab['evidence'])}</td></tr>" for lab in e["failures"]["labels"])
    summary = e["failures"].get("analyzer_summary")
    gone = e.get("missing_tasks") or []
    missing = (f'<h2>Missing tasks ({len(gone)})</h2><p class="note">Published tasks without a trial in this '
               "entry:</p><ul>" + "".join(f"<li>{escape(t)}</li>" for t in gone) + "</ul>") if gone else ""
    body = (f'<p><a href="../index.html">← leaderboard</a> · <a href="{escape(e["id"])}.json">entry JSON</a></p>'
            f"<h1>{escape(e['label'])}</h1><table>{meta}</table>"
            + missing
            + _breakdowns({k: e.get(k) or {} for k in ("difficulty", "pa_terminal", "um_stage", "um_stage_outcome",
                                                      "um_category", "cm_stance")})
            + "<h2>Per task</h2><table class=\"sortable\"><thead><tr><th>Task</th><th>Domain</th><th>Difficulty</th>"
            "<th>c/n</th><th>pass@1</th><th>pass@3</th><th>pass^3</th></tr></thead>"
            f"<tbody>{tasks}</tbody></table><h2>Failed trials</h2>"
            + (f'<p class="note">Analyzer summary: {escape(summary)}</p>' if summary else "")
            + "<table class=\"sortable\"><thead><tr><th>Trial</th><th>Task</th><th>Category</th><th>Mode</th>"
            f"<th>Source</th><th>Evidence</th></tr></thead><tbody>{labels}</tbody></table>")
    return _page(f"χ-Bench entry — {e['label']}", body)


def render_site(board: dict[str, Any], out: Path) -> list[Path]:
    """Write index.html, leaderboard.json and entries/* for ``board`` (leaderboard_json's object, plus
    ``tasks``: [(task, domain, difficulty)] rows for the per-task table); returns the paths written."""
    try:
        (out / "entries").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"{out}: cannot create the output folder ({exc})") from exc
    for e in board["entries"] + board.get("unranked", []):
        o = e["overall"]
        e.setdefault("pass_at_k", [o.get("pass_at_1"), o.get("pass_at_2"), o.get("pass_at_3")])
        e.setdefault("pass_hat_k", [o.get("pass_at_1"), o.get("pass_hat_2"), o.get("pass_hat_3")])
    written = []

    def write(rel: str, text: str) -> None:
        path = out / rel
        path.write_text(text, encoding="utf-8")
        written.append(path)

    write("index.html", render_index(board))
    write("leaderboard.json", json.dumps(board, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    for e in board["entries"] + board.get("unranked", []):
        write(f"entries/{e['id']}.html", render_entry(e))
        write(f"entries/{e['id']}.json", json.dumps(e, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    return written
