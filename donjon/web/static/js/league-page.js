// The league pages' entry module: fills each element marked data-league="profile" |
// "leaderboard" | "shop" | "daily" (the lobby's daily panel) from league.js.
import { mountDaily, mountLeaderboard, mountProfile, mountShop } from "./league.js";

const MOUNTS = { daily: mountDaily, leaderboard: mountLeaderboard, profile: mountProfile, shop: mountShop };

for (const el of document.querySelectorAll("[data-league]")) {
  const mount = MOUNTS[el.dataset.league];
  if (mount) mount();
}
