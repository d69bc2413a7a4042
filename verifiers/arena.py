"""Two-sided grading for χ-Bench-Arena (paper §4.3): one PA case, a provider side and a payer side.

An arena trial ends with one export of one world in which both sides acted. Each side has its own answer
key (``chibench.expectations/1``): the provider's (open, classify, submit or return, answer pends) and
the payer's (intake, triage, review, determination, letters). :func:`grade_arena` grades the same export
against each key independently — each side gets its own full scorecard — and the trial's reward is 1 only
when **every** check on **both** sides passes (the paper's rule: "a trial passes only when every check on
both sides passes"). The scorecard names the side the agent under test played and the opponent, so a
failure is attributed: the opponent's scorecard is reported even when the agent's side failed.

Output (``out_dir``): ``reward.json`` (``{"reward": 0|1}``) and ``scorecard.json``::

    {"format": "chibench.arena-scorecard/1", "reward": 0|1, "outcome": "pass"|"fail"|"ungraded",
     "agent_side": "provider"|"payer"|"scripted", "opponent": "...", "reason": str|None,
     "sides": {"provider": <grade() scorecard>, "payer": <grade() scorecard>},
     "score": {"fraction", "passed", "total"}  # over both sides' scored checks}

An ungraded side (the judge could not vote) makes the trial ungraded (no reward written), as for one side.
Never raises on bad input: a side whose key or export cannot be read scores 0 with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chibench.verifiers.grader import ENV, grade, write_outputs

FORMAT = "chibench.arena-scorecard/1"
SIDES = ("provider", "payer")


def grade_arena(export: Any, expectations: dict[str, Any], *, initial: Any = None, agent_side: str = "scripted",
                opponent: str = "scripted", out_dir: str | Path | None = None, judge: Any = ENV,
                handbook_root: Path | None = None, built_here: bool = False) -> dict[str, Any]:
    """Grade one arena export against the provider's and the payer's answer keys.

    ``expectations``: ``{"provider": key, "payer": key}`` (each a path, decoded document or
    :class:`~chibench.verifiers.expectations.Expectations`); both are required. ``agent_side``: the side
    the agent under test played (recorded only); ``opponent``: what played the other side (recorded only);
    ``built_here``: as for :func:`~chibench.verifiers.grader.grade`.
    Returns the arena scorecard; writes ``reward.json``/``scorecard.json`` when ``out_dir`` is given.
    """
    card: dict[str, Any] = {"format": FORMAT, "agent_side": agent_side, "opponent": opponent, "sides": {}}
    missing = [s for s in SIDES if s not in expectations]
    if missing or set(expectations) - set(SIDES):
        card.update(reward=0, outcome="fail", score={"fraction": 0.0, "passed": 0, "total": 0},
                    reason=f"arena expectations must name exactly the sides {list(SIDES)}; got {sorted(expectations)}")
        if out_dir is not None:
            write_outputs(card, Path(out_dir))
        return card
    for side in SIDES:
        card["sides"][side] = grade(export, expectations[side], initial=initial, judge=judge,
                                    handbook_root=handbook_root, built_here=built_here)
    cards = card["sides"]
    passed = sum(int((c.get("score") or {}).get("passed") or 0) for c in cards.values())
    total = sum(int((c.get("score") or {}).get("total") or 0) for c in cards.values())
    card["score"] = {"fraction": round(passed / total, 4) if total else 0.0, "passed": passed, "total": total}
    card["side_rewards"] = {s: cards[s].get("reward") for s in SIDES}
    if any(c.get("outcome") == "ungraded" for c in cards.values()):
        card.update(reward=None, outcome="ungraded",
                    reason="UNGRADED: " + "; ".join(f"{s}: {cards[s].get('reason')}" for s in SIDES
                                                    if cards[s].get("outcome") == "ungraded"))
    elif all(cards[s].get("reward") == 1 for s in SIDES):
        card.update(reward=1, outcome="pass", reason=None)
    else:
        card.update(reward=0, outcome="fail",
                    reason="; ".join(f"{s} side: {cards[s].get('reason')}" for s in SIDES if cards[s].get("reward") != 1))
    card["leaderboard_valid"] = all(bool(c.get("leaderboard_valid")) for c in cards.values())
    if out_dir is not None:
        write_outputs(card, Path(out_dir))
    return card
