// CPU of the chess.js rules the peer servers run per move, back to back and with the thread
// paused between moves: the Node counterpart of `python3 bench/served_move.py --gaps 0,1,5`.
//
//   node bench/chessjs_gap.js --peers DIR [--gaps 0,1,5] [--moves 1500] [--repeats 3] [--spin]
//
// DIR is a copy of ../shared/bench-peers with its packages installed (`npm ci`, as its README
// says); its games.js holds the move the boardgame.io peer runs (chess.js: load the FEN, play
// the SAN, list the legal moves in SAN, end checks), the same work as the Colyseus room's
// `move` handler. Each move's CPU is read with process.cpuUsage() around the move alone; the
// pause before it sleeps (Atomics.wait) or, with --spin, spins on the clock. The gaps are
// alternated in every repeat; printed: the median per gap and its ratio to the first gap.
'use strict';
const path = require('path');

const argv = process.argv.slice(2);
const opt = (n, d) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const peers = opt('--peers', path.join(__dirname, '..', '..', 'shared', 'bench-peers'));
const gaps = opt('--gaps', '0,1,5').split(',').map(Number);
const moves = Number(opt('--moves', '1500'));
const repeats = Number(opt('--repeats', '3'));
const spin = argv.includes('--spin');

let ChessGame;
try {
  ({ ChessGame } = require(path.join(path.resolve(peers), 'games')));
} catch (e) {
  console.error(`cannot load ${path.join(peers, 'games.js')} with its chess.js (${e.code || e.message}): give --peers `
    + 'a copy of ../shared/bench-peers where `npm ci` was run');
  process.exit(2);
}
let seed = 12345;
const rand = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x80000000; };
const cell = new Int32Array(new SharedArrayBuffer(4));

function pause(ms) {
  if (!ms) return;
  if (spin) { const end = performance.now() + ms; while (performance.now() < end); return; }
  Atomics.wait(cell, 0, 0, ms);
}

function run(n, gapMs) {
  seed = 12345; // the same random games for every gap
  let done = 0;
  let cpu = 0;
  while (done < n) {
    let G = ChessGame.setup();
    for (let p = 0; p < 60 && !G.result && done < n; p++) {
      pause(gapMs);
      const t = process.cpuUsage();
      G = ChessGame.moves.move({ G }, G.legal[Math.floor(rand() * G.legal.length)]);
      const u = process.cpuUsage(t);
      cpu += u.user + u.system;
      done++;
    }
  }
  return cpu / done;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
run(3000, 0); // warm-up: the JIT compiles the hot paths
const runs = new Map(gaps.map((g) => [g, []]));
for (let r = 0; r < repeats; r++) for (const g of gaps) runs.get(g).push(run(moves, g));
console.log(`Node ${process.version}; chess.js rules, ${moves} moves per run; ${repeats} alternating repeats; `
  + `CPU of the move alone, ${spin ? 'spinning' : 'sleeping'} between moves`);
const base = median(runs.get(gaps[0]));
for (const g of gaps) {
  const m = median(runs.get(g));
  console.log(`gap ${g.toFixed(1).padStart(5)} ms: ${m.toFixed(1).padStart(7)} us CPU per move (median; runs `
    + `${runs.get(g).map((x) => x.toFixed(0)).join(', ')})  ${(m / base).toFixed(2)}x gap ${gaps[0]} ms`);
}
