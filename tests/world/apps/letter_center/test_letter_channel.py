"""Letters go out on the request's channel (paper App. C.1.2 stage 6): a provider letter is delivered on the
channel its request came in on (an X12 278 request is answered through the API); any other channel is
refused and nothing is written. Member letters are not bound to the provider's channel."""

from __future__ import annotations

import pytest

from chibench.world.apps.letter_center import services as letters
from chibench.world.apps.submission_portal.models import SubmissionPacket
from chibench.world.core.errors import Conflict
from chibench.world.core.world import SYSTEM_ACTOR
from tests.support import refused_call
from tests.world.apps import payer_support as cp

REQUEST_CHANNELS = {"portal": "portal", "fax": "fax", "api": "api", "edi_278": "api"}
DELIVERY = ("portal", "fax", "mail", "api")


def _came_in_on(w, channel: str) -> None:
    with w.write(acting_as=SYSTEM_ACTOR, app="test", action="test.packet_channel", allow_system=True) as tx:
        tx.session.get(SubmissionPacket, "PKT-TST-1").channel = channel


def _denial(w, recipient="provider"):
    return letters.generate_denial(w, acting_as=cp.MD1, case_id=cp.CASE, fields=cp.DENIAL, body=cp.DENIAL_BODY,
                                   subject="Notice of denial", recipient=recipient)


@pytest.mark.parametrize("request_channel", sorted(REQUEST_CHANNELS))
@pytest.mark.parametrize("delivery", DELIVERY)
def test_provider_letter_only_on_the_requests_channel(request_channel, delivery):
    w = cp.denied()
    _came_in_on(w, request_channel)
    let = _denial(w)
    go = lambda: letters.deliver(w, acting_as=cp.MD1, letter_id=let["id"], channel=delivery)  # noqa: E731
    if delivery == REQUEST_CHANNELS[request_channel]:
        assert go()["delivery_channel"] == delivery
    else:
        err = refused_call(w, Conflict, go, field="channel")
        assert err.allowed == [REQUEST_CHANNELS[request_channel]]
        assert request_channel in err.message


def test_member_letter_is_not_bound_to_the_providers_channel():
    w = cp.denied()
    _came_in_on(w, "fax")
    let = _denial(w, recipient="member")
    assert letters.deliver(w, acting_as=cp.MD1, letter_id=let["id"], channel="mail")["status"] == "delivered"
