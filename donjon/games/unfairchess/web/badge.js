// The art of a league badge won with an UnfairChess card (GameInfo.badge_module; the
// profile's badge shelf, /static/js/league.js): the card as the catalogue draws it.

import { cardHtml, loadCards } from "./cards.js";

/** The badge's card drawn (an HTML string), or null for a card this catalogue lacks. */
export async function badgeArt(badge, { lang = "en" } = {}) {
  const cat = await loadCards();
  const card = cat.byId[badge.card];
  return card ? `<div class="ucg-catalogue badge-art">${cardHtml(card, { lang })}</div>` : null;
}
