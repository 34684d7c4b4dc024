// The account page (/account): change your password, see where you are logged in, log out
// everywhere else, close the account (donjon/server/account.py), unblock the players you
// blocked (blocks.py). A guest's page only says how to sign up, and lists whom they blocked.
import { api, boot, t, toast } from "./api.js";
import { leavingSession } from "./socket.js";

const list = document.getElementById("session-list");
const endOthers = document.getElementById("end-others");
const sessionsDone = document.getElementById("sessions-done");
const form = document.getElementById("password-form");
const closing = document.getElementById("close-form");

const when = (seconds) => new Date(seconds * 1000).toLocaleString(boot.lang, { dateStyle: "medium", timeStyle: "short" });
const day = (seconds) => new Date(seconds * 1000).toLocaleDateString(boot.lang, { dateStyle: "medium" });

function showSessions(sessions) {
  if (!list) return;
  list.replaceChildren(...sessions.map((s) => {
    const li = document.createElement("li");
    li.className = s.current ? "current" : "";
    const since = document.createElement("span");
    since.textContent = t("session_since", { date: when(s.started) });
    const until = document.createElement("span");
    until.className = "muted";
    until.textContent = t("session_until", { date: day(s.expires) });
    li.append(since, until);
    if (s.current) {
      const here = document.createElement("span");
      here.className = "pill";
      here.textContent = t("session_here");
      li.append(here);
    }
    return li;
  }));
  const others = sessions.filter((s) => !s.current).length;
  endOthers.disabled = others === 0;
  endOthers.title = others === 0 ? t("only_here") : "";
}

async function reload() {
  showSessions((await api("/api/account")).sessions);
}

function say(el, text) {
  el.textContent = text;
  el.hidden = false;
}

if (list) {
  showSessions(boot.sessions || []);
  endOthers.addEventListener("click", async () => {
    endOthers.disabled = true;
    sessionsDone.hidden = true;
    try {
      const { ended } = await api("/api/account/sessions/end-others", { method: "POST" });
      say(sessionsDone, t("others_ended", { n: ended }));
    } catch (e) {
      say(sessionsDone, e.message);
    }
    await reload();
  });
}

if (form) {
  const err = form.querySelector(".form-error");
  const done = form.querySelector(".form-done");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    done.hidden = true;
    const data = Object.fromEntries(new FormData(form));
    if (data.new !== data.again) {
      say(err, t("passwords_differ"));
      return;
    }
    const btn = form.querySelector("button[type=submit]");
    btn.disabled = true;
    try {
      const { ended } = await api("/api/account/password", { method: "POST", body: { current: data.current, new: data.new } });
      form.reset();
      say(done, t("password_changed", { n: ended }));
      await reload();
    } catch (e) {
      say(err, e.code === "wrong_password" ? t("wrong_password") : e.message);
    } finally {
      btn.disabled = false;
    }
  });
}

if (closing) {
  const err = closing.querySelector(".form-error");
  closing.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    if (!confirm(closing.dataset.confirm)) return;
    const btn = closing.querySelector("button[type=submit]");
    btn.disabled = true;
    leavingSession(); // its sockets close with the session: this page goes to the home page itself
    try {
      await api("/api/account/close", { method: "POST", body: { password: closing.elements.password.value } });
      location.href = "/";
    } catch (e) {
      say(err, ["wrong_password", "games_in_progress"].includes(e.code) ? t(e.code) : e.message);
      leavingSession(false);
      btn.disabled = false;
    }
  });
}

const blockedList = document.getElementById("blocked-list");

function showBlocked(blocked) {
  if (!blocked.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("blocked_none");
    blockedList.replaceChildren(li);
    return;
  }
  blockedList.replaceChildren(...blocked.map((b) => {
    const li = document.createElement("li");
    const who = document.createElement("a");
    who.href = `/profile/${encodeURIComponent(b.username)}`;
    who.textContent = b.username;
    const since = document.createElement("span");
    since.className = "muted";
    since.textContent = t("blocked_since", { date: day(b.since) });
    const undo = document.createElement("button");
    undo.type = "button";
    undo.className = "btn btn-small";
    undo.dataset.unblock = b.username;
    undo.textContent = t("unblock");
    undo.addEventListener("click", async () => {
      undo.disabled = true;
      try {
        await api(`/api/blocks/${encodeURIComponent(b.username)}`, { method: "DELETE" });
        toast(t("unblocked_done", { name: b.username }), "info");
        showBlocked((await api("/api/blocks")).blocked);
      } catch (e) {
        toast(e.message);
        undo.disabled = false;
      }
    });
    li.append(who, since, undo);
    return li;
  }));
}

if (blockedList) showBlocked(boot.blocked || []);
