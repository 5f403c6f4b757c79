/**
 * Account management (issue 14 §5): the manufacturer role lists and searches accounts (paged),
 * changes role, member level and permission flags, disables and enables an account — each change in
 * the account's audit. Every other role is refused (403). A disabled account cannot sign in (520)
 * and its open sessions end at their next request (520); an administrator cannot disable themself
 * (521). SQLite and PostgreSQL.
 */
import {
  ACCOUNT_ROLES,
  type AccountList,
  type ApiKeyCreated,
  ERR,
  type ManagedAccount,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, type TestApp, useTestApp } from './harness';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Account management is granted by SQL for the first administrator (docs/operations.md). */
async function makeManufacturer(t: TestApp, accountId: number): Promise<void> {
  await t.database.db
    .updateTable('accounts')
    .set({ role: ACCOUNT_ROLES.MANUFACTURER })
    .where('id', '=', accountId)
    .execute();
}

describeEachDb('account management', (kind) => {
  const get = useTestApp(kind);

  async function admin(): Promise<User> {
    const u = await signedInUser(get());
    await makeManufacturer(get(), u.accountId);
    return u;
  }

  it('refuses every role but the manufacturer (403), on each route', async () => {
    const t = get();
    const user = await signedInUser(t);
    for (const role of [ACCOUNT_ROLES.NORMAL, ACCOUNT_ROLES.ENGINEER, ACCOUNT_ROLES.RETAIL_PARTNER]) {
      await t.database.db.updateTable('accounts').set({ role }).where('id', '=', user.accountId).execute();
      const list = await user.client.get('/api/accounts');
      expect(list.status).toBe(403);
      expect(list.body.code).toBe(ERR.NO_PERMISSION);
      expect(
        (await user.client.call('PATCH', `/api/accounts/${user.accountId}`, { memberLevel: 'gold' })).body
          .code,
      ).toBe(ERR.NO_PERMISSION);
      expect((await user.client.get(`/api/accounts/${user.accountId}/audit`)).body.code).toBe(
        ERR.NO_PERMISSION,
      );
    }
  });

  it('searches and pages accounts; changes level, role and flags, each audited', async () => {
    const t = get();
    const boss = await admin();
    const someone = await signedInUser(t);
    const found = await boss.client.get<AccountList>(`/api/accounts?q=${someone.mobile}`);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [{ id: someone.accountId, memberLevel: 'common', role: 0 }],
    });
    const page = await boss.client.get<AccountList>('/api/accounts?page=1&pageSize=1');
    expect(page.body.data?.items).toHaveLength(1);
    expect(page.body.data?.total).toBeGreaterThanOrEqual(2);
    // Newest first.
    expect(page.body.data?.items[0]?.id).toBe(someone.accountId);

    const changed = await boss.client.call<ManagedAccount>('PATCH', `/api/accounts/${someone.accountId}`, {
      memberLevel: 'gold',
      role: ACCOUNT_ROLES.ENGINEER,
      permissions: { topology: false },
    });
    expect(changed.body.data).toMatchObject({
      memberLevel: 'gold',
      role: 1,
      permissions: { topology: false },
    });
    // The flag takes effect in the account's own session.
    const session = await someone.client.get<{ permissions: Record<string, boolean> }>('/api/auth/session');
    expect(session.body.data?.permissions.topology).toBe(false);
    const byLevel = await boss.client.get<AccountList>(`/api/accounts?level=gold&q=${someone.mobile}`);
    expect(byLevel.body.data?.total).toBe(1);

    const audit = await boss.client.get<{
      items: { action: string; summary: string; actor: { id: number } }[];
    }>(`/api/accounts/${someone.accountId}/audit`);
    expect(audit.body.data?.items.map((e) => e.action).sort()).toEqual(['level', 'permissions', 'role']);
    expect(audit.body.data?.items[0]?.actor.id).toBe(boss.accountId);
    expect(audit.body.data?.items.find((e) => e.action === 'level')?.summary).toBe(
      'Member level: Common user → Gold member',
    );
  });

  it('a disabled account cannot sign in (520) and its open sessions end (520); enabling restores it', async () => {
    const t = get();
    const boss = await admin();
    const victim = await signedInUser(t);
    // An API key of the account: it ends with the account, as its sessions do.
    const created = await victim.client.post<ApiKeyCreated>('/api/account/api-keys', {
      name: 'Script',
      scope: 'read',
      projectIds: null,
      expiresInDays: null,
    });
    const script = new TestClient(t.app);
    script.bearer = created.body.data?.secret ?? null;
    expect((await script.get('/api/projects')).body.code).toBe(0);
    const disabled = await boss.client.call<ManagedAccount>('PATCH', `/api/accounts/${victim.accountId}`, {
      disabled: true,
    });
    expect(disabled.body.data?.disabledAt).not.toBeNull();
    const keyed = await script.get('/api/projects');
    expect(keyed.status).toBe(401);
    expect(keyed.body.code).toBe(ERR.ACCOUNT_DISABLED);

    const open = await victim.client.get('/api/account/profile');
    expect(open.status).toBe(401);
    expect(open.body.code).toBe(ERR.ACCOUNT_DISABLED);

    const again = new TestClient(t.app);
    const login = await again.post('/api/auth/login', {
      method: 'mobile',
      mobile: victim.mobile,
      password: victim.password,
      client: 'web',
    });
    expect(login.body.code).toBe(ERR.ACCOUNT_DISABLED);
    // A wrong password still reads as a wrong password (nothing told about the account).
    const wrong = await again.post('/api/auth/login', {
      method: 'mobile',
      mobile: victim.mobile,
      password: 'not-the-password',
      client: 'web',
    });
    expect(wrong.body.code).toBe(ERR.WRONG_CREDENTIALS);

    const listed = await boss.client.get<AccountList>(`/api/accounts?status=disabled&q=${victim.mobile}`);
    expect(listed.body.data?.total).toBe(1);

    await boss.client.call('PATCH', `/api/accounts/${victim.accountId}`, { disabled: false });
    const back = await again.post('/api/auth/login', {
      method: 'mobile',
      mobile: victim.mobile,
      password: victim.password,
      client: 'web',
    });
    expect(back.body.code).toBe(0);
    expect((await script.get('/api/projects')).body.code).toBe(0);
    const audit = await boss.client.get<{ items: { action: string }[] }>(
      `/api/accounts/${victim.accountId}/audit`,
    );
    expect(audit.body.data?.items.map((e) => e.action)).toEqual(['enable', 'disable']);
  });

  it('an administrator cannot disable or demote themself (521); unknown account 412', async () => {
    const boss = await admin();
    const self = await boss.client.call('PATCH', `/api/accounts/${boss.accountId}`, { disabled: true });
    expect(self.body.code).toBe(ERR.OWN_ACCOUNT_PROTECTED);
    const demote = await boss.client.call('PATCH', `/api/accounts/${boss.accountId}`, { role: 0 });
    expect(demote.body.code).toBe(ERR.OWN_ACCOUNT_PROTECTED);
    expect((await boss.client.get('/api/account/profile')).body.code).toBe(0);
    const none = await boss.client.call('PATCH', '/api/accounts/99999999', { memberLevel: 'gold' });
    expect(none.body.code).toBe(ERR.NOT_EXIST);
  });
});
