// The game socket: hello/resync on every (re)connection, reconnect with backoff,
// intents with ids resolved by their ack or rejected with the server's reason.
//
//   const sock = new GameSocket(`/ws/game/${id}`, { onFrame, onStatus });
//   sock.connect();
//   await sock.request({ t: "act", v, action });   // → ack frame, or throws Error(reason)
//   await sock.request({ t: "targets", v, card }); // → targets frame: the card's legal actions
//
// The hello asks for the brief legal list ("legal": "lazy"): a playable card is one entry
// {type: "card", card, lazy: true} and its targetings are asked for when the player picks it.

import { wsUrl } from "./api.js";

export class GameSocket {
  constructor(path, { onFrame = () => {}, onStatus = () => {} } = {}) {
    this.path = path;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.version = null;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.backoff = 500;
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
      this.backoff = 500;
      this.lastMessage = Date.now();
      ws.send(JSON.stringify({ t: "hello", v: this.version, legal: "lazy" }));
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
      if (msg.t === "welcome") this.onStatus("connected");
      if ((msg.t === "sync" || msg.t === "event") && typeof msg.v === "number") this.version = msg.v;
      if ((msg.t === "ack" || msg.t === "targets" || msg.t === "error") && msg.id != null && this.pending.has(msg.id)) {
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
      if (this.stopped || ev.code === 4404 || ev.code === 4403) {
        this.onStatus(ev.code === 4404 ? "gone" : "closed");
        return;
      }
      this.onStatus("reconnecting");
      const delay = this.backoff * (0.75 + Math.random() * 0.5);
      this.backoff = Math.min(this.backoff * 2, 10000);
      setTimeout(() => this.connect(), delay);
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
