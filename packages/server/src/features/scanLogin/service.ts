import {
  ERR,
  effectiveScanState,
  SCAN_BROWSER_MAX_LENGTH,
  SCAN_LONG_POLL_SECONDS,
  SCAN_POLL_INTERVAL_MS,
  SCAN_REDEEM_WINDOW_SECONDS,
  SCAN_TICKET_LIFETIME_SECONDS,
  SCAN_TICKET_STATES,
  type ScanTicketState,
  type ScanTicketStatus,
  type ScanTicketView,
} from '@netloom/domain';
import { type Clock, isoAt } from '../../lib/clock';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ScanLoginStore, ScanTicketRow } from './store';
import type { TicketWaiters } from './waiters';

// not a rule: rows stay this long after they expire, so a late request still hears 3103, not 3101.
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

function stateOf(row: ScanTicketRow, now: number): ScanTicketState {
  const stored = (SCAN_TICKET_STATES as readonly string[]).includes(row.state)
    ? (row.state as ScanTicketState)
    : 'used';
  return effectiveScanState(stored, row.expires_at, now);
}

/**
 * Scan-to-login tickets. The desktop holds two secrets: the ticket token (in the QR link; whoever
 * scans it may confirm) and its browser's cookie secret (httpOnly, never in the QR: only that
 * browser may follow and redeem the ticket). Only their SHA-256 is stored. Every change is one
 * guarded UPDATE, so a ticket signs in once, whatever races.
 */
export class ScanLoginService {
  constructor(
    private readonly store: ScanLoginStore,
    private readonly clock: Clock,
    private readonly waiters: TicketWaiters,
  ) {}

  /** A new ticket for the browser holding `browserSecret` (one it already had, or a new one). */
  async create(browserSecret: string, userAgent: string): Promise<{ ticket: string; expiresAt: number }> {
    const now = this.clock.now();
    await this.store.sweep(now - KEEP_AFTER_EXPIRY_MS);
    const ticket = randomToken(24);
    const expiresAt = now + SCAN_TICKET_LIFETIME_SECONDS * 1000;
    await this.store.insert({
      ticketHash: sha256(ticket),
      browserHash: sha256(browserSecret),
      browser: describeBrowser(userAgent),
      now,
      expiresAt,
    });
    return { ticket, expiresAt };
  }

  /** A new browser secret (the cookie's value). */
  newBrowserSecret(): string {
    return randomToken();
  }

  // ── The desktop: its own ticket only ─────────────────────────────────────────────────────────────

  private async ownTicket(ticket: string, browserSecret: string | undefined): Promise<ScanTicketRow> {
    const row = await this.store.find(sha256(ticket));
    // Unknown, or shown by another browser: the same answer, so a ticket's existence is not revealed.
    if (!row || !browserSecret || !safeEqual(sha256(browserSecret), row.browser_hash))
      throw new AppError(ERR.AUTH_CODE_INCORRECT);
    return row;
  }

  async status(ticket: string, browserSecret: string | undefined): Promise<ScanTicketStatus> {
    const row = await this.ownTicket(ticket, browserSecret);
    return { state: stateOf(row, this.clock.now()), expiresAt: isoAt(row.expires_at) };
  }

  /**
   * The status once it differs from `known` (long poll): woken by a change on this node, re-read
   * every SCAN_POLL_INTERVAL_MS for a change on another, at the ticket's expiry, and answered as it
   * is after SCAN_LONG_POLL_SECONDS or when the caller goes away.
   */
  async waitStatus(
    ticket: string,
    browserSecret: string | undefined,
    known: ScanTicketState | undefined,
    signal?: AbortSignal,
  ): Promise<ScanTicketStatus> {
    const deadline = performance.now() + SCAN_LONG_POLL_SECONDS * 1000;
    const key = sha256(ticket);
    for (;;) {
      const status = await this.status(ticket, browserSecret);
      const left = deadline - performance.now();
      if (known === undefined || status.state !== known || left <= 0) return status;
      if (signal?.aborted || this.waiters.isClosed) return status;
      const untilExpiry = Date.parse(status.expiresAt) - this.clock.now();
      const wait = Math.min(left, SCAN_POLL_INTERVAL_MS, Math.max(untilExpiry, 0));
      await this.waiters.wait(key, wait, signal);
    }
  }

  /**
   * Signs the desktop in: the ticket must be this browser's (3101), confirmed on the phone (541,
   * 540 refused), not expired (3103) and not yet used (3102). Returns the confirming account.
   */
  async redeem(ticket: string, browserSecret: string | undefined): Promise<number> {
    const row = await this.ownTicket(ticket, browserSecret);
    const now = this.clock.now();
    const state = stateOf(row, now);
    if (state === 'expired') throw new AppError(ERR.AUTH_CODE_EXPIRED);
    if (state === 'used') throw new AppError(ERR.AUTH_CODE_USED);
    if (state === 'refused') throw new AppError(ERR.SCAN_LOGIN_REFUSED);
    if (state !== 'confirmed') throw new AppError(ERR.SCAN_LOGIN_NOT_CONFIRMED);
    const won = await this.store.transition({ id: row.id, from: ['confirmed'], to: 'used', now });
    // Another request of this browser redeemed it first.
    if (!won || row.account_id === null) throw new AppError(ERR.AUTH_CODE_USED);
    this.waiters.notify(row.ticket_hash);
    return row.account_id;
  }

  // ── The phone: any signed-in account may take a ticket it has the link of ──────────────────────────

  private async ticketFor(ticket: string, accountId: number): Promise<ScanTicketRow> {
    const row = await this.store.find(sha256(ticket));
    if (!row) throw new AppError(ERR.AUTH_CODE_INCORRECT);
    const state = stateOf(row, this.clock.now());
    if (state === 'expired') throw new AppError(ERR.AUTH_CODE_EXPIRED);
    // Used, or taken by another account's phone: the code is no longer this person's to use.
    if (state === 'used' || (row.account_id !== null && row.account_id !== accountId))
      throw new AppError(ERR.AUTH_CODE_USED);
    return row;
  }

  private viewOf(row: ScanTicketRow): ScanTicketView {
    return {
      state: stateOf(row, this.clock.now()),
      expiresAt: isoAt(row.expires_at),
      browser: row.browser,
      createdAt: isoAt(row.created_at),
    };
  }

  /** The phone opened the link: the ticket becomes this account's; the desktop shows "scanned". */
  async open(ticket: string, accountId: number): Promise<ScanTicketView> {
    const row = await this.ticketFor(ticket, accountId);
    if (row.state !== 'waiting') return this.viewOf(row);
    return this.change(ticket, accountId, row, ['waiting'], 'scanned');
  }

  /** Yes: the desktop may now sign in as this account (at least SCAN_REDEEM_WINDOW_SECONDS to do it). */
  async confirm(ticket: string, accountId: number): Promise<ScanTicketView> {
    const row = await this.ticketFor(ticket, accountId);
    if (row.state === 'confirmed') return this.viewOf(row);
    const window = this.clock.now() + SCAN_REDEEM_WINDOW_SECONDS * 1000;
    return this.change(
      ticket,
      accountId,
      row,
      ['waiting', 'scanned'],
      'confirmed',
      Math.max(row.expires_at, window),
    );
  }

  /** No: the ticket can never sign in; the desktop shows "refused". */
  async refuse(ticket: string, accountId: number): Promise<ScanTicketView> {
    const row = await this.ticketFor(ticket, accountId);
    if (row.state === 'refused') return this.viewOf(row);
    return this.change(ticket, accountId, row, ['waiting', 'scanned'], 'refused');
  }

  private async change(
    ticket: string,
    accountId: number,
    row: ScanTicketRow,
    from: readonly ScanTicketState[],
    to: ScanTicketState,
    expiresAt?: number,
  ): Promise<ScanTicketView> {
    const now = this.clock.now();
    const won = await this.store.transition({
      id: row.id,
      from,
      to,
      now,
      accountId,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    });
    if (!won) {
      // Changed meanwhile (another phone, the other answer, expiry): answer from what it is now.
      const now2 = await this.ticketFor(ticket, accountId);
      if (now2.state === to) return this.viewOf(now2);
      throw new AppError(ERR.AUTH_CODE_USED);
    }
    this.waiters.notify(row.ticket_hash);
    const updated = await this.store.find(row.ticket_hash);
    if (!updated) throw new AppError(ERR.AUTH_CODE_INCORRECT);
    return this.viewOf(updated);
  }
}

/** A short "Chrome on Windows" from a User-Agent (shown on the phone), else the raw header, shortened. */
export function describeBrowser(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  const raw = userAgent.trim() || 'An unknown browser';
  return raw.slice(0, SCAN_BROWSER_MAX_LENGTH);
}
