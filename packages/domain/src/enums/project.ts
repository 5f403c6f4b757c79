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

/** Time zones offered for a project, as UTC offsets in hours (default +8, §9). */
export const TIME_ZONES = [
  -12, -11, -10, -9.5, -9, -8, -7, -6, -5, -4, -3.5, -3, -2, -1, 0, 1, 2, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6,
  6.5, 7, 8, 8.75, 9, 9.5, 10, 10.5, 11, 12, 12.75, 13, 14,
] as const;
export const DEFAULT_TIME_ZONE = 8;
export function formatTimeZone(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const h = Math.floor(abs);
  const m = Math.round((abs - h) * 60);
  return `UTC${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
