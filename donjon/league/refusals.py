"""Refusals of the league: the daily bonus, the daily challenges, the hat shop, stakes.

A hat or a challenge is named by its names in every language (``hat.name``, ``ch.text``),
so it reads in the reader's language too (:mod:`donjon.said`).
"""

from donjon.said import Sayer

say = Sayer({
    "daily_claimed": {
        "en": "today's bonus is already claimed: come back after 00:00 UTC",
        "fr": "le bonus du jour est déjà récupéré : reviens après 0 h UTC",
        "es": "la bonificación de hoy ya está recogida: vuelve después de las 00:00 UTC",
    },
    "no_challenge": {
        "en": "there is no challenge {challenge!r}",
        "fr": "il n'y a pas de défi {challenge!r}",
        "es": "no hay ningún reto {challenge!r}",
    },
    "not_today": {
        "en": "“{challenge}” is not one of today's challenges",
        "fr": "« {challenge} » n'est pas un des défis du jour",
        "es": "«{challenge}» no es uno de los retos de hoy",
    },
    "reward_claimed": {
        "en": "the reward of “{challenge}” is already claimed",
        "fr": "la récompense de « {challenge} » est déjà récupérée",
        "es": "la recompensa de «{challenge}» ya está recogida",
    },
    "this_reward_claimed": {
        "en": "this challenge's reward is already claimed",
        "fr": "la récompense de ce défi est déjà récupérée",
        "es": "la recompensa de este reto ya está recogida",
    },
    "not_complete": {
        "en": "“{challenge}” is at {done}/{target}: finish it to claim {reward} coins",
        "fr": "« {challenge} » en est à {done}/{target} : termine-le pour récupérer {reward} pièces",
        "es": "«{challenge}» va por {done}/{target}: complétalo para recoger {reward} monedas",
    },
    "no_hat": {
        "en": "there is no hat {hat!r} in the shop",
        "fr": "il n'y a pas de chapeau {hat!r} à la boutique",
        "es": "no hay ningún sombrero {hat!r} en la tienda",
    },
    "hat_not_owned": {
        "en": "you do not own the {hat}: buy it in the shop first",
        "fr": "tu n'as pas le chapeau « {hat} » : achète-le d'abord à la boutique",
        "es": "no tienes el sombrero «{hat}»: cómpralo antes en la tienda",
    },
    "hat_owned": {
        "en": "you already own the {hat}",
        "fr": "tu as déjà le chapeau « {hat} »",
        "es": "ya tienes el sombrero «{hat}»",
    },
    "this_hat_owned": {
        "en": "you already own this hat",
        "fr": "tu as déjà ce chapeau",
        "es": "ya tienes este sombrero",
    },
    "above_balance": {
        "en": "{what} is above your balance of {balance} coins",
        "fr": "{what} dépasse ton solde de {balance} pièces",
        "es": "{what} supera tu saldo de {balance} monedas",
    },
    "a_stake": {
        "en": "a stake of {stake} coins",
        "fr": "une mise de {stake} pièces",
        "es": "una apuesta de {stake} monedas",
    },
    "hat_price": {
        "en": "the {hat} costs {price} coins, which",
        "fr": "le chapeau « {hat} » coûte {price} pièces, ce qui",
        "es": "el sombrero «{hat}» cuesta {price} monedas, lo que",
    },
    "no_game": {
        "en": "there is no game {game!r}",
        "fr": "il n'y a pas de jeu {game!r}",
        "es": "no hay ningún juego {game!r}",
    },
})
