// The art of a league badge won with a Castel card (GameInfo.badge_module; the profile's
// badge shelf, /static/js/league.js). A badge names a card or a kind of card (every
// soldier is one kind): a kind is drawn as its first card.

import { cardHtml, kindOf, loadCards } from "./cards.js";

/** The badge's card drawn (an HTML string), or null for a card this catalogue lacks. */
export async function badgeArt(badge, { lang = "en" } = {}) {
  const cat = await loadCards();
  const card = cat.byId[badge.card] || cat.list.find((c) => kindOf(c.id) === badge.card);
  return card ? `<div class="cg-catalogue badge-art">${cardHtml(card, { lang, size: "hand" })}</div>` : null;
}
