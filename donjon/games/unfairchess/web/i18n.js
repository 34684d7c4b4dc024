// English, French and Spanish texts of the UnfairChess board.
//
// Each table holds one entry per message with its languages; byLang (kit/i18n.js) gives the
// per-language view the board reads (STRINGS[lang][key]).

import { byLang, common } from "../js/kit/i18n.js";

const MESSAGES = {
  ...common("you", "yourTurn", "replay", "deck", "hand", "play", "cancel", "confirm", "close", "notYourTurn", "sending", "over", "youWin", "errorPrefix", "catalogue"),
  white: {
    en: "White",
    fr: "Blancs",
    es: "Blancas",
  },
  black: {
    en: "Black",
    fr: "Noirs",
    es: "Negras",
  },
  typeMove: {
    en: "Type a move (Nf3, e4, O-O)",
    fr: "Tape un coup (Cf3, e4, O-O)",
    es: "Escribe una jugada (Cf3, e4, O-O)",
  },
  typedNoMove: {
    en: "No legal move is “{text}”",
    fr: "Aucun coup légal ne s'écrit « {text} »",
    es: "Ninguna jugada legal es «{text}»",
  },
  typedAmbiguous: {
    en: "Several legal moves fit “{text}”: add the starting file or rank, or the promotion's piece",
    fr: "Plusieurs coups légaux conviennent à « {text} » : ajoute la colonne ou la rangée de départ, ou la pièce de promotion",
    es: "Varias jugadas legales encajan con «{text}»: añade la columna o la fila de salida, o la pieza de la promoción",
  },
  theirTurn: {
    en: "Opponent's turn",
    fr: "À l'adversaire",
    es: "Turno del rival",
  },
  toMove: {
    en: "{side} to move",
    fr: "Trait aux {side}",
    es: "Juegan las {side}",
  },
  spectator: {
    en: "Spectating",
    fr: "Spectateur",
    es: "Espectador",
  },
  chessboard: {
    en: "Chessboard",
    fr: "Échiquier",
    es: "Tablero",
  },
  flip: {
    en: "Flip board",
    fr: "Retourner l'échiquier",
    es: "Girar el tablero",
  },
  discard: {
    en: "Discard pile",
    fr: "Défausse",
    es: "Descarte",
  },
  discardEmpty: {
    en: "The discard pile is empty.",
    fr: "La défausse est vide.",
    es: "El descarte está vacío.",
  },
  cards: {
    en: "cards",
    fr: "cartes",
    es: "cartas",
  },
  moves: {
    en: "Moves",
    fr: "Coups",
    es: "Jugadas",
  },
  noMoves: {
    en: "No moves yet.",
    fr: "Aucun coup pour l'instant.",
    es: "Aún no hay jugadas.",
  },
  replaces: {
    en: "Replaces your move",
    fr: "Remplace ton coup",
    es: "Sustituye a tu jugada",
  },
  adds: {
    en: "Adds to your move",
    fr: "S'ajoute à ton coup",
    es: "Se suma a tu jugada",
  },
  common: {
    en: "Common",
    fr: "Commune",
    es: "Común",
  },
  rare: {
    en: "Rare",
    fr: "Rare",
    es: "Rara",
  },
  legendary: {
    en: "Legendary",
    fr: "Légendaire",
    es: "Legendaria",
  },
  greyed: {
    en: "Not playable in this position",
    fr: "Pas jouable dans cette position",
    es: "No se puede jugar en esta posición",
  },
  greyedWhy: {
    en: "Not playable now",
    fr: "Pas jouable maintenant",
    es: "No se puede jugar ahora",
  },
  pickSquare: {
    en: "Step {n}: click a red square",
    fr: "Étape {n} : clique sur une case rouge",
    es: "Paso {n}: haz clic en una casilla roja",
  },
  orDone: {
    en: "or confirm now",
    fr: "ou valide maintenant",
    es: "o confirma ya",
  },
  promote: {
    en: "Promote to",
    fr: "Promotion en",
    es: "Coronar en",
  },
  promoteN: {
    en: "Promotion for the pawn on {sq}",
    fr: "Promotion du pion en {sq}",
    es: "Coronación del peón de {sq}",
  },
  orderPick: {
    en: "Put back on top of your deck: pick card {n}",
    fr: "Remets sur ta pioche : choisis la carte {n}",
    es: "Devuelve a lo alto de tu mazo: elige la carta {n}",
  },
  chooseOption: {
    en: "Choose",
    fr: "Choisis",
    es: "Elige",
  },
  check: {
    en: "Check!",
    fr: "Échec !",
    es: "¡Jaque!",
  },
  canSave: {
    en: "Checkmate on the board, but a card can still save you!",
    fr: "Échec et mat sur l'échiquier, mais une carte peut encore te sauver !",
    es: "Jaque mate en el tablero, ¡pero una carta aún puede salvarte!",
  },
  canSaveOther: {
    en: "{side} is checkmated on the board, but a card can still save them.",
    fr: "Les {side} sont mat sur l'échiquier, mais une carte peut encore les sauver.",
    es: "Las {side} tienen jaque mate en el tablero, pero una carta aún puede salvarlas.",
  },
  mustMove: {
    en: "Card played: now make your normal move.",
    fr: "Carte jouée : joue maintenant ton coup normal.",
    es: "Carta jugada: ahora haz tu jugada normal.",
  },
  mustMoveOther: {
    en: "{side} played a card and now makes a normal move.",
    fr: "Les {side} ont joué une carte et jouent maintenant un coup.",
    es: "Las {side} han jugado una carta y ahora hacen una jugada normal.",
  },
  silenced: {
    en: "Silence: no cards this turn.",
    fr: "Silence : pas de carte ce tour-ci.",
    es: "Silencio: no hay cartas este turno.",
  },
  silencedOther: {
    en: "Silence: {side} cannot play cards this turn.",
    fr: "Silence : les {side} ne peuvent pas jouer de carte ce tour-ci.",
    es: "Silencio: las {side} no pueden jugar cartas este turno.",
  },
  exception: {
    en: "No legal move under the restrictions: they are lifted for this move.",
    fr: "Aucun coup légal avec les restrictions : elles sautent pour ce coup.",
    es: "No hay ninguna jugada legal con las restricciones: se levantan para esta jugada.",
  },
  r_curfew: {
    en: "Curfew: the {side} king cannot move this turn.",
    fr: "Couvre-feu : le roi des {side} ne peut pas bouger ce tour-ci.",
    es: "Toque de queda: el rey de las {side} no puede moverse este turno.",
  },
  r_truce: {
    en: "Truce: {side} cannot capture this turn.",
    fr: "Trêve : les {side} ne peuvent rien prendre ce tour-ci.",
    es: "Tregua: las {side} no pueden capturar este turno.",
  },
  r_quicksand: {
    en: "Quicksand: {side} bishops, rooks and queens travel at most 2 squares.",
    fr: "Sables mouvants : fous, tours et dames des {side} avancent de 2 cases au plus.",
    es: "Arenas movedizas: los alfiles, torres y damas de las {side} avanzan 2 casillas como máximo.",
  },
  r_taunt: {
    en: "Taunt: {side}'s normal move must be made with the piece on {sq}.",
    fr: "Provocation : le coup normal des {side} doit être joué avec la pièce en {sq}.",
    es: "Provocación: la jugada normal de las {side} debe hacerse con la pieza de {sq}.",
  },
  r_blizzard: {
    en: "Blizzard: {side} pieces in the frozen area cannot move.",
    fr: "Blizzard : les pièces des {side} dans la zone gelée ne peuvent pas bouger.",
    es: "Ventisca: las piezas de las {side} en la zona helada no pueden moverse.",
  },
  r_lock: {
    en: "Banishment: the piece on {sq} cannot move this turn.",
    fr: "Exil : la pièce en {sq} ne peut pas bouger ce tour-ci.",
    es: "Destierro: la pieza de {sq} no puede moverse este turno.",
  },
  r_exhaustion: {
    en: "Exhaustion: the piece on {sq} cannot move this turn.",
    fr: "Épuisement : la pièce en {sq} ne peut pas bouger ce tour-ci.",
    es: "Agotamiento: la pieza de {sq} no puede moverse este turno.",
  },
  r_silence: {
    en: "Silence: {side} cannot play cards this turn.",
    fr: "Silence : les {side} ne peuvent pas jouer de carte ce tour-ci.",
    es: "Silencio: las {side} no pueden jugar cartas este turno.",
  },
  pending: {
    en: "Next turn",
    fr: "Au prochain tour",
    es: "Próximo turno",
  },
  won: {
    en: "{side} wins",
    fr: "Victoire des {side}",
    es: "Ganan las {side}",
  },
  draw: {
    en: "Draw",
    fr: "Nulle",
    es: "Tablas",
  },
  reason_checkmate: {
    en: "by checkmate",
    fr: "par échec et mat",
    es: "por jaque mate",
  },
  reason_stalemate: {
    en: "stalemate",
    fr: "pat",
    es: "ahogado",
  },
  reason_resignation: {
    en: "by resignation",
    fr: "par abandon",
    es: "por rendición",
  },
  reason_agreement: {
    en: "by agreement",
    fr: "d'un commun accord",
    es: "de mutuo acuerdo",
  },
  reason_forfeit: {
    en: "by forfeit",
    fr: "par forfait",
    es: "por abandono",
  },
  reason_timeout: {
    en: "on time",
    fr: "au temps",
    es: "por tiempo",
  },
  reason_adjudicated: {
    en: "adjudicated",
    fr: "arbitrée",
    es: "por adjudicación",
  },
  youLose: {
    en: "You lose.",
    fr: "Tu as perdu.",
    es: "Has perdido.",
  },
  knownTop: {
    en: "Top of your deck",
    fr: "Haut de ta pioche",
    es: "Lo alto de tu mazo",
  },
  oppKnown: {
    en: "You know they hold",
    fr: "Tu sais qu'il a",
    es: "Sabes que tiene",
  },
  removed: {
    en: "Taken",
    fr: "Prises",
    es: "Capturadas",
  },
  card: {
    en: "Card",
    fr: "Carte",
    es: "Carta",
  },
  cardWord: {
    en: "card",
    fr: "carte",
    es: "carta",
  },
  status_poison: {
    en: "Poisoned",
    fr: "Empoisonnée",
    es: "Envenenada",
  },
  status_sleep: {
    en: "Asleep",
    fr: "Endormie",
    es: "Dormida",
  },
  status_shield: {
    en: "Shielded",
    fr: "Protégée",
    es: "Protegida",
  },
  status_dynamite: {
    en: "Dynamite",
    fr: "Dynamite",
    es: "Dinamita",
  },
  frozen: {
    en: "Cannot move this turn",
    fr: "Ne peut pas bouger ce tour-ci",
    es: "No puede moverse este turno",
  },
  wall: {
    en: "Wall",
    fr: "Muraille",
    es: "Muralla",
  },
  trap: {
    en: "Trap",
    fr: "Piège",
    es: "Trampa",
  },
  opponentHand: {
    en: "Opponent's hand",
    fr: "Main adverse",
    es: "Mano del rival",
  },
  group: {
    en: "Group",
    fr: "Groupe",
    es: "Grupo",
  },
  copies: {
    en: "{n} copies in each deck",
    fr: "{n} exemplaires par pioche",
    es: "{n} ejemplares en cada mazo",
  },
  copy1: {
    en: "1 copy in each deck",
    fr: "1 exemplaire par pioche",
    es: "1 ejemplar en cada mazo",
  },
  targeting: {
    en: "Targets",
    fr: "Cible",
    es: "Objetivo",
  },
};

export const STRINGS = byLang(MESSAGES);

/** The catalogue's short "targeting" lines in French and Spanish, per card (the English is
 * cards.json's `targeting`). */
export const TARGETING = {
  poison: {
    fr: "1 de tes pièces",
    es: "1 de tus piezas",
  },
  sommeil: {
    fr: "1 pièce adverse",
    es: "1 pieza rival",
  },
  bouclier: {
    fr: "1 de tes pièces",
    es: "1 de tus piezas",
  },
  dynamite: {
    fr: "1 pièce (des deux camps)",
    es: "1 pieza (de cualquier bando)",
  },
  cavalcade: {
    fr: "ton F/T/D → saut de cavalier",
    es: "tu A/T/D → salto de caballo",
  },
  pas_de_geant: {
    fr: "ton pion → 3 cases en avant",
    es: "tu peón → 3 casillas adelante",
  },
  repli: {
    fr: "ton pion → 1 case en arrière",
    es: "tu peón → 1 casilla atrás",
  },
  pas_chasse: {
    fr: "ton pion → côté ou diagonale avant",
    es: "tu peón → al lado o en diagonal adelante",
  },
  catapulte: {
    fr: "ton F/T/D → par-dessus un obstacle",
    es: "tu A/T/D → por encima de un obstáculo",
  },
  benediction: {
    fr: "ton C/T → case en diagonale",
    es: "tu C/T → casilla en diagonal",
  },
  ligne_droite: {
    fr: "ton C/F → case en ligne droite",
    es: "tu C/A → casilla en línea recta",
  },
  passe_muraille: {
    fr: "ton F/T/D → à travers tes pièces",
    es: "tu A/T/D → a través de tus piezas",
  },
  marche_forcee: {
    fr: "1 ou 2 de tes pions, 1 pas chacun",
    es: "1 o 2 de tus peones, 1 paso cada uno",
  },
  roque_libre: {
    fr: "ton roi + ta tour sur la même rangée",
    es: "tu rey + tu torre en la misma fila",
  },
  escapade_royale: {
    fr: "ton roi → 2 cases au plus en ligne",
    es: "tu rey → hasta 2 casillas en línea",
  },
  charge: {
    fr: "ton cavalier → 2 sauts",
    es: "tu caballo → 2 saltos",
  },
  permutation: {
    fr: "2 de tes pièces",
    es: "2 de tus piezas",
  },
  doublure: {
    fr: "ton roi + ton C/F/T/D",
    es: "tu rey + tu C/A/T/D",
  },
  teleportation: {
    fr: "ton C/F/T/D → case vide de ta moitié",
    es: "tu C/A/T/D → casilla vacía de tu mitad",
  },
  chasse_croise: {
    fr: "ta pièce + pièce adverse voisine",
    es: "tu pieza + pieza rival vecina",
  },
  jeu_de_miroirs: {
    fr: "ton C/F/T + pièce adverse du même type",
    es: "tu C/A/T + pieza rival del mismo tipo",
  },
  rappel: {
    fr: "ton C/F/T/D → sa case de départ",
    es: "tu C/A/T/D → su casilla de salida",
  },
  exil: {
    fr: "C/F/T/D adverse → coin vide",
    es: "C/A/T/D rival → esquina vacía",
  },
  bourrasque: {
    fr: "1 de tes pièces (centre)",
    es: "1 de tus piezas (centro)",
  },
  recul_force: {
    fr: "pion adverse → 1 ou 2 cases en arrière",
    es: "peón rival → 1 o 2 casillas atrás",
  },
  tir_d_elite: {
    fr: "pièce adverse que tu attaques (pas la dame)",
    es: "pieza rival que atacas (no la dama)",
  },
  fleche: {
    fr: "pion adverse dans ta moitié",
    es: "peón rival en tu mitad",
  },
  kamikaze: {
    fr: "1 de tes pièces",
    es: "1 de tus piezas",
  },
  foudre: {
    fr: "la pièce adverse qui vient de jouer",
    es: "la pieza rival que acaba de jugar",
  },
  duel_de_pions: {
    fr: "ton pion + pion adverse (même colonne ou voisine)",
    es: "tu peón + peón rival (misma columna o vecina)",
  },
  percee: {
    fr: "ton pion face à une pièce adverse",
    es: "tu peón frente a una pieza rival",
  },
  detonateur: {
    fr: "1 pièce piégée à la dynamite",
    es: "1 pieza con dinamita",
  },
  encerclement: {
    fr: "pièce adverse attaquée 2 fois",
    es: "pieza rival atacada 2 veces",
  },
  frappe_celeste: {
    fr: "n'importe quelle pièce adverse",
    es: "cualquier pieza rival",
  },
  blizzard: {
    fr: "centre d'une zone 3×3",
    es: "centro de una zona de 3×3",
  },
  couvre_feu: {
    fr: "aucune",
    es: "ninguno",
  },
  treve: {
    fr: "aucune",
    es: "ninguno",
  },
  muraille: {
    fr: "1 case vide",
    es: "1 casilla vacía",
  },
  chausse_trappe: {
    fr: "1 case vide",
    es: "1 casilla vacía",
  },
  provocation: {
    fr: "1 pièce adverse qui peut bouger",
    es: "1 pieza rival que pueda moverse",
  },
  silence: {
    fr: "aucune",
    es: "ninguno",
  },
  sables_mouvants: {
    fr: "aucune",
    es: "ninguno",
  },
  epuisement: {
    fr: "la pièce adverse qui vient de jouer",
    es: "la pieza rival que acaba de jugar",
  },
  adoubement: {
    fr: "ton pion",
    es: "tu peón",
  },
  couronnement: {
    fr: "ton pion dans la moitié adverse",
    es: "tu peón en la mitad rival",
  },
  degradation: {
    fr: "C/F/T adverse hors rangées 1 et 8",
    es: "C/A/T rival fuera de las filas 1 y 8",
  },
  metamorphose: {
    fr: "ton cavalier ou ton fou",
    es: "tu caballo o tu alfil",
  },
  forge: {
    fr: "ton cavalier ou ton fou",
    es: "tu caballo o tu alfil",
  },
  abdication: {
    fr: "la dame adverse",
    es: "la dama rival",
  },
  desertion: {
    fr: "pion adverse dans ta moitié",
    es: "peón rival en tu mitad",
  },
  trahison: {
    fr: "C/F/T adverse dans ta moitié",
    es: "C/A/T rival en tu mitad",
  },
  nouvelle_donne: {
    fr: "aucune",
    es: "ninguno",
  },
  renfort: {
    fr: "case vide de ta 2e/3e rangée",
    es: "casilla vacía de tu 2.ª/3.ª fila",
  },
  double_tour: {
    fr: "1 coup en plus (sans prise ni échec)",
    es: "1 jugada más (sin captura ni jaque)",
  },
  prescience: {
    fr: "réordonne tes 3 prochaines cartes",
    es: "reordena tus 3 próximas cartas",
  },
  rembobinage: {
    fr: "la pièce adverse qui vient de jouer",
    es: "la pieza rival que acaba de jugar",
  },
  larcin: {
    fr: "aucune (au hasard)",
    es: "ninguno (al azar)",
  },
  dissipation: {
    fr: "aucune",
    es: "ninguno",
  },
};

/** The French lines (cards.js reads them), the Spanish ones. */

export const GROUPS = {
  1: {
    en: "Status",
    fr: "États",
    es: "Estados",
  },
  2: {
    en: "Movements",
    fr: "Mouvements",
    es: "Movimientos",
  },
  3: {
    en: "Swaps & teleports",
    fr: "Échanges & téléportations",
    es: "Intercambios y teletransportes",
  },
  4: {
    en: "Destructions",
    fr: "Destructions",
    es: "Destrucciones",
  },
  5: {
    en: "Control",
    fr: "Contrôle",
    es: "Control",
  },
  6: {
    en: "Transformations",
    fr: "Métamorphoses",
    es: "Transformaciones",
  },
  7: {
    en: "Resources & tempo",
    fr: "Ressources & tempo",
    es: "Recursos y tempo",
  },
};
