"""The ``donjon`` command line.

Subcommands (``donjon COMMAND --help`` for each)::

    donjon cards unfairchess|castel|citadel [--json] [CARD ...]   the card catalogue
    donjon perft FEN DEPTH [--divide] [--compare]  node count of the engine's move generator
    donjon selfplay unfairchess --games 10 --seed 1 --bots random,random --json
    donjon selfplay castel --players 3 --bots hard,easy,random --games 20 --save DIR
    donjon selfplay citadel --players 2 --difficulty hard --bots normal --games 50
    donjon replay RECORD.json [--json]            replay a game record, print the final state
    donjon play unfairchess [--seat 0] [--bot greedy] [--seed 1]   play against a bot
    donjon play castel [--players 2..4] [--seat 0] [--bot normal]  you against bots
    donjon play citadel [--players 1..4] [--difficulty normal] [--bot normal]  you and bot teammates

``--bots``/``--bot`` take a level (random, easy, normal, hard: the game's own bot, see
:mod:`donjon.bots.levels`) or a registered bot name. Castel and Citadel terminal play live
in :mod:`donjon.cli_castel` and :mod:`donjon.cli_citadel` (on :class:`MenuPlay`).

Adding a subcommand is one function ``add_NAME(subparsers)`` that registers its parser with
``set_defaults(run=...)``, appended to :data:`COMMANDS`. A ``run`` function takes the parsed
arguments and a :class:`Console` and returns the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import chess

from donjon.bots import bot_names, choose_and_apply, get_bot
from donjon.games import get_game
from donjon.games.protocol import Action, Game, IllegalAction
from donjon.stats import wilson

Subparsers = Any  # argparse's private _SubParsersAction


@dataclass
class Console:
    """The streams a subcommand talks to (injectable for tests)."""

    inp: IO[str] = field(default_factory=lambda: sys.stdin)
    out: IO[str] = field(default_factory=lambda: sys.stdout)
    err: IO[str] = field(default_factory=lambda: sys.stderr)

    def print(self, *parts: Any, end: str = "\n") -> None:
        self.out.write(" ".join(str(p) for p in parts) + end)
        self.out.flush()

    def error(self, message: str) -> None:
        self.err.write(f"donjon: {message}\n")
        self.err.flush()

    def json(self, obj: Any) -> None:
        self.print(json.dumps(obj, ensure_ascii=False, sort_keys=False))

    def read_command(self) -> tuple[str, list[str]] | None:
        """Prompt ``> `` until a non-blank line comes: ``(line, words)``; None when the input
        ends or the person types quit, exit or q (the prompt loop of ``donjon play``)."""
        while True:
            self.print("> ", end="")
            line = self.inp.readline()
            if not line:
                self.print()
                return None
            words = line.split()
            if not words:
                continue
            if words[0].lower() in ("quit", "exit", "q"):
                return None
            return line, words


def _game(console: Console, game_id: str) -> Game | None:
    try:
        return get_game(game_id)
    except KeyError as e:
        console.error(str(e.args[0]))
        return None


# ============================================================================ cards


def add_cards(sub: Subparsers) -> None:
    p = sub.add_parser("cards", help="list a game's cards", description="The card catalogue of a game.")
    p.add_argument("game", help="game id, e.g. unfairchess")
    p.add_argument("card", nargs="*", help="show the full text of these cards (id or English name)")
    p.add_argument("--json", action="store_true", help="print the catalogue as JSON")
    p.set_defaults(run=run_cards)


def _catalogue(game_id: str) -> dict[str, Any] | None:
    try:
        module = importlib.import_module(f"donjon.games.{game_id}.catalogue")
    except ModuleNotFoundError:
        return None
    cards: dict[str, Any] | None = getattr(module, "CARDS", None)
    return cards


def _find_card(cards: dict[str, Any], name: str) -> str | None:
    key = name.strip().lower()
    if key in cards:
        return key
    squashed = re.sub(r"[^a-z0-9]", "", key)
    for cid, info in cards.items():
        names = (getattr(info, "name_en", ""), getattr(info, "name_fr", ""), cid)
        if any(re.sub(r"[^a-z0-9]", "", n.lower()) == squashed for n in names):
            return cid
    return None


TABLE_COLUMNS = ("number", "numbers", "id", "name_en", "group", "zone_en", "rarity", "cost", "copies")
"""Catalogue fields shown as table columns when a game's cards have them (then the rule)."""
LAST_COLUMNS = ("playable_when", "requirement_en", "targeting")


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value[:3])) + (",…" if len(value) > 3 else "")
    return str(value)


def _label(key: str) -> str:
    return key.removesuffix("_en").replace("_", " ")


def run_cards(args: argparse.Namespace, console: Console) -> int:
    if _game(console, args.game) is None:
        return 2
    cards = _catalogue(args.game)
    if cards is None:
        console.error(f"{args.game} has no cards")
        return 2
    chosen = list(cards)
    if args.card:
        chosen = []
        for name in args.card:
            cid = _find_card(cards, name)
            if cid is None:
                console.error(f"no card {name!r} in {args.game}")
                return 2
            chosen.append(cid)
    rows_json = [cards[c].to_json() for c in chosen]
    if args.json:
        console.json(rows_json)
        return 0
    if args.card:
        for row in rows_json:
            number = row.get("number", row.get("numbers"))
            head = f"#{_cell(number)} " if number is not None else ""
            console.print(f"{head}{row.get('name_en', row['id'])} ({row.get('name_fr', row['id'])}, {row['id']}) — "
                          + ", ".join(f"{_label(k)} {_cell(row[k])}" for k in ("rarity", "cost", "group", "zone_en", "copies") if k in row))
            facts = [f"{_label(k).capitalize()}: {_cell(row[k]).rstrip('.')}" for k in ("targeting", *LAST_COLUMNS[:2]) if k in row]
            if facts:
                console.print("  " + ". ".join(facts) + ".")
            console.print(f"  {row.get('text_en', '')}")
        return 0
    first = rows_json[0] if rows_json else {}
    columns = [k for k in TABLE_COLUMNS if k in first]
    last = next((k for k in LAST_COLUMNS if k in first), None)
    header = [{"number": "#", "numbers": "#", "name_en": "name", "group": "grp", "zone_en": "zone"}.get(k, k) for k in columns]
    rows = [header] + [[_cell(r.get(k, "")) for k in columns] for r in rows_json]
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    tails = [_label(last) if last else ""] + [_cell(r.get(last, "")) if last else "" for r in rows_json]
    for r, tail in zip(rows, tails, strict=True):
        console.print(("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) + "  " + tail).rstrip())
    copies = sum(int(r.get("copies", 1)) for r in rows_json)
    console.print(f"{len(chosen)} cards, {copies} copies per deck")
    return 0


# ============================================================================ perft


def add_perft(sub: Subparsers) -> None:
    p = sub.add_parser("perft", help="count move-generator leaf nodes (plain chess)",
                       description="Perft over UnfairChess's own normal-move generator (rules.gen_moves and "
                                   "rules.apply_move) on a position with no cards and no overlay.")
    p.add_argument("fen", help='a FEN, or "startpos"')
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true", help="also print the count below each root move")
    p.add_argument("--compare", action="store_true", help="also count with python-chess and compare")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_perft)


def plain_state(fen: str) -> Any:
    """An UnfairChess state of ``fen`` with empty hands and decks (no card can interfere)."""
    from donjon.games.unfairchess import rules

    if fen == "startpos":
        fen = chess.STARTING_FEN
    return rules.new_state(0, {"fen": fen, "hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}})


def perft(state: Any, depth: int) -> int:
    """Leaf nodes ``depth`` plies below ``state`` with the engine's generator.

    ``state.moves`` is what :func:`rules.gen_moves` returned when the turn began; children
    come from :func:`rules.apply_move` (a full referee turn each). Leaves are bulk-counted.
    """
    from donjon.games.unfairchess import rules

    if depth <= 0:
        return 1
    moves = state.moves or []
    if depth == 1:
        return len(moves)
    return sum(perft(rules.apply_move(state, m), depth - 1) for m in moves)


def perft_divide(state: Any, depth: int) -> dict[str, int]:
    from donjon.games.unfairchess import rules

    return {m.uci(): perft(rules.apply_move(state, m), depth - 1) for m in state.moves or []}


def chess_perft(board: chess.Board, depth: int) -> int:
    """The same count with python-chess alone (push/pop, bulk-counted leaves)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def chess_divide(board: chess.Board, depth: int) -> dict[str, int]:
    out = {}
    for m in list(board.legal_moves):
        board.push(m)
        out[m.uci()] = chess_perft(board, depth - 1)
        board.pop()
    return out


def run_perft(args: argparse.Namespace, console: Console) -> int:
    if args.depth < 0:
        console.error("depth must be >= 0")
        return 2
    try:
        state = plain_state(args.fen)
    except IllegalAction as e:
        console.error(e.reason)
        return 2
    t0 = time.perf_counter()
    divide = perft_divide(state, args.depth) if args.divide and args.depth >= 1 else None
    nodes = sum(divide.values()) if divide is not None else perft(state, args.depth)
    seconds = time.perf_counter() - t0
    result: dict[str, Any] = {"fen": state.board.fen(), "depth": args.depth, "nodes": nodes,
                              "seconds": round(seconds, 4), "nodes_per_second": round(nodes / seconds) if seconds else None}
    mismatches: list[str] = []
    if divide is not None:
        result["divide"] = divide
    if args.compare:
        board = chess.Board(state.board.fen())
        t1 = time.perf_counter()
        ref_div = chess_divide(board, args.depth) if divide is not None else None
        ref = sum(ref_div.values()) if ref_div is not None else chess_perft(board, args.depth)
        ref_s = time.perf_counter() - t1
        result["python_chess"] = {"nodes": ref, "seconds": round(ref_s, 4)}
        result["match"] = ref == nodes
        if ref_div is not None and divide is not None:
            mismatches = sorted(m for m in set(ref_div) | set(divide) if ref_div.get(m) != divide.get(m))
            result["python_chess"]["divide"] = ref_div
            result["mismatches"] = mismatches
    if args.json:
        console.json(result)
    else:
        if divide is not None:
            for uci, n in divide.items():
                console.print(f"{uci}: {n}")
            console.print()
        console.print(f"nodes {nodes}")
        console.print(f"time {seconds:.3f}s ({result['nodes_per_second']} nodes/s)")
        if args.compare:
            ref = result["python_chess"]["nodes"]
            console.print(f"python-chess {ref} ({'match' if ref == nodes else 'MISMATCH'})")
            for m in mismatches:
                console.print(f"  {m}: ours {divide.get(m) if divide else None}, python-chess {ref_div.get(m) if ref_div else None}")
    return 0 if not args.compare or result["match"] else 1


# ============================================================================ self-play


def add_selfplay(sub: Subparsers) -> None:
    p = sub.add_parser("selfplay", help="bots play whole games", description="Bots play whole games through the Game interface.")
    p.add_argument("game", help="game id: unfairchess, castel, citadel")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0, help="game i uses setup seed SEED+i")
    p.add_argument("--players", type=int, default=None,
                   help="seats (default 2; Castel 2-4, Citadel 1-4: a solo Citadel player runs two characters)")
    p.add_argument("--difficulty", choices=["easy", "normal", "hard"], default=None, help="Citadel only (default normal)")
    p.add_argument("--bots", default="random",
                   help="one bot for every seat or one per seat, comma-separated: a level "
                        f"({', '.join(LEVELS)}) or a bot name ({', '.join(bot_names())})")
    p.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    p.add_argument("--save", metavar="DIR", help="write each game's record to DIR/game-SEED.json (replayable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_selfplay)


LEVELS = ("random", "easy", "normal", "hard")
"""Bot levels every game has (:func:`donjon.bots.levels.make_bot`); a level name is also accepted."""

SEAT_NAMES = {"unfairchess": ("white", "black"), "castel": ("blue", "yellow", "red", "green")}


def seat_name(game_id: str, seat: int) -> str:
    names = SEAT_NAMES.get(game_id)
    return names[seat] if names and seat < len(names) else f"seat{seat}"


def make_cli_bot(game_id: str, name: str) -> Any:
    """A bot from a level name (``easy`` … ``hard``: the game's own bot at that level) or a
    registered bot name; raises ``KeyError``."""
    from donjon.bots.levels import make_bot

    if name in LEVELS:
        return make_bot(game_id, name)
    return get_bot(name)


def bot_choices() -> list[str]:
    return list(LEVELS) + [n for n in bot_names() if n not in LEVELS]


ACTIONS_PER_PLY_CAP = 20


@dataclass
class GameRun:
    """One finished self-play game."""

    record: dict[str, Any]
    state: Any
    plies: int
    outcome: dict[str, Any] | None
    adjudicated: bool
    error: str | None
    refusals: list[str]


def play_game(game: Game, bots: list[Any], seed: int, max_plies: int, rng: random.Random,
              options: dict[str, Any] | None = None, on_action: Callable[[Any, int, Action, Any], None] | None = None,
              players: int | None = None) -> GameRun:
    """Play one game with one bot per seat; stop at ``max_plies`` plies (turns).

    ``players`` is the seat count (default the game's minimum). A ply ends when the seats
    to act change (an UnfairChess add-to-move card and the move after it are one ply). As a
    game where one seat acts alone never changes seats, the game is also adjudicated after
    ``ACTIONS_PER_PLY_CAP * max_plies`` actions. ``on_action(before, seat, action, after)`` is
    called after every action (tests check invariants there). Engine exceptions other than
    ``IllegalAction`` end the game and are returned in ``error``.
    """
    players = game.min_players if players is None else players
    state = game.setup(players, seed, options)
    record: dict[str, Any] = {"game": game.id, "seed": seed, "players": players, "options": options or {}, "actions": []}
    plies = 0
    refusals: list[str] = []
    error = None
    while True:
        to_act = game.to_act(state)
        if not to_act or plies >= max_plies or len(record["actions"]) >= ACTIONS_PER_PLY_CAP * max_plies:
            break
        seat = to_act[0]
        try:
            action, new, refused = choose_and_apply(bots[seat % len(bots)], game, state, seat, rng)
        except Exception as e:  # an engine or bot failure: report it, do not hide it
            error = f"seed {seed} action {len(record['actions'])}: {type(e).__name__}: {e}"
            break
        if refused:
            refusals.append(f"seed {seed} action {len(record['actions'])}: {refused}")
        record["actions"].append({"seat": seat, "action": action})
        if on_action is not None:
            on_action(state, seat, action, new)
        if game.to_act(new) != to_act:
            plies += 1
        state = new
    out = game.outcome(state)
    return GameRun(record, state, plies, out.to_json() if out is not None else None,
                   out is None and error is None, error, refusals)


def _castel_ranks(outcome: dict[str, Any] | None, seats: int) -> list[int] | None:
    """Rank of each seat at the end (1 = most points; ties share the better rank)."""
    scores = outcome.get("scores") if outcome else None
    if not scores or len(scores) != seats:
        return None
    return [1 + sum(1 for t in scores if t > sc) for sc in scores]


def selfplay(game_id: str, games: int, seed: int, bots: list[str], max_plies: int,
             save: str | None = None, players: int | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run ``games`` games and return the summary printed by ``donjon selfplay --json``.

    ``bots`` has one name per seat (or one for every seat). Castel adds ``castel`` (wins and
    ranks per seat, cards left); Citadel adds ``citadel`` (team win rate with its 95 %
    interval, saved/lost counts, game length in turns)."""
    game = get_game(game_id)
    seats = players if players is not None else max(2, game.min_players)
    if len(bots) == 1:
        bots = bots * seats
    bot_list = [make_cli_bot(game_id, name) for name in bots]
    wins = [0] * seats
    draws = adjudicated = plies = actions = no_winner = 0
    reasons: Counter[str] = Counter()
    card_plays: Counter[str] = Counter()
    errors: list[str] = []
    refusals: list[str] = []
    ranks: list[Counter[int]] = [Counter() for _ in range(seats)]
    cards_left = [0] * seats
    finished = 0
    saved: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    turns: list[int] = []
    t0 = time.perf_counter()
    for i in range(games):
        run = play_game(game, bot_list, seed + i, max_plies, random.Random(f"selfplay:{seed}:{i}"), options or None,
                        players=seats)
        plies += run.plies
        actions += len(run.record["actions"])
        for entry in run.record["actions"]:
            a = entry["action"]
            if a.get("type") == "card":
                card_plays[str(a.get("card"))] += 1
        if run.error:
            errors.append(run.error)
            reasons["error"] += 1
        elif run.adjudicated:
            adjudicated += 1
            reasons["adjudicated"] += 1
        elif run.outcome is not None:
            reasons[run.outcome["reason"]] += 1
            if run.outcome["draw"]:
                draws += 1
            elif not run.outcome["winners"]:
                no_winner += 1
            for w in run.outcome["winners"]:
                wins[w] += 1
        refusals.extend(run.refusals)
        if game_id == "castel" and run.error is None:
            rk = _castel_ranks(run.outcome, seats)
            if rk is not None:
                finished += 1
                for s in range(seats):
                    ranks[s][rk[s]] += 1
                    cards_left[s] += run.state.cards_left(s)
        if game_id == "citadel" and run.error is None:
            saved[len(run.state.saved)] += 1
            lost[len(run.state.lost)] += 1
            turns.append(run.state.turn)
        if save:
            Path(save).mkdir(parents=True, exist_ok=True)
            Path(save, f"game-{seed + i}.json").write_text(json.dumps(run.record), encoding="utf-8")
    seconds = time.perf_counter() - t0
    results: dict[str, Any] = {}
    if getattr(game, "cooperative", False):
        results["team_wins"] = wins[0]  # every seat wins or loses together
        results["team_losses"] = no_winner
    else:
        results.update({f"{seat_name(game_id, s)}_wins": wins[s] for s in range(seats)})
        if no_winner:
            results["no_winner"] = no_winner
    results.update({"draws": draws, "adjudicated": adjudicated})
    results["by_reason"] = dict(sorted(reasons.items()))
    summary: dict[str, Any] = {
        "game": game_id,
        "players": seats,
        "options": options or {},
        "bots": [p.name for p in bot_list],
        "seed": seed,
        "max_plies": max_plies,
        "games": games,
        "plies": plies,
        "actions": actions,
        "seconds": round(seconds, 3),
        "plies_per_second": round(plies / seconds, 1) if seconds else None,
        "results": results,
        "adjudicated": adjudicated,
        "errors": {"count": len(errors), "first": errors[:5]},
        "refused": {"count": len(refusals), "first": refusals[:5]},
        "card_plays": dict(sorted(card_plays.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if game_id == "castel":
        summary["castel"] = {
            "seats": [{"seat": s, "colour": seat_name(game_id, s), "wins": wins[s],
                       "mean_rank": round(sum(k * v for k, v in ranks[s].items()) / finished, 3) if finished else None,
                       "ranks": {str(k): ranks[s][k] for k in range(1, seats + 1)},
                       "mean_cards_left": round(cards_left[s] / finished, 2) if finished else None}
                      for s in range(seats)],
            "ranked_games": finished,
        }
    if game_id == "citadel":
        n = len(turns)
        team_wins = results["team_wins"]
        lo, hi = wilson(team_wins, n)
        summary["citadel"] = {
            "difficulty": (options or {}).get("difficulty", "normal"),
            "games": n,
            "wins": team_wins,
            "win_rate": round(team_wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "saved": {str(k): saved[k] for k in sorted(saved)},
            "lost": {str(k): lost[k] for k in sorted(lost)},
            "saved_mean": round(sum(k * v for k, v in saved.items()) / n, 2) if n else None,
            "lost_mean": round(sum(k * v for k, v in lost.items()) / n, 2) if n else None,
            "turns_mean": round(sum(turns) / n, 2) if n else None,
            "turns_min": min(turns, default=0),
            "turns_max": max(turns, default=0),
        }
    return summary


def run_selfplay(args: argparse.Namespace, console: Console) -> int:
    game = _game(console, args.game)
    if game is None:
        return 2
    players = args.players if args.players is not None else max(2, game.min_players)
    if not game.min_players <= players <= game.max_players:
        console.error(f"--players: {game.id} is played by {game.min_players} to {game.max_players} players")
        return 2
    options: dict[str, Any] = {}
    if args.difficulty is not None:
        if game.id != "citadel":
            console.error("--difficulty is for citadel only")
            return 2
        options["difficulty"] = args.difficulty
    elif game.id == "citadel":
        options["difficulty"] = "normal"
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if not names or any(n not in bot_choices() for n in names):
        console.error(f"--bots takes names among {', '.join(bot_choices())}, e.g. random,greedy")
        return 2
    if len(names) not in (1, players):
        console.error(f"--bots takes one bot for every seat or one per seat ({players} names), not {len(names)}")
        return 2
    if args.games < 0 or args.max_plies < 0:
        console.error("--games and --max-plies must be >= 0")
        return 2
    summary = selfplay(args.game, args.games, args.seed, names, args.max_plies, args.save, players, options)
    if args.json:
        console.json(summary)
    else:
        console.print(f"{summary['games']} games, {summary['plies']} plies in {summary['seconds']}s "
                      f"({summary['plies_per_second']} plies/s), {players} players, bots {', '.join(summary['bots'])}")
        r = summary["results"]
        console.print("results: " + ", ".join(f"{k} {v}" for k, v in r.items() if k != "by_reason"))
        console.print("by reason: " + ", ".join(f"{k} {v}" for k, v in r["by_reason"].items()))
        if "castel" in summary:
            for row in summary["castel"]["seats"]:
                console.print(f"  seat {row['seat']} ({row['colour']}): wins {row['wins']}, mean rank {row['mean_rank']}, "
                              "ranks " + " ".join(f"{k}:{v}" for k, v in row["ranks"].items())
                              + f", cards left {row['mean_cards_left']}")
        if "citadel" in summary:
            c = summary["citadel"]
            if c["games"]:
                console.print(f"citadel {c['difficulty']}: team win rate {c['wins']}/{c['games']} = {100 * c['win_rate']:.1f} % "
                              f"(95 % interval {100 * c['ci95'][0]:.1f}-{100 * c['ci95'][1]:.1f} %)")
                console.print(f"  saved: mean {c['saved_mean']} (" + ", ".join(f"{k}: {v}" for k, v in c["saved"].items())
                              + f"); lost: mean {c['lost_mean']} (" + ", ".join(f"{k}: {v}" for k, v in c["lost"].items()) + ")")
                console.print(f"  game length: {c['turns_mean']} turns on average ({c['turns_min']}-{c['turns_max']})")
        console.print(f"errors: {summary['errors']['count']}, refused bot actions: {summary['refused']['count']}")
        for msg in summary["errors"]["first"]:
            console.print(f"  {msg}")
        if summary["card_plays"]:
            console.print("card plays: " + ", ".join(f"{k} {v}" for k, v in summary["card_plays"].items()))
    return 1 if summary["errors"]["count"] else 0


# ============================================================================ replay


def add_replay(sub: Subparsers) -> None:
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
    players = record.get("players", game.min_players)
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
    dump = getattr(game, "dump", None)
    out: dict[str, Any] = dump(state) if dump is not None else dict(game.view(state, None))
    out.setdefault("to_act", game.to_act(state))
    outcome = game.outcome(state)
    out.setdefault("outcome", outcome.to_json() if outcome is not None else None)
    return out


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
    dump["actions_replayed"] = len(record["actions"]) if args.upto is None else min(args.upto, len(record["actions"]))
    if args.json:
        console.json(dump)
        return 0
    if game.id == "unfairchess":
        console.print(render_board(state, 0))
    elif game.id == "castel":
        from donjon.cli_castel import render as render_castel

        console.print(render_castel(game.view(state, None)))
    elif game.id == "citadel":
        from donjon.cli_citadel import render as render_citadel

        console.print(render_citadel(game.view(state, None)))
        console.print(f"saved: {json.dumps(dump['saved'])}; lost: {json.dumps(dump['lost'])}; turns: {dump['turn']}")
    for key in ("fen", "statuses", "tokens", "hands", "discard", "to_act", "outcome"):
        if key in dump:
            value = dump[key]
            if key == "discard":
                value = [d["card"] if isinstance(d, dict) else d for d in value]
            console.print(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return 0


# ============================================================================ play


def add_play(sub: Subparsers) -> None:
    p = sub.add_parser("play", help="play against bots in the terminal",
                       description="Play against bots (UnfairChess, Castel) or with bot teammates (Citadel). "
                                   "Type 'help' in the game.")
    p.add_argument("game", choices=["unfairchess", "castel", "citadel"])
    p.add_argument("--seat", type=int, default=0,
                   help="your seat (UnfairChess: 0 White, 1 Black; Castel 0 to players-1; Citadel 0 to players-1)")
    p.add_argument("--bot", default=None,
                   help="the bots' level or name (default: greedy for UnfairChess, normal for Castel and Citadel)")
    p.add_argument("--players", type=int, default=None, help="Castel 2-4 (default 2); Citadel 1-4 (default 1: you run two characters)")
    p.add_argument("--difficulty", choices=["easy", "normal", "hard"], default=None, help="Citadel (default normal)")
    p.add_argument("--seed", type=int, default=None, help="deal seed (random if omitted)")
    p.add_argument("--fen", help="UnfairChess: start from this position")
    p.add_argument("--options", help='setup options as JSON, e.g. \'{"hands": {"0": ["poison"]}}\'')
    p.add_argument("--ascii", action="store_true", help="UnfairChess: letters instead of unicode pieces")
    p.set_defaults(run=run_play)


UNICODE = {"P": "♙", "N": "♘", "B": "♗", "R": "♖", "Q": "♕", "K": "♔",
           "p": "♟", "n": "♞", "b": "♝", "r": "♜", "q": "♛", "k": "♚"}
STATUS_MARKS = {"poison": "☠", "sleep": "z", "shield": "◆", "dynamite": "✸"}


def render_board(state: Any, seat: int, ascii_only: bool = False) -> str:
    """The board from ``seat``'s side, with walls (#), traps (^) and a legend of statuses."""
    from donjon.games.unfairchess.game import public_statuses

    b = state.board
    ranks = range(7, -1, -1) if seat == 0 else range(8)
    files = range(8) if seat == 0 else range(7, -1, -1)
    lines = []
    for r in ranks:
        row = [f"{r + 1} "]
        for f in files:
            sq = chess.square(f, r)
            p = b.piece_at(sq)
            if p is not None:
                cell = p.symbol() if ascii_only else UNICODE[p.symbol()]
            elif sq in state.walls:
                cell = "#"
            elif sq in state.traps:
                cell = "^"
            else:
                cell = "." if ascii_only else "·"
            mark = ""
            for s in state.statuses.get(sq, ()):
                if s in STATUS_MARKS:
                    mark = "*" if ascii_only else STATUS_MARKS[s]
            row.append(cell + (mark or " "))
        lines.append(row[0] + "".join(row[1:]))
    lines.append("  " + "".join(chess.FILE_NAMES[f] + " " for f in files))
    sts = public_statuses(state)
    if sts:
        lines.append("Statuses: " + "; ".join(f"{sq} {', '.join(v)}" for sq, v in sts.items()))
    if state.walls:
        lines.append("Walls: " + ", ".join(f"{chess.SQUARE_NAMES[sq]} (until turn {e})" for sq, e in sorted(state.walls.items())))
    if state.traps:
        lines.append("Traps: " + ", ".join(f"{chess.SQUARE_NAMES[sq]} ({'yours' if (c == (seat == 0)) else 'enemy'})"
                                           for sq, c in sorted(state.traps.items())))
    return "\n".join(lines)


SQUARE_RE = re.compile(r"^[a-h][1-8]$")
UCI_RE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")

PLAY_HELP = """Commands:
  e4, Nf3, exd5, O-O, e7e8=Q    a move in SAN
  e2e4, e7e8q                   a move in UCI
  card N SQ [SQ ...]            play card N of your hand (or its id/name: card poison e2)
      extra fields: promotion=q  promotions=q,n  (a lone q/r/b/n = promotion)
  order ID ID ID                after Foresight: put your top cards back, top first
  targets N                     list the legal targetings of card N
  text N   (or help N)          the English text of card N (or of any card by id/name)
  hand                          your hand;  board: the board;  moves: your legal moves
  help                          this help;  quit: leave the game"""


class TerminalPlay:
    """A terminal game of UnfairChess between a person (``seat``) and a bot."""

    def __init__(self, game: Any, state: Any, seat: int, bot: Any, rng: random.Random, console: Console,
                 ascii_only: bool = False) -> None:
        self.game, self.state, self.seat, self.bot, self.rng = game, state, seat, bot, rng
        self.console = console
        self.ascii_only = ascii_only
        self.last_text = ""

    # --------------------------------------------------------------- display

    def show(self) -> None:
        st, c = self.state, self.console
        c.print(render_board(st, self.seat, self.ascii_only))
        view = self.game.view(st, self.seat)
        mine = [r for r in view["restrictions"] if r["seat"] == self.seat and r["turn"] == st.turn_no]
        if mine:
            c.print("Restrictions on you this turn: " + ", ".join(
                r["kind"] + (f" {' '.join(r['squares'])}" if r["squares"] and r["kind"] != "blizzard" else "") for r in mine))
        if view["exception"]:
            c.print("No legal move under the restrictions: they are lifted this turn (exception).")
        if view["check"]:
            c.print("Check!")
        self.show_hand()

    def show_hand(self) -> None:
        from donjon.games.unfairchess.catalogue import CARDS

        view = self.game.view(self.state, self.seat)
        self.console.print("Your hand:" if view["hand"] else "Your hand is empty.")
        for i, entry in enumerate(view["hand"], 1):
            info = CARDS[entry["card"]]
            mark = "" if entry["playable"] else "  [greyed]"
            self.console.print(f"  {i}. {info.name_en} ({entry['card']}, {info.cost}){mark} — {info.targeting}")
        self.console.print(f"Deck: {view['deck_counts'][self.seat]} cards; opponent holds {view['hand_counts'][1 - self.seat]}")

    def say_status(self) -> None:
        st = self.state
        if st.ordering:
            top = st.decks[self.seat][: st.ordering]
            self.console.print("Foresight: your next cards are " + ", ".join(top)
                               + ". Put them back: order ID ID ... (top first).")
            return
        if st.silenced:
            self.console.print("Silence: you cannot play cards this turn.")
        if st.must_move:
            self.console.print("Now make your normal move.")
        elif st.can_save:
            self.console.print("You have no legal move: you must play a card.")

    # --------------------------------------------------------------- parsing

    def parse_move(self, text: str) -> Action | None:
        st = self.state
        token = text.strip()
        if UCI_RE.match(token.lower()):
            self.last_text = token.lower()
            return {"type": "move", "uci": token.lower()}
        wanted = _san_key(token)
        matches = []
        for m in st.moves or []:
            try:
                san = st.board.copy(stack=False).san(m)
            except (ValueError, AssertionError):
                continue
            if _san_key(san) == wanted:
                matches.append(m)
        if len(matches) == 1:
            self.last_text = st.board.copy(stack=False).san(matches[0])
            return {"type": "move", "uci": matches[0].uci()}
        return None

    def hand_card(self, token: str) -> str | None:
        from donjon.games.unfairchess.catalogue import CARDS

        hand = self.state.hands[self.seat]
        if token.isdigit():
            i = int(token)
            return hand[i - 1] if 1 <= i <= len(hand) else None
        cid = _find_card(CARDS, token)
        return cid

    def parse_card(self, words: list[str]) -> Action | str:
        """A card action from ``card X sq ...`` words, or an error message."""
        if not words:
            return "say which card: card N SQUARES (N is its number in your hand)"
        cid = self.hand_card(words[0])
        if cid is None:
            return f"no card {words[0]!r} in your hand (numbers 1–{len(self.state.hands[self.seat])})"
        action: Action = {"type": "card", "card": cid, "squares": []}
        for w in words[1:]:
            lw = w.lower()
            if SQUARE_RE.match(lw):
                action["squares"].append(lw)
            elif lw in ("q", "r", "b", "n", "=q", "=r", "=b", "=n"):
                action["promotion"] = lw[-1]
            elif "=" in lw:
                key, _, value = lw.partition("=")
                if key == "promotion":
                    action[key] = value
                elif key == "promotions":
                    action[key] = [v for v in value.split(",") if v]
                else:
                    return f"unknown field {key!r} (promotion=, promotions=)"
            else:
                return f"{w!r} is not a square like e4"
        return action

    # --------------------------------------------------------------- commands

    def card_text(self, token: str) -> None:
        from donjon.games.unfairchess.catalogue import CARDS

        cid = self.hand_card(token) or _find_card(CARDS, token)
        if cid is None:
            self.console.print(f"no card {token!r}")
            return
        c = CARDS[cid]
        self.console.print(f"{c.name_en} ({c.name_fr}) — {c.cost}, {c.rarity}. Targets: {c.targeting}. Playable when: {c.playable_when}.")
        self.console.print(c.text_en)

    def list_targets(self, token: str) -> None:
        from donjon.games.unfairchess import rules

        cid = self.hand_card(token)
        if cid is None:
            self.console.print(f"no card {token!r} in your hand")
            return
        tgs = list(rules.card_actions(self.state, cid)) if self.state.seat == self.seat else []
        if not tgs:
            self.console.print("that card is greyed: no legal targeting now")
            return
        shown = [" ".join(tg["squares"]) + "".join(f" {k}={v}" for k, v in tg.items() if k != "squares") for tg in tgs[:40]]
        self.console.print(f"{len(tgs)} targeting(s): " + " | ".join(s.strip() or "(none)" for s in shown)
                           + (" ..." if len(tgs) > 40 else ""))

    def human_turn(self) -> bool:
        """Read commands until the person has acted; False when they quit or input ends."""
        from donjon.bots.greedy import describe
        from donjon.games.unfairchess.cards import CARD_EFFECTS

        c = self.console
        self.say_status()
        while True:
            read = c.read_command()
            if read is None:
                return False
            line, words = read
            cmd = words[0].lower()
            if cmd == "help" and len(words) == 1:
                c.print(PLAY_HELP)
                continue
            if cmd in ("help", "text"):
                self.card_text(" ".join(words[1:]) if len(words) > 1 else "")
                continue
            if cmd == "hand":
                self.show_hand()
                continue
            if cmd == "board":
                self.show()
                continue
            if cmd == "moves":
                c.print(" ".join(sorted(_san(self.state.board, m) for m in self.state.moves or [])) or "none")
                continue
            if cmd == "targets":
                self.list_targets(words[1] if len(words) > 1 else "")
                continue
            if cmd == "order":
                action: Action | None = {"type": "order", "order": [w.strip(",") for w in words[1:]]}
            elif cmd == "card":
                parsed = self.parse_card(words[1:])
                if isinstance(parsed, str):
                    c.print(parsed)
                    continue
                if parsed["card"] not in CARD_EFFECTS:
                    c.print("that card is not available yet (greyed)")
                    continue
                action = parsed
            else:
                action = self.parse_move(line)
                if action is None:
                    c.print(self.why_not_move(line.strip()))
                    continue
            assert action is not None
            try:
                self.state = self.game.apply(self.state, self.seat, action)
            except IllegalAction as e:
                hint = " (type 'targets N' to list the legal targetings)" if action["type"] == "card" else ""
                c.print(f"Illegal: {e.reason}{hint}")
                continue
            if action["type"] == "order":
                c.print("You put the cards back.")
                self.say_status()
                continue
            c.print(f"You play {self.last_text}" if action["type"] == "move" else f"You play the card {describe(action)}")
            return True

    def why_not_move(self, text: str) -> str:
        """The message for input that names no legal move."""
        board = self.state.board.copy(stack=False)
        try:
            move = board.parse_san(text)
        except ValueError:
            move = None
        if move is not None:
            try:
                self.game.apply(self.state, self.seat, {"type": "move", "uci": move.uci()})
            except IllegalAction as e:
                return f"Illegal: {e.reason}"
        if re.match(r"^([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=?[QRBNqrbn])?|[O0]-[O0](-[O0])?)[+#]?$", text):
            return f"Illegal: {text} is not a legal move now (type 'moves' to list them)"
        return f"{text!r} is not a move or a command (SAN like Nf3, UCI like g1f3; 'help' lists commands)"

    def bot_turn(self) -> None:
        from donjon.bots.greedy import describe

        seat = self.game.to_act(self.state)[0]
        before = self.state
        action, self.state, _ = choose_and_apply(self.bot, self.game, before, seat, self.rng)
        text = describe(action)
        if action.get("type") == "move":
            try:
                text = before.board.copy(stack=False).san(chess.Move.from_uci(action["uci"]))
            except (ValueError, AssertionError):
                pass
            self.console.print(f"Bot plays {text}")
        else:
            self.console.print(f"Bot plays the card {text}")

    def run(self) -> int:
        c = self.console
        c.print(f"You play {'White' if self.seat == 0 else 'Black'} against the {self.bot.name} bot. Type 'help' for commands.")
        shown = False
        while self.game.outcome(self.state) is None:
            if self.game.to_act(self.state) == [self.seat]:
                if not shown:
                    self.show()
                    shown = True
                acted = self.human_turn()
                if not acted:
                    c.print("Bye.")
                    return 0
                shown = False
            else:
                self.bot_turn()
                shown = False
        self.show()
        out = self.game.outcome(self.state)
        assert out is not None
        if out.draw:
            c.print(f"Game over: draw ({out.reason}).")
        else:
            who = "You win" if self.seat in out.winners else "The bot wins"
            c.print(f"Game over: {who} by {out.reason}.")
        return 0


def _san(board: chess.Board, move: chess.Move) -> str:
    try:
        return board.copy(stack=False).san(move)
    except (ValueError, AssertionError):
        return move.uci()


def _san_key(text: str) -> str:
    """SAN without check marks, capture marks, '=' and with O-O spelled with letters."""
    t = text.strip().replace("0", "O").rstrip("+#!?")
    t = t.replace("x", "").replace("=", "").replace(":", "")
    if t.lower() in ("oo", "o-o"):
        return "O-O"
    if t.lower() in ("ooo", "o-o-o"):
        return "O-O-O"
    if t and t[-1] in "qrbn" and len(t) >= 3 and t[-2] in "18":
        t = t[:-1] + t[-1].upper()
    return t


def run_play(args: argparse.Namespace, console: Console) -> int:
    setup_options: dict[str, Any] = {}
    if args.options:
        try:
            setup_options = dict(json.loads(args.options))
        except (ValueError, TypeError) as e:
            console.error(f"--options is a JSON object: {e}")
            return 2
    args.setup_options = setup_options
    if args.game == "castel":
        from donjon.cli_castel import run_play_castel

        return run_play_castel(args, console)
    if args.game == "citadel":
        from donjon.cli_citadel import run_play_citadel

        return run_play_citadel(args, console)
    game = get_game(args.game)
    if args.seat not in (0, 1):
        console.error("--seat is 0 (White) or 1 (Black)")
        return 2
    try:
        bot = get_bot(args.bot or "greedy")
    except KeyError as e:
        console.error(str(e.args[0]))
        return 2
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    options = dict(setup_options)
    if args.fen:
        options["fen"] = args.fen
    try:
        state = game.setup(2, seed, options or None)
    except IllegalAction as e:
        console.error(e.reason)
        return 2
    console.print(f"Seed {seed}.")
    return TerminalPlay(game, state, args.seat, bot, random.Random(seed), console, args.ascii).run()


# ============================================================================ menu play (Castel, Citadel)


MENU_HELP = """Commands:
  N                 play legal action number N of the list
  WORDS             the one legal action whose description has all these words (e.g. "draw", "move library")
  actions (or a)    list the legal actions again;  show (or look): the table
  text NAME         the text of a card (or character)
  help              this help;  quit: leave the game"""


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


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
        while True:
            read = c.read_command()
            if read is None:
                return False
            line, words = read
            cmd = words[0].lower()
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


@dataclass
class PlaySetup:
    """What :func:`play_setup` settled for a menu game."""

    players: int
    seed: int
    bots: dict[int, Any]
    state: Any


def play_setup(args: argparse.Namespace, console: Console, game: Game, default_players: int,
               options: dict[str, Any] | None) -> PlaySetup | None:
    """The checks and setup of ``donjon play`` for a menu game (Castel, Citadel): ``--players``
    (``default_players`` when omitted) within the game's range, ``--seat`` one of them, the seed
    (``--seed`` or a random one), a bot of ``--bot`` (default ``normal``) on every other seat
    and the first state. None after saying on stderr what is wrong (the caller exits 2)."""
    players = args.players if args.players is not None else default_players
    if not game.min_players <= players <= game.max_players:
        console.error(f"--players: {game.id.capitalize()} is played by {game.min_players} to {game.max_players} players")
        return None
    if not 0 <= args.seat < players:
        console.error(f"--seat is 0 to {players - 1}")
        return None
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    try:
        bots = {s: make_cli_bot(game.id, args.bot or "normal") for s in range(players) if s != args.seat}
        state = game.setup(players, seed, options)
    except KeyError as e:
        console.error(str(e.args[0]))
        return None
    except IllegalAction as e:
        console.error(e.reason)
        return None
    return PlaySetup(players, seed, bots, state)


# ============================================================================ main

def add_serve(sub: Subparsers) -> None:
    from donjon.server.cli_serve import add_parser

    add_parser(sub)


def add_tournament(sub: Subparsers) -> None:
    p = sub.add_parser("tournament", help="round-robin among bots: score table and Elo", add_help=False,
                       description="Round-robin among bots (see `donjon tournament GAME --help`).")
    p.add_argument("rest", nargs=argparse.REMAINDER, help="GAME --bots a,b,c --games N [--json] ...")
    p.set_defaults(run=run_tournament)


def run_tournament(args: argparse.Namespace, console: Console) -> int:
    from donjon.tournament import main as tournament_main

    return tournament_main(list(args.rest))


COMMANDS: list[Callable[[Subparsers], None]] = [add_cards, add_perft, add_selfplay, add_replay, add_play, add_serve,
                                                add_tournament]
"""One function per subcommand."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="donjon", description="donjon: board games refereed by a server.")
    parser.add_argument("--version", action="version", version="donjon 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    """Run the command line; returns the exit status (streams are injectable for tests)."""
    args = build_parser().parse_args(argv)
    console = Console(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    try:
        status: int = args.run(args, console)
    except BrokenPipeError:  # e.g. `donjon cards unfairchess | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(main())
