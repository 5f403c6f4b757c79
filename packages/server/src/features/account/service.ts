import { type Account, type AccountRole, ERR, type ProfileUpdateRequest } from '@netloom/domain';
import type { AccountRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ImageKind } from './image';
import type { AccountStore } from './store';

export const AVATAR_PATH = '/api/account/avatar';

function sameUtcYear(iso: string | null, now: number): boolean {
  return iso !== null && new Date(iso).getUTCFullYear() === new Date(now).getUTCFullYear();
}

/** The API view of an account row. */
export function toAccount(row: AccountRow, now: number): Account {
  return {
    id: row.id,
    cloudCode: row.cloud_code,
    nick: row.nick,
    role: row.role as AccountRole,
    email: row.email,
    countryCode: row.country_code,
    mobile: row.mobile,
    companyName: row.company_name,
    companyLocation: row.company_location,
    companyNameEditable: !sameUtcYear(row.company_name_changed_at, now),
    companyLocationEditable: !sameUtcYear(row.company_location_changed_at, now),
    avatarUrl: row.avatar_id ? `${AVATAR_PATH}/${row.avatar_id}` : null,
    createdAt: row.created_at,
  };
}

/** Profile and avatar. Company name and location may each change once per calendar year (UTC). */
export class AccountService {
  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
  ) {}

  async get(accountId: number): Promise<Account> {
    return toAccount(await this.mustFind(accountId), this.clock.now());
  }

  async updateProfile(accountId: number, input: ProfileUpdateRequest): Promise<Account> {
    const row = await this.mustFind(accountId);
    const now = this.clock.now();
    // Sending the current value again is not a change (forms send every field).
    const nameChange = input.companyName !== undefined && input.companyName !== row.company_name;
    const locationChange =
      input.companyLocation !== undefined && input.companyLocation !== row.company_location;
    const nameRefused = nameChange && sameUtcYear(row.company_name_changed_at, now);
    const locationRefused = locationChange && sameUtcYear(row.company_location_changed_at, now);
    if (nameRefused && locationRefused) throw new AppError(ERR.COMPANY_INFO_CHANGED_THIS_YEAR, 409);
    if (nameRefused) throw new AppError(ERR.COMPANY_NAME_CHANGED_THIS_YEAR, 409);
    if (locationRefused) throw new AppError(ERR.COMPANY_LOCATION_CHANGED_THIS_YEAR, 409);

    const at = isoAt(now);
    await this.store.update(accountId, {
      ...(input.nick !== undefined && { nick: input.nick }),
      ...(input.role !== undefined && { role: input.role }),
      ...(nameChange && { company_name: input.companyName, company_name_changed_at: at }),
      ...(locationChange && { company_location: input.companyLocation, company_location_changed_at: at }),
      updated_at: at,
    });
    return this.get(accountId);
  }

  async setAvatar(accountId: number, image: { kind: ImageKind; bytes: Buffer }): Promise<Account> {
    await this.store.replaceAvatar(accountId, {
      id: randomToken(16),
      mime: image.kind.mime,
      bytes: image.bytes,
      now: isoAt(this.clock.now()),
    });
    return this.get(accountId);
  }

  async avatar(id: string): Promise<{ mime: string; bytes: Buffer }> {
    const found = await this.store.findAvatar(id);
    if (!found) throw new AppError(ERR.NOT_EXIST);
    return found;
  }

  private async mustFind(id: number): Promise<AccountRow> {
    const row = await this.store.findById(id);
    if (!row) throw new AppError(ERR.NOT_SIGNED_IN);
    return row;
  }
}
