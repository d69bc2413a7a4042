"""Handbook lint and stats (``chibench handbook lint|stats``); the index itself is
:mod:`chibench.verifiers.handbook_index`.

Lint checks: front matter on every document (with provenance: ``original``, ``derived`` with its
public sources, or ``synthetic``), unique ids, the section structure each document type needs, every
relative link resolves, every citation — inside the handbook, in the world's hidden payer policies,
and in task expectations under ``packages/`` — names an existing document and section, and every
document earns its place: a minimum of distinct content and no near-duplicate pair.

Near-duplicates: documents are compared as sets of word 5-gram shingles (lower-cased, punctuation
stripped, front matter and tables of codes included). Candidate pairs come from MinHash LSH
(``datasketch``, 128 permutations) and are confirmed with the exact Jaccard similarity.
:data:`NEAR_DUP_JACCARD` is 0.6: at J = 0.6 two documents of similar length share
2J/(1+J) = 75 % of their 5-grams, i.e. one is the other with a quarter of its phrases edited — a copy,
not a neighbour. Deliberate near-miss neighbours (with versus without contrast, commercial versus
Medicare Advantage) measure 0.2–0.5 in this handbook: same skeleton, different criteria.
Distinct content: a document must have at least :data:`MIN_OWN_SHINGLES` shingles that occur in no
more than :data:`COMMON_DF` documents (i.e. not template boilerplate) — about a paragraph of its own.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

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
from chibench.world.core import yamlio

__all__ = ["CITATION", "DOC_KEYS", "HANDBOOK", "NEAR_DUP_JACCARD", "REPO", "SKILL_KEYS", "Doc", "index", "lint",
           "load", "near_duplicates", "parse", "resolve", "shingles", "stats", "external_citations",
           "thin_documents"]

PROVENANCE = ("original", "derived", "synthetic")
NEAR_DUP_JACCARD = 0.6
MIN_OWN_SHINGLES = 60
COMMON_DF = 25
SHINGLE = 5
# doc_type -> numbered top-level sections it must have
STRUCTURE: dict[str, tuple[str, ...]] = {
    "medical_policy": ("1", "3", "4", "5", "6", "7"),
    "drug_criteria": ("1", "2", "3"),
    "clinical_guideline": ("1", "2", "3", "4", "5"),
    "ur_criteria": ("1", "2", "3", "4", "5"),
    "pa_requirements": ("1", "2", "3", "4", "5"),
}
WORD = re.compile(r"[a-z0-9][a-z0-9.'-]*")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OWN_PREFIXES = ("KM-", "RMG-")  # id families this handbook owns; other ids (e.g. CFR) are not ours


def external_citations(repo: Path = REPO) -> list[tuple[str, str]]:
    """(where, citation) pairs from the world's hidden payer policies and task expectations."""
    out: list[tuple[str, str]] = []
    for p in sorted((repo / "world" / "seeds" / "services").glob("*.yaml")):
        data = yamlio.load(p.read_text(encoding="utf-8")) or {}
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
        if d.path.name != "SKILL.md":
            problems += [f"{rel}: {p}" for p in _provenance_problems(d)]
            need = STRUCTURE.get(str(d.meta.get("doc_type")), ())
            lacking = [n for n in need if n not in d.sections]
            if lacking:
                problems.append(f"{rel}: a {d.meta.get('doc_type')} needs numbered sections "
                                f"{', '.join(need)}; missing §{', §'.join(lacking)}")
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
    problems += [f"{a} and {b}: near-duplicates (5-gram Jaccard {j:.2f} > {NEAR_DUP_JACCARD})"
                 for a, b, j in near_duplicates(docs, root)]
    for rel, own in thin_documents(docs, root):
        problems.append(f"{rel}: only {own} distinct 5-word phrases (minimum {MIN_OWN_SHINGLES}): "
                        "merge it into a neighbour or give it content of its own")
    return problems


def _provenance_problems(d: Doc) -> list[str]:
    prov = d.meta.get("provenance")
    if prov not in PROVENANCE:
        return [f"provenance {prov!r}: expected one of {', '.join(PROVENANCE)}"]
    if prov == "derived" and not d.meta.get("sources") and not re.search(
            r"^#{2,3}\s+\d+(?:\.\d+)*\.?\s+(References|Sources)\b", d.body, re.MULTILINE):
        return ["provenance 'derived' needs the public sources it restates (front matter 'sources' or a "
                "References section)"]
    return []


def shingles(text: str, n: int = SHINGLE) -> set[str]:
    """Word ``n``-gram shingles of ``text`` (lower-cased; markdown punctuation dropped)."""
    words = WORD.findall(text.lower())
    return {" ".join(words[i:i + n]) for i in range(max(0, len(words) - n + 1))}


def _shingle_sets(docs: list[Doc]) -> list[set[str]]:
    return [shingles(d.body) for d in docs]


def near_duplicates(docs: list[Doc], root: Path = HANDBOOK, threshold: float = NEAR_DUP_JACCARD,
                    sets: list[set[str]] | None = None) -> list[tuple[str, str, float]]:
    """(path, path, Jaccard) for every pair of documents above ``threshold`` (MinHash LSH candidates,
    confirmed exactly)."""
    try:
        from datasketch import MinHash, MinHashLSH
    except ImportError as exc:  # a dev dependency: the lint is a developer/CI tool
        raise SystemExit("chibench handbook lint needs datasketch: pip install -e '.[dev]'") from exc

    sets = sets if sets is not None else _shingle_sets(docs)
    lsh = MinHashLSH(threshold=max(0.05, threshold - 0.15), num_perm=128)
    hashes = []
    for i, s in enumerate(sets):
        m = MinHash(num_perm=128, seed=1)
        m.update_batch([x.encode() for x in s] or [b""])
        hashes.append(m)
        lsh.insert(str(i), m)
    out = []
    for i, m in enumerate(hashes):
        for j in sorted(int(k) for k in lsh.query(m)):
            if j <= i or not sets[i] or not sets[j]:
                continue
            jac = len(sets[i] & sets[j]) / len(sets[i] | sets[j])
            if jac > threshold:
                out.append((str(docs[i].path.relative_to(root)), str(docs[j].path.relative_to(root)), jac))
    return out


def thin_documents(docs: list[Doc], root: Path = HANDBOOK,
                   sets: list[set[str]] | None = None) -> list[tuple[str, int]]:
    """(path, own shingles) for documents with fewer than MIN_OWN_SHINGLES shingles that occur in at most
    COMMON_DF documents. SKILL.md routing files and index tables are exempt (their job is to point)."""
    sets = sets if sets is not None else _shingle_sets(docs)
    df: Counter[str] = Counter()
    for s in sets:
        df.update(s)
    out = []
    for d, s in zip(docs, sets, strict=True):
        if d.path.name == "SKILL.md" or d.meta.get("doc_type") == "index":
            continue
        own = sum(1 for x in s if df[x] <= COMMON_DF)
        if own < MIN_OWN_SHINGLES:
            out.append((str(d.path.relative_to(root)), own))
    return out


SECTIONS = ("provider-pa", "payer-um", "care-manager", "platform", "medical-library")


def stats(root: Path = HANDBOOK) -> dict[str, Any]:
    """Counts per book and sub-folder, per section, per provenance, and words.

    Shape: ``{"documents": int, "words": int, "books": {name: {"documents", "words"}},
    "sections": {section: documents}, "subfolders": {"section/sub": documents},
    "provenance": {kind: documents}, "generated": int}``.
    """
    docs = load(root)
    books: dict[str, dict[str, int]] = {}
    sections: Counter[str] = Counter()
    subfolders: Counter[str] = Counter()
    provenance: Counter[str] = Counter()
    for d in docs:
        parts = d.path.relative_to(root).parts
        if len(parts) > 2 and parts[0] == "references":
            sections[parts[1]] += 1
            subfolders[f"{parts[1]}/{parts[2] if len(parts) > 3 else '(top)'}"] += 1
        provenance[str(d.meta.get("provenance", "skill-index" if d.path.name == "SKILL.md" else "none"))] += 1
        parts = d.path.relative_to(root).parts
        book = parts[1] if len(parts) > 2 and parts[0] == "references" else "(root)"
        if book == "medical-library" and len(parts) > 3:
            book = f"medical-library/{parts[2]}"
        b = books.setdefault(book, {"documents": 0, "words": 0})
        b["documents"] += 1
        b["words"] += len(d.body.split())
    return {"documents": len(docs), "words": sum(b["words"] for b in books.values()), "books": books,
            "sections": dict(sections), "subfolders": dict(subfolders), "provenance": dict(provenance),
            "generated": sum(1 for d in docs if d.meta.get("generated") is True)}
