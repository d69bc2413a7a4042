"""Handbook: lint is clean, every sub-book exists, and the hidden policies' criteria match the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chibench.cli import main
from chibench.handbook import CITATION, HANDBOOK, index, lint, load, resolve, stats
from chibench.world.core import yamlio

SERVICES = sorted((Path(__file__).resolve().parents[2] / "world" / "seeds" / "services").glob("*.yaml"))
CATALOG_SERVICES = 25


def section_text(doc_body: str, number: str) -> str:
    """Text of section ``number`` up to the next heading at the same or a higher level."""
    lines = doc_body.splitlines()
    start, level = None, 0
    for i, line in enumerate(lines):
        m = re.match(r"^(#{1,6})\s+§?(\d+(?:\.\d+)*)[.)]?\s", line)
        if m and start is None and m.group(2) == number:
            start, level = i, len(m.group(1))
        elif m and start is not None and len(m.group(1)) <= level:
            return "\n".join(lines[start:i])
    if start is None:
        raise KeyError(number)
    return "\n".join(lines[start:])


def test_lint_is_clean():
    assert lint() == []


def test_structure_exists():
    refs = HANDBOOK / "references"
    for book in ("provider-pa", "payer-um", "care-manager", "medical-library", "platform"):
        assert (refs / book / "SKILL.md").exists(), book
    for book in ("provider-pa", "payer-um", "care-manager"):
        assert (refs / book / "01-workflow.md").exists(), book
    lib = refs / "medical-library"
    # hand-written drug criteria (the generated ones carry `generated: true`; see tests/handbook/test_handbook_scale.py)
    assert len([p for p in (lib / "drug-criteria").glob("*.md") if "\ngenerated: true\n" not in p.read_text()]) == 2
    assert len([p for p in (lib / "care-plans").glob("*.md") if p.name != "index.md"]) == 22
    for tutorial in ("provider-pa", "payer-um", "care-manager"):
        assert (refs / "platform" / f"{tutorial}-tutorial.md").exists()
    assert (HANDBOOK / "LICENSE").exists() and (HANDBOOK / "SOURCES.md").exists()


def test_every_catalog_service_has_its_policy():
    idx = index(load())
    seeds = [yamlio.load(p.read_text()) for p in SERVICES]
    assert len(seeds) == CATALOG_SERVICES
    for s in seeds:
        assert s["payer_policy"]["handbook_policy_id"] in idx, s["slug"]


@pytest.mark.parametrize("path", SERVICES, ids=[p.stem for p in SERVICES])
def test_hidden_criteria_cite_sections_that_state_their_thresholds(path):
    idx = index(load())
    pol = yamlio.load(path.read_text())["payer_policy"]
    for c in pol["criteria"]:
        assert resolve(c["citation"], idx) is None, c["citation"]
        doc_id, number = CITATION.fullmatch(c["citation"]).groups()
        text = section_text(idx[doc_id].body, number)
        for num in re.findall(r"\d+(?:\.\d+)?", c.get("threshold") or ""):
            assert num in text, f"{c['id']}: threshold number {num} not in {c['citation']}"


@pytest.mark.parametrize("path", SERVICES, ids=[p.stem for p in SERVICES])
def test_required_kinds_are_the_ones_the_policy_lists(path):
    idx = index(load())
    pol = yamlio.load(path.read_text())["payer_policy"]
    body = idx[pol["handbook_policy_id"]].body
    docs_section = section_text(body, "4")
    for kind in pol.get("required_document_kinds", []):
        assert kind in docs_section or kind.replace("_", " ") in docs_section.lower(), kind


def test_lint_catches_broken_links_missing_front_matter_and_bad_citations(tmp_path):
    root = tmp_path / "hb"
    (root / "references").mkdir(parents=True)
    (root / "SKILL.md").write_text("---\nname: x\ndescription: y\n---\n[gone](missing.md)\n")
    (root / "references" / "a.md").write_text("# no front matter\nSee KM-UM-OPS-001 §9.\n")
    (root / "references" / "b.md").write_text(
        "---\nid: KM-X-001\ntitle: t\ndoc_type: chapter\nrole: shared\nversion: '1'\neffective_date: 2026-01-01\n---\n"
        "## 1. One\nSee KM-X-001 §2 and KM-X-001 §1.\n")
    problems = "\n".join(lint(root, repo=tmp_path))
    assert "broken link missing.md" in problems
    assert "a.md: missing or unreadable front matter" in problems
    assert "KM-X-001 has no section 2" in problems
    assert "KM-X-001 §1" not in problems


def test_stats_cli(capsys):
    assert main(["handbook", "stats", "--json"]) == 0
    st = stats()
    assert st["documents"] >= 100
    assert "medical-library/medical-policies" in st["books"]
