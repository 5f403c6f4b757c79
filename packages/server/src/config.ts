import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANALYTICS_RETENTION_MAX_DAYS,
  ANALYTICS_RETENTION_MIN_DAYS,
  DEFAULT_ACCOUNT_DEVICE_LIMIT,
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_DAILY_PROJECT_LIMIT,
  DEFAULT_DEMO_BACKFILL_DAYS,
  DEFAULT_EXPERIENCE_DEVICES,
  DEFAULT_EXPERIENCE_MAX_DEVICES,
  DEFAULT_PROJECT_LIMIT,
  LOG_RETENTION_DAYS,
  MAX_DEMO_BACKFILL_DAYS,
  MAX_EXPERIENCE_DEVICES,
  NOTIFY_BATCH_WINDOW_MS,
  PORT_MAX,
  REMOTE_OPEN_TIMEOUT_MS,
} from '@netloom/domain';
import { DEV_PROVISIONING_KEY } from '@netloom/protocol';
import { parseSocialProviders, type SocialProviderConfig } from './socialConfig';

/**
 * The server's configuration. This module is the ONLY reader of `process.env` (STYLE.md): every
 * option is one row of `OPTIONS` with its type, default and description; `loadConfig` validates all
 * of them and reports every problem at once. `docs/operations.md` mirrors this table.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SMS_PROVIDERS = ['log', 'webhook'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export interface Config {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL: string;
  MQTT_PORT: number;
  MQTT_URL: string;
  MQTT_MAX_CONNECTIONS: number;
  MQTT_CONNECTS_PER_ADDRESS: number;
  SMTP_URL: string;
  SMTP_FROM: string;
  SMS_PROVIDER: SmsProvider;
  SMS_WEBHOOK_URL: string;
  LOG_LEVEL: LogLevel;
  PROJECT_LIMIT: number;
  DAILY_PROJECT_LIMIT: number;
  ACCOUNT_DEVICE_LIMIT: number;
  COOKIE_SECURE: boolean;
  WEB_DIR: string;
  /** false, true (any sender) or a comma-separated list of proxy addresses/CIDR ranges (Fastify's trustProxy). */
  TRUST_PROXY: boolean | string;
  AUTH_RATE_LIMIT: number;
  CODE_RATE_LIMIT: number;
  API_KEY_RATE_PER_SECOND: number;
  API_KEY_RATE_BURST: number;
  NODE_ENV: NodeEnv;
  PROVISIONING_KEY: string;
  TELEMETRY_RETENTION_DAYS: number;
  ANALYTICS_RETENTION_DAYS: number;
  SERIES_SAMPLE_SECONDS: number;
  NOTIFY_BATCH_SECONDS: number;
  METRICS_ENABLED: boolean;
  HEAP_GROWING_PERCENT: number;
  DEMO_ENABLED: boolean;
  EXPERIENCE_DEVICES: number;
  EXPERIENCE_MAX_DEVICES: number;
  DEMO_BACKFILL_DAYS: number;
  REBOOT_SCHEDULE_TIME_FACTOR: number;
  CLOCK_CONTROL: boolean;
  REMOTE_OPEN_TIMEOUT_MS: number;
  /** This node's own address for devices' remote tunnels (`ws(s)://` or `http(s)://`, no query); empty = as reached. */
  REMOTE_TUNNEL_URL: string;
  PUBLIC_URL: string;
  SOCIAL_PROVIDERS: SocialProviderConfig[];
}

type Env = Record<string, string | undefined>;
type Parsed<T> = { value: T } | { problem: string };

interface Option<K extends keyof Config> {
  name: K;
  description: string;
  /** Default as shown in docs; `undefined` = computed from other options. */
  defaultText: string;
  parse: (raw: string | undefined, partial: Partial<Config>) => Parsed<Config[K]>;
}

// The built SPA: `packages/web/dist`. Both `packages/server/src/config.ts` and the bundled
// `packages/server/dist/main.js` sit two levels below `packages/`, so one relative URL serves both.
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

// Bounds of numeric options. The limits of the product come from domain; these ceilings only catch a
// mistyped value (an extra zero) and are no rule of the spec.
/** A listening port of 0 asks the system for a free one. */
const ANY_FREE_PORT = 0;
const DEFAULT_HTTP_PORT = 8080;
const DEFAULT_MQTT_PORT = 1883;
const COUNT_OPTION_CEILING = 1_000_000;
const DEVICE_LIMIT_CEILING = 10_000_000;
const DEFAULT_AUTH_RATE_LIMIT = 120;
/** Verification codes one client IP may ask for in CODE_RATE_WINDOW (any addresses or numbers). */
const DEFAULT_CODE_RATE_LIMIT = 10;
/** Requests per second one API key may sustain, and the burst above it (Meraki's Dashboard API: 10/s). */
const DEFAULT_API_KEY_RATE_PER_SECOND = 10;
const DEFAULT_API_KEY_RATE_BURST = 20;
/** CONNECTs per second one remote address may sustain (bursts of 20 s of it): a fleet behind one NAT. */
const DEFAULT_CONNECTS_PER_ADDRESS = 1000;
const DEFAULT_SERIES_SAMPLE_SECONDS = 60;
const SERIES_SAMPLE_MAX_SECONDS = 3600;
// not a rule: the longest an operator may make the notification batch window.
const NOTIFY_BATCH_MAX_SECONDS = 600;
// not a rule: the fastest a development reboot scheduler may run (a 2-hour cycle in 2 seconds).
const REBOOT_SCHEDULE_TIME_FACTOR_MAX = 3600;
// not a rule: the bounds of how long a device may take to open its remote tunnel (a typo's catch).
const REMOTE_OPEN_TIMEOUT_MIN_MS = 100;
const REMOTE_OPEN_TIMEOUT_MAX_MS = 120_000;
/** Room left in the command's 512-character `url` for `/api/remote/tunnel/<session>`. */
const REMOTE_TUNNEL_URL_MAX_LENGTH = 400;

function int(min: number, max: number, fallback: number) {
  return (raw: string | undefined): Parsed<number> => {
    if (raw === undefined || raw.trim() === '') return { value: fallback };
    const n = Number(raw.trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      return { problem: `must be an integer from ${min} to ${max}, got "${raw}"` };
    }
    return { value: n };
  };
}
function str(fallback: string) {
  return (raw: string | undefined): Parsed<string> => ({ value: raw?.trim() || fallback });
}
function bool(fallback: boolean) {
  return (raw: string | undefined): Parsed<boolean> => {
    if (raw === undefined || raw.trim() === '') return { value: fallback };
    const v = raw.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return { value: true };
    if (['0', 'false', 'no', 'off'].includes(v)) return { value: false };
    return { problem: `must be true or false, got "${raw}"` };
  };
}
/** TRUST_PROXY: a boolean, or proxies named by address or CIDR range (each checked, so a typo fails at start). */
function proxyList(raw: string | undefined): Parsed<boolean | string> {
  const flag = bool(false)(raw);
  if (!('problem' in flag)) return flag;
  const entries = (raw ?? '').split(',').map((e) => e.trim());
  const bad = entries.find((e) => {
    const [address = '', bits, ...rest] = e.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128);
  });
  return bad === undefined
    ? { value: entries.join(',') }
    : {
        problem: `must be true, false or a comma-separated list of IP addresses or CIDR ranges, got "${bad}"`,
      };
}
function oneOf<T extends string>(values: readonly T[], fallback: T) {
  return (raw: string | undefined): Parsed<T> => {
    if (raw === undefined || raw.trim() === '') return { value: fallback };
    const v = raw.trim().toLowerCase();
    return (values as readonly string[]).includes(v)
      ? { value: v as T }
      : { problem: `must be one of ${values.join(', ')}, got "${raw}"` };
  };
}
function url(protocols: readonly string[]) {
  return (raw: string | undefined): Parsed<string> => {
    const v = raw?.trim() ?? '';
    if (v === '') return { value: '' };
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) {
        return { problem: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${v}"` };
      }
      return { value: v };
    } catch {
      return { problem: `is not a valid URL: "${v}"` };
    }
  };
}

const OPTIONS: { [K in keyof Config]: Option<K> } = {
  PORT: {
    name: 'PORT',
    defaultText: String(DEFAULT_HTTP_PORT),
    description: 'HTTP port; 0 picks a free port.',
    parse: int(ANY_FREE_PORT, PORT_MAX, DEFAULT_HTTP_PORT),
  },
  HOST: {
    name: 'HOST',
    defaultText: '0.0.0.0',
    description: 'Interface to listen on.',
    parse: str('0.0.0.0'),
  },
  DATA_DIR: {
    name: 'DATA_DIR',
    defaultText: './data',
    description: 'Directory for the SQLite file and other local data.',
    parse: (raw) => ({ value: path.resolve(raw?.trim() || './data') }),
  },
  DATABASE_URL: {
    name: 'DATABASE_URL',
    defaultText: 'sqlite:<DATA_DIR>/netloom.db',
    description: 'sqlite:<file> for SQLite, postgres://… for PostgreSQL.',
    parse: (raw, partial) => {
      const v =
        raw?.trim() || `sqlite:${path.join(partial.DATA_DIR ?? path.resolve('./data'), 'netloom.db')}`;
      if (v.startsWith('sqlite:') && v.length > 'sqlite:'.length) return { value: v };
      if (/^postgres(ql)?:\/\//.test(v)) return url(['postgres:', 'postgresql:'])(v);
      return { problem: `must be sqlite:<file> or postgres://…, got "${v}"` };
    },
  },
  MQTT_PORT: {
    name: 'MQTT_PORT',
    defaultText: String(DEFAULT_MQTT_PORT),
    description:
      'TCP port of the embedded MQTT broker; 0 picks a free port. If it is taken the broker serves WebSocket (/mqtt) only.',
    parse: int(ANY_FREE_PORT, PORT_MAX, DEFAULT_MQTT_PORT),
  },
  MQTT_URL: {
    name: 'MQTT_URL',
    defaultText: '(empty)',
    description:
      'External MQTT broker (mqtt://user:password@host:port, mqtts://, ws://, wss://) with the dynamic-security plugin; the user must be a dynsec admin. Empty = embedded broker.',
    parse: url(['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:']),
  },
  MQTT_MAX_CONNECTIONS: {
    name: 'MQTT_MAX_CONNECTIONS',
    defaultText: '0 (what the open-file limit allows)',
    description:
      'Device connections the embedded broker takes at once; beyond, CONNACK 3. 0 = the open-file limit minus a reserve (5 %, 100–1000) for the database, HTTP and browsers; a larger value is lowered to that.',
    parse: int(0, DEVICE_LIMIT_CEILING, 0),
  },
  MQTT_CONNECTS_PER_ADDRESS: {
    name: 'MQTT_CONNECTS_PER_ADDRESS',
    defaultText: String(DEFAULT_CONNECTS_PER_ADDRESS),
    description:
      'CONNECTs per second one remote address may sustain on the embedded broker, in bursts of 20 s of it (a fleet behind one NAT address); beyond, CONNACK 3. 0 disables.',
    parse: int(0, COUNT_OPTION_CEILING, DEFAULT_CONNECTS_PER_ADDRESS),
  },
  SMTP_URL: {
    name: 'SMTP_URL',
    defaultText: '(empty)',
    description: 'SMTP server for e-mail codes (smtp:// or smtps://); empty = dev outbox in the log.',
    parse: url(['smtp:', 'smtps:']),
  },
  SMTP_FROM: {
    name: 'SMTP_FROM',
    defaultText: 'Netloom <no-reply@netloom.local>',
    description: 'Sender address of e-mails.',
    parse: str('Netloom <no-reply@netloom.local>'),
  },
  SMS_PROVIDER: {
    name: 'SMS_PROVIDER',
    defaultText: 'log',
    description: 'log = print SMS codes to the log; webhook = POST JSON to SMS_WEBHOOK_URL.',
    parse: oneOf(SMS_PROVIDERS, 'log'),
  },
  SMS_WEBHOOK_URL: {
    name: 'SMS_WEBHOOK_URL',
    defaultText: '(empty)',
    description:
      'Where the webhook SMS provider POSTs { to, code, text }; required with SMS_PROVIDER=webhook.',
    parse: (raw, partial) => {
      const parsed = url(['http:', 'https:'])(raw);
      if ('value' in parsed && parsed.value === '' && partial.SMS_PROVIDER === 'webhook') {
        return { problem: 'is required when SMS_PROVIDER=webhook' };
      }
      return parsed;
    },
  },
  LOG_LEVEL: {
    name: 'LOG_LEVEL',
    defaultText: 'info',
    description: `Log level: ${LOG_LEVELS.join(', ')}.`,
    parse: oneOf(LOG_LEVELS, 'info'),
  },
  PROJECT_LIMIT: {
    name: 'PROJECT_LIMIT',
    defaultText: String(DEFAULT_PROJECT_LIMIT),
    description: 'Projects an account may own (code 140).',
    parse: int(1, COUNT_OPTION_CEILING, DEFAULT_PROJECT_LIMIT),
  },
  DAILY_PROJECT_LIMIT: {
    name: 'DAILY_PROJECT_LIMIT',
    defaultText: String(DEFAULT_DAILY_PROJECT_LIMIT),
    description: 'Projects an account may create per calendar day, UTC (code 1160).',
    parse: int(1, COUNT_OPTION_CEILING, DEFAULT_DAILY_PROJECT_LIMIT),
  },
  ACCOUNT_DEVICE_LIMIT: {
    name: 'ACCOUNT_DEVICE_LIMIT',
    defaultText: String(DEFAULT_ACCOUNT_DEVICE_LIMIT),
    description: 'Devices an account may have across the projects it owns (code 1162).',
    parse: int(1, DEVICE_LIMIT_CEILING, DEFAULT_ACCOUNT_DEVICE_LIMIT),
  },
  WEB_DIR: {
    name: 'WEB_DIR',
    defaultText: 'packages/web/dist',
    description: 'Directory of the built web console (served at /).',
    parse: (raw) => ({ value: raw?.trim() ? path.resolve(raw.trim()) : DEFAULT_WEB_DIR }),
  },
  TRUST_PROXY: {
    name: 'TRUST_PROXY',
    defaultText: 'false',
    description:
      'Trust X-Forwarded-* headers (client IP, X-Forwarded-Proto): true trusts any sender; a comma-separated list of addresses or CIDR ranges trusts only those proxies.',
    parse: proxyList,
  },
  AUTH_RATE_LIMIT: {
    name: 'AUTH_RATE_LIMIT',
    defaultText: String(DEFAULT_AUTH_RATE_LIMIT),
    description: 'Requests per minute per client IP to /api/auth/*; 0 disables.',
    parse: int(0, COUNT_OPTION_CEILING, DEFAULT_AUTH_RATE_LIMIT),
  },
  CODE_RATE_LIMIT: {
    name: 'CODE_RATE_LIMIT',
    defaultText: String(DEFAULT_CODE_RATE_LIMIT),
    description:
      'Verification codes one client IP may request per 10 minutes, whatever the addresses or numbers (code 2010); applies with AUTH_RATE_LIMIT, which at 0 turns both off.',
    parse: int(1, COUNT_OPTION_CEILING, DEFAULT_CODE_RATE_LIMIT),
  },
  API_KEY_RATE_PER_SECOND: {
    name: 'API_KEY_RATE_PER_SECOND',
    defaultText: String(DEFAULT_API_KEY_RATE_PER_SECOND),
    description:
      'Requests per second one API key may sustain on this node (429 with Retry-After beyond it and its burst); 0 disables.',
    parse: int(0, COUNT_OPTION_CEILING, DEFAULT_API_KEY_RATE_PER_SECOND),
  },
  API_KEY_RATE_BURST: {
    name: 'API_KEY_RATE_BURST',
    defaultText: String(DEFAULT_API_KEY_RATE_BURST),
    description: 'Requests one API key may make at once before API_KEY_RATE_PER_SECOND applies.',
    parse: int(1, COUNT_OPTION_CEILING, DEFAULT_API_KEY_RATE_BURST),
  },
  NODE_ENV: {
    name: 'NODE_ENV',
    defaultText: 'development',
    description: `${NODE_ENVS.join(', ')}; production makes PROVISIONING_KEY required.`,
    parse: oneOf(NODE_ENVS, 'development'),
  },
  COOKIE_SECURE: {
    name: 'COOKIE_SECURE',
    defaultText: 'true when NODE_ENV=production, else false',
    description:
      'Mark session cookies Secure on every sign-in. Whatever its value, a sign-in that arrives over HTTPS (directly, or through a proxy TRUST_PROXY trusts that sends X-Forwarded-Proto: https) gets Secure cookies.',
    parse: (raw, partial) => bool(partial.NODE_ENV === 'production')(raw),
  },
  PROVISIONING_KEY: {
    name: 'PROVISIONING_KEY',
    defaultText: '(development key, with a warning)',
    description:
      'Manufacturer provisioning key (at least 32 characters): device secret = HMAC-SHA256(key, SN). Required when NODE_ENV=production.',
    parse: (raw, partial) => {
      const v = raw?.trim() ?? '';
      if (v === '') {
        return partial.NODE_ENV === 'production'
          ? { problem: 'is required when NODE_ENV=production' }
          : { value: DEV_PROVISIONING_KEY };
      }
      if (v.length < 32) return { problem: `must be at least 32 characters, got ${v.length}` };
      if (v === DEV_PROVISIONING_KEY && partial.NODE_ENV === 'production') {
        return { problem: 'must not be the development key when NODE_ENV=production' };
      }
      return { value: v };
    },
  },
  TELEMETRY_RETENTION_DAYS: {
    name: 'TELEMETRY_RETENTION_DAYS',
    defaultText: '30',
    description:
      "Days of hourly telemetry, daily client history, device events and alarms kept: 7, 30, 90 or 180 (raw samples ~48 h, 5-minute rollups 7 days); also the system log's period in projects whose owner has not chosen one.",
    parse: (raw) => {
      const v = raw?.trim() ?? '';
      if (v === '') return { value: 30 };
      const n = Number(v);
      return (LOG_RETENTION_DAYS as readonly number[]).includes(n)
        ? { value: n }
        : { problem: `must be one of ${LOG_RETENTION_DAYS.join(', ')}, got "${raw}"` };
    },
  },
  ANALYTICS_RETENTION_DAYS: {
    name: 'ANALYTICS_RETENTION_DAYS',
    defaultText: String(DEFAULT_ANALYTICS_RETENTION_DAYS),
    description: `Days of console analytics events kept (the data pivot's data), ${ANALYTICS_RETENTION_MIN_DAYS}–${ANALYTICS_RETENTION_MAX_DAYS}; events of older UTC days are deleted in bounded batches by the hourly retention run.`,
    parse: int(ANALYTICS_RETENTION_MIN_DAYS, ANALYTICS_RETENTION_MAX_DAYS, DEFAULT_ANALYTICS_RETENTION_DAYS),
  },
  SERIES_SAMPLE_SECONDS: {
    name: 'SERIES_SAMPLE_SECONDS',
    defaultText: String(DEFAULT_SERIES_SAMPLE_SECONDS),
    description:
      'Seconds between samples of devices online and clients per project for the status charts (the first comes 5 s after start).',
    parse: int(1, SERIES_SAMPLE_MAX_SECONDS, DEFAULT_SERIES_SAMPLE_SECONDS),
  },
  NOTIFY_BATCH_SECONDS: {
    name: 'NOTIFY_BATCH_SECONDS',
    defaultText: String(NOTIFY_BATCH_WINDOW_MS / 1000),
    description:
      'Alarms raised or cleared within this many seconds of the first go out as one notification per channel.',
    parse: int(1, NOTIFY_BATCH_MAX_SECONDS, NOTIFY_BATCH_WINDOW_MS / 1000),
  },
  METRICS_ENABLED: {
    name: 'METRICS_ENABLED',
    defaultText: 'false',
    description:
      'Serve GET /api/internal/metrics (process, broker and writer figures; loopback callers only), for benchmarks and operators.',
    parse: bool(false),
  },
  HEAP_GROWING_PERCENT: {
    name: 'HEAP_GROWING_PERCENT',
    defaultText: '20',
    description:
      'How far (%) the JavaScript heap may grow past its live size before a full garbage collection (V8 --heap-growing-percent). Lower keeps RSS nearer the live state at some CPU; 0 = V8 decides (up to 4× the live size under a steady message load).',
    parse: int(0, 400, 20),
  },
  DEMO_ENABLED: {
    name: 'DEMO_ENABLED',
    defaultText: 'true',
    description:
      "Run the live demo: a demo account, demo projects 500000 and 600000, and a simulated fleet connected to this server's broker.",
    parse: bool(true),
  },
  EXPERIENCE_DEVICES: {
    name: 'EXPERIENCE_DEVICES',
    defaultText: String(DEFAULT_EXPERIENCE_DEVICES),
    description:
      "Simulated devices in each user's experience project (a gateway, a switch, APs and cameras of the simulator's office plan).",
    parse: int(1, MAX_EXPERIENCE_DEVICES, DEFAULT_EXPERIENCE_DEVICES),
  },
  EXPERIENCE_MAX_DEVICES: {
    name: 'EXPERIENCE_MAX_DEVICES',
    defaultText: String(DEFAULT_EXPERIENCE_MAX_DEVICES),
    description:
      'Simulated devices of all experience projects together on this server; a new experience project past it is refused (530). 0 = experience projects off.',
    parse: int(0, COUNT_OPTION_CEILING, DEFAULT_EXPERIENCE_MAX_DEVICES),
  },
  DEMO_BACKFILL_DAYS: {
    name: 'DEMO_BACKFILL_DAYS',
    defaultText: String(DEFAULT_DEMO_BACKFILL_DAYS),
    description:
      "Days of history the live demo's projects are given at start (charts, client data, alarms, log, RF records), written in batches once the server listens; 0 = none.",
    parse: int(0, MAX_DEMO_BACKFILL_DAYS, DEFAULT_DEMO_BACKFILL_DAYS),
  },
  REBOOT_SCHEDULE_TIME_FACTOR: {
    name: 'REBOOT_SCHEDULE_TIME_FACTOR',
    defaultText: '1',
    description:
      "Development and browser tests only (refused when NODE_ENV=production; one node only): the reboot scheduler's clock runs this many times faster from start, so a schedule is seen to run without waiting hours. Times shown stay real.",
    parse: (raw, partial) => {
      const parsed = int(1, REBOOT_SCHEDULE_TIME_FACTOR_MAX, 1)(raw);
      if ('value' in parsed && parsed.value !== 1 && partial.NODE_ENV === 'production')
        return { problem: 'must be 1 when NODE_ENV=production' };
      return parsed;
    },
  },
  CLOCK_CONTROL: {
    name: 'CLOCK_CONTROL',
    defaultText: 'false',
    description:
      "Browser tests only (refused when NODE_ENV=production): POST /api/internal/clock (loopback callers only) moves the server's clock forward, so an expiry is seen passing without waiting. Everything that compares with the clock sees the move; the share-expiry watcher looks again at once.",
    parse: (raw, partial) => {
      const parsed = bool(false)(raw);
      if ('value' in parsed && parsed.value && partial.NODE_ENV === 'production')
        return { problem: 'must be false when NODE_ENV=production' };
      return parsed;
    },
  },
  REMOTE_OPEN_TIMEOUT_MS: {
    name: 'REMOTE_OPEN_TIMEOUT_MS',
    defaultText: String(REMOTE_OPEN_TIMEOUT_MS),
    description:
      "Milliseconds a device has to answer remoteWeb and open its remote management tunnel (the command's openBefore); no answer in time is 321, no tunnel 324.",
    parse: int(REMOTE_OPEN_TIMEOUT_MIN_MS, REMOTE_OPEN_TIMEOUT_MAX_MS, REMOTE_OPEN_TIMEOUT_MS),
  },
  REMOTE_TUNNEL_URL: {
    name: 'REMOTE_TUNNEL_URL',
    defaultText: '(empty)',
    description:
      "THIS node's own address as devices reach it (wss://node-a.example.com, or https://…), sent in remoteWeb so the device's tunnel reaches the node that opened the session. Set it on every node when several share a broker; empty = the address the user reached the console at.",
    parse: (raw) => {
      const parsed = url(['ws:', 'wss:', 'http:', 'https:'])(raw);
      if ('problem' in parsed || parsed.value === '') return parsed;
      const u = new URL(parsed.value);
      if (u.search || u.hash || u.username || u.password)
        return { problem: `must have no query, fragment or credentials, got "${parsed.value}"` };
      if (parsed.value.length > REMOTE_TUNNEL_URL_MAX_LENGTH)
        return { problem: `must be at most ${REMOTE_TUNNEL_URL_MAX_LENGTH} characters` };
      return { value: parsed.value.replace(/^http/, 'ws').replace(/\/+$/, '') };
    },
  },
  PUBLIC_URL: {
    name: 'PUBLIC_URL',
    defaultText: '(from each request)',
    description:
      "The console's address as browsers reach it (e.g. https://console.example.com), used for the redirect URIs registered with OpenID providers; unset, each request's own scheme and host are used.",
    parse: url(['http:', 'https:']),
  },
  SOCIAL_PROVIDERS: {
    name: 'SOCIAL_PROVIDERS',
    defaultText: '(none)',
    description:
      'OpenID Connect providers for social sign-in, a JSON array of { id, label, issuer, clientId, clientSecret, scope? }; redirect URI <PUBLIC_URL>/api/social/providers/<id>/callback.',
    parse: parseSocialProviders,
  },
};

/** The option table, for docs and `--help`-like output. */
export function configOptions(): { name: string; defaultText: string; description: string }[] {
  return Object.values(OPTIONS).map(({ name, defaultText, description }) => ({
    name,
    defaultText,
    description,
  }));
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Pure: reads only `env`. Throws a `ConfigError` listing every problem at once. */
export function loadConfig(env: Env): Config {
  const partial: Partial<Config> = {};
  const problems: string[] = [];
  // Declaration order matters: DATABASE_URL reads DATA_DIR, SMS_WEBHOOK_URL reads SMS_PROVIDER.
  for (const key of Object.keys(OPTIONS) as (keyof Config)[]) {
    const option = OPTIONS[key] as Option<typeof key>;
    const parsed = option.parse(env[key], partial);
    if ('problem' in parsed) problems.push(`${key} ${parsed.problem}`);
    else (partial as Record<string, unknown>)[key] = parsed.value;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return partial as Config;
}

/** The database kind selected by DATABASE_URL. */
export function databaseKind(config: Pick<Config, 'DATABASE_URL'>): 'sqlite' | 'postgres' {
  return config.DATABASE_URL.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/** Reads the process environment; used by main.ts only. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
