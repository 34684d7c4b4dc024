// English and French texts of the Castel board: interface strings, zone and place names,
// the French articles of the card names, and the prompts of every effect target.

export const STRINGS = {
  en: {
    you: "you", yourTurn: "Your turn", playing: "Playing", toPlay: "{who} is playing",
    actionsLeft: "{n} actions left", actionLeft: "1 action left",
    hand: "Hand", pile: "Pile", exchange: "Exchange", log: "Game log", noLog: "The game starts.",
    removed: "Out of the game", assassinated: "Assassinated", notUsed: "Not used in this game",
    handCount: "{n} in hand", pileCount: "{n} in pile",
    known: "Known in hand", openHand: "Open hand", openHands: "The Herald is in play: every hand is open.",
    draw: "Draw", drawHint: "Take the top card of your pile",
    place: "Place", exchangeVerb: "Exchange",
    cancel: "Cancel", close: "Close", skip: "Skip", reset: "Reset", done: "Done",
    placeOrSwap: "{card}: click a lit place to put it in play, or a lit card of the exchange to swap it.",
    placeOnly: "{card}: click a lit place to put it in play.",
    swapOnly: "{card} cannot be placed now: click a lit card of the exchange to swap it.",
    noUse: "{card} can be neither placed nor exchanged now.",
    takeFirst: "Take {card} from the exchange: click a lit card of your hand to give in return.",
    chooseMain: "Choose a card of your hand to place or exchange, or draw from your pile.",
    chooseMainNoDraw: "Choose a card of your hand to place or exchange.",
    seneschal: "The Seneschal lets you place one more card for free: pick it, or skip.",
    effectOf: "{card}", step: "step {k} of {n}",
    drawnThisTurn: "Drawn this turn: it can be placed or exchanged from your next turn.",
    cannotPlace: "No free place meets its requirements now.",
    notYourTurn: "Wait for your turn.",
    waiting: "Waiting for {who}…",
    watching: "Spectating",
    replay: "Replay",
    sending: "Sending…",
    errorPrefix: "Refused: ",
    over: "Game over", wins: "{who} wins", winTie: "Shared win: {who}", draw_: "Draw",
    youWin: "You win!", youLose: "Game over — you did not win this time.",
    reason_no_cards: "{who} placed every card.", reason_no_cards_n: "They placed every card.",
    reason_deadlock: "Deadlock: every pile is empty and two rounds passed without a card placed; the fewest cards in hand wins.",
    reason_turn_limit: "Round limit reached: the fewest cards left wins.",
    reason_forfeit: "By forfeit.", reason_other: "The game has ended.",
    cardsLeft: "{n} cards left", cardLeft: "1 card left", noCardLeft: "no card left",
    winner: "Winner", rank: "Rank", hideBanner: "See the board", showBanner: "Show the result",
    protected_knight: "Protected: a Knight lies on it",
    protected_priest: "Protected: the Priest of its colour stands next to it",
    protected_captain: "Protected: the Captain stands on its rampart",
    protected_ambassador: "Protected: the Ambassador is always protected",
    token: "Colour: {who}", noToken: "No colour token",
    placement: "Placement", effect: "Effect", zone: "Zone",
    gender_M: "male", gender_F: "female", "gender_-": "no gender",
    copies: "{n} copies", minPlayers: "3 or more players only",
    legend: "Legend",
    slot: "Siege engine facing the {side} rampart",
    emptySlot: "Free place for a siege engine facing the {side} rampart",
    outsideHint: "Outside the walls",
    seatAria: "Player {who}",
    inPlay: "In play", underKnight: "Under a Knight",
    round: "Round {n}", turnN: "Turn {n}",
    gap: "…",
    startsGame: "{who} plays first.",
    catalogue: "Card catalogue",
    cardInfo: "Read the card",
  },
  fr: {
    you: "toi", yourTurn: "À toi de jouer", playing: "Joue", toPlay: "{who} joue",
    actionsLeft: "{n} actions restantes", actionLeft: "1 action restante",
    hand: "Main", pile: "Pioche", exchange: "Échange", log: "Journal de la partie", noLog: "La partie commence.",
    removed: "Hors jeu", assassinated: "Assassinées", notUsed: "Pas utilisées dans cette partie",
    handCount: "{n} en main", pileCount: "{n} en pioche",
    known: "Connues en main", openHand: "Main ouverte", openHands: "Le Hérault est en jeu : toutes les mains sont ouvertes.",
    draw: "Piocher", drawHint: "Prendre la carte du dessus de ta pioche",
    place: "Placer", exchangeVerb: "Échanger",
    cancel: "Annuler", close: "Fermer", skip: "Passer", reset: "Recommencer", done: "Valider",
    placeOrSwap: "{card} : clique sur une place éclairée pour la mettre en jeu, ou sur une carte éclairée de l'échange pour l'échanger.",
    placeOnly: "{card} : clique sur une place éclairée pour la mettre en jeu.",
    swapOnly: "{card} ne peut pas être placée maintenant : clique sur une carte éclairée de l'échange pour l'échanger.",
    noUse: "{card} ne peut être ni placée ni échangée maintenant.",
    takeFirst: "Prendre {card} dans l'échange : clique sur une carte éclairée de ta main à donner en retour.",
    chooseMain: "Choisis une carte de ta main à placer ou à échanger, ou pioche.",
    chooseMainNoDraw: "Choisis une carte de ta main à placer ou à échanger.",
    seneschal: "Le Sénéchal te permet de placer gratuitement une autre carte : choisis-la, ou passe.",
    effectOf: "{card}", step: "étape {k} sur {n}",
    drawnThisTurn: "Piochée ce tour-ci : tu pourras la placer ou l'échanger au prochain tour.",
    cannotPlace: "Aucune place libre ne remplit ses exigences pour l'instant.",
    notYourTurn: "Attends ton tour.",
    waiting: "En attente de {who}…",
    watching: "Spectateur",
    replay: "Relecture",
    sending: "Envoi…",
    errorPrefix: "Refusé : ",
    over: "Partie terminée", wins: "{who} gagne", winTie: "Victoire partagée : {who}", draw_: "Égalité",
    youWin: "Tu as gagné !", youLose: "Partie terminée — tu n'as pas gagné cette fois.",
    reason_no_cards: "{who} a placé toutes ses cartes.", reason_no_cards_n: "Ils ont placé toutes leurs cartes.",
    reason_deadlock: "Blocage : toutes les pioches sont vides et deux tours ont passé sans carte posée ; le moins de cartes en main gagne.",
    reason_turn_limit: "Limite de tours atteinte : le moins de cartes restantes gagne.",
    reason_forfeit: "Par forfait.", reason_other: "La partie est terminée.",
    cardsLeft: "{n} cartes restantes", cardLeft: "1 carte restante", noCardLeft: "plus aucune carte",
    winner: "Vainqueur", rank: "Rang", hideBanner: "Voir le plateau", showBanner: "Voir le résultat",
    protected_knight: "Protégée : un Chevalier est posé dessus",
    protected_priest: "Protégée : le Prêtre de sa couleur est sur une case voisine",
    protected_captain: "Protégé : le Capitaine est sur son rempart",
    protected_ambassador: "Protégé : l'Ambassadeur l'est toujours",
    token: "Couleur : {who}", noToken: "Pas de jeton de couleur",
    placement: "Placement", effect: "Effet", zone: "Zone",
    gender_M: "masculin", gender_F: "féminin", "gender_-": "sans genre",
    copies: "{n} exemplaires", minPlayers: "À partir de 3 joueurs",
    legend: "Légende",
    slot: "Engin de siège face au rempart {side}",
    emptySlot: "Place libre pour un engin de siège face au rempart {side}",
    outsideHint: "Hors les murs",
    seatAria: "Joueur {who}",
    inPlay: "En jeu", underKnight: "Sous un Chevalier",
    round: "Tour de table {n}", turnN: "Tour {n}",
    gap: "…",
    startsGame: "{who} commence.",
    catalogue: "Catalogue des cartes",
    cardInfo: "Lire la carte",
  },
};

export const COLOURS = {
  en: ["Blue", "Yellow", "Red", "Green"],
  fr: ["Bleu", "Jaune", "Rouge", "Vert"],
};

export const ZONES = {
  en: { courtyard: "Courtyard", rampart: "Ramparts", tower: "Towers", outside: "Outside the walls", knight: "On a card" },
  fr: { courtyard: "Cour", rampart: "Remparts", tower: "Tours", outside: "Hors les murs", knight: "Sur une carte" },
};

export const SIDES = {
  en: { N: "north", E: "east", S: "south", W: "west" },
  fr: { N: "nord", E: "est", S: "sud", W: "ouest" },
};

const TOWER_SIDE = { "0,0": "NW", "0,5": "NE", "5,0": "SW", "5,5": "SE" };
const TOWER_NAME = {
  en: { NW: "north-west", NE: "north-east", SW: "south-west", SE: "south-east" },
  fr: { NW: "nord-ouest", NE: "nord-est", SW: "sud-ouest", SE: "sud-est" },
};

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

/** "in the courtyard", "on the north rampart", "facing the west rampart", "outside the walls". */
export function placePhrase(where, lang, motion = false) {
  const fr = lang === "fr";
  if (where === "outside" || where == null) return fr ? "hors les murs" : "outside the walls";
  if (where && typeof where === "object" && !Array.isArray(where) && where.slot) {
    const side = SIDES[fr ? "fr" : "en"][where.slot];
    return fr ? `face au rempart ${side}` : `facing the ${side} rampart`;
  }
  if (Array.isArray(where)) {
    const [r, c] = where;
    const z = zoneOf(r, c);
    if (z === "courtyard") return fr ? "dans la cour" : motion ? "to the courtyard" : "in the courtyard";
    if (z === "rampart") {
      const side = SIDES[fr ? "fr" : "en"][sideOf(r, c)];
      return fr ? `sur le rempart ${side}` : `${motion ? "to" : "on"} the ${side} rampart`;
    }
    const tower = TOWER_NAME[fr ? "fr" : "en"][TOWER_SIDE[`${r},${c}`]];
    return fr ? `sur la tour ${tower}` : `${motion ? "to" : "on"} the ${tower} tower`;
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

/** Kinds whose name is a plural ("the Archers send back"). */
export const PLURAL = new Set(["archers"]);

/** What each effect asks, one prompt per target, in order. */
export const PROMPTS = {
  en: {
    princesse: ["Choose an unprotected card on an adjacent square to send back."],
    prince: ["Choose an unprotected card on an adjacent square to send back."],
    dame_de_compagnie: ["Choose an unprotected male card on an adjacent square to send back."],
    menestrel: ["Choose an unprotected female card on an adjacent square to send back."],
    assassin: ["Choose an unprotected card on an adjacent square to assassinate (it leaves the game)."],
    bailli: ["Choose a card with a colour token on an adjacent square: its token is removed."],
    voleur: ["Choose a card in play with a colour token: its token is removed."],
    archers: ["Choose an unprotected card outside the walls to send back."],
    sorciere: ["Choose an unprotected card in a tower to send back."],
    barbare: ["Choose an unprotected soldier to send back."],
    dragon: ["Choose a first unprotected card in play to send back.", "Choose a second card to send back."],
    intrigant: ["Choose a card whose colour token you swap.", "Choose a card with a different colour state to swap with."],
    magicien: ["Choose a card alone on a castle square.", "Choose another card of the same zone to swap places with."],
    chambellan: ["Choose a courtyard card to move.", "Choose a free courtyard square."],
    guetteur: ["Choose a soldier on a rampart to move.", "Choose a free rampart square."],
    fee: ["Choose a card to move (not a Knight nor a siege engine).", "Choose a free square of another zone, or outside the walls."],
    alchimiste: ["Choose a card of your hand to give to the exchange.", "Choose the card of the exchange you take."],
    bouffon: ["Choose the card of your hand you give away.", "Choose the player who receives it."],
  },
  fr: {
    princesse: ["Choisis une carte non protégée d'une case voisine à renvoyer."],
    prince: ["Choisis une carte non protégée d'une case voisine à renvoyer."],
    dame_de_compagnie: ["Choisis une carte masculine non protégée d'une case voisine à renvoyer."],
    menestrel: ["Choisis une carte féminine non protégée d'une case voisine à renvoyer."],
    assassin: ["Choisis une carte non protégée d'une case voisine à assassiner (elle quitte la partie)."],
    bailli: ["Choisis une carte avec un jeton de couleur sur une case voisine : son jeton est ôté."],
    voleur: ["Choisis une carte en jeu avec un jeton de couleur : son jeton est ôté."],
    archers: ["Choisis une carte non protégée hors les murs à renvoyer."],
    sorciere: ["Choisis une carte non protégée d'une tour à renvoyer."],
    barbare: ["Choisis un soldat non protégé à renvoyer."],
    dragon: ["Choisis une première carte non protégée à renvoyer.", "Choisis une deuxième carte à renvoyer."],
    intrigant: ["Choisis une carte dont tu échanges le jeton.", "Choisis une carte à l'état de couleur différent."],
    magicien: ["Choisis une carte seule sur une case du château.", "Choisis une autre carte de la même zone pour échanger leurs places."],
    chambellan: ["Choisis une carte de la cour à déplacer.", "Choisis une case libre de la cour."],
    guetteur: ["Choisis un soldat d'un rempart à déplacer.", "Choisis une case libre de rempart."],
    fee: ["Choisis une carte à déplacer (ni un Chevalier ni un engin de siège).", "Choisis une case libre d'une autre zone, ou hors les murs."],
    alchimiste: ["Choisis une carte de ta main à donner à l'échange.", "Choisis la carte de l'échange que tu prends."],
    bouffon: ["Choisis la carte de ta main que tu donnes.", "Choisis le joueur qui la reçoit."],
  },
};
