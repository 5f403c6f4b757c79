import { describe, expect, it } from 'vitest';
import { block, candidateChannels, overlap } from './channels';
import type { Hearing, RadioNode, RadioPlan } from './interference';
import { buildGraphs } from './interference';
import { greedyChannels, planNoise, planPower, planRf } from './planner';

function radio(id: string, channel = 1, over: Partial<RadioNode> = {}): RadioNode {
  return { id, band: '2.4G', channel, width: 20, txPower: 20, maxTxPower: 29, ...over };
}
/** Both directions of an edge at the same RSSI. */
function edge(a: string, b: string, rssi: number): Hearing[] {
  return [
    { transmitter: a, listener: b, rssi },
    { transmitter: b, listener: a, rssi },
  ];
}
function interference(
  radios: RadioNode[],
  hearings: Hearing[],
  plan: ReadonlyMap<string, RadioPlan>,
): number {
  const n = planNoise(radios, hearings, plan);
  return n.sameChannelMw + n.nearChannelMw;
}
/** The optimum by enumeration (small graphs only), channels fixed, powers unchanged. */
function bruteForce(radios: RadioNode[], hearings: Hearing[], channels: number[]): number {
  let best = Number.POSITIVE_INFINITY;
  const n = radios.length;
  const pick = new Array<number>(n).fill(0);
  for (let k = 0; k < channels.length ** n; k++) {
    let x = k;
    for (let i = 0; i < n; i++) {
      pick[i] = x % channels.length;
      x = Math.floor(x / channels.length);
    }
    const plan = new Map(
      radios.map((r, i) => [r.id, { channel: channels[pick[i] as number] as number, txPower: r.txPower }]),
    );
    best = Math.min(best, interference(radios, hearings, plan));
  }
  return best;
}
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('channel model', () => {
  it('2.4 GHz neighbours overlap by channel distance; 1, 6 and 11 do not overlap', () => {
    expect(overlap('2.4G', 1, 20, 1, 20)).toBe(1);
    expect(overlap('2.4G', 1, 20, 2, 20)).toBeCloseTo(0.8);
    expect(overlap('2.4G', 1, 20, 3, 20)).toBeCloseTo(0.5);
    expect(overlap('2.4G', 1, 20, 6, 20)).toBe(0);
    expect(overlap('2.4G', 6, 20, 11, 20)).toBe(0);
  });
  it('2.4 GHz plans 1, 6 and 11 unless all channels are allowed', () => {
    expect(candidateChannels('2.4G', 20)).toEqual([1, 6, 11]);
    expect(candidateChannels('2.4G', 20, { only1611: false })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
  it('5 GHz bonded blocks follow the standard groups', () => {
    expect(candidateChannels('5G', 80)).toEqual([36, 52, 100, 116, 132, 149]);
    expect(candidateChannels('5G', 80, { useDfs: false })).toEqual([36, 149]);
    expect(block('5G', 44, 80)).toEqual([5170, 5250]);
    // A 20 MHz radio on 44 sits inside the 80 MHz block starting at 36: full overlap.
    expect(overlap('5G', 36, 80, 44, 20)).toBe(1);
    expect(overlap('5G', 36, 20, 40, 20)).toBe(0);
    expect(overlap('5G', 36, 40, 44, 40)).toBe(0);
  });
});

describe('transmit power control', () => {
  it('lowers power until the third loudest listener hears -70 dBm, within 8–29 dBm', () => {
    const quieter = [radio('q'), radio('x'), radio('y'), radio('z')];
    // At 29 dBm x/y/z hear q at -51/-56/-61 → q goes to 29 + (-70 - -61) = 20 dBm.
    const q = ['x', 'y', 'z'].map((l, k) => ({ transmitter: 'q', listener: l, rssi: -60 - 5 * k }));
    expect(planPower(buildGraphs(quieter, q)).get('q')).toBe(20);
    const radios = [radio('a'), radio('b'), radio('c'), radio('d'), radio('e')];
    // a is heard by b/c/d at -40/-45/-50 dBm while at 20 dBm → at 29 dBm the third is -41 dBm.
    const hearings = [
      { transmitter: 'a', listener: 'b', rssi: -40 },
      { transmitter: 'a', listener: 'c', rssi: -45 },
      { transmitter: 'a', listener: 'd', rssi: -50 },
      { transmitter: 'e', listener: 'a', rssi: -60 },
      { transmitter: 'e', listener: 'b', rssi: -60 },
    ];
    const power = planPower(buildGraphs(radios, hearings));
    // 29 + (-70 - -41) = 0 dBm: far too loud a neighbourhood, so the floor of 8 dBm.
    expect(power.get('a')).toBe(8);
    // b is heard only by nobody → edge of coverage, full power; c likewise.
    expect(power.get('b')).toBe(29);
    // e is heard by two radios only: coverage edge, full power.
    expect(power.get('e')).toBe(29);
  });
  it('never goes under 8 dBm or over the radio maximum', () => {
    const radios = [radio('a', 1, { maxTxPower: 23 }), radio('b'), radio('c'), radio('d')];
    const loud = ['b', 'c', 'd'].map((l) => ({ transmitter: 'a', listener: l, rssi: -20 }));
    expect(planPower(buildGraphs(radios, loud)).get('a')).toBe(8);
    const quiet = ['b', 'c', 'd'].map((l) => ({ transmitter: 'a', listener: l, rssi: -89 }));
    expect(planPower(buildGraphs(radios, quiet)).get('a')).toBe(23);
  });
});

describe('channel planner', () => {
  it('spreads three APs that hear each other over 1, 6 and 11: no interference left', () => {
    const radios = [radio('a'), radio('b'), radio('c')];
    const hearings = [...edge('a', 'b', -50), ...edge('b', 'c', -50), ...edge('a', 'c', -50)];
    const r = planRf(radios, hearings, { optimisePower: false });
    expect(new Set([...r.plan.values()].map((p) => p.channel)).size).toBe(3);
    expect(r.after.sameChannelMw).toBe(0);
    expect(r.after.nearChannelMw).toBe(0);
    expect(r.before.sameChannelMw).toBeGreaterThan(0);
    expect(r.after.totalDbm).toBeLessThan(r.before.totalDbm);
  });

  it('with four APs and three channels, the weakest link is the one that shares', () => {
    const radios = ['a', 'b', 'c', 'd'].map((id) => radio(id));
    const hearings = [
      ...edge('a', 'b', -45),
      ...edge('a', 'c', -50),
      ...edge('a', 'd', -55),
      ...edge('b', 'c', -60),
      ...edge('b', 'd', -65),
      ...edge('c', 'd', -85), // the weakest
    ];
    const r = planRf(radios, hearings, { optimisePower: false, channels: { only1611: true } });
    expect(r.plan.get('c')?.channel).toBe(r.plan.get('d')?.channel);
    const others = ['a', 'b', 'c'].map((id) => r.plan.get(id)?.channel);
    expect(new Set(others).size).toBe(3);
  });

  it('finds the optimum of random small graphs (checked by enumeration)', () => {
    const random = seeded(7);
    for (let trial = 0; trial < 12; trial++) {
      const n = 5 + (trial % 3);
      const radios = Array.from({ length: n }, (_, i) => radio(`r${i}`, 1));
      const hearings: Hearing[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          if (random() < 0.7) hearings.push(...edge(`r${i}`, `r${j}`, -40 - Math.floor(random() * 45)));
      const channels = [1, 6, 11];
      const r = planRf(radios, hearings, { optimisePower: false, channels: { only1611: true }, seed: trial });
      const optimum = bruteForce(radios, hearings, channels);
      expect(interference(radios, hearings, r.plan)).toBeCloseTo(optimum, 12);
    }
  });

  it('colours the Petersen graph with three channels without conflict', () => {
    const outer = [0, 1, 2, 3, 4];
    const pairs: [number, number][] = [
      ...outer.map((i) => [i, (i + 1) % 5] as [number, number]),
      ...outer.map((i) => [i, i + 5] as [number, number]),
      ...outer.map((i) => [i + 5, ((i + 2) % 5) + 5] as [number, number]),
    ];
    const radios = Array.from({ length: 10 }, (_, i) => radio(`p${i}`, 6));
    const hearings = pairs.flatMap(([a, b]) => edge(`p${a}`, `p${b}`, -55));
    const r = planRf(radios, hearings, { optimisePower: false, channels: { only1611: true } });
    expect(interference(radios, hearings, r.plan)).toBe(0);
  });

  it('keeps a radio on its channel when moving would not reduce interference', () => {
    const radios = [radio('a', 6), radio('b', 11)];
    const r = planRf(radios, edge('a', 'b', -60), { optimisePower: false });
    expect(r.plan.get('a')?.channel).toBe(6);
    expect(r.plan.get('b')?.channel).toBe(11);
    expect(r.changed).toBe(0);
  });

  it('re-planning its own plan changes nothing (hysteresis)', () => {
    const random = seeded(9);
    const n = 40;
    const radios = Array.from({ length: n }, (_, i) => radio(`h${i}`, 1));
    const hearings: Hearing[] = [];
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++)
        if (random() < 0.3) hearings.push(...edge(`h${i}`, `h${j}`, -50 - Math.floor(random() * 35)));
    const first = planRf(radios, hearings, { seed: 3 });
    expect(first.changed).toBeGreaterThan(0);
    // The network after the first run: new channels and powers, scans re-measured at those powers.
    const applied = radios.map((r) => ({ ...r, ...(first.plan.get(r.id) as RadioPlan) }));
    const power = new Map(applied.map((r) => [r.id, r.txPower]));
    const remeasured = hearings.map((h) => ({
      ...h,
      rssi: h.rssi + ((power.get(h.transmitter) ?? 20) - 20),
    }));
    const second = planRf(applied, remeasured, { seed: 4 });
    expect(second.changed).toBe(0);
  });

  it('is reproducible for a seed and never worse than the greedy colouring', () => {
    const random = seeded(42);
    const n = 200;
    const pos = Array.from({ length: n }, () => [random() * 400, random() * 400] as const);
    const radios = pos.map((_, i) => radio(`ap${i}`, 1 + 5 * (i % 3)));
    const hearings: Hearing[] = [];
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const [xi, yi] = pos[i] as readonly [number, number];
        const [xj, yj] = pos[j] as readonly [number, number];
        const d = Math.max(1, Math.hypot(xi - xj, yi - yj));
        const rssi = 20 - 40 - 30 * Math.log10(d); // 20 dBm, 40 dB at 1 m, exponent 3
        if (rssi >= -90) hearings.push({ transmitter: `ap${i}`, listener: `ap${j}`, rssi: Math.round(rssi) });
      }
    const a = planRf(radios, hearings, { seed: 5, maxKicks: 100, timeBudgetMs: 60_000 });
    const b = planRf(radios, hearings, { seed: 5, maxKicks: 100, timeBudgetMs: 60_000 });
    expect([...a.plan]).toEqual([...b.plan]);
    const power = new Map([...a.plan].map(([id, p]) => [id, p.txPower]));
    const greedy = greedyChannels(radios, hearings, { power });
    expect(interference(radios, hearings, a.plan)).toBeLessThanOrEqual(
      interference(radios, hearings, greedy),
    );
    expect(a.after.totalDbm).toBeLessThan(a.before.totalDbm);
  });
});
