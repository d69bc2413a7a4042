"""Metrics, reports and submissions (imported as ``chibench.leaderboard``)."""
