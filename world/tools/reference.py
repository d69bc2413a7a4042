"""Generated documentation of the tool surface, one source (the registry), two destinations.

* ``world/tools/reference/<role>/tool_reference.md`` — shipped into each task's workspace;
* ``handbook_skill/references/platform/<surface>-tutorial.md`` — the handbook's platform appendix.

The same command writes ``world/tools/tool_catalog.py``, every role's ``tools/list`` entries, from
which a world server lists its tools before the world has finished loading.

Both list namespaces, tools (read/write), arguments with types, enums, bounds and descriptions, and
the lifecycle states the role's tools move. ``chibench tools reference --check`` fails when a
committed file differs from what the registry generates (CI runs it), so they never drift.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chibench.world.core import machines

from .budget import RESULT_BUDGET
from .registry import ROLES, Role, Tool, load_all, render_catalog

REPO = Path(__file__).resolve().parents[2]
REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
CATALOG_FILE = Path(__file__).resolve().parent / "tool_catalog.py"
PLATFORM_DIR = REPO / "handbook_skill" / "references" / "platform"

SURFACE = {"provider": ("provider-pa", "Provider prior authorization", "provider-pa"),
           "payer": ("payer-um", "Payer utilization management", "payer-um"),
           "cm": ("care-manager", "Care management", "care-manager")}
MACHINES_BY_ROLE: dict[str, tuple[machines.Machine, ...]] = {
    "provider": (machines.PA_CASE, machines.P2P),
    "payer": (machines.PA_CASE, machines.INTAKE, machines.REVIEW_TASK, machines.P2P, machines.LETTER),
    "cm": (machines.CM_CASE, machines.REFERRAL, machines.OUTREACH, machines.ASSESSMENT, machines.CARE_PLAN),
}


def _type(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "enum" in schema:
        return " | ".join(f"`{v}`" for v in schema["enum"])
    if "const" in schema:
        return f"`{schema['const']}`"
    if "anyOf" in schema:
        return " or ".join(_type(s, defs) for s in schema["anyOf"])
    t = schema.get("type", "any")
    if t == "array":
        return f"list of {_type(schema.get('items', {}), defs)}"
    if t == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return f"object of {_type(schema['additionalProperties'], defs)}"
    return str(t)


def _bounds(schema: dict[str, Any]) -> str:
    parts = []
    for key, label in (("minLength", "min length"), ("maxLength", "max length"), ("minimum", "≥"),
                       ("maximum", "≤"), ("minItems", "min items"), ("maxItems", "max items")):
        if key in schema:
            parts.append(f"{label} {schema[key]}")
    return f" ({', '.join(parts)})" if parts else ""


def _args_table(schema: dict[str, Any]) -> list[str]:
    props = schema.get("properties", {})
    if not props:
        return ["No arguments."]
    required = set(schema.get("required", []))
    defs = schema.get("$defs", {})
    lines = ["| argument | type | required | description |", "|---|---|---|---|"]
    for name, p in props.items():
        desc = (p.get("description") or "").replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{name}` | {_type(p, defs)}{_bounds(p)} | {'yes' if name in required else 'no'} | {desc} |")
    for dname, d in defs.items():
        sub = d.get("properties", {})
        if not sub:
            continue
        lines += ["", f"`{dname}` fields:", "", "| field | type | required | description |", "|---|---|---|---|"]
        req = set(d.get("required", []))
        for name, p in sub.items():
            desc = (p.get("description") or "").replace("|", "\\|").replace("\n", " ")
            lines.append(f"| `{name}` | {_type(p, defs)}{_bounds(p)} | {'yes' if name in req else 'no'} | {desc} |")
    return lines


def _tool_section(t: Tool) -> list[str]:
    return [f"### `{t.name}` ({t.kind})", "", t.description, "", *_args_table(t.input_schema()), ""]


def render(role: Role, *, tutorial: bool) -> str:
    tools = load_all().for_role(role)
    slug, title, handbook_role = SURFACE[role]
    namespaces: dict[str, list[Tool]] = {}
    for t in tools:
        namespaces.setdefault(t.namespace, []).append(t)
    out: list[str] = []
    if tutorial:
        out += ["---", f"id: KM-PLAT-{slug.upper()}", f"title: Platform tutorial — {title} tools",
                "doc_type: tutorial", "provenance: original", f"role: {handbook_role}", 'version: "2026.2"', "effective_date: 2026-07-01",
                "---", ""]
    out += [f"# {title} — tool reference", "",
            "Generated from the tool registry; do not edit by hand (`chibench tools reference`).", "",
            "## 1. How to call the tools", "",
            f"Your MCP server exposes {len(tools)} tools named `<namespace>_<tool>`. Every tool takes "
            "`acting_as`: the worker id your instruction assigns for that step; the platform accepts only the "
            "identities your task was given and checks each one's authority. A refused call returns a tool "
            "error saying what was wrong and what is allowed, and changes nothing. Reads never change the "
            "world (except that opening a message stamps it read).", "",
            f"Long results. No result is longer than {RESULT_BUDGET:,} characters, and nothing is cut without "
            "saying so. Lists are paged: pass `offset` and `limit`; a page returns `total` and `next_offset` "
            "(null on the last page) and stops early where the budget is reached. Long records (charts, case "
            "views, review workspaces) return every short field and as much of each list section as fits; a "
            "section that was cut is listed under `more` as `{returned, total, next_offset}` — call the same "
            "tool with `section=<name>` and `offset=<next_offset>` for the rest. Long texts (document and "
            "letter bodies) come in windows with `body_chars` and `body_next_offset`.", "",
            "## 2. Namespaces", "", "| namespace | tools |", "|---|---|"]
    for ns, ts in namespaces.items():
        out.append(f"| `{ns}` | {', '.join(f'`{t.name}`' for t in ts)} |")
    out += ["", "## 3. Lifecycles these tools move", ""]
    for m in MACHINES_BY_ROLE[role]:
        out.append(f"**{m.name}** — terminal: {', '.join(f'`{s}`' for s in sorted(m.terminal))}")
        out.append("")
        out.append("| from | allowed next |")
        out.append("|---|---|")
        for state, nxt in m.moves.items():
            out.append(f"| `{state}` | {', '.join(f'`{n}`' for n in sorted(nxt)) or '(terminal)'} |")
        out.append("")
    out += ["## 4. Tools", ""]
    for n, (ns, ts) in enumerate(namespaces.items(), 1):
        out += [f"### 4.{n} `{ns}`", ""]
        for t in ts:
            out += _tool_section(t)
    return "\n".join(out).rstrip() + "\n"


def targets() -> dict[Path, str]:
    out: dict[Path, str] = {}
    for role in ROLES:
        out[REFERENCE_DIR / role / "tool_reference.md"] = render(role, tutorial=False)
        out[PLATFORM_DIR / f"{SURFACE[role][0]}-tutorial.md"] = render(role, tutorial=True)
    out[CATALOG_FILE] = render_catalog()
    return out


def write_all(*, check: bool = False) -> list[Path]:
    """Write (or, with ``check``, only compare) every generated file; returns the stale/changed ones."""
    changed = []
    for path, text in targets().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            changed.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return changed
