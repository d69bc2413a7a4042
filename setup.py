"""Maps the card's top-level folders onto one import root (chibench.world, chibench.verifiers, …) and ships
the handbook skill and the image recipes inside the wheel (``chibench.handbook_skill``,
``chibench.image_recipes``), so ``chibench images build`` and the sandbox work from a plain wheel install.

Everything else about the distribution lives in pyproject.toml; setuptools cannot express a
folder-to-package mapping with subpackage discovery declaratively, hence this file.

Every folder under a mapped root whose dotted name is importable is listed as a package (data folders
included): setuptools warns, one screenful each, about importable folders that carry data but are not
listed. Folders that are not identifiers (``references/payer-um``) are reached by ``**`` globs instead.
"""

from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
ROOTS = {
    "chibench": "chibench",
    "chibench.world": "world",
    "chibench.verifiers": "verifiers",
    "chibench.leaderboard": "leaderboard",
    "chibench.handbook_skill": "handbook_skill",
    "chibench.image_recipes": "images",
}
SKIP = {"__pycache__", "tests"}
PACKAGE_DATA = {
    "chibench.world": ["seeds/**/*.yaml", "seeds/**/*.json", "seeds/**/*.md"],
    "chibench.handbook_skill": ["**/*"],
    "chibench.image_recipes": ["*.Dockerfile", "*.sh"],
    "chibench": ["handbook_content/*.yaml"],
}


def packages_under(package: str, folder: str) -> list[str]:
    out = [package]
    root = HERE / folder
    for path in sorted(p for p in root.rglob("*") if p.is_dir()):
        parts = path.relative_to(root).parts
        if SKIP & set(parts) or not all(part.isidentifier() for part in parts):
            continue
        if folder == "chibench" and parts[0] in ("world", "verifiers", "leaderboard"):
            continue  # mapped roots of their own
        out.append(".".join((package, *parts)))
    return out


packages = sorted({name for package, folder in ROOTS.items() for name in packages_under(package, folder)})
setup(packages=packages, package_dir=ROOTS, package_data=PACKAGE_DATA,
      exclude_package_data={"": ["*.pyc", "*.sqlite"]})
