// English, French and Spanish texts of the Castel board: interface strings, zone and place
// names, the French and Spanish articles of the card names, the prompts of every effect target
// and the sentences of the game log (LOG, written out by log.js).
//
// Each table holds one entry per message with its languages; byLang (kit/i18n.js) gives the
// per-language views the board reads: STRINGS[lang][key], ZONES[lang][zone], PROMPTS[lang][kind].

import { byLang, common, fill, pick, stepsByLang } from "../js/kit/i18n.js";

const MESSAGES = {
  ...common("you", "yourTurn", "actionsLeft", "actionLeft", "hand", "cancel", "close", "reset", "replay", "sending", "errorPrefix", "over", "youWin", "catalogue"),
  playing: {
    en: "Playing",
    fr: "Joue",
    es: "Juega",
  },
  toPlay: {
    en: "{who} is playing",
    fr: "{who} joue",
    es: "Juega {who}",
  },
  pile: {
    en: "Pile",
    fr: "Pioche",
    es: "Mazo",
  },
  exchange: {
    en: "Exchange",
    fr: "Échange",
    es: "Intercambio",
  },
  log: {
    en: "Game log",
    fr: "Journal de la partie",
    es: "Registro de la partida",
  },
  noLog: {
    en: "The game starts.",
    fr: "La partie commence.",
    es: "Empieza la partida.",
  },
  removed: {
    en: "Out of the game",
    fr: "Hors jeu",
    es: "Fuera de la partida",
  },
  assassinated: {
    en: "Assassinated",
    fr: "Assassinées",
    es: "Asesinadas",
  },
  notUsed: {
    en: "Not used in this game",
    fr: "Pas utilisées dans cette partie",
    es: "No se usan en esta partida",
  },
  handCount: {
    en: "{n} in hand",
    fr: "{n} en main",
    es: "{n} en la mano",
  },
  pileCount: {
    en: "{n} in pile",
    fr: "{n} en pioche",
    es: "{n} en el mazo",
  },
  known: {
    en: "Known in hand",
    fr: "Connues en main",
    es: "Conocidas en la mano",
  },
  openHand: {
    en: "Open hand",
    fr: "Main ouverte",
    es: "Mano descubierta",
  },
  openHands: {
    en: "The Herald is in play: every hand is open.",
    fr: "Le Hérault est en jeu : toutes les mains sont ouvertes.",
    es: "El Heraldo está en juego: todas las manos están descubiertas.",
  },
  draw: {
    en: "Draw",
    fr: "Piocher",
    es: "Robar",
  },
  drawHint: {
    en: "Take the top card of your pile",
    fr: "Prendre la carte du dessus de ta pioche",
    es: "Coge la carta de arriba de tu mazo",
  },
  place: {
    en: "Place",
    fr: "Placer",
    es: "Colocar",
  },
  exchangeVerb: {
    en: "Exchange",
    fr: "Échanger",
    es: "Intercambiar",
  },
  skip: {
    en: "Skip",
    fr: "Passer",
    es: "Pasar",
  },
  done: {
    en: "Done",
    fr: "Valider",
    es: "Confirmar",
  },
  placeOrSwap: {
    en: "{card}: click a lit place to put it in play, or a lit card of the exchange to swap it.",
    fr: "{card} : clique sur une place éclairée pour la mettre en jeu, ou sur une carte éclairée de l'échange pour l'échanger.",
    es: "{card}: haz clic en un lugar iluminado para ponerla en juego, o en una carta iluminada del intercambio para cambiarla.",
  },
  placeOnly: {
    en: "{card}: click a lit place to put it in play.",
    fr: "{card} : clique sur une place éclairée pour la mettre en jeu.",
    es: "{card}: haz clic en un lugar iluminado para ponerla en juego.",
  },
  swapOnly: {
    en: "{card} cannot be placed now: click a lit card of the exchange to swap it.",
    fr: "{card} ne peut pas être placée maintenant : clique sur une carte éclairée de l'échange pour l'échanger.",
    es: "{card} no se puede colocar ahora: haz clic en una carta iluminada del intercambio para cambiarla.",
  },
  noUse: {
    en: "{card} can be neither placed nor exchanged now.",
    fr: "{card} ne peut être ni placée ni échangée maintenant.",
    es: "{card} no se puede colocar ni intercambiar ahora.",
  },
  takeFirst: {
    en: "Take {card} from the exchange: click a lit card of your hand to give in return.",
    fr: "Prendre {card} dans l'échange : clique sur une carte éclairée de ta main à donner en retour.",
    es: "Coger {card} del intercambio: haz clic en una carta iluminada de tu mano para dar a cambio.",
  },
  chooseMain: {
    en: "Choose a card of your hand to place or exchange, or draw from your pile.",
    fr: "Choisis une carte de ta main à placer ou à échanger, ou pioche.",
    es: "Elige una carta de tu mano para colocarla o intercambiarla, o roba de tu mazo.",
  },
  chooseMainNoDraw: {
    en: "Choose a card of your hand to place or exchange.",
    fr: "Choisis une carte de ta main à placer ou à échanger.",
    es: "Elige una carta de tu mano para colocarla o intercambiarla.",
  },
  seneschal: {
    en: "The Seneschal lets you place one more card for free: pick it, or skip.",
    fr: "Le Sénéchal te permet de placer gratuitement une autre carte : choisis-la, ou passe.",
    es: "El Senescal te deja colocar gratis una carta más: elígela, o pasa.",
  },
  effectOf: {
    en: "{card}",
    fr: "{card}",
    es: "{card}",
  },
  step: {
    en: "step {k} of {n}",
    fr: "étape {k} sur {n}",
    es: "paso {k} de {n}",
  },
  drawnThisTurn: {
    en: "Drawn this turn: it can be placed or exchanged from your next turn.",
    fr: "Piochée ce tour-ci : tu pourras la placer ou l'échanger au prochain tour.",
    es: "Robada este turno: podrás colocarla o intercambiarla a partir de tu próximo turno.",
  },
  cannotPlace: {
    en: "No free place meets its requirements now.",
    fr: "Aucune place libre ne remplit ses exigences pour l'instant.",
    es: "Ahora mismo ningún lugar libre cumple sus requisitos.",
  },
  notYourTurn: {
    en: "Wait for your turn.",
    fr: "Attends ton tour.",
    es: "Espera tu turno.",
  },
  waiting: {
    en: "Waiting for {who}…",
    fr: "En attente de {who}…",
    es: "Esperando a {who}…",
  },
  watching: {
    en: "Spectating",
    fr: "Spectateur",
    es: "Espectador",
  },
  wins: {
    en: "{who} wins",
    fr: "{who} gagne",
    es: "Gana {who}",
  },
  winTie: {
    en: "Shared win: {who}",
    fr: "Victoire partagée : {who}",
    es: "Victoria compartida: {who}",
  },
  draw_: {
    en: "Draw",
    fr: "Égalité",
    es: "Empate",
  },
  youLose: {
    en: "Game over — you did not win this time.",
    fr: "Partie terminée — tu n'as pas gagné cette fois.",
    es: "Partida terminada: esta vez no has ganado.",
  },
  reason_no_cards: {
    en: "{who} placed every card.",
    fr: "{who} a placé toutes ses cartes.",
    es: "{who} ha colocado todas sus cartas.",
  },
  reason_no_cards_n: {
    en: "They placed every card.",
    fr: "Ils ont placé toutes leurs cartes.",
    es: "Han colocado todas sus cartas.",
  },
  reason_deadlock: {
    en: "Deadlock: every pile is empty and two rounds passed without a card placed; the fewest cards in hand wins.",
    fr: "Blocage : toutes les pioches sont vides et deux tours ont passé sans carte posée ; le moins de cartes en main gagne.",
    es: "Bloqueo: todos los mazos están vacíos y han pasado dos rondas sin colocar ninguna carta; gana quien tenga menos cartas en la mano.",
  },
  reason_turn_limit: {
    en: "Round limit reached: the fewest cards left wins.",
    fr: "Limite de tours atteinte : le moins de cartes restantes gagne.",
    es: "Límite de rondas alcanzado: gana quien tenga menos cartas.",
  },
  reason_forfeit: {
    en: "By forfeit.",
    fr: "Par forfait.",
    es: "Por abandono.",
  },
  reason_resignation: {
    en: "By resignation.",
    fr: "Par abandon.",
    es: "Por rendición.",
  },
  reason_timeout: {
    en: "On time.",
    fr: "Au temps.",
    es: "Por tiempo.",
  },
  reason_other: {
    en: "The game has ended.",
    fr: "La partie est terminée.",
    es: "La partida ha terminado.",
  },
  cardsLeft: {
    en: "{n} cards left",
    fr: "{n} cartes restantes",
    es: "Quedan {n} cartas",
  },
  cardLeft: {
    en: "1 card left",
    fr: "1 carte restante",
    es: "Queda 1 carta",
  },
  noCardLeft: {
    en: "no card left",
    fr: "plus aucune carte",
    es: "no queda ninguna carta",
  },
  winner: {
    en: "Winner",
    fr: "Vainqueur",
    es: "Ganador",
  },
  rank: {
    en: "Rank",
    fr: "Rang",
    es: "Puesto",
  },
  hideBanner: {
    en: "See the board",
    fr: "Voir le plateau",
    es: "Ver el tablero",
  },
  showBanner: {
    en: "Show the result",
    fr: "Voir le résultat",
    es: "Ver el resultado",
  },
  protected_knight: {
    en: "Protected: a Knight lies on it",
    fr: "Protégée : un Chevalier est posé dessus",
    es: "Protegida: tiene un Caballero encima",
  },
  protected_priest: {
    en: "Protected: the Priest of its colour stands next to it",
    fr: "Protégée : le Prêtre de sa couleur est sur une case voisine",
    es: "Protegida: el Sacerdote de su color está en una casilla vecina",
  },
  protected_captain: {
    en: "Protected: the Captain stands on its rampart",
    fr: "Protégé : le Capitaine est sur son rempart",
    es: "Protegido: el Capitán está en su muralla",
  },
  protected_ambassador: {
    en: "Protected: the Ambassador is always protected",
    fr: "Protégé : l'Ambassadeur l'est toujours",
    es: "Protegido: el Embajador siempre lo está",
  },
  token: {
    en: "Colour: {who}",
    fr: "Couleur : {who}",
    es: "Color: {who}",
  },
  noToken: {
    en: "No colour token",
    fr: "Pas de jeton de couleur",
    es: "Sin ficha de color",
  },
  placement: {
    en: "Placement",
    fr: "Placement",
    es: "Colocación",
  },
  effect: {
    en: "Effect",
    fr: "Effet",
    es: "Efecto",
  },
  zone: {
    en: "Zone",
    fr: "Zone",
    es: "Zona",
  },
  gender_M: {
    en: "male",
    fr: "masculin",
    es: "masculino",
  },
  gender_F: {
    en: "female",
    fr: "féminin",
    es: "femenino",
  },
  "gender_-": {
    en: "no gender",
    fr: "sans genre",
    es: "sin género",
  },
  copies: {
    en: "{n} copies",
    fr: "{n} exemplaires",
    es: "{n} ejemplares",
  },
  minPlayers: {
    en: "3 or more players only",
    fr: "À partir de 3 joueurs",
    es: "Solo con 3 jugadores o más",
  },
  legend: {
    en: "Legend",
    fr: "Légende",
    es: "Leyenda",
  },
  slot: {
    en: "Siege engine facing the {side} rampart",
    fr: "Engin de siège face au rempart {side}",
    es: "Máquina de asedio frente a la muralla {side}",
  },
  emptySlot: {
    en: "Free place for a siege engine facing the {side} rampart",
    fr: "Place libre pour un engin de siège face au rempart {side}",
    es: "Lugar libre para una máquina de asedio frente a la muralla {side}",
  },
  outsideHint: {
    en: "Outside the walls",
    fr: "Hors les murs",
    es: "Fuera de las murallas",
  },
  seatAria: {
    en: "Player {who}",
    fr: "Joueur {who}",
    es: "Jugador {who}",
  },
  inPlay: {
    en: "In play",
    fr: "En jeu",
    es: "En juego",
  },
  underKnight: {
    en: "Under a Knight",
    fr: "Sous un Chevalier",
    es: "Bajo un Caballero",
  },
  round: {
    en: "Round {n}",
    fr: "Tour de table {n}",
    es: "Ronda {n}",
  },
  turnN: {
    en: "Turn {n}",
    fr: "Tour {n}",
    es: "Turno {n}",
  },
  gap: {
    en: "…",
    fr: "…",
    es: "…",
  },
  startsGame: {
    en: "{who} plays first.",
    fr: "{who} commence.",
    es: "Empieza {who}.",
  },
  cardInfo: {
    en: "Read the card",
    fr: "Lire la carte",
    es: "Leer la carta",
  },
  isPlaying: {
    en: "is playing",
    fr: "joue",
    es: "juega",
  },
  ofTwo: {
    en: "{k} of 2",
    fr: "{k} sur 2",
    es: "{k} de 2",
  },
  and: {
    en: " and ",
    fr: " et ",
    es: " y ",
  },
  drawnTag: {
    en: "drawn",
    fr: "piochée",
    es: "robada",
  },
  nCards: {
    en: "{n} cards",
    fr: "{n} cartes",
    es: "{n} cartas",
  },
};

export const STRINGS = byLang(MESSAGES);

export const COLOURS = byLang([
  {
    en: "Blue",
    fr: "Bleu",
    es: "Azul",
  },
  {
    en: "Yellow",
    fr: "Jaune",
    es: "Amarillo",
  },
  {
    en: "Red",
    fr: "Rouge",
    es: "Rojo",
  },
  {
    en: "Green",
    fr: "Vert",
    es: "Verde",
  },
]);

export const ZONES = byLang({
  courtyard: {
    en: "Courtyard",
    fr: "Cour",
    es: "Patio",
  },
  rampart: {
    en: "Ramparts",
    fr: "Remparts",
    es: "Murallas",
  },
  tower: {
    en: "Towers",
    fr: "Tours",
    es: "Torres",
  },
  outside: {
    en: "Outside the walls",
    fr: "Hors les murs",
    es: "Fuera de las murallas",
  },
  knight: {
    en: "On a card",
    fr: "Sur une carte",
    es: "Sobre una carta",
  },
});

export const SIDES = byLang({
  N: {
    en: "north",
    fr: "nord",
    es: "norte",
  },
  E: {
    en: "east",
    fr: "est",
    es: "este",
  },
  S: {
    en: "south",
    fr: "sud",
    es: "sur",
  },
  W: {
    en: "west",
    fr: "ouest",
    es: "oeste",
  },
});

const TOWER_SIDE = { "0,0": "NW", "0,5": "NE", "5,0": "SW", "5,5": "SE" };
const TOWER_NAME = byLang({
  NW: {
    en: "north-west",
    fr: "nord-ouest",
    es: "noroeste",
  },
  NE: {
    en: "north-east",
    fr: "nord-est",
    es: "noreste",
  },
  SW: {
    en: "south-west",
    fr: "sud-ouest",
    es: "suroeste",
  },
  SE: {
    en: "south-east",
    fr: "sud-est",
    es: "sureste",
  },
});

export function zoneOf(r, c) {
  if ((r === 0 || r === 5) && (c === 0 || c === 5)) return "tower";
  if (r === 0 || r === 5 || c === 0 || c === 5) return "rampart";
  return "courtyard";
}

export function sideOf(r, c) {
  if (zoneOf(r, c) !== "rampart") return null;
  if (r === 0) return "N";
  if (r === 5) return "S";
  if (c === 0) return "W";
  return "E";
}

/** Where a card is, as the log says it ("motion": where it goes). */
const PLACES = {
  outside: {
    en: "outside the walls",
    fr: "hors les murs",
    es: "fuera de las murallas",
  },
  slot: {
    en: "facing the {side} rampart",
    fr: "face au rempart {side}",
    es: "frente a la muralla {side}",
  },
  courtyard: {
    en: "in the courtyard",
    fr: "dans la cour",
    es: "en el patio",
  },
  courtyard_motion: {
    en: "to the courtyard",
    fr: "dans la cour",
    es: "al patio",
  },
  rampart: {
    en: "on the {side} rampart",
    fr: "sur le rempart {side}",
    es: "en la muralla {side}",
  },
  rampart_motion: {
    en: "to the {side} rampart",
    fr: "sur le rempart {side}",
    es: "a la muralla {side}",
  },
  tower: {
    en: "on the {tower} tower",
    fr: "sur la tour {tower}",
    es: "en la torre {tower}",
  },
  tower_motion: {
    en: "to the {tower} tower",
    fr: "sur la tour {tower}",
    es: "a la torre {tower}",
  },
};

/** The languages the log (log.js) writes its sentences in: placePhrase speaks the sentence's
 * language, English for another. */
export const LOG_LANGS = ["en", "fr", "es"];

/** "in the courtyard", "on the north rampart", "facing the west rampart", "outside the walls". */
export function placePhrase(where, lang, motion = false) {
  const L = LOG_LANGS.includes(lang) ? lang : "en";
  const say = (k, vars) => fill(pick(PLACES[motion && PLACES[`${k}_motion`] ? `${k}_motion` : k], L), vars);
  if (where === "outside" || where == null) return say("outside");
  if (where && typeof where === "object" && !Array.isArray(where) && where.slot) {
    return fill(pick(PLACES.slot, L), { side: SIDES[L][where.slot] });
  }
  if (Array.isArray(where)) {
    const [r, c] = where;
    const z = zoneOf(r, c);
    if (z === "courtyard") return say("courtyard");
    if (z === "rampart") return say("rampart", { side: SIDES[L][sideOf(r, c)] });
    return say("tower", { tower: TOWER_NAME[L][TOWER_SIDE[`${r},${c}`]] });
  }
  return "";
}

/** French article of each card kind: "le", "la", "l'", "les". */
export const FR_ARTICLE = {
  roi: "le", reine: "la", favorite: "la", princesse: "la", prince: "le", dame_de_compagnie: "la",
  courtisan: "le", intrigant: "l'", bouffon: "le", fou: "le", pretre: "le", ambassadeur: "l'",
  herault: "le", assassin: "l'", chambellan: "le", senechal: "le", menestrel: "le", page: "le",
  nourrice: "la", echanson: "l'", bailli: "le", archers: "les", fantome: "le", magicien: "le",
  alchimiste: "l'", guetteur: "le", enchanteur: "l'", soldat: "le", capitaine: "le", engin: "l'",
  dragon: "le", barbare: "le", fee: "la", sorciere: "la", voleur: "le", mendiant: "le", chevalier: "le",
};

/** Spanish article of each card kind: "el", "la", "los" ("el Hada": a stressed a- takes "el"). */
export const ES_ARTICLE = {
  roi: "el", reine: "la", favorite: "la", princesse: "la", prince: "el", dame_de_compagnie: "la",
  courtisan: "el", intrigant: "el", bouffon: "el", fou: "el", pretre: "el", ambassadeur: "el",
  herault: "el", assassin: "el", chambellan: "el", senechal: "el", menestrel: "el", page: "el",
  nourrice: "la", echanson: "el", bailli: "el", archers: "los", fantome: "el", magicien: "el",
  alchimiste: "el", guetteur: "el", enchanteur: "el", soldat: "el", capitaine: "el", engin: "la",
  dragon: "el", barbare: "el", fee: "el", sorciere: "la", voleur: "el", mendiant: "el", chevalier: "el",
};

/** Kinds whose name is a plural ("the Archers send back"). */
export const PLURAL = new Set(["archers"]);

/**
 * The sentences of the game log (log.js fills them). {by} is the card whose effect acts
 * ("the Dragon"); {card}, {give}, {take}, {a}, {b} are cards with their article, except after
 * "token" sentences where French and Spanish get "du Roi" / "del Rey"; {who}, {from}, {to} are
 * players ("to {who} hand": English gets the possessive "Green’s"). A `_pl` entry is the same
 * sentence after a plural card (the Archers).
 */
export const LOG = {
  turn: { en: "Turn", fr: "Tour", es: "Turno" },
  turnN: { en: "Turn {n}", fr: "Tour {n}", es: "Turno {n}" },
  noAction: {
    en: "{who} can do nothing: the turn passes.",
    fr: "{who} ne peut rien faire : son tour passe.",
    es: "{who} no puede hacer nada: pasa el turno.",
  },
  drawCard: { en: "{who} draws {card}.", fr: "{who} pioche {card}.", es: "{who} roba {card}." },
  draw: { en: "{who} draws a card.", fr: "{who} pioche une carte.", es: "{who} roba una carta." },
  byCard: { en: "{by}: {s}", fr: "{by} : {s}", es: "{by}: {s}" },
  exchange: {
    en: "{who} exchanges {give} for {take}.",
    fr: "{who} échange {give} contre {take}.",
    es: "{who} cambia {give} por {take}.",
  },
  place: { en: "{who} places {card} {where}.", fr: "{who} pose {card} {where}.", es: "{who} coloca {card} {where}." },
  onCard: { en: "on {card}", fr: "sur {card}", es: "sobre {card}" },
  onACard: { en: "on a card", fr: "sur une carte", es: "sobre una carta" },
  toExchange: { en: "to the exchange", fr: "à l'échange", es: "al intercambio" },
  toHand: { en: "to {who} hand", fr: "dans la main de {who}", es: "a la mano de {who}" },
  sendBack: { en: "{by} sends back {card} {to}.", fr: "{by} renvoie {card} {to}.", es: "{by} devuelve {card} {to}." },
  sendBack_pl: { en: "{by} send back {card} {to}.", fr: "{by} renvoient {card} {to}.", es: "{by} devuelven {card} {to}." },
  assassinate: {
    en: "{by} assassinates {card} (out of the game).",
    fr: "{by} assassine {card} (hors jeu).",
    es: "{by} asesina {card} (fuera de la partida).",
  },
  assassinate_pl: {
    en: "{by} assassinate {card} (out of the game).",
    fr: "{by} assassinent {card} (hors jeu).",
    es: "{by} asesinan {card} (fuera de la partida).",
  },
  move: { en: "{by} moves {card} {to}.", fr: "{by} déplace {card} {to}.", es: "{by} mueve {card} {to}." },
  move_pl: { en: "{by} move {card} {to}.", fr: "{by} déplacent {card} {to}.", es: "{by} mueven {card} {to}." },
  swap: {
    en: "{by} swaps the places of {a} and {b}.",
    fr: "{by} intervertit {a} et {b}.",
    es: "{by} intercambia de lugar {a} y {b}.",
  },
  swap_pl: {
    en: "{by} swap the places of {a} and {b}.",
    fr: "{by} intervertissent {a} et {b}.",
    es: "{by} intercambian de lugar {a} y {b}.",
  },
  tokenRemoved: {
    en: "{by} removes the colour token from {card}{whose}.",
    fr: "{by} ôte le jeton de couleur {card}{whose}.",
    es: "{by} quita la ficha de color {card}{whose}.",
  },
  tokenRemoved_pl: {
    en: "{by} remove the colour token from {card}{whose}.",
    fr: "{by} ôtent le jeton de couleur {card}{whose}.",
    es: "{by} quitan la ficha de color {card}{whose}.",
  },
  tokensSwapped: {
    en: "{by} swaps the colour tokens of {a} ({ta}) and {b} ({tb}).",
    fr: "{by} échange les jetons {a} ({ta}) et {b} ({tb}).",
    es: "{by} intercambia las fichas de color {a} ({ta}) y {b} ({tb}).",
  },
  tokensSwapped_pl: {
    en: "{by} swap the colour tokens of {a} ({ta}) and {b} ({tb}).",
    fr: "{by} échangent les jetons {a} ({ta}) et {b} ({tb}).",
    es: "{by} intercambian las fichas de color {a} ({ta}) y {b} ({tb}).",
  },
  nowSeat: { en: "now {who}", fr: "désormais {who}", es: "ahora {who}" },
  noColour: { en: "no colour", fr: "sans couleur", es: "sin color" },
  give: { en: "{from} gives {card} to {to}.", fr: "{from} donne {card} à {to}.", es: "{from} da {card} a {to}." },
  aCard: { en: "a card", fr: "une carte", es: "una carta" },
  pass: { en: "{from} passes {card} to {to}.", fr: "{from} passe {card} à {to}.", es: "{from} pasa {card} a {to}." },
  aRandomCard: { en: "a random card", fr: "une carte au hasard", es: "una carta al azar" },
  fourthEngine: {
    en: "Fourth siege engine: every soldier on the ramparts is sent back (protected soldiers stay).",
    fr: "Quatrième engin de siège : tous les soldats des remparts sont renvoyés (sauf les soldats protégés).",
    es: "Cuarta máquina de asedio: se devuelven todos los soldados de las murallas (los soldados protegidos se quedan).",
  },
  noPlace: {
    en: "{card}: no other card can be placed.",
    fr: "{card} : aucune autre carte ne peut être placée.",
    es: "{card}: no se puede colocar ninguna otra carta.",
  },
  noTarget: {
    en: "{card} has nothing to act on: the effect is skipped.",
    fr: "{card} n'a aucune cible : l'effet est ignoré.",
    es: "{card} no tiene ningún objetivo: el efecto no se aplica.",
  },
  noTarget_pl: {
    en: "{card} have nothing to act on: the effect is skipped.",
    fr: "{card} n'ont aucune cible : l'effet est ignoré.",
    es: "{card} no tienen ningún objetivo: el efecto no se aplica.",
  },
  skip: { en: "No extra card with {card}.", fr: "Pas de carte en plus avec {card}.", es: "Sin carta adicional con {card}." },
  over: { en: "Game over.", fr: "Partie terminée.", es: "Partida terminada." },
  overWin: { en: "Game over: {who} wins!", fr: "Partie terminée : {who} gagne !", es: "Partida terminada: ¡gana {who}!" },
  overShared: {
    en: "Game over: {who} share the win.",
    fr: "Partie terminée : victoire partagée de {who}.",
    es: "Partida terminada: victoria compartida entre {who}.",
  },
  and: { en: " and ", fr: " et ", es: " y " },
};

/** What each effect asks, one prompt per target, in order. */
export const PROMPTS = byLang(stepsByLang({
  princesse: [
    {
      en: "Choose an unprotected card on an adjacent square to send back.",
      fr: "Choisis une carte non protégée d'une case voisine à renvoyer.",
      es: "Elige una carta sin protección de una casilla vecina para devolverla.",
    },
  ],
  prince: [
    {
      en: "Choose an unprotected card on an adjacent square to send back.",
      fr: "Choisis une carte non protégée d'une case voisine à renvoyer.",
      es: "Elige una carta sin protección de una casilla vecina para devolverla.",
    },
  ],
  dame_de_compagnie: [
    {
      en: "Choose an unprotected male card on an adjacent square to send back.",
      fr: "Choisis une carte masculine non protégée d'une case voisine à renvoyer.",
      es: "Elige una carta masculina sin protección de una casilla vecina para devolverla.",
    },
  ],
  menestrel: [
    {
      en: "Choose an unprotected female card on an adjacent square to send back.",
      fr: "Choisis une carte féminine non protégée d'une case voisine à renvoyer.",
      es: "Elige una carta femenina sin protección de una casilla vecina para devolverla.",
    },
  ],
  assassin: [
    {
      en: "Choose an unprotected card on an adjacent square to assassinate (it leaves the game).",
      fr: "Choisis une carte non protégée d'une case voisine à assassiner (elle quitte la partie).",
      es: "Elige una carta sin protección de una casilla vecina para asesinarla (sale de la partida).",
    },
  ],
  bailli: [
    {
      en: "Choose a card with a colour token on an adjacent square: its token is removed.",
      fr: "Choisis une carte avec un jeton de couleur sur une case voisine : son jeton est ôté.",
      es: "Elige una carta con ficha de color en una casilla vecina: se le quita la ficha.",
    },
  ],
  voleur: [
    {
      en: "Choose a card in play with a colour token: its token is removed.",
      fr: "Choisis une carte en jeu avec un jeton de couleur : son jeton est ôté.",
      es: "Elige una carta en juego con ficha de color: se le quita la ficha.",
    },
  ],
  archers: [
    {
      en: "Choose an unprotected card outside the walls to send back.",
      fr: "Choisis une carte non protégée hors les murs à renvoyer.",
      es: "Elige una carta sin protección fuera de las murallas para devolverla.",
    },
  ],
  sorciere: [
    {
      en: "Choose an unprotected card in a tower to send back.",
      fr: "Choisis une carte non protégée d'une tour à renvoyer.",
      es: "Elige una carta sin protección de una torre para devolverla.",
    },
  ],
  barbare: [
    {
      en: "Choose an unprotected soldier to send back.",
      fr: "Choisis un soldat non protégé à renvoyer.",
      es: "Elige un soldado sin protección para devolverlo.",
    },
  ],
  dragon: [
    {
      en: "Choose a first unprotected card in play to send back.",
      fr: "Choisis une première carte non protégée à renvoyer.",
      es: "Elige una primera carta en juego sin protección para devolverla.",
    },
    {
      en: "Choose a second card to send back.",
      fr: "Choisis une deuxième carte à renvoyer.",
      es: "Elige una segunda carta para devolverla.",
    },
  ],
  intrigant: [
    {
      en: "Choose a card whose colour token you swap.",
      fr: "Choisis une carte dont tu échanges le jeton.",
      es: "Elige una carta cuya ficha de color intercambias.",
    },
    {
      en: "Choose a card with a different colour state to swap with.",
      fr: "Choisis une carte à l'état de couleur différent.",
      es: "Elige una carta con un estado de color distinto para el intercambio.",
    },
  ],
  magicien: [
    {
      en: "Choose a card alone on a castle square.",
      fr: "Choisis une carte seule sur une case du château.",
      es: "Elige una carta que esté sola en una casilla del castillo.",
    },
    {
      en: "Choose another card of the same zone to swap places with.",
      fr: "Choisis une autre carte de la même zone pour échanger leurs places.",
      es: "Elige otra carta de la misma zona para intercambiar sus lugares.",
    },
  ],
  chambellan: [
    {
      en: "Choose a courtyard card to move.",
      fr: "Choisis une carte de la cour à déplacer.",
      es: "Elige una carta del patio para moverla.",
    },
    {
      en: "Choose a free courtyard square.",
      fr: "Choisis une case libre de la cour.",
      es: "Elige una casilla libre del patio.",
    },
  ],
  guetteur: [
    {
      en: "Choose a soldier on a rampart to move.",
      fr: "Choisis un soldat d'un rempart à déplacer.",
      es: "Elige un soldado de una muralla para moverlo.",
    },
    {
      en: "Choose a free rampart square.",
      fr: "Choisis une case libre de rempart.",
      es: "Elige una casilla libre de muralla.",
    },
  ],
  fee: [
    {
      en: "Choose a card to move (not a Knight nor a siege engine).",
      fr: "Choisis une carte à déplacer (ni un Chevalier ni un engin de siège).",
      es: "Elige una carta para moverla (ni un Caballero ni una máquina de asedio).",
    },
    {
      en: "Choose a free square of another zone, or outside the walls.",
      fr: "Choisis une case libre d'une autre zone, ou hors les murs.",
      es: "Elige una casilla libre de otra zona, o fuera de las murallas.",
    },
  ],
  alchimiste: [
    {
      en: "Choose a card of your hand to give to the exchange.",
      fr: "Choisis une carte de ta main à donner à l'échange.",
      es: "Elige una carta de tu mano para darla al intercambio.",
    },
    {
      en: "Choose the card of the exchange you take.",
      fr: "Choisis la carte de l'échange que tu prends.",
      es: "Elige la carta del intercambio que te quedas.",
    },
  ],
  bouffon: [
    {
      en: "Choose the card of your hand you give away.",
      fr: "Choisis la carte de ta main que tu donnes.",
      es: "Elige la carta de tu mano que regalas.",
    },
    {
      en: "Choose the player who receives it.",
      fr: "Choisis le joueur qui la reçoit.",
      es: "Elige al jugador que la recibe.",
    },
  ],
}));
