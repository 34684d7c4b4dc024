"""Soak of UnfairChess's greyed-card test: its shortcuts against full resolution, on many games.

The server greys a card out with :func:`~donjon.games.unfairchess.rules.hand_reasons`, which
skips work (probes without the replacement draw, targetings shown legal by their footprint,
the reason read off the first failed probe). The default test run compares it with plain
resolution on a few games (``tests/unfairchess/test_fast_paths.py``); this runs the same
comparison on as many random games with cards as asked, every position, and at every other
one a hand of four cards drawn from the whole catalogue. For each card it checks that

* ``card_actions`` lists exactly the targetings that resolve in full,
* ``card_playable`` says whether there is one,
* ``hand_reasons`` gives None for a playable card and ``card_why_not``'s reason otherwise.

    python3 bench/greyed_soak.py                      # 150 games from seed 50,000 (~1.5 min)
    python3 bench/greyed_soak.py --games 1500 --seed 60000

Prints each mismatch (seed, position, card, FEN) and a summary; exit status 1 if any.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from donjon.games.unfairchess import rules  # noqa: E402
from donjon.games.unfairchess.catalogue import CARDS  # noqa: E402
from tests.unfairchess.util import game_positions, reference_card_actions, with_hand  # noqa: E402


def soak(games: int, seed: int) -> tuple[int, list[str]]:
    """(cards checked, mismatches) over ``games`` random games from ``seed``."""
    rng = random.Random(seed)
    catalogue = sorted(CARDS)
    checked, bad = 0, []
    for g in range(games):
        for i, st in enumerate(game_positions(1, seed + g, 200)):
            states = [st]
            if st.result is None and i % 2 == 0:
                states.append(with_hand(st, rng.sample(catalogue, 4)))
            for s in states:
                reasons = rules.hand_reasons(s, s.hands[s.seat])
                for card in dict.fromkeys(s.hands[s.seat]):
                    ref = reference_card_actions(s, card)
                    why = None if ref else rules.card_why_not(s, card)
                    checked += 1
                    if (list(rules.card_actions(s, card)) != ref or rules.card_playable(s, card) != bool(ref)
                            or reasons[card] != why):
                        bad.append(f"seed {seed + g} position {i} {card}: {s.board.fen()} "
                                   f"(legal targetings {len(ref)}, reason {reasons[card]!r}, expected {why!r})")
    return checked, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=50_000)
    args = ap.parse_args(argv)
    t0 = time.process_time()
    checked, bad = soak(args.games, args.seed)
    for line in bad:
        print("MISMATCH", line)
    print(f"{args.games} games from seed {args.seed}: {checked} cards checked, {len(bad)} mismatches, "
          f"{time.process_time() - t0:.0f} s CPU")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
