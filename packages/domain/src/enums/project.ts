/** Project network mode of §3: 0 WLAN (traditional), 1 MESH (cable-free). */
export const NET_MODES = { WLAN: 0, MESH: 1 } as const;
export type NetMode = (typeof NET_MODES)[keyof typeof NET_MODES];
export const NET_MODE_KEYS = { 0: 'wlan', 1: 'mesh' } as const satisfies Record<NetMode, string>;
export type NetModeKey = (typeof NET_MODE_KEYS)[NetMode];
export const NET_MODE_LABELS: Record<NetMode, string> = {
  0: 'Traditional WLAN',
  1: 'Cable-free (mesh) WLAN',
};
export const DEFAULT_NET_MODE: NetMode = NET_MODES.WLAN;

/**
 * Project rights of §6: own (full control), invitation manageable ("rw": device management, all
 * permissions), invitation read-only ("r": view).
 */
export const PROJECT_RIGHTS = { OWN: 'own', MANAGE: 'rw', READ_ONLY: 'r' } as const;
export type ProjectRight = (typeof PROJECT_RIGHTS)[keyof typeof PROJECT_RIGHTS];
export const PROJECT_RIGHT_VALUES = ['own', 'rw', 'r'] as const satisfies readonly ProjectRight[];
export const PROJECT_RIGHT_LABELS: Record<ProjectRight, string> = {
  own: 'Owner',
  rw: 'Manage',
  r: 'Read-only',
};
/** Whether a right allows changing the project and its devices. */
export function canConfigure(right: ProjectRight): boolean {
  return right === 'own' || right === 'rw';
}

/** Deployment scenarios of §1 (solution generation and project scenario). */
export const SCENARIOS = [
  'hotel',
  'mall',
  'hospital',
  'campus',
  'factory',
  'restaurant',
  'enterprise',
  'entertainment',
  'home',
  'other',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
export const SCENARIO_LABELS: Record<Scenario, string> = {
  hotel: 'Hotel',
  mall: 'Shopping mall',
  hospital: 'Hospital',
  campus: 'Campus',
  factory: 'Factory',
  restaurant: 'Restaurant',
  enterprise: 'Enterprise office',
  entertainment: 'Entertainment venue',
  home: 'Home',
  other: 'Other',
};

/** Demo projects: ids 500000 and 600000, or type_flag 9 (§3). */
export const DEMO_PROJECT_IDS = [500000, 600000] as const;
export const DEMO_TYPE_FLAG = 9;
export function isDemoProject(p: { id: number; typeFlag?: number | null }): boolean {
  return (DEMO_PROJECT_IDS as readonly number[]).includes(p.id) || p.typeFlag === DEMO_TYPE_FLAG;
}
