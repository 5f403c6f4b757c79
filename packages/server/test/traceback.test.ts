/**
 * Traceback (§2 named screen, issue 15 §4): a client's connections as the server records them from
 * the devices' client tables — a client that roams from one AP to another shows both connections
 * in order (device, SSID, band, signal when it joined and when it left), the second marked as a
 * roam; it leaves and the connection ends; a MAC the project never saw is 412.
 */
import { ERR, type Traceback } from '@netloom/domain';
import { expect, it } from 'vitest';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const PHONE = {
  mac: 'a4:83:e7:10:22:31',
  ip: '192.168.10.105',
  name: 'Anna-iPhone',
  connection: 'wireless',
  type: 'phone',
  ssid: 'Office',
  band: '5G',
  rssi: -52,
  auth: 'WPA2-PSK',
  txBytes: 1_000,
  rxBytes: 2_000,
  txRate: 10,
  rxRate: 20,
  uptime: 60,
} as const;
const MAC = 'A4:83:E7:10:22:31';

describeEachDb('client traceback', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('shows a client that roams between two APs on both, in order, the second as a roam', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const [snA, snB] = [uniqueSn(), uniqueSn()];
    const idA = await claimDevice(t, projectId, snA, 'ap');
    const idB = await claimDevice(t, projectId, snB, 'ap');
    const url = `/api/projects/${projectId}/clients/${MAC}/traceback`;

    const never = await client.get(url);
    expect(never.body.code).toBe(ERR.NOT_EXIST);

    const [a, b] = await Promise.all([
      connectDevice(mqttTcpUrl(t.app), snA),
      connectDevice(mqttTcpUrl(t.app), snB),
    ]);
    try {
      await bootDevice(a, snA);
      await bootDevice(b, snB);
      const listedOn = async (deviceId: number | null) => {
        await t.app.features.clients.flush();
        const r = await client.get<{ items: { mac: string; device: { id: number } }[] }>(
          `/api/projects/${projectId}/clients`,
        );
        const row = r.body.data?.items.find((c) => c.mac === MAC);
        return (row?.device.id ?? null) === deviceId ? true : undefined;
      };

      // Joins AP A at T0 (strong), fades there, then AP B lists it and A no longer does.
      const t0 = t.clock.now();
      await devicePublish(a, snA, 'clients', { clients: [PHONE] });
      await waitFor(() => listedOn(idA), { what: 'the phone on AP A' });
      t.clock.advance(300);
      await devicePublish(a, snA, 'clients', { clients: [{ ...PHONE, rssi: -78 }] });
      await waitFor(async () => {
        await t.app.features.clients.flush();
        const r = await client.get<{ items: { mac: string; rssi: number }[] }>(
          `/api/projects/${projectId}/clients`,
        );
        return r.body.data?.items.find((c) => c.mac === MAC)?.rssi === -78 ? true : undefined;
      });
      t.clock.advance(30);
      const t2 = t.clock.now();
      await devicePublish(b, snB, 'clients', {
        clients: [{ ...PHONE, ssid: 'Office', band: '2.4G', rssi: -49 }],
      });
      await devicePublish(a, snA, 'clients', { clients: [] });
      await waitFor(() => listedOn(idB), { what: 'the phone on AP B only' });

      const res = await client.get<Traceback>(url);
      expect(res.body.code).toBe(0);
      const tb = res.body.data as Traceback;
      expect(tb).toMatchObject({ mac: MAC, name: 'Anna-iPhone', online: true, roams: 1, truncated: false });
      expect(
        tb.sessions.map((s) => [s.device.id, s.ssid, s.band, s.rssiStart, s.rssiEnd, s.startedAt, s.endedAt]),
      ).toEqual([
        [idA, 'Office', '5G', -52, -78, t0, t2],
        [idB, 'Office', '2.4G', -49, -49, t2, null],
      ]);
      expect(tb.sessions.map((s) => s.roamedFrom?.id ?? null)).toEqual([null, idA]);
      expect(tb.sessions[1]?.device.sn).toBe(snB);

      // It leaves: the connection on B ends, and the client is offline.
      t.clock.advance(600);
      const t3 = t.clock.now();
      await devicePublish(b, snB, 'clients', { clients: [] });
      await waitFor(() => listedOn(null), { what: 'the phone gone' });
      const after = (await client.get<Traceback>(url)).body.data as Traceback;
      expect(after.online).toBe(false);
      expect(after.sessions.map((s) => s.endedAt)).toEqual([t2, t3]);

      // A period that ended before its first connection shows none, but the client is known.
      t.clock.advance(2 * 86_400);
      const day = await client.get<Traceback>(`${url}?range=24h`);
      expect(day.body.code).toBe(0);
      expect(day.body.data?.sessions).toEqual([]);
    } finally {
      await Promise.all([a.endAsync(true), b.endAsync(true)]);
    }
  });
});
