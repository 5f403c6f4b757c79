/**
 * CLOCK_CONTROL (browser tests only): `POST /api/internal/clock` moves the server's clock forward;
 * refused in production, absent without the option, loopback callers only.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';

const KEY = 'k'.repeat(40);

const databases: DbHandle[] = [];

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    MQTT_PORT: '0',
    DEMO_ENABLED: 'false',
    WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
    ...env,
  });
  const database = openDatabase(config.DATABASE_URL);
  databases.push(database);
  await migrateToLatest(database.db);
  const a = await buildApp(config, { database });
  await a.ready();
  return a;
}

describe('clock control', () => {
  let moved: FastifyInstance;
  let plain: FastifyInstance;
  beforeAll(async () => {
    moved = await app({ CLOCK_CONTROL: 'true' });
    plain = await app({});
  });
  afterAll(async () => {
    await moved?.close();
    await plain?.close();
    for (const d of databases) await d.db.destroy();
  });

  it('is refused when NODE_ENV=production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PROVISIONING_KEY: KEY, CLOCK_CONTROL: 'true' }),
    ).toThrow(/CLOCK_CONTROL must be false/);
    expect(loadConfig({ NODE_ENV: 'production', PROVISIONING_KEY: KEY }).CLOCK_CONTROL).toBe(false);
  });

  it('moves the clock forward by the hours asked, and only that', async () => {
    const hour = 3_600_000;
    const before = Date.now();
    const r = await moved.inject({
      method: 'POST',
      url: '/api/internal/clock',
      payload: { advanceMs: 2 * hour },
    });
    expect(r.statusCode).toBe(200);
    const now = (r.json() as { now: number }).now;
    expect(now).toBeGreaterThanOrEqual(before + 2 * hour);
    expect(now).toBeLessThan(Date.now() + 2 * hour + 1000);
    // Moves add up.
    const again = await moved.inject({
      method: 'POST',
      url: '/api/internal/clock',
      payload: { advanceMs: hour },
    });
    expect((again.json() as { now: number }).now).toBeGreaterThanOrEqual(now + hour);
  });

  it('refuses a bad jump, a caller off loopback, and is absent without the option', async () => {
    for (const advanceMs of [0, -5, 1.5, 'soon', 400 * 24 * 3_600_000]) {
      const r = await moved.inject({ method: 'POST', url: '/api/internal/clock', payload: { advanceMs } });
      expect(r.statusCode).toBe(400);
    }
    const remote = await moved.inject({
      method: 'POST',
      url: '/api/internal/clock',
      payload: { advanceMs: 1000 },
      remoteAddress: '10.0.0.7',
    });
    expect(remote.statusCode).toBe(404);
    const absent = await plain.inject({
      method: 'POST',
      url: '/api/internal/clock',
      payload: { advanceMs: 1000 },
    });
    expect(absent.statusCode).toBe(404);
  });
});
