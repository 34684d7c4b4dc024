// The Castel rules page (templates/rules.html): the English/French/Spanish switch, and the
// card tables filled from ./cards.json when the page was rendered without the catalogue.
const root = document.getElementById("cg-rules");
root.querySelectorAll(".cg-rules-lang [data-lang]").forEach((b) => {
  b.addEventListener("click", () => {
    root.querySelectorAll(".cg-rules-lang [data-lang]").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
    root.querySelectorAll("article[lang]").forEach((a) => (a.hidden = a.lang !== b.dataset.lang));
  });
});
const tables = root.querySelectorAll("[data-card-table]");
if ([...tables].some((t) => !t.querySelector("tbody tr"))) {
  const [{ esc }, { BANNER, cardName, cardRequirement, cardText, loadCards }] = await Promise.all([import("../js/kit/html.js"), import("./cards.js")]);
  const { list } = await loadCards();
  tables.forEach((t) => {
    const L = t.dataset.cardTable;
    t.querySelector("tbody").innerHTML = list.map((c) => `<tr><td><span class="cg-zone-swatch" style="background:${BANNER[c.zone]}"></span><b>${esc(cardName(c, L))}</b>${c.copies > 1 ? ` ×${c.copies}` : ""}</td>
      <td>${esc(c[`zone_${L}`] || c.zone_en)}</td><td>${esc(cardRequirement(c, L))}</td><td>${esc(cardText(c, L))}</td></tr>`).join("");
  });
}
