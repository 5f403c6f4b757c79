import { randomBytes } from 'node:crypto';
import {
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_MAX_INFLATED_BYTES,
  ANALYTICS_TERMINAL_TTL_SECONDS,
  ANALYTICS_TIMESTAMP_WINDOW_MS,
  type AnalyticsTerminal,
  type AnalyticsUpload,
  type AnalyticsUploadResult,
  analyticsUploadSchema,
  canViewDataPivot,
  ERR,
  PIVOT_DEFAULT_DAYS,
  PIVOT_MAX_ITEMS,
  type PivotTable,
  type pivotQuerySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import { type Clock, isoAt, utcDay } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { inflateCapped } from './inflate';
import { signatureMatches } from './signature';
import type { AnalyticsStore, EventInsert, PivotCount } from './store';

type PivotQuery = z.output<typeof pivotQuerySchema>;

const DAY_MS = 86_400_000;
const TIMESTAMP = /^\d{1,15}$/;

/** A signed upload as it arrived: its headers and the body's bytes (still gzip). */
export interface SignedUpload {
  terminalId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

export interface AnalyticsServiceDeps {
  store: AnalyticsStore;
  clock: Clock;
  auth: Pick<Auth, 'permissionsOf'>;
}

/** Whether a JSON value holds a NUL character anywhere (PostgreSQL cannot store one). */
function hasNul(text: string): boolean {
  return text.includes('\\u0000') || text.includes('\u0000');
}

function rowsOf(
  upload: AnalyticsUpload,
  accountId: number,
  terminalId: string,
  nowIso: string,
): EventInsert[] {
  const h = upload.header;
  return upload.events.map((e) => ({
    account_id: accountId,
    terminal_id: terminalId,
    event_key: e.event_primarykey,
    event_name: e.event_id,
    event_desc: e.event_desc,
    page_path: e.event_page_path,
    params_json: JSON.stringify(e.event_params),
    event_time_ms: e.event_time_ms,
    day: utcDay(e.event_time_ms),
    duration_ms: e.event_duration,
    session_id: e.session_id,
    app_version: h.app_ver,
    browser: h.browser,
    os: h.os_model,
    language: h.language,
    received_at: nowIso,
  }));
}

/** The largest first (a day dimension: in time order), at most PIVOT_MAX_ITEMS. */
function ordered(totals: Map<string, number>, byKey: boolean): { key: string; total: number }[] {
  const all = [...totals].map(([key, total]) => ({ key, total }));
  all.sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  const kept = all.slice(0, PIVOT_MAX_ITEMS);
  if (byKey) kept.sort((a, b) => a.key.localeCompare(b.key));
  return kept;
}

/**
 * Analytics (issue 15 §3): terminals and their keys, the signed upload's checks (in order: stale
 * timestamp 512, unknown terminal 510, size 513, signature 511, inflate 513/514, JSON 514, event
 * count 515, fields 514) and its idempotent store, and the data pivot.
 */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDeps) {}

  async issueTerminal(accountId: number, sessionId: number): Promise<AnalyticsTerminal> {
    const now = this.deps.clock.now();
    const terminal = {
      id: `t_${randomBytes(16).toString('base64url')}`,
      account_id: accountId,
      session_id: sessionId,
      signing_key: randomBytes(32).toString('base64url'),
      created_at: isoAt(now),
      expires_at: isoAt(now + ANALYTICS_TERMINAL_TTL_SECONDS * 1000),
    };
    await this.deps.store.addTerminal(terminal, isoAt(now));
    return { terminalId: terminal.id, key: terminal.signing_key };
  }

  /** The sign-in ended: its terminals' keys stop working. */
  async sessionEnded(sessionId: number): Promise<void> {
    await this.deps.store.dropTerminalsOfSession(sessionId);
  }

  async ingest(u: SignedUpload): Promise<AnalyticsUploadResult> {
    const now = this.deps.clock.now();
    if (!u.timestamp || !TIMESTAMP.test(u.timestamp)) throw new AppError(ERR.ANALYTICS_STALE_TIMESTAMP, 401);
    if (Math.abs(now - Number(u.timestamp)) > ANALYTICS_TIMESTAMP_WINDOW_MS)
      throw new AppError(ERR.ANALYTICS_STALE_TIMESTAMP, 401);
    const terminal = u.terminalId ? await this.deps.store.terminal(u.terminalId, isoAt(now)) : undefined;
    if (!terminal || !u.terminalId) throw new AppError(ERR.ANALYTICS_TERMINAL_UNKNOWN, 401);
    if (u.body.length > ANALYTICS_MAX_BODY_BYTES) throw new AppError(ERR.ANALYTICS_TOO_LARGE, 413);
    if (
      !u.signature ||
      !signatureMatches(terminal.signing_key, u.timestamp, u.terminalId, u.body, u.signature)
    )
      throw new AppError(ERR.ANALYTICS_BAD_SIGNATURE, 401);

    const inflated = await inflateCapped(u.body, ANALYTICS_MAX_INFLATED_BYTES);
    if (!inflated.ok)
      throw inflated.reason === 'tooLarge'
        ? new AppError(ERR.ANALYTICS_TOO_LARGE, 413)
        : new AppError(ERR.ANALYTICS_MALFORMED, 400);
    const text = inflated.bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(ERR.ANALYTICS_MALFORMED, 400);
    }
    if (hasNul(text)) throw new AppError(ERR.ANALYTICS_MALFORMED, 400);
    const events = typeof json === 'object' && json !== null && 'events' in json ? json.events : undefined;
    if (Array.isArray(events) && events.length > ANALYTICS_MAX_EVENTS)
      throw new AppError(ERR.ANALYTICS_TOO_MANY_EVENTS, 413);
    const parsed = analyticsUploadSchema.safeParse(json);
    if (!parsed.success)
      throw new AppError(
        ERR.ANALYTICS_MALFORMED,
        400,
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    const rows = rowsOf(parsed.data, terminal.account_id, terminal.id, isoAt(now));
    const stored = await this.deps.store.addEvents(rows);
    return { stored, duplicates: rows.length - stored };
  }

  /** 403 unless the caller's role may see the data pivot (read at every request). */
  async requirePivotViewer(accountId: number): Promise<void> {
    const me = await this.deps.auth.permissionsOf(accountId);
    if (!me || !canViewDataPivot(me.role)) throw new AppError(ERR.NO_PERMISSION);
  }

  async pivot(q: PivotQuery): Promise<PivotTable> {
    const now = this.deps.clock.now();
    const to = q.to ?? utcDay(now);
    const from = q.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (PIVOT_DEFAULT_DAYS - 1) * DAY_MS);
    const columns = q.columns ?? null;
    const s = this.deps.store;
    const [cells, rowTotals, colTotals, all] = await Promise.all([
      s.counts(q.rows, columns, q.measure, from, to),
      s.counts(q.rows, null, q.measure, from, to),
      columns ? s.counts(null, columns, q.measure, from, to) : Promise.resolve<PivotCount[]>([]),
      s.counts(null, null, q.measure, from, to),
    ]);
    const total = all[0]?.n ?? 0;
    const rowHeads = ordered(new Map(rowTotals.map((x) => [x.r, x.n])), q.rows === 'day');
    const colHeads = columns
      ? ordered(new Map(colTotals.map((x) => [x.c, x.n])), columns === 'day')
      : [{ key: 'All', total }];
    const cellOf = new Map<string, Record<string, number>>();
    for (const x of cells) {
      const row = cellOf.get(x.r) ?? {};
      row[columns ? x.c : 'All'] = x.n;
      cellOf.set(x.r, row);
    }
    const wanted = new Set(colHeads.map((c) => c.key));
    return {
      from,
      to,
      total,
      truncated:
        rowHeads.length < rowTotals.length || (columns !== null && colHeads.length < colTotals.length),
      columns: colHeads,
      rows: rowHeads.map((h) => ({
        ...h,
        cells: Object.fromEntries(Object.entries(cellOf.get(h.key) ?? {}).filter(([k]) => wanted.has(k))),
      })),
    };
  }
}
