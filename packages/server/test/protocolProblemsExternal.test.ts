import type { DeviceDetail } from '@netloom/domain';
import { type DiagnosticMessage, decodeDown, deviceDownFilter, upTopic } from '@netloom/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProject, nextSn } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  connectDevice,
  devicePublish,
  fullState,
  HELLO,
  inbox,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

if (!mosquittoAvailable)
  throw new Error('these tests need /usr/sbin/mosquitto with the dynamic-security plugin');

// The same diagnostics through an external broker (the multi-node deployment): the node that
// received the refused message publishes the device's `diagnostic` through the broker and records
// the problem in the shared database.
describeEachDb('protocol problems on the external broker', (kind) => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.stop());
  const get = useTestApp(kind, () => ({ env: { MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY } }));

  it('a refused state reaches the device as a diagnostic and its details', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client, { netMode: 0 });
    const base = `/api/projects/${projectId}/devices`;
    const sn = nextSn();
    const id = (await client.post<DeviceDetail>(base, { sn, name: 'Ext-AP' })).body.data?.id;
    const device = await connectDevice(broker.url, sn);
    const got = inbox(device);
    try {
      await device.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
      await devicePublish(device, sn, 'hello', HELLO);
      const bad = { v: 1, ts: 1, ...fullState(), cpu: 250 };
      await device.publishAsync(upTopic(sn, 'state'), Buffer.from(JSON.stringify(bad)), { qos: 1 });
      const diagnostic = await waitFor(
        () => {
          for (const m of got) {
            const d = decodeDown(m.topic, new TextEncoder().encode(m.payload));
            if (d.ok && d.message === 'diagnostic') return d.data as DiagnosticMessage;
          }
          return undefined;
        },
        { timeoutMs: 10_000, what: 'the diagnostic through the broker' },
      );
      expect(diagnostic).toMatchObject({ message: 'state', code: 'invalid', path: 'cpu' });
      const detail = await waitFor(
        async () => {
          const r = await client.get<DeviceDetail>(`${base}/${id}`);
          return r.body.data?.protocolProblems.length ? r.body.data : undefined;
        },
        { timeoutMs: 10_000, what: 'the problem in the details' },
      );
      expect(detail.protocolProblems[0]).toMatchObject({ message: 'state', path: 'cpu' });
      expect(detail.notReporting).toContain('cpu');
    } finally {
      await device.endAsync();
    }
  });
});
