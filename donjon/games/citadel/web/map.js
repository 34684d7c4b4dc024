// The castle map of Citadel as one SVG: 12 rooms on two hexagonal rings around the sealed
// clock room, 18 doors with their coloured doorways, 3 windows, the switches, the treasures,
// the pawns, the Professor and the clock dial in the middle.
//
//   const map = createMap(host, { data, lang, t, onPick });
//   map.render(model, highlights);
//
// ``data`` is the engine's static data (rooms, doors, windows). ``model`` is the board to
// draw (the view, or an intermediate state while the Professor phase is animated). Clicks
// call ``onPick({kind, id})`` with kind room | door | switch | treasure | pawn | window.

import { restartAnimation } from "../js/kit/anim.js";
import { esc } from "../js/kit/html.js";
import { CHAR_COLOUR, CHAR_ICON, GEM, SWITCH_ICON, BULB, OUT_ICON, faceIcon, MEEPLE, professorSvg } from "./icons.js";
import { NUMERALS } from "./i18n.js";

export const VB = { w: 1000, h: 920 };
const C = { x: 500, y: 463 };
const R0 = 150;
const R1 = 315;
const R2 = 478;
const COS30 = Math.cos(Math.PI / 6);
const TAN30 = Math.tan(Math.PI / 6);
const RAD = Math.PI / 180;
const DOOR_LEN = 58;
const OUTSIDE_BOX = { x: 14, y: 14, w: 176, h: 150 };

const f = (n) => Math.round(n * 10) / 10;

function sectorAngle(index) {
  return (-90 + 60 * index) * RAD;
}
function polar(r, a) {
  return [C.x + r * Math.cos(a), C.y + r * Math.sin(a)];
}

/** Geometry of every room: its polygon and where its name, switch, treasure and pawns go. */
export function roomGeometry(room) {
  const a = sectorAngle(room.index);
  const [rin, rout] = room.ring === "outer" ? [R1, R2] : [R0, R1];
  const u = [Math.cos(a), Math.sin(a)];
  const v = [-Math.sin(a), Math.cos(a)];
  const L = (d, t) => [C.x + u[0] * d + v[0] * t, C.y + u[1] * d + v[1] * t];
  const poly = [polar(rin, a - 30 * RAD), polar(rout, a - 30 * RAD), polar(rout, a + 30 * RAD), polar(rin, a + 30 * RAD)];
  const dmid = ((rin + rout) / 2) * COS30;
  const c = L(dmid, 0);
  const g = { id: room.id, poly, c, u, v, a, ring: room.ring, index: room.index, window: room.window, dmid };
  if (room.index === 0 || room.index === 3) {
    // top and bottom rooms: rows across; the switch and the treasure flank the spoke door
    const dc = room.ring === "outer" ? R1 * COS30 : R1 * COS30; // the edge with the spoke door
    const into = room.ring === "outer" ? 1 : -1; // from that edge into the room
    g.row = L(dc + into * 30, 0);
    g.name = L(dc + into * (room.ring === "outer" ? 112 : 72), 0);
    g.pawns = L(dc + into * (room.ring === "outer" ? 72 : 114), 0);
    g.sw = [g.row[0] - 66, g.row[1]];
    g.tr = [g.row[0] + 72, g.row[1]];
    g.wide = true;
  } else {
    // slanted rooms: everything along the room's long axis, top to bottom on screen
    const sgn = Math.sign(v[1]);
    const at = room.ring === "outer" ? [-104, -48, 10, 74] : [-90, -40, 14, 66];
    g.name = L(dmid, at[0] * sgn);
    g.sw = L(dmid, at[1] * sgn);
    g.tr = L(dmid, at[2] * sgn);
    g.pawns = L(dmid, at[3] * sgn);
    g.row = g.sw;
  }
  if (room.window) {
    g.windowAt = L(rout * COS30, 0);
    g.windowDir = v;
  }
  return g;
}

/** Door geometry: centre, the wall direction (unit), and which side each room is on. */
export function doorGeometry(door, rooms) {
  const A = rooms[door.rooms[0]];
  const B = rooms[door.rooms[1]];
  let p;
  let w;
  if (A.ring === B.ring) {
    // a door on the ray between two neighbours of one ring
    const ia = A.index;
    const ib = B.index;
    const k = (ib - ia + 6) % 6 === 1 ? ia : ib; // the first room clockwise
    const b = sectorAngle(k) + 30 * RAD;
    const [rin, rout] = A.ring === "outer" ? [R1, R2] : [R0, R1];
    p = polar((rin + rout) / 2, b);
    w = [Math.cos(b), Math.sin(b)];
  } else {
    const outer = A.ring === "outer" ? A : B;
    p = [C.x + outer.u[0] * R1 * COS30, C.y + outer.u[1] * R1 * COS30];
    w = outer.v;
  }
  const n = [-w[1], w[0]];
  const side = (room) => Math.sign((room.c[0] - p[0]) * n[0] + (room.c[1] - p[1]) * n[1]) || 1;
  return { id: door.id, p, w, n, deg: Math.atan2(w[1], w[0]) / RAD, sides: [side(A), side(B)], colours: door.colours, rooms: door.rooms };
}

function pathOf(pts) {
  return "M" + pts.map(([x, y]) => `${f(x)} ${f(y)}`).join("L") + "Z";
}
function hexPath(r) {
  const pts = [];
  for (let i = 0; i < 6; i++) pts.push(polar(r, (i * 60) * RAD));
  return pathOf(pts);
}

function ico(body, x, y, size, cls = "") {
  const s = size / 24;
  return `<g class="${cls}" transform="translate(${f(x - size / 2)} ${f(y - size / 2)}) scale(${f(s * 1000) / 1000})">${body}</g>`;
}

/** Minute (0–55) → angle on the dial (0 at the top, clockwise). */
const dialAngle = (m) => (m * 6 - 90) * RAD;

function arcPath(r, m1, m2) {
  const span = ((m2 - m1 + 60) % 60) || 60;
  const a1 = dialAngle(m1);
  const a2 = dialAngle(m1 + span);
  const [x1, y1] = polar(r, a1);
  const [x2, y2] = polar(r, a2);
  if (span >= 60) return `M${f(x1)} ${f(y1)}A${r} ${r} 0 1 1 ${f(x1 - 0.01)} ${f(y1)}`;
  return `M${f(x1)} ${f(y1)}A${r} ${r} 0 ${span > 30 ? 1 : 0} 1 ${f(x2)} ${f(y2)}`;
}

const TRACK = { red: 111, green: 99, blue: 87 };

export function createMap(host, { data, lang, t, onPick }) {
  const rooms = {};
  for (const r of data.map.rooms) rooms[r.id] = roomGeometry(r);
  const doors = {};
  for (const d of data.map.doors) doors[d.id] = doorGeometry(d, rooms);
  const roomName = (id) => {
    const r = data.map.rooms.find((x) => x.id === id);
    return r ? r[`name_${lang}`] || r.name_en : id;
  };

  host.innerHTML = `<svg class="ctl-map" viewBox="0 0 ${VB.w} ${VB.h}" role="img" aria-label="${esc(t("mapLabel"))}">
    ${defs()}
    <g class="ctl-l-ground">${ground()}</g>
    <g class="ctl-l-floors">${floors()}</g>
    <g class="ctl-l-walls">${walls()}</g>
    <g class="ctl-l-hits"></g>
    <g class="ctl-l-windows"></g>
    <g class="ctl-l-doors"></g>
    <g class="ctl-l-labels">${labels()}</g>
    <g class="ctl-l-dial">${dialStatic()}</g>
    <g class="ctl-l-dialdyn"></g>
    <g class="ctl-l-hand"><g class="ctl-clockhand" data-clock="0">
      <path d="M${C.x - 4} ${C.y + 14}L${C.x} ${C.y - 121}L${C.x + 4} ${C.y + 14}Z"/>
      <circle cx="${C.x}" cy="${C.y}" r="10"/><circle class="ctl-hub" cx="${C.x}" cy="${C.y}" r="4"/></g></g>
    <g class="ctl-l-tokens"></g>
    <g class="ctl-l-movers"></g>
    <g class="ctl-l-corner"></g>
  </svg>`;
  const svg = host.querySelector("svg");
  const layer = (n) => svg.querySelector(`.ctl-l-${n}`);
  const L = { windows: layer("windows"), doors: layer("doors"), dialdyn: layer("dialdyn"), tokens: layer("tokens"), hits: layer("hits"), movers: layer("movers"), corner: layer("corner") };
  const movers = new Map();
  const hand = svg.querySelector(".ctl-clockhand");
  let handMinute = null;

  svg.addEventListener("click", (ev) => {
    if (!onPick) return;
    // everything under the pointer that could be meant, topmost first (a token, then its room)
    const chain = [];
    const seen = new Set();
    for (const node of document.elementsFromPoint(ev.clientX, ev.clientY)) {
      const p = node.closest ? node.closest("[data-pick]") : null;
      if (!p || seen.has(p) || !svg.contains(p)) continue;
      seen.add(p);
      chain.push({ kind: p.dataset.pick, id: p.dataset.id });
    }
    onPick(chain, ev);
  });

  function defs() {
    return `<defs>
      <radialGradient id="ctl-ground" cx="50%" cy="50%" r="70%">
        <stop offset="0" stop-color="#24301f"/><stop offset="0.62" stop-color="#18221a"/><stop offset="1" stop-color="#0f1511"/>
      </radialGradient>
      <linearGradient id="ctl-wood" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#6b4a30"/><stop offset="1" stop-color="#523621"/>
      </linearGradient>
      <linearGradient id="ctl-stone" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#4f4a55"/><stop offset="1" stop-color="#3b3742"/>
      </linearGradient>
      <pattern id="ctl-planks" width="40" height="14" patternUnits="userSpaceOnUse">
        <path d="M0 13.5H40M22 0v14" stroke="rgba(0,0,0,.18)" stroke-width="1"/>
      </pattern>
      <pattern id="ctl-tiles" width="28" height="28" patternUnits="userSpaceOnUse">
        <path d="M0 0H28V28" fill="none" stroke="rgba(0,0,0,.22)" stroke-width="1.2"/>
        <rect x="1" y="1" width="13" height="13" fill="rgba(255,255,255,.025)"/><rect x="14" y="14" width="13" height="13" fill="rgba(255,255,255,.025)"/>
      </pattern>
      <radialGradient id="ctl-dialface" cx="50%" cy="45%" r="60%">
        <stop offset="0" stop-color="#1f2b4a"/><stop offset="1" stop-color="#0c1224"/>
      </radialGradient>
      <filter id="ctl-glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
      <filter id="ctl-shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#000" flood-opacity=".55"/></filter>
      <path id="ctl-meeple" d="${MEEPLE}"/>
    </defs>`;
  }

  function ground() {
    let s = `<rect x="0" y="0" width="${VB.w}" height="${VB.h}" rx="18" fill="url(#ctl-ground)"/>`;
    // a few bushes around the walls
    const bushes = [[60, 820], [110, 860], [930, 800], [880, 870], [950, 220], [40, 300], [900, 640], [70, 560]];
    for (const [x, y] of bushes) s += `<circle cx="${x}" cy="${y}" r="16" fill="#1d3323"/><circle cx="${x + 12}" cy="${y - 7}" r="11" fill="#23402b"/>`;
    s += `<path d="${hexPath(R2 + 14)}" fill="#14100c" opacity=".55"/>`;
    return s;
  }

  function floors() {
    let s = "";
    for (const g of Object.values(rooms)) {
      const fill = g.ring === "outer" ? "url(#ctl-wood)" : "url(#ctl-stone)";
      const pat = g.ring === "outer" ? "url(#ctl-planks)" : "url(#ctl-tiles)";
      s += `<path class="ctl-floor ctl-floor-${g.ring}" d="${pathOf(g.poly)}" fill="${fill}"/><path d="${pathOf(g.poly)}" fill="${pat}" pointer-events="none"/>`;
    }
    s += `<path class="ctl-clockroom" d="${hexPath(R0)}"/>`;
    return s;
  }

  function walls() {
    let s = `<path class="ctl-wall ctl-wall-out" d="${hexPath(R2)}"/>`;
    s += `<path class="ctl-wall" d="${hexPath(R1)}"/><path class="ctl-wall ctl-wall-clock" d="${hexPath(R0)}"/>`;
    for (let i = 0; i < 6; i++) {
      const b = (i * 60) * RAD;
      const [x0, y0] = polar(R0, b);
      const [x2, y2] = polar(R2, b);
      s += `<path class="ctl-wall" d="M${f(x0)} ${f(y0)}L${f(x2)} ${f(y2)}"/>`;
    }
    // doorways: a gap in the wall and the two coloured thresholds (these never change)
    for (const d of Object.values(doors)) {
      s += `<g transform="translate(${f(d.p[0])} ${f(d.p[1])}) rotate(${f(d.deg)})">
        <rect class="ctl-doorgap" x="${-DOOR_LEN / 2}" y="-9" width="${DOOR_LEN}" height="18" rx="2"/>
        ${d.sides.map((sd, i) => `<rect class="ctl-sill ctl-c-${d.colours[i]}" x="${-DOOR_LEN / 2 + 4}" y="${sd > 0 ? 9 : -16}" width="${DOOR_LEN - 8}" height="7" rx="2"/>`).join("")}
      </g>`;
    }
    return s;
  }

  function labels() {
    let s = "";
    for (const g of Object.values(rooms)) {
      s += `<text class="ctl-roomname" data-label="${g.id}" x="${f(g.name[0])}" y="${f(g.name[1])}" text-anchor="middle" dominant-baseline="middle">${esc(roomName(g.id))}</text>`;
    }
    // outside, legend
    const o = OUTSIDE_BOX;
    s += `<g class="ctl-outside-zone"><rect x="${o.x}" y="${o.y}" width="${o.w}" height="${o.h}" rx="14"/>
      ${ico(OUT_ICON, o.x + 22, o.y + 22, 20, "ctl-out-ico")}
      <text x="${o.x + 38}" y="${o.y + 23}" dominant-baseline="middle">${esc(t("outside"))}</text></g>`;
    return s;
  }

  function dialStatic() {
    let s = `<circle class="ctl-dialface" cx="${C.x}" cy="${C.y}" r="126"/>`;
    for (const r of Object.values(TRACK)) s += `<circle class="ctl-track" cx="${C.x}" cy="${C.y}" r="${r}"/>`;
    for (let i = 0; i < 12; i++) {
      const a = dialAngle(i * 5);
      const [x1, y1] = polar(119, a);
      const [x2, y2] = polar(126, a);
      s += `<path class="ctl-tick" d="M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}"/>`;
      const [nx, ny] = polar(65, a);
      const idea = (data.idea_icons || [15, 45]).includes(i * 5);
      s += `<text class="ctl-numeral${idea ? " ctl-numeral-idea" : ""}" x="${f(nx)}" y="${f(ny)}" text-anchor="middle" dominant-baseline="central">${NUMERALS[i]}</text>`;
      if (idea) {
        const [bx, by] = polar(42, a);
        s += `<g class="ctl-idea" data-minute="${i * 5}"><circle cx="${f(bx)}" cy="${f(by)}" r="12"/>${ico(BULB, bx, by, 18, "ctl-idea-ico")}</g>`;
      }
    }
    return s;
  }

  // ------------------------------------------------------------------ dynamic parts

  function windowsSvg(hl) {
    let s = "";
    for (const g of Object.values(rooms)) {
      if (!g.window) continue;
      const deg = Math.atan2(g.windowDir[1], g.windowDir[0]) / RAD;
      const lit = hl.windows.has(g.id);
      s += `<g class="ctl-window${lit ? " ctl-hl" : ""}" data-window="${g.id}" data-pick="window" data-id="${g.id}" transform="translate(${f(g.windowAt[0])} ${f(g.windowAt[1])}) rotate(${f(deg)})">
        <rect class="ctl-window-glow" x="-56" y="-14" width="112" height="28" rx="8"/>
        <rect class="ctl-glass" x="-48" y="-7" width="96" height="14" rx="2"/>
        <path class="ctl-mullion" d="M-16 -7v14M16 -7v14M-48 0H48"/>
      </g>`;
    }
    return s;
  }

  function doorsSvg(model, hl) {
    let s = "";
    for (const d of Object.values(doors)) {
      const open = (model.doors || {})[d.id] === "open";
      const lit = hl.doors.has(d.id);
      const picked = hl.pickedDoors.has(d.id);
      const leafSide = d.sides[0];
      s += `<g class="ctl-door ${open ? "ctl-open" : "ctl-closed"}${lit ? " ctl-hl" : ""}${picked ? " ctl-picked" : ""}" data-door="${d.id}" data-state="${open ? "open" : "closed"}"
          data-pick="door" data-id="${d.id}" transform="translate(${f(d.p[0])} ${f(d.p[1])}) rotate(${f(d.deg)})">
        <title>${esc(t("door", { id: d.id }))} · ${esc(t(open ? "open" : "closed"))} · ${esc(roomName(d.rooms[0]))} ↔ ${esc(roomName(d.rooms[1]))}</title>
        <rect class="ctl-door-hit" x="${-DOOR_LEN / 2 - 6}" y="-22" width="${DOOR_LEN + 12}" height="44" rx="10"/>
        ${open
          ? `<rect class="ctl-leaf" x="-${DOOR_LEN / 2 - 2}" y="${leafSide > 0 ? -4 : -DOOR_LEN + 10}" width="6" height="${DOOR_LEN - 14}" rx="2"/>`
          : `<rect class="ctl-plank" x="${-DOOR_LEN / 2 + 2}" y="-6" width="${DOOR_LEN - 4}" height="12" rx="2.5"/>
             <path class="ctl-plank-lines" d="M${-DOOR_LEN / 2 + 16} -6v12M${DOOR_LEN / 2 - 16} -6v12"/>
             <circle class="ctl-knob" cx="0" cy="0" r="2.6"/>`}
      </g>`;
    }
    return s;
  }

  function dialDyn(model) {
    let s = "";
    const clock = model.clock || 0;
    for (const [colour, tr] of Object.entries(model.treasures || {})) {
      if (!tr) continue;
      const r = TRACK[colour];
      const marker = tr.marker;
      s += `<path class="ctl-timearc ctl-s-${colour}" d="${arcPath(r, clock, marker)}"/>`;
    }
    // markers on top
    for (const [colour, tr] of Object.entries(model.treasures || {})) {
      if (!tr) continue;
      const r = TRACK[colour];
      const [x, y] = polar(r, dialAngle(tr.marker));
      const lowTime = (tr.left ?? ((tr.marker - clock + 60) % 60)) <= 10;
      s += `<g class="ctl-marker ctl-c-${colour}${lowTime ? " ctl-urgent" : ""}" data-marker="${colour}" data-minute="${tr.marker}">
        <circle cx="${f(x)}" cy="${f(y)}" r="9"/>${ico(GEM, x, y, 11, "ctl-marker-gem")}</g>`;
    }
    return s;
  }

  function switchToken(room, sw, hl, model) {
    const g = rooms[room];
    const [x, y] = g.sw;
    const lit = hl.switches.has(room);
    const picked = hl.pickedSwitches.has(room);
    const typeName = data.switch_types.find((x2) => x2.id === sw.type);
    const tname = typeName ? typeName[`name_${lang}`] || typeName.name_en : sw.type;
    const need = Object.values(model.treasures || {}).some((tr) => tr && (tr.types || []).includes(sw.type));
    return `<g class="ctl-switch ${sw.on ? "ctl-on" : "ctl-off"}${lit ? " ctl-hl" : ""}${picked ? " ctl-picked" : ""}${need ? " ctl-needed" : ""}"
        data-switch="${room}" data-on="${sw.on ? 1 : 0}" data-type="${sw.type}" data-pick="switch" data-id="${room}">
      <title>${esc(tname)} · ${sw.on ? "ON" : "OFF"}</title>
      <rect class="ctl-sw-ring" x="${f(x - 25)}" y="${f(y - 27)}" width="50" height="54" rx="12"/>
      <rect class="ctl-sw-body" x="${f(x - 20)}" y="${f(y - 22)}" width="40" height="44" rx="8"/>
      ${ico(SWITCH_ICON[sw.type] || "", x, y - 6, 22, "ctl-sw-ico")}
      <text class="ctl-sw-state" x="${f(x)}" y="${f(y + 14)}" text-anchor="middle" dominant-baseline="middle">${sw.on ? "ON" : "OFF"}</text>
    </g>`;
  }

  function treasureToken(colour, tr, hl, model) {
    const g = rooms[tr.room];
    if (!g) return "";
    const [x, y] = g.tr;
    const lit = hl.treasures.has(colour);
    const types = tr.types || [];
    const left = tr.left ?? ((tr.marker - (model.clock || 0) + 60) % 60);
    const onTypes = new Set(Object.values(model.switches || {}).filter((s) => s.on).map((s) => s.type));
    const w = 78;
    const icons = types.map((ty, i) => {
      const cx = x - ((types.length - 1) * 17) / 2 + i * 17;
      return `<g class="ctl-tr-type ${onTypes.has(ty) ? "ctl-on" : "ctl-off"}">${ico(SWITCH_ICON[ty] || "", cx, y + 9, 15)}</g>`;
    }).join("");
    const ready = types.every((ty) => !onTypes.has(ty));
    return `<g class="ctl-treasure ctl-c-${colour}${lit ? " ctl-hl" : ""}${ready ? " ctl-ready" : ""}${left <= 10 ? " ctl-urgent" : ""}" data-treasure="${colour}" data-tile="${tr.id}"
        data-pick="treasure" data-id="${colour}">
      <title>${esc(tr.label || tr.id)}</title>
      <rect class="ctl-tr-ring" x="${f(x - w / 2 - 5)}" y="${f(y - 28)}" width="${w + 10}" height="56" rx="12"/>
      <rect class="ctl-tr-body" x="${f(x - w / 2)}" y="${f(y - 23)}" width="${w}" height="46" rx="8"/>
      <rect class="ctl-tr-band" x="${f(x - w / 2)}" y="${f(y - 23)}" width="${w}" height="19" rx="8"/>
      ${ico(GEM, x - 22, y - 13.5, 15, "ctl-tr-gem")}
      <text class="ctl-tr-left" x="${f(x + 12)}" y="${f(y - 13)}" text-anchor="middle" dominant-baseline="middle">${left}′</text>
      ${icons}
    </g>`;
  }

  function hitsSvg(hl) {
    let s = "";
    for (const g of Object.values(rooms)) {
      const cls = ["ctl-roomhit"];
      if (hl.rooms.has(g.id)) cls.push("ctl-hl");
      if (hl.pickedRooms.has(g.id)) cls.push("ctl-picked");
      if (hl.dimRooms && !hl.rooms.has(g.id)) cls.push("ctl-dim");
      s += `<path class="${cls.join(" ")}" data-room="${g.id}" data-pick="room" data-id="${g.id}" d="${pathOf(g.poly)}"><title>${esc(roomName(g.id))}</title></path>`;
    }
    return s;
  }

  // ------------------------------------------------------------------ pawns and the Professor

  function figureSlots(model) {
    const byRoom = {};
    const add = (room, item) => (byRoom[room] = byRoom[room] || []).push(item);
    if (model.professor) add(model.professor, { id: "professor", w: 42 });
    for (const ch of model.characters || []) add(ch.room, { id: ch.id, w: 30, ch });
    const pos = {};
    for (const [room, items] of Object.entries(byRoom)) {
      if (room === "outside") {
        items.forEach((it, i) => {
          const col = i % 3;
          const row = Math.floor(i / 3);
          pos[it.id] = [OUTSIDE_BOX.x + 40 + col * 48, OUTSIDE_BOX.y + 72 + row * 52];
        });
        continue;
      }
      const g = rooms[room];
      if (!g) continue;
      const total = items.reduce((a, it) => a + it.w, 0);
      const squeeze = total > 150 ? 150 / total : 1;
      let x = g.pawns[0] - (total * squeeze) / 2;
      for (const it of items) {
        pos[it.id] = [x + (it.w * squeeze) / 2, g.pawns[1] + (it.id === "professor" ? -4 : 0)];
        x += it.w * squeeze;
      }
    }
    return pos;
  }

  function renderMovers(model, hl) {
    const pos = figureSlots(model);
    const want = new Set(Object.keys(pos));
    for (const [id, el] of movers) {
      if (!want.has(id)) {
        el.remove();
        movers.delete(id);
      }
    }
    for (const [id, [x, y]] of Object.entries(pos)) {
      let el = movers.get(id);
      if (!el) {
        el = document.createElementNS("http://www.w3.org/2000/svg", "g");
        if (id === "professor") {
          el.setAttribute("class", "ctl-mover ctl-professor");
          el.dataset.professor = "1";
          el.innerHTML = `<title>${esc(t("professor"))}</title><g class="ctl-prof-body" transform="scale(.9)">${professorSvg()}</g>`;
        } else {
          const col = CHAR_COLOUR[id] || "#ccc";
          el.setAttribute("class", "ctl-mover ctl-pawn");
          el.dataset.pawn = id;
          el.dataset.pick = "pawn";
          el.dataset.id = id;
          el.innerHTML = `<title></title><ellipse class="ctl-pawn-ring" cx="0" cy="13" rx="17" ry="6"/>
            <g class="ctl-pawn-body" filter="url(#ctl-shadow)"><use href="#ctl-meeple" transform="scale(.92)" fill="${col}"/></g>
            <g class="ctl-pawn-ico" transform="translate(-6.5 -4.5) scale(.54)" style="color:#1b140e">${CHAR_ICON[id] || ""}</g>`;
        }
        // appear where it stands (no slide in from the corner)
        el.style.transition = "none";
        el.style.transform = `translate(${f(x)}px, ${f(y)}px)`;
        L.movers.appendChild(el);
        el.getBoundingClientRect();
        el.style.transition = "";
        movers.set(id, el);
      }
      el.style.transform = `translate(${f(x)}px, ${f(y)}px)`;
      if (id === "professor") {
        el.dataset.room = model.professor;
      } else {
        const ch = (model.characters || []).find((c) => c.id === id);
        el.dataset.room = ch ? ch.room : "";
        el.classList.toggle("ctl-active", !!(ch && ch.active));
        el.classList.toggle("ctl-hl", hl.chars.has(id));
        el.querySelector("title").textContent = `${ch ? ch.label || id : id}${ch && ch.room !== "outside" ? " · " + roomName(ch.room) : ""}`;
      }
    }
  }

  function cornerSvg(model) {
    // the last roll, top right
    const dice = model.dice;
    let s = `<g class="ctl-corner-dice${model.rolling ? " ctl-rolling" : ""}" transform="translate(822 16)">
      <text class="ctl-corner-label" x="80" y="-2" text-anchor="middle"></text>`;
    const faces = [["colour", dice && dice.colour], ["action", dice && dice.action], ["clock", dice && dice.clock]];
    faces.forEach(([die, val], i) => {
      const x = i * 58;
      let inner = "";
      if (val != null) {
        if (die === "colour") inner = ico(GEM, x + 25, 31, 26, "ctl-sdie-gem");
        else if (die === "action") inner = ico(faceIcon(String(val)), x + 25, 31, 32, "ctl-sdie-ico");
        else inner = `<text class="ctl-sdie-txt" x="${x + 25}" y="32" text-anchor="middle" dominant-baseline="middle">+${val}</text>`;
      }
      s += `<g class="ctl-sdie ctl-sdie-${die}${die === "colour" && val ? " ctl-c-" + val : ""}${val == null ? " ctl-sdie-empty" : ""}" data-sdie="${die}" data-value="${val ?? ""}">
        <rect x="${x}" y="6" width="50" height="50" rx="11"/>${inner}</g>`;
    });
    s += "</g>";
    return s;
  }

  let lastModel = null;
  function render(model, hlIn = {}) {
    lastModel = model;
    const hl = {
      rooms: new Set(hlIn.rooms || []), doors: new Set(hlIn.doors || []), switches: new Set(hlIn.switches || []),
      treasures: new Set(hlIn.treasures || []), windows: new Set(hlIn.windows || []), chars: new Set(hlIn.chars || []),
      pickedRooms: new Set(hlIn.pickedRooms || []), pickedDoors: new Set(hlIn.pickedDoors || []),
      pickedSwitches: new Set(hlIn.pickedSwitches || []), dimRooms: !!hlIn.dimRooms,
    };
    svg.classList.toggle("ctl-targeting", !!hlIn.targeting);
    svg.classList.toggle("ctl-interactive", !!hlIn.interactive);
    L.windows.innerHTML = windowsSvg(hl);
    L.doors.innerHTML = doorsSvg(model, hl);
    L.dialdyn.innerHTML = dialDyn(model);
    // the hand turns the short way (55 → 0 is one more step clockwise)
    const minute = model.clock || 0;
    if (handMinute === null) handMinute = minute;
    else {
      const delta = ((minute - handMinute) % 60 + 60) % 60;
      handMinute += delta > 30 ? delta - 60 : delta;
    }
    hand.dataset.clock = String(minute);
    hand.style.transform = `rotate(${handMinute * 6}deg)`;
    let tok = "";
    for (const [room, sw] of Object.entries(model.switches || {})) tok += switchToken(room, sw, hl, model);
    for (const [colour, tr] of Object.entries(model.treasures || {})) if (tr) tok += treasureToken(colour, tr, hl, model);
    L.tokens.innerHTML = tok;
    L.hits.innerHTML = hitsSvg(hl);
    renderMovers(model, hl);
    L.corner.innerHTML = cornerSvg(model);
  }

  /** Brief effects on the board while the Professor phase plays (a flash, a pulse). */
  function flash(kind, id) {
    let el = null;
    if (kind === "switch") el = svg.querySelector(`[data-switch="${id}"]`);
    else if (kind === "door") el = svg.querySelector(`[data-door="${id}"]`);
    else if (kind === "room") el = svg.querySelector(`[data-room="${id}"]`);
    else if (kind === "treasure") el = svg.querySelector(`[data-treasure="${id}"]`);
    else if (kind === "pawn") el = movers.get(id);
    else if (kind === "professor") el = movers.get("professor");
    else if (kind === "idea") el = svg.querySelector(`.ctl-idea[data-minute="${id}"]`);
    if (el) restartAnimation(el, "ctl-flash");
  }

  return { render, flash, svg, rooms, doors, roomName, get model() { return lastModel; } };
}
