// A minimal board used when a game has no UI module of its own (or while it loads):
// the same contract as /static/<game>/ui.js — createGameUI(root, opts).update({view, legal, version}).

import { esc } from "./api.js";

const GLYPH = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

function parseFen(fen) {
  const board = {};
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else { board["abcdefgh"[f] + (8 - r)] = ch; f += 1; }
    }
  });
  return board;
}

export function createGameUI(root, opts = {}) {
  const seat = opts.seat ?? null;
  const send = opts.send || (() => Promise.reject(new Error("no send")));
  let state = { view: null, legal: [], version: null };
  let from = null;
  root.classList.add("fb-root");

  function act(action) {
    send(action).catch((e) => {
      const err = root.querySelector(".fb-error");
      if (err) { err.textContent = e.message; err.hidden = false; }
    });
  }

  function render() {
    const { view, legal } = state;
    if (!view) { root.innerHTML = ""; return; }
    let html = "";
    if (view.fen) {
      const pos = parseFen(view.fen);
      const ranks = seat === 1 ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
      const files = seat === 1 ? "hgfedcba" : "abcdefgh";
      const targets = new Set(from ? legal.filter((a) => a.type === "move" && a.uci.startsWith(from)).map((a) => a.uci.slice(2, 4)) : []);
      html += `<div class="fb-board">`;
      for (const r of ranks) {
        for (const f of files) {
          const sq = f + r;
          const dark = ("abcdefgh".indexOf(f) + r) % 2 === 1;
          const p = pos[sq];
          html += `<button class="fb-sq ${dark ? "l" : "d"}${sq === from ? " sel" : ""}${targets.has(sq) ? " tgt" : ""}" data-sq="${sq}">${p ? `<span class="fb-pc ${p === p.toUpperCase() ? "w" : "b"}">${GLYPH[p]}</span>` : ""}</button>`;
        }
      }
      html += `</div>`;
    }
    const others = legal.filter((a) => a.type !== "move" && !a.lazy); // a lazy card entry is not an action
    if (view.hand) html += `<div class="fb-hand">${view.hand.map((c) => `<span class="pill${c.playable ? "" : " dim"}">${esc(c.card)}</span>`).join(" ")}</div>`;
    if (others.length) {
      html += `<div class="fb-actions"><select class="fb-select">${others.map((a, i) => `<option value="${i}">${esc(JSON.stringify(a))}</option>`).join("")}</select>
        <button class="btn btn-small fb-send">Play</button></div>`;
    }
    if (!view.fen) html += `<pre class="fb-json">${esc(JSON.stringify(view, null, 1))}</pre>`;
    html += `<p class="form-error fb-error" hidden></p>`;
    root.innerHTML = html;
    root.querySelectorAll(".fb-sq").forEach((b) => b.addEventListener("click", () => {
      const sq = b.dataset.sq;
      if (from) {
        const move = legal.find((a) => a.type === "move" && a.uci.slice(0, 4) === from + sq && (a.uci.length === 4 || a.uci[4] === "q"));
        if (move) { from = null; act(move); render(); return; }
      }
      from = legal.some((a) => a.type === "move" && a.uci.startsWith(sq)) ? sq : null;
      render();
    }));
    const sendBtn = root.querySelector(".fb-send");
    if (sendBtn) sendBtn.addEventListener("click", () => act(others[Number(root.querySelector(".fb-select").value)]));
  }

  return {
    update(next) { state = { ...state, ...next }; from = null; render(); },
    destroy() { root.innerHTML = ""; },
    ready: Promise.resolve(),
  };
}
