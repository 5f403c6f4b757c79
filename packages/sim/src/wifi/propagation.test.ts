import { describe, expect, it } from 'vitest';
import { distance, HEARING_FLOOR_DBM, linkLossDb, pathLossDb, receivedDbm, shadowDb } from './propagation';

describe('radio model', () => {
  it('loses 40 dB at 1 m and 30 dB per decade of distance, a little more at 5 GHz', () => {
    expect(pathLossDb(1, '2.4G')).toBe(40);
    expect(pathLossDb(10, '2.4G')).toBeCloseTo(70);
    expect(pathLossDb(100, '2.4G')).toBeCloseTo(100);
    expect(pathLossDb(0.2, '2.4G')).toBe(40);
    expect(pathLossDb(10, '5G')).toBeGreaterThan(pathLossDb(10, '2.4G'));
  });

  it('shadows a pair the same both ways, deterministically, within 0–6 dB', () => {
    expect(shadowDb('A', 'B')).toBe(shadowDb('B', 'A'));
    expect(shadowDb('A', 'B')).toBe(shadowDb('A', 'B'));
    for (const id of ['X1', 'X2', 'X3', 'X4']) {
      expect(shadowDb('AP', id)).toBeGreaterThanOrEqual(0);
      expect(shadowDb('AP', id)).toBeLessThan(6);
    }
  });

  it('hears nearer radios louder; walls cost more in a home than on an open floor', () => {
    const ap = { id: 'AP', pos: { x: 0, y: 0 } };
    const at = (x: number) => ({ id: `C${x}`, pos: { x, y: 0, z: -2 } });
    expect(distance(ap.pos, at(0).pos)).toBe(2);
    const near = receivedDbm(20, ap, at(5), '5G', 'office');
    const far = receivedDbm(20, ap, at(40), '5G', 'office');
    expect(near).toBeGreaterThan(far + 20);
    expect(far).toBeLessThan(-70);
    expect(linkLossDb(ap, at(20), '2.4G', 'home')).toBeGreaterThan(linkLossDb(ap, at(20), '2.4G', 'dense'));
    expect(receivedDbm(20, ap, at(400), '5G', 'office')).toBeLessThan(HEARING_FLOOR_DBM);
  });
});
