import { describe, expect, it } from 'vitest';
import { floorPlanOf, siteFromPlan } from './plannedAps';
import type { SiteValues } from './SiteForm';

const link = { apModel: 'NL-A1200C', aps: 4, floorAreaM2: 420, plan: 'Ground floor: 4 APs: 96 % of 420 m²' };
describe('a floor-plan plan in the generator', () => {
  it('takes the floor area of the plan, one floor, open plan', () => {
    const site = { floorAreaM2: 1000, floors: 3, rooms: 60, users: 200 } as SiteValues;
    expect(siteFromPlan(site, link)).toMatchObject({ floorAreaM2: 420, floors: 1, rooms: 0, users: 200 });
    expect(siteFromPlan(site, { ...link, floorAreaM2: 3 }).floorAreaM2).toBe(10);
  });

  it('hands the planned model, count and summary to the sizing engine, nothing without a plan', () => {
    expect(floorPlanOf(link)).toEqual({ apModel: 'NL-A1200C', aps: 4, plan: link.plan });
    expect(floorPlanOf(null)).toBeUndefined();
  });
});
