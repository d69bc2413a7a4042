"""Starting worlds, built once and cloned per episode; the final export, read incrementally.

Building a task's starting world (copy the base world, apply the overlay, set identities, export the
start) takes ≈ 0.5–1 s; an episode cannot pay that on every reset. So, per process:

* the **base world** is built once in memory (or read once from a given file) and kept as the bytes of
  its SQLite database (``sqlite3.Connection.serialize``);
* each task's **template** — the base with the task's overlay applied by :func:`chibench.world.taskspec.setup`,
  exactly as the sidecar does — is built once per (base, package digest) and kept as bytes together with
  its starting export;
* a **reset** opens a private in-memory SQLite database from the template bytes
  (``Connection.deserialize``, a copy: nothing is shared between episodes). The simulated clock and
  every counterpart's state live in the database, so every reset starts from the same instant and the
  same conversation state.

The final export equals :func:`chibench.world.export.snapshot` (same rows, same canonical JSON, same
digest — the tests compare them) but re-reads only tables written during the episode: each clone
carries triggers that note the name of every table written in a bookkeeping table of its own (a
rolled-back write leaves no note; neither is a world table, so neither is exported), and unchanged
tables reuse the template's rows and their canonical JSON. The triggers are added to the template
after its starting export, so a reset does not create them again.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chibench.rl import reuse
from chibench.world import apps as _apps  # noqa: F401  (every app's tables on Base.metadata, the actor directory)
from chibench.world.core.db import Base, dumps
from chibench.world.core.identities import identities
from chibench.world.core.world import World, memory_engine, to_bytes
from chibench.world.export import EXPORT_FORMAT, _table_rows

_LOCK = threading.Lock()
_BASES: dict[tuple[Any, ...], bytes] = {}
_TEMPLATES: dict[tuple[Any, ...], Template] = {}
_DIRTY = "chibench_rl_dirty"


@dataclass(frozen=True)
class Template:
    """A task's starting world: database bytes, its export, and each table's canonical JSON."""

    blob: bytes
    initial: dict[str, Any]
    table_json: dict[str, str]

    @property
    def digest(self) -> str:
        return str(self.initial["digest"])


def base_key(base: Path | None) -> tuple[Any, ...]:
    """What identifies a base world in the caches (path, size, mtime; ``("built",)`` for the in-memory build).
    Raises ``FileNotFoundError`` for a missing ``base``."""
    if base is None:
        return ("built",)
    if not base.is_file():
        raise FileNotFoundError(f"base world {base}: no such file (build one with `chibench world build --out …`)")
    st = base.stat()
    return (str(base.resolve()), st.st_size, st.st_mtime_ns)


def base_bytes(base: Path | None) -> bytes:
    """The base world's database bytes: ``base`` read once, or (``None``) built once in memory (≈ 1 s).
    Raises ``FileNotFoundError`` for a missing ``base``."""
    key = base_key(base)
    with _LOCK:
        blob = _BASES.get(key)
        if blob is None:
            if base is None:
                from chibench.world.build import build_base_world

                world = build_base_world(None)
            else:
                world = World(base)
            try:
                blob = _BASES[key] = to_bytes(world)
            finally:
                world.close()
        return blob


def _open(blob: bytes) -> World:
    """A private in-memory world holding a copy of ``blob``."""
    engine = memory_engine(blob)  # a copy: the template bytes are never written
    # SQLAlchemy caches compiled statements per engine, keyed by the dialect object: an engine per
    # episode would compile every statement again (≈ 60 ms of a 1 s replay). All episode engines share
    # one dialect and one statement cache instead (same SQL, same settings: both are pysqlite in memory).
    shared = _shared_engine()
    engine.dialect = shared.dialect
    engine._compiled_cache = shared._compiled_cache
    return World(None, _engine=engine)


_SHARED: list[Any] = []


def _shared_engine() -> Any:
    """The process's prototype engine: its initialized dialect and compiled-statement cache."""
    if not _SHARED:
        proto = memory_engine(query_cache_size=2000)
        with proto.connect():  # initializes the dialect
            pass
        with _LOCK:
            if not _SHARED:
                _SHARED.append(proto)
    return _SHARED[0]


def _tracking_script() -> str:
    lines = [f"CREATE TABLE {_DIRTY} (name TEXT PRIMARY KEY) WITHOUT ROWID;"]
    for name in sorted(Base.metadata.tables):
        if name == _DIRTY:
            raise RuntimeError(f"a world table is named {_DIRTY}")
        for op in ("INSERT", "UPDATE", "DELETE"):
            lines.append(f'CREATE TRIGGER "{_DIRTY}_{name}_{op.lower()}" AFTER {op} ON "{name}" '
                         f"BEGIN INSERT OR IGNORE INTO {_DIRTY} VALUES ('{name}'); END;")
    return "\n".join(lines)


_TRACKING = _tracking_script()


def template(task_world: Any, digest: str, base: Path | None) -> Template:
    """The starting world of a task (a :class:`~chibench.world.taskspec.TaskWorld` whose package has
    ``digest``), built once per process and base. Raises ``TaskWorldError`` if the overlay fails."""
    from chibench.world import taskspec
    from chibench.world.export import snapshot

    key = (base_key(base), digest)
    with _LOCK:
        found = _TEMPLATES.get(key)
    if found is not None:
        return found
    world = _open(base_bytes(base))
    try:
        taskspec.setup(world, task_world)
        initial = snapshot(world)
        raw = world.engine.raw_connection()
        try:
            raw.driver_connection.executescript(_TRACKING)
        finally:
            raw.close()
        blob = to_bytes(world)
    finally:
        world.close()
    made = Template(blob=blob, initial=initial,
                    table_json={name: dumps(rows) for name, rows in initial["tables"].items()})
    with _LOCK:
        return _TEMPLATES.setdefault(key, made)


def clear_cache() -> None:
    """Forget every cached base world and template (they are rebuilt on next use), and every reused read
    result (:mod:`chibench.rl.reuse`)."""
    with _LOCK:
        _BASES.clear()
        _TEMPLATES.clear()
    reuse.clear()


def open_episode(tpl: Template) -> World:
    """A new, private world at the template's starting state, tracking which tables it writes, with a
    row cache (:class:`chibench.world.core.world.RowCache`).

    Its one connection is opened here (the template copied in, the pragmas set: ≈ 3–5 ms), and its read sessions
    use it directly (:meth:`World.enable_direct_reads`); that cost, and reading the agent identities every acting
    call checks, are the reset's and not the episode's first step's."""
    world = _open(tpl.blob)
    # The episode's engine is its database's only writer (one private in-memory connection), so rows fetched by
    # primary key may be kept across its calls; any write to a table drops that table's kept rows.
    world.enable_row_cache()
    world.enable_direct_reads()  # one connection, one thread of calls: read sessions skip the pool's checkout
    identities(world, "provider")  # the per-world identity setting, read here and not by the first step
    return world


def written_tables(world: World) -> set[str]:
    """Tables written (committed) since the world was opened from its template."""
    from sqlalchemy import text

    with world.read() as s:
        return {r[0] for r in s.execute(text(f"SELECT name FROM {_DIRTY}"))}


def export(world: World, tpl: Template) -> dict[str, Any]:
    """The world's canonical export — equal to :func:`chibench.world.export.snapshot` — re-reading only
    the tables written since :func:`open_episode`."""
    written = written_tables(world)
    tables: dict[str, list[dict[str, Any]]] = {}
    fragments: list[str] = []
    with world.read() as s:
        for name in sorted(Base.metadata.tables):
            if name in written or name not in tpl.table_json:
                rows = _table_rows(s, Base.metadata.tables[name])
                tables[name] = rows
                fragments.append(f"{dumps(name)}:{dumps(rows)}")
            else:
                tables[name] = tpl.initial["tables"][name]
                fragments.append(f"{dumps(name)}:{tpl.table_json[name]}")
    settings = {r["key"]: r["value"] for r in tables.get("world_settings", [])}
    clock = tables["sim_clock"][0]["now"] if tables.get("sim_clock") else None
    snap: dict[str, Any] = {"format": EXPORT_FORMAT, "world_version": settings.get("world_version"),
                            "clock": clock, "tables": tables}
    # dumps(snap without digest) with sorted keys (clock, format, tables, world_version), assembled from
    # each table's canonical JSON: the same text, hence the same sha256 as export.digest_of.
    body = (f'{{"clock":{dumps(clock)},"format":{dumps(EXPORT_FORMAT)},"tables":{{{",".join(fragments)}}},'
            f'"world_version":{dumps(snap["world_version"])}}}')
    snap["digest"] = hashlib.sha256(body.encode()).hexdigest()
    return snap
