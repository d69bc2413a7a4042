"""The directory's answer to the core's question "who is this worker?" (:class:`ActorDirectory`)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Worker
from chibench.world.core.world import Actor


class WorkerDirectory:
    """Resolves an acting worker id against the ``workers`` table (role, organization, NPI)."""

    def resolve(self, session: Session, acting_as: str) -> Actor | None:
        w = session.get(Worker, acting_as)
        return None if w is None else Actor(w.id, w.role, w.org_id, w.npi)
