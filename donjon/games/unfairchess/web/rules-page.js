// The UnfairChess rules page (templates/rules.html): the English/French/Spanish switch.
const root = document.getElementById("ucg-rules");
root.querySelectorAll(".ucg-rules-lang button").forEach((b) => {
  b.addEventListener("click", () => {
    root.querySelectorAll("article").forEach((a) => (a.hidden = a.lang !== b.dataset.lang));
    root.querySelectorAll(".ucg-rules-lang button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
  });
});
