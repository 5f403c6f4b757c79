import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { DEFAULT_ANTENNA_GAIN_DBI, DEFAULT_PATH_LOSS_EXPONENT } from '../heatmap/constants';
import { channelFrequencyMhz, logDistanceLossDb } from '../heatmap/pathLoss';
import { cellCoverage, DESIGN_EDGE_SIGNAL_DBM, DESIGN_TX_POWER_DBM } from './coverage';
import { solutionDevicesRefusal } from './devices';
import type { SolutionInputs } from './inputs';
import { sizeSolution } from './sizing';

const hotel: SolutionInputs = {
  scenario: { kind: 'system', key: 'hotel' },
  floorAreaM2: 1200,
  floors: 5,
  rooms: 150,
  users: 380,
  wall: 'brick',
  cameras: 24,
  bandwidthMbps: 1000,
  outdoorAreaM2: 0,
};
const HOTEL = { name: 'Hotel', base: 'hotel' } as const;

function sized(inputs: SolutionInputs, scenario: { name: string; base: 'hotel' | 'mall' } = HOTEL) {
  const r = sizeSolution(inputs, scenario);
  if (!r.ok) throw new Error(r.message);
  return r.sizing;
}

describe('cell coverage (the heat map model)', () => {
  it('reaches the design signal at its radius and not a step beyond, walls counted as the heat map counts them', () => {
    const c = cellCoverage({ roomWidthM: 6, wall: 'brick', maxRadiusM: 20 });
    const f = channelFrequencyMhz('5G', 36);
    const eirp = DESIGN_TX_POWER_DBM + DEFAULT_ANTENNA_GAIN_DBI['5G'];
    const at = (d: number, walls: number) =>
      eirp - logDistanceLossDb(d, f, DEFAULT_PATH_LOSS_EXPONENT['5G']) - 20 * walls;
    expect(c.wallsAtEdge).toBe(1);
    expect(at(c.radiusM, 1)).toBeGreaterThanOrEqual(DESIGN_EDGE_SIGNAL_DBM);
    expect(at(c.radiusM + 0.25, 1)).toBeLessThan(DESIGN_EDGE_SIGNAL_DBM);
  });
  it('covers less through heavier walls and more in open space', () => {
    const wood = cellCoverage({ roomWidthM: 6, wall: 'wood', maxRadiusM: 20 });
    const bearing = cellCoverage({ roomWidthM: 6, wall: 'bearing_wall', maxRadiusM: 20 });
    const open = cellCoverage({ roomWidthM: null, wall: 'brick', maxRadiusM: 20 });
    expect(bearing.radiusM).toBeLessThan(wood.radiusM);
    expect(open.radiusM).toBe(20);
  });
});

describe('sizeSolution', () => {
  it('sizes APs by coverage when walls bound the cells, and says so', () => {
    const s = sized(hotel);
    const ap = s.lines.find((l) => l.role === 'ap');
    expect(ap?.quantity).toBe(5 * Math.ceil(1200 / s.coverage.areaPerApM2));
    expect(ap?.reason).toMatch(/^coverage: 5 × 1,200 m², 7\.\d m cells through brick \(20 dB\)/);
  });
  it('sizes APs by capacity when users outnumber the cells: 32 per radio, 2 radios per AP', () => {
    const s = sized({ ...hotel, floors: 1, floorAreaM2: 300, rooms: 0, users: 380, cameras: 0 });
    const ap = s.lines.find((l) => l.role === 'ap');
    expect(ap?.quantity).toBe(Math.ceil(380 / 64));
    expect(ap?.reason).toContain('capacity: 380 users at 32 per radio, 2 radios per AP');
  });
  it('powers the APs and cameras chosen: PoE ports and watts within the switches’ budget', () => {
    const s = sized(hotel);
    const ap = s.lines.find((l) => l.role === 'ap')?.quantity ?? 0;
    expect(s.poe.ports).toBe(ap + 24);
    expect(s.poe.watts).toBeLessThanOrEqual(s.poe.budgetWatts);
    const access = s.lines.find((l) => l.role === 'access_switch');
    expect(access?.quantity).toBeGreaterThanOrEqual(5);
    expect(s.lines.find((l) => l.role === 'nvr')?.quantity).toBe(2);
    expect(s.lines.find((l) => l.role === 'core_switch')?.quantity).toBe(1);
  });
  it('picks the smallest gateway whose WAN carries the bandwidth and that manages the APs', () => {
    expect(
      sized({ ...hotel, floors: 1, rooms: 30, users: 50, cameras: 0, bandwidthMbps: 500 }).lines[0]?.model,
    ).toBe('NL-G300');
    expect(sized({ ...hotel, bandwidthMbps: 5000 }).lines[0]?.model).toBe('NL-G1000');
    expect(sized(hotel).lines[0]?.model).toBe('NL-G500');
  });
  it('adds outdoor APs for outdoor areas and no core switch with a single access switch', () => {
    const s = sized({
      ...hotel,
      floors: 1,
      floorAreaM2: 200,
      rooms: 0,
      users: 20,
      cameras: 0,
      outdoorAreaM2: 3000,
    });
    expect(s.lines.find((l) => l.model === 'NL-A1800O')?.quantity).toBe(1);
    expect(s.lines.some((l) => l.role === 'core_switch')).toBe(false);
  });
  it('takes a floor plan’s APs as the coverage figure and sizes PoE, switches and gateway from them', () => {
    const office = { ...hotel, floors: 1, floorAreaM2: 1500, rooms: 0, users: 60, cameras: 0 };
    const plan = { apModel: 'NL-A1200C', aps: 5, plan: 'Office: 5 APs: 97 % of 1,500 m² at ≥ -67 dBm.' };
    const s = sized({ ...office, floorPlan: plan });
    const ap = s.lines.filter((l) => l.role === 'ap');
    expect(ap).toEqual([expect.objectContaining({ model: 'NL-A1200C', quantity: 5 })]);
    expect(ap[0]?.reason).toBe(`floor plan: ${plan.plan}`);
    expect(s.poe.ports).toBe(5);
    expect(s.lines.find((l) => l.role === 'gateway')?.reason).toMatch(/manages 5 of up to/);
    // Capacity still counts: more users than the planned APs carry add APs, and the reason says so.
    const busy = sized({ ...office, users: 1000, floorPlan: plan });
    expect(busy.lines.find((l) => l.role === 'ap')?.quantity).toBeGreaterThan(5);
    expect(busy.lines.find((l) => l.role === 'ap')?.reason).toMatch(/^capacity: .*\(coverage needs 5\)/);
    // A plan of the outdoor model shares the outdoor line: one line per model (55).
    const outdoor = sized({ ...office, outdoorAreaM2: 3000, floorPlan: { ...plan, apModel: 'NL-A1800O' } });
    expect(outdoor.lines.filter((l) => l.model === 'NL-A1800O')).toHaveLength(1);
    expect(outdoor.lines.find((l) => l.model === 'NL-A1800O')?.quantity).toBe(6);
    expect(solutionDevicesRefusal(outdoor.devices)).toBeNull();
  });
  it('gives a device list that passes the §5 rules', () => {
    expect(solutionDevicesRefusal(sized(hotel).devices)).toBeNull();
  });
  it('refuses with 528 past 999 APs', () => {
    const r = sizeSolution({ ...hotel, users: 70_000 }, HOTEL);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(ERR.SOLUTION_TOO_LARGE);
      expect(r.message).toMatch(/need 1,094 APs; a solution holds at most 999/);
    }
  });
});
