import {
  type Account,
  type ChangePasswordRequest,
  ERR,
  LOGIN_FAIL_MAX,
  LOGIN_FAIL_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  type loginRequestSchema,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
  type sendCodeRequestSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db';
import type { AccountRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import { hashPassword, randomCloudCode, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AccountKey, Accounts } from '../account';
import { type CodeDestination, codeTarget, type VerificationCodes } from '../verification';
import type { NewSession, SessionService, SignInOrigin } from './sessions';
import type { AuthStore } from './store';

type SendCodeInput = z.output<typeof sendCodeRequestSchema>;
type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;
type ResetInput = z.output<typeof resetPasswordRequestSchema>;

function destinationOf(
  v: { email: string } | { countryCode: string; mobile: string },
): CodeDestination & AccountKey {
  return 'email' in v
    ? { channel: 'email', email: v.email }
    : { channel: 'sms', countryCode: v.countryCode, mobile: v.mobile };
}
function keyOf(d: CodeDestination): AccountKey {
  return d.channel === 'email' ? { email: d.email } : { countryCode: d.countryCode, mobile: d.mobile };
}

/** No account uses this e-mail (22) or mobile number (419, §8 "mobile number not registered"). */
function notRegistered(dest: CodeDestination): AppError {
  return new AppError(dest.channel === 'sms' ? ERR.MOBILE_NOT_REGISTERED : ERR.ACCOUNT_NOT_EXIST);
}

/** Sign-in failures are forgotten after two days (with the codes and SMS sends of the same target). */
const FORGET_FAILURES_MS = 2 * 24 * 3_600_000;

export interface AuthServiceOptions {
  /** scrypt cost (log2 N); lower only by explicit configuration (tests). */
  scryptLogN: number;
}

/** Register, sign in (password or SMS code), reset and change password, with sign-in lock-out (80). */
export class AuthService {
  // Verified when the account is unknown, so a wrong account costs the same time as a wrong password.
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly accounts: Accounts,
    private readonly store: AuthStore,
    private readonly codes: VerificationCodes,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly options: AuthServiceOptions,
  ) {}

  async sendCode(input: SendCodeInput) {
    const dest = destinationOf(input);
    // Older than any lock window (30 min lock + 5 min window): safe to forget.
    await this.store.pruneLoginFailures(codeTarget(dest), isoAt(this.clock.now() - FORGET_FAILURES_MS));
    const exists = (await this.accounts.findByKey(keyOf(dest))) !== undefined;
    if (input.purpose === 'register' && exists) throw new AppError(ERR.ACCOUNT_EXISTS);
    if (input.purpose !== 'register' && !exists) throw notRegistered(dest);
    return this.codes.send(dest, input.purpose);
  }

  async register(input: RegisterInput): Promise<AccountRow> {
    const dest = destinationOf(input);
    const key = keyOf(dest);
    if (await this.accounts.findByKey(key)) throw new AppError(ERR.ACCOUNT_EXISTS);
    await this.codes.verify(codeTarget(dest), 'register', input.code);
    const passwordHash = await hashPassword(input.password, this.options.scryptLogN);
    const now = isoAt(this.clock.now());
    const nick = 'email' in key ? (key.email.split('@')[0] ?? key.email).slice(0, 32) : key.mobile;
    for (let attempt = 0; ; attempt++) {
      try {
        const id = await this.accounts.insert({ cloudCode: randomCloudCode(), key, passwordHash, nick, now });
        return this.mustFind(id);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Either the account appeared meanwhile (13) or the random cloud code collided: retry that.
        if (await this.accounts.findByKey(key)) throw new AppError(ERR.ACCOUNT_EXISTS);
        if (attempt >= 3) throw err;
      }
    }
  }

  async login(
    input: LoginInput,
    origin?: SignInOrigin,
  ): Promise<{ account: AccountRow; session: NewSession }> {
    const account = await this.authenticate(input);
    const session = await this.sessions.create(account.id, input.client, input.rememberSeconds, origin);
    return { account, session };
  }

  /** The account the credentials prove (password or SMS code), with the sign-in lock-out (4, 12, 75, 80). */
  async authenticate(input: LoginInput): Promise<AccountRow> {
    const dest = destinationOf(input);
    const target = codeTarget(dest);
    if (await this.isLocked(target)) throw new AppError(ERR.LOGIN_LOCKED);
    const account = await this.accounts.findByKey(keyOf(dest));

    if (input.method === 'sms') {
      await this.codes.verify(target, 'login', input.code);
      if (!account) throw new AppError(ERR.WRONG_CREDENTIALS);
    } else {
      const ok = await verifyPassword(input.password, account?.password_hash ?? (await this.dummy()));
      if (!account || !ok) {
        await this.store.recordLoginFailure(target, isoAt(this.clock.now()));
        throw new AppError((await this.isLocked(target)) ? ERR.LOGIN_LOCKED : ERR.WRONG_CREDENTIALS);
      }
    }
    await this.store.clearLoginFailures(target);
    return account;
  }

  async resetPassword(input: ResetInput): Promise<void> {
    const dest = destinationOf(input);
    const account = await this.accounts.findByKey(keyOf(dest));
    if (!account) throw notRegistered(dest);
    await this.codes.verify(codeTarget(dest), 'reset', input.code);
    await this.setPassword(account.id, input.password);
    await this.sessions.revokeOthers(account.id, null);
    await this.store.clearLoginFailures(codeTarget(dest));
  }

  async changePassword(accountId: number, sessionId: number, input: ChangePasswordRequest): Promise<void> {
    const account = await this.mustFind(accountId);
    if (!(await verifyPassword(input.oldPassword, account.password_hash))) {
      throw new AppError(ERR.WRONG_OLD_PASSWORD);
    }
    await this.setPassword(accountId, input.password);
    await this.sessions.revokeOthers(accountId, sessionId);
  }

  /** The API view of an account row. */
  view(row: AccountRow): Account {
    return this.accounts.view(row, this.clock.now());
  }

  async account(accountId: number): Promise<Account> {
    return this.accounts.view(await this.mustFind(accountId), this.clock.now());
  }

  async logout(sessionId: number): Promise<void> {
    await this.sessions.end(sessionId);
  }

  private async setPassword(accountId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password, this.options.scryptLogN);
    await this.accounts.setPasswordHash(accountId, passwordHash, isoAt(this.clock.now()));
  }

  /** Locked when LOGIN_FAIL_MAX failures fell within one window and the last is < LOCK ago. */
  private async isLocked(target: string): Promise<boolean> {
    const now = this.clock.now();
    const windowMs = LOGIN_FAIL_WINDOW_SECONDS * 1000;
    const lockMs = LOGIN_LOCK_SECONDS * 1000;
    const times = (await this.store.loginFailuresSince(target, isoAt(now - lockMs - windowMs))).map(
      Date.parse,
    );
    for (let i = 0; i + LOGIN_FAIL_MAX - 1 < times.length; i++) {
      const first = times[i] as number;
      const last = times[i + LOGIN_FAIL_MAX - 1] as number;
      if (last - first <= windowMs && now - last < lockMs) return true;
    }
    return false;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('not-a-password', this.options.scryptLogN);
    return this.dummyHash;
  }

  private async mustFind(id: number): Promise<AccountRow> {
    const row = await this.accounts.findById(id);
    if (!row) throw new AppError(ERR.NOT_SIGNED_IN);
    return row;
  }
}
