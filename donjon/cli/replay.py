"""``donjon replay RECORD.json [--upto N] [--json]``: rebuild the state a game record leads to.

A record is ``{"game", "seed", "players", "options", "actions": [{"seat", "action"}, ...]}``
(what ``donjon selfplay --save`` writes). The final state is printed as the game's full
dump (``game.dump(state)``, by default its public view) with ``--json``, else as the text of the
game's terminal UI (:attr:`~donjon.cli.terminal.Terminal.render`), then its seats to act
and its outcome.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers, terminal
from donjon.games import get_game
from donjon.games.protocol import Game, IllegalAction


def add(sub: Subparsers) -> None:
    p = sub.add_parser("replay", help="replay a game record", description="Replay a record and print the final state.")
    p.add_argument("record", help='RECORD.json: {"game", "seed", "options", "actions": [{"seat", "action"}, ...]}')
    p.add_argument("--upto", type=int, help="stop after this many actions")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(run=run_replay)


class ReplayError(Exception):
    """A record that cannot be replayed; ``index`` is the failing action (or None)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def replay(record: dict[str, Any], upto: int | None = None) -> tuple[Game, Any]:
    """Rebuild the state a record leads to; raises :class:`ReplayError`."""
    if not isinstance(record, dict):
        raise ReplayError("a record is a JSON object")
    try:
        game = get_game(str(record.get("game")))
    except KeyError as e:
        raise ReplayError(str(e.args[0])) from None
    seed = record.get("seed", 0)
    options = record.get("options") or None
    players = record.get("players", game.info.min_seats)
    actions = record.get("actions", [])
    if not isinstance(seed, int) or not isinstance(players, int) or not isinstance(actions, list):
        raise ReplayError("'seed' and 'players' are integers and 'actions' a list")
    try:
        state = game.setup(players, seed, options)
    except IllegalAction as e:
        raise ReplayError(f"bad setup: {e.reason}") from None
    for i, entry in enumerate(actions if upto is None else actions[:upto]):
        if not isinstance(entry, dict) or "seat" not in entry or "action" not in entry:
            raise ReplayError(f"action {i} is not {{\"seat\": ..., \"action\": {{...}}}}", i)
        try:
            state = game.apply(state, entry["seat"], entry["action"])
        except IllegalAction as e:
            raise ReplayError(f"action {i} (seat {entry['seat']}, {json.dumps(entry['action'])}) is illegal: {e.reason}", i) from None
    return game, state


def final_dump(game: Game, state: Any) -> dict[str, Any]:
    """The game's full dump of ``state`` (:meth:`~donjon.games.protocol.BaseGame.dump`; by
    default its public view), with ``to_act`` and ``outcome``."""
    out: dict[str, Any] = dict(game.dump(state))
    out.setdefault("to_act", game.to_act(state))
    outcome = game.outcome(state)
    out.setdefault("outcome", outcome.to_json() if outcome is not None else None)
    return out


def key_lines(dump: dict[str, Any], keys: Iterable[str]) -> list[str]:
    """``key: JSON`` for each of ``keys`` the dump has (a discard pile of ``{"card": ...}``
    entries is shown as its cards)."""
    lines = []
    for key in keys:
        if key in dump:
            value = dump[key]
            if key == "discard":
                value = [d["card"] if isinstance(d, dict) else d for d in value]
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return lines


def run_replay(args: argparse.Namespace, console: Console) -> int:
    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        console.error(f"cannot read {args.record}: {e}")
        return 2
    try:
        game, state = replay(record, args.upto)
    except ReplayError as e:
        console.error(str(e))
        return 1
    dump = final_dump(game, state)
    done = len(record.get("actions", []))
    dump["actions_replayed"] = done if args.upto is None else min(args.upto, done)
    if args.json:
        console.json(dump)
        return 0
    render = terminal(game.info).render
    if render is not None:
        lines = render(game, state, dump)
    else:
        lines = [json.dumps(game.view(state, None), ensure_ascii=False, sort_keys=True)]
    for line in lines + key_lines(dump, ("to_act", "outcome")):
        console.print(line)
    return 0
