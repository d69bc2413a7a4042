"""mypy over the tree under its import names (``chibench.world``, ``chibench.verifiers``, …).

setup.py maps top-level folders onto one import root (``world/`` is ``chibench.world``), and the editable
install reaches them through an import hook mypy cannot follow. Checked as folders (``mypy world chibench``)
the modules get the wrong names (``world.core.db``) and every ``chibench.world…`` import silently becomes
``Any``. So this script mirrors the mapping as a tree of symlinks under ``build/typecheck/`` (git-ignored,
rebuilt on every run, a few dozen links), runs ``mypy -p chibench`` inside it with the repository's
configuration, and prints paths as they are in the repository.

    .venv/bin/python .ci/typecheck.py            # the whole tree; exit status is mypy's
    .venv/bin/python .ci/typecheck.py -p chibench.verifiers --follow-imports=silent   # arguments go to mypy
    .venv/bin/python .ci/typecheck.py --strict-gate   # ``mypy --strict`` on the packages in STRICT (CI's gate)

The strict gate passes ``--strict`` on the command line with ``--follow-imports=silent``: the strict flags then
apply to the STRICT packages only and imported modules are analysed without being reported. (A per-module
``strict = true`` override in pyproject.toml is not the way: under mypy 2.4 it leaked into every module.)

The mapping is read from setup.py's ``ROOTS`` (one source); roots without Python modules to check
(the handbook skill, the image recipes) are not linked, so imports of them stay unresolved as before.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TREE = REPO / "build" / "typecheck"
SKIP_ROOTS = {"chibench.handbook_skill", "chibench.image_recipes"}  # data, scripts for the agent's box
SKIP_NAMES = {"__pycache__"}
#: Checked with ``mypy --strict`` by ``--strict-gate`` (issue #14: the core, the tool layer and the grader).
STRICT = ("chibench.world.core", "chibench.world.tools", "chibench.verifiers")


def roots() -> dict[str, str]:
    """setup.py's ``ROOTS`` (import name → folder), read without running setup.py."""
    tree = ast.parse((REPO / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "ROOTS" for t in node.targets):
            value: dict[str, str] = ast.literal_eval(node.value)
            return value
    raise SystemExit("typecheck: setup.py has no ROOTS mapping")


def build_tree() -> Path:
    """``build/typecheck/chibench/`` holding a link to every entry of ``chibench/`` and one per mapped root."""
    mapping = {name: folder for name, folder in roots().items() if name not in SKIP_ROOTS}
    if mapping.get("chibench") != "chibench":
        raise SystemExit(f"typecheck: expected ROOTS['chibench'] == 'chibench', got {mapping.get('chibench')!r}")
    if TREE.exists():
        shutil.rmtree(TREE)
    pkg = TREE / "chibench"
    pkg.mkdir(parents=True)
    for entry in sorted((REPO / "chibench").iterdir()):
        if entry.name not in SKIP_NAMES:
            (pkg / entry.name).symlink_to(os.path.relpath(entry, pkg))
    for name, folder in mapping.items():
        parts = name.split(".")
        if parts == ["chibench"]:
            continue
        if len(parts) != 2 or parts[0] != "chibench":
            raise SystemExit(f"typecheck: cannot mirror root {name!r} (only chibench.<name> roots are supported)")
        link = pkg / parts[1]
        if link.exists() or link.is_symlink():
            raise SystemExit(f"typecheck: chibench/{parts[1]} exists and is also the mapped root {name!r}")
        link.symlink_to(os.path.relpath(REPO / folder, pkg))
    return TREE


def main(argv: list[str]) -> int:
    if argv == ["--strict-gate"]:
        argv = ["--strict", "--follow-imports=silent", *(a for pkg in STRICT for a in ("-p", pkg))]
    tree = build_tree()
    targets = [] if any(a in ("-p", "--package", "-m", "--module") for a in argv) else ["-p", "chibench"]
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"),
           "--cache-dir", str(REPO / ".mypy_cache"), *targets, *argv]
    # run inside the tree: mypy searches the working directory first, where the real chibench/ would shadow it
    proc = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
    mapping = {f"chibench/{name.split('.')[1]}/": f"{folder}/" for name, folder in roots().items()
               if name != "chibench" and name not in SKIP_ROOTS}
    for stream, text in ((sys.stdout, proc.stdout), (sys.stderr, proc.stderr)):
        for line in text.splitlines(keepends=True):
            for linked, real in mapping.items():
                if line.startswith(linked):
                    line = real + line[len(linked):]
                    break
            stream.write(line)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
