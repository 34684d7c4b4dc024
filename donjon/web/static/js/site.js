// Every page: theme toggle, logout, "play as guest".
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
