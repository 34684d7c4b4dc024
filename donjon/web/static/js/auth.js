// Login and registration forms.
import { api } from "./api.js";

/** Where to go after logging in: ?next= when it stays on this site, else the lobby. The
 * address is resolved as the browser resolves it (it reads "/\host", and "/" tab "/host", as
 * "//host": another site), and the absolute address is returned, never a path such as
 * "//host" that the browser would read as another site. */
function sameSiteNext(next) {
  if (!next) return "/";
  let url;
  try {
    url = new URL(next, location.origin);
  } catch (e) {
    return "/";
  }
  return url.origin === location.origin ? url.href : "/";
}

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
    location.href = sameSiteNext(new URLSearchParams(location.search).get("next"));
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    btn.disabled = false;
  }
});
