/**
 * Project sharing (issue 14 §1) on SQLite and PostgreSQL: shares by account and by invitation code
 * with every code of §6/§8/§9 (22, 28, 44, 61, 62, 64, 74, 168, 188, 406, 916), roles, change,
 * revoke, leave, and expiry taking effect the moment it passes (the clock is moved, never waited for).
 */
import { ERR, type Invitation, type Project, type ProjectShare, type ShareList } from '@netloom/domain';
import { expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser, uniqueMobile } from './factories';
import { describeEachDb, type TestApp, useTestApp } from './harness';

let cloud = 0;
/** An account that exists (shares only need one to name), made without the sign-up flow. */
async function account(t: TestApp): Promise<string> {
  const mobile = uniqueMobile();
  cloud += 1;
  await t.app.features.account.insert({
    cloudCode: `SHR${String(cloud).padStart(7, '0')}${Date.now() % 1000}`,
    key: { countryCode: '86', mobile },
    passwordHash: 'x',
    nick: `Member ${cloud}`,
    now: new Date(t.clock.now()).toISOString(),
  });
  return mobile;
}

async function newProject(client: TestClient): Promise<number> {
  const r = await client.post<{ id: number }>('/api/projects', buildProject());
  expect(r.body.code).toBe(0);
  return r.body.data?.id ?? 0;
}

const NEVER = { kind: 'never' } as const;
const DAY = { kind: 'hours', hours: 24 } as const;

function share(client: TestClient, projectId: number, body: Record<string, unknown>) {
  return client.post<ProjectShare>(`/api/projects/${projectId}/shares`, body);
}

describeEachDb('project sharing', (kind) => {
  const t = useTestApp(kind, { env: { PROJECT_LIMIT: '100', DAILY_PROJECT_LIMIT: '100' } });

  it('shares by mobile or e-mail with view or manage; the member sees the project by invitation', async () => {
    const owner = await signedInUser(t());
    const reader = await signedInUser(t());
    const projectId = await newProject(owner.client);
    const r = await share(owner.client, projectId, {
      account: reader.mobile,
      permission: 'r',
      expiry: NEVER,
    });
    expect(r.body).toMatchObject({
      code: 0,
      data: { permission: 'r', expiresAt: null, via: 'share', expired: false },
    });

    const list = await reader.client.get<{ items: Project[] }>('/api/projects');
    const p = list.body.data?.items.find((x) => x.id === projectId);
    expect(p).toMatchObject({ right: 'r', isShare: true, property: 'invited', expiresAt: null });
    const own = await owner.client.get<Project>(`/api/projects/${projectId}`);
    expect(own.body.data).toMatchObject({ right: 'own', property: 'created' });

    // Read-only shares cannot configure (916), as before.
    const edit = await reader.client.patch(`/api/projects/${projectId}`, { name: 'Mine now' });
    expect(edit.body.code).toBe(ERR.READ_ONLY_SHARE);

    const listed = await owner.client.get<ShareList>(`/api/projects/${projectId}/shares`);
    expect(listed.body.data?.items.map((s) => s.accountId)).toEqual([reader.accountId]);
    expect(listed.body.data).toMatchObject({ canManage: true, canShareManage: true });
  });

  it('refuses 22 no such account, 28 yourself, 44 already shared', async () => {
    const owner = await signedInUser(t());
    const projectId = await newProject(owner.client);
    const nobody = await share(owner.client, projectId, {
      account: uniqueMobile(),
      permission: 'r',
      expiry: NEVER,
    });
    expect(nobody.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
    const self = await share(owner.client, projectId, {
      account: owner.mobile,
      permission: 'r',
      expiry: NEVER,
    });
    expect(self.body.code).toBe(ERR.SHARE_TO_SELF);
    const other = await account(t());
    expect(
      (await share(owner.client, projectId, { account: other, permission: 'r', expiry: DAY })).body.code,
    ).toBe(0);
    const again = await share(owner.client, projectId, { account: other, permission: 'rw', expiry: NEVER });
    expect(again.body.code).toBe(ERR.PROJECT_ALREADY_SHARED);
    const email = await share(owner.client, projectId, {
      account: 'nobody.here@example.com',
      permission: 'r',
      expiry: NEVER,
    });
    expect(email.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
  });

  it('406: at most 3 permanent read-write managers; 188: at most 11 manageable permissions', async () => {
    const owner = await signedInUser(t());
    const projectId = await newProject(owner.client);
    for (let i = 0; i < 3; i++)
      expect(
        (
          await share(owner.client, projectId, {
            account: await account(t()),
            permission: 'rw',
            expiry: NEVER,
          })
        ).body.code,
      ).toBe(0);
    const fourth = await share(owner.client, projectId, {
      account: await account(t()),
      permission: 'rw',
      expiry: NEVER,
    });
    expect(fourth.body.code).toBe(ERR.PERMANENT_SHARE_LIMIT);
    // Temporary managers still fit, up to 11 manageable permissions in all.
    for (let i = 0; i < 8; i++)
      expect(
        (await share(owner.client, projectId, { account: await account(t()), permission: 'rw', expiry: DAY }))
          .body.code,
      ).toBe(0);
    const twelfth = await share(owner.client, projectId, {
      account: await account(t()),
      permission: 'rw',
      expiry: DAY,
    });
    expect(twelfth.body.code).toBe(ERR.MANAGEABLE_SHARE_LIMIT);
    // A view share is no manageable permission.
    expect(
      (await share(owner.client, projectId, { account: await account(t()), permission: 'r', expiry: NEVER }))
        .body.code,
    ).toBe(0);
  });

  it('61: an account holds at most 32 unexpired read-only shares; 62: at most 8 read-write', async () => {
    const owner = await signedInUser(t());
    const target = await account(t());
    for (let i = 0; i < 32; i++) {
      const p = await newProject(owner.client);
      expect(
        (await share(owner.client, p, { account: target, permission: 'r', expiry: DAY })).body.code,
      ).toBe(0);
    }
    const p33 = await newProject(owner.client);
    expect(
      (await share(owner.client, p33, { account: target, permission: 'r', expiry: DAY })).body.code,
    ).toBe(ERR.SHARE_READ_ONLY_LIMIT);
    const rwTarget = await account(t());
    for (let i = 0; i < 8; i++) {
      const p = await newProject(owner.client);
      expect(
        (await share(owner.client, p, { account: rwTarget, permission: 'rw', expiry: DAY })).body.code,
      ).toBe(0);
    }
    expect(
      (await share(owner.client, p33, { account: rwTarget, permission: 'rw', expiry: DAY })).body.code,
    ).toBe(ERR.SHARE_READ_WRITE_LIMIT);
    // Expired shares no longer count: a day later the account may be given new ones.
    t().clock.advance(24 * 3600);
    expect(
      (await share(owner.client, p33, { account: target, permission: 'r', expiry: DAY })).body.code,
    ).toBe(0);
  });

  it('roles: an administrator manager may share view only; a guest manager may not share', async () => {
    const owner = await signedInUser(t());
    const admin = await signedInUser(t());
    const guest = await signedInUser(t());
    const projectId = await newProject(owner.client);
    await share(owner.client, projectId, { account: admin.mobile, permission: 'rw', role: 1, expiry: NEVER });
    await share(owner.client, projectId, { account: guest.mobile, permission: 'rw', role: 0, expiry: NEVER });
    const viewer = await account(t());
    expect(
      (await share(admin.client, projectId, { account: viewer, permission: 'r', expiry: DAY })).body.code,
    ).toBe(0);
    expect(
      (await share(admin.client, projectId, { account: await account(t()), permission: 'rw', expiry: DAY }))
        .body.code,
    ).toBe(ERR.NO_PERMISSION);
    expect(
      (await share(guest.client, projectId, { account: await account(t()), permission: 'r', expiry: DAY }))
        .body.code,
    ).toBe(ERR.NO_PERMISSION);
    // The administrator may not touch a manager's share, nor the owner-only routes.
    expect(
      (await admin.client.call('DELETE', `/api/projects/${projectId}/shares/${guest.accountId}`)).body.code,
    ).toBe(ERR.NO_PERMISSION);
    expect((await admin.client.call('DELETE', `/api/projects/${projectId}`)).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    const list = await guest.client.get<ShareList>(`/api/projects/${projectId}/shares`);
    expect(list.body.data).toMatchObject({ canManage: false, canShareManage: false });
  });

  it('changes permission and expiry, revokes, and a member leaves; the share holds in its project only', async () => {
    const owner = await signedInUser(t());
    const member = await signedInUser(t());
    const projectId = await newProject(owner.client);
    const other = await newProject(owner.client);
    await share(owner.client, projectId, { account: member.mobile, permission: 'r', expiry: NEVER });
    // Tenant isolation: the share of one project gives nothing in another of the same owner.
    expect((await member.client.get(`/api/projects/${other}`)).body.code).toBe(ERR.PROJECT_INVALID);

    const up = await owner.client.patch<ProjectShare>(
      `/api/projects/${projectId}/shares/${member.accountId}`,
      {
        permission: 'rw',
        expiry: { kind: 'hours', hours: 8 },
      },
    );
    expect(up.body.data).toMatchObject({ permission: 'rw', expired: false });
    expect((await member.client.patch(`/api/projects/${projectId}`, { name: 'Renamed' })).body.code).toBe(0);
    const missing = await owner.client.patch(`/api/projects/${projectId}/shares/999999`, { permission: 'r' });
    expect(missing.body.code).toBe(ERR.NOT_EXIST);

    expect(
      (await owner.client.call('DELETE', `/api/projects/${projectId}/shares/${member.accountId}`)).body.code,
    ).toBe(0);
    expect((await member.client.get(`/api/projects/${projectId}`)).body.code).toBe(ERR.PROJECT_INVALID);

    await share(owner.client, projectId, { account: member.mobile, permission: 'r', expiry: NEVER });
    expect((await member.client.call('DELETE', `/api/shared-projects/${projectId}`)).body.code).toBe(0);
    expect((await member.client.get(`/api/projects/${projectId}`)).body.code).toBe(ERR.PROJECT_INVALID);
    expect((await member.client.call('DELETE', `/api/shared-projects/${projectId}`)).body.code).toBe(
      ERR.PROJECT_INVALID,
    );
    // The owner cannot leave its own project.
    expect((await owner.client.call('DELETE', `/api/shared-projects/${projectId}`)).body.code).toBe(
      ERR.NO_PERMISSION,
    );
  });

  it('invitation codes: redeemed after sign-in; 168 wrong or withdrawn, 64 expired; hashed at rest', async () => {
    const owner = await signedInUser(t());
    const invitee = await signedInUser(t());
    const projectId = await newProject(owner.client);
    const made = await owner.client.post<Invitation>(`/api/projects/${projectId}/invitations`, {
      permission: 'rw',
      validHours: 24,
      expiry: { kind: 'hours', hours: 72 },
    });
    expect(made.body.code).toBe(0);
    const code = made.body.data?.code ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stored = await t().database.db.selectFrom('project_invitations').select('code_hash').execute();
    expect(stored.some((r) => r.code_hash.includes(code.replace(/-/g, '')))).toBe(false);
    const listed = await owner.client.get<{ items: Invitation[] }>(`/api/projects/${projectId}/invitations`);
    expect(listed.body.data?.items[0]).toMatchObject({ code: null, hint: code.slice(-4) });

    expect((await invitee.client.post('/api/invitations/redeem', { code: 'ZZZZ-ZZZZ-ZZZZ' })).body.code).toBe(
      ERR.INVITATION_CODE_ERROR,
    );
    expect((await invitee.client.post('/api/invitations/redeem', { code: 'nonsense' })).body.code).toBe(
      ERR.INVITATION_CODE_ERROR,
    );
    const ok = await invitee.client.post('/api/invitations/redeem', { code: code.toLowerCase() });
    expect(ok.body).toMatchObject({ code: 0, data: { projectId } });
    const p = (await invitee.client.get<Project>(`/api/projects/${projectId}`)).body.data;
    expect(p).toMatchObject({ right: 'rw', property: 'invited' });
    expect(p?.expiresAt).not.toBeNull();
    expect((await invitee.client.post('/api/invitations/redeem', { code })).body.code).toBe(
      ERR.PROJECT_ALREADY_SHARED,
    );
    expect((await owner.client.post('/api/invitations/redeem', { code })).body.code).toBe(ERR.SHARE_TO_SELF);

    const shares = (await owner.client.get<ShareList>(`/api/projects/${projectId}/shares`)).body.data;
    expect(shares?.items[0]).toMatchObject({
      accountId: invitee.accountId,
      via: 'invitation',
      permission: 'rw',
    });
    // A change keeps how the member came.
    const changed = await owner.client.patch<ProjectShare>(
      `/api/projects/${projectId}/shares/${invitee.accountId}`,
      { permission: 'r' },
    );
    expect(changed.body.data).toMatchObject({ via: 'invitation', permission: 'r' });

    // Past its validity: 64.
    const late = await signedInUser(t());
    t().clock.advance(24 * 3600);
    expect((await late.client.post('/api/invitations/redeem', { code })).body.code).toBe(
      ERR.INVITATION_CODE_EXPIRED,
    );

    // Withdrawn: 168.
    const second = await owner.client.post<Invitation>(`/api/projects/${projectId}/invitations`, {
      permission: 'r',
      validHours: 1,
      expiry: NEVER,
    });
    const id = second.body.data?.id ?? 0;
    expect(
      (await owner.client.call('DELETE', `/api/projects/${projectId}/invitations/${id}`)).body.code,
    ).toBe(0);
    expect(
      (await late.client.post('/api/invitations/redeem', { code: second.body.data?.code })).body.code,
    ).toBe(ERR.INVITATION_CODE_ERROR);
  });

  it('expiry: from the instant it passes the member gets 74 and loses the project from its list', async () => {
    const owner = await signedInUser(t());
    const member = await signedInUser(t());
    const projectId = await newProject(owner.client);
    await share(owner.client, projectId, {
      account: member.mobile,
      permission: 'rw',
      expiry: { kind: 'hours', hours: 1 },
    });
    expect((await member.client.get(`/api/projects/${projectId}`)).body.code).toBe(0);
    t().clock.advance(3600 - 1);
    expect((await member.client.get(`/api/projects/${projectId}/shares`)).body.code).toBe(0);
    t().clock.advance(1);
    expect((await member.client.get(`/api/projects/${projectId}`)).body.code).toBe(ERR.PROJECT_EXPIRED);
    expect((await member.client.patch(`/api/projects/${projectId}`, { name: 'Late' })).body.code).toBe(
      ERR.PROJECT_EXPIRED,
    );
    const list = await member.client.get<{ items: Project[] }>('/api/projects');
    expect(list.body.data?.items.some((p) => p.id === projectId)).toBe(false);
    // The owner sees it expired and may renew it.
    const shares = (await owner.client.get<ShareList>(`/api/projects/${projectId}/shares`)).body.data;
    expect(shares?.items[0]).toMatchObject({ accountId: member.accountId, expired: true });
    const renewed = await owner.client.patch(`/api/projects/${projectId}/shares/${member.accountId}`, {
      expiry: NEVER,
    });
    expect(renewed.body.code).toBe(0);
    expect((await member.client.get(`/api/projects/${projectId}`)).body.code).toBe(0);
    // A custom date in the past is refused on its field.
    const past = await owner.client.patch(`/api/projects/${projectId}/shares/${member.accountId}`, {
      expiry: { kind: 'custom', at: new Date(t().clock.now() - 1000).toISOString() },
    });
    expect(past.body).toMatchObject({ code: ERR.INVALID_PARAMETERS, issues: [{ path: 'expiry' }] });
  });
});
