// Saturation bench, run with tsx: what a realistic fleet says. A simulator fleet of <k> devices
// (seed) runs against a private in-process aedes until its devices have sent a periodic round
// (telemetry, state, and clients where the device serves clients); each of the <n> devices of a
// load fleet (the plan of seed and n, which devicesSeed.ts claims) then gets the bodies of a
// captured device of its own kind. Written to <out file> as JSON [{sn, kind, bodies}], for the load
// generator (saturationLoad.ts) to re-encode (with a hello of each device's own, from the plan) with the protocol's encoder and replay at a controlled
// rate. Capturing a smaller fleet keeps this step to seconds on a busy 2-core machine (the
// simulator runs every device's model, population and MQTT session).
// Usage: saturationCapture.ts <seed> <k> <out file>:<n> [<out file>:<n> …]; prints
// {"devices","captured","mix"} per load fleet.
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { type Body, DEV_PROVISIONING_KEY, decodeUp, type UpMessage } from '@netloom/protocol';
import { createFleet, planFleet } from '@netloom/sim';
import { Aedes } from 'aedes';

/** The messages of the periodic round (docs/protocol.md §4 step 6), in the order a device sends them. */
export const ROUND: readonly UpMessage[] = ['telemetry', 'state', 'clients'];

const [seedArg = '1', kArg = '300', ...outs] = process.argv.slice(2);
if (outs.length === 0) throw new Error('usage: saturationCapture.ts <seed> <k> <out file>:<n>…');
const seed = Number(seedArg);
const k = Number(kArg);

interface Seen {
  telemetry: number;
  bodies: Partial<Record<UpMessage, unknown>>;
}
const seen = new Map<string, Seen>();
let complete = 0;

const broker = await Aedes.createBroker({ maxClientsIdLength: 32 });
let capturing = true;
broker.on('publish', (packet, client) => {
  if (!client || !capturing) return;
  const decoded = decodeUp(packet.topic, packet.payload as Buffer);
  if (!decoded.ok || !ROUND.includes(decoded.message)) return;
  let s = seen.get(decoded.sn);
  if (!s) {
    s = { telemetry: 0, bodies: {} };
    seen.set(decoded.sn, s);
  }
  // The round after hello (state, clients where it serves clients, telemetry) reports no traffic
  // yet; the first periodic round (telemetry, state, clients) does: its bodies are the ones kept.
  if (decoded.message === 'telemetry' && ++s.telemetry === 2) complete++;
  s.bodies[decoded.message] = decoded.data;
});
const server = net.createServer((socket) => broker.handle(socket));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (typeof address !== 'object' || !address) throw new Error('no address');

// Time factor 30: a round per simulated 30 s is one per real second.
const fleet = createFleet({
  url: `mqtt://127.0.0.1:${address.port}`,
  provisioningKey: DEV_PROVISIONING_KEY,
  seed,
  devices: k,
  timeFactor: 30,
  churnPerHour: 0,
  eventsPerHour: 0,
  rampMs: Math.min(2000, k),
});
fleet.start();
const started = Date.now();
while (complete < k && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
// Its clients table follows a device's periodic telemetry: let the last ones arrive.
await new Promise((r) => setTimeout(r, 200));
const capturedMs = Date.now() - started;
capturing = false;
await fleet.stop();

const kindOf = new Map(fleet.plan.devices.map((d) => [d.sn, d.kind]));
const byKind = new Map<string, Partial<Record<UpMessage, unknown>>[]>();
const all: Partial<Record<UpMessage, unknown>>[] = [];
for (const [sn, s] of seen) {
  if (s.telemetry < 2) continue;
  const kind = kindOf.get(sn) ?? '';
  byKind.set(kind, [...(byKind.get(kind) ?? []), s.bodies]);
  all.push(s.bodies);
}
if (all.length === 0) throw new Error('no device of the capture fleet completed a periodic round');
for (const spec of outs) {
  const [out = '', nArg = '0'] = spec.split(':');
  const used = new Map<string, number>();
  const devices = planFleet({ seed, devices: Number(nArg), mix: 'default' }).devices.map((d) => {
    const pool = byKind.get(d.kind) ?? all;
    const i = used.get(d.kind) ?? 0;
    used.set(d.kind, i + 1);
    // hello is the device's own (what the simulator's helloBody says), so it matches the claimed row.
    const hello: Body<'hello'> = {
      model: d.model.model,
      type: d.kind,
      firmwareVersion: d.firmwareVersion,
      hardwareVersion: d.model.hardwareVersion,
      mac: d.mac,
      capabilities: [...d.model.capabilities],
      configVersion: 0,
      bootId: `sat${d.sn.slice(-12)}`,
    };
    return { sn: d.sn, kind: d.kind, hello, bodies: pool[i % pool.length] };
  });
  const mix: Record<string, number> = {};
  for (const d of devices) for (const m of Object.keys(d.bodies ?? {})) mix[m] = (mix[m] ?? 0) + 1;
  writeFileSync(out, JSON.stringify(devices));
  console.log(JSON.stringify({ devices: devices.length, captured: all.length, mix, capturedMs }));
}
await new Promise<void>((resolve) => broker.close(() => resolve()));
server.close();
process.exit(0);
