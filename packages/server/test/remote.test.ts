/**
 * Remote web management (issue 13 §3) against REAL simulated devices (@netloom/sim over the
 * embedded broker) that open their tunnel to the listening app: a session opened through the API,
 * the device's own page read and its form posted through `/remote/<id>/…`; and the security rules —
 * another account, no sign-in, a guessed path, an idle session, a tunnel token used for another
 * session or twice, sign-out, the per-device and per-account caps — plus the refusals before the
 * device is asked (offline 322, read-only 916, demo 405) and after (unsupported 326, refused 320, no
 * tunnel 324); the console's cookies and headers kept from the device. On SQLite
 * and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuditPage,
  DEMO_PROJECT_IDS,
  ERR,
  REMOTE_IDLE_SECONDS,
  REMOTE_SESSIONS_PER_ACCOUNT,
  type RemoteSession,
} from '@netloom/domain';
import type { TunnelRequest, TunnelResponse } from '@netloom/protocol';
import { localWebSettings, type VirtualDevice } from '@netloom/sim';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestClient } from './client';
import { DUAL_BAND_AP } from './configFakeDevice';
import { addMember, signedInUser } from './factories';
import { waitFor } from './gatewayKit';
import { describeEachDb } from './harness';
import { useRemoteFleet } from './remoteKit';

/** Seed 1, 10 devices, office: a gateway, a PoE switch, an NVR, 5 APs and a CPE pair. */
const FLEET = { seed: 1, devices: 10, mix: 'office' } as const;

describeEachDb('remote web management', (kind) => {
  const { get, kit, fleet, projectId, host, skew, aps, idOf } = useRemoteFleet(kind, 'NLR', FLEET);
  const open = (client: TestClient, deviceId: number, pid = projectId()) =>
    client.call<RemoteSession>(
      'POST',
      `/api/projects/${pid}/remote/devices/${deviceId}`,
      {},
      { host: host() },
    );
  const close = (client: TestClient, sessionId: string) =>
    client.del<{ ended: boolean }>(`/api/projects/${projectId()}/remote/sessions/${sessionId}`);
  const codeOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-netloom-code']);

  /** Sessions a test opened, ended after it (the per-account cap counts them). */
  const opened: { client: TestClient; sessionId: string }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await close(o.client, o.sessionId);
  });

  /**
   * Opens a session and follows its launch link: the session, its page path and the browser token
   * its cookie got (the test client keeps cookies by name, not path: `as` sends them explicitly).
   */
  async function launch(
    client: TestClient,
    device: VirtualDevice,
  ): Promise<{ s: RemoteSession; base: string; token: string }> {
    const res = await open(client, idOf(device));
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    opened.push({ client, sessionId: s.sessionId });
    const landed = await client.request('GET', s.url);
    expect(landed.statusCode).toBe(303);
    const base = `/remote/${s.sessionId}/`;
    expect(landed.headers.location).toBe(base);
    const cookie = landed.cookies.find((c) => c.name === 'nl_remote');
    expect(cookie?.path).toBe(base);
    expect(cookie?.httpOnly).toBe(true);
    return { s, base, token: cookie?.value ?? '' };
  }

  /** A request from a browser that has exactly these cookies. */
  const as = (cookies: { session?: string | undefined; remote?: string | undefined }, url: string) =>
    new TestClient(get().app).request('GET', url, undefined, {
      cookie: [
        cookies.session !== undefined ? `nl_session=${cookies.session}` : '',
        cookies.remote !== undefined ? `nl_remote=${cookies.remote}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    });

  it('opens the device page through the console and posts its form back', async () => {
    const ap = aps()[0] as VirtualDevice;
    const { s, base } = await launch(kit.owner, ap);
    const page = await kit.owner.request('GET', base);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    expect(page.body).toContain(ap.sn);
    expect(page.body).toContain(ap.model.model);

    const posted = await kit.owner.request('POST', `${base}settings`, 'systemName=Lobby+AP&led=on', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${base}?saved=1`);
    expect(localWebSettings(ap).systemName).toBe('Lobby AP');
    const after = await kit.owner.request('GET', `${base}?saved=1`);
    expect(after.body).toContain('Lobby AP');
    expect(after.body).toContain('Settings saved.');

    // The console's cookies never reach the device; its answer cannot set them either.
    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId()}/runlog?deviceId=${idOf(ap)}`);
    expect(audit.body.data?.items.map((e) => e.action)).toContain('remote.open');
    expect((await close(kit.owner, s.sessionId)).body.data?.ended).toBe(true);
    const gone = await kit.owner.request('GET', base);
    expect(gone.statusCode).toBe(410);
    expect(codeOf(gone)).toBe(ERR.REMOTE_MGMT_SESSION_EXPIRED);
  }, 30_000);

  it('refuses another account, no sign-in, and a guessed path', async () => {
    const ap = aps()[1] as VirtualDevice;
    const { s, base, token } = await launch(kit.owner, ap);
    const stranger = (await signedInUser(get())).client;
    const launchAsStranger = await stranger.request('GET', s.url);
    expect(launchAsStranger.statusCode).toBe(403);
    expect(codeOf(launchAsStranger)).toBe(ERR.REMOTE_MGMT_SESSION_INVALID);
    const pageAsStranger = await stranger.request('GET', base);
    expect(pageAsStranger.statusCode).toBe(403);
    expect(pageAsStranger.body).not.toContain(ap.sn);
    // The owner's browser token alone (a stolen cookie) without the sign-in that opened it.
    const anonymous = await as({ remote: token }, base);
    expect(anonymous.statusCode).toBe(401);
    expect(codeOf(anonymous)).toBe(ERR.NOT_SIGNED_IN);
    // …or with another account's sign-in.
    const otherSignIn = await as({ session: stranger.cookies.get('nl_session'), remote: token }, base);
    expect(otherSignIn.statusCode).toBe(403);
    // The right sign-in without the session's browser token, or with a wrong one.
    const owner = kit.owner.cookies.get('nl_session');
    expect((await as({ session: owner }, base)).statusCode).toBe(403);
    expect(
      (await as({ session: owner, remote: randomBytes(32).toString('base64url') }, base)).statusCode,
    ).toBe(403);
    expect((await as({ session: owner, remote: token }, base)).statusCode).toBe(200);
    const guessed = await kit.owner.request('GET', `/remote/${randomBytes(16).toString('base64url')}/`);
    expect(guessed.statusCode).toBe(404);
    expect(codeOf(guessed)).toBe(ERR.REMOTE_MGMT_SESSION_INVALID);
    // A member of the project who did not open it may not use it either, and cannot close it.
    const member = await signedInUser(get());
    await addMember(get(), projectId(), member.accountId, 'rw');
    expect((await member.client.request('GET', s.url)).statusCode).toBe(403);
    expect((await close(member.client, s.sessionId)).body.code).toBe(ERR.REMOTE_MGMT_SESSION_INVALID);
    // …nor open one on the same device meanwhile.
    expect((await open(member.client, idOf(ap))).body.code).toBe(ERR.REMOTE_MGMT_BUSY);
  }, 30_000);

  it('ends an idle session', async () => {
    const { base } = await launch(kit.owner, aps()[2] as VirtualDevice);
    expect((await kit.owner.request('GET', base)).statusCode).toBe(200);
    skew((REMOTE_IDLE_SECONDS + 1) * 1000);
    try {
      const idle = await kit.owner.request('GET', base);
      expect(idle.statusCode).toBe(410);
      expect(codeOf(idle)).toBe(ERR.REMOTE_MGMT_SESSION_EXPIRED);
      expect(idle.body).toContain('expired');
    } finally {
      skew(0);
    }
  }, 30_000);

  it('a tunnel token serves only its own session, once', async () => {
    const t = get();
    const since = Date.now();
    const a = await launch(kit.owner, aps()[3] as VirtualDevice);
    const b = await launch(kit.owner, aps()[4] as VirtualDevice);
    const jobs = await t.app.features.commands.recentOf(projectId(), 'remoteWeb', since - 1);
    const argsA = JSON.parse(
      (jobs.find((j) => (JSON.parse(j.args_json) as { url: string }).url.endsWith(a.s.sessionId)) ?? jobs[0])
        ?.args_json ?? '{}',
    ) as { url: string; token: string };
    expect(argsA.url.endsWith(a.s.sessionId)).toBe(true);
    const attempt = (url: string, token: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('error', () => resolve(0));
      });
    const wsBase = `ws://${host()}/api/remote/tunnel/`;
    // A's token on B's tunnel, A's token again on A's, and a made-up session.
    expect(await attempt(`${wsBase}${b.s.sessionId}`, argsA.token)).toBe(403);
    expect(await attempt(`${wsBase}${a.s.sessionId}`, argsA.token)).toBe(403);
    expect(await attempt(`${wsBase}${randomBytes(16).toString('base64url')}`, argsA.token)).toBe(403);
    // Both sessions still serve their own device, each only with its own browser token.
    const owner = kit.owner.cookies.get('nl_session');
    expect((await as({ session: owner, remote: a.token }, a.base)).body).toContain(
      (aps()[3] as VirtualDevice).sn,
    );
    expect((await as({ session: owner, remote: b.token }, b.base)).body).toContain(
      (aps()[4] as VirtualDevice).sn,
    );
    expect((await as({ session: owner, remote: b.token }, a.base)).statusCode).toBe(403);
  }, 30_000);

  it(`at most ${REMOTE_SESSIONS_PER_ACCOUNT} sessions per account`, async () => {
    const others = fleet()
      .devices.filter((d) => d.model.kind !== 'nvr')
      .slice(0, REMOTE_SESSIONS_PER_ACCOUNT + 1);
    for (const d of others.slice(0, REMOTE_SESSIONS_PER_ACCOUNT)) await launch(kit.owner, d);
    const extra = await open(kit.owner, idOf(others[REMOTE_SESSIONS_PER_ACCOUNT] as VirtualDevice));
    expect(extra.body.code).toBe(ERR.REMOTE_MGMT_TOO_MANY);
    // Opening one of the same devices again replaces that session rather than counting twice.
    const again = await open(kit.owner, idOf(others[0] as VirtualDevice));
    expect(again.body.code).toBe(0);
    opened.push({ client: kit.owner, sessionId: (again.body.data as RemoteSession).sessionId });
  }, 30_000);

  it('sign-out ends the sessions of that sign-in', async () => {
    const member = await signedInUser(get());
    await addMember(get(), projectId(), member.accountId, 'rw');
    const ap = aps()[0] as VirtualDevice;
    const { base, token } = await launch(member.client, ap);
    expect((await member.client.request('GET', base)).statusCode).toBe(200);
    const session = member.client.cookies.get('nl_session');
    expect((await member.client.post('/api/auth/logout')).body.code).toBe(0);
    // Even with the cookies kept from before (a browser that did not drop them).
    // The session is gone with the sign-in: no page, whatever the cookies say.
    const after = await as({ session, remote: token }, base);
    expect(after.statusCode).toBe(404);
    expect(codeOf(after)).toBe(ERR.REMOTE_MGMT_SESSION_INVALID);
    await waitFor(
      async () => {
        const log = await kit.owner.get<AuditPage>(
          `/api/projects/${projectId()}/runlog?deviceId=${idOf(ap)}`,
        );
        return log.body.data?.items.some(
          (e) => e.action === 'remote.close' && e.summary.includes('signed out'),
        )
          ? true
          : undefined;
      },
      { what: 'the session ended at sign-out' },
    );
  }, 30_000);

  it("keeps the console's cookies and headers from the device, and the device's from the console", async () => {
    // A device of our own making: it opens the tunnel it is sent and echoes what it receives.
    const echo = await kit.addDevice(projectId(), DUAL_BAND_AP);
    const seen: TunnelRequest[] = [];
    echo.dev.replies.set('remoteWeb', (cmd) => {
      const args = cmd.args as { url: string; token: string };
      const ws = new WebSocket(args.url, { headers: { authorization: `Bearer ${args.token}` } });
      ws.on('message', (raw) => {
        const req = JSON.parse(raw.toString()) as TunnelRequest;
        if (req.type !== 'request') return;
        seen.push(req);
        const answer: TunnelResponse = {
          type: 'response',
          id: req.id,
          status: 302,
          headers: [
            ['Location', '/login'],
            ['Set-Cookie', 'sid=abc; Path=/; Domain=evil.example; HttpOnly'],
            ['Set-Cookie', 'nl_session=stolen; Path=/'],
            ['Content-Security-Policy', 'script-src *'],
            ['X-Device', 'yes'],
          ],
          body: '',
        };
        ws.send(JSON.stringify(answer));
      });
      return { id: cmd.id, ok: true };
    });
    const res = await open(kit.owner, echo.id);
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    opened.push({ client: kit.owner, sessionId: s.sessionId });
    const landed = await kit.owner.request('GET', s.url);
    const token = landed.cookies.find((c) => c.name === 'nl_remote')?.value;
    const base = `/remote/${s.sessionId}/`;
    const page = await new TestClient(get().app).request('GET', `${base}status?x=1`, undefined, {
      cookie: `nl_session=${kit.owner.cookies.get('nl_session')}; nl_remote=${token}; nl_csrf=c; sid=abc`,
      authorization: 'Bearer not-for-the-device',
      'x-csrf-token': 'c',
    });
    const req = seen.at(-1);
    expect(req?.path).toBe('/status?x=1');
    const names = (req?.headers ?? []).map(([n]) => n.toLowerCase());
    expect(names).not.toContain('authorization');
    expect(names).not.toContain('x-csrf-token');
    expect(req?.headers.find(([n]) => n === 'cookie')?.[1]).toBe('sid=abc');
    // The answer: its Location and cookie under the session's path, no console cookie, our policy.
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${base}login`);
    expect(page.headers['set-cookie']).toEqual([`sid=abc; HttpOnly; Path=${base}`]);
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    expect(page.headers['x-device']).toBe('yes');
  }, 30_000);

  it('refusals before the device is asked, and the device refusing', async () => {
    const offline = await kit.addDevice(projectId(), DUAL_BAND_AP, false);
    expect((await open(kit.owner, offline.id)).body.code).toBe(ERR.REMOTE_MGMT_DEVICE_OFFLINE);
    const unsupported = await kit.addDevice(projectId(), DUAL_BAND_AP);
    unsupported.dev.replies.set('remoteWeb', (cmd) => ({
      id: cmd.id,
      ok: false,
      code: ERR.DEVICE_OPERATION_UNSUPPORTED,
    }));
    expect((await open(kit.owner, unsupported.id)).body.code).toBe(ERR.REMOTE_MGMT_UNSUPPORTED);
    unsupported.dev.replies.set('remoteWeb', (cmd) => ({ id: cmd.id, ok: false, code: ERR.DEVICE_BUSY }));
    expect((await open(kit.owner, unsupported.id)).body.code).toBe(ERR.REMOTE_MGMT_FAILED);

    // It says yes but never opens the tunnel: by its `openBefore` (the clock moved past it) 324.
    unsupported.dev.replies.set('remoteWeb', (cmd) => {
      skew(60_000);
      return { id: cmd.id, ok: true };
    });
    try {
      expect((await open(kit.owner, unsupported.id)).body.code).toBe(ERR.REMOTE_MGMT_TUNNEL_FAILED);
    } finally {
      skew(0);
    }

    const reader = await signedInUser(get());
    await addMember(get(), projectId(), reader.accountId, 'r');
    expect((await open(reader.client, idOf(aps()[0] as VirtualDevice))).body.code).toBe(ERR.READ_ONLY_SHARE);
    const demoId = DEMO_PROJECT_IDS[0];
    expect((await open(kit.owner, 1, demoId)).body.code).not.toBe(0);
  }, 30_000);
});
