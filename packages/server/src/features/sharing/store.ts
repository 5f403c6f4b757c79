import type { SharePermission, ShareRole } from '@netloom/domain';
import type { Db } from '../../db';

/** An invitation code as stored (the code itself never is: only its SHA-256 and last 4 characters). */
export interface InvitationRow {
  id: number;
  projectId: number;
  hint: string;
  permission: SharePermission;
  role: ShareRole;
  /** The share expiry each redemption gives (domain `ShareExpiry` as JSON). */
  expiryJson: string;
  validUntil: string;
  redemptions: number;
  createdAt: string;
}

type Row = {
  id: number;
  project_id: number;
  hint: string;
  permission: string;
  role: number;
  expiry_json: string;
  valid_until: string;
  redemptions: number;
  created_at: string;
};

function toInvitation(r: Row): InvitationRow {
  return {
    id: r.id,
    projectId: r.project_id,
    hint: r.hint,
    permission: r.permission as SharePermission,
    role: Number(r.role) as ShareRole,
    expiryJson: r.expiry_json,
    validUntil: r.valid_until,
    redemptions: Number(r.redemptions),
    createdAt: r.created_at,
  };
}

const COLUMNS = [
  'id',
  'project_id',
  'hint',
  'permission',
  'role',
  'expiry_json',
  'valid_until',
  'redemptions',
  'created_at',
] as const;

/** SQL of `project_invitations`, the sharing feature's own table. */
export class InvitationStore {
  constructor(private readonly db: Db) {}

  async insert(v: {
    projectId: number;
    codeHash: string;
    hint: string;
    permission: SharePermission;
    role: ShareRole;
    expiryJson: string;
    validUntil: string;
    createdBy: number;
    now: string;
  }): Promise<InvitationRow> {
    const r = await this.db
      .insertInto('project_invitations')
      .values({
        project_id: v.projectId,
        code_hash: v.codeHash,
        hint: v.hint,
        permission: v.permission,
        role: v.role,
        expiry_json: v.expiryJson,
        valid_until: v.validUntil,
        created_by: v.createdBy,
        created_at: v.now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toInvitation(r);
  }

  async ofProject(projectId: number): Promise<InvitationRow[]> {
    const rows = await this.db
      .selectFrom('project_invitations')
      .select(COLUMNS)
      .where('project_id', '=', projectId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toInvitation);
  }

  async byHash(codeHash: string): Promise<InvitationRow | undefined> {
    const r = await this.db
      .selectFrom('project_invitations')
      .select(COLUMNS)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return r && toInvitation(r);
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('project_invitations')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async countRedemption(id: number): Promise<void> {
    await this.db
      .updateTable('project_invitations')
      .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}
