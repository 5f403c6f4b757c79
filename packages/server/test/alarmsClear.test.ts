import { type AlarmList, BACK_ONLINE_TEXT, type LiveEvent } from '@netloom/domain';
import type { Body } from '@netloom/protocol';
import { expect, it } from 'vitest';
import type { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  fullState,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

type DeviceEvent = Body<'events'>['events'][number];

async function alarms(client: TestClient, projectId: number): Promise<AlarmList> {
  const r = await client.get<AlarmList>(`/api/projects/${projectId}/alarms?pageSize=100`);
  expect(r.body.code).toBe(0);
  return r.body.data as AlarmList;
}

const byCode = (l: AlarmList, code: string) => l.items.filter((a) => a.code === code);

describeEachDb('alarms that clear themselves', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('a device that loses its connection raises device_offline, cleared with the time when it is back online', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sn = uniqueSn('OFF');
    const deviceId = await claimDevice(t, projectId, sn, 'ap');
    const live: LiveEvent[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => live.push(e));
    try {
      const first = await connectDevice(mqttTcpUrl(t.app), sn);
      await bootDevice(first, sn);
      // Online, no alarm: coming online is no condition.
      await waitFor(
        async () =>
          (
            await t.database.db
              .selectFrom('devices')
              .select('status')
              .where('id', '=', deviceId)
              .executeTakeFirst()
          )?.status === 1,
        { what: 'online' },
      );
      expect(byCode(await alarms(client, projectId), 'device_offline')).toEqual([]);

      // The connection drops (no clean goodbye): offline, and the cloud raises the alarm.
      first.stream.destroy();
      const raised = await waitFor(async () => byCode(await alarms(client, projectId), 'device_offline')[0], {
        what: 'device_offline raised',
      });
      expect(raised).toMatchObject({
        severity: 'warning', // an access point (a gateway or router offline is critical)
        text: 'Access point offline: the connection to the cloud was lost',
        clearable: true,
        clearedAt: null,
        clearedText: null,
        read: 0,
      });

      // Back online over MQTT: the same alarm is cleared, with the time and the reason.
      const second = await connectDevice(mqttTcpUrl(t.app), sn);
      await bootDevice(second, sn);
      const cleared = await waitFor(
        async () =>
          byCode(await alarms(client, projectId), 'device_offline').find((a) => a.clearedAt !== null),
        { what: 'device_offline cleared' },
      );
      expect(cleared.id).toBe(raised.id);
      expect(cleared.clearedText).toBe(BACK_ONLINE_TEXT);
      expect(cleared.clearedAt).toBeGreaterThanOrEqual(raised.at);
      // One alarm, not a new one per transition; and the browsers heard of the clear.
      expect(byCode(await alarms(client, projectId), 'device_offline')).toHaveLength(1);
      await waitFor(() => live.some((e) => e.type === 'alarms.changed' && e.reason === 'cleared'), {
        what: 'alarms.changed cleared',
      });
      await second.endAsync();
    } finally {
      off();
    }
  });

  it('a threshold alarm says what the device measured, never a value under its threshold, and clears when a state is back under it', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sn = uniqueSn('CPU');
    await claimDevice(t, projectId, sn, 'switch');
    const dev = await connectDevice(mqttTcpUrl(t.app), sn);
    await bootDevice(dev, sn, fullState({ cpu: 97 }));
    const at = Date.now();
    const events: DeviceEvent[] = [
      {
        id: 'b-1',
        kind: 'alarm',
        severity: 'warning',
        code: 'cpu_high',
        // The device's own words contradict its numbers: the cloud writes the text from the numbers.
        text: 'CPU above 90% for 5 minutes (22% now)',
        value: 97,
        threshold: 90,
        forSeconds: 300,
        at,
      },
      {
        id: 'b-2',
        kind: 'alarm',
        severity: 'warning',
        code: 'memory_high',
        text: 'Memory high',
        value: 40,
        threshold: 85,
        at: at + 1,
      },
      {
        id: 'b-3',
        kind: 'alarm',
        severity: 'warning',
        code: 'port_down',
        text: 'Port 3 link down',
        subject: 'port 3',
        at: at + 2,
      },
      {
        id: 'b-4',
        kind: 'alarm',
        severity: 'warning',
        code: 'login_failed',
        text: 'Failed web login from 10.0.0.9',
        at: at + 3,
      },
    ];
    try {
      await devicePublish(dev, sn, 'events', { events });
      const listed = await waitFor(
        async () => {
          const l = await alarms(client, projectId);
          return l.total === 4 ? l : undefined;
        },
        { what: 'four alarms' },
      );
      expect(byCode(listed, 'cpu_high')[0]?.text).toBe('CPU above 90 % for 5 minutes (97 % at the time)');
      // A value that is not above the threshold is left out rather than shown against it.
      expect(byCode(listed, 'memory_high')[0]?.text).toBe('Memory use above 85 %');
      expect(byCode(listed, 'login_failed')[0]).toMatchObject({ clearable: false, clearedAt: null });

      // CPU 95 % is still above: nothing clears. Then 41 %: CPU clears; memory (40 < 85) too.
      await devicePublish(dev, sn, 'state', fullState({ cpu: 95, memory: 90 }));
      await devicePublish(dev, sn, 'state', fullState({ cpu: 41, memory: 30 }));
      const after = await waitFor(
        async () => {
          const l = await alarms(client, projectId);
          return byCode(l, 'cpu_high')[0]?.clearedAt && byCode(l, 'memory_high')[0]?.clearedAt
            ? l
            : undefined;
        },
        { what: 'threshold alarms cleared' },
      );
      expect(byCode(after, 'cpu_high')[0]?.clearedText).toBe('CPU back under 90 % (41 %)');
      expect(byCode(after, 'memory_high')[0]?.clearedText).toBe('Memory use back under 85 % (30 %)');
      expect(byCode(after, 'port_down')[0]?.clearedAt).toBeNull();

      // A link up on another port clears nothing; on port 3 it clears the alarm of port 3.
      const up = (id: string, port: number): DeviceEvent => ({
        id,
        kind: 'log',
        severity: 'info',
        code: 'port_up',
        text: `Port ${port} link up`,
        subject: `port ${port}`,
        at: at + 10,
      });
      await devicePublish(dev, sn, 'events', { events: [up('b-5', 4), up('b-6', 3)] });
      const port = await waitFor(
        async () => byCode(await alarms(client, projectId), 'port_down').find((a) => a.clearedAt !== null),
        { what: 'port_down cleared' },
      );
      expect(port).toMatchObject({ subject: 'port 3', clearedText: 'link up again', clearedAt: at + 10 });
      expect(byCode(await alarms(client, projectId), 'login_failed')[0]?.clearedAt).toBeNull();
    } finally {
      await dev.endAsync();
    }
  });
});
