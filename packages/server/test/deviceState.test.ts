import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDevicesFeature } from '../src/features/devices';
import { DeviceWriter } from '../src/gateway/deviceWriter';
import { createDevicePlane } from '../src/gateway/plane';
import { ActivityLog } from '../src/lib/activity';
import { systemClock } from '../src/lib/clock';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  deviceRow,
  fullState,
  mqttTcpUrl,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('device state ingest', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let projectId = 0;
  let url = '';
  beforeAll(async () => {
    const { client } = await signedInUser(get());
    projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    url = mqttTcpUrl(get().app);
  });

  it('a clean reboot shows "rebooting" until the device is back, then online', async () => {
    const t = get();
    const sn = uniqueSn('NLB');
    const id = await claimDevice(t, projectId, sn);
    const dev = await connectDevice(url, sn);
    await bootDevice(dev, sn);
    await waitFor(async () => ((await deviceRow(t, id)).status === 1 ? true : undefined));
    // Protocol §7.2: reply, then state 8, then a clean DISCONNECT (no will).
    await devicePublish(dev, sn, 'state', fullState({ status: 8 }));
    await dev.endAsync();
    await waitFor(() => (t.app.devicePlane.gateway.isConnected(sn) ? undefined : true));
    await new Promise((r) => setTimeout(r, 300));
    expect((await deviceRow(t, id)).status).toBe(8);
    const back = await connectDevice(url, sn);
    await bootDevice(back, sn);
    await waitFor(async () => ((await deviceRow(t, id)).status === 1 ? true : undefined), {
      what: 'back online',
    });
    back.end(true);
  });

  it('a clean shutdown announced with the offline form is offline at once', async () => {
    const t = get();
    const sn = uniqueSn('NLD');
    const id = await claimDevice(t, projectId, sn);
    const dev = await connectDevice(url, sn);
    await bootDevice(dev, sn);
    await waitFor(async () => ((await deviceRow(t, id)).status === 1 ? true : undefined));
    await devicePublish(dev, sn, 'state', { status: 9 });
    await dev.endAsync();
    await waitFor(async () => ((await deviceRow(t, id)).status === 9 ? true : undefined));
  });

  it('a device claimed while connected gets its known state written at once', async () => {
    const t = get();
    const sn = uniqueSn('NLA');
    const dev = await connectDevice(url, sn);
    await bootDevice(dev, sn, fullState({ cpu: 55 }));
    await waitFor(() => t.app.features.devices.get(sn)?.stateText);
    const id = await claimDevice(t, projectId, sn);
    const row = await waitFor(async () => {
      const r = await deviceRow(t, id);
      return r.status === 1 ? r : undefined;
    });
    expect(row).toMatchObject({ model: 'NL-A3000C', cpu: 55, ip: '192.168.10.21' });
    expect(t.app.devicePlane.registry.get(sn)?.status).toBe(1);
    dev.end(true);
  });

  it('the writer coalesces many patches of one device into one row write', async () => {
    const t = get();
    const sn = uniqueSn('NLW');
    const id = await claimDevice(t, projectId, sn);
    const writer = new DeviceWriter(t.database.db, pino({ level: 'silent' }));
    for (let i = 1; i <= 100; i++) writer.patch(id, { cpu: i, uptime: i });
    writer.patch(id, { status: 1 }, true);
    await writer.flush();
    expect(writer.counters).toMatchObject({ flushes: 1, deviceRows: 1, failures: 0 });
    expect(await deviceRow(t, id)).toMatchObject({ cpu: 100, uptime: 100, status: 1 });
    await writer.stop();
  });

  it('the embedded broker marks every device offline at start (their connections died with the old process)', async () => {
    const t = get();
    const sn = uniqueSn('NLS');
    const id = await claimDevice(t, projectId, sn);
    await t.database.db.updateTable('devices').set({ status: 1 }).where('id', '=', id).execute();
    const config = loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1', PROVISIONING_KEY: TEST_KEY });
    const logger = pino({ level: 'silent' });
    const plane = createDevicePlane(config, { db: t.database.db, logger, clock: systemClock });
    // The devices feature resets the statuses at its start, between the plane's open and accept.
    const devices = createDevicesFeature({
      ...plane,
      db: t.database.db,
      clock: systemClock,
      logger,
      // Nothing is added, claimed or deleted here: the change log is never written.
      activity: new ActivityLog(),
      accountDeviceLimit: 1,
      resetStatusesOnStart: plane.mode === 'embedded',
    });
    await plane.open();
    await devices.start?.();
    await plane.accept();
    try {
      expect((await deviceRow(t, id)).status).toBe(0);
      expect(plane.registry.get(sn)?.status).toBe(0);
    } finally {
      await plane.quiesce();
      await devices.stop?.();
      await plane.close();
    }
  });
});
