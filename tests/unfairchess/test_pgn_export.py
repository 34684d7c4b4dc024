"""The PGN export of UnfairChess (donjon/games/unfairchess/export.py): every export reads back
in python-chess without an error, its positions are the game's, and its Result /
Termination tags say how the game ended."""

from __future__ import annotations

import io
import random
import time
from typing import Any

import chess
import chess.pgn
import pytest

from donjon.bots import RandomBot
from donjon.games import get_game
from donjon.games.record import GameRecord, PlayerRecord, StepRecord
from donjon.games.unfairchess.export import pgn
from donjon.server.match import Match

GAME = get_game("unfairchess")
NO_CARDS: dict[str, Any] = {"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}


def record_of(seed: int, entries: list[tuple[str, int | None, dict[str, Any]]], options: dict[str, Any] | None = None,
              players: tuple[PlayerRecord, ...] | None = None) -> GameRecord:
    """A record built the way donjon/server/export.py's ``game_record`` builds it."""
    m = Match.start(GAME, 2, seed, options or {})
    steps = []
    for seq, (kind, seat, data) in enumerate(entries, 1):
        steps.append(StepRecord(seq, kind, seat, data, m.state, 1000.0 + seq))
        m = m.step(kind, seat, dict(data))
    return GameRecord(id=f"g{seed}", game="unfairchess", mode="friendly", stake=0, seed=seed,
                      options=dict(options or {}), created_at=1000.0, finished_at=2000.0, status=m.status,
                      outcome=m.outcome, players=players or (PlayerRecord(0, "alice"), PlayerRecord(1, "bob")),
                      steps=tuple(steps), state=m.state)


def self_play(seed: int, max_plies: int = 60, card_prob: float = 0.35) -> GameRecord:
    """Random bots with cards; a game still going after ``max_plies`` actions ends in a
    random way (resignation, agreed draw, claim, forfeit, abandon)."""
    rng = random.Random(seed)
    bot = RandomBot(card_prob=card_prob)
    m = Match.start(GAME, 2, seed, {})
    entries: list[tuple[str, int | None, dict[str, Any]]] = []
    while m.status == "active" and len(entries) < max_plies:
        seat = GAME.to_act(m.state)[0]
        action = bot.choose(GAME, m.state, seat, rng)
        entries.append(("play", seat, {"action": action}))
        m = m.step("play", seat, {"action": action})
    if m.status == "active":
        seat = GAME.to_act(m.state)[0]
        end = rng.choice(["resign", "draw", "claim", "forfeit", "abandon", "none"])
        if end == "draw":
            entries += [("draw", seat, {"op": "offer"}), ("draw", 1 - seat, {"op": "accept"})]
        elif end == "claim":
            entries.append(("claim", seat, {"loser": 1 - seat}))
        elif end != "none":
            entries.append((end, seat, {}))
    return record_of(seed, entries)


def _key(board: chess.Board) -> tuple[Any, ...]:
    """Placement, side to move, castling rights, en-passant square (when legal), move number."""
    parts = board.fen().split()
    return (*parts[:4], parts[5])


def read_all(text: str) -> list[chess.pgn.Game]:
    games = []
    stream = io.StringIO(text)
    while (g := chess.pgn.read_game(stream)) is not None:
        games.append(g)
    return games


def check_export(record: GameRecord) -> list[chess.pgn.Game]:
    """Read ``pgn(record)`` back: no errors, and the positions of each segment are the
    engine's, in order, every move of the game accounted for."""
    text = pgn(record)
    games = read_all(text)
    assert games, text
    for g in games:
        assert g.errors == [], (g.errors, text)
    # the engine's positions: P[0] the start, P[i + 1] after play step i
    plays = [s for s in record.steps if s.kind == "play"]
    positions = [_key(s.before.board) for s in plays] + [_key(record.state.board)]
    if not plays:
        positions = [_key(record.state.board)]
    actions = [s.data["action"] for s in plays]
    p = 0
    moves_seen = 0
    for k, g in enumerate(games, 1):
        if len(games) > 1:
            assert g.headers["Segment"] == f"{k}/{len(games)}"
            assert g.headers["Result"] == ("*" if k < len(games) else g.headers["Result"])
        board = g.board()
        start = _key(board)
        while p < len(positions) and positions[p] != start:
            p += 1
        assert p < len(positions), (k, board.fen(), text)
        for move in g.mainline_moves():
            i = next(j for j in range(p, len(actions)) if actions[j]["type"] == "move")
            assert all(positions[j] == start for j in range(p, i + 1)), text  # only status cards between
            assert actions[i]["uci"] == move.uci(), (k, move, actions[i], text)
            board.push(move)
            assert _key(board) == positions[i + 1], (k, move, text)
            start = positions[i + 1]
            p = i + 1
            moves_seen += 1
    assert _key(games[-1].end().board()) == positions[-1], text
    assert moves_seen + text.count("[%move ") == sum(a["type"] == "move" for a in actions)
    assert text.count("[%card ") == sum(a["type"] == "card" for a in actions)
    return games


def _self_play_batch(seeds: range) -> float:
    t = time.perf_counter()
    segmented = 0
    for seed in seeds:
        rec = self_play(seed)
        games = check_export(rec)
        segmented += len(games) > 1
    assert segmented > len(seeds) // 2  # cards did change the board in most games
    return time.perf_counter() - t


def test_self_play_with_cards_reads_back_40() -> None:
    """Games 0-39 of the 200 (the part left in ``-m "not slow"``)."""
    _self_play_batch(range(40))


@pytest.mark.slow
def test_self_play_with_cards_reads_back_200() -> None:
    """Games 40-199: with the test above, 200 self-played games with cards (every card of the
    catalogue gets played; some 70 segments start from a position python-chess calls
    invalid, and still read without an error)."""
    _self_play_batch(range(40, 200))


def test_sleep_on_move_one_then_nf3() -> None:
    """The issue: the bot plays Sleep on move 1, then 1... Nf6 / 2. Nf3 must stay legal."""
    st = GAME.setup(2, 3, {"hands": {"0": ["sommeil"], "1": []}})
    card = next(a for a in GAME.legal_actions(st, 0) if a["type"] == "card")
    entries: list[tuple[str, int | None, dict[str, Any]]] = [("play", 0, {"action": card}), ("play", 1, {"action": {"type": "move", "uci": "g8f6"}}),
               ("play", 0, {"action": {"type": "move", "uci": "g1f3"}}), ("resign", 1, {})]
    rec = record_of(3, entries, {"hands": {"0": ["sommeil"], "1": []}})
    games = check_export(rec)
    text = pgn(rec)
    assert "[%card white sommeil" in text and "Nf3" in text
    last = games[-1]
    assert last.headers["SetUp"] == "1" and "FEN" in last.headers
    assert [m.uci() for m in last.mainline_moves()] == ["g8f6", "g1f3"]
    assert last.headers["Result"] == "1-0" and last.headers["DonjonTermination"] == "resignation"


def test_plain_game_is_one_pgn_game() -> None:
    moves = ["e2e4", "e7e5", "g1f3", "b8c6"]
    entries: list[tuple[str, int | None, dict[str, Any]]] = [
        ("play", i % 2, {"action": {"type": "move", "uci": u}}) for i, u in enumerate(moves)]
    rec = record_of(1, [*entries, ("resign", 0, {})])
    games = check_export(rec)
    assert len(games) == 1 and "Segment" not in games[0].headers and "FEN" not in games[0].headers
    assert [m.uci() for m in games[0].mainline_moves()] == moves


def _moves(*ucis: str, first: int = 0) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [("play", (first + i) % 2, {"action": {"type": "move", "uci": u}}) for i, u in enumerate(ucis)]


def _tags(rec: GameRecord) -> tuple[str, str, str]:
    g = check_export(rec)[-1]
    return g.headers["Result"], g.headers["Termination"], g.headers["DonjonTermination"]


def test_checkmate() -> None:
    rec = record_of(1, _moves("f2f3", "e7e5", "g2g4", "d8h4"), NO_CARDS)
    assert rec.outcome and rec.outcome["reason"] == "checkmate"
    assert _tags(rec) == ("0-1", "normal", "checkmate")
    assert "Qh4#" in pgn(rec)


def test_stalemate() -> None:
    opts = {**NO_CARDS, "fen": "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"}
    rec = record_of(1, _moves("f2f7"), opts)
    assert rec.outcome and rec.outcome["reason"] == "stalemate"
    assert _tags(rec) == ("1/2-1/2", "normal", "stalemate")
    assert '[FEN "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"]' in pgn(rec)


@pytest.mark.parametrize(("ending", "tags"), [
    ([("resign", 0, {})], ("0-1", "normal", "resignation")),
    ([("resign", 1, {})], ("1-0", "normal", "resignation")),
    ([("draw", 0, {"op": "offer"}), ("draw", 1, {"op": "accept"})], ("1/2-1/2", "normal", "agreement")),
    ([("claim", 0, {"loser": 1})], ("1-0", "abandoned", "claim")),
    ([("forfeit", 1, {})], ("1-0", "abandoned", "forfeit")),
    ([("abandon", None, {})], ("*", "abandoned", "abandoned")),
    ([], ("*", "unterminated", "unterminated")),
])
def test_endings(ending: list[tuple[str, int | None, dict[str, Any]]], tags: tuple[str, str, str]) -> None:
    rec = record_of(5, [*_moves("e2e4", "e7e5", "g1f3", "b8c6"), *ending])
    assert _tags(rec) == tags


def test_abort() -> None:
    rec = record_of(5, [*_moves("e2e4"), ("abort", 1, {})])
    assert rec.status == "aborted"
    assert _tags(rec) == ("*", "unterminated", "aborted")
    assert "{Black aborts}" in pgn(rec)


def test_adjudication() -> None:
    rec = record_of(5, _moves("e2e4", "e7e5"))
    rec = GameRecord(**{**rec.__dict__, "status": "finished",
                        "outcome": {"winners": [0], "losers": [1], "draw": False, "reason": "adjudicated_material",
                                    "scores": [1.0, 0.0]}})
    assert _tags(rec) == ("1-0", "adjudication", "adjudicated_material")


def test_elo_tags_when_known() -> None:
    base = _moves("e2e4", "e7e5")
    rec = record_of(5, [*base, ("resign", 0, {})])
    assert "WhiteElo" not in chess.pgn.read_game(io.StringIO(pgn(rec))).headers  # type: ignore[union-attr]
    rec = record_of(5, [*base, ("resign", 0, {})],
                    players=(PlayerRecord(0, "alice", elo=1512), PlayerRecord(1, "bob", elo=1480)))
    h = chess.pgn.read_game(io.StringIO(pgn(rec))).headers  # type: ignore[union-attr]
    assert h["WhiteElo"] == "1512" and h["BlackElo"] == "1480"


def test_record_without_final_state() -> None:
    """A record without ``state`` (built by hand): the exporter replays the last action."""
    rec = self_play(7, max_plies=30)
    rec = GameRecord(**{**rec.__dict__, "state": None})
    games = read_all(pgn(rec))
    assert games and all(g.errors == [] for g in games)
    assert pgn(rec) == pgn(self_play(7, max_plies=30))
