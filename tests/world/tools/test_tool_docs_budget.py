"""The tools/list an agent is sent on every model call stays within its token budget (issue 14)."""

from __future__ import annotations

from benchmarks import bench_tool_docs


def test_each_roles_listing_is_within_its_o200k_budget() -> None:
    res = bench_tool_docs.measure()
    assert set(res) == {"provider", "payer", "cm"}
    assert {role: r["tools"] for role, r in res.items()} == {"provider": 30, "payer": 41, "cm": 16}
    over = {role: (r["tokens"], r["target"]) for role, r in res.items() if r["tokens"] > r["target"]}
    assert over == {}, f"tools/list over budget (tokens, target): {over}; see benchmarks/bench_tool_docs.py"
