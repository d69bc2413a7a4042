"""The world database survives its process and refuses damage (issue #15).

WAL + synchronous=NORMAL while open; a closed world is one self-contained rollback-journal file; a damaged
file (a broken page, an index that no longer matches its table — the silent kind — or not a database at
all) is refused in one line by every reader: the collect hook's fallback export, world start, every CLI
command. The kill -9 loop itself is ``benchmarks/bench_crash.py`` (CI runs ``--quick`` as a gate).
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.world import taskspec
from chibench.world.core.errors import DamagedDatabase
from chibench.world.core.world import World, check_database

REPO = Path(__file__).resolve().parents[3]


def _broken_page(p: Path) -> None:
    with p.open("r+b") as f:
        f.seek(4096 * 5)
        f.write(b"\xff" * 3000)


def _broken_index(p: Path) -> None:
    """Point an index's definition at another column: every page stays well-formed (quick_check says
    ok), but the index no longer holds its table's rows — what a server may keep serving silently."""
    conn = sqlite3.connect(p)
    try:
        name, table = conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL "
                                   "AND tbl_name='events' ORDER BY name LIMIT 1").fetchone()
        cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        indexed = [r[2] for r in conn.execute(f"PRAGMA index_info({name})")]
        other = next(c for c in cols if c not in indexed and c != "id")
        conn.execute("PRAGMA writable_schema=ON")
        conn.execute("UPDATE sqlite_master SET sql=? WHERE name=?", (f"CREATE INDEX {name} ON {table} ({other})", name))
        conn.commit()
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]  # the cheap check misses it
    finally:
        conn.close()


def _not_a_database(p: Path) -> None:
    p.write_bytes(b"SQLite format 2\x00" + bytes(range(256)) * 40)


def _truncated(p: Path) -> None:
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 3])


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "broken_page": (_broken_page, "failed SQLite's integrity_check|disk image is malformed"),
    "broken_index": (_broken_index, "missing from index"),
    "not_a_database": (_not_a_database, "is not a readable SQLite database"),
    "truncated": (_truncated, "failed SQLite's integrity_check|disk image is malformed"),
}


def _says(text: str, needles: str) -> bool:
    return any(n in text for n in needles.split("|"))


@pytest.fixture()
def copy(base_world_file: Path, tmp_path: Path) -> Path:
    target = tmp_path / "world.sqlite"
    shutil.copyfile(base_world_file, target)
    return target


def test_open_world_is_wal_and_a_closed_one_is_a_single_file(copy: Path):
    w = World(copy)
    with w.write(acting_as="WKR-PAC-01", app="t", action="t") as tx:
        tx.log()
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    w.close()
    assert sorted(p.name for p in copy.parent.iterdir()) == ["world.sqlite"]
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    check_database(copy)


def test_a_write_left_in_the_log_by_a_killed_process_is_read_back(copy: Path):
    """A process that commits and dies without closing leaves its commits in world.sqlite-wal: the next
    reader (the collect hook's fallback) replays them."""
    code = ("import os; import chibench.world.apps; from chibench.world.core.world import World\n"
            f"w = World({str(copy)!r})\n"
            "with w.write(acting_as='WKR-PAC-01', app='t', action='t.killed') as tx:\n"
            "    tx.log()\n"
            "os.kill(os.getpid(), 9)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert proc.returncode == -9
    assert (copy.parent / "world.sqlite-wal").stat().st_size > 0
    check_database(copy)
    w = World(copy, check=True)
    with w.read() as s:
        from sqlalchemy import text

        assert s.execute(text("SELECT count(*) FROM events WHERE action='t.killed'")).scalar_one() == 1
    w.close()


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_database_is_refused_in_one_line(copy: Path, damage: str):
    fn, needle = DAMAGE[damage]
    fn(copy)
    with pytest.raises(DamagedDatabase) as err:
        check_database(copy)
    assert _says(err.value.render(), needle) and "\n" not in err.value.render()
    with pytest.raises(DamagedDatabase):
        World(copy, check=True)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("argv", [["world", "stats", "{db}"], ["world", "export", "{db}"],
                                  ["world", "diff", "{db}", "{db}"], ["world", "serve", "{db}", "--port", "1"]])
def test_cli_on_a_damaged_database_says_one_line(copy: Path, capsys, damage: str, argv: list[str]):
    DAMAGE[damage][0](copy)
    code = main([a.replace("{db}", str(copy)) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("chibench: ") and "Traceback" not in err
    assert _says(err, DAMAGE[damage][1])


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_fallback_export_refuses_a_damaged_live_world(copy: Path, tmp_path: Path, capsys, damage: str):
    run_dir, export_dir = copy.parent, tmp_path / "export"
    DAMAGE[damage][0](copy)
    with pytest.raises(taskspec.TaskWorldError, match="live world: .*") as err:
        taskspec.export_final(run_dir=run_dir, export_dir=export_dir)
    assert "\n" not in str(err.value)
    code = main(["world", "export-task", "--run-dir", str(run_dir), "--export-dir", str(export_dir)])
    _, stderr = capsys.readouterr()
    assert code == 2 and len(stderr.strip().splitlines()) == 1 and _says(stderr, DAMAGE[damage][1])
    assert not (export_dir / "final.json").exists()  # nothing is graded from a damaged file


def test_world_start_refuses_a_damaged_base(copy: Path, tmp_path: Path, capsys):
    from chibench.package.harness import task_world
    from chibench.package.scenario import load_scenario

    spec = tmp_path / "task.json"
    spec.write_text(task_world(load_scenario(REPO / "packages" / "brca_testing.intake" / "scenario.yaml"))
                    .model_dump_json(), encoding="utf-8")
    _broken_index(copy)
    code = main(["world", "serve-task", str(spec), "--base", str(copy), "--run-dir", str(tmp_path / "run"),
                 "--export-dir", str(tmp_path / "export"), "--port", "1"])
    _, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("chibench: base world: ") and "missing from index" in err
    assert not (tmp_path / "export" / "initial.json").exists()


def test_an_internal_bug_keeps_its_traceback_with_a_hint(monkeypatch, capsys):
    import chibench.cli as cli

    def boom(_args):
        raise KeyError("an internal invariant")

    monkeypatch.setattr(cli, "cmd_world_check", boom)
    assert main(["world", "check"]) == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and "internal error (a bug in chibench, not in your input)" in err


def test_debug_shows_the_traceback_of_an_input_error(copy: Path, capsys):
    _not_a_database(copy)
    assert main(["--debug", "world", "diff", str(copy), str(copy)]) == 2
    assert "chibench: cannot read state" in capsys.readouterr().err
