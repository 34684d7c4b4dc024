// A report to the site's operators (server/reports.py): the button `btn` shows and hides the
// form of partials/report_form.html inside `box`; a sent report hides it and says thanks.
import { api, t, toast } from "./api.js";

export function reportButton(btn, box) {
  if (!btn || !box) return;
  const form = box.querySelector("form.report-form");
  const error = form.querySelector(".form-error");
  const show = (on) => {
    box.hidden = !on;
    btn.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) form.querySelector("select, textarea").focus();
  };
  btn.addEventListener("click", () => show(box.hidden));
  form.querySelector("[data-cancel]").addEventListener("click", () => show(false));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const body = { username: data.get("username"), reason: data.get("reason"), text: data.get("text") || "" };
    if (form.dataset.game) body.game = form.dataset.game;
    const send = form.querySelector("button[type=submit]");
    send.disabled = true;
    error.hidden = true;
    try {
      await api("/api/reports", { method: "POST", body });
      form.reset();
      show(false);
      toast(t("report_done"), "info");
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    } finally {
      send.disabled = false;
    }
  });
}

// a profile's Report button, and the one of a game's chat card
reportButton(document.getElementById("report-btn"), document.getElementById("report-box"));
reportButton(document.getElementById("chat-report"), document.getElementById("chat-report-box"));
