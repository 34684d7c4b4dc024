// The Citadel rules page (templates/rules.html): the English/French/Spanish switch.
const root = document.getElementById("ctl-rules");
root.querySelectorAll(".ctl-rules-lang button").forEach((b) => {
  b.addEventListener("click", () => {
    root.querySelectorAll("article").forEach((a) => (a.hidden = a.lang !== b.dataset.lang));
    root.querySelectorAll(".ctl-rules-lang button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
  });
});
