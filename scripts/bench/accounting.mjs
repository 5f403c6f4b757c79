// The message account of the device benches: what the simulators (and the probe) published, per up
// message, against what a receiver got. `state` is judged apart: the broker publishes a device's
// will — a `state` — for every session lost without a DISCONNECT, including sessions the simulator
// never saw accepted (its CONNACK came after the simulator's own time-out), so its count can only be
// bounded. Every other message is counted exactly on both sides: their difference is the loss.

/** Sums per-message counts ({ telemetry: n, … }) of several reports. */
export function addCounts(...counts) {
  const out = {};
  for (const c of counts) for (const [m, n] of Object.entries(c ?? {})) out[m] = (out[m] ?? 0) + n;
  return out;
}

/**
 * `published`/`received`: per-message counts; `wills`: the wills the publishers know of.
 * Returns { lost } (messages other than `state` published but not received; negative: more received)
 * and a printable `state` line.
 */
export function account(published, received, wills) {
  let lost = 0;
  for (const m of new Set([...Object.keys(published), ...Object.keys(received)])) {
    if (m === 'state') continue;
    lost += (published[m] ?? 0) - (received[m] ?? 0);
  }
  const state = `state ${published.state ?? 0} published + ${wills} known wills, ${received.state ?? 0} received`;
  return { lost, state };
}
