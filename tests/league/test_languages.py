"""The league's own names in English, French and Spanish: hats, the "any game" challenges,
and what a game that has no Spanish text shows in Spanish."""

from __future__ import annotations

from donjon.games.league import BadgeCard, Challenge, GameLeague
from donjon.league import badges, daily
from donjon.league.hats import HATS
from donjon.server import league_pages


def test_every_hat_has_three_names() -> None:
    for h in HATS.values():
        assert h.name_en and h.name_fr and h.name_es, h.id
        assert h.name == {"en": h.name_en, "fr": h.name_fr, "es": h.name_es}
        assert h.to_json()["name_es"] == h.name_es
    assert HATS["beret"].name_es == "Boina" and HATS["crown"].name_es == "Corona de oro"
    assert len({h.name_es for h in HATS.values()}) == len(HATS)
    assert '"name_es": "Sombrero de copa"' in league_pages.hats_js()


def test_any_game_challenges_speak_spanish() -> None:
    assert [ch.text_es for ch in daily.ANY_GAME] == [
        "Gana una partida clasificatoria", "Juega 3 partidas", "Gana 2 partidas"]
    for ch in daily.ANY_GAME:
        assert ch.text == {"en": ch.text_en, "fr": ch.text_fr, "es": ch.text_es}


def test_a_game_without_spanish_shows_english() -> None:
    ch = Challenge("x_win", "x", "game_won", 1, 10, "Win a game of X", "Gagne une partie de X")
    assert ch.text == {"en": "Win a game of X", "fr": "Gagne une partie de X", "es": "Win a game of X"}
    league = GameLeague(cards=(BadgeCard("joker", "Joker", "Joker fr"), BadgeCard("ace", "Ace", "As", "As es")))
    refs = badges._refs("x", league)
    assert (refs["joker"].name_es, refs["ace"].name_es) == ("Joker", "As es")


def test_the_three_games_challenges_and_badges_speak_spanish() -> None:
    """Every challenge and badge card of the site's games has its own Spanish text (a game
    of the tests may fall back to English; the site's three may not)."""
    from donjon.games import get_game

    for gid in ("unfairchess", "castel", "citadel"):
        league = get_game(gid).league
        assert league.challenges and league.cards, gid
        for ch in league.challenges:
            assert ch.text_es and ch.text_es != ch.text_en, ch.id
        for card in league.cards:
            assert card.name_es, (gid, card.id)
