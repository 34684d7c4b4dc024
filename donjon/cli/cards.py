"""``donjon cards GAME [CARD ...] [--json]``: a game's card catalogue (``GameInfo.catalogue``).

Without a card name it prints a table, one row per card, with the columns the catalogue's
entries have (:data:`TABLE_COLUMNS`, then the rule); with names, each card's full text.
``--lang fr`` or ``--lang es`` prints the names and texts the catalogue has in that language
(``name_<lang>``, ``text_<lang>``), English where it has none; ``--json`` prints every language.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from typing import Any

from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers, find_game
from donjon.games import games


def add(sub: Subparsers) -> None:
    p = sub.add_parser("cards", help="list a game's cards", description="The card catalogue of a game.")
    with_cards = [g.id for g in games() if g.info.catalogue is not None]
    p.add_argument("game", help=f"game id: {', '.join(with_cards) or 'no game has cards'}")
    p.add_argument("card", nargs="*", help="show the full text of these cards (id, or English, French or Spanish name)")
    p.add_argument("--json", action="store_true", help="print the catalogue as JSON")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the names and texts (default: en)")
    p.set_defaults(run=run_cards)


def find_card(cards: Mapping[str, Any], name: str) -> str | None:
    """The id of the card ``name`` names: its id, or its English, French or Spanish name,
    case, spaces and punctuation aside; None if no card has it."""
    key = name.strip().lower()
    if key in cards:
        return key
    squashed = re.sub(r"[^a-z0-9]", "", key)
    for cid, info in cards.items():
        names = (getattr(info, "name_en", ""), getattr(info, "name_fr", ""), getattr(info, "name_es", ""), cid)
        if any(re.sub(r"[^a-z0-9]", "", n.lower()) == squashed for n in names):
            return cid
    return None


LANGS = ("en", "fr", "es")

TABLE_COLUMNS = ("number", "numbers", "id", "name_en", "group", "zone_en", "rarity", "cost", "copies")
"""Catalogue fields shown as table columns when a game's cards have them (then the rule)."""
LAST_COLUMNS = ("playable_when", "requirement_en", "targeting")


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value[:3])) + (",…" if len(value) > 3 else "")
    return str(value)


def _in(row: Mapping[str, Any], field: str, lang: str) -> str:
    """``row[field_<lang>]``, else ``row[field_en]``, else ""."""
    return str(row.get(f"{field}_{lang}") or row.get(f"{field}_en") or "")


def _label(key: str) -> str:
    return key.removesuffix("_en").replace("_", " ")


def run_cards(args: argparse.Namespace, console: Console) -> int:
    game = find_game(console, args.game)
    if game is None:
        return 2
    cards = game.info.catalogue() if game.info.catalogue is not None else None
    if cards is None:
        console.error(f"{args.game} has no cards")
        return 2
    chosen = list(cards)
    if args.card:
        chosen = []
        for name in args.card:
            cid = find_card(cards, name)
            if cid is None:
                console.error(f"no card {name!r} in {args.game}")
                return 2
            chosen.append(cid)
    rows_json = [cards[c].to_json() for c in chosen]
    if args.json:
        console.json(rows_json)
        return 0
    lang = getattr(args, "lang", "en")
    if args.card:
        for row in rows_json:
            number = row.get("number", row.get("numbers"))
            head = f"#{_cell(number)} " if number is not None else ""
            name = _in(row, "name", lang) or row["id"]
            other = row.get("name_fr" if lang == "en" else "name_en") or row["id"]
            console.print(f"{head}{name} ({other}, {row['id']}) — "
                          + ", ".join(f"{_label(k)} {_cell(row[k])}" for k in ("rarity", "cost", "group", "zone_en", "copies") if k in row))
            facts = [f"{_label(k).capitalize()}: {_cell(row[k]).rstrip('.')}" for k in ("targeting", *LAST_COLUMNS[:2]) if k in row]
            if facts:
                console.print("  " + ". ".join(facts) + ".")
            console.print(f"  {_in(row, 'text', lang)}")
        return 0
    first = rows_json[0] if rows_json else {}
    columns = [k for k in TABLE_COLUMNS if k in first]
    last = next((k for k in LAST_COLUMNS if k in first), None)
    header = [{"number": "#", "numbers": "#", "name_en": "name", "group": "grp", "zone_en": "zone"}.get(k, k) for k in columns]
    rows = [header] + [[_cell(_in(r, "name", lang) if k == "name_en" else r.get(k, "")) for k in columns] for r in rows_json]
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    tails = [_label(last) if last else ""] + [_cell(r.get(last, "")) if last else "" for r in rows_json]
    for r, tail in zip(rows, tails, strict=True):
        console.print(("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) + "  " + tail).rstrip())
    copies = sum(int(r.get("copies", 1)) for r in rows_json)
    console.print(f"{len(chosen)} cards, {copies} copies per deck")
    return 0
