// Every page: theme toggle, logout, "play with the computer", the nav's menus and its toggle on narrow screens.
import { api, ensureSession, gameInfo, toast } from "./api.js";
import { leavingSession } from "./socket.js";
import "./turns.js";

const root = document.documentElement;
const themeBtn = document.getElementById("theme-btn");
if (themeBtn) {
  themeBtn.addEventListener("click", () => {
    const dark = root.dataset.theme === "dark" ||
      (root.dataset.theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    const next = dark ? "light" : "dark";
    root.dataset.theme = next;
    try { localStorage.setItem("donjon-theme", next); } catch (e) { /* private mode */ }
  });
}

// The operators' notice (server/notices.py): hidden on this browser until another is posted.
// Its height is --notice-h, which a board sized to the window's height takes off.
const notice = document.getElementById("site-notice");
if (notice) {
  const noticeHeight = () => root.style.setProperty("--notice-h", `${notice.isConnected ? notice.offsetHeight : 0}px`);
  noticeHeight();
  addEventListener("resize", noticeHeight);
  notice.querySelector(".site-notice-hide").addEventListener("click", () => {
    document.cookie = `notice_seen=${notice.dataset.id}; path=/; max-age=${90 * 86400}; samesite=lax`;
    notice.remove();
    noticeHeight();
  });
}

const logout = document.getElementById("logout-btn");
if (logout) {
  logout.addEventListener("click", async () => {
    try {
      leavingSession();
      await api("/api/logout", { method: "POST" });
      location.href = "/";
    } catch (e) {
      leavingSession(false);
      toast(e.message);
    }
  });
}

// "Play with the computer": one click to a game against the easy bot; a visitor without a
// session becomes a guest first.
for (const btn of document.querySelectorAll("[data-quick-game]")) {
  btn.addEventListener("click", async () => {
    btn.disabled = true;
    try {
      await ensureSession();
      // the game's weakest bot (its bot_levels, weakest first)
      const level = ((gameInfo(btn.dataset.quickGame) || {}).bot_levels || [])[0];
      const r = await api("/api/tables", { method: "POST", body: { game: btn.dataset.quickGame, opponent: "bot", bot_level: level } });
      location.href = r.table.game_id ? `/g/${r.table.game_id}` : `/t/${r.table.id}`;
    } catch (e) {
      toast(e.message);
      btn.disabled = false;
    }
  });
}

// The nav's menus (<details class="navmenu">): one open at a time, closed by a click
// elsewhere or Escape.
const menus = [...document.querySelectorAll("details.navmenu")];
for (const m of menus) {
  m.addEventListener("toggle", () => {
    if (m.open) for (const o of menus) if (o !== m) o.open = false;
  });
}
document.addEventListener("click", (ev) => {
  for (const m of menus) if (m.open && !m.contains(ev.target)) m.open = false;
});
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape") return;
  for (const m of menus) {
    if (m.open) {
      m.open = false;
      m.querySelector("summary").focus();
    }
  }
});

// Narrow screens: the nav folds behind a menu button (site.css) that opens and closes it.
const navToggle = document.getElementById("nav-toggle");
if (navToggle) {
  const bar = navToggle.closest(".topbar");
  const setOpen = (open) => {
    bar.classList.toggle("nav-open", open);
    navToggle.setAttribute("aria-expanded", open ? "true" : "false");
  };
  navToggle.addEventListener("click", (ev) => {
    ev.stopPropagation();
    setOpen(!bar.classList.contains("nav-open"));
  });
  document.addEventListener("click", (ev) => {
    if (bar.classList.contains("nav-open") && !bar.querySelector(".mainnav").contains(ev.target)) setOpen(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && bar.classList.contains("nav-open")) setOpen(false);
  });
}
