"""Where the files the images and the sandbox need live: in the installed package, checkout or wheel.

The handbook skill (``handbook_skill/`` in the repository) and the shared image recipes
(``images/*.Dockerfile``) are package data (``chibench.handbook_skill``, ``chibench.image_recipes``;
see setup.py), so a non-editable wheel install carries them. An editable install resolves the same
names to the repository folders.

Errors: ``FileNotFoundError`` naming what is missing and how to get it.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

_REPO = Path(__file__).resolve().parents[1]
_FALLBACK = {"chibench.handbook_skill": _REPO / "handbook_skill", "chibench.image_recipes": _REPO / "images"}


@functools.cache
def _data_dir(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if Path(location).is_dir():
                return Path(location).resolve()
    fallback = _FALLBACK[package]
    if fallback.is_dir():
        return fallback
    raise FileNotFoundError(f"package data {package} is missing from this chibench install; "
                            "reinstall chibench (pip install --force-reinstall chibench)")


def handbook_dir() -> Path:
    """The handbook skill folder (``SKILL.md`` and ``references/``)."""
    return _data_dir("chibench.handbook_skill")


def image_recipes_dir() -> Path:
    """The folder holding ``agent.Dockerfile``, ``world.Dockerfile`` and ``grader.Dockerfile``."""
    return _data_dir("chibench.image_recipes")


def image_recipe(role: str) -> Path:
    """``<role>.Dockerfile`` of the shared images (``agent``, ``world``, ``grader``)."""
    return image_recipes_dir() / f"{role}.Dockerfile"
