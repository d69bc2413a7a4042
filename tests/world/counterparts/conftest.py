"""Fixtures for the counterpart tests: scripted backend by default, staged worlds, the fake LLM server."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chibench.world.core.world import World

from .support import FakeLLM, p2p_request

ENV = ("BACKEND", "MODEL", "API_BASE", "API_KEY", "TEMPERATURE", "MAX_TOKENS", "TIMEOUT", "INPUT_COST",
       "OUTPUT_COST", "CLASSIFIER")


@pytest.fixture(autouse=True)
def _scripted_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV:
        monkeypatch.delenv(f"CHIBENCH_COUNTERPART_{name}", raising=False)


@pytest.fixture(scope="session")
def p2p_world_files(base_world_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[Path, str]]:
    """Per service, a base world with its P2P request scheduled (built once per test session)."""
    cache: dict[str, tuple[Path, str]] = {}

    def get(slug: str) -> tuple[Path, str]:
        if slug not in cache:
            path = tmp_path_factory.mktemp(f"p2p_{slug}") / "w.sqlite"
            shutil.copyfile(base_world_file, path)
            w = World(path)
            rid = p2p_request(w, slug)
            w.close()
            cache[slug] = (path, rid)
        return cache[slug]

    return get


@pytest.fixture()
def p2p_world(p2p_world_files: Callable[[str], tuple[Path, str]], tmp_path: Path) -> Callable[[str], tuple[World, str]]:
    opened: list[World] = []

    def get(slug: str) -> tuple[World, str]:
        src, rid = p2p_world_files(slug)
        target = tmp_path / f"{slug}.sqlite"
        shutil.copyfile(src, target)
        w = World(target)
        opened.append(w)
        return w, rid

    yield get
    for w in opened:
        w.close()


@pytest.fixture()
def fake_llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLLM]:
    """The live backend pointed at a local fake server (no network)."""
    fake = FakeLLM().start()
    monkeypatch.setenv("CHIBENCH_COUNTERPART_BACKEND", "live")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_MODEL", "openai/chibench-fake-sim")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_API_BASE", fake.base)
    monkeypatch.setenv("CHIBENCH_COUNTERPART_API_KEY", "not-a-real-key")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_TEMPERATURE", "0.3")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_MAX_TOKENS", "256")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_TIMEOUT", "5")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_INPUT_COST", "0.000003")
    monkeypatch.setenv("CHIBENCH_COUNTERPART_OUTPUT_COST", "0.000015")
    yield fake
    fake.stop()
