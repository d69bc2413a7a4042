"""Fixtures of the reference-agent tests, defined in :mod:`tests.agents.support` (``tests/leaderboard`` uses
them too): ``skills`` and ``inproc``."""

from tests.agents.support import inproc, skills  # noqa: F401
