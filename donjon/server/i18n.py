"""The site's texts in English, French and Spanish (the game boards carry their own).

One entry per message, holding its languages::

    >>> text("wins", "es"), text("wins", "de")
    ('Victorias', 'Wins')
    >>> strings("fr")["nav_play"]
    'Jouer'

A language a message lacks falls back to English (:func:`donjon.games.info.pick`);
``tests/test_translations.py`` checks that every message has every language of
:data:`LANGS`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from donjon.games.info import LANGS, pick

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

Message = dict[str, str]
"""One message in each language: ``{"en": "Wins", "fr": "Victoires", "es": "Victorias"}``."""

MESSAGES: dict[str, Message] = {
    "nav_learn": {
        "en": "Learn",
        "fr": "Apprendre",
        "es": "Aprender",
    },
    "learn_title": {
        "en": "Learn to play",
        "fr": "Apprendre à jouer",
        "es": "Aprender a jugar",
    },
    "learn_intro": {
        "en": "A few short lessons per game, each a position to play: do what the sentence says and the next lesson opens. Your progress is kept.",
        "fr": "Quelques courtes leçons par jeu, chacune une position à jouer : fais ce que dit la phrase et la leçon suivante s'ouvre. Ta progression est gardée.",
        "es": "Unas pocas lecciones cortas por juego, cada una una posición que jugar: haz lo que dice la frase y se abre la lección siguiente. Tu progreso se guarda.",
    },
    "learn_progress": {
        "en": "{done} of {count} lessons",
        "fr": "{done} leçons sur {count}",
        "es": "{done} de {count} lecciones",
    },
    "learn_start": {
        "en": "Start",
        "fr": "Commencer",
        "es": "Empezar",
    },
    "learn_continue": {
        "en": "Continue",
        "fr": "Continuer",
        "es": "Continuar",
    },
    "learn_again": {
        "en": "Start again",
        "fr": "Recommencer",
        "es": "Empezar de nuevo",
    },
    "learn_finished": {
        "en": "Finished",
        "fr": "Terminé",
        "es": "Terminado",
    },
    "learn_lesson": {
        "en": "Lesson {n} of {count}",
        "fr": "Leçon {n} sur {count}",
        "es": "Lección {n} de {count}",
    },
    "learn_next": {
        "en": "Next lesson",
        "fr": "Leçon suivante",
        "es": "Lección siguiente",
    },
    "learn_play_bot": {
        "en": "Play the easy bot",
        "fr": "Jouer contre le bot facile",
        "es": "Jugar contra el bot fácil",
    },
    "learn_lessons": {
        "en": "Lessons",
        "fr": "Leçons",
        "es": "Lecciones",
    },
    "learn_you": {
        "en": "You",
        "fr": "Toi",
        "es": "Tú",
    },
    "learn_other": {
        "en": "Tutor",
        "fr": "Tuteur",
        "es": "Tutor",
    },
    "tagline": {
        "en": "Board games refereed by the server. Nobody cheats from their browser.",
        "fr": "Des jeux de plateau arbitrés par le serveur. Personne ne triche depuis son navigateur.",
        "es": "Juegos de mesa arbitrados por el servidor. Nadie hace trampas desde su navegador.",
    },
    "menu": {
        "en": "Menu",
        "fr": "Menu",
        "es": "Menú",
    },
    "play_computer": {
        "en": "Play with the computer",
        "fr": "Jouer contre l'ordinateur",
        "es": "Jugar contra el ordenador",
    },
    "or_play": {
        "en": "or play",
        "fr": "ou jouer à",
        "es": "o jugar a",
    },
    "confirm_buy": {
        "en": "Buy the {name} for {price} coins?",
        "fr": "Acheter {name} pour {price} pièces ?",
        "es": "¿Comprar {name} por {price} monedas?",
    },
    "coin_change": {
        "en": "Coins won or lost",
        "fr": "Pièces gagnées ou perdues",
        "es": "Monedas ganadas o perdidas",
    },
    "elo": {
        "en": "Elo",
        "fr": "Elo",
        "es": "Elo",
    },
    "close": {
        "en": "Close",
        "fr": "Fermer",
        "es": "Cerrar",
    },
    "days_short": {
        "en": "d",
        "fr": "j",
        "es": "d",
    },
    "clocks": {
        "en": "Clocks",
        "fr": "Pendules",
        "es": "Relojes",
    },
    "r_timeout": {
        "en": "on time",
        "fr": "au temps",
        "es": "por tiempo",
    },
    "ev_clock": {
        "en": "The clocks were given back the time the server was down.",
        "fr": "Les pendules ont rendu le temps pendant lequel le serveur était arrêté.",
        "es": "Los relojes han devuelto el tiempo en que el servidor estuvo parado.",
    },
    "ev_flag": {
        "en": "ran out of time",
        "fr": "n'a plus de temps",
        "es": "se ha quedado sin tiempo",
    },
    "time_control": {
        "en": "Clock",
        "fr": "Pendule",
        "es": "Reloj",
    },
    "minutes": {
        "en": "Minutes",
        "fr": "Minutes",
        "es": "Minutos",
    },
    "increment_s": {
        "en": "Seconds per move",
        "fr": "Secondes par coup",
        "es": "Segundos por jugada",
    },
    "no_clock": {
        "en": "No clock",
        "fr": "Sans pendule",
        "es": "Sin reloj",
    },
    "one_day": {
        "en": "1 day per move",
        "fr": "1 jour par coup",
        "es": "1 día por jugada",
    },
    "n_days": {
        "en": "{n} days per move",
        "fr": "{n} jours par coup",
        "es": "{n} días por jugada",
    },
    "max_short": {
        "en": "max",
        "fr": "max",
        "es": "máx.",
    },
    "custom": {
        "en": "Custom…",
        "fr": "Sur mesure…",
        "es": "Personalizado…",
    },
    "speed": {
        "en": "Speed",
        "fr": "Cadence",
        "es": "Ritmo",
    },
    "all_speeds": {
        "en": "All speeds",
        "fr": "Toutes cadences",
        "es": "Todos los ritmos",
    },
    "speed_bullet": {
        "en": "Bullet",
        "fr": "Bullet",
        "es": "Bala",
    },
    "speed_blitz": {
        "en": "Blitz",
        "fr": "Blitz",
        "es": "Blitz",
    },
    "speed_rapid": {
        "en": "Rapid",
        "fr": "Rapide",
        "es": "Rápida",
    },
    "speed_classical": {
        "en": "Classical",
        "fr": "Classique",
        "es": "Clásica",
    },
    "speed_correspondence": {
        "en": "Correspondence",
        "fr": "Par correspondance",
        "es": "Por correspondencia",
    },
    "my_games": {
        "en": "My games",
        "fr": "Mes parties",
        "es": "Mis partidas",
    },
    "my_games_note": {
        "en": "Your games in progress, the ones waiting for you first, then your finished games.",
        "fr": "Tes parties en cours, celles qui t'attendent d'abord, puis tes parties finies.",
        "es": "Tus partidas en curso, primero las que te esperan, y luego las terminadas.",
    },
    "challenge_btn": {
        "en": "Challenge",
        "fr": "Défier",
        "es": "Desafiar",
    },
    "challenge_title": {
        "en": "Challenge {name}",
        "fr": "Défier {name}",
        "es": "Desafiar a {name}",
    },
    "challenge_note": {
        "en": "A game for two: {name} gets your challenge and may accept or decline it.",
        "fr": "Une partie à deux : {name} reçoit ton défi et peut l'accepter ou le refuser.",
        "es": "Una partida para dos: {name} recibe tu desafío y puede aceptarlo o rechazarlo.",
    },
    "send_challenge": {
        "en": "Send the challenge",
        "fr": "Envoyer le défi",
        "es": "Enviar el desafío",
    },
    "challenge_list": {
        "en": "Challenges",
        "fr": "Défis",
        "es": "Desafíos",
    },
    "no_challenges": {
        "en": "No challenges waiting.",
        "fr": "Aucun défi en attente.",
        "es": "Ningún desafío pendiente.",
    },
    "challenge_from": {
        "en": "{name} challenges you",
        "fr": "{name} te défie",
        "es": "{name} te desafía",
    },
    "challenge_to": {
        "en": "Sent to {name}",
        "fr": "Envoyé à {name}",
        "es": "Enviado a {name}",
    },
    "accept": {
        "en": "Accept",
        "fr": "Accepter",
        "es": "Aceptar",
    },
    "decline": {
        "en": "Decline",
        "fr": "Refuser",
        "es": "Rechazar",
    },
    "challenge_toast": {
        "en": "{name} challenges you to {game}",
        "fr": "{name} te défie à {game}",
        "es": "{name} te desafía a {game}",
    },
    "challenge_for": {
        "en": "This challenge is for {name}.",
        "fr": "Ce défi est pour {name}.",
        "es": "Este desafío es para {name}.",
    },
    "challenge_waiting": {
        "en": "Waiting for {name} to accept…",
        "fr": "En attente de la réponse de {name}…",
        "es": "Esperando a que {name} acepte…",
    },
    "challenge_declined": {
        "en": "Declined",
        "fr": "Refusé",
        "es": "Rechazado",
    },
    "my_games_login": {
        "en": "Log in to see your games.",
        "fr": "Connecte-toi pour voir tes parties.",
        "es": "Inicia sesión para ver tus partidas.",
    },
    "waiting_turn": {
        "en": "Waiting",
        "fr": "En attente",
        "es": "Esperando",
    },
    "turn_in": {
        "en": "Your turn in {game}",
        "fr": "À toi de jouer : {game}",
        "es": "Te toca en {game}",
    },
    "nav_play": {
        "en": "Play",
        "fr": "Jouer",
        "es": "Jugar",
    },
    "nav_watch": {
        "en": "Watch",
        "fr": "Regarder",
        "es": "Ver",
    },
    "nav_rules": {
        "en": "Rules",
        "fr": "Règles",
        "es": "Reglas",
    },
    "nav_cards": {
        "en": "Cards",
        "fr": "Cartes",
        "es": "Cartas",
    },
    "explain_card": {
        "en": "Explain",
        "fr": "Expliquer",
        "es": "Explicar",
    },
    "drawer_failed": {
        "en": "This page could not be loaded.",
        "fr": "Cette page n'a pas pu être chargée.",
        "es": "No se ha podido cargar esta página.",
    },
    "nav_login": {
        "en": "Log in",
        "fr": "Connexion",
        "es": "Entrar",
    },
    "nav_register": {
        "en": "Sign up",
        "fr": "Inscription",
        "es": "Registrarse",
    },
    "nav_logout": {
        "en": "Log out",
        "fr": "Déconnexion",
        "es": "Salir",
    },
    "nav_profile": {
        "en": "Profile",
        "fr": "Profil",
        "es": "Perfil",
    },
    "theme": {
        "en": "Theme",
        "fr": "Thème",
        "es": "Tema",
    },
    "chat": {
        "en": "Chat",
        "fr": "Discussion",
        "es": "Chat",
    },
    "chat_muted": {
        "en": "An operator muted you until {date}",
        "fr": "Un responsable t'a rendu muet jusqu'au {date}",
        "es": "Un responsable te ha silenciado hasta el {date}",
    },
    "chat_placeholder": {
        "en": "Write a message…",
        "fr": "Écris un message…",
        "es": "Escribe un mensaje…",
    },
    "chat_send": {
        "en": "Send",
        "fr": "Envoyer",
        "es": "Enviar",
    },
    "chat_empty": {
        "en": "Nobody has written yet.",
        "fr": "Personne n'a encore écrit.",
        "es": "Nadie ha escrito todavía.",
    },
    "chat_hide": {
        "en": "Hide",
        "fr": "Masquer",
        "es": "Ocultar",
    },
    "chat_show": {
        "en": "Show",
        "fr": "Afficher",
        "es": "Mostrar",
    },
    "chat_hidden": {
        "en": "The chat is hidden on this browser.",
        "fr": "La discussion est masquée sur ce navigateur.",
        "es": "El chat está oculto en este navegador.",
    },
    "sound": {
        "en": "Sound",
        "fr": "Son",
        "es": "Sonido",
    },
    "coins": {
        "en": "coins",
        "fr": "pièces",
        "es": "monedas",
    },
    "guest": {
        "en": "Guest",
        "fr": "Invité",
        "es": "Invitado",
    },
    "lobby_title": {
        "en": "Lobby",
        "fr": "Salon",
        "es": "Sala",
    },
    "new_table": {
        "en": "Open a table",
        "fr": "Ouvrir une table",
        "es": "Abrir una mesa",
    },
    "game": {
        "en": "Game",
        "fr": "Jeu",
        "es": "Juego",
    },
    "mode": {
        "en": "Mode",
        "fr": "Mode",
        "es": "Modo",
    },
    "friendly": {
        "en": "Friendly",
        "fr": "Amical",
        "es": "Amistosa",
    },
    "ranked": {
        "en": "Ranked",
        "fr": "Classé",
        "es": "Clasificatoria",
    },
    "stake": {
        "en": "Stake",
        "fr": "Mise",
        "es": "Apuesta",
    },
    "color": {
        "en": "Your colour",
        "fr": "Ta couleur",
        "es": "Tu color",
    },
    "white": {
        "en": "White",
        "fr": "Blancs",
        "es": "Blancas",
    },
    "black": {
        "en": "Black",
        "fr": "Noirs",
        "es": "Negras",
    },
    "random": {
        "en": "Random",
        "fr": "Au hasard",
        "es": "Al azar",
    },
    "opponent": {
        "en": "Opponent",
        "fr": "Adversaire",
        "es": "Rival",
    },
    "anyone": {
        "en": "Anyone (public table)",
        "fr": "N'importe qui (table publique)",
        "es": "Cualquiera (mesa pública)",
    },
    "invite": {
        "en": "A friend (invite link)",
        "fr": "Un ami (lien d'invitation)",
        "es": "Un amigo (enlace de invitación)",
    },
    "bot": {
        "en": "The bot",
        "fr": "Le bot",
        "es": "El bot",
    },
    "level": {
        "en": "Bot level",
        "fr": "Niveau du bot",
        "es": "Nivel del bot",
    },
    "easy": {
        "en": "Easy",
        "fr": "Facile",
        "es": "Fácil",
    },
    "normal": {
        "en": "Normal",
        "fr": "Normal",
        "es": "Normal",
    },
    "hard": {
        "en": "Hard",
        "fr": "Difficile",
        "es": "Difícil",
    },
    "result_team_won": {  # a cooperative game, to a spectator
        "en": "The team won.",
        "fr": "L'équipe a gagné.",
        "es": "Ha ganado el equipo.",
    },
    "result_team_lost": {
        "en": "The team lost.",
        "fr": "L'équipe a perdu.",
        "es": "Ha perdido el equipo.",
    },
    "result_winners": {  # several winners of a competitive game (a tie for the win)
        "en": "{names} won",
        "fr": "{names} ont gagné",
        "es": "Han ganado {names}",
    },
    "bot_named": {  # a bot's seat, named in the reader's language ({level}: "easy", "facile", "fácil")
        "en": "Bot ({level})",
        "fr": "Bot ({level})",
        "es": "Bot ({level})",
    },
    "bot_named_n": {
        "en": "Bot {n} ({level})",
        "fr": "Bot {n} ({level})",
        "es": "Bot {n} ({level})",
    },
    "create": {
        "en": "Open the table",
        "fr": "Ouvrir la table",
        "es": "Abrir la mesa",
    },
    "open_tables": {
        "en": "Open tables",
        "fr": "Tables ouvertes",
        "es": "Mesas abiertas",
    },
    "no_tables": {
        "en": "No open table right now. Open one!",
        "fr": "Aucune table ouverte pour l'instant. Ouvre la tienne !",
        "es": "No hay ninguna mesa abierta ahora mismo. ¡Abre una!",
    },
    "join": {
        "en": "Join",
        "fr": "Rejoindre",
        "es": "Unirse",
    },
    "cancel": {
        "en": "Cancel",
        "fr": "Annuler",
        "es": "Cancelar",
    },
    "your_tables": {
        "en": "Your open tables",
        "fr": "Tes tables ouvertes",
        "es": "Tus mesas abiertas",
    },
    "waiting": {
        "en": "Waiting for an opponent…",
        "fr": "En attente d'un adversaire…",
        "es": "Esperando a un rival…",
    },
    "invite_link": {
        "en": "Send this link to your friend:",
        "fr": "Envoie ce lien à ton ami :",
        "es": "Envía este enlace a tu amigo:",
    },
    "username_hint": {
        "en": "3 to 20 letters, digits, _ or -",
        "fr": "3 à 20 lettres, chiffres, _ ou -",
        "es": "De 3 a 20 letras, cifras, _ o -",
    },
    "password_hint": {
        "en": "At least {least} characters",
        "fr": "Au moins {least} caractères",
        "es": "Al menos {least} caracteres",
    },
    "copy_link": {
        "en": "Copy",
        "fr": "Copier",
        "es": "Copiar",
    },
    "copied": {
        "en": "Copied!",
        "fr": "Copié !",
        "es": "¡Copiado!",
    },
    "your_games": {
        "en": "Your games",
        "fr": "Tes parties",
        "es": "Tus partidas",
    },
    "no_games": {
        "en": "No games yet.",
        "fr": "Pas encore de partie.",
        "es": "Aún no hay partidas.",
    },
    "continue": {
        "en": "Continue",
        "fr": "Reprendre",
        "es": "Continuar",
    },
    "replay": {
        "en": "Replay",
        "fr": "Revoir",
        "es": "Repetición",
    },
    "play_guest": {
        "en": "Play now as a guest",
        "fr": "Jouer tout de suite en invité",
        "es": "Jugar ya como invitado",
    },
    "guest_note": {
        "en": "Guests play friendly games and bots. Sign up to play ranked and stake coins.",
        "fr": "Les invités jouent en amical et contre le bot. Inscris-toi pour jouer en classé et miser des pièces.",
        "es": "Los invitados juegan partidas amistosas y contra bots. Regístrate para jugar clasificatorias y apostar monedas.",
    },
    "bot_note": {
        "en": "Games against the bot never count: no Elo, no coins.",
        "fr": "Les parties contre le bot ne comptent jamais : ni Elo, ni pièces.",
        "es": "Las partidas contra el bot nunca cuentan: ni Elo ni monedas.",
    },
    "ranked_note": {
        "en": "Ranked games are for accounts only and move your Elo.",
        "fr": "Les parties classées sont réservées aux comptes et font bouger ton Elo.",
        "es": "Las partidas clasificatorias son solo para cuentas y mueven tu Elo.",
    },
    "username": {
        "en": "Username",
        "fr": "Nom d'utilisateur",
        "es": "Nombre de usuario",
    },
    "password": {
        "en": "Password",
        "fr": "Mot de passe",
        "es": "Contraseña",
    },
    "login": {
        "en": "Log in",
        "fr": "Se connecter",
        "es": "Entrar",
    },
    "register": {
        "en": "Create my account",
        "fr": "Créer mon compte",
        "es": "Crear mi cuenta",
    },
    "have_account": {
        "en": "Already have an account?",
        "fr": "Déjà un compte ?",
        "es": "¿Ya tienes cuenta?",
    },
    "no_account": {
        "en": "No account yet?",
        "fr": "Pas encore de compte ?",
        "es": "¿Aún no tienes cuenta?",
    },
    "welcome_coins": {
        "en": "Every new account starts with 500 coins.",
        "fr": "Chaque nouveau compte commence avec 500 pièces.",
        "es": "Cada cuenta nueva empieza con 500 monedas.",
    },
    "watch_title": {
        "en": "Games in progress",
        "fr": "Parties en cours",
        "es": "Partidas en curso",
    },
    "no_live": {
        "en": "No game is being played right now.",
        "fr": "Aucune partie en cours pour l'instant.",
        "es": "Ahora mismo no se está jugando ninguna partida.",
    },
    "watch": {
        "en": "Watch",
        "fr": "Regarder",
        "es": "Ver",
    },
    "moves": {
        "en": "moves",
        "fr": "coups",
        "es": "jugadas",
    },
    "vs": {
        "en": "vs",
        "fr": "contre",
        "es": "contra",
    },
    "resign": {
        "en": "Resign",
        "fr": "Abandonner",
        "es": "Rendirse",
    },
    "offer_draw": {
        "en": "Offer a draw",
        "fr": "Proposer la nulle",
        "es": "Ofrecer tablas",
    },
    "accept_draw": {
        "en": "Accept the draw",
        "fr": "Accepter la nulle",
        "es": "Aceptar tablas",
    },
    "decline_draw": {
        "en": "Decline",
        "fr": "Refuser",
        "es": "Rechazar",
    },
    "abort": {
        "en": "Abort",
        "fr": "Annuler la partie",
        "es": "Anular",
    },
    "claim": {
        "en": "Claim victory",
        "fr": "Réclamer la victoire",
        "es": "Reclamar la victoria",
    },
    "rematch": {
        "en": "Rematch",
        "fr": "Revanche",
        "es": "Revancha",
    },
    "previous_game": {
        "en": "Previous game",
        "fr": "Partie précédente",
        "es": "Partida anterior",
    },
    "accept_rematch": {
        "en": "Accept the rematch",
        "fr": "Accepter la revanche",
        "es": "Aceptar la revancha",
    },
    "decline_rematch": {
        "en": "Decline",
        "fr": "Refuser",
        "es": "Rechazar",
    },
    "confirm_resign": {
        "en": "Really resign?",
        "fr": "Abandonner vraiment ?",
        "es": "¿Seguro que quieres rendirte?",
    },
    "your_turn": {
        "en": "Your turn",
        "fr": "À toi de jouer",
        "es": "Tu turno",
    },
    "their_turn": {
        "en": "Waiting for {name}",
        "fr": "{name} réfléchit",
        "es": "Esperando a {name}",
    },
    "spectating": {
        "en": "You are watching",
        "fr": "Tu regardes",
        "es": "Estás mirando",
    },
    "watching_1": {
        "en": "1 watching",
        "fr": "1 spectateur",
        "es": "1 espectador",
    },
    "watching_n": {
        "en": "{n} watching",
        "fr": "{n} spectateurs",
        "es": "{n} espectadores",
    },
    "watching_title": {
        "en": "People watching this game",
        "fr": "Personnes qui regardent cette partie",
        "es": "Personas que miran esta partida",
    },
    "draw_offered": {
        "en": "You offered a draw.",
        "fr": "Tu as proposé la nulle.",
        "es": "Has ofrecido tablas.",
    },
    "draw_offer_in": {
        "en": "{name} offers a draw.",
        "fr": "{name} propose la nulle.",
        "es": "{name} ofrece tablas.",
    },
    "rematch_offered": {
        "en": "You proposed a rematch.",
        "fr": "Tu as proposé une revanche.",
        "es": "Has propuesto una revancha.",
    },
    "rematch_offer_in": {
        "en": "{name} proposes a rematch.",
        "fr": "{name} propose une revanche.",
        "es": "{name} propone una revancha.",
    },
    "away": {
        "en": "{name} is away.",
        "fr": "{name} est absent.",
        "es": "{name} se ha ausentado.",
    },
    "claim_in": {
        "en": "You may claim victory in {s} s.",
        "fr": "Tu pourras réclamer la victoire dans {s} s.",
        "es": "Podrás reclamar la victoria en {s} s.",
    },
    "claim_now": {
        "en": "{name} left: you may claim victory.",
        "fr": "{name} est parti : tu peux réclamer la victoire.",
        "es": "{name} se ha ido: puedes reclamar la victoria.",
    },
    "forfeit_in": {
        "en": "Automatic forfeit in {s} s.",
        "fr": "Forfait automatique dans {s} s.",
        "es": "Derrota automática por abandono en {s} s.",
    },
    "online": {
        "en": "online",
        "fr": "en ligne",
        "es": "conectado",
    },
    "offline": {
        "en": "away",
        "fr": "absent",
        "es": "ausente",
    },
    "connecting": {
        "en": "Connecting…",
        "fr": "Connexion…",
        "es": "Conectando…",
    },
    "reconnecting": {
        "en": "Connection lost, reconnecting…",
        "fr": "Connexion perdue, reconnexion…",
        "es": "Conexión perdida, reconectando…",
    },
    "connected": {
        "en": "Connected",
        "fr": "Connecté",
        "es": "Conectado",
    },
    "conn_gone": {
        "en": "This game does not exist.",
        "fr": "Cette partie n'existe pas.",
        "es": "Esta partida no existe.",
    },
    "conn_closed": {
        "en": "Connection refused by the server.",
        "fr": "Connexion refusée par le serveur.",
        "es": "El servidor ha rechazado la conexión.",
    },
    "conn_limited": {
        "en": "Too many connections open (close a few tabs): retrying in a minute…",
        "fr": "Trop de connexions ouvertes (ferme quelques onglets) : nouvel essai dans une minute…",
        "es": "Demasiadas conexiones abiertas (cierra algunas pestañas): nuevo intento en un minuto…",
    },
    "result_win": {
        "en": "You won!",
        "fr": "Tu as gagné !",
        "es": "¡Has ganado!",
    },
    "result_loss": {
        "en": "You lost.",
        "fr": "Tu as perdu.",
        "es": "Has perdido.",
    },
    "result_draw": {
        "en": "Draw.",
        "fr": "Partie nulle.",
        "es": "Tablas.",
    },
    "result_white": {
        "en": "{name} won",
        "fr": "{name} a gagné",
        "es": "Ha ganado {name}",
    },
    "aborted": {
        "en": "Game aborted.",
        "fr": "Partie annulée.",
        "es": "Partida anulada.",
    },
    "abandoned": {
        "en": "Game abandoned.",
        "fr": "Partie abandonnée.",
        "es": "Partida abandonada.",
    },
    "r_checkmate": {
        "en": "by checkmate",
        "fr": "par échec et mat",
        "es": "por jaque mate",
    },
    "r_stalemate": {
        "en": "by stalemate",
        "fr": "par pat",
        "es": "por rey ahogado",
    },
    "r_resignation": {
        "en": "by resignation",
        "fr": "par abandon",
        "es": "por rendición",
    },
    "r_agreement": {
        "en": "by agreement",
        "fr": "d'un commun accord",
        "es": "de mutuo acuerdo",
    },
    "r_forfeit": {
        "en": "by forfeit",
        "fr": "par forfait",
        "es": "por abandono",
    },
    "new_game": {
        "en": "New game",
        "fr": "Nouvelle partie",
        "es": "Nueva partida",
    },
    "to_lobby": {
        "en": "Back to the lobby",
        "fr": "Retour au salon",
        "es": "Volver a la sala",
    },
    "download_pgn": {
        "en": "Download PGN",
        "fr": "Télécharger le PGN",
        "es": "Descargar PGN",
    },
    "replay_title": {
        "en": "Replay",
        "fr": "Revoir la partie",
        "es": "Repetición",
    },
    "first": {
        "en": "First",
        "fr": "Début",
        "es": "Inicio",
    },
    "prev": {
        "en": "Previous",
        "fr": "Précédent",
        "es": "Anterior",
    },
    "next": {
        "en": "Next",
        "fr": "Suivant",
        "es": "Siguiente",
    },
    "last": {
        "en": "Last",
        "fr": "Fin",
        "es": "Final",
    },
    "step": {
        "en": "Step",
        "fr": "Étape",
        "es": "Paso",
    },
    "autoplay": {
        "en": "Play",
        "fr": "Lecture",
        "es": "Reproducir",
    },
    "autoplay_pause": {
        "en": "Pause",
        "fr": "Pause",
        "es": "Pausa",
    },
    "profile_title": {
        "en": "Profile",
        "fr": "Profil",
        "es": "Perfil",
    },
    "member_since": {
        "en": "Member since",
        "fr": "Membre depuis",
        "es": "Miembro desde",
    },
    "wins": {
        "en": "Wins",
        "fr": "Victoires",
        "es": "Victorias",
    },
    "losses": {
        "en": "Losses",
        "fr": "Défaites",
        "es": "Derrotas",
    },
    "draws": {
        "en": "Draws",
        "fr": "Nulles",
        "es": "Tablas",
    },
    "balance": {
        "en": "Balance",
        "fr": "Solde",
        "es": "Saldo",
    },
    "recent_games": {
        "en": "Recent games",
        "fr": "Parties récentes",
        "es": "Partidas recientes",
    },
    "elo_soon": {
        "en": "Elo ratings, badges and hats arrive with the league.",
        "fr": "L'Elo, les badges et les chapeaux arrivent avec la ligue.",
        "es": "El Elo, las insignias y los sombreros llegan con la liga.",
    },
    "not_found": {
        "en": "Not found",
        "fr": "Introuvable",
        "es": "No encontrado",
    },
    "not_found_text": {
        "en": "There is nothing here.",
        "fr": "Il n'y a rien ici.",
        "es": "Aquí no hay nada.",
    },
    "table_title": {
        "en": "Table",
        "fr": "Table",
        "es": "Mesa",
    },
    "join_table": {
        "en": "Sit at this table",
        "fr": "S'asseoir à cette table",
        "es": "Sentarse en esta mesa",
    },
    "table_closed": {
        "en": "This table is no longer open.",
        "fr": "Cette table n'est plus ouverte.",
        "es": "Esta mesa ya no está abierta.",
    },
    "status": {
        "en": "Status",
        "fr": "État",
        "es": "Estado",
    },
    "result": {
        "en": "Result",
        "fr": "Résultat",
        "es": "Resultado",
    },
    "players": {
        "en": "Players",
        "fr": "Joueurs",
        "es": "Jugadores",
    },
    "ongoing": {
        "en": "in progress",
        "fr": "en cours",
        "es": "en curso",
    },
    "footer": {
        "en": "donjon — free software (AGPL). The server referees every move.",
        "fr": "donjon — logiciel libre (AGPL). Le serveur arbitre chaque coup.",
        "es": "donjon — software libre (AGPL). El servidor arbitra cada jugada.",
    },
    "spectators_note": {
        "en": "Spectators see only what is public: never a hand, never a deck.",
        "fr": "Les spectateurs ne voient que ce qui est public : jamais une main, jamais une pioche.",
        "es": "Los espectadores solo ven lo que es público: nunca una mano, nunca un mazo.",
    },
    "error": {
        "en": "Error",
        "fr": "Erreur",
        "es": "Error",
    },
    "api_docs": {
        "en": "API",
        "fr": "API",
        "es": "API",
    },
    "ev_resign": {
        "en": "resigns",
        "fr": "abandonne",
        "es": "se rinde",
    },
    "ev_abort": {
        "en": "aborts the game",
        "fr": "annule la partie",
        "es": "anula la partida",
    },
    "ev_claim": {
        "en": "claims victory (opponent away)",
        "fr": "réclame la victoire (adversaire absent)",
        "es": "reclama la victoria (rival ausente)",
    },
    "ev_forfeit": {
        "en": "loses by forfeit (away)",
        "fr": "perd par forfait (absent)",
        "es": "pierde por abandono (ausente)",
    },
    "ev_abandon": {
        "en": "game abandoned",
        "fr": "partie abandonnée",
        "es": "partida abandonada",
    },
    "ev_draw_offer": {
        "en": "offers a draw",
        "fr": "propose la nulle",
        "es": "ofrece tablas",
    },
    "ev_draw_accept": {
        "en": "accepts the draw",
        "fr": "accepte la nulle",
        "es": "acepta las tablas",
    },
    "ev_draw_decline": {
        "en": "declines the draw",
        "fr": "refuse la nulle",
        "es": "rechaza las tablas",
    },
    "ev_rematch_offer": {
        "en": "proposes a rematch",
        "fr": "propose une revanche",
        "es": "propone una revancha",
    },
    "ev_rematch_accept": {
        "en": "accepts the rematch",
        "fr": "accepte la revanche",
        "es": "acepta la revancha",
    },
    "ev_rematch_decline": {
        "en": "declines the rematch",
        "fr": "refuse la revanche",
        "es": "rechaza la revancha",
    },
    "nav_leaderboard": {
        "en": "Leaderboard",
        "fr": "Classement",
        "es": "Clasificación",
    },
    "nav_shop": {
        "en": "Shop",
        "fr": "Boutique",
        "es": "Tienda",
    },
    "loading": {
        "en": "Loading…",
        "fr": "Chargement…",
        "es": "Cargando…",
    },
    "daily_title": {
        "en": "Today",
        "fr": "Aujourd'hui",
        "es": "Hoy",
    },
    "daily_bonus": {
        "en": "Daily bonus",
        "fr": "Bonus du jour",
        "es": "Bonificación diaria",
    },
    "daily_claim": {
        "en": "Claim {n} coins",
        "fr": "Récupérer {n} pièces",
        "es": "Recoger {n} monedas",
    },
    "daily_claimed": {
        "en": "Claimed today. The next bonus comes at 00:00 UTC.",
        "fr": "Récupéré aujourd'hui. Le prochain bonus arrive à 0 h UTC.",
        "es": "Recogida hoy. La próxima bonificación llega a las 00:00 UTC.",
    },
    "daily_got": {
        "en": "+{n} coins!",
        "fr": "+{n} pièces !",
        "es": "¡+{n} monedas!",
    },
    "daily_note": {
        "en": "Coins come once a day, at your first visit after 00:00 UTC.",
        "fr": "Les pièces arrivent une fois par jour, à ta première visite après 0 h UTC.",
        "es": "Las monedas llegan una vez al día, en tu primera visita después de las 00:00 UTC.",
    },
    "challenges": {
        "en": "Daily challenges",
        "fr": "Défis du jour",
        "es": "Retos diarios",
    },
    "ch_claim": {
        "en": "Claim",
        "fr": "Récupérer",
        "es": "Recoger",
    },
    "ch_claimed": {
        "en": "Claimed",
        "fr": "Récupéré",
        "es": "Recogido",
    },
    "ch_reward": {
        "en": "+{n}",
        "fr": "+{n}",
        "es": "+{n}",
    },
    "ch_any": {
        "en": "Any game",
        "fr": "Tous les jeux",
        "es": "Cualquier juego",
    },
    "ch_done": {
        "en": "Done!",
        "fr": "Réussi !",
        "es": "¡Hecho!",
    },
    "ch_new_day": {
        "en": "New challenges at 00:00 UTC.",
        "fr": "Nouveaux défis à 0 h UTC.",
        "es": "Nuevos retos a las 00:00 UTC.",
    },
    "daily_guest": {
        "en": "Sign up to get a daily bonus and three challenges a day.",
        "fr": "Inscris-toi pour recevoir un bonus par jour et trois défis quotidiens.",
        "es": "Regístrate para recibir una bonificación diaria y tres retos al día.",
    },
    "leaderboards": {
        "en": "Leaderboards",
        "fr": "Classements",
        "es": "Clasificaciones",
    },
    "leaderboard_title": {
        "en": "Leaderboard",
        "fr": "Classement",
        "es": "Clasificación",
    },
    "player": {
        "en": "Player",
        "fr": "Joueur",
        "es": "Jugador",
    },
    "rating": {
        "en": "Elo",
        "fr": "Elo",
        "es": "Elo",
    },
    "games_played": {
        "en": "Games",
        "fr": "Parties",
        "es": "Partidas",
    },
    "no_rated": {
        "en": "No ranked game has been played yet.",
        "fr": "Aucune partie classée n'a encore été jouée.",
        "es": "Todavía no se ha jugado ninguna partida clasificatoria.",
    },
    "provisional": {
        "en": "provisional: fewer than 10 ranked games",
        "fr": "provisoire : moins de 10 parties classées",
        "es": "provisional: menos de 10 partidas clasificatorias",
    },
    "shop_title": {
        "en": "Hat shop",
        "fr": "Boutique de chapeaux",
        "es": "Tienda de sombreros",
    },
    "shop_intro": {
        "en": "Buy a hat with your coins: your king wears it on the board, for your opponent and for spectators too. One hat at a time.",
        "fr": "Achète un chapeau avec tes pièces : ton roi le porte sur le plateau, devant ton adversaire et les spectateurs. Un seul chapeau à la fois.",
        "es": "Compra un sombrero con tus monedas: tu rey lo lleva en el tablero, también ante tu rival y los espectadores. Un sombrero cada vez.",
    },
    "buy": {
        "en": "Buy",
        "fr": "Acheter",
        "es": "Comprar",
    },
    "equip": {
        "en": "Wear",
        "fr": "Porter",
        "es": "Ponérselo",
    },
    "unequip": {
        "en": "Take off",
        "fr": "Retirer",
        "es": "Quitárselo",
    },
    "owned": {
        "en": "Owned",
        "fr": "Acquis",
        "es": "Comprado",
    },
    "worn": {
        "en": "Worn",
        "fr": "Porté",
        "es": "Puesto",
    },
    "no_hat": {
        "en": "No hat",
        "fr": "Pas de chapeau",
        "es": "Sin sombrero",
    },
    "shop_login": {
        "en": "Log in to buy hats.",
        "fr": "Connecte-toi pour acheter des chapeaux.",
        "es": "Entra para comprar sombreros.",
    },
    "shop_guest": {
        "en": "Guests have no coins: sign up to buy hats.",
        "fr": "Les invités n'ont pas de pièces : inscris-toi pour acheter des chapeaux.",
        "es": "Los invitados no tienen monedas: regístrate para comprar sombreros.",
    },
    "bought": {
        "en": "You bought the {name}.",
        "fr": "Tu as acheté : {name}.",
        "es": "Has comprado: {name}.",
    },
    "wearing": {
        "en": "Your king wears the {name}.",
        "fr": "Ton roi porte : {name}.",
        "es": "Tu rey lleva: {name}.",
    },
    "hat_off": {
        "en": "Your king wears no hat.",
        "fr": "Ton roi ne porte plus de chapeau.",
        "es": "Tu rey no lleva sombrero.",
    },
    "too_expensive": {
        "en": "Not enough coins",
        "fr": "Pas assez de pièces",
        "es": "No tienes monedas suficientes",
    },
    "ratings": {
        "en": "Ratings",
        "fr": "Classements Elo",
        "es": "Puntuaciones Elo",
    },
    "rating_history": {
        "en": "Rating history",
        "fr": "Historique de l'Elo",
        "es": "Historial de Elo",
    },
    "badges": {
        "en": "Badges",
        "fr": "Badges",
        "es": "Insignias",
    },
    "badges_none": {
        "en": "No badge yet: play cards in ranked or friendly games against people to earn them.",
        "fr": "Pas encore de badge : joue des cartes en parties contre des personnes pour en gagner.",
        "es": "Aún no hay insignias: juega cartas en partidas clasificatorias o amistosas contra personas para ganarlas.",
    },
    "hats": {
        "en": "Hats",
        "fr": "Chapeaux",
        "es": "Sombreros",
    },
    "hats_none": {
        "en": "No hat yet.",
        "fr": "Aucun chapeau pour l'instant.",
        "es": "Aún no hay sombreros.",
    },
    "visit_shop": {
        "en": "Visit the shop",
        "fr": "Aller à la boutique",
        "es": "Ir a la tienda",
    },
    "unrated": {
        "en": "not rated yet",
        "fr": "pas encore classé",
        "es": "aún sin clasificar",
    },
    "tier_bronze": {
        "en": "Bronze",
        "fr": "Bronze",
        "es": "Bronce",
    },
    "tier_silver": {
        "en": "Silver",
        "fr": "Argent",
        "es": "Plata",
    },
    "tier_gold": {
        "en": "Gold",
        "fr": "Or",
        "es": "Oro",
    },
    "plays": {
        "en": "played {n}×",
        "fr": "jouée {n} fois",
        "es": "jugada {n} veces",
    },
    "res_win": {
        "en": "Win",
        "fr": "Victoire",
        "es": "Victoria",
    },
    "res_loss": {
        "en": "Loss",
        "fr": "Défaite",
        "es": "Derrota",
    },
    "res_draw": {
        "en": "Draw",
        "fr": "Nulle",
        "es": "Tablas",
    },
    "res_aborted": {
        "en": "Aborted",
        "fr": "Annulée",
        "es": "Anulada",
    },
    "res_abandoned": {
        "en": "Abandoned",
        "fr": "Abandonnée",
        "es": "Abandonada",
    },
    "res_other": {
        "en": "—",
        "fr": "—",
        "es": "—",
    },
    "elo_change": {
        "en": "Elo change",
        "fr": "Variation d'Elo",
        "es": "Variación de Elo",
    },
    "n_games_1": {
        "en": "1 ranked game",
        "fr": "1 partie classée",
        "es": "1 partida clasificatoria",
    },
    "n_games": {
        "en": "{n} ranked games",
        "fr": "{n} parties classées",
        "es": "{n} partidas clasificatorias",
    },
    # Tables of 1–4 seats, bot seats, table options, leaving a game of three or more.
    "seats": {
        "en": "Seats",
        "fr": "Places",
        "es": "Puestos",
    },
    "bot_seats": {
        "en": "Bots at the table",
        "fr": "Bots à la table",
        "es": "Bots en la mesa",
    },
    "bot_seats_note": {
        "en": "Bots take these seats at once; people take the others. A table with a bot is friendly, stake 0.",
        "fr": "Des bots prennent ces places tout de suite ; des joueurs prennent les autres. Une table avec un bot est amicale, sans mise.",
        "es": "Los bots ocupan estos puestos enseguida; las personas, los demás. Una mesa con un bot es amistosa, sin apuesta.",
    },
    "download": {
        "en": "Download",
        "fr": "Télécharger",
        "es": "Descargar",
    },
    "open_seat": {
        "en": "Open seat",
        "fr": "Place libre",
        "es": "Puesto libre",
    },
    "fill_bots": {
        "en": "Fill the open seats with bots",
        "fr": "Compléter avec des bots",
        "es": "Completar los puestos libres con bots",
    },
    "leave_table": {
        "en": "Leave the table",
        "fr": "Quitter la table",
        "es": "Dejar la mesa",
    },
    "waiting_players": {
        "en": "Waiting for players…",
        "fr": "En attente de joueurs…",
        "es": "Esperando jugadores…",
    },
    "seats_n": {
        "en": "{n} seats",
        "fr": "{n} places",
        "es": "{n} puestos",
    },
    "open_n": {
        "en": "{n} open",
        "fr": "{n} libre(s)",
        "es": "{n} libre(s)",
    },
    "seat_n": {
        "en": "Seat {n}",
        "fr": "Place {n}",
        "es": "Puesto {n}",
    },
    "leave_game": {
        "en": "Leave the game",
        "fr": "Quitter la partie",
        "es": "Dejar la partida",
    },
    "confirm_leave": {
        "en": "Leave the game? A bot takes your seat and you rank last.",
        "fr": "Quitter la partie ? Un bot prend ta place et tu finis dernier.",
        "es": "¿Dejar la partida? Un bot ocupa tu puesto y quedas en último lugar.",
    },
    "confirm_leave_coop": {
        "en": "Leave the game? A bot teammate takes your seat (the last one to leave abandons the game).",
        "fr": "Quitter la partie ? Un bot coéquipier prend ta place (le dernier à partir abandonne la partie).",
        "es": "¿Dejar la partida? Un bot compañero ocupa tu puesto (el último en irse abandona la partida).",
    },
    "ranking": {
        "en": "Ranking",
        "fr": "Classement",
        "es": "Clasificación",
    },
    "left_game": {
        "en": "left · a bot plays for them",
        "fr": "parti · un bot joue à sa place",
        "es": "se ha ido · un bot juega en su lugar",
    },
    "ev_takeover": {
        "en": "left the game: a bot takes the seat",
        "fr": "a quitté la partie : un bot prend sa place",
        "es": "dejó la partida: un bot ocupa su puesto",
    },
    "table_seated": {
        "en": "You sit at this table. The game starts when every seat is taken.",
        "fr": "Tu es assis à cette table. La partie commence quand toutes les places sont prises.",
        "es": "Estás sentado en esta mesa. La partida empieza cuando todos los puestos estén ocupados.",
    },
    "solo": {
        "en": "Solo",
        "fr": "Solo",
        "es": "En solitario",
    },
    "r_no_cards": {
        "en": "every card placed",
        "fr": "toutes les cartes posées",
        "es": "todas las cartas colocadas",
    },
    "r_deadlock": {
        "en": "deadlock: fewest cards",
        "fr": "blocage : le moins de cartes",
        "es": "bloqueo: menos cartas",
    },
    "r_turn_limit": {
        "en": "round limit: fewest cards",
        "fr": "limite de tours : le moins de cartes",
        "es": "límite de rondas: menos cartas",
    },
    "r_treasures_saved": {
        "en": "four treasures saved",
        "fr": "quatre trésors sauvés",
        "es": "cuatro tesoros salvados",
    },
    "r_treasures_lost": {
        "en": "four treasures lost",
        "fr": "quatre trésors perdus",
        "es": "cuatro tesoros perdidos",
    },
    "nav_puzzles": {
        "en": "Puzzles",
        "fr": "Problèmes",
        "es": "Problemas",
    },
    "puzzle_title": {
        "en": "Puzzle",
        "fr": "Problème",
        "es": "Problema",
    },
    "puzzle_daily_title": {
        "en": "Puzzle of the day",
        "fr": "Problème du jour",
        "es": "Problema del día",
    },
    "puzzle_daily_open": {
        "en": "Solve today's puzzle",
        "fr": "Résoudre le problème du jour",
        "es": "Resolver el problema del día",
    },
    "puzzle_try_again": {
        "en": "Not the best — try again.",
        "fr": "Pas le meilleur coup — réessaie.",
        "es": "No es la mejor jugada — inténtalo de nuevo.",
    },
    "puzzle_find": {
        "en": "Find the best line: {side} to play.",
        "fr": "Trouve la meilleure suite : {side} jouent.",
        "es": "Encuentra la mejor línea: juegan {side}.",
    },
    "puzzle_correct": {
        "en": "Right! Keep going.",
        "fr": "Bien vu ! Continue.",
        "es": "¡Correcto! Sigue.",
    },
    "puzzle_solved": {
        "en": "Solved!",
        "fr": "Résolu !",
        "es": "¡Resuelto!",
    },
    "puzzle_failed_note": {
        "en": "It counts as failed for your rating; try again to practise.",
        "fr": "Il compte comme raté pour ton classement ; réessaie pour t'entraîner.",
        "es": "Cuenta como fallado para tu clasificación; inténtalo de nuevo para practicar.",
    },
    "puzzle_rating": {
        "en": "Puzzle rating",
        "fr": "Classement du problème",
        "es": "Clasificación del problema",
    },
    "puzzle_your_rating": {
        "en": "Your puzzle rating",
        "fr": "Ton classement en problèmes",
        "es": "Tu clasificación en problemas",
    },
    "puzzle_themes": {
        "en": "Themes",
        "fr": "Thèmes",
        "es": "Temas",
    },
    "puzzle_next": {
        "en": "Next puzzle",
        "fr": "Problème suivant",
        "es": "Siguiente problema",
    },
    "puzzle_retry": {
        "en": "Start again",
        "fr": "Recommencer",
        "es": "Empezar de nuevo",
    },
    "puzzle_step": {
        "en": "Action {n} of {m}",
        "fr": "Action {n} sur {m}",
        "es": "Acción {n} de {m}",
    },
    "puzzle_none": {
        "en": "There are no puzzles on this server.",
        "fr": "Il n'y a pas de problèmes sur ce serveur.",
        "es": "No hay problemas en este servidor.",
    },
    "puzzle_result": {
        "en": "Result",
        "fr": "Résultat",
        "es": "Resultado",
    },
    "puzzle_was_solved": {
        "en": "You solved it.",
        "fr": "Tu l'as résolu.",
        "es": "Lo resolviste.",
    },
    "puzzle_was_failed": {
        "en": "You failed it the first time.",
        "fr": "Tu l'as raté la première fois.",
        "es": "Lo fallaste la primera vez.",
    },
    "puzzle_not_tried": {
        "en": "Not tried yet.",
        "fr": "Pas encore essayé.",
        "es": "Aún no intentado.",
    },
    "puzzle_reply": {
        "en": "Reply: {what}",
        "fr": "Réponse : {what}",
        "es": "Respuesta: {what}",
    },
    "puzzle_daily_badge": {
        "en": "Today's puzzle",
        "fr": "Problème du jour",
        "es": "Problema del día",
    },
    "account": {
        "en": "Account",
        "fr": "Compte",
        "es": "Cuenta",
    },
    "account_settings": {
        "en": "Account settings",
        "fr": "Paramètres du compte",
        "es": "Ajustes de la cuenta",
    },
    "change_password_title": {
        "en": "Change your password",
        "fr": "Changer de mot de passe",
        "es": "Cambiar la contraseña",
    },
    "password_note": {
        "en": "Changing it logs you out everywhere but here.",
        "fr": "Le changer te déconnecte partout ailleurs qu'ici.",
        "es": "Al cambiarla se cierran tus sesiones en todas partes menos aquí.",
    },
    "current_password": {
        "en": "Current password",
        "fr": "Mot de passe actuel",
        "es": "Contraseña actual",
    },
    "new_password": {
        "en": "New password",
        "fr": "Nouveau mot de passe",
        "es": "Nueva contraseña",
    },
    "repeat_password": {
        "en": "New password, again",
        "fr": "Nouveau mot de passe, encore",
        "es": "Repite la nueva contraseña",
    },
    "passwords_differ": {
        "en": "The two new passwords differ.",
        "fr": "Les deux nouveaux mots de passe diffèrent.",
        "es": "Las dos contraseñas nuevas no coinciden.",
    },
    "wrong_password": {
        "en": "That is not your current password.",
        "fr": "Ce n'est pas ton mot de passe actuel.",
        "es": "Esa no es tu contraseña actual.",
    },
    "change_password": {
        "en": "Change password",
        "fr": "Changer le mot de passe",
        "es": "Cambiar la contraseña",
    },
    "password_changed": {
        "en": "Password changed. Sessions ended elsewhere: {n}.",
        "fr": "Mot de passe changé. Sessions terminées ailleurs : {n}.",
        "es": "Contraseña cambiada. Sesiones cerradas en otros sitios: {n}.",
    },
    "sessions_title": {
        "en": "Where you are logged in",
        "fr": "Où tu es connecté",
        "es": "Dónde has iniciado sesión",
    },
    "session_since": {
        "en": "Logged in {date}",
        "fr": "Connecté le {date}",
        "es": "Sesión iniciada el {date}",
    },
    "session_until": {
        "en": "until {date}",
        "fr": "jusqu'au {date}",
        "es": "hasta el {date}",
    },
    "session_here": {
        "en": "this browser",
        "fr": "ce navigateur",
        "es": "este navegador",
    },
    "end_others": {
        "en": "Log out everywhere else",
        "fr": "Me déconnecter partout ailleurs",
        "es": "Cerrar las demás sesiones",
    },
    "others_ended": {
        "en": "Sessions ended elsewhere: {n}.",
        "fr": "Sessions terminées ailleurs : {n}.",
        "es": "Sesiones cerradas en otros sitios: {n}.",
    },
    "only_here": {
        "en": "You are logged in here only.",
        "fr": "Tu n'es connecté qu'ici.",
        "es": "Solo has iniciado sesión aquí.",
    },
    "close_title": {
        "en": "Close your account",
        "fr": "Fermer ton compte",
        "es": "Cerrar tu cuenta",
    },
    "close_note": {
        "en": "For good: your name is freed, your coins and hats are lost, and your finished games stay in your opponents' history under an anonymous name. Finish or resign your games in progress first.",
        "fr": "Pour de bon : ton nom est libéré, tes pièces et tes chapeaux sont perdus, et tes parties terminées restent dans l'historique de tes adversaires sous un nom anonyme. Termine ou abandonne d'abord tes parties en cours.",
        "es": "Para siempre: tu nombre queda libre, pierdes tus monedas y sombreros, y tus partidas terminadas siguen en el historial de tus rivales con un nombre anónimo. Termina o abandona antes tus partidas en curso.",
    },
    "close_button": {
        "en": "Close my account",
        "fr": "Fermer mon compte",
        "es": "Cerrar mi cuenta",
    },
    "close_confirm": {
        "en": "Close your account for good? This cannot be undone.",
        "fr": "Fermer ton compte pour de bon ? C'est irréversible.",
        "es": "¿Cerrar tu cuenta para siempre? No se puede deshacer.",
    },
    "games_in_progress": {
        "en": "Finish or resign your games in progress first.",
        "fr": "Termine ou abandonne d'abord tes parties en cours.",
        "es": "Termina o abandona antes tus partidas en curso.",
    },
    "block": {
        "en": "Block",
        "fr": "Bloquer",
        "es": "Bloquear",
    },
    "unblock": {
        "en": "Unblock",
        "fr": "Débloquer",
        "es": "Desbloquear",
    },
    "block_confirm": {
        "en": "Block {name}? Neither of you will be able to challenge the other or sit at the other's tables, and you will not see their chat lines.",
        "fr": "Bloquer {name} ? Aucun de vous deux ne pourra défier l'autre ni s'asseoir à sa table, et tu ne verras plus ses messages.",
        "es": "¿Bloquear a {name}? Ninguno de los dos podrá retar al otro ni sentarse a su mesa, y no verás sus mensajes.",
    },
    "blocked_done": {
        "en": "You blocked {name}.",
        "fr": "Tu as bloqué {name}.",
        "es": "Has bloqueado a {name}.",
    },
    "unblocked_done": {
        "en": "You unblocked {name}.",
        "fr": "Tu as débloqué {name}.",
        "es": "Has desbloqueado a {name}.",
    },
    "blocked_title": {
        "en": "Blocked players",
        "fr": "Joueurs bloqués",
        "es": "Jugadores bloqueados",
    },
    "blocked_note": {
        "en": "A player you block cannot challenge you or sit at your tables, nor you at theirs, and their chat lines are hidden from you. Block someone from their profile.",
        "fr": "Un joueur que tu bloques ne peut ni te défier ni s'asseoir à tes tables, ni toi aux siennes, et ses messages te sont cachés. On bloque quelqu'un depuis son profil.",
        "es": "Un jugador bloqueado no puede retarte ni sentarse a tus mesas, ni tú a las suyas, y sus mensajes quedan ocultos para ti. Se bloquea a alguien desde su perfil.",
    },
    "blocked_none": {
        "en": "You have blocked nobody.",
        "fr": "Tu n'as bloqué personne.",
        "es": "No has bloqueado a nadie.",
    },
    "blocked_since": {
        "en": "blocked {date}",
        "fr": "bloqué le {date}",
        "es": "bloqueado el {date}",
    },
    "notify_on": {
        "en": "Notify me of my turns",
        "fr": "Me prévenir de mes tours",
        "es": "Avisarme de mis turnos",
    },
    "notify_off": {
        "en": "Stop the notifications",
        "fr": "Arrêter les notifications",
        "es": "Parar los avisos",
    },
    "notify_note": {
        "en": "Your browser tells you when it is your turn or someone challenges you while the site is in the background (this browser only).",
        "fr": "Ton navigateur te prévient quand c'est ton tour ou qu'on te défie pendant que le site est en arrière-plan (ce navigateur seulement).",
        "es": "Tu navegador te avisa cuando te toca o alguien te reta mientras el sitio está en segundo plano (solo este navegador).",
    },
    "notify_denied": {
        "en": "Your browser refuses this site's notifications: allow them in its settings, then press the button again.",
        "fr": "Ton navigateur refuse les notifications de ce site : autorise-les dans ses réglages, puis appuie de nouveau sur le bouton.",
        "es": "Tu navegador rechaza los avisos de este sitio: permítelos en sus ajustes y vuelve a pulsar el botón.",
    },
    "notify_unsupported": {
        "en": "This browser cannot show notifications.",
        "fr": "Ce navigateur ne sait pas afficher de notifications.",
        "es": "Este navegador no puede mostrar avisos.",
    },
    "notify_turn": {
        "en": "Your turn",
        "fr": "À toi de jouer",
        "es": "Te toca",
    },
    "notify_against": {
        "en": "against {names}",
        "fr": "contre {names}",
        "es": "contra {names}",
    },
    "download_games": {
        "en": "Download the last 100 finished games:",
        "fr": "Télécharger les 100 dernières parties terminées :",
        "es": "Descargar las 100 últimas partidas terminadas:",
    },
    "report": {
        "en": "Report",
        "fr": "Signaler",
        "es": "Denunciar",
    },
    "report_title": {
        "en": "Report {name}",
        "fr": "Signaler {name}",
        "es": "Denunciar a {name}",
    },
    "report_note": {
        "en": "Only the site's operators read a report; the player is not told. For what happens between you two, blocking them is at once.",
        "fr": "Seuls les responsables du site lisent un signalement ; le joueur n'en sait rien. Pour ce qui se passe entre vous deux, le bloquer agit tout de suite.",
        "es": "Solo los responsables del sitio leen una denuncia; el jugador no se entera. Para lo que pasa entre vosotros dos, bloquearlo actúa al instante.",
    },
    "report_player": {
        "en": "Player",
        "fr": "Joueur",
        "es": "Jugador",
    },
    "report_reason": {
        "en": "Why",
        "fr": "Pourquoi",
        "es": "Motivo",
    },
    "report_reason_chat": {
        "en": "Insults or harassment",
        "fr": "Insultes ou harcèlement",
        "es": "Insultos o acoso",
    },
    "report_reason_cheating": {
        "en": "Cheating (engine, outside help)",
        "fr": "Triche (programme, aide)",
        "es": "Trampas (programa, ayuda)",
    },
    "report_reason_name": {
        "en": "An offensive name",
        "fr": "Un nom injurieux",
        "es": "Un nombre ofensivo",
    },
    "report_reason_other": {
        "en": "Something else (say what)",
        "fr": "Autre chose (dis quoi)",
        "es": "Otra cosa (di qué)",
    },
    "report_text": {
        "en": "What happened (optional, 500 characters)",
        "fr": "Ce qui s'est passé (facultatif, 500 caractères)",
        "es": "Qué pasó (opcional, 500 caracteres)",
    },
    "report_send": {
        "en": "Send the report",
        "fr": "Envoyer le signalement",
        "es": "Enviar la denuncia",
    },
    "report_cancel": {
        "en": "Cancel",
        "fr": "Annuler",
        "es": "Cancelar",
    },
    "report_done": {
        "en": "Thank you: the site's operators will read your report.",
        "fr": "Merci : les responsables du site liront ton signalement.",
        "es": "Gracias: los responsables del sitio leerán tu denuncia.",
    },
    "follow": {
        "en": "Follow",
        "fr": "Suivre",
        "es": "Seguir",
    },
    "unfollow": {
        "en": "Unfollow",
        "fr": "Ne plus suivre",
        "es": "Dejar de seguir",
    },
    "followed_done": {
        "en": "You follow {name}: their games show on the watch page.",
        "fr": "Tu suis {name} : ses parties s'affichent sur la page Regarder.",
        "es": "Sigues a {name}: sus partidas aparecen en la página Ver.",
    },
    "unfollowed_done": {
        "en": "You no longer follow {name}.",
        "fr": "Tu ne suis plus {name}.",
        "es": "Ya no sigues a {name}.",
    },
    "following_title": {
        "en": "Players you follow",
        "fr": "Joueurs que tu suis",
        "es": "Jugadores que sigues",
    },
    "following_none": {
        "en": "You follow nobody yet: follow players from their profile to see their games here.",
        "fr": "Tu ne suis personne : suis des joueurs depuis leur profil pour voir leurs parties ici.",
        "es": "Aún no sigues a nadie: sigue a jugadores desde su perfil para ver aquí sus partidas.",
    },
    "following_idle": {
        "en": "not playing now",
        "fr": "ne joue pas en ce moment",
        "es": "no juega ahora",
    },
    "board_heading": {
        "en": "The board",
        "fr": "Le plateau",
        "es": "El tablero",
    },
    "notice_hide": {
        "en": "Hide this notice",
        "fr": "Masquer cet avis",
        "es": "Ocultar este aviso",
    },
    "guest_no_password": {
        "en": "A guest has no password. Sign up to keep your games and choose one.",
        "fr": "Un invité n'a pas de mot de passe. Inscris-toi pour garder tes parties et en choisir un.",
        "es": "Un invitado no tiene contraseña. Regístrate para conservar tus partidas y elegir una.",
    },
}


def text(key: str, lang: str) -> str:
    """The message ``key`` in ``lang``, else in English."""
    return pick(MESSAGES[key], lang)


def strings(lang: str) -> dict[str, str]:
    """Every message in ``lang`` (English where ``lang`` lacks one, or is not one of :data:`LANGS`)."""
    return dict(_strings(lang if lang in LANGS else "en"))


@cache
def _strings(lang: str) -> dict[str, str]:
    return {key: pick(m, lang) for key, m in MESSAGES.items()}


def _accepted(accept: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (``q=0`` left out)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            name, _, value = p.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            ranked.append((-q, i, tag.strip().lower().split("-")[0]))
    return [tag for _, _, tag in sorted(ranked)]


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=``, else the ``lang`` cookie, else the first language of
    Accept-Language the site speaks, else English."""
    for cand in (query, cookie):
        if cand in LANGS:
            return cand  # type: ignore[return-value]
    for tag in _accepted(accept or ""):
        if tag in LANGS:
            return tag
    return "en"


def reader_lang(conn: HTTPConnection) -> str:
    """The language of a request or socket: :func:`pick_lang` of its ``?lang=``, its ``lang``
    cookie and its Accept-Language (a page's own requests and sockets carry the page's)."""
    return pick_lang(conn.query_params.get("lang"), conn.cookies.get("lang"), conn.headers.get("accept-language"))


def game_name(kind: str, lang: str) -> str:
    """The registered game ``kind``'s name in ``lang`` (its ``GameInfo``); else ``kind``."""
    from donjon.games import game_ids, get_info

    return get_info(kind).name(lang) if kind in game_ids() else kind


def check_complete() -> list[str]:
    """``lang:key`` for every message missing a language of :data:`LANGS` (tested)."""
    return sorted(f"{lang}:{key}" for key, m in MESSAGES.items() for lang in LANGS if not m.get(lang))
