import type { AuditPage, DeviceDetail, DeviceImportResult } from '@netloom/domain';
import { expect, it } from 'vitest';
import { createProject, DEVICE_ENV, nextSn, seedPending, upload, workbook } from './devices.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

/**
 * Issue 10 §9: the change log tells the whole story — adding, claiming, importing and deleting
 * devices are entries of their own, credited to the account that did it (force-offline and RF runs
 * are asserted in their own suites).
 */
describeEachDb('the change log records what people do to devices', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  it('add, claim, import and delete: one entry each, by the account, naming the device', async () => {
    const { client, accountId } = await signedInUser(t());
    const projectId = await createProject(client);
    const base = `/api/projects/${projectId}/devices`;
    const added = (await client.post<DeviceDetail>(base, { sn: nextSn(), name: 'Lobby-AP' })).body
      .data as DeviceDetail;
    const offered = nextSn();
    await seedPending(t().database.db, { sn: offered, type: 'ap', model: 'NL-A3000C', projectId });
    const claimed = (await client.post<DeviceDetail>(`${base}/pending/${offered}/claim`, { name: 'Hall-AP' }))
      .body.data as DeviceDetail;
    const file = await workbook([
      [nextSn(), 'Bar-AP', null],
      [nextSn(), 'Pool-AP', null],
      ['bad sn!', 'Nope', null],
    ]);
    const imported = await upload<DeviceImportResult>(client, `${base}/import`, 'devices.xlsx', file);
    expect(imported.body.data).toMatchObject({ added: 2, failed: 1 });
    expect((await client.call('DELETE', `${base}/${added.id}`)).body.code).toBe(0);

    const log = (await client.get<AuditPage>(`/api/projects/${projectId}/audit`)).body.data as AuditPage;
    const rows = [...log.items].reverse().map((e) => ({
      action: e.action,
      by: e.account?.id,
      deviceId: e.deviceId,
      deviceName: e.deviceName,
      summary: e.summary,
    }));
    expect(rows).toEqual([
      {
        action: 'device.add',
        by: accountId,
        // The device is gone now: the entry keeps its name.
        deviceId: null,
        deviceName: 'Lobby-AP',
        summary: `Added Lobby-AP (SN ${added.sn}) by serial number.`,
      },
      {
        action: 'device.claim',
        by: accountId,
        deviceId: claimed.id,
        deviceName: 'Hall-AP',
        summary: `Claimed Hall-AP (SN ${offered}), which had connected on its own.`,
      },
      {
        action: 'device.add',
        by: accountId,
        deviceId: null,
        deviceName: null,
        summary: 'Imported 2 devices from a file (1 row refused).',
      },
      {
        action: 'device.delete',
        by: accountId,
        deviceId: null,
        deviceName: 'Lobby-AP',
        summary: `Deleted Lobby-AP (SN ${added.sn}) and its data.`,
      },
    ]);
  });
});
