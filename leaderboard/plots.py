"""Static SVG plots for the leaderboard site, written as plain SVG text (no plotting library, no scripts,
nothing fetched at view time; deterministic output, so the site can be golden-tested byte for byte).

* :func:`roi_plot` — the paper's Figure 11(a): x = mean cost per trial in USD (log scale), y = overall pass@1;
  dashed cross-hairs at the median cost and median pass@1 split the plane into the four quadrants (Sweet Spot:
  cheap and good; Premium: costly and good; Budget: cheap and weak; Overpriced: costly and weak); the
  Pareto-optimal points (no other point is both cheaper and better) are joined by a line.
* :func:`reliability_plot` — Figure 11(b): pass@k and pass^k for k = 1, 2, 3, one pair of lines per entry.
* :func:`stacked_bars` — the failure-category distribution per entry (Figure 13's shape).

Every plot has a ``<title>``, axis labels as ``<text class="axis-label">`` and one mark per data point
carrying a ``<title>`` tooltip with the exact values.
"""

from __future__ import annotations

import math
from html import escape
from statistics import median
from typing import Any

W, H = 720, 440
ML, MR, MT, MB = 70, 30, 40, 60
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
           "#bcbd22")
CATEGORY_COLOURS = ("#7f7f7f", "#ff7f0e", "#1f77b4", "#d62728", "#9467bd", "#e377c2", "#8c564b")


def _f(x: float) -> str:
    return f"{x:.1f}"


def _svg(title: str, body: list[str], width: int = W, height: int = H) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{escape(title)}" class="plot">'
            f"<title>{escape(title)}</title>"
            '<rect x="0" y="0" width="100%" height="100%" fill="#ffffff"/>' + "".join(body) + "</svg>")


def _axes(xlabel: str, ylabel: str, width: int = W, height: int = H) -> list[str]:
    x0, y0, x1, y1 = ML, height - MB, width - MR, MT
    return [f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="#333"/>',
            f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" stroke="#333"/>',
            f'<text class="axis-label" x="{(x0 + x1) / 2:.1f}" y="{height - 15}" text-anchor="middle" '
            f'font-size="13">{escape(xlabel)}</text>',
            f'<text class="axis-label" x="18" y="{(y0 + y1) / 2:.1f}" text-anchor="middle" font-size="13" '
            f'transform="rotate(-90 18 {(y0 + y1) / 2:.1f})">{escape(ylabel)}</text>']


def _yticks(lo: float, hi: float, sy: Any, width: int = W, pct: bool = True) -> list[str]:
    out = []
    step = _nice_step(hi - lo)
    v = math.floor(lo / step) * step
    while v <= hi + 1e-9:
        if v >= lo - 1e-9:
            y = sy(v)
            out.append(f'<line x1="{ML}" y1="{_f(y)}" x2="{width - MR}" y2="{_f(y)}" stroke="#eee"/>'
                       f'<text x="{ML - 6}" y="{_f(y + 4)}" text-anchor="end" font-size="11">'
                       f"{(f'{100 * v:.0f}%' if pct else f'{v:g}')}</text>")
        v += step
    return out


def _nice_step(span: float) -> float:
    raw = span / 5 if span > 0 else 0.1
    mag = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)


def pareto(points: list[tuple[float, float]]) -> list[int]:
    """Indices of the Pareto-optimal points (lower cost, higher score), by increasing cost."""
    order = sorted(range(len(points)), key=lambda i: (points[i][0], -points[i][1]))
    best = -math.inf
    out = []
    for i in order:
        if points[i][1] > best:
            out.append(i)
            best = points[i][1]
    return out


def roi_plot(rows: list[dict[str, Any]]) -> str:
    """``rows``: ``{"label", "cost", "pass_at_1", "source"}`` (cost > 0 in USD; rows without one are left
    out and named in a footnote)."""
    pts = [r for r in rows if r.get("cost") and r["cost"] > 0 and r.get("pass_at_1") is not None]
    missing = [r["label"] for r in rows if r not in pts]
    body = _axes("mean cost per trial (USD, log scale)", "overall pass@1")
    if not pts:
        body.append(f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle">no entry reports a cost</text>')
        return _svg("ROI: cost vs pass@1", body)
    lx = [math.log10(r["cost"]) for r in pts]
    xlo, xhi = math.floor(min(lx) * 2) / 2, math.ceil(max(lx) * 2) / 2
    if xhi - xlo < 0.5:
        xlo, xhi = xlo - 0.25, xhi + 0.25
    ylo, yhi = 0.0, max(0.1, math.ceil(max(r["pass_at_1"] for r in pts) * 10 + 0.5) / 10)

    def sx(v: float) -> float:
        return ML + (math.log10(v) - xlo) / (xhi - xlo) * (W - ML - MR)

    def sy(v: float) -> float:
        return H - MB - (v - ylo) / (yhi - ylo) * (H - MT - MB)

    body += _yticks(ylo, yhi, sy)
    e: float = xlo
    while e <= xhi + 1e-9:
        x = ML + (e - xlo) / (xhi - xlo) * (W - ML - MR)
        body.append(f'<line x1="{_f(x)}" y1="{H - MB}" x2="{_f(x)}" y2="{H - MB + 5}" stroke="#333"/>'
                    f'<text x="{_f(x)}" y="{H - MB + 18}" text-anchor="middle" font-size="11">'
                    f"${10 ** e:.2g}</text>")
        e += 0.5
    mc, mp = median(r["cost"] for r in pts), median(r["pass_at_1"] for r in pts)
    body.append(f'<line x1="{_f(sx(mc))}" y1="{MT}" x2="{_f(sx(mc))}" y2="{H - MB}" stroke="#888" '
                'stroke-dasharray="5,4"/>')
    body.append(f'<line x1="{ML}" y1="{_f(sy(mp))}" x2="{W - MR}" y2="{_f(sy(mp))}" stroke="#888" '
                'stroke-dasharray="5,4"/>')
    for text, qx, qy, anchor in (("Sweet Spot", ML + 8, MT + 14, "start"), ("Premium", W - MR - 8, MT + 14, "end"),
                                 ("Budget", ML + 8, H - MB - 8, "start"), ("Overpriced", W - MR - 8, H - MB - 8, "end")):
        body.append(f'<text class="quadrant" x="{qx}" y="{qy}" text-anchor="{anchor}" font-size="12" '
                    f'fill="#999">{text}</text>')
    front = pareto([(r["cost"], r["pass_at_1"]) for r in pts])
    body.append('<polyline class="pareto" fill="none" stroke="#222" stroke-width="1.5" points="'
                + " ".join(f"{_f(sx(pts[i]['cost']))},{_f(sy(pts[i]['pass_at_1']))}" for i in front) + '"/>')
    for r in pts:
        x, y = sx(r["cost"]), sy(r["pass_at_1"])
        paper = r.get("source") == "paper"
        fill = "#ffffff" if paper else "#1f77b4"
        body.append(f'<circle class="point" cx="{_f(x)}" cy="{_f(y)}" r="5" fill="{fill}" stroke="#1f77b4">'
                    f"<title>{escape(r['label'])}{' (paper)' if paper else ''}: ${r['cost']:.2f}/trial, "
                    f"pass@1 {100 * r['pass_at_1']:.1f}%</title></circle>")
        if not paper:
            body.append(f'<text x="{_f(x + 7)}" y="{_f(y - 6)}" font-size="11">{escape(r["label"])}</text>')
    if missing:
        body.append(f'<text x="{ML}" y="{MT - 12}" font-size="11" fill="#666">no cost reported: '
                    f"{escape(', '.join(missing))}</text>")
    return _svg("ROI: mean cost per trial vs overall pass@1", body)


def reliability_plot(rows: list[dict[str, Any]]) -> str:
    """``rows``: ``{"label", "pass_at": [p@1, p@2, p@3], "pass_hat": [p^1, p^2, p^3]}`` (fractions; a None
    value leaves a gap). pass@k dotted, pass^k solid, one colour per row."""
    body = _axes("k (attempts drawn)", "pass@k (dotted) / pass^k (solid)")

    def sx(k: int) -> float:
        return ML + (k - 1) / 2 * (W - ML - MR - 160)

    def sy(v: float) -> float:
        return H - MB - v * (H - MT - MB)

    body += _yticks(0.0, 1.0, sy)
    for k in (1, 2, 3):
        body.append(f'<text x="{_f(sx(k))}" y="{H - MB + 18}" text-anchor="middle" font-size="11">{k}</text>')
    for i, r in enumerate(rows):
        colour = PALETTE[i % len(PALETTE)]
        for key, dash in (("pass_at", ' stroke-dasharray="2,3"'), ("pass_hat", "")):
            pts = [(k + 1, v) for k, v in enumerate(r[key]) if v is not None]
            if not pts:
                continue
            body.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} points="'
                        + " ".join(f"{_f(sx(k))},{_f(sy(v))}" for k, v in pts) + '"/>')
            for k, v in pts:
                body.append(f'<circle class="point" cx="{_f(sx(k))}" cy="{_f(sy(v))}" r="3" fill="{colour}">'
                            f"<title>{escape(r['label'])}: {key.replace('_', '')}{'^' if key == 'pass_hat' else '@'}"
                            f"{k} = {100 * v:.1f}%</title></circle>")
        ly = MT + 14 + 16 * i
        body.append(f'<rect x="{W - MR - 150}" y="{ly - 9}" width="10" height="10" fill="{colour}"/>'
                    f'<text x="{W - MR - 135}" y="{ly}" font-size="11">{escape(r["label"])}</text>')
    return _svg("Reliability: pass@k vs pass^k", body)


def stacked_bars(rows: list[dict[str, Any]], categories: list[str]) -> str:
    """``rows``: ``{"label", "counts": {category: n}}``; one 100 %-stacked horizontal bar per row."""
    x0, x1 = ML + 110, W - MR
    axis_y = MT + 28 * max(1, len(rows))
    legend_y = axis_y + 45
    height = legend_y + 20 * ((len(categories) + 3) // 4) + 10
    body = [f'<line x1="{x0}" y1="{axis_y}" x2="{x1}" y2="{axis_y}" stroke="#333"/>',
            f'<text class="axis-label" x="{(x0 + x1) / 2:.1f}" y="{axis_y + 32}" text-anchor="middle" '
            'font-size="13">share of failed trials</text>']
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = x0 + frac * (x1 - x0)
        body.append(f'<line x1="{_f(x)}" y1="{axis_y}" x2="{_f(x)}" y2="{axis_y + 4}" stroke="#333"/>'
                    f'<text x="{_f(x)}" y="{axis_y + 15}" text-anchor="middle" font-size="10">{100 * frac:.0f}%</text>')
    for i, r in enumerate(rows):
        total = sum(r["counts"].values())
        y = MT + 28 * i
        body.append(f'<text x="{x0 - 6}" y="{y + 15}" text-anchor="end" font-size="11">{escape(r["label"])}</text>')
        x = float(x0)
        for j, cat in enumerate(categories):
            n = r["counts"].get(cat, 0)
            if not total or not n:
                continue
            w = n / total * (x1 - x0)
            body.append(f'<rect class="bar" x="{_f(x)}" y="{y}" width="{_f(w)}" height="20" '
                        f'fill="{CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)]}"><title>{escape(r["label"])}: '
                        f"{escape(cat)} {n} of {total} ({100 * n / total:.0f}%)</title></rect>")
            x += w
        if not total:
            body.append(f'<text x="{x0}" y="{y + 15}" font-size="11" fill="#666">no failed trial</text>')
    for j, cat in enumerate(categories):
        lx, ly = ML + 150 * (j % 4), legend_y + 20 * (j // 4)
        body.append(f'<rect x="{lx}" y="{ly}" width="10" height="10" '
                    f'fill="{CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)]}"/>'
                    f'<text x="{lx + 14}" y="{ly + 9}" font-size="11">{escape(cat)}</text>')
    return _svg("Failure categories per entry", body, W, height)
