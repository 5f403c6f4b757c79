/**
 * The per-function permission flags of spec §6. The server sends a flag set per account/project;
 * a menu item is shown only when its flag (and its group's flag) is on.
 */
export const PERMISSION_FLAGS = [
  'projectOverview',
  'projectList',
  'dataScreen',
  'network',
  'status',
  'visualization',
  'wireHeatMap',
  'topology',
  'config',
  'deviceMaintenance',
  'networkConfig',
  'networkSettings',
  'vlan',
  'dhcp',
  'staticRoute',
  'routeTable',
  'portMap',
  'wirelessConfig',
  'rfOptimization',
  'data',
  'deviceRunData',
  'onlineClientData',
  'onlineClientList',
  'tools',
  'permissionShare',
  'runLog',
  'alarmInfo',
  'configBackup',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
/** A complete flag set: every function of §6 on or off. */
export type PermissionFlags = Record<PermissionFlag, boolean>;

/** Every flag on: the set for a project's owner and for manageable invitees. */
export const ALL_PERMISSIONS: Readonly<PermissionFlags> = Object.freeze(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true])) as PermissionFlags,
);

/** Every flag off. */
export const NO_PERMISSIONS: Readonly<PermissionFlags> = Object.freeze(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])) as PermissionFlags,
);

/** A full flag set from a partial one; flags not given are off (deny by default). */
export function permissionsFrom(partial: Partial<PermissionFlags>): PermissionFlags {
  return { ...NO_PERMISSIONS, ...partial };
}

/** All flags on except the ones listed. */
export function permissionsWithout(...off: PermissionFlag[]): PermissionFlags {
  const flags: PermissionFlags = { ...ALL_PERMISSIONS };
  for (const f of off) flags[f] = false;
  return flags;
}
