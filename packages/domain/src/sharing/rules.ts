/**
 * Project sharing rules of §3, §4 and §6: when a share expires, the §6/§9 limits a new or changed
 * share must respect (with their §8 codes), who may manage shares, and the invitation code format.
 * Pure: the server runs them against counts it read in the same transaction, the form mirrors them.
 */
import type { ProjectRight } from '../enums/project';
import type { SharePermission, ShareRole } from '../enums/sharing';
import { SHARE_ROLES } from '../enums/sharing';
import { ERR, type ErrorCode } from '../errors/catalogue';
import {
  INVITATION_CODE_LENGTH,
  SHARE_MAX_MANAGEABLE_PER_PROJECT,
  SHARE_MAX_PERMANENT_RW,
  SHARE_MAX_READ_ONLY,
  SHARE_MAX_READ_WRITE,
} from '../limits';

/** How a share (or an invitation's share) expires, as the form and the API carry it. */
export type ShareExpiry =
  | { kind: 'never' }
  | { kind: 'hours'; hours: number }
  | { kind: 'custom'; at: string };

const HOUR_MS = 3_600_000;

/** The instant (epoch ms) a share given at `now` expires, or null for never. */
export function shareExpiresAt(expiry: ShareExpiry, now: number): number | null {
  if (expiry.kind === 'never') return null;
  if (expiry.kind === 'hours') return now + expiry.hours * HOUR_MS;
  return Date.parse(expiry.at);
}

/** Whether a share that expires at `expiresAt` (null: never) has expired at `now` — at that very instant. */
export function isShareExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}

/**
 * What the limits count: the target account's unexpired shares by permission across all projects,
 * and the project's unexpired manageable shares and permanent manageable shares — each without the
 * share being changed (a change is checked as if that share were new).
 */
export interface ShareCounts {
  accountReadOnly: number;
  accountReadWrite: number;
  projectManageable: number;
  projectPermanentManageable: number;
}

/**
 * The §8 code refusing a share of `permission` (permanent when `permanent`) given these counts, or
 * null when it may be given. Order: the project's limits first (406 permanent managers, 188
 * manageable), then the account's (61 read-only, 62 read-write).
 */
export function shareLimitRefusal(
  permission: SharePermission,
  permanent: boolean,
  counts: ShareCounts,
): ErrorCode | null {
  if (permission === 'rw') {
    if (permanent && counts.projectPermanentManageable >= SHARE_MAX_PERMANENT_RW)
      return ERR.PERMANENT_SHARE_LIMIT;
    if (counts.projectManageable >= SHARE_MAX_MANAGEABLE_PER_PROJECT) return ERR.MANAGEABLE_SHARE_LIMIT;
    if (counts.accountReadWrite >= SHARE_MAX_READ_WRITE) return ERR.SHARE_READ_WRITE_LIMIT;
    return null;
  }
  if (counts.accountReadOnly >= SHARE_MAX_READ_ONLY) return ERR.SHARE_READ_ONLY_LIMIT;
  return null;
}

/** A member's standing as the share rules see it. */
export interface ShareActor {
  right: ProjectRight;
  /** Role within the shared project (§3 guest 0 / admin 1); the owner's is irrelevant. */
  role: ShareRole;
}

/**
 * Whether `actor` may give, change or revoke a share of `permission` (decision record
 * docs/decisions/sharing.md): the owner any share; a manager with the administrator role only
 * view shares and invitations; a guest manager and read-only members none (403). Returns the code or null.
 */
export function shareManageRefusal(actor: ShareActor, permission: SharePermission): ErrorCode | null {
  if (actor.right === 'own') return null;
  if (actor.right === 'rw' && actor.role === SHARE_ROLES.ADMIN && permission === 'r') return null;
  if (actor.right === 'r') return ERR.READ_ONLY_SHARE;
  return ERR.NO_PERMISSION;
}

/** Whether the actor may manage any share at all (the page's Share button, the invitation list). */
export function canManageShares(actor: ShareActor): boolean {
  return shareManageRefusal(actor, 'r') === null;
}

// Crockford base 32: no I, L, O, U — easy to read out and type.
export const INVITATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A typed code as stored: upper case, dashes and spaces removed, I/L read as 1 and O as 0. */
export function normaliseInvitationCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** Whether a normalised code has the shape of an invitation code (else it is 168 at once). */
export function isInvitationCodeShape(code: string): boolean {
  return (
    code.length === INVITATION_CODE_LENGTH && [...code].every((c) => INVITATION_CODE_ALPHABET.includes(c))
  );
}

/** A code as shown: groups of 4 separated by dashes (`K7PX-MQ2D-9TZA`). */
export function formatInvitationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
