import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DAILY_PROJECT_LIMIT, DEFAULT_PROJECT_LIMIT } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, configOptions, databaseKind, loadConfig } from '../src/config';

describe('config', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve('data'),
      DATABASE_URL: `sqlite:${path.join(path.resolve('data'), 'netloom.db')}`,
      MQTT_PORT: 1883,
      MQTT_URL: '',
      SMTP_URL: '',
      SMS_PROVIDER: 'log',
      LOG_LEVEL: 'info',
      PROJECT_LIMIT: DEFAULT_PROJECT_LIMIT,
      DAILY_PROJECT_LIMIT: DEFAULT_DAILY_PROJECT_LIMIT,
      COOKIE_SECURE: false,
      TRUST_PROXY: false,
    });
    // The built SPA, found relative to this package whether run from src/ or dist/.
    expect(c.WEB_DIR).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
    expect(databaseKind(c)).toBe('sqlite');
  });

  it('reads values, derives the SQLite path from DATA_DIR, selects PostgreSQL from the URL', () => {
    const c = loadConfig({ PORT: '0', DATA_DIR: '/tmp/nl', COOKIE_SECURE: 'true', LOG_LEVEL: 'DEBUG' });
    expect(c).toMatchObject({
      PORT: 0,
      DATABASE_URL: 'sqlite:/tmp/nl/netloom.db',
      COOKIE_SECURE: true,
      LOG_LEVEL: 'debug',
    });
    const pg = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/netloom' });
    expect(databaseKind(pg)).toBe('postgres');
  });

  it('makes session cookies Secure by default in production, unless told otherwise', () => {
    const key = 'k'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', PROVISIONING_KEY: key }).COOKIE_SECURE).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', PROVISIONING_KEY: key, COOKIE_SECURE: 'false' }).COOKIE_SECURE,
    ).toBe(false);
  });

  it('takes TRUST_PROXY as a flag or a list of proxies, and refuses a list with a typo', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,::1' }).TRUST_PROXY).toBe(
      '10.0.0.1,192.168.0.0/16,::1',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.300' })).toThrow(/TRUST_PROXY .*10\.0\.0\.300/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        MQTT_URL: 'http://broker',
        SMTP_URL: 'not a url',
        SMS_PROVIDER: 'webhook',
        LOG_LEVEL: 'loud',
        PROJECT_LIMIT: '-1',
        COOKIE_SECURE: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'MQTT_URL',
      'SMTP_URL',
      'SMS_WEBHOOK_URL',
      'LOG_LEVEL',
      'PROJECT_LIMIT',
      'COOKIE_SECURE',
    ]);
    expect((error as ConfigError).message).toContain('PORT must be an integer from 0 to 65535, got "99999"');
    expect((error as ConfigError).message).toContain('SMS_WEBHOOK_URL is required when SMS_PROVIDER=webhook');
  });

  it('documents every option', () => {
    const names = configOptions().map((o) => o.name);
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'MQTT_URL', 'SMTP_URL', 'WEB_DIR']),
    );
    for (const o of configOptions()) expect(o.description.length).toBeGreaterThan(10);
  });
});

describe('docs/operations.md', () => {
  it('lists every configuration option', () => {
    const doc = fs.readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    for (const o of configOptions()) expect(doc).toMatch(new RegExp(`\\|\\s*\`${o.name}\`\\s*\\|`));
  });
});
