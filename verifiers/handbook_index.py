"""The handbook index: documents, their front matter and their citable sections.

The handbook (``handbook_skill/``) is an Agent Skill: ``SKILL.md`` files carry ``name`` and
``description`` front matter; every other document carries ``id``, ``title``, ``doc_type``,
``role``, ``version`` and ``effective_date``. Sections are citable as ``<doc-id> §<n>`` when a
heading starts with that number (``## 3. Coverage criteria``, ``### 3.2 Body mass index``).

One module for both readers: the grader (``verifiers/handbook_text.py``, rubric prompts) and the CLI
(``chibench/handbook.py``, lint and stats) — the grader never imports the CLI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from chibench.world.core import yamlio

REPO = Path(__file__).resolve().parents[1]
HANDBOOK = REPO / "handbook_skill"

SKILL_KEYS = ("name", "description")
DOC_KEYS = ("id", "title", "doc_type", "role", "version", "effective_date")
HEADING = re.compile(r"^#{1,6}\s+§?(\d+(?:\.\d+)*)[.)]?\s", re.MULTILINE)
CITATION = re.compile(r"\b([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s+§\s?(\d+(?:\.\d+)*)")
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
        meta = yamlio.load(text[4:end]) or {}
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
