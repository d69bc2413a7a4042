"""Read results reused across episodes that reached the same world state by the same writes.

An RL run replays one task thousands of times, and its rollouts share long prefixes: every episode starts
from the same starting world, and a group of rollouts of one prompt mostly makes the same first reads and
often the same first writes. The world is deterministic — the simulated clock, ids and the scripted
counterparts all live in the database, and nothing in a service reads wall time or randomness — so the
state of an episode's world is a function of its starting world and the sequence of calls that wrote to it.
A read tool's result is a function of that state and its arguments. So a read answered once for a given
(starting world, write history, tool, arguments) is the answer for every later episode with the same key,
byte for byte.

The write history is a hash chain (:func:`extend`): it starts from the template's digest and the role, and
every call that sent any write statement to the database — committed or rolled back — or that is a
registered write tool, extends it with that call's tool, arguments, outcome and result text. A read that
sent a write statement is never stored (and extends the history). The outcome and text are in the chain so
that two episodes whose writes answered differently can never share later reads.

Only :mod:`chibench.rl` uses this, and only with the scripted counterparts (a live counterpart samples).
The MCP servers always compute every result. The store is one per process, least recently used first out,
bounded by :data:`MAX_CHARS` characters of result text.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

#: Total characters of result text kept in the process's store (≈ 1 byte each for the mostly-ASCII results;
#: an oracle episode's reads are ≈ 50–300 k characters).
MAX_CHARS = 64_000_000

_LOCK = threading.Lock()
_STORE: OrderedDict[tuple[bytes, str, str], tuple[bool, str]] = OrderedDict()
_SIZE = [0]
STATS = {"hits": 0, "misses": 0, "stored": 0, "evicted": 0}


def start(template_digest: str, package_digest: str, role: str) -> bytes:
    """The history of a fresh episode: its starting world (the export's digest), its package and its role."""
    return hashlib.sha256(f"chibench.rl.reuse/1\0{template_digest}\0{package_digest}\0{role}".encode()).digest()


def arguments_key(arguments: Any) -> str | None:
    """The arguments as a key: their JSON text, key order kept (a validation message may follow the order the
    caller gave); None if they are not plain JSON (such a call is computed, never stored)."""
    try:
        return json.dumps(arguments, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None


def extend(history: bytes, tool: str, arguments: str | None, is_error: bool, text: str) -> bytes:
    """The history after a call that wrote (or may have written) to the world."""
    h = hashlib.sha256(history)
    h.update(json.dumps([tool, arguments, is_error, text], ensure_ascii=False).encode())
    return h.digest()


def get(history: bytes, tool: str, arguments: str) -> tuple[bool, str] | None:
    """``(is_error, text)`` stored for this read at this history, or None."""
    key = (history, tool, arguments)
    with _LOCK:
        found = _STORE.get(key)
        if found is None:
            STATS["misses"] += 1
            return None
        _STORE.move_to_end(key)
        STATS["hits"] += 1
        return found


def put(history: bytes, tool: str, arguments: str, is_error: bool, text: str) -> None:
    """Keep a read's result (evicting the least recently used results beyond :data:`MAX_CHARS`)."""
    key = (history, tool, arguments)
    size = len(text) + len(arguments)
    if size > MAX_CHARS:
        return
    with _LOCK:
        old = _STORE.pop(key, None)
        if old is not None:
            _SIZE[0] -= len(old[1]) + len(arguments)
        _STORE[key] = (is_error, text)
        _SIZE[0] += size
        STATS["stored"] += 1
        while _SIZE[0] > MAX_CHARS:
            (_, _, args), (_, t) = _STORE.popitem(last=False)
            _SIZE[0] -= len(t) + len(args)
            STATS["evicted"] += 1


def clear() -> None:
    """Forget every stored result (``worlds.clear_cache`` calls this too)."""
    with _LOCK:
        _STORE.clear()
        _SIZE[0] = 0


def size() -> dict[str, int]:
    """Entries and characters held now."""
    with _LOCK:
        return {"entries": len(_STORE), "chars": _SIZE[0]}
