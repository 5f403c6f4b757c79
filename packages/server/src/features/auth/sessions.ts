import {
  ACCESS_TYPES,
  type AccessType,
  ERR,
  SESSION_TTL_SECONDS,
  SESSION_USER_AGENT_MAX_LENGTH,
} from '@netloom/domain';
import type { SessionRow } from '../../db/schema';
import type { PeerChannel } from '../../gateway/types';
import { type Clock, isoAt } from '../../lib/clock';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ActiveSession, SessionResolver, TokenSource } from '../../plugins/auth';
import type { AuthStore } from './store';

/** Where a sign-in came from, kept with its session for the list in My account (issue 14 §5). */
export interface SignInOrigin {
  userAgent: string | null;
  ip: string | null;
}

export interface NewSession {
  token: string;
  /** CSRF token for web sessions (sent back in the X-CSRF-Token header). */
  csrf: string | null;
  expiresAt: number;
}

// A row written by this server always holds one of ACCESS_TYPES; anything else is treated as the
// narrowest kind (openapi), never as web.
function accessTypeOf(client: string): AccessType {
  return (ACCESS_TYPES as readonly string[]).includes(client) ? (client as AccessType) : 'openapi';
}

export const PASSWORD_CHANGED_REASON = 'password changed';
/** Sessions ended by an administrator disabling the account (issue 14 §5): they answer 520. */
export const ACCOUNT_DISABLED_REASON = 'account disabled';
/** Ended by a newer sign-in of an account with "one active session" on: answered 69 (§8). */
export const SIGNED_IN_ELSEWHERE_REASON = 'signed in elsewhere';
/** The peer channel on which a node tells the others which sessions ended (external broker). */
const SESSIONS_ENDED_CHANNEL = 'sessions.ended';
// last_seen_at is informational: write it at most once a minute per session, not per request.
const TOUCH_INTERVAL_MS = 60_000;

/** Opaque session tokens: only their SHA-256 is stored; rows live in the database (any node). */
export class SessionService implements SessionResolver {
  constructor(
    private readonly store: AuthStore,
    private readonly clock: Clock,
    /**
     * Refuses a sign-in of an account that may not have one (a disabled account: 520). Every way in
     * — password, SMS code, the demo, and any later one — opens its session here, so none skips it.
     */
    private readonly checkSignIn: (accountId: number) => Promise<void> = async () => {},
    /**
     * The other nodes on the external broker (null alone): a session ended here is told to them,
     * so their live sockets of it close at once, not at their next re-check.
     */
    private readonly peers: PeerChannel | null = null,
  ) {
    peers?.subscribe(SESSIONS_ENDED_CHANNEL, (payload) => this.endedElsewhere(payload));
  }

  /**
   * Opens a session. With the account's "one active session" on, every other session of the account
   * ends here (issue 14 §5): each is told 69 at its next request, and the live sockets of them at
   * once (the `onEnded` listeners, on every node).
   */
  async create(
    accountId: number,
    client: AccessType,
    rememberSeconds: number,
    origin: SignInOrigin = { userAgent: null, ip: null },
  ): Promise<NewSession> {
    await this.checkSignIn(accountId);
    const now = this.clock.now();
    const token = randomToken();
    const csrf = client === 'web' ? randomToken(24) : null;
    const ttl = rememberSeconds > 0 ? rememberSeconds : SESSION_TTL_SECONDS;
    const expiresAt = now + ttl * 1000;
    const id = await this.store.createSession({
      tokenHash: sha256(token),
      accountId,
      client,
      csrfHash: csrf ? sha256(csrf) : null,
      now: isoAt(now),
      expiresAt: isoAt(expiresAt),
      userAgent: origin.userAgent?.slice(0, SESSION_USER_AGENT_MAX_LENGTH) ?? null,
      ip: origin.ip,
    });
    if (await this.store.oneSession(accountId)) {
      const ended = await this.store.revokeOthersReturning(accountId, id, SIGNED_IN_ELSEWHERE_REASON);
      this.notifyEnded(ended);
    }
    return { token, csrf, expiresAt };
  }

  /**
   * Resolves a token to its session or throws: unknown/expired → 401, ended by a password change →
   * 70. Cookie-authenticated unsafe requests must carry the CSRF token (403 otherwise).
   */
  async resolve(
    token: string,
    source: TokenSource,
    unsafeMethod: boolean,
    csrfHeader: string | undefined,
  ): Promise<ActiveSession> {
    const row = await this.store.findSession(sha256(token));
    const now = this.clock.now();
    if (!row) throw new AppError(ERR.NOT_SIGNED_IN);
    if (row.revoked_reason === PASSWORD_CHANGED_REASON) throw new AppError(ERR.PASSWORD_CHANGED);
    if (row.revoked_reason === ACCOUNT_DISABLED_REASON) throw new AppError(ERR.ACCOUNT_DISABLED, 401);
    if (row.revoked_reason === SIGNED_IN_ELSEWHERE_REASON) throw new AppError(ERR.LOGGED_IN_ELSEWHERE);
    if (row.revoked_reason !== null) throw new AppError(ERR.NOT_SIGNED_IN);
    if (Date.parse(row.expires_at) <= now) {
      await this.store.deleteSession(row.id);
      throw new AppError(ERR.NOT_SIGNED_IN);
    }
    if (source === 'cookie' && unsafeMethod) {
      const ok = row.csrf_hash !== null && !!csrfHeader && safeEqual(sha256(csrfHeader), row.csrf_hash);
      if (!ok) throw new AppError(ERR.NO_PERMISSION);
    }
    if (now - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS)
      await this.store.touchSession(row.id, isoAt(now));
    return {
      id: row.id,
      accountId: row.account_id,
      client: accessTypeOf(row.client),
      openedAt: Date.parse(row.created_at),
    };
  }

  private readonly endedListeners: ((sessionId: number) => void)[] = [];
  private readonly anywhereListeners: ((sessionId: number) => void)[] = [];

  /** Who follows a sign-out on this node (remote web sessions end with the sign-in that opened them). */
  onEnded(fn: (sessionId: number) => void): void {
    this.endedListeners.push(fn);
  }

  /** Who follows a sign-out on any node (the live channel closes that session's sockets here). */
  onEndedAnywhere(fn: (sessionId: number) => void): void {
    this.anywhereListeners.push(fn);
  }

  async end(sessionId: number): Promise<void> {
    await this.store.deleteSession(sessionId);
    this.notifyEnded([sessionId]);
  }

  private notifyEnded(ids: readonly number[]): void {
    if (ids.length === 0) return;
    for (const id of ids) {
      for (const fn of this.endedListeners) fn(id);
      for (const fn of this.anywhereListeners) fn(id);
    }
    this.peers?.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify({ node: this.peers.nodeId, ids }));
  }

  /** Sessions another node ended: this node's `onEndedAnywhere` listeners hear of them. */
  private endedElsewhere(payload: Buffer): void {
    try {
      const msg = JSON.parse(payload.toString('utf8')) as { node?: unknown; ids?: unknown };
      if (msg.node === this.peers?.nodeId || !Array.isArray(msg.ids)) return;
      for (const id of msg.ids)
        if (Number.isSafeInteger(id)) for (const fn of this.anywhereListeners) fn(id as number);
    } catch {
      // Only servers publish here; a broken message is ignored.
    }
  }

  /** The account's sessions in force, newest sign-in first. */
  async activeOf(accountId: number): Promise<SessionRow[]> {
    return this.store.activeSessions(accountId, isoAt(this.clock.now()));
  }

  /** Signs one of the account's sessions out; false when it is not one of them. */
  async endOne(accountId: number, sessionId: number): Promise<boolean> {
    const ended = await this.store.deleteAccountSessions(accountId, { onlyId: sessionId });
    this.notifyEnded(ended);
    return ended.length > 0;
  }

  /** Signs out every session of the account but `keepId`; returns how many ended. */
  async endOthers(accountId: number, keepId: number): Promise<number> {
    const ended = await this.store.deleteAccountSessions(accountId, { keepId });
    this.notifyEnded(ended);
    return ended.length;
  }

  oneSession(accountId: number): Promise<boolean> {
    return this.store.oneSession(accountId);
  }

  setOneSession(accountId: number, on: boolean): Promise<void> {
    return this.store.setOneSession(accountId, on, isoAt(this.clock.now()));
  }

  /** Deletes expired sessions (short-lived demo sessions would otherwise pile up). */
  async sweepExpired(): Promise<void> {
    await this.store.deleteExpiredSessions(isoAt(this.clock.now()));
  }

  /** Ends every open session of a disabled account; each answers 520 at its next request. */
  async revokeForDisabled(accountId: number): Promise<void> {
    await this.store.revokeOtherSessions(accountId, null, ACCOUNT_DISABLED_REASON);
    this.notifyEnded(await this.store.sessionIdsOf(accountId));
  }

  async revokeOthers(accountId: number, keepSessionId: number | null): Promise<void> {
    await this.store.revokeOtherSessions(accountId, keepSessionId, PASSWORD_CHANGED_REASON);
    await this.store.deleteExpiredSessions(isoAt(this.clock.now()));
  }
}
