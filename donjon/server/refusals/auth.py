"""Refusals of accounts: signing up, logging in, the account page."""

from donjon.said import Sayer

say = Sayer({
    "username_form": {
        "en": "a username has 3 to 20 letters, digits, '_' or '-'",
        "fr": "un nom d'utilisateur a de 3 à 20 lettres, chiffres, « _ » ou « - »",
        "es": "un nombre de usuario tiene de 3 a 20 letras, cifras, «_» o «-»",
    },
    "username_guest": {
        "en": "usernames starting with 'guest' are kept for guests",
        "fr": "les noms commençant par « guest » sont réservés aux invités",
        "es": "los nombres que empiezan por «guest» están reservados a los invitados",
    },
    "username_closed": {
        "en": "usernames starting with 'closed-' are kept for closed accounts",
        "fr": "les noms commençant par « closed- » sont réservés aux comptes fermés",
        "es": "los nombres que empiezan por «closed-» están reservados a las cuentas cerradas",
    },
    "username_taken": {
        "en": "that username is taken",
        "fr": "ce nom d'utilisateur est déjà pris",
        "es": "ese nombre de usuario ya está ocupado",
    },
    "password_short": {
        "en": "a password has at least {least} characters",
        "fr": "un mot de passe a au moins {least} caractères",
        "es": "una contraseña tiene al menos {least} caracteres",
    },
    "password_long": {
        "en": "that password is too long (256 characters at most)",
        "fr": "ce mot de passe est trop long (256 caractères au plus)",
        "es": "esa contraseña es demasiado larga (256 caracteres como máximo)",
    },
    "wrong_login": {
        "en": "wrong username or password",
        "fr": "nom d'utilisateur ou mot de passe incorrect",
        "es": "nombre de usuario o contraseña incorrectos",
    },
    "guest_busy": {
        "en": "could not create a guest account, try again",
        "fr": "impossible de créer un compte invité, réessaie",
        "es": "no se pudo crear una cuenta de invitado, inténtalo de nuevo",
    },
    "login_required": {
        "en": "log in or play as a guest first",
        "fr": "connecte-toi ou joue d'abord en invité",
        "es": "inicia sesión o juega antes como invitado",
    },
    "guest_no_password": {
        "en": "a guest account has no password; sign up to keep your games and set one",
        "fr": "un compte invité n'a pas de mot de passe ; inscris-toi pour garder tes parties et en choisir un",
        "es": "una cuenta de invitado no tiene contraseña; regístrate para conservar tus partidas y elegir una",
    },
    "wrong_password": {
        "en": "that is not your current password",
        "fr": "ce n'est pas ton mot de passe actuel",
        "es": "esa no es tu contraseña actual",
    },
    "password_changed": {
        "en": "your password was changed meanwhile; reload and try again",
        "fr": "ton mot de passe a été changé entre-temps ; recharge la page et réessaie",
        "es": "tu contraseña ha cambiado mientras tanto; recarga la página e inténtalo de nuevo",
    },
    "games_in_progress": {
        "en": "finish or resign your games in progress first ({count})",
        "fr": "termine ou abandonne d'abord tes parties en cours ({count})",
        "es": "termina o abandona antes tus partidas en curso ({count})",
    },
    "too_many_logins": {
        "en": "too many failed logins; try again in {seconds} s",
        "fr": "trop de connexions échouées ; réessaie dans {seconds} s",
        "es": "demasiados inicios de sesión fallidos; inténtalo de nuevo en {seconds} s",
    },
    "too_many_accounts": {
        "en": "too many accounts created from your address; try again in {seconds} s",
        "fr": "trop de comptes créés depuis ton adresse ; réessaie dans {seconds} s",
        "es": "demasiadas cuentas creadas desde tu dirección; inténtalo de nuevo en {seconds} s",
    },
    "too_many_guests": {
        "en": "too many guest accounts created from your address; try again in {seconds} s or log in",
        "fr": "trop de comptes invités créés depuis ton adresse ; réessaie dans {seconds} s ou connecte-toi",
        "es": "demasiadas cuentas de invitado creadas desde tu dirección; inténtalo de nuevo en {seconds} s o inicia sesión",
    },
})
