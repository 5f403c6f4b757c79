import type { Account } from '@netloom/domain';
import type { Db } from '../../db';
import type { AccountRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { VerificationCodes } from '../verification';
import { EmailBinding } from './email';
import { accountRoutes } from './routes';
import { AccountService, toAccount } from './service';
import { type AccountKey, AccountStore } from './store';

/**
 * The accounts as the features that sign people in ask for them (auth: register, sign-in, password
 * changes; the live demo: its visitor's account). Profile and avatar stay this feature's own.
 */
export interface Accounts {
  findById(id: number): Promise<AccountRow | undefined>;
  /** The account of an e-mail or a mobile number. */
  findByKey(key: AccountKey): Promise<AccountRow | undefined>;
  /** A new account; its id. Throws the database's unique violation when the key or cloud code is taken. */
  insert(row: {
    cloudCode: string;
    key: AccountKey;
    passwordHash: string;
    nick: string;
    now: string;
  }): Promise<number>;
  setPasswordHash(id: number, passwordHash: string, now: string): Promise<void>;
  /** The API view of an account row (what every response carrying an account shows). */
  view(row: AccountRow, now: number): Account;
}

export interface AccountDeps {
  db: Db;
  clock: Clock;
  /** E-mail binding proves the new address with a code. */
  codes: VerificationCodes;
}

export interface AccountFeature extends Feature, Accounts {}

/** Profile, avatar and the account's e-mail: `/api/account/…` (domain `accountEndpoints`). */
export function createAccountFeature(deps: AccountDeps): AccountFeature {
  const store = new AccountStore(deps.db);
  const accounts = new AccountService(store, deps.clock);
  const emailBinding = new EmailBinding(store, deps.codes, deps.clock);
  return {
    name: 'account',
    routes: (app) => accountRoutes(app, { accounts, emailBinding }),
    findById: (id) => store.findById(id),
    findByKey: (key) => store.findByKey(key),
    insert: (row) => store.insert(row),
    setPasswordHash: (id, passwordHash, now) =>
      store.update(id, { password_hash: passwordHash, updated_at: now }),
    view: toAccount,
  };
}
