"""Mapped rows read as plain dicts by Core statements, without building ORM objects.

A list section of a read (a chart's observations, a case's documents, a referral queue) used to load
every row as an ORM object and canonicalize it with :func:`chibench.world.core.serialize.to_dict`.
Building the objects, their identity-map entries and the per-attribute canonicalization cost more than
the SQL itself; a :class:`RowShape` selects the same columns with the Core and returns, for each row,
a dict equal to ``to_dict(row, exclude=...)`` (same keys, same order, same values):

* dates, UTC datetimes and enumerations are read as the stored text, which is already their canonical
  form (``Date`` is stored ``YYYY-MM-DD`` = ``date.isoformat()``; ``UTCDateTime`` stores
  ``clock.iso(value)``, the form ``to_dict`` prints; a non-native ``Enum`` stores the member's value);
* booleans and JSON keep their type's result processing (SQLite keeps ``0``/``1`` and JSON text);
  a JSON document decodes to plain JSON types only, which ``to_dict`` leaves as they are;
* strings, integers and floats come back from SQLite as they are.

Only for reads: a Core statement does not autoflush the session, so never use a shape in a write
transaction that may hold unflushed changes to the rows it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import JSON, Boolean, ColumnElement, Date, Enum, Integer, String, Text, inspect, type_coerce
from sqlalchemy.types import Float

from chibench.world.core.db import UTCDateTime

#: Column types whose stored text *is* the canonical value ``to_dict`` prints.
_STORED_AS_CANONICAL_TEXT = (Date, UTCDateTime, Enum)
#: Column types SQLite hands back already canonical (no result processing to skip, nothing to convert).
_AS_IS = (String, Text, Integer, Float, Boolean, JSON)


class RowShape:
    """The columns of one mapped class as a Core select list, and the rows as ``to_dict`` dicts.

    ``columns``: the select list (declaration order, ``exclude`` left out), to splat into ``select()``
    with any extra columns *after* it; ``as_dict(row)`` reads the first ``len(columns)`` values of a row.
    ``c``: the table's plain Core columns, for ``where``/``order_by`` (no ORM compile step).
    """

    def __init__(self, model: Any, *, exclude: Iterable[str] = ()) -> None:
        skip = frozenset(exclude)
        mapper = inspect(model)
        self.model = model
        self.table = mapper.local_table
        self.c = self.table.c
        attrs = [a for a in mapper.column_attrs if a.key not in skip]
        unknown = skip - {a.key for a in mapper.column_attrs}
        if unknown:
            raise ValueError(f"{model.__name__} has no columns {sorted(unknown)}")
        cols: list[ColumnElement[Any]] = []
        for a in attrs:
            col = a.columns[0]
            if isinstance(col.type, _STORED_AS_CANONICAL_TEXT):
                cols.append(type_coerce(col, String).label(a.key))
            elif isinstance(col.type, _AS_IS):
                cols.append(col)
            else:  # a type this module does not know: refuse rather than risk a different rendering
                raise TypeError(f"{model.__name__}.{a.key}: column type {col.type!r} has no canonical text form")
        self.keys: tuple[str, ...] = tuple(a.key for a in attrs)
        self.columns: tuple[ColumnElement[Any], ...] = tuple(cols)
        self.width = len(cols)

    def as_dict(self, row: Sequence[Any]) -> dict[str, Any]:
        """``to_dict(obj, exclude=...)`` of the row's object, from the row's first :attr:`width` values."""
        return dict(zip(self.keys, row, strict=False))

    def dicts(self, rows: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
        keys = self.keys
        return [dict(zip(keys, r, strict=False)) for r in rows]
