"""A game's chat between its players (server/chat.py): a line is stored, then sent to every
socket of the game's players (not to spectators); a reload gets the last lines; bad lines,
a spectator's line and a flood are refused with a clear error and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from donjon.server import chat
from tests.server.conftest import Player, Site, no_frame


def say(p: Player, text: Any) -> dict[str, Any]:
    return p.request("chat", text=text)


def lines_of(p: Player) -> list[tuple[int, str]]:
    """(seat, text) of the chat lines this socket was sent, in order, once each."""
    seen: dict[int, tuple[int, str]] = {}
    for f in p.frames:
        if f["t"] == "chat":
            for line in f["lines"]:
                seen[line["id"]] = (line["seat"], line["text"])
    return [seen[k] for k in sorted(seen)]


def test_players_talk_and_a_reload_shows_the_conversation(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    spectator = Player(site.client(), gid)
    spectator.hello()
    assert say(white, "  good luck!  ") == {"t": "ack", "id": white._id}
    assert black.recv()["lines"][0] | {"id": 0, "at": 0} == {"id": 0, "seat": 0, "text": "good luck!", "at": 0}
    assert say(black, "<b>thanks</b> & you")["t"] == "ack"
    white.recv()
    assert lines_of(white) == lines_of(black) == [(0, "good luck!"), (1, "<b>thanks</b> & you")]
    assert no_frame(spectator.ws)  # what the players say is theirs
    # a move still works as before, and the chat goes on after the game's end
    white.act({"type": "move", "uci": "e2e4"})
    assert black.request("resign")["t"] == "ack"
    assert say(white, "gg")["t"] == "ack"
    assert site.sql("select seat, text from game_chat where game_id=? order by id", gid) == [
        (0, "good luck!"), (1, "<b>thanks</b> & you"), (0, "gg")]
    # a reload (a new socket) gets the conversation after its hello; a spectator does not
    black.close()
    again = Player(black.client, gid)
    got = again.hello()
    assert got[0]["t"] == "welcome"
    assert again.recv()["lines"] == [line for f in white.frames if f["t"] == "chat" for line in f["lines"]]
    watcher = Player(site.client(), gid)
    watcher.hello()
    assert no_frame(watcher.ws)
    for p in (white, again, spectator, watcher):
        p.close()


def test_a_new_room_reads_the_lines_from_the_database(site_factory: Any, new_database: Any) -> None:
    site = site_factory(database_url=new_database())
    a, b = site.user("alice"), site.user("bobby")
    gid, by_seat = site.game_pair(a, b, color="white")
    white = Player(by_seat[0], gid)
    white.hello()
    say(white, "hello there")
    white.close()
    site.app.state.hub.rooms.clear()  # as after a restart: the room is loaded again
    black = Player(by_seat[1], gid)
    black.hello()
    assert [line["text"] for line in black.recv()["lines"]] == ["hello there"]
    black.close()


@pytest.mark.parametrize("text, reason", [
    ("", "not empty"), ("   ", "not empty"), ("x" * 201, "at most 200 characters"), (42, "a string"),
    (None, "a string"), ("bell\u0007", "no control characters"), ("rtl\u202egnirts", "no control characters"),
])
def test_a_bad_line_is_refused_and_changes_nothing(duel: tuple[Site, str, Player, Player], text: Any,
                                                   reason: str) -> None:
    site, gid, white, black = duel
    err = say(white, text)
    assert err["t"] == "error" and err["code"] == "bad_chat" and reason in err["reason"], err
    assert site.sql("select count(*) from game_chat")[0][0] == 0
    assert no_frame(black.ws)
    assert say(white, "x" * 200)["t"] == "ack"  # the socket is still open; 200 is allowed


def test_spectators_and_strangers_cannot_write(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    spectator = Player(site.client(), gid)
    spectator.hello()
    err = say(spectator, "hi players")
    assert err["code"] == "not_a_player"
    stranger = Player(site.user("carol"), gid)
    stranger.hello()
    assert say(stranger, "hi")["code"] == "not_a_player"
    tab = Player(white.client, gid)  # a player's socket says hello first
    assert tab.request("chat", text="hi")["code"] == "hello_first"
    assert site.sql("select count(*) from game_chat")[0][0] == 0
    assert no_frame(white.ws) and no_frame(black.ws)
    for p in (spectator, stranger, tab):
        p.close()


def test_a_flood_is_refused(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    for i in range(chat.BURST):
        assert say(white, f"line {i}")["t"] == "ack"
    err = say(white, "one more")
    assert err["code"] == "chat_too_fast" and "wait a little" in err["reason"]
    assert say(black, "my turn to speak")["t"] == "ack"  # the limit is each seat's
    assert site.sql("select count(*) from game_chat where seat=0")[0][0] == chat.BURST


def test_unknown_fields_are_refused(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    err = white.request("chat", text="hi", seat=1)
    assert err["code"] == "bad_request" and "seat" in err["reason"]
    mid = white.send({"t": "chat"})
    f = white.recv()
    assert f["t"] == "error" and f["id"] == mid and "text" in f["reason"]
    assert site.sql("select count(*) from game_chat")[0][0] == 0
