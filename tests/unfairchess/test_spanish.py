"""UnfairChess in Spanish: every card's name and text, the league's challenges and badges."""

from __future__ import annotations

import re

from donjon.games.unfairchess.catalogue import CARDS, GROUPS
from donjon.games.unfairchess.league import CHALLENGES, LEAGUE
from donjon.league import badges

PLACEHOLDER = re.compile(r"\{[^}]*\}")
MARKUP = re.compile(r"<[^>]+>|\*\*?|`")
ENGLISH = re.compile(r"\b(the|and|your|you|with|when|piece|pawn|king|square|move)\b", re.I)


def test_every_card_has_a_spanish_name_and_text() -> None:
    names = [c.name_es for c in CARDS.values()]
    assert all(names) and len(set(names)) == 58
    for c in CARDS.values():
        assert c.text_es.strip(), c.id
        assert c.text_es not in (c.text_en, c.text_fr), c.id
        assert PLACEHOLDER.findall(c.text_es) == PLACEHOLDER.findall(c.text_en), c.id
        # the player texts carry no markup beyond the English one's *italics*
        assert set(MARKUP.findall(c.text_es)) <= set(MARKUP.findall(c.text_en)), c.id
        assert c.text_es.count("*") % 2 == 0, c.id
        assert not ENGLISH.search(c.text_es), (c.id, ENGLISH.search(c.text_es))
        assert c.text_es.endswith("."), c.id


def test_name_and_text_pick_the_language_with_english_for_others() -> None:
    c = CARDS["frappe_celeste"]
    assert [c.name(lang) for lang in ("en", "fr", "es", "de", "")] == [
        "Heaven's Strike", "Frappe céleste", "Castigo divino", "Heaven's Strike", "Heaven's Strike"]
    assert c.text("es") == c.text_es and c.text("pt") == c.text_en and c.text("fr") == c.text_fr
    row = c.to_json()
    assert (row["name_es"], row["group_es"], row["text_es"]) == ("Castigo divino", "Destrucciones", c.text_es)
    assert [g[2] for g in GROUPS.values()] == ["Estados", "Movimientos", "Intercambios y teletransportes",
                                               "Destrucciones", "Control", "Transformaciones", "Recursos y tempo"]


def test_challenges_and_badges_speak_spanish() -> None:
    for ch in CHALLENGES:
        assert ch.text_es and ch.text["es"] == ch.text_es and "UnfairChess" in ch.text_es, ch.id
        assert not ENGLISH.search(ch.text_es), ch.id
    assert {c.id: c.name_es for c in LEAGUE.cards} == {cid: c.name_es for cid, c in CARDS.items()}
    b = badges.badge("unfairchess", "sommeil", 12)
    assert b.name == {"en": "Sleep", "fr": "Sommeil", "es": "Sueño"}
    assert b.to_json()["name_es"] == "Sueño"
