"""UnfairChess puzzles: the discard setup option, the generator on tiny scripted games, the
shipped data file (schema, size, every line replays) and a sample of the full check (the
stored first action is still the only one that does as well). The full check of every puzzle
is bench/puzzles.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from donjon.games.protocol import IllegalAction
from donjon.games.unfairchess.game import GAME
from donjon.games.unfairchess.puzzles import DATA, PUZZLES, mine, solve, to_puzzle

SHIPPED_AT_LEAST = 500
"""The shipped file holds at least this many puzzles (`donjon puzzles list` counts them)."""

HANDS = {"0": ["sommeil", "sommeil"], "1": ["sommeil", "sommeil"]}
"""Sleep replaces the move and cannot mate nor take: the scripted positions' only solutions are moves."""


def test_setup_keeps_a_discard_pile_and_refuses_a_bad_one() -> None:
    pile = [{"seat": 0, "card": "poison"}, {"seat": 1, "card": "sommeil"}]
    st = GAME.setup(2, 1, {"discard": pile})
    assert st.discard == pile and GAME.view(st, 1)["discard"] == pile
    for bad in ([{"seat": 2, "card": "poison"}], [{"seat": 0, "card": "nope"}], [{"seat": 0}], "poison",
                [{"seat": True, "card": "poison"}]):
        with pytest.raises(IllegalAction):
            GAME.setup(2, 1, {"discard": bad})


def scripted(fen: str, *ucis: str) -> list:
    st = GAME.setup(2, 3, {"fen": fen, "hands": HANDS})
    states = [st]
    for u in ucis:
        st = GAME.apply(st, st.seat, {"type": "move", "uci": u})
        states.append(st)
    return states


BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
HANGING_QUEEN = "6k1/5ppp/8/3q4/8/8/5PPP/3R2K1 w - - 0 1"


def test_generator_finds_a_unique_mate_in_one() -> None:
    states = scripted(BACK_RANK, "a1a8")
    assert mine.candidates(states) == [(0, "mate1")]
    p = mine.find(states[0], 3, "mate1")
    assert p is not None and p["themes"] == ["mate_in_1"] and p["seat"] == 0
    assert p["line"] == [{"seat": 0, "action": {"type": "move", "uci": "a1a8"}}]
    assert p["options"]["hands"] == HANDS and isinstance(p["options"]["decks"]["0"], str)
    # two mates at once: no puzzle
    two = scripted("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1", "a1a8")
    assert mine.find(two[0], 3, "mate1") is None


def test_generator_finds_a_material_gain_and_its_check_holds() -> None:
    states = scripted(HANGING_QUEEN, "d1d5", "h7h6")
    assert (0, "material") in mine.candidates(states)
    p = mine.find(states[0], 3, "material")
    assert p is not None and p["themes"] == ["material"]
    assert p["line"] == [{"seat": 0, "action": {"type": "move", "uci": "d1d5"}}]
    puzzle = to_puzzle(p)
    assert PUZZLES.check(puzzle) is None
    # a stored line that is not the best fails the check
    broken = to_puzzle({**p, "line": [{"seat": 0, "action": {"type": "move", "uci": "h2h3"}}]})
    assert PUZZLES.check(broken) is not None


def test_generate_writes_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = {1: scripted(BACK_RANK, "a1a8"), 2: scripted(BACK_RANK, "a1a8"), 3: scripted(HANGING_QUEEN, "d1d5", "h7h6")}
    monkeypatch.setattr(mine, "play_game", lambda seed: games[seed])
    monkeypatch.setattr(mine, "BATCH", 1)
    out = tmp_path / "p.json"
    assert mine.generate(out, count=1, minutes=5, seed=1, command="donjon puzzles generate", log=lambda _: None) == 1
    data = json.loads(out.read_text())
    assert data["next_seed"] == 2 and data["command"] == "donjon puzzles generate"
    # resumed at game 2, which repeats game 1's position (kept once), then game 3
    assert mine.generate(out, count=2, minutes=5, log=lambda _: None) == 2
    data = json.loads(out.read_text())
    assert data["next_seed"] == 4 and [p["source"]["game_seed"] for p in data["puzzles"]] == [1, 3]


# --------------------------------------------------------------------------- the shipped file


def test_shipped_file_schema_and_size() -> None:
    data = json.loads(DATA.read_text("utf-8"))
    assert data["command"].startswith("donjon puzzles generate") and data["budget"]["depth"] == solve.BUDGET.depth
    puzzles = data["puzzles"]
    assert len(puzzles) >= SHIPPED_AT_LEAST
    assert len({p["id"] for p in puzzles}) == len(puzzles)
    for raw in puzzles:
        assert re.fullmatch(r"[0-9a-f]{8}", raw["id"]) and raw["seat"] in (0, 1)
        assert set(raw["options"]) <= {"fen", "hands", "decks", "discard", "statuses", "traps"}
        assert raw["line"][0]["seat"] == raw["seat"] and len([e for e in raw["line"] if e["seat"] == raw["seat"]]) <= 3
        assert raw["themes"][0] in ("mate_in_1", "mate_in_2", "material")
        cards = {f"card:{e['action']['card']}" for e in raw["line"]
                 if e["seat"] == raw["seat"] and e["action"]["type"] == "card"}
        assert set(raw["themes"][1:]) == cards and isinstance(raw["rating"], int)


def test_every_shipped_line_replays() -> None:
    for p in PUZZLES.load():
        states = solve.replay(p.options, p.seed, list(p.line))
        assert states[0].seat == p.seat and states[0].result is None
        if p.themes[0].startswith("mate_in_"):
            assert solve.won(states[-1], p.seat), p.id
        else:
            assert solve.material(states[-1], p.seat) > solve.material(states[0], p.seat), p.id


def sample() -> list:
    """A few of each kind: the first two mates in 1, the first two material gains, the first
    mate in 2 (the full set: bench/puzzles.py)."""
    out, seen = [], {}
    for p in PUZZLES.load():
        kind = p.themes[0]
        if seen.get(kind, 0) < (1 if kind == "mate_in_2" else 2):
            seen[kind] = seen.get(kind, 0) + 1
            out.append(p)
    return out


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: f"{p.themes[0]}-{p.id}")
def test_sample_is_still_the_unique_solution(puzzle) -> None:
    assert PUZZLES.check(puzzle) is None


DEFLECTION = "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"
"""1. Qd8+ Bxd8 2. Re8#, the only first move that mates in two."""


def test_generator_proves_a_mate_in_two() -> None:
    st = GAME.setup(2, 3, {"fen": DEFLECTION, "hands": {"0": [], "1": []}})
    states = [st]
    for u in ("d5d8", "e7d8", "e1e8"):
        states.append(GAME.apply(states[-1], states[-1].seat, {"type": "move", "uci": u}))
    assert mine.candidates(states)[0] == (0, "mate2")
    p = mine.find(states[0], 3, "mate2", states[1])
    assert p is not None and p["themes"] == ["mate_in_2"] and p["rating"] == mine.RATING["mate_in_2"]
    assert [e["action"]["uci"] for e in p["line"]] == ["d5d8", "e7d8", "e1e8"]
    assert PUZZLES.check(to_puzzle(p)) is None
    # the turn the game went on with did not force the mate: not looked for
    quiet = GAME.apply(st, 0, {"type": "move", "uci": "h2h3"})
    assert mine.find(states[0], 3, "mate2", quiet) is None


def test_cli_lists_the_shipped_puzzles() -> None:
    import io

    from donjon.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["puzzles", "list", "--json"], stdout=out, stderr=err) == 0
    listed = json.loads(out.getvalue())
    assert [p["id"] for p in listed] == [p.id for p in PUZZLES.load()]
    assert {"id", "game", "seat", "themes", "rating", "moves", "line"} <= set(listed[0])
    out, err = io.StringIO(), io.StringIO()
    assert main(["puzzles", "list", "--game", "nope"], stdout=out, stderr=err) == 2
    assert "no game 'nope' with puzzles" in err.getvalue()
