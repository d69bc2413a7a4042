"""Fixtures for the report tests: ``harbor_job`` builds a job directory under ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import pytest
from harbor_jobs import HarborJob


@pytest.fixture()
def harbor_job(tmp_path: Path) -> HarborJob:
    pytest.importorskip("harbor", reason="Harbor (host tooling, Python ≥ 3.12) is not installed")
    return HarborJob(tmp_path)
