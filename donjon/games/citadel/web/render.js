// The Citadel board's DOM: the page skeleton, the names shown (rooms, characters, cards,
// treasures), the vaults, status, prompt and action bar, the team, treasures, log and piles,
// the overlays (vote, choice of characters, premonition, end) and the enlarged card.
// ui.js owns the state and the input; everything here reads it through `c`:
//   c = { s (ui.js's state), opts, lang, t, el (skeleton's parts), root, g() (select.js's context),
//         getMap(), modelOf(view) (anim.js's model of a view) }

import { esc } from "../js/kit/html.js";
import { spentAttrs, spentByVersion } from "../js/kit/movelist.js";
import { noResult } from "../js/kit/outcome.js";
import { ABILITY_TEXT, CARD_TEXT, TREASURE_NAMES, numeral } from "./i18n.js";
import { BULB, CHAR_COLOUR, CHAR_ICON, CHEST, GEM, SWITCH_ICON, VAULT, dieHtml, faceIcon, icon } from "./icons.js";
import * as sel from "./select.js";

const COLOURS = ["red", "green", "blue"];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The log shows its last that many lines. */
const LOG_LINES = 400;

/** Fill `root` with the board's frame; returns its parts by name. */
export function skeleton(root, t, { lang, mode }) {
  root.classList.add("ctl-root", `ctl-lang-${lang}`, `ctl-mode-${mode}`);
  root.innerHTML = `
  <div class="ctl-top">
    <div class="ctl-vault ctl-vault-saved"></div>
    <div class="ctl-status" aria-live="polite"></div>
    <div class="ctl-vault ctl-vault-lost"></div>
  </div>
  <div class="ctl-main">
    <div class="ctl-boardcol">
      <div class="ctl-viewbar" hidden></div>
      <div class="ctl-stage">
        <div class="ctl-mapwrap"><div class="ctl-maphost"></div></div>
        <div class="ctl-prompt"></div>
        <div class="ctl-actionbar"></div>
        <div class="ctl-overlay" hidden></div>
      </div>
    </div>
    <div class="ctl-side">
      <section class="ctl-panel ctl-team-panel"><h3>${esc(t("team"))}</h3><div class="ctl-team"></div></section>
      <section class="ctl-panel ctl-treasures-panel"><h3>${esc(t("inCastle"))}</h3><div class="ctl-treasures"></div></section>
      <section class="ctl-panel ctl-log-panel">
        <header><h3>${esc(t("log"))}</h3><button type="button" class="ctl-btn ctl-btn-ghost ctl-skip" data-action="skip" hidden>${esc(t("skip"))}</button></header>
        <ol class="ctl-log"></ol>
      </section>
      <section class="ctl-panel ctl-piles"></section>
    </div>
  </div>
  <div class="ctl-modal" hidden><div class="ctl-modal-box"></div></div>
  <div class="ctl-toast" role="alert" hidden></div>`;
  const $ = (q) => root.querySelector(q);
  return {
    saved: $(".ctl-vault-saved"), lost: $(".ctl-vault-lost"), status: $(".ctl-status"), maphost: $(".ctl-maphost"),
    overlay: $(".ctl-overlay"), prompt: $(".ctl-prompt"), bar: $(".ctl-actionbar"), team: $(".ctl-team"),
    log: $(".ctl-log"), skip: $(".ctl-skip"), treasures: $(".ctl-treasures"), piles: $(".ctl-piles"), modal: $(".ctl-modal"),
    toast: $(".ctl-toast"), viewbar: $(".ctl-viewbar"), mapwrap: $(".ctl-mapwrap"),
  };
}

/**
 * The names the board shows, in the page's language: roomName(id), charInfo(id), charFirst(id),
 * cardName(id), cardText(id), charTitle(id), ability(id), tileName(id), typeName(id),
 * faceName(face), playerName(seat), treasureLabel(treasure), and `namers` (the log's, i18n.js).
 */
export function createNames({ s, opts, lang, t, getMap }) {
  const roomName = (id) => (id === "outside" ? t("outside") : getMap() ? getMap().roomName(id) : id);
  const charInfo = (id) => (s.chars && s.chars[id]) || { id, name: id };
  const charFirst = (id) => (charInfo(id).name || id).split(" ")[0];
  const cardName = (id) => { const c = s.cards && s.cards[id]; return c ? c[`name_${lang}`] || c.name_en : id; };
  const cardText = (id) => (CARD_TEXT[lang] && CARD_TEXT[lang][id]) || (s.cards && s.cards[id] && s.cards[id].text_en) || "";
  const charTitle = (id) => { const c = charInfo(id); return c[`title_${lang}`] || c.title_en || ""; };
  const ability = (id) => {
    const tr = ABILITY_TEXT[lang] && ABILITY_TEXT[lang][id];
    const c = charInfo(id);
    return tr ? { persistent: tr[0], power: tr[1] } : { persistent: c.persistent_en || "", power: c.power_en || "" };
  };
  const tileName = (tid) => (TREASURE_NAMES[lang] && TREASURE_NAMES[lang][tid]) || (s.tiles && s.tiles[tid] && s.tiles[tid].name) || tid;
  const typeName = (ty) => { const x = s.types && s.types[ty]; return x ? x[`name_${lang}`] || x.name_en : ty; };
  const faceName = (f) => t(`face_${f}`);
  const playerName = (seat) => {
    const p = opts.players && opts.players[seat];
    if (p && p.name) return p.name;
    return t("player", { n: seat + 1 });
  };
  const namers = {
    esc,
    room: (id) => `<b class="ctl-lr">${esc(roomName(id))}</b>`,
    char: (id) => (id ? `<b class="ctl-lc" style="--cc:${CHAR_COLOUR[id] || "#ccc"}">${esc(charFirst(id))}</b>` : ""),
    card: (id) => `<b class="ctl-lcard">${esc(cardName(id))}</b>`,
    colour: (c) => (c ? `<b class="ctl-lcol ctl-tc-${c}">${esc(t(c))}</b>` : ""),
    treasure: (tid, colour) => `<b class="ctl-lt ctl-tc-${colour || ""}">${esc(tileName(tid))}</b>`,
    treasureOf: (colour) => {
      const tr = s.model && s.model.treasures && s.model.treasures[colour];
      return `<b class="ctl-lt ctl-tc-${colour}">${esc(tr ? tileName(tr.id) : t(colour))}</b>`;
    },
    type: (ty) => esc(typeName(ty)),
    switchType: (room) => (s.model && s.model.switches[room] ? s.model.switches[room].type : ""),
    face: (f) => esc(faceName(f)),
    die: (d) => esc(t(`die_${d}`)),
    player: (seat) => `<b>${esc(playerName(seat))}</b>`,
    doors: (ids) => ids.map((d) => {
      const info = s.doorInfo && s.doorInfo[d];
      return `<b class="ctl-ld" title="${esc(d)}">${info ? `${esc(roomName(info.rooms[0]))} ↔ ${esc(roomName(info.rooms[1]))}` : esc(d)}</b>`;
    }).join(", "),
    active: () => {
      const a = s.model && (s.model.characters || []).find((c) => c.active);
      return a ? namers.char(a.id) : "";
    },
  };
  function treasureLabel(tr) {
    const types = (tr.types || []).map(typeName).join(" + ");
    return `${tileName(tr.id)} — ${t("minutesLeft", { n: tr.left })} — ${t("needs", { types })}`;
  }
  return { roomName, charInfo, charFirst, cardName, cardText, charTitle, ability, tileName, typeName, faceName, playerName, treasureLabel, namers };
}

/** The board's drawing: render() (everything), renderAnimating() (while events play), renderOverlay(), renderPrompt(), cardZoomHtml(id). */
export function createRenderer(c, n) {
  const { s, opts, t, el, root, g, getMap } = c;
  const { roomName, charInfo, charFirst, cardName, cardText, charTitle, ability, tileName, typeName, faceName, playerName } = n;
  const canAct = () => sel.canAct(g());
  const L = (type) => sel.legalOf(g(), type);
  const activeChar = () => sel.activeChar(s.view);
  const isMySeat = (seat) => sel.isMySeat(g(), seat);
  const soloSeats = () => !!(s.view && s.view.players === 1);
  const tgField = () => sel.field(s.tg);
  const tgValues = () => sel.values(s.tg);
  const multiExact = () => sel.multiExact(s.tg);
  const multiSelectable = () => sel.multiSelectable(s.tg);
  const DICE = sel.DICE;

  function renderMap() {
    const map = getMap();
    if (!map || !s.model) return;
    map.render(s.model, s.anim ? {} : sel.highlights(g()));
  }

  function vaultHtml(kind) {
    const ids = (s.model && s.model[kind]) || [];
    const slots = [];
    for (let i = 0; i < 4; i++) {
      const tid = ids[i];
      if (tid) {
        const tile = s.tiles[tid] || {};
        slots.push(`<span class="ctl-slot ctl-slot-full" data-tile="${esc(tid)}" title="${esc(tileName(tid))}">${icon(kind === "saved" ? GEM : VAULT, 22)}
          <span class="ctl-slot-name">${esc(tileName(tid))}</span><span class="ctl-slot-types">${(tile.types || []).map((ty) => icon(SWITCH_ICON[ty], 11)).join("")}</span></span>`);
      } else slots.push(`<span class="ctl-slot"></span>`);
    }
    const label = kind === "saved" ? t("savedLong") : t("lostLong");
    return `<div class="ctl-vault-head">${icon(kind === "saved" ? CHEST : VAULT, 18)}<span>${esc(label)}</span><b class="ctl-vault-n" data-count="${ids.length}">${ids.length}/4</b></div>
      <div class="ctl-slots">${slots.join("")}</div>`;
  }

  function renderTop() {
    el.saved.innerHTML = vaultHtml("saved");
    el.lost.innerHTML = vaultHtml("lost");
    el.saved.title = t("savedLong"); // a phone shows the vaults without their names
    el.lost.title = t("lostLong");
    const v = s.view;
    if (!v) { el.status.innerHTML = ""; return; }
    let main = "";
    let sub = "";
    if (s.anim) {
      main = `<span class="ctl-st-prof">${esc(s.anim.phase === "roll" ? t("rolling") : t("profMoving"))}</span>`;
    } else if (v.outcome) {
      const won = v.outcome.reason === "treasures_saved";
      const none = noResult(v.outcome, opts.lang);  // aborted, abandoned: neither won nor lost
      main = none ? `<span class="ctl-st-none">${esc(none)}</span>`
        : `<span class="ctl-st-${won ? "won" : "lost"}">${esc(won ? t("wonTitle") : t("lostTitle"))}</span>`;
      sub = esc(t("gameOver"));
    } else if (v.phase === "choose") {
      main = esc(t(canAct() ? "chooseTitle" : "chooseOthers"));  // "Choose your character" only to the chooser
    } else if (v.phase === "vote") {
      main = `<span class="ctl-st-idea">${icon(BULB, 20)} ${esc(t("voteTitle"))}</span>`;
      if (canAct()) main += ` <span class="ctl-tag-you">${esc(t("voteFor"))}</span>`;
    } else {
      const a = activeChar();
      const mine = a && isMySeat(a.seat);
      main = a ? `<span class="ctl-st-who" style="--cc:${CHAR_COLOUR[a.id]}">${icon(CHAR_ICON[a.id], 18)} ${esc(charInfo(a.id).name)}</span>` : "";
      if (mine) main += ` <span class="ctl-tag-you">${esc(t("yourTurn"))}</span>`;
      if (a) main += ` <span class="kit-clock" data-clock-seat="${a.seat}"></span>`;
      else if (a && opts.seat != null) main += ` <span class="ctl-tag-wait">${esc(t("waitingFor", { name: playerName(a.seat) }))}</span>`;
    }
    if (!sub && v.turn) sub = `${esc(t("turn", { n: v.turn }))} · ${esc(t("difficulty"))}: ${esc(t(v.difficulty || "normal"))}`;
    el.status.innerHTML = `<div class="ctl-st-main">${main}</div><div class="ctl-st-sub">${sub}</div>`;
  }

  function pipsHtml(v) {
    const n = v.actions_left || 0;
    let pips = "";
    for (let i = 0; i < Math.max(3, n); i++) pips += `<span class="ctl-pip ${i < n ? "ctl-pip-on" : ""}"></span>`;
    for (let i = 0; i < (v.switch_actions || 0); i++) pips += `<span class="ctl-pip ctl-pip-on ctl-pip-switch" title="${esc(t("switchOnly", { n: 1 }))}">${icon(SWITCH_ICON.padlock, 10)}</span>`;
    const label = n === 0 ? t("noActionLeft") : n === 1 ? t("actionLeft") : t("actionsLeft", { n });
    return `<div class="ctl-pips" data-left="${n}" title="${esc(label)}">${pips}</div><div class="ctl-pips-label">${esc(label)}</div>`;
  }

  function cardHtml(id, o = {}) {
    const c = s.cards[id] || { id, code: "", character: "", pending: false };
    const col = CHAR_COLOUR[c.character] || "#999";
    const cls = ["ctl-card", `ctl-ch-${c.character}`];
    if (o.big) cls.push("ctl-big");
    if (o.greyed) cls.push("ctl-greyed");
    if (o.played) cls.push("ctl-played");
    if (o.playable) cls.push("ctl-playable");
    if (o.selected) cls.push("ctl-selected");
    const tag = o.button ? "button" : "div";
    return `<${tag} ${o.button ? 'type="button"' : ""} class="${cls.join(" ")}" data-card="${esc(id)}" style="--cc:${col}" ${o.title ? `title="${esc(o.title)}"` : ""}>
      <span class="ctl-card-inner">
        <span class="ctl-card-head"><span class="ctl-card-code">${esc(c.code)}</span><span class="ctl-card-name">${esc(cardName(id))}</span></span>
        <span class="ctl-card-art">${icon(CHAR_ICON[c.character] || "", o.big ? 64 : 34, "ctl-card-emblem")}
          ${c.pending ? `<span class="ctl-card-pending">${esc(t("pending"))}</span>` : ""}
          ${o.played ? `<span class="ctl-card-played">${esc(t("played"))}</span>` : ""}</span>
        <span class="ctl-card-text">${esc(cardText(id))}</span>
        <span class="ctl-card-foot">${esc(charInfo(c.character).name || "")}</span>
      </span></${tag}>`;
  }

  function renderBar() {
    const v = s.view;
    if (!v || !s.data || v.phase === "choose") { el.bar.innerHTML = ""; el.bar.hidden = true; return; }
    el.bar.hidden = false;
    const a = activeChar();
    if (!a) { el.bar.innerHTML = ""; return; }
    const mine = isMySeat(a.seat);
    const act = canAct() && v.phase === "actions";
    const cards = sel.barCards(g()).map((r) => cardHtml(r.card, { button: true, greyed: r.greyed, played: r.played, playable: r.playable, selected: r.selected }))
      .join("") || `<span class="ctl-empty">${esc(t("noCards"))}</span>`;
    const powerLegal = act && L("power").length > 0;
    const endLegal = act && L("end_actions").length > 0;
    const pend = (v.pending || []).map((p) => `<span class="ctl-chip ctl-chip-pending" data-card="${esc(p)}">${icon(HOURGLASS_SMALL, 12)}${esc(cardName(p))}</span>`).join("");
    el.bar.innerHTML = `
      <div class="ctl-bar-who" style="--cc:${CHAR_COLOUR[a.id]}">
        <span class="ctl-emblem">${icon(CHAR_ICON[a.id], 26)}</span>
        <div><div class="ctl-bar-name">${esc(mine ? t("yourCards") : t("cardsOf", { name: charFirst(a.id) }))}</div>${v.phase === "actions" && !v.outcome ? pipsHtml(v) : ""}</div>
      </div>
      <div class="ctl-hand">${cards}</div>
      <div class="ctl-bar-btns">
        ${pend ? `<div class="ctl-pending-list" title="${esc(t("pendingNow"))}">${pend}</div>` : ""}
        ${v.phase === "actions" && (a.face_up || powerLegal) && mine ? `<button type="button" class="ctl-btn ctl-btn-power" data-action="power" ${powerLegal ? "" : "disabled"} title="${esc(ability(a.id).power)}">⚡ ${esc(t("usePower"))}</button>` : ""}
        ${mine && v.phase === "actions" ? `<button type="button" class="ctl-btn ctl-btn-end${v.actions_left === 0 && endLegal ? " ctl-pulse" : ""}" data-action="end" ${endLegal ? "" : "disabled"} title="${esc(t("endHint"))}">${esc(t("endActions"))} ➜</button>` : ""}
      </div>`;
  }
  const HOURGLASS_SMALL = '<path d="M6.5 3h11M6.5 21h11"/><path d="M8 3c0 4.8 8 4.5 8 9s-8 4.2-8 9M16 3c0 4.8-8 4.5-8 9s8 4.2 8 9"/>';

  function renderPrompt() {
    const v = s.view;
    let html = "";
    let cls = "";
    if (!v || !s.data) { el.prompt.innerHTML = ""; return; }
    const a = activeChar();
    if (s.anim) {
      html = `<span class="ctl-prompt-text">${esc(s.anim.phase === "roll" ? t("rolling") : t("profMoving"))}</span>`;
      cls = "ctl-prompt-prof";
    } else if (s.tg) {
      html = targetBarHtml();
      cls = "ctl-prompt-target";
    } else if (v.outcome) {
      html = "";
    } else if (v.phase === "dice") {
      if (canAct()) { html = diceChoiceHtml(); cls = "ctl-prompt-dice"; }
      else html = `<span class="ctl-prompt-text">${esc(t("waitDice", { name: a ? charFirst(a.id) : "" }))}</span>`;
    } else if (v.phase === "duck") {
      if (canAct()) { html = `<span class="ctl-prompt-text">${esc(t("duckPrompt"))}</span>`; cls = "ctl-prompt-target"; }
      else html = `<span class="ctl-prompt-text">${esc(t("waitDuck", { name: a ? charFirst(a.id) : "" }))}</span>`;
    } else if (v.phase === "actions") {
      if (canAct()) {
        const outside = a && a.room === "outside";
        const left = v.actions_left || 0;
        const hint = left === 0 && !v.switch_actions ? "hintNoAction" : outside ? "hintOutside" : "hintActions";
        const quick = quickHtml();
        // with the row of buttons, a phone shows a shorter hint (the CSS picks one)
        html = quick && hint === "hintActions"
          ? `<span class="ctl-prompt-text ctl-hint-long">${esc(t(hint))}</span><span class="ctl-prompt-text ctl-hint-short">${esc(t("hintActionsShort"))}</span>${quick}`
          : `<span class="ctl-prompt-text">${esc(t(hint))}</span>${quick}`;
      } else if (opts.mode !== "play" || opts.seat == null) html = `<span class="ctl-prompt-text">${esc(t("hintWatch"))}</span>`;
      else if (a) html = `<span class="ctl-prompt-text">${esc(t("waitingFor", { name: `${charFirst(a.id)} (${playerName(a.seat)})` }))}</span>`;
    }
    el.prompt.className = `ctl-prompt ${cls}`;
    el.prompt.innerHTML = html;
    el.prompt.hidden = !html;
  }

  const doorLabel = (d) => {
    const info = s.doorInfo && s.doorInfo[d];
    return info ? `${roomName(info.rooms[0])} ↔ ${roomName(info.rooms[1])}` : d;
  };
  /** A map target as a button (data-pick: what a click on the map there gives select.js's pick). */
  const pickButton = (kind, id, label, o = {}) => `<button type="button" class="ctl-choice ctl-pick${o.cls ? ` ${o.cls}` : ""}" data-pick-kind="${kind}" data-pick-id="${esc(id)}">${o.ico || ""}${esc(label)}</button>`;

  // The doors, switches and treasures the player can act on, as buttons too: on a phone they
  // are small on the map (the CSS shows this row, .ctl-quick, on a narrow board only; the
  // doors a card or a power asks for get the same row).
  function quickHtml() {
    const m = s.model;
    if (!m) return "";
    const doors = L("open").map((a) => pickButton("door", a.door, t("quickOpen", { doors: doorLabel(a.door) })));
    const switches = L("switch").map((a) => {
      const sw = m.switches[a.room];
      return sw ? pickButton("switch", a.room, t("quickSwitch", { type: typeName(sw.type), state: sw.on ? t("switchOff") : t("switchOn") }), { ico: icon(SWITCH_ICON[sw.type], 16) }) : "";
    });
    const rescues = L("rescue").map((a) => {
      const tr = m.treasures[a.colour];
      return tr ? pickButton("treasure", a.colour, t("quickRescue", { treasure: tileName(tr.id) }), { ico: icon(GEM, 16), cls: `ctl-cb-${a.colour}` }) : "";
    });
    const all = [...rescues, ...switches, ...doors].join("");
    return all ? `<span class="ctl-quick">${all}</span>` : "";
  }

  function targetBarHtml() {
    const tg = s.tg;
    const f = tgField();
    const vals = tgValues();
    const list = Array.isArray(vals[0]);
    const name = tg.kind === "card" ? cardName(tg.card) : `⚡ ${t("power")} · ${charFirst(activeChar()?.id)}`;
    let prompt = "";
    let buttons = "";
    let quick = "";
    if (f === "to" || f === "room") prompt = t("pickRoom");
    else if (f === "rooms") prompt = t("pickRooms", { n: tg.multi.length });
    else if (f === "door" || f === "doors") {
      prompt = f === "door" ? t("pickDoor") : t("pickDoors", { n: tg.multi.length });
      const doors = list ? [...tg.multi, ...multiSelectable()].sort() : vals;
      quick = `<span class="ctl-quick">${doors.map((d) => pickButton("door", d, doorLabel(d), { cls: tg.multi.includes(d) ? "ctl-choice-picked" : "" })).join("")}</span>`;
    }
    else if (f === "character") {
      prompt = t("pickChar");
      buttons = vals.map((c) => `<button type="button" class="ctl-choice ctl-choice-char" data-value='${esc(JSON.stringify(c))}' style="--cc:${CHAR_COLOUR[c]}">${icon(CHAR_ICON[c], 18)} ${esc(charFirst(c))}</button>`).join("");
    } else if (f === "colour") {
      const treasure = tg.card === "borrowed_time" || (tg.kind === "power" && activeChar()?.id === "irene");
      prompt = treasure ? t("pickColourT") : tg.card === "distraction" ? t("pickColourD") : t("pickColour");
      buttons = vals.map((c) => {
        const tr = s.model.treasures[c];
        const label = treasure && tr ? `${tileName(tr.id)} · ${tr.left}′` : t(c);
        return `<button type="button" class="ctl-choice ctl-choice-colour ctl-cb-${c}" data-value='${esc(JSON.stringify(c))}'>${icon(GEM, 16)} ${esc(label)}</button>`;
      }).join("");
    } else if (f === "switch_type") {
      prompt = t("pickType");
      buttons = vals.map((ty) => {
        const on = Object.values(s.model.switches).filter((x) => x.type === ty && x.on).length;
        return `<button type="button" class="ctl-choice ctl-choice-type" data-value='${esc(JSON.stringify(ty))}'>${icon(SWITCH_ICON[ty], 18)} ${esc(typeName(ty))} <small>${on}× ON</small></button>`;
      }).join("");
    } else if (f === "face") {
      prompt = t("pickFace");
      buttons = vals.map((fc) => `<button type="button" class="ctl-choice ctl-choice-face" data-value='${esc(JSON.stringify(fc))}' title="${esc(faceName(fc))}">${icon(faceIcon(fc), 22)} <small>${esc(faceName(fc))}</small></button>`).join("");
    } else prompt = t("pickRoom");
    const picked = Object.entries(tg.picked).map(([k, vv]) => {
      if (k === "character") return charFirst(vv);
      if (k === "colour") return t(vv);
      if (k === "to" || k === "room") return roomName(vv);
      if (k === "switch_type") return typeName(vv);
      if (k === "face") return faceName(vv);
      return Array.isArray(vv) ? vv.join(", ") : String(vv);
    });
    const confirm = list && multiExact() && multiSelectable().length;
    return `<span class="ctl-chip ctl-chip-card" style="--cc:${CHAR_COLOUR[s.cards[tg.card]?.character || activeChar()?.id] || "#aaa"}">${esc(name)}</span>
      ${picked.length ? `<span class="ctl-picked">${picked.map((p) => `<b>${esc(p)}</b>`).join(" → ")} →</span>` : ""}
      <span class="ctl-prompt-text">${esc(prompt)}</span>
      ${buttons ? `<span class="ctl-choices">${buttons}</span>` : ""}
      <span class="ctl-grow"></span>
      ${confirm ? `<button type="button" class="ctl-btn ctl-btn-play" data-action="tconfirm">${esc(t("confirm"))}</button>` : ""}
      <button type="button" class="ctl-btn" data-action="tcancel">${esc(t("cancel"))}</button>${quick}`;
  }

  function diceChoiceHtml() {
    const v = s.view;
    const kind = v.dice_choice;
    const dice = v.dice || {};
    let text = "";
    let body = "";
    if (kind === "destiny") {
      text = t("destinyChoice");
      body = DICE.map((d) => {
        const a = s.legal.find((x) => x.type === "reroll" && same(x.dice, [d]));
        return dieHtml(d, dice[d], { button: true, cls: a ? "ctl-die-pick" : "", attrs: `data-reroll="${d}" ${a ? "" : "disabled"}`, title: `${t("reroll")} · ${t(`die_${d}`)}` });
      }).join("");
    } else if (kind === "twist") {
      text = t("twistChoice");
      body = DICE.map((d) => dieHtml(d, dice[d], { button: true, cls: `ctl-die-pick${s.twist.includes(d) ? " ctl-die-sel" : ""}`, attrs: `data-twist="${d}"`, title: t(`die_${d}`) })).join("");
      const want = DICE.filter((d) => s.twist.includes(d));
      const ok = want.length && s.legal.some((x) => x.type === "reroll" && same(x.dice, want));
      body += `<button type="button" class="ctl-btn ctl-btn-play" data-action="twist" ${ok ? "" : "disabled"}>${esc(t("rerollN", { n: want.length || "" }))}</button>`;
    } else if (kind === "change") {
      text = t("changeChoice");
      body = DICE.map((d) => dieHtml(d, dice[d], {})).join("") +
        COLOURS.filter((c) => s.legal.some((x) => x.type === "set_colour" && x.colour === c))
          .map((c) => `<button type="button" class="ctl-choice ctl-choice-colour ctl-cb-${c}" data-setcolour="${c}">${icon(GEM, 16)} ${esc(t(c))}</button>`).join("");
    }
    const keep = s.legal.some((x) => x.type === "keep");
    return `<span class="ctl-prompt-text">${esc(text)}</span><span class="ctl-dice-row">${body}
      ${keep ? `<button type="button" class="ctl-btn" data-action="keep">${esc(t("keep"))}</button>` : ""}</span>`;
  }

  function charTile(c, o = {}) {
    const info = charInfo(c.id);
    const ab = ability(c.id);
    const mine = isMySeat(c.seat);
    const who = opts.players || !soloSeats() || opts.seat == null ? playerName(c.seat) : t("you");
    const cls = ["ctl-tile", `ctl-ch-${c.id}`, c.face_up ? "ctl-up" : "ctl-down"];
    if (c.active) cls.push("ctl-active");
    if (o.compact) cls.push("ctl-compact");
    return `<div class="${cls.join(" ")}" data-char="${c.id}" style="--cc:${CHAR_COLOUR[c.id]}">
      <span class="ctl-emblem">${icon(CHAR_ICON[c.id], o.compact ? 22 : 28)}</span>
      <div class="ctl-tile-body">
        <div class="ctl-tile-name">${esc(info.name)}${mine ? ` <small>(${esc(t("you"))})</small>` : ""}${c.active && !o.noActive && !(s.view && s.view.outcome) ? ` <span class="ctl-tag-active">${esc(t("activeTag"))}</span>` : ""}</div>
        <div class="ctl-tile-title">${esc(charTitle(c.id))}${o.noSeat || mine ? "" : ` · ${esc(who)}`}</div>
        ${o.noRoom ? "" : `<div class="ctl-tile-room">${c.room === "outside" ? icon(OUT_SMALL, 12) : ""}${esc(roomName(c.room))}</div>`}
        <div class="ctl-tile-side"><span class="ctl-face ${c.face_up ? "ctl-face-up" : ""}">${esc(c.face_up ? t("faceUp") : t("faceDown"))}</span>
          ${o.noDeck ? "" : `<span class="ctl-deckn" title="${esc(t("deck"))} / ${esc(t("discard"))}">🂠 ${c.deck ?? 0} · ${(c.discard || []).length}</span>`}</div>
        ${o.full || c.face_up ? `<div class="ctl-tile-ab"><p><b>${esc(t("ability"))}:</b> ${esc(ab.persistent)}</p><p><b>⚡ ${esc(t("powerLabel"))}:</b> ${esc(ab.power)}</p></div>` : ""}
      </div></div>`;
  }
  const OUT_SMALL = '<path d="M12 3 5 13h4l-3 5h12l-3-5h4z"/>';

  function renderTeam() {
    const v = s.view;
    if (!v) { el.team.innerHTML = ""; return; }
    const m = s.model;
    el.team.innerHTML = (v.characters || []).map((c) => {
      const mc = m && m.characters.find((x) => x.id === c.id);
      return charTile({ ...c, room: mc ? mc.room : c.room, face_up: mc ? mc.face_up : c.face_up, active: mc ? mc.active : c.active });
    }).join("") || `<span class="ctl-empty">—</span>`;
  }

  // The log's lines (ui.js writes them from the server's history); each line of entry v has
  // data-v="v": the shared move list (kit/movelist.js) shows the position after it on a click.
  // The last line of an action of a timed game shows the time it took (spentAttrs).
  function renderLog() {
    const spent = spentByVersion(c.ml ? c.ml.history : []);
    const shown = s.log.slice(-LOG_LINES);
    const items = shown.map((l, i) => {
      const time = l.v != null && l.kind !== "life" && !(shown[i + 1] && shown[i + 1].v === l.v) ? spentAttrs(spent.get(l.v), c.lang) : "";
      return `<li class="ctl-ll ${l.kind.split(" ").map((k) => `ctl-ll-${k}`).join(" ")}${l.fresh ? " ctl-fresh" : ""}"${l.v != null ? ` data-v="${l.v}"` : ""}${time}>${l.html}</li>`;
    });
    if (c.ml) c.ml.render(items.join(""));
    else el.log.innerHTML = items.join("");
    el.mapwrap.classList.toggle("mv-past-board", !!(c.ml && c.ml.past));
    for (const l of s.log) l.fresh = false;
    el.skip.hidden = !s.anim;
  }

  function renderTreasures() {
    const m = s.model;
    if (!m) { el.treasures.innerHTML = ""; return; }
    const counts = {};
    for (const sw of Object.values(m.switches || {})) if (sw.on) counts[sw.type] = (counts[sw.type] || 0) + 1;
    el.treasures.innerHTML = COLOURS.filter((c) => m.treasures[c]).map((c) => {
      const tr = m.treasures[c];
      const types = (tr.types || []).map((ty) => {
        const n = counts[ty] || 0;
        return `<span class="ctl-need ${n ? "ctl-need-on" : "ctl-need-off"}" title="${esc(typeName(ty))}">${icon(SWITCH_ICON[ty], 14)}${n ? `${n}× ON` : "OFF"}</span>`;
      }).join("");
      const ready = (tr.types || []).every((ty) => !counts[ty]);
      return `<div class="ctl-trow ctl-trow-${c}${ready ? " ctl-trow-ready" : ""}" data-colour="${c}">
        <span class="ctl-trow-gem">${icon(GEM, 18)}</span>
        <div class="ctl-trow-body"><div class="ctl-trow-name">${esc(tileName(tr.id))}</div>
          <div class="ctl-trow-room">${esc(roomName(tr.room))}${ready ? ` · <b>${esc(t("rescuable"))}</b>` : ""}</div>
          <div class="ctl-trow-needs">${types}</div></div>
        <span class="ctl-trow-left${tr.left <= 10 ? " ctl-urgent-txt" : ""}">${tr.left}′</span></div>`;
    }).join("") || `<span class="ctl-empty">—</span>`;
  }

  function renderPiles() {
    const v = s.view;
    if (!v) { el.piles.innerHTML = ""; return; }
    let html = `<h3>${esc(t("stack"))} · ${esc(t("roomDeck"))}</h3>
      <div class="ctl-piles-row"><span class="ctl-pile">${icon(GEM, 16)} ${v.treasure_stack ?? 0}${v.removed_treasures ? ` <small>(${esc(t("removed", { n: v.removed_treasures }))})</small>` : ""}</span>
      <span class="ctl-pile">▤ ${v.room_deck ?? 0}</span></div>`;
    const disc = (v.room_discard || []).slice(-6);
    if (disc.length) html += `<div class="ctl-roomcards">${disc.map((r) => `<span class="ctl-roomcard">${esc(roomName(r))}</span>`).join("")}</div>`;
    const k = v.known;
    if (k && ((k.treasures || []).length || (k.rooms || []).length)) {
      html += `<h3 class="ctl-known-h">${esc(t("known"))}</h3>
        <div class="ctl-known"><div><small>${esc(t("knownT"))}</small> ${(k.treasures || []).map((x, i) => `<span class="ctl-kn">${i + 1}. ${esc(tileName(x))}</span>`).join("")}</div>
        <div><small>${esc(t("knownR"))}</small> ${(k.rooms || []).map((x, i) => `<span class="ctl-kn">${i + 1}. ${esc(roomName(x))}</span>`).join("")}</div></div>`;
    }
    el.piles.innerHTML = html;
  }

  // ------------------------------------------------------------------ overlays (vote, choose, premonition, end)
  function renderOverlay() {
    const v = s.view;
    let html = "";
    let cls = "";
    if (!v || s.anim) { el.overlay.hidden = true; return; }
    // a game over (ended by its rules, or aborted in the middle of a vote or a choice) shows
    // its end, not the question it stopped on
    if (v.phase === "vote" && v.vote && !v.outcome) {
      cls = "ctl-ov-vote";
      const votes = v.vote.votes || {};
      const canVote = canAct();
      const minute = v.clock;
      const cards = v.vote.candidates.map((cid) => {
        const c = (v.characters || []).find((x) => x.id === cid) || { id: cid };
        const voters = Object.entries(votes).filter(([, ch]) => ch === cid).map(([seat]) => playerName(Number(seat)));
        const a = s.legal.find((x) => x.type === "vote" && x.choice === cid);
        const n = voters.length;
        return `<div class="ctl-vote-card" data-candidate="${cid}">
          ${charTile(c, { full: true, noRoom: true, noDeck: true, noActive: true })}
          <div class="ctl-vote-foot"><span class="ctl-vote-count" data-votes="${n}">${esc(n === 1 ? t("vote1") : t("votes", { n }))}${voters.length ? ` · ${voters.map(esc).join(", ")}` : ""}</span>
          ${canVote && a ? `<button type="button" class="ctl-btn ctl-btn-play" data-vote="${cid}">${esc(t("voteFor"))}</button>` : ""}</div></div>`;
      }).join("");
      const mineDone = opts.mode === "play" && opts.seat != null && !(v.to_act || []).includes(opts.seat);
      html = `<div class="ctl-ov-box">
        <div class="ctl-ov-head">${icon(BULB, 34, "ctl-ov-bulb")}<div><h2>${esc(t("voteTitle"))}</h2><p>${esc(t("voteText", { numeral: numeral(minute) }))}</p></div></div>
        <div class="ctl-vote-grid">${cards}</div>
        <p class="ctl-ov-note">${esc(mineDone ? t("voteWait") : opts.seat == null || opts.mode !== "play" ? t("voteSpect") : t("tie"))}</p></div>`;
    } else if (v.phase === "choose" && !v.outcome) {
      cls = "ctl-ov-choose";
      const choose = canAct();
      const who = (v.to_act || [])[0];
      const tiles = (v.choices || []).map((cid) => {
        const a = s.legal.find((x) => x.type === "choose" && x.character === cid);
        return `<div class="ctl-vote-card" data-choice="${cid}">${charTile({ id: cid, seat: null, face_up: false, room: "outside" }, { full: true, noRoom: true, noDeck: true, noSeat: true })}
          ${choose && a ? `<div class="ctl-vote-foot"><button type="button" class="ctl-btn ctl-btn-play" data-choose="${cid}">${esc(t("chooseTitle"))}</button></div>` : ""}</div>`;
      }).join("");
      const taken = (v.characters || []).map((c) => charTile(c, { compact: true, noRoom: true, noDeck: true })).join("");
      html = `<div class="ctl-ov-box"><div class="ctl-ov-head"><div><h2>${esc(t(choose ? "chooseTitle" : "chooseOthers"))}</h2>
        ${choose ? "" : `<p>${esc(t("chooseWait", { name: who != null ? playerName(who) : "" }))}</p>`}</div></div>
        ${taken ? `<div class="ctl-taken">${taken}</div>` : ""}<div class="ctl-vote-grid">${tiles}</div></div>`;
    } else if (v.phase === "premonition" && v.peek && canAct()) {
      cls = "ctl-ov-prem";
      const p = s.prem || (s.prem = { treasures: [], rooms: [] });
      const item = (kind, id, label, extra) => {
        const i = p[kind].indexOf(id);
        return `<button type="button" class="ctl-prem-item${i >= 0 ? " ctl-prem-picked" : ""}" data-prem="${kind}" data-id="${esc(id)}">
          ${i >= 0 ? `<span class="ctl-prem-n">${i + 1}</span>` : ""}<span class="ctl-prem-label">${esc(label)}</span>${extra || ""}</button>`;
      };
      const tItems = v.peek.treasures.map((tid) => {
        const tile = s.tiles[tid] || {};
        return item("treasures", tid, tileName(tid), `<span class="ctl-prem-meta">${(tile.types || []).map((ty) => icon(SWITCH_ICON[ty], 14)).join("")} ${tile.minutes}′</span>`);
      }).join("");
      const rItems = v.peek.rooms.map((r) => item("rooms", r, roomName(r), "")).join("");
      const done = p.treasures.length === v.peek.treasures.length && p.rooms.length === v.peek.rooms.length;
      html = `<div class="ctl-ov-box"><div class="ctl-ov-head"><div><h2>${esc(t("premTitle"))}</h2><p>${esc(t("premText"))}</p></div></div>
        <h4>${esc(t("premTreasures"))}</h4><div class="ctl-prem-row">${tItems}</div>
        <h4>${esc(t("premRooms"))}</h4><div class="ctl-prem-row">${rItems}</div>
        <div class="ctl-ov-actions"><button type="button" class="ctl-btn" data-action="premreset">${esc(t("reset"))}</button>
        <button type="button" class="ctl-btn ctl-btn-play" data-action="premok" ${done ? "" : "disabled"}>${esc(t("confirm"))}</button></div></div>`;
    } else if (v.outcome && !s.overDismissed && noResult(v.outcome, opts.lang)) {
      cls = "ctl-ov-end";
      html = `<div class="ctl-ov-box"><h2>${esc(noResult(v.outcome, opts.lang))}</h2><p>${esc(t("gameOver"))}</p>
        <div class="ctl-ov-actions"><button type="button" class="ctl-btn" data-action="overclose">${esc(t("close"))}</button></div></div>`;
    } else if (v.outcome && !s.overDismissed) {
      const won = v.outcome.reason === "treasures_saved";
      cls = `ctl-ov-end ${won ? "ctl-ov-won" : "ctl-ov-lost"}`;
      html = `<div class="ctl-ov-box"><div class="ctl-ov-big">${icon(won ? CHEST : VAULT, 56)}</div>
        <h2>${esc(won ? t("wonTitle") : t("lostTitle"))}</h2><p>${esc(won ? t("wonText") : t("lostText"))}</p>
        <div class="ctl-end-cols"><div><h4>${esc(t("savedLong"))} · ${(v.saved || []).length}</h4>${(v.saved || []).map((x) => `<span class="ctl-kn ctl-kn-good">${esc(tileName(x))}</span>`).join("")}</div>
        <div><h4>${esc(t("lostLong"))} · ${(v.lost || []).length}</h4>${(v.lost || []).map((x) => `<span class="ctl-kn ctl-kn-bad">${esc(tileName(x))}</span>`).join("")}</div></div>
        <div class="ctl-ov-actions"><button type="button" class="ctl-btn" data-action="overclose">${esc(t("close"))}</button></div></div>`;
    }
    el.overlay.className = `ctl-overlay ${cls}`;
    el.overlay.innerHTML = html;
    el.overlay.hidden = !html;
  }

  function render() {
    if (!s.data) return;
    if (!s.model && s.view) s.model = c.modelOf(s.view);
    renderMap();
    renderTop();
    renderPrompt();
    renderBar();
    renderTeam();
    renderTreasures();
    renderLog();
    renderPiles();
    renderOverlay();
    root.classList.toggle("ctl-can-act", !!canAct());
    root.classList.toggle("ctl-pending", s.pending);
    root.dataset.state = s.anim ? "animating" : s.tg ? "targeting" : s.pending ? "pending" : "idle";
  }

  function renderAnimating() {
    renderMap();
    renderTop();
    renderLog();
    renderPrompt();
    renderBar();
    renderTeam();
    renderTreasures();
    el.overlay.hidden = true;
    el.skip.hidden = false;
  }

  /** The enlarged card `id`, with Play for the active player (disabled, with why, when it cannot be played). */
  function cardZoomHtml(id) {
    const { mine, playable, reason } = sel.cardState(g(), id);
    const why = reason ? t(reason) : "";
    return `<div class="ctl-enlarged">${cardHtml(id, { big: true, greyed: !playable && opts.mode === "play" && mine })}</div>
      ${why && mine ? `<p class="ctl-grey-reason">${esc(why)}</p>` : ""}
      <div class="ctl-modal-actions">
        ${mine ? `<button type="button" class="ctl-btn ctl-btn-play" data-action="play" ${playable ? "" : "disabled"}>${esc(t("play"))}</button>` : ""}
        <button type="button" class="ctl-btn" data-action="mclose" data-close>${esc(mine ? t("cancel") : t("close"))}</button>
      </div>`;
  }

  return { render, renderAnimating, renderOverlay, renderPrompt, cardZoomHtml };
}
