// League pages: the lobby's daily panel (bonus + challenges), the profile, the leaderboard
// and the hat shop. Each mount* function fills its page from the league's JSON API:
//   GET /api/me (daily), POST /api/daily/claim, GET /api/challenges, POST /api/challenges/{id}/claim,
//   GET /api/users/{name}/profile, GET /api/leaderboard/{game},
//   GET /api/shop, POST /api/shop/buy {hat}, POST /api/hats/equip {hat|null}.
// Hats are drawn from ./hats.js (generated from donjon/league/hats.py).

import { api, boot, esc, gameInfo, gameName, lang, playerName, t, toast } from "./api.js";
import { HATS } from "./hats.js";
import { KING } from "./king.js";

const L = (o) => (o && typeof o === "object" ? o[lang] || o.en || "" : String(o ?? ""));
const hatName = (id) => (HATS[id] ? HATS[id][`name_${lang}`] || HATS[id].name_en : id);
/** A day (YYYY-MM-DD) from POSIX seconds or an ISO string; "" when unknown. */
function day(v) {
  if (v === null || v === undefined || v === "") return "";
  const d = typeof v === "number" ? new Date(v * 1000) : new Date(v);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "±0");

/** A king wearing a hat, as an inline SVG (the shop, the profile). */
export function kingWithHat(id, { size = 64, color = "w", cls = "" } = {}) {
  const hat = HATS[id];
  return `<svg class="hat-king ${cls}" viewBox="0 0 45 45" width="${size}" height="${size}" aria-hidden="true">${KING[color]}${hat ? hat.svg : ""}</svg>`;
}

/** The hat alone, cropped to its box (next to a name). */
export function hatIcon(id, size = 22) {
  const hat = HATS[id];
  if (!hat) return "";
  return `<svg class="hat-icon" data-hat="${esc(id)}" viewBox="7 0 31 15" width="${size * 2}" height="${size}" role="img" aria-label="${esc(hatName(id))}"><title>${esc(hatName(id))}</title>${hat.svg}</svg>`;
}

/** Show a new balance everywhere it appears on the page (top bar, shop, own profile). */
export function setBalance(n) {
  if (typeof n !== "number") return;
  if (boot.user) boot.user.balance = n;
  const top = document.querySelector(".userbox .coins");
  if (top) top.innerHTML = `<span class="coin" aria-hidden="true"></span>${n}`;
  for (const el of document.querySelectorAll("#shop-balance, [data-own-balance]")) el.textContent = String(n);
}

function gameLabel(game) {
  return !game || game === "any" ? t("ch_any") : gameName(game);
}

// ---------------------------------------------------------------- daily panel (lobby)

export async function mountDaily() {
  const bonusEl = document.getElementById("daily-bonus");
  const listEl = document.getElementById("challenge-list");
  if (!bonusEl || !listEl) return;
  let daily = null;
  let board = null;

  function renderBonus() {
    const title = `<h3>${esc(t("daily_bonus"))}</h3>`;
    if (!daily) {
      bonusEl.innerHTML = title;
      return;
    }
    bonusEl.dataset.claimed = daily.claimed ? "1" : "0";
    bonusEl.innerHTML = daily.claimed
      ? `${title}<p class="daily-done"><span class="check" aria-hidden="true">✓</span>${esc(t("daily_claimed"))}</p>`
      : `${title}<button class="btn btn-primary daily-claim" id="daily-claim" type="button"><span class="coin" aria-hidden="true"></span>${esc(t("daily_claim", { n: daily.amount }))}</button>
         <p class="hint">${esc(t("daily_note"))}</p>`;
  }

  function renderChallenges() {
    if (!board) return;
    const rows = board.challenges || [];
    if (!rows.length) {
      listEl.innerHTML = `<li class="empty">—</li>`;
      return;
    }
    listEl.innerHTML = rows.map((c) => {
      const pct = c.goal ? Math.min(100, Math.round((100 * c.progress) / c.goal)) : 0;
      const action = c.claimed
        ? `<span class="pill ch-claimed">✓ ${esc(t("ch_claimed"))}</span>`
        : c.done
          ? `<button class="btn btn-small btn-primary" type="button" data-claim="${esc(c.id)}">${esc(t("ch_claim"))} <span class="coin"></span>${c.reward}</button>`
          : `<span class="pill pill-gold" title="${esc(t("coins"))}"><span class="coin"></span>${esc(t("ch_reward", { n: c.reward }))}</span>`;
      return `<li class="challenge${c.done ? " done" : ""}${c.claimed ? " claimed" : ""}" data-challenge="${esc(c.id)}">
        <div class="ch-top"><span class="ch-game">${esc(gameLabel(c.game))}</span><span class="ch-text">${esc(L(c.text))}</span>${action}</div>
        <div class="ch-bar" role="progressbar" aria-label="${esc(L(c.text))}" aria-valuemin="0" aria-valuemax="${c.goal}" aria-valuenow="${c.progress}"><i style="width:${pct}%"></i></div>
        <div class="ch-count">${c.progress} / ${c.goal}</div>
      </li>`;
    }).join("") + `<li class="ch-foot muted small">${esc(t("ch_new_day"))}</li>`;
  }

  bonusEl.addEventListener("click", async (ev) => {
    const btn = ev.target.closest("#daily-claim");
    if (!btn) return;
    btn.disabled = true;
    try {
      const r = await api("/api/daily/claim", { method: "POST" });
      setBalance(r.balance);
      toast(t("daily_got", { n: r.amount }), "ok");
      daily = { claimed: true, amount: r.amount };
    } catch (e) {
      if (e.status === 409) daily = { ...daily, claimed: true };
      else toast(e.message);
    }
    renderBonus();
  });

  listEl.addEventListener("click", async (ev) => {
    const btn = ev.target.closest("[data-claim]");
    if (!btn) return;
    btn.disabled = true;
    try {
      const r = await api(`/api/challenges/${encodeURIComponent(btn.dataset.claim)}/claim`, { method: "POST" });
      setBalance(r.balance);
      toast(t("daily_got", { n: r.reward }), "ok");
    } catch (e) {
      toast(e.message);
    }
    await loadChallenges();
  });

  async function loadChallenges() {
    try {
      board = await api("/api/challenges");
    } catch (e) {
      listEl.innerHTML = `<li class="empty">${esc(e.message)}</li>`;
      return;
    }
    renderChallenges();
  }

  try {
    const me = await api("/api/me");
    daily = me.daily || (me.user && me.user.daily) || null;
    if (me.user) setBalance(me.user.balance);
  } catch (e) {
    bonusEl.innerHTML = `<h3>${esc(t("daily_bonus"))}</h3><p class="form-error">${esc(e.message)}</p>`;
  }
  if (daily) renderBonus();
  await loadChallenges();
}

// ---------------------------------------------------------------- leaderboard

export async function mountLeaderboard() {
  const table = document.getElementById("leaderboard");
  if (!table) return;
  const body = table.querySelector("tbody");
  const game = table.dataset.game;
  // the speed filter: the players with rated games of that speed (one Elo per game)
  const speedSel = document.getElementById("lb-speed");
  const wanted = new URLSearchParams(location.search).get("speed") || "";
  if (speedSel && !speedSel.dataset.bound) {
    speedSel.dataset.bound = "1";
    speedSel.value = wanted;
    speedSel.addEventListener("change", () => {
      const u = new URL(location.href);
      if (speedSel.value) u.searchParams.set("speed", speedSel.value);
      else u.searchParams.delete("speed");
      history.replaceState(null, "", u);
      mountLeaderboard();
    });
  }
  const speed = speedSel ? speedSel.value : wanted;
  let data;
  try {
    data = await api(`/api/leaderboard/${encodeURIComponent(game)}${speed ? `?speed=${encodeURIComponent(speed)}` : ""}`);
  } catch (e) {
    body.innerHTML = `<tr><td colspan="4" class="empty">${esc(e.message)}</td></tr>`;
    return;
  }
  const rows = data.rows || [];
  if (!rows.length) {
    body.innerHTML = `<tr><td colspan="4" class="empty">${esc(t("no_rated"))}</td></tr>`;
    return;
  }
  const me = boot.user && boot.user.username;
  body.innerHTML = rows.map((r) => `<tr class="${r.username === me ? "me" : ""}${r.rank <= 3 ? ` top top-${r.rank}` : ""}" data-user="${esc(r.username)}">
      <td class="lb-rank">${r.rank}</td>
      <td class="lb-name"><a href="/profile/${encodeURIComponent(r.username)}">${esc(r.username)}</a>${r.hat ? hatIcon(r.hat, 14) : ""}</td>
      <td class="num lb-rating">${r.rating}${r.provisional ? `<span class="prov" title="${esc(t("provisional"))}">?</span>` : ""}</td>
      <td class="num">${r.games}</td>
    </tr>`).join("");
}

// ---------------------------------------------------------------- shop

export async function mountShop() {
  const grid = document.getElementById("hat-grid");
  if (!grid) return;
  const member = !!(boot.user && !boot.user.guest);
  let shop = null;

  function render() {
    const rows = shop
      ? shop.hats
      : Object.entries(HATS).map(([id, h]) => ({ id, name: { en: h.name_en, fr: h.name_fr, es: h.name_es }, price: h.price, owned: false, equipped: false }));
    const balance = shop ? shop.balance : null;
    grid.innerHTML = rows.map((h) => {
      let btn;
      // a visitor cannot buy; a member's buttons wait for the shop's answer (balance, owned hats)
      if (!member || !shop) btn = `<button class="btn btn-small" type="button" disabled>${esc(t("buy"))}</button>`;
      else if (h.equipped) btn = `<button class="btn btn-small btn-ghost" type="button" data-unequip="${esc(h.id)}">${esc(t("unequip"))}</button>`;
      else if (h.owned) btn = `<button class="btn btn-small btn-primary" type="button" data-equip="${esc(h.id)}">${esc(t("equip"))}</button>`;
      else {
        const poor = balance !== null && h.price > balance;
        btn = `<button class="btn btn-small${poor ? "" : " btn-primary"}" type="button" data-buy="${esc(h.id)}" ${poor ? `disabled title="${esc(t("too_expensive"))}"` : ""}>${esc(t("buy"))}</button>`;
      }
      const state = h.equipped ? `<span class="pill pill-on">${esc(t("worn"))}</span>` : h.owned ? `<span class="pill">${esc(t("owned"))}</span>` : "";
      return `<li class="hat-item${h.owned ? " owned" : ""}${h.equipped ? " equipped" : ""}" data-hat="${esc(h.id)}">
        <div class="hat-preview">${kingWithHat(h.id, { size: 84 })}${kingWithHat(h.id, { size: 84, color: "b" })}</div>
        <div class="hat-name">${esc(L(h.name) || hatName(h.id))}</div>
        <div class="hat-foot"><span class="hat-price"><span class="coin"></span>${h.price}</span>${state}${btn}</div>
      </li>`;
    }).join("");
    grid.dataset.loaded = shop || !member ? "1" : "";
  }

  async function load() {
    if (member) {
      try {
        shop = await api("/api/shop");
        setBalance(shop.balance);
      } catch (e) {
        toast(e.message);
      }
    }
    render();
  }

  grid.addEventListener("click", async (ev) => {
    const btn = ev.target.closest("[data-buy], [data-equip], [data-unequip]");
    if (!btn || btn.disabled) return;
    if (btn.dataset.buy) {
      const hat = ((shop && shop.hats) || []).find((h) => h.id === btn.dataset.buy);
      if (!confirm(t("confirm_buy", { name: hatName(btn.dataset.buy), price: hat ? hat.price : "?" }))) return;
    }
    grid.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    try {
      if (btn.dataset.buy) {
        const r = await api("/api/shop/buy", { method: "POST", body: { hat: btn.dataset.buy } });
        setBalance(r.balance);
        toast(t("bought", { name: hatName(btn.dataset.buy) }), "ok");
      } else if (btn.dataset.equip) {
        await api("/api/hats/equip", { method: "POST", body: { hat: btn.dataset.equip } });
        toast(t("wearing", { name: hatName(btn.dataset.equip) }), "ok");
      } else {
        await api("/api/hats/equip", { method: "POST", body: { hat: null } });
        toast(t("hat_off"), "ok");
      }
    } catch (e) {
      toast(e.message);
    }
    await load();
  });

  render();
  await load();
}

// ---------------------------------------------------------------- profile

/** The rating history as an inline SVG line chart (no library). */
export function ratingChart(history, { width = 360, height = 120, start = 1400 } = {}) {
  const pts = [{ rating: start, at: null, game_id: null }, ...(history || [])];
  const ys = pts.map((p) => p.rating);
  let lo = Math.min(...ys);
  let hi = Math.max(...ys);
  if (hi - lo < 40) {
    const mid = (hi + lo) / 2;
    lo = mid - 20;
    hi = mid + 20;
  }
  const padL = 38;
  const padR = 8;
  const padY = 10;
  const x = (i) => padL + (pts.length === 1 ? 0 : (i * (width - padL - padR)) / (pts.length - 1));
  const y = (r) => padY + ((hi - r) * (height - 2 * padY)) / (hi - lo);
  const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const area = `${padL},${height - padY} ${line} ${x(pts.length - 1).toFixed(1)},${height - padY}`;
  const dots = pts.map((p, i) => {
    const when = day(p.at);
    const label = i === 0 ? `${start}` : `${when} · ${p.rating} (${signed(p.rating - pts[i - 1].rating)})`;
    return `<circle cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="${i === pts.length - 1 ? 4 : 2.6}" class="${i === pts.length - 1 ? "last" : ""}"><title>${esc(label)}</title></circle>`;
  }).join("");
  const grid = [hi, lo].map((r) => `<line x1="${padL}" x2="${width - padR}" y1="${y(r).toFixed(1)}" y2="${y(r).toFixed(1)}"/>
    <text x="${padL - 5}" y="${(y(r) + 4).toFixed(1)}" text-anchor="end">${Math.round(r)}</text>`).join("");
  return `<svg class="rating-chart" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" role="img" aria-label="${esc(t("rating_history"))}">
    <g class="grid">${grid}</g><polygon class="area" points="${area}"/><polyline class="line" points="${line}"/><g class="dots">${dots}</g></svg>`;
}

// Each game's badge module (GameInfo.badge_module, boot.games[…].web.badge), loaded once.
const badgeModules = new Map();
function badgeModule(game) {
  if (!badgeModules.has(game)) {
    const url = (gameInfo(game) || { web: {} }).web.badge;
    badgeModules.set(game, url ? import(url).catch(() => null) : Promise.resolve(null));
  }
  return badgeModules.get(game);
}

// A badge's art: its game's drawing of the card, else the card's name on a plain tile.
async function badgeArt(b) {
  const mod = await badgeModule(b.game);
  const art = mod ? await Promise.resolve().then(() => mod.badgeArt({ card: b.card, name: b.name }, { lang })).catch(() => null) : null;
  return art || `<div class="badge-art badge-plain"><span>${esc(L(b.name) || b.card)}</span></div>`;
}

export async function mountProfile() {
  const username = boot.profile;
  const grid = document.getElementById("rating-grid");
  const shelf = document.getElementById("badge-shelf");
  const hatRow = document.getElementById("hat-row");
  const recent = document.getElementById("recent-games");
  let data;
  try {
    data = await api(`/api/users/${encodeURIComponent(username)}/profile`);
  } catch (e) {
    for (const el of [grid, shelf, hatRow]) el.innerHTML = `<p class="form-error">${esc(e.message)}</p>`;
    recent.innerHTML = "";
    return;
  }
  const user = data.user || {};
  const own = !!(boot.user && boot.user.username === user.username);
  const bal = document.getElementById("profile-balance");
  if (bal) {
    bal.textContent = String(user.balance ?? 0);
    if (own) bal.dataset.ownBalance = "1";
  }
  const hatEl = document.getElementById("profile-hat");
  if (hatEl && user.hat) hatEl.innerHTML = hatIcon(user.hat, 20);

  // ratings
  const games = Object.keys(data.ratings || {});
  const order = [...(boot.rated_games || []), ...games.filter((g) => !(boot.rated_games || []).includes(g))];
  grid.innerHTML = order.filter((g) => (boot.rated_games || []).includes(g) || data.ratings[g]).map((g) => {
    const r = data.ratings[g];
    const link = `<a class="small" href="/leaderboard/${esc(g)}">${esc(t("leaderboard_title"))} →</a>`;
    if (!r || !r.games) {
      return `<div class="rating-card" data-game="${esc(g)}"><div class="rc-head"><h3>${esc(gameName(g))}</h3>${link}</div>
        <div class="rc-value muted">${r ? r.rating : 1400}<span class="prov" title="${esc(t("provisional"))}">?</span></div>
        <p class="muted small">${esc(t("unrated"))}</p></div>`;
    }
    const hist = r.history || [];
    const prev = hist.length > 1 ? hist[hist.length - 2].rating : 1400;
    const last = hist.length ? hist[hist.length - 1].rating - prev : 0;
    return `<div class="rating-card" data-game="${esc(g)}">
      <div class="rc-head"><h3>${esc(gameName(g))}</h3>${link}</div>
      <div class="rc-value"><span class="rc-rating">${r.rating}</span>${r.provisional ? `<span class="prov" title="${esc(t("provisional"))}">?</span>` : ""}
        ${hist.length ? `<span class="delta ${last > 0 ? "up" : last < 0 ? "down" : ""}" data-delta="${last}" title="${esc(t("elo_change"))}">${signed(last)}</span>` : ""}</div>
      <div class="muted small">${esc(r.games === 1 ? t("n_games_1") : t("n_games", { n: r.games }))}</div>
      ${ratingChart(hist)}
    </div>`;
  }).join("") || `<p class="muted">${esc(t("unrated"))}</p>`;

  // hats
  const hats = data.hats || [];
  hatRow.innerHTML = hats.length
    ? hats.map((id) => `<div class="hat-owned${id === user.hat ? " equipped" : ""}" data-hat="${esc(id)}">${kingWithHat(id, { size: 56 })}<span>${esc(hatName(id))}</span>${id === user.hat ? `<span class="pill pill-on">${esc(t("worn"))}</span>` : ""}</div>`).join("")
    : `<p class="muted">${esc(t("hats_none"))}${own ? ` <a href="/shop">${esc(t("visit_shop"))} →</a>` : ""}</p>`;

  // recent games, filtered by speed (the select above the list)
  const speedSel = document.getElementById("recent-speed");
  if (speedSel && !speedSel.dataset.bound) {
    speedSel.dataset.bound = "1";
    speedSel.addEventListener("change", () => mountProfile());
  }
  const rows = (data.recent || []).filter((g) => !speedSel || !speedSel.value || g.speed === speedSel.value);
  recent.innerHTML = rows.length
    ? rows.map((g) => {
      const res = ["win", "loss", "draw", "aborted", "abandoned"].includes(g.result) ? g.result : "other";
      const rc = typeof g.rating_change === "number"
        ? `<span class="delta ${g.rating_change > 0 ? "up" : g.rating_change < 0 ? "down" : ""}" data-delta="${g.rating_change}" title="${esc(t("elo_change"))}">${signed(g.rating_change)}</span>`
        : "";
      const cc = g.coin_change
        ? `<span class="delta coins ${g.coin_change > 0 ? "up" : "down"}" data-coins="${g.coin_change}" title="${esc(t("coin_change"))}"><span class="coin"></span>${signed(g.coin_change)}</span>`
        : "";
      const opponents = (g.opponents || []).map((o, i) => ({ ...o, seat: i }));  // in seat order: bots of a level numbered
      const opp = opponents.map((o) => esc(playerName(o, opponents))).join(", ");
      return `<li data-game-id="${esc(g.game_id)}"><a href="/g/${encodeURIComponent(g.game_id)}/replay">
        <span class="gl-kind">${esc(gameName(g.game))}</span>
        <span class="gl-players"><i>${esc(t("vs"))}</i> ${opp}</span>
        <span class="gl-meta">${esc(t(g.mode))}${day(g.ended_at) ? ` · ${day(g.ended_at)}` : ""}</span>
        <span class="gl-result res-${res}">${esc(t(`res_${res}`))} ${rc} ${cc}</span>
      </a></li>`;
    }).join("")
    : `<li class="empty">${esc(t("no_games"))}</li>`;

  // badges (with the card's art)
  const badges = (data.badges || []).filter((b) => b.tier);
  if (!badges.length) {
    shelf.innerHTML = `<p class="muted">${esc(t("badges_none"))}</p>`;
    return;
  }
  const rank = { gold: 0, silver: 1, bronze: 2 };
  badges.sort((a, b) => (a.game.localeCompare(b.game)) || (rank[a.tier] - rank[b.tier]) || (b.plays - a.plays));
  const arts = await Promise.all(badges.map(badgeArt));
  shelf.innerHTML = badges.map((b, i) => `<figure class="badge tier-${esc(b.tier)}" data-game="${esc(b.game)}" data-card="${esc(b.card)}" data-tier="${esc(b.tier)}">
      ${arts[i]}
      <figcaption><b><span class="tier-medal" aria-hidden="true"></span>${esc(t(`tier_${b.tier}`))}</b>
        <span class="badge-name">${esc(L(b.name))}</span><span class="badge-plays">${esc(t("plays", { n: b.plays }))}</span></figcaption>
    </figure>`).join("");
}
