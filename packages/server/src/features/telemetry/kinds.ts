/**
 * Which project series (network status panel) a device feeds. `internet` is the uplink of the
 * project: gateways and routers, and mesh primaries; `switch` and `ap` are the panels of those
 * devices; `client` is fed by client snapshots, not by a device kind.
 */
export const SERIES_KINDS = ['internet', 'switch', 'ap', 'client'] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];
export type DeviceSeriesKind = Exclude<SeriesKind, 'client'>;

const BY_TYPE: Record<string, DeviceSeriesKind> = {
  v7: 'internet',
  router: 'internet',
  wrouter: 'internet',
  mesh: 'internet',
  switch: 'switch',
  ap: 'ap',
};

/** Device types whose clients count as AP load (top-10 AP load, the AP panel). */
export const AP_TYPES = ['ap', 'mesh'] as const;

/**
 * The series a device of this type feeds, or null (NVR, CPE, cameras feed only the client series
 * through their snapshots). A secondary mesh node is an access point of the mesh, not an uplink:
 * its uplink traffic is backhaul already counted at the primary.
 */
export function seriesKindOf(type: string, meshRole?: number | null): DeviceSeriesKind | null {
  if (type === 'mesh' && meshRole === 1) return 'ap';
  return BY_TYPE[type] ?? null;
}

/** Device types of a series kind (for the "online / total" of a panel). */
export function typesOfKind(kind: DeviceSeriesKind): string[] {
  return Object.entries(BY_TYPE)
    .filter(([, k]) => k === kind)
    .map(([t]) => t);
}

export const FIVE_MINUTES = 5 * 60_000;
export const ONE_HOUR = 60 * 60_000;
/** Start of the bucket of width `width` (ms) that contains `ts`. */
export function bucketOf(ts: number, width: number): number {
  return ts - (((ts % width) + width) % width);
}
