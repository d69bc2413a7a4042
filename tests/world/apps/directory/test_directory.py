"""Directory services: contacts, ordering providers and reviewer contacts.
"""

from __future__ import annotations

from chibench.world.apps.directory import services as directory
from chibench.world.core.errors import AuthorityError, InvalidInput
from chibench.world.core.world import World
from tests.support import refused
from tests.world.apps.provider_support import AMD, CM, MD, NP, NURSE, PAC, PCP


def test_directory(w: World) -> None:
    everyone = directory.list_contacts(w, acting_as=PAC)
    assert {c["role"] for c in everyone} >= {"physician", "um_nurse", "care_manager"}
    assert [c["id"] for c in directory.list_contacts(w, acting_as=PAC, role="medical_director")] == ["WKR-MD-02", MD]
    ordering = directory.list_ordering_providers(w, acting_as=PAC)
    assert {c["id"] for c in ordering} == {PCP, NP, "WKR-PCP-08"}
    assert {c["id"] for c in directory.list_ordering_providers(w, acting_as=PAC, org_id="ORG-RMG")} == {PCP, NP}
    assert {c["id"] for c in directory.list_reviewer_contacts(w, acting_as=PAC)} == {NURSE, MD, "WKR-MD-02", AMD}
    assert [c["id"] for c in directory.list_reviewer_contacts(w, acting_as=PAC, required_role="um_nurse")] == [NURSE]
    with refused(w, InvalidInput, field="role"):
        directory.list_contacts(w, acting_as=PAC, role="system")
    with refused(w, InvalidInput, field="required_role"):
        directory.list_reviewer_contacts(w, acting_as=PAC, required_role="physician")
    with refused(w, InvalidInput, field="org_id"):
        directory.list_ordering_providers(w, acting_as=PAC, org_id="ORG-KMHP")
    with refused(w, AuthorityError):
        directory.list_contacts(w, acting_as=CM)
