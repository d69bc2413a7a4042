"""The do-nothing agent fails every answer key in the repository.

For each expectations file (test fixtures and task packages), the task's starting state is rebuilt
from its overlay (``task.overlay`` or the package's ``scenario.yaml``) and graded as if it were the
final state. The reward must be 0, and no check that declares ``do_nothing_passes: false`` may pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chibench.verifiers import do_nothing_audit, grade
from chibench.world.core import yamlio
from tests.verifiers.verifier_scenarios import initial_for_overlay

REPO = Path(__file__).resolve().parents[2]
KEYS = sorted({*REPO.glob("tests/verifiers/fixtures/**/expectations*.json"),
               *REPO.glob("packages/*/tests/**/expectations*.json"),
               *REPO.glob("packages/*/expectations*.json")})


def _overlay(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("task", {}).get("overlay"):
        return dict(data["task"]["overlay"])
    for parent in path.parents:
        scen = parent / "scenario.yaml"
        if scen.exists():
            raw = yamlio.load(scen.read_text(encoding="utf-8"))
            return dict(raw.get("overlay", raw))
        if parent == REPO:
            break
    raise AssertionError(f"{path}: no task.overlay and no scenario.yaml: cannot rebuild the starting state")


def test_there_are_keys_to_check():
    assert len(KEYS) >= 8


@pytest.mark.parametrize("path", KEYS, ids=lambda p: str(p.relative_to(REPO)))
def test_do_nothing_fails(path, base_world_file, tmp_path):
    initial = initial_for_overlay(base_world_file, tmp_path, _overlay(path))
    audit = do_nothing_audit(path, initial)
    assert audit["reward"] == 0, audit
    assert audit["passing_declared_failing"] == [], audit
    assert audit["failing"], audit


@pytest.mark.parametrize("path", KEYS[:1])
def test_empty_export_fails(path, tmp_path):
    (tmp_path / "empty.json").write_text("{}")
    card = grade(tmp_path / "empty.json", path, out_dir=tmp_path / "out", judge=None)
    assert card["reward"] == 0 and card["reason"]
    assert json.loads((tmp_path / "out" / "reward.json").read_text()) == {"reward": 0}
