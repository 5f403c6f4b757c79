import { ERR, findModel } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { claimDevices } from './claim';

const model = findModel('NL-A3000C');
if (!model) throw new Error('catalogue');

describe('claimDevices (the CLI --project step)', () => {
  it('signs in as an API client and adds each SN to the project by name, tolerating ones already there', async () => {
    const calls: { url: string; body?: unknown; auth?: string }[] = [];
    const fake = (async (url: string | URL | Request, init?: RequestInit) => {
      const u = String(url);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: u, body, auth: headers.authorization });
      const json = (x: unknown) => new Response(JSON.stringify(x));
      if (u.endsWith('/api/auth/login')) return json({ code: 0, data: { account: {}, token: 'tok' } });
      if (u.includes('/api/projects?q='))
        return json({ code: 0, data: { items: [{ id: 77, name: 'Lab' }], total: 1 } });
      if (body?.sn === 'SNALREADY0000001')
        return json({ code: ERR.DEVICE_ALREADY_IN_PROJECT, message: 'already' });
      if (body?.sn === 'SNELSEWHERE00001') return json({ code: 166, message: 'bound to another project' });
      return json({ code: 0, data: {} });
    }) as typeof fetch;
    const sns = ['SNNEW00000000001', 'SNALREADY0000001', 'SNELSEWHERE00001'];
    const r = await claimDevices({
      api: 'http://console.test/',
      email: 'a@b.c',
      password: 'pw',
      project: 'Lab',
      devices: sns.map((sn) => ({ sn, model })),
      fetch: fake,
    });
    expect(r).toEqual({
      projectId: 77,
      added: 1,
      already: 1,
      failed: [{ sn: 'SNELSEWHERE00001', code: 166, message: 'bound to another project' }],
    });
    expect(calls[0]?.body).toMatchObject({ method: 'email', email: 'a@b.c', client: 'openapi' });
    const adds = calls.filter((c) => c.url === 'http://console.test/api/projects/77/devices');
    expect(adds).toHaveLength(3);
    for (const a of adds) expect(a.auth).toBe('Bearer tok');
    expect(adds.map((a) => (a.body as { name: string }).name)).toContain('NL-A3000C-0001');
  });

  it('fails clearly when sign-in is refused', async () => {
    const fake = (async () =>
      new Response(JSON.stringify({ code: 4, message: 'wrong password' }))) as typeof fetch;
    await expect(
      claimDevices({
        api: 'http://x',
        email: 'a@b.c',
        password: 'no',
        project: '1',
        devices: [],
        fetch: fake,
      }),
    ).rejects.toThrow(/sign-in failed: 4/);
  });
});
