"""``chibench`` imports only the command it runs: the world sidecar, the collect hook and the grader each start
a ``chibench`` process per sandboxed Harbor trial, and the other commands' modules cost ~1.5 s of CPU to import.
The narrowed parser must still parse and explain every command exactly as the full one does."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from chibench import cli

EXTENSION_NAMES = [name for name, _, _ in cli._EXTENSIONS]
BUILTIN = ["world", "tools", "handbook", "verify"]


def _subparsers(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("command", BUILTIN + EXTENSION_NAMES)
def test_narrowed_parser_has_the_command_exactly_as_the_full_one(command: str) -> None:
    full = _subparsers(cli.parser())[command]
    narrow = _subparsers(cli.parser(command))
    assert command in narrow
    assert narrow[command].format_help() == full.format_help()
    assert set(narrow) - set(BUILTIN) <= {command}  # no other extension was registered


@pytest.mark.parametrize("command", [None, "no-such-command"])
def test_no_or_unknown_command_gets_the_full_parser(command: str | None) -> None:
    assert set(_subparsers(cli.parser(command))) == set(BUILTIN + EXTENSION_NAMES)


@pytest.mark.parametrize(("argv", "command"), [
    (["verify", "--export", "x"], "verify"), (["--debug", "world", "export-task"], "world"),
    (["--debug"], None), ([], None), (["scripted-model", "serve"], "scripted-model")])
def test_command_of(argv: list[str], command: str | None) -> None:
    assert cli._command_of(argv) == command


# what each per-trial process must not import (a regression here costs every sandboxed trial)
@pytest.mark.parametrize("argv", [["verify", "--help"], ["world", "export-task", "--help"],
                                  ["world", "serve-task", "--help"]])
def test_trial_commands_leave_other_commands_unimported(argv: list[str]) -> None:
    heavy = ["chibench.package.arena", "chibench.package.cli", "chibench.leaderboard.cli", "chibench.images",
             "chibench.contracts_audit", "chibench.testing.scripted_model"]
    code = ("import sys; from chibench.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {heavy!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "[]"
