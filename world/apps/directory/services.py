"""Directory services (provider side): contacts, ordering clinicians, payer reviewer contacts.

All reads (no writes, no clock movement); the actor must be provider staff. Contacts never include
the ``SYSTEM`` engine identity. Each contact: ``{id, name, given_name, family_name, credentials,
role, org_id, org_name, org_kind, npi, specialty, license_state, phone, email, fax}``, sorted by
organization, family name, given name, id.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from chibench.world.apps.directory.models import Organization, Worker
from chibench.world.apps.provider_common import PROVIDER_READERS, read_actor
from chibench.world.core import validate as v
from chibench.world.core.enums import OrgKind, WorkerRole
from chibench.world.core.world import World
from chibench.world.rules import authority

#: Payer roles a provider may contact about a case (UM nurses, physician reviewers).
REVIEWER_CONTACT_ROLES = (WorkerRole.UM_NURSE, WorkerRole.MEDICAL_DIRECTOR, WorkerRole.APPEALS_MEDICAL_DIRECTOR)
CONTACT_ROLES = tuple(r for r in WorkerRole if r is not WorkerRole.SYSTEM)


def _contacts(s: Session, *, roles: Iterable[WorkerRole], org_id: str | None = None) -> list[dict[str, Any]]:
    stmt = select(Worker, Organization).join(Organization, Worker.org_id == Organization.id) \
        .where(Worker.role.in_(list(roles)))
    if org_id is not None:
        stmt = stmt.where(Worker.org_id == org_id)
    out = []
    for w, org in s.execute(stmt):
        out.append({"id": w.id, "name": w.display_name, "given_name": w.given_name, "family_name": w.family_name,
                    "credentials": w.credentials, "role": str(w.role), "org_id": org.id, "org_name": org.name,
                    "org_kind": str(org.kind), "npi": w.npi, "specialty": w.specialty,
                    "license_state": w.license_state, "phone": w.phone, "email": w.email, "fax": org.fax})
    out.sort(key=lambda c: (c["org_id"], c["family_name"], c["given_name"], c["id"]))
    return out


def list_contacts(world: World, *, acting_as: str, role: str | None = None) -> list[dict[str, Any]]:
    """Every directory contact (provider, payer and care-management staff), optionally one ``role``
    (a ``WorkerRole`` value other than ``system``). Errors: ``unknown_actor``, ``not_authorized``,
    ``invalid_input`` (``role``, allowed values listed).
    """
    with world.read() as s:
        read_actor(s, acting_as, PROVIDER_READERS, "read the directory")
        roles = [WorkerRole(v.choice(role, [str(r) for r in CONTACT_ROLES], "role"))] if role is not None \
            else list(CONTACT_ROLES)
        return _contacts(s, roles=roles)


def list_ordering_providers(world: World, *, acting_as: str, org_id: str | None = None) -> list[dict[str, Any]]:
    """Clinicians who may order services (physician, nurse practitioner, physician assistant,
    physical therapist — ``rules.authority.CLINICIANS``) at provider organizations, with NPIs;
    ``org_id`` narrows to one provider organization. Errors: ``unknown_actor``, ``not_authorized``,
    ``not_found``/``invalid_input`` (``org_id`` not a provider organization).
    """
    with world.read() as s:
        read_actor(s, acting_as, PROVIDER_READERS, "read the directory")
        if org_id is not None:
            providers = [o.id for o in s.scalars(select(Organization).where(Organization.kind == OrgKind.PROVIDER))]
            v.choice(org_id, providers, "org_id")
        rows = _contacts(s, roles=authority.CLINICIANS, org_id=org_id)
        return [r for r in rows if r["org_kind"] == OrgKind.PROVIDER]


def list_reviewer_contacts(world: World, *, acting_as: str, required_role: str | None = None
                           ) -> list[dict[str, Any]]:
    """Payer-side UM nurses, medical directors and appeals medical directors reachable from the
    provider; ``required_role`` ∈ um_nurse | medical_director | appeals_medical_director.
    Errors: ``unknown_actor``, ``not_authorized``, ``invalid_input`` (``required_role``).
    """
    with world.read() as s:
        read_actor(s, acting_as, PROVIDER_READERS, "read the directory")
        allowed = [str(r) for r in REVIEWER_CONTACT_ROLES]
        roles = [WorkerRole(v.choice(required_role, allowed, "required_role"))] if required_role is not None \
            else list(REVIEWER_CONTACT_ROLES)
        return _contacts(s, roles=roles)

