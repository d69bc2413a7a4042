"""Sandbox tests: one event loop per module for the sandbox's async API; say loudly, in the report header, when
the integration half cannot run."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from .support import BWRAP_MISSING, SKIP_REASON


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [f"!!! {SKIP_REASON} !!!"] if BWRAP_MISSING else []


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """One event loop per test module: a module's sandboxes start, run and stop on it."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()
