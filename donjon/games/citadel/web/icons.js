// SVG art of the Citadel board: switch types, character emblems, dice faces, pawns.
// Icons are 24×24 line drawings (stroke = currentColor) unless said otherwise.

function sawBlade() {
  const pts = [];
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    const r = i % 2 === 0 ? 9.6 : 7.2;
    pts.push(`${(12 + r * Math.cos(a)).toFixed(2)},${(12 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${pts.join(" ")}"/><circle cx="12" cy="12" r="2.4"/>`;
}

export const SWITCH_ICON = {
  padlock: '<rect x="5" y="10.5" width="14" height="10.5" rx="2"/><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"/><path d="M12 14.5v2.5"/>',
  camera: '<path d="M3 6.5l13.5 3.6-1.8 5.2L2 11.2z"/><path d="M16.5 10.1l4-1.2v5.6l-5.8.8"/><path d="M9 13.6l-1 4.4H4"/><path d="M4 15.5v5"/>',
  laser: '<circle cx="5.5" cy="12" r="3"/><path d="M8.5 12H21"/><path d="M14 8.5l2.2-2.2M14 15.5l2.2 2.2M18.5 9.5l2-1M18.5 14.5l2 1"/>',
  saw: sawBlade(),
  alarm: '<path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.8 2H4.2z"/><path d="M10 21h4"/><path d="M3 6.5 5 8M21 6.5 19 8M12 2.5v2"/>',
};

export const CHAR_ICON = {
  nathan: '<path d="M4 14.5h6M2.5 11h6M5 7.5h5"/><path d="M13 4.5l-2.5 7h4.2l-2.2 8 7-10.2h-4.3l2.3-4.8z"/>',
  irene: '<path d="M6.5 3h11M6.5 21h11"/><path d="M8 3c0 4.8 8 4.5 8 9s-8 4.2-8 9M16 3c0 4.8-8 4.5-8 9s8 4.2 8 9"/><path d="M9.8 18.8h4.4"/>',
  edward: '<circle cx="12" cy="12" r="3"/><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"/><circle cx="12" cy="12" r="6.5"/>',
  destiny: '<rect x="3.5" y="3.5" width="17" height="17" rx="3.5"/><circle cx="8.2" cy="8.2" r="1.3" fill="currentColor"/><circle cx="15.8" cy="15.8" r="1.3" fill="currentColor"/><circle cx="12" cy="12" r="1.3" fill="currentColor"/><circle cx="15.8" cy="8.2" r="1.3" fill="currentColor"/><circle cx="8.2" cy="15.8" r="1.3" fill="currentColor"/>',
  ada: '<circle cx="7.5" cy="12" r="4"/><path d="M11.5 12H21.5M18 12v3.5M21 12v2.5"/><circle cx="7.5" cy="12" r="1.2"/>',
};

export const CHAR_COLOUR = { nathan: "#f0932b", irene: "#a86bff", edward: "#22b8a7", destiny: "#ff5fa2", ada: "#e8c547" };

export const BULB = '<path d="M9 17.5h6M10 20.5h4"/><path d="M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.4 1.1 2.2V17h5v-1c0-.8.4-1.6 1.1-2.2A6 6 0 0 0 12 3z"/><path d="M12 7.5v4M10.5 10l1.5 1.5 1.5-1.5"/>';
export const HOURGLASS = '<path d="M6.5 3h11M6.5 21h11"/><path d="M8 3c0 4.8 8 4.5 8 9s-8 4.2-8 9M16 3c0 4.8-8 4.5-8 9s8 4.2 8 9"/>';
export const PASSAGE = '<path d="M12 12m-1.5 0a1.5 1.5 0 1 0 3 0a3 3 0 1 0-6 0a4.5 4.5 0 1 0 9 0a6 6 0 1 0-12 0a7.5 7.5 0 0 0 7.5 7.5"/>';
export const STEPS = '<path d="M7 3.5c1.8 0 2.6 2 2.4 4.3-.2 1.8-.9 3.2-2.4 3.2S4.8 9.6 4.6 7.8C4.4 5.5 5.2 3.5 7 3.5zM5 13h4.4l-.4 2.4c-.2 1-1 1.6-1.9 1.6S5.3 16.4 5.2 15.4z"/><path d="M17 7c1.8 0 2.6 2 2.4 4.3-.2 1.8-.9 3.2-2.4 3.2s-2.2-1.4-2.4-3.2C14.4 9 15.2 7 17 7zM15 16.5h4.4l-.4 2.4c-.2 1-1 1.6-1.9 1.6s-1.8-.6-1.9-1.6z"/>';
export const CLOCK = '<circle cx="12" cy="12" r="8.5"/><path d="M12 7v5l3.5 2"/>';
export const GEM = '<path d="M6.5 4h11l4 5.5L12 21 2.5 9.5z"/><path d="M2.5 9.5h19M9 4l-1.5 5.5L12 21M15 4l1.5 5.5L12 21"/>';
export const VAULT = '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="12" cy="12" r="4"/><path d="M12 8v1.5M12 14.5V16M8 12h1.5M14.5 12H16M6 20v1.5M18 20v1.5"/>';
export const CHEST = '<path d="M3.5 10h17v9.5h-17z"/><path d="M3.5 10a8.5 5 0 0 1 17 0"/><path d="M3.5 13.5h17"/><rect x="10.5" y="12" width="3" height="3.5" rx=".6"/>';
export const OUT_ICON = '<path d="M12 3 5 13h4l-3 5h12l-3-5h4z"/><path d="M12 18v3"/>';

export function icon(body, size = 18, cls = "") {
  return `<svg class="ctl-ico ${cls}" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true">${body}</svg>`;
}

/** A die face for the action die, as an icon body (24×24). */
export function faceIcon(face) {
  if (face === "passage") return PASSAGE;
  if (face === "hourglass") return HOURGLASS;
  if (face === "hourglass_all") {
    return '<g transform="translate(-3.5 1.5) scale(.62)">' + HOURGLASS + '</g><g transform="translate(4.5 -2.5) scale(.62)">' + HOURGLASS +
      '</g><g transform="translate(8.5 8.5) scale(.62)">' + HOURGLASS + "</g>";
  }
  return `<text x="12" y="17.5" text-anchor="middle" font-size="16" font-weight="800" fill="currentColor" stroke="none">${face}</text>`;
}

/** An HTML die (the dice tray and the dice choices). ``die`` is colour | action | clock. */
export function dieHtml(die, value, opts = {}) {
  const cls = ["ctl-die", `ctl-die-${die}`];
  if (opts.cls) cls.push(opts.cls);
  let inner = "";
  if (die === "colour") {
    cls.push(`ctl-c-${value || "none"}`);
    inner = value ? icon(GEM, 28, "ctl-die-gem") : "";
  } else if (die === "action") {
    if (value === "1" || value === "2" || value === "3") inner = `<span class="ctl-die-num">${value}</span>${icon(STEPS, 16, "ctl-die-steps")}`;
    else inner = value ? icon(faceIcon(value), 30) : "";
  } else {
    inner = value ? `<span class="ctl-die-clock">+${value}</span>${icon(CLOCK, 14, "ctl-die-steps")}` : "";
  }
  const attrs = opts.attrs || "";
  const tag = opts.button ? "button" : "span";
  return `<${tag} ${opts.button ? 'type="button"' : ""} class="${cls.join(" ")}" data-die="${die}" ${attrs} title="${opts.title || ""}">${inner}</${tag}>`;
}

/** A meeple path centred on (0,0), about 30 wide and 32 tall. */
export const MEEPLE = "M0-16c4.2 0 6.6 3 6.6 6.6 0 2.2-.9 3.8-2.1 4.9 5.3.8 10.5 2.6 10.5 6.4 0 2.4-3.1 3-6.7 3.3l4.5 9.3c.5 1.1-.3 2.1-1.4 2.1H5.3c-1.1 0-2-.5-2.4-1.5L0 6.6-2.9 15.1c-.4 1-1.3 1.5-2.4 1.5h-6.1c-1.1 0-1.9-1-1.4-2.1l4.5-9.3C-11.9 4.9-15 4.3-15 1.9c0-3.8 5.2-5.6 10.5-6.4-1.2-1.1-2.1-2.7-2.1-4.9C-6.6-13-4.2-16 0-16z";

/** The Professor: a top-hatted figure in a dark cloak, centred on (0,0), about 44 tall. */
export function professorSvg() {
  return `<ellipse class="ctl-prof-shadow" cx="0" cy="20" rx="17" ry="4.5"/>
    <path class="ctl-prof-cloak" d="M-15 19c1-11 4.5-19 15-19s14 8 15 19z"/>
    <path class="ctl-prof-collar" d="M-8 2 0 9 8 2 4 0H-4z"/>
    <circle class="ctl-prof-head" cx="0" cy="-7" r="7.5"/>
    <rect class="ctl-prof-hat" x="-6.5" y="-25" width="13" height="12" rx="1.5"/>
    <rect class="ctl-prof-brim" x="-10.5" y="-14.5" width="21" height="3.2" rx="1.6"/>
    <rect class="ctl-prof-band" x="-6.5" y="-17.5" width="13" height="2.6"/>
    <circle class="ctl-prof-eye" cx="-2.8" cy="-7.5" r="2.1"/><circle class="ctl-prof-eye" cx="2.8" cy="-7.5" r="2.1"/>
    <path class="ctl-prof-grin" d="M-3 -3c1.5 1.4 4.5 1.4 6 0"/>`;
}
