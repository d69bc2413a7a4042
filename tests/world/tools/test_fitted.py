"""The dispatcher's fitted-record fast path (``budget.take_fitted``): a record a budget helper returned is used
as the payload without ``json_plain``'s copy, and with the text ``fit_record`` already encoded. Valid only while
every tool returns such a record exactly as the helper left it — checked here on real oracle calls."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chibench.rl import ChiEnv, task_ids
from chibench.world.core.serialize import TEXT_FORMAT, json_plain, plain_text
from chibench.world.tools import budget
from chibench.world.tools import dispatch as dispatch_module
from tests.support import exact_json, heavy_sample


def test_only_the_last_fitted_record_of_this_thread_matches_and_only_once() -> None:
    rec = budget.fit_record({"id": "x", "items": [1, 2]}, ["items"], hint="h")
    other = {"id": "x", "items": [1, 2]}
    assert budget.take_fitted(other) == (False, None)  # an equal record is not the fitted one
    rec = budget.fit_record({"id": "x", "items": [1, 2]}, ["items"], hint="h")
    assert budget.take_fitted(rec) == (True, plain_text(rec))
    assert budget.take_fitted(rec) == (False, None)  # forgotten once taken
    paged = budget.page("items", list(range(5)), 0, 2)
    budget.page("items", list(range(5)), 2, 2)  # a later helper call replaces it
    assert budget.take_fitted(paged) == (False, None)


def test_a_cut_record_is_fitted_without_a_text() -> None:
    rec = budget.fit_record({"id": "x", "items": ["y" * 900] * 20}, ["items"], hint="h")
    assert rec["more"]["items"]["total"] == 20
    assert budget.take_fitted(rec) == (True, None)


@pytest.mark.parametrize("task", heavy_sample(task_ids()))
def test_every_fitted_result_is_what_the_full_conversion_gives(task: str, base_world_file: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Each oracle call that takes the fast path: the payload is exact JSON and equal to ``json_plain`` of itself,
    and a text the helper gave is the payload's ``json.dumps`` — so a tool that changed a fitted record after the
    helper returned it fails here."""
    taken: list[tuple[str, bool]] = []
    real = dispatch_module.take_fitted

    def checked(result: Any) -> tuple[bool, str | None]:
        fitted, text = real(result)
        if fitted:
            assert exact_json(result) and json_plain(result) == result
            if text is not None:
                assert text == json.dumps(result, **TEXT_FORMAT)
            taken.append((task, text is not None))
        return fitted, text

    monkeypatch.setattr(dispatch_module, "take_fitted", checked)
    with ChiEnv(task, base=base_world_file, reuse_reads=False) as env:
        env.reset()
        assert env.replay(env.task.oracle) is None
        assert env.score().reward == 1
    assert taken, f"{task}: no oracle call returned a fitted record"
