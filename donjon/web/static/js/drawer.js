// The rules drawer of the game and replay pages (templates/partials/drawer.html): the game's own
// pages (GameInfo.docs_pages: its rules, its card catalogue) in a panel beside the board, or a
// full-screen sheet on a phone, one tab each, in the page's language.
//
// A tab is filled the first time it is shown, from /games/<id>/<page>/fragment (the page's
// template without the site around it); the page's own module scripts then run as they do on
// the page (the rules' language switch, the catalogue drawn by js/kit/catalogue.js with its
// search box). Links to the game's other page switch tabs; other links open a new window, so a
// live game is never left by mistake.
//
// "The current card explained": with a cards tab, the drawer registers as the kit's explainer
// (js/kit/explain.js). A board's card zoom then shows an "Explain" button, which opens the drawer
// on that card's catalogue entry; and while the drawer is open, any card a board zooms on is
// shown there too.
//
// Escape closes the catalogue's enlarged card, then the drawer, when the focus is in the drawer
// (or nowhere, and no board popup is open); the focus goes back to where it was.

import { lang, t } from "./api.js";
import { setExplainer } from "./kit/explain.js";

const drawer = document.getElementById("rules-drawer");
const button = document.getElementById("drawer-btn");
if (drawer && button) mount(drawer, button);

function mount(drawer, button) {
  document.body.appendChild(drawer); // out of <main>, so the page behind a sheet can be made inert
  const tabs = [...drawer.querySelectorAll('[role="tab"]')];
  const tabOf = (page) => tabs.find((b) => b.dataset.page === page);
  const panelOf = (page) => document.getElementById(tabOf(page).getAttribute("aria-controls"));
  const loads = new Map(); // page → Promise, resolved once its content is in place
  const sheet = window.matchMedia("(max-width: 700px)");
  let catalogue = null; // the cards tab's catalogue (js/kit/catalogue.js) once drawn
  let catalogueWaiters = [];
  let returnTo = null;

  drawer.addEventListener("kit-catalogue", (ev) => {
    catalogue = ev.detail;
    catalogueWaiters.forEach((f) => f(catalogue));
    catalogueWaiters = [];
  });
  const catalogueReady = () => (catalogue ? Promise.resolve(catalogue) : new Promise((f) => catalogueWaiters.push(f)));

  const isOpen = () => !drawer.hidden;
  const current = () => (tabs.find((b) => b.getAttribute("aria-selected") === "true") || tabs[0]).dataset.page;

  function load(page) {
    if (!loads.has(page)) {
      const panel = panelOf(page);
      const src = `${tabOf(page).dataset.src}?lang=${encodeURIComponent(lang)}`;
      loads.set(page, fetch(src, { credentials: "same-origin" })
        .then((r) => {
          if (!r.ok) throw new Error(`${src}: HTTP ${r.status}`);
          return r.text();
        })
        .then(async (html) => {
          panel.innerHTML = html;
          for (const table of panel.querySelectorAll("table")) {  // a wide table scrolls by itself
            const box = document.createElement("div");
            box.className = "drawer-scroll";
            table.replaceWith(box);
            box.appendChild(table);
          }
          // the page's own modules, which innerHTML does not run
          const scripts = [...panel.querySelectorAll("script[type='module'][src]")];
          await Promise.all(scripts.map((s) => import(new URL(s.getAttribute("src"), location.href).href)));
        })
        .catch((e) => {
          console.error(e);
          loads.delete(page);
          panel.innerHTML = `<p class="drawer-failed" role="alert"></p>`;
          panel.firstChild.textContent = t("drawer_failed");
        }));
    }
    return loads.get(page);
  }

  function select(page, { focus = false } = {}) {
    for (const b of tabs) {
      const on = b.dataset.page === page;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
      panelOf(b.dataset.page).hidden = !on;
    }
    if (focus) tabOf(page).focus();
    return load(page);
  }

  function setSheet() {
    const modal = isOpen() && sheet.matches;
    drawer.setAttribute("aria-modal", String(modal));
    document.documentElement.classList.toggle("drawer-sheet", modal);
    for (const el of document.body.children) {
      if (el !== drawer && el.tagName !== "SCRIPT") el.inert = modal;
    }
  }
  sheet.addEventListener("change", setSheet);

  function open(page = current(), { focus = true } = {}) {
    if (!isOpen()) {
      returnTo = document.activeElement && document.activeElement !== document.body ? document.activeElement : button;
      drawer.hidden = false;
      button.setAttribute("aria-expanded", "true");
      document.documentElement.classList.add("drawer-open");
      setSheet();
    }
    return select(page, { focus });
  }

  function close() {
    if (!isOpen()) return;
    if (catalogue) catalogue.close();
    drawer.hidden = true;
    button.setAttribute("aria-expanded", "false");
    document.documentElement.classList.remove("drawer-open");
    setSheet();
    const back = returnTo && document.contains(returnTo) ? returnTo : button;
    returnTo = null;
    back.focus();
  }

  /** Open the cards tab on `card`'s entry (the catalogue's enlarged card). */
  async function explain(card, { focus = true } = {}) {
    if (!tabOf("cards")) return;
    await open("cards", { focus: false });
    const cat = await catalogueReady();
    if (cat.open(card) && focus) {
      const close = drawer.querySelector(".kit-zoom:not([hidden]) [data-close]");
      if (close) close.focus();
    }
  }

  button.hidden = false;
  button.addEventListener("click", () => (isOpen() ? close() : open()));
  drawer.querySelector("[data-drawer-close]").addEventListener("click", close);

  drawer.querySelector('[role="tablist"]').addEventListener("click", (ev) => {
    const b = ev.target.closest('[role="tab"]');
    if (b) select(b.dataset.page);
  });
  drawer.querySelector('[role="tablist"]').addEventListener("keydown", (ev) => {
    const at = tabs.indexOf(ev.target);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length].dataset.page, { focus: true });
  });

  // Links inside a tab: the game's other page is the other tab (its #anchor, or its card).
  drawer.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a[href]");
    if (!a || !drawer.contains(a) || ev.defaultPrevented) return;
    const url = new URL(a.getAttribute("href"), location.href);
    const tab = url.origin === location.origin && tabs.find((b) => b.dataset.url === url.pathname);
    if (!tab) {
      a.target = "_blank";
      a.rel = "noopener";
      return;
    }
    ev.preventDefault();
    const hash = decodeURIComponent(url.hash.slice(1));
    select(tab.dataset.page).then(async () => {
      const target = hash && panelOf(tab.dataset.page).querySelector(`[id="${CSS.escape(hash)}"]`);
      if (target) target.scrollIntoView({ block: "start" });
      else if (hash && tab.dataset.page === "cards") explain(hash);
    });
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !isOpen()) return;
    const focus = document.activeElement;
    const inside = drawer.contains(focus);
    const boardPopup = [...document.querySelectorAll(".kit-zoom:not([hidden])")].some((z) => !drawer.contains(z));
    if (!inside && !((!focus || focus === document.body) && !boardPopup)) return;
    ev.stopPropagation();
    const zoomed = drawer.querySelector(".kit-zoom:not([hidden])");
    if (zoomed && catalogue) {
      catalogue.close();
      panelOf(current()).focus();
    } else close();
  }, true);

  if (tabOf("cards")) {
    setExplainer({
      label: t("explain_card"),
      shown: (card) => {
        if (isOpen()) explain(card, { focus: false });
      },
      explain: (card) => explain(card),
    });
  }
}
