import { type Account, ERR, SAME_EMAIL_MESSAGE, type SendCodeResponse } from '@netloom/domain';
import { isUniqueViolation } from '../../db';
import type { AccountRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import type { VerificationCodes } from '../verification';
import { toAccount } from './service';
import type { AccountStore } from './store';

const PURPOSE = 'bind-email';

/**
 * Binding an e-mail to an account (a mobile account adding one) or changing it: a 6-digit code is
 * mailed to the new address, and only that code moves the account to it. The same rules as
 * registration: 13 when the address belongs to another account, 12 for a wrong code, 75 after
 * the fifth wrong attempt (the code is burnt), 2010 for an early resend, 1 when mail fails.
 */
export class EmailBinding {
  constructor(
    private readonly store: AccountStore,
    private readonly codes: VerificationCodes,
    private readonly clock: Clock,
  ) {}

  async sendCode(accountId: number, email: string): Promise<SendCodeResponse> {
    await this.checkAddress(accountId, email);
    return this.codes.send({ channel: 'email', email }, PURPOSE);
  }

  async bind(accountId: number, input: { email: string; code: string }): Promise<Account> {
    await this.checkAddress(accountId, input.email);
    await this.codes.verify(input.email, PURPOSE, input.code);
    const now = this.clock.now();
    try {
      await this.store.update(accountId, { email: input.email, updated_at: isoAt(now) });
    } catch (err) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(err)) throw new AppError(ERR.ACCOUNT_EXISTS);
      throw err;
    }
    return toAccount(await this.mustFind(accountId), now);
  }

  private async checkAddress(accountId: number, email: string): Promise<void> {
    const account = await this.mustFind(accountId);
    if (account.email === email) throw invalidField('email', SAME_EMAIL_MESSAGE);
    if (await this.store.findByKey({ email })) throw new AppError(ERR.ACCOUNT_EXISTS);
  }

  private async mustFind(id: number): Promise<AccountRow> {
    const row = await this.store.findById(id);
    if (!row) throw new AppError(ERR.NOT_SIGNED_IN);
    return row;
  }
}
