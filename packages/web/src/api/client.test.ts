import { ERR } from '@netloom/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onApiEvent, resetSessionEnded } from './client';

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionEnded();
});

describe('the API client tells the app instead of importing it', () => {
  it('reports the demo code (405) to every listener, and the caller still gets the error', async () => {
    const seen: string[] = [];
    const off = onApiEvent('demoBlocked', () => seen.push('demo'));
    answer({ code: ERR.DEMO_BLOCKED, message: 'x' });
    await expect(api.get('/api/anything')).rejects.toMatchObject({
      code: ERR.DEMO_BLOCKED,
      shownGlobally: true,
    });
    off();
    await expect(api.get('/api/anything')).rejects.toBeTruthy();
    expect(seen).toEqual(['demo']);
  });

  it('reports a session that ended once, with its code, until the sign-in page re-arms it', async () => {
    const codes: number[] = [];
    const off = onApiEvent('sessionEnded', (code) => codes.push(code));
    answer({ code: ERR.PASSWORD_CHANGED, message: 'x' });
    await expect(api.get('/api/a')).rejects.toBeTruthy();
    await expect(api.get('/api/b')).rejects.toBeTruthy();
    expect(codes).toEqual([ERR.PASSWORD_CHANGED]);
    resetSessionEnded();
    answer({}, 401);
    await expect(api.get('/api/c')).rejects.toMatchObject({ code: ERR.NOT_SIGNED_IN });
    expect(codes).toEqual([ERR.PASSWORD_CHANGED, ERR.NOT_SIGNED_IN]);
    off();
  });

  it('leaves "not signed in" to the caller that asked for the session itself', async () => {
    const codes: number[] = [];
    const off = onApiEvent('sessionEnded', (code) => codes.push(code));
    answer({}, 401);
    await expect(api.get('/api/auth/session', { noSignOut: true })).rejects.toBeTruthy();
    expect(codes).toEqual([]);
    off();
  });
});
