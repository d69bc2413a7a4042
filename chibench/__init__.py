"""χ-Bench: the managed-care operations benchmark (world, verifiers, leaderboard, CLI)."""

__version__ = "0.1.0"
