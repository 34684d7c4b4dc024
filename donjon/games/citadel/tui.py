"""Citadel in the terminal (``GameInfo.tui``): ``donjon play citadel`` (you and bot teammates
against the Professor), the text rendering ``donjon replay`` prints of Citadel records and
Citadel's figures in the ``donjon selfplay`` summary (team win rate with its 95 % interval,
treasures saved and lost, game length).

Seats: you play ``--seat`` (default 0); every other seat is a bot teammate. With
``--players 1`` you run two characters (the solo rule of docs/rules/citadel.md; ``--options
'{"solo_characters": 1}'`` for one); with ``--players 2`` you have one bot teammate, and so on.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from donjon.cli.console import Console
from donjon.cli.menu import MenuPlay
from donjon.cli.play import play_setup
from donjon.cli.terminal import Terminal, default_bot
from donjon.games.citadel.board import DOORS, DOORS_OF, OUTSIDE, ROOM_IDS, ROOMS, WINDOW_ROOMS, other_side
from donjon.games.citadel.catalogue import CARDS, CHARACTERS, SWITCH_TYPES, TREASURES
from donjon.games.protocol import Action, Game
from donjon.stats import wilson


def room_name(room: str | None) -> str:
    if room is None:
        return "?"
    if room == OUTSIDE:
        return "outside"
    r = ROOMS.get(room)
    return r.name_en if r is not None else room


def char_name(cid: str) -> str:
    c = CHARACTERS.get(cid)
    return c.name.split()[0] if c is not None else cid


def clock_text(minutes: int) -> str:
    return f"{minutes:02d} min"


def treasure_text(colour: str, t: dict[str, Any]) -> str:
    return (f"{colour} {t['id']} {t['name']} [{', '.join(t['types'])}] in the {room_name(t['room'])}, "
            f"{t['left']} min left" + (" - rescuable now" if t["rescuable"] else ""))


def render(view: dict[str, Any]) -> str:
    """The table as text: clock, treasures, characters, then one line per room (switch,
    treasure, who is there, its three doors open/closed)."""
    lines = [f"Turn {view['turn']}, {view['difficulty']} - clock {clock_text(view['clock'])} "
             f"(idea icons at 15 and 45) - saved {len(view['saved'])}/4"
             + (f" ({', '.join(view['saved'])})" if view["saved"] else "")
             + f", lost {len(view['lost'])}/4" + (f" ({', '.join(view['lost'])})" if view["lost"] else "")]
    lines.append(f"Professor Evil is in the {room_name(view['professor'])}.")
    for colour, t in view["treasures"].items():
        lines.append("Treasure " + treasure_text(colour, t))
    for ch in view["characters"]:
        mark = "*" if ch["active"] else " "
        info = CHARACTERS[ch["id"]]
        revealed = ", ".join(c["name"] + (" (pending)" if c["pending"] else "") + (" [played]" if c["played"] else "")
                             for c in ch["revealed"])
        place = "outside" if ch["room"] == OUTSIDE else f"in the {room_name(ch['room'])}"
        lines.append(f" {mark}{ch['name']} (seat {ch['seat']}) {place}"
                     + (f", power face up: {info.power_en}" if ch["face_up"] else ", tile face down")
                     + (f"; cards: {revealed}" if revealed else ""))
    if view["phase"] == "actions":
        lines.append(f"   {view['actions_left']} action(s) left" + (f" (+{view['switch_actions']} switch-only)" if view["switch_actions"] else "")
                     + (f", card played: {CARDS[view['card_played']].name_en}" if view["card_played"] else "")
                     + (", power used" if view["power_used"] else ""))
    lines.append("Rooms (switch, treasure, who is there, doors):")
    where: dict[str, list[str]] = {}
    for ch in view["characters"]:
        where.setdefault(ch["room"], []).append(char_name(ch["id"]))
    treasure_in = {t["room"]: c for c, t in view["treasures"].items()}
    width = max(len(room_name(r)) for r in ROOM_IDS) + (3 if WINDOW_ROOMS else 0)
    for room in ROOM_IDS:
        sw = view["switches"][room]
        label = room_name(room) + (" (w)" if room in WINDOW_ROOMS else "")
        who = list(where.get(room, []))
        if view["professor"] == room:
            who.insert(0, "PROFESSOR")
        doors = " ".join(f"{d}{'=open' if view['doors'][d] == 'open' else ''}->{room_name(other_side(d, room))}"
                         for d in DOORS_OF[room])
        tr = treasure_in.get(room)
        lines.append(f"  {label:<{width}} {SWITCH_TYPES[sw['type']][1]:<7} {'ON ' if sw['on'] else 'off'}"
                     f" {('[' + tr + ']') if tr else '':<8}{' ' + ', '.join(who) if who else ''}  | {doors}")
    if where.get(OUTSIDE):
        lines.append(f"  Outside: {', '.join(where[OUTSIDE])} (windows: the rooms marked (w))")
    if view.get("dice"):
        d = view["dice"]
        lines.append(f"Dice: colour {d.get('colour')}, action {d.get('action')}, clock {d.get('clock')}")
    if view.get("vote"):
        lines.append("Vote: which face-down character turns face up? candidates "
                     + ", ".join(char_name(c) for c in view["vote"]["candidates"]))
    if view.get("duck"):
        lines.append("Duck Out: choose a room next to the " + room_name(view["duck"]["room"]))
    if view.get("known") and (view["known"]["treasures"] or view["known"]["rooms"]):
        lines.append(f"You know: next treasures {view['known']['treasures']}, next rooms "
                     f"{[room_name(r) for r in view['known']['rooms']]}")
    return "\n".join(lines)


def describe(action: Action) -> str:
    """A Citadel action in plain words."""
    kind = action.get("type")
    if kind == "choose":
        c = CHARACTERS[action["character"]]
        return f"choose {c.name}, {c.title_en}"
    if kind == "move":
        return f"move to the {room_name(action['to'])}"
    if kind == "open":
        a, b = DOORS[action["door"]].rooms
        return f"open door {action['door']} ({room_name(a)} - {room_name(b)})"
    if kind == "switch":
        return f"flip the switch in the {room_name(action['room'])}"
    if kind == "rescue":
        return f"rescue the {action['colour']} treasure"
    if kind == "end_actions":
        return "end your actions (the Professor acts)"
    if kind in ("card", "power"):
        head = f"play card {CARDS[action['card']].name_en}" if kind == "card" else "use your power"
        return head + _fields(action)
    if kind == "reroll":
        return "reroll the " + " and ".join(action["dice"]) + " " + ("die" if len(action["dice"]) == 1 else "dice")
    if kind == "set_colour":
        return f"set the colour die to {action['colour']}"
    if kind == "keep":
        return "keep the dice"
    if kind == "duck":
        return f"duck into the {room_name(action['to'])}"
    if kind == "vote":
        return f"vote for {CHARACTERS[action['choice']].name}"
    if kind == "arrange":
        return ("arrange: treasures " + " ".join(action["treasures"]) + "; rooms "
                + ", ".join(room_name(r) for r in action["rooms"]))
    return str(action)


def _fields(action: Action) -> str:
    parts = []
    for k, v in action.items():
        if k in ("type", "card"):
            continue
        if k in ("to", "room"):
            parts.append(f"{'to the' if k == 'to' else 'room'} {room_name(v)}")
        elif k == "rooms":
            parts.append("rooms " + ", ".join(room_name(r) for r in v))
        elif k == "character":
            parts.append(char_name(v))
        elif k == "doors":
            parts.append("doors " + " ".join(v))
        else:
            parts.append(f"{k.replace('_', ' ')} {v}")
    return (": " + ", ".join(parts)) if parts else ""


_EVENT_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "turn": lambda ev: f"{char_name(ev['character'])}'s turn (seat {ev['seat']})",
    "draw": lambda ev: f"{char_name(ev['character'])} reveals " + ", ".join(CARDS[c].name_en for c in ev["cards"]),
    "professor_phase": lambda ev: "The Professor's phase",
    "roll": lambda ev: f"Dice: colour {ev['colour']}, action {ev['action']}, clock {ev['clock']}",
    "professor_move": lambda ev: (f"The Professor goes to the {room_name(ev['to'])}"
                                  + (f" through {ev['door']}" if ev.get("door") else " (secret passage)")),
    "switch": lambda ev: f"The {room_name(ev['room'])} switch turns {'ON' if ev['on'] else 'off'} ({ev.get('cause', '')})",
    "flee": lambda ev: f"{char_name(ev['character'])} flees outside",
    "clock": lambda ev: f"Clock: {clock_text(ev['clock'])}",
    "treasure_lost": lambda ev: f"The {ev['colour']} treasure {ev['treasure']} is LOST ({ev['lost']}/4)",
    "rescue": lambda ev: f"The {ev['colour']} treasure {ev['treasure']} is SAVED ({ev['saved']}/4)",
    "treasure_placed": lambda ev: (f"New {ev['colour']} treasure {ev['treasure']} ({TREASURES[ev['treasure']].name}) "
                                   f"in the {room_name(ev['room'])}, {ev['left']} min"),
    "treasure_time": lambda ev: f"The {ev['colour']} treasure now has {ev['left']} min left",
    "game_over": lambda ev: "The team WINS" if ev.get("won") else "The team loses",
}
"""Event type → its line."""

_SILENT_EVENTS = frozenset(("move", "open", "end_actions", "card", "power", "vote", "keep", "character_chosen", "arranged"))
"""The events the action's own line already says."""


def event_text(ev: dict[str, Any]) -> str:
    """One engine event in words ("" for the ones the action line already says)."""
    k = ev.get("type")
    if k in _SILENT_EVENTS:
        return ""
    text = _EVENT_TEXT.get(str(k))
    if text is not None:
        return text(ev)
    return f"{str(k).replace('_', ' ')}: " + ", ".join(f"{a} {b}" for a, b in ev.items() if a != "type")


class CitadelPlay(MenuPlay):
    def who(self, seat: int) -> str:
        chars = [c for c in self.state.chars if c.seat == seat]
        active = self.state.chars[self.state.active] if self.state.chars and self.state.phase != "choose" else None
        if active is not None and active.seat == seat:
            return f"{char_name(active.id)}, seat {seat}"
        return ", ".join(char_name(c.id) for c in chars) + f", seat {seat}" if chars else f"seat {seat}"

    def show(self, seat: int) -> None:
        self.console.print(render(self.game.view(self.state, seat)))

    def describe(self, action: Action, seat: int) -> str:
        return describe(action)

    def command(self, cmd: str, words: list[str], seat: int) -> bool:
        if cmd not in ("text", "card"):
            return False
        key = "_".join(words).lower()
        for cid, c in CARDS.items():
            if key in (cid, c.name_en.lower().replace(" ", "_")):
                self.console.print(f"{c.name_en} ({CHARACTERS[c.character].name}'s card{', pending' if c.pending else ''}): {c.text_en}")
                return True
        for cid, ch in CHARACTERS.items():
            if key in (cid, ch.name.lower().replace(" ", "_"), ch.name.split()[0].lower()):
                self.console.print(f"{ch.name}, {ch.title_en}. Persistent: {ch.persistent_en} Power: {ch.power_en}")
                return True
        self.console.print(f"no card or character {' '.join(words)!r}")
        return True

    def after_action(self, before: Any, seat: int, action: Action) -> None:
        for ev in self.game.view(self.state, seat)["events"]:
            line = event_text(ev)
            if line:
                self.console.print(f"  {line}")

    def result_text(self) -> str:
        out = self.game.outcome(self.state)
        if out is None:
            return ""
        st = self.state
        verdict = "the team wins" if out.winners else "the team loses"
        return (f"Game over: {verdict} ({len(st.saved)} saved, {len(st.lost)} lost, {st.turn} turns).")


def run_play(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    from donjon.games.citadel.game import GAME

    setup = play_setup(args, console, GAME, options)
    if setup is None:
        return 2
    players = setup.players
    team = ("you run two characters" if players == 1 and setup.state.options.get("solo_characters") == 2
            else "you run one character" if players == 1
            else f"{players - 1} bot teammate(s) ({args.bot or default_bot(GAME.info)})")
    console.print(f"Seed {setup.seed}. Citadel, {options['difficulty']}, {players} player(s): you are seat {args.seat}, {team}. "
                  "Rescue 4 treasures before the Professor locks 4 away. Type 'help' for commands.")
    return CitadelPlay(GAME, setup.state, {args.seat}, setup.bots, random.Random(setup.seed), console).run()


def render_final(game: Game, state: Any, dump: dict[str, Any]) -> list[str]:
    """What ``donjon replay`` prints of a final state: the table, then the treasures saved
    and lost and the turns played."""
    return [render(game.view(state, None)),
            f"saved: {json.dumps(dump['saved'])}; lost: {json.dumps(dump['lost'])}; turns: {dump['turn']}"]


class CitadelStats:
    """The team's win rate (with its 95 % Wilson interval), treasures saved and lost and game
    length over the self-play games (key ``citadel``)."""

    def __init__(self, seats: int, options: dict[str, Any]) -> None:
        self.difficulty = options.get("difficulty")
        self.wins = 0
        self.saved: Counter[int] = Counter()
        self.lost: Counter[int] = Counter()
        self.turns: list[int] = []

    def add(self, state: Any, outcome: dict[str, Any] | None) -> None:
        if outcome is not None and outcome["winners"]:
            self.wins += 1
        self.saved[len(state.saved)] += 1
        self.lost[len(state.lost)] += 1
        self.turns.append(state.turn)

    def summary(self) -> dict[str, Any]:
        n, wins, saved, lost, turns = len(self.turns), self.wins, self.saved, self.lost, self.turns
        lo, hi = wilson(wins, n)
        return {
            "difficulty": self.difficulty,
            "games": n,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "saved": {str(k): saved[k] for k in sorted(saved)},
            "lost": {str(k): lost[k] for k in sorted(lost)},
            "saved_mean": round(sum(k * v for k, v in saved.items()) / n, 2) if n else None,
            "lost_mean": round(sum(k * v for k, v in lost.items()) / n, 2) if n else None,
            "turns_mean": round(sum(turns) / n, 2) if n else None,
            "turns_min": min(turns, default=0),
            "turns_max": max(turns, default=0),
        }

    def lines(self, summary: dict[str, Any]) -> list[str]:
        c = summary
        if not c["games"]:
            return []
        return [f"citadel {c['difficulty']}: team win rate {c['wins']}/{c['games']} = {100 * c['win_rate']:.1f} % "
                f"(95 % interval {100 * c['ci95'][0]:.1f}-{100 * c['ci95'][1]:.1f} %)",
                f"  saved: mean {c['saved_mean']} (" + ", ".join(f"{k}: {v}" for k, v in c["saved"].items())
                + f"); lost: mean {c['lost_mean']} (" + ", ".join(f"{k}: {v}" for k, v in c["lost"].items()) + ")",
                f"  game length: {c['turns_mean']} turns on average ({c['turns_min']}-{c['turns_max']})"]


TERMINAL = Terminal(
    play=run_play,
    render=render_final,
    selfplay_stats=CitadelStats,
    max_actions=20_000,
    opponent="professor",
)
