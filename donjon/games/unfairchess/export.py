"""UnfairChess's exports: a finished game as PGN (``GameInfo.exports``).

Every export is read by any PGN reader without an error (python-chess:
``chess.pgn.read_game`` leaves ``game.errors`` empty), and every position a reader builds
from it is a position of the game. Cards change the board outside chess moves, so:

* a game whose every turn is a plain chess move is **one** PGN game;
* otherwise the game is cut into **segments**, one PGN game each, in order in the file. A
  segment ends where the engine's position stops being the one python-chess gets by playing
  the SAN so far: a card turn (it passes the move, and may move, add, remove or change
  pieces, castling rights or the en-passant square), an add-to-move card that changes the
  board, or a move whose effects go beyond chess (a trap, poison, dynamite...). The next
  segment starts from the engine's own position (``[SetUp "1"]``, ``[FEN "..."]``) and opens
  with the comments of the turns that led there (``{[%card white sommeil g8] Sleep}``; a
  move that is not plain chess is ``{[%move black e4d5] exd5}``). Cards that leave the
  position as it was (statuses only, with the move still to come) stay comments inside a
  segment. Every segment repeats the game's tags and has ``[Segment "k/n"]``; all but the
  last have ``[Result "*"]`` and ``[Termination "unterminated"]``.

``Termination`` takes the PGN standard's values (``normal``, ``abandoned``,
``adjudication``, ``unterminated``) and ``DonjonTermination`` says how the game ended
(``checkmate``, ``stalemate``, ``agreement``, ``resignation``, ``claim``, ``forfeit``,
``aborted``, ``abandoned``, ...). Resignations, agreed draws, claims, forfeits, aborts and
Foresight orders are comments. ``WhiteElo`` / ``BlackElo`` are the players' ratings before
a ranked game, when the record has them (``PlayerRecord.elo``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import chess

from donjon.games import get_game
from donjon.games.record import Exporter, ExportFile, GameRecord
from donjon.games.unfairchess.catalogue import CARDS

MEDIA_TYPE = "application/x-chess-pgn"

_TERMINATION = {"checkmate": "normal", "stalemate": "normal", "resignation": "normal", "agreement": "normal",
                "claim": "abandoned", "forfeit": "abandoned", "abandoned": "abandoned", "aborted": "unterminated",
                "timeout": "time forfeit"}
"""PGN ``Termination`` of each :func:`termination` (an ``adjudicat...`` reason is ``adjudication``,
any other reason ``normal``)."""

_ENDINGS = ("resign", "claim", "forfeit", "abandon", "abort")
"""The match's entries a PGN notes as a comment (and ``draw`` when it is accepted)."""

_BY_STEP = {"resign": "resignation", "claim": "claim", "forfeit": "forfeit", "abandon": "abandoned",
            "abort": "aborted"}


def pgn_result(outcome: Mapping[str, Any] | None, status: str) -> str:
    """The PGN result of a game: ``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` (going on, or no winner)."""
    if status == "active":
        return "*"
    out = outcome or {}
    if out.get("draw"):
        return "1/2-1/2"
    winners = out.get("winners") or []
    if winners == [0]:
        return "1-0"
    if winners == [1]:
        return "0-1"
    return "*"


def termination(record: GameRecord) -> tuple[str, str]:
    """``(Termination, DonjonTermination)`` of ``record``: the PGN standard's value and how the
    game ended (the outcome's reason; ``claim`` for a victory claimed over an absent opponent,
    ``forfeit`` for a seat that gave up by leaving)."""
    if record.status == "active":
        return "unterminated", "unterminated"
    reason = str((record.outcome or {}).get("reason") or "")
    if reason == "forfeit":
        last = next((s.kind for s in reversed(record.steps) if s.kind in ("claim", "forfeit")), "forfeit")
        reason = last
    if not reason:
        reason = next((_BY_STEP[s.kind] for s in reversed(record.steps) if s.kind in _BY_STEP),
                      record.status if record.status in ("aborted", "abandoned") else "unknown")
    if reason.startswith("adjudicat"):
        return "adjudication", reason
    return _TERMINATION.get(reason, "normal"), reason


def _clk(seconds: float) -> str:
    """``H:MM:SS`` of a clock's time left (``[%clk]``, as Lichess writes it)."""
    s = max(0, int(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def time_control_tag(tc: Mapping[str, Any] | None) -> str:
    """The PGN ``TimeControl`` tag: ``300+3`` (seconds and increment), ``-`` untimed; a
    correspondence game's is ``1/<seconds per move>`` (one move per period)."""
    if not tc:
        return "-"
    if "correspondence_days" in tc:
        return f"1/{int(tc['correspondence_days']) * 86400}"
    return f"{int(tc.get('initial', 0))}+{int(tc.get('increment', 0))}"


def _quote(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def _colour(seat: int | None) -> str:
    return "white" if seat == 0 else "black"


def _key(fen: str) -> tuple[str, ...]:
    """What a position is for a PGN reader: placement, side to move, castling rights, the
    en-passant square (when a capture there is legal) and the move number."""
    parts = fen.split()
    return (*parts[:4], parts[5])


def _state_fen(state: Any) -> str:
    return str(state.fen()) if hasattr(state, "fen") else str(state.board.fen())


@dataclass
class _Segment:
    fen: str | None
    """The starting FEN (``None``: the standard start)."""
    tokens: list[str] = field(default_factory=list)
    moves: int = 0


def segments(record: GameRecord) -> list[_Segment]:
    """The PGN segments of ``record`` (see the module docstring): each segment's FEN and its
    movetext tokens (move numbers, SAN, comments), without the result."""
    start_fen = record.options.get("fen") or None
    segs = [_Segment(start_fen)]
    pc = chess.Board(start_fen or chess.STARTING_FEN)
    synced = True  # does pc stand where the engine stands?
    buffer: list[str] = []  # comments waiting for the next move (or the end)
    need_number = True
    last_state: Any = None
    steps = record.steps

    def restart(fen: str) -> None:
        nonlocal pc, need_number
        cur = segs[-1]
        if cur.moves == 0:  # nothing in it yet: it starts here instead
            cur.fen = None if fen == chess.STARTING_FEN else fen
        else:
            segs.append(_Segment(fen))
        pc = chess.Board(fen)
        need_number = True

    def flush() -> None:
        nonlocal need_number
        if buffer:
            segs[-1].tokens.extend(buffer)
            buffer.clear()
            need_number = True

    for i, step in enumerate(steps):
        data = step.data
        if step.kind != "play":
            if step.kind in _ENDINGS or (step.kind == "draw" and data.get("op") == "accept"):
                who = {0: "White", 1: "Black"}.get(step.seat if step.seat is not None else -1, "")
                text = {"resign": f"{who} resigns", "claim": f"{who} claims victory: opponent away",
                        "forfeit": f"{who} forfeits (away)", "abandon": "abandoned", "abort": f"{who} aborts",
                        "draw": "draw agreed"}[step.kind]
                buffer.append(_comment(text))
            continue
        action = data.get("action") or {}
        before = step.before
        after = steps[i + 1].before if i + 1 < len(steps) else record.state
        if after is None:
            after = get_game(record.game).apply(before, int(step.seat or 0), dict(action))
        last_state = after
        after_key = _key(_state_fen(after))
        if action.get("type") == "move":
            move = chess.Move.from_uci(str(action["uci"]))
            trial = pc if synced else chess.Board(_state_fen(before))
            legal = trial.is_legal(move)
            shown = trial.san(move) if legal else move.uci()
            white, number = trial.turn == chess.WHITE, trial.fullmove_number
            ok = False
            if legal:
                trial.push(move)
                ok = _key(trial.fen()) == after_key
                trial.pop()
            if not ok:  # not a chess move here, or more happened than the move: a comment
                buffer.append(_comment(f"[%move {_colour(step.seat)} {move.uci()}] {shown}"))
                synced = False
                continue
            if not synced:
                restart(_state_fen(before))
            flush()
            tokens = segs[-1].tokens
            if white:
                tokens.append(f"{number}.")
            elif need_number:
                tokens.append(f"{number}...")
            tokens.append(shown)
            if step.clock is not None and step.seat is not None:
                tokens.append(_comment(f"[%clk {_clk(step.clock[step.seat])}]"))
            pc.push(move)
            segs[-1].moves += 1
            need_number = False
            synced = True
            continue
        if action.get("type") == "order":
            buffer.append(_comment(f"[%order {_colour(step.seat)}] cards put back on the deck"))
        else:
            card_id = str(action.get("card"))
            card = CARDS.get(card_id)
            name = card.name_en if card is not None else card_id
            squares = " ".join(action.get("squares") or [])
            extra = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "card", "squares"))
            text = f"[%card {_colour(step.seat)} {card_id}{' ' + squares if squares else ''}] {name}"
            buffer.append(_comment(" ".join(x for x in (text, extra) if x)))
        if synced and _key(pc.fen()) != after_key:
            synced = False
    if not synced:
        final = record.state if record.state is not None else last_state
        restart(_state_fen(final))
    flush()
    return segs


def _movetext(tokens: list[str]) -> str:
    lines: list[str] = []
    line = ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > 79:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    if line:
        lines.append(line)
    return "\n".join(lines)


def pgn(record: GameRecord) -> str:
    """The PGN text of ``record``, a finished UnfairChess game: one PGN game, or one per
    segment when cards changed the position (module docstring)."""
    segs = segments(record)
    result = pgn_result(record.outcome, record.status)
    term, how = termination(record)
    cards = sum(1 for s in record.steps if s.kind == "play" and (s.data.get("action") or {}).get("type") == "card")
    date = dt.datetime.fromtimestamp(record.created_at, dt.UTC)
    names = {p.seat: p.name for p in record.players}
    elo = {p.seat: getattr(p, "elo", None) for p in record.players}
    out: list[str] = []
    n = len(segs)
    for k, seg in enumerate(segs, 1):
        last = k == n
        res = result if last else "*"
        headers = [
            ("Event", f"donjon UnfairChess, {record.mode}"),
            ("Site", record.site or "donjon"),
            ("Date", date.strftime("%Y.%m.%d")),
            ("Round", "-"),
            ("White", names.get(0, "?")),
            ("Black", names.get(1, "?")),
            ("Result", res),
        ]
        headers += [(tag, str(elo[seat])) for tag, seat in (("WhiteElo", 0), ("BlackElo", 1))
                    if elo.get(seat) is not None]
        headers += [
            ("UTCDate", date.strftime("%Y.%m.%d")),
            ("UTCTime", date.strftime("%H:%M:%S")),
            ("Termination", term if last else "unterminated"),
            ("TimeControl", time_control_tag(record.time_control)),
        ]
        if last:
            headers.append(("DonjonTermination", how))
        headers += [("Mode", record.mode), ("Stake", str(record.stake)), ("Cards", str(cards)),
                    ("DonjonGame", record.id)]
        if n > 1:
            headers.append(("Segment", f"{k}/{n}"))
        if seg.fen:
            headers += [("SetUp", "1"), ("FEN", seg.fen)]
        head = "\n".join(f'[{t} "{_quote(v)}"]' for t, v in headers)
        out.append(head + "\n\n" + _movetext([*seg.tokens, res]) + "\n")
    return "\n".join(out)


def pgn_file(record: GameRecord) -> ExportFile:
    return ExportFile(pgn(record), MEDIA_TYPE, "pgn")


EXPORTERS: dict[str, Exporter] = {"pgn": pgn_file}
"""The exporters of ``GameInfo.exports``, by format."""
