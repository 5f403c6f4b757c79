/** Small enumerations of spec §3 and §9 used across screens: units, filters, layouts, time ranges. */

/** Rate-limit units of §3: MB=1, GB=2, WIRELESS=3, TB=4. */
export const RATE_UNITS = { MB: 1, GB: 2, WIRELESS: 3, TB: 4 } as const;
export type RateUnit = (typeof RATE_UNITS)[keyof typeof RATE_UNITS];
export const RATE_UNIT_LABELS: Record<RateUnit, string> = { 1: 'MB', 2: 'GB', 3: 'Wireless', 4: 'TB' };

/** Keys a device/client table can be filtered by (§3). */
export const TABLE_FILTER_KEYS = ['ip', 'model', 'port', 'name', 'vlan', 'mac'] as const;
export type TableFilterKey = (typeof TABLE_FILTER_KEYS)[number];
export const TABLE_FILTER_KEY_LABELS: Record<TableFilterKey, string> = {
  ip: 'IP address',
  model: 'Model',
  port: 'Port',
  name: 'Name',
  vlan: 'VLAN',
  mac: 'MAC address',
};

/** Topology layout directions (§3). */
export const LAYOUT_DIRECTIONS = ['horizontal', 'vertical'] as const;
export type LayoutDirection = (typeof LAYOUT_DIRECTIONS)[number];
export const LAYOUT_DIRECTION_LABELS: Record<LayoutDirection, string> = {
  horizontal: 'Horizontal',
  vertical: 'Vertical',
};

/** Alarm read flag (§3): read 1, unread 0. */
export const ALARM_READ_FLAGS = { UNREAD: 0, READ: 1 } as const;
export type AlarmReadFlag = (typeof ALARM_READ_FLAGS)[keyof typeof ALARM_READ_FLAGS];
export const ALARM_READ_FLAG_LABELS: Record<AlarmReadFlag, string> = { 0: 'Unread', 1: 'Read' };

/** Log retention choices of §9, in days. */
export const LOG_RETENTION_DAYS = [7, 30, 90, 180] as const;
export type LogRetentionDays = (typeof LOG_RETENTION_DAYS)[number];

/** Time ranges of the statistics charts (§2 "12h, 24h, 72h, 7 days, 30 days"). */
export const TIME_RANGES = {
  '12h': { label: '12 h', seconds: 12 * 3600 },
  '24h': { label: '24 h', seconds: 24 * 3600 },
  '72h': { label: '72 h', seconds: 72 * 3600 },
  '7d': { label: '7 days', seconds: 7 * 86400 },
  '30d': { label: '30 days', seconds: 30 * 86400 },
} as const;
export type TimeRange = keyof typeof TIME_RANGES;
export const TIME_RANGE_KEYS = ['12h', '24h', '72h', '7d', '30d'] as const satisfies readonly TimeRange[];
export const DEFAULT_TIME_RANGE: TimeRange = '24h';

/** Data-screen map ranges (§2 "map range China or world"). */
export const DATA_SCREEN_MAP_RANGES = ['china', 'world'] as const;
export type DataScreenMapRange = (typeof DATA_SCREEN_MAP_RANGES)[number];
export const DATA_SCREEN_MAP_RANGE_LABELS: Record<DataScreenMapRange, string> = {
  china: 'China',
  world: 'World',
};
