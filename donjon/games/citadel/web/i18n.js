// English, French and Spanish texts of the Citadel board.
//
// Room, card, switch-type and character-title names come from the engine's static data
// (static.json: name_en / name_fr / name_es). Everything else a player reads is here: the
// interface, the card and ability texts in French and Spanish, treasure names, and the log.

import { makeT } from "../js/kit/i18n.js";

export const LANGS = ["en", "fr", "es"];

export const STRINGS = {
  en: {
    professor: "Professor Evil", outside: "Outside", you: "you", team: "The team", log: "Castle log", inCastle: "Treasures in the castle",
    saved: "Saved", lost: "Lost", savedLong: "Saved treasures", lostLong: "The Professor's vault",
    turn: "Turn {n}", turnOf: "{name}'s turn", yourTurn: "Your turn", waitingFor: "Waiting for {name}",
    actionsLeft: "{n} actions left", actionLeft: "1 action left", noActionLeft: "No action left",
    switchOnly: "+{n} switch action", endActions: "End actions", endHint: "The Professor moves next",
    power: "Power", usePower: "Use power", powerUsed: "Power used this turn",
    faceUp: "Face up", faceDown: "Face down", ability: "Ability", powerLabel: "Power",
    cards: "Revealed cards", yourCards: "Your cards", cardsOf: "{name}'s cards", noCards: "No revealed cards.",
    deck: "Deck", discard: "Discard", play: "Play", cancel: "Cancel", confirm: "Confirm", close: "Close",
    pending: "Pending", pendingNow: "Waiting for the Professor phase", played: "Played",
    cardCantPlay: "It does nothing here now", notYourTurn: "Wait for your turn", cardAlready: "You already played a card this turn",
    hintActions: "Click a lit room to move, a door to open it, your switch to turn it, a treasure to rescue it — or play a card.",
    hintOutside: "You are outside: click a lit window room to climb in.",
    hintNoAction: "No regular action left: play a card, use a power or end your actions.",
    hintWatch: "You are watching this game.",
    pickRoom: "Click a lit room", pickDoor: "Click a lit door", pickDoors: "Click the doors to open ({n} chosen)",
    pickRooms: "Click the switches to turn OFF ({n} chosen)", pickChar: "Choose a character", pickColourT: "Choose a treasure",
    pickColourD: "Choose the doorway colour he walks through", pickColour: "Choose a colour", pickType: "Choose a switch type",
    pickFace: "Choose the action-die face",
    dice: "Dice", diceColour: "Colour", diceAction: "Action", diceClock: "Clock", noRoll: "No roll yet",
    rolling: "Professor Evil rolls the dice…", profMoving: "Professor Evil is on the move",
    skip: "Skip ▸▸",
    destinyChoice: "Destiny's ability: click one die to reroll it, or keep the roll.",
    twistChoice: "Twist of Fate: choose the dice to reroll, or keep the roll.",
    changeChoice: "Change of Heart: set the colour die, or keep it.",
    reroll: "Reroll", rerollN: "Reroll {n}", keep: "Keep",
    waitDice: "{name} is deciding about the dice…",
    duckPrompt: "Duck Out! The Professor walks in: click a lit room to slip into.",
    waitDuck: "{name} is ducking out…",
    voteTitle: "An idea!", voteText: "The clock reached {numeral}. Vote for the character whose tile flips face up.",
    voteWait: "Your vote is in. Waiting for the others…", votes: "{n} votes", vote1: "1 vote", voteFor: "Vote",
    voteSpect: "The team is voting…", tie: "A tie goes to the active player's choice.",
    chooseTitle: "Choose your character", chooseWait: "Waiting for {name} to choose a character…",
    premTitle: "Premonition", premText: "Click the treasure tiles, then the room cards, in the order they will come out.",
    premTreasures: "Next treasure tiles", premRooms: "Next room cards", reset: "Reset",
    known: "You know what comes next", knownT: "Treasures", knownR: "Rooms",
    stack: "Treasure stack", roomDeck: "Room deck", removed: "{n} taken out",
    difficulty: "Difficulty", easy: "Easy", normal: "Normal", hard: "Hard",
    wonTitle: "Victory!", wonText: "Four treasures are safe. Professor Evil has been outwitted.",
    lostTitle: "Defeat…", lostText: "Four treasures are locked in the Professor's vault.",
    gameOver: "Game over", needs: "Needs every {types} switch OFF", rescuable: "Ready to rescue!",
    minutesLeft: "{n} min left", switchOn: "ON", switchOff: "OFF", door: "Door {id}", open: "open", closed: "closed",
    window: "Window", pendingEffects: "Pending", errorPrefix: "Refused: ",
    outsidePawns: "Outside the castle", freeSeat: "Bot", player: "Player {n}", seatN: "seat {n}",
    activeTag: "Playing", mapLabel: "Castle map", clockLabel: "Clock",
    red: "red", green: "green", blue: "blue",
    face_1: "1 room", face_2: "2 rooms", face_3: "3 rooms", face_passage: "Secret passage", face_hourglass: "Hourglass",
    face_hourglass_all: "All hourglasses",
    die_colour: "colour die", die_action: "action die", die_clock: "clock die",
  },
  fr: {
    professor: "Professeur Evil", outside: "Dehors", you: "toi", team: "L'équipe", log: "Journal du château", inCastle: "Trésors dans le château",
    saved: "Sauvés", lost: "Perdus", savedLong: "Trésors sauvés", lostLong: "Le coffre du Professeur",
    turn: "Tour {n}", turnOf: "Au tour de {name}", yourTurn: "À toi de jouer", waitingFor: "On attend {name}",
    actionsLeft: "{n} actions restantes", actionLeft: "1 action restante", noActionLeft: "Plus d'action",
    switchOnly: "+{n} action interrupteur", endActions: "Finir mes actions", endHint: "Ensuite, le Professeur bouge",
    power: "Pouvoir", usePower: "Utiliser le pouvoir", powerUsed: "Pouvoir déjà utilisé ce tour-ci",
    faceUp: "Face visible", faceDown: "Face cachée", ability: "Capacité", powerLabel: "Pouvoir",
    cards: "Cartes révélées", yourCards: "Tes cartes", cardsOf: "Cartes de {name}", noCards: "Aucune carte révélée.",
    deck: "Pioche", discard: "Défausse", play: "Jouer", cancel: "Annuler", confirm: "Valider", close: "Fermer",
    pending: "En attente", pendingNow: "Agit pendant la phase du Professeur", played: "Jouée",
    cardCantPlay: "Elle ne ferait rien ici pour l'instant", notYourTurn: "Attends ton tour", cardAlready: "Tu as déjà joué une carte ce tour-ci",
    hintActions: "Clique une salle éclairée pour y aller, une porte pour l'ouvrir, ton interrupteur pour le basculer, un trésor pour le sauver — ou joue une carte.",
    hintOutside: "Tu es dehors : clique une salle à fenêtre éclairée pour entrer.",
    hintNoAction: "Plus d'action : joue une carte, utilise un pouvoir ou finis tes actions.",
    hintWatch: "Tu regardes cette partie.",
    pickRoom: "Clique une salle éclairée", pickDoor: "Clique une porte éclairée", pickDoors: "Clique les portes à ouvrir ({n} choisies)",
    pickRooms: "Clique les interrupteurs à mettre sur OFF ({n} choisis)", pickChar: "Choisis un personnage", pickColourT: "Choisis un trésor",
    pickColourD: "Choisis la couleur de la porte qu'il franchit", pickColour: "Choisis une couleur", pickType: "Choisis un type d'interrupteur",
    pickFace: "Choisis la face du dé d'action",
    dice: "Dés", diceColour: "Couleur", diceAction: "Action", diceClock: "Horloge", noRoll: "Pas encore de lancer",
    rolling: "Le Professeur Evil lance les dés…", profMoving: "Le Professeur Evil se déplace",
    skip: "Passer ▸▸",
    destinyChoice: "Capacité de Destiny : clique un dé pour le relancer, ou garde le lancer.",
    twistChoice: "Coup du sort : choisis les dés à relancer, ou garde le lancer.",
    changeChoice: "Revirement : choisis la couleur du dé, ou garde-le.",
    reroll: "Relancer", rerollN: "Relancer {n}", keep: "Garder",
    waitDice: "{name} décide pour les dés…",
    duckPrompt: "Esquive ! Le Professeur entre : clique une salle éclairée pour t'y glisser.",
    waitDuck: "{name} esquive…",
    voteTitle: "Une idée !", voteText: "L'horloge a atteint {numeral}. Votez pour le personnage dont la tuile se retourne face visible.",
    voteWait: "Ton vote est enregistré. On attend les autres…", votes: "{n} votes", vote1: "1 vote", voteFor: "Voter",
    voteSpect: "L'équipe vote…", tie: "En cas d'égalité, le choix du joueur actif l'emporte.",
    chooseTitle: "Choisis ton personnage", chooseWait: "{name} choisit un personnage…",
    premTitle: "Prémonition", premText: "Clique les tuiles trésor, puis les cartes salle, dans l'ordre où elles sortiront.",
    premTreasures: "Prochaines tuiles trésor", premRooms: "Prochaines cartes salle", reset: "Recommencer",
    known: "Tu sais ce qui vient", knownT: "Trésors", knownR: "Salles",
    stack: "Pile de trésors", roomDeck: "Cartes salle", removed: "{n} retirées",
    difficulty: "Difficulté", easy: "Facile", normal: "Normal", hard: "Difficile",
    wonTitle: "Victoire !", wonText: "Quatre trésors sont à l'abri. Le Professeur Evil est déjoué.",
    lostTitle: "Défaite…", lostText: "Quatre trésors sont enfermés dans le coffre du Professeur.",
    gameOver: "Partie terminée", needs: "Il faut tous les interrupteurs {types} sur OFF", rescuable: "Prêt à être sauvé !",
    minutesLeft: "{n} min restantes", switchOn: "ON", switchOff: "OFF", door: "Porte {id}", open: "ouverte", closed: "fermée",
    window: "Fenêtre", pendingEffects: "En attente", errorPrefix: "Refusé : ",
    outsidePawns: "Hors du château", freeSeat: "Bot", player: "Joueur {n}", seatN: "place {n}",
    activeTag: "Joue", mapLabel: "Plan du château", clockLabel: "Horloge",
    red: "rouge", green: "vert", blue: "bleu",
    face_1: "1 salle", face_2: "2 salles", face_3: "3 salles", face_passage: "Passage secret", face_hourglass: "Sablier",
    face_hourglass_all: "Tous les sabliers",
    die_colour: "dé couleur", die_action: "dé d'action", die_clock: "dé horloge",
  },
  es: {
    professor: "Professor Evil", outside: "Fuera", you: "tú", team: "El equipo", log: "Diario del castillo", inCastle: "Tesoros en el castillo",
    saved: "Salvados", lost: "Perdidos", savedLong: "Tesoros salvados", lostLong: "El fuerte del Professor",
    turn: "Turno {n}", turnOf: "Turno de {name}", yourTurn: "Tu turno", waitingFor: "Esperando a {name}",
    actionsLeft: "Quedan {n} acciones", actionLeft: "Queda 1 acción", noActionLeft: "Sin acciones",
    switchOnly: "+{n} acción de interruptor", endActions: "Terminar acciones", endHint: "Después mueve el Professor",
    power: "Poder", usePower: "Usar el poder", powerUsed: "Poder ya usado este turno",
    faceUp: "Boca arriba", faceDown: "Boca abajo", ability: "Habilidad", powerLabel: "Poder",
    cards: "Cartas reveladas", yourCards: "Tus cartas", cardsOf: "Cartas de {name}", noCards: "Sin cartas reveladas.",
    deck: "Mazo", discard: "Descarte", play: "Jugar", cancel: "Cancelar", confirm: "Confirmar", close: "Cerrar",
    pending: "Pendiente", pendingNow: "Actúa en la fase del Professor", played: "Jugada",
    cardCantPlay: "Ahora no haría nada", notYourTurn: "Espera tu turno", cardAlready: "Ya has jugado una carta este turno",
    hintActions: "Haz clic en una habitación iluminada para moverte, en una puerta para abrirla, en tu interruptor para girarlo, en un tesoro para rescatarlo, o juega una carta.",
    hintOutside: "Estás fuera: haz clic en una habitación con ventana iluminada para entrar.",
    hintNoAction: "Sin acciones: juega una carta, usa un poder o termina tus acciones.",
    hintWatch: "Estás mirando esta partida.",
    pickRoom: "Haz clic en una habitación iluminada", pickDoor: "Haz clic en una puerta iluminada", pickDoors: "Haz clic en las puertas que abrir ({n} elegidas)",
    pickRooms: "Haz clic en los interruptores que poner en OFF ({n} elegidos)", pickChar: "Elige un personaje", pickColourT: "Elige un tesoro",
    pickColourD: "Elige el color de la puerta que cruza", pickColour: "Elige un color", pickType: "Elige un tipo de interruptor",
    pickFace: "Elige la cara del dado de acción",
    dice: "Dados", diceColour: "Color", diceAction: "Acción", diceClock: "Reloj", noRoll: "Aún no hay tirada",
    rolling: "Professor Evil tira los dados…", profMoving: "Professor Evil se mueve",
    skip: "Saltar ▸▸",
    destinyChoice: "Habilidad de Destiny: haz clic en un dado para volver a tirarlo, o quédate con la tirada.",
    twistChoice: "Giro del destino: elige los dados que volver a tirar, o quédate con la tirada.",
    changeChoice: "Cambio de opinión: elige el color del dado, o déjalo.",
    reroll: "Volver a tirar", rerollN: "Volver a tirar {n}", keep: "Quedarse",
    waitDice: "{name} decide sobre los dados…",
    duckPrompt: "¡Esquivar! Entra el Professor: haz clic en una habitación iluminada para escabullirte.",
    waitDuck: "{name} esquiva…",
    voteTitle: "¡Una idea!", voteText: "El reloj llegó a {numeral}. Votad qué personaje pone su ficha boca arriba.",
    voteWait: "Tu voto está hecho. Esperando a los demás…", votes: "{n} votos", vote1: "1 voto", voteFor: "Votar",
    voteSpect: "El equipo está votando…", tie: "Un empate lo decide la elección del jugador activo.",
    chooseTitle: "Elige tu personaje", chooseWait: "{name} está eligiendo personaje…",
    premTitle: "Premonición", premText: "Haz clic en las losetas de tesoro y luego en las cartas de habitación, en el orden en que saldrán.",
    premTreasures: "Próximas losetas de tesoro", premRooms: "Próximas cartas de habitación", reset: "Empezar de nuevo",
    known: "Sabes lo que viene", knownT: "Tesoros", knownR: "Habitaciones",
    stack: "Pila de tesoros", roomDeck: "Cartas de habitación", removed: "{n} retiradas",
    difficulty: "Dificultad", easy: "Fácil", normal: "Normal", hard: "Difícil",
    wonTitle: "¡Victoria!", wonText: "Cuatro tesoros están a salvo. Habéis burlado a Professor Evil.",
    lostTitle: "Derrota…", lostText: "Cuatro tesoros están encerrados en el fuerte del Professor.",
    gameOver: "Partida terminada", needs: "Necesita todos los interruptores {types} en OFF", rescuable: "¡Listo para rescatar!",
    minutesLeft: "Quedan {n} min", switchOn: "ON", switchOff: "OFF", door: "Puerta {id}", open: "abierta", closed: "cerrada",
    window: "Ventana", pendingEffects: "Pendiente", errorPrefix: "Rechazado: ",
    outsidePawns: "Fuera del castillo", freeSeat: "Bot", player: "Jugador {n}", seatN: "puesto {n}",
    activeTag: "Juega", mapLabel: "Plano del castillo", clockLabel: "Reloj",
    red: "rojo", green: "verde", blue: "azul",
    face_1: "1 habitación", face_2: "2 habitaciones", face_3: "3 habitaciones", face_passage: "Pasadizo secreto",
    face_hourglass: "Reloj de arena", face_hourglass_all: "Todos los relojes de arena",
    die_colour: "dado de color", die_action: "dado de acción", die_clock: "dado de reloj",
  },
};

/** Card texts in French and Spanish (English: the catalogue's ``text_en``). */
export const CARD_TEXT = {
  fr: {
    sprint: "Déplace-toi de 2 salles au plus par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
    window_leap: "Dehors : entre dans une salle à fenêtre sans le Professeur, puis avance si tu veux d'une salle par une porte ouverte. Dedans : avance d'une salle par une porte ouverte.",
    slip_through: "Passe dans une salle voisine par une porte de ta salle, même fermée. La porte reste comme elle est.",
    escort: "Déplace un autre personnage de 2 salles au plus par des portes ouvertes, ou de dehors dans une salle à fenêtre.",
    adrenaline: "+1 action ce tour-ci.",
    duck_out: "Pendant cette phase du Professeur, si tu devais t'enfuir, passe plutôt dans une salle voisine sans le Professeur, porte ouverte ou fermée (à toi de choisir).",
    borrowed_time: "+10 min à un trésor.",
    stitch_in_time: "+5 min à chaque trésor.",
    frozen_hour: "Le dé horloge est ignoré pendant cette phase du Professeur.",
    time_slip: "Si le dé d'action montre un sablier pendant cette phase du Professeur, il n'a aucun effet.",
    premonition: "Regarde les 3 premières tuiles trésor et les 3 premières cartes salle, et remets chaque paquet dans l'ordre de ton choix.",
    second_chance: "+2 actions ce tour-ci. Quand tu la joues, l'horloge avance aussitôt de 5 minutes (pertes et icône idée comprises).",
    remote_control: "Bascule l'interrupteur de n'importe quelle salle (dans un sens ou dans l'autre).",
    short_circuit: "Mets sur OFF jusqu'à 2 interrupteurs du même type, n'importe où.",
    jammed_gears: "Pendant cette phase du Professeur, il ne rallume aucun interrupteur.",
    chain_reaction: "Mets sur OFF l'interrupteur de ta salle et celui d'une salle voisine.",
    override: "Ce tour-ci, sauver un trésor ne rallume pas ses interrupteurs.",
    tinker: "+1 action ce tour-ci, qui doit servir à basculer un interrupteur.",
    twist_of_fate: "Après le lancer de ce tour, tu peux relancer une fois les dés de ton choix.",
    change_of_heart: "Après le lancer de ce tour, mets le dé couleur sur la couleur de ton choix.",
    distraction: "Tout de suite : le Professeur avance d'une salle par la porte de sa salle que tu choisis. Une porte ouverte qu'il franchit se ferme ; il entre dans la salle comme d'habitude.",
    slow_down: "Si le dé d'action montre 2 ou 3 ce tour-ci, il compte comme 1.",
    stay_put: "Ce tour-ci le Professeur ne bouge pas : 1, 2, 3 et passage sont ignorés. Les sabliers et l'horloge s'appliquent.",
    sent_home: "Tout de suite : le Professeur file au Laboratoire par un passage secret et y entre comme d'habitude.",
    skeleton_key: "Ouvre 2 portes, n'importe où.",
    pick_the_locks: "Ouvre toutes les portes de ta salle.",
    wedge: "Pendant cette phase du Professeur, il ne ferme aucune porte.",
    open_house: "Ouvre toutes les portes d'une salle au choix.",
    shoulder_charge: "Ouvre une porte de ta salle, puis franchis-la.",
    grappling_hook: "Dehors : entre dans une salle à fenêtre sans le Professeur. Dedans : passe dans une salle voisine par une porte fermée, qui devient ouverte.",
  },
  es: {
    sprint: "Muévete hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana).",
    window_leap: "Fuera: entra en una habitación con ventana sin el Professor y, si quieres, avanza 1 habitación más por una puerta abierta. Dentro: avanza 1 habitación por una puerta abierta.",
    slip_through: "Pasa a una habitación vecina por una puerta de tu habitación aunque esté cerrada. La puerta queda como estaba.",
    escort: "Mueve a otro personaje hasta 2 habitaciones por puertas abiertas, o desde fuera a una habitación con ventana.",
    adrenaline: "+1 acción este turno.",
    duck_out: "En esta fase del Professor, si tuvieras que huir, pasa en su lugar a una habitación vecina sin el Professor, con la puerta abierta o cerrada (tú eliges).",
    borrowed_time: "+10 min a un tesoro.",
    stitch_in_time: "+5 min a cada tesoro.",
    frozen_hour: "Se ignora el dado de reloj en esta fase del Professor.",
    time_slip: "Si el dado de acción muestra un reloj de arena en esta fase del Professor, no tiene efecto.",
    premonition: "Mira las 3 primeras losetas de tesoro y las 3 primeras cartas de habitación, y devuelve cada grupo en el orden que quieras.",
    second_chance: "+2 acciones este turno. Al jugarla, el reloj avanza 5 minutos de inmediato (se aplican las pérdidas y el icono de idea).",
    remote_control: "Gira el interruptor de cualquier habitación (en un sentido u otro).",
    short_circuit: "Pon en OFF hasta 2 interruptores del mismo tipo, en cualquier lugar.",
    jammed_gears: "En esta fase, el Professor no activa interruptores.",
    chain_reaction: "Pon en OFF el interruptor de tu habitación y el de una habitación vecina.",
    override: "Este turno, rescatar un tesoro no vuelve a activar los interruptores.",
    tinker: "+1 acción este turno, que debe ser girar un interruptor.",
    twist_of_fate: "Tras la tirada de este turno, puedes volver a tirar una vez los dados que quieras.",
    change_of_heart: "Tras la tirada de este turno, pon el dado de color en el color que elijas.",
    distraction: "Ahora: el Professor avanza 1 habitación por la puerta de su habitación que elijas. Una puerta abierta que cruce se cierra; entra en la habitación como siempre.",
    slow_down: "Si el dado de acción muestra 2 o 3 este turno, cuenta como 1.",
    stay_put: "Este turno el Professor no se mueve: se ignoran 1, 2, 3 y pasadizo. Los relojes de arena y el reloj sí se aplican.",
    sent_home: "Ahora: el Professor vuelve al Laboratorio por un pasadizo secreto y entra como siempre.",
    skeleton_key: "Abre 2 puertas cualesquiera.",
    pick_the_locks: "Abre todas las puertas de tu habitación.",
    wedge: "En esta fase, el Professor no cierra puertas.",
    open_house: "Abre todas las puertas de una habitación cualquiera.",
    shoulder_charge: "Abre 1 puerta de tu habitación y crúzala.",
    grappling_hook: "Fuera: entra en una habitación con ventana sin el Professor. Dentro: pasa a una habitación vecina por una puerta cerrada, que queda abierta.",
  },
};

/** Persistent abilities and powers in French and Spanish (English: the catalogue). */
export const ABILITY_TEXT = {
  fr: {
    nathan: ["Chaque déplacement peut aller jusqu'à 2 salles par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
      "Va dans n'importe quelle salle sans le Professeur, même depuis dehors."],
    irene: ["Quand le dé horloge montre +10, à n'importe quel tour, il compte +5.", "+15 min à un trésor."],
    edward: ["Ton action interrupteur peut viser ta salle ou une salle voisine, quelles que soient les portes.",
      "Mets sur OFF tous les interrupteurs d'un type."],
    destiny: ["À ton tour, après le lancer du Professeur, tu peux relancer un dé une fois.",
      "Ce tour-ci, ne lance pas les dés couleur et action : choisis leurs faces (le dé horloge est lancé)."],
    ada: ["Ton action ouvrir ouvre toutes les portes fermées de ta salle.", "Ouvre 4 portes fermées, n'importe où."],
  },
  es: {
    nathan: ["Cada movimiento puede recorrer hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana).",
      "Ve a cualquier habitación sin el Professor, incluso desde fuera."],
    irene: ["Cuando el dado de reloj muestra +10, en cualquier turno, cuenta +5.", "+15 min a un tesoro."],
    edward: ["Tu acción de girar interruptor puede ser en tu habitación o en una vecina, sin importar las puertas.",
      "Pon en OFF todos los interruptores de un tipo."],
    destiny: ["En tu turno, tras la tirada del Professor, puedes volver a tirar un dado una vez.",
      "Este turno no tires los dados de color y acción: elige sus caras (el dado de reloj se tira)."],
    ada: ["Tu acción de abrir abre todas las puertas cerradas de tu habitación.", "Abre 4 puertas cerradas cualesquiera."],
  },
};

export const TREASURE_NAMES = {
  fr: {
    T01: "La Joconde", T02: "Excalibur", T03: "Joyaux de la Couronne", T04: "Grande Charte", T05: "Suaire de Turin",
    T06: "Crâne de cristal", T07: "Sabre de Morimoto", T08: "Pierre de Rosette", T09: "Manuscrits de la mer Morte",
    T10: "Carnet de Vinci", T11: "Arche d'alliance", T12: "Buste de Néfertiti", T13: "Machine d'Anticythère",
    T14: "Déclaration d'indépendance", T15: "Masque de Toutânkhamon", T16: "Saint Graal", T17: "Guerrier de terre cuite",
    T18: "Diamant Hope",
  },
  es: {
    T01: "La Gioconda", T02: "Excalibur", T03: "Joyas de la Corona", T04: "Carta Magna", T05: "Sábana Santa de Turín",
    T06: "Calavera de cristal", T07: "Sable de Morimoto", T08: "Piedra de Rosetta", T09: "Manuscritos del mar Muerto",
    T10: "Cuaderno de Da Vinci", T11: "Arca de la Alianza", T12: "Busto de Nefertiti", T13: "Mecanismo de Anticitera",
    T14: "Declaración de Independencia", T15: "Máscara de Tutankamón", T16: "Santo Grial", T17: "Guerrero de terracota",
    T18: "Diamante Hope",
  },
};

export const NUMERALS = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"];
export const numeral = (minute) => NUMERALS[((Math.round(minute / 5) % 12) + 12) % 12];

// ----------------------------------------------------------------------------- the log

const LOG = {
  en: {
    move: "{char} moves to the {room}", moveVia: "{char} moves to the {room} via {via}", escorted: "{char} is escorted to the {room}",
    open: "{char} opens the door {doors}", openCard: "Opened: {doors}", switchAct: "{char} turns the {type} switch in {room} {state}",
    switchProf: "{room}: the {type} switch turns ON", switchRescue: "{room}: the {type} switch is back ON",
    switchCard: "{room}: the {type} switch turns {state}", rescue: "{char} rescues {treasure} from {room}! ({n}/4 saved)",
    card: "{char} plays {card}", power: "{char} uses the power", actions: "+{n} action(s) ({left} left)",
    endActions: "{char} ends the actions", professorPhase: "{prof} takes his turn",
    roll: "Dice: {colour} · {action} · +{clock}", rollChosen: "Dice: {colour} · {action} (chosen) · +{clock}",
    reroll: "Reroll of the {die}: {from} → {to}", setColour: "The colour die is set to {to}", keep: "The dice are kept",
    effect: "{card} takes effect", irene: "Irene: the +10 counts as +5",
    profWalk: "{prof} walks through the {colour} doorway into the {room}", profWalkClose: "{prof} walks through the {colour} doorway into the {room} and shuts the door behind him",
    profPassage: "{prof} takes a secret passage to the {room}", profDistract: "Distracted, {prof} walks into the {room}",
    profSentHome: "{prof} is sent home to the {room}", wedged: "The door {door} stays open (Wedge)", jammed: "{room}: the switch stays OFF (Jammed Gears)",
    passageNone: "Secret passage: nothing happens", flee: "{char} flees outside!", duckChoice: "{char} ducks out…",
    duck: "{char} ducks into the {room}", timeBack: "Hourglass: {treasure} loses 5 min ({left} left)",
    timePlus: "{treasure}: {left} min left", clock: "The clock strikes {numeral}",
    treasureLost: "{treasure} is lost to the vault! ({n}/4 lost)", placed: "New {colour} treasure: {treasure} in {room} ({left} min)",
    idea: "Idea icon at {numeral}!", voteOpen: "Vote: which character flips face up?", vote: "{player} votes for {char}",
    powerUp: "{char}'s tile flips face up!", ideaNone: "Every tile is already face up", turn: "Turn {n} · {char}",
    draw: "{char} draws {cards}", reshuffled: "{char} reshuffles the action deck", won: "Victory! Four treasures saved.",
    lostGame: "Defeat: four treasures lost.", chosen: "{player} chooses {char}", premonition: "{char} peeks at what comes next",
    arranged: "{char} puts the piles back in order", diceChosen: "Destiny chooses: {colour} · {action}",
  },
  fr: {
    move: "{char} → {room}", moveVia: "{char} → {via} → {room}", escorted: "{char} est escorté·e → {room}",
    open: "{char} ouvre la porte {doors}", openCard: "Ouverte(s) : {doors}", switchAct: "{char} met l'interrupteur {type} de {room} sur {state}",
    switchProf: "{room} : l'interrupteur {type} passe sur ON", switchRescue: "{room} : l'interrupteur {type} repasse sur ON",
    switchCard: "{room} : l'interrupteur {type} passe sur {state}", rescue: "{char} sauve {treasure} ({room}) ! ({n}/4 sauvés)",
    card: "{char} joue {card}", power: "{char} utilise son pouvoir", actions: "+{n} action(s) ({left} restantes)",
    endActions: "{char} finit ses actions", professorPhase: "Au tour du {prof}",
    roll: "Dés : {colour} · {action} · +{clock}", rollChosen: "Dés : {colour} · {action} (choisis) · +{clock}",
    reroll: "Relance du {die} : {from} → {to}", setColour: "Le dé couleur passe sur {to}", keep: "Les dés sont gardés",
    effect: "{card} agit", irene: "Irene : le +10 compte +5",
    profWalk: "Le {prof} passe la porte {colour} → {room}", profWalkClose: "Le {prof} passe la porte {colour} → {room} et la referme derrière lui",
    profPassage: "Le {prof} prend un passage secret → {room}", profDistract: "Distrait, le {prof} avance → {room}",
    profSentHome: "Le {prof} est renvoyé → {room}", wedged: "La porte {door} reste ouverte (Cale)", jammed: "{room} : l'interrupteur reste sur OFF (Engrenages grippés)",
    passageNone: "Passage secret : rien ne se passe", flee: "{char} s'enfuit dehors !", duckChoice: "{char} esquive…",
    duck: "{char} se glisse → {room}", timeBack: "Sablier : {treasure} perd 5 min ({left} restantes)",
    timePlus: "{treasure} : {left} min restantes", clock: "L'horloge sonne {numeral}",
    treasureLost: "{treasure} part au coffre ! ({n}/4 perdus)", placed: "Nouveau trésor {colour} : {treasure} → {room} ({left} min)",
    idea: "Icône idée à {numeral} !", voteOpen: "Vote : quel personnage se retourne ?", vote: "{player} vote pour {char}",
    powerUp: "La tuile de {char} se retourne face visible !", ideaNone: "Toutes les tuiles sont déjà visibles", turn: "Tour {n} · {char}",
    draw: "{char} pioche {cards}", reshuffled: "{char} remélange sa pioche", won: "Victoire ! Quatre trésors sauvés.",
    lostGame: "Défaite : quatre trésors perdus.", chosen: "{player} choisit {char}", premonition: "{char} regarde ce qui vient",
    arranged: "{char} remet les piles dans l'ordre", diceChosen: "Destiny choisit : {colour} · {action}",
  },
  es: {
    move: "{char} → {room}", moveVia: "{char} → {via} → {room}", escorted: "{char} es escoltado → {room}",
    open: "{char} abre la puerta {doors}", openCard: "Abierta(s): {doors}", switchAct: "{char} pone el interruptor {type} de {room} en {state}",
    switchProf: "{room}: el interruptor {type} pasa a ON", switchRescue: "{room}: el interruptor {type} vuelve a ON",
    switchCard: "{room}: el interruptor {type} pasa a {state}", rescue: "¡{char} rescata {treasure} de {room}! ({n}/4 salvados)",
    card: "{char} juega {card}", power: "{char} usa su poder", actions: "+{n} acción(es) (quedan {left})",
    endActions: "{char} termina sus acciones", professorPhase: "Turno de {prof}",
    roll: "Dados: {colour} · {action} · +{clock}", rollChosen: "Dados: {colour} · {action} (elegidos) · +{clock}",
    reroll: "Nueva tirada del {die}: {from} → {to}", setColour: "El dado de color pasa a {to}", keep: "Se mantienen los dados",
    effect: "{card} surte efecto", irene: "Irene: el +10 cuenta como +5",
    profWalk: "{prof} cruza la puerta {colour} → {room}", profWalkClose: "{prof} cruza la puerta {colour} → {room} y la cierra tras de sí",
    profPassage: "{prof} toma un pasadizo secreto → {room}", profDistract: "Distraído, {prof} avanza → {room}",
    profSentHome: "{prof} vuelve a casa → {room}", wedged: "La puerta {door} sigue abierta (Cuña)", jammed: "{room}: el interruptor sigue en OFF (Engranajes atascados)",
    passageNone: "Pasadizo secreto: no pasa nada", flee: "¡{char} huye fuera!", duckChoice: "{char} esquiva…",
    duck: "{char} se escabulle → {room}", timeBack: "Reloj de arena: {treasure} pierde 5 min (quedan {left})",
    timePlus: "{treasure}: quedan {left} min", clock: "El reloj da las {numeral}",
    treasureLost: "¡{treasure} acaba en el fuerte! ({n}/4 perdidos)", placed: "Nuevo tesoro {colour}: {treasure} → {room} ({left} min)",
    idea: "¡Icono de idea en {numeral}!", voteOpen: "Votación: ¿qué personaje se pone boca arriba?", vote: "{player} vota por {char}",
    powerUp: "¡La ficha de {char} se pone boca arriba!", ideaNone: "Todas las fichas ya están boca arriba", turn: "Turno {n} · {char}",
    draw: "{char} roba {cards}", reshuffled: "{char} baraja de nuevo su mazo", won: "¡Victoria! Cuatro tesoros salvados.",
    lostGame: "Derrota: cuatro tesoros perdidos.", chosen: "{player} elige a {char}", premonition: "{char} mira lo que viene",
    arranged: "{char} devuelve los montones en orden", diceChosen: "Destiny elige: {colour} · {action}",
  },
};

/**
 * One log line for an engine event, or null when the event is not worth a line.
 * ``n`` holds the namers: room(id), char(id), card(id), colour(c), treasure(id), type(t),
 * face(f), die(d), player(seat), doors(ids), esc(text). Names are HTML (already escaped).
 * Returns {kind, html} where kind is a CSS hint (header, prof, good, bad, idea, info).
 */
export function logLine(lang, ev, n) {
  const T = makeT(LOG, lang);
  const prof = `<b class="ctl-prof">${n.esc(STRINGS[lang]?.professor || STRINGS.en.professor)}</b>`;
  const st = (on) => `<b class="ctl-${on ? "on" : "off"}">${on ? "ON" : "OFF"}</b>`;
  switch (ev.type) {
    case "turn": return { kind: "header", html: T("turn", { n: ev.turn, char: n.char(ev.character) }) };
    case "professor_phase": return { kind: "header prof", html: T("professorPhase", { prof }) };
    case "move": {
      const path = ev.path || [];
      if (ev.cause === "escort") return { kind: "info", html: T("escorted", { char: n.char(ev.character), room: n.room(ev.to) }) };
      const via = path.length > 1 ? path.slice(0, -1).map(n.room).join(", ") : "";
      const base = via ? T("moveVia", { char: n.char(ev.character), room: n.room(ev.to), via }) : T("move", { char: n.char(ev.character), room: n.room(ev.to) });
      return { kind: "info", html: base };
    }
    case "open": {
      const doors = n.doors(ev.doors || []);
      if (ev.cause === "open" || ev.cause === "open_all") return { kind: "info", html: T("open", { char: n.active(), doors }) };
      return { kind: "info", html: T("openCard", { doors }) };
    }
    case "switch": {
      const p = { room: n.room(ev.room), type: n.type(n.switchType(ev.room)), state: st(ev.on), char: n.char(ev.character) || n.active() };
      if (ev.cause === "professor") return { kind: "prof", html: T("switchProf", p) };
      if (ev.cause === "rescue") return { kind: "info", html: T("switchRescue", p) };
      if (ev.cause === "action") return { kind: "info", html: T("switchAct", p) };
      return { kind: "info", html: T("switchCard", p) };
    }
    case "rescue": return { kind: "good", html: T("rescue", { char: n.char(ev.character), treasure: n.treasure(ev.treasure, ev.colour), room: n.room(ev.room), n: ev.saved }) };
    case "card": return { kind: "card", html: T("card", { char: n.char(ev.character), card: n.card(ev.card) }) };
    case "power": return { kind: "card", html: T("power", { char: n.char(ev.character) }) };
    case "actions": return { kind: "info", html: T("actions", { n: ev.added, left: ev.left }) };
    case "end_actions": return { kind: "info", html: T("endActions", { char: n.char(ev.character) }) };
    case "roll": {
      const p = { colour: n.colour(ev.colour), action: n.face(ev.action), clock: ev.clock };
      return { kind: "prof", html: T((ev.chosen || []).length ? "rollChosen" : "roll", p) };
    }
    case "reroll": {
      const show = (v) => (ev.die === "colour" ? n.colour(v) : ev.die === "action" ? n.face(v) : `+${v}`);
      return { kind: "prof", html: T("reroll", { die: n.die(ev.die), from: show(ev.from), to: show(ev.to) }) };
    }
    case "set_colour": return { kind: "prof", html: T("setColour", { to: n.colour(ev.to) }) };
    case "keep": return { kind: "prof", html: T("keep", {}) };
    case "effect":
      if (ev.ability === "irene") return { kind: "good", html: T("irene", {}) };
      return { kind: "good", html: T("effect", { card: n.card(ev.card) }) };
    case "professor_move": {
      const p = { prof, room: n.room(ev.to), colour: n.colour(ev.colour), door: n.doors([ev.door]) };
      if (ev.cause === "passage") return { kind: "prof", html: T("profPassage", p) };
      if (ev.cause === "distraction") return { kind: "prof", html: T("profDistract", p) };
      if (ev.cause === "sent_home") return { kind: "prof", html: T("profSentHome", p) };
      return { kind: "prof", html: T(ev.closed ? "profWalkClose" : "profWalk", p) };
    }
    case "door_wedged": return { kind: "good", html: T("wedged", { door: n.doors([ev.door]) }) };
    case "switch_jammed": return { kind: "good", html: T("jammed", { room: n.room(ev.room) }) };
    case "passage_none": return { kind: "prof", html: T("passageNone", {}) };
    case "flee": return { kind: "bad", html: T("flee", { char: n.char(ev.character) }) };
    case "duck_choice": return { kind: "info", html: T("duckChoice", { char: n.char(ev.character) }) };
    case "duck": return { kind: "good", html: T("duck", { char: n.char(ev.character), room: n.room(ev.to) }) };
    case "treasure_time": {
      const p = { treasure: n.treasureOf(ev.colour), left: ev.left };
      return ev.cause === "hourglass" ? { kind: "bad", html: T("timeBack", p) } : { kind: "good", html: T("timePlus", p) };
    }
    case "clock": return { kind: "clock", html: T("clock", { numeral: numeral(ev.clock) }) };
    case "treasure_lost": return { kind: "bad big", html: T("treasureLost", { treasure: n.treasure(ev.treasure, ev.colour), n: ev.lost }) };
    case "treasure_placed": return { kind: "info", html: T("placed", { colour: n.colour(ev.colour), treasure: n.treasure(ev.treasure, ev.colour), room: n.room(ev.room), left: ev.left }) };
    case "idea": return { kind: "idea", html: T("idea", { numeral: numeral(ev.clock) }) };
    case "vote_open": return { kind: "idea", html: T("voteOpen", {}) };
    case "vote": return { kind: "idea", html: T("vote", { player: n.player(ev.seat), char: n.char(ev.choice) }) };
    case "power_up": return { kind: "idea big", html: T("powerUp", { char: n.char(ev.character) }) };
    case "idea_no_effect": return { kind: "idea", html: T("ideaNone", {}) };
    case "draw": return { kind: "info dim", html: T("draw", { char: n.char(ev.character), cards: (ev.cards || []).map(n.card).join(", ") }) };
    case "deck_reshuffled": return { kind: "info dim", html: T("reshuffled", { char: n.char(ev.character) }) };
    case "game_over": return { kind: ev.won ? "good big" : "bad big", html: T(ev.won ? "won" : "lostGame", {}) };
    case "character_chosen": return { kind: "info", html: T("chosen", { player: n.player(ev.seat), char: n.char(ev.character) }) };
    case "premonition": return { kind: "card", html: T("premonition", { char: n.char(ev.character) }) };
    case "arranged": return { kind: "card", html: T("arranged", { char: n.char(ev.character) }) };
    case "dice_chosen": return { kind: "card", html: T("diceChosen", { colour: n.colour(ev.colour), action: n.face(ev.action) }) };
    default: return null;
  }
}
