"""A game socket's refusals are in the language of the page that opened it: the socket's
``?lang=``, the ``lang`` cookie, then Accept-Language, as for the pages (donjon/server/ws.py,
``Gate``). The code of a refusal is the same in every language, an English reader reads the
English as before, and a game's rules' own reasons pass through as the engine gives them
(donjon/server/refusals/play.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.conftest import Player, Site, duel_on, play


def refused(f: dict[str, Any]) -> tuple[str, str]:
    assert f["t"] == "error", f
    return f["code"], f["reason"]


def french_and_spanish(site: Site) -> tuple[str, Player, Player]:
    """An UnfairChess game of alice (White, her pages in French: the cookie) and bobby
    (Black, his socket opened with ``?lang=es``), both sockets said hello."""
    a, b = site.user("alice"), site.user("bobby")
    a.cookies.set("lang", "fr")
    gid, by_seat = site.game_pair(a, b, color="white")
    white, black = Player(by_seat[0], gid), Player(by_seat[1], gid, "?lang=es")
    white.hello()
    black.hello()
    return gid, white, black


def test_a_spectator_reads_why_it_cannot_act_in_its_language(site: Site) -> None:
    _, gid, white, black = duel_on(site)
    french = site.client()
    french.cookies.set("lang", "fr")
    spectators = {
        "fr": Player(french, gid),
        "es": Player(site.client(), gid, headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}),
        "es?": Player(site.client(), gid, "?lang=es"),
        "en": Player(site.client(), gid),
        "de": Player(site.client(), gid, headers={"Accept-Language": "de"}),
    }
    for p in spectators.values():
        p.hello()
    said = {lang: refused(p.request("resign")) for lang, p in spectators.items()}
    assert said == {
        "fr": ("not_a_player", "tu regardes cette partie : seuls ses joueurs peuvent jouer"),
        "es": ("not_a_player", "estás viendo esta partida: solo sus jugadores pueden jugar"),
        "es?": ("not_a_player", "estás viendo esta partida: solo sus jugadores pueden jugar"),
        "en": ("not_a_player", "you are watching this game: only its players can act"),
        "de": ("not_a_player", "you are watching this game: only its players can act"),
    }


def test_the_lifecycle_refuses_in_each_players_language(site: Site) -> None:
    gid, white, black = french_and_spanish(site)
    english = Player(white.client, gid, "?lang=en")  # another tab of White's, in English
    english.hello()
    # a rule's own reason is the engine's, whatever the page's language
    rule = refused(white.act({"type": "move", "uci": "e2e5"}))
    assert rule == refused(english.act({"type": "move", "uci": "e2e5"})) and rule[0] == "illegal" and rule[1]
    assert refused(white.request("draw", op="accept")) == (
        "illegal", "ton adversaire n'a proposé aucune nulle à accepter")
    assert refused(black.act({"type": "move", "uci": "e7e5"})) == ("not_your_turn", "no es tu turno")
    assert refused(white.request("claim")) == (
        "illegal", "ton adversaire n'est pas absent : il n'y a pas de victoire à réclamer")
    play(white, black, ("e2e4", "e7e5"))
    # a page that missed two moves: stale (then a fresh sync)
    assert refused(white.act({"type": "move", "uci": "d2d4"}, v=0)) == (
        "stale", "version périmée : tu as envoyé v=0 mais la position a changé à v=2 (maintenant v=2) ; "
                 "ta vue a été mise à jour")
    assert refused(black.request("abort")) == (
        "illegal", "demasiado tarde para anular: los dos bandos han jugado (puedes rendirte)")
    assert black.request("resign")["t"] == "ack"
    white.wait_version(3)
    assert refused(white.request("draw", op="offer")) == ("game_over", "la partie est terminée")
    assert black.request("rematch", op="offer")["t"] == "ack"
    white.wait_version(4)
    assert refused(black.request("rematch", op="offer")) == ("illegal", "ya has propuesto una revancha")
    assert refused(white.request("rematch", op="offer")) == (
        "illegal", "ton adversaire a déjà proposé une revanche : accepte-la")
    # the same refusal to the English page of the same player is unchanged
    assert refused(english.request("rematch", op="offer")) == (
        "illegal", "your opponent already proposed a rematch: accept it")


def test_a_rematch_refused_by_a_block_in_spanish(site: Site) -> None:
    _, white, black = french_and_spanish(site)
    play(white, black, ("e2e4", "e7e5"))
    assert black.request("resign")["t"] == "ack"
    white.wait_version(black.v)  # type: ignore[arg-type]
    assert white.request("rematch", op="offer")["t"] == "ack"
    black.wait_version(white.v)  # type: ignore[arg-type]
    assert black.client.post("/api/blocks", json={"username": "alice"}).status_code == 200
    assert refused(black.request("rematch", op="accept")) == (
        "blocked", "no hay revancha: un jugador de esta partida ha bloqueado a otro")
    assert site.sql("select count(*) from games") == [(1,)]


def test_chat_refusals_follow_the_page(site: Site) -> None:
    _, white, black = french_and_spanish(site)
    assert refused(white.request("chat", text="   ")) == ("bad_chat", "un message du chat ne peut pas être vide")
    assert refused(black.request("chat", text="x" * 201)) == (
        "bad_chat", "un mensaje del chat tiene como máximo 200 caracteres (201 aquí)")
    assert refused(white.request("chat", text="bell\u0007")) == (
        "bad_chat", "un message du chat ne contient pas de caractères de contrôle")
    # what only a program of one's own sends stays English
    assert refused(white.request("chat", text=42)) == ("bad_chat", "'text' is the line to say, a string")
    for i in range(5):
        assert white.request("chat", text=f"line {i}")["t"] == "ack"
    assert refused(white.request("chat", text="one more")) == (
        "chat_too_fast", "au plus 5 messages en 10 secondes : patiente un peu")


def test_targets_positions_and_a_restart_follow_the_page(site: Site) -> None:
    _, white, black = french_and_spanish(site)
    assert refused(white.request("targets", v=5, card="poison")) == (
        "stale", "la version 5 n'est pas celle de la partie, 0 : redemande pour la version actuelle")
    assert refused(white.request("targets", v=0, card="nope")) == (
        "not_playable", "tu ne peux pas jouer 'nope' maintenant")
    assert refused(black.request("position", v=3)) == (
        "no_such_version", "no hay ninguna versión 3 en esta partida: va de 0 (el inicio) a 0 (ahora)")
    site.app.state.draining = True
    try:
        assert refused(white.request("resign")) == ("restarting", "le serveur redémarre : renvoie-le une fois reconnecté")
        assert refused(black.request("resign")) == (
            "restarting", "el servidor se está reiniciando: vuelve a enviarlo cuando te reconectes")
    finally:
        site.app.state.draining = False


def test_too_many_messages_in_french(site_factory: Callable[..., Site]) -> None:
    site = site_factory(ws_rate_limit=3)
    _, white, black = french_and_spanish(site)  # each socket's hello was its first message
    for p in (white, black):
        for i in range(2):
            p.ws.send_json({"t": "ping", "id": 100 + i})
        assert [p.recv()["t"] for _ in range(2)] == ["pong", "pong"]
    fr, es = white.request("resign"), black.request("resign")
    assert fr["code"] == es["code"] == "rate_limited" and fr["retry_after"] > 0
    assert fr["reason"].startswith("trop de messages : au plus 3 en 20 s ; celui-ci a été ignoré "
                                   "(de nouveau possible dans "), fr
    assert es["reason"].startswith("demasiados mensajes: como máximo 3 cada 20 s; este se ha descartado "
                                   "(podrás enviar de nuevo en "), es
