import type { Account } from '@netloom/domain';
import type { Db } from '../../db';
import type { AccountRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { VerificationCodes } from '../verification';
import { type AccountAdministration, AccountAdminStore, type AccountSearch } from './admin';
import { EmailBinding } from './email';
import { accountRoutes } from './routes';
import { AccountService, toAccount } from './service';
import { type AccountKey, AccountStore } from './store';

/**
 * The accounts as the features that sign people in ask for them (auth: register, sign-in, password
 * changes; the live demo: its visitor's system account). Profile and avatar stay this feature's own;
 * the `accounts` and `avatars` rows are written only here.
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
  /** The account of a cloud code (a system account is found by its fixed code). */
  findByCloudCode(cloudCode: string): Promise<AccountRow | undefined>;
  /**
   * Makes sure a system account (the live demo's visitor) exists, on every node and every start
   * alike; its id. It has neither e-mail nor mobile, so no sign-in form can name it, and a password
   * hash no password matches; its company fields count as changed when it was made.
   */
  ensureSystemAccount(a: { cloudCode: string; nick: string; companyName: string }): Promise<number>;
  /** The API view of an account row (what every response carrying an account shows). */
  view(row: AccountRow, now: number): Account;
  /** Account management's list: a page of accounts, newest first, and the count (issue 14 §5). */
  search(filter: AccountSearch): Promise<{ total: number; items: AccountRow[] }>;
  /** Changes an account's role, member level or disabled state (account management). */
  administer(id: number, changes: AccountAdministration, now: string): Promise<void>;
}

/**
 * Not a scrypt hash, so no password ever matches it: a system account is entered only by its own
 * route (the demo's `POST /api/auth/demo`).
 */
const NO_PASSWORD = '!system-account-has-no-password';

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
  const admin = new AccountAdminStore(deps.db);
  return {
    name: 'account',
    routes: (app) => accountRoutes(app, { accounts, emailBinding }),
    findById: (id) => store.findById(id),
    findByKey: (key) => store.findByKey(key),
    insert: (row) => store.insert(row),
    setPasswordHash: (id, passwordHash, now) =>
      store.update(id, { password_hash: passwordHash, updated_at: now }),
    findByCloudCode: (cloudCode) => store.findByCloudCode(cloudCode),
    ensureSystemAccount: (a) =>
      store.ensureSystemAccount({ ...a, passwordHash: NO_PASSWORD, now: isoAt(deps.clock.now()) }),
    view: toAccount,
    search: (filter) => admin.search(filter),
    administer: (id, changes, now) => admin.administer(id, changes, now),
  };
}
