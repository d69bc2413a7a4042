"""UM decision deadlines: federal baseline vs. state override, the stricter wins.

Sources: federal baseline — CMS-0057-F (Interoperability and Prior Authorization final rule,
2024) and 42 CFR 422.568/422.572: expedited (urgent, stat) 72 hours, standard 7 calendar days
(168 h). State overrides: California Health & Safety Code §1367.01(h); Texas Insurance Code
ch. 4201 (§4201.304); New York Public Health Law §4903 / Insurance Law §4903; Illinois 215 ILCS
200 (Prior Authorization Reform Act) §45. Values as tabulated in ``world/rules/README.md`` §1.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from chibench.world.core.clock import as_utc
from chibench.world.core.enums import UrgencyLevel
from chibench.world.core.errors import InvalidInput

FEDERAL_HOURS: dict[UrgencyLevel, int] = {UrgencyLevel.STAT: 72, UrgencyLevel.URGENT: 72, UrgencyLevel.ROUTINE: 168}

STATE_HOURS: dict[str, dict[UrgencyLevel, int]] = {
    "CA": {UrgencyLevel.STAT: 24, UrgencyLevel.URGENT: 72, UrgencyLevel.ROUTINE: 120},
    "TX": {UrgencyLevel.STAT: 24, UrgencyLevel.URGENT: 72, UrgencyLevel.ROUTINE: 72},
    "NY": {UrgencyLevel.STAT: 24, UrgencyLevel.URGENT: 48, UrgencyLevel.ROUTINE: 72},
    "IL": {UrgencyLevel.STAT: 24, UrgencyLevel.URGENT: 48, UrgencyLevel.ROUTINE: 120},
}


@dataclass(frozen=True)
class SlaResult:
    urgency: UrgencyLevel
    state: str
    hours: int
    deadline: dt.datetime  # UTC
    rule_source: str  # "federal" | "state:XX"


def _urgency(value: str) -> UrgencyLevel:
    try:
        return UrgencyLevel(value)
    except ValueError:
        raise InvalidInput(f"unknown urgency '{value}'", field="urgency_level", allowed=UrgencyLevel) from None


def sla_hours(urgency: str, state: str) -> tuple[int, str]:
    """Hours allowed and the rule source for ``urgency`` in ``state`` (two-letter code)."""
    u = _urgency(urgency)
    if not (isinstance(state, str) and len(state) == 2 and state.isalpha() and state.isupper()):
        raise InvalidInput(f"state must be a two-letter USPS code, got '{state}'", field="state")
    federal = FEDERAL_HOURS[u]
    override = STATE_HOURS.get(state, {}).get(u)
    if override is not None and override < federal:
        return override, f"state:{state}"
    return federal, "federal"


def compute_sla(urgency: str, state: str, received_at: dt.datetime) -> SlaResult:
    """Deadline = receipt + hours (stricter of federal and state). ``received_at`` must be aware."""
    hours, source = sla_hours(urgency, state)
    try:
        received = as_utc(received_at)
    except ValueError as exc:
        raise InvalidInput(str(exc), field="received_at") from None
    return SlaResult(UrgencyLevel(urgency), state, hours, received + dt.timedelta(hours=hours), source)


def sla_met(deadline: dt.datetime, decided_at: dt.datetime) -> bool:
    """A decision at exactly the deadline meets it; one second later misses it."""
    return as_utc(decided_at) <= as_utc(deadline)
