import {
  ACCOUNT_ROLES,
  ALL_PERMISSIONS,
  ERR,
  type LoginResponse,
  PROJECT_API_GROUP_LIST,
  projectApiGroupOf,
  type SessionInfo,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { PermissionStore } from '../src/features/auth/permissions';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

/** Full route paths from Fastify's route tree ("├── /seg (GET)" lines, 4 characters per level). */
function routePaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)/.exec(line);
    if (!m?.[2]) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(m[2]);
    paths.push(stack.join('').replace(/\/{2,}/g, '/'));
  }
  return paths;
}

// The project-access guard applies the §2 menu to the API: a route group whose menu items the
// session's access type, the project's network mode or the account's §6 flags hide answers 403.

describeEachDb('project access guard: access type, network mode, permission flags', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  it('an openapi session is refused on web-only groups and served where its menu shows the page', async () => {
    const { client } = await signedInUser(t(), { client: 'openapi' });
    const projectId = await createProject(client);
    const base = `/api/projects/${projectId}`;

    // Web-only menu items (§2): wireless, RF optimisation.
    for (const url of [`${base}/config/wireless`, `${base}/config/rf`, `${base}/rf`]) {
      const r = await client.get(url);
      expect(r.status, url).toBe(403);
      expect(r.body.code, url).toBe(ERR.NO_PERMISSION);
    }
    // web + openapi items: network status, gateway, device maintenance, data, client list.
    for (const url of [
      `${base}/config/network`,
      `${base}/status`,
      `${base}/devices`,
      `${base}/device-data`,
      `${base}/clients`,
      // Not governed by the menu: the project record and the header's badges.
      base,
      `${base}/config/status`,
      `${base}/devices/pending/count`,
    ]) {
      expect((await client.get(url)).body.code, url).toBe(0);
    }

    // The same project through a web session of the same account: wireless opens.
    const web = await signedInUser(t());
    await t()
      .database.db.insertInto('project_members')
      .values({ project_id: projectId, account_id: web.accountId, right: 'rw', created_at: '2026-01-01' })
      .execute();
    expect((await web.client.get(`${base}/config/wireless`)).body.code).toBe(0);
  });

  it('network mode: RF optimisation (wlan only) is refused in a mesh project with 913', async () => {
    const { client } = await signedInUser(t());
    const wlan = await createProject(client, { netMode: 0 });
    const mesh = await createProject(client, { netMode: 1 });
    expect((await client.get(`/api/projects/${wlan}/config/rf`)).body.code).toBe(0);
    const refused = await client.get(`/api/projects/${mesh}/config/rf`);
    expect(refused.body).toMatchObject({ code: ERR.DEVICE_OPERATION_UNSUPPORTED });
    expect((await client.get(`/api/projects/${mesh}/config/wireless`)).body.code).toBe(0);
  });

  it('stored flags hide pages on the server and travel in the session; role defaults apply', async () => {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client);
    const session = await user.client.get<SessionInfo>('/api/auth/session');
    expect(session.body.data).toMatchObject({ access: 'web', permissions: ALL_PERMISSIONS });

    const store = new PermissionStore(t().database.db);
    await store.set(user.accountId, { wirelessConfig: false, onlineClientList: false }, '2026-03-10');
    const base = `/api/projects/${projectId}`;
    expect((await user.client.get(`${base}/config/wireless`)).body.code).toBe(ERR.NO_PERMISSION);
    expect((await user.client.get(`${base}/clients`)).body.code).toBe(ERR.NO_PERMISSION);
    // Group flags hide whole groups: Config off hides the gateway pages too.
    expect((await user.client.get(`${base}/config/network`)).body.code).toBe(0);
    await store.set(user.accountId, { config: false }, '2026-03-10');
    expect((await user.client.get(`${base}/config/network`)).body.code).toBe(ERR.NO_PERMISSION);
    expect((await user.client.get(`${base}/config/wireless`)).body.code).toBe(ERR.NO_PERMISSION);
    expect((await user.client.get(`${base}/clients`)).body.code).toBe(0);
    const after = await user.client.get<SessionInfo>('/api/auth/session');
    expect(after.body.data?.permissions).toEqual({ ...ALL_PERMISSIONS, config: false });

    // Back to the role's defaults.
    await store.set(user.accountId, {}, '2026-03-10');
    expect((await user.client.get(`${base}/config/network`)).body.code).toBe(0);

    // A retail partner's defaults leave out share management (domain ROLE_DEFAULT_PERMISSIONS).
    await t()
      .database.db.updateTable('accounts')
      .set({ role: ACCOUNT_ROLES.RETAIL_PARTNER })
      .where('id', '=', user.accountId)
      .execute();
    const partner = await user.client.get<SessionInfo>('/api/auth/session');
    expect(partner.body.data?.permissions.permissionShare).toBe(false);
    expect(partner.body.data?.permissions.runLog).toBe(true);
  });

  it('the login response carries the access type and flags; openapi gets its bearer token', async () => {
    const user = await signedInUser(t());
    const login = await user.client.post<LoginResponse>('/api/auth/login', {
      method: 'mobile',
      mobile: user.mobile,
      password: user.password,
      client: 'openapi',
    });
    expect(login.body.data).toMatchObject({ access: 'openapi', permissions: ALL_PERMISSIONS });
    expect(login.body.data?.token).toEqual(expect.any(String));
  });

  it('every registered project route belongs to a group of the domain table', async () => {
    const routes = routePaths(t().app.printRoutes({ commonPrefix: false })).filter((p) =>
      p.startsWith('/api/projects/:'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const unmapped = routes.filter((r) => projectApiGroupOf(r) === null);
    expect(unmapped).toEqual([]);
    // Every group of the table is a real route prefix (no stale rows), except ones for pages that
    // have no API yet.
    for (const g of PROJECT_API_GROUP_LIST) {
      const used = routes.some((r) => projectApiGroupOf(r) === g);
      expect(used, `group ${g.prefix || '(project)'}`).toBe(true);
    }
  });
});
