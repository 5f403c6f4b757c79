import { z } from 'zod';
import { ACCOUNT_ROLES, type AccountRole } from '../enums/account';

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

/** A complete flag set on the wire (session and login responses). */
export const permissionFlagsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean()])) as Record<PermissionFlag, z.ZodBoolean>,
);

/** Flags stored for one account on top of its role's defaults: only the flags that differ. */
export const permissionOverridesSchema = permissionFlagsSchema.partial().strict();
export type PermissionOverrides = z.infer<typeof permissionOverridesSchema>;

/**
 * Default flags per account role. The spec names the flags (§6) but no role that lacks one, so
 * Netloom's rule: every role gets every function except the retail partner, who looks after
 * customers' networks through shares and so does not manage sharing and permissions itself
 * (`permissionShare`). An account's stored overrides then switch single flags on or off.
 */
export const ROLE_DEFAULT_PERMISSIONS: Readonly<Record<AccountRole, Readonly<PermissionFlags>>> = {
  [ACCOUNT_ROLES.NORMAL]: ALL_PERMISSIONS,
  [ACCOUNT_ROLES.ENGINEER]: ALL_PERMISSIONS,
  [ACCOUNT_ROLES.MANUFACTURER]: ALL_PERMISSIONS,
  [ACCOUNT_ROLES.RETAIL_PARTNER]: Object.freeze(permissionsWithout('permissionShare')),
};

/** An account's effective flags: its role's defaults with its stored overrides applied. */
export function effectivePermissions(
  role: AccountRole,
  overrides: PermissionOverrides = {},
): PermissionFlags {
  const flags: PermissionFlags = { ...ROLE_DEFAULT_PERMISSIONS[role] };
  for (const f of PERMISSION_FLAGS) {
    const v = overrides[f];
    if (v !== undefined) flags[f] = v;
  }
  return flags;
}
