"""Maps the card's top-level folders onto one import root (chibench.world, chibench.verifiers, …).

Everything else about the distribution lives in pyproject.toml; setuptools cannot express a
folder-to-package mapping with subpackage discovery declaratively, hence this file.
"""

from setuptools import find_packages, setup

ROOTS = {
    "chibench": "chibench",
    "chibench.world": "world",
    "chibench.verifiers": "verifiers",
    "chibench.leaderboard": "leaderboard",
}

packages: list[str] = []
for package, folder in ROOTS.items():
    packages.append(package)
    packages += [f"{package}.{sub}" for sub in find_packages(folder) if not sub.startswith(("tests", "chibench"))]

setup(packages=sorted(set(packages)), package_dir=ROOTS)
