/**
 * Remote web management on two console nodes sharing PostgreSQL and Mosquitto (the multi-node
 * deployment). Each node has its own public address for devices (REMOTE_TUNNEL_URL, here a TCP
 * forwarder per node standing for `node-a.…`/`node-b.…`). The user's open request reaches node A:
 * the simulated device (@netloom/sim over the broker, whichever node handles its messages) is sent
 * node A's address — not the host the user typed — and opens its tunnel there, as docs/protocol.md
 * §7.2/§7.4 say. The user's pages then work whichever node the entry sends them to: node B relays
 * them to node A over the broker, where every check runs. Closing on node B ends the session on A;
 * an unknown session on B is still "not valid" (496). A WebSocket of the page works on node A and is
 * refused on node B (533: sockets are not relayed). And a device's refusal is told as such
 * (326) whichever node handles its reply. A sign-out on one node closes that session's live sockets
 * on the other at once.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ERR, LIVE_CLOSE_CODES, LIVE_SESSION_RECHECK_MS, type RemoteSession } from '@netloom/domain';
import type { RemoteWebArgs } from '@netloom/protocol';
import { createFleet, type Fleet, localWebSettings, planFleet, type VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { TestClient } from './client';
import { DUAL_BAND_AP, FakeDevice } from './configFakeDevice';
import { buildProject, signedInUser } from './factories';
import {
  claimDevice,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import {
  createSuiteDatabase,
  postgresAvailable,
  RecordingSms,
  type SuiteDatabase,
  type TestApp,
  TestClock,
} from './harness';
import { openLive } from './liveKit';

if (!mosquittoAvailable) throw new Error('the two-node test needs /usr/sbin/mosquitto with dynamic security');

const SLOW = { timeoutMs: 30_000 };

/** A node's public address for devices: a TCP forwarder to the node, counting the connections it carried. */
interface PublicAddress {
  port: number;
  connections: number;
  target: number;
  close(): Promise<void>;
}

async function publicAddress(): Promise<PublicAddress> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    address.connections++;
    const outbound = net.connect(address.target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const address: PublicAddress = {
    port: typeof a === 'object' && a ? a.port : 0,
    connections: 0,
    target: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return address;
}

describe.skipIf(!postgresAvailable)('remote web management on two nodes [postgres]', () => {
  let suiteDb: SuiteDatabase | undefined;
  let broker: Mosquitto | undefined;
  let fleet: Fleet | undefined;
  const nodes: TestApp[] = [];
  const addresses: PublicAddress[] = [];
  const devices: FakeDevice[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    suiteDb = await createSuiteDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const address = await publicAddress();
      addresses.push(address);
      const config = loadConfig({
        DATABASE_URL: suiteDb.url,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        AUTH_RATE_LIMIT: '0',
        MQTT_URL: broker.adminUrl,
        PROVISIONING_KEY: TEST_KEY,
        DEMO_ENABLED: 'false',
        WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
        REMOTE_TUNNEL_URL: `http://127.0.0.1:${address.port}`,
      });
      const database = openDatabase(config.DATABASE_URL);
      if (i === 0) await migrateToLatest(database.db);
      // Real time on both nodes (a session's deadlines are compared with the tunnel's arrival).
      const clock = new TestClock();
      clock.now = () => Date.now();
      const sms = new RecordingSms();
      const app = await buildApp(config, { database, clock, smsSender: sms, scryptLogN: 10 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const bound = app.server.address();
      address.target = typeof bound === 'object' && bound ? bound.port : 0;
      nodes.push({ app, clock, sms, database });
    }
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    for (const d of devices) await d.close();
    for (const n of nodes) {
      await n.app.close();
      await n.database.db.destroy();
    }
    for (const a of addresses) await a.close();
    await suiteDb?.drop();
    await broker?.stop();
  });

  it('opened on node A: the device tunnels to node A, the pages work through either node', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const [publicA, publicB] = addresses as [PublicAddress, PublicAddress];
    const { client: onA } = await signedInUser(a);
    const projectId = (await onA.post<{ id: number }>('/api/projects', buildProject())).body.data
      ?.id as number;
    // A few simulated devices over the broker; their messages split between the nodes.
    const plan = { seed: 3, devices: 6, mix: 'office' } as const;
    const ids = new Map<string, number>();
    for (const d of planFleet(plan).devices) {
      const res = await onA.post<{ id: number }>(`/api/projects/${projectId}/devices`, {
        sn: d.sn,
        name: `${d.model.model}-${d.sn.slice(-4)}`,
      });
      expect(res.body.code, res.body.message).toBe(0);
      ids.set(d.sn, res.body.data?.id as number);
    }
    await waitFor(
      () => ([...ids.keys()].every((sn) => b.app.devicePlane.registry.get(sn)) ? true : undefined),
      {
        what: 'the claims on node B',
      },
    );
    fleet = createFleet({
      ...plan,
      url: broker?.url ?? '',
      provisioningKey: TEST_KEY,
      timeFactor: 60,
      utcOffsetHours: 0,
      churnPerHour: 0,
      eventsPerHour: 0,
      rampMs: 200,
      backoff: { firstMinMs: 100, firstMaxMs: 300, capMs: 1000 },
    });
    fleet.start();
    const ap = fleet.devices.find((d) => d.model.kind === 'ap') as VirtualDevice;
    await waitFor(
      () => (nodes.every((n) => n.app.devicePlane.registry.get(ap.sn)?.status === 1) ? true : undefined),
      { ...SLOW, what: 'the AP online on both nodes' },
    );

    // The user reached node A at some entry name: the device is sent node A's own address.
    const opened = await onA.call<RemoteSession>(
      'POST',
      `/api/projects/${projectId}/remote/devices/${ids.get(ap.sn)}`,
      {},
      { host: 'console.example.test' },
    );
    expect(opened.body.code, opened.body.message).toBe(0);
    const s = opened.body.data as RemoteSession;
    const jobs = await a.app.features.commands.recentOf(projectId, 'remoteWeb', 0);
    const args = JSON.parse(jobs.at(-1)?.args_json ?? '{}') as RemoteWebArgs;
    expect(args.url).toBe(`ws://127.0.0.1:${publicA.port}/api/remote/tunnel/${s.sessionId}`);
    expect(publicA.connections).toBe(1);
    expect(publicB.connections).toBe(0);

    // The same browser (its cookies) on node B: the launch link and the pages are relayed to A.
    const onB = new TestClient(b.app);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const landed = await onB.request('GET', s.url);
    expect(landed.statusCode).toBe(303);
    const base = `/remote/${s.sessionId}/`;
    expect(landed.headers.location).toBe(base);
    const cookie = landed.cookies.find((c) => c.name === 'nl_remote');
    expect(cookie?.path).toBe(base);
    expect(cookie?.httpOnly).toBe(true);
    onA.cookies.set('nl_remote', cookie?.value ?? '');

    const pageOnB = await onB.request('GET', base);
    expect(pageOnB.statusCode).toBe(200);
    expect(pageOnB.body).toContain(ap.sn);
    expect(pageOnB.headers['content-security-policy']).toContain("script-src 'none'");
    const posted = await onB.request('POST', `${base}settings`, 'systemName=Relayed+AP&led=on', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${base}?saved=1`);
    expect(localWebSettings(ap).systemName).toBe('Relayed AP');
    const pageOnA = await onA.request('GET', base);
    expect(pageOnA.statusCode).toBe(200);
    expect(pageOnA.body).toContain('Relayed AP');
    // Still the one tunnel, to node A.
    expect(publicA.connections).toBe(1);
    expect(publicB.connections).toBe(0);

    // Every check still runs on node A: another account through node B gets nothing.
    const stranger = (await signedInUser(b)).client;
    const strangerPage = await stranger.request('GET', base);
    expect(strangerPage.statusCode).toBe(403);
    expect(Number(strangerPage.headers['x-netloom-code'])).toBe(ERR.REMOTE_MGMT_SESSION_INVALID);
    expect(strangerPage.body).not.toContain(ap.sn);
    // A session no node holds: "not valid" on node B too.
    const guessed = await onB.request('GET', '/remote/AAAAAAAAAAAAAAAAAAAAAA/');
    expect(guessed.statusCode).toBe(404);

    // WebSockets of the page are carried only by the node holding the session: node B refuses with
    // 533 (it relays pages, not sockets); on node A the device's socket echoes.
    const upgrade = (port: number) =>
      new Promise<{ status: number; code: number; ws?: WebSocket }>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${base}ws`, {
          headers: {
            origin: `http://127.0.0.1:${port}`,
            cookie: `nl_session=${onA.cookies.get('nl_session')}; nl_remote=${onA.cookies.get('nl_remote')}`,
          },
        });
        ws.on('unexpected-response', (_req, res) =>
          resolve({ status: res.statusCode ?? 0, code: Number(res.headers['x-netloom-code']) }),
        );
        ws.on('open', () => resolve({ status: 101, code: 0, ws }));
        ws.on('error', () => {});
      });
    expect(await upgrade(publicB.target)).toEqual({ status: 421, code: ERR.REMOTE_MGMT_SOCKET_OTHER_NODE });
    const onNodeA = await upgrade(publicA.target);
    expect(onNodeA.status).toBe(101);
    const echoed = new Promise<string>((resolve) =>
      onNodeA.ws?.on('message', (data) => {
        if (data.toString() === 'through node A') resolve(data.toString());
      }),
    );
    onNodeA.ws?.send('through node A');
    expect(await echoed).toBe('through node A');
    onNodeA.ws?.close();

    // Closed through node B: it ends on node A, where the page now says "expired".
    await onB.del(`/api/projects/${projectId}/remote/sessions/${s.sessionId}`);
    await waitFor(async () => ((await onA.request('GET', base)).statusCode === 410 ? true : undefined), {
      what: 'the session ended on node A',
    });
    const afterOnB = await onB.request('GET', base);
    expect(afterOnB.statusCode).toBe(410);
    expect(Number(afterOnB.headers['x-netloom-code'])).toBe(ERR.REMOTE_MGMT_SESSION_EXPIRED);
  }, 90_000);

  it('a refusal is told as such whichever node handles the device’s reply', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const { client: onA } = await signedInUser(a);
    const projectId = (await onA.post<{ id: number }>('/api/projects', buildProject())).body.data
      ?.id as number;
    const sn = uniqueSn('NLN');
    const deviceId = await claimDevice(a, projectId, sn, 'ap');
    await a.app.devicePlane.gateway.provision(sn);
    const dev = new FakeDevice(broker?.url ?? '', sn, DUAL_BAND_AP);
    devices.push(dev);
    // A model that cannot serve its page remotely: 913, shown as 326 "not supported".
    dev.replies.set('remoteWeb', (cmd) => ({
      id: cmd.id,
      ok: false,
      code: ERR.DEVICE_OPERATION_UNSUPPORTED,
    }));
    await waitFor(() => (b.app.devicePlane.registry.get(sn) ? true : undefined), {
      what: 'the claim on node B',
    });
    await dev.boot();
    await waitFor(
      () => (nodes.every((n) => n.app.devicePlane.registry.get(sn)?.status === 1) ? true : undefined),
      { ...SLOW, what: 'the device online on both nodes' },
    );
    // The nodes split the device's replies (shared subscription): over a few opens some replies are
    // handled by node B, whose job row carries the code back to node A's waiting open — never the
    // 15 s wait and 321 of a device that did not answer.
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const res = await onA.post(`/api/projects/${projectId}/remote/devices/${deviceId}`, {});
      expect(res.body.code).toBe(ERR.REMOTE_MGMT_UNSUPPORTED);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  }, 90_000);

  it('a sign-out on node A closes the live socket of that session on node B at once', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const { client } = await signedInUser(a, { client: 'openapi' });
    const portB = addresses[1]?.target ?? 0;
    const { got, closed } = await openLive(portB, { authorization: `Bearer ${client.bearer}` });
    expect(b.app.server.listening).toBe(true);
    const started = Date.now();
    expect((await client.post('/api/auth/logout')).body.code).toBe(0);
    // Node B hears of it over the broker: well before its once-a-minute re-check.
    expect(await closed).toBe(LIVE_CLOSE_CODES.SESSION_ENDED);
    expect(Date.now() - started).toBeLessThan(LIVE_SESSION_RECHECK_MS / 4);
    expect(got).toContainEqual({ op: 'error', code: ERR.NOT_SIGNED_IN });
  }, 30_000);
});
