// A profile's Challenge button: it opens the challenge form (the home page's table form for
// two people, templates/partials/table_form.html) and sends a table addressed to this player
// (POST /api/tables with `to`); the challenger then waits on the table's page.
import { api, ensureSession } from "./api.js";
import { tableForm } from "./tableform.js";

const btn = document.getElementById("challenge-btn");
const box = document.getElementById("challenge-box");
const form = document.getElementById("challenge-form");
const err = form.querySelector(".form-error");
const tf = tableForm(form);

btn.addEventListener("click", () => {
  box.hidden = !box.hidden;
  btn.setAttribute("aria-expanded", String(!box.hidden));
  if (!box.hidden) {
    tf.sync();
    box.scrollIntoView({ block: "nearest" });
    form.elements.game.focus();
  }
});

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  err.hidden = true;
  const submit = form.querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    await ensureSession();
    const { table } = await api("/api/tables", { method: "POST", body: { ...tf.body(), to: box.dataset.to } });
    location.href = table.game_id ? `/g/${table.game_id}` : `/t/${table.id}`;
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    submit.disabled = false;
  }
});
