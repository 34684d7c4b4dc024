// Small helpers shared by every page: boot data, i18n, JSON fetch, toasts.

const bootEl = document.getElementById("boot");
export const boot = bootEl ? JSON.parse(bootEl.textContent) : { lang: "en", t: {}, user: null };
export const lang = boot.lang || "en";

export function t(key, vars = {}) {
  let s = (boot.t && boot.t[key]) || key;
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(typeof msg === "string" ? msg : JSON.stringify(msg), res.status, data && data.code);
  }
  return data;
}

export function toast(message, kind = "error", ms = 4500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  el.textContent = message;
  box.appendChild(el);
  requestAnimationFrame(() => el.classList.add("show"));
  setTimeout(() => {
    el.classList.remove("show");
    setTimeout(() => el.remove(), 300);
  }, ms);
}

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}

export function gameName(kind) {
  return { unfairchess: "UnfairChess", castel: "Castel", citadel: lang === "fr" ? "Citadelle" : "Citadel" }[kind] || kind;
}

export function resultText(game) {
  const o = game.outcome;
  if (!o) return "…";
  if (o.draw) return "½–½";
  if (o.winners && o.winners.length === 1) return o.winners[0] === 0 ? "1–0" : "0–1";
  return "—";
}
