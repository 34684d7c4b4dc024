// Every page: theme toggle, logout, "play as guest", the nav's menus.
import { api, toast } from "./api.js";

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

const logout = document.getElementById("logout-btn");
if (logout) {
  logout.addEventListener("click", async () => {
    try {
      await api("/api/logout", { method: "POST" });
      location.href = "/";
    } catch (e) {
      toast(e.message);
    }
  });
}

const guest = document.getElementById("guest-btn");
if (guest) {
  guest.addEventListener("click", async () => {
    guest.disabled = true;
    try {
      await api("/api/guest", { method: "POST" });
      location.reload();
    } catch (e) {
      toast(e.message);
      guest.disabled = false;
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
