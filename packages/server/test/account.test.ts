import { ERR, IMAGE_MAX_BYTES } from '@netloom/domain';
import { expect, it } from 'vitest';
import type { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----netloomtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(client: TestClient, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipart(filename, bytes);
  return client.call<{ avatarUrl: string | null }>('POST', '/api/account/avatar', payload, {
    'content-type': contentType,
  });
}

describeEachDb('account: profile and avatar', (kind) => {
  const t = useTestApp(kind);

  it('reads and edits nick and role', async () => {
    const { client } = await signedInUser(t());
    const before = await client.get<{ role: number; companyNameEditable: boolean }>('/api/account/profile');
    expect(before.body.data).toMatchObject({
      role: 0,
      companyNameEditable: true,
      companyLocationEditable: true,
    });
    const r = await client.patch('/api/account/profile', { nick: 'Installer Li', role: 1 });
    expect(r.body.data).toMatchObject({ nick: 'Installer Li', role: 1 });
    const invalid = await client.patch('/api/account/profile', { nick: ' padded ' });
    expect(invalid.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(invalid.body.issues?.[0]?.path).toBe('nick');
  });

  it('company name and location change once per calendar year: 14, 15, 65', async () => {
    t().clock.t = Math.max(t().clock.t, Date.parse('2026-12-31T22:00:00.000Z'));
    const { client } = await signedInUser(t());
    const first = await client.patch('/api/account/profile', {
      companyName: 'Acme',
      companyLocation: 'Shenzhen',
    });
    expect(first.body.data).toMatchObject({
      companyName: 'Acme',
      companyLocation: 'Shenzhen',
      companyNameEditable: false,
      companyLocationEditable: false,
    });
    // Sending the same values again (a form re-submit) is not a change.
    expect((await client.patch('/api/account/profile', { companyName: 'Acme', nick: 'N' })).body.code).toBe(
      0,
    );
    expect((await client.patch('/api/account/profile', { companyName: 'Acme 2' })).body.code).toBe(
      ERR.COMPANY_NAME_CHANGED_THIS_YEAR,
    );
    expect((await client.patch('/api/account/profile', { companyLocation: 'Beijing' })).body.code).toBe(
      ERR.COMPANY_LOCATION_CHANGED_THIS_YEAR,
    );
    const both = await client.patch('/api/account/profile', { companyName: 'B', companyLocation: 'C' });
    expect(both.body.code).toBe(ERR.COMPANY_INFO_CHANGED_THIS_YEAR);
    expect(both.status).toBe(409);
    // Next calendar year both are editable again.
    t().clock.t = Date.parse('2027-01-01T00:00:01.000Z');
    expect((await client.get('/api/account/profile')).body.data).toMatchObject({ companyNameEditable: true });
    const next = await client.patch('/api/account/profile', { companyName: 'B', companyLocation: 'C' });
    expect(next.body.data).toMatchObject({ companyName: 'B', companyLocation: 'C' });
  });

  it('uploads an avatar (extension and magic bytes) and serves it by its URL', async () => {
    const { client } = await signedInUser(t());
    const r = await upload(client, 'me.png', PNG);
    expect(r.body.code).toBe(0);
    const url = r.body.data?.avatarUrl;
    expect(url).toMatch(/^\/api\/account\/avatar\/[\w-]+$/);
    const img = await t().app.inject({ method: 'GET', url: url ?? '' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await client.get('/api/account/profile')).body.data).toMatchObject({ avatarUrl: url });
  });

  it('refuses a wrong extension or content that does not match it (400)', async () => {
    const { client } = await signedInUser(t());
    const svg = await upload(client, 'x.svg', Buffer.from('<svg/>'));
    expect(svg.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(svg.body.issues?.[0]?.path).toBe('file');
    const renamed = await upload(client, 'fake.jpg', Buffer.from('MZ this is an exe'));
    expect(renamed.body.code).toBe(ERR.INVALID_PARAMETERS);
  });

  it('251 (HTTP 413) for an image over 10 MB', async () => {
    const { client } = await signedInUser(t());
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const r = await upload(client, 'big.png', big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(ERR.IMAGE_TOO_LARGE);
    expect((await client.get('/api/account/profile')).body.data).toMatchObject({ avatarUrl: null });
  });

  it('an unknown avatar id is 404', async () => {
    const r = await t().app.inject({ method: 'GET', url: '/api/account/avatar/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe(ERR.NOT_EXIST);
  });
});
