import { randomInt } from 'node:crypto';
import {
  canManageShares,
  ERR,
  errorMessage,
  formatInvitationCode,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  type Invitation,
  type invitationInputSchema,
  isInvitationCodeShape,
  isShareExpired,
  normaliseInvitationCode,
  type ProjectShare,
  SHARE_EXPIRY_PAST_MESSAGE,
  SHARE_EXPIRY_TOO_FAR_MESSAGE,
  SHARE_MAX_HOURS,
  SHARE_ROLES,
  type ShareActor,
  type ShareExpiry,
  type ShareList,
  type SharePermission,
  type ShareRole,
  shareExpiresAt,
  shareExpirySchema,
  type shareInputSchema,
  shareLimitRefusal,
  shareManageRefusal,
  type shareUpdateSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { Accounts } from '../account';
import type { MemberStore, Projects, ShareRow } from '../projects';
import type { InvitationRow, InvitationStore } from './store';

type ShareInput = z.output<typeof shareInputSchema>;
type ShareUpdate = z.output<typeof shareUpdateSchema>;
type InvitationInput = z.output<typeof invitationInputSchema>;
type MemberReason = 'shared' | 'changed' | 'revoked' | 'left' | 'expired';

const HOUR_MS = 3_600_000;

export interface SharingServiceDeps {
  members: MemberStore;
  invitations: InvitationStore;
  accounts: Pick<Accounts, 'findByKey'>;
  projects: Pick<Projects, 'settingsOf'>;
  clock: Clock;
  bus: LiveBus;
  /** A share's expiry was set or changed: the expiry watcher looks again. */
  expiryChanged: () => void;
}

function accountLabel(r: Pick<ShareRow, 'email' | 'countryCode' | 'mobile'>): string {
  if (r.email) return r.email;
  return r.mobile ? `+${r.countryCode ?? ''} ${r.mobile}` : '';
}

/** Shares by account and by invitation code: the rules of domain `sharing/` against the database. */
export class SharingService {
  constructor(private readonly deps: SharingServiceDeps) {}

  private now(): number {
    return this.deps.clock.now();
  }

  private announce(projectId: number, accountId: number, reason: MemberReason): void {
    this.deps.bus.publish({ type: 'member.changed', projectId, accountId, reason });
    // A new member's open consoles follow none of this project yet: told as the account's news.
    if (reason === 'shared')
      this.deps.bus.publish({ type: 'account.projects', projectId, accountId, reason });
  }

  /** The caller's standing for the share rules (the guard already checked membership and expiry). */
  private async actor(access: ProjectAccess): Promise<ShareActor> {
    const m = await this.deps.members.member(access.projectId, access.accountId);
    return { right: access.right, role: m?.role ?? SHARE_ROLES.GUEST };
  }

  private refuseUnless(actor: ShareActor, permission: SharePermission): void {
    const refusal = shareManageRefusal(actor, permission);
    if (refusal !== null) throw new AppError(refusal);
  }

  /** The ISO instant an expiry ends at, checked against the clock (400 on `path` when in the past). */
  private expiresAt(expiry: ShareExpiry, path: string): string | null {
    const now = this.now();
    const at = shareExpiresAt(expiry, now);
    if (at === null) return null;
    if (at <= now)
      throw new AppError(ERR.INVALID_PARAMETERS, 400, [{ path, message: SHARE_EXPIRY_PAST_MESSAGE }]);
    if (at > now + SHARE_MAX_HOURS * HOUR_MS)
      throw new AppError(ERR.INVALID_PARAMETERS, 400, [{ path, message: SHARE_EXPIRY_TOO_FAR_MESSAGE }]);
    return isoAt(at);
  }

  private view(r: ShareRow): ProjectShare {
    return {
      accountId: r.accountId,
      nick: r.nick,
      account: accountLabel(r),
      permission: r.right,
      role: r.role,
      expiresAt: r.expiresAt,
      expired: isShareExpired(r.expiresAt === null ? null : Date.parse(r.expiresAt), this.now()),
      via: r.via,
      createdAt: r.createdAt,
    };
  }

  private async shareOf(projectId: number, accountId: number): Promise<ProjectShare> {
    const row = (await this.deps.members.shares(projectId)).find((r) => r.accountId === accountId);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    return this.view(row);
  }

  async list(access: ProjectAccess): Promise<ShareList> {
    const actor = await this.actor(access);
    const rows = await this.deps.members.shares(access.projectId);
    return {
      items: rows.map((r) => this.view(r)),
      canManage: canManageShares(actor),
      canShareManage: shareManageRefusal(actor, 'rw') === null,
    };
  }

  /** Grants a share, the limits checked in the grant's transaction. */
  private async grant(
    projectId: number,
    accountId: number,
    permission: SharePermission,
    role: ShareRole,
    expiresAt: string | null,
    via: 'share' | 'invitation',
    mode: 'new' | 'change',
  ): Promise<void> {
    await this.deps.members.grant(
      {
        projectId,
        accountId,
        right: permission,
        // A view share has no role to speak of: its member is a guest (§3).
        role: permission === 'r' ? SHARE_ROLES.GUEST : role,
        expiresAt,
        via,
        now: isoAt(this.now()),
        mode,
      },
      (counts) => shareLimitRefusal(permission, expiresAt === null, counts),
    );
    if (expiresAt !== null) this.deps.expiryChanged();
  }

  async share(access: ProjectAccess, input: ShareInput): Promise<ProjectShare> {
    this.refuseUnless(await this.actor(access), input.permission);
    const target = await this.deps.accounts.findByKey(input.account);
    if (!target)
      throw new AppError(ERR.ACCOUNT_NOT_EXIST, 404, [
        { path: 'account', message: errorMessage(ERR.ACCOUNT_NOT_EXIST) },
      ]);
    if (target.id === access.accountId)
      throw new AppError(ERR.SHARE_TO_SELF, 400, [
        { path: 'account', message: errorMessage(ERR.SHARE_TO_SELF) },
      ]);
    const expiresAt = this.expiresAt(input.expiry, 'expiry');
    await this.grant(access.projectId, target.id, input.permission, input.role, expiresAt, 'share', 'new');
    this.announce(access.projectId, target.id, 'shared');
    return this.shareOf(access.projectId, target.id);
  }

  async update(access: ProjectAccess, accountId: number, input: ShareUpdate): Promise<ProjectShare> {
    const current = await this.deps.members.member(access.projectId, accountId);
    if (!current || current.right === 'own') throw new AppError(ERR.NOT_EXIST);
    const actor = await this.actor(access);
    const permission = input.permission ?? current.right;
    this.refuseUnless(actor, current.right);
    this.refuseUnless(actor, permission);
    if (accountId === access.accountId) throw new AppError(ERR.NO_PERMISSION);
    const expiresAt = input.expiry ? this.expiresAt(input.expiry, 'expiry') : current.expiresAt;
    const role = input.role ?? current.role;
    await this.grant(access.projectId, accountId, permission, role, expiresAt, 'share', 'change');
    this.announce(access.projectId, accountId, 'changed');
    return this.shareOf(access.projectId, accountId);
  }

  async revoke(access: ProjectAccess, accountId: number): Promise<void> {
    const current = await this.deps.members.member(access.projectId, accountId);
    if (!current || current.right === 'own') throw new AppError(ERR.NOT_EXIST);
    this.refuseUnless(await this.actor(access), current.right);
    if (accountId === access.accountId) throw new AppError(ERR.NO_PERMISSION);
    await this.deps.members.remove(access.projectId, accountId);
    this.announce(access.projectId, accountId, 'revoked');
  }

  /** Leaving a project shared with you (expired or not); the owner cannot leave its own project. */
  async leave(accountId: number, projectId: number): Promise<void> {
    const current = await this.deps.members.member(projectId, accountId);
    if (!current) throw new AppError(ERR.PROJECT_INVALID);
    if (current.right === 'own') throw new AppError(ERR.NO_PERMISSION);
    await this.deps.members.remove(projectId, accountId);
    this.announce(projectId, accountId, 'left');
  }

  private invitationView(r: InvitationRow, code: string | null): Invitation {
    return {
      id: r.id,
      code: code === null ? null : formatInvitationCode(code),
      hint: r.hint,
      permission: r.permission,
      role: r.role,
      expiry: shareExpirySchema.parse(JSON.parse(r.expiryJson)),
      validUntil: r.validUntil,
      expired: Date.parse(r.validUntil) <= this.now(),
      redemptions: r.redemptions,
      createdAt: r.createdAt,
    };
  }

  async invitations(access: ProjectAccess): Promise<{ items: Invitation[] }> {
    const rows = await this.deps.invitations.ofProject(access.projectId);
    return { items: rows.map((r) => this.invitationView(r, null)) };
  }

  async createInvitation(access: ProjectAccess, input: InvitationInput): Promise<Invitation> {
    this.refuseUnless(await this.actor(access), input.permission);
    // The share expiry is resolved at each redemption; a custom date must be ahead now already.
    this.expiresAt(input.expiry, 'expiry');
    let code = '';
    for (let i = 0; i < INVITATION_CODE_LENGTH; i++)
      code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
    const now = this.now();
    const row = await this.deps.invitations.insert({
      projectId: access.projectId,
      codeHash: sha256(code),
      hint: code.slice(-4),
      permission: input.permission,
      role: input.permission === 'r' ? SHARE_ROLES.GUEST : input.role,
      expiryJson: JSON.stringify(input.expiry),
      validUntil: isoAt(now + input.validHours * HOUR_MS),
      createdBy: access.accountId,
      now: isoAt(now),
    });
    return this.invitationView(row, code);
  }

  async deleteInvitation(access: ProjectAccess, id: number): Promise<void> {
    const row = (await this.deps.invitations.ofProject(access.projectId)).find((r) => r.id === id);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    this.refuseUnless(await this.actor(access), row.permission);
    await this.deps.invitations.delete(access.projectId, id);
  }

  /** Redeems a code: 168 unknown or withdrawn, 64 past its validity; then the rules of a share. */
  async redeem(accountId: number, typed: string): Promise<{ projectId: number; projectName: string }> {
    const code = normaliseInvitationCode(typed);
    const invalid = () =>
      new AppError(ERR.INVITATION_CODE_ERROR, 400, [
        { path: 'code', message: errorMessage(ERR.INVITATION_CODE_ERROR) },
      ]);
    if (!isInvitationCodeShape(code)) throw invalid();
    const row = await this.deps.invitations.byHash(sha256(code));
    if (!row) throw invalid();
    if (Date.parse(row.validUntil) <= this.now())
      throw new AppError(ERR.INVITATION_CODE_EXPIRED, 400, [
        { path: 'code', message: errorMessage(ERR.INVITATION_CODE_EXPIRED) },
      ]);
    const current = await this.deps.members.member(row.projectId, accountId);
    if (current?.right === 'own') throw new AppError(ERR.SHARE_TO_SELF);
    const expiry = shareExpirySchema.parse(JSON.parse(row.expiryJson));
    const at = shareExpiresAt(expiry, this.now());
    // A custom end that has passed since the code was made gives nothing: the invitation is over.
    if (at !== null && at <= this.now()) throw new AppError(ERR.INVITATION_CODE_EXPIRED);
    const expiresAt = at === null ? null : isoAt(at);
    await this.grant(row.projectId, accountId, row.permission, row.role, expiresAt, 'invitation', 'new');
    await this.deps.invitations.countRedemption(row.id);
    this.announce(row.projectId, accountId, 'shared');
    const settings = await this.deps.projects.settingsOf([row.projectId]);
    return { projectId: row.projectId, projectName: settings.get(row.projectId)?.name ?? '' };
  }
}
