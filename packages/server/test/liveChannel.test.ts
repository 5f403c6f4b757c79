import net from 'node:net';
import { LIVE_ALL_PROJECTS, LIVE_BEARER_PREFIX, LIVE_SUBPROTOCOL } from '@netloom/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildProject, signedInUser } from './factories';
import { bootDevice, claimDevice, connectDevice, listen, TEST_KEY, uniqueSn, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { openLive } from './liveKit';

describeEachDb('live channel and MQTT over WebSocket (TCP port taken)', (kind) => {
  // Occupy a port so the embedded broker cannot listen on it: the server must still start.
  const blocker = net.createServer();
  let blockedPort = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const a = blocker.address();
    blockedPort = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(() => new Promise<void>((r) => blocker.close(() => r())));
  const get = useTestApp(kind, () => ({
    env: { MQTT_PORT: String(blockedPort), HOST: '127.0.0.1', PROVISIONING_KEY: TEST_KEY },
  }));
  let port = 0;
  beforeAll(async () => {
    port = await listen(get().app);
  });

  it('serves devices over /mqtt when the TCP port is taken', async () => {
    expect(get().app.devicePlane.gateway.stats().tcpPort).toBeNull();
    const sn = uniqueSn('NLW');
    const dev = await connectDevice(`ws://127.0.0.1:${port}/mqtt`, sn);
    expect(dev.connected).toBe(true);
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(sn) ? true : undefined));
    dev.end(true);
  });

  it('pushes a device status change to a subscribed browser within a second', async () => {
    const t = get();
    const { client } = await signedInUser(t, { client: 'openapi' });
    const project = await client.post<{ id: number }>('/api/projects', buildProject());
    const projectId = project.body.data?.id ?? 0;
    const sn = uniqueSn('NLL');
    const deviceId = await claimDevice(t, projectId, sn);

    const { ws, got } = await openLive(port, { authorization: `Bearer ${client.bearer}` });
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    await waitFor(() => got.find((m) => m.op === 'subscribed'));

    const dev = await connectDevice(`ws://127.0.0.1:${port}/mqtt`, sn);
    await bootDevice(dev, sn);
    // Pushed, not polled: the event arrives on its own (how fast is `npm run bench`'s status→browser).
    const ev = await waitFor(
      () => got.find((m) => m.op === 'event' && m.event.type === 'device.status' && m.event.status === 1),
      { timeoutMs: 15_000, what: 'device.status online' },
    );
    expect(ev).toMatchObject({ event: { projectId, deviceId, sn } });

    dev.stream.destroy(); // abrupt: will + disconnect
    await waitFor(
      () => got.find((m) => m.op === 'event' && m.event.type === 'device.status' && m.event.status === 0),
      { timeoutMs: 1000, what: 'device.status offline' },
    );
    ws.close();
  });

  it("follows every project of the account at once (the data screen), and nobody else's", async () => {
    const t = get();
    const { client } = await signedInUser(t, { client: 'openapi' });
    const a = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const b = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const other = await signedInUser(t, { client: 'openapi' });
    const theirs =
      (await other.client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;

    const { ws, got } = await openLive(port, { authorization: `Bearer ${client.bearer}` });
    ws.send(JSON.stringify({ op: 'subscribe', projectId: LIVE_ALL_PROJECTS }));
    await waitFor(() => got.find((m) => m.op === 'subscribed' && m.projectId === LIVE_ALL_PROJECTS));
    for (const projectId of [a, theirs, b]) {
      t.app.devicePlane.bus.publish({ type: 'device.updated', projectId, deviceId: 1 });
    }
    await waitFor(() => (got.filter((m) => m.op === 'event').length >= 2 ? true : undefined));
    ws.send(JSON.stringify({ op: 'ping' }));
    await waitFor(() => got.find((m) => m.op === 'pong'));
    const seen = got.flatMap((m) => (m.op === 'event' ? [m.event.projectId] : []));
    expect(seen).toEqual([a, b]);
    ws.close();
  });

  it('a project shared with an account reaches all its sockets, whatever they follow; nobody else hears it', async () => {
    const t = get();
    // The owner shares from the web console (sharing is not an openapi menu item).
    const owner = await signedInUser(t);
    const projectId =
      (await owner.client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const member = await signedInUser(t, { client: 'openapi' });
    const bystander = await signedInUser(t, { client: 'openapi' });
    // The member's tab follows nothing (a console with no project yet), the bystander's likewise.
    const theirs = await openLive(port, { authorization: `Bearer ${member.client.bearer}` });
    const other = await openLive(port, { authorization: `Bearer ${bystander.client.bearer}` });
    const shared = await owner.client.post(`/api/projects/${projectId}/shares`, {
      account: member.mobile,
      permission: 'r',
      expiry: { kind: 'never' },
    });
    expect(shared.body.code).toBe(0);
    const ev = await waitFor(
      () => theirs.got.find((m) => m.op === 'event' && m.event.type === 'account.projects'),
      { what: 'account.projects on the member’s socket' },
    );
    expect(ev).toMatchObject({
      event: { projectId, accountId: member.accountId, reason: 'shared' },
    });
    // The bystander's socket answers a ping after the share: nothing of it arrived before.
    other.ws.send(JSON.stringify({ op: 'ping' }));
    await waitFor(() => other.got.find((m) => m.op === 'pong'));
    expect(other.got.filter((m) => m.op === 'event')).toEqual([]);
    theirs.ws.close();
    other.ws.close();
  });

  it('checks membership on subscribe and authentication on upgrade', async () => {
    const t = get();
    const owner = await signedInUser(t, { client: 'openapi' });
    const project = await owner.client.post<{ id: number }>('/api/projects', buildProject());
    const projectId = project.body.data?.id ?? 0;

    // A web session (cookie) of a stranger: connects, but may not subscribe to the project.
    const stranger = await signedInUser(t);
    const cookie = [...stranger.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { ws, got } = await openLive(port, { cookie });
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    const err = await waitFor(() => got.find((m) => m.op === 'error'));
    expect(err).toEqual({ op: 'error', code: 73, projectId });
    // A stranger's subscription gets nothing of the project.
    t.app.devicePlane.bus.publish({ type: 'device.updated', projectId, deviceId: 1 });
    ws.send(JSON.stringify({ op: 'ping' }));
    await waitFor(() => got.find((m) => m.op === 'pong'));
    expect(got.filter((m) => m.op === 'event')).toEqual([]);
    ws.close();

    // Signing out ends the channel at the next subscribe (and the minute re-check).
    const member = await signedInUser(t, { client: 'openapi' });
    const mine = await member.client.post<{ id: number }>('/api/projects', buildProject());
    const live = await openLive(port, { authorization: `Bearer ${member.client.bearer}` });
    expect((await member.client.post('/api/auth/logout')).body.code).toBe(0);
    const closed = new Promise<number>((r) => live.ws.once('close', (code) => r(code)));
    live.ws.send(JSON.stringify({ op: 'subscribe', projectId: mine.body.data?.id }));
    expect(await closed).toBe(4401);
    expect(live.got).toContainEqual(expect.objectContaining({ op: 'error' }));

    await expect(openLive(port, {})).rejects.toThrow(/HTTP 401/);
    // A cookie session from another site's page is refused (cross-site WebSocket hijacking).
    await expect(openLive(port, { cookie, origin: 'https://evil.example' })).rejects.toThrow(/HTTP 403/);
  });

  it('takes a bearer token offered as a subprotocol (browsers cannot set the header) and never echoes it', async () => {
    const t = get();
    const { client } = await signedInUser(t, { client: 'openapi' });
    const project = await client.post<{ id: number }>('/api/projects', buildProject());
    const projectId = project.body.data?.id ?? 0;
    const origin = 'http://embedding-app.example';
    const protocols = [LIVE_SUBPROTOCOL, `${LIVE_BEARER_PREFIX}${client.bearer}`];
    const { ws, got } = await openLive(port, { origin }, protocols);
    expect(ws.protocol).toBe(LIVE_SUBPROTOCOL);
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    expect(await waitFor(() => got.find((m) => m.op === 'subscribed'))).toEqual({
      op: 'subscribed',
      projectId,
    });
    ws.close();
    // Only the token offered: the server never answers with it (so a client refuses the upgrade).
    await expect(openLive(port, {}, [`${LIVE_BEARER_PREFIX}${client.bearer}`])).rejects.toThrow(
      /no subprotocol/,
    );
    await expect(
      openLive(port, {}, [LIVE_SUBPROTOCOL, `${LIVE_BEARER_PREFIX}not-a-session`]),
    ).rejects.toThrow(/HTTP 401/);
  });
});
