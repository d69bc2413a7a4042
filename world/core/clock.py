"""The simulated clock: the only source of time in the world.

Nothing in ``chibench.world`` reads wall-clock time. The clock lives in the world database
(table ``sim_clock``, one row) so it commits and rolls back with the write that moved it.

* Every write advances the clock by that action's cost (default :data:`ACTION_TICK`), so each
  write stamps a distinct, strictly increasing instant (DESIGN §4 "simulated clock").
* ``advance(hours=…)`` models waiting (e.g. a provider waiting for the payer's reply).
* All instants are timezone-aware UTC; the export renders them as ISO-8601 ``Z`` strings.

Source: DESIGN §4; the public release froze time for a whole trial (public_release.md §6.1),
which made SLA and chronology checks meaningless — this clock is the fix.
"""

from __future__ import annotations

import datetime as dt

UTC = dt.UTC

#: When the base world opens: Monday 2026-10-05 09:00 America/Chicago.
WORLD_OPEN = dt.datetime(2026, 10, 5, 14, 0, 0, tzinfo=UTC)

#: Simulated time one write takes (a worker clicking through one screen).
ACTION_TICK = dt.timedelta(minutes=2)

#: Upper bound of one explicit wait, so a bad argument cannot push the world years ahead.
MAX_WAIT = dt.timedelta(days=60)


def as_utc(value: dt.datetime) -> dt.datetime:
    """Return ``value`` as an aware UTC datetime; naive values are rejected (ambiguous)."""
    if value.tzinfo is None:
        raise ValueError(f"naive datetime {value.isoformat()} has no time zone; pass UTC or an offset")
    return value.astimezone(UTC)


def iso(value: dt.datetime) -> str:
    """Canonical ISO-8601 UTC with a ``Z`` suffix and second precision."""
    return as_utc(value).replace(microsecond=0).isoformat().replace("+00:00", "Z")
