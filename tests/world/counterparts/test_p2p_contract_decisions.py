"""The P2P contracts of the four P2P tasks decide the way the seeds intend (paper App. D.2: 2 overturned, 2
upheld): each provider counterpart holds back its key fact until the reviewer asks for it (a statement does not
draw it out), and each payer counterpart, when the agent holds the provider seat, decides by its rule."""

from __future__ import annotations

import pytest

from chibench.world.counterparts.engine import P2PEngine
from chibench.world.counterparts.store import load_contracts

CONTRACTS = load_contracts().p2p


def _run(slug: str, side: str, turns: list[str]) -> tuple[P2PEngine, dict]:
    cp = CONTRACTS[slug].counterpart_for(side)
    assert cp is not None
    engine = P2PEngine(cp)
    state = engine.initial_state()
    for t in turns:
        state = engine.step(state, t).state
    return engine, state


# (service, key fact, a statement that names the topic, the question that draws the fact out)
KEY_FACTS = [
    ("rotator_cuff_repair_b", "f_mechanism", "The request describes a sudden onset in late June with no injury date.",
     "How did his symptoms begin - was there an injury, and on what date?"),
    ("ct_abdomen_pelvis", "f_asymptomatic", "Nothing new since the August CT would be needed for §3.2.",
     "Since the August 4 CT, has she had any new symptoms or abnormal labs?"),
    ("ct_abdomen_pelvis", "f_no_surgeon", "The rendering needs a surgeon planning a procedure under §3.3.",
     "Has a surgeon seen her, and is a procedure planned?"),
    ("hypoglossal_nerve_stim", "f_no_repeat_study", "A repeat attended study would be the way to meet §3.3.",
     "Has he had a repeat attended sleep study since November?"),
]


@pytest.mark.parametrize(("slug", "fact", "statement", "question"), KEY_FACTS, ids=[f"{s}-{f}" for s, f, *_ in KEY_FACTS])
def test_key_fact_only_when_asked(slug: str, fact: str, statement: str, question: str) -> None:
    assert fact in CONTRACTS[slug].grader["payer"].key_fact_ids
    _, told = _run(slug, "provider", [statement])
    assert fact not in told["revealed"]
    _, asked = _run(slug, "provider", [question])
    assert fact in asked["revealed"]


RCB_FALL = "He fell from a ladder on June 20th onto the outstretched arm and could not lift it from that moment."
RCB_SOURCE = "It is in the urgent-care note of that day and in my July 6 consultation."


@pytest.mark.parametrize(("turns", "decision"), [
    ([RCB_FALL, RCB_SOURCE], "overturn_to_approval"),
    ([RCB_FALL], "uphold_adverse"),                     # the date without its source does not decide it
    (["It came on suddenly in late June; he is an electrician and cannot work."], "uphold_adverse"),
    ([RCB_SOURCE], "uphold_adverse"),                   # a source without the dated injury is not enough
])
def test_rcb_payer_reviewer_overturns_only_on_the_documented_dated_injury(turns: list[str], decision: str) -> None:
    engine, state = _run("rotator_cuff_repair_b", "payer", turns)
    assert engine.decision(state) == decision


def test_ct_payer_reviewer_upholds_whatever_the_gastroenterologist_says() -> None:
    engine, state = _run("ct_abdomen_pelvis", "payer", [
        "She is very worried and her brother had a colectomy.", "I would like to map the extent with 3D rendering."])
    assert engine.decision(state) == "uphold_adverse"
    assert CONTRACTS["ct_abdomen_pelvis"].grader["provider"].expected_outcome == "uphold_adverse"
