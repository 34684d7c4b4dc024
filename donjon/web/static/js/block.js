// The Block / Unblock button of another player's profile (donjon/server/blocks.py): blocking
// asks first and says what it does.
import { api, t, toast } from "./api.js";

const btn = document.getElementById("block-btn");
if (btn) {
  const name = btn.dataset.username;
  btn.addEventListener("click", async () => {
    const blocked = btn.dataset.blocked === "1";
    if (!blocked && !confirm(t("block_confirm", { name }))) return;
    btn.disabled = true;
    try {
      if (blocked) await api(`/api/blocks/${encodeURIComponent(name)}`, { method: "DELETE" });
      else await api("/api/blocks", { method: "POST", body: { username: name } });
      btn.dataset.blocked = blocked ? "" : "1";
      btn.textContent = blocked ? t("block") : t("unblock");
      const follow = document.getElementById("follow-btn"); // a block ends a follow (blocks.py)
      if (!blocked && follow && follow.dataset.following === "1") {
        follow.dataset.following = "";
        follow.textContent = t("follow");
      }
      toast(t(blocked ? "unblocked_done" : "blocked_done", { name }), "info");
    } catch (e) {
      toast(e.message);
    } finally {
      btn.disabled = false;
    }
  });
}
