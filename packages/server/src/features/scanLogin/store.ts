// Scan-to-login's SQL: its own table `scan_login_tickets` (migration 0028) and nothing else.
import type { ScanTicketState } from '@netloom/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ScanLoginTicketsTable } from '../../db/schema';

export type ScanTicketRow = Selectable<ScanLoginTicketsTable>;

export interface NewTicket {
  ticketHash: string;
  browserHash: string;
  browser: string;
  now: number;
  expiresAt: number;
}

/** A guarded state change: it happens only if the row is still in one of `from` and not expired. */
export interface Transition {
  id: number;
  from: readonly ScanTicketState[];
  to: ScanTicketState;
  now: number;
  /** Only while no account or this one holds the ticket (the phone that scanned it). */
  accountId?: number;
  expiresAt?: number;
}

export class ScanLoginStore {
  constructor(readonly db: Db) {}

  async insert(t: NewTicket): Promise<void> {
    await this.db
      .insertInto('scan_login_tickets')
      .values({
        ticket_hash: t.ticketHash,
        browser_hash: t.browserHash,
        browser: t.browser,
        state: 'waiting',
        account_id: null,
        created_at: t.now,
        expires_at: t.expiresAt,
        updated_at: t.now,
      })
      .execute();
  }

  find(ticketHash: string): Promise<ScanTicketRow | undefined> {
    return this.db
      .selectFrom('scan_login_tickets')
      .selectAll()
      .where('ticket_hash', '=', ticketHash)
      .executeTakeFirst();
  }

  /**
   * One conditional UPDATE: of two requests racing for the same change (two redeems, a confirm and
   * a refuse, two phones), exactly one changes the row. Returns whether this one did.
   */
  async transition(t: Transition): Promise<boolean> {
    let q = this.db
      .updateTable('scan_login_tickets')
      .set({
        state: t.to,
        updated_at: t.now,
        ...(t.accountId !== undefined ? { account_id: t.accountId } : {}),
        ...(t.expiresAt !== undefined ? { expires_at: t.expiresAt } : {}),
      })
      .where('id', '=', t.id)
      .where('state', 'in', [...t.from])
      .where('expires_at', '>', t.now);
    if (t.accountId !== undefined) {
      const accountId = t.accountId;
      q = q.where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', accountId)]));
    }
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes tickets that expired before `before` (they can no longer be anything but expired). */
  async sweep(before: number): Promise<void> {
    await this.db.deleteFrom('scan_login_tickets').where('expires_at', '<', before).execute();
  }
}
