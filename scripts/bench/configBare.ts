// Config delivery bench, the bare baseline, one process run with tsx: a plain in-process aedes (no
// auth, no server) and a publisher inside it. Once every planned device has said `hello`, each round
// publishes a retained QoS 1 `config` — the device's real document (renderDeviceDocument: the
// gateway's network settings, each switch's port settings and the VLAN list) — to every device's down
// topic in one burst, and times each device from its publish to its `configResult` on the up topic.
// Usage: configBare.ts <seed> <devices> <rounds>. Prints {"port"}, {"online"} once all said hello,
// then one {"round","latencies":[ms…],"answered","burstMs"} per round (round 0 = warm-up), then
// {"done":true}.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_LAN,
  defaultNetworkSettings,
  defaultSwitchSettings,
  type NetworkSettings,
  renderDeviceDocument,
} from '@netloom/domain';
import { packet } from '@netloom/protocol';
import { planFleet } from '@netloom/sim';
import { Aedes, type PublishPacket } from 'aedes';

const [seedArg, devicesArg, roundsArg] = process.argv.slice(2);
const plan = planFleet({ seed: Number(seedArg), devices: Number(devicesArg), mix: 'switches' });
const rounds = Number(roundsArg ?? 3);
const n = plan.devices.length;

const broker = await Aedes.createBroker({ maxClientsIdLength: 32 });
const hello = new Set<string>();
/** `${sn}:${version}` → publish instant (performance.now()). */
const sentAt = new Map<string, number>();
let answers: { sn: string; ms: number; at: number }[] = [];

function subscribe(filter: string, fn: (sn: string, body: Record<string, unknown>) => void): Promise<void> {
  return new Promise((resolve) =>
    broker.subscribe(
      filter,
      (pkt: PublishPacket, cb: () => void) => {
        const sn = pkt.topic.split('/')[2] ?? '';
        try {
          fn(sn, JSON.parse(String(pkt.payload)) as Record<string, unknown>);
        } catch {
          // not JSON: not ours to time
        }
        cb();
      },
      resolve,
    ),
  );
}
await subscribe('netloom/v1/+/up/hello', (sn) => hello.add(sn));
await subscribe('netloom/v1/+/up/configResult', (sn, body) => {
  const t = sentAt.get(`${sn}:${String(body.version)}`);
  if (t === undefined) return;
  sentAt.delete(`${sn}:${String(body.version)}`);
  const now = performance.now();
  answers.push({ sn, ms: now - t, at: now });
});

const server = net.createServer((socket) => broker.handle(socket));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const address = server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
while (hello.size < n) {
  if (Date.now() - started > 180_000) throw new Error(`only ${hello.size}/${n} devices said hello`);
  await sleep(100);
}
console.log(JSON.stringify({ online: hello.size }));
await sleep(2000);

function networkFor(round: number): NetworkSettings {
  const s = defaultNetworkSettings([1]);
  s.lan = { ...DEFAULT_LAN };
  s.vlans = [20, 30 + round].map((id) => ({
    id,
    name: `VLAN ${id}`,
    ip: `172.20.${id}.1`,
    mask: '255.255.255.0',
    dhcp: false,
  }));
  return s;
}

const publish = (topic: string, payload: Uint8Array) =>
  new Promise<void>((resolve, reject) =>
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true, dup: false },
      (err) => (err ? reject(err) : resolve()),
    ),
  );

/** The project's devices by id and type (who routes the project): the plan's index is the id. */
const projectDevices = plan.devices.map((d) => ({ deviceId: d.index, type: d.kind }));

// Round 0 warms the JIT up and is not counted by the bench.
for (let round = 0; round <= rounds; round++) {
  const network = networkFor(round);
  const version = 1000 + round;
  // What the console renders from: the project's network document and each switch's own settings.
  const saved = {
    project: { network },
    devices: new Map(
      plan.devices.flatMap((d) =>
        d.kind === 'switch' ? [[d.index, { switching: defaultSwitchSettings(d.model) }] as const] : [],
      ),
    ),
  };
  const docs = plan.devices.map((d) => ({
    sn: d.sn,
    document: renderDeviceDocument({
      device: { deviceId: d.index, type: d.kind, model: d.model, meshRole: null },
      devices: projectDevices,
      docs: saved,
    }),
  }));
  answers = [];
  const burst = performance.now();
  await Promise.all(
    docs.map(({ sn, document }) => {
      const p = packet(sn, 'config', { version, document: document ?? {} });
      sentAt.set(`${sn}:${version}`, performance.now());
      return publish(p.topic, p.payload);
    }),
  );
  const until = Date.now() + 30_000;
  while (answers.length < n && Date.now() < until) await sleep(10);
  const last = Math.max(...answers.map((a) => a.at));
  console.log(
    JSON.stringify({
      round,
      latencies: answers.map((a) => a.ms),
      answered: answers.length,
      burstMs: last - burst,
    }),
  );
  await sleep(1000);
}
console.log(JSON.stringify({ done: true }));
server.close();
await broker.close();
process.exit(0);
