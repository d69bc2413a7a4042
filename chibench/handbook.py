"""Handbook lint and stats (``chibench handbook lint|stats``); the index itself is
:mod:`chibench.verifiers.handbook_index`.

Lint checks: front matter on every document, unique ids, every relative link resolves, and every
citation — inside the handbook, in the world's hidden payer policies, and in task expectations
under ``packages/`` — names an existing document and section.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from chibench.verifiers.handbook_index import (
    CITATION,
    DOC_KEYS,
    FENCE,
    HANDBOOK,
    REPO,
    SKILL_KEYS,
    Doc,
    index,
    load,
    parse,
    resolve,
)

__all__ = ["CITATION", "DOC_KEYS", "HANDBOOK", "REPO", "SKILL_KEYS", "Doc", "index", "lint", "load", "parse",
           "resolve", "stats", "external_citations"]

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OWN_PREFIXES = ("KM-", "RMG-")  # id families this handbook owns; other ids (e.g. CFR) are not ours


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
