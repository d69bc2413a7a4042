"""Aggregation numbers against hand-computed values, and the static site against golden files.

The pair of entries is fabricated (synthetic Harbor jobs over a three-task published dataset written under
``tmp_path``), so every number below can be computed by hand. ``CHIBENCH_UPDATE_GOLDEN=1`` rewrites the
golden files (review the diff before committing).
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from chibench.cli import main
from chibench.leaderboard import aggregate
from chibench.leaderboard.paper import TABLE2, reference_entries
from chibench.leaderboard.site import render_site
from chibench.leaderboard.submission import PublishedDataset, PublishedTask, load_dataset, load_submission
from tests.leaderboard.harbor_jobs import HarborJob

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parents[2]
TASKS = {  # name: (domain, difficulty, category, terminal)
    "knee_mri.referral": ("provider_pa", "E", "Imaging", "returned_for_docs"),
    "sleeve_gastrectomy.intake": ("payer_um", "M", "Surgical", "denied"),
    "cm_copd_hard_refuses_009": ("care_management", "H", "Respiratory", "refusing"),
}
TERMINAL_KEY = {"provider_pa": "terminal_status", "payer_um": "terminal_outcome", "care_management": "consent_stance"}


def _dataset(root: Path) -> PublishedDataset:
    tasks = {}
    for name, (domain, diff, cat, terminal) in TASKS.items():
        folder = root / "packages" / name
        (folder / "tests").mkdir(parents=True, exist_ok=True)
        rubrics = [{"id": "r1", "handbook_refs": ["KM-CM-OUTREACH-001 §4", "KM-CP-COPD §3"]}] \
            if domain == "care_management" else []
        (folder / "tests" / "expectations.json").write_text(json.dumps({"rubrics": rubrics}))
        tasks[name] = PublishedTask(name, "sha256:" + "0" * 64, domain, diff, cat, folder, terminal=terminal)
    return PublishedDataset("chibench/chibench", "0.1.0", tasks)


def _card(reward: int, failed: str | None) -> dict[str, Any]:
    checks = [{"id": "core.target_located", "check": "core.target_located", "stage": "core", "status": "pass",
               "message": "found"}]
    if failed:
        checks.append({"id": f"{failed}#1", "check": failed, "stage": "x", "status": "fail", "message": "wrong"})
    return {"reward": reward, "outcome": "pass" if reward else "fail", "layers": {"deterministic": "pass"},
            "deterministic": {"checks": checks, "failed_checks": [c["id"] for c in checks if c["status"] == "fail"]},
            "judge": {"status": "not_run", "rubrics": []}}


#: (task, reward, failing check, exception, steps, cost) per trial, in order.
ENTRY_A = [
    ("knee_mri.referral", 1, None, None, 10, 0.50),
    ("knee_mri.referral", 1, None, None, 12, 0.70),
    ("knee_mri.referral", 0, "provider.packet_documents", None, 8, 0.30),
    ("sleeve_gastrectomy.intake", 1, None, None, 20, 1.00),
    ("sleeve_gastrectomy.intake", 0, "intake.decision", None, 22, 1.20),
    ("sleeve_gastrectomy.intake", 0, None, "AgentTimeoutError", 30, 2.00),
    ("cm_copd_hard_refuses_009", 0, "cm.consent_backed", None, 14, 0.40),
    ("cm_copd_hard_refuses_009", 0, "cm.disenrollment", None, 16, 0.60),
    ("cm_copd_hard_refuses_009", 0, None, None, 0, 0.10),
]
ENTRY_B = [(t, 1, None, None, 5, 0.05) for t in TASKS for _ in range(3)]
ENTRY_B[8] = ("cm_copd_hard_refuses_009", 0, "cm.consent_legitimate", None, 6, 0.05)


def _submission(root: Path, rows: list[tuple[Any, ...]], harness: str, model: str) -> Path:
    job = HarborJob(root, n_attempts=3)
    for task, reward, failed, exc, steps, cost in rows:
        trial = job.trial(task, reward=reward, exception=exc, judge=None, steps=steps, cost=cost,
                          agent=(harness, model))
        (trial / "verifier" / "scorecard.json").write_text(json.dumps(_card(reward, failed)))
        if task.startswith("cm_") and reward == 0 and failed == "cm.consent_backed":
            traj = json.loads((trial / "agent" / "trajectory.json").read_text())
            traj["steps"][-1]["tool_calls"] = [  # the last agent turn reads one of the two cited documents
                {"tool_call_id": "c", "function_name": "Read",
                 "arguments": {"file_path": "/opt/chibench/skills/references/care-manager/operational/"
                                            "outreach-consent.md"}}]
            (trial / "agent" / "trajectory.json").write_text(json.dumps(traj))
    job.finish()
    meta = {"format": "chibench.submission/1", "harness": {"name": harness, "version": "1.0"},
            "model": {"name": model}, "date": "2026-11-01", "reasoning": {"effort": "medium"},
            "contact": {"name": "Lab", "email": "lab@example.org"}, "handbook_variant": "full",
            "jobs": [f"jobs/{job.name}"]}
    (root / "submission.yaml").write_text(yaml.safe_dump(meta))
    return root


@pytest.fixture()
def board(tmp_path: Path) -> dict[str, Any]:
    pytest.importorskip("harbor")
    dataset = _dataset(tmp_path)
    entries, trials = [], {}
    for name, rows, harness, model in (("a", ENTRY_A, "codex", "gpt-5"), ("b", ENTRY_B, "terminus-2", "glm-5")):
        sub = load_submission(_submission(tmp_path / name, rows, harness, model))
        entry = aggregate.build_entry(sub, dataset, partial=False, handbook=REPO / "handbook_skill")
        entries.append(entry)
        trials[entry["id"]] = [t for t, _ in aggregate.submission_trials(sub)]
    return aggregate.leaderboard_json(entries, reference_entries(), dataset,
                                      aggregate.pooled(entries, trials, dataset))


def _wilson(c: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    p = c / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (0.0 if c == 0 else centre - half, 1.0 if c == n else centre + half)


def test_entry_numbers_match_hand_computed_values(board: dict[str, Any]) -> None:
    b, a = board["entries"]  # sorted by pass@1: B (8/9) before A (3/9)
    assert (a["harness"]["name"], b["harness"]["name"]) == ("codex", "terminus-2")
    o = a["overall"]
    # per task c/n: 2/3, 1/3 (the timeout counts 0), 0/3 → mean 1/3; pooled 3 of 9
    assert o["pass_at_1"] == pytest.approx(1 / 3) and (o["n_trials"], o["n_successes"]) == (9, 3)
    assert o["pass_at_1_ci95"] == pytest.approx(list(_wilson(3, 9)))
    assert o["pass_at_1_ci95"] == pytest.approx([0.120584, 0.645798], abs=1e-6)
    # pass@3 = mean(1, 1, 0); pass^3 = mean(0, 0, 0); Wilson over 3 tasks
    assert o["pass_at_3"] == pytest.approx(2 / 3) and o["pass_hat_3"] == 0
    assert o["pass_at_3_ci95"] == pytest.approx(list(_wilson(2, 3)))
    assert o["pass_hat_3_ci95"] == pytest.approx(list(_wilson(0, 3)))
    # pass@2 per task: 1 - C(n-c,2)/C(3,2): 1, 1 - 1/3, 0 → 5/9; pass^2: C(c,2)/3: 1/3, 0, 0 → 1/9
    assert o["pass_at_2"] == pytest.approx(5 / 9) and o["pass_hat_2"] == pytest.approx(1 / 9)
    assert o["mean_steps"] == pytest.approx(132 / 9) and o["mean_cost_usd"] == pytest.approx(6.8 / 9)
    assert a["domains"]["provider_pa"]["pass_at_1"] == pytest.approx(2 / 3)
    assert a["domains"]["payer_um"]["pass_hat_3"] == 0
    assert a["difficulty"]["care_management"]["H"]["n_trials"] == 3
    assert list(a["cm_stance"]) == ["Refusing"] and list(a["um_stage"]) == ["intake"]
    # Table 19: the one PA task is returned_for_docs (2/3); Table 20: intake × denied is the UM task (1/3)
    assert list(a["pa_terminal"]) == ["returned_for_docs"]
    assert a["pa_terminal"]["returned_for_docs"]["pass_at_1"] == pytest.approx(2 / 3)
    assert {s: list(per) for s, per in a["um_stage_outcome"].items()} == {"intake": ["denied"]}
    assert a["um_stage_outcome"]["intake"]["denied"]["pass_at_1"] == pytest.approx(1 / 3)
    assert a["um_stage_outcome"]["intake"]["denied"]["n_trials"] == 3
    assert b["overall"]["pass_at_1"] == pytest.approx((1 + 1 + 2 / 3) / 3)
    assert b["overall"]["pass_hat_3"] == pytest.approx(2 / 3)


def test_failures_and_policy_read_recall_per_entry(board: dict[str, Any]) -> None:
    b, a = board["entries"]
    f = a["failures"]
    assert f["n_failed"] == 6
    assert f["categories"] == {"Harness-Fault": 1, "Tool-Use-Error": 0, "Policy-Compliance": 0,
                               "Clinical-Reasoning": 2, "Workflow-Completion": 1, "Hallucination": 1,
                               "Abstain-or-Stuck": 1}
    assert f["modes"] == {"zero-step-output": 1, "misapplied-clinical-criteria": 1, "failed-to-convert": 1,
                          "missed-evidence": 1, "fabricated-consent": 1, "wall-clock-timeout": 1}
    # CM cites 2 documents; one CM trial read one of them: recalls 1/2, 0, 0 over the 3 CM trials
    r = a["policy_read_recall"]
    assert r["n_trials"] == 3 and r["mean"] == pytest.approx(1 / 6) and r["pass"] is None
    assert b["failures"]["categories"]["Clinical-Reasoning"] == 1


def test_pooled_tables_treat_each_entry_task_as_its_own_task(board: dict[str, Any]) -> None:
    pa_easy = board["pooled"]["difficulty"]["provider_pa"]["E"]
    # A: 2/3, B: 3/3 → mean 5/6 over 2 (entry, task) pairs, 6 trials
    assert (pa_easy["n_tasks"], pa_easy["n_trials"]) == (2, 6)
    assert pa_easy["pass_at_1"] == pytest.approx(5 / 6) and pa_easy["pass_hat_3"] == pytest.approx(1 / 2)


def test_terminal_tables_split_by_the_published_metadata(tmp_path: Path) -> None:
    """Table 19 rows / Table 20 cells follow each task's terminal metadata, in the paper's order; a task
    without one is left out of them; the CM stance comes from consent_stance before difficulty."""
    from chibench.leaderboard.report import Trial

    seen: list[str] = []

    def trial(task: str, reward: float) -> Trial:
        seen.append(task)
        return Trial(name=f"{task}-{reward}-{len(seen)}", task=task, reward=reward, raw_reward=reward, exception=None,
                     steps=None, input_tokens=None, output_tokens=None, cost_usd=None, wall_clock_s=None,
                     judge_status=None, leaderboard_valid=None, agent=("x", None, None))

    spec = {"a.referral": ("provider_pa", "gather_more_evidence"), "b.referral": ("provider_pa", "submitted_to_payer"),
            "c.referral": ("provider_pa", None), "a.p2p": ("payer_um", "approved"), "b.p2p": ("payer_um", "denied"),
            "c.triage": ("payer_um", "pended"), "cm_x_001": ("care_management", "hesitant")}
    tasks = {n: PublishedTask(n, "sha256:0", d, "H", "Other", tmp_path, terminal=term)
             for n, (d, term) in spec.items()}
    trials = [trial(n, r) for n in spec for r in (1.0, 0.0)] + [trial("b.p2p", 1.0)]  # b.p2p: 2 of 3
    b = aggregate.breakdowns(trials, PublishedDataset("d", "1", tasks))
    assert list(b["pa_terminal"]) == ["submitted_to_payer", "gather_more_evidence"]
    assert sum(g["n_trials"] for g in b["pa_terminal"].values()) == 4  # c.referral has no terminal
    assert {s: list(per) for s, per in b["um_stage_outcome"].items()} == {"triage": ["pended"],
                                                                          "p2p": ["approved", "denied"]}
    assert b["um_stage_outcome"]["p2p"]["denied"]["pass_at_1"] == pytest.approx(2 / 3)
    assert list(b["cm_stance"]) == ["Hesitant"]  # difficulty H would have said Refusing


def test_reference_rows_are_the_papers_thirty_and_apart(board: dict[str, Any]) -> None:
    assert len(TABLE2) == 30 and len(board["reference"]) == 30
    opus = next(r for r in board["reference"] if r["label"] == "Claude Code · Claude Opus 4.6")
    assert opus["overall"]["pass_at_1"] == pytest.approx(0.28)
    assert opus["overall"]["pass_at_1_ci95"] == pytest.approx([0.225, 0.342])
    assert opus["domains"]["payer_um"]["pass_at_1"] == pytest.approx(0.413)
    assert all(r["source"] == "paper" for r in board["reference"])
    assert all(e["source"] == "regraded" for e in board["entries"])


def _site_files(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8") for p in sorted(out.rglob("*"))
            if p.is_file()}


def test_site_matches_the_golden_files(board: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "site"
    written = render_site(board, out)
    assert {p.relative_to(out).as_posix() for p in written} == {
        "index.html", "leaderboard.json", "entries/codex-1-0-gpt-5-2026-11-01.html",
        "entries/codex-1-0-gpt-5-2026-11-01.json", "entries/terminus-2-1-0-glm-5-2026-11-01.html",
        "entries/terminus-2-1-0-glm-5-2026-11-01.json"}
    files = _site_files(out)
    if os.environ.get("CHIBENCH_UPDATE_GOLDEN"):
        for rel, text in files.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_text(text, encoding="utf-8")
    golden = _site_files(GOLDEN)
    assert sorted(golden) == sorted(files)
    for rel in files:
        assert files[rel] == golden[rel], f"{rel} differs from tests/leaderboard/golden/{rel}"


def test_site_is_self_contained_and_has_every_part(board: dict[str, Any], tmp_path: Path) -> None:
    render_site(board, tmp_path / "s")
    html = (tmp_path / "s" / "index.html").read_text()
    assert not re.search(r"""(?:src|href)=["']https?://""", html), "nothing fetched at view time"
    assert html.count('<tr class="paper">') == 30 and html.count('<tr class="regraded">') == 2
    assert "Reported in the paper (not re-graded here)" in html
    for label in ("mean cost per trial (USD, log scale)", "overall pass@1", "k (attempts drawn)",
                  "share of failed trials"):
        assert f">{label}</text>" in html
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg"') == 3
    assert html.count('class="point"') >= 32  # every row of the ROI plot, re-graded and reported
    for table in ("Table 18", "Table 20", "Table 21", "Table 22"):
        assert table in html
    assert 'href="entries/codex-1-0-gpt-5-2026-11-01.html"' in html


def test_build_refuses_invalid_entries_and_writes_accepted_ones(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("harbor")
    dataset_root = tmp_path / "ds"
    _dataset(dataset_root)
    lines = ['[dataset]', 'name = "chibench/chibench"', 'version = "0.1.0"']
    for name, (domain, diff, cat, terminal) in TASKS.items():
        lines += ["[[tasks]]", f'name = "chibench/{name}"', f'digest = "sha256:{"0" * 64}"']
        (dataset_root / "packages" / name / "task.toml").write_text(
            f'[metadata]\ndomain = "{domain}"\ndifficulty = "{diff}"\ncategory = "{cat}"\n'
            f'{TERMINAL_KEY[domain]} = "{terminal}"\n')
    (dataset_root / "packages" / "dataset.toml").write_text("\n".join(lines) + "\n")
    published = load_dataset(dataset_root / "packages")
    assert {n: t.terminal for n, t in published.tasks.items()} == {n: v[3] for n, v in TASKS.items()}
    sub = _submission(tmp_path / "a", ENTRY_A, "codex", "gpt-5")  # no lock.json, no exports: invalid
    code = main(["leaderboard", "build", str(sub), "-o", str(tmp_path / "site"), "--packages",
                 str(dataset_root / "packages"), "--reference"])
    assert code == 1
    err = capsys.readouterr().err
    assert "REFUSED" in err and "[digest]" in err and "[export]" in err
    html = (tmp_path / "site" / "index.html").read_text()
    assert "no accepted entry" in html and html.count('<tr class="paper">') == 30


def _sortable_tables(html: str) -> list[list[list[tuple[str | None, str]]]]:
    """Every ``table.sortable``'s body rows as [(data-v or None, text)] per cell (what SORT_JS reads)."""
    from html.parser import HTMLParser

    class P(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tables: list[list[list[tuple[str | None, str]]]] = []
            self.depth = 0  # inside a sortable table's tbody
            self.row: list[tuple[str | None, str]] | None = None
            self.cell: list[Any] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "table" and "sortable" in (a.get("class") or "").split():
                self.tables.append([])
            elif tag == "tbody" and self.tables:
                self.depth += 1
            elif tag == "tr" and self.depth:
                self.row = []
            elif tag == "td" and self.row is not None:
                self.cell = [a.get("data-v"), ""]

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell[1] += data

        def handle_endtag(self, tag: str) -> None:
            if tag == "td" and self.cell is not None and self.row is not None:
                self.row.append((self.cell[0], self.cell[1]))
                self.cell = None
            elif tag == "tr" and self.row is not None:
                if self.row:
                    self.tables[-1].append(self.row)
                self.row = None
            elif tag == "tbody" and self.depth:
                self.depth -= 1

    p = P()
    p.feed(html)
    return p.tables


def test_sortable_cells_carry_the_keys_the_sort_script_compares(board: dict[str, Any], tmp_path: Path) -> None:
    """SORT_JS sorts by ``data-v`` when present (numeric when both parse, empty last), else by text. No browser
    here: check the keys instead — every numeric cell's data-v is empty or a float, and sorting the main table
    by its pass@1 key orders the rows as leaderboard.json's pass@1 does."""
    render_site(board, tmp_path / "site")
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    tables = _sortable_tables(html)
    assert len(tables) >= 5
    for rows in tables:
        for row in rows:
            for key, text in row:
                if key is not None and key != "":
                    float(key)  # a key SORT_JS's parseFloat reads whole
                    assert re.fullmatch(r"-?\d+\.\d{6}", key), key
                elif key == "":
                    assert text.strip() in ("–", "-", "n/a", ""), text
    main_rows = tables[0]
    ranked = [r for r in main_rows if len(r) > 2]
    keys = [float(r[2][0]) if r[2][0] else None for r in ranked]
    want = [e["overall"]["pass_at_1"] for e in board["entries"] + board["reference"]]
    assert keys == pytest.approx(want, abs=1e-6)
    # descending by the key, empty last — the order a click on pass@1 (second click) produces
    order = sorted(range(len(keys)), key=lambda i: (keys[i] is None, -(keys[i] or 0.0)))
    best = max(board["entries"] + board["reference"], key=lambda e: e["overall"]["pass_at_1"] or 0.0)
    assert best["label"].split(" · ")[-1] in "".join(t for _, t in ranked[order[0]])
