"""The handbook's trimming-ablation variants (paper §4.5): which folders the agent's copy leaves out.

* ``full`` — the whole skill.
* ``no-domain`` ("-Domain") — without the three role sub-skills (``references/provider-pa``,
  ``references/payer-um``, ``references/care-manager``); the medical library and platform stay.
* ``no-medical`` ("-Medical") — without ``references/medical-library``.
* ``no-both`` ("-Both") — without the role sub-skills and the medical library (SKILL.md, platform,
  LICENSE and SOURCES remain).

A variant is chosen per job without editing any package: the sandbox environment's
``handbook_variant`` kwarg (``harbor run ... --ek handbook_variant=no-medical``) or the environment
variable ``CHIBENCH_HANDBOOK_VARIANT`` read when the agent image's recipe is built (the recipe key
includes the variant, so variants never share a cached tree). Only the agent's copy is trimmed: the
grader keeps the full handbook because rubric prompts quote cited sections verbatim.

Stdlib only: the sandbox imports it while building images.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

VARIANT_ENV = "CHIBENCH_HANDBOOK_VARIANT"
DOMAIN = ("references/provider-pa", "references/payer-um", "references/care-manager")
MEDICAL = ("references/medical-library",)
VARIANTS: dict[str, tuple[str, ...]] = {
    "full": (),
    "no-domain": DOMAIN,
    "no-medical": MEDICAL,
    "no-both": DOMAIN + MEDICAL,
}


class VariantError(ValueError):
    """Unknown variant name, or a destination that already exists."""


def check_variant(name: str | None) -> str:
    """The validated variant name (None or empty: ``$CHIBENCH_HANDBOOK_VARIANT``, else ``full``)."""
    v = (name or os.environ.get(VARIANT_ENV) or "full").strip().lower()
    if v not in VARIANTS:
        raise VariantError(f"handbook variant {v!r}: expected one of {', '.join(VARIANTS)}")
    return v


def omitted(variant: str) -> tuple[str, ...]:
    """Folders (relative to the skill root) the variant leaves out."""
    return VARIANTS[check_variant(variant)]


def ignore_for(root: Path, variant: str) -> Callable[[str, list[str]], set[str]]:
    """A ``shutil.copytree`` ignore callable dropping the variant's folders under ``root``."""
    drop = {(root / rel).resolve() for rel in omitted(variant)}

    def ignore(folder: str, names: list[str]) -> set[str]:
        base = Path(folder).resolve()
        return {n for n in names if base / n in drop}

    return ignore


def copy_variant(variant: str, dest: Path, root: Path | None = None) -> int:
    """Copy the handbook ``root`` (default: the repository's) trimmed to ``variant`` into ``dest``;
    returns the number of markdown documents copied."""
    if root is None:
        from chibench.verifiers.handbook_index import HANDBOOK

        root = HANDBOOK
    v = check_variant(variant)
    if dest.exists():
        raise VariantError(f"{dest}: already exists; choose a new folder")
    shutil.copytree(root, dest, ignore=ignore_for(root, v))
    return sum(1 for _ in dest.rglob("*.md"))
