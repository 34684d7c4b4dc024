// The SVG chessboard of UnfairChess: squares, pieces, statuses, tokens and highlights,
// with click-click and drag input. It knows nothing about the rules: ui.js tells it what to show.

import { pieceDefs, codeOf } from "./pieces.js";

const NS = "http://www.w3.org/2000/svg";
const SZ = 100; // one square in SVG units
const FILES = "abcdefgh";

export function sqName(file, rank) {
  return FILES[file] + (rank + 1);
}
export function sqFile(sq) {
  return sq.charCodeAt(0) - 97;
}
export function sqRank(sq) {
  return sq.charCodeAt(1) - 49;
}
export function isLight(sq) {
  return (sqFile(sq) + sqRank(sq)) % 2 === 1;
}

/** "rnbqkbnr/pppppppp/..." → Map("e1" → "wK", ...) */
export function parseFen(fen) {
  const out = new Map();
  const rows = (fen || "").split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        out.set(sqName(file, rank), codeOf(ch));
        file += 1;
      }
    }
  });
  return out;
}

export const BADGES = {
  poison: (x, y) => `<g class="ucg-badge ucg-b-poison" transform="translate(${x + 4} ${y + 4})">
      <circle cx="13" cy="13" r="12.5" fill="#1f6e3a" stroke="#fff" stroke-width="2"/>
      <path d="M13 4.5c3.6 5 6.2 8.2 6.2 11.3a6.2 6.2 0 0 1-12.4 0c0-3.1 2.6-6.3 6.2-11.3z" fill="#7dff9a"/>
      <circle cx="10.8" cy="16.5" r="1.6" fill="#1f6e3a"/></g>`,
  sleep: (x, y) => `<g class="ucg-badge ucg-b-sleep" transform="translate(${x + 58} ${y + 2})">
      <rect x="0" y="0" width="40" height="26" rx="13" fill="#5b6270" stroke="#fff" stroke-width="2"/>
      <text x="20" y="19" text-anchor="middle" font-size="17" font-weight="800" fill="#fff" font-family="DejaVu Sans, sans-serif" letter-spacing="-1">ZZZ</text></g>`,
  dynamite: (x, y) => `<g class="ucg-badge ucg-b-dynamite" transform="translate(${x + 66} ${y + 60})">
      <g transform="rotate(-30 15 18)">
        <rect x="7" y="10" width="17" height="26" rx="3" fill="#c62828" stroke="#fff" stroke-width="2"/>
        <rect x="7" y="18" width="17" height="3" fill="#ffd54f"/>
        <path d="M15.5 10c0-4 3-5 5-7" fill="none" stroke="#3e2723" stroke-width="2"/>
        <path d="M21 -1l1.6 2.8 3.2-.4-2 2.5 1.4 2.9-3-1.2-2.3 2.2.2-3.2-2.9-1.5 3.1-.8z" fill="#ffeb3b" stroke="#ff6f00" stroke-width=".8"/>
      </g></g>`,
  frozen: (x, y) => `<g class="ucg-badge ucg-b-frozen" transform="translate(${x + 4} ${y + 70})">
      <circle cx="13" cy="13" r="12.5" fill="#2f78b5" stroke="#fff" stroke-width="2"/>
      <path d="M13 4v18M5.2 8.5l15.6 9M5.2 17.5l15.6-9M10.5 5.5 13 8l2.5-2.5M10.5 20.5 13 18l2.5 2.5" stroke="#fff" stroke-width="1.8" fill="none" stroke-linecap="round"/></g>`,
  shield: (x, y) => `<g class="ucg-badge ucg-b-shield" transform="translate(${x + 37} ${y + 1})">
      <path d="M13 2l10 4v7c0 6.5-4.4 10.6-10 12.5C7.4 23.6 3 19.5 3 13V6z" fill="#1e6fd9" stroke="#fff" stroke-width="2"/></g>`,
};

export function trapSvg(x, y, ownerSeat) {
  const owner = ownerSeat === 0 ? "#fff" : "#111";
  return `<g class="ucg-trap" transform="translate(${x} ${y})">
    <circle cx="50" cy="50" r="33" fill="rgba(40,30,20,.18)"/>
    <path d="M20 52a30 30 0 0 0 60 0" fill="none" stroke="#5d5d5d" stroke-width="5"/>
    <path d="M20 48a30 30 0 0 1 60 0" fill="none" stroke="#5d5d5d" stroke-width="5"/>
    <path d="M24 48l6-10 5 9 6-13 5 13 4-14 4 14 5-13 6 13 5-9 6 10" fill="none" stroke="#8a8a8a" stroke-width="3" stroke-linejoin="round"/>
    <path d="M24 52l6 10 5-9 6 13 5-13 4 14 4-14 5 13 6-13 5 9 6-10" fill="none" stroke="#8a8a8a" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="50" r="7" fill="${owner}" stroke="#444" stroke-width="2"/></g>`;
}

export function wallSvg(x, y) {
  let rows = "";
  for (let r = 0; r < 5; r++) {
    const off = r % 2 ? -12 : 0;
    for (let c = -1; c < 5; c++) {
      const bx = x + c * 25 + off + 2;
      const w = 21;
      const x0 = Math.max(bx, x + 2);
      const x1 = Math.min(bx + w, x + 98);
      if (x1 - x0 > 3) rows += `<rect x="${x0}" y="${y + r * 19.4 + 2}" width="${x1 - x0}" height="16" rx="2"/>`;
    }
  }
  return `<g class="ucg-wall"><rect x="${x}" y="${y}" width="${SZ}" height="${SZ}" fill="#6b5b4d"/><g fill="#a38b72" stroke="#5a4a3c" stroke-width="1">${rows}</g></g>`;
}

export function createBoard(container, handlers = {}) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${8 * SZ} ${8 * SZ}`);
  svg.setAttribute("class", "ucg-board-svg");
  svg.setAttribute("role", "group"); // its squares are clicked or dragged, not a table of cells
  if (handlers.label) svg.setAttribute("aria-label", handlers.label);
  svg.innerHTML = `<defs>${pieceDefs()}
    <radialGradient id="ucg-check-grad"><stop offset="0" stop-color="#ff2a2a" stop-opacity="1"/><stop offset=".35" stop-color="#e01010" stop-opacity=".85"/><stop offset="1" stop-color="#a00000" stop-opacity="0"/></radialGradient>
    <radialGradient id="ucg-shield-grad"><stop offset=".55" stop-color="#6fb6ff" stop-opacity="0"/><stop offset=".85" stop-color="#4aa3ff" stop-opacity=".55"/><stop offset="1" stop-color="#2f7de0" stop-opacity=".0"/></radialGradient>
    <radialGradient id="ucg-poison-grad"><stop offset=".3" stop-color="#59e37a" stop-opacity=".65"/><stop offset=".7" stop-color="#2fbf55" stop-opacity=".35"/><stop offset="1" stop-color="#2fbf55" stop-opacity="0"/></radialGradient>
    <filter id="ucg-grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.012 0.18" numOctaves="3" seed="7"/>
      <feColorMatrix values="0 0 0 0 0.35  0 0 0 0 0.2  0 0 0 0 0.08  0 0 0 0.55 0"/>
    </filter>
  </defs>
  <g class="ucg-l-squares"></g><rect class="ucg-grain" width="800" height="800" filter="url(#ucg-grain)"/>
  <g class="ucg-l-marks"></g><g class="ucg-l-tokens"></g><g class="ucg-l-under"></g>
  <g class="ucg-l-pieces"></g><g class="ucg-l-badges"></g><g class="ucg-l-hints"></g><g class="ucg-l-coords"></g>
  <g class="ucg-l-drag"></g><g class="ucg-l-overlay"></g>`;
  container.appendChild(svg);
  const L = {};
  for (const name of ["squares", "marks", "tokens", "under", "pieces", "badges", "hints", "coords", "drag", "overlay"]) {
    L[name] = svg.querySelector(`.ucg-l-${name}`);
  }

  let model = { pieces: new Map(), orientation: "white" };
  let drag = null;

  function xy(sq) {
    const f = sqFile(sq);
    const r = sqRank(sq);
    return model.orientation === "white" ? [f * SZ, (7 - r) * SZ] : [(7 - f) * SZ, r * SZ];
  }

  function squareAt(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    const col = Math.floor(p.x / SZ);
    const row = Math.floor(p.y / SZ);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    return model.orientation === "white" ? sqName(col, 7 - row) : sqName(7 - col, row);
  }

  function svgPoint(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  function render(next) {
    model = { pieces: new Map(), orientation: model.orientation, ...next };
    const m = model;
    const all = [];
    for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) all.push(sqName(f, r));

    // squares
    L.squares.innerHTML = all
      .map((sq) => {
        const [x, y] = xy(sq);
        return `<rect class="ucg-sq ${isLight(sq) ? "ucg-light" : "ucg-dark"}" data-square="${sq}" x="${x}" y="${y}" width="${SZ}" height="${SZ}"/>`;
      })
      .join("");

    // marks: last move, card squares, selection, blizzard area, taunt, check, red targets
    let marks = "";
    const rect = (sq, cls, extra = "") => {
      const [x, y] = xy(sq);
      return `<rect class="${cls}" data-square="${sq}" x="${x}" y="${y}" width="${SZ}" height="${SZ}" ${extra}/>`;
    };
    for (const sq of m.lastMove || []) marks += rect(sq, "ucg-last");
    for (const sq of m.cardSquares || []) marks += rect(sq, "ucg-cardsq");
    for (const sq of m.area || []) marks += rect(sq, "ucg-area");
    if (m.selected) marks += rect(m.selected, "ucg-selected");
    for (const sq of m.premove || []) marks += rect(sq, "ucg-premove");
    for (const sq of m.frozen || []) marks += rect(sq, "ucg-frozen");
    if (m.check) {
      const [x, y] = xy(m.check);
      marks += `<circle class="ucg-check" data-square="${m.check}" cx="${x + 50}" cy="${y + 50}" r="56" fill="url(#ucg-check-grad)"/>`;
    }
    for (const sq of m.targets || []) marks += rect(sq, "ucg-target-fill");
    for (const sq of m.picked || []) marks += rect(sq, "ucg-picked-fill");
    for (const sq of m.taunt || []) {
      const [x, y] = xy(sq);
      marks += `<rect class="ucg-taunt" x="${x + 4}" y="${y + 4}" width="${SZ - 8}" height="${SZ - 8}" rx="8"/>`;
    }
    L.marks.innerHTML = marks;

    // tokens
    let tokens = "";
    for (const sq of Object.keys(m.walls || {})) {
      const [x, y] = xy(sq);
      tokens += wallSvg(x, y);
    }
    for (const [sq, owner] of Object.entries(m.traps || {})) {
      const [x, y] = xy(sq);
      tokens += trapSvg(x, y, owner);
    }
    L.tokens.innerHTML = tokens;

    // under-piece statuses, pieces, badges
    let under = "";
    let pieces = "";
    let badges = "";
    const frozen = new Set(m.frozen || []);
    for (const [sq, code] of m.pieces) {
      const [x, y] = xy(sq);
      const st = (m.statuses && m.statuses[sq]) || [];
      if (st.includes("shield")) {
        under += `<circle class="ucg-shield" cx="${x + 50}" cy="${y + 50}" r="49" fill="url(#ucg-shield-grad)"/>
          <circle class="ucg-shield-ring" cx="${x + 50}" cy="${y + 50}" r="45" fill="none"/>`;
      }
      if (st.includes("poison")) {
        under += `<ellipse class="ucg-poison" cx="${x + 50}" cy="${y + 62}" rx="38" ry="34" fill="url(#ucg-poison-grad)"/>
          <ellipse class="ucg-poison-ring" cx="${x + 50}" cy="${y + 84}" rx="30" ry="8" fill="none"/>`;
      }
      if (st.includes("sleep")) {
        under += `<rect class="ucg-sleep-tint" x="${x + 3}" y="${y + 3}" width="${SZ - 6}" height="${SZ - 6}" rx="10"/>`;
      }
      const hidden = drag && drag.active && drag.from === sq ? " ucg-dragging" : "";
      const classes = ["ucg-piece", st.includes("sleep") ? "ucg-asleep" : "", hidden].join(" ");
      const title = (m.titles && m.titles[sq]) || "";
      pieces += `<g class="${classes}" data-square="${sq}" data-piece="${code}"><use href="#ucg-${code}" x="${x + 2.5}" y="${y + 2.5}" width="95" height="95"/>${title ? `<title>${title}</title>` : ""}</g>`;
      if (m.hats && code[1] === "K" && m.hats[code[0]]) badges += m.hats[code[0]](x, y);
      for (const s of ["poison", "sleep", "dynamite", "shield"]) if (st.includes(s)) badges += BADGES[s](x, y);
      if (frozen.has(sq)) badges += BADGES.frozen(x, y);
    }
    L.under.innerHTML = under;
    L.pieces.innerHTML = pieces;
    L.badges.innerHTML = badges;

    // hints: legal dots, capture rings, red card targets, picked squares
    let hints = "";
    for (const sq of m.dots || []) {
      const [x, y] = xy(sq);
      if (m.pieces.has(sq)) hints += `<circle class="ucg-capture" data-square="${sq}" cx="${x + 50}" cy="${y + 50}" r="44"/>`;
      else hints += `<circle class="ucg-dot" data-square="${sq}" cx="${x + 50}" cy="${y + 50}" r="15"/>`;
    }
    for (const sq of m.targets || []) {
      const [x, y] = xy(sq);
      hints += `<rect class="ucg-target" data-square="${sq}" x="${x + 3.5}" y="${y + 3.5}" width="${SZ - 7}" height="${SZ - 7}" rx="6"/>`;
    }
    (m.picked || []).forEach((sq, i) => {
      const [x, y] = xy(sq);
      hints += `<g class="ucg-picked" data-square="${sq}"><rect x="${x + 3}" y="${y + 3}" width="${SZ - 6}" height="${SZ - 6}" rx="6"/>
        <circle cx="${x + 84}" cy="${y + 16}" r="12"/><text x="${x + 84}" y="${y + 21}" text-anchor="middle">${i + 1}</text></g>`;
    });
    L.hints.innerHTML = hints;

    // coordinates
    let coords = "";
    for (let i = 0; i < 8; i++) {
      const fileSq = model.orientation === "white" ? sqName(i, 0) : sqName(7 - i, 7);
      const [fx, fy] = xy(fileSq);
      coords += `<text class="ucg-coord ${isLight(fileSq) ? "ucg-on-light" : "ucg-on-dark"}" x="${fx + 92}" y="${fy + 94}" text-anchor="end">${fileSq[0]}</text>`;
      const rankSq = model.orientation === "white" ? sqName(0, i) : sqName(7, i);
      const [rx, ry] = xy(rankSq);
      coords += `<text class="ucg-coord ${isLight(rankSq) ? "ucg-on-light" : "ucg-on-dark"}" x="${rx + 6}" y="${ry + 20}">${rankSq[1]}</text>`;
    }
    L.coords.innerHTML = coords;
    svg.classList.toggle("ucg-interactive", !!m.interactive);
    svg.classList.toggle("ucg-targeting", !!(m.targets && m.targets.length));
  }

  // ------------------------------------------------------------------ input
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || promo) return;
    const sq = squareAt(ev.clientX, ev.clientY);
    if (!sq) return;
    ev.preventDefault();
    const canDrag = handlers.onDown ? handlers.onDown(sq) : false;
    if (canDrag && model.pieces.has(sq)) {
      drag = { from: sq, code: model.pieces.get(sq), x0: ev.clientX, y0: ev.clientY, active: false, id: ev.pointerId };
      try {
        svg.setPointerCapture(ev.pointerId);
      } catch (e) {
        /* synthetic events */
      }
    } else {
      drag = { from: null, id: ev.pointerId };
    }
  });

  svg.addEventListener("pointermove", (ev) => {
    if (!drag || !drag.from) return;
    const dist = Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0);
    if (!drag.active && dist > 5) {
      drag.active = true;
      const g = L.pieces.querySelector(`[data-square="${drag.from}"]`);
      if (g) g.classList.add("ucg-dragging");
      L.drag.innerHTML = `<use class="ucg-ghost" href="#ucg-${drag.code}" width="110" height="110"/>`;
      // A king's hat goes with it: drawn on the ghost (at the ghost's scale), faded on the square.
      const hat = L.badges.querySelector(`.ucg-hat[data-square="${drag.from}"]`);
      if (hat) {
        hat.classList.add("ucg-dragging");
        const m = /scale\(([\d.]+)\)/.exec(hat.getAttribute("transform") || "");
        drag.hatScale = (m ? Number(m[1]) : 1) * (110 / 95);
        L.drag.insertAdjacentHTML("beforeend", `<g class="ucg-ghost-hat" data-hat="${hat.dataset.hat}">${hat.innerHTML}</g>`);
      }
    }
    if (drag.active) {
      const p = svgPoint(ev.clientX, ev.clientY);
      const use = L.drag.querySelector(".ucg-ghost");
      use.setAttribute("x", p.x - 55);
      use.setAttribute("y", p.y - 62);
      const ghostHat = L.drag.querySelector(".ucg-ghost-hat");
      if (ghostHat) ghostHat.setAttribute("transform", `translate(${p.x - 55} ${p.y - 62}) scale(${drag.hatScale})`);
      const over = squareAt(ev.clientX, ev.clientY);
      L.drag.querySelectorAll(".ucg-hover").forEach((n) => n.remove());
      if (over) {
        const [x, y] = xy(over);
        L.drag.insertAdjacentHTML("afterbegin", `<rect class="ucg-hover" x="${x}" y="${y}" width="${SZ}" height="${SZ}"/>`);
      }
    }
  });

  function endDrag(ev, cancelled) {
    if (!drag) return;
    const d = drag;
    drag = null;
    L.drag.innerHTML = "";
    const sq = cancelled ? null : squareAt(ev.clientX, ev.clientY);
    if (d.from) {
      const g = L.pieces.querySelector(`[data-square="${d.from}"]`);
      if (g) g.classList.remove("ucg-dragging");
      const hat = L.badges.querySelector(`.ucg-hat[data-square="${d.from}"]`);
      if (hat) hat.classList.remove("ucg-dragging");
    }
    if (handlers.onUp) handlers.onUp(sq, { from: d.from, dragged: !!(d.from && d.active) });
  }
  svg.addEventListener("pointerup", (ev) => endDrag(ev, false));
  svg.addEventListener("pointercancel", (ev) => endDrag(ev, true));

  // ------------------------------------------------------------- promotion
  let promo = null;
  /** Lichess-style picker in the destination's file; resolves to "q"/"r"/"b"/"n" or null. */
  function pickPromotion(sq, color, letters = ["q", "n", "r", "b"]) {
    return new Promise((resolve) => {
      const [x, y0] = xy(sq);
      const down = y0 === 0 ? 1 : -1;
      let html = `<rect class="ucg-promo-veil" width="800" height="800"/>`;
      letters.forEach((l, i) => {
        const y = y0 + down * i * SZ;
        html += `<g class="ucg-promo-opt" data-promo="${l}"><circle cx="${x + 50}" cy="${y + 50}" r="47"/>
          <use href="#ucg-${color}${l.toUpperCase()}" x="${x + 8}" y="${y + 8}" width="84" height="84"/></g>`;
      });
      L.overlay.innerHTML = html;
      const onClick = (ev) => {
        ev.stopPropagation();
        ev.preventDefault();
        const opt = ev.target.closest(".ucg-promo-opt");
        close(opt ? opt.dataset.promo : null);
      };
      function close(v) {
        L.overlay.removeEventListener("pointerdown", onClick);
        L.overlay.innerHTML = "";
        promo = null;
        resolve(v);
      }
      L.overlay.addEventListener("pointerdown", onClick);
      promo = { close };
    });
  }

  return {
    svg,
    render,
    pickPromotion,
    cancelPromotion() {
      if (promo) promo.close(null);
    },
    get orientation() {
      return model.orientation;
    },
  };
}
