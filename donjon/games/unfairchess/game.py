"""UnfairChess behind the common game interface (:class:`donjon.games.protocol.Game`).

Actions (``docs/protocol.md``)::

    {"type": "move", "uci": "e7e8q"}
    {"type": "card", "card": "sommeil", "squares": ["g8"]}
    {"type": "card", "card": "marche_forcee", "squares": ["a7", "b7"], "promotions": ["q", "q"]}

Seats: 0 plays White, 1 plays Black. An add-to-move card is an action of its own; the same
seat then acts again with its normal move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import chess

from donjon.games.protocol import Action, BaseGame, IllegalAction, Outcome, View, matching
from donjon.games.unfairchess import notation, rules
from donjon.games.unfairchess.info import INFO
from donjon.games.unfairchess.league import LEAGUE
from donjon.games.unfairchess.state import _UCI, STATUSES, State, seat_of, sq_name

_POINTS = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
DRAW_WHEN_BEHIND = 3
"""A bot offered a draw accepts it when its material is this far below its opponent's."""


class UnfairChess(BaseGame):
    """The game object: stateless; every method takes and returns states."""

    id = "unfairchess"
    info = INFO
    league = LEAGUE

    def setup(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> State:
        if players != 2:
            raise IllegalAction("UnfairChess is played by exactly 2 players")
        return rules.new_state(seed, options)

    def to_act(self, state: State) -> list[int]:
        return [] if state.result is not None else [state.seat]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.result is not None or seat != state.seat:
            return []
        if state.ordering:
            return [{"type": "order", "order": o} for o in rules.order_actions(state)]
        out = self.legal_moves(state)
        if not state.must_move:
            for card in dict.fromkeys(state.hands[seat]):
                for tg in rules.card_actions(state, card):
                    out.append({"type": "card", "card": card, **tg})
        return out

    def legal_moves(self, state: State) -> list[Action]:
        """Only the normal moves (cheap; what a random bot samples first).

        Each ``uci`` is :func:`~donjon.games.unfairchess.state.move_uci`'s, with its table lookup inlined (this list is
        built for every served move)."""
        table = _UCI
        return [{"type": "move", "uci": m.uci() if m.promotion or m.drop or m.from_square == m.to_square
                 else table[m.from_square * 64 + m.to_square]} for m in state.moves or ()]

    def apply(self, state: State, seat: int, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction("an action is a JSON object with a 'type'")
        if state.result is not None:
            raise IllegalAction("the game is over")
        if type(seat) is not int or seat not in (0, 1):  # not True nor 1.0, which equal 1
            raise IllegalAction(f"there is no seat {seat!r} in UnfairChess (seats are 0 and 1)")
        if seat != state.seat:
            raise IllegalAction("it is not your turn")
        kind = action.get("type")
        if kind == "move":
            extra = set(action) - {"type", "uci"}
            if extra:
                raise IllegalAction(f"a move takes only 'uci'; unknown field(s): {', '.join(sorted(map(str, extra)))}")
            uci = action.get("uci")
            if not isinstance(uci, str):
                raise IllegalAction("a move needs 'uci', e.g. {\"type\": \"move\", \"uci\": \"e2e4\"}")
            try:
                move = chess.Move.from_uci(uci.strip().lower())
            except ValueError:
                raise IllegalAction(f"{uci!r} is not a move in UCI notation like 'e2e4' or 'e7e8q'") from None
            if move.drop or move == chess.Move.null():
                raise IllegalAction(f"{uci!r} is not a move in UCI notation like 'e2e4'")
            return rules.apply_move(state, move)
        if kind == "card":
            card = action.get("card")
            if not isinstance(card, str):
                raise IllegalAction("a card play needs 'card', a card id such as 'poison'")
            if state.must_move:
                raise IllegalAction("you played a card that adds to your move: now make your normal move")
            return rules.play_card(state, card, action)
        if kind == "order":
            extra = set(action) - {"type", "order"}
            if extra:
                raise IllegalAction(f"an order takes only 'order'; unknown field(s): {', '.join(sorted(map(str, extra)))}")
            return rules.put_back(state, action.get("order"))
        raise IllegalAction(f"unknown action type {kind!r}; expected 'move', 'card' or 'order'")

    def outcome(self, state: State) -> Outcome | None:
        return state.result  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> View:
        """The board and public overlay, and for a seat its own hand (with greyed flags)."""
        return self._view(state, seat, None)

    def view_and_legal(self, state: State, seat: int | None) -> tuple[View, list[Action]]:
        """``(view(state, seat), legal_actions(state, seat))`` (``[]`` for a spectator), for
        the price of the legal list alone: the hand's greyed flags are read off that list
        instead of probing every card again. Equal to calling both (tested)."""
        legal, reasons = self._legal(state, seat, False)
        return self._view(state, seat, reasons), legal

    def view_and_brief_legal(self, state: State, seat: int | None) -> tuple[View, list[Action]]:
        """Like :meth:`view_and_legal`, but each playable card is one entry
        ``{"type": "card", "card": id, "lazy": True}`` instead of all its targetings: the
        seat asks for them (:meth:`expand`) when it picks the card. Moves and order
        actions are listed in full. A card is listed iff it has a legal targeting, found by
        probing targetings until the first legal one (most of the cost of
        :meth:`legal_actions` is probing *every* targeting of every card; the server sends
        this brief list on every move, see docs/protocol.md).

            >>> g = UnfairChess()
            >>> st = g.setup(2, 7)
            >>> _, brief = g.view_and_brief_legal(st, 0)
            >>> sorted({a["card"] for a in brief if a["type"] == "card"}) == sorted(
            ...     {a["card"] for a in g.legal_actions(st, 0) if a["type"] == "card"})
            True
        """
        legal, reasons = self._legal(state, seat, True)
        return self._view(state, seat, reasons), legal

    def views(self, state: State, audiences: Sequence[tuple[int | None, str | None]]) -> list[tuple[View, list[Action]]]:
        """Each audience's view and legal list (:meth:`BaseGame.views`), the public part of
        the view (board, overlay, counts, last moves, events) built once for all of them.

            >>> g = UnfairChess()
            >>> st = g.setup(2, 7)
            >>> g.views(st, [(0, "brief"), (1, None), (None, None)]) == [
            ...     g.view_and_brief_legal(st, 0), (g.view(st, 1), []), (g.view(st, None), [])]
            True
        """
        public = self._public(state) if len(audiences) > 1 else None
        out = []
        for seat, kind in audiences:
            legal, reasons = ([], None) if kind is None else self._legal(state, seat, kind == "brief")
            out.append((self._view(state, seat, reasons, public), legal))
        return out

    def _legal(self, state: State, seat: int | None, brief: bool) -> tuple[list[Action], dict[str, str | None] | None]:
        """``seat``'s legal list (``brief``: each playable card as one lazy entry) and, for the
        seat to act, its hand's reasons (:func:`rules.hand_reasons`'s answers), read off that
        list when it names every playable card's targetings."""
        if seat is None:
            return [], None
        if brief and state.result is None and seat == state.seat and not state.ordering:
            out = self.legal_moves(state)
            reasons = rules.hand_reasons(state, state.hands[seat])
            out += [{"type": "card", "card": card, "lazy": True} for card, why in reasons.items() if why is None]
            return out, reasons
        legal = self.legal_actions(state, seat)
        if seat == state.seat and state.result is None and not state.ordering and not state.must_move:
            # legal_actions listed every legal targeting of every card in the hand, so a card
            # is playable (has a legal targeting, rules.card_playable) iff it appears there.
            playable = {a["card"] for a in legal if a["type"] == "card"}
            return legal, {c: None if c in playable else rules.card_why_not(state, c) for c in dict.fromkeys(state.hands[seat])}
        return legal, None

    def expand(self, state: State, seat: int, partial: Action) -> list[Action]:
        """The legal actions of ``seat`` that have every field of ``partial`` (in the order of
        :meth:`legal_actions`). For a card (``{"type": "card", "card": id}``, a lazy entry of
        :meth:`view_and_brief_legal`) only that card's targetings are listed; ``[]`` when the
        seat cannot play it now."""
        card = partial.get("card")
        if partial.get("type") != "card" or not isinstance(card, str):
            return super().expand(state, seat, partial)
        if (state.result is not None or seat != state.seat or state.ordering or state.must_move
                or card not in state.hands[seat]):
            return []
        return matching([{"type": "card", "card": card, **tg} for tg in rules.card_actions(state, card)], partial)

    def _public(self, state: State) -> View:
        """What every seat sees alike: the view but ``seat``, the hand and what a seat knows
        of the decks; ``events`` as the players see them."""
        b = state.board
        return {
            "game": self.id,
            "seat": None,
            "fen": state.fen(),
            "turn": state.seat,
            "turn_no": state.turn_no,
            "to_act": self.to_act(state),
            "check": state.king_attacked(b.turn),
            "card_played": state.card_played,
            "must_move": state.must_move,
            "ordering": state.ordering,
            "exception": state.suspended,
            "silenced": state.silenced,
            "can_save": state.can_save,
            "statuses": public_statuses(state),
            "walls": {sq_name(sq): e for sq, e in sorted(state.walls.items())},
            "traps": {sq_name(sq): seat_of(c) for sq, c in sorted(state.traps.items())},
            "restrictions": [r.to_json() for r in state.restrictions],
            "frozen": sorted(sq_name(s) for s in state.frozen),
            "hand_counts": [len(h) for h in state.hands],
            "deck_counts": [len(d) for d in state.decks],
            "discard": list(state.discard),
            "removed": [dict(r) for r in state.removed],
            "last_moves": [_last_json(r) for r in state.last_turn],
            "outcome": state.result.to_json() if state.result is not None else None,
            "events": list(state.events),
        }

    def _view(self, state: State, seat: int | None, reasons: dict[str, str | None] | None,
              public: View | None = None) -> View:
        """``seat``'s view; ``public``: :meth:`_public` of ``state``, shared with other views
        (copied here, not changed), or None to build it."""
        out = self._public(state) if public is None else dict(public)
        if seat is None:
            out["events"] = [_spectator_event(e) for e in state.events]
            return out
        out["seat"] = seat
        if seat in (0, 1):
            out["hand"] = _hand(state, seat, reasons)
            out["known_top"] = state.decks[seat][: state.known_top[seat]]
            out["opponent_known"] = list(state.known_by_opp[1 - seat])
        return out

    def dump(self, state: State) -> dict[str, Any]:
        """The whole state, hidden parts included (replays, tests; never sent to a client)."""
        out = self.view(state, None)
        out.pop("events")
        out["hands"] = [list(h) for h in state.hands]
        out["decks"] = [list(d) for d in state.decks]
        out["tokens"] = {"walls": out["walls"], "traps": out["traps"]}
        return out

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample what ``seat`` cannot see: the opponent's hand and both deck orders.

        Cards the seat knows (its own top cards after Foresight, cards it knows the opponent
        holds after Pickpocket) stay where they are; the multisets never change.
        """
        st = state.copy()
        st.events = list(state.events)  # copy() starts an empty list; the seat saw these (its view shows them)
        opp = 1 - seat
        own_known = st.known_top[seat]
        own_rest = sorted(st.decks[seat][own_known:])  # sorted: the result must not depend on the hidden order
        rng.shuffle(own_rest)
        st.decks[seat] = st.decks[seat][:own_known] + own_rest
        known = list(st.known_by_opp[opp])
        pool = Counter(st.hands[opp]) + Counter(st.decks[opp])
        pool.subtract(known)
        unknown = sorted(pool.elements())
        rng.shuffle(unknown)
        free = len(st.hands[opp]) - len(known)
        st.hands[opp] = known + unknown[:free]
        st.decks[opp] = unknown[free:]
        st.known_top[opp] = 0
        return st

    def history_entry(self, before: State, seat: int, action: Action, after: State) -> dict[str, Any]:
        """The public move-list line of an accepted action: ``{"ply", "san", "uci"}`` for a
        move, ``{"ply", "card", "squares"}`` for a card, ``{"ply", "order": true}`` for
        Foresight's order (:mod:`donjon.games.unfairchess.notation`)."""
        return notation.history_entry(before, seat, action, after)

    # ------------------------------------------------------------------ bot hooks (donjon.bots)

    def random_action(self, state: State, seat: int, rng: random.Random, **options: Any) -> Action:
        """A random legal action without listing every targeting (the random bot's hook,
        :func:`donjon.games.unfairchess.bots.random_play.random_action`)."""
        from donjon.games.unfairchess.bots.random_play import random_action

        return random_action(state, seat, rng, **options)

    def greedy_scores(self, state: State, seat: int, actions: list[Action], rng: random.Random,
                      **options: Any) -> list[tuple[float, Action]]:
        """The greedy bot's scores of ``actions``, an add-to-move card with its move
        (:func:`donjon.games.unfairchess.bots.greedy.greedy_scores`)."""
        from donjon.games.unfairchess.bots.greedy import greedy_scores

        return greedy_scores(self, state, seat, actions, rng, **options)

    def can_win(self, state: State, seat: int) -> bool:
        """A side with only its king left cannot win (its opponent's time running out is
        then a draw), whatever cards it holds: docs/rules/unfairchess.md, "On the site"."""
        us = chess.WHITE if seat == 0 else chess.BLACK
        return bool(state.board.occupied_co[us] & ~state.board.kings)

    def accepts_draw(self, state: State, seat: int) -> bool:
        """A bot accepts a draw when it is behind by :data:`DRAW_WHEN_BEHIND` points of
        material or more (pawn 1, knight and bishop 3, rook 5, queen 9), or when no pawn,
        rook or queen is left and each side has at most one minor piece (docs/rules/unfairchess.md,
        "On the site")."""
        b = state.board
        us = chess.WHITE if seat == 0 else chess.BLACK

        def points(colour: chess.Color) -> int:
            return sum(v * chess.popcount(b.pieces_mask(pt, colour)) for pt, v in _POINTS.items())

        if points(not us) - points(us) >= DRAW_WHEN_BEHIND:
            return True
        heavy = b.pawns | b.rooks | b.queens
        minors = b.knights | b.bishops
        return not heavy and all(chess.popcount(minors & b.occupied_co[c]) <= 1 for c in chess.COLORS)


def _hand(state: State, seat: int, reasons: dict[str, str | None] | None) -> list[dict[str, Any]]:
    """The seat's hand entries: ``{"card", "playable"}``, plus ``"why"`` (a code of
    :data:`~donjon.games.unfairchess.reasons.REASONS`) on each greyed card. ``reasons``: each
    card's reason, None for a playable one, if the caller has them
    (:func:`~donjon.games.unfairchess.rules.hand_reasons`); else they are worked out here."""
    hand = state.hands[seat]
    if state.result is not None or seat != state.seat:
        idle = "game_over" if state.result is not None else "not_your_turn"
        return [{"card": c, "playable": False, "why": idle} for c in hand]
    if reasons is None:
        reasons = rules.hand_reasons(state, hand)
    out: list[dict[str, Any]] = []
    for c in hand:
        why = reasons[c]
        out.append({"card": c, "playable": True} if why is None else {"card": c, "playable": False, "why": why})
    return out


def public_statuses(state: State) -> dict[str, list[str]]:
    out = {}
    for sq, sts in sorted(state.statuses.items()):
        shown = [s for s in STATUSES if s in sts]
        if shown:
            out[sq_name(sq)] = shown
    return out


def _last_json(rec: dict[str, Any] | None) -> dict[str, Any] | None:
    if rec is None:
        return None
    out = {"kind": rec["kind"], "card": rec.get("card")}
    for k in ("from", "to"):
        if rec.get(k) is not None:
            out[k] = sq_name(rec[k])
    if "uci" in rec:
        out["uci"] = rec["uci"]
    return out


def _spectator_event(ev: dict[str, Any]) -> dict[str, Any]:
    """An event as a spectator sees it: events are public except the identity of a stolen
    card (only the two players see it)."""
    if ev.get("type") == "steal":
        return {k: v for k, v in ev.items() if k != "card"}
    return ev


GAME = UnfairChess()
