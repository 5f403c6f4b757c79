import {
  ERR,
  SCAN_REDEEM_WINDOW_SECONDS,
  SCAN_TICKET_LIFETIME_SECONDS,
  SCAN_TICKETS_PER_MINUTE,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, type TestApp, useTestApp } from './harness';

interface Created {
  ticket: string;
  link: string;
  qrSvg: string;
  expiresAt: string;
  lifetimeSeconds: number;
}

const scan = (ticket: string) => `/api/auth/scan/${ticket}`;
const phone = (ticket: string, action: 'scan' | 'confirm' | 'refuse') =>
  `/api/scan-login/${ticket}/${action}`;

/** A desktop browser (not signed in) that shows a fresh QR code. */
async function desktopWithTicket(t: TestApp) {
  const desktop = new TestClient(t.app);
  const r = await desktop.call<Created>('POST', '/api/auth/scan', undefined, {
    'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  });
  expect(r.body.code).toBe(0);
  if (!r.body.data) throw new Error('no ticket');
  return { desktop, created: r.body.data, res: r.res };
}

describeEachDb('scan-to-login', (kind) => {
  const t = useTestApp(kind);

  it('a ticket comes with its phone link, a server-drawn QR code and an httpOnly browser cookie', async () => {
    const { desktop, created, res } = await desktopWithTicket(t());
    expect(created.link).toMatch(new RegExp(`^http://[^/]+/scan/${created.ticket}$`));
    expect(created.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(created.lifetimeSeconds).toBe(SCAN_TICKET_LIFETIME_SECONDS);
    expect(Date.parse(created.expiresAt) - t().clock.now()).toBe(SCAN_TICKET_LIFETIME_SECONDS * 1000);
    const cookie = res.cookies.find((c) => c.name === 'nl_scan');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/scan' });
    // The browser secret is not in the QR code's link.
    expect(created.link).not.toContain(cookie?.value);
    expect((await desktop.get(scan(created.ticket))).body.data).toMatchObject({ state: 'waiting' });
    // A second ticket of the same browser keeps its secret: two tabs do not undo each other.
    const again = await desktop.post<Created>('/api/auth/scan');
    expect(again.res.cookies.find((c) => c.name === 'nl_scan')?.value).toBe(cookie?.value);
    expect((await desktop.get(scan(created.ticket))).body.code).toBe(0);
  });

  it('scanned, confirmed on the phone: the desktop signs in as that account, with the web cookies and CSRF', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient, accountId } = await signedInUser(t());

    const opened = await phoneClient.post(phone(created.ticket, 'scan'));
    expect(opened.body.data).toMatchObject({ state: 'scanned', browser: 'Chrome on Windows' });
    expect((await desktop.get(scan(created.ticket))).body.data).toMatchObject({ state: 'scanned' });
    // Not confirmed yet: no sign-in.
    expect((await desktop.post(`${scan(created.ticket)}/session`)).body.code).toBe(
      ERR.SCAN_LOGIN_NOT_CONFIRMED,
    );

    expect((await phoneClient.post(phone(created.ticket, 'confirm'))).body.data).toMatchObject({
      state: 'confirmed',
    });
    expect((await desktop.get(scan(created.ticket))).body.data).toMatchObject({ state: 'confirmed' });

    const signedIn = await desktop.post<{ account: { id: number }; access: string; token?: string }>(
      `${scan(created.ticket)}/session`,
    );
    expect(signedIn.body.code).toBe(0);
    expect(signedIn.body.data).toMatchObject({ account: { id: accountId }, access: 'web' });
    expect(signedIn.body.data?.token).toBeUndefined();
    const session = signedIn.res.cookies.find((c) => c.name === 'nl_session');
    expect(session).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(signedIn.res.cookies.find((c) => c.name === 'nl_csrf')?.httpOnly).toBeFalsy();
    // The binding cookie is cleared once signed in.
    expect(desktop.cookies.has('nl_scan')).toBe(false);

    const me = await desktop.get<{ account: { id: number } }>('/api/auth/session');
    expect(me.body.data?.account.id).toBe(accountId);
    // CSRF as for any web session: a change without the header is refused, with it accepted.
    desktop.sendCsrf = false;
    expect((await desktop.patch('/api/account/profile', { nick: 'Scanned' })).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    desktop.sendCsrf = true;
    expect((await desktop.patch('/api/account/profile', { nick: 'Scanned' })).body.code).toBe(0);
  });

  it('a ticket signs in once (3102), and its used code cannot be confirmed again', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    await phoneClient.post(phone(created.ticket, 'confirm'));
    // The browser's cookie, kept by a second request racing the first.
    const twin = new TestClient(t().app);
    for (const [k, v] of desktop.cookies) twin.cookies.set(k, v);
    const [a, b] = await Promise.all([
      desktop.post(`${scan(created.ticket)}/session`),
      twin.post(`${scan(created.ticket)}/session`),
    ]);
    expect([a.body.code, b.body.code].sort((x, y) => x - y)).toEqual([0, ERR.AUTH_CODE_USED]);
    const again = new TestClient(t().app);
    for (const [k, v] of twin.cookies) if (k === 'nl_scan') again.cookies.set(k, v);
    if (again.cookies.has('nl_scan'))
      expect((await again.post(`${scan(created.ticket)}/session`)).body.code).toBe(ERR.AUTH_CODE_USED);
    expect((await phoneClient.post(phone(created.ticket, 'confirm'))).body.code).toBe(ERR.AUTH_CODE_USED);
    expect((await phoneClient.post(phone(created.ticket, 'scan'))).body.code).toBe(ERR.AUTH_CODE_USED);
  });

  it('bound to the browser that showed it: another browser with the link gets 3101, as does an unknown ticket', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    await phoneClient.post(phone(created.ticket, 'confirm'));

    const attacker = new TestClient(t().app);
    expect((await attacker.get(scan(created.ticket))).body.code).toBe(ERR.AUTH_CODE_INCORRECT);
    expect((await attacker.post(`${scan(created.ticket)}/session`)).body.code).toBe(ERR.AUTH_CODE_INCORRECT);
    // Another browser with its own secret (it made a ticket of its own) is no better.
    await attacker.post('/api/auth/scan');
    expect(attacker.cookies.has('nl_scan')).toBe(true);
    expect((await attacker.post(`${scan(created.ticket)}/session`)).body.code).toBe(ERR.AUTH_CODE_INCORRECT);
    expect(attacker.cookies.has('nl_session')).toBe(false);

    const unknown = 'A'.repeat(32);
    expect((await desktop.get(scan(unknown))).body.code).toBe(ERR.AUTH_CODE_INCORRECT);
    expect((await phoneClient.post(phone(unknown, 'scan'))).body.code).toBe(ERR.AUTH_CODE_INCORRECT);
    expect((await phoneClient.post(phone('bad!', 'scan'))).body.code).toBe(ERR.INVALID_PARAMETERS);
    // The rightful browser still signs in.
    expect((await desktop.post(`${scan(created.ticket)}/session`)).body.code).toBe(0);
  });

  it('a ticket another account took is not yours (3102); the phone routes need a session', async () => {
    const { created } = await desktopWithTicket(t());
    const first = await signedInUser(t());
    const second = await signedInUser(t());
    await first.client.post(phone(created.ticket, 'scan'));
    expect((await second.client.post(phone(created.ticket, 'scan'))).body.code).toBe(ERR.AUTH_CODE_USED);
    expect((await second.client.post(phone(created.ticket, 'confirm'))).body.code).toBe(ERR.AUTH_CODE_USED);
    expect((await new TestClient(t().app).post(phone(created.ticket, 'confirm'))).body.code).toBe(
      ERR.NOT_SIGNED_IN,
    );
    // An app with a bearer token uses the same API.
    const app = await signedInUser(t(), { client: 'openapi' });
    const other = await desktopWithTicket(t());
    expect((await app.client.post(phone(other.created.ticket, 'confirm'))).body.data).toMatchObject({
      state: 'confirmed',
    });
  });

  it('refused on the phone: the desktop sees it and can never sign in with that ticket (540)', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    await phoneClient.post(phone(created.ticket, 'scan'));
    expect((await phoneClient.post(phone(created.ticket, 'refuse'))).body.data).toMatchObject({
      state: 'refused',
    });
    expect((await desktop.get(scan(created.ticket))).body.data).toMatchObject({ state: 'refused' });
    expect((await desktop.post(`${scan(created.ticket)}/session`)).body.code).toBe(ERR.SCAN_LOGIN_REFUSED);
    expect((await phoneClient.post(phone(created.ticket, 'confirm'))).body.code).toBe(ERR.AUTH_CODE_USED);
    expect(desktop.cookies.has('nl_session')).toBe(false);
  });

  it('expires after its lifetime (3103): the desktop sees "expired", the phone and the sign-in are refused', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    await phoneClient.post(phone(created.ticket, 'scan'));
    t().clock.advance(SCAN_TICKET_LIFETIME_SECONDS);
    expect((await desktop.get(scan(created.ticket))).body.data).toMatchObject({ state: 'expired' });
    expect((await phoneClient.post(phone(created.ticket, 'confirm'))).body.code).toBe(ERR.AUTH_CODE_EXPIRED);
    expect((await phoneClient.post(phone(created.ticket, 'scan'))).body.code).toBe(ERR.AUTH_CODE_EXPIRED);
    expect((await desktop.post(`${scan(created.ticket)}/session`)).body.code).toBe(ERR.AUTH_CODE_EXPIRED);
  });

  it('a confirmation in the last second leaves the desktop the redeem window; after it, 3103', async () => {
    const first = await desktopWithTicket(t());
    const second = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    t().clock.advance(SCAN_TICKET_LIFETIME_SECONDS - 1);
    await phoneClient.post(phone(first.created.ticket, 'confirm'));
    await phoneClient.post(phone(second.created.ticket, 'confirm'));
    t().clock.advance(SCAN_REDEEM_WINDOW_SECONDS - 2);
    expect((await first.desktop.post(`${scan(first.created.ticket)}/session`)).body.code).toBe(0);
    // Confirmed at lifetime − 1 s: valid until lifetime − 1 s + the window, not a moment more.
    t().clock.advance(2);
    expect((await second.desktop.post(`${scan(second.created.ticket)}/session`)).body.code).toBe(
      ERR.AUTH_CODE_EXPIRED,
    );
  });

  it('the long poll answers as soon as the phone scans', async () => {
    const { desktop, created } = await desktopWithTicket(t());
    const { client: phoneClient } = await signedInUser(t());
    const waiting = desktop.get<{ state: string }>(`${scan(created.ticket)}?known=waiting`);
    await phoneClient.post(phone(created.ticket, 'scan'));
    expect((await waiting).body.data?.state).toBe('scanned');
    // Already different from what the caller knows: answered at once.
    expect((await desktop.get(`${scan(created.ticket)}?known=waiting`)).body.data).toMatchObject({
      state: 'scanned',
    });
  });
});

describeEachDb('scan-to-login: rate limit', (kind) => {
  const t = useTestApp(kind, { env: { AUTH_RATE_LIMIT: '100' } });

  it(`one address gets ${SCAN_TICKETS_PER_MINUTE} QR codes a minute, then 2010`, async () => {
    const desktop = new TestClient(t().app);
    const codes: number[] = [];
    for (let i = 0; i <= SCAN_TICKETS_PER_MINUTE; i++)
      codes.push((await desktop.post('/api/auth/scan')).body.code);
    expect(codes.slice(0, SCAN_TICKETS_PER_MINUTE).every((c) => c === 0)).toBe(true);
    expect(codes.at(-1)).toBe(ERR.REPEATED_CLICK);
  });
});
