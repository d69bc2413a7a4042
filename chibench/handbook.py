"""Handbook index, lint and stats (``chibench handbook lint|stats``).

The handbook (``handbook_skill/``) is an Agent Skill: ``SKILL.md`` files carry ``name`` and
``description`` front matter; every other document carries ``id``, ``title``, ``doc_type``,
``role``, ``version`` and ``effective_date``. Sections are citable as ``<doc-id> §<n>`` when a
heading starts with that number (``## 3. Coverage criteria``, ``### 3.2 Body mass index``).

Lint checks: front matter on every document, unique ids, every relative link resolves, and every
citation — inside the handbook, in the world's hidden payer policies, and in task expectations
under ``packages/`` — names an existing document and section.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from chibench.assets import handbook_dir

REPO = Path(__file__).resolve().parents[1]  # a checkout: lint also reads packages/ here
HANDBOOK = handbook_dir()  # package data, so a wheel install has it too

SKILL_KEYS = ("name", "description")
DOC_KEYS = ("id", "title", "doc_type", "role", "version", "effective_date")
HEADING = re.compile(r"^#{1,6}\s+§?(\d+(?:\.\d+)*)[.)]?\s", re.MULTILINE)
CITATION = re.compile(r"\b([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s+§\s?(\d+(?:\.\d+)*)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OWN_PREFIXES = ("KM-", "RMG-")  # id families this handbook owns; other ids (e.g. CFR) are not ours
FENCE = re.compile(r"```.*?```", re.DOTALL)


@dataclass
class Doc:
    path: Path
    meta: dict[str, Any]
    body: str
    sections: set[str] = field(default_factory=set)

    @property
    def id(self) -> str | None:
        v = self.meta.get("id")
        return str(v) if v is not None else None


def parse(path: Path) -> tuple[dict[str, Any] | None, str]:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return None, text
    end = text.find("\n---", 4)
    if end < 0:
        return None, text
    try:
        meta = yaml.safe_load(text[4:end]) or {}
    except yaml.YAMLError:
        return None, text
    return (meta if isinstance(meta, dict) else None), text[end + 4:]


def load(root: Path = HANDBOOK) -> list[Doc]:
    docs = []
    for p in sorted(root.rglob("*.md")):
        meta, body = parse(p)
        d = Doc(p, meta or {}, body)
        d.sections = set(HEADING.findall(FENCE.sub("", body)))
        docs.append(d)
    return docs


def index(docs: Iterable[Doc]) -> dict[str, Doc]:
    return {d.id: d for d in docs if d.id}


def resolve(citation: str, idx: dict[str, Doc]) -> str | None:
    """None if ``'<id> §<n>'`` resolves, else the reason."""
    m = CITATION.fullmatch(citation.strip())
    if not m:
        return f"'{citation}' is not a citation of the form '<doc-id> §<n>'"
    doc_id, sec = m.groups()
    if doc_id not in idx:
        return f"'{citation}': no handbook document with id {doc_id}"
    if sec not in idx[doc_id].sections:
        return f"'{citation}': {doc_id} has no section {sec}"
    return None


def external_citations(repo: Path = REPO) -> list[tuple[str, str]]:
    """(where, citation) pairs from the world's hidden payer policies and task expectations."""
    out: list[tuple[str, str]] = []
    for p in sorted((repo / "world" / "seeds" / "services").glob("*.yaml")):
        data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        pol = data.get("payer_policy") or {}
        for c in pol.get("criteria") or []:
            out.append((f"world/seeds/services/{p.name}", str(c.get("citation", ""))))
    for p in sorted((repo / "packages").glob("*/scenario.yaml")) if (repo / "packages").exists() else []:
        text = p.read_text(encoding="utf-8")
        out += [(str(p.relative_to(repo)), f"{a} §{b}") for a, b in CITATION.findall(text)]
    return out


def lint(root: Path = HANDBOOK, repo: Path = REPO) -> list[str]:
    docs = load(root)
    problems: list[str] = []
    for d in docs:
        rel = d.path.relative_to(root)
        keys = SKILL_KEYS if d.path.name == "SKILL.md" else DOC_KEYS
        if not d.meta:
            problems.append(f"{rel}: missing or unreadable front matter")
            continue
        missing = [k for k in keys if not d.meta.get(k)]
        if missing:
            problems.append(f"{rel}: front matter lacks {', '.join(missing)}")
    for doc_id, n in Counter(d.id for d in docs if d.id).items():
        if n > 1:
            problems.append(f"duplicate document id {doc_id} ({n} documents)")
    idx = index(docs)
    for d in docs:
        rel = d.path.relative_to(root)
        body = FENCE.sub("", d.body)
        for target in LINK.findall(body):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            path = target.split("#", 1)[0]
            if not (d.path.parent / path).exists():
                problems.append(f"{rel}: broken link {target}")
        for a, b in CITATION.findall(body):
            why = resolve(f"{a} §{b}", idx)
            if why and (a in idx or a.startswith(OWN_PREFIXES)):
                problems.append(f"{rel}: unresolved citation {why}")
    for where, cite in external_citations(repo):
        why = resolve(cite, idx)
        if why:
            problems.append(f"{where}: unresolved citation {why}")
    return problems


def stats(root: Path = HANDBOOK) -> dict[str, Any]:
    docs = load(root)
    books: dict[str, dict[str, int]] = {}
    for d in docs:
        parts = d.path.relative_to(root).parts
        book = parts[1] if len(parts) > 2 and parts[0] == "references" else "(root)"
        if book == "medical-library" and len(parts) > 3:
            book = f"medical-library/{parts[2]}"
        b = books.setdefault(book, {"documents": 0, "words": 0})
        b["documents"] += 1
        b["words"] += len(d.body.split())
    return {"documents": len(docs), "words": sum(b["words"] for b in books.values()), "books": books}
