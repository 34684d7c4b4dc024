"""UnfairChess in the terminal (``GameInfo.tui``): ``donjon play unfairchess`` (you against a
bot, moves in SAN or UCI, cards by number), the board ``donjon replay`` prints, the
``donjon perft`` subcommand, and the material rule that adjudicates a tournament game
stopped before its end.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from typing import Any

import chess

from donjon.bots import choose_and_apply
from donjon.cli.cards import find_card
from donjon.cli.console import Console
from donjon.cli.menu import read_commands
from donjon.cli.play import play_setup
from donjon.cli.replay import key_lines
from donjon.cli.terminal import Subparsers, Terminal
from donjon.games.protocol import Action, Game, IllegalAction, Outcome
from donjon.games.unfairchess.perft import chess_divide, chess_perft, perft, perft_divide, plain_state

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
        cid = find_card(CARDS, token)
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

        cid = self.hand_card(token) or find_card(CARDS, token)
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
        from donjon.games.unfairchess.bots.greedy import describe
        from donjon.games.unfairchess.cards import CARD_EFFECTS

        c = self.console
        self.say_status()
        for line, words, cmd in read_commands(c):
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
        return False

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
        from donjon.games.unfairchess.bots.greedy import describe

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


def play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fen", help="start from this position")
    p.add_argument("--ascii", action="store_true", help="letters instead of unicode pieces")


def run_play(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    from donjon.games.unfairchess.game import GAME

    if args.fen:
        options = {**options, "fen": args.fen}
    setup = play_setup(args, console, GAME, options)
    if setup is None:
        return 2
    console.print(f"Seed {setup.seed}.")
    bot = setup.bots[1 - args.seat]
    return TerminalPlay(GAME, setup.state, args.seat, bot, random.Random(setup.seed), console, args.ascii).run()


def render_final(game: Game, state: Any, dump: dict[str, Any]) -> list[str]:
    """What ``donjon replay`` prints of a final state: the board from White's side, then the
    position, statuses, tokens, hands and discard pile."""
    return [render_board(state, 0), *key_lines(dump, ("fen", "statuses", "tokens", "hands", "discard"))]


# ------------------------------------------------------------------ perft


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


# ------------------------------------------------------------------ tournament

MATERIAL = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
"""Piece values of the material count."""

MAX_ACTIONS = 400
"""Actions after which a tournament stops a game and adjudicates it."""


def adjudicate(state: Any) -> Outcome | None:
    """A stopped game is won by the side 3 pawns of material ahead, else a draw."""
    b = state.board
    diff = sum(v * (len(b.pieces(pt, chess.WHITE)) - len(b.pieces(pt, chess.BLACK))) for pt, v in MATERIAL.items())
    if diff >= 3:
        return Outcome((0,), (1,), False, "adjudicated_material", (1.0, 0.0))
    if diff <= -3:
        return Outcome((1,), (0,), False, "adjudicated_material", (0.0, 1.0))
    return None


def commands(sub: Subparsers) -> None:
    add_perft(sub)


TERMINAL = Terminal(
    play=run_play,
    play_arguments=play_arguments,
    default_bot="greedy",
    render=render_final,
    commands=commands,
    adjudicate=adjudicate,
    max_actions=MAX_ACTIONS,
)
