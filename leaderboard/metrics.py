"""Leaderboard metrics: pass@k, pass^k, the Wilson score interval and task → domain aggregation.

Pure functions over integer counts; nothing here reads files. Throughout:

* ``n`` — trials of one task (int ≥ 1), ``c`` — successful trials among them (0 ≤ c ≤ n),
  ``k`` — the number of draws the metric asks about (1 ≤ k ≤ n).
* A "success" is a trial whose reward is 1 (χ-Bench rewards are binary; see ``verifiers/README.md``).

Sources:

* pass@k — the unbiased estimator of Chen et al. 2021, "Evaluating Large Language Models Trained on
  Code" (arXiv:2107.03374, §2.1): ``1 - C(n-c, k) / C(n, k)``, the probability that at least one of k
  trials drawn without replacement from the n observed succeeds. For n == k it is "any of the n passed".
* pass^k — τ-bench (Yao et al. 2024, arXiv:2406.12045, §3): ``C(c, k) / C(n, k)``, the probability that
  all k drawn trials succeed — a reliability measure. For n == k it is "all of the n passed".
* Wilson score interval — Wilson 1927 (JASA 22:209–212); method 3 in Newcombe 1998 (Stat. Med.
  17:857–872), recommended over the Wald interval by Brown, Cai & DasGupta 2001 (Stat. Sci. 16:101–133)
  because it stays inside [0, 1] and keeps near-nominal coverage at small n and at p̂ ∈ {0, 1}.

Every function raises :class:`ValueError` with the offending values on impossible input (negative counts,
``c > n``, ``k > n``, ``k < 1``, no trials) instead of returning a number that would look plausible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964
"""Two-sided 95 % standard-normal quantile, Φ⁻¹(0.975), to the 7 significant digits the report uses."""


def _check_counts(n: int, c: int) -> None:
    for name, value in (("n", n), ("c", c)):
        # bool is an int subclass; True as a trial count is always a caller bug.
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be an int, got {value!r}")
    if n < 0 or c < 0:
        raise ValueError(f"counts must be non-negative: n={n}, c={c}")
    if c > n:
        raise ValueError(f"successes exceed trials: c={c} > n={n}")


def _check_k(n: int, k: int) -> None:
    if isinstance(k, bool) or not isinstance(k, int):
        raise ValueError(f"k must be an int, got {k!r}")
    if k < 1:
        raise ValueError(f"k must be at least 1, got k={k}")
    if k > n:
        raise ValueError(f"k exceeds the number of trials: k={k} > n={n} (the estimator needs n ≥ k)")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k estimate for one task: ``1 - C(n-c, k) / C(n, k)`` (Chen et al. 2021).

    Args:
        n: trials of the task (≥ k).
        c: successful trials (0 ≤ c ≤ n).
        k: draws (1 ≤ k ≤ n).

    Returns:
        A probability in [0, 1]. ``pass_at_k(n, c, 1) == c / n``; ``pass_at_k(k, c, k)`` is 1.0 iff c ≥ 1.

    Raises:
        ValueError: negative counts, ``c > n``, ``k < 1`` or ``k > n``.
    """
    _check_counts(n, c)
    _check_k(n, k)
    # math.comb is exact and returns 0 when k > n - c, which is exactly the "some success is
    # unavoidable" case (1.0). int / int is correctly rounded even for huge binomials.
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k estimate for one task: ``C(c, k) / C(n, k)`` (τ-bench, Yao et al. 2024).

    Args:
        n: trials of the task (≥ k).
        c: successful trials (0 ≤ c ≤ n).
        k: draws (1 ≤ k ≤ n).

    Returns:
        A probability in [0, 1]. ``pass_hat_k(n, c, 1) == c / n``; ``pass_hat_k(k, c, k)`` is 1.0 iff c == k.

    Raises:
        ValueError: negative counts, ``c > n``, ``k < 1`` or ``k > n``.
    """
    _check_counts(n, c)
    _check_k(n, k)
    return math.comb(c, k) / math.comb(n, k)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion p̂ = successes / trials.

    ``centre ± half`` with ``centre = (p̂ + z²/2n) / (1 + z²/n)`` and
    ``half = z·sqrt(p̂(1-p̂)/n + z²/4n²) / (1 + z²/n)``.

    Args:
        successes: successes (0 ≤ successes ≤ trials).
        trials: Bernoulli trials (≥ 1).
        z: standard-normal quantile; the default :data:`Z95` gives a two-sided 95 % interval.

    Returns:
        ``(low, high)`` with ``0 ≤ low ≤ p̂ ≤ high ≤ 1``; ``low`` is exactly 0.0 when successes == 0 and
        ``high`` exactly 1.0 when successes == trials (the closed form gives those values; rounding would
        otherwise leave p̂ a hair outside its own interval).

    Raises:
        ValueError: negative counts, ``successes > trials``, ``trials == 0`` or ``z <= 0``.
    """
    _check_counts(trials, successes)
    if trials == 0:
        raise ValueError("a proportion needs at least one trial: trials=0")
    if not (z > 0 and math.isfinite(z)):
        raise ValueError(f"z must be a positive finite number, got {z!r}")
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == n else min(1.0, max(p, centre + half))
    return low, high


@dataclass(frozen=True)
class TaskCounts:
    """One task's trial tally: ``n`` trials, ``c`` of them successful."""

    n: int
    c: int

    def __post_init__(self) -> None:
        _check_counts(self.n, self.c)
        if self.n == 0:
            raise ValueError("a task in an aggregate needs at least one trial: n=0")


@dataclass(frozen=True)
class Aggregate:
    """A domain's (or the whole run's) scores, from per-task counts.

    Attributes:
        n_tasks: tasks aggregated.
        trials: trials pooled over those tasks (Σ n).
        successes: successes pooled over those tasks (Σ c).
        pass_at_1: mean over tasks of each task's c/n (macro average: every task weighs the same,
            whatever its trial count — the paper's convention).
        ci95_low, ci95_high: Wilson 95 % interval of the *pooled trial proportion* successes / trials,
            i.e. the interval is over the trials, treating them as independent Bernoulli draws. It ignores
            that trials cluster within tasks, so it is narrower than a task-level bootstrap would be; with
            equal trials per task its centre estimate (successes / trials) equals ``pass_at_1``.
        k: the k of the two fields below.
        pass_at_k: mean over tasks of :func:`pass_at_k`; ``None`` unless every task has n ≥ k (a mean over
            only the tasks that happen to have enough trials would silently change the task mix).
        pass_hat_k: mean over tasks of :func:`pass_hat_k`; ``None`` under the same rule.
    """

    n_tasks: int
    trials: int
    successes: int
    pass_at_1: float
    ci95_low: float
    ci95_high: float
    k: int
    pass_at_k: float | None
    pass_hat_k: float | None


def aggregate(tasks: Sequence[TaskCounts], k: int = 3) -> Aggregate:
    """Aggregate per-task counts into a domain or overall score.

    Args:
        tasks: one :class:`TaskCounts` per task (non-empty; each with n ≥ 1).
        k: the k for pass@k and pass^k (≥ 1).

    Returns:
        An :class:`Aggregate`; see its docstring for what each mean and the interval are over.

    Raises:
        ValueError: no tasks, or ``k < 1``.
    """
    if not tasks:
        raise ValueError("nothing to aggregate: no tasks")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an int ≥ 1, got {k!r}")
    trials = sum(t.n for t in tasks)
    successes = sum(t.c for t in tasks)
    low, high = wilson_interval(successes, trials)
    enough = all(t.n >= k for t in tasks)
    return Aggregate(
        n_tasks=len(tasks),
        trials=trials,
        successes=successes,
        pass_at_1=math.fsum(t.c / t.n for t in tasks) / len(tasks),
        ci95_low=low,
        ci95_high=high,
        k=k,
        pass_at_k=math.fsum(pass_at_k(t.n, t.c, k) for t in tasks) / len(tasks) if enough else None,
        pass_hat_k=math.fsum(pass_hat_k(t.n, t.c, k) for t in tasks) / len(tasks) if enough else None,
    )


def mean_or_none(values: Sequence[float | int | None]) -> float | None:
    """Mean of the values that are not ``None`` (a trial that did not report a quantity is not a zero).

    Returns ``None`` when no value is present.
    """
    present = [float(v) for v in values if v is not None]
    return math.fsum(present) / len(present) if present else None
