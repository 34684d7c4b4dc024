// The game socket: hello/resync on every (re)connection, reconnect with backoff,
// intents with ids resolved by their ack or rejected with the server's reason.
//
//   const sock = new GameSocket(`/ws/game/${id}`, { onFrame, onStatus });
//   sock.connect();
//   await sock.request({ t: "act", v, action });   // → ack frame, or throws Error(reason)
//   await sock.request({ t: "targets", v, card }); // → targets frame: the card's legal actions
//   await sock.request({ t: "position", v });      // → position frame: the public view at version v
//
// The hello asks for the brief legal list ("legal": "lazy"): a playable card is one entry
// {type: "card", card, lazy: true} and its targetings are asked for when the player picks it.
//
// Statuses given to onStatus: "connecting", "connected", "reconnecting" (after a lost
// connection, with backoff 0.5 s → 10 s), "limited" (closed 4429: too many sockets open, the
// next try is 30 s → 2 min away), "gone" (4404: no such game) and "closed" (4403, or close()):
// after these two it does not reconnect. A socket closed 4401 (its session ended: logged out in
// another tab, a password changed elsewhere) loads its page again, as whoever the cookie now says. The lobby socket (lobbySocket below) follows the same
// rules. Close codes: docs/protocol.md, "Close codes".

import { wsUrl } from "./api.js";

export const CLOSE_FORBIDDEN = 4403; // a foreign Origin: not retried
export const CLOSE_NOT_FOUND = 4404; // no such game: not retried
export const CLOSE_TOO_MANY = 4429; // too many open sockets of this user or address: retried after a long wait
export const CLOSE_SIGNED_OUT = 4401; // the socket's session ended (a logout, a password changed): the page loads again
const BACKOFF_MIN = 500;
const BACKOFF_MAX = 10000;
const LIMITED_MIN = 30000;
const LIMITED_MAX = 120000;

let leaving = false;

/** This page ends its own session and goes elsewhere (the logout button): its sockets closed
 *  4401 neither reload it nor reconnect. `leavingSession(false)`: it did not, after all. */
export function leavingSession(on = true) {
  leaving = on;
}

// The socket's session ended: the page is loaded again (true), its own state no longer the viewer's.
function signedOut(code) {
  if (code !== CLOSE_SIGNED_OUT) return false;
  if (!leaving) location.reload();
  return true;
}

// After a socket closed with `code`: { delay, backoff } (wait `delay` ms, then try again;
// `backoff` is the base of the next wait), or null if it is not to be retried.
export function retryAfterClose(code, backoff) {
  if (code === CLOSE_FORBIDDEN || code === CLOSE_NOT_FOUND) return null;
  const limited = code === CLOSE_TOO_MANY;
  const base = limited ? Math.max(backoff, LIMITED_MIN) : backoff;
  const delay = base * (0.75 + Math.random() * 0.5);
  return { delay, backoff: Math.min(base * 2, limited ? LIMITED_MAX : BACKOFF_MAX) };
}

// The lobby socket (/ws/lobby), reconnected like the game socket: onMessage(msg) for every
// frame, onOpen() once per connection, before its first frame is handled; onClose() when a
// connection ends (another is tried unless the close code says not to). The server listens
// for a socket before it sends that first frame ("tables", or "ready" for a socket opened with
// ?tables=0), so what a page loads in onOpen misses nothing: a change made before it is in
// the answer, one made after comes as a frame.
export function lobbySocket({ onMessage, onOpen = () => {}, onClose = () => {}, path = "/ws/lobby" }) {
  let backoff = BACKOFF_MIN;
  const connect = () => {
    const ws = new WebSocket(wsUrl(path));
    let first = true;
    ws.onmessage = (ev) => {
      backoff = BACKOFF_MIN; // a refused socket is opened then closed: only a frame says it got in
      if (first) {
        first = false;
        onOpen();
      }
      onMessage(JSON.parse(ev.data));
    };
    ws.onclose = (ev) => {
      onClose();
      if (signedOut(ev.code)) return;
      const next = retryAfterClose(ev.code, backoff);
      if (next === null) return;
      backoff = next.backoff;
      setTimeout(connect, next.delay);
    };
  };
  connect();
}

// The frames addressed to a user rather than to a game (docs/protocol.md §4): a lobby socket's,
// and a game socket's whose hello asked for them.
export const USER_FRAMES = new Set(["started", "games_changed", "challenges", "turn"]);

export class GameSocket {
  // onUser(msg): the frames addressed to the viewer (USER_FRAMES), asked for in the hello
  // ("user": true) when given; they do not go to onFrame.
  constructor(path, { onFrame = () => {}, onStatus = () => {}, onUser = null } = {}) {
    this.path = path;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.onUser = onUser;
    this.version = null;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.backoff = BACKOFF_MIN;
    this.stopped = false;
    this.lastMessage = 0;
    this.heartbeat = null;
  }

  connect() {
    if (this.stopped) return;
    this.onStatus(this.version === null ? "connecting" : "reconnecting");
    const ws = new WebSocket(wsUrl(this.path));
    this.ws = ws;
    ws.onopen = () => {
      this.lastMessage = Date.now();
      const hello = { t: "hello", v: this.version, legal: "lazy" };
      if (this.onUser) hello.user = true;
      ws.send(JSON.stringify(hello));
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (Date.now() - this.lastMessage > 45000) {
          ws.close(4000, "no heartbeat");
          return;
        }
        ws.send(JSON.stringify({ t: "ping" }));
      }, 15000);
    };
    ws.onmessage = (ev) => {
      this.lastMessage = Date.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.t === "welcome") {
        this.backoff = BACKOFF_MIN; // not on open: a refused socket is opened, then closed
        this.onStatus("connected");
      }
      if (USER_FRAMES.has(msg.t)) {
        if (this.onUser) this.onUser(msg);
        return;
      }
      if ((msg.t === "sync" || msg.t === "event") && typeof msg.v === "number") this.version = msg.v;
      if ((msg.t === "ack" || msg.t === "targets" || msg.t === "position" || msg.t === "error") && msg.id != null && this.pending.has(msg.id)) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.t !== "error") {
          p.resolve(msg);
          return;
        }
        const err = new Error(msg.reason || "refused");
        err.code = msg.code;
        p.reject(err);
        this.onFrame({ ...msg, handled: true });
        return;
      }
      this.onFrame(msg);
    };
    ws.onclose = (ev) => {
      clearInterval(this.heartbeat);
      for (const p of this.pending.values()) p.reject(new Error(p.lostMessage || "connection lost"));
      this.pending.clear();
      if (!this.stopped && signedOut(ev.code)) return;
      const next = this.stopped ? null : retryAfterClose(ev.code, this.backoff);
      if (next === null) {
        this.stopped = true;
        this.onStatus(ev.code === CLOSE_NOT_FOUND ? "gone" : "closed");
        return;
      }
      this.onStatus(ev.code === CLOSE_TOO_MANY ? "limited" : "reconnecting");
      this.backoff = next.backoff;
      setTimeout(() => this.connect(), next.delay);
    };
  }

  request(msg, lostMessage) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Error(lostMessage || "not connected"));
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject, lostMessage });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
