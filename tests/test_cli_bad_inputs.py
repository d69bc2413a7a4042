"""Bad input to any ``chibench`` command: one line on stderr and exit 2, never a traceback (issue #15).
Each row of docs/bad_inputs.md's CLI table is a case here."""

from __future__ import annotations

from pathlib import Path

import pytest

from chibench.cli import main

FILES = {"bad.json": b"[1, 2", "list.json": b"[1, 2]", "binary.json": b"\xff\xfe\x00",
         "bad.yaml": b"overlay: [\n", "task.json": b'{"format": "chibench.task-world/1", "task": 3}'}

CASES = {
    "diff_truncated_json": (["world", "diff", "{bad.json}", "{list.json}"], "cannot read state: Expecting"),
    "diff_export_not_an_object": (["world", "diff", "{list.json}", "{list.json}"], "an export is a JSON object"),
    "diff_not_utf8": (["world", "diff", "{binary.json}", "{binary.json}"], "can't decode byte 0xff"),
    "build_overlay_malformed_yaml": (["world", "build", "--out", "{out.sqlite}", "--overlay", "{bad.yaml}"],
                                     "bad.yaml: unreadable"),
    "build_overlay_missing": (["world", "build", "--out", "{out.sqlite}", "--overlay", "/nonexistent/s.yaml"],
                              "No such file or directory"),
    "build_out_is_a_directory": (["world", "build", "--out", "{dir}"], "is a directory"),
    "stats_missing_database": (["world", "stats", "/nonexistent/w.sqlite"], "no world database"),
    "serve_a_directory": (["world", "serve", "{dir}", "--port", "1"], "no world database"),
    "serve_unknown_role": (["world", "serve", "{list.json}", "--roles", "dentist"], "--roles: unknown"),
    "serve_task_malformed_spec": (["world", "serve-task", "{bad.json}"], "unreadable task world spec"),
    "serve_task_wrong_types": (["world", "serve-task", "{task.json}"], "task.json"),
    "export_task_no_world": (["world", "export-task", "--run-dir", "{dir}/run", "--export-dir", "{dir}/x"],
                             "no live world"),
    "package_build_unknown_task": (["package", "build", "no_such_task"], "no scenario.yaml for 'no_such_task'"),
    "package_try_unknown_task": (["package", "try", "no_such_task"], "no scenario.yaml for 'no_such_task'"),
    "package_try_missing_base": (["package", "try", "uppp.md_review", "--base", "/nonexistent.sqlite"],
                                 "--base /nonexistent.sqlite: no such world database"),
    "tools_list_unknown_role": (["tools", "list", "--role", "dentist"], "--role: 'dentist' is not one of"),
    "report_missing_job_dir": (["report", "/nonexistent/job"], "no such directory"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_cli_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str):
    for fname, data in FILES.items():
        (tmp_path / fname).write_bytes(data)
    paths = {"dir": str(tmp_path), "out.sqlite": str(tmp_path / "out.sqlite")} | {f: str(tmp_path / f) for f in FILES}
    argv, needle = CASES[name]
    for key, value in paths.items():
        argv = [a.replace("{" + key + "}", value) for a in argv]
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert needle in err
    assert not (tmp_path / "out.sqlite").exists()  # nothing half-written


def test_bad_usage_is_argparse_exit_2(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exc:
        main(["world", "serve"])
    assert exc.value.code == 2 and "Traceback" not in capsys.readouterr().err
