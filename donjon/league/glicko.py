"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): the puzzle ratings.

A solved puzzle is a win of the player over the puzzle, a failed one a loss; both the
player's rating and the puzzle's move, each from one game against the other's rating
before the game (a rating period of one game). Scale: rating 1500, deviation 350,
volatility 0.06 for a new player; τ = :data:`TAU`.

    >>> p, q = update(Glicko(), Glicko(1500, 350, 0.06), 1.0)
    >>> round(p.rating), round(q.rating)
    (1662, 1338)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
EPSILON = 1e-6
MIN_RD = 30.0
"""The deviation never falls below this, so a rating keeps moving a little."""


@dataclass(frozen=True)
class Glicko:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def rate(p: Glicko, opp: Glicko, score: float) -> Glicko:
    """``p`` after one game against ``opp`` scoring ``score`` (1 win, 0.5 draw, 0 loss)."""
    mu, phi, sigma = (p.rating - 1500) / SCALE, p.rd / SCALE, p.vol
    mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
    g = _g(phi_j)
    e = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g * g * e * (1 - e))
    delta = v * g * (score - e)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa = fa / 2
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_sigma**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * g * (score - e)
    return Glicko(1500 + SCALE * new_mu, max(MIN_RD, SCALE * new_phi), new_sigma)


def update(player: Glicko, puzzle: Glicko, solved: float) -> tuple[Glicko, Glicko]:
    """The player's and the puzzle's ratings after one attempt (``solved``: 1 or 0)."""
    return rate(player, puzzle, solved), rate(puzzle, player, 1 - solved)
