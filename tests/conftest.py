"""Shared fixtures: the base world is built once per session and copied for each test that writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chibench.world.build import build_base_world
from chibench.world.core.world import World


@pytest.fixture(scope="session")
def base_world_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("base") / "base.sqlite"
    build_base_world(path).close()
    return path


@pytest.fixture()
def world(base_world_file: Path, tmp_path: Path) -> World:
    """A fresh, writable copy of the base world."""
    target = tmp_path / "world.sqlite"
    shutil.copyfile(base_world_file, target)
    w = World(target)
    yield w
    w.close()
