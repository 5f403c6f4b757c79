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

// Online flips are seen by polling (≤ 5 ms late, which only makes the measured latency smaller by that).
setInterval(() => {
  for (const d of fleet.devices) {
    const was = online.get(d.sn) ?? false;
    if (d.online && !was) out({ sn: d.sn, to: 'online', at: Date.now() });
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
