"""The world handle and its write transaction.

``World`` owns one SQLite database. Every change goes through :meth:`World.write`, which

1. opens one transaction;
2. resolves the acting worker (unknown ids raise :class:`UnknownActor`; nobody is granted a role
   by default) — the engine itself acts as ``SYSTEM`` only from builder and scripted-payer code;
3. advances the simulated clock by the action's cost and stamps that instant on everything;
4. appends an event (actor, role, app, action, case, time, details);
5. commits — or, on any exception, rolls everything back, clock and ids included, so a failed
   write leaves the database byte-for-byte unchanged.

Reads use :meth:`World.read` and never advance the clock.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    Integer,
    Numeric,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, Result
from sqlalchemy.engine.result import IteratorResult, SimpleResultMetaData
from sqlalchemy.orm import ColumnProperty, Session, make_transient_to_detached, sessionmaker
from sqlalchemy.sql import Insert, Select, Update

from chibench.world.core import machines as m
from chibench.world.core.clock import ACTION_TICK, MAX_WAIT, WORLD_OPEN, as_utc
from chibench.world.core.db import (
    APPEND_ONLY_TRIGGERS,
    Base,
    Event,
    IdCounter,
    SimClock,
    StateTransition,
    UTCDateTime,
    dumps,
)
from chibench.world.core.enums import WorkerRole
from chibench.world.core.errors import InvalidInput, NotFound, UnknownActor

T = TypeVar("T")

SYSTEM_ACTOR = "SYSTEM"


class CallLock:
    """One tool call at a time holds the world (SQLite is single-writer and the clock must stay ordered).

    The tool dispatcher takes it around a whole call. A service may step out of it only while it waits
    for something slow outside the world — a counterpart's language model — via :meth:`released`
    (``World.unlocked``); it then re-reads and re-validates in its write transaction.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owner: int | None = None

    def acquire(self, blocking: bool = True) -> bool:
        if not self._lock.acquire(blocking):
            return False
        self._owner = threading.get_ident()
        return True

    def release(self) -> None:
        self._owner = None
        self._lock.release()

    def __enter__(self) -> CallLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def held(self) -> bool:
        """True if the current thread holds the lock."""
        return self._owner == threading.get_ident()

    @contextmanager
    def released(self) -> Iterator[None]:
        """Let other calls run meanwhile, if this thread holds the lock (else a no-op)."""
        if not self.held():
            yield
            return
        self.release()
        try:
            yield
        finally:
            self.acquire()


#: The process-wide call lock (shared by every world handle: calls are serialized per process).
CALL_LOCK = CallLock()


class Actor:
    """Who is acting: a worker id and the role the directory gives them."""

    __slots__ = ("id", "role", "org_id", "npi")

    def __init__(self, id: str, role: WorkerRole, org_id: str | None, npi: str | None):
        self.id, self.role, self.org_id, self.npi = id, role, org_id, npi

    def __repr__(self) -> str:
        return f"Actor({self.id}, {self.role})"


class ActorDirectory(Protocol):
    """Who a worker id names: the core asks, the directory app answers (core never imports an app).

    ``resolve`` returns the :class:`Actor` for ``acting_as`` read in ``session``, or ``None`` if no such
    worker exists. The app layer installs its implementation with :func:`install_directory` when its
    models are imported (``chibench.world.apps``, the world's composition root).
    """

    def resolve(self, session: Session, acting_as: str) -> Actor | None: ...


_DIRECTORY: ActorDirectory | None = None


def install_directory(directory: ActorDirectory) -> None:
    """Install the actor directory every :class:`World` resolves acting workers through."""
    global _DIRECTORY
    _DIRECTORY = directory


def _directory() -> ActorDirectory:
    if _DIRECTORY is None:
        raise RuntimeError("the world's apps are not loaded (no actor directory, no app tables): "
                           "import chibench.world.apps before opening or creating a World")
    return _DIRECTORY


class Tx:
    """One write: a session, the actor, and the instant the write happens at."""

    def __init__(self, session: WorldSession, actor: Actor, now: dt.datetime, app: str, action: str):
        self.session = session
        self.actor = actor
        self.now = now
        self.app = app
        self.action = action

    # -- lookups -------------------------------------------------------------------------------
    def get(self, model: type[T], id_: str, *, what: str | None = None, field: str | None = None) -> T:
        """Fetch ``model`` by primary key or raise :class:`NotFound` naming the id and kind."""
        return get_or_404(self.session, model, id_, what=what, field=field)

    # -- ids -----------------------------------------------------------------------------------
    def new_id(self, prefix: str, width: int = 4) -> str:
        """Next id for ``prefix`` (``CASE`` → ``CASE-0001``), transactional and deterministic: the prefix's
        counter row incremented by one ``UPDATE … RETURNING`` (created at 1 for a new prefix), in this write."""
        found = self.session.core_write(_NEXT_ID, [{"counter": prefix}])
        value = None if found is None else found.scalar()
        if value is None:
            self.session.core_write(_FIRST_ID, [{"counter": prefix}])
            value = 1
        return f"{prefix}-{value:0{width}d}"

    # -- log -----------------------------------------------------------------------------------
    def log(self, action: str | None = None, *, case_id: str | None = None, entity_id: str | None = None,
            details: dict[str, Any] | None = None) -> None:
        self.session.log_rows.append((_EVENTS, {
            "at": self.now, "actor_id": self.actor.id, "role": str(self.actor.role), "app": self.app,
            "action": action or self.action, "case_id": case_id, "entity_id": entity_id, "details": details or {}}))

    def transition(self, machine: m.Machine, entity: Any, target: str, *, case_id: str | None = None,
                   reason: str | None = None, attr: str = "status") -> None:
        """Move ``entity.<attr>`` to ``target`` if the machine allows it; record the move."""
        current = getattr(entity, attr)
        current_s = None if current is None else str(current)
        m.check(machine, current_s, str(target), entity_id=entity.id)
        setattr(entity, attr, target)
        self.session.log_rows.append((_TRANSITIONS, {
            "at": self.now, "machine": machine.name, "entity_id": entity.id, "case_id": case_id,
            "from_state": current_s, "to_state": str(target), "actor_id": self.actor.id, "reason": reason}))
        self.log(f"{machine.name}.transition", case_id=case_id, entity_id=entity.id,
                 details={"from": current_s, "to": str(target), **({"reason": reason} if reason else {})})


def _table(model: Any) -> Table:
    table = model.__table__
    assert isinstance(table, Table)
    return table


_EVENTS = insert(_table(Event))
_TRANSITIONS = insert(_table(StateTransition))
_COUNTERS = _table(IdCounter)
# (not an upsert: an outer ON CONFLICT overrides the conflict clause of statements in triggers, and the RL
# episode world's change-tracking triggers rely on their INSERT OR IGNORE)
_NEXT_ID = (update(_COUNTERS).where(_COUNTERS.c.prefix == bindparam("counter"))
            .values(value=_COUNTERS.c.value + 1).returning(_COUNTERS.c.value))
_FIRST_ID = insert(_COUNTERS).values(prefix=bindparam("counter"), value=1)
_CLOCK = _table(SimClock)
_CLOCK_NOW = select(_CLOCK.c.now).where(_CLOCK.c.id == 1)
_CLOCK_SET = update(_CLOCK).where(_CLOCK.c.id == 1).values(now=bindparam("now"))


#: Per mapped class: a ready ``SELECT … WHERE <pk> = :pk`` (None: composite key or inheritance → plain get).
_PK_SELECTS: dict[Any, Select[Any] | None] = {}


class _PkLoader:
    """Load one row of a flat mapped class by primary key without the ORM's per-query machinery: a Core
    ``SELECT`` of every mapped column (run on the cursor, :class:`_ReadPlan`, with the columns' own result
    processors), its values set on a new instance, which :func:`make_transient_to_detached` marks as loaded
    exactly as a query would (no unloaded attribute, no history), then attached to the session. Only for classes
    whose every attribute is a plain column (no relationships, deferred columns or SQL expressions) —
    the world's models."""

    __slots__ = ("manager", "keys", "stmt")

    def __init__(self, entity: Any, mapper: Any) -> None:
        props = list(mapper.column_attrs)
        self.manager = mapper.class_manager
        self.keys = tuple(p.key for p in props)
        table = entity.__table__
        self.stmt = select(*(p.columns[0] for p in props)).where(mapper.primary_key[0] == bindparam("pk"))
        assert all(c.table is table for c in self.stmt.selected_columns)

    def load(self, row: Sequence[Any]) -> Any:
        obj = self.manager.new_instance()
        d = obj.__dict__
        for k, v in zip(self.keys, row, strict=True):
            d[k] = v
        make_transient_to_detached(obj)
        return obj


_PK_LOADERS: dict[Any, _PkLoader | None] = {}


def _pk_loader(entity: Any) -> _PkLoader | None:
    try:
        return _PK_LOADERS[entity]
    except KeyError:
        pass
    loader = None
    if _pk_select(entity) is not None:
        mapper = inspect(entity)
        props = list(mapper.attrs)
        if (props and all(isinstance(p, ColumnProperty) and len(p.columns) == 1 and isinstance(p.columns[0], Column)
                          and not p.deferred for p in props) and not mapper.class_manager.dispatch.load
                and not mapper.class_manager.dispatch.refresh):
            loader = _PkLoader(entity, mapper)
    _PK_LOADERS[entity] = loader
    return loader


def _pk_select(entity: Any) -> Select[Any] | None:
    try:
        return _PK_SELECTS[entity]
    except (KeyError, TypeError):
        pass
    stmt: Select[Any] | None = None
    mapper = inspect(entity, raiseerr=False)
    mapper = getattr(mapper, "mapper", None)
    if (mapper is not None and mapper.class_ is entity and len(mapper.primary_key) == 1
            and mapper.inherits is None and mapper.polymorphic_on is None and len(mapper.self_and_descendants) == 1):
        stmt = select(entity).where(mapper.primary_key[0] == bindparam("pk"))
    _PK_SELECTS[entity] = stmt
    return stmt


#: Column types whose Python values are immutable (a cached row cannot be changed in place by a reader).
_IMMUTABLE_TYPES: tuple[type, ...] = (String, Integer, Float, Numeric, Boolean, Date, DateTime, UTCDateTime)
_CACHEABLE: dict[Any, bool] = {}
#: The table a DML statement writes (SQLAlchemy's SQLite compiler never quotes the world's table names;
#: anything unrecognized clears the whole cache).
_DML = re.compile(r'\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)'
                  r'\s+"?(\w+)"?', re.IGNORECASE)
_NOT_WRITES = ("SELECT", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def _cacheable(entity: Any) -> bool:
    """True for a plain mapped class (single-column key, no inheritance) whose columns all hold immutable
    values (no JSON: a reader could change a cached dict in place and the next call would see it)."""
    try:
        return _CACHEABLE[entity]
    except KeyError:
        pass
    ok = _pk_select(entity) is not None and all(
        isinstance(c.type, _IMMUTABLE_TYPES) for c in inspect(entity).columns)
    _CACHEABLE[entity] = ok
    return ok


class RowCache:
    """Rows fetched by primary key, kept across the calls on one world (RL episodes: ``World.enable_row_cache``).

    ``Session.get`` of a cached row attaches the kept object to the new session instead of running a
    ``SELECT``. It is exact, not a heuristic: every statement the world's engine sends is watched, and
    any ``INSERT``/``UPDATE``/``DELETE`` on a table drops that table's rows (any other write, e.g. DDL or
    an unparsed statement, drops all) — before the statement runs, whether it later commits or rolls back.
    Only classes with immutable column values are kept (:func:`_cacheable`); an object still attached to an
    open session (a nested call), carrying unflushed changes, deleted, or expired (a rollback expires what its
    session read, e.g. a row read after a write in the rolled-back transaction) is not handed out.
    Valid only while this engine is the database's only writer: one process, one connection (the
    in-memory episode world), never a file another process may write.
    """

    def __init__(self) -> None:
        self.rows: dict[str, dict[tuple[Any, Any], Any]] = {}
        self.memos: dict[str, dict[Any, Any]] = {}
        self.hits = 0
        #: Statements other than reads and transaction control sent so far (INSERT/UPDATE/DELETE, DDL, PRAGMA,
        #: anything unparsed) — committed or not. A call that leaves it unchanged wrote nothing.
        self.writes = 0

    def memo(self, table: str) -> dict[Any, Any]:
        """A dict for values derived from ``table``'s rows (e.g. a validated contract), emptied by the
        same writes that drop the table's rows. Hold only immutable values in it."""
        return self.memos.setdefault(table, {})

    def take(self, entity: Any, ident: Any) -> Any:
        table = self.rows.get(entity.__table__.name)
        obj = None if table is None else table.get((entity, ident))
        if obj is None:
            return None
        state = inspect(obj)
        if not state.detached or state.modified or state.deleted or state.expired_attributes:
            return None
        self.hits += 1
        return obj

    def keep(self, entity: Any, ident: Any, obj: Any) -> None:
        if _cacheable(entity):
            self.rows.setdefault(entity.__table__.name, {})[(entity, ident)] = obj

    def wrote(self, table: str | None) -> None:
        """A write statement on ``table`` (None: unknown, drop everything) is about to run."""
        self.writes += 1
        if table is None:
            self.rows.clear()
            self.memos.clear()
        else:
            self.rows.pop(table, None)
            self.memos.pop(table, None)

    def watch(self, engine: Engine) -> None:
        """Drop rows of every table a statement on ``engine`` writes, before the statement runs."""
        def before(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
            if statement.lstrip()[:9].upper().startswith(_NOT_WRITES):
                return
            m = _DML.match(statement)
            self.wrote(m.group(1) if m is not None else None)

        event.listen(engine, "before_cursor_execute", before)


#: Core ``SELECT`` statements executed on the sqlite3 cursor by read sessions (:meth:`WorldSession.execute`) so
#: far in this process — they bypass SQLAlchemy's ``before_cursor_execute`` event, so statement counters
#: (``benchmarks/bench_rl.py``) add this.
FAST_READS = [0]
#: Core ``INSERT``/``UPDATE`` statements of the world's own bookkeeping (clock, id counters, event and transition
#: rows) executed on the cursor by write sessions (:meth:`WorldSession.core_write`), likewise uncounted by events.
FAST_WRITES = [0]
_PLANS: dict[Any, _ReadPlan] = {}
_PLANS_MAX = 2048  # module-level statements number a few hundred; statements built per call are never planned
_SEEN_ONCE: weakref.WeakSet[Any] = weakref.WeakSet()


class _ReadPlan:
    """One compiled plain Core ``SELECT`` (no ORM entities, no execution options) for the sqlite3 cursor:
    its SQL, positional parameter order, bind processors and result metadata, exactly as SQLAlchemy's
    ``DefaultExecutionContext._init_compiled`` and ``CursorResultMetaData`` derive them for the same
    compiled statement."""

    __slots__ = ("compiled", "dialect_key", "expanding", "meta", "positiontup", "processors", "seqfmt", "sql")

    def __init__(self, stmt: Any, dialect: Any, key: tuple[Any, ...], columns: Sequence[str] | None = None) -> None:
        self.dialect_key = key
        # (``columns``: an INSERT's parameter keys, which decide the columns it names, as at execution)
        compiled = stmt.compile(dialect=dialect, column_keys=list(columns) if columns is not None else None)
        self.compiled = compiled
        self.sql = compiled.string
        self.positiontup: Sequence[str] | None = compiled.positiontup
        # flat for a SELECT (per-element processor sequences only arise for tuple IN, which expands them)
        self.processors: Mapping[str, Any] = compiled._bind_processors
        self.expanding = bool(compiled.literal_execute_params or compiled.post_compile_params)
        self.seqfmt = dialect.execute_sequence_format
        cols = compiled._result_columns
        keys = [c.keyname for c in cols]
        extra = [((c.name,) if c.name != c.keyname else ()) + tuple(c.objects) for c in cols]
        result_procs = [c.type._cached_result_processor(dialect, None) for c in cols]
        dupes = frozenset(k for k in keys if keys.count(k) > 1)
        self.meta = SimpleResultMetaData(keys, extra=extra, _processors=result_procs if any(result_procs) else None,
                                         _ambiguous_keys=dupes or None)

    def bound(self, params: Mapping[str, Any] | None) -> tuple[str, Sequence[Any]]:
        """The SQL and positional parameters for ``params`` (expanding ``IN`` parameters expand the SQL)."""
        compiled = self.compiled
        values = compiled.construct_params(params or None, escape_names=False)
        sql, order, procs = self.sql, self.positiontup, self.processors
        if self.expanding:
            state = compiled._process_parameters_for_postcompile(values)
            sql, order = state.statement, state.positiontup
            procs = {**procs, **state.processors}
        assert order is not None
        args: Sequence[Any] = self.seqfmt([procs[k](values[k]) if k in procs else values[k] for k in order])
        return sql, args

    def fetch(self, dbapi_conn: sqlite3.Connection, params: Mapping[str, Any] | None) -> Result[Any]:
        """Execute with ``params`` on a cursor of ``dbapi_conn``; every row fetched at once."""
        sql, args = self.bound(params)
        cur = dbapi_conn.cursor()
        try:
            rows = cur.execute(sql, args).fetchall()
        finally:
            cur.close()
        return IteratorResult(self.meta, iter(rows))

    def run(self, dbapi_conn: sqlite3.Connection, params: Mapping[str, Any] | None) -> Result[Any]:
        """:meth:`fetch` for a read session's ``SELECT`` (counted in :data:`FAST_READS`)."""
        result = self.fetch(dbapi_conn, params)
        FAST_READS[0] += 1
        return result


def _dml_plan(stmt: Any, columns: tuple[str, ...], dialect: Any, key: tuple[Any, ...]) -> _ReadPlan | None:
    """The cursor plan of one of the world's module-level Core ``INSERT``/``UPDATE`` statements (no execution
    options, qmark dialect) for parameter rows with the keys ``columns``, compiled on first use."""
    plan = _PLANS.get((stmt, columns))
    if plan is not None:
        return plan if plan.dialect_key == key else None
    if type(stmt) not in (Insert, Update) or stmt._execution_options or not dialect.positional:
        return None
    plan = _PLANS[(stmt, columns)] = _ReadPlan(stmt, dialect, key, columns)
    return plan


def _dialect_key(dialect: Any) -> tuple[Any, ...]:
    # what a plan's compiled SQL and bind/result processors depend on (JSON processors use the engine's serializers)
    return (type(dialect), dialect.paramstyle, getattr(dialect, "_json_serializer", None),
            getattr(dialect, "_json_deserializer", None))


def _read_plan(stmt: Any, dialect: Any, key: tuple[Any, ...]) -> _ReadPlan | None:
    """The plan for ``stmt`` if it may run on the cursor: a plain Core ``Select`` without execution options,
    seen at least twice (statements built once per process, not per call), on a qmark dialect."""
    plan = _PLANS.get(stmt)
    if plan is not None:
        return plan if plan.dialect_key == key else None
    if (type(stmt) is not Select or stmt._execution_options
            or stmt._propagate_attrs.get("compile_state_plugin") is not None or not dialect.positional):
        return None
    if stmt not in _SEEN_ONCE:
        _SEEN_ONCE.add(stmt)
        return None
    if len(_PLANS) >= _PLANS_MAX:
        return None
    plan = _PLANS[stmt] = _ReadPlan(stmt, dialect, key)
    return plan


class WorldSession(Session):
    """The world's ORM session, with a cheaper :meth:`get` and, in :meth:`World.read` sessions, cheaper
    Core ``SELECT`` statements.

    * A primary-key lookup that misses the identity map runs one cached ``SELECT … WHERE pk = :pk``
      statement instead of ``Session.get``'s per-call statement construction (about half the cost;
      same autoflush, same identity map, same result). Anything else — composite keys, options,
      objects already in the identity map (expired or not) — goes through ``Session.get`` unchanged.
    * Objects fetched by primary key stay referenced until the session closes, so a second lookup of
      the same row in one call (the clock, the acting worker, a case) is answered from the identity
      map instead of the database (SQLAlchemy's identity map only holds objects weakly).
    * In a read session (``fast_reads``, set by :meth:`World.read`), :meth:`execute` of a plain Core ``Select``
      (no ORM entities, no parameters list, no execution options or bind arguments, no ``do_orm_execute``
      listener) that this process has executed before runs on the session connection's sqlite3 cursor:
      same transaction (no autoflush: ``Session.execute`` runs none for Core statements either), same SQL,
      parameters and bind/result processors as SQLAlchemy's execution of the same compiled statement,
      rows fetched at once into an ``IteratorResult`` (every ``Result`` method as before;
      ``CursorResult``-only attributes such as ``rowcount`` are absent). It skips SQLAlchemy's
      per-execution context (about 60 µs of Python per statement, measured on a ~140 µs chart-section
      ``SELECT``) and the engine's ``before_cursor_execute``/``after_cursor_execute`` events — harmless for
      :class:`RowCache`, which watches writes only, and a ``SELECT`` never writes; counted in
      :data:`FAST_READS` instead. Everything else goes through ``Session.execute`` unchanged.
    """

    def __init__(self, *args: Any, row_cache: RowCache | None = None,
                 direct: tuple[sqlite3.Connection, Any, tuple[Any, ...]] | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._fetched: list[Any] = []
        self._row_cache = row_cache
        self._direct = direct
        self.fast_reads = False
        self._fast_tx: Any = None
        self._fast_conn: tuple[sqlite3.Connection, Any, tuple[Any, ...]] | None = None
        #: Append-only log rows (events, state transitions) queued by :class:`Tx`, inserted in order at the
        #: next :meth:`flush` — where the ORM would have inserted them as pending objects.
        self.log_rows: list[tuple[Any, dict[str, Any]]] = []

    def flush(self, objects: Sequence[Any] | None = None) -> None:
        """``Session.flush`` (autoflush included), then the queued log rows: one ``INSERT`` per table, rows in
        the order they were queued (so their ``seq`` follows the order of ``Tx.log``/``Tx.transition`` calls,
        as the ORM's inserts did), without the unit of work's per-object bookkeeping (about 0.4 ms a row)."""
        super().flush(objects)
        if self.log_rows:
            queued, self.log_rows = self.log_rows, []
            by_table: dict[Any, list[dict[str, Any]]] = {}
            for stmt, row in queued:
                by_table.setdefault(stmt, []).append(row)
            for stmt, rows in by_table.items():
                self.core_write(stmt, rows)

    def execute(self, statement: Any, params: Any = None, *args: Any, **kw: Any) -> Any:
        if self.fast_reads and not args and not kw and (params is None or type(params) is dict):
            result = self.read_rows(statement, params)
            if result is not None:
                return result
        return super().execute(statement, params, *args, **kw)

    def read_rows(self, statement: Any, params: Mapping[str, Any] | None) -> Result[Any] | None:
        """``statement``'s result through the cursor, as ``self.connection().execute(statement, params)``
        would return it (see class docstring), or None when it must take SQLAlchemy's path."""
        if not self.fast_reads or self.dispatch.do_orm_execute:
            return None
        found = self._cursor_plan(statement)
        return None if found is None else found[1].run(found[0], params)

    def _cursor_conn(self) -> tuple[sqlite3.Connection, Any, tuple[Any, ...]]:
        """The session transaction's sqlite3 connection, its dialect and the dialect's plan key (in a read
        session of a world with :meth:`World.enable_direct_reads`: its one connection, no checkout)."""
        if self.fast_reads and self._direct is not None:
            return self._direct
        tx, cached = self._transaction, self._fast_conn
        if cached is None or tx is None or tx is not self._fast_tx or not tx.is_active:
            # the connection of this session transaction, looked up once per transaction (about 8 µs a time)
            conn = self.connection()
            dbapi_conn = conn.connection.driver_connection
            assert dbapi_conn is not None
            cached = self._fast_conn = (dbapi_conn, conn.dialect, _dialect_key(conn.dialect))
            self._fast_tx = self._transaction
        return cached

    def _cursor_plan(self, statement: Any) -> tuple[sqlite3.Connection, _ReadPlan] | None:
        """The session transaction's sqlite3 connection and ``statement``'s cursor plan, or None (see
        :func:`_read_plan`)."""
        dbapi_conn, dialect, key = self._cursor_conn()
        plan = _read_plan(statement, dialect, key)
        return None if plan is None else (dbapi_conn, plan)

    def core_execute(self, statement: Any, params: Mapping[str, Any] | None = None) -> Result[Any]:
        """A plain Core ``SELECT`` in any session, on the cursor when it qualifies (as :meth:`read_rows`), else
        through SQLAlchemy; no autoflush either way (``Session.execute`` runs none for Core statements)."""
        found = None if self.dispatch.do_orm_execute else self._cursor_plan(statement)
        if found is None:
            return super().execute(statement, params)
        return found[1].run(found[0], params)

    def core_write(self, statement: Any, rows: Sequence[Mapping[str, Any]]) -> Result[Any] | None:
        """Run one of the world's module-level Core ``INSERT``/``UPDATE`` statements (clock, id counters, log rows)
        on the session transaction's cursor, once per row in ``rows`` (executemany for several), telling the
        world's :class:`RowCache` first as its engine listener would; the result holds a single row's
        ``RETURNING`` rows. Same SQL, parameters and transaction as ``Connection.execute``, which it falls back
        to (without the cursor) for anything else; no autoflush either way."""
        plan = None
        if not self.dispatch.do_orm_execute:
            dbapi_conn, dialect, key = self._cursor_conn()
            plan = _dml_plan(statement, tuple(rows[0]), dialect, key)
        if plan is None:
            return self.connection().execute(statement, rows[0] if len(rows) == 1 else list(rows))
        if self._row_cache is not None:
            self._row_cache.wrote(statement.table.name)
        FAST_WRITES[0] += 1
        if len(rows) == 1:
            return plan.fetch(dbapi_conn, rows[0])
        cur = dbapi_conn.cursor()
        try:
            cur.executemany(plan.sql, [plan.bound(r)[1] for r in rows])
        finally:
            cur.close()
        return None

    def _load_by_pk(self, entity: Any, orm_stmt: Any, ident: str | int) -> Any:
        """``Session.get``'s load for a key not in the identity map: autoflush (as the ORM's ``SELECT`` would
        run it), then the row through :class:`_PkLoader` in any session, or the ORM statement if the class or
        statement does not qualify (yet: plans need a statement seen twice)."""
        loader = _pk_loader(entity)
        if loader is None or self.dispatch.do_orm_execute:
            return self.execute(orm_stmt, {"pk": ident}).scalars().first()
        self._autoflush()
        found = self._cursor_plan(loader.stmt)
        if found is None:
            return self.execute(orm_stmt, {"pk": ident}).scalars().first()
        row = found[1].run(found[0], {"pk": ident}).first()
        if row is None:
            return None
        obj = loader.load(row)
        self.add(obj)  # detached with its key and loaded state: attaching it runs no SQL
        return obj

    def get(self, entity: Any, ident: Any, **kw: Any) -> Any:
        obj = None
        if not kw and isinstance(ident, str | int) and not isinstance(ident, bool):
            stmt = _pk_select(entity)
            if stmt is not None and (entity, (ident,), None) not in self.identity_map:
                cache = self._row_cache
                if cache is not None:
                    obj = cache.take(entity, ident)
                    if obj is not None:
                        self.add(obj)  # detached, unmodified: attaching it runs no SQL
                        self._fetched.append(obj)
                        return obj
                obj = self._load_by_pk(entity, stmt, ident)
                if obj is not None:
                    self._fetched.append(obj)
                    if cache is not None:
                        cache.keep(entity, ident, obj)
                return obj
        obj = super().get(entity, ident, **kw)
        if obj is not None:
            self._fetched.append(obj)
        return obj

    def rollback(self) -> None:
        self.log_rows.clear()
        super().rollback()

    def close(self) -> None:
        self._fetched.clear()
        self.log_rows.clear()
        self._fast_tx = self._fast_conn = None
        super().close()


def session_memo(session: Session, table: str) -> dict[Any, Any] | None:
    """The world's :meth:`RowCache.memo` for ``table`` if ``session`` belongs to a world with a row cache, else None."""
    cache = getattr(session, "_row_cache", None)
    return None if cache is None else cache.memo(table)


def get_or_404(session: Session, model: type[T], id_: str, *, what: str | None = None, field: str | None = None) -> T:
    if not isinstance(id_, str) or not id_:
        raise InvalidInput("an id string is required", field=field or "id")
    obj = session.get(model, id_)
    if obj is None:
        raise NotFound(f"no {what or model.__tablename__} with id '{id_}'", field=field)  # type: ignore[attr-defined]
    return obj


def _sqlite_pragmas(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
    # Crash safety. The world process may be killed at any instant (kill -9 by Harbor's teardown, an OOM
    # kill, a timeout), and the collect hook then grades the file it left. A write-ahead log keeps every
    # commit as appended frames that a reopen replays or discards whole, so a killed process never leaves
    # a half-written page in the database (journal_mode=MEMORY did: 3 corruptions in 67 kills, one silent).
    # synchronous=NORMAL in WAL mode does not fsync at commit, only at checkpoints: a committed
    # transaction is in the OS page cache before the call returns, so it survives the death of the
    # *process* (what we guard against) and is lost only if the *machine* loses power or the kernel
    # crashes before write-back — and even then the database stays consistent (the tail of the log is
    # dropped, never half-applied). A task world lives for one trial, so power-loss durability (FULL,
    # an fsync per write) would buy nothing worth its cost. benchmarks/bench_crash.py checks both claims.
    # An in-memory database has no log; SQLite answers "memory" and ignores the WAL request.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


#: At most this many problems are read from ``PRAGMA integrity_check`` (the first names the damage).
CHECK_ROWS = 20


def check_database(path: str | Path) -> None:
    """Refuse a damaged world database: ``DamagedDatabase`` with a one-line reason, else return.

    Runs SQLite's ``PRAGMA integrity_check`` — every page, b-tree and record format, NOT NULL and
    UNIQUE constraints, and that every index holds exactly its table's rows (``quick_check`` skips
    that last part, and a broken index is the corruption a killed writer left silently before) — on
    the file as any reader would see it, after replaying a write-ahead log left by a killed process.
    ``NotFound`` if there is no such file. Cost: ≈ 0.06 s on the base world.
    """
    from chibench.world.core.errors import DamagedDatabase

    p = Path(path)
    if not p.is_file():
        raise NotFound(f"no world database at {p}", field="path")
    try:
        conn = sqlite3.connect(f"file:{p}?mode=rw", uri=True)
    except sqlite3.Error:  # read-only file: check it read-only (a clean, closed world has no log to replay)
        conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
    try:
        rows = [" ".join(str(r[0]).replace("*** in database main ***", "").split())
                for r in conn.execute(f"PRAGMA integrity_check({CHECK_ROWS})")]
    except sqlite3.DatabaseError as exc:
        raise DamagedDatabase(f"{p} is not a readable SQLite database ({exc})", field="path") from None
    finally:
        conn.close()
    if rows != ["ok"]:
        more = f" (+{len(rows) - 1} more problem(s))" if len(rows) > 1 else ""
        raise DamagedDatabase(f"{p} failed SQLite's integrity_check: {rows[0]}{more}; refusing to read it",
                              field="path")


def make_engine(url: str) -> Engine:
    engine = create_engine(url, json_serializer=dumps, future=True)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def memory_engine(data: bytes | None = None, **options: Any) -> Engine:
    """An engine on one private in-memory database, empty or a copy of ``data`` (bytes from :func:`to_bytes`;
    ``data`` itself is never written), with the world's pragmas. ``options`` go to ``create_engine``."""
    from sqlalchemy.pool import StaticPool

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        if data is not None:
            conn.deserialize(data)
        return conn

    engine = create_engine("sqlite://", creator=connect, poolclass=StaticPool, json_serializer=dumps, **options)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def to_bytes(world: World) -> bytes:
    """The database's bytes as its connection sees them (committed write-ahead-log frames included),
    as a rollback-journal image: a file world is open in WAL mode, and an in-memory copy cannot open a WAL-mode
    image, so the header's read/write versions (bytes 18–19: 2 = WAL) are set to 1 (legacy) — the page content
    is the same. ``World(None, _engine=memory_engine(to_bytes(w)))`` is a private copy of ``w``."""
    raw = world.engine.raw_connection()
    try:
        conn = raw.driver_connection
        assert isinstance(conn, sqlite3.Connection)
        data = conn.serialize()
    finally:
        raw.close()
    if data[18:20] == b"\x02\x02":
        data = data[:18] + b"\x01\x01" + data[20:]
    return data


class World:
    """A handle on one world database. Use :meth:`create` for a new one, ``World(path)`` to open."""

    def __init__(self, path: str | Path | None = None, *, check: bool = False, _engine: Engine | None = None):
        """Open the world database at ``path``. With ``check``, first refuse a damaged file
        (:func:`check_database`: ``DamagedDatabase``); ``NotFound`` if there is no file."""
        _directory()  # the app tables and the directory must be loaded before any world is opened
        self.path = Path(path) if path else None
        if _engine is not None:
            self.engine = _engine
        else:
            if self.path is None:
                raise InvalidInput("a database path is required", field="path")
            if not self.path.exists():
                raise NotFound(f"no world database at {self.path}", field="path")
            if check:
                check_database(self.path)
            self.engine = make_engine(f"sqlite:///{self.path}")
        self._sessions = sessionmaker(self.engine, class_=WorldSession, expire_on_commit=False, autoflush=True)
        self.row_cache: RowCache | None = None
        self._direct: tuple[sqlite3.Connection, Any, tuple[Any, ...]] | None = None

    def enable_row_cache(self) -> RowCache:
        """Keep rows fetched by primary key across calls (:class:`RowCache`); for a world whose engine is
        its database's only writer (the RL episode world: one in-memory connection). Idempotent."""
        if self.row_cache is None:
            self.row_cache = RowCache()
            self.row_cache.watch(self.engine)
            self._remake_sessions()
        return self.row_cache

    def enable_direct_reads(self) -> None:
        """Let read sessions run their cursor-plan ``SELECT`` statements on the engine's one sqlite3 connection
        without checking it out through the pool and opening a SQLAlchemy transaction (≈ 0.1 ms a read call).
        The same rows either way: every session of this engine shares that connection (``StaticPool``), and
        pysqlite opens no transaction for a ``SELECT``, so a read sees exactly what a checked-out connection
        would (including the uncommitted rows of a write it is nested in). Anything else a read session runs
        (ORM statements) still checks the connection out. ``InvalidInput`` unless the engine holds exactly one
        connection (the in-memory episode world of :func:`memory_engine`). Idempotent."""
        from sqlalchemy.pool import StaticPool

        if self._direct is not None:
            return
        if not isinstance(self.engine.pool, StaticPool):
            raise InvalidInput("direct reads need an engine with one shared connection (StaticPool)", field="engine")
        raw = self.engine.raw_connection()  # StaticPool: returning it keeps the connection open for the engine
        try:
            dbapi_conn = raw.driver_connection
        finally:
            raw.close()
        assert isinstance(dbapi_conn, sqlite3.Connection)
        dialect = self.engine.dialect
        self._direct = (dbapi_conn, dialect, _dialect_key(dialect))
        self._remake_sessions()

    def _remake_sessions(self) -> None:
        self._sessions = sessionmaker(self.engine, class_=WorldSession, expire_on_commit=False, autoflush=True,
                                      row_cache=self.row_cache, direct=self._direct)

    @classmethod
    def create(cls, path: str | Path | None = None, *, opens_at: dt.datetime = WORLD_OPEN) -> World:
        """Create an empty world (schema, append-only triggers, clock at ``opens_at``)."""
        _directory()
        if path is not None:
            p = Path(path)
            if p.exists():
                p.unlink()
            engine = make_engine(f"sqlite:///{p}")
        else:
            engine = memory_engine()
        Base.metadata.create_all(engine)
        with engine.begin() as conn:
            for ddl in APPEND_ONLY_TRIGGERS:
                conn.execute(text(ddl))
        world = cls(path, _engine=engine)
        with world._sessions.begin() as s:
            s.add(SimClock(id=1, now=as_utc(opens_at)))
        return world

    # ------------------------------------------------------------------------------------------
    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session (rolled back on exit; reads never advance the clock) whose plain Core
        ``SELECT`` statements run on the sqlite3 cursor (:class:`WorldSession`)."""
        s = self._sessions()
        s.fast_reads = True
        try:
            yield s
        finally:
            s.close()  # ends (rolls back) the session's transaction and returns its connection

    @staticmethod
    def unlocked() -> Any:
        """Context manager: step out of the call lock while waiting for a counterpart's model (see
        :class:`CallLock`). Hold no session or transaction across it; re-validate before writing."""
        return CALL_LOCK.released()

    def now(self) -> dt.datetime:
        with self.read() as s:
            return s.get(SimClock, 1).now  # type: ignore[union-attr]

    @contextmanager
    def write(self, *, acting_as: str, app: str, action: str, cost: dt.timedelta = ACTION_TICK,
              allow_system: bool = False) -> Iterator[Tx]:
        """One atomic write by ``acting_as`` (see module docstring)."""
        s = self._sessions()
        try:
            s.begin()
            actor = self._resolve_actor(s, acting_as, allow_system)
            # the clock by Core statements (an ORM clock object would make the session dirty from the start),
            # or the row a read kept if no write has touched it since
            kept = self.row_cache.take(SimClock, 1) if self.row_cache is not None else None
            now = (kept.now if kept is not None else s.core_execute(_CLOCK_NOW).scalar_one()) + cost
            s.core_write(_CLOCK_SET, [{"now": now}])
            tx = Tx(s, actor, now, app, action)
            yield tx
            s.flush()  # the last queued log rows (commit flushes only a session with ORM changes)
            s.commit()
        except BaseException:
            s.rollback()
            raise
        finally:
            s.close()

    def advance(self, *, hours: float = 0, minutes: float = 0, acting_as: str = SYSTEM_ACTOR,
                reason: str = "wait") -> dt.datetime:
        """Let simulated time pass (waiting for a reply). Returns the new instant."""
        delta = dt.timedelta(hours=hours, minutes=minutes)
        if delta <= dt.timedelta(0) or delta > MAX_WAIT:
            raise InvalidInput(f"wait must be > 0 and ≤ {MAX_WAIT.days} days, got {delta}", field="hours")
        with self.write(acting_as=acting_as, app="clock", action="clock.wait", cost=delta,
                        allow_system=True) as tx:
            tx.log(details={"waited_seconds": int(delta.total_seconds()), "reason": reason})
            return tx.now

    @staticmethod
    def _resolve_actor(s: Session, acting_as: str, allow_system: bool) -> Actor:
        if acting_as == SYSTEM_ACTOR:
            if not allow_system:
                raise UnknownActor("the SYSTEM identity cannot perform this action", field="acting_as")
            return Actor(SYSTEM_ACTOR, WorkerRole.SYSTEM, None, None)
        if not isinstance(acting_as, str) or not acting_as:
            raise UnknownActor("an acting worker id is required", field="acting_as")
        actor = _directory().resolve(s, acting_as)
        if actor is None:
            raise UnknownActor(f"no worker with id '{acting_as}'", field="acting_as")
        return actor

    def scalar_count(self, model: Any) -> int:
        from sqlalchemy import func

        with self.read() as s:
            return int(s.execute(select(func.count()).select_from(model)).scalar_one())

    def close(self) -> None:
        """Close every connection. A file-backed world is checkpointed and left in rollback-journal
        mode, one self-contained file (no ``-wal``/``-shm`` beside it): safe to copy, to ship read-only
        in an image, and byte-identical between two builds of the same seeds. The next open returns
        it to WAL. If another connection still has it open, it stays in WAL (still consistent)."""
        if self.path is not None:
            try:
                with self.engine.connect() as conn:
                    raw = conn.connection.dbapi_connection
                    assert raw is not None
                    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                    raw.execute("PRAGMA journal_mode=DELETE")
            except Exception:  # a read-only or busy file keeps its mode; nothing was written
                pass
        self.engine.dispose()
