import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { Rng } from './rng';
import { Scheduler } from './scheduler';

describe('Rng', () => {
  it('repeats its stream for the same seed and differs for another', () => {
    const a = new Rng('fleet 1');
    const b = new Rng('fleet 1');
    const xs = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(xs);
    expect(new Rng('fleet 2').next()).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws integers in range, picks, weights and forks deterministically', () => {
    const r = new Rng(42);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
      counts[r.weighted({ a: 3, b: 1 })]++;
    }
    expect(counts.a / counts.b).toBeGreaterThan(2);
    expect(counts.a / counts.b).toBeLessThan(4.5);
    expect(new Rng(1).fork('x').next()).toBe(new Rng(1).fork('x').next());
    expect(new Rng(1).hex(12)).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('SimClock', () => {
  it('runs simulated time timeFactor times faster than real time', () => {
    let real = 1_000;
    const clock = new SimClock(60, Date.UTC(2026, 0, 1, 6), () => real);
    real += 1_000;
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1, 6, 1));
    expect(clock.toReal(60_000)).toBe(1_000);
    expect(clock.hourOfDay(undefined, 2)).toBeCloseTo(8 + 1 / 60);
  });
});

describe('Scheduler', () => {
  it('runs tasks in due order on one timer and skips cancelled ones', async () => {
    const s = new Scheduler();
    const seen: number[] = [];
    s.after(30, () => seen.push(3));
    s.after(10, () => seen.push(1));
    const t = s.after(20, () => seen.push(99));
    s.after(20, () => seen.push(2));
    s.cancel(t);
    await new Promise((r) => setTimeout(r, 80));
    expect(seen).toEqual([1, 2, 3]);
    s.stop();
    s.after(0, () => seen.push(4));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([1, 2, 3]);
  });

  it('keeps order across many tasks (heap)', async () => {
    const s = new Scheduler();
    const r = new Rng(5);
    const seen: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = s.after(r.int(0, 40), () => seen.push(t.at));
    }
    await new Promise((res) => setTimeout(res, 100));
    expect(seen).toHaveLength(500);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    s.stop();
  });
});
