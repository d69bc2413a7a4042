"""pass@k, pass^k, Wilson interval and aggregation: exact tables and hypothesis properties."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chibench.leaderboard.metrics import (
    Z95,
    TaskCounts,
    aggregate,
    mean_or_none,
    pass_at_k,
    pass_hat_k,
    wilson_interval,
)

# ------------------------------------------------------------------------------------ exact tables


@pytest.mark.parametrize(("n", "c", "k", "expected"), [
    (1, 0, 1, 0.0), (1, 1, 1, 1.0),
    (10, 3, 1, 0.3),                         # pass@1 is c/n
    (10, 3, 2, 1 - 21 / 45),                 # 1 - C(7,2)/C(10,2) = 24/45
    (3, 0, 3, 0.0), (3, 1, 3, 1.0), (3, 3, 3, 1.0),   # n == k: "any"
    (5, 2, 3, 0.9),                          # 1 - C(3,3)/C(5,3) = 1 - 1/10
    (5, 3, 3, 1.0),                          # n - c < k: a success is unavoidable
    (200, 1, 100, 0.5),                      # 1 - C(199,100)/C(200,100) = 1 - 100/200
])
def test_pass_at_k_table(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("n", "c", "k", "expected"), [
    (10, 3, 1, 0.3),
    (3, 2, 3, 0.0), (3, 3, 3, 1.0),          # n == k: "all"
    (5, 4, 3, 0.4),                          # C(4,3)/C(5,3) = 4/10
    (5, 2, 3, 0.0),                          # c < k
    (6, 5, 3, 0.5),                          # C(5,3)/C(6,3) = 10/20
    (10, 7, 2, 42 / 90),                     # C(7,2)/C(10,2) = 21/45
])
def test_pass_hat_k_table(n: int, c: int, k: int, expected: float) -> None:
    assert pass_hat_k(n, c, k) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("c", "n", "low", "high"), [
    # Newcombe 1998 (Stat. Med. 17:857-872), Table II, method 3 (Wilson score, no continuity correction).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Small-n values of the closed form, as the report shows them.
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0),
    (1, 3, 0.0615, 0.7923), (3, 3, 0.4385, 1.0),
])
def test_wilson_table(c: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(c, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_boundaries_are_exact() -> None:
    assert wilson_interval(0, 7)[0] == 0.0
    assert wilson_interval(7, 7)[1] == 1.0
    assert Z95 == 1.959964


def test_aggregate_exact() -> None:
    # Three tasks: 1/3, 2/3, 3/3 → pass@1 = mean(1/3, 2/3, 1) = 2/3; pooled 6/9.
    agg = aggregate([TaskCounts(3, 1), TaskCounts(3, 2), TaskCounts(3, 3)])
    assert (agg.n_tasks, agg.trials, agg.successes, agg.k) == (3, 9, 6, 3)
    assert agg.pass_at_1 == pytest.approx(2 / 3)
    assert agg.pass_at_k == pytest.approx(1.0)                 # every task has a success among its 3
    assert agg.pass_hat_k == pytest.approx(1 / 3)              # only the 3/3 task is reliable
    assert (agg.ci95_low, agg.ci95_high) == wilson_interval(6, 9)


def test_aggregate_is_a_macro_mean_and_the_interval_is_over_pooled_trials() -> None:
    # Unequal trial counts: 1/1 and 0/9. Mean over tasks 0.5; pooled proportion 1/10.
    agg = aggregate([TaskCounts(1, 1), TaskCounts(9, 0)], k=1)
    assert agg.pass_at_1 == 0.5
    assert (agg.ci95_low, agg.ci95_high) == wilson_interval(1, 10)
    assert agg.pass_at_k == agg.pass_hat_k == 0.5


def test_aggregate_needs_n_at_least_k_for_every_task() -> None:
    agg = aggregate([TaskCounts(3, 3), TaskCounts(2, 2)])
    assert agg.pass_at_k is None and agg.pass_hat_k is None
    assert agg.pass_at_1 == 1.0


def test_mean_or_none() -> None:
    assert mean_or_none([None, None]) is None
    assert mean_or_none([1, None, 2]) == 1.5
    assert mean_or_none([]) is None


# ------------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("n", "c", "k", "match"), [
    (3, 4, 1, "successes exceed trials"),
    (2, 1, 3, "k exceeds the number of trials"),
    (-1, 0, 1, "non-negative"),
    (3, -1, 1, "non-negative"),
    (3, 1, 0, "at least 1"),
    (3, 1, -2, "at least 1"),
    (3.0, 1, 1, "must be an int"),
    (True, 1, 1, "must be an int"),
])
def test_estimators_reject_bad_input(n: int, c: int, k: int, match: str) -> None:
    for fn in (pass_at_k, pass_hat_k):
        with pytest.raises(ValueError, match=match):
            fn(n, c, k)


@pytest.mark.parametrize(("c", "n", "z", "match"), [
    (0, 0, Z95, "at least one trial"),
    (4, 3, Z95, "successes exceed trials"),
    (-1, 3, Z95, "non-negative"),
    (1, 3, 0.0, "positive finite"),
    (1, 3, math.inf, "positive finite"),
])
def test_wilson_rejects_bad_input(c: int, n: int, z: float, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        wilson_interval(c, n, z)


def test_aggregate_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="no tasks"):
        aggregate([])
    with pytest.raises(ValueError, match="k must be"):
        aggregate([TaskCounts(3, 1)], k=0)
    with pytest.raises(ValueError, match="n=0"):
        TaskCounts(0, 0)
    with pytest.raises(ValueError, match="successes exceed"):
        TaskCounts(2, 3)


# ------------------------------------------------------------------------------------ properties


@st.composite
def nck(draw: st.DrawFn, max_n: int = 60) -> tuple[int, int, int]:
    n = draw(st.integers(1, max_n))
    return n, draw(st.integers(0, n)), draw(st.integers(1, n))


@given(nck())
def test_estimators_are_probabilities(args: tuple[int, int, int]) -> None:
    n, c, k = args
    assert 0.0 <= pass_at_k(n, c, k) <= 1.0
    assert 0.0 <= pass_hat_k(n, c, k) <= 1.0


@given(nck())
def test_pass_hat_k_le_pass_at_1_le_pass_at_k(args: tuple[int, int, int]) -> None:
    n, c, k = args
    eps = 1e-12
    assert pass_hat_k(n, c, k) <= pass_at_k(n, c, 1) + eps
    assert pass_at_k(n, c, 1) <= pass_at_k(n, c, k) + eps
    assert pass_at_k(n, c, 1) == pytest.approx(c / n) == pass_hat_k(n, c, 1)


@given(nck())
def test_estimators_are_monotonic_in_c(args: tuple[int, int, int]) -> None:
    n, c, k = args
    if c < n:
        assert pass_at_k(n, c, k) <= pass_at_k(n, c + 1, k)
        assert pass_hat_k(n, c, k) <= pass_hat_k(n, c + 1, k)


@given(nck(max_n=25))
def test_estimators_match_exact_rationals(args: tuple[int, int, int]) -> None:
    n, c, k = args
    exact_any = 1 - Fraction(math.comb(n - c, k), math.comb(n, k))
    exact_all = Fraction(math.comb(c, k), math.comb(n, k))
    assert pass_at_k(n, c, k) == pytest.approx(float(exact_any), abs=1e-15)
    assert pass_hat_k(n, c, k) == pytest.approx(float(exact_all), abs=1e-15)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_estimate(args: tuple[int, int]) -> None:
    c, n = args
    lo, hi = wilson_interval(c, n)
    assert 0.0 <= lo <= c / n <= hi <= 1.0
    assert lo < hi


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n - 1), st.just(n))))
def test_wilson_moves_up_with_successes(args: tuple[int, int]) -> None:
    c, n = args
    lo0, hi0 = wilson_interval(c, n)
    lo1, hi1 = wilson_interval(c + 1, n)
    assert lo0 <= lo1 and hi0 <= hi1


@given(st.lists(st.integers(1, 12).flatmap(lambda n: st.builds(TaskCounts, st.just(n), st.integers(0, n))),
                min_size=1, max_size=20))
def test_aggregate_properties(tasks: list[TaskCounts]) -> None:
    agg = aggregate(tasks)
    assert agg.trials == sum(t.n for t in tasks) and agg.successes == sum(t.c for t in tasks)
    assert 0.0 <= agg.ci95_low <= agg.successes / agg.trials <= agg.ci95_high <= 1.0
    assert min(t.c / t.n for t in tasks) - 1e-12 <= agg.pass_at_1 <= max(t.c / t.n for t in tasks) + 1e-12
    if all(t.n >= 3 for t in tasks):
        assert agg.pass_at_k is not None and agg.pass_hat_k is not None
        assert agg.pass_hat_k <= agg.pass_at_1 + 1e-12 <= agg.pass_at_k + 2e-12
    else:
        assert agg.pass_at_k is None and agg.pass_hat_k is None
    if len({t.n for t in tasks}) == 1:  # equal trials per task: macro mean == pooled proportion
        assert agg.pass_at_1 == pytest.approx(agg.successes / agg.trials)
