"""Shared by the seed catalog tests: every service seed parsed once, and the rendered ``packages/`` folder.

Tests read the seeds, never change them (they derive variants with ``model_copy``).
"""

from __future__ import annotations

from pathlib import Path

from chibench.world.seeds.loader import SEED_ROOT, load_file
from chibench.world.seeds.schema import ServiceCaseFile

PACKAGES = Path(__file__).resolve().parents[3] / "packages"
SEEDS: dict[str, ServiceCaseFile] = {p.stem: load_file(p, ServiceCaseFile)
                                     for p in sorted((SEED_ROOT / "services").glob("*.yaml"))}
