/**
 * Scenarios of the solution generator (§1: hotel, mall, hospital, campus, factory, restaurant,
 * enterprise, entertainment) and the sizing profile of each: the walls a site of that kind typically
 * has, how many clients one radio should serve there, and the AP and camera models that suit it.
 * A custom scenario (§9: at most 20 per account, code 186) has its own name and follows the profile
 * of the system scenario it is based on; its name must not repeat a system one (§5, code 525).
 */
import { z } from 'zod';
import { SCENARIO_LABELS } from '../enums/project';
import type { WallMaterial } from '../enums/wifi';
import { ERR, type ErrorCode } from '../errors/catalogue';
import { TITLE_MAX_LENGTH } from '../limits';
import { customScenarioNameIssue } from '../validation/solutions';
import { textSchema } from '../validation/text';

export const SYSTEM_SCENARIOS = [
  'hotel',
  'mall',
  'hospital',
  'campus',
  'factory',
  'restaurant',
  'enterprise',
  'entertainment',
] as const;
export type SystemScenario = (typeof SYSTEM_SCENARIOS)[number];

/** How a scenario sizes a site. Figures are common WLAN design practice, not rules of the spec. */
export interface ScenarioProfile {
  /** The walls between rooms when the user does not say (the §9 materials). */
  wall: WallMaterial;
  /** Clients one radio serves with good experience (voice/video-heavy sites take fewer). */
  clientsPerRadio: number;
  /** Indoor AP model. */
  apModel: string;
  /** Camera model. */
  cameraModel: string;
  /** What the site's users mostly do, for the advice text. */
  usage: string;
}

export const SCENARIO_PROFILES: Record<SystemScenario, ScenarioProfile> = {
  hotel: {
    wall: 'brick',
    clientsPerRadio: 32,
    apModel: 'NL-A3000C',
    cameraModel: 'NL-IPC4D',
    usage: 'guest streaming and roaming between rooms, lobby and meeting rooms',
  },
  mall: {
    wall: 'glass',
    clientsPerRadio: 40,
    apModel: 'NL-A5400T',
    cameraModel: 'NL-IPC4D',
    usage: 'dense walk-in visitors, shop terminals and marketing portals',
  },
  hospital: {
    wall: 'concrete',
    clientsPerRadio: 24,
    apModel: 'NL-A3000C',
    cameraModel: 'NL-IPC4D',
    usage: 'medical carts, nurse calls and voice that must roam without drops',
  },
  campus: {
    wall: 'concrete',
    clientsPerRadio: 40,
    apModel: 'NL-A5400T',
    cameraModel: 'NL-IPC2B',
    usage: 'classrooms full of laptops and phones, dormitories at night',
  },
  factory: {
    wall: 'bearing_wall',
    clientsPerRadio: 24,
    apModel: 'NL-A3000C',
    cameraModel: 'NL-IPC2B',
    usage: 'scanners, AGVs and sensors across large halls',
  },
  restaurant: {
    wall: 'wood',
    clientsPerRadio: 32,
    apModel: 'NL-A3000C',
    cameraModel: 'NL-IPC4D',
    usage: 'guests on phones, ordering tablets and payment terminals',
  },
  enterprise: {
    wall: 'plasterboard',
    clientsPerRadio: 32,
    apModel: 'NL-A3000C',
    cameraModel: 'NL-IPC4D',
    usage: 'laptops, video meetings and office IoT',
  },
  entertainment: {
    wall: 'concrete',
    clientsPerRadio: 40,
    apModel: 'NL-A5400T',
    cameraModel: 'NL-IPC4D',
    usage: 'crowds streaming and posting at the same moment',
  },
};

/** The label of a system scenario (the project scenario labels of `enums/project.ts`). */
export function systemScenarioLabel(s: SystemScenario): string {
  return SCENARIO_LABELS[s];
}

/** Whether a name repeats a system scenario (its key or its label), letter case and spaces ignored. */
export function isSystemScenarioName(name: string): boolean {
  const n = name.trim().toLowerCase();
  return SYSTEM_SCENARIOS.some((s) => s === n || systemScenarioLabel(s).toLowerCase() === n);
}

/** Every name a custom scenario may not take: the system scenarios' keys and labels. */
export const SYSTEM_SCENARIO_NAMES: readonly string[] = SYSTEM_SCENARIOS.flatMap((s) => [
  s,
  systemScenarioLabel(s),
]);

/** The field message of a custom scenario's name (§5 rules, not a system name, not one of `mine`), or null. */
export function scenarioNameIssue(name: string, mine: readonly string[] = []): string | null {
  return customScenarioNameIssue(name, SYSTEM_SCENARIO_NAMES, mine);
}

/** The code a custom scenario's name is refused with (525), or null (text rules are zod's 400). */
export function scenarioNameRefusal(name: string): ErrorCode | null {
  return isSystemScenarioName(name) ? ERR.SCENARIO_NAME_SYSTEM : null;
}

/** `POST /api/solution-scenarios`: a custom scenario, named, following a system scenario's profile. */
export const customScenarioInputSchema = z.object({
  /** §5 text rules (at most 30 characters); a system name is refused by the service (525). */
  name: textSchema({ label: 'Scenario name', max: TITLE_MAX_LENGTH }),
  base: z.enum(SYSTEM_SCENARIOS),
});
export type CustomScenarioInput = z.input<typeof customScenarioInputSchema>;

export const customScenarioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base: z.enum(SYSTEM_SCENARIOS),
  createdAt: z.number(),
});
export type CustomScenario = z.infer<typeof customScenarioSchema>;

/**
 * The scenario a solution is generated for: a system one by key, or one of the account's custom
 * scenarios by id (the server resolves it to its name and base profile).
 */
export const scenarioRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system'), key: z.enum(SYSTEM_SCENARIOS) }),
  z.object({ kind: z.literal('custom'), id: z.number().int().positive() }),
]);
export type ScenarioRef = z.infer<typeof scenarioRefSchema>;

/** A scenario resolved for sizing: the name the solution shows and the profile it follows. */
export interface ResolvedScenario {
  name: string;
  base: SystemScenario;
}
