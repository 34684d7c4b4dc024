// A browser's own on/off choices (the game page's sounds, its chat), kept in localStorage: on
// unless the player turned them off; where storage is refused, on, and a change lasts the page.
//
//   import { isOn, setOn } from "/static/js/kit/prefs.js";
//   if (isOn("donjon.sound")) ...; setOn("donjon.sound", false);

const here = new Map(); // key -> on, where storage is refused

/** Whether the choice `key` is on (it is unless turned off). */
export function isOn(key) {
  try {
    return localStorage.getItem(key) !== "off";
  } catch (e) {
    return here.get(key) ?? true;
  }
}

/** Turn the choice `key` on or off for this browser. */
export function setOn(key, on) {
  try {
    if (on) localStorage.removeItem(key);
    else localStorage.setItem(key, "off");
  } catch (e) {
    here.set(key, on);
  }
}
