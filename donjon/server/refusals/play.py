"""Refusals during a game, sent on the game socket: the lifecycle (turns, draws, rematches,
claims), stale pages, the chat, past positions, the socket's own limits."""

from donjon.said import Sayer

say = Sayer({
    # the match's lifecycle (donjon/server/match.py)
    "game_over": {
        "en": "the game is over",
        "fr": "la partie est terminée",
        "es": "la partida ha terminado",
    },
    "not_your_turn": {
        "en": "it is not your turn",
        "fr": "ce n'est pas ton tour",
        "es": "no es tu turno",
    },
    "time_up": {
        "en": "your time is up",
        "fr": "ton temps est écoulé",
        "es": "se te ha acabado el tiempo",
    },
    "left": {
        "en": "you left this game: a bot plays your seat now",
        "fr": "tu as quitté cette partie : un bot joue à ta place maintenant",
        "es": "dejaste esta partida: ahora un bot juega en tu puesto",
    },
    "coop_resign": {
        "en": "a cooperative game cannot be resigned; abandon it instead",
        "fr": "on n'abandonne pas une partie coopérative ; quitte-la plutôt",
        "es": "no puedes rendirte en una partida cooperativa; déjala en su lugar",
    },
    "draw_two_players": {
        "en": "draws by agreement exist only in two-player games",
        "fr": "la nulle par accord n'existe que dans les parties à deux joueurs",
        "es": "las tablas de mutuo acuerdo solo existen en partidas de dos jugadores",
    },
    "draw_offered": {
        "en": "you have already offered a draw",
        "fr": "tu as déjà proposé la nulle",
        "es": "ya has ofrecido tablas",
    },
    "no_draw_to_accept": {
        "en": "there is no draw offer from your opponent to accept",
        "fr": "ton adversaire n'a proposé aucune nulle à accepter",
        "es": "tu rival no ha ofrecido tablas que aceptar",
    },
    "no_draw_to_decline": {
        "en": "there is no draw offer from your opponent to decline",
        "fr": "ton adversaire n'a proposé aucune nulle à refuser",
        "es": "tu rival no ha ofrecido tablas que rechazar",
    },
    "abort_too_late": {
        "en": "too late to abort: both sides have moved (you may resign)",
        "fr": "trop tard pour annuler : les deux camps ont joué (tu peux abandonner)",
        "es": "demasiado tarde para anular: los dos bandos han jugado (puedes rendirte)",
    },
    "rematch_game_on": {
        "en": "a rematch can be proposed once the game is over",
        "fr": "une revanche se propose une fois la partie terminée",
        "es": "la revancha se propone cuando la partida ha terminado",
    },
    "rematch_two_players": {
        "en": "rematches exist only in two-player games",
        "fr": "les revanches n'existent que dans les parties à deux joueurs",
        "es": "las revanchas solo existen en partidas de dos jugadores",
    },
    "rematch_started": {
        "en": "the rematch has already started",
        "fr": "la revanche a déjà commencé",
        "es": "la revancha ya ha empezado",
    },
    "rematch_proposed": {
        "en": "you have already proposed a rematch",
        "fr": "tu as déjà proposé une revanche",
        "es": "ya has propuesto una revancha",
    },
    "rematch_theirs": {
        "en": "your opponent already proposed a rematch: accept it",
        "fr": "ton adversaire a déjà proposé une revanche : accepte-la",
        "es": "tu rival ya ha propuesto una revancha: acéptala",
    },
    "no_rematch_proposal": {
        "en": "there is no rematch proposal from your opponent",
        "fr": "ton adversaire n'a proposé aucune revanche",
        "es": "tu rival no ha propuesto ninguna revancha",
    },
    # the rooms (donjon/server/room_state.py)
    "stale": {
        "en": "stale version: you sent v={sent} but the position changed at v={changed} (now v={now}); "
              "your view has been refreshed",
        "fr": "version périmée : tu as envoyé v={sent} mais la position a changé à v={changed} "
              "(maintenant v={now}) ; ta vue a été mise à jour",
        "es": "versión caducada: enviaste v={sent} pero la posición cambió en v={changed} (ahora v={now}); "
              "tu vista se ha actualizado",
    },
    "claim_too_early": {
        "en": "your opponent has been away for less than {claim:g} s; you may claim in {wait:.0f} s",
        "fr": "ton adversaire est absent depuis moins de {claim:g} s ; tu pourras réclamer dans {wait:.0f} s",
        "es": "tu rival lleva menos de {claim:g} s ausente; podrás reclamar dentro de {wait:.0f} s",
    },
    "claim_not_away": {
        "en": "your opponent is not away: there is no victory to claim",
        "fr": "ton adversaire n'est pas absent : il n'y a pas de victoire à réclamer",
        "es": "tu rival no está ausente: no hay victoria que reclamar",
    },
    "conflict": {
        "en": "the game moved on before your intent arrived; try again",
        "fr": "la partie a avancé avant l'arrivée de ton coup ; réessaie",
        "es": "la partida avanzó antes de que llegara tu jugada; inténtalo de nuevo",
    },
    "rematch_blocked": {
        "en": "no rematch: a player of this game blocked another",
        "fr": "pas de revanche : un joueur de cette partie en a bloqué un autre",
        "es": "no hay revancha: un jugador de esta partida ha bloqueado a otro",
    },
    "rematch_balance": {
        "en": "{name} no longer has the {stake} coins of the stake for a rematch",
        "fr": "{name} n'a plus les {stake} pièces de la mise pour une revanche",
        "es": "{name} ya no tiene las {stake} monedas de la apuesta para una revancha",
    },
    # the game socket (donjon/server/ws.py)
    "not_a_player": {
        "en": "you are watching this game: only its players can act",
        "fr": "tu regardes cette partie : seuls ses joueurs peuvent jouer",
        "es": "estás viendo esta partida: solo sus jugadores pueden jugar",
    },
    "targets_stale": {
        "en": "version {v} is not the game's version {now}: ask again for the current one",
        "fr": "la version {v} n'est pas celle de la partie, {now} : redemande pour la version actuelle",
        "es": "la versión {v} no es la de la partida, {now}: vuelve a pedir la actual",
    },
    "not_playable": {
        "en": "you cannot play {card!r} now",
        "fr": "tu ne peux pas jouer {card!r} maintenant",
        "es": "no puedes jugar {card!r} ahora",
    },
    "restarting": {
        "en": "the server is restarting: send it again once reconnected",
        "fr": "le serveur redémarre : renvoie-le une fois reconnecté",
        "es": "el servidor se está reiniciando: vuelve a enviarlo cuando te reconectes",
    },
    "too_many_messages": {
        "en": "too many messages: at most {most} per {window:g} s; this one was dropped (room again in {wait:.0f} s)",
        "fr": "trop de messages : au plus {most} en {window:g} s ; celui-ci a été ignoré "
              "(de nouveau possible dans {wait:.0f} s)",
        "es": "demasiados mensajes: como máximo {most} cada {window:g} s; este se ha descartado "
              "(podrás enviar de nuevo en {wait:.0f} s)",
    },
    # the chat (donjon/server/chat.py)
    "chat_empty": {
        "en": "a chat line is not empty",
        "fr": "un message du chat ne peut pas être vide",
        "es": "un mensaje del chat no puede estar vacío",
    },
    "chat_long": {
        "en": "a chat line has at most {most} characters ({length} here)",
        "fr": "un message du chat a au plus {most} caractères ({length} ici)",
        "es": "un mensaje del chat tiene como máximo {most} caracteres ({length} aquí)",
    },
    "chat_control": {
        "en": "a chat line has no control characters",
        "fr": "un message du chat ne contient pas de caractères de contrôle",
        "es": "un mensaje del chat no contiene caracteres de control",
    },
    "chat_muted": {
        "en": "an operator muted you until {until}: you may not chat before then",
        "fr": "un modérateur t'a réduit au silence jusqu'au {until} : tu ne peux pas écrire avant",
        "es": "un moderador te ha silenciado hasta el {until}: no puedes escribir en el chat antes",
    },
    "chat_too_fast": {
        "en": "at most {burst} chat lines in {window:g} seconds: wait a little",
        "fr": "au plus {burst} messages en {window:g} secondes : patiente un peu",
        "es": "como máximo {burst} mensajes en {window:g} segundos: espera un poco",
    },
    # past positions (donjon/server/positions.py)
    "no_such_version": {
        "en": "there is no version {v} in this game: it goes from 0 (the start) to {now} (now)",
        "fr": "il n'y a pas de version {v} dans cette partie : elle va de 0 (le début) à {now} (maintenant)",
        "es": "no hay ninguna versión {v} en esta partida: va de 0 (el inicio) a {now} (ahora)",
    },
    "version_unknown": {
        "en": "version {v} of this game is not known here",
        "fr": "la version {v} de cette partie n'est pas connue ici",
        "es": "la versión {v} de esta partida no se conoce aquí",
    },
})
