// The bare-broker side of the saturation bench, run as its own process. Two forms:
//   saturationBare.mjs aedes       — a plain in-process aedes (no auth, no ACL) with one in-process
//                                    subscriber on the device up topics, the way the console's
//                                    embedded gateway consumes; prints {"port"} once listening;
//   saturationBare.mjs mqtt <url>  — an MQTT 5 client of an external broker subscribing the way the
//                                    console's external gateway does ($share/netloom/…, QoS 1).
// Either way it counts what is delivered (per message) and times publish → delivered of telemetry
// from the payload's `ts` (same clock as the load generator). Prints {"at","delivered","byMessage",
// "clients"} every 250 ms; stdin "reset" starts a new latency window, "stats" prints
// {"stats":{"p50","p99","max","samples"}} of the window.
import net from 'node:net';
import { createInterface } from 'node:readline';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';

const [mode = 'aedes', url = ''] = process.argv.slice(2);
let delivered = 0;
const byMessage = {};
let latencies = [];
let clients = 0;

function onMessage(topic, payload) {
  delivered++;
  const message = topic.slice(topic.lastIndexOf('/') + 1);
  byMessage[message] = (byMessage[message] ?? 0) + 1;
  if (message !== 'telemetry') return;
  const at = payload.indexOf('"ts":');
  if (at >= 0 && at < 64) latencies.push(Date.now() - Number(payload.toString('latin1', at + 5, at + 18)));
}

if (mode === 'aedes') {
  const broker = await Aedes.createBroker({ maxClientsIdLength: 32 });
  broker.on('clientReady', () => clients++);
  broker.on('clientDisconnect', () => clients--);
  await new Promise((resolve) =>
    broker.subscribe(
      'netloom/v1/+/up/#',
      (pkt, cb) => {
        onMessage(pkt.topic, pkt.payload);
        cb();
      },
      resolve,
    ),
  );
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(JSON.stringify({ port: server.address().port }));
} else {
  const u = new URL(url);
  const client = await mqtt.connectAsync(`mqtt://${u.host}`, {
    protocolVersion: 5,
    clientId: `bench-bare-${process.pid}`,
    clean: true,
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    reconnectPeriod: 0,
  });
  client.on('message', onMessage);
  await client.subscribeAsync('$share/netloom/netloom/v1/+/up/#', { qos: 1 });
  console.log(JSON.stringify({ subscribed: true }));
}

setInterval(() => console.log(JSON.stringify({ at: Date.now(), delivered, byMessage, clients })), 250);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'reset') latencies = [];
  else if (line === 'stats') {
    const s = latencies.sort((a, b) => a - b);
    const q = (p) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : null);
    console.log(
      JSON.stringify({ stats: { p50: q(0.5), p99: q(0.99), max: s.at(-1) ?? null, samples: s.length } }),
    );
  }
});
process.on('SIGTERM', () => process.exit(0));
