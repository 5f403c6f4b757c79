/**
 * WebSockets through remote web management (issue 13 §3, docs/protocol.md §7.4 "WebSockets through
 * the tunnel") against REAL simulated devices (@netloom/sim over the embedded broker) whose tunnel
 * reaches the listening app: the device's `/ws` echoes text and bytes and pushes its status line
 * through the console; the device refusing a path; the per-tunnel cap; the session's end closing
 * the socket (closed by its user, past its end); WebSocket traffic keeping a session alive; a message
 * over the cap (1009) and a browser that stops reading (4008); the console's headers, cookies and
 * bearer subprotocols kept from the device, its subprotocol and close code passed on; and every upgrade
 * the page rules refuse — no sign-in, another account, no or a wrong browser token, a foreign
 * Origin, a guessed path, an ended session — refused before any upgrade. On SQLite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { ERR, LIVE_BEARER_PREFIX, REMOTE_IDLE_SECONDS, type RemoteSession } from '@netloom/domain';
import {
  TUNNEL_MAX_SOCKETS,
  TUNNEL_SOCKET_CLOSE_CODES,
  TUNNEL_WS_MESSAGE_MAX_BYTES,
  type TunnelDown,
  type TunnelUp,
  type TunnelWsOpen,
} from '@netloom/protocol';
import type { VirtualDevice } from '@netloom/sim';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from './client';
import { DUAL_BAND_AP } from './configFakeDevice';
import { signedInUser } from './factories';
import { waitFor } from './gatewayKit';
import { describeEachDb } from './harness';
import { useRemoteFleet } from './remoteKit';

const FLEET = { seed: 2, devices: 8, mix: 'office' } as const;
const SLOW = { timeoutMs: 30_000 };

/** An open socket: what it received, and how it closed. */
interface Socket {
  ws: WebSocket;
  got: (string | Buffer)[];
  closed: Promise<{ code: number; reason: string }>;
}
/** An upgrade refused: the HTTP status and the console's code. */
interface Refused {
  status: number;
  code: number;
}

describeEachDb('remote web management: WebSockets', (kind) => {
  const { get, kit, projectId, host, skew, aps, idOf } = useRemoteFleet(kind, 'NLS', FLEET);
  const origin = () => `http://${host()}`;
  const opened: { client: TestClient; sessionId: string }[] = [];
  const sockets: WebSocket[] = [];
  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate();
    for (const o of opened.splice(0))
      await o.client.del(`/api/projects/${projectId()}/remote/sessions/${o.sessionId}`);
  });

  /** Opens a session, follows its launch link: the session, its base path and the cookies of its browser. */
  async function launch(client: TestClient, device: VirtualDevice) {
    const res = await client.call<RemoteSession>(
      'POST',
      `/api/projects/${projectId()}/remote/devices/${idOf(device)}`,
      {},
      { host: host() },
    );
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    opened.push({ client, sessionId: s.sessionId });
    const landed = await client.request('GET', s.url);
    const token = landed.cookies.find((c) => c.name === 'nl_remote')?.value ?? '';
    const signIn = client.cookies.get('nl_session') ?? '';
    return {
      s,
      base: `/remote/${s.sessionId}/`,
      signIn,
      token,
      cookie: `nl_session=${signIn}; nl_remote=${token}`,
    };
  }

  /** A WebSocket upgrade as a browser makes it: the open socket, or the refusal. */
  function connect(
    path: string,
    headers: { cookie?: string; origin?: string },
    protocols: string[] = [],
  ): Promise<Socket | Refused> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://${host()}${path}`, protocols, {
        headers: { origin: origin(), ...headers },
      });
      sockets.push(ws);
      const got: (string | Buffer)[] = [];
      const closed = new Promise<{ code: number; reason: string }>((done) =>
        ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
      );
      ws.on('message', (data, isBinary) => got.push(isBinary ? (data as Buffer) : data.toString()));
      ws.on('open', () => resolve({ ws, got, closed }));
      ws.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0, code: Number(res.headers['x-netloom-code']) });
        res.resume();
      });
      ws.on('error', () => {});
    });
  }

  async function open(path: string, cookie: string, protocols: string[] = []): Promise<Socket> {
    const r = await connect(path, { cookie }, protocols);
    if (!('ws' in r)) throw new Error(`refused ${r.status} ${r.code}`);
    return r;
  }

  const statusLines = (sock: Socket) =>
    sock.got
      .filter((m): m is string => typeof m === 'string' && m.startsWith('{"type":"status"'))
      .map((m) => JSON.parse(m) as { sn: string; seq: number; systemName: string });

  it('carries text and bytes to the device and back, and the status lines it pushes', async () => {
    const ap = aps()[0] as VirtualDevice;
    const { base, cookie } = await launch(kit.owner, ap);
    const sock = await open(`${base}ws`, cookie, ['echo']);
    expect(sock.ws.protocol).toBe('echo');
    sock.ws.send('hello device');
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    sock.ws.send(bytes);
    await waitFor(() => (sock.got.includes('hello device') ? true : undefined), { what: 'the text echo' });
    const echoed = await waitFor(() => sock.got.find((m): m is Buffer => Buffer.isBuffer(m)), {
      what: 'the binary echo',
    });
    expect([...echoed]).toEqual([...bytes]);
    // The status line comes at once, then again every few seconds of device time.
    const lines = await waitFor(() => (statusLines(sock).length >= 2 ? statusLines(sock) : undefined), {
      ...SLOW,
      what: 'two status lines',
    });
    expect(lines[0]?.sn).toBe(ap.sn);
    expect(lines.map((l) => l.seq).slice(0, 2)).toEqual([1, 2]);
    // Without subprotocols offered, none is answered.
    const plain = await open(`${base}ws`, cookie);
    expect(plain.ws.protocol).toBe('');
    // A message over the cap closes its socket with 1009 (the device is told the same).
    plain.ws.send('x'.repeat(TUNNEL_WS_MESSAGE_MAX_BYTES + 1));
    expect(await plain.closed).toEqual({
      code: TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG,
      reason: 'message too big',
    });
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
  }, 30_000);

  it('a path the device refuses, and at most TUNNEL_MAX_SOCKETS sockets per session', async () => {
    const { base, cookie } = await launch(kit.owner, aps()[1] as VirtualDevice);
    const refused = await connect(`${base}nothing-here`, { cookie });
    expect(refused).toEqual({ status: 404, code: ERR.REMOTE_MGMT_SOCKET_REFUSED });
    const many: Socket[] = [];
    for (let i = 0; i < TUNNEL_MAX_SOCKETS; i++) many.push(await open(`${base}ws`, cookie));
    expect(await connect(`${base}ws`, { cookie })).toEqual({
      status: 429,
      code: ERR.REMOTE_MGMT_SOCKETS_TOO_MANY,
    });
    // One closed by the browser frees its place.
    many[0]?.ws.close(1000);
    await many[0]?.closed;
    await waitFor(
      async () => {
        const again = await connect(`${base}ws`, { cookie });
        return 'ws' in again ? true : undefined;
      },
      { what: 'a socket in the freed place' },
    );
  }, 30_000);

  it('the end of the session closes its sockets with 4000 and why', async () => {
    const { s, base, cookie } = await launch(kit.owner, aps()[2] as VirtualDevice);
    const sock = await open(`${base}ws`, cookie);
    await kit.owner.del(`/api/projects/${projectId()}/remote/sessions/${s.sessionId}`);
    expect(await sock.closed).toEqual({ code: TUNNEL_SOCKET_CLOSE_CODES.SESSION_ENDED, reason: 'closed' });
    // An ended session: its owner hears "expired", before any upgrade.
    expect(await connect(`${base}ws`, { cookie })).toEqual({
      status: 410,
      code: ERR.REMOTE_MGMT_SESSION_EXPIRED,
    });
  }, 30_000);

  it('socket traffic keeps the session alive up to its end, which closes the socket', async () => {
    const { base, cookie } = await launch(kit.owner, aps()[3] as VirtualDevice);
    const sock = await open(`${base}ws`, cookie);
    const idleMs = REMOTE_IDLE_SECONDS * 1000;
    try {
      // Nearly idle since the page's last request: a message each way now counts as use…
      skew(idleMs - 1000);
      sock.ws.send('still here');
      await waitFor(() => (sock.got.includes('still here') ? true : undefined), { what: 'the echo' });
      // …so past the idle time of that request the session lives on.
      skew(idleMs + idleMs / 2);
      get().app.features.remote.sweep();
      sock.ws.send('and again');
      await waitFor(() => (sock.got.includes('and again') ? true : undefined), { what: 'the second echo' });
      // Its absolute end comes all the same: the socket closes with why.
      skew(10 * idleMs);
      get().app.features.remote.sweep();
      expect(await sock.closed).toEqual({ code: TUNNEL_SOCKET_CLOSE_CODES.SESSION_ENDED, reason: 'expired' });
    } finally {
      skew(0);
    }
  }, 30_000);

  it("keeps the console's cookies, headers and tokens from the device; the device's close reaches the browser", async () => {
    // A device of our own making: it records the wsOpen it is sent, accepts it, then closes it.
    const fake = await kit.addDevice(projectId(), DUAL_BAND_AP);
    const seen: TunnelWsOpen[] = [];
    fake.dev.replies.set('remoteWeb', (cmd) => {
      const args = cmd.args as { url: string; token: string };
      const tunnel = new WebSocket(args.url, { headers: { authorization: `Bearer ${args.token}` } });
      const send = (frame: TunnelUp) => tunnel.send(JSON.stringify(frame));
      tunnel.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as TunnelDown;
        if (frame.type === 'wsOpen') {
          seen.push(frame);
          send({ type: 'wsAccept', id: frame.id, protocol: 'b.v2' });
          send({ type: 'wsMessage', id: frame.id, binary: false, data: 'bye soon' });
        } else if (frame.type === 'wsMessage') {
          send({ type: 'wsClose', id: frame.id, code: 4100, reason: 'device says bye' });
        }
      });
      return { id: cmd.id, ok: true };
    });
    const res = await kit.owner.call<RemoteSession>(
      'POST',
      `/api/projects/${projectId()}/remote/devices/${fake.id}`,
      {},
      { host: host() },
    );
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    opened.push({ client: kit.owner, sessionId: s.sessionId });
    const token = (await kit.owner.request('GET', s.url)).cookies.find((c) => c.name === 'nl_remote')?.value;
    const signIn = kit.owner.cookies.get('nl_session');
    const sock = await open(
      `/remote/${s.sessionId}/live?x=1`,
      `nl_session=${signIn}; nl_remote=${token}; sid=7`,
      [`${LIVE_BEARER_PREFIX}secret`, 'a.v1', 'b.v2'],
    );
    expect(sock.ws.protocol).toBe('b.v2');
    const frame = seen.at(-1);
    expect(frame?.path).toBe('/live?x=1');
    expect(frame?.protocols).toEqual(['a.v1', 'b.v2']);
    const names = (frame?.headers ?? []).map(([n]) => n);
    for (const gone of [
      'authorization',
      'sec-websocket-key',
      'sec-websocket-protocol',
      'upgrade',
      'connection',
    ])
      expect(names).not.toContain(gone);
    expect(frame?.headers.find(([n]) => n === 'cookie')?.[1]).toBe('sid=7');
    await waitFor(() => (sock.got.includes('bye soon') ? true : undefined), { what: 'the first message' });
    sock.ws.send('ok');
    expect(await sock.closed).toEqual({ code: 4100, reason: 'device says bye' });
  }, 30_000);

  it('a browser that does not read: its stream closes with 4008 rather than the console buffering', async () => {
    // A device of our own making that floods the socket as soon as it is open.
    const fake = await kit.addDevice(projectId(), DUAL_BAND_AP);
    const closes: { code: number; reason: string }[] = [];
    const chunk = Buffer.alloc(TUNNEL_WS_MESSAGE_MAX_BYTES - 1024, 7).toString('base64');
    fake.dev.replies.set('remoteWeb', (cmd) => {
      const args = cmd.args as { url: string; token: string };
      const tunnel = new WebSocket(args.url, { headers: { authorization: `Bearer ${args.token}` } });
      tunnel.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as TunnelDown;
        if (frame.type === 'wsOpen') {
          tunnel.send(JSON.stringify({ type: 'wsAccept', id: frame.id } satisfies TunnelUp));
          // Far more than the buffer and the sockets' own buffers hold.
          for (let i = 0; i < 64; i++)
            tunnel.send(
              JSON.stringify({
                type: 'wsMessage',
                id: frame.id,
                binary: true,
                data: chunk,
              } satisfies TunnelUp),
            );
        } else if (frame.type === 'wsClose') closes.push({ code: frame.code, reason: frame.reason });
      });
      return { id: cmd.id, ok: true };
    });
    const res = await kit.owner.call<RemoteSession>(
      'POST',
      `/api/projects/${projectId()}/remote/devices/${fake.id}`,
      {},
      { host: host() },
    );
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    opened.push({ client: kit.owner, sessionId: s.sessionId });
    const token = (await kit.owner.request('GET', s.url)).cookies.find((c) => c.name === 'nl_remote')?.value;
    const sock = await open(
      `/remote/${s.sessionId}/feed`,
      `nl_session=${kit.owner.cookies.get('nl_session')}; nl_remote=${token}`,
    );
    // The browser stops reading.
    sock.ws.pause();
    const told = await waitFor(() => closes[0], { ...SLOW, what: 'the device told the reader is too slow' });
    expect(told).toEqual({ code: TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW, reason: 'reader too slow' });
    sock.ws.resume();
    expect(await sock.closed).toEqual({
      code: TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW,
      reason: 'reader too slow',
    });
    expect(sock.got.length).toBeLessThan(64);
  }, 30_000);

  it('refuses at the upgrade whatever the page rules refuse, and a foreign Origin', async () => {
    const { base, signIn, token, cookie } = await launch(kit.owner, aps()[0] as VirtualDevice);
    const stranger = (await signedInUser(get())).client;
    const strangerSignIn = stranger.cookies.get('nl_session') ?? '';
    const path = `${base}ws`;
    const refusals: [string, Promise<Socket | Refused>, Refused][] = [
      [
        'no sign-in',
        connect(path, { cookie: `nl_remote=${token}` }),
        { status: 401, code: ERR.NOT_SIGNED_IN },
      ],
      [
        "another account's sign-in",
        connect(path, { cookie: `nl_session=${strangerSignIn}; nl_remote=${token}` }),
        { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
      [
        'no browser token',
        connect(path, { cookie: `nl_session=${signIn}` }),
        { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
      [
        'a wrong browser token',
        connect(path, { cookie: `nl_session=${signIn}; nl_remote=${randomBytes(32).toString('base64url')}` }),
        { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
      [
        'the launch token in the URL instead of the cookie',
        connect(`${path}?launch=${token}`, { cookie: `nl_session=${signIn}` }),
        { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
      [
        'a foreign Origin',
        connect(path, { cookie, origin: 'https://evil.example' }),
        { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
      [
        'a guessed session',
        connect(`/remote/${randomBytes(16).toString('base64url')}/ws`, { cookie }),
        { status: 404, code: ERR.REMOTE_MGMT_SESSION_INVALID },
      ],
    ];
    for (const [what, attempt, expected] of refusals) expect(await attempt, what).toEqual(expected);
    // No Origin at all (not a browser's page) is refused too; the right one passes.
    const noOrigin = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${host()}${path}`, { headers: { cookie } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
      sockets.push(ws);
    });
    expect(noOrigin).toBe(403);
    expect('ws' in (await connect(path, { cookie }))).toBe(true);
    // Past its end the session is refused (and ends).
    skew(10 * REMOTE_IDLE_SECONDS * 1000);
    try {
      expect(await connect(path, { cookie })).toEqual({ status: 410, code: ERR.REMOTE_MGMT_SESSION_EXPIRED });
    } finally {
      skew(0);
    }
  }, 30_000);
});
