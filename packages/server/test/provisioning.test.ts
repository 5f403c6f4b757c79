import { upTopic } from '@netloom/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  connectRefused,
  type Mosquitto,
  mosquittoAvailable,
  mqttTcpUrl,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

// docs/protocol.md §2 "Provisioning for developers": what a device that is not claimed sees, on the
// embedded broker and on an external one, next to what a device with a wrong secret sees.

/** The CONNACK return code of a refused CONNECT (MQTT 3.1.1). */
const codeOf = (err: Error) => (err as Error & { code?: number }).code;

describeEachDb('provisioning on the embedded broker', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  beforeAll(async () => {
    owner = (await signedInUser(get())).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
  });

  it('a wrong secret gets CONNACK 4; a device not claimed is let in (CONNACK 0) and kept waiting', async () => {
    const t = get();
    const url = mqttTcpUrl(t.app);
    const sn = uniqueSn('NLU');
    expect(codeOf(await connectRefused(url, sn, { secret: 'not-the-secret' }))).toBe(4);

    const dev = await connectDevice(url, sn);
    try {
      expect(dev.connected).toBe(true);
      await bootDevice(dev, sn);
      // Recorded as a device that has talked to the cloud, not as a device of any project.
      const pending = await waitFor(
        () => t.database.db.selectFrom('pending_devices').selectAll().where('sn', '=', sn).executeTakeFirst(),
        { what: 'the pending device' },
      );
      expect(pending).toMatchObject({ model: 'NL-A3000C', online: 1 });
      expect(t.app.devicePlane.registry.get(sn)).toBeUndefined();

      // Claimed by SN in the console while it stays connected: its next state makes it online.
      const res = await owner.post<{ id: number }>(`/api/projects/${projectId}/devices`, {
        sn,
        name: 'Lobby-AP',
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
      const id = res.body.data?.id ?? 0;
      await dev.publishAsync(
        upTopic(sn, 'state'),
        JSON.stringify({
          v: 1,
          ts: Date.now(),
          status: 1,
          cpu: 5,
          memory: 20,
          uptime: 60,
          ip: '192.168.10.30',
          configVersion: 0,
          uplink: null,
          ports: [],
          radios: [],
        }),
        { qos: 1, retain: true },
      );
      await waitFor(
        async () => {
          const row = await t.database.db
            .selectFrom('devices')
            .select(['status'])
            .where('id', '=', id)
            .executeTakeFirst();
          return row?.status === 1 ? true : undefined;
        },
        { what: 'the claimed device online' },
      );
    } finally {
      await dev.endAsync(true);
    }
  });
});

if (!mosquittoAvailable)
  throw new Error('these tests need /usr/sbin/mosquitto with the dynamic-security plugin');

describeEachDb('provisioning on an external broker (Mosquitto + dynamic security)', (kind) => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.stop());
  const get = useTestApp(kind, () => ({ env: { MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY } }));

  it('a device not claimed is refused with the same CONNACK as a wrong secret (5), and let in once claimed', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const unclaimed = uniqueSn('NLU');
    const notClaimed = codeOf(await connectRefused(broker.url, unclaimed));
    const claimed = uniqueSn('NLC');
    await claimDevice(t, projectId, claimed);
    await t.app.devicePlane.gateway.provision(claimed);
    const wrongSecret = codeOf(await connectRefused(broker.url, claimed, { secret: 'not-the-secret' }));
    expect(notClaimed).toBe(5);
    expect(wrongSecret).toBe(notClaimed);
    // The same device, claimed, with its right secret: in.
    await claimDevice(t, projectId, unclaimed);
    await t.app.devicePlane.gateway.provision(unclaimed);
    const dev = await connectDevice(broker.url, unclaimed);
    expect(dev.connected).toBe(true);
    await dev.endAsync(true);
  });
});
