// The game page's sounds, synthesised with the Web Audio API (no file to fetch): an action
// played, the game's end, the last seconds of one's own clock. On by default; a player turns
// them off for this browser with the page's speaker button (kept in localStorage).
//
//   import { play, soundOn, setSoundOn } from "/static/js/kit/sound.js";
//   play("move");

import { isOn, setOn } from "./prefs.js";

const KEY = "donjon.sound";

/** Each sound: notes of [frequency in Hz, start and length in s], a wave shape, a volume. */
const SOUNDS = {
  move: { wave: "triangle", gain: 0.12, notes: [[520, 0, 0.07]] },
  end: { wave: "sine", gain: 0.1, notes: [[660, 0, 0.14], [880, 0.12, 0.22]] },
  low: { wave: "sine", gain: 0.05, notes: [[880, 0, 0.08]] },
};

let ctx = null;

/** Whether this browser plays the sounds. */
export function soundOn() {
  return isOn(KEY);
}

/** Turn the sounds on or off for this browser. */
export function setSoundOn(on) {
  setOn(KEY, on);
}

/** Play `kind` ("move", "end", "low") unless the sounds are off. A browser lets a page sound
 *  only after the player has pressed or typed something on it; before that, nothing plays. */
export function play(kind) {
  const s = SOUNDS[kind];
  if (!s || !soundOn()) return;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const t0 = ctx.currentTime;
    for (const [freq, at, length] of s.notes) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.type = s.wave;
      o.frequency.value = freq;
      // a quick rise and an exponential fall: a soft knock, not a click
      g.gain.setValueAtTime(0.0001, t0 + at);
      g.gain.exponentialRampToValueAtTime(s.gain, t0 + at + 0.008);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
      o.connect(g).connect(ctx.destination);
      o.start(t0 + at);
      o.stop(t0 + at + length + 0.02);
    }
  } catch (e) { /* no audio here */ }
}
