"""The statistics of every tool: intervals of rates and means, intervals
over duplicate deal pairs, the resamples behind a league's rating
intervals, and a sequential test of one bot against another.

A duplicate *pair* is one deal played twice with the same cards, the bots'
seats swapped. The pair, not the deal, is the unit of every interval here:
the two deals of a pair share their cards, so they are not independent, and
pairing is what removes the luck of the cards. An interval computed from
the pairs' own spread credits exactly the variance the pairing removes.

Every interval is 95% by default and is never zero wide. When the pairs all
scored the same (two deterministic bots of equal strength split every pair),
their spread alone would say "no uncertainty at all"; the pair interval
therefore adds one pseudo-pair at each end of the score's range to the
variance (:func:`pair_interval`), and the rating resamples add two
pseudo-pairs to the pool they draw from (:func:`resample_pair_wins`).
docs/statistics.md explains the choices and how the test's error rates were
checked.

    >>> pair_interval([0.5, 0.5, 0.5, 0.5], 0.0, 1.0).mean
    0.5
    >>> test = SPRT(elo0=0, elo1=20)
    >>> test.add([2] * 40)  # A won both deals of 40 pairs
    >>> test.verdict
    'accept'
"""

from __future__ import annotations

import math
from typing import NamedTuple, Tuple, Union

import numpy as np

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


class Estimate(NamedTuple):
    """A mean with its interval (unpacks as ``mean, low, high``)."""

    mean: float
    low: float
    high: float

    def to_dict(self) -> dict:
        return {"mean": self.mean, "low": self.low, "high": self.high}


# --- rates and means of independent rows ------------------------------------

def wilson_interval(successes: float, n: float, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``n`` may
    be an effective sample size (not a whole number)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_and_half(values: np.ndarray) -> Tuple[float, float, float]:
    """The mean of ``values``, the half-width of its 95% interval (normal
    approximation) and the sample standard deviation."""
    mean = float(values.mean()) if len(values) else 0.0
    sd = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    half = Z95 * sd / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half, sd


# --- intervals over duplicate pairs -----------------------------------------

def _pair_scores(scores: object) -> np.ndarray:
    values = np.asarray(scores, dtype=np.float64)
    if values.ndim != 1 or len(values) == 0:
        raise ValueError(f"pair scores must be a non-empty 1-d sequence, got shape {values.shape}")
    if not np.isfinite(values).all():
        raise ValueError("pair scores must be finite numbers")
    return values


def pair_interval(scores: object, low: float, high: float, z: float = Z95) -> Estimate:
    """The mean of per-pair ``scores`` (each in ``[low, high]``, the least and
    most one pair can score) and its interval, ``z`` standard errors wide on
    each side.

    The standard error comes from the pairs' own variance, computed with one
    pseudo-pair at ``low`` and one at ``high`` added: a prior of one pair
    lost outright and one won outright. With hundreds of pairs it widens a
    win-share interval by under 1%; it matters when the pairs are few or
    nearly all alike, and keeps the interval from being zero wide when they
    all scored the same (in a clean sweep it is close to the Wilson interval
    of the deals). The interval is clipped to ``[low, high]``; the
    mean is that of the real pairs alone.
    """
    values = _pair_scores(scores)
    low, high = float(low), float(high)
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(f"the range of a pair score must be finite with low < high, got [{low}, {high}]")
    if values.min() < low or values.max() > high:
        raise ValueError(f"pair scores must lie in [{low}, {high}], got {values.min()} to {values.max()}")
    mean = float(values.mean())
    variance = float(np.var(np.concatenate([values, [low, high]]), ddof=1))
    half = z * math.sqrt(variance / len(values))
    return Estimate(mean, max(low, mean - half), min(high, mean + half))


def pair_wins(wins: object) -> np.ndarray:
    """Per pair, the deals of the pair the first bot won: an array of 0, 1 or 2."""
    values = np.asarray(wins)
    if values.dtype == bool or not np.issubdtype(values.dtype, np.integer):
        raise TypeError(f"pair wins must be integers 0, 1 or 2 (deals won of a pair), got dtype {values.dtype}")
    values = values.reshape(-1).astype(np.int64)
    if ((values < 0) | (values > 2)).any():
        raise ValueError("pair wins must be 0, 1 or 2 (deals won of a pair)")
    return values


def pair_win_share(wins: object, z: float = Z95) -> Estimate:
    """The first bot's share of the deals from its wins per pair (0, 1 or 2),
    with the interval of :func:`pair_interval` over the pairs."""
    return pair_interval(pair_wins(wins) / 2, 0.0, 1.0, z)


# --- the resamples of a league's ratings ------------------------------------

def resample_pair_wins(wins: np.ndarray, resamples: int, rng: np.random.Generator) -> Tuple[np.ndarray, int]:
    """Bootstrap resamples of a league's deal pairs, for rating intervals.

    ``wins`` has one row per match-up and one column per deal pair: the deals
    of the pair (0, 1 or 2) the match-up's first bot won. The pool drawn from
    is those pairs plus two pseudo-pairs, one the first bot of every
    match-up won 2-0 and one it lost 0-2; each resample draws as many pairs
    as the pool holds, with replacement, the same draw for every match-up
    (they share the deal). Returns the first bots' wins per resample (one
    row per resample, one column per match-up) and the deals each resample
    holds. The pseudo-pairs make the resamples differ even when every pair
    went the same way, so a lopsided match-up's rating interval is not zero
    wide; with hundreds of pairs they move it by a few points.
    """
    pool = np.concatenate([wins, np.full((wins.shape[0], 1), 2), np.zeros((wins.shape[0], 1))], axis=1)
    size = pool.shape[1]
    # Drawn in blocks of about 2 million indices, so memory stays flat.
    block = max(1, min(resamples, 2_000_000 // size))
    drawn_wins = []
    for start in range(0, resamples, block):
        drawn = rng.integers(0, size, size=(min(block, resamples - start), size))
        drawn_wins.append(pool[:, drawn].sum(axis=-1).T)  # (resamples, match-ups)
    return np.concatenate(drawn_wins), 2 * size


# --- the sequential probability ratio test ----------------------------------

PAIR_SCORES = np.array([0.0, 0.5, 1.0])  # a pair A lost both deals of, split, won both
PRIOR_PAIRS = 0.5  # pseudo-pairs added to each outcome: the Jeffreys prior of the three


def elo_to_share(elo: float) -> float:
    """The expected share of deals (and of a pair's deals) of a bot ``elo``
    points better: 400 points are 10-to-1 odds, as in the league's ratings."""
    return 1 / (1 + 10 ** (-elo / 400))


def share_to_elo(share: float) -> float:
    """The Elo difference whose expected share of deals is ``share`` (0 < share < 1)."""
    if not 0 < share < 1:
        raise ValueError(f"a share of deals must lie strictly between 0 and 1, got {share}")
    return -400 * math.log10(1 / share - 1)


def sprt_bounds(alpha: float, beta: float) -> Tuple[float, float]:
    """Wald's bounds of the log-likelihood ratio: below the first the test
    rejects H1, above the second it accepts H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(counts: object, share0: float, share1: float) -> Union[float, np.ndarray]:
    """The generalised log-likelihood ratio of H1 (expected pair score
    ``share1``) against H0 (``share0``) for pair outcome ``counts``: the last
    axis holds the pairs A lost both deals of, split, and won both.

    The normal approximation of fishtest's GSPRT: ``N (s1 - s0) (2 m - s0 -
    s1) / (2 v)``, with ``m`` and ``v`` the mean and variance of the pair
    scores' empirical distribution, half a pseudo-pair added to each
    outcome (so the variance is never 0). Leading axes are independent
    tests, as in a simulation of many.
    """
    counts = np.asarray(counts, dtype=np.float64)
    n = counts.sum(axis=-1)
    smoothed = counts + PRIOR_PAIRS
    p = smoothed / smoothed.sum(axis=-1, keepdims=True)
    mean = p @ PAIR_SCORES
    variance = p @ PAIR_SCORES ** 2 - mean ** 2
    llr = n * (share1 - share0) * (2 * mean - share0 - share1) / (2 * variance)
    return float(llr) if np.ndim(llr) == 0 else llr


ACCEPT, REJECT, CONTINUE = "accept", "reject", "continue"
MOST_ELO = 1000  # beyond this the share of deals rounds to 0 or 1 in any test one could run


def _check_elo(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of Elo points, got {value!r}")
    if not math.isfinite(value) or abs(value) > MOST_ELO:
        raise ValueError(f"{name} must lie in [-{MOST_ELO}, {MOST_ELO}] Elo, got {value}")
    return float(value)


def _check_rate(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number (an error rate), got {value!r}")
    if not 0 < value < 0.5:
        raise ValueError(f"{name} must lie strictly between 0 and 0.5 (an error rate), got {value}")
    return float(value)


class SPRT:
    """A sequential probability ratio test of bot A against bot B on duplicate
    pairs, in the style of fishtest's SPRT on game pairs (trinomial: a pair
    scores 0, 0.5 or 1 for A's 0, 1 or 2 deals won).

    H0: A is at most ``elo0`` Elo better than B; H1: at least ``elo1``
    (``elo0 < elo1``; Elo of a pair, :func:`elo_to_share`). ``alpha`` is the
    chance of accepting H1 when A is exactly ``elo0`` better, ``beta`` that
    of rejecting it when A is exactly ``elo1`` better. Add the pairs as they
    are played (:meth:`add`) and stop once :attr:`verdict` is ``accept`` (H1)
    or ``reject`` (H0); ``continue`` asks for more pairs.
    """

    def __init__(self, elo0: float = 0.0, elo1: float = 20.0, alpha: float = 0.05, beta: float = 0.05) -> None:
        self.elo0, self.elo1 = _check_elo("elo0", elo0), _check_elo("elo1", elo1)
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 must be below elo1, got elo0 {elo0} and elo1 {elo1}")
        self.alpha, self.beta = _check_rate("alpha", alpha), _check_rate("beta", beta)
        self.lower, self.upper = sprt_bounds(self.alpha, self.beta)
        self.counts = np.zeros(3, dtype=np.int64)  # pairs A lost both deals of, split, won both

    def add(self, wins: object) -> None:
        """Add pairs: A's deals won of each pair (0, 1 or 2; one int or a
        sequence). ValueError once the test has decided."""
        if self.verdict != CONTINUE:
            raise ValueError(f"the test has already decided ({self.verdict}); start a new one for more pairs")
        self.counts += np.bincount(pair_wins(wins), minlength=3)

    @property
    def pairs(self) -> int:
        return int(self.counts.sum())

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 against H0 so far."""
        return float(sprt_llr(self.counts, elo_to_share(self.elo0), elo_to_share(self.elo1)))

    @property
    def verdict(self) -> str:
        """``accept`` (H1: A at least elo1 better), ``reject`` (H0) or ``continue``."""
        llr = self.llr
        return ACCEPT if llr >= self.upper else REJECT if llr <= self.lower else CONTINUE

    def to_dict(self) -> dict:
        lost, split, won = (int(c) for c in self.counts)
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
                "pairs": self.pairs, "a_lost_both": lost, "split": split, "a_won_both": won,
                "llr": self.llr, "lower": self.lower, "upper": self.upper, "verdict": self.verdict}

    def __repr__(self) -> str:
        return (f"SPRT(elo0={self.elo0:g}, elo1={self.elo1:g}, pairs={self.pairs}, llr={self.llr:.2f}, "
                f"bounds=({self.lower:.2f}, {self.upper:.2f}), verdict={self.verdict!r})")
