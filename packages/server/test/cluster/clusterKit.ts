/**
 * The reference deployment of issue 11 §3 as real processes on this machine: PostgreSQL (a fresh
 * schema), Mosquitto with dynamic security (restartable, chaosKit.ts), two console nodes running the
 * built server (`dist/main.js`) on fixed ports so a killed node comes back where the entry expects
 * it, the entry (entryProxy.ts) and the simulator as a child process (clusterSim.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LIVE_BEARER_PREFIX, LIVE_PATH, LIVE_SUBPROTOCOL } from '@netloom/domain';
import { planFleet } from '@netloom/sim';
import WebSocket from 'ws';
import type { Db } from '../../src/db';
import type { GatewayStats } from '../../src/gateway/types';
import type { ServerProcess } from '../chaosKit';
import { freePort, TEST_KEY } from '../gatewayKit';
import type { ClusterSimOptions, ClusterSimReport } from './clusterSim';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_SERVER = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** The log line of a node that has provisioned every claimed device in the broker. */
export const PROVISIONED = 'broker clients provisioned for claimed devices';

export interface ClusterNode extends ServerProcess {
  name: string;
  port: number;
}

/** Starts the built server as node `name` on `port`; resolves once it logs "Netloom console ready". */
export async function startNode(
  name: string,
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ClusterNode> {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run npm run build first`);
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      PROVISIONING_KEY: TEST_KEY,
      DEMO_ENABLED: 'false',
      AUTH_RATE_LIMIT: '0',
      METRICS_ENABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
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
        const entry = JSON.parse(line) as ServerProcess['logs'][number];
        // Only what the tests read (codes, readiness, warnings): 5,000 devices log a lot.
        if (
          (entry.level ?? 0) >= 40 ||
          entry.msg?.startsWith('dev outbox') ||
          entry.msg === PROVISIONED ||
          entry.url
        )
          logs.push(entry);
        if (entry.msg === 'Netloom console ready' && entry.url) resolve(entry.url);
      } catch {
        // not a JSON log line
      }
    });
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', keep);
    void exited.then(() =>
      reject(new Error(`node ${name} exited before it was ready:\n${lines.join('\n')}`)),
    );
  });
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`node ${name} not ready:\n${lines.join('\n')}`)),
          timeoutMs,
        );
      }),
    ]);
    return { name, port, url, child, logs, tail: () => lines.join('\n'), kill };
  } catch (err) {
    await kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts node `name` on a free port. A port found free can be taken before the node binds it (the
 * ephemeral range is shared with outgoing connections): then another one is tried, a few times.
 */
export async function startNodeOnFreePort(name: string, env: Record<string, string>): Promise<ClusterNode> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNode(name, await freePort(), env);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

export interface NodeMetrics {
  at: number;
  process: { rss: number; cpuUserUs: number; cpuSystemUs: number };
  gateway: GatewayStats;
  telemetry: { committed: number };
}

/** A node's `/api/internal/metrics` (METRICS_ENABLED, loopback). */
export async function metricsOf(node: ClusterNode): Promise<NodeMetrics> {
  const { exitCode, signalCode } = node.child;
  if (exitCode !== null || signalCode !== null)
    throw new Error(`node ${node.name} exited (${exitCode ?? signalCode}):\n${node.tail()}`);
  const res = await fetch(`${node.url}/api/internal/metrics`);
  if (!res.ok) throw new Error(`metrics of node ${node.name}: HTTP ${res.status}`);
  return (await res.json()) as NodeMetrics;
}

/**
 * Claims the load fleet's planned devices into `projectId` by inserting the rows (as the devices
 * bench does: 5,000 claims through the API would measure onboarding). The nodes must not be running
 * yet: each provisions the claimed devices in the broker at start.
 */
export async function seedLoadDevices(
  db: Db,
  projectId: number,
  seed: number,
  devices: number,
): Promise<string[]> {
  const now = Date.now();
  const rows = planFleet({ seed, devices, mix: 'default' }).devices.map((d) => ({
    project_id: projectId,
    sn: d.sn,
    type: d.kind,
    name: `${d.model.model}-${d.sn.slice(-6)}`,
    status: 0,
    created_at: new Date(now).toISOString(),
    model: d.model.model,
    mac: d.mac,
    firmware_version: d.firmwareVersion,
    ip: d.ip,
    status_changed_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('devices')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.sn);
}

export interface SimProcess {
  child: ChildProcess;
  /** The latest report (every `reportMs`). */
  latest(): ClusterSimReport | undefined;
  /** Stops the fleets (SIGTERM) and resolves with their final figures. */
  stop(): Promise<ClusterSimReport>;
}

/** Runs clusterSim.ts in its own process. */
export function startSim(o: ClusterSimOptions): SimProcess {
  const script = fileURLToPath(new URL('./clusterSim.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(o)], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let latest: ClusterSimReport | undefined;
  let final: ((r: ClusterSimReport) => void) | null = null;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const r = JSON.parse(line) as ClusterSimReport;
    latest = r;
    if (r.final) final?.(r);
  });
  return {
    child,
    latest: () => latest,
    stop: () =>
      new Promise<ClusterSimReport>((resolve, reject) => {
        final = resolve;
        child.once('exit', () => (latest?.final ? resolve(latest) : reject(new Error('simulator died'))));
        child.kill('SIGTERM');
      }),
  };
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
}

/** A received live event (what the browser's live channel hands the page), with its arrival time. */
export interface SeenEvent {
  at: number;
  type: string;
  deviceId?: number;
  status?: number;
}

/**
 * A browser's live channel through the entry: a WebSocket on `/api/live` with the bearer token as
 * subprotocol (as the web app does), subscribed to one project; when the socket closes it opens a
 * new one through the entry at once and subscribes again, as the web app's live hook does.
 */
export class LiveClient {
  readonly events: SeenEvent[] = [];
  /** Each reconnect: when the socket closed and when the new one was subscribed. */
  readonly reconnects: { closedAt: number; subscribedAt: number | null }[] = [];
  private socket: WebSocket | null = null;
  private closed = false;

  constructor(
    private readonly entryUrl: string,
    private readonly token: string,
    private readonly projectId: number,
  ) {}

  /** Resolves once subscribed; rejects when this socket closes before (a new one is tried then). */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.entryUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, [
        LIVE_SUBPROTOCOL,
        `${LIVE_BEARER_PREFIX}${this.token}`,
      ]);
      this.socket = ws;
      let subscribed = false;
      ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', projectId: this.projectId })));
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as {
          op: string;
          event?: { type: string; deviceId?: number; status?: number };
        };
        if (msg.op === 'subscribed') {
          subscribed = true;
          const last = this.reconnects.at(-1);
          if (last && last.subscribedAt === null) last.subscribedAt = Date.now();
          resolve();
        } else if (msg.op === 'event' && msg.event) {
          const { type, deviceId, status } = msg.event;
          this.events.push({ at: Date.now(), type, ...(deviceId ? { deviceId } : {}), status });
        }
      });
      let failure = '';
      ws.on('error', (err) => {
        failure = err.message;
      });
      ws.on('unexpected-response', (_req, res) => {
        failure = `HTTP ${res.statusCode}`;
        ws.terminate();
      });
      ws.on('close', (code) => {
        if (!subscribed)
          reject(new Error(`live channel closed before it was subscribed (${failure || code})`));
        if (this.closed) return;
        if (subscribed) this.reconnects.push({ closedAt: Date.now(), subscribedAt: null });
        // A lost socket is replaced at once; a failed attempt is retried a little later.
        setTimeout(() => void this.open().catch(() => {}), subscribed ? 0 : 100);
      });
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
