import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import type { SmsMessage, SmsSender } from '../src/transport/sms';

/**
 * Runs suites on SQLite (a temp file) AND PostgreSQL (a fresh schema per suite). PostgreSQL comes
 * from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). When it is unreachable
 * the PG variant is skipped with a notice — unless NETLOOM_REQUIRE_PG=1, where the run fails.
 */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export type DbKind = 'sqlite' | 'postgres';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return String(err instanceof Error ? err.message : err);
  } finally {
    await client.end().catch(() => {});
  }
}

const pgProblem = await probePostgres();
if (pgProblem !== null) {
  if (process.env.NETLOOM_REQUIRE_PG === '1') {
    throw new Error(
      `PostgreSQL is required (NETLOOM_REQUIRE_PG=1) but ${PG_URL} is unreachable: ${pgProblem}`,
    );
  }
  console.warn(
    `\n*** NOTICE: PostgreSQL at ${PG_URL} is unreachable (${pgProblem}); PostgreSQL variants are SKIPPED. ***\n`,
  );
}
export const postgresAvailable = pgProblem === null;

/** A database URL for one suite, created fresh and dropped after. */
export interface SuiteDatabase {
  kind: DbKind;
  url: string;
  drop(): Promise<void>;
}

export async function createSuiteDatabase(kind: DbKind): Promise<SuiteDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-test-'));
    return {
      kind,
      url: `sqlite:${path.join(dir, 'test.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** `describe` once per database; the PG variant is skipped (with the notice above) if PG is absent. */
export function describeEachDb(name: string, body: (kind: DbKind) => void): void {
  describe(`${name} [sqlite]`, () => body('sqlite'));
  describe.skipIf(!postgresAvailable)(`${name} [postgres]`, () => body('postgres'));
}

// ── Test doubles that are allowed: a movable clock and a recording SMS sender ────────────────────
export class TestClock {
  t = Date.parse('2026-03-10T10:00:00.000Z');
  now(): number {
    return this.t;
  }
  advance(seconds: number): void {
    this.t += seconds * 1000;
  }
}

export class RecordingSms implements SmsSender {
  readonly sent: SmsMessage[] = [];
  fail = false;
  async send(m: SmsMessage): Promise<void> {
    if (this.fail) throw new Error('SMS provider down (test)');
    this.sent.push(m);
  }
  lastCode(mobile: string): string {
    const m = [...this.sent].reverse().find((s) => s.mobile === mobile);
    if (!m) throw new Error(`no SMS sent to ${mobile}`);
    return m.code;
  }
}

// ── A real SMTP server; e-mail codes are read from what it received ─────────────────────────────
export interface Mailbox {
  url: string;
  messages: { to: string[]; raw: string }[];
  /** Addresses the server refuses (to test transport failure → code 1). */
  reject: Set<string>;
  lastCode(to: string): string;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: Mailbox['messages'] = [];
  const reject = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, cb) {
      if (reject.has(address.address)) cb(new Error('550 mailbox unavailable'));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    reject,
    lastCode(to) {
      const m = [...messages].reverse().find((x) => x.to.includes(to));
      if (!m) throw new Error(`no e-mail received for ${to}`);
      const text = m.raw.replace(/=\r?\n/g, '');
      const code = /verification code is (\d{6})/.exec(text)?.[1];
      if (!code) throw new Error(`no code in the e-mail to ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ── The app on a suite database ──────────────────────────────────────────────────────────────────
export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  sms: RecordingSms;
  database: DbHandle;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailbox?: Mailbox;
  /** What `main.ts` would hand the app besides config (the live demo's planned fleet). */
  appDeps?: Pick<AppDeps, 'demoUnits' | 'experienceSimulator'>;
}

/** Per-suite setup: a fresh database, migrations, the app with a test clock and SMS recorder. */
export function useTestApp(
  kind: DbKind,
  options: TestAppOptions | (() => TestAppOptions) = {},
): () => TestApp {
  let suiteDb: SuiteDatabase | undefined;
  let current: TestApp | undefined;
  beforeAll(async () => {
    const opts = typeof options === 'function' ? options() : options;
    suiteDb = await createSuiteDatabase(kind);
    const config = loadConfig({
      DATABASE_URL: suiteDb.url,
      // TEST_LOG_LEVEL=error shows the server's own errors behind a failing test.
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      AUTH_RATE_LIMIT: '0',
      // Never a fixed port in tests: the embedded broker takes a free one.
      MQTT_PORT: '0',
      // The live demo (its account, projects and fleet) only where a suite asks for it (demo*.test.ts).
      DEMO_ENABLED: 'false',
      WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
      SMTP_URL: opts.mailbox?.url ?? '',
      ...opts.env,
    });
    const database = openDatabase(config.DATABASE_URL);
    await migrateToLatest(database.db);
    const clock = new TestClock();
    const sms = new RecordingSms();
    // scrypt cost lowered explicitly (2^10) so the suite stays fast; production uses 2^15.
    const app = await buildApp(config, { ...opts.appDeps, database, clock, smsSender: sms, scryptLogN: 10 });
    await app.ready();
    current = { app, clock, sms, database };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.database.db.destroy();
    await suiteDb?.drop();
  });
  return () => {
    if (!current) throw new Error('test app not started');
    return current;
  };
}
