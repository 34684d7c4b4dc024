// English, French and Spanish texts of the Citadel board.
//
// Room, card, switch-type and character-title names come from the engine's static data
// (static.json: name_en / name_fr / name_es). Everything else a player reads is here: the
// interface, the card and ability texts in French and Spanish, treasure names, and the log.
//
// Each table holds one entry per message with its languages; byLang (kit/i18n.js) gives the
// per-language views the board reads (STRINGS[lang][key], CARD_TEXT[lang][card], ...).

import { byLang, common, makeT, pick, stepsByLang } from "../js/kit/i18n.js";

export { LANGS } from "../js/kit/i18n.js";

const MESSAGES = {
  ...common("you", "yourTurn", "actionsLeft", "actionLeft", "deck", "play", "cancel", "confirm", "close", "notYourTurn", "reset", "errorPrefix"),
  professor: {
    en: "Professor Evil",
    fr: "Professeur Evil",
    es: "Professor Evil",
  },
  outside: {
    en: "Outside",
    fr: "Dehors",
    es: "Fuera",
  },
  team: {
    en: "The team",
    fr: "L'équipe",
    es: "El equipo",
  },
  log: {
    en: "Castle log",
    fr: "Journal du château",
    es: "Diario del castillo",
  },
  inCastle: {
    en: "Treasures in the castle",
    fr: "Trésors dans le château",
    es: "Tesoros en el castillo",
  },
  saved: {
    en: "Saved",
    fr: "Sauvés",
    es: "Salvados",
  },
  lost: {
    en: "Lost",
    fr: "Perdus",
    es: "Perdidos",
  },
  savedLong: {
    en: "Saved treasures",
    fr: "Trésors sauvés",
    es: "Tesoros salvados",
  },
  lostLong: {
    en: "The Professor's vault",
    fr: "Le coffre du Professeur",
    es: "El fuerte del Professor",
  },
  turn: {
    en: "Turn {n}",
    fr: "Tour {n}",
    es: "Turno {n}",
  },
  turnOf: {
    en: "{name}'s turn",
    fr: "Au tour de {name}",
    es: "Turno de {name}",
  },
  waitingFor: {
    en: "Waiting for {name}",
    fr: "On attend {name}",
    es: "Esperando a {name}",
  },
  noActionLeft: {
    en: "No action left",
    fr: "Plus d'action",
    es: "Sin acciones",
  },
  switchOnly: {
    en: "+{n} switch action",
    fr: "+{n} action interrupteur",
    es: "+{n} acción de interruptor",
  },
  endActions: {
    en: "End actions",
    fr: "Finir mes actions",
    es: "Terminar acciones",
  },
  endHint: {
    en: "The Professor moves next",
    fr: "Ensuite, le Professeur bouge",
    es: "Después mueve el Professor",
  },
  power: {
    en: "Power",
    fr: "Pouvoir",
    es: "Poder",
  },
  usePower: {
    en: "Use power",
    fr: "Utiliser le pouvoir",
    es: "Usar el poder",
  },
  powerUsed: {
    en: "Power used this turn",
    fr: "Pouvoir déjà utilisé ce tour-ci",
    es: "Poder ya usado este turno",
  },
  faceUp: {
    en: "Face up",
    fr: "Face visible",
    es: "Boca arriba",
  },
  faceDown: {
    en: "Face down",
    fr: "Face cachée",
    es: "Boca abajo",
  },
  ability: {
    en: "Ability",
    fr: "Capacité",
    es: "Habilidad",
  },
  powerLabel: {
    en: "Power",
    fr: "Pouvoir",
    es: "Poder",
  },
  cards: {
    en: "Revealed cards",
    fr: "Cartes révélées",
    es: "Cartas reveladas",
  },
  yourCards: {
    en: "Your cards",
    fr: "Tes cartes",
    es: "Tus cartas",
  },
  cardsOf: {
    en: "{name}'s cards",
    fr: "Cartes de {name}",
    es: "Cartas de {name}",
  },
  noCards: {
    en: "No revealed cards.",
    fr: "Aucune carte révélée.",
    es: "Sin cartas reveladas.",
  },
  discard: {
    en: "Discard",
    fr: "Défausse",
    es: "Descarte",
  },
  pending: {
    en: "Pending",
    fr: "En attente",
    es: "Pendiente",
  },
  pendingNow: {
    en: "Waiting for the Professor phase",
    fr: "Agit pendant la phase du Professeur",
    es: "Actúa en la fase del Professor",
  },
  played: {
    en: "Played",
    fr: "Jouée",
    es: "Jugada",
  },
  cardCantPlay: {
    en: "It does nothing here now",
    fr: "Elle ne ferait rien ici pour l'instant",
    es: "Ahora no haría nada",
  },
  cardAlready: {
    en: "You already played a card this turn",
    fr: "Tu as déjà joué une carte ce tour-ci",
    es: "Ya has jugado una carta este turno",
  },
  hintActions: {
    en: "Click a lit room to move, a door to open it, your switch to turn it, a treasure to rescue it — or play a card.",
    fr: "Clique une salle éclairée pour y aller, une porte pour l'ouvrir, ton interrupteur pour le basculer, un trésor pour le sauver — ou joue une carte.",
    es: "Haz clic en una habitación iluminada para moverte, en una puerta para abrirla, en tu interruptor para girarlo, en un tesoro para rescatarlo, o juega una carta.",
  },
  hintActionsShort: {
    en: "Tap a lit room, or an action below.",
    fr: "Touche une salle éclairée, ou une action ci-dessous.",
    es: "Toca una sala iluminada o una acción de abajo.",
  },
  hintOutside: {
    en: "You are outside: click a lit window room to climb in.",
    fr: "Tu es dehors : clique une salle à fenêtre éclairée pour entrer.",
    es: "Estás fuera: haz clic en una habitación con ventana iluminada para entrar.",
  },
  hintNoAction: {
    en: "No regular action left: play a card, use a power or end your actions.",
    fr: "Plus d'action : joue une carte, utilise un pouvoir ou finis tes actions.",
    es: "Sin acciones: juega una carta, usa un poder o termina tus acciones.",
  },
  hintWatch: {
    en: "You are watching this game.",
    fr: "Tu regardes cette partie.",
    es: "Estás mirando esta partida.",
  },
  pickRoom: {
    en: "Click a lit room",
    fr: "Clique une salle éclairée",
    es: "Haz clic en una habitación iluminada",
  },
  quickOpen: {
    en: "Open: {doors}",
    fr: "Ouvrir : {doors}",
    es: "Abrir: {doors}",
  },
  quickSwitch: {
    en: "{type} switch → {state}",
    fr: "Interrupteur {type} → {state}",
    es: "Interruptor {type} → {state}",
  },
  quickRescue: {
    en: "Rescue {treasure}",
    fr: "Sauver {treasure}",
    es: "Rescatar {treasure}",
  },
  pickDoor: {
    en: "Click a lit door",
    fr: "Clique une porte éclairée",
    es: "Haz clic en una puerta iluminada",
  },
  pickDoors: {
    en: "Click the doors to open ({n} chosen)",
    fr: "Clique les portes à ouvrir ({n} choisies)",
    es: "Haz clic en las puertas que abrir ({n} elegidas)",
  },
  pickRooms: {
    en: "Click the switches to turn OFF ({n} chosen)",
    fr: "Clique les interrupteurs à mettre sur OFF ({n} choisis)",
    es: "Haz clic en los interruptores que poner en OFF ({n} elegidos)",
  },
  pickChar: {
    en: "Choose a character",
    fr: "Choisis un personnage",
    es: "Elige un personaje",
  },
  pickColourT: {
    en: "Choose a treasure",
    fr: "Choisis un trésor",
    es: "Elige un tesoro",
  },
  pickColourD: {
    en: "Choose the doorway colour he walks through",
    fr: "Choisis la couleur de la porte qu'il franchit",
    es: "Elige el color de la puerta que cruza",
  },
  pickColour: {
    en: "Choose a colour",
    fr: "Choisis une couleur",
    es: "Elige un color",
  },
  pickType: {
    en: "Choose a switch type",
    fr: "Choisis un type d'interrupteur",
    es: "Elige un tipo de interruptor",
  },
  pickFace: {
    en: "Choose the action-die face",
    fr: "Choisis la face du dé d'action",
    es: "Elige la cara del dado de acción",
  },
  dice: {
    en: "Dice",
    fr: "Dés",
    es: "Dados",
  },
  diceColour: {
    en: "Colour",
    fr: "Couleur",
    es: "Color",
  },
  diceAction: {
    en: "Action",
    fr: "Action",
    es: "Acción",
  },
  diceClock: {
    en: "Clock",
    fr: "Horloge",
    es: "Reloj",
  },
  noRoll: {
    en: "No roll yet",
    fr: "Pas encore de lancer",
    es: "Aún no hay tirada",
  },
  rolling: {
    en: "Professor Evil rolls the dice…",
    fr: "Le Professeur Evil lance les dés…",
    es: "Professor Evil tira los dados…",
  },
  profMoving: {
    en: "Professor Evil is on the move",
    fr: "Le Professeur Evil se déplace",
    es: "Professor Evil se mueve",
  },
  skip: {
    en: "Skip ▸▸",
    fr: "Passer ▸▸",
    es: "Saltar ▸▸",
  },
  destinyChoice: {
    en: "Destiny's ability: click one die to reroll it, or keep the roll.",
    fr: "Capacité de Destiny : clique un dé pour le relancer, ou garde le lancer.",
    es: "Habilidad de Destiny: haz clic en un dado para volver a tirarlo, o quédate con la tirada.",
  },
  twistChoice: {
    en: "Twist of Fate: choose the dice to reroll, or keep the roll.",
    fr: "Coup du sort : choisis les dés à relancer, ou garde le lancer.",
    es: "Giro del destino: elige los dados que volver a tirar, o quédate con la tirada.",
  },
  changeChoice: {
    en: "Change of Heart: set the colour die, or keep it.",
    fr: "Revirement : choisis la couleur du dé, ou garde-le.",
    es: "Cambio de opinión: elige el color del dado, o déjalo.",
  },
  reroll: {
    en: "Reroll",
    fr: "Relancer",
    es: "Volver a tirar",
  },
  rerollN: {
    en: "Reroll {n}",
    fr: "Relancer {n}",
    es: "Volver a tirar {n}",
  },
  keep: {
    en: "Keep",
    fr: "Garder",
    es: "Quedarse",
  },
  waitDice: {
    en: "{name} is deciding about the dice…",
    fr: "{name} décide pour les dés…",
    es: "{name} decide sobre los dados…",
  },
  duckPrompt: {
    en: "Duck Out! The Professor walks in: click a lit room to slip into.",
    fr: "Esquive ! Le Professeur entre : clique une salle éclairée pour t'y glisser.",
    es: "¡Esquivar! Entra el Professor: haz clic en una habitación iluminada para escabullirte.",
  },
  waitDuck: {
    en: "{name} is ducking out…",
    fr: "{name} esquive…",
    es: "{name} esquiva…",
  },
  voteTitle: {
    en: "An idea!",
    fr: "Une idée !",
    es: "¡Una idea!",
  },
  voteText: {
    en: "The clock reached {numeral}. Vote for the character whose tile flips face up.",
    fr: "L'horloge a atteint {numeral}. Votez pour le personnage dont la tuile se retourne face visible.",
    es: "El reloj llegó a {numeral}. Votad qué personaje pone su ficha boca arriba.",
  },
  voteWait: {
    en: "Your vote is in. Waiting for the others…",
    fr: "Ton vote est enregistré. On attend les autres…",
    es: "Tu voto está hecho. Esperando a los demás…",
  },
  votes: {
    en: "{n} votes",
    fr: "{n} votes",
    es: "{n} votos",
  },
  vote1: {
    en: "1 vote",
    fr: "1 vote",
    es: "1 voto",
  },
  voteFor: {
    en: "Vote",
    fr: "Voter",
    es: "Votar",
  },
  voteSpect: {
    en: "The team is voting…",
    fr: "L'équipe vote…",
    es: "El equipo está votando…",
  },
  tie: {
    en: "A tie goes to the active player's choice.",
    fr: "En cas d'égalité, le choix du joueur actif l'emporte.",
    es: "Un empate lo decide la elección del jugador activo.",
  },
  chooseTitle: {
    en: "Choose your character",
    fr: "Choisis ton personnage",
    es: "Elige tu personaje",
  },
  chooseOthers: {
    en: "Choosing characters",
    fr: "Choix des personnages",
    es: "Elección de personajes",
  },
  chooseWait: {
    en: "Waiting for {name} to choose a character…",
    fr: "{name} choisit un personnage…",
    es: "{name} está eligiendo personaje…",
  },
  premTitle: {
    en: "Premonition",
    fr: "Prémonition",
    es: "Premonición",
  },
  premText: {
    en: "Click the treasure tiles, then the room cards, in the order they will come out.",
    fr: "Clique les tuiles trésor, puis les cartes salle, dans l'ordre où elles sortiront.",
    es: "Haz clic en las losetas de tesoro y luego en las cartas de habitación, en el orden en que saldrán.",
  },
  premTreasures: {
    en: "Next treasure tiles",
    fr: "Prochaines tuiles trésor",
    es: "Próximas losetas de tesoro",
  },
  premRooms: {
    en: "Next room cards",
    fr: "Prochaines cartes salle",
    es: "Próximas cartas de habitación",
  },
  known: {
    en: "You know what comes next",
    fr: "Tu sais ce qui vient",
    es: "Sabes lo que viene",
  },
  knownT: {
    en: "Treasures",
    fr: "Trésors",
    es: "Tesoros",
  },
  knownR: {
    en: "Rooms",
    fr: "Salles",
    es: "Habitaciones",
  },
  stack: {
    en: "Treasure stack",
    fr: "Pile de trésors",
    es: "Pila de tesoros",
  },
  roomDeck: {
    en: "Room deck",
    fr: "Cartes salle",
    es: "Cartas de habitación",
  },
  removed: {
    en: "{n} taken out",
    fr: "{n} retirées",
    es: "{n} retiradas",
  },
  difficulty: {
    en: "Difficulty",
    fr: "Difficulté",
    es: "Dificultad",
  },
  easy: {
    en: "Easy",
    fr: "Facile",
    es: "Fácil",
  },
  normal: {
    en: "Normal",
    fr: "Normal",
    es: "Normal",
  },
  hard: {
    en: "Hard",
    fr: "Difficile",
    es: "Difícil",
  },
  wonTitle: {
    en: "Victory!",
    fr: "Victoire !",
    es: "¡Victoria!",
  },
  wonText: {
    en: "Four treasures are safe. Professor Evil has been outwitted.",
    fr: "Quatre trésors sont à l'abri. Le Professeur Evil est déjoué.",
    es: "Cuatro tesoros están a salvo. Habéis burlado a Professor Evil.",
  },
  lostTitle: {
    en: "Defeat…",
    fr: "Défaite…",
    es: "Derrota…",
  },
  lostText: {
    en: "Four treasures are locked in the Professor's vault.",
    fr: "Quatre trésors sont enfermés dans le coffre du Professeur.",
    es: "Cuatro tesoros están encerrados en el fuerte del Professor.",
  },
  gameOver: {
    en: "Game over",
    fr: "Partie terminée",
    es: "Partida terminada",
  },
  needs: {
    en: "Needs every {types} switch OFF",
    fr: "Il faut tous les interrupteurs {types} sur OFF",
    es: "Necesita todos los interruptores {types} en OFF",
  },
  rescuable: {
    en: "Ready to rescue!",
    fr: "Prêt à être sauvé !",
    es: "¡Listo para rescatar!",
  },
  minutesLeft: {
    en: "{n} min left",
    fr: "{n} min restantes",
    es: "Quedan {n} min",
  },
  switchOn: {
    en: "ON",
    fr: "ON",
    es: "ON",
  },
  switchOff: {
    en: "OFF",
    fr: "OFF",
    es: "OFF",
  },
  door: {
    en: "Door {id}",
    fr: "Porte {id}",
    es: "Puerta {id}",
  },
  open: {
    en: "open",
    fr: "ouverte",
    es: "abierta",
  },
  closed: {
    en: "closed",
    fr: "fermée",
    es: "cerrada",
  },
  window: {
    en: "Window",
    fr: "Fenêtre",
    es: "Ventana",
  },
  pendingEffects: {
    en: "Pending",
    fr: "En attente",
    es: "Pendiente",
  },
  outsidePawns: {
    en: "Outside the castle",
    fr: "Hors du château",
    es: "Fuera del castillo",
  },
  freeSeat: {
    en: "Bot",
    fr: "Bot",
    es: "Bot",
  },
  player: {
    en: "Player {n}",
    fr: "Joueur {n}",
    es: "Jugador {n}",
  },
  seatN: {
    en: "seat {n}",
    fr: "place {n}",
    es: "puesto {n}",
  },
  activeTag: {
    en: "Playing",
    fr: "Joue",
    es: "Juega",
  },
  mapLabel: {
    en: "Castle map",
    fr: "Plan du château",
    es: "Plano del castillo",
  },
  clockLabel: {
    en: "Clock",
    fr: "Horloge",
    es: "Reloj",
  },
  red: {
    en: "red",
    fr: "rouge",
    es: "rojo",
  },
  green: {
    en: "green",
    fr: "vert",
    es: "verde",
  },
  blue: {
    en: "blue",
    fr: "bleu",
    es: "azul",
  },
  face_1: {
    en: "1 room",
    fr: "1 salle",
    es: "1 habitación",
  },
  face_2: {
    en: "2 rooms",
    fr: "2 salles",
    es: "2 habitaciones",
  },
  face_3: {
    en: "3 rooms",
    fr: "3 salles",
    es: "3 habitaciones",
  },
  face_passage: {
    en: "Secret passage",
    fr: "Passage secret",
    es: "Pasadizo secreto",
  },
  face_hourglass: {
    en: "Hourglass",
    fr: "Sablier",
    es: "Reloj de arena",
  },
  face_hourglass_all: {
    en: "All hourglasses",
    fr: "Tous les sabliers",
    es: "Todos los relojes de arena",
  },
  die_colour: {
    en: "colour die",
    fr: "dé couleur",
    es: "dado de color",
  },
  die_action: {
    en: "action die",
    fr: "dé d'action",
    es: "dado de acción",
  },
  die_clock: {
    en: "clock die",
    fr: "dé horloge",
    es: "dado de reloj",
  },
};

export const STRINGS = byLang(MESSAGES);

/** Card texts in French and Spanish (English: the catalogue's ``text_en``). The same as the
 * catalogue's ``text_fr`` / ``text_es`` (games/citadel/catalogue.py; tests/test_translations.py). */
export const CARD_TEXT = byLang({
  sprint: {
    fr: "Déplace-toi de 2 salles au plus par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
    es: "Muévete hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana).",
  },
  window_leap: {
    fr: "Dehors : entre dans une salle à fenêtre sans le Professeur, puis avance si tu veux d'une salle par une porte ouverte. Dedans : avance d'une salle par une porte ouverte.",
    es: "Fuera: entra en una habitación con ventana sin el Professor y, si quieres, avanza 1 habitación más por una puerta abierta. Dentro: avanza 1 habitación por una puerta abierta.",
  },
  slip_through: {
    fr: "Passe dans une salle voisine par une porte de ta salle, même fermée. La porte reste comme elle est.",
    es: "Pasa a una habitación vecina por una puerta de tu habitación aunque esté cerrada. La puerta queda como estaba.",
  },
  escort: {
    fr: "Déplace un autre personnage de 2 salles au plus par des portes ouvertes, ou de dehors dans une salle à fenêtre.",
    es: "Mueve a otro personaje hasta 2 habitaciones por puertas abiertas, o desde fuera a una habitación con ventana.",
  },
  adrenaline: {
    fr: "+1 action ce tour-ci.",
    es: "+1 acción regular este turno.",
  },
  duck_out: {
    fr: "Pendant cette phase du Professeur, si tu devais t'enfuir, passe plutôt dans une salle voisine sans le Professeur, porte ouverte ou fermée (à toi de choisir).",
    es: "En esta fase del Professor, si tuvieras que huir, pasa en su lugar a una habitación vecina sin el Professor, con la puerta abierta o cerrada (tú eliges).",
  },
  borrowed_time: {
    fr: "+10 min à un trésor.",
    es: "+10 min a un tesoro.",
  },
  stitch_in_time: {
    fr: "+5 min à chaque trésor.",
    es: "+5 min a cada tesoro.",
  },
  frozen_hour: {
    fr: "Le dé horloge est ignoré pendant cette phase du Professeur.",
    es: "Se ignora el dado de reloj en esta fase del Professor.",
  },
  time_slip: {
    fr: "Si le dé d'action montre un sablier pendant cette phase du Professeur, il n'a aucun effet.",
    es: "Si el dado de acción muestra un reloj de arena en esta fase del Professor, no tiene efecto.",
  },
  premonition: {
    fr: "Regarde les 3 premières tuiles trésor et les 3 premières cartes salle, et remets chaque paquet dans l'ordre de ton choix.",
    es: "Mira las 3 primeras losetas de tesoro y las 3 primeras cartas de habitación, y devuelve cada grupo en el orden que quieras.",
  },
  second_chance: {
    fr: "+2 actions ce tour-ci. Quand tu la joues, l'horloge avance aussitôt de 5 minutes (pertes et icône idée comprises).",
    es: "+2 acciones regulares este turno. Al jugarla, el marcador del reloj avanza 5 minutos de inmediato (se aplican las pérdidas y el icono de idea).",
  },
  remote_control: {
    fr: "Bascule l'interrupteur de n'importe quelle salle (dans un sens ou dans l'autre).",
    es: "Gira el interruptor de cualquier habitación (en un sentido u otro).",
  },
  short_circuit: {
    fr: "Mets sur OFF jusqu'à 2 interrupteurs du même type, n'importe où.",
    es: "Pon en OFF hasta 2 interruptores del mismo tipo, en cualquier lugar.",
  },
  jammed_gears: {
    fr: "Pendant cette phase du Professeur, il ne rallume aucun interrupteur.",
    es: "En esta fase del Professor, el Professor no activa interruptores.",
  },
  chain_reaction: {
    fr: "Mets sur OFF l'interrupteur de ta salle et celui d'une salle voisine.",
    es: "Pon en OFF el interruptor de tu habitación y el de una habitación vecina.",
  },
  override: {
    fr: "Ce tour-ci, sauver un trésor ne rallume pas ses interrupteurs.",
    es: "Este turno, rescatar un tesoro no vuelve a activar sus interruptores.",
  },
  tinker: {
    fr: "+1 action ce tour-ci, qui doit servir à basculer un interrupteur.",
    es: "+1 acción regular este turno, que debe ser girar un interruptor.",
  },
  twist_of_fate: {
    fr: "Après le lancer de ce tour, tu peux relancer une fois les dés de ton choix.",
    es: "Tras la tirada de este turno, puedes volver a tirar una vez los dados que quieras.",
  },
  change_of_heart: {
    fr: "Après le lancer de ce tour, mets le dé couleur sur la couleur de ton choix.",
    es: "Tras la tirada de este turno, pon el dado de color en el color que elijas.",
  },
  distraction: {
    fr: "Tout de suite : le Professeur avance d'une salle par la porte de sa salle que tu choisis. Une porte ouverte qu'il franchit se ferme ; il entre dans la salle comme d'habitude.",
    es: "Ahora: el Professor avanza 1 habitación por la puerta de su habitación que elijas. Una puerta abierta que cruce se cierra; entra en la habitación como siempre.",
  },
  slow_down: {
    fr: "Si le dé d'action montre 2 ou 3 ce tour-ci, il compte comme 1.",
    es: "Si el dado de acción muestra 2 o 3 este turno, cuenta como 1.",
  },
  stay_put: {
    fr: "Ce tour-ci le Professeur ne bouge pas : 1, 2, 3 et passage sont ignorés. Les sabliers et l'horloge s'appliquent.",
    es: "Este turno el Professor no se mueve: se ignoran 1, 2, 3 y pasadizo. Los relojes de arena y el reloj sí se aplican.",
  },
  sent_home: {
    fr: "Tout de suite : le Professeur file au Laboratoire par un passage secret et y entre comme d'habitude.",
    es: "Ahora: el Professor vuelve al Laboratorio por un pasadizo secreto y entra como siempre.",
  },
  skeleton_key: {
    fr: "Ouvre 2 portes, n'importe où.",
    es: "Abre 2 puertas cualesquiera, en cualquier lugar.",
  },
  pick_the_locks: {
    fr: "Ouvre toutes les portes de ta salle.",
    es: "Abre todas las puertas de tu habitación.",
  },
  wedge: {
    fr: "Pendant cette phase du Professeur, il ne ferme aucune porte.",
    es: "En esta fase del Professor, el Professor no cierra puertas.",
  },
  open_house: {
    fr: "Ouvre toutes les portes d'une salle au choix.",
    es: "Abre todas las puertas de una habitación cualquiera.",
  },
  shoulder_charge: {
    fr: "Ouvre une porte de ta salle, puis franchis-la.",
    es: "Abre 1 puerta de tu habitación y crúzala.",
  },
  grappling_hook: {
    fr: "Dehors : entre dans une salle à fenêtre sans le Professeur. Dedans : passe dans une salle voisine par une porte fermée, qui devient ouverte.",
    es: "Fuera: entra en una habitación con ventana sin el Professor. Dentro: pasa a una habitación vecina por una puerta cerrada, que queda abierta.",
  },
});

/** Persistent abilities and powers in French and Spanish (English: the catalogue). */
export const ABILITY_TEXT = byLang(stepsByLang({
  nathan: [
    {
      fr: "Chaque déplacement peut aller jusqu'à 2 salles par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
      es: "Cada movimiento puede recorrer hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana).",
    },
    {
      fr: "Va dans n'importe quelle salle sans le Professeur, même depuis dehors.",
      es: "Ve a cualquier habitación sin el Professor, incluso desde fuera.",
    },
  ],
  irene: [
    {
      fr: "Quand le dé horloge montre +10, à n'importe quel tour, il compte +5.",
      es: "Cuando el dado de reloj muestra +10, en cualquier turno, cuenta +5.",
    },
    {
      fr: "+15 min à un trésor.",
      es: "+15 min a un tesoro.",
    },
  ],
  edward: [
    {
      fr: "Ton action interrupteur peut viser ta salle ou une salle voisine, quelles que soient les portes.",
      es: "Tu acción de girar interruptor puede ser en tu habitación o en una vecina, sin importar las puertas.",
    },
    {
      fr: "Mets sur OFF tous les interrupteurs d'un type.",
      es: "Pon en OFF todos los interruptores de un tipo.",
    },
  ],
  destiny: [
    {
      fr: "À ton tour, après le lancer du Professeur, tu peux relancer un dé une fois.",
      es: "En tu turno, tras la tirada del Professor, puedes volver a tirar un dado una vez.",
    },
    {
      fr: "Ce tour-ci, ne lance pas les dés couleur et action : choisis leurs faces (le dé horloge est lancé).",
      es: "Este turno no tires los dados de color y acción: elige sus caras (el dado de reloj se tira).",
    },
  ],
  ada: [
    {
      fr: "Ton action ouvrir ouvre toutes les portes fermées de ta salle.",
      es: "Tu acción de abrir abre todas las puertas cerradas de tu habitación.",
    },
    {
      fr: "Ouvre 4 portes fermées, n'importe où.",
      es: "Abre 4 puertas cerradas cualesquiera.",
    },
  ],
}));

/** Treasure names in French and Spanish (English: the catalogue's tiles). */
export const TREASURE_NAMES = byLang({
  T01: {
    fr: "La Joconde",
    es: "La Gioconda",
  },
  T02: {
    fr: "Excalibur",
    es: "Excalibur",
  },
  T03: {
    fr: "Joyaux de la Couronne",
    es: "Joyas de la Corona",
  },
  T04: {
    fr: "Grande Charte",
    es: "Carta Magna",
  },
  T05: {
    fr: "Suaire de Turin",
    es: "Sábana Santa de Turín",
  },
  T06: {
    fr: "Crâne de cristal",
    es: "Calavera de cristal",
  },
  T07: {
    fr: "Sabre de Morimoto",
    es: "Sable de Morimoto",
  },
  T08: {
    fr: "Pierre de Rosette",
    es: "Piedra de Rosetta",
  },
  T09: {
    fr: "Manuscrits de la mer Morte",
    es: "Manuscritos del mar Muerto",
  },
  T10: {
    fr: "Carnet de Vinci",
    es: "Cuaderno de Da Vinci",
  },
  T11: {
    fr: "Arche d'alliance",
    es: "Arca de la Alianza",
  },
  T12: {
    fr: "Buste de Néfertiti",
    es: "Busto de Nefertiti",
  },
  T13: {
    fr: "Machine d'Anticythère",
    es: "Mecanismo de Anticitera",
  },
  T14: {
    fr: "Déclaration d'indépendance",
    es: "Declaración de Independencia",
  },
  T15: {
    fr: "Masque de Toutânkhamon",
    es: "Máscara de Tutankamón",
  },
  T16: {
    fr: "Saint Graal",
    es: "Santo Grial",
  },
  T17: {
    fr: "Guerrier de terre cuite",
    es: "Guerrero de terracota",
  },
  T18: {
    fr: "Diamant Hope",
    es: "Diamante Hope",
  },
});

export const NUMERALS = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"];
export const numeral = (minute) => NUMERALS[((Math.round(minute / 5) % 12) + 12) % 12];

// ----------------------------------------------------------------------------- the log

const LOG = byLang({
  move: {
    en: "{char} moves to the {room}",
    fr: "{char} → {room}",
    es: "{char} → {room}",
  },
  moveVia: {
    en: "{char} moves to the {room} via {via}",
    fr: "{char} → {via} → {room}",
    es: "{char} → {via} → {room}",
  },
  escorted: {
    en: "{char} is escorted to the {room}",
    fr: "{char} est escorté·e → {room}",
    es: "{char} es escoltado → {room}",
  },
  open: {
    en: "{char} opens the door {doors}",
    fr: "{char} ouvre la porte {doors}",
    es: "{char} abre la puerta {doors}",
  },
  openCard: {
    en: "Opened: {doors}",
    fr: "Ouverte(s) : {doors}",
    es: "Abierta(s): {doors}",
  },
  switchAct: {
    en: "{char} turns the {type} switch in {room} {state}",
    fr: "{char} met l'interrupteur {type} de {room} sur {state}",
    es: "{char} pone el interruptor {type} de {room} en {state}",
  },
  switchProf: {
    en: "{room}: the {type} switch turns ON",
    fr: "{room} : l'interrupteur {type} passe sur ON",
    es: "{room}: el interruptor {type} pasa a ON",
  },
  switchRescue: {
    en: "{room}: the {type} switch is back ON",
    fr: "{room} : l'interrupteur {type} repasse sur ON",
    es: "{room}: el interruptor {type} vuelve a ON",
  },
  switchCard: {
    en: "{room}: the {type} switch turns {state}",
    fr: "{room} : l'interrupteur {type} passe sur {state}",
    es: "{room}: el interruptor {type} pasa a {state}",
  },
  rescue: {
    en: "{char} rescues {treasure} from {room}! ({n}/4 saved)",
    fr: "{char} sauve {treasure} ({room}) ! ({n}/4 sauvés)",
    es: "¡{char} rescata {treasure} de {room}! ({n}/4 salvados)",
  },
  card: {
    en: "{char} plays {card}",
    fr: "{char} joue {card}",
    es: "{char} juega {card}",
  },
  power: {
    en: "{char} uses the power",
    fr: "{char} utilise son pouvoir",
    es: "{char} usa su poder",
  },
  actions: {
    en: "+{n} action(s) ({left} left)",
    fr: "+{n} action(s) ({left} restantes)",
    es: "+{n} acción(es) (quedan {left})",
  },
  endActions: {
    en: "{char} ends the actions",
    fr: "{char} finit ses actions",
    es: "{char} termina sus acciones",
  },
  professorPhase: {
    en: "{prof} takes his turn",
    fr: "Au tour du {prof}",
    es: "Turno de {prof}",
  },
  roll: {
    en: "Dice: {colour} · {action} · +{clock}",
    fr: "Dés : {colour} · {action} · +{clock}",
    es: "Dados: {colour} · {action} · +{clock}",
  },
  rollChosen: {
    en: "Dice: {colour} · {action} (chosen) · +{clock}",
    fr: "Dés : {colour} · {action} (choisis) · +{clock}",
    es: "Dados: {colour} · {action} (elegidos) · +{clock}",
  },
  reroll: {
    en: "Reroll of the {die}: {from} → {to}",
    fr: "Relance du {die} : {from} → {to}",
    es: "Nueva tirada del {die}: {from} → {to}",
  },
  setColour: {
    en: "The colour die is set to {to}",
    fr: "Le dé couleur passe sur {to}",
    es: "El dado de color pasa a {to}",
  },
  keep: {
    en: "The dice are kept",
    fr: "Les dés sont gardés",
    es: "Se mantienen los dados",
  },
  effect: {
    en: "{card} takes effect",
    fr: "{card} agit",
    es: "{card} surte efecto",
  },
  irene: {
    en: "Irene: the +10 counts as +5",
    fr: "Irene : le +10 compte +5",
    es: "Irene: el +10 cuenta como +5",
  },
  profWalk: {
    en: "{prof} walks through the {colour} doorway into the {room}",
    fr: "Le {prof} passe la porte {colour} → {room}",
    es: "{prof} cruza la puerta {colour} → {room}",
  },
  profWalkClose: {
    en: "{prof} walks through the {colour} doorway into the {room} and shuts the door behind him",
    fr: "Le {prof} passe la porte {colour} → {room} et la referme derrière lui",
    es: "{prof} cruza la puerta {colour} → {room} y la cierra tras de sí",
  },
  profPassage: {
    en: "{prof} takes a secret passage to the {room}",
    fr: "Le {prof} prend un passage secret → {room}",
    es: "{prof} toma un pasadizo secreto → {room}",
  },
  profDistract: {
    en: "Distracted, {prof} walks into the {room}",
    fr: "Distrait, le {prof} avance → {room}",
    es: "Distraído, {prof} avanza → {room}",
  },
  profSentHome: {
    en: "{prof} is sent home to the {room}",
    fr: "Le {prof} est renvoyé → {room}",
    es: "{prof} vuelve a casa → {room}",
  },
  wedged: {
    en: "The door {door} stays open (Wedge)",
    fr: "La porte {door} reste ouverte (Cale)",
    es: "La puerta {door} sigue abierta (Cuña)",
  },
  jammed: {
    en: "{room}: the switch stays OFF (Jammed Gears)",
    fr: "{room} : l'interrupteur reste sur OFF (Engrenages grippés)",
    es: "{room}: el interruptor sigue en OFF (Engranajes atascados)",
  },
  passageNone: {
    en: "Secret passage: nothing happens",
    fr: "Passage secret : rien ne se passe",
    es: "Pasadizo secreto: no pasa nada",
  },
  flee: {
    en: "{char} flees outside!",
    fr: "{char} s'enfuit dehors !",
    es: "¡{char} huye fuera!",
  },
  duckChoice: {
    en: "{char} ducks out…",
    fr: "{char} esquive…",
    es: "{char} esquiva…",
  },
  duck: {
    en: "{char} ducks into the {room}",
    fr: "{char} se glisse → {room}",
    es: "{char} se escabulle → {room}",
  },
  timeBack: {
    en: "Hourglass: {treasure} loses 5 min ({left} left)",
    fr: "Sablier : {treasure} perd 5 min ({left} restantes)",
    es: "Reloj de arena: {treasure} pierde 5 min (quedan {left})",
  },
  timePlus: {
    en: "{treasure}: {left} min left",
    fr: "{treasure} : {left} min restantes",
    es: "{treasure}: quedan {left} min",
  },
  clock: {
    en: "The clock strikes {numeral}",
    fr: "L'horloge sonne {numeral}",
    es: "El reloj da las {numeral}",
  },
  treasureLost: {
    en: "{treasure} is lost to the vault! ({n}/4 lost)",
    fr: "{treasure} part au coffre ! ({n}/4 perdus)",
    es: "¡{treasure} acaba en el fuerte! ({n}/4 perdidos)",
  },
  placed: {
    en: "New {colour} treasure: {treasure} in {room} ({left} min)",
    fr: "Nouveau trésor {colour} : {treasure} → {room} ({left} min)",
    es: "Nuevo tesoro {colour}: {treasure} → {room} ({left} min)",
  },
  idea: {
    en: "Idea icon at {numeral}!",
    fr: "Icône idée à {numeral} !",
    es: "¡Icono de idea en {numeral}!",
  },
  voteOpen: {
    en: "Vote: which character flips face up?",
    fr: "Vote : quel personnage se retourne ?",
    es: "Votación: ¿qué personaje se pone boca arriba?",
  },
  vote: {
    en: "{player} votes for {char}",
    fr: "{player} vote pour {char}",
    es: "{player} vota por {char}",
  },
  powerUp: {
    en: "{char}'s tile flips face up!",
    fr: "La tuile de {char} se retourne face visible !",
    es: "¡La ficha de {char} se pone boca arriba!",
  },
  ideaNone: {
    en: "Every tile is already face up",
    fr: "Toutes les tuiles sont déjà visibles",
    es: "Todas las fichas ya están boca arriba",
  },
  turn: {
    en: "Turn {n} · {char}",
    fr: "Tour {n} · {char}",
    es: "Turno {n} · {char}",
  },
  draw: {
    en: "{char} draws {cards}",
    fr: "{char} pioche {cards}",
    es: "{char} roba {cards}",
  },
  reshuffled: {
    en: "{char} reshuffles the action deck",
    fr: "{char} remélange sa pioche",
    es: "{char} baraja de nuevo su mazo",
  },
  won: {
    en: "Victory! Four treasures saved.",
    fr: "Victoire ! Quatre trésors sauvés.",
    es: "¡Victoria! Cuatro tesoros salvados.",
  },
  lostGame: {
    en: "Defeat: four treasures lost.",
    fr: "Défaite : quatre trésors perdus.",
    es: "Derrota: cuatro tesoros perdidos.",
  },
  chosen: {
    en: "{player} chooses {char}",
    fr: "{player} choisit {char}",
    es: "{player} elige a {char}",
  },
  premonition: {
    en: "{char} peeks at what comes next",
    fr: "{char} regarde ce qui vient",
    es: "{char} mira lo que viene",
  },
  arranged: {
    en: "{char} puts the piles back in order",
    fr: "{char} remet les piles dans l'ordre",
    es: "{char} devuelve los montones en orden",
  },
  diceChosen: {
    en: "Destiny chooses: {colour} · {action}",
    fr: "Destiny choisit : {colour} · {action}",
    es: "Destiny elige: {colour} · {action}",
  },
});

/**
 * One log line for an engine event, or null when the event is not worth a line.
 * ``n`` holds the namers: room(id), char(id), card(id), colour(c), treasure(id), type(t),
 * face(f), die(d), player(seat), doors(ids), esc(text). Names are HTML (already escaped).
 * Returns {kind, html} where kind is a CSS hint (header, prof, good, bad, idea, info).
 */
export function logLine(lang, ev, n) {
  const T = makeT(LOG, lang);
  const prof = `<b class="ctl-prof">${n.esc(pick(MESSAGES.professor, lang))}</b>`;
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
