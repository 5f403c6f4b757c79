// The bare-broker baseline of the devices bench, run as its own process: aedes with one in-process
// subscriber on the device up topics (how the server's embedded gateway consumes), no auth, no
// server — so the ratio "through the server / bare" says what the server costs per message.
// Prints {"port"} once listening, then {"at","delivered","clients"} every 500 ms.
import net from 'node:net';
import { Aedes } from 'aedes';

const broker = await Aedes.createBroker({ maxClientsIdLength: 32 });
let delivered = 0;
// id → live client: a reconnect takes over the id, and only the live client's close counts.
const live = new Map();
broker.on('clientReady', (client) => live.set(client.id, client));
broker.on('clientDisconnect', (client) => {
  if (live.get(client.id) === client) live.delete(client.id);
});
await new Promise((resolve) =>
  broker.subscribe(
    'netloom/v1/+/up/#',
    (_pkt, cb) => {
      delivered++;
      cb();
    },
    resolve,
  ),
);
const server = net.createServer((socket) => broker.handle(socket));
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }));
  setInterval(() => console.log(JSON.stringify({ at: Date.now(), delivered, clients: live.size })), 500);
});
process.on('SIGTERM', () => process.exit(0));
