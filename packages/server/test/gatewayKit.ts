import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type Body,
  deriveDeviceSecret,
  deviceDownFilter,
  lastWill,
  type MessageName,
  packet,
} from '@netloom/protocol';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** The provisioning key of the device-plane tests (≥ 32 characters, not the development key). */
export const TEST_KEY = 'test-provisioning-key-0123456789abcdef';

let snSeq = 0;
/** A fresh valid serial number. */
export function uniqueSn(prefix = 'NLT'): string {
  snSeq += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${String(snSeq).padStart(6, '0')}`.slice(0, 32);
}

export async function waitFor<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 3000, what = 'condition' } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface DeviceOptions {
  secret?: string;
  key?: string;
  will?: boolean;
  protocolVersion?: 4 | 5;
}

/** A test MQTT client acting as a device (clientId = username = SN, last will per protocol). */
export async function connectDevice(url: string, sn: string, opts: DeviceOptions = {}): Promise<MqttClient> {
  const will = lastWill(sn);
  return mqtt.connectAsync(url, {
    clientId: sn,
    username: sn,
    password: opts.secret ?? deriveDeviceSecret(opts.key ?? TEST_KEY, sn),
    protocolVersion: opts.protocolVersion ?? 4,
    clean: true,
    keepalive: 60,
    reconnectPeriod: 0,
    connectTimeout: 3000,
    ...(opts.will === false
      ? {}
      : { will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1, retain: true } }),
  });
}

/** Connect must fail (e.g. wrong secret): resolves with the error. */
export async function connectRefused(url: string, sn: string, opts: DeviceOptions = {}): Promise<Error> {
  try {
    const c = await connectDevice(url, sn, opts);
    await c.endAsync();
  } catch (err) {
    return err as Error;
  }
  throw new Error(`device ${sn} was allowed to connect`);
}

/** Publishes a protocol message the device way (QoS/retain per message). */
export async function devicePublish<M extends MessageName>(
  c: MqttClient,
  sn: string,
  message: M,
  body: Body<M>,
): Promise<void> {
  const p = packet(sn, message, body);
  await c.publishAsync(p.topic, Buffer.from(p.payload), { qos: p.qos, retain: p.retain });
}

export const HELLO: Body<'hello'> = {
  model: 'NL-A3000C',
  type: 'ap',
  firmwareVersion: 'V1.1.5',
  hardwareVersion: 'V1.0',
  mac: '3C:52:A1:00:12:7F',
  capabilities: ['reboot', 'upgrade'],
  configVersion: 3,
  bootId: 'boot1',
};

export function fullState(over: Record<string, unknown> = {}): Body<'state'> {
  return {
    status: 1,
    cpu: 12.5,
    memory: 40,
    uptime: 100,
    ip: '192.168.10.21',
    configVersion: 3,
    uplink: null,
    ports: [{ id: 1, link: 'up', speed: 1000, duplex: 'full' }],
    radios: [],
    ...over,
  } as Body<'state'>;
}

/** The §4 connection sequence: subscribe own down topics, hello, full state. */
export async function bootDevice(c: MqttClient, sn: string, state = fullState()): Promise<void> {
  await c.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
  await devicePublish(c, sn, 'hello', HELLO);
  await devicePublish(c, sn, 'state', state);
}

/** Inserts a claimed device row (what D3's claim does) and tells the registry. */
export async function claimDevice(t: TestApp, projectId: number, sn: string, type = 'ap'): Promise<number> {
  const row = await t.database.db
    .insertInto('devices')
    .values({ project_id: projectId, sn, type, name: sn, status: 0, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  t.app.devicePlane.registry.upsert({ deviceId: row.id, projectId, sn, type, status: 0 });
  return row.id;
}

export async function deviceRow(t: TestApp, id: number) {
  return t.database.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (typeof a !== 'object' || !a) throw new Error('no address');
  return a.port;
}

export function mqttTcpUrl(app: FastifyInstance): string {
  const port = app.devicePlane.gateway.stats().tcpPort;
  expect(port).toBeTypeOf('number');
  return `mqtt://127.0.0.1:${port}`;
}

/** Collects messages a client receives. */
export function inbox(c: MqttClient): { topic: string; payload: string }[] {
  const got: { topic: string; payload: string }[] = [];
  c.on('message', (topic, payload) => got.push({ topic, payload: payload.toString('utf8') }));
  return got;
}

// ── An own Mosquitto with the dynamic-security plugin, on a free port ─────────────────────────────
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const mosquittoAvailable = fs.existsSync(MOSQUITTO) && fs.existsSync(DYNSEC_PLUGIN);

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const a = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof a === 'object' && a ? a.port : 0;
}

export interface Mosquitto {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

export async function startMosquitto(): Promise<Mosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-mosq-'));
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
      '',
    ].join('\n'),
  );
  const proc: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  await waitFor(
    () =>
      new Promise<boolean | undefined>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(undefined));
      }),
    { timeoutMs: 5000, what: 'mosquitto to listen' },
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    adminUrl: `mqtt://admin:admin-pass@127.0.0.1:${port}`,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
