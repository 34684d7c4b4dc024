// The card zoom: a popup over the board or the page that shows one thing large (a card with
// its buttons, or a short list to choose from). It closes on a click on its backdrop or on an
// element with data-close, and on Escape when the page hands it the key (zoom.escape()).
//
//   import { createZoom } from "/static/js/kit/zoom.js";
//   const zoom = createZoom(modalEl, {
//     box: ".cg-modal-box",                 // the element inside that gets the content (default: modalEl)
//     render: (item) => cardBig(item),       // the content of the popup for `item`, as HTML
//     onClick: (ev, item) => {},             // any other click inside it
//     onClose: (item) => {},                 // once, whenever it closes (or another item replaces it)
//     keys: false,                           // true: listen to Escape on the document itself
//     card: (item) => null,                  // the catalogue id of the card `item` shows, if any
//   });
//   zoom.open(item);                        // render(item) and show
//   zoom.open(item, { render, onClick, onClose, boxClass, card });  // this popup's own functions, extra class
//   zoom.close(); zoom.isOpen; zoom.item;
//   zoom.escape();                          // close if open; true when it did (the page's Escape handler)
//
// modalEl is shown and hidden with its `hidden` attribute. It gets the class kit-zoom (and the
// box kit-zoom-box), whose rules (./zoom.css, loaded here) lay it out over its board: a backdrop
// (--zoom-backdrop), the box centred, scrolling inside when it is taller than the room. The
// game's CSS may override any of them (they have no specificity). While it is open the popup
// keeps to the part of modalEl that is in the viewport: when a board is taller than the window
// the box is centred in what shows of it, and never reaches past the window's bottom.
//
// A popup showing a card (`card` gives its id) tells the page (./explain.js: cardShown), and
// gets an "Explain" button (data-explain) when the page can explain cards (the game page's
// rules drawer shows the card's catalogue entry).

import { loadCss } from "./css.js";
import { cardShown, explain, explainButton } from "./explain.js";

loadCss(new URL("./zoom.css", import.meta.url));

/** The parts of `el` above and below the viewport, in pixels (0 when none), as CSS variables. */
function fitToViewport(el) {
  const r = el.getBoundingClientRect();
  const vh = window.innerHeight || document.documentElement.clientHeight;
  el.style.setProperty("--zoom-above", `${Math.max(0, Math.round(-r.top))}px`);
  el.style.setProperty("--zoom-below", `${Math.max(0, Math.round(r.bottom - vh))}px`);
}

export function createZoom(el, { box = null, render = (x) => String(x ?? ""), onClick = null, onClose = null, keys = false, card = null } = {}) {
  const boxEl = box ? el.querySelector(box) : el;
  el.classList.add("kit-zoom");
  if (boxEl !== el) boxEl.classList.add("kit-zoom-box");
  const boxBase = boxEl.className;
  let cur = null; // { item, onClick, onClose }
  const refit = () => {
    if (cur) fitToViewport(el);
  };

  function finish() {
    const done = cur;
    cur = null;
    if (done && done.onClose) done.onClose(done.item);
  }

  function open(item, o = {}) {
    if (cur) finish();
    const id = o.card !== undefined ? o.card : card ? card(item) : null;
    cur = { item, onClick: o.onClick || onClick, onClose: o.onClose || onClose };
    if (boxEl !== el) boxEl.className = o.boxClass ? `${boxBase} ${o.boxClass}` : boxBase;
    boxEl.innerHTML = (o.render || render)(item) + explainButton(id);
    el.hidden = false;
    fitToViewport(el);
    window.addEventListener("scroll", refit, { capture: true, passive: true });
    window.addEventListener("resize", refit, { passive: true });
    cardShown(id);
  }

  function close() {
    if (!cur && el.hidden) return;
    el.hidden = true;
    boxEl.innerHTML = "";
    window.removeEventListener("scroll", refit, { capture: true });
    window.removeEventListener("resize", refit);
    finish();
  }

  el.addEventListener("click", (ev) => {
    if (!cur) return;
    const mine = cur;
    const ask = ev.target.closest && ev.target.closest("[data-explain]");
    if (ask) {
      explain(ask.dataset.explain);
      return;
    }
    if (mine.onClick) mine.onClick(ev, mine.item);
    if (cur !== mine) return; // the click closed it, or opened something else
    if (ev.target === el || (ev.target.closest && ev.target.closest("[data-close]"))) close();
  });

  const zoom = {
    open,
    close,
    escape() {
      if (!cur) return false;
      close();
      return true;
    },
    get isOpen() {
      return !!cur;
    },
    get item() {
      return cur ? cur.item : null;
    },
  };
  if (keys) {
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") zoom.escape();
    });
  }
  return zoom;
}
