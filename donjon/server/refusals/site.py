"""Refusals of the site's other APIs: players, games and their exports, the league's pages,
reports, blocks, follows, puzzles and tutorials."""

from donjon.said import Sayer

say = Sayer({
    # ----------------------------------------------------------------- players (api_common, api)
    "no_player": {
        "en": "there is no player {name!r}",
        "fr": "il n'y a pas de joueur {name!r}",
        "es": "no hay ningún jugador {name!r}",
    },
    "no_such_player": {
        "en": "there is no such player",
        "fr": "ce joueur n'existe pas",
        "es": "ese jugador no existe",
    },
    "self_block": {
        "en": "you cannot block yourself",
        "fr": "tu ne peux pas te bloquer toi-même",
        "es": "no puedes bloquearte a ti mismo",
    },
    "self_unblock": {
        "en": "you cannot unblock yourself",
        "fr": "tu ne peux pas te débloquer toi-même",
        "es": "no puedes desbloquearte a ti mismo",
    },
    "self_follow": {
        "en": "you cannot follow yourself",
        "fr": "tu ne peux pas te suivre toi-même",
        "es": "no puedes seguirte a ti mismo",
    },
    "self_unfollow": {
        "en": "you cannot unfollow yourself",
        "fr": "tu ne peux pas cesser de te suivre toi-même",
        "es": "no puedes dejar de seguirte a ti mismo",
    },
    "self_report": {
        "en": "you cannot report yourself",
        "fr": "tu ne peux pas te signaler toi-même",
        "es": "no puedes denunciarte a ti mismo",
    },
    # ----------------------------------------------------------------- tables, games, exports (api)
    "no_such_table": {
        "en": "there is no such table",
        "fr": "cette table n'existe pas",
        "es": "esa mesa no existe",
    },
    "no_such_game": {
        "en": "there is no such game",
        "fr": "cette partie n'existe pas",
        "es": "esa partida no existe",
    },
    "game_active": {
        "en": "this game is still being played: watch it live",
        "fr": "cette partie est encore en cours : regarde-la en direct",
        "es": "esta partida aún se está jugando: mírala en directo",
    },
    "no_export": {
        "en": "a {kind} game has no export {name!r} (its exports: {exports})",
        "fr": "une partie de {kind} n'a pas d'export {name!r} (ses exports : {exports})",
        "es": "una partida de {kind} no tiene la exportación {name!r} (sus exportaciones: {exports})",
    },
    "no_exports": {
        "en": "none",
        "fr": "aucun",
        "es": "ninguna",
    },
    "no_game_export": {
        "en": "there is no game {game!r} with an export {name!r} (GET /api/games: exports)",
        "fr": "il n'y a pas de jeu {game!r} avec un export {name!r} (GET /api/games : exports)",
        "es": "no hay ningún juego {game!r} con una exportación {name!r} (GET /api/games: exports)",
    },
    # ----------------------------------------------------------------- league (league_api)
    "account_required": {
        "en": "guests play without coins: register to collect bonuses, rewards and hats",
        "fr": "les invités jouent sans pièces : inscris-toi pour recevoir bonus, récompenses et chapeaux",
        "es": "los invitados juegan sin monedas: regístrate para recoger bonificaciones, recompensas y sombreros",
    },
    "speed_one_of": {
        "en": "speed is one of {speeds}",
        "fr": "la cadence est l'une des suivantes : {speeds}",
        "es": "el ritmo es uno de estos: {speeds}",
    },
    # ----------------------------------------------------------------- reports
    "report_too_long": {
        "en": "a report's text has at most {most} characters ({length} here)",
        "fr": "le texte d'un signalement a au plus {most} caractères ({length} ici)",
        "es": "el texto de una denuncia tiene como máximo {most} caracteres ({length} aquí)",
    },
    "report_control": {
        "en": "a report's text has no control characters",
        "fr": "le texte d'un signalement ne contient pas de caractères de contrôle",
        "es": "el texto de una denuncia no lleva caracteres de control",
    },
    "report_say_what": {
        "en": "say what happened: a report of reason 'other' has a text",
        "fr": "dis ce qui s'est passé : un signalement pour « Autre chose » a un texte",
        "es": "di qué pasó: una denuncia por «Otra cosa» lleva un texto",
    },
    "no_game": {
        "en": "there is no game {game!r}",
        "fr": "il n'y a pas de partie {game!r}",
        "es": "no hay ninguna partida {game!r}",
    },
    "not_in_game": {
        "en": "{name} did not play game {game}",
        "fr": "{name} n'a pas joué la partie {game}",
        "es": "{name} no jugó la partida {game}",
    },
    "already_reported": {
        "en": "you already reported {name} for this; the operators will read it",
        "fr": "tu as déjà signalé {name} pour cela ; les responsables du site le liront",
        "es": "ya denunciaste a {name} por esto; los responsables del sitio lo leerán",
    },
    "too_many_reports": {
        "en": "{most} of your reports are still to be read; wait for the operators",
        "fr": "{most} de tes signalements attendent encore d'être lus ; attends les responsables du site",
        "es": "{most} de tus denuncias están aún por leer; espera a los responsables del sitio",
    },
    # ----------------------------------------------------------------- blocks, follows
    "too_many_blocks": {
        "en": "you have blocked {most} players, the most allowed; unblock one first",
        "fr": "tu as bloqué {most} joueurs, le maximum permis ; débloques-en un d'abord",
        "es": "has bloqueado a {most} jugadores, el máximo permitido; desbloquea a uno antes",
    },
    "follow_blocked": {
        "en": "you cannot follow {name}: one of you blocked the other",
        "fr": "tu ne peux pas suivre {name} : l'un de vous deux a bloqué l'autre",
        "es": "no puedes seguir a {name}: uno de los dos ha bloqueado al otro",
    },
    "too_many_follows": {
        "en": "you follow {most} players, the most allowed; unfollow one first",
        "fr": "tu suis {most} joueurs, le maximum permis ; cesse d'en suivre un d'abord",
        "es": "sigues a {most} jugadores, el máximo permitido; deja de seguir a uno antes",
    },
    # ----------------------------------------------------------------- puzzles
    "no_puzzle": {
        "en": "there is no puzzle {puzzle!r} in {game!r}",
        "fr": "il n'y a pas de problème {puzzle!r} dans {game!r}",
        "es": "no hay ningún problema {puzzle!r} en {game!r}",
    },
    "no_puzzle_game": {
        "en": "no game {game!r} with puzzles; games with puzzles: {games}",
        "fr": "pas de jeu {game!r} avec des problèmes ; jeux avec des problèmes : {games}",
        "es": "no hay ningún juego {game!r} con problemas; juegos con problemas: {games}",
    },
    "no_puzzle_games": {
        "en": "none",
        "fr": "aucun",
        "es": "ninguno",
    },
    "no_puzzles": {
        "en": "there are no puzzles on this server",
        "fr": "il n'y a pas de problèmes sur ce serveur",
        "es": "no hay problemas en este servidor",
    },
    "stale_step": {
        "en": "this puzzle is at step {progress}, not {step}: reload it",
        "fr": "ce problème en est à l'étape {progress}, pas {step} : recharge-le",
        "es": "este problema va por el paso {progress}, no el {step}: recárgalo",
    },
    # ----------------------------------------------------------------- tutorials
    "no_tutorial": {
        "en": "there is no tutorial for that game",
        "fr": "ce jeu n'a pas de tutoriel",
        "es": "ese juego no tiene tutorial",
    },
    "lesson_range": {
        "en": "lessons are numbered 0 to {last}",
        "fr": "les leçons sont numérotées de 0 à {last}",
        "es": "las lecciones van numeradas del 0 al {last}",
    },
})
