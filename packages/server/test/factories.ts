import {
  DEMO_PROJECT_IDS,
  type ProjectInput,
  projectInputSchema,
  type RegisterRequest,
  registerRequestSchema,
} from '@netloom/domain';
import { expect } from 'vitest';
import { TestClient } from './client';
import type { TestApp } from './harness';

let seq = 0;
/** A unique, valid Chinese mobile number. */
export function uniqueMobile(): string {
  seq += 1;
  return `139${String(Date.now() % 1e4).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
}
export function uniqueEmail(): string {
  seq += 1;
  return `user${seq}.${Date.now()}@example.com`;
}

/** A register body that passes the domain schema (the fixture is valid by construction). */
export function buildRegister(overrides: Partial<RegisterRequest> & { code: string }): RegisterRequest {
  const body = {
    method: 'mobile',
    countryCode: '86',
    mobile: uniqueMobile(),
    password: 'secret123',
    confirmPassword: 'secret123',
    ...overrides,
  } as RegisterRequest;
  registerRequestSchema.parse(body);
  return body;
}

export function buildProject(overrides: Partial<ProjectInput> = {}): ProjectInput {
  seq += 1;
  const body: ProjectInput = { name: `Site ${seq}`, netMode: 0, scenario: 'hotel', ...overrides };
  projectInputSchema.parse(body);
  return body;
}

/** Registers a mobile account through the API (SMS code from the recorder) and signs in on the web. */
export async function signedInUser(t: TestApp, opts: { client?: 'web' | 'openapi' } = {}) {
  const mobile = uniqueMobile();
  const password = 'secret123';
  const client = new TestClient(t.app);
  const sent = await client.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
  expect(sent.body.code).toBe(0);
  const reg = await client.post('/api/auth/register', {
    method: 'mobile',
    mobile,
    code: t.sms.lastCode(mobile),
    password,
    confirmPassword: password,
  });
  expect(reg.body.code).toBe(0);
  const login = await client.post<{ token?: string; account: { id: number } }>('/api/auth/login', {
    method: 'mobile',
    mobile,
    password,
    client: opts.client ?? 'web',
  });
  expect(login.body.code).toBe(0);
  if (login.body.data?.token) client.bearer = login.body.data.token;
  return { client, mobile, password, accountId: login.body.data?.account.id ?? 0 };
}

/**
 * Makes an account a member of a project with this right, as a share would (sharing has no API
 * yet): 'r' is a read-only share, 'rw' a manageable one.
 */
export async function addMember(
  t: TestApp,
  projectId: number,
  accountId: number,
  right: 'r' | 'rw',
): Promise<void> {
  await t.database.db
    .insertInto('project_members')
    .values({ project_id: projectId, account_id: accountId, right, created_at: new Date().toISOString() })
    .execute();
}

/**
 * The first live-demo project, owned by this account (the server under test seeds no demo): for the
 * demo guard's refusals (405), which every write of a demo project gets. Returns its id.
 */
export async function demoProjectOf(t: TestApp, accountId: number): Promise<number> {
  const id = DEMO_PROJECT_IDS[0];
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('projects')
    .values({
      id,
      name: 'Demo',
      net_mode: 0,
      scenario: 'hotel',
      location: '',
      address: '',
      time_zone: 'Asia/Shanghai',
      type_flag: 9,
      owner_id: accountId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.database.db
    .insertInto('project_members')
    .values({ project_id: id, account_id: accountId, right: 'own', created_at: now })
    .execute();
  return id;
}
