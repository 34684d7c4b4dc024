"""Castel's game flow: the deal, the two actions of a turn, effects, the end (spec §4).

Actions (JSON; see ``docs/protocol-castel.md``)::

    {"type": "draw"}                                   take the top card of your pile
    {"type": "exchange", "give": "page", "take": "dragon"}
    {"type": "place", "card": "roi", "square": [2, 2]}  courtyard, rampart, tower
    {"type": "place", "card": "dragon", "square": "outside"}
    {"type": "place", "card": "engin_2", "slot": "N"}   a siege engine faces a rampart
    {"type": "place", "card": "chevalier_1", "on": "roi"}
    {"type": "effect", "targets": ["pretre", [1, 3]]}   the choice a placed card asks for
    {"type": "skip"}                                    decline the Seneschal's extra card

A turn is two actions (draw, exchange, place, in any combination). A card drawn this turn
cannot be exchanged or placed this turn. When a placed card's effect asks for a choice the
same player answers with ``effect`` (not an action of its own); the Seneschal's extra
placement is a ``place`` (free) or a ``skip``. A player who cannot make a second action
ends the turn after the first (or at once when none is possible).

The game ends when, after a placed card's effect has resolved, a player holds no card in
hand nor pile (they win); or on a deadlock: every pile is empty and two full rounds pass
without a card placed (the fewest cards in hand wins, ties share). A server cap of
``max_rounds`` rounds (default 200) ends a game the same way.
"""

from __future__ import annotations

from typing import Any

from donjon.games.castel import effects
from donjon.games.castel.board import parse_square
from donjon.games.castel.catalogue import DEAL, DECK, KIND, deck_for, sort_cards
from donjon.games.castel.effects import Where, label, where_json
from donjon.games.castel.state import State
from donjon.games.protocol import Action, IllegalAction, Outcome

DEFAULT_MAX_ROUNDS = 200
FIELDS = {
    "draw": frozenset({"type"}),
    "exchange": frozenset({"type", "give", "take"}),
    "place": frozenset({"type", "card", "square", "slot", "on"}),
    "effect": frozenset({"type", "targets"}),
    "skip": frozenset({"type"}),
}

# ====================================================================== setup


def new_state(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """Shuffle and deal for ``players`` (2–4) from ``seed``.

    Options: ``first`` (the seat that starts; default drawn at random), ``max_rounds``
    (default 200) and, for tests and puzzles, ``position`` (see :func:`_position`).
    """
    if type(players) is not int or not 2 <= players <= 4:
        raise IllegalAction("Castel is played by 2, 3 or 4 players")
    if type(seed) is not int:
        raise IllegalAction("the seed is an integer")
    opts = dict(options or {})
    unknown = set(opts) - {"first", "max_rounds", "position"}
    if unknown:
        raise IllegalAction(f"unknown Castel option(s): {', '.join(sorted(map(str, unknown)))}")
    st = State.empty(players, seed)
    rounds = opts.get("max_rounds", DEFAULT_MAX_ROUNDS)
    if type(rounds) is not int or rounds < 1:
        raise IllegalAction("max_rounds is a positive integer")
    st.max_rounds = rounds
    if "position" in opts:
        _position(st, opts["position"])
    else:
        deck = list(deck_for(players))
        st.box = sort_cards(set(DECK) - set(deck))
        st.shuffle(deck)
        hand, pile, _ = DEAL[players]
        for s in range(players):
            st.hands[s] = deck[:hand]
            del deck[:hand]
        for s in range(players):
            st.piles[s] = deck[:pile]
            del deck[:pile]
        st.exchange = sort_cards(deck)
    first = opts.get("first")
    if first is None:
        first = st.rng_draw() % players
    elif type(first) is not int or not 0 <= first < players:
        raise IllegalAction(f"first is a seat number 0..{players - 1}")
    st.turn = first
    st.event("turn", seat=first)
    if st.herald_in_play():
        _sync_knowledge(st)
    if not has_main_action(st, st.turn):
        end_turn(st)
    return st


def _position(st: State, pos: Any) -> None:
    """Lay out a position (tests, puzzles). ``pos`` may hold:

    ``hands``/``piles``: ``{"0": [card ids]}`` (piles top first); ``castle``:
    ``{"r,c": [entry, ...]}`` a stack bottom first; ``slots``: ``{"N": [entry, ...]}``;
    ``outside``: ``[[entry, ...], ...]``; ``exchange``, ``removed``, ``box``: card id lists.
    An entry is a card id (no token) or ``[card id, seat]``. Cards not named go to the
    exchange (or to the box with ``"rest": "box"``).
    """
    if not isinstance(pos, dict):
        raise IllegalAction("position is an object")
    unknown = set(pos) - {"hands", "piles", "castle", "slots", "outside", "exchange", "removed", "box", "rest"}
    if unknown:
        raise IllegalAction(f"unknown position field(s): {', '.join(sorted(map(str, unknown)))}")
    allowed = set(deck_for(st.players))
    seen: set[str] = set()

    def take(card: Any) -> str:
        if not isinstance(card, str) or card not in KIND:
            raise IllegalAction(f"{card!r} is not a Castel card id")
        if card not in allowed:
            raise IllegalAction(f"{card} is not used with {st.players} players")
        if card in seen:
            raise IllegalAction(f"{card} is placed twice")
        seen.add(card)
        return card

    def entry(e: Any) -> tuple[str, int | None]:
        if isinstance(e, list) and len(e) == 2:
            card, seat = e
            if seat is not None and (type(seat) is not int or not 0 <= seat < st.players):
                raise IllegalAction(f"bad token seat {seat!r}")
            return take(card), seat
        return take(e), None

    def seats(field: str) -> dict[int, list[str]]:
        raw = pos.get(field, {})
        if not isinstance(raw, dict):
            raise IllegalAction(f"{field} maps seats to card lists")
        out = {}
        for k, cards in raw.items():
            try:
                s = int(k)
            except (TypeError, ValueError):
                raise IllegalAction(f"bad seat {k!r} in {field}") from None
            if not 0 <= s < st.players or not isinstance(cards, list):
                raise IllegalAction(f"bad seat {k!r} in {field}")
            out[s] = [take(c) for c in cards]
        return out

    for s, cards in seats("hands").items():
        st.hands[s] = cards
    for s, cards in seats("piles").items():
        st.piles[s] = cards
    for key, stack in dict(pos.get("castle", {})).items():
        try:
            r, c = (int(x) for x in str(key).split(","))
        except ValueError:
            raise IllegalAction(f"bad square {key!r}: write \"r,c\"") from None
        sq = parse_square([r, c])
        if sq is None or not isinstance(stack, list) or not stack:
            raise IllegalAction(f"bad castle square {key!r}")
        for e in stack:
            card, seat = entry(e)
            st.put(card, ("sq", sq), seat)
    for side, stack in dict(pos.get("slots", {})).items():
        if side not in ("N", "E", "S", "W") or not isinstance(stack, list) or not stack:
            raise IllegalAction(f"bad slot {side!r}")
        for e in stack:
            card, seat = entry(e)
            st.put(card, ("slot", side), seat)
    for stack in list(pos.get("outside", [])):
        if not isinstance(stack, list) or not stack:
            raise IllegalAction("outside holds non-empty stacks")
        base = None
        for e in stack:
            card, seat = entry(e)
            base = base or card
            st.put(card, ("out", base), seat)
    lists = {}
    for field in ("removed", "box", "exchange"):
        raw = pos.get(field, [])
        if not isinstance(raw, list):
            raise IllegalAction(f"{field} is a list of card ids")
        lists[field] = [take(c) for c in raw]
    st.removed = lists["removed"]
    st.box = sort_cards(lists["box"])
    st.exchange = sort_cards(lists["exchange"])
    rest = sort_cards(set(deck_for(st.players)) - seen)
    if pos.get("rest", "exchange") == "box":
        st.box = sort_cards(st.box + rest)
    else:
        st.exchange = sort_cards(st.exchange + rest)
    st.box = sort_cards(set(st.box) | (set(DECK) - set(deck_for(st.players))))


# ====================================================================== queries


def has_main_action(st: State, seat: int) -> bool:
    """Can ``seat`` draw, exchange or place now?"""
    if st.piles[seat]:
        return True
    usable = st.hand_kinds(seat)
    if usable and st.exchange:
        return True
    return any(effects.can_place(st, c) for c in usable.values())


def place_actions(st: State, seat: int) -> list[Action]:
    out: list[Action] = []
    for card in st.hand_kinds(seat).values():
        for where in effects.place_options(st, card):
            out.append({"type": "place", "card": card, **where_json(where)})
    return out


def legal_actions(st: State, seat: int) -> list[Action]:
    """Every action ``seat`` may send now. Equivalent cards (two Soldiers) are listed once,
    by the first of them in catalogue order; :func:`apply` accepts any of them."""
    if st.result is not None or seat != st.turn:
        return []
    p = st.pending
    if p is not None:
        if p.effect == "senechal":
            return [*place_actions(st, seat), {"type": "skip"}]
        return [{"type": "effect", "targets": [effects.target_json(t) for t in opt]} for opt in effects.options(st, p)]
    out: list[Action] = []
    if st.piles[seat]:
        out.append({"type": "draw"})
    usable = st.hand_kinds(seat)
    takes = list(st.exchange_kinds().values())
    for give in usable.values():
        for take in takes:
            out.append({"type": "exchange", "give": give, "take": take})
    out.extend(place_actions(st, seat))
    return out


# ====================================================================== apply


def apply(st: State, seat: Any, action: Any) -> State:
    """The state after ``seat`` plays ``action``; raises :class:`IllegalAction` (``st`` unchanged)."""
    if not isinstance(action, dict):
        raise IllegalAction("an action is a JSON object with a 'type', e.g. {\"type\": \"draw\"}")
    if st.result is not None:
        raise IllegalAction("the game is over")
    if type(seat) is not int or not 0 <= seat < st.players:
        raise IllegalAction(f"there is no seat {seat!r} in this game (seats are 0..{st.players - 1})")
    if seat != st.turn:
        raise IllegalAction("it is not your turn")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise IllegalAction(f"unknown action type {kind!r}; expected one of: draw, exchange, place, effect, skip")
    extra = set(action) - FIELDS[kind]
    if extra:
        raise IllegalAction(f"a {kind} action takes only {', '.join(sorted(FIELDS[kind] - {'type'})) or 'its type'}; "
                            f"unknown field(s): {', '.join(sorted(map(str, extra)))}")
    p = st.pending
    if p is not None:
        if p.effect == "senechal":
            if kind == "skip":
                new = st.copy()
                new.pending = None
                new.event("skip", card=p.card)
                _placement_done(new)
                return _finish_apply(new)
            if kind == "place":
                return _place(st, seat, action, bonus=True)
            raise IllegalAction("the Seneschal lets you place one more card from your hand for free: "
                                "send a place action, or skip")
        if kind != "effect":
            what = effects.ROLES[p.effect][0].what
            raise IllegalAction(f"first finish {label(p.card)}'s effect: choose {what} (an effect action)")
        targets = action.get("targets")
        if not isinstance(targets, list):
            raise IllegalAction("an effect action needs 'targets', a list such as [\"pretre\"] or [\"soldat_3\", [0, 2]]")
        new = st.copy()
        effects.resolve(new, targets)
        if new.pending is None:
            _placement_done(new)
        return _finish_apply(new)
    if kind == "effect":
        raise IllegalAction("no effect is waiting for a choice")
    if kind == "skip":
        raise IllegalAction("there is nothing to skip")
    if kind == "draw":
        if not st.piles[seat]:
            raise IllegalAction("your pile is empty")
        new = st.copy()
        card = new.piles[seat].pop(0)
        new.hand_add(seat, card, seen_by=())
        new.drawn.add(card)
        new.actions_left -= 1
        new.event("draw", see=(seat,), seat=seat, card=card)
        return _finish_apply(new)
    if kind == "exchange":
        give, take = action.get("give"), action.get("take")
        _check_hand_card(st, seat, give, "give", "exchanged")
        assert isinstance(give, str)
        if not isinstance(take, str):
            raise IllegalAction("an exchange needs 'take', the id of a card of the exchange")
        if take not in st.exchange:
            raise IllegalAction(f"{take!r} is not in the exchange")
        new = st.copy()
        new.hand_remove(seat, give)
        new.exchange.remove(take)
        new.to_exchange(give)
        new.hand_add(seat, take)
        new.actions_left -= 1
        new.event("exchange", seat=seat, give=give, take=take)
        return _finish_apply(new)
    return _place(st, seat, action, bonus=False)


def _check_hand_card(st: State, seat: int, card: Any, field: str, verb: str) -> None:
    if not isinstance(card, str):
        raise IllegalAction(f"'{field}' must be the id of a card of your hand")
    if card not in st.hands[seat]:
        raise IllegalAction(f"{card!r} is not in your hand")
    if card in st.drawn:
        raise IllegalAction(f"you drew {label(card)} this turn: it cannot be {verb} before your next turn")


def _parse_where(st: State, card: str, action: Action) -> Where:
    given = [k for k in ("square", "slot", "on") if k in action]
    if len(given) != 1:
        raise IllegalAction("a place action names exactly one of 'square' ([r, c] or \"outside\"), "
                            "'slot' (a siege engine: \"N\", \"E\", \"S\", \"W\") or 'on' (a Knight: a card id)")
    field = given[0]
    value = action[field]
    if field == "square":
        if value == "outside":
            return ("out", None)
        sq = parse_square(value)
        if sq is None:
            raise IllegalAction(f"{value!r} is not a square: send [row, column] with both in 0..5, or \"outside\"")
        return ("sq", sq)
    if field == "slot":
        if value not in ("N", "E", "S", "W"):
            raise IllegalAction(f"{value!r} is not a slot: the siege-engine slots are \"N\", \"E\", \"S\" and \"W\"")
        return ("slot", value)
    if not isinstance(value, str):
        raise IllegalAction("'on' is the id of the card in play the Knight goes on")
    return ("on", value)


def _place(st: State, seat: int, action: Action, bonus: bool) -> State:
    card = action.get("card")
    _check_hand_card(st, seat, card, "card", "placed")
    assert isinstance(card, str)
    where = _parse_where(st, card, action)
    reason = effects.why_not_placed(st, card, where)
    if reason is not None:
        raise IllegalAction(reason)
    new = st.copy()
    if bonus:
        new.pending = None
    else:
        new.actions_left -= 1
    new.hand_remove(seat, card)
    new.placed_this_turn = True
    effects.arrive(new, seat, card, where)
    if new.pending is None:
        _placement_done(new)
    return _finish_apply(new)


# ====================================================================== turn and end


def _placement_done(st: State) -> None:
    """A placed card's effect has fully resolved: whoever holds no card now wins."""
    empty = [s for s in range(st.players) if st.cards_left(s) == 0]
    if empty:
        finish(st, "no_cards")


def _finish_apply(st: State) -> State:
    if st.result is None and st.pending is None and (st.actions_left <= 0 or not has_main_action(st, st.turn)):
        end_turn(st)
    if st.herald_in_play():
        _sync_knowledge(st)
    return st


def _sync_knowledge(st: State) -> None:
    """While the Herald is in play every hand is open: everyone knows every hand."""
    for row in st.known:
        for h in range(st.players):
            row[h] = set(st.hands[h])


def end_turn(st: State) -> None:
    """Pass the turn on, skipping players who can do nothing; detect the deadlock."""
    while True:
        if not any(st.piles) and not st.placed_this_turn:
            st.idle_turns += 1
        else:
            st.idle_turns = 0
        if st.idle_turns >= 2 * st.players:
            finish(st, "deadlock")
            return
        if st.turn_no >= st.max_rounds * st.players:
            finish(st, "turn_limit")
            return
        st.turn = (st.turn + 1) % st.players
        st.turn_no += 1
        st.actions_left = 2
        st.drawn = set()
        st.placed_this_turn = False
        st.event("turn", seat=st.turn)
        if has_main_action(st, st.turn):
            return
        st.event("no_action", seat=st.turn)


def finish(st: State, reason: str) -> None:
    """End the game. ``no_cards``: the players without cards win; ``deadlock`` and
    ``turn_limit``: the fewest cards held win. Scores are minus the cards still held."""
    n = st.players
    scores = tuple(-float(st.cards_left(s)) for s in range(n))
    best = max(scores)
    winners = tuple(s for s in range(n) if scores[s] == best)
    draw = len(winners) == n
    st.result = Outcome(
        winners=() if draw else winners,
        losers=() if draw else tuple(s for s in range(n) if s not in winners),
        draw=draw,
        reason=reason,
        scores=scores,
    )
    st.pending = None
    st.event("end", reason=reason, winners=list(winners))
