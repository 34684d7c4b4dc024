// A bare WebSocket server in Node (the `ws` package the peer servers use) that answers
// bench/ping.py's lobby pings: the socket layer's floor on the peers' side.
//
//   node bench/ping_node.js --peers DIR --port PORT
//
// DIR is a copy of ../shared/bench-peers with its packages installed (`npm ci`). On /ws/lobby
// the server sends one frame (as donjon's lobby sends the open tables), then answers each
// {"t": "ping", "id": N} with {"t": "pong", "id": N}: JSON parsed and written, no other work.
// `python3 bench/ping.py --node DIR` starts it and reads its CPU per round trip from /proc.
'use strict';
const http = require('http');
const path = require('path');

const argv = process.argv.slice(2);
const opt = (n, d) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const peers = opt('--peers', path.join(__dirname, '..', '..', 'shared', 'bench-peers'));
const port = Number(opt('--port', '8000'));

let WebSocketServer;
try {
  ({ WebSocketServer } = require(path.join(path.resolve(peers), 'node_modules', 'ws')));
} catch (e) {
  console.error(`cannot load ws from ${peers}/node_modules (${e.code || e.message}): give --peers `
    + 'a copy of ../shared/bench-peers where `npm ci` was run');
  process.exit(2);
}

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');  // /healthz, for the spawner's wait
});
const wss = new WebSocketServer({ server, path: '/ws/lobby', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.send(JSON.stringify({ t: 'tables', tables: [] }));
  ws.on('message', (data) => {
    const msg = JSON.parse(data);
    if (msg.t === 'ping') ws.send(JSON.stringify({ t: 'pong', id: msg.id }));
  });
});
server.listen(port, '127.0.0.1');
