"""What the platform knows of a game besides its rules: :class:`GameInfo`.

Every game package declares one ``INFO`` (and its game object carries it as ``GAME.info``).
The lobby form and its validation, the home page, the CLI, the bots and the league read a
game's names, seats, table options, bot levels and rating rules from here, so none of them
names a game::

    >>> from donjon.games import get_game
    >>> info = get_game("castel").info
    >>> info.min_seats, info.max_seats, info.default_seats
    (2, 4, 2)
    >>> info.name("fr")
    'Castel'
    >>> info.validate_options({})
    {}
    >>> get_game("citadel").info.validate_options({"difficulty": "hard"})
    {'difficulty': 'hard'}

Names are given in English, French and Spanish (``en``, ``fr``, ``es``); a missing
language falls back to English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.bots.base import Bot
    from donjon.games.record import Exporter

LANGS = ("en", "fr", "es")
"""The languages a :data:`Names` mapping gives."""

Names = Mapping[str, str]
"""A text per language: ``{"en": "White", "fr": "Blancs", "es": "Blancas"}``."""


def pick(names: Names, lang: str) -> str:
    """``names`` in ``lang``, else in English."""
    return names.get(lang) or names["en"]


def imported(module: str, name: str) -> Callable[[], Any]:
    """A function returning ``name`` of ``module``, which it imports when first called: a
    game's ``catalogue`` (``imported("donjon.games.castel.catalogue", "CARDS")``) that keeps
    the registry cheap to load."""

    def load() -> Any:
        return getattr(import_module(module), name)

    return load


class OptionError(ValueError):
    """A table option with a wrong name or value; the message is meant for a person."""


@dataclass(frozen=True)
class Choice:
    """A table option chosen among fixed values, e.g. Citadel's difficulty.

    ``labels`` names each value per language; ``title`` names the option itself.
    """

    name: str
    values: tuple[str, ...]
    default: str
    title: Names
    labels: Mapping[str, Names] = field(default_factory=dict)
    help: Names = field(default_factory=dict)

    def validate(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.values:
            raise OptionError(f"{self.name} is {_one_of(self.values)}")
        return value

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": "choice",
            "title": pick(self.title, lang),
            "default": self.default,
            "values": [{"value": v, "label": pick(self.labels.get(v, {"en": v}), lang)} for v in self.values],
            "help": pick(self.help, lang) if self.help else None,
        }


def _one_of(values: tuple[str, ...]) -> str:
    quoted = [repr(v) for v in values]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@dataclass(frozen=True)
class GameInfo:
    """A game as the platform sees it.

    * ``id``: the registry key and the URL slug (``/games/<id>/rules``).
    * ``names``: the game's name per language; ``summary`` one line about it.
    * ``min_seats`` / ``max_seats`` / ``default_seats``: the table sizes the lobby offers.
    * ``seat_names``: a name per seat (UnfairChess: White, Black); empty for games whose
      seats are just players 1 to n. ``seat_colours``: a CSS colour word per seat, used as
      the seat's class on the player bars (``white``, ``black``); empty: ``seat-<n>``.
    * ``cooperative``: the players win or lose together. Such a game is never ranked and
      has no stake; it has no Elo.
    * ``options``: the table options a player chooses when opening a table.
    * ``bot_levels`` and ``make_bot(level)``: the game's own bots, weakest first;
      ``default_bot_level`` is the level of a table's bots when none is chosen (``None``:
      the middle one of ``bot_levels``, see :meth:`bot_level`). ``make_bot`` imports
      them when first called, so the registry stays cheap to load.
    * ``rated``: a finished ranked game updates the players' Elo (two players: one
      result; three or four: one result per pair of players, by final rank).
    * ``order``: where the game comes in lists (the lobby's game menu), lowest first.
    * ``catalogue()``: the game's cards, id to entry (each entry has ``to_json()`` and
      ``name_en``; ``donjon cards`` lists them); ``None`` for a game without cards. Like
      ``make_bot`` it imports what it needs when called.
    * ``tui``: the module of the game's terminal UI (``"donjon.games.castel.tui"``), imported
      only by the ``donjon`` command line; it defines ``TERMINAL``, a
      :class:`donjon.cli.terminal.Terminal`. ``None``: the command line's generic one.

    The web side (see :meth:`web_json`); every path is relative to the game's package
    (``package``, default ``donjon.games.<id>``) or to its ``web`` folder:

    * ``web``: the folder of the game's static files, served at ``/static/<id>/``. Its ES
      modules import each other by relative path. ``None``: the game has no web files.
    * ``templates``: the folder of the game's Jinja templates, which extend the site's
      ``base.html`` and are found as ``<id>/<name>.html``.
    * ``ui_module``: the board module the game and replay pages import, in ``web``. It
      exports ``createGameUI(root, opts)`` (``opts``: ``seat``, ``lang``, ``send(action)``
      returning a promise, ``targets(card)``, ``mode`` "play" / "watch" / "replay",
      ``players`` by seat ``{name, hat}``, optionally ``speed: 0``) returning an object with
      ``update({view, legal, version, players})``. ``None``: the shell's fallback board.
    * ``stylesheets``: CSS files in ``web`` linked by the pages that draw the game's boards
      or cards (game, replay, profile).
    * ``docs_pages``: the game's pages at ``/games/<id>/<page>``, each the template
      ``<page>.html`` in ``templates``: ``"rules"`` (listed in the Rules menu) and
      ``"cards"`` (the card catalogue, listed in the Cards menu).
    * ``badge_module``: a module in ``web`` exporting ``async badgeArt(badge, {lang})``, the
      art of a league badge won with one of the game's cards (``badge``: ``{card, name}``,
      the card's id and its names by language): an HTML string, or ``null`` for the plain
      tile the profile draws otherwise.
    * ``exports``: the formats a finished game may be downloaded in (UnfairChess:
      ``("pgn",)``), each at ``/api/games/{id}/export/<format>`` (``pgn`` also at
      ``/api/games/{id}/pgn``). ``make_exporter(format)`` gives the format's
      :data:`~donjon.games.record.Exporter`, which turns a
      :class:`~donjon.games.record.GameRecord` into the file; like ``make_bot`` it imports
      what it needs when called (see :meth:`exporter`).
    * ``time_controls``: the live clocks a table offers, the first the default of a table of
      people, each ``{"initial": seconds, "increment": seconds}`` and optionally
      ``"maximum"`` (the most a reserve holds): a Fischer clock for a game of short turns,
      a reserve plus time per turn, capped, for a game of long ones (Board Game Arena's).
      Every game also offers correspondence (1, 3 or 7 days per turn) and custom values;
      the server checks them (``donjon.server.clock``, docs/protocol.md).
    * ``public_action(action)``: what a spectator and a replay may know of a played action,
      for a game whose actions carry something private (UnfairChess's Foresight order names
      the top of its author's deck). ``None``: every action is public as it was sent.
    * ``tutorial``: the game's tutorial, a JSON file in the package (``"tutorial.json"``):
      lessons played on the game's own setups, served at ``/learn/<id>`` (the format is in
      docs/protocol.md, "Tutorials"). ``None``: the game has no tutorial.
    * ``puzzles()``: the game's :class:`~donjon.games.puzzles.PuzzleSource` (its shipped
      puzzles, their generator and check), imported when called; ``None``: no puzzles. The
      puzzle pages, API and ``donjon puzzles`` read it.
    """

    id: str
    names: Names
    min_seats: int
    max_seats: int
    default_seats: int
    cooperative: bool = False
    summary: Names = field(default_factory=dict)
    seat_names: tuple[Names, ...] = ()
    seat_colours: tuple[str, ...] = ()
    options: tuple[Choice, ...] = ()
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    make_bot: Callable[[str], Bot] | None = None
    default_bot_level: str | None = None
    rated: bool = True
    order: int = 100
    catalogue: Callable[[], Mapping[str, Any]] | None = None
    tui: str | None = None
    package: str | None = None
    web: str | None = None
    templates: str | None = None
    ui_module: str | None = None
    stylesheets: tuple[str, ...] = ()
    docs_pages: tuple[str, ...] = ()
    badge_module: str | None = None
    exports: tuple[str, ...] = ()
    make_exporter: Callable[[str], Exporter] | None = None
    public_action: Callable[[Any], Any] | None = None
    tutorial: str | None = None
    puzzles: Callable[[], Any] | None = None
    time_controls: tuple[dict[str, int], ...] = (
        {"initial": 300, "increment": 20, "maximum": 600},
        {"initial": 600, "increment": 30, "maximum": 1200},
        {"initial": 120, "increment": 10, "maximum": 240},
    )

    def __post_init__(self) -> None:
        if not 1 <= self.min_seats <= self.default_seats <= self.max_seats:
            raise ValueError(f"{self.id}: seats need 1 <= min <= default <= max")
        if "en" not in self.names:
            raise ValueError(f"{self.id}: names need an English name")
        if self.cooperative and self.rated:
            raise ValueError(f"{self.id}: a cooperative game is not rated")
        for names in (self.seat_names, self.seat_colours):
            if names and len(names) != self.max_seats:
                raise ValueError(f"{self.id}: seat names and colours give one entry per seat")
        if self.web is None and (self.ui_module or self.stylesheets or self.badge_module):
            raise ValueError(f"{self.id}: ui_module, stylesheets and badge_module are files in web")
        if self.default_bot_level is not None and self.default_bot_level not in self.bot_levels:
            raise ValueError(f"{self.id}: default_bot_level is one of bot_levels")
        if self.exports and self.make_exporter is None:
            raise ValueError(f"{self.id}: exports need make_exporter")
        if self.templates is None and self.docs_pages:
            raise ValueError(f"{self.id}: docs_pages are templates")

    @property
    def competitive(self) -> bool:
        """The game may be played ranked and for coins."""
        return not self.cooperative

    def name(self, lang: str = "en") -> str:
        return pick(self.names, lang)

    def seat_name(self, seat: int, lang: str = "en") -> str | None:
        return pick(self.seat_names[seat], lang) if self.seat_names else None

    def seat_colour(self, seat: int) -> str:
        return self.seat_colours[seat] if self.seat_colours else f"seat-{seat}"

    def option(self, name: str) -> Choice | None:
        return next((o for o in self.options if o.name == name), None)

    def validate_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The table options with defaults filled in; :class:`OptionError` for an unknown
        option or a wrong value."""
        unknown = set(given) - {o.name for o in self.options}
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            offered = ", ".join(o.name for o in self.options) or "none"
            raise OptionError(f"{self.name()} has no option {names} (its options: {offered})")
        return {o.name: o.validate(given[o.name]) if given.get(o.name) is not None else o.default
                for o in self.options}

    def bot(self, level: str) -> Bot:
        """A new bot of this game at ``level``; ``KeyError`` for a level it has not."""
        if level not in self.bot_levels or self.make_bot is None:
            raise KeyError(f"{self.id} has no bot level {level!r}; levels: {', '.join(self.bot_levels) or 'none'}")
        return self.make_bot(level)

    def bot_level(self, level: str | None = None) -> str:
        """``level``, or the default level of the game's bots; ``KeyError`` for a level it has not."""
        if level is None and self.bot_levels:
            return self.default_bot_level or self.bot_levels[len(self.bot_levels) // 2]
        if level not in self.bot_levels:
            raise KeyError(f"{self.id} has no bot level {level!r}; levels: {', '.join(self.bot_levels) or 'none'}")
        return level

    def exporter(self, name: str) -> Exporter:
        """The exporter of the format ``name``; ``KeyError`` for a format the game does not declare."""
        if name not in self.exports or self.make_exporter is None:
            raise KeyError(f"{self.id} has no export {name!r}; exports: {', '.join(self.exports) or 'none'}")
        return self.make_exporter(name)

    def _folder(self, rel: str | None) -> Path | None:
        if rel is None:
            return None
        return Path(str(resources.files(self.package or f"donjon.games.{self.id}"))) / rel

    def web_dir(self) -> Path | None:
        """The folder served at ``/static/<id>/``, or ``None``."""
        return self._folder(self.web)

    def templates_dir(self) -> Path | None:
        """The folder of the game's templates, or ``None``."""
        return self._folder(self.templates)

    def tutorial_path(self) -> Path | None:
        """The game's tutorial file, or ``None``."""
        return self._folder(self.tutorial)

    def static_url(self, rel: str) -> str:
        """The address of ``rel``, a file in the game's ``web`` folder."""
        return f"/static/{self.id}/{rel}"

    def web_json(self) -> dict[str, Any]:
        """The addresses of the game's web parts, as the web shell reads them."""
        url = self.static_url
        return {
            "ui": url(self.ui_module) if self.ui_module else None,
            "stylesheets": [url(s) for s in self.stylesheets],
            "badge": url(self.badge_module) if self.badge_module else None,
            "pages": {p: f"/games/{self.id}/{p}" for p in self.docs_pages},
            "exports": {f: f"/api/games/{{id}}/export/{f}" for f in self.exports},
        }

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """What the web shell and the API's ``GET /api/games`` give of the game."""
        return {
            "id": self.id,
            "name": self.name(lang),
            "summary": pick(self.summary, lang) if self.summary else None,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "default_seats": self.default_seats,
            "cooperative": self.cooperative,
            "rated": self.rated,
            "seats": [{"name": self.seat_name(s, lang), "colour": self.seat_colour(s)}
                      for s in range(self.max_seats)],
            "options": [o.to_json(lang) for o in self.options],
            "bot_levels": list(self.bot_levels),
            "bot_level": self.bot_level() if self.bot_levels else None,  # the default level
            "time_controls": [dict(tc) for tc in self.time_controls],
            "tutorial": self.tutorial is not None,
            "puzzles": self.puzzles is not None,
            "web": self.web_json(),
        }
