"""The Castel game log (web/log.js) in English, French and Spanish: every kind of event gives
a whole sentence in each language, with no placeholder left, and the Spanish ones read as
Spanish (articles and contractions: "del Rey", "al Sacerdote", "Los Arqueros devuelven").

log.js runs under node on a copy of the site's static layout (/static/js/kit/, /static/castel/).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

PKG = Path(__file__).resolve().parents[2] / "donjon"

EVENTS: list[dict[str, Any]] = [
    {"type": "no_action", "seat": 1},
    {"type": "draw", "seat": 0, "card": "dragon"},
    {"type": "draw", "seat": 1},
    {"type": "exchange", "seat": 0, "give": "soldat_1", "take": "herault"},
    {"type": "exchange", "seat": 0, "give": "page", "take": "fee", "by": "alchimiste"},
    {"type": "place", "seat": 2, "card": "enchanteur", "where": [0, 5]},
    {"type": "place", "seat": 0, "card": "chevalier_1", "kind": "chevalier", "where": [2, 3], "under": "roi"},
    {"type": "send_back", "by": "enchanteur", "card": "soldat_3", "to": 3},
    {"type": "send_back", "by": "archers", "card": "engin_1", "to": "exchange"},
    {"type": "assassinate", "by": "assassin", "card": "pretre", "owner": 0},
    {"type": "move", "by": "chambellan", "card": "reine", "to": [2, 2]},
    {"type": "swap", "by": "magicien", "cards": ["roi", "reine"]},
    {"type": "token_removed", "by": "voleur", "card": "roi", "was": 0},
    {"type": "tokens_swapped", "by": "intrigant", "cards": ["roi", "fee"], "tokens": [1, None]},
    {"type": "give", "by": "bouffon", "frm": 0, "to": 1, "card": "page"},
    {"type": "pass", "by": "fou", "frm": 0, "to": 1},
    {"type": "fourth_engine"},
    {"type": "no_target", "card": "senechal"},
    {"type": "no_target", "card": "archers"},
    {"type": "skip", "card": "senechal"},
    {"type": "end", "winners": [0, 2]},
    {"type": "end", "winners": [1]},
]

SPANISH = [
    "Amarillo no puede hacer nada: pasa el turno.",
    "Azul roba el Dragón.",
    "Amarillo roba una carta.",
    "Azul cambia el Soldado por el Heraldo.",
    "El Alquimista: Azul cambia el Paje por el Hada.",
    "Rojo coloca el Encantador en la torre noreste.",
    "Azul coloca el Caballero sobre el Rey.",
    "El Encantador devuelve el Soldado a la mano de Verde.",
    "Los Arqueros devuelven la Máquina de asedio al intercambio.",
    "El Asesino asesina al Sacerdote de Azul (fuera de la partida).",
    "El Chambelán mueve la Reina al patio.",
    "El Mago intercambia de lugar el Rey y la Reina.",
    "El Ladrón quita la ficha de color del Rey (Azul).",
    "El Intrigante intercambia las fichas de color del Rey (ahora Amarillo) y del Hada (sin color).",
    "El Bufón: Azul da el Paje a Amarillo.",
    "El Loco: Azul pasa una carta al azar a Amarillo.",
    "Cuarta máquina de asedio: se devuelven todos los soldados de las murallas (los soldados protegidos se quedan).",
    "El Senescal: no se puede colocar ninguna otra carta.",
    "Los Arqueros no tienen ningún objetivo: el efecto no se aplica.",
    "Sin carta adicional con el Senescal.",
    "Partida terminada: victoria compartida entre Azul y Rojo.",
    "Partida terminada: ¡gana Amarillo!",
]

ENGLISH = [
    "Yellow can do nothing: the turn passes.",
    "Blue draws the Dragon.",
    "Yellow draws a card.",
    "Blue exchanges the Soldier for the Herald.",
    "The Alchemist: Blue exchanges the Page for the Fairy.",
    "Red places the Enchanter on the north-east tower.",
    "Blue places the Knight on the King.",
    "The Enchanter sends back the Soldier to Green’s hand.",
    "The Archers send back the Siege engine to the exchange.",
    "The Assassin assassinates Blue’s Priest (out of the game).",
    "The Chamberlain moves the Queen to the courtyard.",
    "The Magician swaps the places of the King and the Queen.",
    "The Thief removes the colour token from the King (Blue).",
    "The Schemer swaps the colour tokens of the King (now Yellow) and the Fairy (no colour).",
    "The Jester: Blue gives the Page to Yellow.",
    "The Fool: Blue passes a random card to Yellow.",
    "Fourth siege engine: every soldier on the ramparts is sent back (protected soldiers stay).",
    "The Seneschal: no other card can be placed.",
    "The Archers have nothing to act on: the effect is skipped.",
    "No extra card with the Seneschal.",
    "Game over: Blue and Red share the win.",
    "Game over: Yellow wins!",
]

FRENCH_SOME = {
    7: "L'Enchanteur renvoie le Soldat dans la main de Vert.",
    8: "Les Archers renvoient l'Engin de siège à l'échange.",
    9: "L'Assassin assassine le Prêtre de Bleu (hors jeu).",
    12: "Le Voleur ôte le jeton de couleur du Roi (Bleu).",
    13: "L'Intrigant échange les jetons du Roi (désormais Jaune) et de la Fée (sans couleur).",
}

SCRIPT = r"""
// the card zoom the log's modules import links its stylesheet: a document that accepts it
globalThis.document = {
  baseURI: import.meta.url, head: { appendChild() {} }, querySelectorAll: () => [],
  createElement: () => ({ sheet: true, addEventListener() {} }),
};
const [cardsPath, events] = [process.argv[2], JSON.parse(process.argv[3])];
const { describeEvents } = await import(new URL("./castel/log.js", import.meta.url));
const { COLOURS } = await import(new URL("./castel/i18n.js", import.meta.url));
const { readFileSync } = await import("node:fs");
const byId = Object.fromEntries(JSON.parse(readFileSync(cardsPath, "utf-8")).map((c) => [c.id, c]));
const out = {};
for (const lang of ["en", "fr", "es", "de"]) {
  const ctx = { lang, card: (k) => byId[k], who: (s) => (COLOURS[lang] || COLOURS.en)[s] };
  out[lang] = describeEvents(events, ctx).map((l) => l.html);
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    static = tmp_path_factory.mktemp("log") / "static"
    shutil.copytree(PKG / "web" / "static" / "js" / "kit", static / "js" / "kit")
    shutil.copytree(PKG / "games" / "castel" / "web", static / "castel")
    (static / "run.mjs").write_text(SCRIPT, "utf-8")
    run = subprocess.run([node, str(static / "run.mjs"), str(static / "castel" / "cards.json"), json.dumps(EVENTS)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return {lang: [html.unescape(re.sub(r"<[^>]+>", "", h)) for h in hs] for lang, hs in json.loads(run.stdout).items()}


def test_every_event_in_spanish(lines: dict[str, list[str]]) -> None:
    assert lines["es"] == SPANISH


def test_english_and_french_unchanged(lines: dict[str, list[str]]) -> None:
    assert lines["en"] == ENGLISH
    for i, text in FRENCH_SOME.items():
        assert lines["fr"][i] == text
    assert lines["de"] == ENGLISH  # another language reads English


def test_no_placeholder_left(lines: dict[str, list[str]]) -> None:
    for lang, ls in lines.items():
        assert len(ls) == len(EVENTS), lang
        assert not [x for x in ls if "{" in x or "}" in x or "undefined" in x], lang
