"""Cited handbook sections, verbatim, for rubric prompts (``<doc-id> §<n>`` → the section's text).

The judge must see the policy text a rubric rests on, not a paraphrase. A section runs from its
numbered heading to the next heading of the same or a higher level (so ``§3`` includes ``§3.1``…).
The handbook root is ``$CHIBENCH_HANDBOOK_DIR`` when set (the grader image bakes the handbook in),
else the repository's ``handbook_skill/``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from chibench.verifiers.handbook_index import HANDBOOK, load

HEADING_LINE = re.compile(r"^(#{1,6})\s+§?(\d+(?:\.\d+)*)[.)]?\s+(.*)$")
FENCE_LINE = re.compile(r"^```")
CITE = re.compile(r"^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+) §(\d+(?:\.\d+)*)$")


def default_root() -> Path:
    env = os.environ.get("CHIBENCH_HANDBOOK_DIR")
    return Path(env) if env else HANDBOOK


@dataclass(frozen=True)
class Section:
    citation: str
    doc_id: str
    title: str
    heading: str
    text: str
    path: str


class HandbookIndex:
    _cache: dict[Path, HandbookIndex] = {}

    def __init__(self, root: Path):
        self.root = root
        self.docs = {d.id: d for d in load(root) if d.id}

    @classmethod
    def for_root(cls, root: Path | None = None) -> HandbookIndex:
        r = (root or default_root()).resolve()
        if r not in cls._cache:
            cls._cache[r] = HandbookIndex(r)
        return cls._cache[r]

    def unresolved(self, citation: str) -> str | None:
        """None when ``citation`` names an existing document and section, else the reason."""
        m = CITE.match(citation.strip())
        if not m:
            return f"'{citation}' is not a citation '<doc-id> §<n>'"
        doc_id, sec = m.groups()
        if doc_id not in self.docs:
            return f"'{citation}': no handbook document with id {doc_id}"
        if sec not in self.docs[doc_id].sections:
            return f"'{citation}': {doc_id} has no section {sec}"
        return None

    def section(self, citation: str) -> Section:
        why = self.unresolved(citation)
        if why:
            raise KeyError(why)
        m = CITE.match(citation.strip())
        assert m is not None
        doc_id, sec = m.groups()
        doc = self.docs[doc_id]
        lines = doc.body.splitlines()
        start, level, heading = -1, 0, ""
        in_fence = False
        for i, line in enumerate(lines):
            if FENCE_LINE.match(line):
                in_fence = not in_fence
                continue
            h = HEADING_LINE.match(line)
            if in_fence or not h:
                continue
            if start < 0 and h.group(2) == sec:
                start, level, heading = i, len(h.group(1)), line.lstrip("#").strip()
            elif start >= 0 and len(h.group(1)) <= level:
                return Section(citation, doc_id, str(doc.meta.get("title", "")), heading,
                               "\n".join(lines[start:i]).strip(), str(doc.path.relative_to(self.root)))
        if start < 0:  # pragma: no cover - unresolved() found the section
            raise KeyError(citation)
        return Section(citation, doc_id, str(doc.meta.get("title", "")), heading,
                       "\n".join(lines[start:]).strip(), str(doc.path.relative_to(self.root)))
