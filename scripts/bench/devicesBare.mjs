// The bare-broker baseline of the devices bench, run as its own process: aedes with one in-process
// subscriber on the device up topics (how the server's embedded gateway consumes), no auth, no
// server — so the ratio "through the server / bare" says what the server costs per message.
// Prints {"port"} once listening, then {"at","delivered","byMessage","clients"} every 500 ms.
import net from 'node:net';
import { Aedes } from 'aedes';

const broker = await Aedes.createBroker({ maxClientsIdLength: 32 });
let delivered = 0;
/** Deliveries per up message (netloom/v1/{sn}/up/{message}). */
const byMessage = {};
// id → live client: a reconnect takes over the id, and only the live client's close counts.
const live = new Map();
broker.on('clientReady', (client) => live.set(client.id, client));
broker.on('clientDisconnect', (client) => {
  if (live.get(client.id) === client) live.delete(client.id);
});
await new Promise((resolve) =>
  broker.subscribe(
    'netloom/v1/+/up/#',
    (pkt, cb) => {
      delivered++;
      const message = pkt.topic.slice(pkt.topic.lastIndexOf('/') + 1);
      byMessage[message] = (byMessage[message] ?? 0) + 1;
      cb();
    },
    resolve,
  ),
);
const server = net.createServer((socket) => broker.handle(socket));
// The same accept queue as the console's embedded broker (gateway/embedded.ts).
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  console.log(JSON.stringify({ port: server.address().port }));
  setInterval(
    () => console.log(JSON.stringify({ at: Date.now(), delivered, byMessage, clients: live.size })),
    500,
  );
});
process.on('SIGTERM', () => process.exit(0));
