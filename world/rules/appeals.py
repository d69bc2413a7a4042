"""Appeal windows and decision timeframes.

Sources: ERISA 29 CFR 2560.503-1(h)(3)(i) (at least 180 days to appeal; pre-service appeal
decided within 30 days, (i)(2)(ii)); 42 CFR 422.582(b) (MA reconsideration request within 65 days)
and 422.590(a) (standard pre-service reconsideration within 30 days); 42 CFR 438.402(c)(2)(ii)
(Medicaid managed care appeal within 60 days) and 438.408(b)(2) (resolution within 30 days);
ACA external review 45 CFR 147.136(c)/(d) (request within 4 months of the final internal adverse
determination; IRO decision within 45 days).
"""

from __future__ import annotations

import datetime as dt

from chibench.world.core.enums import LineOfBusiness
from chibench.world.core.errors import Conflict

APPEAL_WINDOW_DAYS = {LineOfBusiness.COMMERCIAL: 180, LineOfBusiness.MEDICARE_ADVANTAGE: 65,
                      LineOfBusiness.MEDICAID: 60}
INTERNAL_DECISION_DAYS = 30
EXTERNAL_WINDOW_DAYS = 120
EXTERNAL_DECISION_DAYS = 45


def appeal_deadline(denied_at: dt.datetime, line_of_business: str) -> dt.datetime:
    return denied_at + dt.timedelta(days=APPEAL_WINDOW_DAYS[LineOfBusiness(line_of_business)])


def external_deadline(upheld_at: dt.datetime) -> dt.datetime:
    return upheld_at + dt.timedelta(days=EXTERNAL_WINDOW_DAYS)


def check_timely(now: dt.datetime, deadline: dt.datetime, what: str) -> None:
    """Filing at the deadline is timely; after it, the request is refused."""
    if now > deadline:
        raise Conflict(f"the {what} window closed at {deadline.isoformat()}; the request is untimely",
                       field="filed_at")
