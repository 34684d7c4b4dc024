"""Refusals of the lobby: opening a table (its terms, its clock), sitting at one, leaving,
filling it with bots, cancelling it, challenges, the limits of games against bots.

The refusals only a hand-written client meets (a body that is not a table request, a field
of the wrong JSON type, terms the site's table form never sends) stay in English in
``donjon/server/lobby.py``.
"""

from donjon.said import Sayer

say = Sayer({
    # ---------------------------------------------------------------- a table's terms
    "unknown_game": {
        "en": "unknown game {game!r}; known: {known}",
        "fr": "jeu inconnu {game!r} ; jeux proposés : {known}",
        "es": "juego desconocido {game!r}; juegos disponibles: {known}",
    },
    "field_range": {
        "en": "{field}: from {lo} to {hi}, not {value}",
        "fr": "{field} : de {lo} à {hi}, pas {value}",
        "es": "{field}: de {lo} a {hi}, no {value}",
    },
    "no_bots": {
        "en": "{game} has no bots: every seat is for a person",
        "fr": "{game} n'a pas de bots : chaque place est pour une personne",
        "es": "{game} no tiene bots: cada puesto es para una persona",
    },
    "clock_seconds": {
        "en": "{field}: from {lo} to {hi} seconds",
        "fr": "{field} : de {lo} à {hi} secondes",
        "es": "{field}: de {lo} a {hi} segundos",
    },
    "clock_days": {
        "en": "{field}: from {lo} to {hi} days",
        "fr": "{field} : de {lo} à {hi} jours",
        "es": "{field}: de {lo} a {hi} días",
    },
    # ---------------------------------------------------------------- guests, coins
    "ranked_account": {
        "en": "ranked games need an account: register or log in",
        "fr": "les parties classées demandent un compte : inscris-toi ou connecte-toi",
        "es": "las partidas clasificatorias requieren una cuenta: regístrate o inicia sesión",
    },
    "guest_stake_open": {
        "en": "guests play without coins: register to put a stake on a game",
        "fr": "les invités jouent sans pièces : inscris-toi pour miser sur une partie",
        "es": "los invitados juegan sin monedas: regístrate para apostar en una partida",
    },
    "guest_stake_join": {
        "en": "guests play without coins: register to join a table with a stake",
        "fr": "les invités jouent sans pièces : inscris-toi pour rejoindre une table avec une mise",
        "es": "los invitados juegan sin monedas: regístrate para unirte a una mesa con apuesta",
    },
    "stake_above_balance": {
        "en": "a stake of {stake} coins is above your balance of {balance} coins",
        "fr": "une mise de {stake} pièces dépasse ton solde de {balance} pièces",
        "es": "una apuesta de {stake} monedas supera tu saldo de {balance} monedas",
    },
    "stake_above_their_balance": {
        "en": "a stake of {stake} coins is above {name}'s balance of {balance} coins",
        "fr": "une mise de {stake} pièces dépasse le solde de {name} ({balance} pièces)",
        "es": "una apuesta de {stake} monedas supera el saldo de {name} ({balance} monedas)",
    },
    "table_stake_above_balance": {
        "en": "this table's stake of {stake} coins is above your balance of {balance} coins",
        "fr": "la mise de cette table, {stake} pièces, dépasse ton solde de {balance} pièces",
        "es": "la apuesta de esta mesa, {stake} monedas, supera tu saldo de {balance} monedas",
    },
    "stake_gone": {
        "en": "{who} no longer has the coins of the stake",
        "fr": "{who} n'a plus les pièces de la mise",
        "es": "{who} ya no tiene las monedas de la apuesta",
    },
    "the_creator": {
        "en": "the table's creator",
        "fr": "le créateur de la table",
        "es": "el creador de la mesa",
    },
    "a_player": {
        "en": "a player",
        "fr": "un joueur",
        "es": "un jugador",
    },
    # ---------------------------------------------------------------- games against bots
    "bot_games_address": {
        "en": "{limit} games against bots are already in progress from your address, the most allowed at "
              "once: finish or resign one first",
        "fr": "{limit} parties contre des bots sont déjà en cours depuis ton adresse, le maximum permis à la "
              "fois : termines-en une ou abandonne-la d'abord",
        "es": "ya hay {limit} partidas contra bots en curso desde tu dirección, el máximo permitido a la vez: "
              "termina o abandona una primero",
    },
    "bot_games_address_rematch": {
        "en": "{limit} games against bots are already in progress from your address, the most allowed at once",
        "fr": "{limit} parties contre des bots sont déjà en cours depuis ton adresse, le maximum permis à la fois",
        "es": "ya hay {limit} partidas contra bots en curso desde tu dirección, el máximo permitido a la vez",
    },
    "bot_games_yours": {
        "en": "you already play {n} games against bots, the most allowed at once: finish or resign one first",
        "fr": "tu joues déjà {n} parties contre des bots, le maximum permis à la fois : termines-en une ou "
              "abandonne-la d'abord",
        "es": "ya juegas {n} partidas contra bots, el máximo permitido a la vez: termina o abandona una primero",
    },
    "bot_games_creator": {
        "en": "the creator of this table already plays {n} games against bots, the most allowed at once: "
              "finish or resign one first",
        "fr": "le créateur de cette table joue déjà {n} parties contre des bots, le maximum permis à la fois : "
              "termines-en une ou abandonne-la d'abord",
        "es": "el creador de esta mesa ya juega {n} partidas contra bots, el máximo permitido a la vez: "
              "termina o abandona una primero",
    },
    # ---------------------------------------------------------------- challenges
    "no_such_player": {
        "en": "there is no player {name!r} to challenge (bots are played from the lobby)",
        "fr": "il n'y a pas de joueur {name!r} à défier (les bots se jouent depuis le salon)",
        "es": "no hay ningún jugador {name!r} a quien desafiar (contra los bots se juega desde la sala)",
    },
    "challenge_self": {
        "en": "you cannot challenge yourself",
        "fr": "tu ne peux pas te défier toi-même",
        "es": "no puedes desafiarte a ti mismo",
    },
    "challenge_blocked": {
        "en": "you cannot challenge {name}: one of you blocked the other",
        "fr": "tu ne peux pas défier {name} : l'un de vous deux a bloqué l'autre",
        "es": "no puedes desafiar a {name}: uno de los dos bloqueó al otro",
    },
    "challenge_guest": {
        "en": "{name} plays as a guest: guests play friendly games without coins",
        "fr": "{name} joue en invité : les invités jouent des parties amicales, sans pièces",
        "es": "{name} juega como invitado: los invitados juegan partidas amistosas, sin monedas",
    },
    "not_addressee": {
        "en": "this challenge is for {name}: only they may take the seat",
        "fr": "ce défi est pour {name} : seule cette personne peut prendre la place",
        "es": "este desafío es para {name}: solo esa persona puede ocupar el puesto",
    },
    "someone_else": {
        "en": "someone else",
        "fr": "quelqu'un d'autre",
        "es": "otra persona",
    },
    "fill_challenge": {
        "en": "a challenge waits for the player it is addressed to: cancel it instead",
        "fr": "un défi attend le joueur à qui il est adressé : annule-le plutôt",
        "es": "un desafío espera al jugador al que va dirigido: cancélalo en su lugar",
    },
    "no_challenge_to_you": {
        "en": "there is no such challenge to you",
        "fr": "ce défi n'existe pas ou ne t'est pas adressé",
        "es": "ese desafío no existe o no va dirigido a ti",
    },
    "challenge_closed": {
        "en": "this challenge is no longer open",
        "fr": "ce défi n'est plus ouvert",
        "es": "este desafío ya no está abierto",
    },
    # ---------------------------------------------------------------- tables
    "too_many_tables": {
        "en": "you already have {most} open tables; cancel one first",
        "fr": "tu as déjà {most} tables ouvertes ; annules-en une d'abord",
        "es": "ya tienes {most} mesas abiertas; cancela una primero",
    },
    "no_such_table": {
        "en": "there is no such table",
        "fr": "cette table n'existe pas",
        "es": "esa mesa no existe",
    },
    "no_table_of_yours": {
        "en": "there is no such table of yours",
        "fr": "cette table n'existe pas ou n'est pas la tienne",
        "es": "esa mesa no existe o no es tuya",
    },
    "table_started": {
        "en": "this table is no longer open: every seat is taken and its game has started",
        "fr": "cette table n'est plus ouverte : toutes les places sont prises et sa partie a commencé",
        "es": "esta mesa ya no está abierta: todos los puestos están ocupados y su partida ha empezado",
    },
    "table_closed": {
        "en": "this table is no longer open",
        "fr": "cette table n'est plus ouverte",
        "es": "esta mesa ya no está abierta",
    },
    "invite_required": {
        "en": "this table is by invitation: open the invite link you were sent",
        "fr": "cette table est sur invitation : ouvre le lien d'invitation que tu as reçu",
        "es": "esta mesa es por invitación: abre el enlace de invitación que te enviaron",
    },
    "own_table_join": {
        "en": "you already sit at this table (it is your own table); wait for the other players",
        "fr": "tu as déjà une place à cette table (c'est ta table) ; attends les autres joueurs",
        "es": "ya tienes un puesto en esta mesa (es tu propia mesa); espera a los demás jugadores",
    },
    "already_seated": {
        "en": "you already sit at this table; wait for the other players",
        "fr": "tu as déjà une place à cette table ; attends les autres joueurs",
        "es": "ya tienes un puesto en esta mesa; espera a los demás jugadores",
    },
    "table_full": {
        "en": "this table is full",
        "fr": "cette table est complète",
        "es": "esta mesa está completa",
    },
    "join_blocked": {
        "en": "you cannot sit at this table: you and a player there do not play together (one blocked the other)",
        "fr": "tu ne peux pas t'asseoir à cette table : tu ne joues pas avec l'un de ses joueurs "
              "(l'un a bloqué l'autre)",
        "es": "no puedes sentarte en esta mesa: no juegas con uno de sus jugadores (uno bloqueó al otro)",
    },
    "own_table_leave": {
        "en": "this is your own table: cancel it instead",
        "fr": "c'est ta propre table : annule-la plutôt",
        "es": "es tu propia mesa: cancélala en su lugar",
    },
    "not_seated": {
        "en": "you do not sit at this table",
        "fr": "tu n'as pas de place à cette table",
        "es": "no tienes ningún puesto en esta mesa",
    },
    "not_creator": {
        "en": "only the table's creator may fill it with bots",
        "fr": "seul le créateur de la table peut la compléter avec des bots",
        "es": "solo el creador de la mesa puede completarla con bots",
    },
    "fill_people_only": {
        "en": "a ranked table or a table with a stake is for people only: games against a bot never count",
        "fr": "une table classée ou avec une mise est réservée aux personnes : les parties contre un bot ne "
              "comptent jamais",
        "es": "una mesa clasificatoria o con apuesta es solo para personas: las partidas contra un bot nunca "
              "cuentan",
    },
    "game_gone": {
        "en": "this table's game is not hosted here any more",
        "fr": "le jeu de cette table n'est plus proposé ici",
        "es": "el juego de esta mesa ya no se ofrece aquí",
    },
})
