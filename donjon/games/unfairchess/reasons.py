"""Why a greyed card is greyed: reason codes and their texts in English, French and Spanish.

The hand entries of a seat's view carry a code for each of its unplayable cards
(``{"card": "sommeil", "playable": false, "why": "in_check"}``); the client shows the text
of :data:`REASONS` in the player's language. Codes come from
:func:`donjon.games.unfairchess.rules.card_why_not`: the gate (turn, a card already played,
Silence, Foresight's pending order), a card's own :meth:`Card.why_not
<donjon.games.unfairchess.cards.base.Card.why_not>` when it has no targeting at all, and the
referee's checks of its targetings (king safety, Truce, an add-to-move card's normal move).
"""

from __future__ import annotations

REASONS: dict[str, dict[str, str]] = {
    # The gate (B.3-3 i, ii).
    "game_over": {
        "en": "The game is over.",
        "fr": "La partie est terminée.",
        "es": "La partida ha terminado.",
    },
    "not_your_turn": {
        "en": "It is not your turn.",
        "fr": "Ce n'est pas ton tour.",
        "es": "No es tu turno.",
    },
    "card_played": {
        "en": "You have already played a card this turn.",
        "fr": "Tu as déjà joué une carte ce tour-ci.",
        "es": "Ya has jugado una carta en este turno.",
    },
    "ordering": {
        "en": "First put back the cards you looked at with Foresight.",
        "fr": "Remets d'abord en place les cartes vues avec Prescience.",
        "es": "Primero devuelve las cartas que miraste con Presciencia.",
    },
    "silenced": {
        "en": "Silence: you cannot play cards this turn.",
        "fr": "Silence : tu ne peux pas jouer de carte ce tour-ci.",
        "es": "Silencio: no puedes jugar cartas en este turno.",
    },
    # The referee's checks of every targeting (D6, Truce, B.3-3 iv).
    "in_check": {
        "en": "You are in check and this card does not end the check.",
        "fr": "Tu es en échec et cette carte ne t'en sort pas.",
        "es": "Estás en jaque y esta carta no te saca del jaque.",
    },
    "king_exposed": {
        "en": "Playing it would leave your king attacked.",
        "fr": "La jouer laisserait ton roi en échec.",
        "es": "Jugarla dejaría a tu rey atacado.",
    },
    "truce": {
        "en": "Truce: you cannot take or convert an enemy piece this turn.",
        "fr": "Trêve : tu ne peux ni prendre ni convertir une pièce adverse ce tour-ci.",
        "es": "Tregua: no puedes capturar ni convertir una pieza enemiga en este turno.",
    },
    "no_follow_move": {
        "en": "This card adds to your move, but would leave you no normal move to follow it.",
        "fr": "Cette carte s'ajoute à ton coup, mais ne te laisserait aucun coup normal ensuite.",
        "es": "Esta carta se suma a tu jugada, pero no te dejaría ninguna jugada normal después.",
    },
    # No targeting at all (Card.why_not).
    "no_target": {
        "en": "There is nothing this card may target now.",
        "fr": "Cette carte n'a aucune cible possible pour l'instant.",
        "es": "Esta carta no tiene ningún objetivo posible ahora.",
    },
    "no_enemy_target": {
        "en": "No enemy piece it may target (never a king; not shielded; awake if it must move).",
        "fr": "Aucune pièce adverse qu'elle puisse viser (jamais le roi ; ni protégée ; éveillée si elle doit bouger).",
        "es": "Ninguna pieza enemiga a la que pueda apuntar (nunca el rey; no protegida; despierta si debe moverse).",
    },
    "no_own_mover": {
        "en": "None of your pieces it may move can go anywhere (asleep, frozen or blocked).",
        "fr": "Aucune de tes pièces qu'elle peut déplacer n'a où aller (endormie, gelée ou bloquée).",
        "es": "Ninguna de tus piezas que puede mover tiene adónde ir (dormida, congelada o bloqueada).",
    },
    "no_pawn": {
        "en": "You have no pawn.",
        "fr": "Tu n'as aucun pion.",
        "es": "No tienes ningún peón.",
    },
    "no_pawn_enemy_half": {
        "en": "None of your pawns stands in the enemy half.",
        "fr": "Aucun de tes pions n'est dans le camp adverse.",
        "es": "Ninguno de tus peones está en la mitad enemiga.",
    },
    "no_own_piece": {
        "en": "You have no piece of the kind this card needs.",
        "fr": "Tu n'as aucune pièce du type qu'exige cette carte.",
        "es": "No tienes ninguna pieza del tipo que esta carta necesita.",
    },
    "no_adjacent_enemy": {
        "en": "None of your pieces has an enemy piece next to it.",
        "fr": "Aucune de tes pièces n'a de pièce adverse à côté d'elle.",
        "es": "Ninguna de tus piezas tiene una pieza enemiga al lado.",
    },
    "no_dynamite": {
        "en": "No piece carries dynamite (a shielded enemy one does not count).",
        "fr": "Aucune pièce ne porte de dynamite (une pièce adverse protégée ne compte pas).",
        "es": "Ninguna pieza lleva dinamita (una enemiga protegida no cuenta).",
    },
    "king_cannot_move": {
        "en": "Your king cannot move this turn.",
        "fr": "Ton roi ne peut pas bouger ce tour-ci.",
        "es": "Tu rey no puede moverse en este turno.",
    },
    "castle_blocked": {
        "en": "No rook of yours on your king's rank with empty squares between them and room beyond.",
        "fr": "Aucune de tes tours sur la rangée de ton roi avec les cases libres entre eux et de la place au-delà.",
        "es": "Ninguna torre tuya en la fila de tu rey con las casillas libres entre ambos y sitio más allá.",
    },
    "no_removed_pawn": {
        "en": "None of your pawns has been removed yet.",
        "fr": "Aucun de tes pions n'a encore été pris.",
        "es": "Todavía no te han quitado ningún peón.",
    },
    "deck_empty": {
        "en": "Your deck is empty.",
        "fr": "Ta pioche est vide.",
        "es": "Tu mazo está vacío.",
    },
    "opponent_hand_empty": {
        "en": "Your opponent's hand is empty.",
        "fr": "La main de ton adversaire est vide.",
        "es": "La mano de tu rival está vacía.",
    },
    "nothing_to_dispel": {
        "en": "There is no status, wall, trap or restriction to remove.",
        "fr": "Il n'y a aucun état, mur, piège ni restriction à retirer.",
        "es": "No hay ningún estado, muro, trampa ni restricción que quitar.",
    },
    "no_enemy_line_piece": {
        "en": "Your opponent has no bishop, rook or queen.",
        "fr": "Ton adversaire n'a ni fou, ni tour, ni dame.",
        "es": "Tu rival no tiene alfil, torre ni dama.",
    },
    "last_not_normal_move": {
        "en": "Your opponent's last turn was not a normal move.",
        "fr": "Le dernier tour de ton adversaire n'était pas un coup normal.",
        "es": "El último turno de tu rival no fue una jugada normal.",
    },
    "last_moved_nothing": {
        "en": "Your opponent's last turn moved no piece.",
        "fr": "Le dernier tour de ton adversaire n'a déplacé aucune pièce.",
        "es": "El último turno de tu rival no movió ninguna pieza.",
    },
    "last_mover_untargetable": {
        "en": "The piece that made your opponent's last move cannot be targeted by this card.",
        "fr": "La pièce qui a joué le dernier coup adverse ne peut pas être visée par cette carte.",
        "es": "La pieza que hizo la última jugada de tu rival no puede ser objetivo de esta carta.",
    },
    "last_move_not_quiet": {
        "en": "Your opponent's last move was a capture, a castling or a promotion.",
        "fr": "Le dernier coup adverse était une prise, un roque ou une promotion.",
        "es": "La última jugada de tu rival fue una captura, un enroque o una promoción.",
    },
    "origin_occupied": {
        "en": "The square that piece came from is no longer empty.",
        "fr": "La case d'où venait cette pièce n'est plus libre.",
        "es": "La casilla de la que venía esa pieza ya no está libre.",
    },
}
"""Reason code → ``{"en", "fr", "es"}`` text; JSON-able (the web client will load it)."""

LANGUAGES = ("en", "fr", "es")


def reason_text(code: str, lang: str = "en") -> str:
    """The text of ``code`` in ``lang`` (English if the language is unknown)."""
    texts = REASONS[code]
    return texts.get(lang, texts["en"])
