// The open challenges of the player (GET /api/my-challenges; docs/protocol.md, "Challenges"):
// those received, with Accept (the join: the game starts) and Decline, and those sent, with
// Cancel. Shown on /my-games and on the home page (which hides the list while it is empty).
//
//   const ch = mountChallenges(section);  // section: [data-challenges] holding a <ul>
//   ch.refresh();                          // after a lobby socket's "challenges" frame
import { api, esc, gameName, newestOf, t, toast } from "./api.js";
import { setRows } from "./kit/html.js";
import { clockLabel } from "./tableform.js";

function terms(tb) {
  const bits = [esc(t(tb.mode)), esc(clockLabel(tb.time_control))];
  if (tb.stake) bits.push(`<span class="coin"></span>${tb.stake}`);
  return bits.join(" · ");
}

function row(tb, received) {
  const who = received ? t("challenge_from", { name: tb.creator }) : t("challenge_to", { name: tb.to });
  const buttons = received
    ? `<button class="btn btn-primary btn-small" type="button" data-accept="${esc(tb.id)}">${esc(t("accept"))}</button>
       <button class="btn btn-ghost btn-small" type="button" data-decline="${esc(tb.id)}">${esc(t("decline"))}</button>`
    : `<button class="btn btn-ghost btn-small" type="button" data-cancel="${esc(tb.id)}">${esc(t("cancel"))}</button>`;
  return [tb.id, `<li class="chl-row${received ? " received" : " sent"}" data-table="${esc(tb.id)}">
    <a class="cl-who" href="/t/${esc(tb.id)}">${esc(who)}</a>
    <span class="cl-game">${esc(gameName(tb.game))}</span>
    <span class="cl-terms muted">${terms(tb)}</span>
    <span class="cl-actions">${buttons}</span>
  </li>`];
}

/** The challenges list in `box`, loaded at once unless `load` is false (a page whose socket
 *  loads it when it connects). Gives `{refresh}`. */
export function mountChallenges(box, { load = true } = {}) {
  const list = box.querySelector("ul");
  const hideEmpty = box.dataset.hideEmpty === "1";
  let going = false;

  function render({ received = [], sent = [] }) {
    const all = [...received.map((tb) => row(tb, true)), ...sent.map((tb) => row(tb, false))];
    setRows(list, all.length ? all : [["", `<li class="empty">${esc(t("no_challenges"))}</li>`]]);
    box.hidden = hideEmpty && !all.length;
    box.dataset.loaded = "1";
  }

  const refresh = newestOf("/api/my-challenges", render);

  list.addEventListener("click", async (ev) => {
    const b = ev.target.closest("[data-accept], [data-decline], [data-cancel]");
    if (!b || going) return;
    b.disabled = true;
    try {
      if (b.dataset.accept) {
        const { table } = await api(`/api/tables/${b.dataset.accept}/join`, { method: "POST" });
        if (table.game_id) {
          going = true;
          location.href = `/g/${table.game_id}`;
          return;
        }
      } else if (b.dataset.decline) {
        await api(`/api/tables/${b.dataset.decline}/decline`, { method: "POST" });
      } else {
        await api(`/api/tables/${b.dataset.cancel}`, { method: "DELETE" });
      }
    } catch (e) {
      toast(e.message);
    }
    b.disabled = false;
    refresh();
  });

  if (load) refresh();
  return { refresh };
}
