"""Bradley–Terry ratings from pairwise win counts, on the Elo scale.

Bot ``i`` beats bot ``j`` in one deal with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))``: a 400-point gap is 10-to-1 odds,
as with Elo. The ratings are the maximum-likelihood fit of that model to
the deal wins of every match-up, with the first bot anchored at 0 (only
differences are identified). Each match-up also counts half a win for
either side (a weak prior), so that a bot that won every deal still gets a
finite rating; with hundreds of deals per match-up it moves a rating by a
few points at most.
"""

from __future__ import annotations

import math
from typing import Sequence, Tuple

import numpy as np

ELO = 400 / math.log(10)  # Elo points per unit of natural log-odds
PRIOR_WINS = 0.5  # virtual wins for each side of every match-up


def fit_ratings(n_bots: int, pairs: Sequence[Tuple[int, int]], wins: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Ratings (Elo points, bot 0 at 0) from ``wins[k]`` of ``pairs[k][0]``
    over ``pairs[k][1]`` in ``games[k]`` deals.

    ``wins`` may be a matrix (one row per resample, one column per pair):
    each row is fitted on its own and the result has one row of ratings per
    row of ``wins``. Newton's method on the concave log-likelihood; every
    bot must play (a connected set of match-ups, as a league has).
    """
    single = np.ndim(wins) == 1
    wins = np.atleast_2d(np.asarray(wins, dtype=np.float64)) + PRIOR_WINS
    total = np.asarray(games, dtype=np.float64) + 2 * PRIOR_WINS
    first = np.array([i for i, _ in pairs])
    second = np.array([j for _, j in pairs])
    theta = np.zeros((wins.shape[0], n_bots))
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[:, second] - theta[:, first]))  # first bot of each pair wins a deal
        residual = wins - total * p
        curvature = total * p * (1 - p)
        gradient = np.zeros_like(theta)
        hessian = np.zeros((wins.shape[0], n_bots, n_bots))
        for k, (i, j) in enumerate(pairs):
            gradient[:, i] += residual[:, k]
            gradient[:, j] -= residual[:, k]
            hessian[:, i, i] -= curvature[:, k]
            hessian[:, j, j] -= curvature[:, k]
            hessian[:, i, j] += curvature[:, k]
            hessian[:, j, i] += curvature[:, k]
        # Bot 0 is the anchor: solve for the others only.
        step = np.linalg.solve(hessian[:, 1:, 1:], gradient[:, 1:, None])[:, :, 0]
        theta[:, 1:] -= step
        if np.abs(step).max() < 1e-10:
            break
    ratings = ELO * theta
    return ratings[0] if single else ratings
