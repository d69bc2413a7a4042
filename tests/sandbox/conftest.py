"""Sandbox tests: say loudly, in the report header, when the integration half cannot run."""

from __future__ import annotations

import pytest

from .support import BWRAP_MISSING, SKIP_REASON


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [f"!!! {SKIP_REASON} !!!"] if BWRAP_MISSING else []
