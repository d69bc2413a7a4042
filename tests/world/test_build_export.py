"""Deterministic build, canonical export, diff, stats and the seed lint."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.world.build import build_base_world
from chibench.world.core import yamlio
from chibench.world.core.world import World
from chibench.world.export import diff, snapshot, stats
from chibench.world.lint import lint_root
from chibench.world.seeds.loader import SEED_ROOT, SeedError, load_seeds


def test_build_is_deterministic(tmp_path: Path):
    # two fresh builds, hashed before anything opens them (opening a world switches the file to WAL)
    first, again = tmp_path / "first.sqlite", tmp_path / "again.sqlite"
    build_base_world(first).close()
    build_base_world(again).close()
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(first.read_bytes()).hexdigest()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.sqlite", "first.sqlite"]  # no -wal/-shm left
    a, b = World(again), World(first)
    try:
        assert snapshot(a)["digest"] == snapshot(b)["digest"]
    finally:
        a.close()
        b.close()


def test_export_is_canonical(world: World):
    snap = snapshot(world)
    assert list(snap["tables"]) == sorted(snap["tables"])
    enc = snap["tables"]["encounters"]
    assert [r["id"] for r in enc] == sorted(r["id"] for r in enc)
    assert snap["clock"].endswith("Z")
    assert all(e["at"].endswith("Z") for e in snap["tables"]["events"])
    assert json.loads(json.dumps(snap)) == snap


def test_digest_detects_any_change(world: World):
    before = snapshot(world)
    with world.write(acting_as="WKR-PAC-01", app="t", action="t") as tx:
        tx.log()
    after = snapshot(world)
    assert before["digest"] != after["digest"]
    d = diff(before, after)
    assert set(d) == {"events", "sim_clock"}
    assert len(d["events"]["added"]) == 1 and d["sim_clock"]["updated"][0]["changes"]["now"][0] == before["clock"]


def test_diff_reports_added_updated_removed():
    before = {"tables": {"workers": [{"id": "A", "phone": "1"}, {"id": "B", "phone": "2"}]}}
    after = {"tables": {"workers": [{"id": "A", "phone": "9"}, {"id": "C", "phone": "3"}]}}
    assert diff(before, after) == {"workers": {"added": ["C"], "removed": ["B"],
                                               "updated": [{"key": "A", "changes": {"phone": ["1", "9"]}}]}}


def test_stats_meet_the_population_targets(world: World):
    st = stats(world)
    assert st["patients"] >= 50 and st["workers"] >= 90 and st["chart_activities"] >= 5000
    assert st["service_patients"] == 25 and st["cm_patients"] == 25 and st["orders"] == 25


def test_seed_lint_is_clean():
    assert lint_root() == []


def test_lint_reports_bad_codes_and_references(tmp_path: Path):
    import shutil

    root = tmp_path / "seeds"
    shutil.copytree(SEED_ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    member = sorted((root / "cm").glob("*.yaml"))[0]
    text = member.read_text()
    import yaml

    data = yamlio.load(text)
    data["chart"]["conditions"][0]["code"] = "E66"  # not billable
    data["chart"]["observations"][0]["loinc"] = "4548-5"  # wrong check digit
    data["patient"]["pcp_worker_id"] = "WKR-GHOST-01"
    data["chart"]["medications"][0]["end"] = "1990-01-01"
    member.write_text(yaml.safe_dump(data, sort_keys=False))
    problems = "\n".join(lint_root(root))
    for needle in ("not a billable ICD-10-CM", "wrong check digit", "unknown pcp_worker_id", "before start"):
        assert needle in problems, needle


def test_schema_error_names_file_and_field(tmp_path: Path):
    import shutil

    root = tmp_path / "seeds"
    shutil.copytree(SEED_ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    member = sorted((root / "cm").glob("*.yaml"))[0]
    member.write_text(member.read_text().replace("consent_stance:", "consent_stanse:", 1))
    with pytest.raises(SeedError) as exc:
        load_seeds(root)
    joined = "\n".join(exc.value.problems)
    assert member.name in joined and "consent_stanse" in joined


def test_cli_build_stats_export_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    db = tmp_path / "w.sqlite"
    assert main(["world", "build", "--out", str(db)]) == 0
    built = json.loads(capsys.readouterr().out)
    assert main(["world", "stats", str(db), "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert st["patients"] >= 50 and st["workers"] >= 90 and st["chart_activities"] >= 5000
    assert main(["world", "export", str(db)]) == 0
    snap = json.loads(capsys.readouterr().out)
    assert snap["digest"] == built["digest"]
    assert main(["world", "check"]) == 0
    assert main(["world", "stats", str(tmp_path / "none.sqlite")]) == 2
