"""Castel in Spanish: every card kind has its Spanish name, requirement and effect, with the
same placeholders, markup and numbers as the English; the catalogue, ``donjon cards castel
--json``, the browser's cards.json and the league's names carry them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from donjon.cli import main
from donjon.games.castel import GAME
from donjon.games.castel.catalogue import CARDS, ZONE_NAMES
from donjon.games.castel.league import CHALLENGES, LEAGUE

WEB_CARDS = Path(__file__).resolve().parents[2] / "donjon" / "games" / "castel" / "web" / "cards.json"
FIELDS = ("name", "requirement", "text")
PLACEHOLDER = re.compile(r"\{\w+\}")
TAG = re.compile(r"</?\w+[^>]*>")
NUMBER = re.compile(r"\d+")


def test_every_card_has_its_spanish_texts() -> None:
    assert len(CARDS) == 37
    for kind, c in CARDS.items():
        for f in FIELDS:
            en, fr, es = (getattr(c, f"{f}_{lang}") for lang in ("en", "fr", "es"))
            assert es.strip(), f"{kind}.{f}_es is empty"
            for pattern in (PLACEHOLDER, TAG, NUMBER):
                assert sorted(pattern.findall(es)) == sorted(pattern.findall(en)), (kind, f, en, es)
            if f != "name":
                assert es not in (en, fr), (kind, f)  # translated, not copied
    names = [c.name_es for c in CARDS.values()]
    assert len(set(names)) == len(names)
    assert CARDS["roi"].name_es == "Rey" and CARDS["fou"].name_es == "Loco" and CARDS["engin"].name_es == "Máquina de asedio"
    assert all(len(z) == 3 and z[2] for z in ZONE_NAMES.values())


def test_the_catalogue_json_carries_spanish() -> None:
    rows = GAME.catalogue()
    for row in rows:
        for f in ("name", "zone", "requirement", "text"):
            assert row[f"{f}_es"], (row["id"], f)
    assert json.loads(WEB_CARDS.read_text("utf-8")) == rows  # the browser's copy has them too


def test_donjon_cards_castel_json_carries_spanish() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["cards", "castel", "--json"], stdin=io.StringIO(""), stdout=out, stderr=err) == 0, err.getvalue()
    data = json.loads(out.getvalue())
    dragon = next(r for r in data if r["id"] == "dragon")
    assert dragon["name_es"] == "Dragón" and dragon["zone_es"] == "Fuera de las murallas"
    assert dragon["text_es"].startswith("Devuelve 2 cartas")
    # a card is found by its Spanish name too
    out = io.StringIO()
    assert main(["cards", "castel", "Máquina de asedio", "--json"], stdin=io.StringIO(""), stdout=out, stderr=io.StringIO()) == 0
    assert [r["id"] for r in json.loads(out.getvalue())] == ["engin"]


def test_league_names_in_spanish() -> None:
    for ch in CHALLENGES:
        assert ch.text_es and ch.text_es not in (ch.text_en, ch.text_fr), ch.id
        assert ch.to_json()["text_es"] == ch.text_es
    assert {b.id: b.name_es for b in LEAGUE.cards} == {k: c.name_es for k, c in CARDS.items()}
