"""The static leaderboard site opened in a real headless Chromium: table, column sort, plots, screenshots.

Built from the fabricated pair of entries of ``test_leaderboard_site`` plus the paper's 30 Table 2 rows, opened
through ``file://`` (the site must work without a server). Drives the system browser (Debian ``chromium``)
through Playwright for Python; Playwright's own browser download is not used. Screenshots go to
``$CHIBENCH_ARTIFACTS/site-screenshots/`` (default ``tests-artifacts/site-screenshots/`` in the repo, git-ignored).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chibench.leaderboard.site import render_site
from tests.leaderboard.test_leaderboard_site import board  # noqa: F401  (the fixture: two fabricated entries + 30 paper rows)

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _screenshots() -> Path:
    root = Path(os.environ["CHIBENCH_ARTIFACTS"]) if os.environ.get("CHIBENCH_ARTIFACTS") else REPO / "tests-artifacts"
    out = root / "site-screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture()
def page(board: dict[str, Any], tmp_path: Path) -> Iterator[Any]:  # noqa: F811
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright for Python is missing: pip install 'playwright==1.55.0' "
        "(in the dev extra); no `playwright install` is needed, the system Chromium is used")
    if CHROMIUM is None:
        pytest.skip("no system Chromium on PATH: apt-get install -y chromium")
    render_site(board, tmp_path / "site")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            pg = browser.new_page(viewport={"width": 1400, "height": 900})
            errors: list[str] = []
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.goto((tmp_path / "site" / "index.html").as_uri())
            pg.wait_for_load_state("load")
            yield pg
            assert errors == [], f"JavaScript errors on the page: {errors}"
        finally:
            browser.close()


def _models(pg: Any) -> list[str]:
    """Model column of the re-graded body of the main table, in displayed order."""
    return [t.strip() for t in pg.locator("#main tbody.regraded tr td:nth-child(2) a").all_inner_texts()]


def test_main_table_has_the_entries_and_the_papers_rows(page: Any) -> None:
    rows = page.locator("#main tbody tr:not(.sep)")
    assert rows.count() >= 30
    assert page.locator("#main tbody.reference tr.paper").count() == 30
    assert _models(page) == ["glm-5", "gpt-5"]  # ranked by pass@1: B (8/9) before A (3/9)
    assert page.locator("#main tbody.reference").get_by_text("Claude Opus 4.6").count() >= 1
    page.screenshot(path=str(_screenshots() / "index-full.png"), full_page=True)


def test_clicking_a_header_sorts_and_a_second_click_reverses(page: Any) -> None:
    header = page.locator("#main thead tr:last-child th").first  # Overall pass@1
    assert header.inner_text().strip() == "pass@1"
    header.click()
    assert _models(page) == ["gpt-5", "glm-5"]  # ascending: A (1/3) before B (8/9)
    assert header.get_attribute("data-asc") == "1"
    page.locator("#main").screenshot(path=str(_screenshots() / "main-sorted-ascending.png"))
    header.click()
    assert _models(page) == ["glm-5", "gpt-5"]
    assert header.get_attribute("data-asc") == "0"
    # the paper's rows stay apart, below the separator, whatever the sort
    assert page.locator("#main tbody.reference tr.paper").count() == 30
    steps = page.locator("#main thead tr:last-child th", has_text="Steps")
    steps.click()  # ascending mean steps: B (46/9) before A (132/9); a numeric, not a text, sort
    assert _models(page) == ["glm-5", "gpt-5"]
    steps.click()
    assert _models(page) == ["gpt-5", "glm-5"]


def test_every_plot_renders_with_its_axis_labels(page: Any) -> None:
    plots = page.locator("svg.plot")
    assert plots.count() >= 3  # cost vs pass@1, pass@k / pass^k, failure categories
    for i in range(plots.count()):
        svg = plots.nth(i)
        svg.scroll_into_view_if_needed()
        box = svg.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0, svg.get_attribute("aria-label")
        labels = [t.strip() for t in svg.locator("text.axis-label").all_text_contents()]
        assert labels and all(labels), f"{svg.get_attribute('aria-label')}: no axis label in the DOM"
        for j in range(svg.locator("text.axis-label").count()):
            lb = svg.locator("text.axis-label").nth(j).bounding_box()
            assert lb is not None and lb["width"] > 0 and lb["height"] > 0
        assert svg.locator(".point, .bar").count() >= 1, "a plot without marks"
        svg.screenshot(path=str(_screenshots() / f"plot-{i + 1}.png"))
    for img in page.locator("img").all():
        box = img.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0
