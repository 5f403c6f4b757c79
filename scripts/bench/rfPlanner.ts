// The RF planner bench, run with tsx by rf.mjs: synthetic office floors of N dual-band APs (a
// jittered ceiling grid ~18 m apart, log-distance path loss with per-link shadowing, everyone
// starting on 2.4 GHz channel 1 / 5 GHz channel 36 at 20 dBm — the worst case a fresh install
// has), planned by `planRf` and by the greedy colouring baseline with the same powers, both scored
// with the same interference model. Prints one JSON line per N.

import { seededRandom } from '../../packages/domain/src/random/seeded';
import type { Hearing, RadioNode } from '../../packages/server/src/features/rf/interference';
import { greedyChannels, planNoise, planRf } from '../../packages/server/src/features/rf/planner';

function floor(n: number, seed: number): { radios: RadioNode[]; hearings: Hearing[] } {
  const random = seededRandom(seed);
  const cols = Math.ceil(Math.sqrt(n));
  const spacing = 18;
  const pos = Array.from({ length: n }, (_, i) => [
    (i % cols) * spacing + (random() - 0.5) * 8,
    Math.floor(i / cols) * spacing + (random() - 0.5) * 8,
  ]);
  const radios: RadioNode[] = [];
  for (let i = 0; i < n; i++) {
    radios.push({ id: `ap${i}:2.4G`, band: '2.4G', channel: 1, width: 20, txPower: 20, maxTxPower: 26 });
    radios.push({ id: `ap${i}:5G`, band: '5G', channel: 36, width: 80, txPower: 20, maxTxPower: 29 });
  }
  const hearings: Hearing[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const [xi, yi] = pos[i] as number[];
      const [xj, yj] = pos[j] as number[];
      const d = Math.max(1, Math.hypot((xi as number) - (xj as number), (yi as number) - (yj as number)));
      const shadow = (((i * 7919 + j * 104729) % 13) - 6) * 0.8;
      for (const [band, exp, extra] of [
        ['2.4G', 3.0, 0],
        ['5G', 3.3, 6],
      ] as const) {
        const rssi = Math.round(20 - 40 - extra - 10 * exp * Math.log10(d) + shadow);
        if (rssi >= -90) hearings.push({ transmitter: `ap${i}:${band}`, listener: `ap${j}:${band}`, rssi });
      }
    }
  }
  return { radios, hearings };
}

for (const n of (process.argv[2] ?? '50,200,1000').split(',').map(Number)) {
  const { radios, hearings } = floor(n, n);
  const started = performance.now();
  const result = planRf(radios, hearings, { seed: 1 });
  const plannerMs = performance.now() - started;
  const power = new Map([...result.plan].map(([id, p]) => [id, p.txPower]));
  const g0 = performance.now();
  const greedy = greedyChannels(radios, hearings, { power });
  const greedyMs = performance.now() - g0;
  const greedyNoise = planNoise(radios, hearings, greedy);
  console.log(
    JSON.stringify({
      aps: n,
      radios: radios.length,
      hearings: hearings.length,
      plannerMs,
      greedyMs,
      kicks: result.kicks,
      beforeTotalDbm: result.before.totalDbm,
      afterTotalDbm: result.after.totalDbm,
      coChannelMw: result.after.sameChannelMw,
      greedyCoChannelMw: greedyNoise.sameChannelMw,
      interferenceMw: result.after.sameChannelMw + result.after.nearChannelMw,
      greedyInterferenceMw: greedyNoise.sameChannelMw + greedyNoise.nearChannelMw,
    }),
  );
}
