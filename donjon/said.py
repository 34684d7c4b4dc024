"""A sentence for a person, kept as a key and its values until the reader's language is known.

The server refuses a request deep inside the code that checks it, where nobody knows who
reads the answer; the edge that answers (the HTTP error handler, the socket's refusal) knows
the reader's language. So a refusal raises a :class:`Said`, and the edge renders it with
:func:`in_lang`::

    >>> say = Sayer({"no_player": {"en": "there is no player {name!r}",
    ...                            "fr": "il n'y a pas de joueur {name!r}",
    ...                            "es": "no hay ningún jugador {name!r}"}})
    >>> said = say("no_player", name="ada")
    >>> str(said), said.text("es")
    ("there is no player 'ada'", "no hay ningún jugador 'ada'")
    >>> in_lang("already a plain sentence", "fr")
    'already a plain sentence'

``str(said)`` is the English sentence, so logs, the command line and code that expects a
string read it as before. A value that is itself a :class:`Said`, or a mapping of languages
(a game's :data:`~donjon.games.info.Names`), is put in the same language; other values are
formatted as they are (``{stake}``, ``{name!r}``). A language a table lacks falls back to
English; ``tests/test_translations.py`` checks every table has every language with the same
placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from donjon.games.info import LANGS, pick

Texts = Mapping[str, Mapping[str, str]]
"""Key → ``{"en", "fr", "es"}`` templates in :meth:`str.format` syntax."""


class Said:
    """One sentence of a :class:`Sayer`'s table with its values: ``text(lang)`` renders it."""

    __slots__ = ("key", "texts", "values")

    def __init__(self, texts: Texts, key: str, values: Mapping[str, Any]) -> None:
        self.texts = texts
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (English if the table lacks it)."""
        values = {k: _value(v, lang) for k, v in self.values.items()}
        return pick(self.texts[self.key], lang).format(**values)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {dict(self.values)!r})"


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Said):
        return value.text(lang)
    if isinstance(value, Mapping) and "en" in value:
        return pick(value, lang)
    return value


class Sayer:
    """The sentences of one part of the site: ``say(key, **values)`` is a :class:`Said`.

    An unknown key is a ``KeyError`` at once, not when the sentence is shown.
    """

    def __init__(self, texts: Texts) -> None:
        self.texts = texts

    def __call__(self, key: str, **values: Any) -> Said:
        if key not in self.texts:
            raise KeyError(f"no sentence {key!r}")
        return Said(self.texts, key, values)


Reason = str | Said
"""What a refusal carries: a sentence not meant for translation (a developer's mistake in a
message, a rule's own reason), or a :class:`Said`."""


def in_lang(reason: Reason, lang: str) -> str:
    """``reason`` as a reader of ``lang`` reads it."""
    return reason.text(lang if lang in LANGS else "en") if isinstance(reason, Said) else reason
