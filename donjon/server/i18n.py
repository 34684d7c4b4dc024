"""The site's texts in English and French (the game boards carry their own)."""

from __future__ import annotations

from typing import Any

LANGS = ("en", "fr")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "tagline": "Board games refereed by the server. Nobody cheats from their browser.",
        "nav_play": "Play", "nav_watch": "Watch", "nav_rules": "Rules", "nav_cards": "Cards", "nav_login": "Log in", "nav_register": "Sign up",
        "nav_logout": "Log out", "nav_profile": "Profile", "theme": "Theme", "coins": "coins",
        "guest": "Guest",
        "lobby_title": "Lobby", "new_table": "Open a table", "game": "Game", "mode": "Mode",
        "friendly": "Friendly", "ranked": "Ranked", "stake": "Stake", "color": "Your colour",
        "white": "White", "black": "Black", "random": "Random", "opponent": "Opponent",
        "anyone": "Anyone (public table)", "invite": "A friend (invite link)", "bot": "The bot",
        "level": "Bot level", "easy": "Easy", "normal": "Normal", "hard": "Hard",
        "create": "Open the table", "open_tables": "Open tables", "no_tables": "No open table right now. Open one!",
        "join": "Join", "cancel": "Cancel", "your_tables": "Your open tables", "waiting": "Waiting for an opponent…",
        "invite_link": "Send this link to your friend:", "copy": "Copy", "copied": "Copied!",
        "your_games": "Your games", "no_games": "No games yet.", "continue": "Continue", "replay": "Replay",
        "play_guest": "Play now as a guest", "guest_note": "Guests play friendly games and bots. Sign up to play ranked and stake coins.",
        "bot_note": "Games against the bot never count: no Elo, no coins.",
        "ranked_note": "Ranked games are for accounts only and move your Elo.",
        "username": "Username", "password": "Password", "login": "Log in", "register": "Create my account",
        "have_account": "Already have an account?", "no_account": "No account yet?",
        "welcome_coins": "Every new account starts with 500 coins.",
        "watch_title": "Games in progress", "no_live": "No game is being played right now.", "watch": "Watch",
        "moves": "moves", "vs": "vs",
        "resign": "Resign", "offer_draw": "Offer a draw", "accept_draw": "Accept the draw",
        "decline_draw": "Decline", "abort": "Abort", "claim": "Claim victory", "rematch": "Rematch",
        "accept_rematch": "Accept the rematch", "decline_rematch": "Decline", "confirm_resign": "Really resign?",
        "your_turn": "Your turn", "their_turn": "Waiting for {name}", "spectating": "You are watching",
        "draw_offered": "You offered a draw.", "draw_offer_in": "{name} offers a draw.",
        "rematch_offered": "You proposed a rematch.", "rematch_offer_in": "{name} proposes a rematch.",
        "away": "{name} is away.", "claim_in": "You may claim victory in {s} s.",
        "claim_now": "{name} left: you may claim victory.", "forfeit_in": "Automatic forfeit in {s} s.",
        "online": "online", "offline": "away",
        "connecting": "Connecting…", "reconnecting": "Connection lost, reconnecting…", "connected": "Connected",
        "conn_gone": "This game does not exist.", "conn_closed": "Connection refused by the server.",
        "conn_limited": "Too many connections open (close a few tabs): retrying in a minute…",
        "result_win": "You won!", "result_loss": "You lost.", "result_draw": "Draw.",
        "result_white": "{name} won", "aborted": "Game aborted.", "abandoned": "Game abandoned.",
        "r_checkmate": "by checkmate", "r_stalemate": "by stalemate", "r_resignation": "by resignation",
        "r_agreement": "by agreement", "r_forfeit": "by forfeit",
        "new_game": "New game", "to_lobby": "Back to the lobby", "download_pgn": "Download PGN",
        "replay_title": "Replay", "first": "First", "prev": "Previous", "next": "Next", "last": "Last",
        "step": "Step", "profile_title": "Profile", "member_since": "Member since", "wins": "Wins",
        "losses": "Losses", "draws": "Draws", "balance": "Balance", "recent_games": "Recent games",
        "elo_soon": "Elo ratings, badges and hats arrive with the league.",
        "not_found": "Not found", "not_found_text": "There is nothing here.",
        "table_title": "Table", "join_table": "Sit at this table", "table_closed": "This table is no longer open.",
        "status": "Status", "result": "Result", "players": "Players", "ongoing": "in progress",
        "footer": "donjon — free software (AGPL). The server referees every move.",
        "spectators_note": "Spectators see only what is public: never a hand, never a deck.",
        "error": "Error", "api_docs": "API",
        "ev_resign": "resigns", "ev_abort": "aborts the game", "ev_claim": "claims victory (opponent away)",
        "ev_forfeit": "loses by forfeit (away)", "ev_abandon": "game abandoned",
        "ev_draw_offer": "offers a draw", "ev_draw_accept": "accepts the draw", "ev_draw_decline": "declines the draw",
        "ev_rematch_offer": "proposes a rematch", "ev_rematch_accept": "accepts the rematch",
        "ev_rematch_decline": "declines the rematch",
        "nav_leaderboard": "Leaderboard", "nav_shop": "Shop", "loading": "Loading…",
        "daily_title": "Today", "daily_bonus": "Daily bonus", "daily_claim": "Claim {n} coins",
        "daily_claimed": "Claimed today. The next bonus comes at 00:00 UTC.", "daily_got": "+{n} coins!",
        "daily_note": "Coins come once a day, at your first visit after 00:00 UTC.",
        "challenges": "Daily challenges", "ch_claim": "Claim", "ch_claimed": "Claimed",
        "ch_reward": "+{n}", "ch_any": "Any game", "ch_done": "Done!", "ch_new_day": "New challenges at 00:00 UTC.",
        "daily_guest": "Sign up to get a daily bonus and three challenges a day.",
        "leaderboards": "Leaderboards", "leaderboard_title": "Leaderboard", "player": "Player",
        "rating": "Elo", "games_played": "Games", "no_rated": "No ranked game has been played yet.",
        "provisional": "provisional: fewer than 10 ranked games",
        "shop_title": "Hat shop", "shop_intro": "Buy a hat with your coins: your king wears it on the board, for your opponent and for spectators too. One hat at a time.",
        "buy": "Buy", "equip": "Wear", "unequip": "Take off", "owned": "Owned", "worn": "Worn",
        "no_hat": "No hat", "shop_login": "Log in to buy hats.", "shop_guest": "Guests have no coins: sign up to buy hats.",
        "bought": "You bought the {name}.", "wearing": "Your king wears the {name}.", "hat_off": "Your king wears no hat.",
        "too_expensive": "Not enough coins",
        "ratings": "Ratings", "rating_history": "Rating history", "badges": "Badges",
        "badges_none": "No badge yet: play cards in ranked or friendly games against people to earn them.",
        "hats": "Hats", "hats_none": "No hat yet.", "visit_shop": "Visit the shop", "unrated": "not rated yet",
        "tier_bronze": "Bronze", "tier_silver": "Silver", "tier_gold": "Gold", "plays": "played {n}×",
        "res_win": "Win", "res_loss": "Loss", "res_draw": "Draw", "res_aborted": "Aborted", "res_abandoned": "Abandoned", "res_other": "—",
        "elo_change": "Elo change", "n_games_1": "1 ranked game", "n_games": "{n} ranked games",
    },
    "fr": {
        "tagline": "Des jeux de plateau arbitrés par le serveur. Personne ne triche depuis son navigateur.",
        "nav_play": "Jouer", "nav_watch": "Regarder", "nav_rules": "Règles", "nav_cards": "Cartes", "nav_login": "Connexion", "nav_register": "Inscription",
        "nav_logout": "Déconnexion", "nav_profile": "Profil", "theme": "Thème", "coins": "pièces",
        "guest": "Invité",
        "lobby_title": "Salon", "new_table": "Ouvrir une table", "game": "Jeu", "mode": "Mode",
        "friendly": "Amical", "ranked": "Classé", "stake": "Mise", "color": "Ta couleur",
        "white": "Blancs", "black": "Noirs", "random": "Au hasard", "opponent": "Adversaire",
        "anyone": "N'importe qui (table publique)", "invite": "Un ami (lien d'invitation)", "bot": "Le bot",
        "level": "Niveau du bot", "easy": "Facile", "normal": "Normal", "hard": "Difficile",
        "create": "Ouvrir la table", "open_tables": "Tables ouvertes",
        "no_tables": "Aucune table ouverte pour l'instant. Ouvre la tienne !",
        "join": "Rejoindre", "cancel": "Annuler", "your_tables": "Tes tables ouvertes",
        "waiting": "En attente d'un adversaire…",
        "invite_link": "Envoie ce lien à ton ami :", "copy": "Copier", "copied": "Copié !",
        "your_games": "Tes parties", "no_games": "Pas encore de partie.", "continue": "Reprendre",
        "replay": "Revoir",
        "play_guest": "Jouer tout de suite en invité",
        "guest_note": "Les invités jouent en amical et contre le bot. Inscris-toi pour jouer en classé et miser des pièces.",
        "bot_note": "Les parties contre le bot ne comptent jamais : ni Elo, ni pièces.",
        "ranked_note": "Les parties classées sont réservées aux comptes et font bouger ton Elo.",
        "username": "Nom d'utilisateur", "password": "Mot de passe", "login": "Se connecter",
        "register": "Créer mon compte", "have_account": "Déjà un compte ?", "no_account": "Pas encore de compte ?",
        "welcome_coins": "Chaque nouveau compte commence avec 500 pièces.",
        "watch_title": "Parties en cours", "no_live": "Aucune partie en cours pour l'instant.", "watch": "Regarder",
        "moves": "coups", "vs": "contre",
        "resign": "Abandonner", "offer_draw": "Proposer la nulle", "accept_draw": "Accepter la nulle",
        "decline_draw": "Refuser", "abort": "Annuler la partie", "claim": "Réclamer la victoire",
        "rematch": "Revanche", "accept_rematch": "Accepter la revanche", "decline_rematch": "Refuser",
        "confirm_resign": "Abandonner vraiment ?",
        "your_turn": "À toi de jouer", "their_turn": "{name} réfléchit", "spectating": "Tu regardes",
        "draw_offered": "Tu as proposé la nulle.", "draw_offer_in": "{name} propose la nulle.",
        "rematch_offered": "Tu as proposé une revanche.", "rematch_offer_in": "{name} propose une revanche.",
        "away": "{name} est absent.", "claim_in": "Tu pourras réclamer la victoire dans {s} s.",
        "claim_now": "{name} est parti : tu peux réclamer la victoire.",
        "forfeit_in": "Forfait automatique dans {s} s.",
        "online": "en ligne", "offline": "absent",
        "connecting": "Connexion…", "reconnecting": "Connexion perdue, reconnexion…", "connected": "Connecté",
        "conn_gone": "Cette partie n'existe pas.", "conn_closed": "Connexion refusée par le serveur.",
        "conn_limited": "Trop de connexions ouvertes (ferme quelques onglets) : nouvel essai dans une minute…",
        "result_win": "Tu as gagné !", "result_loss": "Tu as perdu.", "result_draw": "Partie nulle.",
        "result_white": "{name} a gagné", "aborted": "Partie annulée.", "abandoned": "Partie abandonnée.",
        "r_checkmate": "par échec et mat", "r_stalemate": "par pat", "r_resignation": "par abandon",
        "r_agreement": "d'un commun accord", "r_forfeit": "par forfait",
        "new_game": "Nouvelle partie", "to_lobby": "Retour au salon", "download_pgn": "Télécharger le PGN",
        "replay_title": "Revoir la partie", "first": "Début", "prev": "Précédent", "next": "Suivant",
        "last": "Fin", "step": "Étape", "profile_title": "Profil", "member_since": "Membre depuis",
        "wins": "Victoires", "losses": "Défaites", "draws": "Nulles", "balance": "Solde",
        "recent_games": "Parties récentes",
        "elo_soon": "L'Elo, les badges et les chapeaux arrivent avec la ligue.",
        "not_found": "Introuvable", "not_found_text": "Il n'y a rien ici.",
        "table_title": "Table", "join_table": "S'asseoir à cette table",
        "table_closed": "Cette table n'est plus ouverte.",
        "status": "État", "result": "Résultat", "players": "Joueurs", "ongoing": "en cours",
        "footer": "donjon — logiciel libre (AGPL). Le serveur arbitre chaque coup.",
        "spectators_note": "Les spectateurs ne voient que ce qui est public : jamais une main, jamais une pioche.",
        "error": "Erreur", "api_docs": "API",
        "ev_resign": "abandonne", "ev_abort": "annule la partie", "ev_claim": "réclame la victoire (adversaire absent)",
        "ev_forfeit": "perd par forfait (absent)", "ev_abandon": "partie abandonnée",
        "ev_draw_offer": "propose la nulle", "ev_draw_accept": "accepte la nulle", "ev_draw_decline": "refuse la nulle",
        "ev_rematch_offer": "propose une revanche", "ev_rematch_accept": "accepte la revanche",
        "ev_rematch_decline": "refuse la revanche",
        "nav_leaderboard": "Classement", "nav_shop": "Boutique", "loading": "Chargement…",
        "daily_title": "Aujourd'hui", "daily_bonus": "Bonus du jour", "daily_claim": "Récupérer {n} pièces",
        "daily_claimed": "Récupéré aujourd'hui. Le prochain bonus arrive à 0 h UTC.", "daily_got": "+{n} pièces !",
        "daily_note": "Les pièces arrivent une fois par jour, à ta première visite après 0 h UTC.",
        "challenges": "Défis du jour", "ch_claim": "Récupérer", "ch_claimed": "Récupéré",
        "ch_reward": "+{n}", "ch_any": "Tous les jeux", "ch_done": "Réussi !", "ch_new_day": "Nouveaux défis à 0 h UTC.",
        "daily_guest": "Inscris-toi pour recevoir un bonus par jour et trois défis quotidiens.",
        "leaderboards": "Classements", "leaderboard_title": "Classement", "player": "Joueur",
        "rating": "Elo", "games_played": "Parties", "no_rated": "Aucune partie classée n'a encore été jouée.",
        "provisional": "provisoire : moins de 10 parties classées",
        "shop_title": "Boutique de chapeaux", "shop_intro": "Achète un chapeau avec tes pièces : ton roi le porte sur le plateau, devant ton adversaire et les spectateurs. Un seul chapeau à la fois.",
        "buy": "Acheter", "equip": "Porter", "unequip": "Retirer", "owned": "Acquis", "worn": "Porté",
        "no_hat": "Pas de chapeau", "shop_login": "Connecte-toi pour acheter des chapeaux.",
        "shop_guest": "Les invités n'ont pas de pièces : inscris-toi pour acheter des chapeaux.",
        "bought": "Tu as acheté : {name}.", "wearing": "Ton roi porte : {name}.", "hat_off": "Ton roi ne porte plus de chapeau.",
        "too_expensive": "Pas assez de pièces",
        "ratings": "Classements Elo", "rating_history": "Historique de l'Elo", "badges": "Badges",
        "badges_none": "Pas encore de badge : joue des cartes en parties contre des personnes pour en gagner.",
        "hats": "Chapeaux", "hats_none": "Aucun chapeau pour l'instant.", "visit_shop": "Aller à la boutique",
        "unrated": "pas encore classé",
        "tier_bronze": "Bronze", "tier_silver": "Argent", "tier_gold": "Or", "plays": "jouée {n} fois",
        "res_win": "Victoire", "res_loss": "Défaite", "res_draw": "Nulle", "res_aborted": "Annulée", "res_abandoned": "Abandonnée", "res_other": "—",
        "elo_change": "Variation d'Elo", "n_games_1": "1 partie classée", "n_games": "{n} parties classées",
    },
}

def strings(lang: str) -> dict[str, str]:
    return STRINGS.get(lang, STRINGS["en"])


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    for cand in (query, cookie):
        if cand in LANGS:
            return cand  # type: ignore[return-value]
    if accept and accept.strip().lower().startswith("fr"):
        return "fr"
    return "en"


def game_name(kind: str, lang: str) -> str:
    """The registered game ``kind``'s name in ``lang`` (its ``GameInfo``); else ``kind``."""
    from donjon.games import game_ids, get_info

    return get_info(kind).name(lang) if kind in game_ids() else kind


def check_complete() -> list[str]:
    """Keys present in one language and missing in another (tested)."""
    keys: set[Any] = set()
    for d in STRINGS.values():
        keys |= set(d)
    return sorted(f"{lang}:{k}" for lang, d in STRINGS.items() for k in keys if k not in d)


# Tables of 1–4 seats, bot seats, table options, leaving a game of three or more.
STRINGS["en"].update({
    "seats": "Seats", "bot_seats": "Bots at the table", "bot_seats_note": "Bots take these seats at once; people take the others. A table with a bot is friendly, stake 0.",
    "download": "Download",
    "open_seat": "Open seat", "fill_bots": "Fill the open seats with bots", "leave_table": "Leave the table",
    "waiting_players": "Waiting for players…", "seats_n": "{n} seats", "open_n": "{n} open", "seat_n": "Seat {n}",
    "leave_game": "Leave the game", "confirm_leave": "Leave the game? A bot takes your seat and you rank last.",
    "confirm_leave_coop": "Leave the game? A bot teammate takes your seat (the last one to leave abandons the game).",
    "ranking": "Ranking", "left_game": "left · a bot plays for them", "ev_takeover": "left the game: a bot takes the seat",
    "table_seated": "You sit at this table. The game starts when every seat is taken.", "solo": "Solo",
    "r_no_cards": "every card placed", "r_deadlock": "deadlock: fewest cards", "r_turn_limit": "round limit: fewest cards",
    "r_treasures_saved": "four treasures saved", "r_treasures_lost": "four treasures lost",
})
STRINGS["fr"].update({
    "seats": "Places", "bot_seats": "Bots à la table", "bot_seats_note": "Des bots prennent ces places tout de suite ; des joueurs prennent les autres. Une table avec un bot est amicale, sans mise.",
    "download": "Télécharger",
    "open_seat": "Place libre", "fill_bots": "Compléter avec des bots", "leave_table": "Quitter la table",
    "waiting_players": "En attente de joueurs…", "seats_n": "{n} places", "open_n": "{n} libre(s)", "seat_n": "Place {n}",
    "leave_game": "Quitter la partie", "confirm_leave": "Quitter la partie ? Un bot prend ta place et tu finis dernier.",
    "confirm_leave_coop": "Quitter la partie ? Un bot coéquipier prend ta place (le dernier à partir abandonne la partie).",
    "ranking": "Classement", "left_game": "parti · un bot joue à sa place", "ev_takeover": "a quitté la partie : un bot prend sa place",
    "table_seated": "Tu es assis à cette table. La partie commence quand toutes les places sont prises.", "solo": "Solo",
    "r_no_cards": "toutes les cartes posées", "r_deadlock": "blocage : le moins de cartes", "r_turn_limit": "limite de tours : le moins de cartes",
    "r_treasures_saved": "quatre trésors sauvés", "r_treasures_lost": "quatre trésors perdus",
})
