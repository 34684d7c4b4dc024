"""The lobby's refusals are in the reader's language (``?lang=``, the ``lang`` cookie, then
Accept-Language), with the same code and status in every language: opening a table with
terms the table form can send, sitting at one, leaving, filling, cancelling, challenges and
the limits of games against bots (donjon/server/refusals/lobby.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.conftest import Site

BOT = {"opponent": "bot", "bot_level": "easy", "color": "white"}
ES = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


def refused(r: Any, status: int, code: str, error: str) -> None:
    assert (r.status_code, r.json()) == (status, {"error": error, "code": code}), r.text


def test_table_terms_the_form_can_send_are_refused_in_the_readers_language(site: Site) -> None:
    alice = site.user("alice")
    # a stake typed above the most there is (the form's field has no maximum)
    r = alice.post("/api/tables", json={"stake": 2_000_000})
    refused(r, 422, "invalid", "stake: from 0 to 1000000, not 2000000")
    alice.cookies.set("lang", "fr")
    r = alice.post("/api/tables", json={"stake": 2_000_000})
    refused(r, 422, "invalid", "stake : de 0 à 1000000, pas 2000000")
    # a custom clock whose minutes were left empty: 0 s
    empty = {"time_control": {"initial": 0, "increment": 5}}
    r = alice.post("/api/tables", json=empty)
    refused(r, 422, "invalid", "time_control.initial : de 15 à 10800 secondes")
    r = alice.post("/api/tables?lang=es", json=empty)
    refused(r, 422, "invalid", "time_control.initial: de 15 a 10800 segundos")
    r = alice.post("/api/tables?lang=en", json=empty)
    refused(r, 422, "invalid", "time_control.initial: from 15 to 10800 seconds")
    # more coins than one has
    r = alice.post("/api/tables", json={"stake": 600})
    refused(r, 400, "insufficient_balance", "une mise de 600 pièces dépasse ton solde de 500 pièces")
    es = site.user("bobby")
    r = es.post("/api/tables", json={"stake": 600}, headers=ES)
    refused(r, 400, "insufficient_balance", "una apuesta de 600 monedas supera tu saldo de 500 monedas")
    # a stale page's game that is no longer hosted
    r = es.post("/api/tables", json={"game": "go"}, headers=ES)
    assert (r.status_code, r.json()["code"]) == (400, "bad_request")
    assert r.json()["error"].startswith("juego desconocido 'go'; juegos disponibles: ")
    # a guest's ranked table (a page left open after logging out)
    guest = site.guest()
    r = guest.post("/api/tables?lang=fr", json={"mode": "ranked"})
    refused(r, 403, "account_required",
            "les parties classées demandent un compte : inscris-toi ou connecte-toi")
    r = guest.post("/api/tables", json={"stake": 5})
    refused(r, 403, "account_required", "guests play without coins: register to put a stake on a game")
    assert site.sql("select count(*) from tables") == [(0,)]


def test_sitting_leaving_and_cancelling_refusals_follow_the_reader(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    bob.cookies.set("lang", "fr")
    invite = alice.post("/api/tables", json={"opponent": "invite"}).json()["table"]
    r = bob.post(f"/api/tables/{invite['id']}/join")
    refused(r, 403, "invite_required",
            "cette table est sur invitation : ouvre le lien d'invitation que tu as reçu")
    r = alice.post(f"/api/tables/{invite['id']}/join", json={"code": invite["invite_code"]}, headers=ES)
    refused(r, 409, "own_table",
            "ya tienes un puesto en esta mesa (es tu propia mesa); espera a los demás jugadores")
    r = alice.post(f"/api/tables/{invite['id']}/leave?lang=es")
    refused(r, 409, "own_table", "es tu propia mesa: cancélala en su lugar")
    r = bob.post(f"/api/tables/{invite['id']}/leave")
    refused(r, 409, "not_seated", "tu n'as pas de place à cette table")
    r = bob.delete(f"/api/tables/{invite['id']}")
    refused(r, 404, "not_found", "cette table n'existe pas ou n'est pas la tienne")
    r = bob.post("/api/tables/nosuchtable/join")
    refused(r, 404, "not_found", "cette table n'existe pas")
    r = bob.post(f"/api/tables/{invite['id']}/fill")
    refused(r, 403, "not_creator", "seul le créateur de la table peut la compléter avec des bots")

    # a table taken meanwhile, a table cancelled meanwhile
    public = alice.post("/api/tables", json={}).json()["table"]
    assert carol.post(f"/api/tables/{public['id']}/join").status_code == 200
    r = bob.post(f"/api/tables/{public['id']}/join")
    refused(r, 409, "table_closed",
            "cette table n'est plus ouverte : toutes les places sont prises et sa partie a commencé")
    assert alice.delete(f"/api/tables/{invite['id']}").status_code == 200
    r = alice.delete(f"/api/tables/{invite['id']}", headers=ES)
    refused(r, 409, "table_closed", "esta mesa ya no está abierta")
    r = alice.delete(f"/api/tables/{invite['id']}")
    refused(r, 409, "table_closed", "this table is no longer open")

    # guests, coins, ranked tables and bots
    ranked = alice.post("/api/tables", json={"mode": "ranked"}).json()["table"]
    r = site.guest().post(f"/api/tables/{ranked['id']}/join", headers=ES)
    refused(r, 403, "account_required",
            "las partidas clasificatorias requieren una cuenta: regístrate o inicia sesión")
    r = alice.post(f"/api/tables/{ranked['id']}/fill?lang=fr")
    refused(r, 400, "bad_request", "une table classée ou avec une mise est réservée aux personnes : "
                                   "les parties contre un bot ne comptent jamais")
    staked = carol.post("/api/tables", json={"stake": 100}).json()["table"]
    r = site.guest().post(f"/api/tables/{staked['id']}/join?lang=fr")
    refused(r, 403, "account_required",
            "les invités jouent sans pièces : inscris-toi pour rejoindre une table avec une mise")
    site.execute("insert into ledger(user_id, amount, reason, game_id, created_at) values (2, -480, 'test', null, 0)")
    r = bob.post(f"/api/tables/{staked['id']}/join")
    refused(r, 400, "insufficient_balance",
            "la mise de cette table, 100 pièces, dépasse ton solde de 20 pièces")


def test_a_blocked_player_is_refused_a_seat_in_spanish(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert alice.post("/api/blocks", json={"username": "bobby"}).status_code == 200
    table = alice.post("/api/tables", json={}).json()["table"]
    r = bob.post(f"/api/tables/{table['id']}/join", headers=ES)
    refused(r, 403, "blocked", "no puedes sentarte en esta mesa: no juegas con uno de sus jugadores "
                               "(uno bloqueó al otro)")
    r = bob.post("/api/tables", json={"game": "unfairchess", "to": "alice"}, headers=ES)
    refused(r, 403, "blocked", "no puedes desafiar a alice: uno de los dos bloqueó al otro")


def test_challenge_refusals_follow_the_reader(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    alice.cookies.set("lang", "fr")

    def challenge(to: str, **terms: Any) -> Any:
        return alice.post("/api/tables", json={"game": "unfairchess", "to": to, **terms})

    refused(challenge("nobody"), 404, "not_found",
            "il n'y a pas de joueur 'nobody' à défier (les bots se jouent depuis le salon)")
    refused(challenge("alice"), 400, "bad_request", "tu ne peux pas te défier toi-même")
    guest = site.guest().get("/api/me").json()["user"]["username"]
    refused(challenge(guest, mode="ranked"), 403, "account_required",
            f"{guest} joue en invité : les invités jouent des parties amicales, sans pièces")
    site.execute("insert into ledger(user_id, amount, reason, game_id, created_at) values (2, -480, 'test', null, 0)")
    refused(challenge("bobby", stake=100), 400, "insufficient_balance",
            "une mise de 100 pièces dépasse le solde de bobby (20 pièces)")

    table = challenge("bobby").json()["table"]
    r = carol.post(f"/api/tables/{table['id']}/join?lang=es")
    refused(r, 403, "not_addressee", "este desafío es para bobby: solo esa persona puede ocupar el puesto")
    r = carol.post(f"/api/tables/{table['id']}/join")
    refused(r, 403, "not_addressee", "this challenge is for bobby: only they may take the seat")
    r = carol.post(f"/api/tables/{table['id']}/decline?lang=fr")
    refused(r, 404, "not_found", "ce défi n'existe pas ou ne t'est pas adressé")
    r = alice.post(f"/api/tables/{table['id']}/fill")
    refused(r, 409, "challenge", "un défi attend le joueur à qui il est adressé : annule-le plutôt")
    assert bob.post(f"/api/tables/{table['id']}/decline").status_code == 200
    r = bob.post(f"/api/tables/{table['id']}/decline", headers=ES)
    refused(r, 409, "table_closed", "este desafío ya no está abierto")


def test_too_many_open_tables_in_french(site: Site) -> None:
    alice = site.user("alice")
    for _ in range(5):
        assert alice.post("/api/tables", json={}).status_code == 200
    r = alice.post("/api/tables?lang=fr", json={})
    refused(r, 409, "too_many_tables", "tu as déjà 5 tables ouvertes ; annules-en une d'abord")


def test_the_limits_of_games_against_bots_follow_the_reader(site_factory: Callable[..., Site]) -> None:
    site = site_factory(bot_games_per_account=2, bot_games_per_ip=0)
    alice = site.user("alice")
    for _ in range(2):
        assert alice.post("/api/tables", json=BOT).status_code == 200
    r = alice.post("/api/tables", json=BOT, headers=ES)
    refused(r, 429, "too_many_bot_games",
            "ya juegas 2 partidas contra bots, el máximo permitido a la vez: termina o abandona una primero")
    r = alice.post("/api/tables", json=BOT)
    refused(r, 429, "too_many_bot_games",
            "you already play 2 games against bots, the most allowed at once: finish or resign one first")
    tid = alice.post("/api/tables", json={"game": "castel", "seats": 3, "bots": 1}).json()["table"]["id"]
    r = site.user("bobby").post(f"/api/tables/{tid}/join?lang=fr")
    refused(r, 429, "too_many_bot_games",
            "le créateur de cette table joue déjà 2 parties contre des bots, le maximum permis à la fois : "
            "termines-en une ou abandonne-la d'abord")

    per_address = site_factory(bot_games_per_ip=1, bot_games_per_account=0)
    bob = per_address.user("bobby")
    assert bob.post("/api/tables", json=BOT).status_code == 200
    bob.cookies.set("lang", "fr")
    r = bob.post("/api/tables", json=BOT)
    refused(r, 429, "too_many_bot_games",
            "1 parties contre des bots sont déjà en cours depuis ton adresse, le maximum permis à la fois : "
            "termines-en une ou abandonne-la d'abord")
