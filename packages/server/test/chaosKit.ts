/**
 * Real processes for chaos tests: the server as a child process (tsx, its own DATA_DIR), killed with
 * SIGKILL and started again on the same MQTT port; a Mosquitto that can be killed and restarted on
 * the same port with the same dynamic-security file; an HTTP client of the real server (an `openapi`
 * bearer token, signed up through the dev outbox like a user); the server's database (SQLite in its
 * DATA_DIR or a fresh PostgreSQL database), readable by the test itself while the server is dead.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DYNSEC_PLUGIN, freePort, MOSQUITTO, TEST_KEY, waitFor } from './gatewayKit';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface LogEntry {
  msg?: string;
  url?: string;
  to?: string;
  code?: string;
  level?: number;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every JSON log line so far (for e-mail codes and for diagnostics). */
  logs: LogEntry[];
  /** The last lines of output, for a failure message. */
  tail(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `tsx src/main.ts` with `env` and resolves once it logs "Netloom console ready". */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays signals to a child process and
  // SIGKILLs it when the child is slow to acknowledge (a busy event loop), which is not a shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PROVISIONING_KEY: TEST_KEY,
      DEMO_ENABLED: 'false',
      AUTH_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogEntry[] = [];
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 60) lines.shift();
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      keep(line);
      if (!line.startsWith('{')) return;
      try {
        const entry = JSON.parse(line) as LogEntry;
        logs.push(entry);
        if (entry.msg === 'Netloom console ready' && entry.url) resolve(entry.url);
      } catch {
        // not a JSON log line
      }
    });
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', keep);
    void exited.then(() => reject(new Error(`server exited before it was ready:\n${lines.join('\n')}`)));
  });
  const timer = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`server not ready in ${timeoutMs} ms:\n${lines.join('\n')}`)),
      timeoutMs,
    ),
  );
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  try {
    const url = await Promise.race([ready, timer]);
    return { url, child, logs, tail: () => lines.join('\n'), kill };
  } catch (err) {
    await kill('SIGKILL');
    throw err;
  }
}

interface Envelope<T> {
  code: number;
  message?: string;
  data?: T;
  issues?: { path: string; message: string }[];
}

/** The real server's HTTP API as an `openapi` client (bearer token); `base` follows restarts. */
export class HttpApi {
  token = '';
  constructor(public base: string) {}

  async call<T>(method: string, url: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Envelope<T>;
  }

  /** The `data` of a call that must succeed (code 0); throws with the envelope otherwise. */
  async ok<T>(method: string, url: string, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, url, body);
    if (r.code !== 0)
      throw new Error(`${method} ${url} → ${r.code} ${r.message ?? ''} ${JSON.stringify(r.issues ?? [])}`);
    return r.data as T;
  }
}

let accountSeq = 0;
/** Registers an e-mail account (the code from the dev outbox log), signs in as `openapi`, makes a project. */
export async function accountWithProject(
  server: ServerProcess,
  name = 'Chaos',
): Promise<{ api: HttpApi; projectId: number }> {
  accountSeq += 1;
  const api = new HttpApi(server.url);
  const email = `chaos.${Date.now()}.${accountSeq}@example.com`;
  const password = 'chaos-secret-123';
  await api.ok('POST', '/api/auth/codes', { channel: 'email', purpose: 'register', email });
  const code = await waitFor(
    () => server.logs.find((l) => l.msg === 'dev outbox: e-mail verification code' && l.to === email)?.code,
    {
      what: 'the e-mail code in the server log',
    },
  );
  await api.ok('POST', '/api/auth/register', {
    method: 'email',
    email,
    code,
    password,
    confirmPassword: password,
  });
  const login = await api.ok<{ token: string }>('POST', '/api/auth/login', {
    method: 'email',
    email,
    password,
    client: 'openapi',
  });
  api.token = login.token;
  const project = await api.ok<{ id: number }>('POST', '/api/projects', {
    name,
    netMode: 0,
    scenario: 'hotel',
  });
  return { api, projectId: project.id };
}

/** Adds every SN to the project through `POST /api/projects/:id/devices` (a few at a time). */
export async function claimAll(
  api: HttpApi,
  projectId: number,
  sns: readonly string[],
  concurrency = 8,
): Promise<void> {
  const queue = [...sns];
  const worker = async () => {
    for (let sn = queue.shift(); sn; sn = queue.shift())
      await api.ok('POST', `/api/projects/${projectId}/devices`, { sn, name: `Chaos-${sn.slice(-5)}` });
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A Mosquitto with dynamic security that can be SIGKILLed and started again on the same port and file. */
export interface RestartableMosquitto {
  url: string;
  adminUrl: string;
  /** Its dynamic-security file (the two-node test writes a fleet's clients into it while stopped). */
  dynsecFile: string;
  running(): boolean;
  start(): Promise<void>;
  kill(): Promise<void>;
  dispose(): Promise<void>;
}

async function listening(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(undefined));
  });
}

export async function restartableMosquitto(): Promise<RestartableMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-chaos-mosq-'));
  // Mosquitto started as root drops to its own user: it must be able to write the dynsec file.
  fs.chmodSync(dir, 0o777);
  const dynsec = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'admin', 'admin-pass'], { stdio: 'ignore' });
  fs.chmodSync(dynsec, 0o666);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${dynsec}`,
      'persistence false',
      'max_queued_messages 10000',
      '',
    ].join('\n'),
  );
  let proc: ChildProcess | null = null;
  const kill = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    adminUrl: `mqtt://admin:admin-pass@127.0.0.1:${port}`,
    dynsecFile: dynsec,
    running: () => proc !== null,
    async start() {
      if (proc) throw new Error('mosquitto is already running');
      proc = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
      await waitFor(() => listening(port), { timeoutMs: 5000, what: 'mosquitto to listen' });
    },
    kill,
    async dispose() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ── the server's database, read by the test ─────────────────────────────────────────────────────

/** What the server has committed about one device's configuration delivery. */
export interface CommittedDelivery {
  sn: string;
  desired: number;
  applied: number;
  status: string;
}

/** The database a chaos run's server uses: `env` for the server, read directly, dropped after. */
export interface ChaosDatabase {
  kind: 'sqlite' | 'postgres';
  /** DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  /** Every delivery row as committed now (the server may be dead: this reads the database itself). */
  deliveries(): Promise<CommittedDelivery[]>;
  drop(): Promise<void>;
}

const DELIVERIES_SQL = `select d.sn as sn, c.desired_version as desired, c.applied_version as applied,
  c.status as status from device_configs c join devices d on d.id = c.device_id`;

/** Versions as numbers on both databases (pg returns a bigint as a string). */
const committed = (r: CommittedDelivery): CommittedDelivery => ({
  sn: r.sn,
  desired: Number(r.desired),
  applied: Number(r.applied),
  status: r.status,
});

/** PostgreSQL for tests: TEST_DATABASE_URL, or the local server with trust authentication. */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used (null when it can). */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function pgQuery<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one run: SQLite in a temporary DATA_DIR, or a PostgreSQL database with a
 * unique name created on PG_URL's server (dropped, connections and all, by `drop`).
 */
export async function chaosDatabase(kind: 'sqlite' | 'postgres'): Promise<ChaosDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-chaos-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    const file = path.join(dataDir, 'netloom.db');
    return {
      kind,
      env: { DATA_DIR: dataDir },
      async deliveries() {
        const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
        try {
          return (db.prepare(DELIVERIES_SQL).all() as CommittedDelivery[]).map(committed);
        } finally {
          db.close();
        }
      },
      async drop() {
        removeDir();
      },
    };
  }
  const name = `netloom_chaos_${randomBytes(5).toString('hex')}`;
  await pgQuery(PG_URL, `create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    deliveries: async () => (await pgQuery<CommittedDelivery>(databaseUrl, DELIVERIES_SQL)).map(committed),
    async drop() {
      await pgQuery(PG_URL, `drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}
