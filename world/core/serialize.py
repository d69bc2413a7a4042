"""Row → canonical JSON-able dict (the shape services return and the export writes).

Datetimes become ISO-8601 UTC ``Z`` strings, dates ``YYYY-MM-DD``, enums their string values.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Any

from sqlalchemy import inspect

from chibench.world.core.clock import iso

_AS_IS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    cls = type(value)
    if cls in _AS_IS:  # the common case, answered first (subclasses such as StrEnum take the checks below)
        return value
    # leaves are answered inline (no call per string or number): results hold tens of thousands of them
    if cls is dict:
        return {k if type(k) is str else str(k): v if type(v) in _AS_IS else plain(v) for k, v in value.items()}
    if cls is list:
        return [v if type(v) in _AS_IS else plain(v) for v in value]
    if isinstance(value, dt.datetime):
        return iso(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


#: Per mapped class: its column attribute keys in declaration order (the mapper's ``column_attrs``,
#: read once per class instead of an ``inspect`` per row; rows are serialized thousands of times a minute).
_COLUMN_KEYS: dict[type, tuple[str, ...]] = {}


def _column_keys(cls: type, row: Any) -> tuple[str, ...]:
    keys = _COLUMN_KEYS.get(cls)
    if keys is None:
        keys = _COLUMN_KEYS[cls] = tuple(c.key for c in inspect(row).mapper.column_attrs)
    return keys


def to_dict(row: Any, *, exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every mapped column of ``row`` (in declaration order), canonicalized."""
    keys = _column_keys(type(row), row)
    out = {}
    for k in keys:
        if k not in exclude:
            v = getattr(row, k)
            out[k] = v if type(v) in _AS_IS else plain(v)
    return out
