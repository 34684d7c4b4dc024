"""Looking back at a finished game: the step-by-step replay and PGN export (UnfairChess).

Both are rebuilt from the stored action log, through the same :class:`Match` as the live
game, so a replay is exactly what was played. Replays show only public views (seat None).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import chess

from donjon.games import get_game
from donjon.server.match import Match
from donjon.store.models import GameActionRow, GameRow, GameSeatRow


def replay_record(row: GameRow, seats: list[GameSeatRow], entries: list[GameActionRow],
                  hats: dict[int, str | None] | None = None) -> dict[str, Any]:
    game = get_game(row.kind)
    m = Match.start(game, len(seats), row.seed, row.options)
    steps: list[dict[str, Any]] = [{"seq": 0, "kind": "start", "seat": None, "view": game.view(m.state, None)}]
    for e in entries:
        data = dict(e.data or {})
        m = m.step(e.kind, e.seat, data)
        step: dict[str, Any] = {"seq": e.seq, "kind": e.kind, "seat": e.seat, "at": e.created_at}
        if e.kind == "play":
            step["action"] = public_action(row.kind, data.get("action"))
            step["view"] = game.view(m.state, None)
        else:
            step["data"] = {k: v for k, v in data.items() if k != "action"}
        steps.append(step)
    return {
        "game": {"id": row.id, "kind": row.kind, "mode": row.mode, "stake": row.stake, "status": row.status,
                 "outcome": row.outcome, "created_at": row.created_at, "finished_at": row.finished_at,
                 "next_game": row.next_game, "rematch_of": row.rematch_of},
        # ``hat``: the hat the player wears now (hats are not recorded per game; docs/league.md)
        "players": [{"seat": x.seat, "name": x.name, "bot": x.bot_level,
                     "hat": (hats or {}).get(x.user_id) if x.user_id is not None else None} for x in seats],
        "steps": steps,
    }


def public_action(kind: str, action: Any) -> Any:
    """What a spectator may know of an action. UnfairChess's Foresight follow-up
    (``{"type": "order", "order": [...]}``) names the top of its author's deck: hidden."""
    if kind == "unfairchess" and isinstance(action, dict) and action.get("type") == "order":
        return {"type": "order"}
    return action


def pgn_result(outcome: dict[str, Any] | None, status: str) -> str:
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


_TERMINATION = {"checkmate": "normal", "stalemate": "normal", "resignation": "normal", "agreement": "normal",
                "forfeit": "abandoned", "abandoned": "abandoned", "aborted": "unterminated"}


def _quote(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def unfairchess_pgn(row: GameRow, seats: list[GameSeatRow], entries: list[GameActionRow], site: str = "") -> str:
    """PGN of an UnfairChess game. Card plays are comments (``{[%card white poison d1]}``);
    a game without cards is plain chess and re-imports in any PGN reader."""
    from donjon.games.unfairchess.catalogue import CARDS

    game = get_game("unfairchess")
    m = Match.start(game, len(seats), row.seed, row.options)
    tokens: list[str] = []
    need_number = True
    cards = 0
    for e in entries:
        data = dict(e.data or {})
        if e.kind == "play":
            action = data.get("action") or {}
            board: chess.Board = m.state.board
            if action.get("type") == "move":
                move = chess.Move.from_uci(str(action["uci"]))
                try:
                    san = board.san(move)
                except (ValueError, AssertionError):
                    san = move.uci()
                if board.turn == chess.WHITE:
                    tokens.append(f"{board.fullmove_number}.")
                elif need_number:
                    tokens.append(f"{board.fullmove_number}...")
                tokens.append(san)
                need_number = False
            elif action.get("type") == "order":
                colour = "white" if e.seat == 0 else "black"
                tokens.append(_comment(f"[%order {colour}] cards put back on the deck"))
                need_number = True
            else:
                cards += 1
                card_id = str(action.get("card"))
                card = CARDS.get(card_id)
                name = card.name_en if card is not None else card_id
                colour = "white" if e.seat == 0 else "black"
                squares = " ".join(action.get("squares") or [])
                extra = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "card", "squares"))
                text = f"[%card {colour} {card_id}{' ' + squares if squares else ''}] {name}"
                tokens.append(_comment(" ".join(x for x in (text, extra) if x)))
                need_number = True
        elif e.kind in ("resign", "claim", "forfeit", "abandon", "abort") or (
                e.kind == "draw" and data.get("op") == "accept"):
            who = {0: "White", 1: "Black"}.get(e.seat if e.seat is not None else -1, "")
            text = {"resign": f"{who} resigns", "claim": f"{who} claims victory: opponent away",
                    "forfeit": f"{who} forfeits (away)", "abandon": "abandoned", "abort": f"{who} aborts",
                    "draw": "draw agreed"}[e.kind]
            tokens.append(_comment(text))
            need_number = True
        m = m.step(e.kind, e.seat, data)
    result = pgn_result(m.outcome, m.status)
    tokens.append(result)
    date = dt.datetime.fromtimestamp(row.created_at, dt.UTC)
    names = {x.seat: x.name for x in seats}
    headers = [
        ("Event", f"donjon UnfairChess, {row.mode}"),
        ("Site", site or "donjon"),
        ("Date", date.strftime("%Y.%m.%d")),
        ("Round", "-"),
        ("White", names.get(0, "?")),
        ("Black", names.get(1, "?")),
        ("Result", result),
        ("UTCDate", date.strftime("%Y.%m.%d")),
        ("UTCTime", date.strftime("%H:%M:%S")),
        ("Termination", _TERMINATION.get((m.outcome or {}).get("reason", ""), "normal")
         if m.status != "active" else "unterminated"),
        ("Mode", row.mode),
        ("Stake", str(row.stake)),
        ("Cards", str(cards)),
        ("DonjonGame", row.id),
    ]
    fen = (row.options or {}).get("fen")
    if fen:
        headers += [("SetUp", "1"), ("FEN", fen)]
    head = "\n".join(f'[{k} "{_quote(v)}"]' for k, v in headers)
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
    return head + "\n\n" + "\n".join(lines) + "\n"


EXPORTERS = {"unfairchess": unfairchess_pgn}
