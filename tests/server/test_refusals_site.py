"""The refusals of the league and of the site's other APIs (players, games, exports, reports,
blocks, follows, puzzles, tutorials) are in the reader's language: ``?lang=``, the ``lang``
cookie, then Accept-Language; the code and the status are the same in every language, and an
English reader reads the English sentence as before (donjon/league/refusals.py,
donjon/server/refusals/site.py). A hat or a challenge is named in the reader's language too."""

from __future__ import annotations

import datetime as dt
from typing import Any

from donjon.games import get_info
from donjon.league import daily as league_daily
from tests.server.conftest import Site

DAY = dt.datetime(2026, 3, 1, 12, 0, 0, tzinfo=dt.UTC).timestamp()
PUZZLE_GAME = "unfairchess"


def answer(r: Any) -> tuple[int, str, str]:
    return r.status_code, r.json()["code"], r.json()["error"]


def in_french(c: Any) -> Any:
    c.cookies.set("lang", "fr")
    return c


# --------------------------------------------------------------------------- the league


def test_the_hat_shop_names_the_hat_in_the_readers_language(site: Site) -> None:
    alice = site.user("alice")
    r = alice.post("/api/shop/buy", json={"hat": "crown"})
    assert answer(r) == (402, "insufficient_coins",
                         "the Golden crown costs 1000 coins, which is above your balance of 500 coins")
    r = alice.post("/api/hats/equip", json={"hat": "beret"}, headers={"Accept-Language": "es"})
    assert answer(r) == (403, "not_owned", "no tienes el sombrero «Boina»: cómpralo antes en la tienda")
    r = in_french(alice).post("/api/shop/buy", json={"hat": "crown"})
    assert answer(r) == (402, "insufficient_coins",
                         "le chapeau « Couronne d'or » coûte 1000 pièces, ce qui dépasse ton solde de 500 pièces")
    assert alice.post("/api/shop/buy", json={"hat": "beret"}).status_code == 200
    r = alice.post("/api/shop/buy?lang=es", json={"hat": "beret"})
    assert answer(r) == (409, "already_owned", "ya tienes el sombrero «Boina»")
    r = alice.post("/api/shop/buy", json={"hat": "fez"})
    assert answer(r) == (404, "unknown_item", "il n'y a pas de chapeau 'fez' à la boutique")
    alice.cookies.set("lang", "en")
    assert alice.post("/api/shop/buy", json={"hat": "beret"}).json()["error"] == "you already own the Beret"


def test_daily_bonus_and_guests_refusals_follow_the_page_language(site: Site) -> None:
    site.app.state.league_clock = lambda: DAY
    bob = site.user("bobby")
    assert bob.post("/api/daily/claim").status_code == 200
    r = bob.post("/api/daily/claim")
    assert answer(r) == (409, "already_claimed", "today's bonus is already claimed: come back after 00:00 UTC")
    r = bob.post("/api/daily/claim?lang=es")
    assert answer(r) == (409, "already_claimed",
                         "la bonificación de hoy ya está recogida: vuelve después de las 00:00 UTC")
    guest = in_french(site.guest())
    r = guest.post("/api/daily/claim")
    assert answer(r) == (403, "account_required",
                         "les invités jouent sans pièces : inscris-toi pour recevoir bonus, récompenses et chapeaux")


def test_a_challenge_is_named_in_the_readers_language(site: Site) -> None:
    site.app.state.league_clock = lambda: DAY
    carol = site.user("carol")
    uid = carol.get("/api/me").json()["user"]["id"]
    today = league_daily.daily_challenges(uid, DAY)
    ch = today[0]
    r = carol.post(f"/api/challenges/{ch.id}/claim")
    assert answer(r) == (409, "not_complete",
                         f"“{ch.text_en}” is at 0/{ch.target}: finish it to claim {ch.reward} coins")
    other = next(c for c in league_daily.catalogue() if c not in today)
    r = carol.post(f"/api/challenges/{other.id}/claim", headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert answer(r) == (404, "unknown_item", f"«{other.text['es']}» no es uno de los retos de hoy")
    r = in_french(carol).post(f"/api/challenges/{ch.id}/claim")
    assert answer(r) == (409, "not_complete", f"« {ch.text['fr']} » en est à 0/{ch.target} : "
                                              f"termine-le pour récupérer {ch.reward} pièces")
    r = carol.post("/api/challenges/nope/claim?lang=es")
    assert answer(r) == (404, "unknown_item", "no hay ningún reto 'nope'")


def test_profile_and_leaderboard_refusals(site: Site) -> None:
    c = site.client()
    r = c.get("/api/users/nobody/profile")
    assert answer(r) == (404, "not_found", "there is no such player")
    r = c.get("/api/users/nobody/profile?lang=fr")
    assert answer(r) == (404, "not_found", "ce joueur n'existe pas")
    r = c.get(f"/api/leaderboard/{PUZZLE_GAME}?speed=warp", headers={"Accept-Language": "fr"})
    assert r.status_code == 422 and r.json()["code"] == "invalid"
    assert r.json()["error"].startswith("la cadence est l'une des suivantes : ")
    r = c.get("/api/leaderboard/tiddlywinks?lang=es")
    assert answer(r) == (404, "unknown_item", "no hay ningún juego 'tiddlywinks'")


# --------------------------------------------------------------------------- players


def test_blocks_follows_and_reports_refusals(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    r = alice.post("/api/blocks", json={"username": "alice"})
    assert answer(r) == (400, "bad_request", "you cannot block yourself")
    in_french(alice)
    r = alice.post("/api/blocks", json={"username": "alice"})
    assert answer(r) == (400, "bad_request", "tu ne peux pas te bloquer toi-même")
    r = alice.delete("/api/follows/nobody")
    assert answer(r) == (404, "not_found", "il n'y a pas de joueur 'nobody'")
    assert alice.post("/api/blocks", json={"username": "bobby"}).status_code == 200
    r = bob.post("/api/follows", json={"username": "alice"}, headers={"Accept-Language": "es"})
    assert answer(r) == (403, "blocked", "no puedes seguir a alice: uno de los dos ha bloqueado al otro")
    r = bob.post("/api/reports?lang=es", json={"username": "alice", "reason": "other"})
    assert answer(r) == (400, "bad_request", "di qué pasó: una denuncia por «Otra cosa» lleva un texto")
    r = alice.post("/api/reports", json={"username": "bobby", "reason": "chat", "game": "nope"})
    assert answer(r) == (404, "not_found", "il n'y a pas de partie 'nope'")
    assert alice.post("/api/reports", json={"username": "bobby", "reason": "name"}).status_code == 200
    r = alice.post("/api/reports", json={"username": "bobby", "reason": "name"})
    assert answer(r) == (409, "already_reported",
                         "tu as déjà signalé bobby pour cela ; les responsables du site le liront")


# --------------------------------------------------------------------------- games, exports


def test_games_and_exports_refusals(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, _ = site.game_pair(alice, bob)
    r = alice.get(f"/api/games/{gid}/replay")
    assert answer(r) == (409, "game_active", "this game is still being played: watch it live")
    r = alice.get(f"/api/games/{gid}/replay?lang=fr")
    assert answer(r) == (409, "game_active", "cette partie est encore en cours : regarde-la en direct")
    c = site.client()
    r = c.get("/api/games/nope", headers={"Accept-Language": "es"})
    assert answer(r) == (404, "not_found", "esa partida no existe")
    r = in_french(c).get("/api/tables/nope")
    assert answer(r) == (404, "not_found", "cette table n'existe pas")
    export = get_info(PUZZLE_GAME).exports[0]
    r = c.get(f"/api/users/nobody/export/{PUZZLE_GAME}/{export}?lang=es")
    assert answer(r) == (404, "not_found", "no hay ningún jugador 'nobody'")


# --------------------------------------------------------------------------- puzzles, tutorials


def test_puzzles_and_tutorials_refusals(site: Site) -> None:
    c = site.client()
    r = c.get(f"/api/puzzles/{PUZZLE_GAME}/nope")
    assert answer(r) == (404, "unknown_puzzle", f"there is no puzzle 'nope' in '{PUZZLE_GAME}'")
    r = c.get(f"/api/puzzles/{PUZZLE_GAME}/nope?lang=fr")
    assert answer(r) == (404, "unknown_puzzle", f"il n'y a pas de problème 'nope' dans '{PUZZLE_GAME}'")
    r = c.get("/api/puzzles/next?game=tiddlywinks", headers={"Accept-Language": "es"})
    assert r.status_code == 404 and r.json()["code"] == "unknown_game"
    assert r.json()["error"].startswith("no hay ningún juego 'tiddlywinks' con problemas; juegos con problemas: ")
    pid = c.get(f"/api/puzzles/next?game={PUZZLE_GAME}").json()["id"]
    dana = in_french(site.user("dana"))
    r = dana.post(f"/api/puzzles/{PUZZLE_GAME}/{pid}/act", json={"step": 3, "action": {"type": "move"}})
    assert answer(r) == (409, "stale_step", "ce problème en est à l'étape 0, pas 3 : recharge-le")
    r = c.get(f"/api/learn/{PUZZLE_GAME}/lessons/999?lang=es")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    assert r.json()["error"].startswith("las lecciones van numeradas del 0 al ")
    r = c.get(f"/api/learn/{PUZZLE_GAME}/lessons/999?lang=en")
    assert r.json()["error"].startswith("lessons are numbered 0 to ")
