// The page of a board's dev harness: each game's web/dev.html is only its title and this
// script, which draws the page the harness (./devharness.js) runs in, then imports the game's
// ./dev.js beside the page.
//
//   <!doctype html>
//   <meta charset="utf-8">
//   <title>Chess board · dev harness</title>
//   <script type="module" src="../js/kit/devpage.js" data-langs="en fr"
//     data-live="?live=1 live game vs a bot | ?live=1&amp;players=3 live 3-player game"></script>
//
// The bar is headed by the title's first word ("Chess dev"). data-langs: the languages of the
// Lang menu; data-live: links to live games, "|" between two, each its query then its text.
// The page gets the bar (fixture menu #fx, #lang, ◀ #step ▶, the links, #sent: the last action
// sent), the board's element #game, the kit's dev.css and the game's own ./dev.css (its
// colours and width).

import { loadCss } from "./css.js";
import { esc } from "./html.js";

const me = document.querySelector("script[src$='/devpage.js']");
const langs = (me.dataset.langs || "en").split(/\s+/).filter(Boolean);
const links = (me.dataset.live || "").split("|").map((s) => s.trim()).filter(Boolean).map((s) => {
  const at = s.indexOf(" ");
  return `<a href="${esc(s.slice(0, at))}">${esc(s.slice(at + 1))}</a>`;
});

document.documentElement.lang ||= "en";
const viewport = document.createElement("meta");
viewport.name = "viewport";
viewport.content = "width=device-width, initial-scale=1";
document.head.appendChild(viewport);
if (!document.querySelector("link[rel~='icon']")) document.head.insertAdjacentHTML("beforeend", '<link rel="icon" href="data:,">');
await Promise.all([loadCss(new URL("./dev.css", import.meta.url)), loadCss(new URL("./dev.css", document.baseURI))]);

const name = document.title.replace(/ board\b.*$/, "").replace(/ · .*$/, "");
document.body.insertAdjacentHTML("afterbegin", `<div id="bar">
  <b>${esc(name)} dev</b>
  <label>Fixture <select id="fx"></select></label>
  <label>Lang <select id="lang">${langs.map((l) => `<option>${esc(l)}</option>`).join("")}</select></label>
  <button id="prev" type="button">◀</button><span id="step"></span><button id="next" type="button">▶</button>
  ${links.join(" ")}
  <span id="sent"></span>
</div>
<div id="game"></div>`);

await import(new URL("./dev.js", document.baseURI).href);
