// A module's stylesheet, loaded once: a board or a catalogue page adds the <link> of its CSS
// itself (the pages that use it need not list it), and may wait until the rules apply.
//
//   import { loadCss } from "/static/js/kit/css.js";
//   await loadCss(new URL("./board.css", import.meta.url));
//
// A stylesheet already linked by the page (same absolute URL) is not added again. The promise
// resolves when the sheet applies, or when it failed to load (the board then works unstyled).

const loading = new Map(); // absolute href → Promise

export function loadCss(href) {
  const abs = new URL(String(href), document.baseURI).href;
  if (loading.has(abs)) return loading.get(abs);
  let link = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === abs);
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = abs;
    document.head.appendChild(link);
  }
  const sheet = link;
  const ready = sheet.sheet
    ? Promise.resolve()
    : new Promise((resolve) => {
      sheet.addEventListener("load", () => resolve(), { once: true });
      sheet.addEventListener("error", () => resolve(), { once: true });
    });
  loading.set(abs, ready);
  return ready;
}
