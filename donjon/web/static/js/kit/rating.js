// A player's Elo beside their name on a board, in a ranked game in play. The shell gives each
// board its players (`opts.players[seat]`: {name, hat, rating}); `rating` is
// {rating, provisional} or null (a friendly game, a bot, a game not rated):
//
//   import { ratingHtml } from "/static/js/kit/rating.js";
//   ratingHtml({ name: "alice", rating: { rating: 1420, provisional: true } })  // '<span class="kit-rating" …>1420?</span>'
//   ratingHtml({ name: "Bot (easy)", rating: null })                            // ""
//
// A provisional rating (fewer than ten ranked games) is marked "?", as chess sites do.

import { esc } from "./html.js";

/** The player's rating as a small label, or "" when it has none. */
export function ratingHtml(player) {
  const r = player && player.rating;
  if (!r || typeof r.rating !== "number") return "";
  return `<span class="kit-rating" title="Elo">${esc(String(r.rating))}${r.provisional ? "?" : ""}</span>`;
}
