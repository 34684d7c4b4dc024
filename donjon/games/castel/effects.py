"""Where each card may arrive, and what it does when it arrives (spec §3, §4.3–4.5).

Placement: :func:`place_options` lists the legal locations of a card, :func:`why_not_placed`
explains a refusal. A location (*where*) is ``("sq", (r, c))``, ``("slot", "N")``,
``("out", None)`` (outside the walls) or ``("on", card)`` (a Knight on top of a card).

Effects: :func:`arrive` puts the card in play with the placer's token and applies its
effect. Effects without a choice resolve at once; an effect with a choice sets
``state.pending`` and waits for ``{"type": "effect", "targets": [...]}``. The choice is
described by :data:`ROLES`: one :class:`Role` per target, in order, each listing its
candidates given the targets already chosen. :func:`options` enumerates every complete
choice (what ``legal_actions`` lists), :func:`resolve` checks and applies one.

Every effect is mandatory when it can apply and skipped when it has no target; an effect
never targets the card just placed; moving, sending back and assassinating need an
unprotected target, removing or swapping tokens does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from donjon.games.castel.board import (
    COURTYARD,
    NEIGHBOURS,
    RAMPART_SQUARES,
    RAMPARTS,
    SIDES,
    SQUARES,
    TOWERS,
    ZONE_SQUARES,
    Square,
    parse_square,
    side_of,
    square_json,
    zone_of,
)
from donjon.games.castel.catalogue import CARDS, KIND, sort_cards
from donjon.games.castel.state import Pending, State
from donjon.games.protocol import IllegalAction

Where = tuple[str, Any]
Target = Any  # a card id, a square (r, c), "outside" or a seat number

PROTECTION_WHY = {
    "knight": "a Knight lies on it",
    "priest": "the Priest of its colour stands next to it",
    "captain": "the Captain stands on its rampart",
    "ambassador": "the Ambassador is always protected",
}


def label(card: str) -> str:
    """``the King``; ``the Soldier soldat_3`` for a card with copies."""
    info = CARDS[KIND[card]]
    return f"the {info.name_en}" if info.copies == 1 else f"the {info.name_en} {card}"


def protected_reason(st: State, card: str) -> str:
    return f"{label(card)} is protected: {PROTECTION_WHY[st.protected()[card]]}"


# ====================================================================== placement


def where_json(where: Where) -> dict[str, Any]:
    """The action fields of a location: ``square``, ``slot`` or ``on``."""
    area, key = where
    if area == "sq":
        return {"square": square_json(key)}
    if area == "slot":
        return {"slot": key}
    if area == "out":
        return {"square": "outside"}
    return {"on": key}


def _requirement_failure(st: State, card: str, sq: Square) -> str | None:
    info = CARDS[KIND[card]]
    req = info.requirement
    name = f"the {info.name_en}"
    if "adjacent" in req:
        kinds = req["adjacent"]
        near = {KIND[c] for n in NEIGHBOURS[sq] for c in st.grid.get(n, ())}
        if not near.intersection(kinds):
            who = " or the ".join(CARDS[k].name_en for k in kinds)
            return f"{name} must arrive next to the {who}"
    if "not_adjacent" in req:
        kinds = req["not_adjacent"]
        near = {KIND[c] for n in NEIGHBOURS[sq] for c in st.grid.get(n, ())}
        if near.intersection(kinds):
            who = " or the ".join(CARDS[k].name_en for k in kinds)
            return f"{name} cannot arrive next to the {who}"
    for kind in req.get("absent_from_castle", ()):
        if st.squares_of_kind(kind):
            return f"{name} cannot be placed while the {CARDS[kind].name_en} is in the castle"
    return None


def _square_failure(st: State, card: str, sq: Square) -> str | None:
    info = CARDS[KIND[card]]
    zone = zone_of(sq)
    name = f"the {info.name_en}"
    if info.zone != zone:
        return f"{name} arrives {_zone_phrase(info.zone)}, not {_zone_phrase(zone)}"
    stack = st.grid.get(sq)
    if stack:
        if info.requirement.get("replace_unprotected"):
            if len(stack) > 1:
                return f"{name} cannot take a tower where Knights are stacked"
            if st.is_protected(stack[0]):
                return f"{name} cannot take that tower: {protected_reason(st, stack[0])}"
        else:
            return f"the square {square_json(sq)} is taken by {label(stack[-1])}"
    return _requirement_failure(st, card, sq)


def _zone_phrase(zone: str) -> str:
    return {
        "courtyard": "in the courtyard",
        "rampart": "on a rampart",
        "tower": "on a tower",
        "outside": "outside the walls",
        "knight": "on top of a card in play",
    }[zone]


def place_options(st: State, card: str) -> list[Where]:
    """Every legal location of ``card`` now (empty: it cannot be placed)."""
    info = CARDS[KIND[card]]
    zone = info.zone
    if zone == "knight":
        return [("on", top) for top in st.tops()]
    if zone == "outside":
        if info.requirement.get("slot"):
            return [("slot", side) for side in SIDES if side not in st.slots]
        return [("out", None)]
    return [("sq", sq) for sq in ZONE_SQUARES[zone] if _square_failure(st, card, sq) is None]


def can_place(st: State, card: str) -> bool:
    info = CARDS[KIND[card]]
    if info.zone in ("knight", "outside"):
        return bool(place_options(st, card))
    return any(_square_failure(st, card, sq) is None for sq in ZONE_SQUARES[info.zone])


def why_not_placed(st: State, card: str, where: Where) -> str | None:
    """Why ``card`` cannot arrive at ``where`` (None: it can)."""
    info = CARDS[KIND[card]]
    name = f"the {info.name_en}"
    area, key = where
    if info.zone == "knight":
        if area != "on":
            return f"{name} is placed on top of a card in play: send {{\"on\": card id}}"
        if st.loc(key) is None:
            return f"{key!r} is not a card in play"
        if not st.is_top(key):
            return f"{label(key)} is covered by a Knight: a Knight goes on top of a stack"
        return None
    if area == "on":
        return f"only a Knight goes on top of another card; {name} arrives {_zone_phrase(info.zone)}"
    if info.zone == "outside":
        if info.requirement.get("slot"):
            if area != "slot":
                return f"{name} must face a rampart: send {{\"slot\": \"N\" | \"E\" | \"S\" | \"W\"}}"
            if key in st.slots:
                return f"there is already a siege engine facing the {key} rampart"
            return None
        if area != "out":
            return f"{name} arrives outside the walls: send {{\"square\": \"outside\"}}"
        return None
    if area == "slot":
        return f"only siege engines go on the slots facing the ramparts; {name} arrives {_zone_phrase(info.zone)}"
    if area == "out":
        return f"{name} arrives {_zone_phrase(info.zone)}, not outside the walls"
    return _square_failure(st, card, key)


# ====================================================================== arrival


def arrive(st: State, seat: int, card: str, where: Where) -> None:
    """Put ``card`` in play at ``where`` with ``seat``'s token and apply its effect."""
    kind = KIND[card]
    area, key = where
    if area == "sq" and key in st.grid:  # the Ghost takes an occupied tower
        victim = st.grid[key][0]
        st.send_back(victim, by=card)
    if area == "on":
        loc = st.loc(key)
        assert loc is not None
        st.put(card, loc, seat)
    elif area == "out":
        st.put(card, ("out", card), seat)
    else:
        st.put(card, where, seat)
    st.event("place", seat=seat, card=card, kind=kind, where=st.where_json(card))
    auto = AUTOMATIC.get(kind)
    if auto is not None:
        auto(st, card)
        return
    if kind == "senechal":
        if any(can_place(st, c) for c in st.hand_kinds(st.turn).values()):
            st.pending = Pending("senechal", card)
        else:
            st.event("no_target", card=card, kind=kind)
        return
    if kind in ROLES:
        start_choice(st, Pending(kind, card, 2 if kind == "alchimiste" else 1))


def start_choice(st: State, pending: Pending) -> None:
    """Ask for the choice if there is any option; otherwise the effect is skipped."""
    if options(st, pending):
        st.pending = pending
    else:
        st.pending = None
        st.event("no_target", card=pending.card, kind=pending.effect)


# ---------------------------------------------------------------- automatic effects


def _adjacent_of(st: State, card: str) -> list[str]:
    sq = st.square_of(card)
    return [] if sq is None else [c for c in st.adjacent_cards(sq) if c != card]


def _roi(st: State, card: str) -> None:
    _send_back_all(st, [c for c in _adjacent_of(st, card) if KIND[c] != "reine"], card)


def _favorite(st: State, card: str) -> None:
    _send_back_all(st, [c for c in _adjacent_of(st, card) if KIND[c] != "roi"], card)


def _enchanteur(st: State, card: str) -> None:
    _send_back_all(st, _adjacent_of(st, card), card)


def _send_back_all(st: State, cards: list[str], by: str) -> None:
    if not any(not st.is_protected(c) for c in cards):
        st.event("no_target", card=by, kind=KIND[by])
        return
    st.send_back_all(cards, by)


def _reine(st: State, card: str) -> None:
    if st.loc("favorite") is not None and not st.is_protected("favorite"):
        st.send_back("favorite", by=card)
    else:
        st.event("no_target", card=card, kind="reine")


def soldier_rule(st: State, side: str, by: str) -> None:
    """A rampart that holds 4 soldiers sends back the siege engine facing it (if unprotected)."""
    if st.soldiers_on(side) == 4 and side in st.slots:
        engine = st.slots[side][0]
        if not st.is_protected(engine):
            st.send_back(engine, by=by)


def _soldat(st: State, card: str) -> None:
    sq = st.square_of(card)
    side = side_of(sq) if sq is not None else None
    if side is not None:
        soldier_rule(st, side, card)


def _engin(st: State, card: str) -> None:
    """The 4th siege engine sends back every unprotected soldier on the ramparts, and every
    Captain that protects a soldier (unless he is protected himself); all at once."""
    if len(st.slots) < 4:
        return
    hit: list[str] = []
    for side in SIDES:
        soldiers = [st.grid[sq][0] for sq in RAMPARTS[side] if sq in st.grid and KIND[st.grid[sq][0]] == "soldat"]
        hit.extend(soldiers)
        if soldiers:
            hit.extend(st.grid[sq][0] for sq in RAMPARTS[side] if sq in st.grid and KIND[st.grid[sq][0]] == "capitaine")
    st.event("fourth_engine", card=card)
    st.send_back_all(hit, card)


def _fou(st: State, card: str) -> None:
    """Every player with a hand card passes a random one to the left, simultaneously."""
    n = st.players
    passes = []
    for seat in range(n):
        hand = sort_cards(st.hands[seat])
        if hand:
            passes.append((seat, hand[st.rng_draw() % len(hand)]))
    if not passes:
        st.event("no_target", card=card, kind="fou")
        return
    for seat, c in passes:
        st.hand_remove(seat, c)
    for seat, c in passes:
        left = (seat + 1) % n
        st.hand_add(left, c, seen_by=(seat,))
        st.event("pass", see=(seat, left), frm=seat, to=left, card=c, by=card)


AUTOMATIC: dict[str, Callable[[State, str], None]] = {
    "roi": _roi,
    "reine": _reine,
    "favorite": _favorite,
    "enchanteur": _enchanteur,
    "soldat": _soldat,
    "engin": _engin,
    "fou": _fou,
}
"""Effects that need no choice (the Ghost's is part of its placement)."""


# ---------------------------------------------------------------- chosen effects


@dataclass(frozen=True)
class Role:
    """One target of a chosen effect.

    ``candidates(state, pending, chosen)`` lists the legal values given the targets already
    ``chosen``. ``canon`` maps an equivalent value to the listed one (any Soldier of the
    hand stands for the listed one). A role that is not ``needed`` may be left out when it
    has no candidate (the Dragon with a single card to send back).
    """

    what: str
    candidates: Callable[[State, Pending, tuple[Any, ...]], list[Any]]
    needed: bool = True
    canon: Callable[[State, Any], Any] | None = None


def _unprotected(st: State, cards: list[str], pending: Pending, chosen: tuple[Any, ...] = ()) -> list[str]:
    prot = st.protected()
    return [c for c in cards if c not in prot and c != pending.card and c not in chosen]


def _adjacent(pred: Callable[[str], bool] | None = None) -> Callable[[State, Pending, tuple[Any, ...]], list[str]]:
    def cands(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
        cards = _adjacent_of(st, p.card)
        if pred is not None:
            cards = [c for c in cards if pred(c)]
        return _unprotected(st, cards, p, chosen)

    return cands


def _gender(g: str) -> Callable[[str], bool]:
    return lambda c: CARDS[KIND[c]].gender == g


def _adjacent_tokened(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    return [c for c in _adjacent_of(st, p.card) if c in st.tokens]


def _tokened(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    return [c for c in st.in_play() if c in st.tokens and c != p.card]


def _outside_cards(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    cards = [c for loc, stack in st.stacks() if loc[0] != "sq" for c in stack]
    return _unprotected(st, cards, p, chosen)


def _tower_cards(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    return _unprotected(st, [c for sq in TOWERS for c in st.grid.get(sq, ())], p, chosen)


def _soldiers(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    return _unprotected(st, [c for c in st.in_play() if KIND[c] == "soldat"], p, chosen)


def _any_card(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[str]:
    return _unprotected(st, st.in_play(), p, chosen)


def _movable(st: State, p: Pending, cards: list[str]) -> list[str]:
    """Cards a move may take: unprotected, alone on their place, never a Knight."""
    return [c for c in _unprotected(st, cards, p) if KIND[c] != "chevalier" and len(st.stack(st.index()[c])) == 1]


def _free(squares: tuple[Square, ...], st: State) -> list[Square]:
    return [sq for sq in squares if sq not in st.grid]


# Chamberlain: a courtyard card, then a free courtyard square.
def _chambellan_card(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    if not _free(COURTYARD, st):
        return []
    return _movable(st, p, [st.grid[sq][0] for sq in COURTYARD if sq in st.grid])


def _chambellan_dest(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return _free(COURTYARD, st)


# Lookout: a soldier on a rampart, then another free rampart square.
def _guetteur_card(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    if not _free(RAMPART_SQUARES, st):
        return []
    return _movable(st, p, [st.grid[sq][0] for sq in RAMPART_SQUARES if sq in st.grid and KIND[st.grid[sq][0]] == "soldat"])


def _guetteur_dest(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return _free(RAMPART_SQUARES, st)


# Magician: two lone cards of the same castle zone.
def _magicien_cards(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    lone = _movable(st, p, [stack[0] for sq, stack in st.grid.items()])
    by_zone: dict[str, list[str]] = {}
    for c in lone:
        sq = st.square_of(c)
        assert sq is not None
        by_zone.setdefault(zone_of(sq), []).append(c)
    if not chosen:
        return sorted((c for cs in by_zone.values() if len(cs) >= 2 for c in cs), key=lambda c: st.square_of(c) or (9, 9))
    first_sq = st.square_of(chosen[0])
    assert first_sq is not None
    return [c for c in by_zone.get(zone_of(first_sq), []) if c != chosen[0]]


# Fairy: a card (not a Knight nor an engine), then a free square of another zone or outside.
def _fee_dests(st: State, card: str) -> list[Any]:
    zone = st.zone_of_card(card)
    out: list[Any] = [sq for sq in SQUARES if sq not in st.grid and zone_of(sq) != zone]
    if zone != "outside":
        out.append("outside")
    return out


def _fee_card(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    cards = [c for c in st.in_play() if KIND[c] != "engin"]
    return [c for c in _movable(st, p, cards) if _fee_dests(st, c)]


def _fee_dest(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return _fee_dests(st, chosen[0])


# Intrigant: two cards in play whose token states differ.
def _intrigant_cards(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    cards = [c for c in st.in_play() if c != p.card]
    if chosen:
        state0 = st.tokens.get(chosen[0])
        return [c for c in cards if c != chosen[0] and st.tokens.get(c) != state0]
    states = {st.tokens.get(c) for c in cards}
    return cards if len(states) > 1 else []


# Alchemist: a hand card (not drawn this turn), then a card of the exchange.
def _alchimiste_give(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    if not st.exchange:
        return []
    return list(st.hand_kinds(st.turn).values())


def _alchimiste_take(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return list(st.exchange_kinds().values())


def _canon_hand(usable: bool) -> Callable[[State, Any], Any]:
    def canon(st: State, value: Any) -> Any:
        if isinstance(value, str) and value in st.hands[st.turn] and not (usable and value in st.drawn):
            return st.hand_kinds(st.turn, usable).get(KIND[value], value)
        return value

    return canon


def _canon_exchange(st: State, value: Any) -> Any:
    if isinstance(value, str) and value in st.exchange:
        return st.exchange_kinds()[KIND[value]]
    return value


# Jester: a hand card, then another seat.
def _bouffon_card(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return list(st.hand_kinds(st.turn, usable=False).values())


def _bouffon_seat(st: State, p: Pending, chosen: tuple[Any, ...]) -> list[Any]:
    return [s for s in range(st.players) if s != st.turn]


ROLES: dict[str, tuple[Role, ...]] = {
    "princesse": (Role("an unprotected card on an adjacent square to send back", _adjacent()),),
    "prince": (Role("an unprotected card on an adjacent square to send back", _adjacent()),),
    "dame_de_compagnie": (Role("an unprotected male card on an adjacent square to send back", _adjacent(_gender("M"))),),
    "menestrel": (Role("an unprotected female card on an adjacent square to send back", _adjacent(_gender("F"))),),
    "assassin": (Role("an unprotected card on an adjacent square to assassinate", _adjacent()),),
    "bailli": (Role("a card with a colour token on an adjacent square", _adjacent_tokened),),
    "voleur": (Role("a card in play with a colour token", _tokened),),
    "archers": (Role("an unprotected card outside the walls to send back", _outside_cards),),
    "sorciere": (Role("an unprotected card in a tower to send back", _tower_cards),),
    "barbare": (Role("an unprotected soldier to send back", _soldiers),),
    "dragon": (
        Role("an unprotected card in play to send back", _any_card),
        Role("a second, different unprotected card in play to send back", lambda st, p, ch: _any_card(st, p, ch), needed=False),
    ),
    "intrigant": (
        Role("a card in play whose token you swap", _intrigant_cards),
        Role("a card in play with a different token state", _intrigant_cards),
    ),
    "magicien": (
        Role("an unprotected card alone on a castle square", _magicien_cards),
        Role("another unprotected card alone in the same castle zone", _magicien_cards),
    ),
    "chambellan": (
        Role("an unprotected card of the courtyard to move", _chambellan_card),
        Role("a free courtyard square", _chambellan_dest),
    ),
    "guetteur": (
        Role("an unprotected soldier on a rampart to move", _guetteur_card),
        Role("a free rampart square", _guetteur_dest),
    ),
    "fee": (
        Role("an unprotected card in play to move (not a Knight nor a siege engine)", _fee_card),
        Role("a free square of another castle zone, or \"outside\" for a card in the castle", _fee_dest),
    ),
    "alchimiste": (
        Role("a card of your hand (not drawn this turn) to give to the exchange", _alchimiste_give, canon=_canon_hand(True)),
        Role("a card of the exchange to take", _alchimiste_take, canon=_canon_exchange),
    ),
    "bouffon": (
        Role("a card of your hand to give", _bouffon_card, canon=_canon_hand(False)),
        Role("another player's seat", _bouffon_seat),
    ),
}
"""Kind → the targets its effect asks for, in order."""


def options(st: State, p: Pending) -> list[tuple[Any, ...]]:
    """Every complete choice for the pending effect ``p`` (empty: nothing to choose)."""
    roles = ROLES[p.effect]
    out: list[tuple[Any, ...]] = []

    def walk(chosen: tuple[Any, ...]) -> None:
        if len(chosen) == len(roles):
            out.append(chosen)
            return
        role = roles[len(chosen)]
        cands = role.candidates(st, p, chosen)
        if not cands:
            if not role.needed:
                out.append(chosen)
            return
        for c in cands:
            walk(chosen + (c,))

    walk(())
    return out


def parse_target(value: Any) -> Any:
    """A JSON target as the engine holds it: squares become tuples."""
    if isinstance(value, list):
        sq = parse_square(value)
        if sq is None:
            raise IllegalAction(f"{value!r} is not a square: a square is [row, column] with both in 0..5")
        return sq
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise IllegalAction(f"{value!r} is not a target: send card ids, [row, column] squares, \"outside\" or seat numbers")
    return value


def target_json(value: Any) -> Any:
    return square_json(value) if isinstance(value, tuple) else value


def _explain(st: State, value: Any, role: Role) -> str:
    name = value if not isinstance(value, tuple) else square_json(value)
    if isinstance(value, str) and value in KIND:
        if st.loc(value) is not None and st.is_protected(value) and "unprotected" in role.what:
            return f"{protected_reason(st, value)}; choose {role.what}"
        return f"{label(value)} is not {role.what}"
    return f"{name!r} is not {role.what}"


def resolve(st: State, targets: list[Any]) -> None:
    """Check ``targets`` against the pending effect and apply it (``st`` is a fresh copy)."""
    p = st.pending
    assert p is not None
    roles = ROLES[p.effect]
    given = tuple(parse_target(t) for t in targets)
    name = label(p.card)
    if len(given) > len(roles):
        raise IllegalAction(f"{name}'s effect takes at most {len(roles)} target(s), not {len(given)}")
    chosen: tuple[Any, ...] = ()
    for i, role in enumerate(roles):
        cands = role.candidates(st, p, chosen)
        if i >= len(given):
            if cands or role.needed:
                raise IllegalAction(f"{name}'s effect {'also ' if i else ''}needs {role.what}")
            break
        value = given[i]
        canon = role.canon(st, value) if role.canon is not None else value
        if canon not in cands:
            raise IllegalAction(_explain(st, value, role))
        chosen = chosen + (canon,)
    if chosen not in options(st, p):
        raise IllegalAction(f"that choice leaves {name}'s effect incomplete")
    st.pending = None
    APPLY[p.effect](st, p, given)


def _send_back_targets(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    st.send_back_all(list(t), p.card)


def _assassin(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    st.assassinate(t[0], p.card)


def _remove_token(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    was = st.tokens.get(t[0])
    st.set_token(t[0], None)
    st.event("token_removed", card=t[0], kind=KIND[t[0]], was=was, by=p.card)


def _swap_tokens(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    a, b = t
    ta, tb = st.tokens.get(a), st.tokens.get(b)
    st.set_token(a, tb)
    st.set_token(b, ta)
    st.event("tokens_swapped", cards=[a, b], tokens=[tb, ta], by=p.card)


def _move(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    st.move(t[0], t[1], p.card)


def _guetteur(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    """The seed: a soldier the Lookout moves onto the last free place of a rampart sends
    back the siege engine facing that rampart (if unprotected), whatever stands on the
    rampart's other squares."""
    st.move(t[0], t[1], p.card)
    side = side_of(t[1])
    assert side is not None
    if all(sq in st.grid for sq in RAMPARTS[side]) and side in st.slots:
        engine = st.slots[side][0]
        if not st.is_protected(engine):
            st.send_back(engine, by=p.card)


def _magicien(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    st.swap_squares(t[0], t[1], p.card)


def _alchimiste(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    give, take = t
    seat = st.turn
    st.hand_remove(seat, give)
    st.exchange.remove(take)
    st.to_exchange(give)
    st.hand_add(seat, take)
    st.event("exchange", seat=seat, give=give, take=take, by=p.card)
    if p.remaining > 1:
        start_again = Pending(p.effect, p.card, p.remaining - 1)
        if options(st, start_again):
            st.pending = start_again


def _bouffon(st: State, p: Pending, t: tuple[Any, ...]) -> None:
    card, to = t
    seat = st.turn
    st.hand_remove(seat, card)
    st.hand_add(to, card, seen_by=(seat,))
    st.event("give", see=(seat, to), frm=seat, to=to, card=card, by=p.card)


APPLY: dict[str, Callable[[State, Pending, tuple[Any, ...]], None]] = {
    "princesse": _send_back_targets,
    "prince": _send_back_targets,
    "dame_de_compagnie": _send_back_targets,
    "menestrel": _send_back_targets,
    "archers": _send_back_targets,
    "sorciere": _send_back_targets,
    "barbare": _send_back_targets,
    "dragon": _send_back_targets,
    "assassin": _assassin,
    "bailli": _remove_token,
    "voleur": _remove_token,
    "intrigant": _swap_tokens,
    "magicien": _magicien,
    "chambellan": _move,
    "guetteur": _guetteur,
    "fee": _move,
    "alchimiste": _alchimiste,
    "bouffon": _bouffon,
}
