/** Project sharing enumerations of spec §3 and §6. */

/** Share permission (§3): `r` view, `rw` manage. Same spellings as the project right it grants. */
export const SHARE_PERMISSIONS = { VIEW: 'r', MANAGE: 'rw' } as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[keyof typeof SHARE_PERMISSIONS];
export const SHARE_PERMISSION_VALUES = ['r', 'rw'] as const satisfies readonly SharePermission[];
export const SHARE_PERMISSION_LABELS: Record<SharePermission, string> = {
  r: 'View',
  rw: 'Manage',
};

/**
 * How a share expires (§3 "expiry (hours, custom or never)"): after a preset number of hours, at a
 * custom date and time, or never (permanent).
 */
export const SHARE_EXPIRY_KINDS = ['hours', 'custom', 'never'] as const;
export type ShareExpiryKind = (typeof SHARE_EXPIRY_KINDS)[number];
export const SHARE_EXPIRY_KIND_LABELS: Record<ShareExpiryKind, string> = {
  hours: 'For a number of hours',
  custom: 'Until a custom date',
  never: 'Never expires',
};

/** How an account holds a project (§3 "property"): it created it, or was invited to it. */
export const PROJECT_PROPERTIES = ['created', 'invited'] as const;
export type ProjectProperty = (typeof PROJECT_PROPERTIES)[number];
export const PROJECT_PROPERTY_LABELS: Record<ProjectProperty, string> = {
  created: 'Created by me',
  invited: 'Shared with me',
};

/**
 * Role of a member within a shared project (§3 "also guest 0 and admin 1"; §6 "Administrator role
 * and guest in a shared project have some operations blocked"). Separate from the account roles
 * (normal, engineer, …), which describe the account itself.
 */
export const SHARE_ROLES = { GUEST: 0, ADMIN: 1 } as const;
export type ShareRole = (typeof SHARE_ROLES)[keyof typeof SHARE_ROLES];
export const SHARE_ROLE_VALUES = [0, 1] as const satisfies readonly ShareRole[];
export const SHARE_ROLE_LABELS: Record<ShareRole, string> = {
  0: 'Guest',
  1: 'Administrator',
};
/** Whether a number from the wire is a share role. */
export function isShareRole(v: unknown): v is ShareRole {
  return v === SHARE_ROLES.GUEST || v === SHARE_ROLES.ADMIN;
}
