import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  ERR,
  GENERAL_MESSAGES,
  LOGIN_FAIL_MAX,
  LOGIN_FAIL_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { smsText, webhookSmsSender } from '../src/transport/sms';
import { TestClient } from './client';
import { signedInUser, uniqueEmail, uniqueMobile } from './factories';
import { createSuiteDatabase, type DbKind, describeEachDb, type SuiteDatabase, useTestApp } from './harness';

// How codes reach people (issue 2 §4): the webhook SMS provider against a real HTTP server, the
// development outbox that prints codes to the log, forgot-password by SMS, the 5-minute window of
// code 80, and "mobile number not registered".

/** A real HTTP server on a free loopback port that records what the SMS webhook POSTs. */
interface Webhook {
  url: string;
  received: Record<string, unknown>[];
  /** HTTP status to answer with (200 unless a test says otherwise). */
  status: number;
  close(): Promise<void>;
}

async function startWebhook(): Promise<Webhook> {
  const hook: Omit<Webhook, 'url' | 'close'> = { received: [], status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.headers['content-type'] === 'application/json')
        hook.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.statusCode = hook.status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(hook, {
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A pino logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** The app as `npm start` builds it (no test doubles for delivery), on a suite database. */
function useRealDeliveryApp(kind: DbKind, env: () => Record<string, string>) {
  let suiteDb: SuiteDatabase | undefined;
  let database: DbHandle | undefined;
  const state: { app?: FastifyInstance; lines: Record<string, unknown>[] } = { lines: [] };
  beforeAll(async () => {
    suiteDb = await createSuiteDatabase(kind);
    const config = loadConfig({
      DATABASE_URL: suiteDb.url,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '0',
      MQTT_PORT: '0',
      DEMO_ENABLED: 'false',
      WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
      SMTP_URL: '',
      ...env(),
    });
    database = openDatabase(config.DATABASE_URL);
    await migrateToLatest(database.db);
    const { logger, lines } = capturedLogger();
    state.lines = lines;
    state.app = await buildApp(config, { database, logger, scryptLogN: 10 });
    await state.app.ready();
  });
  afterAll(async () => {
    await state.app?.close();
    await database?.db.destroy();
    await suiteDb?.drop();
  });
  return state;
}

describe('webhookSmsSender', () => {
  let hook: Webhook;
  beforeAll(async () => {
    hook = await startWebhook();
  });
  afterAll(async () => hook.close());
  afterEach(() => {
    hook.status = 200;
  });

  it('POSTs the number, code and text as JSON', async () => {
    await webhookSmsSender(hook.url).send({
      countryCode: '86',
      mobile: '13900001111',
      code: '4821',
      text: smsText('4821'),
    });
    expect(hook.received.at(-1)).toEqual({
      to: '+8613900001111',
      countryCode: '86',
      mobile: '13900001111',
      code: '4821',
      text: smsText('4821'),
    });
  });

  it('treats a non-2xx answer as a failed delivery', async () => {
    hook.status = 503;
    await expect(
      webhookSmsSender(hook.url).send({ countryCode: '86', mobile: '1', code: '1', text: 't' }),
    ).rejects.toThrow(/HTTP 503/);
  });
});

describeEachDb('SMS through the webhook provider (SMS_PROVIDER=webhook)', (kind) => {
  let hook: Webhook;
  beforeAll(async () => {
    hook = await startWebhook();
  });
  afterAll(async () => hook.close());
  const state = useRealDeliveryApp(kind, () => ({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: hook.url }));

  it('delivers the register code to the webhook, which then registers the account; a failing webhook is 1', async () => {
    const app = state.app as FastifyInstance;
    const c = new TestClient(app);
    const mobile = uniqueMobile();
    expect((await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile })).body.code).toBe(
      0,
    );
    const sent = hook.received.find((m) => m.mobile === mobile);
    expect(sent).toMatchObject({
      to: `+86${mobile}`,
      countryCode: '86',
      code: expect.stringMatching(/^\d{4}$/),
    });
    const reg = await c.post('/api/auth/register', {
      method: 'mobile',
      mobile,
      code: sent?.code,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(reg.body.code).toBe(0);

    hook.status = 500;
    const other = uniqueMobile();
    const failed = await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile: other });
    expect(failed.body.code).toBe(ERR.CODE_SEND_FAILED);
    hook.status = 200;
  });
});

describeEachDb('development outbox (no SMTP_URL, SMS_PROVIDER=log)', (kind) => {
  const state = useRealDeliveryApp(kind, () => ({}));

  it('prints e-mail and SMS codes to the log, and those codes work', async () => {
    const c = new TestClient(state.app as FastifyInstance);
    const email = uniqueEmail();
    expect(
      (await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email })).body.code,
    ).toBe(0);
    const mail = state.lines.find((l) => l.msg === 'dev outbox: e-mail verification code' && l.to === email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    const reg = await c.post('/api/auth/register', {
      method: 'email',
      email,
      code: mail?.code,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(reg.body.code).toBe(0);

    const mobile = uniqueMobile();
    expect((await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile })).body.code).toBe(
      0,
    );
    const sms = state.lines.find(
      (l) => l.msg === 'dev outbox: SMS verification code' && l.to === `+86 ${mobile}`,
    );
    expect(sms?.code).toMatch(/^\d{4}$/);
  });
});

describeEachDb('accounts: forgot password by SMS, the 80 window, unknown mobile numbers', (kind) => {
  const t = useTestApp(kind);

  it('resets a forgotten password with an SMS code; the old password and sessions end', async () => {
    const user = await signedInUser(t());
    t().clock.advance(61);
    const c = new TestClient(t().app);
    const mobile = user.mobile;
    expect((await c.post('/api/auth/codes', { channel: 'sms', purpose: 'reset', mobile })).body.code).toBe(0);
    const reset = await c.post('/api/auth/password/reset', {
      method: 'mobile',
      mobile,
      code: t().sms.lastCode(mobile),
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(reset.body.code).toBe(0);
    expect((await user.client.get('/api/auth/session')).body.code).toBe(ERR.PASSWORD_CHANGED);
    const login = (password: string) => c.post('/api/auth/login', { method: 'mobile', mobile, password });
    expect((await login(user.password)).body.code).toBe(ERR.WRONG_CREDENTIALS);
    expect((await login('brandnew1')).body.code).toBe(0);
  });

  it('80 needs the failures within 5 minutes: the same number spread wider never locks', async () => {
    const { mobile, password } = await signedInUser(t());
    const c = new TestClient(t().app);
    const attempt = (pw: string) => c.post('/api/auth/login', { method: 'mobile', mobile, password: pw });
    // LOGIN_FAIL_MAX failures, evenly spaced so that first and last are just over the window apart.
    const gap = Math.ceil((LOGIN_FAIL_WINDOW_SECONDS + 5) / (LOGIN_FAIL_MAX - 1));
    for (let i = 0; i < LOGIN_FAIL_MAX; i++) {
      if (i > 0) t().clock.advance(gap);
      expect((await attempt('wrong-pass')).body.code, `failure ${i + 1}`).toBe(ERR.WRONG_CREDENTIALS);
    }
    // Still not locked: the right password signs in (and clears the failures).
    expect((await attempt(password)).body.code).toBe(0);

    // The same count inside the window locks, for 30 minutes.
    for (let i = 1; i < LOGIN_FAIL_MAX; i++) {
      t().clock.advance(30);
      expect((await attempt('wrong-pass')).body.code).toBe(ERR.WRONG_CREDENTIALS);
    }
    t().clock.advance(30);
    expect((await attempt('wrong-pass')).body.code).toBe(ERR.LOGIN_LOCKED);
    t().clock.advance(LOGIN_LOCK_SECONDS - 1);
    expect((await attempt(password)).body.code).toBe(ERR.LOGIN_LOCKED);
    t().clock.advance(2);
    expect((await attempt(password)).body.code).toBe(0);
  });

  it('an unknown mobile number gets "mobile number not registered" (419) for login and reset codes and for a reset', async () => {
    const c = new TestClient(t().app);
    const mobile = uniqueMobile();
    for (const purpose of ['login', 'reset'] as const) {
      const r = await c.post('/api/auth/codes', { channel: 'sms', purpose, mobile });
      expect(r.body, purpose).toEqual({
        code: ERR.MOBILE_NOT_REGISTERED,
        message: GENERAL_MESSAGES.MOBILE_NOT_REGISTERED,
      });
    }
    const reset = await c.post('/api/auth/password/reset', {
      method: 'mobile',
      mobile,
      code: '1234',
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(reset.body.code).toBe(ERR.MOBILE_NOT_REGISTERED);
    // No SMS went out for it.
    expect(t().sms.sent.some((m) => m.mobile === mobile)).toBe(false);
    // An e-mail address keeps 22 (account does not exist).
    const email = await c.post('/api/auth/codes', {
      channel: 'email',
      purpose: 'reset',
      email: uniqueEmail(),
    });
    expect(email.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
  });
});
