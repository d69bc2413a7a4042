"""Shared helpers for the care-management apps (referral intake, chart, assessment, care plan).

Access: every CM service acts for Keystone Care Management (:data:`CM_ORG`); the actor must hold a
care-manager role (``rules.authority.CARE_MANAGERS``: care_manager, cm_supervisor) *and* belong to
that organization. Unknown ids are refused (never granted a role).

Case lifecycle (``core.machines.CM_CASE``): new → intake_complete → chart_reviewed →
outreach_complete → assessment_in_progress ⇄ assessment_blocked → assessment_complete →
care_plan_draft → care_plan_finalized → closed; any non-terminal status → disenrolled.
"""

from __future__ import annotations

import datetime as dt
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session

from chibench.world.apps.cm_referral.models import CMCase
from chibench.world.apps.provider_common import read_actor
from chibench.world.core import machines
from chibench.world.core.db import SimClock
from chibench.world.core.errors import AuthorityError, Conflict, InvalidInput, NotFound
from chibench.world.core.world import Actor, Tx
from chibench.world.rules import authority

#: The care-management organization every CM worker acting here must belong to.
CM_ORG = "ORG-KCM"
CM_STAFF = authority.CARE_MANAGERS


def require_cm_actor(role: str, org_id: str | None, acting_as: str, action: str) -> None:
    authority.require_role(role, CM_STAFF, action)
    if org_id != CM_ORG:
        raise AuthorityError(f"worker {acting_as} belongs to {org_id or 'no organization'}, not {CM_ORG}; "
                                       f"only {CM_ORG} care managers may {action}", field="acting_as")


def cm_read_actor(s: Session, acting_as: str, action: str) -> Actor:
    actor = read_actor(s, acting_as, CM_STAFF, action)
    require_cm_actor(str(actor.role), actor.org_id, actor.id, action)
    return actor


def cm_tx_actor(tx: Tx, action: str) -> None:
    require_cm_actor(str(tx.actor.role), tx.actor.org_id, tx.actor.id, action)


def get_cm_case(s: Session, case_id: Any) -> CMCase:
    if not isinstance(case_id, str) or not case_id.strip():
        raise InvalidInput("a CM case id is required", field="case_id")
    case = s.get(CMCase, case_id)
    if case is None:
        raise NotFound(f"no CM case with id '{case_id}'", field="case_id")
    return case


def require_cm_status(case: CMCase, allowed: Iterable[str], action: str) -> None:
    allowed_set = frozenset(str(a) for a in allowed)
    if str(case.status) not in allowed_set:
        raise Conflict(f"CM case {case.id} is '{case.status}'; cannot {action} now", field="case_id",
                       allowed=allowed_set)


def move_cm_case(tx: Tx, case: CMCase, target: str, *, reason: str | None = None) -> None:
    tx.transition(machines.CM_CASE, case, target, case_id=case.id, reason=reason)


def world_today(s: Session) -> dt.date:
    clock = s.get(SimClock, 1)
    assert clock is not None
    return clock.now.date()


def parse_model(model: type[BaseModel], data: Any, field: str) -> BaseModel:
    """Validate ``data`` against a pydantic model (``extra="forbid"``); the first error becomes an
    ``InvalidInput`` naming the field path (``<field>.<loc>``, or just ``<loc>`` when ``field`` is empty)
    and, for enumerations and unknown keys, the allowed values."""
    if not isinstance(data, dict):
        raise InvalidInput("expected an object", field=field)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in err["loc"]).replace(".[", "[")
        path = ".".join(x for x in (field, loc) if x) or "data"
        allowed = None
        ctx = err.get("ctx") or {}
        if err["type"] == "literal_error" and "expected" in ctx:
            allowed = [a.strip().strip("'") for a in str(ctx["expected"]).replace(" or ", ",").split(",") if a.strip()]
        if err["type"] == "extra_forbidden":
            allowed = list(_model_at(model, err["loc"][:-1]).model_fields)
            msg = f"unknown field '{err['loc'][-1]}'"
        else:
            msg = err["msg"]
        raise InvalidInput(msg, field=path, allowed=allowed) from None


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel]:
    """The nested model class at a validation-error location (for listing its allowed fields)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        field = current.model_fields.get(part) if isinstance(current, type) and issubclass(current, BaseModel) else None
        if field is None:
            break
        ann = field.annotation
        for _ in range(3):
            args = [a for a in typing.get_args(ann) if a is not type(None)]
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                break
            if not args:
                break
            ann = args[0]
        current = ann
    return current if isinstance(current, type) and issubclass(current, BaseModel) else model
