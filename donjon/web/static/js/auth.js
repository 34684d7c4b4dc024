// Login and registration forms.
import { api } from "./api.js";

const form = document.getElementById("auth-form");
const err = form.querySelector(".form-error");
form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  err.hidden = true;
  const data = Object.fromEntries(new FormData(form));
  const btn = form.querySelector("button[type=submit]");
  btn.disabled = true;
  try {
    await api(form.dataset.mode === "login" ? "/api/login" : "/api/register", { method: "POST", body: data });
    const next = new URLSearchParams(location.search).get("next");
    location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    btn.disabled = false;
  }
});
