"""Every legal and every illegal transition of every lifecycle, through the one enforcement gate."""

from __future__ import annotations

import itertools

import pytest

from chibench.world.core import machines as m
from chibench.world.core.errors import IllegalTransition

PAIRS = [(mach, a, b) for mach in m.MACHINES.values() for a, b in itertools.product(mach.moves, mach.moves)]
LEGAL = [p for p in PAIRS if p[2] in p[0].moves[p[1]]]
ILLEGAL = [p for p in PAIRS if p[2] not in p[0].moves[p[1]]]


def _id(p: tuple[m.Machine, str, str]) -> str:
    return f"{p[0].name}:{p[1]}->{p[2]}"


def test_status_counts_match_the_paper():
    # χ-Bench §3.1: 29 case statuses = 18 PA/UM + 11 CM.
    assert len(m.CaseStatus) == 18
    assert len(m.CMCaseStatus) == 11


@pytest.mark.parametrize("p", LEGAL, ids=[_id(p) for p in LEGAL])
def test_legal_transition_passes(p):
    machine, a, b = p
    m.check(machine, a, b, entity_id="X-1")


@pytest.mark.parametrize("p", ILLEGAL, ids=[_id(p) for p in ILLEGAL])
def test_illegal_transition_is_refused_with_allowed_targets(p):
    machine, a, b = p
    with pytest.raises(IllegalTransition) as exc:
        m.check(machine, a, b, entity_id="X-1")
    assert exc.value.allowed == sorted(machine.moves[a])
    assert a in exc.value.message and b in exc.value.message


@pytest.mark.parametrize("machine", list(m.MACHINES.values()), ids=list(m.MACHINES))
def test_creation_only_in_initial_states(machine):
    for state in machine.moves:
        if state in machine.initial:
            m.check(machine, None, state)
        else:
            with pytest.raises(IllegalTransition):
                m.check(machine, None, state)


@pytest.mark.parametrize("machine", list(m.MACHINES.values()), ids=list(m.MACHINES))
def test_unknown_state_is_refused(machine):
    with pytest.raises(IllegalTransition):
        m.check(machine, next(iter(machine.moves)), "no_such_state")


def test_terminal_states():
    assert m.PA_CASE.terminal == {"closed"}
    assert m.CM_CASE.terminal == {"closed", "disenrolled"}


def test_every_active_cm_status_can_disenroll():
    for s in m.CMCaseStatus:
        if s not in (m.CMCaseStatus.CLOSED, m.CMCaseStatus.DISENROLLED, m.CMCaseStatus.CARE_PLAN_FINALIZED):
            assert m.CM_CASE.is_legal(s, "disenrolled"), s


def test_every_state_is_reachable_from_an_initial_state():
    for machine in m.MACHINES.values():
        seen = set(machine.initial)
        frontier = list(seen)
        while frontier:
            for nxt in machine.moves[frontier.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        assert seen == set(machine.moves), machine.name
