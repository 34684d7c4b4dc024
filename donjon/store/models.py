"""The database schema (SQLAlchemy 2 declarative models).

Timestamps are epoch seconds (``float``) so SQLite and PostgreSQL behave the same and the
absence deadlines compare with plain numbers. The schema is created and upgraded by the
Alembic migrations in :mod:`donjon.store.migrations`, never by ``create_all``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    """An account; a guest is an account without a password (``is_guest``)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(32))
    username_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column(Float)
    hat: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The equipped hat (an id of :mod:`donjon.league.hats`, owned per the ledger), or None."""
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When its owner closed the account (``donjon.server.account``), or None. A closed
    account is named ``closed-<id>``, has no password nor session, and no lookup by name
    finds it; its finished games stay, under that name."""
    muted_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Until when an operator muted the player (``donjon account mute``): no chat line of
    theirs is taken before then. None, or a time past: they chat."""


class BlockRow(Base):
    """``user_id`` blocked ``blocked_id`` (``donjon.server.blocks``): neither challenges the
    other, sits at the other's table or rematches them, and ``user_id``'s game page hides
    ``blocked_id``'s chat lines."""

    __tablename__ = "blocks"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[float] = mapped_column(Float)


class FollowRow(Base):
    """``user_id`` follows ``followed_id`` (``donjon.server.follows``): the watch page shows
    ``user_id`` the games ``followed_id`` plays."""

    __tablename__ = "follows"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    followed_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[float] = mapped_column(Float)


class ReportRow(Base):
    """``reporter_id`` reported ``user_id`` to the site's operators (``donjon.server.reports``;
    read and closed with ``donjon reports``): why (``reason``), in which game if any, their
    words. Open while ``closed_at`` is None."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    reason: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), nullable=True)
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[float] = mapped_column(Float)
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    note: Mapped[str | None] = mapped_column(String(500), nullable=True)
    """The operator's words when closing it (``donjon reports close ID --note``)."""


class NoticeRow(Base):
    """A notice of the site's operators shown at the top of every page (``donjon notice``):
    its text in each language given (``{"en": ..., "fr": ...}``; English always), until
    ``until`` if set, or until ``cleared_at``. Posting a notice clears the one before."""

    __tablename__ = "notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    texts: Mapped[dict[str, str]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    until: Mapped[float | None] = mapped_column(Float, nullable=True)
    cleared_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class SessionRow(Base):
    """A login session; the cookie holds a random token, the table only its SHA-256."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class LedgerRow(Base):
    """One coin movement; a balance is the sum of a user's rows.

    ``key`` names the fact the row records (:mod:`donjon.league.ledger`: ``stake:{game}:{user}``,
    ``settle:{game}:{user}``, ``daily:{user}:{day}``, ``hat:{user}:{hat}`` ...) and is unique,
    so the same fact can never be written twice; ``ref`` names the item (hat id,
    challenge id)."""

    __tablename__ = "ledger"
    __table_args__ = (UniqueConstraint("user_id", "game_id", "reason", name="uq_ledger_user_game_reason"),
                      UniqueConstraint("key", name="uq_ledger_key"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    amount: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    key: Mapped[str | None] = mapped_column(String(96), nullable=True)
    ref: Mapped[str | None] = mapped_column(String(32), nullable=True)


class TableRow(Base):
    """A table opened in the lobby (a seek); it becomes a game when seated."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game_kind: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(16))  # friendly | ranked
    stake: Mapped[int] = mapped_column(Integer, default=0)
    color: Mapped[str] = mapped_column(String(8))  # white | black | random
    opponent: Mapped[str] = mapped_column(String(8))  # anyone | invite | bot | user (a challenge)
    bot_level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    invite_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | started | cancelled
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    seating: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Seats of the table (:mod:`donjon.server.lobby`): ``{"seats": n, "sitting": [...],
    "options": {...}}``; NULL on tables opened before it existed (two seats)."""
    addressee_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=True,
                                                     index=True)
    """A challenge's addressee: the one person who may take its open seat (NULL: any table else)."""


class GameRow(Base):
    """One match. Its state is not stored: it is rebuilt by replaying ``game_actions``."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    mode: Mapped[str] = mapped_column(String(16))
    stake: Mapped[int] = mapped_column(Integer, default=0)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16), index=True)  # active | finished | aborted | abandoned
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    plies: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    next_game: Mapped[str | None] = mapped_column(String(16), nullable=True)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """``TimeControl.to_json()`` (donjon/server/clock.py); None: untimed."""
    speed: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The speed the game is filed under (``TimeControl.speed``); None: untimed."""
    flag_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    """When the next flag falls (epoch seconds), written with each entry of a timed game that
    moves it; the timers look for the due ones, so a restart keeps them."""
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The seats to act after the last entry of a timed game (written with ``flag_at``), for
    the players' lists of games ("your turn") without loading the game."""


class GameSeatRow(Base):
    """Who sits in a seat, and that seat's absence deadlines (kept here so a restart keeps them)."""

    __tablename__ = "game_seats"
    __table_args__ = (Index("ix_game_seats_deadline", "deadline_at"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    bot_level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    away_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    claim_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline_kind: Mapped[str | None] = mapped_column(String(8), nullable=True)  # forfeit | abandon
    present_node: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The node (``NodeRow.id``) a socket of this seat is connected to, set with the clearing of
    the absence clock; NULL while the clock runs. A node whose heartbeat is older than the
    presence lease is dead: any node then starts the seat's clock (docs/server.md)."""


class NodeRow(Base):
    """A server process's heartbeat: ``seen_at`` is refreshed by its timer loop
    (:meth:`donjon.server.rooms.Hub.run_timers`); ``id`` is the node id of ``/healthz``."""

    __tablename__ = "nodes"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seen_at: Mapped[float] = mapped_column(Float)


class GameActionRow(Base):
    """The action log: one row per accepted entry; ``(game_id, seq)`` is unique, so two
    server processes can never both accept entry ``seq`` of a game."""

    __tablename__ = "game_actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_game_actions_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[float] = mapped_column(Float)


class GameChatRow(Base):
    """A line of a game's chat between its players (server/chat.py), kept with the game so a
    reload shows the conversation; ``seat`` is who wrote it."""

    __tablename__ = "game_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A player's Elo rating in one game and the ranked games behind it (league/elo.py)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_rating", "game", "rating"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(Base):
    """One rating change: one row per (game played, player); unique, so a game rates once."""

    __tablename__ = "rating_history"
    __table_args__ = (UniqueConstraint("game_id", "user_id", name="uq_rating_history_game_user"),
                      Index("ix_rating_history_user_game", "user_id", "game"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str] = mapped_column(String(16))
    rating_before: Mapped[int] = mapped_column(Integer)
    rating_after: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)


class CardPlayRow(Base):
    """How many times a player played a card (kind) in games that count: the badges."""

    __tablename__ = "card_plays"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    card: Mapped[str] = mapped_column(String(48), primary_key=True)
    plays: Mapped[int] = mapped_column(Integer)


class LeagueEventsRow(Base):
    """A player's league events of one counted game (league/events.py), filed under the UTC
    day the game ended: daily challenge progress is computed from the rows of the day."""

    __tablename__ = "league_events"
    __table_args__ = (Index("ix_league_events_user_day", "user_id", "day"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[str] = mapped_column(String(10))
    events: Mapped[list[Any]] = mapped_column(JSON, default=list)


class TutorialProgressRow(Base):
    """How far a player (a guest too) got in one game's tutorial (server/tutorials.py):
    ``done`` lessons completed, ``finished_at`` once the last one was."""

    __tablename__ = "tutorial_progress"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    done: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class PuzzleRatingRow(Base):
    """A Glicko-2 puzzle rating (league/glicko.py) in one game: a player's
    (``subject`` = ``u:<user id>``) or a puzzle's own (``p:<puzzle id>``)."""

    __tablename__ = "puzzle_ratings"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    subject: Mapped[str] = mapped_column(String(48), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class PuzzleAttemptRow(Base):
    """A player's attempt at one puzzle: one row per (player, game, puzzle), so a puzzle is
    rated once per player. ``progress``: how many of the solver's actions are played now (the
    position the page resumes at); ``result``: ``solved`` or ``failed`` once rated, None
    before; ``tries``: how many times the player started it."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (UniqueConstraint("user_id", "game", "puzzle_id", name="uq_puzzle_attempts_user_puzzle"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    puzzle_id: Mapped[str] = mapped_column(String(32))
    progress: Mapped[int] = mapped_column(Integer)
    tries: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(String(8), nullable=True)
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
