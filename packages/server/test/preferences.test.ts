import { ERR, PREFERENCE_VALUE_MAX_BYTES, type Preference, tablePreferenceSchema } from '@netloom/domain';
import { expect, it } from 'vitest';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('account preferences', (kind) => {
  const t = useTestApp(kind, { env: { MQTT_PORT: '0' } });
  const url = (key: string) => `/api/account/preferences/${encodeURIComponent(key)}`;

  it('stores, replaces, reads back and forgets a JSON value per key', async () => {
    const { client } = await signedInUser(t());
    const key = 'table:devices:ap';
    const missing = await client.get<Preference>(url(key));
    expect(missing.body.data).toEqual({ key, value: null, updatedAt: null });
    const value = { hiddenColumns: ['remark', 'mac'], shrink: true, pageSize: 50 };
    const put = await client.call<Preference>('PUT', url(key), { value });
    expect(put.body.data).toMatchObject({ key, value });
    expect(put.body.data?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(tablePreferenceSchema.parse((await client.get<Preference>(url(key))).body.data?.value)).toEqual(
      value,
    );
    await client.call('PUT', url(key), { value: { shrink: false } });
    expect((await client.get<Preference>(url(key))).body.data?.value).toEqual({ shrink: false });
    await client.call('PUT', url('table:clients:all'), { value: [1, 'two', null] });
    await client.call('PUT', url('theme'), { value: 'dark' });
    const table = await client.get<{ items: Preference[] }>('/api/account/preferences?prefix=table:');
    expect(table.body.data?.items.map((p) => p.key)).toEqual(['table:clients:all', 'table:devices:ap']);
    expect((await client.del(url(key))).body.code).toBe(0);
    expect((await client.get<Preference>(url(key))).body.data?.value).toBeNull();
  });

  it('keeps each account’s preferences to itself', async () => {
    const a = await signedInUser(t());
    const b = await signedInUser(t());
    await a.client.call('PUT', url('table:devices:switch'), { value: { pageSize: 10 } });
    expect((await b.client.get<Preference>(url('table:devices:switch'))).body.data?.value).toBeNull();
  });

  it('refuses values over 16 KB, bad keys, a missing value and anonymous callers', async () => {
    const { client } = await signedInUser(t());
    const big = 'x'.repeat(PREFERENCE_VALUE_MAX_BYTES);
    const r = await client.call('PUT', url('big'), { value: big });
    expect(r.status).toBe(400);
    expect(r.body.issues?.[0]).toEqual({
      path: 'value',
      message: 'A preference value can be at most 16 KB.',
    });
    const fits = 'x'.repeat(PREFERENCE_VALUE_MAX_BYTES - 2); // the JSON string adds two quotes
    expect((await client.call('PUT', url('fits'), { value: fits })).body.code).toBe(0);
    expect((await client.call('PUT', url('bad key!'), { value: 1 })).status).toBe(400);
    expect((await client.call('PUT', url('k'.repeat(65)), { value: 1 })).status).toBe(400);
    expect((await client.call('PUT', url('novalue'), {})).body.code).toBe(ERR.INVALID_PARAMETERS);
    const anon = await t().app.inject({ method: 'GET', url: url('theme') });
    expect(anon.statusCode).toBe(401);
  });

  it('is in the OpenAPI document with the device routes', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/preferences/{key}',
        '/api/projects/{id}/devices',
        '/api/projects/{id}/devices/{deviceId}',
        '/api/projects/{id}/devices/import',
        '/api/projects/{id}/devices/pending/{sn}/claim',
        '/api/devices/import-template.xlsx',
      ]),
    );
  });
});
