"""A tool result's text is ``json.dumps(value, **TEXT_FORMAT)`` whichever encoder computes it: ``compact_text``
(any value) and ``plain_text`` (JSON-plain values, no type walk) must give exactly that text — including the
floats pydantic-core writes differently (``1e-05`` vs ``0.00001``, ``1e-07`` vs ``1e-7``) and strings that
merely look like them — and ``json_plain`` must hold only JSON types, refusing what ``json.dumps`` refuses."""

from __future__ import annotations

import datetime as dt
import json
from collections import OrderedDict
from decimal import Decimal
from enum import Enum, IntEnum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chibench.world.core.serialize import TEXT_FORMAT, compact_text, json_plain, plain, plain_text
from tests.support import exact_json

TINY = [1e-05, -1e-05, 5e-05, 9.999e-05, 1e-07, -3.5e-09, 1.2948020657635854e-09, 1e-10, 2.2250738585072014e-308]
leaves = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30)
          | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(TINY)
          | st.text() | st.sampled_from(["1e-5", "x 3e-4 y", "0.00001", "re-eval", "e-", "10.0000"]))
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=6), max_leaves=40)


def dumps(value: Any) -> str:
    return json.dumps(value, **TEXT_FORMAT)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_both_encoders_write_json_dumps_text(value: Any) -> None:
    assert plain_text(value) == dumps(value)
    assert compact_text(value) == dumps(value)


@pytest.mark.parametrize("x", TINY + [0.0, -0.0, 1e-4, 1e16, 1e22, 1.5e300, 0.1, float("nan"), float("inf")])
def test_float_boundaries(x: float) -> None:
    assert plain_text([x, {"v": x}]) == dumps([x, {"v": x}])


def test_lone_surrogate_takes_the_exact_path() -> None:
    assert plain_text({"t": "a\ud800b"}) == dumps({"t": "a\ud800b"})


class Color(Enum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


class Name(str):
    def __str__(self) -> str:  # json.dumps ignores this: it writes the string's own characters
        return "overridden"


class Count(int):
    pass


@pytest.mark.parametrize("value", [
    {"when": dt.datetime(2026, 3, 1, 14, 0, tzinfo=dt.UTC), "day": dt.date(2026, 3, 1)},
    {"enum": Color.RED, "int_enum": Level.HIGH, "nested": (1, [Color.RED])},
    OrderedDict(b=1, a=[{"k": (2, 3)}]),
    {1: "int key", "s": Name("kept"), "n": Count(7)},
])
def test_json_plain_holds_json_types_only(value: Any) -> None:
    out = json_plain(value)
    assert exact_json(out)
    # the same text as plain() gives (what json.dumps writes for it)
    assert plain_text(out) == dumps(plain(value)) == dumps(out)


@pytest.mark.parametrize("value", [{"x": Decimal("1.5")}, [{1, 2}], {"b": b"bytes"}, [object()]])
def test_json_plain_refuses_what_json_refuses(value: Any) -> None:
    with pytest.raises(TypeError):
        dumps(plain(value))
    with pytest.raises(TypeError, match="not JSON serializable"):
        json_plain(value)
