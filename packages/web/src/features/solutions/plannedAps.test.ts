import { type SizingLine, SOLUTION_REMARK_MAX_LENGTH } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { plannedRemark, siteFromPlan, withPlannedAps } from './plannedAps';
import type { SiteValues } from './SiteForm';

const link = { apModel: 'NL-A1200C', aps: 4, floorAreaM2: 420, plan: 'Ground floor: 4 APs: 96 % of 420 m²' };
const line = (role: SizingLine['role'], model: string, quantity: number): SizingLine => ({
  role,
  model,
  quantity,
  reason: 'generated',
});

describe('a floor-plan plan in the generator', () => {
  it('takes the floor area of the plan, one floor, open plan', () => {
    const site = { floorAreaM2: 1000, floors: 3, rooms: 60, users: 200 } as SiteValues;
    expect(siteFromPlan(site, link)).toMatchObject({ floorAreaM2: 420, floors: 1, rooms: 0, users: 200 });
    expect(siteFromPlan(site, { ...link, floorAreaM2: 3 }).floorAreaM2).toBe(10);
  });

  it('replaces the indoor AP row where it stood and keeps the outdoor one', () => {
    const rows = [
      line('gateway', 'NL-G300', 1),
      line('access_switch', 'NL-S116P', 1),
      line('ap', 'NL-A3000C', 9),
      line('ap', 'NL-A1800O', 2),
      line('camera', 'NL-IPC', 4),
    ];
    const planned = { ...line('ap', 'NL-A1200C', 4), reason: 'plan' };
    expect(withPlannedAps(rows, planned).map((r) => `${r.model}×${r.quantity}`)).toEqual([
      'NL-G300×1',
      'NL-S116P×1',
      'NL-A1200C×4',
      'NL-A1800O×2',
      'NL-IPC×4',
    ]);
  });

  it('adds a planned outdoor model to the outdoor row (one row per model)', () => {
    const rows = [line('gateway', 'NL-G300', 1), line('ap', 'NL-A3000C', 9), line('ap', 'NL-A1800O', 2)];
    expect(withPlannedAps(rows, line('ap', 'NL-A1800O', 3)).map((r) => `${r.model}×${r.quantity}`)).toEqual([
      'NL-G300×1',
      'NL-A1800O×5',
    ]);
  });

  it('inserts the row in the network order when the draft had no AP', () => {
    const rows = [line('gateway', 'NL-G300', 1), line('camera', 'NL-IPC', 4)];
    expect(withPlannedAps(rows, line('ap', 'NL-A1200C', 4)).map((r) => r.role)).toEqual([
      'gateway',
      'ap',
      'camera',
    ]);
  });

  it('cuts the remark to fit', () => {
    expect(plannedRemark(link)).toBe('Floor plan: Ground floor: 4 APs: 96 % of 420 m²');
    expect(plannedRemark({ ...link, plan: 'x'.repeat(300) })).toHaveLength(SOLUTION_REMARK_MAX_LENGTH);
  });
});
