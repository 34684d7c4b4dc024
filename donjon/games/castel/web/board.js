// The SVG castle of Castel: the 6×6 castle (red courtyard, orange ramparts, blue towers) in
// the green meadow outside the walls, the four siege-engine slots, the cards in play with
// their colour tokens, Knight stacks and protections, and the highlights ui.js asks for.
// It knows nothing about the rules: ui.js passes what to light up.
//
// Every clickable element carries data-hit; onClick receives
//   { square: [r, c] | null, card: id | null, slot: "N" | null, outside: bool }.

import { esc } from "../js/kit/html.js";
import { BANNER, ICONS, SEAT_COLOURS, cardName, kindOf } from "./cards.js";
import { zoneOf } from "./i18n.js";

export const S = 100; // one castle square
export const M = 130; // the meadow around the castle
export const SIZE = 6 * S + 2 * M; // 860
const T = 94; // a card tile
const INSET = (S - T) / 2;

/** Centre of the siege-engine slot facing each rampart. */
export const SLOT_CENTRE = {
  N: [M + 3 * S, M / 2],
  S: [M + 3 * S, SIZE - M / 2],
  W: [M / 2, M + 3 * S],
  E: [SIZE - M / 2, M + 3 * S],
};

/** Places for the other outside stacks: the four corners, then beside the slots. */
export const OUTSIDE_SPOTS = (() => {
  const h = M / 2;
  const far = SIZE - h;
  const spots = [[h, h], [far, h], [far, far], [h, far]];
  const along = [M + 50, M + 6 * S - 50, M + 152, M + 6 * S - 152];
  for (const a of along) {
    spots.push([a, h], [far, a], [SIZE - a, far], [h, SIZE - a]);
  }
  return spots;
})();

export function squareXY(r, c) {
  return [M + c * S, M + r * S];
}

const key = {
  sq: (r, c) => `sq:${r},${c}`,
  slot: (s) => `slot:${s}`,
  card: (id) => `card:${id}`,
  out: "out",
};
export { key as boardKey };

function wrapName(name, max) {
  if (name.length <= max) return [name];
  const cut = [];
  for (let i = 1; i < name.length - 1; i++) if (name[i] === " " || name[i] === "-") cut.push(i);
  if (!cut.length) return [name];
  const mid = name.length / 2;
  const i = cut.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a));
  const first = name[i] === "-" ? name.slice(0, i + 1) : name.slice(0, i);
  return [first, name.slice(i + 1)];
}

function iconAt(kind, cx, cy, size, cls = "cg-tile-icon") {
  const sc = size / 24;
  return `<g class="${cls}" transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${sc})">${ICONS[kind] || ICONS.mendiant}</g>`;
}

function tokenDisc(cx, cy, r, seat, title) {
  if (seat == null) return "";
  return `<g class="cg-token-svg"><title>${esc(title)}</title><circle cx="${cx}" cy="${cy + 1.5}" r="${r}" fill="rgba(0,0,0,.35)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${SEAT_COLOURS[seat]}" stroke="#fff" stroke-width="2.4"/><circle cx="${cx - r * 0.3}" cy="${cy - r * 0.35}" r="${r * 0.32}" fill="rgba(255,255,255,.45)"/></g>`;
}

function shieldAt(x, y, title) {
  return `<g class="cg-prot"><title>${esc(title)}</title><path transform="translate(${x} ${y}) scale(.75)" d="M12 2l8.5 3.3v6.2c0 5.3-3.6 8.7-8.5 10.5-4.9-1.8-8.5-5.2-8.5-10.5V5.3z" fill="#e9f1ff" stroke="#2f6db5" stroke-width="2.4"/><path transform="translate(${x} ${y}) scale(.75)" d="M8 12l3 3 5-6" fill="none" stroke="#2f6db5" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/**
 * One stack (bottom first) drawn as a card tile at (x, y) with its Knights as mauve tabs.
 * hit: extra data attributes saying where the stack is (data-sq, data-slot or data-out).
 */
function stackSvg(stack, x, y, m, hit) {
  const base = stack[0];
  const kind = base.kind || kindOf(base.id);
  const card = m.card(kind);
  const zone = card ? card.zone : "outside";
  const name = cardName(card, m.lang);
  const lines = wrapName(name, 11);
  const longest = Math.max(...lines.map((l) => l.length));
  const fs = longest > 10 ? 10 : longest > 8 ? 11 : 12;
  const knights = stack.slice(1);
  const cx = x + 53;
  let nameSvg;
  if (lines.length === 1) nameSvg = `<text class="cg-tile-name" x="${cx}" y="${y + 18}" font-size="${fs}">${esc(lines[0])}</text>`;
  else nameSvg = `<text class="cg-tile-name" x="${cx}" y="${y + 14}" font-size="${fs}">${esc(lines[0])}</text><text class="cg-tile-name" x="${cx}" y="${y + 26}" font-size="${fs}">${esc(lines[1])}</text>`;
  const title = m.cardTitle(base);
  const state = m.state(base.id);
  const iconY = y + (lines.length > 1 ? 54 : 50);
  const lastCls = m.lastCards && m.lastCards.has(base.id) ? " cg-lastcard" : "";
  let out = `<g class="cg-tile${state ? " cg-" + state : ""}${lastCls}" data-hit="card" data-card="${esc(base.id)}" ${hit}>
    <title>${esc(title)}</title>
    <rect class="cg-tile-shadow" x="${x + 1.5}" y="${y + 3}" width="${T}" height="${T}" rx="8"/>
    <rect class="cg-tile-bg" x="${x}" y="${y}" width="${T}" height="${T}" rx="8"/>
    <path class="cg-tile-banner" d="M${x + 8} ${y}h5v${T}h-5a8 8 0 0 1-8-8v-${T - 16}a8 8 0 0 1 8-8z" fill="${BANNER[zone]}"/>
    ${nameSvg}
    ${iconAt(kind, x + 53, iconY, 38)}
    ${base.protected && !knights.length ? shieldAt(x + 16, y + 70, m.protTitle(base.protected)) : ""}
    ${tokenDisc(x + 79, y + 79, 10, base.token, m.tokenTitle(base.token))}
  </g>`;
  // Knights lie on the card: mauve tabs along its bottom edge, bottom of the stack first
  const step = knights.length > 1 ? Math.min(30, (56 - 28) / (knights.length - 1) + 0) : 0;
  knights.forEach((kn, i) => {
    const kx = x + 14 + i * step;
    const ky = y + T - 24;
    const st = m.state(kn.id);
    out += `<g class="cg-knight${st ? " cg-" + st : ""}" data-hit="card" data-card="${esc(kn.id)}" ${hit}>
      <title>${esc(m.cardTitle(kn))}</title>
      <rect x="${kx}" y="${ky}" width="30" height="20" rx="5" fill="${BANNER.knight}" stroke="#fff" stroke-width="1.4"/>
      ${iconAt("chevalier", kx + 10, ky + 10, 14, "cg-knight-icon")}
      ${kn.token != null ? `<circle cx="${kx + 22.5}" cy="${ky + 10}" r="4.8" fill="${SEAT_COLOURS[kn.token]}" stroke="#fff" stroke-width="1.4"/>` : `<circle cx="${kx + 22.5}" cy="${ky + 10}" r="4" fill="none" stroke="rgba(255,255,255,.75)" stroke-width="1.2" stroke-dasharray="2 1.5"/>`}
    </g>`;
  });
  return out;
}

const GRASS = `<pattern id="cg-grass" width="46" height="46" patternUnits="userSpaceOnUse">
  <rect width="46" height="46" fill="#4d7a3a"/>
  <path d="M6 12l2-6 2 6M26 30l2-6 2 6M38 8l1.5-5 1.5 5M14 40l1.5-5 1.5 5" stroke="#5f8f47" stroke-width="1.6" fill="none" stroke-linecap="round"/>
  <circle cx="33" cy="20" r="1.3" fill="#6d9c52"/><circle cx="19" cy="24" r="1" fill="#41693a"/>
</pattern>
<pattern id="cg-pave" width="25" height="25" patternUnits="userSpaceOnUse">
  <rect width="25" height="25" fill="rgba(0,0,0,0)"/>
  <path d="M0 12.5h25M12.5 0v12.5M0 0v0M6 12.5V25M19 12.5V25" stroke="rgba(60,10,5,.22)" stroke-width="1.2"/>
</pattern>
<pattern id="cg-stone" width="34" height="20" patternUnits="userSpaceOnUse">
  <path d="M0 10h34M17 0v10M0 10v10M34 10v10" stroke="rgba(80,35,0,.28)" stroke-width="1.3" fill="none"/>
</pattern>
<radialGradient id="cg-meadow-shade" cx="50%" cy="50%" r="70%"><stop offset="55%" stop-color="rgba(0,0,0,0)"/><stop offset="100%" stop-color="rgba(0,0,0,.35)"/></radialGradient>`;

export function createBoard(el, { onClick }) {
  el.innerHTML = "";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
  svg.setAttribute("class", "cg-board-svg");
  svg.setAttribute("role", "img");
  el.appendChild(svg);

  svg.addEventListener("click", (ev) => {
    const hitEl = ev.target.closest("[data-hit]");
    if (!hitEl) return;
    const d = hitEl.dataset;
    const info = {
      square: d.sq ? d.sq.split(",").map(Number) : null,
      card: d.card || null,
      slot: d.slot || null,
      outside: d.out === "1",
    };
    onClick(info, ev);
  });

  function render(m) {
    svg.classList.toggle("cg-interactive", !!m.interactive);
    svg.setAttribute("aria-label", m.ariaLabel || "Castel");
    const v = m.view;
    const parts = [`<defs>${GRASS}</defs>`];
    // meadow (outside the walls)
    parts.push(`<rect class="cg-meadow" data-hit="out" data-out="1" x="0" y="0" width="${SIZE}" height="${SIZE}" rx="18" fill="url(#cg-grass)"/>`);
    parts.push(`<rect x="0" y="0" width="${SIZE}" height="${SIZE}" rx="18" fill="url(#cg-meadow-shade)" pointer-events="none"/>`);
    if (m.lit.has(key.out)) parts.push(`<rect class="cg-out-lit ${m.litClass}" x="5" y="5" width="${SIZE - 10}" height="${SIZE - 10}" rx="15" pointer-events="none"/>`);
    // castle shadow and walls
    parts.push(`<rect x="${M - 6}" y="${M + 2}" width="${6 * S + 12}" height="${6 * S + 12}" rx="14" fill="rgba(0,0,0,.35)" pointer-events="none"/>`);
    parts.push(`<rect x="${M - 4}" y="${M - 4}" width="${6 * S + 8}" height="${6 * S + 8}" rx="10" fill="#3b2a1c" pointer-events="none"/>`);
    // crenellations on the outer edge of every rampart
    let cren = "";
    for (let i = 0; i < 16; i++) {
      const a = M + S + i * 25 + 4;
      cren += `<rect x="${a}" y="${M - 12}" width="14" height="10" rx="2"/><rect x="${a}" y="${M + 6 * S + 2}" width="14" height="10" rx="2"/>`;
      cren += `<rect x="${M - 12}" y="${a}" width="10" height="14" rx="2"/><rect x="${M + 6 * S + 2}" y="${a}" width="10" height="14" rx="2"/>`;
    }
    parts.push(`<g class="cg-cren" pointer-events="none">${cren}</g>`);
    // squares
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 6; c++) {
        const [x, y] = squareXY(r, c);
        const z = zoneOf(r, c);
        const k = key.sq(r, c);
        if (z === "tower") {
          parts.push(`<g class="cg-sq cg-sq-tower" data-hit="sq" data-sq="${r},${c}">
            <circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S / 2 + 8}" class="cg-tower-ring"/>
            <circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S / 2 - 1}" class="cg-tower-top"/>
            <circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S / 2 - 12}" class="cg-tower-inner"/></g>`);
        } else {
          parts.push(`<g class="cg-sq cg-sq-${z}" data-hit="sq" data-sq="${r},${c}">
            <rect x="${x + 1}" y="${y + 1}" width="${S - 2}" height="${S - 2}" rx="${z === "courtyard" ? 4 : 3}" class="cg-sq-fill"/>
            <rect x="${x + 1}" y="${y + 1}" width="${S - 2}" height="${S - 2}" rx="3" fill="url(#${z === "courtyard" ? "cg-pave" : "cg-stone"})" pointer-events="none"/></g>`);
        }
        if (m.last.has(k)) parts.push(`<rect class="cg-last" x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" rx="6" pointer-events="none"/>`);
        if (m.gone.has(k)) parts.push(`<rect class="cg-gone" x="${x + 8}" y="${y + 8}" width="${S - 16}" height="${S - 16}" rx="8" pointer-events="none"/>`);
      }
    }
    // siege-engine slots
    for (const side of ["N", "E", "S", "W"]) {
      const [cx, cy] = SLOT_CENTRE[side];
      const x = cx - T / 2;
      const y = cy - T / 2;
      const stack = (v && v.slots && v.slots[side]) || [];
      parts.push(`<g class="cg-slot" data-hit="slot" data-slot="${side}">
        <title>${esc(m.slotTitle(side, !!stack.length))}</title>
        <rect x="${x - 3}" y="${y - 3}" width="${T + 6}" height="${T + 6}" rx="10" class="cg-slot-frame"/>
        ${stack.length ? "" : iconAt("engin", cx, cy - 6, 40, "cg-slot-icon") + `<text class="cg-slot-label" x="${cx}" y="${cy + 33}">${esc(m.sideLabel(side))}</text>`}
        </g>`);
      if (stack.length) parts.push(stackSvg(stack, x, y, m, `data-slot="${side}"`));
      if (m.last.has(key.slot(side))) parts.push(`<rect class="cg-last" x="${x - 2}" y="${y - 2}" width="${T + 4}" height="${T + 4}" rx="9" pointer-events="none"/>`);
    }
    // cards on castle squares
    if (v && v.castle) {
      for (let r = 0; r < 6; r++) {
        for (let c = 0; c < 6; c++) {
          const stack = v.castle[r][c];
          if (!stack || !stack.length) continue;
          const [x, y] = squareXY(r, c);
          parts.push(stackSvg(stack, x + INSET, y + INSET, m, `data-sq="${r},${c}"`));
        }
      }
    }
    // other cards outside the walls
    const outside = (v && v.outside) || [];
    outside.forEach((stack, i) => {
      const [cx, cy] = OUTSIDE_SPOTS[Math.min(i, OUTSIDE_SPOTS.length - 1)];
      const extra = Math.max(0, i - OUTSIDE_SPOTS.length + 1) * 8;
      parts.push(stackSvg(stack, cx - T / 2 + extra, cy - T / 2 + extra, m, `data-out="1"`));
    });
    if (m.lit.has(key.out)) {
      const [cx, cy] = OUTSIDE_SPOTS[Math.min(outside.length, OUTSIDE_SPOTS.length - 1)];
      parts.push(`<g class="cg-out-spot ${m.litClass}" data-hit="out" data-out="1">
        <rect x="${cx - T / 2}" y="${cy - T / 2}" width="${T}" height="${T}" rx="9"/>
        <text x="${cx}" y="${cy - 8}" class="cg-out-plus">+</text>
        ${wrapName(m.outsideLabel, 8).map((l, i) => `<text x="${cx}" y="${cy + 18 + i * 14}" class="cg-out-text">${esc(l)}</text>`).join("")}</g>`);
    }
    // highlights of squares and slots
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 6; c++) {
        const k = key.sq(r, c);
        const [x, y] = squareXY(r, c);
        if (m.lit.has(k)) parts.push(`<rect class="cg-lit ${m.litClass}" data-sqlit="${r},${c}" x="${x + 4}" y="${y + 4}" width="${S - 8}" height="${S - 8}" rx="9" pointer-events="none"/>`);
        if (m.picked.has(k)) parts.push(pickedMark(x + S - 16, y + 16, m.picked.get(k)));
      }
    }
    for (const side of ["N", "E", "S", "W"]) {
      const [cx, cy] = SLOT_CENTRE[side];
      if (m.lit.has(key.slot(side))) parts.push(`<rect class="cg-lit ${m.litClass}" data-slotlit="${side}" x="${cx - T / 2 - 4}" y="${cy - T / 2 - 4}" width="${T + 8}" height="${T + 8}" rx="11" pointer-events="none"/>`);
    }
    if (m.picked.has(key.out)) parts.push(pickedMark(SIZE - 30, 30, m.picked.get(key.out)));
    svg.innerHTML = parts.join("");
    // numbered marks on picked cards
    for (const [k, n] of m.picked) {
      if (!k.startsWith("card:")) continue;
      const g = svg.querySelector(`[data-card="${CSS.escape(k.slice(5))}"]`);
      if (!g) continue;
      const bb = g.getBBox();
      g.insertAdjacentHTML("beforeend", pickedMark(bb.x + bb.width - 6, bb.y + 6, n));
    }
  }

  return { render, svg };
}

function pickedMark(cx, cy, n) {
  return `<g class="cg-pickmark" pointer-events="none"><circle cx="${cx}" cy="${cy}" r="12"/><text x="${cx}" y="${cy + 5}">${n}</text></g>`;
}
