"""The paper's Table 2 (χ-Bench results across 30 agent harness × model configurations), transcribed as data.

These rows are *reported in the paper (not re-graded here)*: the leaderboard shows them apart from the
re-graded entries and never mixes them into pooled numbers. Each row, in percent:

    (harness, model,
     overall pass@1 (value, minus, plus), overall pass@3 (value, minus, plus), overall pass^3 (value, minus, plus),
     PA (pass@1, pass@3, pass^3), UM (pass@1, pass@3, pass^3), CM (pass@1, pass@3, pass^3),
     mean steps per trial, mean cost per trial in USD)

The overall intervals are Wilson 95 % (n = 225 trials for pass@1, n = 75 tasks for pass@3 / pass^3), given
by the paper as value −minus +plus. Source: the paper's Table 2 (§4.2).
"""

from __future__ import annotations

from typing import Any

Interval = tuple[float, float, float]
Triple = tuple[float, float, float]

TABLE2: tuple[tuple[str, str, Interval, Interval, Interval, Triple, Triple, Triple, int, float], ...] = (
    ('Codex', 'GPT-5.5', (20.9, 4.8, 5.8), (30.7, 9.3, 11.2), (9.3, 4.7, 8.7), (29.3, 40.0, 16.0), (32.0, 48.0, 12.0), (1.3, 4.0, 0.0), 54, 1.29),
    ('Codex', 'GPT-5.4', (16.0, 4.2, 5.4), (25.3, 8.5, 10.9), (8.0, 4.3, 8.4), (24.0, 32.0, 16.0), (17.3, 24.0, 8.0), (6.7, 20.0, 0.0), 58, 1.3),
    ('Codex', 'GPT-5.4 Mini', (8.4, 3.0, 4.4), (20.0, 7.5, 10.4), (0.0, 0.0, 4.9), (10.7, 24.0, 0.0), (13.3, 32.0, 0.0), (1.3, 4.0, 0.0), 58, 0.27),
    ('Claude Code', 'Claude Opus 4.7', (24.4, 5.2, 6.0), (41.3, 10.5, 11.3), (10.7, 5.2, 9.0), (24.0, 32.0, 16.0), (17.3, 28.0, 8.0), (32.0, 64.0, 8.0), 68, 9.91),
    ('Claude Code', 'Claude Opus 4.6', (28.0, 5.5, 6.2), (38.7, 10.2, 11.3), (18.7, 7.2, 10.3), (18.7, 24.0, 12.0), (41.3, 44.0, 40.0), (24.0, 48.0, 4.0), 76, 6.47),
    ('Claude Code', 'Claude Sonnet 4.6', (26.2, 5.3, 6.1), (41.3, 10.5, 11.3), (12.0, 5.6, 9.3), (24.0, 28.0, 20.0), (34.7, 52.0, 16.0), (20.0, 44.0, 0.0), 82, 1.3),
    ('Claude Code', 'Claude Haiku 4.5', (6.2, 2.5, 3.9), (10.7, 5.2, 9.0), (2.7, 1.9, 6.5), (0.0, 0.0, 0.0), (14.7, 24.0, 8.0), (4.0, 8.0, 0.0), 41, 0.16),
    ('Gemini CLI', 'Gemini 3.1 Pro', (7.1, 2.7, 4.1), (13.3, 5.9, 9.5), (1.3, 1.1, 5.8), (14.7, 24.0, 4.0), (6.7, 16.0, 0.0), (0.0, 0.0, 0.0), 82, 2.11),
    ('Gemini CLI', 'Gemini 3 Flash', (12.5, 3.7, 4.9), (17.3, 6.9, 10.1), (8.0, 4.3, 8.4), (18.7, 28.0, 8.0), (18.7, 24.0, 16.0), (0.0, 0.0, 0.0), 142, 0.33),
    ('OpenClaw', 'Claude Opus 4.7', (17.3, 4.4, 5.5), (37.3, 10.1, 11.3), (4.0, 2.6, 7.1), (18.7, 28.0, 8.0), (13.3, 32.0, 4.0), (20.0, 52.0, 0.0), 41, 11.48),
    ('OpenClaw', 'Kimi K2.6', (10.2, 3.3, 4.6), (18.7, 7.2, 10.3), (2.7, 1.9, 6.5), (12.0, 20.0, 4.0), (18.7, 36.0, 4.0), (0.0, 0.0, 0.0), 72, 0.91),
    ('OpenClaw', 'DeepSeek V4 Pro', (11.1, 3.5, 4.8), (24.0, 8.2, 10.8), (1.3, 1.1, 5.8), (14.7, 28.0, 4.0), (12.0, 28.0, 0.0), (6.7, 16.0, 0.0), 42, 0.53),
    ('OpenClaw', 'GLM-5.1', (16.9, 4.3, 5.4), (30.7, 9.3, 11.2), (6.7, 3.8, 8.0), (13.3, 24.0, 4.0), (26.7, 36.0, 16.0), (10.7, 32.0, 0.0), 116, 0.96),
    ('OpenClaw', 'Qwen 3.6 Max', (4.9, 2.1, 3.7), (10.7, 5.2, 9.0), (0.0, 0.0, 4.9), (10.7, 24.0, 0.0), (4.0, 8.0, 0.0), (0.0, 0.0, 0.0), 79, 2.8),
    ('OpenClaw', 'Grok 4.3', (0.4, 0.4, 2.0), (1.3, 1.1, 5.8), (0.0, 0.0, 4.9), (1.3, 4.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 65, 2.66),
    ('OAI Agents', 'Kimi K2.6', (15.1, 4.1, 5.3), (22.7, 8.0, 10.7), (8.0, 4.3, 8.4), (17.3, 28.0, 12.0), (25.3, 36.0, 12.0), (2.7, 4.0, 0.0), 60, 0.43),
    ('OAI Agents', 'DeepSeek V4 Pro', (14.2, 4.0, 5.2), (22.7, 8.0, 10.7), (9.3, 4.7, 8.7), (10.7, 16.0, 8.0), (28.0, 40.0, 20.0), (4.0, 12.0, 0.0), 52, 0.25),
    ('OAI Agents', 'GLM-5.1', (18.7, 4.5, 5.6), (26.7, 8.7, 11.0), (12.0, 5.6, 9.3), (18.7, 24.0, 12.0), (33.3, 44.0, 24.0), (4.0, 12.0, 0.0), 58, 0.27),
    ('OAI Agents', 'Qwen 3.6 Max', (15.6, 4.2, 5.3), (22.7, 8.0, 10.7), (9.3, 4.7, 8.7), (16.0, 20.0, 12.0), (26.7, 36.0, 16.0), (4.0, 12.0, 0.0), 48, 0.58),
    ('OAI Agents', 'Grok 4.3', (5.8, 2.4, 3.9), (10.7, 5.2, 9.0), (1.3, 1.1, 5.8), (0.0, 0.0, 0.0), (16.0, 28.0, 4.0), (1.3, 4.0, 0.0), 32, 1.54),
    ('Hermes', 'Kimi K2.6', (15.6, 4.2, 5.3), (24.0, 8.2, 10.8), (6.7, 3.8, 8.0), (18.7, 24.0, 12.0), (21.3, 36.0, 8.0), (6.7, 12.0, 0.0), 31, 1.07),
    ('Hermes', 'DeepSeek V4 Pro', (13.8, 3.9, 5.1), (22.7, 8.0, 10.7), (8.0, 4.3, 8.4), (8.0, 16.0, 4.0), (25.3, 32.0, 20.0), (8.0, 20.0, 0.0), 26, 2.19),
    ('Hermes', 'GLM-5.1', (18.7, 4.5, 5.6), (28.0, 8.9, 11.0), (10.7, 5.2, 9.0), (10.7, 16.0, 8.0), (34.7, 44.0, 24.0), (10.7, 24.0, 0.0), 30, 1.04),
    ('Hermes', 'Qwen 3.6 Max', (16.4, 4.3, 5.4), (28.0, 8.9, 11.0), (5.3, 3.2, 7.6), (9.3, 16.0, 4.0), (26.7, 36.0, 12.0), (13.3, 32.0, 0.0), 29, 4.12),
    ('Hermes', 'Grok 4.3', (4.4, 2.0, 3.5), (8.0, 4.3, 8.4), (1.3, 1.1, 5.8), (0.0, 0.0, 0.0), (13.3, 24.0, 4.0), (0.0, 0.0, 0.0), 32, 1.05),
    ('DeepAgents', 'Kimi K2.6', (3.1, 1.6, 3.2), (8.0, 4.3, 8.4), (0.0, 0.0, 4.9), (8.0, 20.0, 0.0), (1.3, 4.0, 0.0), (0.0, 0.0, 0.0), 39, 0.55),
    ('DeepAgents', 'DeepSeek V4 Pro', (10.7, 3.4, 4.7), (18.7, 7.2, 10.3), (2.7, 1.9, 6.5), (14.7, 24.0, 4.0), (10.7, 20.0, 4.0), (6.7, 12.0, 0.0), 15, 0.21),
    ('DeepAgents', 'GLM-5.1', (11.1, 3.5, 4.8), (17.3, 6.9, 10.1), (5.3, 3.2, 7.6), (17.3, 24.0, 12.0), (10.7, 16.0, 4.0), (5.3, 12.0, 0.0), 21, 0.26),
    ('DeepAgents', 'Qwen 3.6 Max', (9.3, 3.1, 4.5), (16.0, 6.6, 9.9), (4.0, 2.6, 7.1), (12.0, 16.0, 8.0), (10.7, 16.0, 4.0), (5.3, 16.0, 0.0), 18, 0.57),
    ('DeepAgents', 'Grok 4.3', (2.2, 1.3, 2.9), (5.3, 3.2, 7.6), (0.0, 0.0, 4.9), (0.0, 0.0, 0.0), (5.3, 12.0, 0.0), (1.3, 4.0, 0.0), 21, 1.43),
)


def reference_entries() -> list[dict[str, Any]]:
    """The 30 rows as leaderboard entries (fractions in [0, 1], the shape :mod:`.aggregate` produces for
    the fields the paper reports; everything else ``None``), ``source = "paper"``."""
    out = []
    for harness, model, p1, p3, ph3, pa, um, cm, steps, cost in TABLE2:
        def ci(t: Interval) -> list[float]:
            return [round((t[0] - t[1]) / 100, 4), round((t[0] + t[2]) / 100, 4)]

        def dom(t: Triple) -> dict[str, Any]:
            return {"pass_at_1": t[0] / 100, "pass_at_3": t[1] / 100, "pass_hat_3": t[2] / 100}

        slug = f"paper--{harness}--{model}".lower().replace(" ", "-").replace(".", "-")
        out.append({
            "id": slug, "source": "paper", "label": f"{harness} · {model}",
            "harness": {"name": harness, "version": None}, "model": {"name": model, "display": model},
            "partial": False, "n_tasks": 75, "n_trials": 225,
            "overall": {"pass_at_1": p1[0] / 100, "pass_at_1_ci95": ci(p1), "pass_at_3": p3[0] / 100,
                        "pass_at_3_ci95": ci(p3), "pass_hat_3": ph3[0] / 100, "pass_hat_3_ci95": ci(ph3),
                        "mean_steps": float(steps), "mean_cost_usd": cost},
            "domains": {"provider_pa": dom(pa), "payer_um": dom(um), "care_management": dom(cm)},
        })
    return out
