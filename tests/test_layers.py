"""Import direction: who may import whom (the README's architecture map, as a test).

Every ``import``/``from … import`` of a ``chibench`` module anywhere in a file — module level or inside a
function, ``TYPE_CHECKING`` blocks included — is an edge. An edge is legal when its target lies in a layer
the source's layer may depend on (``RULES``). A leak fails the suite with the file, line and edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: Folder → import root (``setup.py``'s mapping).
ROOTS = {"world": "chibench.world", "verifiers": "chibench.verifiers", "leaderboard": "chibench.leaderboard",
         "chibench": "chibench"}

#: Layer → the module prefixes it may import (its own prefix is always allowed). Longest prefix names a layer.
RULES: dict[str, tuple[str, ...]] = {
    "chibench.world.core": (),
    "chibench.world.seeds": ("chibench.world.core",),
    "chibench.world.rules": ("chibench.world.core",),
    "chibench.world.counterparts": ("chibench.world.core", "chibench.world.seeds"),
    "chibench.world.apps": ("chibench.world.core", "chibench.world.seeds", "chibench.world.rules",
                            "chibench.world.counterparts"),
    "chibench.world.tools": ("chibench.world.core", "chibench.world.seeds", "chibench.world.rules",
                             "chibench.world.counterparts", "chibench.world.apps"),
    # the world's top-level modules (build, export, overlays, taskspec, control, lint): the world, never its tools
    "chibench.world": ("chibench.world.core", "chibench.world.seeds", "chibench.world.rules",
                       "chibench.world.counterparts", "chibench.world.apps"),
    # the grader reads exported JSON; of the world it knows only the vocabulary (values and legal moves)
    "chibench.verifiers": ("chibench.world.core.enums", "chibench.world.core.machines", "chibench.world.core.textmatch",
                            "chibench.world.core.yamlio"),
    "chibench.leaderboard": ("chibench.verifiers", "chibench.world.core.enums", "chibench.world.core.yamlio"),
    # the CLI, packaging, sandbox and agents sit on top of everything
    "chibench": ("chibench.world", "chibench.verifiers", "chibench.leaderboard"),
}


def module_name(path: Path, repo: Path = REPO) -> str | None:
    rel = path.relative_to(repo)
    root = ROOTS.get(rel.parts[0])
    if root is None:
        return None
    parts = list(rel.with_suffix("").parts[1:])
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([root, *parts])


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> str:
    return max((lay for lay in RULES if _within(module, lay)), key=len)


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    """(line, imported module) for every chibench import in the file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if _within(a.name, "chibench")]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node, module, path.name == "__init__.py")
            if not _within(target, "chibench"):
                continue
            # ``from chibench.world.core import machines`` imports a submodule: judge the full name
            out += [(node.lineno, f"{target}.{a.name}") for a in node.names]
    return out


def violations(files: list[Path], repo: Path = REPO) -> list[str]:
    """Every import edge that leaves its layer's allowance, as ``path:line: source -> target``."""
    bad: list[str] = []
    for path in files:
        module = module_name(path, repo)
        if module is None:
            continue
        src = layer_of(module)
        for line, target in imports_of(path, module):
            if layer_of(target) == src or any(_within(target, a) for a in RULES[src]):
                continue
            bad.append(f"{path.relative_to(repo)}:{line}: {module} ({src}) -> {target}")
    return bad


#: The HTTP/MCP stack: only the tool layer serves the world, and the packaging/CLI layer composes servers.
TRANSPORT = ("starlette", "uvicorn", "mcp", "fastapi")


def transport_leaks(files: list[Path], repo: Path = REPO) -> list[str]:
    """Every import of the HTTP/MCP stack, at any depth, by a world module outside ``chibench.world.tools``."""
    bad: list[str] = []
    for path in files:
        module = module_name(path, repo)
        if module is None or not _within(module, "chibench.world") or _within(module, "chibench.world.tools"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            bad += [f"{path.relative_to(repo)}:{node.lineno}: {module} -> {n}"
                    for n in names if any(_within(n, t) for t in TRANSPORT)]
    return bad


def source_files(repo: Path = REPO) -> list[Path]:
    return sorted(p for folder in ROOTS for p in (repo / folder).rglob("*.py") if ".venv" not in p.parts)


def test_the_tree_has_no_import_against_the_layering() -> None:
    files = source_files()
    assert len(files) > 150  # the whole tree was read, not an empty glob
    assert violations(files) == []
    assert transport_leaks(files) == []


def _plant(tmp_path: Path, rel: str, text: str) -> Path:
    p = tmp_path / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize(("rel", "text", "edge"), [
    # the four leaks this test was written to keep closed, each as a function-local import
    ("world/core/world.py", "def f():\n    from chibench.world.apps.directory.models import Worker\n",
     "chibench.world.core.world (chibench.world.core) -> chibench.world.apps.directory.models"),
    ("world/counterparts/store.py", "def f():\n    from chibench.world.apps.cm_outreach import models\n",
     "-> chibench.world.apps.cm_outreach"),
    ("world/taskspec.py", "def f():\n    from chibench.world.tools.dispatch import dispatch\n",
     "chibench.world.taskspec (chibench.world) -> chibench.world.tools.dispatch"),
    ("verifiers/handbook_text.py", "from chibench.handbook import load\n",
     "chibench.verifiers.handbook_text (chibench.verifiers) -> chibench.handbook"),
    # the grader may know the world's vocabulary and nothing else of it
    ("verifiers/x.py", "import chibench.world.core.world\n", "-> chibench.world.core.world"),
    ("verifiers/x.py", "from chibench.world import export\n", "-> chibench.world.export"),
    # relative imports resolve before they are judged; TYPE_CHECKING blocks count
    ("world/core/x.py", "from ..apps import registry\n", "-> chibench.world.apps"),
    ("world/rules/x.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import chibench.world.tools\n",
     "-> chibench.world.tools"),
    ("world/apps/x/services.py", "import chibench.verifiers.grader\n", "-> chibench.verifiers.grader"),
])
def test_a_planted_leak_is_found(tmp_path: Path, rel: str, text: str, edge: str) -> None:
    planted = _plant(tmp_path, rel, text)
    found = violations([planted], tmp_path)
    assert len(found) == 1 and edge in found[0], found
    assert found[0].startswith(f"{rel}:")


@pytest.mark.parametrize(("rel", "text"), [
    ("world/apps/x/services.py", "from chibench.world.core.world import World\nfrom chibench.world.rules import a\n"),
    ("world/tools/x.py", "def f():\n    from chibench.world.apps.ehr import services\n"),
    ("verifiers/x.py", "from chibench.world.core.enums import CaseStatus\nfrom chibench.verifiers import vocab\n"),
    ("chibench/cli.py", "from chibench.world.tools.server import serve\nfrom chibench.verifiers import grade\n"),
    ("world/export.py", "from chibench.world import apps\n"),
])
def test_a_legal_import_is_not_reported(tmp_path: Path, rel: str, text: str) -> None:
    assert violations([_plant(tmp_path, rel, text)], tmp_path) == []


@pytest.mark.parametrize(("rel", "text"), [
    # an app serving its own routes (world/apps/arena_turns.py once did, inside a method)
    ("world/apps/arena_turns.py", "class R:\n    def routes(self):\n        from starlette.routing import Route\n"),
    ("world/core/x.py", "import uvicorn\n"),
    ("world/counterparts/x.py", "def f():\n    import mcp.types\n"),
])
def test_a_planted_transport_import_outside_the_tool_layer_is_found(tmp_path: Path, rel: str, text: str) -> None:
    found = transport_leaks([_plant(tmp_path, rel, text)], tmp_path)
    assert len(found) == 1 and found[0].startswith(f"{rel}:"), found


def test_the_tool_layer_may_import_the_transport(tmp_path: Path) -> None:
    assert transport_leaks([_plant(tmp_path, "world/tools/server.py", "import uvicorn\nfrom starlette import routing\n")],
                           tmp_path) == []
