import { describe, expect, it } from 'vitest';
import { channelMhz, floorReceivedDbm, floorWallLossDb, type SimFloorPlan } from './floor';

const plan = (over: Partial<SimFloorPlan> = {}): SimFloorPlan => ({
  positions: { A: { x: 0, y: 0 }, B: { x: 10, y: 0 }, C: { x: 0.5, y: 0 } },
  exponent: 3,
  shadowDb: 0,
  ...over,
});

describe('the floor the simulator knows', () => {
  it('channel centre frequencies', () => {
    expect(channelMhz('2.4G', 1)).toBe(2412);
    expect(channelMhz('2.4G', 14)).toBe(2484);
    expect(channelMhz('5G', 36)).toBe(5180);
  });

  it('log-distance from the 1 m free-space reference, hand-computed', () => {
    // FSPL(1 m, 5180 MHz) = 20·log10(5180) − 27.55 = 46.736 dB; 10·3·log10(10) = 30 dB.
    expect(floorReceivedDbm(plan(), 'A', 'B', '5G', 36, 20)).toBe(Math.round(20 - 46.736 - 30));
    // Closer than 1 m: the reference only. Antenna gains count at both ends.
    expect(floorReceivedDbm(plan(), 'A', 'C', '5G', 36, 20)).toBe(Math.round(20 - 46.736));
    expect(floorReceivedDbm(plan({ antennaGainDbi: { '5G': 4 } }), 'A', 'B', '5G', 36, 20)).toBe(
      Math.round(28 - 46.736 - 30),
    );
    // A per-band exponent.
    expect(floorReceivedDbm(plan({ exponent: { '5G': 2 } }), 'A', 'B', '5G', 36, 20)).toBe(
      Math.round(20 - 46.736 - 20),
    );
    expect(floorReceivedDbm(plan(), 'A', 'nobody', '5G', 36, 20)).toBeUndefined();
  });

  it('every wall segment crossed subtracts its loss; one the line only touches does not', () => {
    const walls = [
      {
        points: [
          { x: 5, y: -2 },
          { x: 5, y: 2 },
        ],
        lossDb: 20,
      },
      {
        points: [
          { x: 2, y: 1 },
          { x: 3, y: 1 },
          { x: 3, y: -1 },
          { x: 2, y: -1 },
        ],
        closed: true,
        lossDb: 5,
      },
      {
        points: [
          { x: 7, y: 0 },
          { x: 7, y: 3 },
        ],
        lossDb: 12,
      },
    ];
    expect(floorWallLossDb(plan({ walls }), { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(30);
    expect(floorReceivedDbm(plan({ walls }), 'A', 'B', '5G', 36, 20)).toBe(Math.round(20 - 46.736 - 30 - 30));
  });

  it('shadowing is fixed per pair, the same both ways, within ±shadowDb', () => {
    const p = plan({ shadowDb: 3 });
    const ab = floorReceivedDbm(p, 'A', 'B', '5G', 36, 20) as number;
    expect(floorReceivedDbm(p, 'B', 'A', '5G', 36, 20)).toBe(ab);
    expect(Math.abs(ab - (20 - 46.736 - 30))).toBeLessThanOrEqual(3.5);
  });
});
