"""Graded trials built once per session (base world → overlay → services → exports)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.verifiers.verifier_scenarios import SCENARIOS, Trial


@pytest.fixture(scope="session")
def trial(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Trial]:
    """``trial(name, variant="correct")`` → the scenario's initial and final exports (cached)."""
    cache: dict[tuple[str, str], Trial] = {}
    root = tmp_path_factory.mktemp("trials")

    def get(name: str, variant: str = "correct") -> Trial:
        key = (name, variant)
        if key not in cache:
            cache[key] = SCENARIOS[name](base_world_file, root / f"{name}-{variant}", variant)
        return cache[key]

    return get
