"""Crash-safety benchmark: kill -9 the world under write load, reopen, check, count what was lost.

    python benchmarks/bench_crash.py [--kills N] [--writers W] [--quick] [--legacy-pragmas] [--seed S]
    python benchmarks/bench_crash.py --write-cost N     the journal's cost on the write path, A/B in one process

One world database lives through the whole run. Each round starts a writer process on it — the real
tool path (``dispatch``, the function behind the MCP servers: argument validation, identity, the call
lock, the service, one transaction per call) with ``W`` threads each uploading documents to one prior
authorization case — lets it write for a random 0.05–0.8 s, and kills it with SIGKILL (no handler, no
atexit, no checkpoint). A write counts as *acknowledged* once the writer has printed its document id,
which it does only after the tool call returned (after COMMIT). After each kill the parent reopens
the file as the collect hook's fallback would (``check_database``: ``PRAGMA integrity_check`` after
replaying the write-ahead log) and checks that every document acknowledged so far (this round and all earlier ones) is present with its title.

Reports kills, corruptions, lost acknowledged writes, writes acknowledged and present. Exit code 1 on
any corruption or loss (CI runs ``--quick`` as a gate). ``--legacy-pragmas`` runs the writers with the
old ``journal_mode=MEMORY`` + ``synchronous=OFF`` to show the benchmark can fail (a corrupted file is
replaced by a fresh copy so the loop goes on).

``--write-cost N``: N document uploads through ``dispatch`` on two copies of one world, one opened with
the old pragmas and one with the new, alternating call by call so both see the same machine load;
reports p50 / p99 of each (the transport is left out: it is the same for both).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ACTOR = "WKR-PAC-01"


def _child(db: str, case_id: str, run: int, writers: int, legacy: bool) -> None:
    """The writer process: ``writers`` threads uploading documents until killed."""
    if legacy:
        import chibench.world.core.world as world_mod

        world_mod._sqlite_pragmas = _legacy  # type: ignore[assignment]
    import chibench.world.apps  # noqa: F401  (the app tables and the actor directory a World needs)
    from chibench.world.core.world import World
    from chibench.world.tools.dispatch import dispatch

    world = World(db)
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:  # unbuffered: what was printed before the kill reaches the parent through the pipe
            os.write(1, (line + "\n").encode())

    def writer(n: int) -> None:
        seq = 0
        while True:
            title = f"r{run}-w{n}-{seq}"
            err, res = dispatch(world, "provider", "docs_upload_evidence", {
                "acting_as": ACTOR, "case_id": case_id, "kind": "pa_request_form", "title": title,
                "body": "Member, provider and service details for the crash benchmark."})
            if err:
                say(f"error {json.dumps(res)[:300]}")
                return
            say(f"ack {res['id']} {title}")
            seq += 1

    from chibench.world.tools.registry import load_all

    load_all()  # every binding imported before the clock starts: the kill window is all writing
    world.now()
    threads = [threading.Thread(target=writer, args=(n,), daemon=True) for n in range(writers)]
    say("ready")
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _setup(tmp: Path) -> tuple[Path, Path, str]:
    base = tmp / "base.sqlite"
    subprocess.run([sys.executable, "-m", "chibench.cli", "world", "build", "--out", str(base)], check=True,
                   capture_output=True)
    db = tmp / "world.sqlite"
    case_id = _fresh(base, db)
    return base, db, case_id


def _fresh(base: Path, db: Path) -> str:
    import chibench.world.apps  # noqa: F401  (the app tables and the actor directory a World needs)
    from chibench.world.core.identities import set_identities
    from chibench.world.core.world import World
    from chibench.world.tools.dispatch import dispatch

    for stale in db.parent.glob(db.name + "*"):
        stale.unlink()
    shutil.copyfile(base, db)
    world = World(db)
    set_identities(world, {"provider": [ACTOR]})
    err, made = dispatch(world, "provider", "cases_create_from_order", {"acting_as": ACTOR, "order_id": "SR-CEM-001"})
    if err:
        raise SystemExit(f"setup failed: {made}")
    world.close()
    return str(made["case"]["id"])


def _round(db: Path, case_id: str, run: int, writers: int, legacy: bool, rng: random.Random) -> tuple[list[tuple[str, str]], str]:
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(db), case_id, str(run), str(writers)]
                            + (["--legacy-pragmas"] if legacy else []),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    acks: list[tuple[str, str]] = []
    errors: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.decode().rstrip("\n")
            if line == "ready":
                ready.set()
            elif line.startswith("ack "):
                _, doc, title = line.split(" ", 2)
                acks.append((doc, title))
            elif line.startswith("error "):
                errors.append(line)
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    ready.wait(timeout=120)
    time.sleep(rng.uniform(0.05, 0.8))
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join(timeout=30)
    err = proc.stderr.read().decode()
    if proc.returncode != -signal.SIGKILL:
        return acks, f"writer exited {proc.returncode} before the kill: {err[-2000:]}{errors[:3]}"
    if errors:
        return acks, f"a write failed: {errors[0]}"
    return acks, ""


def _legacy(dbapi_conn: sqlite3.Connection, _record: object) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=MEMORY")
    cur.execute("PRAGMA synchronous=OFF")
    cur.close()


def write_cost(n: int) -> dict[str, object]:
    import statistics

    import chibench.world.apps  # noqa: F401  (the app tables and the actor directory a World needs)
    import chibench.world.core.world as world_mod
    from chibench.world.core.world import World
    from chibench.world.tools.dispatch import dispatch

    tmp = Path(tempfile.mkdtemp(prefix="chibench-writecost-"))
    try:
        base, _, _ = _setup(tmp)
        worlds: dict[str, tuple[World, str]] = {}
        current = world_mod._sqlite_pragmas
        for name, pragmas in (("legacy MEMORY/OFF", _legacy), ("WAL/NORMAL", current)):
            db = tmp / f"{name.split()[0].replace('/', '_')}.sqlite"
            case_id = _fresh(base, db)
            world_mod._sqlite_pragmas = pragmas  # type: ignore[assignment]
            worlds[name] = (World(db), case_id)
        world_mod._sqlite_pragmas = current  # type: ignore[assignment]
        times: dict[str, list[float]] = {k: [] for k in worlds}
        for i in range(n):
            for name, (w, case_id) in worlds.items():
                t = time.perf_counter()
                err, res = dispatch(w, "provider", "docs_upload_evidence", {
                    "acting_as": ACTOR, "case_id": case_id, "kind": "pa_request_form", "title": f"cost {i}",
                    "body": "Member, provider and service details."})
                times[name].append(time.perf_counter() - t)
                assert not err, res
        for w, _ in worlds.values():
            w.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def q(xs: list[float], p: float) -> float:
        return round(sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] * 1000, 2)
    return {"writes_each": n, **{f"{k} p50_ms": round(statistics.median(v) * 1000, 2) for k, v in times.items()},
            **{f"{k} p99_ms": q(v, 0.99) for k, v in times.items()}}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="10 kills (CI)")
    ap.add_argument("--legacy-pragmas", action="store_true", help="the old journal_mode=MEMORY + synchronous=OFF")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--child", nargs=4, metavar=("DB", "CASE", "RUN", "WRITERS"), help=argparse.SUPPRESS)
    ap.add_argument("--write-cost", type=int, metavar="N", help="A/B the write path's cost of the journal")
    args = ap.parse_args()
    if args.write_cost:
        print(json.dumps(write_cost(args.write_cost), indent=1))
        return 0
    if args.child:
        db, case_id, run, writers = args.child
        _child(db, case_id, int(run), int(writers), args.legacy_pragmas)
        return 0
    from chibench.world.core.errors import DamagedDatabase
    from chibench.world.core.world import check_database

    kills = 10 if args.quick else args.kills
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="chibench-crash-"))
    t0 = time.perf_counter()
    corruptions, lost, acked, failures = 0, 0, 0, []
    ledger: dict[str, str] = {}  # every acknowledged document still expected in the file → its title
    try:
        base, db, case_id = _setup(tmp)
        for run in range(kills):
            acks, failure = _round(db, case_id, run, args.writers, args.legacy_pragmas, rng)
            if failure:
                failures.append(failure)
                break
            acked += len(acks)
            ledger.update(acks)
            try:
                check_database(db)
            except DamagedDatabase as exc:
                corruptions += 1
                print(f"kill {run + 1}: CORRUPT: {exc.message}", file=sys.stderr)
                case_id = _fresh(base, db)  # go on from a whole file
                ledger.clear()
                continue
            conn = sqlite3.connect(db)
            try:
                present = dict(conn.execute("SELECT id, title FROM documents WHERE case_id = ?", (case_id,)).fetchall())
            finally:
                conn.close()
            missing = [(d, t) for d, t in ledger.items() if present.get(d) != t]
            if missing:
                lost += len(missing)
                for d, _ in missing:
                    del ledger[d]  # counted once
                print(f"kill {run + 1}: LOST {len(missing)} acknowledged write(s), e.g. {missing[:3]}", file=sys.stderr)
        conn = sqlite3.connect(db)
        try:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        finally:
            conn.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    result = {"pragmas": "legacy journal_mode=MEMORY synchronous=OFF" if args.legacy_pragmas
              else "journal_mode=WAL synchronous=NORMAL", "journal_mode_after_kill": mode,
              "kills": kills, "writers": args.writers, "corruptions": corruptions,
              "lost_acknowledged_writes": lost, "acknowledged_writes": acked,
              "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(result, indent=1))
    if failures:
        print(f"bench_crash: {failures[0]}", file=sys.stderr)
        return 2
    return 1 if corruptions or lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
