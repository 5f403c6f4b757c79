/**
 * Traffic of one round: a device's rates are its own clients' plus those of the units below it
 * (their last round), so a gateway carries its whole site; per-port counters follow what is on each
 * port; cameras upload their stream. Counters grow by rate × simulated seconds, from boot.
 */
import type { Unit } from './unit';

function addAt(a: Float64Array, i: number, v: number): void {
  a[i] = (a[i] ?? 0) + v;
}
/** Camera stream bytes/s by megapixels. */
const CAMERA_RATE: Record<number, number> = { 2: 250_000, 3: 350_000, 4: 500_000 };

export function updateTraffic(d: Unit, dt: number, activity: number): void {
  let tx = 200 + d.rng.next() * 800;
  let rx = 300 + d.rng.next() * 1200;
  const pr = d.portRates;
  pr?.fill(0);
  for (const c of d.clients()) {
    tx += c.txRate;
    rx += c.rxRate;
    if (pr && c.port !== undefined) {
      addAt(pr, 2 * (c.port - 1), c.rxRate);
      addAt(pr, 2 * (c.port - 1) + 1, c.txRate);
    }
  }
  for (const i of d.plan.children) {
    const child = d.fleet.device(i);
    if (!child?.online) continue;
    tx += child.txRate;
    rx += child.rxRate;
    const port = child.plan.uplink?.port;
    if (pr && port !== undefined) {
      addAt(pr, 2 * (port - 1), child.rxRate);
      addAt(pr, 2 * (port - 1) + 1, child.txRate);
    }
  }
  if (d.model.kind === 'ipc') tx += (CAMERA_RATE[d.model.camera?.megapixels ?? 2] ?? 300_000) * d.jitter(0.2);
  d.txRate = tx;
  d.rxRate = rx;
  d.txBytes += tx * dt;
  d.rxBytes += rx * dt;
  if (pr && d.portBytes) {
    const up = d.uplinkPortId - 1;
    pr[2 * up] = tx;
    pr[2 * up + 1] = rx;
    for (let i = 0; i < pr.length; i++) d.portBytes[i] = (d.portBytes[i] ?? 0) + (pr[i] ?? 0) * dt;
  }
  const load = Math.min(1, activity * 0.6 + (tx + rx) / 50_000_000);
  const recording = d.model.recorder ? d.fleet.camerasOf(d.plan.index).length * 300_000 : 0;
  d.hardware.update(load, dt, recording);
}
