import { AP_PLAN_DEFAULT_OPTIONS, type ApPlan, type MapDetail } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { buildApPlanInput, solutionLinkOf } from './apPlanInput';

const map: Pick<MapDetail, 'width' | 'height' | 'scale' | 'walls' | 'calibration'> = {
  width: 1000,
  height: 500,
  scale: { from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, lengthM: 3, metresPerPixel: 0.03 },
  walls: [
    {
      id: 1,
      shape: 'rectangle',
      material: 'brick',
      points: [
        { x: 1, y: 1 },
        { x: 5, y: 1 },
        { x: 5, y: 4 },
        { x: 1, y: 4 },
      ],
    },
  ],
  calibration: [
    { band: '5G', measurements: 12, exponent: 3.1, rmsErrorDb: 1, applied: true, measuredAt: 0 },
    { band: '2.4G', measurements: 2, exponent: null, rmsErrorDb: null, applied: false, measuredAt: 0 },
  ],
} as Pick<MapDetail, 'width' | 'height' | 'scale' | 'walls' | 'calibration'>;

const placed = [
  { id: '7', x: 3, y: 2, radios: [{ band: '5G' as const, channel: 44, txPowerDbm: 17, gainDbi: 4 }] },
];

describe('buildApPlanInput', () => {
  it('waits for the scale', () => {
    expect(buildApPlanInput({ ...map, scale: null }, AP_PLAN_DEFAULT_OPTIONS, placed)).toBeNull();
  });

  it('plans the floor in metres with the saved walls, the calibration and the kept APs', () => {
    const input = buildApPlanInput(map, AP_PLAN_DEFAULT_OPTIONS, placed);
    expect(input?.floor.widthM).toBeCloseTo(30, 9);
    expect(input?.floor.heightM).toBeCloseTo(15, 9);
    expect(input?.walls).toEqual([{ material: 'brick', closed: true, points: map.walls[0]?.points }]);
    expect(input?.exponent).toEqual({ '5G': 3.1 });
    expect(input?.fixed).toEqual(placed);
    expect(input).toMatchObject({ band: '5G', model: 'NL-A3000C', targetDbm: -67, coveragePct: 95 });
  });

  it('leaves the placed APs out when they are not kept', () => {
    const input = buildApPlanInput(map, { ...AP_PLAN_DEFAULT_OPTIONS, keepPlaced: false }, placed);
    expect(input?.fixed).toEqual([]);
  });
});

describe('solutionLinkOf', () => {
  const plan = {
    model: 'NL-A1200C',
    positions: [
      { x: 1, y: 1 },
      { x: 9, y: 9 },
    ],
    areaM2: 449.6,
    summary: '2 APs: 96 % of 450 m² at ≥ -67 dBm; 1 AP reaches only 60 %.',
  } as ApPlan;

  it('carries the model, the count, the area and the summary', () => {
    expect(solutionLinkOf(plan, 'Ground floor')).toEqual({
      apModel: 'NL-A1200C',
      aps: 2,
      floorAreaM2: 450,
      plan: 'Ground floor: 2 APs: 96 % of 450 m² at ≥ -67 dBm; 1 AP reaches only 60 %.',
    });
  });

  it('has nothing to carry when no new AP is proposed', () => {
    expect(solutionLinkOf({ ...plan, positions: [] }, 'Ground floor')).toBeNull();
  });
});
