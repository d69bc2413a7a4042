"""The test tree mirrors the world's source tree (README: tests mirror the source tree).

``tests/world/<pkg>/`` exists only for a package ``world/<pkg>/``, and ``tests/world/apps/<app>/`` only for an app
package ``world/apps/<app>/``. A test module directly in ``tests/world/apps/`` either tests a single-module part
of the app layer (``test_<module>.py`` for ``world/apps/<module>.py``) or a side's apps together
(``test_flows_<side>.py``, a side of :data:`chibench.world.apps.registry.APPS`). Every test folder under
``tests/world`` is a package (``__init__.py``), so equal basenames in two folders cannot collide under
``--import-mode=prepend``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chibench.world.apps.registry import APPS

REPO = Path(__file__).resolve().parents[1]


def misplaced(tests_world: Path, world: Path, sides: tuple[str, ...] = tuple(APPS)) -> list[str]:
    """Every path under ``tests_world`` that breaks the mirror of ``world``, each with the rule it breaks
    (empty when the tree mirrors). Support modules, conftests and data are free; folders and test modules
    are held to the source."""
    problems: list[str] = []
    for folder in sorted(p for p in tests_world.rglob("*") if p.is_dir() and p.name != "__pycache__"):
        rel = folder.relative_to(tests_world)
        if not (world / rel / "__init__.py").is_file():
            problems.append(f"tests/world/{rel.as_posix()}/: no package world/{rel.as_posix()}/ to mirror")
        if not (folder / "__init__.py").is_file():
            problems.append(f"tests/world/{rel.as_posix()}/: not a package (add an empty __init__.py)")
    apps = tests_world / "apps"
    for test in sorted(apps.glob("test_*.py")):
        stem = test.stem.removeprefix("test_")
        flows_side = stem.removeprefix("flows_") if stem.startswith("flows_") else None
        if flows_side is not None and flows_side not in sides:
            problems.append(f"tests/world/apps/{test.name}: test_flows_<side>.py names a side of "
                            f"{', '.join(sides)}, not {flows_side!r}")
        elif flows_side is None and not (world / "apps" / f"{stem}.py").is_file():
            problems.append(f"tests/world/apps/{test.name}: no module world/apps/{stem}.py; app tests go in "
                            "tests/world/apps/<app>/, several apps of a side in test_flows_<side>.py")
    return problems


def test_tests_world_mirrors_the_source_tree() -> None:
    assert misplaced(REPO / "tests" / "world", REPO / "world") == []


def test_every_app_in_the_registry_is_a_source_package() -> None:
    apps = {app for side in APPS.values() for app in side}
    assert {app for app in apps if not (REPO / "world" / "apps" / app / "__init__.py").is_file()} == set()


def _plant(root: Path, *files: str) -> None:
    for rel in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")


@pytest.fixture()
def trees(tmp_path: Path) -> tuple[Path, Path]:
    """A small source tree (one app package, one app module) and a test tree that mirrors it."""
    world, tests_world = tmp_path / "world", tmp_path / "tests_world"
    _plant(world, "__init__.py", "apps/__init__.py", "apps/triage/__init__.py", "apps/appeals_desk.py",
           "core/__init__.py")
    _plant(tests_world, "__init__.py", "apps/__init__.py", "apps/conftest.py", "apps/payer_support.py",
           "apps/triage/__init__.py", "apps/triage/test_triage.py", "apps/test_appeals_desk.py",
           "apps/test_flows_payer.py", "core/__init__.py", "core/test_world.py")
    return tests_world, world


@pytest.mark.parametrize(("planted", "says"), [
    ("apps/test_payer_triage.py", "no module world/apps/payer_triage.py"),  # a flat per-app file
    ("apps/test_flows_dental.py", "names a side"),
    ("apps/nurse/test_nurse.py", "no package world/apps/nurse/"),  # a folder for an app that does not exist
    ("counterparts/test_engine.py", "no package world/counterparts/"),
    ("apps/triage/lanes/test_lanes.py", "no package world/apps/triage/lanes/"),
])
def test_a_misplaced_test_is_named(trees: tuple[Path, Path], planted: str, says: str) -> None:
    tests_world, world = trees
    assert misplaced(tests_world, world, ("provider", "payer", "cm")) == []
    _plant(tests_world, planted)
    problems = misplaced(tests_world, world, ("provider", "payer", "cm"))
    assert problems and all(planted.split("/")[0] in p for p in problems)
    assert any(says in p for p in problems), problems


def test_a_test_folder_without_init_is_named(trees: tuple[Path, Path]) -> None:
    tests_world, world = trees
    (tests_world / "apps" / "triage" / "__init__.py").unlink()
    assert misplaced(tests_world, world) == ["tests/world/apps/triage/: not a package (add an empty __init__.py)"]
