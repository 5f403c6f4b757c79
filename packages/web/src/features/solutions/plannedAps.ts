/**
 * A plan made on a floor plan ("Use in a solution" on the Wi-Fi map, issue 15) in the generator: the
 * site's floor area from the plan, and the planned model and count as the indoor AP row. Pure, so it
 * is tested without the page.
 */
import {
  type ApPlanLink,
  OUTDOOR_AP_MODEL,
  SOLUTION_INPUT_BOUNDS,
  SOLUTION_REMARK_MAX_LENGTH,
  SOLUTION_ROLES,
  type SolutionRole,
} from '@netloom/domain';
import type { SiteValues } from './SiteForm';

/** One floor of the plan's area, open plan (the plan already counted the walls). */
export function siteFromPlan(site: SiteValues, link: ApPlanLink): SiteValues {
  const { min, max } = SOLUTION_INPUT_BOUNDS.floorAreaM2;
  return { ...site, floorAreaM2: Math.min(max, Math.max(min, link.floorAreaM2)), floors: 1, rooms: 0 };
}

/** "Floor plan: Ground floor: 4 APs: 96 % …", cut to fit a remark. */
export function plannedRemark(link: ApPlanLink): string {
  const text = `Floor plan: ${link.plan}`;
  return text.length <= SOLUTION_REMARK_MAX_LENGTH
    ? text
    : `${text.slice(0, SOLUTION_REMARK_MAX_LENGTH - 1)}…`;
}

interface Row {
  role: SolutionRole;
  model: string;
  quantity: number;
}

/**
 * The generated rows with the indoor AP rows replaced by the planned one, where they stood (outdoor
 * APs stay). A planned outdoor model joins the outdoor row: a list holds a role and model once (55).
 */
export function withPlannedAps<T extends Row>(rows: readonly T[], planned: T): T[] {
  const at = rows.findIndex((r) => r.role === 'ap');
  const kept = rows.filter((r) => r.role !== 'ap' || r.model === OUTDOOR_AP_MODEL);
  const same = kept.findIndex((r) => r.role === 'ap' && r.model === planned.model);
  if (same >= 0)
    return kept.map((r, i) => (i === same ? { ...planned, quantity: r.quantity + planned.quantity } : r));
  // Rows before the first AP row are never AP rows, so it stands at the same index in `kept`.
  const after = kept.findIndex((r) => SOLUTION_ROLES.indexOf(r.role) > SOLUTION_ROLES.indexOf('ap'));
  const before = at >= 0 ? at : after >= 0 ? after : kept.length;
  return [...kept.slice(0, before), planned, ...kept.slice(before)];
}
