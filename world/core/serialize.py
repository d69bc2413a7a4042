"""Row → canonical JSON-able dict (the shape services return and the export writes).

Datetimes become ISO-8601 UTC ``Z`` strings, dates ``YYYY-MM-DD``, enums their string values.
"""

from __future__ import annotations

import datetime as dt
import json
from enum import Enum
from typing import Any

import pydantic_core
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


def json_plain(value: Any) -> Any:
    """:func:`plain` that guarantees JSON types: the result holds only ``dict`` (``str`` keys), ``list``,
    ``str``, ``int``, ``float``, ``bool`` and ``None`` of exactly those types, so :func:`plain_text` may encode
    it. Subclasses of ``str``/``int``/``float`` that are not enumerations become their base value (the
    text ``json.dumps`` writes for them). Raises ``TypeError`` naming the type for anything else (what
    ``json.dumps`` raises when it meets the same value) — :func:`plain` would pass it through unchanged."""
    cls = type(value)
    if cls in _AS_IS:
        return value
    if cls is dict:
        return {k if type(k) is str else str(k): v if type(v) in _AS_IS else json_plain(v) for k, v in value.items()}
    if cls is list:
        return [v if type(v) in _AS_IS else json_plain(v) for v in value]
    if isinstance(value, dt.datetime):
        return iso(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Enum):
        return json_plain(value.value)
    if isinstance(value, dict):
        return {str(k): json_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_plain(v) for v in value]
    # the exact base value, not the subclass's __str__/__int__/__float__ (json.dumps writes the base value)
    if isinstance(value, bool):  # pragma: no cover - bool cannot be subclassed
        return bool(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    raise TypeError(f"Object of type {cls.__name__} is not JSON serializable")


#: ``json.dumps`` arguments of a tool result's text: compact JSON, as most MCP servers send — fewer characters and
#: tokens for the agent than indented JSON (≈15 % on a referral), and faster to send.
TEXT_FORMAT: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}


def _same_in_rust(value: Any) -> bool:
    """True if ``pydantic_core.to_json(value)`` is byte-identical to ``json.dumps(value, **TEXT_FORMAT)``:
    plain JSON types with string keys, and no float in (-1e-4, 1e-4) other than zero (the only values
    the two print differently: Python writes ``1e-05``, Rust ``0.00001``)."""
    cls = type(value)
    if cls is str or cls is int or cls is bool or value is None:
        return True
    if cls is float:
        return value == 0.0 or not -1e-4 < value < 1e-4
    if cls is dict:  # explicit loops: about twice as fast as all(<generator>) on this hot path
        for k, v in value.items():  # noqa: SIM110
            if type(k) is not str or not _same_in_rust(v):
                return False
        return True
    if cls is list:
        for v in value:  # noqa: SIM110
            if not _same_in_rust(v):
                return False
        return True
    return False


def compact_text(value: Any) -> str:
    """``json.dumps(value, **TEXT_FORMAT)`` — computed by pydantic-core's serializer (several times faster)
    whenever that is provably the same text. ``value`` should be plain JSON types (:func:`plain`); anything
    else is left to ``json.dumps`` (which raises ``TypeError`` for what it cannot encode)."""
    if _same_in_rust(value):
        try:
            return pydantic_core.to_json(value).decode()
        except (pydantic_core.PydanticSerializationError, UnicodeDecodeError):
            pass
    return json.dumps(value, **TEXT_FORMAT)


_DIGITS = frozenset(b"0123456789")


def _may_differ(raw: bytes) -> bool:
    """True if ``raw`` (pydantic-core's JSON of JSON-plain values) may hold a float that ``json.dumps`` prints
    differently: pydantic-core writes floats in (-1e-4, 1e-4) either as ``0.0000…`` decimals or with a
    one-digit exponent (``1e-7``) where Python writes ``1e-05``/``1e-07``; every other float, and ``NaN``/
    ``Infinity`` with ``inf_nan_mode="constants"``, prints the same. A string holding such text also answers
    True (the caller then takes the exact slow path)."""
    if b"0.0000" in raw:
        return True
    i = raw.find(b"e-")
    while i != -1:
        if i and raw[i - 1] in _DIGITS and raw[i + 2:i + 3] and raw[i + 2] in _DIGITS:
            return True
        i = raw.find(b"e-", i + 2)
    return False


def plain_text(value: Any) -> str:
    """``json.dumps(value, **TEXT_FORMAT)`` of a JSON-plain ``value`` (the output of :func:`json_plain`, or
    a value built from JSON types only) — without :func:`compact_text`'s walk over every node: pydantic-core
    encodes it and the text is checked for the only numbers the two encoders write differently
    (:func:`_may_differ`); those, and texts pydantic-core refuses (lone surrogates), go to ``json.dumps``.
    A value that is not JSON-plain may give text where ``json.dumps`` would raise ``TypeError``."""
    try:
        raw = pydantic_core.to_json(value, inf_nan_mode="constants")
        if not _may_differ(raw):
            return raw.decode()
    except (pydantic_core.PydanticSerializationError, UnicodeDecodeError):
        pass
    return json.dumps(value, **TEXT_FORMAT)


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
