import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionCapacity, openFileLimit } from '../src/gateway/openFiles';
import type { AdmissionStats } from '../src/gateway/types';
import { connectPacket, rawDevice } from './admissionKit';
import { TEST_KEY, uniqueSn, waitFor } from './gatewayKit';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** The open-file limit the server runs under here: 150 device connections after the reserve of 100. */
const LIMIT = 250;
const CAP = LIMIT - 100;
const DEVICES = CAP + 20;

interface Ready {
  url: string;
  mqtt: { tcpPort: number };
}

describe('near the open-file limit (a real process under prlimit)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-nofile-'));
  let child: ChildProcess;
  let out = '';
  let exited: number | null | undefined;
  let ready: Ready;
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const get = (p: string) =>
    fetch(`${ready.url}${p}`).then(async (r) => ({ status: r.status, body: await r.json() }));
  const admission = async () =>
    ((await get('/api/internal/metrics')).body as { gateway: { admission: AdmissionStats } }).gateway
      .admission;

  beforeAll(async () => {
    // Node itself with tsx's loader (as main.test.ts), under a soft = hard limit Node cannot raise.
    child = spawn(
      'prlimit',
      [`--nofile=${LIMIT}:${LIMIT}`, process.execPath, '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          MQTT_PORT: '0',
          LOG_LEVEL: 'info',
          DEMO_ENABLED: 'false',
          METRICS_ENABLED: 'true',
          PROVISIONING_KEY: TEST_KEY,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      exited = code;
    });
    ready = await waitFor(() => lines().find((l) => l.msg === 'Netloom console ready') as Ready | undefined, {
      timeoutMs: 30_000,
      what: 'the server to be ready',
    });
  }, 40_000);

  afterAll(async () => {
    if (child && exited === undefined) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says at start what its limit allows', () => {
    const line = lines().find((l) => String(l.msg).startsWith('device connections'));
    expect(line).toMatchObject({ maxConnections: CAP, openFileLimit: LIMIT, reserved: 100 });
    expect(line?.msg).toContain(`at most ${CAP}`);
  });

  it('refuses devices beyond it with CONNACK 3, one log line and a counter, and keeps serving HTTP', async () => {
    const devices = Array.from({ length: DEVICES }, () =>
      rawDevice(ready.mqtt.tcpPort, connectPacket(uniqueSn())),
    );
    try {
      const codes = await Promise.all(devices.map((d) => d.connack));
      expect(codes.filter((c) => c === 0)).toHaveLength(CAP);
      expect(codes.filter((c) => c === 3)).toHaveLength(DEVICES - CAP);
      expect((await get('/api/meta/version')).status).toBe(200);
      const a = await admission();
      expect(a).toMatchObject({ maxConnections: CAP, refusedCapacity: DEVICES - CAP });
      expect(lines().filter((l) => String(l.msg).includes('holds its maximum of connections'))).toHaveLength(
        1,
      );
      // A device leaving makes room for the next.
      devices[0]?.socket.destroy();
      await waitFor(async () => ((await admission()).open <= CAP - 1 ? true : undefined), {
        what: 'a free slot',
      });
      expect(await rawDevice(ready.mqtt.tcpPort, connectPacket(uniqueSn())).connack).toBe(0);
    } finally {
      for (const d of devices) d.socket.destroy();
    }
  });

  it('survives running out of descriptors (EMFILE on accept) and serves again once they are back', async () => {
    // Idle connections to the HTTP port until the process has no descriptor left, and more.
    const idle: net.Socket[] = [];
    let closedByServer = 0;
    let releasing = false;
    const open = (port: number) =>
      new Promise<void>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => resolve());
        s.on('error', () => resolve());
        s.on('close', () => {
          if (!releasing) closedByServer++;
          resolve();
        });
        idle.push(s);
      });
    const httpPort = Number(new URL(ready.url).port);
    const late: ReturnType<typeof rawDevice>[] = [];
    try {
      for (let i = 0; i < LIMIT + 20; i++) await open(httpPort);
      // Out of descriptors: what cannot be accepted is accepted and closed at once (libuv keeps a
      // spare descriptor for that), so a device sees a closed connection, not a hang, and retries.
      await waitFor(() => (closedByServer > 0 ? true : undefined), { what: 'the process to run out' });
      for (let i = 0; i < 5; i++) late.push(rawDevice(ready.mqtt.tcpPort, connectPacket(uniqueSn())));
      expect(await Promise.all(late.map((d) => d.connack))).toEqual([null, null, null, null, null]);
      expect(exited).toBeUndefined();
    } finally {
      releasing = true;
      for (const s of idle) s.destroy();
    }
    const back = await waitFor(
      async () => {
        const r = await get('/api/meta/version').catch(() => undefined);
        return r?.status === 200 ? r : undefined;
      },
      { timeoutMs: 10_000, what: 'HTTP back' },
    );
    expect(back.status).toBe(200);
    expect(exited).toBeUndefined();
    expect(await rawDevice(ready.mqtt.tcpPort, connectPacket(uniqueSn())).connack).toBe(0);
  });
});

describe('open-file capacity', () => {
  it('reads the soft limit of /proc/self/limits and keeps a reserve of 5 %, 100 to 1,000', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                20000                files\n';
    expect(openFileLimit(() => limits)).toBe(20_000);
    expect(
      openFileLimit(() => 'Max open files            unlimited            unlimited            files'),
    ).toBeNull();
    expect(
      openFileLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
    // This machine: 18,000 devices fit on one node.
    expect(connectionCapacity(20_000)).toEqual({ openFileLimit: 20_000, reserve: 1000, allowed: 19_000 });
    expect(connectionCapacity(1024)).toEqual({ openFileLimit: 1024, reserve: 100, allowed: 924 });
    expect(connectionCapacity(1_048_576).reserve).toBe(1000);
    expect(connectionCapacity(null).allowed).toBeNull();
  });
});
