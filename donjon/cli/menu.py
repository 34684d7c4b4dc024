"""Terminal play by numbered menus: :class:`MenuPlay`, the loop of ``donjon play`` for a game
whose terminal UI lists the legal actions, and :class:`JsonPlay`, the one every game gets
when it declares no terminal UI of its own.

A person types the number of a legal action or words of its description; the other seats
are bots. A game's UI subclasses :class:`MenuPlay` and gives :meth:`~MenuPlay.show` and
:meth:`~MenuPlay.describe` (and optionally :meth:`~MenuPlay.command`,
:meth:`~MenuPlay.after_action`, :meth:`~MenuPlay.result_text`).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from donjon.bots import choose_and_apply
from donjon.cli.console import Console
from donjon.games.protocol import Action, IllegalAction

MENU_HELP = """Commands:
  N                 play legal action number N of the list
  WORDS             the one legal action whose description has all these words (e.g. "draw", "move library")
  actions (or a)    list the legal actions again;  show (or look): the table
  text NAME         the text of a card (or character)
  help              this help;  quit: leave the game"""


def _words(text: str) -> list[str]:
    """The lower-case words and numbers of ``text``."""
    return re.findall(r"[a-z0-9]+", text.lower())


def read_commands(console: Console) -> Iterator[tuple[str, list[str], str]]:
    """The person's commands, one ``(line, words, cmd)`` a line (``cmd``: the first word in
    lower case), until the input ends or they quit (:meth:`Console.read_command`)."""
    while (read := console.read_command()) is not None:
        line, words = read
        yield line, words, words[0].lower()


class MenuPlay:
    """A terminal game where the person picks among numbered legal actions; the other seats
    are bots. Subclasses give :meth:`show`, :meth:`describe` and optionally
    :meth:`command`, :meth:`after_action` and :meth:`result_text`."""

    help_text = MENU_HELP

    def __init__(self, game: Any, state: Any, seats: set[int], bots: dict[int, Any], rng: random.Random,
                 console: Console) -> None:
        self.game, self.state, self.seats, self.bots, self.rng = game, state, seats, bots, rng
        self.console = console

    # -------------------------------------------------------- to override

    def show(self, seat: int) -> None:
        raise NotImplementedError

    def describe(self, action: Action, seat: int) -> str:
        raise NotImplementedError

    def who(self, seat: int) -> str:
        return f"seat {seat}"

    def command(self, cmd: str, words: list[str], seat: int) -> bool:
        """Handle a game-specific command; True when it was one."""
        return False

    def after_action(self, before: Any, seat: int, action: Action) -> None:
        """Say what the action caused (events), after the action's own line."""

    def result_text(self) -> str:
        out = self.game.outcome(self.state)
        return f"Game over ({out.reason})." if out is not None else ""

    # -------------------------------------------------------- the loop

    def list_actions(self, seat: int, legal: list[Action]) -> None:
        self.console.print("Legal actions:")
        for i, a in enumerate(legal, 1):
            self.console.print(f"  {i:>2}. {self.describe(a, seat)}")

    def pick(self, line: str, seat: int, legal: list[Action]) -> Action | str:
        """The action a line names, or the message saying why it names none."""
        token = line.strip()
        if token.isdigit():
            i = int(token)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            return f"no action number {i}: choose 1-{len(legal)} ('actions' lists them)"
        wanted = _words(token)
        if not wanted:
            return f"{token!r} is not a command or a legal action (type a number 1-{len(legal)}, or 'help')"
        matches = [a for a in legal if all(w in _words(self.describe(a, seat)) for w in wanted)]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            return f"{token!r} is not a command or a legal action (type a number 1-{len(legal)}, or 'help')"
        shown = "; ".join(f"{legal.index(a) + 1}. {self.describe(a, seat)}" for a in matches[:6])
        return f"{token!r} matches {len(matches)} actions: {shown}{' ...' if len(matches) > 6 else ''} (type the number)"

    def human_turn(self, seat: int) -> bool:
        """Read lines until ``seat`` has acted; False when the person quits or input ends."""
        c = self.console
        legal = self.game.legal_actions(self.state, seat)
        self.show(seat)
        self.list_actions(seat, legal)
        for line, words, cmd in read_commands(c):
            if cmd == "help":
                c.print(self.help_text)
                continue
            if cmd in ("actions", "a", "list"):
                self.list_actions(seat, legal)
                continue
            if cmd in ("show", "look", "board", "map"):
                self.show(seat)
                continue
            if self.command(cmd, words[1:], seat):
                continue
            picked = self.pick(line, seat, legal)
            if isinstance(picked, str):
                c.print(picked)
                continue
            before = self.state
            try:
                self.state = self.game.apply(self.state, seat, picked)
            except IllegalAction as e:
                c.print(f"Illegal: {e.reason}")
                continue
            c.print(f"You ({self.who(seat)}): {self.describe(picked, seat)}")
            self.after_action(before, seat, picked)
            return True
        return False

    def bot_turn(self, seat: int) -> None:
        before = self.state
        action, self.state, _ = choose_and_apply(self.bots[seat], self.game, before, seat, self.rng)
        self.console.print(f"Bot ({self.who(seat)}): {self.describe(action, seat)}")
        self.after_action(before, seat, action)

    def run(self) -> int:
        while self.game.outcome(self.state) is None:
            to_act = self.game.to_act(self.state)
            if not to_act:
                break
            bot_seats = [s for s in to_act if s not in self.seats]
            if bot_seats:
                self.bot_turn(bot_seats[0])
                continue
            if not self.human_turn(to_act[0]):
                self.console.print("Bye.")
                return 0
        self.show(min(self.seats))
        self.console.print(self.result_text())
        return 0


class JsonPlay(MenuPlay):
    """Menu play for any game: the table is the seat's view as JSON, an action its JSON."""

    help_text = "\n".join(line for line in MENU_HELP.splitlines() if not line.lstrip().startswith("text "))

    def show(self, seat: int) -> None:
        self.console.print(json.dumps(self.game.view(self.state, seat), ensure_ascii=False, sort_keys=True))

    def describe(self, action: Action, seat: int) -> str:
        return json.dumps(action, ensure_ascii=False, sort_keys=True)

    def who(self, seat: int) -> str:
        return self.game.info.seat_name(seat) or f"seat {seat}"

    def result_text(self) -> str:
        out = self.game.outcome(self.state)
        if out is None:
            return ""
        you = min(self.seats)
        verdict = ("draw" if out.draw else "you win" if you in out.winners
                   else "you lose" if out.winners else "nobody wins")
        return f"Game over ({out.reason.replace('_', ' ')}): {verdict}."
