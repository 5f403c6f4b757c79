import {
  accountEndpoints,
  alarmEndpoints,
  authEndpoints,
  clientEndpoints,
  deviceImportEndpoints,
  ERR,
  metaEndpoints,
  projectEndpoints,
} from '@netloom/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, hrefOf, onApiEvent, resetSessionEnded } from './client';

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
    await expect(call(metaEndpoints.version, {})).rejects.toMatchObject({
      code: ERR.DEMO_BLOCKED,
      shownGlobally: true,
    });
    off();
    await expect(call(metaEndpoints.version, {})).rejects.toBeTruthy();
    expect(seen).toEqual(['demo']);
  });

  it('reports a session that ended once, with its code, until the sign-in page re-arms it', async () => {
    const codes: number[] = [];
    const off = onApiEvent('sessionEnded', (code) => codes.push(code));
    answer({ code: ERR.PASSWORD_CHANGED, message: 'x' });
    await expect(call(metaEndpoints.version, {})).rejects.toBeTruthy();
    await expect(call(metaEndpoints.version, {})).rejects.toBeTruthy();
    expect(codes).toEqual([ERR.PASSWORD_CHANGED]);
    resetSessionEnded();
    answer({}, 401);
    await expect(call(metaEndpoints.version, {})).rejects.toMatchObject({ code: ERR.NOT_SIGNED_IN });
    expect(codes).toEqual([ERR.PASSWORD_CHANGED, ERR.NOT_SIGNED_IN]);
    off();
  });

  it('leaves "not signed in" to the caller that asked for the session itself', async () => {
    const codes: number[] = [];
    const off = onApiEvent('sessionEnded', (code) => codes.push(code));
    answer({}, 401);
    await expect(call(authEndpoints.session, {}, { noSignOut: true })).rejects.toBeTruthy();
    expect(codes).toEqual([]);
    off();
  });
});

describe('a failed call under a project path names the project', () => {
  it('reports the project and the code; a call outside any project reports nothing', async () => {
    const seen: [number, number][] = [];
    const off = onApiEvent('projectCallFailed', (projectId, code) => seen.push([projectId, code]));
    vi.stubGlobal('document', { cookie: '' }); // a change reads the CSRF cookie
    answer({ code: ERR.PROJECT_EXPIRED, message: 'x' }, 403);
    await expect(
      call(clientEndpoints.kick, { params: { id: 7, mac: 'AA:BB' }, query: { deviceId: 3 } }),
    ).rejects.toMatchObject({ code: ERR.PROJECT_EXPIRED });
    await expect(call(projectEndpoints.update, { params: { id: 12 }, body: {} })).rejects.toBeTruthy();
    await expect(call(metaEndpoints.version, {})).rejects.toBeTruthy();
    off();
    expect(seen).toEqual([
      [7, ERR.PROJECT_EXPIRED],
      [12, ERR.PROJECT_EXPIRED],
    ]);
  });
});

describe('call and hrefOf build the request from the endpoint', () => {
  function recordFetch() {
    const seen: { url: string; init: RequestInit }[] = [];
    // A change carries the CSRF cookie's token; this test runs without a browser.
    vi.stubGlobal('document', { cookie: 'nl_csrf=t0k' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response(JSON.stringify({ code: 0, data: { ok: true } }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    return seen;
  }

  it('fills the path parameters (encoded), appends the query and sends the method and JSON body', async () => {
    const seen = recordFetch();
    await call(clientEndpoints.kick, { params: { id: 7, mac: 'AA:BB' }, query: { deviceId: 3 } });
    await call(projectEndpoints.update, { params: { id: 7 }, body: { name: 'Lab' } });
    expect(seen[0]?.init.headers).toMatchObject({ 'X-CSRF-Token': 't0k' });
    expect(seen.map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['POST', '/api/projects/7/clients/AA%3ABB/kick?deviceId=3', '{}'],
      ['PATCH', '/api/projects/7', '{"name":"Lab"}'],
    ]);
  });

  it('sends an upload as it is (the browser sets the multipart boundary)', async () => {
    const seen = recordFetch();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await call(accountEndpoints.uploadAvatar, { body: form });
    const [sent] = seen;
    expect(sent?.init.body).toBe(form);
    expect(sent?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('gives links and downloads their URL, leaving out empty filters', () => {
    expect(hrefOf(deviceImportEndpoints.template, {})).toBe(deviceImportEndpoints.template.path);
    expect(hrefOf(alarmEndpoints.exportCsv, { params: { id: 3 }, query: { q: '', read: 0 } })).toBe(
      '/api/projects/3/alarms/export.csv?read=0',
    );
  });
});
