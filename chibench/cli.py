"""The ``chibench`` command line.

    chibench world build --out PATH [--overlay SCENARIO_YAML]
    chibench world stats PATH [--json]
    chibench world export PATH [--out FILE]
    chibench world diff BEFORE AFTER            (world databases or export JSON files)
    chibench world check [--write-cache]
    chibench world serve PATH [--host H] [--port P] [--roles provider,payer,cm] [--identities …]
    chibench world serve-task TASK_JSON [--host H] [--port P] [--base DB] [--run-dir D] [--export-dir D]
    chibench world export-task [TASK_JSON] [--run-dir D] [--export-dir D]
    chibench tools list [--role provider|payer|cm] [--json]
    chibench tools reference [--check]
    chibench handbook lint
    chibench handbook stats [--json]
    chibench handbook generate [--check]
    chibench handbook variant {full,no-domain,no-medical,no-both} --out DIR
    chibench verify --export STATE.json --expectations EXPECTATIONS.json [--initial INITIAL.json] --out DIR
                    [--no-judge]                (writes DIR/reward.json and DIR/scorecard.json;
                                                 exit 3 and no reward.json: ungraded, the judge could not vote)

    chibench images build [--engine podman|docker] [--base IMAGE]   the shared agent/world/grader images
    chibench report JOB_DIR [--json]            pass@1 / pass@3 / pass^3 with Wilson CIs per task and domain
    chibench package build [TASK …] [--check]  |  chibench package try [TASK …] [--agent oracle|nop]
    chibench scripted-model serve --package PATH [--replay oracle|near_miss:NAME] [--port N] [--fault F]
                                                test support: a model API replaying a task's oracle

Exit codes: 0 success, 1 a check found problems, 2 bad usage or unreadable input (one line on stderr;
``--debug`` adds the traceback), 70 an internal error (a bug: traceback and a hint).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from pathlib import Path
from typing import Any


def _fail(message: str, code: int = 2) -> int:
    """One line on stderr (a YAML or JSON parser's multi-line message is joined) and the exit code."""
    print(f"chibench: {' '.join(str(message).split())}", file=sys.stderr)
    return code


def _load_state(path: Path) -> dict[str, Any]:
    """An export JSON file, or a world database (exported on the fly)."""
    from chibench.world.core.world import World
    from chibench.world.export import snapshot

    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: an export is a JSON object, not {type(data).__name__}")
        return dict(data)
    return snapshot(World(path, check=True))


def cmd_world_build(args: argparse.Namespace) -> int:
    from chibench.world.build import build_base_world
    from chibench.world.export import snapshot
    from chibench.world.seeds.loader import SeedError

    out = Path(args.out)
    if out.exists() and out.is_dir():
        return _fail(f"--out {out} is a directory; give a database file path")
    tmp = out.with_name(out.name + ".building")
    try:
        world = build_base_world(tmp)
        if args.overlay:
            from chibench.world.overlays import OverlayError, apply_overlay_file

            try:
                apply_overlay_file(world, Path(args.overlay))
            except OverlayError as exc:
                world.close()
                tmp.unlink(missing_ok=True)
                return _fail(str(exc))
        digest = snapshot(world)["digest"]
        world.close()
    except SeedError as exc:
        tmp.unlink(missing_ok=True)
        print("\n".join(exc.problems), file=sys.stderr)
        return _fail("seeds are invalid; nothing was written", 1)
    tmp.replace(out)
    print(json.dumps({"world": str(out), "digest": digest}))
    return 0


def cmd_world_stats(args: argparse.Namespace) -> int:
    from chibench.world.core.errors import DamagedDatabase, NotFound
    from chibench.world.core.world import World
    from chibench.world.export import stats

    try:
        world = World(Path(args.path), check=True)
    except (NotFound, DamagedDatabase) as exc:
        return _fail(exc.render())
    st = stats(world)
    if args.json:
        print(json.dumps(st, indent=1, sort_keys=True))
    else:
        for k, v in st.items():
            if k != "tables":
                print(f"{k:>20}: {v}")
    return 0


def cmd_world_export(args: argparse.Namespace) -> int:
    from chibench.world.core.errors import DamagedDatabase, NotFound
    from chibench.world.core.world import World
    from chibench.world.export import snapshot, to_json

    try:
        world = World(Path(args.path), check=True)
    except (NotFound, DamagedDatabase) as exc:
        return _fail(exc.render())
    text = to_json(snapshot(world))
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text + "\n")
    return 0


def cmd_world_diff(args: argparse.Namespace) -> int:
    from chibench.world.core.errors import DomainError
    from chibench.world.export import diff

    try:
        before, after = _load_state(Path(args.before)), _load_state(Path(args.after))
    except (OSError, ValueError, DomainError) as exc:
        return _fail(f"cannot read state: {exc}")
    print(json.dumps(diff(before, after), indent=1, sort_keys=True))
    return 0


def cmd_world_check(args: argparse.Namespace) -> int:
    from chibench.world.lint import lint_root

    problems = lint_root(write_cache=args.write_cache)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


def cmd_handbook_lint(args: argparse.Namespace) -> int:
    from chibench.handbook import lint

    problems = lint()
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


def cmd_handbook_stats(args: argparse.Namespace) -> int:
    from chibench.handbook import stats

    st = stats()
    if args.json:
        print(json.dumps(st, indent=1, sort_keys=True))
    else:
        print(f"{'book':<34}{'documents':>10}{'words':>10}")
        for name, b in sorted(st["books"].items()):
            print(f"{name:<34}{b['documents']:>10}{b['words']:>10}")
        print(f"{'total':<34}{st['documents']:>10}{st['words']:>10}")
        print()
        print(f"{'section/sub-folder':<44}{'documents':>10}")
        for name, n in sorted(st["subfolders"].items()):
            print(f"{name:<44}{n:>10}")
        print()
        for name, n in sorted(st["sections"].items()):
            print(f"section {name:<36}{n:>10}")
        print("provenance: " + ", ".join(f"{k} {v}" for k, v in sorted(st["provenance"].items())))
        print(f"generated: {st['generated']}")
    return 0


def cmd_handbook_generate(args: argparse.Namespace) -> int:
    from chibench.handbook_gen import SourceError, generate

    try:
        changed = generate(check=args.check)
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for c in changed:
        print(("stale: " if args.check else "wrote: ") + c)
    print(f"{len(changed)} file(s) {'stale' if args.check else 'changed'}")
    return 1 if (args.check and changed) else 0


def cmd_handbook_variant(args: argparse.Namespace) -> int:
    from chibench.handbook_variant import VariantError, copy_variant

    try:
        n = copy_variant(args.variant, Path(args.out))
    except VariantError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.variant}: {n} documents in {args.out}")
    return 0


def cmd_world_serve(args: argparse.Namespace) -> int:
    from chibench.world.core.errors import DamagedDatabase, NotFound
    from chibench.world.core.world import check_database
    from chibench.world.tools.registry import ROLES
    from chibench.world.tools.server import serve

    roles = [r.strip() for r in args.roles.split(",") if r.strip()]
    bad = [r for r in roles if r not in ROLES]
    if bad or not roles:
        return _fail(f"--roles: unknown {bad or 'none given'} (allowed: {', '.join(ROLES)})")
    path = Path(args.path)
    try:  # before serving: a damaged file is refused here, in one line, not by a failing background open
        check_database(path)
    except (NotFound, DamagedDatabase) as exc:
        return _fail(exc.render())
    mapping: dict[str, list[str]] = {}
    if args.identities:
        for part in args.identities.split(";"):
            role, _, ids = part.partition("=")
            if role.strip() not in ROLES or not ids.strip():
                return _fail(f"--identities: expected 'role=WKR-A,WKR-B;role=…', got '{part}'")
            mapping[role.strip()] = [i.strip() for i in ids.split(",") if i.strip()]

    def open_world() -> Any:  # run by the server in the background: the endpoints list tools meanwhile
        from chibench.world import apps  # noqa: F401  (loads the schema and the actor directory)
        from chibench.world.core.identities import set_identities
        from chibench.world.core.world import World

        world = World(path)
        if args.identities:
            set_identities(world, mapping)
        return world

    serve(open_world, host=args.host, port=args.port, roles=roles)
    return 0


def cmd_world_serve_task(args: argparse.Namespace) -> int:
    from chibench.world import control, taskspec
    from chibench.world.tools.server import serve

    run_dir = Path(args.run_dir or control.RUN_DIR)
    export_dir = Path(args.export_dir or control.EXPORT_DIR)
    try:
        spec = taskspec.load_task_world(args.task_json)
        agent_roles = list(spec.roles)
        if args.arena_opponent_port:  # χ-Bench-Arena with an external opponent (chibench.package.arena_opponent)
            from chibench.package.arena_opponent import OpponentError, external_task_world

            try:
                spec = external_task_world(spec)
            except OpponentError as exc:
                return _fail(str(exc))
        world = taskspec.prepare(spec, base=Path(args.base or control.BASE_WORLD), run_dir=run_dir,
                                 export_dir=export_dir)
    except taskspec.TaskWorldError as exc:
        return _fail(str(exc))
    with contextlib.ExitStack() as stack:
        if args.arena_opponent_port:
            from chibench.package.arena_opponent import serve_opponent_side

            try:
                stack.enter_context(serve_opponent_side(world, spec, args.host, args.arena_opponent_port))
            except (ValueError, OSError) as exc:
                return _fail(f"arena opponent endpoint: {exc}")
        try:
            stack.enter_context(control.serving(control.socket_path(run_dir),
                                                {"export": lambda: str(taskspec.write_final(world, export_dir))}))
        except OSError as exc:  # the collect hook then reads the database itself
            print(f"chibench: no control socket in {run_dir} ({exc}); export-task will open the database",
                  file=sys.stderr)
        print(f"chibench: serving {spec.task} ({', '.join(spec.roles)}) on {args.host}:{args.port}", flush=True)
        serve(world, host=args.host, port=args.port, roles=agent_roles)
    return 0


def cmd_world_export_task(args: argparse.Namespace) -> int:
    from chibench.world import control

    run_dir = Path(args.run_dir or control.RUN_DIR)
    export_dir = Path(args.export_dir or control.EXPORT_DIR)
    try:  # the running world writes it (no second process importing the world)
        out: Any = control.request(control.socket_path(run_dir), "export")
    except control.ControlUnavailable:
        from chibench.world import taskspec

        try:
            out = taskspec.export_final(run_dir=run_dir, export_dir=export_dir)
        except taskspec.TaskWorldError as exc:
            return _fail(str(exc))
    except (control.ControlError, OSError) as exc:
        return _fail(f"the running world could not write the final export: {exc}")
    print(f"chibench: wrote {out}")
    return 0


def cmd_tools_list(args: argparse.Namespace) -> int:
    from chibench.world.tools.registry import ROLES, load_all

    if args.role and args.role not in ROLES:
        return _fail(f"--role: '{args.role}' is not one of {', '.join(ROLES)}")
    rows = [{"name": t.name, "role": t.role, "namespace": t.namespace, "kind": t.kind, "description": t.description,
             "input_schema": t.input_schema()} for t in load_all().all() if not args.role or t.role == args.role]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['role']:<9}{r['kind']:<6}{r['name']}")
        print(f"{len(rows)} tool(s)")
    return 0


def cmd_tools_reference(args: argparse.Namespace) -> int:
    from chibench.world.tools.reference import write_all

    changed = write_all(check=args.check)
    for p in changed:
        print(("stale: " if args.check else "wrote: ") + str(p))
    return 1 if (args.check and changed) else 0


def cmd_verify(args: argparse.Namespace) -> int:
    from chibench.verifiers import grade

    try:  # an unreadable key is graded (and explained) by grade() below
        key = json.loads(Path(args.expectations).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        key = None
    if isinstance(key, dict) and key.get("format") == "chibench.arena-expectations/1":  # χ-Bench-Arena: both sides
        from chibench.verifiers.arena import grade_arena

        opponent = str(key.get("opponent"))
        try:  # a job may have made the opponent external (chibench.package.arena_opponent): the world says so
            settings = json.loads(Path(args.export).read_text(encoding="utf-8")).get("tables", {}).get("world_settings")
            ext = next((r.get("value") for r in settings or [] if r.get("key") == "arena_opponent"), None)
            opponent = f"external:{ext}" if ext else opponent
        except (OSError, ValueError, AttributeError):
            pass
        card = grade_arena(args.export, key.get("sides") or {}, initial=args.initial, out_dir=args.out,
                           agent_side=str(key.get("agent_side")), opponent=opponent,
                           **({"judge": None} if args.no_judge else {}))
    else:
        card = grade(args.export, args.expectations, initial=args.initial, out_dir=args.out,
                     **({"judge": None} if args.no_judge else {}))
    print(json.dumps({k: card.get(k) for k in ("reward", "outcome", "leaderboard_valid", "reason", "score")}
                     | {"judge": (card.get("judge") or {}).get("status"), "out": str(args.out)}))
    if card["reward"] == 1:
        return 0
    if card.get("outcome") == "ungraded":  # the judge could not vote: no reward.json (tests/test.sh keeps it so)
        print(f"chibench: {card['reason']}", file=sys.stderr)
        return 3
    return 2 if not (card.get("deterministic") or {}).get("checks") and "sides" not in card else 1


# Commands registered by other modules: (command, module, function adding it to the subparsers). Importing
# them all costs ~1.5 s of CPU (the world's ORM, the arena and package renderers, litellm-free but heavy), paid by
# every `chibench` process — three per sandboxed Harbor trial (the world sidecar, the collect hook, the grader)
# — so a command line naming another command leaves them unimported (main()).
_EXTENSIONS: tuple[tuple[str, str, str], ...] = (
    ("package", "chibench.package.cli", "add_package_parser"),
    ("marathon", "chibench.package.marathon_cli", "add_marathon_parser"),
    ("arena", "chibench.package.arena", "add_arena_parser"),
    ("dataset", "chibench.package.dataset", "add_dataset_parser"),
    ("report", "chibench.leaderboard.cli", "add_report_parser"),
    ("leaderboard", "chibench.leaderboard.cli", "add_leaderboard_parser"),
    ("images", "chibench.images", "add_images_parser"),
    ("contracts", "chibench.contracts_audit", "add_contracts_parser"),
    ("scripted-model", "chibench.testing.scripted_model", "add_parser"),
)


def _command_of(argv: list[str]) -> str | None:
    """The top-level command an argument list names (its first non-option word; ``--debug`` is the only
    top-level option and takes no value), or None."""
    return next((a for a in argv if not a.startswith("-")), None)


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full ``chibench`` parser; with ``command``, the extension commands other than that one are left out
    (their modules unimported) — unless ``command`` is unknown, which gets the full parser and its error."""
    p = argparse.ArgumentParser(prog="chibench", description="χ-Bench: managed-care operations benchmark")
    p.add_argument("--debug", action="store_true", help="show the traceback behind an input error")
    sub = p.add_subparsers(dest="group", required=True)
    world = sub.add_parser("world", help="build, inspect and check the simulated world")
    ws = world.add_subparsers(dest="command", required=True)
    b = ws.add_parser("build", help="build the base world (plus one task's overlay)")
    b.add_argument("--out", required=True, help="database file to write")
    b.add_argument("--overlay", help="a task scenario YAML whose overlay puts one case at its starting point")
    b.set_defaults(func=cmd_world_build)
    s = ws.add_parser("stats", help="counts (patients, workers, chart activities, every table)")
    s.add_argument("path")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_world_stats)
    e = ws.add_parser("export", help="canonical JSON snapshot with its sha256 digest")
    e.add_argument("path")
    e.add_argument("--out")
    e.set_defaults(func=cmd_world_export)
    d = ws.add_parser("diff", help="per-table added/updated/removed between two states")
    d.add_argument("before")
    d.add_argument("after")
    d.set_defaults(func=cmd_world_diff)
    c = ws.add_parser("check", help="lint the seeds (codes, ids, references, dates)")
    c.add_argument("--write-cache", action="store_true", help="rewrite the ICD-10-CM description cache")
    c.set_defaults(func=cmd_world_check)
    sv = ws.add_parser("serve", help="serve the role MCP endpoints over streamable HTTP")
    sv.add_argument("path")
    sv.add_argument("--host", default="0.0.0.0")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--roles", default="provider,payer,cm", help="comma-separated roles to serve")
    sv.add_argument("--identities", help="who the agent may act as: 'payer=WKR-UMN-01,WKR-MD-01;cm=WKR-CM-01'")
    sv.set_defaults(func=cmd_world_serve)
    st_ = ws.add_parser("serve-task", help="a task package's world sidecar: overlay, identities, start export, serve")
    st_.add_argument("task_json", help="the task's task.json (chibench.task-world/1)")
    st_.add_argument("--host", default="0.0.0.0")
    st_.add_argument("--port", type=int, default=8000)
    st_.add_argument("--base", help="base world database (read-only; default /opt/chibench/world/base.sqlite or $CHIBENCH_BASE_WORLD)")
    st_.add_argument("--run-dir", help="where the live world.sqlite is written (default /opt/chibench/run)")
    st_.add_argument("--export-dir", help="where initial.json / final.json go (default /opt/chibench/export)")
    st_.add_argument("--arena-opponent-port", type=int, default=None,
                     help="arena: serve the opponent's role endpoint and turn routes on this port (same host), "
                          "never on --port; needs $CHIBENCH_ARENA_TURN_TOKEN")
    st_.set_defaults(func=cmd_world_serve_task)
    et = ws.add_parser("export-task", help="write the final export of a running task world (collect hook)")
    et.add_argument("task_json", nargs="?", help="accepted for symmetry with serve-task; not read")
    et.add_argument("--run-dir", help="the world's run directory (default /opt/chibench/run): its control socket, "
                                      "else its world.sqlite")
    et.add_argument("--export-dir", help="where final.json goes when no world process answers (a running world "
                                         "writes to the directory it was started with)")
    et.set_defaults(func=cmd_world_export_task)
    tl = sub.add_parser("tools", help="the agent's tool surface")
    ts = tl.add_subparsers(dest="command", required=True)
    tls = ts.add_parser("list", help="names, roles, kinds and JSON schemas")
    tls.add_argument("--role")
    tls.add_argument("--json", action="store_true")
    tls.set_defaults(func=cmd_tools_list)
    tr = ts.add_parser("reference", help="regenerate tool_reference.md and the handbook platform tutorials")
    tr.add_argument("--check", action="store_true", help="fail if the committed files are stale")
    tr.set_defaults(func=cmd_tools_reference)
    hb = sub.add_parser("handbook", help="lint and measure the operations handbook skill")
    hs = hb.add_subparsers(dest="command", required=True)
    hl = hs.add_parser("lint", help="front matter, ids, links and citations")
    hl.set_defaults(func=cmd_handbook_lint)
    st = hs.add_parser("stats", help="documents and words per sub-book")
    st.add_argument("--json", action="store_true")
    st.set_defaults(func=cmd_handbook_stats)
    hg = hs.add_parser("generate", help="render the generated documents from chibench/handbook_content")
    hg.add_argument("--check", action="store_true", help="fail if the committed files are stale")
    hg.set_defaults(func=cmd_handbook_generate)
    hv = hs.add_parser("variant", help="copy one trimming-ablation variant of the handbook (paper §4.5)")
    hv.add_argument("variant", choices=("full", "no-domain", "no-medical", "no-both"))
    hv.add_argument("--out", required=True, help="destination folder (must not exist)")
    hv.set_defaults(func=cmd_handbook_variant)
    vf = sub.add_parser("verify", help="grade an exported world state against a task's expectations")
    vf.add_argument("--export", required=True, help="the final world export (JSON)")
    vf.add_argument("--expectations", required=True, help="the task's expectations.json (answer key)")
    vf.add_argument("--initial", help="the task's starting-state export (default: task.initial_export)")
    vf.add_argument("--out", required=True, help="directory for reward.json and scorecard.json")
    vf.add_argument("--no-judge", action="store_true", help="deterministic only, even if CHIBENCH_JUDGE_MODEL is set")
    vf.set_defaults(func=cmd_verify)
    known = {name for name, _, _ in _EXTENSIONS} | set(sub.choices)
    wanted = {command} if command in known else None
    for name, module, func in _EXTENSIONS:
        if wanted is None or name in wanted:
            getattr(importlib.import_module(module), func)(sub)
    return p


def _user_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that mean bad input or an unusable environment (a file that is missing, unreadable,
    malformed or damaged): one line and exit 2. Anything else escaping a command is a bug in chibench."""
    import sqlite3

    import yaml
    from pydantic import ValidationError
    from sqlalchemy.exc import DatabaseError

    from chibench.world.core.errors import DomainError

    known: list[type[BaseException]] = [OSError, UnicodeDecodeError, json.JSONDecodeError, yaml.YAMLError,
                                        ValidationError, sqlite3.DatabaseError, DatabaseError, DomainError]
    for module, name in [("chibench.world.taskspec", "TaskWorldError"), ("chibench.world.overlays", "OverlayError"),
                         ("chibench.world.seeds.loader", "SeedError"), ("chibench.package.scenario", "ScenarioError"),
                         ("chibench.package.render", "RenderError"), ("chibench.verifiers.exportview", "ExportError"),
                         ("chibench.verifiers.expectations", "ExpectationsError"),
                         ("chibench.leaderboard.report", "ReportError"),
                         ("chibench.leaderboard.submission", "SubmissionError"), ("chibench.images", "ImagesError")]:
        with contextlib.suppress(ImportError):
            known.append(getattr(__import__(module, fromlist=[name]), name))
    return tuple(known)


def _one_line(exc: BaseException) -> str:
    import sqlite3

    from sqlalchemy.exc import DatabaseError

    if isinstance(exc, DatabaseError) and exc.orig is not None:  # not the SQL statement and its parameters
        exc = exc.orig
    text = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, sqlite3.DatabaseError):
        text = f"the database cannot be read ({text}); it is damaged or not a χ-Bench world"
    return text[:2000]


def main(argv: list[str] | None = None) -> int:
    """Run one command. Bad input gets one line on stderr and exit 2 (``--debug``, or
    ``CHIBENCH_DEBUG=1``, adds the traceback); an internal error keeps its traceback, with a hint."""
    import os
    import traceback

    args = parser(_command_of(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    debug = bool(args.debug or os.environ.get("CHIBENCH_DEBUG"))
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Exception as exc:
        if isinstance(exc, _user_errors()):
            if debug:
                traceback.print_exc()
            return _fail(_one_line(exc))
        traceback.print_exc()
        print("chibench: internal error (a bug in chibench, not in your input): "
              f"{type(exc).__name__}: {_one_line(exc)[:300]} — please report it with the traceback above",
              file=sys.stderr)
        return 70  # EX_SOFTWARE


if __name__ == "__main__":
    raise SystemExit(main())
