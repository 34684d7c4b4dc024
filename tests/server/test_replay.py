"""Watch list, replay record, PGN export (no-card games re-import in python-chess)."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn

from tests.server.conftest import Player, Site, duel_on, play


def play_moves_only(site: Site, rng: random.Random, plies: int) -> tuple[str, list[str], Player, Player]:
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    played = []
    ps = {0: w, 1: k}
    for _ in range(plies):
        if w.game["status"] != "active":
            break
        p = ps[w.game["to_act"][0]]
        p.wait_version(w.v)  # type: ignore[arg-type]
        mv = rng.choice([x for x in p.legal if x["type"] == "move"])
        assert p.act(mv)["t"] == "ack"
        played.append(mv["uci"])
        w.wait_version(p.v)  # type: ignore[arg-type]
    return gid, played, w, k


def test_live_list_then_replay_and_pgn(site: Site) -> None:
    rng = random.Random(5)
    gid, played, w, k = play_moves_only(site, rng, 40)
    live = site.main.get("/api/live").json()["games"]
    assert [g["id"] for g in live] == [gid] and live[0]["plies"] == len(played)
    assert site.main.get("/watch").status_code == 200
    r = site.main.get(f"/api/games/{gid}/replay")
    assert r.status_code == 409 and "still being played" in r.json()["error"]
    if w.game["status"] == "active":
        assert k.request("resign")["t"] == "ack"
    assert site.main.get("/api/live").json()["games"] == []

    # the hat a player wears is shown in the replay too (the one worn now: hats are not recorded per game)
    site.execute("update users set hat='crown' where username='alice'")
    rec = site.main.get(f"/api/games/{gid}/replay").json()
    assert rec["players"][0]["name"] == "alice"
    assert [p["hat"] for p in rec["players"]] == ["crown", None]
    steps = rec["steps"]
    assert steps[0]["kind"] == "start" and "fen" in steps[0]["view"]
    plays = [s for s in steps if s["kind"] == "play"]
    assert [s["action"]["uci"] for s in plays] == played
    for s in plays:
        assert "hand" not in s["view"] and s["view"]["seat"] is None  # public views only
    assert steps[-1]["kind"] in ("resign", "play")

    r = site.main.get(f"/api/games/{gid}/pgn")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-chess-pgn")
    text = r.text
    assert '[White "alice"]' in text and '[Black "bobby"]' in text and '[Cards "0"]' in text
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors, game.errors if game else None
    assert [m.uci() for m in game.mainline_moves()] == played
    board = chess.Board()
    for uci in played:
        board.push_uci(uci)
    assert game.end().board().fen() == board.fen()
    assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
    assert site.main.get(f"/g/{gid}/replay").status_code == 200


def test_pgn_with_cards_has_comments(site: Site) -> None:
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    rng = random.Random(11)
    ps = {0: w, 1: k}
    cards = 0
    for _ in range(60):
        if w.game["status"] != "active":
            break
        p = ps[w.game["to_act"][0]]
        p.wait_version(w.v)  # type: ignore[arg-type]
        card_actions = [x for x in p.legal if x["type"] == "card"]
        action = rng.choice(card_actions) if card_actions and rng.random() < 0.4 else rng.choice(p.legal)
        cards += action["type"] == "card"
        assert p.act(action)["t"] == "ack"
        w.wait_version(p.v)  # type: ignore[arg-type]
    if w.game["status"] == "active":
        assert w.request("resign")["t"] == "ack"
    assert cards > 0
    text = site.main.get(f"/api/games/{gid}/pgn").text
    assert text.count("[%card ") == cards and f'[Cards "{cards}"]' in text
    rec = site.main.get(f"/api/games/{gid}/replay").json()
    for step in rec["steps"]:
        if step["kind"] == "play" and step["action"]["type"] == "order":
            assert step["action"] == {"type": "order"}  # the author's deck order stays hidden
    assert "{White resigns}" in text or w.game["outcome"]["reason"] != "resignation"


def test_replay_unknown_game(site: Site) -> None:
    assert site.main.get("/api/games/nope/replay").status_code == 404
    assert site.main.get("/g/nope").status_code == 404


def test_pgn_of_a_ranked_game_carries_the_ratings_before_it(site: Site) -> None:
    _, gid, w, k = duel_on(site, mode="ranked")
    a, b = w.client, k.client
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    text = site.main.get(f"/api/games/{gid}/pgn").text
    assert '[WhiteElo "1400"]' in text and '[BlackElo "1400"]' in text, text  # the start rating
    friendly, fseats = site.game_pair(a, b, color="white")
    fw = Player(fseats[0], friendly)
    fw.hello()
    assert fw.request("resign")["t"] == "ack"
    assert "Elo" not in site.main.get(f"/api/games/{friendly}/pgn").text


def test_a_players_games_in_one_pgn_file_each_as_its_own_download(site: Site) -> None:
    """``/api/users/NAME/export/GAME/EXPORT``: the player's finished games of that game, the
    newest first, each exactly its own download, a blank line between two; games in play,
    aborted ones, other games and other players' are not in it; python-chess reads every game."""
    _, ranked, w, k = duel_on(site, mode="ranked")
    a, b, c = w.client, k.client, site.user("carol")
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    second, seats2 = site.game_pair(b, a, color="white")
    w2 = Player(seats2[0], second)
    w2.hello()
    assert w2.act({"type": "move", "uci": "d2d4"})["t"] == "ack"
    assert w2.request("resign")["t"] == "ack"
    aborted, seats3 = site.game_pair(a, b, color="white")
    p3 = Player(seats3[0], aborted)
    p3.hello()
    assert p3.request("abort")["t"] == "ack"
    site.game_pair(a, b, color="white")  # in play
    others, seats4 = site.game_pair(b, c, color="white")
    p4 = Player(seats4[0], others)
    p4.hello()
    assert p4.request("resign")["t"] == "ack"
    castel, _ = site.game_pair(a, b, game="castel")
    site.execute("update games set status = 'finished' where id = ?", castel)  # another game's

    r = site.main.get("/api/users/Alice/export/unfairchess/pgn")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-chess-pgn")
    assert r.headers["content-disposition"] == 'attachment; filename="donjon-alice-unfairchess.pgn"'
    singles = [site.main.get(f"/api/games/{g}/pgn").text for g in (second, ranked)]  # the newest first
    assert r.text == "\n".join(t.rstrip("\n") + "\n" for t in singles)
    read = io.StringIO(r.text)
    games = [chess.pgn.read_game(read), chess.pgn.read_game(read), chess.pgn.read_game(read)]
    assert games[2] is None and [g.headers["White"] for g in games if g] == ["bobby", "alice"]
    assert [m.uci() for m in games[1].mainline_moves()] == ["e2e4", "e7e5"]  # type: ignore[union-attr]
    assert '[WhiteElo "1400"]' in r.text  # the ranked game's ratings before it, as in its own file

    one = site.main.get("/api/users/alice/export/unfairchess/pgn?limit=1").text
    assert one == singles[0].rstrip("\n") + "\n"
    assert site.main.get("/api/users/carol/export/unfairchess/pgn").text.rstrip() == site.main.get(
        f"/api/games/{others}/pgn").text.rstrip()
    for path, status in (("nobody/export/unfairchess/pgn", 404), ("alice/export/chess/pgn", 404),
                         ("alice/export/castel/pgn", 404), ("alice/export/unfairchess/fen", 404),
                         ("alice/export/unfairchess/pgn?limit=0", 422),
                         ("alice/export/unfairchess/pgn?limit=201", 422)):
        assert site.main.get(f"/api/users/{path}").status_code == status, path
    empty = site.user("newbie")
    assert empty.get("/api/users/newbie/export/unfairchess/pgn").text == ""
    page = site.main.get("/profile/alice").text  # a profile offers the download
    assert 'href="/api/users/alice/export/unfairchess/pgn" download' in page and "castel/pgn" not in page


def test_a_replay_ends_with_its_game_and_links_the_rematch(site: Site) -> None:
    """The offer and the answer of a rematch are logged after the game's end: a replay stops
    at the end (its last step and history line are the resignation) and links the next game,
    whose replay page links back."""
    _, gid, w, k = duel_on(site)
    # a game's row says who acts first from its creation (the lists of games read it), before any entry
    assert site.sql(f"select to_act from games where id = '{gid}'") == [("[0]",)]
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.request("rematch", op="offer")["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert k.request("rematch", op="accept")["t"] == "ack"
    rec = site.main.get(f"/api/games/{gid}/replay").json()
    nxt = rec["game"]["next_game"]
    assert nxt and site.sql("select count(*) from games") == [(2,)]
    assert [s["kind"] for s in rec["steps"]] == ["start", "play", "play", "resign"]
    assert [h["kind"] for h in rec["history"]] == ["play", "play", "resign"]
    page = site.main.get(f"/g/{gid}/replay").text
    assert f'href="/g/{nxt}" rel="next"' in page and 'rel="prev"' not in page
    assert site.main.get(f"/api/games/{nxt}").json()["game"]["rematch_of"] == gid
    assert site.main.get(f"/api/games/{nxt}").json()["game"]["to_act"] == [0]  # the rematch's too
    for p, result in ((w, "win"), (k, "loss")):  # each one's list of games says what the game was for them
        mine = {g["id"]: g["result"] for g in p.client.get("/api/my-games").json()["games"]}
        assert (mine[gid], mine[nxt]) == (result, "playing")
    assert f'href="/g/{gid}/replay" rel="prev"' in site.main.get(f"/g/{nxt}/replay").text
    w.close()
    k.close()
