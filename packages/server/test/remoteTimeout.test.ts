/**
 * Remote web management when the device stays silent: it gets `remoteWeb` but neither answers nor
 * opens its tunnel, so the open ends with 321 and its message once REMOTE_OPEN_TIMEOUT_MS (here
 * 400 ms, a setting) has passed — not 15 s later — and nothing of the attempt is left: the tunnel
 * token opens nothing, the device is free for another account, the account's cap does not count
 * it, nothing is logged as opened, and the job expires. On SQLite and PostgreSQL.
 */
import { type AuditPage, ERR, errorMessage, type RemoteSession } from '@netloom/domain';
import type { RemoteWebArgs } from '@netloom/protocol';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from './client';
import { DUAL_BAND_AP, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, signedInUser } from './factories';
import { TEST_KEY } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const OPEN_TIMEOUT_MS = 400;

describeEachDb('remote web management: a device that never opens its tunnel', (kind) => {
  const get = useTestApp(kind, {
    env: { PROVISIONING_KEY: TEST_KEY, REMOTE_OPEN_TIMEOUT_MS: String(OPEN_TIMEOUT_MS) },
  });
  /** Added to the real time the server reads (a job's expiry without waiting for it). */
  let skewMs = 0;
  beforeAll(() => {
    get().clock.now = () => Date.now() + skewMs;
  });
  const kit = useFakeDeviceProjects(get, 'NLT');
  let host = '';
  beforeAll(async () => {
    const t = get();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const open = (client: TestClient, projectId: number, deviceId: number) =>
    client.call<RemoteSession>('POST', `/api/projects/${projectId}/remote/devices/${deviceId}`, {}, { host });

  /** Whether a tunnel token still opens its tunnel: the HTTP status of the upgrade. */
  const tunnelStatus = (args: RemoteWebArgs) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(args.url, { headers: { authorization: `Bearer ${args.token}` } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('error', () => resolve(0));
    });

  it('answers 321 with its message after the configured time and leaves nothing behind', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const silent = await kit.addDevice(projectId, DUAL_BAND_AP);
    // No reply is set for `remoteWeb`: the device takes the command and does nothing.
    const started = Date.now();
    const res = await open(kit.owner, projectId, silent.id);
    const took = Date.now() - started;
    expect(res.body.code).toBe(ERR.REMOTE_MGMT_TIMEOUT);
    expect(res.body.message).toBe(errorMessage(ERR.REMOTE_MGMT_TIMEOUT));
    expect(res.body.data ?? null).toBeNull();
    expect(took).toBeGreaterThanOrEqual(OPEN_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(10_000);

    // The device was asked, with the configured deadline in its command.
    const cmd = silent.dev.commands.find((c) => c.name === 'remoteWeb');
    const args = cmd?.args as RemoteWebArgs;
    expect(args.url).toMatch(new RegExp(`^ws://${host}/api/remote/tunnel/`));
    expect(args.openBefore - (cmd?.ts ?? 0)).toBeLessThanOrEqual(OPEN_TIMEOUT_MS + 1000);
    expect(args.openBefore).toBeLessThanOrEqual(Date.now());

    // The session is gone: its tunnel token opens nothing (also before its deadline would have).
    expect(await tunnelStatus(args)).toBe(403);
    // The device is free: another member's open is not "busy" (323), it times out the same way.
    const member = await signedInUser(t);
    await addMember(t, projectId, member.accountId, 'rw');
    const other = await open(member.client, projectId, silent.id);
    expect(other.body.code).toBe(ERR.REMOTE_MGMT_TIMEOUT);
    // Nothing was logged as opened; the jobs expire as any unanswered job
    // (a job lives at least a second: moved past it).
    const log = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/runlog?deviceId=${silent.id}`);
    expect(log.body.data?.items.map((e) => e.action) ?? []).not.toContain('remote.open');
    skewMs = 60_000;
    try {
      await t.app.features.commands.expireNow();
    } finally {
      skewMs = 0;
    }
    const jobs = await t.app.features.commands.recentOf(projectId, 'remoteWeb', started - 1);
    expect(jobs.map((j) => j.status)).toEqual(['expired', 'expired']);
  }, 30_000);

  it('a device that answers in time still opens the session with the short setting', async () => {
    const projectId = await kit.newProject();
    const quick = await kit.addDevice(projectId, DUAL_BAND_AP);
    quick.dev.replies.set('remoteWeb', (cmd) => {
      const args = cmd.args as RemoteWebArgs;
      new WebSocket(args.url, { headers: { authorization: `Bearer ${args.token}` } });
      return { id: cmd.id, ok: true };
    });
    const res = await open(kit.owner, projectId, quick.id);
    expect(res.body.code, res.body.message).toBe(0);
    const s = res.body.data as RemoteSession;
    expect(
      (await kit.owner.del<{ ended: boolean }>(`/api/projects/${projectId}/remote/sessions/${s.sessionId}`))
        .body.data?.ended,
    ).toBe(true);
  }, 30_000);
});
