// The browser's own notifications of a turn or a challenge, for a player who asked for them on
// this browser (the button of the My games page): shown by a tab out of view (a page in view
// says it with a toast), once whatever the number of such tabs (a Web Lock per event), and a
// click on one opens its game or the challenges. Off unless asked for; the
// browser's permission is asked when the player turns them on, never before.
import { t } from "./api.js";

const KEY = "donjon.notify";
const supported = typeof window.Notification === "function";

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) {
    // storage refused: notifications stay off
  }
}

/** Whether notifications are on for this browser (asked for, and allowed by the browser). */
export function notifying() {
  return supported && stored(KEY) === "on" && Notification.permission === "granted";
}

/** `show()` in the first tab to ask for `tag`: it holds the browser's lock of that name for
 *  30 s, and the site's other tabs asking meanwhile show nothing. Without Web Locks every tab
 *  shows it, and the browser keeps one notification per tag. */
function once(tag, show) {
  if (!navigator.locks) {
    show();
    return;
  }
  navigator.locks.request(`donjon-notify-${tag}`, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    show();
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  });
}

/** Tell the player `title` / `body` while the page is out of view; a click opens `url`. */
export function notify(tag, title, body, url) {
  if (!notifying() || !document.hidden) return;
  once(tag, () => {
    const icon = document.querySelector("link[rel=icon]");
    const n = new Notification(title, { body, tag, icon: icon ? icon.href : undefined });
    n.onclick = () => {
      window.focus();
      if (location.pathname !== url) location.href = url;
      n.close();
    };
  });
}

/** The on/off button `btn` (its `state` line says why when the browser refuses). */
export function notifyButton(btn, state) {
  if (!btn) return;
  if (!supported) {
    state.textContent = t("notify_unsupported");
    return;
  }
  const draw = () => {
    const on = notifying();
    btn.textContent = on ? t("notify_off") : t("notify_on");
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    state.textContent = t(Notification.permission === "denied" ? "notify_denied" : "notify_note");
  };
  btn.addEventListener("click", async () => {
    if (notifying()) {
      store(KEY, null);
    } else {
      store(KEY, "on");
      if (Notification.permission === "default") await Notification.requestPermission();
      if (Notification.permission !== "granted") store(KEY, null);
    }
    draw();
  });
  btn.hidden = false;
  draw();
}
