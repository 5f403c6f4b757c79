// The status-change probe of the devices bench, run with tsx next to the main simulator: a few more
// simulated devices whose connections the probe drops on purpose, one at a time, printing when each
// went offline and when it was back online, so the bench can time the `device.status` event a
// browser receives on /api/live. Usage: devicesProbe.ts <mqtt url> <seed> <devices> <toggle ms>.
// Prints {"ready":true} once all are online, then {"sn","to":"offline"|"online","at"} lines, and
// on SIGUSR2 {"final":true,"published","wills"} once it stopped publishing.
import { createFleet, DEV_PROVISIONING_KEY } from '@netloom/sim';

const [url = '', seedArg = '99', devicesArg = '8', toggleArg = '700'] = process.argv.slice(2);
const fleet = createFleet({
  url,
  provisioningKey: process.env.PROVISIONING_KEY ?? DEV_PROVISIONING_KEY,
  seed: Number(seedArg),
  devices: Number(devicesArg),
  churnPerHour: 0,
  eventsPerHour: 0,
  rampMs: 200,
  // Back within ~1 s after a drop, so each device toggles both ways several times per minute.
  backoff: { firstMinMs: 500, firstMaxMs: 1000 },
});
const out = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const online = new Map<string, boolean>();
fleet.start();

// When each device last became online: stamped as its phase changes (the device is online once its
// hello is acknowledged, just before it sends its state, which is what the console announces). Seen
// by the 5 ms poll below instead, a flip was stamped late whenever this process waited for a core:
// on a loaded machine (29 Nov 2026) the console's event came up to 39 ms before the stamp, beyond the
// matching's slack, so a change counted as missed, or was matched to the device's next reconnect
// about 5 s later (p95 5,064 ms with 2 missed in a run whose p50 was 2 ms).
const onlineAt = new Map<string, number>();
for (const d of fleet.devices) {
  let phase = d.phase;
  Object.defineProperty(d, 'phase', {
    get: () => phase,
    set: (next: typeof phase) => {
      if (next === 'online' && phase !== 'online') onlineAt.set(d.sn, Date.now());
      phase = next;
    },
  });
}

// Online flips are reported from a 5 ms poll, with the time the flip happened.
setInterval(() => {
  for (const d of fleet.devices) {
    const was = online.get(d.sn) ?? false;
    if (d.online && !was) out({ sn: d.sn, to: 'online', at: onlineAt.get(d.sn) ?? Date.now() });
    online.set(d.sn, d.online);
  }
}, 5);

let drops = 0;
let toggler: NodeJS.Timeout | undefined;
const ready = setInterval(() => {
  if (!fleet.devices.every((d) => d.online)) return;
  clearInterval(ready);
  out({ ready: true });
  let next = 0;
  toggler = setInterval(() => {
    // The next device that is online: its drop goes out now, the broker fires its will.
    for (let i = 0; i < fleet.devices.length; i++) {
      const d = fleet.devices[(next + i) % fleet.devices.length];
      if (!d?.online) continue;
      next = (next + i + 1) % fleet.devices.length;
      d.drop('network', 1500);
      drops++;
      online.set(d.sn, false);
      out({ sn: d.sn, to: 'offline', at: Date.now() });
      return;
    }
  }, Number(toggleArg));
}, 50);

// SIGUSR2, the bench's cut: stop toggling and publishing, then print the totals — every message
// published plus one will per drop (the broker publishes it for the device).
process.on('SIGUSR2', () => {
  clearInterval(toggler);
  clearInterval(ready);
  fleet.pause();
  const { published, wills, byMessage } = fleet.stats();
  out({ final: true, published, wills, byMessage, drops });
});
process.on('SIGTERM', () => {
  void fleet.stop().finally(() => process.exit(0));
});
