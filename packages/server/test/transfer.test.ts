/**
 * Transfer of ownership (issue 14 §2): the owner's code by SMS (the verification feature's outbox),
 * the refusals — 2100 to the current owner (the owner themself), 2101 the receiver's project limit,
 * 2102 the receiver's device limit, 12 a wrong code, 22 no such account, 403 a member who is not the
 * owner — and what a transfer does: the receiver owns it, the old owner keeps a manage share only when
 * asked, the project log has the row, and an open console hears `project.changed`. SQLite and PostgreSQL.
 */
import {
  ERR,
  LIVE_BEARER_PREFIX,
  LIVE_SUBPROTOCOL,
  type LiveServerMessage,
  type Project,
  type RunlogPage,
  type TransferResult,
} from '@netloom/domain';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from './client';
import { buildAdd, createProject, DEVICE_ENV } from './devices.fixtures';
import { addMember, signedInUser } from './factories';
import { listen, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

type User = Awaited<ReturnType<typeof signedInUser>>;

describeEachDb('transfer of ownership', (kind) => {
  const get = useTestApp(kind, {
    env: { ...DEVICE_ENV, HOST: '127.0.0.1', PROJECT_LIMIT: '2', ACCOUNT_DEVICE_LIMIT: '2' },
  });
  let port = 0;
  beforeAll(async () => {
    port = await listen(get().app);
  });

  const cloudCodeOf = async (u: User) =>
    (await u.client.get<{ cloudCode: string }>('/api/account/profile')).body.data?.cloudCode ?? '';

  /** Asks the owner's code (SMS to the owner's mobile) and returns it from the outbox. */
  async function ownerCode(owner: User, projectId: number): Promise<string> {
    // One SMS a minute per number (53): the sign-up's code went out just before.
    get().clock.advance(61);
    const sent = await owner.client.post<{ channel: string; destination: string }>(
      `/api/projects/${projectId}/transfer/code`,
      {},
    );
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ channel: 'sms' });
    expect(sent.body.data?.destination).toContain(owner.mobile.slice(-4));
    expect(sent.body.data?.destination).not.toContain(owner.mobile);
    return get().sms.lastCode(owner.mobile);
  }

  const transfer = (client: TestClient, projectId: number, body: Record<string, unknown>) =>
    client.post<TransferResult>(`/api/projects/${projectId}/transfer`, body);

  it('moves the project: receiver owns it, old owner loses it, log row, live event to open consoles', async () => {
    const t = get();
    const owner = await signedInUser(t, { client: 'openapi' });
    const receiver = await signedInUser(t);
    const projectId = await createProject(owner.client);

    const live = new WebSocket(`ws://127.0.0.1:${port}/api/live`, [
      LIVE_SUBPROTOCOL,
      `${LIVE_BEARER_PREFIX}${owner.client.bearer}`,
    ]);
    const got: LiveServerMessage[] = [];
    live.on('message', (d) => got.push(JSON.parse(d.toString()) as LiveServerMessage));
    await new Promise((r) => live.once('open', r));
    live.send(JSON.stringify({ op: 'subscribe', projectId }));
    await waitFor(() => got.find((m) => m.op === 'subscribed'));

    const code = await ownerCode(owner, projectId);
    const done = await transfer(owner.client, projectId, { receiver: await cloudCodeOf(receiver), code });
    expect(done.body).toMatchObject({ code: 0, data: { projectId, previousOwnerRight: null } });

    const ev = await waitFor(() => got.find((m) => m.op === 'event' && m.event.type === 'project.changed'));
    expect(ev).toMatchObject({ event: { projectId, reason: 'transferred' } });
    live.close();

    const mine = await receiver.client.get<Project>(`/api/projects/${projectId}`);
    expect(mine.body.data).toMatchObject({
      right: 'own',
      isShare: false,
      ownerNick: expect.stringMatching(/./),
    });
    const gone = await owner.client.get<Project>(`/api/projects/${projectId}`);
    expect(gone.body.code).toBe(ERR.PROJECT_INVALID);
    // The new owner reads the log row (the system log's access kind).
    const log = await receiver.client.get<RunlogPage>(`/api/projects/${projectId}/runlog`);
    expect(log.body.data?.items.some((e) => e.action === 'project.transfer')).toBe(true);
    // The code is spent: a second use is 12.
    const again = await transfer(receiver.client, projectId, { receiver: await cloudCodeOf(owner), code });
    expect(again.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);
  });

  it('keeps a manage share for the old owner when chosen (the membership row, right rw)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const receiver = await signedInUser(t);
    const projectId = await createProject(owner.client);
    await addMember(t, projectId, receiver.accountId, 'r');
    const code = await ownerCode(owner, projectId);
    const done = await transfer(owner.client, projectId, {
      receiver: await cloudCodeOf(receiver),
      code,
      keepManage: true,
    });
    expect(done.body.data).toMatchObject({ previousOwnerRight: 'rw' });
    expect((await owner.client.get<Project>(`/api/projects/${projectId}`)).body.data).toMatchObject({
      right: 'rw',
      isShare: true,
    });
    // The receiver's read-only share became the ownership (one membership row, not two).
    expect((await receiver.client.get<Project>(`/api/projects/${projectId}`)).body.data?.right).toBe('own');
    // No longer the owner: a second transfer is refused by the right (403).
    const refused = await owner.client.post(`/api/projects/${projectId}/transfer/code`, {});
    expect(refused.body.code).toBe(ERR.NO_PERMISSION);
  });

  it('refuses the current owner (2100), a wrong code (12), an unknown account (22), a non-owner (403)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const member = await signedInUser(t);
    const receiver = await signedInUser(t);
    const projectId = await createProject(owner.client);
    await addMember(t, projectId, member.accountId, 'rw');

    const wrong = await transfer(owner.client, projectId, {
      receiver: await cloudCodeOf(receiver),
      code: (await ownerCode(owner, projectId)) === '0000' ? '1111' : '0000',
    });
    expect(wrong.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);

    const toSelf = await transfer(owner.client, projectId, {
      receiver: await cloudCodeOf(owner),
      code: await ownerCode(owner, projectId),
    });
    expect(toSelf.status).toBe(409);
    expect(toSelf.body.code).toBe(ERR.TRANSFER_TO_OWNER);

    const unknown = await transfer(owner.client, projectId, { receiver: 'nobody@example.com', code: '1234' });
    expect(unknown.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);

    // A manager (rw share) is not the owner: both routes are 403, and nothing moved.
    expect((await member.client.post(`/api/projects/${projectId}/transfer/code`, {})).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    const byMember = await transfer(member.client, projectId, {
      receiver: await cloudCodeOf(receiver),
      code: '1234',
    });
    expect(byMember.body.code).toBe(ERR.NO_PERMISSION);
    expect((await owner.client.get<Project>(`/api/projects/${projectId}`)).body.data?.right).toBe('own');
  });

  it('refuses a receiver over its project limit (2101) or its device limit (2102)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const full = await signedInUser(t);
    await createProject(full.client);
    await createProject(full.client); // PROJECT_LIMIT 2 reached
    const projectId = await createProject(owner.client);
    const overProjects = await transfer(owner.client, projectId, {
      receiver: await cloudCodeOf(full),
      code: await ownerCode(owner, projectId),
    });
    expect(overProjects.body.code).toBe(ERR.TRANSFER_RECEIVER_PROJECT_LIMIT);

    // ACCOUNT_DEVICE_LIMIT 2: the receiver has 1 device, the project 2.
    const busy = await signedInUser(t);
    const theirs = await createProject(busy.client);
    expect((await busy.client.post(`/api/projects/${theirs}/devices`, buildAdd())).body.code).toBe(0);
    const other = await signedInUser(t);
    const twoDevices = await createProject(other.client);
    for (let i = 0; i < 2; i++)
      expect((await other.client.post(`/api/projects/${twoDevices}/devices`, buildAdd())).body.code).toBe(0);
    const overDevices = await transfer(other.client, twoDevices, {
      receiver: await cloudCodeOf(busy),
      code: await ownerCode(other, twoDevices),
    });
    expect(overDevices.body.code).toBe(ERR.TRANSFER_RECEIVER_DEVICE_LIMIT);
    expect((await other.client.get<Project>(`/api/projects/${twoDevices}`)).body.data?.right).toBe('own');
  });
});
