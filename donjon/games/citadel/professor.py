"""The Professor phase (spec §3.7.3): roll, dice decisions, then a queue of steps.

After the active player ends their actions the three dice are rolled (the colour and action
faces may be chosen instead by Destiny's power). If a choice is open — Destiny's persistent
reroll, Twist of Fate, Change of Heart — the state waits in phase ``dice``. Then the dice
become a queue of steps resolved in order:

* ``walk`` — one step through the doorway of the rolled colour: an open door closes behind
  him (unless Wedge), a closed one stays closed; then :func:`enter`;
* ``passage`` — straight to the room of the treasure of the rolled colour, then :func:`enter`;
* ``hourglass`` — one treasure marker 5 minutes counterclockwise (loss check);
* ``tick`` — the clock marker 5 minutes clockwise (losses, then the idea icon);
* ``end_turn`` — cleanup, next character, draw 2; ``resume`` — back to the action phase
  (after Second Chance's clock step).

A step may pause the queue: the idea-icon vote (phase ``vote``) or a Duck Out choice (phase
``duck``); the answer resumes it. The game ends at once on the 4th saved or lost treasure,
dropping the rest of the queue. Every step is reported as events (``state.events`` for one
apply, ``state.log`` for the whole phase) so a client can animate it.
"""

from __future__ import annotations

from donjon.games.citadel.board import COLOURS, DOORWAY, LABORATORY, neighbours, other_side
from donjon.games.citadel.catalogue import ACTION_DIE, CLOCK_DIE, COLOUR_DIE
from donjon.games.citadel.state import State

# ------------------------------------------------------------------ moving the Professor


def enter(st: State, room: str) -> None:
    """The Professor enters ``room``: an OFF switch turns ON (unless Jammed Gears), and every
    pawn there flees outside — except the active character under Duck Out during the
    Professor phase, who is asked where to go instead (phase ``duck``)."""
    if not st.switch_on[room]:
        if "jammed_gears" in st.pending:
            st.event("switch_jammed", room=room)
        else:
            st.switch_on[room] = True
            st.event("switch", room=room, on=True, cause="professor")
    ducking = False
    for i, ch in enumerate(st.chars):
        if ch.room != room:
            continue
        if i == st.active and st.in_prof and "duck_out" in st.pending:
            ducking = True
            continue
        st.flee(ch, room)
    if ducking:
        st.duck = room
        st.phase = "duck"
        st.event("duck_choice", character=st.char.id, room=room, options=list(neighbours(room)))


def walk(st: State, colour: str, cause: str = "die") -> None:
    """One step through the doorway of ``colour`` in the Professor's room."""
    frm = st.professor
    door = DOORWAY[frm][colour]
    closed = False
    if door in st.open_doors:
        if "wedge" in st.pending:
            st.event("door_wedged", door=door)
        else:
            st.open_doors.discard(door)
            closed = True
    st.professor = other_side(door, frm)
    st.event("professor_move", frm=frm, to=st.professor, door=door, colour=colour, closed=closed, cause=cause)
    enter(st, st.professor)


def passage(st: State, room: str, cause: str) -> None:
    """A secret passage straight to ``room``: no door is touched."""
    frm = st.professor
    st.professor = room
    st.event("professor_move", frm=frm, to=room, door=None, colour=None, closed=False, cause=cause)
    enter(st, room)


def duck(st: State, to: str) -> None:
    """The ducking character moves to ``to`` instead of fleeing; the queue resumes."""
    room = st.duck
    assert room is not None
    st.char.room = to
    st.duck = None
    st.event("duck", character=st.char.id, frm=room, to=to)
    st.phase = "professor"
    run_queue(st)


# ------------------------------------------------------------------ the idea icon


def idea(st: State) -> None:
    """An idea icon was reached: one face-down tile flips up, chosen by the group."""
    down = [c.id for c in st.chars if not c.face_up]
    if not down:
        st.event("idea_no_effect", reason="every tile is face up")
        return
    if len(down) == 1:
        flip_up(st, down[0], {})
        return
    st.votes = {}
    st.phase = "vote"
    st.event("vote_open", candidates=down)


def flip_up(st: State, char_id: str, votes: dict[int, str]) -> None:
    ch = st.find(char_id)
    assert ch is not None
    ch.face_up = True
    st.event("power_up", character=char_id, votes={str(k): v for k, v in sorted(votes.items())})


def vote_winner(st: State) -> str:
    """Most votes; a tie goes to the active player's choice, else to the next seat's in turn order."""
    counts: dict[str, int] = {}
    for choice in st.votes.values():
        counts[choice] = counts.get(choice, 0) + 1
    best = max(counts.values())
    tied = {c for c, n in counts.items() if n == best}
    for k in range(st.players):
        seat = (st.seat + k) % st.players
        if st.votes.get(seat) in tied:
            return st.votes[seat]
    raise AssertionError("unreachable: every seat voted")  # pragma: no cover


def close_vote(st: State) -> None:
    winner = vote_winner(st)
    votes = dict(st.votes)
    st.votes = {}
    flip_up(st, winner, votes)
    st.phase = "professor"
    run_queue(st)


# ------------------------------------------------------------------ the dice


def roll_dice(st: State) -> None:
    """End of the action phase: roll the three dice and open any dice decision."""
    st.in_prof = True
    st.log = []
    st.phase = "professor"
    st.event("professor_phase", character=st.char.id, seat=st.seat, turn=st.turn)
    k = st.turn - 1
    script = st.scripted_dice[k] if 0 <= k < len(st.scripted_dice) else None
    dice: dict[str, object] = {}
    for die, faces in (("colour", COLOUR_DIE), ("action", ACTION_DIE), ("clock", CLOCK_DIE)):
        if st.forced is not None and die in st.forced:
            dice[die] = st.forced[die]
        elif script is not None and die in script:
            dice[die] = script[die]
        else:
            dice[die] = st.roll(faces)
    st.dice = dice
    st.event("roll", colour=dice["colour"], action=dice["action"], clock=dice["clock"],
             chosen=sorted(st.forced) if st.forced else [])
    choices = []
    if st.active_is("destiny") and st.char.face_up:
        choices.append("destiny")
    for p in st.pending:
        if p == "twist_of_fate":
            choices.append("twist")
        elif p == "change_of_heart":
            choices.append("change")
    st.dice_choices = choices
    if choices:
        st.phase = "dice"
        return
    resolve_dice(st)


def reroll(st: State, dice: list[str], cause: str) -> None:
    assert st.dice is not None
    faces = {"colour": COLOUR_DIE, "action": ACTION_DIE, "clock": CLOCK_DIE}
    for die in dice:
        old = st.dice[die]
        st.dice[die] = st.roll(faces[die])
        st.event("reroll", die=die, frm=old, to=st.dice[die], cause=cause)


def set_colour(st: State, colour: str) -> None:
    assert st.dice is not None
    old = st.dice["colour"]
    st.dice["colour"] = colour
    st.event("set_colour", frm=old, to=colour)


def dice_choice_done(st: State) -> None:
    st.dice_choices.pop(0)
    if not st.dice_choices:
        st.phase = "professor"
        resolve_dice(st)


def resolve_dice(st: State) -> None:
    """Turn the final dice into the queue of steps and run it (pseudocode of §3.11)."""
    assert st.dice is not None
    colour = str(st.dice["colour"])
    action = str(st.dice["action"])
    if "slow_down" in st.pending and action in ("2", "3"):
        st.event("effect", card="slow_down", frm=action, to="1")
        action = "1"
    steps: list[tuple[str, ...]] = []
    if action in ("1", "2", "3", "passage") and "stay_put" in st.pending:
        st.event("effect", card="stay_put")
    elif action in ("1", "2", "3"):
        steps += [("walk", colour)] * int(action)
    elif action == "passage":
        steps.append(("passage", colour))
    elif "time_slip" in st.pending:
        st.event("effect", card="time_slip")
    elif action == "hourglass":
        steps.append(("hourglass", colour))
    else:
        steps += [("hourglass", c) for c in COLOURS]
    minutes = int(st.dice["clock"])
    if "frozen_hour" in st.pending:
        st.event("effect", card="frozen_hour")
        minutes = 0
    elif minutes == 10 and st.face_up("irene"):
        st.event("effect", ability="irene", frm=10, to=5)
        minutes = 5
    steps += [("tick",)] * (minutes // 5)
    steps.append(("end_turn",))
    st.queue = steps
    run_queue(st)


# ------------------------------------------------------------------ the queue


def run_queue(st: State) -> None:
    """Resolve queued steps until the queue is empty, a choice pauses it, or the game ends."""
    while st.queue and not st.over:
        step = st.queue.pop(0)
        kind = step[0]
        if kind == "walk":
            walk(st, step[1])
        elif kind == "passage":
            t = st.treasures.get(step[1])
            if t is None or t.room == st.professor:
                st.event("passage_none", colour=step[1])
            else:
                passage(st, t.room, "passage")
        elif kind == "hourglass":
            st.shift_marker(step[1], -5, "hourglass")
        elif kind == "tick":
            if st.clock_step() and not st.over:
                idea(st)
        elif kind == "end_turn":
            end_turn(st)
        elif kind == "resume":
            st.phase = "actions"
        else:  # pragma: no cover - a programming error
            raise AssertionError(f"unknown step {step}")
        if st.phase in ("vote", "duck"):
            return


def end_turn(st: State) -> None:
    """Cleanup: both revealed cards to the discard, turn flags reset, the next character draws."""
    ch = st.char
    assert ch.discard is not None and ch.revealed is not None
    ch.discard.extend(ch.revealed)
    ch.revealed = []
    st.in_prof = False
    st.active = (st.active + 1) % len(st.chars)
    st.turn += 1
    begin_turn(st)


def begin_turn(st: State) -> None:
    """Reset the turn and draw 2 cards (reshuffling the whole discard when the deck runs out)."""
    st.phase = "actions"
    st.reset_turn()
    ch = st.char
    assert ch.deck is not None and ch.discard is not None and ch.revealed is not None
    st.event("turn", character=ch.id, seat=ch.seat, turn=st.turn, room=ch.room)
    for _ in range(2):
        if not ch.deck and ch.discard:
            ch.deck = ch.discard
            ch.discard = []
            st.shuffle(ch.deck)
            st.event("deck_reshuffled", character=ch.id, cards=len(ch.deck))
        if ch.deck:
            ch.revealed.append(ch.deck.pop(0))
    st.event("draw", character=ch.id, cards=list(ch.revealed))


def send_home(st: State) -> None:
    """Sent Home (B6): secret passage to the Laboratory."""
    passage(st, LABORATORY, "sent_home")


__all__ = ["begin_turn", "close_vote", "dice_choice_done", "duck", "end_turn", "enter", "idea",
           "passage", "reroll", "resolve_dice", "roll_dice", "run_queue", "send_home", "set_colour", "walk"]
