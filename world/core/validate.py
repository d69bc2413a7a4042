"""Argument validation helpers: every failure is an :class:`InvalidInput` naming field and allowed values."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from chibench.world.core.errors import InvalidInput

E = TypeVar("E", bound=StrEnum)

MAX_TEXT = 20_000
MAX_SHORT = 300
MAX_LIST = 200


def one_of(value: Any, enum: type[E], field: str) -> E:
    try:
        return enum(value)
    except (ValueError, TypeError):
        raise InvalidInput(f"'{value}' is not allowed", field=field, allowed=[m.value for m in enum]) from None


def choice(value: Any, allowed: Iterable[str], field: str) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise InvalidInput(f"'{value}' is not allowed", field=field, allowed=allowed)
    return str(value)


def text(value: Any, field: str, *, required: bool = True, max_len: int = MAX_TEXT, min_len: int = 1) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise InvalidInput("a non-empty string is required", field=field)
        return ""
    if not isinstance(value, str):
        raise InvalidInput(f"expected a string, got {type(value).__name__}", field=field)
    if len(value) > max_len:
        raise InvalidInput(f"too long ({len(value)} characters; at most {max_len})", field=field)
    if len(value.strip()) < min_len:
        raise InvalidInput(f"too short (at least {min_len} characters)", field=field)
    return value


def boolean(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(f"expected true or false, got {value!r}", field=field, allowed=("true", "false"))
    return value


def integer(value: Any, field: str, *, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"expected an integer, got {value!r}", field=field)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InvalidInput(f"{value} is outside [{lo}, {hi}]", field=field)
    return value


def iso_date(value: Any, field: str) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise InvalidInput(f"'{value}' is not a date (YYYY-MM-DD)", field=field) from None


def iso_datetime(value: Any, field: str) -> dt.datetime:
    if isinstance(value, dt.datetime):
        parsed = value
    else:
        try:
            parsed = dt.datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        except ValueError:
            raise InvalidInput(f"'{value}' is not an ISO-8601 date-time", field=field) from None
    if parsed.tzinfo is None:
        raise InvalidInput("date-time needs a time zone (e.g. 2026-10-05T14:00:00Z)", field=field)
    return parsed.astimezone(dt.UTC)


def str_list(value: Any, field: str, *, required: bool = False, max_items: int = MAX_LIST,
             max_len: int = MAX_SHORT) -> list[str]:
    if value is None:
        value = []
    if not isinstance(value, list | tuple) or any(not isinstance(v, str) for v in value):
        raise InvalidInput("expected a list of strings", field=field)
    if required and not value:
        raise InvalidInput("at least one item is required", field=field)
    if len(value) > max_items:
        raise InvalidInput(f"too many items ({len(value)}; at most {max_items})", field=field)
    for v in value:
        if len(v) > max_len:
            raise InvalidInput(f"an item is too long (at most {max_len} characters)", field=field)
    return [str(v) for v in value]


def obj(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidInput("expected an object", field=field)
    return value


def no_unknown_keys(value: dict[str, Any], allowed: Sequence[str], field: str) -> None:
    extra = sorted(set(value) - set(allowed))
    if extra:
        raise InvalidInput(f"unknown keys {extra}", field=field, allowed=allowed)
