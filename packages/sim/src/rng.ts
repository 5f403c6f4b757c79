/**
 * Seeded pseudo-random numbers. The simulator never calls Math.random: every choice flows from the
 * fleet seed, so a plan (serial numbers, models, tree) is identical on every run and a device's
 * behaviour is reproducible given the same timing.
 */

/** 32-bit FNV-1a of a string: turns names ("site 3", a serial number) into seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small fast generator (sfc32): 16 bytes of state, good enough statistics for a simulation. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const s = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = s ^ 0xdeadbeef;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A key chosen with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + Math.max(0, w), 0);
    let x = this.next() * total;
    for (const [k, w] of entries) {
      x -= Math.max(0, w);
      if (x < 0) return k;
    }
    return (entries.at(-1) as [K, number])[0];
  }

  /** Normal deviate (Box–Muller), mean 0, standard deviation 1. */
  gauss(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Lower-case hex of `n` characters. */
  hex(n: number): string {
    let s = '';
    while (s.length < n)
      s += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return s.slice(0, n);
  }

  /** A child generator whose stream depends on this one's seed and `label` only. */
  fork(label: string): Rng {
    return new Rng(hash32(`${this.d}:${label}`));
  }
}
