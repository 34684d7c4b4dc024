"""Castel in the terminal (``GameInfo.tui``): ``donjon play castel`` (you against bots), the
text rendering ``donjon replay`` prints of Castel records and Castel's figures in the
``donjon selfplay`` summary (wins, ranks and cards left per colour).

Squares are written column letter ``a``–``f`` (left to right) and row ``1``–``6`` (top to
bottom): ``[r, c]`` in JSON is ``"abcdef"[c] + str(r + 1)``, so ``[0, 0]`` (the north-west
tower) is ``a1``. A card in the castle shows its owner's colour initial when a colour token
is on it: ``King(b)`` is the King with blue's token.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

from donjon.cli.cards import find_card
from donjon.cli.console import Console
from donjon.cli.menu import MenuPlay
from donjon.cli.play import play_setup
from donjon.cli.replay import key_lines
from donjon.cli.terminal import Terminal, default_bot
from donjon.games.castel.board import SIZE
from donjon.games.castel.catalogue import CARDS, KIND, ZONE_NAMES
from donjon.games.castel.state import COLOURS
from donjon.games.protocol import Action, Game

CELL = 16
EMPTY = {"courtyard": ".", "rampart": "=", "tower": "#"}


def square_name(sq: Any) -> str:
    """``[r, c]`` → ``"a1"`` style (column letter, row number from the top)."""
    if isinstance(sq, (list, tuple)) and len(sq) == 2:
        r, c = sq
        return f"{'abcdef'[c]}{r + 1}"
    return str(sq)


def card_name(card: str) -> str:
    """``King``; ``Soldier#7`` for a card with copies."""
    kind = KIND.get(card)
    if kind is None:
        return card
    info = CARDS[kind]
    return info.name_en if info.copies == 1 else f"{info.name_en}#{card.rsplit('_', 1)[-1]}"


def _owned(c: dict[str, Any]) -> str:
    token = c.get("token")
    return card_name(c["id"]) + (f"({COLOURS[token][0]})" if token is not None else "")


def render(view: dict[str, Any]) -> str:
    """The table as text: the 6×6 castle grid (top card of each stack and its owner), the
    siege-engine slots, the outside, the exchange, hand and pile counts, your hand."""
    n = view["players"]
    lines = [f"Round {view['round']} (turn {view['turn_no']}): {COLOURS[view['turn']]} to play, "
             f"{view['actions_left']} action(s) left."]
    lines.append("    " + "".join(f"{ch:<{CELL}}" for ch in "abcdef"[:SIZE]))
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            stack = view["castle"][r][c]
            if not stack:
                cells.append(EMPTY[view["zones"][r][c]])
            else:
                top = _owned(stack[-1])
                cells.append(top + (f"+{len(stack) - 1}" if len(stack) > 1 else ""))
        lines.append(f"{r + 1:>2}  " + "".join(f"{x[:CELL - 1]:<{CELL}}" for x in cells).rstrip())
    lines.append("    (. courtyard, = rampart, # tower; (b) (y) (r) (g) = owner's token; +N = cards under it)")
    slots = [f"{side}: {', '.join(_owned(c) for c in cards)}" for side, cards in view["slots"].items() if cards]
    lines.append("Siege engines: " + ("; ".join(slots) if slots else "none"))
    outside = [" under ".join(_owned(c) for c in reversed(stack)) for stack in view["outside"]]
    lines.append("Outside the walls: " + (", ".join(outside) if outside else "nobody"))
    lines.append("Exchange: " + (", ".join(card_name(c["id"]) for c in view["exchange"]) or "empty"))
    lines.append("Hands / piles: " + ", ".join(f"{COLOURS[s]} {view['hand_counts'][s]}/{view['pile_counts'][s]}"
                                                for s in range(n)))
    if view.get("hand") is not None:
        lines.append("Your hand: " + (", ".join(card_name(c["id"]) + (" (drawn this turn)" if c["drawn"] else "")
                                                 for c in view["hand"]) or "empty"))
    if view.get("hands") is not None:
        lines.append("Open hands (Herald): " + "; ".join(f"{COLOURS[s]}: {', '.join(map(card_name, h))}"
                                                         for s, h in enumerate(view["hands"])))
    elif view.get("known_hands"):
        lines.append("Cards you know in other hands: " + "; ".join(
            f"{COLOURS[int(s)]}: {', '.join(map(card_name, h))}" for s, h in view["known_hands"].items()))
    p = view.get("pending")
    if p is not None:
        what = "; ".join(p.get("prompts") or []) or "place one more card or skip"
        lines.append(f"{card_name(p['card'])}'s effect asks: {what}")
    if view.get("removed"):
        lines.append("Removed from the game: " + ", ".join(map(card_name, view["removed"])))
    return "\n".join(lines)


def _target(t: Any) -> str:
    if isinstance(t, bool):
        return str(t)
    if isinstance(t, int):
        return COLOURS[t] if 0 <= t < len(COLOURS) else str(t)
    if isinstance(t, list):
        return square_name(t)
    if isinstance(t, str) and t in KIND:
        return card_name(t)
    return str(t)


def _value(v: Any) -> str:
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return square_name(v)
    if isinstance(v, list):
        return " and ".join(_value(x) for x in v)
    return _target(v)


def event_text(ev: dict[str, Any]) -> str:
    """What an effect did, in words (the turn, draws, exchanges and placements are said by
    the action line; the end by the result)."""
    kind = ev.get("type")
    if kind in ("turn", "place", "draw", "exchange", "end"):
        return ""
    words = {"frm": "from", "to": "to", "by": "by", "was": "was", "owner": "owner"}
    parts = [f"{words.get(k, k)} {_value(v)}" for k, v in ev.items() if k not in ("type", "kind", "seat", "_see")]
    return f"{str(kind).replace('_', ' ')}: " + ", ".join(parts) if parts else str(kind).replace("_", " ")


def describe(action: Action) -> str:
    """A Castel action in plain words."""
    kind = action.get("type")
    if kind == "draw":
        return "draw a card from your pile"
    if kind == "exchange":
        return f"exchange: give {card_name(action['give'])}, take {card_name(action['take'])}"
    if kind == "place":
        where = ("outside the walls" if action.get("square") == "outside"
                 else f"on {square_name(action['square'])}" if "square" in action
                 else f"in the {action['slot']} siege slot" if "slot" in action
                 else f"on top of {card_name(action['on'])}")
        return f"place {card_name(action['card'])} {where}"
    if kind == "effect":
        return "effect: " + ", ".join(_target(t) for t in action.get("targets", [])) if action.get("targets") else "effect: none"
    if kind == "skip":
        return "skip the extra card"
    return str(action)


class CastelPlay(MenuPlay):
    def who(self, seat: int) -> str:
        return COLOURS[seat]

    def show(self, seat: int) -> None:
        self.console.print(render(self.game.view(self.state, seat)))

    def describe(self, action: Action, seat: int) -> str:
        return describe(action)

    def list_actions(self, seat: int, legal: list[Action]) -> None:
        """Numbered, with the placements of one card (and the exchanges giving one card) on
        one line each: ``place King on: 62 b2 | 63 c2 | ...``."""
        groups: dict[str, list[str]] = {}
        order: list[str] = []
        for i, a in enumerate(legal, 1):
            if a["type"] == "place" and "square" in a and a["square"] != "outside":
                head, item = f"place {card_name(a['card'])} on", square_name(a["square"])
            elif a["type"] == "exchange":
                head, item = f"exchange: give {card_name(a['give'])}, take", card_name(a["take"])
            else:
                head, item = describe(a), ""
            key = head if item else f"#{i}"
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(f"{i} {item}" if item else f"{i}. {head}")
        self.console.print("Legal actions (type the number, or words like 'draw', 'place king c3'):")
        for key in order:
            items = groups[key]
            self.console.print(f"  {items[0]}" if key.startswith("#") else f"  {key}: " + " | ".join(items))

    def command(self, cmd: str, words: list[str], seat: int) -> bool:
        if cmd not in ("text", "card"):
            return False
        cid = find_card(CARDS, " ".join(words)) if words else None
        if cid is None:
            self.console.print(f"no card {' '.join(words)!r} (use its English name or id)")
            return True
        info = CARDS[cid]
        self.console.print(f"{info.name_en} ({info.name_fr}) — {ZONE_NAMES[info.zone][1]}. Placement: {info.requirement_en}")
        self.console.print(info.text_en)
        return True

    def after_action(self, before: Any, seat: int, action: Action) -> None:
        view = self.game.view(self.state, min(self.seats))
        for ev in view["events"]:
            line = event_text(ev)
            if line:
                self.console.print(f"  ({line})")

    def result_text(self) -> str:
        out = self.game.outcome(self.state)
        if out is None:
            return ""
        you = min(self.seats)
        left = ", ".join(f"{COLOURS[s]} {self.state.cards_left(s)}" for s in range(self.state.players))
        winners = " and ".join(COLOURS[w] for w in out.winners)
        verdict = "You win" if you in out.winners else f"{winners} win{'s' if len(out.winners) == 1 else ''}"
        return f"Game over ({out.reason.replace('_', ' ')}): {verdict}. Cards left: {left}."


def run_play(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    from donjon.games.castel.game import GAME

    setup = play_setup(args, console, GAME, options)
    if setup is None:
        return 2
    console.print(f"Seed {setup.seed}. Castel, {setup.players} players: you are {COLOURS[args.seat]} (seat {args.seat}); "
                  f"bots ({args.bot or default_bot(GAME.info)}) play the other colours. Type 'help' for commands.")
    console.print("Squares: column a-f from the left, row 1-6 from the top (a1 is the north-west tower).")
    return CastelPlay(GAME, setup.state, {args.seat}, setup.bots, random.Random(setup.seed), console).run()


def render_final(game: Game, state: Any, dump: dict[str, Any]) -> list[str]:
    """What ``donjon replay`` prints of a final state: the table, then every hand."""
    return [render(game.view(state, None)), *key_lines(dump, ("hands",))]


def ranks(outcome: dict[str, Any] | None, seats: int) -> list[int] | None:
    """Rank of each seat at the end (1 = most points; ties share the better rank)."""
    scores = outcome.get("scores") if outcome else None
    if not scores or len(scores) != seats:
        return None
    return [1 + sum(1 for t in scores if t > sc) for sc in scores]


class CastelStats:
    """Wins, ranks and cards left per colour over the self-play games (key ``castel``)."""

    def __init__(self, seats: int, options: dict[str, Any]) -> None:
        self.seats = seats
        self.wins = [0] * seats
        self.ranks: list[Counter[int]] = [Counter() for _ in range(seats)]
        self.cards_left = [0] * seats
        self.finished = 0

    def add(self, state: Any, outcome: dict[str, Any] | None) -> None:
        for w in outcome["winners"] if outcome is not None else ():
            self.wins[w] += 1
        rk = ranks(outcome, self.seats)
        if rk is None:
            return
        self.finished += 1
        for s in range(self.seats):
            self.ranks[s][rk[s]] += 1
            self.cards_left[s] += state.cards_left(s)

    def summary(self) -> dict[str, Any]:
        n = self.finished
        return {
            "seats": [{"seat": s, "colour": COLOURS[s], "wins": self.wins[s],
                       "mean_rank": round(sum(k * v for k, v in self.ranks[s].items()) / n, 3) if n else None,
                       "ranks": {str(k): self.ranks[s][k] for k in range(1, self.seats + 1)},
                       "mean_cards_left": round(self.cards_left[s] / n, 2) if n else None}
                      for s in range(self.seats)],
            "ranked_games": n,
        }

    def lines(self, summary: dict[str, Any]) -> list[str]:
        return [f"  seat {row['seat']} ({row['colour']}): wins {row['wins']}, mean rank {row['mean_rank']}, "
                "ranks " + " ".join(f"{k}:{v}" for k, v in row["ranks"].items())
                + f", cards left {row['mean_cards_left']}"
                for row in summary["seats"]]


TERMINAL = Terminal(
    play=run_play,
    render=render_final,
    seat_label=lambda seat: COLOURS[seat],
    selfplay_stats=CastelStats,
    max_actions=3000,
)
