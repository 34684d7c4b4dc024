// The Follow / Unfollow button of another player's profile (donjon/server/follows.py).
import { api, t, toast } from "./api.js";

const btn = document.getElementById("follow-btn");
if (btn) {
  const name = btn.dataset.username;
  btn.addEventListener("click", async () => {
    const following = btn.dataset.following === "1";
    btn.disabled = true;
    try {
      if (following) await api(`/api/follows/${encodeURIComponent(name)}`, { method: "DELETE" });
      else await api("/api/follows", { method: "POST", body: { username: name } });
      btn.dataset.following = following ? "" : "1";
      btn.textContent = following ? t("follow") : t("unfollow");
      toast(t(following ? "unfollowed_done" : "followed_done", { name }), "info");
    } catch (e) {
      toast(e.message);
    } finally {
      btn.disabled = false;
    }
  });
}
