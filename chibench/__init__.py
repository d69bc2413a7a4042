"""χ-Bench: the managed-care operations benchmark (world, verifiers, leaderboard, CLI)."""

__version__ = "0.1.0"

import os as _os

# litellm (judge, live counterparts) must never fetch its model cost map: containers and the sandbox have
# no network, and each failed fetch costs seconds of retries. Set before anything imports litellm.
_os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


def installed_version() -> str:
    """The installed ``chibench`` distribution's version: image tags, ``FROM`` lines, task metadata.

    Raises ``importlib.metadata.PackageNotFoundError`` when chibench runs from an uninstalled tree.
    """
    from importlib.metadata import version

    return version("chibench")
