/**
 * A plan made on a floor plan ("Use in a solution" on the Wi-Fi map, issue 15) in the generator: the
 * site's floor area from the plan, and the planned model and count for the sizing engine, which
 * sizes the APs' switches, PoE and gateway from them. Pure, so it is tested without the page.
 */
import { type ApPlanLink, SOLUTION_INPUT_BOUNDS, type SolutionInputs } from '@netloom/domain';
import type { SiteValues } from './SiteForm';

/** One floor of the plan's area, open plan (the plan already counted the walls). */
export function siteFromPlan(site: SiteValues, link: ApPlanLink): SiteValues {
  const { min, max } = SOLUTION_INPUT_BOUNDS.floorAreaM2;
  return { ...site, floorAreaM2: Math.min(max, Math.max(min, link.floorAreaM2)), floors: 1, rooms: 0 };
}

/** The plan as the generator's input (`floorPlan`): the sizing engine takes its model and count. */
export function floorPlanOf(link: ApPlanLink | null): SolutionInputs['floorPlan'] {
  return link ? { apModel: link.apModel, aps: link.aps, plan: link.plan } : undefined;
}
