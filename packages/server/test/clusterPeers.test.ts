import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDevicePlane, type DevicePlane } from '../src/gateway/plane';
import { systemClock } from '../src/lib/clock';
import { buildProject, signedInUser } from './factories';
import {
  claimDevice,
  connectDevice,
  connectRefused,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

// Two nodes on one external broker (issue 11 §3): what one node learns — a claim, a device's status
// — the other must know too, or a configuration saved on it misses the devices the other handles.

if (!mosquittoAvailable)
  throw new Error('these tests need /usr/sbin/mosquitto with the dynamic-security plugin');

describeEachDb('two nodes on the external broker share claims and statuses', (kind) => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.stop());
  const get = useTestApp(kind, () => ({ env: { MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY } }));

  async function secondNode(key = TEST_KEY): Promise<DevicePlane> {
    const node2 = createDevicePlane(
      loadConfig({ MQTT_URL: broker.adminUrl, PROVISIONING_KEY: key, LOG_LEVEL: 'silent' }),
      { db: get().database.db, logger: pino({ level: 'silent' }), clock: systemClock },
    );
    await node2.start();
    return node2;
  }

  it('a device claimed on one node is in the other node’s registry, and a removal too', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const node2 = await secondNode();
    try {
      const sn = uniqueSn('NLP');
      const deviceId = await claimDevice(t, projectId, sn);
      const entry = await waitFor(() => node2.registry.get(sn), { what: 'the claim on node 2' });
      expect(entry).toMatchObject({ deviceId, projectId, sn });
      t.app.devicePlane.registry.remove(sn);
      await waitFor(() => (node2.registry.get(sn) ? undefined : true), { what: 'the removal on node 2' });
    } finally {
      await node2.stop();
    }
  });

  it('a status change handled by one node makes the device connected on the other', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const sn = uniqueSn('NLP');
    const deviceId = await claimDevice(t, projectId, sn);
    const node2 = await secondNode();
    try {
      expect(node2.gateway.isConnected(sn)).toBe(false);
      const status = (s: number) =>
        t.app.devicePlane.bus.publish({
          type: 'device.status',
          projectId,
          deviceId,
          sn,
          status: s,
          at: Date.now(),
        });
      status(1);
      await waitFor(() => node2.gateway.isConnected(sn) || undefined, { what: 'node 2 to see it online' });
      status(0);
      await waitFor(() => (node2.gateway.isConnected(sn) ? undefined : true), {
        what: 'node 2 to see it offline',
      });
    } finally {
      await node2.stop();
    }
  });

  // Last: it changes the key the broker's clients were made with.
  it('a node started with another provisioning key re-provisions the existing clients with it', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const sn = uniqueSn('NLP');
    await claimDevice(t, projectId, sn);
    await t.app.devicePlane.gateway.provision(sn);
    const before = await connectDevice(broker.url, sn);
    await before.endAsync();
    const otherKey = `${TEST_KEY}-rotated`;
    const node2 = await secondNode(otherKey);
    try {
      const after = await connectDevice(broker.url, sn, { key: otherKey });
      await after.endAsync();
      await connectRefused(broker.url, sn);
    } finally {
      await node2.stop();
    }
  });
});
